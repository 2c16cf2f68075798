/* weft-event-table.c: the columnar event store and its builder.
 *
 * The builder appends records to per-row chunk lists (no reallocation of huge
 * arrays while a reader runs). _finish hands rows to worker threads; each
 * worker gathers a row's records into one array, sorts it, packs the
 * intervals into lanes, scatters them into the table's columns and builds the
 * row's level-of-detail pyramid and kind counters. Links are stored with
 * their source row and finished there too, so every row is independent.
 *
 * Level of detail: level 0 of a row is swept once in time order. Intervals
 * that cover whole buckets are not added bucket by bucket: each kind keeps
 * the number of intervals currently covering ("active"), and a bucket adds
 * active × width per active kind. Per-kind sums exist only during the build,
 * as one sparse list per bucket, merged pairwise into the next level so that
 * every level's dominant kind is exact.
 *
 * Kind counts over a range (range_stats) use prefix counts sampled every B
 * positions of a row's interval and instant sequences, B >= 16 × the row's
 * kinds, so they cost under a quarter of a byte per event and a query scans
 * at most B/2 kinds per end.
 *
 * Links are sorted by start time within each (from, to) row pair. A pair
 * whose links all end when they start (Chapel's communication and forks)
 * stores no end times: its slice hands out the start times twice, which
 * brings such a link from 34 to 26 bytes. Each pair also keeps how far its
 * links reach after (and before) their start, so that a range query can
 * find links that began before the range and still cross it.
 *
 * Bisections over big lanes miss the caches at every step; a per-row search
 * index (the position of each coarse bucket's start in every lane, at most a
 * quarter of a byte per event) narrows each search to a few cache lines. It
 * made aggregate() about 1.8 times faster on the 10M-event benchmark.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#ifdef G_OS_UNIX
#include <sys/mman.h>
#endif

#include "weft-error.h"
#include "weft-event-table.h"
#include "weft-memory.h"
#include "weft-string-pool.h"

/* Level 0 of the pyramid aims at this many events per bucket (at least). */
#define LOD_EVENTS_PER_BUCKET 16

/* aggregate() sums the events themselves, rather than pyramid buckets plus
 * the two edges, for ranges covering at most this many whole level-0 buckets
 * (about 16 to 32 events each). */
#define AGGREGATE_EXACT_BUCKETS 4

/* Rows with fewer intervals and instants get no search index (their
 * bisections are short anyway); others spend at most 1/SEARCH_INDEX_BUDGET
 * byte per event on it. */
#define SEARCH_INDEX_MIN_EVENTS 1024
#define SEARCH_INDEX_BUDGET     4

/* Records a worker handles between two cancellation checks. */
#define CHECK_INTERVAL WEFT_LOAD_CONTEXT_CHECK_INTERVAL

/* Chunks of builder records grow geometrically up to this many bytes. */
#define CHUNK_MIN_BYTES  (4 * 1024)
#define CHUNK_MAX_BYTES  (1024 * 1024)

#define NO_KIND G_MAXUINT16

/* Builder records ---------------------------------------------------------- */

typedef struct
{
  gint64  begin;
  gint64  end;
  guint32 label;
  guint32 ref;
  guint16 kind;
} IntervalRec;

typedef struct
{
  gint64  time;
  guint32 label;
  guint32 ref;
  guint16 kind;
} InstantRec;

typedef struct
{
  gint64  from_time;
  gint64  to_time;
  guint64 size;
  guint32 to_row;
  guint32 label;
  guint32 ref;
  guint16 kind;
} LinkRec;

/* A link that ends when it starts (all of Chapel's), 32 bytes instead of
 * LinkRec's 40 while the builder holds it; expanded when its row finishes. */
typedef struct
{
  gint64  time;
  guint64 size;
  guint32 to_row;
  guint32 label;
  guint32 ref;
  guint16 kind;
} InstantLinkRec;

typedef struct _Chunk Chunk;
struct _Chunk
{
  Chunk  *next;
  gsize   len;
  gsize   cap;
  gsize   mapped;   /* bytes mapped for it (header included), 0 for a malloc block */
  guint64 data[];   /* records; guint64 for their alignment */
};

typedef struct
{
  Chunk *head;
  Chunk *tail;
  gsize  n;
} RecList;

typedef struct
{
  guint32 name;
  guint32 group;
  RecList intervals;
  RecList instants;
  RecList links;         /* links leaving this row */
  RecList instant_links; /* those of them that end when they start */
} RowBuild;

typedef struct
{
  guint32           name;
  WeftEventCategory category;
  guint32           rgba;
} Kind;

struct _WeftEventTableBuilder
{
  WeftTimeUnit    unit;
  gint64          origin;
  WeftStringPool *strings;
  GArray         *rows;    /* RowBuild */
  GArray         *kinds;   /* Kind */
  gboolean        finished;
};

/* Table -------------------------------------------------------------------- */

#define PAIR_ENDS_SHARED G_MAXSIZE

typedef struct
{
  guint   from_row;
  guint   to_row;
  gsize   offset;
  gsize   n;
  gsize   to_offset;    /* the pair's end times in ln_to, or PAIR_ENDS_SHARED when
                         * every link ends when it starts */
  gint64  reach_after;  /* max (to_time - from_time, 0) over the pair */
  gint64  reach_before; /* max (from_time - to_time, 0) */
} Pair;

typedef struct
{
  guint32        name;
  guint32        group;

  gsize          iv_offset;       /* first interval of the row in the columns */
  gsize          n_intervals;
  guint          n_lanes;
  gsize         *lanes;           /* [n_lanes + 1] offsets relative to iv_offset */

  gsize          in_offset;
  gsize          n_instants;

  gsize          ln_offset;       /* links leaving the row */
  gsize          n_links;
  GArray        *pairs;           /* build only: Pair of the row's links */

  gint64         tmin;            /* first and last time of the row's intervals */
  gint64         tmax;            /* and instants (for the LOD and the span) */

  /* Level of detail: level l has buckets [level_offset[l], level_offset[l+1]). */
  guint          lod_shift;       /* log2 of the level-0 width */
  guint          n_levels;
  gsize         *level_offset;
  WeftLodBucket *buckets;

  /* Prefix counts of kinds at every block boundary of the row's interval
   * (resp. instant) sequence; block 0 (all zero) is not stored. */
  guint          n_row_kinds;
  guint16       *row_kinds;       /* ascending */
  guint          iv_block_shift;
  guint          in_block_shift;
  guint32       *iv_counts;       /* [(n_intervals >> shift)][n_row_kinds] */
  guint32       *in_counts;

  /* Search windows: for every bucket k of a coarse pyramid level (and one
   * past the last), the first interval of each lane overlapping a range that
   * starts at the bucket's start, then the first instant at or after it:
   * [(n_coarse + 1)][n_lanes + 1]. A bisection for a time in bucket k then
   * only searches between the entries of k and k + 1. NULL for small rows. */
  guint          index_shift;     /* log2 of the coarse bucket width */
  gsize          n_coarse;
  guint32       *search_index;
} Row;

struct _WeftEventTable
{
  gatomicrefcount ref_count;
  WeftTimeUnit    unit;
  gint64          origin;
  WeftTimeSpan    span;
  WeftStringPool *strings;

  guint           n_rows;
  Row            *rows;
  guint           n_kinds;
  Kind           *kinds;

  gsize           n_intervals;
  gint64         *iv_begin;
  gint64         *iv_end;
  guint16        *iv_kind;
  guint32        *iv_label;
  guint32        *iv_ref;

  gsize           n_instants;
  gint64         *in_time;
  guint16        *in_kind;
  guint32        *in_label;
  guint32        *in_ref;

  gsize           n_links;
  gint64         *ln_from;
  gint64         *ln_to;
  guint64        *ln_size;
  guint16        *ln_kind;
  guint32        *ln_label;
  guint32        *ln_ref;
  guint           n_pairs;
  Pair           *pairs;

  gsize           memory;   /* everything allocated for the table */
};

G_DEFINE_BOXED_TYPE (WeftEventTable, weft_event_table, weft_event_table_ref, weft_event_table_unref)

static inline gint64
clamp_time (gint64 t)
{
  return CLAMP (t, WEFT_EVENT_TIME_MIN, WEFT_EVENT_TIME_MAX);
}

/* Record lists ---------------------------------------------------------------- */

/* Big chunks are mapped pages of their own rather than malloc blocks:
 * glibc keeps freed heap blocks for reuse, so without this the records a
 * finished row no longer needs would stay resident next to the table
 * being filled (about 75 MB more at the peak of a 4.5M-line Chapel load). */
#define CHUNK_MAP_BYTES (64 * 1024)
#ifdef MAP_POPULATE
#define CHUNK_MAP_POPULATE MAP_POPULATE
#else
#define CHUNK_MAP_POPULATE 0
#endif

static Chunk *
chunk_new (gsize bytes)
{
  Chunk *chunk = NULL;

#ifdef G_OS_UNIX
  if (bytes >= CHUNK_MAP_BYTES)
    {
      /* Filled up to the last chunk of a list: fault the pages in at once
       * (one fault per page costs more than filling it). */
      void *pages = mmap (NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | CHUNK_MAP_POPULATE, -1, 0);

      if (pages != MAP_FAILED)
        chunk = pages;
    }
#endif
  if (chunk != NULL)
    {
      chunk->mapped = bytes;
      return chunk;
    }
  chunk = g_malloc (bytes);
  chunk->mapped = 0;

  return chunk;
}

static void
chunk_free (Chunk *chunk)
{
#ifdef G_OS_UNIX
  if (chunk->mapped > 0)
    {
      munmap (chunk, chunk->mapped);
      return;
    }
#endif
  g_free (chunk);
}

static gpointer
rec_list_append (RecList *list,
                 gsize    rec_size)
{
  Chunk *chunk = list->tail;

  if (chunk == NULL || chunk->len == chunk->cap)
    {
      gsize bytes = chunk == NULL ? CHUNK_MIN_BYTES : MIN (CHUNK_MAX_BYTES, chunk->cap * rec_size * 2);
      gsize cap = MAX (1, bytes / rec_size);

      chunk = chunk_new (sizeof (Chunk) + cap * rec_size);
      chunk->next = NULL;
      chunk->len = 0;
      chunk->cap = cap;
      if (list->tail != NULL)
        list->tail->next = chunk;
      else
        list->head = chunk;
      list->tail = chunk;
    }

  list->n++;
  return (guint8 *)chunk->data + rec_size * chunk->len++;
}

/* Copies the records into @dest (n entries) and frees the chunks as it goes,
 * so that a row's records never exist twice for long. */
static void
rec_list_drain (RecList  *list,
                gsize     rec_size,
                gpointer  dest)
{
  guint8 *pos = dest;
  Chunk *chunk = list->head;

  while (chunk != NULL)
    {
      Chunk *next = chunk->next;

      memcpy (pos, chunk->data, chunk->len * rec_size);
      pos += chunk->len * rec_size;
      chunk_free (chunk);
      chunk = next;
    }
  list->head = list->tail = NULL;
  list->n = 0;
}

static void
rec_list_clear (RecList *list)
{
  Chunk *chunk = list->head;

  while (chunk != NULL)
    {
      Chunk *next = chunk->next;

      chunk_free (chunk);
      chunk = next;
    }
  list->head = list->tail = NULL;
  list->n = 0;
}

/* Builder --------------------------------------------------------------------- */

WeftEventTableBuilder *
weft_event_table_builder_new (WeftTimeUnit unit)
{
  WeftEventTableBuilder *self;

  g_return_val_if_fail (unit == WEFT_TIME_NANOSECONDS || unit == WEFT_TIME_LOGICAL, NULL);

  self = g_new0 (WeftEventTableBuilder, 1);
  self->unit = unit;
  self->strings = weft_string_pool_new ();
  self->rows = g_array_new (FALSE, TRUE, sizeof (RowBuild));
  self->kinds = g_array_new (FALSE, TRUE, sizeof (Kind));

  return self;
}

void
weft_event_table_builder_free (WeftEventTableBuilder *self)
{
  if (self == NULL)
    return;

  for (guint i = 0; i < self->rows->len; i++)
    {
      RowBuild *row = &g_array_index (self->rows, RowBuild, i);

      rec_list_clear (&row->intervals);
      rec_list_clear (&row->instants);
      rec_list_clear (&row->links);
      rec_list_clear (&row->instant_links);
    }
  g_array_unref (self->rows);
  g_array_unref (self->kinds);
  g_clear_pointer (&self->strings, weft_string_pool_free);
  g_free (self);
}

void
weft_event_table_builder_set_origin (WeftEventTableBuilder *self,
                                     gint64                 origin_ns)
{
  g_return_if_fail (self != NULL);

  self->origin = origin_ns;
}

/**
 * weft_event_table_builder_add_kind:
 *
 * Adds a kind; kinds are numbered from 0 in the order they are added (no
 * two calls return the same index). A table holds at most 65535 kinds.
 */
guint16
weft_event_table_builder_add_kind (WeftEventTableBuilder *self,
                                   const char            *name,
                                   WeftEventCategory      category,
                                   guint32                rgba)
{
  Kind kind;

  g_return_val_if_fail (self != NULL, NO_KIND);
  g_return_val_if_fail (!self->finished, NO_KIND);
  g_return_val_if_fail (self->kinds->len < NO_KIND, NO_KIND);

  kind.name = weft_string_pool_intern (self->strings, name);
  kind.category = category;
  kind.rgba = rgba;
  g_array_append_val (self->kinds, kind);

  return self->kinds->len - 1;
}

guint
weft_event_table_builder_add_row (WeftEventTableBuilder *self,
                                  const char            *name,
                                  const char            *group)
{
  RowBuild row = { 0, };

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (!self->finished, 0);
  g_return_val_if_fail (self->rows->len < G_MAXUINT32, 0);

  row.name = weft_string_pool_intern (self->strings, name);
  row.group = weft_string_pool_intern (self->strings, group);
  g_array_append_val (self->rows, row);

  return self->rows->len - 1;
}

guint32
weft_event_table_builder_intern (WeftEventTableBuilder *self,
                                 const char            *str)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (!self->finished, 0);

  return weft_string_pool_intern (self->strings, str);
}

/**
 * weft_event_table_builder_add_interval:
 *
 * Adds [@begin, @end) to @row. Times are clamped to [%WEFT_EVENT_TIME_MIN,
 * %WEFT_EVENT_TIME_MAX]; an interval that ends before it begins is stored as
 * a zero-length interval at @begin.
 */
void
weft_event_table_builder_add_interval (WeftEventTableBuilder *self,
                                       guint                  row,
                                       gint64                 begin,
                                       gint64                 end,
                                       guint16                kind,
                                       guint32                label,
                                       guint32                ref)
{
  IntervalRec *rec;

  g_return_if_fail (self != NULL);
  g_return_if_fail (!self->finished);
  g_return_if_fail (row < self->rows->len);
  g_return_if_fail (kind < self->kinds->len);

  begin = clamp_time (begin);
  end = clamp_time (end);
  rec = rec_list_append (&g_array_index (self->rows, RowBuild, row).intervals, sizeof *rec);
  rec->begin = begin;
  rec->end = MAX (begin, end);
  rec->kind = kind;
  rec->label = label;
  rec->ref = ref;
}

void
weft_event_table_builder_add_instant (WeftEventTableBuilder *self,
                                      guint                  row,
                                      gint64                 time,
                                      guint16                kind,
                                      guint32                label,
                                      guint32                ref)
{
  InstantRec *rec;

  g_return_if_fail (self != NULL);
  g_return_if_fail (!self->finished);
  g_return_if_fail (row < self->rows->len);
  g_return_if_fail (kind < self->kinds->len);

  rec = rec_list_append (&g_array_index (self->rows, RowBuild, row).instants, sizeof *rec);
  rec->time = clamp_time (time);
  rec->kind = kind;
  rec->label = label;
  rec->ref = ref;
}

void
weft_event_table_builder_add_link (WeftEventTableBuilder *self,
                                   guint                  from_row,
                                   gint64                 from_time,
                                   guint                  to_row,
                                   gint64                 to_time,
                                   guint16                kind,
                                   guint64                size,
                                   guint32                label,
                                   guint32                ref)
{
  gint64 from = clamp_time (from_time);
  gint64 to = clamp_time (to_time);
  RowBuild *rb;
  LinkRec *rec;

  g_return_if_fail (self != NULL);
  g_return_if_fail (!self->finished);
  g_return_if_fail (from_row < self->rows->len);
  g_return_if_fail (to_row < self->rows->len);
  g_return_if_fail (kind < self->kinds->len);

  rb = &g_array_index (self->rows, RowBuild, from_row);
  if (from == to)
    {
      InstantLinkRec *instant = rec_list_append (&rb->instant_links, sizeof *instant);

      instant->time = from;
      instant->to_row = to_row;
      instant->size = size;
      instant->kind = kind;
      instant->label = label;
      instant->ref = ref;
      return;
    }

  rec = rec_list_append (&rb->links, sizeof *rec);
  rec->from_time = from;
  rec->to_time = to;
  rec->to_row = to_row;
  rec->size = size;
  rec->kind = kind;
  rec->label = label;
  rec->ref = ref;
}

/* Sorting ----------------------------------------------------------------------- */

typedef struct _Worker Worker;
static gboolean worker_check (Worker *w);

/* Intervals: by begin, longer first at equal begins (so that an enclosing
 * interval takes the lower lane), then the remaining fields so that the
 * result does not depend on the input order. */
static inline gboolean
interval_less (const IntervalRec *a,
               const IntervalRec *b)
{
  if (a->begin != b->begin)
    return a->begin < b->begin;
  if (a->end != b->end)
    return a->end > b->end;
  if (a->kind != b->kind)
    return a->kind < b->kind;
  if (a->label != b->label)
    return a->label < b->label;
  return a->ref < b->ref;
}

static inline gboolean
instant_less (const InstantRec *a,
              const InstantRec *b)
{
  if (a->time != b->time)
    return a->time < b->time;
  if (a->kind != b->kind)
    return a->kind < b->kind;
  if (a->label != b->label)
    return a->label < b->label;
  return a->ref < b->ref;
}

static inline gboolean
link_less (const LinkRec *a,
           const LinkRec *b)
{
  if (a->to_row != b->to_row)
    return a->to_row < b->to_row;
  if (a->from_time != b->from_time)
    return a->from_time < b->from_time;
  if (a->to_time != b->to_time)
    return a->to_time < b->to_time;
  if (a->kind != b->kind)
    return a->kind < b->kind;
  if (a->size != b->size)
    return a->size < b->size;
  if (a->label != b->label)
    return a->label < b->label;
  return a->ref < b->ref;
}

#define SORT_INSERTION_MAX    24
#define SORT_MOVES_PER_RECORD 8
#define SORT_CHECK_MIN     65536

/* Insertion sorts per record type (inlined comparisons): plain, and one
 * that gives up on input far from sorted. */
#define DEFINE_INSERTION_SORTS(prefix, Type, less)                              \
static void                                                                     \
prefix##_insertion (Type  *a,                                                   \
                    gsize  n)                                                   \
{                                                                               \
  for (gsize i = 1; i < n; i++)                                                 \
    {                                                                           \
      Type x = a[i];                                                            \
      gsize j = i;                                                              \
                                                                                \
      while (j > 0 && less (&x, &a[j - 1]))                                     \
        {                                                                       \
          a[j] = a[j - 1];                                                      \
          j--;                                                                  \
        }                                                                       \
      a[j] = x;                                                                 \
    }                                                                           \
}                                                                               \
                                                                                \
/* Insertion sort that gives up after @budget moves; the array stays a     \
 * permutation either way. */                                                   \
static gboolean                                                                 \
prefix##_insertion_bounded (Type  *a,                                           \
                            gsize  n,                                           \
                            gsize  budget)                                      \
{                                                                               \
  for (gsize i = 1; i < n; i++)                                                 \
    {                                                                           \
      Type x;                                                                   \
      gsize j = i;                                                              \
                                                                                \
      if (!less (&a[i], &a[i - 1]))                                             \
        continue;                                                               \
      x = a[i];                                                                 \
      while (j > 0 && less (&x, &a[j - 1]))                                     \
        {                                                                       \
          a[j] = a[j - 1];                                                      \
          j--;                                                                  \
        }                                                                       \
      a[j] = x;                                                                 \
      if (i - j > budget)                                                       \
        return FALSE;                                                           \
      budget -= i - j;                                                          \
    }                                                                           \
  return TRUE;                                                                  \
}

/* An introsort per record type: quicksort with a median-of-three pivot,
 * insertion sort for short runs, heapsort when the recursion gets too deep.
 * Inlined comparisons make it several times faster than qsort(); big
 * partitions check for cancellation. Returns FALSE when cancelled. */
#define DEFINE_SORT(prefix, Type, less)                                         \
DEFINE_INSERTION_SORTS (prefix, Type, less)                                     \
static void                                                                     \
prefix##_sift (Type  *a,                                                        \
               gsize  root,                                                     \
               gsize  n)                                                        \
{                                                                               \
  Type x = a[root];                                                             \
                                                                                \
  for (;;)                                                                      \
    {                                                                           \
      gsize child = 2 * root + 1;                                               \
                                                                                \
      if (child >= n)                                                           \
        break;                                                                  \
      if (child + 1 < n && less (&a[child], &a[child + 1]))                     \
        child++;                                                                \
      if (!less (&x, &a[child]))                                                \
        break;                                                                  \
      a[root] = a[child];                                                       \
      root = child;                                                             \
    }                                                                           \
  a[root] = x;                                                                  \
}                                                                               \
                                                                                \
static void                                                                     \
prefix##_heapsort (Type  *a,                                                    \
                   gsize  n)                                                    \
{                                                                               \
  for (gsize i = n / 2; i-- > 0;)                                               \
    prefix##_sift (a, i, n);                                                    \
  for (gsize i = n; i-- > 1;)                                                   \
    {                                                                           \
      Type x = a[0];                                                            \
                                                                                \
      a[0] = a[i];                                                              \
      a[i] = x;                                                                 \
      prefix##_sift (a, 0, i);                                                  \
    }                                                                           \
}                                                                               \
                                                                                \
static gboolean                                                                 \
prefix##_sort_depth (Type   *a,                                                 \
                     gsize   n,                                                 \
                     guint   depth,                                             \
                     Worker *w)                                                 \
{                                                                               \
  while (n > SORT_INSERTION_MAX)                                                \
    {                                                                           \
      Type pivot;                                                               \
      Type tmp;                                                                 \
      gsize mid = n / 2;                                                        \
      gssize i = -1;                                                            \
      gssize j = (gssize)n;                                                     \
                                                                                \
      if (n >= SORT_CHECK_MIN && worker_check (w))                              \
        return FALSE;                                                           \
      if (depth == 0)                                                           \
        {                                                                       \
          prefix##_heapsort (a, n);                                             \
          return TRUE;                                                          \
        }                                                                       \
      depth--;                                                                  \
                                                                                \
      if (less (&a[mid], &a[0]))                                                \
        { tmp = a[mid]; a[mid] = a[0]; a[0] = tmp; }                            \
      if (less (&a[n - 1], &a[0]))                                              \
        { tmp = a[n - 1]; a[n - 1] = a[0]; a[0] = tmp; }                        \
      if (less (&a[n - 1], &a[mid]))                                            \
        { tmp = a[n - 1]; a[n - 1] = a[mid]; a[mid] = tmp; }                    \
      pivot = a[mid];                                                           \
                                                                                \
      /* Hoare partition: a[0] <= pivot <= a[n-1] keeps both scans in range  \
       * and both parts non-empty. */                                           \
      for (;;)                                                                  \
        {                                                                       \
          do i++; while (less (&a[i], &pivot));                                 \
          do j--; while (less (&pivot, &a[j]));                                 \
          if (i >= j)                                                           \
            break;                                                              \
          tmp = a[i]; a[i] = a[j]; a[j] = tmp;                                  \
        }                                                                       \
                                                                                \
      /* Recurse into the smaller part, loop on the larger one. */              \
      if ((gsize)(j + 1) < n - (gsize)(j + 1))                                  \
        {                                                                       \
          if (!prefix##_sort_depth (a, (gsize)(j + 1), depth, w))               \
            return FALSE;                                                       \
          a += j + 1;                                                           \
          n -= (gsize)(j + 1);                                                  \
        }                                                                       \
      else                                                                      \
        {                                                                       \
          if (!prefix##_sort_depth (a + j + 1, n - (gsize)(j + 1), depth, w))   \
            return FALSE;                                                       \
          n = (gsize)(j + 1);                                                   \
        }                                                                       \
    }                                                                           \
  prefix##_insertion (a, n);                                                    \
  return TRUE;                                                                  \
}                                                                               \
                                                                                \
static gboolean                                                                 \
prefix##_sort (Type   *a,                                                       \
               gsize   n,                                                       \
               Worker *w)                                                       \
{                                                                               \
  /* Readers mostly write in nearly time order (a task when it ends, files   \
   * read in parallel): then a few moves per record suffice. Past a budget  \
   * of SORT_MOVES_PER_RECORD per record the input is treated as random. */    \
  if (prefix##_insertion_bounded (a, n, SORT_MOVES_PER_RECORD * n))             \
    return TRUE;                                                                \
                                                                                \
  return prefix##_sort_depth (a, n, 2 * g_bit_storage (n), w);                  \
}

DEFINE_SORT (interval, IntervalRec, interval_less)
DEFINE_SORT (instant, InstantRec, instant_less)
DEFINE_INSERTION_SORTS (link, LinkRec, link_less)

/* Links of one (from, to) pair come as a few sorted runs (one per reader
 * pass that added them: a locale's gets from a peer, then the peer's puts to
 * it), each nearly in time order. A bottom-up merge sort that skips the
 * merges of runs already in order, and trims what is in place at both ends
 * of the others, sorts that in a few passes over the data, where insertion
 * sort gives up and quicksort starts from scratch. @tmp holds n records. */
static gboolean
link_merge_sort (LinkRec *a,
                 gsize    n,
                 LinkRec *tmp,
                 Worker  *w)
{
  const gsize block = 32;

  for (gsize i = 0; i < n; i += block)
    link_insertion (a + i, MIN (block, n - i));

  for (gsize width = block; width < n; width *= 2)
    {
      if (n >= SORT_CHECK_MIN && worker_check (w))
        return FALSE;

      for (gsize lo = 0; lo + width < n; lo += 2 * width)
        {
          gsize mid = lo + width;
          gsize hi = MIN (lo + 2 * width, n);
          gsize first, last, i, j, k, n_left;

          if (!link_less (&a[mid], &a[mid - 1]))
            continue;

          /* The left run's records not after a[mid], and the right run's
           * not before a[mid - 1], are in place already. */
          first = lo;
          last = mid;
          while (first < last)
            {
              gsize m = first + (last - first) / 2;

              if (link_less (&a[mid], &a[m]))
                last = m;
              else
                first = m + 1;
            }
          i = mid;
          last = hi;
          while (i < last)
            {
              gsize m = i + (last - i) / 2;

              if (link_less (&a[m], &a[mid - 1]))
                i = m + 1;
              else
                last = m;
            }
          hi = i;

          /* Merge [first, mid) (copied out) with [mid, hi), stably. */
          n_left = mid - first;
          memcpy (tmp, a + first, n_left * sizeof *a);
          i = 0;
          j = mid;
          k = first;
          while (i < n_left && j < hi)
            a[k++] = link_less (&a[j], &tmp[i]) ? a[j++] : tmp[i++];
          while (i < n_left)
            a[k++] = tmp[i++];
        }
    }

  return TRUE;
}

/* Workers ---------------------------------------------------------------------- */

/* Sparse per-kind sums of one bucket, while the pyramid is built. */
typedef struct
{
  guint64 busy;
  guint32 count;
  guint16 kind;
} KindSum;

typedef struct
{
  KindSum *sums;
  gsize    n_sums;
  gsize    cap;
  gsize   *start;      /* [n_buckets + 1] */
  gsize    start_cap;
} SumLists;

typedef struct
{
  WeftEventTableBuilder *builder;
  WeftEventTable        *table;
  WeftLoadContext       *context;
  guint                 *order;        /* rows, largest first */
  gint                   next;         /* atomic: index into order */
  gint                   cancelled;    /* atomic */
  guint64                total_units;
  GMutex                 mutex;        /* guards done_units */
  guint64                done_units;
} Job;

struct _Worker
{
  Job      *job;
  guint64   pending_units;
  guint     check_countdown;

  /* Per kind (sized n_kinds), kept all-zero between buckets. */
  guint64  *k_busy;
  guint32  *k_count;
  guint16  *touched;
  guint     n_touched;
  guint32  *k_active;
  guint32  *k_active_pos;
  guint16  *active;
  guint     n_active;
  guint16  *local;       /* kind -> index in the row's kinds, or NO_KIND */

  /* Growable scratch buffers. */
  gpointer  recs;         /* the row's intervals, kept for the pyramid */
  gsize     recs_size;
  gpointer  other;        /* the row's instants, then its links */
  gsize     other_size;
  guint32  *lane_of;
  gsize     lane_of_cap;
  gint64   *tree;
  gsize     tree_cap;
  gsize    *lane_count;
  gsize     lane_count_cap;
  guint32  *tail_head;
  gsize     tail_head_cap;
  guint32  *tail_next;
  gsize     tail_next_cap;
  guint16  *pending;
  gsize     pending_cap;
  SumLists  lists[2];
};

static gpointer
buffer_reserve (gpointer *buffer,
                gsize    *cap,
                gsize     n,
                gsize     elt_size)
{
  /* Reallocation keeps the contents: the lane tree grows in place. */
  if (n > *cap)
    {
      gsize new_cap = MAX (n, *cap + *cap / 2);

      *buffer = g_realloc_n (*buffer, new_cap, elt_size);
      weft_memory_advise_huge (*buffer, new_cap * elt_size);
      /* Filled right away: map the new part in one call, not a fault a page. */
      weft_memory_populate ((guint8 *)*buffer + *cap * elt_size, (new_cap - *cap) * elt_size);
      *cap = new_cap;
    }
  return *buffer;
}

#define RESERVE(w, field, n) \
  buffer_reserve ((gpointer *)&(w)->field, &(w)->field##_cap, (n), sizeof *(w)->field)

static void
worker_flush_progress (Worker *w)
{
  Job *job = w->job;
  guint64 done;

  if (w->pending_units == 0)
    return;

  g_mutex_lock (&job->mutex);
  job->done_units += w->pending_units;
  done = job->done_units;
  g_mutex_unlock (&job->mutex);
  w->pending_units = 0;

  if (job->context != NULL && job->total_units > 0)
    weft_load_context_progress (job->context, MIN (1.0, (double)done / (double)job->total_units), NULL);
}

static gboolean
worker_check (Worker *w)
{
  Job *job = w->job;

  if (g_atomic_int_get (&job->cancelled))
    return TRUE;
  if (job->context != NULL && weft_load_context_is_cancelled (job->context))
    {
      g_atomic_int_set (&job->cancelled, TRUE);
      return TRUE;
    }
  return FALSE;
}

/* Counts @units of work done; every CHECK_INTERVAL units it reports progress
 * and looks for cancellation. Returns TRUE when cancelled. */
static inline gboolean
worker_advance (Worker *w,
                guint   units)
{
  w->pending_units += units;
  if (w->pending_units < CHECK_INTERVAL)
    return FALSE;

  worker_flush_progress (w);
  return worker_check (w);
}

static void
worker_init (Worker *w,
             Job    *job)
{
  guint n_kinds = MAX (1, job->table->n_kinds);

  memset (w, 0, sizeof *w);
  w->job = job;
  w->k_busy = g_new0 (guint64, n_kinds);
  w->k_count = g_new0 (guint32, n_kinds);
  w->touched = g_new (guint16, n_kinds);
  w->k_active = g_new0 (guint32, n_kinds);
  w->k_active_pos = g_new (guint32, n_kinds);
  w->active = g_new (guint16, n_kinds);
  w->local = g_new (guint16, n_kinds);
  memset (w->local, 0xff, sizeof (guint16) * n_kinds);
}

static void
worker_clear (Worker *w)
{
  g_free (w->k_busy);
  g_free (w->k_count);
  g_free (w->touched);
  g_free (w->k_active);
  g_free (w->k_active_pos);
  g_free (w->active);
  g_free (w->local);
  g_free (w->recs);
  g_free (w->other);
  g_free (w->lane_of);
  g_free (w->tree);
  g_free (w->lane_count);
  g_free (w->tail_head);
  g_free (w->tail_next);
  g_free (w->pending);
  for (guint i = 0; i < G_N_ELEMENTS (w->lists); i++)
    {
      g_free (w->lists[i].sums);
      g_free (w->lists[i].start);
    }
}

/* Per-kind scratch sums ---------------------------------------------------------- */

static inline void
kind_add (Worker  *w,
          guint16  kind,
          guint64  busy,
          guint32  count)
{
  if (w->k_busy[kind] == 0 && w->k_count[kind] == 0)
    w->touched[w->n_touched++] = kind;
  w->k_busy[kind] += busy;
  w->k_count[kind] += count;
}

static inline void
active_inc (Worker  *w,
            guint16  kind)
{
  if (w->k_active[kind]++ == 0)
    {
      w->k_active_pos[kind] = w->n_active;
      w->active[w->n_active++] = kind;
    }
}

static inline void
active_dec (Worker  *w,
            guint16  kind)
{
  g_assert (w->k_active[kind] > 0);

  if (--w->k_active[kind] == 0)
    {
      guint pos = w->k_active_pos[kind];
      guint16 last = w->active[--w->n_active];

      w->active[pos] = last;
      w->k_active_pos[last] = pos;
    }
}

/* Closes the bucket being summed: picks the dominant kind (most busy time,
 * else most zero-length intervals and instants, the lower kind on ties),
 * appends the sums to @out (when not NULL) and clears the scratch. */
static guint16
kind_flush (Worker   *w,
            SumLists *out)
{
  guint16 best_busy = NO_KIND;
  guint16 best_count = NO_KIND;
  guint64 max_busy = 0;
  guint32 max_count = 0;

  if (out != NULL && out->n_sums + w->n_touched > out->cap)
    {
      out->cap = MAX (out->n_sums + w->n_touched, out->cap * 2);
      out->sums = g_renew (KindSum, out->sums, out->cap);
    }

  for (guint i = 0; i < w->n_touched; i++)
    {
      guint16 kind = w->touched[i];
      guint64 busy = w->k_busy[kind];
      guint32 count = w->k_count[kind];

      if (busy > max_busy || (busy == max_busy && busy > 0 && kind < best_busy))
        {
          max_busy = busy;
          best_busy = kind;
        }
      if (count > max_count || (count == max_count && count > 0 && kind < best_count))
        {
          max_count = count;
          best_count = kind;
        }
      if (out != NULL)
        {
          KindSum *sum = &out->sums[out->n_sums++];

          sum->kind = kind;
          sum->busy = busy;
          sum->count = count;
        }
      w->k_busy[kind] = 0;
      w->k_count[kind] = 0;
    }
  w->n_touched = 0;

  return best_busy != NO_KIND ? best_busy : best_count;
}

static void
sum_lists_begin (SumLists *lists,
                 gsize     n_buckets)
{
  lists->n_sums = 0;
  if (n_buckets + 1 > lists->start_cap)
    {
      g_free (lists->start);
      lists->start_cap = n_buckets + 1;
      lists->start = g_new (gsize, lists->start_cap);
    }
  lists->start[0] = 0;
}

/* Level of detail ------------------------------------------------------------- */

static guint
ceil_log2 (guint64 x)
{
  guint shift = 0;

  while (shift < 63 && (G_GUINT64_CONSTANT (1) << shift) < x)
    shift++;
  return shift;
}

/* Builds @row's pyramid from its intervals in begin order (@recs) and its
 * sorted instants. Returns FALSE when cancelled. */
static gboolean
build_lod (Worker            *w,
           Row               *row,
           const IntervalRec *recs,
           gsize              n,
           const gint64      *in_time,
           const guint16     *in_kind,
           gsize              m)
{
  gsize n_events = n + m;
  guint64 span;
  double target;
  guint shift;
  gint64 width;
  gsize n0;
  gsize total;
  gsize ih = 0;
  gsize im = 0;
  gsize n_pending;
  guint32 *tail_head;
  guint32 *tail_next;
  SumLists *cur = &w->lists[0];
  SumLists *next = &w->lists[1];
  WeftLodBucket *level;
  gint64 tmin = row->tmin;

  if (n_events == 0)
    return TRUE;

  /* Level-0 width: the smallest power of two giving at least
   * LOD_EVENTS_PER_BUCKET events per bucket on average, and no wider than
   * needed for one bucket to cover the row (span < 2^62, so it fits). */
  span = (guint64)(row->tmax - tmin);
  target = (double)span * LOD_EVENTS_PER_BUCKET / (double)n_events;
  for (shift = 0; shift < 62 && ldexp (1.0, (int)shift) < target; shift++)
    ;
  shift = MIN (shift, ceil_log2 (span + 1));
  width = (gint64)1 << shift;
  n0 = (gsize)(span >> shift) + 1;

  row->lod_shift = shift;
  row->n_levels = 1;
  total = n0;
  for (gsize k = n0; k > 1; k = (k + 1) / 2)
    {
      row->n_levels++;
      total += (k + 1) / 2;
    }
  row->level_offset = g_new (gsize, row->n_levels + 1);
  row->level_offset[0] = 0;
  row->level_offset[1] = n0;
  for (guint l = 1; l < row->n_levels; l++)
    row->level_offset[l + 1] = row->level_offset[l] + (row->level_offset[l] - row->level_offset[l - 1] + 1) / 2;
  g_assert (row->level_offset[row->n_levels] == total);
  row->buckets = g_new0 (WeftLodBucket, total);
  level = row->buckets;

  /* Interval tails: a list per bucket of the intervals ending in it after
   * beginning in an earlier one. */
  tail_head = RESERVE (w, tail_head, n0);
  memset (tail_head, 0xff, n0 * sizeof (guint32));
  tail_next = RESERVE (w, tail_next, MAX (n, 1));
  for (gsize i = 0; i < n; i++)
    {
      const IntervalRec *rec = &recs[i];

      if (rec->end > rec->begin)
        {
          gsize jb = (gsize)((guint64)(rec->begin - tmin) >> shift);
          gsize je = (gsize)((guint64)(rec->end - 1 - tmin) >> shift);

          if (je > jb)
            {
              tail_next[i] = tail_head[je];
              tail_head[je] = (guint32)i;
            }
        }
    }
  RESERVE (w, pending, MAX (n, 1));
  n_pending = 0;

  sum_lists_begin (cur, n0);
  for (gsize j = 0; j < n0; j++)
    {
      gint64 s = tmin + ((gint64)j << shift);
      gint64 s_next = s + width;
      WeftLodBucket *bucket = &level[j];
      guint64 busy = 0;

      /* Intervals ending here, begun before: their last piece. */
      for (guint32 t = tail_head[j]; t != G_MAXUINT32; t = tail_next[t])
        {
          const IntervalRec *rec = &recs[t];
          gsize jb = (gsize)((guint64)(rec->begin - tmin) >> shift);

          if (j > jb + 1)
            active_dec (w, rec->kind);
          kind_add (w, rec->kind, (guint64)(rec->end - s), 0);
          busy += (guint64)(rec->end - s);
        }

      /* Intervals covering the whole bucket, per kind. */
      for (guint a = 0; a < w->n_active; a++)
        {
          guint16 kind = w->active[a];
          guint64 amount = (guint64)w->k_active[kind] << shift;

          kind_add (w, kind, amount, 0);
          busy += amount;
        }

      /* Intervals beginning here. */
      for (; ih < n && recs[ih].begin < s_next; ih++)
        {
          const IntervalRec *rec = &recs[ih];
          guint64 amount = (guint64)(MIN (rec->end, s_next) - rec->begin);

          kind_add (w, rec->kind, amount, rec->end == rec->begin ? 1 : 0);
          busy += amount;
          bucket->n_intervals++;
          if (rec->end > s_next + width)
            w->pending[n_pending++] = rec->kind;
          if (worker_advance (w, 1))
            return FALSE;
        }

      for (; im < m && in_time[im] < s_next; im++)
        {
          kind_add (w, in_kind[im], 0, 1);
          bucket->n_instants++;
        }

      bucket->busy = (gint64)busy;
      bucket->kind = kind_flush (w, cur);
      cur->start[j + 1] = cur->n_sums;

      for (gsize p = 0; p < n_pending; p++)
        active_inc (w, w->pending[p]);
      n_pending = 0;
    }
  g_assert (w->n_active == 0);

  /* Each parent sums its two children, kind by kind. */
  for (guint l = 1; l < row->n_levels; l++)
    {
      WeftLodBucket *children = row->buckets + row->level_offset[l - 1];
      gsize n_children = row->level_offset[l] - row->level_offset[l - 1];
      WeftLodBucket *parents = row->buckets + row->level_offset[l];
      gsize n_parents = row->level_offset[l + 1] - row->level_offset[l];
      gboolean keep = l + 1 < row->n_levels;
      SumLists *swap;

      sum_lists_begin (next, n_parents);
      for (gsize p = 0; p < n_parents; p++)
        {
          WeftLodBucket *parent = &parents[p];
          gsize c_end = MIN (2 * p + 2, n_children);

          for (gsize c = 2 * p; c < c_end; c++)
            {
              parent->busy += children[c].busy;
              parent->n_intervals += children[c].n_intervals;
              parent->n_instants += children[c].n_instants;
              for (gsize k = cur->start[c]; k < cur->start[c + 1]; k++)
                kind_add (w, cur->sums[k].kind, cur->sums[k].busy, cur->sums[k].count);
            }
          parent->kind = kind_flush (w, keep ? next : NULL);
          next->start[p + 1] = next->n_sums;
        }

      swap = cur;
      cur = next;
      next = swap;
    }

  return TRUE;
}

/* Kind counters ---------------------------------------------------------------- */

/* Block size for the prefix counts of @n_row_kinds kinds: at least 16 events
 * per counter so that they cost at most 4/16 byte per event. */
static guint
block_shift_for (guint n_row_kinds)
{
  return MAX (6, ceil_log2 ((guint64)n_row_kinds * 16));
}

static guint32 *
build_counts (const guint16 *kinds,
              gsize          n,
              const guint16 *local,
              guint          n_row_kinds,
              guint          block_shift)
{
  gsize n_blocks = n >> block_shift;
  guint32 *counts;

  if (n_blocks == 0 || n_row_kinds <= 1)
    return NULL;

  counts = g_new (guint32, n_blocks * n_row_kinds);
  for (gsize b = 0; b < n_blocks; b++)
    {
      guint32 *block = counts + b * n_row_kinds;
      gsize from = b << block_shift;
      gsize to = (b + 1) << block_shift;

      if (b == 0)
        memset (block, 0, sizeof (guint32) * n_row_kinds);
      else
        memcpy (block, block - n_row_kinds, sizeof (guint32) * n_row_kinds);
      for (gsize i = from; i < to; i++)
        block[local[kinds[i]]]++;
    }

  return counts;
}

static void
build_kind_counters (Worker         *w,
                     WeftEventTable *table,
                     Row            *row)
{
  const guint16 *iv_kind = table->iv_kind + row->iv_offset;
  const guint16 *in_kind = table->in_kind + row->in_offset;
  guint n_row_kinds = 0;

  /* Mark the kinds present, then number them in kind order. */
  for (gsize i = 0; i < row->n_intervals; i++)
    w->local[iv_kind[i]] = 0;
  for (gsize i = 0; i < row->n_instants; i++)
    w->local[in_kind[i]] = 0;
  for (guint k = 0; k < table->n_kinds; k++)
    if (w->local[k] != NO_KIND)
      n_row_kinds++;

  row->n_row_kinds = n_row_kinds;
  row->row_kinds = g_new (guint16, MAX (1, n_row_kinds));
  for (guint k = 0, r = 0; k < table->n_kinds && r < n_row_kinds; k++)
    if (w->local[k] != NO_KIND)
      {
        w->local[k] = r;
        row->row_kinds[r++] = k;
      }

  row->iv_block_shift = block_shift_for (n_row_kinds);
  row->in_block_shift = row->iv_block_shift;
  row->iv_counts = build_counts (iv_kind, row->n_intervals, w->local, n_row_kinds, row->iv_block_shift);
  row->in_counts = build_counts (in_kind, row->n_instants, w->local, n_row_kinds, row->in_block_shift);

  for (guint r = 0; r < n_row_kinds; r++)
    w->local[row->row_kinds[r]] = NO_KIND;
}

/* Search index -------------------------------------------------------------------- */

static void
build_search_index (WeftEventTable *table,
                    Row            *row)
{
  gsize n_events = row->n_intervals + row->n_instants;
  gsize n_cols = row->n_lanes + 1;
  gsize budget = n_events / SEARCH_INDEX_BUDGET;
  guint level = 0;
  gsize n_coarse;

  if (row->n_levels == 0 || n_events < SEARCH_INDEX_MIN_EVENTS)
    return;

  /* The finest level whose table fits the budget (the top level always does
   * for rows this big, unless they have hundreds of lanes: then it is a bit
   * over, which is still small). */
  for (;;)
    {
      n_coarse = row->level_offset[level + 1] - row->level_offset[level];
      if ((n_coarse + 1) * n_cols * sizeof (guint32) <= budget || level + 1 == row->n_levels)
        break;
      level++;
    }

  row->index_shift = row->lod_shift + level;
  row->n_coarse = n_coarse;
  row->search_index = g_new (guint32, (n_coarse + 1) * n_cols);

  /* One merge-like walk per lane: times and predicates only grow. */
  for (guint lane = 0; lane < row->n_lanes; lane++)
    {
      const gint64 *begin = table->iv_begin + row->iv_offset + row->lanes[lane];
      const gint64 *end = table->iv_end + row->iv_offset + row->lanes[lane];
      gsize n = row->lanes[lane + 1] - row->lanes[lane];
      gsize i = 0;

      for (gsize k = 0; k <= n_coarse; k++)
        {
          gint64 t = row->tmin + (gint64)(k << row->index_shift);

          while (i < n && (end[i] < t || (end[i] == t && begin[i] < t)))
            i++;
          row->search_index[k * n_cols + lane] = (guint32)i;
        }
    }
  {
    const gint64 *times = table->in_time + row->in_offset;
    gsize i = 0;

    for (gsize k = 0; k <= n_coarse; k++)
      {
        gint64 t = row->tmin + (gint64)(k << row->index_shift);

        while (i < row->n_instants && times[i] < t)
          i++;
        row->search_index[k * n_cols + row->n_lanes] = (guint32)i;
      }
  }
}

/* The part [*lo, *hi] of column @col (a lane, or n_lanes for the instants;
 * @n entries) where the search for time @t can end. */
static inline void
search_window (const Row *r,
               guint      col,
               gsize      n,
               gint64     t,
               gsize     *lo,
               gsize     *hi)
{
  gsize n_cols = r->n_lanes + 1;
  guint64 k;

  if (r->search_index == NULL)
    {
      *lo = 0;
      *hi = n;
      return;
    }
  if (t <= r->tmin)
    {
      *lo = 0;
      *hi = r->search_index[col];
      return;
    }
  /* Unsigned: t may be far beyond the row (G_MAXINT64). */
  k = ((guint64)t - (guint64)r->tmin) >> r->index_shift;
  if (k >= r->n_coarse)
    {
      *lo = r->search_index[r->n_coarse * n_cols + col];
      *hi = n;
      return;
    }
  *lo = r->search_index[k * n_cols + col];
  *hi = r->search_index[(k + 1) * n_cols + col];
}

/* One row ------------------------------------------------------------------------ */

/* Maps a row's slice of the columns it is about to fill ([offset, offset +
 * n) of each; 64-bit times and sizes, 16-bit kinds, 32-bit labels and refs)
 * in one call each rather than a page fault per page: each worker maps its
 * own rows. */
static void
populate_slice (gint64  *times,
                gint64  *times2,
                guint16 *kinds,
                guint32 *labels,
                guint32 *refs,
                guint64 *sizes,
                gsize    offset,
                gsize    n)
{
  weft_memory_populate (times + offset, n * sizeof *times);
  if (times2 != NULL)
    weft_memory_populate (times2 + offset, n * sizeof *times2);
  weft_memory_populate (kinds + offset, n * sizeof *kinds);
  weft_memory_populate (labels + offset, n * sizeof *labels);
  weft_memory_populate (refs + offset, n * sizeof *refs);
  if (sizes != NULL)
    weft_memory_populate (sizes + offset, n * sizeof *sizes);
}

static gboolean
finish_intervals (Worker         *w,
                  RowBuild       *rb,
                  Row            *row,
                  WeftEventTable *table,
                  IntervalRec   **sorted)
{
  gsize n = rb->intervals.n;
  IntervalRec *recs;
  guint32 *lane_of;
  gint64 *tree;
  gsize cap = 0;
  guint n_lanes = 0;
  gsize *lane_count;

  *sorted = NULL;
  row->n_intervals = n;
  if (n == 0)
    {
      row->lanes = g_new0 (gsize, 1);
      return TRUE;
    }

  recs = buffer_reserve (&w->recs, &w->recs_size, n * sizeof *recs, 1);
  rec_list_drain (&rb->intervals, sizeof *recs, recs);
  if (worker_advance (w, n))
    return FALSE;
  if (!interval_sort (recs, n, w))
    return FALSE;
  if (worker_advance (w, n))
    return FALSE;

  /* Greedy packing: the lowest lane whose last interval ends by the new
   * begin. A min-tree over the lanes' last ends finds it in O(log lanes). */
  lane_of = RESERVE (w, lane_of, n);
  tree = w->tree;
  for (gsize i = 0; i < n; i++)
    {
      gint64 begin = recs[i].begin;
      gsize node;

      if (n_lanes == 0 || tree[1] > begin)
        {
          if (n_lanes == cap)
            {
              gsize new_cap = MAX (4, cap * 2);

              tree = RESERVE (w, tree, 2 * new_cap);
              /* Rebuild: old leaves move from [cap, 2cap) to [new_cap, ...). */
              memmove (tree + new_cap, tree + cap, cap * sizeof (gint64));
              for (gsize k = new_cap + cap; k < 2 * new_cap; k++)
                tree[k] = G_MAXINT64;
              for (gsize k = new_cap; k-- > 1;)
                tree[k] = MIN (tree[2 * k], tree[2 * k + 1]);
              cap = new_cap;
            }
          node = cap + n_lanes++;
        }
      else
        {
          node = 1;
          while (node < cap)
            node = tree[2 * node] <= begin ? 2 * node : 2 * node + 1;
        }

      lane_of[i] = (guint32)(node - cap);
      tree[node] = recs[i].end;
      /* Stop climbing once a minimum does not change. */
      for (node /= 2; node >= 1; node /= 2)
        {
          gint64 min = MIN (tree[2 * node], tree[2 * node + 1]);

          if (tree[node] == min)
            break;
          tree[node] = min;
        }
    }

  /* Scatter lane by lane; the begin order carries over into each lane. */
  lane_count = RESERVE (w, lane_count, n_lanes + 1);
  memset (lane_count, 0, (n_lanes + 1) * sizeof (gsize));
  for (gsize i = 0; i < n; i++)
    lane_count[lane_of[i] + 1]++;
  row->n_lanes = n_lanes;
  row->lanes = g_new (gsize, n_lanes + 1);
  row->lanes[0] = 0;
  for (guint l = 0; l < n_lanes; l++)
    {
      row->lanes[l + 1] = row->lanes[l] + lane_count[l + 1];
      lane_count[l] = row->lanes[l];
    }
  populate_slice (table->iv_begin, table->iv_end, table->iv_kind, table->iv_label, table->iv_ref, NULL,
                  row->iv_offset, n);
  for (gsize i = 0; i < n; i++)
    {
      gsize pos = row->iv_offset + lane_count[lane_of[i]]++;

      table->iv_begin[pos] = recs[i].begin;
      table->iv_end[pos] = recs[i].end;
      table->iv_kind[pos] = recs[i].kind;
      table->iv_label[pos] = recs[i].label;
      table->iv_ref[pos] = recs[i].ref;
      row->tmin = MIN (row->tmin, recs[i].begin);
      row->tmax = MAX (row->tmax, recs[i].end);
    }

  *sorted = recs;
  return !worker_advance (w, n);
}

static gboolean
finish_instants (Worker         *w,
                 RowBuild       *rb,
                 Row            *row,
                 WeftEventTable *table,
                 gpointer       *buffer,
                 gsize          *buffer_size)
{
  gsize n = rb->instants.n;
  InstantRec *recs;

  row->n_instants = n;
  if (n == 0)
    return TRUE;

  recs = buffer_reserve (buffer, buffer_size, n * sizeof *recs, 1);
  rec_list_drain (&rb->instants, sizeof *recs, recs);
  if (!instant_sort (recs, n, w))
    return FALSE;

  populate_slice (table->in_time, NULL, table->in_kind, table->in_label, table->in_ref, NULL, row->in_offset, n);
  for (gsize i = 0; i < n; i++)
    {
      gsize pos = row->in_offset + i;

      table->in_time[pos] = recs[i].time;
      table->in_kind[pos] = recs[i].kind;
      table->in_label[pos] = recs[i].label;
      table->in_ref[pos] = recs[i].ref;
    }
  row->tmin = MIN (row->tmin, recs[0].time);
  row->tmax = MAX (row->tmax, recs[n - 1].time);

  return !worker_advance (w, 2 * n);
}

/* Counts the records of @list by target row into @start[to_row + 1]. */
static void
count_targets (const RecList *list,
               gsize          rec_size,
               gsize          to_row_offset,
               gsize         *start)
{
  for (const Chunk *chunk = list->head; chunk != NULL; chunk = chunk->next)
    {
      const guint8 *rec = (const guint8 *)chunk->data;

      for (gsize i = 0; i < chunk->len; i++, rec += rec_size)
        start[*(const guint32 *)(gconstpointer)(rec + to_row_offset) + 1]++;
    }
}

static gboolean
finish_links (Worker         *w,
              RowBuild       *rb,
              Row            *row,
              guint           from_row,
              WeftEventTable *table,
              gpointer       *buffer,
              gsize          *buffer_size)
{
  gsize n = rb->links.n + rb->instant_links.n;
  guint n_rows = table->n_rows;
  LinkRec *recs;
  gsize *start;

  row->n_links = n;
  row->pairs = g_array_new (FALSE, FALSE, sizeof (Pair));
  if (n == 0)
    return TRUE;

  /* Distributed by target row first: each (from, to) pair then comes in the
   * order the reader added it, which is nearly time order, and sorts with a
   * few moves per link; sorting all of a row's links at once would mix the
   * pairs and fall back to a full sort. */
  recs = buffer_reserve (buffer, buffer_size, n * sizeof *recs, 1);
  start = RESERVE (w, lane_count, (gsize)n_rows + 1);
  memset (start, 0, ((gsize)n_rows + 1) * sizeof (gsize));
  count_targets (&rb->instant_links, sizeof (InstantLinkRec), G_STRUCT_OFFSET (InstantLinkRec, to_row), start);
  count_targets (&rb->links, sizeof (LinkRec), G_STRUCT_OFFSET (LinkRec, to_row), start);
  for (guint r = 0; r < n_rows; r++)
    start[r + 1] += start[r];

  for (Chunk *chunk = rb->instant_links.head, *next; chunk != NULL; chunk = next)
    {
      const InstantLinkRec *in = (const InstantLinkRec *)(gconstpointer)chunk->data;

      next = chunk->next;
      for (gsize i = 0; i < chunk->len; i++)
        recs[start[in[i].to_row]++] = (LinkRec) {
          .from_time = in[i].time,
          .to_time = in[i].time,
          .size = in[i].size,
          .to_row = in[i].to_row,
          .label = in[i].label,
          .ref = in[i].ref,
          .kind = in[i].kind,
        };
      chunk_free (chunk);
    }
  rb->instant_links.head = rb->instant_links.tail = NULL;
  rb->instant_links.n = 0;
  for (Chunk *chunk = rb->links.head, *next; chunk != NULL; chunk = next)
    {
      const LinkRec *in = (const LinkRec *)(gconstpointer)chunk->data;

      next = chunk->next;
      for (gsize i = 0; i < chunk->len; i++)
        recs[start[in[i].to_row]++] = in[i];
      chunk_free (chunk);
    }
  rb->links.head = rb->links.tail = NULL;
  rb->links.n = 0;

  /* start[r] is now the end of target r's links. */
  for (guint r = 0; r < n_rows; r++)
    {
      gsize begin = r == 0 ? 0 : start[r - 1];
      gsize count = start[r] - begin;
      LinkRec *tmp;

      if (count == 0 || link_insertion_bounded (recs + begin, count, SORT_MOVES_PER_RECORD * count))
        continue;
      tmp = buffer_reserve (&w->recs, &w->recs_size, count * sizeof *tmp, 1);
      if (!link_merge_sort (recs + begin, count, tmp, w))
        return FALSE;
    }

  populate_slice (table->ln_from, table->ln_to, table->ln_kind, table->ln_label, table->ln_ref, table->ln_size,
                  row->ln_offset, n);
  for (gsize i = 0; i < n; i++)
    {
      gsize pos = row->ln_offset + i;

      if (i == 0 || recs[i].to_row != recs[i - 1].to_row)
        {
          Pair pair = { from_row, recs[i].to_row, pos, 0, PAIR_ENDS_SHARED, 0, 0 };

          g_array_append_val (row->pairs, pair);
        }
      {
        Pair *pair = &g_array_index (row->pairs, Pair, row->pairs->len - 1);
        /* Times are clamped to ±2^61: the difference fits. */
        gint64 delta = recs[i].to_time - recs[i].from_time;

        pair->n++;
        if (delta != 0)
          pair->to_offset = pair->offset; /* its own end times; placed by compact_link_ends() */
        if (delta > 0)
          pair->reach_after = MAX (pair->reach_after, delta);
        else if (delta < 0)
          pair->reach_before = MAX (pair->reach_before, -delta);
      }

      table->ln_from[pos] = recs[i].from_time;
      table->ln_to[pos] = recs[i].to_time;
      table->ln_size[pos] = recs[i].size;
      table->ln_kind[pos] = recs[i].kind;
      table->ln_label[pos] = recs[i].label;
      table->ln_ref[pos] = recs[i].ref;
    }

  return !worker_advance (w, 2 * n);
}

static gboolean
finish_row (Worker *w,
            guint   index)
{
  Job *job = w->job;
  WeftEventTable *table = job->table;
  RowBuild *rb = &g_array_index (job->builder->rows, RowBuild, index);
  Row *row = &table->rows[index];
  IntervalRec *sorted = NULL;

  row->tmin = G_MAXINT64;
  row->tmax = G_MININT64;

  if (!finish_intervals (w, rb, row, table, &sorted))
    return FALSE;
  if (!finish_instants (w, rb, row, table, &w->other, &w->other_size))
    return FALSE;
  if (!build_lod (w, row, sorted, row->n_intervals,
                  table->in_time + row->in_offset, table->in_kind + row->in_offset, row->n_instants))
    return FALSE;
  build_kind_counters (w, table, row);
  build_search_index (table, row);
  if (!finish_links (w, rb, row, index, table, &w->other, &w->other_size))
    return FALSE;

  return TRUE;
}

static gpointer
worker_main (gpointer data)
{
  Job *job = data;
  Worker w;

  worker_init (&w, job);
  for (;;)
    {
      gint i = g_atomic_int_add (&job->next, 1);

      if (i >= (gint)job->table->n_rows || g_atomic_int_get (&job->cancelled))
        break;
      if (!finish_row (&w, job->order[i]))
        break;
    }
  worker_flush_progress (&w);
  worker_clear (&w);

  return NULL;
}

/* Table lifetime ---------------------------------------------------------------- */

static void
row_clear (Row *row)
{
  g_clear_pointer (&row->lanes, g_free);
  g_clear_pointer (&row->pairs, g_array_unref);
  g_clear_pointer (&row->level_offset, g_free);
  g_clear_pointer (&row->buckets, g_free);
  g_clear_pointer (&row->row_kinds, g_free);
  g_clear_pointer (&row->iv_counts, g_free);
  g_clear_pointer (&row->in_counts, g_free);
  g_clear_pointer (&row->search_index, g_free);
}

static void
table_free (WeftEventTable *self)
{
  for (guint i = 0; i < self->n_rows; i++)
    row_clear (&self->rows[i]);
  g_free (self->rows);
  g_free (self->kinds);
  g_free (self->iv_begin);
  g_free (self->iv_end);
  g_free (self->iv_kind);
  g_free (self->iv_label);
  g_free (self->iv_ref);
  g_free (self->in_time);
  g_free (self->in_kind);
  g_free (self->in_label);
  g_free (self->in_ref);
  g_free (self->ln_from);
  g_free (self->ln_to);
  g_free (self->ln_size);
  g_free (self->ln_kind);
  g_free (self->ln_label);
  g_free (self->ln_ref);
  g_free (self->pairs);
  g_clear_pointer (&self->strings, weft_string_pool_free);
  g_free (self);
}

WeftEventTable *
weft_event_table_ref (WeftEventTable *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
weft_event_table_unref (WeftEventTable *self)
{
  g_return_if_fail (self != NULL);

  if (g_atomic_ref_count_dec (&self->ref_count))
    table_free (self);
}

/* Allocates the columns; FALSE when memory is short (a huge trace should be an
 * error the user sees, not an abort). */
static gboolean
allocate_columns (WeftEventTable *table)
{
  gsize ni = MAX (1, table->n_intervals);
  gsize nn = MAX (1, table->n_instants);
  gsize nl = MAX (1, table->n_links);

  table->iv_begin = g_try_new (gint64, ni);
  table->iv_end = g_try_new (gint64, ni);
  table->iv_kind = g_try_new (guint16, ni);
  table->iv_label = g_try_new (guint32, ni);
  table->iv_ref = g_try_new (guint32, ni);
  table->in_time = g_try_new (gint64, nn);
  table->in_kind = g_try_new (guint16, nn);
  table->in_label = g_try_new (guint32, nn);
  table->in_ref = g_try_new (guint32, nn);
  table->ln_from = g_try_new (gint64, nl);
  table->ln_to = g_try_new (gint64, nl);
  table->ln_size = g_try_new (guint64, nl);
  table->ln_kind = g_try_new (guint16, nl);
  table->ln_label = g_try_new (guint32, nl);
  table->ln_ref = g_try_new (guint32, nl);

  /* No huge pages here (weft_memory_advise_huge): measured, they save 4% of
   * a 55 MB load but add 107 MB to the peak of a 10M-line one. */
  return table->iv_begin && table->iv_end && table->iv_kind && table->iv_label && table->iv_ref &&
         table->in_time && table->in_kind && table->in_label && table->in_ref &&
         table->ln_from && table->ln_to && table->ln_size && table->ln_kind && table->ln_label &&
         table->ln_ref;
}

static gsize
row_memory (const Row *row)
{
  gsize size = sizeof (gsize) * (row->n_lanes + 1);

  if (row->n_levels > 0)
    size += sizeof (gsize) * (row->n_levels + 1) +
            sizeof (WeftLodBucket) * row->level_offset[row->n_levels];
  size += sizeof (guint16) * MAX (1, row->n_row_kinds);
  if (row->iv_counts != NULL)
    size += sizeof (guint32) * row->n_row_kinds * (row->n_intervals >> row->iv_block_shift);
  if (row->in_counts != NULL)
    size += sizeof (guint32) * row->n_row_kinds * (row->n_instants >> row->in_block_shift);
  if (row->search_index != NULL)
    size += sizeof (guint32) * (row->n_coarse + 1) * (row->n_lanes + 1);

  return size;
}

static int
compare_row_work (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  const RowBuild *rows = user_data;
  const RowBuild *ra = &rows[*(const guint *)a];
  const RowBuild *rb = &rows[*(const guint *)b];
  gsize wa = ra->intervals.n + ra->instants.n + ra->links.n + ra->instant_links.n;
  gsize wb = rb->intervals.n + rb->instants.n + rb->links.n + rb->instant_links.n;

  if (wa != wb)
    return wa > wb ? -1 : 1;
  return *(const guint *)a < *(const guint *)b ? -1 : 1;
}

/**
 * weft_event_table_builder_finish:
 * @context: (nullable): receives progress (fractions of the current stage,
 *   which the caller begins) and is polled for cancellation
 *
 * Sorts everything and builds the table. Afterwards the builder holds no
 * events and can only be freed.
 *
 * Returns: (transfer full): the table, or %NULL with %G_IO_ERROR_CANCELLED
 *   when @context was cancelled (or %WEFT_ERROR_FAILED when memory is short).
 */
/* Keeps end times only for the pairs that need them (see the top of the
 * file), moving them to the front of ln_to in pair order, then gives the
 * rest back. Returns how many end times are kept. */
static gsize
compact_link_ends (WeftEventTable *table)
{
  gsize kept = 0;

  for (guint i = 0; i < table->n_pairs; i++)
    {
      Pair *pair = &table->pairs[i];

      if (pair->to_offset == PAIR_ENDS_SHARED)
        continue;
      /* Pairs come in offset order and kept <= offset: moving down never
       * overwrites a later pair's end times. */
      memmove (table->ln_to + kept, table->ln_to + pair->offset, sizeof (gint64) * pair->n);
      pair->to_offset = kept;
      kept += pair->n;
    }
  table->ln_to = g_realloc (table->ln_to, sizeof (gint64) * MAX (1, kept));

  return kept;
}

WeftEventTable *
weft_event_table_builder_finish (WeftEventTableBuilder  *self,
                                 WeftLoadContext        *context,
                                 GError                **error)
{
  g_autoptr(WeftEventTable) table = NULL;
  g_autofree guint *order = NULL;
  g_autofree GThread **threads = NULL;
  RowBuild *rbs;
  Job job = { 0, };
  gsize iv_offset = 0;
  gsize in_offset = 0;
  gsize ln_offset = 0;
  guint n_threads;
  guint n_pairs = 0;
  gsize n_link_ends;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (!self->finished, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self->finished = TRUE;

  table = g_new0 (WeftEventTable, 1);
  g_atomic_ref_count_init (&table->ref_count);
  table->unit = self->unit;
  table->origin = self->origin;
  table->n_rows = self->rows->len;
  table->rows = g_new0 (Row, MAX (1, table->n_rows));
  table->n_kinds = self->kinds->len;
  table->kinds = g_new (Kind, MAX (1, table->n_kinds));
  if (table->n_kinds > 0)
    memcpy (table->kinds, self->kinds->data, sizeof (Kind) * table->n_kinds);
  table->strings = g_steal_pointer (&self->strings);

  rbs = (RowBuild *)(gpointer)self->rows->data;
  for (guint i = 0; i < table->n_rows; i++)
    {
      Row *row = &table->rows[i];

      row->name = rbs[i].name;
      row->group = rbs[i].group;
      row->iv_offset = iv_offset;
      row->in_offset = in_offset;
      row->ln_offset = ln_offset;
      iv_offset += rbs[i].intervals.n;
      in_offset += rbs[i].instants.n;
      ln_offset += rbs[i].links.n + rbs[i].instant_links.n;
    }
  table->n_intervals = iv_offset;
  table->n_instants = in_offset;
  table->n_links = ln_offset;

  if (context != NULL && weft_load_context_set_error_if_cancelled (context, error))
    return NULL;

  if (!allocate_columns (table))
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED,
                   _("Not enough memory for %" "zu" " events"),
                   table->n_intervals + table->n_instants + table->n_links);
      return NULL;
    }

  /* Largest rows first, so that the last row to finish is a small one. */
  order = g_new (guint, MAX (1, table->n_rows));
  for (guint i = 0; i < table->n_rows; i++)
    order[i] = i;
  g_qsort_with_data (order, table->n_rows, sizeof (guint), compare_row_work, rbs);

  job.builder = self;
  job.table = table;
  job.context = context;
  job.order = order;
  job.total_units = 4 * (guint64)table->n_intervals + 2 * (guint64)(table->n_instants + table->n_links);
  g_mutex_init (&job.mutex);

  n_threads = MIN (MIN ((guint)g_get_num_processors (), 8), MAX (1, table->n_rows));
  threads = g_new0 (GThread *, n_threads);
  for (guint t = 1; t < n_threads; t++)
    threads[t] = g_thread_try_new ("weft-event-table", worker_main, &job, NULL);
  worker_main (&job);
  for (guint t = 1; t < n_threads; t++)
    if (threads[t] != NULL)
      g_thread_join (threads[t]);
  g_mutex_clear (&job.mutex);

  if (g_atomic_int_get (&job.cancelled))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Loading was cancelled"));
      return NULL;
    }

  /* Pairs, in (from, to) order since rows come in order and each row's pairs
   * are sorted by target row. */
  for (guint i = 0; i < table->n_rows; i++)
    n_pairs += table->rows[i].pairs->len;
  table->n_pairs = n_pairs;
  table->pairs = g_new (Pair, MAX (1, n_pairs));
  n_pairs = 0;
  for (guint i = 0; i < table->n_rows; i++)
    {
      Row *row = &table->rows[i];

      if (row->pairs->len > 0)
        memcpy (table->pairs + n_pairs, row->pairs->data, sizeof (Pair) * row->pairs->len);
      n_pairs += row->pairs->len;
      g_clear_pointer (&row->pairs, g_array_unref);
    }

  /* The span covers every interval, instant and link end. */
  {
    gint64 lo = G_MAXINT64;
    gint64 hi = G_MININT64;

    for (guint i = 0; i < table->n_rows; i++)
      {
        const Row *row = &table->rows[i];

        if (row->n_intervals + row->n_instants > 0)
          {
            lo = MIN (lo, row->tmin);
            hi = MAX (hi, row->tmax);
          }
      }
    for (gsize i = 0; i < table->n_links; i++)
      {
        lo = MIN (lo, MIN (table->ln_from[i], table->ln_to[i]));
        hi = MAX (hi, MAX (table->ln_from[i], table->ln_to[i]));
      }
    if (lo <= hi)
      table->span = (WeftTimeSpan) { lo, hi };
  }
  n_link_ends = compact_link_ends (table);

  table->memory = sizeof (WeftEventTable) +
                  sizeof (Row) * MAX (1, table->n_rows) +
                  sizeof (Kind) * MAX (1, table->n_kinds) +
                  sizeof (Pair) * MAX (1, table->n_pairs) +
                  (sizeof (gint64) * 2 + sizeof (guint16) + sizeof (guint32) * 2) * MAX (1, table->n_intervals) +
                  (sizeof (gint64) + sizeof (guint16) + sizeof (guint32) * 2) * MAX (1, table->n_instants) +
                  (sizeof (gint64) + sizeof (guint64) + sizeof (guint16) + sizeof (guint32) * 2) * MAX (1, table->n_links) +
                  sizeof (gint64) * MAX (1, n_link_ends) +
                  weft_string_pool_get_memory (table->strings);
  for (guint i = 0; i < table->n_rows; i++)
    table->memory += row_memory (&table->rows[i]);

  if (context != NULL)
    weft_load_context_progress (context, 1.0, NULL);

  return g_steal_pointer (&table);
}

/* Accessors -------------------------------------------------------------------- */

WeftTimeUnit
weft_event_table_get_time_unit (const WeftEventTable *self)
{
  g_return_val_if_fail (self != NULL, WEFT_TIME_NANOSECONDS);

  return self->unit;
}

gint64
weft_event_table_get_origin (const WeftEventTable *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->origin;
}

/**
 * weft_event_table_get_span:
 *
 * Returns: [first time, last time] over every interval, instant and both
 *   ends of every link; {0, 0} for an empty table.
 */
WeftTimeSpan
weft_event_table_get_span (const WeftEventTable *self)
{
  g_return_val_if_fail (self != NULL, ((WeftTimeSpan) { 0, 0 }));

  return self->span;
}

gsize
weft_event_table_get_n_events (const WeftEventTable *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_intervals + self->n_instants + self->n_links;
}

/**
 * weft_event_table_get_memory_size:
 *
 * Returns: the bytes allocated for the table: columns, lanes, pyramids, kind
 *   counters, row and kind tables, link pairs and the string pool.
 */
gsize
weft_event_table_get_memory_size (const WeftEventTable *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->memory;
}

const char *
weft_event_table_lookup_string (const WeftEventTable *self,
                                guint32               id)
{
  g_return_val_if_fail (self != NULL, "");

  return weft_string_pool_lookup (self->strings, id);
}

guint
weft_event_table_get_n_rows (const WeftEventTable *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_rows;
}

const char *
weft_event_table_get_row_name (const WeftEventTable *self,
                               guint                 row)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (row < self->n_rows, NULL);

  return weft_string_pool_lookup (self->strings, self->rows[row].name);
}

const char *
weft_event_table_get_row_group (const WeftEventTable *self,
                                guint                 row)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (row < self->n_rows, NULL);

  return weft_string_pool_lookup (self->strings, self->rows[row].group);
}

guint
weft_event_table_get_n_kinds (const WeftEventTable *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_kinds;
}

const char *
weft_event_table_get_kind_name (const WeftEventTable *self,
                                guint16               kind)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (kind < self->n_kinds, NULL);

  return weft_string_pool_lookup (self->strings, self->kinds[kind].name);
}

WeftEventCategory
weft_event_table_get_kind_category (const WeftEventTable *self,
                                    guint16               kind)
{
  g_return_val_if_fail (self != NULL, WEFT_EVENT_INTERVAL);
  g_return_val_if_fail (kind < self->n_kinds, WEFT_EVENT_INTERVAL);

  return self->kinds[kind].category;
}

/**
 * weft_event_table_get_kind_color:
 *
 * Returns: the kind's colour as 0xRRGGBBAA, or 0 when the reader gave none
 *   (renderers then use palette colour number @kind).
 */
guint32
weft_event_table_get_kind_color (const WeftEventTable *self,
                                 guint16               kind)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (kind < self->n_kinds, 0);

  return self->kinds[kind].rgba;
}

guint
weft_event_table_get_n_lanes (const WeftEventTable *self,
                              guint                 row)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (row < self->n_rows, 0);

  return self->rows[row].n_lanes;
}

void
weft_event_table_get_lane (const WeftEventTable *self,
                           guint                 row,
                           guint                 lane,
                           WeftIntervalSlice    *slice)
{
  const Row *r;
  gsize offset;

  g_return_if_fail (slice != NULL);
  memset (slice, 0, sizeof *slice);
  g_return_if_fail (self != NULL);
  g_return_if_fail (row < self->n_rows);
  g_return_if_fail (lane < self->rows[row].n_lanes);

  r = &self->rows[row];
  offset = r->iv_offset + r->lanes[lane];
  slice->begin = self->iv_begin + offset;
  slice->end = self->iv_end + offset;
  slice->kind = self->iv_kind + offset;
  slice->label = self->iv_label + offset;
  slice->ref = self->iv_ref + offset;
  slice->n = r->lanes[lane + 1] - r->lanes[lane];
}

/* First index in [0, n) whose (end, begin) is >= (t, t): the first interval
 * of a lane that overlaps a range starting at t (see find_intervals).
 * The bisections branch on purpose: measured on 10M events, branch-free
 * versions (even with prefetching) were 20-70% slower, the speculated loads
 * of the branchy loop hiding the cache misses of big lanes. */
static gsize
lane_lower_bound (const gint64 *begin,
                  const gint64 *end,
                  gsize         n,
                  gint64        t)
{
  gsize lo = 0;
  gsize hi = n;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (end[mid] < t || (end[mid] == t && begin[mid] < t))
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* First index in [0, n) with times[i] >= t. */
static gsize
time_lower_bound (const gint64 *times,
                  gsize         n,
                  gint64        t)
{
  gsize lo = 0;
  gsize hi = n;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (times[mid] < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* First index in [from, n) with times[i] >= t, for a t usually close after
 * times[from]: galloping costs O(log distance) instead of O(log n). */
static gsize
time_gallop (const gint64 *times,
             gsize         from,
             gsize         n,
             gint64        t)
{
  gsize lo = from;
  gsize step = 1;
  gsize hi;

  for (;;)
    {
      hi = lo + step;
      if (hi >= n)
        {
          hi = n;
          break;
        }
      if (times[hi - 1] >= t)
        break;
      lo = hi;
      step *= 2;
    }
  return lo + time_lower_bound (times + lo, hi - lo, t);
}

static void
lane_range (const WeftEventTable *self,
            const Row            *r,
            guint                 lane,
            gint64                begin,
            gint64                end,
            gsize                *first,
            gsize                *last)
{
  gsize offset = r->iv_offset + r->lanes[lane];
  gsize n = r->lanes[lane + 1] - r->lanes[lane];
  gsize f, l, lo, hi;

  if (end <= begin)
    {
      *first = *last = 0;
      return;
    }

  /* The lane is sorted by begin and by end, and its intervals do not
   * overlap, so the overlapping ones are contiguous: from the first one that
   * ends after begin (or a zero-length one at begin) to the last one that
   * begins before end. */
  search_window (r, lane, n, begin, &lo, &hi);
  f = lo + lane_lower_bound (self->iv_begin + offset + lo, self->iv_end + offset + lo, hi - lo, begin);
  l = time_gallop (self->iv_begin + offset, f, n, end);
  *first = f;
  *last = l;
}

/**
 * weft_event_table_find_intervals:
 *
 * Sets [@first, @last) to the intervals of @lane that overlap [@begin, @end):
 * [b, e) overlaps when b < @end and e > @begin; a zero-length interval
 * overlaps when @begin <= b < @end. An empty or reversed range (@end <=
 * @begin) finds nothing (@first == @last).
 */
void
weft_event_table_find_intervals (const WeftEventTable *self,
                                 guint                 row,
                                 guint                 lane,
                                 gint64                begin,
                                 gint64                end,
                                 gsize                *first,
                                 gsize                *last)
{
  g_return_if_fail (first != NULL && last != NULL);
  *first = *last = 0;
  g_return_if_fail (self != NULL);
  g_return_if_fail (row < self->n_rows);
  g_return_if_fail (lane < self->rows[row].n_lanes);

  lane_range (self, &self->rows[row], lane, begin, end, first, last);
}

void
weft_event_table_get_instants (const WeftEventTable *self,
                               guint                 row,
                               WeftInstantSlice     *slice)
{
  const Row *r;

  g_return_if_fail (slice != NULL);
  memset (slice, 0, sizeof *slice);
  g_return_if_fail (self != NULL);
  g_return_if_fail (row < self->n_rows);

  r = &self->rows[row];
  slice->time = self->in_time + r->in_offset;
  slice->kind = self->in_kind + r->in_offset;
  slice->label = self->in_label + r->in_offset;
  slice->ref = self->in_ref + r->in_offset;
  slice->n = r->n_instants;
}

static void
instant_range (const WeftEventTable *self,
               const Row            *r,
               gint64                begin,
               gint64                end,
               gsize                *first,
               gsize                *last)
{
  const gint64 *times = self->in_time + r->in_offset;
  gsize lo, hi;

  if (end <= begin)
    {
      *first = *last = 0;
      return;
    }
  search_window (r, r->n_lanes, r->n_instants, begin, &lo, &hi);
  *first = lo + time_lower_bound (times + lo, hi - lo, begin);
  *last = time_gallop (times, *first, r->n_instants, end);
}

/**
 * weft_event_table_find_instants:
 *
 * Sets [@first, @last) to the instants of @row with @begin <= time < @end.
 */
void
weft_event_table_find_instants (const WeftEventTable *self,
                                guint                 row,
                                gint64                begin,
                                gint64                end,
                                gsize                *first,
                                gsize                *last)
{
  g_return_if_fail (first != NULL && last != NULL);
  *first = *last = 0;
  g_return_if_fail (self != NULL);
  g_return_if_fail (row < self->n_rows);

  instant_range (self, &self->rows[row], begin, end, first, last);
}

guint
weft_event_table_get_n_link_pairs (const WeftEventTable *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_pairs;
}

void
weft_event_table_get_link_pair (const WeftEventTable *self,
                                guint                 pair,
                                WeftLinkSlice        *slice)
{
  const Pair *p;

  g_return_if_fail (slice != NULL);
  memset (slice, 0, sizeof *slice);
  g_return_if_fail (self != NULL);
  g_return_if_fail (pair < self->n_pairs);

  p = &self->pairs[pair];
  slice->from_row = p->from_row;
  slice->to_row = p->to_row;
  slice->from_time = self->ln_from + p->offset;
  slice->to_time = p->to_offset == PAIR_ENDS_SHARED ? self->ln_from + p->offset : self->ln_to + p->to_offset;
  slice->size = self->ln_size + p->offset;
  slice->kind = self->ln_kind + p->offset;
  slice->label = self->ln_label + p->offset;
  slice->ref = self->ln_ref + p->offset;
  slice->n = p->n;
}

/**
 * weft_event_table_lookup_link_pair:
 *
 * Returns: the index of the (@from_row, @to_row) pair, or -1 when no link
 *   joins them in that direction.
 */
int
weft_event_table_lookup_link_pair (const WeftEventTable *self,
                                   guint                 from_row,
                                   guint                 to_row)
{
  guint lo = 0;
  guint hi;

  g_return_val_if_fail (self != NULL, -1);

  hi = self->n_pairs;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const Pair *p = &self->pairs[mid];

      if (p->from_row < from_row || (p->from_row == from_row && p->to_row < to_row))
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo < self->n_pairs && self->pairs[lo].from_row == from_row && self->pairs[lo].to_row == to_row)
    return (int)lo;
  return -1;
}

static void
pair_range (const WeftEventTable *self,
            const Pair           *p,
            gint64                begin,
            gint64                end,
            gsize                *first,
            gsize                *last)
{
  const gint64 *times = self->ln_from + p->offset;

  if (end <= begin)
    {
      *first = *last = 0;
      return;
    }
  *first = time_lower_bound (times, p->n, begin);
  *last = time_gallop (times, *first, p->n, end);
}

/**
 * weft_event_table_find_links:
 *
 * Sets [@first, @last) to the links of @pair whose from-time lies in
 * [@begin, @end).
 */
void
weft_event_table_find_links (const WeftEventTable *self,
                             guint                 pair,
                             gint64                begin,
                             gint64                end,
                             gsize                *first,
                             gsize                *last)
{
  g_return_if_fail (first != NULL && last != NULL);
  *first = *last = 0;
  g_return_if_fail (self != NULL);
  g_return_if_fail (pair < self->n_pairs);

  pair_range (self, &self->pairs[pair], begin, end, first, last);
}

/**
 * weft_event_table_find_links_crossing:
 *
 * Like weft_event_table_find_links(), but [@first, @last) also takes in the
 * links that start before @begin (or at or after @end) and reach into
 * [@begin, @end): what a view of that range must draw. A few links in it may
 * still lie wholly outside; the caller skips those by their ends.
 */
void
weft_event_table_find_links_crossing (const WeftEventTable *self,
                                      guint                 pair,
                                      gint64                begin,
                                      gint64                end,
                                      gsize                *first,
                                      gsize                *last)
{
  const Pair *p;
  gint64 from_begin, from_end;

  g_return_if_fail (first != NULL && last != NULL);
  *first = *last = 0;
  g_return_if_fail (self != NULL);
  g_return_if_fail (pair < self->n_pairs);

  p = &self->pairs[pair];
  if (__builtin_sub_overflow (begin, p->reach_after, &from_begin))
    from_begin = G_MININT64;
  if (__builtin_add_overflow (end, p->reach_before, &from_end))
    from_end = G_MAXINT64;
  pair_range (self, p, from_begin, from_end, first, last);
}

/* Level of detail: access and aggregation ------------------------------------- */

guint
weft_event_table_get_lod_n_levels (const WeftEventTable *self,
                                   guint                 row)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (row < self->n_rows, 0);

  return self->rows[row].n_levels;
}

gint64
weft_event_table_get_lod_width (const WeftEventTable *self,
                                guint                 row,
                                guint                 level)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (row < self->n_rows, 0);
  g_return_val_if_fail (level < self->rows[row].n_levels, 0);

  return (gint64)1 << (self->rows[row].lod_shift + level);
}

gint64
weft_event_table_get_lod_start (const WeftEventTable *self,
                                guint                 row)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (row < self->n_rows, 0);

  return self->rows[row].n_levels > 0 ? self->rows[row].tmin : 0;
}

const WeftLodBucket *
weft_event_table_get_lod_level (const WeftEventTable *self,
                                guint                 row,
                                guint                 level,
                                gsize                *n_buckets)
{
  const Row *r;

  if (n_buckets != NULL)
    *n_buckets = 0;
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (row < self->n_rows, NULL);
  g_return_val_if_fail (level < self->rows[row].n_levels, NULL);

  r = &self->rows[row];
  if (n_buckets != NULL)
    *n_buckets = r->level_offset[level + 1] - r->level_offset[level];

  return r->buckets + r->level_offset[level];
}

/* Per-kind weights of an aggregate: an open-addressing table keyed by kind
 * (NO_KIND marks a free slot), on the stack unless many kinds show up. */
typedef struct
{
  KindSum  stack[32];
  KindSum *sums;
  guint    n;
  guint    cap;     /* a power of two */
} Weights;

static void
weights_init (Weights *weights)
{
  weights->sums = weights->stack;
  weights->n = 0;
  weights->cap = G_N_ELEMENTS (weights->stack);
  /* All bits set: every kind is NO_KIND (the other fields are set on use). */
  memset (weights->stack, 0xff, sizeof weights->stack);
}

static void
weights_clear (Weights *weights)
{
  if (weights->sums != weights->stack)
    g_free (weights->sums);
}

static KindSum *
weights_slot (KindSum *sums,
              guint    cap,
              guint16  kind)
{
  guint i = (kind * 40503u) & (cap - 1);

  while (sums[i].kind != kind && sums[i].kind != NO_KIND)
    i = (i + 1) & (cap - 1);
  return &sums[i];
}

static void
weights_add (Weights *weights,
             guint16  kind,
             guint64  busy,
             guint32  count)
{
  KindSum *sum = weights_slot (weights->sums, weights->cap, kind);

  if (sum->kind == NO_KIND)
    {
      /* Keep the table at most half full so that probes stay short. */
      if (2 * (weights->n + 1) > weights->cap)
        {
          guint cap = weights->cap * 2;
          KindSum *sums = g_new (KindSum, cap);

          for (guint i = 0; i < cap; i++)
            sums[i].kind = NO_KIND;
          for (guint i = 0; i < weights->cap; i++)
            if (weights->sums[i].kind != NO_KIND)
              *weights_slot (sums, cap, weights->sums[i].kind) = weights->sums[i];
          weights_clear (weights);
          weights->sums = sums;
          weights->cap = cap;
          sum = weights_slot (sums, cap, kind);
        }
      weights->n++;
      sum->kind = kind;
      sum->busy = 0;
      sum->count = 0;
    }
  sum->busy += busy;
  sum->count += count;
}

static guint16
weights_dominant (const Weights *weights)
{
  guint16 best_busy = NO_KIND;
  guint16 best_count = NO_KIND;
  guint64 max_busy = 0;
  guint32 max_count = 0;

  for (guint i = 0; i < weights->cap; i++)
    {
      const KindSum *sum = &weights->sums[i];

      if (sum->kind == NO_KIND)
        continue;
      if (sum->busy > max_busy || (sum->busy == max_busy && sum->busy > 0 && sum->kind < best_busy))
        {
          max_busy = sum->busy;
          best_busy = sum->kind;
        }
      if (sum->count > max_count || (sum->count == max_count && sum->count > 0 && sum->kind < best_count))
        {
          max_count = sum->count;
          best_count = sum->kind;
        }
    }
  return best_busy != NO_KIND ? best_busy : best_count;
}

/* Exact sums of the events of @r over [begin, end), which is short (less
 * than two level-0 buckets), by looking at the events themselves. */
static void
aggregate_exact (const WeftEventTable *self,
                 const Row            *r,
                 gint64                begin,
                 gint64                end,
                 guint64              *busy,
                 WeftLodBucket        *result,
                 Weights              *weights)
{
  gsize first, last;

  if (end <= begin)
    return;

  for (guint lane = 0; lane < r->n_lanes; lane++)
    {
      gsize offset = r->iv_offset + r->lanes[lane];

      lane_range (self, r, lane, begin, end, &first, &last);
      for (gsize i = offset + first; i < offset + last; i++)
        {
          gint64 b = self->iv_begin[i];
          gint64 e = self->iv_end[i];
          guint64 overlap = (guint64)(MIN (e, end) - MAX (b, begin));

          *busy += overlap;
          if (b >= begin)
            result->n_intervals++;
          if (weights != NULL)
            weights_add (weights, self->iv_kind[i], overlap, b == e ? 1 : 0);
        }
    }

  instant_range (self, r, begin, end, &first, &last);
  result->n_instants += last - first;
  if (weights != NULL)
    for (gsize i = r->in_offset + first; i < r->in_offset + last; i++)
      weights_add (weights, self->in_kind[i], 0, 1);
}

static void
aggregate_row (const WeftEventTable *self,
               const Row            *r,
               gint64                begin,
               gint64                end,
               gboolean              want_kind,
               WeftLodBucket        *result)
{
  Weights weights;
  guint64 busy = 0;
  gint64 lod_end;
  gint64 a, b;
  guint64 j0, j1;
  guint level = 0;

  memset (result, 0, sizeof *result);
  result->kind = NO_KIND;
  if (r->n_levels == 0)
    return;

  /* There are no events outside the top bucket. Clamping to it rather than
   * to the last level-0 bucket keeps the pyramid's alignment: a range that is
   * one bucket of a level stays one bucket, even at the end of the row
   * (buckets past a level's last one are empty). */
  lod_end = r->tmin + ((gint64)1 << (r->lod_shift + r->n_levels - 1));
  begin = CLAMP (begin, r->tmin, lod_end);
  end = CLAMP (end, r->tmin, lod_end);
  if (end <= begin)
    return;

  weights_init (&weights);

  /* Whole level-0 buckets inside the range: [j0, j1). */
  j0 = ((guint64)(begin - r->tmin) + ((guint64)1 << r->lod_shift) - 1) >> r->lod_shift;
  j1 = (guint64)(end - r->tmin) >> r->lod_shift;
  /* A few buckets hold fewer events than the two edges' bisections cost:
   * look at the events themselves (which also makes the kind exact). */
  if (j0 + AGGREGATE_EXACT_BUCKETS >= j1)
    {
      aggregate_exact (self, r, begin, end, &busy, result, want_kind ? &weights : NULL);
    }
  else
    {
      a = r->tmin + (gint64)(j0 << r->lod_shift);
      b = r->tmin + (gint64)(j1 << r->lod_shift);
      aggregate_exact (self, r, begin, a, &busy, result, want_kind ? &weights : NULL);
      aggregate_exact (self, r, b, end, &busy, result, want_kind ? &weights : NULL);

      /* The canonical cover of [j0, j1) by pyramid buckets: O(levels). */
      while (j0 < j1)
        {
          const WeftLodBucket *buckets = r->buckets + r->level_offset[level];
          guint64 n_buckets = r->level_offset[level + 1] - r->level_offset[level];
          const WeftLodBucket *take[2] = { NULL, NULL };

          if (j0 & 1)
            {
              if (j0 < n_buckets)
                take[0] = &buckets[j0];
              j0++;
            }
          if (j1 & 1)
            {
              j1--;
              if (j1 < n_buckets)
                take[1] = &buckets[j1];
            }
          for (guint k = 0; k < 2; k++)
            {
              const WeftLodBucket *bucket = take[k];

              if (bucket == NULL)
                continue;
              busy += (guint64)bucket->busy;
              result->n_intervals += bucket->n_intervals;
              result->n_instants += bucket->n_instants;
              if (want_kind && bucket->kind != NO_KIND)
                {
                  if (bucket->busy > 0)
                    weights_add (&weights, bucket->kind, (guint64)bucket->busy, 0);
                  else
                    weights_add (&weights, bucket->kind, 0, bucket->n_intervals + bucket->n_instants);
                }
            }
          j0 >>= 1;
          j1 >>= 1;
          level++;
        }
    }

  result->busy = (gint64)busy;
  if (want_kind)
    result->kind = weights_dominant (&weights);
  weights_clear (&weights);
}

/**
 * weft_event_table_aggregate:
 *
 * Sums the events of @row over [@begin, @end) into @result: busy (overlap
 * clipped to the range), n_intervals (intervals beginning in the range) and
 * n_instants are exact. The kind is exact for ranges covering at most
 * AGGREGATE_EXACT_BUCKETS whole level-0 buckets and for ranges that are
 * exactly one pyramid bucket; for longer ranges the whole buckets inside the
 * range count with their own dominant kind, and the events at the edges with
 * theirs.
 */
void
weft_event_table_aggregate (const WeftEventTable *self,
                            guint                 row,
                            gint64                begin,
                            gint64                end,
                            WeftLodBucket        *result)
{
  g_return_if_fail (result != NULL);
  memset (result, 0, sizeof *result);
  result->kind = NO_KIND;
  g_return_if_fail (self != NULL);
  g_return_if_fail (row < self->n_rows);

  aggregate_row (self, &self->rows[row], begin, end, TRUE, result);
}

/* Range statistics ------------------------------------------------------------- */

/* Adds (sign = +1) or subtracts (-1) the kinds of positions [0, x) of a row's
 * sequence to @kind_count, from the nearest stored prefix. Unsigned
 * arithmetic wraps, and the sum of both ends is a true count. */
static void
add_prefix (const Row     *r,
            const guint16 *kinds,
            const guint32 *counts,
            guint          block_shift,
            gsize          n,
            gsize          x,
            guint64        sign,
            guint64       *kind_count)
{
  gsize block = x >> block_shift;
  gsize n_blocks = n >> block_shift;
  gsize block_size = (gsize)1 << block_shift;
  gsize from = block << block_shift;

  /* Scan forward from the previous boundary, or back from the next one. */
  if (block < n_blocks && x - from > block_size / 2)
    {
      const guint32 *c = counts + block * r->n_row_kinds;
      gsize to = (block + 1) << block_shift;

      for (guint k = 0; k < r->n_row_kinds; k++)
        kind_count[r->row_kinds[k]] += sign * c[k];
      for (gsize i = x; i < to; i++)
        kind_count[kinds[i]] -= sign;
      return;
    }

  if (block > 0)
    {
      const guint32 *c = counts + (block - 1) * r->n_row_kinds;

      for (guint k = 0; k < r->n_row_kinds; k++)
        kind_count[r->row_kinds[k]] += sign * c[k];
    }
  for (gsize i = from; i < x; i++)
    kind_count[kinds[i]] += sign;
}

static void
count_kinds (const Row     *r,
             const guint16 *kinds,
             const guint32 *counts,
             guint          block_shift,
             gsize          n,
             gsize          first,
             gsize          last,
             guint64       *kind_count)
{
  if (first >= last)
    return;

  if (r->n_row_kinds == 1)
    {
      kind_count[r->row_kinds[0]] += last - first;
      return;
    }
  if (counts == NULL || last - first <= ((gsize)1 << block_shift))
    {
      for (gsize i = first; i < last; i++)
        kind_count[kinds[i]]++;
      return;
    }
  add_prefix (r, kinds, counts, block_shift, n, last, 1, kind_count);
  add_prefix (r, kinds, counts, block_shift, n, first, (guint64)-1, kind_count);
}

/**
 * weft_event_table_range_stats:
 *
 * Returns: (transfer full): per-row busy time (exact overlap), overlapping
 *   intervals and instants in [@begin, @end); per-kind event counts
 *   (overlapping intervals, instants in the range, links by from-time) and
 *   per-pair link counts and sizes (by from-time). Free with
 *   weft_range_stats_free().
 */
WeftRangeStats *
weft_event_table_range_stats (const WeftEventTable *self,
                              gint64                begin,
                              gint64                end)
{
  WeftRangeStats *stats;
  gsize size;
  guint8 *pos;

  g_return_val_if_fail (self != NULL, NULL);

  /* One block for the struct and its arrays (all 8-byte elements). */
  size = sizeof (WeftRangeStats) +
         sizeof (gint64) * self->n_rows + 2 * sizeof (guint64) * self->n_rows +
         sizeof (guint64) * self->n_kinds + 2 * sizeof (guint64) * self->n_pairs;
  stats = g_malloc0 (size);
  pos = (guint8 *)(stats + 1);
  stats->n_rows = self->n_rows;
  stats->n_kinds = self->n_kinds;
  stats->n_pairs = self->n_pairs;
  stats->row_busy = (gint64 *)(gpointer)pos;
  pos += sizeof (gint64) * self->n_rows;
  stats->row_intervals = (guint64 *)(gpointer)pos;
  pos += sizeof (guint64) * self->n_rows;
  stats->row_instants = (guint64 *)(gpointer)pos;
  pos += sizeof (guint64) * self->n_rows;
  stats->kind_count = (guint64 *)(gpointer)pos;
  pos += sizeof (guint64) * self->n_kinds;
  stats->pair_count = (guint64 *)(gpointer)pos;
  pos += sizeof (guint64) * self->n_pairs;
  stats->pair_size = (guint64 *)(gpointer)pos;

  if (end <= begin)
    return stats;

  for (guint i = 0; i < self->n_rows; i++)
    {
      const Row *r = &self->rows[i];
      WeftLodBucket agg;
      gsize first, last;

      aggregate_row (self, r, begin, end, FALSE, &agg);
      stats->row_busy[i] = agg.busy;

      for (guint lane = 0; lane < r->n_lanes; lane++)
        {
          lane_range (self, r, lane, begin, end, &first, &last);
          stats->row_intervals[i] += last - first;
          count_kinds (r, self->iv_kind + r->iv_offset, r->iv_counts, r->iv_block_shift, r->n_intervals,
                       r->lanes[lane] + first, r->lanes[lane] + last, stats->kind_count);
        }

      instant_range (self, r, begin, end, &first, &last);
      stats->row_instants[i] = last - first;
      count_kinds (r, self->in_kind + r->in_offset, r->in_counts, r->in_block_shift, r->n_instants,
                   first, last, stats->kind_count);
    }

  for (guint p = 0; p < self->n_pairs; p++)
    {
      const Pair *pair = &self->pairs[p];
      gsize first, last;
      guint64 total = 0;

      pair_range (self, pair, begin, end, &first, &last);
      stats->pair_count[p] = last - first;
      for (gsize i = pair->offset + first; i < pair->offset + last; i++)
        {
          total += self->ln_size[i];
          stats->kind_count[self->ln_kind[i]]++;
        }
      stats->pair_size[p] = total;
    }

  return stats;
}

void
weft_range_stats_free (WeftRangeStats *stats)
{
  g_free (stats);
}

/* weft-event-table-builder.c: the columnar event store's builder.
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
 * The columns are one block of pages, filled with the pages of the chunks
 * the workers have drained (WeftPageRecycler): moving a page costs a fortieth
 * of faulting in a fresh one, which was most of this stage's time. The
 * chunks themselves take the pages that earlier stages of the load gave the
 * default recycler (a reader's scratch) before fresh ones.
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

#include "weft-background.h"
#include "weft-error.h"
#include "weft-event-table-build.h"
#include "weft-memory.h"
#include "weft-page-recycler.h"

/* The next column's place in the columns' block: 64-byte aligned. */
static gsize
place_column (gsize *offset,
              gsize  bytes)
{
  gsize at = *offset;

  *offset = (at + bytes + 63) & ~(gsize)63;
  return at;
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
      WeftPageRecycler *spare = weft_page_recycler_get_default ();

      if (weft_page_recycler_get_held (spare) >= bytes)
        {
          /* Pages an earlier stage of the load has finished with (a
           * reader's scratch): moved in rather than faulted in. */
          chunk = weft_pages_map (bytes);
          weft_page_recycler_fill (spare, chunk, bytes);
        }
      else
        {
          /* Filled up to the last chunk of a list: fault the pages in at
           * once (one fault per page costs more than filling it). */
          void *pages = mmap (NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | CHUNK_MAP_POPULATE,
                              -1, 0);

          if (pages != MAP_FAILED)
            chunk = pages;
        }
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

/* A mapped chunk's pages go to @recycler (nullable) for the columns. */
static void
chunk_free (Chunk            *chunk,
            WeftPageRecycler *recycler)
{
  if (chunk->mapped > 0)
    weft_page_recycler_give (recycler, chunk, chunk->mapped);
  else
    g_free (chunk);
}

/* The size of a pool chunk: room for the header and CHUNK_MAX_BYTES of any
 * record size. */
#define POOL_CHUNK_BYTES (CHUNK_MAX_BYTES + 4096)

static gpointer
create_pool (gpointer data)
{
  return _weft_chunk_pool_new (POOL_CHUNK_BYTES);
}

static G_GNUC_NO_INLINE Chunk *
chunk_new_largest (WeftEventTableBuilder *self)
{
  ChunkPool *pool;
  Chunk *chunk;

  /* Spare pages first: the pool's would be fresh ones. */
  if (weft_page_recycler_get_held (weft_page_recycler_get_default ()) >= POOL_CHUNK_BYTES)
    return chunk_new (POOL_CHUNK_BYTES);

  pool = g_once (&self->pool_once, create_pool, NULL);
  chunk = pool != NULL ? _weft_chunk_pool_take (pool) : NULL;

  return chunk != NULL ? chunk : chunk_new (POOL_CHUNK_BYTES);
}

/* A new chunk at the end of @list, twice the size of the last. */
G_NO_INLINE static Chunk *
rec_list_grow (WeftEventTableBuilder *self,
               RecList               *list,
               gsize                  rec_size)
{
  Chunk *chunk = list->tail;
  gsize bytes = chunk == NULL ? CHUNK_MIN_BYTES : MIN (CHUNK_MAX_BYTES, chunk->cap * rec_size * 2);
  gsize cap = MAX (1, bytes / rec_size);

  chunk = bytes == CHUNK_MAX_BYTES ? chunk_new_largest (self) : chunk_new (sizeof (Chunk) + cap * rec_size);
  chunk->next = NULL;
  chunk->len = 0;
  chunk->cap = cap;
  if (list->tail != NULL)
    list->tail->next = chunk;
  else
    list->head = chunk;
  list->tail = chunk;

  return chunk;
}

/* Inlined into the add functions, which readers call once per event: a call
 * here cost as much as the rest of adding a link. */
static inline gpointer
rec_list_append (WeftEventTableBuilder *self,
                 RecList               *list,
                 gsize                  rec_size)
{
  Chunk *chunk = list->tail;

  if (G_UNLIKELY (chunk == NULL || chunk->len == chunk->cap))
    chunk = rec_list_grow (self, list, rec_size);

  list->n++;
  return (guint8 *)chunk->data + rec_size * chunk->len++;
}

/* Copies the records into @dest (room for them, mapped) and frees the
 * chunks as it goes, so that a row's records never exist twice for long.
 * Each chunk's pages go to @recycler, and @dest takes its pages from there
 * just before it is written: only the first chunk's worth are fresh. */
static void
rec_list_drain (RecList          *list,
                gsize             rec_size,
                WeftPageBuffer   *dest,
                WeftPageRecycler *recycler)
{
  gsize pos = 0;
  Chunk *chunk = list->head;

  while (chunk != NULL)
    {
      Chunk *next = chunk->next;
      gsize bytes = chunk->len * rec_size;

      weft_page_buffer_fill (dest, recycler, pos + bytes);
      memcpy (dest->mem + pos, chunk->data, bytes);
      pos += bytes;
      chunk_free (chunk, recycler);
      chunk = next;
    }
  list->head = list->tail = NULL;
  list->n = 0;
}

/* Gives @list's chunks back unread: to @recycler, or to the system. */
static void
rec_list_free (RecList          *list,
               WeftPageRecycler *recycler)
{
  Chunk *chunk = list->head;

  while (chunk != NULL)
    {
      Chunk *next = chunk->next;

      chunk_free (chunk, recycler);
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

      rec_list_free (&row->intervals, NULL);
      rec_list_free (&row->instants, NULL);
      rec_list_free (&row->links, NULL);
      rec_list_free (&row->instant_links, NULL);
    }
  g_array_unref (self->rows);
  g_array_unref (self->kinds);
  g_clear_pointer (&self->strings, weft_string_pool_free);
  _weft_chunk_pool_free (self->pool_once.retval);
  weft_pages_unmap (self->instant_block, self->instant_block_size);
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
  rec = rec_list_append (self, &g_array_index (self->rows, RowBuild, row).intervals, sizeof *rec);
  rec->begin = begin;
  rec->end = MAX (begin, end);
  rec->kind = kind;
  rec->label = label;
  rec->ref = ref;
}

/**
 * weft_event_table_builder_reserve_instants:
 * @counts: (array): how many instants each row will be given, one count per
 *   row
 *
 * For a reader that knows before it adds them how many instants each row
 * gets: they are then written straight into the table's columns instead of
 * into records that _finish copies there (on a 10^7-line MPD trace, 240 MB
 * of records, faulted in and copied, saved). Call it after the last row is
 * added and before the first instant. A row takes at most its count (adding
 * more is a programmer error) and may take fewer. When the columns cannot be
 * mapped the builder keeps to records, as without this call.
 */
void
weft_event_table_builder_reserve_instants (WeftEventTableBuilder *self,
                                           const gsize           *counts)
{
  RowBuild *rows;
  gsize total = 0;
  gsize size = 0;
  gsize at[4];
  guint8 *block;
  gsize spare;

  g_return_if_fail (self != NULL);
  g_return_if_fail (!self->finished);
  g_return_if_fail (self->instant_block == NULL);
  g_return_if_fail (counts != NULL || self->rows->len == 0);

  rows = (RowBuild *)(gpointer)self->rows->data;
  for (guint i = 0; i < self->rows->len; i++)
    {
      g_return_if_fail (rows[i].instants.n == 0);
      g_return_if_fail (counts[i] <= G_MAXSIZE / 32 - total);
      total += counts[i];
    }

  at[0] = place_column (&size, MAX (1, total) * sizeof (gint64));
  at[1] = place_column (&size, MAX (1, total) * sizeof (guint16));
  at[2] = place_column (&size, MAX (1, total) * sizeof (guint32));
  at[3] = place_column (&size, MAX (1, total) * sizeof (guint32));
  block = weft_pages_map (size);
  if (block == NULL)
    return;
  /* Pages an earlier stage has finished with are moved in (the rest are
   * faulted in by the threads that fill them, each on its own rows). */
  spare = weft_page_recycler_get_held (weft_page_recycler_get_default ());
  if (spare > 0)
    weft_page_recycler_fill (weft_page_recycler_get_default (), block, MIN (size, spare));

  self->instant_block = block;
  self->instant_block_size = size;
  self->n_reserved = total;
  self->in_time = (gint64 *)(gpointer)(block + at[0]);
  self->in_kind = (guint16 *)(gpointer)(block + at[1]);
  self->in_label = (guint32 *)(gpointer)(block + at[2]);
  self->in_ref = (guint32 *)(gpointer)(block + at[3]);
  total = 0;
  for (guint i = 0; i < self->rows->len; i++)
    {
      rows[i].instants.offset = total;
      rows[i].instants.room = counts[i];
      total += counts[i];
    }
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
  RecList *list;

  g_return_if_fail (self != NULL);
  g_return_if_fail (!self->finished);
  g_return_if_fail (row < self->rows->len);
  g_return_if_fail (kind < self->kinds->len);

  list = &g_array_index (self->rows, RowBuild, row).instants;
  if (self->instant_block != NULL)
    {
      gsize pos;

      g_return_if_fail (list->n < list->room);
      pos = list->offset + list->n++;
      self->in_time[pos] = clamp_time (time);
      self->in_kind[pos] = kind;
      self->in_label[pos] = label;
      self->in_ref[pos] = ref;
      return;
    }
  rec = rec_list_append (self, list, sizeof *rec);
  rec->time = clamp_time (time);
  rec->kind = kind;
  rec->label = label;
  rec->ref = ref;
}

typedef struct
{
  WeftEventTableFillFunc fill;
  gpointer               user_data;
  guint                  part;
  guint                  n_parts;
} FillPart;

static gpointer
fill_part_thread (gpointer data)
{
  const FillPart *part = data;

  part->fill (part->part, part->n_parts, part->user_data);
  return NULL;
}

gboolean
weft_event_table_builder_fill_by_rows (WeftEventTableBuilder *self,
                                       WeftEventTableFillFunc fill,
                                       gpointer               user_data,
                                       WeftLoadContext       *context,
                                       GError               **error)
{
  guint n_parts = MIN (MIN (weft_background_get_n_processors (), 8u), MAX (self->rows->len, 1u));
  g_autofree FillPart *parts = g_new (FillPart, n_parts);
  g_autofree GThread **threads = g_new0 (GThread *, n_parts);

  for (guint i = 0; i < n_parts; i++)
    parts[i] = (FillPart) { fill, user_data, i, n_parts };
  for (guint i = 1; i < n_parts; i++)
    threads[i] = g_thread_new ("weft-event-fill", fill_part_thread, &parts[i]);
  fill (0, n_parts, user_data);
  for (guint i = 1; i < n_parts; i++)
    g_thread_join (threads[i]);

  /* Cancelled is cancelled, whether a part saw it or not. */
  return context == NULL || !weft_load_context_set_error_if_cancelled (context, error);
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
      InstantLinkRec *instant = rec_list_append (self, &rb->instant_links, sizeof *instant);

      instant->time = from;
      instant->to_row = to_row;
      instant->size = size;
      instant->kind = kind;
      instant->label = label;
      instant->ref = ref;
      return;
    }

  rec = rec_list_append (self, &rb->links, sizeof *rec);
  rec->from_time = from;
  rec->to_time = to;
  rec->to_row = to_row;
  rec->size = size;
  rec->kind = kind;
  rec->label = label;
  rec->ref = ref;
}

void
_weft_event_table_worker_flush_progress (Worker *w)
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

gboolean
_weft_event_table_worker_check (Worker *w)
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
  w->link_kinds = g_new0 (guint8, n_kinds);
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
  g_free (w->link_kinds);
  weft_page_buffer_clear (&w->recs);
  weft_page_buffer_clear (&w->other);
  weft_page_buffer_clear (&w->lane_of);
  weft_page_buffer_clear (&w->tree);
  weft_page_buffer_clear (&w->lane_count);
  weft_page_buffer_clear (&w->tail_head);
  weft_page_buffer_clear (&w->tail_next);
  weft_page_buffer_clear (&w->pending);
  for (guint i = 0; i < G_N_ELEMENTS (w->lists); i++)
    {
      g_free (w->lists[i].sums);
      g_free (w->lists[i].start);
    }
}

/* One row ------------------------------------------------------------------------ */

/* Maps a row's slice of the columns it is about to fill ([offset, offset +
 * n) of each; 64-bit times and sizes, 16-bit kinds, 32-bit labels and refs)
 * with the pages of chunks already drained, moved rather than faulted in, or
 * fresh ones in one call each once there are none: each worker maps its own
 * rows. */
static void
populate_slice (WeftPageRecycler *recycler,
                gint64           *times,
                gint64           *times2,
                guint16          *kinds,
                guint32          *labels,
                guint32          *refs,
                guint64          *sizes,
                gsize             offset,
                gsize             n)
{
  weft_page_recycler_fill (recycler, times + offset, n * sizeof *times);
  if (times2 != NULL)
    weft_page_recycler_fill (recycler, times2 + offset, n * sizeof *times2);
  weft_page_recycler_fill (recycler, kinds + offset, n * sizeof *kinds);
  weft_page_recycler_fill (recycler, labels + offset, n * sizeof *labels);
  weft_page_recycler_fill (recycler, refs + offset, n * sizeof *refs);
  if (sizes != NULL)
    weft_page_recycler_fill (recycler, sizes + offset, n * sizeof *sizes);
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

  recs = weft_page_buffer_map (&w->recs, n * sizeof *recs);
  rec_list_drain (&rb->intervals, sizeof *recs, &w->recs, w->job->recycler);
  if (worker_advance (w, n))
    return FALSE;
  /* The merge sort's buffer is the one the row's instants and links use
   * after (w->other): free until then. */
  if (!_weft_event_table_interval_sort (recs, n, &w->other, w))
    return FALSE;
  if (worker_advance (w, n))
    return FALSE;

  /* Greedy packing: the lowest lane whose last interval ends by the new
   * begin. A min-tree over the lanes' last ends finds it in O(log lanes). */
  lane_of = RESERVE (w, lane_of, guint32, n);
  tree = (gint64 *)(gpointer)w->tree.mem;
  for (gsize i = 0; i < n; i++)
    {
      gint64 begin = recs[i].begin;
      gsize node;

      if (n_lanes == 0 || tree[1] > begin)
        {
          if (n_lanes == cap)
            {
              gsize new_cap = MAX (4, cap * 2);

              tree = RESERVE (w, tree, gint64, 2 * new_cap);
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
  lane_count = RESERVE (w, lane_count, gsize, n_lanes + 1);
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
  populate_slice (w->job->recycler, table->iv_begin, table->iv_end, table->iv_kind, table->iv_label,
                  table->iv_ref, NULL, row->iv_offset, n);
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

static inline void
put_instant (WeftEventTable   *table,
             gsize             pos,
             const InstantRec *rec)
{
  table->in_time[pos] = rec->time;
  table->in_kind[pos] = rec->kind;
  table->in_label[pos] = rec->label;
  table->in_ref[pos] = rec->ref;
}

/* Copies @list's instants into the columns from @offset as long as they come
 * in order (an MPD process's events come in Lamport order, a locale's in the
 * order of its log), without the sort path's copy into one block and pass
 * over it. Returns FALSE at the first one out of order: the columns then
 * hold a prefix, which the sort path writes over. */
static gboolean
copy_instants_in_order (const RecList  *list,
                        WeftEventTable *table,
                        gsize           offset)
{
  const InstantRec *prev = NULL;
  gsize pos = offset;

  for (const Chunk *chunk = list->head; chunk != NULL; chunk = chunk->next)
    {
      const InstantRec *recs = (const InstantRec *)(gconstpointer)chunk->data;

      for (gsize i = 0; i < chunk->len; i++, pos++)
        {
          if (prev != NULL && _weft_event_table_instant_less (&recs[i], prev))
            return FALSE;
          put_instant (table, pos, &recs[i]);
          prev = &recs[i];
        }
    }

  return TRUE;
}

static inline void
get_instant (const WeftEventTable *table,
             gsize                 pos,
             InstantRec           *rec)
{
  rec->time = table->in_time[pos];
  rec->kind = table->in_kind[pos];
  rec->label = table->in_label[pos];
  rec->ref = table->in_ref[pos];
}

/* Whether the @n instants written in place from @offset are in order. */
static gboolean
placed_instants_in_order (const WeftEventTable *table,
                          gsize                 offset,
                          gsize                 n)
{
  for (gsize pos = offset + 1; pos < offset + n; pos++)
    if (table->in_time[pos] <= table->in_time[pos - 1])
      {
        InstantRec a, b;

        if (table->in_time[pos] < table->in_time[pos - 1])
          return FALSE;
        get_instant (table, pos - 1, &a);
        get_instant (table, pos, &b);
        if (_weft_event_table_instant_less (&b, &a))
          return FALSE;
      }

  return TRUE;
}

/* Sorts the @n instants written in place from @offset, through @buffer. */
static gboolean
sort_placed_instants (Worker         *w,
                      WeftEventTable *table,
                      gsize           offset,
                      gsize           n,
                      WeftPageBuffer *buffer)
{
  InstantRec *recs = weft_page_buffer_reserve (buffer, w->job->recycler, n * sizeof *recs);

  for (gsize i = 0; i < n; i++)
    get_instant (table, offset + i, &recs[i]);
  if (!_weft_event_table_instant_sort (recs, n, w))
    return FALSE;
  for (gsize i = 0; i < n; i++)
    put_instant (table, offset + i, &recs[i]);

  return TRUE;
}

static gboolean
finish_instants (Worker         *w,
                 RowBuild       *rb,
                 Row            *row,
                 WeftEventTable *table,
                 WeftPageBuffer *buffer)
{
  gsize n = rb->instants.n;
  InstantRec *recs;

  row->n_instants = n;
  if (n == 0)
    return TRUE;

  if (table->instant_columns != NULL)
    {
      /* Reserved: the fillers wrote them in place, most often in order. */
      if (!placed_instants_in_order (table, row->in_offset, n) &&
          !sort_placed_instants (w, table, row->in_offset, n, buffer))
        return FALSE;
    }
  else
    {
      populate_slice (w->job->recycler, table->in_time, NULL, table->in_kind, table->in_label, table->in_ref, NULL,
                      row->in_offset, n);
      if (copy_instants_in_order (&rb->instants, table, row->in_offset))
        rec_list_free (&rb->instants, w->job->recycler);
      else
        {
          recs = weft_page_buffer_map (buffer, n * sizeof *recs);
          rec_list_drain (&rb->instants, sizeof *recs, buffer, w->job->recycler);
          if (!_weft_event_table_instant_sort (recs, n, w))
            return FALSE;

          for (gsize i = 0; i < n; i++)
            put_instant (table, row->in_offset + i, &recs[i]);
        }
    }
  row->tmin = MIN (row->tmin, table->in_time[row->in_offset]);
  row->tmax = MAX (row->tmax, table->in_time[row->in_offset + n - 1]);

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
        {
          guint32 to_row;

          /* Records are packed: the field may be unaligned. */
          memcpy (&to_row, rec + to_row_offset, sizeof to_row);
          start[to_row + 1]++;
        }
    }
}

static gboolean
finish_links (Worker         *w,
              RowBuild       *rb,
              Row            *row,
              guint           from_row,
              WeftEventTable *table,
              WeftPageBuffer *buffer)
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
  recs = weft_page_buffer_reserve (buffer, w->job->recycler, n * sizeof *recs);
  start = RESERVE (w, lane_count, gsize, (gsize)n_rows + 1);
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
      chunk_free (chunk, w->job->recycler);
    }
  rb->instant_links.head = rb->instant_links.tail = NULL;
  rb->instant_links.n = 0;
  for (Chunk *chunk = rb->links.head, *next; chunk != NULL; chunk = next)
    {
      const LinkRec *in = (const LinkRec *)(gconstpointer)chunk->data;

      next = chunk->next;
      for (gsize i = 0; i < chunk->len; i++)
        recs[start[in[i].to_row]++] = in[i];
      chunk_free (chunk, w->job->recycler);
    }
  rb->links.head = rb->links.tail = NULL;
  rb->links.n = 0;

  /* start[r] is now the end of target r's links. */
  for (guint r = 0; r < n_rows; r++)
    {
      gsize begin = r == 0 ? 0 : start[r - 1];
      gsize count = start[r] - begin;
      LinkRec *tmp;

      if (count == 0 || _weft_event_table_link_insertion_bounded (recs + begin, count, SORT_MOVES_PER_RECORD,
                                                                  SORT_LINK_MAX_DISTANCE))
        continue;
      tmp = weft_page_buffer_reserve (&w->recs, w->job->recycler, count * sizeof *tmp);
      if (!_weft_event_table_link_merge_sort (recs + begin, count, tmp, w))
        return FALSE;
    }

  populate_slice (w->job->recycler, table->ln_from, NULL, table->ln_kind, table->ln_label, table->ln_ref,
                  table->ln_size, row->ln_offset, n);
  if (row->lt_offset != PAIR_ENDS_SHARED)
    weft_page_recycler_fill (w->job->recycler, table->ln_to + row->lt_offset, n * sizeof *table->ln_to);
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
        /* Its own end times; placed by compact_link_ends(). A row without
         * end times only has links that end when they start. */
        if (delta != 0)
          pair->to_offset = row->lt_offset + (pair->offset - row->ln_offset);
        if (delta > 0)
          pair->reach_after = MAX (pair->reach_after, delta);
        else if (delta < 0)
          pair->reach_before = MAX (pair->reach_before, -delta);
      }

      table->ln_from[pos] = recs[i].from_time;
      if (row->lt_offset != PAIR_ENDS_SHARED)
        table->ln_to[row->lt_offset + i] = recs[i].to_time;
      table->ln_size[pos] = recs[i].size;
      table->ln_kind[pos] = recs[i].kind;
      w->link_kinds[recs[i].kind] = 1;
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
  if (!finish_instants (w, rb, row, table, &w->other))
    return FALSE;
  if (!_weft_event_table_build_lod (w, row, sorted, row->n_intervals,
                  table->in_time + row->in_offset, table->in_kind + row->in_offset, row->n_instants))
    return FALSE;
  _weft_event_table_build_kind_counters (w, table, row);
  _weft_event_table_build_search_index (table, row);
  if (!finish_links (w, rb, row, index, table, &w->other))
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
  _weft_event_table_worker_flush_progress (&w);
  g_mutex_lock (&job->mutex);
  for (guint k = 0; k < job->table->n_kinds; k++)
    job->link_kinds[k] |= w.link_kinds[k];
  g_mutex_unlock (&job->mutex);
  worker_clear (&w);

  return NULL;
}

/* Allocates the columns, in one block of pages (weft_pages_map()) which the
 * workers fill from the drained chunks' pages; FALSE when memory is short (a
 * huge trace should be an error the user sees, not an abort). The end times
 * come last, so that compact_link_ends() can give back what it frees. */
static gboolean
allocate_columns (WeftEventTable *table,
                  gsize           n_link_ends,
                  gboolean        with_instants)
{
  gsize ni = MAX (1, table->n_intervals);
  gsize nn = MAX (1, table->n_instants);
  gsize nl = MAX (1, table->n_links);
  gsize size = 0;
  gsize at[15];
  guint8 *block;

  at[0] = place_column (&size, ni * sizeof (gint64));
  at[1] = place_column (&size, ni * sizeof (gint64));
  at[2] = place_column (&size, ni * sizeof (guint16));
  at[3] = place_column (&size, ni * sizeof (guint32));
  at[4] = place_column (&size, ni * sizeof (guint32));
  if (with_instants)
    {
      at[5] = place_column (&size, nn * sizeof (gint64));
      at[6] = place_column (&size, nn * sizeof (guint16));
      at[7] = place_column (&size, nn * sizeof (guint32));
      at[8] = place_column (&size, nn * sizeof (guint32));
    }
  at[9] = place_column (&size, nl * sizeof (gint64));
  at[10] = place_column (&size, nl * sizeof (guint64));
  at[11] = place_column (&size, nl * sizeof (guint16));
  at[12] = place_column (&size, nl * sizeof (guint32));
  at[13] = place_column (&size, nl * sizeof (guint32));
  at[14] = place_column (&size, MAX (1, n_link_ends) * sizeof (gint64));

  /* No huge pages here (weft_memory_advise_huge): measured, they save 4% of
   * a 55 MB load but add 107 MB to the peak of a 10M-line one. */
  block = weft_pages_map (size);
  if (block == NULL)
    return FALSE;
  table->columns = block;
  table->columns_size = size;
  table->iv_begin = (gint64 *)(gpointer)(block + at[0]);
  table->iv_end = (gint64 *)(gpointer)(block + at[1]);
  table->iv_kind = (guint16 *)(gpointer)(block + at[2]);
  table->iv_label = (guint32 *)(gpointer)(block + at[3]);
  table->iv_ref = (guint32 *)(gpointer)(block + at[4]);
  if (with_instants)
    {
      table->in_time = (gint64 *)(gpointer)(block + at[5]);
      table->in_kind = (guint16 *)(gpointer)(block + at[6]);
      table->in_label = (guint32 *)(gpointer)(block + at[7]);
      table->in_ref = (guint32 *)(gpointer)(block + at[8]);
    }
  table->ln_from = (gint64 *)(gpointer)(block + at[9]);
  table->ln_size = (guint64 *)(gpointer)(block + at[10]);
  table->ln_kind = (guint16 *)(gpointer)(block + at[11]);
  table->ln_label = (guint32 *)(gpointer)(block + at[12]);
  table->ln_ref = (guint32 *)(gpointer)(block + at[13]);
  table->ln_to = (gint64 *)(gpointer)(block + at[14]);

  return TRUE;
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
      /* Pairs come in offset order, their end times too, and kept <=
       * to_offset: moving down never overwrites a later pair's end times. */
      memmove (table->ln_to + kept, table->ln_to + pair->to_offset, sizeof (gint64) * pair->n);
      pair->to_offset = kept;
      kept += pair->n;
    }
  {
    /* The end times are the block's last column. */
    gsize size = (gsize)((guint8 *)(table->ln_to + MAX (1, kept)) - table->columns);

    weft_pages_shrink (table->columns, table->columns_size, size);
    table->columns_size = size;
  }

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
  gsize lt_offset = 0;
  guint n_threads;
  guint n_pairs = 0;
  gsize n_link_ends;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (!self->finished, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self->finished = TRUE;
  /* Filling is over: no chunk is taken any more. */
  _weft_chunk_pool_free (self->pool_once.retval);
  self->pool_once.retval = NULL;

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
  if (self->instant_block != NULL)
    {
      /* Reserved: the instants are in their columns already. */
      table->instant_columns = g_steal_pointer (&self->instant_block);
      table->instant_columns_size = self->instant_block_size;
      table->in_time = self->in_time;
      table->in_kind = self->in_kind;
      table->in_label = self->in_label;
      table->in_ref = self->in_ref;
    }

  rbs = (RowBuild *)(gpointer)self->rows->data;
  for (guint i = 0; i < table->n_rows; i++)
    {
      Row *row = &table->rows[i];

      row->name = rbs[i].name;
      row->group = rbs[i].group;
      row->iv_offset = iv_offset;
      row->in_offset = table->instant_columns != NULL ? rbs[i].instants.offset : in_offset;
      row->ln_offset = ln_offset;
      iv_offset += rbs[i].intervals.n;
      in_offset += rbs[i].instants.n;
      ln_offset += rbs[i].links.n + rbs[i].instant_links.n;
      /* End times only for the rows that were given a link ending at
       * another time: of a trace whose links all end when they start
       * (Chapel's), a column as big as the start times' was allocated and
       * written at the load's peak, then given back. */
      row->lt_offset = rbs[i].links.n > 0 ? lt_offset : PAIR_ENDS_SHARED;
      if (rbs[i].links.n > 0)
        lt_offset += rbs[i].links.n + rbs[i].instant_links.n;
    }
  table->n_intervals = iv_offset;
  table->n_instants = in_offset;
  table->n_links = ln_offset;

  if (context != NULL && weft_load_context_set_error_if_cancelled (context, error))
    return NULL;

  if (!allocate_columns (table, lt_offset, table->instant_columns == NULL))
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
  job.recycler = weft_page_recycler_get_default ();
  job.total_units = 4 * (guint64)table->n_intervals + 2 * (guint64)(table->n_instants + table->n_links);
  job.link_kinds = g_new0 (guint8, MAX (1, table->n_kinds));
  g_mutex_init (&job.mutex);

  n_threads = MIN (MIN (weft_background_get_n_processors (), 8), MAX (1, table->n_rows));
  threads = g_new0 (GThread *, n_threads);
  for (guint t = 1; t < n_threads; t++)
    threads[t] = g_thread_try_new ("weft-event-table", worker_main, &job, NULL);
  worker_main (&job);
  for (guint t = 1; t < n_threads; t++)
    if (threads[t] != NULL)
      g_thread_join (threads[t]);
  g_mutex_clear (&job.mutex);
  for (guint k = 0; k < table->n_kinds; k++)
    table->kinds[k].used = job.link_kinds[k] != 0;
  g_clear_pointer (&job.link_kinds, g_free);
  for (guint i = 0; i < table->n_rows; i++)
    for (guint r = 0; r < table->rows[i].n_row_kinds; r++)
      table->kinds[table->rows[i].row_kinds[r]].used = TRUE;
  /* Whatever was not used goes back to the system. */
  weft_page_recycler_trim (job.recycler);

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
        lo = MIN (lo, table->ln_from[i]);
        hi = MAX (hi, table->ln_from[i]);
      }
    for (gsize i = 0; i < lt_offset; i++)
      {
        lo = MIN (lo, table->ln_to[i]);
        hi = MAX (hi, table->ln_to[i]);
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
                  (sizeof (gint64) + sizeof (guint16) + sizeof (guint32) * 2) *
                  MAX (1, table->instant_columns != NULL ? self->n_reserved : table->n_instants) +
                  (sizeof (gint64) + sizeof (guint64) + sizeof (guint16) + sizeof (guint32) * 2) * MAX (1, table->n_links) +
                  sizeof (gint64) * MAX (1, n_link_ends) +
                  weft_string_pool_get_memory (table->strings);
  for (guint i = 0; i < table->n_rows; i++)
    table->memory += row_memory (&table->rows[i]);

  if (context != NULL)
    weft_load_context_progress (context, 1.0, NULL);

  return g_steal_pointer (&table);
}

/* weft-event-table-private.h: the event table's layout, shared by its builder
 * (weft-event-table-builder.c), its accessors (weft-event-table.c) and its
 * range queries (weft-event-table-query.c). Not for other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-event-table.h"
#include "weft-string-pool.h"

G_BEGIN_DECLS

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

typedef struct
{
  guint32           name;
  WeftEventCategory category;
  guint32           rgba;
  gboolean          used;     /* an interval, instant or link has it */
} Kind;

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
  gsize          lt_offset;       /* build only: their end times in ln_to, or
                                   * PAIR_ENDS_SHARED when every one of them
                                   * was added as ending when it starts */
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

  /* Every column below, in one block of pages (weft_pages_map()), but the
   * instants' when the builder wrote them in place: those are a block of
   * their own (else NULL). */
  guint8         *columns;
  gsize           columns_size;
  guint8         *instant_columns;
  gsize           instant_columns_size;

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

static inline gint64
clamp_time (gint64 t)
{
  return CLAMP (t, WEFT_EVENT_TIME_MIN, WEFT_EVENT_TIME_MAX);
}

/* Sparse per-kind sums: of one bucket while the pyramid is built, of a range
 * while one is aggregated. */
typedef struct
{
  guint64 busy;
  guint32 count;
  guint16 kind;
} KindSum;

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

/* The positions [*first, *last) of a lane's intervals, a row's instants and a
 * pair's links that overlap [begin, end) (weft-event-table.c). */
void _weft_event_table_lane_range    (const WeftEventTable *self,
                                      const Row            *r,
                                      guint                 lane,
                                      gint64                begin,
                                      gint64                end,
                                      gsize                *first,
                                      gsize                *last);
void _weft_event_table_instant_range (const WeftEventTable *self,
                                      const Row            *r,
                                      gint64                begin,
                                      gint64                end,
                                      gsize                *first,
                                      gsize                *last);
void _weft_event_table_pair_range    (const WeftEventTable *self,
                                      const Pair           *p,
                                      gint64                begin,
                                      gint64                end,
                                      gsize                *first,
                                      gsize                *last);

G_END_DECLS

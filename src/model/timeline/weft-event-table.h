/* weft-event-table.h: the columnar event store every trace format fills.
 *
 * A table has rows (a locale, a thread, an agent, a process), each holding
 *  - intervals (begin, end, kind, label, ref), packed greedily into lanes so that
 *    the intervals of one lane never overlap; a lane is sorted by begin and
 *    therefore also by end, so range queries are two bisections;
 *  - instants (time, kind, label, ref), sorted by time;
 *  - a level-of-detail pyramid of power-of-two time buckets over all its events,
 *    so that drawing any range touches O(pixels) buckets, not O(events).
 * Links (communication, invocations, fork edges) join a time on one row to a time
 * on another; they are grouped by (from row, to row) and sorted by from-time in
 * each group, so per-pair counts over a range are two bisections.
 *
 * Times are int64 nanoseconds relative to the table's origin (µs sources are
 * scaled by 1000), or event order for logical-time formats (WEFT_TIME_LOGICAL).
 * "label" is a string id in the table's pool (0 = none); "ref" is an opaque
 * number the owner of the table gives each event (a task index, a record
 * number) to find its details again; WEFT_EVENT_NO_REF when it has none.
 *
 * A table is built once by a WeftEventTableBuilder (which accepts events in any
 * order and sorts once in _finish) and is immutable and thread-safe afterwards.
 *
 * Details fixed by the implementation:
 *  - an interval whose end is before its begin is stored as a zero-length
 *    interval at its begin; times are clamped to [WEFT_EVENT_TIME_MIN,
 *    WEFT_EVENT_TIME_MAX];
 *  - lanes: intervals are taken by begin, the longer first at equal begins (so
 *    an enclosing interval gets the lower lane), and each goes to the first
 *    lane whose last interval ends at or before its begin;
 *  - ranges are half-open: [b, e) overlaps [t0, t1) iff b < t1 && e > t0, a
 *    zero-length interval iff t0 <= b < t1; an empty or reversed query range
 *    (t1 <= t0) finds nothing;
 *  - level of detail: a row's pyramid starts at the row's first event time
 *    (get_lod_start; not aligned); level 0's width is the smallest power of two
 *    giving at least 16 of the row's intervals and instants per bucket on
 *    average (about 16 to 32), at least 1 and no wider than one bucket covering the
 *    row; level l is 2^l times wider, and the last level is one bucket. A row
 *    without intervals or instants has no levels (get_lod_start returns 0);
 *  - a bucket's kind is the interval kind with most busy time; when there is no
 *    busy time, the kind with most zero-length intervals and instants; the
 *    lower kind index on ties; G_MAXUINT16 when the bucket is empty;
 *  - WeftRangeStats is one allocation: free it with weft_range_stats_free().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "weft-load-context.h"
#include "weft-time-span.h"

G_BEGIN_DECLS

#define WEFT_EVENT_NO_REF G_MAXUINT32

/* The builder clamps every time to [WEFT_EVENT_TIME_MIN, WEFT_EVENT_TIME_MAX]
 * (±2^61 ns, about ±73 years around the origin), so that any difference of two
 * times, and every level-of-detail width, fits in a gint64. */
#define WEFT_EVENT_TIME_MIN (-(G_GINT64_CONSTANT (1) << 61))
#define WEFT_EVENT_TIME_MAX ((G_GINT64_CONSTANT (1) << 61) - 1)

typedef enum
{
  WEFT_EVENT_INTERVAL,
  WEFT_EVENT_INSTANT,
  WEFT_EVENT_LINK,
} WeftEventCategory;

typedef enum
{
  WEFT_TIME_NANOSECONDS,
  WEFT_TIME_LOGICAL,
} WeftTimeUnit;

typedef struct _WeftEventTable        WeftEventTable;
typedef struct _WeftEventTableBuilder WeftEventTableBuilder;

/* Columns of one lane of intervals; all arrays have n entries. */
typedef struct
{
  const gint64  *begin;
  const gint64  *end;
  const guint16 *kind;
  const guint32 *label;
  const guint32 *ref;
  gsize          n;
} WeftIntervalSlice;

typedef struct
{
  const gint64  *time;
  const guint16 *kind;
  const guint32 *label;
  const guint32 *ref;
  gsize          n;
} WeftInstantSlice;

/* Links of one (from row, to row) pair, sorted by from_time. */
typedef struct
{
  guint          from_row;
  guint          to_row;
  const gint64  *from_time;
  const gint64  *to_time;
  const guint64 *size;
  const guint16 *kind;
  const guint32 *label;
  const guint32 *ref;
  gsize          n;
} WeftLinkSlice;

/* One level-of-detail bucket (or the aggregate of a range). */
typedef struct
{
  gint64  busy;        /* Σ overlap of the row's intervals with the bucket, in time units;
                        * exceeds the bucket width when lanes overlap (busy/width = mean
                        * concurrency) */
  guint32 n_intervals; /* intervals that begin in the bucket */
  guint32 n_instants;  /* instants in the bucket */
  guint16 kind;        /* dominant kind: the interval kind with most busy time, else the
                        * instant kind with most instants; G_MAXUINT16 when empty */
} WeftLodBucket;

/* Statistics of a time range over the whole table (weft_event_table_range_stats). */
typedef struct
{
  guint    n_rows;
  guint    n_kinds;
  guint    n_pairs;
  gint64  *row_busy;      /* [n_rows] exact overlap of each row's intervals with the range */
  guint64 *row_intervals; /* [n_rows] intervals overlapping the range */
  guint64 *row_instants;  /* [n_rows] instants in the range */
  guint64 *kind_count;    /* [n_kinds] events of each kind in the range (links by from_time) */
  guint64 *pair_count;    /* [n_pairs] links whose from_time is in the range */
  guint64 *pair_size;     /* [n_pairs] Σ size of those links */
} WeftRangeStats;

/* Builder ------------------------------------------------------------------- */

/* The builder is used by one thread at a time, with one exception: once all
 * kinds, rows and strings are added (and instants reserved, if they are),
 * add_interval, add_instant and add_link may be called from several threads
 * at once as long as no two threads add to the same row's intervals, the
 * same row's instants or the same row's links (a link belongs to its
 * from_row): one thread may add a row's instants while another adds its
 * intervals and links. add_kind numbers kinds from 0 in
 * call order (no merging of equal names); a table holds at most 65535 kinds.
 * Row, kind and pair indices out of range are programmer errors (g_critical).
 * _finish sorts on worker threads, reports progress as fractions of the stage
 * the caller began on @context (nullable), checks for cancellation every few
 * thousand events and then fails with G_IO_ERROR_CANCELLED. It consumes the
 * events: afterwards the builder can only be freed. */

WeftEventTableBuilder *weft_event_table_builder_new          (WeftTimeUnit           unit);
void                   weft_event_table_builder_free         (WeftEventTableBuilder *self);
void                   weft_event_table_builder_set_origin   (WeftEventTableBuilder *self,
                                                              gint64                 origin_ns);
guint16                weft_event_table_builder_add_kind     (WeftEventTableBuilder *self,
                                                              const char            *name,
                                                              WeftEventCategory      category,
                                                              guint32                rgba);
guint                  weft_event_table_builder_add_row      (WeftEventTableBuilder *self,
                                                              const char            *name,
                                                              const char            *group);
guint32                weft_event_table_builder_intern       (WeftEventTableBuilder *self,
                                                              const char            *str);
void                   weft_event_table_builder_add_interval (WeftEventTableBuilder *self,
                                                              guint                  row,
                                                              gint64                 begin,
                                                              gint64                 end,
                                                              guint16                kind,
                                                              guint32                label,
                                                              guint32                ref);
void                   weft_event_table_builder_add_instant  (WeftEventTableBuilder *self,
                                                              guint                  row,
                                                              gint64                 time,
                                                              guint16                kind,
                                                              guint32                label,
                                                              guint32                ref);
void                   weft_event_table_builder_reserve_instants (WeftEventTableBuilder *self,
                                                                  const gsize           *counts);
void                   weft_event_table_builder_add_link     (WeftEventTableBuilder *self,
                                                              guint                  from_row,
                                                              gint64                 from_time,
                                                              guint                  to_row,
                                                              gint64                 to_time,
                                                              guint16                kind,
                                                              guint64                size,
                                                              guint32                label,
                                                              guint32                ref);
WeftEventTable        *weft_event_table_builder_finish       (WeftEventTableBuilder *self,
                                                              WeftLoadContext       *context,
                                                              GError               **error);

/* Filling from several threads (see above): @fill runs once per part, each
 * on a thread of its own (the calling thread is one of them), with as many
 * parts as processors, at most 8 and at most one per row; a part adds the
 * events of the rows weft_event_table_part_has_row() gives it (and every link
 * leaving one of them), or, split the other way as the rule above allows,
 * one sort of them (say, the parts of one half the instants, of the other
 * half the rest). A part may stop early once @context (nullable) is
 * cancelled. Returns when every part has: FALSE, with @error set, when
 * @context was cancelled. */
typedef void (*WeftEventTableFillFunc) (guint    part,
                                        guint    n_parts,
                                        gpointer user_data);

/* Whether @row is part @part's of @n_parts. Fill loops ask this once per
 * event: a division costs them tens of cycles, a mask one, and the part
 * count is a power of two on most machines (the test is loop-invariant). */
static inline gboolean
weft_event_table_part_has_row (guint row,
                               guint part,
                               guint n_parts)
{
  if ((n_parts & (n_parts - 1)) == 0)
    return (row & (n_parts - 1)) == part;
  return row % n_parts == part;
}

gboolean               weft_event_table_builder_fill_by_rows (WeftEventTableBuilder *self,
                                                              WeftEventTableFillFunc fill,
                                                              gpointer               user_data,
                                                              WeftLoadContext       *context,
                                                              GError               **error);

/* Table --------------------------------------------------------------------- */

/* get_kind_color: 0xRRGGBBAA, or 0 when the reader gave none: renderers then
 * use palette colour number <kind>.
 * get_memory_size: bytes allocated for the table (columns, lanes, pyramids,
 * kind counters, row, kind and pair tables, string pool).
 * aggregate: exact busy (overlap clipped to the range), n_intervals (begin in
 * the range) and n_instants, in O(levels + lanes·log(events per coarse
 * bucket) + events in the partial level-0 buckets at the edges). The kind is
 * exact when the range covers at most four whole level-0 buckets (the events
 * are then summed one by one) or is exactly one pyramid bucket; otherwise each
 * whole bucket inside the range counts with its own dominant kind (the
 * pyramid keeps no per-kind sums), the edge events with theirs.
 * range_stats: costs O(rows·lanes·(log n + 16·k) + links in range), k being
 * the number of kinds on a row: kinds are counted from prefix counts sampled
 * every 16·k events, so the cost does not grow with the intervals and
 * instants in the range. */

#define WEFT_TYPE_EVENT_TABLE (weft_event_table_get_type ())

GType              weft_event_table_get_type          (void) G_GNUC_CONST;
WeftEventTable    *weft_event_table_ref               (WeftEventTable       *self);
void               weft_event_table_unref             (WeftEventTable       *self);

WeftTimeUnit       weft_event_table_get_time_unit     (const WeftEventTable *self);
gint64             weft_event_table_get_origin        (const WeftEventTable *self);
WeftTimeSpan       weft_event_table_get_span          (const WeftEventTable *self);
gsize              weft_event_table_get_n_events      (const WeftEventTable *self);
gsize              weft_event_table_get_memory_size   (const WeftEventTable *self);
const char        *weft_event_table_lookup_string     (const WeftEventTable *self,
                                                       guint32               id);

guint              weft_event_table_get_n_rows        (const WeftEventTable *self);
const char        *weft_event_table_get_row_name      (const WeftEventTable *self,
                                                       guint                 row);
const char        *weft_event_table_get_row_group     (const WeftEventTable *self,
                                                       guint                 row);

guint              weft_event_table_get_n_kinds       (const WeftEventTable *self);
const char        *weft_event_table_get_kind_name     (const WeftEventTable *self,
                                                       guint16               kind);
WeftEventCategory  weft_event_table_get_kind_category (const WeftEventTable *self,
                                                       guint16               kind);
guint32            weft_event_table_get_kind_color    (const WeftEventTable *self,
                                                       guint16               kind);
gboolean           weft_event_table_get_kind_used     (const WeftEventTable *self,
                                                       guint16               kind);

guint              weft_event_table_get_n_lanes       (const WeftEventTable *self,
                                                       guint                 row);
void               weft_event_table_get_lane          (const WeftEventTable *self,
                                                       guint                 row,
                                                       guint                 lane,
                                                       WeftIntervalSlice    *slice);
void               weft_event_table_find_intervals    (const WeftEventTable *self,
                                                       guint                 row,
                                                       guint                 lane,
                                                       gint64                begin,
                                                       gint64                end,
                                                       gsize                *first,
                                                       gsize                *last);

void               weft_event_table_get_instants      (const WeftEventTable *self,
                                                       guint                 row,
                                                       WeftInstantSlice     *slice);
void               weft_event_table_find_instants     (const WeftEventTable *self,
                                                       guint                 row,
                                                       gint64                begin,
                                                       gint64                end,
                                                       gsize                *first,
                                                       gsize                *last);

guint              weft_event_table_get_n_link_pairs  (const WeftEventTable *self);
void               weft_event_table_get_link_pair     (const WeftEventTable *self,
                                                       guint                 pair,
                                                       WeftLinkSlice        *slice);
int                weft_event_table_lookup_link_pair  (const WeftEventTable *self,
                                                       guint                 from_row,
                                                       guint                 to_row);
void               weft_event_table_find_links        (const WeftEventTable *self,
                                                       guint                 pair,
                                                       gint64                begin,
                                                       gint64                end,
                                                       gsize                *first,
                                                       gsize                *last);
void               weft_event_table_find_links_crossing (const WeftEventTable *self,
                                                         guint                 pair,
                                                         gint64                begin,
                                                         gint64                end,
                                                         gsize                *first,
                                                         gsize                *last);

guint              weft_event_table_get_lod_n_levels  (const WeftEventTable *self,
                                                       guint                 row);
gint64             weft_event_table_get_lod_width     (const WeftEventTable *self,
                                                       guint                 row,
                                                       guint                 level);
gint64             weft_event_table_get_lod_start     (const WeftEventTable *self,
                                                       guint                 row);
const WeftLodBucket *weft_event_table_get_lod_level   (const WeftEventTable *self,
                                                       guint                 row,
                                                       guint                 level,
                                                       gsize                *n_buckets);
void               weft_event_table_aggregate         (const WeftEventTable *self,
                                                       guint                 row,
                                                       gint64                begin,
                                                       gint64                end,
                                                       WeftLodBucket        *result);

WeftRangeStats    *weft_event_table_range_stats       (const WeftEventTable *self,
                                                       gint64                begin,
                                                       gint64                end);
void               weft_range_stats_free              (WeftRangeStats       *stats);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftEventTable, weft_event_table_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftEventTableBuilder, weft_event_table_builder_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftRangeStats, weft_range_stats_free)

G_END_DECLS

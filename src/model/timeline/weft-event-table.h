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
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "weft-load-context.h"
#include "weft-time-span.h"

G_BEGIN_DECLS

#define WEFT_EVENT_NO_REF G_MAXUINT32

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

/* Table --------------------------------------------------------------------- */

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

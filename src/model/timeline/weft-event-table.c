/* weft-event-table.c: the columnar event store: its life and accessors.
 *
 * The layout is in weft-event-table-private.h, the builder in
 * weft-event-table-builder.c (how the columns, lanes, pyramid and indexes are
 * made), the range queries (level of detail, aggregation, kind counts) in
 * weft-event-table-query.c.
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
#include "weft-event-table-private.h"
#include "weft-memory.h"
#include "weft-page-recycler.h"

G_DEFINE_BOXED_TYPE (WeftEventTable, weft_event_table, weft_event_table_ref, weft_event_table_unref)

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
  weft_pages_unmap (self->columns, self->columns_size);
  weft_pages_unmap (self->instant_columns, self->instant_columns_size);
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

/**
 * weft_event_table_get_kind_used:
 *
 * Returns: whether an interval, instant or link of the table has @kind (a
 *   reader adds the kinds its format has; a trace may use a few of them).
 */
gboolean
weft_event_table_get_kind_used (const WeftEventTable *self,
                                guint16               kind)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (kind < self->n_kinds, FALSE);

  return self->kinds[kind].used;
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

void
_weft_event_table_lane_range (const WeftEventTable *self,
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

  _weft_event_table_lane_range (self, &self->rows[row], lane, begin, end, first, last);
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

void
_weft_event_table_instant_range (const WeftEventTable *self,
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

  _weft_event_table_instant_range (self, &self->rows[row], begin, end, first, last);
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

void
_weft_event_table_pair_range (const WeftEventTable *self,
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

  _weft_event_table_pair_range (self, &self->pairs[pair], begin, end, first, last);
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
  _weft_event_table_pair_range (self, p, from_begin, from_end, first, last);
}

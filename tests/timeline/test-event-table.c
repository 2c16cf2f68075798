/* test-event-table.c: event tables, checked against hand-computed values and
 * against brute force over seeded random data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "weft-event-table.h"

#define NO_KIND G_MAXUINT16

/* Helpers -------------------------------------------------------------------- */

static WeftEventTable *
finish (WeftEventTableBuilder *builder)
{
  g_autoptr(GError) error = NULL;
  WeftEventTable *table = weft_event_table_builder_finish (builder, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (table);

  return table;
}

static void
assert_lane (WeftEventTable *table,
             guint           row,
             guint           lane,
             const gint64   *expected, /* begin, end pairs */
             gsize           n)
{
  WeftIntervalSlice slice;

  weft_event_table_get_lane (table, row, lane, &slice);
  g_assert_cmpuint (slice.n, ==, n);
  for (gsize i = 0; i < n; i++)
    {
      g_assert_cmpint (slice.begin[i], ==, expected[2 * i]);
      g_assert_cmpint (slice.end[i], ==, expected[2 * i + 1]);
    }
}

static void
assert_find (WeftEventTable *table,
             guint           row,
             guint           lane,
             gint64          begin,
             gint64          end,
             gsize           first,
             gsize           last)
{
  gsize f = 1234, l = 5678;

  weft_event_table_find_intervals (table, row, lane, begin, end, &f, &l);
  if (first == last)
    {
      g_assert_cmpuint (f, ==, l);
      return;
    }
  g_assert_cmpuint (f, ==, first);
  g_assert_cmpuint (l, ==, last);
}

/* Basic behaviour ---------------------------------------------------------------- */

static void
test_empty (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  g_autoptr(WeftRangeStats) stats = NULL;
  WeftTimeSpan span;
  WeftLodBucket agg;
  WeftInstantSlice instants;

  weft_event_table_builder_add_row (builder, "empty", NULL);
  table = finish (builder);

  span = weft_event_table_get_span (table);
  g_assert_cmpint (span.begin, ==, 0);
  g_assert_cmpint (span.end, ==, 0);
  g_assert_cmpuint (weft_event_table_get_n_events (table), ==, 0);
  g_assert_cmpuint (weft_event_table_get_n_rows (table), ==, 1);
  g_assert_cmpstr (weft_event_table_get_row_name (table, 0), ==, "empty");
  g_assert_cmpstr (weft_event_table_get_row_group (table, 0), ==, "");
  g_assert_cmpuint (weft_event_table_get_n_lanes (table, 0), ==, 0);
  g_assert_cmpuint (weft_event_table_get_n_kinds (table), ==, 0);
  g_assert_cmpuint (weft_event_table_get_n_link_pairs (table), ==, 0);
  g_assert_cmpint (weft_event_table_lookup_link_pair (table, 0, 0), ==, -1);
  g_assert_cmpuint (weft_event_table_get_lod_n_levels (table, 0), ==, 0);
  g_assert_cmpint (weft_event_table_get_lod_start (table, 0), ==, 0);

  weft_event_table_get_instants (table, 0, &instants);
  g_assert_cmpuint (instants.n, ==, 0);

  weft_event_table_aggregate (table, 0, G_MININT64, G_MAXINT64, &agg);
  g_assert_cmpint (agg.busy, ==, 0);
  g_assert_cmpuint (agg.n_intervals, ==, 0);
  g_assert_cmpuint (agg.n_instants, ==, 0);
  g_assert_cmpuint (agg.kind, ==, NO_KIND);

  stats = weft_event_table_range_stats (table, G_MININT64, G_MAXINT64);
  g_assert_cmpuint (stats->n_rows, ==, 1);
  g_assert_cmpuint (stats->n_kinds, ==, 0);
  g_assert_cmpuint (stats->n_pairs, ==, 0);
  g_assert_cmpint (stats->row_busy[0], ==, 0);
  g_assert_cmpuint (stats->row_intervals[0], ==, 0);
  g_assert_cmpuint (stats->row_instants[0], ==, 0);
  g_assert_cmpuint (weft_event_table_get_memory_size (table), >, 0);
}

static void
test_metadata (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_LOGICAL);
  g_autoptr(WeftEventTable) table = NULL;
  g_autoptr(WeftEventTable) copy = NULL;
  guint16 run, send, mark;
  guint32 label;
  guint row;
  WeftInstantSlice instants;

  weft_event_table_builder_set_origin (builder, 1700000000000000000);
  run = weft_event_table_builder_add_kind (builder, "run", WEFT_EVENT_INTERVAL, 0x3465a4ff);
  send = weft_event_table_builder_add_kind (builder, "send", WEFT_EVENT_LINK, 0);
  mark = weft_event_table_builder_add_kind (builder, "run", WEFT_EVENT_INSTANT, 0);
  g_assert_cmpuint (run, ==, 0);
  g_assert_cmpuint (send, ==, 1);
  g_assert_cmpuint (mark, ==, 2);
  row = weft_event_table_builder_add_row (builder, "locale 0", "node A");
  g_assert_cmpuint (row, ==, 0);
  g_assert_cmpuint (weft_event_table_builder_add_row (builder, "locale 1", "node A"), ==, 1);
  label = weft_event_table_builder_intern (builder, "main.chpl:12");
  g_assert_cmpuint (label, ==, weft_event_table_builder_intern (builder, "main.chpl:12"));
  weft_event_table_builder_add_instant (builder, 0, 7, mark, label, 42);
  table = finish (builder);

  g_assert_cmpint (weft_event_table_get_time_unit (table), ==, WEFT_TIME_LOGICAL);
  g_assert_cmpint (weft_event_table_get_origin (table), ==, 1700000000000000000);
  g_assert_cmpuint (weft_event_table_get_n_kinds (table), ==, 3);
  g_assert_cmpstr (weft_event_table_get_kind_name (table, run), ==, "run");
  g_assert_cmpstr (weft_event_table_get_kind_name (table, mark), ==, "run");
  g_assert_cmpint (weft_event_table_get_kind_category (table, send), ==, WEFT_EVENT_LINK);
  g_assert_cmpint (weft_event_table_get_kind_category (table, mark), ==, WEFT_EVENT_INSTANT);
  g_assert_cmphex (weft_event_table_get_kind_color (table, run), ==, 0x3465a4ff);
  /* No colour given: 0, the renderer picks palette colour number <kind>. */
  g_assert_cmphex (weft_event_table_get_kind_color (table, send), ==, 0);
  g_assert_cmpstr (weft_event_table_get_row_name (table, 1), ==, "locale 1");
  g_assert_cmpstr (weft_event_table_get_row_group (table, 1), ==, "node A");

  weft_event_table_get_instants (table, 0, &instants);
  g_assert_cmpuint (instants.n, ==, 1);
  g_assert_cmpstr (weft_event_table_lookup_string (table, instants.label[0]), ==, "main.chpl:12");
  g_assert_cmpuint (instants.ref[0], ==, 42);
  g_assert_cmpstr (weft_event_table_lookup_string (table, 0), ==, "");
  g_assert_cmpstr (weft_event_table_lookup_string (table, 9999), ==, "");

  /* The boxed type copies by reference. */
  copy = g_boxed_copy (WEFT_TYPE_EVENT_TABLE, table);
  g_assert_true (copy == table);
}

/* Events out of order come out sorted, whatever the input order. */
static void
test_sorting (void)
{
  static const gint64 iv[][2] = {
    { 40, 50 }, { 0, 5 }, { 30, 35 }, { 10, 20 }, { 5, 10 }, { 20, 30 }, { 35, 40 },
  };
  static const gint64 inst[] = { 9, 3, 7, 3, 1, 12 };
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  const gint64 expected[] = { 0, 5, 5, 10, 10, 20, 20, 30, 30, 35, 35, 40, 40, 50 };
  WeftInstantSlice instants;
  WeftTimeSpan span;
  guint16 kind;

  kind = weft_event_table_builder_add_kind (builder, "k", WEFT_EVENT_INTERVAL, 0);
  weft_event_table_builder_add_row (builder, "r", NULL);
  for (guint i = 0; i < G_N_ELEMENTS (iv); i++)
    weft_event_table_builder_add_interval (builder, 0, iv[i][0], iv[i][1], kind, 0, i);
  for (guint i = 0; i < G_N_ELEMENTS (inst); i++)
    weft_event_table_builder_add_instant (builder, 0, inst[i], kind, 0, 100 + i);
  table = finish (builder);

  /* Back to back: one lane, sorted, refs travel with their intervals. */
  g_assert_cmpuint (weft_event_table_get_n_lanes (table, 0), ==, 1);
  assert_lane (table, 0, 0, expected, 7);
  {
    WeftIntervalSlice slice;

    weft_event_table_get_lane (table, 0, 0, &slice);
    g_assert_cmpuint (slice.ref[0], ==, 1);
    g_assert_cmpuint (slice.ref[6], ==, 0);
  }

  weft_event_table_get_instants (table, 0, &instants);
  g_assert_cmpuint (instants.n, ==, 6);
  g_assert_cmpint (instants.time[0], ==, 1);
  g_assert_cmpint (instants.time[1], ==, 3);
  g_assert_cmpint (instants.time[2], ==, 3);
  g_assert_cmpint (instants.time[3], ==, 7);
  g_assert_cmpint (instants.time[4], ==, 9);
  g_assert_cmpint (instants.time[5], ==, 12);
  /* Equal times are ordered by the other fields: ref 101 before 103. */
  g_assert_cmpuint (instants.ref[1], ==, 101);
  g_assert_cmpuint (instants.ref[2], ==, 103);

  span = weft_event_table_get_span (table);
  g_assert_cmpint (span.begin, ==, 0);
  g_assert_cmpint (span.end, ==, 50);
  g_assert_cmpuint (weft_event_table_get_n_events (table), ==, 13);
}

/* Greedy packing, worked by hand:
 * sorted (begin, then longer first): [0,10) [0,0) [5,15) [10,20) [12,13) [20,30)
 *   [0,10)  -> lane 0 (new)          lane ends: 10
 *   [0,0)   -> lane 1 (new)          10 0
 *   [5,15)  -> lane 1 (0 <= 5)       10 15
 *   [10,20) -> lane 0 (10 <= 10)     20 15
 *   [12,13) -> lane 2 (new)          20 15 13
 *   [20,30) -> lane 0 (20 <= 20)     30 15 13 */
/* Instants that come in order go straight into the columns; an instant
 * out of order, even the last of 200,000 (several of the builder's chunks
 * copied already) or one that ties on time but not on kind, sends the row
 * through the sort. Every field is checked against the expected order. */
static void
check_instants_in_order (guint n,
                         gboolean last_first,
                         gboolean tie_reversed)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  WeftInstantSlice slice;
  guint16 kinds[3];

  for (guint k = 0; k < 3; k++)
    kinds[k] = weft_event_table_builder_add_kind (builder, k == 0 ? "a" : k == 1 ? "b" : "c", WEFT_EVENT_INSTANT, 0);
  weft_event_table_builder_add_row (builder, "r", NULL);
  /* Three instants a time (kinds a, b, c in order, or c, b, a); with
   * @last_first the last one is at time -1 instead. With @tie_reversed,
   * @n less the moved one must be whole groups of three. */
  for (guint i = 0; i < n; i++)
    {
      gboolean moved = last_first && i == n - 1;
      guint k = tie_reversed ? 2 - i % 3 : i % 3;

      weft_event_table_builder_add_instant (builder, 0, moved ? -1 : (gint64)(i / 3), kinds[k], i, 1000 + i);
    }
  table = finish (builder);

  weft_event_table_get_instants (table, 0, &slice);
  g_assert_cmpuint (slice.n, ==, n);
  for (guint j = 0; j < n; j++)
    {
      /* The instant added as i that sorts to place j: the moved one first,
       * then the others by time and, within a time, by kind. */
      guint jj = last_first ? j - 1 : j;
      guint i, expected_kind;
      gint64 time;

      if (last_first && j == 0)
        {
          i = n - 1;
          time = -1;
          expected_kind = tie_reversed ? 2 - i % 3 : i % 3;
        }
      else
        {
          i = tie_reversed ? (jj / 3) * 3 + (2 - jj % 3) : jj;
          time = i / 3;
          expected_kind = jj % 3;
        }
      g_assert_cmpint (slice.time[j], ==, time);
      g_assert_cmpuint (slice.kind[j], ==, kinds[expected_kind]);
      g_assert_cmpuint (slice.label[j], ==, i);
      g_assert_cmpuint (slice.ref[j], ==, 1000 + i);
    }
}

static void
test_instants_in_order (void)
{
  check_instants_in_order (200000, FALSE, FALSE);
  check_instants_in_order (200000, TRUE, FALSE);
  check_instants_in_order (30, FALSE, TRUE);
  check_instants_in_order (31, TRUE, TRUE);
}

static void
test_lanes (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  const gint64 lane0[] = { 0, 10, 10, 20, 20, 30 };
  const gint64 lane1[] = { 0, 0, 5, 15 };
  const gint64 lane2[] = { 12, 13 };
  guint16 kind;

  kind = weft_event_table_builder_add_kind (builder, "k", WEFT_EVENT_INTERVAL, 0);
  weft_event_table_builder_add_row (builder, "r", NULL);
  weft_event_table_builder_add_interval (builder, 0, 20, 30, kind, 0, 0);
  weft_event_table_builder_add_interval (builder, 0, 12, 13, kind, 0, 0);
  weft_event_table_builder_add_interval (builder, 0, 5, 15, kind, 0, 0);
  weft_event_table_builder_add_interval (builder, 0, 0, 0, kind, 0, 0);
  weft_event_table_builder_add_interval (builder, 0, 10, 20, kind, 0, 0);
  weft_event_table_builder_add_interval (builder, 0, 0, 10, kind, 0, 0);
  table = finish (builder);

  g_assert_cmpuint (weft_event_table_get_n_lanes (table, 0), ==, 3);
  assert_lane (table, 0, 0, lane0, 3);
  assert_lane (table, 0, 1, lane1, 2);
  assert_lane (table, 0, 2, lane2, 1);
}

/* A reversed interval is stored as a zero-length one at its begin. */
static void
test_reversed_interval (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  const gint64 lane0[] = { 50, 50 };
  WeftLodBucket agg;
  WeftTimeSpan span;

  weft_event_table_builder_add_kind (builder, "k", WEFT_EVENT_INTERVAL, 0);
  weft_event_table_builder_add_row (builder, "r", NULL);
  weft_event_table_builder_add_interval (builder, 0, 50, 40, 0, 0, 0);
  table = finish (builder);

  assert_lane (table, 0, 0, lane0, 1);
  span = weft_event_table_get_span (table);
  g_assert_cmpint (span.begin, ==, 50);
  g_assert_cmpint (span.end, ==, 50);

  /* Zero busy time; it counts as an interval and gives its kind. */
  weft_event_table_aggregate (table, 0, 0, 100, &agg);
  g_assert_cmpint (agg.busy, ==, 0);
  g_assert_cmpuint (agg.n_intervals, ==, 1);
  g_assert_cmpuint (agg.kind, ==, 0);
}

static void
test_clamped_times (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  g_autoptr(WeftRangeStats) stats = NULL;
  WeftTimeSpan span;
  WeftLodBucket agg;
  guint n_levels;

  weft_event_table_builder_add_kind (builder, "k", WEFT_EVENT_INTERVAL, 0);
  weft_event_table_builder_add_row (builder, "r", NULL);
  weft_event_table_builder_add_interval (builder, 0, G_MININT64, G_MAXINT64, 0, 0, 0);
  weft_event_table_builder_add_instant (builder, 0, G_MAXINT64, 0, 0, 0);
  weft_event_table_builder_add_interval (builder, 0, 0, 1, 0, 0, 0);
  table = finish (builder);

  span = weft_event_table_get_span (table);
  g_assert_cmpint (span.begin, ==, WEFT_EVENT_TIME_MIN);
  g_assert_cmpint (span.end, ==, WEFT_EVENT_TIME_MAX);

  /* The whole range: one bucket of 2^62 covers it at the top. */
  n_levels = weft_event_table_get_lod_n_levels (table, 0);
  g_assert_cmpint (weft_event_table_get_lod_width (table, 0, n_levels - 1), ==, G_GINT64_CONSTANT (1) << 62);
  weft_event_table_aggregate (table, 0, G_MININT64, G_MAXINT64, &agg);
  g_assert_cmpint (agg.busy, ==, WEFT_EVENT_TIME_MAX - WEFT_EVENT_TIME_MIN + 1);
  g_assert_cmpuint (agg.n_intervals, ==, 2);
  g_assert_cmpuint (agg.n_instants, ==, 1);

  stats = weft_event_table_range_stats (table, -10, 10);
  g_assert_cmpint (stats->row_busy[0], ==, 21);
  g_assert_cmpuint (stats->row_intervals[0], ==, 2);
  g_assert_cmpuint (stats->kind_count[0], ==, 2);
}

/* Range queries at exact edges ------------------------------------------------ */

static void
test_find_edges (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  gsize first, last;
  guint16 kind;

  kind = weft_event_table_builder_add_kind (builder, "k", WEFT_EVENT_INTERVAL, 0);
  weft_event_table_builder_add_row (builder, "back to back", NULL);
  weft_event_table_builder_add_row (builder, "zero at an end", NULL);
  weft_event_table_builder_add_row (builder, "no intervals", NULL);
  /* Row 0, lane 0: [0,10) [10,20) [20,30) */
  weft_event_table_builder_add_interval (builder, 0, 0, 10, kind, 0, 0);
  weft_event_table_builder_add_interval (builder, 0, 10, 20, kind, 0, 0);
  weft_event_table_builder_add_interval (builder, 0, 20, 30, kind, 0, 0);
  /* Row 1, lane 0: [0,10) [10,10) [15,15) */
  weft_event_table_builder_add_interval (builder, 1, 0, 10, kind, 0, 0);
  weft_event_table_builder_add_interval (builder, 1, 10, 10, kind, 0, 0);
  weft_event_table_builder_add_interval (builder, 1, 15, 15, kind, 0, 0);
  /* Row 2: instants only, two at the same time. */
  weft_event_table_builder_add_instant (builder, 2, 5, kind, 0, 0);
  weft_event_table_builder_add_instant (builder, 2, 10, kind, 0, 0);
  weft_event_table_builder_add_instant (builder, 2, 10, kind, 0, 0);
  weft_event_table_builder_add_instant (builder, 2, 20, kind, 0, 0);
  table = finish (builder);

  g_assert_cmpuint (weft_event_table_get_n_lanes (table, 0), ==, 1);
  assert_find (table, 0, 0, 10, 20, 1, 2);   /* exactly one interval */
  assert_find (table, 0, 0, 9, 10, 0, 1);    /* the last unit of the first */
  assert_find (table, 0, 0, 9, 11, 0, 2);
  assert_find (table, 0, 0, 10, 10, 0, 0);   /* empty range */
  assert_find (table, 0, 0, 15, 12, 0, 0);   /* reversed range */
  assert_find (table, 0, 0, 30, 40, 0, 0);   /* after the span */
  assert_find (table, 0, 0, -5, 0, 0, 0);    /* before the span */
  assert_find (table, 0, 0, 29, 30, 2, 3);
  assert_find (table, 0, 0, G_MININT64, G_MAXINT64, 0, 3);
  assert_find (table, 0, 0, 19, 21, 1, 3);

  /* Zero-length intervals overlap [t0, t1) when t0 <= b < t1. */
  g_assert_cmpuint (weft_event_table_get_n_lanes (table, 1), ==, 1);
  assert_find (table, 1, 0, 10, 11, 1, 2);   /* [10,10) but not [0,10) */
  assert_find (table, 1, 0, 9, 10, 0, 1);    /* [0,10) but not [10,10) */
  assert_find (table, 1, 0, 9, 11, 0, 2);
  assert_find (table, 1, 0, 11, 15, 0, 0);   /* [15,15) begins at the end */
  assert_find (table, 1, 0, 15, 16, 2, 3);
  assert_find (table, 1, 0, 10, 16, 1, 3);
  assert_find (table, 1, 0, 16, 100, 0, 0);

  weft_event_table_find_instants (table, 2, 10, 20, &first, &last);
  g_assert_cmpuint (first, ==, 1);
  g_assert_cmpuint (last, ==, 3);
  weft_event_table_find_instants (table, 2, 5, 6, &first, &last);
  g_assert_cmpuint (first, ==, 0);
  g_assert_cmpuint (last, ==, 1);
  weft_event_table_find_instants (table, 2, 20, 21, &first, &last);
  g_assert_cmpuint (first, ==, 3);
  g_assert_cmpuint (last, ==, 4);
  weft_event_table_find_instants (table, 2, 21, 100, &first, &last);
  g_assert_cmpuint (first, ==, last);
  weft_event_table_find_instants (table, 2, 0, 5, &first, &last);
  g_assert_cmpuint (first, ==, last);
  weft_event_table_find_instants (table, 2, 10, 10, &first, &last);
  g_assert_cmpuint (first, ==, last);
  g_assert_cmpuint (weft_event_table_get_n_lanes (table, 2), ==, 0);

  /* Row 0 has no instants. */
  weft_event_table_find_instants (table, 0, G_MININT64, G_MAXINT64, &first, &last);
  g_assert_cmpuint (first, ==, last);
}

static void
test_links (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  g_autoptr(WeftRangeStats) stats = NULL;
  WeftLinkSlice slice;
  WeftTimeSpan span;
  gsize first, last;
  guint16 get, put;
  int pair;

  get = weft_event_table_builder_add_kind (builder, "get", WEFT_EVENT_LINK, 0);
  put = weft_event_table_builder_add_kind (builder, "put", WEFT_EVENT_LINK, 0);
  for (guint i = 0; i < 3; i++)
    weft_event_table_builder_add_row (builder, "r", NULL);
  /* Out of order on purpose; one link goes back in time (to 2 < from 50). */
  weft_event_table_builder_add_link (builder, 2, 30, 0, 35, put, 8, 0, 7);
  weft_event_table_builder_add_link (builder, 0, 50, 1, 2, get, 100, 0, 1);
  weft_event_table_builder_add_link (builder, 0, 10, 1, 12, put, 200, 0, 2);
  weft_event_table_builder_add_link (builder, 0, 30, 2, 31, get, 300, 0, 3);
  weft_event_table_builder_add_link (builder, 0, 20, 1, 90, get, 400, 0, 4);
  weft_event_table_builder_add_link (builder, 1, 40, 0, 41, get, 16, 0, 5);
  table = finish (builder);

  g_assert_cmpuint (weft_event_table_get_n_events (table), ==, 6);
  span = weft_event_table_get_span (table);
  g_assert_cmpint (span.begin, ==, 2);
  g_assert_cmpint (span.end, ==, 90);

  /* Pairs in (from, to) order. */
  g_assert_cmpuint (weft_event_table_get_n_link_pairs (table), ==, 4);
  g_assert_cmpint (weft_event_table_lookup_link_pair (table, 0, 1), ==, 0);
  g_assert_cmpint (weft_event_table_lookup_link_pair (table, 0, 2), ==, 1);
  g_assert_cmpint (weft_event_table_lookup_link_pair (table, 1, 0), ==, 2);
  g_assert_cmpint (weft_event_table_lookup_link_pair (table, 2, 0), ==, 3);
  g_assert_cmpint (weft_event_table_lookup_link_pair (table, 1, 2), ==, -1);
  g_assert_cmpint (weft_event_table_lookup_link_pair (table, 0, 0), ==, -1);
  g_assert_cmpint (weft_event_table_lookup_link_pair (table, 5, 0), ==, -1);

  pair = weft_event_table_lookup_link_pair (table, 0, 1);
  weft_event_table_get_link_pair (table, pair, &slice);
  g_assert_cmpuint (slice.from_row, ==, 0);
  g_assert_cmpuint (slice.to_row, ==, 1);
  g_assert_cmpuint (slice.n, ==, 3);
  g_assert_cmpint (slice.from_time[0], ==, 10);
  g_assert_cmpint (slice.from_time[1], ==, 20);
  g_assert_cmpint (slice.from_time[2], ==, 50);
  g_assert_cmpint (slice.to_time[2], ==, 2);
  g_assert_cmpuint (slice.size[1], ==, 400);
  g_assert_cmpuint (slice.kind[0], ==, put);
  g_assert_cmpuint (slice.ref[2], ==, 1);

  weft_event_table_find_links (table, pair, 20, 50, &first, &last);
  g_assert_cmpuint (first, ==, 1);
  g_assert_cmpuint (last, ==, 2);
  weft_event_table_find_links (table, pair, 20, 51, &first, &last);
  g_assert_cmpuint (first, ==, 1);
  g_assert_cmpuint (last, ==, 3);
  weft_event_table_find_links (table, pair, 51, 100, &first, &last);
  g_assert_cmpuint (first, ==, last);

  /* Links by from-time: [10, 40) holds from-times 10, 20, 30, 30. */
  stats = weft_event_table_range_stats (table, 10, 40);
  g_assert_cmpuint (stats->n_pairs, ==, 4);
  g_assert_cmpuint (stats->pair_count[0], ==, 2);
  g_assert_cmpuint (stats->pair_size[0], ==, 600);
  g_assert_cmpuint (stats->pair_count[1], ==, 1);
  g_assert_cmpuint (stats->pair_size[1], ==, 300);
  g_assert_cmpuint (stats->pair_count[2], ==, 0);
  g_assert_cmpuint (stats->pair_size[2], ==, 0);
  g_assert_cmpuint (stats->pair_count[3], ==, 1);
  g_assert_cmpuint (stats->pair_size[3], ==, 8);
  g_assert_cmpuint (stats->kind_count[get], ==, 2);
  g_assert_cmpuint (stats->kind_count[put], ==, 2);
}

/* The same events in two orders give identical tables. */
static void
test_deterministic (void)
{
  g_autoptr(WeftEventTableBuilder) a = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTableBuilder) b = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) ta = NULL;
  g_autoptr(WeftEventTable) tb = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (gint64) * 4);

  for (guint k = 0; k < 3; k++)
    {
      weft_event_table_builder_add_kind (a, "k", WEFT_EVENT_INTERVAL, 0);
      weft_event_table_builder_add_kind (b, "k", WEFT_EVENT_INTERVAL, 0);
    }
  weft_event_table_builder_add_row (a, "r", NULL);
  weft_event_table_builder_add_row (b, "r", NULL);
  for (guint i = 0; i < 5000; i++)
    {
      /* Few distinct times, so that many events tie on begin. */
      gint64 ev[4] = { g_rand_int_range (rand, 0, 50), g_rand_int_range (rand, 0, 20),
                       g_rand_int_range (rand, 0, 3), i };

      g_array_append_val (events, ev);
    }
  for (guint i = 0; i < events->len; i++)
    {
      const gint64 *ev = &g_array_index (events, gint64, 4 * i);

      weft_event_table_builder_add_interval (a, 0, ev[0], ev[0] + ev[1], ev[2], 0, ev[3] % 7);
      weft_event_table_builder_add_instant (a, 0, ev[0], ev[2], 0, ev[3] % 5);
    }
  for (guint i = events->len; i-- > 0;)
    {
      const gint64 *ev = &g_array_index (events, gint64, 4 * i);

      weft_event_table_builder_add_interval (b, 0, ev[0], ev[0] + ev[1], ev[2], 0, ev[3] % 7);
      weft_event_table_builder_add_instant (b, 0, ev[0], ev[2], 0, ev[3] % 5);
    }
  ta = finish (a);
  tb = finish (b);

  g_assert_cmpuint (weft_event_table_get_n_lanes (ta, 0), ==, weft_event_table_get_n_lanes (tb, 0));
  for (guint lane = 0; lane < weft_event_table_get_n_lanes (ta, 0); lane++)
    {
      WeftIntervalSlice sa, sb;

      weft_event_table_get_lane (ta, 0, lane, &sa);
      weft_event_table_get_lane (tb, 0, lane, &sb);
      g_assert_cmpuint (sa.n, ==, sb.n);
      g_assert_cmpmem (sa.begin, sa.n * 8, sb.begin, sb.n * 8);
      g_assert_cmpmem (sa.end, sa.n * 8, sb.end, sb.n * 8);
      g_assert_cmpmem (sa.kind, sa.n * 2, sb.kind, sb.n * 2);
      g_assert_cmpmem (sa.ref, sa.n * 4, sb.ref, sb.n * 4);
    }
  {
    WeftInstantSlice ia, ib;

    weft_event_table_get_instants (ta, 0, &ia);
    weft_event_table_get_instants (tb, 0, &ib);
    g_assert_cmpuint (ia.n, ==, 5000);
    g_assert_cmpmem (ia.time, ia.n * 8, ib.time, ib.n * 8);
    g_assert_cmpmem (ia.kind, ia.n * 2, ib.kind, ib.n * 2);
    g_assert_cmpmem (ia.ref, ia.n * 4, ib.ref, ib.n * 4);
  }
}

/* Several threads may fill different rows of one builder at once; the
 * table is the same as one filled by one thread (links nearly in time order
 * per target row, with ties and a few late ones, as readers add them). */
typedef struct
{
  WeftEventTableBuilder *builder;
  const GArray          *events;
  guint                  thread;
  guint                  n_threads;
} FillData;

static void
fill_rows (WeftEventTableBuilder *builder,
           const GArray          *events,
           guint                  thread,
           guint                  n_threads)
{
  for (guint i = 0; i < events->len; i++)
    {
      const gint64 *ev = &g_array_index (events, gint64, 6 * i);
      guint from = (guint)ev[0];

      if (from % n_threads != thread)
        continue;
      if (ev[5] == 0)
        weft_event_table_builder_add_interval (builder, from, ev[2], ev[2] + ev[3], (guint16)ev[4], 0, i);
      else
        weft_event_table_builder_add_link (builder, from, ev[2], (guint)ev[1], ev[2] + (ev[5] == 1 ? 0 : ev[3]),
                                           (guint16)ev[4], (guint64)ev[3], (guint32)ev[4], i % 13);
    }
}

static gpointer
fill_thread (gpointer user_data)
{
  FillData *data = user_data;

  fill_rows (data->builder, data->events, data->thread, data->n_threads);
  return NULL;
}

static void
test_threaded_fill (void)
{
  g_autoptr(WeftEventTableBuilder) a = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTableBuilder) b = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) ta = NULL;
  g_autoptr(WeftEventTable) tb = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(GArray) events = g_array_new (FALSE, FALSE, sizeof (gint64) * 6);
  FillData data[2];
  GThread *thread;
  gint64 t = 0;

  for (guint k = 0; k < 3; k++)
    {
      weft_event_table_builder_add_kind (a, "k", k == 0 ? WEFT_EVENT_INTERVAL : WEFT_EVENT_LINK, 0);
      weft_event_table_builder_add_kind (b, "k", k == 0 ? WEFT_EVENT_INTERVAL : WEFT_EVENT_LINK, 0);
    }
  for (guint r = 0; r < 5; r++)
    {
      weft_event_table_builder_add_row (a, "r", NULL);
      weft_event_table_builder_add_row (b, "r", NULL);
    }
  for (guint i = 0; i < 20000; i++)
    {
      /* from, to, time, length/size, kind, shape (0 interval, 1 instant link, 2 link) */
      gint64 ev[6];

      t += g_rand_int_range (rand, 0, 3);
      ev[0] = g_rand_int_range (rand, 0, 5);
      ev[1] = g_rand_int_range (rand, 0, 5);
      ev[2] = g_rand_int_range (rand, 0, 40) == 0 ? t - g_rand_int_range (rand, 0, 200) : t;
      ev[3] = g_rand_int_range (rand, 0, 30);
      ev[5] = g_rand_int_range (rand, 0, 3);
      ev[4] = ev[5] == 0 ? 0 : g_rand_int_range (rand, 1, 3);
      g_array_append_val (events, ev);
    }

  fill_rows (a, events, 0, 1);
  for (guint k = 0; k < 2; k++)
    data[k] = (FillData) { b, events, k, 2 };
  thread = g_thread_new ("fill", fill_thread, &data[1]);
  fill_thread (&data[0]);
  g_thread_join (thread);
  ta = finish (a);
  tb = finish (b);

  g_assert_cmpuint (weft_event_table_get_n_events (ta), ==, 20000);
  g_assert_cmpuint (weft_event_table_get_n_events (tb), ==, 20000);
  g_assert_cmpuint (weft_event_table_get_n_link_pairs (ta), ==, 25);
  g_assert_cmpuint (weft_event_table_get_n_link_pairs (tb), ==, 25);
  for (guint p = 0; p < weft_event_table_get_n_link_pairs (ta); p++)
    {
      WeftLinkSlice la, lb;

      weft_event_table_get_link_pair (ta, p, &la);
      weft_event_table_get_link_pair (tb, p, &lb);
      g_assert_cmpuint (la.from_row, ==, lb.from_row);
      g_assert_cmpuint (la.to_row, ==, lb.to_row);
      g_assert_cmpuint (la.n, ==, lb.n);
      for (gsize i = 1; i < la.n; i++)
        g_assert_cmpint (la.from_time[i - 1], <=, la.from_time[i]);
      g_assert_cmpmem (la.from_time, la.n * 8, lb.from_time, lb.n * 8);
      g_assert_cmpmem (la.to_time, la.n * 8, lb.to_time, lb.n * 8);
      g_assert_cmpmem (la.size, la.n * 8, lb.size, lb.n * 8);
      g_assert_cmpmem (la.kind, la.n * 2, lb.kind, lb.n * 2);
      g_assert_cmpmem (la.label, la.n * 4, lb.label, lb.n * 4);
      g_assert_cmpmem (la.ref, la.n * 4, lb.ref, lb.n * 4);
    }
  for (guint r = 0; r < 5; r++)
    {
      g_assert_cmpuint (weft_event_table_get_n_lanes (ta, r), ==, weft_event_table_get_n_lanes (tb, r));
      for (guint lane = 0; lane < weft_event_table_get_n_lanes (ta, r); lane++)
        {
          WeftIntervalSlice sa, sb;

          weft_event_table_get_lane (ta, r, lane, &sa);
          weft_event_table_get_lane (tb, r, lane, &sb);
          g_assert_cmpuint (sa.n, ==, sb.n);
          g_assert_cmpmem (sa.begin, sa.n * 8, sb.begin, sb.n * 8);
          g_assert_cmpmem (sa.ref, sa.n * 4, sb.ref, sb.n * 4);
        }
    }
}

/* A row's intervals added as two sorted runs whose begins interleave (an MPD
 * row's lifetimes, then its waits): the second run is too far out of place
 * for the insertion sort, so the merge sort orders them, in the worker's
 * buffer for instants and links. None overlaps: one lane, in begin order,
 * each with its own ref. */
static void
test_interval_runs (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  WeftIntervalSlice slice;
  const gint64 per_run = 20000;

  weft_event_table_builder_add_kind (builder, "a", WEFT_EVENT_INTERVAL, 0);
  weft_event_table_builder_add_row (builder, "r0", NULL);
  for (gint64 run = 0; run < 2; run++)
    for (gint64 i = 0; i < per_run; i++)
      {
        gint64 begin = 4 * i + 2 * run;

        weft_event_table_builder_add_interval (builder, 0, begin, begin + 1, 0, 0, (guint32)begin);
      }
  table = finish (builder);

  g_assert_cmpuint (weft_event_table_get_n_lanes (table, 0), ==, 1);
  weft_event_table_get_lane (table, 0, 0, &slice);
  g_assert_cmpuint (slice.n, ==, 2 * per_run);
  for (gsize i = 0; i < slice.n; i++)
    {
      g_assert_cmpint (slice.begin[i], ==, 2 * (gint64)i);
      g_assert_cmpint (slice.end[i], ==, 2 * (gint64)i + 1);
      g_assert_cmpuint (slice.ref[i], ==, 2 * i);
    }
}

/* The links of one pair added as several sorted runs (gets of one reader
 * pass, puts of another), with ties and late records (the insertion sort
 * gives up on a record far back, or at the next run), then some in random
 * order: sorted by from-time,
 * then to-time, kind, size, label and ref, none lost. */
/* A kind is used when an interval, an instant or a link of any row has it:
 * the legend lists those. */
static void
test_kind_used (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  guint16 kinds[6];

  kinds[0] = weft_event_table_builder_add_kind (builder, "interval", WEFT_EVENT_INTERVAL, 0);
  kinds[1] = weft_event_table_builder_add_kind (builder, "unused interval", WEFT_EVENT_INTERVAL, 0);
  kinds[2] = weft_event_table_builder_add_kind (builder, "instant", WEFT_EVENT_INSTANT, 0);
  kinds[3] = weft_event_table_builder_add_kind (builder, "unused instant", WEFT_EVENT_INSTANT, 0);
  kinds[4] = weft_event_table_builder_add_kind (builder, "link", WEFT_EVENT_LINK, 0);
  kinds[5] = weft_event_table_builder_add_kind (builder, "unused link", WEFT_EVENT_LINK, 0);
  for (guint r = 0; r < 3; r++)
    weft_event_table_builder_add_row (builder, "row", NULL);
  /* Each on a row of its own: the rows are finished apart. */
  weft_event_table_builder_add_interval (builder, 0, 10, 20, kinds[0], 0, 0);
  weft_event_table_builder_add_instant (builder, 1, 15, kinds[2], 0, 0);
  weft_event_table_builder_add_link (builder, 2, 12, 0, 18, kinds[4], 8, 0, 0);
  table = finish (builder);

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    g_assert_cmpint (weft_event_table_get_kind_used (table, kinds[k]), ==, k % 2 == 0);
}

static void
test_link_runs (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  WeftLinkSlice slice;
  guint64 sum = 0, expected_sum = 0;
  const guint per_run = 30000;
  const guint n_random = 5000;

  weft_event_table_builder_add_kind (builder, "a", WEFT_EVENT_LINK, 0);
  weft_event_table_builder_add_kind (builder, "b", WEFT_EVENT_LINK, 0);
  weft_event_table_builder_add_row (builder, "r0", NULL);
  weft_event_table_builder_add_row (builder, "r1", NULL);
  for (guint run = 0; run < 3; run++)
    for (guint i = 0; i < per_run; i++)
      {
        gint64 t = 3 * (gint64)i + run;
        guint64 size = g_rand_int_range (rand, 0, 4);

        /* Now and then a late record, now and then one far out of place
         * (more than SORT_LINK_MAX_DISTANCE back), and ties across runs. */
        if (g_rand_int_range (rand, 0, 50) == 0)
          t -= g_rand_int_range (rand, 0, 120);
        if (g_rand_int_range (rand, 0, 1000) == 0)
          t -= 600;
        if (run == 2 && i % 7 == 0)
          t -= 2;
        weft_event_table_builder_add_link (builder, 0, t, 1, run == 1 ? t + 5 : t, (guint16)(i % 2), size, 0,
                                           run * per_run + i);
        expected_sum += run * per_run + i;
      }
  /* Then some in no order at all: many short runs to merge. */
  for (guint i = 0; i < n_random; i++)
    {
      gint64 t = g_rand_int_range (rand, 0, 3 * per_run);

      weft_event_table_builder_add_link (builder, 0, t, 1, t, 0, 1, 0, 3 * per_run + i);
      expected_sum += 3 * per_run + i;
    }
  table = finish (builder);

  g_assert_cmpuint (weft_event_table_get_n_link_pairs (table), ==, 1);
  weft_event_table_get_link_pair (table, 0, &slice);
  g_assert_cmpuint (slice.n, ==, 3 * per_run + n_random);
  for (gsize i = 0; i < slice.n; i++)
    {
      sum += slice.ref[i];
      if (i == 0)
        continue;
      if (slice.from_time[i - 1] != slice.from_time[i])
        {
          g_assert_cmpint (slice.from_time[i - 1], <, slice.from_time[i]);
          continue;
        }
      if (slice.to_time[i - 1] != slice.to_time[i])
        {
          g_assert_cmpint (slice.to_time[i - 1], <, slice.to_time[i]);
          continue;
        }
      if (slice.kind[i - 1] != slice.kind[i])
        {
          g_assert_cmpuint (slice.kind[i - 1], <, slice.kind[i]);
          continue;
        }
      if (slice.size[i - 1] != slice.size[i])
        {
          g_assert_cmpuint (slice.size[i - 1], <, slice.size[i]);
          continue;
        }
      g_assert_cmpuint (slice.ref[i - 1], <, slice.ref[i]);
    }
  g_assert_cmpuint (sum, ==, expected_sum);
}

/* Brute force ------------------------------------------------------------------- */

typedef struct
{
  gint64  begin;
  gint64  end;
  guint16 kind;
} RefInterval;

typedef struct
{
  gint64  time;
  guint16 kind;
} RefInstant;

typedef struct
{
  guint   from_row;
  guint   to_row;
  gint64  from_time;
  gint64  to_time;
  guint64 size;
  guint16 kind;
} RefLink;

typedef struct
{
  guint   n_rows;
  guint   n_kinds;
  GArray **intervals;  /* per row: RefInterval */
  GArray **instants;   /* per row: RefInstant */
  GArray  *links;      /* RefLink */
  WeftEventTable *table;
} Reference;

static void
reference_free (Reference *ref)
{
  for (guint r = 0; r < ref->n_rows; r++)
    {
      g_array_unref (ref->intervals[r]);
      g_array_unref (ref->instants[r]);
    }
  g_free (ref->intervals);
  g_free (ref->instants);
  g_array_unref (ref->links);
  weft_event_table_unref (ref->table);
  g_free (ref);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Reference, reference_free)

static gint64
rand_length (GRand *rand,
             gint64 scale)
{
  switch (g_rand_int_range (rand, 0, 10))
    {
    case 0:
      return 0;                                           /* zero-length */
    case 1:
      return g_rand_int_range (rand, 1, (gint32)(scale * 20)); /* long: many buckets */
    default:
      return g_rand_int_range (rand, 1, (gint32)scale);
    }
}

/* Rows of every shape: empty, instants only, intervals only, all at one
 * time, a single kind, many kinds, few or many lanes, negative times. */
static Reference *
reference_new (guint32 seed,
               guint   n_rows)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  Reference *ref = g_new0 (Reference, 1);

  ref->n_rows = n_rows;
  ref->n_kinds = 40;
  ref->intervals = g_new (GArray *, n_rows);
  ref->instants = g_new (GArray *, n_rows);
  ref->links = g_array_new (FALSE, FALSE, sizeof (RefLink));

  for (guint k = 0; k < ref->n_kinds; k++)
    {
      g_autofree char *name = g_strdup_printf ("kind %u", k);

      weft_event_table_builder_add_kind (builder, name, WEFT_EVENT_INTERVAL, 0);
    }

  for (guint r = 0; r < n_rows; r++)
    {
      guint shape = r % 8;
      guint n_iv = shape == 0 ? 0 : g_rand_int_range (rand, 1, 3000);
      guint n_in = shape == 1 ? 0 : g_rand_int_range (rand, 0, 1500);
      guint n_row_kinds = shape == 2 ? 1 : (shape == 3 ? 40 : g_rand_int_range (rand, 2, 12));
      guint kind_base = g_rand_int_range (rand, 0, ref->n_kinds - n_row_kinds + 1);
      gint64 origin = shape == 4 ? -1000000 : g_rand_int_range (rand, 0, 100000);
      gint64 extent = shape == 5 ? 1 : g_rand_int_range (rand, 1000, 2000000);
      gint64 scale = MAX (2, extent / MAX (1, n_iv / 4));

      ref->intervals[r] = g_array_new (FALSE, FALSE, sizeof (RefInterval));
      ref->instants[r] = g_array_new (FALSE, FALSE, sizeof (RefInstant));
      weft_event_table_builder_add_row (builder, "row", NULL);

      if (shape == 6)
        n_iv = n_in = 0;

      for (guint i = 0; i < n_iv; i++)
        {
          RefInterval iv;

          iv.begin = origin + g_rand_int_range (rand, 0, (gint32)extent);
          iv.end = shape == 5 ? iv.begin : iv.begin + rand_length (rand, scale);
          iv.kind = kind_base + g_rand_int_range (rand, 0, n_row_kinds);
          g_array_append_val (ref->intervals[r], iv);
          weft_event_table_builder_add_interval (builder, r, iv.begin, iv.end, iv.kind, 0, i);
        }
      for (guint i = 0; i < n_in; i++)
        {
          RefInstant in;

          in.time = origin + g_rand_int_range (rand, 0, (gint32)extent);
          in.kind = kind_base + g_rand_int_range (rand, 0, n_row_kinds);
          g_array_append_val (ref->instants[r], in);
          weft_event_table_builder_add_instant (builder, r, in.time, in.kind, 0, i);
        }
    }

  for (guint i = 0; i < 4000; i++)
    {
      RefLink link;

      link.from_row = g_rand_int_range (rand, 0, n_rows);
      link.to_row = g_rand_int_range (rand, 0, MIN (n_rows, 5));
      link.from_time = g_rand_int_range (rand, 0, 2000000);
      link.to_time = link.from_time + g_rand_int_range (rand, -100, 10000);
      link.size = g_rand_int_range (rand, 0, 1 << 20);
      link.kind = g_rand_int_range (rand, 0, ref->n_kinds);
      g_array_append_val (ref->links, link);
      weft_event_table_builder_add_link (builder, link.from_row, link.from_time, link.to_row, link.to_time,
                                         link.kind, link.size, 0, i);
    }

  ref->table = finish (builder);
  return ref;
}

/* The exact aggregate of @row over [t0, t1), by looking at every event. */
static void
brute_aggregate (const Reference *ref,
                 guint            row,
                 gint64           t0,
                 gint64           t1,
                 WeftLodBucket   *result,
                 guint64         *row_overlapping)
{
  g_autofree guint64 *busy = g_new0 (guint64, ref->n_kinds);
  g_autofree guint64 *count = g_new0 (guint64, ref->n_kinds);
  guint64 total = 0;
  guint64 overlapping = 0;
  guint64 best_busy = 0, best_count = 0;

  memset (result, 0, sizeof *result);
  result->kind = NO_KIND;

  for (guint i = 0; i < ref->intervals[row]->len; i++)
    {
      const RefInterval *iv = &g_array_index (ref->intervals[row], RefInterval, i);
      gint64 lo = MAX (iv->begin, t0);
      gint64 hi = MIN (iv->end, t1);

      if (iv->begin >= t0 && iv->begin < t1)
        result->n_intervals++;
      if (iv->begin == iv->end)
        {
          if (iv->begin >= t0 && iv->begin < t1)
            {
              count[iv->kind]++;
              overlapping++;
            }
        }
      else if (hi > lo)
        {
          busy[iv->kind] += hi - lo;
          total += hi - lo;
          overlapping++;
        }
    }
  for (guint i = 0; i < ref->instants[row]->len; i++)
    {
      const RefInstant *in = &g_array_index (ref->instants[row], RefInstant, i);

      if (in->time >= t0 && in->time < t1)
        {
          result->n_instants++;
          count[in->kind]++;
        }
    }

  for (guint k = 0; k < ref->n_kinds; k++)
    if (busy[k] > best_busy)
      {
        best_busy = busy[k];
        result->kind = k;
      }
  if (best_busy == 0)
    for (guint k = 0; k < ref->n_kinds; k++)
      if (count[k] > best_count)
        {
          best_count = count[k];
          result->kind = k;
        }
  result->busy = total;
  if (row_overlapping != NULL)
    *row_overlapping = overlapping;
}

static void
assert_bucket_equal (const WeftLodBucket *got,
                     const WeftLodBucket *expected,
                     gboolean             check_kind)
{
  g_assert_cmpint (got->busy, ==, expected->busy);
  g_assert_cmpuint (got->n_intervals, ==, expected->n_intervals);
  g_assert_cmpuint (got->n_instants, ==, expected->n_instants);
  if (check_kind)
    g_assert_cmpuint (got->kind, ==, expected->kind);
}

static void
test_lod_brute (void)
{
  g_autoptr(Reference) ref = reference_new (20240601, 24);
  WeftEventTable *table = ref->table;
  guint checked_levels = 0;

  for (guint row = 0; row < ref->n_rows; row++)
    {
      guint n_events = ref->intervals[row]->len + ref->instants[row]->len;
      guint n_levels = weft_event_table_get_lod_n_levels (table, row);
      gint64 start = weft_event_table_get_lod_start (table, row);
      gint64 tmin = G_MAXINT64, tmax = G_MININT64;
      gint64 width0;
      gsize n0;

      if (n_events == 0)
        {
          g_assert_cmpuint (n_levels, ==, 0);
          continue;
        }

      for (guint i = 0; i < ref->intervals[row]->len; i++)
        {
          const RefInterval *iv = &g_array_index (ref->intervals[row], RefInterval, i);

          tmin = MIN (tmin, iv->begin);
          tmax = MAX (tmax, iv->end);
        }
      for (guint i = 0; i < ref->instants[row]->len; i++)
        {
          const RefInstant *in = &g_array_index (ref->instants[row], RefInstant, i);

          tmin = MIN (tmin, in->time);
          tmax = MAX (tmax, in->time);
        }

      /* Documented layout: starts at the first event; level 0 is the smallest
       * power of two with >= 16 events per bucket on average (or covering
       * the row); widths double; the top level is one bucket. */
      g_assert_cmpint (start, ==, tmin);
      width0 = weft_event_table_get_lod_width (table, row, 0);
      g_assert_cmpint (width0 & (width0 - 1), ==, 0);
      weft_event_table_get_lod_level (table, row, 0, &n0);
      g_assert_cmpuint (n0, ==, (tmax - tmin) / width0 + 1);
      if (width0 > 1 && width0 <= tmax - tmin)
        {
          g_assert_cmpfloat ((double)(tmax - tmin) * 16 / n_events, <=, (double)width0);
          g_assert_cmpfloat ((double)(tmax - tmin) * 16 / n_events, >, (double)width0 / 2);
        }
      g_assert_cmpint (tmax - tmin, <, weft_event_table_get_lod_width (table, row, n_levels - 1));

      for (guint level = 0; level < n_levels; level++)
        {
          gsize n_buckets;
          const WeftLodBucket *buckets = weft_event_table_get_lod_level (table, row, level, &n_buckets);
          gint64 width = weft_event_table_get_lod_width (table, row, level);

          g_assert_cmpint (width, ==, width0 << level);
          if (level == n_levels - 1)
            g_assert_cmpuint (n_buckets, ==, 1);
          for (gsize j = 0; j < n_buckets; j++)
            {
              WeftLodBucket expected;

              brute_aggregate (ref, row, start + (gint64)j * width, start + (gint64)(j + 1) * width,
                               &expected, NULL);
              assert_bucket_equal (&buckets[j], &expected, TRUE);
            }
          checked_levels++;
        }
    }
  g_assert_cmpuint (checked_levels, >, 50);
}

typedef struct
{
  gint64  begin;
  gint64  end;
  guint16 kind;
  guint32 ref;
} PackItem;

static int
compare_pack (gconstpointer a,
              gconstpointer b)
{
  const PackItem *pa = a, *pb = b;

  if (pa->begin != pb->begin)
    return pa->begin < pb->begin ? -1 : 1;
  if (pa->end != pb->end)
    return pa->end > pb->end ? -1 : 1;
  if (pa->kind != pb->kind)
    return pa->kind < pb->kind ? -1 : 1;
  return pa->ref < pb->ref ? -1 : (pa->ref > pb->ref);
}

/* Lanes equal a plain simulation of the documented greedy packing. */
static void
test_lanes_brute (void)
{
  g_autoptr(Reference) ref = reference_new (31337, 16);

  for (guint row = 0; row < ref->n_rows; row++)
    {
      GArray *ivs = ref->intervals[row];
      g_autofree PackItem *items = g_new (PackItem, MAX (1, ivs->len));
      g_autoptr(GArray) lane_end = g_array_new (FALSE, FALSE, sizeof (gint64));
      g_autoptr(GPtrArray) lanes = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
      guint n_lanes;

      for (guint i = 0; i < ivs->len; i++)
        {
          const RefInterval *iv = &g_array_index (ivs, RefInterval, i);

          items[i] = (PackItem) { iv->begin, iv->end, iv->kind, i };
        }
      qsort (items, ivs->len, sizeof (PackItem), compare_pack);
      for (guint i = 0; i < ivs->len; i++)
        {
          guint lane;

          for (lane = 0; lane < lane_end->len; lane++)
            if (g_array_index (lane_end, gint64, lane) <= items[i].begin)
              break;
          if (lane == lane_end->len)
            {
              g_array_append_val (lane_end, items[i].end);
              g_ptr_array_add (lanes, g_array_new (FALSE, FALSE, sizeof (PackItem)));
            }
          g_array_index (lane_end, gint64, lane) = items[i].end;
          g_array_append_val (g_ptr_array_index (lanes, lane), items[i]);
        }

      n_lanes = weft_event_table_get_n_lanes (ref->table, row);
      g_assert_cmpuint (n_lanes, ==, lanes->len);
      for (guint lane = 0; lane < n_lanes; lane++)
        {
          GArray *expected = g_ptr_array_index (lanes, lane);
          WeftIntervalSlice slice;

          weft_event_table_get_lane (ref->table, row, lane, &slice);
          g_assert_cmpuint (slice.n, ==, expected->len);
          for (gsize i = 0; i < slice.n; i++)
            {
              const PackItem *item = &g_array_index (expected, PackItem, i);

              g_assert_cmpint (slice.begin[i], ==, item->begin);
              g_assert_cmpint (slice.end[i], ==, item->end);
              g_assert_cmpuint (slice.kind[i], ==, item->kind);
              g_assert_cmpuint (slice.ref[i], ==, item->ref);
              g_assert_cmpuint (slice.label[i], ==, 0);
              /* A lane never overlaps itself. */
              if (i > 0)
                g_assert_cmpint (slice.end[i - 1], <=, slice.begin[i]);
            }
        }
    }
}

static void
test_aggregate_brute (void)
{
  g_autoptr(Reference) ref = reference_new (77, 16);
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  WeftEventTable *table = ref->table;

  for (guint row = 0; row < ref->n_rows; row++)
    {
      guint n_levels = weft_event_table_get_lod_n_levels (table, row);
      gint64 start = weft_event_table_get_lod_start (table, row);
      gint64 width0 = n_levels > 0 ? weft_event_table_get_lod_width (table, row, 0) : 1;
      WeftTimeSpan span = weft_event_table_get_span (table);

      for (guint i = 0; i < 300; i++)
        {
          WeftLodBucket got, expected;
          gint64 t0, t1;
          gboolean exact_kind;

          switch (i % 4)
            {
            case 0: /* anywhere, possibly outside the events */
              t0 = span.begin - 5000 + g_rand_int_range (rand, 0, (gint32)(span.end - span.begin + 10000));
              t1 = t0 + g_rand_int_range (rand, 0, (gint32)(span.end - span.begin));
              exact_kind = FALSE;
              break;
            case 1: /* at most four whole level-0 buckets: the kind is exact */
              t0 = start + g_rand_int_range (rand, -10, (gint32)(200 * width0));
              t1 = t0 + g_rand_int_range (rand, 0, (gint32)(5 * width0));
              exact_kind = TRUE;
              break;
            case 2: /* bucket-aligned */
              t0 = start + width0 * g_rand_int_range (rand, 0, 100);
              t1 = t0 + width0 * g_rand_int_range (rand, 1, 100);
              exact_kind = FALSE;
              break;
            default: /* exactly one pyramid bucket: the kind is exact */
              {
                guint level = n_levels > 0 ? g_rand_int_range (rand, 0, n_levels) : 0;
                gint64 width = width0 << level;
                gsize n_buckets = 1;

                if (n_levels > 0)
                  weft_event_table_get_lod_level (table, row, level, &n_buckets);
                t0 = start + width * g_rand_int_range (rand, 0, (gint32)n_buckets);
                t1 = t0 + width;
                exact_kind = TRUE;
              }
              break;
            }

          weft_event_table_aggregate (table, row, t0, t1, &got);
          brute_aggregate (ref, row, t0, t1, &expected, NULL);
          assert_bucket_equal (&got, &expected, exact_kind);
          /* The kind is given exactly when there is something. */
          g_assert_true ((got.kind == NO_KIND) ==
                         (expected.busy == 0 && expected.n_instants == 0 && expected.kind == NO_KIND));
        }

      {
        WeftLodBucket got, expected;

        weft_event_table_aggregate (table, row, G_MININT64, G_MAXINT64, &got);
        brute_aggregate (ref, row, G_MININT64, G_MAXINT64, &expected, NULL);
        assert_bucket_equal (&got, &expected, FALSE);
      }
    }
}

static void
assert_range_stats (const Reference *ref,
                    gint64           t0,
                    gint64           t1)
{
  g_autoptr(WeftRangeStats) stats = weft_event_table_range_stats (ref->table, t0, t1);
  g_autofree guint64 *kind_count = g_new0 (guint64, ref->n_kinds);

  g_assert_cmpuint (stats->n_rows, ==, ref->n_rows);
  g_assert_cmpuint (stats->n_kinds, ==, ref->n_kinds);

  for (guint row = 0; row < ref->n_rows; row++)
    {
      WeftLodBucket expected;
      guint64 overlapping;

      brute_aggregate (ref, row, t0, t1, &expected, &overlapping);
      g_assert_cmpint (stats->row_busy[row], ==, expected.busy);
      g_assert_cmpuint (stats->row_intervals[row], ==, overlapping);
      g_assert_cmpuint (stats->row_instants[row], ==, expected.n_instants);

      for (guint i = 0; i < ref->intervals[row]->len; i++)
        {
          const RefInterval *iv = &g_array_index (ref->intervals[row], RefInterval, i);

          /* An empty or reversed range overlaps nothing. */
          if (t0 >= t1)
            continue;
          if (iv->begin == iv->end ? (iv->begin >= t0 && iv->begin < t1) : (iv->begin < t1 && iv->end > t0))
            kind_count[iv->kind]++;
        }
      for (guint i = 0; i < ref->instants[row]->len; i++)
        {
          const RefInstant *in = &g_array_index (ref->instants[row], RefInstant, i);

          if (in->time >= t0 && in->time < t1)
            kind_count[in->kind]++;
        }
    }

  {
    g_autofree guint64 *pair_count = g_new0 (guint64, stats->n_pairs);
    g_autofree guint64 *pair_size = g_new0 (guint64, stats->n_pairs);

    for (guint i = 0; i < ref->links->len; i++)
      {
        const RefLink *link = &g_array_index (ref->links, RefLink, i);
        int pair = weft_event_table_lookup_link_pair (ref->table, link->from_row, link->to_row);

        g_assert_cmpint (pair, >=, 0);
        if (link->from_time >= t0 && link->from_time < t1)
          {
            pair_count[pair]++;
            pair_size[pair] += link->size;
            kind_count[link->kind]++;
          }
      }
    g_assert_cmpmem (stats->pair_count, stats->n_pairs * 8, pair_count, stats->n_pairs * 8);
    g_assert_cmpmem (stats->pair_size, stats->n_pairs * 8, pair_size, stats->n_pairs * 8);
  }

  g_assert_cmpmem (stats->kind_count, ref->n_kinds * 8, kind_count, ref->n_kinds * 8);
}

static void
test_range_stats_brute (void)
{
  g_autoptr(Reference) ref = reference_new (4242, 20);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  WeftTimeSpan span = weft_event_table_get_span (ref->table);

  assert_range_stats (ref, G_MININT64, G_MAXINT64);
  assert_range_stats (ref, span.begin, span.end);
  assert_range_stats (ref, span.end, span.end + 1);
  assert_range_stats (ref, 0, 0);
  assert_range_stats (ref, 100, 50);
  for (guint i = 0; i < 60; i++)
    {
      gint64 t0 = span.begin + g_rand_int_range (rand, 0, (gint32)(span.end - span.begin));
      gint64 t1 = t0 + g_rand_int_range (rand, 0, i % 2 ? 5000 : (gint32)(span.end - span.begin));

      assert_range_stats (ref, t0, t1);
    }
}

/* Memory, cancellation, progress ----------------------------------------------- */

static void
test_memory (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  const guint n_rows = 16;
  gsize n_events;
  gsize memory;
  double per_event;

  for (guint k = 0; k < 12; k++)
    weft_event_table_builder_add_kind (builder, "k", WEFT_EVENT_INTERVAL, 0);
  for (guint r = 0; r < n_rows; r++)
    weft_event_table_builder_add_row (builder, "r", NULL);

  /* 1,000,000 events: 700,000 intervals (nested up to 4 deep), 200,000
   * instants, 100,000 links, 16 rows. */
  for (guint r = 0; r < n_rows; r++)
    {
      gint64 t = 0;

      for (guint i = 0; i < 700000 / n_rows; i++)
        {
          gint64 length = g_rand_int_range (rand, 10, 1000);

          weft_event_table_builder_add_interval (builder, r, t, t + length, i % 12, 0, i);
          if (i % 4 == 0)
            t += length + g_rand_int_range (rand, 0, 100);
        }
      for (guint i = 0; i < 200000 / n_rows; i++)
        weft_event_table_builder_add_instant (builder, r, g_rand_int_range (rand, 0, (gint32)t), i % 3, 0, i);
      for (guint i = 0; i < 100000 / n_rows; i++)
        {
          gint64 from = g_rand_int_range (rand, 0, (gint32)t);

          weft_event_table_builder_add_link (builder, r, from, (r + 1) % n_rows, from + 500, 5, 64, 0, i);
        }
    }
  table = finish (builder);

  n_events = weft_event_table_get_n_events (table);
  g_assert_cmpuint (n_events, ==, 1000000);
  memory = weft_event_table_get_memory_size (table);
  per_event = (double)memory / n_events;
  g_test_message ("%" G_GSIZE_FORMAT " bytes, %.2f bytes per event", memory, per_event);

  /* At least the columns (26 B per interval, 18 per instant, 34 per link
   * with an extent)... */
  g_assert_cmpuint (memory, >=, 700000 * 26 + 200000 * 18 + 100000 * 34);
  /* ...and within the target of 32 bytes per event overall. */
  g_assert_cmpfloat (per_event, <=, 32.0);
}

/* A view of [begin, end) must draw links that started before it and still
 * cross it, and backward links that start after it; pairs whose links all
 * end when they start store no end times. */
static void
test_links_crossing (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTableBuilder) instant_builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  g_autoptr(WeftEventTable) instant_table = NULL;
  WeftLinkSlice slice;
  gsize first, last;
  int pair;

  for (guint i = 0; i < 3; i++)
    {
      weft_event_table_builder_add_row (builder, "r", NULL);
      weft_event_table_builder_add_row (instant_builder, "r", NULL);
    }
  weft_event_table_builder_add_kind (builder, "k", WEFT_EVENT_LINK, 0);
  weft_event_table_builder_add_kind (instant_builder, "k", WEFT_EVENT_LINK, 0);
  /* 0 → 1: instantaneous links only. */
  for (gint64 t = 10; t <= 30; t += 10)
    {
      weft_event_table_builder_add_link (builder, 0, t, 1, t, 0, 8, 0, 0);
      weft_event_table_builder_add_link (instant_builder, 0, t, 1, t, 0, 8, 0, 0);
    }
  /* 0 → 2: 100 → 500 crosses [300, 400); 200 → 250 does not; one link at
   * 150 ends when it starts, among links that do not. */
  weft_event_table_builder_add_link (builder, 0, 600, 2, 601, 0, 8, 0, 0);
  weft_event_table_builder_add_link (builder, 0, 200, 2, 250, 0, 8, 0, 0);
  weft_event_table_builder_add_link (builder, 0, 150, 2, 150, 0, 8, 0, 15);
  weft_event_table_builder_add_link (builder, 0, 100, 2, 500, 0, 8, 0, 0);
  weft_event_table_builder_add_link (instant_builder, 0, 150, 2, 150, 0, 8, 0, 15);
  weft_event_table_builder_add_link (instant_builder, 0, 100, 2, 100, 0, 8, 0, 0);
  weft_event_table_builder_add_link (instant_builder, 0, 200, 2, 200, 0, 8, 0, 0);
  weft_event_table_builder_add_link (instant_builder, 0, 600, 2, 600, 0, 8, 0, 0);
  /* 1 → 0: a link backward in time, 900 → 100. */
  weft_event_table_builder_add_link (builder, 1, 900, 0, 100, 0, 8, 0, 0);
  weft_event_table_builder_add_link (instant_builder, 1, 900, 0, 900, 0, 8, 0, 0);
  /* 2 → 1: the longest link a table holds. */
  weft_event_table_builder_add_link (builder, 2, WEFT_EVENT_TIME_MIN, 1, WEFT_EVENT_TIME_MAX, 0, 8, 0, 0);
  weft_event_table_builder_add_link (instant_builder, 2, 0, 1, 0, 0, 8, 0, 0);
  table = finish (builder);
  instant_table = finish (instant_builder);

  pair = weft_event_table_lookup_link_pair (table, 0, 1);
  weft_event_table_get_link_pair (table, pair, &slice);
  g_assert_true (slice.to_time == slice.from_time);
  g_assert_cmpint (slice.to_time[2], ==, 30);
  weft_event_table_find_links_crossing (table, pair, 15, 25, &first, &last);
  g_assert_cmpuint (first, ==, 1);
  g_assert_cmpuint (last, ==, 2);

  pair = weft_event_table_lookup_link_pair (table, 0, 2);
  weft_event_table_get_link_pair (table, pair, &slice);
  g_assert_true (slice.to_time != slice.from_time);
  g_assert_cmpuint (slice.n, ==, 4);
  g_assert_cmpint (slice.to_time[0], ==, 500);
  g_assert_cmpint (slice.from_time[1], ==, 150);
  g_assert_cmpint (slice.to_time[1], ==, 150);
  g_assert_cmpuint (slice.ref[1], ==, 15);
  g_assert_cmpint (slice.to_time[2], ==, 250);
  g_assert_cmpint (slice.to_time[3], ==, 601);
  weft_event_table_find_links (table, pair, 300, 400, &first, &last);
  g_assert_cmpuint (first, ==, last);
  weft_event_table_find_links_crossing (table, pair, 300, 400, &first, &last);
  g_assert_cmpuint (first, ==, 0);
  g_assert_cmpuint (last, ==, 3);
  /* Reach 400 after the start: nothing from before 602 - 400 reaches [602, 700). */
  weft_event_table_find_links_crossing (table, pair, 602, 700, &first, &last);
  g_assert_cmpuint (first, ==, 3);
  g_assert_cmpuint (last, ==, 4);

  pair = weft_event_table_lookup_link_pair (table, 1, 0);
  weft_event_table_get_link_pair (table, pair, &slice);
  g_assert_cmpint (slice.from_time[0], ==, 900);
  g_assert_cmpint (slice.to_time[0], ==, 100);
  weft_event_table_find_links_crossing (table, pair, 200, 300, &first, &last);
  g_assert_cmpuint (first, ==, 0);
  g_assert_cmpuint (last, ==, 1);

  pair = weft_event_table_lookup_link_pair (table, 2, 1);
  weft_event_table_get_link_pair (table, pair, &slice);
  g_assert_cmpint (slice.to_time[0], ==, WEFT_EVENT_TIME_MAX);
  weft_event_table_find_links_crossing (table, pair, 0, 10, &first, &last);
  g_assert_cmpuint (first, ==, 0);
  g_assert_cmpuint (last, ==, 1);
  /* The reach does not overflow a query over all time. */
  weft_event_table_find_links_crossing (table, pair, G_MININT64, G_MAXINT64, &first, &last);
  g_assert_cmpuint (first, ==, 0);
  g_assert_cmpuint (last, ==, 1);

  /* The end times of the three pairs with extents cost 8 bytes per link
   * (6 links); the instantaneous pairs' cost nothing (the one slot every
   * table keeps aside). */
  g_assert_cmpuint (weft_event_table_get_memory_size (table) - weft_event_table_get_memory_size (instant_table),
                    ==, 6 * sizeof (gint64) - sizeof (gint64));
}

static void
cancel_on_progress (double      fraction,
                    const char *message,
                    gpointer    user_data)
{
  if (fraction > 0.2)
    g_cancellable_cancel (user_data);
}

static WeftEventTableBuilder *
big_builder (void)
{
  WeftEventTableBuilder *builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);

  weft_event_table_builder_add_kind (builder, "k", WEFT_EVENT_INTERVAL, 0);
  for (guint r = 0; r < 4; r++)
    {
      weft_event_table_builder_add_row (builder, "r", NULL);
      /* Reverse order, so that the sort has real work. */
      for (guint i = 200000; i-- > 0;)
        weft_event_table_builder_add_interval (builder, r, i * 10, i * 10 + 15, 0, 0, i);
    }
  return builder;
}

static void
test_cancel (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(WeftLoadContext) context = weft_load_context_new (cancellable);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftEventTableBuilder) builder = NULL;
  WeftEventTable *table;

  /* Cancelled before it starts. */
  builder = big_builder ();
  g_cancellable_cancel (cancellable);
  table = weft_event_table_builder_finish (builder, context, &error);
  g_assert_null (table);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);
  g_clear_pointer (&builder, weft_event_table_builder_free);

  /* Cancelled while it runs (from the progress callback, in a worker). */
  g_cancellable_reset (cancellable);
  weft_load_context_set_progress_func (context, cancel_on_progress, g_object_ref (cancellable), g_object_unref);
  builder = big_builder ();
  table = weft_event_table_builder_finish (builder, context, &error);
  g_assert_null (table);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpfloat (weft_load_context_get_fraction (context), <, 1.0);
}

static void
record_progress (double      fraction,
                 const char *message,
                 gpointer    user_data)
{
  GArray *fractions = user_data;

  g_array_append_val (fractions, fraction);
}

static void
test_progress (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(WeftEventTableBuilder) builder = big_builder ();
  g_autoptr(WeftEventTable) table = NULL;
  g_autoptr(GError) error = NULL;

  weft_load_context_set_progress_func (context, record_progress, g_array_ref (fractions),
                                       (GDestroyNotify)g_array_unref);
  weft_load_context_begin_stage (context, 0.5, 1.0, "Indexing");
  table = weft_event_table_builder_finish (builder, context, &error);
  g_assert_no_error (error);
  g_assert_nonnull (table);

  /* Many reports, increasing, inside the stage, ending at its end. */
  g_assert_cmpuint (fractions->len, >, 10);
  for (guint i = 1; i < fractions->len; i++)
    {
      g_assert_cmpfloat (g_array_index (fractions, double, i), >, g_array_index (fractions, double, i - 1));
      g_assert_cmpfloat (g_array_index (fractions, double, i), >=, 0.5);
    }
  g_assert_cmpfloat (g_array_index (fractions, double, fractions->len - 1), ==, 1.0);
  g_assert_cmpuint (weft_event_table_get_n_events (table), ==, 800000);
  g_assert_cmpuint (weft_event_table_get_n_lanes (table, 3), ==, 2);

  /* Every record came through, from chunks of every size (the largest from
   * the builder's pool): interval i of a row begins at 10 i, in lane i % 2. */
  for (guint row = 0; row < 4; row++)
    for (guint lane = 0; lane < 2; lane++)
      {
        WeftIntervalSlice slice;

        weft_event_table_get_lane (table, row, lane, &slice);
        g_assert_cmpuint (slice.n, ==, 100000);
        for (gsize k = 0; k < slice.n; k++)
          {
            guint32 i = (guint32)(2 * k + lane);

            g_assert_cmpuint (slice.ref[k], ==, i);
            g_assert_cmpint (slice.begin[k], ==, (gint64)i * 10);
            g_assert_cmpint (slice.end[k], ==, (gint64)i * 10 + 15);
          }
      }
}

/* Rows whose links all end when they start keep no end times, between rows
 * that do: each pair still finds its own. */
static void
test_link_ends_by_row (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  WeftLinkSlice slice;

  for (guint i = 0; i < 4; i++)
    weft_event_table_builder_add_row (builder, "r", NULL);
  weft_event_table_builder_add_kind (builder, "k", WEFT_EVENT_LINK, 0);
  weft_event_table_builder_add_link (builder, 0, 10, 1, 10, 0, 1, 0, 0);
  weft_event_table_builder_add_link (builder, 0, 20, 1, 20, 0, 1, 0, 1);
  weft_event_table_builder_add_link (builder, 1, 30, 2, 70, 0, 1, 0, 2);
  weft_event_table_builder_add_link (builder, 1, 40, 3, 40, 0, 1, 0, 3);
  weft_event_table_builder_add_link (builder, 2, 50, 0, 50, 0, 1, 0, 4);
  weft_event_table_builder_add_link (builder, 3, 60, 0, 5, 0, 1, 0, 5);
  weft_event_table_builder_add_link (builder, 3, 65, 0, 65, 0, 1, 0, 6);
  table = finish (builder);

  weft_event_table_get_link_pair (table, weft_event_table_lookup_link_pair (table, 0, 1), &slice);
  g_assert_true (slice.to_time == slice.from_time);
  g_assert_cmpint (slice.to_time[1], ==, 20);
  weft_event_table_get_link_pair (table, weft_event_table_lookup_link_pair (table, 1, 2), &slice);
  g_assert_cmpuint (slice.n, ==, 1);
  g_assert_cmpint (slice.to_time[0], ==, 70);
  weft_event_table_get_link_pair (table, weft_event_table_lookup_link_pair (table, 1, 3), &slice);
  g_assert_true (slice.to_time == slice.from_time);
  weft_event_table_get_link_pair (table, weft_event_table_lookup_link_pair (table, 2, 0), &slice);
  g_assert_cmpint (slice.to_time[0], ==, 50);
  weft_event_table_get_link_pair (table, weft_event_table_lookup_link_pair (table, 3, 0), &slice);
  g_assert_cmpuint (slice.n, ==, 2);
  g_assert_cmpint (slice.to_time[0], ==, 5);
  g_assert_cmpint (slice.to_time[1], ==, 65);
  g_assert_cmpuint (slice.ref[1], ==, 6);
  /* The span reaches the earliest end. */
  g_assert_cmpint (weft_event_table_get_span (table).begin, ==, 5);
  g_assert_cmpint (weft_event_table_get_span (table).end, ==, 70);
}

/* Filling by rows: every row goes to exactly one part, and each part's
 * events, added from its own thread, are all in the table, in their rows. */
typedef struct
{
  WeftEventTableBuilder *builder;
  guint                  n_rows;
  gint                   owner[20];  /* part + 1, atomic */
  gint                   n_calls;
} FillByRows;

static void
fill_by_rows_part (guint    part,
                   guint    n_parts,
                   gpointer data)
{
  FillByRows *f = data;

  g_assert_cmpuint (part, <, n_parts);
  g_atomic_int_inc (&f->n_calls);
  for (guint r = 0; r < f->n_rows; r++)
    {
      if (!weft_event_table_part_has_row (r, part, n_parts))
        continue;
      g_assert_true (g_atomic_int_compare_and_exchange (&f->owner[r], 0, (gint)part + 1));
      for (guint i = 0; i <= r * 1000; i++)
        weft_event_table_builder_add_instant (f->builder, r, (gint64)(r * 1000 - i), 0, 0, i);
    }
}

/* A builder with one instant kind and @n_rows rows. */
static WeftEventTableBuilder *
new_marks_builder (guint n_rows)
{
  WeftEventTableBuilder *builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);

  weft_event_table_builder_add_kind (builder, "mark", WEFT_EVENT_INSTANT, 0);
  for (guint r = 0; r < n_rows; r++)
    weft_event_table_builder_add_row (builder, "r", NULL);

  return builder;
}

static void
test_fill_by_rows (void)
{
  g_autoptr(WeftEventTableBuilder) builder = new_marks_builder (20);
  g_autoptr(WeftEventTable) table = NULL;
  FillByRows f = { builder, 20, { 0 }, 0 };

  g_assert_true (weft_event_table_builder_fill_by_rows (builder, fill_by_rows_part, &f, NULL, NULL));
  table = finish (builder);

  g_assert_cmpint (f.n_calls, >=, 1);
  for (guint r = 0; r < f.n_rows; r++)
    {
      WeftInstantSlice slice;

      g_assert_cmpint (f.owner[r], >, 0);
      weft_event_table_get_instants (table, r, &slice);
      g_assert_cmpuint (slice.n, ==, r * 1000 + 1);
      for (gsize i = 0; i < slice.n; i++)
        g_assert_cmpint (slice.time[i], ==, (gint64)i);
    }

  /* A cancelled load: every part still runs (and may stop early), then the
   * fill says so. */
  {
    g_autoptr(WeftEventTableBuilder) cancelled_builder = new_marks_builder (3);
    g_autoptr(GCancellable) cancellable = g_cancellable_new ();
    g_autoptr(WeftLoadContext) context = weft_load_context_new (cancellable);
    g_autoptr(GError) error = NULL;
    FillByRows g = { cancelled_builder, 3, { 0 }, 0 };

    g_cancellable_cancel (cancellable);
    g_assert_false (weft_event_table_builder_fill_by_rows (cancelled_builder, fill_by_rows_part, &g, context, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  }
}

/* Reserved instants (weft_event_table_builder_reserve_instants()), written
 * in place by the fill's threads, make the same table as instants added as
 * records: in rows whose instants come in order, out of order (sorted in
 * place), with ties, fewer than reserved, none, and beside intervals and
 * links of the same rows added from other threads. */
typedef struct
{
  WeftEventTableBuilder *builder;
  guint                  n_rows;
  guint                  n_per_row;
} ReservedFill;

/* Row r's instant i: rows 0 mod 3 in time order, the others in blocks that
 * go back in time (as the lifetimes of a reused MPD process id do), ties of
 * four at a time; row 4 adds fewer than it reserved. */
static gint64
reserved_time (guint r,
               guint i)
{
  return r % 3 == 0 ? (gint64)i : (gint64)((i % 97) * 1000 + i / 4);
}

static guint
reserved_count (const ReservedFill *f,
                guint               r,
                gboolean            added)
{
  if (r == 5)
    return 0;
  if (r == 4 && added)
    return f->n_per_row / 2;
  return f->n_per_row + r;
}

static void
reserved_fill_part (guint    part,
                    guint    n_parts,
                    gpointer data)
{
  ReservedFill *f = data;
  gboolean adds_instants = n_parts < 2 || part < n_parts / 2;
  gboolean adds_others = n_parts < 2 || !adds_instants;

  /* Split as the MPD fill does: instants on one half of the parts, the rest
   * on the other. */
  if (n_parts >= 2)
    {
      part %= n_parts / 2;
      n_parts /= 2;
    }
  for (guint r = 0; r < f->n_rows; r++)
    {
      if (!weft_event_table_part_has_row (r, part, n_parts))
        continue;
      for (guint i = 0; adds_instants && i < reserved_count (f, r, TRUE); i++)
        weft_event_table_builder_add_instant (f->builder, r, reserved_time (r, i), i % 3, i % 7, i);
      for (guint i = 0; adds_others && i < 50; i++)
        {
          weft_event_table_builder_add_interval (f->builder, r, i * 100, i * 100 + 150, 3, 0, i);
          weft_event_table_builder_add_link (f->builder, r, i * 10, (r + 1) % f->n_rows, i * 10 + 5, 4, 1, 0, i);
        }
    }
}

static WeftEventTable *
reserved_table (gboolean reserve)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  ReservedFill f = { builder, 9, 20000 };

  for (guint k = 0; k < 3; k++)
    weft_event_table_builder_add_kind (builder, "mark", WEFT_EVENT_INSTANT, 0);
  weft_event_table_builder_add_kind (builder, "span", WEFT_EVENT_INTERVAL, 0);
  weft_event_table_builder_add_kind (builder, "link", WEFT_EVENT_LINK, 0);
  for (guint r = 0; r < f.n_rows; r++)
    weft_event_table_builder_add_row (builder, "r", NULL);
  if (reserve)
    {
      gsize counts[9];

      for (guint r = 0; r < f.n_rows; r++)
        counts[r] = reserved_count (&f, r, FALSE);
      weft_event_table_builder_reserve_instants (builder, counts);
    }
  g_assert_true (weft_event_table_builder_fill_by_rows (builder, reserved_fill_part, &f, NULL, NULL));

  return finish (builder);
}

static void
test_reserved_instants (void)
{
  g_autoptr(WeftEventTable) plain = reserved_table (FALSE);
  g_autoptr(WeftEventTable) reserved = reserved_table (TRUE);
  WeftTimeSpan span = weft_event_table_get_span (plain);

  g_assert_cmpuint (weft_event_table_get_n_events (reserved), ==, weft_event_table_get_n_events (plain));
  g_assert_cmpint (weft_event_table_get_span (reserved).begin, ==, span.begin);
  g_assert_cmpint (weft_event_table_get_span (reserved).end, ==, span.end);
  for (guint r = 0; r < 9; r++)
    {
      WeftInstantSlice a, b;
      WeftIntervalSlice la, lb;

      weft_event_table_get_instants (plain, r, &a);
      weft_event_table_get_instants (reserved, r, &b);
      g_assert_cmpuint (a.n, ==, r == 5 ? 0 : r == 4 ? 10000 : 20000 + r);
      g_assert_cmpuint (b.n, ==, a.n);
      for (gsize i = 0; i < a.n; i++)
        {
          g_assert_cmpint (b.time[i], ==, a.time[i]);
          g_assert_cmpuint (b.kind[i], ==, a.kind[i]);
          g_assert_cmpuint (b.label[i], ==, a.label[i]);
          g_assert_cmpuint (b.ref[i], ==, a.ref[i]);
          if (i > 0)
            g_assert_cmpint (b.time[i], >=, b.time[i - 1]);
        }
      weft_event_table_get_lane (plain, r, 0, &la);
      weft_event_table_get_lane (reserved, r, 0, &lb);
      g_assert_cmpuint (lb.n, ==, la.n);
      g_assert_cmpmem (lb.begin, lb.n * 8, la.begin, la.n * 8);

      g_assert_cmpuint (weft_event_table_get_lod_n_levels (reserved, r), ==, weft_event_table_get_lod_n_levels (plain, r));
      for (gint64 t = span.begin; t < span.end; t += (span.end - span.begin) / 7 + 1)
        {
          WeftLodBucket ga, gb;

          weft_event_table_aggregate (plain, r, t, t + (span.end - span.begin) / 3, &ga);
          weft_event_table_aggregate (reserved, r, t, t + (span.end - span.begin) / 3, &gb);
          g_assert_cmpuint (gb.n_instants, ==, ga.n_instants);
          g_assert_cmpuint (gb.n_intervals, ==, ga.n_intervals);
          g_assert_cmpuint (gb.kind, ==, ga.kind);
        }
    }
  {
    WeftLinkSlice a, b;

    weft_event_table_get_link_pair (plain, weft_event_table_lookup_link_pair (plain, 8, 0), &a);
    weft_event_table_get_link_pair (reserved, weft_event_table_lookup_link_pair (reserved, 8, 0), &b);
    g_assert_cmpuint (a.n, ==, 50);
    g_assert_cmpuint (b.n, ==, a.n);
    g_assert_cmpmem (b.to_time, b.n * 8, a.to_time, a.n * 8);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/EventTable/empty", test_empty);
  g_test_add_func ("/EventTable/metadata", test_metadata);
  g_test_add_func ("/EventTable/sorting", test_sorting);
  g_test_add_func ("/EventTable/instants-in-order", test_instants_in_order);
  g_test_add_func ("/EventTable/lanes", test_lanes);
  g_test_add_func ("/EventTable/reversed-interval", test_reversed_interval);
  g_test_add_func ("/EventTable/clamped-times", test_clamped_times);
  g_test_add_func ("/EventTable/find-edges", test_find_edges);
  g_test_add_func ("/EventTable/links", test_links);
  g_test_add_func ("/EventTable/links-crossing", test_links_crossing);
  g_test_add_func ("/EventTable/deterministic", test_deterministic);
  g_test_add_func ("/EventTable/threaded-fill", test_threaded_fill);
  g_test_add_func ("/EventTable/link-runs", test_link_runs);
  g_test_add_func ("/EventTable/kind-used", test_kind_used);
  g_test_add_func ("/EventTable/interval-runs", test_interval_runs);
  g_test_add_func ("/EventTable/link-ends-by-row", test_link_ends_by_row);
  g_test_add_func ("/EventTable/lanes-brute", test_lanes_brute);
  g_test_add_func ("/EventTable/lod-brute", test_lod_brute);
  g_test_add_func ("/EventTable/aggregate-brute", test_aggregate_brute);
  g_test_add_func ("/EventTable/range-stats-brute", test_range_stats_brute);
  g_test_add_func ("/EventTable/memory", test_memory);
  g_test_add_func ("/EventTable/cancel", test_cancel);
  g_test_add_func ("/EventTable/progress", test_progress);
  g_test_add_func ("/EventTable/fill-by-rows", test_fill_by_rows);
  g_test_add_func ("/EventTable/reserved-instants", test_reserved_instants);

  return g_test_run ();
}

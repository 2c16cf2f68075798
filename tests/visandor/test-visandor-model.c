/* test-visandor-model.c: the VisAndOr dataset (per-agent figures, parallelism,
 * timeline, call tree, weft-cli JSON) on hand-written traces and the samples,
 * loaded through the format registry as the application does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "weft-document.h"
#include "weft-error.h"
#include "weft-format.h"
#include "weft-test-util.h"
#include "weft-visandor-dataset.h"
#include "weft-visandor-reader.h"

static WeftVisandorDataset *
load_path (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(WeftDocument) document = weft_document_new_for_file (file);
  g_autoptr(GError) error = NULL;

  weft_document_load (document, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (WEFT_IS_VISANDOR_DATASET (weft_document_get_dataset (document)));

  return g_object_ref (WEFT_VISANDOR_DATASET (weft_document_get_dataset (document)));
}

static WeftVisandorDataset *
load_fixture (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "visandor", "fixtures", name, NULL);

  return load_path (path);
}

static WeftVisandorDataset *
load_text (const char *text)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  WeftVisandorTrace *trace = weft_visandor_parse (text, strlen (text), "mem", context, &error);
  WeftVisandorDataset *dataset;

  g_assert_no_error (error);
  dataset = weft_visandor_dataset_new (trace, context, &error);
  g_assert_no_error (error);

  return dataset;
}

static void
test_and_values (void)
{
  g_autoptr(WeftVisandorDataset) dataset = load_fixture ("and-nested.visandor");
  g_autoptr(WeftValueTable) values = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (weft_visandor_dataset_get_n_agents (dataset), ==, 3);
  g_assert_cmpuint (weft_visandor_dataset_get_row_agent (dataset, 2), ==, 16);
  g_assert_cmpuint (weft_visandor_dataset_get_agent_row (dataset, 16), ==, 2);
  g_assert_cmpuint (weft_visandor_dataset_get_agent_row (dataset, 5), ==, G_MAXUINT);

  /* Agent 16's goals overlap (a nested fork's goal inside one): counted once. */
  g_assert_cmpfloat_with_epsilon (weft_visandor_dataset_get_value (dataset, 0, WEFT_VISANDOR_COLUMN_BUSY_TIME), 130e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (weft_visandor_dataset_get_value (dataset, 1, WEFT_VISANDOR_COLUMN_BUSY_TIME), 110e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (weft_visandor_dataset_get_value (dataset, 2, WEFT_VISANDOR_COLUMN_BUSY_TIME), 10e-6, 1e-12);
  g_assert_cmpfloat_with_epsilon (weft_visandor_dataset_get_value (dataset, 0, WEFT_VISANDOR_COLUMN_BUSY_SHARE), 100.0 * 130 / 170, 1e-9);
  g_assert_cmpfloat (weft_visandor_dataset_get_value (dataset, 1, WEFT_VISANDOR_COLUMN_TASKS), ==, 3);
  g_assert_cmpfloat (weft_visandor_dataset_get_value (dataset, 1, WEFT_VISANDOR_COLUMN_FORKS), ==, 2);
  g_assert_cmpfloat (weft_visandor_dataset_get_value (dataset, 2, WEFT_VISANDOR_COLUMN_FORKS), ==, 1);
  g_assert_cmpfloat (weft_visandor_dataset_get_value (dataset, 0, WEFT_VISANDOR_COLUMN_SUCCESSES), ==, 1);

  g_assert_cmpuint (weft_visandor_dataset_get_max_parallelism (dataset), ==, 3);
  g_assert_cmpfloat_with_epsilon (weft_visandor_dataset_get_mean_parallelism (dataset), 250.0 / 170, 1e-9);

  values = weft_dataset_dup_values (WEFT_DATASET (dataset), "values", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_value_table_get_n_rows (values), ==, 3);
  g_assert_cmpstr (weft_value_table_get_row_name (values, 2), ==, "agent 16");
  g_assert_cmpint (weft_value_table_get_row_id (values, 2), ==, 16);
  g_assert_cmpfloat (weft_value_table_get (values, 2, WEFT_VISANDOR_COLUMN_TASKS), ==, 2);
  g_assert_cmpstr (weft_value_table_get_column_name (values, WEFT_VISANDOR_COLUMN_BUSY_TIME), ==, "busy_time");

  g_clear_pointer (&values, weft_value_table_unref);
  values = weft_dataset_dup_values (WEFT_DATASET (dataset), "nope", NULL, &error);
  g_assert_null (values);
  g_assert_nonnull (error);
}

static gint
compare_span_begin (gconstpointer a,
                    gconstpointer b)
{
  const WeftVisandorSpan *x = a, *y = b;

  return (x->begin > y->begin) - (x->begin < y->begin);
}

static int
compare_gint64 (const void *a,
                const void *b)
{
  gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;

  return (x > y) - (x < y);
}

/* The figures against counting by hand: random spans (pieces and slaves,
 * empty, touching and nested ones, several agents at one time, ends and
 * begins at one time), in begin order and shuffled. Busy time per agent is
 * the length of the union of its spans; the parallelism over each stretch
 * between two consecutive span ends is the number of agents whose union
 * covers it. */
static void
test_figures_by_hand (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2026);

  for (guint round = 0; round < 200; round++)
    {
      g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(WeftVisandorDataset) dataset = NULL;
      WeftVisandorTrace *trace = weft_visandor_trace_new ("by-hand");
      WeftVisandorNode node = { 0, };
      WeftVisandorTask task = { 0, };
      guint n_agents = (guint)g_rand_int_range (rand, 1, 6);
      guint n_spans = (guint)g_rand_int_range (rand, 0, 60);
      gboolean shuffle = round % 2 == 1;
      g_autofree gint64 *times = g_new (gint64, 2 * n_spans + 1);
      gint64 busy[8] = { 0, };
      guint n_times = 0, max = 0;
      double integral = 0;
      GArray *spans = trace->spans;

      trace->parallelism = WEFT_VISANDOR_OR;
      trace->n_agents = n_agents;
      trace->n_distinct_agents = n_agents;
      trace->agent_seen = g_new (guint8, n_agents);
      memset (trace->agent_seen, 1, n_agents);
      trace->tallies = g_new0 (WeftVisandorAgentTally, n_agents);
      node.join_time = -1;
      node.parent = WEFT_VISANDOR_NONE;
      node.join_agent = WEFT_VISANDOR_NONE;
      g_array_append_val (trace->nodes, node);
      task.end = 1000;
      task.end_agent = WEFT_VISANDOR_NONE;
      g_array_append_val (trace->tasks, task);

      /* Begins on a coarse grid so that they meet ends and each other. */
      for (guint i = 0; i < n_spans; i++)
        {
          gint64 begin = 5 * g_rand_int_range (rand, 0, 40);
          WeftVisandorSpan span = { begin, begin + 5 * g_rand_int_range (rand, 0, 8), 0,
                                    (guint16)g_rand_int_range (rand, 0, (gint32)n_agents),
                                    g_rand_boolean (rand) ? WEFT_VISANDOR_SPAN_RUN : WEFT_VISANDOR_SPAN_SLAVE };

          g_array_append_val (spans, span);
          times[n_times++] = span.begin;
          times[n_times++] = span.end;
          trace->end = MAX (trace->end, span.end);
        }
      g_array_sort (spans, compare_span_begin);
      for (guint i = spans->len; shuffle && i > 1; i--)
        {
          guint j = (guint)g_rand_int_range (rand, 0, (gint32)i);
          WeftVisandorSpan swap = g_array_index (spans, WeftVisandorSpan, j);

          g_array_index (spans, WeftVisandorSpan, j) = g_array_index (spans, WeftVisandorSpan, i - 1);
          g_array_index (spans, WeftVisandorSpan, i - 1) = swap;
        }

      /* By hand: every stretch between two consecutive times. */
      qsort (times, n_times, sizeof (gint64), compare_gint64);
      for (guint k = 0; k + 1 < n_times; k++)
        {
          gint64 from = times[k], to = times[k + 1];
          guint level = 0;

          if (to == from)
            continue;
          for (guint a = 0; a < n_agents; a++)
            {
              gboolean covered = FALSE;

              for (guint i = 0; i < spans->len && !covered; i++)
                {
                  const WeftVisandorSpan *sp = &g_array_index (spans, WeftVisandorSpan, i);

                  covered = sp->agent == a && sp->begin <= from && sp->end >= to;
                }
              if (covered)
                {
                  busy[a] += to - from;
                  level++;
                }
            }
          max = MAX (max, level);
          integral += (double)level * (double)(to - from);
        }

      dataset = weft_visandor_dataset_new (trace, context, &error);
      g_assert_no_error (error);
      for (guint a = 0; a < n_agents; a++)
        g_assert_cmpfloat (weft_visandor_dataset_get_value (dataset, a, WEFT_VISANDOR_COLUMN_BUSY_TIME), ==,
                           (double)busy[a] / 1e6);
      g_assert_cmpuint (weft_visandor_dataset_get_max_parallelism (dataset), ==, max);
      g_assert_cmpfloat_with_epsilon (weft_visandor_dataset_get_mean_parallelism (dataset),
                                      integral / (double)MAX (trace->end, 1), 1e-9);
    }
}

/* Loads @text with its spans reordered: 0 as read, 1 reversed, 2 shuffled. */
static WeftVisandorDataset *
load_text_reordered (const char *text,
                     gsize       len,
                     guint       order)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(GError) error = NULL;
  WeftVisandorTrace *trace = weft_visandor_parse (text, len, "reordered", context, &error);
  WeftVisandorDataset *dataset;
  GArray *spans;

  g_assert_no_error (error);
  spans = trace->spans;
  for (guint i = spans->len; order != 0 && i > 1; i--)
    {
      guint j = order == 1 ? spans->len - i : (guint)g_rand_int_range (rand, 0, (gint32)i);
      guint k = i - 1;
      WeftVisandorSpan swap;

      if (order == 1 && j >= k)
        break;
      swap = g_array_index (spans, WeftVisandorSpan, j);
      g_array_index (spans, WeftVisandorSpan, j) = g_array_index (spans, WeftVisandorSpan, k);
      g_array_index (spans, WeftVisandorSpan, k) = swap;
    }
  dataset = weft_visandor_dataset_new (trace, context, &error);
  g_assert_no_error (error);

  return dataset;
}

/* The figures take spans in any order. The reader adds them as they end,
 * which the busy union relies on, but for the pieces it closes at the end of
 * the trace (a sorted stretch, then a tail in reverse; the or-sample leaves
 * branches open): the reversed and the shuffled spans take the other paths
 * of the sort. */
static void
test_spans_in_any_order (void)
{
  g_autofree char *path = weft_test_source_path ("data", "samples", "visandor-or.visandor", NULL);
  g_autoptr(WeftVisandorDataset) expected = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree double *expected_bins = NULL;
  double end;
  gsize len;

  g_file_get_contents (path, &text, &len, &error);
  g_assert_no_error (error);
  expected = load_text_reordered (text, len, 0);
  g_assert_cmpuint (weft_visandor_dataset_get_trace (expected)->spans->len, >, 100);
  end = (double)weft_visandor_dataset_get_trace (expected)->end;
  expected_bins = weft_visandor_dataset_dup_parallelism (expected, 0, end, 64);

  for (guint order = 1; order <= 2; order++)
    {
      g_autoptr(WeftVisandorDataset) dataset = load_text_reordered (text, len, order);
      g_autofree double *bins = weft_visandor_dataset_dup_parallelism (dataset, 0, end, 64);

      for (guint row = 0; row < weft_visandor_dataset_get_n_agents (expected); row++)
        {
          g_assert_cmpfloat (weft_visandor_dataset_get_value (expected, row, WEFT_VISANDOR_COLUMN_BUSY_TIME), >, 0);
          g_assert_cmpfloat (weft_visandor_dataset_get_value (dataset, row, WEFT_VISANDOR_COLUMN_BUSY_TIME), ==,
                             weft_visandor_dataset_get_value (expected, row, WEFT_VISANDOR_COLUMN_BUSY_TIME));
        }
      g_assert_cmpuint (weft_visandor_dataset_get_max_parallelism (dataset), ==,
                        weft_visandor_dataset_get_max_parallelism (expected));
      g_assert_cmpfloat (weft_visandor_dataset_get_mean_parallelism (dataset), ==,
                         weft_visandor_dataset_get_mean_parallelism (expected));
      g_assert_cmpmem (bins, 64 * sizeof (double), expected_bins, 64 * sizeof (double));
    }

  /* The hand-worked figures of the nested and-trace survive reversal too. */
  {
    g_autofree char *nested = g_test_build_filename (G_TEST_DIST, "visandor", "fixtures", "and-nested.visandor", NULL);
    g_autofree char *nested_text = NULL;
    g_autoptr(WeftVisandorDataset) dataset = NULL;

    g_file_get_contents (nested, &nested_text, &len, &error);
    g_assert_no_error (error);
    dataset = load_text_reordered (nested_text, len, 1);
    g_assert_cmpfloat_with_epsilon (weft_visandor_dataset_get_value (dataset, 0, WEFT_VISANDOR_COLUMN_BUSY_TIME), 130e-6, 1e-12);
    g_assert_cmpuint (weft_visandor_dataset_get_max_parallelism (dataset), ==, 3);
    g_assert_cmpfloat_with_epsilon (weft_visandor_dataset_get_mean_parallelism (dataset), 250.0 / 170, 1e-9);
  }
}

static void
test_parallelism_profile (void)
{
  g_autoptr(WeftVisandorDataset) dataset = load_fixture ("and-nested.visandor");
  /* 0–170 µs in 17 bins of 10: agent 0 from 20, agent 1 from 30 to 140,
   * agent 16 from 60 to 70. */
  g_autofree double *bins = weft_visandor_dataset_dup_parallelism (dataset, 0, 170, 17);
  double sum = 0;

  g_assert_cmpfloat_with_epsilon (bins[0], 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (bins[2], 1, 1e-9);
  g_assert_cmpfloat_with_epsilon (bins[3], 2, 1e-9);
  g_assert_cmpfloat_with_epsilon (bins[6], 3, 1e-9);
  g_assert_cmpfloat_with_epsilon (bins[15], 0, 1e-9);
  for (guint i = 0; i < 17; i++)
    sum += bins[i] * 10;
  g_assert_cmpfloat_with_epsilon (sum, 250, 1e-6);
}

/* Whether @events has a kind named @name that an event uses. */
static gboolean
has_used_kind (WeftEventTable *events,
               const char     *name)
{
  for (guint16 k = 0; k < weft_event_table_get_n_kinds (events); k++)
    if (g_strcmp0 (weft_event_table_get_kind_name (events, k), name) == 0)
      return weft_event_table_get_kind_used (events, k);

  return FALSE;
}

static void
test_timeline (void)
{
  g_autoptr(WeftVisandorDataset) dataset = load_fixture ("and-nested.visandor");
  WeftEventTable *events = weft_dataset_get_event_table (WEFT_DATASET (dataset));
  WeftTimeSpan span = weft_event_table_get_span (events);

  g_assert_cmpuint (weft_event_table_get_n_rows (events), ==, 3);
  g_assert_cmpstr (weft_event_table_get_row_name (events, 2), ==, "agent 16");
  /* 6 goals, 4 forks, 4 joins, 2 forks whose task started on another agent. */
  g_assert_cmpuint (weft_event_table_get_n_events (events), ==, 16);
  g_assert_cmpuint (weft_event_table_get_n_link_pairs (events), ==, 2);
  g_assert_true (has_used_kind (events, "fork"));
  g_assert_true (has_used_kind (events, "fork → goal"));
  g_assert_true (has_used_kind (events, "join"));
  g_assert_false (has_used_kind (events, "suspended"));
  /* The last JOIN, at 260 − 100 µs. */
  g_assert_cmpint (span.end, ==, 160 * 1000);
}

/* The kind of the interval of @row that begins at @begin µs (busy spans
 * aside), or NULL. */
static const char *
piece_kind_at (WeftEventTable *events,
               guint           row,
               gint64          begin)
{
  for (guint lane = 0; lane < weft_event_table_get_n_lanes (events, row); lane++)
    {
      WeftIntervalSlice slice;

      weft_event_table_get_lane (events, row, lane, &slice);
      for (gsize i = 0; i < slice.n; i++)
        if (slice.begin[i] == begin * 1000 && g_strcmp0 (weft_event_table_get_kind_name (events, slice.kind[i]), "busy") != 0)
          return weft_event_table_get_kind_name (events, slice.kind[i]);
    }

  return NULL;
}

static void
test_migration (void)
{
  g_autoptr(WeftVisandorDataset) dataset = load_text ("1\n"
                                                       "10 5 0 0 0 0\n"
                                                       "11 20 7 2 0 0\n"
                                                       "12 21 7 0 0 0\n"
                                                       "20 24 7 0 0 0\n"
                                                       "30 25 7 0 1 1\n"
                                                       "40 22 7 0 1 1\n"
                                                       "50 6 0 0 0 0\n");
  WeftEventTable *events = weft_dataset_get_event_table (WEFT_DATASET (dataset));

  /* The suspension on agent 0 resumes on agent 1: one link pair 0 → 1. */
  g_assert_cmpuint (weft_event_table_get_n_link_pairs (events), ==, 1);
  g_assert_cmpfloat (weft_visandor_dataset_get_value (dataset, 0, WEFT_VISANDOR_COLUMN_SUSPENSIONS), ==, 1);
  g_assert_cmpfloat (weft_visandor_dataset_get_value (dataset, 1, WEFT_VISANDOR_COLUMN_SUCCESSES), ==, 1);
  g_assert_cmpuint (weft_visandor_dataset_get_max_parallelism (dataset), ==, 1);
  /* An or-trace's nodes are choice points; it has no join. */
  g_assert_true (has_used_kind (events, "choice point"));
  g_assert_false (has_used_kind (events, "fork"));
  g_assert_false (has_used_kind (events, "join"));
  /* The piece before the suspension, then the one that succeeds. */
  g_assert_cmpstr (piece_kind_at (events, 0, 2), ==, "suspended");
  g_assert_cmpstr (piece_kind_at (events, 1, 20), ==, "success");
}

/* A piece is drawn as it stopped, even when its branch ends at the same
 * time: suspended, resumed and cut at 20 µs. */
static void
test_piece_kinds (void)
{
  g_autoptr(WeftVisandorDataset) dataset = load_text ("1\n"
                                                       "10 5 0 0 0 0\n"
                                                       "11 20 7 2 0 0\n"
                                                       "12 21 7 0 0 0\n"
                                                       "13 21 7 1 0 1\n"
                                                       "30 24 7 0 0 0\n"
                                                       "30 25 7 0 1 1\n"
                                                       "30 26 7 0 1 1\n"
                                                       "35 23 7 1 0 1\n"
                                                       "50 6 0 0 0 0\n");
  WeftEventTable *events = weft_dataset_get_event_table (WEFT_DATASET (dataset));

  g_assert_cmpstr (piece_kind_at (events, 0, 2), ==, "suspended");
  g_assert_cmpstr (piece_kind_at (events, 1, 20), ==, "cut");
  g_assert_cmpstr (piece_kind_at (events, 1, 3), ==, "failure");
  g_assert_cmpfloat (weft_visandor_dataset_get_value (dataset, 1, WEFT_VISANDOR_COLUMN_CUTS), ==, 1);
  g_assert_cmpfloat (weft_visandor_dataset_get_value (dataset, 1, WEFT_VISANDOR_COLUMN_FAILURES), ==, 1);
  g_assert_cmpfloat (weft_visandor_dataset_get_value (dataset, 0, WEFT_VISANDOR_COLUMN_FORKS), ==, 1);
  g_assert_cmpfloat (weft_visandor_dataset_get_value (dataset, 1, WEFT_VISANDOR_COLUMN_TASKS), ==, 1);
}

static void
test_call_tree (void)
{
  g_autoptr(WeftVisandorDataset) dataset = load_fixture ("and-nested.visandor");
  g_autoptr(WeftCallTree) tree = NULL;
  g_autoptr(GError) error = NULL;
  WeftCallNode fork, goal1, sub;
  const WeftCallFrame *frame;
  int time_metric;
  g_autofree char *agents = NULL;
  WeftViewOptions options = { 0 };

  tree = weft_dataset_dup_call_tree (WEFT_DATASET (dataset), "stacks", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_call_tree_get_n_nodes (tree), ==, 11);
  g_assert_cmpint (weft_call_tree_get_max_depth (tree), ==, 5);
  g_assert_cmpuint (weft_call_tree_get_n_children (tree, WEFT_CALL_TREE_ROOT), ==, 1);

  fork = weft_call_tree_get_first_child (tree, WEFT_CALL_TREE_ROOT);
  frame = weft_call_tree_get_frame (tree, fork);
  g_assert_cmpstr (frame->function, ==, "fork 3AAB48");
  g_assert_cmpuint (frame->kind, ==, WEFT_VISANDOR_FRAME_FORK);
  g_assert_cmpuint (frame->address, ==, 0x3AAB48);
  time_metric = weft_call_tree_find_metric (tree, "time");
  g_assert_cmpint (time_metric, >=, 0);
  g_assert_cmpfloat (weft_call_tree_get_inclusive (tree, fork, time_metric), ==, 292);
  g_assert_cmpfloat (weft_call_tree_get_inclusive (tree, fork, weft_call_tree_find_metric (tree, "goals")), ==, 6);

  goal1 = weft_call_tree_get_next_sibling (tree, weft_call_tree_get_first_child (tree, fork));
  g_assert_cmpstr (weft_call_tree_get_frame (tree, goal1)->function, ==, "goal 1");
  g_assert_cmpuint (weft_call_tree_get_frame (tree, goal1)->kind, ==, WEFT_VISANDOR_FRAME_GOAL);
  g_assert_cmpuint (weft_call_tree_get_n_children (tree, goal1), ==, 2);
  g_assert_cmpfloat (weft_call_tree_get_exclusive (tree, goal1, time_metric), ==, 110);
  sub = weft_call_tree_get_first_child (tree, goal1);
  g_assert_cmpstr (weft_call_tree_get_frame (tree, sub)->function, ==, "fork 3AAB84");
  /* Its goal 1 ran on agent 16. */
  sub = weft_call_tree_get_next_sibling (tree, weft_call_tree_get_first_child (tree, sub));
  agents = weft_int_set_to_string (weft_call_tree_get_processes (tree, sub));
  g_assert_cmpstr (agents, ==, "16");

  g_clear_pointer (&tree, weft_call_tree_unref);
  options.metric = "bogus";
  tree = weft_dataset_dup_call_tree (WEFT_DATASET (dataset), "tree", &options, &error);
  g_assert_null (tree);
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
}

static void
test_json (void)
{
  g_autofree char *path = weft_test_source_path ("data", "samples", "visandor-or.visandor", NULL);
  g_autoptr(WeftVisandorDataset) dataset = load_path (path);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object;
  JsonObject *events;

  json_builder_begin_object (builder);
  weft_dataset_add_json (WEFT_DATASET (dataset), builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  object = json_object_get_object_member (json_node_get_object (root), "visandor");

  /* awk 'NR > 1 {print $2}' data/samples/visandor-or.visandor | sort | uniq -c */
  g_assert_cmpstr (json_object_get_string_member (object, "parallelism"), ==, "or");
  g_assert_cmpint (json_object_get_int_member (object, "agents"), ==, 6);
  g_assert_cmpint (json_object_get_int_member (object, "forks"), ==, 27);
  g_assert_cmpint (json_object_get_int_member (object, "tasks"), ==, 76);
  g_assert_cmpint (json_object_get_int_member (object, "max_depth"), ==, 11);
  events = json_object_get_object_member (object, "events");
  g_assert_cmpuint (json_object_get_size (events), ==, 11);
  g_assert_cmpint (json_object_get_int_member (events, "22"), ==, 19);
  g_assert_cmpint (json_object_get_int_member (events, "23"), ==, 28);
  g_assert_cmpint (json_object_get_int_member (events, "33"), ==, 120);
  g_assert_cmpint (json_object_get_int_member (events, "26"), ==, 3);
}

static void
test_sniff (void)
{
  g_autofree char *path = weft_test_source_path ("data", "samples", "visandor-and.visandor", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  const WeftFormat *format;

  weft_formats_init ();
  format = weft_format_detect (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (format->id, ==, "visandor");
  g_assert_cmpstr (format->mime_type, ==, "text/x-visandor-trace");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/visandor/model/and-values", test_and_values);
  g_test_add_func ("/visandor/model/parallelism-profile", test_parallelism_profile);
  g_test_add_func ("/visandor/model/spans-in-any-order", test_spans_in_any_order);
  g_test_add_func ("/visandor/model/figures-by-hand", test_figures_by_hand);
  g_test_add_func ("/visandor/model/timeline", test_timeline);
  g_test_add_func ("/visandor/model/migration", test_migration);
  g_test_add_func ("/visandor/model/piece-kinds", test_piece_kinds);
  g_test_add_func ("/visandor/model/call-tree", test_call_tree);
  g_test_add_func ("/visandor/model/json", test_json);
  g_test_add_func ("/visandor/model/sniff", test_sniff);

  return g_test_run ();
}

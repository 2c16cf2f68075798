/* bench-call-tree-compare.c [--runs N]: two 10^6-node call trees, merged from
 * stacks as bench-call-tree builds one, from partly shared random streams (so
 * they share most paths and each has its own), compared
 * ("Compare two runs"), and the comparison written as CSV.
 *
 * Prints `bench NAME value unit` lines; times are the thread's CPU time (the
 * machines this runs on are shared, so wall time says little).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "bench-util.h"
#include "weft-call-tree-compare.h"
#include "weft-tree-csv.h"

#define N_NODES     1000000
#define N_FUNCTIONS 5000
#define MAX_DEPTH   24

/* Three stacks in four come from a stream both runs share (one seed), the
 * rest from the run's own: the runs share their common paths, and each has
 * deep paths of its own, as two runs of one program do. */
static WeftCallTree *
build_tree (guint32     own_seed,
            const char *title)
{
  WeftCallTree *tree = weft_call_tree_new ();
  g_autoptr(GRand) shared = g_rand_new_with_seed (42);
  g_autoptr(GRand) own = g_rand_new_with_seed (own_seed);
  g_autofree guint32 *frames = g_new (guint32, N_FUNCTIONS);
  guint metric;

  weft_call_tree_set_title (tree, title);
  for (guint i = 0; i < N_FUNCTIONS; i++)
    {
      g_autofree char *name = g_strdup_printf ("function_%u", i);
      g_autofree char *file = g_strdup_printf ("src/module_%u.c", i % 97);
      WeftCallFrame frame = { name, file, "", 0, 10 + i, 0 };

      frames[i] = weft_call_tree_intern_frame (tree, &frame);
    }
  metric = weft_call_tree_add_metric (tree, "samples", NULL, WEFT_CALL_METRIC_INTEGER);

  /* Stacks share prefixes (a skewed choice of callee), as real profiles do. */
  while (weft_call_tree_get_n_nodes (tree) < N_NODES)
    {
      GRand *rand = g_rand_int_range (own, 0, 4) == 0 ? own : shared;
      WeftCallNode n = WEFT_CALL_TREE_ROOT;
      guint depth = 4 + g_rand_int_range (rand, 0, MAX_DEPTH - 4);

      for (guint d = 0; d < depth; d++)
        {
          guint f = (guint)(g_rand_double (rand) * g_rand_double (rand) * N_FUNCTIONS);

          n = weft_call_tree_ensure_child_frame_id (tree, n, frames[MIN (f, N_FUNCTIONS - 1)]);
        }
      weft_call_tree_add_exclusive (tree, n, metric, 1 + g_rand_int_range (rand, 0, 3));
    }
  weft_call_tree_compute_inclusive (tree);
  return tree;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(WeftCallTree) base = build_tree (1, "base");
  g_autoptr(WeftCallTree) other = build_tree (2, "other");
  g_autoptr(WeftCallTree) result = NULL;
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autofree char *csv = NULL;
  guint sides[3] = { 0 };
  int runs = 5;
  double start;
  GOptionEntry entries[] = {
    { "runs", 0, 0, G_OPTION_ARG_INT, &runs, "Comparisons to time (default 5)", "N" },
    { NULL },
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- time comparing two call trees");
  g_autoptr(GError) error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || runs < 1)
    {
      g_printerr ("%s\n", error != NULL ? error->message : "--runs must be at least 1");
      return 1;
    }

  for (int r = 0; r < runs; r++)
    {
      g_clear_pointer (&result, weft_call_tree_unref);
      start = weft_bench_thread_cpu_ms ();
      result = weft_call_tree_compare (base, other);
      g_array_append_val (times, (double){ weft_bench_thread_cpu_ms () - start });
    }
  weft_bench_sort (&g_array_index (times, double, 0), times->len);
  g_print ("bench call-tree-compare-1e6 %.3f s\n",
           weft_bench_percentile (&g_array_index (times, double, 0), times->len, 50) / 1000);
  g_print ("bench call-tree-compare-1e6-min %.3f s\n", g_array_index (times, double, 0) / 1000);

  for (WeftCallNode n = 0; n < weft_call_tree_get_n_nodes (result); n++)
    sides[weft_call_tree_get_compare_side (result, n)]++;
  g_print ("bench call-tree-compare-base-nodes %u nodes\n", weft_call_tree_get_n_nodes (base));
  g_print ("bench call-tree-compare-other-nodes %u nodes\n", weft_call_tree_get_n_nodes (other));
  g_print ("bench call-tree-compare-result-nodes %u nodes\n", weft_call_tree_get_n_nodes (result));
  g_print ("bench call-tree-compare-both-nodes %u nodes\n", sides[WEFT_COMPARE_SIDE_BOTH]);
  g_print ("bench call-tree-compare-base-only-nodes %u nodes\n", sides[WEFT_COMPARE_SIDE_BASE_ONLY]);
  g_print ("bench call-tree-compare-other-only-nodes %u nodes\n", sides[WEFT_COMPARE_SIDE_OTHER_ONLY]);

  start = weft_bench_thread_cpu_ms ();
  csv = weft_tree_csv_to_string (result);
  g_print ("bench tree-csv-write-compare %.1f ms\n", weft_bench_thread_cpu_ms () - start);
  g_print ("bench tree-csv-compare-size %.1f MB\n", strlen (csv) / 1e6);

  return 0;
}

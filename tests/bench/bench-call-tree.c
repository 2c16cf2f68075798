/* bench-call-tree.c: a 10^6-node WeftCallTree built by merging stacks, the
 * first flame-graph frame of it, the hot path, and PSV CSV/XML write and read.
 *
 * Prints `bench NAME value unit` lines; times are the thread's CPU time (the
 * machines this runs on are shared, so wall time says little).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "bench-util.h"
#include "weft-flame-graph-renderer.h"
#include "weft-psv.h"

#define N_NODES     1000000
#define N_FUNCTIONS 5000
#define MAX_DEPTH   24

int
main (int    argc,
      char **argv)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  g_autoptr(WeftFlameGraphRenderer) renderer = weft_flame_graph_renderer_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  g_autofree guint32 *frames = g_new (guint32, N_FUNCTIONS);
  g_autoptr(GArray) hits = g_array_new (FALSE, TRUE, sizeof (guint64));
  g_autofree char *csv = NULL;
  g_autofree char *xml = NULL;
  g_autoptr(WeftCallTree) csv_back = NULL;
  g_autoptr(WeftCallTree) xml_back = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  guint metric, n_stacks = 0, hot_depth = 0;
  WeftCallNode hot = WEFT_CALL_TREE_ROOT;
  double start;

  for (guint i = 0; i < N_FUNCTIONS; i++)
    {
      g_autofree char *name = g_strdup_printf ("function_%u", i);
      g_autofree char *file = g_strdup_printf ("src/module_%u.c", i % 97);
      WeftCallFrame frame = { name, file, "", 0, 10 + i, 0 };

      frames[i] = weft_call_tree_intern_frame (tree, &frame);
    }
  metric = weft_call_tree_add_metric (tree, "samples", NULL, WEFT_CALL_METRIC_INTEGER);

  /* Stacks share prefixes (a skewed choice of callee), as real profiles do. */
  start = weft_bench_thread_cpu_ms ();
  while (weft_call_tree_get_n_nodes (tree) < N_NODES)
    {
      WeftCallNode n = WEFT_CALL_TREE_ROOT;
      guint depth = 4 + g_rand_int_range (rand, 0, MAX_DEPTH - 4);

      for (guint d = 0; d < depth; d++)
        {
          guint f = (guint)(g_rand_double (rand) * g_rand_double (rand) * N_FUNCTIONS);

          n = weft_call_tree_ensure_child_frame_id (tree, n, frames[MIN (f, N_FUNCTIONS - 1)]);
          if (hits->len <= n)
            g_array_set_size (hits, n + 1);
          g_array_index (hits, guint64, n)++;
        }
      weft_call_tree_add_exclusive (tree, n, metric, 1.0);
      n_stacks++;
    }
  for (guint n = 1; n < weft_call_tree_get_n_nodes (tree); n++)
    weft_call_tree_set_counts (tree, n, g_array_index (hits, guint64, n), g_array_index (hits, guint64, n));
  weft_call_tree_compute_inclusive (tree);
  g_print ("bench call-tree-merge-1e6 %.1f ms\n", weft_bench_thread_cpu_ms () - start);
  g_print ("bench call-tree-nodes %u nodes\n", weft_call_tree_get_n_nodes (tree));
  g_print ("bench call-tree-stacks %u stacks\n", n_stacks);

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1600, 900);
  cr = cairo_create (surface);
  start = weft_bench_thread_cpu_ms ();
  weft_flame_graph_renderer_set_tree (renderer, tree);
  weft_flame_graph_renderer_draw (renderer, cr, 1600, 900);
  g_print ("bench flame-graph-first-frame-1e6 %.1f ms\n", weft_bench_thread_cpu_ms () - start);
  start = weft_bench_thread_cpu_ms ();
  weft_flame_graph_renderer_draw (renderer, cr, 1600, 900);
  g_print ("bench flame-graph-frame-1e6 %.1f ms\n", weft_bench_thread_cpu_ms () - start);
  weft_flame_graph_renderer_set_metric (renderer, -1);
  start = weft_bench_thread_cpu_ms ();
  weft_flame_graph_renderer_draw (renderer, cr, 1600, 900);
  g_print ("bench flame-graph-frame-processes-1e6 %.1f ms\n", weft_bench_thread_cpu_ms () - start);

  /* The hot path: the largest child at each level, as the stack view's
   * "Expand Hottest Path" follows it. */
  start = weft_bench_thread_cpu_ms ();
  for (;;)
    {
      WeftCallNode best = WEFT_CALL_NODE_NONE;
      double best_value = -1;

      for (WeftCallNode c = weft_call_tree_get_first_child (tree, hot); c != WEFT_CALL_NODE_NONE;
           c = weft_call_tree_get_next_sibling (tree, c))
        if (weft_flame_graph_renderer_get_value (renderer, c) > best_value)
          best = c, best_value = weft_flame_graph_renderer_get_value (renderer, c);
      if (best == WEFT_CALL_NODE_NONE)
        break;
      hot = best;
      hot_depth++;
    }
  g_print ("bench call-tree-hot-path-1e6 %.3f ms\n", weft_bench_thread_cpu_ms () - start);
  g_print ("bench call-tree-hot-path-depth %u frames\n", hot_depth);

  start = weft_bench_thread_cpu_ms ();
  csv = weft_psv_csv_to_string (tree, WEFT_PSV_CSV_COUNTS);
  g_print ("bench psv-csv-write-1e6 %.1f ms\n", weft_bench_thread_cpu_ms () - start);
  start = weft_bench_thread_cpu_ms ();
  csv_back = weft_psv_csv_parse (csv, strlen (csv), "bench.csv", NULL, NULL);
  g_print ("bench psv-csv-read-1e6 %.1f ms\n", weft_bench_thread_cpu_ms () - start);
  g_print ("bench psv-csv-size %.1f MB\n", strlen (csv) / 1e6);
  g_assert (csv_back != NULL && weft_call_tree_get_n_nodes (csv_back) == weft_call_tree_get_n_nodes (tree));

  start = weft_bench_thread_cpu_ms ();
  xml = weft_psv_xml_to_string (tree, NULL);
  g_print ("bench psv-xml-write-1e6 %.1f ms\n", weft_bench_thread_cpu_ms () - start);
  start = weft_bench_thread_cpu_ms ();
  xml_back = weft_psv_xml_parse (xml, strlen (xml), "bench.xml", NULL, NULL);
  g_print ("bench psv-xml-read-1e6 %.1f ms\n", weft_bench_thread_cpu_ms () - start);
  g_assert (xml_back != NULL && weft_call_tree_get_n_nodes (xml_back) == weft_call_tree_get_n_nodes (tree));

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return 0;
}

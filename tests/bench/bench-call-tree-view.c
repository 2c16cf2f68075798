/* bench-call-tree-view.c: the first paint of the top-down tree of a merged
 * HPCToolkit measurement of about 10^6 nodes (64 profiles written by
 * weft-gen-hpcrun, as bench-hpcrun merges them), in a real window.
 *
 *   xvfb-run -a _build/test/tests/bench/bench-call-tree-view [--runs N]
 *
 * Prints: bench call-tree-view-nodes, and call-tree-view-first-paint (ms from
 * giving the view the tree to the end of the first frame that shows it; best
 * of N, each time a new view) and the same for its hot path expanded
 * (call-tree-view-hot-path, ms to expand and select the hottest path and
 * paint it), and selecting a frame whose path is already open again
 * (call-tree-view-reselect, as a click in the flame graph does). Then the flame graph of the same tree: its first paint
 * (flame-graph-view-first-paint) and a paint after the pointer moved to
 * another frame (flame-graph-view-hover-paint: the drawing is kept, only the
 * outline is new).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <gtk/gtk.h>

#include "bench-util.h"
#include "weft-call-tree-view.h"
#include "weft-flame-graph-view.h"
#include "weft-hpcrun.h"
#include "weft-hpctoolkit-measurement.h"
#include "weft-test-util.h"

typedef struct
{
  gboolean painted;
} Paint;

static void
after_paint_cb (GdkFrameClock *clock,
                Paint         *paint)
{
  paint->painted = TRUE;
}

/* Spins the main loop until the window's next frame is painted. */
static void
wait_paint (GtkWidget *window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);
  Paint paint = { FALSE };
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &paint);

  gtk_widget_queue_draw (window);
  while (!paint.painted)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, id);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *tmp = weft_test_make_tmp_dir ();
  g_autofree char *many = g_build_filename (tmp, "many", NULL);
  const char *const gen_args[] = { "--profiles", "64", "--nodes", "20000", "--shared", "5000", many, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) profiles = g_ptr_array_new_with_free_func ((GDestroyNotify)weft_hpcrun_profile_free);
  g_autoptr(WeftHpctoolkitMeasurement) m = NULL;
  g_autoptr(GDir) d = NULL;
  WeftCallTree *tree;
  GtkWidget *window;
  const char *name;
  double best_paint = G_MAXDOUBLE, best_hot = G_MAXDOUBLE, best_reselect = G_MAXDOUBLE, best_flame = G_MAXDOUBLE, best_hover = G_MAXDOUBLE;
  int runs = 5;

  if (argc > 2 && strcmp (argv[1], "--runs") == 0)
    runs = MAX (1, atoi (argv[2]));
  gtk_init ();

  weft_bench_run_tool (argv[0], "weft-gen-hpcrun", gen_args);
  d = g_dir_open (many, 0, NULL);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".hpcrun"))
      g_ptr_array_add (paths, g_build_filename (many, name, NULL));
  g_ptr_array_sort (paths, (GCompareFunc)g_strcmp0);
  for (guint i = 0; i < paths->len; i++)
    {
      WeftHpcrunProfile *p = weft_hpcrun_read_file (g_ptr_array_index (paths, i), &error);

      if (p == NULL)
        g_error ("%s", error->message);
      g_ptr_array_add (profiles, p);
    }
  m = weft_hpctoolkit_measurement_new (g_steal_pointer (&profiles), NULL, NULL);
  tree = weft_hpctoolkit_measurement_get_tree (m);
  g_print ("bench call-tree-view-nodes %u nodes\n", weft_call_tree_get_n_nodes (tree) - 1);

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  wait_paint (window);

  for (int r = 0; r < runs; r++)
    {
      GtkWidget *view = weft_call_tree_view_new ();
      gint64 start;

      gtk_window_set_child (GTK_WINDOW (window), view);
      wait_paint (window);
      start = g_get_monotonic_time ();
      weft_call_tree_view_set_tree (WEFT_CALL_TREE_VIEW (view), tree);
      wait_paint (window);
      best_paint = MIN (best_paint, weft_bench_ms_since (start));

      start = g_get_monotonic_time ();
      weft_call_tree_view_expand_hottest (WEFT_CALL_TREE_VIEW (view));
      if (g_getenv ("WEFT_BENCH_VERBOSE") != NULL)
        g_print ("# hot path expanded and selected in %.1f ms (%u rows)\n", weft_bench_ms_since (start),
                 weft_call_tree_view_get_n_rows (WEFT_CALL_TREE_VIEW (view)));
      wait_paint (window);
      best_hot = MIN (best_hot, weft_bench_ms_since (start));

      {
        WeftCallNode hottest = weft_call_tree_view_get_selected (WEFT_CALL_TREE_VIEW (view));
        WeftCallNode parent = weft_call_tree_get_parent (tree, hottest);

        start = g_get_monotonic_time ();
        if (!weft_call_tree_view_select_node (WEFT_CALL_TREE_VIEW (view), parent) ||
            weft_call_tree_view_get_selected (WEFT_CALL_TREE_VIEW (view)) != parent)
          g_error ("the hot path's parent frame could not be selected");
        wait_paint (window);
        best_reselect = MIN (best_reselect, weft_bench_ms_since (start));
      }
      gtk_window_set_child (GTK_WINDOW (window), NULL);
    }
  g_print ("bench call-tree-view-first-paint %.1f ms\n", best_paint);
  g_print ("bench call-tree-view-hot-path %.1f ms\n", best_hot);
  g_print ("bench call-tree-view-reselect %.1f ms\n", best_reselect);

  for (int r = 0; r < runs; r++)
    {
      GtkWidget *view = weft_flame_graph_view_new ();
      WeftFlameGraphRenderer *renderer = weft_flame_graph_view_get_renderer (WEFT_FLAME_GRAPH_VIEW (view));
      WeftCallNode hovered = weft_call_tree_get_first_child (tree, WEFT_CALL_TREE_ROOT);
      gint64 start;

      gtk_window_set_child (GTK_WINDOW (window), view);
      wait_paint (window);
      start = g_get_monotonic_time ();
      weft_flame_graph_view_set_tree (WEFT_FLAME_GRAPH_VIEW (view), tree);
      wait_paint (window);
      best_flame = MIN (best_flame, weft_bench_ms_since (start));

      /* Down the first children: a new frame under the pointer each time. */
      for (int i = 0; i <= r && weft_call_tree_get_first_child (tree, hovered) != WEFT_CALL_NODE_NONE; i++)
        hovered = weft_call_tree_get_first_child (tree, hovered);
      start = g_get_monotonic_time ();
      weft_flame_graph_renderer_set_hover (renderer, hovered);
      gtk_widget_queue_draw (view);
      wait_paint (window);
      best_hover = MIN (best_hover, weft_bench_ms_since (start));
      gtk_window_set_child (GTK_WINDOW (window), NULL);
    }
  g_print ("bench flame-graph-view-first-paint %.1f ms\n", best_flame);
  g_print ("bench flame-graph-view-hover-paint %.1f ms\n", best_hover);

  gtk_window_destroy (GTK_WINDOW (window));
  weft_test_rm_rf (tmp);
  return 0;
}

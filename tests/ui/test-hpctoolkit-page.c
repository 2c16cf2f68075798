/* test-hpctoolkit-page.c: the HPCToolkit page in a real window (Xvfb) on the
 * demo measurement (data/samples/heat.m): the per-profile bars show the
 * dataset's totals, the trace view colours by call depth, Alt+digits switch
 * views (real keys with xdotool when available), File ▸ Export gets the view
 * on screen, and the page goes away with its tab.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "weft-application.h"
#include "weft-call-tree-view.h"
#include "weft-flame-graph-view.h"
#include "weft-format.h"
#include "weft-gen-hpcrun.h"
#include "weft-hpctoolkit-dataset.h"
#include "weft-hpctoolkit-page.h"
#include "weft-page.h"
#include "weft-test-util.h"
#include "weft-source-view.h"
#include "weft-timeline-hit.h"
#include "weft-timeline-view.h"
#include "weft-timeline.h"
#include "weft-ui-test-util.h"
#include "weft-value-bars-view.h"
#include "weft-window.h"

static gboolean
view_loaded (gpointer data)
{
  return g_strcmp0 (weft_document_view_get_state_name (data), "loading") != 0;
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *)data == NULL;
}

static void
test_page (void)
{
  g_autofree char *path = weft_test_source_path ("data", "samples", "heat.m", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  WeftWindow *window = weft_window_new (NULL);
  WeftDocumentView *view;
  WeftHpctoolkitPage *page;
  WeftValueBarsView *bars;
  WeftTimelineView *timeline;
  WeftValueTable *values;
  WeftEventTable *before;
  WeftViewOptions options = { 0 };
  const char *export_view = NULL;
  AdwTabView *tabs;
  gpointer weak_page, weak_window;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  weft_ui_iterate ();
  view = weft_window_open_files (window, &file, 1);
  g_assert_true (weft_ui_wait_for (view_loaded, view));
  g_assert_cmpstr (weft_document_view_get_state_name (view), ==, "content");
  g_assert_true (WEFT_IS_HPCTOOLKIT_PAGE (weft_document_view_get_page (view)));
  page = WEFT_HPCTOOLKIT_PAGE (weft_document_view_get_page (view));
  weft_ui_iterate ();

  /* It opens on the top-down tree, as hpcviewer does. */
  g_assert_cmpstr (weft_hpctoolkit_page_get_view (page), ==, "top-down");

  /* The summary counts the tree's nodes and says how that differs from
   * weft-cli's merged_nodes (140 for the corpus run, a count by address). */
  {
    GtkLabel *summary = weft_ui_find_label (GTK_WIDGET (page), "4 profiles, ", TRUE);
    const char *tooltip;

    g_assert_nonnull (summary);
    g_assert_true (g_str_has_suffix (gtk_label_get_text (summary), " tree nodes"));
    tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (summary));
    g_assert_true (g_str_has_prefix (tooltip, gtk_label_get_text (summary)));
    g_assert_nonnull (strstr (tooltip, "merged_nodes"));
  }

  /* Profiles: one bar per profile, the dataset's totals: 400, 440, 520 and
   * 560 samples of 1 ms and 3,000 × 1,000 cycles. */
  weft_hpctoolkit_page_set_view (page, "profiles");
  g_assert_cmpstr (weft_hpctoolkit_page_get_view (page), ==, "profiles");
  bars = WEFT_VALUE_BARS_VIEW (weft_ui_find_descendant (GTK_WIDGET (page), WEFT_TYPE_VALUE_BARS_VIEW));
  values = weft_value_bars_view_get_values (bars);
  g_assert_nonnull (values);
  g_assert_cmpuint (weft_value_table_get_n_rows (values), ==, 4);
  g_assert_cmpstr (weft_value_table_get_row_name (values, 3), ==, "rank 1 thread 1");
  g_assert_cmpstr (weft_value_table_get_column_name (values, 0), ==, "CPUTIME (sec)");
  g_assert_cmpstr (weft_value_table_get_column_name (values, 1), ==, "CYCLES");
  g_assert_cmpfloat_with_epsilon (weft_value_table_get (values, 0, 0), 0.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (weft_value_table_get (values, 2, 1), 520 * 3e6, 1e-3);
  g_assert_cmpfloat_with_epsilon (weft_value_table_get (values, 3, 0), 0.56, 1e-9);
  g_assert_true (weft_page_get_export_view (WEFT_PAGE (page), &export_view, &options));
  g_assert_cmpstr (export_view, ==, "values");
  g_assert_cmpstr (options.metric, ==, "CPUTIME (sec)");

  /* Trace: 4 rows; another depth is another colouring of the same rows. */
  weft_hpctoolkit_page_set_view (page, "trace");
  weft_ui_iterate ();
  g_assert_cmpstr (weft_hpctoolkit_page_get_view (page), ==, "trace");
  timeline = WEFT_TIMELINE_VIEW (weft_ui_find_descendant (GTK_WIDGET (page), WEFT_TYPE_TIMELINE_VIEW));
  before = weft_timeline_view_get_table (timeline);
  g_assert_cmpuint (weft_event_table_get_n_rows (before), ==, 4);
  weft_hpctoolkit_page_set_depth (page, 0);
  weft_ui_iterate ();
  g_assert_true (weft_timeline_view_get_table (timeline) != before);
  g_assert_cmpuint (weft_event_table_get_n_rows (weft_timeline_view_get_table (timeline)), ==, 4);
  /* Depth 0: every sample is under a placeholder root. */
  g_assert_cmpuint (weft_event_table_get_n_kinds (weft_timeline_view_get_table (timeline)), ==, 2);
  /* The call stack of rank 0 thread 0's first sample after the idle one:
   * <program root>, main, solve, then what was sampled. */
  {
    WeftIntervalSlice slice;
    g_autoptr(GPtrArray) stack = NULL;
    guint32 sample;

    weft_event_table_get_lane (weft_timeline_view_get_table (timeline), 0, 0, &slice);
    g_assert_cmpuint (slice.n, >, 0);
    /* The slice points into a table the depth changes below replace. */
    sample = slice.ref[0];
    stack = weft_hpctoolkit_dataset_dup_stack (WEFT_HPCTOOLKIT_DATASET (weft_document_get_dataset (weft_page_get_document (WEFT_PAGE (page)))),
                                               sample);
    g_assert_cmpuint (stack->len, >=, 3);
    g_assert_cmpuint (weft_hpctoolkit_page_show_context (page, sample), ==, stack->len);
    /* Another sample replaces the rows. */
    g_assert_cmpuint (weft_hpctoolkit_page_show_context (page, sample), ==, stack->len);
    {
      GtkListBox *list = GTK_LIST_BOX (weft_ui_find_descendant (GTK_WIDGET (page), GTK_TYPE_LIST_BOX));

      g_assert_nonnull (gtk_list_box_get_row_at_index (list, stack->len - 1));
      g_assert_null (gtk_list_box_get_row_at_index (list, stack->len));
      /* Picking the outermost frame colours by depth 0 again. */
      weft_hpctoolkit_page_set_depth (page, 10);
      g_assert_cmpuint (weft_event_table_get_n_kinds (weft_timeline_view_get_table (timeline)), >, 2);
      g_signal_emit_by_name (list, "row-activated", gtk_list_box_get_row_at_index (list, 0));
      g_assert_cmpuint (weft_event_table_get_n_kinds (weft_timeline_view_get_table (timeline)), ==, 2);
    }
    /* A click on that sample (the timeline's signal) also selects its
     * context in the top-down tree. */
    {
      WeftTimelineHit hit = { 0 };

      hit.type = WEFT_TIMELINE_HIT_EVENT;
      hit.category = WEFT_EVENT_INTERVAL;
      hit.ref = sample;
      g_signal_emit_by_name (weft_timeline_view_get_timeline (timeline), "event-activated", &hit);
      g_assert_cmpuint (weft_call_tree_view_get_selected (weft_hpctoolkit_page_get_tree_view (page, "top-down")), ==,
                        sample);
    }
    g_assert_cmpstr (g_ptr_array_index (stack, 0), ==, "<program root>");
    g_assert_cmpstr (g_ptr_array_index (stack, 1), ==, "main (/opt/weft-demo/src/heat.c:40)");
    g_assert_cmpstr (g_ptr_array_index (stack, 2), ==, "solve (/opt/weft-demo/src/heat.c:10)");
  }
  memset (&options, 0, sizeof options);
  g_assert_true (weft_page_get_export_view (WEFT_PAGE (page), &export_view, &options));
  g_assert_cmpstr (export_view, ==, "timeline");
  g_assert_true (options.has_range);

  /* Alt+1 goes back to the profiles. */
  if (weft_ui_have_xdotool ())
    {
      weft_ui_xdotool ("key", "alt+1", NULL);
      weft_ui_spin (200);
    }
  else
    weft_hpctoolkit_page_set_view (page, "profiles");
  weft_ui_iterate ();
  g_assert_cmpstr (weft_hpctoolkit_page_get_view (page), ==, "profiles");

  /* The shared call-tree views: top-down rows, the flame graph, both on the
   * merged tree; they export the top-down tree. */
  weft_hpctoolkit_page_set_view (page, "top-down");
  weft_ui_iterate ();
  g_assert_cmpstr (weft_hpctoolkit_page_get_view (page), ==, "top-down");
  {
    WeftCallTreeView *top_down = WEFT_CALL_TREE_VIEW (weft_ui_find_descendant (GTK_WIDGET (page), WEFT_TYPE_CALL_TREE_VIEW));
    WeftFlameGraphView *flame = WEFT_FLAME_GRAPH_VIEW (weft_ui_find_descendant (GTK_WIDGET (page), WEFT_TYPE_FLAME_GRAPH_VIEW));
    WeftCallTree *tree = weft_call_tree_view_get_tree (top_down);

    g_assert_nonnull (tree);
    g_assert_cmpuint (weft_call_tree_get_n_nodes (tree), >, 10);
    g_assert_cmpuint (weft_call_tree_view_get_n_rows (top_down), >=, 1);
    g_assert_nonnull (weft_flame_graph_view_get_tree (flame));
    g_assert_cmpuint (weft_call_tree_get_n_nodes (weft_flame_graph_view_get_tree (flame)), ==,
                      weft_call_tree_get_n_nodes (tree));
  }
  /* The source pane beside the top-down tree: solve's file at line 10, found
   * in the measurement's src/ (hpcprof's layout) since /opt/weft-demo is not
   * on this machine. */
  {
    WeftCallTreeView *top_down = weft_hpctoolkit_page_get_tree_view (page, "top-down");
    WeftSourceView *source = weft_hpctoolkit_page_get_source_view (page, "top-down");
    WeftCallTree *tree = weft_call_tree_view_get_tree (top_down);
    g_autofree char *expected = weft_test_source_path ("data", "samples", "heat.m", "src", "opt", "weft-demo", "src",
                                                       "heat.c", NULL);
    g_autofree char *text = NULL;
    WeftCallNode solve = WEFT_CALL_NODE_NONE;

    for (WeftCallNode n = weft_call_tree_next_preorder (tree, WEFT_CALL_TREE_ROOT);
         n != WEFT_CALL_NODE_NONE && solve == WEFT_CALL_NODE_NONE; n = weft_call_tree_next_preorder (tree, n))
      if (g_str_equal (weft_call_tree_get_frame (tree, n)->function, "solve"))
        solve = n;
    g_assert_cmpuint (solve, !=, WEFT_CALL_NODE_NONE);
    g_assert_true (weft_call_tree_view_select_node (top_down, solve));
    for (guint i = 0; i < 500 && g_strcmp0 (weft_source_view_get_state (source), "lines") != 0; i++)
      weft_ui_spin (10);
    g_assert_cmpstr (weft_source_view_get_state (source), ==, "lines");
    g_assert_cmpstr (weft_source_view_get_path (source), ==, expected);
    g_assert_cmpint (weft_source_view_get_highlighted_line (source), ==, 10);
    text = weft_source_view_dup_line_text (source, 10);
    g_assert_cmpstr (text, ==, "static void solve (int rank, int steps)");
    /* Its values across the profiles: solve runs on thread 0 of each rank. */
    {
      g_autofree char *stats = weft_hpctoolkit_page_dup_statistics_text (page, solve);

      g_assert_true (g_str_has_prefix (stats, "CPUTIME (sec) over 2 of 4 profiles: mean "));
      g_assert_nonnull (strstr (stats, "\nCYCLES over 2 of 4 profiles"));
    }
    weft_ui_spin (200);
    weft_ui_save_screenshot (GTK_WIDGET (page), "hpctoolkit-top-down");
  }
  memset (&options, 0, sizeof options);
  g_assert_true (weft_page_get_export_view (WEFT_PAGE (page), &export_view, &options));
  g_assert_cmpstr (export_view, ==, "stacks");
  /* The bottom-up and flat trees are made when their tab is first shown (at
   * once for a measurement this small). */
  g_assert_null (weft_call_tree_view_get_tree (weft_hpctoolkit_page_get_tree_view (page, "bottom-up")));
  g_assert_null (weft_call_tree_view_get_tree (weft_hpctoolkit_page_get_tree_view (page, "flat")));
  weft_hpctoolkit_page_set_view (page, "bottom-up");
  g_assert_false (weft_hpctoolkit_page_get_tree_busy (page, "bottom-up"));
  g_assert_nonnull (weft_call_tree_view_get_tree (weft_hpctoolkit_page_get_tree_view (page, "bottom-up")));
  g_assert_null (weft_call_tree_view_get_tree (weft_hpctoolkit_page_get_tree_view (page, "flat")));
  g_assert_true (weft_page_get_export_view (WEFT_PAGE (page), &export_view, &options));
  g_assert_cmpstr (export_view, ==, "callers");
  weft_hpctoolkit_page_set_view (page, "flat");
  g_assert_nonnull (weft_call_tree_view_get_tree (weft_hpctoolkit_page_get_tree_view (page, "flat")));
  g_assert_true (weft_page_get_export_view (WEFT_PAGE (page), &export_view, &options));
  g_assert_cmpstr (export_view, ==, "flat");
  weft_hpctoolkit_page_set_view (page, "flame");
  weft_ui_iterate ();
  g_assert_cmpstr (weft_hpctoolkit_page_get_view (page), ==, "flame");

  weak_page = page;
  g_object_add_weak_pointer (G_OBJECT (page), &weak_page);
  tabs = weft_window_get_tab_view (window);
  adw_tab_view_close_page (tabs, adw_tab_view_get_nth_page (tabs, 0));
  g_assert_true (weft_ui_wait_for (is_null, &weak_page));

  weak_window = window;
  g_object_add_weak_pointer (G_OBJECT (window), &weak_window);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (weft_ui_wait_for (is_null, &weak_window));
}

/* A measurement of 110,101 frames: main calls 110 functions, each of which
 * calls 1,000 others, which have the samples. */
static char *
write_wide_measurement (void)
{
  char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "wide-000000-000-7f000001-1-0.hpcrun", NULL);
  g_autoptr(GArray) nodes = g_array_new (FALSE, FALSE, sizeof (WeftGenNode));
  g_autoptr(GError) error = NULL;
  guint32 id = 16;

  /* hpcrun's placeholder roots: "^Primary" and "| Main  " as addresses. */
  g_array_append_val (nodes, ((WeftGenNode) { 12, 0, 0, 0x5e5072696d617279, 0, 0 }));
  g_array_append_val (nodes, ((WeftGenNode) { 14, 12, 0, 0x7c204d61696e2020, 0, 0 }));
  for (guint f = 0; f < 110; f++)
    {
      guint32 caller = id;

      g_array_append_val (nodes, ((WeftGenNode) { caller, 14, 1, 0x1000 + 4 * f, 0, 0 }));
      id += 2;
      for (guint c = 0; c < 1000; c++, id += 2)
        g_array_append_val (nodes, ((WeftGenNode) { id, caller, 1, 0x100000 + 4 * (f * 1000 + c), 0.001, 1000 }));
    }
  g_assert_true (weft_gen_hpcrun_write (path, 4, 0, 0, (const WeftGenNode *)(gconstpointer)nodes->data, nodes->len,
                                        &error));
  g_assert_no_error (error);

  return dir;
}

static gboolean
tree_not_busy (gpointer data)
{
  return !weft_hpctoolkit_page_get_tree_busy (data, "bottom-up");
}

/* From 100,000 frames the bottom-up tree is made on a worker when its tab is
 * first shown, with a line above the view saying so; a page closed while it
 * works goes at once. */
static void
test_trees_worker (void)
{
  g_autofree char *dir = write_wide_measurement ();
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  g_autoptr(WeftDocument) document = weft_document_new_for_file (file);
  g_autoptr(GError) error = NULL;
  WeftHpctoolkitPage *page;
  WeftCallTreeView *bottom_up;
  GtkWidget *window, *notice;
  gpointer page_alive;

  g_assert_true (weft_document_load (document, NULL, &error));
  g_assert_no_error (error);
  page = WEFT_HPCTOOLKIT_PAGE (g_object_ref_sink (weft_hpctoolkit_page_new (document, NULL)));
  window = weft_ui_show_in_window (GTK_WIDGET (page), 1000, 700);
  bottom_up = weft_hpctoolkit_page_get_tree_view (page, "bottom-up");
  notice = gtk_widget_get_prev_sibling (GTK_WIDGET (bottom_up));
  g_assert_true (GTK_IS_LABEL (notice));
  g_assert_false (gtk_widget_get_visible (notice));

  weft_hpctoolkit_page_set_view (page, "bottom-up");
  g_assert_true (weft_hpctoolkit_page_get_tree_busy (page, "bottom-up"));
  g_assert_true (gtk_widget_get_visible (notice));
  g_assert_null (weft_call_tree_view_get_tree (bottom_up));
  g_assert_true (weft_ui_wait_for (tree_not_busy, page));
  g_assert_false (gtk_widget_get_visible (notice));
  {
    /* Each of the 110,110 procedures at the top (the 1,000 callees of each
     * function have addresses of their own), each with its one caller. */
    WeftCallTree *tree = weft_call_tree_view_get_tree (bottom_up);

    g_assert_nonnull (tree);
    g_assert_cmpuint (weft_call_tree_get_n_nodes (tree), ==, 1 + 110 + 110000 * 2);
  }
  /* Without structure a frame is a module and an address, and the source
   * pane names it so, as its row does ("wide-…+0x1000"), not as “”. */
  {
    WeftCallTreeView *top_down = weft_hpctoolkit_page_get_tree_view (page, "top-down");
    WeftCallTree *tree = weft_call_tree_view_get_tree (top_down);
    WeftCallNode first = weft_call_tree_get_first_child (tree, weft_call_tree_get_first_child (tree, WEFT_CALL_TREE_ROOT));
    g_autofree char *label = weft_call_frame_to_label (weft_call_tree_get_frame (tree, first));
    WeftSourceView *source = weft_hpctoolkit_page_get_source_view (page, "top-down");

    g_assert_cmpstr (weft_call_tree_get_frame (tree, first)->function, ==, "");
    g_assert_true (g_str_has_suffix (label, "+0x1000"));
    weft_hpctoolkit_page_set_view (page, "top-down");
    g_assert_true (weft_call_tree_view_select_node (top_down, first));
    g_assert_cmpstr (weft_source_view_get_name (source), ==, label);
    g_assert_nonnull (strstr (weft_source_view_get_message (source), label));
  }
  weft_ui_destroy_window (window);
  g_object_unref (page);

  /* Closed while the worker runs. */
  page = WEFT_HPCTOOLKIT_PAGE (g_object_ref_sink (weft_hpctoolkit_page_new (document, NULL)));
  page_alive = page;
  g_object_add_weak_pointer (G_OBJECT (page), &page_alive);
  window = weft_ui_show_in_window (GTK_WIDGET (page), 1000, 700);
  weft_hpctoolkit_page_set_view (page, "flat");
  g_assert_true (weft_hpctoolkit_page_get_tree_busy (page, "flat"));
  weft_ui_destroy_window (window);
  g_object_unref (page);
  g_assert_null (page_alive);
  weft_ui_spin (500);
  weft_test_rm_rf (dir);
}

/* Two threads of 150,000 samples each (more than the page colours on its
 * main thread): main calls 10 functions, each of which calls 10 others,
 * which have the samples. */
static char *
write_traced_measurement (void)
{
  char *dir = weft_test_make_tmp_dir ();
  g_autoptr(GArray) nodes = g_array_new (FALSE, FALSE, sizeof (WeftGenNode));
  g_autofree WeftGenSample *samples = g_new (WeftGenSample, 150000);
  g_autoptr(GError) error = NULL;

  g_array_append_val (nodes, ((WeftGenNode) { 2, 0, 1, 0x1000, 0, 0 }));
  for (guint f = 0; f < 10; f++)
    {
      guint32 caller = 100 * (f + 1);

      g_array_append_val (nodes, ((WeftGenNode) { caller, 2, 1, 0x2000 + 16 * f, 0, 0 }));
      for (guint c = 0; c < 10; c++)
        g_array_append_val (nodes, ((WeftGenNode) { caller + 2 * c + 1, caller, 1, 0x100000 + 4 * (10 * f + c), 0.01, 10 }));
    }
  for (guint i = 0; i < 150000; i++)
    samples[i] = (WeftGenSample) { 1000000000 + (guint64)i * 1000, 100 * (i / 10 % 10 + 1) + 2 * (i % 10) + 1 };
  for (guint t = 0; t < 2; t++)
    {
      g_autofree char *name = g_strdup_printf ("traced-000000-%03u-7f000001-1-0", t);
      g_autofree char *profile = g_strdup_printf ("%s/%s.hpcrun", dir, name);
      g_autofree char *trace = g_strdup_printf ("%s/%s.hpctrace", dir, name);

      g_assert_true (weft_gen_hpcrun_write (profile, 4, 0, t, (const WeftGenNode *)(gconstpointer)nodes->data,
                                            nodes->len, &error));
      g_assert_no_error (error);
      g_assert_true (weft_gen_hpctrace_write (trace, samples, 150000, &error));
      g_assert_no_error (error);
    }

  return dir;
}

static gboolean
trace_not_busy (gpointer data)
{
  return !weft_hpctoolkit_page_get_trace_busy (data);
}

/* From 200,000 samples a new call depth colours the trace on a worker: the
 * timeline keeps its table until the new one is made, and of two depths
 * asked for in turn, the last is shown. */
static void
test_trace_depth_worker (void)
{
  g_autofree char *dir = write_traced_measurement ();
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  g_autoptr(WeftDocument) document = weft_document_new_for_file (file);
  g_autoptr(GError) error = NULL;
  WeftHpctoolkitPage *page;
  WeftTimelineView *timeline;
  WeftEventTable *before, *after;
  GtkWidget *window;

  g_assert_true (weft_document_load (document, NULL, &error));
  g_assert_no_error (error);
  page = WEFT_HPCTOOLKIT_PAGE (g_object_ref_sink (weft_hpctoolkit_page_new (document, NULL)));
  window = weft_ui_show_in_window (GTK_WIDGET (page), 1000, 700);
  weft_hpctoolkit_page_set_view (page, "trace");
  timeline = WEFT_TIMELINE_VIEW (weft_ui_find_descendant (GTK_WIDGET (page), WEFT_TYPE_TIMELINE_VIEW));
  before = weft_timeline_view_get_table (timeline);
  /* The deepest frames: the 100 callees. */
  g_assert_cmpuint (weft_event_table_get_n_kinds (before), ==, 100);
  g_assert_false (weft_hpctoolkit_page_get_trace_busy (page));

  weft_hpctoolkit_page_set_depth (page, 0);
  weft_hpctoolkit_page_set_depth (page, 1);
  g_assert_true (weft_hpctoolkit_page_get_trace_busy (page));
  g_assert_true (weft_timeline_view_get_table (timeline) == before);
  g_assert_true (weft_ui_wait_for (trace_not_busy, page));
  after = weft_timeline_view_get_table (timeline);
  g_assert_true (after != before);
  /* Depth 1: main's 10 callees. */
  g_assert_cmpuint (weft_event_table_get_n_rows (after), ==, 2);
  g_assert_cmpuint (weft_event_table_get_n_kinds (after), ==, 10);

  gtk_window_destroy (GTK_WINDOW (window));
  g_object_unref (page);
  weft_test_rm_rf (dir);
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  weft_ui_test_init (&argc, &argv);
  adw_init ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  weft_init_resources ();
  weft_formats_init ();

  g_test_add_func ("/hpctoolkit/page", test_page);
  g_test_add_func ("/hpctoolkit/page/trees-worker", test_trees_worker);
  g_test_add_func ("/hpctoolkit/page/trace-depth-worker", test_trace_depth_worker);
  return g_test_run ();
}

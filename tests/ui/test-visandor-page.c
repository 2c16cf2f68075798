/* test-visandor-page.c: the application opens both VisAndOr samples; real
 * input (xdotool under Xvfb) hovers a goal of the execution tree (the tooltip
 * names it) and drags along the time axis (the shared time model zooms to the
 * dragged range, ±1 pixel); Alt+2 shows the timeline on the same range.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>

#include "weft-application.h"
#include "weft-call-tree.h"
#include "weft-flame-graph-view.h"
#include "weft-format.h"
#include "weft-page.h"
#include "weft-test-util.h"
#include "weft-ui-test-util.h"
#include "weft-visandor-dataset.h"
#include "weft-visandor-page.h"
#include "weft-visandor-reader.h"
#include "weft-visandor-tree-view.h"
#include "weft-window.h"

static gboolean
view_shows_content (gpointer data)
{
  return g_strcmp0 (weft_document_view_get_state_name (data), "content") == 0;
}

typedef struct
{
  WeftVisandorTreeView *view;
  guint32               task;
} HoverWait;

static gboolean
hovered (gpointer data)
{
  HoverWait *wait = data;

  return weft_visandor_tree_view_get_hovered_task (wait->view) == wait->task;
}

typedef struct
{
  GtkLabel   *label;
  const char *durations;
} StatisticsWait;

static gboolean
statistics_shown (gpointer data)
{
  StatisticsWait *wait = data;

  return strstr (gtk_label_get_text (wait->label), wait->durations) != NULL;
}

/* @durations: the statistics' line of goal or branch durations, as a full
 * sort of them gives it. */
static void
open_and_drive (const char *sample,
                const char *word,
                const char *durations)
{
  g_autofree char *path = weft_test_source_path ("data", "samples", sample, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *xid = NULL;
  g_autofree char *tooltip = NULL;
  WeftWindow *window;
  WeftDocumentView *view;
  WeftVisandorPage *page;
  WeftVisandorTreeView *tree_view;
  WeftVisandorTreeRenderer *renderer;
  WeftTimeModel *model;
  WeftScreenOrigin screen;
  cairo_rectangle_t plot;
  const WeftVisandorTrace *trace;
  const WeftVisandorTask *task;
  const WeftTimeSpan *visible;
  HoverWait wait;
  double x = 0, y = 0, y0, y1, width, height, ns_per_px;
  gint64 expect_begin, expect_end;

  window = weft_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  view = weft_window_open_files (window, &file, 1);
  g_assert_true (weft_ui_wait_for (view_shows_content, view));

  page = WEFT_VISANDOR_PAGE (weft_document_view_get_page (view));
  g_assert_true (WEFT_IS_VISANDOR_PAGE (page));
  g_assert_cmpstr (weft_visandor_page_get_view (page), ==, "tree");
  tree_view = weft_visandor_page_get_tree_view (page);
  renderer = weft_visandor_tree_view_get_renderer (tree_view);
  model = weft_visandor_page_get_time_model (page);
  weft_ui_wait_drawn (GTK_WIDGET (tree_view));
  weft_ui_locate (GTK_WIDGET (tree_view), &screen);
  xid = g_strdup_printf ("%lu", screen.xid);
  width = gtk_widget_get_width (GTK_WIDGET (tree_view));
  height = gtk_widget_get_height (GTK_WIDGET (tree_view));
  weft_visandor_tree_renderer_get_plot (renderer, width, height, &plot);

  /* Hover, half-way down, the first goal or branch whose line is the one
   * under its middle (column 0 also holds the first goals of nested forks). */
  trace = weft_visandor_dataset_get_trace (WEFT_VISANDOR_DATASET (weft_document_get_dataset (weft_page_get_document (WEFT_PAGE (page)))));
  wait.task = WEFT_VISANDOR_NONE;
  for (guint32 i = 0; i < trace->tasks->len && wait.task == WEFT_VISANDOR_NONE; i++)
    {
      WeftVisandorHit hit;

      task = weft_visandor_trace_task (trace, i);
      x = plot.x + (weft_visandor_tree_renderer_get_task_column (renderer, i) + 0.5) * plot.width /
          weft_visandor_tree_renderer_get_n_columns (renderer);
      y = weft_visandor_tree_renderer_time_to_pos (renderer, &plot, task->start + (task->end - task->start) / 2);
      if (weft_visandor_tree_renderer_hit_test (renderer, width, height, x, y, &hit) && hit.task == i)
        wait.task = i;
    }
  g_assert_cmpuint (wait.task, !=, WEFT_VISANDOR_NONE);
  {
    g_autofree char *sx = weft_ui_px (screen.left + x), *sy = weft_ui_px (screen.top + y);

    weft_ui_xdotool ("windowfocus", "--sync", xid, "mousemove", "--sync", sx, sy, NULL);
  }
  wait.view = tree_view;
  g_assert_true (weft_ui_wait_for (hovered, &wait));
  tooltip = weft_visandor_tree_view_dup_tooltip_text (tree_view, x, y);
  g_assert_nonnull (tooltip);
  g_assert_true (g_str_has_prefix (tooltip, word));
  g_assert_nonnull (strstr (tooltip, "outcome: "));

  /* A double click on the first fork's bar folds its subtree into one
   * column; Ctrl+Shift+E unfolds it again. */
  {
    const WeftVisandorNode *root = weft_visandor_trace_node (trace, trace->first_root);
    guint columns = weft_visandor_tree_renderer_get_n_columns (renderer);
    double cw = plot.width / columns;
    double bx = plot.x + (weft_visandor_tree_renderer_get_task_column (renderer, root->first_task) + 0.5) * cw;
    double by = weft_visandor_tree_renderer_time_to_pos (renderer, &plot, root->time);
    g_autofree char *sx = weft_ui_px (screen.left + bx), *sy = weft_ui_px (screen.top + by);
    WeftVisandorHit hit;

    g_assert_true (weft_visandor_tree_renderer_hit_test (renderer, width, height, bx, by, &hit));
    g_assert_cmpuint (hit.node, ==, trace->first_root);
    weft_ui_xdotool ("mousemove", "--sync", sx, sy, "click", "--repeat", "2", "--delay", "80", "1", NULL);
    for (guint i = 0; i < 100 && !weft_visandor_tree_renderer_get_collapsed (renderer, trace->first_root); i++)
      weft_ui_spin (10);
    g_assert_true (weft_visandor_tree_renderer_get_collapsed (renderer, trace->first_root));
    g_assert_cmpuint (weft_visandor_tree_renderer_get_n_columns (renderer), <, columns);
    g_assert_cmpuint (weft_visandor_tree_view_get_selected_node (tree_view), ==, trace->first_root);
    weft_ui_xdotool ("key", "ctrl+shift+e", NULL);
    weft_ui_spin (50);
    g_assert_false (weft_visandor_tree_renderer_get_collapsed (renderer, trace->first_root));
    g_assert_cmpuint (weft_visandor_tree_renderer_get_n_columns (renderer), ==, columns);
  }

  /* Drag down a third of the time axis, beside the plot's first column. */
  y0 = plot.y + plot.height * 0.25;
  y1 = plot.y + plot.height * 0.55;
  ns_per_px = (double)weft_time_span_duration (weft_time_model_get_visible_span (model)) / plot.height;
  expect_begin = weft_visandor_tree_renderer_pos_to_time (renderer, &plot, y0) * 1000;
  expect_end = weft_visandor_tree_renderer_pos_to_time (renderer, &plot, y1) * 1000;
  {
    g_autofree char *sx = weft_ui_px (screen.left + plot.x + 2), *sy0 = weft_ui_px (screen.top + y0);
    g_autofree char *sym = weft_ui_px (screen.top + (y0 + y1) / 2), *sy1 = weft_ui_px (screen.top + y1);

    weft_ui_xdotool ("mousemove", "--sync", sx, sy0, "mousedown", "1", "mousemove", "--sync", sx, sym,
                     "mousemove", "--sync", sx, sy1, "mouseup", "1", NULL);
  }
  weft_ui_spin (50);
  visible = weft_time_model_get_visible_span (model);
  g_assert_cmpfloat (fabs ((double)(visible->begin - expect_begin)), <=, ns_per_px + 1000);
  g_assert_cmpfloat (fabs ((double)(visible->end - expect_end)), <=, ns_per_px + 1000);
  g_assert_true (weft_time_model_get_can_go_back (model));

  /* Alt+2: the timeline, on the same model. */
  weft_ui_xdotool ("key", "alt+2", NULL);
  g_assert_cmpstr (weft_visandor_page_get_view (page), ==, "timeline");
  g_assert_true (weft_timeline_view_get_time_model (weft_visandor_page_get_timeline_view (page)) == model);

  /* Alt+4: the statistics, with busy agents over time. Hovering a column
   * tells how many were busy then; clicking it shows that stretch in the
   * timeline. */
  weft_ui_xdotool ("key", "alt+4", NULL);
  g_assert_cmpstr (weft_visandor_page_get_view (page), ==, "statistics");
  /* The figures come from a worker thread: the same as asked for directly. */
  {
    StatisticsWait swait = { weft_visandor_page_get_statistics_label (page), durations };

    g_assert_true (weft_ui_wait_for (statistics_shown, &swait));
    g_assert_nonnull (strstr (gtk_label_get_text (swait.label), "busy agents"));
    g_assert_nonnull (strstr (weft_visandor_page_get_statistics (page), durations));
  }
  {
    WeftParallelismView *profile = weft_visandor_page_get_parallelism_view (page);
    WeftParallelismRenderer *profile_renderer = weft_parallelism_view_get_renderer (profile);
    double pw, ph, px, py, busy;
    gint64 column_begin, column_end;
    cairo_rectangle_t area;
    g_autofree char *text = NULL;
    g_autofree char *sx = NULL, *sy = NULL;

    weft_ui_wait_drawn (GTK_WIDGET (profile));
    weft_ui_locate (GTK_WIDGET (profile), &screen);
    pw = gtk_widget_get_width (GTK_WIDGET (profile));
    ph = gtk_widget_get_height (GTK_WIDGET (profile));
    weft_parallelism_renderer_get_plot_area (profile_renderer, pw, ph, &area);
    g_assert_cmpfloat (area.width, >, 100);
    g_assert_cmpfloat (area.height, >, 50);
    px = area.x + area.width * 0.3;
    py = area.y + area.height / 2;
    g_assert_true (weft_parallelism_renderer_get_column (profile_renderer, pw, ph, px, &column_begin, &column_end,
                                                         &busy));
    g_assert_cmpint (column_begin, <, column_end);
    g_assert_cmpfloat (busy, >=, 0);
    /* A column's mean, summed in floating point: up to rounding. */
    g_assert_cmpfloat (busy, <=, weft_visandor_dataset_get_max_parallelism (
                         WEFT_VISANDOR_DATASET (weft_document_get_dataset (weft_page_get_document (WEFT_PAGE (page))))) + 1e-9);
    text = weft_parallelism_view_dup_tooltip_text (profile, px, py);
    g_assert_nonnull (strstr (text, "agents busy on average"));
    sx = weft_ui_px (screen.left + px);
    sy = weft_ui_px (screen.top + py);
    weft_ui_xdotool ("mousemove", "--sync", sx, sy, "click", "1", NULL);
    weft_ui_spin (50);
    g_assert_cmpstr (weft_visandor_page_get_view (page), ==, "timeline");
    visible = weft_time_model_get_visible_span (model);
    g_assert_cmpint (visible->begin, <=, column_begin * WEFT_VISANDOR_NS_PER_UNIT);
    g_assert_cmpint (visible->end, >=, column_end * WEFT_VISANDOR_NS_PER_UNIT);
    g_assert_cmpint (weft_time_span_duration (visible), <, weft_time_span_duration (weft_time_model_get_document_span (model)) / 10);
  }

  /* Alt+5: the execution tree in the shared stack view, exported as PSV. */
  weft_ui_xdotool ("key", "alt+5", NULL);
  g_assert_cmpstr (weft_visandor_page_get_view (page), ==, "stacks");
  {
    const char *export_view = NULL;
    WeftViewOptions options;

    g_assert_true (weft_page_get_export_view (WEFT_PAGE (page), &export_view, &options));
    g_assert_cmpstr (export_view, ==, "stacks");
  }

  gtk_window_destroy (GTK_WINDOW (window));
  weft_ui_spin (50);
}

/* An and-parallel trace of @n_forks forks of two goals each, on agents 0
 * and 1 in turn. */
static GString *
forks_text (guint n_forks)
{
  GString *text = g_string_new ("0\n1 5 0 0 A 0\n");
  guint64 t = 10;

  for (guint i = 0; i < n_forks; i++, t += 10)
    g_string_append_printf (text,
                            "%" G_GUINT64_FORMAT " 1 %x 2 A 0\n"
                            "%" G_GUINT64_FORMAT " 2 %x 0 A 0\n"
                            "%" G_GUINT64_FORMAT " 2 %x 1 B 1\n"
                            "%" G_GUINT64_FORMAT " 3 %x 0 A 0\n"
                            "%" G_GUINT64_FORMAT " 3 %x 1 B 1\n"
                            "%" G_GUINT64_FORMAT " 4 %x 0 A 0\n",
                            t, i + 1, t + 1, i + 1, t + 1, i + 1, t + 5, i + 1, t + 6, i + 1, t + 7, i + 1);
  g_string_append_printf (text, "%" G_GUINT64_FORMAT " 6 0 0 A 0\n", t);

  return text;
}

static WeftVisandorDataset *
make_forks (guint n_forks)
{
  g_autoptr(GString) text = forks_text (n_forks);
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  WeftVisandorTrace *trace;
  WeftVisandorDataset *dataset;

  trace = weft_visandor_parse (text->str, text->len, "forks", context, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (trace->tasks->len, ==, 2 * n_forks);
  dataset = weft_visandor_dataset_new (trace, context, &error);
  g_assert_no_error (error);

  return dataset;
}

static gboolean
tree_laid_out (gpointer data)
{
  return !weft_visandor_tree_view_get_busy (data);
}

static gboolean
stacks_built (gpointer data)
{
  return !weft_visandor_page_get_call_tree_busy (data);
}

/* A weak pointer another thread clears. */
static gboolean
pointer_cleared (gpointer data)
{
  return g_atomic_pointer_get ((gpointer *)data) == NULL;
}

/* A tree big enough to be laid out on a worker: the view whose tab closes
 * meanwhile goes at once (the worker does not keep it, and with it the
 * page, the dataset and the layout, alive until it ends, then free them on
 * the main thread), and the worker stops and lets the dataset go; a view
 * closed once laid out lets its tree's arrays go on a thread of their own. */
static void
test_tree_closed_while_laying_out (void)
{
  WeftVisandorDataset *dataset = make_forks (120000);
  GtkWidget *view = g_object_ref_sink (weft_visandor_tree_view_new ());
  gpointer view_alive = view, dataset_alive = dataset;

  g_object_add_weak_pointer (G_OBJECT (view), &view_alive);
  g_object_add_weak_pointer (G_OBJECT (dataset), &dataset_alive);

  weft_visandor_tree_view_set_dataset (WEFT_VISANDOR_TREE_VIEW (view), dataset);
  g_assert_true (weft_visandor_tree_view_get_busy (WEFT_VISANDOR_TREE_VIEW (view)));
  g_object_unref (view);
  g_assert_null (view_alive);

  /* Laid out, then closed: the view's renderer hands the tree's arrays to a
   * thread of their own. */
  view = g_object_ref_sink (weft_visandor_tree_view_new ());
  weft_visandor_tree_view_set_dataset (WEFT_VISANDOR_TREE_VIEW (view), dataset);
  g_assert_true (weft_ui_wait_for (tree_laid_out, view));
  g_assert_cmpuint (weft_visandor_tree_renderer_get_n_columns (weft_visandor_tree_view_get_renderer (WEFT_VISANDOR_TREE_VIEW (view))),
                    ==, 2 * 120000);
  g_object_unref (view);

  /* Freed on a thread of its own. */
  g_object_unref (dataset);
  g_assert_true (weft_ui_wait_for (pointer_cleared, &dataset_alive));
}

/* The stacks of a big trace are worked out on a worker thread when the
 * Stacks tab is first shown, under a line saying so; a page closed meanwhile
 * goes at once. */
static void
test_stacks_worker (void)
{
  g_autoptr(GString) text = forks_text (60000);
  g_autofree char *path = weft_test_write_tmp ("forks.visandor", text->str, (gssize)text->len);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(WeftDocument) document = weft_document_new_for_file (file);
  g_autoptr(GError) error = NULL;
  GtkWidget *page, *window, *notice;
  WeftFlameGraphView *flame;
  gpointer page_alive;

  g_assert_true (weft_document_load (document, NULL, &error));
  g_assert_no_error (error);
  page = g_object_ref_sink (GTK_WIDGET (weft_visandor_page_new (document)));
  window = weft_ui_show_in_window (page, 900, 600);
  flame = weft_visandor_page_get_flame_graph_view (WEFT_VISANDOR_PAGE (page));
  /* The line above each view, its first sibling. */
  notice = gtk_widget_get_prev_sibling (GTK_WIDGET (flame));
  g_assert_true (GTK_IS_LABEL (notice));
  g_assert_false (gtk_widget_get_visible (notice));
  weft_visandor_page_set_view (WEFT_VISANDOR_PAGE (page), "stacks");
  g_assert_true (weft_visandor_page_get_call_tree_busy (WEFT_VISANDOR_PAGE (page)));
  g_assert_true (gtk_widget_get_visible (notice));
  g_assert_null (weft_flame_graph_view_get_tree (flame));
  g_assert_true (weft_ui_wait_for (stacks_built, page));
  g_assert_false (gtk_widget_get_visible (notice));
  {
    /* The root, and a fork and its two goals 60,000 times. */
    WeftCallTree *tree = weft_flame_graph_view_get_tree (flame);

    g_assert_nonnull (tree);
    g_assert_cmpuint (weft_call_tree_get_n_nodes (tree), ==, 1 + 3 * 60000);
  }
  weft_ui_destroy_window (window);
  g_object_unref (page);

  /* Closed while the worker runs. */
  page = g_object_ref_sink (GTK_WIDGET (weft_visandor_page_new (document)));
  page_alive = page;
  g_object_add_weak_pointer (G_OBJECT (page), &page_alive);
  window = weft_ui_show_in_window (page, 900, 600);
  weft_visandor_page_set_view (WEFT_VISANDOR_PAGE (page), "stacks");
  g_assert_true (weft_visandor_page_get_call_tree_busy (WEFT_VISANDOR_PAGE (page)));
  weft_ui_destroy_window (window);
  g_object_unref (page);
  g_assert_null (page_alive);
  weft_ui_spin (500);
}

static void
test_and (void)
{
  open_and_drive ("visandor-and.visandor", "goal ",
                  "min 629 µs, median 3.74 ms, mean 12.95 ms, 90th percentile 41.66 ms, max 97.15 ms");
}

static void
test_or (void)
{
  open_and_drive ("visandor-or.visandor", "branch ",
                  "min 721 µs, median 2.525 ms, mean 3.753 ms, 90th percentile 5.697 ms, max 25.55 ms");
}

int
main (int    argc,
      char **argv)
{
  /* xdotool speaks X11. */
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  weft_ui_test_init (&argc, &argv);
  adw_init ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  weft_init_resources ();
  weft_formats_init ();

  if (!weft_ui_have_xdotool ())
    g_error ("xdotool is not installed: the real-input test needs it (apt-get install xdotool)");

  g_test_add_func ("/visandor/page/and", test_and);
  g_test_add_func ("/visandor/page/or", test_or);
  g_test_add_func ("/visandor/tree/closed-while-laying-out", test_tree_closed_while_laying_out);
  g_test_add_func ("/visandor/page/stacks-worker", test_stacks_worker);

  return g_test_run ();
}

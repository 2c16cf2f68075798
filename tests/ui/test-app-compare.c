/* test-app-compare.c: "Compare With…" in the application, with real input
 * (xdotool under Xvfb): a 4-locale Chapel run against the 8-locale demo opens
 * a comparison tab; hovering and clicking a matrix cell selects it and its
 * tooltip gives both runs' values and their difference, which equal the two
 * runs' own matrices; Ctrl+Shift+R switches to ratios; Alt+3 shows the
 * stacked timelines, whose zoom is mirrored; runs of different families are
 * refused with a message; two HPCToolkit measurements compare as call trees.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>

#include "weft-application.h"
#include "weft-call-tree-view.h"
#include "weft-comparison-page.h"
#include "weft-format.h"
#include "weft-matrix-view.h"
#include "weft-test-util.h"
#include "weft-timeline-view.h"
#include "weft-ui-test-util.h"
#include "weft-window.h"

static gboolean
view_settled (gpointer data)
{
  const char *state = weft_document_view_get_state_name (data);

  return g_strcmp0 (state, "content") == 0 || g_strcmp0 (state, "error") == 0;
}

static WeftDocumentView *
open_and_wait (WeftWindow *window,
               const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  WeftDocumentView *view = weft_window_open_files (window, &file, 1);

  g_assert_true (weft_ui_wait_for (view_settled, view));
  g_assert_cmpstr (weft_document_view_get_state_name (view), ==, "content");
  return view;
}

static WeftDocumentView *
compare_and_wait (WeftWindow       *window,
                  WeftDocumentView *base,
                  GFile * const    *files,
                  guint             n_files)
{
  WeftDocumentView *view = weft_window_compare_with (window, weft_document_view_get_document (base), files, n_files);

  g_assert_true (weft_ui_wait_for (view_settled, view));
  return view;
}

static void
dataset_gone_cb (gpointer  main_thread,
                 GObject  *dataset)
{
  if (g_thread_self () == main_thread)
    g_error ("a dataset (%s) was freed on the main thread", G_OBJECT_TYPE_NAME (dataset));
}

/* The comparison's figures are computed in a worker: the views show the
 * latest state when the page is no longer busy. */
static gboolean
page_settled (gpointer data)
{
  return !weft_comparison_page_get_busy (data);
}

static gboolean
shows_timelines (gpointer data)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (data), "timelines") == 0;
}

static void
test_compare_chapel (void)
{
  g_autofree char *four = weft_test_shared_path ("corpus", "chplvis", "chapel-1.25-runs", "allkinds-nl4", NULL);
  g_autofree char *demo = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);
  g_autoptr(GFile) demo_file = g_file_new_for_path (demo);
  g_autofree char *xid = NULL;
  g_autofree char *tooltip = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(WeftMatrix) base_matrix = NULL;
  g_autoptr(WeftMatrix) other_matrix = NULL;
  WeftWindow *window;
  WeftDocumentView *base_view, *view;
  WeftComparisonPage *page;
  WeftComparison *comparison;
  WeftMatrixView *matrix_view;
  WeftMatrix *shown;
  WeftScreenOrigin screen;
  graphene_rect_t cell;
  guint row = 6, column = 1;   /* locale 6 exists only in the 8-locale run */
  double cx, cy, base_value, other_value;

  if (!weft_ui_have_xdotool ())
    g_error ("xdotool is not installed: the real-input test needs it (apt-get install xdotool)");

  window = weft_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));

  base_view = open_and_wait (window, four);
  view = compare_and_wait (window, base_view, &demo_file, 1);
  g_assert_cmpstr (weft_document_view_get_state_name (view), ==, "content");
  page = WEFT_COMPARISON_PAGE (weft_document_view_get_page (view));
  g_assert_true (WEFT_IS_COMPARISON_PAGE (page));
  comparison = weft_comparison_page_get_comparison (page);
  g_assert_true (weft_ui_wait_for (page_settled, page));
  g_assert_nonnull (strstr (adw_tab_page_get_title (adw_tab_view_get_selected_page (weft_window_get_tab_view (window))),
                            " vs "));

  /* The matrix: 8×8, the extra locales against zeros; each cell is the
   * demo's minus the 4-locale run's, as each run's own matrix gives. */
  matrix_view = WEFT_MATRIX_VIEW (weft_comparison_page_get_view (page, "matrix"));
  g_assert_nonnull (matrix_view);
  weft_ui_wait_drawn (GTK_WIDGET (matrix_view));
  shown = weft_matrix_view_get_matrix (matrix_view);
  g_assert_nonnull (shown);
  g_assert_cmpuint (weft_matrix_get_shape (shown)[0], ==, 8);
  g_assert_cmpint (weft_matrix_get_value_kind (shown), ==, WEFT_MATRIX_VALUES_DIFFERENCE);
  base_matrix = weft_dataset_dup_matrix (weft_comparison_get_base (comparison), "comm-matrix", NULL, NULL);
  other_matrix = weft_dataset_dup_matrix (weft_comparison_get_other (comparison), "comm-matrix", NULL, NULL);
  g_assert_cmpuint (weft_matrix_get_shape (base_matrix)[0], ==, 4);
  for (guint r = 0; r < 8; r++)
    for (guint c = 0; c < 8; c++)
      {
        double b = r < 4 && c < 4 ? weft_matrix_get_2d (base_matrix, r, c) : 0.0;

        g_assert_cmpfloat (weft_matrix_get_2d (shown, r, c), ==, weft_matrix_get_2d (other_matrix, r, c) - b);
      }

  /* Real input: hover, then click the cell; it is selected, and its tooltip
   * names both values and the difference. */
  g_assert_true (weft_matrix_view_get_cell_area (matrix_view, row, column, &cell));
  cx = cell.origin.x + cell.size.width / 2;
  cy = cell.origin.y + cell.size.height / 2;
  weft_ui_locate (GTK_WIDGET (matrix_view), &screen);
  xid = g_strdup_printf ("%lu", screen.xid);
  {
    g_autofree char *sx = weft_ui_px (screen.left + cx), *sy = weft_ui_px (screen.top + cy);

    weft_ui_xdotool ("windowfocus", "--sync", xid, "mousemove", "--sync", sx, sy, "click", "1", NULL);
  }
  weft_ui_spin (50);
  g_assert_cmpint (weft_matrix_view_get_selected_row (matrix_view), ==, (int)row);
  g_assert_cmpint (weft_matrix_view_get_selected_column (matrix_view), ==, (int)column);
  base_value = 0.0;
  other_value = weft_matrix_get_2d (other_matrix, row, column);
  tooltip = weft_matrix_view_dup_tooltip_text (matrix_view, cx, cy);
  g_assert_nonnull (tooltip);
  expected = g_strdup_printf ("base: %.6g (no such cell: counted as 0)\nother: %.6g\ndifference: %.6g",
                              base_value, other_value, other_value - base_value);
  g_assert_nonnull (strstr (tooltip, expected));
  weft_ui_save_screenshot (GTK_WIDGET (page), "compare-matrix");

  /* Ctrl+Shift+R, typed: ratios (log scale centred on one). */
  weft_ui_xdotool ("key", "ctrl+shift+r", NULL);
  weft_ui_spin (50);
  g_assert_cmpint (weft_comparison_get_mode (comparison), ==, WEFT_COMPARE_RATIO);
  g_assert_true (weft_ui_wait_for (page_settled, page));
  shown = weft_matrix_view_get_matrix (matrix_view);
  g_assert_cmpint (weft_matrix_get_value_kind (shown), ==, WEFT_MATRIX_VALUES_RATIO);
  g_assert_cmpint (weft_matrix_renderer_get_scale_mode (weft_matrix_view_get_renderer (matrix_view)), ==,
                   WEFT_COLOR_SCALE_RATIO);
  {
    double b = weft_matrix_get_2d (base_matrix, 1, 2), o = weft_matrix_get_2d (other_matrix, 1, 2);

    g_assert_cmpfloat (weft_matrix_get_2d (shown, 1, 2), ==, b == 0 ? (o == 0 ? 1 : INFINITY) : o / b);
  }

  /* Alt+3: the stacked timelines; zooming one zooms the other by as much
   * from its own start. */
  weft_ui_xdotool ("key", "alt+3", NULL);
  g_assert_true (weft_ui_wait_for (shows_timelines, weft_comparison_page_get_stack (page)));
  {
    WeftTimelineView *base_timeline = WEFT_TIMELINE_VIEW (weft_comparison_page_get_view (page, "base-timeline"));
    WeftTimelineView *other_timeline = WEFT_TIMELINE_VIEW (weft_comparison_page_get_view (page, "other-timeline"));
    WeftTimeModel *base_time = weft_timeline_view_get_time_model (base_timeline);
    WeftTimeModel *other_time = weft_timeline_view_get_time_model (other_timeline);
    gint64 base_start = weft_time_model_get_document_span (base_time)->begin;
    gint64 other_start = weft_time_model_get_document_span (other_time)->begin;
    /* The 4-locale run lasts 3.5 ms. */
    WeftTimeSpan span = { base_start + 500000, base_start + 2500000 };

    weft_time_model_set_visible_span (base_time, &span, TRUE);
    g_assert_cmpint (weft_time_model_get_visible_span (base_time)->begin - base_start, ==, 500000);
    g_assert_cmpint (weft_time_model_get_visible_span (other_time)->begin - other_start, ==, 500000);
    g_assert_cmpint (weft_time_model_get_visible_span (other_time)->end - other_start, ==, 2500000);

    /* A selection limits the matrix to that time of both runs. */
    weft_time_model_select (base_time, base_start, base_start + 1000000);
    g_assert_true (weft_time_model_get_has_selection (other_time));
    g_assert_cmpint (weft_time_model_get_selected_span (other_time)->begin, ==, other_start);
    g_assert_true (weft_comparison_page_get_busy (page));
    g_assert_true (weft_ui_wait_for (page_settled, page));
    {
      WeftViewOptions options = { .has_range = TRUE, .range = { 0, 1000000 } };
      g_autoptr(WeftMatrix) expected_matrix = weft_comparison_dup_matrix (comparison, "comm-matrix", &options,
                                                                          NULL, NULL, NULL, NULL);
      WeftMatrix *limited = weft_matrix_view_get_matrix (matrix_view);

      g_assert_nonnull (expected_matrix);
      for (guint r = 0; r < 8; r++)
        for (guint c = 0; c < 8; c++)
          g_assert_cmpfloat (weft_matrix_get_2d (limited, r, c), ==, weft_matrix_get_2d (expected_matrix, r, c));
    }

    /* Another selection, and the tab closes while its figures are still
     * being computed: the run in flight lets go of the page below. */
    weft_time_model_select (base_time, base_start, base_start + 2000000);
    g_assert_true (weft_comparison_page_get_busy (page));
  }

  /* Closing the tabs lets go of everything: the comparison and its page,
   * then both documents and their datasets. */
  {
    AdwTabView *tabs = weft_window_get_tab_view (window);
    GObject *weak[6] = {
      G_OBJECT (page), G_OBJECT (comparison),
      G_OBJECT (weft_document_view_get_document (view)), G_OBJECT (weft_document_view_get_document (base_view)),
      G_OBJECT (weft_comparison_get_other (comparison)), G_OBJECT (weft_comparison_get_base (comparison)),
    };

    for (guint i = 0; i < G_N_ELEMENTS (weak); i++)
      g_object_add_weak_pointer (weak[i], (gpointer *)&weak[i]);
    /* A run's data is never freed on the main thread (it takes a good part
     * of a second for a big one), whoever lets go of it last. */
    g_object_weak_ref (weak[4], dataset_gone_cb, g_thread_self ());
    g_object_weak_ref (weak[5], dataset_gone_cb, g_thread_self ());
    while (adw_tab_view_get_n_pages (tabs) > 0)
      adw_tab_view_close_page (tabs, adw_tab_view_get_nth_page (tabs, 0));
    /* Datasets are freed on a thread of their own: give it a moment. */
    for (guint tries = 0; tries < 50; tries++)
      {
        gboolean alive = FALSE;

        weft_ui_spin (20);
        for (guint i = 0; i < G_N_ELEMENTS (weak); i++)
          alive |= g_atomic_pointer_get (&weak[i]) != NULL;
        if (!alive)
          break;
      }
    for (guint i = 0; i < G_N_ELEMENTS (weak); i++)
      {
        if (weak[i] != NULL)
          g_error ("object %u (%s) is still alive after its tab closed", i, G_OBJECT_TYPE_NAME (weak[i]));
      }
  }

  weft_ui_destroy_window (GTK_WIDGET (window));
}

/* A Chapel run against an MPD trace: nothing to match, said plainly. */
static void
test_compare_refused (void)
{
  g_autofree char *demo = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);
  g_autofree char *mpd = weft_test_source_path ("data", "samples", "mpd-demo.trace", NULL);
  g_autoptr(GFile) mpd_file = g_file_new_for_path (mpd);
  WeftWindow *window = weft_window_new (NULL);
  WeftDocumentView *base_view, *view;

  gtk_window_present (GTK_WINDOW (window));
  base_view = open_and_wait (window, demo);
  view = compare_and_wait (window, base_view, &mpd_file, 1);
  g_assert_cmpstr (weft_document_view_get_state_name (view), ==, "error");
  g_assert_null (weft_document_view_get_page (view));

  weft_ui_destroy_window (GTK_WIDGET (window));
}

/* The loops test measured by two HPCToolkit releases: the call tree page
 * lists the union, with base, other, difference and ratio columns. */
static void
test_compare_hpctoolkit (void)
{
  g_autofree char *dir = weft_test_shared_path ("corpus", "hpcrun", NULL);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) base_files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) other_files = g_ptr_array_new_with_free_func (g_object_unref);
  WeftWindow *window = weft_window_new (NULL);
  WeftDocumentView *base_view, *view;
  WeftComparisonPage *page;
  WeftCallTreeView *tree_view;
  WeftCallTree *tree;
  const char *name;
  int difference;

  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (!g_str_has_suffix (name, ".hpcrun"))
        continue;
      if (g_str_has_prefix (name, "hpctoolkit-2024.01.1__loops-cputime-t.m__"))
        g_ptr_array_add (base_files, g_file_new_for_path (path));
      else if (g_str_has_prefix (name, "hpctoolkit-develop__loops-cputime-t.m__"))
        g_ptr_array_add (other_files, g_file_new_for_path (path));
    }
  g_assert_cmpuint (base_files->len, ==, 4);

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  base_view = weft_window_open_files (window, (GFile *const *)base_files->pdata, base_files->len);
  g_assert_true (weft_ui_wait_for (view_settled, base_view));
  view = compare_and_wait (window, base_view, (GFile *const *)other_files->pdata, other_files->len);
  g_assert_cmpstr (weft_document_view_get_state_name (view), ==, "content");
  page = WEFT_COMPARISON_PAGE (weft_document_view_get_page (view));
  g_assert_true (weft_ui_wait_for (page_settled, page));

  tree_view = WEFT_CALL_TREE_VIEW (weft_comparison_page_get_view (page, "tree"));
  g_assert_nonnull (tree_view);
  tree = weft_call_tree_view_get_tree (tree_view);
  g_assert_true (weft_call_tree_is_comparison (tree));
  g_assert_cmpuint (weft_call_tree_get_n_nodes (tree) - 1, ==, 258);
  difference = weft_call_tree_find_metric (tree, "CPUTIME (sec) (difference)");
  g_assert_cmpint (difference, >=, 0);
  /* The whole program: 3.973308 s (develop) − 3.07759 s (2024.01.1). */
  g_assert_cmpfloat_with_epsilon (weft_call_tree_get_inclusive (tree, WEFT_CALL_TREE_ROOT, (guint)difference),
                                  3.973308 - 3.07759, 1e-6);
  g_assert_cmpuint (weft_call_tree_view_get_n_rows (tree_view), >, 0);

  gtk_stack_set_visible_child_name (weft_comparison_page_get_stack (page), "tree");
  weft_ui_wait_drawn (GTK_WIDGET (tree_view));
  weft_ui_save_screenshot (GTK_WIDGET (page), "compare-tree");

  weft_ui_destroy_window (GTK_WIDGET (window));
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

  g_test_add_func ("/app/compare/chapel", test_compare_chapel);
  g_test_add_func ("/app/compare/refused", test_compare_refused);
  g_test_add_func ("/app/compare/hpctoolkit", test_compare_hpctoolkit);

  return g_test_run ();
}

/* test-mpd-page.c: the application shows the MPD demo trace on its page, and
 * real input (xdotool under Xvfb) drives it: Alt+2 brings the invocation
 * matrix, a click on a cell selects it, the hovered cell has a tooltip,
 * Alt+1 and a click on "Line Order" put the diagram in line order, and text
 * typed in the per-line table's search filters it; choosing a line shows its
 * source file beside the table, annotated with every line's events.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "weft-application.h"
#include "weft-array-item.h"
#include "weft-format.h"
#include "weft-page.h"
#include "weft-matrix-view.h"
#include "weft-label-tooltip.h"
#include "weft-table-columns.h"
#include "weft-mpd-dataset.h"
#include "weft-mpd-page.h"
#include "weft-mpd-table.h"
#include "weft-test-util.h"
#include "weft-timeline-legend.h"
#include "weft-timeline-hit.h"
#include "weft-timeline-view.h"
#include "weft-source-view.h"
#include "weft-ui-test-util.h"
#include "weft-window.h"

static gboolean
view_shows_content (gpointer data)
{
  return g_strcmp0 (weft_document_view_get_state_name (data), "content") == 0;
}

static char *
center (double v)
{
  return weft_ui_px (v);
}

static void
test_mpd_page (void)
{
  g_autofree char *demo = weft_test_source_path ("data", "samples", "mpd-demo.trace", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (demo);
  g_autofree char *xid = NULL;
  WeftWindow *window;
  WeftDocumentView *view;
  WeftMpdPage *page;
  WeftMatrixView *matrix_view;
  WeftMatrix *matrix;
  WeftScreenOrigin screen;
  WeftDataset *dataset;
  guint best_row = 0, best_column = 0;
  double best = -1;
  graphene_rect_t area;

  if (!weft_ui_have_xdotool ())
    g_error ("xdotool is not installed: the real-input test needs it (apt-get install xdotool)");

  window = weft_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  view = weft_window_open_files (window, &file, 1);
  g_assert_true (weft_ui_wait_for (view_shows_content, view));

  page = WEFT_MPD_PAGE (weft_document_view_get_page (view));
  g_assert_true (WEFT_IS_MPD_PAGE (page));
  weft_ui_wait_drawn (GTK_WIDGET (page));
  dataset = weft_document_get_dataset (weft_page_get_document (WEFT_PAGE (page)));

  /* The demo's 57 process lifetimes, 26 kinds of events on its source lines. */
  g_assert_cmpuint (g_list_model_get_n_items (weft_mpd_page_get_processes (page)), ==, 57);
  g_assert_cmpuint (g_list_model_get_n_items (weft_mpd_page_get_lines (page)), >, 26);
  g_assert_cmpstr (weft_mpd_page_get_view (page), ==, "timeline");

  /* The space-time diagram's legend (the timeline view's last part) names
   * its colours: given its table after it was laid out, it had kept no
   * height, and no legend was shown. */
  {
    GtkWidget *legend = gtk_widget_get_last_child (weft_mpd_page_get_timeline_view (page));

    g_assert_true (WEFT_IS_TIMELINE_LEGEND (legend));
    g_assert_cmpint (gtk_widget_get_height (legend), >=, 16);
  }

  /* Alt+2, typed, shows the matrix. */
  weft_ui_locate (GTK_WIDGET (page), &screen);
  xid = g_strdup_printf ("%lu", screen.xid);
  weft_ui_xdotool ("windowfocus", "--sync", xid, "key", "alt+2", NULL);
  weft_ui_spin (50);
  g_assert_cmpstr (weft_mpd_page_get_view (page), ==, "matrix");

  /* The busiest cell: hover it (tooltip), click it (selection). */
  matrix_view = WEFT_MATRIX_VIEW (weft_mpd_page_get_matrix_view (page));
  weft_ui_wait_drawn (GTK_WIDGET (matrix_view));
  matrix = weft_matrix_view_get_matrix (matrix_view);
  g_assert_nonnull (matrix);
  g_assert_cmpuint (weft_matrix_get_shape (matrix)[0], ==, weft_dataset_get_n_rows (dataset));
  for (guint r = 0; r < weft_matrix_get_shape (matrix)[0]; r++)
    for (guint c = 0; c < weft_matrix_get_shape (matrix)[1]; c++)
      if (weft_matrix_get_2d (matrix, r, c) > best)
        {
          best = weft_matrix_get_2d (matrix, r, c);
          best_row = r;
          best_column = c;
        }
  g_assert_cmpfloat (best, >, 0);
  g_assert_true (weft_matrix_view_get_cell_area (matrix_view, best_row, best_column, &area));
  {
    double cx = area.origin.x + area.size.width / 2, cy = area.origin.y + area.size.height / 2;
    g_autofree char *tooltip = weft_matrix_view_dup_tooltip_text (matrix_view, cx, cy);
    g_autofree char *sx = NULL, *sy = NULL;
    g_autofree char *count = g_strdup_printf ("%.0f", best);

    g_assert_nonnull (tooltip);
    g_assert_nonnull (strstr (tooltip, count));
    weft_ui_locate (GTK_WIDGET (matrix_view), &screen);
    sx = center (screen.left + cx);
    sy = center (screen.top + cy);
    weft_ui_xdotool ("mousemove", "--sync", sx, sy, "click", "1", NULL);
    weft_ui_spin (50);
    g_assert_cmpint (weft_matrix_view_get_selected_row (matrix_view), ==, best_row);
    g_assert_cmpint (weft_matrix_view_get_selected_column (matrix_view), ==, best_column);
  }

  /* Alt+1, then a click on Line Order: the diagram shows the other table. */
  weft_ui_xdotool ("key", "alt+1", NULL);
  weft_ui_spin (50);
  g_assert_cmpstr (weft_mpd_page_get_view (page), ==, "timeline");
  g_assert_false (weft_mpd_page_get_line_order (page));
  {
    GtkWidget *button = weft_mpd_page_get_order_button (page);
    WeftTimelineView *timeline_view = WEFT_TIMELINE_VIEW (weft_mpd_page_get_timeline_view (page));
    g_autofree char *sx = NULL, *sy = NULL;
    WeftTimeSpan span;

    g_assert_true (weft_timeline_view_get_table (timeline_view) == weft_dataset_get_event_table (dataset));
    weft_ui_wait_drawn (button);
    weft_ui_locate (button, &screen);
    sx = center (screen.left + gtk_widget_get_width (button) / 2.0);
    sy = center (screen.top + gtk_widget_get_height (button) / 2.0);
    weft_ui_xdotool ("mousemove", "--sync", sx, sy, "click", "1", NULL);
    weft_ui_spin (50);
    g_assert_true (weft_mpd_page_get_line_order (page));
    g_assert_true (weft_timeline_view_get_table (timeline_view) != weft_dataset_get_event_table (dataset));
    /* In line order the last event is at its line: 396 lines, times 1 … 396. */
    span = weft_event_table_get_span (weft_timeline_view_get_table (timeline_view));
    g_assert_cmpint (span.end, >=, 396);
    g_assert_cmpint (span.begin, >=, 1);

    /* A click on an event of row 0 shows its trace line below the diagram. */
    {
      WeftTimeline *timeline = weft_timeline_view_get_timeline (timeline_view);
      WeftTimelineRenderer *renderer = weft_timeline_get_renderer (timeline);
      double px, py, pw, ph, row_y, row_h, hit_x = -1;
      WeftTimelineHit hit = { 0 };
      g_autofree char *before = g_strdup (weft_mpd_page_get_details (page));

      weft_ui_wait_drawn (GTK_WIDGET (timeline));
      weft_timeline_renderer_get_plot_area (renderer, &px, &py, &pw, &ph);
      g_assert_true (weft_timeline_renderer_get_row_extent (renderer, 0, -1, &row_y, &row_h));
      for (double x = px + 1; x < px + pw && hit_x < 0; x += 1)
        {
          weft_timeline_renderer_hit_test (renderer, x, row_y + row_h / 2, &hit);
          if (hit.type == WEFT_TIMELINE_HIT_EVENT)
            hit_x = x;
        }
      g_assert_cmpfloat (hit_x, >=, 0);
      weft_ui_locate (GTK_WIDGET (timeline), &screen);
      g_clear_pointer (&sx, g_free);
      g_clear_pointer (&sy, g_free);
      sx = center (screen.left + hit_x);
      sy = center (screen.top + row_y + row_h / 2);
      weft_ui_xdotool ("mousemove", "--sync", sx, sy, "click", "1", NULL);
      weft_ui_spin (50);
      g_assert_cmpstr (weft_mpd_page_get_details (page), !=, before);
      g_assert_nonnull (strstr (weft_mpd_page_get_details (page), "Lamport time"));

      /* Ctrl+U: that event's line in its source file, in the Lines view. */
      weft_ui_xdotool ("key", "ctrl+u", NULL);
      weft_ui_spin (50);
      g_assert_cmpstr (weft_mpd_page_get_view (page), ==, "lines");
      g_assert_cmpstr (weft_source_view_get_state (weft_mpd_page_get_source_view (page)), !=, "empty");
      g_assert_cmpint (weft_source_view_get_line (weft_mpd_page_get_source_view (page)), >, 0);
      weft_ui_xdotool ("key", "alt+1", NULL);
      weft_ui_spin (50);
    }
  }

  /* Alt+3 and typing in the per-line table's search keep only CONTP rows. */
  weft_ui_xdotool ("key", "alt+3", NULL);
  weft_ui_spin (50);
  g_assert_cmpstr (weft_mpd_page_get_view (page), ==, "lines");
  {
    GListModel *lines = weft_mpd_page_get_lines (page);
    guint before = g_list_model_get_n_items (lines);
    guint n;

    /* mpdprof's order: by file, then line ("CS.mpd" sorts first in C). */
    for (guint i = 1; i < before; i++)
      {
        g_autoptr(WeftArrayItem) a = g_list_model_get_item (lines, i - 1);
        g_autoptr(WeftArrayItem) b = g_list_model_get_item (lines, i);
        const WeftMpdTableRow *x = weft_array_item_peek (a), *y = weft_array_item_peek (b);
        int by_file = strcmp (x->cells[0], y->cells[0]);

        /* (The unknown location, which the demo has not, would come last.) */
        g_assert_cmpstr (y->cells[0], !=, "(unknown location)");
        g_assert_cmpint (by_file, <=, 0);
        if (by_file == 0)
          g_assert_cmpfloat (x->values[1], <=, y->values[1]);
      }
    {
      g_autoptr(WeftArrayItem) first = g_list_model_get_item (lines, 0);

      g_assert_cmpstr (((const WeftMpdTableRow *)weft_array_item_peek (first))->cells[0], ==, "CS.mpd");
    }

    gtk_widget_grab_focus (GTK_WIDGET (weft_mpd_page_get_lines_search (page)));
    weft_ui_spin (20);
    weft_ui_xdotool ("type", "--delay", "20", "contp", NULL);
    for (guint i = 0; i < 300 && g_list_model_get_n_items (lines) == before; i++)
      weft_ui_spin (10);
    n = g_list_model_get_n_items (lines);
    g_assert_cmpuint (n, <, before);
    g_assert_cmpuint (n, >, 0);
    for (guint i = 0; i < n; i++)
      {
        g_autoptr(WeftArrayItem) item = g_list_model_get_item (lines, i);
        const WeftMpdTableRow *row = weft_array_item_peek (item);

        g_assert_cmpstr (row->cells[2], ==, "CONTP");
      }

    /* Choosing the CONTP row of src/worker_pool.mpd, 22 opens that file
     * beside the table (it is in data/samples/src/, as the trace names it),
     * at line 22, with every line's count of events in the trace. */
    {
      GtkSingleSelection *selection = weft_mpd_page_get_lines_selection (page);
      WeftSourceView *source = weft_mpd_page_get_source_view (page);
      g_autofree char *expected_path = weft_test_source_path ("data", "samples", "src", "worker_pool.mpd", NULL);
      g_autofree char *trace_text = NULL;
      g_auto(GStrv) trace_lines = NULL;
      guint position = GTK_INVALID_LIST_POSITION;
      guint line_22 = 0, line_20 = 0;

      for (guint i = 0; i < n; i++)
        {
          g_autoptr(WeftArrayItem) item = g_list_model_get_item (lines, i);
          const WeftMpdTableRow *row = weft_array_item_peek (item);

          if (g_str_equal (row->cells[0], "src/worker_pool.mpd") && row->cells[1] == NULL && row->values[1] == 22)
            position = i;
        }
      g_assert_cmpuint (position, !=, GTK_INVALID_LIST_POSITION);
      gtk_single_selection_set_selected (selection, position);
      for (guint i = 0; i < 500 && g_strcmp0 (weft_source_view_get_state (source), "lines") != 0; i++)
        weft_ui_spin (10);
      g_assert_cmpstr (weft_source_view_get_state (source), ==, "lines");
      g_assert_cmpstr (weft_source_view_get_path (source), ==, expected_path);
      g_assert_cmpint (weft_source_view_get_highlighted_line (source), ==, 22);
      {
        g_autofree char *text = weft_source_view_dup_line_text (source, 22);

        g_assert_cmpstr (text, ==, "    P (busy)");
      }

      /* The counts, from the trace's text itself. */
      g_assert_true (g_file_get_contents (demo, &trace_text, NULL, NULL));
      trace_lines = g_strsplit (trace_text, "\n", -1);
      for (guint i = 0; trace_lines[i] != NULL; i++)
        {
          line_22 += g_str_has_prefix (trace_lines[i], "src/worker_pool.mpd, 22 ");
          line_20 += g_str_has_prefix (trace_lines[i], "src/worker_pool.mpd, 20 ");
        }
      g_assert_cmpuint (line_22, >, 0);
      {
        g_autofree char *want_22 = g_strdup_printf ("%u", line_22);
        g_autofree char *want_20 = g_strdup_printf ("%u", line_20);

        g_assert_cmpstr (weft_source_view_get_annotation (source, 22), ==, want_22);
        g_assert_cmpstr (weft_source_view_get_annotation (source, 20), ==, want_20);
        g_assert_null (weft_source_view_get_annotation (source, 21));
      }
      weft_ui_save_screenshot (GTK_WIDGET (page), "mpd-lines");
    }
  }

  weft_ui_destroy_window (GTK_WIDGET (window));
}

/* A table cell's text that does not fit is its tooltip; one that fits has
 * none. The tooltip is asked for on hover (weft-table-columns.c), not set at
 * every bind. */
static void
test_cell_tooltip (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *label = weft_table_cell_label_new (FALSE);
  const char *text = "/a/long/path/to/the/source/file/of/the/program/that/wrote/this/trace/main.mpd";
  g_autofree char *narrow = NULL;
  g_autofree char *wide = NULL;

  g_assert_true (gtk_widget_get_has_tooltip (label));
  gtk_label_set_label (GTK_LABEL (label), text);
  gtk_widget_set_size_request (label, 120, -1);
  gtk_window_set_child (GTK_WINDOW (window), label);
  gtk_window_set_default_size (GTK_WINDOW (window), 120, 40);
  gtk_window_present (GTK_WINDOW (window));
  weft_ui_wait_drawn (label);
  narrow = weft_label_dup_full_text_tooltip (GTK_LABEL (label));
  g_assert_cmpstr (narrow, ==, text);

  gtk_label_set_label (GTK_LABEL (label), "main.mpd");
  weft_ui_wait_drawn (label);
  wide = weft_label_dup_full_text_tooltip (GTK_LABEL (label));
  g_assert_null (wide);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
line_order_built (gpointer data)
{
  return !weft_mpd_page_get_line_order_busy (data);
}

static gboolean
has_rows (gpointer data)
{
  return g_list_model_get_n_items (data) > 0;
}

static gboolean
has_one_row (gpointer data)
{
  return g_list_model_get_n_items (data) == 1;
}

/* A trace of @n_lives lifetimes of process 8062338, each a BODY, @n_events
 * CREATEG events and an ENDBODY, in a file. */
static WeftDocument *
load_long_trace (guint n_lives,
                 guint n_events)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  WeftDocument *document;

  for (guint l = 0; l < n_lives; l++)
    {
      g_string_append (text, "main.mpd, 1         main.body             BODY      8062338   0\n");
      for (guint i = 0; i < n_events; i++)
        g_string_append (text, "main.mpd, 3         main.body             CREATEG   8062338   0\n");
      g_string_append (text, "main.mpd, 9         main.body             ENDBODY   8062338   0\n");
    }
  path = weft_test_write_tmp ("long.mpdtrace", text->str, (gssize)text->len);
  file = g_file_new_for_path (path);
  document = weft_document_new_for_file (file);
  g_assert_true (weft_document_load (document, NULL, &error));
  g_assert_no_error (error);

  return document;
}

/* A long trace is put in line order on a worker thread: the diagram stays in
 * Lamport order and the button waits until the table is there; a page closed
 * meanwhile goes at once (the worker does not keep it) and stops the worker. */
static void
test_line_order_worker (void)
{
  g_autoptr(WeftDocument) document = load_long_trace (1, 210000);
  WeftDataset *dataset = weft_document_get_dataset (document);
  WeftEventTable *lamport = weft_dataset_get_event_table (dataset);
  GtkWidget *page = g_object_ref_sink (GTK_WIDGET (weft_mpd_page_new (document)));
  GtkWidget *window = weft_ui_show_in_window (page, 900, 600);
  WeftTimelineView *timeline_view = WEFT_TIMELINE_VIEW (weft_mpd_page_get_timeline_view (WEFT_MPD_PAGE (page)));
  GtkWidget *button = weft_mpd_page_get_order_button (WEFT_MPD_PAGE (page));
  gpointer page_alive;
  WeftTimeSpan span;

  g_assert_cmpuint (weft_event_table_get_n_events (lamport), >=, 210000);
  weft_mpd_page_set_line_order (WEFT_MPD_PAGE (page), TRUE);
  g_assert_true (weft_mpd_page_get_line_order_busy (WEFT_MPD_PAGE (page)));
  g_assert_false (gtk_widget_get_sensitive (button));
  g_assert_true (weft_timeline_view_get_table (timeline_view) == lamport);
  g_assert_true (weft_ui_wait_for (line_order_built, page));
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_true (weft_mpd_page_get_line_order (WEFT_MPD_PAGE (page)));
  g_assert_true (weft_timeline_view_get_table (timeline_view) != lamport);
  /* In line order the last event is at its line, the trace's 210,002nd. */
  span = weft_event_table_get_span (weft_timeline_view_get_table (timeline_view));
  g_assert_cmpint (span.end, >=, 210000);

  weft_ui_destroy_window (window);
  g_object_unref (page);

  /* Closed while the worker runs. */
  page = g_object_ref_sink (GTK_WIDGET (weft_mpd_page_new (document)));
  page_alive = page;
  g_object_add_weak_pointer (G_OBJECT (page), &page_alive);
  weft_mpd_page_set_line_order (WEFT_MPD_PAGE (page), TRUE);
  g_assert_true (weft_mpd_page_get_line_order_busy (WEFT_MPD_PAGE (page)));
  g_object_unref (page);
  g_assert_null (page_alive);
  weft_ui_spin (200);
}

/* The rows of a trace of many process lifetimes are made on a worker thread
 * when the Processes tab is first shown; the numbers show as text when
 * bound; a page closed meanwhile goes at once. */
static void
test_processes_worker (void)
{
  g_autoptr(WeftDocument) document = load_long_trace (110000, 0);
  GtkWidget *page = g_object_ref_sink (GTK_WIDGET (weft_mpd_page_new (document)));
  GtkWidget *window = weft_ui_show_in_window (page, 900, 600);
  GListModel *processes = weft_mpd_page_get_processes (WEFT_MPD_PAGE (page));
  gpointer page_alive;

  weft_mpd_page_show_view (WEFT_MPD_PAGE (page), "processes");
  g_assert_cmpuint (g_list_model_get_n_items (processes), ==, 0);
  g_assert_true (weft_ui_wait_for (has_rows, processes));
  g_assert_cmpuint (g_list_model_get_n_items (processes), ==, 110000);
  {
    g_autoptr(WeftArrayItem) item = g_list_model_get_item (processes, 109999);
    const WeftMpdTableRow *row = weft_array_item_peek (item);
    char number[32];

    /* #VM, Resource, Proc, #Id, Began with, #Events (BODY and ENDBODY), and
     * the last life's first trace line. */
    g_assert_cmpstr (weft_mpd_table_row_get_text (row, 0, TRUE, number, sizeof number), ==, "1");
    g_assert_cmpstr (row->cells[1], ==, "main");
    g_assert_cmpstr (row->cells[3], ==, "8062338");
    g_assert_cmpstr (row->cells[4], ==, "BODY");
    g_assert_cmpstr (weft_mpd_table_row_get_text (row, 5, TRUE, number, sizeof number), ==, "2");
    g_assert_cmpstr (weft_mpd_table_row_get_text (row, 8, TRUE, number, sizeof number), ==, "219999");
    g_assert_true (row->owned == 1u << 3);
  }
  /* A number is searched as it is shown: the last life's first line. */
  gtk_editable_set_text (weft_mpd_page_get_processes_search (WEFT_MPD_PAGE (page)), "219999");
  g_assert_true (weft_ui_wait_for (has_one_row, processes));
  {
    g_autoptr(WeftArrayItem) item = g_list_model_get_item (processes, 0);

    g_assert_cmpfloat (((const WeftMpdTableRow *)weft_array_item_peek (item))->values[8], ==, 219999);
  }
  weft_ui_destroy_window (window);
  g_object_unref (page);

  /* Closed while the worker runs. */
  page = g_object_ref_sink (GTK_WIDGET (weft_mpd_page_new (document)));
  page_alive = page;
  g_object_add_weak_pointer (G_OBJECT (page), &page_alive);
  weft_mpd_page_show_view (WEFT_MPD_PAGE (page), "processes");
  g_assert_cmpuint (g_list_model_get_n_items (weft_mpd_page_get_processes (WEFT_MPD_PAGE (page))), ==, 0);
  g_object_unref (page);
  g_assert_null (page_alive);
  weft_ui_spin (200);
}


int
main (int   argc,
      char *argv[])
{
  /* xdotool speaks X11. */
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  weft_ui_test_init (&argc, &argv);
  adw_init ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  weft_init_resources ();
  weft_formats_init ();

  g_test_add_func ("/ui/mpd-page", test_mpd_page);
  g_test_add_func ("/ui/table/cell-tooltip", test_cell_tooltip);
  g_test_add_func ("/ui/mpd-page/line-order-worker", test_line_order_worker);
  g_test_add_func ("/ui/mpd-page/processes-worker", test_processes_worker);

  return g_test_run ();
}

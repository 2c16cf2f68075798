/* test-ddt-pages.c: DDT array and comparison documents in a real window.
 *
 * The MDA sample opens on its page; Ctrl+wheel over the grid (xdotool) zooms
 * it in and a typed "$value > 0" filter changes the statistics; the CPC sample
 * opens on its page and a click on a row (xdotool) selects that value, whose
 * processes the strip then highlights.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "weft-application.h"
#include "weft-cpc-page.h"
#include "weft-document-view.h"
#include "weft-format.h"
#include "weft-mda-page.h"
#include "weft-palette.h"
#include "weft-test-util.h"
#include "weft-ui-test-util.h"
#include "weft-units.h"
#include "weft-window.h"

static gboolean
view_loaded (gpointer data)
{
  return g_strcmp0 (weft_document_view_get_state_name (data), "loading") != 0;
}

static GtkWidget *
open_path (WeftWindow **window,
           const char  *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  WeftDocumentView *view;

  *window = weft_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (*window), 1200, 800);
  gtk_window_present (GTK_WINDOW (*window));
  weft_ui_iterate ();

  view = weft_window_open_files (*window, &file, 1);
  g_assert_true (weft_ui_wait_for (view_loaded, view));
  g_assert_cmpstr (weft_document_view_get_state_name (view), ==, "content");
  return weft_document_view_get_page (view);
}

static GtkWidget *
open_sample (WeftWindow **window,
             const char  *name)
{
  g_autofree char *path = weft_test_source_path ("data", "samples", name, NULL);

  return open_path (window, path);
}

static void
test_mda_page (void)
{
  WeftWindow *window = NULL;
  GtkWidget *page = open_sample (&window, "ddt-array.csv");
  WeftMatrixView *grid;
  WeftScreenOrigin screen;
  g_autofree char *xid = NULL;
  g_autofree char *sx = NULL;
  g_autofree char *sy = NULL;
  g_autofree char *before = NULL;
  GtkLabel *stats;
  WeftMatrix *shown;
  double zoom;

  g_assert_true (WEFT_IS_MDA_PAGE (page));
  grid = weft_mda_page_get_matrix_view (WEFT_MDA_PAGE (page));
  weft_ui_wait_drawn (GTK_WIDGET (grid));

  /* The sample is signed: the diverging scale is chosen. */
  g_assert_cmpint (weft_matrix_view_get_scale_mode (grid), ==, WEFT_COLOR_SCALE_DIVERGING);
  shown = weft_matrix_view_get_matrix (grid);
  g_assert_cmpuint (weft_matrix_get_shape (shown)[0], ==, 24);
  g_assert_cmpuint (weft_matrix_get_shape (shown)[1], ==, 32);

  /* Real input: Ctrl+wheel up over the middle of the grid zooms in. */
  weft_ui_locate (GTK_WIDGET (grid), &screen);
  xid = g_strdup_printf ("%lu", screen.xid);
  sx = weft_ui_px (screen.left + gtk_widget_get_width (GTK_WIDGET (grid)) / 2.0);
  sy = weft_ui_px (screen.top + gtk_widget_get_height (GTK_WIDGET (grid)) / 2.0);
  zoom = weft_matrix_view_get_zoom (grid);
  weft_ui_xdotool ("windowfocus", "--sync", xid, "mousemove", "--sync", sx, sy,
                   "keydown", "ctrl", "click", "4", "click", "4", "keyup", "ctrl", NULL);
  weft_ui_spin (50);
  g_assert_cmpfloat (weft_matrix_view_get_zoom (grid), >, zoom);

  /* A filter keeps the positive cells only. */
  stats = weft_mda_page_get_stats_label (WEFT_MDA_PAGE (page));
  before = g_strdup (gtk_label_get_text (stats));
  g_assert_nonnull (strstr (before, "Cells 768"));
  gtk_editable_set_text (GTK_EDITABLE (weft_mda_page_get_filter_entry (WEFT_MDA_PAGE (page))), "$value > 0");
  weft_ui_iterate ();
  g_assert_cmpstr (gtk_label_get_text (stats), !=, before);
  g_assert_nonnull (strstr (gtk_label_get_text (stats), "NaN 0"));
  shown = weft_matrix_view_get_matrix (grid);
  g_assert_true (weft_matrix_is_filtered (shown, 0));     /* row 0 is all 0 */

  /* A broken filter is marked and leaves the view as it was. */
  gtk_editable_set_text (GTK_EDITABLE (weft_mda_page_get_filter_entry (WEFT_MDA_PAGE (page))), "$value >");
  weft_ui_iterate ();
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (weft_mda_page_get_filter_entry (WEFT_MDA_PAGE (page))), "error"));

  weft_ui_destroy_window (GTK_WIDGET (window));
}

/* The colour of the dot before a Value cell's text, as 0xRRGGBB. */
static guint32
dot_color (GtkLabel *label)
{
  PangoAttrList *attrs = gtk_label_get_attributes (label);
  g_autoptr(PangoAttrIterator) iter = NULL;
  PangoAttrColor *color;

  g_assert_nonnull (attrs);
  iter = pango_attr_list_get_iterator (attrs);
  color = (PangoAttrColor *)pango_attr_iterator_get (iter, PANGO_ATTR_FOREGROUND);
  g_assert_nonnull (color);
  g_assert_cmpuint (color->attr.start_index, ==, 0);
  g_assert_cmpuint (color->attr.end_index, ==, strlen ("\u25CF"));
  return (guint32)(color->color.red / 257) << 16 | (guint32)(color->color.green / 257) << 8 | color->color.blue / 257;
}

/* The cell (r, c) of the worker test's array: -3 … 3. */
static double
worker_cell (guint r,
             guint c)
{
  return (double)((r * 1001 + c) % 7) - 3.0;
}

static gboolean
view_has_matrix (gpointer data)
{
  return weft_matrix_view_get_matrix (data) != NULL;
}

typedef struct
{
  WeftMatrixView *view;
  WeftMatrix     *before;
} ViewChange;

static gboolean
view_matrix_changed (gpointer data)
{
  ViewChange *change = data;

  return weft_matrix_view_get_matrix (change->view) != change->before;
}

/* Filtered cells of the matrix shown. */
static gsize
shown_filtered (WeftMatrixView *view)
{
  WeftMatrixStats stats;

  weft_matrix_compute_stats (weft_matrix_view_get_matrix (view), &stats);
  return stats.n_filtered;
}

/* An array of a million cells or more is filtered on a worker: a keystroke
 * returns before the plane changes, the view and the statistics follow when
 * the worker is done, a replaced filter leaves only the last answer, and
 * closing the window while one works is safe. */
static void
test_mda_page_worker (void)
{
  g_autoptr(GString) csv = g_string_new (NULL);
  g_autofree char *path = NULL;
  g_autofree char *cells = NULL;
  WeftWindow *window = NULL;
  GtkWidget *page;
  WeftMatrixView *grid;
  GtkEditable *filter;
  ViewChange change;
  gsize positive = 0, below_minus_two = 0;

  for (guint r = 0; r < 1000; r++)
    for (guint c = 0; c < 1001; c++)
      {
        double v = worker_cell (r, c);

        g_string_append_printf (csv, "%g%c", v, c + 1 < 1001 ? ',' : '\n');
        positive += v > 0;
        below_minus_two += v < -2;
      }
  path = weft_test_write_tmp ("worker-array.csv", csv->str, csv->len);

  page = open_path (&window, path);
  g_assert_true (WEFT_IS_MDA_PAGE (page));
  grid = weft_mda_page_get_matrix_view (WEFT_MDA_PAGE (page));
  g_assert_true (weft_ui_wait_for (view_has_matrix, grid));
  cells = weft_format_count (1001000);
  g_assert_nonnull (strstr (gtk_label_get_text (weft_mda_page_get_stats_label (WEFT_MDA_PAGE (page))), cells));
  g_assert_cmpuint (shown_filtered (grid), ==, 0);

  /* The keystroke returns at once; the filtered plane comes later. */
  filter = GTK_EDITABLE (weft_mda_page_get_filter_entry (WEFT_MDA_PAGE (page)));
  change.view = grid;
  change.before = weft_matrix_view_get_matrix (grid);
  gtk_editable_set_text (filter, "$value > 0");
  g_assert_true (weft_matrix_view_get_matrix (grid) == change.before);
  g_assert_true (weft_ui_wait_for (view_matrix_changed, &change));
  g_assert_cmpuint (shown_filtered (grid), ==, 1001000 - positive);
  g_assert_nonnull (strstr (gtk_label_get_text (weft_mda_page_get_stats_label (WEFT_MDA_PAGE (page))), "min 1 "));

  /* Typed over: only the last filter's plane is ever shown. */
  change.before = weft_matrix_view_get_matrix (grid);
  gtk_editable_set_text (filter, "$value > 2");
  gtk_editable_set_text (filter, "$value < -2");
  g_assert_true (weft_ui_wait_for (view_matrix_changed, &change));
  g_assert_cmpuint (shown_filtered (grid), ==, 1001000 - below_minus_two);
  weft_ui_spin (300);
  g_assert_cmpuint (shown_filtered (grid), ==, 1001000 - below_minus_two);

  /* Closed while a filter is being applied. */
  gtk_editable_set_text (filter, "$value != 0");
  weft_ui_destroy_window (GTK_WIDGET (window));
  weft_ui_spin (300);
  weft_test_rm_rf (path);
}

static gboolean
label_is (gpointer data)
{
  GtkLabel *label = data;

  return g_strcmp0 (gtk_label_get_text (label), g_object_get_data (G_OBJECT (label), "expected")) == 0;
}

static void
test_cpc_page (void)
{
  WeftWindow *window = NULL;
  GtkWidget *page = open_sample (&window, "ddt-cpc.csv");
  GtkColumnView *columns;
  WeftScreenOrigin screen;
  g_autofree char *xid = NULL;
  g_autofree char *sx = NULL;
  g_autofree char *sy = NULL;
  GtkWidget *header;
  double row_y;

  g_assert_true (WEFT_IS_CPC_PAGE (page));
  g_assert_cmpint (weft_cpc_page_get_selected_row (WEFT_CPC_PAGE (page)), ==, -1);
  columns = weft_cpc_page_get_column_view (WEFT_CPC_PAGE (page));
  weft_ui_wait_drawn (GTK_WIDGET (columns));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (columns))), ==, 3);

  /* The Value column is the strip's legend: each value after a dot of the
   * colour its processes have there (the file's rows in palette order). */
  g_assert_cmphex (dot_color (weft_ui_find_label (GTK_WIDGET (columns), "\u25CF 0", FALSE)), ==, weft_palette_get_color (0) >> 8);
  g_assert_cmphex (dot_color (weft_ui_find_label (GTK_WIDGET (columns), "\u25CF 998", FALSE)), ==, weft_palette_get_color (1) >> 8);
  g_assert_cmphex (dot_color (weft_ui_find_label (GTK_WIDGET (columns), "\u25CF 1000", FALSE)), ==, weft_palette_get_color (2) >> 8);
  g_assert_cmpuint (weft_palette_get_color (1), !=, weft_palette_get_color (2));

  /* Real input: a click on the first row (the value 0, rank 17 alone). */
  header = gtk_widget_get_first_child (GTK_WIDGET (columns));
  row_y = gtk_widget_get_height (header) + 12;
  weft_ui_locate (GTK_WIDGET (columns), &screen);
  xid = g_strdup_printf ("%lu", screen.xid);
  sx = weft_ui_px (screen.left + 40);
  sy = weft_ui_px (screen.top + row_y);
  weft_ui_xdotool ("windowfocus", "--sync", xid, "mousemove", "--sync", sx, sy, "click", "1", NULL);
  weft_ui_spin (50);

  g_assert_cmpint (weft_cpc_page_get_selected_row (WEFT_CPC_PAGE (page)), ==, 0);
  g_assert_cmpstr (gtk_label_get_text (weft_cpc_page_get_selection_label (WEFT_CPC_PAGE (page))), ==,
                   "0: 1 process (17)");

  /* A process number finds its value: 12 is in "0-4,6-16,…" (1000), and no
   * row's text holds it; 7 is in that set too, and in the text "17". The
   * bar says what it searches. */
  {
    GtkWidget *search = weft_ui_find_descendant (page, GTK_TYPE_SEARCH_ENTRY);
    GtkWidget *count = gtk_widget_get_next_sibling (search);
    g_autofree char *placeholder = NULL;

    g_object_get (search, "placeholder-text", &placeholder, NULL);
    g_assert_cmpstr (placeholder, ==, "Value, process or process set");
    g_object_set_data (G_OBJECT (count), "expected", (gpointer)"1 of 3 values");
    gtk_editable_set_text (GTK_EDITABLE (search), "12");
    g_assert_true (weft_ui_wait_for (label_is, count));
    g_object_set_data (G_OBJECT (count), "expected", (gpointer)"2 of 3 values");
    gtk_editable_set_text (GTK_EDITABLE (search), "7");
    g_assert_true (weft_ui_wait_for (label_is, count));
  }

  weft_ui_destroy_window (GTK_WIDGET (window));
}

static void
free_string (gpointer string)
{
  g_string_free (string, TRUE);
}

/* The strip's cells show the row of their first process: 10,000 processes
 * (so cells stand for two or three each) from 5 on, in runs of 1 to 80
 * spread over 300 rows, and one process listed again in a later row (a
 * malformed file: the first row wins, as in the table). Checked against the
 * file's own assignment, cell by cell. */
static void
test_cpc_strip_rows (void)
{
  enum { N_PROCESSES = 10000, N_ROWS = 300, FIRST = 5 };
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autofree int *row_of = g_new (int, N_PROCESSES);
  g_autoptr(GPtrArray) sets = g_ptr_array_new_with_free_func (free_string);
  g_autoptr(GString) csv = g_string_new ("Value, Processes\n");
  g_autofree char *path = NULL;
  WeftWindow *window = NULL;
  GtkWidget *page;
  guint n_cells;

  for (guint r = 0; r < N_ROWS; r++)
    g_ptr_array_add (sets, g_string_new (NULL));
  for (guint p = 0, k = 0; p < N_PROCESSES; k++)
    {
      guint run = MIN ((guint)g_rand_int_range (rand, 1, 81), N_PROCESSES - p);
      guint row = k % N_ROWS;
      GString *set = g_ptr_array_index (sets, row);

      g_string_append_printf (set, "%s%u-%u", set->len > 0 ? "," : "", FIRST + p, FIRST + p + run - 1);
      for (guint i = 0; i < run; i++)
        row_of[p + i] = (int)row;
      p += run;
    }
  /* Process FIRST + 4999 again, in the last row: it keeps its first row. */
  g_string_append_printf (g_ptr_array_index (sets, N_ROWS - 1), ",%u", FIRST + 4999);
  for (guint r = 0; r < N_ROWS; r++)
    g_string_append_printf (csv, "%u,\"%s\"\n", r, ((GString *)g_ptr_array_index (sets, r))->str);
  path = weft_test_write_tmp ("strip.csv", csv->str, csv->len);

  page = open_path (&window, path);
  g_assert_true (WEFT_IS_CPC_PAGE (page));
  n_cells = weft_cpc_page_get_n_strip_cells (WEFT_CPC_PAGE (page));
  g_assert_cmpuint (n_cells, ==, 4096);
  for (guint c = 0; c < n_cells; c++)
    {
      guint process = (guint)((guint64)c * N_PROCESSES / n_cells);

      if (weft_cpc_page_get_strip_row (WEFT_CPC_PAGE (page), c) != row_of[process])
        g_error ("cell %u (process %u): row %d, expected %d", c, FIRST + process,
                 weft_cpc_page_get_strip_row (WEFT_CPC_PAGE (page), c), row_of[process]);
    }
  /* The cell of the process listed twice (if one starts at it). */
  for (guint c = 0; c < n_cells; c++)
    if ((guint64)c * N_PROCESSES / n_cells == 4999)
      g_assert_cmpint (weft_cpc_page_get_strip_row (WEFT_CPC_PAGE (page), c), !=, N_ROWS - 1);

  weft_ui_destroy_window (GTK_WIDGET (window));
  weft_test_rm_rf (path);
}

/* The column view's rows before sorting: the search's filter model. */
static GtkFilterListModel *
filter_model_of (GtkColumnView *columns)
{
  GtkSingleSelection *selection = GTK_SINGLE_SELECTION (gtk_column_view_get_model (columns));
  GtkSortListModel *sorted = GTK_SORT_LIST_MODEL (gtk_single_selection_get_model (selection));

  return GTK_FILTER_LIST_MODEL (gtk_sort_list_model_get_model (sorted));
}

/* A long table searches between frames (a search of 200,000 values held the
 * window 300-390 ms a keystroke); a short one at once. */
static void
test_cpc_long_search (void)
{
  g_autoptr(GString) csv = g_string_new ("Value, Processes\n");
  g_autofree char *path = NULL;
  WeftWindow *window = NULL;
  GtkWidget *page;
  GtkColumnView *columns;
  GtkWidget *search, *count;
  g_autofree char *expected = NULL;
  guint n_matches = 0;

  for (guint v = 0; v < 25000; v++)
    {
      g_autofree char *text = g_strdup_printf ("%u", v);

      g_string_append_printf (csv, "%u,\"%u\"\n", v, v);
      n_matches += strstr (text, "2499") != NULL;
    }
  path = weft_test_write_tmp ("long.csv", csv->str, csv->len);
  page = open_path (&window, path);
  columns = weft_cpc_page_get_column_view (WEFT_CPC_PAGE (page));
  g_assert_true (gtk_filter_list_model_get_incremental (filter_model_of (columns)));

  /* "2499" is in 2499, 12499, 22499 and 24990-24999. */
  g_assert_cmpuint (n_matches, ==, 13);
  search = weft_ui_find_descendant (page, GTK_TYPE_SEARCH_ENTRY);
  count = gtk_widget_get_next_sibling (search);
  g_assert_true (GTK_IS_LABEL (count));
  expected = g_strdup_printf ("%u of 25000 values", n_matches);
  g_object_set_data (G_OBJECT (count), "expected", expected);
  gtk_editable_set_text (GTK_EDITABLE (search), "2499");
  g_assert_true (weft_ui_wait_for (label_is, count));
  weft_ui_destroy_window (GTK_WIDGET (window));
  weft_test_rm_rf (path);

  page = open_sample (&window, "ddt-cpc.csv");
  columns = weft_cpc_page_get_column_view (WEFT_CPC_PAGE (page));
  g_assert_false (gtk_filter_list_model_get_incremental (filter_model_of (columns)));
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

  if (!weft_ui_have_xdotool ())
    g_error ("xdotool is not installed: the real-input tests need it (apt-get install xdotool)");

  g_test_add_func ("/ddt/page/mda", test_mda_page);
  g_test_add_func ("/ddt/page/mda-worker", test_mda_page_worker);
  g_test_add_func ("/ddt/page/cpc", test_cpc_page);
  g_test_add_func ("/ddt/page/cpc-strip-rows", test_cpc_strip_rows);
  g_test_add_func ("/ddt/page/cpc-long-search", test_cpc_long_search);

  return g_test_run ();
}

/* test-grid-matrix-view.c: WeftMatrixView in a real window: tooltips, clicks,
 * keyboard, zoom, property notifications.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "weft-ui-test-util.h"
#include "weft-matrix-view.h"

#define THIN_SPACE "\u2009"

typedef struct
{
  guint calls;
  guint row;
  guint column;
} Activation;

static void
cell_activated_cb (WeftMatrixView *view,
                   guint           row,
                   guint           column,
                   Activation     *activation)
{
  activation->calls++;
  activation->row = row;
  activation->column = column;
}

static WeftMatrix *
make_matrix (gsize n)
{
  WeftMatrix *m = weft_matrix_new_2d (n, n);

  weft_matrix_set_value_name (m, "count");
  weft_matrix_set_dim_name (m, 0, "from locale");
  weft_matrix_set_dim_name (m, 1, "to locale");
  for (gsize i = 0; i < n; i++)
    weft_matrix_set_2d (m, i, (i + 1) % n, 10 * (i + 1));
  if (n > 3)
    weft_matrix_set_2d (m, 3, 1, 1234);
  return m;
}

static void
cell_center (WeftMatrixView *view,
             guint           row,
             guint           column,
             double         *x,
             double         *y)
{
  graphene_rect_t area;

  g_assert_true (weft_matrix_view_get_cell_area (view, row, column, &area));
  *x = area.origin.x + area.size.width / 2;
  *y = area.origin.y + area.size.height / 2;
}

static char *
tooltip_func (WeftMatrixView *view,
              guint           row,
              guint           column,
              const char     *default_text,
              gpointer        user_data)
{
  if (row == column)
    return NULL;
  return g_strdup_printf ("%s\n%s", default_text, (const char *)user_data);
}

static void
test_tooltips (void)
{
  g_autoptr(WeftMatrix) m = make_matrix (4);
  GtkWidget *view = weft_matrix_view_new ();
  GtkWidget *window;
  g_autofree char *text = NULL;
  g_autofree char *custom = NULL;
  g_autofree char *diagonal = NULL;
  g_autofree char *outside = NULL;
  double x, y;
  guint row, column;

  weft_matrix_view_set_matrix (WEFT_MATRIX_VIEW (view), m);
  window = weft_ui_show_in_window (view, 500, 500);
  g_assert_true (gtk_widget_get_has_tooltip (view));

  cell_center (WEFT_MATRIX_VIEW (view), 3, 1, &x, &y);
  g_assert_true (weft_matrix_view_get_cell_at (WEFT_MATRIX_VIEW (view), x, y, &row, &column));
  g_assert_cmpuint (row, ==, 3);
  g_assert_cmpuint (column, ==, 1);
  text = weft_matrix_view_dup_tooltip_text (WEFT_MATRIX_VIEW (view), x, y);
  g_assert_cmpstr (text, ==, "from locale 3 → to locale 1\ncount: 1" THIN_SPACE "234");

  /* A page's richer text; NULL falls back to the view's. */
  weft_matrix_view_set_tooltip_func (WEFT_MATRIX_VIEW (view), tooltip_func, (gpointer)"tag: All", NULL);
  custom = weft_matrix_view_dup_tooltip_text (WEFT_MATRIX_VIEW (view), x, y);
  g_assert_cmpstr (custom, ==, "from locale 3 → to locale 1\ncount: 1" THIN_SPACE "234\ntag: All");
  cell_center (WEFT_MATRIX_VIEW (view), 2, 2, &x, &y);
  diagonal = weft_matrix_view_dup_tooltip_text (WEFT_MATRIX_VIEW (view), x, y);
  g_assert_cmpstr (diagonal, ==, "from locale 2 → to locale 2\ncount: 0");

  /* Nothing in the corner. */
  outside = weft_matrix_view_dup_tooltip_text (WEFT_MATRIX_VIEW (view), 1, 1);
  g_assert_null (outside);

  weft_ui_destroy_window (window);
}

static void
test_click (void)
{
  g_autoptr(WeftMatrix) m = make_matrix (4);
  GtkWidget *view = weft_matrix_view_new ();
  GtkWidget *window;
  Activation activation = { 0 };
  double x, y;

  weft_matrix_view_set_matrix (WEFT_MATRIX_VIEW (view), m);
  g_signal_connect (view, "cell-activated", G_CALLBACK (cell_activated_cb), &activation);
  window = weft_ui_show_in_window (view, 500, 500);

  cell_center (WEFT_MATRIX_VIEW (view), 2, 3, &x, &y);
  weft_ui_click (view, x, y);
  g_assert_cmpuint (activation.calls, ==, 1);
  g_assert_cmpuint (activation.row, ==, 2);
  g_assert_cmpuint (activation.column, ==, 3);
  g_assert_cmpint (weft_matrix_view_get_selected_row (WEFT_MATRIX_VIEW (view)), ==, 2);
  g_assert_cmpint (weft_matrix_view_get_selected_column (WEFT_MATRIX_VIEW (view)), ==, 3);
  g_assert_true (gtk_widget_has_focus (view));

  /* Outside the cells: no activation. */
  weft_ui_click (view, 2, 2);
  g_assert_cmpuint (activation.calls, ==, 1);

  /* The public path does the same. */
  weft_matrix_view_activate_cell (WEFT_MATRIX_VIEW (view), 0, 1);
  g_assert_cmpuint (activation.calls, ==, 2);
  g_assert_cmpuint (activation.row, ==, 0);
  g_assert_cmpuint (activation.column, ==, 1);

  weft_ui_destroy_window (window);
}

static void
test_keyboard (void)
{
  g_autoptr(WeftMatrix) m = make_matrix (4);
  GtkWidget *view = weft_matrix_view_new ();
  GtkWidget *window;
  Activation activation = { 0 };

  weft_matrix_view_set_matrix (WEFT_MATRIX_VIEW (view), m);
  g_signal_connect (view, "cell-activated", G_CALLBACK (cell_activated_cb), &activation);
  window = weft_ui_show_in_window (view, 500, 500);
  g_assert_true (gtk_widget_get_focusable (view));

  /* Enter with nothing selected does nothing; the first arrow selects (0, 0). */
  g_assert_true (weft_ui_press_key (view, GDK_KEY_Return, 0));
  g_assert_cmpuint (activation.calls, ==, 0);
  g_assert_true (weft_ui_press_key (view, GDK_KEY_Right, 0));
  g_assert_cmpint (weft_matrix_view_get_selected_row (WEFT_MATRIX_VIEW (view)), ==, 0);
  g_assert_cmpint (weft_matrix_view_get_selected_column (WEFT_MATRIX_VIEW (view)), ==, 0);

  g_assert_true (weft_ui_press_key (view, GDK_KEY_Right, 0));
  g_assert_true (weft_ui_press_key (view, GDK_KEY_Right, 0));
  g_assert_true (weft_ui_press_key (view, GDK_KEY_Down, 0));
  g_assert_cmpint (weft_matrix_view_get_selected_row (WEFT_MATRIX_VIEW (view)), ==, 1);
  g_assert_cmpint (weft_matrix_view_get_selected_column (WEFT_MATRIX_VIEW (view)), ==, 2);

  /* The edges hold. */
  g_assert_true (weft_ui_press_key (view, GDK_KEY_End, 0));
  g_assert_true (weft_ui_press_key (view, GDK_KEY_Right, 0));
  g_assert_cmpint (weft_matrix_view_get_selected_column (WEFT_MATRIX_VIEW (view)), ==, 3);
  g_assert_true (weft_ui_press_key (view, GDK_KEY_Page_Up, 0));
  g_assert_cmpint (weft_matrix_view_get_selected_row (WEFT_MATRIX_VIEW (view)), ==, 0);

  g_assert_true (weft_ui_press_key (view, GDK_KEY_Return, 0));
  g_assert_cmpuint (activation.calls, ==, 1);
  g_assert_cmpuint (activation.row, ==, 0);
  g_assert_cmpuint (activation.column, ==, 3);
  g_assert_true (weft_ui_press_key (view, GDK_KEY_space, 0));
  g_assert_cmpuint (activation.calls, ==, 2);

  /* Ctrl+plus zooms, Ctrl+0 resets. */
  g_assert_cmpfloat (weft_matrix_view_get_zoom (WEFT_MATRIX_VIEW (view)), ==, 1.0);
  g_assert_true (weft_ui_press_key (view, GDK_KEY_plus, GDK_CONTROL_MASK));
  g_assert_cmpfloat (weft_matrix_view_get_zoom (WEFT_MATRIX_VIEW (view)), >, 1.0);
  g_assert_true (weft_ui_press_key (view, GDK_KEY_0, GDK_CONTROL_MASK));
  g_assert_cmpfloat (weft_matrix_view_get_zoom (WEFT_MATRIX_VIEW (view)), ==, 1.0);

  weft_ui_destroy_window (window);
}

/* In a large zoomed-in matrix the keyboard scrolls the selection into view. */
static void
test_keyboard_scrolls (void)
{
  g_autoptr(WeftMatrix) m = make_matrix (200);
  GtkWidget *view = weft_matrix_view_new ();
  GtkWidget *window;
  graphene_rect_t area;

  weft_matrix_view_set_matrix (WEFT_MATRIX_VIEW (view), m);
  window = weft_ui_show_in_window (view, 500, 500);
  for (guint i = 0; i < 4; i++)
    g_assert_true (weft_ui_press_key (view, GDK_KEY_plus, GDK_CONTROL_MASK));
  weft_matrix_view_select_cell (WEFT_MATRIX_VIEW (view), 0, 0);
  g_assert_false (weft_matrix_view_get_cell_area (WEFT_MATRIX_VIEW (view), 199, 199, &area));
  g_assert_true (weft_ui_press_key (view, GDK_KEY_End, GDK_CONTROL_MASK));
  g_assert_cmpint (weft_matrix_view_get_selected_row (WEFT_MATRIX_VIEW (view)), ==, 199);
  g_assert_cmpint (weft_matrix_view_get_selected_column (WEFT_MATRIX_VIEW (view)), ==, 199);
  g_assert_true (weft_matrix_view_get_cell_area (WEFT_MATRIX_VIEW (view), 199, 199, &area));
  g_assert_cmpfloat (area.origin.x + area.size.width, <=, gtk_widget_get_width (view));

  weft_ui_destroy_window (window);
}

static void
test_notify (void)
{
  g_autoptr(WeftMatrix) m = make_matrix (4);
  g_autoptr(WeftMatrix) small = make_matrix (2);
  WeftMatrixView *view = g_object_ref_sink (WEFT_MATRIX_VIEW (weft_matrix_view_new ()));
  guint rows = 0, columns = 0, matrices = 0, modes = 0;
  int row, column;

  g_signal_connect (view, "notify::selected-row", G_CALLBACK (weft_ui_count_cb), &rows);
  g_signal_connect (view, "notify::selected-column", G_CALLBACK (weft_ui_count_cb), &columns);
  g_signal_connect (view, "notify::matrix", G_CALLBACK (weft_ui_count_cb), &matrices);
  g_signal_connect (view, "notify::scale-mode", G_CALLBACK (weft_ui_count_cb), &modes);

  /* Without a matrix nothing can be selected. */
  weft_matrix_view_set_selected_row (view, 1);
  g_assert_cmpuint (rows, ==, 0);
  g_assert_cmpint (weft_matrix_view_get_selected_row (view), ==, -1);

  g_object_set (view, "matrix", m, NULL);
  g_assert_cmpuint (matrices, ==, 1);
  weft_matrix_view_set_matrix (view, m);
  g_assert_cmpuint (matrices, ==, 1);

  g_object_set (view, "selected-row", 2, NULL);
  g_assert_cmpuint (rows, ==, 1);
  g_object_set (view, "selected-row", 2, NULL);
  g_assert_cmpuint (rows, ==, 1);
  weft_matrix_view_select_cell (view, 2, 3);
  g_assert_cmpuint (rows, ==, 1);
  g_assert_cmpuint (columns, ==, 1);
  weft_matrix_view_select_cell (view, 2, 3);
  g_assert_cmpuint (columns, ==, 1);
  g_object_get (view, "selected-row", &row, "selected-column", &column, NULL);
  g_assert_cmpint (row, ==, 2);
  g_assert_cmpint (column, ==, 3);

  /* Out of range is "none". */
  weft_matrix_view_set_selected_column (view, 99);
  g_assert_cmpuint (columns, ==, 2);
  g_assert_cmpint (weft_matrix_view_get_selected_column (view), ==, -1);

  /* A smaller matrix drops the selection that no longer fits. */
  weft_matrix_view_select_cell (view, 1, 1);
  rows = columns = 0;
  weft_matrix_view_set_matrix (view, small);
  g_assert_cmpuint (rows, ==, 0);
  g_assert_cmpuint (columns, ==, 0);
  weft_matrix_view_select_cell (view, 3, 3);
  g_assert_cmpuint (rows, ==, 1);
  g_assert_cmpuint (columns, ==, 1);
  g_assert_cmpint (weft_matrix_view_get_selected_row (view), ==, -1);

  g_object_set (view, "scale-mode", WEFT_COLOR_SCALE_LOG, NULL);
  g_object_set (view, "scale-mode", WEFT_COLOR_SCALE_LOG, NULL);
  g_assert_cmpuint (modes, ==, 1);
  g_assert_cmpint (weft_matrix_view_get_scale_mode (view), ==, WEFT_COLOR_SCALE_LOG);

  g_assert_cmpstr (gtk_widget_get_css_name (GTK_WIDGET (view)), ==, "matrixview");
  g_assert_finalize_object (view);
}

int
main (int   argc,
      char *argv[])
{
  weft_ui_test_init (&argc, &argv);
  adw_init ();

  g_test_add_func ("/ui/grid/matrix-view/tooltips", test_tooltips);
  g_test_add_func ("/ui/grid/matrix-view/click", test_click);
  g_test_add_func ("/ui/grid/matrix-view/keyboard", test_keyboard);
  g_test_add_func ("/ui/grid/matrix-view/keyboard-scrolls", test_keyboard_scrolls);
  g_test_add_func ("/ui/grid/matrix-view/notify", test_notify);

  return g_test_run ();
}

/* test-grid-value-bars.c: WeftValueBarsView and WeftBarCell.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "weft-ui-test-util.h"
#include "weft-bar-cell.h"
#include "weft-value-bars-view.h"

static void
row_activated_cb (WeftValueBarsView *view,
                  guint              row,
                  int               *activated)
{
  *activated = (int)row;
}

static WeftValueTable *
make_table (void)
{
  WeftValueTable *v = weft_value_table_new (4, 1);

  weft_value_table_set_column (v, 0, "tasks", NULL);
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *name = g_strdup_printf ("locale %u", i);

      weft_value_table_set_row_name (v, i, name);
    }
  weft_value_table_set (v, 0, 0, 3);
  weft_value_table_set (v, 1, 0, 40);
  weft_value_table_set (v, 2, 0, 12);
  weft_value_table_set (v, 3, 0, 7);
  return v;
}

static void
test_value_bars (void)
{
  g_autoptr(WeftValueTable) v = make_table ();
  GtkWidget *view = weft_value_bars_view_new ();
  GtkWidget *window;
  WeftValueBarsRenderer *renderer;
  cairo_rectangle_t bar;
  g_autofree char *tip = NULL;
  int activated = -1, natural;
  guint sorts = 0;

  weft_value_bars_view_set_values (WEFT_VALUE_BARS_VIEW (view), v);
  g_signal_connect (view, "row-activated", G_CALLBACK (row_activated_cb), &activated);
  g_signal_connect (view, "notify::sort", G_CALLBACK (weft_ui_count_cb), &sorts);

  /* Its natural height fits every row. */
  gtk_widget_measure (view, GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
  g_assert_cmpint (natural, >, 5 * 10);

  window = weft_ui_show_in_window (view, 500, 300);
  renderer = weft_value_bars_view_get_renderer (WEFT_VALUE_BARS_VIEW (view));

  /* Largest first: locale 1 on top; a click on its bar activates row 1. */
  g_object_set (view, "sort", WEFT_VALUE_BARS_SORT_DESCENDING, NULL);
  g_object_set (view, "sort", WEFT_VALUE_BARS_SORT_DESCENDING, NULL);
  g_assert_cmpuint (sorts, ==, 1);
  g_assert_true (weft_value_bars_renderer_get_bar_rect (renderer, gtk_widget_get_width (view),
                                                        gtk_widget_get_height (view), 1, &bar));
  weft_ui_click (view, bar.x + bar.width / 2, bar.y + bar.height / 2);
  g_assert_cmpint (activated, ==, 1);
  g_assert_cmpint (weft_value_bars_view_get_selected_row (WEFT_VALUE_BARS_VIEW (view)), ==, 1);
  tip = weft_value_bars_view_dup_tooltip_text (WEFT_VALUE_BARS_VIEW (view), bar.x + 1, bar.y + 1);
  g_assert_cmpstr (tip, ==, "locale 1\nTasks: 40");

  /* Down goes to the next bar shown (locale 2, 12), Enter activates it. */
  g_assert_true (weft_ui_press_key (view, GDK_KEY_Down, 0));
  g_assert_cmpint (weft_value_bars_view_get_selected_row (WEFT_VALUE_BARS_VIEW (view)), ==, 2);
  g_assert_true (weft_ui_press_key (view, GDK_KEY_Return, 0));
  g_assert_cmpint (activated, ==, 2);

  g_assert_cmpstr (gtk_widget_get_css_name (view), ==, "valuebars");
  weft_ui_destroy_window (window);
}

static void
test_bar_cell (void)
{
  WeftBarCell *cell = g_object_ref_sink (WEFT_BAR_CELL (weft_bar_cell_new ()));
  GtkWidget *window;
  guint fractions = 0, texts = 0;
  double fraction;

  g_signal_connect (cell, "notify::fraction", G_CALLBACK (weft_ui_count_cb), &fractions);
  g_signal_connect (cell, "notify::text", G_CALLBACK (weft_ui_count_cb), &texts);

  weft_bar_cell_set_value (cell, 30, 120, "30");
  g_assert_cmpfloat (weft_bar_cell_get_fraction (cell), ==, 0.25);
  g_assert_cmpstr (weft_bar_cell_get_text (cell), ==, "30");
  g_assert_cmpuint (fractions, ==, 1);
  g_assert_cmpuint (texts, ==, 1);
  weft_bar_cell_set_value (cell, 30, 120, "30");
  g_assert_cmpuint (fractions, ==, 1);
  g_assert_cmpuint (texts, ==, 1);

  /* Clamped; no maximum means no bar. */
  weft_bar_cell_set_fraction (cell, 3.0);
  g_object_get (cell, "fraction", &fraction, NULL);
  g_assert_cmpfloat (fraction, ==, 1.0);
  weft_bar_cell_set_value (cell, 5, 0, "5");
  g_assert_cmpfloat (weft_bar_cell_get_fraction (cell), ==, 0.0);
  g_assert_cmpstr (gtk_widget_get_css_name (GTK_WIDGET (cell)), ==, "barcell");

  /* It draws in a window without complaint. */
  weft_bar_cell_set_value (cell, 2, 3, "2");
  window = weft_ui_show_in_window (GTK_WIDGET (cell), 200, 40);
  gtk_window_set_child (GTK_WINDOW (window), NULL);
  weft_ui_destroy_window (window);

  g_assert_finalize_object (cell);
}

int
main (int   argc,
      char *argv[])
{
  weft_ui_test_init (&argc, &argv);
  adw_init ();

  g_test_add_func ("/ui/grid/value-bars/view", test_value_bars);
  g_test_add_func ("/ui/grid/value-bars/bar-cell", test_bar_cell);

  return g_test_run ();
}

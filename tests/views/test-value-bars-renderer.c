/* test-value-bars-renderer.c: per-row values as horizontal bars.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "views-test-util.h"
#include "weft-units.h"
#include "weft-value-bars-renderer.h"

#define THIN_SPACE "\u2009"

static WeftValueTable *
make_table (void)
{
  WeftValueTable *v = weft_value_table_new (3, 2);

  weft_value_table_set_title (v, "Tasks per locale");
  weft_value_table_set_column (v, 0, "tasks", NULL);
  weft_value_table_set_column (v, 1, "data", "bytes");
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("locale %u", i);

      weft_value_table_set_row_name (v, i, name);
    }
  weft_value_table_set (v, 0, 0, 10);
  weft_value_table_set (v, 1, 0, 30);
  weft_value_table_set (v, 2, 0, 20);
  weft_value_table_set (v, 0, 1, 2048);
  weft_value_table_set (v, 1, 1, 1500);
  weft_value_table_set (v, 2, 1, 0);
  return v;
}

static cairo_surface_t *
render (WeftValueBarsRenderer *renderer,
        int                    width,
        int                    height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  weft_value_bars_renderer_draw (renderer, cr, width, height);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  return surface;
}

static void
test_bars (void)
{
  g_autoptr(WeftValueTable) v = make_table ();
  g_autoptr(WeftValueBarsRenderer) renderer = weft_value_bars_renderer_new ();
  WeftValueBarsLayout layout;
  WeftRenderTheme theme;
  cairo_rectangle_t r0, r1, r2, none;
  cairo_surface_t *surface;
  WeftRgba bar;

  weft_render_theme_init_light (&theme);
  g_assert_true (weft_value_bars_renderer_set_values (renderer, v, 0));
  g_assert_false (weft_value_bars_renderer_set_values (renderer, v, 0));
  weft_value_bars_renderer_get_layout (renderer, 500, 300, &layout);

  /* Bars from zero, the largest filling the bar area. */
  g_assert_true (weft_value_bars_renderer_get_bar_rect (renderer, 500, 300, 0, &r0));
  g_assert_true (weft_value_bars_renderer_get_bar_rect (renderer, 500, 300, 1, &r1));
  g_assert_true (weft_value_bars_renderer_get_bar_rect (renderer, 500, 300, 2, &r2));
  g_assert_false (weft_value_bars_renderer_get_bar_rect (renderer, 500, 300, 3, &none));
  g_assert_cmpfloat (r0.x, ==, layout.bars.x);
  g_assert_cmpfloat (layout.zero_x, ==, layout.bars.x);
  g_assert_cmpfloat_with_epsilon (r1.width, layout.bars.width, 1e-9);
  g_assert_cmpfloat_with_epsilon (r0.width, layout.bars.width / 3, 1e-9);
  g_assert_cmpfloat_with_epsilon (r2.width, layout.bars.width * 2 / 3, 1e-9);
  /* In table order, one row height apart. */
  g_assert_cmpfloat_with_epsilon (r1.y - r0.y, layout.row_height, 1e-9);
  g_assert_cmpfloat_with_epsilon (r2.y - r1.y, layout.row_height, 1e-9);
  g_assert_cmpuint (layout.label_step, ==, 1);

  /* Pixels: the accent colour at 80 % over white inside a bar, white past
   * its end (before the value text). */
  surface = render (renderer, 500, 300);
  bar = theme.accent;
  bar.red = 1 + (bar.red - 1) * 0.8;
  bar.green = 1 + (bar.green - 1) * 0.8;
  bar.blue = 1 + (bar.blue - 1) * 0.8;
  views_assert_pixel (surface, r0.x + r0.width / 2, r0.y + r0.height / 2, views_pixel_from_rgba (&bar), 1);
  views_assert_pixel (surface, r0.x + r0.width + 2, r0.y + r0.height / 2, (ViewsPixel) { 255, 255, 255 }, 0);
  views_assert_pixel (surface, r1.x + r1.width - 2, r1.y + r1.height / 2, views_pixel_from_rgba (&bar), 1);
  cairo_surface_destroy (surface);

  /* Hit anywhere across a row. */
  g_assert_cmpint (weft_value_bars_renderer_hit_test (renderer, 500, 300, r2.x + 1, r2.y + 1), ==, 2);
  g_assert_cmpint (weft_value_bars_renderer_hit_test (renderer, 500, 300, 12, r1.y + r1.height / 2), ==, 1);
  g_assert_cmpint (weft_value_bars_renderer_hit_test (renderer, 500, 300, 100, 2), ==, -1);
  g_assert_cmpint (weft_value_bars_renderer_hit_test (renderer, 500, 300, 100, 290), ==, -1);

  weft_render_theme_clear (&theme);
}

/* The selected row's bar is drawn in the full accent colour (the others at
 * 80 %), and the row under the pointer gets the selection colour across. */
static void
test_hover_and_selection (void)
{
  g_autoptr(WeftValueTable) v = make_table ();
  g_autoptr(WeftValueBarsRenderer) renderer = weft_value_bars_renderer_new ();
  WeftRenderTheme theme;
  cairo_rectangle_t r1, r2;
  cairo_surface_t *surface;
  WeftRgba hover;

  weft_render_theme_init_light (&theme);
  weft_value_bars_renderer_set_values (renderer, v, 0);
  g_assert_true (weft_value_bars_renderer_set_selected_row (renderer, 1));
  g_assert_false (weft_value_bars_renderer_set_selected_row (renderer, 1));
  g_assert_true (weft_value_bars_renderer_set_hover_row (renderer, 2));
  g_assert_false (weft_value_bars_renderer_set_hover_row (renderer, 2));
  g_assert_true (weft_value_bars_renderer_get_bar_rect (renderer, 500, 300, 1, &r1));
  g_assert_true (weft_value_bars_renderer_get_bar_rect (renderer, 500, 300, 2, &r2));

  surface = render (renderer, 500, 300);
  views_assert_pixel (surface, r1.x + r1.width / 2, r1.y + r1.height / 2, views_pixel_from_rgba (&theme.accent), 1);
  /* Past the hovered row's bar: the selection colour over white. */
  hover = theme.selection;
  hover.red = 1 + (hover.red - 1) * theme.selection.alpha;
  hover.green = 1 + (hover.green - 1) * theme.selection.alpha;
  hover.blue = 1 + (hover.blue - 1) * theme.selection.alpha;
  views_assert_pixel (surface, r2.x + r2.width + 2, r2.y + r2.height / 2, views_pixel_from_rgba (&hover), 1);
  /* Nothing drawn past row 1's bar, which is only selected. */
  views_assert_pixel (surface, r1.x + r1.width + 2, r1.y + r1.height / 2, (ViewsPixel) { 255, 255, 255 }, 0);
  cairo_surface_destroy (surface);

  weft_render_theme_clear (&theme);
}

static void
test_sorting (void)
{
  g_autoptr(WeftValueTable) v = make_table ();
  g_autoptr(WeftValueBarsRenderer) renderer = weft_value_bars_renderer_new ();
  cairo_rectangle_t top;

  weft_value_bars_renderer_set_values (renderer, v, 0);
  g_assert_true (weft_value_bars_renderer_set_sort (renderer, WEFT_VALUE_BARS_SORT_DESCENDING));
  g_assert_false (weft_value_bars_renderer_set_sort (renderer, WEFT_VALUE_BARS_SORT_DESCENDING));
  g_assert_cmpuint (weft_value_bars_renderer_get_row_at (renderer, 0), ==, 1);
  g_assert_cmpuint (weft_value_bars_renderer_get_row_at (renderer, 1), ==, 2);
  g_assert_cmpuint (weft_value_bars_renderer_get_row_at (renderer, 2), ==, 0);

  /* The largest bar is now on top, and hits there. */
  weft_value_bars_renderer_get_bar_rect (renderer, 500, 300, 1, &top);
  g_assert_cmpint (weft_value_bars_renderer_hit_test (renderer, 500, 300, top.x + 1, top.y + 1), ==, 1);

  weft_value_bars_renderer_set_sort (renderer, WEFT_VALUE_BARS_SORT_ASCENDING);
  g_assert_cmpuint (weft_value_bars_renderer_get_row_at (renderer, 0), ==, 0);
  g_assert_cmpuint (weft_value_bars_renderer_get_row_at (renderer, 2), ==, 1);

  /* Another column: bytes, 2048 > 1500 > 0. */
  weft_value_bars_renderer_set_values (renderer, v, 1);
  weft_value_bars_renderer_set_sort (renderer, WEFT_VALUE_BARS_SORT_DESCENDING);
  g_assert_cmpuint (weft_value_bars_renderer_get_row_at (renderer, 0), ==, 0);
  g_assert_cmpuint (weft_value_bars_renderer_get_row_at (renderer, 1), ==, 1);
  g_assert_cmpuint (weft_value_bars_renderer_get_row_at (renderer, 2), ==, 2);
}

static void
test_describe (void)
{
  g_autoptr(WeftValueTable) v = make_table ();
  g_autoptr(WeftValueBarsRenderer) renderer = weft_value_bars_renderer_new ();
  g_autofree char *tasks = NULL;
  g_autofree char *bytes = NULL;
  g_autofree char *size = weft_format_bytes (1500);
  g_autofree char *expected = g_strdup_printf ("locale 1\nData: %s", size);

  weft_value_table_set (v, 1, 0, 3000);
  weft_value_bars_renderer_set_values (renderer, v, 0);
  tasks = weft_value_bars_renderer_describe_row (renderer, 1);
  /* Column names read as words: "tasks" is "Tasks". */
  g_assert_cmpstr (tasks, ==, "locale 1\nTasks: 3" THIN_SPACE "000");
  weft_value_bars_renderer_set_values (renderer, v, 1);
  bytes = weft_value_bars_renderer_describe_row (renderer, 1);
  g_assert_cmpstr (bytes, ==, expected);
  g_assert_null (weft_value_bars_renderer_describe_row (renderer, 3));
}

static void
test_negative_values (void)
{
  g_autoptr(WeftValueTable) v = weft_value_table_new (2, 1);
  g_autoptr(WeftValueBarsRenderer) renderer = weft_value_bars_renderer_new ();
  WeftValueBarsLayout layout;
  cairo_rectangle_t neg, pos;

  weft_value_table_set_column (v, 0, "delta", NULL);
  weft_value_table_set (v, 0, 0, -10);
  weft_value_table_set (v, 1, 0, 30);
  weft_value_bars_renderer_set_values (renderer, v, 0);
  weft_value_bars_renderer_get_layout (renderer, 500, 200, &layout);

  /* Zero a quarter of the way along; bars go both ways from it. */
  g_assert_cmpfloat_with_epsilon (layout.zero_x, layout.bars.x + layout.bars.width / 4, 1e-9);
  weft_value_bars_renderer_get_bar_rect (renderer, 500, 200, 0, &neg);
  weft_value_bars_renderer_get_bar_rect (renderer, 500, 200, 1, &pos);
  g_assert_cmpfloat_with_epsilon (neg.x, layout.bars.x, 1e-9);
  g_assert_cmpfloat_with_epsilon (neg.x + neg.width, layout.zero_x, 1e-9);
  g_assert_cmpfloat_with_epsilon (pos.x, layout.zero_x, 1e-9);
  g_assert_cmpfloat_with_epsilon (pos.x + pos.width, layout.bars.x + layout.bars.width, 1e-9);
}

/* 1000 rows in 400 px: rows shrink, names are thinned. */
static void
test_many_rows (void)
{
  g_autoptr(WeftValueTable) v = weft_value_table_new (1000, 1);
  g_autoptr(WeftValueBarsRenderer) renderer = weft_value_bars_renderer_new ();
  WeftValueBarsLayout layout;
  cairo_surface_t *surface;

  weft_value_table_set_column (v, 0, "tasks", NULL);
  for (guint i = 0; i < 1000; i++)
    weft_value_table_set (v, i, 0, i);
  weft_value_bars_renderer_set_values (renderer, v, 0);
  weft_value_bars_renderer_get_layout (renderer, 600, 400, &layout);
  g_assert_cmpfloat (layout.row_height, <, 1.0);
  g_assert_cmpuint (layout.label_step, >, 10);
  g_assert_cmpfloat (weft_value_bars_renderer_get_natural_height (renderer), >, 1000 * 10.0);
  g_assert_cmpint (weft_value_bars_renderer_hit_test (renderer, 600, 400, 300,
                                                      layout.bars.y + 500.5 * layout.row_height), ==, 500);
  surface = render (renderer, 600, 400);

  /* The first row's label, centred on a row thinner than a line, stays
   * whole inside the bars' area: its ink starts below the area's top (the
   * line's leading), not cut off at it. */
  {
    int top_ink = -1;

    for (int y = (int)ceil (layout.bars.y); y < layout.bars.y + 20 && top_ink < 0; y++)
      for (int x = 0; x < layout.bars.x - 8 && top_ink < 0; x++)
        {
          ViewsPixel px = views_get_pixel (surface, x + 0.5, y + 0.5);

          if (px.r < 200 || px.g < 200 || px.b < 200)
            top_ink = y;
        }
    g_assert_cmpint (top_ink, >=, (int)ceil (layout.bars.y) + 2);
  }
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/views/value-bars/bars", test_bars);
  g_test_add_func ("/views/value-bars/hover-and-selection", test_hover_and_selection);
  g_test_add_func ("/views/value-bars/sorting", test_sorting);
  g_test_add_func ("/views/value-bars/describe", test_describe);
  g_test_add_func ("/views/value-bars/negative", test_negative_values);
  g_test_add_func ("/views/value-bars/many-rows", test_many_rows);

  return g_test_run ();
}

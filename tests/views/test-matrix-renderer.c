/* test-matrix-renderer.c: the heat-map renderer, its layout, hit tests and
 * pixels, and the grid helpers it is built on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "views-test-util.h"
#include "weft-grid-util.h"
#include "weft-matrix-renderer.h"
#include "weft-units.h"

#define THIN_SPACE "\u2009"

static cairo_surface_t *
render (WeftMatrixRenderer *renderer,
        int                 width,
        int                 height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  weft_matrix_renderer_draw (renderer, cr, width, height);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  return surface;
}

/* A 4 × 4 communication matrix like a Chapel run's: locale 0 sends 100 to
 * locale 1, 1 sends 50 to 2, 2 sends 10 to 3, 3 sends 1 to 0; cell (2, 2)
 * is filtered out. */
static WeftMatrix *
make_comm_matrix (void)
{
  WeftMatrix *m = weft_matrix_new_2d (4, 4);

  weft_matrix_set_value_name (m, "count");
  weft_matrix_set_dim_name (m, 0, "from locale");
  weft_matrix_set_dim_name (m, 1, "to locale");
  weft_matrix_set_2d (m, 0, 1, 100);
  weft_matrix_set_2d (m, 1, 2, 50);
  weft_matrix_set_2d (m, 2, 3, 10);
  weft_matrix_set_2d (m, 3, 0, 1);
  weft_matrix_set_filtered (m, 2 * 4 + 2, TRUE);
  return m;
}

/* The nice number below @k: 2 → 1, 5 → 2, 10 → 5, 20 → 10, 50 → 20, … */
static guint
previous_nice (guint k)
{
  guint decade = 1;

  while (k / decade >= 10)
    decade *= 10;
  switch (k / decade)
    {
    case 1:
      return decade / 2;
    case 2:
      return decade;
    case 5:
      return 2 * decade;
    default:
      g_assert_not_reached ();
    }
}

static void
test_label_step (void)
{
  /* Roomy cells: every label. */
  g_assert_cmpuint (weft_grid_label_step (30, 20, 4), ==, 1);
  g_assert_cmpuint (weft_grid_label_step (10, 10, 0), ==, 1);
  /* (14 + 4) / 10 = 1.8 → 2; (20 + 4) / 5 = 4.8 → 5; (14 + 4) / 2 = 9 → 10. */
  g_assert_cmpuint (weft_grid_label_step (10, 14, 4), ==, 2);
  g_assert_cmpuint (weft_grid_label_step (5, 20, 4), ==, 5);
  g_assert_cmpuint (weft_grid_label_step (2, 14, 4), ==, 10);
  /* A 512-locale matrix in 1000 px: 13 px labels on 1.953125 px rows → 10. */
  g_assert_cmpuint (weft_grid_label_step (1.953125, 13, 2), ==, 10);
  /* (30 + 8) / 1 = 38 → 50; exactly 100 → 100; 100.5 → 200. */
  g_assert_cmpuint (weft_grid_label_step (1, 30, 8), ==, 50);
  g_assert_cmpuint (weft_grid_label_step (1, 100, 0), ==, 100);
  g_assert_cmpuint (weft_grid_label_step (1, 100.5, 0), ==, 200);
  /* Nothing fits. */
  g_assert_cmpuint (weft_grid_label_step (0, 10, 2), ==, G_MAXUINT);
  g_assert_cmpuint (weft_grid_label_step (-1, 10, 2), ==, G_MAXUINT);

  /* The property that matters: labels never overlap, and the step is the
   * smallest nice one that avoids overlap. */
  for (guint i = 0; i < 2000; i++)
    {
      double spacing = g_test_rand_double_range (0.05, 60);
      double extent = g_test_rand_double_range (1, 80);
      guint k = weft_grid_label_step (spacing, extent, 3);

      g_assert_cmpfloat (k * spacing, >=, extent + 3 - 1e-9);
      if (k > 1)
        g_assert_cmpfloat (previous_nice (k) * spacing, <, extent + 3);
    }
}

static void
test_format_value (void)
{
  g_autofree char *count = weft_grid_format_value ("count", 1234);
  g_autofree char *big = weft_grid_format_value ("count", 1234567);
  g_autofree char *negative = weft_grid_format_value ("count", -3);
  g_autofree char *small_bytes = weft_grid_format_value ("bytes", 512);
  g_autofree char *bytes = weft_grid_format_value ("bytes", 2048);
  g_autofree char *expected_bytes = weft_format_bytes (2048);
  g_autofree char *fraction = weft_grid_format_value (NULL, 0.5);
  g_autofree char *nan_text = weft_grid_format_value ("count", NAN);
  g_autofree char *seconds = weft_grid_format_value ("s", 1.5);
  g_autofree char *sent = weft_grid_format_value ("sent bytes", 100);

  g_assert_cmpstr (count, ==, "1" THIN_SPACE "234");
  g_assert_cmpstr (big, ==, "1" THIN_SPACE "234" THIN_SPACE "567");
  g_assert_cmpstr (negative, ==, "-3");
  g_assert_cmpstr (small_bytes, ==, "512 B");
  g_assert_cmpstr (bytes, ==, expected_bytes);
  g_assert_cmpstr (fraction, ==, "0.5");
  g_assert_cmpstr (nan_text, ==, "NaN");
  g_assert_cmpstr (seconds, ==, "1.5 s");
  g_assert_cmpstr (sent, ==, "100 B");

  /* Captions name a unit only where the values do not show it. */
  g_assert_true (weft_grid_format_shows_unit ("s"));
  g_assert_true (weft_grid_format_shows_unit ("B"));
  g_assert_true (weft_grid_format_shows_unit ("sent bytes"));
  g_assert_true (weft_grid_format_shows_unit ("ns"));
  g_assert_false (weft_grid_format_shows_unit ("%"));
  g_assert_false (weft_grid_format_shows_unit ("events"));
  g_assert_false (weft_grid_format_shows_unit (NULL));
}

static void
test_column_labels (void)
{
  g_autofree char *busy = weft_grid_dup_column_label ("busy_time");
  g_autofree char *tasks = weft_grid_dup_column_label ("tasks");
  g_autofree char *metric = weft_grid_dup_column_label ("CPUTIME (usec):Sum (I)");
  g_autofree char *event = weft_grid_dup_column_label ("CALL");
  g_autofree char *none = weft_grid_dup_column_label (NULL);

  g_assert_cmpstr (busy, ==, "Busy time");
  g_assert_cmpstr (tasks, ==, "Tasks");
  g_assert_cmpstr (metric, ==, "CPUTIME (usec):Sum (I)");
  g_assert_cmpstr (event, ==, "CALL");
  g_assert_cmpstr (none, ==, "Value");
}

static void
test_axis_titles (void)
{
  g_autoptr(WeftMatrix) m = make_comm_matrix ();
  g_autoptr(WeftMatrix) bare = weft_matrix_new_2d (2, 3);
  g_autofree char *rows = weft_grid_dup_axis_title (m, 0);
  g_autofree char *columns = weft_grid_dup_axis_title (m, 1);
  g_autofree char *bare_rows = weft_grid_dup_axis_title (bare, 0);
  g_autofree char *bare_columns = weft_grid_dup_axis_title (bare, 1);
  g_autofree char *label = NULL;
  g_autofree char *named = NULL;
  g_autofree char *custom = NULL;

  g_assert_cmpstr (rows, ==, "from locale ↓");
  g_assert_cmpstr (columns, ==, "to locale →");
  g_assert_cmpstr (bare_rows, ==, "row ↓");
  g_assert_cmpstr (bare_columns, ==, "column →");

  /* DDT arrays may start at 1. */
  weft_matrix_set_dim_start (bare, 1, 1);
  label = weft_grid_dup_index_label (bare, 1, 2);
  g_assert_cmpstr (label, ==, "3");
  named = weft_grid_dup_index_name (m, 0, 3);
  g_assert_cmpstr (named, ==, "from locale 3");
  weft_matrix_set_dim_label (bare, 0, 1, "rank B");
  custom = weft_grid_dup_index_label (bare, 0, 1);
  g_assert_cmpstr (custom, ==, "rank B");
}

/* A point inside a cell away from its centre (where a value may be printed),
 * its borders and the hatching of filtered cells. */
static void
cell_probe (WeftMatrixRenderer *renderer,
            int                 width,
            int                 height,
            gsize               row,
            gsize               column,
            double             *x,
            double             *y)
{
  cairo_rectangle_t rect;

  g_assert_true (weft_matrix_renderer_get_cell_rect (renderer, width, height, row, column, &rect));
  *x = rect.x + rect.width * 0.2;
  *y = rect.y + rect.height * 0.2;
}

static void
test_cell_colors_linear (void)
{
  g_autoptr(WeftMatrix) m = make_comm_matrix ();
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  cairo_surface_t *surface;
  WeftMatrixLayout layout;
  ViewsPixel white = { 255, 255, 255 };
  ViewsPixel filtered = { 199, 199, 199 };  /* 78 % white + 22 % black */
  double x, y;

  weft_matrix_renderer_set_matrix (renderer, m);
  weft_matrix_renderer_get_layout (renderer, 400, 400, &layout);
  /* Square cells filling the room left by the labels and the legend: the
   * grid reaches the right margin or the legend. */
  g_assert_cmpfloat (layout.cell_size, >, 60.0);
  g_assert_cmpfloat (layout.grid.width, ==, 4 * layout.cell_size);
  g_assert_cmpfloat (layout.grid.height, ==, 4 * layout.cell_size);
  g_assert_true (fabs (layout.grid.x + layout.grid.width - (400 - 8)) < 1e-9 ||
                 fabs (layout.grid.y + layout.grid.height + 10 - layout.legend.y) < 1e-9);
  /* A 2 × 2 matrix in a large picture: capped at 240 px a cell. */
  {
    g_autoptr(WeftMatrix) tiny = weft_matrix_new_2d (2, 2);
    g_autoptr(WeftMatrixRenderer) other = weft_matrix_renderer_new ();

    weft_matrix_renderer_set_matrix (other, tiny);
    weft_matrix_renderer_get_layout (other, 1000, 1000, &layout);
    g_assert_cmpfloat (layout.cell_size, ==, 240.0);
    weft_matrix_renderer_get_layout (renderer, 400, 400, &layout);
  }
  g_assert_cmpuint (layout.row_step, ==, 1);
  g_assert_cmpuint (layout.column_step, ==, 1);

  surface = render (renderer, 400, 400);

  /* The maximum is the hot colour, exactly. */
  cell_probe (renderer, 400, 400, 0, 1, &x, &y);
  views_assert_pixel (surface, x, y, (ViewsPixel) { 255, 0, 0 }, 0);
  /* 50 of 100: half way, (128, 90, 127). */
  cell_probe (renderer, 400, 400, 1, 2, &x, &y);
  views_assert_pixel (surface, x, y, views_ramp_pixel (0.5), 1);
  cell_probe (renderer, 400, 400, 2, 3, &x, &y);
  views_assert_pixel (surface, x, y, views_ramp_pixel (0.1), 1);
  cell_probe (renderer, 400, 400, 3, 0, &x, &y);
  views_assert_pixel (surface, x, y, views_ramp_pixel (0.01), 1);
  /* Zero is white, as in chplvis; filtered is a distinct grey. */
  cell_probe (renderer, 400, 400, 0, 0, &x, &y);
  views_assert_pixel (surface, x, y, white, 0);
  cell_probe (renderer, 400, 400, 1, 3, &x, &y);
  views_assert_pixel (surface, x, y, white, 0);
  cell_probe (renderer, 400, 400, 2, 2, &x, &y);
  views_assert_pixel (surface, x, y, filtered, 0);
  views_assert_pixel (surface, x, y, views_pixel_from_rgba (&(WeftRgba) { 0.78, 0.78, 0.78, 1 }), 1);

  /* Cells this large are outlined: the border between (0, 0) and (0, 1). */
  {
    cairo_rectangle_t rect;
    ViewsPixel border;

    weft_matrix_renderer_get_cell_rect (renderer, 400, 400, 0, 1, &rect);
    /* Lines sit on whole pixels, where nearest-neighbour scaling puts the
     * cell edges. */
    border = views_get_pixel (surface, round (rect.x) + 0.5, rect.y + rect.height * 0.3);
    g_assert_cmpint (border.r, <, 255);
  }

  cairo_surface_destroy (surface);
}

/* The legend's range is over finite values, as the ramp is; infinities are
 * counted apart; a mostly-zero matrix gives its smallest non-zero value. */
static void
test_range_text (void)
{
  g_autoptr(WeftMatrix) m = weft_matrix_new_2d (2, 3);
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  g_autofree char *with_inf = NULL;
  g_autofree char *zeros = NULL;
  g_autofree char *only_inf = NULL;

  weft_matrix_set_2d (m, 0, 0, -2);
  weft_matrix_set_2d (m, 0, 1, 5);
  weft_matrix_set_2d (m, 0, 2, INFINITY);
  weft_matrix_set_2d (m, 1, 0, NAN);
  weft_matrix_set_2d (m, 1, 1, 1);
  weft_matrix_set_2d (m, 1, 2, -INFINITY);
  weft_matrix_renderer_set_matrix (renderer, m);
  with_inf = weft_matrix_renderer_dup_range_text (renderer);
  g_assert_cmpstr (with_inf, ==, "min -2 · max 5 · 2 infinite");

  for (guint c = 0; c < 3; c++)
    {
      weft_matrix_set_2d (m, 0, c, c == 1 ? 7 : 0);
      weft_matrix_set_2d (m, 1, c, c == 2 ? 3 : 0);
    }
  weft_matrix_renderer_set_matrix (renderer, NULL);
  weft_matrix_renderer_set_matrix (renderer, m);
  zeros = weft_matrix_renderer_dup_range_text (renderer);
  g_assert_cmpstr (zeros, ==, "min non-zero 3 · max 7");

  for (guint c = 0; c < 3; c++)
    {
      weft_matrix_set_2d (m, 0, c, INFINITY);
      weft_matrix_set_2d (m, 1, c, NAN);
    }
  weft_matrix_renderer_set_matrix (renderer, NULL);
  weft_matrix_renderer_set_matrix (renderer, m);
  only_inf = weft_matrix_renderer_dup_range_text (renderer);
  g_assert_cmpstr (only_inf, ==, "3 infinite");
}

/* Cells (@row, @a) and (@row, @b) of a matrix drawn 600 × 600 share a
 * pixel (the scaled image's nearest neighbour): it has @expected, the colour
 * of the one that wins it. */
static void
assert_shared_pixel (WeftMatrixRenderer *renderer,
                     cairo_surface_t    *surface,
                     gsize               row,
                     gsize               a,
                     gsize               b,
                     ViewsPixel          expected)
{
  WeftMatrixLayout layout;
  double x, y;

  weft_matrix_renderer_get_layout (renderer, 600, 600, &layout);
  g_assert_cmpfloat (floor ((a + 0.5) * layout.cell_size), ==, floor ((b + 0.5) * layout.cell_size));
  x = layout.grid.x + floor ((b + 0.5) * layout.cell_size);
  y = layout.grid.y + floor ((row + 0.5) * layout.cell_size);
  views_assert_pixel (surface, x + 0.5, y + 0.5, expected, 1);
}

/* An infinity has a colour of its own (amber), not the ramp's end, where it
 * passed for the largest finite value; it wins a shared pixel from values. */
static void
test_infinite_cells (void)
{
  g_autoptr(WeftMatrix) m = make_comm_matrix ();
  g_autoptr(WeftMatrix) big = weft_matrix_new_2d (1024, 1024);
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  cairo_surface_t *surface;
  double x, y;

  weft_matrix_set_2d (m, 1, 1, INFINITY);
  weft_matrix_set_2d (m, 1, 2, -INFINITY);
  weft_matrix_renderer_set_matrix (renderer, m);
  surface = render (renderer, 400, 400);
  cell_probe (renderer, 400, 400, 1, 1, &x, &y);
  views_assert_pixel (surface, x, y, (ViewsPixel) { 0xe5, 0xa5, 0x0a }, 1);
  cell_probe (renderer, 400, 400, 1, 2, &x, &y);
  views_assert_pixel (surface, x, y, (ViewsPixel) { 0xe5, 0xa5, 0x0a }, 1);
  /* The finite maximum is still the ramp's hot end. */
  cell_probe (renderer, 400, 400, 0, 1, &x, &y);
  views_assert_pixel (surface, x, y, (ViewsPixel) { 255, 0, 0 }, 0);
  cairo_surface_destroy (surface);

  weft_matrix_set_2d (big, 500, 500, INFINITY);
  weft_matrix_set_2d (big, 500, 501, 5);
  weft_matrix_renderer_set_matrix (renderer, big);
  surface = render (renderer, 600, 600);
  assert_shared_pixel (renderer, surface, 500, 500, 501, (ViewsPixel) { 0xe5, 0xa5, 0x0a });
  cairo_surface_destroy (surface);
}

/* Zero is an empty cell only where it means "nothing" (a linear scale over
 * values none of which is negative, as counts): on a diverging scale it is
 * the ramp's middle, among negative values on a linear one its place on the
 * ramp. In the dark style an empty zero had stood out, dark among the white
 * of values near it. */
static void
test_zero_cells (void)
{
  g_autoptr(WeftMatrix) m = weft_matrix_new_2d (1, 3);
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  g_auto(WeftRenderTheme) dark = { 0 };
  cairo_surface_t *surface;
  WeftRgba middle;
  double x, y;

  weft_render_theme_init_dark (&dark);
  weft_matrix_renderer_set_theme (renderer, &dark);
  weft_matrix_set_2d (m, 0, 0, -4);
  weft_matrix_set_2d (m, 0, 1, 0);
  weft_matrix_set_2d (m, 0, 2, 4);
  weft_matrix_renderer_set_matrix (renderer, m);

  g_assert_true (weft_matrix_renderer_set_scale_mode (renderer, WEFT_COLOR_SCALE_DIVERGING));
  middle = weft_color_scale_ramp (weft_matrix_renderer_get_color_scale (renderer), 0.5);
  surface = render (renderer, 300, 200);
  cell_probe (renderer, 300, 200, 0, 1, &x, &y);
  views_assert_pixel (surface, x, y, views_pixel_from_rgba (&middle), 1);
  cairo_surface_destroy (surface);

  /* Linear from -4 to 4: zero is the ramp's middle too. */
  g_assert_true (weft_matrix_renderer_set_scale_mode (renderer, WEFT_COLOR_SCALE_LINEAR));
  middle = weft_color_scale_ramp (weft_matrix_renderer_get_color_scale (renderer), 0.5);
  surface = render (renderer, 300, 200);
  cell_probe (renderer, 300, 200, 0, 1, &x, &y);
  views_assert_pixel (surface, x, y, views_pixel_from_rgba (&middle), 1);
  cairo_surface_destroy (surface);

  /* Counts: zero is empty. */
  weft_matrix_set_2d (m, 0, 0, 1);
  weft_matrix_renderer_set_matrix (renderer, NULL);
  weft_matrix_renderer_set_matrix (renderer, m);
  g_assert_cmpint (weft_matrix_renderer_get_scale_mode (renderer), ==, WEFT_COLOR_SCALE_LINEAR);
  surface = render (renderer, 300, 200);
  cell_probe (renderer, 300, 200, 0, 1, &x, &y);
  {
    WeftRgba empty = dark.empty;

    empty.alpha = 1;
    views_assert_pixel (surface, x, y, views_pixel_from_rgba (&empty), 1);
  }
  cairo_surface_destroy (surface);
}

static void
test_linear_vs_log (void)
{
  g_autoptr(WeftMatrix) m = weft_matrix_new_2d (2, 2);
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  cairo_surface_t *linear, *logarithmic;
  double x, y;

  weft_matrix_set_value_name (m, "bytes");
  weft_matrix_set_2d (m, 0, 0, 1);
  weft_matrix_set_2d (m, 0, 1, 10);
  weft_matrix_set_2d (m, 1, 0, 100);
  weft_matrix_set_2d (m, 1, 1, 1000);
  weft_matrix_renderer_set_matrix (renderer, m);

  g_assert_cmpint (weft_matrix_renderer_get_scale_mode (renderer), ==, WEFT_COLOR_SCALE_LINEAR);
  g_assert_cmpfloat_with_epsilon (weft_color_scale_position (weft_matrix_renderer_get_color_scale (renderer), 10),
                                  0.01, 1e-12);
  linear = render (renderer, 300, 300);

  g_assert_true (weft_matrix_renderer_set_scale_mode (renderer, WEFT_COLOR_SCALE_LOG));
  g_assert_false (weft_matrix_renderer_set_scale_mode (renderer, WEFT_COLOR_SCALE_LOG));
  g_assert_cmpfloat_with_epsilon (weft_color_scale_position (weft_matrix_renderer_get_color_scale (renderer), 10),
                                  1.0 / 3.0, 1e-12);
  logarithmic = render (renderer, 300, 300);

  /* Linear from 0: 1, 10, 100, 1000 are at 0.001, 0.01, 0.1, 1. */
  cell_probe (renderer, 300, 300, 0, 0, &x, &y);
  views_assert_pixel (linear, x, y, views_ramp_pixel (0.001), 1);
  cell_probe (renderer, 300, 300, 0, 1, &x, &y);
  views_assert_pixel (linear, x, y, views_ramp_pixel (0.01), 1);
  cell_probe (renderer, 300, 300, 1, 0, &x, &y);
  views_assert_pixel (linear, x, y, views_ramp_pixel (0.1), 1);
  cell_probe (renderer, 300, 300, 1, 1, &x, &y);
  views_assert_pixel (linear, x, y, views_ramp_pixel (1), 0);

  /* Log from the smallest non-zero value: 0, 1/3, 2/3, 1. */
  cell_probe (renderer, 300, 300, 0, 0, &x, &y);
  views_assert_pixel (logarithmic, x, y, views_ramp_pixel (0), 0);
  cell_probe (renderer, 300, 300, 0, 1, &x, &y);
  views_assert_pixel (logarithmic, x, y, views_ramp_pixel (1.0 / 3.0), 1);
  cell_probe (renderer, 300, 300, 1, 0, &x, &y);
  views_assert_pixel (logarithmic, x, y, views_ramp_pixel (2.0 / 3.0), 1);
  cell_probe (renderer, 300, 300, 1, 1, &x, &y);
  views_assert_pixel (logarithmic, x, y, views_ramp_pixel (1), 0);

  cairo_surface_destroy (linear);
  cairo_surface_destroy (logarithmic);
}

static void
test_hit_test (void)
{
  g_autoptr(WeftMatrix) m = make_comm_matrix ();
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  WeftMatrixLayout layout;
  WeftMatrixHit hit;
  double cell;

  weft_matrix_renderer_set_matrix (renderer, m);
  weft_matrix_renderer_get_layout (renderer, 400, 400, &layout);
  cell = layout.cell_size;

  for (gsize r = 0; r < 4; r++)
    for (gsize c = 0; c < 4; c++)
      {
        /* Centre, and both edges of the cell: the left/top edge belongs to
         * the cell, a hair before it to the previous one. */
        double x0 = layout.origin_x + c * cell, y0 = layout.origin_y + r * cell;

        weft_matrix_renderer_hit_test (renderer, 400, 400, x0 + cell / 2, y0 + cell / 2, &hit);
        g_assert_cmpint (hit.kind, ==, WEFT_MATRIX_HIT_CELL);
        g_assert_cmpuint (hit.row, ==, r);
        g_assert_cmpuint (hit.column, ==, c);

        weft_matrix_renderer_hit_test (renderer, 400, 400, x0, y0, &hit);
        g_assert_cmpint (hit.kind, ==, WEFT_MATRIX_HIT_CELL);
        g_assert_cmpuint (hit.row, ==, r);
        g_assert_cmpuint (hit.column, ==, c);

        if (c > 0)
          {
            weft_matrix_renderer_hit_test (renderer, 400, 400, x0 - 0.01, y0 + 1, &hit);
            g_assert_cmpuint (hit.column, ==, c - 1);
          }
      }

  /* The row labels, left of row 2. */
  weft_matrix_renderer_hit_test (renderer, 400, 400, layout.grid.x - 3,
                                 layout.origin_y + 2.5 * cell, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_MATRIX_HIT_ROW_LABEL);
  g_assert_cmpuint (hit.row, ==, 2);

  /* The column labels, above column 3. */
  weft_matrix_renderer_hit_test (renderer, 400, 400, layout.origin_x + 3.5 * cell,
                                 layout.grid.y - 5, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_MATRIX_HIT_COLUMN_LABEL);
  g_assert_cmpuint (hit.column, ==, 3);

  weft_matrix_renderer_hit_test (renderer, 400, 400, layout.legend.x + 2, layout.legend.y + 2, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_MATRIX_HIT_LEGEND);

  /* Right of the grid, and the corner. */
  weft_matrix_renderer_hit_test (renderer, 400, 400, layout.grid.x + layout.grid.width + 1,
                                 layout.grid.y + 1, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_MATRIX_HIT_NONE);
  weft_matrix_renderer_hit_test (renderer, 400, 400, 1, 1, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_MATRIX_HIT_NONE);
}

static void
test_describe (void)
{
  g_autoptr(WeftMatrix) m = make_comm_matrix ();
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  g_autofree char *cell = NULL;
  g_autofree char *zero = NULL;
  g_autofree char *filtered = NULL;
  g_autofree char *row = NULL;
  WeftMatrixHit hit = { WEFT_MATRIX_HIT_ROW_LABEL, 0, 0 };

  weft_matrix_set_2d (m, 3, 1, 1234);
  weft_matrix_renderer_set_matrix (renderer, m);

  cell = weft_matrix_renderer_describe_cell (renderer, 3, 1);
  g_assert_cmpstr (cell, ==, "from locale 3 → to locale 1\ncount: 1" THIN_SPACE "234");
  zero = weft_matrix_renderer_describe_cell (renderer, 0, 0);
  g_assert_cmpstr (zero, ==, "from locale 0 → to locale 0\ncount: 0");
  filtered = weft_matrix_renderer_describe_cell (renderer, 2, 2);
  g_assert_cmpstr (filtered, ==, "from locale 2 → to locale 2\nfiltered out");
  g_assert_null (weft_matrix_renderer_describe_cell (renderer, 4, 0));

  /* A row label: the row's total. */
  hit.row = 3;
  row = weft_matrix_renderer_describe_hit (renderer, &hit);
  g_assert_cmpstr (row, ==, "from locale 3\ntotal count: 1" THIN_SPACE "235");
}

/* 1024 × 1024 in 600 px: cells are about half a pixel. One busy pair among a
 * million empty ones must still show (the hottest cell wins a pixel). */
static void
test_large_matrix_keeps_hot_cells (void)
{
  g_autoptr(WeftMatrix) m = weft_matrix_new_2d (1024, 1024);
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  cairo_surface_t *surface;
  WeftMatrixLayout layout;
  double x, y;

  weft_matrix_set_2d (m, 700, 301, 5);
  weft_matrix_set_2d (m, 10, 10, 1);
  weft_matrix_set_2d (m, 10, 11, 5);
  weft_matrix_renderer_set_matrix (renderer, m);
  weft_matrix_renderer_get_layout (renderer, 600, 600, &layout);
  g_assert_cmpfloat (layout.cell_size, <, 1.0);
  g_assert_cmpuint (layout.end_row, ==, 1024);
  g_assert_cmpuint (layout.end_column, ==, 1024);

  surface = render (renderer, 600, 600);

  /* The pixel under the cell's centre is hot. */
  x = layout.grid.x + floor ((301 + 0.5) * layout.cell_size);
  y = layout.grid.y + floor ((700 + 0.5) * layout.cell_size);
  views_assert_pixel (surface, x + 0.5, y + 0.5, (ViewsPixel) { 255, 0, 0 }, 0);
  /* (10, 10) = 1 and (10, 11) = 5 share a pixel: it shows the 5. */
  x = layout.grid.x + floor ((11 + 0.5) * layout.cell_size);
  y = layout.grid.y + floor ((10 + 0.5) * layout.cell_size);
  g_assert_cmpfloat (floor ((10 + 0.5) * layout.cell_size), ==, floor ((11 + 0.5) * layout.cell_size));
  views_assert_pixel (surface, x + 0.5, y + 0.5, (ViewsPixel) { 255, 0, 0 }, 0);
  /* Elsewhere: empty. */
  views_assert_pixel (surface, layout.grid.x + 100.5, layout.grid.y + 100.5, (ViewsPixel) { 255, 255, 255 }, 0);

  cairo_surface_destroy (surface);
}

/* NaN cells: a grey far from zero's white and the filtered grey, in either
 * theme, named in the tooltip; in a reduced picture a NaN wins the pixel it
 * shares with values, since it is what a user of an array view looks for. */
static void
test_nan_cells (void)
{
  g_autoptr(WeftMatrix) m = make_comm_matrix ();
  g_autoptr(WeftMatrix) big = weft_matrix_new_2d (1024, 1024);
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  g_autofree char *described = NULL;
  WeftRenderTheme dark;
  cairo_surface_t *surface;
  WeftMatrixLayout layout;
  double x, y;

  weft_matrix_set_2d (m, 1, 1, NAN);
  weft_matrix_renderer_set_matrix (renderer, m);
  surface = render (renderer, 400, 400);
  cell_probe (renderer, 400, 400, 1, 1, &x, &y);
  views_assert_pixel (surface, x, y, (ViewsPixel) { 77, 77, 77 }, 1);
  /* The rest is drawn as before: the maximum hot, zero white. */
  cell_probe (renderer, 400, 400, 0, 1, &x, &y);
  views_assert_pixel (surface, x, y, (ViewsPixel) { 255, 0, 0 }, 0);
  cell_probe (renderer, 400, 400, 0, 0, &x, &y);
  views_assert_pixel (surface, x, y, (ViewsPixel) { 255, 255, 255 }, 0);
  cairo_surface_destroy (surface);
  described = weft_matrix_renderer_describe_cell (renderer, 1, 1);
  g_assert_nonnull (strstr (described, "NaN"));

  weft_render_theme_init_dark (&dark);
  weft_matrix_renderer_set_theme (renderer, &dark);
  surface = render (renderer, 400, 400);
  cell_probe (renderer, 400, 400, 1, 1, &x, &y);
  views_assert_pixel (surface, x, y, (ViewsPixel) { 193, 193, 193 }, 1);
  cairo_surface_destroy (surface);
  weft_render_theme_clear (&dark);

  weft_matrix_set_2d (big, 500, 500, NAN);
  weft_matrix_set_2d (big, 500, 501, 5);
  weft_matrix_set_2d (big, 10, 11, 5);
  renderer = (g_object_unref (renderer), weft_matrix_renderer_new ());
  weft_matrix_renderer_set_matrix (renderer, big);
  weft_matrix_renderer_get_layout (renderer, 600, 600, &layout);
  surface = render (renderer, 600, 600);
  assert_shared_pixel (renderer, surface, 500, 500, 501, (ViewsPixel) { 77, 77, 77 });
  x = layout.grid.x + floor ((11 + 0.5) * layout.cell_size);
  y = layout.grid.y + floor ((10 + 0.5) * layout.cell_size);
  views_assert_pixel (surface, x + 0.5, y + 0.5, (ViewsPixel) { 255, 0, 0 }, 0);
  cairo_surface_destroy (surface);
}

/* 512 × 512 in 1000 px: cells of about 1.8 pixels through the nearest-
 * neighbour scaled image; labels thinned so they never overlap. */
static void
test_medium_matrix_thinning (void)
{
  g_autoptr(WeftMatrix) m = weft_matrix_new_2d (512, 512);
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  g_autoptr(WeftGridText) text = weft_grid_text_new ("Sans 9");
  cairo_surface_t *surface;
  WeftMatrixLayout layout;
  int label_w, lh = weft_grid_text_line_height (text);
  cairo_rectangle_t rect;

  weft_matrix_set_2d (m, 256, 100, 7);
  weft_matrix_renderer_set_matrix (renderer, m);
  weft_matrix_renderer_get_layout (renderer, 1000, 1000, &layout);
  g_assert_cmpfloat (layout.cell_size, >, 1.0);
  g_assert_cmpfloat (layout.cell_size, <, 2.0);

  /* Rows: line height + 2 px gap; columns: the widest label ("511") + 8. */
  weft_grid_text_measure (text, "511", &label_w, NULL);
  g_assert_cmpuint (layout.row_step, ==, weft_grid_label_step (layout.cell_size, lh, 2));
  g_assert_cmpuint (layout.column_step, ==, weft_grid_label_step (layout.cell_size, label_w, 8));
  g_assert_cmpfloat (layout.row_step * layout.cell_size, >=, lh + 2);
  g_assert_cmpfloat (layout.column_step * layout.cell_size, >=, label_w + 8);
  g_assert_cmpuint (layout.row_step, >, 1);

  surface = render (renderer, 1000, 1000);
  g_assert_true (weft_matrix_renderer_get_cell_rect (renderer, 1000, 1000, 256, 100, &rect));
  views_assert_pixel (surface, rect.x + rect.width / 2, rect.y + rect.height / 2,
                      (ViewsPixel) { 255, 0, 0 }, 0);
  g_assert_true (weft_matrix_renderer_get_cell_rect (renderer, 1000, 1000, 256, 102, &rect));
  views_assert_pixel (surface, rect.x + rect.width / 2, rect.y + rect.height / 2,
                      (ViewsPixel) { 255, 255, 255 }, 0);
  cairo_surface_destroy (surface);
}

static void
test_zoom_and_scroll (void)
{
  g_autoptr(WeftMatrix) m = weft_matrix_new_2d (100, 100);
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  WeftMatrixLayout before, after;
  WeftMatrixHit hit;
  cairo_rectangle_t rect;
  double x, y, max_zoom;

  weft_matrix_renderer_set_matrix (renderer, m);
  weft_matrix_renderer_get_layout (renderer, 500, 500, &before);
  g_assert_false (weft_matrix_renderer_scroll_by (renderer, 500, 500, 50, 50));

  /* Zoom 4× around the centre of cell (50, 60): it stays under the pointer. */
  x = before.origin_x + 60.5 * before.cell_size;
  y = before.origin_y + 50.5 * before.cell_size;
  g_assert_true (weft_matrix_renderer_zoom_at (renderer, 500, 500, 4.0, x, y));
  g_assert_cmpfloat (weft_matrix_renderer_get_zoom (renderer), ==, 4.0);
  weft_matrix_renderer_get_layout (renderer, 500, 500, &after);
  g_assert_cmpfloat_with_epsilon (after.cell_size, 4 * before.cell_size, 1e-9);
  weft_matrix_renderer_hit_test (renderer, 500, 500, x, y, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_MATRIX_HIT_CELL);
  g_assert_cmpuint (hit.row, ==, 50);
  g_assert_cmpuint (hit.column, ==, 60);
  g_assert_cmpuint (after.first_row, >, 0);
  g_assert_cmpuint (after.end_row - after.first_row, <, 100);

  /* Scroll ten cells right. */
  g_assert_true (weft_matrix_renderer_scroll_by (renderer, 500, 500, 10 * after.cell_size, 0));
  weft_matrix_renderer_hit_test (renderer, 500, 500, x, y, &hit);
  g_assert_cmpuint (hit.row, ==, 50);
  g_assert_cmpuint (hit.column, ==, 70);

  /* Scrolling is clamped at the edges. */
  weft_matrix_renderer_scroll_by (renderer, 500, 500, -1e6, -1e6);
  weft_matrix_renderer_get_layout (renderer, 500, 500, &after);
  g_assert_cmpfloat (after.origin_x, ==, after.grid.x);
  g_assert_cmpfloat (after.origin_y, ==, after.grid.y);
  g_assert_false (weft_matrix_renderer_scroll_by (renderer, 500, 500, -10, -10));

  /* Bring the far corner into view. */
  g_assert_false (weft_matrix_renderer_get_cell_rect (renderer, 500, 500, 99, 99, &rect));
  g_assert_true (weft_matrix_renderer_scroll_to_cell (renderer, 500, 500, 99, 99));
  g_assert_true (weft_matrix_renderer_get_cell_rect (renderer, 500, 500, 99, 99, &rect));
  weft_matrix_renderer_get_layout (renderer, 500, 500, &after);
  g_assert_cmpfloat_with_epsilon (rect.x + rect.width, after.grid.x + after.grid.width, 1e-6);
  g_assert_false (weft_matrix_renderer_scroll_to_cell (renderer, 500, 500, 99, 99));

  /* Zoom is bounded: cells at most 240 px. */
  max_zoom = weft_matrix_renderer_get_max_zoom (renderer, 500, 500);
  weft_matrix_renderer_zoom_at (renderer, 500, 500, 1000, x, y);
  g_assert_cmpfloat (weft_matrix_renderer_get_zoom (renderer), ==, max_zoom);
  weft_matrix_renderer_get_layout (renderer, 500, 500, &after);
  g_assert_cmpfloat_with_epsilon (after.cell_size, 240, 1e-9);
  weft_matrix_renderer_zoom_at (renderer, 500, 500, 1e-6, x, y);
  g_assert_cmpfloat (weft_matrix_renderer_get_zoom (renderer), ==, 1.0);

  weft_matrix_renderer_zoom_at (renderer, 500, 500, 2, x, y);
  g_assert_true (weft_matrix_renderer_reset_view (renderer));
  g_assert_false (weft_matrix_renderer_reset_view (renderer));
  weft_matrix_renderer_get_layout (renderer, 500, 500, &after);
  g_assert_cmpfloat (after.cell_size, ==, before.cell_size);
  g_assert_cmpfloat (after.origin_x, ==, before.origin_x);
}

static void
test_highlights (void)
{
  g_autoptr(WeftMatrix) m = make_comm_matrix ();
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  WeftRenderTheme theme;
  cairo_surface_t *plain, *selected, *hovered;
  cairo_rectangle_t rect;

  weft_render_theme_init_light (&theme);
  weft_matrix_renderer_set_matrix (renderer, m);
  plain = render (renderer, 400, 400);

  g_assert_true (weft_matrix_renderer_set_selection (renderer, 1, 3));
  g_assert_false (weft_matrix_renderer_set_selection (renderer, 1, 3));
  selected = render (renderer, 400, 400);
  weft_matrix_renderer_get_cell_rect (renderer, 400, 400, 1, 3, &rect);
  /* A 2 px accent outline just outside the cell, centred 1 px left of its left
   * edge (the pixel there is fully covered wherever the edge falls). */
  views_assert_pixel (selected, rect.x - 1, rect.y + rect.height / 2,
                      views_pixel_from_rgba (&theme.accent), 0);
  views_assert_pixel (plain, rect.x + rect.width * 0.3, rect.y + rect.height * 0.3,
                      (ViewsPixel) { 255, 255, 255 }, 0);

  /* Out of range clears. */
  g_assert_true (weft_matrix_renderer_set_selection (renderer, 9, 9));
  g_assert_true (weft_matrix_renderer_set_hover (renderer, 3, 1));
  g_assert_false (weft_matrix_renderer_set_hover (renderer, 3, 1));
  hovered = render (renderer, 400, 400);
  /* The hovered row and column are shaded: a white cell in row 3 is no longer
   * white, one outside them is. */
  weft_matrix_renderer_get_cell_rect (renderer, 400, 400, 3, 2, &rect);
  {
    ViewsPixel p = views_get_pixel (hovered, rect.x + rect.width * 0.3, rect.y + rect.height * 0.3);

    g_assert_true (p.r != 255 || p.g != 255 || p.b != 255);
  }
  weft_matrix_renderer_get_cell_rect (renderer, 400, 400, 0, 0, &rect);
  views_assert_pixel (hovered, rect.x + rect.width * 0.3, rect.y + rect.height * 0.3,
                      (ViewsPixel) { 255, 255, 255 }, 0);
  /* Where they cross, the hovered cell keeps its own colour. */
  weft_matrix_renderer_get_cell_rect (renderer, 400, 400, 3, 1, &rect);
  views_assert_pixel (hovered, rect.x + rect.width * 0.3, rect.y + rect.height * 0.3,
                      views_get_pixel (plain, rect.x + rect.width * 0.3, rect.y + rect.height * 0.3), 0);

  cairo_surface_destroy (plain);
  cairo_surface_destroy (selected);
  cairo_surface_destroy (hovered);
  weft_render_theme_clear (&theme);
}

/* The cached image follows the matrix, the scale and the theme. */
static void
test_cache_invalidation (void)
{
  g_autoptr(WeftMatrix) m = make_comm_matrix ();
  g_autoptr(WeftMatrix) changed = weft_matrix_copy (m);
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  WeftRenderTheme dark;
  cairo_surface_t *surface;
  double x, y;

  weft_matrix_renderer_set_matrix (renderer, m);
  cairo_surface_destroy (render (renderer, 400, 400));

  weft_matrix_set_2d (changed, 0, 0, 100);
  g_assert_true (weft_matrix_renderer_set_matrix (renderer, changed));
  g_assert_false (weft_matrix_renderer_set_matrix (renderer, changed));
  surface = render (renderer, 400, 400);
  cell_probe (renderer, 400, 400, 0, 0, &x, &y);
  views_assert_pixel (surface, x, y, (ViewsPixel) { 255, 0, 0 }, 0);
  cairo_surface_destroy (surface);

  /* Dark theme: empty cells take its empty colour (0x303030). */
  weft_render_theme_init_dark (&dark);
  weft_matrix_renderer_set_theme (renderer, &dark);
  surface = render (renderer, 400, 400);
  cell_probe (renderer, 400, 400, 1, 1, &x, &y);
  views_assert_pixel (surface, x, y, (ViewsPixel) { 0x30, 0x30, 0x30 }, 0);
  /* … and filtered cells a lighter grey, still distinct. */
  cell_probe (renderer, 400, 400, 2, 2, &x, &y);
  views_assert_pixel (surface, x, y, views_pixel_from_rgba (&(WeftRgba) { 0.3666, 0.3666, 0.3666, 1 }), 1);
  cairo_surface_destroy (surface);
  weft_render_theme_clear (&dark);
}

static void
test_one_dimensional (void)
{
  gsize shape[1] = { 5 };
  g_autoptr(WeftMatrix) m = weft_matrix_new (1, shape);
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  g_autofree char *text = NULL;
  cairo_surface_t *surface;
  WeftMatrixHit hit;
  cairo_rectangle_t rect;

  weft_matrix_set_dim_name (m, 0, "rank");
  weft_matrix_set (m, 4, 3.5);
  weft_matrix_renderer_set_matrix (renderer, m);
  g_assert_true (weft_matrix_renderer_get_cell_rect (renderer, 300, 200, 0, 4, &rect));
  weft_matrix_renderer_hit_test (renderer, 300, 200, rect.x + 1, rect.y + 1, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_MATRIX_HIT_CELL);
  g_assert_cmpuint (hit.row, ==, 0);
  g_assert_cmpuint (hit.column, ==, 4);
  text = weft_matrix_renderer_describe_cell (renderer, 0, 4);
  g_assert_cmpstr (text, ==, "rank 4\nvalue: 3.5");

  surface = render (renderer, 300, 200);
  views_assert_pixel (surface, rect.x + 2, rect.y + 2, (ViewsPixel) { 255, 0, 0 }, 0);
  cairo_surface_destroy (surface);
}

/* The width of the row-label band of @m at 800 × 600. */
static double
row_band_width (WeftMatrix *m)
{
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  WeftMatrixLayout layout;

  weft_matrix_renderer_set_matrix (renderer, m);
  weft_matrix_renderer_get_layout (renderer, 800, 600, &layout);
  return layout.row_labels.width;
}

/* Index labels are measured by their longest: numbers are counted, not
 * printed (a printf per index took 7 s for 20 million), and past the last
 * label of its own the longest number is at one end; the band is what
 * printing every label would give. */
static void
test_label_band (void)
{
  gsize shape[2] = { 1000, 3 };
  g_autoptr(WeftMatrix) numbered = weft_matrix_new (2, shape);
  g_autoptr(WeftMatrix) spelled = weft_matrix_new (2, shape);
  g_autoptr(WeftMatrix) negative = weft_matrix_new (2, shape);
  g_autoptr(WeftMatrix) spelled_negative = weft_matrix_new (2, shape);
  g_autoptr(WeftMatrix) named = weft_matrix_new (2, shape);

  weft_matrix_set_dim_start (negative, 0, -995);
  for (gsize i = 0; i < shape[0]; i++)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GSIZE_FORMAT, i);
      g_autofree char *signed_number = g_strdup_printf ("%" G_GINT64_FORMAT, (gint64)i - 995);

      weft_matrix_set_dim_label (spelled, 0, i, number);
      weft_matrix_set_dim_label (spelled_negative, 0, i, signed_number);
    }
  /* Its own labels for the first rows only, one of them the longest. */
  weft_matrix_set_dim_label (named, 0, 0, "x");
  weft_matrix_set_dim_label (named, 0, 1, "a_much_longer_name");

  g_assert_cmpfloat (row_band_width (numbered), ==, row_band_width (spelled));
  g_assert_cmpfloat (row_band_width (negative), ==, row_band_width (spelled_negative));
  g_assert_cmpfloat (row_band_width (negative), >, row_band_width (numbered));
  g_assert_cmpfloat (row_band_width (named), >, row_band_width (numbered));
}

static void
test_empty_and_tiny (void)
{
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  g_autoptr(WeftMatrix) m = make_comm_matrix ();
  cairo_surface_t *surface;
  WeftMatrixHit hit;

  /* No matrix: the background and a message, nothing to hit. */
  surface = render (renderer, 200, 200);
  views_assert_pixel (surface, 5, 5, (ViewsPixel) { 255, 255, 255 }, 0);
  cairo_surface_destroy (surface);
  weft_matrix_renderer_hit_test (renderer, 200, 200, 100, 100, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_MATRIX_HIT_NONE);

  /* Too small for any cell: no crash, no hit. */
  weft_matrix_renderer_set_matrix (renderer, m);
  surface = render (renderer, 20, 20);
  cairo_surface_destroy (surface);
  weft_matrix_renderer_hit_test (renderer, 20, 20, 10, 10, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_MATRIX_HIT_NONE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/views/grid/label-step", test_label_step);
  g_test_add_func ("/views/grid/format-value", test_format_value);
  g_test_add_func ("/views/grid/column-labels", test_column_labels);
  g_test_add_func ("/views/grid/axis-titles", test_axis_titles);
  g_test_add_func ("/views/matrix/cell-colors-linear", test_cell_colors_linear);
  g_test_add_func ("/views/matrix/linear-vs-log", test_linear_vs_log);
  g_test_add_func ("/views/matrix/range-text", test_range_text);
  g_test_add_func ("/views/matrix/infinite-cells", test_infinite_cells);
  g_test_add_func ("/views/matrix/zero-cells", test_zero_cells);
  g_test_add_func ("/views/matrix/hit-test", test_hit_test);
  g_test_add_func ("/views/matrix/describe", test_describe);
  g_test_add_func ("/views/matrix/large-keeps-hot-cells", test_large_matrix_keeps_hot_cells);
  g_test_add_func ("/views/matrix/nan-cells", test_nan_cells);
  g_test_add_func ("/views/matrix/medium-thinning", test_medium_matrix_thinning);
  g_test_add_func ("/views/matrix/zoom-and-scroll", test_zoom_and_scroll);
  g_test_add_func ("/views/matrix/highlights", test_highlights);
  g_test_add_func ("/views/matrix/cache-invalidation", test_cache_invalidation);
  g_test_add_func ("/views/matrix/one-dimensional", test_one_dimensional);
  g_test_add_func ("/views/matrix/label-band", test_label_band);
  g_test_add_func ("/views/matrix/empty-and-tiny", test_empty_and_tiny);

  return g_test_run ();
}

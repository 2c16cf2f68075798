/* test-line-raster.c: Weft's own line rasterizer (weft-line-raster.h): lines
 * where they are, a layer's lines in union, layers over each other, and the
 * same picture on one thread as on two.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "views-test-util.h"
#include "weft-line-raster.h"

#define WIDTH  300
#define HEIGHT 200

/* @n_lines random lines (widths 0.5 to 3, any direction, some leaving the
 * image) in three layers, drawn into a fresh image with @n_threads. */
static cairo_surface_t *
draw_random (guint n_lines,
             guint n_threads)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  g_autoptr(WeftLineRaster) raster = weft_line_raster_new (cr, 0, 0, WIDTH, HEIGHT);
  const WeftRgba colors[] = { { 0, 0.7, 1, 0.4 }, { 0.5, 0.4, 0.5, 0.6 }, { 1, 0, 0, 0.9 } };

  weft_line_raster_set_n_threads (raster, n_threads);
  for (guint layer = 0; layer < G_N_ELEMENTS (colors); layer++)
    {
      for (guint i = 0; i < n_lines; i++)
        weft_line_raster_add_line (raster, g_rand_double_range (rand, -20, WIDTH + 20),
                                   g_rand_double_range (rand, -20, HEIGHT + 20),
                                   g_rand_double_range (rand, -20, WIDTH + 20),
                                   g_rand_double_range (rand, -20, HEIGHT + 20),
                                   g_rand_double_range (rand, 0.5, 3.0));
      weft_line_raster_flush_layer (raster, &colors[layer]);
    }
  weft_line_raster_paint (raster, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Above the two-thread threshold, the picture is the one of one thread,
 * byte for byte: a pixel's coverage is the maximum of its lines' whichever
 * band draws them. */
static void
test_threads_same_picture (void)
{
  cairo_surface_t *one = draw_random (3000, 1);
  cairo_surface_t *two = draw_random (3000, 2);
  int stride = cairo_image_surface_get_stride (one);
  guint drawn = 0;

  g_assert_cmpint (stride, ==, cairo_image_surface_get_stride (two));
  for (int y = 0; y < HEIGHT; y++)
    {
      const guint32 *a = (const guint32 *)(gconstpointer)(cairo_image_surface_get_data (one) + y * stride);
      const guint32 *b = (const guint32 *)(gconstpointer)(cairo_image_surface_get_data (two) + y * stride);

      for (int x = 0; x < WIDTH; x++)
        {
          if (a[x] != b[x])
            g_error ("pixel (%d, %d): %08x on one thread, %08x on two", x, y, a[x], b[x]);
          drawn += a[x] != 0;
        }
    }
  /* Nearly every pixel is under some line. */
  g_assert_cmpuint (drawn, >, WIDTH * HEIGHT * 9 / 10);
  cairo_surface_destroy (one);
  cairo_surface_destroy (two);
}

/* A horizontal line two pixels wide along a row boundary covers those two
 * rows and nothing else; a layer's crossing lines make a union (the colour
 * at its alpha once, not twice where they cross); the next layer lies on
 * top. */
static void
test_lines_and_layers (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 40, 40);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(WeftLineRaster) raster = weft_line_raster_new (cr, 0, 0, 40, 40);
  const WeftRgba blue = { 0, 0, 1, 0.5 }, red = { 1, 0, 0, 1 };

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  weft_line_raster_add_line (raster, 0, 10, 40, 10, 2.0);    /* rows 9 and 10 */
  weft_line_raster_add_line (raster, 20, 0, 20, 40, 2.0);    /* columns 19 and 20 */
  weft_line_raster_flush_layer (raster, &blue);
  weft_line_raster_add_line (raster, 0, 30, 40, 30, 2.0);    /* rows 29 and 30 */
  weft_line_raster_flush_layer (raster, &red);
  weft_line_raster_paint (raster, cr);
  cairo_destroy (cr);

  /* Blue at half over white, where one line passes and where two cross. */
  views_assert_pixel (surface, 5.5, 9.5, (ViewsPixel) { 128, 128, 255 }, 2);
  views_assert_pixel (surface, 5.5, 10.5, (ViewsPixel) { 128, 128, 255 }, 2);
  views_assert_pixel (surface, 19.5, 9.5, (ViewsPixel) { 128, 128, 255 }, 2);
  views_assert_pixel (surface, 5.5, 8.5, (ViewsPixel) { 255, 255, 255 }, 0);
  views_assert_pixel (surface, 5.5, 11.5, (ViewsPixel) { 255, 255, 255 }, 0);
  /* The red layer over the blue line. */
  views_assert_pixel (surface, 20.5, 29.5, (ViewsPixel) { 255, 0, 0 }, 1);
  views_assert_pixel (surface, 5.5, 30.5, (ViewsPixel) { 255, 0, 0 }, 1);
  cairo_surface_destroy (surface);
}

/* Coordinates far outside the image, or not numbers: the part inside is
 * drawn, the rest is nothing, never a crash. */
static void
test_extreme_coordinates (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 40, 40);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(WeftLineRaster) raster = weft_line_raster_new (cr, 0, 0, 40, 40);
  const WeftRgba black = { 0, 0, 0, 1 };

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  weft_line_raster_set_n_threads (raster, 2);
  weft_line_raster_add_line (raster, -1e12, 20, 1e12, 20, 2.0);
  weft_line_raster_add_line (raster, -1e300, -1e300, 1e300, 1e300, 1.0);
  weft_line_raster_add_line (raster, NAN, 5, 10, 5, 1.0);
  weft_line_raster_add_line (raster, 0, INFINITY, 10, 5, 1.0);
  weft_line_raster_add_line (raster, 1e9, 1e9, 2e9, 2e9, 1.0);
  weft_line_raster_flush_layer (raster, &black);
  weft_line_raster_paint (raster, cr);
  cairo_destroy (cr);

  views_assert_pixel (surface, 0.5, 19.5, (ViewsPixel) { 0, 0, 0 }, 2);
  views_assert_pixel (surface, 39.5, 20.5, (ViewsPixel) { 0, 0, 0 }, 2);
  views_assert_pixel (surface, 5.5, 4.5, (ViewsPixel) { 255, 255, 255 }, 0);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/views/line-raster/lines-and-layers", test_lines_and_layers);
  g_test_add_func ("/views/line-raster/threads-same-picture", test_threads_same_picture);
  g_test_add_func ("/views/line-raster/extreme-coordinates", test_extreme_coordinates);

  return g_test_run ();
}

/* views-test-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "views-test-util.h"

/* The pixel at (x, y) of an opaque ARGB32 or RGB24 image, as 0-255 channels. */
ViewsPixel
views_get_pixel (cairo_surface_t *surface,
                 double           x,
                 double           y)
{
  int ix = (int)floor (x), iy = (int)floor (y);
  const guint8 *data;
  guint32 v;
  ViewsPixel p;

  cairo_surface_flush (surface);
  g_assert_cmpint (ix, >=, 0);
  g_assert_cmpint (iy, >=, 0);
  g_assert_cmpint (ix, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (iy, <, cairo_image_surface_get_height (surface));

  data = cairo_image_surface_get_data (surface);
  v = *(const guint32 *)(gconstpointer)(data + iy * cairo_image_surface_get_stride (surface) + ix * 4);
  p.r = (v >> 16) & 0xff;
  p.g = (v >> 8) & 0xff;
  p.b = v & 0xff;
  return p;
}

ViewsPixel
views_pixel_from_rgba (const WeftRgba *rgba)
{
  ViewsPixel p;

  p.r = (int)lround (rgba->red * 255);
  p.g = (int)lround (rgba->green * 255);
  p.b = (int)lround (rgba->blue * 255);
  return p;
}

/* chplvis's ramp, written out independently of the code under test: cool
 * (0, 180, 255) to hot (255, 0, 0), linear in RGB. */
ViewsPixel
views_ramp_pixel (double t)
{
  ViewsPixel p;

  p.r = (int)lround (255 * t);
  p.g = (int)lround (180 * (1 - t));
  p.b = (int)lround (255 * (1 - t));
  return p;
}

void
views_assert_pixel (cairo_surface_t *surface,
                    double           x,
                    double           y,
                    ViewsPixel       expected,
                    int              tolerance)
{
  ViewsPixel p = views_get_pixel (surface, x, y);

  if (ABS (p.r - expected.r) > tolerance || ABS (p.g - expected.g) > tolerance ||
      ABS (p.b - expected.b) > tolerance)
    g_error ("pixel at (%.1f, %.1f) is (%d, %d, %d), expected (%d, %d, %d) ± %d",
             x, y, p.r, p.g, p.b, expected.r, expected.g, expected.b, tolerance);
}

/* weft-line-raster.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "weft-line-raster.h"

struct _WeftLineRaster
{
  cairo_surface_t *image;      /* ARGB32, premultiplied: the layers so far */
  guint8          *coverage;   /* the layer being drawn, a byte a pixel */
  int              width;      /* in device pixels */
  int              height;
  double           x;          /* where the image goes, in user space */
  double           y;
  double           scale;      /* device pixels per user unit */
  /* The layer's drawn rows and columns, so that a layer costs its area. */
  int              min_x, max_x, min_y, max_y;
};

/**
 * weft_line_raster_new:
 * @cr: what the image will be painted on (for its device scale)
 *
 * Returns: (transfer full): an empty raster over the rectangle @x, @y,
 *   @width, @height of @cr's user space
 */
WeftLineRaster *
weft_line_raster_new (cairo_t *cr,
                      double   x,
                      double   y,
                      double   width,
                      double   height)
{
  WeftLineRaster *self = g_new0 (WeftLineRaster, 1);
  double sx = 1.0, sy = 0.0;

  cairo_user_to_device_distance (cr, &sx, &sy);
  self->scale = CLAMP (hypot (sx, sy), 0.25, 8.0);
  self->x = x;
  self->y = y;
  self->width = MAX (1, (int)ceil (width * self->scale));
  self->height = MAX (1, (int)ceil (height * self->scale));
  self->image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, self->width, self->height);
  cairo_surface_set_device_scale (self->image, self->scale, self->scale);
  self->coverage = g_new0 (guint8, (gsize)self->width * (gsize)self->height);
  self->min_x = self->min_y = G_MAXINT;
  self->max_x = self->max_y = -1;
  return self;
}

void
weft_line_raster_free (WeftLineRaster *self)
{
  if (self == NULL)
    return;
  cairo_surface_destroy (self->image);
  g_free (self->coverage);
  g_free (self);
}

/* Coverage @amount (0-255) at the pixel of column @x, row @y, when inside. */
static inline void
cover (WeftLineRaster *self,
       int             x,
       int             y,
       guint           amount)
{
  guint8 *c;

  if ((guint)x >= (guint)self->width || (guint)y >= (guint)self->height)
    return;
  c = &self->coverage[(gsize)y * (gsize)self->width + (gsize)x];
  if (amount > *c)
    *c = (guint8)amount;
}

/**
 * weft_line_raster_add_line:
 * @line_width: in user units; lines a pixel wide and thinner are drawn a
 *   pixel wide, lighter in proportion
 *
 * Adds the segment (@x0, @y0)-(@x1, @y1), in user space, to the layer.
 */
void
weft_line_raster_add_line (WeftLineRaster *self,
                           double          x0,
                           double          y0,
                           double          x1,
                           double          y1,
                           double          line_width)
{
  double thickness = line_width * self->scale;
  guint strength = (guint)(CLAMP (thickness, 0.0, 1.0) * 255 + 0.5);
  gboolean steep;
  double dx, dy, gradient;
  gint64 y_fixed, step;
  int from, to;

  /* Pixel centres are at half-integers. */
  x0 = (x0 - self->x) * self->scale - 0.5;
  y0 = (y0 - self->y) * self->scale - 0.5;
  x1 = (x1 - self->x) * self->scale - 0.5;
  y1 = (y1 - self->y) * self->scale - 0.5;
  steep = fabs (y1 - y0) > fabs (x1 - x0);
  if (steep)
    {
      double t;

      t = x0, x0 = y0, y0 = t;
      t = x1, x1 = y1, y1 = t;
    }
  if (x0 > x1)
    {
      double t;

      t = x0, x0 = x1, x1 = t;
      t = y0, y0 = y1, y1 = t;
    }
  dx = x1 - x0;
  dy = y1 - y0;
  gradient = dx > 0 ? dy / dx : 0.0;

  /* Xiaolin Wu: along the major axis, the two pixels the line passes
   * between share its coverage, in 256ths. */
  from = MAX ((int)lround (x0), 0);
  to = MIN ((int)lround (x1), (steep ? self->height : self->width) - 1);
  if (from > to)
    return;
  {
    int spread = (int)ceil (thickness * sqrt (1.0 + gradient * gradient) / 2) + 1;
    int low = (int)floor (MIN (y0, y1)) - spread, high = (int)floor (MAX (y0, y1)) + 1 + spread;
    int low_x = steep ? low : from, high_x = steep ? high : to;
    int low_y = steep ? from : low, high_y = steep ? to : high;

    self->min_x = MAX (0, MIN (self->min_x, low_x));
    self->max_x = MIN (self->width - 1, MAX (self->max_x, high_x));
    self->min_y = MAX (0, MIN (self->min_y, low_y));
    self->max_y = MIN (self->height - 1, MAX (self->max_y, high_y));
  }
  /* The minor coordinate in 1/65536ths of a pixel, stepped in integers. */
  y_fixed = (gint64)llround ((y0 + gradient * (from - x0)) * 65536.0);
  step = (gint64)llround (gradient * 65536.0);
  if (thickness > 1.0)
    {
      /* Wider than a pixel: each column (or row) of the line covers the
       * span of the minor axis the line's width crosses, its end pixels in
       * part. */
      gint64 half = (gint64)llround (thickness * sqrt (1.0 + gradient * gradient) * 32768.0);

      for (int x = from; x <= to; x++, y_fixed += step)
        {
          gint64 top = y_fixed + 32768 - half, bottom = y_fixed + 32768 + half;

          for (gint64 row = top >> 16; row <= (bottom - 1) >> 16; row++)
            {
              gint64 overlap = MIN (bottom, (row + 1) << 16) - MAX (top, row << 16);
              guint amount = (guint)MIN (255, (overlap * 255) >> 16);

              if (steep)
                cover (self, (int)row, x, amount);
              else
                cover (self, x, (int)row, amount);
            }
        }
      return;
    }
  for (int x = from; x <= to; x++, y_fixed += step)
    {
      int below = (int)(y_fixed >> 16);
      guint f = (guint)((y_fixed >> 8) & 0xff);
      guint upper = (f * strength) >> 8, lower = ((256 - f) * strength) >> 8;

      if (steep)
        {
          cover (self, below, x, lower);
          cover (self, below + 1, x, upper);
        }
      else
        {
          cover (self, x, below, lower);
          cover (self, x, below + 1, upper);
        }
    }
}

/**
 * weft_line_raster_flush_layer:
 *
 * Composites the lines added since the last layer over the image, in
 * @color (its alpha included), and starts a new layer.
 */
void
weft_line_raster_flush_layer (WeftLineRaster *self,
                              const WeftRgba *color)
{
  int stride = cairo_image_surface_get_stride (self->image);
  guint8 *pixels;
  double alpha = CLAMP (color->alpha, 0.0, 1.0);
  guint r = (guint)lround (CLAMP (color->red, 0.0, 1.0) * alpha * 255);
  guint g = (guint)lround (CLAMP (color->green, 0.0, 1.0) * alpha * 255);
  guint b = (guint)lround (CLAMP (color->blue, 0.0, 1.0) * alpha * 255);
  guint a = (guint)lround (alpha * 255);

  if (self->max_x < 0)
    return;

  cairo_surface_flush (self->image);
  pixels = cairo_image_surface_get_data (self->image);
  for (int y = self->min_y; y <= self->max_y; y++)
    {
      guint32 *line = (guint32 *)(gpointer)(pixels + (gsize)y * (gsize)stride);
      guint8 *c = &self->coverage[(gsize)y * (gsize)self->width];

      for (int x = self->min_x; x <= self->max_x; x++)
        {
          guint k, keep;
          guint32 d;
          guint64 eight;

          /* Most of a layer's box is not covered: eight bytes at a time. */
          if (x + 8 <= self->max_x + 1 && (memcpy (&eight, c + x, 8), eight == 0))
            {
              x += 7;
              continue;
            }
          k = c[x];
          if (k == 0)
            continue;
          c[x] = 0;
          /* Over, premultiplied: source × coverage, then the destination
           * × (1 − source alpha × coverage). */
          d = line[x];
          keep = 255 - (a * k + 127) / 255;
          line[x] = ((((d >> 24) & 0xff) * keep + 127) / 255 + (a * k + 127) / 255) << 24 |
                    ((((d >> 16) & 0xff) * keep + 127) / 255 + (r * k + 127) / 255) << 16 |
                    ((((d >> 8) & 0xff) * keep + 127) / 255 + (g * k + 127) / 255) << 8 |
                    ((((d) & 0xff) * keep + 127) / 255 + (b * k + 127) / 255);
        }
    }
  cairo_surface_mark_dirty (self->image);
  self->min_x = self->min_y = G_MAXINT;
  self->max_x = self->max_y = -1;
}

/* Paints the layers onto @cr where the raster was set. */
void
weft_line_raster_paint (WeftLineRaster *self,
                        cairo_t        *cr)
{
  cairo_save (cr);
  cairo_set_source_surface (cr, self->image, self->x, self->y);
  cairo_paint (cr);
  cairo_restore (cr);
}

/* weft-line-raster.c
 *
 * A layer's lines are kept until the layer is flushed, then drawn band by
 * band: each band (the image's upper and lower half, on two threads) draws
 * every line's part that falls in its rows and composites those rows, so
 * the bands never write the same bytes. A pixel's coverage is the maximum
 * of its lines' whatever their order, so the picture is the same on one
 * thread or two.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "weft-background.h"
#include "weft-line-raster.h"

/* A layer with fewer lines is drawn on one thread. */
#define BANDS_MIN_LINES 2048

/* A segment in device pixels, pixel centres at integers. */
typedef struct
{
  double x0, y0, x1, y1;
  double thickness;
} Segment;

/* Rows [lo, hi) of the image, and the box its lines of the layer touched. */
typedef struct
{
  WeftLineRaster *raster;
  const WeftRgba *color;
  int             lo, hi;
  int             min_x, max_x, min_y, max_y;
} Band;

struct _WeftLineRaster
{
  cairo_surface_t *image;      /* ARGB32, premultiplied: the layers so far */
  guint8          *coverage;   /* the layer being drawn, a byte a pixel */
  int              width;      /* in device pixels */
  int              height;
  double           x;          /* where the image goes, in user space */
  double           y;
  double           scale;      /* device pixels per user unit */
  GArray          *segments;   /* Segment: the layer's lines */
  guint            n_threads;
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
  self->segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  self->n_threads = weft_background_get_n_processors () > 1 ? 2 : 1;
  return self;
}

void
weft_line_raster_free (WeftLineRaster *self)
{
  if (self == NULL)
    return;
  cairo_surface_destroy (self->image);
  g_free (self->coverage);
  g_array_unref (self->segments);
  g_free (self);
}

/**
 * weft_line_raster_set_n_threads:
 * @n_threads: 1, or 2 for the two halves of the image at once (the
 *   default on a machine with more than one processor)
 *
 * For tests: the picture is the same either way.
 */
void
weft_line_raster_set_n_threads (WeftLineRaster *self,
                                guint           n_threads)
{
  g_return_if_fail (self != NULL);

  self->n_threads = CLAMP (n_threads, 1, 2);
}

/* Coverage @amount (0-255) at the pixel of column @x, row @y, when inside
 * the band. */
static inline void
cover (const Band *band,
       int         x,
       int         y,
       guint       amount)
{
  WeftLineRaster *self = band->raster;
  guint8 *c;

  if ((guint)x >= (guint)self->width || y < band->lo || y >= band->hi)
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
  /* Pixel centres are at half-integers. */
  Segment segment = {
    (x0 - self->x) * self->scale - 0.5, (y0 - self->y) * self->scale - 0.5,
    (x1 - self->x) * self->scale - 0.5, (y1 - self->y) * self->scale - 0.5,
    line_width * self->scale,
  };

  if (isfinite (segment.x0) && isfinite (segment.y0) && isfinite (segment.x1) && isfinite (segment.y1) &&
      isfinite (segment.thickness))
    g_array_append_val (self->segments, segment);
}

/* The part of @segment in @band's rows. */
static void
draw_segment (Band          *band,
              const Segment *segment)
{
  WeftLineRaster *self = band->raster;
  double x0 = segment->x0, y0 = segment->y0, x1 = segment->x1, y1 = segment->y1;
  double thickness = segment->thickness, gradient, reach;
  guint strength = (guint)(CLAMP (thickness, 0.0, 1.0) * 255 + 0.5);
  gboolean steep = fabs (y1 - y0) > fabs (x1 - x0);
  gint64 y_fixed, step;
  int start, from, to, low, high;

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
  gradient = x1 > x0 ? (y1 - y0) / (x1 - x0) : 0.0;
  /* How far the line's pixels reach across the minor axis from its centre. */
  reach = MAX (thickness, 1.0) * sqrt (1.0 + gradient * gradient) / 2 + 1;

  /* Xiaolin Wu: along the major axis, the two pixels the line passes
   * between share its coverage, in 256ths. The major axis is clipped to the
   * image and the band; a shallow line's columns, to those where it comes
   * near the band's rows. */
  {
    /* In doubles until clamped to the image: any coordinate converts. */
    double major = steep ? self->height : self->width;
    double first = MAX (round (x0), 0.0), last = MIN (round (x1), major - 1);

    if (!(first <= last))
      return;
    from = start = (int)first;
    to = (int)last;
  }
  if (steep)
    {
      from = MAX (from, band->lo);
      to = MIN (to, band->hi - 1);
    }
  else if (gradient != 0.0)
    {
      double a = x0 + (band->lo - reach - y0) / gradient, b = x0 + (band->hi + reach - y0) / gradient;
      double first = MAX (MIN (a, b), (double)from), last = MIN (MAX (a, b), (double)to);

      if (first > last)
        return;
      from = (int)floor (first);
      to = (int)ceil (last);
    }
  else if (y0 + reach < band->lo || y0 - reach >= band->hi)
    return;
  if (from > to)
    return;

  {
    double minor = steep ? self->width : self->height;
    double at_from = y0 + gradient * (from - x0), at_to = y0 + gradient * (to - x0);

    low = (int)CLAMP (floor (MIN (at_from, at_to) - reach), -1.0, minor);
    high = (int)CLAMP (ceil (MAX (at_from, at_to) + reach), -1.0, minor);
    if (high < 0 || low >= minor)
      return;
  }
  if (steep)
    {
      band->min_x = MIN (band->min_x, MAX (low, 0));
      band->max_x = MAX (band->max_x, MIN (high, self->width - 1));
      band->min_y = MIN (band->min_y, from);
      band->max_y = MAX (band->max_y, to);
    }
  else
    {
      band->min_x = MIN (band->min_x, from);
      band->max_x = MAX (band->max_x, to);
      band->min_y = MIN (band->min_y, MAX (low, band->lo));
      band->max_y = MAX (band->max_y, MIN (high, band->hi - 1));
    }

  /* The minor coordinate in 1/65536ths of a pixel, stepped in integers
   * from the line's start in the image whatever the band, so that both
   * bands step the same values. */
  step = (gint64)llround (gradient * 65536.0);
  y_fixed = (gint64)llround ((y0 + gradient * (start - x0)) * 65536.0) + step * (from - start);
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
              gint64 overlap = MIN (bottom, (row + 1) * 65536) - MAX (top, row * 65536);
              guint amount = (guint)MIN (255, (overlap * 255) >> 16);

              if (steep)
                cover (band, (int)row, x, amount);
              else
                cover (band, x, (int)row, amount);
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
          cover (band, below, x, lower);
          cover (band, below + 1, x, upper);
        }
      else
        {
          cover (band, x, below, lower);
          cover (band, x, below + 1, upper);
        }
    }
}

/* The band's coverage over its rows of the image, in its colour; the
 * coverage is cleared as it goes. */
static void
composite_band (Band *band)
{
  WeftLineRaster *self = band->raster;
  const WeftRgba *color = band->color;
  int stride = cairo_image_surface_get_stride (self->image);
  guint8 *pixels = cairo_image_surface_get_data (self->image);
  double alpha = CLAMP (color->alpha, 0.0, 1.0);
  guint r = (guint)lround (CLAMP (color->red, 0.0, 1.0) * alpha * 255);
  guint g = (guint)lround (CLAMP (color->green, 0.0, 1.0) * alpha * 255);
  guint b = (guint)lround (CLAMP (color->blue, 0.0, 1.0) * alpha * 255);
  guint a = (guint)lround (alpha * 255);

  for (int y = band->min_y; y <= band->max_y; y++)
    {
      guint32 *line = (guint32 *)(gpointer)(pixels + (gsize)y * (gsize)stride);
      guint8 *c = &self->coverage[(gsize)y * (gsize)self->width];

      for (int x = band->min_x; x <= band->max_x; x++)
        {
          guint k, keep;
          guint32 d;
          guint64 eight;

          /* Most of a layer's box is not covered: eight bytes at a time. */
          if (x + 8 <= band->max_x + 1 && (memcpy (&eight, c + x, 8), eight == 0))
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
}

static gpointer
draw_band (gpointer data)
{
  Band *band = data;
  GArray *segments = band->raster->segments;

  band->min_x = band->min_y = G_MAXINT;
  band->max_x = band->max_y = -1;
  for (guint i = 0; i < segments->len; i++)
    draw_segment (band, &g_array_index (segments, Segment, i));
  if (band->max_x >= 0)
    composite_band (band);
  return NULL;
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
  gboolean two = self->n_threads > 1 && self->segments->len >= BANDS_MIN_LINES && self->height >= 2;
  Band bands[2] = {
    { self, color, 0, two ? self->height / 2 : self->height, 0, 0, 0, 0 },
    { self, color, self->height / 2, self->height, 0, 0, 0, 0 },
  };
  GThread *thread = NULL;

  if (self->segments->len == 0)
    return;

  cairo_surface_flush (self->image);
  if (two)
    thread = g_thread_new ("weft-line-raster", draw_band, &bands[1]);
  draw_band (&bands[0]);
  if (thread != NULL)
    g_thread_join (thread);
  cairo_surface_mark_dirty (self->image);
  g_array_set_size (self->segments, 0);
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

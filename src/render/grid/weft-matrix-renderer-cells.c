/* weft-matrix-renderer-cells.c: the colours of a matrix's cells: every
 * cell's colour code (the ramp quantised to N_LEVELS), the colour of each
 * code, and the images drawn from them: one pixel per cell, and the hottest
 * cell per pixel for cells smaller than a pixel. Cached until the matrix,
 * the scale or the theme's colours change.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "weft-background.h"
#include "weft-matrix-renderer-private.h"

/* From this many cells the codes are computed on two threads: a 4096 × 4096
 * array's took 153 ms on one, at its first frame and after every filter. */
#define CODES_THREAD_MIN_CELLS 1000000

typedef struct
{
  WeftMatrixRenderer *self;
  const double       *data;
  gsize               from;
  gsize               to;
} CodesRange;

static gpointer
compute_codes (gpointer user_data)
{
  CodesRange *range = user_data;
  WeftMatrixRenderer *self = range->self;
  const double *data = range->data;
  gboolean any_filtered = self->stats.n_filtered > 0;
  gboolean zero_is_empty = weft_color_scale_zero_is_empty (&self->scale);

  for (gsize i = range->from; i < range->to; i++)
    {
      double t;

      /* Most matrices have no filtered cell: skip the per-cell mask lookup. */
      if (any_filtered && weft_matrix_is_filtered (self->matrix, i))
        {
          self->codes[i] = CODE_FILTERED;
          continue;
        }
      if (isnan (data[i]))
        {
          self->codes[i] = CODE_NAN;
          continue;
        }
      if (isinf (data[i]))
        {
          self->codes[i] = CODE_INF;
          continue;
        }
      /* Communication matrices are mostly zeros (a ratio of 0 is a colour:
       * all gone; a signed value of 0 is the diverging ramp's middle). */
      if (data[i] == 0.0 && zero_is_empty)
        {
          self->codes[i] = CODE_EMPTY;
          continue;
        }
      t = weft_color_scale_position (&self->scale, data[i]);
      self->codes[i] = t < 0 ? CODE_EMPTY : (guint16)(CODE_RAMP + (int)(t * (N_LEVELS - 1) + 0.5));
    }
  return NULL;
}

void
_weft_matrix_renderer_ensure_codes (WeftMatrixRenderer *self)
{
  CodesRange first, second;
  GThread *thread = NULL;
  gsize n;

  if (self->codes != NULL || self->matrix == NULL)
    return;

  n = self->n_rows * self->n_columns;
  self->codes = g_new (guint16, n);
  first = (CodesRange) { self, weft_matrix_peek_data (self->matrix), 0, n };
  if (n >= CODES_THREAD_MIN_CELLS && weft_background_get_n_processors () > 1)
    {
      second = first;
      second.from = first.to = n / 2;
      thread = g_thread_new ("weft-matrix-codes", compute_codes, &second);
    }
  compute_codes (&first);
  if (thread != NULL)
    g_thread_join (thread);
}

WeftRgba
_weft_matrix_renderer_code_color (WeftMatrixRenderer *self,
                                  guint16             code)
{
  WeftRgba empty = self->theme.empty;

  empty.alpha = 1.0;
  if (code == CODE_FILTERED)
    return weft_grid_filtered_color (&self->theme);
  if (code == CODE_EMPTY)
    return empty;
  if (code == CODE_NAN)
    return weft_grid_nan_color (&self->theme);
  if (code == CODE_INF)
    return weft_grid_inf_color (&self->theme);

  return weft_color_scale_ramp (&self->scale, (double)(code - CODE_RAMP) / (N_LEVELS - 1));
}

static void
ensure_lut (WeftMatrixRenderer *self)
{
  if (self->lut_valid)
    return;

  /* Cell colours are opaque, for the RGB24 cell images. */
  for (guint code = 0; code < N_CODES; code++)
    {
      WeftRgba c = _weft_matrix_renderer_code_color (self, code);

      self->lut[code] = weft_rgba_to_pixel (&c);
    }
  self->lut_valid = TRUE;
}

static cairo_surface_t *
surface_from_codes (WeftMatrixRenderer *self,
                    const guint16      *codes,
                    gsize               width,
                    gsize               height)
{
  cairo_surface_t *surface;
  guint8 *pixels;
  int stride;

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int)width, (int)height);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    return surface;

  cairo_surface_flush (surface);
  pixels = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (gsize y = 0; y < height; y++)
    {
      guint32 *line = (guint32 *)(gpointer)(pixels + y * (gsize)stride);
      const guint16 *src = codes + y * width;

      for (gsize x = 0; x < width; x++)
        line[x] = self->lut[src[x]];
    }
  cairo_surface_mark_dirty (surface);

  return surface;
}

void
_weft_matrix_renderer_ensure_image (WeftMatrixRenderer *self)
{
  if (self->image != NULL || self->matrix == NULL)
    return;

  _weft_matrix_renderer_ensure_codes (self);
  ensure_lut (self);
  self->image = surface_from_codes (self, self->codes, self->n_columns, self->n_rows);
}

/* For cells smaller than a device pixel: each cell goes to the pixel under its
 * centre and each pixel shows the hottest cell it got (a pixel of only
 * filtered cells stays filtered). Averaging would wash a single busy pair out
 * of a 1024 × 1024 matrix; the maximum keeps it. */
void
_weft_matrix_renderer_ensure_reduced (WeftMatrixRenderer *self,
                                      double              device_cell)
{
  g_autofree guint16 *out = NULL;
  g_autofree guint *column_pixel = NULL;
  gsize out_w, out_h;

  if (self->reduced != NULL && self->reduced_cell == device_cell)
    return;

  g_clear_pointer (&self->reduced, cairo_surface_destroy);
  _weft_matrix_renderer_ensure_codes (self);
  ensure_lut (self);

  out_w = (gsize)floor (((double)self->n_columns - 0.5) * device_cell) + 1;
  out_h = (gsize)floor (((double)self->n_rows - 0.5) * device_cell) + 1;
  out = g_new0 (guint16, out_w * out_h);
  column_pixel = g_new (guint, self->n_columns);
  for (gsize c = 0; c < self->n_columns; c++)
    column_pixel[c] = (guint)MIN (out_w - 1, (gsize)floor (((double)c + 0.5) * device_cell));

  for (gsize r = 0; r < self->n_rows; r++)
    {
      gsize py = MIN (out_h - 1, (gsize)floor (((double)r + 0.5) * device_cell));
      guint16 *dst = out + py * out_w;
      const guint16 *src = self->codes + r * self->n_columns;

      for (gsize c = 0; c < self->n_columns; c++)
        {
          guint px = column_pixel[c];

          if (src[c] > dst[px])
            dst[px] = src[c];
        }
    }

  self->reduced = surface_from_codes (self, out, out_w, out_h);
  self->reduced_cell = device_cell;
}

/* weft-timeline-frame.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "weft-timeline-frame.h"

/* Events walked in one pixel before the rest is estimated from a sample. */
#define SAMPLE_LIMIT 8

/* Colours ---------------------------------------------------------------------- */

WeftRgba
weft_timeline_kind_rgba (WeftEventTable *table,
                         guint16         kind)
{
  guint32 color = 0;

  if (table != NULL && kind < weft_event_table_get_n_kinds (table))
    color = weft_event_table_get_kind_color (table, kind);
  if (color == 0)
    color = weft_palette_get_color (kind);

  return weft_rgba_from_uint (color);
}

/* A premultiplied pixel times f/255. */
static inline guint32
pixel_scale (guint32 p,
             guint32 f)
{
  guint32 rb = (p & 0x00ff00ff) * f + 0x00800080;
  guint32 ag = ((p >> 8) & 0x00ff00ff) * f + 0x00800080;

  rb = ((rb + ((rb >> 8) & 0x00ff00ff)) >> 8) & 0x00ff00ff;
  ag = (ag + ((ag >> 8) & 0x00ff00ff)) & 0xff00ff00;

  return rb | ag;
}

/* A fraction in [0, 1] as 0…255, rounded (no libm call in pixel loops). */
static inline guint32
to_byte (double fraction)
{
  if (fraction >= 1)
    return 255;
  if (fraction <= 0)
    return 0;

  return (guint32)(fraction * 255 + 0.5);
}

/* Porter-Duff OVER of premultiplied pixels. */
static inline guint32
pixel_over (guint32 dst,
            guint32 src)
{
  guint32 sa = src >> 24;

  if (sa == 255)
    return src;
  if (sa == 0 && src == 0)
    return dst;

  return src + pixel_scale (dst, 255 - sa);
}

static void
raster_init (WeftTimelineFrame *f)
{
  cairo_surface_t *target = cairo_get_group_target (f->cr);
  cairo_rectangle_list_t *clips;
  cairo_matrix_t m;
  double dsx, dsy, dox, doy;
  double x0, y0, x1, y1;
  WeftTimelineRaster *r = &f->raster;

  memset (r, 0, sizeof *r);
  if (!f->allow_raster ||
      cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE ||
      (cairo_image_surface_get_format (target) != CAIRO_FORMAT_ARGB32 &&
       cairo_image_surface_get_format (target) != CAIRO_FORMAT_RGB24))
    return;

  cairo_get_matrix (f->cr, &m);
  cairo_surface_get_device_scale (target, &dsx, &dsy);
  cairo_surface_get_device_offset (target, &dox, &doy);
  if (m.xy != 0 || m.yx != 0 || m.xx <= 0 || m.xx != m.yy || dsx != dsy)
    return;

  /* Only a rectangular clip can be honoured pixel by pixel. */
  clips = cairo_copy_clip_rectangle_list (f->cr);
  if (clips->status != CAIRO_STATUS_SUCCESS || clips->num_rectangles > 1)
    {
      cairo_rectangle_list_destroy (clips);
      return;
    }

  r->scale = m.xx * dsx;
  r->ox = m.x0 * dsx + dox;
  r->oy = m.y0 * dsy + doy;

  x0 = f->plot_x;
  y0 = f->plot_y;
  x1 = f->plot_x + f->plot_w;
  y1 = f->plot_y + f->plot_h;
  if (clips->num_rectangles == 1)
    {
      const cairo_rectangle_t *c = &clips->rectangles[0];

      x0 = MAX (x0, c->x);
      y0 = MAX (y0, c->y);
      x1 = MIN (x1, c->x + c->width);
      y1 = MIN (y1, c->y + c->height);
    }
  else
    x1 = x0;
  cairo_rectangle_list_destroy (clips);

  r->surface = target;
  r->clip_x0 = MAX (0, (int)lround (x0 * r->scale + r->ox));
  r->clip_y0 = MAX (0, (int)lround (y0 * r->scale + r->oy));
  r->clip_x1 = MIN (cairo_image_surface_get_width (target), (int)lround (x1 * r->scale + r->ox));
  r->clip_y1 = MIN (cairo_image_surface_get_height (target), (int)lround (y1 * r->scale + r->oy));
  r->ok = TRUE;
}

void
weft_timeline_frame_init (WeftTimelineFrame     *f,
                          WeftEventTable        *table,
                          gboolean               allow_raster,
                          cairo_t               *cr,
                          const WeftRenderTheme *theme,
                          double                 plot_x,
                          double                 plot_y,
                          double                 plot_w,
                          double                 plot_h,
                          const WeftTimeSpan    *span)
{
  cairo_matrix_t m;
  double scale = 1;

  memset (f, 0, sizeof *f);
  f->table = table;
  f->allow_raster = allow_raster;
  f->cr = cr;
  f->theme = theme;
  f->plot_x = plot_x;
  f->plot_y = plot_y;
  f->plot_w = MAX (plot_w, 1);
  f->plot_h = plot_h;

  raster_init (f);
  if (f->raster.ok)
    scale = f->raster.scale;
  else
    {
      double sx, sy;

      /* Vector targets get one column per device unit too, so that a vector
       * picture rasterised later looks like the direct one. */
      cairo_get_matrix (cr, &m);
      cairo_surface_get_device_scale (cairo_get_group_target (cr), &sx, &sy);
      if (m.xy == 0 && m.yx == 0 && m.xx > 0)
        scale = m.xx * sx;
    }

  f->ncols = (guint)CLAMP (lround (f->plot_w * scale), 1, WEFT_TIMELINE_MAX_COLUMNS);
  f->scale = scale;
  f->col_w = f->plot_w / f->ncols;
  f->t0 = (double)span->begin;
  f->tpc = (double)weft_time_span_duration (span) / f->ncols;

  f->n_kinds = table != NULL ? weft_event_table_get_n_kinds (table) : 0;
  f->kind_rgba = g_new (WeftRgba, MAX (f->n_kinds, 1));
  f->kind_pixel = g_new (guint32, MAX (f->n_kinds, 1));
  for (guint k = 0; k < f->n_kinds; k++)
    {
      f->kind_rgba[k] = weft_timeline_kind_rgba (table, k);
      f->kind_pixel[k] = weft_rgba_to_pixel (&f->kind_rgba[k]);
    }

  f->cov = g_new0 (float, f->ncols);
  f->best = g_new0 (float, f->ncols);
  f->kinds = g_new0 (guint16, f->ncols);
  f->painted = g_new (WeftTimelinePainted, f->ncols);
}

void
weft_timeline_frame_clear (WeftTimelineFrame *f)
{
  g_free (f->kind_rgba);
  g_free (f->kind_pixel);
  g_free (f->cov);
  g_free (f->best);
  g_free (f->kinds);
  g_free (f->painted);
}

void
weft_timeline_frame_reset (WeftTimelineFrame *f)
{
  memset (f->cov, 0, sizeof (float) * f->ncols);
  memset (f->best, 0, sizeof (float) * f->ncols);
}

static inline void
column_add (WeftTimelineFrame *f,
            gsize              col,
            double             amount,
            guint16            kind)
{
  f->cov[col] += (float)amount;
  if (amount > f->best[col])
    {
      f->best[col] = (float)amount;
      f->kinds[col] = kind;
    }
}

const WeftRgba *
weft_timeline_frame_color (const WeftTimelineFrame *f,
                           guint16                  kind)
{
  static const WeftRgba grey = { 0.5, 0.5, 0.5, 1 };

  return kind < f->n_kinds ? &f->kind_rgba[kind] : &grey;
}

static guint32
frame_pixel (const WeftTimelineFrame *f,
             guint16                  kind)
{
  return kind < f->n_kinds ? f->kind_pixel[kind] : 0xff808080;
}

/* Adds one lane's intervals in [first, last) to the columns: per column the
 * covered fraction and the kind covering most of it. Intervals wider than a
 * column are added column by column (a lane's intervals do not overlap, so
 * that is O(columns) in all); where several intervals share a column, the
 * walk jumps to the next column by bisection, and past SAMPLE_LIMIT events in
 * one column their coverage is estimated from an even sample. */
void
weft_timeline_frame_add_slice (WeftTimelineFrame       *f,
                               const WeftIntervalSlice *s,
                               gsize                    first,
                               gsize                    last)
{
  const double ncols = f->ncols;
  const double inv_tpc = 1.0 / f->tpc;
  const double t0 = f->t0;
  double floor_time = t0;
  gsize i = first;

  while (i < last)
    {
      double b = (double)s->begin[i];
      double e = (double)s->end[i];
      double cb, ce;
      gsize col;

      if (b < floor_time)
        b = floor_time;
      if (e <= b)
        {
          i++;
          continue;
        }

      cb = (b - t0) * inv_tpc;
      if (cb >= ncols)
        break;
      ce = (e - t0) * inv_tpc;
      if (ce > ncols)
        ce = ncols;
      col = (gsize)cb;

      if (ce > col + 1)
        {
          gsize full_end = (gsize)ce;

          column_add (f, col, (col + 1) - cb, s->kind[i]);
          if (f->delta != NULL)
            {
              /* Summing many lanes: whole columns go to a difference
               * array, O(1) per interval. */
              if (full_end > col + 1)
                {
                  f->delta[col + 1] += 1;
                  f->delta[full_end] -= 1;
                  f->delta_kind[col + 1] = s->kind[i];
                }
            }
          else
            {
              for (gsize c = col + 1; c < full_end; c++)
                column_add (f, c, 1.0, s->kind[i]);
            }
          if (full_end < f->ncols && ce > full_end)
            column_add (f, full_end, ce - full_end, s->kind[i]);
          i++;
        }
      else
        {
          double col_end = t0 + (col + 1) * f->tpc;
          gint64 col_end_time = (gint64)ceil (col_end);
          gsize j;

          /* The common case, the next interval starting in a later column,
           * needs no search. */
          if (i + 1 >= last || s->begin[i + 1] >= col_end_time)
            {
              column_add (f, col, (e - b) * inv_tpc, s->kind[i]);
              i++;
              continue;
            }

          j = weft_timeline_gallop_ge (s->begin, i + 1, last, col_end_time);
          if (j - i <= SAMPLE_LIMIT)
            {
              double sum = 0, longest = -1;
              guint16 kind = s->kind[i];

              for (gsize k = i; k < j; k++)
                {
                  double bk = k == i ? b : (double)s->begin[k];
                  double ek = MIN ((double)s->end[k], col_end);

                  if (ek - bk > longest)
                    {
                      longest = ek - bk;
                      kind = s->kind[k];
                    }
                  if (ek > bk)
                    sum += ek - bk;
                }
              column_add (f, col, sum * inv_tpc, kind);
            }
          else
            {
              gsize n = j - i;
              double sum = 0, longest = -1;
              guint16 kind = s->kind[i];

              for (guint q = 0; q < SAMPLE_LIMIT; q++)
                {
                  gsize k = i + (gsize)((double)q * (n - 1) / (SAMPLE_LIMIT - 1));
                  double bk = k == i ? b : (double)s->begin[k];
                  double ek = MIN ((double)s->end[k], col_end);
                  double overlap = MAX (0.0, ek - bk);

                  sum += overlap;
                  if (overlap > longest)
                    {
                      longest = overlap;
                      kind = s->kind[k];
                    }
                }
              column_add (f, col, MIN (1.0, sum * n / SAMPLE_LIMIT * inv_tpc), kind);
            }

          /* Only the column's last interval can run on into the next one. */
          if (j - 1 > i && (double)s->end[j - 1] > col_end)
            {
              i = j - 1;
              floor_time = col_end;
            }
          else
            i = j;
        }
    }
}

void
weft_timeline_frame_add_lane (WeftTimelineFrame *f,
                              guint              row,
                              guint              lane)
{
  WeftEventTable *table = f->table;
  WeftIntervalSlice slice;
  gsize first = 0, last = 0;
  gint64 t1 = (gint64)ceil (f->t0 + f->tpc * f->ncols);

  weft_event_table_get_lane (table, row, lane, &slice);
  if (slice.n == 0)
    return;
  weft_event_table_find_intervals (table, row, lane, (gint64)floor (f->t0), t1, &first, &last);
  weft_timeline_frame_add_slice (f, &slice, first, MIN (last, slice.n));
}

/* The concurrency of a row from its events: lane 0 (the busiest, lanes
 * being filled lowest first) column by column, which also gives the
 * columns' colours; the other lanes' whole columns through the difference
 * array, so a row of many lanes costs O(columns + visible events). */
void
weft_timeline_frame_add_lanes (WeftTimelineFrame *f,
                               guint              row,
                               guint              n_lanes)
{
  float running = 0;
  guint16 kind = G_MAXUINT16;

  weft_timeline_frame_add_lane (f, row, 0);

  f->delta = g_new0 (float, f->ncols + 1);
  f->delta_kind = g_new (guint16, f->ncols + 1);
  memset (f->delta_kind, 0xff, sizeof (guint16) * (f->ncols + 1));
  for (guint lane = 1; lane < n_lanes; lane++)
    weft_timeline_frame_add_lane (f, row, lane);

  for (guint c = 0; c < f->ncols; c++)
    {
      running += f->delta[c];
      if (f->delta_kind[c] != G_MAXUINT16)
        kind = f->delta_kind[c];
      if (running > 0.5f)
        {
          f->cov[c] += running;
          if (f->best[c] <= 0)
            f->kinds[c] = kind;
        }
    }

  g_clear_pointer (&f->delta, g_free);
  g_clear_pointer (&f->delta_kind, g_free);
}

/* The coarsest level with buckets no wider than @max_width, or -1. */
int
weft_timeline_choose_lod_level (WeftEventTable *table,
                                guint           row,
                                double          max_width,
                                gboolean        finest_if_none)
{
  guint n_levels = weft_event_table_get_lod_n_levels (table, row);
  gint64 best_width = 0, finest_width = G_MAXINT64;
  int best = -1, finest = -1;

  for (guint level = 0; level < n_levels; level++)
    {
      gint64 w = weft_event_table_get_lod_width (table, row, level);

      if (w <= 0)
        continue;
      if ((double)w <= max_width && w > best_width)
        {
          best = level;
          best_width = w;
        }
      if (w < finest_width)
        {
          finest = level;
          finest_width = w;
        }
    }

  return best >= 0 ? best : (finest_if_none ? finest : -1);
}

/* Adds a row's busy time per column from a level of its pyramid, spreading
 * each bucket's busy time evenly over the bucket. The value per column is the
 * mean number of running intervals. */
void
weft_timeline_frame_add_lod (WeftTimelineFrame *f,
                             guint              row,
                             int                level)
{
  WeftEventTable *table = f->table;
  const WeftLodBucket *buckets;
  gsize n_buckets = 0, k;
  gint64 w = weft_event_table_get_lod_width (table, row, level);
  double start = (double)weft_event_table_get_lod_start (table, row);

  buckets = weft_event_table_get_lod_level (table, row, level, &n_buckets);
  if (buckets == NULL || n_buckets == 0 || w <= 0)
    return;

  k = (gsize)MAX (0.0, floor ((f->t0 - start) / w));
  for (guint c = 0; c < f->ncols && k < n_buckets; c++)
    {
      double c0 = f->t0 + c * f->tpc;
      double c1 = c0 + f->tpc;

      while (k < n_buckets)
        {
          double bb = start + (double)k * w;
          double be = bb + w;
          double overlap = MIN (be, c1) - MAX (bb, c0);

          if (bb >= c1)
            break;
          if (overlap > 0 && buckets[k].busy > 0)
            column_add (f, c, (double)buckets[k].busy * overlap / w / f->tpc, buckets[k].kind);
          if (be <= c1)
            k++;
          else
            break;
        }
    }
}

void
weft_timeline_frame_begin_pixels (WeftTimelineFrame *f)
{
  cairo_surface_flush (f->raster.surface);
  f->raster.data = cairo_image_surface_get_data (f->raster.surface);
  f->raster.stride = cairo_image_surface_get_stride (f->raster.surface);
}

void
weft_timeline_frame_end_pixels (WeftTimelineFrame *f)
{
  cairo_surface_mark_dirty (f->raster.surface);
}

static void
raster_columns (WeftTimelineFrame *f,
                int               *dx0,
                int               *c_first,
                int               *c_last)
{
  const WeftTimelineRaster *r = &f->raster;
  int x0 = (int)lround (f->plot_x * r->scale + r->ox);

  *dx0 = x0;
  *c_first = MAX (0, r->clip_x0 - x0);
  *c_last = MIN ((int)f->ncols, r->clip_x1 - x0);
}

/* Paints each column over [y0, y1) in its kind's colour, with the column's
 * coverage (clamped to 1) as opacity: the box filter of the intervals. With
 * @uniform the area below is known to be the same on every pixel row, so the
 * first row is blended and copied to the others. */
void
weft_timeline_frame_paint_strip (WeftTimelineFrame *f,
                                 double             y0,
                                 double             y1,
                                 gboolean           uniform)
{
  if (y1 <= y0)
    return;

  if (f->raster.ok)
    {
      WeftTimelinePainted *painted = f->painted;
      guint n_painted;
      const WeftTimelineRaster *r = &f->raster;
      int dy0 = MAX (r->clip_y0, (int)lround (y0 * r->scale + r->oy));
      int dy1 = MIN (r->clip_y1, (int)lround (y1 * r->scale + r->oy));
      int dx0, c_first, c_last;

      raster_columns (f, &dx0, &c_first, &c_last);
      if (dy0 >= dy1 || c_first >= c_last)
        return;

      /* The columns to paint and their source pixels, worked out once for
       * all pixel rows of the strip. */
      n_painted = 0;
      for (int c = c_first; c < c_last; c++)
        {
          float cov = f->cov[c];
          guint32 src;

          if (cov <= 0)
            continue;
          src = frame_pixel (f, f->kinds[c]);
          if (cov < 1)
            src = pixel_scale (src, to_byte (cov));
          if (src == 0)
            continue;
          painted[n_painted].column = c;
          painted[n_painted].pixel = src;
          n_painted++;
        }
      if (n_painted == 0)
        return;

      weft_timeline_frame_begin_pixels (f);
      for (int y = dy0; y < dy1; y++)
        {
          guint32 *row = (guint32 *)(gpointer)(r->data + (gsize)y * r->stride) + dx0;

          if (uniform && y > dy0)
            {
              const guint32 *above = (const guint32 *)(gconstpointer)(r->data + (gsize)dy0 * r->stride) + dx0;
              int from = painted[0].column, to = painted[n_painted - 1].column + 1;

              memcpy (row + from, above + from, sizeof (guint32) * (to - from));
              continue;
            }

          for (guint p = 0; p < n_painted; p++)
            row[painted[p].column] = pixel_over (row[painted[p].column], painted[p].pixel);
        }
      weft_timeline_frame_end_pixels (f);
      return;
    }

  /* Vector: one rectangle per run of columns with the same colour. */
  for (guint c = 0; c < f->ncols;)
    {
      guint run = c + 1;
      guint32 level;
      guint16 kind;
      WeftRgba color;

      if (f->cov[c] <= 0 || to_byte (f->cov[c]) == 0)
        {
          c++;
          continue;
        }
      level = to_byte (f->cov[c]);
      kind = f->kinds[c];
      while (run < f->ncols && f->cov[run] > 0 && f->kinds[run] == kind &&
             to_byte (f->cov[run]) == level)
        run++;

      color = *weft_timeline_frame_color (f, kind);
      color.alpha *= level / 255.0;
      weft_rgba_set_source (f->cr, &color);
      cairo_rectangle (f->cr, f->plot_x + c * f->col_w, y0, (run - c) * f->col_w, y1 - y0);
      cairo_fill (f->cr);
      c = run;
    }
}

/* Paints each column as a bar rising from y1, as tall as its value over
 * @full_scale (the row's lane count: a full bar is every lane busy). */
void
weft_timeline_frame_paint_bars (WeftTimelineFrame *f,
                                double             y0,
                                double             y1,
                                double             full_scale)
{
  if (y1 <= y0)
    return;

  if (f->raster.ok)
    {
      const WeftTimelineRaster *r = &f->raster;
      int top = (int)lround (y0 * r->scale + r->oy);
      int bottom = (int)lround (y1 * r->scale + r->oy);
      int dy0 = MAX (r->clip_y0, top);
      int dy1 = MIN (r->clip_y1, bottom);
      int dx0, c_first, c_last;
      double height = bottom - top;

      raster_columns (f, &dx0, &c_first, &c_last);
      if (dy0 >= dy1 || c_first >= c_last)
        return;

      /* Column by column, touching only the pixels a bar covers. */
      weft_timeline_frame_begin_pixels (f);
      for (int c = c_first; c < c_last; c++)
        {
          guchar *column = r->data + (gsize)(dx0 + c) * sizeof (guint32);
          guint32 src;
          double bar;
          int full, y_full, y;

          if (f->cov[c] <= 0)
            continue;
          bar = MIN (1.0, f->cov[c] / full_scale) * height;
          full = (int)bar;
          src = frame_pixel (f, f->kinds[c]);

          /* Whole pixels from the bottom up, then a partial one on top. */
          y_full = MAX (bottom - full, dy0);
          if ((src >> 24) == 255)
            {
              for (y = y_full; y < dy1; y++)
                *(guint32 *)(gpointer)(column + (gsize)y * r->stride) = src;
            }
          else
            {
              for (y = y_full; y < dy1; y++)
                {
                  guint32 *pixel = (guint32 *)(gpointer)(column + (gsize)y * r->stride);

                  *pixel = pixel_over (*pixel, src);
                }
            }
          y = bottom - 1 - full;
          if (bar > full && y >= dy0 && y < dy1)
            {
              guint32 *pixel = (guint32 *)(gpointer)(column + (gsize)y * r->stride);

              *pixel = pixel_over (*pixel, pixel_scale (src, to_byte (bar - full)));
            }
        }
      weft_timeline_frame_end_pixels (f);
      return;
    }

  for (guint c = 0; c < f->ncols;)
    {
      guint run = c + 1;
      guint16 kind;
      double bar;

      if (f->cov[c] <= 0)
        {
          c++;
          continue;
        }
      kind = f->kinds[c];
      bar = MIN (1.0, f->cov[c] / full_scale);
      while (run < f->ncols && f->cov[run] > 0 && f->kinds[run] == kind &&
             MIN (1.0, f->cov[run] / full_scale) == bar)
        run++;

      weft_rgba_set_source (f->cr, weft_timeline_frame_color (f, kind));
      cairo_rectangle (f->cr, f->plot_x + c * f->col_w, y1 - bar * (y1 - y0),
                       (run - c) * f->col_w, bar * (y1 - y0));
      cairo_fill (f->cr);
      c = run;
    }
}

/* A one-pixel anti-aliased line (each step's coverage split between the two
 * nearest pixels), clipped to the raster's clip. */
static inline void
raster_blend (const WeftTimelineRaster *r,
              int                       x,
              int                       y,
              guint32                   src,
              double                    coverage)
{
  guint32 *pixel;

  if (x < r->clip_x0 || x >= r->clip_x1 || y < r->clip_y0 || y >= r->clip_y1 || coverage <= 0)
    return;
  pixel = (guint32 *)(gpointer)(r->data + (gsize)y * r->stride) + x;
  *pixel = pixel_over (*pixel, pixel_scale (src, to_byte (coverage)));
}

void
weft_timeline_frame_line (WeftTimelineFrame *f,
                          double             ux0,
                          double             uy0,
                          double             ux1,
                          double             uy1,
                          guint32            src)
{
  const WeftTimelineRaster *r = &f->raster;
  double x0 = ux0 * r->scale + r->ox - 0.5, y0 = uy0 * r->scale + r->oy - 0.5;
  double x1 = ux1 * r->scale + r->ox - 0.5, y1 = uy1 * r->scale + r->oy - 0.5;
  double dx = x1 - x0, dy = y1 - y0;
  gboolean steep = fabs (dy) > fabs (dx);
  double length = steep ? fabs (dy) : fabs (dx);
  int steps;

  if (length < 0.5)
    return;

  /* Clip the stepping range to the clip rectangle along the major axis. */
  {
    double lo = steep ? r->clip_y0 - 1 : r->clip_x0 - 1;
    double hi = steep ? r->clip_y1 : r->clip_x1;
    double a = steep ? MIN (y0, y1) : MIN (x0, x1);
    double b = steep ? MAX (y0, y1) : MAX (x0, x1);
    double t0 = (MAX (a, lo) - a) / (b - a);
    double t1 = (MIN (b, hi) - a) / (b - a);

    if (t1 <= t0)
      return;
    if ((steep ? y0 : x0) > (steep ? y1 : x1))
      {
        double tx = x0, ty = y0;

        x0 = x1;
        y0 = y1;
        x1 = tx;
        y1 = ty;
        dx = -dx;
        dy = -dy;
      }
    x0 += t0 * dx;
    y0 += t0 * dy;
    dx *= t1 - t0;
    dy *= t1 - t0;
    length *= t1 - t0;
  }

  steps = (int)ceil (length);
  for (int i = 0; i <= steps; i++)
    {
      double t = (double)i / MAX (steps, 1);
      double x = x0 + t * dx, y = y0 + t * dy;

      if (steep)
        {
          int px = (int)floor (x);
          double frac = x - px;

          raster_blend (r, px, (int)floor (y + 0.5), src, 1 - frac);
          raster_blend (r, px + 1, (int)floor (y + 0.5), src, frac);
        }
      else
        {
          int py = (int)floor (y);
          double frac = y - py;

          raster_blend (r, (int)floor (x + 0.5), py, src, 1 - frac);
          raster_blend (r, (int)floor (x + 0.5), py + 1, src, frac);
        }
    }
}


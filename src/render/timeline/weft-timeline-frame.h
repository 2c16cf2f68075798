/* weft-timeline-frame.h: the pixel columns of one timeline frame.
 *
 * Internal to the timeline renderer. A frame maps the visible span onto
 * columns of device pixels; lines are drawn by first adding up, per column,
 * how much of it events cover and which kind covers most (from the events of
 * a lane, with bisection jumps over runs that share a column, or from a
 * level of the row's pyramid), then painting the columns: as a strip whose
 * opacity is the coverage, or as bars of the concurrency. On an ARGB32/RGB24
 * image surface with an axis-aligned transform and a rectangular clip the
 * columns are written straight into its pixels (far faster than one cairo
 * rectangle each); elsewhere (SVG, PDF, transformed targets) they become
 * cairo rectangles of the same colours.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "weft-event-table.h"
#include "weft-render-theme.h"
#include "weft-timeline-renderer.h"

G_BEGIN_DECLS

#define WEFT_TIMELINE_MAX_COLUMNS 16384

/* Pixels of an image surface the renderer may write directly. */
typedef struct
{
  gboolean         ok;
  cairo_surface_t *surface;
  guchar          *data;
  int              stride;
  double           scale;     /* device pixels per user unit */
  double           ox, oy;    /* device = user · scale + offset */
  int              clip_x0, clip_y0, clip_x1, clip_y1;
} WeftTimelineRaster;

/* A column to paint and its premultiplied source pixel. */
typedef struct _WeftTimelinePainted
{
  int     column;
  guint32 pixel;
} WeftTimelinePainted;

/* What one draw call needs: the plot's geometry in columns (device pixels
 * where the target has them) and scratch buffers of one value per column. */
typedef struct
{
  WeftTimelineRenderer  *self;      /* the renderer drawing (for its own helpers) */
  WeftEventTable        *table;
  gboolean               allow_raster;
  double                 scale;     /* device pixels per user unit */
  const WeftRenderTheme *theme;
  cairo_t               *cr;
  double                 plot_x, plot_y, plot_w, plot_h;
  double                 t0;        /* first time of column 0 */
  double                 tpc;       /* time per column */
  guint                  ncols;
  double                 col_w;     /* user units per column */
  WeftTimelineRaster     raster;
  guint                  n_kinds;
  WeftRgba              *kind_rgba;
  guint32               *kind_pixel;
  float                 *cov;
  float                 *best;
  guint16               *kinds;
  /* While summing the lanes of a row: whole columns covered, as a
   * difference array, and the kind of each run's first column. */
  float                 *delta;
  guint16               *delta_kind;
  WeftTimelinePainted   *painted;     /* scratch of weft_timeline_frame_paint_strip */
} WeftTimelineFrame;

WeftRgba        weft_timeline_kind_rgba          (WeftEventTable          *table,
                                                  guint16                  kind);
int             weft_timeline_choose_lod_level   (WeftEventTable          *table,
                                                  guint                    row,
                                                  double                   max_width,
                                                  gboolean                 finest_if_none);

void            weft_timeline_frame_init         (WeftTimelineFrame       *f,
                                                  WeftEventTable          *table,
                                                  gboolean                 allow_raster,
                                                  cairo_t                 *cr,
                                                  const WeftRenderTheme   *theme,
                                                  double                   plot_x,
                                                  double                   plot_y,
                                                  double                   plot_w,
                                                  double                   plot_h,
                                                  const WeftTimeSpan      *span);
void            weft_timeline_frame_clear        (WeftTimelineFrame       *f);
void            weft_timeline_frame_reset        (WeftTimelineFrame       *f);
const WeftRgba *weft_timeline_frame_color        (const WeftTimelineFrame *f,
                                                  guint16                  kind);
void            weft_timeline_frame_add_slice    (WeftTimelineFrame       *f,
                                                  const WeftIntervalSlice *s,
                                                  gsize                    first,
                                                  gsize                    last);
void            weft_timeline_frame_add_lane     (WeftTimelineFrame       *f,
                                                  guint                    row,
                                                  guint                    lane);
void            weft_timeline_frame_add_lanes    (WeftTimelineFrame       *f,
                                                  guint                    row,
                                                  guint                    n_lanes);
void            weft_timeline_frame_add_lod      (WeftTimelineFrame       *f,
                                                  guint                    row,
                                                  int                      level);
void            weft_timeline_frame_paint_strip  (WeftTimelineFrame       *f,
                                                  double                   y0,
                                                  double                   y1,
                                                  gboolean                 uniform);
void            weft_timeline_frame_paint_bars   (WeftTimelineFrame       *f,
                                                  double                   y0,
                                                  double                   y1,
                                                  double                   full_scale);
void            weft_timeline_frame_begin_pixels (WeftTimelineFrame       *f);
void            weft_timeline_frame_end_pixels   (WeftTimelineFrame       *f);
void            weft_timeline_frame_line         (WeftTimelineFrame       *f,
                                                  double                   x0,
                                                  double                   y0,
                                                  double                   x1,
                                                  double                   y1,
                                                  guint32                  pixel);

/* First index in [lo, hi) whose value is ≥ key, searching outwards from lo:
 * O(log distance), so walking a sorted column pixel by pixel costs
 * O(pixels · log(events per pixel)). */
static inline gsize
weft_timeline_gallop_ge (const gint64 *values,
                         gsize         lo,
                         gsize         hi,
                         gint64        key)
{
  gsize prev, step = 1, left, right;

  if (lo >= hi || values[lo] >= key)
    return lo;

  prev = lo;
  while (lo + step < hi && values[lo + step] < key)
    {
      prev = lo + step;
      step *= 2;
    }

  left = prev + 1;
  right = MIN (lo + step, hi);
  while (left < right)
    {
      gsize mid = left + (right - left) / 2;

      if (values[mid] < key)
        left = mid + 1;
      else
        right = mid;
    }

  return left;
}

G_END_DECLS

/* weft-timeline-renderer-draw.c: drawing a timeline frame: row and group
 * lines (lanes, squeezed lanes or concurrency curves from the pyramid),
 * instants, links as arrows, headers, ruler and grid, the legend and the
 * overview; and the exporter's timeline picture.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "weft-error.h"
#include "weft-palette.h"
#include "weft-time-ruler.h"
#include "weft-timeline-frame.h"
#include "weft-timeline-renderer-private.h"
#include "weft-timeline-renderer-state.h"
#include "weft-units.h"

/* Lines ---------------------------------------------------------------------- */

static void
draw_lane_strip (WeftTimelineFrame *f,
                 guint              row,
                 guint              lane,
                 double             y0,
                 double             y1)
{
  weft_timeline_frame_reset (f);
  weft_timeline_frame_add_lane (f, row, lane);
  weft_timeline_frame_paint_strip (f, y0, y1, TRUE);
}

static void
draw_instants (WeftTimelineFrame *f,
               guint              row,
               double             y,
               double             h)
{
  WeftEventTable *table = f->self->table;
  GArray *markers = f->self->markers;
  WeftInstantSlice slice;
  gsize first = 0, last = 0, i;
  gint64 t1 = (gint64)ceil (f->t0 + f->tpc * f->ncols);
  double zone = CLAMP (round (h * 0.4), 3, 8);
  double min_gap = G_MAXDOUBLE;
  gsize prev_col = G_MAXSIZE;
  guint n_markers = 0;

  weft_event_table_get_instants (table, row, &slice);
  if (slice.n == 0)
    return;
  weft_event_table_find_instants (table, row, (gint64)floor (f->t0), t1, &first, &last);
  last = MIN (last, slice.n);
  if (first >= last)
    return;

  /* One instant per column: the first in it; the others are jumped over. */
  g_array_set_size (markers, f->ncols);
  n_markers = 0;
  i = first;
  while (i < last)
    {
      double c = ((double)slice.time[i] - f->t0) / f->tpc;
      gsize col;

      if (c >= f->ncols || n_markers >= f->ncols)
        break;
      col = (gsize)MAX (0.0, c);
      g_array_index (markers, gsize, n_markers++) = i;
      if (prev_col != G_MAXSIZE)
        min_gap = MIN (min_gap, (double)(col - prev_col) * f->col_w);
      prev_col = col;
      i = weft_timeline_gallop_ge (slice.time, i + 1, last, (gint64)ceil (f->t0 + (col + 1) * f->tpc));
    }

  if (min_gap >= MARKER_SPACING)
    {
      /* Few enough to draw each as a small triangle pointing at its time. */
      for (guint m = 0; m < n_markers; m++)
        {
          gsize index = g_array_index (markers, gsize, m);
          double x = f->plot_x + ((double)slice.time[index] - f->t0) / f->tpc * f->col_w;
          double half = MIN (zone, 7) / 2 + 0.5;

          weft_rgba_set_source (f->cr, weft_timeline_frame_color (f, slice.kind[index]));
          cairo_move_to (f->cr, x - half, y + 1);
          cairo_line_to (f->cr, x + half, y + 1);
          cairo_line_to (f->cr, x, y + 1 + zone);
          cairo_close_path (f->cr);
          cairo_fill (f->cr);
          cairo_rectangle (f->cr, x - 0.5, y + 1, 1, h - 2);
          cairo_fill (f->cr);
        }
      return;
    }

  /* Dense: one tick per column that holds instants. */
  weft_timeline_frame_reset (f);
  for (guint m = 0; m < n_markers; m++)
    {
      gsize index = g_array_index (markers, gsize, m);
      gsize col = (gsize)MAX (0.0, ((double)slice.time[index] - f->t0) / f->tpc);

      if (col < f->ncols)
        {
          f->cov[col] = 1;
          f->kinds[col] = slice.kind[index];
        }
    }
  weft_timeline_frame_paint_strip (f, y + 1, y + 1 + zone, FALSE);
}

static void
draw_row_line (WeftTimelineFrame *f,
               const Line        *line,
               double             y)
{
  WeftTimelineRenderer *self = f->self;
  guint row = line->row;
  guint n_lanes = _weft_timeline_renderer_row_n_lanes (self, row);
  double sy, sh;

  _weft_timeline_renderer_row_strip (self, y, line->height, &sy, &sh);

  if (n_lanes == 1)
    {
      int level = _weft_timeline_renderer_row_lod_level (f, row);

      weft_timeline_frame_reset (f);
      if (level >= 0)
        weft_timeline_frame_add_lod (f, row, level);
      else
        weft_timeline_frame_add_lane (f, row, 0);
      weft_timeline_frame_paint_strip (f, sy, sy + sh, TRUE);
    }
  else if (_weft_timeline_renderer_row_is_squeezed (self, row))
    {
      for (guint lane = 0; lane < n_lanes; lane++)
        {
          double ly0 = sy + round (sh * lane / n_lanes);
          double ly1 = sy + round (sh * (lane + 1) / n_lanes);

          draw_lane_strip (f, row, lane, ly0, ly1);
        }
    }
  else if (n_lanes > 1)
    {
      int level = _weft_timeline_renderer_summary_lod_level (self, row, f->tpc);

      /* The row's concurrency: mean running intervals per column. */
      weft_timeline_frame_reset (f);
      if (level >= 0)
        weft_timeline_frame_add_lod (f, row, level);
      else
        weft_timeline_frame_add_lanes (f, row, n_lanes);
      weft_timeline_frame_paint_bars (f, sy, sy + sh, n_lanes);
    }

  draw_instants (f, row, y, line->height);
}

static void
draw_group_line (WeftTimelineFrame *f,
                 const Line        *line,
                 double             y)
{
  WeftTimelineRenderer *self = f->self;
  const Group *group = g_ptr_array_index (self->groups, line->group);
  double total_lanes = 0;
  double sy, sh;

  /* A collapsed group shows the concurrency of all its rows together. */
  if (!g_hash_table_contains (self->collapsed_groups, group->name))
    return;

  weft_timeline_frame_reset (f);
  for (guint i = 0; i < group->rows->len; i++)
    {
      guint row = g_array_index (group->rows, guint, i);
      int level = weft_timeline_choose_lod_level (self->table, row, f->tpc, TRUE);

      total_lanes += _weft_timeline_renderer_row_n_lanes (self, row);
      if (level >= 0)
        weft_timeline_frame_add_lod (f, row, level);
    }
  if (total_lanes <= 0)
    return;

  _weft_timeline_renderer_row_strip (self, y, line->height, &sy, &sh);
  weft_timeline_frame_paint_bars (f, sy + sh * 0.25, sy + sh, total_lanes);
}

/* Links ---------------------------------------------------------------------- */

double
_weft_timeline_renderer_row_center_y (WeftTimelineRenderer *self,
                                      guint                 row)
{
  const Line *line = _weft_timeline_renderer_row_anchor_line (self, row);

  return _weft_timeline_renderer_line_screen_y (self, line) + line->height / 2;
}

static int
compare_arrow_kind (gconstpointer a,
                    gconstpointer b)
{
  const Arrow *aa = a, *ab = b;

  return (int)aa->kind - (int)ab->kind;
}

static gboolean
link_crosses (const WeftLinkSlice *slice,
              gsize                i,
              gint64               t0,
              gint64               t1)
{
  gint64 a = slice->from_time[i], b = slice->to_time[i];

  return MAX (a, b) >= t0 && MIN (a, b) < t1;
}

/* How many of links [first, last) of @slice cross [t0, t1). Those starting in
 * it all do ([in_first, in_last)); the others were taken in by the pair's
 * reach and are checked one by one, so that one long link in a pair does not
 * make every link before the view count (and thin out the sampling). */
static guint64
count_crossing_links (const WeftLinkSlice *slice,
                      gsize                first,
                      gsize                last,
                      gsize                in_first,
                      gsize                in_last,
                      gint64               t0,
                      gint64               t1)
{
  guint64 n = in_last - in_first;

  for (gsize i = first; i < in_first; i++)
    n += link_crosses (slice, i, t0, t1);
  for (gsize i = in_last; i < last; i++)
    n += link_crosses (slice, i, t0, t1);

  return n;
}

static void
draw_links (WeftTimelineFrame *f)
{
  WeftTimelineRenderer *self = f->self;
  WeftEventTable *table = self->table;
  guint n_pairs = weft_event_table_get_n_link_pairs (table);
  g_autofree gsize *firsts = NULL;
  g_autofree gsize *lasts = NULL;
  guint64 total = 0, stride = 1;
  double top = f->plot_y, bottom = f->plot_y + f->plot_h;
  gint64 t0 = (gint64)floor (f->t0);
  gint64 t1 = (gint64)ceil (f->t0 + f->tpc * f->ncols);

  g_array_set_size (self->arrows, 0);
  self->n_links_visible = 0;
  if (n_pairs == 0)
    return;

  firsts = g_new0 (gsize, n_pairs);
  lasts = g_new0 (gsize, n_pairs);
  for (guint p = 0; p < n_pairs; p++)
    {
      WeftLinkSlice slice;
      gsize in_first, in_last;
      double ya, yb;

      weft_event_table_get_link_pair (table, p, &slice);
      ya = _weft_timeline_renderer_row_center_y (self, slice.from_row);
      yb = _weft_timeline_renderer_row_center_y (self, slice.to_row);
      /* Both ends above or both below the visible rows: nothing shows. */
      if ((ya < top && yb < top) || (ya > bottom && yb > bottom))
        continue;
      weft_event_table_find_links_crossing (table, p, t0, t1, &firsts[p], &lasts[p]);
      weft_event_table_find_links (table, p, t0, t1, &in_first, &in_last);
      total += count_crossing_links (&slice, firsts[p], lasts[p], in_first, in_last, t0, t1);
    }
  self->n_links_visible = total;
  if (total == 0)
    return;

  /* Past the budget, every stride-th link of each pair is drawn. */
  if (total > MAX_ARROWS)
    stride = (total + MAX_ARROWS - 1) / MAX_ARROWS;

  for (guint p = 0; p < n_pairs; p++)
    {
      WeftLinkSlice slice;
      double ya, yb;

      if (lasts[p] <= firsts[p])
        continue;
      weft_event_table_get_link_pair (table, p, &slice);
      ya = _weft_timeline_renderer_row_center_y (self, slice.from_row);
      yb = _weft_timeline_renderer_row_center_y (self, slice.to_row);
      for (gsize i = firsts[p]; i < lasts[p]; i += stride)
        {
          Arrow arrow = {
            weft_timeline_renderer_time_to_x (self, slice.from_time[i]), ya,
            weft_timeline_renderer_time_to_x (self, slice.to_time[i]), yb,
            p, i, slice.kind[i],
          };

          /* Taken in by the pair's reach but lying wholly outside the range. */
          if (link_crosses (&slice, i, t0, t1))
            g_array_append_val (self->arrows, arrow);
        }
    }

  /* One stroke and one fill per kind. */
  g_array_sort (self->arrows, compare_arrow_kind);

  cairo_save (f->cr);
  cairo_rectangle (f->cr, f->plot_x, f->plot_y, f->plot_w, f->plot_h);
  cairo_clip (f->cr);
  cairo_set_line_width (f->cr, 1.0);
  for (guint a = 0; a < self->arrows->len;)
    {
      guint16 kind = g_array_index (self->arrows, Arrow, a).kind;
      WeftRgba color = *weft_timeline_frame_color (f, kind);
      guint32 pixel;
      guint run = a;

      while (run < self->arrows->len && g_array_index (self->arrows, Arrow, run).kind == kind)
        run++;

      color.alpha *= stride > 1 ? 0.5 : 0.85;
      pixel = weft_rgba_to_pixel (&color);
      weft_rgba_set_source (f->cr, &color);
      if (f->raster.ok)
        weft_timeline_frame_begin_pixels (f);

      /* The shafts, then the heads over them. On an image surface both go
       * straight into the pixels: stroking hundreds of lines and filling
       * hundreds of small triangles through cairo costs more than the rest of
       * the frame, so the heads are open (two strokes). */
      for (guint i = a; i < run; i++)
        {
          const Arrow *arrow = &g_array_index (self->arrows, Arrow, i);

          if (f->raster.ok)
            weft_timeline_frame_line (f, arrow->x0, arrow->y0, arrow->x1, arrow->y1, pixel);
          else
            {
              cairo_move_to (f->cr, arrow->x0, arrow->y0);
              cairo_line_to (f->cr, arrow->x1, arrow->y1);
              cairo_stroke (f->cr);
            }
        }

      for (guint i = a; i < run; i++)
        {
          const Arrow *arrow = &g_array_index (self->arrows, Arrow, i);
          double dx = arrow->x1 - arrow->x0, dy = arrow->y1 - arrow->y0;
          double len = hypot (dx, dy);
          double lx, ly, rx, ry;

          if (len < 1)
            continue;
          dx /= len;
          dy /= len;
          lx = arrow->x1 - 6 * dx + 3 * dy;
          ly = arrow->y1 - 6 * dy - 3 * dx;
          rx = arrow->x1 - 6 * dx - 3 * dy;
          ry = arrow->y1 - 6 * dy + 3 * dx;
          if (f->raster.ok)
            {
              weft_timeline_frame_line (f, lx, ly, arrow->x1, arrow->y1, pixel);
              weft_timeline_frame_line (f, rx, ry, arrow->x1, arrow->y1, pixel);
            }
          else
            {
              cairo_move_to (f->cr, arrow->x1, arrow->y1);
              cairo_line_to (f->cr, lx, ly);
              cairo_line_to (f->cr, rx, ry);
              cairo_close_path (f->cr);
            }
        }

      if (f->raster.ok)
        weft_timeline_frame_end_pixels (f);
      else
        cairo_fill (f->cr);
      a = run;
    }
  cairo_restore (f->cr);
}

/* Text ----------------------------------------------------------------------- */

static PangoLayout *
create_layout (cairo_t               *cr,
               const WeftRenderTheme *theme)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (theme->font != NULL ? theme->font : "Sans 9");

  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);

  return layout;
}

static void
show_text (cairo_t     *cr,
           PangoLayout *layout,
           const char  *text,
           double       x,
           double       y,
           double       max_width,
           double       line_height)
{
  int w, h;

  if (max_width < 8)
    return;

  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int)(max_width * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_get_pixel_size (layout, &w, &h);
  if (h > line_height + 2)
    return;

  cairo_move_to (cr, x, y + round ((line_height - h) / 2));
  pango_cairo_show_layout (cr, layout);
}

static void
draw_triangle (cairo_t  *cr,
               double    x,
               double    cy,
               double    size,
               gboolean  open)
{
  if (open)
    {
      cairo_move_to (cr, x, cy - size / 2);
      cairo_line_to (cr, x + size, cy - size / 2);
      cairo_line_to (cr, x + size / 2, cy + size / 2);
    }
  else
    {
      cairo_move_to (cr, x + size * 0.2, cy - size / 2);
      cairo_line_to (cr, x + size * 0.2 + size, cy);
      cairo_line_to (cr, x + size * 0.2, cy + size / 2);
    }
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* Header column: group headers with an expander, row names (with an expander
 * when the row has lanes), lane numbers. */
static void
draw_header (WeftTimelineRenderer  *self,
             cairo_t               *cr,
             const WeftRenderTheme *theme,
             PangoLayout           *layout,
             guint                  first_line,
             guint                  end_line)
{
  double w = MIN (self->header_width, self->width);
  WeftRgba shade = weft_rgba_mix (&theme->background, &theme->foreground, 0.04);

  if (w <= 0)
    return;

  cairo_save (cr);
  cairo_rectangle (cr, 0, _weft_timeline_renderer_body_top (self), w, _weft_timeline_renderer_body_height (self));
  cairo_clip (cr);
  weft_rgba_set_source (cr, &shade);
  cairo_paint (cr);

  for (guint i = first_line; i < end_line; i++)
    {
      const Line *line = &g_array_index (self->lines, Line, i);
      double y = _weft_timeline_renderer_line_screen_y (self, line);

      if (line->type == LINE_GROUP)
        {
          const Group *group = g_ptr_array_index (self->groups, line->group);
          gboolean collapsed = g_hash_table_contains (self->collapsed_groups, group->name);
          g_autofree char *text = g_strdup_printf ("%s (%u)", group->name, group->rows->len);

          weft_rgba_set_source (cr, &theme->grid);
          cairo_rectangle (cr, 0, y, w, line->height);
          cairo_fill (cr);
          weft_rgba_set_source (cr, &theme->foreground);
          if (line->height >= 8)
            draw_triangle (cr, HEADER_PADDING, y + line->height / 2, 8, !collapsed);
          show_text (cr, layout, text, HEADER_PADDING + EXPANDER_WIDTH, y,
                     w - HEADER_PADDING - EXPANDER_WIDTH - 4, line->height);
        }
      else if (line->type == LINE_ROW)
        {
          double indent = _weft_timeline_renderer_row_indent (self);
          const char *name = weft_event_table_get_row_name (self->table, line->row);

          weft_rgba_set_source (cr, &theme->foreground);
          if (_weft_timeline_renderer_row_n_lanes (self, line->row) > 1 && line->height >= 8)
            draw_triangle (cr, indent, y + line->height / 2, 7,
                           weft_timeline_renderer_get_row_expanded (self, line->row));
          show_text (cr, layout, name != NULL ? name : "", indent + EXPANDER_WIDTH, y,
                     w - indent - EXPANDER_WIDTH - 4, line->height);
        }
      else
        {
          g_autofree char *text = g_strdup_printf (_("lane %u"), line->lane);

          weft_rgba_set_source (cr, &theme->dim);
          show_text (cr, layout, text, HEADER_PADDING + 8 + EXPANDER_WIDTH + 8, y,
                     w - HEADER_PADDING - 8 - EXPANDER_WIDTH - 12, line->height);
        }
    }

  /* Separator between the header and the plot. */
  weft_rgba_set_source (cr, &theme->dim);
  cairo_rectangle (cr, w - 1, _weft_timeline_renderer_body_top (self), 1, _weft_timeline_renderer_body_height (self));
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
draw_ruler (WeftTimelineRenderer  *self,
            cairo_t               *cr,
            const WeftRenderTheme *theme,
            PangoLayout           *layout)
{
  WeftTimeSpan visible, document;
  double plot_x, plot_w;
  double last_label_end = -G_MAXDOUBLE;
  gint64 step, minor, first;
  WeftTimeUnit unit = self->table != NULL ? weft_event_table_get_time_unit (self->table)
                                          : WEFT_TIME_NANOSECONDS;

  weft_timeline_renderer_get_visible_span (self, &visible);
  weft_timeline_renderer_get_document_span (self, &document);
  weft_timeline_renderer_get_plot_area (self, &plot_x, NULL, &plot_w, NULL);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, self->width, RULER_HEIGHT);
  cairo_clip (cr);
  weft_rgba_set_source (cr, &theme->background);
  cairo_paint (cr);

  weft_rgba_set_source (cr, &theme->dim);
  cairo_rectangle (cr, 0, RULER_HEIGHT - 1, self->width, 1);
  cairo_fill (cr);
  if (unit == WEFT_TIME_LOGICAL)
    show_text (cr, layout, _("Events"), HEADER_PADDING, 2, self->header_width - 2 * HEADER_PADDING, RULER_HEIGHT - 6);

  cairo_rectangle (cr, plot_x, 0, plot_w, RULER_HEIGHT);
  cairo_clip (cr);

  step = weft_time_ruler_choose_step (weft_time_span_duration (&visible), plot_w, MIN_TICK_SPACING);
  minor = weft_time_ruler_minor_step (step);

  if (minor > 0)
    {
      gint64 t = document.begin + (gint64)floor ((double)(visible.begin - document.begin) / minor) * minor;

      weft_rgba_set_source (cr, &theme->dim);
      for (; t <= visible.end; t += minor)
        {
          double x = round (weft_timeline_renderer_time_to_x (self, t));

          cairo_rectangle (cr, x, RULER_HEIGHT - 4, 1, 3);
        }
      cairo_fill (cr);
    }

  first = document.begin + (gint64)floor ((double)(visible.begin - document.begin) / step) * step;
  for (gint64 t = first; t <= visible.end; t += step)
    {
      double x = round (weft_timeline_renderer_time_to_x (self, t));
      g_autofree char *label = weft_time_ruler_format_tick (t - document.begin, step, unit);
      double label_x = x + 3;
      int label_w;

      weft_rgba_set_source (cr, &theme->dim);
      cairo_rectangle (cr, x, RULER_HEIGHT - 8, 1, 7);
      cairo_fill (cr);
      weft_rgba_set_source (cr, &theme->foreground);
      pango_layout_set_width (layout, -1);
      pango_layout_set_text (layout, label, -1);
      /* A label that would run past the plot's end ("90 r" of "90 ms") goes
       * before its tick, when the previous label leaves it room. */
      pango_layout_get_pixel_size (layout, &label_w, NULL);
      if (label_x + label_w > plot_x + plot_w)
        {
          label_x = x - 3 - label_w;
          if (label_x < last_label_end + 6)
            continue;
        }
      cairo_move_to (cr, label_x, 2);
      pango_cairo_show_layout (cr, layout);
      last_label_end = label_x + label_w;
    }
  cairo_restore (cr);
}

static void
draw_grid (WeftTimelineRenderer  *self,
           cairo_t               *cr,
           const WeftRenderTheme *theme)
{
  WeftTimeSpan visible, document;
  double plot_x, plot_y, plot_w, plot_h;
  gint64 step, first;

  weft_timeline_renderer_get_visible_span (self, &visible);
  weft_timeline_renderer_get_document_span (self, &document);
  weft_timeline_renderer_get_plot_area (self, &plot_x, &plot_y, &plot_w, &plot_h);

  step = weft_time_ruler_choose_step (weft_time_span_duration (&visible), plot_w, MIN_TICK_SPACING);
  first = document.begin + (gint64)floor ((double)(visible.begin - document.begin) / step) * step;

  weft_rgba_set_source (cr, &theme->grid);
  /* No more lines than pixels, whatever the span (a span too long for its
   * duration to fit in 64 bits gets a step of 1). */
  for (gint64 t = first, k = 0; t <= visible.end && k <= (gint64)plot_w; t += step, k++)
    {
      double x = round (weft_timeline_renderer_time_to_x (self, t));

      if (x >= plot_x && x < plot_x + plot_w)
        cairo_rectangle (cr, x, plot_y, 1, plot_h);
    }
  cairo_fill (cr);
}

/* Drawing -------------------------------------------------------------------- */

static void
visible_lines (WeftTimelineRenderer *self,
               guint                *first,
               guint                *end)
{
  double top = round (self->scroll_offset);
  double bottom = top + _weft_timeline_renderer_body_height (self);
  guint lo = 0, hi = self->lines->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const Line *line = &g_array_index (self->lines, Line, mid);

      if (line->y + line->height <= top)
        lo = mid + 1;
      else
        hi = mid;
    }
  *first = lo;
  while (hi < self->lines->len && g_array_index (self->lines, Line, hi).y < bottom)
    hi++;
  *end = MAX (hi, lo);
}

/**
 * weft_timeline_renderer_draw_base:
 *
 * Draws everything but the overlays (selection, hovered and selected event)
 * over the whole size: background, ruler, header column, rows, links.
 */
void
weft_timeline_renderer_draw_base (WeftTimelineRenderer  *self,
                                  cairo_t               *cr,
                                  const WeftRenderTheme *theme)
{
  g_autoptr(PangoLayout) layout = NULL;
  WeftTimeSpan visible;
  double plot_x, plot_y, plot_w, plot_h;
  guint first = 0, end = 0;
  WeftTimelineFrame frame;

  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (theme != NULL);

  _weft_timeline_renderer_ensure_layout (self);
  weft_timeline_renderer_get_visible_span (self, &visible);
  weft_timeline_renderer_get_plot_area (self, &plot_x, &plot_y, &plot_w, &plot_h);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, self->width, self->height);
  cairo_clip (cr);
  weft_rgba_set_source (cr, &theme->background);
  cairo_paint (cr);

  layout = create_layout (cr, theme);
  g_array_set_size (self->arrows, 0);
  self->n_links_visible = 0;

  if (self->table != NULL && plot_h > 0)
    {
      visible_lines (self, &first, &end);

      cairo_save (cr);
      cairo_rectangle (cr, plot_x, plot_y, plot_w, plot_h);
      cairo_clip (cr);

      /* Group bands first, then vertical grid lines: both are the same on
       * every pixel row of a line, which the strips rely on. */
      for (guint i = first; i < end; i++)
        {
          const Line *line = &g_array_index (self->lines, Line, i);

          if (line->type == LINE_GROUP)
            {
              weft_rgba_set_source (cr, &theme->grid);
              cairo_rectangle (cr, plot_x, _weft_timeline_renderer_line_screen_y (self, line), plot_w, line->height);
              cairo_fill (cr);
            }
        }
      draw_grid (self, cr, theme);

      weft_timeline_frame_init (&frame, self->table, self->allow_raster, cr, theme,
                                plot_x, plot_y, plot_w, plot_h, &visible);
      frame.self = self;
      self->device_scale = frame.scale;
      for (guint i = first; i < end; i++)
        {
          const Line *line = &g_array_index (self->lines, Line, i);
          double y = _weft_timeline_renderer_line_screen_y (self, line);

          if (line->type == LINE_GROUP)
            draw_group_line (&frame, line, y);
          else if (line->type == LINE_ROW)
            draw_row_line (&frame, line, y);
          else
            draw_lane_strip (&frame, line->row, line->lane, y + 1, y + line->height - 1);
        }

      /* Separators under rows (not under lanes, which belong to their row). */
      weft_rgba_set_source (cr, &theme->grid);
      for (guint i = first; i < end; i++)
        {
          const Line *line = &g_array_index (self->lines, Line, i);
          const Line *next = i + 1 < self->lines->len ? line + 1 : NULL;

          if (next == NULL || next->type != LINE_LANE)
            cairo_rectangle (cr, plot_x, _weft_timeline_renderer_line_screen_y (self, line) + line->height - 1, plot_w, 1);
        }
      cairo_fill (cr);

      draw_links (&frame);
      weft_timeline_frame_clear (&frame);
      cairo_restore (cr);

      draw_header (self, cr, theme, layout, first, end);
    }

  draw_ruler (self, cr, theme, layout);
  cairo_restore (cr);
}

/**
 * weft_timeline_renderer_draw_overlays:
 *
 * Draws the selected span, shaded on the plot and the ruler. (The widget
 * draws its overlays, the selection and the hovered and selected event, as
 * snapshot nodes over its kept picture.)
 */
void
weft_timeline_renderer_draw_overlays (WeftTimelineRenderer  *self,
                                      cairo_t               *cr,
                                      const WeftRenderTheme *theme)
{
  WeftTimeSpan visible;
  double plot_x, plot_w;

  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (theme != NULL);

  weft_timeline_renderer_get_visible_span (self, &visible);
  weft_timeline_renderer_get_plot_area (self, &plot_x, NULL, &plot_w, NULL);

  cairo_save (cr);
  cairo_rectangle (cr, plot_x, 0, plot_w, self->height);
  cairo_clip (cr);

  /* A selection covering the whole visible span (just zoomed to) says
   * nothing, so it is not shaded. */
  if (self->has_selection &&
      !(self->selection.begin <= visible.begin && self->selection.end >= visible.end))
    {
      double x0 = weft_timeline_renderer_time_to_x (self, self->selection.begin);
      double x1 = weft_timeline_renderer_time_to_x (self, self->selection.end);

      weft_rgba_set_source (cr, &theme->selection);
      cairo_rectangle (cr, x0, 0, MAX (x1 - x0, 1), self->height);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

/**
 * weft_timeline_renderer_draw:
 *
 * Draws the whole timeline with its overlays: what an export shows.
 */
void
weft_timeline_renderer_draw (WeftTimelineRenderer  *self,
                             cairo_t               *cr,
                             const WeftRenderTheme *theme)
{
  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));

  weft_timeline_renderer_draw_base (self, cr, theme);
  weft_timeline_renderer_draw_overlays (self, cr, theme);
}

/**
 * weft_timeline_renderer_get_n_links_drawn:
 * @n_visible: (out) (optional): links crossing the visible span (starting
 *   in it or reaching into it), before sampling
 *
 * Returns: the arrows the last draw_base() drew (links are sampled down to a
 *   budget when there are more).
 */
guint
weft_timeline_renderer_get_n_links_drawn (WeftTimelineRenderer *self,
                                          guint64              *n_visible)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), 0);

  if (n_visible != NULL)
    *n_visible = self->n_links_visible;

  return self->arrows->len;
}

/* Legend --------------------------------------------------------------------- */

#define LEGEND_SWATCH  12.0
#define LEGEND_GAP     6.0
#define LEGEND_SPACING 18.0
#define LEGEND_LINE    18.0

typedef void (*LegendItemFunc) (cairo_t               *cr,
                                PangoLayout           *layout,
                                const WeftRenderTheme *theme,
                                WeftEventCategory      category,
                                const WeftRgba        *color,
                                double                 x,
                                double                 y);

static void
legend_item_draw (cairo_t               *cr,
                  PangoLayout           *layout,
                  const WeftRenderTheme *theme,
                  WeftEventCategory      category,
                  const WeftRgba        *color,
                  double                 x,
                  double                 y)
{
  double cy = y + LEGEND_LINE / 2;

  weft_rgba_set_source (cr, color);
  if (category == WEFT_EVENT_INSTANT)
    {
      cairo_move_to (cr, x, cy - 5);
      cairo_line_to (cr, x + LEGEND_SWATCH, cy - 5);
      cairo_line_to (cr, x + LEGEND_SWATCH / 2, cy + 5);
      cairo_close_path (cr);
      cairo_fill (cr);
    }
  else if (category == WEFT_EVENT_LINK)
    {
      cairo_set_line_width (cr, 1.5);
      cairo_move_to (cr, x, cy);
      cairo_line_to (cr, x + LEGEND_SWATCH - 4, cy);
      cairo_stroke (cr);
      cairo_move_to (cr, x + LEGEND_SWATCH, cy);
      cairo_line_to (cr, x + LEGEND_SWATCH - 5, cy - 3.5);
      cairo_line_to (cr, x + LEGEND_SWATCH - 5, cy + 3.5);
      cairo_close_path (cr);
      cairo_fill (cr);
    }
  else
    {
      cairo_rectangle (cr, x, cy - LEGEND_SWATCH / 2, LEGEND_SWATCH, LEGEND_SWATCH);
      cairo_fill (cr);
    }

  weft_rgba_set_source (cr, &theme->foreground);
  cairo_move_to (cr, x + LEGEND_SWATCH + LEGEND_GAP, y + 1);
  pango_cairo_show_layout (cr, layout);
}

/* Flows the entries of the kinds drawn (a format's kinds that its trace
 * has) left to right, wrapping at @width. Returns the height. */
static double
legend_flow (WeftTimelineRenderer  *self,
             cairo_t               *cr,
             PangoLayout           *layout,
             const WeftRenderTheme *theme,
             double                 x0,
             double                 y0,
             double                 width,
             LegendItemFunc         draw)
{
  guint n_kinds;
  double x = x0, y = y0;
  gboolean any = FALSE;

  if (self->table == NULL)
    return 0;

  n_kinds = weft_event_table_get_n_kinds (self->table);
  pango_layout_set_width (layout, -1);
  for (guint16 kind = 0; kind < n_kinds; kind++)
    {
      const char *name = weft_event_table_get_kind_name (self->table, kind);
      WeftRgba color = weft_timeline_kind_rgba (self->table, kind);
      int tw, th;
      double item_w;

      if (!weft_event_table_get_kind_used (self->table, kind))
        continue;
      pango_layout_set_text (layout, name != NULL ? name : "", -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      item_w = LEGEND_SWATCH + LEGEND_GAP + tw;

      if (any && x + item_w > x0 + width)
        {
          x = x0;
          y += LEGEND_LINE;
        }
      if (draw != NULL)
        draw (cr, layout, theme, weft_event_table_get_kind_category (self->table, kind), &color, x, y);
      x += item_w + LEGEND_SPACING;
      any = TRUE;
    }

  return any ? y - y0 + LEGEND_LINE : 0;
}

/**
 * weft_timeline_renderer_measure_legend:
 *
 * Returns: the height the legend of kinds takes when drawn @width wide
 *   (0 when the table has no kinds).
 */
double
weft_timeline_renderer_measure_legend (WeftTimelineRenderer  *self,
                                       const WeftRenderTheme *theme,
                                       double                 width)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autoptr(PangoLayout) layout = NULL;
  double height;

  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), 0);
  g_return_val_if_fail (theme != NULL, 0);

  /* Measured with the same font setup as drawing to an image. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  layout = create_layout (cr, theme);
  height = legend_flow (self, cr, layout, theme, 0, 0, width, NULL);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  return height;
}

void
weft_timeline_renderer_draw_legend (WeftTimelineRenderer  *self,
                                    cairo_t               *cr,
                                    const WeftRenderTheme *theme,
                                    double                 x,
                                    double                 y,
                                    double                 width)
{
  g_autoptr(PangoLayout) layout = NULL;

  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (theme != NULL);

  layout = create_layout (cr, theme);
  cairo_save (cr);
  legend_flow (self, cr, layout, theme, x, y, width, legend_item_draw);
  cairo_restore (cr);
}

/* Overview ------------------------------------------------------------------- */

/**
 * weft_timeline_renderer_draw_overview:
 *
 * Draws the whole document small, @width × @height at the origin: rows are
 * merged into bands of at least two pixels, each showing how busy its rows
 * are over time (from the pyramids), coloured by the dominant kind.
 */
void
weft_timeline_renderer_draw_overview (WeftTimelineRenderer  *self,
                                      cairo_t               *cr,
                                      const WeftRenderTheme *theme,
                                      double                 width,
                                      double                 height)
{
  WeftTimeSpan document;
  guint n_rows, n_bands;
  WeftTimelineFrame frame;
  g_autofree float *sum = NULL;
  g_autofree float *top = NULL;
  g_autofree guint16 *kind = NULL;

  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (theme != NULL);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  weft_rgba_set_source (cr, &theme->background);
  cairo_paint (cr);

  if (self->table == NULL || (n_rows = weft_event_table_get_n_rows (self->table)) == 0)
    {
      cairo_restore (cr);
      return;
    }

  weft_timeline_renderer_get_document_span (self, &document);
  n_bands = (guint)CLAMP (floor (height / 2), 1, n_rows);
  weft_timeline_frame_init (&frame, self->table, self->allow_raster, cr, theme, 0, 0, width, height, &document);
  frame.self = self;
  sum = g_new0 (float, frame.ncols);
  top = g_new0 (float, frame.ncols);
  kind = g_new0 (guint16, frame.ncols);

  for (guint band = 0; band < n_bands; band++)
    {
      guint r0 = (guint)((guint64)band * n_rows / n_bands);
      guint r1 = (guint)((guint64)(band + 1) * n_rows / n_bands);
      double y0 = round (band * height / n_bands);
      double y1 = round ((band + 1) * height / n_bands);

      memset (sum, 0, sizeof (float) * frame.ncols);
      memset (top, 0, sizeof (float) * frame.ncols);
      for (guint row = r0; row < r1; row++)
        {
          int level = _weft_timeline_renderer_summary_lod_level (self, row, frame.tpc);
          guint n_lanes = _weft_timeline_renderer_row_n_lanes (self, row);

          if (n_lanes == 0)
            continue;

          /* From the pyramid where it is fine enough, else (sparse rows,
           * whose buckets are wide) from the events. */
          weft_timeline_frame_reset (&frame);
          if (level >= 0)
            weft_timeline_frame_add_lod (&frame, row, level);
          else if (n_lanes == 1)
            weft_timeline_frame_add_lane (&frame, row, 0);
          else
            weft_timeline_frame_add_lanes (&frame, row, n_lanes);
          for (guint c = 0; c < frame.ncols; c++)
            {
              float v = MIN (1.0f, frame.cov[c] / n_lanes);

              sum[c] += v;
              if (v > top[c])
                {
                  top[c] = v;
                  kind[c] = frame.kinds[c];
                }
            }
        }
      for (guint c = 0; c < frame.ncols; c++)
        {
          frame.cov[c] = sum[c] / (r1 - r0);
          frame.kinds[c] = kind[c];
        }
      weft_timeline_frame_paint_strip (&frame, y0, y1, TRUE);
    }

  weft_timeline_frame_clear (&frame);
  cairo_restore (cr);
}

/* Export --------------------------------------------------------------------- */

/**
 * weft_timeline_draw_picture:
 *
 * Draws the "timeline" view of @dataset: its event table over
 * @options->range (the whole table when there is none), every row collapsed,
 * rows shrunk to fit the height where needed, and the legend of kinds below.
 *
 * Returns: %FALSE with @error set when the dataset has no event table or the
 *   range is empty.
 */
gboolean
weft_timeline_draw_picture (WeftDataset           *dataset,
                            const char            *view,
                            const WeftViewOptions *options,
                            const WeftRenderTheme *theme,
                            cairo_t               *cr,
                            double                 width,
                            double                 height,
                            GError               **error)
{
  g_autoptr(WeftTimelineRenderer) renderer = NULL;
  WeftEventTable *table;
  WeftTimeSpan span;
  double legend_h, body_h, content_h;

  g_return_val_if_fail (WEFT_IS_DATASET (dataset), FALSE);
  g_return_val_if_fail (theme != NULL, FALSE);
  g_return_val_if_fail (cr != NULL, FALSE);

  table = weft_dataset_get_event_table (dataset);
  if (table == NULL)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("This %s has no events to draw as a timeline"),
                   weft_dataset_get_family_name (dataset));
      return FALSE;
    }

  span = weft_event_table_get_span (table);
  if (options != NULL && options->has_range)
    {
      if (options->range.end <= options->range.begin)
        {
          g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                       _("The range to draw is empty"));
          return FALSE;
        }
      span = options->range;
    }
  if (span.end <= span.begin)
    span.end = span.begin + 1;

  renderer = weft_timeline_renderer_new ();
  weft_timeline_renderer_set_table (renderer, table);
  weft_timeline_renderer_set_visible_span (renderer, &span);
  weft_timeline_renderer_set_header_width (renderer, MIN (DEFAULT_HEADER_WIDTH, width / 4));

  legend_h = weft_timeline_renderer_measure_legend (renderer, theme, width - 16);
  body_h = MAX (RULER_HEIGHT + MIN_ROW_HEIGHT, height - (legend_h > 0 ? legend_h + 12 : 0));
  weft_timeline_renderer_set_size (renderer, width, body_h);

  /* Everything on one page: rows shrink to fit (down to a few pixels) or
   * grow to use the height (up to three times their usual size). */
  content_h = weft_timeline_renderer_get_content_height (renderer);
  if (content_h > 0)
    {
      double scale = MIN ((body_h - RULER_HEIGHT) / content_h, 3.0);

      weft_timeline_renderer_set_row_height (renderer, floor (DEFAULT_ROW_HEIGHT * scale));
    }

  weft_rgba_set_source (cr, &theme->background);
  cairo_paint (cr);
  weft_timeline_renderer_draw (renderer, cr, theme);
  if (legend_h > 0)
    weft_timeline_renderer_draw_legend (renderer, cr, theme, 8, body_h + 6, width - 16);

  return TRUE;
}

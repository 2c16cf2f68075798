/* weft-timeline-renderer-hit.c: what is under a point of a timeline frame
 * (interval, instant, link, pyramid bucket, header, ruler) and its
 * description for tooltips.
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

/* Hit testing ---------------------------------------------------------------- */

static double
point_segment_distance (double px,
                        double py,
                        double x0,
                        double y0,
                        double x1,
                        double y1)
{
  double dx = x1 - x0, dy = y1 - y0;
  double len2 = dx * dx + dy * dy;
  double t = len2 > 0 ? ((px - x0) * dx + (py - y0) * dy) / len2 : 0;

  t = CLAMP (t, 0, 1);
  return hypot (px - (x0 + t * dx), py - (y0 + t * dy));
}

static gboolean
hit_interval (WeftTimelineRenderer *self,
              guint                 row,
              guint                 lane,
              double                x,
              WeftTimelineHit      *hit)
{
  WeftIntervalSlice slice;
  gint64 t = weft_timeline_renderer_x_to_time (self, x);
  gint64 lo = weft_timeline_renderer_x_to_time (self, x - HIT_TOLERANCE);
  gint64 hi = weft_timeline_renderer_x_to_time (self, x + HIT_TOLERANCE) + 1;
  gsize first = 0, last = 0, found = G_MAXSIZE;

  weft_event_table_get_lane (self->table, row, lane, &slice);
  if (slice.n == 0)
    return FALSE;
  weft_event_table_find_intervals (self->table, row, lane, lo, hi, &first, &last);
  last = MIN (last, slice.n);
  if (first >= last)
    return FALSE;

  for (gsize i = first; i < last; i++)
    {
      if (slice.begin[i] <= t && t < slice.end[i])
        {
          found = i;
          break;
        }
    }

  /* Several events within the tolerance and none wide under the pointer:
   * that is a bucket, not an event. */
  if (found != G_MAXSIZE)
    {
      double w = weft_timeline_renderer_time_to_x (self, slice.end[found]) -
                 weft_timeline_renderer_time_to_x (self, slice.begin[found]);

      if (last - first > 1 && w < 2 * HIT_TOLERANCE)
        return FALSE;
    }
  else if (last - first == 1)
    found = first;
  else
    return FALSE;

  hit->type = WEFT_TIMELINE_HIT_EVENT;
  hit->category = WEFT_EVENT_INTERVAL;
  hit->row = row;
  hit->lane = lane;
  hit->index = found;
  hit->ref = slice.ref[found];
  hit->kind = slice.kind[found];
  hit->label = slice.label[found];
  hit->begin = slice.begin[found];
  hit->end = slice.end[found];

  return TRUE;
}

static gboolean
hit_instant (WeftTimelineRenderer *self,
             guint                 row,
             double                x,
             WeftTimelineHit      *hit)
{
  WeftInstantSlice slice;
  gint64 lo = weft_timeline_renderer_x_to_time (self, x - HIT_TOLERANCE - 1);
  gint64 hi = weft_timeline_renderer_x_to_time (self, x + HIT_TOLERANCE + 1) + 1;
  gsize first = 0, last = 0, best = G_MAXSIZE;
  double best_d = G_MAXDOUBLE;

  weft_event_table_get_instants (self->table, row, &slice);
  if (slice.n == 0)
    return FALSE;
  weft_event_table_find_instants (self->table, row, lo, hi, &first, &last);
  last = MIN (last, slice.n);

  /* Bounded: only instants within a few pixels, at most a handful checked. */
  for (gsize i = first; i < last && i < first + 64; i++)
    {
      double d = fabs (weft_timeline_renderer_time_to_x (self, slice.time[i]) - x);

      if (d < best_d)
        {
          best_d = d;
          best = i;
        }
    }
  if (best == G_MAXSIZE || best_d > HIT_TOLERANCE + 1)
    return FALSE;

  hit->type = WEFT_TIMELINE_HIT_EVENT;
  hit->category = WEFT_EVENT_INSTANT;
  hit->row = row;
  hit->lane = -1;
  hit->index = best;
  hit->ref = slice.ref[best];
  hit->kind = slice.kind[best];
  hit->label = slice.label[best];
  hit->begin = hit->end = slice.time[best];

  return TRUE;
}

static gboolean
hit_link (WeftTimelineRenderer *self,
          double                x,
          double                y,
          WeftTimelineHit      *hit)
{
  const Arrow *best = NULL;
  double best_d = HIT_TOLERANCE;
  WeftLinkSlice slice;

  for (guint a = 0; a < self->arrows->len; a++)
    {
      const Arrow *arrow = &g_array_index (self->arrows, Arrow, a);
      double d = point_segment_distance (x, y, arrow->x0, arrow->y0, arrow->x1, arrow->y1);

      if (d <= best_d)
        {
          best_d = d;
          best = arrow;
        }
    }
  if (best == NULL)
    return FALSE;

  weft_event_table_get_link_pair (self->table, best->pair, &slice);
  hit->type = WEFT_TIMELINE_HIT_EVENT;
  hit->category = WEFT_EVENT_LINK;
  hit->row = slice.from_row;
  hit->to_row = slice.to_row;
  hit->lane = -1;
  hit->pair = best->pair;
  hit->index = best->index;
  hit->ref = slice.ref[best->index];
  hit->kind = slice.kind[best->index];
  hit->label = slice.label[best->index];
  hit->begin = slice.from_time[best->index];
  hit->end = slice.to_time[best->index];

  return TRUE;
}

/* The pixel column at @x as a bucket of @row (lane -1: all lanes). */
static void
hit_bucket (WeftTimelineRenderer *self,
            guint                 row,
            int                   lane,
            double                x,
            WeftTimelineHit      *hit)
{
  double plot_x;
  gint64 begin, end;

  weft_timeline_renderer_get_plot_area (self, &plot_x, NULL, NULL, NULL);
  begin = weft_timeline_renderer_x_to_time (self, plot_x + floor (x - plot_x));
  end = MAX (begin + 1, weft_timeline_renderer_x_to_time (self, plot_x + floor (x - plot_x) + 1));

  hit->row = row;
  hit->lane = lane;
  hit->begin = begin;
  hit->end = end;

  if (lane < 0)
    {
      WeftLodBucket agg = { 0 };

      weft_event_table_aggregate (self->table, row, begin, end, &agg);
      hit->n_events = (guint64)agg.n_intervals + agg.n_instants;
      hit->busy = (double)agg.busy / (double)(end - begin);
      hit->kind = agg.kind;
    }
  else
    {
      WeftIntervalSlice slice;
      WeftTimeSpan span = { begin, end };
      gsize first = 0, last = 0;
      WeftTimelineFrame f;

      weft_event_table_get_lane (self->table, row, lane, &slice);
      weft_event_table_find_intervals (self->table, row, lane, begin, end, &first, &last);
      last = MIN (last, slice.n);

      /* The same estimate as drawing, over a one-column frame. */
      memset (&f, 0, sizeof f);
      f.self = self;
      f.ncols = 1;
      f.t0 = (double)span.begin;
      f.tpc = (double)(span.end - span.begin);
      f.cov = g_new0 (float, 1);
      f.best = g_new0 (float, 1);
      f.kinds = g_new0 (guint16, 1);
      if (first < last)
        weft_timeline_frame_add_slice (&f, &slice, first, last);
      hit->n_events = last > first ? last - first : 0;
      hit->busy = f.cov[0];
      hit->kind = f.best[0] > 0 ? f.kinds[0] : G_MAXUINT16;
      g_free (f.cov);
      g_free (f.best);
      g_free (f.kinds);
    }

  hit->type = hit->n_events > 0 || hit->busy > 0 ? WEFT_TIMELINE_HIT_BUCKET : WEFT_TIMELINE_HIT_EMPTY;
}

/**
 * weft_timeline_renderer_hit_test:
 * @hit: (out): what is at (@x, @y)
 *
 * Finds what was drawn at a point with the current layout: the ruler, a group
 * or row header (and whether on its expander), an event (an interval, an
 * instant, a link arrow) or, where one pixel holds many events, the bucket.
 */
void
weft_timeline_renderer_hit_test (WeftTimelineRenderer *self,
                                 double                x,
                                 double                y,
                                 WeftTimelineHit      *hit)
{
  double plot_x, plot_w, line_y, line_h;
  const Line *line;

  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));
  g_return_if_fail (hit != NULL);

  weft_timeline_hit_init (hit);
  if (self->table == NULL || x < 0 || y < 0 || x >= self->width || y >= self->height)
    return;

  _weft_timeline_renderer_ensure_layout (self);
  weft_timeline_renderer_get_plot_area (self, &plot_x, NULL, &plot_w, NULL);
  hit->time = weft_timeline_renderer_x_to_time (self, CLAMP (x, plot_x, plot_x + plot_w));

  if (y < RULER_HEIGHT)
    {
      if (x >= plot_x)
        hit->type = WEFT_TIMELINE_HIT_RULER;
      return;
    }

  line = _weft_timeline_renderer_line_at_content_y (self, y - _weft_timeline_renderer_body_top (self) + round (self->scroll_offset));
  if (line == NULL)
    return;
  line_y = _weft_timeline_renderer_line_screen_y (self, line);
  line_h = line->height;
  _weft_timeline_renderer_hit_from_line (self, line, hit);

  if (x < plot_x)
    {
      if (line->type == LINE_GROUP)
        hit->on_expander = TRUE;
      else if (line->type == LINE_ROW && _weft_timeline_renderer_row_n_lanes (self, line->row) > 1)
        {
          double indent = _weft_timeline_renderer_row_indent (self);

          hit->on_expander = x >= indent - 2 && x < indent + EXPANDER_WIDTH;
        }
      return;
    }

  if (line->type == LINE_GROUP)
    {
      const Group *group = g_ptr_array_index (self->groups, line->group);
      double plot_left = plot_x + floor (x - plot_x);
      gint64 begin = weft_timeline_renderer_x_to_time (self, plot_left);
      gint64 end = MAX (begin + 1, weft_timeline_renderer_x_to_time (self, plot_left + 1));

      /* Whole group: events and busy time summed over its rows. */
      hit->begin = begin;
      hit->end = end;
      for (guint i = 0; i < group->rows->len; i++)
        {
          WeftLodBucket agg = { 0 };

          weft_event_table_aggregate (self->table, g_array_index (group->rows, guint, i), begin, end, &agg);
          hit->n_events += (guint64)agg.n_intervals + agg.n_instants;
          hit->busy += (double)agg.busy / (double)(end - begin);
        }
      return;
    }

  if (hit_link (self, x, y, hit))
    return;

  if (line->type == LINE_LANE)
    {
      if (!hit_interval (self, line->row, line->lane, x, hit))
        hit_bucket (self, line->row, line->lane, x, hit);
      return;
    }

  {
    guint row = line->row;
    guint n_lanes = _weft_timeline_renderer_row_n_lanes (self, row);
    double zone = CLAMP (round (line_h * 0.4), 3, 8);
    double sy, sh;

    /* The top of the line holds instants, which win there. */
    if (y < line_y + 1 + zone + 1 && hit_instant (self, row, x, hit))
      return;

    _weft_timeline_renderer_row_strip (self, line_y, line_h, &sy, &sh);
    if (n_lanes == 1)
      {
        if (hit_interval (self, row, 0, x, hit))
          return;
      }
    else if (_weft_timeline_renderer_row_is_squeezed (self, row))
      {
        guint lane = (guint)CLAMP (floor ((y - sy) / sh * n_lanes), 0, n_lanes - 1);

        if (hit_interval (self, row, lane, x, hit))
          return;
      }
    else if (n_lanes > 1)
      {
        WeftTimelineHit candidate;
        guint n_found = 0;

        /* One wide interval across all lanes is an event; more are a bucket. */
        for (guint lane = 0; lane < n_lanes && n_found < 2; lane++)
          {
            WeftTimelineHit probe = *hit;

            if (hit_interval (self, row, lane, x, &probe))
              {
                candidate = probe;
                n_found++;
              }
          }
        if (n_found == 1)
          {
            *hit = candidate;
            return;
          }
      }

    if (hit_instant (self, row, x, hit))
      return;

    _weft_timeline_renderer_hit_from_line (self, line, hit);
    hit_bucket (self, row, -1, x, hit);
  }
}

/**
 * weft_timeline_renderer_get_hit_rect:
 *
 * Returns: %TRUE with where @hit is drawn (an event, a bucket's column, a
 *   header line), clipped to nothing; %FALSE when it is not drawn now.
 */
gboolean
weft_timeline_renderer_get_hit_rect (WeftTimelineRenderer  *self,
                                     const WeftTimelineHit *hit,
                                     double                *x,
                                     double                *y,
                                     double                *width,
                                     double                *height)
{
  double ly, lh, x0, x1;

  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), FALSE);
  g_return_val_if_fail (hit != NULL, FALSE);

  if (self->table == NULL || hit->row < 0 || hit->row >= (int)weft_event_table_get_n_rows (self->table))
    return FALSE;
  if (hit->type != WEFT_TIMELINE_HIT_EVENT && hit->type != WEFT_TIMELINE_HIT_BUCKET)
    return FALSE;

  if (hit->type == WEFT_TIMELINE_HIT_EVENT && hit->category == WEFT_EVENT_LINK)
    {
      double ya, yb;

      _weft_timeline_renderer_ensure_layout (self);
      ya = _weft_timeline_renderer_row_center_y (self, hit->row);
      yb = _weft_timeline_renderer_row_center_y (self, hit->to_row);
      x0 = weft_timeline_renderer_time_to_x (self, hit->begin);
      x1 = weft_timeline_renderer_time_to_x (self, hit->end);
      *x = MIN (x0, x1) - 2;
      *y = MIN (ya, yb) - 2;
      *width = fabs (x1 - x0) + 4;
      *height = fabs (yb - ya) + 4;
      return TRUE;
    }

  if (!weft_timeline_renderer_get_row_extent (self, hit->row, hit->lane, &ly, &lh))
    return FALSE;

  x0 = weft_timeline_renderer_time_to_x (self, hit->begin);
  x1 = weft_timeline_renderer_time_to_x (self, hit->end);
  if (hit->type == WEFT_TIMELINE_HIT_EVENT && hit->category == WEFT_EVENT_INSTANT)
    {
      x0 -= 4;
      x1 += 4;
    }
  if (x1 - x0 < 1)
    x1 = x0 + 1;

  *x = x0;
  *y = ly;
  *width = x1 - x0;
  *height = lh;
  return TRUE;
}

static char *
format_time (WeftTimelineRenderer *self,
             gint64                time)
{
  WeftTimeSpan document;

  weft_timeline_renderer_get_document_span (self, &document);
  if (weft_event_table_get_time_unit (self->table) == WEFT_TIME_LOGICAL)
    return g_strdup_printf (_("event %" PRId64), time - document.begin);
  if (time == document.begin)
    return g_strdup ("0");

  return weft_format_duration (time - document.begin);
}

static char *
format_duration (WeftTimelineRenderer *self,
                 gint64                duration)
{
  if (weft_event_table_get_time_unit (self->table) == WEFT_TIME_LOGICAL)
    return g_strdup_printf (ngettext ("%" PRId64 " event", "%" PRId64 " events",
                                      (gulong)duration), duration);

  return weft_format_duration (duration);
}

/**
 * weft_timeline_renderer_describe_hit:
 *
 * Returns: (transfer full) (nullable): Pango markup describing @hit for a
 *   tooltip (kind, label, row, start, duration; for a bucket how many events
 *   and how busy), or %NULL when there is nothing to say.
 */
char *
weft_timeline_renderer_describe_hit (WeftTimelineRenderer  *self,
                                     const WeftTimelineHit *hit)
{
  g_autoptr(GString) out = NULL;
  const char *row_name;

  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), NULL);
  g_return_val_if_fail (hit != NULL, NULL);

  if (self->table == NULL)
    return NULL;

  out = g_string_new (NULL);
  row_name = hit->row >= 0 ? weft_event_table_get_row_name (self->table, hit->row) : NULL;

  if (hit->type == WEFT_TIMELINE_HIT_EVENT)
    {
      const char *kind = weft_event_table_get_kind_name (self->table, hit->kind);
      const char *label = weft_event_table_lookup_string (self->table, hit->label);
      g_autofree char *begin = format_time (self, hit->begin);
      g_autofree char *end = format_time (self, hit->end);

      g_string_append_printf (out, "<b>%s</b>", kind != NULL ? kind : _("Event"));
      if (label != NULL && label[0] != '\0')
        {
          g_autofree char *escaped = g_markup_escape_text (label, -1);

          g_string_append_printf (out, " %s", escaped);
        }

      if (hit->category == WEFT_EVENT_LINK)
        {
          const char *to_name = weft_event_table_get_row_name (self->table, hit->to_row);
          WeftLinkSlice slice;
          g_autofree char *from_esc = g_markup_escape_text (row_name != NULL ? row_name : "", -1);
          g_autofree char *to_esc = g_markup_escape_text (to_name != NULL ? to_name : "", -1);

          weft_event_table_get_link_pair (self->table, hit->pair, &slice);
          g_string_append_printf (out, _("\nFrom: %s at %s"), from_esc, begin);
          g_string_append_printf (out, _("\nTo: %s at %s"), to_esc, end);
          if (hit->index < slice.n && slice.size[hit->index] > 0)
            {
              g_autofree char *size = weft_format_bytes (slice.size[hit->index]);

              g_string_append_printf (out, _("\nSize: %s"), size);
            }
          return g_string_free (g_steal_pointer (&out), FALSE);
        }

      {
        g_autofree char *escaped = g_markup_escape_text (row_name != NULL ? row_name : "", -1);

        if (hit->lane >= 0 && hit->category == WEFT_EVENT_INTERVAL)
          g_string_append_printf (out, _("\nRow: %s, lane %d"), escaped, hit->lane);
        else
          g_string_append_printf (out, _("\nRow: %s"), escaped);
      }

      if (hit->category == WEFT_EVENT_INSTANT)
        g_string_append_printf (out, _("\nAt: %s"), begin);
      else
        {
          g_autofree char *duration = format_duration (self, hit->end - hit->begin);

          g_string_append_printf (out, _("\nStart: %s\nDuration: %s"), begin, duration);
        }
      return g_string_free (g_steal_pointer (&out), FALSE);
    }

  if (hit->type == WEFT_TIMELINE_HIT_BUCKET ||
      (hit->type == WEFT_TIMELINE_HIT_GROUP_HEADER && hit->end > hit->begin))
    {
      g_autofree char *begin = format_time (self, hit->begin);
      g_autofree char *end = format_time (self, hit->end);
      g_autofree char *count = weft_format_count (hit->n_events);
      const char *name = row_name;

      if (hit->type == WEFT_TIMELINE_HIT_GROUP_HEADER)
        name = weft_timeline_renderer_get_group_name (self, hit->group);
      {
        g_autofree char *escaped = g_markup_escape_text (name != NULL ? name : "", -1);

        g_string_append_printf (out, "<b>%s</b>", escaped);
      }
      g_string_append_printf (out, ngettext ("\n%s event", "\n%s events", (gulong)MIN (hit->n_events, G_MAXULONG)), count);
      if (hit->lane >= 0 || (hit->row >= 0 && _weft_timeline_renderer_row_n_lanes (self, hit->row) <= 1))
        g_string_append_printf (out, _("\nBusy: %.0f %%"), MIN (hit->busy, 1.0) * 100);
      else
        g_string_append_printf (out, _("\nConcurrency: %.2f"), hit->busy);
      g_string_append_printf (out, _("\n%s – %s"), begin, end);
      return g_string_free (g_steal_pointer (&out), FALSE);
    }

  if (hit->type == WEFT_TIMELINE_HIT_GROUP_HEADER && hit->group >= 0)
    {
      const char *name = weft_timeline_renderer_get_group_name (self, hit->group);
      g_autofree char *escaped = g_markup_escape_text (name != NULL ? name : "", -1);

      g_string_append_printf (out, "<b>%s</b>", escaped);
      g_string_append (out, weft_timeline_renderer_get_group_collapsed (self, name)
                            ? _("\nClick to show the rows") : _("\nClick to hide the rows"));
      return g_string_free (g_steal_pointer (&out), FALSE);
    }

  if (hit->type == WEFT_TIMELINE_HIT_ROW_HEADER && hit->row >= 0)
    {
      g_autofree char *escaped = g_markup_escape_text (row_name != NULL ? row_name : "", -1);
      guint n_lanes = _weft_timeline_renderer_row_n_lanes (self, hit->row);

      g_string_append_printf (out, "<b>%s</b>", escaped);
      if (hit->lane >= 0)
        g_string_append_printf (out, _("\nLane %d"), hit->lane);
      else if (n_lanes > 1)
        g_string_append_printf (out, ngettext ("\n%u lane (click the triangle to show it)",
                                               "\n%u lanes (click the triangle to show them)", n_lanes), n_lanes);
      return g_string_free (g_steal_pointer (&out), FALSE);
    }

  if (hit->type == WEFT_TIMELINE_HIT_RULER)
    {
      g_autofree char *time = format_time (self, hit->time);

      g_string_append (out, time);
      return g_string_free (g_steal_pointer (&out), FALSE);
    }

  return NULL;
}

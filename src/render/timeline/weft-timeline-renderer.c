/* weft-timeline-renderer.c
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


enum {
  PROP_0,
  PROP_TABLE,
  PROP_SCROLL_OFFSET,
  PROP_CONTENT_HEIGHT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (WeftTimelineRenderer, weft_timeline_renderer, G_TYPE_OBJECT)

static void
group_free (Group *group)
{
  g_free (group->name);
  g_array_unref (group->rows);
  g_free (group);
}

static void
changed (WeftTimelineRenderer *self)
{
  self->generation++;
}

static void
invalidate_layout (WeftTimelineRenderer *self)
{
  self->layout_valid = FALSE;
  changed (self);
}

/* Layout --------------------------------------------------------------------- */

static double
lane_height (WeftTimelineRenderer *self)
{
  return MAX (2.0, round (self->row_height * 0.6));
}

static double
group_height (WeftTimelineRenderer *self)
{
  /* A header holds one line of text: it shrinks with rows, never grows past it. */
  return CLAMP (round (self->row_height * 0.85), MIN_ROW_HEIGHT, 20);
}

guint
_weft_timeline_renderer_row_n_lanes (WeftTimelineRenderer *self,
                                     guint                 row)
{
  return weft_event_table_get_n_lanes (self->table, row);
}

static void
build_groups (WeftTimelineRenderer *self)
{
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  Group *ungrouped = NULL;
  guint n_rows;

  g_ptr_array_set_size (self->groups, 0);
  if (self->table == NULL)
    return;

  /* Groups appear in the order of their first row; rows keep table order. */
  n_rows = weft_event_table_get_n_rows (self->table);
  for (guint row = 0; row < n_rows; row++)
    {
      const char *name = weft_event_table_get_row_group (self->table, row);
      Group *group;

      if (name == NULL || name[0] == '\0')
        {
          if (ungrouped == NULL)
            {
              ungrouped = g_new0 (Group, 1);
              ungrouped->rows = g_array_new (FALSE, FALSE, sizeof (guint));
              g_ptr_array_add (self->groups, ungrouped);
            }
          group = ungrouped;
        }
      else if ((group = g_hash_table_lookup (by_name, name)) == NULL)
        {
          group = g_new0 (Group, 1);
          group->name = g_strdup (name);
          group->rows = g_array_new (FALSE, FALSE, sizeof (guint));
          g_hash_table_insert (by_name, group->name, group);
          g_ptr_array_add (self->groups, group);
        }
      g_array_append_val (group->rows, row);
    }
}

void
_weft_timeline_renderer_ensure_layout (WeftTimelineRenderer *self)
{
  double y = 0;
  guint n_rows;

  if (self->layout_valid)
    return;

  g_array_set_size (self->lines, 0);
  g_clear_pointer (&self->row_line, g_free);
  n_rows = self->table != NULL ? weft_event_table_get_n_rows (self->table) : 0;
  self->row_line = g_new0 (int, MAX (n_rows, 1));

  for (guint g = 0; g < self->groups->len; g++)
    {
      const Group *group = g_ptr_array_index (self->groups, g);
      gboolean collapsed = FALSE;

      if (group->name != NULL)
        {
          Line line = { LINE_GROUP, g, 0, 0, y, group_height (self) };

          collapsed = g_hash_table_contains (self->collapsed_groups, group->name);
          g_array_append_val (self->lines, line);
          y += line.height;
        }

      for (guint i = 0; i < group->rows->len; i++)
        {
          guint row = g_array_index (group->rows, guint, i);

          if (collapsed)
            {
              self->row_line[row] = -(int)(self->lines->len - 1) - 1;
              continue;
            }

          {
            Line line = { LINE_ROW, g, row, 0, y, self->row_height };

            self->row_line[row] = self->lines->len;
            g_array_append_val (self->lines, line);
            y += line.height;
          }

          if (g_hash_table_contains (self->expanded_rows, GUINT_TO_POINTER (row + 1)))
            {
              guint n_lanes = _weft_timeline_renderer_row_n_lanes (self, row);

              for (guint lane = 0; lane < n_lanes; lane++)
                {
                  Line line = { LINE_LANE, g, row, lane, y, lane_height (self) };

                  g_array_append_val (self->lines, line);
                  y += line.height;
                }
            }
        }
    }

  self->content_height = y;
  self->layout_valid = TRUE;
}

double
_weft_timeline_renderer_body_top (WeftTimelineRenderer *self)
{
  return RULER_HEIGHT;
}

double
_weft_timeline_renderer_body_height (WeftTimelineRenderer *self)
{
  return MAX (0.0, self->height - RULER_HEIGHT);
}

/* Screen y of a line's top. Scrolling is rounded to whole pixels so that
 * lines stay on the pixel grid and the strips can be copied row by row. */
double
_weft_timeline_renderer_line_screen_y (WeftTimelineRenderer *self,
                                       const Line           *line)
{
  return _weft_timeline_renderer_body_top (self) + line->y - round (self->scroll_offset);
}

const Line *
_weft_timeline_renderer_line_at_content_y (WeftTimelineRenderer *self,
                                           double                y)
{
  guint lo = 0, hi = self->lines->len;

  if (y < 0)
    return NULL;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const Line *line = &g_array_index (self->lines, Line, mid);

      if (y < line->y)
        hi = mid;
      else if (y >= line->y + line->height)
        lo = mid + 1;
      else
        return line;
    }

  return NULL;
}

/* The line a row's links and highlight attach to: its own line, or its
 * collapsed group's header. */
const Line *
_weft_timeline_renderer_row_anchor_line (WeftTimelineRenderer *self,
                                         guint                 row)
{
  int index = self->row_line[row];

  if (index < 0)
    index = -index - 1;

  return &g_array_index (self->lines, Line, index);
}

/* GObject -------------------------------------------------------------------- */

static void
weft_timeline_renderer_finalize (GObject *object)
{
  WeftTimelineRenderer *self = (WeftTimelineRenderer *)object;

  g_clear_pointer (&self->table, weft_event_table_unref);
  g_clear_pointer (&self->collapsed_groups, g_hash_table_unref);
  g_clear_pointer (&self->expanded_rows, g_hash_table_unref);
  g_clear_pointer (&self->groups, g_ptr_array_unref);
  g_clear_pointer (&self->lines, g_array_unref);
  g_clear_pointer (&self->row_line, g_free);
  g_clear_pointer (&self->arrows, g_array_unref);
  g_clear_pointer (&self->markers, g_array_unref);

  G_OBJECT_CLASS (weft_timeline_renderer_parent_class)->finalize (object);
}

static void
weft_timeline_renderer_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  WeftTimelineRenderer *self = WEFT_TIMELINE_RENDERER (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      g_value_set_boxed (value, self->table);
      break;

    case PROP_SCROLL_OFFSET:
      g_value_set_double (value, self->scroll_offset);
      break;

    case PROP_CONTENT_HEIGHT:
      g_value_set_double (value, weft_timeline_renderer_get_content_height (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_timeline_renderer_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  WeftTimelineRenderer *self = WEFT_TIMELINE_RENDERER (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      weft_timeline_renderer_set_table (self, g_value_get_boxed (value));
      break;

    case PROP_SCROLL_OFFSET:
      weft_timeline_renderer_set_scroll_offset (self, g_value_get_double (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_timeline_renderer_class_init (WeftTimelineRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = weft_timeline_renderer_finalize;
  object_class->get_property = weft_timeline_renderer_get_property;
  object_class->set_property = weft_timeline_renderer_set_property;

  properties[PROP_TABLE] =
    g_param_spec_boxed ("table", NULL, NULL, WEFT_TYPE_EVENT_TABLE,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SCROLL_OFFSET] =
    g_param_spec_double ("scroll-offset", NULL, NULL, 0, G_MAXDOUBLE, 0,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_CONTENT_HEIGHT] =
    g_param_spec_double ("content-height", NULL, NULL, 0, G_MAXDOUBLE, 0,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
weft_timeline_renderer_init (WeftTimelineRenderer *self)
{
  self->header_width = DEFAULT_HEADER_WIDTH;
  self->row_height = DEFAULT_ROW_HEIGHT;
  self->width = 800;
  self->height = 600;
  self->allow_raster = TRUE;
  self->device_scale = 1;
  self->collapsed_groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->expanded_rows = g_hash_table_new (NULL, NULL);
  self->groups = g_ptr_array_new_with_free_func ((GDestroyNotify)group_free);
  self->lines = g_array_new (FALSE, FALSE, sizeof (Line));
  self->arrows = g_array_new (FALSE, FALSE, sizeof (Arrow));
  self->markers = g_array_new (FALSE, FALSE, sizeof (gsize));
}

WeftTimelineRenderer *
weft_timeline_renderer_new (void)
{
  return g_object_new (WEFT_TYPE_TIMELINE_RENDERER, NULL);
}

/* Accessors ------------------------------------------------------------------ */

/**
 * weft_timeline_renderer_get_table:
 *
 * Returns: (transfer none) (nullable): the table drawn
 */
WeftEventTable *
weft_timeline_renderer_get_table (WeftTimelineRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), NULL);

  return self->table;
}

/**
 * weft_timeline_renderer_set_table:
 *
 * Sets the table to draw. The visible span becomes the table's span (until
 * set), rows are shown collapsed; collapsed groups are remembered by name.
 */
void
weft_timeline_renderer_set_table (WeftTimelineRenderer *self,
                                  WeftEventTable       *table)
{
  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));

  if (self->table == table)
    return;

  g_clear_pointer (&self->table, weft_event_table_unref);
  if (table != NULL)
    self->table = weft_event_table_ref (table);

  g_hash_table_remove_all (self->expanded_rows);
  g_array_set_size (self->arrows, 0);
  build_groups (self);
  invalidate_layout (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTENT_HEIGHT]);
}

void
weft_timeline_renderer_set_size (WeftTimelineRenderer *self,
                                 double                width,
                                 double                height)
{
  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));

  width = MAX (width, 1);
  height = MAX (height, 1);
  if (self->width == width && self->height == height)
    return;

  self->width = width;
  self->height = height;
  changed (self);
}

double
weft_timeline_renderer_get_width (WeftTimelineRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), 0);

  return self->width;
}

double
weft_timeline_renderer_get_height (WeftTimelineRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), 0);

  return self->height;
}

static WeftTimeSpan
table_span (WeftTimelineRenderer *self)
{
  WeftTimeSpan span = { 0, 1 };

  if (self->table != NULL)
    span = weft_event_table_get_span (self->table);
  if (span.end <= span.begin)
    span.end = span.begin + 1;

  return span;
}

/**
 * weft_timeline_renderer_get_visible_span:
 * @span: (out): the visible span; the table's span until one is set
 */
void
weft_timeline_renderer_get_visible_span (WeftTimelineRenderer *self,
                                         WeftTimeSpan         *span)
{
  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));
  g_return_if_fail (span != NULL);

  *span = self->has_visible ? self->visible : table_span (self);
}

void
weft_timeline_renderer_set_visible_span (WeftTimelineRenderer *self,
                                         const WeftTimeSpan   *span)
{
  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));

  if (span == NULL)
    {
      if (self->has_visible)
        {
          self->has_visible = FALSE;
          changed (self);
        }
      return;
    }

  if (self->has_visible && weft_time_span_equal (&self->visible, span))
    return;

  self->visible = *span;
  if (self->visible.end <= self->visible.begin)
    self->visible.end = self->visible.begin + 1;
  self->has_visible = TRUE;
  changed (self);
}

/**
 * weft_timeline_renderer_set_document_span:
 * @span: (nullable): the span ruler labels count from; %NULL for the table's
 */
void
weft_timeline_renderer_set_document_span (WeftTimelineRenderer *self,
                                          const WeftTimeSpan   *span)
{
  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));

  if (span == NULL ? !self->has_document
                   : (self->has_document && weft_time_span_equal (&self->document, span)))
    return;

  self->has_document = span != NULL;
  if (span != NULL)
    self->document = *span;
  changed (self);
}

void
weft_timeline_renderer_get_document_span (WeftTimelineRenderer *self,
                                          WeftTimeSpan         *span)
{
  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));
  g_return_if_fail (span != NULL);

  *span = self->has_document ? self->document : table_span (self);
}

/**
 * weft_timeline_renderer_set_selected_span:
 * @span: (nullable): the selected range, shaded; %NULL for none
 *
 * The selection is an overlay: it does not change the generation.
 */
void
weft_timeline_renderer_set_selected_span (WeftTimelineRenderer *self,
                                          const WeftTimeSpan   *span)
{
  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));

  self->has_selection = span != NULL;
  if (span != NULL)
    self->selection = *span;
}

gboolean
weft_timeline_renderer_get_selected_span (WeftTimelineRenderer *self,
                                          WeftTimeSpan         *span)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), FALSE);

  if (self->has_selection && span != NULL)
    *span = self->selection;

  return self->has_selection;
}

double
weft_timeline_renderer_get_scroll_offset (WeftTimelineRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), 0);

  return self->scroll_offset;
}

/**
 * weft_timeline_renderer_set_scroll_offset:
 * @offset: how far the rows are scrolled up, in pixels
 *
 * The offset is clamped to [0, content height − body height].
 */
void
weft_timeline_renderer_set_scroll_offset (WeftTimelineRenderer *self,
                                          double                offset)
{
  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));

  offset = CLAMP (offset, 0, weft_timeline_renderer_get_max_scroll_offset (self));
  if (self->scroll_offset == offset)
    return;

  self->scroll_offset = offset;
  changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCROLL_OFFSET]);
}

double
weft_timeline_renderer_get_content_height (WeftTimelineRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), 0);

  _weft_timeline_renderer_ensure_layout (self);
  return self->content_height;
}

double
weft_timeline_renderer_get_max_scroll_offset (WeftTimelineRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), 0);

  return MAX (0.0, weft_timeline_renderer_get_content_height (self) - _weft_timeline_renderer_body_height (self));
}

double
weft_timeline_renderer_get_header_width (WeftTimelineRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), 0);

  return self->header_width;
}

void
weft_timeline_renderer_set_header_width (WeftTimelineRenderer *self,
                                         double                width)
{
  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));

  width = MAX (0, width);
  if (self->header_width == width)
    return;

  self->header_width = width;
  changed (self);
}

double
weft_timeline_renderer_get_row_height (WeftTimelineRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), 0);

  return self->row_height;
}

void
weft_timeline_renderer_set_row_height (WeftTimelineRenderer *self,
                                       double                height)
{
  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));

  height = MAX (MIN_ROW_HEIGHT, round (height));
  if (self->row_height == height)
    return;

  self->row_height = height;
  invalidate_layout (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTENT_HEIGHT]);
}

double
weft_timeline_renderer_get_ruler_height (WeftTimelineRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), 0);

  return RULER_HEIGHT;
}

guint
weft_timeline_renderer_get_n_groups (WeftTimelineRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), 0);

  return self->groups->len;
}

/**
 * weft_timeline_renderer_get_group_name:
 *
 * Returns: (nullable): the group's name; %NULL for the rows without a group
 */
const char *
weft_timeline_renderer_get_group_name (WeftTimelineRenderer *self,
                                       guint                 group)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), NULL);
  g_return_val_if_fail (group < self->groups->len, NULL);

  return ((Group *)g_ptr_array_index (self->groups, group))->name;
}

gboolean
weft_timeline_renderer_get_group_collapsed (WeftTimelineRenderer *self,
                                            const char           *group)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), FALSE);

  return group != NULL && g_hash_table_contains (self->collapsed_groups, group);
}

void
weft_timeline_renderer_set_group_collapsed (WeftTimelineRenderer *self,
                                            const char           *group,
                                            gboolean              collapsed)
{
  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));
  g_return_if_fail (group != NULL);

  if (!!collapsed == g_hash_table_contains (self->collapsed_groups, group))
    return;

  if (collapsed)
    g_hash_table_add (self->collapsed_groups, g_strdup (group));
  else
    g_hash_table_remove (self->collapsed_groups, group);

  invalidate_layout (self);
  weft_timeline_renderer_set_scroll_offset (self, self->scroll_offset);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTENT_HEIGHT]);
}

gboolean
weft_timeline_renderer_get_row_expanded (WeftTimelineRenderer *self,
                                         guint                 row)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), FALSE);

  return g_hash_table_contains (self->expanded_rows, GUINT_TO_POINTER (row + 1));
}

void
weft_timeline_renderer_set_row_expanded (WeftTimelineRenderer *self,
                                         guint                 row,
                                         gboolean              expanded)
{
  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));
  g_return_if_fail (self->table != NULL);
  g_return_if_fail (row < weft_event_table_get_n_rows (self->table));

  if (!!expanded == weft_timeline_renderer_get_row_expanded (self, row))
    return;

  if (expanded)
    g_hash_table_add (self->expanded_rows, GUINT_TO_POINTER (row + 1));
  else
    g_hash_table_remove (self->expanded_rows, GUINT_TO_POINTER (row + 1));

  invalidate_layout (self);
  weft_timeline_renderer_set_scroll_offset (self, self->scroll_offset);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONTENT_HEIGHT]);
}

/**
 * weft_timeline_renderer_get_generation:
 *
 * Returns: a number that changes whenever what draw_base() draws changes
 *   (table, size, visible span, scroll, layout), so a widget can keep the
 *   drawn picture until then. Overlays (selection, hover) do not count.
 */
guint64
weft_timeline_renderer_get_generation (WeftTimelineRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), 0);

  return self->generation;
}

void
_weft_timeline_renderer_set_lod_policy (WeftTimelineRenderer  *self,
                                        WeftTimelineLodPolicy  policy)
{
  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));

  self->lod_policy = policy;
  changed (self);
}

void
_weft_timeline_renderer_set_raster (WeftTimelineRenderer *self,
                                    gboolean              allow)
{
  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));

  self->allow_raster = allow;
  changed (self);
}

/* Geometry ------------------------------------------------------------------- */

/**
 * weft_timeline_renderer_get_plot_area:
 *
 * The rectangle events are drawn in: right of the header column, below the
 * ruler. Any out argument may be %NULL.
 */
void
weft_timeline_renderer_get_plot_area (WeftTimelineRenderer *self,
                                      double               *x,
                                      double               *y,
                                      double               *width,
                                      double               *height)
{
  g_return_if_fail (WEFT_IS_TIMELINE_RENDERER (self));

  if (x != NULL)
    *x = MIN (self->header_width, self->width - 1);
  if (y != NULL)
    *y = _weft_timeline_renderer_body_top (self);
  if (width != NULL)
    *width = MAX (1.0, self->width - self->header_width);
  if (height != NULL)
    *height = _weft_timeline_renderer_body_height (self);
}

/**
 * weft_timeline_renderer_time_to_x:
 *
 * Returns: the x of @time in the last size and visible span set; times
 *   outside the visible span map outside the plot.
 */
double
weft_timeline_renderer_time_to_x (WeftTimelineRenderer *self,
                                  gint64                time)
{
  WeftTimeSpan span;
  double x, w;

  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), 0);

  weft_timeline_renderer_get_visible_span (self, &span);
  weft_timeline_renderer_get_plot_area (self, &x, NULL, &w, NULL);

  return x + (double)(time - span.begin) * w / (double)weft_time_span_duration (&span);
}

/**
 * weft_timeline_renderer_x_to_time:
 *
 * Returns: the time at @x, rounded to the nearest time unit; the inverse of
 *   weft_timeline_renderer_time_to_x() (not clamped to the visible span).
 */
gint64
weft_timeline_renderer_x_to_time (WeftTimelineRenderer *self,
                                  double                x)
{
  WeftTimeSpan span;
  double plot_x, w;

  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), 0);

  weft_timeline_renderer_get_visible_span (self, &span);
  weft_timeline_renderer_get_plot_area (self, &plot_x, NULL, &w, NULL);

  return span.begin + (gint64)llround ((x - plot_x) * (double)weft_time_span_duration (&span) / w);
}

void
_weft_timeline_renderer_hit_from_line (WeftTimelineRenderer *self,
                                       const Line           *line,
                                       WeftTimelineHit      *hit)
{
  hit->group = line->group;
  if (line->type == LINE_GROUP)
    {
      hit->type = WEFT_TIMELINE_HIT_GROUP_HEADER;
      return;
    }
  hit->type = WEFT_TIMELINE_HIT_ROW_HEADER;
  hit->row = line->row;
  hit->lane = line->type == LINE_LANE ? (int)line->lane : -1;
}

/**
 * weft_timeline_renderer_get_line_at:
 * @y: a y in the renderer's coordinates
 * @hit: (out): the group, row and lane of the line (type GROUP_HEADER or
 *   ROW_HEADER)
 * @line_y: (out) (optional): the line's top on screen
 * @line_height: (out) (optional): its height
 *
 * Returns: %FALSE when @y is on the ruler or below the last line.
 */
gboolean
weft_timeline_renderer_get_line_at (WeftTimelineRenderer *self,
                                    double                y,
                                    WeftTimelineHit      *hit,
                                    double               *line_y,
                                    double               *line_height)
{
  const Line *line;

  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), FALSE);
  g_return_val_if_fail (hit != NULL, FALSE);

  weft_timeline_hit_init (hit);
  _weft_timeline_renderer_ensure_layout (self);

  if (y < _weft_timeline_renderer_body_top (self) || y >= self->height)
    return FALSE;

  line = _weft_timeline_renderer_line_at_content_y (self, y - _weft_timeline_renderer_body_top (self) + round (self->scroll_offset));
  if (line == NULL)
    return FALSE;

  _weft_timeline_renderer_hit_from_line (self, line, hit);
  if (line_y != NULL)
    *line_y = _weft_timeline_renderer_line_screen_y (self, line);
  if (line_height != NULL)
    *line_height = line->height;

  return TRUE;
}

/* Time per pixel column as the last frame drew it (device pixels). */
static double
column_time (WeftTimelineRenderer *self)
{
  WeftTimeSpan span;
  double plot_w;

  weft_timeline_renderer_get_visible_span (self, &span);
  weft_timeline_renderer_get_plot_area (self, NULL, NULL, &plot_w, NULL);

  return (double)weft_time_span_duration (&span) /
         CLAMP (round (plot_w * self->device_scale), 1, WEFT_TIMELINE_MAX_COLUMNS);
}

/* The pyramid level a row is drawn from at @tpc, or -1 for its events. */
static int
lod_level_for (WeftTimelineRenderer *self,
               guint                 row,
               double                tpc)
{
  if (self->lod_policy == WEFT_TIMELINE_LOD_EVENTS)
    return -1;

  return weft_timeline_choose_lod_level (self->table, row, tpc, self->lod_policy == WEFT_TIMELINE_LOD_PYRAMID);
}

/* The pyramid level a row's concurrency curve is drawn from: as above, or
 * the finest level when its buckets are at most a few pixels wide. A curve
 * blurred by a pixel or two reads the same, and summing every lane of a
 * busy row event by event would cost more than the whole rest of a frame. */
int
_weft_timeline_renderer_summary_lod_level (WeftTimelineRenderer *self,
                                           guint                 row,
                                           double                tpc)
{
  int level = lod_level_for (self, row, tpc);

  if (level < 0 && self->lod_policy == WEFT_TIMELINE_LOD_AUTO)
    {
      int finest = weft_timeline_choose_lod_level (self->table, row, 0, TRUE);

      if (finest >= 0 && (double)weft_event_table_get_lod_width (self->table, row, finest) <= SUMMARY_BLUR * tpc)
        level = finest;
    }

  return level;
}

/* A collapsed row with a few lanes shows them squeezed into its line when
 * zoomed in; zoomed out (where its pyramid is used) lanes say nothing and
 * the line shows the row's concurrency instead. */
gboolean
_weft_timeline_renderer_row_is_squeezed (WeftTimelineRenderer *self,
                                         guint                 row)
{
  guint n_lanes = _weft_timeline_renderer_row_n_lanes (self, row);

  return n_lanes > 1 && n_lanes <= MAX_SQUEEZED_LANES &&
         !weft_timeline_renderer_get_row_expanded (self, row) &&
         _weft_timeline_renderer_summary_lod_level (self, row, column_time (self)) < 0;
}

/* Where a row's expander and name start in the header column: indented
 * under group headers when there are any. */
double
_weft_timeline_renderer_row_indent (WeftTimelineRenderer *self)
{
  gboolean grouped = self->groups->len > 1 ||
                     ((Group *)g_ptr_array_index (self->groups, 0))->name != NULL;

  return HEADER_PADDING + (grouped ? 8 : 0);
}

/* Inner strip of a row line, where its intervals are drawn. */
void
_weft_timeline_renderer_row_strip (WeftTimelineRenderer *self,
                                   double                y,
                                   double                h,
                                   double               *strip_y,
                                   double               *strip_h)
{
  double pad = h >= 12 ? 2 : 0;

  *strip_y = y + pad;
  *strip_h = h - 2 * pad;
}

/**
 * weft_timeline_renderer_get_row_extent:
 * @lane: -1 for the row's own line, else a lane of the row
 * @y: (out): top on screen
 * @height: (out): height
 *
 * Where a row (or one of its lanes) is drawn: its line, its lane's line when
 * the row is expanded, its lane's part of the row when the lanes are squeezed,
 * or its group's header when the group is collapsed.
 *
 * Returns: %FALSE when the row or lane does not exist.
 */
gboolean
weft_timeline_renderer_get_row_extent (WeftTimelineRenderer *self,
                                       guint                 row,
                                       int                   lane,
                                       double               *y,
                                       double               *height)
{
  const Line *line;
  double ly, lh;

  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), FALSE);
  g_return_val_if_fail (y != NULL && height != NULL, FALSE);

  if (self->table == NULL || row >= weft_event_table_get_n_rows (self->table))
    return FALSE;
  if (lane >= (int)_weft_timeline_renderer_row_n_lanes (self, row))
    return FALSE;

  _weft_timeline_renderer_ensure_layout (self);
  line = _weft_timeline_renderer_row_anchor_line (self, row);
  ly = _weft_timeline_renderer_line_screen_y (self, line);
  lh = line->height;

  if (lane >= 0 && line->type == LINE_ROW)
    {
      if (weft_timeline_renderer_get_row_expanded (self, row))
        {
          const Line *lane_line = line + 1 + lane;

          ly = _weft_timeline_renderer_line_screen_y (self, lane_line);
          lh = lane_line->height;
        }
      else if (_weft_timeline_renderer_row_is_squeezed (self, row))
        {
          double sy, sh;
          guint n_lanes = _weft_timeline_renderer_row_n_lanes (self, row);

          _weft_timeline_renderer_row_strip (self, ly, lh, &sy, &sh);
          ly = sy + round (sh * lane / n_lanes);
          lh = sy + round (sh * (lane + 1) / n_lanes) - ly;
        }
    }

  *y = ly;
  *height = lh;
  return TRUE;
}

/* Whether a row's busy time comes from its pyramid at this zoom. */
int
_weft_timeline_renderer_row_lod_level (WeftTimelineFrame *f,
                                       guint              row)
{
  return lod_level_for (f->self, row, f->tpc);
}

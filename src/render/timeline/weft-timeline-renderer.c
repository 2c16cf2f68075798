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
#include "weft-units.h"

#define DEFAULT_HEADER_WIDTH 160.0
#define DEFAULT_ROW_HEIGHT   WEFT_TIMELINE_DEFAULT_ROW_HEIGHT
#define RULER_HEIGHT         26.0
#define MIN_ROW_HEIGHT       3.0
#define EXPANDER_WIDTH       14.0
#define HEADER_PADDING       6.0
#define MIN_TICK_SPACING     90.0
/* Rows with up to this many lanes show them squeezed into the row's line;
 * beyond it the line shows their concurrency. */
#define MAX_SQUEEZED_LANES   4
/* A row's concurrency curve may come from pyramid buckets this many pixels
 * wide (see summary_lod_level). */
#define SUMMARY_BLUR         8.0
/* Links past this many are sampled down to it. */
#define MAX_ARROWS           160
/* Instants closer than this (pixels) are drawn as ticks, not triangles. */
#define MARKER_SPACING       6.0
#define HIT_TOLERANCE        3.0

typedef enum
{
  LINE_GROUP,
  LINE_ROW,
  LINE_LANE,
} LineType;

typedef struct
{
  LineType type;
  guint    group;
  guint    row;
  guint    lane;
  double   y;      /* in content coordinates (0 = top of the first line) */
  double   height;
} Line;

typedef struct
{
  char   *name;    /* NULL: rows without a group, shown without a header */
  GArray *rows;    /* guint, in table order */
} Group;

typedef struct
{
  double   x0, y0, x1, y1;
  guint    pair;
  gsize    index;
  guint16  kind;
} Arrow;

struct _WeftTimelineRenderer
{
  GObject                parent_instance;

  WeftEventTable        *table;
  double                 width;
  double                 height;
  double                 header_width;
  double                 row_height;
  double                 scroll_offset;
  double                 device_scale;     /* of the last frame drawn */

  WeftTimeSpan           visible;
  gboolean               has_visible;
  WeftTimeSpan           document;
  gboolean               has_document;
  WeftTimeSpan           selection;
  gboolean               has_selection;

  GHashTable            *collapsed_groups;  /* group name → itself */
  GHashTable            *expanded_rows;     /* GUINT_TO_POINTER (row + 1) */

  /* Layout, rebuilt lazily when the table or the layout state change. */
  GPtrArray             *groups;            /* Group */
  GArray                *lines;             /* Line */
  int                   *row_line;          /* row → its ROW line, or -(group line) - 1 */
  double                 content_height;
  gboolean               layout_valid;

  guint64                generation;
  WeftTimelineLodPolicy  lod_policy;
  gboolean               allow_raster;

  /* Left by the last draw_base, for hit testing the arrows as drawn. */
  GArray                *arrows;            /* Arrow */
  guint64                n_links_visible;

  GArray                *markers;           /* scratch: gsize instant index, per column */
};

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

static guint
row_n_lanes (WeftTimelineRenderer *self,
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

static void
ensure_layout (WeftTimelineRenderer *self)
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
              guint n_lanes = row_n_lanes (self, row);

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

static double
body_top (WeftTimelineRenderer *self)
{
  return RULER_HEIGHT;
}

static double
body_height (WeftTimelineRenderer *self)
{
  return MAX (0.0, self->height - RULER_HEIGHT);
}

/* Screen y of a line's top. Scrolling is rounded to whole pixels so that
 * lines stay on the pixel grid and the strips can be copied row by row. */
static double
line_screen_y (WeftTimelineRenderer *self,
               const Line           *line)
{
  return body_top (self) + line->y - round (self->scroll_offset);
}

static const Line *
line_at_content_y (WeftTimelineRenderer *self,
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
static const Line *
row_anchor_line (WeftTimelineRenderer *self,
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

  ensure_layout (self);
  return self->content_height;
}

double
weft_timeline_renderer_get_max_scroll_offset (WeftTimelineRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (self), 0);

  return MAX (0.0, weft_timeline_renderer_get_content_height (self) - body_height (self));
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
    *y = body_top (self);
  if (width != NULL)
    *width = MAX (1.0, self->width - self->header_width);
  if (height != NULL)
    *height = body_height (self);
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

static void
hit_from_line (WeftTimelineRenderer *self,
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
  ensure_layout (self);

  if (y < body_top (self) || y >= self->height)
    return FALSE;

  line = line_at_content_y (self, y - body_top (self) + round (self->scroll_offset));
  if (line == NULL)
    return FALSE;

  hit_from_line (self, line, hit);
  if (line_y != NULL)
    *line_y = line_screen_y (self, line);
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
static int
summary_lod_level (WeftTimelineRenderer *self,
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
static gboolean
row_is_squeezed (WeftTimelineRenderer *self,
                 guint                 row)
{
  guint n_lanes = row_n_lanes (self, row);

  return n_lanes > 1 && n_lanes <= MAX_SQUEEZED_LANES &&
         !weft_timeline_renderer_get_row_expanded (self, row) &&
         summary_lod_level (self, row, column_time (self)) < 0;
}

/* Where a row's expander and name start in the header column: indented
 * under group headers when there are any. */
static double
row_indent (WeftTimelineRenderer *self)
{
  gboolean grouped = self->groups->len > 1 ||
                     ((Group *)g_ptr_array_index (self->groups, 0))->name != NULL;

  return HEADER_PADDING + (grouped ? 8 : 0);
}

/* Inner strip of a row line, where its intervals are drawn. */
static void
row_strip (WeftTimelineRenderer *self,
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
  if (lane >= (int)row_n_lanes (self, row))
    return FALSE;

  ensure_layout (self);
  line = row_anchor_line (self, row);
  ly = line_screen_y (self, line);
  lh = line->height;

  if (lane >= 0 && line->type == LINE_ROW)
    {
      if (weft_timeline_renderer_get_row_expanded (self, row))
        {
          const Line *lane_line = line + 1 + lane;

          ly = line_screen_y (self, lane_line);
          lh = lane_line->height;
        }
      else if (row_is_squeezed (self, row))
        {
          double sy, sh;
          guint n_lanes = row_n_lanes (self, row);

          row_strip (self, ly, lh, &sy, &sh);
          ly = sy + round (sh * lane / n_lanes);
          lh = sy + round (sh * (lane + 1) / n_lanes) - ly;
        }
    }

  *y = ly;
  *height = lh;
  return TRUE;
}

/* Whether a row's busy time comes from its pyramid at this zoom. */
static int
row_lod_level (WeftTimelineFrame *f,
               guint              row)
{
  return lod_level_for (f->self, row, f->tpc);
}

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
  guint n_lanes = row_n_lanes (self, row);
  double sy, sh;

  row_strip (self, y, line->height, &sy, &sh);

  if (n_lanes == 1)
    {
      int level = row_lod_level (f, row);

      weft_timeline_frame_reset (f);
      if (level >= 0)
        weft_timeline_frame_add_lod (f, row, level);
      else
        weft_timeline_frame_add_lane (f, row, 0);
      weft_timeline_frame_paint_strip (f, sy, sy + sh, TRUE);
    }
  else if (row_is_squeezed (self, row))
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
      int level = summary_lod_level (self, row, f->tpc);

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

      total_lanes += row_n_lanes (self, row);
      if (level >= 0)
        weft_timeline_frame_add_lod (f, row, level);
    }
  if (total_lanes <= 0)
    return;

  row_strip (self, y, line->height, &sy, &sh);
  weft_timeline_frame_paint_bars (f, sy + sh * 0.25, sy + sh, total_lanes);
}

/* Links ---------------------------------------------------------------------- */

static double
row_center_y (WeftTimelineRenderer *self,
              guint                 row)
{
  const Line *line = row_anchor_line (self, row);

  return line_screen_y (self, line) + line->height / 2;
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
      ya = row_center_y (self, slice.from_row);
      yb = row_center_y (self, slice.to_row);
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
      ya = row_center_y (self, slice.from_row);
      yb = row_center_y (self, slice.to_row);
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
  cairo_rectangle (cr, 0, body_top (self), w, body_height (self));
  cairo_clip (cr);
  weft_rgba_set_source (cr, &shade);
  cairo_paint (cr);

  for (guint i = first_line; i < end_line; i++)
    {
      const Line *line = &g_array_index (self->lines, Line, i);
      double y = line_screen_y (self, line);

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
          double indent = row_indent (self);
          const char *name = weft_event_table_get_row_name (self->table, line->row);

          weft_rgba_set_source (cr, &theme->foreground);
          if (row_n_lanes (self, line->row) > 1 && line->height >= 8)
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
  cairo_rectangle (cr, w - 1, body_top (self), 1, body_height (self));
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

      weft_rgba_set_source (cr, &theme->dim);
      cairo_rectangle (cr, x, RULER_HEIGHT - 8, 1, 7);
      cairo_fill (cr);
      weft_rgba_set_source (cr, &theme->foreground);
      pango_layout_set_width (layout, -1);
      pango_layout_set_text (layout, label, -1);
      cairo_move_to (cr, x + 3, 2);
      pango_cairo_show_layout (cr, layout);
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
  for (gint64 t = first; t <= visible.end; t += step)
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
  double bottom = top + body_height (self);
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

  ensure_layout (self);
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
              cairo_rectangle (cr, plot_x, line_screen_y (self, line), plot_w, line->height);
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
          double y = line_screen_y (self, line);

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
            cairo_rectangle (cr, plot_x, line_screen_y (self, line) + line->height - 1, plot_w, 1);
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

/* Flows the entries left to right, wrapping at @width. Returns the height. */
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
          int level = summary_lod_level (self, row, frame.tpc);
          guint n_lanes = row_n_lanes (self, row);

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

  ensure_layout (self);
  weft_timeline_renderer_get_plot_area (self, &plot_x, NULL, &plot_w, NULL);
  hit->time = weft_timeline_renderer_x_to_time (self, CLAMP (x, plot_x, plot_x + plot_w));

  if (y < RULER_HEIGHT)
    {
      if (x >= plot_x)
        hit->type = WEFT_TIMELINE_HIT_RULER;
      return;
    }

  line = line_at_content_y (self, y - body_top (self) + round (self->scroll_offset));
  if (line == NULL)
    return;
  line_y = line_screen_y (self, line);
  line_h = line->height;
  hit_from_line (self, line, hit);

  if (x < plot_x)
    {
      if (line->type == LINE_GROUP)
        hit->on_expander = TRUE;
      else if (line->type == LINE_ROW && row_n_lanes (self, line->row) > 1)
        {
          double indent = row_indent (self);

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
    guint n_lanes = row_n_lanes (self, row);
    double zone = CLAMP (round (line_h * 0.4), 3, 8);
    double sy, sh;

    /* The top of the line holds instants, which win there. */
    if (y < line_y + 1 + zone + 1 && hit_instant (self, row, x, hit))
      return;

    row_strip (self, line_y, line_h, &sy, &sh);
    if (n_lanes == 1)
      {
        if (hit_interval (self, row, 0, x, hit))
          return;
      }
    else if (row_is_squeezed (self, row))
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

    hit_from_line (self, line, hit);
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

      ensure_layout (self);
      ya = row_center_y (self, hit->row);
      yb = row_center_y (self, hit->to_row);
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
      if (hit->lane >= 0 || (hit->row >= 0 && row_n_lanes (self, hit->row) <= 1))
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
      guint n_lanes = row_n_lanes (self, hit->row);

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
                   _("A %s document has no events to draw as a timeline"),
                   weft_dataset_get_family (dataset));
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

/* weft-timeline-legend.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-timeline-legend.h"

/* Space around the entries: at the sides, above and below. */
#define MARGIN_X 6
#define MARGIN_Y 2

struct _WeftTimelineLegend
{
  WeftDrawnWidget       parent_instance;

  WeftTimelineRenderer *renderer;
};

G_DEFINE_FINAL_TYPE (WeftTimelineLegend, weft_timeline_legend, WEFT_TYPE_DRAWN_WIDGET)

/**
 * weft_timeline_legend_new:
 * @renderer: the timeline's renderer, whose table's kinds are listed
 */
GtkWidget *
weft_timeline_legend_new (WeftTimelineRenderer *renderer)
{
  WeftTimelineLegend *self;

  g_return_val_if_fail (WEFT_IS_TIMELINE_RENDERER (renderer), NULL);

  self = g_object_new (WEFT_TYPE_TIMELINE_LEGEND, NULL);
  self->renderer = g_object_ref (renderer);

  return GTK_WIDGET (self);
}

/**
 * weft_timeline_legend_changed:
 *
 * The renderer's table (its kinds) changed: lays the legend out again.
 */
void
weft_timeline_legend_changed (WeftTimelineLegend *self)
{
  g_return_if_fail (WEFT_IS_TIMELINE_LEGEND (self));

  gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static GtkSizeRequestMode
weft_timeline_legend_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
weft_timeline_legend_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  WeftTimelineLegend *self = WEFT_TIMELINE_LEGEND (widget);
  const WeftRenderTheme *theme;
  double height;

  /* As wide as it is given; entries wrap. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = *natural = 0;
      return;
    }

  /* Without a width yet, as if each entry had a line of its own would be
   * too much: one line per 400 pixels is a guess the width corrects. */
  theme = weft_drawn_widget_ensure_theme (WEFT_DRAWN_WIDGET (self));
  height = weft_timeline_renderer_measure_legend (self->renderer, theme, (for_size > 0 ? for_size : 400) - 2 * MARGIN_X);
  *minimum = *natural = height > 0 ? (int)height + 2 * MARGIN_Y : 0;
}

static void
weft_timeline_legend_draw (WeftDrawnWidget       *widget,
                           cairo_t               *cr,
                           int                    width,
                           int                    height,
                           const WeftRenderTheme *theme)
{
  WeftTimelineLegend *self = WEFT_TIMELINE_LEGEND (widget);

  weft_timeline_renderer_draw_legend (self->renderer, cr, theme, MARGIN_X, MARGIN_Y, width - 2 * MARGIN_X);
}

static void
weft_timeline_legend_dispose (GObject *object)
{
  WeftTimelineLegend *self = WEFT_TIMELINE_LEGEND (object);

  g_clear_object (&self->renderer);

  G_OBJECT_CLASS (weft_timeline_legend_parent_class)->dispose (object);
}

static void
weft_timeline_legend_class_init (WeftTimelineLegendClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  WeftDrawnWidgetClass *drawn_class = WEFT_DRAWN_WIDGET_CLASS (klass);

  object_class->dispose = weft_timeline_legend_dispose;

  widget_class->get_request_mode = weft_timeline_legend_get_request_mode;
  widget_class->measure = weft_timeline_legend_measure;

  drawn_class->draw = weft_timeline_legend_draw;

  gtk_widget_class_set_css_name (widget_class, "timelinelegend");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
weft_timeline_legend_init (WeftTimelineLegend *self)
{
}

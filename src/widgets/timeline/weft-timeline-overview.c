/* weft-timeline-overview.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "weft-timeline-overview.h"
#include "weft-timeline-util.h"
#include "weft-timeline-renderer.h"
#include "weft-widget-theme.h"

#define OVERVIEW_HEIGHT 40

struct _WeftTimelineOverview
{
  WeftDrawnWidget       parent_instance;

  WeftEventTable       *table;
  WeftTimeModel        *time_model;
  WeftTimelineRenderer *renderer;

  double                grab_offset; /* pointer x minus the mark's left edge */
  double                drag_start_x;
};

enum {
  PROP_0,
  PROP_TABLE,
  PROP_TIME_MODEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (WeftTimelineOverview, weft_timeline_overview, WEFT_TYPE_DRAWN_WIDGET)

static gboolean
get_document_span (WeftTimelineOverview *self,
                   WeftTimeSpan         *span)
{
  return weft_timeline_find_document_span (self->time_model, self->table, span);
}

/**
 * weft_timeline_overview_time_to_x:
 *
 * Returns: where @time lies on the strip (the whole document spans its width)
 */
double
weft_timeline_overview_time_to_x (WeftTimelineOverview *self,
                                  gint64                time)
{
  WeftTimeSpan doc;

  g_return_val_if_fail (WEFT_IS_TIMELINE_OVERVIEW (self), 0);

  if (!get_document_span (self, &doc))
    return 0;

  return (double)(time - doc.begin) * gtk_widget_get_width (GTK_WIDGET (self)) /
         (double)weft_time_span_duration (&doc);
}

static gint64
x_to_time (WeftTimelineOverview *self,
           double                x)
{
  WeftTimeSpan doc;
  int width = MAX (1, gtk_widget_get_width (GTK_WIDGET (self)));

  if (!get_document_span (self, &doc))
    return 0;

  return doc.begin + (gint64)llround (x * (double)weft_time_span_duration (&doc) / width);
}

static void
invalidate_cb (WeftTimelineOverview *self)
{
  weft_drawn_widget_drop_picture (WEFT_DRAWN_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
visible_changed_cb (WeftTimelineOverview *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The strip is kept as a picture; the mark over it moves with every pan. */
static void
weft_timeline_overview_draw (WeftDrawnWidget       *widget,
                             cairo_t               *cr,
                             int                    width,
                             int                    height,
                             const WeftRenderTheme *theme)
{
  WeftTimelineOverview *self = WEFT_TIMELINE_OVERVIEW (widget);
  WeftTimeSpan doc;

  weft_timeline_renderer_set_document_span (self->renderer, get_document_span (self, &doc) ? &doc : NULL);
  weft_timeline_renderer_draw_overview (self->renderer, cr, theme, width, height);
}

static void
weft_timeline_overview_snapshot (GtkWidget   *widget,
                                 GtkSnapshot *snapshot)
{
  WeftTimelineOverview *self = WEFT_TIMELINE_OVERVIEW (widget);
  int height = gtk_widget_get_height (widget);
  const WeftRenderTheme *theme;
  WeftTimeSpan doc;

  if (gtk_widget_get_width (widget) <= 0 || height <= 0)
    return;

  weft_drawn_widget_append_picture (WEFT_DRAWN_WIDGET (self), snapshot);

  theme = weft_drawn_widget_ensure_theme (WEFT_DRAWN_WIDGET (self));
  if (self->time_model != NULL && get_document_span (self, &doc))
    {
      const WeftTimeSpan *visible = weft_time_model_get_visible_span (self->time_model);
      double x0 = weft_timeline_overview_time_to_x (self, visible->begin);
      double x1 = MAX (x0 + 2, weft_timeline_overview_time_to_x (self, visible->end));
      GdkRGBA shade = weft_rgba_to_gdk (&theme->selection);
      WeftRgba edge = theme->accent;

      edge.alpha = 1;
      gtk_snapshot_append_color (snapshot, &shade, &GRAPHENE_RECT_INIT (x0, 0, x1 - x0, height));
      weft_snapshot_append_frame (snapshot, &GRAPHENE_RECT_INIT (x0, 0, x1 - x0, height), 1, &edge);
    }
}

static void
move_mark_to (WeftTimelineOverview *self,
              double                left_x)
{
  const WeftTimeSpan *visible = weft_time_model_get_visible_span (self->time_model);
  gint64 begin = x_to_time (self, left_x);
  WeftTimeSpan span = { begin, begin + weft_time_span_duration (visible) };

  /* Moving is panning: it does not fill the Back history. */
  weft_time_model_set_visible_span (self->time_model, &span, FALSE);
}

static void
drag_begin_cb (WeftTimelineOverview *self,
               double                x,
               double                y,
               GtkGestureDrag       *gesture)
{
  const WeftTimeSpan *visible;
  double x0, x1;

  g_assert (WEFT_IS_TIMELINE_OVERVIEW (self));

  if (self->time_model == NULL)
    return;

  visible = weft_time_model_get_visible_span (self->time_model);
  x0 = weft_timeline_overview_time_to_x (self, visible->begin);
  x1 = weft_timeline_overview_time_to_x (self, visible->end);
  self->drag_start_x = x;

  if (x >= x0 - 2 && x <= x1 + 2)
    self->grab_offset = x - x0;
  else
    {
      /* Elsewhere: centre the mark under the pointer, then follow it. */
      self->grab_offset = (x1 - x0) / 2;
      move_mark_to (self, x - self->grab_offset);
    }
}

static void
drag_update_cb (WeftTimelineOverview *self,
                double                dx,
                double                dy,
                GtkGestureDrag       *gesture)
{
  g_assert (WEFT_IS_TIMELINE_OVERVIEW (self));

  if (self->time_model != NULL)
    move_mark_to (self, self->drag_start_x + dx - self->grab_offset);
}

static void
weft_timeline_overview_dispose (GObject *object)
{
  WeftTimelineOverview *self = (WeftTimelineOverview *)object;

  weft_timeline_overview_set_time_model (self, NULL);

  G_OBJECT_CLASS (weft_timeline_overview_parent_class)->dispose (object);
}

static void
weft_timeline_overview_finalize (GObject *object)
{
  WeftTimelineOverview *self = (WeftTimelineOverview *)object;

  g_clear_pointer (&self->table, weft_event_table_unref);
  g_clear_object (&self->renderer);

  G_OBJECT_CLASS (weft_timeline_overview_parent_class)->finalize (object);
}

static void
weft_timeline_overview_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  WeftTimelineOverview *self = WEFT_TIMELINE_OVERVIEW (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      g_value_set_boxed (value, self->table);
      break;

    case PROP_TIME_MODEL:
      g_value_set_object (value, self->time_model);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_timeline_overview_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  WeftTimelineOverview *self = WEFT_TIMELINE_OVERVIEW (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      weft_timeline_overview_set_table (self, g_value_get_boxed (value));
      break;

    case PROP_TIME_MODEL:
      weft_timeline_overview_set_time_model (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_timeline_overview_class_init (WeftTimelineOverviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  WeftDrawnWidgetClass *drawn_class = WEFT_DRAWN_WIDGET_CLASS (klass);

  object_class->dispose = weft_timeline_overview_dispose;
  object_class->finalize = weft_timeline_overview_finalize;
  object_class->get_property = weft_timeline_overview_get_property;
  object_class->set_property = weft_timeline_overview_set_property;

  widget_class->snapshot = weft_timeline_overview_snapshot;

  drawn_class->draw = weft_timeline_overview_draw;
  weft_drawn_widget_class_set_sizes (drawn_class, 100, 800, OVERVIEW_HEIGHT, OVERVIEW_HEIGHT);

  properties[PROP_TABLE] = weft_timeline_param_spec_table ();
  properties[PROP_TIME_MODEL] = weft_timeline_param_spec_time_model ();

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "timelineoverview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
weft_timeline_overview_init (WeftTimelineOverview *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();

  self->renderer = weft_timeline_renderer_new ();
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Timeline overview"),
                                  -1);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (drag, "drag-update", G_CALLBACK (drag_update_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
}

GtkWidget *
weft_timeline_overview_new (void)
{
  return g_object_new (WEFT_TYPE_TIMELINE_OVERVIEW, NULL);
}

/**
 * weft_timeline_overview_get_table:
 *
 * Returns: (transfer none) (nullable): the table shown
 */
WeftEventTable *
weft_timeline_overview_get_table (WeftTimelineOverview *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_OVERVIEW (self), NULL);

  return self->table;
}

void
weft_timeline_overview_set_table (WeftTimelineOverview *self,
                                  WeftEventTable       *table)
{
  g_return_if_fail (WEFT_IS_TIMELINE_OVERVIEW (self));

  if (!weft_timeline_store_table (&self->table, table))
    return;

  weft_timeline_renderer_set_table (self->renderer, table);
  invalidate_cb (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE]);
}

/**
 * weft_timeline_overview_get_time_model:
 *
 * Returns: (transfer none) (nullable): the time model whose visible span is marked
 */
WeftTimeModel *
weft_timeline_overview_get_time_model (WeftTimelineOverview *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_OVERVIEW (self), NULL);

  return self->time_model;
}

void
weft_timeline_overview_set_time_model (WeftTimelineOverview *self,
                                       WeftTimeModel        *time_model)
{
  g_return_if_fail (WEFT_IS_TIMELINE_OVERVIEW (self));
  g_return_if_fail (time_model == NULL || WEFT_IS_TIME_MODEL (time_model));

  if (!weft_timeline_follow_time_model (self, &self->time_model, time_model,
                                        "notify::visible-span", G_CALLBACK (visible_changed_cb),
                                        "notify::document-span", G_CALLBACK (invalidate_cb),
                                        NULL))
    return;
  invalidate_cb (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME_MODEL]);
}

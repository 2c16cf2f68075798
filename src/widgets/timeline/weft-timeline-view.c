/* weft-timeline-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "weft-time-ruler.h"
#include "weft-timeline-legend.h"
#include "weft-timeline-util.h"
#include "weft-timeline-view.h"

struct _WeftTimelineView
{
  GtkWidget             parent_instance;

  WeftEventTable       *table;
  WeftTimeModel        *time_model;

  GtkWidget            *toolbar;
  GtkWidget            *span_label;
  WeftTimelineOverview *overview;
  GtkWidget            *scroller;
  WeftTimeline         *timeline;
  GtkWidget            *legend;
};

enum {
  PROP_0,
  PROP_TABLE,
  PROP_TIME_MODEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (WeftTimelineView, weft_timeline_view, GTK_TYPE_WIDGET)

static const struct
{
  const char *action;
  const char *icon;
  const char *tooltip;
} buttons[] = {
  { "timeline.back", "go-previous-symbolic", N_("Back to the previous range (Alt+Left)") },
  { "timeline.forward", "go-next-symbolic", N_("Forward (Alt+Right)") },
  { "timeline.zoom-fit", "zoom-fit-best-symbolic", N_("Zoom to fit (Ctrl+0)") },
  { "timeline.zoom-in", "zoom-in-symbolic", N_("Zoom in (Ctrl+plus)") },
  { "timeline.zoom-out", "zoom-out-symbolic", N_("Zoom out (Ctrl+minus)") },
};

static void
update_span_label (WeftTimelineView *self)
{
  g_autofree char *text = NULL;

  if (self->span_label == NULL)
    return;

  if (self->table != NULL && self->time_model != NULL)
    {
      const WeftTimeSpan *visible = weft_time_model_get_visible_span (self->time_model);
      const WeftTimeSpan *doc = weft_time_model_get_document_span (self->time_model);

      text = weft_time_ruler_format_span (visible->begin - doc->begin, visible->end - doc->begin,
                                          weft_event_table_get_time_unit (self->table));
    }
  gtk_label_set_text (GTK_LABEL (self->span_label), text != NULL ? text : "");
}

static void
update_actions (WeftTimelineView *self)
{
  if (self->timeline != NULL)
    weft_timeline_update_actions (GTK_WIDGET (self), self->time_model);
}

static void
model_changed_cb (WeftTimelineView *self)
{
  update_span_label (self);
  update_actions (self);
}

/* The toolbar's buttons live beside the timeline, not inside it: the view
 * has the same actions and hands them on. */
static void
view_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  WeftTimelineView *self = WEFT_TIMELINE_VIEW (widget);

  if (self->timeline != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self->timeline), action_name, NULL);
}

/* The legend is a picture: screen readers get its kinds as text. */
static void
update_legend_accessible (WeftTimelineView *self)
{
  g_autoptr(GString) kinds = g_string_new (NULL);
  guint n_kinds = self->table != NULL ? weft_event_table_get_n_kinds (self->table) : 0;

  for (guint kind = 0; kind < n_kinds; kind++)
    {
      const char *name = weft_event_table_get_kind_name (self->table, kind);

      if (name == NULL || name[0] == '\0' || !weft_event_table_get_kind_used (self->table, kind))
        continue;
      if (kinds->len > 0)
        g_string_append (kinds, ", ");
      g_string_append (kinds, name);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->legend),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Legend"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, kinds->str,
                                  -1);
}

static void
weft_timeline_view_dispose (GObject *object)
{
  WeftTimelineView *self = (WeftTimelineView *)object;
  GtkWidget *child;

  weft_timeline_view_set_time_model (self, NULL);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->toolbar = NULL;
  self->span_label = NULL;
  self->overview = NULL;
  self->scroller = NULL;
  self->timeline = NULL;
  self->legend = NULL;

  G_OBJECT_CLASS (weft_timeline_view_parent_class)->dispose (object);
}

static void
weft_timeline_view_finalize (GObject *object)
{
  WeftTimelineView *self = (WeftTimelineView *)object;

  g_clear_pointer (&self->table, weft_event_table_unref);

  G_OBJECT_CLASS (weft_timeline_view_parent_class)->finalize (object);
}

static void
weft_timeline_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  WeftTimelineView *self = WEFT_TIMELINE_VIEW (object);

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
weft_timeline_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  WeftTimelineView *self = WEFT_TIMELINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      weft_timeline_view_set_table (self, g_value_get_boxed (value));
      break;

    case PROP_TIME_MODEL:
      weft_timeline_view_set_time_model (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_timeline_view_class_init (WeftTimelineViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_timeline_view_dispose;
  object_class->finalize = weft_timeline_view_finalize;
  object_class->get_property = weft_timeline_view_get_property;
  object_class->set_property = weft_timeline_view_set_property;

  properties[PROP_TABLE] = weft_timeline_param_spec_table ();
  properties[PROP_TIME_MODEL] = weft_timeline_param_spec_time_model ();

  g_object_class_install_properties (object_class, N_PROPS, properties);

  weft_timeline_class_install_actions (widget_class, view_action_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "timelineview");
}

static void
weft_timeline_view_init (WeftTimelineView *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);

  self->toolbar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_widget_add_css_class (self->toolbar, "toolbar");
  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    {
      GtkWidget *button = gtk_button_new_from_icon_name (buttons[i].icon);

      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), buttons[i].action);
      gtk_widget_set_tooltip_text (button, _(buttons[i].tooltip));
      gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _(buttons[i].tooltip),
                                      -1);
      gtk_box_append (GTK_BOX (self->toolbar), button);
    }
  self->span_label = gtk_label_new (NULL);
  gtk_widget_set_hexpand (self->span_label, TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->span_label), 1.0);
  gtk_widget_add_css_class (self->span_label, "dim-label");
  gtk_widget_add_css_class (self->span_label, "numeric");
  gtk_box_append (GTK_BOX (self->toolbar), self->span_label);
  gtk_widget_set_parent (self->toolbar, GTK_WIDGET (self));

  self->overview = WEFT_TIMELINE_OVERVIEW (weft_timeline_overview_new ());
  gtk_widget_set_margin_start (GTK_WIDGET (self->overview), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->overview), 6);
  gtk_widget_set_parent (GTK_WIDGET (self->overview), GTK_WIDGET (self));

  self->timeline = WEFT_TIMELINE (weft_timeline_new ());
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->timeline));
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));

  self->legend = weft_timeline_legend_new (weft_timeline_get_renderer (self->timeline));
  gtk_widget_set_parent (self->legend, GTK_WIDGET (self));
  update_legend_accessible (self);

  update_actions (self);
}

GtkWidget *
weft_timeline_view_new (void)
{
  return g_object_new (WEFT_TYPE_TIMELINE_VIEW, NULL);
}

/**
 * weft_timeline_view_get_table:
 *
 * Returns: (transfer none) (nullable): the table shown
 */
WeftEventTable *
weft_timeline_view_get_table (WeftTimelineView *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_VIEW (self), NULL);

  return self->table;
}

void
weft_timeline_view_set_table (WeftTimelineView *self,
                              WeftEventTable   *table)
{
  g_return_if_fail (WEFT_IS_TIMELINE_VIEW (self));

  if (!weft_timeline_store_table (&self->table, table))
    return;

  if (self->timeline != NULL)
    {
      weft_timeline_set_table (self->timeline, table);
      weft_timeline_overview_set_table (self->overview, table);
      update_span_label (self);
      update_legend_accessible (self);
      weft_timeline_legend_changed (WEFT_TIMELINE_LEGEND (self->legend));
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE]);
}

/**
 * weft_timeline_view_get_time_model:
 *
 * Returns: (transfer none) (nullable): the document's time model
 */
WeftTimeModel *
weft_timeline_view_get_time_model (WeftTimelineView *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_VIEW (self), NULL);

  return self->time_model;
}

void
weft_timeline_view_set_time_model (WeftTimelineView *self,
                                   WeftTimeModel    *time_model)
{
  g_return_if_fail (WEFT_IS_TIMELINE_VIEW (self));
  g_return_if_fail (time_model == NULL || WEFT_IS_TIME_MODEL (time_model));

  if (!weft_timeline_follow_time_model (self, &self->time_model, time_model,
                                        "notify::visible-span", G_CALLBACK (model_changed_cb),
                                        "notify::can-go-back", G_CALLBACK (model_changed_cb),
                                        "notify::can-go-forward", G_CALLBACK (model_changed_cb),
                                        NULL))
    return;

  if (self->timeline != NULL)
    {
      weft_timeline_set_time_model (self->timeline, time_model);
      weft_timeline_overview_set_time_model (self->overview, time_model);
    }
  model_changed_cb (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME_MODEL]);
}

/**
 * weft_timeline_view_get_timeline:
 *
 * Returns: (transfer none): the timeline widget
 */
WeftTimeline *
weft_timeline_view_get_timeline (WeftTimelineView *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_VIEW (self), NULL);

  return self->timeline;
}

/**
 * weft_timeline_view_get_overview:
 *
 * Returns: (transfer none): the overview strip
 */
WeftTimelineOverview *
weft_timeline_view_get_overview (WeftTimelineView *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_VIEW (self), NULL);

  return self->overview;
}

/**
 * weft_timeline_view_get_span_text:
 *
 * Returns: the toolbar's description of the visible span
 */
const char *
weft_timeline_view_get_span_text (WeftTimelineView *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE_VIEW (self), NULL);

  return gtk_label_get_text (GTK_LABEL (self->span_label));
}

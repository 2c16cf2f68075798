/* weft-timeline-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-timeline-util.h"

/* The timeline.* actions, in the toolbar's order. */
static const char *const actions[] = {
  "timeline.back", "timeline.forward", "timeline.zoom-fit", "timeline.zoom-in", "timeline.zoom-out",
};

/**
 * weft_timeline_param_spec_table:
 *
 * Returns: (transfer full): the "table" property of the timeline widgets:
 *   the WeftEventTable shown
 */
GParamSpec *
weft_timeline_param_spec_table (void)
{
  return g_param_spec_boxed ("table", NULL, NULL, WEFT_TYPE_EVENT_TABLE,
                             (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
}

/**
 * weft_timeline_param_spec_time_model:
 *
 * Returns: (transfer full): the "time-model" property of the timeline
 *   widgets: the document's WeftTimeModel, which they follow
 */
GParamSpec *
weft_timeline_param_spec_time_model (void)
{
  return g_param_spec_object ("time-model", NULL, NULL, WEFT_TYPE_TIME_MODEL,
                              (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
}

/**
 * weft_timeline_find_document_span:
 * @time_model: (nullable): the document's time model
 * @table: (nullable): the table shown
 *
 * The span a timeline maps: the time model's document span when it has one,
 * else the table's (at least one unit long, so that it can be divided by).
 *
 * Returns: %FALSE when there is neither
 */
gboolean
weft_timeline_find_document_span (WeftTimeModel  *time_model,
                                  WeftEventTable *table,
                                  WeftTimeSpan   *span)
{
  g_return_val_if_fail (span != NULL, FALSE);

  if (time_model != NULL)
    {
      const WeftTimeSpan *doc = weft_time_model_get_document_span (time_model);

      if (doc->end > doc->begin)
        {
          *span = *doc;
          return TRUE;
        }
    }
  if (table != NULL)
    {
      *span = weft_event_table_get_span (table);
      if (span->end <= span->begin)
        span->end = span->begin + 1;
      return TRUE;
    }

  return FALSE;
}

/**
 * weft_timeline_store_table:
 * @slot: where a widget keeps its table
 * @table: (nullable): the new one
 *
 * Stores a reference to @table in @slot, dropping the old one.
 *
 * Returns: %FALSE when @table already was the one in @slot
 */
gboolean
weft_timeline_store_table (WeftEventTable **slot,
                           WeftEventTable  *table)
{
  g_return_val_if_fail (slot != NULL, FALSE);

  if (*slot == table)
    return FALSE;

  g_clear_pointer (slot, weft_event_table_unref);
  if (table != NULL)
    *slot = weft_event_table_ref (table);

  return TRUE;
}

/**
 * weft_timeline_follow_time_model:
 * @owner: the object whose handlers these are
 * @slot: where @owner keeps its time model
 * @time_model: (nullable): the new one
 * @first_signal: a detailed signal name, then its #GCallback, and so on, ending
 *   with %NULL
 *
 * Stores @time_model in @slot, disconnecting @owner's handlers from the old
 * model and connecting the given ones (swapped: they get @owner) to the new
 * one, for as long as @owner lives.
 *
 * Returns: %FALSE when @time_model already was the one in @slot
 */
gboolean
weft_timeline_follow_time_model (gpointer        owner,
                                 WeftTimeModel **slot,
                                 WeftTimeModel  *time_model,
                                 const char     *first_signal,
                                 ...)
{
  va_list args;

  g_return_val_if_fail (G_IS_OBJECT (owner), FALSE);
  g_return_val_if_fail (slot != NULL, FALSE);

  if (*slot == time_model)
    return FALSE;

  if (*slot != NULL)
    g_signal_handlers_disconnect_by_data (*slot, owner);
  g_set_object (slot, time_model);
  if (time_model == NULL)
    return TRUE;

  va_start (args, first_signal);
  for (const char *signal = first_signal; signal != NULL; signal = va_arg (args, const char *))
    g_signal_connect_object (time_model, signal, va_arg (args, GCallback), owner, G_CONNECT_SWAPPED);
  va_end (args);

  return TRUE;
}

/* The timeline and the view around it (whose toolbar shows them) have the
 * same actions: installed and enabled here, run by each its own way. */
void
weft_timeline_class_install_actions (GtkWidgetClass              *widget_class,
                                     GtkWidgetActionActivateFunc  activate)
{
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i], NULL, activate);
}

void
weft_timeline_update_actions (GtkWidget     *widget,
                              WeftTimeModel *time_model)
{
  gboolean has_model = time_model != NULL;

  gtk_widget_action_set_enabled (widget, "timeline.back",
                                 has_model && weft_time_model_get_can_go_back (time_model));
  gtk_widget_action_set_enabled (widget, "timeline.forward",
                                 has_model && weft_time_model_get_can_go_forward (time_model));
  gtk_widget_action_set_enabled (widget, "timeline.zoom-fit", has_model);
  gtk_widget_action_set_enabled (widget, "timeline.zoom-in", has_model);
  gtk_widget_action_set_enabled (widget, "timeline.zoom-out", has_model);
}

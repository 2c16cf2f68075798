/* weft-chplvis-page-figures.c: the Chapel page's figures: the query the
 * views show (tag, range, kinds), recomputed in a worker thread when it
 * changes.
 *
 * One run at a time: a change cancels the run in flight (it stops at its next
 * pass) and queues an idle, which starts a run for the latest state, or
 * leaves that to the end of the run in flight. The time range the views
 * follow is the timeline's selection, else the span it shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "weft-background.h"
#include "weft-timing.h"
#include "weft-units.h"

#include "weft-chplvis-page-private.h"

/* The query ------------------------------------------------------------------ */

static guint
kinds_mask (const char *kind)
{
  if (g_strcmp0 (kind, "gets") == 0)
    return WEFT_CHPLVIS_KINDS_GETS;
  if (g_strcmp0 (kind, "puts") == 0)
    return WEFT_CHPLVIS_KINDS_PUTS;
  if (g_strcmp0 (kind, "forks") == 0)
    return WEFT_CHPLVIS_KINDS_FORKS;

  return 0;
}

/* The span the aggregating views follow: the selection (@selected), else
 * the visible span. A click on the timeline selects nothing (an empty
 * selection). */
gboolean
weft_chplvis_page_get_focus_range (WeftChplvisPage *self,
                                   WeftTimeSpan    *range,
                                   gboolean        *selected)
{
  const WeftTimeSpan *doc = weft_time_model_get_document_span (self->time_model);
  const WeftTimeSpan *selection = weft_time_model_get_selected_span (self->time_model);
  gboolean is_selection = weft_time_model_get_has_selection (self->time_model) && selection->end > selection->begin;
  WeftTimeSpan span = is_selection ? *selection : *weft_time_model_get_visible_span (self->time_model);

  *range = span;
  if (selected != NULL)
    *selected = is_selection;

  /* The whole run: no range at all, so that the figures are chplvis's. */
  return span.begin > doc->begin || span.end < doc->end;
}

void
weft_chplvis_page_build_query (WeftChplvisPage  *self,
                               WeftChplvisQuery *query)
{
  const WeftChplvisTagChoice *choice = weft_chplvis_page_current_choice (self);

  weft_chplvis_query_init (query);
  if (choice != NULL)
    {
      query->tag = choice->tag;
      query->merge = choice->merged;
    }
  query->has_range = weft_chplvis_page_get_focus_range (self, &query->range, NULL);
  query->kinds = kinds_mask (self->kind);
}

/* Views ----------------------------------------------------------------------- */

void
weft_chplvis_page_update_matrix (WeftChplvisPage *self)
{
  g_autoptr(WeftMatrix) matrix = NULL;
  g_autofree char *tag_name = NULL;

  if (self->figures == NULL)
    return;

  tag_name = weft_chplvis_dup_query_tag_name (get_trace (self), &self->figures->query);
  matrix = weft_chplvis_build_comm_matrix (get_trace (self), self->figures->comm, self->link_bytes, tag_name);
  /* Axis titles say which way the data flows. */
  weft_matrix_set_dim_name (matrix, 0, _("from locale"));
  weft_matrix_set_dim_name (matrix, 1, _("to locale"));
  weft_matrix_view_set_matrix (self->matrix_view, matrix);
  weft_ring_graph_view_set_matrix (self->graph_view, matrix);
}

void
weft_chplvis_page_update_summary (WeftChplvisPage *self)
{
  const WeftChplvisTrace *trace = get_trace (self);
  WeftTimeSpan span = *weft_time_model_get_document_span (self->time_model);
  g_autofree char *duration = weft_format_duration (weft_time_span_duration (&span));
  g_autofree char *locales = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u locale", "%u locales",
                                                           trace->n_locales), trace->n_locales);
  const WeftChplvisFigures *figures = self->figures;
  g_autofree char *text = NULL;

  /* The task count is chplvis's, for the whole run. */
  if (figures != NULL && figures->query.tag == WEFT_CHPLVIS_TAG_ALL && !figures->query.has_range)
    {
      guint64 tasks = 0;
      g_autofree char *count = NULL;

      for (guint i = 0; i < figures->n_locales; i++)
        tasks += figures->locales[i].tasks;
      count = weft_format_count (tasks);
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %s task · %s", "%s · %s tasks · %s",
                                           tasks > G_MAXULONG ? G_MAXULONG : (gulong)tasks),
                              locales, count, duration);
    }
  else if (self->summary != NULL)
    return;
  else
    text = g_strdup_printf ("%s · %s", locales, duration);

  g_free (self->summary);
  self->summary = g_steal_pointer (&text);
  weft_chplvis_details_set_summary (self->details, self->summary);
}

static void
apply_figures (WeftChplvisPage    *self,
               WeftChplvisFigures *figures)
{
  g_autoptr(WeftValueTable) values = NULL;
  g_autofree char *tag_name = NULL;

  g_clear_pointer (&self->figures, weft_chplvis_figures_unref);
  self->figures = weft_chplvis_figures_ref (figures);

  weft_chplvis_page_update_matrix (self);
  tag_name = weft_chplvis_dup_query_tag_name (get_trace (self), &figures->query);
  values = weft_chplvis_build_locale_values (get_trace (self), figures->locales, tag_name);
  weft_ring_graph_view_set_node_values (self->graph_view, values);
  weft_ring_graph_view_set_node_column (self->graph_view, weft_chplvis_page_metric_columns[self->metric]);
  weft_chplvis_locales_view_set_figures (self->locales_view, figures);
  weft_chplvis_profile_view_set_figures (self->profile_view, figures);
  weft_chplvis_details_refresh (self->details, figures);
  weft_chplvis_page_update_summary (self);

  if (!self->figures_shown)
    {
      self->figures_shown = TRUE;
      weft_timing_mark ("chplvis-figures-shown");
    }
}

/* Recomputing ----------------------------------------------------------------- */

static void start_reload (WeftChplvisPage *self);

static void
figures_ready_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(WeftChplvisPage) self = weft_background_weak_ref_take (user_data);
  g_autoptr(WeftChplvisFigures) figures = NULL;
  g_autoptr(GError) error = NULL;

  /* A cancelled run, superseded or of a disposed page, gives no figures
   * (GTask checks the cancellable), even when it had finished. */
  figures = weft_chplvis_figures_compute_finish (WEFT_CHPLVIS_DATASET (object), result, &error);
  if (self == NULL)
    return;
  g_clear_object (&self->cancellable);

  if (figures != NULL)
    apply_figures (self, figures);
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("Could not compute the figures: %s", error->message);

  /* A change came while this run went on: one more, for the latest state. */
  if (self->needs_reload)
    start_reload (self);
  else if (self->reload_source == 0)
    weft_chplvis_page_notify (self, PROP_BUSY);
}

static void
start_reload (WeftChplvisPage *self)
{
  weft_chplvis_page_build_query (self, &self->query);
  self->cancellable = g_cancellable_new ();
  self->needs_reload = FALSE;
  /* When only the kinds changed, the locales and the profile on screen are
   * taken over: only the matrix is counted again. */
  /* Not a reference to the page: closing its tab disposes it, which stops
   * the run. */
  weft_chplvis_figures_update_async (self->dataset, self->figures, &self->query, self->cancellable,
                                     figures_ready_cb, weft_background_weak_ref_new (self));
}

static gboolean
reload_idle_cb (gpointer user_data)
{
  WeftChplvisPage *self = user_data;

  self->reload_source = 0;
  if (self->cancellable != NULL)
    self->needs_reload = TRUE;
  else
    start_reload (self);

  return G_SOURCE_REMOVE;
}

void
weft_chplvis_page_queue_reload (WeftChplvisPage *self)
{
  gboolean was_busy = weft_chplvis_page_get_busy (self);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  if (self->reload_source == 0)
    self->reload_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, reload_idle_cb, self, NULL);
  if (!was_busy)
    weft_chplvis_page_notify (self, PROP_BUSY);
}

/* Range ----------------------------------------------------------------------- */

void
weft_chplvis_page_update_range (WeftChplvisPage *self)
{
  WeftTimeSpan range;
  gboolean selection;
  gboolean filtered = weft_chplvis_page_get_focus_range (self, &range, &selection);
  g_autofree char *duration = weft_format_duration (weft_time_span_duration (&range));
  g_autofree char *text = NULL;

  if (!filtered)
    text = g_strdup_printf (_("Whole run · %s"), duration);
  else
    {
      gint64 origin = weft_time_model_get_document_span (self->time_model)->begin;
      g_autofree char *begin = weft_format_duration (range.begin - origin);
      g_autofree char *end = weft_format_duration (range.end - origin);

      text = g_strdup_printf (selection ? _("Selected %s – %s · %s") : _("Shown %s – %s · %s"), begin, end, duration);
    }

  g_free (self->range_text);
  self->range_text = g_steal_pointer (&text);
  gtk_label_set_label (self->range_label, self->range_text);
  gtk_widget_set_sensitive (self->clear_range_button, filtered);
}

static void
time_model_changed_cb (WeftChplvisPage *self)
{
  WeftChplvisQuery query;

  weft_chplvis_page_update_range (self);
  /* A queued run reads the latest range anyway. */
  if (self->reload_source != 0 || self->needs_reload)
    return;
  /* Panning the timeline changes the visible span all the time; the figures
   * only change when the range they use does (the latest run's, in flight
   * or on screen, and not cancelled for nothing). */
  weft_chplvis_page_build_query (self, &query);
  if (query.has_range == self->query.has_range &&
      (!query.has_range || weft_time_span_equal (&query.range, &self->query.range)))
    return;
  weft_chplvis_page_queue_reload (self);
}

static void
clear_range_clicked_cb (WeftChplvisPage *self)
{
  weft_time_model_clear_selection (self->time_model);
  weft_time_model_zoom_to_fit (self->time_model);
}

/* Follows the time model (the timeline drives it). */
void
weft_chplvis_page_init_figures (WeftChplvisPage *self)
{
  g_signal_connect_object (self->time_model, "notify::visible-span", G_CALLBACK (time_model_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->time_model, "notify::selected-span", G_CALLBACK (time_model_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->time_model, "notify::has-selection", G_CALLBACK (time_model_changed_cb), self,
                           G_CONNECT_SWAPPED);
}

void
weft_chplvis_page_class_init_figures (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, clear_range_clicked_cb);
}

/* weft-chplvis-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "weft-chplvis-page.h"
#include "weft-timing.h"
#include "weft-chplvis-sources.h"
#include "weft-page.h"
#include "weft-units.h"

/* The views, in the switcher's order (Alt+1 … Alt+5). */
static const char *const view_names[] = { "graph", "matrix", "timeline", "locales", "profile", NULL };

/* The kind filter's choices, in the drop-downs' order. */
static const char *const kind_names[] = { "all", "gets", "puts", "forks", NULL };

/* The graph's locale metrics, in the drop-down's order. */
static const WeftChplvisLocaleColumn metric_columns[] = {
  WEFT_CHPLVIS_LOCALE_TASKS,
  WEFT_CHPLVIS_LOCALE_CPU,
  WEFT_CHPLVIS_LOCALE_CLOCK,
  WEFT_CHPLVIS_LOCALE_MAX_CONCURRENCY,
};

struct _WeftChplvisPage
{
  GtkWidget               parent_instance;

  gboolean                figures_shown;  /* the first figures reached the views (timing) */

  WeftDocument           *document;
  WeftChplvisDataset     *dataset;
  GSettings              *settings;
  WeftTimeModel          *time_model;
  GArray                 *tags;          /* WeftChplvisTagChoice, the drop-down's items */
  gboolean                merge_tags;
  gboolean                link_bytes;
  const char             *kind;          /* one of kind_names */
  guint                   metric;        /* index in metric_columns */

  WeftChplvisFigures     *figures;       /* what the views show */
  WeftChplvisQuery        query;         /* of the latest run started */
  GCancellable           *cancellable;   /* of the run in flight, NULL when none */
  guint                   reload_source;
  gboolean                needs_reload;  /* the run in flight is stale */
  char                   *summary;
  char                   *range_text;
  int                     source_file;   /* what the source view was asked for, -1: none */
  int                     source_line;

  char                   *export_tag;    /* strings get_export_view hands out */
  char                   *export_metric;


  GtkWidget              *box;
  GtkInfoBar             *incomplete_bar;
  GtkLabel               *incomplete_label;
  GtkDropDown            *tag_dropdown;
  GtkToggleButton        *merge_button;
  GtkLabel               *range_label;
  GtkWidget              *clear_range_button;
  GtkToggleButton        *details_button;
  AdwViewStack           *view_stack;
  GtkDropDown            *metric_dropdown;
  GtkToggleButton        *graph_count_button;
  GtkToggleButton        *graph_bytes_button;
  GtkDropDown            *graph_kind_dropdown;
  GtkToggleButton        *graph_linear_button;
  GtkToggleButton        *graph_log_button;
  WeftRingGraphView      *graph_view;
  GtkToggleButton        *matrix_count_button;
  GtkToggleButton        *matrix_bytes_button;
  GtkDropDown            *matrix_kind_dropdown;
  GtkToggleButton        *matrix_linear_button;
  GtkToggleButton        *matrix_log_button;
  WeftMatrixView         *matrix_view;
  WeftTimelineView       *timeline_view;
  WeftChplvisLocalesView *locales_view;
  WeftChplvisProfileView *profile_view;
  GtkPaned               *paned;
  GtkWidget              *side_paned;
  WeftChplvisDetails     *details;
  WeftChplvisSourceView  *source_view;
};

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_SETTINGS,
  PROP_VIEW,
  PROP_TAG,
  PROP_MERGE_TAGS,
  PROP_LINK_BYTES,
  PROP_KIND,
  PROP_LOCALE_METRIC,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void weft_chplvis_page_iface_init (WeftPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftChplvisPage, weft_chplvis_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_PAGE, weft_chplvis_page_iface_init))

static const WeftChplvisTrace *
get_trace (WeftChplvisPage *self)
{
  return weft_chplvis_dataset_get_trace (self->dataset);
}

static const WeftChplvisTagChoice *
current_choice (WeftChplvisPage *self)
{
  guint selected = gtk_drop_down_get_selected (self->tag_dropdown);

  if (self->tags == NULL || self->tags->len == 0)
    return NULL;
  if (selected >= self->tags->len)
    selected = 0;

  return &g_array_index (self->tags, WeftChplvisTagChoice, selected);
}

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
static gboolean
get_focus_range (WeftChplvisPage *self,
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

static void
build_query (WeftChplvisPage  *self,
             WeftChplvisQuery *query)
{
  const WeftChplvisTagChoice *choice = current_choice (self);

  weft_chplvis_query_init (query);
  if (choice != NULL)
    {
      query->tag = choice->tag;
      query->merge = choice->merged;
    }
  query->has_range = get_focus_range (self, &query->range, NULL);
  query->kinds = kinds_mask (self->kind);
}

/* Views ----------------------------------------------------------------------- */

static void
update_matrix (WeftChplvisPage *self)
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

static void
update_summary (WeftChplvisPage *self)
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

  update_matrix (self);
  tag_name = weft_chplvis_dup_query_tag_name (get_trace (self), &figures->query);
  values = weft_chplvis_build_locale_values (get_trace (self), figures->locales, tag_name);
  weft_ring_graph_view_set_node_values (self->graph_view, values);
  weft_ring_graph_view_set_node_column (self->graph_view, metric_columns[self->metric]);
  weft_chplvis_locales_view_set_figures (self->locales_view, figures);
  weft_chplvis_profile_view_set_figures (self->profile_view, figures);
  weft_chplvis_details_refresh (self->details, figures);
  update_summary (self);

  if (!self->figures_shown)
    {
      self->figures_shown = TRUE;
      weft_timing_mark ("chplvis-figures-shown");
    }
}

/* Recomputing ----------------------------------------------------------------- */

/* One run at a time, in a worker thread: a change cancels the run in flight
 * (it stops at its next pass) and queues an idle, which starts a run for the
 * latest state, or leaves that to the end of the run in flight. */

static void start_reload (WeftChplvisPage *self);

static void
figures_ready_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(WeftChplvisPage) self = user_data;
  g_autoptr(WeftChplvisFigures) figures = NULL;
  g_autoptr(GError) error = NULL;

  /* A cancelled run, superseded or of a disposed page, gives no figures
   * (GTask checks the cancellable), even when it had finished. */
  figures = weft_chplvis_figures_compute_finish (WEFT_CHPLVIS_DATASET (object), result, &error);
  g_clear_object (&self->cancellable);

  if (figures != NULL)
    apply_figures (self, figures);
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("Could not compute the figures: %s", error->message);

  /* A change came while this run went on: one more, for the latest state. */
  if (self->needs_reload)
    start_reload (self);
  else if (self->reload_source == 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
start_reload (WeftChplvisPage *self)
{
  build_query (self, &self->query);
  self->cancellable = g_cancellable_new ();
  self->needs_reload = FALSE;
  /* When only the kinds changed, the locales and the profile on screen are
   * taken over: only the matrix is counted again. */
  weft_chplvis_figures_update_async (self->dataset, self->figures, &self->query, self->cancellable,
                                     figures_ready_cb, g_object_ref (self));
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

static void
queue_reload (WeftChplvisPage *self)
{
  gboolean was_busy = weft_chplvis_page_get_busy (self);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  if (self->reload_source == 0)
    self->reload_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, reload_idle_cb, self, NULL);
  if (!was_busy)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

/* Range ----------------------------------------------------------------------- */

static void
update_range (WeftChplvisPage *self)
{
  WeftTimeSpan range;
  gboolean selection;
  gboolean filtered = get_focus_range (self, &range, &selection);
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

  update_range (self);
  /* A queued run reads the latest range anyway. */
  if (self->reload_source != 0 || self->needs_reload)
    return;
  /* Panning the timeline changes the visible span all the time; the figures
   * only change when the range they use does (the latest run's, in flight
   * or on screen, and not cancelled for nothing). */
  build_query (self, &query);
  if (query.has_range == self->query.has_range &&
      (!query.has_range || weft_time_span_equal (&query.range, &self->query.range)))
    return;
  queue_reload (self);
}

static void
clear_range_clicked_cb (WeftChplvisPage *self)
{
  weft_time_model_clear_selection (self->time_model);
  weft_time_model_zoom_to_fit (self->time_model);
}

/* Tags ------------------------------------------------------------------------ */

static void
rebuild_tags (WeftChplvisPage *self,
              int              keep_tag)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  guint selected = 0;

  g_clear_pointer (&self->tags, g_array_unref);
  self->tags = weft_chplvis_list_tags (get_trace (self), self->merge_tags);
  for (guint i = 0; i < self->tags->len; i++)
    {
      const WeftChplvisTagChoice *choice = &g_array_index (self->tags, WeftChplvisTagChoice, i);

      gtk_string_list_append (labels, choice->label);
      if (choice->tag == keep_tag)
        selected = i;
    }

  /* With merged tags, a tag stands for its name's first tag. */
  if (self->merge_tags && keep_tag >= 0)
    {
      g_autofree char *name = weft_chplvis_dup_tag_name (get_trace (self), keep_tag);

      for (guint i = 0; i < self->tags->len; i++)
        if (g_array_index (self->tags, WeftChplvisTagChoice, i).tag >= 0 &&
            g_str_equal (g_array_index (self->tags, WeftChplvisTagChoice, i).name, name))
          selected = i;
    }

  gtk_drop_down_set_model (self->tag_dropdown, G_LIST_MODEL (labels));
  gtk_drop_down_set_selected (self->tag_dropdown, selected);
}

static void
tag_selected_cb (WeftChplvisPage *self)
{
  queue_reload (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TAG]);
}

static void
merge_toggled_cb (WeftChplvisPage *self)
{
  weft_chplvis_page_set_merge_tags (self, gtk_toggle_button_get_active (self->merge_button));
}

/* Clicks ---------------------------------------------------------------------- */

static void
reveal_details (WeftChplvisPage *self)
{
  weft_chplvis_page_set_details_visible (self, TRUE);
}

/* The source view opens under the details, with half the panel's height. */
static void
show_source_view (WeftChplvisPage *self)
{
  int height;

  if (gtk_widget_get_visible (GTK_WIDGET (self->source_view)))
    return;

  gtk_widget_set_visible (GTK_WIDGET (self->source_view), TRUE);
  height = gtk_widget_get_height (self->side_paned);
  if (height > 0)
    gtk_paned_set_position (GTK_PANED (self->side_paned), height / 2);
}

/**
 * weft_chplvis_page_show_locale:
 *
 * Shows chplvis's Locale box, and more, for @locale in the details panel.
 */
void
weft_chplvis_page_show_locale (WeftChplvisPage *self,
                               guint            locale)
{
  g_return_if_fail (WEFT_IS_CHPLVIS_PAGE (self));

  if (self->figures == NULL || locale >= self->figures->n_locales)
    return;

  weft_chplvis_details_show_locale (self->details, locale, self->figures);
  reveal_details (self);
}

/**
 * weft_chplvis_page_show_pair:
 *
 * Shows chplvis's Comm box for @from → @to, and the list of those
 * communications, for the page's tag, range and kind.
 */
void
weft_chplvis_page_show_pair (WeftChplvisPage *self,
                             guint            from,
                             guint            to)
{
  WeftChplvisQuery query;

  g_return_if_fail (WEFT_IS_CHPLVIS_PAGE (self));

  if (from >= get_trace (self)->n_locales || to >= get_trace (self)->n_locales)
    return;

  /* The query of what is on screen (a run may be on its way). */
  if (self->figures != NULL)
    query = self->figures->query;
  else
    build_query (self, &query);
  weft_chplvis_details_show_pair (self->details, from, to, &query);
  reveal_details (self);
}

/**
 * weft_chplvis_page_open_source:
 * @file: an index in the trace's file table
 * @line: the line to show
 *
 * Opens the source view on @file at @line, resolved through the run's
 * CHPL_HOME and DIR and the chplvis-path-remaps setting.
 */
void
weft_chplvis_page_open_source (WeftChplvisPage *self,
                               int              file,
                               int              line)
{
  g_autoptr(GVariant) remaps = NULL;
  g_autofree char *path = NULL;
  const char *name;

  g_return_if_fail (WEFT_IS_CHPLVIS_PAGE (self));

  self->source_file = file;
  self->source_line = line;
  remaps = g_settings_get_value (self->settings, "chplvis-path-remaps");
  name = weft_chplvis_trace_get_file_name (get_trace (self), file);
  path = weft_chplvis_resolve_source (get_trace (self), file, remaps);
  show_source_view (self);
  weft_chplvis_source_view_open (self->source_view, name != NULL ? name : "<unknown>", path, line);
  reveal_details (self);
}

static void
graph_node_activated_cb (WeftChplvisPage *self,
                         guint            node)
{
  weft_chplvis_page_show_locale (self, node);
}

static void
graph_link_activated_cb (WeftChplvisPage *self,
                         guint            from,
                         guint            to)
{
  weft_chplvis_page_show_pair (self, from, to);
}

static void
matrix_cell_activated_cb (WeftChplvisPage *self,
                          guint            row,
                          guint            column)
{
  weft_chplvis_page_show_pair (self, row, column);
}

static void
matrix_label_activated_cb (WeftChplvisPage *self,
                           guint            dim,
                           guint            index)
{
  weft_chplvis_page_show_locale (self, index);
}

static void
locale_activated_cb (WeftChplvisPage *self,
                     guint            locale)
{
  weft_chplvis_page_show_locale (self, locale);
}

static void
function_activated_cb (WeftChplvisPage *self,
                       int              fid)
{
  const WeftChplvisFunction *function = weft_chplvis_trace_get_function (get_trace (self), fid);
  const WeftChplvisProfileRow *row = self->figures != NULL ? weft_chplvis_figures_find_function (self->figures, fid) : NULL;

  /* Its figures in the details, its definition in the source view. */
  if (row != NULL)
    weft_chplvis_details_show_function (self->details, row, &self->figures->query);

  if (function != NULL && function->name != NULL)
    weft_chplvis_page_open_source (self, function->file, function->line);
  else
    {
      /* main and the unknown row have no definition to open. */
      self->source_file = -1;
      show_source_view (self);
      weft_chplvis_source_view_open (self->source_view, fid == WEFT_CHPLVIS_FID_MAIN ? "main" : "<unknown>", NULL, 0);
      reveal_details (self);
    }
}

static void
timeline_event_activated_cb (WeftChplvisPage       *self,
                             const WeftTimelineHit *hit)
{
  WeftChplvisEventRef event;

  if (hit->type != WEFT_TIMELINE_HIT_EVENT || hit->row < 0)
    return;
  if (!weft_chplvis_dataset_lookup_event (self->dataset, hit->kind, (guint)hit->row,
                                          hit->to_row >= 0 ? (guint)hit->to_row : 0, hit->ref, &event))
    return;

  switch (event.type)
    {
    case WEFT_CHPLVIS_EVENT_TASK:
      weft_chplvis_details_show_task (self->details, event.locale, event.index);
      break;
    case WEFT_CHPLVIS_EVENT_COMM:
      weft_chplvis_details_show_record (self->details, event.locale, event.index, FALSE);
      break;
    case WEFT_CHPLVIS_EVENT_FORK:
      weft_chplvis_details_show_record (self->details, event.locale, event.index, TRUE);
      break;
    case WEFT_CHPLVIS_EVENT_MARK:
      weft_chplvis_details_show_mark (self->details, event.locale, event.index);
      break;
    case WEFT_CHPLVIS_EVENT_NONE:
    default:
      return;
    }
  reveal_details (self);
}

static void
source_requested_cb (WeftChplvisPage *self,
                     int              file,
                     int              line)
{
  weft_chplvis_page_open_source (self, file, line);
}

static void
pair_requested_cb (WeftChplvisPage *self,
                   guint            from,
                   guint            to)
{
  weft_chplvis_page_show_pair (self, from, to);
}

static void
task_requested_cb (WeftChplvisPage *self,
                   guint            locale,
                   guint            task)
{
  weft_chplvis_details_show_task (self->details, locale, task);
}

static void
tag_requested_cb (WeftChplvisPage *self,
                  int              tag)
{
  for (guint i = 0; i < self->tags->len; i++)
    {
      const WeftChplvisTagChoice *choice = &g_array_index (self->tags, WeftChplvisTagChoice, i);

      if (choice->tag == tag)
        {
          gtk_drop_down_set_selected (self->tag_dropdown, i);
          return;
        }
    }

  /* Merged: the tag's name stands for it. */
  {
    g_autofree char *name = weft_chplvis_dup_tag_name (get_trace (self), tag);

    weft_chplvis_page_set_tag (self, name);
  }
}

static void
source_close_requested_cb (WeftChplvisPage *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->source_view), FALSE);
}

/* The side panel opens wider than its minimum, once, when the page first
 * gets its width (GtkPaned would give it just its minimum). When that would
 * leave the views less than PLOT_MIN_WIDTH (the default 1200-pixel window),
 * the panel starts hidden instead: the graph and the matrix keep the page's
 * width, and the first click on something opens the panel. */
#define SIDE_PANEL_WIDTH 460
#define PLOT_MIN_WIDTH   900

static void
paned_max_position_cb (WeftChplvisPage *self,
                       GParamSpec      *pspec,
                       GtkPaned        *paned)
{
  int max = 0;
  int side_min = 0;
  int side;

  g_object_get (paned, "max-position", &max, NULL);
  if (max <= 0 || !gtk_widget_get_visible (self->side_paned))
    return;
  g_signal_handlers_disconnect_by_func (paned, paned_max_position_cb, self);

  /* max-position leaves the side panel its minimum width. */
  gtk_widget_measure (self->side_paned, GTK_ORIENTATION_HORIZONTAL, -1, &side_min, NULL, NULL, NULL);
  side = MAX (SIDE_PANEL_WIDTH, side_min);
  if (max + side_min - side < PLOT_MIN_WIDTH)
    {
      weft_chplvis_page_set_details_visible (self, FALSE);
      return;
    }
  gtk_paned_set_position (paned, MAX (max / 2, max + side_min - side));
}

static void
incomplete_response_cb (WeftChplvisPage *self,
                        int              response)
{
  if (response == GTK_RESPONSE_CLOSE)
    gtk_info_bar_set_revealed (self->incomplete_bar, FALSE);
}

static void
view_changed_cb (WeftChplvisPage *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW]);
}

/* Tooltips -------------------------------------------------------------------- */

static char *
describe_pair (WeftChplvisPage *self,
               guint            from,
               guint            to)
{
  const WeftChplvisFigures *figures = self->figures;
  static const char *const group_names[WEFT_CHPLVIS_N_GROUPS] = { N_("Gets"), N_("Puts"), N_("On calls") };
  g_autofree char *count = NULL;
  g_autofree char *bytes = NULL;
  GString *out;
  gsize cell;

  if (figures == NULL || from >= figures->n_locales || to >= figures->n_locales)
    return NULL;
  cell = (gsize)from * figures->n_locales + to;

  count = weft_format_count (figures->comm->count[cell]);
  bytes = weft_format_bytes (figures->comm->bytes[cell]);
  out = g_string_new (NULL);
  g_string_append_printf (out, _("Locale %u → locale %u"), from, to);
  g_string_append_printf (out, "\n%s · %s", count, bytes);
  for (guint g = 0; g < WEFT_CHPLVIS_N_GROUPS; g++)
    {
      g_autofree char *c = weft_format_count (figures->groups[g]->count[cell]);
      g_autofree char *b = weft_format_bytes (figures->groups[g]->bytes[cell]);

      g_string_append_printf (out, "\n%s: %s · %s", _(group_names[g]), c, b);
    }
  if (figures->comm->count[cell] > 0)
    g_string_append_printf (out, "\n%s", _("Click for the list of them"));

  return g_string_free (out, FALSE);
}

static char *
matrix_tooltip_cb (WeftMatrixView *view,
                   guint           row,
                   guint           column,
                   const char     *default_text,
                   gpointer        user_data)
{
  return describe_pair (user_data, row, column);
}

static char *
graph_tooltip_cb (WeftRingGraphView      *view,
                  const WeftRingGraphHit *hit,
                  const char             *default_text,
                  gpointer                user_data)
{
  WeftChplvisPage *self = user_data;

  if (hit->kind == WEFT_RING_GRAPH_HIT_LINK)
    return describe_pair (self, hit->from, hit->to);

  /* chplvis's locale tooltip: tasks, clock, CPU, concurrency. */
  if (hit->kind == WEFT_RING_GRAPH_HIT_NODE && self->figures != NULL && hit->node < self->figures->n_locales)
    {
      const WeftChplvisLocaleStats *s = &self->figures->locales[hit->node];
      g_autofree char *tasks = weft_format_count (s->tasks);
      g_autofree char *clock = weft_format_seconds (s->clock);
      g_autofree char *user = weft_format_seconds (s->cpu_user);
      g_autofree char *sys = weft_format_seconds (s->cpu_sys);

      return g_strdup_printf (_("Locale %u\nTasks: %s · Clock: %s\nCPU: %s user, %s system\n"
                                "Most tasks at once: %u\nClick for its details"),
                              hit->node, tasks, clock, user, sys, s->max_concurrency);
    }

  return NULL;
}

/* Settings -------------------------------------------------------------------- */

static void
scale_changed_cb (WeftChplvisPage *self)
{
  g_autofree char *scale = g_settings_get_string (self->settings, "color-scale");
  WeftColorScaleMode mode = g_strcmp0 (scale, "log") == 0 ? WEFT_COLOR_SCALE_LOG : WEFT_COLOR_SCALE_LINEAR;

  weft_matrix_view_set_scale_mode (self->matrix_view, mode);
  weft_ring_graph_view_set_scale_mode (self->graph_view, mode);
}

/* Source Folders changed in Preferences: a file that was not found may be
 * there now. */
static void
remaps_changed_cb (WeftChplvisPage *self)
{
  if (self->source_file >= 0 && gtk_widget_get_visible (GTK_WIDGET (self->source_view)))
    weft_chplvis_page_open_source (self, self->source_file, self->source_line);
}

static gboolean
scale_get_mapping (GValue   *value,
                   GVariant *variant,
                   gpointer  user_data)
{
  const char *wanted = user_data;

  g_value_set_boolean (value, g_strcmp0 (g_variant_get_string (variant, NULL), wanted) == 0);

  return TRUE;
}

static GVariant *
scale_set_mapping (const GValue       *value,
                   const GVariantType *expected_type,
                   gpointer            user_data)
{
  const char *wanted = user_data;
  const char *other = g_str_equal (wanted, "log") ? "linear" : "log";

  return g_variant_new_string (g_value_get_boolean (value) ? wanted : other);
}

static void
bind_scale (WeftChplvisPage *self,
            GtkToggleButton *linear,
            GtkToggleButton *log)
{
  g_settings_bind_with_mapping (self->settings, "color-scale", linear, "active", G_SETTINGS_BIND_DEFAULT,
                                scale_get_mapping, scale_set_mapping, (gpointer)"linear", NULL);
  g_settings_bind_with_mapping (self->settings, "color-scale", log, "active", G_SETTINGS_BIND_DEFAULT,
                                scale_get_mapping, scale_set_mapping, (gpointer)"log", NULL);
}

static gboolean
kind_to_selected (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  const char *kind = g_value_get_string (from);

  for (guint i = 0; kind_names[i] != NULL; i++)
    if (g_strcmp0 (kind, kind_names[i]) == 0)
      {
        g_value_set_uint (to, i);
        return TRUE;
      }

  return FALSE;
}

static gboolean
selected_to_kind (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  guint selected = g_value_get_uint (from);

  if (selected >= G_N_ELEMENTS (kind_names) - 1)
    return FALSE;
  g_value_set_string (to, kind_names[selected]);

  return TRUE;
}

static void
metric_selected_cb (WeftChplvisPage *self)
{
  guint selected = gtk_drop_down_get_selected (self->metric_dropdown);

  if (selected < G_N_ELEMENTS (metric_columns))
    weft_chplvis_page_set_locale_metric (self, weft_chplvis_locale_column_name (metric_columns[selected]));
}

/* Keyboard -------------------------------------------------------------------- */

static gboolean
show_view_cb (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  weft_chplvis_page_set_view (WEFT_CHPLVIS_PAGE (widget), view_names[g_variant_get_int32 (args)]);

  return TRUE;
}

static gboolean
find_cb (GtkWidget *widget,
         GVariant  *args,
         gpointer   user_data)
{
  WeftChplvisPage *self = WEFT_CHPLVIS_PAGE (widget);
  const char *view = weft_chplvis_page_get_view (self);
  GtkWidget *entry = NULL;

  if (g_strcmp0 (view, "profile") == 0)
    entry = GTK_WIDGET (weft_chplvis_profile_view_get_search_entry (self->profile_view));
  else if (gtk_widget_get_visible (self->side_paned))
    {
      /* The list of the pair or task shown. */
      WeftChplvisCommList *list = weft_chplvis_details_get_comm_list (self->details);

      if (gtk_widget_get_mapped (GTK_WIDGET (list)))
        entry = GTK_WIDGET (weft_chplvis_comm_list_get_search_entry (list));
    }

  return entry != NULL && gtk_widget_grab_focus (entry);
}

static gboolean
escape_cb (GtkWidget *widget,
           GVariant  *args,
           gpointer   user_data)
{
  WeftChplvisPage *self = WEFT_CHPLVIS_PAGE (widget);

  if (!gtk_widget_get_visible (self->side_paned))
    return FALSE;

  weft_chplvis_page_set_details_visible (self, FALSE);
  return TRUE;
}

static void
add_shortcuts (WeftChplvisPage *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  /* Managed by the window: the keys work wherever the focus is in the window
   * while this page is shown (the controller only runs when it is mapped),
   * after the focused widget had its chance (an entry keeps its Escape). */
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_MANAGED);
  for (int i = 0; view_names[i] != NULL; i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new_with_arguments (gtk_keyval_trigger_new (GDK_KEY_1 + i, GDK_ALT_MASK),
                                                                           gtk_callback_action_new (show_view_cb, NULL, NULL),
                                                                           "i", i));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_f, GDK_CONTROL_MASK),
                                                          gtk_callback_action_new (find_cb, NULL, NULL)));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_callback_action_new (escape_cb, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* WeftPage -------------------------------------------------------------------- */

static WeftDocument *
weft_chplvis_page_get_document (WeftPage *page)
{
  return WEFT_CHPLVIS_PAGE (page)->document;
}

/* The tag as weft_chplvis_query_set_tag() (and weft-cli --tag) reads it
 * back: a name stands for every tag of that name, so a single tag whose name
 * repeats, or looks like a keyword, goes by its number. */
static gboolean
tag_name_repeats (const WeftChplvisTrace *trace,
                  const char             *name)
{
  guint n = 0;

  for (guint i = 0; i < trace->n_tags && n < 2; i++)
    {
      g_autofree char *other = weft_chplvis_dup_tag_name (trace, (int)i);

      if (g_str_equal (other, name))
        n++;
    }

  return n > 1;
}

static char *
export_tag_text (WeftChplvisPage *self)
{
  const WeftChplvisTagChoice *choice = current_choice (self);

  if (choice == NULL || choice->tag == WEFT_CHPLVIS_TAG_ALL)
    return g_strdup ("All");
  if (choice->tag == WEFT_CHPLVIS_TAG_START)
    return g_strdup ("Start");
  if (choice->merged)
    return g_strdup (choice->name);
  if (g_ascii_strcasecmp (choice->name, "All") == 0 || g_ascii_strcasecmp (choice->name, "Start") == 0 ||
      g_str_has_prefix (choice->name, "#") || g_str_has_prefix (choice->name, "tag ") ||
      tag_name_repeats (get_trace (self), choice->name))
    return g_strdup_printf ("#%d", choice->tag);

  return g_strdup (choice->name);
}

static gboolean
weft_chplvis_page_get_export_view (WeftPage         *page,
                                   const char      **view,
                                   WeftViewOptions  *options)
{
  WeftChplvisPage *self = WEFT_CHPLVIS_PAGE (page);
  const char *shown = weft_chplvis_page_get_view (self);
  const char *metric = weft_chplvis_locale_column_name (metric_columns[self->metric]);
  WeftTimeSpan range;
  gboolean filtered = get_focus_range (self, &range, NULL);

  memset (options, 0, sizeof *options);
  g_free (self->export_tag);
  self->export_tag = export_tag_text (self);
  g_clear_pointer (&self->export_metric, g_free);

  if (g_strcmp0 (shown, "timeline") == 0)
    {
      const WeftTimeSpan *doc = weft_time_model_get_document_span (self->time_model);
      const WeftTimeSpan *visible = weft_time_model_get_visible_span (self->time_model);

      /* The picture of the visible range; tags do not filter a timeline. */
      *view = "timeline";
      if (!weft_time_span_equal (visible, doc))
        {
          options->has_range = TRUE;
          options->range = *visible;
        }
      return TRUE;
    }

  options->tag = self->export_tag;
  options->has_range = filtered;
  if (filtered)
    options->range = range;

  if (g_strcmp0 (shown, "graph") == 0)
    {
      *view = "graph";
      self->export_metric = self->link_bytes ? g_strdup_printf ("%s,bytes", metric) : g_strdup (metric);
      options->kind = self->kind;
    }
  else if (g_strcmp0 (shown, "matrix") == 0)
    {
      *view = "comm-matrix";
      self->export_metric = g_strdup (self->link_bytes ? "bytes" : "count");
      options->kind = self->kind;
    }
  else if (g_strcmp0 (shown, "locales") == 0)
    {
      /* The table's every kind; the picture shows the graph's metric. */
      *view = "values";
      self->export_metric = g_strdup (metric);
    }
  else
    {
      *view = "profile";
      self->export_metric = g_strdup ("clock");
    }
  options->metric = self->export_metric;

  return TRUE;
}

/* Alt+1 … Alt+5 switch the five views (the window lends them while this tab
 * is selected). */
static gboolean
weft_chplvis_page_get_uses_alt_digits (WeftPage *page)
{
  return TRUE;
}

static void
weft_chplvis_page_iface_init (WeftPageInterface *iface)
{
  iface->get_document = weft_chplvis_page_get_document;
  iface->get_export_view = weft_chplvis_page_get_export_view;
  iface->get_uses_alt_digits = weft_chplvis_page_get_uses_alt_digits;
}

/* Life ------------------------------------------------------------------------ */

static void
ensure_style (void)
{
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      GtkCssProvider *provider = gtk_css_provider_new ();

      gtk_css_provider_load_from_resource (provider, RESOURCE_BASE_PATH "/ui/chplvis/weft-chplvis.css");
      gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
      g_object_unref (provider);
      g_once_init_leave (&initialized, 1);
    }
}

static void
show_incomplete (WeftChplvisPage *self)
{
  const WeftChplvisTrace *trace = get_trace (self);
  g_autoptr(GString) missing = g_string_new (NULL);
  g_autoptr(GString) unfinished = g_string_new (NULL);
  g_autoptr(GString) text = g_string_new (NULL);

  if (weft_chplvis_dataset_get_complete (self->dataset))
    return;

  for (guint i = 0; i < trace->n_locales; i++)
    {
      const WeftChplvisLocale *locale = trace->locales[i];

      if (locale == NULL)
        g_string_append_printf (missing, "%s%u", missing->len ? ", " : "", i);
      else if (!locale->complete)
        g_string_append_printf (unfinished, "%s%u", unfinished->len ? ", " : "", i);
    }

  g_string_append (text, _("This run did not end cleanly."));
  if (unfinished->len > 0)
    g_string_append_printf (text, " %s %s.", _("No End record on locales"), unfinished->str);
  if (missing->len > 0)
    g_string_append_printf (text, " %s %s.", _("No file for locales"), missing->str);
  g_string_append_printf (text, " %s", _("Clock and CPU figures stop at the last record read, and tasks still "
                                          "running then have no end."));
  gtk_label_set_label (self->incomplete_label, text->str);
  gtk_info_bar_set_revealed (self->incomplete_bar, TRUE);
}

static void
weft_chplvis_page_constructed (GObject *object)
{
  WeftChplvisPage *self = (WeftChplvisPage *)object;
  WeftEventTable *table;
  WeftTimeSpan span;
  g_autofree char *default_view = NULL;

  G_OBJECT_CLASS (weft_chplvis_page_parent_class)->constructed (object);

  g_assert (WEFT_IS_CHPLVIS_DATASET (weft_document_get_dataset (self->document)));
  g_assert (G_IS_SETTINGS (self->settings));
  self->dataset = g_object_ref (WEFT_CHPLVIS_DATASET (weft_document_get_dataset (self->document)));

  table = weft_dataset_get_event_table (WEFT_DATASET (self->dataset));
  span = weft_event_table_get_span (table);
  weft_time_model_set_document_span (self->time_model, &span);
  weft_timeline_view_set_table (self->timeline_view, table);
  weft_timeline_view_set_time_model (self->timeline_view, self->time_model);
  g_signal_connect_object (weft_timeline_view_get_timeline (self->timeline_view), "event-activated",
                           G_CALLBACK (timeline_event_activated_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->time_model, "notify::visible-span", G_CALLBACK (time_model_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->time_model, "notify::selected-span", G_CALLBACK (time_model_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->time_model, "notify::has-selection", G_CALLBACK (time_model_changed_cb), self,
                           G_CONNECT_SWAPPED);

  weft_chplvis_details_set_dataset (self->details, self->dataset);

  gtk_widget_set_visible (GTK_WIDGET (self->merge_button), weft_chplvis_has_repeated_tag_names (get_trace (self)));
  rebuild_tags (self, WEFT_CHPLVIS_TAG_ALL);
  g_signal_connect_object (self->tag_dropdown, "notify::selected", G_CALLBACK (tag_selected_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->merge_button, "toggled", G_CALLBACK (merge_toggled_cb), self, G_CONNECT_SWAPPED);

  bind_scale (self, self->graph_linear_button, self->graph_log_button);
  bind_scale (self, self->matrix_linear_button, self->matrix_log_button);
  g_signal_connect_object (self->settings, "changed::color-scale", G_CALLBACK (scale_changed_cb), self,
                           G_CONNECT_SWAPPED);
  scale_changed_cb (self);
  g_signal_connect_object (self->settings, "changed::chplvis-path-remaps", G_CALLBACK (remaps_changed_cb), self,
                           G_CONNECT_SWAPPED);

  default_view = g_settings_get_string (self->settings, "chplvis-default-view");
  weft_chplvis_page_set_view (self, default_view);

  show_incomplete (self);
  update_summary (self);
  update_range (self);
  queue_reload (self);
}

static void
weft_chplvis_page_dispose (GObject *object)
{
  WeftChplvisPage *self = (WeftChplvisPage *)object;

  /* The run in flight ends cancelled, and starts no other. */
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  self->needs_reload = FALSE;
  g_clear_handle_id (&self->reload_source, g_source_remove);

  gtk_widget_dispose_template (GTK_WIDGET (self), WEFT_TYPE_CHPLVIS_PAGE);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->figures, weft_chplvis_figures_unref);
  g_clear_pointer (&self->tags, g_array_unref);
  g_clear_object (&self->time_model);
  g_clear_object (&self->settings);
  g_clear_object (&self->dataset);
  g_clear_object (&self->document);

  G_OBJECT_CLASS (weft_chplvis_page_parent_class)->dispose (object);
}

static void
weft_chplvis_page_finalize (GObject *object)
{
  WeftChplvisPage *self = (WeftChplvisPage *)object;

  g_clear_pointer (&self->summary, g_free);
  g_clear_pointer (&self->range_text, g_free);
  g_clear_pointer (&self->export_tag, g_free);
  g_clear_pointer (&self->export_metric, g_free);

  G_OBJECT_CLASS (weft_chplvis_page_parent_class)->finalize (object);
}

static void
weft_chplvis_page_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  WeftChplvisPage *self = WEFT_CHPLVIS_PAGE (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;

    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    case PROP_VIEW:
      g_value_set_string (value, weft_chplvis_page_get_view (self));
      break;

    case PROP_TAG:
      g_value_set_string (value, weft_chplvis_page_get_tag (self));
      break;

    case PROP_MERGE_TAGS:
      g_value_set_boolean (value, self->merge_tags);
      break;

    case PROP_LINK_BYTES:
      g_value_set_boolean (value, self->link_bytes);
      break;

    case PROP_KIND:
      g_value_set_string (value, self->kind);
      break;

    case PROP_LOCALE_METRIC:
      g_value_set_string (value, weft_chplvis_page_get_locale_metric (self));
      break;

    case PROP_BUSY:
      g_value_set_boolean (value, weft_chplvis_page_get_busy (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_chplvis_page_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  WeftChplvisPage *self = WEFT_CHPLVIS_PAGE (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_assert (self->document == NULL);
      self->document = g_value_dup_object (value);
      break;

    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;

    case PROP_VIEW:
      weft_chplvis_page_set_view (self, g_value_get_string (value));
      break;

    case PROP_TAG:
      weft_chplvis_page_set_tag (self, g_value_get_string (value));
      break;

    case PROP_MERGE_TAGS:
      weft_chplvis_page_set_merge_tags (self, g_value_get_boolean (value));
      break;

    case PROP_LINK_BYTES:
      weft_chplvis_page_set_link_bytes (self, g_value_get_boolean (value));
      break;

    case PROP_KIND:
      weft_chplvis_page_set_kind (self, g_value_get_string (value));
      break;

    case PROP_LOCALE_METRIC:
      weft_chplvis_page_set_locale_metric (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_chplvis_page_class_init (WeftChplvisPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = weft_chplvis_page_constructed;
  object_class->dispose = weft_chplvis_page_dispose;
  object_class->finalize = weft_chplvis_page_finalize;
  object_class->get_property = weft_chplvis_page_get_property;
  object_class->set_property = weft_chplvis_page_set_property;


  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, WEFT_TYPE_DOCUMENT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * WeftChplvisPage:settings:
   *
   * The application's settings (colour scale, default view, source
   * folders), handed down by whoever makes the page.
   */
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * WeftChplvisPage:view:
   *
   * The view shown: "graph", "matrix", "timeline", "locales" or "profile".
   */
  properties[PROP_VIEW] =
    g_param_spec_string ("view", NULL, NULL, "graph",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * WeftChplvisPage:tag:
   *
   * The tag every view shows, as the Tags drop-down labels it ("All",
   * "Start", a tag's name, or "tag N (name)" when names repeat).
   */
  properties[PROP_TAG] =
    g_param_spec_string ("tag", NULL, NULL, "All",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * WeftChplvisPage:merge-tags:
   *
   * Whether tags of one name are counted together (chplvis's Merge Tags).
   */
  properties[PROP_MERGE_TAGS] =
    g_param_spec_boolean ("merge-tags", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * WeftChplvisPage:link-bytes:
   *
   * Whether the graph's links and the matrix show bytes (else counts).
   */
  properties[PROP_LINK_BYTES] =
    g_param_spec_boolean ("link-bytes", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * WeftChplvisPage:kind:
   *
   * The communication the graph and the matrix count: "all", "gets",
   * "puts" or "forks".
   */
  properties[PROP_KIND] =
    g_param_spec_string ("kind", NULL, NULL, "all",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * WeftChplvisPage:locale-metric:
   *
   * What colours the graph's locales: "tasks", "cpu", "clock" or
   * "max_concurrency".
   */
  properties[PROP_LOCALE_METRIC] =
    g_param_spec_string ("locale-metric", NULL, NULL, "tasks",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * WeftChplvisPage:busy:
   *
   * Whether the figures are being recomputed.
   */
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (WEFT_TYPE_RING_GRAPH_VIEW);
  g_type_ensure (WEFT_TYPE_MATRIX_VIEW);
  g_type_ensure (WEFT_TYPE_TIMELINE_VIEW);
  g_type_ensure (WEFT_TYPE_CHPLVIS_LOCALES_VIEW);
  g_type_ensure (WEFT_TYPE_CHPLVIS_PROFILE_VIEW);
  g_type_ensure (WEFT_TYPE_CHPLVIS_DETAILS);
  g_type_ensure (WEFT_TYPE_CHPLVIS_SOURCE_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/ui/chplvis/weft-chplvis-page.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "chplvispage");
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, box);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, incomplete_bar);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, incomplete_label);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, tag_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, merge_button);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, range_label);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, clear_range_button);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, details_button);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, view_stack);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, metric_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, graph_count_button);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, graph_bytes_button);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, graph_kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, graph_linear_button);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, graph_log_button);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, graph_view);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, matrix_count_button);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, matrix_bytes_button);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, matrix_kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, matrix_linear_button);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, matrix_log_button);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, matrix_view);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, timeline_view);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, locales_view);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, profile_view);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, paned);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, side_paned);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, details);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisPage, source_view);
  gtk_widget_class_bind_template_callback (widget_class, incomplete_response_cb);
  gtk_widget_class_bind_template_callback (widget_class, clear_range_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, view_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, graph_node_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, graph_link_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, matrix_cell_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, matrix_label_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, locale_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, function_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, source_requested_cb);
  gtk_widget_class_bind_template_callback (widget_class, pair_requested_cb);
  gtk_widget_class_bind_template_callback (widget_class, task_requested_cb);
  gtk_widget_class_bind_template_callback (widget_class, tag_requested_cb);
  gtk_widget_class_bind_template_callback (widget_class, source_close_requested_cb);
}

static void
weft_chplvis_page_init (WeftChplvisPage *self)
{
  ensure_style ();
  gtk_widget_init_template (GTK_WIDGET (self));

  self->kind = kind_names[0];
  self->source_file = -1;
  weft_chplvis_query_init (&self->query);
  self->time_model = weft_time_model_new ();

  /* The graph's and the matrix's controls show one state. */
  g_object_bind_property (self, "link-bytes", self->graph_bytes_button, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (self, "link-bytes", self->graph_count_button, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  g_object_bind_property (self, "link-bytes", self->matrix_bytes_button, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (self, "link-bytes", self->matrix_count_button, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  g_object_bind_property_full (self, "kind", self->graph_kind_dropdown, "selected",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               kind_to_selected, selected_to_kind, NULL, NULL);
  g_object_bind_property_full (self, "kind", self->matrix_kind_dropdown, "selected",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               kind_to_selected, selected_to_kind, NULL, NULL);
  g_object_bind_property (self, "merge-tags", self->merge_button, "active", G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->details_button, "active", self->side_paned, "visible", G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->metric_dropdown, "notify::selected", G_CALLBACK (metric_selected_cb), self,
                           G_CONNECT_SWAPPED);

  g_signal_connect_object (self->paned, "notify::max-position", G_CALLBACK (paned_max_position_cb), self,
                           G_CONNECT_SWAPPED);
  weft_matrix_view_set_tooltip_func (self->matrix_view, matrix_tooltip_cb, self, NULL);
  weft_ring_graph_view_set_tooltip_func (self->graph_view, graph_tooltip_cb, self, NULL);

  add_shortcuts (self);
}

/**
 * weft_chplvis_page_new:
 * @document: a loaded Chapel VisualDebug document
 * @settings: the application's settings
 *
 * Returns: (transfer floating): the page.
 */
WeftChplvisPage *
weft_chplvis_page_new (WeftDocument *document,
                       GSettings    *settings)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (WEFT_IS_CHPLVIS_DATASET (weft_document_get_dataset (document)), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (WEFT_TYPE_CHPLVIS_PAGE, "document", document, "settings", settings, NULL);
}

WeftChplvisDataset *
weft_chplvis_page_get_dataset (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  return self->dataset;
}

/**
 * weft_chplvis_page_get_time_model:
 *
 * Returns: (transfer none): the page's time axis, which the timeline drives
 *   and the other views follow.
 */
WeftTimeModel *
weft_chplvis_page_get_time_model (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  return self->time_model;
}

const char *
weft_chplvis_page_get_view (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  return adw_view_stack_get_visible_child_name (self->view_stack);
}

/**
 * weft_chplvis_page_set_view:
 * @view: "graph", "matrix", "timeline", "locales" or "profile" (anything
 *   else is ignored)
 */
void
weft_chplvis_page_set_view (WeftChplvisPage *self,
                            const char      *view)
{
  g_return_if_fail (WEFT_IS_CHPLVIS_PAGE (self));

  if (view == NULL || !g_strv_contains (view_names, view))
    return;

  /* AdwViewStack notifies visible-child-name, which notifies "view". */
  adw_view_stack_set_visible_child_name (self->view_stack, view);
}

const char *
weft_chplvis_page_get_tag (WeftChplvisPage *self)
{
  const WeftChplvisTagChoice *choice;

  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  choice = current_choice (self);

  return choice != NULL ? choice->label : "All";
}

/**
 * weft_chplvis_page_set_tag:
 * @tag: a tag as the drop-down labels it, or a tag's name
 *
 * Returns: whether the tag exists (else nothing changes).
 */
gboolean
weft_chplvis_page_set_tag (WeftChplvisPage *self,
                           const char      *tag)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), FALSE);

  if (tag == NULL || self->tags == NULL)
    return FALSE;

  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < self->tags->len; i++)
      {
        const WeftChplvisTagChoice *choice = &g_array_index (self->tags, WeftChplvisTagChoice, i);

        if (g_str_equal (pass == 0 ? choice->label : choice->name, tag))
          {
            gtk_drop_down_set_selected (self->tag_dropdown, i);
            return TRUE;
          }
      }

  return FALSE;
}

gboolean
weft_chplvis_page_get_merge_tags (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), FALSE);

  return self->merge_tags;
}

/**
 * weft_chplvis_page_set_merge_tags:
 *
 * Counts the tags of one name together (when names repeat), keeping the
 * selected tag.
 */
void
weft_chplvis_page_set_merge_tags (WeftChplvisPage *self,
                                  gboolean         merge_tags)
{
  const WeftChplvisTagChoice *choice;
  int keep;

  g_return_if_fail (WEFT_IS_CHPLVIS_PAGE (self));

  merge_tags = !!merge_tags;
  if (self->merge_tags == merge_tags)
    return;

  choice = current_choice (self);
  keep = choice != NULL ? choice->tag : WEFT_CHPLVIS_TAG_ALL;
  self->merge_tags = merge_tags;
  /* The drop-down notifies "selected" (a new query) if its item moved;
   * a merged choice is a new query either way. */
  rebuild_tags (self, keep);
  queue_reload (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MERGE_TAGS]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TAG]);
}

gboolean
weft_chplvis_page_get_link_bytes (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), FALSE);

  return self->link_bytes;
}

/**
 * weft_chplvis_page_set_link_bytes:
 *
 * Shows bytes (else counts) on the graph's links and in the matrix; the
 * figures hold both, so nothing is recomputed.
 */
void
weft_chplvis_page_set_link_bytes (WeftChplvisPage *self,
                                  gboolean         link_bytes)
{
  g_return_if_fail (WEFT_IS_CHPLVIS_PAGE (self));

  link_bytes = !!link_bytes;
  if (self->link_bytes == link_bytes)
    return;

  self->link_bytes = link_bytes;
  update_matrix (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LINK_BYTES]);
}

const char *
weft_chplvis_page_get_kind (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  return self->kind;
}

/**
 * weft_chplvis_page_set_kind:
 * @kind: "all", "gets", "puts" or "forks" (anything else is ignored)
 */
void
weft_chplvis_page_set_kind (WeftChplvisPage *self,
                            const char      *kind)
{
  g_return_if_fail (WEFT_IS_CHPLVIS_PAGE (self));

  for (guint i = 0; kind_names[i] != NULL; i++)
    if (g_strcmp0 (kind, kind_names[i]) == 0)
      {
        if (self->kind == kind_names[i])
          return;
        self->kind = kind_names[i];
        queue_reload (self);
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
        return;
      }
}

const char *
weft_chplvis_page_get_locale_metric (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  return weft_chplvis_locale_column_name (metric_columns[self->metric]);
}

/**
 * weft_chplvis_page_set_locale_metric:
 * @metric: "tasks", "cpu", "clock" or "max_concurrency" (anything else is
 *   ignored)
 */
void
weft_chplvis_page_set_locale_metric (WeftChplvisPage *self,
                                     const char      *metric)
{
  g_return_if_fail (WEFT_IS_CHPLVIS_PAGE (self));

  for (guint i = 0; i < G_N_ELEMENTS (metric_columns); i++)
    if (g_strcmp0 (metric, weft_chplvis_locale_column_name (metric_columns[i])) == 0)
      {
        if (self->metric == i)
          return;
        self->metric = i;
        gtk_drop_down_set_selected (self->metric_dropdown, i);
        weft_ring_graph_view_set_node_column (self->graph_view, metric_columns[i]);
        g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOCALE_METRIC]);
        return;
      }
}

gboolean
weft_chplvis_page_get_busy (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), FALSE);

  return self->reload_source != 0 || self->cancellable != NULL;
}

gboolean
weft_chplvis_page_get_details_visible (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), FALSE);

  return gtk_toggle_button_get_active (self->details_button);
}

void
weft_chplvis_page_set_details_visible (WeftChplvisPage *self,
                                       gboolean         visible)
{
  g_return_if_fail (WEFT_IS_CHPLVIS_PAGE (self));

  gtk_toggle_button_set_active (self->details_button, visible);
}

/**
 * weft_chplvis_page_get_query:
 *
 * Fills @query with what the views show now (tag, range, kind), even while
 * its figures are being computed.
 */
void
weft_chplvis_page_get_query (WeftChplvisPage  *self,
                             WeftChplvisQuery *query)
{
  g_return_if_fail (WEFT_IS_CHPLVIS_PAGE (self));
  g_return_if_fail (query != NULL);

  build_query (self, query);
}

/**
 * weft_chplvis_page_get_figures:
 *
 * Returns: (transfer none) (nullable): the figures on screen.
 */
WeftChplvisFigures *
weft_chplvis_page_get_figures (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  return self->figures;
}

WeftRingGraphView *
weft_chplvis_page_get_graph_view (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  return self->graph_view;
}

WeftMatrixView *
weft_chplvis_page_get_matrix_view (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  return self->matrix_view;
}

WeftTimelineView *
weft_chplvis_page_get_timeline_view (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  return self->timeline_view;
}

WeftChplvisLocalesView *
weft_chplvis_page_get_locales_view (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  return self->locales_view;
}

WeftChplvisProfileView *
weft_chplvis_page_get_profile_view (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  return self->profile_view;
}

WeftChplvisDetails *
weft_chplvis_page_get_details (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  return self->details;
}

WeftChplvisSourceView *
weft_chplvis_page_get_source_view (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  return self->source_view;
}

GtkDropDown *
weft_chplvis_page_get_tag_dropdown (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  return self->tag_dropdown;
}

/**
 * weft_chplvis_page_get_range_text:
 *
 * Returns: what the range label says.
 */
const char *
weft_chplvis_page_get_range_text (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  return self->range_text;
}

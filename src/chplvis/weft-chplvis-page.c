/* weft-chplvis-page.c: the Chapel page as an object: its properties, its
 * template, its life. What it shows and does is in the other
 * weft-chplvis-page-*.c files (see weft-chplvis-page-private.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "weft-chplvis-page-private.h"
#include "weft-timing.h"
#include "weft-widget-theme.h"

const char *const weft_chplvis_page_view_names[WEFT_CHPLVIS_PAGE_N_VIEWS + 1] = { "graph", "matrix", "timeline", "locales", "profile", NULL };

const char *const weft_chplvis_page_kind_names[WEFT_CHPLVIS_PAGE_N_KINDS + 1] = { "all", "gets", "puts", "forks", NULL };

const WeftChplvisLocaleColumn weft_chplvis_page_metric_columns[WEFT_CHPLVIS_PAGE_N_METRICS] = {
  WEFT_CHPLVIS_LOCALE_TASKS,
  WEFT_CHPLVIS_LOCALE_CPU,
  WEFT_CHPLVIS_LOCALE_CLOCK,
  WEFT_CHPLVIS_LOCALE_MAX_CONCURRENCY,
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftChplvisPage, weft_chplvis_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_PAGE, weft_chplvis_page_iface_init))

void
weft_chplvis_page_notify (WeftChplvisPage *self,
                          guint            prop_id)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void
incomplete_response_cb (WeftChplvisPage *self,
                        int              response)
{
  if (response == GTK_RESPONSE_CLOSE)
    gtk_info_bar_set_revealed (self->incomplete_bar, FALSE);
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
  weft_chplvis_page_init_figures (self);

  weft_chplvis_details_set_dataset (self->details, self->dataset);
  weft_chplvis_page_setup_controls (self);

  default_view = g_settings_get_string (self->settings, "chplvis-default-view");
  weft_chplvis_page_set_view (self, default_view);

  show_incomplete (self);
  weft_chplvis_page_update_summary (self);
  weft_chplvis_page_update_range (self);
  weft_chplvis_page_queue_reload (self);
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
  g_type_ensure (WEFT_TYPE_SOURCE_VIEW);

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
  weft_chplvis_page_class_init_controls (widget_class);
  weft_chplvis_page_class_init_figures (widget_class);
  weft_chplvis_page_class_init_actions (widget_class);
}

static void
weft_chplvis_page_init (WeftChplvisPage *self)
{
  weft_widget_theme_load_css (RESOURCE_BASE_PATH "/ui/chplvis/weft-chplvis.css");
  gtk_widget_init_template (GTK_WIDGET (self));

  self->source_file = -1;
  weft_source_view_set_hints (self->source_view,
                              _("Click a communication, a task or a function to see its source line."),
                              _("The code comes from the Chapel runtime, the compiler or the command line."),
                              _("If the trace was recorded on another computer, map its CHPL_HOME or DIR "
                                "folder to yours in Preferences ▸ Source Folders."),
                              TRUE);
  weft_chplvis_query_init (&self->query);
  self->time_model = weft_time_model_new ();

  weft_chplvis_page_init_controls (self);
  weft_chplvis_page_init_actions (self);
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

gboolean
weft_chplvis_page_get_busy (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), FALSE);

  return self->reload_source != 0 || self->cancellable != NULL;
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

  weft_chplvis_page_build_query (self, query);
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

WeftSourceView *
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

/* weft-summary-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "weft-label-tooltip.h"
#include "weft-page.h"
#include "weft-summary-page.h"
#include "weft-timeline-view.h"
#include "weft-units.h"

struct _WeftSummaryPage
{
  GtkWidget      parent_instance;

  WeftDocument  *document;
  WeftTimeModel *time_model;
  GtkWidget     *child;
};

static void weft_summary_page_iface_init (WeftPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftSummaryPage, weft_summary_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_PAGE, weft_summary_page_iface_init))

static WeftDocument *
weft_summary_page_get_document (WeftPage *page)
{
  return WEFT_SUMMARY_PAGE (page)->document;
}

/* With events, the picture of the timeline as it is zoomed on screen. */
static gboolean
weft_summary_page_get_export_view (WeftPage         *page,
                                   const char      **view,
                                   WeftViewOptions  *options)
{
  WeftSummaryPage *self = WEFT_SUMMARY_PAGE (page);

  if (self->time_model == NULL)
    return FALSE;

  *view = "timeline";
  options->has_range = TRUE;
  options->range = *weft_time_model_get_visible_span (self->time_model);

  return TRUE;
}

static void
weft_summary_page_iface_init (WeftPageInterface *iface)
{
  iface->get_document = weft_summary_page_get_document;
  iface->get_export_view = weft_summary_page_get_export_view;
}

static GtkWidget *
add_row (AdwPreferencesGroup *group,
         const char          *title,
         const char          *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  /* Paths are long: keep one line, drop the middle, show all of it on hover. */
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_xalign (GTK_LABEL (label), 1.0);
  gtk_widget_set_hexpand (label, TRUE);
  weft_label_show_full_text_on_hover (GTK_LABEL (label));
  gtk_widget_add_css_class (label, "dim-label");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_preferences_group_add (group, row);

  return row;
}

static char *
dataset_json (WeftDataset *dataset)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (builder);
  weft_dataset_add_json (dataset, builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, TRUE);

  return json_generator_to_data (generator, NULL);
}

static void
build (WeftSummaryPage *self)
{
  WeftDataset *dataset = weft_document_get_dataset (self->document);
  const WeftFormat *format = weft_document_get_format (self->document);
  const char *version = weft_dataset_get_format_version (dataset);
  g_auto(GStrv) sources = weft_dataset_dup_sources (dataset);
  g_autofree char *rows = g_strdup_printf ("%u", weft_dataset_get_n_rows (dataset));
  g_autofree char *json = dataset_json (dataset);
  GtkWidget *page = adw_preferences_page_new ();
  GtkWidget *group = adw_preferences_group_new ();
  GtkWidget *figures = adw_preferences_group_new ();
  GtkWidget *text;
  double begin_s, end_s;

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Document"));
  add_row (ADW_PREFERENCES_GROUP (group), _("Format"), _(format->name));
  if (version != NULL)
    add_row (ADW_PREFERENCES_GROUP (group), _("Format version"), version);
  for (guint i = 0; sources != NULL && sources[i] != NULL; i++)
    add_row (ADW_PREFERENCES_GROUP (group), i == 0 ? _("Files") : "", sources[i]);
  add_row (ADW_PREFERENCES_GROUP (group), _("Rows"), rows);
  if (weft_dataset_get_time_range (dataset, &begin_s, &end_s))
    {
      g_autofree char *duration = weft_format_seconds (end_s - begin_s);

      add_row (ADW_PREFERENCES_GROUP (group), _("Duration"), duration);
    }
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (figures), _("Figures"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (figures),
                                         _("What weft-cli info --json reports for this document"));
  text = gtk_label_new (json);
  gtk_label_set_selectable (GTK_LABEL (text), TRUE);
  gtk_label_set_xalign (GTK_LABEL (text), 0.0);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (text, "monospace");
  gtk_widget_add_css_class (text, "card");
  gtk_widget_set_margin_top (text, 6);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (figures), text);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (figures));

  /* A family without a page of its own still gets its timeline, above the facts. */
  if (weft_dataset_get_event_table (dataset) != NULL)
    {
      WeftEventTable *table = weft_dataset_get_event_table (dataset);
      WeftTimeSpan span = weft_event_table_get_span (table);
      GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
      GtkWidget *timeline = weft_timeline_view_new ();

      self->time_model = weft_time_model_new ();
      weft_time_model_set_document_span (self->time_model, &span);
      weft_timeline_view_set_table (WEFT_TIMELINE_VIEW (timeline), table);
      weft_timeline_view_set_time_model (WEFT_TIMELINE_VIEW (timeline), self->time_model);
      gtk_paned_set_start_child (GTK_PANED (paned), timeline);
      gtk_paned_set_end_child (GTK_PANED (paned), page);
      gtk_paned_set_resize_end_child (GTK_PANED (paned), FALSE);
      gtk_paned_set_position (GTK_PANED (paned), 480);
      page = paned;
    }

  self->child = page;
  gtk_widget_set_parent (page, GTK_WIDGET (self));
}

/**
 * weft_summary_page_get_time_model:
 *
 * Returns: (transfer none) (nullable): the time model of the page's timeline,
 *   when the document has events.
 */
WeftTimeModel *
weft_summary_page_get_time_model (WeftSummaryPage *self)
{
  g_return_val_if_fail (WEFT_IS_SUMMARY_PAGE (self), NULL);

  return self->time_model;
}

WeftSummaryPage *
weft_summary_page_new (WeftDocument *document)
{
  WeftSummaryPage *self;

  g_return_val_if_fail (WEFT_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (weft_document_get_dataset (document) != NULL, NULL);

  self = g_object_new (WEFT_TYPE_SUMMARY_PAGE, NULL);
  self->document = g_object_ref (document);
  build (self);

  return self;
}

static void
weft_summary_page_dispose (GObject *object)
{
  WeftSummaryPage *self = (WeftSummaryPage *)object;

  g_clear_pointer (&self->child, gtk_widget_unparent);
  g_clear_object (&self->document);
  g_clear_object (&self->time_model);

  G_OBJECT_CLASS (weft_summary_page_parent_class)->dispose (object);
}

static void
weft_summary_page_class_init (WeftSummaryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_summary_page_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "summarypage");
}

static void
weft_summary_page_init (WeftSummaryPage *self)
{
}

/* weft-chplvis-page-controls.c: what the Chapel page's views show: the
 * view, the tag (with chplvis's Merge Tags), counts or bytes, the kinds of
 * communication, the graph's locale metric and the colour scale (a setting).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "weft-chplvis-page-private.h"

/* Tags ------------------------------------------------------------------------ */

const WeftChplvisTagChoice *
weft_chplvis_page_current_choice (WeftChplvisPage *self)
{
  guint selected = gtk_drop_down_get_selected (self->tag_dropdown);

  if (self->tags == NULL || self->tags->len == 0)
    return NULL;
  if (selected >= self->tags->len)
    selected = 0;

  return &g_array_index (self->tags, WeftChplvisTagChoice, selected);
}

/* More choices than this in the tag list (All, Start and the tags), and it
 * has a search entry. */
#define TAG_SEARCH_FROM 20

void
weft_chplvis_page_rebuild_tags (WeftChplvisPage *self,
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
  /* A run that tags every step has hundreds of tags: type to find one. */
  gtk_drop_down_set_enable_search (self->tag_dropdown, self->tags->len > TAG_SEARCH_FROM);
}

static void
tag_selected_cb (WeftChplvisPage *self)
{
  weft_chplvis_page_queue_reload (self);
  weft_chplvis_page_notify (self, PROP_TAG);
}

static void
merge_toggled_cb (WeftChplvisPage *self)
{
  weft_chplvis_page_set_merge_tags (self, gtk_toggle_button_get_active (self->merge_button));
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

  for (guint i = 0; weft_chplvis_page_kind_names[i] != NULL; i++)
    if (g_strcmp0 (kind, weft_chplvis_page_kind_names[i]) == 0)
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

  if (selected >= G_N_ELEMENTS (weft_chplvis_page_kind_names) - 1)
    return FALSE;
  g_value_set_string (to, weft_chplvis_page_kind_names[selected]);

  return TRUE;
}

static void
metric_selected_cb (WeftChplvisPage *self)
{
  guint selected = gtk_drop_down_get_selected (self->metric_dropdown);

  if (selected < WEFT_CHPLVIS_PAGE_N_METRICS)
    weft_chplvis_page_set_locale_metric (self, weft_chplvis_locale_column_name (weft_chplvis_page_metric_columns[selected]));
}

static void
view_changed_cb (WeftChplvisPage *self)
{
  weft_chplvis_page_notify (self, PROP_VIEW);
}

/* The graph's and the matrix's controls show one state. */
void
weft_chplvis_page_init_controls (WeftChplvisPage *self)
{
  self->kind = weft_chplvis_page_kind_names[0];

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
  g_signal_connect_object (self->metric_dropdown, "notify::selected", G_CALLBACK (metric_selected_cb), self,
                           G_CONNECT_SWAPPED);
}

/* Once the page has its trace and settings: the tags, the colour scale,
 * the source folders. */
void
weft_chplvis_page_setup_controls (WeftChplvisPage *self)
{
  g_autoptr(GtkExpression) label = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");

  /* What the tag list's search matches. */
  gtk_drop_down_set_expression (self->tag_dropdown, label);
  gtk_widget_set_visible (GTK_WIDGET (self->merge_button), weft_chplvis_has_repeated_tag_names (get_trace (self)));
  weft_chplvis_page_rebuild_tags (self, WEFT_CHPLVIS_TAG_ALL);
  g_signal_connect_object (self->tag_dropdown, "notify::selected", G_CALLBACK (tag_selected_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->merge_button, "toggled", G_CALLBACK (merge_toggled_cb), self, G_CONNECT_SWAPPED);

  bind_scale (self, self->graph_linear_button, self->graph_log_button);
  bind_scale (self, self->matrix_linear_button, self->matrix_log_button);
  g_signal_connect_object (self->settings, "changed::color-scale", G_CALLBACK (scale_changed_cb), self,
                           G_CONNECT_SWAPPED);
  scale_changed_cb (self);
  g_signal_connect_object (self->settings, "changed::source-path-remaps", G_CALLBACK (remaps_changed_cb), self,
                           G_CONNECT_SWAPPED);
}

void
weft_chplvis_page_class_init_controls (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, view_changed_cb);
}

/* Public state ----------------------------------------------------------------- */

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

  if (view == NULL || !g_strv_contains (weft_chplvis_page_view_names, view))
    return;

  /* AdwViewStack notifies visible-child-name, which notifies "view". */
  adw_view_stack_set_visible_child_name (self->view_stack, view);
}

const char *
weft_chplvis_page_get_tag (WeftChplvisPage *self)
{
  const WeftChplvisTagChoice *choice;

  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  choice = weft_chplvis_page_current_choice (self);

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

  choice = weft_chplvis_page_current_choice (self);
  keep = choice != NULL ? choice->tag : WEFT_CHPLVIS_TAG_ALL;
  self->merge_tags = merge_tags;
  /* The drop-down notifies "selected" (a new query) if its item moved;
   * a merged choice is a new query either way. */
  weft_chplvis_page_rebuild_tags (self, keep);
  weft_chplvis_page_queue_reload (self);
  weft_chplvis_page_notify (self, PROP_MERGE_TAGS);
  weft_chplvis_page_notify (self, PROP_TAG);
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
  weft_chplvis_page_update_matrix (self);
  weft_chplvis_page_notify (self, PROP_LINK_BYTES);
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

  for (guint i = 0; weft_chplvis_page_kind_names[i] != NULL; i++)
    if (g_strcmp0 (kind, weft_chplvis_page_kind_names[i]) == 0)
      {
        if (self->kind == weft_chplvis_page_kind_names[i])
          return;
        self->kind = weft_chplvis_page_kind_names[i];
        weft_chplvis_page_queue_reload (self);
        weft_chplvis_page_notify (self, PROP_KIND);
        return;
      }
}

const char *
weft_chplvis_page_get_locale_metric (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), NULL);

  return weft_chplvis_locale_column_name (weft_chplvis_page_metric_columns[self->metric]);
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

  for (guint i = 0; i < WEFT_CHPLVIS_PAGE_N_METRICS; i++)
    if (g_strcmp0 (metric, weft_chplvis_locale_column_name (weft_chplvis_page_metric_columns[i])) == 0)
      {
        if (self->metric == i)
          return;
        self->metric = i;
        gtk_drop_down_set_selected (self->metric_dropdown, i);
        weft_ring_graph_view_set_node_column (self->graph_view, weft_chplvis_page_metric_columns[i]);
        weft_chplvis_page_notify (self, PROP_LOCALE_METRIC);
        return;
      }
}

/* weft-preferences-window.c
 *
 * The settings a user changes: the colour scale of heat maps, the view Chapel
 * traces open with, and where the source files of a trace recorded on another
 * machine are found here (folder prefix remapping, for Chapel and HPCToolkit).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "weft-preferences-window.h"

struct _WeftPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GSettings            *settings;
  AdwPreferencesGroup  *remap_group;
  GPtrArray            *remap_rows;
  AdwEntryRow          *from_row;
  AdwEntryRow          *to_row;
};

G_DEFINE_FINAL_TYPE (WeftPreferencesWindow, weft_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* An AdwComboRow over fixed choices, kept in sync with an enum setting by nick. */
static GtkWidget *
enum_combo_row (GSettings          *settings,
                const char         *key,
                const char         *title,
                const char         *subtitle,
                const char * const *nicks,
                const char * const *labels)
{
  GtkStringList *model = gtk_string_list_new ((const char * const *)labels);
  GtkWidget *row = adw_combo_row_new ();
  g_autofree char *current = g_settings_get_string (settings, key);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  g_object_unref (model);

  for (guint i = 0; nicks[i] != NULL; i++)
    if (g_strcmp0 (nicks[i], current) == 0)
      adw_combo_row_set_selected (ADW_COMBO_ROW (row), i);

  g_object_set_data_full (G_OBJECT (row), "weft-settings-key", g_strdup (key), g_free);
  g_object_set_data (G_OBJECT (row), "weft-settings-nicks", (gpointer)nicks);

  return row;
}

static void
combo_selected_cb (AdwComboRow *row,
                   GParamSpec  *pspec,
                   GSettings   *settings)
{
  const char *key = g_object_get_data (G_OBJECT (row), "weft-settings-key");
  const char * const *nicks = g_object_get_data (G_OBJECT (row), "weft-settings-nicks");
  guint selected = adw_combo_row_get_selected (row);

  if (selected < g_strv_length ((char **)nicks))
    g_settings_set_string (settings, key, nicks[selected]);
}

static void rebuild_remaps (WeftPreferencesWindow *self);

static void
remove_remap_cb (GtkButton             *button,
                 WeftPreferencesWindow *self)
{
  const char *from = g_object_get_data (G_OBJECT (button), "weft-remap-from");
  g_autoptr(GVariant) remaps = g_settings_get_value (self->settings, "source-path-remaps");
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a{ss}"));
  GVariantIter iter;
  const char *key, *value;

  g_variant_iter_init (&iter, remaps);
  while (g_variant_iter_next (&iter, "{&s&s}", &key, &value))
    if (g_strcmp0 (key, from) != 0)
      g_variant_builder_add (&builder, "{ss}", key, value);

  g_settings_set_value (self->settings, "source-path-remaps", g_variant_builder_end (&builder));
}

static void
add_remap_cb (GtkButton             *button,
              WeftPreferencesWindow *self)
{
  const char *from = gtk_editable_get_text (GTK_EDITABLE (self->from_row));
  const char *to = gtk_editable_get_text (GTK_EDITABLE (self->to_row));
  g_autoptr(GVariant) remaps = NULL;
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE ("a{ss}"));
  GVariantIter iter;
  const char *key, *value;

  if (from[0] == '\0' || to[0] == '\0')
    return;

  remaps = g_settings_get_value (self->settings, "source-path-remaps");
  g_variant_iter_init (&iter, remaps);
  while (g_variant_iter_next (&iter, "{&s&s}", &key, &value))
    if (g_strcmp0 (key, from) != 0)
      g_variant_builder_add (&builder, "{ss}", key, value);
  g_variant_builder_add (&builder, "{ss}", from, to);

  g_settings_set_value (self->settings, "source-path-remaps", g_variant_builder_end (&builder));
  gtk_editable_set_text (GTK_EDITABLE (self->from_row), "");
  gtk_editable_set_text (GTK_EDITABLE (self->to_row), "");
}

static void
rebuild_remaps (WeftPreferencesWindow *self)
{
  g_autoptr(GVariant) remaps = g_settings_get_value (self->settings, "source-path-remaps");
  GVariantIter iter;
  const char *from, *to;

  if (self->remap_rows == NULL)
    return;

  for (guint i = 0; i < self->remap_rows->len; i++)
    adw_preferences_group_remove (self->remap_group, g_ptr_array_index (self->remap_rows, i));
  g_ptr_array_set_size (self->remap_rows, 0);

  g_variant_iter_init (&iter, remaps);
  while (g_variant_iter_next (&iter, "{&s&s}", &from, &to))
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
      g_autofree char *subtitle = g_strdup_printf ("→ %s", to);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), from);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (remove, "flat");
      gtk_widget_set_tooltip_text (remove, _("Remove this mapping"));
      g_object_set_data_full (G_OBJECT (remove), "weft-remap-from", g_strdup (from), g_free);
      g_signal_connect (remove, "clicked", G_CALLBACK (remove_remap_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
      adw_preferences_group_add (self->remap_group, row);
      g_ptr_array_add (self->remap_rows, row);
    }
}

WeftPreferencesWindow *
weft_preferences_window_new (GSettings *settings)
{
  static const char * const scale_nicks[] = { "linear", "log", NULL };
  static const char * const view_nicks[] = { "graph", "matrix", "timeline", "locales", "profile", NULL };
  const char *scale_labels[] = { _("Linear"), _("Logarithmic"), NULL };
  const char *view_labels[] = { _("Locale Graph"), _("Communication Matrix"), _("Timeline"),
                                _("Locales"), _("Profile"), NULL };
  WeftPreferencesWindow *self;
  GtkWidget *page, *group, *row, *add;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (WEFT_TYPE_PREFERENCES_WINDOW, NULL);
  self->settings = g_object_ref (settings);

  page = adw_preferences_page_new ();
  adw_preferences_page_set_title (ADW_PREFERENCES_PAGE (page), _("General"));
  adw_preferences_page_set_icon_name (ADW_PREFERENCES_PAGE (page), "preferences-system-symbolic");

  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Heat Maps"));
  row = enum_combo_row (settings, "color-scale", _("Colour Scale"),
                        _("Logarithmic shows small and large values side by side"),
                        scale_nicks, scale_labels);
  g_signal_connect (row, "notify::selected", G_CALLBACK (combo_selected_cb), settings);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Chapel VisualDebug"));
  row = enum_combo_row (settings, "chplvis-default-view", _("Open With"),
                        _("The view a Chapel trace shows first"), view_nicks, view_labels);
  g_signal_connect (row, "notify::selected", G_CALLBACK (combo_selected_cb), settings);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));

  group = adw_preferences_group_new ();
  self->remap_group = ADW_PREFERENCES_GROUP (group);
  adw_preferences_group_set_title (self->remap_group, _("Source Folders"));
  adw_preferences_group_set_description (self->remap_group,
                                         _("Traces and measurements name their source files by the paths of the "
                                           "machine they ran on (Chapel's CHPL_HOME and DIR, HPCToolkit's build "
                                           "folders). Map those folders to where the files are here."));
  self->from_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->from_row), _("Folder in the trace"));
  self->to_row = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->to_row), _("Folder on this machine"));
  add = gtk_button_new_from_icon_name ("list-add-symbolic");
  gtk_widget_set_valign (add, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (add, "flat");
  gtk_widget_set_tooltip_text (add, _("Add this mapping"));
  g_signal_connect (add, "clicked", G_CALLBACK (add_remap_cb), self);
  adw_entry_row_add_suffix (self->to_row, add);
  adw_preferences_group_add (self->remap_group, GTK_WIDGET (self->from_row));
  adw_preferences_group_add (self->remap_group, GTK_WIDGET (self->to_row));
  adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), self->remap_group);

  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self), ADW_PREFERENCES_PAGE (page));

  rebuild_remaps (self);
  g_signal_connect_object (settings, "changed::source-path-remaps", G_CALLBACK (rebuild_remaps), self,
                           G_CONNECT_SWAPPED);

  return self;
}

static void
weft_preferences_window_dispose (GObject *object)
{
  WeftPreferencesWindow *self = (WeftPreferencesWindow *)object;

  g_clear_object (&self->settings);
  g_clear_pointer (&self->remap_rows, g_ptr_array_unref);

  G_OBJECT_CLASS (weft_preferences_window_parent_class)->dispose (object);
}

static void
weft_preferences_window_class_init (WeftPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = weft_preferences_window_dispose;
}

static void
weft_preferences_window_init (WeftPreferencesWindow *self)
{
  self->remap_rows = g_ptr_array_new ();
  gtk_window_set_default_size (GTK_WINDOW (self), 600, 560);
  adw_preferences_window_set_search_enabled (ADW_PREFERENCES_WINDOW (self), FALSE);
}

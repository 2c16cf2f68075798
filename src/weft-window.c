/* weft-window.c
 *
 * Documents open as tabs (AdwTabView). Files arrive from File ▸ Open (files or
 * folders), Open Recent, the bundled samples, drag and drop, or the
 * application's "open". The window
 * remembers its size in GSettings and adds what it opened to the recent list.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "weft-export-dialog.h"
#include "weft-format.h"
#include "weft-page.h"
#include "weft-samples.h"
#include "weft-timing.h"
#include "weft-window.h"

#define MAX_RECENT 10

struct _WeftWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  GtkRecentManager     *recent;
  GCancellable         *cancellable;
  GFile                *export_folder;   /* where the last export went */

  AdwWindowTitle       *window_title;
  AdwSplitButton       *open_button;
  GtkStack             *stack;
  AdwTabView           *tab_view;
  AdwToastOverlay      *toast_overlay;
  GMenu                *recent_section;
  GMenu                *samples_section;
  GtkMenuButton        *samples_button;
};

G_DEFINE_FINAL_TYPE (WeftWindow, weft_window, ADW_TYPE_APPLICATION_WINDOW)

WeftWindow *
weft_window_new (WeftApplication *application)
{
  g_return_val_if_fail (!application || WEFT_IS_APPLICATION (application), NULL);

  return g_object_new (WEFT_TYPE_WINDOW, "application", application, NULL);
}

/**
 * weft_window_get_tab_view:
 *
 * Returns: (transfer none): the tab view holding the documents.
 */
AdwTabView *
weft_window_get_tab_view (WeftWindow *self)
{
  g_return_val_if_fail (WEFT_IS_WINDOW (self), NULL);

  return self->tab_view;
}

/**
 * weft_window_get_current_view:
 *
 * Returns: (transfer none) (nullable): the document in the selected tab.
 */
WeftDocumentView *
weft_window_get_current_view (WeftWindow *self)
{
  AdwTabPage *page;

  g_return_val_if_fail (WEFT_IS_WINDOW (self), NULL);

  page = adw_tab_view_get_selected_page (self->tab_view);
  if (page == NULL)
    return NULL;

  return WEFT_DOCUMENT_VIEW (adw_tab_page_get_child (page));
}

void
weft_window_add_toast (WeftWindow *self,
                       const char *message)
{
  AdwToast *toast;

  g_return_if_fail (WEFT_IS_WINDOW (self));

  toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, 4);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
update_title (WeftWindow *self)
{
  WeftDocumentView *view = weft_window_get_current_view (self);
  g_autofree char *subtitle = NULL;

  if (view != NULL)
    subtitle = weft_document_dup_display_name (weft_document_view_get_document (view));

  adw_window_title_set_subtitle (self->window_title, subtitle != NULL ? subtitle : "");
}

/* The document the current tab shows and can be compared with: a loaded
 * run, not a comparison. */
static WeftDocument *
current_compare_base (WeftWindow *self)
{
  WeftDocumentView *view = weft_window_get_current_view (self);
  WeftDocument *document = view != NULL ? weft_document_view_get_document (view) : NULL;

  if (document == NULL || weft_document_view_get_compare_base (view) != NULL ||
      weft_document_get_state (document) != WEFT_DOCUMENT_READY)
    return NULL;
  return document;
}

static void
update_actions (WeftWindow *self)
{
  WeftDocumentView *view = weft_window_get_current_view (self);
  GtkWidget *page = view != NULL ? weft_document_view_get_page (view) : NULL;
  const char *export_view = NULL;
  WeftViewOptions options;
  gboolean can_export = FALSE;
  gboolean can_compare = current_compare_base (self) != NULL;

  if (page != NULL && WEFT_IS_PAGE (page))
    can_export = weft_page_get_export_view (WEFT_PAGE (page), &export_view, &options);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export", can_export);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-tab", view != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.compare-with", can_compare);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.compare-with-folder", can_compare);

  /* AdwTabView takes Alt+1 … Alt+9 in the window's capture phase, before any
   * page sees them; a page whose views use them gets them while it is the
   * selected tab (tabs still switch with Ctrl+Page Up/Down). */
  if (page != NULL && WEFT_IS_PAGE (page) && weft_page_get_uses_alt_digits (WEFT_PAGE (page)))
    adw_tab_view_remove_shortcuts (self->tab_view, ADW_TAB_VIEW_SHORTCUT_ALT_DIGITS);
  else
    adw_tab_view_add_shortcuts (self->tab_view, ADW_TAB_VIEW_SHORTCUT_ALT_DIGITS);
}

static void
weft_window_selected_page_cb (WeftWindow *self)
{
  update_title (self);
  update_actions (self);
}

static void
weft_window_n_pages_cb (WeftWindow *self)
{
  gtk_stack_set_visible_child_name (self->stack,
                                    adw_tab_view_get_n_pages (self->tab_view) > 0 ? "documents" : "empty");
  update_actions (self);
}

static gboolean
weft_window_close_page_cb (WeftWindow *self,
                           AdwTabPage *page)
{
  WeftDocumentView *view = WEFT_DOCUMENT_VIEW (adw_tab_page_get_child (page));

  /* Stop a load in progress; the worker notices within a few thousand records. */
  weft_document_view_cancel (view);
  adw_tab_view_close_page_finish (self->tab_view, page, TRUE);

  return GDK_EVENT_STOP;
}

/* Recent documents ------------------------------------------------------------ */

/* The load already looked at the file: no file system call on the UI thread. */
static const char *
mime_type_for_document (WeftDocument *document)
{
  const WeftFormat *format = weft_document_get_format (document);

  if (weft_document_get_is_directory (document))
    return "inode/directory";

  return format != NULL && format->mime_type != NULL ? format->mime_type : "application/octet-stream";
}

/* Most recently used first: the manager keeps items in file order, where a
 * re-opened document keeps its old place. */
static int
compare_recent_newest_first (gconstpointer a,
                             gconstpointer b)
{
  GtkRecentInfo *info_a = *(GtkRecentInfo * const *)a;
  GtkRecentInfo *info_b = *(GtkRecentInfo * const *)b;

  return g_date_time_compare (gtk_recent_info_get_modified (info_b), gtk_recent_info_get_modified (info_a));
}

static void
rebuild_recent_menu (WeftWindow *self)
{
  GList *items = gtk_recent_manager_get_items (self->recent);
  g_autoptr(GPtrArray) ours = g_ptr_array_new ();

  g_menu_remove_all (self->recent_section);

  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;

      if (gtk_recent_info_has_application (info, "Weft"))
        g_ptr_array_add (ours, info);
    }
  g_ptr_array_sort (ours, compare_recent_newest_first);

  /* Existence is checked last (a stat each), and only until the menu is full. */
  for (guint i = 0, n = 0; i < ours->len && n < MAX_RECENT; i++)
    {
      GtkRecentInfo *info = g_ptr_array_index (ours, i);
      g_autoptr(GMenuItem) item = NULL;

      if (!gtk_recent_info_exists (info))
        continue;
      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target (item, "win.open-recent", "s", gtk_recent_info_get_uri (info));
      g_menu_append_item (self->recent_section, item);
      n++;
    }

  g_list_free_full (items, (GDestroyNotify)gtk_recent_info_unref);
}

static void
add_recent (WeftWindow   *self,
            WeftDocument *document)
{
  g_autofree char *uri = g_file_get_uri (weft_document_get_file (document, 0));
  GtkRecentData data = {
    .display_name = (char *)weft_document_get_title (document),
    .mime_type = (char *)mime_type_for_document (document),
    .app_name = (char *)"Weft",
    .app_exec = (char *)"weft %u",
  };

  gtk_recent_manager_add_full (self->recent, uri, &data);
  /* The manager announces "changed" only after a 250 ms timeout; the menu
   * should not lag behind the tab that just loaded. */
  rebuild_recent_menu (self);
}

/* Opening --------------------------------------------------------------------- */

static void
document_state_cb (WeftWindow   *self,
                   GParamSpec   *pspec,
                   WeftDocument *document)
{
  AdwTabPage *page = NULL;

  for (int i = 0; i < adw_tab_view_get_n_pages (self->tab_view); i++)
    {
      AdwTabPage *candidate = adw_tab_view_get_nth_page (self->tab_view, i);
      WeftDocumentView *view = WEFT_DOCUMENT_VIEW (adw_tab_page_get_child (candidate));

      if (weft_document_view_get_document (view) == document)
        page = candidate;
    }

  if (page == NULL)
    return;

  switch (weft_document_get_state (document))
    {
    case WEFT_DOCUMENT_LOADING:
      adw_tab_page_set_loading (page, TRUE);
      break;

    case WEFT_DOCUMENT_READY:
      adw_tab_page_set_loading (page, FALSE);
      adw_tab_page_set_indicator_icon (page, NULL);
      add_recent (self, document);
      break;

    case WEFT_DOCUMENT_FAILED:
      {
        g_autoptr(GIcon) icon = g_themed_icon_new ("dialog-error-symbolic");
        /* The indicator's tooltip is markup: a message may hold "<stacks>". */
        g_autofree char *tooltip = g_markup_escape_text (weft_document_get_error (document)->message, -1);

        adw_tab_page_set_loading (page, FALSE);
        adw_tab_page_set_indicator_icon (page, icon);
        adw_tab_page_set_indicator_tooltip (page, tooltip);
      }
      break;

    case WEFT_DOCUMENT_NEW:
    default:
      break;
    }

  if (page == adw_tab_view_get_selected_page (self->tab_view))
    update_actions (self);
}

static void
view_close_requested_cb (WeftWindow       *self,
                         WeftDocumentView *view)
{
  AdwTabPage *page = adw_tab_view_get_page (self->tab_view, GTK_WIDGET (view));

  if (page != NULL)
    adw_tab_view_close_page (self->tab_view, page);
}

static void
view_document_changed_cb (WeftWindow       *self,
                          GParamSpec       *pspec,
                          WeftDocumentView *view)
{
  g_signal_connect_object (weft_document_view_get_document (view), "notify::state",
                           G_CALLBACK (document_state_cb), self, G_CONNECT_SWAPPED);
}

/**
 * weft_window_open_files:
 * @files: (array length=n_files): the files or folders of ONE document
 *
 * Opens a new tab and starts loading the document in it.
 *
 * Returns: (transfer none): the tab's view.
 */
WeftDocumentView *
weft_window_open_files (WeftWindow    *self,
                        GFile * const *files,
                        guint          n_files)
{
  g_autoptr(WeftDocument) document = NULL;
  WeftDocumentView *view;
  AdwTabPage *page;
  g_autofree char *tooltip = NULL;

  g_return_val_if_fail (WEFT_IS_WINDOW (self), NULL);
  g_return_val_if_fail (files != NULL && n_files > 0, NULL);

  document = weft_document_new (files, n_files);
  view = weft_document_view_new (document, self->settings);

  g_signal_connect_object (view, "close-requested", G_CALLBACK (view_close_requested_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (view, "notify::document", G_CALLBACK (view_document_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (document, "notify::state", G_CALLBACK (document_state_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (view, "notify::state-name", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);

  page = adw_tab_view_append (self->tab_view, GTK_WIDGET (view));
  adw_tab_page_set_title (page, weft_document_get_title (document));
  tooltip = weft_document_dup_display_name (document);
  adw_tab_page_set_tooltip (page, tooltip);
  adw_tab_view_set_selected_page (self->tab_view, page);

  weft_document_view_load (view);

  return view;
}

static void add_format_filters (GtkFileChooser *chooser);

/**
 * weft_window_compare_with:
 * @base: a loaded document (the run compared against)
 * @files: (array length=n_files): the files or folders of the other run
 *
 * Opens a comparison tab: it loads the other run, then shows it against
 * @base (or says why the two cannot be compared).
 *
 * Returns: (transfer none): the tab's view.
 */
WeftDocumentView *
weft_window_compare_with (WeftWindow    *self,
                          WeftDocument  *base,
                          GFile * const *files,
                          guint          n_files)
{
  g_autoptr(WeftDocument) other = NULL;
  g_autofree char *title = NULL;
  g_autofree char *tooltip = NULL;
  g_autofree char *base_name = NULL;
  g_autofree char *other_name = NULL;
  WeftDocumentView *view;
  AdwTabPage *page;

  g_return_val_if_fail (WEFT_IS_WINDOW (self), NULL);
  g_return_val_if_fail (WEFT_IS_DOCUMENT (base), NULL);
  g_return_val_if_fail (files != NULL && n_files > 0, NULL);

  other = weft_document_new (files, n_files);
  view = weft_document_view_new_comparison (other, base, self->settings);
  g_signal_connect_object (view, "close-requested", G_CALLBACK (view_close_requested_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (other, "notify::state", G_CALLBACK (document_state_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (view, "notify::state-name", G_CALLBACK (update_actions), self, G_CONNECT_SWAPPED);

  /* "base vs other" in the tab, both in full in its tooltip. */
  title = g_strdup_printf (_("%s vs %s"), weft_document_get_title (base), weft_document_get_title (other));
  base_name = weft_document_dup_display_name (base);
  other_name = weft_document_dup_display_name (other);
  tooltip = g_strdup_printf (_("Base: %s\nOther: %s"), base_name, other_name);
  page = adw_tab_view_append (self->tab_view, GTK_WIDGET (view));
  adw_tab_page_set_title (page, title);
  adw_tab_page_set_tooltip (page, tooltip);
  adw_tab_view_set_selected_page (self->tab_view, page);

  weft_document_view_load (view);

  return view;
}

static void
compare_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     gpointer         user_data)
{
  WeftWindow *self = WEFT_WINDOW (user_data);
  WeftDocument *base = g_object_get_data (G_OBJECT (dialog), "weft-base");

  if (response == GTK_RESPONSE_ACCEPT && base != NULL)
    {
      g_autoptr(GListModel) list = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

      /* The chosen files are the other run's, together. */
      for (guint i = 0; i < g_list_model_get_n_items (list); i++)
        g_ptr_array_add (files, g_list_model_get_item (list, i));
      if (files->len > 0)
        weft_window_compare_with (self, base, (GFile *const *)files->pdata, files->len);
    }

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

/* The folder that holds @document (a trace file, or a run's folder), where
 * the file choosers start: the next run, or the other of two, is often
 * there. NULL without a document. */
static GFile *
dup_folder_of (WeftDocument *document)
{
  if (document == NULL || weft_document_get_n_files (document) == 0)
    return NULL;
  return g_file_get_parent (weft_document_get_file (document, 0));
}

/* The folder of the shown document, or NULL. */
static GFile *
dup_document_folder (WeftWindow *self)
{
  WeftDocumentView *view = weft_window_get_current_view (self);

  return dup_folder_of (view != NULL ? weft_document_view_get_document (view) : NULL);
}

static void
compare_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *param)
{
  WeftWindow *self = WEFT_WINDOW (widget);
  gboolean folder = g_str_equal (action_name, "win.compare-with-folder");
  WeftDocument *base = current_compare_base (self);
  g_autoptr(GFile) beside = dup_folder_of (base);
  g_autofree char *title = NULL;
  GtkFileChooserNative *chooser;

  if (base == NULL)
    {
      weft_window_add_toast (self, _("Open and load a run first, then compare another with it"));
      return;
    }

  title = g_strdup_printf (folder ? _("Compare “%s” With a Trace Folder") : _("Compare “%s” With…"),
                           weft_document_get_title (base));
  chooser = gtk_file_chooser_native_new (title, GTK_WINDOW (self),
                                         folder ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER : GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Compare"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), !folder);
  if (!folder)
    add_format_filters (GTK_FILE_CHOOSER (chooser));
  if (beside != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), beside, NULL);
  g_object_set_data_full (G_OBJECT (chooser), "weft-base", g_object_ref (base), g_object_unref);

  g_signal_connect (chooser, "response", G_CALLBACK (compare_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
open_response_cb (GtkNativeDialog *dialog,
                  int              response,
                  gpointer         user_data)
{
  WeftWindow *self = WEFT_WINDOW (user_data);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));

      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        {
          g_autoptr(GFile) file = g_list_model_get_item (files, i);

          weft_window_open_files (self, &file, 1);
        }
    }

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

static void
add_format_filters (GtkFileChooser *chooser)
{
  g_autofree const WeftFormat **formats = NULL;
  GtkFileFilter *all = gtk_file_filter_new ();
  GtkFileFilter *any = gtk_file_filter_new ();
  guint n_formats;

  weft_formats_init ();
  formats = weft_format_list (&n_formats);

  gtk_file_filter_set_name (all, _("All supported files"));
  gtk_file_chooser_add_filter (chooser, all);

  for (guint i = 0; i < n_formats; i++)
    {
      GtkFileFilter *filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _(formats[i]->name));
      if (formats[i]->mime_type != NULL)
        {
          gtk_file_filter_add_mime_type (filter, formats[i]->mime_type);
          gtk_file_filter_add_mime_type (all, formats[i]->mime_type);
        }
      for (guint j = 0; formats[i]->patterns != NULL && formats[i]->patterns[j] != NULL; j++)
        {
          gtk_file_filter_add_pattern (filter, formats[i]->patterns[j]);
          gtk_file_filter_add_pattern (all, formats[i]->patterns[j]);
        }
      gtk_file_chooser_add_filter (chooser, filter);
      g_object_unref (filter);
    }

  gtk_file_filter_set_name (any, _("All files"));
  gtk_file_filter_add_pattern (any, "*");
  gtk_file_chooser_add_filter (chooser, any);

  gtk_file_chooser_set_filter (chooser, all);
  g_object_unref (all);
  g_object_unref (any);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  WeftWindow *self = WEFT_WINDOW (widget);
  gboolean folder = g_str_equal (action_name, "win.open-folder");
  g_autoptr(GFile) beside = dup_document_folder (self);
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (folder ? _("Open a Trace Folder") : _("Open Traces and Profiles"),
                                         GTK_WINDOW (self),
                                         folder ? GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER : GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  if (!folder)
    add_format_filters (GTK_FILE_CHOOSER (chooser));
  if (beside != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), beside, NULL);

  g_signal_connect (chooser, "response", G_CALLBACK (open_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  WeftWindow *self = WEFT_WINDOW (widget);
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  weft_window_open_files (self, &file, 1);
}

static void
open_sample_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *param)
{
  WeftWindow *self = WEFT_WINDOW (widget);
  g_autoptr(GFile) file = weft_samples_dup_file (g_variant_get_string (param, NULL));

  if (file != NULL)
    weft_window_open_files (self, &file, 1);
}

/* The samples, in the empty window and under Open; neither when they are
 * not installed. */
static void
build_samples_menu (WeftWindow *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autofree char *dir = weft_samples_dup_dir ();
  const WeftSample *samples;
  guint n;

  gtk_widget_set_visible (GTK_WIDGET (self->samples_button), dir != NULL);
  if (dir == NULL)
    return;
  samples = weft_samples_get (&n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_(samples[i].label), NULL);

      g_menu_item_set_action_and_target (item, "win.open-sample", "s", samples[i].name);
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (self->samples_button, G_MENU_MODEL (menu));
  g_menu_append_submenu (self->samples_section, _("Open a _Sample"), G_MENU_MODEL (menu));
}

static void
close_tab_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  WeftWindow *self = WEFT_WINDOW (widget);
  AdwTabPage *page = adw_tab_view_get_selected_page (self->tab_view);

  if (page != NULL)
    adw_tab_view_close_page (self->tab_view, page);
  else
    gtk_window_close (GTK_WINDOW (self));
}

static void
export_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(WeftWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = weft_export_dialog_run_finish (result, &error);
  g_autofree char *message = NULL;

  if (path != NULL)
    {
      g_autofree char *name = g_path_get_basename (path);
      g_autofree char *folder = g_path_get_dirname (path);

      message = g_strdup_printf (_("Exported to %s"), name);
      g_clear_object (&self->export_folder);
      self->export_folder = g_file_new_for_path (folder);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    message = g_strdup (error->message);

  if (message != NULL)
    weft_window_add_toast (self, message);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  WeftWindow *self = WEFT_WINDOW (widget);
  WeftDocumentView *view = weft_window_get_current_view (self);
  GtkWidget *page = view != NULL ? weft_document_view_get_page (view) : NULL;
  const char *export_view = NULL;
  g_autoptr(GFile) folder = NULL;
  WeftViewOptions options;

  if (page == NULL || !WEFT_IS_PAGE (page) || !weft_page_get_export_view (WEFT_PAGE (page), &export_view, &options))
    {
      weft_window_add_toast (self, _("Nothing to export here"));
      return;
    }

  folder = weft_window_dup_export_folder (self);
  weft_export_dialog_run (GTK_WINDOW (self), weft_page_get_dataset (WEFT_PAGE (page)), folder,
                          adw_tab_page_get_title (adw_tab_view_get_selected_page (self->tab_view)),
                          export_view, &options, self->cancellable, export_done_cb, g_object_ref (self));
}

/**
 * weft_window_dup_export_folder:
 *
 * Where the export dialog opens: the folder of this window's last export,
 * else the folder that holds the shown document (beside a trace file, or
 * beside a run's or measurement's folder rather than inside it, where an
 * exported file would be taken for part of the run).
 *
 * Returns: (transfer full) (nullable): the folder, or %NULL when there is
 *   neither (the chooser then opens where it would)
 */
GFile *
weft_window_dup_export_folder (WeftWindow *self)
{
  g_return_val_if_fail (WEFT_IS_WINDOW (self), NULL);

  if (self->export_folder != NULL)
    return g_object_ref (self->export_folder);
  return dup_document_folder (self);
}

/* Drag and drop ---------------------------------------------------------------- */

/**
 * weft_window_handle_drop:
 * @value: a GdkFileList
 *
 * Opens each dropped file or folder as a document of its own.
 *
 * Returns: whether anything was opened.
 */
gboolean
weft_window_handle_drop (WeftWindow   *self,
                         const GValue *value)
{
  GSList *files;
  gboolean any;

  g_return_val_if_fail (WEFT_IS_WINDOW (self), FALSE);

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;

  files = gdk_file_list_get_files (g_value_get_boxed (value));
  any = files != NULL;
  for (GSList *l = files; l != NULL; l = l->next)
    {
      GFile *file = l->data;

      weft_window_open_files (self, &file, 1);
    }
  /* The list is ours, its files the GdkFileList's. */
  g_slist_free (files);

  return any;
}

/**
 * weft_window_handle_compare_drop:
 * @value: a GdkFileList
 *
 * Compares the current tab's run with the dropped files (one run).
 *
 * Returns: whether a comparison was opened.
 */
gboolean
weft_window_handle_compare_drop (WeftWindow   *self,
                                 const GValue *value)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new ();
  WeftDocument *base;
  GSList *list;

  g_return_val_if_fail (WEFT_IS_WINDOW (self), FALSE);

  base = current_compare_base (self);
  if (base == NULL || !G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;

  list = gdk_file_list_get_files (g_value_get_boxed (value));
  for (GSList *l = list; l != NULL; l = l->next)
    g_ptr_array_add (files, l->data);
  g_slist_free (list);
  if (files->len == 0)
    return FALSE;
  weft_window_compare_with (self, base, (GFile *const *)files->pdata, files->len);
  return TRUE;
}

/* With Ctrl held, the dropped files are another run to compare the current
 * tab with; otherwise each opens in a tab of its own. */
static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         WeftWindow    *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (target));

  if ((state & GDK_CONTROL_MASK) != 0 && current_compare_base (self) != NULL)
    return weft_window_handle_compare_drop (self, value);
  return weft_window_handle_drop (self, value);
}

/* Window life ------------------------------------------------------------------- */

static void
weft_window_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (weft_window_parent_class)->map (widget);

  weft_timing_mark ("window-mapped");
}

static gboolean
weft_window_close_request (GtkWindow *window)
{
  WeftWindow *self = WEFT_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  g_cancellable_cancel (self->cancellable);

  return GTK_WINDOW_CLASS (weft_window_parent_class)->close_request (window);
}

static void
weft_window_constructed (GObject *object)
{
  WeftWindow *self = (WeftWindow *)object;

  G_OBJECT_CLASS (weft_window_parent_class)->constructed (object);

  /* GObject sets "application" only after constructed(), so the window cannot
   * borrow the application's settings here; its own object shares their
   * backend. */
  self->settings = weft_settings_new ();

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

#if DEVELOPMENT_BUILD
  gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
#endif
}

static void
weft_window_dispose (GObject *object)
{
  WeftWindow *self = (WeftWindow *)object;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);

  gtk_widget_dispose_template (GTK_WIDGET (self), WEFT_TYPE_WINDOW);

  G_OBJECT_CLASS (weft_window_parent_class)->dispose (object);
}

static void
weft_window_finalize (GObject *object)
{
  WeftWindow *self = (WeftWindow *)object;

  g_clear_object (&self->settings);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->export_folder);

  G_OBJECT_CLASS (weft_window_parent_class)->finalize (object);
}

static void
weft_window_class_init (WeftWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = weft_window_constructed;
  object_class->dispose = weft_window_dispose;
  object_class->finalize = weft_window_finalize;

  window_class->close_request = weft_window_close_request;
  widget_class->map = weft_window_map;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/ui/weft-window.ui");
  gtk_widget_class_bind_template_child (widget_class, WeftWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, WeftWindow, open_button);
  gtk_widget_class_bind_template_child (widget_class, WeftWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, WeftWindow, tab_view);
  gtk_widget_class_bind_template_child (widget_class, WeftWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, WeftWindow, recent_section);
  gtk_widget_class_bind_template_child (widget_class, WeftWindow, samples_section);
  gtk_widget_class_bind_template_child (widget_class, WeftWindow, samples_button);
  gtk_widget_class_bind_template_callback (widget_class, weft_window_selected_page_cb);
  gtk_widget_class_bind_template_callback (widget_class, weft_window_n_pages_cb);
  gtk_widget_class_bind_template_callback (widget_class, weft_window_close_page_cb);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-folder", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.open-sample", "s", open_sample_action);
  gtk_widget_class_install_action (widget_class, "win.close-tab", NULL, close_tab_action);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.compare-with", NULL, compare_action);
  gtk_widget_class_install_action (widget_class, "win.compare-with-folder", NULL, compare_action);
}

static void
weft_window_init (WeftWindow *self)
{
  GtkDropTarget *drop;

  weft_init_resources ();

  gtk_widget_init_template (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();

  self->recent = gtk_recent_manager_get_default ();
  g_signal_connect_object (self->recent, "changed", G_CALLBACK (rebuild_recent_menu), self, G_CONNECT_SWAPPED);
  rebuild_recent_menu (self);
  build_samples_menu (self);

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  update_actions (self);
}

/* test-app-window.c: the Weft window under a real X server: empty state, a tab
 * per opened document, error pages for a missing and an unknown file, a loaded
 * trace with its page and warnings, drag and drop, and a clean close.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "weft-application.h"
#include "weft-document-view.h"
#include "weft-error.h"
#include "weft-export-dialog.h"
#include "weft-format.h"
#include "weft-page.h"
#include "weft-samples.h"
#include "weft-test-util.h"
#include "weft-ui-test-util.h"
#include "weft-warnings-dialog.h"
#include "weft-window.h"

static gboolean
view_loaded (gpointer data)
{
  return g_strcmp0 (weft_document_view_get_state_name (data), "loading") != 0;
}

/* Runs the main loop until the view leaves the loading page (20 s at most). */
static void
wait_loaded (WeftDocumentView *view)
{
  g_assert_true (weft_ui_wait_for (view_loaded, view));
}

/* The first mapped widget of @type under @widget, depth first; with a
 * @label, the first menu button that has it. */
static GtkWidget *
find_mapped_full (GtkWidget  *widget,
                  GType       type,
                  const char *label)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) && gtk_widget_get_mapped (widget) &&
      (label == NULL || (GTK_IS_MENU_BUTTON (widget) && g_strcmp0 (gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)), label) == 0)))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_mapped_full (child, type, label);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static GtkWidget *
find_mapped (GtkWidget *widget,
             GType      type)
{
  return find_mapped_full (widget, type, NULL);
}

static GtkWidget *
find_selectable_label (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_label_get_selectable (GTK_LABEL (widget)) && gtk_widget_get_mapped (widget))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_selectable_label (child);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static const char *
stack_child_name (WeftWindow *window)
{
  GtkWidget *stack = find_mapped (GTK_WIDGET (window), GTK_TYPE_STACK);

  g_assert_nonnull (stack);
  return gtk_stack_get_visible_child_name (GTK_STACK (stack));
}

static WeftWindow *
new_window (void)
{
  WeftWindow *window = weft_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  weft_ui_iterate ();
  return window;
}

static void
close_window (WeftWindow *window)
{
  GtkWidget *weak = GTK_WIDGET (window);

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *)&weak);
  gtk_window_destroy (GTK_WINDOW (window));
  weft_ui_iterate ();
  /* Nothing keeps the window (or, through it, its documents) alive. */
  g_assert_null (weak);
}

static void
test_empty_state (void)
{
  WeftWindow *window = new_window ();

  g_assert_cmpint (adw_tab_view_get_n_pages (weft_window_get_tab_view (window)), ==, 0);
  g_assert_cmpstr (stack_child_name (window), ==, "empty");
  g_assert_null (weft_window_get_current_view (window));

  close_window (window);
}

static void
check_error_page (WeftDocumentView *view,
                  const char       *title_part,
                  const char       *detail_part)
{
  AdwStatusPage *status;
  GtkWidget *label;

  wait_loaded (view);
  g_assert_cmpstr (weft_document_view_get_state_name (view), ==, "error");
  g_assert_cmpint (weft_document_get_state (weft_document_view_get_document (view)), ==, WEFT_DOCUMENT_FAILED);

  status = ADW_STATUS_PAGE (find_mapped (GTK_WIDGET (view), ADW_TYPE_STATUS_PAGE));
  g_assert_nonnull (status);
  g_assert_nonnull (strstr (adw_status_page_get_title (status), title_part));
  g_assert_cmpstr (adw_status_page_get_icon_name (status), ==, "dialog-error-symbolic");

  label = find_selectable_label (GTK_WIDGET (view));
  g_assert_nonnull (label);
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (label)), detail_part));
}

static void
test_error_pages (void)
{
  WeftWindow *window = new_window ();
  AdwTabView *tabs = weft_window_get_tab_view (window);
  g_autoptr(GFile) missing = g_file_new_for_path ("/nonexistent/weft-trace");
  g_autofree char *text = weft_test_write_tmp ("shopping-list.txt", "eggs\nmilk\n", -1);
  g_autofree char *text_dir = g_path_get_dirname (text);
  g_autoptr(GFile) unknown = g_file_new_for_path (text);
  WeftDocumentView *view;
  AdwTabPage *page;

  view = weft_window_open_files (window, &missing, 1);
  g_assert_cmpstr (stack_child_name (window), ==, "documents");
  check_error_page (view, "“weft-trace”", "/nonexistent/weft-trace");
  page = adw_tab_view_get_page (tabs, GTK_WIDGET (view));
  g_assert_cmpstr (adw_tab_page_get_title (page), ==, "weft-trace");
  g_assert_false (adw_tab_page_get_loading (page));
  g_assert_nonnull (adw_tab_page_get_indicator_icon (page));

  view = weft_window_open_files (window, &unknown, 1);
  check_error_page (view, "“shopping-list.txt”", "not a format Weft can read");
  g_assert_cmpint (adw_tab_view_get_n_pages (tabs), ==, 2);
  g_assert_true (weft_window_get_current_view (window) == view);

  /* Closing every tab brings the empty state back. */
  while (adw_tab_view_get_n_pages (tabs) > 0)
    {
      adw_tab_view_close_page (tabs, adw_tab_view_get_nth_page (tabs, 0));
      weft_ui_iterate ();
    }
  g_assert_cmpstr (stack_child_name (window), ==, "empty");

  close_window (window);
  weft_test_rm_rf (text_dir);
}

/* The export dialog opens beside the shown trace (beside a run's folder, not
 * inside it), and in a window without documents where it would anyway. */
static void
test_export_folder (void)
{
  g_autofree char *samples = weft_test_source_path ("data", "samples", NULL);
  g_autofree char *stacks = g_build_filename (samples, "ddt-stacks.csv", NULL);
  g_autofree char *run = g_build_filename (samples, "chplvis-demo", "DEMO", NULL);
  g_autofree char *run_parent = g_build_filename (samples, "chplvis-demo", NULL);
  g_autoptr(GFile) stacks_file = g_file_new_for_path (stacks);
  g_autoptr(GFile) run_file = g_file_new_for_path (run);
  WeftWindow *window = new_window ();
  g_autoptr(GFile) none = weft_window_dup_export_folder (window);
  g_autoptr(GFile) beside_file = NULL;
  g_autoptr(GFile) beside_run = NULL;
  g_autofree char *beside_file_path = NULL;
  g_autofree char *beside_run_path = NULL;

  g_assert_null (none);
  weft_window_open_files (window, &stacks_file, 1);
  beside_file = weft_window_dup_export_folder (window);
  beside_file_path = g_file_get_path (beside_file);
  g_assert_cmpstr (beside_file_path, ==, samples);
  weft_window_open_files (window, &run_file, 1);
  beside_run = weft_window_dup_export_folder (window);
  beside_run_path = g_file_get_path (beside_run);
  g_assert_cmpstr (beside_run_path, ==, run_parent);

  close_window (window);
}

static void
test_open_trace_with_warnings (void)
{
  g_autofree char *demo = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *copy = g_build_filename (dir, "DEMO", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (copy);
  g_autoptr(GError) error = NULL;
  WeftWindow *window;
  WeftDocumentView *view;
  GtkWidget *page;
  GtkWidget *info_bar;

  /* data/samples is part of the source tree: its absence is a failure. */
  g_assert_true (g_file_test (demo, G_FILE_TEST_IS_DIR));

  /* A copy of the demo with one garbage line in locale 2's file. */
  g_mkdir (copy, 0700);
  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *name = g_strdup_printf ("DEMO-%u", i);
      g_autofree char *src = g_build_filename (demo, name, NULL);
      g_autofree char *dst = g_build_filename (copy, name, NULL);
      g_autofree char *contents = NULL;
      gsize len;

      g_file_get_contents (src, &contents, &len, &error);
      g_assert_no_error (error);
      if (i == 2)
        {
          char *nl = strchr (contents, '\n');
          g_autofree char *head = g_strndup (contents, nl + 1 - contents);
          g_autofree char *patched = g_strconcat (head, "get: this is not a record\n", nl + 1, NULL);

          g_file_set_contents (dst, patched, -1, &error);
        }
      else
        g_file_set_contents (dst, contents, len, &error);
      g_assert_no_error (error);
    }

  window = new_window ();
  view = weft_window_open_files (window, &file, 1);
  wait_loaded (view);

  g_assert_cmpstr (weft_document_view_get_state_name (view), ==, "content");
  page = weft_document_view_get_page (view);
  g_assert_nonnull (page);
  g_assert_true (WEFT_IS_PAGE (page));
  g_assert_true (gtk_widget_get_mapped (page));

  /* The skipped line is reported with its file and line. */
  g_assert_cmpuint (weft_document_get_n_warnings (weft_document_view_get_document (view)), >=, 1);
  info_bar = find_mapped (GTK_WIDGET (view), GTK_TYPE_INFO_BAR);
  g_assert_nonnull (info_bar);
  g_assert_true (gtk_info_bar_get_revealed (GTK_INFO_BAR (info_bar)));
  {
    WeftWarningsDialog *dialog = weft_warnings_dialog_new (weft_document_view_get_document (view));
    GListModel *lines = weft_warnings_dialog_get_model (dialog);
    g_autoptr(GtkStringObject) first = g_list_model_get_item (lines, 0);

    g_assert_cmpuint (g_list_model_get_n_items (lines), >=, 1);
    g_assert_nonnull (strstr (gtk_string_object_get_string (first), "DEMO-2:2:"));
    gtk_window_destroy (GTK_WINDOW (dialog));
  }

  close_window (window);
  weft_test_rm_rf (dir);
}

typedef struct
{
  gboolean done;
  gboolean ok;
  GError  *error;
} ExportWait;

static void
export_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  ExportWait *wait = user_data;

  wait->ok = weft_export_finish (result, &wait->error);
  wait->done = TRUE;
}

static void
run_export (WeftDocument          *document,
            const char            *view,
            const char            *format,
            const WeftViewOptions *options,
            const char            *path,
            ExportWait            *wait)
{
  memset (wait, 0, sizeof *wait);
  weft_export_async (weft_document_get_dataset (document), view, format, options, path, NULL, export_done_cb, wait);
  while (!wait->done)
    g_main_context_iteration (NULL, TRUE);
}

/* What File ▸ Export does once a file is chosen: the format from the typed
 * extension, then the export in a worker thread. */
static void
test_export (void)
{
  const char *formats[] = { "mda-csv", "mda-hdf5", "png", "svg", "pdf", NULL };
  g_autofree char *demo = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (demo);
  g_autoptr(WeftDocument) document = weft_document_new_for_file (file);
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *out = g_build_filename (dir, "matrix.h5", NULL);
  g_autoptr(GError) error = NULL;
  WeftViewOptions options = { .metric = "bytes" };
  ExportWait wait;

  g_assert_cmpstr (weft_export_format_for_path ("/x/m.CSV", formats), ==, "mda-csv");
  g_assert_cmpstr (weft_export_format_for_path ("/x/m.h5", formats), ==, "mda-hdf5");
  g_assert_cmpstr (weft_export_format_for_path ("/x/picture.pdf", formats), ==, "pdf");
  g_assert_null (weft_export_format_for_path ("/x/m.txt", formats));
  g_assert_cmpstr (weft_export_format_extension ("cpc-csv"), ==, "csv");

  g_assert_true (weft_document_load (document, NULL, &error));
  g_assert_no_error (error);

  run_export (document, "comm-matrix", "mda-hdf5", &options, out, &wait);
  g_assert_no_error (wait.error);
  g_assert_true (wait.ok);
  {
    g_autofree char *contents = NULL;
    gsize len = 0;

    g_assert_true (g_file_get_contents (out, &contents, &len, NULL));
    g_assert_cmpuint (len, >, 8);
    g_assert_true (memcmp (contents, "\x89HDF\r\n\x1a\n", 8) == 0);
  }

  /* A view the document lacks fails, and says so. */
  run_export (document, "stacks", "psv-csv", NULL, out, &wait);
  g_assert_false (wait.ok);
  g_assert_error (wait.error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
  g_clear_error (&wait.error);

  weft_test_rm_rf (dir);
}

/* Try Again reads the files afresh: a file fixed on disk then opens. */
static void
test_try_again (void)
{
  g_autofree char *sample = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", "DEMO-0", NULL);
  g_autofree char *path = weft_test_write_tmp ("RUN-0", "not a trace yet\n", -1);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *contents = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WeftWindow *window = new_window ();
  WeftDocumentView *view;
  WeftDocument *first;
  gsize len;

  view = weft_window_open_files (window, &file, 1);
  check_error_page (view, "“RUN-0”", "not a format Weft can read");
  first = weft_document_view_get_document (view);

  g_file_get_contents (sample, &contents, &len, &error);
  g_assert_no_error (error);
  g_file_set_contents (path, contents, len, &error);
  g_assert_no_error (error);

  weft_document_view_reload (view);
  g_assert_true (weft_document_view_get_document (view) != first);
  wait_loaded (view);
  g_assert_cmpstr (weft_document_view_get_state_name (view), ==, "content");
  g_assert_cmpint (weft_document_get_state (weft_document_view_get_document (view)), ==, WEFT_DOCUMENT_READY);

  close_window (window);
  weft_test_rm_rf (dir);
}

/* The window opens at the size it was closed at (GSettings, memory backend). */
static void
test_window_size_remembered (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  WeftWindow *window;
  int width = 0, height = 0;

  g_settings_set_int (settings, "window-width", 913);
  g_settings_set_int (settings, "window-height", 587);
  window = new_window ();
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 913);
  g_assert_cmpint (height, ==, 587);

  gtk_window_set_default_size (GTK_WINDOW (window), 1001, 702);
  gtk_window_close (GTK_WINDOW (window));
  weft_ui_iterate ();
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1001);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 702);
}

/* Older documents in the recent list, written before the app first reads it
 * (see main): more than the menu shows, all of them existing folders, with
 * the demo trace in the middle. */
#define N_OLD_RECENT 12
#define MENU_RECENT 10

static void
write_old_recent_items (void)
{
  g_autoptr(GBookmarkFile) bookmarks = g_bookmark_file_new ();
  /* Yesterday: GTK drops items older than gtk-recent-files-max-age (30 days). */
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autoptr(GDateTime) long_ago = g_date_time_add_days (now, -1);
  g_autofree char *xbel = g_build_filename (weft_ui_test_home (), "data", "recently-used.xbel", NULL);
  g_autoptr(GError) error = NULL;

  for (int i = 0; i < N_OLD_RECENT; i++)
    {
      g_autofree char *name = g_strdup_printf ("old-%02d", i);
      g_autofree char *path = g_build_filename (weft_ui_test_home (), name, NULL);
      g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);

      if (i == N_OLD_RECENT / 2)
        {
          g_autofree char *demo = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);

          g_free (uri);
          uri = g_filename_to_uri (demo, NULL, NULL);
        }
      else
        g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
      g_bookmark_file_set_mime_type (bookmarks, uri, "inode/directory");
      g_bookmark_file_add_application (bookmarks, uri, "Weft", "weft %u");
      g_bookmark_file_set_modified_date_time (bookmarks, uri, long_ago);
    }
  /* Newer than all of them, but gone: the menu leaves it out. */
  {
    g_autofree char *gone = g_build_filename (weft_ui_test_home (), "gone", NULL);
    g_autofree char *uri = g_filename_to_uri (gone, NULL, NULL);
    g_autoptr(GDateTime) an_hour_ago = g_date_time_add_hours (now, -1);

    g_bookmark_file_set_mime_type (bookmarks, uri, "inode/directory");
    g_bookmark_file_add_application (bookmarks, uri, "Weft", "weft %u");
    g_bookmark_file_set_modified_date_time (bookmarks, uri, an_hour_ago);
  }
  g_bookmark_file_to_file (bookmarks, xbel, &error);
  g_assert_no_error (error);
}

/* A document that loaded goes to Open Recent, as a menu item that opens it,
 * first in the menu: even when it was there before, further down, and the
 * list holds more items than the menu shows. */
static void
test_recent (void)
{
  g_autofree char *demo = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (demo);
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentManager *recent = gtk_recent_manager_get_default ();
  g_autoptr(GtkRecentInfo) info = NULL;
  g_autoptr(GVariant) first = NULL;
  WeftWindow *window = new_window ();
  GMenuModel *menu;
  GMenuModel *section;

  wait_loaded (weft_window_open_files (window, &file, 1));

  info = gtk_recent_manager_lookup_item (recent, uri, NULL);
  g_assert_nonnull (info);
  g_assert_true (gtk_recent_info_has_application (info, "Weft"));
  g_assert_cmpstr (gtk_recent_info_get_mime_type (info), ==, "inode/directory");

  /* The split button's menu: Open Folder…, then the recent section, at
   * once (without waiting for the manager's delayed "changed"). */
  menu = adw_split_button_get_menu_model (ADW_SPLIT_BUTTON (find_mapped (GTK_WIDGET (window), ADW_TYPE_SPLIT_BUTTON)));
  g_assert_nonnull (menu);
  section = g_menu_model_get_item_link (menu, 1, G_MENU_LINK_SECTION);
  g_assert_nonnull (section);
  g_assert_cmpint (g_menu_model_get_n_items (section), ==, MENU_RECENT);
  first = g_menu_model_get_item_attribute_value (section, 0, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_STRING);
  g_assert_nonnull (first);
  g_assert_cmpstr (g_variant_get_string (first, NULL), ==, uri);
  for (int i = 0; i < MENU_RECENT; i++)
    {
      g_autoptr(GVariant) target = g_menu_model_get_item_attribute_value (section, i, G_MENU_ATTRIBUTE_TARGET,
                                                                          G_VARIANT_TYPE_STRING);

      g_assert_false (g_str_has_suffix (g_variant_get_string (target, NULL), "/gone"));
    }
  g_clear_object (&section);

  gtk_recent_manager_remove_item (recent, uri, NULL);
  close_window (window);
}

/* The empty window offers the bundled samples (and so does Open's menu);
 * each opens, and a name that is not one opens nothing. */
static void
test_samples (void)
{
  WeftWindow *window = new_window ();
  GtkWidget *button = find_mapped_full (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, "Try a _Sample");
  GMenuModel *menu, *open_menu;
  g_autoptr(GMenuModel) section = NULL;
  g_autoptr(GVariant) target = NULL;
  AdwTabView *tabs = weft_window_get_tab_view (window);
  WeftDocumentView *view;
  guint n;

  weft_samples_get (&n);
  g_assert_cmpuint (n, ==, 8);
  g_assert_nonnull (button);
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
  g_assert_nonnull (menu);
  g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 8);
  target = g_menu_model_get_item_attribute_value (menu, 1, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_STRING);
  g_assert_cmpstr (g_variant_get_string (target, NULL), ==, "heat.m");
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GFile) file = weft_samples_dup_file (weft_samples_get (&n)[i].name);

      g_assert_nonnull (file);
    }

  /* Under Open, after the recent ones: a submenu of the same. */
  open_menu = adw_split_button_get_menu_model (ADW_SPLIT_BUTTON (find_mapped (GTK_WIDGET (window), ADW_TYPE_SPLIT_BUTTON)));
  section = g_menu_model_get_item_link (open_menu, 2, G_MENU_LINK_SECTION);
  g_assert_nonnull (section);
  g_assert_cmpint (g_menu_model_get_n_items (section), ==, 1);
  {
    g_autoptr(GMenuModel) submenu = g_menu_model_get_item_link (section, 0, G_MENU_LINK_SUBMENU);

    g_assert_true (submenu == menu);
  }

  /* Not samples: nothing opens. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-sample", "s", "../README.md");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-sample", "s", "no-such-sample");
  g_assert_cmpint (adw_tab_view_get_n_pages (tabs), ==, 0);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.open-sample", "s", "heat.m");
  g_assert_cmpint (adw_tab_view_get_n_pages (tabs), ==, 1);
  view = WEFT_DOCUMENT_VIEW (adw_tab_page_get_child (adw_tab_view_get_nth_page (tabs, 0)));
  wait_loaded (view);
  g_assert_cmpstr (weft_document_view_get_state_name (view), ==, "content");
  g_assert_cmpstr (weft_document_get_format (weft_document_view_get_document (view))->id, ==, "hpcrun");

  close_window (window);
}

static void
test_drop (void)
{
  WeftWindow *window = new_window ();
  g_autoptr(GFile) a = g_file_new_for_path ("/nonexistent/a");
  g_autoptr(GFile) b = g_file_new_for_path ("/nonexistent/b");
  GSList *files = g_slist_append (g_slist_append (NULL, a), b);
  GValue value = G_VALUE_INIT;

  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
  g_assert_true (weft_window_handle_drop (window, &value));
  g_value_unset (&value);
  g_slist_free (files);

  /* Each dropped file is a document of its own. */
  g_assert_cmpint (adw_tab_view_get_n_pages (weft_window_get_tab_view (window)), ==, 2);
  wait_loaded (weft_window_get_current_view (window));

  close_window (window);
}

/* The shortcuts window GtkApplication loads from the resources builds
 * (GtkBuilder aborts the app otherwise). */
static void
test_resources_build (void)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new ();
  g_autoptr(GError) error = NULL;
  GObject *overlay;

  gtk_builder_add_from_resource (builder, RESOURCE_BASE_PATH "/gtk/help-overlay.ui", &error);
  g_assert_no_error (error);
  overlay = gtk_builder_get_object (builder, "help_overlay");
  g_assert_true (GTK_IS_SHORTCUTS_WINDOW (overlay));
  gtk_window_destroy (GTK_WINDOW (overlay));
}

int
main (int    argc,
      char **argv)
{
  weft_ui_test_init (&argc, &argv);
  write_old_recent_items ();
  adw_init ();
  /* No crossfades: the page a test looks for is the only one mapped. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  weft_init_resources ();
  weft_formats_init ();

  g_test_add_func ("/app/resources", test_resources_build);
  g_test_add_func ("/app/window/empty", test_empty_state);
  g_test_add_func ("/app/window/error-pages", test_error_pages);
  g_test_add_func ("/app/window/open-trace", test_open_trace_with_warnings);
  g_test_add_func ("/app/window/drop", test_drop);
  g_test_add_func ("/app/window/try-again", test_try_again);
  g_test_add_func ("/app/export", test_export);
  g_test_add_func ("/app/export-folder", test_export_folder);
  g_test_add_func ("/app/window/size-remembered", test_window_size_remembered);
  g_test_add_func ("/app/window/recent", test_recent);
  g_test_add_func ("/app/window/samples", test_samples);

  return g_test_run ();
}

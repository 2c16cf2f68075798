/* weft-ui-test-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "weft-renderer-choice.h"
#include "weft-test-util.h"
#include "weft-ui-test-util.h"

static char *test_home;

static void
remove_test_home (void)
{
  weft_test_rm_rf (test_home);
  g_clear_pointer (&test_home, g_free);
}

/**
 * weft_ui_test_init:
 *
 * gtk_test_init() with the XDG data, config, cache and state folders in a
 * temporary folder of their own (removed at exit), so that what the app
 * writes there (the recent-files list above all) neither comes from nor
 * goes to the account running the tests. The folder is
 * weft_ui_test_home(); a test may put files there before the app reads them.
 */
void
weft_ui_test_init (int    *argc,
                   char ***argv)
{
  static const struct { const char *variable; const char *folder; } xdg[] = {
    { "XDG_DATA_HOME", "data" },
    { "XDG_CONFIG_HOME", "config" },
    { "XDG_CACHE_HOME", "cache" },
    { "XDG_STATE_HOME", "state" },
  };

  test_home = weft_test_make_tmp_dir ();
  atexit (remove_test_home);
  for (guint i = 0; i < G_N_ELEMENTS (xdg); i++)
    {
      g_autofree char *path = g_build_filename (test_home, xdg[i].folder, NULL);

      g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
      g_setenv (xdg[i].variable, path, TRUE);
    }
  /* The renderer the application picks (cairo without a GPU): tests see
   * what users see, and GL on a software rasterizer is neither fast nor
   * clean under LeakSanitizer. */
  weft_choose_renderer ();
  gtk_test_init (argc, argv, NULL);
}

const char *
weft_ui_test_home (void)
{
  return test_home;
}

/* Dispatches whatever is pending, without waiting. */
void
weft_ui_iterate (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

/* Runs the main loop for @milliseconds, handling whatever the X server sends. */
void
weft_ui_spin (guint milliseconds)
{
  gint64 deadline = g_get_monotonic_time () + milliseconds * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < deadline)
    {
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

static gboolean
tick_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/**
 * weft_ui_wait_for:
 *
 * Runs the main loop until @condition holds (20 s at most). A tick wakes the
 * loop every few milliseconds: what another thread changes (a dataset freed
 * on a thread of its own) sends the main loop no event, and without it the
 * loop would sleep past both the change and the deadline.
 *
 * Returns: whether @condition holds in the end.
 */
gboolean
weft_ui_wait_for (WeftUiCondition condition,
                  gpointer        data)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  guint tick = g_timeout_add (5, tick_cb, NULL);

  while (!condition (data) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (tick);
  weft_ui_iterate ();

  return condition (data);
}

/* A "notify" handler that counts. */
void
weft_ui_count_cb (GObject    *object,
                  GParamSpec *pspec,
                  guint      *count)
{
  (*count)++;
}

/* Waits (10 s at most) until @widget is mapped with a size, then a few frames
 * more so that its window is on the X server and painted. */
void
weft_ui_wait_drawn (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while ((!gtk_widget_get_mapped (widget) || gtk_widget_get_width (widget) <= 0) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (gtk_widget_get_mapped (widget));
  weft_ui_spin (300);
}

static gboolean
timeout_cb (gpointer data)
{
  gboolean *timed_out = data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

/* Shows @child alone in a window of @width × @height and waits until it has
 * been laid out (at most 5 s). */
GtkWidget *
weft_ui_show_in_window (GtkWidget *child,
                        int        width,
                        int        height)
{
  GtkWidget *window = gtk_window_new ();
  gboolean timed_out = FALSE;
  guint id;

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));

  id = g_timeout_add (5000, timeout_cb, &timed_out);
  while (!timed_out && (gtk_widget_get_width (child) < width / 2 || gtk_widget_get_height (child) < height / 2))
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  g_assert_false (timed_out);

  /* Let the first frame draw. */
  weft_ui_iterate ();

  return window;
}

void
weft_ui_destroy_window (GtkWidget *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  weft_ui_iterate ();
}

/* Runs what pressing @keyval + @modifiers on @widget runs: the shortcut the
 * widget's class bound to that key (GTK keeps class bindings in a shortcut
 * controller on each widget). Returns FALSE when nothing is bound. */
gboolean
weft_ui_press_key (GtkWidget       *widget,
                   guint            keyval,
                   GdkModifierType  modifiers)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  g_autoptr(GtkShortcutTrigger) wanted = gtk_keyval_trigger_new (keyval, modifiers);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), wanted))
            return gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                                 gtk_shortcut_get_arguments (shortcut));
        }
    }

  return FALSE;
}

/* A primary-button click at (@x, @y): the widget's own click gesture's
 * "pressed" and "released" handlers run, as they do for a real click. */
void
weft_ui_click (GtkWidget *widget,
               double     x,
               double     y)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean found = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_GESTURE_CLICK (controller))
        continue;
      g_signal_emit_by_name (controller, "pressed", 1, x, y);
      g_signal_emit_by_name (controller, "released", 1, x, y);
      found = TRUE;
    }

  g_assert_true (found);
}

static char *
xdotool_path (void)
{
  static char *path;
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      path = g_find_program_in_path ("xdotool");
      g_once_init_leave (&initialized, 1);
    }

  return path;
}

gboolean
weft_ui_have_xdotool (void)
{
  return xdotool_path () != NULL;
}

/**
 * weft_ui_xdotool:
 *
 * Runs xdotool with the given arguments (failing the test if it fails), then
 * lets GTK handle the events it caused.
 */
void
weft_ui_xdotool (const char *first_arg,
                 ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = 0;
  va_list args;

  if (xdotool_path () == NULL)
    g_error ("xdotool is not installed: the real-input tests need it "
             "(build-aux/test installs it; apt-get install xdotool)");

  g_ptr_array_add (argv, g_strdup (xdotool_path ()));
  va_start (args, first_arg);
  for (const char *arg = first_arg; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, g_strdup (arg));
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("xdotool failed: %s", err);

  /* A round trip to the X server: every event the input caused is now on
   * our connection; then let GTK's frame clock deliver them. */
  gdk_display_sync (gdk_display_get_default ());
  weft_ui_spin (250);
}

/* A screen coordinate as xdotool wants it. */
char *
weft_ui_px (double value)
{
  return g_strdup_printf ("%d", (int)lround (value));
}

/**
 * weft_ui_locate:
 *
 * Finds where @widget's origin is on the screen. Plain Xvfb has no window
 * manager: the toplevel is where X put it, which xdotool reports.
 */
void
weft_ui_locate (GtkWidget        *widget,
                WeftScreenOrigin *origin)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = gtk_native_get_surface (native);
  g_autofree char *xid = NULL;
  g_autofree char *out = NULL;
  const char *position;
  graphene_point_t point;
  double sx = 0, sy = 0;
  int wx = 0, wy = 0;
  int status = 0;

  g_assert_true (GDK_IS_X11_SURFACE (surface));
  origin->xid = gdk_x11_surface_get_xid (surface);
  xid = g_strdup_printf ("%lu", origin->xid);

  {
    const char *argv[] = { xdotool_path (), "getwindowgeometry", xid, NULL };

    g_assert_nonnull (argv[0]);
    g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                 &out, NULL, &status, NULL));
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  position = strstr (out, "Position:");
  g_assert_nonnull (position);
  g_assert_cmpint (sscanf (position, "Position: %d,%d", &wx, &wy), ==, 2);

  gtk_native_get_surface_transform (native, &sx, &sy);
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &GRAPHENE_POINT_INIT (0, 0), &point));
  origin->left = wx + sx + point.x;
  origin->top = wy + sy + point.y;
}

void
weft_ui_save_screenshot (GtkWidget  *widget,
                         const char *name)
{
  const char *dir = g_getenv ("WEFT_UI_SCREENSHOTS");
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;
  GskRenderer *renderer;
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);

  if (dir == NULL || width <= 0 || height <= 0)
    return;

  weft_ui_wait_drawn (widget);
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return;
  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  file = g_strconcat (name, ".png", NULL);
  path = g_build_filename (dir, file, NULL);
  gdk_texture_save_to_png (texture, path);
}

/* @widget or its first descendant (depth first) of @type, or NULL. */
GtkWidget *
weft_ui_find_descendant (GtkWidget *widget,
                         GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = weft_ui_find_descendant (child, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/**
 * weft_ui_find_label:
 * @text: the label's whole text, or its start when @prefix
 *
 * Returns: (transfer none) (nullable): the first label under @widget (itself
 *   included, depth first) whose text is @text, or starts with it
 */
GtkLabel *
weft_ui_find_label (GtkWidget  *widget,
                    const char *text,
                    gboolean    prefix)
{
  if (GTK_IS_LABEL (widget))
    {
      const char *label = gtk_label_get_text (GTK_LABEL (widget));

      if (prefix ? g_str_has_prefix (label, text) : g_strcmp0 (label, text) == 0)
        return GTK_LABEL (widget);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = weft_ui_find_label (child, text, prefix);

      if (found != NULL)
        return found;
    }
  return NULL;
}

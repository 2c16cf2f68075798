/* test-grid-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "test-grid-util.h"

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
test_grid_show_in_window (GtkWidget *child,
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
  while (g_main_context_iteration (NULL, FALSE))
    ;

  return window;
}

void
test_grid_destroy_window (GtkWidget *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Runs what pressing @keyval + @modifiers on @widget runs: the shortcut the
 * widget's class bound to that key (GTK keeps class bindings in a shortcut
 * controller on each widget). Returns FALSE when nothing is bound. */
gboolean
test_grid_press_key (GtkWidget       *widget,
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
test_grid_click (GtkWidget *widget,
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

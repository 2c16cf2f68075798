/* test-grid-util.h: helpers for the grid widget tests (a shown window, the
 * widgets' own gestures and key bindings).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkWidget *test_grid_show_in_window     (GtkWidget       *child,
                                         int              width,
                                         int              height);
void       test_grid_destroy_window     (GtkWidget       *window);
gboolean   test_grid_press_key          (GtkWidget       *widget,
                                         guint            keyval,
                                         GdkModifierType  modifiers);
void       test_grid_click              (GtkWidget       *widget,
                                         double           x,
                                         double           y);

G_END_DECLS

/* weft-widget-theme.h: a renderer theme filled from a widget's GTK style.
 *
 * Renderers never look colours up themselves (see weft-render-theme.h); the
 * drawn widgets (see weft-drawn-widget.h) fill one from the libadwaita style
 * (light, dark, high contrast), the widget's CSS colour and the GTK font, and
 * redraw when it changes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-render-theme.h"

G_BEGIN_DECLS

void     weft_widget_theme_fill  (GtkWidget             *widget,
                                  WeftRenderTheme       *theme);
gboolean weft_widget_theme_equal (const WeftRenderTheme *a,
                                  const WeftRenderTheme *b);

GdkRGBA  weft_rgba_to_gdk        (const WeftRgba        *color);

/* Adds the style sheet at @resource_path (a GResource path) to the default
 * display, once per process: for widgets and pages that bring their own
 * styles (they look the same wherever they are used, tests included). */
void     weft_widget_theme_load_css (const char         *resource_path);

G_END_DECLS

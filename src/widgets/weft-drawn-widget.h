/* weft-drawn-widget.h: base class of the widgets a renderer draws with cairo.
 *
 * The matrix, ring graph, value bars, timeline and overview widgets all paint
 * through a renderer that takes a WeftRenderTheme. This class keeps that theme
 * filled from the widget's style (weft_widget_theme_fill()) and fills it again
 * only after something that can change it: a CSS change (light/dark, high
 * contrast, font), a new scale factor or libadwaita's dark switch. A theme that
 * really changed is handed to theme_changed() (subclasses pass it on to their
 * renderer) and drops the kept picture; GTK reports a style change for every
 * hover and focus change too, and those cost nothing.
 *
 * Subclasses implement draw(). The default snapshot() appends a cairo node of
 * the widget's size and calls it; a widget whose picture is costly and whose
 * overlays are cheap overrides snapshot(), appends the kept picture with
 * weft_drawn_widget_append_picture() and its overlays as snapshot nodes.
 * Without weft_drawn_widget_class_set_sizes(), measure() asks for nothing.
 *
 * Pointer input, for the classes that call
 * weft_drawn_widget_add_pointer_controllers(): pointer_moved() and
 * pointer_left() follow the pointer (for hover highlights); clicked() gets the
 * primary button's release, after the press gave the widget the focus (when
 * it is focusable).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-render-theme.h"

G_BEGIN_DECLS

#define WEFT_TYPE_DRAWN_WIDGET (weft_drawn_widget_get_type ())

G_DECLARE_DERIVABLE_TYPE (WeftDrawnWidget, weft_drawn_widget, WEFT, DRAWN_WIDGET, GtkWidget)

struct _WeftDrawnWidgetClass
{
  GtkWidgetClass parent_class;

  /* Paints the whole widget, @width × @height at the origin of @cr. */
  void (*draw)          (WeftDrawnWidget       *self,
                         cairo_t               *cr,
                         int                    width,
                         int                    height,
                         const WeftRenderTheme *theme);
  /* The style gave a different theme (also the first time one is filled). */
  void (*theme_changed) (WeftDrawnWidget       *self,
                         const WeftRenderTheme *theme);

  /* Pointer input (see weft_drawn_widget_add_pointer_controllers()). */
  void (*pointer_moved) (WeftDrawnWidget       *self,
                         double                 x,
                         double                 y);
  void (*pointer_left)  (WeftDrawnWidget       *self);
  void (*clicked)       (WeftDrawnWidget       *self,
                         double                 x,
                         double                 y);

  /*< private >*/
  int    min_width;
  int    natural_width;
  int    min_height;
  int    natural_height;
};

void                   weft_drawn_widget_class_set_sizes         (WeftDrawnWidgetClass  *klass,
                                                                  int                    min_width,
                                                                  int                    natural_width,
                                                                  int                    min_height,
                                                                  int                    natural_height);

const WeftRenderTheme *weft_drawn_widget_ensure_theme            (WeftDrawnWidget       *self);
void                   weft_drawn_widget_append_picture          (WeftDrawnWidget       *self,
                                                                  GtkSnapshot           *snapshot);
void                   weft_drawn_widget_drop_picture            (WeftDrawnWidget       *self);
void                   weft_drawn_widget_add_pointer_controllers (WeftDrawnWidget       *self);

void                   weft_snapshot_append_frame                (GtkSnapshot           *snapshot,
                                                                  const graphene_rect_t *rect,
                                                                  float                  line_width,
                                                                  const WeftRgba        *color);

G_END_DECLS

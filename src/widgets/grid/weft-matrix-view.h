/* weft-matrix-view.h: an interactive heat map of a 2-D WeftMatrix.
 *
 * Wraps WeftMatrixRenderer (row = dimension 0, e.g. the sending locale;
 * column = dimension 1, the receiving locale) and adds what a person needs:
 *
 *   - a tooltip per cell ("from locale 3 → to locale 5" and the value), per
 *     row/column label (its total) and for the legend; a page can replace the
 *     cell text with weft_matrix_view_set_tooltip_func();
 *   - hovering shades the row and column under the pointer;
 *   - a click on a cell selects it and emits "cell-activated"; a click on a
 *     row or column label emits "label-activated" (0 = row, 1 = column);
 *   - keyboard: the arrow keys (Page Up/Down, Home/End) move the selected
 *     cell, Enter or Space activates it; Ctrl+plus/minus/0 zoom;
 *   - Ctrl+wheel zooms around the pointer, the wheel and dragging pan a
 *     zoomed-in matrix.
 *
 * Actions: matrix.move (ii), matrix.activate-selected, matrix.zoom-in,
 * matrix.zoom-out, matrix.zoom-reset.
 *
 * CSS name: matrixview.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-color-scale.h"
#include "weft-drawn-widget.h"
#include "weft-matrix.h"
#include "weft-matrix-renderer.h"

G_BEGIN_DECLS

#define WEFT_TYPE_MATRIX_VIEW (weft_matrix_view_get_type ())

G_DECLARE_FINAL_TYPE (WeftMatrixView, weft_matrix_view, WEFT, MATRIX_VIEW, WeftDrawnWidget)

/**
 * WeftMatrixViewTooltipFunc:
 * @default_text: what the view would show ("from locale 3 → to locale 5\ncount: 12")
 *
 * Returns: (transfer full) (nullable): the tooltip of cell (@row, @column), or
 *   %NULL for @default_text
 */
typedef char *(*WeftMatrixViewTooltipFunc) (WeftMatrixView *view,
                                            guint           row,
                                            guint           column,
                                            const char     *default_text,
                                            gpointer        user_data);

GtkWidget          *weft_matrix_view_new                (void);

WeftMatrix         *weft_matrix_view_get_matrix         (WeftMatrixView            *self);
void                weft_matrix_view_set_matrix         (WeftMatrixView            *self,
                                                         WeftMatrix                *matrix);
void                weft_matrix_view_set_matrix_with_stats (WeftMatrixView         *self,
                                                            WeftMatrix             *matrix,
                                                            const WeftMatrixStats  *stats);
WeftColorScaleMode  weft_matrix_view_get_scale_mode     (WeftMatrixView            *self);
void                weft_matrix_view_set_scale_mode     (WeftMatrixView            *self,
                                                         WeftColorScaleMode         mode);
int                 weft_matrix_view_get_selected_row   (WeftMatrixView            *self);
void                weft_matrix_view_set_selected_row   (WeftMatrixView            *self,
                                                         int                        row);
int                 weft_matrix_view_get_selected_column (WeftMatrixView           *self);
void                weft_matrix_view_set_selected_column (WeftMatrixView           *self,
                                                          int                       column);
void                weft_matrix_view_select_cell        (WeftMatrixView            *self,
                                                         int                        row,
                                                         int                        column);
void                weft_matrix_view_activate_cell      (WeftMatrixView            *self,
                                                         guint                      row,
                                                         guint                      column);
void                weft_matrix_view_set_tooltip_func   (WeftMatrixView            *self,
                                                         WeftMatrixViewTooltipFunc  func,
                                                         gpointer                   user_data,
                                                         GDestroyNotify             destroy);
char               *weft_matrix_view_dup_tooltip_text   (WeftMatrixView            *self,
                                                         double                     x,
                                                         double                     y);
gboolean            weft_matrix_view_get_cell_at        (WeftMatrixView            *self,
                                                         double                     x,
                                                         double                     y,
                                                         guint                     *row,
                                                         guint                     *column);
gboolean            weft_matrix_view_get_cell_area      (WeftMatrixView            *self,
                                                         guint                      row,
                                                         guint                      column,
                                                         graphene_rect_t           *area);
double              weft_matrix_view_get_zoom           (WeftMatrixView            *self);
WeftMatrixRenderer *weft_matrix_view_get_renderer       (WeftMatrixView            *self);

G_END_DECLS

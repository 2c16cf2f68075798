/* weft-value-bars-view.h: one column of a WeftValueTable as horizontal bars.
 *
 * Wraps WeftValueBarsRenderer: a row per table row with its name, a bar and
 * the formatted value, in table order or sorted ("sort"). Tooltips per row,
 * hover highlight, a click or Enter emits "row-activated" (a table row, not a
 * position), Up/Down move the selection in the order shown.
 *
 * Its natural height fits every row; put it in a GtkScrolledWindow for long
 * tables. For a table with several columns the page may prefer a
 * GtkColumnView whose cells are WeftBarCell widgets.
 *
 * Actions: valuebars.move (i), valuebars.activate-selected.
 *
 * CSS name: valuebars.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-drawn-widget.h"
#include "weft-value-bars-renderer.h"
#include "weft-value-table.h"

G_BEGIN_DECLS

#define WEFT_TYPE_VALUE_BARS_VIEW (weft_value_bars_view_get_type ())

G_DECLARE_FINAL_TYPE (WeftValueBarsView, weft_value_bars_view, WEFT, VALUE_BARS_VIEW, WeftDrawnWidget)

GtkWidget             *weft_value_bars_view_new              (void);

WeftValueTable        *weft_value_bars_view_get_values       (WeftValueBarsView *self);
void                   weft_value_bars_view_set_values       (WeftValueBarsView *self,
                                                              WeftValueTable    *values);
guint                  weft_value_bars_view_get_column       (WeftValueBarsView *self);
void                   weft_value_bars_view_set_column       (WeftValueBarsView *self,
                                                              guint              column);
WeftValueBarsSort      weft_value_bars_view_get_sort         (WeftValueBarsView *self);
void                   weft_value_bars_view_set_sort         (WeftValueBarsView *self,
                                                              WeftValueBarsSort  sort);
int                    weft_value_bars_view_get_selected_row (WeftValueBarsView *self);
void                   weft_value_bars_view_set_selected_row (WeftValueBarsView *self,
                                                              int                row);
int                    weft_value_bars_view_get_row_at       (WeftValueBarsView *self,
                                                              double             x,
                                                              double             y);
char                  *weft_value_bars_view_dup_tooltip_text (WeftValueBarsView *self,
                                                              double             x,
                                                              double             y);
WeftValueBarsRenderer *weft_value_bars_view_get_renderer     (WeftValueBarsView *self);

G_END_DECLS

/* weft-flame-graph-view.h: an interactive flame graph of any WeftCallTree.
 *
 * Draws through WeftFlameGraphRenderer (see it for the picture). Hovering a
 * frame outlines it and shows a tooltip (frame, file:line, processes or value,
 * the compact sets); a click focuses (zooms into) the frame and emits
 * "node-activated"; Escape or BackSpace goes back out one level, Home to the
 * whole tree. Shared by the PSV, HPCToolkit and VisAndOr pages.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-call-tree.h"
#include "weft-drawn-widget.h"
#include "weft-flame-graph-renderer.h"

G_BEGIN_DECLS

#define WEFT_TYPE_FLAME_GRAPH_VIEW (weft_flame_graph_view_get_type ())

G_DECLARE_FINAL_TYPE (WeftFlameGraphView, weft_flame_graph_view, WEFT, FLAME_GRAPH_VIEW, WeftDrawnWidget)

GtkWidget              *weft_flame_graph_view_new          (void);
void                    weft_flame_graph_view_set_tree     (WeftFlameGraphView *self,
                                                            WeftCallTree       *tree);
WeftCallTree           *weft_flame_graph_view_get_tree     (WeftFlameGraphView *self);
/* -1: width by process count */
void                    weft_flame_graph_view_set_metric   (WeftFlameGraphView *self,
                                                            int                 metric);
void                    weft_flame_graph_view_set_focus    (WeftFlameGraphView *self,
                                                            WeftCallNode        node);
WeftCallNode            weft_flame_graph_view_get_focus    (WeftFlameGraphView *self);
/* Outlines @node (e.g. the row selected in a WeftCallTreeView). */
void                    weft_flame_graph_view_set_selected (WeftFlameGraphView *self,
                                                            WeftCallNode        node);
WeftFlameGraphRenderer *weft_flame_graph_view_get_renderer (WeftFlameGraphView *self);
/* The tooltip text for a point of the widget, or NULL. */
char                   *weft_flame_graph_view_dup_tooltip_text (WeftFlameGraphView *self,
                                                                double              x,
                                                                double              y);

G_END_DECLS

/* weft-ring-graph-view.h: chplvis's Graph view as a widget.
 *
 * Wraps WeftRingGraphRenderer: nodes (locales, ranks) on an ellipse coloured
 * by a column of a WeftValueTable ("node-values", "node-column"), links
 * coloured half by half by the traffic into each node ("matrix",
 * matrix[from][to]).
 *
 *   - tooltips for nodes ("locale 3\ntasks: 12") and link halves ("from
 *     locale 1 → to locale 3\ncount: 1 234"), replaceable with
 *     weft_ring_graph_view_set_tooltip_func();
 *   - a click on a node selects it and emits "node-activated"; a click on the
 *     half of a link next to node b emits "link-activated" (a, b) when there
 *     is traffic a → b; a grey half (none that way) emits nothing — chplvis
 *     users asked for exactly that;
 *   - keyboard: Left/Up and Right/Down walk the nodes, Enter or Space
 *     activates the selected one.
 *
 * Actions: ringgraph.move (i), ringgraph.activate-selected.
 *
 * CSS name: ringgraph.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-color-scale.h"
#include "weft-drawn-widget.h"
#include "weft-matrix.h"
#include "weft-ring-graph-renderer.h"
#include "weft-value-table.h"

G_BEGIN_DECLS

#define WEFT_TYPE_RING_GRAPH_VIEW (weft_ring_graph_view_get_type ())

G_DECLARE_FINAL_TYPE (WeftRingGraphView, weft_ring_graph_view, WEFT, RING_GRAPH_VIEW, WeftDrawnWidget)

/**
 * WeftRingGraphViewTooltipFunc:
 * @hit: a node or a link half
 * @default_text: what the view would show
 *
 * Returns: (transfer full) (nullable): the tooltip, or %NULL for @default_text
 */
typedef char *(*WeftRingGraphViewTooltipFunc) (WeftRingGraphView      *view,
                                               const WeftRingGraphHit *hit,
                                               const char             *default_text,
                                               gpointer                user_data);

GtkWidget             *weft_ring_graph_view_new               (void);

WeftMatrix            *weft_ring_graph_view_get_matrix        (WeftRingGraphView            *self);
void                   weft_ring_graph_view_set_matrix        (WeftRingGraphView            *self,
                                                               WeftMatrix                   *matrix);
WeftValueTable        *weft_ring_graph_view_get_node_values   (WeftRingGraphView            *self);
void                   weft_ring_graph_view_set_node_values   (WeftRingGraphView            *self,
                                                               WeftValueTable               *values);
guint                  weft_ring_graph_view_get_node_column   (WeftRingGraphView            *self);
void                   weft_ring_graph_view_set_node_column   (WeftRingGraphView            *self,
                                                               guint                         column);
WeftColorScaleMode     weft_ring_graph_view_get_scale_mode    (WeftRingGraphView            *self);
void                   weft_ring_graph_view_set_scale_mode    (WeftRingGraphView            *self,
                                                               WeftColorScaleMode            mode);
int                    weft_ring_graph_view_get_selected_node (WeftRingGraphView            *self);
void                   weft_ring_graph_view_set_selected_node (WeftRingGraphView            *self,
                                                               int                           node);
void                   weft_ring_graph_view_set_tooltip_func  (WeftRingGraphView            *self,
                                                               WeftRingGraphViewTooltipFunc  func,
                                                               gpointer                      user_data,
                                                               GDestroyNotify                destroy);
void                   weft_ring_graph_view_hit_test          (WeftRingGraphView            *self,
                                                               double                        x,
                                                               double                        y,
                                                               WeftRingGraphHit             *hit);
gboolean               weft_ring_graph_view_get_node_center   (WeftRingGraphView            *self,
                                                               guint                         node,
                                                               graphene_point_t             *center);
char                  *weft_ring_graph_view_dup_tooltip_text  (WeftRingGraphView            *self,
                                                               double                        x,
                                                               double                        y);
gboolean               weft_ring_graph_view_activate_at       (WeftRingGraphView            *self,
                                                               double                        x,
                                                               double                        y);
WeftRingGraphRenderer *weft_ring_graph_view_get_renderer      (WeftRingGraphView            *self);

G_END_DECLS

/* weft-ring-graph-renderer.h: nodes on an ellipse joined by traffic links.
 *
 * chplvis's Graph view, generalised: the n nodes of a square WeftMatrix
 * (locales, ranks) sit on an ellipse of 0.85 of the half width and height,
 * one angle step (2π/n) apart, offset by half a step when n is even; node 0
 * is at the top (odd n) or just right of it (even n) and the numbers run
 * clockwise. A node is a box labelled with its number and coloured by a node
 * value (a WeftValueTable column). Nodes i and j are linked when there is
 * traffic either way; each half of the link is coloured by the traffic INTO
 * the node it touches (matrix[from][to]), and a half with no traffic is grey
 * when the other direction has some.
 *
 * Large graphs stay readable: boxes, line widths and opacity shrink with n,
 * links are drawn coolest first so hot pairs stay on top, labels are thinned,
 * and the hovered or selected node's links are redrawn on top of the rest.
 * The static picture is cached as an image for screens and PNGs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "weft-color-scale.h"
#include "weft-matrix.h"
#include "weft-render-theme.h"
#include "weft-value-table.h"

G_BEGIN_DECLS

#define WEFT_TYPE_RING_GRAPH_RENDERER (weft_ring_graph_renderer_get_type ())

G_DECLARE_FINAL_TYPE (WeftRingGraphRenderer, weft_ring_graph_renderer, WEFT, RING_GRAPH_RENDERER, GObject)

typedef enum
{
  WEFT_RING_GRAPH_HIT_NONE,
  WEFT_RING_GRAPH_HIT_NODE,         /* node */
  WEFT_RING_GRAPH_HIT_LINK,         /* the half next to `to`: traffic from → to */
  WEFT_RING_GRAPH_HIT_NODE_LEGEND,
  WEFT_RING_GRAPH_HIT_LINK_LEGEND,
} WeftRingGraphHitKind;

typedef struct
{
  WeftRingGraphHitKind kind;
  guint                node;
  guint                from;
  guint                to;
  double               value;  /* the node's value, or the traffic from → to */
} WeftRingGraphHit;

typedef struct
{
  cairo_rectangle_t plot;         /* the ellipse is fitted in here */
  cairo_rectangle_t node_legend;  /* empty when there are no node values */
  cairo_rectangle_t link_legend;
  double            center_x;
  double            center_y;
  double            radius_x;     /* 0.85 of the plot's half width */
  double            radius_y;
  double            node_size;    /* side of a node box */
  double            link_width;
  double            link_alpha;
  guint             label_step;   /* every label_step-th node is labelled */
  gboolean          labels_inside;
} WeftRingGraphLayout;

/* How close (in pixels) a point must be to a link to hit it. */
#define WEFT_RING_GRAPH_LINK_SLOP 5.0

void                   weft_ring_graph_node_position             (guint                    n_nodes,
                                                                  guint                    node,
                                                                  const cairo_rectangle_t *plot,
                                                                  double                  *x,
                                                                  double                  *y);

WeftRingGraphRenderer *weft_ring_graph_renderer_new               (void);

gboolean               weft_ring_graph_renderer_set_matrix        (WeftRingGraphRenderer   *self,
                                                                  WeftMatrix              *matrix);
WeftMatrix            *weft_ring_graph_renderer_get_matrix        (WeftRingGraphRenderer   *self);
guint                  weft_ring_graph_renderer_get_n_nodes       (WeftRingGraphRenderer   *self);
gboolean               weft_ring_graph_renderer_set_node_values   (WeftRingGraphRenderer   *self,
                                                                  WeftValueTable          *values,
                                                                  guint                    column);
gboolean               weft_ring_graph_renderer_set_scale_mode    (WeftRingGraphRenderer   *self,
                                                                  WeftColorScaleMode       mode);
void                   weft_ring_graph_renderer_set_theme         (WeftRingGraphRenderer   *self,
                                                                  const WeftRenderTheme   *theme);
void                   weft_ring_graph_renderer_set_show_title    (WeftRingGraphRenderer   *self,
                                                                  gboolean                 show_title);
const WeftColorScale  *weft_ring_graph_renderer_get_node_scale    (WeftRingGraphRenderer   *self);
const WeftColorScale  *weft_ring_graph_renderer_get_link_scale    (WeftRingGraphRenderer   *self);

gboolean               weft_ring_graph_renderer_set_hover         (WeftRingGraphRenderer   *self,
                                                                  const WeftRingGraphHit  *hit);
gboolean               weft_ring_graph_renderer_set_selected_node (WeftRingGraphRenderer   *self,
                                                                  gssize                   node);

void                   weft_ring_graph_renderer_get_layout        (WeftRingGraphRenderer   *self,
                                                                  double                   width,
                                                                  double                   height,
                                                                  WeftRingGraphLayout     *layout);
gboolean               weft_ring_graph_renderer_get_node_center   (WeftRingGraphRenderer   *self,
                                                                  double                   width,
                                                                  double                   height,
                                                                  guint                    node,
                                                                  double                  *x,
                                                                  double                  *y);
WeftRgba               weft_ring_graph_renderer_get_link_color    (WeftRingGraphRenderer   *self,
                                                                  guint                    from,
                                                                  guint                    to);
void                   weft_ring_graph_renderer_hit_test          (WeftRingGraphRenderer   *self,
                                                                  double                   width,
                                                                  double                   height,
                                                                  double                   x,
                                                                  double                   y,
                                                                  WeftRingGraphHit        *hit);
char                  *weft_ring_graph_renderer_describe_hit      (WeftRingGraphRenderer   *self,
                                                                  const WeftRingGraphHit  *hit);
void                   weft_ring_graph_renderer_draw              (WeftRingGraphRenderer   *self,
                                                                  cairo_t                 *cr,
                                                                  double                   width,
                                                                  double                   height);

G_END_DECLS

/* weft-flame-graph-renderer.h: any WeftCallTree as a flame graph (cairo only).
 *
 * Shared by the PSV, HPCToolkit and VisAndOr pages and by picture export
 * (the "stacks" view). Frames are boxes, one row per depth, root frames on
 * top (an icicle, the orientation of DDT's tree); a box is as wide as its
 * node's value: the inclusive value of a metric, or the process count (set
 * with weft_flame_graph_renderer_set_metric (-1), the default when the tree
 * has no metric). Children share their parent's width in proportion to their
 * values (scaled down when, as with processes whose threads sit in several
 * frames, they add up to more than the parent).
 *
 * The focus node (default: the invisible root) spans the whole width; its
 * ancestors are drawn dimmed above it, so zooming keeps the context. Colours
 * come from a hash of the function name (stable across runs and files). A
 * branch reached by a minority of its parent's processes (when the parent has
 * several children) is "divergent" and is outlined in red with a hatch, the
 * tell of a stray rank; a legend at the bottom says so. Boxes narrower than
 * half a pixel are not drawn, nor their subtrees, so a 10^6-node tree draws
 * only what shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "weft-call-tree.h"
#include "weft-dataset.h"
#include "weft-render-theme.h"

G_BEGIN_DECLS

#define WEFT_TYPE_FLAME_GRAPH_RENDERER (weft_flame_graph_renderer_get_type ())

G_DECLARE_FINAL_TYPE (WeftFlameGraphRenderer, weft_flame_graph_renderer, WEFT, FLAME_GRAPH_RENDERER, GObject)

WeftFlameGraphRenderer *weft_flame_graph_renderer_new           (void);

/* Setters return TRUE when the picture changed. set_tree() resets the focus
 * and picks metric 0, or -1 (processes) when the tree has no metric. */
gboolean      weft_flame_graph_renderer_set_tree      (WeftFlameGraphRenderer *self,
                                                       WeftCallTree           *tree);
WeftCallTree *weft_flame_graph_renderer_get_tree      (WeftFlameGraphRenderer *self);
gboolean      weft_flame_graph_renderer_set_metric    (WeftFlameGraphRenderer *self,
                                                       int                     metric);
int           weft_flame_graph_renderer_get_metric    (WeftFlameGraphRenderer *self);
gboolean      weft_flame_graph_renderer_set_focus     (WeftFlameGraphRenderer *self,
                                                       WeftCallNode            node);
WeftCallNode  weft_flame_graph_renderer_get_focus     (WeftFlameGraphRenderer *self);
gboolean      weft_flame_graph_renderer_set_hover     (WeftFlameGraphRenderer *self,
                                                       WeftCallNode            node);
gboolean      weft_flame_graph_renderer_set_selected  (WeftFlameGraphRenderer *self,
                                                       WeftCallNode            node);
WeftCallNode  weft_flame_graph_renderer_get_hover     (WeftFlameGraphRenderer *self);
void          weft_flame_graph_renderer_set_draw_outlines (WeftFlameGraphRenderer *self,
                                                           gboolean                draw_outlines);
WeftCallNode  weft_flame_graph_renderer_get_selected  (WeftFlameGraphRenderer *self);
void          weft_flame_graph_renderer_set_theme     (WeftFlameGraphRenderer *self,
                                                       const WeftRenderTheme  *theme);

/* The value that sets a node's width (the root's is its children's sum). */
double        weft_flame_graph_renderer_get_value     (WeftFlameGraphRenderer *self,
                                                       WeftCallNode            node);
/* TRUE when @node is reached by fewer than half of its parent's processes
 * and the parent has other children: the branch of a stray rank. */
gboolean      weft_flame_graph_is_divergent           (WeftCallTree           *tree,
                                                       WeftCallNode            node);
/* The stable RGB colour of a function name. */
void          weft_flame_graph_color_for_name         (const char             *name,
                                                       double                 *red,
                                                       double                 *green,
                                                       double                 *blue);

double        weft_flame_graph_renderer_get_row_height (WeftFlameGraphRenderer *self);
/* Where @node's box is for a picture of @width × @height; FALSE when it is
 * not shown (outside the focus, too narrow, below the last row). */
gboolean      weft_flame_graph_renderer_get_node_rect (WeftFlameGraphRenderer *self,
                                                       double                  width,
                                                       double                  height,
                                                       WeftCallNode            node,
                                                       cairo_rectangle_t      *rect);
/* The node whose box holds (x, y), or WEFT_CALL_NODE_NONE. */
WeftCallNode  weft_flame_graph_renderer_hit_test      (WeftFlameGraphRenderer *self,
                                                       double                  width,
                                                       double                  height,
                                                       double                  x,
                                                       double                  y);
/* A tooltip: frame, file:line, value or processes, the sets. */
char         *weft_flame_graph_renderer_describe_node (WeftFlameGraphRenderer *self,
                                                       WeftCallNode            node);
void          weft_flame_graph_renderer_draw          (WeftFlameGraphRenderer *self,
                                                       cairo_t                *cr,
                                                       double                  width,
                                                       double                  height);

/* The "stacks", "callers" and "flat" pictures of the exporter (a
 * WeftPictureFunc): the flame graph of the dataset's call tree @view,
 * @options->metric naming a metric (NULL: the default). */
gboolean      weft_flame_graph_draw_picture           (WeftDataset            *dataset,
                                                       const char             *view,
                                                       const WeftViewOptions  *options,
                                                       const WeftRenderTheme  *theme,
                                                       cairo_t                *cr,
                                                       double                  width,
                                                       double                  height,
                                                       GError                **error);

G_END_DECLS

/* weft-visandor-tree-renderer.h: the execution tree as VisAndOr drew it.
 *
 * Time runs down the picture (or left to right when horizontal); each fork or
 * choice point is a bar at its time spanning its children's columns, each
 * goal or branch a line from its start to its end in the colour of the agent
 * running it (dashed while suspended), with a mark for its outcome (success,
 * failure, cut, suspended) and Andorra-I slaves as thin lines beside it. A
 * legend names the agents' colours. GTK-free: the widget and the exporter
 * both draw through it.
 *
 * Big trees: a subtree can be folded into one column (a block from its fork
 * to the last time under it); a subtree narrower than 3 pixels is drawn as
 * such a block without being folded (level of detail), and outcome marks
 * appear only where columns are 4 pixels wide. A frame then costs what fits
 * on screen, not the size of the tree (tests/bench/bench-visandor-tree).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "weft-exporter.h"
#include "weft-render-theme.h"
#include "weft-visandor-dataset.h"

G_BEGIN_DECLS

/* What is under a point: a task (goal/branch) or a node (fork/choice point). */
typedef struct
{
  guint32  task;   /* WEFT_VISANDOR_NONE when none */
  guint32  node;   /* WEFT_VISANDOR_NONE when none */
  gboolean block;  /* the node is drawn as a block: folded, or too narrow */
} WeftVisandorHit;

#define WEFT_TYPE_VISANDOR_TREE_RENDERER (weft_visandor_tree_renderer_get_type ())

G_DECLARE_FINAL_TYPE (WeftVisandorTreeRenderer, weft_visandor_tree_renderer, WEFT, VISANDOR_TREE_RENDERER, GObject)

WeftVisandorTreeRenderer *weft_visandor_tree_renderer_new            (void);
void                      weft_visandor_tree_renderer_set_dataset    (WeftVisandorTreeRenderer *self,
                                                                      WeftVisandorDataset      *dataset);
gboolean                  weft_visandor_tree_renderer_lay_out        (WeftVisandorTreeRenderer *self,
                                                                      WeftVisandorDataset      *dataset,
                                                                      GCancellable             *cancellable);
void                      weft_visandor_tree_renderer_take_layout (WeftVisandorTreeRenderer *self,
                                                                   WeftVisandorTreeRenderer *from);
void                      weft_visandor_tree_renderer_set_theme      (WeftVisandorTreeRenderer *self,
                                                                      const WeftRenderTheme    *theme);
void                      weft_visandor_tree_renderer_set_range      (WeftVisandorTreeRenderer *self,
                                                                      gint64                    begin,
                                                                      gint64                    end);
void                      weft_visandor_tree_renderer_set_horizontal (WeftVisandorTreeRenderer *self,
                                                                      gboolean                  horizontal);
void                      weft_visandor_tree_renderer_set_highlight  (WeftVisandorTreeRenderer *self,
                                                                      guint32                   task);
void                      weft_visandor_tree_renderer_set_collapsed  (WeftVisandorTreeRenderer *self,
                                                                      guint32                   node,
                                                                      gboolean                  collapsed);
gboolean                  weft_visandor_tree_renderer_get_collapsed  (WeftVisandorTreeRenderer *self,
                                                                      guint32                   node);
void                      weft_visandor_tree_renderer_expand_all     (WeftVisandorTreeRenderer *self);
void                      weft_visandor_tree_renderer_collapse_others (WeftVisandorTreeRenderer *self,
                                                                      guint32                   node);
guint                     weft_visandor_tree_renderer_get_subtree_tasks (WeftVisandorTreeRenderer *self,
                                                                      guint32                   node);
guint                     weft_visandor_tree_renderer_get_n_columns  (WeftVisandorTreeRenderer *self);
/* G_MAXUINT32 for a task a folded node hides. */
guint32                   weft_visandor_tree_renderer_get_task_column (WeftVisandorTreeRenderer *self,
                                                                      guint32                   task);
void                      weft_visandor_tree_renderer_get_plot       (WeftVisandorTreeRenderer *self,
                                                                      double                    width,
                                                                      double                    height,
                                                                      cairo_rectangle_t        *plot);
double                    weft_visandor_tree_renderer_time_to_pos    (WeftVisandorTreeRenderer *self,
                                                                      const cairo_rectangle_t  *plot,
                                                                      gint64                    time);
gint64                    weft_visandor_tree_renderer_pos_to_time    (WeftVisandorTreeRenderer *self,
                                                                      const cairo_rectangle_t  *plot,
                                                                      double                    pos);
void                      weft_visandor_tree_renderer_draw           (WeftVisandorTreeRenderer *self,
                                                                      cairo_t                  *cr,
                                                                      double                    width,
                                                                      double                    height);
gboolean                  weft_visandor_tree_renderer_hit_test       (WeftVisandorTreeRenderer *self,
                                                                      double                    width,
                                                                      double                    height,
                                                                      double                    x,
                                                                      double                    y,
                                                                      WeftVisandorHit          *hit);
guint32                   weft_visandor_agent_color                  (guint                     row);

gboolean                  weft_visandor_tree_draw_picture            (WeftDataset              *dataset,
                                                                      const char               *view,
                                                                      const WeftViewOptions    *options,
                                                                      const WeftRenderTheme    *theme,
                                                                      cairo_t                  *cr,
                                                                      double                    width,
                                                                      double                    height,
                                                                      GError                  **error);

G_END_DECLS

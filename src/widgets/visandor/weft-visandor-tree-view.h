/* weft-visandor-tree-view.h: the execution tree on screen.
 *
 * Draws through WeftVisandorTreeRenderer and follows the document's
 * WeftTimeModel (the timeline's): dragging along the time axis zooms to the
 * dragged range, Ctrl+wheel zooms around the pointer, hovering shows the node
 * or task under the pointer in a tooltip, a click emits ::activated.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-drawn-widget.h"
#include "weft-time-model.h"
#include "weft-visandor-tree-renderer.h"

G_BEGIN_DECLS

#define WEFT_TYPE_VISANDOR_TREE_VIEW (weft_visandor_tree_view_get_type ())

G_DECLARE_FINAL_TYPE (WeftVisandorTreeView, weft_visandor_tree_view, WEFT, VISANDOR_TREE_VIEW, WeftDrawnWidget)

GtkWidget *weft_visandor_tree_view_new              (void);
void       weft_visandor_tree_view_set_dataset      (WeftVisandorTreeView *self,
                                                     WeftVisandorDataset  *dataset);
void       weft_visandor_tree_view_set_time_model   (WeftVisandorTreeView *self,
                                                     WeftTimeModel        *time_model);
void       weft_visandor_tree_view_set_horizontal   (WeftVisandorTreeView *self,
                                                     gboolean              horizontal);
gboolean   weft_visandor_tree_view_get_horizontal   (WeftVisandorTreeView *self);
void       weft_visandor_tree_view_select_task      (WeftVisandorTreeView *self,
                                                     guint32               task);
WeftVisandorTreeRenderer *weft_visandor_tree_view_get_renderer (WeftVisandorTreeView *self);
gboolean   weft_visandor_tree_view_get_busy         (WeftVisandorTreeView *self);
guint32    weft_visandor_tree_view_get_hovered_task (WeftVisandorTreeView *self);
void       weft_visandor_tree_view_toggle_node      (WeftVisandorTreeView *self,
                                                     guint32               node);
void       weft_visandor_tree_view_expand_all       (WeftVisandorTreeView *self);
gboolean   weft_visandor_tree_view_collapse_others  (WeftVisandorTreeView *self);
guint32    weft_visandor_tree_view_get_selected_node (WeftVisandorTreeView *self);
void       weft_visandor_tree_view_select_node      (WeftVisandorTreeView *self,
                                                     guint32               node);
char      *weft_visandor_tree_view_dup_tooltip_text (WeftVisandorTreeView *self,
                                                     double                x,
                                                     double                y);
char      *weft_visandor_dup_hit_text               (WeftVisandorDataset  *dataset,
                                                     const WeftVisandorHit *hit);

G_END_DECLS

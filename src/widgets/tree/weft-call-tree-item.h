/* weft-call-tree-item.h: one frame of a WeftCallTree as a list item, and the
 * lazy list of a frame's children.
 *
 * WeftCallTreeChildren is a GListModel of a node's children that makes a
 * WeftCallTreeItem only when GTK first asks for that position (and then keeps
 * it, so the same position is always the same object), so a frame with 10^5
 * children costs arrays of ids and pointers, not 10^5 objects up front.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "weft-call-tree.h"

G_BEGIN_DECLS

#define WEFT_TYPE_CALL_TREE_ITEM (weft_call_tree_item_get_type ())

G_DECLARE_FINAL_TYPE (WeftCallTreeItem, weft_call_tree_item, WEFT, CALL_TREE_ITEM, GObject)

WeftCallTreeItem *weft_call_tree_item_new      (WeftCallTree     *tree,
                                                WeftCallNode      node);
WeftCallTree     *weft_call_tree_item_get_tree (WeftCallTreeItem *self);
WeftCallNode      weft_call_tree_item_get_node (WeftCallTreeItem *self);

#define WEFT_TYPE_CALL_TREE_CHILDREN (weft_call_tree_children_get_type ())

G_DECLARE_FINAL_TYPE (WeftCallTreeChildren, weft_call_tree_children, WEFT, CALL_TREE_CHILDREN, GObject)

/* NULL when @node has no children (GtkTreeListModel then shows no expander). */
GListModel       *weft_call_tree_children_new  (WeftCallTree     *tree,
                                                WeftCallNode      node);

G_END_DECLS

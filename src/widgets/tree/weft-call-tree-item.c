/* weft-call-tree-item.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-call-tree-item.h"

struct _WeftCallTreeItem
{
  GObject       parent_instance;
  WeftCallTree *tree;
  WeftCallNode  node;
};

G_DEFINE_FINAL_TYPE (WeftCallTreeItem, weft_call_tree_item, G_TYPE_OBJECT)

static void
weft_call_tree_item_finalize (GObject *object)
{
  WeftCallTreeItem *self = WEFT_CALL_TREE_ITEM (object);

  g_clear_pointer (&self->tree, weft_call_tree_unref);
  G_OBJECT_CLASS (weft_call_tree_item_parent_class)->finalize (object);
}

static void
weft_call_tree_item_class_init (WeftCallTreeItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = weft_call_tree_item_finalize;
}

static void
weft_call_tree_item_init (WeftCallTreeItem *self)
{
}

WeftCallTreeItem *
weft_call_tree_item_new (WeftCallTree *tree,
                         WeftCallNode  node)
{
  WeftCallTreeItem *self = g_object_new (WEFT_TYPE_CALL_TREE_ITEM, NULL);

  self->tree = weft_call_tree_ref (tree);
  self->node = node;
  return self;
}

WeftCallTree *
weft_call_tree_item_get_tree (WeftCallTreeItem *self)
{
  g_return_val_if_fail (WEFT_IS_CALL_TREE_ITEM (self), NULL);

  return self->tree;
}

WeftCallNode
weft_call_tree_item_get_node (WeftCallTreeItem *self)
{
  g_return_val_if_fail (WEFT_IS_CALL_TREE_ITEM (self), WEFT_CALL_NODE_NONE);

  return self->node;
}

/* --- The children of a node ------------------------------------------------------ */

struct _WeftCallTreeChildren
{
  GObject       parent_instance;
  WeftCallTree *tree;
  GArray       *nodes;   /* WeftCallNode, in the tree's order */
  GPtrArray    *items;   /* WeftCallTreeItem or NULL: made when first asked for */
};

static void
unref_item (gpointer item)
{
  if (item != NULL)
    g_object_unref (item);
}

static GType
weft_call_tree_children_get_item_type (GListModel *model)
{
  return WEFT_TYPE_CALL_TREE_ITEM;
}

static guint
weft_call_tree_children_get_n_items (GListModel *model)
{
  return WEFT_CALL_TREE_CHILDREN (model)->nodes->len;
}

static gpointer
weft_call_tree_children_get_item (GListModel *model,
                                  guint       position)
{
  WeftCallTreeChildren *self = WEFT_CALL_TREE_CHILDREN (model);

  if (position >= self->nodes->len)
    return NULL;
  /* The same object every time: GtkTreeListModel does not keep it for us. */
  if (g_ptr_array_index (self->items, position) == NULL)
    g_ptr_array_index (self->items, position) =
      weft_call_tree_item_new (self->tree, g_array_index (self->nodes, WeftCallNode, position));
  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = weft_call_tree_children_get_item_type;
  iface->get_n_items = weft_call_tree_children_get_n_items;
  iface->get_item = weft_call_tree_children_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftCallTreeChildren, weft_call_tree_children, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static void
weft_call_tree_children_finalize (GObject *object)
{
  WeftCallTreeChildren *self = WEFT_CALL_TREE_CHILDREN (object);

  g_clear_pointer (&self->tree, weft_call_tree_unref);
  g_clear_pointer (&self->nodes, g_array_unref);
  g_clear_pointer (&self->items, g_ptr_array_unref);
  G_OBJECT_CLASS (weft_call_tree_children_parent_class)->finalize (object);
}

static void
weft_call_tree_children_class_init (WeftCallTreeChildrenClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = weft_call_tree_children_finalize;
}

static void
weft_call_tree_children_init (WeftCallTreeChildren *self)
{
  self->nodes = g_array_new (FALSE, FALSE, sizeof (WeftCallNode));
}

GListModel *
weft_call_tree_children_new (WeftCallTree *tree,
                             WeftCallNode  node)
{
  WeftCallTreeChildren *self;

  g_return_val_if_fail (tree != NULL, NULL);

  if (weft_call_tree_get_first_child (tree, node) == WEFT_CALL_NODE_NONE)
    return NULL;
  self = g_object_new (WEFT_TYPE_CALL_TREE_CHILDREN, NULL);
  self->tree = weft_call_tree_ref (tree);
  for (WeftCallNode c = weft_call_tree_get_first_child (tree, node); c != WEFT_CALL_NODE_NONE;
       c = weft_call_tree_get_next_sibling (tree, c))
    g_array_append_val (self->nodes, c);
  self->items = g_ptr_array_new_full (self->nodes->len, unref_item);
  g_ptr_array_set_size (self->items, self->nodes->len);
  return G_LIST_MODEL (self);
}

/* weft-call-tree-view.h: a lazy, sortable, searchable stack tree of any
 * WeftCallTree.
 *
 * A GtkColumnView over a GtkTreeListModel: the children of a frame become
 * list items only when it is expanded, so a 10^5-node tree opens at once.
 * Columns: the frame (expander, function, file:line); Processes and Threads
 * counts and the process set when the tree has process information; for
 * each metric Inclusive, Exclusive and % of the root's inclusive value.
 * Clicking a header sorts siblings by it. A branch reached by a minority of
 * its caller's processes (a stray rank) is flagged with a warning icon and
 * red text; each row's tooltip lists the sets. Ctrl+F searches functions
 * (Enter: next match; matches are expanded to and selected);
 * weft_call_tree_view_expand_hottest() opens the path of the largest child
 * at each level. "node-selected" reports the selected WeftCallNode.
 * Ctrl+Return focuses the selected frame (it alone at the top, its subtree
 * below; search and the hot path stay inside it), Ctrl+Backspace goes back;
 * a bar above the rows says what is focused, with Back and Show All.
 *
 * Shared by the PSV, HPCToolkit and VisAndOr pages.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-call-tree.h"

G_BEGIN_DECLS

#define WEFT_TYPE_CALL_TREE_VIEW (weft_call_tree_view_get_type ())

G_DECLARE_FINAL_TYPE (WeftCallTreeView, weft_call_tree_view, WEFT, CALL_TREE_VIEW, GtkWidget)

GtkWidget    *weft_call_tree_view_new             (void);
void          weft_call_tree_view_set_tree        (WeftCallTreeView *self,
                                                   WeftCallTree     *tree);
WeftCallTree *weft_call_tree_view_get_tree        (WeftCallTreeView *self);
/* Expands the ancestors of @node, selects and shows it; FALSE when it is not
 * a frame of the tree. */
gboolean      weft_call_tree_view_select_node     (WeftCallTreeView *self,
                                                   WeftCallNode      node);
WeftCallNode  weft_call_tree_view_get_selected    (WeftCallTreeView *self);
/* Follows the largest child (metric 0, else processes) from the top and
 * selects the last frame; returns it. */
WeftCallNode  weft_call_tree_view_expand_hottest  (WeftCallTreeView *self);
guint         weft_call_tree_view_open_levels     (WeftCallTreeView *self,
                                                   guint             max_rows,
                                                   guint             max_levels);
/* Selects the next frame after the selection (pre-order, wrapping) whose
 * function contains @text, ignoring case; FALSE when none does. */
gboolean      weft_call_tree_view_search          (WeftCallTreeView *self,
                                                   const char       *text);
/* Focus (hpcviewer's zoom): @node alone at the top; Back returns to the view
 * before (Ctrl+Return and Ctrl+Backspace in the view). */
gboolean      weft_call_tree_view_focus           (WeftCallTreeView *self,
                                                   WeftCallNode      node);
gboolean      weft_call_tree_view_focus_back      (WeftCallTreeView *self);
WeftCallNode  weft_call_tree_view_get_focus       (WeftCallTreeView *self);
/* The number of visible rows (expanded frames' children included). */
guint         weft_call_tree_view_get_n_rows      (WeftCallTreeView *self);

G_END_DECLS

/* weft-call-tree-views.h: bottom-up (callers) and flat views of a call tree,
 * as new WeftCallTrees, for every family.
 *
 * A role function says which nodes are procedures (the units of both
 * views), which belong inside the procedure above them (loops, lines, call
 * sites: shown under it in the flat view) and which are neither
 * (placeholders such as <program root>: skipped). NULL treats every node as
 * a procedure (a DDT stack).
 *
 * Values are recursion safe, as hpcviewer's: a node's inclusive value counts
 * each top-down instance only when no ancestor instance maps to the same
 * node (so a recursive procedure is not counted twice); exclusive values are
 * summed over every instance. The results' metrics have given inclusive
 * values (WEFT_CALL_METRIC_INCLUSIVE_GIVEN) and the source's other flags.
 *
 * Bottom-up: the top level is every procedure; under it, its callers (the
 * nearest procedure above each instance), their callers, and so on; each
 * level gets the values of the instances below it.
 *
 * Flat: module → file → procedure → what is inside the procedure (loops,
 * lines) as in the top-down tree. Modules and files are frames with only
 * module, or module and file, set.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-call-tree.h"

G_BEGIN_DECLS

typedef enum
{
  WEFT_CALL_ROLE_PROCEDURE,
  WEFT_CALL_ROLE_INSIDE,
  WEFT_CALL_ROLE_OTHER,
} WeftCallRole;

typedef WeftCallRole (*WeftCallRoleFunc) (WeftCallTree *tree,
                                          WeftCallNode  node,
                                          gpointer      user_data);

WeftCallTree *weft_call_tree_dup_bottom_up (WeftCallTree     *tree,
                                            WeftCallRoleFunc  role,
                                            gpointer          user_data);
WeftCallTree *weft_call_tree_dup_bottom_up_bounded (WeftCallTree     *tree,
                                                    WeftCallRoleFunc  role,
                                                    gpointer          user_data,
                                                    guint             max_frames,
                                                    guint            *levels);
WeftCallTree *weft_call_tree_dup_flat      (WeftCallTree     *tree,
                                            WeftCallRoleFunc  role,
                                            gpointer          user_data);

G_END_DECLS

/* weft-call-tree-compare.h: two call trees side by side ("Compare two runs").
 *
 * weft_call_tree_compare() makes one tree holding the union of two: nodes
 * match when their paths of frames from the root match, frame by frame (the
 * frames' functions, files, modules, addresses, lines and kinds). Children
 * keep the base tree's order, then come the children only the other tree has.
 * Each node says which tree holds it (weft_call_tree_get_compare_side()).
 *
 * Every metric NAME of either tree (the base's first, then the other's
 * extra ones) becomes four metrics with the same unit, their exclusive and
 * inclusive values given (WEFT_CALL_METRIC_INCLUSIVE_GIVEN):
 *
 *   "NAME (base)"        the base tree's value, 0 where it has no such node
 *   "NAME (other)"       the other tree's value, likewise
 *   "NAME (difference)"  other − base
 *   "NAME (ratio)"       other ÷ base (weft_compare_ratio() of weft-compare.h:
 *                        1 for 0 ÷ 0, ±infinity for x ÷ 0); no unit
 *
 * Trees without metrics but with process information (DDT's Parallel Stack
 * View) give the groups "Processes" and "Threads" from their counts instead.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-call-tree.h"
#include "weft-compare.h"

G_BEGIN_DECLS

WeftCallTree *weft_call_tree_compare (WeftCallTree *base,
                                      WeftCallTree *other);
gboolean      weft_call_tree_find_compare_group (const WeftCallTree *tree,
                                                 guint               metric,
                                                 int                *base,
                                                 int                *other);

G_END_DECLS

/* weft-visandor-page.h: the page of a VisAndOr trace.
 *
 * Views: Tree (the execution tree, VisAndOr's picture), Timeline (agents over
 * time), Agents (per-agent figures) and Statistics (goal durations, busy
 * ratio, and busy agents over time drawn by WeftParallelismView: a click
 * there shows that time in the timeline). They share one WeftTimeModel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-document.h"
#include "weft-flame-graph-view.h"
#include "weft-parallelism-view.h"
#include "weft-time-model.h"
#include "weft-timeline-view.h"
#include "weft-visandor-tree-view.h"

G_BEGIN_DECLS

#define WEFT_TYPE_VISANDOR_PAGE (weft_visandor_page_get_type ())

G_DECLARE_FINAL_TYPE (WeftVisandorPage, weft_visandor_page, WEFT, VISANDOR_PAGE, GtkWidget)

WeftVisandorPage     *weft_visandor_page_new               (WeftDocument     *document);
WeftTimeModel        *weft_visandor_page_get_time_model    (WeftVisandorPage *self);
WeftVisandorTreeView *weft_visandor_page_get_tree_view     (WeftVisandorPage *self);
WeftTimelineView     *weft_visandor_page_get_timeline_view (WeftVisandorPage *self);
WeftParallelismView  *weft_visandor_page_get_parallelism_view (WeftVisandorPage *self);
WeftFlameGraphView   *weft_visandor_page_get_flame_graph_view (WeftVisandorPage *self);
const char           *weft_visandor_page_get_view          (WeftVisandorPage *self);
void                  weft_visandor_page_set_view          (WeftVisandorPage *self,
                                                            const char       *view);
gboolean              weft_visandor_page_find_node         (WeftVisandorPage *self,
                                                            const char       *text);
const char           *weft_visandor_page_get_statistics    (WeftVisandorPage *self);
gboolean              weft_visandor_page_get_call_tree_busy (WeftVisandorPage *self);
GtkLabel             *weft_visandor_page_get_statistics_label (WeftVisandorPage *self);

G_END_DECLS

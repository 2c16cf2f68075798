/* weft-psv-page.h: the page of a DDT Parallel Stack View document.
 *
 * The stack tree (WeftCallTreeView) and the flame graph (WeftFlameGraphView)
 * of the document's call tree, as two views (Alt+1, Alt+2) that follow one
 * selection, and a details line with the selected frame's process and thread
 * sets. File ▸ Export writes the "stacks" view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-call-tree-view.h"
#include "weft-document.h"
#include "weft-flame-graph-view.h"

G_BEGIN_DECLS

#define WEFT_TYPE_PSV_PAGE (weft_psv_page_get_type ())

G_DECLARE_FINAL_TYPE (WeftPsvPage, weft_psv_page, WEFT, PSV_PAGE, GtkWidget)

WeftPsvPage        *weft_psv_page_new             (WeftDocument *document);
WeftCallTreeView   *weft_psv_page_get_tree_view   (WeftPsvPage  *self);
WeftFlameGraphView *weft_psv_page_get_flame_graph (WeftPsvPage  *self);
const char         *weft_psv_page_get_view        (WeftPsvPage  *self);
void                weft_psv_page_set_view        (WeftPsvPage  *self,
                                                   const char   *view);
const char         *weft_psv_page_get_details     (WeftPsvPage  *self);

G_END_DECLS

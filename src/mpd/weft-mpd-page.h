/* weft-mpd-page.h: the page of an MPD runtime trace: the space-time diagram
 * (Lamport time or line order), the invocation matrix, mpdprof's per-line
 * counts, the processes and the semaphores.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-document.h"
#include "weft-source-view.h"

G_BEGIN_DECLS

#define WEFT_TYPE_MPD_PAGE (weft_mpd_page_get_type ())

G_DECLARE_FINAL_TYPE (WeftMpdPage, weft_mpd_page, WEFT, MPD_PAGE, GtkWidget)

WeftMpdPage *weft_mpd_page_new            (WeftDocument *document);
/* "timeline", "matrix", "lines", "processes" or "semaphores". */
void         weft_mpd_page_show_view      (WeftMpdPage  *self,
                                           const char   *name);
gboolean     weft_mpd_page_get_line_order (WeftMpdPage  *self);
gboolean     weft_mpd_page_get_line_order_busy (WeftMpdPage *self);
void         weft_mpd_page_set_line_order (WeftMpdPage  *self,
                                           gboolean      line_order);
/* The rows of the processes table as shown (WeftArrayItem of WeftMpdTableRow). */
GListModel  *weft_mpd_page_get_processes  (WeftMpdPage  *self);
GListModel  *weft_mpd_page_get_lines      (WeftMpdPage  *self);
const char  *weft_mpd_page_get_view       (WeftMpdPage  *self);
/* The text under the diagram: the clicked event's trace line. */
const char  *weft_mpd_page_get_details    (WeftMpdPage  *self);
GtkEditable *weft_mpd_page_get_lines_search (WeftMpdPage *self);
GtkEditable *weft_mpd_page_get_processes_search (WeftMpdPage *self);
/* For tests: the widgets real input drives. */
GtkWidget   *weft_mpd_page_get_order_button  (WeftMpdPage *self);
GtkWidget   *weft_mpd_page_get_matrix_view   (WeftMpdPage *self);
GtkWidget   *weft_mpd_page_get_timeline_view (WeftMpdPage *self);
/* The lines table's selection (over weft_mpd_page_get_lines()) and the
 * annotated listing beside it. */
GtkSingleSelection *weft_mpd_page_get_lines_selection (WeftMpdPage *self);
WeftSourceView     *weft_mpd_page_get_source_view     (WeftMpdPage *self);

G_END_DECLS

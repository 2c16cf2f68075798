/* weft-mda-page.h: the page of a DDT Multi-Dimensional Array document.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-document.h"
#include "weft-matrix-view.h"

G_BEGIN_DECLS

#define WEFT_TYPE_MDA_PAGE (weft_mda_page_get_type ())

G_DECLARE_FINAL_TYPE (WeftMdaPage, weft_mda_page, WEFT, MDA_PAGE, GtkWidget)

WeftMdaPage    *weft_mda_page_new             (WeftDocument *document);
WeftMatrixView *weft_mda_page_get_matrix_view (WeftMdaPage  *self);
GtkEntry       *weft_mda_page_get_filter_entry (WeftMdaPage *self);
GtkLabel       *weft_mda_page_get_stats_label  (WeftMdaPage *self);

G_END_DECLS

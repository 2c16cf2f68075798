/* weft-cpc-page.h: the page of a DDT Cross-Process Comparison document.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-document.h"

G_BEGIN_DECLS

#define WEFT_TYPE_CPC_PAGE (weft_cpc_page_get_type ())

G_DECLARE_FINAL_TYPE (WeftCpcPage, weft_cpc_page, WEFT, CPC_PAGE, GtkWidget)

WeftCpcPage   *weft_cpc_page_new                 (WeftDocument *document);
int            weft_cpc_page_get_selected_row    (WeftCpcPage  *self);
GtkColumnView *weft_cpc_page_get_column_view     (WeftCpcPage  *self);
GtkWidget     *weft_cpc_page_get_strip           (WeftCpcPage  *self);
GtkLabel      *weft_cpc_page_get_selection_label (WeftCpcPage  *self);
guint          weft_cpc_page_get_n_strip_cells   (WeftCpcPage  *self);
int            weft_cpc_page_get_strip_row       (WeftCpcPage  *self,
                                                  guint         cell);

G_END_DECLS

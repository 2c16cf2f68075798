/* weft-summary-page.h: the page of a document whose family has no page of its
 * own: what was read, the figures weft-cli prints, and its timeline.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-document.h"
#include "weft-time-model.h"

G_BEGIN_DECLS

#define WEFT_TYPE_SUMMARY_PAGE (weft_summary_page_get_type ())

G_DECLARE_FINAL_TYPE (WeftSummaryPage, weft_summary_page, WEFT, SUMMARY_PAGE, GtkWidget)

WeftSummaryPage *weft_summary_page_new            (WeftDocument    *document);
WeftTimeModel   *weft_summary_page_get_time_model (WeftSummaryPage *self);

G_END_DECLS

/* weft-comparison-page.h: two runs of one family against each other.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-comparison.h"
#include "weft-document.h"

G_BEGIN_DECLS

#define WEFT_TYPE_COMPARISON_PAGE (weft_comparison_page_get_type ())

G_DECLARE_FINAL_TYPE (WeftComparisonPage, weft_comparison_page, WEFT, COMPARISON_PAGE, GtkWidget)

GtkWidget      *weft_comparison_page_new            (WeftDocument        *base,
                                                     WeftDocument        *other,
                                                     GError             **error);
WeftComparison *weft_comparison_page_get_comparison (WeftComparisonPage  *self);
GtkStack       *weft_comparison_page_get_stack      (WeftComparisonPage  *self);
gboolean        weft_comparison_page_get_busy       (WeftComparisonPage  *self);
void            weft_comparison_page_set_mode       (WeftComparisonPage  *self,
                                                     WeftCompareMode      mode);
GtkWidget      *weft_comparison_page_get_view       (WeftComparisonPage  *self,
                                                     const char          *name);
gboolean        weft_comparison_page_align_at       (WeftComparisonPage  *self,
                                                     const char          *label);

G_END_DECLS

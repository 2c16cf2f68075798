/* weft-label-tooltip.h: a label's whole text as its tooltip while it is
 * ellipsized (paths, long names in tables, trees and details panes).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void  weft_label_show_full_text_on_hover (GtkLabel *label);
char *weft_label_dup_full_text_tooltip   (GtkLabel *label);

G_END_DECLS

/* weft-pages.h: picks the page that shows a loaded document.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-document.h"

G_BEGIN_DECLS

GtkWidget *weft_pages_create (WeftDocument *document,
                              GSettings    *settings);

G_END_DECLS

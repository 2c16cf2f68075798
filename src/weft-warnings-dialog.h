/* weft-warnings-dialog.h: lists what a load skipped (file:line: message).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "weft-document.h"

G_BEGIN_DECLS

#define WEFT_TYPE_WARNINGS_DIALOG (weft_warnings_dialog_get_type ())

G_DECLARE_FINAL_TYPE (WeftWarningsDialog, weft_warnings_dialog, WEFT, WARNINGS_DIALOG, AdwWindow)

WeftWarningsDialog *weft_warnings_dialog_new       (WeftDocument       *document);
GListModel         *weft_warnings_dialog_get_model (WeftWarningsDialog *self);

G_END_DECLS

/* weft-window.h: a Weft window: documents as tabs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "weft-application.h"
#include "weft-document-view.h"

G_BEGIN_DECLS

#define WEFT_TYPE_WINDOW (weft_window_get_type ())

G_DECLARE_FINAL_TYPE (WeftWindow, weft_window, WEFT, WINDOW, AdwApplicationWindow)

WeftWindow       *weft_window_new                 (WeftApplication *application);
WeftDocumentView *weft_window_open_files          (WeftWindow      *self,
                                                   GFile * const   *files,
                                                   guint            n_files);
AdwTabView       *weft_window_get_tab_view        (WeftWindow      *self);
WeftDocumentView *weft_window_get_current_view    (WeftWindow      *self);
GFile            *weft_window_dup_export_folder   (WeftWindow      *self);
void              weft_window_add_toast           (WeftWindow      *self,
                                                   const char      *message);
gboolean          weft_window_handle_drop         (WeftWindow      *self,
                                                   const GValue    *value);
WeftDocumentView *weft_window_compare_with        (WeftWindow      *self,
                                                   WeftDocument    *base,
                                                   GFile * const   *files,
                                                   guint            n_files);
gboolean          weft_window_handle_compare_drop (WeftWindow      *self,
                                                   const GValue    *value);

G_END_DECLS

/* weft-document-view.h: the content of one tab: loading, error or the document.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-document.h"

G_BEGIN_DECLS

#define WEFT_TYPE_DOCUMENT_VIEW (weft_document_view_get_type ())

G_DECLARE_FINAL_TYPE (WeftDocumentView, weft_document_view, WEFT, DOCUMENT_VIEW, GtkWidget)

WeftDocumentView *weft_document_view_new           (WeftDocument     *document,
                                                   GSettings        *settings);
WeftDocumentView *weft_document_view_new_comparison (WeftDocument     *other,
                                                     WeftDocument     *base,
                                                     GSettings        *settings);
WeftDocument     *weft_document_view_get_document  (WeftDocumentView *self);
WeftDocument     *weft_document_view_get_compare_base (WeftDocumentView *self);
GtkWidget        *weft_document_view_get_page      (WeftDocumentView *self);
const char       *weft_document_view_get_state_name (WeftDocumentView *self);
void              weft_document_view_load          (WeftDocumentView *self);
void              weft_document_view_reload        (WeftDocumentView *self);
void              weft_document_view_cancel        (WeftDocumentView *self);
void              weft_document_view_show_warnings (WeftDocumentView *self);

G_END_DECLS

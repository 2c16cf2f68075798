/* weft-page.h: what the window asks of a document's page, whatever its family.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-dataset.h"
#include "weft-document.h"

G_BEGIN_DECLS

#define WEFT_TYPE_PAGE (weft_page_get_type ())

G_DECLARE_INTERFACE (WeftPage, weft_page, WEFT, PAGE, GtkWidget)

struct _WeftPageInterface
{
  GTypeInterface parent_iface;

  WeftDocument *(*get_document)    (WeftPage        *self);
  /* What the page shows and exports; NULL (the default) is the document's
   * dataset. A comparison page shows two documents' WeftComparison. */
  WeftDataset  *(*get_dataset)     (WeftPage        *self);
  /* The view on screen for File ▸ Export: an exporter view name and the options
   * that reproduce what is shown (tag, range, metric); the strings in @options
   * belong to the page and stay valid until the page changes. */
  gboolean      (*get_export_view) (WeftPage        *self,
                                    const char     **view,
                                    WeftViewOptions *options);
  /* Whether Alt+1 … Alt+9 belong to the page (its views) rather than to the
   * window's tab switching while it is the selected tab. */
  gboolean      (*get_uses_alt_digits) (WeftPage   *self);
};

WeftDocument *weft_page_get_document    (WeftPage        *self);
WeftDataset  *weft_page_get_dataset     (WeftPage        *self);
gboolean      weft_page_get_export_view (WeftPage        *self,
                                         const char     **view,
                                         WeftViewOptions *options);
gboolean      weft_page_get_uses_alt_digits (WeftPage    *self);

G_END_DECLS

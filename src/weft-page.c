/* weft-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-page.h"

G_DEFINE_INTERFACE (WeftPage, weft_page, GTK_TYPE_WIDGET)

static void
weft_page_default_init (WeftPageInterface *iface)
{
}

WeftDocument *
weft_page_get_document (WeftPage *self)
{
  g_return_val_if_fail (WEFT_IS_PAGE (self), NULL);

  return WEFT_PAGE_GET_IFACE (self)->get_document (self);
}

/**
 * weft_page_get_dataset:
 *
 * Returns: (transfer none): the dataset the page shows and exports: its
 *   document's, unless the page says otherwise (a comparison).
 */
WeftDataset *
weft_page_get_dataset (WeftPage *self)
{
  WeftPageInterface *iface;

  g_return_val_if_fail (WEFT_IS_PAGE (self), NULL);

  iface = WEFT_PAGE_GET_IFACE (self);
  if (iface->get_dataset != NULL)
    return iface->get_dataset (self);
  return weft_document_get_dataset (weft_page_get_document (self));
}

/**
 * weft_page_get_export_view:
 * @view: (out): the exporter's name of the view on screen
 * @options: (out caller-allocates): how to reproduce it
 *
 * Returns: %FALSE when the page shows nothing that can be exported.
 */
gboolean
weft_page_get_export_view (WeftPage         *self,
                           const char      **view,
                           WeftViewOptions  *options)
{
  WeftPageInterface *iface;

  g_return_val_if_fail (WEFT_IS_PAGE (self), FALSE);
  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (options != NULL, FALSE);

  memset (options, 0, sizeof *options);
  *view = NULL;

  iface = WEFT_PAGE_GET_IFACE (self);
  if (iface->get_export_view == NULL)
    return FALSE;

  return iface->get_export_view (self, view, options);
}

gboolean
weft_page_get_uses_alt_digits (WeftPage *self)
{
  WeftPageInterface *iface;

  g_return_val_if_fail (WEFT_IS_PAGE (self), FALSE);

  iface = WEFT_PAGE_GET_IFACE (self);
  return iface->get_uses_alt_digits != NULL && iface->get_uses_alt_digits (self);
}

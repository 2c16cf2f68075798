/* weft-pages.c
 *
 * Each family with a page of its own is listed here; any other document gets
 * the summary page (which also shows its timeline when it has events).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-pages.h"
#include "weft-summary-page.h"

/* BEGIN includes: chplvis page */
#include "weft-chplvis-page.h"
/* END includes: chplvis page */
/* BEGIN includes: visandor page */
#include "weft-visandor-page.h"
/* END includes: visandor page */

/**
 * weft_pages_create:
 * @document: a READY document
 *
 * Returns: (transfer floating): a widget implementing WeftPage.
 */
GtkWidget *
weft_pages_create (WeftDocument *document)
{
  WeftDataset *dataset;
  const char *family;

  g_return_val_if_fail (WEFT_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (weft_document_get_state (document) == WEFT_DOCUMENT_READY, NULL);

  dataset = weft_document_get_dataset (document);
  family = weft_dataset_get_family (dataset);

  /* BEGIN family pages: chplvis */
  if (g_strcmp0 (family, "chplvis") == 0 && WEFT_IS_CHPLVIS_DATASET (dataset))
    return GTK_WIDGET (weft_chplvis_page_new (document));
  /* END family pages: chplvis */
  /* BEGIN family pages: visandor */
  if (g_strcmp0 (family, "visandor") == 0 && WEFT_IS_VISANDOR_DATASET (dataset))
    return GTK_WIDGET (weft_visandor_page_new (document));
  /* END family pages: visandor */

  return GTK_WIDGET (weft_summary_page_new (document));
}

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
/* BEGIN includes: ddt-arrays pages */
#include "weft-cpc-dataset.h"
#include "weft-cpc-page.h"
#include "weft-mda-dataset.h"
#include "weft-mda-page.h"
/* END includes: ddt-arrays pages */
/* BEGIN includes: hpctoolkit page */
#include "weft-hpctoolkit-dataset.h"
#include "weft-hpctoolkit-page.h"
/* END includes: hpctoolkit page */
/* BEGIN includes: mpd page */
#include "weft-mpd-dataset.h"
#include "weft-mpd-page.h"
/* END includes: mpd page */
/* BEGIN includes: ddt-psv page */
#include "weft-psv-dataset.h"
#include "weft-psv-page.h"
/* END includes: ddt-psv page */
/* BEGIN includes: visandor page */
#include "weft-visandor-page.h"
/* END includes: visandor page */

/**
 * weft_pages_create:
 * @document: a READY document
 * @settings: the application's settings, for the pages that use them
 *
 * Returns: (transfer floating): a widget implementing WeftPage.
 */
GtkWidget *
weft_pages_create (WeftDocument *document,
                   GSettings    *settings)
{
  WeftDataset *dataset;
  const char *family;

  g_return_val_if_fail (WEFT_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (weft_document_get_state (document) == WEFT_DOCUMENT_READY, NULL);

  dataset = weft_document_get_dataset (document);
  family = weft_dataset_get_family (dataset);

  /* BEGIN family pages: chplvis */
  if (g_strcmp0 (family, "chplvis") == 0 && WEFT_IS_CHPLVIS_DATASET (dataset))
    return GTK_WIDGET (weft_chplvis_page_new (document, settings));
  /* END family pages: chplvis */
  /* BEGIN family pages: ddt-arrays */
  if (WEFT_IS_MDA_DATASET (dataset))
    return GTK_WIDGET (weft_mda_page_new (document));
  if (WEFT_IS_CPC_DATASET (dataset))
    return GTK_WIDGET (weft_cpc_page_new (document));
  /* END family pages: ddt-arrays */
  /* BEGIN family pages: hpctoolkit */
  if (g_strcmp0 (family, "hpcrun") == 0 && WEFT_IS_HPCTOOLKIT_DATASET (dataset))
    return GTK_WIDGET (weft_hpctoolkit_page_new (document, settings));
  /* END family pages: hpctoolkit */
  /* BEGIN family pages: mpd */
  if (g_strcmp0 (family, "mpdtrace") == 0 && WEFT_IS_MPD_DATASET (dataset))
    return GTK_WIDGET (weft_mpd_page_new (document));
  /* END family pages: mpd */
  /* BEGIN family pages: ddt-psv */
  if (g_strcmp0 (family, "psv") == 0 && WEFT_IS_PSV_DATASET (dataset))
    return GTK_WIDGET (weft_psv_page_new (document));
  /* END family pages: ddt-psv */
  /* BEGIN family pages: visandor */
  if (g_strcmp0 (family, "visandor") == 0 && WEFT_IS_VISANDOR_DATASET (dataset))
    return GTK_WIDGET (weft_visandor_page_new (document));
  /* END family pages: visandor */

  return GTK_WIDGET (weft_summary_page_new (document));
}

/* weft-cpc-dataset.h: a DDT Cross-Process Comparison export as a document.
 *
 * The table as read (value → processes, in the file's order), and the
 * "values" view: one row per process holding its value, which the CPC CSV
 * writer groups back into the same table (so a CPC file Weft wrote is
 * written again byte for byte) and the value-bars picture draws.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-cpc.h"
#include "weft-dataset.h"

G_BEGIN_DECLS

#define WEFT_TYPE_CPC_DATASET (weft_cpc_dataset_get_type ())

G_DECLARE_FINAL_TYPE (WeftCpcDataset, weft_cpc_dataset, WEFT, CPC_DATASET, GObject)

WeftCpcDataset   *weft_cpc_dataset_load          (GFile            *file,
                                                  WeftLoadContext  *context,
                                                  GError          **error);
WeftCpcTable     *weft_cpc_dataset_get_table     (WeftCpcDataset   *self);
const WeftIntSet *weft_cpc_dataset_get_processes (WeftCpcDataset   *self);

G_END_DECLS

/* weft-psv-dataset.h: a DDT Parallel Stack View export (CSV or XML) as a
 * document.
 *
 * Holds the WeftCallTree read by weft-psv.h and hands out copies of it as the
 * "stacks" view (the flame graph picture, PSV CSV/XML exports). weft-cli's
 * JSON: "psv": {frames, max_depth (root frames have depth 0), processes,
 * threads (the unions of every frame's sets, as compact strings)}.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-call-tree.h"
#include "weft-dataset.h"

G_BEGIN_DECLS

#define WEFT_TYPE_PSV_DATASET (weft_psv_dataset_get_type ())

G_DECLARE_FINAL_TYPE (WeftPsvDataset, weft_psv_dataset, WEFT, PSV_DATASET, GObject)

/* Takes a reference on @tree. @source: the file it came from; @format_version:
 * "csv" or "xml". */
WeftPsvDataset *weft_psv_dataset_new      (WeftCallTree   *tree,
                                           const char     *source,
                                           const char     *format_version);
WeftCallTree   *weft_psv_dataset_get_tree (WeftPsvDataset *self);

G_END_DECLS

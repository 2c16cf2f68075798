/* weft-mda-dataset.h: a DDT Multi-Dimensional Array export as a document.
 *
 * An MDA CSV file (a 2-D table) or an MDA HDF5 file (one or more numeric
 * datasets of rank 1…N). The document holds the array it shows; an HDF5 file
 * with several datasets lists them, and the page can load another one. The
 * one view, "array", is the array itself (a WeftMatrix): exported as MDA CSV
 * or HDF5, or drawn as a heat map.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-dataset.h"
#include "weft-load-context.h"

G_BEGIN_DECLS

#define WEFT_TYPE_MDA_DATASET (weft_mda_dataset_get_type ())

G_DECLARE_FINAL_TYPE (WeftMdaDataset, weft_mda_dataset, WEFT, MDA_DATASET, GObject)

WeftMdaDataset    *weft_mda_dataset_load              (GFile            *file,
                                                       WeftLoadContext  *context,
                                                       GError          **error);
WeftMatrix        *weft_mda_dataset_get_matrix        (WeftMdaDataset   *self);
gboolean           weft_mda_dataset_is_hdf5           (WeftMdaDataset   *self);
const char * const *weft_mda_dataset_list_arrays      (WeftMdaDataset   *self);
const char        *weft_mda_dataset_get_array_name    (WeftMdaDataset   *self);
WeftMatrix        *weft_mda_dataset_read_array        (WeftMdaDataset   *self,
                                                       const char       *name,
                                                       GError          **error);
void               weft_mda_dataset_set_array         (WeftMdaDataset   *self,
                                                       const char       *name,
                                                       WeftMatrix       *matrix);

G_END_DECLS

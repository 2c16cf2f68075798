/* weft-mda.h: DDT Multi-Dimensional Array exports (MDA CSV and MDA HDF5).
 *
 * MDA CSV (DDT: "no optional header line; the view is exported as a
 * two-dimensional table with the same layout as that seen on the screen;
 * filtered values are exported as empty strings"):
 *   - one record per row, no header, LF line endings;
 *   - 2-D: rows are dimension 0, columns dimension 1;
 *   - 1-D: one column, one row per element (DDT puts a single metavariable on
 *     the rows of its table);
 *   - N-D with N > 2: the last dimension gives the columns and the leading ones
 *     are flattened into rows in row-major order (the last leading dimension
 *     varies fastest), so the file is the matrix's data in storage order with a
 *     line break every shape[N-1] values;
 *   - a filtered cell is written as "" (a quoted empty field);
 *   - numbers as weft_csv_append_double() writes them: integers as integers,
 *     others with the fewest of 15/16/17 significant digits that read back
 *     exactly, "nan", "inf", "-inf".
 *   Reading gives a 2-D matrix (the file carries no dimensions). "" and a bare
 *   empty field both read as filtered; blank lines at the end are ignored; a row
 *   with a different number of values than the first, or a value that is not a
 *   number, is an error naming the file, line and column.
 *
 * MDA HDF5 (DDT: "an N-dimensional dataset, according to the dimensions set by
 * the user; filtered values are not included in the file (i.e. the file is
 * sparse)"): see weft-mda-hdf5.c for the layout; in short one chunked F64LE
 * dataset "/data" whose filtered cells are never written and read back as the
 * fill value, a NaN with a reserved bit pattern, and "weft:" attributes for the
 * title, value name, dimension names, starts and labels. Reading and listing
 * have a child process read the file first (weft-hdf5-probe.h), so that
 * libhdf5's own bugs on damaged files cannot crash or hang the app.
 *
 * Writers replace @path atomically (a temporary file beside it, renamed on
 * success): a failed write leaves an existing file as it was.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "weft-load-context.h"
#include "weft-matrix.h"

G_BEGIN_DECLS

/* Name of the dataset weft_mda_hdf5_write() creates. */
#define WEFT_MDA_HDF5_DATASET            "data"

/* Attributes of that dataset. */
#define WEFT_MDA_HDF5_ATTR_FILTERED      "weft:filtered"
#define WEFT_MDA_HDF5_ATTR_TITLE         "weft:title"
#define WEFT_MDA_HDF5_ATTR_VALUE_NAME    "weft:value_name"
#define WEFT_MDA_HDF5_ATTR_DIM_NAMES     "weft:dim_names"
#define WEFT_MDA_HDF5_ATTR_DIM_STARTS    "weft:dim_starts"
#define WEFT_MDA_HDF5_ATTR_DIM_LABELS    "weft:dim_labels_" /* + dimension number */

/* The fill value, and so the value of every filtered cell: a quiet NaN whose
 * payload ("f17e") tells it apart from NaN values, which are written as the
 * ordinary NaN. */
#define WEFT_MDA_HDF5_FILTERED_BITS      G_GUINT64_CONSTANT (0x7ff800000000f17e)

/* Larger datasets are refused when reading (1 GiB of doubles): a small file can
 * declare a huge, never-written dataset. */
#define WEFT_MDA_MAX_CELLS               (G_GUINT64_CONSTANT (1) << 27)

gboolean    weft_mda_csv_write  (WeftMatrix       *matrix,
                                 const char       *path,
                                 GError          **error);
WeftMatrix *weft_mda_csv_parse  (const char       *data,
                                 gsize             len,
                                 const char       *filename,
                                 WeftLoadContext  *context,
                                 GError          **error);
WeftMatrix *weft_mda_csv_read   (const char       *path,
                                 WeftLoadContext  *context,
                                 GError          **error);

gboolean    weft_mda_hdf5_write (WeftMatrix       *matrix,
                                 const char       *path,
                                 GError          **error);
WeftMatrix *weft_mda_hdf5_read  (const char       *path,
                                 const char       *dataset,
                                 WeftLoadContext  *context,
                                 GError          **error);
GStrv       weft_mda_hdf5_list_datasets (const char    *path,
                                         GCancellable  *cancellable,
                                         GError       **error);

G_END_DECLS

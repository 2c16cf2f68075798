/* weft-matrix.h: an N-dimensional dense grid of doubles with a filtered mask.
 *
 * Used for communication matrices, invocation matrices and DDT MDA arrays.
 * Storage is row-major (the last dimension varies fastest, as in HDF5). Each
 * dimension has a name ("from locale"), the index of its first element (DDT
 * metavariables need not start at 0) and optional per-index labels. A cell can be
 * "filtered" (DDT's "Only show if"; written as "" in MDA CSV and left out of MDA
 * HDF5), which is distinct from a value of 0.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "weft-compare.h"

G_BEGIN_DECLS

#define WEFT_MATRIX_MAX_DIMS 8

typedef struct _WeftMatrix WeftMatrix;

/* What the cells mean, so that views pick a fitting colour scale: plain
 * values, or a comparison's differences (centred on zero) or ratios (centred
 * on one). */
typedef enum
{
  WEFT_MATRIX_VALUES_PLAIN,
  WEFT_MATRIX_VALUES_DIFFERENCE,
  WEFT_MATRIX_VALUES_RATIO,
} WeftMatrixValueKind;

typedef struct
{
  gsize  n_valid;    /* cells that are not filtered (NaN cells included) */
  gsize  n_filtered;
  gsize  n_nan;      /* valid cells holding NaN (left out of min, max, mean) */
  gsize  n_nonzero;  /* valid cells != 0 */
  double min;        /* over valid cells; NaN when there are none */
  double max;
  double mean;
  double sum;
  double min_nonzero; /* smallest valid value > 0 (for log colour scales); NaN if none */
  /* Over finite valid values only (DDT's statistics: infinities counted
   * apart); NaN when there are none. */
  gsize  n_inf;
  double finite_min;
  double finite_max;
  double finite_mean;
  double stddev;      /* population standard deviation */
} WeftMatrixStats;

#define WEFT_TYPE_MATRIX (weft_matrix_get_type ())

GType         weft_matrix_get_type        (void) G_GNUC_CONST;
WeftMatrix   *weft_matrix_new             (guint              n_dims,
                                           const gsize       *shape);
WeftMatrix   *weft_matrix_new_2d          (gsize              n_rows,
                                           gsize              n_columns);
WeftMatrix   *weft_matrix_ref             (WeftMatrix        *self);
void          weft_matrix_unref           (WeftMatrix        *self);
WeftMatrix   *weft_matrix_copy            (const WeftMatrix  *self);
WeftMatrix   *weft_matrix_slice_2d        (const WeftMatrix  *self,
                                           guint              row_dim,
                                           guint              column_dim,
                                           const gsize       *fixed);

guint         weft_matrix_get_n_dims      (const WeftMatrix  *self);
const gsize  *weft_matrix_get_shape       (const WeftMatrix  *self);
gsize         weft_matrix_get_n_elements  (const WeftMatrix  *self);
double       *weft_matrix_get_data        (WeftMatrix        *self);
const double *weft_matrix_peek_data       (const WeftMatrix  *self);

double        weft_matrix_get             (const WeftMatrix  *self,
                                           gsize              index);
void          weft_matrix_set             (WeftMatrix        *self,
                                           gsize              index,
                                           double             value);
double        weft_matrix_get_2d          (const WeftMatrix  *self,
                                           gsize              row,
                                           gsize              column);
void          weft_matrix_set_2d          (WeftMatrix        *self,
                                           gsize              row,
                                           gsize              column,
                                           double             value);
void          weft_matrix_add_2d          (WeftMatrix        *self,
                                           gsize              row,
                                           gsize              column,
                                           double             value);
gboolean      weft_matrix_is_filtered     (const WeftMatrix  *self,
                                           gsize              index);
void          weft_matrix_set_filtered    (WeftMatrix        *self,
                                           gsize              index,
                                           gboolean           filtered);

const char   *weft_matrix_get_title       (const WeftMatrix  *self);
void          weft_matrix_set_title       (WeftMatrix        *self,
                                           const char        *title);
const char   *weft_matrix_get_value_name  (const WeftMatrix  *self);
void          weft_matrix_set_value_name  (WeftMatrix        *self,
                                           const char        *name);
const char   *weft_matrix_get_dim_name    (const WeftMatrix  *self,
                                           guint              dim);
void          weft_matrix_set_dim_name    (WeftMatrix        *self,
                                           guint              dim,
                                           const char        *name);
gint64        weft_matrix_get_dim_start   (const WeftMatrix  *self,
                                           guint              dim);
void          weft_matrix_set_dim_start   (WeftMatrix        *self,
                                           guint              dim,
                                           gint64             start);
const char   *weft_matrix_get_dim_label   (const WeftMatrix  *self,
                                           guint              dim,
                                           gsize              index);
gsize         weft_matrix_get_n_dim_labels (const WeftMatrix *self,
                                            guint             dim);
void          weft_matrix_set_dim_label   (WeftMatrix        *self,
                                           guint              dim,
                                           gsize              index,
                                           const char        *label);

void          weft_matrix_compute_stats   (const WeftMatrix  *self,
                                           WeftMatrixStats   *stats);

WeftMatrixValueKind weft_matrix_get_value_kind (const WeftMatrix  *self);
void          weft_matrix_set_value_kind  (WeftMatrix        *self,
                                           WeftMatrixValueKind kind);
WeftMatrix   *weft_matrix_compare         (const WeftMatrix  *base,
                                           const WeftMatrix  *other,
                                           WeftCompareMode    mode,
                                           gboolean          *shapes_differ,
                                           GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftMatrix, weft_matrix_unref)

G_END_DECLS

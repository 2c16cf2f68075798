/* weft-comparison-figures.h: what the comparison page shows, computed in a
 * worker thread.
 *
 * Comparing two runs builds each run's view and combines them: for two call
 * trees of a million frames that is half a second or more, too long for the
 * main loop. The page asks for the parts that changed and gets them back
 * together; a newer request cancels an older one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-comparison.h"

G_BEGIN_DECLS

typedef enum
{
  WEFT_COMPARISON_PART_MATRIX = 1 << 0,
  WEFT_COMPARISON_PART_VALUES = 1 << 1,
  WEFT_COMPARISON_PART_TREE   = 1 << 2,
} WeftComparisonParts;

typedef struct
{
  WeftComparisonParts  parts;          /* the parts computed (others are NULL) */
  WeftCompareMode      mode;           /* that they were computed in */

  WeftMatrix          *matrix;         /* the comparison's, or NULL with matrix_error */
  WeftMatrix          *base_matrix;    /* each run's own */
  WeftMatrix          *other_matrix;
  gboolean             shapes_differ;
  GError              *matrix_error;

  WeftValueTable      *values;
  WeftValueTable      *base_values;
  WeftValueTable      *other_values;

  WeftCallTree        *tree;           /* or NULL with tree_error */
  GError              *tree_error;
  guint                n_base_only;    /* frames one run only reached */
  guint                n_other_only;
} WeftComparisonFigures;

void                   weft_comparison_figures_free           (WeftComparisonFigures  *figures);
void                   weft_comparison_figures_compute_async  (WeftComparison         *comparison,
                                                               WeftComparisonParts     parts,
                                                               const char             *matrix_view,
                                                               const char             *tree_view,
                                                               const WeftViewOptions  *options,
                                                               GCancellable           *cancellable,
                                                               GAsyncReadyCallback     callback,
                                                               gpointer                user_data);
WeftComparisonFigures *weft_comparison_figures_compute_finish (WeftComparison         *comparison,
                                                               GAsyncResult           *result,
                                                               GError                **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftComparisonFigures, weft_comparison_figures_free)

G_END_DECLS

/* weft-comparison.h: two runs of one family, seen as one dataset of differences.
 *
 * "base" is the run compared against, "other" the run being looked at. Every
 * generic view of the two datasets (matrices, per-row values, call trees) is
 * built on each side with the same options and combined by the core
 * comparisons (weft_matrix_compare, weft_value_table_compare,
 * weft_call_tree_compare), so the exporter, weft-cli and the views need nothing
 * special: exporting a comparison writes exactly what exporting each run alone
 * and subtracting gives. A time range in the options counts from each run's
 * own start (two runs share no clock), not in event-table units; or from an
 * anchor in each run (the same tag or event in both) once they are aligned. Timelines are not combined (a comparison has no event
 * table of its own); the comparison page stacks both sides' tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-compare.h"
#include "weft-dataset.h"

G_BEGIN_DECLS

#define WEFT_TYPE_COMPARISON (weft_comparison_get_type ())

G_DECLARE_FINAL_TYPE (WeftComparison, weft_comparison, WEFT, COMPARISON, GObject)

WeftComparison  *weft_comparison_new             (WeftDataset      *base,
                                                  WeftDataset      *other,
                                                  WeftCompareMode   mode,
                                                  GError          **error);
WeftComparison  *weft_comparison_copy            (WeftComparison   *self);
WeftDataset     *weft_comparison_get_base        (WeftComparison   *self);
WeftDataset     *weft_comparison_get_other       (WeftComparison   *self);
WeftCompareMode  weft_comparison_get_mode        (WeftComparison   *self);
void             weft_comparison_set_mode        (WeftComparison   *self,
                                                  WeftCompareMode   mode);
void             weft_comparison_set_anchors     (WeftComparison   *self,
                                                  gboolean          aligned,
                                                  gint64            base_anchor,
                                                  gint64            other_anchor);
gint64           weft_comparison_get_anchor      (WeftComparison   *self,
                                                  gboolean          other);
GStrv            weft_comparison_dup_alignments  (WeftComparison   *self);
gboolean         weft_comparison_align_at        (WeftComparison   *self,
                                                  const char       *label,
                                                  GError          **error);
WeftMatrix      *weft_comparison_dup_matrix      (WeftComparison   *self,
                                                  const char       *view,
                                                  const WeftViewOptions *options,
                                                  WeftMatrix      **base_out,
                                                  WeftMatrix      **other_out,
                                                  gboolean         *shapes_differ,
                                                  GError          **error);
WeftValueTable  *weft_comparison_dup_values      (WeftComparison   *self,
                                                  const char       *view,
                                                  const WeftViewOptions *options,
                                                  WeftValueTable  **base_out,
                                                  WeftValueTable  **other_out,
                                                  GError          **error);

G_END_DECLS

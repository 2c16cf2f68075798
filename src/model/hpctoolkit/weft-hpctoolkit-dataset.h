/* weft-hpctoolkit-dataset.h: a loaded HPCToolkit measurement (family
 * "hpcrun").
 *
 * dup_call_tree also gives "callers" (bottom-up) and "flat" (module → file →
 * procedure → loop → line), made by weft-call-tree-views.h with
 * weft_hpctoolkit_dataset_node_role(); the exporter knows them as trees too
 * once they are registered there.
 *
 * Views: "stacks" (dup_call_tree: the merged calling-context tree of
 * weft-hpctoolkit-measurement.h, metric columns with hpcprof's inclusive and
 * exclusive values, ranks and threads per node), "values" (dup_values: one
 * row per profile, "rank R thread T", one column per stored metric: the
 * profile's total) and, when .hpctrace files were read, "timeline" (one row
 * per traced profile; each sample is an interval up to the next sample,
 * coloured by the procedure of its context at a call depth, the innermost
 * by default; <no activity> samples are gaps; ref = the tree node).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-call-tree-views.h"
#include "weft-dataset.h"
#include "weft-hpctoolkit-measurement.h"
#include "weft-load-context.h"

G_BEGIN_DECLS

#define WEFT_TYPE_HPCTOOLKIT_DATASET (weft_hpctoolkit_dataset_get_type ())

G_DECLARE_FINAL_TYPE (WeftHpctoolkitDataset, weft_hpctoolkit_dataset, WEFT, HPCTOOLKIT_DATASET, GObject)

WeftHpctoolkitDataset           *weft_hpctoolkit_dataset_new             (WeftHpctoolkitMeasurement *measurement,
                                                                          WeftLoadContext           *context,
                                                                          GError                   **error);
const WeftHpctoolkitMeasurement *weft_hpctoolkit_dataset_get_measurement (WeftHpctoolkitDataset     *self);
/* A timeline coloured by the procedure at @depth (0 = outermost frame,
 * G_MAXINT = innermost), or NULL when there is no trace. */
WeftEventTable                  *weft_hpctoolkit_dataset_build_timeline  (WeftHpctoolkitDataset     *self,
                                                                          int                        depth,
                                                                          WeftLoadContext           *context,
                                                                          GError                   **error);
/* Procedures and inlined calls are procedures, placeholders are skipped,
 * loops, lines and call sites are inside their procedure. */
WeftCallRole                     weft_hpctoolkit_dataset_node_role       (WeftCallTree              *tree,
                                                                          WeftCallNode               node,
                                                                          gpointer                   user_data);
/* The bottom-up ("callers") tree, its levels of callers stopped once it has
 * @max_frames frames (see weft_call_tree_dup_bottom_up_bounded()). */
WeftCallTree                    *weft_hpctoolkit_dataset_dup_callers     (WeftHpctoolkitDataset     *self,
                                                                          guint                      max_frames,
                                                                          guint                     *levels);
/* The frames (procedures, inlined calls, placeholders, frames without
 * structure) from the outermost down to @node, as labels. */
GPtrArray                       *weft_hpctoolkit_dataset_dup_stack       (WeftHpctoolkitDataset     *self,
                                                                          WeftCallNode               node);
/* The frame name shown for a tree node at @depth of its stack (see above). */
char                            *weft_hpctoolkit_dataset_dup_frame_at    (WeftHpctoolkitDataset     *self,
                                                                          WeftCallNode               node,
                                                                          int                        depth);

G_END_DECLS

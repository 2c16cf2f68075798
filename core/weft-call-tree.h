/* weft-call-tree.h: a tree of stack frames with metrics and process sets.
 *
 * One model for every call tree Weft shows: a DDT Parallel Stack View (frames
 * with the processes and threads that reach them), HPCToolkit's calling-context
 * tree merged over profiles (frames with metric values), VisAndOr's execution
 * tree (forks, goals and branches). One stack view, one flame graph and one PSV
 * writer serve all of them.
 *
 * Storage is columnar: nodes are indices into arrays (parent, first child, last
 * child, next sibling, depth, frame); node 0 is an invisible root, so the top
 * frames are its children and have depth 0 (PSV's "Depth" of a root frame).
 * Children keep the order they were added in (PSV pre-order, or the order a
 * family chooses). Frames are interned: two nodes at the same place share one
 * WeftCallFrame, and weft_call_tree_ensure_child() finds the child of a parent
 * with a given frame in O(1) (an open-addressing table keyed by (parent,
 * frame)), so merging many stacks or profiles is one pass.
 *
 * Metrics are named columns of exclusive values (dense doubles, allocated when
 * the first value is set); inclusive values are summed once, on demand, and
 * recomputed after a change. Per-node process and thread sets (DDT compact sets)
 * and counts are optional: a PSV XML frame may carry only counts.
 *
 * A tree made by weft_call_tree_compare() also says, per node, which of the two
 * compared trees holds it (weft_call_tree_get_compare_side()); other trees
 * have no such column.
 *
 * Not thread-safe while it is being built; read-only use from several threads
 * is safe once weft_call_tree_compute_inclusive() has run (or no metric
 * exists).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "weft-int-set.h"

G_BEGIN_DECLS

typedef guint32 WeftCallNode;

/* No node: the parent of the root, the sibling after the last one. */
#define WEFT_CALL_NODE_NONE ((WeftCallNode)G_MAXUINT32)
#define WEFT_CALL_TREE_ROOT ((WeftCallNode)0)

/* Frames are interned in the tree; strings live in the tree's pool and are
 * never NULL ("" when unknown). */
typedef struct
{
  const char *function;
  const char *file;
  const char *module;   /* load module / library, "" when unknown */
  guint64     address;  /* 0 when unknown */
  guint32     line;     /* 0 when unknown */
  guint32     kind;     /* family-specific: HPCToolkit's node role, VisAndOr's node type… */
} WeftCallFrame;

typedef enum
{
  WEFT_CALL_METRIC_NONE      = 0,
  /* Values are integers (counts, samples): printed without decimals. */
  WEFT_CALL_METRIC_INTEGER   = 1 << 0,
  /* Inclusive values are given rather than summed from exclusive ones (e.g. a
   * metric only known per subtree); weft_call_tree_get_inclusive() then returns
   * what was set with weft_call_tree_set_inclusive(). */
  WEFT_CALL_METRIC_INCLUSIVE_GIVEN = 1 << 1,
} WeftCallMetricFlags;

/* Which of two compared trees holds a node (see weft-call-tree-compare.h). */
typedef enum
{
  WEFT_COMPARE_SIDE_BOTH       = 0,
  WEFT_COMPARE_SIDE_BASE_ONLY  = 1,
  WEFT_COMPARE_SIDE_OTHER_ONLY = 2,
} WeftCompareSide;

typedef struct _WeftCallTree WeftCallTree;

#define WEFT_TYPE_CALL_TREE (weft_call_tree_get_type ())

GType                weft_call_tree_get_type           (void) G_GNUC_CONST;
WeftCallTree        *weft_call_tree_new                (void);
WeftCallTree        *weft_call_tree_ref                (WeftCallTree        *self);
void                 weft_call_tree_unref              (WeftCallTree        *self);

/* Structure */
guint                weft_call_tree_get_n_nodes        (const WeftCallTree  *self);
WeftCallNode         weft_call_tree_get_parent         (const WeftCallTree  *self,
                                                        WeftCallNode         node);
WeftCallNode         weft_call_tree_get_first_child    (const WeftCallTree  *self,
                                                        WeftCallNode         node);
WeftCallNode         weft_call_tree_get_next_sibling   (const WeftCallTree  *self,
                                                        WeftCallNode         node);
guint                weft_call_tree_get_n_children     (const WeftCallTree  *self,
                                                        WeftCallNode         node);
int                  weft_call_tree_get_depth          (const WeftCallTree  *self,
                                                        WeftCallNode         node);
int                  weft_call_tree_get_max_depth      (const WeftCallTree  *self);
WeftCallNode         weft_call_tree_next_preorder      (const WeftCallTree  *self,
                                                        WeftCallNode         node);

/* Frames */
const WeftCallFrame *weft_call_tree_get_frame          (const WeftCallTree  *self,
                                                        WeftCallNode         node);
guint32              weft_call_tree_get_frame_id       (const WeftCallTree  *self,
                                                        WeftCallNode         node);
guint                weft_call_tree_get_n_frames       (const WeftCallTree  *self);
const WeftCallFrame *weft_call_tree_lookup_frame       (const WeftCallTree  *self,
                                                        guint32              frame_id);
guint32              weft_call_tree_intern_frame       (WeftCallTree        *self,
                                                        const WeftCallFrame *frame);
const char          *weft_call_tree_intern_string      (WeftCallTree        *self,
                                                        const char          *str);
void                 weft_call_tree_prefetch_frame     (WeftCallTree        *self,
                                                        const WeftCallFrame *frame);
void                 weft_call_tree_prefetch_child     (WeftCallTree        *self,
                                                        WeftCallNode         parent,
                                                        guint32              frame_id);
char                *weft_call_frame_to_label          (const WeftCallFrame *frame);

/* Building */
void                 weft_call_tree_reserve            (WeftCallTree        *self,
                                                        guint                n_nodes);
WeftCallNode         weft_call_tree_add_child          (WeftCallTree        *self,
                                                        WeftCallNode         parent,
                                                        const WeftCallFrame *frame);
WeftCallNode         weft_call_tree_add_child_frame_id (WeftCallTree        *self,
                                                        WeftCallNode         parent,
                                                        guint32              frame_id);
WeftCallNode         weft_call_tree_ensure_child_concurrent (WeftCallTree   *self,
                                                        WeftCallNode         parent,
                                                        guint32              frame_id);
WeftCallNode         weft_call_tree_ensure_child       (WeftCallTree        *self,
                                                        WeftCallNode         parent,
                                                        const WeftCallFrame *frame);
WeftCallNode         weft_call_tree_ensure_child_frame_id (WeftCallTree     *self,
                                                        WeftCallNode         parent,
                                                        guint32              frame_id);
WeftCallNode         weft_call_tree_find_child         (const WeftCallTree  *self,
                                                        WeftCallNode         parent,
                                                        guint32              frame_id);

/* Metrics */
guint                weft_call_tree_add_metric         (WeftCallTree        *self,
                                                        const char          *name,
                                                        const char          *unit,
                                                        WeftCallMetricFlags  flags);
guint                weft_call_tree_get_n_metrics      (const WeftCallTree  *self);
const char          *weft_call_tree_get_metric_name    (const WeftCallTree  *self,
                                                        guint                metric);
const char          *weft_call_tree_get_metric_unit    (const WeftCallTree  *self,
                                                        guint                metric);
WeftCallMetricFlags  weft_call_tree_get_metric_flags   (const WeftCallTree  *self,
                                                        guint                metric);
/* In a comparison, a run's metric name also finds its "… (difference)". */
int                  weft_call_tree_find_metric        (const WeftCallTree  *self,
                                                        const char          *name);
void                 weft_call_tree_set_exclusive      (WeftCallTree        *self,
                                                        WeftCallNode         node,
                                                        guint                metric,
                                                        double               value);
void                 weft_call_tree_add_exclusive      (WeftCallTree        *self,
                                                        WeftCallNode         node,
                                                        guint                metric,
                                                        double               value);
void                 weft_call_tree_set_inclusive      (WeftCallTree        *self,
                                                        WeftCallNode         node,
                                                        guint                metric,
                                                        double               value);
void                 weft_call_tree_set_metric_values  (WeftCallTree        *self,
                                                        guint                metric,
                                                        const double        *exclusive,
                                                        const double        *inclusive,
                                                        gsize                stride);
double               weft_call_tree_get_exclusive      (const WeftCallTree  *self,
                                                        WeftCallNode         node,
                                                        guint                metric);
double               weft_call_tree_get_inclusive      (WeftCallTree        *self,
                                                        WeftCallNode         node,
                                                        guint                metric);
void                 weft_call_tree_compute_inclusive  (WeftCallTree        *self);
void                 weft_call_tree_sort_children      (WeftCallTree        *self,
                                                        guint                metric);

/* Processes and threads (DDT compact sets) */
void                 weft_call_tree_set_processes      (WeftCallTree        *self,
                                                        WeftCallNode         node,
                                                        WeftIntSet          *processes);
void                 weft_call_tree_set_threads        (WeftCallTree        *self,
                                                        WeftCallNode         node,
                                                        WeftThreadSet       *threads);
guint                weft_call_tree_add_shared_sets    (WeftCallTree        *self,
                                                        WeftIntSet          *processes,
                                                        WeftThreadSet       *threads);
void                 weft_call_tree_use_shared_sets    (WeftCallTree        *self,
                                                        WeftCallNode         node,
                                                        guint                index);
const WeftIntSet    *weft_call_tree_get_processes      (const WeftCallTree  *self,
                                                        WeftCallNode         node);
const WeftThreadSet *weft_call_tree_get_threads        (const WeftCallTree  *self,
                                                        WeftCallNode         node);
void                 weft_call_tree_set_counts         (WeftCallTree        *self,
                                                        WeftCallNode         node,
                                                        guint64              n_processes,
                                                        guint64              n_threads);
guint64              weft_call_tree_get_process_count  (const WeftCallTree  *self,
                                                        WeftCallNode         node);
guint64              weft_call_tree_get_thread_count   (const WeftCallTree  *self,
                                                        WeftCallNode         node);
gboolean             weft_call_tree_has_process_info   (const WeftCallTree  *self);
WeftIntSet          *weft_call_tree_dup_all_processes  (const WeftCallTree  *self);
WeftThreadSet       *weft_call_tree_dup_all_threads    (const WeftCallTree  *self);

/* The path of frames from the root's child down to @node, as "a;b;c" (the
 * folded-stack form); used to match nodes between trees. */
char                *weft_call_tree_dup_path           (const WeftCallTree  *self,
                                                        WeftCallNode         node);

/* Comparison: which tree holds a node (a guint8 column, allocated on the
 * first set). */
void                 weft_call_tree_set_compare_side   (WeftCallTree        *self,
                                                        WeftCallNode         node,
                                                        WeftCompareSide      side);
WeftCompareSide      weft_call_tree_get_compare_side   (const WeftCallTree  *self,
                                                        WeftCallNode         node);
gboolean             weft_call_tree_is_comparison      (const WeftCallTree  *self);

const char          *weft_call_tree_get_title          (const WeftCallTree  *self);
void                 weft_call_tree_set_title          (WeftCallTree        *self,
                                                        const char          *title);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftCallTree, weft_call_tree_unref)

G_END_DECLS

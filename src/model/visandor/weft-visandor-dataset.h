/* weft-visandor-dataset.h: a VisAndOr trace as a WeftDataset.
 *
 * Views: "timeline" (agents as rows: busy spans, goal/branch pieces, slaves,
 * forks and joins, fork → task and suspend → resume links), "values" (per
 * agent figures), "tree" and "stacks" (the execution tree as a call tree),
 * "parallelism" (busy agents over time, a picture).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-dataset.h"
#include "weft-load-context.h"
#include "weft-visandor-trace.h"

G_BEGIN_DECLS

/* Trace units are microseconds (the seed's advice); the timeline counts ns. */
#define WEFT_VISANDOR_NS_PER_UNIT 1000

/* Columns of the "values" view, in order. */
typedef enum
{
  WEFT_VISANDOR_COLUMN_BUSY_TIME,    /* s: union of the agent's running pieces */
  WEFT_VISANDOR_COLUMN_BUSY_SHARE,   /* % of the trace */
  WEFT_VISANDOR_COLUMN_TASKS,        /* goals or branches started */
  WEFT_VISANDOR_COLUMN_FORKS,        /* forks or choice points made */
  WEFT_VISANDOR_COLUMN_SLAVE_TIME,   /* s as an Andorra-I slave */
  WEFT_VISANDOR_COLUMN_SUCCESSES,    /* ended here: finished goals or succeeded branches */
  WEFT_VISANDOR_COLUMN_FAILURES,
  WEFT_VISANDOR_COLUMN_CUTS,
  WEFT_VISANDOR_COLUMN_SUSPENSIONS,
  WEFT_VISANDOR_N_COLUMNS
} WeftVisandorColumn;

/* The call tree's frame kinds (WeftCallFrame.kind). */
typedef enum
{
  WEFT_VISANDOR_FRAME_FORK = 1,
  WEFT_VISANDOR_FRAME_GOAL,
  WEFT_VISANDOR_FRAME_CHOICE_POINT,
  WEFT_VISANDOR_FRAME_BRANCH,
} WeftVisandorFrameKind;

#define WEFT_TYPE_VISANDOR_DATASET (weft_visandor_dataset_get_type ())

G_DECLARE_FINAL_TYPE (WeftVisandorDataset, weft_visandor_dataset, WEFT, VISANDOR_DATASET, GObject)

WeftVisandorDataset     *weft_visandor_dataset_new             (WeftVisandorTrace    *trace,
                                                                WeftLoadContext      *context,
                                                                GError              **error);
const WeftVisandorTrace *weft_visandor_dataset_get_trace       (WeftVisandorDataset  *self);
guint                    weft_visandor_dataset_get_n_agents    (WeftVisandorDataset  *self);
guint32                  weft_visandor_dataset_get_row_agent   (WeftVisandorDataset  *self,
                                                                guint                 row);
guint                    weft_visandor_dataset_get_agent_row   (WeftVisandorDataset  *self,
                                                                guint32               agent);
double                   weft_visandor_dataset_get_value       (WeftVisandorDataset  *self,
                                                                guint                 row,
                                                                WeftVisandorColumn    column);
guint                    weft_visandor_dataset_get_max_parallelism (WeftVisandorDataset *self);
double                   weft_visandor_dataset_get_mean_parallelism (WeftVisandorDataset *self);
double                  *weft_visandor_dataset_dup_parallelism (WeftVisandorDataset  *self,
                                                                gint64                begin,
                                                                gint64                end,
                                                                guint                 n_bins);
guint32                  weft_visandor_dataset_find_node       (WeftVisandorDataset  *self,
                                                                guint64               id);
char                    *weft_visandor_dup_task_label          (const WeftVisandorTrace *trace,
                                                                guint32               task);
char                    *weft_visandor_dup_node_label          (const WeftVisandorTrace *trace,
                                                                guint32               node);

G_END_DECLS

/* weft-chplvis-dataset.h: a loaded Chapel VisualDebug run (family "chplvis").
 *
 * Implements WeftDataset for the generic parts of Weft (the document,
 * weft-cli, the exporter, the timeline page) and gives the Chapel page the run
 * itself (weft_chplvis_dataset_get_trace(), to use with weft-chplvis-reduce.h).
 *
 * The timeline (weft_dataset_get_event_table) has one row per locale ("locale
 * N", group "Locales"), in ns from the earliest header:
 *  - intervals, Btask → Etask, of kind "main task", "local task", "on task", or
 *    "VisualDebug task" (a dim kind: VisualDebug's own tasks are shown, not
 *    hidden, so that the time they take is visible, but apart from the user's);
 *    a task without Etask runs to the first pause after it began (Etasks are
 *    not written while paused) or else to End. Label: the function's name;
 *    ref: the task's index in its locale's tasks;
 *  - instants "tag" and "pause" (label: the tag's name; ref: the index of the
 *    mark in the locale's marks);
 *  - links for every get, put and fork, by data flow, of kinds "get", "nb_get",
 *    "st_get", "put", "nb_put", "st_put", "fork", "fork_nb", "f_fork", or the
 *    dim "VisualDebug comm" and "VisualDebug fork" for VisualDebug's own.
 *    Size: bytes; label: a fork's function; ref: the index in the issuing
 *    locale's comms or forks (the issuing locale is the link's to_row for the
 *    get kinds, its from_row otherwise; a "VisualDebug comm" get has bit 31 of
 *    its ref set); weft_chplvis_dataset_lookup_event() resolves all this.
 *
 * Views: "timeline", "comm-matrix" (dup_matrix: options->tag "All", "Start" or
 * a tag name; metric "count" or "bytes"; kind "all", "gets", "puts", "forks",
 * "comm" or one record kind; a range), "values" (dup_values: one row per locale
 * with tasks, cpu_user, cpu_sys, cpu, clock, max_concurrency and the
 * communication in and out, for the same tag, range and kind), "graph"
 * (dup_matrix: the comm-matrix again, as the ring graph's links; its metric
 * also names the locales' colour, see weft_chplvis_parse_graph_metric()) and
 * "profile" (dup_values: chplvis's Profile per function for the tag and range,
 * largest first by the metric, clock by default; see weft-chplvis-figures.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-chplvis-reduce.h"
#include "weft-dataset.h"
#include "weft-load-context.h"

G_BEGIN_DECLS

typedef enum
{
  WEFT_CHPLVIS_EVENT_NONE,
  WEFT_CHPLVIS_EVENT_TASK,   /* index in the locale's tasks */
  WEFT_CHPLVIS_EVENT_COMM,   /* index in the locale's comms */
  WEFT_CHPLVIS_EVENT_FORK,   /* index in the locale's forks */
  WEFT_CHPLVIS_EVENT_MARK,   /* index in the locale's marks (a Tag or Pause) */
} WeftChplvisEventType;

typedef struct
{
  WeftChplvisEventType type;
  guint                locale;
  guint32              index;
} WeftChplvisEventRef;

#define WEFT_TYPE_CHPLVIS_DATASET (weft_chplvis_dataset_get_type ())

G_DECLARE_FINAL_TYPE (WeftChplvisDataset, weft_chplvis_dataset, WEFT, CHPLVIS_DATASET, GObject)

WeftChplvisDataset     *weft_chplvis_dataset_new                (WeftChplvisTrace        *trace,
                                                                 WeftLoadContext         *context,
                                                                 GError                 **error);
const WeftChplvisTrace *weft_chplvis_dataset_get_trace          (WeftChplvisDataset      *self);
guint                   weft_chplvis_dataset_get_n_locales      (WeftChplvisDataset      *self);
gboolean                weft_chplvis_dataset_get_complete       (WeftChplvisDataset      *self);
gboolean                weft_chplvis_dataset_query_from_options (WeftChplvisDataset      *self,
                                                                 const WeftViewOptions   *options,
                                                                 WeftChplvisQuery        *query,
                                                                 GError                 **error);
gboolean                weft_chplvis_dataset_lookup_event       (WeftChplvisDataset      *self,
                                                                 guint16                  kind,
                                                                 guint                    row,
                                                                 guint                    to_row,
                                                                 guint32                  ref,
                                                                 WeftChplvisEventRef     *event);

G_END_DECLS

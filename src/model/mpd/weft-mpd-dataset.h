/* weft-mpd-dataset.h: a loaded MPD runtime trace (family "mpdtrace").
 *
 * The timeline (weft_dataset_get_event_table) is in Lamport time; one row per
 * process id of a resource in a VM (the lifetimes of a reused id follow each
 * other on its row; label: the first lifetime's "resource.proc ID"; group
 * "vm(N) resource" or "resource"), ordered by VM, resource and first event:
 *  - intervals "resource body", "proc", "final" for lifetimes and "call
 *    wait", "P wait", "input wait", "co" for waits (ref: the record index of
 *    the interval's first event);
 *  - one instant per trace line, of the kind named after its event (ref: the
 *    record index);
 *  - links "invocation", "reply", "semaphore" (ref: the sending record).
 * weft_mpd_dataset_dup_event_table() builds the same table in line order.
 *
 * Views: "timeline", "comm-matrix" (dup_matrix: invocations from row to
 * column; options->kind "processes" (default) or "resources") and "values"
 * (dup_values: one row per timeline row, a column per event kind that occurs and
 * "events").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-dataset.h"
#include "weft-mpd-model.h"

G_BEGIN_DECLS

#define WEFT_TYPE_MPD_DATASET (weft_mpd_dataset_get_type ())

G_DECLARE_FINAL_TYPE (WeftMpdDataset, weft_mpd_dataset, WEFT, MPD_DATASET, GObject)

/* Takes @model. */
WeftMpdDataset     *weft_mpd_dataset_new             (WeftMpdModel     *model,
                                                      WeftLoadContext  *context,
                                                      GError          **error);
const WeftMpdModel *weft_mpd_dataset_get_model       (WeftMpdDataset   *self);
/* The timeline in Lamport time (@lamport) or line order; a new reference. */
WeftEventTable     *weft_mpd_dataset_dup_event_table (WeftMpdDataset   *self,
                                                      gboolean          lamport,
                                                      WeftLoadContext  *context,
                                                      GError          **error);
/* Rows are (vm, resource, id): the first process lifetime on a row. */
guint32             weft_mpd_dataset_row_process     (WeftMpdDataset   *self,
                                                      guint             row);

G_END_DECLS

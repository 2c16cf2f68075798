/* weft-timeline-util.h: what the timeline, its overview and the timeline view
 * share: the document span they map, following a time model, and the
 * timeline.* actions' sensitivity.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-event-table.h"
#include "weft-time-model.h"

G_BEGIN_DECLS

gboolean weft_timeline_find_document_span (WeftTimeModel   *time_model,
                                           WeftEventTable  *table,
                                           WeftTimeSpan    *span);
gboolean weft_timeline_follow_time_model  (gpointer         owner,
                                           WeftTimeModel  **slot,
                                           WeftTimeModel   *time_model,
                                           const char      *first_signal,
                                           ...) G_GNUC_NULL_TERMINATED;
void     weft_timeline_update_actions     (GtkWidget       *widget,
                                           WeftTimeModel   *time_model);

G_END_DECLS

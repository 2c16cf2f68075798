/* weft-timeline-util.h: what the timeline, its overview and the timeline view
 * share: their table and time-model properties, the document span they map,
 * keeping a table and following a time model, and the timeline.* actions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-event-table.h"
#include "weft-time-model.h"

G_BEGIN_DECLS

GParamSpec *weft_timeline_param_spec_table      (void);
GParamSpec *weft_timeline_param_spec_time_model (void);
gboolean    weft_timeline_find_document_span    (WeftTimeModel                *time_model,
                                                 WeftEventTable               *table,
                                                 WeftTimeSpan                 *span);
gboolean    weft_timeline_store_table           (WeftEventTable              **slot,
                                                 WeftEventTable               *table);
gboolean    weft_timeline_follow_time_model     (gpointer                      owner,
                                                 WeftTimeModel               **slot,
                                                 WeftTimeModel                *time_model,
                                                 const char                   *first_signal,
                                                 ...) G_GNUC_NULL_TERMINATED;
void        weft_timeline_class_install_actions (GtkWidgetClass               *widget_class,
                                                 GtkWidgetActionActivateFunc   activate);
void        weft_timeline_update_actions        (GtkWidget                    *widget,
                                                 WeftTimeModel                *time_model);

G_END_DECLS

/* weft-timeline-overview.h: the minimap strip above a timeline.
 *
 * Shows the whole document small (every row's activity, from the
 * level-of-detail pyramids) with the visible span marked. Dragging the mark
 * moves the visible span; pressing elsewhere centres it there (and a drag
 * goes on moving it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-drawn-widget.h"
#include "weft-event-table.h"
#include "weft-time-model.h"

G_BEGIN_DECLS

#define WEFT_TYPE_TIMELINE_OVERVIEW (weft_timeline_overview_get_type ())

G_DECLARE_FINAL_TYPE (WeftTimelineOverview, weft_timeline_overview, WEFT, TIMELINE_OVERVIEW, WeftDrawnWidget)

GtkWidget      *weft_timeline_overview_new            (void);
WeftEventTable *weft_timeline_overview_get_table      (WeftTimelineOverview *self);
void            weft_timeline_overview_set_table      (WeftTimelineOverview *self,
                                                       WeftEventTable       *table);
WeftTimeModel  *weft_timeline_overview_get_time_model (WeftTimelineOverview *self);
void            weft_timeline_overview_set_time_model (WeftTimelineOverview *self,
                                                       WeftTimeModel        *time_model);
double          weft_timeline_overview_time_to_x      (WeftTimelineOverview *self,
                                                       gint64                time);

G_END_DECLS

/* weft-timeline-view.h: a timeline with its toolbar, overview and legend.
 *
 * What a page shows for an event table: a toolbar (Back, Forward, Zoom to
 * fit, Zoom in, Zoom out, and the visible span as text), the overview strip,
 * the timeline in a vertically scrolled window, and the legend of kinds.
 * Built in code so that the widgets library needs no resources.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-timeline-overview.h"
#include "weft-timeline.h"

G_BEGIN_DECLS

#define WEFT_TYPE_TIMELINE_VIEW (weft_timeline_view_get_type ())

G_DECLARE_FINAL_TYPE (WeftTimelineView, weft_timeline_view, WEFT, TIMELINE_VIEW, GtkWidget)

GtkWidget            *weft_timeline_view_new            (void);
WeftEventTable       *weft_timeline_view_get_table      (WeftTimelineView *self);
void                  weft_timeline_view_set_table      (WeftTimelineView *self,
                                                         WeftEventTable   *table);
WeftTimeModel        *weft_timeline_view_get_time_model (WeftTimelineView *self);
void                  weft_timeline_view_set_time_model (WeftTimelineView *self,
                                                         WeftTimeModel    *time_model);
WeftTimeline         *weft_timeline_view_get_timeline   (WeftTimelineView *self);
WeftTimelineOverview *weft_timeline_view_get_overview   (WeftTimelineView *self);
const char           *weft_timeline_view_get_span_text  (WeftTimelineView *self);

G_END_DECLS

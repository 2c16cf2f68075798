/* weft-timeline.h: the interactive timeline of an event table.
 *
 * Draws a WeftEventTable with a WeftTimelineRenderer (the picture is kept
 * between frames and redrawn only when the visible span, size, scroll or
 * layout change) and turns input into time-model operations:
 *  - drag with the primary button across the plot or the ruler: select the
 *    range (shaded live), release: zoom to it; Shift+drag: select only;
 *    Escape during the drag cancels it;
 *  - Ctrl+wheel: zoom around the pointer (one Back entry per burst);
 *    wheel: scroll rows; Shift+wheel or a horizontal wheel: pan time;
 *    middle-button drag: pan (and scroll rows);
 *  - click on an event: select it and emit "event-activated";
 *  - click a group header: collapse/expand it; a row's triangle: show its lanes;
 *  - actions timeline.back/forward/zoom-fit/zoom-in/zoom-out (Alt+Left,
 *    Alt+Right, Ctrl+0, Ctrl+plus or Ctrl+equal, Ctrl+minus).
 * It implements GtkScrollable (vertically: rows) so it can sit in a
 * GtkScrolledWindow; the ruler and row names stay in place.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-drawn-widget.h"
#include "weft-event-table.h"
#include "weft-time-model.h"
#include "weft-timeline-renderer.h"

G_BEGIN_DECLS

#define WEFT_TYPE_TIMELINE (weft_timeline_get_type ())

G_DECLARE_FINAL_TYPE (WeftTimeline, weft_timeline, WEFT, TIMELINE, WeftDrawnWidget)

GtkWidget            *weft_timeline_new                (void);
WeftEventTable       *weft_timeline_get_table          (WeftTimeline          *self);
void                  weft_timeline_set_table          (WeftTimeline          *self,
                                                        WeftEventTable        *table);
WeftTimeModel        *weft_timeline_get_time_model     (WeftTimeline          *self);
void                  weft_timeline_set_time_model     (WeftTimeline          *self,
                                                        WeftTimeModel         *time_model);
WeftTimelineRenderer *weft_timeline_get_renderer       (WeftTimeline          *self);
char                 *weft_timeline_describe_at        (WeftTimeline          *self,
                                                        double                 x,
                                                        double                 y);
gboolean              weft_timeline_get_selected_event (WeftTimeline          *self,
                                                        WeftTimelineHit       *hit);

G_END_DECLS

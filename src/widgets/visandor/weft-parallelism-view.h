/* weft-parallelism-view.h: the busy-agents profile on screen.
 *
 * Draws through WeftParallelismRenderer; hovering marks a column and shows
 * its time range and mean busy agents in a tooltip; a click emits
 * ::range-activated with the column's time range, in nanoseconds from the
 * start of the trace (the timeline's time), for the page to show there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-drawn-widget.h"
#include "weft-parallelism-renderer.h"

G_BEGIN_DECLS

#define WEFT_TYPE_PARALLELISM_VIEW (weft_parallelism_view_get_type ())

G_DECLARE_FINAL_TYPE (WeftParallelismView, weft_parallelism_view, WEFT, PARALLELISM_VIEW, WeftDrawnWidget)

GtkWidget               *weft_parallelism_view_new              (void);
void                     weft_parallelism_view_set_dataset      (WeftParallelismView *self,
                                                                 WeftVisandorDataset *dataset);
WeftParallelismRenderer *weft_parallelism_view_get_renderer     (WeftParallelismView *self);
char                    *weft_parallelism_view_dup_tooltip_text (WeftParallelismView *self,
                                                                 double               x,
                                                                 double               y);

G_END_DECLS

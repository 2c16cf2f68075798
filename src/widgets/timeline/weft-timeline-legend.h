/* weft-timeline-legend.h: the strip under a timeline that names its colours.
 *
 * Draws the kinds of the renderer's table (weft_timeline_renderer_draw_legend())
 * flowed over as many lines as its width needs: it asks for its height for
 * the width it is given, so that a table given later, or a narrower window,
 * lays it out again (a drawing area sized from its own "resize" signal kept
 * the height of the first table it saw: none, for a table made on a worker).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-drawn-widget.h"
#include "weft-timeline-renderer.h"

G_BEGIN_DECLS

#define WEFT_TYPE_TIMELINE_LEGEND (weft_timeline_legend_get_type ())

G_DECLARE_FINAL_TYPE (WeftTimelineLegend, weft_timeline_legend, WEFT, TIMELINE_LEGEND, WeftDrawnWidget)

GtkWidget *weft_timeline_legend_new     (WeftTimelineRenderer *renderer);
void       weft_timeline_legend_changed (WeftTimelineLegend   *self);

G_END_DECLS

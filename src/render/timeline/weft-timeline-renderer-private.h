/* weft-timeline-renderer-private.h: knobs for tests and benchmarks.
 *
 * The renderer picks by itself between the level-of-detail pyramid and the
 * events, and between writing pixels straight into an image surface and
 * drawing cairo rectangles. Tests force each choice to check that both give
 * the same picture.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-timeline-renderer.h"

G_BEGIN_DECLS

typedef enum
{
  WEFT_TIMELINE_LOD_AUTO,    /* pyramid when its buckets are no wider than a pixel, else events */
  WEFT_TIMELINE_LOD_EVENTS,  /* always from the events (with bisection jumps) */
  WEFT_TIMELINE_LOD_PYRAMID, /* always from the pyramid (its finest level at most) */
} WeftTimelineLodPolicy;

void _weft_timeline_renderer_set_lod_policy (WeftTimelineRenderer  *self,
                                             WeftTimelineLodPolicy  policy);
void _weft_timeline_renderer_set_raster     (WeftTimelineRenderer  *self,
                                             gboolean               allow);

G_END_DECLS

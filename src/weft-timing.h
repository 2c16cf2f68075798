/* weft-timing.h: start-up and first-view timings for benchmarks.
 *
 * With WEFT_DEBUG_TIMING set, milestones print to stderr as
 * "weft-timing NAME MS", in milliseconds since the process started, and a
 * loaded document's stages as "weft-timing-stage MS MESSAGE", each one's
 * duration; without it they cost a branch. tests/bench/bench-startup.sh
 * reads the milestones.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void weft_timing_start  (void);
void weft_timing_mark   (const char   *milestone);
void weft_timing_stages (const GArray *stage_times);

G_END_DECLS

/* weft-time-ruler.h: tick spacing and tick labels of a time axis.
 *
 * Ticks are placed at multiples of a 1-2-5 step (…, 100 ns, 200 ns, 500 ns,
 * 1 µs, …) counted from the start of the document, so the labels read as
 * "time since the trace began" whatever range is visible. The same functions
 * serve the timeline's ruler, its overview strip and the tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "weft-event-table.h"

G_BEGIN_DECLS

gint64  weft_time_ruler_choose_step  (gint64        duration,
                                      double        width,
                                      double        min_spacing);
gint64  weft_time_ruler_minor_step   (gint64        step);
char   *weft_time_ruler_format_tick  (gint64        offset,
                                      gint64        step,
                                      WeftTimeUnit  unit);
char   *weft_time_ruler_format_span  (gint64        begin_offset,
                                      gint64        end_offset,
                                      WeftTimeUnit  unit);

G_END_DECLS

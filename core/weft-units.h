/* weft-units.h: numbers as people read them (durations, bytes, counts, and
 * the round 1-2-5 steps that rulers and label thinning count in).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char    *weft_format_duration (gint64   nanoseconds);
char    *weft_format_seconds  (double   seconds);
char    *weft_format_bytes    (guint64  bytes);
char    *weft_format_count    (guint64  count);

guint64  weft_round_step      (double   at_least,
                               guint64  max_decade);

G_END_DECLS

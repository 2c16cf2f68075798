/* weft-units.h: numbers as people read them (durations, bytes, counts).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *weft_format_duration (gint64  nanoseconds);
char *weft_format_seconds  (double  seconds);
char *weft_format_bytes    (guint64 bytes);
char *weft_format_count    (guint64 count);

G_END_DECLS

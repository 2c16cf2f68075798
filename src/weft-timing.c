/* weft-timing.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>

#include "weft-timing.h"

static gint64 start_time;
static gboolean enabled;

/* Called first thing in main(). */
void
weft_timing_start (void)
{
  start_time = g_get_monotonic_time ();
  enabled = g_getenv ("WEFT_DEBUG_TIMING") != NULL;
}

void
weft_timing_mark (const char *milestone)
{
  if (!enabled)
    return;

  fprintf (stderr, "weft-timing %s %.1f\n", milestone, (g_get_monotonic_time () - start_time) / 1000.0);
  fflush (stderr);
}

/* weft-timing.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>

#include "weft-load-context.h"
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

/* @stage_times: (element-type WeftLoadStageTime) (nullable): a load's stages
 * (weft_document_get_stage_times()) */
void
weft_timing_stages (const GArray *stage_times)
{
  if (!enabled || stage_times == NULL)
    return;

  for (guint i = 0; i < stage_times->len; i++)
    {
      const WeftLoadStageTime *time = &g_array_index (stage_times, WeftLoadStageTime, i);

      fprintf (stderr, "weft-timing-stage %.1f %s\n", time->seconds * 1000.0, time->message);
    }
  fflush (stderr);
}

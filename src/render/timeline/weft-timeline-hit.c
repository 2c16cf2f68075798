/* weft-timeline-hit.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-timeline-hit.h"

G_DEFINE_BOXED_TYPE (WeftTimelineHit, weft_timeline_hit, weft_timeline_hit_copy, weft_timeline_hit_free)

/**
 * weft_timeline_hit_init:
 *
 * Sets @hit to "nothing here".
 */
void
weft_timeline_hit_init (WeftTimelineHit *hit)
{
  g_return_if_fail (hit != NULL);

  *hit = (WeftTimelineHit) {
    .type = WEFT_TIMELINE_HIT_NONE,
    .group = -1,
    .row = -1,
    .lane = -1,
    .to_row = -1,
    .ref = WEFT_EVENT_NO_REF,
    .kind = G_MAXUINT16,
  };
}

WeftTimelineHit *
weft_timeline_hit_copy (const WeftTimelineHit *hit)
{
  g_return_val_if_fail (hit != NULL, NULL);

  return g_memdup2 (hit, sizeof *hit);
}

void
weft_timeline_hit_free (WeftTimelineHit *hit)
{
  g_free (hit);
}

/**
 * weft_timeline_hit_same_event:
 *
 * Returns: %TRUE when both name the same event (or the same bucket), so a
 *   widget knows whether its hover highlight must move.
 */
gboolean
weft_timeline_hit_same_event (const WeftTimelineHit *a,
                              const WeftTimelineHit *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  if (a->type != b->type || a->row != b->row || a->lane != b->lane)
    return FALSE;
  if (a->type == WEFT_TIMELINE_HIT_EVENT)
    return a->category == b->category && a->index == b->index && a->pair == b->pair;
  if (a->type == WEFT_TIMELINE_HIT_BUCKET)
    return a->begin == b->begin && a->end == b->end;

  return a->group == b->group;
}

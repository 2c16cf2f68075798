/* weft-timeline-hit.h: what lies under a point of a drawn timeline.
 *
 * The renderer fills one from a position (hit testing); the widget hands a
 * copy to "event-activated" handlers and builds tooltips from it. For an
 * event it names the event exactly (row, lane, category, index, ref); where
 * the timeline is zoomed out too far for single events (a pixel holds many
 * of them) it describes the bucket instead: its time range, how many events
 * begin in it and how busy the row is there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "weft-event-table.h"

G_BEGIN_DECLS

typedef enum
{
  WEFT_TIMELINE_HIT_NONE,         /* outside the timeline, or an empty corner */
  WEFT_TIMELINE_HIT_RULER,        /* the time ruler; time is set */
  WEFT_TIMELINE_HIT_GROUP_HEADER, /* a group's header line (either column) */
  WEFT_TIMELINE_HIT_ROW_HEADER,   /* a row's or a lane's name in the header column */
  WEFT_TIMELINE_HIT_EMPTY,        /* the plot, where nothing happens */
  WEFT_TIMELINE_HIT_EVENT,        /* one event: category, index, ref, … are set */
  WEFT_TIMELINE_HIT_BUCKET,       /* many events in one pixel: n_events, busy */
} WeftTimelineHitType;

typedef struct
{
  WeftTimelineHitType type;
  int                 group;       /* index of the group, -1 when none */
  int                 row;         /* -1 when none */
  int                 lane;        /* -1 for the row's own line */
  gboolean            on_expander; /* the group's or row's expander triangle */
  gint64              time;        /* time under the pointer */

  /* WEFT_TIMELINE_HIT_EVENT */
  WeftEventCategory   category;
  gsize               index;       /* in the lane, the row's instants or the link pair */
  guint               pair;        /* link pair (category == WEFT_EVENT_LINK) */
  guint32             ref;
  guint16             kind;
  guint32             label;
  int                 to_row;      /* links: the receiving row */

  /* Both: the event's [begin, end) (instants: begin == end; links: from and
   * to time), or the bucket's time range. */
  gint64              begin;
  gint64              end;

  /* WEFT_TIMELINE_HIT_BUCKET */
  guint64             n_events;    /* intervals and instants beginning in the range */
  double              busy;        /* mean number of running intervals (busy ÷ width) */
} WeftTimelineHit;

#define WEFT_TYPE_TIMELINE_HIT (weft_timeline_hit_get_type ())

GType            weft_timeline_hit_get_type (void) G_GNUC_CONST;
void             weft_timeline_hit_init     (WeftTimelineHit       *hit);
WeftTimelineHit *weft_timeline_hit_copy     (const WeftTimelineHit *hit);
void             weft_timeline_hit_free     (WeftTimelineHit       *hit);
gboolean         weft_timeline_hit_same_event (const WeftTimelineHit *a,
                                               const WeftTimelineHit *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftTimelineHit, weft_timeline_hit_free)

G_END_DECLS

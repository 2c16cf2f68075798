/* weft-time-span.h: a half-open span of time in the units of an event table.
 *
 * Times are int64 nanoseconds relative to the document's origin (µs sources are
 * scaled by 1000); logical-time formats use event order instead.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef struct _WeftTimeSpan
{
  gint64 begin;
  gint64 end;
} WeftTimeSpan;

#define WEFT_TYPE_TIME_SPAN (weft_time_span_get_type ())

GType         weft_time_span_get_type (void) G_GNUC_CONST;
WeftTimeSpan *weft_time_span_copy     (const WeftTimeSpan *span);
void          weft_time_span_free     (WeftTimeSpan       *span);

static inline gint64
weft_time_span_duration (const WeftTimeSpan *span)
{
  return span->end - span->begin;
}

static inline gboolean
weft_time_span_equal (const WeftTimeSpan *a,
                      const WeftTimeSpan *b)
{
  return a->begin == b->begin && a->end == b->end;
}

static inline gboolean
weft_time_span_overlaps (const WeftTimeSpan *span,
                         gint64              begin,
                         gint64              end)
{
  return begin <= span->end && end >= span->begin;
}

G_END_DECLS

/* weft-chplvis-reduce-private.h: what chplvis's reductions share: a query
 * turned into the selection they read records through (which tags, which
 * stretch of time, which kinds). Private to weft-chplvis-reduce.c (tags and
 * selections), weft-chplvis-reduce-comm.c (communication) and
 * weft-chplvis-reduce-locales.c (per-locale figures, concurrency, profile).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-chplvis-reduce.h"

G_BEGIN_DECLS

typedef struct
{
  guint     n_segments;    /* n_tags + 1: Start, then the tags */
  gboolean *selected;
  guint     n_selected;
  gboolean  all;
  gboolean  has_range;
  gint64    begin;         /* ns from the origin */
  gint64    end;
  guint     kinds;
  gboolean  overhead;
  gboolean  compat;
  gboolean  merged;        /* more than one tag stands for the selection */
} Selection;

void _weft_chplvis_selection_init  (Selection              *sel,
                                    const WeftChplvisTrace *trace,
                                    const WeftChplvisQuery *query);
void _weft_chplvis_selection_clear (Selection              *sel);

static inline guint64
add_sat (guint64 a,
         guint64 b)
{
  return a > G_MAXUINT64 - b ? G_MAXUINT64 : a + b;
}

static inline gboolean
in_range (const Selection        *sel,
          const WeftChplvisTrace *trace,
          gint64                  time_us)
{
  gint64 t;

  if (!sel->has_range)
    return TRUE;

  t = (time_us - trace->origin) * 1000;
  return t >= sel->begin && t < sel->end;
}

G_END_DECLS

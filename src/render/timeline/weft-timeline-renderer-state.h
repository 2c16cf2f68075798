/* weft-timeline-renderer-state.h: the timeline renderer's state and the
 * helpers its files share: weft-timeline-renderer.c (the object, layout,
 * accessors and geometry), weft-timeline-renderer-draw.c (lines, links,
 * text, frames, legend, overview, export) and weft-timeline-renderer-hit.c
 * (hit tests and their descriptions). Private to them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "weft-timeline-frame.h"
#include "weft-timeline-renderer-private.h"

G_BEGIN_DECLS

#define DEFAULT_HEADER_WIDTH 160.0
#define DEFAULT_ROW_HEIGHT   WEFT_TIMELINE_DEFAULT_ROW_HEIGHT
#define RULER_HEIGHT         26.0
#define MIN_ROW_HEIGHT       3.0
#define EXPANDER_WIDTH       14.0
#define HEADER_PADDING       6.0
#define MIN_TICK_SPACING     90.0
/* Rows with up to this many lanes show them squeezed into the row's line;
 * beyond it the line shows their concurrency. */
#define MAX_SQUEEZED_LANES   4
/* A row's concurrency curve may come from pyramid buckets this many pixels
 * wide (see summary_lod_level). */
#define SUMMARY_BLUR         8.0
/* Links past this many are sampled down to it. */
#define MAX_ARROWS           160
/* Instants closer than this (pixels) are drawn as ticks, not triangles. */
#define MARKER_SPACING       6.0
#define HIT_TOLERANCE        3.0

typedef enum
{
  LINE_GROUP,
  LINE_ROW,
  LINE_LANE,
} LineType;

typedef struct
{
  LineType type;
  guint    group;
  guint    row;
  guint    lane;
  double   y;      /* in content coordinates (0 = top of the first line) */
  double   height;
} Line;

typedef struct
{
  char   *name;    /* NULL: rows without a group, shown without a header */
  GArray *rows;    /* guint, in table order */
} Group;

typedef struct
{
  double   x0, y0, x1, y1;
  guint    pair;
  gsize    index;
  guint16  kind;
} Arrow;

struct _WeftTimelineRenderer
{
  GObject                parent_instance;

  WeftEventTable        *table;
  double                 width;
  double                 height;
  double                 header_width;
  double                 row_height;
  double                 scroll_offset;
  double                 device_scale;     /* of the last frame drawn */

  WeftTimeSpan           visible;
  gboolean               has_visible;
  WeftTimeSpan           document;
  gboolean               has_document;
  WeftTimeSpan           selection;
  gboolean               has_selection;

  GHashTable            *collapsed_groups;  /* group name → itself */
  GHashTable            *expanded_rows;     /* GUINT_TO_POINTER (row + 1) */

  /* Layout, rebuilt lazily when the table or the layout state change. */
  GPtrArray             *groups;            /* Group */
  GArray                *lines;             /* Line */
  int                   *row_line;          /* row → its ROW line, or -(group line) - 1 */
  double                 content_height;
  gboolean               layout_valid;

  guint64                generation;
  WeftTimelineLodPolicy  lod_policy;
  gboolean               allow_raster;

  /* Left by the last draw_base, for hit testing the arrows as drawn. */
  GArray                *arrows;            /* Arrow */
  guint64                n_links_visible;

  GArray                *markers;           /* scratch: gsize instant index, per column */
};

/* Shared helpers (defined where their section is). */
guint        _weft_timeline_renderer_row_n_lanes       (WeftTimelineRenderer *self,
                                                        guint                 row);
void         _weft_timeline_renderer_ensure_layout     (WeftTimelineRenderer *self);
double       _weft_timeline_renderer_body_top          (WeftTimelineRenderer *self);
double       _weft_timeline_renderer_body_height       (WeftTimelineRenderer *self);
double       _weft_timeline_renderer_line_screen_y     (WeftTimelineRenderer *self,
                                                        const Line           *line);
const Line * _weft_timeline_renderer_line_at_content_y (WeftTimelineRenderer *self,
                                                        double                y);
const Line * _weft_timeline_renderer_row_anchor_line   (WeftTimelineRenderer *self,
                                                        guint                 row);
void         _weft_timeline_renderer_hit_from_line     (WeftTimelineRenderer *self,
                                                        const Line           *line,
                                                        WeftTimelineHit      *hit);
int          _weft_timeline_renderer_summary_lod_level (WeftTimelineRenderer *self,
                                                        guint                 row,
                                                        double                tpc);
gboolean     _weft_timeline_renderer_row_is_squeezed   (WeftTimelineRenderer *self,
                                                        guint                 row);
double       _weft_timeline_renderer_row_indent        (WeftTimelineRenderer *self);
void         _weft_timeline_renderer_row_strip         (WeftTimelineRenderer *self,
                                                        double                y,
                                                        double                h,
                                                        double               *strip_y,
                                                        double               *strip_h);
int          _weft_timeline_renderer_row_lod_level     (WeftTimelineFrame *f,
                                                        guint              row);
double       _weft_timeline_renderer_row_center_y      (WeftTimelineRenderer *self,
                                                        guint                 row);

G_END_DECLS

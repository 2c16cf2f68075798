/* weft-timeline-renderer.h: draws an event table as a timeline with cairo.
 *
 * The renderer holds the layout of one timeline (its size, the visible time
 * span, the vertical scroll offset, which groups are collapsed and which rows
 * show their lanes, the selected span) and
 * draws it into any cairo_t: the WeftTimeline widget's cached surface, a
 * PNG/SVG/PDF export or a test's image surface. It also answers the questions
 * the widget needs to turn pointer positions into actions with exactly the
 * mapping it drew with: time ↔ x, the line at a y, what is under a point.
 *
 * Picture, from top to bottom and left to right: a time ruler (1-2-5 ticks,
 * labelled from the start of the document), a header column with group
 * headers (collapsible) and row names, and the plot. Each row shows its
 * intervals coloured by kind — one lane as a strip (a pixel's opacity is
 * how much of it is covered), up to four lanes zoomed in as stacked strips,
 * more lanes (or zoomed out) as the row's concurrency over time (bars of the
 * mean number of running intervals per pixel over the lane count, coloured
 * by the dominant kind) — its instants as markers and, when expanded, each
 * lane as a line of its own. A collapsed group's header line shows the
 * concurrency of all its rows. Links are arrows from one row and time to
 * another.
 *
 * Cost: zoomed out, a row is drawn from its level-of-detail pyramid (the
 * coarsest level whose buckets are no wider than a pixel; a concurrency curve
 * also accepts the finest level up to a few pixels wide); zoomed in, from the
 * events themselves, jumping over runs of events that share a pixel by
 * bisection. A frame touches O(pixels · log n) data per line, never every
 * event; links are sampled down to a fixed budget of arrows. On an image
 * surface the strips, bars and arrows are written straight into its pixels
 * (the same picture as cairo would draw, much faster); on other surfaces
 * (SVG, PDF) they are cairo rectangles and lines.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "weft-dataset.h"
#include "weft-event-table.h"
#include "weft-render-theme.h"
#include "weft-time-span.h"
#include "weft-timeline-hit.h"

G_BEGIN_DECLS

/* A row's usual height; widgets may stretch rows to share spare height. */
#define WEFT_TIMELINE_DEFAULT_ROW_HEIGHT 24.0

#define WEFT_TYPE_TIMELINE_RENDERER (weft_timeline_renderer_get_type ())

G_DECLARE_FINAL_TYPE (WeftTimelineRenderer, weft_timeline_renderer, WEFT, TIMELINE_RENDERER, GObject)

WeftTimelineRenderer *weft_timeline_renderer_new                (void);

/* Content and layout */
WeftEventTable *weft_timeline_renderer_get_table            (WeftTimelineRenderer  *self);
void            weft_timeline_renderer_set_table            (WeftTimelineRenderer  *self,
                                                             WeftEventTable        *table);
void            weft_timeline_renderer_set_size             (WeftTimelineRenderer  *self,
                                                             double                 width,
                                                             double                 height);
double          weft_timeline_renderer_get_width            (WeftTimelineRenderer  *self);
double          weft_timeline_renderer_get_height           (WeftTimelineRenderer  *self);
void            weft_timeline_renderer_get_visible_span     (WeftTimelineRenderer  *self,
                                                             WeftTimeSpan          *span);
void            weft_timeline_renderer_set_visible_span     (WeftTimelineRenderer  *self,
                                                             const WeftTimeSpan    *span);
void            weft_timeline_renderer_set_document_span    (WeftTimelineRenderer  *self,
                                                             const WeftTimeSpan    *span);
void            weft_timeline_renderer_get_document_span    (WeftTimelineRenderer  *self,
                                                             WeftTimeSpan          *span);
void            weft_timeline_renderer_set_selected_span    (WeftTimelineRenderer  *self,
                                                             const WeftTimeSpan    *span);
gboolean        weft_timeline_renderer_get_selected_span    (WeftTimelineRenderer  *self,
                                                             WeftTimeSpan          *span);
double          weft_timeline_renderer_get_scroll_offset    (WeftTimelineRenderer  *self);
void            weft_timeline_renderer_set_scroll_offset    (WeftTimelineRenderer  *self,
                                                             double                 offset);
double          weft_timeline_renderer_get_content_height   (WeftTimelineRenderer  *self);
double          weft_timeline_renderer_get_max_scroll_offset (WeftTimelineRenderer *self);
double          weft_timeline_renderer_get_header_width     (WeftTimelineRenderer  *self);
void            weft_timeline_renderer_set_header_width     (WeftTimelineRenderer  *self,
                                                             double                 width);
double          weft_timeline_renderer_get_row_height       (WeftTimelineRenderer  *self);
void            weft_timeline_renderer_set_row_height       (WeftTimelineRenderer  *self,
                                                             double                 height);
double          weft_timeline_renderer_get_ruler_height     (WeftTimelineRenderer  *self);

guint           weft_timeline_renderer_get_n_groups         (WeftTimelineRenderer  *self);
const char     *weft_timeline_renderer_get_group_name       (WeftTimelineRenderer  *self,
                                                             guint                  group);
gboolean        weft_timeline_renderer_get_group_collapsed  (WeftTimelineRenderer  *self,
                                                             const char            *group);
void            weft_timeline_renderer_set_group_collapsed  (WeftTimelineRenderer  *self,
                                                             const char            *group,
                                                             gboolean               collapsed);
gboolean        weft_timeline_renderer_get_row_expanded     (WeftTimelineRenderer  *self,
                                                             guint                  row);
void            weft_timeline_renderer_set_row_expanded     (WeftTimelineRenderer  *self,
                                                             guint                  row,
                                                             gboolean               expanded);
guint64         weft_timeline_renderer_get_generation       (WeftTimelineRenderer  *self);

/* Geometry, shared with the widget so that input maps exactly as drawn */
void            weft_timeline_renderer_get_plot_area        (WeftTimelineRenderer  *self,
                                                             double                *x,
                                                             double                *y,
                                                             double                *width,
                                                             double                *height);
double          weft_timeline_renderer_time_to_x            (WeftTimelineRenderer  *self,
                                                             gint64                 time);
gint64          weft_timeline_renderer_x_to_time            (WeftTimelineRenderer  *self,
                                                             double                 x);
gboolean        weft_timeline_renderer_get_line_at          (WeftTimelineRenderer  *self,
                                                             double                 y,
                                                             WeftTimelineHit       *hit,
                                                             double                *line_y,
                                                             double                *line_height);
gboolean        weft_timeline_renderer_get_row_extent       (WeftTimelineRenderer  *self,
                                                             guint                  row,
                                                             int                    lane,
                                                             double                *y,
                                                             double                *height);
void            weft_timeline_renderer_hit_test             (WeftTimelineRenderer  *self,
                                                             double                 x,
                                                             double                 y,
                                                             WeftTimelineHit       *hit);
gboolean        weft_timeline_renderer_get_hit_rect         (WeftTimelineRenderer  *self,
                                                             const WeftTimelineHit *hit,
                                                             double                *x,
                                                             double                *y,
                                                             double                *width,
                                                             double                *height);
char           *weft_timeline_renderer_describe_hit         (WeftTimelineRenderer  *self,
                                                             const WeftTimelineHit *hit);
guint           weft_timeline_renderer_get_n_links_drawn    (WeftTimelineRenderer  *self,
                                                             guint64               *n_visible);

/* Drawing */
void            weft_timeline_renderer_draw                 (WeftTimelineRenderer  *self,
                                                             cairo_t               *cr,
                                                             const WeftRenderTheme *theme);
void            weft_timeline_renderer_draw_base            (WeftTimelineRenderer  *self,
                                                             cairo_t               *cr,
                                                             const WeftRenderTheme *theme);
void            weft_timeline_renderer_draw_overlays        (WeftTimelineRenderer  *self,
                                                             cairo_t               *cr,
                                                             const WeftRenderTheme *theme);
double          weft_timeline_renderer_measure_legend       (WeftTimelineRenderer  *self,
                                                             const WeftRenderTheme *theme,
                                                             double                 width);
void            weft_timeline_renderer_draw_legend          (WeftTimelineRenderer  *self,
                                                             cairo_t               *cr,
                                                             const WeftRenderTheme *theme,
                                                             double                 x,
                                                             double                 y,
                                                             double                 width);
void            weft_timeline_renderer_draw_overview        (WeftTimelineRenderer  *self,
                                                             cairo_t               *cr,
                                                             const WeftRenderTheme *theme,
                                                             double                 width,
                                                             double                 height);

/* The "timeline" picture of the exporter (a WeftPictureFunc). */
gboolean        weft_timeline_draw_picture                  (WeftDataset           *dataset,
                                                             const char            *view,
                                                             const WeftViewOptions *options,
                                                             const WeftRenderTheme *theme,
                                                             cairo_t               *cr,
                                                             double                 width,
                                                             double                 height,
                                                             GError               **error);

G_END_DECLS

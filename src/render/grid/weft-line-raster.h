/* weft-line-raster.h: many thin antialiased lines drawn into an image.
 *
 * cairo strokes a segment in about 50 µs (it scan-converts a polygon for
 * each), so the ring graph of a dense 512-locale run (261,632 link halves)
 * took 14 s a frame, and minutes as one path per colour, where cairo works
 * out every crossing. Here a line costs a pass along its pixels (Xiaolin
 * Wu's coverage, a pixel wide, scaled down for thinner lines), and lines are
 * drawn in layers: within a layer they make a union (coverages meet at their
 * maximum, as the pixels of one cairo path do), each layer composited over
 * the ones before in its colour. A layer of many lines is drawn on two
 * threads, each taking half the image's rows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "weft-palette.h"

G_BEGIN_DECLS

typedef struct _WeftLineRaster WeftLineRaster;

WeftLineRaster  *weft_line_raster_new        (cairo_t              *cr,
                                              double                x,
                                              double                y,
                                              double                width,
                                              double                height);
void             weft_line_raster_free       (WeftLineRaster       *self);
void             weft_line_raster_set_n_threads (WeftLineRaster    *self,
                                                 guint              n_threads);
void             weft_line_raster_add_line   (WeftLineRaster       *self,
                                              double                x0,
                                              double                y0,
                                              double                x1,
                                              double                y1,
                                              double                line_width);
void             weft_line_raster_flush_layer (WeftLineRaster      *self,
                                               const WeftRgba      *color);
void             weft_line_raster_paint      (WeftLineRaster       *self,
                                              cairo_t              *cr);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftLineRaster, weft_line_raster_free)

G_END_DECLS

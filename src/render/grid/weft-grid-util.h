/* weft-grid-util.h: helpers shared by the grid renderers (matrix, ring graph,
 * value bars): label thinning, value formatting, axis and index labels, and
 * the text measurement every layout is computed with.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pango/pangocairo.h>

#include "weft-matrix.h"
#include "weft-render-theme.h"

G_BEGIN_DECLS

guint     weft_grid_label_step          (double                 spacing,
                                         double                 label_extent,
                                         double                 gap);
char     *weft_grid_format_value        (const char            *kind,
                                         double                 value);
char     *weft_grid_dup_index_label     (const WeftMatrix      *matrix,
                                         guint                  dim,
                                         gsize                  index);
char     *weft_grid_dup_axis_title      (const WeftMatrix      *matrix,
                                         guint                  dim);
char     *weft_grid_dup_index_name      (const WeftMatrix      *matrix,
                                         guint                  dim,
                                         gsize                  index);
WeftRgba  weft_grid_filtered_color      (const WeftRenderTheme *theme);
WeftRgba  weft_grid_no_traffic_color    (const WeftRenderTheme *theme);
gboolean  weft_grid_surface_is_vector   (cairo_t               *cr);

/* Text measurement without a cairo_t, so that layouts (and hit tests) do not
 * depend on drawing. */
typedef struct _WeftGridText WeftGridText;

WeftGridText *weft_grid_text_new          (const char   *font);
void          weft_grid_text_free         (WeftGridText *text);
void          weft_grid_text_measure      (WeftGridText *text,
                                           const char   *string,
                                           int          *width,
                                           int          *height);
int           weft_grid_text_line_height  (WeftGridText *text);
const PangoFontDescription *
              weft_grid_text_get_font     (WeftGridText *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftGridText, weft_grid_text_free)

/* Draws @string with its top-left corner at (@x, @y) in @layout's font. */
void          weft_grid_show_text         (cairo_t        *cr,
                                           PangoLayout    *layout,
                                           const char     *string,
                                           double          x,
                                           double          y,
                                           const WeftRgba *color);

G_END_DECLS

/* weft-grid-util.h: helpers shared by the grid renderers (matrix, ring graph,
 * value bars): label thinning, value formatting, axis and index labels, the
 * text measurement every layout is computed with, taking a theme, and the
 * pieces of drawing they have in common (messages, colour-scale legends).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <pango/pangocairo.h>

#include "weft-color-scale.h"
#include "weft-matrix.h"
#include "weft-render-theme.h"

G_BEGIN_DECLS

/* The height of a colour-scale legend's ramp (its labels go below). */
#define WEFT_GRID_RAMP_HEIGHT 12.0

guint     weft_grid_label_step          (double                 spacing,
                                         double                 label_extent,
                                         double                 gap);
char     *weft_grid_format_value        (const char            *kind,
                                         double                 value);
gboolean  weft_grid_format_shows_unit   (const char            *kind);
char     *weft_grid_dup_column_label    (const char            *name);
char     *weft_grid_dup_index_label     (const WeftMatrix      *matrix,
                                         guint                  dim,
                                         gsize                  index);
char     *weft_grid_dup_axis_title      (const WeftMatrix      *matrix,
                                         guint                  dim);
char     *weft_grid_dup_index_name      (const WeftMatrix      *matrix,
                                         guint                  dim,
                                         gsize                  index);
WeftRgba  weft_grid_filtered_color      (const WeftRenderTheme *theme);
WeftRgba  weft_grid_nan_color           (const WeftRenderTheme *theme);
WeftRgba  weft_grid_inf_color           (const WeftRenderTheme *theme);
WeftRgba  weft_grid_no_traffic_color    (const WeftRenderTheme *theme);
gboolean  weft_grid_surface_is_vector   (cairo_t               *cr);
gboolean  weft_grid_rect_contains       (const cairo_rectangle_t *rect,
                                         double                   x,
                                         double                   y);

/* Text measurement without a cairo_t, so that layouts (and hit tests) do not
 * depend on drawing. */
typedef struct _WeftGridText WeftGridText;

WeftGridText *weft_grid_text_new          (const char   *font);
WeftGridText *weft_grid_text_ensure       (WeftGridText **text,
                                           const char    *font);
void          weft_grid_text_free         (WeftGridText *text);
void          weft_grid_text_measure      (WeftGridText *text,
                                           const char   *string,
                                           int          *width,
                                           int          *height);
int           weft_grid_text_line_height  (WeftGridText *text);
const PangoFontDescription *
              weft_grid_text_get_font     (WeftGridText *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftGridText, weft_grid_text_free)

gboolean      weft_grid_set_theme          (WeftRenderTheme       *dest,
                                            WeftGridText         **text,
                                            const WeftRenderTheme *theme);

PangoLayout  *weft_grid_create_layout      (cairo_t               *cr,
                                            WeftGridText          *text);
/* Draws @string with its top-left corner at (@x, @y) in @layout's font. */
void          weft_grid_show_text          (cairo_t               *cr,
                                            PangoLayout           *layout,
                                            const char            *string,
                                            double                 x,
                                            double                 y,
                                            const WeftRgba        *color);
void          weft_grid_show_centered_text (cairo_t               *cr,
                                            PangoLayout           *layout,
                                            const char            *string,
                                            double                 width,
                                            double                 height,
                                            const WeftRgba        *color);
void          weft_grid_draw_scale_ramp    (cairo_t               *cr,
                                            const WeftColorScale  *scale,
                                            const char            *kind,
                                            double                 x,
                                            double                 y,
                                            double                 width,
                                            const WeftRenderTheme *theme,
                                            WeftGridText          *text);

G_END_DECLS

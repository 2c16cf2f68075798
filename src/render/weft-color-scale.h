/* weft-color-scale.h: maps values to heat colours, with a legend.
 *
 * The default ramp is chplvis's (cool (0,180,255) to hot (255,0,0), linear in
 * RGB) so pictures look familiar to its users; a value of 0 gets the "empty"
 * colour, as in chplvis. The log mode spreads values over orders of magnitude,
 * from the smallest non-zero value to the maximum. The diverging mode is for
 * signed data (DDT arrays, differences).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>
#include <pango/pango.h>

#include "weft-palette.h"

G_BEGIN_DECLS

typedef enum
{
  WEFT_COLOR_SCALE_LINEAR,
  WEFT_COLOR_SCALE_LOG,
  /* Signed data: blue below zero, red above, a neutral zero in the middle;
   * symmetric around zero (the larger of |min| and |max| is full colour). */
  WEFT_COLOR_SCALE_DIVERGING,
  /* Ratios (a comparison's other ÷ base): diverging around one on a log
   * scale, so halving and doubling are equally far from "no change". */
  WEFT_COLOR_SCALE_RATIO,
} WeftColorScaleMode;

#define WEFT_TYPE_COLOR_SCALE_MODE (weft_color_scale_mode_get_type ())

/* The GEnum of WeftColorScaleMode ("linear", "log"), for widget properties. */
GType    weft_color_scale_mode_get_type (void) G_GNUC_CONST;

typedef struct
{
  WeftColorScaleMode mode;
  double             min;   /* smallest value (linear) or smallest non-zero value (log) */
  double             max;
  WeftRgba           cool;
  WeftRgba           hot;
  WeftRgba           empty; /* colour of 0 and of filtered cells */
} WeftColorScale;

void     weft_color_scale_init        (WeftColorScale       *scale,
                                       WeftColorScaleMode    mode,
                                       double                min,
                                       double                max);
gboolean weft_color_scale_zero_is_empty (const WeftColorScale *scale);
double   weft_color_scale_position    (const WeftColorScale *scale,
                                       double                value);
WeftRgba weft_color_scale_map         (const WeftColorScale *scale,
                                       double                value);
WeftRgba weft_color_scale_ramp        (const WeftColorScale *scale,
                                       double                t);
void     weft_color_scale_draw_legend (const WeftColorScale       *scale,
                                       cairo_t                    *cr,
                                       double                      x,
                                       double                      y,
                                       double                      width,
                                       double                      height,
                                       const char                 *min_label,
                                       const char                 *max_label,
                                       const WeftRgba             *text_color,
                                       const PangoFontDescription *font);

G_END_DECLS

/* weft-color-scale.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <pango/pangocairo.h>

#include "weft-color-scale.h"

G_DEFINE_ENUM_TYPE (WeftColorScaleMode, weft_color_scale_mode,
  G_DEFINE_ENUM_VALUE (WEFT_COLOR_SCALE_LINEAR, "linear"),
  G_DEFINE_ENUM_VALUE (WEFT_COLOR_SCALE_LOG, "log"),
  G_DEFINE_ENUM_VALUE (WEFT_COLOR_SCALE_DIVERGING, "diverging"),
  G_DEFINE_ENUM_VALUE (WEFT_COLOR_SCALE_RATIO, "ratio"))

/* The diverging ramp's ends and middle (ColorBrewer's RdBu, readable by most
 * colour-blind people). */
static const WeftRgba diverging_low = { 33 / 255.0, 102 / 255.0, 172 / 255.0, 1.0 };
static const WeftRgba diverging_mid = { 247 / 255.0, 247 / 255.0, 247 / 255.0, 1.0 };
static const WeftRgba diverging_high = { 178 / 255.0, 24 / 255.0, 43 / 255.0, 1.0 };

void
weft_color_scale_init (WeftColorScale     *scale,
                       WeftColorScaleMode  mode,
                       double              min,
                       double              max)
{
  g_return_if_fail (scale != NULL);

  scale->mode = mode;
  scale->min = min;
  scale->max = max;
  scale->cool = (WeftRgba) { 0 / 255.0, 180 / 255.0, 255 / 255.0, 1.0 };
  scale->hot = (WeftRgba) { 1.0, 0.0, 0.0, 1.0 };
  scale->empty = (WeftRgba) { 1.0, 1.0, 1.0, 1.0 };
}

/**
 * weft_color_scale_zero_is_empty:
 *
 * Whether a zero gets the empty colour rather than a place on the ramp:
 * where it means "nothing" (counts, bytes: a log scale, or a linear one that
 * starts at zero). A signed scale's zero is a value like the others: the
 * diverging ramp's middle, its place on a linear ramp from a negative
 * minimum, a ratio's "all gone".
 */
gboolean
weft_color_scale_zero_is_empty (const WeftColorScale *scale)
{
  return scale->mode == WEFT_COLOR_SCALE_LOG || (scale->mode == WEFT_COLOR_SCALE_LINEAR && !(scale->min < 0.0));
}

/**
 * weft_color_scale_position:
 *
 * Returns: where @value lies on the ramp, in [0, 1]; a negative number for a
 *   value that gets the empty colour (NaN, ≤ 0 in log mode, and 0 where
 *   weft_color_scale_zero_is_empty()).
 */
double
weft_color_scale_position (const WeftColorScale *scale,
                           double                value)
{
  if (isnan (value))
    return -1.0;

  if (scale->mode == WEFT_COLOR_SCALE_RATIO)
    {
      double lo = scale->min > 0.0 ? fabs (log (scale->min)) : 0.0;
      double hi = scale->max > 0.0 ? fabs (log (scale->max)) : 0.0;
      double m = MAX (lo, hi);

      if (value <= 0.0)
        return 0.0;
      if (!(m > 0.0) || isinf (m))
        return isinf (value) ? 1.0 : 0.5;
      return CLAMP (0.5 + 0.5 * log (value) / m, 0.0, 1.0);
    }

  if (value == 0.0 && weft_color_scale_zero_is_empty (scale))
    return -1.0;

  if (scale->mode == WEFT_COLOR_SCALE_DIVERGING)
    {
      double m = MAX (fabs (scale->min), fabs (scale->max));

      if (!(m > 0.0) || isinf (m))
        return 0.5;
      return CLAMP (0.5 + 0.5 * value / m, 0.0, 1.0);
    }

  if (scale->mode == WEFT_COLOR_SCALE_LOG)
    {
      double lo, hi;

      if (value <= 0.0)
        return -1.0;
      lo = scale->min > 0.0 ? log (scale->min) : 0.0;
      hi = scale->max > 0.0 ? log (scale->max) : 0.0;
      if (hi <= lo)
        return 1.0;
      return CLAMP ((log (value) - lo) / (hi - lo), 0.0, 1.0);
    }

  /* Linear from 0 (chplvis scales value/max), or from min when values go negative. */
  {
    double lo = MIN (0.0, scale->min);

    if (scale->max <= lo)
      return 1.0;
    return CLAMP ((value - lo) / (scale->max - lo), 0.0, 1.0);
  }
}

WeftRgba
weft_color_scale_map (const WeftColorScale *scale,
                      double                value)
{
  double t = weft_color_scale_position (scale, value);

  if (t < 0.0)
    return scale->empty;

  return weft_color_scale_ramp (scale, t);
}

/**
 * weft_color_scale_ramp:
 * @t: a position on the ramp, in [0, 1] (weft_color_scale_position())
 *
 * Returns: the ramp's colour there: cool to hot, or low, neutral, high for
 *   the diverging and ratio scales. Views that cache colours by position
 *   (the matrix's per-level table) take them from here.
 */
WeftRgba
weft_color_scale_ramp (const WeftColorScale *scale,
                       double                t)
{
  if (scale->mode == WEFT_COLOR_SCALE_DIVERGING || scale->mode == WEFT_COLOR_SCALE_RATIO)
    return t < 0.5 ? weft_rgba_mix (&diverging_low, &diverging_mid, t * 2)
                   : weft_rgba_mix (&diverging_mid, &diverging_high, (t - 0.5) * 2);

  return weft_rgba_mix (&scale->cool, &scale->hot, t);
}

/* A horizontal ramp with the min label under its left end and the max label
 * under its right end, in @font (the render theme's font, so that legends
 * match the rest of a picture) or Pango's default when it is NULL. */
void
weft_color_scale_draw_legend (const WeftColorScale       *scale,
                              cairo_t                    *cr,
                              double                      x,
                              double                      y,
                              double                      width,
                              double                      height,
                              const char                 *min_label,
                              const char                 *max_label,
                              const WeftRgba             *text_color,
                              const PangoFontDescription *font)
{
  g_autoptr(GObject) layout = NULL;
  cairo_pattern_t *ramp;
  int tw, th;

  g_return_if_fail (scale != NULL);
  g_return_if_fail (cr != NULL);

  cairo_save (cr);

  ramp = cairo_pattern_create_linear (x, 0, x + width, 0);
  if (scale->mode == WEFT_COLOR_SCALE_DIVERGING || scale->mode == WEFT_COLOR_SCALE_RATIO)
    {
      cairo_pattern_add_color_stop_rgba (ramp, 0, diverging_low.red, diverging_low.green, diverging_low.blue, 1);
      cairo_pattern_add_color_stop_rgba (ramp, 0.5, diverging_mid.red, diverging_mid.green, diverging_mid.blue, 1);
      cairo_pattern_add_color_stop_rgba (ramp, 1, diverging_high.red, diverging_high.green, diverging_high.blue, 1);
    }
  else
    {
      cairo_pattern_add_color_stop_rgba (ramp, 0, scale->cool.red, scale->cool.green, scale->cool.blue, 1);
      cairo_pattern_add_color_stop_rgba (ramp, 1, scale->hot.red, scale->hot.green, scale->hot.blue, 1);
    }
  cairo_rectangle (cr, x, y, width, height);
  cairo_set_source (cr, ramp);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (ramp);
  weft_rgba_set_source (cr, text_color);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  layout = G_OBJECT (pango_cairo_create_layout (cr));
  if (font != NULL)
    pango_layout_set_font_description (PANGO_LAYOUT (layout), font);
  if (min_label != NULL)
    {
      pango_layout_set_text (PANGO_LAYOUT (layout), min_label, -1);
      cairo_move_to (cr, x, y + height + 2);
      pango_cairo_show_layout (cr, PANGO_LAYOUT (layout));
    }
  if (max_label != NULL)
    {
      pango_layout_set_text (PANGO_LAYOUT (layout), max_label, -1);
      pango_layout_get_pixel_size (PANGO_LAYOUT (layout), &tw, &th);
      cairo_move_to (cr, x + width - tw, y + height + 2);
      pango_cairo_show_layout (cr, PANGO_LAYOUT (layout));
    }

  cairo_restore (cr);
}

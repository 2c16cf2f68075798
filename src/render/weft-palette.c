/* weft-palette.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "weft-palette.h"

/* GNOME HIG palette, "3" tones, reordered for contrast between neighbours. */
static const guint32 palette[] = {
  0x3584e4ff, /* blue */
  0xff7800ff, /* orange */
  0x33d17aff, /* green */
  0xe01b24ff, /* red */
  0x9141acff, /* purple */
  0xf6d32dff, /* yellow */
  0x986a44ff, /* brown */
  0x26a1a2ff, /* teal (not in the HIG, between blue and green) */
  0xc061cbff, /* light purple */
  0x77767bff, /* grey */
  0x1a5fb4ff, /* dark blue */
  0xc64600ff, /* dark orange */
  0x26a269ff, /* dark green */
  0xa51d2dff, /* dark red */
  0x613583ff, /* dark purple */
  0xe5a50aff, /* dark yellow */
};

guint
weft_palette_get_size (void)
{
  return G_N_ELEMENTS (palette);
}

guint32
weft_palette_get_color (guint index)
{
  return palette[index % G_N_ELEMENTS (palette)];
}

WeftRgba
weft_rgba_from_uint (guint32 rgba)
{
  WeftRgba c;

  c.red = ((rgba >> 24) & 0xff) / 255.0;
  c.green = ((rgba >> 16) & 0xff) / 255.0;
  c.blue = ((rgba >> 8) & 0xff) / 255.0;
  c.alpha = (rgba & 0xff) / 255.0;

  return c;
}

static guint32
channel (double v)
{
  return (guint32)(CLAMP (v, 0.0, 1.0) * 255.0 + 0.5);
}

guint32
weft_rgba_to_uint (const WeftRgba *rgba)
{
  return (channel (rgba->red) << 24) | (channel (rgba->green) << 16) |
         (channel (rgba->blue) << 8) | channel (rgba->alpha);
}

/**
 * weft_rgba_to_pixel:
 *
 * Returns: @rgba as a pixel of a cairo ARGB32 (or RGB24) image surface:
 *   premultiplied alpha, in the native 0xAARRGGBB word
 */
guint32
weft_rgba_to_pixel (const WeftRgba *rgba)
{
  guint a = (guint)lround (CLAMP (rgba->alpha, 0, 1) * 255);
  guint r = (guint)lround (CLAMP (rgba->red, 0, 1) * a);
  guint g = (guint)lround (CLAMP (rgba->green, 0, 1) * a);
  guint b = (guint)lround (CLAMP (rgba->blue, 0, 1) * a);

  return (a << 24) | (r << 16) | (g << 8) | b;
}

void
weft_rgba_set_source (cairo_t        *cr,
                      const WeftRgba *rgba)
{
  cairo_set_source_rgba (cr, rgba->red, rgba->green, rgba->blue, rgba->alpha);
}

WeftRgba
weft_rgba_mix (const WeftRgba *a,
               const WeftRgba *b,
               double          t)
{
  WeftRgba c;

  t = CLAMP (t, 0.0, 1.0);
  c.red = a->red + (b->red - a->red) * t;
  c.green = a->green + (b->green - a->green) * t;
  c.blue = a->blue + (b->blue - a->blue) * t;
  c.alpha = a->alpha + (b->alpha - a->alpha) * t;

  return c;
}

/* Relative luminance (sRGB weights, no linearisation: good enough to pick text). */
double
weft_rgba_luminance (const WeftRgba *rgba)
{
  return 0.2126 * rgba->red + 0.7152 * rgba->green + 0.0722 * rgba->blue;
}

WeftRgba
weft_rgba_contrasting_text (const WeftRgba *background)
{
  static const WeftRgba dark = { 0, 0, 0, 0.87 };
  static const WeftRgba light = { 1, 1, 1, 1 };

  return weft_rgba_luminance (background) > 0.55 ? dark : light;
}

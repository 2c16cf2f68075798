/* weft-palette.h: colours for categories (event kinds, agents, series).
 *
 * Colours are guint32 0xRRGGBBAA. The categorical palette is the GNOME HIG
 * palette's mid tones, ordered so that neighbours differ in hue; it is readable
 * on the light and the dark style.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  double red;
  double green;
  double blue;
  double alpha;
} WeftRgba;

guint    weft_palette_get_size         (void);
guint32  weft_palette_get_color        (guint          index);
WeftRgba weft_rgba_from_uint           (guint32        rgba);
guint32  weft_rgba_to_uint             (const WeftRgba *rgba);
guint32  weft_rgba_to_pixel            (const WeftRgba *rgba);
void     weft_rgba_set_source          (cairo_t        *cr,
                                        const WeftRgba *rgba);
WeftRgba weft_rgba_mix                 (const WeftRgba *a,
                                        const WeftRgba *b,
                                        double          t);
double   weft_rgba_luminance           (const WeftRgba *rgba);
WeftRgba weft_rgba_contrasting_text    (const WeftRgba *background);

G_END_DECLS

/* weft-render-theme.h: the colours and font every renderer draws with.
 *
 * Widgets fill one from the GTK style (light, dark, high contrast); exports and
 * headless tests use weft_render_theme_init_light(). Renderers never look
 * anything up themselves, so the same call draws the same picture everywhere.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "weft-palette.h"

G_BEGIN_DECLS

typedef struct
{
  WeftRgba background;  /* the plot area */
  WeftRgba foreground;  /* text and axes */
  WeftRgba dim;         /* secondary text, grid lines */
  WeftRgba grid;        /* faint separators */
  WeftRgba selection;   /* translucent shading of the selected range */
  WeftRgba accent;      /* highlights (hovered row, selected event) */
  WeftRgba empty;       /* empty heat-map cells */
  char    *font;        /* Pango font description, e.g. "Sans 9" */
  double   scale;       /* device scale factor (for 1-pixel lines) */
} WeftRenderTheme;

void weft_render_theme_init_light (WeftRenderTheme       *theme);
void weft_render_theme_init_dark  (WeftRenderTheme       *theme);
void weft_render_theme_copy       (WeftRenderTheme       *dest,
                                   const WeftRenderTheme *src);
void weft_render_theme_clear      (WeftRenderTheme       *theme);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (WeftRenderTheme, weft_render_theme_clear)

G_END_DECLS

/* weft-render-theme.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-render-theme.h"

/* The colours of a theme as 0xRRGGBBAA; the font and scale are the same for
 * both. */
typedef struct
{
  guint32 background;
  guint32 foreground;
  guint32 dim;
  guint32 grid;
  guint32 selection;
  guint32 accent;
  guint32 empty;
} ThemeColors;

static const ThemeColors light_colors = {
  .background = 0xffffffff, .foreground = 0x000000de, .dim = 0x0000008c, .grid = 0x0000001f,
  .selection = 0x3584e440, .accent = 0x1c71d8ff, .empty = 0xffffffff,
};

static const ThemeColors dark_colors = {
  .background = 0x1e1e1eff, .foreground = 0xffffffff, .dim = 0xffffff8c, .grid = 0xffffff1f,
  .selection = 0x78aeed40, .accent = 0x78aeedff, .empty = 0x303030ff,
};

static void
init_with_colors (WeftRenderTheme   *theme,
                  const ThemeColors *colors)
{
  theme->background = weft_rgba_from_uint (colors->background);
  theme->foreground = weft_rgba_from_uint (colors->foreground);
  theme->dim = weft_rgba_from_uint (colors->dim);
  theme->grid = weft_rgba_from_uint (colors->grid);
  theme->selection = weft_rgba_from_uint (colors->selection);
  theme->accent = weft_rgba_from_uint (colors->accent);
  theme->empty = weft_rgba_from_uint (colors->empty);
  theme->font = g_strdup ("Sans 9");
  theme->scale = 1.0;
}

void
weft_render_theme_init_light (WeftRenderTheme *theme)
{
  g_return_if_fail (theme != NULL);

  init_with_colors (theme, &light_colors);
}

void
weft_render_theme_init_dark (WeftRenderTheme *theme)
{
  g_return_if_fail (theme != NULL);

  init_with_colors (theme, &dark_colors);
}

void
weft_render_theme_copy (WeftRenderTheme       *dest,
                        const WeftRenderTheme *src)
{
  g_return_if_fail (dest != NULL);
  g_return_if_fail (src != NULL);

  *dest = *src;
  dest->font = g_strdup (src->font);
}

void
weft_render_theme_clear (WeftRenderTheme *theme)
{
  g_return_if_fail (theme != NULL);

  g_clear_pointer (&theme->font, g_free);
}

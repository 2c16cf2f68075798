/* weft-render-theme.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-render-theme.h"

void
weft_render_theme_init_light (WeftRenderTheme *theme)
{
  g_return_if_fail (theme != NULL);

  theme->background = weft_rgba_from_uint (0xffffffff);
  theme->foreground = weft_rgba_from_uint (0x000000de);
  theme->dim = weft_rgba_from_uint (0x0000008c);
  theme->grid = weft_rgba_from_uint (0x0000001f);
  theme->selection = weft_rgba_from_uint (0x3584e440);
  theme->accent = weft_rgba_from_uint (0x1c71d8ff);
  theme->empty = weft_rgba_from_uint (0xffffffff);
  theme->font = g_strdup ("Sans 9");
  theme->scale = 1.0;
}

void
weft_render_theme_init_dark (WeftRenderTheme *theme)
{
  g_return_if_fail (theme != NULL);

  theme->background = weft_rgba_from_uint (0x1e1e1eff);
  theme->foreground = weft_rgba_from_uint (0xffffffff);
  theme->dim = weft_rgba_from_uint (0xffffff8c);
  theme->grid = weft_rgba_from_uint (0xffffff1f);
  theme->selection = weft_rgba_from_uint (0x78aeed40);
  theme->accent = weft_rgba_from_uint (0x78aeedff);
  theme->empty = weft_rgba_from_uint (0x303030ff);
  theme->font = g_strdup ("Sans 9");
  theme->scale = 1.0;
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

/* weft-widget-theme.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "weft-widget-theme.h"

static WeftRgba
rgba_from_gdk (const GdkRGBA *color)
{
  return (WeftRgba) { color->red, color->green, color->blue, color->alpha };
}

/* For the overlays widgets append as snapshot nodes over a renderer's picture. */
GdkRGBA
weft_rgba_to_gdk (const WeftRgba *color)
{
  return (GdkRGBA) { color->red, color->green, color->blue, color->alpha };
}

/**
 * weft_widget_theme_fill:
 * @theme: (out caller-allocates): cleared with weft_render_theme_clear()
 *
 * Fills @theme from @widget's style: the light or dark base, the widget's
 * foreground colour, the accent and view background colours, the GTK font
 * and the widget's scale factor.
 */
void
weft_widget_theme_fill (GtkWidget       *widget,
                        WeftRenderTheme *theme)
{
  GtkStyleContext *context;
  g_autofree char *font = NULL;
  GdkRGBA color;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (theme != NULL);

  if (dark)
    weft_render_theme_init_dark (theme);
  else
    weft_render_theme_init_light (theme);

  context = gtk_widget_get_style_context (widget);
  gtk_style_context_get_color (context, &color);
  theme->foreground = rgba_from_gdk (&color);
  theme->dim = theme->foreground;
  theme->dim.alpha *= 0.55;
  theme->grid = theme->foreground;
  theme->grid.alpha *= 0.12;

  if (gtk_style_context_lookup_color (context, "view_bg_color", &color))
    theme->background = rgba_from_gdk (&color);
  if (gtk_style_context_lookup_color (context, "accent_color", &color))
    {
      theme->accent = rgba_from_gdk (&color);
      theme->selection = theme->accent;
      theme->selection.alpha = 0.25;
    }

  g_object_get (gtk_widget_get_settings (widget), "gtk-font-name", &font, NULL);
  if (font != NULL)
    {
      g_free (theme->font);
      theme->font = g_steal_pointer (&font);
    }
  theme->scale = gtk_widget_get_scale_factor (widget);
}

static gboolean
rgba_equal (const WeftRgba *a,
            const WeftRgba *b)
{
  return a->red == b->red && a->green == b->green && a->blue == b->blue && a->alpha == b->alpha;
}

gboolean
weft_widget_theme_equal (const WeftRenderTheme *a,
                         const WeftRenderTheme *b)
{
  return rgba_equal (&a->background, &b->background) &&
         rgba_equal (&a->foreground, &b->foreground) &&
         rgba_equal (&a->dim, &b->dim) &&
         rgba_equal (&a->grid, &b->grid) &&
         rgba_equal (&a->selection, &b->selection) &&
         rgba_equal (&a->accent, &b->accent) &&
         rgba_equal (&a->empty, &b->empty) &&
         g_strcmp0 (a->font, b->font) == 0 &&
         a->scale == b->scale;
}

void
weft_widget_theme_load_css (const char *resource_path)
{
  static GHashTable *loaded;
  GtkCssProvider *provider;

  g_return_if_fail (resource_path != NULL);

  /* The main thread only, as every widget's construction. */
  if (loaded == NULL)
    loaded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (g_hash_table_contains (loaded, resource_path))
    return;
  g_hash_table_add (loaded, g_strdup (resource_path));

  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, resource_path);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_unref (provider);
}

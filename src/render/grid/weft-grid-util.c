/* weft-grid-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-grid-util.h"
#include "weft-units.h"

/**
 * weft_grid_label_step:
 * @spacing: the distance between two neighbouring items (cells, nodes), in pixels
 * @label_extent: the size of the largest label along the same direction
 * @gap: the free space wanted between two labels
 *
 * Every k-th item gets a label. k is the smallest "nice" number (1, 2, 5, 10,
 * 20, 50, …) for which k labels' worth of spacing holds one label and its
 * gap, so labels never overlap and read as round indices (0, 5, 10, …).
 *
 * Returns: k ≥ 1; G_MAXUINT when nothing fits (@spacing ≤ 0)
 */
guint
weft_grid_label_step (double spacing,
                      double label_extent,
                      double gap)
{
  double needed;
  guint64 k;

  if (!(spacing > 0.0))
    return G_MAXUINT;

  needed = (MAX (label_extent, 0.0) + MAX (gap, 0.0)) / spacing;
  k = weft_round_step (needed, G_MAXUINT / 10);

  return (double)k >= needed ? (guint)k : G_MAXUINT;
}

static gboolean
kind_is (const char *kind,
         const char *word)
{
  gsize len, word_len;

  if (kind == NULL)
    return FALSE;

  /* "bytes", "sent bytes", "Bytes" all count. */
  len = strlen (kind);
  word_len = strlen (word);
  return len >= word_len && g_ascii_strcasecmp (kind + len - word_len, word) == 0 &&
         (len == word_len || kind[len - word_len - 1] == ' ' || kind[len - word_len - 1] == '_');
}

/**
 * weft_grid_format_shows_unit:
 *
 * Returns: whether weft_grid_format_value() writes values of @kind with
 *   their unit (sizes, durations), so that a caption need not name it.
 */
gboolean
weft_grid_format_shows_unit (const char *kind)
{
  return kind_is (kind, "bytes") || g_strcmp0 (kind, "B") == 0 || kind_is (kind, "s") || kind_is (kind, "seconds") ||
         kind_is (kind, "ns");
}

/**
 * weft_grid_dup_column_label:
 * @name: a value-table column's name, as data files write it ("busy_time")
 *
 * Returns: (transfer full): the name for people: words apart and the first
 *   one capitalised ("Busy time"); names with capitals of their own (a
 *   profiler's metric, an event) as they are.
 */
char *
weft_grid_dup_column_label (const char *name)
{
  char *label;

  if (name == NULL || name[0] == '\0')
    return g_strdup (_("Value"));
  label = g_strdup (name);
  for (const char *c = name; *c != '\0'; c++)
    if (g_ascii_isupper (*c))
      return label;
  g_strdelimit (label, "_", ' ');
  label[0] = g_ascii_toupper (label[0]);

  return label;
}

/**
 * weft_grid_format_value:
 * @kind: (nullable): the value name of a matrix ("count", "bytes") or the
 *   unit of a value-table column ("bytes", "s", "ns")
 *
 * Formats @value the way the rest of Weft shows numbers: byte sizes with
 * weft_format_bytes(), durations with weft_format_duration(), whole numbers
 * with weft_format_count() (thin-space thousands), anything else with four
 * significant digits.
 *
 * Returns: (transfer full): the text
 */
char *
weft_grid_format_value (const char *kind,
                        double      value)
{
  const char *sign = value < 0 ? "-" : "";
  double magnitude = fabs (value);

  if (isnan (value))
    return g_strdup ("NaN");
  if (isinf (value))
    return g_strdup (value > 0 ? "∞" : "-∞");

  if (kind_is (kind, "bytes") || g_strcmp0 (kind, "B") == 0)
    {
      g_autofree char *text = weft_format_bytes ((guint64)(magnitude + 0.5));

      return g_strconcat (sign, text, NULL);
    }
  if (kind_is (kind, "s") || kind_is (kind, "seconds"))
    return weft_format_seconds (value);
  if (kind_is (kind, "ns"))
    return weft_format_duration ((gint64)llround (value));

  if (magnitude < 9007199254740992.0 && magnitude == floor (magnitude))
    {
      g_autofree char *text = weft_format_count ((guint64)magnitude);

      return g_strconcat (sign, text, NULL);
    }

  return g_strdup_printf ("%.4g", value);
}

/**
 * weft_grid_dup_index_label:
 *
 * Returns: (transfer full): the label of @index along @dim: the matrix's own
 *   label when it has one, else the index counted from the dimension's start
 *   ("0", "1", … or "1", "2", … for arrays that start at 1).
 */
char *
weft_grid_dup_index_label (const WeftMatrix *matrix,
                           guint             dim,
                           gsize             index)
{
  const char *label;

  g_return_val_if_fail (matrix != NULL, NULL);

  label = weft_matrix_get_dim_label (matrix, dim, index);
  if (label != NULL && label[0] != '\0')
    return g_strdup (label);

  return g_strdup_printf ("%" G_GINT64_FORMAT,
                          weft_matrix_get_dim_start (matrix, dim) + (gint64)index);
}

/**
 * weft_grid_dup_axis_title:
 *
 * Returns: (transfer full): the title of @dim with the direction it runs in
 *   on screen: rows run down ("from locale ↓"), columns run right ("to
 *   locale →"). chplvis users asked for grid labels that show the flow.
 */
char *
weft_grid_dup_axis_title (const WeftMatrix *matrix,
                          guint             dim)
{
  const char *name;

  g_return_val_if_fail (matrix != NULL, NULL);

  name = dim < weft_matrix_get_n_dims (matrix) ? weft_matrix_get_dim_name (matrix, dim) : NULL;
  if (name == NULL || name[0] == '\0')
    name = dim == 0 ? "row" : "column";

  return g_strdup_printf ("%s %s", name, dim == 0 ? "↓" : "→");
}

/**
 * weft_grid_dup_index_name:
 *
 * Returns: (transfer full): @index along @dim in words, e.g. "from locale 3"
 *   or "row 7" when the dimension has no name.
 */
char *
weft_grid_dup_index_name (const WeftMatrix *matrix,
                          guint             dim,
                          gsize             index)
{
  g_autofree char *label = weft_grid_dup_index_label (matrix, dim, index);
  const char *name = weft_matrix_get_dim_name (matrix, dim);

  if (name == NULL || name[0] == '\0')
    name = dim == 0 ? "row" : "column";

  return g_strdup_printf ("%s %s", name, label);
}

static WeftRgba
opaque_mix (const WeftRgba *a,
            const WeftRgba *b,
            double          t)
{
  WeftRgba a1 = *a, b1 = *b, c;

  a1.alpha = b1.alpha = 1.0;
  c = weft_rgba_mix (&a1, &b1, t);
  return c;
}

/* A neutral grey a little darker (light theme) or lighter (dark theme) than
 * the empty colour: a filtered cell ("only show if" in DDT) is not a zero. */
WeftRgba
weft_grid_filtered_color (const WeftRenderTheme *theme)
{
  g_return_val_if_fail (theme != NULL, weft_rgba_from_uint (0xc7c7c7ff));

  return opaque_mix (&theme->empty, &theme->foreground, 0.22);
}

/* An infinity: amber, a hue none of the colour ramps (blue to red through
 * purple, blue through white to red) passes through, nor NaN's grey. */
WeftRgba
weft_grid_inf_color (const WeftRenderTheme *theme)
{
  return weft_rgba_from_uint (0xe5a50aff);
}

/* Not a number: far from the empty colour, towards the text's (dark grey in
 * a light theme, light grey in a dark one), so that it reads as neither a
 * zero, a filtered cell nor a value of any colour ramp. */
WeftRgba
weft_grid_nan_color (const WeftRenderTheme *theme)
{
  g_return_val_if_fail (theme != NULL, weft_rgba_from_uint (0x4d4d4dff));

  return opaque_mix (&theme->empty, &theme->foreground, 0.7);
}

/* chplvis draws the half of a link that carries no traffic in grey. */
WeftRgba
weft_grid_no_traffic_color (const WeftRenderTheme *theme)
{
  g_return_val_if_fail (theme != NULL, weft_rgba_from_uint (0x8c8c8cff));

  return opaque_mix (&theme->background, &theme->foreground, 0.45);
}

/* Pictures for PDF, SVG and PostScript are drawn with vector shapes where that
 * stays small; everything else (the screen, PNG) with cached images. */
gboolean
weft_grid_surface_is_vector (cairo_t *cr)
{
  switch ((int)cairo_surface_get_type (cairo_get_target (cr)))
    {
    case CAIRO_SURFACE_TYPE_PDF:
    case CAIRO_SURFACE_TYPE_PS:
    case CAIRO_SURFACE_TYPE_SVG:
      return TRUE;

    default:
      return FALSE;
    }
}

gboolean
weft_grid_rect_contains (const cairo_rectangle_t *rect,
                         double                   x,
                         double                   y)
{
  return x >= rect->x && x < rect->x + rect->width && y >= rect->y && y < rect->y + rect->height;
}

struct _WeftGridText
{
  PangoContext         *context;
  PangoLayout          *layout;
  PangoFontDescription *font;
  int                   line_height;
};

/**
 * weft_grid_text_new:
 * @font: (nullable): a Pango font description ("Sans 9")
 *
 * Returns: (transfer full): a text measurer using the cairo font map of the
 *   calling thread (exports may run in worker threads).
 */
WeftGridText *
weft_grid_text_new (const char *font)
{
  WeftGridText *text = g_new0 (WeftGridText, 1);
  cairo_font_options_t *options;
  int width;

  text->context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  /* Metrics that do not depend on the output device: the same layout for the
   * screen, PNG, SVG and PDF. */
  options = cairo_font_options_create ();
  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options (text->context, options);
  cairo_font_options_destroy (options);

  text->font = pango_font_description_from_string (font != NULL ? font : "Sans 9");
  if (pango_font_description_get_size (text->font) <= 0)
    pango_font_description_set_size (text->font, 9 * PANGO_SCALE);
  pango_context_set_font_description (text->context, text->font);
  text->layout = pango_layout_new (text->context);

  pango_layout_set_text (text->layout, "0123456789Ag", -1);
  pango_layout_get_pixel_size (text->layout, &width, &text->line_height);

  return text;
}

/**
 * weft_grid_text_ensure:
 * @text: a renderer's measurer, %NULL until it is first needed
 *
 * Returns: (transfer none): *@text, made for @font first when there was none
 */
WeftGridText *
weft_grid_text_ensure (WeftGridText **text,
                       const char    *font)
{
  g_return_val_if_fail (text != NULL, NULL);

  if (*text == NULL)
    *text = weft_grid_text_new (font);
  return *text;
}

void
weft_grid_text_free (WeftGridText *text)
{
  if (text == NULL)
    return;

  g_clear_object (&text->layout);
  g_clear_object (&text->context);
  g_clear_pointer (&text->font, pango_font_description_free);
  g_free (text);
}

void
weft_grid_text_measure (WeftGridText *text,
                        const char   *string,
                        int          *width,
                        int          *height)
{
  int w, h;

  g_return_if_fail (text != NULL);

  pango_layout_set_text (text->layout, string != NULL ? string : "", -1);
  pango_layout_get_pixel_size (text->layout, &w, &h);
  if (width != NULL)
    *width = w;
  if (height != NULL)
    *height = h;
}

int
weft_grid_text_line_height (WeftGridText *text)
{
  g_return_val_if_fail (text != NULL, 0);

  return text->line_height;
}

const PangoFontDescription *
weft_grid_text_get_font (WeftGridText *text)
{
  g_return_val_if_fail (text != NULL, NULL);

  return text->font;
}

/**
 * weft_grid_set_theme:
 * @dest: a renderer's copy of the theme, replaced
 * @text: the renderer's measurer, dropped when the font changes
 *
 * Copies @theme into @dest, with a scale of 1 when it has none.
 *
 * Returns: %TRUE when the font changed: the renderer's measures are stale
 */
gboolean
weft_grid_set_theme (WeftRenderTheme       *dest,
                     WeftGridText         **text,
                     const WeftRenderTheme *theme)
{
  gboolean font_changed;

  g_return_val_if_fail (dest != NULL && text != NULL && theme != NULL, FALSE);

  font_changed = g_strcmp0 (dest->font, theme->font) != 0;
  weft_render_theme_clear (dest);
  weft_render_theme_copy (dest, theme);
  if (dest->scale <= 0)
    dest->scale = 1.0;
  if (font_changed)
    g_clear_pointer (text, weft_grid_text_free);

  return font_changed;
}

/* Returns: (transfer full): a layout for @cr in @text's font */
PangoLayout *
weft_grid_create_layout (cairo_t      *cr,
                         WeftGridText *text)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);

  pango_layout_set_font_description (layout, weft_grid_text_get_font (text));
  return layout;
}

void
weft_grid_show_text (cairo_t        *cr,
                     PangoLayout    *layout,
                     const char     *string,
                     double          x,
                     double          y,
                     const WeftRgba *color)
{
  pango_layout_set_text (layout, string, -1);
  weft_rgba_set_source (cr, color);
  cairo_move_to (cr, x, y);
  pango_cairo_show_layout (cr, layout);
}

/* Draws @string centred in (0, 0, @width, @height): "No data". */
void
weft_grid_show_centered_text (cairo_t        *cr,
                              PangoLayout    *layout,
                              const char     *string,
                              double          width,
                              double          height,
                              const WeftRgba *color)
{
  int tw, th;

  pango_layout_set_text (layout, string, -1);
  pango_layout_get_pixel_size (layout, &tw, &th);
  weft_grid_show_text (cr, layout, string, (width - tw) / 2, (height - th) / 2, color);
}

/**
 * weft_grid_draw_scale_ramp:
 * @kind: how the values are formatted (see weft_grid_format_value())
 *
 * Draws @scale's ramp, WEFT_GRID_RAMP_HEIGHT high, its ends labelled with the
 * values they stand for: the smallest non-zero value on a log scale, else the
 * minimum or 0 (a linear ramp starts at 0 when all values are positive).
 */
void
weft_grid_draw_scale_ramp (cairo_t               *cr,
                           const WeftColorScale  *scale,
                           const char            *kind,
                           double                 x,
                           double                 y,
                           double                 width,
                           const WeftRenderTheme *theme,
                           WeftGridText          *text)
{
  double m = MAX (fabs (scale->min), fabs (scale->max));
  /* A ratio ramp is symmetric in log: 1/r … r around 1. */
  double r = exp (MAX (scale->min > 0.0 ? fabs (log (scale->min)) : 0.0,
                       scale->max > 0.0 ? fabs (log (scale->max)) : 0.0));
  g_autofree char *low = weft_grid_format_value (kind, scale->mode == WEFT_COLOR_SCALE_LOG ? scale->min
                                                     : scale->mode == WEFT_COLOR_SCALE_DIVERGING ? -m
                                                     : scale->mode == WEFT_COLOR_SCALE_RATIO ? 1.0 / r
                                                     : MIN (0.0, scale->min));
  g_autofree char *high = weft_grid_format_value (kind, scale->mode == WEFT_COLOR_SCALE_DIVERGING ? m
                                                      : scale->mode == WEFT_COLOR_SCALE_RATIO ? r
                                                      : scale->max);

  weft_color_scale_draw_legend (scale, cr, x, y, width, WEFT_GRID_RAMP_HEIGHT, low, high, &theme->dim,
                                weft_grid_text_get_font (text));
}

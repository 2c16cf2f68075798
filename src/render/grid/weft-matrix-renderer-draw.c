/* weft-matrix-renderer-draw.c: drawing a matrix view: the cells (as
 * rectangles for vector output, else from the cached images), hatching of
 * filtered cells, borders, values inside cells, hover and selection, titles,
 * axis labels and the legend; and the exporter's matrix and array pictures.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "weft-error.h"
#include "weft-matrix-renderer-private.h"

/* Saves @cr and clips it to the visible cells; cairo_restore() ends it. */
static void
push_grid_clip (cairo_t                *cr,
                const WeftMatrixLayout *layout)
{
  cairo_save (cr);
  cairo_rectangle (cr, layout->grid.x, layout->grid.y, layout->grid.width, layout->grid.height);
  cairo_clip (cr);
}

static void
draw_cells_as_rectangles (WeftMatrixRenderer     *self,
                          cairo_t                *cr,
                          const WeftMatrixLayout *layout)
{
  double cell = layout->cell_size;

  _weft_matrix_renderer_ensure_codes (self);
  for (gsize r = layout->first_row; r < layout->end_row; r++)
    for (gsize c = layout->first_column; c < layout->end_column; c++)
      {
        WeftRgba color = _weft_matrix_renderer_code_color (self, self->codes[r * self->n_columns + c]);

        weft_rgba_set_source (cr, &color);
        cairo_rectangle (cr, layout->origin_x + (double)c * cell, layout->origin_y + (double)r * cell,
                         cell, cell);
        cairo_fill (cr);
      }
}

static void
draw_cells (WeftMatrixRenderer     *self,
            cairo_t                *cr,
            const WeftMatrixLayout *layout)
{
  double cell = layout->cell_size;
  double device_cell = cell * self->theme.scale;
  gsize n_visible = (layout->end_row - layout->first_row) * (layout->end_column - layout->first_column);
  cairo_pattern_t *pattern;

  push_grid_clip (cr, layout);

  if (weft_grid_surface_is_vector (cr) && n_visible <= VECTOR_MAX_CELLS)
    {
      draw_cells_as_rectangles (self, cr, layout);
    }
  else if (device_cell >= 1.0)
    {
      _weft_matrix_renderer_ensure_image (self);
      cairo_translate (cr, layout->origin_x, layout->origin_y);
      cairo_scale (cr, cell, cell);
      cairo_set_source_surface (cr, self->image, 0, 0);
      pattern = cairo_get_source (cr);
      cairo_pattern_set_filter (pattern, CAIRO_FILTER_NEAREST);
      cairo_pattern_set_extend (pattern, CAIRO_EXTEND_PAD);
      cairo_paint (cr);
    }
  else
    {
      /* The whole matrix fits: no scrolling at this size. */
      _weft_matrix_renderer_ensure_reduced (self, device_cell);
      cairo_translate (cr, layout->grid.x, layout->grid.y);
      cairo_scale (cr, 1.0 / self->theme.scale, 1.0 / self->theme.scale);
      cairo_set_source_surface (cr, self->reduced, 0, 0);
      cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
      cairo_paint (cr);
    }

  cairo_restore (cr);
}

/* Diagonal hatching on filtered cells, so that "not shown" never reads as a
 * value, even in grey-scale print. */
static void
draw_hatching (WeftMatrixRenderer     *self,
               cairo_t                *cr,
               const WeftMatrixLayout *layout)
{
  double cell = layout->cell_size;
  int n_lines = cell >= 18 ? 3 : 1;
  WeftRgba ink = self->theme.foreground;

  if (self->stats.n_filtered == 0 || cell < HATCH_MIN_CELL)
    return;

  push_grid_clip (cr, layout);
  for (gsize r = layout->first_row; r < layout->end_row; r++)
    for (gsize c = layout->first_column; c < layout->end_column; c++)
      {
        double x = layout->origin_x + (double)c * cell, y = layout->origin_y + (double)r * cell;

        if (!_weft_matrix_renderer_cell_filtered (self, r, c))
          continue;
        for (int k = 1; k <= n_lines; k++)
          {
            double d = 2.0 * cell * k / (n_lines + 1);

            /* A "/" line at distance d along the diagonal, clipped to the cell. */
            if (d <= cell)
              {
                cairo_move_to (cr, x, y + d);
                cairo_line_to (cr, x + d, y);
              }
            else
              {
                cairo_move_to (cr, x + d - cell, y + cell);
                cairo_line_to (cr, x + cell, y + d - cell);
              }
          }
      }
  ink.alpha *= 0.45;
  weft_rgba_set_source (cr, &ink);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
draw_borders (WeftMatrixRenderer     *self,
              cairo_t                *cr,
              const WeftMatrixLayout *layout)
{
  double cell = layout->cell_size;
  double half = 0.5 / self->theme.scale;

  if (cell < WEFT_MATRIX_BORDER_MIN_CELL)
    return;

  push_grid_clip (cr, layout);
  for (gsize c = layout->first_column; c <= layout->end_column; c++)
    {
      double x = round (layout->origin_x + (double)c * cell) + half;

      cairo_move_to (cr, x, layout->grid.y);
      cairo_line_to (cr, x, layout->grid.y + layout->grid.height);
    }
  for (gsize r = layout->first_row; r <= layout->end_row; r++)
    {
      double y = round (layout->origin_y + (double)r * cell) + half;

      cairo_move_to (cr, layout->grid.x, y);
      cairo_line_to (cr, layout->grid.x + layout->grid.width, y);
    }
  weft_rgba_set_source (cr, &self->theme.grid);
  cairo_set_line_width (cr, 1.0 / self->theme.scale);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* Values inside cells when the text fits with room to spare. */
static void
draw_cell_values (WeftMatrixRenderer     *self,
                  cairo_t                *cr,
                  PangoLayout            *text,
                  const WeftMatrixLayout *layout)
{
  double cell = layout->cell_size;

  if (cell < 2.0 * self->line_height)
    return;

  _weft_matrix_renderer_ensure_codes (self);
  push_grid_clip (cr, layout);
  for (gsize r = layout->first_row; r < layout->end_row; r++)
    for (gsize c = layout->first_column; c < layout->end_column; c++)
      {
        guint16 code = self->codes[r * self->n_columns + c];
        g_autofree char *value = NULL;
        WeftRgba background, ink;
        int tw, th;

        if (code < CODE_RAMP)
          continue;
        value = weft_grid_format_value (_weft_matrix_renderer_value_kind (self), _weft_matrix_renderer_cell_value (self, r, c));
        pango_layout_set_text (text, value, -1);
        pango_layout_get_pixel_size (text, &tw, &th);
        if (tw + 4 > cell)
          continue;
        background = _weft_matrix_renderer_code_color (self, code);
        ink = weft_rgba_contrasting_text (&background);
        weft_rgba_set_source (cr, &ink);
        cairo_move_to (cr, layout->origin_x + (double)c * cell + (cell - tw) / 2,
                       layout->origin_y + (double)r * cell + (cell - th) / 2);
        pango_cairo_show_layout (cr, text);
      }
  cairo_restore (cr);
}

static void
outline_cell (cairo_t                *cr,
              const WeftMatrixLayout *layout,
              gsize                   row,
              gsize                   column,
              double                  line_width,
              double                  min_size)
{
  double cell = layout->cell_size;
  double size = MAX (cell, min_size);
  double x = layout->origin_x + ((double)column + 0.5) * cell - size / 2;
  double y = layout->origin_y + ((double)row + 0.5) * cell - size / 2;

  cairo_rectangle (cr, x - line_width / 2, y - line_width / 2, size + line_width, size + line_width);
  cairo_set_line_width (cr, line_width);
  cairo_stroke (cr);
}

static void
draw_highlights (WeftMatrixRenderer     *self,
                 cairo_t                *cr,
                 const WeftMatrixLayout *layout)
{
  double cell = layout->cell_size;

  cairo_save (cr);
  cairo_rectangle (cr, layout->grid.x - 4, layout->grid.y - 4,
                   layout->grid.width + 8, layout->grid.height + 8);
  cairo_clip (cr);

  if (self->hover_row >= 0)
    {
      /* Shade the hovered row and column: in a large matrix the eye needs a
       * guide to the labels. */
      push_grid_clip (cr, layout);
      weft_rgba_set_source (cr, &self->theme.selection);
      cairo_rectangle (cr, layout->grid.x, layout->origin_y + (double)self->hover_row * cell,
                       layout->grid.width, cell);
      cairo_rectangle (cr, layout->origin_x + (double)self->hover_column * cell, layout->grid.y,
                       cell, layout->grid.height);
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
      cairo_fill (cr);
      cairo_restore (cr);

      weft_rgba_set_source (cr, &self->theme.foreground);
      outline_cell (cr, layout, self->hover_row, self->hover_column, 1.0, 5.0);
    }

  if (self->selected_row >= 0)
    {
      weft_rgba_set_source (cr, &self->theme.accent);
      outline_cell (cr, layout, self->selected_row, self->selected_column, 2.0, 7.0);
    }

  cairo_restore (cr);
}

/* A label drawn over an accent box: the hovered or selected row or column
 * keeps its label even when thinning skipped it. */
static void
draw_boxed_label (WeftMatrixRenderer *self,
                  cairo_t            *cr,
                  PangoLayout        *text,
                  const char         *label,
                  double              x,
                  double              y,
                  int                 tw,
                  int                 th)
{
  WeftRgba ink = weft_rgba_contrasting_text (&self->theme.accent);

  weft_rgba_set_source (cr, &self->theme.accent);
  cairo_rectangle (cr, x - 2, y, tw + 4, th);
  cairo_fill (cr);
  weft_grid_show_text (cr, text, label, x, y, &ink);
}

static gboolean
is_emphasised (gssize hover,
               gssize selected,
               gsize  index)
{
  return (hover >= 0 && (gsize)hover == index) || (selected >= 0 && (gsize)selected == index);
}

/* Labels may overhang the ends of the grid by half a label where the matrix
 * ends there, but not where it is scrolled: a half-hidden row's label must
 * not spill over the other axis's labels. */
static void
clip_label_band (cairo_t                *cr,
                 const WeftMatrixLayout *layout,
                 gboolean                columns,
                 double                  label_extent)
{
  double lo = columns ? layout->grid.x : layout->grid.y;
  double hi = lo + (columns ? layout->grid.width : layout->grid.height);
  double origin = columns ? layout->origin_x : layout->origin_y;
  gsize first = columns ? layout->first_column : layout->first_row;
  double end = origin + (double)(columns ? layout->end_column : layout->end_row) * layout->cell_size;

  if (first == 0 && origin >= lo - 1e-9)
    lo -= label_extent / 2;
  if (end <= hi + 1e-9)
    hi += label_extent / 2;

  if (columns)
    cairo_rectangle (cr, lo, layout->column_labels.y, hi - lo, layout->column_labels.height);
  else
    cairo_rectangle (cr, 0, lo, layout->grid.x, hi - lo);
  cairo_clip (cr);
}

/* The top-left corner of the label (@tw × @th) of row or column @index: row
 * labels end at the cells' left edge, column labels sit above them, each
 * centred on its row or column. */
static void
label_origin (const WeftMatrixLayout *layout,
              gboolean                columns,
              gsize                   index,
              int                     tw,
              int                     th,
              double                 *x,
              double                 *y)
{
  if (columns)
    {
      *x = layout->origin_x + ((double)index + 0.5) * layout->cell_size - tw / 2.0;
      *y = layout->column_labels.y;
    }
  else
    {
      *x = layout->grid.x - LABEL_PAD / 2 - tw;
      *y = layout->origin_y + ((double)index + 0.5) * layout->cell_size - th / 2.0;
    }
}

/* Every step-th row (or column) label in the dim colour, then the hovered
 * and the selected one boxed, wherever the thinning left them out. */
static void
draw_axis_labels (WeftMatrixRenderer     *self,
                  cairo_t                *cr,
                  PangoLayout            *text,
                  const WeftMatrixLayout *layout,
                  gboolean                columns)
{
  /* A 1-D array is one row: its only dimension runs along the columns. */
  guint dim = columns && weft_matrix_get_n_dims (self->matrix) != 1 ? 1 : 0;
  guint step = columns ? layout->column_step : layout->row_step;
  gsize first = columns ? layout->first_column : layout->first_row;
  gsize end = columns ? layout->end_column : layout->end_row;
  gssize marked[2] = { columns ? self->hover_column : self->hover_row,
                       columns ? self->selected_column : self->selected_row };

  if ((!columns && self->row_label_width == 0) || step == G_MAXUINT)
    return;

  cairo_save (cr);
  clip_label_band (cr, layout, columns, columns ? self->column_label_width : self->line_height);

  for (gsize i = first - first % step; i < end; i += step)
    {
      g_autofree char *label = NULL;
      double x, y;
      int tw, th;

      if (is_emphasised (marked[0], marked[1], i))
        continue;
      label = weft_grid_dup_index_label (self->matrix, dim, i);
      pango_layout_set_text (text, label, -1);
      pango_layout_get_pixel_size (text, &tw, &th);
      label_origin (layout, columns, i, tw, th, &x, &y);
      weft_rgba_set_source (cr, &self->theme.dim);
      cairo_move_to (cr, x, y);
      pango_cairo_show_layout (cr, text);
    }

  for (int k = 0; k < 2; k++)
    {
      g_autofree char *label = NULL;
      double x, y;
      int tw, th;

      if (marked[k] < 0 || (gsize)marked[k] < first || (gsize)marked[k] >= end)
        continue;
      label = weft_grid_dup_index_label (self->matrix, dim, marked[k]);
      pango_layout_set_text (text, label, -1);
      pango_layout_get_pixel_size (text, &tw, &th);
      label_origin (layout, columns, marked[k], tw, th, &x, &y);
      draw_boxed_label (self, cr, text, label, x, y, tw, th);
    }

  cairo_restore (cr);
}

static void
draw_titles (WeftMatrixRenderer     *self,
             cairo_t                *cr,
             PangoLayout            *text,
             const WeftMatrixLayout *layout)
{
  const char *title = weft_matrix_get_title (self->matrix);
  int row_title_w = 0, tw, th;
  double column_x;

  if (_weft_matrix_renderer_title_band_height (self) > 0)
    {
      PangoFontDescription *bold = pango_font_description_copy (weft_grid_text_get_font (self->text));

      pango_font_description_set_weight (bold, PANGO_WEIGHT_BOLD);
      pango_layout_set_font_description (text, bold);
      weft_grid_show_text (cr, text, title, MARGIN, MARGIN, &self->theme.foreground);
      pango_layout_set_font_description (text, weft_grid_text_get_font (self->text));
      pango_font_description_free (bold);
    }

  /* "from locale ↓" sits over the row labels, "to locale →" over the columns. */
  if (self->row_title != NULL && self->row_title[0] != '\0')
    {
      pango_layout_set_text (text, self->row_title, -1);
      pango_layout_get_pixel_size (text, &row_title_w, &th);
      weft_grid_show_text (cr, text, self->row_title, MARGIN, layout->title_y, &self->theme.foreground);
    }
  pango_layout_set_text (text, self->column_title, -1);
  pango_layout_get_pixel_size (text, &tw, &th);
  column_x = MAX (layout->grid.x, MARGIN + row_title_w + 12.0);
  if (layout->grid.width > tw)
    column_x = MAX (column_x, layout->grid.x + (layout->grid.width - tw) / 2);
  weft_grid_show_text (cr, text, self->column_title, column_x, layout->title_y, &self->theme.foreground);
}

static double
swatch_width (PangoLayout *text,
              const char  *label)
{
  int tw, th;

  pango_layout_set_text (text, label, -1);
  pango_layout_get_pixel_size (text, &tw, &th);
  return WEFT_GRID_RAMP_HEIGHT + 4 + tw + 14;
}

static void
draw_swatch (WeftMatrixRenderer *self,
             cairo_t            *cr,
             PangoLayout        *text,
             double             *x,
             double              y,
             const WeftRgba     *fill,
             gboolean            hatched,
             const char         *label)
{
  double s = WEFT_GRID_RAMP_HEIGHT;
  int tw, th;

  weft_rgba_set_source (cr, fill);
  cairo_rectangle (cr, *x, y, s, s);
  cairo_fill_preserve (cr);
  weft_rgba_set_source (cr, &self->theme.dim);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);
  if (hatched)
    {
      cairo_move_to (cr, *x, y + s);
      cairo_line_to (cr, *x + s, y);
      cairo_stroke (cr);
    }
  pango_layout_set_text (text, label, -1);
  pango_layout_get_pixel_size (text, &tw, &th);
  weft_grid_show_text (cr, text, label, *x + s + 4, y + (s - th) / 2, &self->theme.foreground);
  *x += s + 4 + tw + 14;
}

/**
 * weft_matrix_renderer_dup_range_text:
 *
 * The legend's range: "min 3 · max 1 234". A communication matrix is mostly
 * zeros, so when it has any its smallest non-zero value says more. Over
 * finite values, as the colour ramp and DDT's statistics are: infinities are
 * counted apart ("min −79.3 · max 99.8 · 1 infinite"), where "max ∞" had
 * disagreed with both.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL without values
 */
char *
weft_matrix_renderer_dup_range_text (WeftMatrixRenderer *self)
{
  const char *kind;
  g_autofree char *max = NULL;
  g_autofree char *min = NULL;
  g_autofree char *infinite = NULL;
  g_autofree char *range = NULL;
  gboolean has_zeros;
  double lo, hi;

  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), NULL);

  kind = _weft_matrix_renderer_value_kind (self);
  has_zeros = self->stats.n_nonzero + self->stats.n_nan < self->stats.n_valid;
  lo = self->stats.finite_min;
  hi = self->stats.finite_max;
  if (self->stats.n_inf > 0)
    {
      g_autofree char *count = g_strdup_printf ("%" G_GSIZE_FORMAT, self->stats.n_inf);

      infinite = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s infinite", "%s infinite",
                                               (gulong)MIN (self->stats.n_inf, G_MAXULONG)), count);
    }
  if (isnan (lo))
    return g_steal_pointer (&infinite);

  max = weft_grid_format_value (kind, hi);
  if (has_zeros && lo >= 0 && isfinite (self->stats.min_nonzero))
    {
      min = weft_grid_format_value (kind, self->stats.min_nonzero);
      range = g_strdup_printf (_("min non-zero %s · max %s"), min, max);
    }
  else
    {
      min = weft_grid_format_value (kind, lo);
      range = g_strdup_printf (_("min %s · max %s"), min, max);
    }
  if (infinite != NULL)
    return g_strdup_printf ("%s · %s", range, infinite);
  return g_steal_pointer (&range);
}

/* Caption, ramp (its ends labelled with the values they stand for), the
 * range, and keys for empty, NaN and filtered cells. When the view is narrow the
 * range goes first (the ramp's labels say nearly as much), then the ramp
 * shrinks. */
static void
draw_legend (WeftMatrixRenderer     *self,
             cairo_t                *cr,
             PangoLayout            *text,
             const WeftMatrixLayout *layout)
{
  const char *kind = _weft_matrix_renderer_value_kind (self);
  g_autofree char *caption = NULL;
  g_autofree char *range = NULL;
  double x = layout->legend.x, y = layout->legend.y, ramp_w, caption_w, range_w = 0, keys_w;
  WeftRgba empty = self->theme.empty, filtered = weft_grid_filtered_color (&self->theme);
  gboolean zero_key;
  int tw, th;

  caption = self->mode == WEFT_COLOR_SCALE_LOG ? g_strdup_printf ("%s (%s)", kind, _("log"))
            : self->mode == WEFT_COLOR_SCALE_DIVERGING ? g_strdup_printf ("%s (%s)", kind, _("diverging"))
            : self->mode == WEFT_COLOR_SCALE_RATIO ? g_strdup_printf ("%s (%s)", kind, _("ratio"))
            : g_strdup (kind);
  pango_layout_set_text (text, caption, -1);
  pango_layout_get_pixel_size (text, &tw, &th);
  caption_w = tw + 8;

  range = weft_matrix_renderer_dup_range_text (self);
  if (range != NULL)
    {
      pango_layout_set_text (text, range, -1);
      pango_layout_get_pixel_size (text, &tw, &th);
      range_w = tw + 14;
    }
  zero_key = weft_color_scale_zero_is_empty (&self->scale);
  keys_w = (zero_key ? swatch_width (text, "0") : 0) + (self->stats.n_nan > 0 ? swatch_width (text, "NaN") : 0) +
           (self->stats.n_inf > 0 ? swatch_width (text, "±∞") : 0) +
           (self->stats.n_filtered > 0 ? swatch_width (text, _("filtered")) : 0);

  ramp_w = CLAMP (layout->legend.width * 0.3, 80.0, 240.0);
  if (caption_w + ramp_w + 14 + range_w + keys_w > layout->legend.width)
    g_clear_pointer (&range, g_free);
  if (range == NULL)
    ramp_w = CLAMP (layout->legend.width - caption_w - 14 - keys_w, 48.0, ramp_w);

  weft_grid_show_text (cr, text, caption, x, y + (WEFT_GRID_RAMP_HEIGHT - th) / 2, &self->theme.foreground);
  x += caption_w;

  weft_grid_draw_scale_ramp (cr, &self->scale, kind, x, y, ramp_w, &self->theme, self->text);
  x += ramp_w + 14;

  if (range != NULL)
    {
      pango_layout_set_text (text, range, -1);
      pango_layout_get_pixel_size (text, &tw, &th);
      weft_grid_show_text (cr, text, range, x, y + (WEFT_GRID_RAMP_HEIGHT - th) / 2, &self->theme.foreground);
      x += range_w;
    }

  empty.alpha = 1.0;
  if (zero_key)
    draw_swatch (self, cr, text, &x, y, &empty, FALSE, "0");
  if (self->stats.n_nan > 0)
    {
      WeftRgba nan = weft_grid_nan_color (&self->theme);

      draw_swatch (self, cr, text, &x, y, &nan, FALSE, "NaN");
    }
  if (self->stats.n_inf > 0)
    {
      WeftRgba inf = weft_grid_inf_color (&self->theme);

      draw_swatch (self, cr, text, &x, y, &inf, FALSE, "±∞");
    }
  if (self->stats.n_filtered > 0)
    draw_swatch (self, cr, text, &x, y, &filtered, TRUE, _("filtered"));
}

/**
 * weft_matrix_renderer_draw:
 *
 * Draws the whole view into the rectangle (0, 0, @width, @height) of @cr,
 * background included.
 */
void
weft_matrix_renderer_draw (WeftMatrixRenderer *self,
                           cairo_t            *cr,
                           double              width,
                           double              height)
{
  g_autoptr(PangoLayout) text = NULL;
  WeftMatrixLayout layout;

  g_return_if_fail (WEFT_IS_MATRIX_RENDERER (self));
  g_return_if_fail (cr != NULL);

  cairo_save (cr);
  weft_rgba_set_source (cr, &self->theme.background);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  weft_matrix_renderer_get_layout (self, width, height, &layout);
  text = weft_grid_create_layout (cr, self->text);

  if (self->matrix == NULL || layout.cell_size <= 0)
    {
      weft_grid_show_centered_text (cr, text, self->matrix == NULL ? _("No data") : _("Too small to draw"),
                                    width, height, &self->theme.dim);
      cairo_restore (cr);
      return;
    }

  draw_titles (self, cr, text, &layout);
  draw_cells (self, cr, &layout);
  draw_hatching (self, cr, &layout);
  draw_borders (self, cr, &layout);
  draw_cell_values (self, cr, text, &layout);
  draw_highlights (self, cr, &layout);
  draw_axis_labels (self, cr, text, &layout, FALSE);
  draw_axis_labels (self, cr, text, &layout, TRUE);
  draw_legend (self, cr, text, &layout);

  cairo_restore (cr);
}

static gboolean
draw_matrix_view (WeftDataset           *dataset,
                  const char            *view,
                  const WeftViewOptions *options,
                  const WeftRenderTheme *theme,
                  cairo_t               *cr,
                  double                 width,
                  double                 height,
                  GError               **error)
{
  g_autoptr(WeftMatrixRenderer) renderer = NULL;
  g_autoptr(WeftMatrix) matrix = NULL;

  g_return_val_if_fail (WEFT_IS_DATASET (dataset), FALSE);
  g_return_val_if_fail (cr != NULL, FALSE);

  matrix = weft_dataset_dup_matrix (dataset, view, options, error);
  if (matrix == NULL)
    return FALSE;

  /* An N-d array is drawn as the plane of its first two dimensions at index
   * 0 of the others, as the array page first shows it. */
  if (weft_matrix_get_n_dims (matrix) > 2)
    {
      gsize fixed[WEFT_MATRIX_MAX_DIMS] = { 0 };
      WeftMatrix *slice = weft_matrix_slice_2d (matrix, 0, 1, fixed);

      weft_matrix_unref (matrix);
      matrix = slice;
      if (matrix == NULL)
        {
          g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT, _("The %s view has no plane to draw"), view);
          return FALSE;
        }
    }

  renderer = weft_matrix_renderer_new ();
  if (theme != NULL)
    weft_matrix_renderer_set_theme (renderer, theme);
  weft_matrix_renderer_set_show_title (renderer, TRUE);
  weft_matrix_renderer_set_matrix (renderer, matrix);
  weft_matrix_renderer_draw (renderer, cr, width, height);

  return TRUE;
}

/**
 * weft_matrix_draw_picture:
 *
 * The "comm-matrix" and "array" pictures of the exporter (a
 * #WeftPictureFunc): the dataset's matrix @view (a DDT array: a 2-D plane of
 * it) for @options, with its title, in @theme.
 */
gboolean
weft_matrix_draw_picture (WeftDataset           *dataset,
                          const char            *view,
                          const WeftViewOptions *options,
                          const WeftRenderTheme *theme,
                          cairo_t               *cr,
                          double                 width,
                          double                 height,
                          GError               **error)
{
  return draw_matrix_view (dataset, view, options, theme, cr, width, height, error);
}

/* weft-matrix-renderer.c: the matrix renderer: the object, its properties
 * (matrix, colour scale, theme, hovered and selected cells) and the view's
 * zoom and scroll.
 *
 * Its state is in weft-matrix-renderer-private.h, the layout in
 * weft-matrix-renderer-layout.c, hit tests and tooltips in
 * weft-matrix-renderer-hit.c, the cell colours and their cached images in
 * weft-matrix-renderer-cells.c, drawing in weft-matrix-renderer-draw.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "weft-matrix-renderer-private.h"

G_DEFINE_FINAL_TYPE (WeftMatrixRenderer, weft_matrix_renderer, G_TYPE_OBJECT)

static void
invalidate_image (WeftMatrixRenderer *self)
{
  g_clear_pointer (&self->image, cairo_surface_destroy);
  g_clear_pointer (&self->reduced, cairo_surface_destroy);
}

static void
invalidate_codes (WeftMatrixRenderer *self)
{
  g_clear_pointer (&self->codes, g_free);
  invalidate_image (self);
}

static void
invalidate_measures (WeftMatrixRenderer *self)
{
  self->measured = FALSE;
  g_clear_pointer (&self->row_title, g_free);
  g_clear_pointer (&self->column_title, g_free);
}

static void
weft_matrix_renderer_finalize (GObject *object)
{
  WeftMatrixRenderer *self = (WeftMatrixRenderer *)object;

  invalidate_codes (self);
  invalidate_measures (self);
  g_clear_pointer (&self->matrix, weft_matrix_unref);
  g_clear_pointer (&self->text, weft_grid_text_free);
  weft_render_theme_clear (&self->theme);

  G_OBJECT_CLASS (weft_matrix_renderer_parent_class)->finalize (object);
}

static void
weft_matrix_renderer_class_init (WeftMatrixRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = weft_matrix_renderer_finalize;
}

static void
weft_matrix_renderer_init (WeftMatrixRenderer *self)
{
  weft_render_theme_init_light (&self->theme);
  self->mode = WEFT_COLOR_SCALE_LINEAR;
  self->hover_row = self->hover_column = -1;
  self->selected_row = self->selected_column = -1;
  self->zoom = 1.0;
  weft_color_scale_init (&self->scale, self->mode, 0, 0);
}

WeftMatrixRenderer *
weft_matrix_renderer_new (void)
{
  return g_object_new (WEFT_TYPE_MATRIX_RENDERER, NULL);
}

static void
update_scale (WeftMatrixRenderer *self)
{
  /* The ramp spans the finite values: infinities have a colour of their own
   * (CODE_INF), and a ramp to infinity would leave every finite value at
   * its low end. */
  double min = self->mode == WEFT_COLOR_SCALE_LOG ? self->stats.min_nonzero : self->stats.finite_min;
  double max = self->stats.finite_max;

  weft_color_scale_init (&self->scale, self->mode,
                         isfinite (min) ? min : 0.0,
                         isfinite (max) ? max : 0.0);
  self->scale.empty = self->theme.empty;
  self->lut_valid = FALSE;
}

/**
 * weft_matrix_renderer_set_matrix:
 * @matrix: (nullable): a 1-D or 2-D matrix; a 1-D one is drawn as one row
 *
 * Returns: %TRUE if the matrix changed (the caller redraws)
 */
gboolean
weft_matrix_renderer_set_matrix (WeftMatrixRenderer *self,
                                 WeftMatrix         *matrix)
{
  return weft_matrix_renderer_set_matrix_with_stats (self, matrix, NULL);
}

/**
 * weft_matrix_renderer_set_matrix_with_stats:
 * @stats: (nullable): weft_matrix_compute_stats() of @matrix, when the
 *   caller has them (a pass over every cell: a worker can make them)
 *
 * weft_matrix_renderer_set_matrix() without computing @matrix's statistics.
 */
gboolean
weft_matrix_renderer_set_matrix_with_stats (WeftMatrixRenderer    *self,
                                            WeftMatrix            *matrix,
                                            const WeftMatrixStats *stats)
{
  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), FALSE);
  g_return_val_if_fail (matrix == NULL || weft_matrix_get_n_dims (matrix) <= 2, FALSE);

  if (matrix == self->matrix)
    return FALSE;

  g_clear_pointer (&self->matrix, weft_matrix_unref);
  invalidate_codes (self);
  invalidate_measures (self);
  memset (&self->stats, 0, sizeof self->stats);
  self->n_rows = self->n_columns = 0;

  if (matrix != NULL)
    {
      const gsize *shape = weft_matrix_get_shape (matrix);

      self->matrix = weft_matrix_ref (matrix);
      if (weft_matrix_get_n_dims (matrix) == 1)
        {
          self->n_rows = 1;
          self->n_columns = shape[0];
        }
      else
        {
          self->n_rows = shape[0];
          self->n_columns = shape[1];
        }
      if (stats != NULL)
        self->stats = *stats;
      else
        weft_matrix_compute_stats (matrix, &self->stats);
      /* A comparison's cells say how to colour them. */
      if (weft_matrix_get_value_kind (matrix) == WEFT_MATRIX_VALUES_DIFFERENCE)
        self->mode = WEFT_COLOR_SCALE_DIVERGING;
      else if (weft_matrix_get_value_kind (matrix) == WEFT_MATRIX_VALUES_RATIO)
        self->mode = WEFT_COLOR_SCALE_RATIO;
    }

  if (self->hover_row >= (gssize)self->n_rows || self->hover_column >= (gssize)self->n_columns)
    self->hover_row = self->hover_column = -1;
  if (self->selected_row >= (gssize)self->n_rows || self->selected_column >= (gssize)self->n_columns)
    self->selected_row = self->selected_column = -1;

  update_scale (self);
  return TRUE;
}

/**
 * weft_matrix_renderer_get_matrix:
 *
 * Returns: (transfer none) (nullable): the matrix
 */
WeftMatrix *
weft_matrix_renderer_get_matrix (WeftMatrixRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), NULL);

  return self->matrix;
}

gboolean
weft_matrix_renderer_set_scale_mode (WeftMatrixRenderer *self,
                                     WeftColorScaleMode  mode)
{
  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), FALSE);

  if (self->mode == mode)
    return FALSE;

  self->mode = mode;
  invalidate_codes (self);
  update_scale (self);
  return TRUE;
}

WeftColorScaleMode
weft_matrix_renderer_get_scale_mode (WeftMatrixRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), WEFT_COLOR_SCALE_LINEAR);

  return self->mode;
}

static gboolean
rgba_equal (const WeftRgba *a,
            const WeftRgba *b)
{
  return weft_rgba_to_uint (a) == weft_rgba_to_uint (b);
}

/* Copies @theme. Only a change of the empty or filtered colour costs a new
 * cell image; a change of font costs a new layout. */
void
weft_matrix_renderer_set_theme (WeftMatrixRenderer    *self,
                                const WeftRenderTheme *theme)
{
  gboolean colors_changed;

  g_return_if_fail (WEFT_IS_MATRIX_RENDERER (self));
  g_return_if_fail (theme != NULL);

  colors_changed = !rgba_equal (&self->theme.empty, &theme->empty) ||
                   !rgba_equal (&self->theme.foreground, &theme->foreground);
  if (weft_grid_set_theme (&self->theme, &self->text, theme))
    invalidate_measures (self);

  if (colors_changed)
    {
      self->scale.empty = self->theme.empty;
      self->lut_valid = FALSE;
      invalidate_image (self);
    }
}

/* The picture export shows the matrix's title; the widget leaves that to the
 * page around it. */
void
weft_matrix_renderer_set_show_title (WeftMatrixRenderer *self,
                                     gboolean            show_title)
{
  g_return_if_fail (WEFT_IS_MATRIX_RENDERER (self));

  self->show_title = !!show_title;
}

const WeftColorScale *
weft_matrix_renderer_get_color_scale (WeftMatrixRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), NULL);

  return &self->scale;
}

static gboolean
set_cell (WeftMatrixRenderer *self,
          gssize             *row_field,
          gssize             *column_field,
          gssize              row,
          gssize              column)
{
  if (row < 0 || column < 0 || row >= (gssize)self->n_rows || column >= (gssize)self->n_columns)
    row = column = -1;

  if (*row_field == row && *column_field == column)
    return FALSE;

  *row_field = row;
  *column_field = column;
  return TRUE;
}

/**
 * weft_matrix_renderer_set_hover:
 * @row: the hovered row, or -1 for none
 *
 * Returns: %TRUE if the hovered cell changed
 */
gboolean
weft_matrix_renderer_set_hover (WeftMatrixRenderer *self,
                                gssize              row,
                                gssize              column)
{
  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), FALSE);

  return set_cell (self, &self->hover_row, &self->hover_column, row, column);
}

gboolean
weft_matrix_renderer_set_selection (WeftMatrixRenderer *self,
                                    gssize              row,
                                    gssize              column)
{
  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), FALSE);

  return set_cell (self, &self->selected_row, &self->selected_column, row, column);
}

/* --- View (zoom and scroll) ----------------------------------------------------- */

double
weft_matrix_renderer_get_zoom (WeftMatrixRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), 1.0);

  return self->zoom;
}

/* The zoom at which a cell is MAX_CELL pixels wide (at least 1). */
double
weft_matrix_renderer_get_max_zoom (WeftMatrixRenderer *self,
                                   double              width,
                                   double              height)
{
  Frame frame;

  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), 1.0);

  _weft_matrix_renderer_compute_frame (self, width, height, &frame);
  return _weft_matrix_renderer_max_zoom_for_base (frame.base);
}

static gboolean
store_view (WeftMatrixRenderer *self,
            const Frame        *frame,
            double              zoom,
            double              view_row,
            double              view_column)
{
  _weft_matrix_renderer_clamp_view (self, frame, frame->base * zoom, &view_row, &view_column);

  if (zoom == self->zoom && view_row == self->view_row && view_column == self->view_column)
    return FALSE;

  self->zoom = zoom;
  self->view_row = view_row;
  self->view_column = view_column;
  return TRUE;
}

/**
 * weft_matrix_renderer_zoom_at:
 * @factor: > 1 zooms in, < 1 zooms out
 * @x: the point that stays put (the pointer), in the same space as the layout
 *
 * Zooms between 1 (the whole matrix fits) and the zoom at which cells are 240
 * pixels wide, keeping the cell under (@x, @y) under it. A point outside the
 * cells zooms around the centre of the visible cells.
 *
 * Returns: %TRUE if the view changed
 */
gboolean
weft_matrix_renderer_zoom_at (WeftMatrixRenderer *self,
                              double              width,
                              double              height,
                              double              factor,
                              double              x,
                              double              y)
{
  WeftMatrixLayout layout;
  Frame frame;
  double zoom, old_cell, new_cell, content_x, content_y;

  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), FALSE);
  g_return_val_if_fail (factor > 0, FALSE);

  if (self->matrix == NULL)
    return FALSE;

  _weft_matrix_renderer_compute_frame (self, width, height, &frame);
  weft_matrix_renderer_get_layout (self, width, height, &layout);
  old_cell = layout.cell_size;
  if (old_cell <= 0)
    return FALSE;

  if (!weft_grid_rect_contains (&layout.grid, x, y))
    {
      x = layout.grid.x + layout.grid.width / 2;
      y = layout.grid.y + layout.grid.height / 2;
    }

  zoom = CLAMP (self->zoom * factor, 1.0, _weft_matrix_renderer_max_zoom_for_base (frame.base));
  new_cell = frame.base * zoom;
  content_x = (x - layout.origin_x) / old_cell;
  content_y = (y - layout.origin_y) / old_cell;

  return store_view (self, &frame, zoom,
                     content_y - (y - frame.gy) / new_cell,
                     content_x - (x - frame.gx) / new_cell);
}

/* Scrolls by (@dx, @dy) pixels; positive values show cells further right/down. */
gboolean
weft_matrix_renderer_scroll_by (WeftMatrixRenderer *self,
                                double              width,
                                double              height,
                                double              dx,
                                double              dy)
{
  Frame frame;
  double cell, view_row, view_column;

  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), FALSE);

  _weft_matrix_renderer_compute_frame (self, width, height, &frame);
  cell = frame.base * self->zoom;
  if (cell <= 0)
    return FALSE;

  view_row = self->view_row;
  view_column = self->view_column;
  _weft_matrix_renderer_clamp_view (self, &frame, cell, &view_row, &view_column);

  return store_view (self, &frame, self->zoom, view_row + dy / cell, view_column + dx / cell);
}

/* Scrolls the least needed to show the whole of cell (@row, @column). */
gboolean
weft_matrix_renderer_scroll_to_cell (WeftMatrixRenderer *self,
                                     double              width,
                                     double              height,
                                     gsize               row,
                                     gsize               column)
{
  Frame frame;
  double cell, view_row, view_column, visible_rows, visible_columns;

  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), FALSE);

  _weft_matrix_renderer_compute_frame (self, width, height, &frame);
  cell = frame.base * self->zoom;
  if (cell <= 0 || row >= self->n_rows || column >= self->n_columns)
    return FALSE;

  view_row = self->view_row;
  view_column = self->view_column;
  _weft_matrix_renderer_clamp_view (self, &frame, cell, &view_row, &view_column);
  visible_columns = MIN (frame.avail_w, cell * (double)self->n_columns) / cell;
  visible_rows = MIN (frame.avail_h, cell * (double)self->n_rows) / cell;

  if ((double)column < view_column)
    view_column = column;
  else if ((double)column + 1 > view_column + visible_columns)
    view_column = (double)column + 1 - visible_columns;
  if ((double)row < view_row)
    view_row = row;
  else if ((double)row + 1 > view_row + visible_rows)
    view_row = (double)row + 1 - visible_rows;

  return store_view (self, &frame, self->zoom, view_row, view_column);
}

gboolean
weft_matrix_renderer_reset_view (WeftMatrixRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), FALSE);

  if (self->zoom == 1.0 && self->view_row == 0 && self->view_column == 0)
    return FALSE;

  self->zoom = 1.0;
  self->view_row = self->view_column = 0;
  return TRUE;
}

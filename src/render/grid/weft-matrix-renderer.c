/* weft-matrix-renderer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-error.h"
#include "weft-grid-util.h"
#include "weft-matrix-renderer.h"

/* Cell codes in the cache: the ramp is quantised to 256 levels, which is what
 * 8-bit channels can show anyway; the order makes "hottest" a plain max. */
#define CODE_FILTERED 0
#define CODE_EMPTY    1
#define CODE_RAMP     2
#define N_LEVELS      256
#define N_CODES       (CODE_RAMP + N_LEVELS)

#define MARGIN           8.0
#define LABEL_PAD        6.0
#define MAX_BASE_CELL    240.0
#define MAX_CELL         240.0
#define HATCH_MIN_CELL   6.0
#define VECTOR_MAX_CELLS 16384

struct _WeftMatrixRenderer
{
  GObject             parent_instance;

  WeftMatrix         *matrix;
  gsize               n_rows;
  gsize               n_columns;
  WeftMatrixStats     stats;
  WeftColorScaleMode  mode;
  WeftColorScale      scale;
  WeftRenderTheme     theme;
  WeftGridText       *text;
  gboolean            show_title;

  /* Measured once per matrix and font. */
  gboolean            measured;
  int                 line_height;
  int                 row_label_width;
  int                 column_label_width;
  char               *row_title;
  char               *column_title;

  /* Caches: the code of every cell, the one-pixel-per-cell image, and the
   * "hottest cell per pixel" image for cells smaller than a pixel. */
  guint16            *codes;
  guint32             lut[N_CODES];
  gboolean            lut_valid;
  cairo_surface_t    *image;
  cairo_surface_t    *reduced;
  double              reduced_cell;
  double              reduced_scale;

  gssize              hover_row;
  gssize              hover_column;
  gssize              selected_row;
  gssize              selected_column;

  double              zoom;
  double              view_row;     /* first visible row, fractional */
  double              view_column;
};

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
  double min = self->mode == WEFT_COLOR_SCALE_LOG ? self->stats.min_nonzero : self->stats.min;
  double max = self->stats.max;

  /* Infinities would leave no colour for the finite values around zero. */
  if (self->mode == WEFT_COLOR_SCALE_DIVERGING || self->mode == WEFT_COLOR_SCALE_RATIO)
    {
      min = self->stats.finite_min;
      max = self->stats.finite_max;
    }

  weft_color_scale_init (&self->scale, self->mode,
                         isnan (min) ? 0.0 : min,
                         isnan (max) ? 0.0 : max);
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

/* --- Layout ------------------------------------------------------------------ */

/* The widest label decides the label band and the thinning. Index labels are
 * numbers or short names; measuring the (up to 16) longest ones is exact for
 * numbers and close for names, and keeps the first frame of a 1024 × 1024
 * matrix fast. */
static int
measure_widest_label (WeftMatrixRenderer *self,
                      guint               dim,
                      gsize               n)
{
  g_autoptr(GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);
  gsize longest = 0;
  int widest = 0;

  for (gsize i = 0; i < n; i++)
    {
      char *label = weft_grid_dup_index_label (self->matrix, dim, i);
      gsize len = g_utf8_strlen (label, -1);

      if (len > longest)
        {
          longest = len;
          g_ptr_array_set_size (candidates, 0);
        }
      if (len == longest && candidates->len < 16)
        g_ptr_array_add (candidates, label);
      else
        g_free (label);
    }

  for (guint i = 0; i < candidates->len; i++)
    {
      int w;

      weft_grid_text_measure (self->text, g_ptr_array_index (candidates, i), &w, NULL);
      widest = MAX (widest, w);
    }

  return widest;
}

static void
ensure_measured (WeftMatrixRenderer *self)
{
  if (self->measured)
    return;

  self->line_height = weft_grid_text_line_height (weft_grid_text_ensure (&self->text, self->theme.font));
  self->row_label_width = 0;
  self->column_label_width = 0;

  if (self->matrix != NULL && weft_matrix_get_n_dims (self->matrix) == 1)
    {
      /* A 1-D array is one row: its only dimension runs along the columns. */
      const char *name = weft_matrix_get_dim_name (self->matrix, 0);

      self->row_title = g_strdup ("");
      self->column_title = g_strdup_printf ("%s →", name != NULL && name[0] != '\0' ? name : "index");
      self->column_label_width = measure_widest_label (self, 0, self->n_columns);
    }
  else if (self->matrix != NULL)
    {
      self->row_label_width = measure_widest_label (self, 0, self->n_rows);
      self->row_title = weft_grid_dup_axis_title (self->matrix, 0);
      self->column_label_width = measure_widest_label (self, 1, self->n_columns);
      self->column_title = weft_grid_dup_axis_title (self->matrix, 1);
    }

  self->measured = TRUE;
}

static double
title_band_height (WeftMatrixRenderer *self)
{
  const char *title = self->matrix != NULL ? weft_matrix_get_title (self->matrix) : NULL;

  return self->show_title && title != NULL && title[0] != '\0' ? self->line_height + 6.0 : 0.0;
}

static double
legend_band_height (WeftMatrixRenderer *self)
{
  return 10.0 + WEFT_GRID_RAMP_HEIGHT + 2.0 + self->line_height;
}

/* The base cell fits the whole matrix; zoom multiplies it. Cells are square so
 * that a matrix keeps its shape (chplvis's grid is square too). */
static double
base_cell_size (WeftMatrixRenderer *self,
                double              avail_w,
                double              avail_h)
{
  double base;

  if (self->n_rows == 0 || self->n_columns == 0 || avail_w <= 0 || avail_h <= 0)
    return 0.0;

  base = MIN (avail_w / (double)self->n_columns, avail_h / (double)self->n_rows);
  return MIN (base, MAX_BASE_CELL);
}

typedef struct
{
  double gx, gy;          /* top-left corner of the cell area */
  double avail_w, avail_h;
  double base;
} Frame;

static void
compute_frame (WeftMatrixRenderer *self,
               double              width,
               double              height,
               Frame              *frame)
{
  double lh;

  ensure_measured (self);
  lh = self->line_height;

  frame->gx = floor (MARGIN + (self->row_label_width > 0 ? self->row_label_width + LABEL_PAD : 0));
  frame->gy = floor (MARGIN + title_band_height (self) + lh + 4.0 + lh + 4.0);
  frame->avail_w = width - frame->gx - MARGIN;
  frame->avail_h = height - frame->gy - MARGIN - legend_band_height (self);
  frame->base = base_cell_size (self, frame->avail_w, frame->avail_h);
}

static double
max_zoom_for_base (double base)
{
  return base > 0 ? MAX (1.0, MAX_CELL / base) : 1.0;
}

static void
clamp_view (WeftMatrixRenderer *self,
            const Frame        *frame,
            double              cell,
            double             *view_row,
            double             *view_column)
{
  double visible_rows, visible_columns;

  if (cell <= 0)
    {
      *view_row = *view_column = 0;
      return;
    }

  visible_columns = MIN (frame->avail_w, cell * (double)self->n_columns) / cell;
  visible_rows = MIN (frame->avail_h, cell * (double)self->n_rows) / cell;
  *view_column = CLAMP (*view_column, 0.0, MAX (0.0, (double)self->n_columns - visible_columns));
  *view_row = CLAMP (*view_row, 0.0, MAX (0.0, (double)self->n_rows - visible_rows));
}

void
weft_matrix_renderer_get_layout (WeftMatrixRenderer *self,
                                 double              width,
                                 double              height,
                                 WeftMatrixLayout   *layout)
{
  Frame frame;
  double cell, view_row, view_column, vis_w, vis_h, lh;

  g_return_if_fail (WEFT_IS_MATRIX_RENDERER (self));
  g_return_if_fail (layout != NULL);

  memset (layout, 0, sizeof *layout);
  compute_frame (self, width, height, &frame);
  lh = self->line_height;

  cell = frame.base * self->zoom;
  view_row = self->view_row;
  view_column = self->view_column;
  clamp_view (self, &frame, cell, &view_row, &view_column);

  vis_w = cell > 0 ? MIN (frame.avail_w, cell * (double)self->n_columns) : 0;
  vis_h = cell > 0 ? MIN (frame.avail_h, cell * (double)self->n_rows) : 0;

  layout->cell_size = cell;
  layout->origin_x = frame.gx - view_column * cell;
  layout->origin_y = frame.gy - view_row * cell;
  layout->grid = (cairo_rectangle_t) { frame.gx, frame.gy, vis_w, vis_h };
  layout->row_labels = (cairo_rectangle_t) { MARGIN, frame.gy, MAX (0, frame.gx - MARGIN - 2.0), vis_h };
  layout->column_labels = (cairo_rectangle_t) { frame.gx, frame.gy - lh - 4.0, vis_w, lh + 2.0 };
  layout->title_y = frame.gy - 2.0 * (lh + 4.0);
  layout->legend = (cairo_rectangle_t) { MARGIN, frame.gy + vis_h + 10.0,
                                         MAX (0, width - 2 * MARGIN), WEFT_GRID_RAMP_HEIGHT + 2.0 + lh };
  layout->row_step = weft_grid_label_step (cell, lh, 2.0);
  layout->column_step = weft_grid_label_step (cell, self->column_label_width, 8.0);

  if (cell > 0)
    {
      layout->first_row = (gsize)floor (view_row);
      layout->first_column = (gsize)floor (view_column);
      layout->end_row = MIN (self->n_rows, (gsize)ceil (view_row + vis_h / cell - 1e-9));
      layout->end_column = MIN (self->n_columns, (gsize)ceil (view_column + vis_w / cell - 1e-9));
    }
}

gboolean
weft_matrix_renderer_get_cell_rect (WeftMatrixRenderer *self,
                                    double              width,
                                    double              height,
                                    gsize               row,
                                    gsize               column,
                                    cairo_rectangle_t  *rect)
{
  WeftMatrixLayout layout;

  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  if (row >= self->n_rows || column >= self->n_columns)
    return FALSE;

  weft_matrix_renderer_get_layout (self, width, height, &layout);
  rect->x = layout.origin_x + (double)column * layout.cell_size;
  rect->y = layout.origin_y + (double)row * layout.cell_size;
  rect->width = rect->height = layout.cell_size;

  /* Visible at all? */
  return layout.cell_size > 0 &&
         rect->x + rect->width > layout.grid.x && rect->x < layout.grid.x + layout.grid.width &&
         rect->y + rect->height > layout.grid.y && rect->y < layout.grid.y + layout.grid.height;
}

void
weft_matrix_renderer_hit_test (WeftMatrixRenderer *self,
                               double              width,
                               double              height,
                               double              x,
                               double              y,
                               WeftMatrixHit      *hit)
{
  WeftMatrixLayout layout;
  double cell;

  g_return_if_fail (WEFT_IS_MATRIX_RENDERER (self));
  g_return_if_fail (hit != NULL);

  memset (hit, 0, sizeof *hit);
  hit->kind = WEFT_MATRIX_HIT_NONE;
  if (self->matrix == NULL)
    return;

  weft_matrix_renderer_get_layout (self, width, height, &layout);
  cell = layout.cell_size;
  if (cell <= 0)
    return;

  if (weft_grid_rect_contains (&layout.grid, x, y))
    {
      hit->kind = WEFT_MATRIX_HIT_CELL;
      hit->row = MIN ((gsize)floor ((y - layout.origin_y) / cell), self->n_rows - 1);
      hit->column = MIN ((gsize)floor ((x - layout.origin_x) / cell), self->n_columns - 1);
    }
  else if (self->row_label_width > 0 &&
           x >= layout.row_labels.x && x < layout.grid.x &&
           y >= layout.grid.y && y < layout.grid.y + layout.grid.height)
    {
      hit->kind = WEFT_MATRIX_HIT_ROW_LABEL;
      hit->row = MIN ((gsize)floor ((y - layout.origin_y) / cell), self->n_rows - 1);
    }
  else if (weft_grid_rect_contains (&layout.column_labels, x, y))
    {
      hit->kind = WEFT_MATRIX_HIT_COLUMN_LABEL;
      hit->column = MIN ((gsize)floor ((x - layout.origin_x) / cell), self->n_columns - 1);
    }
  else if (weft_grid_rect_contains (&layout.legend, x, y))
    {
      hit->kind = WEFT_MATRIX_HIT_LEGEND;
    }
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

  compute_frame (self, width, height, &frame);
  return max_zoom_for_base (frame.base);
}

static gboolean
store_view (WeftMatrixRenderer *self,
            const Frame        *frame,
            double              zoom,
            double              view_row,
            double              view_column)
{
  clamp_view (self, frame, frame->base * zoom, &view_row, &view_column);

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

  compute_frame (self, width, height, &frame);
  weft_matrix_renderer_get_layout (self, width, height, &layout);
  old_cell = layout.cell_size;
  if (old_cell <= 0)
    return FALSE;

  if (!weft_grid_rect_contains (&layout.grid, x, y))
    {
      x = layout.grid.x + layout.grid.width / 2;
      y = layout.grid.y + layout.grid.height / 2;
    }

  zoom = CLAMP (self->zoom * factor, 1.0, max_zoom_for_base (frame.base));
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

  compute_frame (self, width, height, &frame);
  cell = frame.base * self->zoom;
  if (cell <= 0)
    return FALSE;

  view_row = self->view_row;
  view_column = self->view_column;
  clamp_view (self, &frame, cell, &view_row, &view_column);

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

  compute_frame (self, width, height, &frame);
  cell = frame.base * self->zoom;
  if (cell <= 0 || row >= self->n_rows || column >= self->n_columns)
    return FALSE;

  view_row = self->view_row;
  view_column = self->view_column;
  clamp_view (self, &frame, cell, &view_row, &view_column);
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

/* --- Text ------------------------------------------------------------------- */

static const char *
value_kind (WeftMatrixRenderer *self)
{
  const char *name = self->matrix != NULL ? weft_matrix_get_value_name (self->matrix) : NULL;

  return name != NULL && name[0] != '\0' ? name : "value";
}

static double
cell_value (WeftMatrixRenderer *self,
            gsize               row,
            gsize               column)
{
  return weft_matrix_peek_data (self->matrix)[row * self->n_columns + column];
}

static gboolean
cell_filtered (WeftMatrixRenderer *self,
               gsize               row,
               gsize               column)
{
  return weft_matrix_is_filtered (self->matrix, row * self->n_columns + column);
}

/**
 * weft_matrix_renderer_describe_cell:
 *
 * Returns: (transfer full) (nullable): two lines for a tooltip, e.g.
 *   "from locale 3 → to locale 5\ncount: 1 234"; %NULL outside the matrix
 */
char *
weft_matrix_renderer_describe_cell (WeftMatrixRenderer *self,
                                    gsize               row,
                                    gsize               column)
{
  g_autofree char *where = NULL;
  g_autofree char *value = NULL;

  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), NULL);

  if (self->matrix == NULL || row >= self->n_rows || column >= self->n_columns)
    return NULL;

  if (weft_matrix_get_n_dims (self->matrix) == 1)
    where = weft_grid_dup_index_name (self->matrix, 0, column);
  else
    {
      g_autofree char *from = weft_grid_dup_index_name (self->matrix, 0, row);
      g_autofree char *to = weft_grid_dup_index_name (self->matrix, 1, column);

      where = g_strdup_printf ("%s → %s", from, to);
    }

  if (cell_filtered (self, row, column))
    return g_strdup_printf ("%s\n%s", where, _("filtered out"));

  value = weft_grid_format_value (value_kind (self), cell_value (self, row, column));
  return g_strdup_printf ("%s\n%s: %s", where, value_kind (self), value);
}

/**
 * weft_matrix_renderer_describe_hit:
 *
 * Returns: (transfer full) (nullable): a tooltip for what @hit points at: a
 *   cell, a row or column (its name and total), or the legend
 */
char *
weft_matrix_renderer_describe_hit (WeftMatrixRenderer  *self,
                                   const WeftMatrixHit *hit)
{
  g_return_val_if_fail (WEFT_IS_MATRIX_RENDERER (self), NULL);
  g_return_val_if_fail (hit != NULL, NULL);

  if (self->matrix == NULL)
    return NULL;

  switch (hit->kind)
    {
    case WEFT_MATRIX_HIT_CELL:
      return weft_matrix_renderer_describe_cell (self, hit->row, hit->column);

    case WEFT_MATRIX_HIT_ROW_LABEL:
    case WEFT_MATRIX_HIT_COLUMN_LABEL:
      {
        gboolean is_row = hit->kind == WEFT_MATRIX_HIT_ROW_LABEL;
        gsize index = is_row ? hit->row : hit->column;
        gsize n = is_row ? self->n_columns : self->n_rows;
        guint dim = is_row || weft_matrix_get_n_dims (self->matrix) == 1 ? 0 : 1;
        g_autofree char *name = weft_grid_dup_index_name (self->matrix, dim, index);
        g_autofree char *total = NULL;
        double sum = 0;

        for (gsize k = 0; k < n; k++)
          {
            gsize r = is_row ? index : k, c = is_row ? k : index;
            double v = cell_value (self, r, c);

            if (!cell_filtered (self, r, c) && !isnan (v))
              sum += v;
          }
        total = weft_grid_format_value (value_kind (self), sum);
        return g_strdup_printf ("%s\n%s %s: %s", name, _("total"), value_kind (self), total);
      }

    case WEFT_MATRIX_HIT_LEGEND:
      {
        g_autofree char *min = weft_grid_format_value (value_kind (self), self->stats.min);
        g_autofree char *max = weft_grid_format_value (value_kind (self), self->stats.max);

        return g_strdup_printf (_("%s from %s to %s (%s scale); empty cells are 0"),
                                value_kind (self), min, max,
                                self->mode == WEFT_COLOR_SCALE_LOG ? _("log")
                                : self->mode == WEFT_COLOR_SCALE_DIVERGING ? _("diverging")
                                : self->mode == WEFT_COLOR_SCALE_RATIO ? _("ratio") : _("linear"));
      }

    case WEFT_MATRIX_HIT_NONE:
    default:
      return NULL;
    }
}

/* --- Cell colours ----------------------------------------------------------- */

static void
ensure_codes (WeftMatrixRenderer *self)
{
  const double *data;
  gsize n;

  if (self->codes != NULL || self->matrix == NULL)
    return;

  n = self->n_rows * self->n_columns;
  data = weft_matrix_peek_data (self->matrix);
  self->codes = g_new (guint16, n);

  for (gsize i = 0; i < n; i++)
    {
      double t;

      /* Most matrices have no filtered cell: skip the per-cell mask lookup. */
      if (self->stats.n_filtered > 0 && weft_matrix_is_filtered (self->matrix, i))
        {
          self->codes[i] = CODE_FILTERED;
          continue;
        }
      /* Communication matrices are mostly zeros (a ratio of 0 is a colour:
       * all gone). */
      if (data[i] == 0.0 && self->mode != WEFT_COLOR_SCALE_RATIO)
        {
          self->codes[i] = CODE_EMPTY;
          continue;
        }
      t = weft_color_scale_position (&self->scale, data[i]);
      self->codes[i] = t < 0 ? CODE_EMPTY : (guint16)(CODE_RAMP + (int)(t * (N_LEVELS - 1) + 0.5));
    }
}

static WeftRgba
code_color (WeftMatrixRenderer *self,
            guint16             code)
{
  WeftRgba empty = self->theme.empty;

  empty.alpha = 1.0;
  if (code == CODE_FILTERED)
    return weft_grid_filtered_color (&self->theme);
  if (code == CODE_EMPTY)
    return empty;

  return weft_color_scale_ramp (&self->scale, (double)(code - CODE_RAMP) / (N_LEVELS - 1));
}

static void
ensure_lut (WeftMatrixRenderer *self)
{
  if (self->lut_valid)
    return;

  /* Cell colours are opaque, for the RGB24 cell images. */
  for (guint code = 0; code < N_CODES; code++)
    {
      WeftRgba c = code_color (self, code);

      self->lut[code] = weft_rgba_to_pixel (&c);
    }
  self->lut_valid = TRUE;
}

static cairo_surface_t *
surface_from_codes (WeftMatrixRenderer *self,
                    const guint16      *codes,
                    gsize               width,
                    gsize               height)
{
  cairo_surface_t *surface;
  guint8 *pixels;
  int stride;

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int)width, (int)height);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    return surface;

  cairo_surface_flush (surface);
  pixels = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (gsize y = 0; y < height; y++)
    {
      guint32 *line = (guint32 *)(gpointer)(pixels + y * (gsize)stride);
      const guint16 *src = codes + y * width;

      for (gsize x = 0; x < width; x++)
        line[x] = self->lut[src[x]];
    }
  cairo_surface_mark_dirty (surface);

  return surface;
}

static void
ensure_image (WeftMatrixRenderer *self)
{
  if (self->image != NULL || self->matrix == NULL)
    return;

  ensure_codes (self);
  ensure_lut (self);
  self->image = surface_from_codes (self, self->codes, self->n_columns, self->n_rows);
}

/* For cells smaller than a device pixel: each cell goes to the pixel under its
 * centre and each pixel shows the hottest cell it got (a pixel of only
 * filtered cells stays filtered). Averaging would wash a single busy pair out
 * of a 1024 × 1024 matrix; the maximum keeps it. */
static void
ensure_reduced (WeftMatrixRenderer *self,
                double              device_cell)
{
  g_autofree guint16 *out = NULL;
  g_autofree guint *column_pixel = NULL;
  gsize out_w, out_h;

  if (self->reduced != NULL && self->reduced_cell == device_cell)
    return;

  g_clear_pointer (&self->reduced, cairo_surface_destroy);
  ensure_codes (self);
  ensure_lut (self);

  out_w = (gsize)floor (((double)self->n_columns - 0.5) * device_cell) + 1;
  out_h = (gsize)floor (((double)self->n_rows - 0.5) * device_cell) + 1;
  out = g_new0 (guint16, out_w * out_h);
  column_pixel = g_new (guint, self->n_columns);
  for (gsize c = 0; c < self->n_columns; c++)
    column_pixel[c] = (guint)MIN (out_w - 1, (gsize)floor (((double)c + 0.5) * device_cell));

  for (gsize r = 0; r < self->n_rows; r++)
    {
      gsize py = MIN (out_h - 1, (gsize)floor (((double)r + 0.5) * device_cell));
      guint16 *dst = out + py * out_w;
      const guint16 *src = self->codes + r * self->n_columns;

      for (gsize c = 0; c < self->n_columns; c++)
        {
          guint px = column_pixel[c];

          if (src[c] > dst[px])
            dst[px] = src[c];
        }
    }

  self->reduced = surface_from_codes (self, out, out_w, out_h);
  self->reduced_cell = device_cell;
}

/* --- Drawing ---------------------------------------------------------------- */

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

  ensure_codes (self);
  for (gsize r = layout->first_row; r < layout->end_row; r++)
    for (gsize c = layout->first_column; c < layout->end_column; c++)
      {
        WeftRgba color = code_color (self, self->codes[r * self->n_columns + c]);

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
      ensure_image (self);
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
      ensure_reduced (self, device_cell);
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

        if (!cell_filtered (self, r, c))
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

  ensure_codes (self);
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
        value = weft_grid_format_value (value_kind (self), cell_value (self, r, c));
        pango_layout_set_text (text, value, -1);
        pango_layout_get_pixel_size (text, &tw, &th);
        if (tw + 4 > cell)
          continue;
        background = code_color (self, code);
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

  if (title_band_height (self) > 0)
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

/* "min 3 · max 1 234"; a communication matrix is mostly zeros, so when it has
 * any its smallest non-zero value says more. */
static char *
dup_range_text (WeftMatrixRenderer *self)
{
  const char *kind = value_kind (self);
  g_autofree char *max = NULL;
  g_autofree char *min = NULL;
  gboolean has_zeros = self->stats.n_nonzero + self->stats.n_nan < self->stats.n_valid;

  if (isnan (self->stats.min))
    return NULL;

  max = weft_grid_format_value (kind, self->stats.max);
  if (has_zeros && self->stats.min >= 0 && !isnan (self->stats.min_nonzero))
    {
      min = weft_grid_format_value (kind, self->stats.min_nonzero);
      return g_strdup_printf (_("min non-zero %s · max %s"), min, max);
    }
  min = weft_grid_format_value (kind, self->stats.min);
  return g_strdup_printf (_("min %s · max %s"), min, max);
}

/* Caption, ramp (its ends labelled with the values they stand for), the
 * range, and keys for empty and filtered cells. When the view is narrow the
 * range goes first (the ramp's labels say nearly as much), then the ramp
 * shrinks. */
static void
draw_legend (WeftMatrixRenderer     *self,
             cairo_t                *cr,
             PangoLayout            *text,
             const WeftMatrixLayout *layout)
{
  const char *kind = value_kind (self);
  g_autofree char *caption = NULL;
  g_autofree char *range = NULL;
  double x = layout->legend.x, y = layout->legend.y, ramp_w, caption_w, range_w = 0, keys_w;
  WeftRgba empty = self->theme.empty, filtered = weft_grid_filtered_color (&self->theme);
  int tw, th;

  caption = self->mode == WEFT_COLOR_SCALE_LOG ? g_strdup_printf ("%s (%s)", kind, _("log"))
            : self->mode == WEFT_COLOR_SCALE_DIVERGING ? g_strdup_printf ("%s (%s)", kind, _("diverging"))
            : self->mode == WEFT_COLOR_SCALE_RATIO ? g_strdup_printf ("%s (%s)", kind, _("ratio"))
            : g_strdup (kind);
  pango_layout_set_text (text, caption, -1);
  pango_layout_get_pixel_size (text, &tw, &th);
  caption_w = tw + 8;

  range = dup_range_text (self);
  if (range != NULL)
    {
      pango_layout_set_text (text, range, -1);
      pango_layout_get_pixel_size (text, &tw, &th);
      range_w = tw + 14;
    }
  keys_w = swatch_width (text, "0") + (self->stats.n_filtered > 0 ? swatch_width (text, _("filtered")) : 0);

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
  draw_swatch (self, cr, text, &x, y, &empty, FALSE, "0");
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
 * The "comm-matrix" picture of the exporter (a #WeftPictureFunc): the
 * dataset's "comm-matrix" for @options, with its title, in @theme.
 */
gboolean
weft_matrix_draw_picture (WeftDataset           *dataset,
                          const WeftViewOptions *options,
                          const WeftRenderTheme *theme,
                          cairo_t               *cr,
                          double                 width,
                          double                 height,
                          GError               **error)
{
  return draw_matrix_view (dataset, "comm-matrix", options, theme, cr, width, height, error);
}

/**
 * weft_matrix_draw_array_picture:
 *
 * The "array" picture (DDT MDA documents): a 2-D plane of the array.
 */
gboolean
weft_matrix_draw_array_picture (WeftDataset           *dataset,
                                const WeftViewOptions *options,
                                const WeftRenderTheme *theme,
                                cairo_t               *cr,
                                double                 width,
                                double                 height,
                                GError               **error)
{
  return draw_matrix_view (dataset, "array", options, theme, cr, width, height, error);
}

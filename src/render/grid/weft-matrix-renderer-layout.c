/* weft-matrix-renderer-layout.c: where a matrix view puts things: the label
 * bands (measured once per matrix and font), the title and legend bands,
 * the cell area and its cell size at the current zoom, the visible cells
 * and each cell's rectangle.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "weft-matrix-renderer-private.h"

/* The characters of the index label @value ("-12": 3). */
static gsize
number_length (gint64 value)
{
  guint64 magnitude = value < 0 ? -(guint64)value : (guint64)value;
  gsize len = value < 0 ? 2 : 1;

  while (magnitude >= 10)
    magnitude /= 10, len++;
  return len;
}

/* Counts the label of index @i of @dim among the longest (@candidates, up
 * to 16 of them, of @longest characters). */
static void
consider_label (WeftMatrixRenderer *self,
                guint               dim,
                gsize               i,
                GPtrArray          *candidates,
                gsize              *longest)
{
  const char *own = weft_matrix_get_dim_label (self->matrix, dim, i);
  gsize len = own != NULL && own[0] != '\0' ? (gsize)g_utf8_strlen (own, -1)
                                            : number_length (weft_matrix_get_dim_start (self->matrix, dim) + (gint64)i);

  if (len > *longest)
    {
      *longest = len;
      g_ptr_array_set_size (candidates, 0);
    }
  if (len == *longest && candidates->len < 16)
    g_ptr_array_add (candidates, weft_grid_dup_index_label (self->matrix, dim, i));
}

/* The widest label decides the label band and the thinning. Index labels are
 * numbers or short names; measuring the (up to 16) longest ones is exact for
 * numbers and close for names, and keeps the first frame of a 1024 × 1024
 * matrix fast. Numbers are counted, not printed, and past the last own label
 * only the two ends can be longest (a 1-D array of 20 million values took
 * 7 s here, a printf per index). */
static int
measure_widest_label (WeftMatrixRenderer *self,
                      guint               dim,
                      gsize               n)
{
  g_autoptr(GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);
  gsize n_own = MIN (weft_matrix_get_n_dim_labels (self->matrix, dim), n);
  gsize longest = 0;
  int widest = 0;

  for (gsize i = 0; i < n_own; i++)
    consider_label (self, dim, i, candidates, &longest);
  if (n_own < n)
    consider_label (self, dim, n_own, candidates, &longest);
  if (n_own + 1 < n)
    consider_label (self, dim, n - 1, candidates, &longest);

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

double
_weft_matrix_renderer_title_band_height (WeftMatrixRenderer *self)
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

void
_weft_matrix_renderer_compute_frame (WeftMatrixRenderer *self,
                                     double              width,
                                     double              height,
                                     Frame              *frame)
{
  double lh;

  ensure_measured (self);
  lh = self->line_height;

  frame->gx = floor (MARGIN + (self->row_label_width > 0 ? self->row_label_width + LABEL_PAD : 0));
  frame->gy = floor (MARGIN + _weft_matrix_renderer_title_band_height (self) + lh + 4.0 + lh + 4.0);
  frame->avail_w = width - frame->gx - MARGIN;
  frame->avail_h = height - frame->gy - MARGIN - legend_band_height (self);
  frame->base = base_cell_size (self, frame->avail_w, frame->avail_h);
}

double
_weft_matrix_renderer_max_zoom_for_base (double base)
{
  return base > 0 ? MAX (1.0, MAX_CELL / base) : 1.0;
}

void
_weft_matrix_renderer_clamp_view (WeftMatrixRenderer *self,
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
  _weft_matrix_renderer_compute_frame (self, width, height, &frame);
  lh = self->line_height;

  cell = frame.base * self->zoom;
  view_row = self->view_row;
  view_column = self->view_column;
  _weft_matrix_renderer_clamp_view (self, &frame, cell, &view_row, &view_column);

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

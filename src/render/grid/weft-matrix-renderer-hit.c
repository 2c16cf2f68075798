/* weft-matrix-renderer-hit.c: what a point of a matrix view is over (a
 * cell, a row or column label, the legend) and what it says there in words:
 * the tooltips of a cell, of a row's or column's total and of the legend.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-matrix-renderer-private.h"

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

const char *
_weft_matrix_renderer_value_kind (WeftMatrixRenderer *self)
{
  const char *name = self->matrix != NULL ? weft_matrix_get_value_name (self->matrix) : NULL;

  return name != NULL && name[0] != '\0' ? name : "value";
}

double
_weft_matrix_renderer_cell_value (WeftMatrixRenderer *self,
                                  gsize               row,
                                  gsize               column)
{
  return weft_matrix_peek_data (self->matrix)[row * self->n_columns + column];
}

gboolean
_weft_matrix_renderer_cell_filtered (WeftMatrixRenderer *self,
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

  if (_weft_matrix_renderer_cell_filtered (self, row, column))
    return g_strdup_printf ("%s\n%s", where, _("filtered out"));

  value = weft_grid_format_value (_weft_matrix_renderer_value_kind (self), _weft_matrix_renderer_cell_value (self, row, column));
  return g_strdup_printf ("%s\n%s: %s", where, _weft_matrix_renderer_value_kind (self), value);
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
            double v = _weft_matrix_renderer_cell_value (self, r, c);

            if (!_weft_matrix_renderer_cell_filtered (self, r, c) && !isnan (v))
              sum += v;
          }
        total = weft_grid_format_value (_weft_matrix_renderer_value_kind (self), sum);
        return g_strdup_printf ("%s\n%s %s: %s", name, _("total"), _weft_matrix_renderer_value_kind (self), total);
      }

    case WEFT_MATRIX_HIT_LEGEND:
      {
        /* The ramp's range: finite values (infinities have a colour apart). */
        g_autofree char *min = weft_grid_format_value (_weft_matrix_renderer_value_kind (self), self->stats.finite_min);
        g_autofree char *max = weft_grid_format_value (_weft_matrix_renderer_value_kind (self), self->stats.finite_max);

        const char *scale = self->mode == WEFT_COLOR_SCALE_LOG ? _("log")
                            : self->mode == WEFT_COLOR_SCALE_DIVERGING ? _("diverging")
                            : self->mode == WEFT_COLOR_SCALE_RATIO ? _("ratio") : _("linear");

        if (!weft_color_scale_zero_is_empty (&self->scale))
          return g_strdup_printf (_("%s from %s to %s (%s scale)"), _weft_matrix_renderer_value_kind (self), min, max, scale);
        return g_strdup_printf (_("%s from %s to %s (%s scale); empty cells are 0"),
                                _weft_matrix_renderer_value_kind (self), min, max, scale);
      }

    case WEFT_MATRIX_HIT_NONE:
    default:
      return NULL;
    }
}

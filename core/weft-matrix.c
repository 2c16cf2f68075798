/* weft-matrix.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-error.h"
#include "weft-matrix.h"

struct _WeftMatrix
{
  gatomicrefcount ref_count;
  guint           n_dims;
  gsize           shape[WEFT_MATRIX_MAX_DIMS];
  gsize           n_elements;
  double         *data;
  guint8         *filtered;   /* one bit per cell, allocated on first use */
  char           *title;
  char           *value_name;
  char           *dim_names[WEFT_MATRIX_MAX_DIMS];
  gint64          dim_start[WEFT_MATRIX_MAX_DIMS];
  GPtrArray      *dim_labels[WEFT_MATRIX_MAX_DIMS];  /* index -> char*, or NULL */
  WeftMatrixValueKind value_kind;
};

G_DEFINE_BOXED_TYPE (WeftMatrix, weft_matrix, weft_matrix_ref, weft_matrix_unref)

/**
 * weft_matrix_new:
 * @shape: (array length=n_dims): the size of each dimension
 *
 * Returns: (transfer full): a matrix of zeros with nothing filtered, or %NULL
 *   when the shape is empty or too large to allocate.
 */
WeftMatrix *
weft_matrix_new (guint        n_dims,
                 const gsize *shape)
{
  WeftMatrix *self;
  gsize n = 1;

  g_return_val_if_fail (n_dims > 0 && n_dims <= WEFT_MATRIX_MAX_DIMS, NULL);
  g_return_val_if_fail (shape != NULL, NULL);

  for (guint i = 0; i < n_dims; i++)
    {
      if (shape[i] == 0 || n > G_MAXSIZE / sizeof (double) / shape[i])
        return NULL;
      n *= shape[i];
    }

  self = g_new0 (WeftMatrix, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->n_dims = n_dims;
  memcpy (self->shape, shape, n_dims * sizeof (gsize));
  self->n_elements = n;
  self->data = g_try_new0 (double, n);
  if (self->data == NULL)
    {
      g_free (self);
      return NULL;
    }

  return self;
}

WeftMatrix *
weft_matrix_new_2d (gsize n_rows,
                    gsize n_columns)
{
  gsize shape[2] = { n_rows, n_columns };

  return weft_matrix_new (2, shape);
}

WeftMatrix *
weft_matrix_ref (WeftMatrix *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
weft_matrix_unref (WeftMatrix *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  g_free (self->data);
  g_free (self->filtered);
  g_free (self->title);
  g_free (self->value_name);
  for (guint i = 0; i < WEFT_MATRIX_MAX_DIMS; i++)
    {
      g_free (self->dim_names[i]);
      g_clear_pointer (&self->dim_labels[i], g_ptr_array_unref);
    }
  g_free (self);
}

WeftMatrix *
weft_matrix_copy (const WeftMatrix *self)
{
  WeftMatrix *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = weft_matrix_new (self->n_dims, self->shape);
  if (copy == NULL)
    return NULL;

  memcpy (copy->data, self->data, self->n_elements * sizeof (double));
  if (self->filtered != NULL)
    copy->filtered = g_memdup2 (self->filtered, (self->n_elements + 7) / 8);
  copy->title = g_strdup (self->title);
  copy->value_name = g_strdup (self->value_name);
  copy->value_kind = self->value_kind;
  for (guint i = 0; i < self->n_dims; i++)
    {
      copy->dim_names[i] = g_strdup (self->dim_names[i]);
      copy->dim_start[i] = self->dim_start[i];
      if (self->dim_labels[i] != NULL)
        {
          copy->dim_labels[i] = g_ptr_array_new_full (self->dim_labels[i]->len, g_free);
          for (guint j = 0; j < self->dim_labels[i]->len; j++)
            g_ptr_array_add (copy->dim_labels[i], g_strdup (g_ptr_array_index (self->dim_labels[i], j)));
        }
    }

  return copy;
}

/* Copies dimension @from of @src (name, start, labels) to @to of @dst. */
static void
copy_dim (WeftMatrix       *dst,
          guint             to,
          const WeftMatrix *src,
          guint             from)
{
  dst->dim_names[to] = g_strdup (src->dim_names[from]);
  dst->dim_start[to] = src->dim_start[from];
  if (src->dim_labels[from] != NULL)
    {
      dst->dim_labels[to] = g_ptr_array_new_full (src->dim_labels[from]->len, g_free);
      for (guint j = 0; j < src->dim_labels[from]->len; j++)
        g_ptr_array_add (dst->dim_labels[to], g_strdup (g_ptr_array_index (src->dim_labels[from], j)));
    }
}

/**
 * weft_matrix_slice_2d:
 * @row_dim: the dimension that becomes the rows
 * @column_dim: the dimension that becomes the columns (may be below @row_dim:
 *   the slice is then transposed)
 * @fixed: (array): an index for every dimension; those of @row_dim and
 *   @column_dim are ignored
 *
 * The 2-D plane of an N-d array through @fixed (DDT shows two metavariables
 * at a time; the others are fixed by sliders). Values, filtered cells, names,
 * starts and labels of the two dimensions are kept. A 1-D matrix gives a
 * one-column slice.
 *
 * Returns: (transfer full): the slice, or %NULL when an index is out of range.
 */
WeftMatrix *
weft_matrix_slice_2d (const WeftMatrix *self,
                      guint             row_dim,
                      guint             column_dim,
                      const gsize      *fixed)
{
  gsize strides[WEFT_MATRIX_MAX_DIMS];
  gsize base = 0, n_rows, n_columns;
  WeftMatrix *slice;

  g_return_val_if_fail (self != NULL, NULL);

  if (self->n_dims == 1)
    {
      slice = weft_matrix_new_2d (self->shape[0], 1);
      if (slice == NULL)
        return NULL;
      memcpy (slice->data, self->data, self->n_elements * sizeof (double));
      if (self->filtered != NULL)
        slice->filtered = g_memdup2 (self->filtered, (self->n_elements + 7) / 8);
      copy_dim (slice, 0, self, 0);
      slice->title = g_strdup (self->title);
      slice->value_name = g_strdup (self->value_name);
      slice->value_kind = self->value_kind;
      return slice;
    }

  g_return_val_if_fail (row_dim < self->n_dims && column_dim < self->n_dims && row_dim != column_dim, NULL);

  strides[self->n_dims - 1] = 1;
  for (guint d = self->n_dims - 1; d > 0; d--)
    strides[d - 1] = strides[d] * self->shape[d];
  for (guint d = 0; d < self->n_dims; d++)
    {
      if (d == row_dim || d == column_dim)
        continue;
      if (fixed == NULL || fixed[d] >= self->shape[d])
        return NULL;
      base += fixed[d] * strides[d];
    }

  n_rows = self->shape[row_dim];
  n_columns = self->shape[column_dim];
  slice = weft_matrix_new_2d (n_rows, n_columns);
  if (slice == NULL)
    return NULL;

  for (gsize r = 0; r < n_rows; r++)
    for (gsize c = 0; c < n_columns; c++)
      {
        gsize from = base + r * strides[row_dim] + c * strides[column_dim];

        slice->data[r * n_columns + c] = self->data[from];
        if (weft_matrix_is_filtered (self, from))
          weft_matrix_set_filtered (slice, r * n_columns + c, TRUE);
      }

  copy_dim (slice, 0, self, row_dim);
  copy_dim (slice, 1, self, column_dim);
  slice->title = g_strdup (self->title);
  slice->value_name = g_strdup (self->value_name);
  slice->value_kind = self->value_kind;

  return slice;
}

guint
weft_matrix_get_n_dims (const WeftMatrix *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_dims;
}

const gsize *
weft_matrix_get_shape (const WeftMatrix *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->shape;
}

gsize
weft_matrix_get_n_elements (const WeftMatrix *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_elements;
}

/* Row-major storage: the last dimension varies fastest. */
double *
weft_matrix_get_data (WeftMatrix *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->data;
}

const double *
weft_matrix_peek_data (const WeftMatrix *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->data;
}

double
weft_matrix_get (const WeftMatrix *self,
                 gsize             index)
{
  g_return_val_if_fail (self != NULL, NAN);
  g_return_val_if_fail (index < self->n_elements, NAN);

  return self->data[index];
}

void
weft_matrix_set (WeftMatrix *self,
                 gsize       index,
                 double      value)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (index < self->n_elements);

  self->data[index] = value;
}

double
weft_matrix_get_2d (const WeftMatrix *self,
                    gsize             row,
                    gsize             column)
{
  g_return_val_if_fail (self != NULL, NAN);
  g_return_val_if_fail (self->n_dims == 2, NAN);
  g_return_val_if_fail (row < self->shape[0] && column < self->shape[1], NAN);

  return self->data[row * self->shape[1] + column];
}

void
weft_matrix_set_2d (WeftMatrix *self,
                    gsize       row,
                    gsize       column,
                    double      value)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (self->n_dims == 2);
  g_return_if_fail (row < self->shape[0] && column < self->shape[1]);

  self->data[row * self->shape[1] + column] = value;
}

void
weft_matrix_add_2d (WeftMatrix *self,
                    gsize       row,
                    gsize       column,
                    double      value)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (self->n_dims == 2);
  g_return_if_fail (row < self->shape[0] && column < self->shape[1]);

  self->data[row * self->shape[1] + column] += value;
}

gboolean
weft_matrix_is_filtered (const WeftMatrix *self,
                         gsize             index)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (index < self->n_elements, FALSE);

  return self->filtered != NULL && (self->filtered[index / 8] & (1u << (index % 8))) != 0;
}

void
weft_matrix_set_filtered (WeftMatrix *self,
                          gsize       index,
                          gboolean    filtered)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (index < self->n_elements);

  if (self->filtered == NULL)
    {
      if (!filtered)
        return;
      self->filtered = g_new0 (guint8, (self->n_elements + 7) / 8);
    }

  if (filtered)
    self->filtered[index / 8] |= (guint8)(1u << (index % 8));
  else
    self->filtered[index / 8] &= (guint8)~(1u << (index % 8));
}

const char *
weft_matrix_get_title (const WeftMatrix *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->title;
}

void
weft_matrix_set_title (WeftMatrix *self,
                       const char *title)
{
  g_return_if_fail (self != NULL);

  g_free (self->title);
  self->title = g_strdup (title);
}

const char *
weft_matrix_get_value_name (const WeftMatrix *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->value_name;
}

void
weft_matrix_set_value_name (WeftMatrix *self,
                            const char *name)
{
  g_return_if_fail (self != NULL);

  g_free (self->value_name);
  self->value_name = g_strdup (name);
}

const char *
weft_matrix_get_dim_name (const WeftMatrix *self,
                          guint             dim)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (dim < self->n_dims, NULL);

  return self->dim_names[dim];
}

void
weft_matrix_set_dim_name (WeftMatrix *self,
                          guint       dim,
                          const char *name)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (dim < self->n_dims);

  g_free (self->dim_names[dim]);
  self->dim_names[dim] = g_strdup (name);
}

gint64
weft_matrix_get_dim_start (const WeftMatrix *self,
                           guint             dim)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (dim < self->n_dims, 0);

  return self->dim_start[dim];
}

void
weft_matrix_set_dim_start (WeftMatrix *self,
                           guint       dim,
                           gint64      start)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (dim < self->n_dims);

  self->dim_start[dim] = start;
}

/**
 * weft_matrix_get_dim_label:
 *
 * Returns: (nullable): the label of @index along @dim ("locale 3"), if set.
 */
const char *
weft_matrix_get_dim_label (const WeftMatrix *self,
                           guint             dim,
                           gsize             index)
{
  GPtrArray *labels;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (dim < self->n_dims, NULL);

  labels = self->dim_labels[dim];
  if (labels == NULL || index >= labels->len)
    return NULL;

  return g_ptr_array_index (labels, index);
}

/**
 * weft_matrix_get_n_dim_labels:
 *
 * Returns: how many indices of @dim may have a label of their own (those
 *   from this one on have none)
 */
gsize
weft_matrix_get_n_dim_labels (const WeftMatrix *self,
                              guint             dim)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (dim < self->n_dims, 0);

  return self->dim_labels[dim] != NULL ? self->dim_labels[dim]->len : 0;
}

void
weft_matrix_set_dim_label (WeftMatrix *self,
                           guint       dim,
                           gsize       index,
                           const char *label)
{
  GPtrArray *labels;

  g_return_if_fail (self != NULL);
  g_return_if_fail (dim < self->n_dims);
  g_return_if_fail (index < self->shape[dim]);

  if (self->dim_labels[dim] == NULL)
    {
      self->dim_labels[dim] = g_ptr_array_new_full (self->shape[dim], g_free);
      g_ptr_array_set_size (self->dim_labels[dim], self->shape[dim]);
    }

  labels = self->dim_labels[dim];
  g_free (g_ptr_array_index (labels, index));
  g_ptr_array_index (labels, index) = g_strdup (label);
}

void
weft_matrix_compute_stats (const WeftMatrix *self,
                           WeftMatrixStats  *stats)
{
  double min = INFINITY, max = -INFINITY, min_nonzero = INFINITY, sum = 0;
  double fmin = INFINITY, fmax = -INFINITY, fmean = 0, fm2 = 0;
  gsize n_valid = 0, n_nonzero = 0, n_nan = 0, n_filtered = 0, n_inf = 0, n_finite = 0, n_numbers;

  g_return_if_fail (self != NULL);
  g_return_if_fail (stats != NULL);

  for (gsize i = 0; i < self->n_elements; i++)
    {
      double v = self->data[i];

      /* The mask is only allocated once a cell is filtered. */
      if (self->filtered != NULL && (self->filtered[i / 8] & (1u << (i % 8))) != 0)
        {
          n_filtered++;
          continue;
        }
      n_valid++;
      if (isnan (v))
        {
          n_nan++;
          continue;
        }

      sum += v;
      min = MIN (min, v);
      max = MAX (max, v);
      if (v != 0.0)
        n_nonzero++;
      if (v > 0.0)
        min_nonzero = MIN (min_nonzero, v);
      if (isinf (v))
        {
          n_inf++;
        }
      else
        {
          double delta = v - fmean;

          /* Welford: one pass, no cancellation on large sums. */
          n_finite++;
          fmean += delta / (double)n_finite;
          fm2 += delta * (v - fmean);
          fmin = MIN (fmin, v);
          fmax = MAX (fmax, v);
        }
    }

  n_numbers = n_valid - n_nan;
  stats->n_valid = n_valid;
  stats->n_filtered = n_filtered;
  stats->n_nan = n_nan;
  stats->n_nonzero = n_nonzero;
  stats->sum = sum;
  stats->min = n_numbers ? min : NAN;
  stats->max = n_numbers ? max : NAN;
  stats->mean = n_numbers ? sum / (double)n_numbers : NAN;
  stats->min_nonzero = isinf (min_nonzero) ? NAN : min_nonzero;
  stats->n_inf = n_inf;
  stats->finite_min = n_finite ? fmin : NAN;
  stats->finite_max = n_finite ? fmax : NAN;
  stats->finite_mean = n_finite ? fmean : NAN;
  stats->stddev = n_finite ? sqrt (fm2 / (double)n_finite) : NAN;
}

WeftMatrixValueKind
weft_matrix_get_value_kind (const WeftMatrix *self)
{
  g_return_val_if_fail (self != NULL, WEFT_MATRIX_VALUES_PLAIN);

  return self->value_kind;
}

void
weft_matrix_set_value_kind (WeftMatrix          *self,
                            WeftMatrixValueKind  kind)
{
  g_return_if_fail (self != NULL);

  self->value_kind = kind;
}

/* The offset of the cell at absolute indices @at in @m, or -1 when @m has no
 * such cell (its dimensions start later or end sooner). */
static gssize
cell_at (const WeftMatrix *m,
         const gint64     *at)
{
  gsize offset = 0;

  for (guint d = 0; d < m->n_dims; d++)
    {
      gint64 i = at[d] - m->dim_start[d];

      if (i < 0 || (guint64)i >= m->shape[d])
        return -1;
      offset = offset * m->shape[d] + (gsize)i;
    }
  return (gssize)offset;
}

/**
 * weft_matrix_compare:
 * @base: the first run's matrix
 * @other: the second run's, with as many dimensions
 * @mode: difference (other − base) or ratio (other ÷ base)
 * @shapes_differ: (out) (optional): set when the two shapes (or the indices
 *   their dimensions start at) differ, so some cells exist on one side only
 *
 * Cells are matched by index, counted from each dimension's start (a locale
 * number, a DDT metavariable's value). The result spans both: a cell one side
 * lacks counts as 0 there (4 locales against 8: the extra rows compare with
 * zeros). A cell filtered on a side that has it stays filtered: a value DDT
 * hid cannot be compared. Names and labels come from @base, else @other.
 *
 * Returns: (transfer full): the comparison, its value kind set, or %NULL with
 *   @error set when the matrices have different numbers of dimensions.
 */
WeftMatrix *
weft_matrix_compare (const WeftMatrix  *base,
                     const WeftMatrix  *other,
                     WeftCompareMode    mode,
                     gboolean          *shapes_differ,
                     GError           **error)
{
  gint64 start[WEFT_MATRIX_MAX_DIMS], at[WEFT_MATRIX_MAX_DIMS];
  gsize shape[WEFT_MATRIX_MAX_DIMS];
  gboolean differ = FALSE;
  WeftMatrix *result;
  const char *value_name;

  g_return_val_if_fail (base != NULL && other != NULL, NULL);

  if (base->n_dims != other->n_dims)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("Cannot compare a %u-dimensional array with a %u-dimensional one"),
                   base->n_dims, other->n_dims);
      return NULL;
    }

  for (guint d = 0; d < base->n_dims; d++)
    {
      gint64 end = MAX (base->dim_start[d] + (gint64)base->shape[d],
                        other->dim_start[d] + (gint64)other->shape[d]);

      start[d] = MIN (base->dim_start[d], other->dim_start[d]);
      shape[d] = (gsize)(end - start[d]);
      differ |= base->dim_start[d] != other->dim_start[d] || base->shape[d] != other->shape[d];
    }

  result = weft_matrix_new (base->n_dims, shape);
  if (result == NULL)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("The compared arrays are too large to combine"));
      return NULL;
    }

  memcpy (at, start, sizeof (gint64) * base->n_dims);
  for (gsize i = 0; i < result->n_elements; i++)
    {
      gssize b = cell_at (base, at);
      gssize o = cell_at (other, at);

      if ((b >= 0 && weft_matrix_is_filtered (base, b)) || (o >= 0 && weft_matrix_is_filtered (other, o)))
        weft_matrix_set_filtered (result, i, TRUE);
      else
        result->data[i] = weft_compare_values (mode,
                                               b >= 0 ? base->data[b] : 0.0,
                                               o >= 0 ? other->data[o] : 0.0);

      /* Next cell in row-major order: the last index varies fastest. */
      for (guint d = base->n_dims; d > 0; d--)
        {
          if (++at[d - 1] < start[d - 1] + (gint64)shape[d - 1])
            break;
          at[d - 1] = start[d - 1];
        }
    }

  for (guint d = 0; d < base->n_dims; d++)
    {
      result->dim_names[d] = g_strdup (base->dim_names[d] != NULL ? base->dim_names[d] : other->dim_names[d]);
      result->dim_start[d] = start[d];
      for (gsize i = 0; i < shape[d]; i++)
        {
          gint64 index = start[d] + (gint64)i;
          const char *label = NULL;

          if (index >= base->dim_start[d] && index < base->dim_start[d] + (gint64)base->shape[d])
            label = weft_matrix_get_dim_label (base, d, (gsize)(index - base->dim_start[d]));
          if (label == NULL && index >= other->dim_start[d] && index < other->dim_start[d] + (gint64)other->shape[d])
            label = weft_matrix_get_dim_label (other, d, (gsize)(index - other->dim_start[d]));
          if (label != NULL)
            weft_matrix_set_dim_label (result, d, i, label);
        }
    }

  result->title = g_strdup (base->title != NULL ? base->title : other->title);
  value_name = base->value_name != NULL ? base->value_name : other->value_name;
  if (mode == WEFT_COMPARE_RATIO)
    result->value_name = value_name != NULL ? g_strdup_printf (_("%s (other ÷ base)"), value_name)
                                            : g_strdup (_("other ÷ base"));
  else
    result->value_name = value_name != NULL ? g_strdup_printf (_("%s (other − base)"), value_name)
                                            : g_strdup (_("other − base"));
  result->value_kind = mode == WEFT_COMPARE_RATIO ? WEFT_MATRIX_VALUES_RATIO : WEFT_MATRIX_VALUES_DIFFERENCE;

  if (shapes_differ != NULL)
    *shapes_differ = differ;
  return result;
}

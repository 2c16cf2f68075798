/* weft-value-table.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "weft-error.h"
#include "weft-value-table.h"

typedef struct
{
  char *name;
  char *unit;
} Column;

struct _WeftValueTable
{
  gatomicrefcount ref_count;
  guint           n_rows;
  guint           n_columns;
  char           *title;
  char          **row_names;
  gint64         *row_ids;
  Column         *columns;
  double         *values;     /* row-major */
};

G_DEFINE_BOXED_TYPE (WeftValueTable, weft_value_table, weft_value_table_ref, weft_value_table_unref)

WeftValueTable *
weft_value_table_new (guint n_rows,
                      guint n_columns)
{
  WeftValueTable *self;

  g_return_val_if_fail (n_columns > 0, NULL);

  self = g_new0 (WeftValueTable, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->n_rows = n_rows;
  self->n_columns = n_columns;
  self->row_names = g_new0 (char *, n_rows + 1);
  self->row_ids = g_new (gint64, MAX (n_rows, 1));
  for (guint i = 0; i < n_rows; i++)
    self->row_ids[i] = i;
  self->columns = g_new0 (Column, n_columns);
  self->values = g_new0 (double, (gsize)MAX (n_rows, 1) * n_columns);

  return self;
}

WeftValueTable *
weft_value_table_ref (WeftValueTable *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
weft_value_table_unref (WeftValueTable *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  /* Not g_strfreev: rows without a name are NULL in the middle of the array. */
  for (guint i = 0; i < self->n_rows; i++)
    g_free (self->row_names[i]);
  g_free (self->row_names);
  g_free (self->row_ids);
  for (guint i = 0; i < self->n_columns; i++)
    {
      g_free (self->columns[i].name);
      g_free (self->columns[i].unit);
    }
  g_free (self->columns);
  g_free (self->values);
  g_free (self->title);
  g_free (self);
}

guint
weft_value_table_get_n_rows (const WeftValueTable *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_rows;
}

guint
weft_value_table_get_n_columns (const WeftValueTable *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_columns;
}

const char *
weft_value_table_get_title (const WeftValueTable *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->title;
}

void
weft_value_table_set_title (WeftValueTable *self,
                            const char     *title)
{
  g_return_if_fail (self != NULL);

  g_free (self->title);
  self->title = g_strdup (title);
}

const char *
weft_value_table_get_row_name (const WeftValueTable *self,
                               guint                 row)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (row < self->n_rows, NULL);

  return self->row_names[row];
}

void
weft_value_table_set_row_name (WeftValueTable *self,
                               guint           row,
                               const char     *name)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (row < self->n_rows);

  g_free (self->row_names[row]);
  self->row_names[row] = g_strdup (name);
}

gint64
weft_value_table_get_row_id (const WeftValueTable *self,
                             guint                 row)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (row < self->n_rows, -1);

  return self->row_ids[row];
}

void
weft_value_table_set_row_id (WeftValueTable *self,
                             guint           row,
                             gint64          id)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (row < self->n_rows);

  self->row_ids[row] = id;
}

const char *
weft_value_table_get_column_name (const WeftValueTable *self,
                                  guint                 column)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (column < self->n_columns, NULL);

  return self->columns[column].name;
}

const char *
weft_value_table_get_column_unit (const WeftValueTable *self,
                                  guint                 column)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (column < self->n_columns, NULL);

  return self->columns[column].unit;
}

void
weft_value_table_set_column (WeftValueTable *self,
                             guint           column,
                             const char     *name,
                             const char     *unit)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (column < self->n_columns);

  g_free (self->columns[column].name);
  g_free (self->columns[column].unit);
  self->columns[column].name = g_strdup (name);
  self->columns[column].unit = g_strdup (unit);
}

/**
 * weft_value_table_find_column:
 *
 * Returns: the index of the column called @name, or -1.
 */
int
weft_value_table_find_column (const WeftValueTable *self,
                              const char           *name)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (name != NULL, -1);

  for (guint i = 0; i < self->n_columns; i++)
    if (g_strcmp0 (self->columns[i].name, name) == 0)
      return (int)i;

  return -1;
}

/**
 * weft_value_table_lookup_metric:
 * @view: the view's name, for the message ("values")
 * @metric: (nullable): a column name; %NULL means the first column
 * @column: (out): its index
 *
 * Returns: %FALSE with %WEFT_ERROR_INVALID_ARGUMENT, listing the columns there
 *   are, when no column is called @metric.
 */
gboolean
weft_value_table_lookup_metric (const WeftValueTable  *self,
                                const char            *view,
                                const char            *metric,
                                guint                 *column,
                                GError               **error)
{
  g_autoptr(GString) names = NULL;
  int found;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (column != NULL, FALSE);

  if (metric == NULL)
    {
      *column = 0;
      return TRUE;
    }

  found = weft_value_table_find_column (self, metric);
  if (found >= 0)
    {
      *column = (guint)found;
      return TRUE;
    }

  names = g_string_new (NULL);
  for (guint i = 0; i < self->n_columns; i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", self->columns[i].name);
  g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
               _("The %s view has no metric “%s” (it has %s)"), view, metric, names->str);

  return FALSE;
}

double
weft_value_table_get (const WeftValueTable *self,
                      guint                 row,
                      guint                 column)
{
  g_return_val_if_fail (self != NULL, NAN);
  g_return_val_if_fail (row < self->n_rows && column < self->n_columns, NAN);

  return self->values[(gsize)row * self->n_columns + column];
}

void
weft_value_table_set (WeftValueTable *self,
                      guint           row,
                      guint           column,
                      double          value)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (row < self->n_rows && column < self->n_columns);

  self->values[(gsize)row * self->n_columns + column] = value;
}

/**
 * weft_value_table_find_row:
 *
 * Returns: the first row with @id, or -1
 */
int
weft_value_table_find_row (const WeftValueTable *self,
                           gint64                id)
{
  g_return_val_if_fail (self != NULL, -1);

  for (guint i = 0; i < self->n_rows; i++)
    if (self->row_ids[i] == id)
      return (int)i;
  return -1;
}

/* Row ids → first row index + 1 (0 is "absent" for the hash table). */
static GHashTable *
index_rows (const WeftValueTable *table)
{
  GHashTable *index = g_hash_table_new (g_int64_hash, g_int64_equal);

  for (guint i = table->n_rows; i > 0; i--)
    g_hash_table_insert (index, &table->row_ids[i - 1], GUINT_TO_POINTER (i));
  return index;
}

static int
lookup_row (GHashTable *index,
            gint64      id)
{
  return (int)GPOINTER_TO_UINT (g_hash_table_lookup (index, &id)) - 1;
}

/**
 * weft_value_table_compare:
 * @base: the first run's figures
 * @other: the second run's
 * @mode: difference (other − base) or ratio (other ÷ base)
 *
 * Rows are matched by id (the locale, rank or agent number), columns by name.
 * The result has @base's rows and columns in their order, then those only
 * @other has; a figure one side lacks counts as 0 there, so the difference of
 * a row present on one side only is its whole value (or its negation).
 *
 * Returns: (transfer full): the compared figures, named and titled as @base's.
 */
WeftValueTable *
weft_value_table_compare (const WeftValueTable *base,
                          const WeftValueTable *other,
                          WeftCompareMode       mode)
{
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) columns = g_ptr_array_new ();
  g_autoptr(GArray) units = g_array_new (FALSE, FALSE, sizeof (const char *));
  g_autoptr(GHashTable) base_rows = NULL;
  g_autoptr(GHashTable) other_rows = NULL;
  g_autofree int *base_columns = NULL;
  g_autofree int *other_columns = NULL;
  WeftValueTable *result;

  g_return_val_if_fail (base != NULL && other != NULL, NULL);

  /* Runs may have thousands of rows (processes): find them by hash. */
  base_rows = index_rows (base);
  other_rows = index_rows (other);

  for (guint i = 0; i < base->n_rows; i++)
    g_array_append_val (rows, base->row_ids[i]);
  for (guint i = 0; i < other->n_rows; i++)
    if (!g_hash_table_contains (base_rows, &other->row_ids[i]))
      g_array_append_val (rows, other->row_ids[i]);

  for (guint c = 0; c < base->n_columns; c++)
    {
      g_ptr_array_add (columns, base->columns[c].name);
      g_array_append_val (units, base->columns[c].unit);
    }
  for (guint c = 0; c < other->n_columns; c++)
    if (other->columns[c].name != NULL && weft_value_table_find_column (base, other->columns[c].name) < 0)
      {
        g_ptr_array_add (columns, other->columns[c].name);
        g_array_append_val (units, other->columns[c].unit);
      }

  result = weft_value_table_new (rows->len, columns->len);
  result->title = g_strdup (base->title != NULL ? base->title : other->title);
  base_columns = g_new (int, columns->len);
  other_columns = g_new (int, columns->len);
  for (guint c = 0; c < columns->len; c++)
    {
      const char *name = g_ptr_array_index (columns, c);

      weft_value_table_set_column (result, c, name, g_array_index (units, const char *, c));
      base_columns[c] = name != NULL ? weft_value_table_find_column (base, name) : (int)c;
      other_columns[c] = name != NULL ? weft_value_table_find_column (other, name) : -1;
    }

  for (guint r = 0; r < rows->len; r++)
    {
      gint64 id = g_array_index (rows, gint64, r);
      int b = lookup_row (base_rows, id);
      int o = lookup_row (other_rows, id);
      const char *name = b >= 0 ? base->row_names[b] : NULL;

      if (name == NULL && o >= 0)
        name = other->row_names[o];
      result->row_ids[r] = id;
      result->row_names[r] = g_strdup (name);

      for (guint c = 0; c < columns->len; c++)
        {
          double bv = b >= 0 && base_columns[c] >= 0 ? weft_value_table_get (base, b, base_columns[c]) : 0.0;
          double ov = o >= 0 && other_columns[c] >= 0 ? weft_value_table_get (other, o, other_columns[c]) : 0.0;

          weft_value_table_set (result, r, c, weft_compare_values (mode, bv, ov));
        }
    }

  return result;
}

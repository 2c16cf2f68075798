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

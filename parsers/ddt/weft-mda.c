/* weft-mda.c: MDA CSV (the HDF5 half is in weft-mda-hdf5.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-background.h"
#include "weft-csv.h"
#include "weft-error.h"
#include "weft-input-file.h"
#include "weft-mda.h"
#include "weft-mda-plain.h"

/* From this size a plain array file is read on two threads. */
#define PLAIN_THREAD_SIZE (4 << 20)

/**
 * weft_mda_csv_write:
 * @matrix: any matrix (1-D to WEFT_MATRIX_MAX_DIMS-D)
 * @path: the destination, replaced atomically
 *
 * Writes @matrix as DDT MDA CSV; the layout is described in weft-mda.h.
 *
 * Returns: %FALSE with @error set when the file could not be written; an
 *   existing file at @path is then left as it was.
 */
gboolean
weft_mda_csv_write (WeftMatrix  *matrix,
                    const char  *path,
                    GError     **error)
{
  g_autoptr(WeftAtomicFile) file = NULL;
  g_autoptr(GString) buffer = NULL;
  const double *data;
  gsize n_cells, n_columns;
  guint n_dims;

  g_return_val_if_fail (matrix != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  file = weft_atomic_file_open (path, error);
  if (file == NULL)
    return FALSE;

  /* Row-major storage is already the order of the rows and of the values in
   * them; a line break every n_columns values gives the table. */
  n_dims = weft_matrix_get_n_dims (matrix);
  n_columns = n_dims == 1 ? 1 : weft_matrix_get_shape (matrix)[n_dims - 1];
  n_cells = weft_matrix_get_n_elements (matrix);
  data = weft_matrix_peek_data (matrix);

  buffer = g_string_sized_new (WEFT_CSV_FLUSH_SIZE + 64);
  for (gsize i = 0; i < n_cells; i++)
    {
      if (weft_matrix_is_filtered (matrix, i))
        g_string_append_len (buffer, "\"\"", 2);
      else
        weft_csv_append_double (buffer, data[i]);
      g_string_append_c (buffer, (i + 1) % n_columns == 0 ? '\n' : ',');

      if (buffer->len >= WEFT_CSV_FLUSH_SIZE && !weft_csv_flush (buffer, file, error))
        return FALSE;
    }

  return weft_csv_commit (buffer, file, error);
}

static gboolean
fail_at (GError            **error,
         const WeftCsvReader *reader,
         guint64              line,
         guint64              column,
         const char          *message)
{
  g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s:%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT ": %s",
               weft_csv_reader_get_filename (reader), line, column, message);
  return FALSE;
}

typedef struct
{
  GArray  *values;     /* double, row-major */
  GArray  *filtered;   /* guint8 per cell */
  gsize    n_rows;
  guint    n_columns;
} Table;

static void
add_cell (Table   *table,
          double   value,
          gboolean filtered)
{
  guint8 flag = filtered ? 1 : 0;

  g_array_append_val (table->values, value);
  g_array_append_val (table->filtered, flag);
}

/* Reads the current record into @table, or says what is wrong with it. */
static gboolean
add_row (Table               *table,
         const WeftCsvReader *reader,
         GError             **error)
{
  guint n_fields = weft_csv_reader_get_n_fields (reader);

  if (n_fields != table->n_columns)
    {
      g_autofree char *message = NULL;
      guint64 line, column;

      /* TRANSLATORS: the first %u is the number of values on this row */
      message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "this row has %u value, the first row has %u",
                                              "this row has %u values, the first row has %u",
                                              n_fields),
                                 n_fields, table->n_columns);
      if (n_fields > table->n_columns)
        {
          const WeftCsvField *extra = weft_csv_reader_get_field (reader, table->n_columns);

          line = extra->line;
          column = extra->column;
        }
      else
        weft_csv_reader_get_end (reader, &line, &column);
      return fail_at (error, reader, line, column, message);
    }

  for (guint i = 0; i < n_fields; i++)
    {
      const WeftCsvField *field = weft_csv_reader_get_field (reader, i);
      double value;

      /* DDT writes "" for a filtered cell. RFC 4180 gives a bare empty field the
       * same meaning (an empty string), and an empty string holds no value. */
      if (field->len == 0)
        {
          add_cell (table, NAN, TRUE);
          continue;
        }
      if (!weft_csv_parse_double (field->text, field->len, &value))
        {
          g_autofree char *shown = g_strndup (field->text, MIN (field->len, 40));
          g_autofree char *message = g_strdup_printf (_("“%s%s” is not a number"), shown,
                                                      field->len > 40 ? "…" : "");

          return fail_at (error, reader, field->line, field->column, message);
        }
      add_cell (table, value, FALSE);
    }

  table->n_rows++;
  return TRUE;
}

/**
 * weft_mda_csv_parse:
 * @data: the file's bytes
 * @filename: (nullable): the name used in messages
 * @context: (nullable): for cancellation
 *
 * Reads DDT MDA CSV into a 2-D matrix (rows × columns); see weft-mda.h.
 *
 * Returns: (transfer full): the matrix, or %NULL with @error set.
 */
WeftMatrix *
weft_mda_csv_parse (const char       *data,
                    gsize             len,
                    const char       *filename,
                    WeftLoadContext  *context,
                    GError          **error)
{
  gsize min_thread_size = weft_background_get_n_processors () > 1 ? PLAIN_THREAD_SIZE : G_MAXSIZE;
  g_autoptr(WeftMatrix) matrix = NULL;

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  switch (weft_mda_csv_parse_plain (data, len, min_thread_size, context, &matrix, error))
    {
    case WEFT_MDA_PLAIN_READ:
      return g_steal_pointer (&matrix);
    case WEFT_MDA_PLAIN_CANCELLED:
      return NULL;
    case WEFT_MDA_PLAIN_NOT_PLAIN:
    default:
      return weft_mda_csv_parse_general (data, len, filename, context, error);
    }
}

/**
 * weft_mda_csv_parse_general:
 *
 * weft_mda_csv_parse() without its fast path (weft-mda-plain.c): any CSV
 * the format allows, or an error naming the line and column at fault.
 */
WeftMatrix *
weft_mda_csv_parse_general (const char       *data,
                            gsize             len,
                            const char       *filename,
                            WeftLoadContext  *context,
                            GError          **error)
{
  g_autoptr(WeftCsvReader) reader = NULL;
  g_autoptr(GArray) values = NULL;
  g_autoptr(GArray) filtered = NULL;
  g_autoptr(WeftMatrix) matrix = NULL;
  GError *local_error = NULL;
  guint n_pending_blank = 0;
  guint64 first_blank_line = 0;
  Table table = { 0 };

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  reader = weft_csv_reader_new (data, len, filename);
  values = g_array_new (FALSE, FALSE, sizeof (double));
  filtered = g_array_new (FALSE, FALSE, sizeof (guint8));
  table.values = values;
  table.filtered = filtered;

  while (weft_csv_reader_next (reader, &local_error))
    {
      /* Blank lines at the end are an untidy ending, not rows; decide about
       * the others once the next row shows whether the table has one column. */
      if (weft_csv_reader_is_blank (reader))
        {
          if (n_pending_blank++ == 0)
            first_blank_line = weft_csv_reader_get_line (reader);
          continue;
        }

      if (table.n_rows == 0)
        table.n_columns = weft_csv_reader_get_n_fields (reader);
      if (n_pending_blank > 0)
        {
          if (table.n_columns != 1)
            {
              g_autofree char *message =
                g_strdup_printf (_("empty line inside the table (each row has %u values)"), table.n_columns);

              fail_at (error, reader, first_blank_line, 1, message);
              return NULL;
            }
          /* In a one-column table an empty line is an empty (filtered) cell. */
          for (guint i = 0; i < n_pending_blank; i++)
            {
              add_cell (&table, NAN, TRUE);
              table.n_rows++;
            }
          n_pending_blank = 0;
        }

      if (!add_row (&table, reader, error))
        return NULL;

      if (context != NULL && table.n_rows % WEFT_LOAD_CONTEXT_CHECK_INTERVAL == 0 &&
          weft_load_context_set_error_if_cancelled (context, error))
        return NULL;
    }

  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }

  if (table.n_rows == 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_EMPTY, _("%s: no values (the file is empty)"),
                   weft_csv_reader_get_filename (reader));
      return NULL;
    }

  matrix = weft_matrix_new_2d (table.n_rows, table.n_columns);
  if (matrix == NULL)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED, _("%s: the table is too large to load"),
                   weft_csv_reader_get_filename (reader));
      return NULL;
    }

  memcpy (weft_matrix_get_data (matrix), values->data, values->len * sizeof (double));
  for (guint i = 0; i < filtered->len; i++)
    if (g_array_index (filtered, guint8, i))
      weft_matrix_set_filtered (matrix, i, TRUE);

  return g_steal_pointer (&matrix);
}

/**
 * weft_mda_csv_read:
 * @context: (nullable): for cancellation
 *
 * Like weft_mda_csv_parse() on the contents of @path.
 */
WeftMatrix *
weft_mda_csv_read (const char       *path,
                   WeftLoadContext  *context,
                   GError          **error)
{
  g_autoptr(WeftInputMap) mapped = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  mapped = weft_input_map_open (path, error);
  if (mapped == NULL)
    return NULL;

  return weft_input_map_finish (mapped,
                                weft_mda_csv_parse (weft_input_map_get_data (mapped),
                                                    weft_input_map_get_length (mapped), path, context, error),
                                (GDestroyNotify)weft_matrix_unref, error);
}

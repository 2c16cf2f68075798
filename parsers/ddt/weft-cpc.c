/* weft-cpc.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-cpc.h"
#include "weft-csv.h"
#include "weft-error.h"
#include "weft-input-file.h"

typedef struct
{
  char       *value;
  WeftIntSet *processes;
  guint64     line;       /* where it was read, 0 when built */
} Row;

struct _WeftCpcTable
{
  gatomicrefcount ref_count;
  GPtrArray      *rows;   /* Row */
};

G_DEFINE_BOXED_TYPE (WeftCpcTable, weft_cpc_table, weft_cpc_table_ref, weft_cpc_table_unref)

static void
row_free (gpointer data)
{
  Row *row = data;

  g_free (row->value);
  weft_int_set_free (row->processes);
  g_free (row);
}

WeftCpcTable *
weft_cpc_table_new (void)
{
  WeftCpcTable *self = g_new0 (WeftCpcTable, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->rows = g_ptr_array_new_with_free_func (row_free);
  return self;
}

WeftCpcTable *
weft_cpc_table_ref (WeftCpcTable *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
weft_cpc_table_unref (WeftCpcTable *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  g_ptr_array_unref (self->rows);
  g_free (self);
}

guint
weft_cpc_table_get_n_rows (const WeftCpcTable *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->rows->len;
}

const char *
weft_cpc_table_get_value (const WeftCpcTable *self,
                          guint               row)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (row < self->rows->len, NULL);

  return ((Row *)g_ptr_array_index (self->rows, row))->value;
}

const WeftIntSet *
weft_cpc_table_get_processes (const WeftCpcTable *self,
                              guint               row)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (row < self->rows->len, NULL);

  return ((Row *)g_ptr_array_index (self->rows, row))->processes;
}

/* The line of the file the row was read from (0 for rows built in memory). */
guint64
weft_cpc_table_get_line (const WeftCpcTable *self,
                         guint               row)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (row < self->rows->len, 0);

  return ((Row *)g_ptr_array_index (self->rows, row))->line;
}

static void
add_row_take (WeftCpcTable *self,
              char         *value,
              WeftIntSet   *processes,
              guint64       line)
{
  Row *row = g_new0 (Row, 1);

  row->value = value;
  row->processes = processes;
  row->line = line;
  g_ptr_array_add (self->rows, row);
}

/* Appends a row; the table is written in the order rows were added. */
void
weft_cpc_table_add_row (WeftCpcTable     *self,
                        const char       *value,
                        const WeftIntSet *processes)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (value != NULL);
  g_return_if_fail (processes != NULL);

  add_row_take (self, g_strdup (value), weft_int_set_copy (processes), 0);
}

typedef struct
{
  double value;
  gint64 id;
} Entry;

/* Ascending; -0 before 0; NaN last; then by id so each set fills in order. */
static int
compare_entries (const void *a,
                 const void *b)
{
  const Entry *ea = a;
  const Entry *eb = b;
  gboolean a_nan = isnan (ea->value);
  gboolean b_nan = isnan (eb->value);

  if (a_nan != b_nan)
    return a_nan ? 1 : -1;
  if (!a_nan)
    {
      if (ea->value != eb->value)
        return ea->value < eb->value ? -1 : 1;
      if (signbit (ea->value) != signbit (eb->value))
        return signbit (ea->value) ? -1 : 1;
    }
  if (ea->id != eb->id)
    return ea->id < eb->id ? -1 : 1;
  return 0;
}

/**
 * weft_cpc_table_new_from_values:
 * @values: per-row values
 * @column: the column to compare
 *
 * Groups the rows of @values by the value in @column, as DDT's Cross-Process
 * Comparison does: one row per distinct value (as printed), in ascending order,
 * with the set of the rows' ids.
 *
 * Returns: (transfer full): the table, or %NULL with @error set when a row id is
 *   negative (a compact integer set holds only ids ≥ 0).
 */
WeftCpcTable *
weft_cpc_table_new_from_values (WeftValueTable  *values,
                                guint            column,
                                GError         **error)
{
  g_autoptr(WeftCpcTable) table = NULL;
  g_autoptr(WeftIntSet) processes = NULL;
  g_autoptr(GString) current = NULL;
  g_autoptr(GString) scratch = NULL;
  g_autofree Entry *entries = NULL;
  guint n_rows;

  g_return_val_if_fail (values != NULL, NULL);
  g_return_val_if_fail (column < weft_value_table_get_n_columns (values), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  n_rows = weft_value_table_get_n_rows (values);
  entries = g_new (Entry, MAX (n_rows, 1));
  for (guint i = 0; i < n_rows; i++)
    {
      entries[i].value = weft_value_table_get (values, i, column);
      entries[i].id = weft_value_table_get_row_id (values, i);
      if (entries[i].id < 0)
        {
          const char *name = weft_value_table_get_row_name (values, i);

          g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                       _("row %u (%s) has the id %" PRId64 "; a compact integer set holds only ids from 0"),
                       i, name != NULL ? name : "?", entries[i].id);
          return NULL;
        }
    }
  qsort (entries, n_rows, sizeof (Entry), compare_entries);

  /* Printing is exact, so two entries print alike exactly when they hold the
   * same value (or are both NaN); sorting has put them next to each other. */
  table = weft_cpc_table_new ();
  current = g_string_new (NULL);
  scratch = g_string_new (NULL);
  for (guint i = 0; i < n_rows; i++)
    {
      g_string_truncate (scratch, 0);
      weft_csv_append_double (scratch, entries[i].value);
      if (processes == NULL || !g_string_equal (scratch, current))
        {
          if (processes != NULL)
            add_row_take (table, g_strdup (current->str), g_steal_pointer (&processes), 0);
          g_string_assign (current, scratch->str);
          processes = weft_int_set_new ();
        }
      weft_int_set_add (processes, entries[i].id);
    }
  if (processes != NULL)
    add_row_take (table, g_strdup (current->str), g_steal_pointer (&processes), 0);

  return g_steal_pointer (&table);
}

static void
append_header (GString *out)
{
  weft_csv_append_field (out, WEFT_CPC_VALUE_HEADING, -1);
  g_string_append_c (out, ',');
  weft_csv_append_field (out, WEFT_CPC_PROCESSES_HEADING, -1);
  g_string_append_c (out, '\n');
}

static void
append_row (GString   *out,
            const Row *row,
            GString   *scratch)
{
  g_string_truncate (scratch, 0);
  weft_int_set_append_to (row->processes, scratch);

  weft_csv_append_field (out, row->value, -1);
  g_string_append_c (out, ',');
  weft_csv_append_field (out, scratch->str, scratch->len);
  g_string_append_c (out, '\n');
}

/**
 * weft_cpc_table_to_csv:
 *
 * Returns: (transfer full): the table as CPC CSV text (see weft-cpc.h).
 */
char *
weft_cpc_table_to_csv (const WeftCpcTable *self)
{
  g_autoptr(GString) scratch = g_string_new (NULL);
  GString *out;

  g_return_val_if_fail (self != NULL, NULL);

  out = g_string_new (NULL);
  append_header (out);
  for (guint i = 0; i < self->rows->len; i++)
    append_row (out, g_ptr_array_index (self->rows, i), scratch);
  return g_string_free (out, FALSE);
}

/**
 * weft_cpc_table_write:
 * @path: the destination, replaced atomically
 *
 * Returns: %FALSE with @error set when the file could not be written; an
 *   existing file at @path is then left as it was.
 */
gboolean
weft_cpc_table_write (const WeftCpcTable  *self,
                      const char          *path,
                      GError             **error)
{
  g_autoptr(WeftAtomicFile) file = NULL;
  g_autoptr(GString) buffer = NULL;
  g_autoptr(GString) scratch = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  file = weft_atomic_file_open (path, error);
  if (file == NULL)
    return FALSE;

  buffer = g_string_sized_new (WEFT_CSV_FLUSH_SIZE + 256);
  scratch = g_string_new (NULL);
  append_header (buffer);
  for (guint i = 0; i < self->rows->len; i++)
    {
      append_row (buffer, g_ptr_array_index (self->rows, i), scratch);
      if (buffer->len >= WEFT_CSV_FLUSH_SIZE && !weft_csv_flush (buffer, file, error))
        return FALSE;
    }

  return weft_csv_commit (buffer, file, error);
}

/**
 * weft_cpc_csv_write:
 * @values: per-row values
 * @column: the column to export
 * @path: the destination, replaced atomically
 *
 * Writes column @column of @values as DDT CPC CSV (see weft-cpc.h). Matches
 * WeftValuesWriterFunc.
 */
gboolean
weft_cpc_csv_write (WeftValueTable  *values,
                    guint            column,
                    const char      *path,
                    GError         **error)
{
  g_autoptr(WeftCpcTable) table = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (values != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (column >= weft_value_table_get_n_columns (values))
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("Could not write %s: the table has no column %u"), path, column);
      return FALSE;
    }

  table = weft_cpc_table_new_from_values (values, column, &local_error);
  if (table == NULL)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_WRITE, _("Could not write %s: %s"), path, local_error->message);
      return FALSE;
    }

  return weft_cpc_table_write (table, path, error);
}

/* --- Reading ---------------------------------------------------------------- */

/* Spaces and tabs only: the writer quotes exactly the values that start or end
 * with one, so what it writes reads back unchanged. */
static char *
strip_blanks (const char *text)
{
  const char *end = text + strlen (text);

  while (*text == ' ' || *text == '\t')
    text++;
  while (end > text && (end[-1] == ' ' || end[-1] == '\t'))
    end--;
  return g_strndup (text, end - text);
}

static gboolean
heading_is (const WeftCsvField *field,
            const char         *name)
{
  g_autofree char *trimmed = g_strstrip (g_strdup (field->text));

  return g_ascii_strcasecmp (trimmed, name) == 0;
}

static int
find_heading (const WeftCsvReader *reader,
              const char          *name)
{
  for (guint i = 0; i < weft_csv_reader_get_n_fields (reader); i++)
    if (heading_is (weft_csv_reader_get_field (reader, i), name))
      return (int)i;
  return -1;
}

static void
warn_at (WeftLoadContext     *context,
         const WeftCsvReader *reader,
         guint64              line,
         guint64              column,
         const char          *message)
{
  if (context == NULL)
    return;
  /* TRANSLATORS: "column 12: …" */
  weft_load_context_warn (context, weft_csv_reader_get_filename (reader), line,
                          _("column %" PRIu64 ": %s; row skipped"), column, message);
}

/* The processes of the rows read so far, as disjoint, non-adjacent ranges in a
 * balanced tree keyed by their first member. Checking and adding a row's set
 * then costs O(its ranges × log n); one sorted array (a WeftIntSet) costs O(n)
 * per row, which made a file of many distinct values quadratic to read. */
static int
compare_range_firsts (gconstpointer a,
                      gconstpointer b,
                      gpointer      user_data)
{
  gint64 x = ((const WeftIntRange *)a)->first;
  gint64 y = ((const WeftIntRange *)b)->first;

  return (x > y) - (x < y);
}

/* The range of @seen with the greatest first member <= @value, or NULL. */
static const WeftIntRange *
seen_floor (GTree  *seen,
            gint64  value)
{
  WeftIntRange key = { value, value };
  GTreeNode *node = g_tree_upper_bound (seen, &key);

  node = node != NULL ? g_tree_node_previous (node) : g_tree_node_last (seen);

  return node != NULL ? g_tree_node_key (node) : NULL;
}

/* TRUE when @set shares a member with @seen. Only the range of @seen starting
 * last at or before a range's end can meet that range: they are disjoint. */
static gboolean
seen_overlaps (GTree            *seen,
               const WeftIntSet *set)
{
  for (guint i = 0; i < weft_int_set_get_n_ranges (set); i++)
    {
      const WeftIntRange *range = weft_int_set_get_range (set, i);
      const WeftIntRange *prev = seen_floor (seen, range->last);

      if (prev != NULL && prev->last >= range->first)
        return TRUE;
    }
  return FALSE;
}

/* Adds @set to @seen, merging the ranges it overlaps or touches. */
static void
seen_add (GTree            *seen,
          const WeftIntSet *set)
{
  for (guint i = 0; i < weft_int_set_get_n_ranges (set); i++)
    {
      WeftIntRange merged = *weft_int_set_get_range (set, i);
      const WeftIntRange *prev;

      /* Members are >= 0, so first - 1 cannot overflow; last + 1 can. */
      while ((prev = seen_floor (seen, merged.last == G_MAXINT64 ? merged.last : merged.last + 1)) != NULL &&
             prev->last >= merged.first - 1)
        {
          merged.first = MIN (merged.first, prev->first);
          merged.last = MAX (merged.last, prev->last);
          g_tree_remove (seen, prev);
        }
      g_tree_insert (seen, g_memdup2 (&merged, sizeof merged), NULL);
    }
}

/**
 * weft_cpc_csv_parse:
 * @data: the file's bytes
 * @filename: (nullable): the name used in messages
 * @context: (nullable): receives warnings about skipped rows; cancellation
 *
 * Reads DDT CPC CSV (see weft-cpc.h).
 *
 * Returns: (transfer full): the table, or %NULL with @error set when the input
 *   is empty, has no header with both columns, or is not CSV.
 */
WeftCpcTable *
weft_cpc_csv_parse (const char       *data,
                    gsize             len,
                    const char       *filename,
                    WeftLoadContext  *context,
                    GError          **error)
{
  g_autoptr(WeftCsvReader) reader = NULL;
  g_autoptr(WeftCpcTable) table = NULL;
  g_autoptr(GTree) seen = NULL;
  GError *local_error = NULL;
  int value_column = -1, processes_column = -1;
  guint needed;
  guint64 n_records = 0;

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  reader = weft_csv_reader_new (data, len, filename);

  /* The header: the first line that is not empty. */
  if (!weft_csv_reader_next_header (reader, error))
    return NULL;

  value_column = find_heading (reader, WEFT_CPC_VALUE_HEADING);
  processes_column = find_heading (reader, WEFT_CPC_PROCESSES_HEADING);
  if (value_column < 0 || processes_column < 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE,
                   _("%s:%" PRIu64 ":1: the header has no “%s” column (a Cross-Process Comparison "
                     "export starts with “%s,%s”)"),
                   weft_csv_reader_get_filename (reader), weft_csv_reader_get_line (reader),
                   value_column < 0 ? WEFT_CPC_VALUE_HEADING : WEFT_CPC_PROCESSES_HEADING,
                   WEFT_CPC_VALUE_HEADING, WEFT_CPC_PROCESSES_HEADING);
      return NULL;
    }
  needed = (guint)MAX (value_column, processes_column) + 1;

  if (weft_csv_reader_is_latin1 (reader) && context != NULL)
    weft_load_context_warn (context, weft_csv_reader_get_filename (reader), 0,
                            _("not UTF-8 text; read as Latin-1"));

  table = weft_cpc_table_new ();
  seen = g_tree_new_full (compare_range_firsts, NULL, g_free, NULL);
  while (weft_csv_reader_next (reader, &local_error))
    {
      const WeftCsvField *value_field, *set_field;
      g_autoptr(GError) set_error = NULL;
      g_autoptr(WeftIntSet) processes = NULL;
      guint64 line = weft_csv_reader_get_line (reader);
      guint set_column = 0;
      char *value;

      if (context != NULL && ++n_records % WEFT_LOAD_CONTEXT_CHECK_INTERVAL == 0 &&
          weft_load_context_set_error_if_cancelled (context, error))
        return NULL;

      if (weft_csv_reader_is_blank (reader))
        continue;

      if (weft_csv_reader_get_n_fields (reader) < needed)
        {
          guint n_fields = weft_csv_reader_get_n_fields (reader);
          g_autofree char *message =
            g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "this row has %u field; the header names %u",
                                          "this row has %u fields; the header names %u",
                                          n_fields),
                             n_fields, needed);
          guint64 end_line, end_column;

          weft_csv_reader_get_end (reader, &end_line, &end_column);
          warn_at (context, reader, end_line, end_column, message);
          continue;
        }

      value_field = weft_csv_reader_get_field (reader, value_column);
      set_field = weft_csv_reader_get_field (reader, processes_column);

      processes = weft_int_set_parse (set_field->text, set_field->len, &set_column, &set_error);
      if (processes == NULL)
        {
          warn_at (context, reader, set_field->line, set_field->column + set_column - 1, set_error->message);
          continue;
        }

      if (context != NULL)
        {
          if (seen_overlaps (seen, processes))
            weft_load_context_warn (context, weft_csv_reader_get_filename (reader), line,
                                    _("some of the processes “%s” also have another value"), set_field->text);
          seen_add (seen, processes);
        }

      value = value_field->quoted ? g_strdup (value_field->text) : strip_blanks (value_field->text);
      add_row_take (table, value, g_steal_pointer (&processes), line);
    }

  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }

  return g_steal_pointer (&table);
}

/**
 * weft_cpc_csv_read:
 * @context: (nullable): receives warnings; cancellation
 *
 * Like weft_cpc_csv_parse() on the contents of @path.
 */
WeftCpcTable *
weft_cpc_csv_read (const char       *path,
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
                                weft_cpc_csv_parse (weft_input_map_get_data (mapped),
                                                    weft_input_map_get_length (mapped), path, context, error),
                                (GDestroyNotify)weft_cpc_table_unref, error);
}

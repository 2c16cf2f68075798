/* weft-mda-plain.c
 *
 * Nearly every array file is plain: numbers, or "" for a filtered cell,
 * between commas, rows ended by a newline (or CR LF), every row as long as
 * the first, perhaps blank lines at the very end. Such a file is read here
 * straight into the matrix, its halves on two threads. Anything else (a word,
 * a quoted number, blanks around quotes, a short row, a blank line inside, a
 * lone CR) makes this path give up, and the general reader (weft-mda.c),
 * which defines the format and says what is wrong where, reads the file.
 *
 * A 3000 × 3000 array (75 MB): 0.98 s through the general reader, which
 * copies every field into a buffer and every value into growing arrays.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "weft-csv.h"
#include "weft-mda-plain.h"

/* Cells read between two cancellation checks. */
#define CHECK_CELLS 65536

/* Whole rows of the file, read into their cells. */
typedef struct
{
  const char      *begin;
  const char      *end;
  double          *cells;      /* the part's first cell */
  gsize            first_cell; /* its index in the matrix */
  gsize            n_rows;
  gsize            n_columns;
  GArray          *filtered;   /* gsize: indices of filtered cells */
  WeftLoadContext *context;
  gboolean         plain;
  gboolean         cancelled;
} Part;

static void
add_filtered (Part   *part,
              double *cell)
{
  gsize index = part->first_cell + (gsize)(cell - part->cells);

  *cell = NAN;
  g_array_append_val (part->filtered, index);
}

static gsize
count_newlines (const char *p,
                const char *end)
{
  gsize n = 0;

  while ((p = memchr (p, '\n', end - p)) != NULL)
    {
      n++;
      p++;
    }
  return n;
}

/* Reads @part; FALSE when it is not plain or the load was cancelled. */
static gboolean
read_part (Part *part)
{
  const char *p = part->begin, *end = part->end;
  double *cell = part->cells;
  gsize until_check = CHECK_CELLS;

  for (gsize row = 0; row < part->n_rows; row++)
    for (gsize column = 0; column < part->n_columns; column++, cell++)
      {
        const char *start = p;

        if (p < end && *p == '"')
          {
            if (end - p < 2 || p[1] != '"')
              return FALSE;
            p += 2;
            add_filtered (part, cell);
          }
        else
          {
            while (p < end && *p != ',' && *p != '\n' && *p != '\r')
              p++;
            /* An empty field is a filtered cell, but a one-column row with
             * nothing is a blank line, which the general reader judges. */
            if (p == start && part->n_columns > 1)
              add_filtered (part, cell);
            else if (!weft_csv_parse_double (start, p - start, cell))
              return FALSE;
          }

        if (column + 1 < part->n_columns)
          {
            if (p == end || *p != ',')
              return FALSE;
            p++;
          }
        else if (p < end)
          {
            if (*p == '\r')
              p++;
            if (p == end || *p != '\n')
              return FALSE;
            p++;
          }

        if (--until_check == 0)
          {
            until_check = CHECK_CELLS;
            if (part->context != NULL && weft_load_context_is_cancelled (part->context))
              {
                part->cancelled = TRUE;
                return FALSE;
              }
          }
      }

  return p == end;
}

static gpointer
read_part_thread (gpointer data)
{
  Part *part = data;

  part->plain = read_part (part);
  return NULL;
}

/**
 * weft_mda_csv_parse_plain:
 * @min_thread_size: the smallest input read on two threads (%G_MAXSIZE:
 *   never; tests pass 0 to split small inputs)
 * @context: (nullable): for cancellation
 * @matrix: (out): the array, when %WEFT_MDA_PLAIN_READ is returned
 *
 * Reads @data when it is plain MDA CSV.
 */
WeftMdaPlainStatus
weft_mda_csv_parse_plain (const char       *data,
                          gsize             len,
                          gsize             min_thread_size,
                          WeftLoadContext  *context,
                          WeftMatrix      **matrix,
                          GError          **error)
{
  g_autoptr(WeftMatrix) result = NULL;
  g_autoptr(GArray) filtered_a = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr(GArray) filtered_b = g_array_new (FALSE, FALSE, sizeof (gsize));
  const char *end = data + len, *first_end, *split = NULL;
  gsize n_columns = 1, n_rows;
  Part a = { 0, }, b = { 0, };
  GThread *thread = NULL;

  *matrix = NULL;

  /* Blank lines at the end are no rows. */
  while (end > data && (end[-1] == '\n' || end[-1] == '\r'))
    end--;
  if (end == data)
    return WEFT_MDA_PLAIN_NOT_PLAIN;

  first_end = memchr (data, '\n', end - data);
  for (const char *p = data; p < (first_end != NULL ? first_end : end); p++)
    n_columns += *p == ',';

  if ((gsize)(end - data) >= min_thread_size)
    {
      split = memchr (data + (end - data) / 2, '\n', end - (data + (end - data) / 2));
      split = split != NULL ? split + 1 : NULL;
    }

  a.begin = data;
  a.end = split != NULL ? split : end;
  a.n_rows = count_newlines (a.begin, a.end) + (split == NULL);
  n_rows = a.n_rows;
  if (split != NULL)
    {
      b.begin = split;
      b.end = end;
      b.n_rows = count_newlines (b.begin, b.end) + 1;
      n_rows += b.n_rows;
    }

  result = weft_matrix_new_2d (n_rows, n_columns);
  if (result == NULL)
    return WEFT_MDA_PLAIN_NOT_PLAIN;

  a.cells = weft_matrix_get_data (result);
  a.n_columns = b.n_columns = n_columns;
  a.filtered = filtered_a;
  b.filtered = filtered_b;
  a.context = b.context = context;
  if (split != NULL)
    {
      b.first_cell = a.n_rows * n_columns;
      b.cells = a.cells + b.first_cell;
      thread = g_thread_new ("weft-mda-read", read_part_thread, &b);
    }
  a.plain = read_part (&a);
  if (thread != NULL)
    g_thread_join (thread);
  else
    b.plain = TRUE;

  if (a.cancelled || b.cancelled)
    {
      g_assert (weft_load_context_set_error_if_cancelled (context, error));
      return WEFT_MDA_PLAIN_CANCELLED;
    }
  if (!a.plain || !b.plain)
    return WEFT_MDA_PLAIN_NOT_PLAIN;

  for (guint i = 0; i < filtered_a->len; i++)
    weft_matrix_set_filtered (result, g_array_index (filtered_a, gsize, i), TRUE);
  for (guint i = 0; i < filtered_b->len; i++)
    weft_matrix_set_filtered (result, g_array_index (filtered_b, gsize, i), TRUE);

  *matrix = g_steal_pointer (&result);
  return WEFT_MDA_PLAIN_READ;
}

/* fuzz-ddt-csv.c: libFuzzer harness for the RFC 4180 tokenizer and the MDA CSV
 * reader (parsers/ddt/weft-csv.c, weft-mda.c).
 *
 * Besides "no crash, no leak", it checks two properties: every field the
 * tokenizer hands out is valid UTF-8 of the length it claims, and a record
 * written back with weft_csv_append_field() tokenizes to the same fields.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "weft-csv.h"
#include "weft-mda.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static void
check_rewrite (const WeftCsvReader *reader)
{
  g_autoptr(GString) line = g_string_new (NULL);
  g_autoptr(WeftCsvReader) again = NULL;
  guint n_fields = weft_csv_reader_get_n_fields (reader);

  for (guint i = 0; i < n_fields; i++)
    {
      const WeftCsvField *field = weft_csv_reader_get_field (reader, i);

      if (i > 0)
        g_string_append_c (line, ',');
      weft_csv_append_field (line, field->text, field->len);
    }
  g_string_append_c (line, '\n');

  again = weft_csv_reader_new (line->str, line->len, NULL);
  if (!weft_csv_reader_next (again, NULL) || weft_csv_reader_get_n_fields (again) != n_fields)
    abort ();
  for (guint i = 0; i < n_fields; i++)
    if (strcmp (weft_csv_reader_get_field (again, i)->text, weft_csv_reader_get_field (reader, i)->text) != 0)
      abort ();
  if (weft_csv_reader_next (again, NULL))
    abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(WeftCsvReader) reader = weft_csv_reader_new ((const char *)data, size, "fuzz.csv");
  g_autoptr(WeftMatrix) matrix = NULL;
  g_autoptr(GError) error = NULL;

  while (weft_csv_reader_next (reader, &error))
    {
      for (guint i = 0; i < weft_csv_reader_get_n_fields (reader); i++)
        {
          const WeftCsvField *field = weft_csv_reader_get_field (reader, i);
          double value;

          if (strlen (field->text) != field->len || !g_utf8_validate (field->text, field->len, NULL))
            abort ();
          weft_csv_parse_double (field->text, field->len, &value);
        }
      check_rewrite (reader);
    }
  g_clear_error (&error);

  matrix = weft_mda_csv_parse ((const char *)data, size, "fuzz.csv", NULL, &error);
  if ((matrix == NULL) == (error == NULL))
    abort ();

  return 0;
}

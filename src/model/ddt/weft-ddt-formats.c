/* weft-ddt-formats.c: registers the DDT array and comparison readers.
 *
 * MDA: an HDF5 file (its signature), or a CSV file with no header whose every
 * field is a number (NaN and infinities included) or a quoted empty field (a
 * filtered cell), with the same number of fields on every row.
 * CPC: a CSV file whose first row names the columns Value and Processes.
 * Both sniff on the first bytes only; a later row that breaks the pattern is
 * an error (MDA) or a warning (CPC) naming its line when the file is read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-cpc-dataset.h"
#include "weft-csv.h"
#include "weft-error.h"
#include "weft-format.h"
#include "weft-hdf5-module.h"
#include "weft-formats-builtin.h"
#include "weft-mda-dataset.h"

/* The head up to its last complete line (all of it when the file is shorter
 * than a sniffer's look). A first row longer than the head (an array of a
 * few hundred columns) is cut after its last complete field instead: the
 * fields seen say as much as whole rows would. */
static gsize
complete_length (const WeftSniffInput *input)
{
  const char *head = (const char *)input->head;
  gsize len = input->head_len, comma = 0;

  if (len < WEFT_SNIFF_HEAD_SIZE)
    return len;
  for (gsize i = len; i > 0; i--)
    {
      if (head[i - 1] == '\n')
        return i;
      if (head[i - 1] == ',' && comma == 0)
        comma = i - 1;
    }
  return comma;
}

static WeftSniffScore
weft_mda_format_sniff (const WeftSniffInput *input)
{
  g_autoptr(WeftCsvReader) reader = NULL;
  gsize len;
  guint n_fields = 0, n_records = 0;

  if (input->is_directory)
    return WEFT_SNIFF_NO;
  if (weft_hdf5_has_signature (input->head, input->head_len))
    return WEFT_SNIFF_CERTAIN;

  len = complete_length (input);
  if (len == 0 || memchr (input->head, '\0', len) != NULL)
    return WEFT_SNIFF_NO;

  reader = weft_csv_reader_new ((const char *)input->head, len, input->basename);
  while (weft_csv_reader_next (reader, NULL))
    {
      guint n = weft_csv_reader_get_n_fields (reader);

      if (weft_csv_reader_is_blank (reader))
        continue;
      if (n_records > 0 && n != n_fields)
        return WEFT_SNIFF_NO;
      n_fields = n;
      for (guint i = 0; i < n; i++)
        {
          const WeftCsvField *field = weft_csv_reader_get_field (reader, i);
          double value;

          if (field->quoted && field->len == 0)
            continue;
          if (!weft_csv_parse_double (field->text, field->len, &value))
            return WEFT_SNIFF_NO;
        }
      n_records++;
    }

  /* A lone number is too little to call a file an array. */
  return n_records > 0 && (n_records > 1 || n_fields > 1) ? WEFT_SNIFF_LIKELY : WEFT_SNIFF_NO;
}

static WeftSniffScore
weft_cpc_format_sniff (const WeftSniffInput *input)
{
  g_autoptr(WeftCsvReader) reader = NULL;
  const WeftCsvField *value, *processes;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  if (input->is_directory || input->head_len == 0)
    return WEFT_SNIFF_NO;

  reader = weft_csv_reader_new ((const char *)input->head, complete_length (input), input->basename);
  if (!weft_csv_reader_next (reader, NULL) || weft_csv_reader_get_n_fields (reader) < 2)
    return WEFT_SNIFF_NO;

  value = weft_csv_reader_get_field (reader, 0);
  processes = weft_csv_reader_get_field (reader, 1);
  first = g_strstrip (g_strndup (value->text, value->len));
  second = g_strstrip (g_strndup (processes->text, processes->len));

  if (g_ascii_strcasecmp (first, WEFT_CPC_VALUE_HEADING) == 0 &&
      g_ascii_strcasecmp (second, WEFT_CPC_PROCESSES_HEADING) == 0)
    return WEFT_SNIFF_CERTAIN;

  return WEFT_SNIFF_NO;
}

static const WeftFormat mda_format;
static const WeftFormat cpc_format;

static WeftDataset *
weft_mda_format_load (GFile * const    *files,
                      guint             n_files,
                      WeftLoadContext  *context,
                      GError          **error)
{
  if (!weft_format_check_one_file (&mda_format, n_files, error))
    return NULL;

  return (WeftDataset *)weft_mda_dataset_load (files[0], context, error);
}

static WeftDataset *
weft_cpc_format_load (GFile * const    *files,
                      guint             n_files,
                      WeftLoadContext  *context,
                      GError          **error)
{
  if (!weft_format_check_one_file (&cpc_format, n_files, error))
    return NULL;

  return (WeftDataset *)weft_cpc_dataset_load (files[0], context, error);
}

static const char *const mda_patterns[] = { "*.csv", "*.h5", "*.hdf5", "*.hdf", NULL };
static const char *const cpc_patterns[] = { "*.csv", NULL };

static const WeftFormat mda_format = {
  .id = "mda",
  .name = N_("DDT multi-dimensional array"),
  .mime_type = "application/x-hdf",  /* and text/csv: a CSV array has no type of its own */
  .patterns = mda_patterns,
  .expects = N_("an HDF5 file, or a CSV file without a header whose fields are all numbers or \"\""),
  .sniff = weft_mda_format_sniff,
  .load = weft_mda_format_load,
};

static const WeftFormat cpc_format = {
  .id = "cpc",
  .name = N_("DDT cross-process comparison"),
  .mime_type = "text/x-ddt-cpc-csv",
  .patterns = cpc_patterns,
  .expects = N_("a CSV file whose first row is “Value, Processes”"),
  .sniff = weft_cpc_format_sniff,
  .load = weft_cpc_format_load,
};

void
weft_ddt_arrays_format_register (void)
{
  weft_format_register (&cpc_format);
  weft_format_register (&mda_format);
}

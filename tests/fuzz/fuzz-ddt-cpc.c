/* fuzz-ddt-cpc.c: libFuzzer harness for the Cross-Process Comparison CSV reader
 * (parsers/ddt/weft-cpc.c).
 *
 * A table that reads is written back and read again: the second reading must
 * write the very same text (our output is canonical and reads as written).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "weft-cpc.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftCpcTable) table = NULL;
  g_autoptr(WeftCpcTable) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;

  table = weft_cpc_csv_parse ((const char *)data, size, "fuzz.csv", context, &error);
  if ((table == NULL) == (error == NULL))
    abort ();
  if (table == NULL)
    return 0;

  text = weft_cpc_table_to_csv (table);
  again = weft_cpc_csv_parse (text, strlen (text), "again.csv", NULL, &error);
  if (again == NULL || weft_cpc_table_get_n_rows (again) != weft_cpc_table_get_n_rows (table))
    abort ();
  text_again = weft_cpc_table_to_csv (again);
  if (strcmp (text, text_again) != 0)
    abort ();

  return 0;
}

/* fuzz-ddt-psv-xml.c: libFuzzer harness for the Parallel Stack View xml
 * reader (parsers/ddt/weft-psv.c).
 *
 * A tree that reads is written back (sets where it has them) and read again:
 * the second reading has as many frames and writes the very same text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-xml-module.h"
#include "weft-psv.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static char *
write_tree (WeftCallTree *tree)
{
  char *text = weft_psv_xml_to_string (tree, NULL);

  if (text == NULL)
    abort ();
  return text;
}

static WeftCallTree *
read_tree (const char       *data,
           size_t            size,
           WeftLoadContext  *context,
           GError          **error)
{
  return weft_psv_xml_parse (data, size, "fuzz.xml", context, error);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftCallTree) tree = NULL;
  g_autoptr(WeftCallTree) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text_again = NULL;

  tree = read_tree ((const char *)data, size, context, &error);
  if ((tree == NULL) == (error == NULL))
    abort ();
  if (tree == NULL)
    return 0;

  text = write_tree (tree);
  again = read_tree (text, strlen (text), NULL, &error);
  if (again == NULL || weft_call_tree_get_n_nodes (again) != weft_call_tree_get_n_nodes (tree))
    abort ();
  text_again = write_tree (again);
  if (strcmp (text, text_again) != 0)
    abort ();
  return 0;
}

/* fuzz-hpcstruct.c: libFuzzer harness for the .hpcstruct reader
 * (parsers/hpctoolkit/weft-hpcstruct.c, libxml2's streaming reader).
 *
 * A structure that reads answers lookups with scopes it holds, and every
 * scope's chain ends at a load module.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "weft-hpcstruct.h"
#include "weft-xml-module.h"

int LLVMFuzzerInitialize (int    *argc,
                          char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

/* The reader is in the module weft-xml: without it every input would be
 * refused at once, and the fuzzer would pass having read nothing (as it did
 * from a build of the harnesses alone). */
int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  GError *error = NULL;

  if (weft_xml_module_get (&error) == NULL)
    {
      fprintf (stderr, "the XML module is missing (build it too): %s\n", error->message);
      abort ();
    }
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(WeftHpcstruct) s = weft_hpcstruct_new ();
  g_autoptr(GError) error = NULL;
  guint n;

  if (!weft_hpcstruct_load_memory (s, (const char *)data, size, "fuzz.hpcstruct", &error))
    {
      if (error == NULL)
        abort ();
      return 0;
    }
  n = weft_hpcstruct_get_n_scopes (s);
  for (guint i = 0; i < n; i++)
    {
      const WeftHpcstructScope *scope = weft_hpcstruct_get_scope (s, i);

      if (scope->parent != WEFT_HPCSTRUCT_NONE && scope->parent >= i)
        abort ();
      if (scope->name == NULL || scope->file == NULL)
        abort ();
      if (weft_hpcstruct_enclosing (s, i, WEFT_HPCSTRUCT_LM) == WEFT_HPCSTRUCT_NONE)
        abort ();
    }
  for (guint i = 0; i < n; i++)
    if (weft_hpcstruct_get_scope (s, i)->kind == WEFT_HPCSTRUCT_LM)
      for (guint64 a = 0; a < 0x2000; a += 0x11)
        {
          guint32 found = weft_hpcstruct_lookup (s, i, a);

          if (found != WEFT_HPCSTRUCT_NONE && found >= n)
            abort ();
        }
  return 0;
}

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
#include <stdlib.h>

#include "fuzz-xml-module.h"
#include "weft-hpcstruct.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

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

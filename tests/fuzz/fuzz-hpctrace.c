/* fuzz-hpctrace.c: libFuzzer harness for the .hpctrace reader
 * (parsers/hpctoolkit/weft-hpctrace.c): a trace that reads has exactly the
 * records its length says.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "weft-hpctrace.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftHpctrace) trace = weft_hpctrace_parse (data, size, "fuzz.hpctrace", &error);
  gsize header, record;

  if (trace == NULL)
    {
      if (error == NULL)
        abort ();
      return 0;
    }
  header = trace->version[4] == '1' ? 32 : 24;
  record = (trace->flags & 1) ? 16 : 12;
  if (header + trace->records->len * record != size)
    abort ();
  return 0;
}

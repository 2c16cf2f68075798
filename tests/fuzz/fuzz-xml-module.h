/* fuzz-xml-module.h: LLVMFuzzerInitialize() for the harnesses of readers
 * in the module weft-xml (parsers/common/weft-xml-module.h). Without the
 * module every input would be refused at once, and the fuzzer would pass
 * having read nothing (as it did from a build of the harnesses alone).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdio.h>
#include <stdlib.h>

#include "weft-xml-module.h"

int LLVMFuzzerInitialize (int    *argc,
                          char ***argv);

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

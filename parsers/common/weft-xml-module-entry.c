/* weft-xml-module-entry.c: the entry point of the module weft-xml
 * (weft-xml-module.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gmodule.h>

#include "weft-hpcstruct-private.h"
#include "weft-module.h"
#include "weft-psv-private.h"
#include "weft-xml-module.h"

G_MODULE_EXPORT gconstpointer weft_xml_module_table (void);

gconstpointer
weft_xml_module_table (void)
{
  static const WeftXmlModule table = {
    .abi = WEFT_MODULE_ABI,
    .psv_parse = weft_xml_psv_parse,
    .psv_to_string = weft_xml_psv_to_string,
    .hpcstruct_load_file = weft_xml_hpcstruct_load_file,
    .hpcstruct_load_memory = weft_xml_hpcstruct_load_memory,
  };

  return &table;
}

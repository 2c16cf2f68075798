/* weft-xml-module-entry.c: the entry point of the module weft-xml
 * (weft-xml-module.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gmodule.h>
#include <libxml/parser.h>

#include "weft-hpcstruct-private.h"
#include "weft-module.h"
#include "weft-psv-private.h"
#include "weft-xml-module.h"

G_MODULE_EXPORT gconstpointer weft_xml_module_table (void);
G_MODULE_EXPORT const gchar *g_module_check_init (GModule *module);

/* libxml2 sets itself up on first use, and two threads that read their first
 * XML at the same moment both do (xmlInitParser() is not reentrant): the
 * second overwrites what the first made (LeakSanitizer found the first's
 * encoding handlers lost, once in a while, in the HPCToolkit page's test,
 * where GTK's librsvg may be reading its first SVG icon on the main thread).
 * GModule calls this once, when the module is loaded, before any of Weft's
 * readers; tests/lsan.supp covers the race that is left with other users. */
const gchar *
g_module_check_init (GModule *module)
{
  xmlInitParser ();
  return NULL;
}

gconstpointer
weft_xml_module_table (void)
{
  static const WeftXmlModule table = {
    .abi = WEFT_MODULE_ABI,
    .psv_parse = weft_xml_psv_parse,
    .hpcstruct_load_file = weft_xml_hpcstruct_load_file,
    .hpcstruct_load_memory = weft_xml_hpcstruct_load_memory,
  };

  return &table;
}

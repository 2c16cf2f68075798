/* weft-xml-module.c: the program's side of the module weft-xml
 * (weft-xml-module.h): weft-psv.h's and weft-hpcstruct.h's functions that
 * read or write XML.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-error.h"
#include "weft-input-file.h"
#include "weft-int-set.h"
#include "weft-module.h"
#include "weft-psv-private.h"
#include "weft-string-pool.h"
#include "weft-xml-module.h"

/* What the module calls of Weft, one function of each object file (see
 * weft-hdf5-module.c). */
__attribute__ ((used)) static const gpointer module_needs[] = {
  (gpointer)weft_call_tree_new,
  (gpointer)weft_error_quark,
  (gpointer)weft_int_set_parse,
  (gpointer)weft_load_context_warn,
  (gpointer)weft_psv_trim,
  (gpointer)weft_string_pool_intern,
};

/**
 * weft_xml_module_get:
 * @error: why the module could not be had
 *
 * Opens the XML module the first time (thread-safe; weft_module_get_table()).
 *
 * Returns: (nullable): its table
 */
const WeftXmlModule *
weft_xml_module_get (GError **error)
{
  return weft_module_get_table ("xml", WEFT_XML_MODULE_ENTRY, error);
}

WeftCallTree *
weft_psv_xml_parse (const char       *data,
                    gsize             len,
                    const char       *filename,
                    WeftLoadContext  *context,
                    GError          **error)
{
  const WeftXmlModule *xml = weft_xml_module_get (error);

  return xml != NULL ? xml->psv_parse (data, len, filename, context, error) : NULL;
}

gboolean
weft_hpcstruct_load_file (WeftHpcstruct  *self,
                          const char     *path,
                          GError        **error)
{
  const WeftXmlModule *xml;

  /* Here, not in the module: libxml2 would wait on a named pipe. */
  if (!weft_input_file_check (path, error))
    return FALSE;
  xml = weft_xml_module_get (error);
  return xml != NULL && xml->hpcstruct_load_file (self, path, error);
}

gboolean
weft_hpcstruct_load_memory (WeftHpcstruct  *self,
                            const char     *data,
                            gsize           len,
                            const char     *name,
                            GError        **error)
{
  const WeftXmlModule *xml = weft_xml_module_get (error);

  return xml != NULL && xml->hpcstruct_load_memory (self, data, len, name, error);
}

/* weft-xml-module.c: the program's side of the module weft-xml
 * (weft-xml-module.h): weft-psv.h's and weft-hpcstruct.h's functions that
 * read or write XML.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

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

/* How much of a structure file holds its DOCTYPE, at most: HPCToolkit's DTD
 * ends 2 KB in, and the whole file is read again by libxml2. */
#define HPCSTRUCT_PROLOG_MAX ((gsize)64 << 10)

/* Structure files are read with XML_PARSE_HUGE (their nesting can be deeper
 * than libxml2's default limit), which also lifts its guard against entities
 * that expand to gigabytes ("billion laughs": a 3 KB file held the reader
 * past 10 s and 3 GB). HPCToolkit declares no entities, so a file whose
 * internal DTD (up to "]>", within the first @len bytes) does is refused
 * before libxml2 sees it, and so is one whose DTD does not end there. */
static gboolean
check_no_entities (const char  *head,
                   gsize        len,
                   gboolean     whole,
                   const char  *name,
                   GError     **error)
{
  const char *doctype = g_strstr_len (head, (gssize)len, "<!DOCTYPE");
  const char *end;

  if (doctype == NULL)
    return TRUE;
  end = g_strstr_len (doctype, (gssize)(head + len - doctype), "]>");
  if (end == NULL && !whole)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE,
                   _("%s: the structure file's DTD is longer than %u KiB; it is not read"),
                   name, (guint)(len / 1024));
      return FALSE;
    }
  if (g_strstr_len (doctype, (gssize)((end != NULL ? end : head + len) - doctype), "<!ENTITY") == NULL)
    return TRUE;

  g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE,
               _("%s: the structure file declares entities (<!ENTITY), which HPCToolkit never writes; "
                 "it is not read"), name);
  return FALSE;
}

gboolean
weft_hpcstruct_load_file (WeftHpcstruct  *self,
                          const char     *path,
                          GError        **error)
{
  g_autofree char *head = g_malloc (HPCSTRUCT_PROLOG_MAX);
  const WeftXmlModule *xml;
  gssize n;

  /* Here, not in the module: libxml2 would wait on a named pipe. */
  n = weft_input_file_read_head (path, head, HPCSTRUCT_PROLOG_MAX, error);
  if (n < 0 || !check_no_entities (head, (gsize)n, (gsize)n < HPCSTRUCT_PROLOG_MAX, path, error))
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
  const WeftXmlModule *xml;

  if (!check_no_entities (data, MIN (len, HPCSTRUCT_PROLOG_MAX), len <= HPCSTRUCT_PROLOG_MAX, name, error))
    return FALSE;
  xml = weft_xml_module_get (error);
  return xml != NULL && xml->hpcstruct_load_memory (self, data, len, name, error);
}

/* weft-xml-module.h: Weft's libxml2 code, a module loaded when a file needs it.
 *
 * libxml2 brings ICU (libicuuc, its 30 MB of data, libstdc++): 2.6 ms of every
 * start (core/weft-module.h), for two kinds of file, PSV XML and HPCToolkit's
 * .hpcstruct. Their XML code (parsers/ddt/weft-psv-xml.c,
 * parsers/hpctoolkit/weft-hpcstruct-xml.c) is the module weft-xml; the rest
 * of Weft calls weft-psv.h's and weft-hpcstruct.h's functions, which open it
 * the first time (weft-xml-module.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-hpcstruct.h"
#include "weft-psv.h"

G_BEGIN_DECLS

/* What the module hands out (weft-xml-module-entry.c). */
typedef struct
{
  guint           abi;  /* WEFT_MODULE_ABI of the module's build */

  /* weft_psv_xml_parse() (weft-psv.h); PSV XML is written without libxml2. */
  WeftCallTree *(*psv_parse)             (const char       *data,
                                          gsize             len,
                                          const char       *filename,
                                          WeftLoadContext  *context,
                                          GError          **error);

  /* weft_hpcstruct_load_file() and _load_memory() (weft-hpcstruct.h). */
  gboolean      (*hpcstruct_load_file)   (WeftHpcstruct    *self,
                                          const char       *path,
                                          GError          **error);
  gboolean      (*hpcstruct_load_memory) (WeftHpcstruct    *self,
                                          const char       *data,
                                          gsize             len,
                                          const char       *name,
                                          GError          **error);
} WeftXmlModule;

#define WEFT_XML_MODULE_ENTRY "weft_xml_module_table"

const WeftXmlModule *weft_xml_module_get (GError **error);

G_END_DECLS

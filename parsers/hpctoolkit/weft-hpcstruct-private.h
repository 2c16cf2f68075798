/* weft-hpcstruct-private.h: what the reader of .hpcstruct XML (the module
 * weft-xml, weft-hpcstruct-xml.c) fills and the lookups (weft-hpcstruct.c) read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-hpcstruct.h"
#include "weft-string-pool.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 lo, hi;   /* [lo, hi) */
  guint32 scope;
  guint32 module;   /* LM scope */
  gboolean entry;   /* a P/L/A range (an entry address), not a statement's */
} Range;

typedef struct
{
  guint32 scope;
  GArray *ranges;   /* Range of its statements and call sites, sorted */
  GArray *entries;  /* Range of its procedures, sorted */
  guint64 max_len;  /* longest statement range, to bound the backward scan */
} Module;

struct _WeftHpcstruct
{
  WeftStringPool *pool;
  GArray         *scopes;   /* WeftHpcstructScope */
  GArray         *modules;  /* Module */
  GHashTable     *by_path;  /* path → module index + 1 */
  GHashTable     *by_base;  /* base name → module index + 1 */
};

/* The reader, in the module weft-xml (weft-xml-module.h). */
gboolean weft_xml_hpcstruct_load_file   (WeftHpcstruct  *self,
                                         const char     *path,
                                         GError        **error);
gboolean weft_xml_hpcstruct_load_memory (WeftHpcstruct  *self,
                                         const char     *data,
                                         gsize           len,
                                         const char     *name,
                                         GError        **error);

G_END_DECLS

/* weft-hpcstruct.h: HPCToolkit program structure files (.hpcstruct, XML),
 * read with libxml2's streaming reader.
 *
 * Scopes form a tree per load module: LM → F (file) → P (procedure) →
 * A (inlined code), L (loop), S (statement), C (call site). Statements and
 * call sites carry address ranges; weft_hpcstruct_lookup() finds the
 * innermost one holding an address (call sites are looked up at
 * return address − 1 by the caller) and so the procedure, file, line, loops
 * and inline chain of that address.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  WEFT_HPCSTRUCT_LM,
  WEFT_HPCSTRUCT_FILE,
  WEFT_HPCSTRUCT_PROC,
  WEFT_HPCSTRUCT_ALIEN,  /* inlined code */
  WEFT_HPCSTRUCT_LOOP,
  WEFT_HPCSTRUCT_STMT,
  WEFT_HPCSTRUCT_CALL,
} WeftHpcstructKind;

#define WEFT_HPCSTRUCT_NONE G_MAXUINT32

typedef struct
{
  guint32     parent;   /* scope index, WEFT_HPCSTRUCT_NONE for an LM */
  guint32     kind;     /* WeftHpcstructKind */
  const char *name;     /* LM path, F name, P/A n; "" for L/S/C */
  const char *file;     /* F name; A/L "f"; else the enclosing one's */
  guint32     line;     /* l (first line of "beg-end") */
} WeftHpcstructScope;

typedef struct _WeftHpcstruct WeftHpcstruct;

WeftHpcstruct            *weft_hpcstruct_new            (void);
void                      weft_hpcstruct_free           (WeftHpcstruct  *self);
/* Adds every load module of @path. */
gboolean                  weft_hpcstruct_load_file      (WeftHpcstruct  *self,
                                                         const char     *path,
                                                         GError        **error);
gboolean                  weft_hpcstruct_load_memory    (WeftHpcstruct  *self,
                                                         const char     *data,
                                                         gsize           len,
                                                         const char     *name,
                                                         GError        **error);
guint                     weft_hpcstruct_get_n_scopes   (const WeftHpcstruct *self);
const WeftHpcstructScope *weft_hpcstruct_get_scope      (const WeftHpcstruct *self,
                                                         guint32         scope);
guint                     weft_hpcstruct_get_n_modules  (const WeftHpcstruct *self);
const char               *weft_hpcstruct_get_module_path (const WeftHpcstruct *self,
                                                          guint           index);
/* The LM scope of a load module path: exact path, else the same base name
 * (measurement and structure paths differ between machines). */
guint32                   weft_hpcstruct_find_module    (const WeftHpcstruct *self,
                                                         const char     *path);
/* The innermost S or C scope holding @address in @module (an LM scope), else
 * the procedure whose entry is @address, else WEFT_HPCSTRUCT_NONE. */
guint32                   weft_hpcstruct_lookup         (const WeftHpcstruct *self,
                                                         guint32         module,
                                                         guint64         address);
/* The nearest enclosing scope of @kind (the scope itself included). */
guint32                   weft_hpcstruct_enclosing      (const WeftHpcstruct *self,
                                                         guint32         scope,
                                                         WeftHpcstructKind kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftHpcstruct, weft_hpcstruct_free)

G_END_DECLS

/* weft-module.h: the parts of Weft that are loaded only when a file needs them.
 *
 * Every library a program links is mapped and relocated before main(), used
 * or not. libhdf5 alone brings 28 more libraries (curl, GnuTLS, Kerberos…)
 * and costs 10 ms of every start on a 2-core machine, more than reading a
 * 4 MB trace. So the code that calls such a library is built as a module
 * (modules/meson.build), and the rest of Weft reaches it through a table of
 * functions the module hands out, opened the first time it is needed.
 *
 * A module's own symbols are hidden but for its one entry point; what it
 * calls of Weft (matrices, load contexts, atomic files…) it finds in the
 * program, which exports Weft's symbols for it (weft_parsers_dep's
 * -Wl,--export-dynamic-symbol=weft_*, parsers/meson.build). Modules come
 * from the build tree for a program that runs from it, from the installed
 * folder otherwise, or from $WEFT_MODULE_DIR.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A module's entry point returns its table of functions, whose first member
 * is a guint set to WEFT_MODULE_ABI; bumped when a table changes, so that a
 * program never calls a module of another build's tables. */
#define WEFT_MODULE_ABI  2

typedef gconstpointer (*WeftModuleEntry) (void);

gconstpointer weft_module_get_table (const char  *name,
                                     const char  *entry,
                                     GError     **error);
gboolean      weft_program_is_in_build_tree (void);

G_END_DECLS

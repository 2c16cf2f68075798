/* weft-warning.h: one skipped or suspicious piece of input (file:line: message).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define WEFT_TYPE_WARNING (weft_warning_get_type ())

typedef struct _WeftWarning
{
  char   *file;    /* path as given, or NULL when the warning is about the whole input */
  guint64 line;    /* 1-based line (or record) number, 0 when unknown */
  char   *message;
} WeftWarning;

GType        weft_warning_get_type                (void) G_GNUC_CONST;
WeftWarning *weft_warning_new                     (const char        *file,
                                                   guint64            line,
                                                   const char        *message);
WeftWarning *weft_warning_new_from_error_message  (const char        *file,
                                                   const char        *message);
WeftWarning *weft_warning_copy                    (const WeftWarning *warning);
void         weft_warning_free                    (WeftWarning       *warning);
char        *weft_warning_to_string               (const WeftWarning *warning);
int          weft_warning_compare                 (gconstpointer      a,
                                                   gconstpointer      b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftWarning, weft_warning_free)

G_END_DECLS

/* weft-text-match.h: "contains, case aside", as the searches of tables and
 * trees ask it of every cell or frame name.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean weft_text_contains_folded (const char *text,
                                    const char *folded);

G_END_DECLS

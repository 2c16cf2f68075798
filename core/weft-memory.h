/* weft-memory.h: giving memory back to the system between load stages, and
 * asking for huge pages where a load fills big columns.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void     weft_memory_release_freed (void);
void     weft_memory_advise_huge   (gpointer mem,
                                    gsize    size);
gpointer weft_memory_new0_huge     (gsize    n,
                                    gsize    size);
void     weft_memory_populate      (gpointer mem,
                                    gsize    size);
void     weft_memory_discard       (gpointer mem,
                                    gsize    size);

G_END_DECLS

/* weft-memory.h: giving memory back to the system between load stages.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void weft_memory_release_freed (void);

G_END_DECLS

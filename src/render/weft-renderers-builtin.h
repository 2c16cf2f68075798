/* weft-renderers-builtin.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void weft_renderers_register_builtin (void);

G_END_DECLS

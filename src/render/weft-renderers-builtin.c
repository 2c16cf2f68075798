/* weft-renderers-builtin.c: registers the pictures and data writers built into
 * Weft with the exporter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-exporter.h"
#include "weft-renderers-builtin.h"

void
weft_renderers_register_builtin (void)
{
  /* Each view and writer registers here as it lands. */
}

/* weft-renderers-builtin.c: registers the pictures and data writers built into
 * Weft with the exporter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-exporter.h"
#include "weft-renderers-builtin.h"

/* BEGIN includes: timeline */
/* END includes: timeline */
/* BEGIN includes: grid views */
/* END includes: grid views */
/* BEGIN includes: grid writers */
/* END includes: grid writers */

void
weft_renderers_register_builtin (void)
{
  /* BEGIN register: timeline */
  /* END register: timeline */
  /* BEGIN register: grid views */
  /* END register: grid views */
  /* BEGIN register: grid writers */
  /* END register: grid writers */
}

/* weft-formats-builtin.c: registers the families built into Weft.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-format.h"
#include "weft-formats-builtin.h"

void
weft_formats_init (void)
{
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      /* Families register here, in the order their sniffers should be asked. */
      /* BEGIN register: chplvis */
      weft_chplvis_format_register ();
      /* END register: chplvis */
      /* BEGIN register: ddt-arrays */
      weft_ddt_arrays_format_register ();
      /* END register: ddt-arrays */
      /* BEGIN register: hpctoolkit */
      weft_hpctoolkit_format_register ();
      /* END register: hpctoolkit */
      /* BEGIN register: mpd */
      weft_mpd_format_register ();
      /* END register: mpd */
      /* BEGIN register: visandor */
      weft_visandor_format_register ();
      /* END register: visandor */
      /* BEGIN register: ddt-psv */
      weft_psv_format_register ();
      /* END register: ddt-psv */
      g_once_init_leave (&initialized, 1);
    }
}

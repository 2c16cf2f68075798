/* weft-formats-builtin.h: the registration functions of the built-in families.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Each family adds its registration function here and calls it from weft_formats_init(). */
/* BEGIN declarations: chplvis */
void weft_chplvis_format_register (void);
/* BEGIN register: hpctoolkit */
void weft_hpctoolkit_format_register (void);
/* END register: hpctoolkit */
/* END declarations: chplvis */
/* BEGIN declarations: ddt-arrays */
void weft_ddt_arrays_format_register (void);
/* END declarations: ddt-arrays */
/* BEGIN declarations: mpd */
void weft_mpd_format_register (void);
/* END declarations: mpd */
/* BEGIN declarations: visandor */
void weft_visandor_format_register (void);
/* END declarations: visandor */
/* BEGIN declarations: ddt-psv */
void weft_psv_format_register (void);
/* END declarations: ddt-psv */

G_END_DECLS

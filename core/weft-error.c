/* weft-error.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-error.h"

G_DEFINE_QUARK (weft-error-quark, weft_error)

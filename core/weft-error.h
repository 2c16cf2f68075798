/* weft-error.h: the error domain shared by readers, models and exporters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define WEFT_ERROR (weft_error_quark ())

typedef enum
{
  WEFT_ERROR_FAILED,
  WEFT_ERROR_UNKNOWN_FORMAT,   /* no registered reader recognises the input */
  WEFT_ERROR_PARSE,            /* the input is recognised but cannot be understood */
  WEFT_ERROR_UNSUPPORTED,      /* a version or feature of the format we do not read */
  WEFT_ERROR_EMPTY,            /* nothing to read */
  WEFT_ERROR_INVALID_ARGUMENT, /* a view, format, tag or range that does not fit */
  WEFT_ERROR_WRITE,            /* an export could not be written */
} WeftError;

GQuark weft_error_quark (void);

G_END_DECLS

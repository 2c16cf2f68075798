/* weft-time-span.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-time-span.h"

G_DEFINE_BOXED_TYPE (WeftTimeSpan, weft_time_span, weft_time_span_copy, weft_time_span_free)

WeftTimeSpan *
weft_time_span_copy (const WeftTimeSpan *span)
{
  g_return_val_if_fail (span != NULL, NULL);

  return g_memdup2 (span, sizeof *span);
}

void
weft_time_span_free (WeftTimeSpan *span)
{
  g_free (span);
}

/* weft-compare.h: how two runs' numbers are combined when they are compared.
 *
 * A comparison shows "other" against "base": their difference (other − base,
 * the default, centred on zero) or their ratio (other ÷ base, centred on one).
 * A value missing on one side (a locale the other run did not have, a call
 * path it never reached) counts as zero, so differences add up to the
 * difference of the totals.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <math.h>

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  WEFT_COMPARE_DIFFERENCE,
  WEFT_COMPARE_RATIO,
} WeftCompareMode;

/* Ratios of zeros: 0 ÷ 0 is "no change" (1), x ÷ 0 grew without bound. */
static inline double
weft_compare_ratio (double base,
                    double other)
{
  if (base == 0.0)
    return other == 0.0 ? 1.0 : (other > 0.0 ? INFINITY : -INFINITY);
  return other / base;
}

static inline double
weft_compare_values (WeftCompareMode mode,
                     double          base,
                     double          other)
{
  return mode == WEFT_COMPARE_RATIO ? weft_compare_ratio (base, other) : other - base;
}

/* "difference" or "ratio" (weft-cli --mode). */
static inline gboolean
weft_compare_mode_from_string (const char      *text,
                               WeftCompareMode *mode)
{
  if (g_strcmp0 (text, "difference") == 0)
    *mode = WEFT_COMPARE_DIFFERENCE;
  else if (g_strcmp0 (text, "ratio") == 0)
    *mode = WEFT_COMPARE_RATIO;
  else
    return FALSE;
  return TRUE;
}

G_END_DECLS

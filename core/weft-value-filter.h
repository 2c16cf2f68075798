/* weft-value-filter.h: DDT's "Only show if" expressions over $value.
 *
 * The MDA viewer filters an array's cells with an expression in $value, such
 * as `$value > 0` or `$value != 0 && $value < 5`. The language is small and
 * safe (no calls, no variables but $value):
 *
 *   expr    := or
 *   or      := and ( "||" and )*
 *   and     := not ( "&&" not )*
 *   not     := "!" not | compare
 *   compare := sum ( ( "<" | "<=" | ">" | ">=" | "==" | "!=" ) sum )?
 *   sum     := product ( ( "+" | "-" ) product )*
 *   product := unary ( ( "*" | "/" | "%" ) unary )*
 *   unary   := "-" unary | "+" unary | primary
 *   primary := NUMBER | "$value" | "nan" | "inf" | "abs" "(" expr ")"
 *            | "isnan" "(" expr ")" | "isinf" "(" expr ")" | "(" expr ")"
 *
 * A comparison is 1 or 0; a value is true when it is non-zero and not NaN.
 * Comparisons with NaN are false (as in C), so `$value == $value` keeps
 * every number and drops NaN. Parsing errors name the column (1-based).
 * Nesting deeper than 64 levels is an error (no unbounded recursion).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "weft-matrix.h"

G_BEGIN_DECLS

typedef struct _WeftValueFilter WeftValueFilter;

WeftValueFilter *weft_value_filter_parse  (const char             *text,
                                           GError                **error);
void             weft_value_filter_free   (WeftValueFilter        *self);
gboolean         weft_value_filter_match  (const WeftValueFilter  *self,
                                           double                  value);
WeftMatrix      *weft_value_filter_apply  (const WeftValueFilter  *self,
                                           const WeftMatrix       *matrix);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftValueFilter, weft_value_filter_free)

G_END_DECLS

/* weft-hpctoolkit-formula.h: hpcrun's derived-metric formulas.
 *
 * "min(100, max(0, 100*#27/#26))", "(#5/#5) + (#6/#5)", "#73/#91": #N is the
 * value of metric N (0-based, in the profile's metric table); numbers,
 * + - * / ^, unary minus, parentheses, min() and max() with any number of
 * arguments. Compiled once to a small stack program, then evaluated per
 * node. A division by zero gives 0 (an empty cell, not an infinity).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _WeftHpctoolkitFormula WeftHpctoolkitFormula;

WeftHpctoolkitFormula *weft_hpctoolkit_formula_parse    (const char                  *text,
                                                         GError                     **error);
void                   weft_hpctoolkit_formula_free     (WeftHpctoolkitFormula       *formula);
/* The metric numbers the formula reads, each once, in first-use order. */
const GArray          *weft_hpctoolkit_formula_get_inputs (const WeftHpctoolkitFormula *formula);
/* @values[i] is the value of metric get_inputs()[i]. */
double                 weft_hpctoolkit_formula_eval     (const WeftHpctoolkitFormula *formula,
                                                         const double                *values);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftHpctoolkitFormula, weft_hpctoolkit_formula_free)

G_END_DECLS

/* stencil.h: the three-point stencil compute() inlines (heat.c, line 24). */
#pragma once

static inline double stencil (const double *in, int i)
{ return 0.25 * in[i - 1] + 0.5 * in[i] + 0.25 * in[i + 1];
}

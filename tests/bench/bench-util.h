/* bench-util.h: timing helpers shared by the benchmarks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

double weft_bench_ms_since      (gint64        start);
double weft_bench_thread_cpu_ms (void);
void   weft_bench_sort          (double       *values,
                                 gsize         n);
double weft_bench_percentile    (const double *sorted,
                                 gsize         n,
                                 double        p);

G_END_DECLS

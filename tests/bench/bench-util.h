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
/* Sorts @times (double milliseconds) and prints "bench NAME-p50/-p95/-max". */
void   weft_bench_print_percentiles (const char *name,
                                     GArray     *times);
/* Runs @tool (a program built beside @self, the benchmark's argv[0]) with
 * @args (NULL-terminated) and its output to /dev/null; exits on failure. */
void   weft_bench_run_tool          (const char         *self,
                                     const char         *tool,
                                     const char * const *args);
/* Runs weft-gen-traces with @args (without --out) writing @file_name in the
 * temporary folder; exits on failure. Returns the path written. */
char  *weft_bench_generate          (const char         *self,
                                     const char * const *args,
                                     const char         *file_name);

G_END_DECLS

/* bench-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "bench-util.h"

/* Milliseconds since @start, a g_get_monotonic_time() value. */
double
weft_bench_ms_since (gint64 start)
{
  return (g_get_monotonic_time () - start) / 1000.0;
}

/* CPU time of the calling thread, in milliseconds. */
double
weft_bench_thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return x < y ? -1 : x > y;
}

void
weft_bench_sort (double *values,
                 gsize   n)
{
  qsort (values, n, sizeof (double), compare_doubles);
}

/* The @p-th percentile (nearest rank) of @n sorted values. */
double
weft_bench_percentile (const double *sorted,
                       gsize         n,
                       double        p)
{
  gsize rank = (gsize)ceil (p / 100.0 * n);

  g_assert (n > 0);
  return sorted[CLAMP (rank, 1, n) - 1];
}

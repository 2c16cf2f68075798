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

void
weft_bench_print_percentiles (const char *name,
                              GArray     *times)
{
  double *sorted = (double *)(void *)times->data;

  weft_bench_sort (sorted, times->len);
  g_print ("bench %s-p50 %.2f ms\n", name, weft_bench_percentile (sorted, times->len, 50));
  g_print ("bench %s-p95 %.2f ms\n", name, weft_bench_percentile (sorted, times->len, 95));
  g_print ("bench %s-max %.2f ms\n", name, sorted[times->len - 1]);
}

void
weft_bench_run_tool (const char         *self,
                     const char         *tool,
                     const char * const *args)
{
  g_autofree char *dir = g_path_get_dirname (self);
  g_autofree char *program = g_build_filename (dir, tool, NULL);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status;

  if (!g_file_test (program, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_printerr ("%s: build %s beside this program (or give a file where the benchmark takes one)\n", self, tool);
      exit (1);
    }
  g_ptr_array_add (argv, program);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status,
                     &error) ||
      !g_spawn_check_wait_status (status, &error))
    {
      g_printerr ("%s: %s: %s\n", self, tool, error->message);
      exit (1);
    }
}

char *
weft_bench_generate (const char         *self,
                     const char * const *args,
                     const char         *file_name)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  char *path = g_build_filename (g_get_tmp_dir (), file_name, NULL);

  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, (gpointer)"--out");
  g_ptr_array_add (argv, path);
  g_ptr_array_add (argv, NULL);
  weft_bench_run_tool (self, "weft-gen-traces", (const char * const *)argv->pdata);

  return path;
}

/* bench-mda-csv.c: reading a big DDT array exported as MDA CSV.
 *
 * Writes an N × N array (default 3000 × 3000: 9 M cells, about 80 MB, values
 * with up to six decimals, a few filtered cells and NaNs as DDT exports
 * them) with weft_mda_csv_write(), timing that, then reads it back: the whole reader
 * (its fast path on two threads), and the general reader alone, which is
 * what any file the fast path gives up on costs. Best of --runs.
 *
 * Prints "bench NAME value unit" lines.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <glib/gstdio.h>

#include "bench-util.h"
#include "weft-mda.h"
#include "weft-mda-plain.h"

static int n_runs = 3;
static int size = 3000;

static const GOptionEntry entries[] = {
  { "runs", 'n', 0, G_OPTION_ARG_INT, &n_runs, "Best of N runs (default 3)", "N" },
  { "size", 's', 0, G_OPTION_ARG_INT, &size, "Rows and columns (default 3000)", "N" },
  { NULL }
};

typedef WeftMatrix *(*ParseFunc) (const char *, gsize, const char *, WeftLoadContext *, GError **);

static double
best_read_ms (ParseFunc   parse,
              const char *data,
              gsize       len,
              gsize       n_cells)
{
  double best = G_MAXDOUBLE;

  for (int run = 0; run < n_runs; run++)
    {
      g_autoptr(GError) error = NULL;
      gint64 start = g_get_monotonic_time ();
      WeftMatrix *matrix = parse (data, len, "bench.csv", NULL, &error);

      best = MIN (best, weft_bench_ms_since (start));
      if (matrix == NULL)
        g_error ("%s", error->message);
      g_assert_cmpuint (weft_matrix_get_n_elements (matrix), ==, n_cells);
      weft_matrix_unref (matrix);
    }
  return best;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) options = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftMatrix) matrix = NULL;
  g_autoptr(GMappedFile) mapped = NULL;
  g_autofree char *path = NULL;
  GRand *rand = g_rand_new_with_seed (3);
  double *data;
  gsize len, n;
  double fast_ms, general_ms, write_ms, mb;

  g_option_context_add_main_entries (options, entries, NULL);
  if (!g_option_context_parse (options, &argc, &argv, &error) || n_runs < 1 || size < 1)
    {
      g_printerr ("%s\n", error != NULL ? error->message : "bad option");
      return 2;
    }

  n = (gsize)size * (gsize)size;
  matrix = weft_matrix_new_2d ((gsize)size, (gsize)size);
  data = weft_matrix_get_data (matrix);
  for (gsize i = 0; i < n; i++)
    data[i] = round (sin ((double)(i / (gsize)size) * 0.01) * cos ((double)(i % (gsize)size) * 0.013) * 1e8) / 1e6;
  for (int k = 0; k < 1000; k++)
    {
      gsize i = (gsize)g_rand_int_range (rand, 0, (gint32)MIN (n, G_MAXINT32));

      if (k % 2 == 0)
        weft_matrix_set_filtered (matrix, i, TRUE);
      else
        data[i] = NAN;
    }
  g_rand_free (rand);

  path = g_build_filename (g_get_tmp_dir (), "weft-bench-array.csv", NULL);
  write_ms = G_MAXDOUBLE;
  for (int run = 0; run < n_runs; run++)
    {
      gint64 start = g_get_monotonic_time ();

      if (!weft_mda_csv_write (matrix, path, &error))
        g_error ("%s", error->message);
      write_ms = MIN (write_ms, weft_bench_ms_since (start));
    }
  if ((mapped = g_mapped_file_new (path, FALSE, &error)) == NULL)
    g_error ("%s", error->message);
  len = g_mapped_file_get_length (mapped);
  mb = (double)len / 1e6;
  g_print ("# %d x %d array, %.1f MB of MDA CSV\n", size, size, mb);

  fast_ms = best_read_ms (weft_mda_csv_parse, g_mapped_file_get_contents (mapped), len, n);
  general_ms = best_read_ms (weft_mda_csv_parse_general, g_mapped_file_get_contents (mapped), len, n);
  g_print ("bench mda-csv-write %.1f ms\n", write_ms);
  g_print ("bench mda-csv-write-throughput %.1f MB/s\n", mb / (write_ms / 1000.0));
  g_print ("bench mda-csv-read %.1f ms\n", fast_ms);
  g_print ("bench mda-csv-read-throughput %.1f MB/s\n", mb / (fast_ms / 1000.0));
  g_print ("bench mda-csv-read-general %.1f ms\n", general_ms);
  g_print ("bench mda-csv-read-general-throughput %.1f MB/s\n", mb / (general_ms / 1000.0));

  g_clear_pointer (&mapped, g_mapped_file_unref);
  g_unlink (path);
  return 0;
}

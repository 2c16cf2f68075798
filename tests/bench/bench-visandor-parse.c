/* bench-visandor-parse.c: VisAndOr reading throughput.
 *
 * bench-visandor-parse [--runs N] [--events N] [--parallelism and|or] [FILE]
 * reads FILE (or a trace weft-gen-traces writes, 10^7 lines by default) and
 * prints:
 *   bench visandor-parse-throughput X MB/s  reading and building the tree, best of N
 *   bench visandor-wc-throughput X MB/s     `wc -l` on the same file, best of N
 *   bench visandor-parse-wc-ratio X         the reader's time over wc's
 *   bench visandor-load-throughput X MB/s   the whole load (tree, figures, timeline)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include <glib/gstdio.h>

#include "bench-util.h"
#include "weft-visandor-dataset.h"
#include "weft-visandor-reader.h"

static double
now (void)
{
  return (double)g_get_monotonic_time () / 1e6;
}

static double
time_wc (const char *path)
{
  const char *argv[] = { "wc", "-l", path, NULL };
  g_autoptr(GError) error = NULL;
  double start = now ();
  int status;

  if (!g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL,
                     NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    {
      g_printerr ("bench-visandor-parse: wc: %s\n", error->message);
      exit (1);
    }

  return now () - start;
}

static double
time_read (const char *path,
           gboolean    whole,
           guint64    *n_lines)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftVisandorTrace) trace = NULL;
  g_autoptr(WeftVisandorDataset) dataset = NULL;
  g_autoptr(GError) error = NULL;
  double start = now ();

  trace = weft_visandor_read (file, context, &error);
  if (trace == NULL)
    {
      g_printerr ("bench-visandor-parse: %s\n", error->message);
      exit (1);
    }
  *n_lines = trace->n_lines;
  if (whole)
    {
      dataset = weft_visandor_dataset_new (g_steal_pointer (&trace), context, &error);
      if (dataset == NULL)
        {
          g_printerr ("bench-visandor-parse: %s\n", error->message);
          exit (1);
        }
    }

  return now () - start;
}

static char *
generate (const char *self,
          const char *parallelism,
          guint64     events)
{
  g_autofree char *n = g_strdup_printf ("%" G_GUINT64_FORMAT, events);
  const char *args[] = { "--format", "visandor", "--rows", "16", "--events", n, "--seed", "1",
                         "--parallelism", parallelism, NULL };

  return weft_bench_generate (self, args, "weft-bench-visandor.visandor");
}

int
main (int    argc,
      char **argv)
{
  int runs = 3;
  gint64 events = 10000000;
  g_autofree char *parallelism = NULL;
  g_autofree char *path = NULL;
  gboolean generated = FALSE;
  GOptionEntry entries[] = {
    { "runs", 'n', 0, G_OPTION_ARG_INT, &runs, "Best of N runs (default 3)", "N" },
    { "events", 'e', 0, G_OPTION_ARG_INT64, &events, "Lines to generate (default 10^7)", "N" },
    { "parallelism", 'p', 0, G_OPTION_ARG_STRING, &parallelism, "and (default) or or", "KIND" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("[FILE]");
  g_autoptr(GError) error = NULL;
  double best_read = G_MAXDOUBLE, best_wc = G_MAXDOUBLE, best_load = G_MAXDOUBLE;
  guint64 n_lines = 0;
  GStatBuf st;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("bench-visandor-parse: %s\n", error->message);
      return 2;
    }
  if (argc > 1)
    path = g_strdup (argv[1]);
  else
    {
      path = generate (argv[0], parallelism != NULL ? parallelism : "and", (guint64)MAX (events, 1));
      generated = TRUE;
    }
  if (g_stat (path, &st) != 0)
    {
      g_printerr ("bench-visandor-parse: cannot stat %s\n", path);
      return 1;
    }

  /* One warm-up of each so that the file is in the page cache. */
  time_wc (path);
  time_read (path, FALSE, &n_lines);
  for (int i = 0; i < MAX (runs, 1); i++)
    {
      best_wc = MIN (best_wc, time_wc (path));
      best_read = MIN (best_read, time_read (path, FALSE, &n_lines));
      best_load = MIN (best_load, time_read (path, TRUE, &n_lines));
    }

  g_print ("# %s: %" G_GUINT64_FORMAT " lines, %.1f MB; reading %.3f s, wc -l %.3f s, whole load %.3f s\n",
           path, n_lines, (double)st.st_size / 1e6, best_read, best_wc, best_load);
  g_print ("bench visandor-parse-throughput %.1f MB/s\n", (double)st.st_size / 1e6 / best_read);
  g_print ("bench visandor-wc-throughput %.1f MB/s\n", (double)st.st_size / 1e6 / best_wc);
  g_print ("bench visandor-parse-wc-ratio %.2f\n", best_read / best_wc);
  g_print ("bench visandor-load-throughput %.1f MB/s\n", (double)st.st_size / 1e6 / best_load);

  if (generated)
    g_unlink (path);

  return 0;
}

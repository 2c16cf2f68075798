/* bench-mpd-parse.c: how fast a large MPD runtime trace loads.
 *
 * bench-mpd-parse [--events N] [--keep] [FILE]: without FILE, writes a
 * 10^7-line distributed trace with weft-gen-traces (4 VMs, 64-bit ids) next
 * to the benchmark and reads it; prints the reader's throughput, the Lamport
 * ordering, the dataset (rows and timeline), the whole load (reader, model, timeline), the ratio of the reader
 * and of the whole load to `wc -l` on the same file, and the peak RSS.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "weft-document.h"
#include "weft-mpd-dataset.h"
#include "weft-mpd-model.h"
#include "weft-mpd-parser.h"

static double
now (void)
{
  return (double)g_get_monotonic_time () / 1e6;
}

static guint64
peak_rss (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL) ||
      (line = strstr (status, "VmHWM:")) == NULL)
    return 0;

  return g_ascii_strtoull (line + 6, NULL, 10) * 1024;
}

static void
run (const char * const *argv,
     const char         *what)
{
  g_autoptr(GError) error = NULL;
  int status;

  if (!g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL,
                     NULL, NULL, NULL, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    {
      g_printerr ("bench-mpd-parse: %s: %s\n", what, error->message);
      exit (1);
    }
}

int
main (int   argc,
      char *argv[])
{
  gint64 n_events = 10000000;
  gboolean keep = FALSE;
  g_auto(GStrv) rest = NULL;
  GOptionEntry entries[] = {
    { "events", 0, 0, G_OPTION_ARG_INT64, &n_events, "Lines of the generated trace", "N" },
    { "keep", 0, 0, G_OPTION_ARG_NONE, &keep, "Keep the generated trace", NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &rest, NULL, "[FILE]" },
    { NULL }
  };
  g_autoptr(GOptionContext) options = g_option_context_new ("- MPD trace load speed");
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *events_arg = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(WeftMpdModel) model = NULL;
  g_autoptr(WeftDocument) document = NULL;
  gboolean generated = FALSE;
  GStatBuf buf;
  double t0, t_wc, t_parse, t_order, t_dataset, t_load, mb;
  gsize n_records;

  g_option_context_add_main_entries (options, entries, NULL);
  if (!g_option_context_parse (options, &argc, &argv, &error))
    {
      g_printerr ("bench-mpd-parse: %s\n", error->message);
      return 1;
    }

  if (rest != NULL && rest[0] != NULL)
    path = g_strdup (rest[0]);
  else
    {
      g_autofree char *dir = g_path_get_dirname (argv[0]);
      g_autofree char *gen = g_build_filename (dir, "weft-gen-traces", NULL);
      const char *gen_argv[] = { gen, "--format", "mpd", "--events", NULL, "--vms", "4",
                                 "--address-bits", "64", "-o", NULL, NULL };

      path = g_build_filename (dir, "bench-mpd.trace", NULL);
      events_arg = g_strdup_printf ("%" G_GINT64_FORMAT, n_events);
      gen_argv[4] = events_arg;
      gen_argv[10] = path;
      run (gen_argv, "weft-gen-traces");
      generated = TRUE;
    }
  if (g_stat (path, &buf) != 0)
    {
      g_printerr ("bench-mpd-parse: cannot stat %s\n", path);
      return 1;
    }
  mb = (double)buf.st_size / 1e6;
  file = g_file_new_for_path (path);

  {
    const char *wc_argv[] = { "wc", "-l", path, NULL };

    run (wc_argv, "wc -l");   /* warms the page cache */
    t0 = now ();
    run (wc_argv, "wc -l");
    t_wc = now () - t0;
  }

  {
    WeftMpdTrace *trace;

    t0 = now ();
    trace = weft_mpd_read (file, NULL, &error);
    t_parse = now () - t0;
    if (trace == NULL)
      {
        g_printerr ("bench-mpd-parse: %s\n", error->message);
        return 1;
      }
    n_records = trace->n_records;
    t0 = now ();
    model = weft_mpd_model_new (trace);
    t_order = now () - t0;
  }
  {
    /* The timeline and rows (the dataset takes the model). */
    g_autoptr(WeftMpdDataset) dataset = NULL;

    t0 = now ();
    dataset = weft_mpd_dataset_new (g_steal_pointer (&model), NULL, &error);
    t_dataset = now () - t0;
    g_assert_nonnull (dataset);
  }

  document = weft_document_new_for_file (file);
  t0 = now ();
  if (!weft_document_load (document, NULL, &error))
    {
      g_printerr ("bench-mpd-parse: %s\n", error->message);
      return 1;
    }
  t_load = now () - t0;

  printf ("# %s: %.1f MB, %" G_GSIZE_FORMAT " trace lines\n", path, mb, n_records);
  printf ("bench mpd_parse_mb_per_s %.1f MB/s\n", mb / t_parse);
  printf ("bench mpd_parse_s %.3f s\n", t_parse);
  printf ("bench mpd_lamport_s %.3f s\n", t_order);
  printf ("bench mpd_dataset_s %.3f s\n", t_dataset);
  printf ("bench mpd_parse_order_mb_per_s %.1f MB/s\n", mb / (t_parse + t_order));
  printf ("bench mpd_load_s %.3f s\n", t_load);
  printf ("bench mpd_load_mb_per_s %.1f MB/s\n", mb / t_load);
  printf ("bench mpd_wc_l_s %.3f s\n", t_wc);
  printf ("bench mpd_parse_order_vs_wc %.2f x\n", (t_parse + t_order) / t_wc);
  printf ("bench mpd_load_vs_wc %.2f x\n", t_load / t_wc);
  printf ("bench mpd_peak_rss %.1f MB\n", (double)peak_rss () / 1e6);

  if (generated && !keep)
    g_unlink (path);

  return 0;
}

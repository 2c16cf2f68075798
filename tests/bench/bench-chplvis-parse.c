/* bench-chplvis-parse.c: how fast a large Chapel VisualDebug run loads.
 *
 *   bench-chplvis-parse [--runs N] [--keep] [--mix synthetic|comm|tags] [--cli PATH] [FOLDER]
 *
 * Reads FOLDER (a NAME/ folder of locale files), or a run that weft-gen-traces
 * (beside this program) writes to a temporary folder: by default (--mix
 * synthetic) 64 locales, ≥ 200 MB; --mix comm a 4-locale, 55 MB run whose
 * lines are nearly all gets, puts and forks (743k lines, like a real stencil
 * run); --mix tags a 4-locale, 10 MB run with 1,300 tags and 260 pauses.
 * Prints, with the page cache warm:
 *   bench chplvis-parse-throughput X MB/s   reading alone (weft_chplvis_read), best of N
 *   bench chplvis-wc-throughput X MB/s      `wc -l` on the same files, best of N
 *   bench chplvis-parse-wc-ratio X          the reader's time over wc's
 *   bench chplvis-load-throughput X MB/s    the whole load (reader + timeline), best of N
 *   bench chplvis-load-rss X MB             peak resident memory of a process that loads it once
 *   bench chplvis-held-rss X MB             what stays resident in it while the document is open
 *   bench chplvis-process-throughput X MB/s `weft-cli info --json FOLDER` as a whole process
 *                                           (start-up, load, figures, exit), best of N
 *   bench chplvis-process-rss X MB          that process's peak resident memory
 * (weft-cli is looked for at ../../src/cli/weft-cli from this program, or --cli).
 * MB are 10^6 bytes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "weft-chplvis-dataset.h"
#include "weft-chplvis-reader.h"
#include "weft-document.h"
#include "weft-format.h"
#include "weft-test-util.h"

#include <fcntl.h>

static double
now (void)
{
  return (double)g_get_monotonic_time () / 1e6;
}

/* A size from this process's /proc status, such as "VmHWM" (the peak
 * resident set) or "VmRSS" (the current one), in bytes. */
static guint64
status_bytes (const char *field)
{
  g_autofree char *status = NULL;
  g_autofree char *key = g_strconcat (field, ":", NULL);
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  line = strstr (status, key);
  if (line == NULL)
    return 0;

  return g_ascii_strtoull (line + strlen (key), NULL, 10) * 1024;
}

static GPtrArray *
list_files (const char *folder,
            guint64    *total)
{
  g_autoptr(GFile) file = g_file_new_for_path (folder);
  g_autoptr(GError) error = NULL;
  GPtrArray *paths;

  paths = weft_chplvis_find_locale_files (&file, 1, NULL, &error);
  if (paths == NULL)
    {
      g_printerr ("bench-chplvis-parse: %s\n", error->message);
      exit (1);
    }

  *total = 0;
  for (guint i = 0; i < paths->len; i++)
    {
      GStatBuf buf;

      if (g_stat (g_ptr_array_index (paths, i), &buf) == 0)
        *total += (guint64)buf.st_size;
    }

  return paths;
}

static double
time_wc (GPtrArray *paths)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  double start;
  int status;

  g_ptr_array_add (argv, (gpointer)"wc");
  g_ptr_array_add (argv, (gpointer)"-l");
  for (guint i = 0; i < paths->len; i++)
    g_ptr_array_add (argv, g_ptr_array_index (paths, i));
  g_ptr_array_add (argv, NULL);

  start = now ();
  if (!g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &out, NULL, &status, &error))
    {
      g_printerr ("bench-chplvis-parse: wc: %s\n", error->message);
      exit (1);
    }

  return now () - start;
}

static double
time_parse (const char *folder,
            guint64    *n_records)
{
  g_autoptr(GFile) file = g_file_new_for_path (folder);
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftChplvisTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  double start = now ();
  double elapsed;

  trace = weft_chplvis_read (&file, 1, context, &error);
  elapsed = now () - start;
  if (trace == NULL)
    {
      g_printerr ("bench-chplvis-parse: %s\n", error->message);
      exit (1);
    }

  *n_records = 0;
  for (guint i = 0; i < trace->n_locales; i++)
    if (trace->locales[i] != NULL)
      *n_records += trace->locales[i]->n_lines;

  return elapsed;
}

static double
time_load (const char  *folder,
           char       **memory)
{
  g_autoptr(GFile) file = g_file_new_for_path (folder);
  g_autoptr(WeftDocument) document = weft_document_new_for_file (file);
  g_autoptr(GError) error = NULL;
  double start = now ();
  double elapsed;

  if (!weft_document_load (document, NULL, &error))
    {
      g_printerr ("bench-chplvis-parse: %s\n", error->message);
      exit (1);
    }
  elapsed = now () - start;

  if (memory != NULL)
    {
      WeftDataset *dataset = weft_document_get_dataset (document);
      const WeftChplvisTrace *trace = weft_chplvis_dataset_get_trace (WEFT_CHPLVIS_DATASET (dataset));
      WeftEventTable *table = weft_dataset_get_event_table (dataset);

      *memory = g_strdup_printf ("records %.1f MB, timeline %.1f MB (%" G_GSIZE_FORMAT " events)",
                                 (double)weft_chplvis_trace_get_memory (trace) / 1e6,
                                 (double)weft_event_table_get_memory_size (table) / 1e6,
                                 weft_event_table_get_n_events (table));
    }

  return elapsed;
}

/* In a fresh process: load once, report the peak and what stays resident
 * while the document is open. */
static void
child_rss (const char *self,
           const char *folder,
           guint64    *peak,
           guint64    *held)
{
  const char *argv[] = { self, "--rss-child", folder, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  char *end = NULL;
  int status;

  if (!g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    {
      g_printerr ("bench-chplvis-parse: %s\n", error->message);
      exit (1);
    }

  *peak = g_ascii_strtoull (out, &end, 10);
  *held = g_ascii_strtoull (end, NULL, 10);
}

/* `CLI info --json FOLDER` in a child process: its wall time in seconds
 * (negative when it failed) and its peak resident set in bytes. */
static double
time_process (const char *cli,
              const char *folder,
              guint64    *peak)
{
  struct rusage usage;
  double start = now ();
  int status;
  pid_t pid = fork ();

  if (pid < 0)
    return -1;
  if (pid == 0)
    {
      int null = open ("/dev/null", O_WRONLY);

      dup2 (null, STDOUT_FILENO);
      dup2 (null, STDERR_FILENO);
      execl (cli, cli, "info", "--json", folder, (char *)NULL);
      _exit (127);
    }
  if (wait4 (pid, &status, 0, &usage) != pid || !WIFEXITED (status) || WEXITSTATUS (status) != 0)
    return -1;
  *peak = (guint64)usage.ru_maxrss * 1024;

  return now () - start;
}

static char *
generate (const char *self,
          const char *mix)
{
  g_autofree char *dir = g_path_get_dirname (self);
  g_autofree char *generator = g_build_filename (dir, "weft-gen-traces", NULL);
  g_autoptr(GError) error = NULL;
  char *out = g_dir_make_tmp ("weft-bench-chplvis-XXXXXX", &error);
  const char *synthetic[] = { generator, "--format", "chplvis", "--rows", "64", "--events", "4500000",
                              "--seed", "1", "--name", "GEN", "--out", out, NULL };
  const char *comm[] = { generator, "--format", "chplvis", "--mix", "comm", "--rows", "4", "--events", "743000",
                         "--tags", "4", "--seed", "1", "--name", "GEN", "--out", out, NULL };
  const char *tags[] = { generator, "--format", "chplvis", "--mix", "tags", "--rows", "4", "--events", "195000",
                         "--tags", "1300", "--seed", "1", "--name", "GEN", "--out", out, NULL };
  const char **argv = g_str_equal (mix, "comm") ? comm : g_str_equal (mix, "tags") ? tags : synthetic;
  int status;

  if (out == NULL || !g_file_test (generator, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_printerr ("bench-chplvis-parse: give a folder, or build weft-gen-traces beside this program\n");
      exit (1);
    }
  if (!g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, &error) ||
      !g_spawn_check_wait_status (status, &error))
    {
      g_printerr ("bench-chplvis-parse: weft-gen-traces: %s\n", error->message);
      exit (1);
    }

  return out;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GPtrArray) paths = NULL;
  g_autofree char *generated = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *memory = NULL;
  double best_parse = G_MAXDOUBLE, best_wc = G_MAXDOUBLE, best_load = G_MAXDOUBLE;
  guint64 total, n_records = 0;
  g_autofree char *cli = NULL;
  const char *mix = "synthetic";
  gboolean keep = FALSE;
  int runs = 3;

  weft_formats_init ();

  if (argc == 3 && g_str_equal (argv[1], "--rss-child"))
    {
      g_autoptr(GFile) file = g_file_new_for_path (argv[2]);
      g_autoptr(WeftDocument) document = weft_document_new_for_file (file);
      g_autoptr(GError) error = NULL;

      if (!weft_document_load (document, NULL, &error))
        g_error ("%s", error->message);
      g_print ("%" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n", status_bytes ("VmHWM"), status_bytes ("VmRSS"));
      return 0;
    }

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--keep"))
        keep = TRUE;
      else if (g_str_equal (argv[i], "--runs") && i + 1 < argc)
        {
          i++;
          runs = MAX (1, atoi (argv[i]));
        }
      else if (g_str_equal (argv[i], "--mix") && i + 1 < argc &&
               (g_str_equal (argv[i + 1], "synthetic") || g_str_equal (argv[i + 1], "comm") ||
                g_str_equal (argv[i + 1], "tags")))
        mix = argv[++i];
      else if (g_str_equal (argv[i], "--cli") && i + 1 < argc)
        cli = g_strdup (argv[++i]);
      else if (folder == NULL)
        folder = g_strdup (argv[i]);
      else
        {
          g_printerr ("Usage: bench-chplvis-parse [--runs N] [--keep] [--mix synthetic|comm|tags] [--cli PATH] [FOLDER]\n");
          return 2;
        }
    }

  if (folder == NULL)
    {
      generated = generate (argv[0], mix);
      folder = g_build_filename (generated, "GEN", NULL);
    }

  paths = list_files (folder, &total);
  g_print ("# %s: %u files, %.1f MB\n", folder, paths->len, (double)total / 1e6);

  /* Warm the page cache, then take the best of a few runs of each. */
  time_wc (paths);
  for (int i = 0; i < runs; i++)
    {
      best_wc = MIN (best_wc, time_wc (paths));
      best_parse = MIN (best_parse, time_parse (folder, &n_records));
      g_clear_pointer (&memory, g_free);
      best_load = MIN (best_load, time_load (folder, &memory));
    }

  g_print ("# %" G_GUINT64_FORMAT " lines; reading %.3f s, wc -l %.3f s, whole load %.3f s\n",
           n_records, best_parse, best_wc, best_load);
  g_print ("# held after the load: %s\n", memory);
  g_print ("bench chplvis-parse-throughput %.1f MB/s\n", (double)total / 1e6 / best_parse);
  g_print ("bench chplvis-wc-throughput %.1f MB/s\n", (double)total / 1e6 / best_wc);
  g_print ("bench chplvis-parse-wc-ratio %.2f\n", best_parse / best_wc);
  g_print ("bench chplvis-load-throughput %.1f MB/s\n", (double)total / 1e6 / best_load);
  {
    guint64 peak = 0, held = 0;

    child_rss (argv[0], folder, &peak, &held);
    g_print ("bench chplvis-load-rss %.1f MB\n", (double)peak / 1e6);
    g_print ("bench chplvis-held-rss %.1f MB\n", (double)held / 1e6);
  }

  if (cli == NULL)
    {
      g_autofree char *dir = g_path_get_dirname (argv[0]);

      cli = g_build_filename (dir, "..", "..", "src", "cli", "weft-cli", NULL);
    }
  if (g_file_test (cli, G_FILE_TEST_IS_EXECUTABLE))
    {
      double best = G_MAXDOUBLE;
      guint64 peak = 0;

      /* The machine may be shared: the best of a few runs. */
      for (int i = 0; i < MAX (runs, 5); i++)
        {
          guint64 rss = 0;
          double elapsed = time_process (cli, folder, &rss);

          if (elapsed < 0)
            {
              g_printerr ("bench-chplvis-parse: %s info --json failed\n", cli);
              return 1;
            }
          best = MIN (best, elapsed);
          peak = MAX (peak, rss);
        }
      g_print ("# weft-cli info --json: %.3f s\n", best);
      g_print ("bench chplvis-process-throughput %.1f MB/s\n", (double)total / 1e6 / best);
      g_print ("bench chplvis-process-rss %.1f MB\n", (double)peak / 1e6);
    }
  else
    g_print ("# no weft-cli at %s: no whole-process figures\n", cli);

  if (generated != NULL && !keep)
    weft_test_rm_rf (generated);
  else if (generated != NULL)
    g_print ("# kept %s\n", generated);

  return 0;
}

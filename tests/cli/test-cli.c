/* test-cli.c: runs the built weft-cli and checks what scripts rely on: exit
 * status (0 ok, 1 load/write error, 2 usage), messages on stderr, the JSON of
 * `info --json` and atomic exports.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <glib/gstdio.h>

#include <json-glib/json-glib.h>

#include "weft-test-util.h"

static const char *weft_cli;

typedef struct
{
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static void
run_cli (Run        *run,
         const char *first_arg,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *arg;
  va_list args;
  int wait_status;

  g_ptr_array_add (argv, (gpointer)weft_cli);
  va_start (args, first_arg);
  for (arg = first_arg; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer)arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);

  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

static char *
demo_trace (void)
{
  return weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);
}

static void
test_usage (void)
{
  g_auto(Run) help = { 0 };
  g_auto(Run) version = { 0 };
  g_auto(Run) none = { 0 };
  g_auto(Run) unknown = { 0 };
  g_auto(Run) no_path = { 0 };
  g_auto(Run) bad_view = { 0 };
  g_auto(Run) bad_range = { 0 };
  g_auto(Run) missing_out = { 0 };

  run_cli (&help, "--help", NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "weft-cli info [--json] [--other PATH…] PATH…"));
  g_assert_nonnull (strstr (help.out, "weft-cli compare --view VIEW"));
  g_assert_nonnull (strstr (help.out, "chplvis"));

  /* Each command's usage line names its paths once (it said "PATH… PATH…"). */
  {
    g_auto(Run) info_help = { 0 };
    g_auto(Run) compare_help = { 0 };

    run_cli (&info_help, "info", "--help", NULL);
    g_assert_cmpint (info_help.status, ==, 0);
    g_assert_nonnull (strstr (info_help.out, "info [OPTION…] PATH… — load"));
    run_cli (&compare_help, "compare", "--help", NULL);
    g_assert_cmpint (compare_help.status, ==, 0);
    g_assert_nonnull (strstr (compare_help.out, "compare [OPTION…] BASE… — write"));
  }

  run_cli (&version, "--version", NULL);
  g_assert_cmpint (version.status, ==, 0);
  g_assert_cmpstr (version.out, ==, "weft-cli " PACKAGE_VERSION "\n");

  run_cli (&none, NULL);
  g_assert_cmpint (none.status, ==, 2);

  run_cli (&unknown, "frobnicate", NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "unknown command “frobnicate”"));

  run_cli (&no_path, "info", "--json", NULL);
  g_assert_cmpint (no_path.status, ==, 2);
  g_assert_nonnull (strstr (no_path.err, "no PATH given"));

  run_cli (&bad_view, "export", "--view", "nope", "--format", "png", "-o", "/tmp/x.png", "x", NULL);
  g_assert_cmpint (bad_view.status, ==, 2);
  g_assert_nonnull (strstr (bad_view.err, "unknown view “nope”"));

  run_cli (&bad_range, "export", "--view", "timeline", "--format", "png", "--range", "5:1", "-o", "/tmp/x.png", "x", NULL);
  g_assert_cmpint (bad_range.status, ==, 2);
  g_assert_nonnull (strstr (bad_range.err, "--range"));

  run_cli (&missing_out, "export", "--view", "timeline", "--format", "png", "x", NULL);
  g_assert_cmpint (missing_out.status, ==, 2);
}

static void
test_load_errors (void)
{
  g_auto(Run) missing = { 0 };
  g_auto(Run) unknown = { 0 };
  g_autofree char *text = weft_test_write_tmp ("readme.txt", "hello\n", -1);
  g_autofree char *dir = g_path_get_dirname (text);

  run_cli (&missing, "info", "/nonexistent/trace", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "/nonexistent/trace"));
  g_assert_cmpstr (missing.out, ==, "");

  run_cli (&unknown, "info", "--json", text, NULL);
  g_assert_cmpint (unknown.status, ==, 1);
  g_assert_nonnull (strstr (unknown.err, "not a format Weft can read"));
  g_assert_nonnull (strstr (unknown.err, "Chapel VisualDebug"));

  weft_test_rm_rf (dir);
}

/* What a user reads about a damaged document: each file named once, the line,
 * what was expected and what was found. */
static void
test_damaged_texts (void)
{
  g_autofree char *demo = demo_trace ();
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *run_dir = g_build_filename (dir, "DEMO", NULL);
  g_autofree char *bad = g_build_filename (run_dir, "DEMO-2", NULL);
  g_autofree char *broken = g_build_filename (run_dir, "DEMO-0", NULL);
  g_autofree char *expected_bad = g_strdup_printf ("%s:1: not a Chapel VisualDebug file", bad);
  g_autofree char *expected_broken = g_strdup_printf ("%s:2: not a VisualDebug record: “garbage here”; line skipped",
                                                      broken);
  g_auto(Run) info = { 0 };
  g_auto(Run) view = { 0 };

  g_assert_cmpint (g_mkdir (run_dir, 0755), ==, 0);
  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *name = g_strdup_printf ("DEMO-%u", i);
      g_autofree char *from = g_build_filename (demo, name, NULL);
      g_autofree char *to = g_build_filename (run_dir, name, NULL);
      g_autofree char *contents = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (from, &contents, &len, NULL));
      if (i == 0)
        {
          /* A line that is no record, after the header. */
          char *nl = strchr (contents, '\n');
          g_autofree char *damaged = g_strdup_printf ("%.*s\ngarbage here%s", (int)(nl - contents), contents, nl);

          g_assert_true (g_file_set_contents (to, damaged, -1, NULL));
        }
      else if (i == 2)
        g_assert_true (g_file_set_contents (to, "ChplVdebog: this is not it\n", -1, NULL));
      else
        g_assert_true (g_file_set_contents (to, contents, (gssize)len, NULL));
    }

  run_cli (&info, "info", run_dir, NULL);
  g_assert_cmpint (info.status, ==, 0);
  g_assert_nonnull (strstr (info.out, expected_bad));
  g_assert_nonnull (strstr (info.out, expected_broken));
  /* The left-out file is named once, at the start of its line. */
  {
    g_autofree char *twice = g_strdup_printf ("%s: %s", bad, bad);

    g_assert_null (strstr (info.out, twice));
  }

  /* A view the family does not have names the family as users know it. */
  run_cli (&view, "export", "--view", "stacks", "--format", "png", "-o", "/tmp/weft-never-written.png", demo, NULL);
  g_assert_cmpint (view.status, ==, 1);
  g_assert_nonnull (strstr (view.err, "This Chapel VisualDebug trace has no “stacks” view (it has: "));

  weft_test_rm_rf (dir);
}

/* `info` without --json: the family's figures as lines of text, the same
 * numbers as the JSON (src/cli/weft-json-summary.c). */
static void
test_info_text (void)
{
  g_autofree char *demo = demo_trace ();
  g_autofree char *visandor = weft_test_source_path ("data", "samples", "visandor-or.visandor", NULL);
  g_autofree char *cpc = weft_test_source_path ("data", "samples", "ddt-cpc.csv", NULL);
  g_auto(Run) chplvis_run = { 0 };
  g_auto(Run) visandor_run = { 0 };
  g_auto(Run) cpc_run = { 0 };
  g_autofree char *demo_and = weft_test_source_path ("data", "samples", "visandor-and.visandor", NULL);
  g_auto(Run) compare_run = { 0 };

  run_cli (&chplvis_run, "info", demo, NULL);
  g_assert_cmpint (chplvis_run.status, ==, 0);
  g_assert_nonnull (strstr (chplvis_run.out, "\nchplvis:\n  locales:         8\n"));
  g_assert_nonnull (strstr (chplvis_run.out, "\n  tags:            init arrays, compute, halo exchange, compute, halo exchange\n"));
  /* A list of lists by its shape; the first eight pairs of 25, and how many. */
  g_assert_nonnull (strstr (chplvis_run.out, "\n  comm_raw:\n    count: 8×8\n    bytes: 8×8\n"));
  g_assert_nonnull (strstr (chplvis_run.out, "\n  records:         ChplVdebug: 8, CHPL_HOME: 1, DIR: 1, SAVEC: 1, "
                                             "Tablesize: 1, fname: 87, FIDNsize: 1, FIDname: 207, … (25 in all)\n"));
  g_assert_nonnull (strstr (chplvis_run.out, "\n  tasks:           137, 62, 63, 56, 62, 60, 59, 58\n"));

  run_cli (&visandor_run, "info", visandor, NULL);
  g_assert_cmpint (visandor_run.status, ==, 0);
  g_assert_nonnull (strstr (visandor_run.out, "\nvisandor:\n  parallelism:     or\n  agents:          6\n"));
  g_assert_nonnull (strstr (visandor_run.out, "\n  forks:           27\n  tasks:           76\n  max_depth:       11\n"));

  run_cli (&cpc_run, "info", cpc, NULL);
  g_assert_cmpint (cpc_run.status, ==, 0);
  g_assert_nonnull (strstr (cpc_run.out, "\ncpc:\n  values:        3\n  processes:     0-63\n  process_count: 64\nwarnings: 0\n"));

  /* With --other, the comparison after the run's own figures: both sides. */
  run_cli (&compare_run, "info", "--other", visandor, demo_and, NULL);
  g_assert_cmpint (compare_run.status, ==, 0);
  g_assert_nonnull (strstr (compare_run.out, "\nvisandor:\n  parallelism:     and\n"));
  g_assert_nonnull (strstr (compare_run.out, "\ncompare:\n  mode:  difference\n  views: values, tree, stacks, parallelism\n"));
  g_assert_nonnull (strstr (compare_run.out, "\n  other:\n    sources:    "));
  g_assert_nonnull (strstr (compare_run.out, "\n    visandor:\n      parallelism:     or\n      agents:          6\n"));
}

/* WEFT_DEBUG_TIMING: how long each stage of the load took, on stderr; the
 * stages are the loader's (and nothing without the variable). */
static void
test_info_stage_times (void)
{
  g_autofree char *visandor = weft_test_source_path ("data", "samples", "visandor-and.visandor", NULL);
  g_auto(Run) quiet = { 0 };
  g_auto(Run) timed = { 0 };
  g_auto(GStrv) lines = NULL;
  const char *expected[] = { "Detecting the format", "Reading", "Reading the trace", "Building the timeline" };
  guint n = 0;

  run_cli (&quiet, "info", visandor, NULL);
  g_assert_cmpint (quiet.status, ==, 0);
  g_assert_null (strstr (quiet.err, "weft-timing"));

  g_setenv ("WEFT_DEBUG_TIMING", "1", TRUE);
  run_cli (&timed, "info", visandor, NULL);
  g_unsetenv ("WEFT_DEBUG_TIMING");
  g_assert_cmpint (timed.status, ==, 0);
  g_assert_cmpstr (timed.out, ==, quiet.out);

  lines = g_strsplit (timed.err, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *end = NULL;
      double ms;

      if (!g_str_has_prefix (lines[i], "weft-timing-stage "))
        continue;
      ms = g_ascii_strtod (lines[i] + strlen ("weft-timing-stage "), &end);
      g_assert_cmpfloat (ms, >=, 0);
      g_assert_cmpfloat (ms, <, 60000);
      g_assert_true (end != NULL && *end == ' ');
      g_assert_cmpuint (n, <, G_N_ELEMENTS (expected));
      g_assert_cmpstr (end + 1, ==, expected[n]);
      n++;
    }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));
}

static void
test_info_json (void)
{
  g_autofree char *demo = demo_trace ();
  g_auto(Run) run = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root, *chplvis;
  JsonArray *range, *sources;

  run_cli (&run, "info", "--json", demo, NULL);
  g_assert_cmpint (run.status, ==, 0);

  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));

  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "chplvis");
  g_assert_cmpstr (json_object_get_string_member (root, "format_version"), ==, "1.4");
  sources = json_object_get_array_member (root, "sources");
  g_assert_cmpuint (json_array_get_length (sources), ==, 8);
  g_assert_true (g_str_has_suffix (json_array_get_string_element (sources, 7), "DEMO-7"));
  g_assert_cmpint (json_object_get_int_member (root, "rows"), ==, 8);
  g_assert_true (json_object_has_member (root, "warnings"));
  range = json_object_get_array_member (root, "time_range");
  g_assert_cmpuint (json_array_get_length (range), ==, 2);
  g_assert_cmpfloat (json_array_get_double_element (range, 0), <, json_array_get_double_element (range, 1));

  chplvis = json_object_get_object_member (root, "chplvis");
  g_assert_nonnull (chplvis);
  g_assert_cmpint (json_object_get_int_member (chplvis, "locales"), ==, 8);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (chplvis, "tasks")), ==, 8);
}

static void
test_export_atomic (void)
{
  g_autofree char *demo = demo_trace ();
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *out = g_build_filename (dir, "matrix.csv", NULL);
  g_autofree char *nowhere = g_build_filename (dir, "missing", "matrix.csv", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(Run) ok = { 0 };
  g_auto(Run) bad_tag = { 0 };
  g_auto(Run) bad_dir = { 0 };
  g_auto(Run) wrong_format = { 0 };
  g_autoptr(GDir) listing = NULL;
  guint n_entries = 0;

  run_cli (&ok, "export", "--view", "comm-matrix", "--format", "mda-csv", "-o", out, demo, NULL);
  g_assert_cmpint (ok.status, ==, 0);
  g_file_get_contents (out, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  /* 8 rows of 8 values, newline-terminated. */
  g_assert_cmpuint (g_strv_length (lines), ==, 9);
  for (guint i = 0; i < 8; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);

      g_assert_cmpuint (g_strv_length (fields), ==, 8);
    }

  /* A failing export leaves the existing file as it was. */
  run_cli (&bad_tag, "export", "--view", "comm-matrix", "--format", "mda-csv", "--tag", "no such tag",
           "-o", out, demo, NULL);
  g_assert_cmpint (bad_tag.status, ==, 1);
  g_assert_nonnull (strstr (bad_tag.err, "no such tag"));
  {
    g_autofree char *after = NULL;

    g_file_get_contents (out, &after, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (after, ==, contents);
  }

  run_cli (&bad_dir, "export", "--view", "comm-matrix", "--format", "png", "-o", nowhere, demo, NULL);
  g_assert_cmpint (bad_dir.status, ==, 1);
  g_assert_nonnull (strstr (bad_dir.err, "missing"));

  run_cli (&wrong_format, "export", "--view", "timeline", "--format", "mda-csv", "-o", out, demo, NULL);
  g_assert_cmpint (wrong_format.status, ==, 1);
  g_assert_nonnull (strstr (wrong_format.err, "only be exported as a picture"));

  /* No temporary files left behind. */
  listing = g_dir_open (dir, 0, NULL);
  while (g_dir_read_name (listing) != NULL)
    n_entries++;
  g_assert_cmpuint (n_entries, ==, 1);

  weft_test_rm_rf (dir);
}

/* The child of a "full disk" export: files may not grow past 16 bytes, and
 * writing past that fails with EFBIG instead of killing the process. */
static void
small_disk_setup (gpointer user_data)
{
  struct rlimit limit = { 16, 16 };

  signal (SIGXFSZ, SIG_IGN);
  setrlimit (RLIMIT_FSIZE, &limit);
}

static int
run_small_disk (const char * const *argv,
                char              **err)
{
  g_autoptr(GError) error = NULL;
  int wait_status;

  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, small_disk_setup, NULL, NULL, err,
                &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  return WEXITSTATUS (wait_status);
}

/* Every export format, when writing cannot succeed (a full disk, a folder
 * in the way, a place nothing can be created): exit status 1, a message that
 * names the file, and the file that was there before is left as it was,
 * with no temporary file beside it. */
static void
test_export_failures (void)
{
  static const struct {
    const char *view;
    const char *format;
    const char *sample;
  } exports[] = {
    { "comm-matrix", "mda-csv", "chplvis-demo/DEMO" },
    { "comm-matrix", "mda-hdf5", "chplvis-demo/DEMO" },
    { "values", "cpc-csv", "chplvis-demo/DEMO" },
    { "stacks", "psv-csv", "ddt-stacks.csv" },
    { "stacks", "psv-xml", "ddt-stacks.csv" },
    { "stacks", "tree-csv", "ddt-stacks.csv" },
    { "comm-matrix", "png", "chplvis-demo/DEMO" },
    { "comm-matrix", "svg", "chplvis-demo/DEMO" },
    { "comm-matrix", "pdf", "chplvis-demo/DEMO" },
  };
  g_autofree char *dir = weft_test_make_tmp_dir ();

  for (guint i = 0; i < G_N_ELEMENTS (exports); i++)
    {
      g_autofree char *sample = weft_test_source_path ("data", "samples", exports[i].sample, NULL);
      g_autofree char *name = g_strdup_printf ("old.%s", exports[i].format);
      g_autofree char *out = g_build_filename (dir, name, NULL);
      g_autofree char *folder = g_build_filename (dir, "a-folder", NULL);
      g_autofree char *err = NULL;
      g_autofree char *after = NULL;
      const char *old = "old export\n";
      const char *argv[] = { weft_cli, "export", "--view", exports[i].view, "--format", exports[i].format,
                             "-o", out, sample, NULL };
      g_autoptr(GDir) listing = NULL;
      guint n_entries = 0;

      /* A full disk (the limit leaves room for the old file, not the new). */
      g_test_message ("%s as %s", exports[i].view, exports[i].format);
      g_assert_true (g_file_set_contents (out, old, -1, NULL));
      g_assert_cmpint (run_small_disk (argv, &err), ==, 1);
      g_assert_nonnull (strstr (err, name));
      g_assert_true (g_file_get_contents (out, &after, NULL, NULL));
      g_assert_cmpstr (after, ==, old);
      g_clear_pointer (&err, g_free);

      /* A folder where the file should go is left alone. */
      g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
      argv[7] = folder;
      {
        g_auto(Run) run = { 0 };

        run_cli (&run, argv[1], argv[2], argv[3], argv[4], argv[5], argv[6], argv[7], argv[8], NULL);
        g_assert_cmpint (run.status, ==, 1);
        g_assert_nonnull (strstr (run.err, "a-folder"));
      }
      g_assert_true (g_file_test (folder, G_FILE_TEST_IS_DIR));
      g_assert_cmpint (g_rmdir (folder), ==, 0);

      /* Somewhere nothing can be created (even by root). */
      argv[7] = "/proc/weft-cannot-write-here";
      {
        g_auto(Run) run = { 0 };

        run_cli (&run, argv[1], argv[2], argv[3], argv[4], argv[5], argv[6], argv[7], argv[8], NULL);
        g_assert_cmpint (run.status, ==, 1);
        g_assert_nonnull (strstr (run.err, "weft-cannot-write-here"));
      }

      /* Only the old file: no temporary file left behind. */
      listing = g_dir_open (dir, 0, NULL);
      while (g_dir_read_name (listing) != NULL)
        n_entries++;
      g_assert_cmpuint (n_entries, ==, i + 1);
    }

  weft_test_rm_rf (dir);
}

/* File names need not be UTF-8; JSON and messages for people must be: such a
 * name is shown as a file manager shows it (U+FFFD for what is not). */
static void
test_non_utf8_names (void)
{
  static const char trace[] = "1\n 5 5 0 0 0 0\n 7 99 0 0 0 0\n 9 6 0 0 0 0\n";
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "bad\xff.visandor", NULL);
  g_autofree char *pipe_path = g_build_filename (dir, "pipe\xfe", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_auto(Run) info = { 0 };
  g_auto(Run) refused = { 0 };
  JsonObject *root, *warning;
  JsonArray *sources, *warnings;

  g_file_set_contents (path, trace, -1, &error);
  g_assert_no_error (error);
  run_cli (&info, "info", "--json", path, NULL);
  g_assert_cmpint (info.status, ==, 0);
  g_assert_true (g_utf8_validate (info.out, -1, NULL));
  g_assert_true (g_utf8_validate (info.err, -1, NULL));
  g_assert_nonnull (strstr (info.err, "bad\xef\xbf\xbd.visandor:3: unknown event code 99"));

  json_parser_load_from_data (parser, info.out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  sources = json_object_get_array_member (root, "sources");
  g_assert_true (g_str_has_suffix (json_array_get_string_element (sources, 0), "/bad\xef\xbf\xbd.visandor"));
  warnings = json_object_get_array_member (root, "warnings");
  g_assert_cmpuint (json_array_get_length (warnings), ==, 1);
  warning = json_array_get_object_element (warnings, 0);
  g_assert_true (g_str_has_suffix (json_object_get_string_member (warning, "file"), "/bad\xef\xbf\xbd.visandor"));
  g_assert_cmpint (json_object_get_int_member (warning, "line"), ==, 3);

  /* An error naming such a file. */
  g_assert_cmpint (mkfifo (pipe_path, 0600), ==, 0);
  run_cli (&refused, "info", pipe_path, NULL);
  g_assert_cmpint (refused.status, ==, 1);
  g_assert_true (g_utf8_validate (refused.err, -1, NULL));
  g_assert_nonnull (strstr (refused.err, "pipe\xef\xbf\xbd: it is a named pipe, not a file"));

  weft_test_rm_rf (dir);
}

/* "-o -" writes the export to the standard output, the same bytes as to a file. */
static void
test_export_stdout (void)
{
  g_autofree char *demo = demo_trace ();
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *out = g_build_filename (dir, "matrix.csv", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(Run) to_file = { 0 };
  g_auto(Run) to_stdout = { 0 };

  run_cli (&to_file, "export", "--view", "comm-matrix", "--format", "mda-csv", "-o", out, demo, NULL);
  g_assert_cmpint (to_file.status, ==, 0);
  run_cli (&to_stdout, "export", "--view", "comm-matrix", "--format", "mda-csv", "-o", "-", demo, NULL);
  g_assert_cmpint (to_stdout.status, ==, 0);

  g_file_get_contents (out, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (strlen (contents), >, 20);
  g_assert_cmpstr (to_stdout.out, ==, contents);

  weft_test_rm_rf (dir);
}

/* Ranges at the edges: infinite ends run to the trace's ends (a span of
 * 2^63 ns once overflowed into a step of 1 ns and a grid line per
 * nanosecond: the export never ended); NaN is a usage error. */
static void
test_export_ranges (void)
{
  g_autofree char *demo = demo_trace ();
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *out = g_build_filename (dir, "timeline.png", NULL);
  static const char *const drawn[] = { "--range=-inf:inf", "--range=0:inf", "--range=-1e300:1e300" };
  static const char *const refused[] = { "--range=nan:1", "--range=0:nan", "--range=2:1" };

  for (guint i = 0; i < G_N_ELEMENTS (drawn); i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, "export", "--view", "timeline", "--format", "png", drawn[i], "-o", out, demo, NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_true (g_file_test (out, G_FILE_TEST_IS_REGULAR));
      g_remove (out);
    }
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, "export", "--view", "timeline", "--format", "png", refused[i], "-o", out, demo, NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_nonnull (strstr (run.err, "--range wants T0:T1"));
    }

  weft_test_rm_rf (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_assert_cmpint (argc, ==, 2);
  weft_cli = argv[1];

  g_test_add_func ("/cli/usage", test_usage);
  g_test_add_func ("/cli/load-errors", test_load_errors);
  g_test_add_func ("/cli/damaged-texts", test_damaged_texts);
  g_test_add_func ("/cli/info-json", test_info_json);
  g_test_add_func ("/cli/non-utf8-names", test_non_utf8_names);
  g_test_add_func ("/cli/info-text", test_info_text);
  g_test_add_func ("/cli/info-stage-times", test_info_stage_times);
  g_test_add_func ("/cli/export-atomic", test_export_atomic);
  g_test_add_func ("/cli/export-stdout", test_export_stdout);
  g_test_add_func ("/cli/export-ranges", test_export_ranges);
  g_test_add_func ("/cli/export-failures", test_export_failures);

  return g_test_run ();
}

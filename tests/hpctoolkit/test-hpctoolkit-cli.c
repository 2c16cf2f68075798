/* test-hpctoolkit-cli.c: weft-cli on HPCToolkit measurements: info --json
 * on a *.m folder, a folder of *.hpcrun files and single files; exports of
 * the values and timeline views; a corrupt file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "weft-test-util.h"

static const char *weft_cli;

static int
run (const char *const *args,
     char             **out,
     char             **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status;

  g_ptr_array_add (argv, (char *)weft_cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *)args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **)argv->pdata, NULL, 0, NULL, NULL, out, err, &status, &error));
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static JsonObject *
info (const char *path)
{
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "info", "--json", path, NULL };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (run (args, &out, &err), ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static void
test_measurement_folder (void)
{
  g_autofree char *path = weft_test_shared_path ("corpus", "hpctoolkit-tests", "loops-cputime-t.m", NULL);
  g_autoptr(JsonObject) root = NULL;
  JsonObject *h;
  JsonArray *procs, *metrics;
  gboolean seen = FALSE;

  if (path == NULL)
    return;
  root = info (path);
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "hpcrun");
  g_assert_cmpint (json_object_get_int_member (root, "rows"), ==, 4);
  /* 4 profiles, 4 traces, 4 structure files. */
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "sources")), ==, 12);
  h = json_object_get_object_member (root, "hpcrun");
  g_assert_cmpint (json_object_get_int_member (h, "profiles"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (h, "versions"), "04.00"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (h, "cct_nodes"), ==, 242);
  g_assert_cmpint (json_object_get_int_member (h, "merged_nodes"), ==, 140);
  metrics = json_object_get_array_member (h, "metrics");
  g_assert_cmpuint (json_array_get_length (metrics), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (metrics, 0), "name"), ==, "CPUTIME (sec)");
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (metrics, 0), "period"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (metrics, 0), "format"), ==, "real");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (json_object_get_object_member (h, "totals"), "CPUTIME (sec)"),
                                  3.973308, 1e-9);
  procs = json_object_get_array_member (h, "procedures");
  for (guint i = 0; i < json_array_get_length (procs); i++)
    {
      JsonObject *p = json_array_get_object_element (procs, i);

      if (strcmp (json_object_get_string_member (p, "name"), "func2") == 0)
        {
          seen = TRUE;
          g_assert_cmpstr (json_object_get_string_member (p, "file"), ==, "/builds/hpctoolkit/hpctoolkit/tests/data/meas/loops.c");
          g_assert_cmpfloat_with_epsilon (json_object_get_double_member (json_object_get_object_member (p, "inclusive"), "CPUTIME (sec)"),
                                          0.96945, 1e-9);
          g_assert_cmpfloat_with_epsilon (json_object_get_double_member (json_object_get_object_member (p, "exclusive"), "CPUTIME (sec)"),
                                          0.96945, 1e-9);
        }
    }
  g_assert_true (seen);
}

/* A trace, a structure file or the structs/ folder alone opens the measurement
 * it belongs to; a trace with no profile beside it is an error naming it. */
static void
test_part_of_measurement (void)
{
  g_autofree char *folder = weft_test_source_path ("data", "samples", "heat.m", NULL);
  g_autofree char *trace = g_build_filename (folder, "heat-000000-000-7f000001-4242-0.hpctrace", NULL);
  g_autofree char *structs = g_build_filename (folder, "structs", NULL);
  g_autofree char *structure = g_build_filename (structs, "heat.hpcstruct", NULL);
  const char *parts[] = { trace, structs, structure };
  g_autoptr(JsonObject) whole = info (folder);
  double total = json_object_get_double_member (json_object_get_object_member (json_object_get_object_member (whole, "hpcrun"), "totals"),
                                                "CPUTIME (sec)");
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *lone = g_build_filename (dir, "lone.hpctrace", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *out = NULL, *err = NULL;
  const char *args[] = { "info", "--json", lone, NULL };
  gsize len;

  /* Summary statistics of the whole program across the 4 profiles (0.40,
   * 0.44, 0.52, 0.56 s of CPU time). */
  {
    JsonObject *cpu = json_object_get_object_member (json_object_get_object_member (json_object_get_object_member (whole, "hpcrun"), "statistics"),
                                                     "CPUTIME (sec)");

    g_assert_cmpint (json_object_get_int_member (cpu, "n"), ==, 4);
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (cpu, "mean"), 0.48, 1e-9);
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (cpu, "min"), 0.40, 1e-9);
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (cpu, "max"), 0.56, 1e-9);
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (cpu, "stddev"), 0.0632455532, 1e-9);
    g_assert_cmpfloat_with_epsilon (json_object_get_double_member (cpu, "cfvar"), 0.1317615692, 1e-9);
  }

  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      g_autoptr(JsonObject) root = info (parts[i]);
      JsonObject *h = json_object_get_object_member (root, "hpcrun");

      g_assert_cmpint (json_object_get_int_member (h, "profiles"), ==, 4);
      g_assert_cmpint (json_object_get_int_member (root, "rows"), ==, 4);
      g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (h, "totals"), "CPUTIME (sec)"), ==, total);
    }

  g_assert_true (g_file_get_contents (trace, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (lone, contents, len, NULL));
  g_assert_cmpint (run (args, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "lone.hpctrace: no .hpcrun profile"));
  weft_test_rm_rf (dir);
}

static void
test_corpus_folder_and_files (void)
{
  g_autofree char *folder = weft_test_shared_path ("corpus", "hpcrun", NULL);
  g_autofree char *v2 = weft_test_shared_path ("corpus", "hpcrun", "hpctoolkit-tests__vdso__testvdso-000000-000-007f0101-19750-0.hpcrun", NULL);
  g_autoptr(JsonObject) all = NULL;
  g_autoptr(JsonObject) one = NULL;
  JsonObject *h;

  if (folder == NULL || v2 == NULL)
    return;
  all = info (folder);
  h = json_object_get_object_member (all, "hpcrun");
  g_assert_cmpint (json_object_get_int_member (h, "profiles"), ==, 38);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (h, "versions"), "04.00"), ==, 37);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (h, "versions"), "02.00"), ==, 1);
  g_assert_false (json_object_has_member (h, "procedures"));

  one = info (v2);
  h = json_object_get_object_member (one, "hpcrun");
  g_assert_cmpstr (json_object_get_string_member (one, "format_version"), ==, "02.00");
  g_assert_cmpint (json_object_get_int_member (h, "cct_nodes"), ==, 42);
  g_assert_cmpfloat (json_object_get_double_member (json_object_get_object_member (h, "totals"), "CPUTIME (usec)"), ==, 2891602);
}

static void
test_exports (void)
{
  g_autofree char *path = weft_test_shared_path ("corpus", "hpctoolkit-tests", "loops-cputime-t.m", NULL);
  g_autofree char *dir = NULL, *csv = NULL, *png = NULL, *contents = NULL;
  g_autofree char *out = NULL, *err = NULL;

  if (path == NULL)
    return;
  dir = weft_test_make_tmp_dir ();
  csv = g_build_filename (dir, "values.csv", NULL);
  png = g_build_filename (dir, "timeline.png", NULL);
  {
    const char *args[] = { "export", "--view", "values", "--format", "cpc-csv", "-o", csv, path, NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 0);
  }
  g_assert_true (g_file_get_contents (csv, &contents, NULL, NULL));
  /* Per-profile totals of CPUTIME, one row per profile (process = row). */
  g_assert_true (g_str_has_prefix (contents, "Value,Processes\n"));
  g_assert_nonnull (strstr (contents, ",3\n"));
  {
    g_auto(GStrv) lines = g_strsplit (contents, "\n", -1);

    g_assert_cmpuint (g_strv_length (lines), ==, 6);
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    const char *args[] = { "export", "--view", "timeline", "--format", "png", "-o", png, path, NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 0);
  }
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  weft_test_rm_rf (dir);
}

/* hpcviewer's bottom-up ("callers") and flat trees export like the top-down
 * one: as data (tree-csv, PSV) and as a flame graph. On the demo, solve's
 * callers include main with the CPU time of solve's calls from it. */
static void
test_tree_views_export (void)
{
  g_autofree char *path = weft_test_source_path ("data", "samples", "heat.m", NULL);
  g_autofree char *psv = weft_test_source_path ("data", "samples", "ddt-stacks.csv", NULL);
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *callers = g_build_filename (dir, "callers.csv", NULL);
  g_autofree char *flat = g_build_filename (dir, "flat.csv", NULL);
  g_autofree char *svg = g_build_filename (dir, "callers.svg", NULL);
  g_autofree char *contents = NULL;

  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "export", "--view", "callers", "--format", "tree-csv", "-o", callers, path, NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 0);
  }
  g_assert_true (g_file_get_contents (callers, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "Path,CPUTIME (sec),CYCLES\n"));
  g_assert_nonnull (strstr (contents, "\nsolve (/opt/weft-demo/src/heat.c:10);main (/opt/weft-demo/src/heat.c:40),0.92"));
  g_clear_pointer (&contents, g_free);
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "export", "--view", "flat", "--format", "psv-csv", "-o", flat, path, NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 0);
  }
  /* Module, then file, then procedures, each named. */
  g_assert_true (g_file_get_contents (flat, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "\n0, 0, 0, /opt/weft-demo/bin/heat\n1, 0, 0, /opt/weft-demo/src/heat.c\n"));
  g_assert_nonnull (strstr (contents, "\n2, 0, 0, solve (/opt/weft-demo/src/heat.c:10)\n"));
  g_assert_nonnull (strstr (contents, "\n0, 0, 0, libc.so.6\n1, 0, 0, <unknown file>\n"));
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "export", "--view", "callers", "--format", "svg", "-o", svg, path, NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 0);
  }
  g_assert_true (g_file_test (svg, G_FILE_TEST_IS_REGULAR));
  /* A DDT stack has no such view, and says which it has. */
  {
    g_autofree char *out = NULL, *err = NULL;
    const char *args[] = { "export", "--view", "callers", "--format", "tree-csv", "-o", callers, psv, NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 1);
    g_assert_nonnull (strstr (err, "has no “callers” view (it has: stacks)"));
  }
  weft_test_rm_rf (dir);
}

static void
test_corrupt (void)
{
  g_autofree char *path = weft_test_shared_path ("corpus", "hpcrun", "hpctoolkit-2024.01.1__small.m__testmeas-small-000000-000-11ac0300-23537-0.hpcrun", NULL);
  g_autofree char *data = NULL, *bad = NULL, *out = NULL, *err = NULL;
  gsize len;

  if (path == NULL)
    return;
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  bad = weft_test_write_tmp ("bad.hpcrun", data, len - 100);
  {
    const char *args[] = { "info", "--json", bad, NULL };

    g_assert_cmpint (run (args, &out, &err), ==, 1);
  }
  g_assert_nonnull (strstr (err, "bad.hpcrun: byte "));
  g_unlink (bad);
}

/* Runs weft-cli, under "taskset -c 0" when @one_processor, and returns its
 * standard output. */
static char *
run_output (const char *const *args,
            gboolean           one_processor)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status;

  if (one_processor)
    {
      g_ptr_array_add (argv, g_find_program_in_path ("taskset"));
      g_ptr_array_add (argv, g_strdup ("-c"));
      g_ptr_array_add (argv, g_strdup ("0"));
    }
  g_ptr_array_add (argv, g_strdup (weft_cli));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                               &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  return out;
}

/* The merge runs as a pipeline of threads when there are two processors or
 * more, in one thread otherwise: both give the same tree, sets and figures
 * (info --json, with procedures' values; the stack tree as PSV CSV). */
static void
test_one_processor (void)
{
  /* A measurement with structure, then (NULL) the corpus folder of 38 profiles. */
  const char *measurements[] = { "loops-cputime-t.m", NULL };
  g_autofree char *folder = weft_test_shared_path ("corpus", "hpcrun", NULL);
  g_autofree char *taskset = g_find_program_in_path ("taskset");
  g_autofree char *dir = NULL;

  if (taskset == NULL || folder == NULL)
    {
      g_test_skip ("needs taskset and the corpus");
      return;
    }
  dir = weft_test_make_tmp_dir ();
  for (guint m = 0; m < G_N_ELEMENTS (measurements); m++)
    {
      g_autofree char *path = measurements[m] != NULL
                              ? weft_test_shared_path ("corpus", "hpctoolkit-tests", measurements[m], NULL)
                              : g_strdup (folder);
      g_autofree char *csv_many = g_build_filename (dir, "many.csv", NULL);
      g_autofree char *csv_one = g_build_filename (dir, "one.csv", NULL);
      g_autofree char *info_many = NULL, *info_one = NULL, *tree_many = NULL, *tree_one = NULL;
      g_autofree char *out_many = NULL, *out_one = NULL;
      const char *info_args[] = { "info", "--json", path, NULL };
      const char *many_args[] = { "export", "--view", "stacks", "--format", "psv-csv", "-o", csv_many, path, NULL };
      const char *one_args[] = { "export", "--view", "stacks", "--format", "psv-csv", "-o", csv_one, path, NULL };

      if (path == NULL)
        continue;
      info_many = run_output (info_args, FALSE);
      info_one = run_output (info_args, TRUE);
      g_assert_cmpstr (info_one, ==, info_many);
      out_many = run_output (many_args, FALSE);
      out_one = run_output (one_args, TRUE);
      g_assert_true (g_file_get_contents (csv_many, &tree_many, NULL, NULL));
      g_assert_true (g_file_get_contents (csv_one, &tree_one, NULL, NULL));
      g_assert_cmpuint (strlen (tree_many), >, 100);
      g_assert_cmpstr (tree_one, ==, tree_many);
    }
  weft_test_rm_rf (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  weft_cli = argv[1];
  g_test_add_func ("/hpctoolkit/cli/measurement-folder", test_measurement_folder);
  g_test_add_func ("/hpctoolkit/cli/part-of-measurement", test_part_of_measurement);
  g_test_add_func ("/hpctoolkit/cli/corpus-folder-and-files", test_corpus_folder_and_files);
  g_test_add_func ("/hpctoolkit/cli/exports", test_exports);
  g_test_add_func ("/hpctoolkit/cli/tree-views-export", test_tree_views_export);
  g_test_add_func ("/hpctoolkit/cli/corrupt", test_corrupt);
  g_test_add_func ("/hpctoolkit/cli/one-processor", test_one_processor);
  return g_test_run ();
}

/* test-mpd-cli.c: weft-cli on MPD traces: info --json figures and exports of
 * the timeline, the invocation matrix (MDA CSV/HDF5) and the per-process
 * event counts (CPC CSV), on the demo sample and a hand-written trace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include <json-glib/json-glib.h>

#include "weft-test-util.h"

static const char *weft_cli;

static int
run_cli (char       **out,
         const char  *first_arg,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  const char *arg;
  va_list args;
  int wait_status;

  g_ptr_array_add (argv, (gpointer)weft_cli);
  va_start (args, first_arg);
  for (arg = first_arg; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer)arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, &err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  if (WEXITSTATUS (wait_status) != 0)
    g_test_message ("weft-cli: %s", err);

  return WEXITSTATUS (wait_status);
}

static char *
demo_path (void)
{
  return weft_test_source_path ("data", "samples", "mpd-demo.trace", NULL);
}

static void
test_info (void)
{
  g_autofree char *demo = demo_path ();
  g_autofree char *out = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *root, *mpd, *events;

  g_assert_cmpint (run_cli (&out, "info", "--json", demo, NULL), ==, 0);
  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "mpdtrace");
  mpd = json_object_get_object_member (root, "mpdtrace");
  g_assert_nonnull (mpd);
  g_assert_cmpint (json_object_get_int_member (mpd, "lines"), ==, 396);
  /* main.body runs on across the CREATEV (unprefixed, then vm(1).), one
   * process; glob's two semaphores are used by vm(1) processes after it. */
  g_assert_cmpint (json_object_get_int_member (mpd, "processes"), ==, 57);
  g_assert_cmpint (json_object_get_int_member (mpd, "resources"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (mpd, "vms"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (mpd, "semaphores"), ==, 6);
  /* Every CALL, SEND and FORWARD of the demo is served. */
  g_assert_cmpint (json_object_get_int_member (mpd, "messages"), ==, 38 + 31 + 4);
  events = json_object_get_object_member (mpd, "events");
  g_assert_cmpint (json_object_get_size (events), ==, 26);
  g_assert_cmpint (json_object_get_int_member (events, "CALL"), ==, 38);
  g_assert_cmpint (json_object_get_int_member (events, "P"), ==, 32);
  g_assert_cmpint (json_object_get_int_member (events, "CONTP"), ==, 32);
  g_assert_false (json_object_has_member (events, "INITSARR"));
}

static double
csv_sum (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  double sum = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) cells = g_strsplit (lines[i], ",", -1);

      for (guint c = 0; cells[c] != NULL; c++)
        if (cells[c][0] != '\0')
          sum += g_ascii_strtod (cells[c], NULL);
    }

  return sum;
}

static void
test_export (void)
{
  static const char trace[] =
    "a.mpd, 1  r.body  BODY     A  0\n"
    "a.mpd, 2  r.body  SEND     A  0\n"
    "a.mpd, 3  s.srv   PROC     B  A\n"
    "a.mpd, 4  r.body  CALL     A  0\n"
    "a.mpd, 5  s.srv   IN       B  0\n"
    "a.mpd, 6  s.srv   ARM      B  A\n"
    "a.mpd, 6  s.srv   NI       B  A\n"
    "a.mpd, 1  r.body  ENDBODY  A  0\n"
    "a.mpd, 3  s.srv   ENDPROC  B  A\n";
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *in = g_build_filename (dir, "t.trace", NULL);
  g_autofree char *matrix = g_build_filename (dir, "m.csv", NULL);
  g_autofree char *by_resource = g_build_filename (dir, "r.csv", NULL);
  g_autofree char *h5 = g_build_filename (dir, "m.h5", NULL);
  g_autofree char *values = g_build_filename (dir, "v.csv", NULL);
  g_autofree char *png = g_build_filename (dir, "t.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "t.svg", NULL);
  g_autofree char *text = NULL;
  g_autofree char *out = NULL;
  gsize len;

  g_assert_true (g_file_set_contents (in, trace, -1, NULL));

  /* Two processes, both invocations from r.body to s.srv. */
  g_assert_cmpint (run_cli (&out, "export", "--view", "comm-matrix", "--format", "mda-csv", "-o", matrix, in, NULL), ==, 0);
  g_assert_true (g_file_get_contents (matrix, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "0,2\n0,0\n");
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (run_cli (&out, "export", "--view", "comm-matrix", "--kind", "resources", "--format", "mda-csv",
                            "-o", by_resource, in, NULL), ==, 0);
  g_assert_true (g_file_get_contents (by_resource, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "0,2\n0,0\n");
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (run_cli (&out, "export", "--view", "comm-matrix", "--format", "mda-hdf5", "-o", h5, in, NULL), ==, 0);
  g_assert_true (g_file_get_contents (h5, &text, &len, NULL));
  g_assert_cmpint (memcmp (text, "\211HDF\r\n\032\n", 8), ==, 0);
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&out, g_free);

  /* Events per process: the "events" column: r.body has 4, s.srv 5. */
  g_assert_cmpint (run_cli (&out, "export", "--view", "values", "--metric", "events", "--format", "cpc-csv",
                            "-o", values, in, NULL), ==, 0);
  g_assert_true (g_file_get_contents (values, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "Value,Processes\n4,0\n5,1\n");
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (run_cli (&out, "export", "--view", "comm-matrix", "--kind", "threads", "--format", "mda-csv",
                            "-o", matrix, in, NULL), !=, 0);
  g_clear_pointer (&out, g_free);

  g_assert_cmpint (run_cli (&out, "export", "--view", "timeline", "--format", "png", "-o", png, in, NULL), ==, 0);
  g_assert_true (g_file_get_contents (png, &text, &len, NULL));
  g_assert_cmpint (memcmp (text, "\211PNG", 4), ==, 0);
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (&out, "export", "--view", "timeline", "--format", "svg", "-o", svg, in, NULL), ==, 0);
  g_assert_true (g_file_get_contents (svg, &text, &len, NULL));
  g_assert_nonnull (strstr (text, "<svg"));

  weft_test_rm_rf (dir);
}

/* The demo's resource matrix holds every served invocation. */
static void
test_demo_matrix (void)
{
  g_autofree char *demo = demo_path ();
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *matrix = g_build_filename (dir, "m.csv", NULL);
  g_autofree char *text = NULL;
  g_autofree char *out = NULL;

  g_assert_cmpint (run_cli (&out, "export", "--view", "comm-matrix", "--kind", "resources", "--format", "mda-csv",
                            "-o", matrix, demo, NULL), ==, 0);
  g_assert_true (g_file_get_contents (matrix, &text, NULL, NULL));
  g_assert_cmpfloat (csv_sum (text), ==, 73);
  weft_test_rm_rf (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_assert_cmpint (argc, >=, 2);
  weft_cli = argv[1];

  g_test_add_func ("/mpd/cli/info", test_info);
  g_test_add_func ("/mpd/cli/export", test_export);
  g_test_add_func ("/mpd/cli/demo-matrix", test_demo_matrix);

  return g_test_run ();
}

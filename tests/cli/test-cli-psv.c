/* test-cli-psv.c: weft-cli on DDT Parallel Stack View exports: info --json
 * figures of the demo hang, exports of the stacks view in every format, and
 * the messages of malformed files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <sys/wait.h>

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
  va_list args;
  int wait_status;

  g_ptr_array_add (argv, (gpointer)weft_cli);
  va_start (args, first_arg);
  for (const char *arg = first_arg; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer)arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

static void
test_info_json (void)
{
  const char *names[] = { "ddt-stacks.csv", "ddt-stacks.xml" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = weft_test_source_path ("data", "samples", names[i], NULL);
      g_auto(Run) run = { 0 };
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;
      JsonObject *root, *psv;

      run_cli (&run, "info", "--json", path, NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_true (json_parser_load_from_data (parser, run.out, -1, &error));
      root = json_node_get_object (json_parser_get_root (parser));
      g_assert_cmpstr (json_object_get_string_member (root, "format"), ==, "psv");
      g_assert_cmpstr (json_object_get_string_member (root, "format_version"), ==, i == 0 ? "csv" : "xml");
      psv = json_object_get_object_member (root, "psv");
      g_assert_nonnull (psv);
      g_assert_cmpint (json_object_get_int_member (psv, "frames"), ==, 16);
      g_assert_cmpint (json_object_get_int_member (psv, "max_depth"), ==, 6);
      g_assert_cmpstr (json_object_get_string_member (psv, "processes"), ==, "0-31");
      g_assert_cmpstr (json_object_get_string_member (psv, "threads"), ==, "0.0-31.1");
    }
}

static char *
read_file (const char *path,
           gsize      *len)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, len, NULL));
  return text;
}

static void
test_export (void)
{
  g_autofree char *csv = weft_test_source_path ("data", "samples", "ddt-stacks.csv", NULL);
  g_autofree char *xml = weft_test_source_path ("data", "samples", "ddt-stacks.xml", NULL);
  g_autofree char *dir = weft_test_make_tmp_dir ();
  struct { const char *format; const char *magic; gsize magic_len; } pictures[] = {
    { "png", "\x89PNG\r\n\x1a\n", 8 },
    { "svg", "<?xml", 5 },
    { "pdf", "%PDF-", 5 },
  };

  /* CSV → XML gives the committed XML byte for byte; XML → XML too. */
  {
    g_autofree char *out = g_build_filename (dir, "out.xml", NULL);
    g_autofree char *expected = read_file (xml, NULL);
    g_autofree char *written = NULL;
    g_auto(Run) run = { 0 };
    g_auto(Run) again = { 0 };

    run_cli (&run, "export", "--view", "stacks", "--format", "psv-xml", "-o", out, csv, NULL);
    g_assert_cmpint (run.status, ==, 0);
    written = read_file (out, NULL);
    g_assert_cmpstr (written, ==, expected);
    g_clear_pointer (&written, g_free);
    run_cli (&again, "export", "--view", "stacks", "--format", "psv-xml", "-o", out, xml, NULL);
    g_assert_cmpint (again.status, ==, 0);
    written = read_file (out, NULL);
    g_assert_cmpstr (written, ==, expected);
  }

  /* PSV CSV: counts, as DDT writes them. */
  {
    g_autofree char *out = g_build_filename (dir, "out.csv", NULL);
    g_autofree char *written = NULL;
    g_auto(Run) run = { 0 };

    run_cli (&run, "export", "--view", "stacks", "--format", "psv-csv", "-o", out, xml, NULL);
    g_assert_cmpint (run.status, ==, 0);
    written = read_file (out, NULL);
    g_assert_true (g_str_has_prefix (written, "Depth, Processes, Threads, Function\n"
                                              "0, 32, 32, main (jacobi.c:212)\n"
                                              "1, 32, 32, solver_iterate (solver.c:88)\n"
                                              "2, 29, 29, MPI_Barrier (barrier.c:61)\n"));
    g_assert_nonnull (strstr (written, "\n3, 1, 1, \"std::vector<double, std::allocator<double> >::"
                                       "operator[](unsigned long) (stl_vector.h:1046)\"\n"));
  }

  for (guint i = 0; i < G_N_ELEMENTS (pictures); i++)
    {
      g_autofree char *name = g_strconcat ("out.", pictures[i].format, NULL);
      g_autofree char *out = g_build_filename (dir, name, NULL);
      g_autofree char *written = NULL;
      g_auto(Run) run = { 0 };
      gsize len = 0;

      run_cli (&run, "export", "--view", "stacks", "--format", pictures[i].format, "-o", out, csv, NULL);
      g_assert_cmpint (run.status, ==, 0);
      written = read_file (out, &len);
      g_assert_cmpuint (len, >, pictures[i].magic_len);
      g_assert_cmpmem (written, pictures[i].magic_len, pictures[i].magic, pictures[i].magic_len);
      if (i == 0)
        {
          /* The default size of the stacks picture: 1200 × 800. */
          const guchar *ihdr = (const guchar *)written + 16;

          g_assert_cmpuint (((guint)ihdr[0] << 24) | ((guint)ihdr[1] << 16) | ((guint)ihdr[2] << 8) | ihdr[3], ==, 1200);
          g_assert_cmpuint (((guint)ihdr[4] << 24) | ((guint)ihdr[5] << 16) | ((guint)ihdr[6] << 8) | ihdr[7], ==, 800);
        }
    }
  weft_test_rm_rf (dir);
}

static void
assert_load_error (const char *name,
                   const char *contents,
                   const char *expected)
{
  g_autofree char *path = weft_test_write_tmp (name, contents, -1);
  g_auto(Run) run = { 0 };

  run_cli (&run, "info", "--json", path, NULL);
  g_assert_cmpint (run.status, ==, 1);
  if (strstr (run.err, expected) == NULL)
    g_error ("“%s” does not say “%s”", run.err, expected);
}

static void
test_malformed (void)
{
  assert_load_error ("jump.csv", "Depth, Processes, Threads, Function\n0, 1, 1, main\n2, 1, 1, deep\n",
                     "jump.csv:3:1: the depth jumps from 0 to 2");
  assert_load_error ("badset.csv", "Depth, Processes, Threads, Function\n0, \"0-3,x\", 1, main\n",
                     "badset.csv:2:");
  assert_load_error ("quote.csv", "Depth, Processes, Threads, Function\n0, 1, 1, \"main\n",
                     "quote.csv:2:");
  assert_load_error ("unknown.xml", "<stacks>\n<frame><position/>\n<stack/></frame></stacks>",
                     "unknown.xml:3: unknown element <stack> in <frame>");
}

/* A CPC or MDA CSV is not taken for a stack export. */
static void
test_not_psv (void)
{
  const char *inputs[][2] = {
    { "cpc.csv", "Value, Processes\n42, \"0-3,7-17\"\n" },
    { "mda.csv", "1,2,3\n4,\"\",6\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autofree char *path = weft_test_write_tmp (inputs[i][0], inputs[i][1], -1);
      g_auto(Run) run = { 0 };

      run_cli (&run, "info", "--json", path, NULL);
      /* Another family's reader may take it (or none, exit 1): never psv. */
      g_assert_null (strstr (run.out, "\"psv\""));
      g_assert_true (run.status == 0 || run.status == 1);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_assert_cmpint (argc, ==, 2);
  weft_cli = argv[1];

  g_test_add_func ("/cli/psv/info-json", test_info_json);
  g_test_add_func ("/cli/psv/export", test_export);
  g_test_add_func ("/cli/psv/malformed", test_malformed);
  g_test_add_func ("/cli/psv/not-psv", test_not_psv);

  return g_test_run ();
}

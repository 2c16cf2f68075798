/* test-multifile.c: documents of many files with one bad part. The good
 * parts load; the bad one is a warning that names its file (and line, where
 * there is one), in plain words.
 *
 *  - a Chapel run with one locale file truncated, one missing, one with
 *    bytes overwritten at random;
 *  - an HPCToolkit measurement with a file that is not a profile among four
 *    good ones, a structure file cut short, and a structure file of another
 *    program.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <unistd.h>

#include <glib/gstdio.h>

#include "weft-document.h"
#include "weft-format.h"
#include "weft-test-util.h"
#include "weft-warning.h"

static char *tmp_dir;

static void
copy_file (const char *from,
           const char *to)
{
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (from, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (to, contents, (gssize)length, NULL));
}

static void
copy_dir (const char *from,
          const char *to)
{
  g_autoptr(GDir) dir = g_dir_open (from, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  g_assert_cmpint (g_mkdir_with_parents (to, 0755), ==, 0);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *a = g_build_filename (from, name, NULL);
      g_autofree char *b = g_build_filename (to, name, NULL);

      if (g_file_test (a, G_FILE_TEST_IS_DIR))
        copy_dir (a, b);
      else
        copy_file (a, b);
    }
}

static WeftDocument *
load (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WeftDocument *document = weft_document_new_for_file (file);

  g_assert_true (weft_document_load (document, NULL, &error));
  g_assert_no_error (error);
  return document;
}

/* The number of warnings about @file whose text holds @text. */
static guint
count_warnings (WeftDocument *document,
                const char   *file,
                const char   *text)
{
  GPtrArray *warnings = weft_document_get_warnings (document);
  guint n = 0;

  for (guint i = 0; i < warnings->len; i++)
    {
      const WeftWarning *w = g_ptr_array_index (warnings, i);

      if (g_strcmp0 (w->file, file) == 0 && (text == NULL || strstr (w->message, text) != NULL))
        n++;
    }
  return n;
}

static void
test_chapel_locales (void)
{
  g_autofree char *demo = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);
  g_autofree char *run = g_build_filename (tmp_dir, "chapel", "DEMO", NULL);
  g_autofree char *cut = g_build_filename (run, "DEMO-3", NULL);
  g_autofree char *missing = g_build_filename (run, "DEMO-5", NULL);
  g_autofree char *mutated = g_build_filename (run, "DEMO-2", NULL);
  g_autofree char *intact = g_build_filename (run, "DEMO-6", NULL);
  g_autoptr(WeftDocument) document = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  g_autofree char *bytes = NULL;
  gsize length;
  GStatBuf st;

  copy_dir (demo, run);
  g_assert_cmpint (g_stat (cut, &st), ==, 0);
  g_assert_cmpint (truncate (cut, st.st_size / 3), ==, 0);
  g_assert_cmpint (g_unlink (missing), ==, 0);
  g_assert_true (g_file_get_contents (mutated, &bytes, &length, NULL));
  for (guint i = 0; i < 200; i++)
    bytes[g_rand_int_range (rand, 0, (gint32)length)] = (char)g_rand_int_range (rand, 0, 256);
  g_assert_true (g_file_set_contents (mutated, bytes, (gssize)length, NULL));

  document = load (run);
  /* Every locale still has its row; the bad files are named. */
  g_assert_cmpuint (weft_dataset_get_n_rows (weft_document_get_dataset (document)), ==, 8);
  g_assert_cmpuint (count_warnings (document, cut, "no End record"), ==, 1);
  g_assert_cmpuint (count_warnings (document, missing, "locale 5 is missing"), ==, 1);
  g_assert_cmpuint (count_warnings (document, mutated, NULL), >, 0);
  g_assert_cmpuint (count_warnings (document, intact, NULL), ==, 0);
}

static void
test_hpctoolkit_parts (void)
{
  g_autofree char *source = weft_test_shared_path ("corpus", "hpctoolkit-tests", "loops-cputime-t.m", NULL);
  g_autofree char *small = weft_test_shared_path ("corpus", "hpctoolkit-tests", "small.m", "structs",
                                                  "testmeas-small.hpcstruct", NULL);
  g_autofree char *measurement = g_build_filename (tmp_dir, "loops.m", NULL);
  g_autofree char *bad = g_build_filename (measurement, "testmeas-loops-000000-004-11ac0300-4974-0.hpcrun", NULL);
  g_autofree char *libc = g_build_filename (measurement, "structs", "libc-2.31.so.hpcstruct", NULL);
  g_autofree char *wrong = g_build_filename (measurement, "structs", "testmeas-loops.hpcstruct", NULL);
  g_autoptr(WeftDocument) document = NULL;
  GPtrArray *warnings;

  copy_dir (source, measurement);
  /* Not a profile, though named as one. */
  g_assert_true (g_file_set_contents (bad, "HPCRUN-profile____04.00?garbage", -1, NULL));
  /* A structure file cut short, and one of another program. */
  g_assert_true (g_file_set_contents (libc, "<HPCToolkitStructure i=\"0\" version=\"4.7\">\n<LM i=\"2\" n=\"/x\"><F", -1,
                                      NULL));
  copy_file (small, wrong);

  document = load (measurement);
  g_assert_cmpuint (weft_dataset_get_n_rows (weft_document_get_dataset (document)), ==, 4);
  g_assert_cmpuint (count_warnings (document, bad, "byte"), ==, 1);
  g_assert_cmpuint (count_warnings (document, libc, NULL), ==, 1);
  g_assert_cmpuint (count_warnings (document, wrong, "which no profile of the measurement ran"), ==, 1);

  /* Each message names its file once, in the warning's own field. */
  warnings = weft_document_get_warnings (document);
  for (guint i = 0; i < warnings->len; i++)
    {
      const WeftWarning *w = g_ptr_array_index (warnings, i);

      g_assert_null (strstr (w->message, w->file));
    }
  /* The XML reader's line is the warning's line. */
  for (guint i = 0; i < warnings->len; i++)
    {
      const WeftWarning *w = g_ptr_array_index (warnings, i);

      if (g_strcmp0 (w->file, libc) == 0)
        g_assert_cmpuint (w->line, ==, 2);
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  weft_formats_init ();
  tmp_dir = weft_test_make_tmp_dir ();

  g_test_add_func ("/multifile/chapel-locales", test_chapel_locales);
  g_test_add_func ("/multifile/hpctoolkit-parts", test_hpctoolkit_parts);

  status = g_test_run ();
  weft_test_rm_rf (tmp_dir);
  g_free (tmp_dir);
  return status;
}

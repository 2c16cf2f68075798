/* test-document.c: the format registry, sniffing and WeftDocument loading
 * (progress, cancellation, warnings, errors), with a test-only line format and
 * every registered family.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "weft-document.h"
#include "weft-error.h"
#include "weft-format.h"
#include "weft-test-util.h"
#include "weft-warning.h"

/* A dataset for the test format: how many lines it read. ------------------- */

#define TEST_TYPE_LINES_DATASET (test_lines_dataset_get_type ())
G_DECLARE_FINAL_TYPE (TestLinesDataset, test_lines_dataset, TEST, LINES_DATASET, GObject)

struct _TestLinesDataset
{
  GObject parent_instance;
  guint   n_lines;
  char   *path;
};

static const char *
test_lines_get_family (WeftDataset *dataset)
{
  return "test-lines";
}

static GStrv
test_lines_dup_sources (WeftDataset *dataset)
{
  char *sources[] = { TEST_LINES_DATASET (dataset)->path, NULL };

  return g_strdupv (sources);
}

static guint
test_lines_get_n_rows (WeftDataset *dataset)
{
  return TEST_LINES_DATASET (dataset)->n_lines;
}

static void
test_lines_dataset_iface_init (WeftDatasetInterface *iface)
{
  iface->get_family = test_lines_get_family;
  iface->dup_sources = test_lines_dup_sources;
  iface->get_n_rows = test_lines_get_n_rows;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TestLinesDataset, test_lines_dataset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_DATASET, test_lines_dataset_iface_init))

static void
test_lines_dataset_finalize (GObject *object)
{
  g_free (TEST_LINES_DATASET (object)->path);
  G_OBJECT_CLASS (test_lines_dataset_parent_class)->finalize (object);
}

static void
test_lines_dataset_class_init (TestLinesDatasetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_lines_dataset_finalize;
}

static void
test_lines_dataset_init (TestLinesDataset *self)
{
}

/* The test format: "WEFT-TEST-LINES" then one record per line. ------------- */

#define MAGIC "WEFT-TEST-LINES\n"

static guint line_delay_us;      /* to make loads slow enough to cancel */
static volatile gint lines_read;

static WeftSniffScore
test_lines_sniff (const WeftSniffInput *input)
{
  if (input->head_len >= strlen (MAGIC) && memcmp (input->head, MAGIC, strlen (MAGIC)) == 0)
    return WEFT_SNIFF_CERTAIN;

  return WEFT_SNIFF_NO;
}

static WeftDataset *
test_lines_load (GFile * const    *files,
                 guint             n_files,
                 WeftLoadContext  *ctx,
                 GError          **error)
{
  g_autoptr(TestLinesDataset) dataset = g_object_new (TEST_TYPE_LINES_DATASET, NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  guint n;

  dataset->path = g_file_get_path (files[0]);
  if (!g_file_get_contents (dataset->path, &contents, NULL, error))
    return NULL;

  lines = g_strsplit (contents, "\n", -1);
  n = g_strv_length (lines);
  weft_load_context_add_work (ctx, n);

  for (guint i = 1; i < n; i++)
    {
      if (i % 16 == 0 && weft_load_context_set_error_if_cancelled (ctx, error))
        return NULL;
      if (g_str_has_prefix (lines[i], "bad"))
        weft_load_context_warn (ctx, dataset->path, i + 1, "a bad line");
      else if (lines[i][0] != '\0')
        dataset->n_lines++;
      weft_load_context_advance (ctx, 1);
      g_atomic_int_inc (&lines_read);
      if (line_delay_us > 0)
        g_usleep (line_delay_us);
    }

  return WEFT_DATASET (g_steal_pointer (&dataset));
}

static const WeftFormat test_lines_format = {
  .id = "test-lines",
  .name = "Test lines",
  .mime_type = "text/x-weft-test-lines",
  .expects = "a file starting with WEFT-TEST-LINES",
  .sniff = test_lines_sniff,
  .load = test_lines_load,
};

static char *
write_lines_file (guint n_lines,
                  guint n_bad)
{
  g_autoptr(GString) s = g_string_new (MAGIC);

  for (guint i = 0; i < n_lines; i++)
    g_string_append_printf (s, "%s %u\n", i < n_bad ? "bad" : "line", i);

  return weft_test_write_tmp ("lines.test", s->str, s->len);
}

static void
remove_tmp (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  weft_test_rm_rf (dir);
}

/* Async load, progress observed on the main thread. ----------------------- */

typedef struct
{
  GMainLoop *loop;
  GArray    *fractions;
  gboolean   done;
  gboolean   ok;
  GError    *error;
  GCancellable *cancel_on_progress;
} LoadWatch;

static void
fraction_cb (WeftDocument *document,
             GParamSpec   *pspec,
             LoadWatch    *watch)
{
  double f = weft_document_get_fraction (document);

  g_array_append_val (watch->fractions, f);
  if (watch->cancel_on_progress != NULL && f > 0.1)
    g_cancellable_cancel (watch->cancel_on_progress);
}

static void
load_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  LoadWatch *watch = user_data;

  watch->ok = weft_document_load_finish (WEFT_DOCUMENT (object), result, &watch->error);
  watch->done = TRUE;
  g_main_loop_quit (watch->loop);
}

static void
run_load (WeftDocument *document,
          GCancellable *cancellable,
          LoadWatch    *watch)
{
  watch->loop = g_main_loop_new (NULL, FALSE);
  watch->fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_signal_connect (document, "notify::fraction", G_CALLBACK (fraction_cb), watch);

  weft_document_load_async (document, cancellable, load_done_cb, watch);
  g_assert_cmpint (weft_document_get_state (document), ==, WEFT_DOCUMENT_LOADING);
  g_main_loop_run (watch->loop);
  g_assert_true (watch->done);
}

static void
load_watch_clear (LoadWatch *watch)
{
  g_clear_pointer (&watch->loop, g_main_loop_unref);
  g_clear_pointer (&watch->fractions, g_array_unref);
  g_clear_error (&watch->error);
}

static void
test_load_progress (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(WeftDocument) document = NULL;
  LoadWatch watch = { 0 };
  GPtrArray *warnings;
  double last = 0.0;

  line_delay_us = 200;
  path = write_lines_file (2000, 3);
  file = g_file_new_for_path (path);
  document = weft_document_new_for_file (file);
  run_load (document, NULL, &watch);

  g_assert_no_error (watch.error);
  g_assert_true (watch.ok);
  g_assert_cmpint (weft_document_get_state (document), ==, WEFT_DOCUMENT_READY);
  g_assert_cmpstr (weft_document_get_format (document)->id, ==, "test-lines");
  g_assert_cmpuint (weft_dataset_get_n_rows (weft_document_get_dataset (document)), ==, 1997);

  /* Several intermediate notifications, never decreasing, ending at 1. */
  g_assert_cmpuint (watch.fractions->len, >=, 3);
  for (guint i = 0; i < watch.fractions->len; i++)
    {
      double f = g_array_index (watch.fractions, double, i);

      g_assert_cmpfloat (f, >=, last);
      last = f;
    }
  g_assert_cmpfloat (last, ==, 1.0);
  g_assert_cmpfloat (weft_document_get_fraction (document), ==, 1.0);

  warnings = weft_document_get_warnings (document);
  g_assert_cmpuint (warnings->len, ==, 3);
  g_assert_cmpuint (weft_document_get_n_warnings (document), ==, 3);
  {
    const WeftWarning *w = g_ptr_array_index (warnings, 0);

    g_assert_cmpstr (w->file, ==, path);
    g_assert_cmpuint (w->line, ==, 2);
    g_assert_cmpstr (w->message, ==, "a bad line");
  }

  load_watch_clear (&watch);
  remove_tmp (path);
  line_delay_us = 0;
}

static void
test_load_cancel (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(WeftDocument) document = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  LoadWatch watch = { 0 };
  const guint n_lines = 20000;

  line_delay_us = 100; /* 2 s if it ran to the end */
  g_atomic_int_set (&lines_read, 0);
  path = write_lines_file (n_lines, 0);
  file = g_file_new_for_path (path);
  document = weft_document_new_for_file (file);
  watch.cancel_on_progress = cancellable;

  run_load (document, cancellable, &watch);

  g_assert_false (watch.ok);
  g_assert_error (watch.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (weft_document_get_state (document), ==, WEFT_DOCUMENT_FAILED);
  g_assert_null (weft_document_get_dataset (document));
  /* The reader stopped soon after the cancellation, far from the end. */
  g_assert_cmpint (g_atomic_int_get (&lines_read), <, (gint)n_lines / 2);

  load_watch_clear (&watch);
  remove_tmp (path);
  line_delay_us = 0;
}

static void
test_load_sync (void)
{
  g_autofree char *path = write_lines_file (10, 1);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(WeftDocument) document = weft_document_new_for_file (file);
  g_autoptr(GError) error = NULL;

  g_assert_true (weft_document_load (document, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (weft_dataset_get_n_rows (weft_document_get_dataset (document)), ==, 9);
  g_assert_cmpfloat (weft_document_get_fraction (document), ==, 1.0);
  g_assert_cmpuint (weft_document_get_n_warnings (document), ==, 1);

  /* A document loads once. */
  g_assert_false (weft_document_load (document, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PENDING);

  remove_tmp (path);
}

/* Errors ------------------------------------------------------------------- */

static void
test_unknown_format (void)
{
  g_autofree char *path = weft_test_write_tmp ("notes.txt", "just some text\nnothing to see\n", -1);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(WeftDocument) document = weft_document_new_for_file (file);
  g_autoptr(GError) error = NULL;
  g_autofree const WeftFormat **formats = NULL;
  guint n_formats;

  g_assert_false (weft_document_load (document, NULL, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_UNKNOWN_FORMAT);
  g_assert_cmpint (weft_document_get_state (document), ==, WEFT_DOCUMENT_FAILED);
  g_assert_true (weft_document_get_error (document)->code == WEFT_ERROR_UNKNOWN_FORMAT);

  /* The message names the file and lists every format that was tried. */
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "not a format Weft can read"));
  formats = weft_format_list (&n_formats);
  g_assert_cmpuint (n_formats, >=, 1);
  for (guint i = 0; i < n_formats; i++)
    g_assert_nonnull (strstr (error->message, _(formats[i]->expects)));

  remove_tmp (path);
}

static void
test_empty_file (void)
{
  g_autofree char *path = weft_test_write_tmp ("empty", "", 0);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(WeftDocument) document = weft_document_new_for_file (file);
  g_autoptr(GError) error = NULL;

  g_assert_false (weft_document_load (document, NULL, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_UNKNOWN_FORMAT);
  g_assert_nonnull (strstr (error->message, "the file is empty"));

  remove_tmp (path);
}

static void
test_missing_file (void)
{
  g_autoptr(GFile) file = g_file_new_for_path ("/nonexistent/weft/trace-0");
  g_autoptr(WeftDocument) document = weft_document_new_for_file (file);
  g_autoptr(GError) error = NULL;

  g_assert_false (weft_document_load (document, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "/nonexistent/weft/trace-0"));
}

static void
test_empty_folder (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  g_autoptr(GError) error = NULL;

  g_assert_null (weft_format_detect (file, NULL, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_UNKNOWN_FORMAT);
  g_assert_nonnull (strstr (error->message, "this folder holds no trace"));

  weft_test_rm_rf (dir);
}

static void
test_mixed_files (void)
{
  g_autofree char *lines = write_lines_file (3, 0);
  g_autofree char *other = weft_test_write_tmp ("other.txt", "something else\n", -1);
  GFile *files[2] = { g_file_new_for_path (lines), g_file_new_for_path (other) };
  g_autoptr(WeftDocument) document = weft_document_new (files, 2);
  g_autoptr(GError) error = NULL;

  g_assert_false (weft_document_load (document, NULL, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_UNKNOWN_FORMAT);
  g_assert_nonnull (strstr (error->message, other));
  g_assert_cmpstr (weft_document_get_title (document), ==, "lines.test and 1 more");

  g_object_unref (files[0]);
  g_object_unref (files[1]);
  remove_tmp (lines);
  remove_tmp (other);
}

/* Every registered family recognises its own files. ------------------------ */

static const struct {
  const char *format;
  const char *sample[4];  /* path under the source tree */
} family_samples[] = {
  { "chplvis", { "data", "samples", "chplvis-demo", "DEMO" } },
  { "chplvis", { "data", "samples", "chplvis-demo", "DEMO/DEMO-3" } },
  { "mda", { "data", "samples", "ddt-array.csv" } },
  { "cpc", { "data", "samples", "ddt-cpc.csv" } },
  /* BEGIN sniff samples: hpctoolkit */
  { "hpcrun", { "data", "samples", "heat.m" } },
  { "hpcrun", { "data", "samples", "heat.m", "heat-000001-001-7f000001-4243-0.hpcrun" } },
  /* END sniff samples: hpctoolkit */
  /* BEGIN sniffing samples: mpd */
  { "mpdtrace", { "data", "samples", "mpd-demo.trace" } },
  /* END sniffing samples: mpd */
  /* BEGIN sniff samples: visandor */
  { "visandor", { "data", "samples", "visandor-and.visandor" } },
  { "visandor", { "data", "samples", "visandor-or.visandor" } },
  /* END sniff samples: visandor */
  /* BEGIN ddt-psv */
  { "psv", { "data", "samples", "ddt-stacks.csv" } },
  { "psv", { "data", "samples", "ddt-stacks.xml" } },
  /* END ddt-psv */
  { "test-lines", { NULL } },
};

static void
test_sniff_families (void)
{
  g_autofree const WeftFormat **formats = NULL;
  guint n_formats;

  formats = weft_format_list (&n_formats);
  for (guint i = 0; i < n_formats; i++)
    {
      gboolean covered = FALSE;

      for (guint j = 0; j < G_N_ELEMENTS (family_samples); j++)
        {
          g_autofree char *path = NULL;
          g_autoptr(GFile) file = NULL;
          g_autoptr(GError) error = NULL;
          const WeftFormat *found;

          if (!g_str_equal (family_samples[j].format, formats[i]->id))
            continue;
          covered = TRUE;
          if (family_samples[j].sample[0] == NULL)
            continue;

          path = weft_test_source_path (family_samples[j].sample[0], family_samples[j].sample[1],
                                        family_samples[j].sample[2], family_samples[j].sample[3], NULL);
          file = g_file_new_for_path (path);
          found = weft_format_detect (file, NULL, &error);
          g_assert_no_error (error);
          g_assert_nonnull (found);
          g_assert_cmpstr (found->id, ==, formats[i]->id);
        }

      /* A family registered without a sample here would go untested. */
      if (!covered)
        g_error ("format “%s” has no sniffing sample in test-document.c", formats[i]->id);
    }
}

/* A Chapel run folder renamed after the run (FishLearning-E1/E1-0) still opens. */
static void
test_sniff_renamed_chapel_folder (void)
{
  g_autofree char *sample = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", "DEMO-0", NULL);
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *renamed = g_build_filename (dir, "my-run", NULL);
  g_autofree char *copy = g_build_filename (renamed, "RUN-0", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GError) error = NULL;
  const WeftFormat *found;
  gsize len;

  g_file_get_contents (sample, &contents, &len, &error);
  g_assert_no_error (error);
  g_mkdir (renamed, 0700);
  g_file_set_contents (copy, contents, len, &error);
  g_assert_no_error (error);

  folder = g_file_new_for_path (renamed);
  found = weft_format_detect (folder, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (found->id, ==, "chplvis");

  weft_test_rm_rf (dir);
}

/* Copies the Chapel demo run into @dir/@name (NAME-0 … NAME-7). */
static void
copy_demo_run (const char *dir,
               const char *name)
{
  g_autofree char *run = g_build_filename (dir, name, NULL);

  g_mkdir (run, 0700);
  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *base = g_strdup_printf ("DEMO-%u", i);
      g_autofree char *copy_base = g_strdup_printf ("%s-%u", name, i);
      g_autofree char *sample = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", base, NULL);
      g_autofree char *copy = g_build_filename (run, copy_base, NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;
      gsize len;

      g_file_get_contents (sample, &contents, &len, &error);
      g_assert_no_error (error);
      g_file_set_contents (copy, contents, len, &error);
      g_assert_no_error (error);
    }
}

/* The folder a run was made in (sources, a binary, and the trace folder BIG/)
 * opens the one trace it holds; with two traces, the error names both. */
static void
test_folder_holding_one_trace (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *notes = g_build_filename (dir, "notes.txt", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(WeftDocument) document = NULL;
  g_autoptr(WeftDocument) second = NULL;
  g_autoptr(GError) error = NULL;

  copy_demo_run (dir, "BIG");
  g_file_set_contents (notes, "how this run was made\n", -1, &error);
  g_assert_no_error (error);

  /* Detection alone does not look inside. */
  g_assert_null (weft_format_detect (folder, NULL, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_UNKNOWN_FORMAT);
  g_clear_error (&error);

  document = weft_document_new_for_file (folder);
  g_assert_true (weft_document_load (document, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (weft_document_get_format (document)->id, ==, "chplvis");
  g_assert_cmpuint (weft_dataset_get_n_rows (weft_document_get_dataset (document)), >=, 8);
  g_assert_true (weft_document_get_file (document, 0) == folder);

  copy_demo_run (dir, "SMALL");
  second = weft_document_new_for_file (folder);
  g_assert_false (weft_document_load (second, NULL, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_UNKNOWN_FORMAT);
  g_assert_nonnull (strstr (error->message, "BIG, SMALL"));

  weft_test_rm_rf (dir);
}

/* Whether one of @document's warnings holds @needle. */
static gboolean
has_warning (WeftDocument *document,
             const char   *needle)
{
  GPtrArray *warnings = weft_document_get_warnings (document);

  for (guint i = 0; warnings != NULL && i < warnings->len; i++)
    {
      const WeftWarning *warning = g_ptr_array_index (warnings, i);

      if (strstr (warning->message, needle) != NULL)
        return TRUE;
    }
  return FALSE;
}

/* A named pipe would hold a reader's open() until something wrote to it,
 * which may be never: given one, or meeting one in a run folder, a Chapel
 * run or a measurement, Weft says what it is and goes on (without the check,
 * this test hangs until meson's timeout). */
static void
test_not_a_file (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *pipe_path = g_build_filename (dir, "pipe", NULL);
  g_autofree char *locale_pipe = g_build_filename (dir, "BIG", "BIG-8", NULL);
  g_autofree char *measurement = g_build_filename (dir, "heat.m", NULL);
  g_autofree char *profile_pipe = g_build_filename (measurement, "heat-000009-000-7f000001-4299-0.hpcrun", NULL);
  g_autofree char *heat = weft_test_source_path ("data", "samples", "heat.m", NULL);
  g_autoptr(GFile) pipe_file = g_file_new_for_path (pipe_path);
  g_autoptr(GFile) device = g_file_new_for_path ("/dev/null");
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GFile) run = NULL;
  g_autoptr(GFile) profiles = NULL;
  g_autoptr(GDir) listing = NULL;
  g_autoptr(WeftDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;

  g_assert_cmpint (mkfifo (pipe_path, 0600), ==, 0);

  document = weft_document_new_for_file (pipe_file);
  g_assert_false (weft_document_load (document, NULL, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, pipe_path));
  g_assert_nonnull (strstr (error->message, "it is a named pipe, not a file"));
  g_clear_error (&error);
  g_clear_object (&document);

  document = weft_document_new_for_file (device);
  g_assert_false (weft_document_load (document, NULL, &error));
  g_assert_nonnull (strstr (error->message, "it is a device, not a file"));
  g_clear_error (&error);
  g_clear_object (&document);

  /* A run folder: the trace beside the pipe opens. */
  copy_demo_run (dir, "BIG");
  document = weft_document_new_for_file (folder);
  g_assert_true (weft_document_load (document, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (weft_document_get_format (document)->id, ==, "chplvis");
  g_clear_object (&document);

  /* A ninth locale that is a pipe is left out, named. */
  g_assert_cmpint (mkfifo (locale_pipe, 0600), ==, 0);
  run = g_file_get_child (folder, "BIG");
  document = weft_document_new_for_file (run);
  g_assert_true (weft_document_load (document, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (weft_dataset_get_n_rows (weft_document_get_dataset (document)), >=, 8);
  g_assert_true (has_warning (document, "BIG-8: it is a named pipe, not a file"));
  g_clear_object (&document);

  /* So is a profile of a measurement. */
  g_mkdir (measurement, 0700);
  listing = g_dir_open (heat, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *from = g_build_filename (heat, name, NULL);
      g_autofree char *to = g_build_filename (measurement, name, NULL);
      g_autofree char *contents = NULL;
      gsize len;

      if (g_file_test (from, G_FILE_TEST_IS_DIR))
        continue;
      g_file_get_contents (from, &contents, &len, &error);
      g_assert_no_error (error);
      g_file_set_contents (to, contents, len, &error);
      g_assert_no_error (error);
    }
  g_assert_cmpint (mkfifo (profile_pipe, 0600), ==, 0);
  profiles = g_file_new_for_path (measurement);
  document = weft_document_new_for_file (profiles);
  g_assert_true (weft_document_load (document, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (weft_document_get_format (document)->id, ==, "hpcrun");
  g_assert_true (has_warning (document, "4299-0.hpcrun: it is a named pipe, not a file"));
  g_clear_object (&document);

  weft_test_rm_rf (dir);
}

/* A document of a one-file format given several files says so instead of
 * reading the first and leaving the rest out unsaid (VisAndOr and MPD did). */
static void
test_one_file_formats (void)
{
  static const struct { const char *a, *b, *name; } cases[] = {
    { "visandor-or.visandor", "visandor-and.visandor", "VisAndOr parallel Prolog trace" },
    { "mpd-demo.trace", "mpd-demo.trace", "MPD runtime trace" },
    { "ddt-array.csv", "ddt-array.csv", "DDT multi-dimensional array" },
    { "ddt-stacks.csv", "ddt-stacks.csv", "DDT parallel stacks" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *a = weft_test_source_path ("data", "samples", cases[i].a, NULL);
      g_autofree char *b = weft_test_source_path ("data", "samples", cases[i].b, NULL);
      g_autofree char *expected = g_strdup_printf ("Only one file can be opened as “%s” (2 were given)",
                                                   cases[i].name);
      GFile *files[2] = { g_file_new_for_path (a), g_file_new_for_path (b) };
      g_autoptr(WeftDocument) document = weft_document_new (files, 2);
      g_autoptr(GError) error = NULL;

      g_assert_false (weft_document_load (document, NULL, &error));
      g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
      g_assert_nonnull (strstr (error->message, expected));
      g_object_unref (files[0]);
      g_object_unref (files[1]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  weft_formats_init ();
  weft_format_register (&test_lines_format);

  g_test_add_func ("/document/load/progress", test_load_progress);
  g_test_add_func ("/document/load/cancel", test_load_cancel);
  g_test_add_func ("/document/load/sync", test_load_sync);
  g_test_add_func ("/document/error/unknown-format", test_unknown_format);
  g_test_add_func ("/document/error/empty-file", test_empty_file);
  g_test_add_func ("/document/error/missing-file", test_missing_file);
  g_test_add_func ("/document/error/empty-folder", test_empty_folder);
  g_test_add_func ("/document/error/mixed-files", test_mixed_files);
  g_test_add_func ("/document/sniff/families", test_sniff_families);
  g_test_add_func ("/document/sniff/renamed-chapel-folder", test_sniff_renamed_chapel_folder);
  g_test_add_func ("/document/sniff/folder-holding-one-trace", test_folder_holding_one_trace);
  g_test_add_func ("/document/error/not-a-file", test_not_a_file);
  g_test_add_func ("/document/error/one-file-formats", test_one_file_formats);

  return g_test_run ();
}

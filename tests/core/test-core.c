/* test-core.c: load context, warnings, string pool, units, atomic files,
 * matrices, value tables, the text scanner, pages and the id map.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "weft-atomic-file.h"
#include "weft-background.h"
#include "weft-error.h"
#include "weft-id-map.h"
#include "weft-input-file.h"
#include "weft-input-window.h"
#include "weft-load-context.h"
#include "weft-matrix.h"
#include "weft-page-buffer.h"
#include "weft-page-recycler.h"
#include "weft-prefault.h"
#include "weft-string-pool.h"
#include "weft-test-util.h"
#include "weft-text-match.h"
#include "weft-text-scan.h"
#include "weft-units.h"
#include "weft-value-table.h"

typedef struct
{
  GArray *fractions;
  guint   calls;
} ProgressLog;

static void
log_progress_cb (double      fraction,
                 const char *message,
                 gpointer    user_data)
{
  ProgressLog *log = user_data;

  g_array_append_val (log->fractions, fraction);
  log->calls++;
}

static void
test_load_context_progress (void)
{
  g_autoptr(WeftLoadContext) ctx = weft_load_context_new (NULL);
  ProgressLog log = { g_array_new (FALSE, FALSE, sizeof (double)), 0 };
  double last = -1;

  weft_load_context_set_progress_func (ctx, log_progress_cb, &log, NULL);

  weft_load_context_begin_stage (ctx, 0.0, 0.5, "stage one");
  weft_load_context_progress (ctx, 0.5, NULL);
  g_assert_cmpfloat_with_epsilon (weft_load_context_get_fraction (ctx), 0.25, 1e-12);

  /* Going backwards is ignored: the bar never moves left. */
  weft_load_context_progress (ctx, 0.2, NULL);
  g_assert_cmpfloat_with_epsilon (weft_load_context_get_fraction (ctx), 0.25, 1e-12);

  weft_load_context_begin_stage (ctx, 0.5, 1.0, "stage two");
  weft_load_context_add_work (ctx, 200);
  weft_load_context_advance (ctx, 50);
  g_assert_cmpfloat_with_epsilon (weft_load_context_get_fraction (ctx), 0.625, 1e-12);
  weft_load_context_advance (ctx, 150);
  g_assert_cmpfloat_with_epsilon (weft_load_context_get_fraction (ctx), 1.0, 1e-12);
  /* More work than announced stays at the end of the stage. */
  weft_load_context_advance (ctx, 500);
  g_assert_cmpfloat_with_epsilon (weft_load_context_get_fraction (ctx), 1.0, 1e-12);

  g_assert_cmpuint (log.calls, >=, 4);
  for (guint i = 0; i < log.fractions->len; i++)
    {
      double f = g_array_index (log.fractions, double, i);

      g_assert_cmpfloat (f, >=, last);
      last = f;
    }
  g_assert_cmpfloat (last, ==, 1.0);
  g_array_unref (log.fractions);
}

static void
test_load_context_cancel (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(WeftLoadContext) ctx = weft_load_context_new (cancellable);
  g_autoptr(GError) error = NULL;

  g_assert_false (weft_load_context_is_cancelled (ctx));
  g_assert_false (weft_load_context_set_error_if_cancelled (ctx, &error));
  g_assert_no_error (error);

  g_cancellable_cancel (cancellable);
  g_assert_true (weft_load_context_is_cancelled (ctx));
  g_assert_true (weft_load_context_set_error_if_cancelled (ctx, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

typedef struct
{
  WeftLoadContext *ctx;
  guint            base;
} WarnJob;

static gpointer
warn_thread (gpointer data)
{
  WarnJob *job = data;

  for (guint i = 0; i < 1000; i++)
    weft_load_context_warn (job->ctx, job->base ? "b.txt" : "a.txt", 1000 - i, "bad field %u", i);

  return NULL;
}

/* Each stage is timed from its begin_stage() to the next one's; the last
 * one up to the call. */
static void
test_load_context_stage_times (void)
{
  g_autoptr(WeftLoadContext) ctx = weft_load_context_new (NULL);
  g_autoptr(GArray) none = weft_load_context_dup_stage_times (ctx);
  g_autoptr(GArray) times = NULL;
  const WeftLoadStageTime *first, *second;

  g_assert_cmpuint (none->len, ==, 0);
  weft_load_context_begin_stage (ctx, 0.0, 0.5, "first");
  g_usleep (20000);
  weft_load_context_begin_stage (ctx, 0.5, 1.0, "second");
  g_usleep (10000);
  times = weft_load_context_dup_stage_times (ctx);

  g_assert_cmpuint (times->len, ==, 2);
  first = &g_array_index (times, WeftLoadStageTime, 0);
  second = &g_array_index (times, WeftLoadStageTime, 1);
  g_assert_cmpstr (first->message, ==, "first");
  g_assert_cmpstr (second->message, ==, "second");
  g_assert_cmpfloat (first->seconds, >=, 0.020);
  g_assert_cmpfloat (first->seconds, <, 10.0);
  g_assert_cmpfloat (second->seconds, >=, 0.010);
  g_assert_cmpfloat (second->seconds, <, 10.0);
}

static void
test_load_context_warnings (void)
{
  g_autoptr(WeftLoadContext) ctx = weft_load_context_new (NULL);
  g_autoptr(GPtrArray) warnings = NULL;
  WarnJob jobs[2] = { { ctx, 0 }, { ctx, 1 } };
  GThread *threads[2];
  g_autofree char *text = NULL;

  for (guint i = 0; i < 2; i++)
    threads[i] = g_thread_new ("warn", warn_thread, &jobs[i]);
  for (guint i = 0; i < 2; i++)
    g_thread_join (threads[i]);

  g_assert_cmpuint (weft_load_context_get_n_warnings (ctx), ==, 2000);
  warnings = weft_load_context_dup_warnings (ctx);
  g_assert_cmpuint (warnings->len, ==, 2000);

  /* Sorted by file, then line. */
  for (guint i = 1; i < warnings->len; i++)
    g_assert_cmpint (weft_warning_compare (&g_ptr_array_index (warnings, i - 1),
                                           &g_ptr_array_index (warnings, i)), <=, 0);
  text = weft_warning_to_string (g_ptr_array_index (warnings, 0));
  g_assert_cmpstr (text, ==, "a.txt:1: bad field 999");
}

static void
test_load_context_warning_cap (void)
{
  g_autoptr(WeftLoadContext) ctx = weft_load_context_new (NULL);
  g_autoptr(GPtrArray) warnings = NULL;

  for (guint i = 0; i < WEFT_LOAD_CONTEXT_MAX_WARNINGS + 25; i++)
    weft_load_context_warn (ctx, "x", i + 1, "w");

  warnings = weft_load_context_dup_warnings (ctx);
  g_assert_cmpuint (warnings->len, ==, WEFT_LOAD_CONTEXT_MAX_WARNINGS);
  g_assert_cmpuint (weft_load_context_get_n_warnings (ctx), ==, WEFT_LOAD_CONTEXT_MAX_WARNINGS + 25);

  /* A reader that asks first is told to skip, and the warning still counts. */
  g_assert_true (weft_load_context_skip_warning (ctx));
  g_assert_cmpuint (weft_load_context_get_n_warnings (ctx), ==, WEFT_LOAD_CONTEXT_MAX_WARNINGS + 26);
  g_clear_pointer (&ctx, weft_load_context_unref);
  ctx = weft_load_context_new (NULL);
  g_assert_false (weft_load_context_skip_warning (ctx));
  g_assert_cmpuint (weft_load_context_get_n_warnings (ctx), ==, 0);
}

static void
test_warning_strings (void)
{
  g_autoptr(WeftWarning) full = weft_warning_new ("f", 3, "m");
  g_autoptr(WeftWarning) no_line = weft_warning_new ("f", 0, "m");
  g_autoptr(WeftWarning) bare = weft_warning_new (NULL, 0, "m");
  g_autofree char *a = weft_warning_to_string (full);
  g_autofree char *b = weft_warning_to_string (no_line);
  g_autofree char *c = weft_warning_to_string (bare);

  g_assert_cmpstr (a, ==, "f:3: m");
  g_assert_cmpstr (b, ==, "f: m");
  g_assert_cmpstr (c, ==, "m");
}

/* A reader's error about one file becomes a warning that names the file once. */
static void
test_warning_from_error (void)
{
  static const struct
  {
    const char *message;
    guint64     line;
    const char *expected;
  } cases[] = {
    { "d/f-1:1: not a Chapel VisualDebug file", 1, "not a Chapel VisualDebug file" },
    { "d/f-1: byte 23: endian tag “x” is not “b”", 0, "byte 23: endian tag “x” is not “b”" },
    { "d/f-1:12:7: bad field", 0, "d/f-1:12:7: bad field" },  /* a column: kept whole */
    { "Failed to open file “d/f-1”: denied", 0, "Failed to open file “d/f-1”: denied" },
    { "d/f-10: other file", 0, "d/f-10: other file" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(WeftWarning) warning = weft_warning_new_from_error_message ("d/f-1", cases[i].message);

      g_assert_cmpstr (warning->file, ==, "d/f-1");
      g_assert_cmpuint (warning->line, ==, cases[i].line);
      g_assert_cmpstr (warning->message, ==, cases[i].expected);
    }
}

static void
test_string_pool (void)
{
  g_autoptr(WeftStringPool) pool = weft_string_pool_new ();
  g_autoptr(GString) big = g_string_new (NULL);
  guint32 a, b, c, d;

  g_assert_cmpuint (weft_string_pool_intern (pool, ""), ==, 0);
  g_assert_cmpuint (weft_string_pool_intern (pool, NULL), ==, 0);

  a = weft_string_pool_intern (pool, "alpha");
  b = weft_string_pool_intern (pool, "beta");
  c = weft_string_pool_intern_len (pool, "alphabet", 5);
  g_assert_cmpuint (a, ==, 1);
  g_assert_cmpuint (b, ==, 2);
  g_assert_cmpuint (c, ==, a);
  g_assert_cmpstr (weft_string_pool_lookup (pool, a), ==, "alpha");
  g_assert_cmpstr (weft_string_pool_lookup (pool, 999), ==, "");

  /* Longer than a chunk and than the stack key buffer. */
  for (guint i = 0; i < 70000; i++)
    g_string_append_c (big, 'a' + i % 26);
  d = weft_string_pool_intern (pool, big->str);
  g_assert_cmpstr (weft_string_pool_lookup (pool, d), ==, big->str);
  g_assert_cmpuint (weft_string_pool_intern (pool, big->str), ==, d);

  for (guint i = 0; i < 10000; i++)
    {
      g_autofree char *s = g_strdup_printf ("s%u", i);

      g_assert_cmpuint (weft_string_pool_intern (pool, s), ==, 4 + i);
    }
  g_assert_cmpuint (weft_string_pool_get_size (pool), ==, 10004);
  g_assert_cmpstr (weft_string_pool_lookup (pool, 4 + 5000), ==, "s5000");

  /* Repeats go through the cache of recent strings: 10000 strings share its
   * 256 slots, so they also evict each other; every answer must still be the
   * string's own id. */
  for (guint round = 0; round < 3; round++)
    for (guint i = 0; i < 10000; i += 7)
      {
        g_autofree char *s = g_strdup_printf ("s%u", i);

        g_assert_cmpuint (weft_string_pool_intern_len (pool, s, strlen (s)), ==, 4 + i);
      }
  /* A prefix of a cached string is another string. */
  g_assert_cmpuint (weft_string_pool_intern_len (pool, "s5000", 4), ==, 4 + 500);

  /* A NUL inside the bytes ends the key there (the pool holds C strings),
   * and must not leave the cache comparing the longer length. */
  g_assert_cmpuint (weft_string_pool_intern_len (pool, "beta\0gamma", 10), ==, b);
  g_assert_cmpuint (weft_string_pool_intern_len (pool, "beta\0gamma", 10), ==, b);
  g_assert_cmpuint (weft_string_pool_intern (pool, "beta"), ==, b);
  g_assert_cmpuint (weft_string_pool_get_size (pool), ==, 10004);
}

static void
test_units (void)
{
  struct { gint64 ns; const char *text; } durations[] = {
    { 0, "0 ns" }, { 999, "999 ns" }, { 1000, "1 µs" }, { 12500, "12.5 µs" },
    { 3204000, "3.204 ms" }, { 1500000000, "1.5 s" }, { 125000000000, "2 min 5 s" },
    { -2500, "-2.5 µs" }, { G_GINT64_CONSTANT (7200000000000), "2 h 0 min" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (durations); i++)
    {
      g_autofree char *text = weft_format_duration (durations[i].ns);

      g_assert_cmpstr (text, ==, durations[i].text);
    }

  {
    g_autofree char *b0 = weft_format_bytes (1023);
    g_autofree char *b1 = weft_format_bytes (1536);
    g_autofree char *c0 = weft_format_count (1234567);
    g_autofree char *c1 = weft_format_count (12);

    g_assert_cmpstr (b0, ==, "1023 B");
    g_assert_cmpstr (b1, ==, "1.5\u00a0KiB");
    g_assert_cmpstr (c0, ==, "1\u2009234\u2009567");
    g_assert_cmpstr (c1, ==, "12");
  }
}

static void
test_atomic_file (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "out.txt", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) listing = NULL;
  WeftAtomicFile *file;
  guint n_entries = 0;

  g_file_set_contents (path, "old contents", -1, &error);
  g_assert_no_error (error);

  /* Abandoned: the destination is untouched and no temporary file remains. */
  file = weft_atomic_file_new (path, &error);
  g_assert_no_error (error);
  fputs ("half-writ", weft_atomic_file_get_stream (file));
  g_assert_true (g_file_test (weft_atomic_file_get_temp_path (file), G_FILE_TEST_EXISTS));
  weft_atomic_file_free (file);
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, "old contents");
  g_clear_pointer (&contents, g_free);

  /* Committed: replaced in one step. */
  file = weft_atomic_file_new (path, &error);
  g_assert_no_error (error);
  fputs ("new contents", weft_atomic_file_get_stream (file));
  g_assert_true (weft_atomic_file_commit (file, &error));
  g_assert_no_error (error);
  weft_atomic_file_free (file);
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_cmpstr (contents, ==, "new contents");

  listing = g_dir_open (dir, 0, NULL);
  while (g_dir_read_name (listing) != NULL)
    n_entries++;
  g_assert_cmpuint (n_entries, ==, 1);

  /* The commit itself fails (the destination became a folder meanwhile): the
   * error names the destination, the folder stays and the temporary goes. */
  {
    g_autofree char *late = g_build_filename (dir, "late.txt", NULL);
    g_autoptr(GDir) after = NULL;

    file = weft_atomic_file_new (late, &error);
    g_assert_no_error (error);
    fputs ("never seen", weft_atomic_file_get_stream (file));
    g_assert_cmpint (g_mkdir (late, 0755), ==, 0);
    g_assert_false (weft_atomic_file_commit (file, &error));
    g_assert_error (error, WEFT_ERROR, WEFT_ERROR_WRITE);
    g_assert_nonnull (strstr (error->message, late));
    g_clear_error (&error);
    weft_atomic_file_free (file);
    g_assert_true (g_file_test (late, G_FILE_TEST_IS_DIR));

    n_entries = 0;
    after = g_dir_open (dir, 0, NULL);
    while (g_dir_read_name (after) != NULL)
      n_entries++;
    g_assert_cmpuint (n_entries, ==, 2);
    g_rmdir (late);
  }

  /* A destination in a missing folder fails up front, with the path. */
  {
    g_autofree char *bad = g_build_filename (dir, "missing", "x.csv", NULL);

    g_assert_null (weft_atomic_file_new (bad, &error));
    g_assert_error (error, WEFT_ERROR, WEFT_ERROR_WRITE);
    g_assert_nonnull (strstr (error->message, "missing"));
    g_clear_error (&error);
  }

  weft_test_rm_rf (dir);
}

static void
test_matrix (void)
{
  gsize shape[3] = { 2, 3, 4 };
  g_autoptr(WeftMatrix) m = weft_matrix_new (3, shape);
  g_autoptr(WeftMatrix) copy = NULL;
  g_autoptr(WeftMatrix) m2 = weft_matrix_new_2d (2, 2);
  WeftMatrixStats stats;

  g_assert_cmpuint (weft_matrix_get_n_elements (m), ==, 24);
  for (gsize i = 0; i < 24; i++)
    weft_matrix_set (m, i, (double)i);
  weft_matrix_set_filtered (m, 0, TRUE);
  weft_matrix_set_filtered (m, 23, TRUE);
  weft_matrix_set (m, 5, NAN);
  weft_matrix_set_dim_name (m, 1, "j");
  weft_matrix_set_dim_start (m, 1, 1);

  weft_matrix_compute_stats (m, &stats);
  g_assert_cmpuint (stats.n_filtered, ==, 2);
  g_assert_cmpuint (stats.n_valid, ==, 22);
  g_assert_cmpuint (stats.n_nan, ==, 1);
  g_assert_cmpfloat (stats.min, ==, 1);
  g_assert_cmpfloat (stats.max, ==, 22);
  /* 1..22 without 5: 253 - 5 = 248 over 21 values. */
  g_assert_cmpfloat_with_epsilon (stats.mean, 248.0 / 21.0, 1e-12);

  copy = weft_matrix_copy (m);
  g_assert_true (weft_matrix_is_filtered (copy, 23));
  g_assert_false (weft_matrix_is_filtered (copy, 22));
  g_assert_cmpstr (weft_matrix_get_dim_name (copy, 1), ==, "j");
  g_assert_cmpint (weft_matrix_get_dim_start (copy, 1), ==, 1);

  weft_matrix_add_2d (m2, 1, 0, 2.5);
  weft_matrix_add_2d (m2, 1, 0, 2.5);
  g_assert_cmpfloat (weft_matrix_get_2d (m2, 1, 0), ==, 5.0);
  g_assert_cmpfloat (weft_matrix_get (m2, 2), ==, 5.0);
  weft_matrix_set_dim_label (m2, 0, 1, "locale 1");
  g_assert_cmpstr (weft_matrix_get_dim_label (m2, 0, 1), ==, "locale 1");
  g_assert_null (weft_matrix_get_dim_label (m2, 0, 0));
  weft_matrix_compute_stats (m2, &stats);
  g_assert_cmpfloat (stats.min_nonzero, ==, 5.0);
  g_assert_cmpuint (stats.n_nonzero, ==, 1);

  /* Absurd shapes are refused rather than allocated. */
  {
    gsize huge[2] = { G_MAXSIZE / 4, 16 };

    g_assert_null (weft_matrix_new (2, huge));
  }
}

static void
test_value_table (void)
{
  g_autoptr(WeftValueTable) t = weft_value_table_new (3, 2);

  weft_value_table_set_column (t, 0, "tasks", NULL);
  weft_value_table_set_column (t, 1, "cpu", "s");
  weft_value_table_set (t, 2, 1, 1.25);
  weft_value_table_set_row_name (t, 2, "locale 2");

  g_assert_cmpint (weft_value_table_find_column (t, "cpu"), ==, 1);
  g_assert_cmpint (weft_value_table_find_column (t, "nope"), ==, -1);
  g_assert_cmpfloat (weft_value_table_get (t, 2, 1), ==, 1.25);
  g_assert_cmpint (weft_value_table_get_row_id (t, 2), ==, 2);
  g_assert_cmpstr (weft_value_table_get_column_unit (t, 1), ==, "s");
  g_assert_cmpstr (weft_value_table_get_row_name (t, 2), ==, "locale 2");
}

static void
test_text_scan_lines (void)
{
  const char *text = "one\r\ntwo\n\nlast";
  WeftLineReader reader;
  const char *line, *end;
  const char *expected[] = { "one", "two", "", "last" };
  guint n = 0;

  weft_line_reader_init (&reader, text, strlen (text));
  while (weft_line_reader_next (&reader, &line, &end))
    {
      g_assert_cmpuint (n, <, G_N_ELEMENTS (expected));
      g_assert_cmpint (end - line, ==, strlen (expected[n]));
      g_assert_true (strncmp (line, expected[n], end - line) == 0);
      g_assert_cmpuint (reader.line_no, ==, n + 1);
      n++;
    }
  g_assert_cmpuint (n, ==, 4);
}

static void
record_reached (const char *reached,
                gpointer    user_data)
{
  g_ptr_array_add (user_data, (gpointer)reached);
}

/* A line of gigabytes (a file of zeros) is looked through a step at a time,
 * each step told to the reader (its progress), and a cancellation ends the
 * search: the rest of the data becomes the line. */
static void
test_text_scan_long_line (void)
{
  gsize len = 3 * WEFT_TEXT_NEWLINE_STEP + 100;
  char *data = mmap (NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GPtrArray) reached = g_ptr_array_new ();
  WeftTextSearch search = { cancellable, NULL, NULL };
  WeftLineReader reader;
  const char *line = NULL, *end = NULL;

  g_assert_true (data != MAP_FAILED);
  data[2 * WEFT_TEXT_NEWLINE_STEP + 7] = '\n';

  g_assert_true (weft_text_find_newline (data, data + len, NULL) == data + 2 * WEFT_TEXT_NEWLINE_STEP + 7);
  weft_line_reader_init (&reader, data, len);
  weft_line_reader_set_cancellable (&reader, cancellable);
  weft_line_reader_set_search_func (&reader, record_reached, reached);
  g_assert_true (weft_line_reader_next (&reader, &line, &end));
  g_assert_true (end == data + 2 * WEFT_TEXT_NEWLINE_STEP + 7);
  /* The first step is searched inline; the next ended at 2 steps in. */
  g_assert_cmpuint (reached->len, ==, 1);
  g_assert_true (g_ptr_array_index (reached, 0) == data + 2 * WEFT_TEXT_NEWLINE_STEP);
  g_assert_true (weft_line_reader_next (&reader, &line, &end));
  g_assert_true (end == data + len);
  /* The rest: a step inline from past the newline, then the 92 bytes left. */
  g_assert_cmpuint (reached->len, ==, 2);
  g_assert_true (g_ptr_array_index (reached, 1) == data + len);
  g_assert_false (weft_line_reader_next (&reader, &line, &end));

  g_cancellable_cancel (cancellable);
  g_assert_null (weft_text_find_newline (data, data + len, &search));
  weft_line_reader_init (&reader, data, len);
  weft_line_reader_set_cancellable (&reader, cancellable);
  g_assert_true (weft_line_reader_next (&reader, &line, &end));
  g_assert_true (end == data + len);
  g_assert_cmpuint (reader.line_no, ==, 1);
  /* A newline within the first step is still found. */
  data[10] = '\n';
  weft_line_reader_init (&reader, data, len);
  weft_line_reader_set_cancellable (&reader, cancellable);
  g_assert_true (weft_line_reader_next (&reader, &line, &end));
  g_assert_true (end == data + 10);

  munmap (data, len);
}

static void
test_text_scan_fields (void)
{
  const char *line = "task: 1577767073.806360 0 18446744073709551615 -1 L 0x7f37d0a0d880 0 12 8.5e3 ";
  const char *p = line, *end = line + strlen (line);
  const char *tok;
  gsize len = 0;
  gint64 us = 0, i64 = 0;
  guint64 u64 = 0, hex = 0;
  int i = 0;
  char c = 0;
  double d = 0;

  g_assert_true (weft_scan_literal (&p, end, "task:"));
  g_assert_true (weft_scan_sec_usec (&p, end, &us));
  g_assert_cmpint (us, ==, G_GINT64_CONSTANT (1577767073806360));
  g_assert_true (weft_scan_int (&p, end, &i));
  g_assert_cmpint (i, ==, 0);
  g_assert_true (weft_scan_u64 (&p, end, &u64));
  g_assert_cmpuint (u64, ==, G_MAXUINT64);
  g_assert_true (weft_scan_i64 (&p, end, &i64));
  g_assert_cmpint (i64, ==, -1);
  g_assert_true (weft_scan_char (&p, end, &c));
  g_assert_cmpint (c, ==, 'L');
  g_assert_true (weft_scan_hex_u64 (&p, end, &hex));
  g_assert_cmpuint (hex, ==, G_GUINT64_CONSTANT (0x7f37d0a0d880));
  /* printf("%#lx", 0) writes "0": accepted as hex. */
  g_assert_true (weft_scan_hex_u64 (&p, end, &hex));
  g_assert_cmpuint (hex, ==, 0);
  g_assert_true (weft_scan_token (&p, end, &tok, &len));
  g_assert_cmpint (len, ==, 2);
  g_assert_true (weft_scan_double (&p, end, &d));
  g_assert_cmpfloat (d, ==, 8500.0);
  g_assert_true (weft_scan_at_end (p, end));
  g_assert_false (weft_scan_token (&p, end, &tok, &len));
}

/* weft_scan_hex_skip() accepts exactly what weft_scan_hex_u64() accepts. */
static void
test_text_scan_hex_skip (void)
{
  const char *cases[] = {
    "0x7f37d0a0d880", "0", "0x0", "0X1aF", "ffffffffffffffff", "0x10000000000000000",
    "0x00000000000000000001", "00000000000000000000ffffffffffffffff", "0x", "", "x12",
    "12g", "  0x12  ", "0x12\t3", "-1", "0x\xff", "fffffffffffffffff",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *end = cases[i] + strlen (cases[i]);
      const char *p = cases[i], *q = cases[i];
      guint64 value;
      gboolean read = weft_scan_hex_u64 (&p, end, &value);

      g_assert_cmpint (weft_scan_hex_skip (&q, end), ==, read);
      g_assert_true (p == q);
    }
}

/* weft_scan_word_decimal() and weft_scan_word_hex() against a byte at a time,
 * on words drawn from the bytes around the digit ranges' edges. */
static void
test_text_scan_words (void)
{
  static const char alphabet[] = "0123456789abcdefABCDEF/:@`gG \n\x80\xff\x10\x19\x3a\x61\xe6\xb0";
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);

  for (guint round = 0; round < 200000; round++)
    {
      char word[8];
      guint64 value, expected = 0;
      guint n, i;

      for (i = 0; i < 8; i++)
        {
          /* Mostly digits, so that long runs come up. */
          guint pick = g_rand_int_range (rand, 0, 4) != 0 ? g_rand_int_range (rand, 0, 22)
                                                          : g_rand_int_range (rand, 0, sizeof alphabet - 1);
          word[i] = alphabet[pick];
        }

      for (i = 0; i < 8 && word[i] >= '0' && word[i] <= '9'; i++)
        expected = expected * 10 + (guint64)(word[i] - '0');
      n = weft_scan_word_decimal (word, &value);
      g_assert_cmpuint (n, ==, i);
      g_assert_cmpuint (value, ==, expected);

      expected = 0;
      for (i = 0; i < 8 && _weft_scan_hex_values[(guchar)word[i]] != 0; i++)
        expected = (expected << 4) | (guint64)(_weft_scan_hex_values[(guchar)word[i]] - 1);
      n = weft_scan_word_hex (word, &value);
      g_assert_cmpuint (n, ==, i);
      g_assert_cmpuint (value, ==, expected);
      g_assert_cmpuint (weft_scan_word_hex (word, NULL), ==, i);
    }

  {
    guint64 v;

    g_assert_cmpuint (weft_scan_word_decimal ("99999999", &v), ==, 8);
    g_assert_cmpuint (v, ==, 99999999);
    g_assert_cmpuint (weft_scan_word_hex ("fFfFfFfF", &v), ==, 8);
    g_assert_cmpuint (v, ==, 0xFFFFFFFF);
    g_assert_cmpuint (weft_scan_word_hex ("7f8948 x", &v), ==, 6);
    g_assert_cmpuint (v, ==, 0x7f8948);
  }
}

/* What a message quotes of a line: valid UTF-8, cut after whole characters. */
static void
test_text_excerpt (void)
{
  static const struct
  {
    const char *text;
    gsize       max_chars;
    const char *expected;
  } cases[] = {
    { "  fname: zz x.chpl \r", 20, "fname: zz x.chpl" },
    { "abcdef", 3, "abc…" },
    { "abc", 3, "abc" },
    { "été à Zürich", 4, "été …" },
    { "ab\xff\xfe", 10, "ab\xef\xbf\xbd\xef\xbf\xbd" },
    { "\xe2\x80\xa6\xe2\x80\xa6\xe2\x80", 2, "………" },  /* two, then the cut mark */
    { "", 5, "" },
    { "a\x01" "b\tc", 10, "a\xef\xbf\xbd" "b c" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *excerpt = weft_text_excerpt (cases[i].text, cases[i].text + strlen (cases[i].text),
                                                    cases[i].max_chars);

      g_assert_cmpstr (excerpt, ==, cases[i].expected);
      g_assert_true (g_utf8_validate (excerpt, -1, NULL));
    }
}

static void
test_text_scan_rejects (void)
{
  const char *cases[] = { "18446744073709551616", "12x", "-", "", "0x", "9223372036854775808" };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *p = cases[i], *end = cases[i] + strlen (cases[i]);
      const char *before = p;
      guint64 u = 0;
      gint64 s = 0;

      if (i != 5)
        g_assert_false (weft_scan_u64 (&p, end, &u));
      g_assert_false (weft_scan_i64 (&p, end, &s));
      g_assert_true (p == before);
    }

  {
    const char *t = "1.5 2. 3 99999999999999999999.1";
    const char *p = t, *end = t + strlen (t);
    gint64 us = 0;

    g_assert_true (weft_scan_sec_usec (&p, end, &us));
    g_assert_cmpint (us, ==, 1500000);
    g_assert_true (weft_scan_sec_usec (&p, end, &us));
    g_assert_cmpint (us, ==, 2000000);
    g_assert_true (weft_scan_sec_usec (&p, end, &us));
    g_assert_cmpint (us, ==, 3000000);
    g_assert_false (weft_scan_sec_usec (&p, end, &us));
  }

  {
    const char *t = "name with  spaces ";
    const char *p = t, *end = t + strlen (t);
    const char *rest;
    gsize len;

    weft_scan_rest (&p, end, &rest, &len);
    g_assert_cmpint (len, ==, strlen (t));
    g_assert_true (p == end);
  }
}

/* Two runs' matrices: 2×2 locales from 0 against 3×3, and DDT arrays whose
 * indices start elsewhere; missing cells count as 0, filtered cells stay
 * filtered, labels come from either side. */
static void
test_matrix_compare (void)
{
  g_autoptr(WeftMatrix) base = weft_matrix_new_2d (2, 2);
  g_autoptr(WeftMatrix) other = weft_matrix_new_2d (3, 3);
  g_autoptr(WeftMatrix) difference = NULL;
  g_autoptr(WeftMatrix) ratio = NULL;
  g_autoptr(WeftMatrix) shifted = NULL;
  g_autoptr(WeftMatrix) moved = NULL;
  g_autoptr(WeftMatrix) one_d = NULL;
  g_autoptr(GError) error = NULL;
  gboolean differ = FALSE;

  for (guint r = 0; r < 2; r++)
    for (guint c = 0; c < 2; c++)
      weft_matrix_set_2d (base, r, c, 10 * r + c);           /* 0 1 / 10 11 */
  for (guint r = 0; r < 3; r++)
    for (guint c = 0; c < 3; c++)
      weft_matrix_set_2d (other, r, c, 20 * r + 2 * c);      /* 0 2 4 / 20 22 24 / 40 42 44 */
  weft_matrix_set_value_name (base, "count");
  weft_matrix_set_dim_label (other, 0, 2, "locale 2");
  weft_matrix_set_filtered (other, 4, TRUE);                 /* (1, 1) */

  difference = weft_matrix_compare (base, other, WEFT_COMPARE_DIFFERENCE, &differ, &error);
  g_assert_no_error (error);
  g_assert_true (differ);
  g_assert_cmpuint (weft_matrix_get_shape (difference)[0], ==, 3);
  g_assert_cmpuint (weft_matrix_get_shape (difference)[1], ==, 3);
  g_assert_cmpint (weft_matrix_get_value_kind (difference), ==, WEFT_MATRIX_VALUES_DIFFERENCE);
  g_assert_cmpstr (weft_matrix_get_value_name (difference), ==, "count (other − base)");
  g_assert_cmpfloat (weft_matrix_get_2d (difference, 0, 0), ==, 0);
  g_assert_cmpfloat (weft_matrix_get_2d (difference, 0, 1), ==, 1);   /* 2 − 1 */
  g_assert_cmpfloat (weft_matrix_get_2d (difference, 1, 0), ==, 10);  /* 20 − 10 */
  g_assert_true (weft_matrix_is_filtered (difference, 4));
  g_assert_cmpfloat (weft_matrix_get_2d (difference, 2, 2), ==, 44);  /* 44 − nothing */
  g_assert_cmpfloat (weft_matrix_get_2d (difference, 0, 2), ==, 4);
  g_assert_cmpstr (weft_matrix_get_dim_label (difference, 0, 2), ==, "locale 2");

  ratio = weft_matrix_compare (base, other, WEFT_COMPARE_RATIO, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (weft_matrix_get_value_kind (ratio), ==, WEFT_MATRIX_VALUES_RATIO);
  g_assert_cmpfloat (weft_matrix_get_2d (ratio, 0, 0), ==, 1);        /* 0 ÷ 0: no change */
  g_assert_cmpfloat (weft_matrix_get_2d (ratio, 0, 1), ==, 2);
  g_assert_cmpfloat (weft_matrix_get_2d (ratio, 1, 0), ==, 2);
  g_assert_true (isinf (weft_matrix_get_2d (ratio, 2, 2)));          /* 44 ÷ 0 */

  /* Same shape: nothing differs. A copy keeps the value kind. */
  differ = TRUE;
  g_clear_pointer (&ratio, weft_matrix_unref);
  ratio = weft_matrix_compare (other, other, WEFT_COMPARE_RATIO, &differ, NULL);
  g_assert_false (differ);
  {
    g_autoptr(WeftMatrix) copy = weft_matrix_copy (ratio);

    g_assert_cmpint (weft_matrix_get_value_kind (copy), ==, WEFT_MATRIX_VALUES_RATIO);
  }

  /* Indices matched from each dimension's start: base rows 5–6, other 6–7. */
  shifted = weft_matrix_new_2d (2, 1);
  moved = weft_matrix_new_2d (2, 1);
  weft_matrix_set_dim_start (shifted, 0, 5);
  weft_matrix_set_dim_start (moved, 0, 6);
  weft_matrix_set_2d (shifted, 0, 0, 1);   /* row 5 */
  weft_matrix_set_2d (shifted, 1, 0, 2);   /* row 6 */
  weft_matrix_set_2d (moved, 0, 0, 7);     /* row 6 */
  weft_matrix_set_2d (moved, 1, 0, 9);     /* row 7 */
  g_clear_pointer (&difference, weft_matrix_unref);
  difference = weft_matrix_compare (shifted, moved, WEFT_COMPARE_DIFFERENCE, &differ, NULL);
  g_assert_true (differ);
  g_assert_cmpint (weft_matrix_get_dim_start (difference, 0), ==, 5);
  g_assert_cmpuint (weft_matrix_get_shape (difference)[0], ==, 3);
  g_assert_cmpfloat (weft_matrix_get_2d (difference, 0, 0), ==, -1);
  g_assert_cmpfloat (weft_matrix_get_2d (difference, 1, 0), ==, 5);
  g_assert_cmpfloat (weft_matrix_get_2d (difference, 2, 0), ==, 9);

  /* Different numbers of dimensions cannot be compared. */
  one_d = weft_matrix_new (1, (gsize[]){ 4 });
  g_assert_null (weft_matrix_compare (base, one_d, WEFT_COMPARE_DIFFERENCE, NULL, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
}

/* Per-row figures: rows by id (locale 7 only in the other run), columns by
 * name (a column only one side has counts as 0 on the other). */
static void
test_value_table_compare (void)
{
  g_autoptr(WeftValueTable) base = weft_value_table_new (2, 2);
  g_autoptr(WeftValueTable) other = weft_value_table_new (2, 2);
  g_autoptr(WeftValueTable) difference = NULL;
  g_autoptr(WeftValueTable) ratio = NULL;

  weft_value_table_set_title (base, "Locales");
  weft_value_table_set_column (base, 0, "tasks", NULL);
  weft_value_table_set_column (base, 1, "cpu", "s");
  weft_value_table_set_column (other, 0, "cpu", "s");
  weft_value_table_set_column (other, 1, "gets", NULL);
  weft_value_table_set_row_name (base, 0, "locale 0");
  weft_value_table_set_row_name (base, 1, "locale 1");
  weft_value_table_set_row_id (other, 0, 1);
  weft_value_table_set_row_id (other, 1, 7);
  weft_value_table_set_row_name (other, 1, "locale 7");
  weft_value_table_set (base, 0, 0, 4);  weft_value_table_set (base, 0, 1, 2.0);
  weft_value_table_set (base, 1, 0, 6);  weft_value_table_set (base, 1, 1, 3.0);
  weft_value_table_set (other, 0, 0, 6.0); weft_value_table_set (other, 0, 1, 10);   /* locale 1 */
  weft_value_table_set (other, 1, 0, 1.0); weft_value_table_set (other, 1, 1, 5);    /* locale 7 */

  difference = weft_value_table_compare (base, other, WEFT_COMPARE_DIFFERENCE);
  g_assert_cmpstr (weft_value_table_get_title (difference), ==, "Locales");
  g_assert_cmpuint (weft_value_table_get_n_rows (difference), ==, 3);
  g_assert_cmpuint (weft_value_table_get_n_columns (difference), ==, 3);
  g_assert_cmpstr (weft_value_table_get_column_name (difference, 2), ==, "gets");
  g_assert_cmpstr (weft_value_table_get_column_unit (difference, 1), ==, "s");
  g_assert_cmpint (weft_value_table_get_row_id (difference, 2), ==, 7);
  g_assert_cmpstr (weft_value_table_get_row_name (difference, 2), ==, "locale 7");
  /* locale 0: only in base */
  g_assert_cmpfloat (weft_value_table_get (difference, 0, 0), ==, -4);
  g_assert_cmpfloat (weft_value_table_get (difference, 0, 1), ==, -2);
  /* locale 1 */
  g_assert_cmpfloat (weft_value_table_get (difference, 1, 0), ==, -6);   /* tasks: 0 − 6 */
  g_assert_cmpfloat (weft_value_table_get (difference, 1, 1), ==, 3);    /* cpu: 6 − 3 */
  g_assert_cmpfloat (weft_value_table_get (difference, 1, 2), ==, 10);   /* gets: 10 − 0 */
  /* locale 7: only in other */
  g_assert_cmpfloat (weft_value_table_get (difference, 2, 1), ==, 1);
  g_assert_cmpfloat (weft_value_table_get (difference, 2, 2), ==, 5);
  g_assert_cmpint (weft_value_table_find_row (difference, 7), ==, 2);
  g_assert_cmpint (weft_value_table_find_row (difference, 3), ==, -1);

  ratio = weft_value_table_compare (base, other, WEFT_COMPARE_RATIO);
  g_assert_cmpfloat (weft_value_table_get (ratio, 1, 1), ==, 2);         /* 6 ÷ 3 */
  g_assert_cmpfloat (weft_value_table_get (ratio, 0, 0), ==, 0);         /* 0 ÷ 4 */
  g_assert_true (isinf (weft_value_table_get (ratio, 2, 2)));            /* 5 ÷ 0 */
}

/* Prefault -------------------------------------------------------------------- */

static gsize
count_resident_pages (gconstpointer mem,
                      gsize         size)
{
  gsize page = (gsize)sysconf (_SC_PAGESIZE);
  gsize n_pages = size / page;
  g_autofree unsigned char *vec = g_new0 (unsigned char, n_pages);
  gsize resident = 0;

  g_assert_cmpint (mincore ((void *)mem, n_pages * page, vec), ==, 0);
  for (gsize i = 0; i < n_pages; i++)
    resident += vec[i] & 1;

  return resident;
}

/* Pages asked for are mapped, and what they hold is left as it was. */
static void
test_prefault_request (void)
{
  g_autoptr(WeftPrefault) prefault = weft_prefault_new ();
  gsize page = (gsize)sysconf (_SC_PAGESIZE);
  gsize size = 4 << 20;
  guint8 *mem;

  if (prefault == NULL)
    {
      g_test_skip ("one processor: nothing to prefault on");
      return;
    }

  mem = mmap (NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  g_assert_true (mem != MAP_FAILED);
  /* Small pages, so that one write maps one page even where the system
   * gives huge pages to every mapping. */
  madvise (mem, size, MADV_NOHUGEPAGE);
  mem[0] = 7;
  mem[3 * page + 5] = 9;
  g_assert_cmpuint (count_resident_pages (mem, size), <=, 2);

  /* The first half, from an address inside its first page. */
  weft_prefault_request (prefault, mem + 100, size / 2 - 100);
  weft_prefault_wait (prefault);
  g_assert_cmpuint (count_resident_pages (mem, size / 2), >=, size / 2 / page - 1);
  g_assert_cmpuint (count_resident_pages (mem + size / 2, size / 2), ==, 0);
  g_assert_cmpuint (mem[0], ==, 7);
  g_assert_cmpuint (mem[3 * page + 5], ==, 9);
  g_assert_cmpuint (mem[size / 2 - 1], ==, 0);

  weft_prefault_request (NULL, mem, size);
  weft_prefault_wait (NULL);
  munmap (mem, size);
}

/* Pages given to a recycler are moved under the whole pages of the ranges it
 * fills (their old contents show it), the partial pages at the ends are left
 * alone, and once it holds no more the rest are mapped in fresh. */
static void
test_page_recycler (void)
{
  g_autoptr(WeftPageRecycler) recycler = weft_page_recycler_new ();
  gsize page = (gsize)sysconf (_SC_PAGESIZE);
  gsize size = 16 * page;
  guint8 *given = weft_pages_map (3 * page);
  guint8 *block = weft_pages_map (size);

  g_assert_nonnull (given);
  g_assert_nonnull (block);
  g_assert_cmpuint (weft_pages_round (1), ==, page);
  g_assert_cmpuint (weft_pages_round (page + 1), ==, 2 * page);
  for (guint i = 0; i < 3; i++)
    memset (given + i * page, 'a' + i, page);
  block[page - 1] = 'x';   /* a neighbour's byte, just before the range */
  block[5 * page] = 'y';   /* and just after it */
  weft_page_recycler_give (recycler, given, 3 * page);
  g_assert_cmpuint (weft_page_recycler_get_held (recycler), ==, 3 * page);

  /* [page - 1, 5 page + 1): whole pages 1..4; three come from the recycler
   * (the first range's front first), the fourth is fresh. */
  weft_page_recycler_fill (recycler, block + page - 1, 4 * page + 2);
  g_assert_cmpuint (weft_page_recycler_get_held (recycler), ==, 0);
  g_assert_cmpuint (block[page - 1], ==, 'x');
  g_assert_cmpuint (block[5 * page], ==, 'y');
#if defined(__linux__)
  g_assert_cmpuint (block[page], ==, 'a');
  g_assert_cmpuint (block[2 * page + 17], ==, 'b');
  g_assert_cmpuint (block[4 * page - 1], ==, 'c');
  g_assert_cmpuint (count_resident_pages (block + page, 4 * page), ==, 4);
#endif
  g_assert_cmpuint (block[4 * page], ==, 0);

  /* Less than a whole page: nothing to fill. */
  weft_page_recycler_give (recycler, weft_pages_map (page), page);
  weft_page_recycler_fill (recycler, block + 6 * page + 1, page);
  g_assert_cmpuint (weft_page_recycler_get_held (recycler), ==, page);

  /* Shrinking keeps the front. */
  weft_pages_shrink (block, size, 6 * page + 10);
  g_assert_cmpuint (block[5 * page], ==, 'y');
  weft_pages_unmap (block, 6 * page + 10);

  /* Without a recycler, giving unmaps and filling maps fresh pages in. */
  block = weft_pages_map (2 * page);
  weft_page_recycler_fill (NULL, block, 2 * page);
  g_assert_cmpuint (block[page], ==, 0);
  weft_page_recycler_give (NULL, block, 2 * page);
}

/* A page buffer keeps what it holds when it grows, and its new pages come
 * from the recycler first. */
static void
test_page_buffer (void)
{
  g_autoptr(WeftPageRecycler) recycler = weft_page_recycler_new ();
  gsize page = (gsize)sysconf (_SC_PAGESIZE);
  WeftPageBuffer buffer = { 0, };
  guint8 *given = weft_pages_map (2 * page);
  guint8 *mem;

  mem = weft_page_buffer_reserve (&buffer, NULL, 100);
  g_assert_nonnull (mem);
  g_assert_cmpuint (buffer.size, ==, page);
  g_assert_cmpuint (buffer.filled, ==, page);
  memset (mem, 'k', page);

  /* Room only: the kept page moves along, nothing new is put in. */
  mem = weft_page_buffer_map (&buffer, 3 * page);
  g_assert_cmpuint (buffer.size, ==, 3 * page);
  g_assert_cmpuint (buffer.filled, ==, page);
  g_assert_cmpuint (mem[0], ==, 'k');
  g_assert_cmpuint (mem[page - 1], ==, 'k');

  memset (given, 'g', 2 * page);
  weft_page_recycler_give (recycler, given, 2 * page);
  weft_page_buffer_fill (&buffer, recycler, 2 * page + 1);
  g_assert_cmpuint (buffer.filled, ==, 3 * page);
  g_assert_cmpuint (weft_page_recycler_get_held (recycler), ==, 0);
  g_assert_cmpuint (mem[0], ==, 'k');
#if defined(__linux__)
  g_assert_cmpuint (mem[page], ==, 'g');
  g_assert_cmpuint (mem[3 * page - 1], ==, 'g');
#endif

  /* Filling less than is filled changes nothing; clearing empties it. */
  weft_page_buffer_fill (&buffer, recycler, page);
  g_assert_cmpuint (buffer.filled, ==, 3 * page);
  weft_page_buffer_clear (&buffer);
  g_assert_null (buffer.mem);
  g_assert_cmpuint (buffer.size, ==, 0);
}

typedef struct
{
  gint  stop;
  guint rounds;
} Mapper;

/* Maps a page, writes and reads it back, unmaps it, until told to stop. */
static gpointer
mapper_thread (gpointer data)
{
  Mapper *mapper = data;
  gsize page = (gsize)sysconf (_SC_PAGESIZE);

  while (!g_atomic_int_get (&mapper->stop))
    {
      volatile guint8 *mem = weft_pages_map (page);

      g_assert_nonnull ((gpointer)mem);
      mem[0] = 42;
      mem[page - 1] = 43;
      g_assert_cmpuint (mem[0] + mem[page - 1], ==, 85);
      weft_pages_unmap ((gpointer)mem, page);
      mapper->rounds++;
    }
  return NULL;
}

/* A page buffer that grows never unmaps what another thread has mapped since
 * in the place its moved pages left (it did: the mapper's write crashed). */
static void
test_page_buffer_threads (void)
{
  gsize page = (gsize)sysconf (_SC_PAGESIZE);
  Mapper mapper = { 0, };
  GThread *thread = g_thread_new ("mapper", mapper_thread, &mapper);

  for (guint round = 0; round < 3000; round++)
    {
      WeftPageBuffer buffer = { 0, };
      guint8 *mem = weft_page_buffer_reserve (&buffer, NULL, page);

      mem[0] = 1;
      for (guint k = 2; k <= 8; k++)
        {
          mem = weft_page_buffer_reserve (&buffer, NULL, k * page);
          g_assert_cmpuint (mem[0], ==, 1);
        }
      weft_page_buffer_clear (&buffer);
    }
  g_atomic_int_set (&mapper.stop, TRUE);
  g_thread_join (thread);
  g_assert_cmpuint (mapper.rounds, >, 0);
}

/* The default recycler is one for the process; trimming it gives its pages
 * back, and a recycled page buffer gives it only the pages it had. */
/* The readers' id map against a GHashTable: any 64-bit key (0 and the
 * largest included), replacing, growing past several doublings, reserving,
 * and NONE for keys never stored. */
static void
test_id_map (void)
{
  g_autoptr(GHashTable) expected = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  GRand *rand = g_rand_new_with_seed (7);
  WeftIdMap map;
  GHashTableIter iter;
  gpointer key, value;

  weft_id_map_init (&map, 4);
  g_assert_cmpuint (weft_id_map_lookup (&map, 0), ==, WEFT_ID_MAP_NONE);
  weft_id_map_insert (&map, 0, 0);
  weft_id_map_insert (&map, G_MAXUINT64, 1);
  g_assert_cmpuint (weft_id_map_lookup (&map, 0), ==, 0);
  g_assert_cmpuint (weft_id_map_lookup (&map, G_MAXUINT64), ==, 1);
  g_assert_false (weft_id_map_contains (&map, 1));
  weft_id_map_insert (&map, G_MAXUINT64, WEFT_ID_MAP_NONE - 1);
  g_assert_cmpuint (weft_id_map_lookup (&map, G_MAXUINT64), ==, WEFT_ID_MAP_NONE - 1);
  g_assert_cmpuint (map.n, ==, 2);
  weft_id_map_clear (&map);

  weft_id_map_init (&map, 2);
  weft_id_map_reserve (&map, 1000);
  g_assert_cmpuint (map.mask + 1, >=, 2000);
  for (guint i = 0; i < 50000; i++)
    {
      /* Few distinct high bits, many repeats: replacing as well as adding. */
      guint64 k = ((guint64)g_rand_int_range (rand, 0, 4) << 62) | (guint64)g_rand_int_range (rand, 0, 20000);
      guint32 v = g_rand_int (rand) % WEFT_ID_MAP_NONE;
      guint64 *boxed = g_new (guint64, 1);

      *boxed = k;
      weft_id_map_insert (&map, k, v);
      g_hash_table_replace (expected, boxed, GUINT_TO_POINTER (v));
    }
  g_assert_cmpuint (map.n, ==, g_hash_table_size (expected));
  g_assert_cmpuint (map.n * 2, <=, map.mask + 1);
  g_hash_table_iter_init (&iter, expected);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_assert_cmpuint (weft_id_map_lookup (&map, *(guint64 *)key), ==, GPOINTER_TO_UINT (value));
  for (guint64 k = 20000; k < 20100; k++)
    g_assert_cmpuint (weft_id_map_lookup (&map, k), ==, WEFT_ID_MAP_NONE);
  weft_id_map_clear (&map);
  g_assert_null (map.stored);
  g_rand_free (rand);
}

static void
test_page_recycler_default (void)
{
  WeftPageRecycler *spare = weft_page_recycler_get_default ();
  gsize page = (gsize)sysconf (_SC_PAGESIZE);
  WeftPageBuffer buffer = { 0, };

  g_assert_true (spare == weft_page_recycler_get_default ());
  weft_page_recycler_trim (spare);
  g_assert_cmpuint (weft_page_recycler_get_held (spare), ==, 0);

  /* Ensured one record at a time: pages come 64 KiB ahead. */
  for (gsize i = 0; i < 1000; i++)
    ((guint64 *)weft_page_buffer_ensure (&buffer, spare, (i + 1) * sizeof (guint64)))[i] = i;
  g_assert_cmpuint (buffer.filled, ==, 64 << 10);
  weft_page_buffer_ensure (&buffer, spare, (64 << 10) + 1);
  g_assert_cmpuint (buffer.filled, >=, (64 << 10) + page);
  g_assert_cmpuint (((guint64 *)(gpointer)buffer.mem)[999], ==, 999);

#if defined(__linux__)
  {
    gsize filled = buffer.filled;

    weft_page_buffer_recycle (&buffer, spare);
    g_assert_null (buffer.mem);
    g_assert_cmpuint (weft_page_recycler_get_held (spare), ==, filled);
  }
#else
  weft_page_buffer_recycle (&buffer, spare);
#endif
  weft_page_recycler_trim (spare);
  g_assert_cmpuint (weft_page_recycler_get_held (spare), ==, 0);
}

/* A growing array is reserved ahead of its appends: a batch of appends
 * smaller than half the margin never moves it, and it keeps its contents. */
static void
test_prefault_array (void)
{
  g_autoptr(WeftPrefault) prefault = weft_prefault_new ();
  g_autoptr(GArray) array = g_array_new (FALSE, FALSE, sizeof (guint32));
  WeftPrefaultMark mark = { 0, };
  guint32 value = 0;

  if (prefault == NULL)
    {
      g_test_skip ("one processor: nothing to prefault on");
      return;
    }

  for (guint batch = 0; batch < 400; batch++)
    {
      gconstpointer before;

      weft_prefault_array (prefault, array, &mark, 64 << 10);
      before = array->data;
      for (guint i = 0; i < 1000; i++, value++)
        g_array_append_val (array, value);
      g_assert_true (array->data == before);
    }
  /* What was mapped ahead and not grown into is given back. */
  {
    gsize page = (gsize)sysconf (_SC_PAGESIZE);
    guintptr start = ((guintptr)(array->data + array->len * sizeof (guint32)) + page - 1) & ~(guintptr)(page - 1);
    guintptr stop = (guintptr)(array->data + mark.mapped * sizeof (guint32)) & ~(guintptr)(page - 1);

    g_assert_cmpuint (stop, >, start);
    weft_prefault_array_done (prefault, array, &mark);
    g_assert_null (mark.data);
    g_assert_cmpuint (count_resident_pages ((gconstpointer)start, stop - start), ==, 0);
  }

  g_assert_cmpuint (array->len, ==, 400000);
  for (guint32 i = 0; i < array->len; i++)
    g_assert_cmpuint (g_array_index (array, guint32, i), ==, i);
}

/* weft_background_run(): the result reaches a live owner; one that is gone,
 * or a cancelled run, never sees it, and the result is freed (off the main
 * thread); the work's data is let go in every case. */
typedef struct
{
  guint    n_done;
  char    *result;
  gboolean had_error;
} RunSeen;

static gint run_results_freed;

static gpointer
run_work (gpointer       data,
          GCancellable  *cancellable,
          GError       **error)
{
  const char *word = g_object_get_data (data, "word");

  if (word == NULL)
    {
      g_set_error_literal (error, WEFT_ERROR, WEFT_ERROR_PARSE, "no word");
      return NULL;
    }
  return g_strdup (word);
}

static void
run_result_free (gpointer result)
{
  g_atomic_int_inc (&run_results_freed);
  g_free (result);
}

static void
run_done (gpointer      owner,
          gpointer      result,
          const GError *error)
{
  RunSeen *seen = g_object_get_data (owner, "seen");

  seen->n_done++;
  seen->result = result;
  seen->had_error = error != NULL;
}

static void
wait_for_runs (gpointer *data_alive)
{
  for (gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       g_atomic_pointer_get (data_alive) != NULL && g_get_monotonic_time () < deadline;)
    {
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_null (g_atomic_pointer_get (data_alive));
}

static void
test_background_run (void)
{
  RunSeen seen = { 0 };
  GObject *owner = g_object_new (G_TYPE_OBJECT, NULL);
  GObject *data = g_object_new (G_TYPE_OBJECT, NULL);
  gpointer data_alive = data;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  g_object_set_data (owner, "seen", &seen);
  g_object_add_weak_pointer (data, &data_alive);

  /* A live owner gets the result. */
  g_object_set_data (data, "word", (gpointer)"weft");
  weft_background_run (owner, data, g_object_unref, run_work, run_result_free, NULL, run_done);
  wait_for_runs (&data_alive);
  g_assert_cmpuint (seen.n_done, ==, 1);
  g_assert_cmpstr (seen.result, ==, "weft");
  g_assert_false (seen.had_error);
  g_clear_pointer (&seen.result, g_free);

  /* A failure reaches it as an error. */
  data = g_object_new (G_TYPE_OBJECT, NULL);
  data_alive = data;
  g_object_add_weak_pointer (data, &data_alive);
  weft_background_run (owner, data, g_object_unref, run_work, run_result_free, NULL, run_done);
  wait_for_runs (&data_alive);
  g_assert_cmpuint (seen.n_done, ==, 2);
  g_assert_null (seen.result);
  g_assert_true (seen.had_error);

  /* Cancelled: the result is freed, the owner never hears of it. */
  data = g_object_new (G_TYPE_OBJECT, NULL);
  data_alive = data;
  g_object_add_weak_pointer (data, &data_alive);
  g_object_set_data (data, "word", (gpointer)"cancelled");
  g_cancellable_cancel (cancellable);
  weft_background_run (owner, data, g_object_unref, run_work, run_result_free, cancellable, run_done);
  wait_for_runs (&data_alive);
  g_assert_cmpuint (seen.n_done, ==, 2);

  /* The owner is gone: the same. */
  data = g_object_new (G_TYPE_OBJECT, NULL);
  data_alive = data;
  g_object_add_weak_pointer (data, &data_alive);
  g_object_set_data (data, "word", (gpointer)"orphan");
  weft_background_run (owner, data, g_object_unref, run_work, run_result_free, NULL, run_done);
  g_object_unref (owner);
  wait_for_runs (&data_alive);
  for (gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
       g_atomic_int_get (&run_results_freed) < 2 && g_get_monotonic_time () < deadline;)
    g_usleep (1000);
  g_assert_cmpint (g_atomic_int_get (&run_results_freed), ==, 2);
  g_assert_cmpuint (seen.n_done, ==, 2);
}

/* A search folds case as it goes for ASCII text, and through
 * g_utf8_casefold() otherwise. */
static void
test_text_match (void)
{
  g_assert_true (weft_text_contains_folded ("CONTP", "contp"));
  g_assert_true (weft_text_contains_folded ("worker_pool.Work", "pool.w"));
  g_assert_true (weft_text_contains_folded ("2084008", "2084008"));
  g_assert_true (weft_text_contains_folded ("abc", ""));
  g_assert_true (weft_text_contains_folded ("", ""));
  g_assert_false (weft_text_contains_folded ("abc", "abcd"));
  g_assert_false (weft_text_contains_folded ("abcab", "abd"));
  g_assert_true (weft_text_contains_folded ("abcabd", "abd"));
  g_assert_false (weft_text_contains_folded (NULL, "a"));
  g_assert_true (weft_text_contains_folded ("ÄRGER", "ärg"));
  g_assert_true (weft_text_contains_folded ("xÄrger", "rg"));
  g_assert_true (weft_text_contains_folded ("Straße", "strasse"));
  g_assert_false (weft_text_contains_folded ("abc", "é"));
}

/* A writer that knows its size asks first: more than the disk holds fails
 * at once, naming both sizes and why it is that big. */
static void
test_atomic_file_space (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "big.csv", NULL);
  g_autoptr(WeftAtomicFile) file = weft_atomic_file_open (path, NULL);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (file);
  g_assert_true (weft_atomic_file_check_space (file, 1, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (weft_atomic_file_check_space (file, G_MAXUINT64 / 2, "(because)", &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "big.csv: it needs at least 8.0"));
  g_assert_nonnull (strstr (error->message, "EiB (because), and its disk has "));
  g_assert_true (g_str_has_suffix (error->message, " free"));
  g_clear_pointer (&file, weft_atomic_file_free);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  weft_test_rm_rf (dir);
}

/* Reads a named pipe whole, on a thread. */
static gpointer
read_pipe (gpointer data)
{
  g_autofree char *contents = NULL;

  g_file_get_contents (data, &contents, NULL, NULL);
  return g_steal_pointer (&contents);
}

/* Destinations that a rename would wrongly replace: a symbolic link (its file
 * is replaced, the link stays), a named pipe (written into; one nothing reads
 * from is an error, not a wait). */
static void
test_atomic_file_destinations (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *real = g_build_filename (dir, "real.txt", NULL);
  g_autofree char *link = g_build_filename (dir, "link.txt", NULL);
  g_autofree char *link2 = g_build_filename (dir, "link2.txt", NULL);
  g_autofree char *pipe_path = g_build_filename (dir, "pipe", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *target = NULL;
  g_autoptr(GError) error = NULL;
  WeftAtomicFile *file;
  GThread *reader;
  struct stat st;

  g_file_set_contents (real, "old", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (symlink ("real.txt", link), ==, 0);
  g_assert_cmpint (symlink (link, link2), ==, 0);

  file = weft_atomic_file_open (link2, &error);
  g_assert_no_error (error);
  g_assert_true (weft_atomic_file_write (file, "new", 3, &error));
  g_assert_true (weft_atomic_file_commit (file, &error));
  g_assert_no_error (error);
  weft_atomic_file_free (file);
  g_assert_cmpint (g_lstat (link2, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_file_get_contents (real, &contents, NULL, &error);
  g_assert_cmpstr (contents, ==, "new");
  g_clear_pointer (&contents, g_free);

  /* The file replaced keeps its permissions. */
  g_assert_cmpint (g_chmod (real, 0640), ==, 0);
  file = weft_atomic_file_open (link, &error);
  g_assert_true (weft_atomic_file_write (file, "newer", 5, &error));
  g_assert_true (weft_atomic_file_commit (file, &error));
  g_assert_no_error (error);
  weft_atomic_file_free (file);
  g_assert_cmpint (g_stat (real, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);

  /* A link to a file still to be made makes it. */
  g_assert_cmpint (g_unlink (real), ==, 0);
  file = weft_atomic_file_open (link, &error);
  g_assert_true (weft_atomic_file_write (file, "made", 4, &error));
  g_assert_true (weft_atomic_file_commit (file, &error));
  g_assert_no_error (error);
  weft_atomic_file_free (file);
  g_file_get_contents (real, &contents, NULL, &error);
  g_assert_cmpstr (contents, ==, "made");
  g_clear_pointer (&contents, g_free);

  g_assert_cmpint (mkfifo (pipe_path, 0600), ==, 0);
  file = weft_atomic_file_open (pipe_path, &error);
  g_assert_no_error (error);
  g_assert_false (g_str_has_prefix (weft_atomic_file_get_temp_path (file), dir));
  g_assert_true (weft_atomic_file_write (file, "through the pipe", 16, &error));
  g_assert_false (weft_atomic_file_commit (file, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "it is a named pipe nothing reads from"));
  g_clear_error (&error);
  target = g_strdup (weft_atomic_file_get_temp_path (file));
  weft_atomic_file_free (file);
  g_assert_false (g_file_test (target, G_FILE_TEST_EXISTS));

  reader = g_thread_new ("read-pipe", read_pipe, pipe_path);
  file = weft_atomic_file_open (pipe_path, &error);
  g_assert_true (weft_atomic_file_write (file, "through the pipe", 16, &error));
  /* The reader may not have opened its end yet. */
  for (guint i = 0; i < 1000 && !weft_atomic_file_commit (file, &error); i++)
    {
      g_assert_nonnull (strstr (error->message, "nothing reads from"));
      g_clear_error (&error);
      weft_atomic_file_free (file);
      g_usleep (2000);
      file = weft_atomic_file_open (pipe_path, &error);
      g_assert_true (weft_atomic_file_write (file, "through the pipe", 16, &error));
    }
  g_assert_no_error (error);
  weft_atomic_file_free (file);
  contents = g_thread_join (reader);
  g_assert_cmpstr (contents, ==, "through the pipe");
  g_assert_cmpint (g_lstat (pipe_path, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  weft_test_rm_rf (dir);
}

/* Input files. ------------------------------------------------------------ */

static guint n_results_freed;

static void
count_free (gpointer data)
{
  n_results_freed++;
  g_free (data);
}

/* A map whose file is cut short under it reads zeros past the new end instead
 * of dying of SIGBUS, and its reader's result becomes an error. */
static void
test_input_map_cut (void)
{
  g_autofree char *text = g_strnfill (3 * 65536, 'x');
  g_autofree char *path = weft_test_write_tmp ("cut.txt", text, -1);
  g_autoptr(WeftInputMap) map = NULL;
  g_autoptr(GError) error = NULL;
  const char *data;
  gsize sum = 0;

  map = weft_input_map_open (path, &error);
  g_assert_no_error (error);
  data = weft_input_map_get_data (map);
  g_assert_cmpuint (weft_input_map_get_length (map), ==, 3 * 65536);
  g_assert_cmpint (data[65536], ==, 'x');
  g_assert_false (weft_input_map_was_cut (map));

  /* A whole read returns the result as it is. */
  g_assert_true (weft_input_map_finish (map, path, NULL, &error) == path);
  g_assert_no_error (error);

  g_assert_cmpint (truncate (path, 1000), ==, 0);
  for (gsize i = 0; i < 3 * 65536; i++)
    sum += (guchar)data[i];
  g_assert_cmpuint (sum, ==, 1000 * (gsize)'x');
  g_assert_true (weft_input_map_was_cut (map));

  /* The reader's own error gives way to the real reason. */
  g_set_error_literal (&error, WEFT_ERROR, WEFT_ERROR_PARSE, "line 7: garbage");
  n_results_freed = 0;
  g_assert_null (weft_input_map_finish (map, g_strdup ("result"), count_free, &error));
  g_assert_cmpuint (n_results_freed, ==, 1);
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "cut short while Weft read it (196608 bytes when opened, now 1000)"));

  g_clear_pointer (&map, weft_input_map_free);
  g_remove (path);
}

/* Bytes of mapped files resident in this process (RssFile). */
static gsize
resident_file_bytes (void)
{
  g_autofree char *status = NULL;
  const char *line;

  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  line = strstr (status, "RssFile:");
  g_assert_nonnull (line);

  return (gsize)g_ascii_strtoull (line + strlen ("RssFile:"), NULL, 10) * 1024;
}

/* Read front to back through a window, a mapped file of 96 MiB is never
 * more than about two steps resident; a disabled window leaves a buffer
 * alone. */
static void
test_input_window (void)
{
  const gsize len = 96u << 20;
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "big.txt", NULL);
  g_autofree char *buffer = g_strnfill (3 * 65536, 'y');
  g_autoptr(WeftInputMap) map = NULL;
  g_autoptr(GError) error = NULL;
  WeftInputWindow window;
  const char *data;
  gsize before, most = 0, sum = 0;
  FILE *file = fopen (path, "w");

  g_assert_nonnull (file);
  for (gsize i = 0; i < len / 65536; i++)
    g_assert_cmpuint (fwrite (buffer, 1, 65536, file), ==, 65536);
  g_assert_cmpint (fclose (file), ==, 0);

  map = weft_input_map_open (path, &error);
  g_assert_no_error (error);
  data = weft_input_map_get_data (map);
  before = resident_file_bytes ();
  weft_input_window_init (&window, data, len, TRUE);
  for (gsize offset = 0; offset < len; offset += 4096)
    {
      sum += (guchar)data[offset];
      weft_input_window_reached (&window, offset + 4096);
      if (offset % (1u << 20) == 0)
        most = MAX (most, resident_file_bytes () - MIN (before, resident_file_bytes ()));
    }
  g_assert_cmpuint (sum, ==, len / 4096 * (gsize)'y');
  g_assert_cmpuint (most, <, 3 * WEFT_INPUT_WINDOW_STEP);
  g_assert_cmpuint (most, >, WEFT_INPUT_WINDOW_STEP / 2);
  weft_input_window_finish (&window);
  g_assert_cmpuint (resident_file_bytes (), <, before + (1u << 20));
  /* Given back, the pages still read as the file. */
  g_assert_cmpint (data[len / 2], ==, 'y');

  weft_input_window_init (&window, buffer, 3 * 65536, FALSE);
  weft_input_window_move (&window, 3 * 65536);
  weft_input_window_finish (&window);
  g_assert_cmpint (buffer[65536], ==, 'y');

  g_clear_pointer (&map, weft_input_map_free);
  weft_test_rm_rf (dir);
}

/* The guard keeps to its own maps: a SIGBUS anywhere else still ends the
 * program as it would have (not a hang: the child has 10 s to die). */
static void
test_input_map_foreign_sigbus (void)
{
  g_autofree char *text = g_strnfill (65536, 'x');
  g_autofree char *path = weft_test_write_tmp ("foreign.txt", text, -1);
  int status = 0;
  pid_t child;

  child = fork ();
  g_assert_cmpint (child, >=, 0);
  if (child == 0)
    {
      WeftInputMap *ours = weft_input_map_open (path, NULL);
      volatile const char *theirs;
      int fd = g_open (path, O_RDONLY, 0);

      alarm (10);
      theirs = mmap (NULL, 65536, PROT_READ, MAP_PRIVATE, fd, 0);
      if (ours == NULL || theirs == MAP_FAILED || truncate (path, 0) != 0)
        _exit (2);
      _exit (theirs[8192]);
    }
  g_assert_cmpint (waitpid (child, &status, 0), ==, child);
  g_assert_true (WIFSIGNALED (status));
  /* SIGABRT: AddressSanitizer's handler, which was there first, reported it. */
  g_assert_true (WTERMSIG (status) == SIGBUS || WTERMSIG (status) == SIGABRT);
  g_remove (path);
}

/* Empty files map to an empty string; what is not a file is named. */
static void
test_input_file_kinds (void)
{
  g_autofree char *empty = weft_test_write_tmp ("empty.txt", "", 0);
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *pipe_path = g_build_filename (dir, "pipe", NULL);
  g_autoptr(WeftInputMap) map = NULL;
  g_autoptr(GError) error = NULL;
  char head[4];

  map = weft_input_map_open (empty, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (weft_input_map_get_data (map), ==, "");
  g_assert_cmpuint (weft_input_map_get_length (map), ==, 0);
  g_assert_cmpint (weft_input_file_read_head (empty, head, sizeof head, &error), ==, 0);
  g_assert_no_error (error);

  g_assert_cmpint (mkfifo (pipe_path, 0600), ==, 0);
  g_assert_null (weft_input_map_open (pipe_path, &error));
  g_assert_nonnull (strstr (error->message, "it is a named pipe, not a file"));
  g_clear_error (&error);
  g_assert_cmpint (weft_input_file_read_head (pipe_path, head, sizeof head, &error), ==, -1);
  g_assert_nonnull (strstr (error->message, "it is a named pipe, not a file"));
  g_clear_error (&error);
  g_assert_false (weft_input_file_check (dir, &error));
  g_assert_nonnull (strstr (error->message, "it is a folder, not a file"));
  g_clear_error (&error);
  g_assert_false (weft_input_file_check ("/nonexistent/weft", &error));
  g_assert_nonnull (strstr (error->message, "Could not read /nonexistent/weft: No such file or directory"));

  g_remove (empty);
  weft_test_rm_rf (dir);
}

/* The test helpers' temporary directories go when the program exits, with
 * what the test left in them. */
static void
test_tmp_dirs_removed (void)
{
  g_autofree char *parent = NULL;
  g_autofree char *old_tmpdir = g_strdup (g_getenv ("TMPDIR"));
  g_autoptr(GDir) dir = NULL;

  if (g_test_subprocess ())
    {
      g_autofree char *path = weft_test_write_tmp ("left.txt", "left behind", -1);
      g_autofree char *made = weft_test_make_tmp_dir ();

      g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
      g_assert_true (g_file_test (made, G_FILE_TEST_IS_DIR));
      return;
    }

  parent = weft_test_make_tmp_dir ();
  g_setenv ("TMPDIR", parent, TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  if (old_tmpdir != NULL)
    g_setenv ("TMPDIR", old_tmpdir, TRUE);
  else
    g_unsetenv ("TMPDIR");
  g_test_trap_assert_passed ();

  dir = g_dir_open (parent, 0, NULL);
  g_assert_nonnull (dir);
  g_assert_null (g_dir_read_name (dir));
  weft_test_rm_rf (parent);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/load-context/progress", test_load_context_progress);
  g_test_add_func ("/core/load-context/cancel", test_load_context_cancel);
  g_test_add_func ("/core/load-context/warnings", test_load_context_warnings);
  g_test_add_func ("/core/load-context/stage-times", test_load_context_stage_times);
  g_test_add_func ("/core/load-context/warning-cap", test_load_context_warning_cap);
  g_test_add_func ("/core/warning/strings", test_warning_strings);
  g_test_add_func ("/core/warning/from-error", test_warning_from_error);
  g_test_add_func ("/core/string-pool", test_string_pool);
  g_test_add_func ("/core/background/run", test_background_run);
  g_test_add_func ("/core/text-match", test_text_match);
  g_test_add_func ("/core/units", test_units);
  g_test_add_func ("/core/atomic-file", test_atomic_file);
  g_test_add_func ("/core/atomic-file/destinations", test_atomic_file_destinations);
  g_test_add_func ("/core/atomic-file/space", test_atomic_file_space);
  g_test_add_func ("/core/matrix", test_matrix);
  g_test_add_func ("/core/value-table", test_value_table);
  g_test_add_func ("/core/matrix/compare", test_matrix_compare);
  g_test_add_func ("/core/value-table/compare", test_value_table_compare);
  g_test_add_func ("/core/text-scan/lines", test_text_scan_lines);
  g_test_add_func ("/core/text-scan/long-line", test_text_scan_long_line);
  g_test_add_func ("/core/text-scan/fields", test_text_scan_fields);
  g_test_add_func ("/core/text-scan/words", test_text_scan_words);
  g_test_add_func ("/core/text-scan/rejects", test_text_scan_rejects);
  g_test_add_func ("/core/text-scan/hex-skip", test_text_scan_hex_skip);
  g_test_add_func ("/core/text-scan/excerpt", test_text_excerpt);
  g_test_add_func ("/core/prefault/request", test_prefault_request);
  g_test_add_func ("/core/prefault/array", test_prefault_array);
  g_test_add_func ("/core/page-recycler", test_page_recycler);
  g_test_add_func ("/core/page-recycler/default", test_page_recycler_default);
  g_test_add_func ("/core/id-map", test_id_map);
  g_test_add_func ("/core/page-buffer", test_page_buffer);
  g_test_add_func ("/core/page-buffer/threads", test_page_buffer_threads);
  g_test_add_func ("/core/input-map/cut", test_input_map_cut);
  g_test_add_func ("/core/input-window", test_input_window);
  g_test_add_func ("/core/input-map/foreign-sigbus", test_input_map_foreign_sigbus);
  g_test_add_func ("/core/input-file/kinds", test_input_file_kinds);
  g_test_add_func ("/test-support/tmp-dirs-removed", test_tmp_dirs_removed);

  return g_test_run ();
}

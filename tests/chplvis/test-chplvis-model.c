/* test-chplvis-model.c: chplvis's figures, the Chapel dataset and its views.
 *
 * The H2 fixture (tests/chplvis/fixtures/H2) was written by hand; the figures
 * asserted for it were worked out by hand from its lines, as the comments say.
 * The corpus figures were checked against the files with a separate script
 * that re-applies chplvis's rules (VdbMark filtering, tags by file position).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "weft-chplvis-dataset.h"
#include "weft-chplvis-parser.h"
#include "weft-document.h"
#include "weft-error.h"
#include "weft-format.h"
#include "weft-test-util.h"

/* The origin of H2 is locale 1's header, 999.900000 s. */
#define H2_NS(sec, usec) ((((gint64)(sec) - 999) * 1000000 + (usec) - 900000) * 1000)

static WeftChplvisDataset *
load_dataset (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(WeftDocument) document = weft_document_new_for_file (file);
  g_autoptr(GError) error = NULL;
  WeftDataset *dataset;

  weft_document_load (document, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (weft_document_get_format (document)->id, ==, "chplvis");
  dataset = weft_document_get_dataset (document);
  g_assert_true (WEFT_IS_CHPLVIS_DATASET (dataset));

  return g_object_ref (WEFT_CHPLVIS_DATASET (dataset));
}

static WeftChplvisDataset *
load_h2 (void)
{
  g_autofree char *path = weft_test_source_path ("tests", "chplvis", "fixtures", "H2", NULL);

  return load_dataset (path);
}

static void
check_matrix (WeftChplvisDataset    *dataset,
              const WeftViewOptions *options,
              const double          *expected)
{
  g_autoptr(WeftMatrix) matrix = NULL;
  g_autoptr(GError) error = NULL;
  guint n = weft_chplvis_dataset_get_n_locales (dataset);

  matrix = weft_dataset_dup_matrix (WEFT_DATASET (dataset), "comm-matrix", options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_matrix_get_n_dims (matrix), ==, 2);
  for (guint from = 0; from < n; from++)
    for (guint to = 0; to < n; to++)
      if (weft_matrix_get_2d (matrix, from, to) != expected[from * n + to])
        g_error ("cell %u→%u is %g, expected %g (tag %s, kind %s, metric %s)", from, to,
                 weft_matrix_get_2d (matrix, from, to), expected[from * n + to],
                 options->tag, options->kind, options->metric);
}

static void
test_h2_matrix (void)
{
  g_autoptr(WeftChplvisDataset) dataset = load_h2 ();
  g_autoptr(WeftMatrix) matrix = NULL;
  g_autoptr(GError) error = NULL;
  WeftViewOptions options = { 0 };

  /* All: 0→1 put 200, st_put 8×4, fork 48, fork_nb 16, f_fork 8; 1→0 get 100,
   * locale 1's put 7 (before its task's VdbMark), nb_get 10, st_get 4×5. */
  check_matrix (dataset, &options, (const double[]) { 0, 5, 4, 0 });
  options.metric = "bytes";
  check_matrix (dataset, &options, (const double[]) { 0, 304, 137, 0 });

  options.tag = "All";
  check_matrix (dataset, &options, (const double[]) { 0, 304, 137, 0 });
  options.tag = "Start";
  check_matrix (dataset, &options, (const double[]) { 0, 200, 107, 0 });
  options.tag = "#0";
  check_matrix (dataset, &options, (const double[]) { 0, 80, 10, 0 });
  options.tag = "tag 1 (phase)";
  check_matrix (dataset, &options, (const double[]) { 0, 24, 0, 0 });
  /* A repeated name stands for all its tags (Merge Tags). */
  options.tag = "phase";
  check_matrix (dataset, &options, (const double[]) { 0, 104, 10, 0 });
  options.metric = "count";
  check_matrix (dataset, &options, (const double[]) { 0, 4, 1, 0 });
  options.tag = "other";
  check_matrix (dataset, &options, (const double[]) { 0, 0, 1, 0 });

  options.tag = NULL;
  options.metric = "bytes";
  options.kind = "gets";
  check_matrix (dataset, &options, (const double[]) { 0, 0, 130, 0 });
  options.kind = "puts";
  check_matrix (dataset, &options, (const double[]) { 0, 232, 7, 0 });
  options.kind = "forks";
  check_matrix (dataset, &options, (const double[]) { 0, 72, 0, 0 });
  options.kind = "st_get";
  check_matrix (dataset, &options, (const double[]) { 0, 0, 20, 0 });
  options.kind = "all";
  check_matrix (dataset, &options, (const double[]) { 0, 304, 137, 0 });

  /* [1000.14, 1000.345): get 100 and put 200 (Start), locale 1's put 7,
   * nb_get 10 and st_put 32 (tag 0); the fork at .35 is past the end. */
  options.kind = NULL;
  options.has_range = TRUE;
  options.range.begin = H2_NS (1000, 140000);
  options.range.end = H2_NS (1000, 345000);
  check_matrix (dataset, &options, (const double[]) { 0, 232, 117, 0 });
  options.metric = "count";
  check_matrix (dataset, &options, (const double[]) { 0, 2, 3, 0 });
  options.tag = "Start";
  check_matrix (dataset, &options, (const double[]) { 0, 1, 2, 0 });
  /* Half-open: a range ending at the get's time leaves it out. */
  options.tag = NULL;
  options.range.end = H2_NS (1000, 140000);
  check_matrix (dataset, &options, (const double[]) { 0, 0, 0, 0 });
  options.range.end = H2_NS (1000, 140001);
  check_matrix (dataset, &options, (const double[]) { 0, 0, 1, 0 });

  /* Names, labels, title. */
  memset (&options, 0, sizeof options);
  options.tag = "phase";
  options.metric = "bytes";
  matrix = weft_dataset_dup_matrix (WEFT_DATASET (dataset), "comm-matrix", &options, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (weft_matrix_get_value_name (matrix), ==, "bytes");
  g_assert_cmpstr (weft_matrix_get_dim_name (matrix, 0), ==, "from locale");
  g_assert_cmpstr (weft_matrix_get_dim_name (matrix, 1), ==, "to locale");
  g_assert_cmpstr (weft_matrix_get_dim_label (matrix, 0, 1), ==, "1");
  g_assert_cmpstr (weft_matrix_get_dim_label (matrix, 1, 0), ==, "0");
  g_assert_cmpstr (weft_matrix_get_title (matrix), ==, "Communication bytes, tag phase (merged)");
}

static void
test_h2_errors (void)
{
  g_autoptr(WeftChplvisDataset) dataset = load_h2 ();
  WeftDataset *d = WEFT_DATASET (dataset);
  WeftViewOptions options = { 0 };
  g_autoptr(GError) error = NULL;
  WeftMatrix *matrix;
  WeftValueTable *values;

  options.tag = "nope";
  matrix = weft_dataset_dup_matrix (d, "comm-matrix", &options, &error);
  g_assert_null (matrix);
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "All, Start, phase, phase, other"));
  g_clear_error (&error);

  values = weft_dataset_dup_values (d, "values", &options, &error);
  g_assert_null (values);
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  options.tag = "#3";
  g_assert_null (weft_dataset_dup_matrix (d, "comm-matrix", &options, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  options.tag = NULL;
  options.metric = "size";
  g_assert_null (weft_dataset_dup_matrix (d, "comm-matrix", &options, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "count or bytes"));
  g_clear_error (&error);

  options.metric = NULL;
  options.kind = "bogus";
  g_assert_null (weft_dataset_dup_matrix (d, "comm-matrix", &options, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  options.kind = NULL;
  g_assert_null (weft_dataset_dup_matrix (d, "array", &options, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_null (weft_dataset_dup_values (d, "comm-matrix", &options, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
}

typedef struct
{
  double tasks, cpu_user, cpu_sys, clock, max_concurrency;
} LocaleRow;

static void
check_values (WeftChplvisDataset    *dataset,
              const WeftViewOptions *options,
              const LocaleRow       *expected)
{
  g_autoptr(WeftValueTable) values = NULL;
  g_autoptr(GError) error = NULL;

  values = weft_dataset_dup_values (WEFT_DATASET (dataset), "values", options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_value_table_get_n_rows (values), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpfloat (weft_value_table_get (values, i, 0), ==, expected[i].tasks);
      g_assert_cmpfloat_with_epsilon (weft_value_table_get (values, i, 1), expected[i].cpu_user, 1e-9);
      g_assert_cmpfloat_with_epsilon (weft_value_table_get (values, i, 2), expected[i].cpu_sys, 1e-9);
      g_assert_cmpfloat_with_epsilon (weft_value_table_get (values, i, 3), expected[i].cpu_user + expected[i].cpu_sys, 1e-9);
      g_assert_cmpfloat_with_epsilon (weft_value_table_get (values, i, 4), expected[i].clock, 1e-9);
      g_assert_cmpfloat (weft_value_table_get (values, i, 5), ==, expected[i].max_concurrency);
    }
}

static void
test_h2_values (void)
{
  g_autoptr(WeftChplvisDataset) dataset = load_h2 ();
  g_autoptr(WeftValueTable) values = NULL;
  g_autoptr(GError) error = NULL;
  WeftViewOptions options = { 0 };
  static const char *const columns[][2] = {
    { "tasks", NULL }, { "cpu_user", "s" }, { "cpu_sys", "s" }, { "cpu", "s" }, { "clock", "s" },
    { "max_concurrency", NULL }, { "comm_out_count", NULL }, { "comm_out_bytes", "B" },
    { "comm_in_count", NULL }, { "comm_in_bytes", "B" },
  };

  values = weft_dataset_dup_values (WEFT_DATASET (dataset), "values", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_value_table_get_n_columns (values), ==, G_N_ELEMENTS (columns));
  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      g_assert_cmpstr (weft_value_table_get_column_name (values, i), ==, columns[i][0]);
      g_assert_cmpstr (weft_value_table_get_column_unit (values, i), ==, columns[i][1]);
    }
  g_assert_cmpstr (weft_value_table_get_row_name (values, 1), ==, "locale 1");
  g_assert_cmpstr (weft_value_table_get_title (values), ==, "Locales, tag All");
  /* Communication in and out, by data flow. */
  g_assert_cmpfloat (weft_value_table_get (values, 0, 6), ==, 5);
  g_assert_cmpfloat (weft_value_table_get (values, 0, 7), ==, 304);
  g_assert_cmpfloat (weft_value_table_get (values, 0, 8), ==, 4);
  g_assert_cmpfloat (weft_value_table_get (values, 0, 9), ==, 137);
  g_assert_cmpfloat (weft_value_table_get (values, 1, 6), ==, 4);
  g_assert_cmpfloat (weft_value_table_get (values, 1, 7), ==, 137);
  g_assert_cmpfloat (weft_value_table_get (values, 1, 8), ==, 5);
  g_assert_cmpfloat (weft_value_table_get (values, 1, 9), ==, 304);

  /* All. Locale 0: tasks 10 11 13 14 + main (12 is VisualDebug's); All runs
   * 1000.0→1000.5 (pause) and 1000.6001→1000.7001 (tag 2 → End); user
   * 1.0→3.5 and 4.0→5.0, sys 0.5→0.75 and 0.8→1.0; at most main, 10 and 11.
   * Locale 1: tasks 7 8 10; 999.9→1000.50004 and 1000.60005→1000.70004. */
  check_values (dataset, &options, (const LocaleRow[]) {
    { 5, 3.5, 0.45, 0.6, 3 }, { 3, 1.2, 0.09, 0.70003, 2 } });

  options.tag = "Start";
  check_values (dataset, &options, (const LocaleRow[]) {
    { 3, 1.0, 0.1, 0.3, 3 }, { 0, 0.9, 0.05, 0.40005, 0 } });
  options.tag = "#0";
  check_values (dataset, &options, (const LocaleRow[]) {
    { 2, 1.0, 0.1, 0.1001, 2 }, { 2, 0.1, 0.01, 0.10001, 2 } });
  /* Task 13, made in tag 0, begins in tag 1 and runs on: Weft counts it. */
  options.tag = "#1";
  check_values (dataset, &options, (const LocaleRow[]) {
    { 2, 0.5, 0.05, 0.0999, 3 }, { 1, 0.1, 0.01, 0.09998, 1 } });
  options.tag = "other";
  check_values (dataset, &options, (const LocaleRow[]) {
    { 1, 1.0, 0.2, 0.1, 2 }, { 0, 0.1, 0.02, 0.09999, 0 } });
  options.tag = "phase";
  check_values (dataset, &options, (const LocaleRow[]) {
    { 3, 1.5, 0.15, 0.2, 3 }, { 3, 0.2, 0.02, 0.19999, 2 } });

  /* [1000.14, 1000.345): task 13 made there, main running; 0.205 s of the
   * first All stretch (0.41 of 0.5 s) and of locale 1's (of 0.60004 s);
   * main, 10 and 11 run when it begins; locale 1 runs nothing then. */
  options.tag = NULL;
  options.has_range = TRUE;
  options.range.begin = H2_NS (1000, 140000);
  options.range.end = H2_NS (1000, 345000);
  check_values (dataset, &options, (const LocaleRow[]) {
    { 2, 2.5 * 0.41, 0.25 * 0.41, 0.205, 3 },
    { 0, 1.1 * 0.205 / 0.60004, 0.07 * 0.205 / 0.60004, 0.205, 0 } });

  /* A range covering everything gives the figures without one. */
  options.range.begin = H2_NS (999, 0);
  options.range.end = H2_NS (1001, 0);
  check_values (dataset, &options, (const LocaleRow[]) {
    { 5, 3.5, 0.45, 0.6, 3 }, { 3, 1.2, 0.09, 0.70003, 2 } });
  options.tag = "#1";
  check_values (dataset, &options, (const LocaleRow[]) {
    { 2, 0.5, 0.05, 0.0999, 3 }, { 1, 0.1, 0.01, 0.09998, 1 } });
}

/* weft_chplvis_compute_comm_matrices() of @trace, into *@all and *@own,
 * each checked against its own pass of weft_chplvis_compute_comm_matrix(),
 * with VisualDebug's own communication and without. */
static void
check_comm_matrices (const WeftChplvisTrace  *trace,
                     WeftChplvisCommMatrix  **all,
                     WeftChplvisCommMatrix  **own)
{
  gsize size = (gsize)trace->n_locales * trace->n_locales * sizeof (guint64);
  g_autoptr(WeftChplvisCommMatrix) all_alone = NULL;
  g_autoptr(WeftChplvisCommMatrix) own_alone = NULL;
  WeftChplvisQuery query;

  weft_chplvis_query_init (&query);
  *all = weft_chplvis_compute_comm_matrices (trace, &query, own);
  own_alone = weft_chplvis_compute_comm_matrix (trace, &query);
  query.include_overhead = TRUE;
  all_alone = weft_chplvis_compute_comm_matrix (trace, &query);

  g_assert_cmpmem ((*all)->count, size, all_alone->count, size);
  g_assert_cmpmem ((*all)->bytes, size, all_alone->bytes, size);
  g_assert_cmpmem ((*own)->count, size, own_alone->count, size);
  g_assert_cmpmem ((*own)->bytes, size, own_alone->bytes, size);
}

/* Past 100,000 records the two matrices are counted on two threads, by
 * halves of the locales: a run of three locales with 40,000 gets and puts
 * each, bytes near the top of guint64 in some cells so that their sums
 * saturate, gives the matrices of one pass each. */
static void
test_comm_matrices_threaded (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  g_autoptr(WeftChplvisTrace) trace = NULL;
  g_autoptr(WeftChplvisCommMatrix) all = NULL;
  g_autoptr(WeftChplvisCommMatrix) own = NULL;
  WeftChplvisLocale *locales[3];
  guint64 total = 0;

  for (guint l = 0; l < 3; l++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      g_autofree char *path = g_strdup_printf ("T/T-%u", l);

      g_string_append_printf (text, "ChplVdebug: ver 1.4 nodes 3 nid %u tid 1 seq 100.000 1000.000000 1.0 0.5 \n", l);
      for (guint i = 0; i < 40000; i++)
        {
          guint peer = (l + 1 + (guint)g_rand_int_range (rand, 0, 2)) % 3;
          /* Elements of 2^61 bytes, 1 to 3 of them: a few such records
           * saturate a cell. */
          gboolean huge = g_rand_int_range (rand, 0, 1000) == 0;

          g_string_append_printf (text, "%s: %u.%06u %u %u 1 0x1 0x2 %s %u 1 2 3\n",
                                  g_rand_boolean (rand) ? "get" : "put", 1000 + i / 100000, i % 100000 * 10,
                                  l, peer, huge ? "2305843009213693952" : "8", (guint)g_rand_int_range (rand, 1, 4));
        }
      g_string_append (text, "End: 1001.000000 5.0 1.0 0 1\n");
      locales[l] = weft_chplvis_parse_locale (text->str, text->len, path, WEFT_CHPLVIS_PARSE_NONE, context, &error);
      g_assert_no_error (error);
    }
  trace = weft_chplvis_trace_new (locales, 3, context, &error);
  g_assert_no_error (error);

  check_comm_matrices (trace, &all, &own);
  for (guint i = 0; i < 9; i++)
    total += all->count[i];
  g_assert_cmpuint (total, ==, 120000);
  g_assert_cmpuint (all->count[0], ==, 0);
  g_assert_true (all->bytes[1] == G_MAXUINT64 || all->bytes[2] == G_MAXUINT64);
}

/* Both matrices of weft-cli's JSON in one pass: with VisualDebug's own
 * communication (H2 has some: locale 1's on-task that gets before its
 * VdbMark) and without, each equal to its own pass. */
static void
test_h2_comm_matrices (void)
{
  g_autoptr(WeftChplvisDataset) dataset = load_h2 ();
  const WeftChplvisTrace *trace = weft_chplvis_dataset_get_trace (dataset);
  g_autoptr(WeftChplvisCommMatrix) all = NULL;
  g_autoptr(WeftChplvisCommMatrix) own = NULL;
  WeftChplvisQuery query;
  guint64 all_total = 0, own_total = 0;

  check_comm_matrices (trace, &all, &own);
  for (guint i = 0; i < 4; i++)
    {
      all_total += all->count[i];
      own_total += own->count[i];
    }
  g_assert_cmpuint (all_total, >, own_total);

  /* The per-locale figures from the matrix the caller has are those computed
   * from scratch; with the other matrix, the communication totals differ. */
  {
    g_autofree WeftChplvisLocaleStats *alone = NULL;
    g_autofree WeftChplvisLocaleStats *with_own = NULL;
    g_autofree WeftChplvisLocaleStats *with_all = NULL;

    weft_chplvis_query_init (&query);
    alone = weft_chplvis_compute_locale_stats (trace, &query);
    with_own = weft_chplvis_compute_locale_stats_with_comm (trace, &query, own);
    with_all = weft_chplvis_compute_locale_stats_with_comm (trace, &query, all);
    g_assert_cmpmem (alone, 2 * sizeof *alone, with_own, 2 * sizeof *with_own);
    g_assert_cmpuint (with_all[0].comm_out_count + with_all[1].comm_out_count, ==, all_total);
    g_assert_cmpuint (with_own[0].comm_out_count + with_own[1].comm_out_count, ==, own_total);
  }
}

/* chplvis's own numbers, and Weft's fixes. */
static void
test_h2_compat (void)
{
  g_autoptr(WeftChplvisDataset) dataset = load_h2 ();
  const WeftChplvisTrace *trace = weft_chplvis_dataset_get_trace (dataset);
  g_autofree WeftChplvisLocaleStats *fixed = NULL;
  g_autofree WeftChplvisLocaleStats *compat = NULL;
  WeftChplvisQuery query;
  g_autoptr(GError) error = NULL;

  weft_chplvis_query_init (&query);
  g_assert_true (weft_chplvis_query_set_tag (trace, &query, "phase", &error));
  g_assert_no_error (error);
  g_assert_cmpint (query.tag, ==, 0);
  g_assert_true (query.merge);

  fixed = weft_chplvis_compute_locale_stats (trace, &query);
  query.chplvis_compat = TRUE;
  compat = weft_chplvis_compute_locale_stats (trace, &query);
  /* Merged tags: chplvis counts main once per tag; Weft once. */
  g_assert_cmpuint (fixed[0].tasks, ==, 3);
  g_assert_cmpuint (compat[0].tasks, ==, 4);
  /* Task 13 begins in the tag after its creation: chplvis leaves it out. */
  g_assert_cmpuint (fixed[0].max_concurrency, ==, 3);
  g_assert_cmpuint (compat[0].max_concurrency, ==, 2);
  /* Longest task ending in the tags: 11 (0.19 s, made in Start) in tag 0 and
   * 14 (0.03 s) in tag 1 on locale 0; 7 (0.0004 s) in tag 0 and 10 (0.0002 s)
   * in tag 1 on locale 1. chplvis adds the tags' maxima up. */
  g_assert_cmpfloat_with_epsilon (fixed[0].max_task_clock, 0.19, 1e-9);
  g_assert_cmpfloat_with_epsilon (compat[0].max_task_clock, 0.22, 1e-9);
  g_assert_cmpfloat_with_epsilon (fixed[1].max_task_clock, 0.0004, 1e-9);
  g_assert_cmpfloat_with_epsilon (compat[1].max_task_clock, 0.0006, 1e-9);

  g_clear_pointer (&fixed, g_free);
  g_clear_pointer (&compat, g_free);
  query.tag = 2;
  query.merge = FALSE;
  query.chplvis_compat = FALSE;
  fixed = weft_chplvis_compute_locale_stats (trace, &query);
  query.chplvis_compat = TRUE;
  compat = weft_chplvis_compute_locale_stats (trace, &query);
  g_assert_cmpuint (fixed[0].max_concurrency, ==, 2);
  g_assert_cmpuint (compat[0].max_concurrency, ==, 1);

  /* All agrees: the most ran in Start. */
  g_clear_pointer (&fixed, g_free);
  g_clear_pointer (&compat, g_free);
  weft_chplvis_query_init (&query);
  fixed = weft_chplvis_compute_locale_stats (trace, &query);
  query.chplvis_compat = TRUE;
  compat = weft_chplvis_compute_locale_stats (trace, &query);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpuint (fixed[i].tasks, ==, compat[i].tasks);
      g_assert_cmpuint (fixed[i].max_concurrency, ==, compat[i].max_concurrency);
      g_assert_cmpfloat (fixed[i].clock, ==, compat[i].clock);
    }
  g_assert_cmpfloat_with_epsilon (fixed[0].max_task_clock, 0.19, 1e-9);
}

static const WeftChplvisProfileRow *
find_row (GArray *rows,
          int     fid)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_array_index (rows, WeftChplvisProfileRow, i).fid == fid)
      return &g_array_index (rows, WeftChplvisProfileRow, i);

  g_error ("no profile row for %d", fid);
  return NULL;
}

static void
test_h2_profile (void)
{
  g_autoptr(WeftChplvisDataset) dataset = load_h2 ();
  const WeftChplvisTrace *trace = weft_chplvis_dataset_get_trace (dataset);
  g_autoptr(GArray) rows = NULL;
  g_autoptr(GArray) compat = NULL;
  g_autoptr(GArray) other = NULL;
  const WeftChplvisProfileRow *row;
  WeftChplvisQuery query;

  weft_chplvis_query_init (&query);
  rows = weft_chplvis_compute_profile (trace, &query);
  g_assert_cmpuint (rows->len, ==, 5);

  /* fid 0: locale 1's put by on-task 6 (fid 0). */
  row = find_row (rows, 0);
  g_assert_cmpstr (row->name, ==, "wrapcoforall_fn_chpl");
  g_assert_cmpstr (row->file, ==, "$CHPL_HOME/modules/packages/VisualDebug.chpl");
  g_assert_cmpint (row->line, ==, 98);
  g_assert_cmpuint (row->tasks, ==, 0);
  g_assert_cmpuint (row->gets, ==, 0);
  g_assert_cmpuint (row->puts, ==, 1);
  /* fid 1: on-tasks 7 (0.0004 s) and 10 (0.0002 s); main's fork and task 14's
   * fork_nb and f_fork run it. */
  row = find_row (rows, 1);
  g_assert_cmpuint (row->tasks, ==, 2);
  g_assert_cmpfloat_with_epsilon (row->clock, 0.0006, 1e-9);
  g_assert_cmpuint (row->on_calls, ==, 3);
  /* fid 2: 10 (0.05), 11 (0.19), 13 (runs on), 14 (0.03), 8 (0.0001); 10's get. */
  row = find_row (rows, 2);
  g_assert_cmpstr (row->name, ==, "coforall fn with spaces");
  g_assert_cmpstr (row->file, ==, "my prog.chpl");
  g_assert_cmpuint (row->tasks, ==, 5);
  g_assert_cmpfloat_with_epsilon (row->clock, 0.2701, 1e-9);
  g_assert_cmpuint (row->gets, ==, 1);
  g_assert_cmpuint (row->puts, ==, 0);
  /* main's nb_get, st_get, put and st_put get a row of their own. */
  row = find_row (rows, WEFT_CHPLVIS_FID_MAIN);
  g_assert_cmpuint (row->gets, ==, 2);
  g_assert_cmpuint (row->puts, ==, 2);
  row = find_row (rows, WEFT_CHPLVIS_FID_UNKNOWN);
  g_assert_cmpuint (row->tasks + row->gets + row->puts + row->on_calls, ==, 0);

  /* chplvis charges main to fid 0 and drops the put of a task it erased. */
  query.chplvis_compat = TRUE;
  compat = weft_chplvis_compute_profile (trace, &query);
  g_assert_cmpuint (compat->len, ==, 3);
  row = find_row (compat, 0);
  g_assert_cmpuint (row->gets, ==, 2);
  g_assert_cmpuint (row->puts, ==, 2);
  g_assert_cmpuint (find_row (compat, 2)->tasks, ==, 5);

  /* Per tag: "other" holds only main's st_get. */
  query.chplvis_compat = FALSE;
  query.tag = 2;
  other = weft_chplvis_compute_profile (trace, &query);
  g_assert_cmpuint (find_row (other, WEFT_CHPLVIS_FID_MAIN)->gets, ==, 1);
  g_assert_cmpuint (find_row (other, 2)->tasks, ==, 0);
  g_assert_cmpuint (find_row (other, 1)->on_calls, ==, 0);
}

static void
test_h2_lists (void)
{
  g_autoptr(WeftChplvisDataset) dataset = load_h2 ();
  const WeftChplvisTrace *trace = weft_chplvis_dataset_get_trace (dataset);
  g_autoptr(GArray) pair = NULL;
  g_autoptr(GArray) main_comms = NULL;
  g_autoptr(GArray) tags = NULL;
  g_autoptr(GArray) merged = NULL;
  g_autofree WeftChplvisTaskComm *sums = NULL;
  g_autofree WeftChplvisTaskComm *compat_sums = NULL;
  WeftChplvisPairStats stats;
  WeftChplvisTaskInfo info;
  WeftChplvisQuery query;
  const WeftChplvisCommRecord *record;
  static const WeftChplvisRecordKind pair_kinds[] = {
    WEFT_CHPLVIS_RECORD_PUT, WEFT_CHPLVIS_RECORD_ST_PUT, WEFT_CHPLVIS_RECORD_FORK,
    WEFT_CHPLVIS_RECORD_FORK_NB, WEFT_CHPLVIS_RECORD_F_FORK,
  };
  static const guint32 main_lines[] = { 18, 29, 30, 31, 45 };

  weft_chplvis_query_init (&query);
  weft_chplvis_compute_pair_stats (trace, &query, 0, 1, &stats);
  g_assert_cmpuint (stats.total_count, ==, 5);
  g_assert_cmpuint (stats.total_bytes, ==, 304);
  g_assert_cmpuint (stats.count[WEFT_CHPLVIS_RECORD_PUT], ==, 1);
  g_assert_cmpuint (stats.bytes[WEFT_CHPLVIS_RECORD_ST_PUT], ==, 32);
  g_assert_cmpuint (stats.bytes[WEFT_CHPLVIS_RECORD_F_FORK], ==, 8);
  g_assert_cmpuint (stats.count[WEFT_CHPLVIS_RECORD_GET], ==, 0);

  pair = weft_chplvis_list_pair_comms (trace, &query, 0, 1);
  g_assert_cmpuint (pair->len, ==, 5);
  for (guint i = 0; i < pair->len; i++)
    g_assert_cmpint (g_array_index (pair, WeftChplvisCommRecord, i).kind, ==, pair_kinds[i]);
  record = &g_array_index (pair, WeftChplvisCommRecord, 2);
  g_assert_cmpint (record->time, ==, H2_NS (1000, 350000));
  g_assert_cmpuint (record->bytes, ==, 48);
  g_assert_cmpint (record->fid, ==, 1);
  g_assert_cmpuint (record->task, ==, WEFT_CHPLVIS_MAIN_TASK);
  g_assert_cmpint (record->src_line, ==, 33);
  g_assert_cmpuint (record->line, ==, 31);

  /* chplvis's task list for main on locale 0, in file order. */
  main_comms = weft_chplvis_list_task_comms (trace, 0, WEFT_CHPLVIS_MAIN_TASK);
  g_assert_cmpuint (main_comms->len, ==, G_N_ELEMENTS (main_lines));
  for (guint i = 0; i < main_comms->len; i++)
    g_assert_cmpuint (g_array_index (main_comms, WeftChplvisCommRecord, i).line, ==, main_lines[i]);
  record = &g_array_index (main_comms, WeftChplvisCommRecord, 4);
  g_assert_cmpint (record->kind, ==, WEFT_CHPLVIS_RECORD_ST_GET);
  g_assert_cmpuint (record->from, ==, 1);
  g_assert_cmpuint (record->to, ==, 0);
  g_assert_cmpuint (record->elem_size, ==, 4);
  g_assert_cmpuint (record->length, ==, 5);
  g_assert_cmpint (record->comm_id, ==, 5);

  /* Sums per task: main 200+10+32+48+20 bytes (chplvis: 200+10+4+48+5). */
  sums = weft_chplvis_compute_task_comm (trace, 0, FALSE);
  compat_sums = weft_chplvis_compute_task_comm (trace, 0, TRUE);
  g_assert_cmpuint (sums[0].gets, ==, 2);
  g_assert_cmpuint (sums[0].puts, ==, 2);
  g_assert_cmpuint (sums[0].forks, ==, 1);
  g_assert_cmpuint (sums[0].bytes, ==, 310);
  g_assert_cmpuint (compat_sums[0].bytes, ==, 267);
  g_assert_cmpuint (sums[1].gets, ==, 1);
  g_assert_cmpuint (sums[5].forks, ==, 2);
  g_assert_cmpuint (sums[5].bytes, ==, 24);

  /* The concurrency curve of locale 0: main, then 10 and 11, … 13 and 14. */
  {
    g_autoptr(GArray) steps = weft_chplvis_compute_concurrency_steps (trace, 0, FALSE);
    g_autoptr(GArray) compat_steps = weft_chplvis_compute_concurrency_steps (trace, 0, TRUE);
    static const struct { int usec; guint running; } expected[] = {
      { 0, 1 }, { 110000, 2 }, { 130000, 3 }, { 160000, 2 }, { 320000, 1 }, { 410000, 2 }, { 430000, 3 }, { 460000, 2 },
    };

    g_assert_cmpuint (steps->len, ==, G_N_ELEMENTS (expected));
    for (guint i = 0; i < steps->len; i++)
      {
        g_assert_cmpint (g_array_index (steps, WeftChplvisConcurrencyStep, i).time, ==, H2_NS (1000, expected[i].usec));
        g_assert_cmpuint (g_array_index (steps, WeftChplvisConcurrencyStep, i).running, ==, expected[i].running);
      }
    /* chplvis's rule leaves 13 out. */
    g_assert_cmpuint (compat_steps->len, ==, 7);
    g_assert_cmpuint (g_array_index (compat_steps, WeftChplvisConcurrencyStep, 6).running, ==, 1);
  }

  g_assert_true (weft_chplvis_get_task_info (trace, 0, 4, &info));
  g_assert_cmpuint (info.tid, ==, 13);
  g_assert_cmpint (info.tag, ==, 0);
  g_assert_cmpstr (info.function, ==, "coforall fn with spaces");
  g_assert_cmpstr (info.src_file, ==, "my prog.chpl");
  g_assert_cmpint (info.src_line, ==, 30);
  g_assert_cmpuint (info.line, ==, 27);
  g_assert_cmpuint (info.begin_line, ==, 35);
  g_assert_cmpint (info.begin, ==, H2_NS (1000, 410000));
  g_assert_true (info.flags & WEFT_CHPLVIS_TASK_HAS_BEGIN);
  g_assert_false (info.flags & WEFT_CHPLVIS_TASK_HAS_END);
  g_assert_true (weft_chplvis_get_task_info (trace, 0, 0, &info));
  g_assert_cmpstr (info.function, ==, "main");
  g_assert_cmpint (info.tag, ==, WEFT_CHPLVIS_TAG_START);
  g_assert_false (weft_chplvis_get_task_info (trace, 0, 6, &info));

  /* The Tags menu: labels as chplvis makes them when names repeat. */
  tags = weft_chplvis_list_tags (trace, FALSE);
  g_assert_cmpuint (tags->len, ==, 5);
  g_assert_cmpstr (g_array_index (tags, WeftChplvisTagChoice, 0).label, ==, "All");
  g_assert_cmpstr (g_array_index (tags, WeftChplvisTagChoice, 1).label, ==, "Start");
  g_assert_cmpstr (g_array_index (tags, WeftChplvisTagChoice, 3).label, ==, "tag 1 (phase)");
  g_assert_cmpstr (g_array_index (tags, WeftChplvisTagChoice, 4).name, ==, "other");
  merged = weft_chplvis_list_tags (trace, TRUE);
  g_assert_cmpuint (merged->len, ==, 4);
  g_assert_cmpstr (g_array_index (merged, WeftChplvisTagChoice, 2).label, ==, "phase");
  g_assert_true (g_array_index (merged, WeftChplvisTagChoice, 2).merged);
  g_assert_cmpuint (g_array_index (merged, WeftChplvisTagChoice, 2).n_tags, ==, 2);
  g_assert_false (g_array_index (merged, WeftChplvisTagChoice, 3).merged);
  g_assert_true (weft_chplvis_has_repeated_tag_names (trace));

  /* Source paths the way chplvis resolves them, and remapped. */
  {
    g_autofree char *home = weft_chplvis_trace_dup_source_path (trace, 1, NULL, NULL);
    g_autofree char *mine = weft_chplvis_trace_dup_source_path (trace, 2, NULL, NULL);
    g_autofree char *moved = weft_chplvis_trace_dup_source_path (trace, 2, NULL, "/elsewhere");
    g_autofree char *none = weft_chplvis_trace_dup_source_path (trace, 0, NULL, NULL);

    g_assert_cmpstr (home, ==, "/opt/chapel/modules/packages/VisualDebug.chpl");
    g_assert_cmpstr (mine, ==, "/home/me/prog/my prog.chpl");
    g_assert_cmpstr (moved, ==, "/elsewhere/my prog.chpl");
    g_assert_null (none);
  }
}

static guint64
kind_count (WeftEventTable  *table,
            WeftRangeStats  *stats,
            const char      *name)
{
  for (guint16 k = 0; k < weft_event_table_get_n_kinds (table); k++)
    if (g_str_equal (weft_event_table_get_kind_name (table, k), name))
      return stats->kind_count[k];

  g_error ("no kind %s", name);
  return 0;
}

static void
test_h2_events (void)
{
  g_autoptr(WeftChplvisDataset) dataset = load_h2 ();
  WeftEventTable *table = weft_dataset_get_event_table (WEFT_DATASET (dataset));
  g_autoptr(WeftRangeStats) stats = NULL;
  WeftTimeSpan span;
  double begin_s, end_s;
  guint n_links = 0;
  static const struct { const char *kind; guint64 n; } expected[] = {
    { "main task", 1 }, { "local task", 5 }, { "on task", 2 }, { "VisualDebug task", 5 },
    { "tag", 6 }, { "pause", 2 }, { "get", 1 }, { "nb_get", 1 }, { "st_get", 1 }, { "put", 2 },
    { "nb_put", 0 }, { "st_put", 1 }, { "fork", 1 }, { "fork_nb", 1 }, { "f_fork", 1 },
    { "VisualDebug comm", 1 }, { "VisualDebug fork", 1 },
  };

  g_assert_nonnull (table);
  g_assert_cmpint (weft_event_table_get_time_unit (table), ==, WEFT_TIME_NANOSECONDS);
  g_assert_cmpint (weft_event_table_get_origin (table), ==, G_GINT64_CONSTANT (999900000000));
  g_assert_cmpuint (weft_event_table_get_n_rows (table), ==, 2);
  g_assert_cmpstr (weft_event_table_get_row_name (table, 1), ==, "locale 1");
  g_assert_cmpstr (weft_event_table_get_row_group (table, 0), ==, "Locales");
  g_assert_cmpuint (weft_event_table_get_n_events (table), ==, 32);

  span = weft_event_table_get_span (table);
  stats = weft_event_table_range_stats (table, span.begin, span.end + 1);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (kind_count (table, stats, expected[i].kind) != expected[i].n)
      g_error ("%s: %" G_GUINT64_FORMAT " events, expected %" G_GUINT64_FORMAT, expected[i].kind,
               kind_count (table, stats, expected[i].kind), expected[i].n);

  g_assert_true (weft_dataset_get_time_range (WEFT_DATASET (dataset), &begin_s, &end_s));
  g_assert_cmpfloat_with_epsilon (begin_s, 999.9, 1e-9);
  g_assert_cmpfloat_with_epsilon (end_s, 1000.7001, 1e-9);

  /* Task 13 has no Etask: it is shown up to locale 0's pause. */
  for (guint lane = 0; lane < weft_event_table_get_n_lanes (table, 0); lane++)
    {
      WeftIntervalSlice slice;

      weft_event_table_get_lane (table, 0, lane, &slice);
      for (gsize i = 0; i < slice.n; i++)
        if (slice.ref[i] == 4)
          {
            g_assert_cmpint (slice.begin[i], ==, H2_NS (1000, 410000));
            g_assert_cmpint (slice.end[i], ==, H2_NS (1000, 500000));
            g_assert_cmpstr (weft_event_table_lookup_string (table, slice.label[i]), ==, "coforall fn with spaces");
          }
    }

  /* Every link leads back to its record. */
  for (guint p = 0; p < weft_event_table_get_n_link_pairs (table); p++)
    {
      WeftLinkSlice slice;

      weft_event_table_get_link_pair (table, p, &slice);
      for (gsize i = 0; i < slice.n; i++)
        {
          WeftChplvisEventRef event;
          WeftChplvisCommRecord record;

          g_assert_true (weft_chplvis_dataset_lookup_event (dataset, slice.kind[i], slice.from_row, slice.to_row,
                                                            slice.ref[i], &event));
          g_assert_true (event.type == WEFT_CHPLVIS_EVENT_COMM || event.type == WEFT_CHPLVIS_EVENT_FORK);
          weft_chplvis_get_comm_record (weft_chplvis_dataset_get_trace (dataset), event.locale,
                                        event.type == WEFT_CHPLVIS_EVENT_FORK, event.index, &record);
          g_assert_cmpuint (record.from, ==, slice.from_row);
          g_assert_cmpuint (record.to, ==, slice.to_row);
          g_assert_cmpint (record.time, ==, slice.from_time[i]);
          g_assert_cmpuint (record.bytes, ==, slice.size[i]);
          n_links++;
        }
    }
  g_assert_cmpuint (n_links, ==, 11);
}

static void
test_h2_json (void)
{
  g_autoptr(WeftChplvisDataset) dataset = load_h2 ();
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  const char *expected =
    "{\"chplvis\":{\"locales\":2,\"tags\":[\"phase\",\"phase\",\"other\"],"
    "\"records\":{\"ChplVdebug\":2,\"CHPL_HOME\":1,\"DIR\":1,\"SAVEC\":1,\"Tablesize\":1,\"fname\":3,"
    "\"FIDNsize\":1,\"FIDname\":3,\"tname\":3,\"VdbMark\":9,\"Tag\":6,\"Pause\":2,\"End\":2,\"task\":12,"
    "\"Btask\":12,\"Etask\":11,\"get\":2,\"nb_get\":1,\"st_get\":1,\"put\":2,\"st_put\":1,\"fork\":2,"
    "\"fork_nb\":1,\"f_fork\":1},"
    "\"comm_raw\":{\"count\":[[0,7],[4,0]],\"bytes\":[[0,377],[137,0]]},"
    "\"comm\":{\"count\":[[0,5],[4,0]],\"bytes\":[[0,304],[137,0]]},"
    "\"tasks\":[5,3],\"max_concurrency\":[3,2]}}";

  json_builder_begin_object (builder);
  weft_dataset_add_json (WEFT_DATASET (dataset), builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_dataset_basics (void)
{
  g_autoptr(WeftChplvisDataset) dataset = load_h2 ();
  WeftDataset *d = WEFT_DATASET (dataset);
  g_auto(GStrv) sources = weft_dataset_dup_sources (d);
  const char *const *views = weft_dataset_list_views (d);

  g_assert_cmpstr (weft_dataset_get_family (d), ==, "chplvis");
  g_assert_cmpstr (weft_dataset_get_format_version (d), ==, "1.4");
  g_assert_cmpuint (weft_dataset_get_n_rows (d), ==, 2);
  g_assert_cmpuint (g_strv_length (sources), ==, 2);
  g_assert_true (g_str_has_suffix (sources[0], "H2-0"));
  g_assert_cmpuint (g_strv_length ((GStrv)views), ==, 5);
  g_assert_cmpstr (views[0], ==, "timeline");
  g_assert_cmpstr (views[1], ==, "comm-matrix");
  g_assert_cmpstr (views[2], ==, "values");
  g_assert_cmpstr (views[3], ==, "graph");
  g_assert_cmpstr (views[4], ==, "profile");
  g_assert_true (weft_chplvis_dataset_get_complete (dataset));
}

static void
test_sniff (void)
{
  const WeftFormat *format;
  g_autofree char *root = weft_test_make_tmp_dir ();
  g_autofree char *run = g_build_filename (root, "RUN", NULL);
  g_autofree char *file = NULL;
  const char *head = "ChplVdebug: ver 1.4 nodes 1 nid 0 tid 1 seq 1.000 1.0 0.1 0.1 \n";
  const char *const good_children[] = { "RUN-0", "RUN-1", NULL };
  const char *const vdebug_children[] = { ".Vdebug-0", NULL };
  const char *const other_children[] = { "E1-0", "notes", NULL };
  const char *const two_children[] = { "A-0", "B-0", NULL };
  const char *const no_children[] = { "notes", "README", NULL };
  WeftSniffInput input = { 0 };

  weft_formats_init ();
  format = weft_format_lookup ("chplvis");
  g_assert_nonnull (format);
  g_assert_cmpstr (format->mime_type, ==, "application/x-chplvis-trace");
  g_assert_true (format->opens_directories);

  input.head = (const guint8 *)head;
  input.head_len = strlen (head);
  input.basename = "E1-0";
  g_assert_cmpint (format->sniff (&input), ==, WEFT_SNIFF_CERTAIN);
  input.head = (const guint8 *)"ChplVdebu";
  input.head_len = 9;
  g_assert_cmpint (format->sniff (&input), ==, WEFT_SNIFF_NO);
  input.head_len = 0;
  g_assert_cmpint (format->sniff (&input), ==, WEFT_SNIFF_NO);

  memset (&input, 0, sizeof input);
  input.is_directory = TRUE;
  input.basename = "RUN";
  input.children = good_children;
  g_assert_cmpint (format->sniff (&input), ==, WEFT_SNIFF_LIKELY);
  input.basename = ".Vdebug";
  input.children = vdebug_children;
  g_assert_cmpint (format->sniff (&input), ==, WEFT_SNIFF_LIKELY);
  /* Renamed after the run, one X-0 family: probably a run (the reader checks). */
  input.basename = "FishLearning-E1";
  input.children = other_children;
  g_assert_cmpint (format->sniff (&input), ==, WEFT_SNIFF_WEAK);
  /* Two families, or none: not a run folder. */
  input.children = two_children;
  g_assert_cmpint (format->sniff (&input), ==, WEFT_SNIFF_NO);
  input.children = no_children;
  g_assert_cmpint (format->sniff (&input), ==, WEFT_SNIFF_NO);

  /* Through the registry, on real files. */
  g_assert_cmpint (g_mkdir_with_parents (run, 0755), ==, 0);
  file = g_build_filename (run, "RUN-0", NULL);
  g_assert_true (g_file_set_contents (file, head, -1, NULL));
  {
    g_autoptr(GFile) gdir = g_file_new_for_path (run);
    g_autoptr(GFile) gfile = g_file_new_for_path (file);
    g_autoptr(GError) error = NULL;

    g_assert_true (weft_format_detect (gdir, NULL, &error) == format);
    g_assert_no_error (error);
    g_assert_true (weft_format_detect (gfile, NULL, &error) == format);
    g_assert_no_error (error);
  }

  /* A run folder crowded with other files (40,000 here): its RUN-0 is found
   * wherever the folder lists it. Sniffers once saw the first 4,096 names
   * listed, in the file system's order. */
  for (guint i = 0; i < 40000; i++)
    {
      g_autofree char *other = g_strdup_printf ("%s/core.%05u", run, i);
      int fd = g_open (other, O_WRONLY | O_CREAT | O_TRUNC, 0644);

      g_assert_cmpint (fd, >=, 0);
      close (fd);
    }
  {
    g_autoptr(GFile) gdir = g_file_new_for_path (run);
    g_autoptr(GError) error = NULL;

    g_assert_true (weft_format_detect (gdir, NULL, &error) == format);
    g_assert_no_error (error);
  }

  weft_test_rm_rf (root);
}

/* A crashed run: CPU and clock stop at the last record, with warnings. */
static void
test_incomplete (void)
{
  g_autofree char *root = weft_test_make_tmp_dir ();
  g_autofree char *dir = g_build_filename (root, "C", NULL);
  g_autofree char *c0 = g_build_filename (dir, "C-0", NULL);
  g_autoptr(GFile) file = NULL;
  g_autoptr(WeftDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree WeftChplvisLocaleStats *stats = NULL;
  g_autofree WeftChplvisLocaleStats *compat = NULL;
  WeftChplvisDataset *dataset;
  WeftChplvisQuery query;
  GPtrArray *warnings;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (c0,
                                      "ChplVdebug: ver 1.4 nodes 2 nid 0 tid 1 seq 1.000 10.000000 0.5 0.1 \n"
                                      "task: 10.1 0 2 1 L 1 1 0\n"
                                      "Btask: 10.2 0 2\n"
                                      "put: 10.25 0 1 2 0x1 0x2 1 8 1 2 1\n"
                                      "tname: 0 t\n"
                                      "Tag: 10.4 0.7 0.2 0 1 0\n"
                                      "Btask: 10.5 0 9\n"
                                      "get: 10.6 0 1 2 0x1 0x2 1 8", -1, NULL));

  file = g_file_new_for_path (dir);
  document = weft_document_new_for_file (file);
  weft_document_load (document, NULL, &error);
  g_assert_no_error (error);
  dataset = WEFT_CHPLVIS_DATASET (weft_document_get_dataset (document));
  g_assert_false (weft_chplvis_dataset_get_complete (dataset));

  warnings = weft_document_get_warnings (document);
  g_assert_cmpuint (warnings->len, ==, 4);   /* cut short, Btask 9, no End, locale 1 missing */

  weft_chplvis_query_init (&query);
  stats = weft_chplvis_compute_locale_stats (weft_chplvis_dataset_get_trace (dataset), &query);
  /* All runs from 10.0 to the last record at 10.5 (the cut get does not count);
   * CPU only up to the last sample (the Tag). */
  g_assert_cmpfloat_with_epsilon (stats[0].clock, 0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (stats[0].cpu_user, 0.2, 1e-9);
  g_assert_cmpfloat_with_epsilon (stats[0].cpu_sys, 0.1, 1e-9);
  g_assert_cmpuint (stats[0].tasks, ==, 2);
  g_assert_cmpuint (stats[0].max_concurrency, ==, 2);
  g_assert_cmpuint (stats[0].comm_out_count, ==, 1);
  query.tag = WEFT_CHPLVIS_TAG_START;
  g_clear_pointer (&stats, g_free);
  stats = weft_chplvis_compute_locale_stats (weft_chplvis_dataset_get_trace (dataset), &query);
  g_assert_cmpfloat_with_epsilon (stats[0].clock, 0.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (stats[0].cpu_user, 0.2, 1e-9);
  /* chplvis never closes All without End: it stays 0. */
  query.tag = WEFT_CHPLVIS_TAG_ALL;
  query.chplvis_compat = TRUE;
  compat = weft_chplvis_compute_locale_stats (weft_chplvis_dataset_get_trace (dataset), &query);
  g_assert_cmpfloat (compat[0].clock, ==, 0.0);

  weft_test_rm_rf (root);
}

/* Corpus ------------------------------------------------------------------- */

typedef struct
{
  guint from, to;
  double count, bytes;
} Cell;

static void
check_corpus_matrix (WeftChplvisDataset *dataset,
                     const char         *tag,
                     const Cell         *cells,
                     guint               n_cells)
{
  guint n = weft_chplvis_dataset_get_n_locales (dataset);
  g_autofree double *count = g_new0 (double, n * n);
  g_autofree double *bytes = g_new0 (double, n * n);
  WeftViewOptions options = { 0 };

  for (guint i = 0; i < n_cells; i++)
    {
      count[cells[i].from * n + cells[i].to] = cells[i].count;
      bytes[cells[i].from * n + cells[i].to] = cells[i].bytes;
    }
  options.tag = tag;
  check_matrix (dataset, &options, count);
  options.metric = "bytes";
  check_matrix (dataset, &options, bytes);
}

static void
check_corpus_locales (WeftChplvisDataset *dataset,
                      const char         *tag,
                      const guint        *tasks,
                      const guint        *concurrency)
{
  g_autoptr(WeftValueTable) values = NULL;
  g_autoptr(GError) error = NULL;
  WeftViewOptions options = { 0 };

  options.tag = tag;
  values = weft_dataset_dup_values (WEFT_DATASET (dataset), "values", &options, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < weft_value_table_get_n_rows (values); i++)
    {
      g_assert_cmpfloat (weft_value_table_get (values, i, 0), ==, tasks[i]);
      g_assert_cmpfloat (weft_value_table_get (values, i, 5), ==, concurrency[i]);
    }
}

static WeftChplvisDataset *
load_run (const char *run,
          const char *folder)
{
  g_autofree char *path = weft_test_shared_path ("corpus", "chplvis", "chapel-1.25-runs", run, folder, NULL);

  return path != NULL ? load_dataset (path) : NULL;
}

static void
test_corpus_runs (void)
{
  g_autoptr(WeftChplvisDataset) allkinds = load_run ("allkinds-nl4", "ALLK");
  g_autoptr(WeftChplvisDataset) chplvis1 = NULL;
  g_autoptr(WeftChplvisDataset) chplvis4 = NULL;
  g_autoptr(WeftChplvisDataset) tree = NULL;
  g_autoptr(WeftChplvisDataset) tiny = NULL;

  if (allkinds == NULL)
    return;
  chplvis1 = load_run ("chplvis1-nl5", "E1");
  chplvis4 = load_run ("chplvis4-nl3", "E4");
  tree = load_run ("tree-nl4", "TREEvis");
  tiny = load_run ("qt-tiny-nl2", "TINY");

  check_corpus_matrix (allkinds, NULL, (const Cell[]) {
    { 0, 1, 11, 1504 }, { 0, 2, 11, 1504 }, { 0, 3, 59, 5616 }, { 1, 0, 14, 1352 },
    { 2, 0, 10, 1096 }, { 2, 1, 4, 256 }, { 3, 0, 15, 1296 }, { 3, 2, 4, 256 } }, 8);
  check_corpus_locales (allkinds, NULL, (const guint[]) { 20, 12, 12, 15 }, (const guint[]) { 3, 2, 2, 2 });
  check_corpus_matrix (allkinds, "resumed after pause", (const Cell[]) {
    { 0, 1, 2, 392 }, { 0, 2, 2, 392 }, { 0, 3, 2, 392 }, { 1, 0, 4, 504 }, { 2, 0, 4, 504 }, { 3, 0, 4, 504 } }, 6);
  check_corpus_locales (allkinds, "resumed after pause", (const guint[]) { 8, 4, 4, 4 }, (const guint[]) { 3, 2, 2, 2 });

  check_corpus_matrix (chplvis1, "All", (const Cell[]) {
    { 0, 1, 1, 120 }, { 0, 2, 1, 120 }, { 0, 3, 1, 120 }, { 0, 4, 1, 120 },
    { 1, 0, 13, 1056 }, { 2, 0, 13, 1056 }, { 3, 0, 13, 1056 }, { 4, 0, 13, 1056 } }, 8);
  check_corpus_locales (chplvis1, NULL, (const guint[]) { 6, 1, 1, 1, 1 }, (const guint[]) { 5, 1, 1, 1, 1 });

  check_corpus_matrix (chplvis4, NULL, (const Cell[]) {
    { 0, 1, 20, 2472 }, { 0, 2, 20, 2472 }, { 1, 0, 28, 2656 }, { 2, 0, 28, 2656 } }, 4);
  check_corpus_locales (chplvis4, NULL, (const guint[]) { 22, 12, 12 }, (const guint[]) { 4, 2, 2 });
  check_corpus_matrix (chplvis4, "finish", (const Cell[]) {
    { 0, 1, 4, 584 }, { 0, 2, 4, 584 }, { 1, 0, 16, 1600 }, { 2, 0, 16, 1600 } }, 4);
  check_corpus_locales (chplvis4, "finish", (const guint[]) { 5, 2, 2 }, (const guint[]) { 4, 2, 2 });

  check_corpus_matrix (tree, NULL, (const Cell[]) {
    { 0, 1, 94, 9408 }, { 0, 2, 94, 9408 }, { 0, 3, 54, 5024 }, { 1, 0, 34, 2640 },
    { 1, 3, 39, 4056 }, { 2, 0, 34, 2640 }, { 2, 3, 6, 648 }, { 3, 0, 34, 2640 } }, 8);
  check_corpus_locales (tree, NULL, (const guint[]) { 52, 49, 51, 49 }, (const guint[]) { 3, 3, 2, 3 });
  check_corpus_matrix (tree, "decl 1", (const Cell[]) {
    { 0, 1, 53, 4632 }, { 0, 2, 53, 4632 }, { 0, 3, 24, 2064 }, { 1, 0, 5, 464 },
    { 1, 3, 31, 2696 }, { 2, 0, 5, 464 }, { 3, 0, 5, 464 } }, 7);
  check_corpus_locales (tree, "decl 1", (const guint[]) { 16, 17, 17, 17 }, (const guint[]) { 3, 2, 2, 3 });
  check_corpus_matrix (tree, "cubeiter", (const Cell[]) {
    { 0, 1, 3, 288 }, { 0, 2, 3, 288 }, { 0, 3, 1, 64 }, { 2, 3, 3, 288 } }, 4);
  check_corpus_locales (tree, "cubeiter", (const guint[]) { 1, 1, 1, 1 }, (const guint[]) { 1, 1, 1, 1 });

  check_corpus_matrix (tiny, NULL, (const Cell[]) { { 0, 1, 2, 168 }, { 1, 0, 1, 8 } }, 2);
  check_corpus_locales (tiny, NULL, (const guint[]) { 1, 1 }, (const guint[]) { 1, 1 });
}

static void
test_corpus_json (void)
{
  g_autofree char *path = weft_test_shared_path ("corpus", "chplvis", "chapel-1.25-runs", "qt-tiny-nl2", "TINY", NULL);
  g_autoptr(WeftChplvisDataset) dataset = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  if (path == NULL)
    return;
  dataset = load_dataset (path);
  json_builder_begin_object (builder);
  weft_dataset_add_json (WEFT_DATASET (dataset), builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  /* RUNS.md's counts; comm_raw by awk over the files; main's fork 104 B and
   * the nb_get (64 B) go 0→1, task 4's fork (192 B, VisualDebug's) is left out. */
  g_assert_cmpstr (text, ==,
                   "{\"chplvis\":{\"locales\":2,\"tags\":[],"
                   "\"records\":{\"ChplVdebug\":2,\"CHPL_HOME\":1,\"DIR\":1,\"SAVEC\":1,\"Tablesize\":1,"
                   "\"fname\":97,\"FIDNsize\":1,\"FIDname\":138,\"VdbMark\":2,\"End\":2,\"task\":5,\"Btask\":5,"
                   "\"Etask\":5,\"nb_get\":1,\"nb_put\":1,\"fork\":2},"
                   "\"comm_raw\":{\"count\":[[0,3],[1,0]],\"bytes\":[[0,360],[8,0]]},"
                   "\"comm\":{\"count\":[[0,2],[1,0]],\"bytes\":[[0,168],[8,0]]},"
                   "\"tasks\":[1,1],\"max_concurrency\":[1,1]}}");
}

/* synthetic-S2: what its README says chplvis makes of it. */
static void
test_synthetic_s2 (void)
{
  g_autofree char *path = weft_test_shared_path ("corpus", "chplvis", "synthetic-S2", "S2", NULL);
  g_autoptr(WeftChplvisDataset) dataset = NULL;
  g_autoptr(GArray) tags = NULL;
  const WeftChplvisTrace *trace;
  WeftChplvisQuery query;
  /* "Filtered as VisualDebug overhead: loc0 tasks 4,5,7 …; loc1 tasks 2,4,5,6,8.
   * User events kept: loc0 tasks 2,3; loc1 tasks 3,7" (2 and 6 of locale 1
   * have no task record at all). */
  static const guint64 overhead[2][3] = { { 4, 5, 7 }, { 4, 5, 8 } };
  static const guint64 kept[2][2] = { { 2, 3 }, { 3, 7 } };

  if (path == NULL)
    return;
  dataset = load_dataset (path);
  trace = weft_chplvis_dataset_get_trace (dataset);

  tags = weft_chplvis_list_tags (trace, FALSE);
  g_assert_cmpuint (tags->len, ==, 4);
  g_assert_cmpstr (g_array_index (tags, WeftChplvisTagChoice, 1).name, ==, "Start");
  g_assert_cmpstr (g_array_index (tags, WeftChplvisTagChoice, 2).name, ==, "phase one");
  g_assert_cmpstr (g_array_index (tags, WeftChplvisTagChoice, 3).name, ==, "phase two");

  for (guint l = 0; l < 2; l++)
    {
      const WeftChplvisLocale *locale = trace->locales[l];
      guint n_overhead = 0, n_kept = 0;

      for (guint32 i = 0; i < locale->tasks.n; i++)
        {
          guint8 flags = locale->tasks.flags[i];
          guint64 tid = locale->tasks.tid[i];

          if (flags & WEFT_CHPLVIS_TASK_MAIN)
            continue;
          if (flags & WEFT_CHPLVIS_TASK_OVERHEAD)
            {
              g_assert_true (tid == overhead[l][0] || tid == overhead[l][1] || tid == overhead[l][2]);
              n_overhead++;
            }
          else
            {
              g_assert_true (tid == kept[l][0] || tid == kept[l][1]);
              n_kept++;
            }
        }
      g_assert_cmpuint (n_overhead, ==, 3);
      g_assert_cmpuint (n_kept, ==, 2);
    }
  /* "… and their forks": the three forks of tasks 4, 5, 7. */
  for (guint32 i = 0; i < trace->locales[0]->forks.n; i++)
    g_assert_cmpint (!!(trace->locales[0]->forks.flags[i] & WEFT_CHPLVIS_COMM_OVERHEAD), ==,
                     weft_chplvis_forks_get_tid (trace->locales[0], i) >= 4);

  /* "comm 0->1 fork (48B) by task3, get 1->0 (8B) by task2" in Start,
   * "put/nb_put/st_get (1024/512/8*16 B) by main" in phase one, "f_fork 16B,
   * fork_nb 32B" in phase two, "put 1->0 64B by loc1 task3" in Start. */
  check_corpus_matrix (dataset, "Start", (const Cell[]) { { 0, 1, 1, 48 }, { 1, 0, 2, 72 } }, 2);
  check_corpus_matrix (dataset, "phase one", (const Cell[]) { { 0, 1, 2, 1536 }, { 1, 0, 1, 128 } }, 2);
  check_corpus_matrix (dataset, "phase two", (const Cell[]) { { 0, 1, 2, 48 } }, 1);
  check_corpus_matrix (dataset, NULL, (const Cell[]) { { 0, 1, 5, 1632 }, { 1, 0, 3, 200 } }, 2);
  check_corpus_locales (dataset, NULL, (const guint[]) { 3, 2 }, (const guint[]) { 3, 1 });

  /* Who issued what. */
  {
    g_autoptr(GArray) main_comms = weft_chplvis_list_task_comms (trace, 0, WEFT_CHPLVIS_MAIN_TASK);
    g_autoptr(GArray) task3 = weft_chplvis_list_task_comms (trace, 1, 0);
    WeftChplvisTaskInfo info;

    /* put, nb_put, st_get, f_fork, fork_nb */
    g_assert_cmpuint (main_comms->len, ==, 5);
    g_assert_cmpuint (g_array_index (main_comms, WeftChplvisCommRecord, 2).bytes, ==, 128);
    g_assert_true (weft_chplvis_get_task_info (trace, 1, 0, &info));
    g_assert_cmpuint (info.tid, ==, 3);
    g_assert_cmpuint (info.parent, ==, 4294967295u);
    g_assert_cmpuint (task3->len, ==, 1);
    g_assert_cmpuint (g_array_index (task3, WeftChplvisCommRecord, 0).bytes, ==, 64);
  }

  /* CPU from the samples: locale 0 All = (0.07 − 0.05) + (0.09 − 0.08) user. */
  weft_chplvis_query_init (&query);
  {
    g_autofree WeftChplvisLocaleStats *stats = weft_chplvis_compute_locale_stats (trace, &query);

    g_assert_cmpfloat_with_epsilon (stats[0].cpu_user, 0.03, 1e-9);
    g_assert_cmpfloat_with_epsilon (stats[0].clock, 0.6003, 1e-9);
  }
}

static void
test_fishlearning (void)
{
  g_autofree char *path = weft_test_shared_path ("corpus", "chplvis", "FishLearning-E1", "E1-0", NULL);
  g_autoptr(WeftChplvisDataset) dataset = NULL;
  g_autofree WeftChplvisLocaleStats *stats = NULL;
  g_autoptr(GArray) profile = NULL;
  const WeftChplvisTrace *trace;
  WeftChplvisQuery query;
  double begin_s, end_s;

  if (path == NULL)
    return;
  dataset = load_dataset (path);
  trace = weft_chplvis_dataset_get_trace (dataset);
  weft_chplvis_query_init (&query);
  stats = weft_chplvis_compute_locale_stats (trace, &query);

  /* 8632 task records, 2 of them stopVdebug's (VisualDebug.chpl:98), + main. */
  g_assert_cmpuint (stats[0].tasks, ==, 8631);
  g_assert_cmpuint (stats[0].max_concurrency, ==, 7);
  /* End − header: 1577767089.117096 − 1577767073.301808, 86.392958 − 0.048628
   * user, 0.847583 − 0.009710 sys. */
  g_assert_cmpfloat_with_epsilon (stats[0].clock, 15.815288, 1e-9);
  g_assert_cmpfloat_with_epsilon (stats[0].cpu_user, 86.34433, 1e-9);
  g_assert_cmpfloat_with_epsilon (stats[0].cpu_sys, 0.837873, 1e-9);
  /* Four local strided gets of 64 × 8 bytes… */
  g_assert_cmpuint (stats[0].comm_out_count, ==, 4);
  g_assert_cmpuint (stats[0].comm_in_count, ==, 4);
  g_assert_cmpuint (stats[0].comm_out_bytes, ==, 1544);
  /* …and the longest task, 43, takes 101.918 ms. */
  g_assert_cmpfloat_with_epsilon (stats[0].max_task_clock, 0.101918, 1e-9);

  profile = weft_chplvis_compute_profile (trace, &query);
  g_assert_cmpuint (find_row (profile, 30)->tasks, ==, 0);
  {
    guint64 n_tasks = 0;

    for (guint i = 0; i < profile->len; i++)
      n_tasks += g_array_index (profile, WeftChplvisProfileRow, i).tasks;
    g_assert_cmpuint (n_tasks, ==, 8630);
  }

  g_assert_true (weft_dataset_get_time_range (WEFT_DATASET (dataset), &begin_s, &end_s));
  g_assert_cmpfloat_with_epsilon (begin_s, 1577767073.301808, 1e-6);
  g_assert_cmpfloat_with_epsilon (end_s, 1577767089.117096, 1e-6);
  g_assert_cmpuint (weft_event_table_get_n_events (weft_dataset_get_event_table (WEFT_DATASET (dataset))), ==,
                    8633 + 4);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chplvis/model/basics", test_dataset_basics);
  g_test_add_func ("/chplvis/model/h2-matrix", test_h2_matrix);
  g_test_add_func ("/chplvis/model/h2-errors", test_h2_errors);
  g_test_add_func ("/chplvis/model/h2-values", test_h2_values);
  g_test_add_func ("/chplvis/model/h2-compat", test_h2_compat);
  g_test_add_func ("/chplvis/model/h2-comm-matrices", test_h2_comm_matrices);
  g_test_add_func ("/chplvis/model/comm-matrices-threaded", test_comm_matrices_threaded);
  g_test_add_func ("/chplvis/model/h2-profile", test_h2_profile);
  g_test_add_func ("/chplvis/model/h2-lists", test_h2_lists);
  g_test_add_func ("/chplvis/model/h2-events", test_h2_events);
  g_test_add_func ("/chplvis/model/h2-json", test_h2_json);
  g_test_add_func ("/chplvis/model/sniff", test_sniff);
  g_test_add_func ("/chplvis/model/incomplete", test_incomplete);
  g_test_add_func ("/chplvis/model/corpus-runs", test_corpus_runs);
  g_test_add_func ("/chplvis/model/corpus-json", test_corpus_json);
  g_test_add_func ("/chplvis/model/synthetic-s2", test_synthetic_s2);
  g_test_add_func ("/chplvis/model/fishlearning", test_fishlearning);

  return g_test_run ();
}

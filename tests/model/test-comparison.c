/* test-comparison.c: WeftComparison on real documents: the views both runs
 * have, the choices both accept, refusing two families, and time ranges
 * counted from each run's start or from the instant the runs are aligned at.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-comparison.h"
#include "weft-document.h"
#include "weft-error.h"
#include "weft-format.h"
#include "weft-test-util.h"

static WeftDocument *
load (const char *first_element,
      ...)
{
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  WeftDocument *document;
  va_list args;
  GPtrArray *parts = g_ptr_array_new ();

  va_start (args, first_element);
  for (const char *e = first_element; e != NULL; e = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer)e);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  path = g_build_filenamev ((char **)parts->pdata);
  g_ptr_array_free (parts, TRUE);

  file = g_file_new_for_path (path);
  document = weft_document_new_for_file (file);
  g_assert_true (weft_document_load (document, NULL, &error));
  g_assert_no_error (error);
  return document;
}

static WeftDocument *
load_demo (void)
{
  g_autofree char *demo = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);

  return load (demo, NULL);
}

static void
test_views_and_choices (void)
{
  g_autoptr(WeftDocument) demo = load_demo ();
  g_autofree char *four_path = weft_test_shared_path ("corpus", "chplvis", "chapel-1.25-runs", "allkinds-nl4", NULL);
  g_autoptr(WeftDocument) four = load (four_path, NULL);
  g_autofree char *mpd_path = weft_test_source_path ("data", "samples", "mpd-demo.trace", NULL);
  g_autoptr(WeftDocument) mpd = load (mpd_path, NULL);
  g_autoptr(WeftComparison) comparison = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) tags = NULL;
  g_auto(GStrv) kinds = NULL;
  const char *const *views;

  comparison = weft_comparison_new (weft_document_get_dataset (four), weft_document_get_dataset (demo),
                                    WEFT_COMPARE_DIFFERENCE, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (weft_dataset_get_family (WEFT_DATASET (comparison)), ==, "chplvis");
  views = weft_dataset_list_views (WEFT_DATASET (comparison));
  /* Every view both have but the timeline, which is shown side by side. */
  g_assert_true (g_strv_contains (views, "comm-matrix"));
  g_assert_true (g_strv_contains (views, "values"));
  g_assert_false (g_strv_contains (views, "timeline"));
  g_assert_null (weft_dataset_get_event_table (WEFT_DATASET (comparison)));
  g_assert_cmpuint (weft_dataset_get_n_rows (WEFT_DATASET (comparison)), ==, 8);

  /* The runs share no tag name: only All and Start are offered. */
  tags = weft_dataset_dup_choices (WEFT_DATASET (comparison), "tag");
  g_assert_cmpuint (g_strv_length (tags), ==, 2);
  g_assert_cmpstr (tags[0], ==, "All");
  g_assert_cmpstr (tags[1], ==, "Start");
  kinds = weft_dataset_dup_choices (WEFT_DATASET (comparison), "kind");
  g_assert_cmpuint (g_strv_length (kinds), ==, 4);
  g_assert_null (weft_dataset_dup_choices (WEFT_DATASET (comparison), "metric"));

  /* A Chapel run against an MPD trace. */
  g_assert_null (weft_comparison_new (weft_document_get_dataset (demo), weft_document_get_dataset (mpd),
                                      WEFT_COMPARE_DIFFERENCE, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "different kinds"));
}

/* Ranges count from each run's anchor: compared with itself but anchored at
 * its start on one side and at its first "compute" tag on the other, the
 * comparison of [0, d] is the matrix of [compute, compute + d] minus that of
 * [start, start + d], each taken from the run alone. */
static void
test_anchors (void)
{
  g_autoptr(WeftDocument) demo = load_demo ();
  WeftDataset *dataset = weft_document_get_dataset (demo);
  WeftEventTable *table = weft_dataset_get_event_table (dataset);
  WeftTimeSpan span = weft_event_table_get_span (table);
  g_autoptr(WeftComparison) comparison = NULL;
  g_autoptr(WeftMatrix) difference = NULL;
  g_autoptr(WeftMatrix) base_side = NULL;
  g_autoptr(WeftMatrix) other_side = NULL;
  g_autoptr(WeftMatrix) early = NULL;
  g_autoptr(WeftMatrix) late = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) alignments = NULL;
  WeftViewOptions options = { 0 }, early_options = { 0 }, late_options = { 0 };
  gint64 compute, d;
  guint n_nonzero = 0;

  comparison = weft_comparison_new (dataset, dataset, WEFT_COMPARE_DIFFERENCE, NULL);

  /* The demo's tags in the order they first occur. */
  alignments = weft_comparison_dup_alignments (comparison);
  g_assert_cmpstr (alignments[0], ==, "init arrays");
  g_assert_cmpstr (alignments[1], ==, "compute");
  g_assert_cmpstr (alignments[2], ==, "halo exchange");

  g_assert_true (weft_comparison_align_at (comparison, "compute", &error));
  g_assert_no_error (error);
  compute = weft_comparison_get_anchor (comparison, FALSE);
  g_assert_cmpint (compute, >, span.begin);
  g_assert_cmpint (weft_comparison_get_anchor (comparison, TRUE), ==, compute);
  g_assert_false (weft_comparison_align_at (comparison, "no such tag", &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_true (weft_comparison_align_at (comparison, NULL, NULL));
  g_assert_cmpint (weft_comparison_get_anchor (comparison, TRUE), ==, span.begin);

  weft_comparison_set_anchors (comparison, TRUE, span.begin, compute);
  d = (span.end - compute) / 2;
  options.has_range = TRUE;
  options.range = (WeftTimeSpan) { 0, d };
  difference = weft_comparison_dup_matrix (comparison, "comm-matrix", &options, &base_side, &other_side, NULL, &error);
  g_assert_no_error (error);

  early_options.has_range = late_options.has_range = TRUE;
  early_options.range = (WeftTimeSpan) { span.begin, span.begin + d };
  late_options.range = (WeftTimeSpan) { compute, compute + d };
  early = weft_dataset_dup_matrix (dataset, "comm-matrix", &early_options, NULL);
  late = weft_dataset_dup_matrix (dataset, "comm-matrix", &late_options, NULL);
  for (gsize i = 0; i < weft_matrix_get_n_elements (difference); i++)
    {
      double want = weft_matrix_get (late, i) - weft_matrix_get (early, i);

      g_assert_cmpfloat (weft_matrix_get (difference, i), ==, want);
      /* Each side as the run alone gives it, over its own range. */
      g_assert_cmpfloat (weft_matrix_get (base_side, i), ==, weft_matrix_get (early, i));
      g_assert_cmpfloat (weft_matrix_get (other_side, i), ==, weft_matrix_get (late, i));
      n_nonzero += want != 0;
    }
  g_assert_cmpuint (n_nonzero, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  weft_formats_init ();

  g_test_add_func ("/comparison/views-and-choices", test_views_and_choices);
  g_test_add_func ("/comparison/anchors", test_anchors);

  return g_test_run ();
}

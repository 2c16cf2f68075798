/* test-value-filter.c: "$value" filters, 2-D planes of N-d arrays and the
 * statistics over finite values that the MDA page shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "weft-error.h"
#include "weft-value-filter.h"

static gboolean
matches (const char *text,
         double      value)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftValueFilter) filter = weft_value_filter_parse (text, &error);

  g_assert_no_error (error);
  g_assert_nonnull (filter);
  return weft_value_filter_match (filter, value);
}

static void
test_expressions (void)
{
  g_assert_true (matches ("$value > 0", 1));
  g_assert_false (matches ("$value > 0", 0));
  g_assert_false (matches ("$value > 0", NAN));
  g_assert_true (matches ("$value != 0 && $value < 5", 4.5));
  g_assert_false (matches ("$value != 0 && $value < 5", 0));
  g_assert_false (matches ("$value != 0 && $value < 5", 5));
  g_assert_true (matches ("$value < -1 || $value >= 10", 10));
  g_assert_true (matches ("$value < -1 || $value >= 10", -3));
  g_assert_false (matches ("$value < -1 || $value >= 10", 0));
  g_assert_true (matches ("!($value == 3)", 2));
  g_assert_false (matches ("!($value == 3)", 3));
  g_assert_true (matches ("abs($value - 10) <= 0.5", 9.6));
  g_assert_true (matches ("$value * 2 + 1 == 7", 3));
  g_assert_true (matches ("-$value > 2", -3));
  g_assert_true (matches ("$value % 2 == 1", 7));
  g_assert_true (matches ("isnan($value)", NAN));
  g_assert_true (matches ("isinf($value) && $value > 0", INFINITY));
  g_assert_true (matches ("$value == $value", 1));
  g_assert_false (matches ("$value == $value", NAN));
  g_assert_true (matches ("$value", 0.25));
  g_assert_false (matches ("$value", 0));
  g_assert_true (matches ("  $value>=1e3  ", 1000));
  g_assert_true (matches ("$value < inf", 1e308));
}

static void
test_errors (void)
{
  const struct {
    const char *text;
    const char *column;
  } cases[] = {
    { "", "column 1" },
    { "$value >", "column 9" },
    { "$value > 0 &&", "column 14" },
    { "($value > 0", "column 12" },
    { "$value > 0)", "column 11" },
    { "$val > 0", "column 1" },
    { "value > 0", "column 1" },
    { "$value >> 0", "column 9" },
    { "abs $value", "column 5" },
    { "infinity > 0", "column 1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(WeftValueFilter) filter = weft_value_filter_parse (cases[i].text, &error);

      g_assert_null (filter);
      g_assert_error (error, WEFT_ERROR, WEFT_ERROR_PARSE);
      if (!g_str_has_prefix (error->message, cases[i].column))
        g_error ("“%s”: “%s” does not start with “%s”", cases[i].text, error->message, cases[i].column);
    }

  /* Deep nesting is refused, not a stack overflow. */
  {
    g_autoptr(GString) deep = g_string_new (NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(WeftValueFilter) filter = NULL;

    for (guint i = 0; i < 100000; i++)
      g_string_append_c (deep, '(');
    filter = weft_value_filter_parse (deep->str, &error);
    g_assert_null (filter);
    g_assert_nonnull (strstr (error->message, "nested too deeply"));
  }
  {
    g_autoptr(GString) minus = g_string_new (NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(WeftValueFilter) filter = NULL;

    for (guint i = 0; i < 100000; i++)
      g_string_append (minus, "-");
    g_string_append (minus, "$value");
    filter = weft_value_filter_parse (minus->str, &error);
    g_assert_null (filter);
    g_assert_error (error, WEFT_ERROR, WEFT_ERROR_PARSE);
  }
}

/* 2 × 3 × 4 array with value 100·i + 10·j + k; cell (1, 2, 3) filtered. */
static WeftMatrix *
make_cube (void)
{
  const gsize shape[3] = { 2, 3, 4 };
  WeftMatrix *m = weft_matrix_new (3, shape);

  for (gsize i = 0; i < 2; i++)
    for (gsize j = 0; j < 3; j++)
      for (gsize k = 0; k < 4; k++)
        weft_matrix_set (m, (i * 3 + j) * 4 + k, 100.0 * i + 10.0 * j + k);
  weft_matrix_set_filtered (m, (1 * 3 + 2) * 4 + 3, TRUE);
  weft_matrix_set_dim_name (m, 0, "$i");
  weft_matrix_set_dim_name (m, 1, "$j");
  weft_matrix_set_dim_name (m, 2, "$k");
  weft_matrix_set_dim_start (m, 2, 5);
  return m;
}

static void
test_slice (void)
{
  g_autoptr(WeftMatrix) cube = make_cube ();
  gsize fixed[3] = { 1, 2, 0 };
  g_autoptr(WeftMatrix) jk = NULL;
  g_autoptr(WeftMatrix) kj = NULL;
  g_autoptr(WeftMatrix) ik = NULL;
  g_autoptr(WeftMatrix) bad = NULL;

  /* Rows $j, columns $k at $i = 1. */
  jk = weft_matrix_slice_2d (cube, 1, 2, fixed);
  g_assert_cmpuint (weft_matrix_get_shape (jk)[0], ==, 3);
  g_assert_cmpuint (weft_matrix_get_shape (jk)[1], ==, 4);
  g_assert_cmpfloat (weft_matrix_get_2d (jk, 2, 1), ==, 121);
  g_assert_true (weft_matrix_is_filtered (jk, 2 * 4 + 3));
  g_assert_false (weft_matrix_is_filtered (jk, 2 * 4 + 2));
  g_assert_cmpstr (weft_matrix_get_dim_name (jk, 0), ==, "$j");
  g_assert_cmpint (weft_matrix_get_dim_start (jk, 1), ==, 5);

  /* Transposed: rows $k, columns $j. */
  kj = weft_matrix_slice_2d (cube, 2, 1, fixed);
  g_assert_cmpuint (weft_matrix_get_shape (kj)[0], ==, 4);
  g_assert_cmpfloat (weft_matrix_get_2d (kj, 1, 2), ==, 121);
  g_assert_cmpstr (weft_matrix_get_dim_name (kj, 1), ==, "$j");

  /* Rows $i, columns $k at $j = 2. */
  ik = weft_matrix_slice_2d (cube, 0, 2, fixed);
  g_assert_cmpfloat (weft_matrix_get_2d (ik, 1, 3), ==, 123);
  g_assert_true (weft_matrix_is_filtered (ik, 1 * 4 + 3));
  g_assert_cmpfloat (weft_matrix_get_2d (ik, 0, 0), ==, 20);

  /* An index out of range. */
  fixed[0] = 2;
  bad = weft_matrix_slice_2d (cube, 1, 2, fixed);
  g_assert_null (bad);
}

static void
test_apply_and_stats (void)
{
  g_autoptr(WeftMatrix) m = weft_matrix_new_2d (2, 4);
  g_autoptr(WeftValueFilter) filter = weft_value_filter_parse ("$value > 0", NULL);
  g_autoptr(WeftMatrix) kept = NULL;
  WeftMatrixStats stats;
  const double values[8] = { 1, 2, NAN, INFINITY, -4, 0, 3, 5 };

  for (guint i = 0; i < 8; i++)
    weft_matrix_set (m, i, values[i]);
  weft_matrix_set_filtered (m, 7, TRUE);

  weft_matrix_compute_stats (m, &stats);
  g_assert_cmpuint (stats.n_filtered, ==, 1);
  g_assert_cmpuint (stats.n_nan, ==, 1);
  g_assert_cmpuint (stats.n_inf, ==, 1);
  g_assert_cmpfloat (stats.finite_min, ==, -4);
  g_assert_cmpfloat (stats.finite_max, ==, 3);
  g_assert_cmpfloat_with_epsilon (stats.finite_mean, 2.0 / 5.0, 1e-12);
  /* Population deviation of {1, 2, -4, 0, 3}: mean 0.4, Σ(x-m)² = 29.2. */
  g_assert_cmpfloat_with_epsilon (stats.stddev, sqrt (29.2 / 5.0), 1e-12);

  kept = weft_value_filter_apply (filter, m);
  weft_matrix_compute_stats (kept, &stats);
  /* 1, 2, inf and 3 pass; NaN, -4 and 0 are filtered, 5 was already. */
  g_assert_cmpuint (stats.n_filtered, ==, 4);
  g_assert_cmpuint (stats.n_nan, ==, 0);
  g_assert_cmpfloat (stats.finite_min, ==, 1);
  g_assert_true (weft_matrix_is_filtered (kept, 2));
  g_assert_false (weft_matrix_is_filtered (kept, 3));
  /* The original is untouched. */
  g_assert_false (weft_matrix_is_filtered (m, 4));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/value-filter/expressions", test_expressions);
  g_test_add_func ("/core/value-filter/errors", test_errors);
  g_test_add_func ("/core/matrix/slice-2d", test_slice);
  g_test_add_func ("/core/matrix/filter-and-stats", test_apply_and_stats);

  return g_test_run ();
}

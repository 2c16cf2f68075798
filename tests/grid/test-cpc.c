/* test-cpc.c: DDT Cross-Process Comparison CSV (weft-cpc.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include "grid-test-util.h"
#include "weft-cpc.h"
#include "weft-error.h"
#include "weft-test-util.h"

static WeftValueTable *
make_values (const double *values,
             guint         n_rows)
{
  WeftValueTable *table = weft_value_table_new (n_rows, 2);

  weft_value_table_set_column (table, 0, "other", NULL);
  weft_value_table_set_column (table, 1, "tasks", NULL);
  for (guint i = 0; i < n_rows; i++)
    {
      weft_value_table_set (table, i, 0, 1000.0 + i);
      weft_value_table_set (table, i, 1, values[i]);
    }
  return table;
}

static char *
export (WeftValueTable *values,
        guint           column)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "cpc.csv", NULL);
  g_autofree char *listing = NULL;
  g_autoptr(GError) error = NULL;
  char *text;

  g_assert_true (weft_cpc_csv_write (values, column, path, &error));
  g_assert_no_error (error);
  text = grid_test_read_file (path, NULL);
  listing = grid_test_list_dir (dir);
  g_assert_cmpstr (listing, ==, "cpc.csv");
  weft_test_rm_rf (dir);
  return text;
}

static void
test_write_known_table (void)
{
  const double values[] = { 2, 2, 5, 2, NAN, 5, 0.1, 2, -1, 2 };
  g_autoptr(WeftValueTable) table = make_values (values, G_N_ELEMENTS (values));
  g_autofree char *text = export (table, 1);
  g_autofree char *other = export (table, 0);

  g_assert_cmpstr (text, ==,
                   "Value,Processes\n"
                   "-1,8\n"
                   "0.1,6\n"
                   "2,\"0-1,3,7,9\"\n"
                   "5,\"2,5\"\n"
                   "nan,4\n");
  g_assert_true (g_str_has_prefix (other, "Value,Processes\n1000,0\n1001,1\n"));
}

static void
test_write_order_and_ids (void)
{
  const double values[] = { 0.0, -0.0, 0.0, INFINITY, -INFINITY, NAN, 1e300, NAN, 1.0 / 3.0, 7 };
  g_autoptr(WeftValueTable) table = make_values (values, G_N_ELEMENTS (values));
  g_autofree char *text = NULL;

  /* Row ids, not row numbers, go into the sets. */
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    weft_value_table_set_row_id (table, i, 100 + 2 * i);
  weft_value_table_set_row_id (table, 9, 103);   /* touches 102 and 104 */
  weft_value_table_set (table, 9, 1, 0.0);

  text = export (table, 1);
  g_assert_cmpstr (text, ==,
                   "Value,Processes\n"
                   "-inf,108\n"
                   "-0,102\n"
                   "0,\"100,103-104\"\n"
                   "0.3333333333333333,116\n"
                   "1e+300,112\n"
                   "inf,106\n"
                   "nan,\"110,114\"\n");
}

static void
test_write_empty (void)
{
  g_autoptr(WeftValueTable) table = weft_value_table_new (0, 1);
  g_autofree char *text = export (table, 0);

  g_assert_cmpstr (text, ==, "Value,Processes\n");
}

static void
test_table_api (void)
{
  g_autoptr(WeftCpcTable) table = weft_cpc_table_new ();
  g_autoptr(WeftIntSet) set = weft_int_set_parse ("7-17,0-3", -1, NULL, NULL);
  g_autofree char *text = NULL;

  weft_cpc_table_add_row (table, "say \"hi\", twice", set);
  weft_cpc_table_add_row (table, " padded ", set);
  weft_int_set_add (set, 99);   /* the table keeps its own copy */
  g_assert_cmpuint (weft_cpc_table_get_n_rows (table), ==, 2);
  g_assert_cmpstr (weft_cpc_table_get_value (table, 0), ==, "say \"hi\", twice");
  g_assert_false (weft_int_set_contains (weft_cpc_table_get_processes (table, 0), 99));
  g_assert_cmpuint (weft_cpc_table_get_line (table, 0), ==, 0);

  text = weft_cpc_table_to_csv (table);
  g_assert_cmpstr (text, ==,
                   "Value,Processes\n"
                   "\"say \"\"hi\"\", twice\",\"0-3,7-17\"\n"
                   "\" padded \",\"0-3,7-17\"\n");
}

/* What we write reads back and writes again byte for byte. */
static void
test_round_trip (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (12);

  for (guint round = 0; round < 30; round++)
    {
      guint n_rows = g_rand_int_range (rand, 0, 200);
      g_autoptr(WeftValueTable) table = weft_value_table_new (n_rows, 1);
      g_autoptr(WeftCpcTable) built = NULL;
      g_autoptr(WeftCpcTable) back = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      g_autofree char *again = NULL;

      for (guint i = 0; i < n_rows; i++)
        weft_value_table_set (table, i, 0, g_rand_int_range (rand, 0, 6) * 0.25);
      built = weft_cpc_table_new_from_values (table, 0, &error);
      g_assert_no_error (error);
      text = weft_cpc_table_to_csv (built);

      back = weft_cpc_csv_parse (text, strlen (text), "r.csv", NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (weft_cpc_table_get_n_rows (back), ==, weft_cpc_table_get_n_rows (built));
      for (guint i = 0; i < weft_cpc_table_get_n_rows (back); i++)
        {
          g_assert_cmpstr (weft_cpc_table_get_value (back, i), ==, weft_cpc_table_get_value (built, i));
          g_assert_true (weft_int_set_equal (weft_cpc_table_get_processes (back, i),
                                             weft_cpc_table_get_processes (built, i)));
          g_assert_cmpuint (weft_cpc_table_get_line (back, i), ==, i + 2);
        }
      again = weft_cpc_table_to_csv (back);
      g_assert_cmpstr (again, ==, text);
    }
}

static void
test_read_tolerant (void)
{
  const char *input =
    "\xef\xbb\xbf" "value, processes ,Extra\r\n"
    " 5 , \"0-3, 7\" ,x\r\n"
    "\r\n"
    "\" spaced \",  9  ,y\r\n"
    "\"two\nlines\",\"10-11\",z";
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftCpcTable) table = weft_cpc_csv_parse (input, strlen (input), "t.csv", context, &error);
  g_autofree char *set = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (weft_cpc_table_get_n_rows (table), ==, 3);
  g_assert_cmpstr (weft_cpc_table_get_value (table, 0), ==, "5");
  set = weft_int_set_to_string (weft_cpc_table_get_processes (table, 0));
  g_assert_cmpstr (set, ==, "0-3,7");
  g_assert_cmpstr (weft_cpc_table_get_value (table, 1), ==, " spaced ");   /* quoted: kept */
  g_assert_cmpstr (weft_cpc_table_get_value (table, 2), ==, "two\nlines");
  g_assert_cmpuint (weft_cpc_table_get_line (table, 2), ==, 5);
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);

  /* Columns in another order. */
  {
    const char *swapped = "Processes,Value\n\"1,3\",abc\n";
    g_autoptr(WeftCpcTable) other = weft_cpc_csv_parse (swapped, strlen (swapped), NULL, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (weft_cpc_table_get_value (other, 0), ==, "abc");
    g_assert_true (weft_int_set_contains (weft_cpc_table_get_processes (other, 0), 3));
  }
}

static void
test_read_skips_bad_rows (void)
{
  const char *input =
    "Value,Processes\n"
    "1,0-3\n"
    "2,x\n"
    "3\n"
    "4,\"5-2\"\n"
    "5,3-4\n"
    "6,9\n";
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftCpcTable) table = weft_cpc_csv_parse (input, strlen (input), "bad.csv", context, &error);
  static const struct
  {
    guint64     line;
    const char *start;
    const char *part;
  } expected[] = {
    { 3, "column 3: ", "expected a number, found “x”" },
    { 4, "column 2: ", "this row has 1 field; the header names 2" },
    { 5, "column 4: ", "the range 5-2 ends before it starts" },
    { 6, "some of the processes “3-4” also have another value", "" },
  };

  g_assert_no_error (error);
  g_assert_cmpuint (weft_cpc_table_get_n_rows (table), ==, 3);
  g_assert_cmpstr (weft_cpc_table_get_value (table, 0), ==, "1");
  g_assert_cmpstr (weft_cpc_table_get_value (table, 1), ==, "5");
  g_assert_cmpstr (weft_cpc_table_get_value (table, 2), ==, "6");

  warnings = weft_load_context_dup_warnings (context);
  g_assert_cmpuint (warnings->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < warnings->len; i++)
    {
      const WeftWarning *warning = g_ptr_array_index (warnings, i);

      g_assert_cmpstr (warning->file, ==, "bad.csv");
      g_assert_cmpuint (warning->line, ==, expected[i].line);
      if (!g_str_has_prefix (warning->message, expected[i].start) || strstr (warning->message, expected[i].part) == NULL)
        g_error ("warning %u: “%s”", i, warning->message);
    }

  /* Without a context the same rows are skipped, silently. */
  {
    g_autoptr(WeftCpcTable) quiet = weft_cpc_csv_parse (input, strlen (input), "bad.csv", NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (weft_cpc_table_get_n_rows (quiet), ==, 3);
  }
}

static void
test_read_latin1 (void)
{
  const char *input = "Value,Processes\ncaf\xe9,1\n";
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftCpcTable) table = weft_cpc_csv_parse (input, strlen (input), "l.csv", context, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (weft_cpc_table_get_value (table, 0), ==, "café");
  warnings = weft_load_context_dup_warnings (context);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_nonnull (strstr (((WeftWarning *)g_ptr_array_index (warnings, 0))->message, "Latin-1"));
}

static void
test_read_errors (void)
{
  static const struct
  {
    const char *input;
    int         code;
    const char *message;
  } cases[] = {
    { "", WEFT_ERROR_EMPTY, "e.csv: nothing to read" },
    { "\n\n", WEFT_ERROR_EMPTY, "e.csv: nothing to read" },
    { "Value,Count\n1,2\n", WEFT_ERROR_PARSE, "e.csv:1:1: the header has no “Processes” column" },
    { "\nDepth,Processes\n", WEFT_ERROR_PARSE, "e.csv:2:1: the header has no “Value” column" },
    { "Value,Processes\n\"1,0\n", WEFT_ERROR_PARSE, "e.csv:2:1: the quoted field opened here is never closed" },
    { "Value,Processes\n1,\"0\"x\n", WEFT_ERROR_PARSE, "e.csv:2:6: unexpected text after the closing quote" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(WeftCpcTable) table = weft_cpc_csv_parse (cases[i].input, strlen (cases[i].input), "e.csv",
                                                          NULL, &error);

      g_assert_null (table);
      g_assert_error (error, WEFT_ERROR, cases[i].code);
      if (!g_str_has_prefix (error->message, cases[i].message))
        g_error ("case %u: “%s” does not start with “%s”", i, error->message, cases[i].message);
    }

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(WeftCpcTable) table = weft_cpc_csv_read ("/nonexistent/cpc.csv", NULL, &error);

    g_assert_null (table);
    g_assert_error (error, WEFT_ERROR, WEFT_ERROR_FAILED);
    g_assert_nonnull (strstr (error->message, "/nonexistent/cpc.csv"));
  }
}

static void
test_read_file (void)
{
  g_autofree char *path = weft_test_write_tmp ("in.csv", "Value,Processes\n3.5,\"0-1,4\"\n", -1);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftCpcTable) table = weft_cpc_csv_read (path, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (weft_cpc_table_get_n_rows (table), ==, 1);
  g_assert_cmpuint (weft_int_set_get_count (weft_cpc_table_get_processes (table, 0)), ==, 3);
  weft_test_rm_rf (dir);
}

/* A table that cannot be written (a negative id has no compact-set form)
 * leaves an existing export as it was, and no temporary file. */
static void
test_unwritable_table (void)
{
  const double values[] = { 1, 2 };
  g_autoptr(WeftValueTable) table = make_values (values, 2);
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "cpc.csv", NULL);
  g_autofree char *text = NULL;
  g_autofree char *listing = NULL;
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, "Value,Processes\nold,0\n", -1, &error);
  g_assert_no_error (error);
  weft_value_table_set_row_id (table, 1, -1);
  /* Every row gets a name: weft_value_table_unref() frees the names with
   * g_strfreev(), which stops at the first row without one. */
  weft_value_table_set_row_name (table, 0, "locale 0");
  weft_value_table_set_row_name (table, 1, "locale ?");

  g_assert_false (weft_cpc_csv_write (table, 1, path, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "row 1 (locale ?) has the id -1"));
  g_clear_error (&error);

  g_assert_false (weft_cpc_csv_write (table, 2, path, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);

  text = grid_test_read_file (path, NULL);
  g_assert_cmpstr (text, ==, "Value,Processes\nold,0\n");
  listing = grid_test_list_dir (dir);
  g_assert_cmpstr (listing, ==, "cpc.csv");
  weft_test_rm_rf (dir);
}

static void
test_failed_write (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *listing = NULL;
  g_autoptr(GError) error = NULL;

  if (g_test_subprocess ())
    {
      struct rlimit limit = { 16 * 1024, 16 * 1024 };
      g_autoptr(WeftValueTable) table = weft_value_table_new (20000, 1);

      for (guint i = 0; i < 20000; i++)
        weft_value_table_set (table, i, 0, i * 0.5);
      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      g_assert_false (weft_cpc_csv_write (table, 0, g_getenv ("WEFT_TEST_DESTINATION"), &error));
      g_assert_error (error, WEFT_ERROR, WEFT_ERROR_WRITE);
      return;
    }

  dir = weft_test_make_tmp_dir ();
  path = g_build_filename (dir, "cpc.csv", NULL);
  g_file_set_contents (path, "old export\n", -1, &error);
  g_assert_no_error (error);
  g_setenv ("WEFT_TEST_DESTINATION", path, TRUE);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();

  text = grid_test_read_file (path, NULL);
  g_assert_cmpstr (text, ==, "old export\n");
  listing = grid_test_list_dir (dir);
  g_assert_cmpstr (listing, ==, "cpc.csv");
  weft_test_rm_rf (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/grid/cpc/write-known-table", test_write_known_table);
  g_test_add_func ("/grid/cpc/write-order-and-ids", test_write_order_and_ids);
  g_test_add_func ("/grid/cpc/write-empty", test_write_empty);
  g_test_add_func ("/grid/cpc/table-api", test_table_api);
  g_test_add_func ("/grid/cpc/round-trip", test_round_trip);
  g_test_add_func ("/grid/cpc/read-tolerant", test_read_tolerant);
  g_test_add_func ("/grid/cpc/read-skips-bad-rows", test_read_skips_bad_rows);
  g_test_add_func ("/grid/cpc/read-latin1", test_read_latin1);
  g_test_add_func ("/grid/cpc/read-errors", test_read_errors);
  g_test_add_func ("/grid/cpc/read-file", test_read_file);
  g_test_add_func ("/grid/cpc/unwritable-table", test_unwritable_table);
  g_test_add_func ("/grid/cpc/failed-write", test_failed_write);

  return g_test_run ();
}

/* test-mda-csv.c: DDT MDA CSV, written and read (weft-mda.h), and the atomic
 * replacement of an existing export.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "weft-error.h"
#include "weft-mda.h"
#include "weft-mda-plain.h"
#include "grid-test-util.h"
#include "weft-test-util.h"

static char *
write_to_string (WeftMatrix *matrix)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "out.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *listing = NULL;
  char *contents;

  g_assert_true (weft_mda_csv_write (matrix, path, &error));
  g_assert_no_error (error);
  contents = grid_test_read_file (path, NULL);
  listing = grid_test_list_dir (dir);
  g_assert_cmpstr (listing, ==, "out.csv");   /* no temporary file left */
  weft_test_rm_rf (dir);
  return contents;
}

static void
test_write_2d (void)
{
  g_autoptr(WeftMatrix) matrix = weft_matrix_new_2d (2, 3);
  g_autofree char *text = NULL;

  weft_matrix_set_2d (matrix, 0, 0, 1.0);
  weft_matrix_set_2d (matrix, 0, 1, 2.5);
  weft_matrix_set_2d (matrix, 0, 2, 99.0);
  weft_matrix_set_filtered (matrix, 2, TRUE);
  weft_matrix_set_2d (matrix, 1, 0, NAN);
  weft_matrix_set_2d (matrix, 1, 1, -INFINITY);
  weft_matrix_set_2d (matrix, 1, 2, 0.1);
  weft_matrix_set_title (matrix, "not written: MDA CSV has no header");

  text = write_to_string (matrix);
  g_assert_cmpstr (text, ==, "1,2.5,\"\"\nnan,-inf,0.1\n");
}

static void
test_write_1d (void)
{
  gsize shape[1] = { 4 };
  g_autoptr(WeftMatrix) matrix = weft_matrix_new (1, shape);
  g_autofree char *text = NULL;

  weft_matrix_set (matrix, 0, 3.0);
  weft_matrix_set_filtered (matrix, 1, TRUE);
  weft_matrix_set (matrix, 2, -0.0);
  weft_matrix_set (matrix, 3, 1e-7);

  /* One column: a single metavariable is on DDT's rows. */
  text = write_to_string (matrix);
  g_assert_cmpstr (text, ==, "3\n\"\"\n-0\n1e-07\n");
}

static void
test_write_3d (void)
{
  gsize shape[3] = { 2, 2, 3 };
  g_autoptr(WeftMatrix) matrix = weft_matrix_new (3, shape);
  g_autofree char *text = NULL;

  for (gsize i = 0; i < 12; i++)
    weft_matrix_set (matrix, i, (double)i * 1.5);
  weft_matrix_set_filtered (matrix, 5, TRUE);

  /* Rows are (i0, i1) in row-major order, the last dimension across. */
  text = write_to_string (matrix);
  g_assert_cmpstr (text, ==, "0,1.5,3\n4.5,6,\"\"\n9,10.5,12\n13.5,15,16.5\n");
}

static void
assert_same_cell (const WeftMatrix *a,
                  const WeftMatrix *b,
                  gsize             i)
{
  double x = weft_matrix_get (a, i);
  double y = weft_matrix_get (b, i);

  g_assert_cmpint (weft_matrix_is_filtered (a, i), ==, weft_matrix_is_filtered (b, i));
  if (weft_matrix_is_filtered (a, i))
    return;
  if (isnan (x))
    g_assert_true (isnan (y));
  else
    g_assert_cmpmem (&x, sizeof x, &y, sizeof y);
}

static void
test_round_trip (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (31337);
  static const double specials[] = { NAN, INFINITY, -INFINITY, 0.0, -0.0, 1e-310, 1e308, 0.1 };

  for (guint round = 0; round < 20; round++)
    {
      gsize rows = g_rand_int_range (rand, 1, 40), columns = g_rand_int_range (rand, 1, 30);
      g_autoptr(WeftMatrix) matrix = weft_matrix_new_2d (rows, columns);
      g_autoptr(WeftMatrix) back = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *dir = weft_test_make_tmp_dir ();
      g_autofree char *path = g_build_filename (dir, "round.csv", NULL);

      for (gsize i = 0; i < rows * columns; i++)
        {
          double value;

          switch (g_rand_int_range (rand, 0, 4))
            {
            case 0:
              value = specials[g_rand_int_range (rand, 0, G_N_ELEMENTS (specials))];
              break;
            case 1:
              value = g_rand_int_range (rand, -1000, 1000);
              break;
            default:
              value = (g_rand_double (rand) - 0.5) * pow (10, g_rand_int_range (rand, -30, 30));
              break;
            }
          weft_matrix_set (matrix, i, value);
          if (g_rand_int_range (rand, 0, 7) == 0)
            weft_matrix_set_filtered (matrix, i, TRUE);
        }

      g_assert_true (weft_mda_csv_write (matrix, path, &error));
      g_assert_no_error (error);
      back = weft_mda_csv_read (path, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (weft_matrix_get_n_dims (back), ==, 2);
      g_assert_cmpuint (weft_matrix_get_shape (back)[0], ==, rows);
      g_assert_cmpuint (weft_matrix_get_shape (back)[1], ==, columns);
      for (gsize i = 0; i < rows * columns; i++)
        assert_same_cell (matrix, back, i);
      weft_test_rm_rf (dir);
    }
}

static WeftMatrix *
parse (const char *text,
       GError    **error)
{
  return weft_mda_csv_parse (text, strlen (text), "t.csv", NULL, error);
}

static void
test_read_variants (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftMatrix) a = parse ("\xef\xbb\xbf 1 ,\"2\"\r\n3,\r\n\r\n\r\n", &error);
  g_autoptr(WeftMatrix) b = NULL;
  g_autoptr(WeftMatrix) c = NULL;
  g_autoptr(WeftMatrix) d = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (weft_matrix_get_shape (a)[0], ==, 2);
  g_assert_cmpuint (weft_matrix_get_shape (a)[1], ==, 2);
  g_assert_cmpfloat (weft_matrix_get_2d (a, 0, 0), ==, 1.0);
  g_assert_cmpfloat (weft_matrix_get_2d (a, 0, 1), ==, 2.0);
  g_assert_cmpfloat (weft_matrix_get_2d (a, 1, 0), ==, 3.0);
  g_assert_false (weft_matrix_is_filtered (a, 2));
  g_assert_true (weft_matrix_is_filtered (a, 3));   /* a bare empty field */

  /* In a one-column table an empty line is an empty cell. */
  b = parse ("1\n\n\"\"\n2", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_matrix_get_shape (b)[0], ==, 4);
  g_assert_cmpuint (weft_matrix_get_shape (b)[1], ==, 1);
  g_assert_false (weft_matrix_is_filtered (b, 0));
  g_assert_true (weft_matrix_is_filtered (b, 1));
  g_assert_true (weft_matrix_is_filtered (b, 2));
  g_assert_cmpfloat (weft_matrix_get (b, 3), ==, 2.0);

  c = parse ("true,false,nan(0x8000000000000),-nan,1e400\n", &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (weft_matrix_get (c, 0), ==, 1.0);
  g_assert_cmpfloat (weft_matrix_get (c, 1), ==, 0.0);
  g_assert_true (isnan (weft_matrix_get (c, 2)));
  g_assert_true (isnan (weft_matrix_get (c, 3)));
  g_assert_false (weft_matrix_is_filtered (c, 3));
  g_assert_true (isinf (weft_matrix_get (c, 4)));

  /* NaN is a value, "" is filtered. */
  d = parse ("nan,\"\"\n", &error);
  g_assert_no_error (error);
  g_assert_false (weft_matrix_is_filtered (d, 0));
  g_assert_true (weft_matrix_is_filtered (d, 1));
}

/* Same shape, values (NaN as NaN) and filtered cells. */
static void
assert_same_matrix (WeftMatrix *a,
                    WeftMatrix *b,
                    const char *input)
{
  gsize n = weft_matrix_get_n_elements (a);

  if (weft_matrix_get_n_dims (a) != weft_matrix_get_n_dims (b) || n != weft_matrix_get_n_elements (b) ||
      weft_matrix_get_shape (a)[0] != weft_matrix_get_shape (b)[0])
    g_error ("“%s”: shapes differ", input);
  for (gsize i = 0; i < n; i++)
    {
      double x = weft_matrix_get (a, i), y = weft_matrix_get (b, i);

      if (weft_matrix_is_filtered (a, i) != weft_matrix_is_filtered (b, i) ||
          (isnan (x) != isnan (y)) || (!isnan (x) && memcmp (&x, &y, sizeof x) != 0))
        g_error ("“%s”: cell %" G_GSIZE_FORMAT " differs: %g%s and %g%s", input, i, x,
                 weft_matrix_is_filtered (a, i) ? " (filtered)" : "", y, weft_matrix_is_filtered (b, i) ? " (filtered)" : "");
    }
}

/* What the fast path reads (on one thread or two) is what the general reader
 * reads; what it gives up on, the general reader judges. @plain: the input
 * must take the fast path. */
static void
check_plain_path (const char *input,
                  gsize       len,
                  gboolean    plain)
{
  g_autoptr(GError) general_error = NULL;
  g_autoptr(WeftMatrix) general = weft_mda_csv_parse_general (input, len, "t.csv", NULL, &general_error);
  gsize thread_sizes[] = { 0, 7, G_MAXSIZE };

  for (guint t = 0; t < G_N_ELEMENTS (thread_sizes); t++)
    {
      g_autoptr(WeftMatrix) fast = NULL;
      g_autoptr(GError) error = NULL;
      WeftMdaPlainStatus status = weft_mda_csv_parse_plain (input, len, thread_sizes[t], NULL, &fast, &error);

      g_assert_no_error (error);
      if (plain && status != WEFT_MDA_PLAIN_READ)
        g_error ("“%s” did not take the fast path", input);
      if (status != WEFT_MDA_PLAIN_READ)
        {
          g_assert_cmpint (status, ==, WEFT_MDA_PLAIN_NOT_PLAIN);
          g_assert_null (fast);
          continue;
        }
      if (general == NULL)
        g_error ("“%s”: the fast path read what the general reader refuses: %s", input, general_error->message);
      assert_same_matrix (general, fast, input);
    }
}

static void
append_random_cell (GString *out,
                    GRand   *rand,
                    gboolean may_be_empty)
{
  switch (g_rand_int_range (rand, 0, 9))
    {
    case 0:
      g_string_append (out, "\"\"");
      break;
    case 1:
      g_string_append (out, may_be_empty ? "" : "0");
      break;
    case 2:
      g_string_append (out, g_rand_boolean (rand) ? "nan" : "-inf");
      break;
    case 3:
      g_string_append_printf (out, "%d", g_rand_int_range (rand, -100000, 100000));
      break;
    case 4:
      g_string_append_printf (out, "%.3e", g_rand_double_range (rand, -1e6, 1e6));
      break;
    default:
      g_string_append_printf (out, "%.*f", g_rand_int_range (rand, 0, 9), g_rand_double_range (rand, -1000, 1000));
      break;
    }
}

/* The fast path against the general reader on every input of the tests
 * above and on generated arrays, whole and damaged. */
static void
test_plain_path (void)
{
  static const char *const plain[] = {
    "1,2\n3,4\n", "1,2\r\n3,4", "7\n8\n9\n\n\n", "\"\",1\n2,\"\"\n", "1,,3\n", "5",
    "true,false,nan(0x8000000000000),-nan,1e400\n", "nan,\"\"\n",
  };
  static const char *const other[] = {
    "\xef\xbb\xbf 1 ,\"2\"\r\n3,\r\n\r\n\r\n", "1\n\n\"\"\n2", "1,2\n3\n", "1,2\n3,4,5\n", "1,2\n\"3\n\"\n",
    "1,abc\n", "1,\" 2\nx\"\n", "97 'a'\n", "1,2\n\n3,4\n", "\n1,2\n", "1,\"2\n", "1,2\n3,\"4\"x\n", "",
    "\n\r\n\n", "1,2\r3,4\n", "1, 2\n", "\"1\",2\n", "1,\"\" \n",
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);

  for (guint i = 0; i < G_N_ELEMENTS (plain); i++)
    check_plain_path (plain[i], strlen (plain[i]), TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (other); i++)
    check_plain_path (other[i], strlen (other[i]), FALSE);
  check_plain_path ("1,2\n3,4\n\0", 9, FALSE);

  for (guint k = 0; k < 3000; k++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      guint n_rows = g_rand_int_range (rand, 1, 40), n_columns = g_rand_int_range (rand, 1, 12);
      const char *newline = g_rand_boolean (rand) ? "\n" : "\r\n";

      for (guint r = 0; r < n_rows; r++)
        {
          for (guint c = 0; c < n_columns; c++)
            {
              append_random_cell (text, rand, n_columns > 1);
              if (c + 1 < n_columns)
                g_string_append_c (text, ',');
            }
          if (r + 1 < n_rows || g_rand_boolean (rand))
            g_string_append (text, newline);
        }
      for (int extra = g_rand_int_range (rand, -2, 3); extra > 0; extra--)
        g_string_append (text, newline);

      if (k % 2 == 0)
        check_plain_path (text->str, text->len, TRUE);
      else
        {
          /* Damaged: a byte replaced by one of the format's or a stranger. */
          static const char bytes[] = { ',', '\n', '\r', '"', ' ', 'x', '\0', '.', '-', 'e' };
          gsize at = (gsize)g_rand_int_range (rand, 0, (gint32)text->len);

          text->str[at] = bytes[g_rand_int_range (rand, 0, G_N_ELEMENTS (bytes))];
          check_plain_path (text->str, text->len, FALSE);
        }
    }
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
    { "1,2\n3\n", WEFT_ERROR_PARSE, "t.csv:2:2: this row has 1 value, the first row has 2" },
    { "1,2\n3,4,5\n", WEFT_ERROR_PARSE, "t.csv:2:5: this row has 3 values, the first row has 2" },
    { "1,2\n\"3\n\"\n", WEFT_ERROR_PARSE, "t.csv:3:2: this row has 1 value, the first row has 2" },
    { "1,abc\n", WEFT_ERROR_PARSE, "t.csv:1:3: “abc” is not a number" },
    { "1,\" 2\nx\"\n", WEFT_ERROR_PARSE, "t.csv:1:4: “ 2\nx” is not a number" },
    { "97 'a'\n", WEFT_ERROR_PARSE, "t.csv:1:1: “97 'a'” is not a number" },
    { "1,2\n\n3,4\n", WEFT_ERROR_PARSE, "t.csv:2:1: empty line inside the table" },
    { "\n1,2\n", WEFT_ERROR_PARSE, "t.csv:1:1: empty line inside the table" },
    { "1,\"2\n", WEFT_ERROR_PARSE, "t.csv:1:3: the quoted field opened here is never closed" },
    { "1,2\n3,\"4\"x\n", WEFT_ERROR_PARSE, "t.csv:2:6: unexpected text after the closing quote" },
    { "", WEFT_ERROR_EMPTY, "t.csv: no values" },
    { "\n\r\n\n", WEFT_ERROR_EMPTY, "t.csv: no values" },
    { "1,xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", WEFT_ERROR_PARSE,
      "t.csv:1:3: “xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…” is not a number" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(WeftMatrix) matrix = parse (cases[i].input, &error);

      g_assert_null (matrix);
      g_assert_error (error, WEFT_ERROR, cases[i].code);
      if (!g_str_has_prefix (error->message, cases[i].message))
        g_error ("case %u: “%s” does not start with “%s”", i, error->message, cases[i].message);
    }

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(WeftMatrix) matrix = weft_mda_csv_read ("/nonexistent/weft/x.csv", NULL, &error);

    g_assert_null (matrix);
    g_assert_error (error, WEFT_ERROR, WEFT_ERROR_FAILED);
    g_assert_nonnull (strstr (error->message, "/nonexistent/weft/x.csv"));
  }
}

static void
test_replace_existing (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "out.csv", NULL);
  g_autoptr(WeftMatrix) matrix = weft_matrix_new_2d (1, 2);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *listing = NULL;

  g_file_set_contents (path, "a much longer previous export\n", -1, &error);
  g_assert_no_error (error);
  weft_matrix_set (matrix, 1, 7.0);
  g_assert_true (weft_mda_csv_write (matrix, path, &error));
  g_assert_no_error (error);
  text = grid_test_read_file (path, NULL);
  g_assert_cmpstr (text, ==, "0,7\n");
  listing = grid_test_list_dir (dir);
  g_assert_cmpstr (listing, ==, "out.csv");
  weft_test_rm_rf (dir);
}

static void
test_destination_is_folder (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);
  g_autoptr(WeftMatrix) matrix = weft_matrix_new_2d (1, 1);
  g_autoptr(GError) error = NULL;
  g_autofree char *listing = NULL;

  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);
  g_assert_false (weft_mda_csv_write (matrix, sub, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_WRITE);
  g_assert_true (g_file_test (sub, G_FILE_TEST_IS_DIR));
  listing = grid_test_list_dir (dir);
  g_assert_cmpstr (listing, ==, "sub");
  weft_test_rm_rf (dir);
}

/* The user nobody, to whom a folder of root's with mode 0555 is read-only. */
#define NOBODY 65534

/* Whether this process (root) may become nobody: not in every container. */
static gboolean
can_become_nobody (void)
{
  pid_t pid = fork ();
  int status = 0;

  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    _exit (setgid (NOBODY) == 0 && setuid (NOBODY) == 0 ? 0 : 1);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  return WIFEXITED (status) && WEXITSTATUS (status) == 0;
}

static void
test_read_only_folder (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *listing = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(WeftMatrix) matrix = weft_matrix_new_2d (2, 2);
      const char *destination = g_getenv ("WEFT_TEST_DESTINATION");

      /* root writes into read-only folders: write as nobody. */
      if (geteuid () == 0)
        {
          g_assert_cmpint (setgid (NOBODY), ==, 0);
          g_assert_cmpint (setuid (NOBODY), ==, 0);
          /* Changing user made the process undumpable, which stops
           * LeakSanitizer's look at it in sanitizer builds. */
          g_assert_cmpint (prctl (PR_SET_DUMPABLE, 1, 0, 0, 0), ==, 0);
        }
      g_assert_false (weft_mda_csv_write (matrix, destination, &error));
      g_assert_error (error, WEFT_ERROR, WEFT_ERROR_WRITE);
      g_assert_nonnull (strstr (error->message, destination));
      return;
    }

  if (geteuid () == 0 && !can_become_nobody ())
    {
      g_test_skip ("root cannot become nobody here, and root may write into read-only folders");
      return;
    }

  dir = weft_test_make_tmp_dir ();
  path = g_build_filename (dir, "out.csv", NULL);
  g_file_set_contents (path, "old\n", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);
  g_setenv ("WEFT_TEST_DESTINATION", path, TRUE);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();

  text = grid_test_read_file (path, NULL);
  g_assert_cmpstr (text, ==, "old\n");
  listing = grid_test_list_dir (dir);
  g_assert_cmpstr (listing, ==, "out.csv");
  g_chmod (dir, 0755);
  weft_test_rm_rf (dir);
}

/* The file system refuses the write half-way (a file size limit, as a full
 * disk would): the old export stays and the temporary file goes. */
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
      g_autoptr(WeftMatrix) matrix = weft_matrix_new_2d (300, 300);

      for (gsize i = 0; i < 300 * 300; i++)
        weft_matrix_set (matrix, i, i / 7.0);
      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      g_assert_false (weft_mda_csv_write (matrix, g_getenv ("WEFT_TEST_DESTINATION"), &error));
      g_assert_error (error, WEFT_ERROR, WEFT_ERROR_WRITE);
      g_assert_nonnull (strstr (error->message, g_getenv ("WEFT_TEST_DESTINATION")));
      return;
    }

  dir = weft_test_make_tmp_dir ();
  path = g_build_filename (dir, "out.csv", NULL);
  g_file_set_contents (path, "old export\n", -1, &error);
  g_assert_no_error (error);
  g_setenv ("WEFT_TEST_DESTINATION", path, TRUE);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();

  text = grid_test_read_file (path, NULL);
  g_assert_cmpstr (text, ==, "old export\n");
  listing = grid_test_list_dir (dir);
  g_assert_cmpstr (listing, ==, "out.csv");
  weft_test_rm_rf (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/grid/mda-csv/write-2d", test_write_2d);
  g_test_add_func ("/grid/mda-csv/write-1d", test_write_1d);
  g_test_add_func ("/grid/mda-csv/write-3d", test_write_3d);
  g_test_add_func ("/grid/mda-csv/round-trip", test_round_trip);
  g_test_add_func ("/grid/mda-csv/read-variants", test_read_variants);
  g_test_add_func ("/grid/mda-csv/read-errors", test_read_errors);
  g_test_add_func ("/grid/mda-csv/plain-path", test_plain_path);
  g_test_add_func ("/grid/mda-csv/replace-existing", test_replace_existing);
  g_test_add_func ("/grid/mda-csv/destination-is-folder", test_destination_is_folder);
  g_test_add_func ("/grid/mda-csv/read-only-folder", test_read_only_folder);
  g_test_add_func ("/grid/mda-csv/failed-write", test_failed_write);

  return g_test_run ();
}

/* test-int-set.c: compact integer sets and thread tuple sets (weft-int-set.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-error.h"
#include "weft-int-set.h"

static char *
canonical (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftIntSet) set = weft_int_set_parse (text, -1, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (set);
  return weft_int_set_to_string (set);
}

static void
test_parse_print (void)
{
  static const struct
  {
    const char *input;
    const char *expected;
  } cases[] = {
    { "", "" },
    { "   ", "" },
    { "0", "0" },
    { "7-7", "7" },
    { "0-3,7-17", "0-3,7-17" },                    /* DDT's examples */
    { "0-9,22,26-28,100", "0-9,22,26-28,100" },
    { " 7 - 17 , 0-3 ", "0-3,7-17" },              /* blanks, unsorted */
    { "\t1\n,\r\n2", "1-2" },
    { "5,3,4", "3-5" },                            /* adjacent singletons merge */
    { "0-3,2-6", "0-6" },                          /* overlapping */
    { "0-3,4-6", "0-6" },                          /* adjacent ranges */
    { "10,0-20", "0-20" },                         /* contained */
    { "0-20,10,30,29,31", "0-20,29-31" },
    { "1,3,5", "1,3,5" },
    { "3,3,3", "3" },
    { "007,0010-011", "7,10-11" },
    { "100,0-9,26-28,22", "0-9,22,26-28,100" },
    { "9223372036854775807", "9223372036854775807" },
    { "0-9223372036854775807,5", "0-9223372036854775807" },
    { "9223372036854775806,9223372036854775807,0", "0,9223372036854775806-9223372036854775807" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *printed = canonical (cases[i].input);
      g_autofree char *again = canonical (printed);

      g_assert_cmpstr (printed, ==, cases[i].expected);
      g_assert_cmpstr (again, ==, cases[i].expected);
    }
}

static void
test_parse_errors (void)
{
  static const struct
  {
    const char *input;
    guint       column;
    const char *message_part;
  } cases[] = {
    { "x", 1, "expected a number, found “x”" },
    { "0-", 3, "found the end" },
    { "0,,1", 3, "expected a number" },
    { "0,", 3, "found the end" },
    { "5-3", 1, "5-3 ends before it starts" },
    { "1,  5-3", 5, "ends before it starts" },
    { "1 2", 3, "unexpected “2”" },
    { "1;2", 2, "unexpected “;”" },
    { "0-3x", 4, "unexpected “x”" },
    { "-1", 1, "expected a number" },
    { "[1]", 1, "expected a number" },
    { "9223372036854775808", 1, "number too large" },
    { "1-99999999999999999999", 3, "number too large" },
    { "1,\xff", 3, "expected a number, found byte 0xff" },
    { "1 \x01", 3, "unexpected byte 0x01" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(WeftIntSet) set = NULL;
      g_autofree char *column_text = g_strdup_printf ("at character %u", cases[i].column);
      guint column = 0;

      set = weft_int_set_parse (cases[i].input, -1, &column, &error);
      g_assert_null (set);
      g_assert_error (error, WEFT_ERROR, WEFT_ERROR_PARSE);
      g_assert_cmpuint (column, ==, cases[i].column);
      g_assert_nonnull (strstr (error->message, cases[i].message_part));
      g_assert_nonnull (strstr (error->message, column_text));
      g_assert_nonnull (strstr (error->message, "compact integer set"));
    }

  /* An explicit length stops at it, even before a nul. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(WeftIntSet) set = weft_int_set_parse ("1-3,9", 3, NULL, &error);
    g_autofree char *text = NULL;

    g_assert_no_error (error);
    text = weft_int_set_to_string (set);
    g_assert_cmpstr (text, ==, "1-3");
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(WeftIntSet) set = weft_int_set_parse ("1\0002", 3, NULL, &error);

    g_assert_error (error, WEFT_ERROR, WEFT_ERROR_PARSE);
    g_assert_null (set);
  }
}

static void
test_bracketed (void)
{
  static const struct
  {
    const char *input;
    const char *expected;   /* NULL: an error at column */
    guint       column;
  } cases[] = {
    { "[0-3,7]", "[0-3,7]", 0 },
    { "[]", "[]", 0 },
    { "[ ]", "[]", 0 },
    { " [ 3 , 1 ] ", "[1,3]", 0 },
    { "[7-17,0-3,4-6]", "[0-17]", 0 },
    { "0-3", NULL, 1 },
    { "", NULL, 1 },
    { "[0-3", NULL, 5 },
    { "[0-3]x", NULL, 7 },
    { "[0,x]", NULL, 4 },
    { "[0,]", NULL, 4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(WeftIntSet) set = NULL;
      guint column = 0;

      set = weft_int_set_parse_bracketed (cases[i].input, -1, &column, &error);
      if (cases[i].expected != NULL)
        {
          g_autofree char *text = NULL;

          g_assert_no_error (error);
          text = weft_int_set_to_bracketed_string (set);
          g_assert_cmpstr (text, ==, cases[i].expected);
        }
      else
        {
          g_assert_null (set);
          g_assert_error (error, WEFT_ERROR, WEFT_ERROR_PARSE);
          g_assert_cmpuint (column, ==, cases[i].column);
        }
    }
}

static void
test_operations (void)
{
  g_autoptr(WeftIntSet) set = weft_int_set_new ();
  g_autoptr(WeftIntSet) other = NULL;
  g_autoptr(WeftIntSet) copy = NULL;
  g_autofree char *text = NULL;
  WeftIntSetIter iter;
  gint64 value;
  const gint64 expected[] = { 1, 2, 3, 5, 9, 10, 11 };
  guint n = 0;

  g_assert_true (weft_int_set_is_empty (set));
  g_assert_cmpuint (weft_int_set_get_count (set), ==, 0);
  weft_int_set_iter_init (&iter, set);
  g_assert_false (weft_int_set_iter_next (&iter, &value));

  weft_int_set_add (set, 10);
  weft_int_set_add (set, 2);
  weft_int_set_add_range (set, 9, 11);
  weft_int_set_add (set, 1);
  weft_int_set_add (set, 5);
  weft_int_set_add (set, 3);
  text = weft_int_set_to_string (set);
  g_assert_cmpstr (text, ==, "1-3,5,9-11");
  g_assert_cmpuint (weft_int_set_get_n_ranges (set), ==, 3);
  g_assert_cmpint (weft_int_set_get_range (set, 1)->first, ==, 5);
  g_assert_cmpint (weft_int_set_get_range (set, 1)->last, ==, 5);
  g_assert_cmpuint (weft_int_set_get_count (set), ==, 7);
  g_assert_true (weft_int_set_contains (set, 1));
  g_assert_true (weft_int_set_contains (set, 11));
  g_assert_false (weft_int_set_contains (set, 0));
  g_assert_false (weft_int_set_contains (set, 4));
  g_assert_false (weft_int_set_contains (set, 12));

  weft_int_set_iter_init (&iter, set);
  while (weft_int_set_iter_next (&iter, &value))
    {
      g_assert_cmpuint (n, <, G_N_ELEMENTS (expected));
      g_assert_cmpint (value, ==, expected[n]);
      n++;
    }
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));

  /* A range bridging several ranges collapses them. */
  copy = weft_int_set_copy (set);
  g_assert_true (weft_int_set_equal (copy, set));
  weft_int_set_add_range (copy, 4, 8);
  g_clear_pointer (&text, g_free);
  text = weft_int_set_to_string (copy);
  g_assert_cmpstr (text, ==, "1-11");
  g_assert_false (weft_int_set_equal (copy, set));

  other = weft_int_set_parse ("0,4,12-20", -1, NULL, NULL);
  weft_int_set_add_set (set, other);
  g_clear_pointer (&text, g_free);
  text = weft_int_set_to_string (set);
  g_assert_cmpstr (text, ==, "0-5,9-20");
  g_clear_pointer (&text, g_free);
  text = weft_int_set_to_bracketed_string (set);
  g_assert_cmpstr (text, ==, "[0-5,9-20]");
}

static void
test_extremes (void)
{
  g_autoptr(WeftIntSet) set = weft_int_set_new ();
  g_autoptr(WeftIntSet) all = NULL;
  g_autofree char *text = NULL;
  WeftIntSetIter iter;
  gint64 value;
  guint n = 0;

  weft_int_set_add_range (set, G_MAXINT64 - 1, G_MAXINT64);
  weft_int_set_add (set, G_MAXINT64 - 2);
  weft_int_set_add (set, G_MAXINT64);
  text = weft_int_set_to_string (set);
  g_assert_cmpstr (text, ==, "9223372036854775805-9223372036854775807");
  g_assert_cmpuint (weft_int_set_get_count (set), ==, 3);
  g_assert_true (weft_int_set_contains (set, G_MAXINT64));

  /* Iteration ends at G_MAXINT64 without stepping past it. */
  weft_int_set_iter_init (&iter, set);
  while (weft_int_set_iter_next (&iter, &value))
    {
      g_assert_cmpint (value, ==, G_MAXINT64 - 2 + (gint64)n);
      n++;
    }
  g_assert_cmpuint (n, ==, 3);

  all = weft_int_set_parse ("0-9223372036854775807", -1, NULL, NULL);
  g_assert_cmpuint (weft_int_set_get_count (all), ==, G_GUINT64_CONSTANT (1) << 63);
  g_assert_cmpuint (weft_int_set_get_n_ranges (all), ==, 1);
}

/* Random sets over [0, 300) checked against a plain array of booleans. */
static void
test_random_round_trips (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240611);

  for (guint round = 0; round < 2000; round++)
    {
      gboolean member[300] = { FALSE };
      g_autoptr(WeftIntSet) built = weft_int_set_new ();
      g_autoptr(WeftIntSet) parsed = NULL;
      g_autoptr(GString) messy = g_string_new (NULL);
      g_autoptr(GString) expected = g_string_new (NULL);
      g_autoptr(GError) error = NULL;
      g_autofree char *printed = NULL;
      g_autofree char *printed_parsed = NULL;
      guint n_items = g_rand_int_range (rand, 0, 12);
      guint64 count = 0;
      guint n_ranges = 0;
      WeftIntSetIter iter;
      gint64 value, previous = -1;

      for (guint i = 0; i < n_items; i++)
        {
          gint64 first = g_rand_int_range (rand, 0, 300);
          gint64 length = g_rand_boolean (rand) ? g_rand_int_range (rand, 0, 40) : 0;
          gint64 last = MIN (299, first + length);

          for (gint64 v = first; v <= last; v++)
            member[v] = TRUE;
          weft_int_set_add_range (built, first, last);

          /* The same items, written untidily. */
          if (i > 0)
            g_string_append (messy, g_rand_boolean (rand) ? "," : " ,\t");
          if (first == last && g_rand_boolean (rand))
            g_string_append_printf (messy, "%" G_GINT64_FORMAT, first);
          else
            g_string_append_printf (messy, "%" G_GINT64_FORMAT "%s-%s%" G_GINT64_FORMAT,
                                    first, g_rand_boolean (rand) ? " " : "", g_rand_boolean (rand) ? " " : "", last);
        }

      for (guint v = 0; v < 300; v++)
        {
          if (!member[v])
            continue;
          count++;
          if (v == 0 || !member[v - 1])
            {
              guint end = v;

              while (end + 1 < 300 && member[end + 1])
                end++;
              if (expected->len > 0)
                g_string_append_c (expected, ',');
              if (end == v)
                g_string_append_printf (expected, "%u", v);
              else
                g_string_append_printf (expected, "%u-%u", v, end);
              n_ranges++;
            }
        }

      printed = weft_int_set_to_string (built);
      g_assert_cmpstr (printed, ==, expected->str);
      g_assert_cmpuint (weft_int_set_get_count (built), ==, count);
      g_assert_cmpuint (weft_int_set_get_n_ranges (built), ==, n_ranges);
      for (gint64 v = -1; v <= 300; v++)
        g_assert_cmpint (weft_int_set_contains (built, v), ==, v >= 0 && v < 300 && member[v]);

      parsed = weft_int_set_parse (messy->str, messy->len, NULL, &error);
      g_assert_no_error (error);
      printed_parsed = weft_int_set_to_string (parsed);
      g_assert_cmpstr (printed_parsed, ==, expected->str);
      g_assert_true (weft_int_set_equal (parsed, built));

      weft_int_set_iter_init (&iter, parsed);
      count = 0;
      while (weft_int_set_iter_next (&iter, &value))
        {
          g_assert_cmpint (value, >, previous);
          g_assert_true (member[value]);
          previous = value;
          count++;
        }
      g_assert_cmpuint (count, ==, weft_int_set_get_count (parsed));
    }
}

static char *
thread_canonical (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftThreadSet) set = weft_thread_set_parse (text, -1, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (set);
  return weft_thread_set_to_string (set);
}

/* The DTD's examples: A.B-C.D is threads B-D of processes A-C. */
static void
test_thread_set_dtd (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftThreadSet) a = weft_thread_set_parse ("0.0-3.7,7.0-17.7", -1, NULL, &error);
  g_autoptr(WeftThreadSet) b = NULL;
  g_autoptr(WeftIntSet) processes = NULL;
  g_autofree char *text = NULL;
  gint64 first, last;

  g_assert_no_error (error);
  text = weft_thread_set_to_string (a);
  g_assert_cmpstr (text, ==, "0.0-3.7,7.0-17.7");
  g_assert_cmpuint (weft_thread_set_get_count (a), ==, 4 * 8 + 11 * 8);
  g_assert_true (weft_thread_set_contains (a, 0, 0));
  g_assert_true (weft_thread_set_contains (a, 2, 5));   /* a Cartesian product, not lexicographic */
  g_assert_true (weft_thread_set_contains (a, 17, 7));
  g_assert_false (weft_thread_set_contains (a, 4, 0));
  g_assert_false (weft_thread_set_contains (a, 7, 8));
  g_assert_false (weft_thread_set_contains (a, 18, 0));
  processes = weft_thread_set_dup_processes (a);
  g_clear_pointer (&text, g_free);
  text = weft_int_set_to_string (processes);
  g_assert_cmpstr (text, ==, "0-3,7-17");
  g_assert_cmpuint (weft_thread_set_get_n_runs (a), ==, 2);
  g_clear_pointer (&text, g_free);
  text = weft_int_set_to_string (weft_thread_set_get_run (a, 1, &first, &last));
  g_assert_cmpstr (text, ==, "0-7");
  g_assert_cmpint (first, ==, 7);
  g_assert_cmpint (last, ==, 17);

  b = weft_thread_set_parse ("0.0-9.2,22.0-22.2,26.0-28.2,100.0-100.2", -1, NULL, &error);
  g_assert_no_error (error);
  g_clear_pointer (&text, g_free);
  text = weft_thread_set_to_string (b);
  g_assert_cmpstr (text, ==, "0.0-9.2,22.0-22.2,26.0-28.2,100.0-100.2");
  g_assert_cmpuint (weft_thread_set_get_count (b), ==, 10 * 3 + 3 + 3 * 3 + 3);
  g_clear_pointer (&processes, weft_int_set_free);
  processes = weft_thread_set_dup_processes (b);
  g_clear_pointer (&text, g_free);
  text = weft_int_set_to_string (processes);
  g_assert_cmpstr (text, ==, "0-9,22,26-28,100");
}

static void
test_thread_set_canonical (void)
{
  static const struct
  {
    const char *input;
    const char *expected;
  } cases[] = {
    { "", "" },
    { "3.1", "3.1" },
    { "1.0-1.0", "1.0" },
    { "1.0-1.3", "1.0-1.3" },
    { "0.0-1.1,2.0-3.1", "0.0-3.1" },                       /* touching runs with equal threads merge */
    { "0.0-3.1,0.4-3.5", "0.0-3.1,0.4-3.5" },               /* same processes, two thread ranges */
    { "0.0-3.1,0.2-3.3", "0.0-3.3" },                       /* thread ranges that touch merge */
    { "0.0-3.1,2.2-5.3", "0.0-1.1,2.0-3.3,4.2-5.3" },       /* overlapping boxes */
    { " 7.0-17.7 , 0.0-3.7 ", "0.0-3.7,7.0-17.7" },
    { "0.0,0.1,1.0,1.1", "0.0-1.1" },
    { "2.5,0.0-4.9", "0.0-4.9" },
    { "0.0-9.0,5.1", "0.0-4.0,5.0-5.1,6.0-9.0" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *printed = thread_canonical (cases[i].input);
      g_autofree char *again = thread_canonical (printed);

      g_assert_cmpstr (printed, ==, cases[i].expected);
      g_assert_cmpstr (again, ==, cases[i].expected);
    }
}

static void
test_thread_set_errors (void)
{
  static const struct
  {
    const char *input;
    guint       column;
    const char *message_part;
  } cases[] = {
    { "1.3-2.2", 1, "threads B-D of processes A-C" },       /* the spec's lexicographic example */
    { "3.0-1.0", 1, "processes 3-1 end before they start" },
    { "1", 2, "expected “.”" },
    { "1.", 3, "expected a number" },
    { "1.2-3", 6, "expected “.”" },
    { "0.0,", 5, "expected a thread after “,”" },
    { "0.0;1.1", 4, "unexpected “;”" },
    { "0.0-1.1 x", 9, "unexpected “x”" },
    { "0 .1", 2, "expected “.”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(WeftThreadSet) set = NULL;
      guint column = 0;

      set = weft_thread_set_parse (cases[i].input, -1, &column, &error);
      g_assert_null (set);
      g_assert_error (error, WEFT_ERROR, WEFT_ERROR_PARSE);
      g_assert_cmpuint (column, ==, cases[i].column);
      g_assert_nonnull (strstr (error->message, cases[i].message_part));
      g_assert_nonnull (strstr (error->message, "thread set"));
    }
}

/* Random boxes on a 12 × 10 grid, checked against a boolean grid. Sets with
 * the same members print the same, whatever the order they were built in. */
static void
test_thread_set_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);

  for (guint round = 0; round < 1000; round++)
    {
      gboolean member[12][10] = { { FALSE } };
      g_autoptr(WeftThreadSet) boxes = weft_thread_set_new ();
      g_autoptr(WeftThreadSet) singles = weft_thread_set_new ();
      g_autoptr(WeftThreadSet) parsed = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *printed = NULL;
      g_autofree char *printed_singles = NULL;
      g_autofree char *printed_parsed = NULL;
      guint n_boxes = g_rand_int_range (rand, 0, 6);
      guint64 count = 0;
      guint order[120];

      for (guint i = 0; i < n_boxes; i++)
        {
          gint64 p0 = g_rand_int_range (rand, 0, 12), p1 = g_rand_int_range (rand, p0, 12);
          gint64 t0 = g_rand_int_range (rand, 0, 10), t1 = g_rand_int_range (rand, t0, 10);

          weft_thread_set_add_box (boxes, p0, p1, t0, t1);
          for (gint64 p = p0; p <= p1; p++)
            for (gint64 t = t0; t <= t1; t++)
              member[p][t] = TRUE;
        }

      /* The same members one by one, in a random order. */
      for (guint i = 0; i < 120; i++)
        order[i] = i;
      for (guint i = 119; i > 0; i--)
        {
          guint j = g_rand_int_range (rand, 0, i + 1);
          guint tmp = order[i];

          order[i] = order[j];
          order[j] = tmp;
        }
      for (guint i = 0; i < 120; i++)
        if (member[order[i] / 10][order[i] % 10])
          {
            weft_thread_set_add (singles, order[i] / 10, order[i] % 10);
            count++;
          }

      printed = weft_thread_set_to_string (boxes);
      printed_singles = weft_thread_set_to_string (singles);
      g_assert_cmpstr (printed, ==, printed_singles);
      g_assert_true (weft_thread_set_equal (boxes, singles));
      g_assert_cmpuint (weft_thread_set_get_count (boxes), ==, count);
      g_assert_cmpint (weft_thread_set_is_empty (boxes), ==, count == 0);

      parsed = weft_thread_set_parse (printed, -1, NULL, &error);
      g_assert_no_error (error);
      printed_parsed = weft_thread_set_to_string (parsed);
      g_assert_cmpstr (printed_parsed, ==, printed);

      for (gint64 p = 0; p < 13; p++)
        for (gint64 t = 0; t < 11; t++)
          g_assert_cmpint (weft_thread_set_contains (parsed, p, t), ==, p < 12 && t < 10 && member[p][t]);
    }
}

static void
test_thread_set_copy_count (void)
{
  g_autoptr(WeftThreadSet) set = weft_thread_set_new ();
  g_autoptr(WeftThreadSet) copy = NULL;
  g_autofree char *text = NULL;

  weft_thread_set_add_box (set, 0, G_MAXINT64, 0, G_MAXINT64);
  g_assert_cmpuint (weft_thread_set_get_count (set), ==, G_MAXUINT64);  /* saturates */
  text = weft_thread_set_to_string (set);
  g_assert_cmpstr (text, ==, "0.0-9223372036854775807.9223372036854775807");

  copy = weft_thread_set_copy (set);
  g_assert_true (weft_thread_set_equal (copy, set));
  weft_thread_set_add_box (copy, 5, 5, 0, 0);
  g_assert_true (weft_thread_set_equal (copy, set));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/grid/int-set/parse-print", test_parse_print);
  g_test_add_func ("/grid/int-set/parse-errors", test_parse_errors);
  g_test_add_func ("/grid/int-set/bracketed", test_bracketed);
  g_test_add_func ("/grid/int-set/operations", test_operations);
  g_test_add_func ("/grid/int-set/extremes", test_extremes);
  g_test_add_func ("/grid/int-set/random-round-trips", test_random_round_trips);
  g_test_add_func ("/grid/thread-set/dtd", test_thread_set_dtd);
  g_test_add_func ("/grid/thread-set/canonical", test_thread_set_canonical);
  g_test_add_func ("/grid/thread-set/errors", test_thread_set_errors);
  g_test_add_func ("/grid/thread-set/random", test_thread_set_random);
  g_test_add_func ("/grid/thread-set/copy-count", test_thread_set_copy_count);

  return g_test_run ();
}

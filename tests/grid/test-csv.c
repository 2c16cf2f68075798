/* test-csv.c: the RFC 4180 tokenizer, the field writer and the number format
 * shared by the DDT exports (weft-csv.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "weft-csv.h"
#include "weft-error.h"

/* Every record of @input as one line: [text] for a bare field, {text} for a
 * quoted one; records separated by " / ". */
static char *
tokenize (const char *input,
          gssize      len,
          GError    **error)
{
  g_autoptr(WeftCsvReader) reader = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  guint n_records = 0;

  if (len < 0)
    len = strlen (input);
  reader = weft_csv_reader_new (input, len, "test.csv");
  while (weft_csv_reader_next (reader, error))
    {
      if (n_records++ > 0)
        g_string_append (out, " / ");
      for (guint i = 0; i < weft_csv_reader_get_n_fields (reader); i++)
        {
          const WeftCsvField *field = weft_csv_reader_get_field (reader, i);

          g_assert_cmpuint (strlen (field->text), ==, field->len);
          g_assert_true (g_utf8_validate (field->text, field->len, NULL));
          g_string_append_c (out, field->quoted ? '{' : '[');
          g_string_append_len (out, field->text, field->len);
          g_string_append_c (out, field->quoted ? '}' : ']');
        }
    }
  if (error != NULL && *error != NULL)
    return NULL;

  /* Once at the end (or after an error) the reader stays there. */
  g_assert_false (weft_csv_reader_next (reader, NULL));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
test_tokenizer (void)
{
  static const struct
  {
    const char *input;
    const char *expected;
  } cases[] = {
    { "", "" },
    { "a", "[a]" },
    { "a,b,c", "[a][b][c]" },
    { "a,b\n", "[a][b]" },                                     /* optional trailing newline */
    { "a,b\r\nc,d\r\n", "[a][b] / [c][d]" },                     /* CRLF */
    { "a,b\nc,d", "[a][b] / [c][d]" },
    { "a\rb", "[a] / [b]" },                                    /* a lone CR ends a line too */
    { "\"x,y\",\"say \"\"hi\"\"\",plain", "{x,y}{say \"hi\"}[plain]" },
    { "\"multi\nline\",2\n3,4", "{multi\nline}[2] / [3][4]" },
    { "\"a\r\nb\"\r\n", "{a\r\nb}" },                            /* CRLF inside quotes is kept */
    { "\"\",,\"\"", "{}[]{}" },                                  /* quoted empty vs empty */
    { ",", "[][]" },
    { "a,", "[a][]" },
    { "\n", "[]" },
    { "\n\n", "[] / []" },
    { "a, \"b\" ,c", "[a]{b}[c]" },                             /* blanks around quotes */
    { " a ,b", "[ a ][b]" },                                    /* bare blanks are kept */
    { "a\"b,c", "[a\"b][c]" },                                  /* a stray quote is literal */
    { "\"\"\"\"", "{\"}" },
    { "\xef\xbb\xbf" "a,b", "[a][b]" },                         /* UTF-8 byte-order mark */
    { "caf\xc3\xa9,1", "[café][1]" },
    { "caf\xe9,\"\xb5s\"", "[café]{µs}" },                      /* Latin-1 fallback */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *result = tokenize (cases[i].input, -1, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (result, ==, cases[i].expected);
    }
}

static void
test_positions (void)
{
  const char *input = "ab,\"cd\"\n  x,\"multi\nline\",z\r\nlast";
  g_autoptr(WeftCsvReader) reader = weft_csv_reader_new (input, strlen (input), NULL);
  const WeftCsvField *field;
  guint64 line, column;

  g_assert_true (weft_csv_reader_next (reader, NULL));
  g_assert_cmpuint (weft_csv_reader_get_line (reader), ==, 1);
  field = weft_csv_reader_get_field (reader, 0);
  g_assert_cmpuint (field->line, ==, 1);
  g_assert_cmpuint (field->column, ==, 1);
  field = weft_csv_reader_get_field (reader, 1);
  g_assert_cmpuint (field->line, ==, 1);
  g_assert_cmpuint (field->column, ==, 5);       /* the text, after the quote */
  weft_csv_reader_get_end (reader, &line, &column);
  g_assert_cmpuint (line, ==, 1);
  g_assert_cmpuint (column, ==, 8);

  g_assert_true (weft_csv_reader_next (reader, NULL));
  g_assert_cmpuint (weft_csv_reader_get_line (reader), ==, 2);
  g_assert_cmpuint (weft_csv_reader_get_n_fields (reader), ==, 3);
  field = weft_csv_reader_get_field (reader, 0);
  g_assert_cmpstr (field->text, ==, "  x");
  g_assert_cmpuint (field->column, ==, 1);
  field = weft_csv_reader_get_field (reader, 1);
  g_assert_cmpuint (field->line, ==, 2);
  g_assert_cmpuint (field->column, ==, 6);
  field = weft_csv_reader_get_field (reader, 2);
  g_assert_cmpstr (field->text, ==, "z");
  g_assert_cmpuint (field->line, ==, 3);
  g_assert_cmpuint (field->column, ==, 7);
  weft_csv_reader_get_end (reader, &line, &column);
  g_assert_cmpuint (line, ==, 3);
  g_assert_cmpuint (column, ==, 8);

  g_assert_true (weft_csv_reader_next (reader, NULL));
  g_assert_cmpuint (weft_csv_reader_get_line (reader), ==, 4);
  weft_csv_reader_get_end (reader, &line, &column);
  g_assert_cmpuint (line, ==, 4);
  g_assert_cmpuint (column, ==, 5);
  g_assert_false (weft_csv_reader_next (reader, NULL));
  g_assert_cmpstr (weft_csv_reader_get_filename (reader), ==, "(input)");

  /* A byte-order mark does not shift the columns. */
  {
    g_autoptr(WeftCsvReader) bom = weft_csv_reader_new ("\xef\xbb\xbfx,y", 6, "b.csv");

    g_assert_true (weft_csv_reader_next (bom, NULL));
    g_assert_cmpuint (weft_csv_reader_get_field (bom, 0)->column, ==, 1);
    g_assert_cmpuint (weft_csv_reader_get_field (bom, 1)->column, ==, 3);
    g_assert_false (weft_csv_reader_is_latin1 (bom));
  }
}

static void
test_encoding (void)
{
  g_autoptr(WeftCsvReader) utf8 = weft_csv_reader_new ("\xc3\xa9t\xc3\xa9", 5, NULL);
  g_autoptr(WeftCsvReader) latin1 = weft_csv_reader_new ("\xe9t\xe9", 3, NULL);
  /* One invalid byte makes the whole file Latin-1, also the valid-looking pair. */
  g_autoptr(WeftCsvReader) mixed = weft_csv_reader_new ("\xc3\xa9,\xff", 4, NULL);

  g_assert_true (weft_csv_reader_next (utf8, NULL));
  g_assert_false (weft_csv_reader_is_latin1 (utf8));
  g_assert_cmpstr (weft_csv_reader_get_field (utf8, 0)->text, ==, "été");

  g_assert_true (weft_csv_reader_next (latin1, NULL));
  g_assert_true (weft_csv_reader_is_latin1 (latin1));
  g_assert_cmpstr (weft_csv_reader_get_field (latin1, 0)->text, ==, "été");

  g_assert_true (weft_csv_reader_next (mixed, NULL));
  g_assert_true (weft_csv_reader_is_latin1 (mixed));
  g_assert_cmpstr (weft_csv_reader_get_field (mixed, 0)->text, ==, "\xc3\x83\xc2\xa9");
  g_assert_cmpstr (weft_csv_reader_get_field (mixed, 1)->text, ==, "ÿ");
}

static void
test_errors (void)
{
  static const struct
  {
    const char *input;
    gsize       len;
    const char *expected;
  } cases[] = {
    { "\"abc", 4, "data.csv:1:1: the quoted field opened here is never closed" },
    { "a,\"b\nc", 6, "data.csv:1:3: the quoted field opened here is never closed" },
    { "x\n\"ab\"c", 7, "data.csv:2:5: unexpected text after the closing quote" },
    { "x\n\"ab\" \"c\"", 10, "data.csv:2:6: unexpected text after the closing quote" },
    { "a\0b", 3, "data.csv:1:2: NUL byte" },
    { "ok\n\"a\0\"", 7, "data.csv:2:3: NUL byte" },
    { "\"a\"\0", 4, "data.csv:1:4: NUL byte" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(WeftCsvReader) reader = weft_csv_reader_new (cases[i].input, cases[i].len, "data.csv");
      g_autoptr(GError) error = NULL;

      while (weft_csv_reader_next (reader, &error))
        ;
      g_assert_error (error, WEFT_ERROR, WEFT_ERROR_PARSE);
      g_assert_true (g_str_has_prefix (error->message, cases[i].expected));
      g_assert_false (weft_csv_reader_next (reader, NULL));
    }
}

static void
test_writer (void)
{
  static const struct
  {
    const char *input;
    const char *expected;
  } cases[] = {
    { "", "" },
    { "abc", "abc" },
    { "a b", "a b" },
    { "a,b", "\"a,b\"" },
    { "say \"hi\"", "\"say \"\"hi\"\"\"" },
    { "a\nb", "\"a\nb\"" },
    { "a\rb", "\"a\rb\"" },
    { " a", "\" a\"" },
    { "a ", "\"a \"" },
    { "\ta", "\"\ta\"" },
    { "0-3,7-17", "\"0-3,7-17\"" },
    { "été", "été" },
    { "a\xff" "b", "a\xef\xbf\xbd" "b" },        /* invalid UTF-8 becomes U+FFFD */
    { "\xef\xbb\xbf" "1", "\"\xef\xbb\xbf" "1\"" },   /* not a byte-order mark */
    { "1\xef\xbb\xbf", "1\xef\xbb\xbf" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) out = g_string_new (NULL);

      weft_csv_append_field (out, cases[i].input, -1);
      g_assert_cmpstr (out->str, ==, cases[i].expected);
    }

  {
    g_autoptr(GString) out = g_string_new (NULL);

    weft_csv_append_quoted (out, "", 0);
    g_string_append_c (out, ',');
    weft_csv_append_quoted (out, "x\"", -1);
    g_assert_cmpstr (out->str, ==, "\"\",\"x\"\"\"");
  }

  g_assert_false (weft_csv_field_needs_quotes ("", 0));
  g_assert_true (weft_csv_field_needs_quotes ("a,b", 1 + 1 + 1));
  g_assert_false (weft_csv_field_needs_quotes ("a,b", 1));
}

/* Random fields, written and read back. */
static void
test_writer_round_trip (void)
{
  static const char *const pieces[] = { "a", "b", ",", "\"", "\n", "\r", "\r\n", " ", "\t", "é", "0-3", "\"\"",
                                        "\xef\xbb\xbf" };
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint round = 0; round < 500; round++)
    {
      g_autoptr(GPtrArray) fields = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(WeftCsvReader) reader = NULL;
      g_autoptr(GError) error = NULL;
      guint n_records = g_rand_int_range (rand, 1, 4);
      guint n_fields = g_rand_int_range (rand, 1, 5);
      guint k = 0;

      for (guint r = 0; r < n_records; r++)
        {
          for (guint f = 0; f < n_fields; f++)
            {
              g_autoptr(GString) field = g_string_new (NULL);
              guint n_pieces = g_rand_int_range (rand, 0, 5);

              /* A record of one empty field is an empty line; give it text. */
              if (n_fields == 1)
                n_pieces = MAX (n_pieces, 1);
              for (guint p = 0; p < n_pieces; p++)
                g_string_append (field, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
              if (f > 0)
                g_string_append_c (text, ',');
              weft_csv_append_field (text, field->str, field->len);
              g_ptr_array_add (fields, g_string_free (g_steal_pointer (&field), FALSE));
            }
          g_string_append_c (text, '\n');
        }

      reader = weft_csv_reader_new (text->str, text->len, NULL);
      for (guint r = 0; r < n_records; r++)
        {
          g_assert_true (weft_csv_reader_next (reader, &error));
          g_assert_no_error (error);
          g_assert_cmpuint (weft_csv_reader_get_n_fields (reader), ==, n_fields);
          for (guint f = 0; f < n_fields; f++)
            g_assert_cmpstr (weft_csv_reader_get_field (reader, f)->text, ==, g_ptr_array_index (fields, k++));
        }
      g_assert_false (weft_csv_reader_next (reader, &error));
      g_assert_no_error (error);
    }
}

static char *
format_double (double value)
{
  GString *out = g_string_new (NULL);

  weft_csv_append_double (out, value);
  return g_string_free (out, FALSE);
}

/* What weft_csv_append_double() wrote for a value that is not an integer
 * before its fixed-point path: the first of %.15g, %.16g, %.17g that reads
 * back (subnormals aside). */
static char *
format_by_printf (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  static const char *const formats[] = { "%.15g", "%.16g", "%.17g" };

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, sizeof buf, formats[i], value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  return g_strdup (buf);
}

/* The fixed-point path writes what printf did, on decimals of every length
 * and scale (those of an array export: 1 to 15 digits, 0 to 15 decimals),
 * at the edges of its range (10^-4, 10^15) and on any double. */
static void
test_number_format_like_printf (void)
{
  static const double edges[] = {
    1e-4, 0.00010000000000000002, 9.9999999999999991e-05, 0.1, 0.3, 2.675, 999999999999999.9, 99999999999999.98,
    123456789012345.6, 0.000123456789012345, 1.0000000000000002, 4503599627370495.5, 0.5, -0.25, 3.14159,
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);

  for (guint i = 0; i < G_N_ELEMENTS (edges) + 400000; i++)
    {
      double value;
      g_autofree char *mine = NULL;
      g_autofree char *theirs = NULL;

      if (i < G_N_ELEMENTS (edges))
        value = edges[i];
      else if (i % 2 == 0)
        {
          guint decimals = g_rand_int_range (rand, 1, 16);
          guint digits = g_rand_int_range (rand, 1, 16);
          double m = floor (g_rand_double (rand) * pow (10, digits));

          value = (g_rand_boolean (rand) ? -m : m) / pow (10, decimals);
        }
      else
        {
          guint64 bits = ((guint64)g_rand_int (rand) << 32) | g_rand_int (rand);

          memcpy (&value, &bits, sizeof value);
        }
      if (!isfinite (value) || value == trunc (value) || fabs (value) < DBL_MIN)
        continue;
      mine = format_double (value);
      theirs = format_by_printf (value);
      if (strcmp (mine, theirs) != 0)
        g_error ("%.17g written as %s, printf gives %s", value, mine, theirs);
    }
}

static void
test_number_format (void)
{
  static const struct
  {
    double      value;
    const char *expected;
  } cases[] = {
    { 0.0, "0" },
    { -0.0, "-0" },
    { 1.0, "1" },
    { -42.0, "-42" },
    { 1e15, "1000000000000000" },
    { 9007199254740991.0, "9007199254740991" },       /* 2^53 - 1: still printed as an integer */
    { 9007199254740992.0, "9007199254740992" },       /* 2^53: %.16g */
    { 1e16, "1e+16" },
    { 0.1, "0.1" },
    { 1.5, "1.5" },
    { -2.25, "-2.25" },
    { 1.0 / 3.0, "0.3333333333333333" },              /* 16 digits */
    { 0.1 + 0.2, "0.30000000000000004" },             /* 17 digits */
    { 1e300, "1e+300" },
    { 1.7976931348623157e308, "1.7976931348623157e+308" },
    { 2.2250738585072014e-308, "2.2250738585072014e-308" },
    { 5e-324, "5e-324" },                              /* subnormal: shortest, not 15 digits */
    { 1.5e-323, "1.5e-323" },
    { 123.456, "123.456" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = format_double (cases[i].value);

      g_assert_cmpstr (text, ==, cases[i].expected);
    }

  {
    g_autofree char *nan_text = format_double (NAN);
    g_autofree char *neg_nan_text = format_double (-NAN);
    g_autofree char *inf_text = format_double (INFINITY);
    g_autofree char *neg_inf_text = format_double (-INFINITY);

    g_assert_cmpstr (nan_text, ==, "nan");
    g_assert_cmpstr (neg_nan_text, ==, "nan");
    g_assert_cmpstr (inf_text, ==, "inf");
    g_assert_cmpstr (neg_inf_text, ==, "-inf");
  }
}

static void
test_number_parse (void)
{
  static const struct
  {
    const char *text;
    double      expected;
  } good[] = {
    { "1", 1.0 },
    { " 2.5 ", 2.5 },
    { "-0", -0.0 },
    { "1e3", 1000.0 },
    { "1E-2", 0.01 },
    { "+7", 7.0 },
    { "0x10", 16.0 },
    { "inf", INFINITY },
    { "-Inf", -INFINITY },
    { "infinity", INFINITY },
    { "1e400", INFINITY },
    { "true", 1.0 },
    { "FALSE", 0.0 },
  };
  static const char *const nans[] = { "nan", "NaN", "-nan", "nan(0x8000000000000)" };
  static const char *const bad[] = { "", "  ", "abc", "1,5", "1 2", "97 'a'", "1e", "0x", "--1", "1.2.3" };
  double value;

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_assert_true (weft_csv_parse_double (good[i].text, strlen (good[i].text), &value));
      g_assert_cmpfloat (value, ==, good[i].expected);
      g_assert_cmpint (signbit (value), ==, signbit (good[i].expected));
    }
  for (guint i = 0; i < G_N_ELEMENTS (nans); i++)
    {
      g_assert_true (weft_csv_parse_double (nans[i], strlen (nans[i]), &value));
      g_assert_true (isnan (value));
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_false (weft_csv_parse_double (bad[i], strlen (bad[i]), &value));

  /* The length is respected: "12" out of "123". */
  g_assert_true (weft_csv_parse_double ("123", 2, &value));
  g_assert_cmpfloat (value, ==, 12.0);
}

/* Decimal text of every shape (signs, leading and trailing zeros, a point
 * or not, exponents, 1 to 22 digits, mantissas about 2^53, powers of ten
 * about 10^±22) reads as the very double strtod gives, whichever path it
 * takes. */
static void
test_number_parse_like_strtod (void)
{
  static const char *const edges[] = {
    "9007199254740992", "9007199254740993", "9007199254740991e22", "9007199254740993e-22",
    "1e22", "1e23", "1e-22", "1e-23", "123456789012345678e-5", "1234567890123456789", "12345678901234567890",
    "0.000000000000000000000000001", "-0.0", "+0.000", "00000000000000000000000000001", "4.9e-324", "1.7976931348623157e308",
    "0.1", "0.2", "0.3", "2.2250738585072011e-308", "5e-1", ".5", "5.", "-.5e+1",
  };
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint i = 0; i < G_N_ELEMENTS (edges) + 300000; i++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      double mine, theirs;
      guint64 mine_bits, theirs_bits;
      char *end;

      if (i < G_N_ELEMENTS (edges))
        g_string_assign (text, edges[i]);
      else
        {
          guint n_int = g_rand_int_range (rand, 0, 12), n_frac = g_rand_int_range (rand, 0, 12);

          if (g_rand_boolean (rand))
            g_string_append_c (text, g_rand_boolean (rand) ? '-' : '+');
          for (guint d = 0; d < n_int; d++)
            g_string_append_c (text, (char)('0' + g_rand_int_range (rand, 0, 10)));
          if (n_frac > 0 || n_int == 0 || g_rand_boolean (rand))
            g_string_append_c (text, '.');
          for (guint d = 0; d < n_frac || text->len == 0 || !g_ascii_isdigit (text->str[text->len - 1]); d++)
            g_string_append_c (text, (char)('0' + g_rand_int_range (rand, 0, 10)));
          if (g_rand_int_range (rand, 0, 4) == 0)
            g_string_append_printf (text, "e%d", g_rand_int_range (rand, -30, 31));
        }

      theirs = g_ascii_strtod (text->str, &end);
      g_assert_true (*end == '\0');
      g_assert_true (weft_csv_parse_double (text->str, text->len, &mine));
      memcpy (&mine_bits, &mine, sizeof mine_bits);
      memcpy (&theirs_bits, &theirs, sizeof theirs_bits);
      if (mine_bits != theirs_bits)
        g_error ("“%s” read as %.17g, strtod gives %.17g", text->str, mine, theirs);
    }
}

/* Every double (but NaN, whose payload is not kept) reads back bit for bit. */
static void
test_number_round_trip (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);

  for (guint i = 0; i < 200000; i++)
    {
      guint64 bits = ((guint64)g_rand_int (rand) << 32) | g_rand_int (rand);
      g_autofree char *text = NULL;
      double value, back;
      guint64 back_bits;

      if (i % 4 == 1)
        bits = (bits & G_GUINT64_CONSTANT (0x800fffffffffffff)) | (G_GUINT64_CONSTANT (1023) << 52); /* [1, 2) */
      else if (i % 4 == 2)
        {
          double nice = g_rand_int_range (rand, -1000000, 1000000) / 1000.0;

          memcpy (&bits, &nice, sizeof bits);
        }
      memcpy (&value, &bits, sizeof value);
      if (isnan (value))
        continue;

      text = format_double (value);
      g_assert_true (weft_csv_parse_double (text, strlen (text), &back));
      memcpy (&back_bits, &back, sizeof back_bits);
      if (back_bits != bits)
        g_error ("%.17g (0x%016" G_GINT64_MODIFIER "x) printed as %s read back as %.17g", value, bits, text, back);
      g_assert_cmpuint (strlen (text), <=, 24);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/grid/csv/tokenizer", test_tokenizer);
  g_test_add_func ("/grid/csv/positions", test_positions);
  g_test_add_func ("/grid/csv/encoding", test_encoding);
  g_test_add_func ("/grid/csv/errors", test_errors);
  g_test_add_func ("/grid/csv/writer", test_writer);
  g_test_add_func ("/grid/csv/number-parse-like-strtod", test_number_parse_like_strtod);
  g_test_add_func ("/grid/csv/number-format-like-printf", test_number_format_like_printf);
  g_test_add_func ("/grid/csv/writer-round-trip", test_writer_round_trip);
  g_test_add_func ("/grid/csv/number-format", test_number_format);
  g_test_add_func ("/grid/csv/number-parse", test_number_parse);
  g_test_add_func ("/grid/csv/number-round-trip", test_number_round_trip);

  return g_test_run ();
}

/* weft-csv.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-csv.h"
#include "weft-error.h"

struct _WeftCsvReader
{
  const char *data;
  const char *end;
  const char *pos;
  const char *line_start;   /* first byte of the current physical line */
  guint64     line;
  char       *filename;
  gboolean    latin1;
  gboolean    failed;
  GString    *buffer;       /* the current record's unescaped fields, each nul-terminated */
  GArray     *fields;       /* WeftCsvField */
  GArray     *offsets;      /* gsize: where each field starts in buffer */
  guint64     record_line;
  guint64     end_line;
  guint64     end_column;
};

/* Valid UTF-8 apart from NUL bytes (which the tokenizer reports itself). */
static gboolean
is_utf8 (const char *data,
         gsize       len)
{
  const char *p = data;
  const char *end = data + len;

  while (p < end)
    {
      const char *stop;

      if (g_utf8_validate_len (p, end - p, &stop))
        return TRUE;
      if (*stop != '\0')
        return FALSE;
      p = stop + 1;
    }
  return TRUE;
}

/**
 * weft_csv_reader_new:
 * @data: the whole input; it must outlive the reader
 * @filename: (nullable): the name used in error messages
 *
 * Returns: (transfer full): a reader positioned before the first record.
 */
WeftCsvReader *
weft_csv_reader_new (const char *data,
                     gsize       len,
                     const char *filename)
{
  WeftCsvReader *self;

  g_return_val_if_fail (data != NULL || len == 0, NULL);

  self = g_new0 (WeftCsvReader, 1);
  self->data = data != NULL ? data : "";
  self->end = self->data + len;
  self->pos = self->data;
  self->line = 1;
  self->filename = g_strdup (filename != NULL ? filename : _("(input)"));
  self->buffer = g_string_new (NULL);
  self->fields = g_array_new (FALSE, TRUE, sizeof (WeftCsvField));
  self->offsets = g_array_new (FALSE, FALSE, sizeof (gsize));

  /* One decision for the whole file: a Latin-1 file can contain byte pairs
   * that happen to be valid UTF-8, and decoding field by field would then mix
   * encodings. */
  self->latin1 = !is_utf8 (self->data, len);
  if (!self->latin1 && len >= 3 && memcmp (self->data, "\xef\xbb\xbf", 3) == 0)
    self->pos += 3;
  self->line_start = self->pos;

  return self;
}

void
weft_csv_reader_free (WeftCsvReader *self)
{
  if (self == NULL)
    return;

  g_free (self->filename);
  g_string_free (self->buffer, TRUE);
  g_array_unref (self->fields);
  g_array_unref (self->offsets);
  g_free (self);
}

static void
append_text (WeftCsvReader *self,
             const char    *text,
             gsize          len)
{
  if (!self->latin1)
    {
      g_string_append_len (self->buffer, text, len);
      return;
    }

  for (gsize i = 0; i < len; i++)
    {
      guchar c = text[i];

      if (c < 0x80)
        g_string_append_c (self->buffer, (char)c);
      else
        {
          g_string_append_c (self->buffer, (char)(0xc0 | (c >> 6)));
          g_string_append_c (self->buffer, (char)(0x80 | (c & 0x3f)));
        }
    }
}

static guint64
column_of (const WeftCsvReader *self,
           const char          *p)
{
  return (guint64)(p - self->line_start) + 1;
}

static gboolean
fail_at (WeftCsvReader  *self,
         GError        **error,
         guint64         line,
         guint64         column,
         const char     *what)
{
  self->failed = TRUE;
  g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s:%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT ": %s",
               self->filename, line, column, what);
  return FALSE;
}

static gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t';
}

/* Reads a quoted field; *p points after the opening quote and ends after the
 * closing one. */
static gboolean
read_quoted (WeftCsvReader  *self,
             const char    **p,
             guint64         open_line,
             guint64         open_column,
             GError        **error)
{
  const char *q = *p;

  for (;;)
    {
      const char *run = q;

      while (q < self->end && *q != '"' && *q != '\n' && *q != '\r' && *q != '\0')
        q++;
      append_text (self, run, q - run);

      if (q >= self->end)
        return fail_at (self, error, open_line, open_column,
                        _("the quoted field opened here is never closed"));
      if (*q == '"')
        {
          if (q + 1 < self->end && q[1] == '"')
            {
              g_string_append_c (self->buffer, '"');
              q += 2;
              continue;
            }
          *p = q + 1;
          return TRUE;
        }
      if (*q == '\0')
        return fail_at (self, error, self->line, column_of (self, q), _("NUL byte (this is not a text file)"));

      /* A line break inside quotes belongs to the field, as written. */
      if (*q == '\r' && q + 1 < self->end && q[1] == '\n')
        {
          g_string_append_len (self->buffer, "\r\n", 2);
          q += 2;
        }
      else
        {
          g_string_append_c (self->buffer, *q);
          q++;
        }
      self->line++;
      self->line_start = q;
    }
}

/**
 * weft_csv_reader_next:
 *
 * Reads the next record; its fields are then available with
 * weft_csv_reader_get_field().
 *
 * Returns: %TRUE when a record was read; %FALSE at the end of the input
 *   (@error unset) or on malformed input (@error set; the reader then stays at
 *   its end).
 */
gboolean
weft_csv_reader_next (WeftCsvReader  *self,
                      GError        **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  g_string_truncate (self->buffer, 0);
  g_array_set_size (self->fields, 0);
  g_array_set_size (self->offsets, 0);

  if (self->failed || self->pos >= self->end)
    return FALSE;

  self->record_line = self->line;

  for (;;)
    {
      WeftCsvField field = { 0 };
      gsize offset = self->buffer->len;
      const char *p = self->pos;
      const char *q = p;

      while (q < self->end && is_blank (*q))
        q++;

      if (q < self->end && *q == '"')
        {
          guint64 open_line = self->line;
          guint64 open_column = column_of (self, q);

          q++;
          field.quoted = TRUE;
          field.line = self->line;
          field.column = column_of (self, q);
          if (!read_quoted (self, &q, open_line, open_column, error))
            return FALSE;

          while (q < self->end && is_blank (*q))
            q++;
          if (q < self->end && *q != ',' && *q != '\n' && *q != '\r')
            return fail_at (self, error, self->line, column_of (self, q),
                            *q == '\0' ? _("NUL byte (this is not a text file)")
                                       : _("unexpected text after the closing quote (a quote inside a field is written as \"\")"));
        }
      else
        {
          field.line = self->line;
          field.column = column_of (self, p);
          q = p;
          while (q < self->end && *q != ',' && *q != '\n' && *q != '\r' && *q != '\0')
            q++;
          if (q < self->end && *q == '\0')
            return fail_at (self, error, self->line, column_of (self, q), _("NUL byte (this is not a text file)"));
          append_text (self, p, q - p);
        }

      field.len = self->buffer->len - offset;
      g_string_append_c (self->buffer, '\0');
      g_array_append_val (self->fields, field);
      g_array_append_val (self->offsets, offset);

      if (q < self->end && *q == ',')
        {
          self->pos = q + 1;
          continue;
        }

      self->end_line = self->line;
      self->end_column = column_of (self, q);
      if (q < self->end)
        {
          q += (*q == '\r' && q + 1 < self->end && q[1] == '\n') ? 2 : 1;
          self->line++;
          self->line_start = q;
        }
      self->pos = q;
      break;
    }

  /* The buffer may have moved while it grew: point the fields at it now. */
  for (guint i = 0; i < self->fields->len; i++)
    g_array_index (self->fields, WeftCsvField, i).text =
      self->buffer->str + g_array_index (self->offsets, gsize, i);

  return TRUE;
}

guint
weft_csv_reader_get_n_fields (const WeftCsvReader *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->fields->len;
}

const WeftCsvField *
weft_csv_reader_get_field (const WeftCsvReader *self,
                           guint                index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->fields->len, NULL);

  return &g_array_index (self->fields, WeftCsvField, index);
}

/* An empty line: one empty, unquoted field. */
gboolean
weft_csv_reader_is_blank (const WeftCsvReader *self)
{
  const WeftCsvField *field;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->fields->len != 1)
    return FALSE;
  field = &g_array_index (self->fields, WeftCsvField, 0);
  return !field->quoted && field->len == 0;
}

/**
 * weft_csv_reader_next_header:
 *
 * Moves to the first record that is not an empty line: the header row of
 * the formats that have one (PSV, CPC).
 *
 * Returns: %FALSE with @error set on a CSV error, or when the input holds
 *   nothing but empty lines (%WEFT_ERROR_EMPTY naming the file).
 */
gboolean
weft_csv_reader_next_header (WeftCsvReader  *self,
                             GError        **error)
{
  GError *local_error = NULL;

  g_return_val_if_fail (self != NULL, FALSE);

  while (weft_csv_reader_next (self, &local_error))
    if (!weft_csv_reader_is_blank (self))
      return TRUE;
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  g_set_error (error, WEFT_ERROR, WEFT_ERROR_EMPTY, _("%s: nothing to read (the file is empty)"),
               weft_csv_reader_get_filename (self));
  return FALSE;
}

/* The line on which the current record starts. */
guint64
weft_csv_reader_get_line (const WeftCsvReader *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->record_line;
}

/* Blanks at either end (a reader strips them), or U+FEFF first (a reader
 * drops it at the start of a file as a byte-order mark). */
static gboolean
ends_need_quotes (const char *text,
                  gsize       len)
{
  return len > 0 && (is_blank (text[0]) || is_blank (text[len - 1]) ||
                     (len >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0));
}

/**
 * weft_csv_reader_get_end:
 * @line: (out) (optional):
 * @column: (out) (optional):
 *
 * Where the current record ends: the position of its line break, or just past
 * its last byte (for "this row is too short" messages).
 */
void
weft_csv_reader_get_end (const WeftCsvReader *self,
                         guint64             *line,
                         guint64             *column)
{
  g_return_if_fail (self != NULL);

  if (line != NULL)
    *line = self->end_line;
  if (column != NULL)
    *column = self->end_column;
}

const char *
weft_csv_reader_get_filename (const WeftCsvReader *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->filename;
}

/* TRUE when the input was not valid UTF-8 and is being read as Latin-1. */
gboolean
weft_csv_reader_is_latin1 (const WeftCsvReader *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->latin1;
}

/* --- Writing ---------------------------------------------------------------- */

gboolean
weft_csv_field_needs_quotes (const char *text,
                             gsize       len)
{
  g_return_val_if_fail (text != NULL || len == 0, FALSE);

  if (ends_need_quotes (text, len))
    return TRUE;
  for (gsize i = 0; i < len; i++)
    if (text[i] == ',' || text[i] == '"' || text[i] == '\r' || text[i] == '\n')
      return TRUE;
  return FALSE;
}

static void
append_quoted_valid (GString    *out,
                     const char *text,
                     gsize       len)
{
  const char *p = text;
  const char *end = text + len;

  g_string_append_c (out, '"');
  while (p < end)
    {
      const char *quote = memchr (p, '"', end - p);

      if (quote == NULL)
        {
          g_string_append_len (out, p, end - p);
          break;
        }
      g_string_append_len (out, p, quote - p + 1);
      g_string_append_c (out, '"');
      p = quote + 1;
    }
  g_string_append_c (out, '"');
}

/* Appends @text (@len < 0: nul-terminated) with invalid UTF-8 replaced by
 * U+FFFD, in quotes when @quote says so or the field needs them. */
static void
append_utf8_field (GString    *out,
                   const char *text,
                   gssize      len,
                   gboolean    quote)
{
  g_autofree char *valid = NULL;

  if (text == NULL)
    text = "";
  if (len < 0)
    len = strlen (text);
  if (!g_utf8_validate_len (text, len, NULL))
    {
      valid = g_utf8_make_valid (text, len);
      text = valid;
      len = strlen (valid);
    }

  if (quote || weft_csv_field_needs_quotes (text, len))
    append_quoted_valid (out, text, len);
  else
    g_string_append_len (out, text, len);
}

/**
 * weft_csv_append_plain_field:
 * @text: valid UTF-8 without a comma, quote, CR or LF (a caller that knows
 *   it spares every byte its check)
 *
 * weft_csv_append_field() of such a text: as it is, or quoted when its ends
 * need it.
 */
void
weft_csv_append_plain_field (GString    *out,
                             const char *text,
                             gsize       len)
{
  g_return_if_fail (out != NULL);
  g_return_if_fail (text != NULL || len == 0);

  if (ends_need_quotes (text, len))
    append_quoted_valid (out, text, len);
  else
    g_string_append_len (out, text, len);
}

/**
 * weft_csv_append_quoted:
 *
 * Appends @text in quotes whatever it holds ("" for an empty @text), doubling
 * the quotes inside it. Invalid UTF-8 is replaced by U+FFFD.
 */
void
weft_csv_append_quoted (GString    *out,
                        const char *text,
                        gssize      len)
{
  g_return_if_fail (out != NULL);
  g_return_if_fail (text != NULL || len == 0);

  append_utf8_field (out, text, len, TRUE);
}

/**
 * weft_csv_append_field:
 *
 * Appends @text as one field, in quotes only when it needs them (see the
 * header). Invalid UTF-8 is replaced by U+FFFD. The caller adds the commas and
 * the "\n" that ends the record.
 */
void
weft_csv_append_field (GString    *out,
                       const char *text,
                       gssize      len)
{
  g_return_if_fail (out != NULL);
  g_return_if_fail (text != NULL || len == 0);

  append_utf8_field (out, text, len, FALSE);
}

/* The powers of ten a double holds exactly. */
static const double exact_pow10[] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* A value with at most 15 significant digits that is m / 10^k for an integer
 * m below 10^15 and k from 1 to 15 (most values of an array DDT exported, or
 * one Weft read): written as those digits, fixed-point, as "%.15g" would
 * (it drops trailing zeros), without printf and strtod, which took 1 µs a
 * value. The check is the reader's own arithmetic (parse_plain_decimal()):
 * m / 10^k, both exact, rounds to @value. FALSE for anything else, below
 * 10^-4 (which %g writes with an exponent) included. */
static gboolean
append_short_decimal (GString *out,
                      double   value)
{
  double magnitude = fabs (value);
  char digits[24];

  if (!(magnitude >= 1e-4 && magnitude < 1e15))
    return FALSE;
  for (guint k = 1; k <= 15; k++)
    {
      double m = nearbyint (magnitude * exact_pow10[k]);
      guint64 whole;
      int n;

      if (m >= 1e15)
        return FALSE;
      if (m / exact_pow10[k] != magnitude)
        continue;
      /* The digits, at least k + 1 of them (a leading 0 before the point). */
      whole = (guint64)m;
      for (n = 0; n <= (int)k || whole > 0; whole /= 10)
        digits[sizeof digits - 1 - n++] = (char)('0' + whole % 10);
      memmove (digits, digits + sizeof digits - n, n);
      if (value < 0)
        g_string_append_c (out, '-');
      g_string_append_len (out, digits, n - (int)k);
      g_string_append_c (out, '.');
      g_string_append_len (out, digits + n - k, k);
      return TRUE;
    }
  return FALSE;
}

/**
 * weft_csv_append_double:
 *
 * Appends @value so that weft_csv_parse_double() gives back the same double:
 * integers below 2^53 in magnitude as integers ("42", "-0" for negative zero),
 * NaN as "nan" and infinities as "inf" and "-inf" (how GDB, and so DDT, shows
 * them; NaN's sign and payload are not kept), and every other value as "%.Ng"
 * with the smallest N (at most 17) that reads back exactly. Always a '.'
 * decimal point, whatever the locale.
 */
void
weft_csv_append_double (GString *out,
                        double   value)
{
  static const char *const formats[] = {
    "%.1g", "%.2g", "%.3g", "%.4g", "%.5g", "%.6g", "%.7g", "%.8g", "%.9g",
    "%.10g", "%.11g", "%.12g", "%.13g", "%.14g", "%.15g", "%.16g", "%.17g",
  };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  guint first;

  g_return_if_fail (out != NULL);

  if (isnan (value))
    {
      g_string_append (out, "nan");
      return;
    }
  if (isinf (value))
    {
      g_string_append (out, value < 0 ? "-inf" : "inf");
      return;
    }
  if (value == 0.0 && signbit (value))
    {
      g_string_append (out, "-0");
      return;
    }
  if (fabs (value) < 9007199254740992.0 && value == trunc (value))
    {
      g_string_append_printf (out, "%" G_GINT64_FORMAT, (gint64)value);
      return;
    }

  if (append_short_decimal (out, value))
    return;

  /* For a normal double, if fewer than 15 digits read back then %.15g prints
   * those same digits (%g drops trailing zeros), so trying 15, 16 and 17 finds
   * the shortest. Subnormals carry fewer digits and need the full search. */
  first = fabs (value) < DBL_MIN ? 0 : 14;
  for (guint i = first; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buf, sizeof buf, formats[i], value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }
  g_string_append (out, buf);
}

/* "-12.375", "4e-3", "7": nearly every field of an array export, read
 * without strtod (which took two thirds of a big array's load). When the
 * digits make an integer below 2^53 and the power of ten is at most 22,
 * both are exact doubles, so one multiplication or division rounds once,
 * correctly: the double strtod gives (Clinger's fast path). Anything else
 * (more digits, larger exponents, hexadecimal, words) is strtod's. */
static gboolean
parse_plain_decimal (const char *text,
                     gsize       len,
                     double     *value)
{
  const char *p = text, *end = text + len, *digits;
  gboolean negative = FALSE;
  guint64 mantissa = 0;
  int n_digits = 0, exponent = 0;
  guint d;
  double v;

  if (*p == '-' || *p == '+')
    negative = *p++ == '-';
  /* Digits, then perhaps a point and more: leading zeros are not counted. */
  digits = p;
  for (; p < end && (d = (guint)(guchar)*p - '0') <= 9; p++)
    if ((mantissa | d) != 0 && ++n_digits <= 19)
      mantissa = mantissa * 10 + d;
  if (p < end && *p == '.')
    {
      const char *point = p++;

      for (; p < end && (d = (guint)(guchar)*p - '0') <= 9; p++)
        if ((mantissa | d) != 0 && ++n_digits <= 19)
          mantissa = mantissa * 10 + d;
      exponent = -(int)(p - point - 1);
      if (p - digits == 1)
        return FALSE;   /* a lone point */
    }
  if (p == digits || n_digits > 19)
    return FALSE;
  if (p < end && (*p == 'e' || *p == 'E'))
    {
      gboolean negative_exponent = FALSE;
      int e = 0;

      p++;
      if (p < end && (*p == '-' || *p == '+'))
        negative_exponent = *p++ == '-';
      if (p == end)
        return FALSE;
      for (; p < end && (d = (guint)(guchar)*p - '0') <= 9; p++)
        if ((e = e * 10 + (int)d) > 1000)
          return FALSE;
      exponent += negative_exponent ? -e : e;
    }
  if (p != end || mantissa > (G_GUINT64_CONSTANT (1) << 53) ||
      exponent < -22 || exponent > 22)
    return FALSE;

  v = (double)mantissa;
  v = exponent < 0 ? v / exact_pow10[-exponent] : v * exact_pow10[exponent];
  *value = negative ? -v : v;
  return TRUE;
}

/**
 * weft_csv_parse_double:
 * @text: the field (need not be nul-terminated)
 *
 * Reads a number as weft_csv_append_double() writes it, and what DDT or a
 * spreadsheet may have written instead: blanks around the number, any decimal
 * or exponent form, hexadecimal, "nan", "-nan", "nan(0x8000000000000)" (GDB),
 * "inf", "infinity" (any case), and "true"/"false" as 1 and 0 (DDT shows
 * booleans that way). Out-of-range numbers become ±inf or 0 as strtod rounds
 * them.
 *
 * Returns: %FALSE when @text is empty or not a number.
 */
gboolean
weft_csv_parse_double (const char *text,
                       gsize       len,
                       double     *value)
{
  char buf[256];
  char *endptr = NULL;
  double v;

  g_return_val_if_fail (text != NULL || len == 0, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  while (len > 0 && g_ascii_isspace (text[0]))
    {
      text++;
      len--;
    }
  while (len > 0 && g_ascii_isspace (text[len - 1]))
    len--;
  if (len == 0 || len >= sizeof buf)
    return FALSE;
  if (parse_plain_decimal (text, len, value))
    return TRUE;

  memcpy (buf, text, len);
  buf[len] = '\0';

  if (g_ascii_strcasecmp (buf, "true") == 0)
    {
      *value = 1.0;
      return TRUE;
    }
  if (g_ascii_strcasecmp (buf, "false") == 0)
    {
      *value = 0.0;
      return TRUE;
    }

  v = g_ascii_strtod (buf, &endptr);
  if (endptr != buf + len)
    return FALSE;

  *value = v;
  return TRUE;
}

/**
 * weft_csv_flush:
 * @file: opened with weft_atomic_file_open()
 *
 * Writes @buffer to @file and empties it; writers call this every
 * WEFT_CSV_FLUSH_SIZE bytes or so, so that a large export never sits in
 * memory twice.
 */
gboolean
weft_csv_flush (GString         *buffer,
                WeftAtomicFile  *file,
                GError         **error)
{
  g_return_val_if_fail (buffer != NULL, FALSE);
  g_return_val_if_fail (file != NULL, FALSE);

  if (!weft_atomic_file_write (file, buffer->str, buffer->len, error))
    return FALSE;
  g_string_truncate (buffer, 0);
  return TRUE;
}

/**
 * weft_csv_commit:
 *
 * Writes what is left in @buffer and commits @file: the export replaces its
 * destination, or (on failure) leaves it as it was.
 */
gboolean
weft_csv_commit (GString         *buffer,
                 WeftAtomicFile  *file,
                 GError         **error)
{
  return weft_csv_flush (buffer, file, error) && weft_atomic_file_commit (file, error);
}

/* weft-text-scan.h: hand-written field scanning for line-oriented trace formats.
 *
 * Text readers map the file (GMappedFile), walk it a line at a time with
 * WeftLineReader (memchr, no copies) and take fields off the front of a line with
 * the weft_scan_* functions, which never read past the end of the line, reject
 * overflow and never allocate. Each returns FALSE (and leaves *pos unchanged)
 * when the field is missing or malformed, so a reader can say which field of
 * which line was wrong.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>

#include <gio/gio.h>

#include "weft-load-context.h"

G_BEGIN_DECLS

/* Told, after each step of a long search for a line's end, how far it got:
 * readers report it as progress (a line of gigabytes held the bar still). */
typedef void (*WeftTextSearchFunc) (const char *reached,
                                    gpointer    user_data);

/* How a long search for a line's end is stopped and followed. */
typedef struct
{
  GCancellable       *cancellable;  /* stops it */
  WeftTextSearchFunc  reached;      /* nullable */
  gpointer            reached_data;
} WeftTextSearch;

/* For weft_text_search_report_progress(): [@data, @data + @len) is @share
 * of the load's current stage. */
typedef struct
{
  WeftLoadContext *context;
  const char      *data;
  gsize            len;
  double           share;
} WeftTextSearchProgress;

void weft_text_search_report_progress (const char *reached,
                                       gpointer    progress);

typedef struct
{
  const char     *data;
  const char     *end;
  const char     *pos;
  guint64         line_no;  /* 1-based number of the line last returned */
  WeftTextSearch  search;   /* for a very long line */
} WeftLineReader;

/* A line's end is looked for this many bytes at a time: a file of zeros
 * (a sparse or crash-damaged one) is one line of gigabytes, whose search
 * took half a minute of page faults that Cancel could not stop. */
#define WEFT_TEXT_NEWLINE_STEP ((gsize)64 << 20)

void        weft_line_reader_init            (WeftLineReader       *reader,
                                              const char           *data,
                                              gsize                 len);
void        weft_line_reader_set_cancellable (WeftLineReader       *reader,
                                              GCancellable         *cancellable);
void        weft_line_reader_set_search_func (WeftLineReader       *reader,
                                              WeftTextSearchFunc    reached,
                                              gpointer              user_data);
gsize       weft_line_reader_get_offset      (const WeftLineReader *reader);
const char *weft_text_find_newline           (const char           *p,
                                              const char           *end,
                                              const WeftTextSearch *search);

/* The first '\n' in [@p, @end), or NULL; bounded steps past the first.
 * @search: (nullable) */
static inline const char *
weft_text_next_newline (const char           *p,
                        const char           *end,
                        const WeftTextSearch *search)
{
  gsize left = (gsize)(end - p);
  gsize window = MIN (left, WEFT_TEXT_NEWLINE_STEP);
  const char *nl = memchr (p, '\n', window);

  if (G_UNLIKELY (nl == NULL && window < left))
    nl = weft_text_find_newline (p + window, end, search);
  return nl;
}

/**
 * weft_line_reader_next:
 * @line: (out): first byte of the line
 * @line_end: (out): one past its last byte, without "\n" or "\r\n"
 *
 * Inline: readers call it once a line, and the call cost about 30
 * instructions a line (a comm-heavy Chapel run: 2% of its whole load).
 *
 * Returns: %FALSE at the end of the data. A last line without a newline is
 *   still returned.
 */
static inline gboolean
weft_line_reader_next (WeftLineReader  *reader,
                       const char     **line,
                       const char     **line_end)
{
  const char *nl;
  const char *stop;

  if (reader->pos >= reader->end)
    return FALSE;

  nl = weft_text_next_newline (reader->pos, reader->end, &reader->search);
  stop = nl != NULL ? nl : reader->end;

  *line = reader->pos;
  *line_end = (stop > reader->pos && stop[-1] == '\r') ? stop - 1 : stop;
  reader->pos = nl != NULL ? nl + 1 : reader->end;
  reader->line_no++;

  return TRUE;
}

/* Each scanner first skips spaces and tabs, then reads one field. */
gboolean weft_scan_double   (const char **pos,
                             const char  *end,
                             double      *value);
gboolean weft_scan_token    (const char **pos,
                             const char  *end,
                             const char **token,
                             gsize       *token_len);
gboolean weft_scan_char     (const char **pos,
                             const char  *end,
                             char        *c);
gboolean weft_scan_literal  (const char **pos,
                             const char  *end,
                             const char  *literal);
void     weft_scan_rest     (const char **pos,
                             const char  *end,
                             const char **rest,
                             gsize       *rest_len);

char    *weft_text_excerpt  (const char  *text,
                             const char  *end,
                             gsize        max_chars);


/* The number scanners are inline: readers call them in their inner loops.
 * Up to 19 digits cannot overflow a guint64, so only longer numbers take the
 * checked path (no division per digit). */

static inline gboolean
_weft_scan_is_field_end (const char *p,
                         const char *end)
{
  return p >= end || *p == ' ' || *p == '\t';
}

static inline const char *
_weft_scan_skip_blanks (const char *p,
                        const char *end)
{
  while (p < end && (*p == ' ' || *p == '\t'))
    p++;
  return p;
}

/* Digits at *pos (at least one), into *value; FALSE on overflow. */
static inline gboolean
_weft_scan_digits (const char **pos,
                   const char  *end,
                   guint64     *value)
{
  const char *p = *pos;
  const char *fast_end = end - p > 19 ? p + 19 : end;
  guint64 v = 0;

  if (p >= end || (guint)(*p - '0') > 9)
    return FALSE;
  while (p < fast_end && (guint)(*p - '0') <= 9)
    v = v * 10 + (guint)(*p++ - '0');
  while (p < end && (guint)(*p - '0') <= 9)
    {
      guint d = (guint)(*p - '0');

      if (v > (G_MAXUINT64 - d) / 10)
        return FALSE;
      v = v * 10 + d;
      p++;
    }

  *pos = p;
  *value = v;
  return TRUE;
}

static inline gboolean
weft_scan_u64 (const char **pos,
               const char  *end,
               guint64     *value)
{
  const char *p = _weft_scan_skip_blanks (*pos, end);
  guint64 v;

  if (p < end && *p == '+')
    p++;
  if (!_weft_scan_digits (&p, end, &v) || !_weft_scan_is_field_end (p, end))
    return FALSE;

  *value = v;
  *pos = p;
  return TRUE;
}

/* Reads a decimal with an optional sign into its magnitude. */
static inline gboolean
_weft_scan_signed (const char **pos,
                   const char  *end,
                   gboolean    *negative,
                   guint64     *magnitude)
{
  const char *p = _weft_scan_skip_blanks (*pos, end);

  *negative = FALSE;
  if (p < end && (*p == '-' || *p == '+'))
    {
      *negative = *p == '-';
      p++;
    }
  if (!_weft_scan_digits (&p, end, magnitude) || !_weft_scan_is_field_end (p, end))
    return FALSE;

  *pos = p;
  return TRUE;
}

static inline gboolean
weft_scan_i64 (const char **pos,
               const char  *end,
               gint64      *value)
{
  const char *p = *pos;
  gboolean negative;
  guint64 v;

  if (!_weft_scan_signed (&p, end, &negative, &v))
    return FALSE;
  if (negative)
    {
      if (v > (guint64)G_MAXINT64 + 1)
        return FALSE;
      *value = v == (guint64)G_MAXINT64 + 1 ? G_MININT64 : -(gint64)v;
    }
  else
    {
      if (v > G_MAXINT64)
        return FALSE;
      *value = (gint64)v;
    }

  *pos = p;
  return TRUE;
}

static inline gboolean
weft_scan_int (const char **pos,
               const char  *end,
               int         *value)
{
  const char *p = *pos;
  gint64 v;

  if (!weft_scan_i64 (&p, end, &v) || v < G_MININT || v > G_MAXINT)
    return FALSE;

  *value = (int)v;
  *pos = p;
  return TRUE;
}

/* An unsigned 64-bit id printed in decimal; writers that print a signed id
 * ("-1" for no task) are accepted too: a minus sign wraps the way C converts a
 * negative number to unsigned, so "-1" reads as 18446744073709551615. */
static inline gboolean
weft_scan_id64 (const char **pos,
                const char  *end,
                guint64     *value)
{
  const char *p = *pos;
  gboolean negative;
  guint64 v;

  if (!_weft_scan_signed (&p, end, &negative, &v) || (negative && v > (guint64)G_MAXINT64 + 1))
    return FALSE;

  *value = negative ? (guint64)0 - v : v;
  *pos = p;
  return TRUE;
}

/* Hexadecimal digit values + 1; 0 for anything else (weft-text-scan.c). */
extern const guint8 _weft_scan_hex_values[256];

static inline gboolean
weft_scan_hex_u64 (const char **pos,
                   const char  *end,
                   guint64     *value)
{
  const char *p = _weft_scan_skip_blanks (*pos, end);
  const char *digits;
  guint64 v = 0;

  if (end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    p += 2;

  digits = p;
  while (p < end)
    {
      guint d = _weft_scan_hex_values[(guchar)*p];

      if (d == 0)
        break;
      if (v >> 60)
        return FALSE;
      v = (v << 4) | (d - 1);
      p++;
    }

  if (p == digits || !_weft_scan_is_field_end (p, end))
    return FALSE;

  *value = v;
  *pos = p;
  return TRUE;
}

/* Word-at-a-time scanning, for the fast paths of readers that know more bytes
 * follow a line (the file's mapping goes on, and a line's end is no digit):
 * the leading digits of the eight bytes at @p are found and combined all at
 * once, a few operations instead of a loop turn per digit. The caller
 * guarantees that eight bytes are readable at @p. Bytes are tested in lanes
 * of seven bits, so no lane carries into the next; the digits then combine in
 * three multiplications (pairs, fours, eights). Little-endian order on every
 * processor (GUINT64_FROM_LE), so the first byte is the lowest lane. */

#define _WEFT_WORD_ONES  G_GUINT64_CONSTANT (0x0101010101010101)
#define _WEFT_WORD_HIGHS G_GUINT64_CONSTANT (0x8080808080808080)
#define _WEFT_WORD_LOWS  G_GUINT64_CONSTANT (0x7F7F7F7F7F7F7F7F)

/* 10^0 … 10^8 (weft-text-scan.c): what a run of n digits shifts a value by. */
extern const guint64 _weft_scan_pow10[9];

static inline guint64
_weft_word_load (const char *p)
{
  guint64 x;

  memcpy (&x, p, sizeof x);
  return GUINT64_FROM_LE (x);
}

/* The high bit of each lane whose low seven bits are at least @k. */
static inline guint64
_weft_word_at_least (guint64 x,
                     guint   k)
{
  return ((x & _WEFT_WORD_LOWS) + _WEFT_WORD_ONES * (0x80 - k)) & _WEFT_WORD_HIGHS;
}

/* The high bit of each lane of @x that is zero. */
static inline guint64
_weft_word_zero_lanes (guint64 x)
{
  return ~(((x & _WEFT_WORD_LOWS) + _WEFT_WORD_LOWS) | x | _WEFT_WORD_LOWS);
}

/* How many lanes lead before the first with its high bit set in @others. */
static inline guint
_weft_word_leading (guint64 others)
{
  return others != 0 ? (guint)__builtin_ctzll (others) >> 3 : 8;
}

/* The @n (1 to 8) leading lanes of @x, each a digit value in base @base (10
 * or 16), as one number. */
static inline guint64
_weft_word_combine (guint64 x,
                    guint   n,
                    guint64 base)
{
  x <<= 8 * (8 - n);   /* leading zeros before the n digits */
  x = ((x * (base * 256 + 1)) >> 8) & G_GUINT64_CONSTANT (0x00FF00FF00FF00FF);
  x = ((x * (base * base * 65536 + 1)) >> 16) & G_GUINT64_CONSTANT (0x0000FFFF0000FFFF);
  return (x * ((base * base * base * base) * G_GUINT64_CONSTANT (4294967296) + 1)) >> 32;
}

/**
 * weft_scan_word_decimal:
 * @p: eight readable bytes
 * @value: (out): what the leading decimal digits read as (0 when none)
 *
 * Returns: how many of the eight bytes lead as decimal digits (0 to 8).
 */
static inline guint
weft_scan_word_decimal (const char *p,
                        guint64    *value)
{
  guint64 x = _weft_word_load (p) ^ (_WEFT_WORD_ONES * '0');
  guint n = _weft_word_leading ((_weft_word_at_least (x, 10) | x) & _WEFT_WORD_HIGHS);

  *value = n != 0 ? _weft_word_combine (x, n, 10) : 0;
  return n;
}

/* The high bit of each lane of @x that is a hexadecimal digit of either case. */
static inline guint64
_weft_word_hex_lanes (guint64  x,
                      guint64 *letters)
{
  guint64 t = x ^ (_WEFT_WORD_ONES * '0');
  guint64 digits = ~(_weft_word_at_least (t, 10) | t) & _WEFT_WORD_HIGHS;
  guint64 folded = x | (_WEFT_WORD_ONES * 0x20);   /* 'A'-'F' → 'a'-'f' */

  *letters = _weft_word_at_least (folded, 'a') & ~_weft_word_at_least (folded, 'g') & ~x & _WEFT_WORD_HIGHS;
  return digits | *letters;
}

/**
 * weft_scan_word_hex:
 * @p: eight readable bytes
 * @value: (out) (optional): what the leading hexadecimal digits (either case)
 *   read as (0 when none)
 *
 * Returns: how many of the eight bytes lead as hexadecimal digits (0 to 8).
 */
static inline guint
weft_scan_word_hex (const char *p,
                    guint64    *value)
{
  guint64 x = _weft_word_load (p);
  guint64 letters;
  guint n = _weft_word_leading (~_weft_word_hex_lanes (x, &letters) & _WEFT_WORD_HIGHS);

  if (value != NULL)
    /* A digit's value is its low four bits, a letter's those plus nine. */
    *value = n != 0 ? _weft_word_combine ((x & (_WEFT_WORD_ONES * 0x0F)) + (letters >> 7) * 9, n, 16) : 0;
  return n;
}

/* A field weft_scan_hex_u64() would accept, passed over without its value
 * (for fields a reader checks but does not keep: a Chapel record's
 * addresses). At most 16 digits after the leading zeros fit 64 bits. */
static inline gboolean
weft_scan_hex_skip (const char **pos,
                    const char  *end)
{
  const char *p = _weft_scan_skip_blanks (*pos, end);
  const char *digits, *significant;

  if (end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    p += 2;

  digits = p;
  while (p < end && *p == '0')
    p++;
  significant = p;
  while (p < end && _weft_scan_hex_values[(guchar)*p] != 0)
    p++;

  if (p == digits || p - significant > 16 || !_weft_scan_is_field_end (p, end))
    return FALSE;

  *pos = p;
  return TRUE;
}

/* A gettimeofday()/getrusage() time printed as "%ld.%06ld": seconds, a dot and
 * 1 to 6 digits of fraction (fewer digits are scaled: "1.5" is 1.5 s); a time
 * without a fraction is accepted; digits past the sixth are ignored. */
static inline gboolean
weft_scan_sec_usec (const char **pos,
                    const char  *end,
                    gint64      *microseconds)
{
  const char *p = _weft_scan_skip_blanks (*pos, end);
  gboolean negative = FALSE;
  guint64 sec, frac = 0;
  int n_frac = 0;

  if (p < end && *p == '-')
    {
      negative = TRUE;
      p++;
    }
  if (!_weft_scan_digits (&p, end, &sec))
    return FALSE;
  if (p < end && *p == '.')
    {
      p++;
      while (p < end && (guint)(*p - '0') <= 9)
        {
          if (n_frac < 6)
            {
              frac = frac * 10 + (guint)(*p - '0');
              n_frac++;
            }
          p++;
        }
    }
  if (!_weft_scan_is_field_end (p, end))
    return FALSE;
  for (; n_frac < 6; n_frac++)
    frac *= 10;

  if (sec > (guint64)(G_MAXINT64 / 1000000) - 1)
    return FALSE;

  *microseconds = (gint64)(sec * 1000000 + frac);
  if (negative)
    *microseconds = -*microseconds;
  *pos = p;
  return TRUE;
}

static inline gboolean
weft_scan_at_end (const char *pos,
                  const char *end)
{
  return _weft_scan_skip_blanks (pos, end) == end;
}

G_END_DECLS

/* weft-visandor-scan.c
 *
 * Nearly every line of a real trace is plain: unsigned digits separated by a
 * few blanks, ended by a newline. Those lines take a fast path that reads the
 * line once without looking for its end first and without bounds checks; any
 * other line (signs, "0x", long numbers or blank runs, a damaged field, the
 * last bytes of the file) goes through weft_visandor_scan_line(), which is
 * the definition of the syntax. The fast path only ever accepts what the
 * general one reads the same way.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-text-scan.h"
#include "weft-visandor-scan.h"

/* The fast path gives up on a blank run longer than this, or a number longer
 * than 19 digits (16 hexadecimal, 9 for an int: none can overflow), so it
 * never looks further than FAST_MARGIN bytes past a line start. */
#define FAST_MAX_BLANKS 64
#define FAST_MARGIN     1024

/**
 * weft_visandor_scan_line:
 * @line: the line, without its newline
 *
 * Returns: how the line reads; @event holds the fields read when it is
 *   %WEFT_VISANDOR_SCAN_OK or %WEFT_VISANDOR_SCAN_TRAILING, and where the
 *   field that failed starts for a BAD_* status.
 */
WeftVisandorScanStatus
weft_visandor_scan_line (const char        *line,
                         const char        *end,
                         WeftVisandorEvent *event)
{
  const char *p = line;
  guint64 wam;
  int code, branches, agent;
  WeftVisandorScanStatus bad;

  /* A failed scan leaves p at the start of the field. */
  if (!weft_scan_u64 (&p, end, &event->stamp))
    {
      if (weft_scan_at_end (line, end))
        return WEFT_VISANDOR_SCAN_BLANK;
      bad = WEFT_VISANDOR_SCAN_BAD_STAMP;
    }
  else if (!weft_scan_int (&p, end, &code))
    bad = WEFT_VISANDOR_SCAN_BAD_CODE;
  else if (!weft_scan_hex_u64 (&p, end, &event->id))
    bad = WEFT_VISANDOR_SCAN_BAD_NODE;
  else if (!weft_scan_int (&p, end, &branches))
    bad = WEFT_VISANDOR_SCAN_BAD_BRANCHES;
  else if (!weft_scan_hex_u64 (&p, end, &wam))
    bad = WEFT_VISANDOR_SCAN_BAD_WAM;
  else if (!weft_scan_int (&p, end, &agent))
    bad = WEFT_VISANDOR_SCAN_BAD_AGENT;
  else
    bad = WEFT_VISANDOR_SCAN_OK;
  if (bad != WEFT_VISANDOR_SCAN_OK)
    {
      event->bad_field = p;
      event->bad_end = end;
      return bad;
    }

  event->code = code;
  event->branches = branches;
  event->agent = agent;

  return weft_scan_at_end (p, end) ? WEFT_VISANDOR_SCAN_OK : WEFT_VISANDOR_SCAN_TRAILING;
}

static inline gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t';
}

/* Blanks at @p (at least @min of them); NULL past FAST_MAX_BLANKS. */
static inline const char *
fast_blanks (const char *p,
             int         min)
{
  const char *start = p;

  /* Most fields are one blank apart. */
  if (min == 1 && is_blank (p[0]) && !is_blank (p[1]))
    return p + 1;
  while (is_blank (*p))
    {
      if (++p - start > FAST_MAX_BLANKS)
        return NULL;
    }

  return p - start >= min ? p : NULL;
}

#if G_BYTE_ORDER == G_LITTLE_ENDIAN
#define WORD_ONES  G_GUINT64_CONSTANT (0x0101010101010101)
#define WORD_HIGHS G_GUINT64_CONSTANT (0x8080808080808080)
#define WORD_LOWS  G_GUINT64_CONSTANT (0x7F7F7F7F7F7F7F7F)

/* The leading decimal digits of the 8 bytes at @p, eight at a time: how many
 * (0 to 8) and, in *@value, what they read as. A byte is a digit when it XOR
 * '0' is below 10, tested on all bytes at once without carries between them;
 * the digits then combine in three multiplications (pairs, fours, eights). */
static inline guint
word_digits (const char *p,
             guint64    *value)
{
  guint64 x, other;
  guint n;

  memcpy (&x, p, sizeof x);
  x ^= WORD_ONES * '0';
  other = (((x & WORD_LOWS) + WORD_ONES * (0x80 - 10)) | x) & WORD_HIGHS;
  n = other != 0 ? (guint)__builtin_ctzll (other) >> 3 : 8;
  *value = 0;
  if (n == 0)
    return 0;

  x <<= 8 * (8 - n);   /* leading zeros before the n digits */
  x = ((x & G_GUINT64_CONSTANT (0x0F0F0F0F0F0F0F0F)) * (10 * 256 + 1)) >> 8;
  x = ((x & G_GUINT64_CONSTANT (0x00FF00FF00FF00FF)) * (100 * 65536 + 1)) >> 16;
  x = ((x & G_GUINT64_CONSTANT (0x0000FFFF0000FFFF)) * (10000 * G_GUINT64_CONSTANT (4294967296) + 1)) >> 32;
  *value = x;

  return n;
}
#endif

/* 1 to @max_digits decimal digits, or NULL. */
static inline const char *
fast_decimal (const char *p,
              int         max_digits,
              guint64    *value)
{
  const char *start = p;
  guint64 v = 0;
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  static const guint64 scale[9] = { 1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000 };
  guint64 word;
  guint n;

  do
    {
      n = word_digits (p, &word);
      if ((int)(p + n - start) > max_digits)
        return NULL;
      v = v * scale[n] + word;
      p += n;
    }
  while (n == 8);
#else
  const char *limit = p + max_digits;
  guint d;

  while (p <= limit && (d = (guint)((guchar)*p - '0')) <= 9)
    {
      v = v * 10 + d;
      p++;
    }
  if (p > limit)
    return NULL;
#endif
  if (p == start)
    return NULL;

  *value = v;
  return p;
}

/* 1 to 16 hexadecimal digits, or NULL. */
static inline const char *
fast_hex (const char *p,
          guint64    *value)
{
  const char *start = p;
  const char *limit = p + 16;
  guint64 v = 0;
  guint d;

  while (p <= limit && (d = _weft_scan_hex_values[(guchar)*p]) != 0)
    {
      v = (v << 4) | (d - 1);
      p++;
    }
  if (p == start || p > limit)
    return NULL;

  *value = v;
  return p;
}

/* A plain line at @p (FAST_MARGIN bytes readable): the start of the next
 * line, or NULL when the line needs the general path. */
static inline const char *
scan_fast (const char        *p,
           WeftVisandorEvent *event)
{
  guint64 code, branches, agent, wam;

  if ((p = fast_blanks (p, 0)) == NULL ||
      (p = fast_decimal (p, 19, &event->stamp)) == NULL ||
      (p = fast_blanks (p, 1)) == NULL ||
      (p = fast_decimal (p, 9, &code)) == NULL ||
      (p = fast_blanks (p, 1)) == NULL ||
      (p = fast_hex (p, &event->id)) == NULL ||
      (p = fast_blanks (p, 1)) == NULL ||
      (p = fast_decimal (p, 9, &branches)) == NULL ||
      (p = fast_blanks (p, 1)) == NULL ||
      (p = fast_hex (p, &wam)) == NULL ||
      (p = fast_blanks (p, 1)) == NULL ||
      (p = fast_decimal (p, 9, &agent)) == NULL ||
      (p = fast_blanks (p, 0)) == NULL)
    return NULL;
  if (*p == '\r')
    p++;
  if (*p != '\n')
    return NULL;

  event->code = (gint32)code;
  event->branches = (gint32)branches;
  event->agent = (gint32)agent;
  event->status = WEFT_VISANDOR_SCAN_OK;

  return p + 1;
}

void
weft_visandor_scanner_init (WeftVisandorScanner *scanner,
                            const char          *data,
                            gsize                len,
                            guint64              line_no)
{
  scanner->pos = data;
  scanner->end = data + len;
  scanner->line_no = line_no;
}

/**
 * weft_visandor_scan_events:
 * @events: (out caller-allocates): room for @n_max events
 *
 * Reads lines until @n_max events (blank lines are none) or the end.
 *
 * Returns: the number of events read; 0 only at the end.
 */
gsize
weft_visandor_scan_events (WeftVisandorScanner *scanner,
                           WeftVisandorEvent   *events,
                           gsize                n_max)
{
  const char *p = scanner->pos;
  const char *end = scanner->end;
  const char *fast_end = end - p > FAST_MARGIN ? end - FAST_MARGIN : p;
  guint64 line_no = scanner->line_no;
  gsize n = 0;

  while (n < n_max && p < end)
    {
      WeftVisandorEvent *event = &events[n];
      const char *next = p < fast_end ? scan_fast (p, event) : NULL;

      if (G_UNLIKELY (next == NULL))
        {
          const char *newline = memchr (p, '\n', (gsize)(end - p));
          const char *stop = newline != NULL ? newline : end;

          if (stop > p && stop[-1] == '\r')
            stop--;
          event->status = weft_visandor_scan_line (p, stop, event);
          next = newline != NULL ? newline + 1 : end;
        }
      p = next;
      line_no++;
      if (event->status != WEFT_VISANDOR_SCAN_BLANK)
        {
          event->line = line_no;
          n++;
        }
    }

  scanner->pos = p;
  scanner->line_no = line_no;

  return n;
}

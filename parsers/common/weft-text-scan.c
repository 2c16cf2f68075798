/* weft-text-scan.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "weft-text-scan.h"

void
weft_line_reader_init (WeftLineReader *reader,
                       const char     *data,
                       gsize           len)
{
  reader->data = data;
  reader->pos = data;
  reader->end = data + len;
  reader->line_no = 0;
}

/**
 * weft_line_reader_next:
 * @line: (out): first byte of the line
 * @line_end: (out): one past its last byte, without "\n" or "\r\n"
 *
 * Returns: %FALSE at the end of the data. A last line without a newline is
 *   still returned.
 */
gboolean
weft_line_reader_next (WeftLineReader  *reader,
                       const char     **line,
                       const char     **line_end)
{
  const char *nl;
  const char *stop;

  if (reader->pos >= reader->end)
    return FALSE;

  nl = memchr (reader->pos, '\n', reader->end - reader->pos);
  stop = nl != NULL ? nl : reader->end;

  *line = reader->pos;
  *line_end = (stop > reader->pos && stop[-1] == '\r') ? stop - 1 : stop;
  reader->pos = nl != NULL ? nl + 1 : reader->end;
  reader->line_no++;

  return TRUE;
}

gsize
weft_line_reader_get_offset (const WeftLineReader *reader)
{
  return reader->pos - reader->data;
}

static inline const char *
skip_blanks (const char *p,
             const char *end)
{
  while (p < end && (*p == ' ' || *p == '\t'))
    p++;
  return p;
}

/* A field ends at a blank or at the end of the line. */
static inline gboolean
at_field_end (const char *p,
              const char *end)
{
  return p >= end || *p == ' ' || *p == '\t';
}

static gboolean
scan_digits (const char **pos,
             const char  *end,
             guint64     *value)
{
  const char *p = *pos;
  guint64 v = 0;

  if (p >= end || *p < '0' || *p > '9')
    return FALSE;

  while (p < end && *p >= '0' && *p <= '9')
    {
      guint d = *p - '0';

      if (v > (G_MAXUINT64 - d) / 10)
        return FALSE;
      v = v * 10 + d;
      p++;
    }

  *pos = p;
  *value = v;
  return TRUE;
}

gboolean
weft_scan_u64 (const char **pos,
               const char  *end,
               guint64     *value)
{
  const char *p = skip_blanks (*pos, end);
  guint64 v;

  if (p < end && *p == '+')
    p++;
  if (!scan_digits (&p, end, &v) || !at_field_end (p, end))
    return FALSE;

  *value = v;
  *pos = p;
  return TRUE;
}

gboolean
weft_scan_i64 (const char **pos,
               const char  *end,
               gint64      *value)
{
  const char *p = skip_blanks (*pos, end);
  gboolean negative = FALSE;
  guint64 v;

  if (p < end && (*p == '-' || *p == '+'))
    {
      negative = *p == '-';
      p++;
    }
  if (!scan_digits (&p, end, &v) || !at_field_end (p, end))
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

gboolean
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

/* Hexadecimal with or without 0x/0X, either case: printf's %#lx prints 0 as "0". */
gboolean
weft_scan_hex_u64 (const char **pos,
                   const char  *end,
                   guint64     *value)
{
  const char *p = skip_blanks (*pos, end);
  guint64 v = 0;
  const char *digits;

  if (end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
    p += 2;

  digits = p;
  while (p < end)
    {
      guint d;

      if (*p >= '0' && *p <= '9')
        d = *p - '0';
      else if (*p >= 'a' && *p <= 'f')
        d = *p - 'a' + 10;
      else if (*p >= 'A' && *p <= 'F')
        d = *p - 'A' + 10;
      else
        break;

      if (v >> 60)
        return FALSE;
      v = (v << 4) | d;
      p++;
    }

  if (p == digits || !at_field_end (p, end))
    return FALSE;

  *value = v;
  *pos = p;
  return TRUE;
}

gboolean
weft_scan_double (const char **pos,
                  const char  *end,
                  double      *value)
{
  const char *p = skip_blanks (*pos, end);
  char buf[64];
  char *stop = NULL;
  gsize len = 0;
  double v;

  while (p + len < end && !at_field_end (p + len, end))
    len++;
  if (len == 0 || len >= sizeof buf)
    return FALSE;

  memcpy (buf, p, len);
  buf[len] = '\0';
  v = g_ascii_strtod (buf, &stop);
  if (stop != buf + len || !isfinite (v))
    return FALSE;

  *value = v;
  *pos = p + len;
  return TRUE;
}

/**
 * weft_scan_sec_usec:
 * @microseconds: (out): the time in µs
 *
 * Reads a gettimeofday()/getrusage() time printed as "%ld.%06ld": seconds, a dot
 * and 1 to 6 digits of fraction (fewer digits are scaled, so "1.5" is 1.5 s).
 * A time without a fraction is also accepted.
 */
gboolean
weft_scan_sec_usec (const char **pos,
                    const char  *end,
                    gint64      *microseconds)
{
  const char *p = skip_blanks (*pos, end);
  gboolean negative = FALSE;
  guint64 sec, frac = 0;
  int n_frac = 0;

  if (p < end && *p == '-')
    {
      negative = TRUE;
      p++;
    }
  if (!scan_digits (&p, end, &sec))
    return FALSE;
  if (p < end && *p == '.')
    {
      p++;
      while (p < end && *p >= '0' && *p <= '9')
        {
          if (n_frac < 6)
            {
              frac = frac * 10 + (guint64)(*p - '0');
              n_frac++;
            }
          p++;
        }
    }
  if (!at_field_end (p, end))
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

gboolean
weft_scan_token (const char **pos,
                 const char  *end,
                 const char **token,
                 gsize       *token_len)
{
  const char *p = skip_blanks (*pos, end);
  const char *start = p;

  while (p < end && *p != ' ' && *p != '\t')
    p++;
  if (p == start)
    return FALSE;

  *token = start;
  *token_len = p - start;
  *pos = p;
  return TRUE;
}

/* A one-character field, such as Chapel's "O"/"L". */
gboolean
weft_scan_char (const char **pos,
                const char  *end,
                char        *c)
{
  const char *p = skip_blanks (*pos, end);

  if (p >= end || !at_field_end (p + 1, end))
    return FALSE;

  *c = *p;
  *pos = p + 1;
  return TRUE;
}

/* Matches @literal exactly at the current position (no blanks skipped). */
gboolean
weft_scan_literal (const char **pos,
                   const char  *end,
                   const char  *literal)
{
  gsize len = strlen (literal);

  if ((gsize)(end - *pos) < len || memcmp (*pos, literal, len) != 0)
    return FALSE;

  *pos += len;
  return TRUE;
}

/**
 * weft_scan_rest:
 *
 * Takes the rest of the line after one separating blank, keeping inner and
 * trailing blanks (names with spaces, such as Chapel tag names).
 */
void
weft_scan_rest (const char **pos,
                const char  *end,
                const char **rest,
                gsize       *rest_len)
{
  const char *p = *pos;

  if (p < end && (*p == ' ' || *p == '\t'))
    p++;

  *rest = p;
  *rest_len = end - p;
  *pos = end;
}

gboolean
weft_scan_at_end (const char *pos,
                  const char *end)
{
  return skip_blanks (pos, end) == end;
}

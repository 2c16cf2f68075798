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
  reader->search = (WeftTextSearch) { NULL, NULL, NULL };
}

/* Once @cancellable is cancelled, a line still being looked for ends at the
 * end of the data: the reader's next cancellation check stops the load. */
void
weft_line_reader_set_cancellable (WeftLineReader *reader,
                                  GCancellable   *cancellable)
{
  reader->search.cancellable = cancellable;
}

/* @reached is told how far the search of a very long line got, after each
 * step (WEFT_TEXT_NEWLINE_STEP bytes), on the reader's thread. */
void
weft_line_reader_set_search_func (WeftLineReader     *reader,
                                  WeftTextSearchFunc  reached,
                                  gpointer            user_data)
{
  reader->search.reached = reached;
  reader->search.reached_data = user_data;
}

/**
 * weft_text_search_report_progress:
 * @progress: a #WeftTextSearchProgress
 *
 * A #WeftTextSearchFunc for readers that report progress as fractions of the
 * stage: how far the search of a line of gigabytes (a damaged file) got. The
 * stage's fraction only grows, so the reader's own reports agree with it.
 */
void
weft_text_search_report_progress (const char *reached,
                                  gpointer    progress)
{
  const WeftTextSearchProgress *p = progress;

  weft_load_context_progress (p->context, p->share * (double)(reached - p->data) / (double)MAX (p->len, 1), NULL);
}

/**
 * weft_text_find_newline:
 * @search: (nullable): its cancellable is checked between steps, and its
 *   function told where each step ended
 *
 * memchr() for '\n', WEFT_TEXT_NEWLINE_STEP bytes at a time.
 *
 * Returns: the first newline in [@p, @end), or %NULL when there is none or
 *   the search was cancelled
 */
const char *
weft_text_find_newline (const char           *p,
                        const char           *end,
                        const WeftTextSearch *search)
{
  while (p < end)
    {
      gsize step = MIN ((gsize)(end - p), WEFT_TEXT_NEWLINE_STEP);
      const char *nl;

      if (search != NULL && search->cancellable != NULL && g_cancellable_is_cancelled (search->cancellable))
        return NULL;
      nl = memchr (p, '\n', step);
      if (nl != NULL)
        return nl;
      p += step;
      if (search != NULL && search->reached != NULL)
        search->reached (p, search->reached_data);
    }
  return NULL;
}

/**
 * weft_text_excerpt:
 * @text: the text found (a line or a field), not nul-terminated
 * @end: one past its last byte
 * @max_chars: how many characters to keep at most
 *
 * The text as a message can quote it: valid UTF-8 without control
 * characters (both shown as U+FFFD), without blanks around it, cut after
 * @max_chars characters with "…" added.
 *
 * Returns: (transfer full): the excerpt
 */
char *
weft_text_excerpt (const char *text,
                   const char *end,
                   gsize       max_chars)
{
  g_autofree char *valid = NULL;
  gboolean cut = FALSE;
  gsize len;

  while (text < end && g_ascii_isspace (*text))
    text++;
  while (end > text && g_ascii_isspace (end[-1]))
    end--;

  /* No character takes more than 4 bytes, so the first @max_chars lie within
   * @max_chars * 4 bytes and the rest need not be looked at. */
  len = (gsize)(end - text);
  if (len > max_chars * 4)
    {
      len = max_chars * 4;
      cut = TRUE;
    }
  valid = g_utf8_make_valid (text, (gssize)len);
  if ((gsize)g_utf8_strlen (valid, -1) > max_chars)
    {
      *g_utf8_offset_to_pointer (valid, (glong)max_chars) = '\0';
      cut = TRUE;
    }

  /* Control characters (a NUL, an escape) show as U+FFFD too, a tab as a blank. */
  {
    GString *shown = g_string_sized_new (strlen (valid) + 4);

    for (const char *c = valid; *c != '\0'; c++)
      if (*c == '\t')
        g_string_append_c (shown, ' ');
      else if ((guchar)*c < 0x20 || *c == 0x7f)
        g_string_append (shown, "\xef\xbf\xbd");
      else
        g_string_append_c (shown, *c);
    if (cut)
      g_string_append (shown, "…");
    return g_string_free (shown, FALSE);
  }
}

gsize
weft_line_reader_get_offset (const WeftLineReader *reader)
{
  return reader->pos - reader->data;
}

gboolean
weft_scan_double (const char **pos,
                  const char  *end,
                  double      *value)
{
  const char *p = _weft_scan_skip_blanks (*pos, end);
  char buf[64];
  char *stop = NULL;
  gsize len = 0;
  double v;

  while (p + len < end && !_weft_scan_is_field_end (p + len, end))
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

gboolean
weft_scan_token (const char **pos,
                 const char  *end,
                 const char **token,
                 gsize       *token_len)
{
  const char *p = _weft_scan_skip_blanks (*pos, end);
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
  const char *p = _weft_scan_skip_blanks (*pos, end);

  if (p >= end || !_weft_scan_is_field_end (p + 1, end))
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


const guint8 _weft_scan_hex_values[256] = {
#define D(c, v) [c] = v + 1
  D ('0', 0), D ('1', 1), D ('2', 2), D ('3', 3), D ('4', 4), D ('5', 5), D ('6', 6), D ('7', 7),
  D ('8', 8), D ('9', 9), D ('a', 10), D ('b', 11), D ('c', 12), D ('d', 13), D ('e', 14), D ('f', 15),
  D ('A', 10), D ('B', 11), D ('C', 12), D ('D', 13), D ('E', 14), D ('F', 15),
#undef D
};

const guint64 _weft_scan_pow10[9] = {
  1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
};

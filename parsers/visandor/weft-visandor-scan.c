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

/* 1 to @max_digits decimal digits, or NULL; eight at a time. */
static inline const char *
fast_decimal (const char *p,
              int         max_digits,
              guint64    *value)
{
  const char *start = p;
  guint64 v = 0, word;
  guint n;

  do
    {
      n = weft_scan_word_decimal (p, &word);
      if ((int)(p + n - start) > max_digits)
        return NULL;
      v = v * _weft_scan_pow10[n] + word;
      p += n;
    }
  while (n == 8);
  if (p == start)
    return NULL;

  *value = v;
  return p;
}

/* 1 to 9 decimal digits, or NULL: the event code, branch count and agent,
 * a digit or two, where a loop turn per digit costs less than a word. */
static inline const char *
fast_small_decimal (const char *p,
                    guint64    *value)
{
  const char *start = p;
  const char *limit = p + 10;   /* within FAST_MARGIN, whatever the line */
  guint64 v = 0;
  guint d;

  while (p < limit && (d = (guint)((guchar)*p - '0')) <= 9)
    {
      v = v * 10 + d;
      p++;
    }
  if (p == start || p == limit)
    return NULL;

  *value = v;
  return p;
}

/* 1 to 16 hexadecimal digits, or NULL; eight at a time. */
static G_ALWAYS_INLINE inline const char *
fast_hex (const char *p,
          guint64    *value)
{
  guint64 v, more;
  guint n = weft_scan_word_hex (p, &v);

  if (n == 0)
    return NULL;
  if (n == 8)
    {
      guint m = weft_scan_word_hex (p + 8, &more);

      /* 17 digits or more: the general path's to refuse. */
      if (m == 8 && _weft_scan_hex_values[(guchar)p[16]] != 0)
        return NULL;
      v = m != 0 ? (v << (4 * m)) | more : v;
      n += m;
    }

  *value = v;
  return p + n;
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
      (p = fast_small_decimal (p, &code)) == NULL ||
      (p = fast_blanks (p, 1)) == NULL ||
      (p = fast_hex (p, &event->id)) == NULL ||
      (p = fast_blanks (p, 1)) == NULL ||
      (p = fast_small_decimal (p, &branches)) == NULL ||
      (p = fast_blanks (p, 1)) == NULL ||
      (p = fast_hex (p, &wam)) == NULL ||
      (p = fast_blanks (p, 1)) == NULL ||
      (p = fast_small_decimal (p, &agent)) == NULL ||
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
  scanner->search = (WeftTextSearch) { NULL, NULL, NULL };
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
          const char *newline = weft_text_next_newline (p, end, &scanner->search);
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

/* Scanning ahead ------------------------------------------------------------ */

struct _WeftVisandorScanAhead
{
  WeftVisandorScanner scanner;
  const char         *data;
  gsize               chunk_events;
  WeftVisandorChunk   chunks[WEFT_VISANDOR_SCAN_AHEAD_CHUNKS];
  gboolean            full[WEFT_VISANDOR_SCAN_AHEAD_CHUNKS];   /* scanned, not yet read */
  guint               next;     /* the chunk _next() gives */
  GThread            *thread;
  GMutex              mutex;
  GCond               cond;
  gboolean            stop;     /* the reader stopped (cancelled, or at the end) */
};

static void
fill_chunk (WeftVisandorScanAhead *self,
            WeftVisandorChunk     *chunk)
{
  WeftVisandorScanner *scanner = &self->scanner;

  chunk->n = weft_visandor_scan_events (scanner, chunk->events, self->chunk_events);
  chunk->offset = (gsize)(scanner->pos - self->data);
  chunk->n_lines = scanner->line_no;
  chunk->last = scanner->pos >= scanner->end;
}

static void
set_chunk_full (WeftVisandorScanAhead *self,
                WeftVisandorChunk     *chunk,
                gboolean               full)
{
  g_mutex_lock (&self->mutex);
  self->full[chunk - self->chunks] = full;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->mutex);
}

static gpointer
scan_thread (gpointer data)
{
  WeftVisandorScanAhead *self = data;

  for (guint i = 0;; i = (i + 1) % WEFT_VISANDOR_SCAN_AHEAD_CHUNKS)
    {
      WeftVisandorChunk *chunk = &self->chunks[i];
      gboolean stop;

      g_mutex_lock (&self->mutex);
      while (self->full[i] && !self->stop)
        g_cond_wait (&self->cond, &self->mutex);
      stop = self->stop;
      g_mutex_unlock (&self->mutex);
      if (stop)
        break;

      fill_chunk (self, chunk);
      set_chunk_full (self, chunk, TRUE);
      if (chunk->last)
        break;
    }

  return NULL;
}

/**
 * weft_visandor_scan_ahead_new:
 * @start: where in @data the events start (after the type line)
 * @n_lines: the lines before @start
 * @chunk_events: events a chunk holds
 * @threaded: whether to scan on a thread of its own (if one can be started)
 * @search: (nullable): for a line still being looked for: once its
 *   cancellable is cancelled, the line ends at the end of the data (the
 *   reader then stops); its function is told how far the search got (on
 *   the scanning thread)
 *
 * Returns: (transfer full): the scanner, for weft_visandor_scan_ahead_free()
 */
WeftVisandorScanAhead *
weft_visandor_scan_ahead_new (const char           *data,
                              gsize                 len,
                              gsize                 start,
                              guint64               n_lines,
                              gsize                 chunk_events,
                              gboolean              threaded,
                              const WeftTextSearch *search)
{
  WeftVisandorScanAhead *self = g_new0 (WeftVisandorScanAhead, 1);

  self->data = data;
  self->chunk_events = MAX (chunk_events, 1);
  weft_visandor_scanner_init (&self->scanner, data + start, len - start, n_lines);
  if (search != NULL)
    self->scanner.search = *search;
  g_mutex_init (&self->mutex);
  g_cond_init (&self->cond);
  for (guint i = 0; i < (threaded ? WEFT_VISANDOR_SCAN_AHEAD_CHUNKS : 1); i++)
    self->chunks[i].events = g_new (WeftVisandorEvent, self->chunk_events);
  if (threaded)
    self->thread = g_thread_try_new ("weft-visandor-scan", scan_thread, self, NULL);

  return self;
}

/* The next chunk, once it is full; the one after the last is never asked for. */
WeftVisandorChunk *
weft_visandor_scan_ahead_next (WeftVisandorScanAhead *self)
{
  WeftVisandorChunk *chunk = &self->chunks[self->next];

  if (self->thread == NULL)
    {
      fill_chunk (self, chunk);
      return chunk;
    }

  g_mutex_lock (&self->mutex);
  while (!self->full[self->next])
    g_cond_wait (&self->cond, &self->mutex);
  g_mutex_unlock (&self->mutex);
  self->next = (self->next + 1) % WEFT_VISANDOR_SCAN_AHEAD_CHUNKS;

  return chunk;
}

/* Hands @chunk, read, back to the scanning thread. */
void
weft_visandor_scan_ahead_done (WeftVisandorScanAhead *self,
                               WeftVisandorChunk     *chunk)
{
  if (self->thread != NULL)
    set_chunk_full (self, chunk, FALSE);
}

/* Stops the scanning thread (at the end, or when the reader gives up). */
void
weft_visandor_scan_ahead_free (WeftVisandorScanAhead *self)
{
  if (self->thread != NULL)
    {
      g_mutex_lock (&self->mutex);
      self->stop = TRUE;
      g_cond_broadcast (&self->cond);
      g_mutex_unlock (&self->mutex);
      g_thread_join (self->thread);
    }
  for (guint i = 0; i < WEFT_VISANDOR_SCAN_AHEAD_CHUNKS; i++)
    g_free (self->chunks[i].events);
  g_mutex_clear (&self->mutex);
  g_cond_clear (&self->cond);
  g_free (self);
}

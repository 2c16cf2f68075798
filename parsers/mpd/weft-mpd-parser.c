/* weft-mpd-parser.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-error.h"
#include "weft-mpd-parser.h"
#include "weft-text-scan.h"

/* Warnings past this many are summed up in one, so that a binary file given by
 * mistake does not make a million of them. */
#define MAX_LINE_WARNINGS 100

/* A proc or file name longer than this is not something the runtime wrote. */
#define MAX_NAME_LEN 4096

static inline gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t';
}

static inline const char *
skip_blanks (const char *p,
             const char *end)
{
  while (p < end && is_blank (*p))
    p++;
  return p;
}

static inline const char *
skip_token (const char *p,
            const char *end)
{
  while (p < end && !is_blank (*p))
    p++;
  return p;
}

WeftMpdLineStatus
weft_mpd_parse_line (const char  *line,
                     const char  *end,
                     WeftMpdLine *out)
{
  static const char unknown[] = "(unknown location)";
  const char *p = line;
  const char *q;
  guint64 value;

  while (end > line && (end[-1] == '\r' || is_blank (end[-1])))
    end--;

  /* The location. */
  if ((gsize)(end - p) >= sizeof unknown - 1 && memcmp (p, unknown, sizeof unknown - 1) == 0)
    {
      out->file = NULL;
      out->file_len = 0;
      out->line = 0;
      p += sizeof unknown - 1;
    }
  else
    {
      const char *comma = p;

      for (;;)
        {
          comma = memchr (comma, ',', (gsize)(end - comma));
          if (comma == NULL)
            return WEFT_MPD_LINE_NOT_TRACE;
          if (comma + 1 < end && comma[1] == ' ')
            break;
          comma++;
        }
      if (comma == line || comma - line > MAX_NAME_LEN)
        return WEFT_MPD_LINE_NOT_TRACE;
      out->file = line;
      out->file_len = (gsize)(comma - line);
      p = comma + 2;
      if (!_weft_scan_digits (&p, end, &value) || value > G_MAXUINT32)
        return WEFT_MPD_LINE_NOT_TRACE;
      out->line = (guint32)value;
    }
  if (p >= end || !is_blank (*p))
    return WEFT_MPD_LINE_NOT_TRACE;
  p = skip_blanks (p, end);

  /* The proc name, with its optional "vm(N)." prefix. */
  q = skip_token (p, end);
  out->vm = 0;
  if (q - p > 4 && memcmp (p, "vm(", 3) == 0)
    {
      const char *v = p + 3;

      if (!_weft_scan_digits (&v, q, &value) || value == 0 || value > G_MAXUINT16 ||
          v + 1 >= q || v[0] != ')' || v[1] != '.')
        return WEFT_MPD_LINE_NOT_TRACE;
      out->vm = (guint16)value;
      p = v + 2;
    }
  if (p == q || q - p > MAX_NAME_LEN)
    return WEFT_MPD_LINE_NOT_TRACE;
  out->name = p;
  out->name_len = (gsize)(q - p);
  p = skip_blanks (q, end);

  /* The event, then the two hexadecimal fields and nothing else. */
  q = skip_token (p, end);
  if (p == q || q - p > 16)
    return WEFT_MPD_LINE_NOT_TRACE;
  for (const char *c = p; c < q; c++)
    if (!g_ascii_isalpha (*c))
      return WEFT_MPD_LINE_NOT_TRACE;
  out->event_name = p;
  out->event_len = (gsize)(q - p);
  p = q;
  if (!weft_scan_hex_u64 (&p, end, &out->pid) ||
      !weft_scan_hex_u64 (&p, end, &out->extra) ||
      !weft_scan_at_end (p, end))
    return WEFT_MPD_LINE_NOT_TRACE;

  out->event = weft_mpd_event_lookup (out->event_name, out->event_len);

  return out->event < 0 ? WEFT_MPD_LINE_UNKNOWN_EVENT : WEFT_MPD_LINE_OK;
}

guint
weft_mpd_count_trace_lines (const char *head,
                            gsize       len,
                            guint      *n_lines_out)
{
  WeftLineReader reader;
  const char *line, *line_end;
  guint n_lines = 0;
  guint n_trace = 0;

  weft_line_reader_init (&reader, head, len);
  while (n_lines < 64 && weft_line_reader_next (&reader, &line, &line_end))
    {
      WeftMpdLine parsed;

      /* The last line of a head may be cut short. */
      if (line_end == head + len)
        break;
      n_lines++;
      if (weft_mpd_parse_line (line, line_end, &parsed) == WEFT_MPD_LINE_OK)
        n_trace++;
    }

  if (n_lines_out != NULL)
    *n_lines_out = n_lines;

  return n_trace;
}

typedef struct
{
  WeftMpdTrace *trace;
  gsize         capacity;
  GHashTable   *location_ids;  /* (file id << 32 | line) → location index */
  GArray       *locations;
  const char   *last_loc;      /* the previous line's file name and line, for a fast path */
  gsize         last_loc_len;
  guint32       last_line;
  guint32       last_location;
  const char   *last_name;
  gsize         last_name_len;
  guint32       last_name_id;
  guint         n_warnings;
} Parser;

static guint32
location_index (Parser            *parser,
                const WeftMpdLine *line)
{
  guint32 file;
  guint64 key;
  gpointer found;

  if (line->file == NULL)
    return WEFT_MPD_UNKNOWN_LOCATION;
  if (line->line == parser->last_line && line->file_len == parser->last_loc_len &&
      memcmp (line->file, parser->last_loc, line->file_len) == 0)
    return parser->last_location;

  file = weft_string_pool_intern_len (parser->trace->names, line->file, line->file_len);
  key = ((guint64)file << 32) | line->line;
  found = g_hash_table_lookup (parser->location_ids, &key);
  if (found != NULL)
    parser->last_location = GPOINTER_TO_UINT (found);
  else
    {
      WeftMpdLocation loc = { file, line->line };

      parser->last_location = parser->locations->len;
      g_array_append_val (parser->locations, loc);
      g_hash_table_insert (parser->location_ids, g_memdup2 (&key, sizeof key),
                           GUINT_TO_POINTER (parser->last_location));
    }
  parser->last_loc = line->file;
  parser->last_loc_len = line->file_len;
  parser->last_line = line->line;

  return parser->last_location;
}

static guint32
name_id (Parser            *parser,
         const WeftMpdLine *line)
{
  if (line->name_len == parser->last_name_len && memcmp (line->name, parser->last_name, line->name_len) == 0)
    return parser->last_name_id;

  parser->last_name = line->name;
  parser->last_name_len = line->name_len;
  parser->last_name_id = weft_string_pool_intern_len (parser->trace->names, line->name, line->name_len);

  return parser->last_name_id;
}

static void
warn_line (Parser          *parser,
           WeftLoadContext *context,
           guint64          line_no,
           const char      *line,
           const char      *line_end,
           WeftMpdLineStatus status,
           const WeftMpdLine *parsed)
{
  parser->trace->n_skipped++;
  if (context == NULL || ++parser->n_warnings > MAX_LINE_WARNINGS)
    return;

  if (status == WEFT_MPD_LINE_UNKNOWN_EVENT)
    weft_load_context_warn (context, parser->trace->source, line_no,
                            _("Unknown event “%.*s”; the line is skipped"),
                            (int)parsed->event_len, parsed->event_name);
  else
    weft_load_context_warn (context, parser->trace->source, line_no,
                            _("Not a trace line (program output or a damaged line), skipped: “%.*s”"),
                            (int)MIN (line_end - line, 60), line);
}

WeftMpdTrace *
weft_mpd_parse (const char       *data,
                gsize             len,
                const char       *source,
                WeftLoadContext  *context,
                GError          **error)
{
  g_autoptr(WeftMpdTrace) trace = g_new0 (WeftMpdTrace, 1);
  g_autoptr(GHashTable) location_ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  Parser parser = { 0 };
  WeftLineReader reader;
  const char *line, *line_end;
  gboolean any_text = FALSE;
  WeftMpdLocation unknown = { 0, 0 };

  g_return_val_if_fail (data != NULL || len == 0, NULL);

  trace->source = g_strdup (source != NULL ? source : "trace");
  trace->names = weft_string_pool_new ();
  parser.trace = trace;
  parser.location_ids = location_ids;
  parser.locations = g_array_new (FALSE, FALSE, sizeof (WeftMpdLocation));
  g_array_append_val (parser.locations, unknown);
  parser.last_loc_len = G_MAXSIZE;
  parser.last_name_len = G_MAXSIZE;
  /* Real lines are 60 to 80 bytes; the array grows if they are shorter. */
  parser.capacity = MAX (len / 64, 64);
  trace->records = g_new (WeftMpdRecord, parser.capacity);

  weft_line_reader_init (&reader, data, len);
  while (weft_line_reader_next (&reader, &line, &line_end))
    {
      WeftMpdLine parsed;
      WeftMpdLineStatus status;
      WeftMpdRecord *record;

      if ((reader.line_no & 0xffff) == 0 && context != NULL)
        {
          if (weft_load_context_set_error_if_cancelled (context, error))
            {
              g_array_free (parser.locations, TRUE);
              return NULL;
            }
          weft_load_context_progress (context, (double)weft_line_reader_get_offset (&reader) / (double)MAX (len, 1), NULL);
        }

      if (line == line_end || (line_end - line == 1 && *line == '\r'))
        continue;
      any_text = TRUE;
      status = weft_mpd_parse_line (line, line_end, &parsed);
      if (status != WEFT_MPD_LINE_OK || reader.line_no > G_MAXUINT32)
        {
          warn_line (&parser, context, reader.line_no, line, line_end, status, &parsed);
          continue;
        }

      if (trace->n_records == parser.capacity)
        {
          parser.capacity *= 2;
          trace->records = g_renew (WeftMpdRecord, trace->records, parser.capacity);
        }
      record = &trace->records[trace->n_records++];
      record->pid = parsed.pid;
      record->extra = parsed.extra;
      record->line_no = (guint32)reader.line_no;
      record->location = location_index (&parser, &parsed);
      record->name = name_id (&parser, &parsed);
      record->vm = parsed.vm;
      record->event = (guint8)parsed.event;
      record->reserved = 0;
      trace->event_counts[parsed.event]++;
    }

  if (parser.n_warnings > MAX_LINE_WARNINGS && context != NULL)
    weft_load_context_warn (context, trace->source, 0,
                            ngettext ("%u more line was skipped", "%u more lines were skipped",
                                      parser.n_warnings - MAX_LINE_WARNINGS),
                            parser.n_warnings - MAX_LINE_WARNINGS);

  trace->n_locations = parser.locations->len;
  trace->locations = (WeftMpdLocation *)(void *)g_array_free (parser.locations, FALSE);

  /* An empty trace has no process to show: say so rather than open nothing. */
  if (trace->n_records == 0 && !any_text)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_EMPTY, _("%s: the trace is empty"), trace->source);
      return NULL;
    }
  if (trace->n_records == 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE,
                   _("%s: no line is an MPD trace line (“FILE, LINE  PROC  EVENT  ID  VALUE”)"),
                   trace->source);
      return NULL;
    }
  /* The unused tail is not given back: shrinking would copy every record. */

  return g_steal_pointer (&trace);
}

WeftMpdTrace *
weft_mpd_read (GFile            *file,
               WeftLoadContext  *context,
               GError          **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GMappedFile) mapped = NULL;
  g_autoptr(GError) local_error = NULL;

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("%s is not a local file"), uri);
      return NULL;
    }

  mapped = g_mapped_file_new (path, FALSE, &local_error);
  if (mapped == NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  return weft_mpd_parse (g_mapped_file_get_contents (mapped), g_mapped_file_get_length (mapped),
                         path, context, error);
}

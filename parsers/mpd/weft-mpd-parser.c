/* weft-mpd-parser.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-background.h"
#include "weft-error.h"
#include "weft-input-file.h"
#include "weft-input-window.h"
#include "weft-memory.h"
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

/* Runs of blanks are most of a trace line (every field is padded to its
 * width), so blanks and tokens are skipped eight bytes at a time: the bytes
 * of the eight at @p that are blanks, as their high bits (exact, no false
 * positives: the classic "has zero byte" test on the word XOR the blank). */
static inline guint64
blank_bytes (const char *p)
{
  guint64 x = _weft_word_load (p);

  return _weft_word_zero_lanes (x ^ (_WEFT_WORD_ONES * ' ')) | _weft_word_zero_lanes (x ^ (_WEFT_WORD_ONES * '\t'));
}

static inline const char *
skip_blanks (const char *p,
             const char *end)
{
  while (end - p >= 8)
    {
      guint64 other = ~blank_bytes (p) & _WEFT_WORD_HIGHS;

      if (other != 0)
        return p + _weft_word_leading (other);
      p += 8;
    }
  while (p < end && is_blank (*p))
    p++;
  return p;
}

static inline const char *
skip_token (const char *p,
            const char *end)
{
  while (end - p >= 8)
    {
      guint64 blanks = blank_bytes (p);

      if (blanks != 0)
        return p + _weft_word_leading (blanks);
      p += 8;
    }
  while (p < end && !is_blank (*p))
    p++;
  return p;
}

/* Blanks (the writer pads every field), then a hexadecimal field. @limit,
 * at or past @end, is how far the line's bytes may be read: a field of up to
 * eight digits with eight bytes readable (nearly all: the writer pads the
 * last field too) is read a word at a time; any other goes through
 * weft_scan_hex_u64(), which also says what is wrong. */
G_ALWAYS_INLINE static inline gboolean
scan_hex_field (const char **pos,
                const char  *end,
                const char  *limit,
                guint64     *value)
{
  const char *p = skip_blanks (*pos, end);
  guint n;

  if (limit - p >= 8 && !(p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) &&
      (n = weft_scan_word_hex (p, value)) != 0 && (p + n == end || is_blank (p[n])))
    {
      *pos = p + n;
      return TRUE;
    }
  if (!weft_scan_hex_u64 (&p, end, value))
    return FALSE;
  *pos = p;
  return TRUE;
}

/* The letters of an event name of 1 to 8 bytes at @p (eight readable) as
 * weft_mpd_event_lookup_key() takes them, upper case, in one word; FALSE
 * when one is no ASCII letter. */
static inline gboolean
word_event_key (const char *p,
                gsize       len,
                guint64    *key)
{
  guint64 x = _weft_word_load (p);
  guint64 lanes = len == 8 ? G_MAXUINT64 : (G_GUINT64_CONSTANT (1) << (8 * len)) - 1;
  guint64 folded = x | (_WEFT_WORD_ONES * 0x20);   /* 'A'-'Z' → 'a'-'z' */
  guint64 letters = _weft_word_at_least (folded, 'a') & ~_weft_word_at_least (folded, 'z' + 1) & ~x;

  if ((~letters & lanes & _WEFT_WORD_HIGHS) != 0)
    return FALSE;
  *key = x & lanes & (_WEFT_WORD_ONES * 0xDF);
  return TRUE;
}

WeftMpdLineStatus
weft_mpd_parse_line (const char  *line,
                     const char  *end,
                     WeftMpdLine *out)
{
  static const char unknown[] = "(unknown location)";
  const char *limit = end;   /* the line's bytes, trailing blanks included */
  const char *p = line;
  const char *q;
  guint64 value;
  guint64 key;

  /* Trailing blanks, the writer's padding of the last field: eight bytes at a
   * time while the line has them. */
  while (end - line >= 8)
    {
      guint64 x = _weft_word_load (end - 8);
      guint64 kept = ~(blank_bytes (end - 8) | _weft_word_zero_lanes (x ^ (_WEFT_WORD_ONES * '\r'))) & _WEFT_WORD_HIGHS;

      if (kept != 0)
        {
          end -= 7 - (63 - __builtin_clzll (kept)) / 8;
          break;
        }
      end -= 8;
    }
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
      /* A location longer than a name can be is not one: no need to look at
       * the rest of a line of gigabytes (a file of zeros). */
      const char *stop = end - p > MAX_NAME_LEN + 2 ? p + MAX_NAME_LEN + 2 : end;

      for (;;)
        {
          comma = memchr (comma, ',', (gsize)(stop - comma));
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

  /* The event (letters; its key, for the lookup, on the way), then the two
   * hexadecimal fields and nothing else. */
  q = skip_token (p, end);
  if (p == q || q - p > 16)
    return WEFT_MPD_LINE_NOT_TRACE;
  key = 0;
  if (q - p > 8 || limit - p < 8 || !word_event_key (p, (gsize)(q - p), &key))
    for (const char *c = p; c < q; c++)
      {
        if (!g_ascii_isalpha (*c))
          return WEFT_MPD_LINE_NOT_TRACE;
        key |= (guint64)((guchar)*c & 0xDF) << (8 * ((c - p) & 7));
      }
  out->event_name = p;
  out->event_len = (gsize)(q - p);
  p = q;
  if (!scan_hex_field (&p, end, limit, &out->pid) ||
      !scan_hex_field (&p, end, limit, &out->extra) ||
      skip_blanks (p, end) != end)
    return WEFT_MPD_LINE_NOT_TRACE;

  out->event = out->event_len <= 8 ? weft_mpd_event_lookup_key (key) : -1;

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

/* A big trace is read by two threads, each on half of its lines (the lines
 * are independent until the model orders them); below this size one thread
 * is quicker than starting another. */
#define MIN_SPLIT_SIZE (8 << 20)

/* The file names and lines of a trace are few (hundreds) while its lines are
 * millions: a small direct-mapped cache in front of the location table
 * answers nearly every line with one hash and one memcmp (the string pool
 * keeps such a cache for names itself). */
#define CACHE_SIZE 256

typedef struct
{
  const char *text;     /* the pool's copy, NUL-terminated */
  gsize       len;
  guint32     line;
  guint32     id;
} CacheEntry;

typedef struct
{
  guint64  line_no;     /* within the part */
  char    *message;
} PartWarning;

/* One part of the trace, read on its own: its records, names and locations
 * are numbered within the part until the parts are joined. */
typedef struct
{
  const char      *data;
  gsize            len;
  WeftInputWindow  window;           /* over [data, data + len) of a file mapping */
  const char      *source;
  WeftLoadContext *context;
  gboolean         reports_progress;
  double           progress_scale;   /* the part's share of the whole file */

  WeftMpdRecord   *records;
  gboolean         borrowed;         /* records lie in an array the part does not own */
  gsize            n_records;
  gsize            capacity;
  WeftStringPool  *names;
  GHashTable      *location_ids;     /* (file id << 32 | line) → location index */
  GArray          *locations;        /* WeftMpdLocation; [0] is the unknown location */
  CacheEntry       place_cache[CACHE_SIZE];
  guint64          event_counts[WEFT_MPD_N_EVENTS];
  guint64          n_skipped;
  guint64          n_lines;
  gboolean         any_text;
  gboolean         cancelled;
  GArray          *warnings;         /* PartWarning, the first MAX_LINE_WARNINGS */
} Part;

static void
part_warning_clear (gpointer data)
{
  g_free (((PartWarning *)data)->message);
}

static void
part_init (Part            *part,
           const char      *data,
           gsize            len,
           gboolean         mapped,
           const char      *source,
           WeftLoadContext *context,
           WeftStringPool  *names)
{
  WeftMpdLocation unknown = { 0, 0 };

  memset (part, 0, sizeof *part);
  part->data = data;
  part->len = len;
  weft_input_window_init (&part->window, data, len, mapped);
  part->source = source;
  part->context = context;
  part->names = names;
  part->location_ids = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  part->locations = g_array_new (FALSE, FALSE, sizeof (WeftMpdLocation));
  g_array_append_val (part->locations, unknown);
  part->warnings = g_array_new (FALSE, FALSE, sizeof (PartWarning));
  g_array_set_clear_func (part->warnings, part_warning_clear);
}

/* An array for the records of @len bytes of trace: real lines are 60 to 80
 * bytes (the arrays grow if they are shorter), filled front to back on huge
 * pages (one page fault per 2 MiB instead of per 4 KiB: on a virtual machine
 * the faults cost more than the parsing). Should it grow, the first growth
 * copies it (weft_memory_advise_huge); it seldom does. */
static WeftMpdRecord *
records_new (gsize  len,
             gsize *capacity)
{
  WeftMpdRecord *records;

  *capacity = MAX (len / 64, 64);
  records = g_new (WeftMpdRecord, *capacity);
  weft_memory_advise_huge (records, *capacity * sizeof (WeftMpdRecord));

  return records;
}

static void
part_clear (Part *part)
{
  if (!part->borrowed)
    g_clear_pointer (&part->records, g_free);
  g_clear_pointer (&part->location_ids, g_hash_table_unref);
  if (part->locations != NULL)
    g_array_free (part->locations, TRUE);
  part->locations = NULL;
  g_clear_pointer (&part->warnings, g_array_unref);
}

/* The location of (@file, @line) in @part, added when new. */
static guint32
part_location (Part    *part,
               guint32  file,
               guint32  line)
{
  guint64 key = ((guint64)file << 32) | line;
  gpointer found = g_hash_table_lookup (part->location_ids, &key);

  if (found == NULL)
    {
      WeftMpdLocation loc = { file, line };

      found = GUINT_TO_POINTER (part->locations->len);
      g_array_append_val (part->locations, loc);
      g_hash_table_insert (part->location_ids, g_memdup2 (&key, sizeof key), found);
    }

  return GPOINTER_TO_UINT (found);
}

static guint32
location_index (Part              *part,
                const WeftMpdLine *line)
{
  CacheEntry *entry;
  guint32 file;

  if (line->file == NULL)
    return WEFT_MPD_UNKNOWN_LOCATION;

  entry = &part->place_cache[weft_text_quick_hash (line->file, line->file_len, line->line) % CACHE_SIZE];
  if (entry->text != NULL && entry->line == line->line && entry->len == line->file_len &&
      memcmp (entry->text, line->file, line->file_len) == 0)
    return entry->id;

  file = weft_string_pool_intern_len (part->names, line->file, line->file_len);
  entry->id = part_location (part, file, line->line);
  entry->text = weft_string_pool_lookup (part->names, file);
  /* strlen, not file_len: a name with a NUL inside interns as a shorter
   * string, and the cache must not compare file_len bytes of that copy. */
  entry->len = strlen (entry->text);
  entry->line = line->line;

  return entry->id;
}

static void
warn_line (Part                *part,
           guint64              line_no,
           const char          *line,
           const char          *line_end,
           WeftMpdLineStatus    status,
           const WeftMpdLine   *parsed)
{
  PartWarning warning;

  part->n_skipped++;
  if (part->context == NULL || part->warnings->len >= MAX_LINE_WARNINGS)
    return;

  warning.line_no = line_no;
  if (status == WEFT_MPD_LINE_UNKNOWN_EVENT)
    {
      g_autofree char *event = weft_text_excerpt (parsed->event_name, parsed->event_name + parsed->event_len, 60);

      warning.message = g_strdup_printf (_("unknown event “%s”; the line is skipped"), event);
    }
  else
    {
      g_autofree char *found = weft_text_excerpt (line, line_end, 60);

      warning.message = g_strdup_printf (_("not a trace line (program output or a damaged line), skipped: “%s”"),
                                         found);
    }
  g_array_append_val (part->warnings, warning);
}

static void
part_read (Part *part)
{
  WeftLineReader reader;
  WeftTextSearchProgress progress = { part->context, part->data, part->len, part->progress_scale };
  const char *line, *line_end;

  weft_line_reader_init (&reader, part->data, part->len);
  if (part->context != NULL)
    weft_line_reader_set_cancellable (&reader, weft_load_context_get_cancellable (part->context));
  if (part->context != NULL && part->reports_progress)
    weft_line_reader_set_search_func (&reader, weft_text_search_report_progress, &progress);
  while (weft_line_reader_next (&reader, &line, &line_end))
    {
      WeftMpdLine parsed;
      WeftMpdLineStatus status;
      WeftMpdRecord *record;

      if ((reader.line_no & 0xffff) == 0)
        weft_input_window_reached (&part->window, weft_line_reader_get_offset (&reader));
      if ((reader.line_no & 0xffff) == 0 && part->context != NULL)
        {
          if (weft_load_context_is_cancelled (part->context))
            {
              part->cancelled = TRUE;
              return;
            }
          if (part->reports_progress)
            weft_load_context_progress (part->context,
                                        part->progress_scale * (double)weft_line_reader_get_offset (&reader) /
                                        (double)MAX (part->len, 1), NULL);
        }

      if (line == line_end || (line_end - line == 1 && *line == '\r'))
        continue;
      part->any_text = TRUE;
      status = weft_mpd_parse_line (line, line_end, &parsed);
      if (status != WEFT_MPD_LINE_OK)
        {
          warn_line (part, reader.line_no, line, line_end, status, &parsed);
          continue;
        }

      if (part->n_records == part->capacity)
        {
          part->capacity = MAX (part->capacity * 2, 64);
          if (part->borrowed)
            {
              /* Its share of an array another part fills too: move out. */
              WeftMpdRecord *own = g_new (WeftMpdRecord, part->capacity);

              memcpy (own, part->records, part->n_records * sizeof (WeftMpdRecord));
              part->records = own;
              part->borrowed = FALSE;
            }
          else
            part->records = g_renew (WeftMpdRecord, part->records, part->capacity);
          /* No huge pages for an array that grows: its next g_renew() would
           * copy it (weft_memory_advise_huge). */
        }
      record = &part->records[part->n_records++];
      record->pid = parsed.pid;
      record->extra = parsed.extra;
      record->line_no = (guint32)MIN (reader.line_no, G_MAXUINT32);
      record->location = location_index (part, &parsed);
      record->name = weft_string_pool_intern_len (part->names, parsed.name, parsed.name_len);
      record->vm = parsed.vm;
      record->event = (guint8)parsed.event;
      record->reserved = 0;
      part->event_counts[parsed.event]++;
    }
  weft_input_window_finish (&part->window);
  /* A long last line may have been cut short by a cancellation. */
  if (part->context != NULL && weft_load_context_is_cancelled (part->context))
    part->cancelled = TRUE;
  part->n_lines = reader.line_no;
}

static gpointer
part_read_thread (gpointer data)
{
  part_read (data);

  return NULL;
}

/* Appends @part's records to @into's, renumbering its names, locations and
 * lines (@into has @lines_before lines before it). Both may have their
 * records in @shared (of @shared_capacity records), which @into then owns. */
static void
part_join (Part          *into,
           Part          *part,
           guint64        lines_before,
           WeftMpdRecord *shared,
           gsize          shared_capacity)
{
  g_autofree guint32 *name_map = g_new (guint32, MAX (weft_string_pool_get_size (part->names), 1));
  g_autofree guint32 *location_map = g_new (guint32, part->locations->len);

  for (guint32 i = 0; i < weft_string_pool_get_size (part->names); i++)
    name_map[i] = weft_string_pool_intern (into->names, weft_string_pool_lookup (part->names, i));
  location_map[WEFT_MPD_UNKNOWN_LOCATION] = WEFT_MPD_UNKNOWN_LOCATION;
  for (guint32 l = 1; l < part->locations->len; l++)
    {
      const WeftMpdLocation *loc = &g_array_index (part->locations, WeftMpdLocation, l);

      location_map[l] = part_location (into, name_map[loc->file], loc->line);
    }

  /* The part's records follow @into's: moved down within @shared when both
   * still lie in it (forward: a record is read before its place is written),
   * else copied into an array big enough. */
  if (into->records == shared && into->n_records + part->n_records <= shared_capacity)
    {
      into->capacity = shared_capacity;
      into->borrowed = FALSE;   /* it owns the shared array now */
    }
  else
    {
      WeftMpdRecord *joined = g_new (WeftMpdRecord, into->n_records + part->n_records);

      memcpy (joined, into->records, into->n_records * sizeof (WeftMpdRecord));
      if (!into->borrowed)
        g_free (into->records);
      into->records = joined;
      into->capacity = into->n_records + part->n_records;
      into->borrowed = FALSE;
    }
  for (gsize i = 0; i < part->n_records; i++)
    {
      WeftMpdRecord r = part->records[i];

      r.line_no = (guint32)MIN (r.line_no + lines_before, G_MAXUINT32);
      r.location = location_map[r.location];
      r.name = name_map[r.name];
      into->records[into->n_records + i] = r;
    }
  into->n_records += part->n_records;

  for (guint e = 0; e < WEFT_MPD_N_EVENTS; e++)
    into->event_counts[e] += part->event_counts[e];
  into->n_skipped += part->n_skipped;
  into->any_text = into->any_text || part->any_text;
  into->cancelled = into->cancelled || part->cancelled;
  into->n_lines = lines_before + part->n_lines;
  for (guint w = 0; w < part->warnings->len; w++)
    {
      PartWarning *from = &g_array_index (part->warnings, PartWarning, w);
      PartWarning warning = { from->line_no + lines_before, g_steal_pointer (&from->message) };

      g_array_append_val (into->warnings, warning);
    }
}

WeftMpdTrace *
weft_mpd_parse (const char       *data,
                gsize             len,
                const char       *source,
                WeftLoadContext  *context,
                GError          **error)
{
  return weft_mpd_parse_split (data, len, source, MIN_SPLIT_SIZE, context, error);
}

/* @mapped: @data is a read-only file mapping, whose pages the parts give
 * back as they pass them (weft-input-window.h). */
static WeftMpdTrace *
parse (const char       *data,
       gsize             len,
       const char       *source,
       gsize             min_split_size,
       gboolean          mapped,
       WeftLoadContext  *context,
       GError          **error)
{
  g_autoptr(WeftMpdTrace) trace = g_new0 (WeftMpdTrace, 1);
  Part first, second;
  WeftMpdRecord *shared = NULL;
  gsize split = len;
  guint64 n_shown = 0;

  g_return_val_if_fail (data != NULL || len == 0, NULL);

  trace->source = g_strdup (source != NULL ? source : "trace");
  trace->names = weft_string_pool_new ();

  /* Two halves, split at a line start, when the file is big and there are
   * two processors. */
  if (len >= min_split_size && len > 1 && (weft_background_get_n_processors () > 1 || min_split_size == 0))
    {
      WeftTextSearch search = { context != NULL ? weft_load_context_get_cancellable (context) : NULL, NULL, NULL };
      const char *newline = weft_text_next_newline (data + len / 2, data + len, &search);

      split = newline != NULL ? (gsize)(newline + 1 - data) : len;
    }

  part_init (&first, data, split, mapped, trace->source, context, trace->names);
  first.reports_progress = TRUE;
  first.progress_scale = 1.0;
  if (split < len)
    {
      g_autoptr(WeftStringPool) names = weft_string_pool_new ();
      gsize capacity;
      GThread *thread;

      /* One array for both: the first part fills it from the front, the
       * second from its share's start, then moves down behind the first
       * (no second array, no copy of the first part). */
      part_init (&second, data + split, len - split, mapped, trace->source, context, names);
      shared = records_new (len, &capacity);
      second.capacity = CLAMP ((len - split) / 64, 1, capacity / 2);
      first.capacity = capacity - second.capacity;
      first.records = shared;
      first.borrowed = TRUE;
      second.records = shared + first.capacity;
      second.borrowed = TRUE;
      first.progress_scale = (double)split / (double)len;
      thread = g_thread_try_new ("weft-mpd-reader", part_read_thread, &second, NULL);
      part_read (&first);
      if (thread != NULL)
        g_thread_join (thread);
      else
        part_read (&second);
      /* Cancelled: no join (it moves the second half's records, hundreds of
       * megabytes for a big trace), just let go. */
      if ((first.cancelled || second.cancelled) && weft_load_context_set_error_if_cancelled (context, error))
        {
          part_clear (&second);
          part_clear (&first);
          g_free (shared);
          return NULL;
        }
      part_join (&first, &second, first.n_lines, shared, capacity);
      part_clear (&second);
      if (first.records != shared)
        g_free (shared);
    }
  else
    {
      first.records = records_new (len, &first.capacity);
      part_read (&first);
    }

  if (first.cancelled && weft_load_context_set_error_if_cancelled (context, error))
    {
      part_clear (&first);
      return NULL;
    }

  for (guint w = 0; w < first.warnings->len && n_shown < MAX_LINE_WARNINGS; w++, n_shown++)
    {
      const PartWarning *warning = &g_array_index (first.warnings, PartWarning, w);

      weft_load_context_warn (context, trace->source, warning->line_no, "%s", warning->message);
    }
  if (first.n_skipped > n_shown && context != NULL)
    weft_load_context_warn (context, trace->source, 0,
                            ngettext ("%" PRIu64 " more line was skipped", "%" PRIu64 " more lines were skipped",
                                      (gulong)MIN (first.n_skipped - n_shown, G_MAXULONG)),
                            first.n_skipped - n_shown);

  trace->records = g_steal_pointer (&first.records);
  trace->n_records = first.n_records;
  trace->n_skipped = first.n_skipped;
  memcpy (trace->event_counts, first.event_counts, sizeof trace->event_counts);
  trace->n_locations = first.locations->len;
  trace->locations = (WeftMpdLocation *)(void *)g_array_free (g_steal_pointer (&first.locations), FALSE);
  part_clear (&first);

  /* An empty trace has no process to show: say so rather than open nothing. */
  if (trace->n_records == 0 && !first.any_text)
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
weft_mpd_parse_split (const char       *data,
                      gsize             len,
                      const char       *source,
                      gsize             min_split_size,
                      WeftLoadContext  *context,
                      GError          **error)
{
  return parse (data, len, source, min_split_size, FALSE, context, error);
}

WeftMpdTrace *
weft_mpd_read (GFile            *file,
               WeftLoadContext  *context,
               GError          **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(WeftInputMap) mapped = NULL;

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, _("%s is not a local file"), uri);
      return NULL;
    }

  mapped = weft_input_map_open (path, error);
  if (mapped == NULL)
    return NULL;

  return weft_input_map_finish (mapped,
                                parse (weft_input_map_get_data (mapped), weft_input_map_get_length (mapped), path,
                                       MIN_SPLIT_SIZE, TRUE, context, error),
                                (GDestroyNotify)weft_mpd_trace_free, error);
}

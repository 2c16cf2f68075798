/* weft-psv.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-atomic-file.h"
#include "weft-csv.h"
#include "weft-error.h"
#include "weft-input-file.h"
#include "weft-psv.h"
#include "weft-psv-private.h"

/* Deeper stacks than this are not real programs; the bound keeps the depth
 * stack of a hostile file small. */
#define MAX_DEPTH 100000

/* The seed's doc/stacks.dtd, the declarations only (no comment: the writer
 * repeats them in every file). */
const char weft_psv_dtd[] =
  "  <!ELEMENT stacks       (frame*)>\n"
  "  <!ELEMENT frame        (position,frame*)>\n"
  "  <!ELEMENT position     (function?,(file,line)?)>\n"
  "  <!ELEMENT function     (#PCDATA)>\n"
  "  <!ELEMENT file         (#PCDATA)>\n"
  "  <!ELEMENT line         (#PCDATA)>\n"
  "  <!ATTLIST frame\n"
  "   processes    CDATA    #IMPLIED\n"
  "   threads      CDATA    #IMPLIED\n"
  "   processcount CDATA    #IMPLIED\n"
  "   threadcount  CDATA    #IMPLIED\n"
  "  >\n";

static const char *const headings[] = { "Depth", "Processes", "Threads", "Function" };
enum { COL_DEPTH, COL_PROCESSES, COL_THREADS, COL_FUNCTION, N_COLS };

/* --- Shared helpers --------------------------------------------------------- */

static gboolean
all_digits (const char *text,
            gsize       len)
{
  if (len == 0)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_isdigit (text[i]))
      return FALSE;
  return TRUE;
}

/* Parses a count ("17"); FALSE when not a plain decimal number that fits. */
gboolean
weft_psv_parse_count (const char *text,
                      gsize       len,
                      guint64    *value)
{
  guint64 v = 0;

  if (!all_digits (text, len) || len > 19)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    v = v * 10 + (guint64)(text[i] - '0');
  *value = v;
  return TRUE;
}

/* See weft-psv-private.h. */
void
weft_psv_trim (const char **text,
               gsize       *len)
{
  while (*len > 0 && (**text == ' ' || **text == '\t'))
    (*text)++, (*len)--;
  while (*len > 0 && ((*text)[*len - 1] == ' ' || (*text)[*len - 1] == '\t'))
    (*len)--;
}

/* Splits "name (file:line)" on the last " (" group, only when the text ends
 * with ":<digits>)"; otherwise the whole text is the function. */
static void
split_function (const char *text,
                gsize       len,
                char      **function,
                char      **file,
                guint32    *line)
{
  *file = NULL;
  *line = 0;
  if (len >= 6 && text[len - 1] == ')')
    {
      gsize i = len - 1;
      guint64 value = 0;

      while (i > 0 && g_ascii_isdigit (text[i - 1]))
        i--;
      if (i < len - 1 && i > 0 && text[i - 1] == ':' &&
          weft_psv_parse_count (text + i, len - 1 - i, &value) && value <= G_MAXUINT32)
        {
          gsize colon = i - 1;

          for (gsize j = colon; j >= 2; j--)
            if (text[j - 1] == '(' && text[j - 2] == ' ')
              {
                gsize file_start = j;

                if (file_start == colon)
                  break;
                *function = g_strndup (text, j - 2);
                *file = g_strndup (text + file_start, colon - file_start);
                *line = (guint32)value;
                return;
              }
        }
    }
  *function = g_strndup (text, len);
}

static void
append_frame_text (GString             *out,
                   const WeftCallFrame *frame)
{
  if (frame->function[0] == '\0')
    {
      g_autofree char *label = weft_call_frame_to_label (frame);

      g_string_append (out, label);
      /* A file or module of a flat tree is named by it already. */
      if (frame->address == 0)
        return;
    }
  else
    g_string_append (out, frame->function);
  if (frame->file[0] != '\0')
    g_string_append_printf (out, " (%s:%u)", frame->file, frame->line);
}

/* --- CSV reading ------------------------------------------------------------ */

static int
find_heading (const WeftCsvReader *reader,
              const char          *name)
{
  for (guint i = 0; i < weft_csv_reader_get_n_fields (reader); i++)
    {
      const WeftCsvField *field = weft_csv_reader_get_field (reader, i);
      const char *text = field->text;
      gsize len = field->len;

      weft_psv_trim (&text, &len);
      if (len == strlen (name) && g_ascii_strncasecmp (text, name, len) == 0)
        return (int)i;
    }
  return -1;
}

static gboolean
set_error_at (GError             **error,
              const WeftCsvReader *reader,
              guint64              line,
              guint64              column,
              const char          *message)
{
  g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s:%" PRIu64 ":%" PRIu64 ": %s",
               weft_csv_reader_get_filename (reader), line, column, message);
  return FALSE;
}

/* Reads a Processes or Threads field: a count, a compact set, or nothing. */
static gboolean
read_set_field (WeftCallTree        *tree,
                WeftCallNode         node,
                const WeftCsvReader *reader,
                const WeftCsvField  *field,
                gboolean             threads,
                guint64             *count,
                GError             **error)
{
  const char *text = field->text;
  gsize len = field->len;
  g_autoptr(GError) set_error = NULL;
  guint column = 0;

  *count = G_MAXUINT64;
  /* Any blank (a quoted field may hold line breaks) is no set at all. */
  while (len > 0 && g_ascii_isspace (*text))
    text++, len--;
  while (len > 0 && g_ascii_isspace (text[len - 1]))
    len--;
  if (len == 0)
    return TRUE;
  if (all_digits (text, len))
    {
      if (!weft_psv_parse_count (text, len, count))
        return set_error_at (error, reader, field->line, field->column,
                             _("the count is too large"));
      return TRUE;
    }
  if (threads)
    {
      WeftThreadSet *set = weft_thread_set_parse (text, len, &column, &set_error);

      if (set != NULL)
        {
          /* An empty set says as little as an empty field. */
          if (weft_thread_set_is_empty (set))
            weft_thread_set_free (set);
          else
            weft_call_tree_set_threads (tree, node, set);
          return TRUE;
        }
    }
  else
    {
      WeftIntSet *set = weft_int_set_parse (text, len, &column, &set_error);

      if (set != NULL)
        {
          if (weft_int_set_is_empty (set))
            weft_int_set_free (set);
          else
            weft_call_tree_set_processes (tree, node, set);
          return TRUE;
        }
    }
  {
    /* The set's own message quotes the field. */
    g_autofree char *message = g_strdup_printf (threads ? _("expected a thread count or a compact thread set: %s")
                                                        : _("expected a process count or a compact process set: %s"),
                                                set_error->message);

    return set_error_at (error, reader, field->line,
                         field->column + (guint64)(text - field->text) + (column > 0 ? column - 1 : 0),
                         message);
  }
}

typedef struct
{
  WeftCallNode node;
  guint64      processes;  /* G_MAXUINT64: not given as a count */
  guint64      threads;
} PendingCounts;

/**
 * weft_psv_csv_parse:
 * @filename: (nullable): the name used in messages
 * @context: (nullable): warnings and cancellation
 *
 * Returns: (transfer full): the tree, or %NULL with @error naming the file and
 *   line of the first row that cannot be placed.
 */
WeftCallTree *
weft_psv_csv_parse (const char       *data,
                    gsize             len,
                    const char       *filename,
                    WeftLoadContext  *context,
                    GError          **error)
{
  g_autoptr(WeftCsvReader) reader = NULL;
  g_autoptr(WeftCallTree) tree = NULL;
  g_autoptr(GArray) stack = NULL;
  g_autoptr(GString) joined = NULL;
  g_autoptr(GArray) counts = NULL;
  gboolean sets_seen = FALSE;
  GError *local_error = NULL;
  int cols[N_COLS];
  gint64 base = -1;
  guint64 n_records = 0;

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  reader = weft_csv_reader_new (data, len, filename);
  if (!weft_csv_reader_next_header (reader, error))
    return NULL;
  for (guint i = 0; i < N_COLS; i++)
    cols[i] = find_heading (reader, headings[i]);
  if (cols[COL_DEPTH] < 0 || cols[COL_FUNCTION] < 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE,
                   _("%s:%" PRIu64 ":1: the header has no “%s” column (a Parallel Stack View export "
                     "starts with “Depth, Processes, Threads, Function”)"),
                   weft_csv_reader_get_filename (reader), weft_csv_reader_get_line (reader),
                   cols[COL_DEPTH] < 0 ? "Depth" : "Function");
      return NULL;
    }

  tree = weft_call_tree_new ();
  stack = g_array_new (FALSE, FALSE, sizeof (WeftCallNode));
  joined = g_string_new (NULL);
  counts = g_array_new (FALSE, FALSE, sizeof (PendingCounts));
  while (weft_csv_reader_next (reader, &local_error))
    {
      guint n_fields = weft_csv_reader_get_n_fields (reader);
      guint64 line = weft_csv_reader_get_line (reader);
      const WeftCsvField *depth_field, *function_field;
      const char *text;
      gsize text_len;
      guint64 depth;
      gint64 level;
      WeftCallFrame frame = { 0 };
      g_autofree char *function = NULL;
      g_autofree char *file = NULL;
      WeftCallNode node, parent;
      guint64 n_processes = G_MAXUINT64, n_threads = G_MAXUINT64;

      if (context != NULL && ++n_records % WEFT_LOAD_CONTEXT_CHECK_INTERVAL == 0 &&
          weft_load_context_set_error_if_cancelled (context, error))
        return NULL;
      if (weft_csv_reader_is_blank (reader))
        continue;

      for (guint i = 0; i < N_COLS; i++)
        if (cols[i] >= 0 && (guint)cols[i] >= n_fields)
          {
            g_autofree char *message =
              g_strdup_printf (_("this row has %u fields; the header names %s in field %d"),
                               n_fields, headings[i], cols[i] + 1);

            set_error_at (error, reader, line, 1, message);
            return NULL;
          }

      depth_field = weft_csv_reader_get_field (reader, cols[COL_DEPTH]);
      text = depth_field->text;
      text_len = depth_field->len;
      weft_psv_trim (&text, &text_len);
      if (!weft_psv_parse_count (text, text_len, &depth) || depth > MAX_DEPTH)
        {
          g_autofree char *message = g_strdup_printf (_("“%.*s” is not a depth (a number from 0 to %d)"),
                                                      (int)MIN (text_len, 80), text, MAX_DEPTH);

          set_error_at (error, reader, depth_field->line, depth_field->column, message);
          return NULL;
        }
      if (base < 0)
        {
          if (depth > 1)
            {
              g_autofree char *message =
                g_strdup_printf (_("the first frame has depth %" PRIu64 "; it must be 0 or 1"), depth);

              set_error_at (error, reader, depth_field->line, depth_field->column, message);
              return NULL;
            }
          base = (gint64)depth;
        }
      level = (gint64)depth - base;
      if (level < 0 || level > (gint64)stack->len)
        {
          g_autofree char *message =
            level < 0
              ? g_strdup_printf (_("depth %" PRIu64 " is above the first frame's depth %" PRId64), depth, base)
              : g_strdup_printf (_("the depth jumps from %" PRId64 " to %" PRIu64 "; a frame can only be "
                                   "one level below the frame before it"),
                                 (gint64)stack->len - 1 + base, depth);

          set_error_at (error, reader, depth_field->line, depth_field->column, message);
          return NULL;
        }

      /* C++ names hold commas; a writer that did not quote them split the
       * name: when Function is the last column, the rest of the row is it. */
      function_field = weft_csv_reader_get_field (reader, cols[COL_FUNCTION]);
      text = function_field->text;
      text_len = function_field->len;
      if ((guint)cols[COL_FUNCTION] == (guint)N_COLS - 1 && n_fields > (guint)cols[COL_FUNCTION] + 1)
        {
          g_string_assign (joined, function_field->text);
          for (guint i = cols[COL_FUNCTION] + 1; i < n_fields; i++)
            {
              g_string_append_c (joined, ',');
              g_string_append_len (joined, weft_csv_reader_get_field (reader, i)->text,
                                   weft_csv_reader_get_field (reader, i)->len);
            }
          text = joined->str;
          text_len = joined->len;
        }
      if (!function_field->quoted)
        weft_psv_trim (&text, &text_len);
      split_function (text, text_len, &function, &file, &frame.line);
      frame.function = function;
      frame.file = file != NULL ? file : "";
      frame.module = "";

      parent = level == 0 ? WEFT_CALL_TREE_ROOT : g_array_index (stack, WeftCallNode, level - 1);
      node = weft_call_tree_add_child (tree, parent, &frame);
      g_array_set_size (stack, level);
      g_array_append_val (stack, node);

      if (cols[COL_PROCESSES] >= 0 &&
          !read_set_field (tree, node, reader, weft_csv_reader_get_field (reader, cols[COL_PROCESSES]),
                           FALSE, &n_processes, error))
        return NULL;
      if (cols[COL_THREADS] >= 0 &&
          !read_set_field (tree, node, reader, weft_csv_reader_get_field (reader, cols[COL_THREADS]),
                           TRUE, &n_threads, error))
        return NULL;
      if (n_processes != G_MAXUINT64 || n_threads != G_MAXUINT64)
        {
          PendingCounts pending = { node, n_processes, n_threads };

          g_array_append_val (counts, pending);
        }
      if (weft_call_tree_get_processes (tree, node) != NULL || weft_call_tree_get_threads (tree, node) != NULL)
        sets_seen = TRUE;
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }

  /* A bare number is a count, unless the file writes sets: then "6" is the
   * set of process 6 (a thread set always holds a dot, so only the Processes
   * column is ambiguous). */
  for (guint i = 0; i < counts->len; i++)
    {
      PendingCounts *pending = &g_array_index (counts, PendingCounts, i);

      if (sets_seen && pending->processes != G_MAXUINT64 &&
          weft_call_tree_get_processes (tree, pending->node) == NULL)
        {
          WeftIntSet *set = weft_int_set_new ();

          weft_int_set_add (set, (gint64)MIN (pending->processes, (guint64)G_MAXINT64));
          weft_call_tree_set_processes (tree, pending->node, set);
          pending->processes = G_MAXUINT64;
        }
      if (pending->processes != G_MAXUINT64 || pending->threads != G_MAXUINT64)
        weft_call_tree_set_counts (tree, pending->node, pending->processes, pending->threads);
    }

  if (weft_csv_reader_is_latin1 (reader) && context != NULL)
    weft_load_context_warn (context, weft_csv_reader_get_filename (reader), 0,
                            _("not UTF-8 text; read as Latin-1"));
  return g_steal_pointer (&tree);
}

WeftCallTree *
weft_psv_csv_read (const char       *path,
                   WeftLoadContext  *context,
                   GError          **error)
{
  g_autoptr(WeftInputMap) mapped = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  mapped = weft_input_map_open (path, error);
  if (mapped == NULL)
    return NULL;
  return weft_input_map_finish (mapped,
                                weft_psv_csv_parse (weft_input_map_get_data (mapped),
                                                    weft_input_map_get_length (mapped), path, context, error),
                                (GDestroyNotify)weft_call_tree_unref, error);
}

/* --- CSV writing ------------------------------------------------------------ */

static void
append_csv_row (GString         *out,
                GString         *scratch,
                WeftCallTree    *tree,
                WeftCallNode     node,
                WeftPsvCsvFlags  flags)
{
  const WeftIntSet *processes = weft_call_tree_get_processes (tree, node);
  const WeftThreadSet *threads = weft_call_tree_get_threads (tree, node);

  g_string_append_printf (out, "%d, ", weft_call_tree_get_depth (tree, node));
  if ((flags & WEFT_PSV_CSV_SETS) && processes != NULL && !weft_int_set_is_empty (processes))
    {
      g_string_truncate (scratch, 0);
      weft_int_set_append_to (processes, scratch);
      weft_csv_append_field (out, scratch->str, scratch->len);
    }
  else
    g_string_append_printf (out, "%" PRIu64, weft_call_tree_get_process_count (tree, node));
  g_string_append (out, ", ");
  if ((flags & WEFT_PSV_CSV_SETS) && threads != NULL && !weft_thread_set_is_empty (threads))
    {
      g_string_truncate (scratch, 0);
      weft_thread_set_append_to (threads, scratch);
      weft_csv_append_field (out, scratch->str, scratch->len);
    }
  else
    g_string_append_printf (out, "%" PRIu64, weft_call_tree_get_thread_count (tree, node));
  g_string_append (out, ", ");
  g_string_truncate (scratch, 0);
  append_frame_text (scratch, weft_call_tree_get_frame (tree, node));
  weft_csv_append_field (out, scratch->str, scratch->len);
  g_string_append_c (out, '\n');
}

#define CSV_HEADER "Depth, Processes, Threads, Function\n"

/**
 * weft_psv_csv_to_string:
 *
 * Returns: (transfer full): @tree as PSV CSV (see weft-psv.h).
 */
char *
weft_psv_csv_to_string (WeftCallTree    *tree,
                        WeftPsvCsvFlags  flags)
{
  g_autoptr(GString) scratch = g_string_new (NULL);
  GString *out = g_string_new (CSV_HEADER);

  g_return_val_if_fail (tree != NULL, NULL);

  for (WeftCallNode n = weft_call_tree_next_preorder (tree, WEFT_CALL_TREE_ROOT);
       n != WEFT_CALL_NODE_NONE;
       n = weft_call_tree_next_preorder (tree, n))
    append_csv_row (out, scratch, tree, n, flags);
  return g_string_free (out, FALSE);
}

/* A comparison of two runs (weft_call_tree_compare()) has no process sets,
 * only each side's figures: PSV, which holds one run's processes per frame,
 * cannot say it. tree-csv can. */
static gboolean
check_not_comparison (WeftCallTree  *tree,
                      const char    *format,
                      GError       **error)
{
  if (!weft_call_tree_is_comparison (tree))
    return TRUE;
  g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
               _("A comparison of call trees cannot be written as %s (PSV holds one run’s processes); use tree-csv"),
               format);
  return FALSE;
}

gboolean
weft_psv_csv_write_full (WeftCallTree     *tree,
                         WeftPsvCsvFlags   flags,
                         const char       *path,
                         GError          **error)
{
  g_autoptr(WeftAtomicFile) file = NULL;
  g_autoptr(GString) buffer = NULL;
  g_autoptr(GString) scratch = NULL;

  g_return_val_if_fail (tree != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!check_not_comparison (tree, "PSV CSV", error))
    return FALSE;
  file = weft_atomic_file_open (path, error);
  if (file == NULL)
    return FALSE;
  buffer = g_string_sized_new (WEFT_CSV_FLUSH_SIZE + 1024);
  scratch = g_string_new (NULL);
  g_string_append (buffer, CSV_HEADER);
  for (WeftCallNode n = weft_call_tree_next_preorder (tree, WEFT_CALL_TREE_ROOT);
       n != WEFT_CALL_NODE_NONE;
       n = weft_call_tree_next_preorder (tree, n))
    {
      append_csv_row (buffer, scratch, tree, n, flags);
      if (buffer->len >= WEFT_CSV_FLUSH_SIZE && !weft_csv_flush (buffer, file, error))
        return FALSE;
    }
  return weft_csv_commit (buffer, file, error);
}

/**
 * weft_psv_csv_write:
 * @metric: ignored (PSV has no metric column)
 *
 * Writes @tree as PSV CSV with counts, as DDT does. Matches WeftTreeWriterFunc.
 */
gboolean
weft_psv_csv_write (WeftCallTree  *tree,
                    int            metric,
                    const char    *path,
                    GError       **error)
{
  return weft_psv_csv_write_full (tree, WEFT_PSV_CSV_COUNTS, path, error);
}

WeftCallTree *
weft_psv_xml_read (const char       *path,
                   WeftLoadContext  *context,
                   GError          **error)
{
  g_autoptr(WeftInputMap) mapped = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  mapped = weft_input_map_open (path, error);
  if (mapped == NULL)
    return NULL;
  return weft_input_map_finish (mapped,
                                weft_psv_xml_parse (weft_input_map_get_data (mapped),
                                                    weft_input_map_get_length (mapped), path, context, error),
                                (GDestroyNotify)weft_call_tree_unref, error);
}

/* --- XML writing ------------------------------------------------------------ */

/* Text as XML character data: the markup characters escaped (&amp; &lt; &gt;
 * &quot;), and what XML 1.0 cannot hold (controls but tab and newline, CR,
 * U+FFFE, U+FFFF, bytes that are not UTF-8) as U+FFFD, so that every file
 * written reads back. */
static void
append_xml_text (GString    *out,
                 const char *text)
{
  static const char replacement[] = "\xef\xbf\xbd";

  for (const char *p = text; *p != '\0';)
    {
      guchar c = (guchar)*p;
      gunichar u;
      const char *next;

      if (c < 0x80)
        {
          if (c == '&')
            g_string_append (out, "&amp;");
          else if (c == '<')
            g_string_append (out, "&lt;");
          else if (c == '>')
            g_string_append (out, "&gt;");
          else if (c == '"')
            g_string_append (out, "&quot;");
          else if (c < 0x20 && c != '\t' && c != '\n')
            g_string_append (out, replacement);
          else
            g_string_append_c (out, (char)c);
          p++;
          continue;
        }
      u = g_utf8_get_char_validated (p, -1);
      if (u == (gunichar)-1 || u == (gunichar)-2)
        {
          g_string_append (out, replacement);
          p++;
          continue;
        }
      next = g_utf8_next_char (p);
      if (u == 0xFFFE || u == 0xFFFF)
        g_string_append (out, replacement);
      else
        g_string_append_len (out, p, next - p);
      p = next;
    }
}

/* Two spaces a level, up to MAX_INDENT levels: indenting every level made
 * a 201-level tree's export 711 MB, 2,100 bytes a frame, nearly all blanks
 * (94 MB so). Deeper frames line up with the last indented level. */
#define MAX_INDENT 16

static void
append_indent (GString *out,
               guint    depth)
{
  static const char spaces[2 * MAX_INDENT + 1] = "                                ";

  g_string_append_len (out, spaces, 2 * (gssize)MIN (depth, MAX_INDENT));
}

/* A frame's start tag and its position, at @depth (1 under <stacks>). */
static void
append_xml_frame_start (GString      *out,
                        WeftCallTree *tree,
                        WeftCallNode  node,
                        guint         depth)
{
  const WeftCallFrame *frame = weft_call_tree_get_frame (tree, node);
  const WeftIntSet *processes = weft_call_tree_get_processes (tree, node);
  const WeftThreadSet *threads = weft_call_tree_get_threads (tree, node);
  gboolean has_function = frame->function[0] != '\0' || frame->address != 0;

  append_indent (out, depth);
  g_string_append (out, "<frame");
  if (processes != NULL && !weft_int_set_is_empty (processes))
    {
      g_string_append (out, " processes=\"");
      weft_int_set_append_to (processes, out);
      g_string_append_c (out, '"');
    }
  if (threads != NULL && !weft_thread_set_is_empty (threads))
    {
      g_string_append (out, " threads=\"");
      weft_thread_set_append_to (threads, out);
      g_string_append_c (out, '"');
    }
  g_string_append_printf (out, " processcount=\"%" PRIu64 "\" threadcount=\"%" PRIu64 "\">\n",
                          weft_call_tree_get_process_count (tree, node), weft_call_tree_get_thread_count (tree, node));

  append_indent (out, depth + 1);
  if (!has_function && frame->file[0] == '\0')
    {
      g_string_append (out, "<position/>\n");
      return;
    }
  g_string_append (out, "<position>\n");
  if (has_function)
    {
      g_autofree char *label = frame->function[0] != '\0' ? NULL : weft_call_frame_to_label (frame);

      append_indent (out, depth + 2);
      g_string_append (out, "<function>");
      append_xml_text (out, label != NULL ? label : frame->function);
      g_string_append (out, "</function>\n");
    }
  if (frame->file[0] != '\0')
    {
      append_indent (out, depth + 2);
      g_string_append (out, "<file>");
      append_xml_text (out, frame->file);
      g_string_append (out, "</file>\n");
      append_indent (out, depth + 2);
      g_string_append_printf (out, "<line>%u</line>\n", frame->line);
    }
  append_indent (out, depth + 1);
  g_string_append (out, "</position>\n");
}

/* Writes @tree as PSV XML into @out, handing it to @file (when not NULL)
 * every WEFT_CSV_FLUSH_SIZE bytes, so that a big tree is never held twice. */
static gboolean
write_xml (WeftCallTree    *tree,
           GString         *out,
           WeftAtomicFile  *file,
           GError         **error)
{
  WeftCallNode first = weft_call_tree_get_first_child (tree, WEFT_CALL_TREE_ROOT);
  guint depth = 1;

  g_string_append (out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE stacks [\n");
  g_string_append (out, weft_psv_dtd);
  g_string_append (out, "]>\n");
  if (first == WEFT_CALL_NODE_NONE)
    {
      g_string_append (out, "<stacks/>\n");
      return TRUE;
    }
  g_string_append (out, "<stacks>\n");

  /* Pre-order without recursion: close each frame on the way back up. */
  for (WeftCallNode n = first; n != WEFT_CALL_NODE_NONE;)
    {
      WeftCallNode child;

      append_xml_frame_start (out, tree, n, depth);
      child = weft_call_tree_get_first_child (tree, n);
      if (child != WEFT_CALL_NODE_NONE)
        {
          n = child;
          depth++;
          continue;
        }
      for (;;)
        {
          WeftCallNode sibling;

          append_indent (out, depth);
          g_string_append (out, "</frame>\n");
          sibling = weft_call_tree_get_next_sibling (tree, n);
          if (sibling != WEFT_CALL_NODE_NONE)
            {
              n = sibling;
              break;
            }
          n = weft_call_tree_get_parent (tree, n);
          depth--;
          if (n == WEFT_CALL_TREE_ROOT)
            {
              n = WEFT_CALL_NODE_NONE;
              break;
            }
        }
      if (file != NULL && out->len >= WEFT_CSV_FLUSH_SIZE && !weft_csv_flush (out, file, error))
        return FALSE;
    }
  g_string_append (out, "</stacks>\n");
  return TRUE;
}

/**
 * weft_psv_xml_to_string:
 *
 * Returns: (transfer full): @tree as PSV XML (see weft-psv.h)
 */
char *
weft_psv_xml_to_string (WeftCallTree  *tree,
                        GError       **error)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (tree != NULL, NULL);

  write_xml (tree, out, NULL, error);
  return g_string_free (out, FALSE);
}

/**
 * weft_psv_xml_write:
 * @metric: ignored (PSV has no metric)
 *
 * Writes @tree as PSV XML, atomically, a piece at a time. Matches
 * WeftTreeWriterFunc.
 */
gboolean
weft_psv_xml_write (WeftCallTree  *tree,
                    int            metric,
                    const char    *path,
                    GError       **error)
{
  g_autoptr(WeftAtomicFile) file = NULL;
  g_autoptr(GString) buffer = NULL;

  g_return_val_if_fail (tree != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!check_not_comparison (tree, "PSV XML", error))
    return FALSE;
  file = weft_atomic_file_open (path, error);
  if (file == NULL)
    return FALSE;
  buffer = g_string_sized_new (WEFT_CSV_FLUSH_SIZE + 4096);
  return write_xml (tree, buffer, file, error) && weft_csv_commit (buffer, file, error);
}

/* --- Sniffing --------------------------------------------------------------- */

gboolean
weft_psv_csv_sniff (const char *data,
                    gsize       len)
{
  const char *end, *p;
  gboolean seen[N_COLS] = { FALSE, };
  guint n = 0;

  if (len >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    data += 3, len -= 3;
  while (len > 0 && (*data == '\n' || *data == '\r'))
    data++, len--;
  end = memchr (data, '\n', len);
  if (end == NULL)
    end = data + len;
  p = data;
  while (p <= end)
    {
      const char *comma = memchr (p, ',', end - p);
      const char *field_end = comma != NULL ? comma : end;
      gsize flen = field_end - p;
      gboolean found = FALSE;

      while (flen > 0 && (p[flen - 1] == '\r'))
        flen--;
      weft_psv_trim (&p, &flen);
      if (flen >= 2 && p[0] == '"' && p[flen - 1] == '"')
        p++, flen -= 2;
      for (guint i = 0; i < N_COLS; i++)
        if (!seen[i] && flen == strlen (headings[i]) && g_ascii_strncasecmp (p, headings[i], flen) == 0)
          seen[i] = found = TRUE;
      if (!found)
        return FALSE;
      n++;
      if (comma == NULL)
        break;
      p = comma + 1;
    }
  return n >= 2 && seen[COL_DEPTH] && seen[COL_FUNCTION];
}

/* Where @data's markup starts after a byte-order mark, blanks, comments and
 * processing instructions (the XML declaration among them); NULL when there
 * is nothing else or one of them is not closed. */
const char *
weft_psv_xml_skip_prolog (const char *data,
                          gsize       len)
{
  const char *p = data, *end = data + len;

  if (len >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    p += 3;
  while (p < end)
    {
      const char *close;

      if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
      else if (end - p >= 4 && memcmp (p, "<!--", 4) == 0)
        {
          if ((close = g_strstr_len (p + 4, end - p - 4, "-->")) == NULL)
            return NULL;
          p = close + 3;
        }
      else if (end - p >= 2 && memcmp (p, "<?", 2) == 0)
        {
          if ((close = g_strstr_len (p + 2, end - p - 2, "?>")) == NULL)
            return NULL;
          p = close + 2;
        }
      else
        return p;
    }
  return NULL;
}

/* Skips blanks, the XML declaration, comments and processing instructions;
 * the root is <stacks> or the DOCTYPE names it. */
gboolean
weft_psv_xml_sniff (const char *data,
                    gsize       len)
{
  const char *p = weft_psv_xml_skip_prolog (data, len), *end = data + len;

  if (p == NULL)
    return FALSE;
  if (end - p >= 9 && memcmp (p, "<!DOCTYPE", 9) == 0)
    {
      p += 9;
      while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
        p++;
    }
  else if (*p == '<')
    p++;
  else
    return FALSE;
  return end - p >= 6 && memcmp (p, "stacks", 6) == 0 &&
         (end - p == 6 || strchr (" \t\r\n>/[", p[6]) != NULL);
}

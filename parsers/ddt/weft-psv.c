/* weft-psv.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/valid.h>
#include <libxml/xmlwriter.h>

#include "weft-atomic-file.h"
#include "weft-csv.h"
#include "weft-error.h"
#include "weft-psv.h"

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
static gboolean
parse_count (const char *text,
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

static void
trim (const char **text,
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
          parse_count (text + i, len - 1 - i, &value) && value <= G_MAXUINT32)
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
  if (frame->function[0] == '\0' && frame->address != 0)
    {
      g_autofree char *label = weft_call_frame_to_label (frame);

      g_string_append (out, label);
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

      trim (&text, &len);
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
      if (!parse_count (text, len, count))
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
      trim (&text, &text_len);
      if (!parse_count (text, text_len, &depth) || depth > MAX_DEPTH)
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
        trim (&text, &text_len);
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
  g_autoptr(GMappedFile) mapped = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  mapped = weft_csv_map_file (path, error);
  if (mapped == NULL)
    return NULL;
  return weft_psv_csv_parse (g_mapped_file_get_contents (mapped), g_mapped_file_get_length (mapped),
                             path, context, error);
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

/* --- XML reading ------------------------------------------------------------ */

typedef struct
{
  char            *filename;
  WeftLoadContext *context;
  WeftCallTree    *tree;
  GError          *error;      /* the first libxml2 error */
  guint64          n_frames;
} XmlState;

static void
on_xml_error (void        *data,
              xmlErrorPtr  xml_error)
{
  XmlState *state = data;
  g_autofree char *message = NULL;
  int line;

  if (state->error != NULL || xml_error == NULL || xml_error->level == XML_ERR_WARNING)
    return;
  message = g_strstrip (g_strdup (xml_error->message != NULL ? xml_error->message : "?"));
  line = xml_error->line;
  if (line <= 0 && xml_error->node != NULL)
    line = (int)xmlGetLineNo (xml_error->node);
  g_set_error (&state->error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s:%d: %s",
               state->filename, MAX (line, 0), message);
}

static gboolean
xml_fail (XmlState   *state,
          xmlNode    *node,
          GError    **error,
          const char *format,
          ...) G_GNUC_PRINTF (4, 5);

static gboolean
xml_fail (XmlState   *state,
          xmlNode    *node,
          GError    **error,
          const char *format,
          ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s:%ld: %s",
               state->filename, node != NULL ? xmlGetLineNo (node) : 0L, message);
  return FALSE;
}

/* Text of an element made of text only; entity references are refused, so a
 * document can never make us expand a nest of entities. */
static gboolean
element_text (XmlState  *state,
              xmlNode   *element,
              char     **text,
              GError   **error)
{
  g_autoptr(GString) out = g_string_new (NULL);

  for (xmlNode *child = element->children; child != NULL; child = child->next)
    {
      if (child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE)
        g_string_append (out, (const char *)child->content);
      else if (child->type == XML_COMMENT_NODE || child->type == XML_PI_NODE)
        continue;
      else
        return xml_fail (state, child, error, _("<%s> may hold only text"), (const char *)element->name);
    }
  *text = g_string_free (g_steal_pointer (&out), FALSE);
  return TRUE;
}

static gboolean
is_blank_text (xmlNode *node)
{
  return (node->type == XML_TEXT_NODE && xmlIsBlankNode (node)) ||
         node->type == XML_COMMENT_NODE || node->type == XML_PI_NODE;
}

static gboolean
read_position (XmlState       *state,
               xmlNode        *position,
               WeftCallFrame  *frame,
               char          **function,
               char          **file,
               GError        **error)
{
  for (xmlNode *child = position->children; child != NULL; child = child->next)
    {
      const char *name = (const char *)child->name;
      g_autofree char *text = NULL;

      if (is_blank_text (child))
        continue;
      if (child->type != XML_ELEMENT_NODE)
        return xml_fail (state, child, error, _("unexpected text in <position>"));
      if (!element_text (state, child, &text, error))
        return FALSE;
      if (strcmp (name, "function") == 0 && *function == NULL)
        *function = g_steal_pointer (&text);
      else if (strcmp (name, "file") == 0 && *file == NULL)
        *file = g_steal_pointer (&text);
      else if (strcmp (name, "line") == 0)
        {
          const char *t = text;
          gsize len = strlen (text);
          guint64 value;

          trim (&t, &len);
          if (!parse_count (t, len, &value) || value > G_MAXUINT32)
            return xml_fail (state, child, error, _("<line> holds “%s”, not a line number"), text);
          frame->line = (guint32)value;
        }
      else
        return xml_fail (state, child, error, _("unknown element <%s> in <position>"), name);
    }
  return TRUE;
}

static gboolean
read_frame_attributes (XmlState      *state,
                       xmlNode       *element,
                       WeftCallNode   node,
                       GError       **error)
{
  guint64 counts[2] = { G_MAXUINT64, G_MAXUINT64 };

  for (xmlAttr *attr = element->properties; attr != NULL; attr = attr->next)
    {
      const char *name = (const char *)attr->name;
      g_autofree char *value = (char *)xmlNodeListGetString (element->doc, attr->children, 1);
      g_autoptr(GError) set_error = NULL;
      const char *v = value != NULL ? value : "";
      gsize len = strlen (v);
      guint column = 0;

      trim (&v, &len);
      if (strcmp (name, "processes") == 0)
        {
          WeftIntSet *set = weft_int_set_parse (v, len, &column, &set_error);

          if (set == NULL)
            return xml_fail (state, element, error, _("in the processes attribute: %s"), set_error->message);
          if (weft_int_set_is_empty (set))
            weft_int_set_free (set);
          else
            weft_call_tree_set_processes (state->tree, node, set);
        }
      else if (strcmp (name, "threads") == 0)
        {
          WeftThreadSet *set = weft_thread_set_parse (v, len, &column, &set_error);

          if (set == NULL)
            return xml_fail (state, element, error, _("in the threads attribute: %s"), set_error->message);
          if (weft_thread_set_is_empty (set))
            weft_thread_set_free (set);
          else
            weft_call_tree_set_threads (state->tree, node, set);
        }
      else if (strcmp (name, "processcount") == 0 || strcmp (name, "threadcount") == 0)
        {
          guint i = name[0] == 'p' ? 0 : 1;

          if (!parse_count (v, len, &counts[i]))
            return xml_fail (state, element, error, _("%s=\"%s\" is not a count"), name, value);
        }
      else if (state->context != NULL)
        weft_load_context_warn (state->context, state->filename, (guint64)xmlGetLineNo (element),
                                _("unknown attribute “%s” on <frame> ignored"), name);
    }
  if (counts[0] != G_MAXUINT64 || counts[1] != G_MAXUINT64)
    weft_call_tree_set_counts (state->tree, node, counts[0], counts[1]);
  return TRUE;
}

static gboolean
read_frames (XmlState      *state,
             xmlNode       *parent_element,
             WeftCallNode   parent,
             GError       **error)
{
  gboolean is_frame = parent != WEFT_CALL_TREE_ROOT;
  gboolean seen_position = !is_frame;

  for (xmlNode *child = parent_element->children; child != NULL; child = child->next)
    {
      const char *name = (const char *)child->name;

      if (is_blank_text (child))
        continue;
      if (child->type != XML_ELEMENT_NODE)
        return xml_fail (state, child, error, _("unexpected text in <%s>"), (const char *)parent_element->name);
      if (strcmp (name, "position") == 0 && !seen_position)
        {
          seen_position = TRUE;   /* read with the frame, below */
          continue;
        }
      if (strcmp (name, "frame") == 0 && seen_position)
        {
          WeftCallFrame frame = { 0 };
          g_autofree char *function = NULL;
          g_autofree char *file = NULL;
          xmlNode *position = NULL;
          WeftCallNode node;

          for (xmlNode *c = child->children; c != NULL && position == NULL; c = c->next)
            if (c->type == XML_ELEMENT_NODE)
              {
                if (strcmp ((const char *)c->name, "position") != 0)
                  return xml_fail (state, c, error, _("<frame> must start with <position>, not <%s>"),
                                   (const char *)c->name);
                position = c;
              }
          if (position == NULL)
            return xml_fail (state, child, error, _("<frame> without <position>"));
          if (!read_position (state, position, &frame, &function, &file, error))
            return FALSE;
          frame.function = function != NULL ? function : "";
          frame.file = file != NULL ? file : "";
          frame.module = "";
          node = weft_call_tree_add_child (state->tree, parent, &frame);
          if (!read_frame_attributes (state, child, node, error))
            return FALSE;
          if (state->context != NULL && ++state->n_frames % WEFT_LOAD_CONTEXT_CHECK_INTERVAL == 0 &&
              weft_load_context_set_error_if_cancelled (state->context, error))
            return FALSE;
          if (!read_frames (state, child, node, error))
            return FALSE;
          continue;
        }
      return xml_fail (state, child, error, _("unknown element <%s> in <%s>"), name,
                       (const char *)parent_element->name);
    }
  return TRUE;
}

static void
free_doc (xmlDoc *doc)
{
  if (doc != NULL)
    xmlFreeDoc (doc);
}

/**
 * weft_psv_xml_parse:
 * @filename: (nullable): the name used in messages
 * @context: (nullable): warnings and cancellation
 *
 * Returns: (transfer full): the tree, or %NULL with @error naming the file and
 *   line (malformed XML, invalid against an inline DTD, an unknown element, a
 *   bad set or count).
 */
WeftCallTree *
weft_psv_xml_parse (const char       *data,
                    gsize             len,
                    const char       *filename,
                    WeftLoadContext  *context,
                    GError          **error)
{
  XmlState state = { 0 };
  xmlParserCtxtPtr ctxt;
  xmlDoc *doc;
  xmlNode *root;
  g_autoptr(WeftCallTree) tree = NULL;
  gboolean ok = TRUE;

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  state.filename = g_strdup (filename != NULL ? filename : "<input>");
  state.context = context;
  if (len == 0 || len > INT_MAX)
    {
      g_set_error (error, WEFT_ERROR, len == 0 ? WEFT_ERROR_EMPTY : WEFT_ERROR_UNSUPPORTED,
                   len == 0 ? _("%s: nothing to read (the file is empty)") : _("%s: too large for the XML reader"),
                   state.filename);
      g_free (state.filename);
      return NULL;
    }

  /* The structured handler is per thread in libxml2; it also receives the
   * validity errors, with the node and so the line. */
  xmlSetStructuredErrorFunc (&state, on_xml_error);
  ctxt = xmlNewParserCtxt ();
  doc = ctxt != NULL ? xmlCtxtReadMemory (ctxt, data, (int)len, state.filename, NULL,
                                          XML_PARSE_NONET | XML_PARSE_BIG_LINES) : NULL;
  if (doc != NULL && state.error == NULL && doc->intSubset != NULL && doc->intSubset->children != NULL)
    {
      xmlValidCtxtPtr valid = xmlNewValidCtxt ();

      if (valid != NULL)
        {
          if (!xmlValidateDtd (valid, doc, doc->intSubset) && state.error == NULL)
            g_set_error (&state.error, WEFT_ERROR, WEFT_ERROR_PARSE,
                         _("%s: the document does not follow its DTD"), state.filename);
          xmlFreeValidCtxt (valid);
        }
    }
  xmlSetStructuredErrorFunc (NULL, NULL);
  if (ctxt != NULL)
    xmlFreeParserCtxt (ctxt);

  if (doc == NULL || state.error != NULL)
    {
      if (state.error != NULL)
        g_propagate_error (error, state.error);
      else
        g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, _("%s: not an XML document"), state.filename);
      free_doc (doc);
      g_free (state.filename);
      return NULL;
    }

  root = xmlDocGetRootElement (doc);
  if (root == NULL || strcmp ((const char *)root->name, "stacks") != 0)
    {
      xml_fail (&state, root, error, _("the root element is <%s>; a Parallel Stack View export has <stacks>"),
                root != NULL ? (const char *)root->name : "");
      ok = FALSE;
    }
  if (ok)
    {
      tree = weft_call_tree_new ();
      state.tree = tree;
      ok = read_frames (&state, root, WEFT_CALL_TREE_ROOT, error);
    }
  free_doc (doc);
  g_free (state.filename);
  return ok ? g_steal_pointer (&tree) : NULL;
}

WeftCallTree *
weft_psv_xml_read (const char       *path,
                   WeftLoadContext  *context,
                   GError          **error)
{
  g_autoptr(GMappedFile) mapped = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  mapped = weft_csv_map_file (path, error);
  if (mapped == NULL)
    return NULL;
  return weft_psv_xml_parse (g_mapped_file_get_contents (mapped), g_mapped_file_get_length (mapped),
                             path, context, error);
}

/* --- XML writing ------------------------------------------------------------ */

/* XML 1.0 cannot hold every character: the others become U+FFFD, so that
 * every file we write reads back. */
static const xmlChar *
xml_safe (const char *text,
          GString    *scratch)
{
  gboolean clean = TRUE;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((c < 0x20 && c != '\t' && c != '\n') || c == '\r' || (c >= 0xFFFE && c <= 0xFFFF))
        {
          clean = FALSE;
          break;
        }
    }
  if (clean)
    return (const xmlChar *)text;
  g_string_truncate (scratch, 0);
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((c < 0x20 && c != '\t' && c != '\n') || c == '\r' || (c >= 0xFFFE && c <= 0xFFFF))
        g_string_append_unichar (scratch, 0xFFFD);
      else
        g_string_append_unichar (scratch, c);
    }
  return (const xmlChar *)scratch->str;
}

static gboolean
write_frame_start (xmlTextWriterPtr  writer,
                   WeftCallTree     *tree,
                   WeftCallNode      node,
                   GString          *scratch)
{
  const WeftCallFrame *frame = weft_call_tree_get_frame (tree, node);
  const WeftIntSet *processes = weft_call_tree_get_processes (tree, node);
  const WeftThreadSet *threads = weft_call_tree_get_threads (tree, node);
  gboolean ok = TRUE;

  ok &= xmlTextWriterStartElement (writer, BAD_CAST "frame") >= 0;
  if (processes != NULL && !weft_int_set_is_empty (processes))
    {
      g_string_truncate (scratch, 0);
      weft_int_set_append_to (processes, scratch);
      ok &= xmlTextWriterWriteAttribute (writer, BAD_CAST "processes", BAD_CAST scratch->str) >= 0;
    }
  if (threads != NULL && !weft_thread_set_is_empty (threads))
    {
      g_string_truncate (scratch, 0);
      weft_thread_set_append_to (threads, scratch);
      ok &= xmlTextWriterWriteAttribute (writer, BAD_CAST "threads", BAD_CAST scratch->str) >= 0;
    }
  ok &= xmlTextWriterWriteFormatAttribute (writer, BAD_CAST "processcount", "%" PRIu64,
                                           weft_call_tree_get_process_count (tree, node)) >= 0;
  ok &= xmlTextWriterWriteFormatAttribute (writer, BAD_CAST "threadcount", "%" PRIu64,
                                           weft_call_tree_get_thread_count (tree, node)) >= 0;
  ok &= xmlTextWriterStartElement (writer, BAD_CAST "position") >= 0;
  if (frame->function[0] != '\0' || frame->address != 0)
    {
      g_autofree char *label = frame->function[0] != '\0' ? NULL : weft_call_frame_to_label (frame);

      ok &= xmlTextWriterWriteElement (writer, BAD_CAST "function",
                                       xml_safe (label != NULL ? label : frame->function, scratch)) >= 0;
    }
  if (frame->file[0] != '\0')
    {
      ok &= xmlTextWriterWriteElement (writer, BAD_CAST "file", xml_safe (frame->file, scratch)) >= 0;
      ok &= xmlTextWriterWriteFormatElement (writer, BAD_CAST "line", "%u", frame->line) >= 0;
    }
  ok &= xmlTextWriterEndElement (writer) >= 0;
  return ok;
}

/**
 * weft_psv_xml_to_string:
 *
 * Returns: (transfer full): @tree as PSV XML (see weft-psv.h), or %NULL with
 *   @error set when libxml2 fails (out of memory).
 */
char *
weft_psv_xml_to_string (WeftCallTree  *tree,
                        GError       **error)
{
  g_autoptr(GString) scratch = g_string_new (NULL);
  xmlBufferPtr buffer;
  xmlTextWriterPtr writer;
  gboolean ok = TRUE;
  char *result = NULL;

  g_return_val_if_fail (tree != NULL, NULL);

  buffer = xmlBufferCreate ();
  writer = buffer != NULL ? xmlNewTextWriterMemory (buffer, 0) : NULL;
  if (writer == NULL)
    {
      if (buffer != NULL)
        xmlBufferFree (buffer);
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_WRITE, _("Could not start the XML writer"));
      return NULL;
    }
  ok &= xmlTextWriterSetIndent (writer, 1) >= 0;
  ok &= xmlTextWriterSetIndentString (writer, BAD_CAST "  ") >= 0;
  ok &= xmlTextWriterStartDocument (writer, NULL, "UTF-8", NULL) >= 0;
  ok &= xmlTextWriterWriteRaw (writer, BAD_CAST "<!DOCTYPE stacks [\n") >= 0;
  ok &= xmlTextWriterWriteRaw (writer, BAD_CAST weft_psv_dtd) >= 0;
  ok &= xmlTextWriterWriteRaw (writer, BAD_CAST "]>\n") >= 0;
  ok &= xmlTextWriterStartElement (writer, BAD_CAST "stacks") >= 0;

  /* Pre-order without recursion: close each frame on the way back up. */
  for (WeftCallNode n = weft_call_tree_get_first_child (tree, WEFT_CALL_TREE_ROOT); ok && n != WEFT_CALL_NODE_NONE;)
    {
      WeftCallNode child;

      ok &= write_frame_start (writer, tree, n, scratch);
      child = weft_call_tree_get_first_child (tree, n);
      if (child != WEFT_CALL_NODE_NONE)
        {
          n = child;
          continue;
        }
      for (;;)
        {
          WeftCallNode sibling;

          ok &= xmlTextWriterEndElement (writer) >= 0;
          sibling = weft_call_tree_get_next_sibling (tree, n);
          if (sibling != WEFT_CALL_NODE_NONE)
            {
              n = sibling;
              break;
            }
          n = weft_call_tree_get_parent (tree, n);
          if (n == WEFT_CALL_TREE_ROOT)
            {
              n = WEFT_CALL_NODE_NONE;
              break;
            }
        }
    }
  ok &= xmlTextWriterEndElement (writer) >= 0;
  ok &= xmlTextWriterEndDocument (writer) >= 0;
  xmlFreeTextWriter (writer);
  if (ok)
    result = g_strndup ((const char *)xmlBufferContent (buffer), xmlBufferLength (buffer));
  else
    g_set_error (error, WEFT_ERROR, WEFT_ERROR_WRITE, _("The XML writer failed"));
  xmlBufferFree (buffer);
  return result;
}

/**
 * weft_psv_xml_write:
 * @metric: ignored (PSV has no metric)
 *
 * Writes @tree as PSV XML, atomically. Matches WeftTreeWriterFunc.
 */
gboolean
weft_psv_xml_write (WeftCallTree  *tree,
                    int            metric,
                    const char    *path,
                    GError       **error)
{
  g_autoptr(WeftAtomicFile) file = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (tree != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!check_not_comparison (tree, "PSV XML", error))
    return FALSE;
  text = weft_psv_xml_to_string (tree, error);
  if (text == NULL)
    return FALSE;
  file = weft_atomic_file_open (path, error);
  if (file == NULL)
    return FALSE;
  if (!weft_atomic_file_write (file, text, strlen (text), error))
    return FALSE;
  return weft_atomic_file_commit (file, error);
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
      trim (&p, &flen);
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

/* Skips blanks, the XML declaration, comments and processing instructions;
 * the root is <stacks> or the DOCTYPE names it. */
gboolean
weft_psv_xml_sniff (const char *data,
                    gsize       len)
{
  const char *p = data, *end = data + len;

  if (len >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    p += 3;
  while (p < end)
    {
      if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        {
          p++;
          continue;
        }
      if (end - p >= 4 && memcmp (p, "<!--", 4) == 0)
        {
          const char *close = g_strstr_len (p + 4, end - p - 4, "-->");

          if (close == NULL)
            return FALSE;
          p = close + 3;
          continue;
        }
      if (end - p >= 2 && memcmp (p, "<?", 2) == 0)
        {
          const char *close = g_strstr_len (p + 2, end - p - 2, "?>");

          if (close == NULL)
            return FALSE;
          p = close + 2;
          continue;
        }
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
  return FALSE;
}

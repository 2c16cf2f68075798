/* weft-psv-xml.c: PSV XML read with libxml2 (weft_psv_xml_parse(),
 * weft-psv.h), in the module weft-xml. It is written without libxml2
 * (weft-psv.c).
 *
 * The document is read as a stream (xmlTextReader), a frame at a time, so
 * that a big export never becomes a DOM: a 965,000-frame one (720 MB, deep
 * indentation) took 18 s and 4.1 GB that way, 12 s of them building the
 * tree of nodes. When the document carries the DTD inline (as DDT's and
 * Weft's do), <position> is held to its content model, function?, (file,
 * line)?, as a validating parser would.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <limits.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>

#include "weft-error.h"
#include "weft-psv.h"
#include "weft-psv-private.h"

/* --- XML reading ------------------------------------------------------------ */

/* Where the reader is, for each element open from <stacks> down. */
typedef enum
{
  IN_STACKS,
  IN_FRAME,      /* before its <position> */
  IN_FRAME_BODY, /* after it: child frames */
  IN_POSITION,
  IN_TEXT,       /* <function>, <file> or <line> */
} Place;

/* What a <frame>'s start tag said, kept until its <position> makes the node. */
typedef struct
{
  WeftIntSet    *processes;
  WeftThreadSet *threads;
  guint64        counts[2];
  long           line;
} FrameTag;

typedef struct
{
  Place        place;
  WeftCallNode node;     /* the frame's, once made */
} Level;

typedef struct
{
  char             *filename;
  WeftLoadContext  *context;
  WeftCallTree     *tree;
  xmlTextReaderPtr  reader;
  gboolean          check_model;  /* the document declares its DTD */
  GError           *error;        /* the first libxml2 error */
  guint64           n_frames;

  GArray           *levels;       /* Level */
  FrameTag          tag;          /* of the frame whose position is read */
  WeftCallFrame     frame;
  char             *function;
  char             *file;
  guint             n_position_children;  /* function = 1, file = 2, line = 3 */
  GString          *text;         /* of the <function>, <file> or <line> read */
  char             *text_element;
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

/* The line of the reader's current node. */
static long
current_line (XmlState *state)
{
  xmlNode *node = xmlTextReaderCurrentNode (state->reader);
  long line = node != NULL ? xmlGetLineNo (node) : -1;

  return line > 0 ? line : xmlTextReaderGetParserLineNumber (state->reader);
}

static gboolean
xml_fail_at (XmlState   *state,
             long        line,
             GError    **error,
             const char *format,
             ...) G_GNUC_PRINTF (4, 5);

static gboolean
xml_fail_at (XmlState   *state,
             long        line,
             GError    **error,
             const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s:%ld: %s", state->filename, MAX (line, 0L), message);
  return FALSE;
}

static Level *
top (XmlState *state)
{
  return &g_array_index (state->levels, Level, state->levels->len - 1);
}

static void
push (XmlState     *state,
      Place         place,
      WeftCallNode  node)
{
  Level level = { place, node };

  g_array_append_val (state->levels, level);
}

static const char *
place_name (Place place)
{
  switch (place)
    {
    case IN_STACKS:
      return "stacks";
    case IN_POSITION:
      return "position";
    case IN_FRAME:
    case IN_FRAME_BODY:
    case IN_TEXT:
    default:
      return "frame";
    }
}

static void
frame_tag_clear (FrameTag *tag)
{
  g_clear_pointer (&tag->processes, weft_int_set_free);
  g_clear_pointer (&tag->threads, weft_thread_set_free);
  tag->counts[0] = tag->counts[1] = G_MAXUINT64;
}

/* The attributes of the <frame> start tag the reader is on. */
static gboolean
read_frame_tag (XmlState  *state,
                GError   **error)
{
  FrameTag *tag = &state->tag;

  frame_tag_clear (tag);
  tag->line = current_line (state);
  while (xmlTextReaderMoveToNextAttribute (state->reader) == 1)
    {
      const char *name = (const char *)xmlTextReaderConstName (state->reader);
      const char *value = (const char *)xmlTextReaderConstValue (state->reader);
      g_autoptr(GError) set_error = NULL;
      const char *v = value != NULL ? value : "";
      gsize len = strlen (v);
      guint column = 0;

      weft_psv_trim (&v, &len);
      if (strcmp (name, "processes") == 0)
        {
          g_clear_pointer (&tag->processes, weft_int_set_free);
          tag->processes = weft_int_set_parse (v, len, &column, &set_error);
          if (tag->processes == NULL)
            return xml_fail_at (state, tag->line, error, _("in the processes attribute: %s"), set_error->message);
        }
      else if (strcmp (name, "threads") == 0)
        {
          g_clear_pointer (&tag->threads, weft_thread_set_free);
          tag->threads = weft_thread_set_parse (v, len, &column, &set_error);
          if (tag->threads == NULL)
            return xml_fail_at (state, tag->line, error, _("in the threads attribute: %s"), set_error->message);
        }
      else if (strcmp (name, "processcount") == 0 || strcmp (name, "threadcount") == 0)
        {
          guint i = name[0] == 'p' ? 0 : 1;

          if (!weft_psv_parse_count (v, len, &tag->counts[i]))
            return xml_fail_at (state, tag->line, error, _("%s=\"%s\" is not a count"), name, value);
        }
      else if (state->context != NULL)
        weft_load_context_warn (state->context, state->filename, (guint64)tag->line,
                                _("unknown attribute “%s” on <frame> ignored"), name);
    }
  xmlTextReaderMoveToElement (state->reader);
  return TRUE;
}

/* Its <position> read: the frame becomes a node of the tree. */
static gboolean
make_frame (XmlState  *state,
            GError   **error)
{
  FrameTag *tag = &state->tag;
  Level *frame_level = top (state);
  WeftCallNode parent = state->levels->len >= 2
                          ? g_array_index (state->levels, Level, state->levels->len - 2).node
                          : WEFT_CALL_TREE_ROOT;
  WeftCallNode node;

  state->frame.function = state->function != NULL ? state->function : "";
  state->frame.file = state->file != NULL ? state->file : "";
  state->frame.module = "";
  node = weft_call_tree_add_child (state->tree, parent, &state->frame);
  g_clear_pointer (&state->function, g_free);
  g_clear_pointer (&state->file, g_free);
  memset (&state->frame, 0, sizeof state->frame);

  if (tag->processes != NULL && !weft_int_set_is_empty (tag->processes))
    weft_call_tree_set_processes (state->tree, node, g_steal_pointer (&tag->processes));
  if (tag->threads != NULL && !weft_thread_set_is_empty (tag->threads))
    weft_call_tree_set_threads (state->tree, node, g_steal_pointer (&tag->threads));
  if (tag->counts[0] != G_MAXUINT64 || tag->counts[1] != G_MAXUINT64)
    weft_call_tree_set_counts (state->tree, node, tag->counts[0], tag->counts[1]);
  frame_tag_clear (tag);

  frame_level->place = IN_FRAME_BODY;
  frame_level->node = node;
  if (state->context != NULL && ++state->n_frames % WEFT_LOAD_CONTEXT_CHECK_INTERVAL == 0 &&
      weft_load_context_set_error_if_cancelled (state->context, error))
    return FALSE;
  return TRUE;
}

/* The text of a <function>, <file> or <line> just closed. */
static gboolean
end_text_element (XmlState  *state,
                  GError   **error)
{
  const char *name = state->text_element;
  long line = current_line (state);

  if (strcmp (name, "function") == 0)
    {
      if (state->check_model && state->n_position_children >= 1)
        return xml_fail_at (state, line, error, _("<position> holds <function> after <file> or a second time"));
      if (state->function == NULL)
        state->function = g_strdup (state->text->str);
      state->n_position_children = 1;
    }
  else if (strcmp (name, "file") == 0)
    {
      if (state->check_model && state->n_position_children >= 2)
        return xml_fail_at (state, line, error, _("<position> holds a second <file>"));
      if (state->file == NULL)
        state->file = g_strdup (state->text->str);
      state->n_position_children = 2;
    }
  else
    {
      const char *t = state->text->str;
      gsize len = state->text->len;
      guint64 value;

      if (state->check_model && state->n_position_children != 2)
        return xml_fail_at (state, line, error, _("<line> in <position> must follow <file>"));
      weft_psv_trim (&t, &len);
      if (!weft_psv_parse_count (t, len, &value) || value > G_MAXUINT32)
        return xml_fail_at (state, line, error, _("<line> holds “%s”, not a line number"), state->text->str);
      state->frame.line = (guint32)value;
      state->n_position_children = 3;
    }
  return TRUE;
}

/* An element opens where the reader is. */
static gboolean
start_element (XmlState  *state,
               GError   **error)
{
  const char *name = (const char *)xmlTextReaderConstName (state->reader);
  gboolean empty = xmlTextReaderIsEmptyElement (state->reader) == 1;
  long line = current_line (state);

  if (state->levels->len == 0)
    {
      if (strcmp (name, "stacks") != 0)
        return xml_fail_at (state, line, error,
                            _("the root element is <%s>; a Parallel Stack View export has <stacks>"), name);
      if (!empty)
        push (state, IN_STACKS, WEFT_CALL_TREE_ROOT);
      return TRUE;
    }

  switch (top (state)->place)
    {
    case IN_STACKS:
    case IN_FRAME_BODY:
      if (strcmp (name, "frame") != 0)
        return xml_fail_at (state, line, error, _("unknown element <%s> in <%s>"), name, place_name (top (state)->place));
      if (!read_frame_tag (state, error))
        return FALSE;
      if (empty)
        return xml_fail_at (state, line, error, _("<frame> without <position>"));
      push (state, IN_FRAME, WEFT_CALL_NODE_NONE);
      return TRUE;

    case IN_FRAME:
      if (strcmp (name, "position") != 0)
        return xml_fail_at (state, line, error, _("<frame> must start with <position>, not <%s>"), name);
      state->n_position_children = 0;
      if (empty)
        return make_frame (state, error);
      push (state, IN_POSITION, WEFT_CALL_NODE_NONE);
      return TRUE;

    case IN_POSITION:
      if (strcmp (name, "function") != 0 && strcmp (name, "file") != 0 && strcmp (name, "line") != 0)
        return xml_fail_at (state, line, error, _("unknown element <%s> in <position>"), name);
      g_free (state->text_element);
      state->text_element = g_strdup (name);
      g_string_truncate (state->text, 0);
      if (empty)
        return end_text_element (state, error);
      push (state, IN_TEXT, WEFT_CALL_NODE_NONE);
      return TRUE;

    case IN_TEXT:
    default:
      return xml_fail_at (state, line, error, _("<%s> may hold only text"), state->text_element);
    }
}

/* The innermost open element closes. */
static gboolean
end_element (XmlState  *state,
             GError   **error)
{
  Place place = top (state)->place;

  g_array_set_size (state->levels, state->levels->len - 1);
  switch (place)
    {
    case IN_TEXT:
      return end_text_element (state, error);
    case IN_POSITION:
      if (state->check_model && state->n_position_children == 2)
        return xml_fail_at (state, current_line (state), error, _("<position> holds <file> without <line>"));
      /* The frame's level is on top again. */
      return make_frame (state, error);
    case IN_FRAME:
      return xml_fail_at (state, current_line (state), error, _("<frame> without <position>"));
    case IN_STACKS:
    case IN_FRAME_BODY:
    default:
      return TRUE;
    }
}

/* Text, CDATA or an entity reference where the reader is. */
static gboolean
on_text (XmlState  *state,
         int        type,
         GError   **error)
{
  if (state->levels->len == 0)
    return TRUE;
  if (top (state)->place == IN_TEXT)
    {
      if (type == XML_READER_TYPE_ENTITY_REFERENCE)
        return xml_fail_at (state, current_line (state), error, _("<%s> may hold only text"), state->text_element);
      g_string_append (state->text, (const char *)xmlTextReaderConstValue (state->reader));
      return TRUE;
    }
  return xml_fail_at (state, current_line (state), error, _("unexpected text in <%s>"),
                      place_name (top (state)->place));
}

static gboolean
read_stream (XmlState  *state,
             GError   **error)
{
  gboolean seen_root = FALSE;
  int ret;

  while ((ret = xmlTextReaderRead (state->reader)) == 1)
    {
      int type = xmlTextReaderNodeType (state->reader);

      if (state->error != NULL)
        break;
      switch (type)
        {
        case XML_READER_TYPE_ELEMENT:
          if (!start_element (state, error))
            return FALSE;
          seen_root = TRUE;
          break;
        case XML_READER_TYPE_END_ELEMENT:
          if (state->levels->len > 0 && !end_element (state, error))
            return FALSE;
          break;
        case XML_READER_TYPE_TEXT:
        case XML_READER_TYPE_CDATA:
        case XML_READER_TYPE_ENTITY_REFERENCE:
          if (!on_text (state, type, error))
            return FALSE;
          break;
        default:   /* whitespace, comments, processing instructions, the DTD */
          break;
        }
    }
  if (state->error != NULL || ret < 0)
    {
      if (state->error != NULL)
        g_propagate_error (error, g_steal_pointer (&state->error));
      else
        g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, _("%s: not an XML document"), state->filename);
      return FALSE;
    }
  if (!seen_root)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, _("%s: not an XML document"), state->filename);
      return FALSE;
    }
  return TRUE;
}

/* Whether the prolog declares a DTD inline (<!DOCTYPE stacks [ <!ELEMENT …),
 * as DDT's exports and Weft's do: such a document is held to its content
 * model. A DOCTYPE that names an external DTD is not read. */
static gboolean
declares_dtd (const char *data,
              gsize       len)
{
  const char *p = data, *end = data + len;

  while (p < end)
    {
      if (g_ascii_isspace (*p) || (guchar)*p >= 0x80)   /* blanks, a BOM */
        p++;
      else if (end - p >= 4 && memcmp (p, "<!--", 4) == 0)
        {
          const char *close = g_strstr_len (p + 4, end - p - 4, "-->");

          if (close == NULL)
            return FALSE;
          p = close + 3;
        }
      else if (end - p >= 2 && memcmp (p, "<?", 2) == 0)
        {
          const char *close = g_strstr_len (p + 2, end - p - 2, "?>");

          if (close == NULL)
            return FALSE;
          p = close + 2;
        }
      else if (end - p >= 9 && memcmp (p, "<!DOCTYPE", 9) == 0)
        {
          for (p += 9; p < end && *p != '[' && *p != '>' && *p != '"' && *p != '\''; p++)
            ;
          if (p == end || *p != '[')
            return FALSE;
          for (p++; p < end && g_ascii_isspace (*p); p++)
            ;
          return p < end && *p != ']';
        }
      else
        return FALSE;
    }
  return FALSE;
}

/**
 * weft_psv_xml_parse:
 * @filename: (nullable): the name used in messages
 * @context: (nullable): warnings and cancellation
 *
 * Returns: (transfer full): the tree, or %NULL with @error naming the file and
 *   line (malformed XML, a <position> against the inline DTD's model, an
 *   unknown element, a bad set or count).
 */
WeftCallTree *
weft_xml_psv_parse (const char       *data,
                    gsize             len,
                    const char       *filename,
                    WeftLoadContext  *context,
                    GError          **error)
{
  XmlState state = { 0 };
  g_autoptr(WeftCallTree) tree = NULL;
  gboolean ok;

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

  tree = weft_call_tree_new ();
  state.tree = tree;
  state.check_model = declares_dtd (data, MIN (len, 65536));
  state.levels = g_array_new (FALSE, FALSE, sizeof (Level));
  state.text = g_string_new (NULL);
  frame_tag_clear (&state.tag);
  state.reader = xmlReaderForMemory (data, (int)len, state.filename, NULL, XML_PARSE_NONET | XML_PARSE_BIG_LINES);
  if (state.reader == NULL)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, _("%s: not an XML document"), state.filename);
      ok = FALSE;
    }
  else
    {
      xmlTextReaderSetStructuredErrorHandler (state.reader, on_xml_error, &state);
      ok = read_stream (&state, error);
      xmlFreeTextReader (state.reader);
    }

  g_clear_error (&state.error);
  frame_tag_clear (&state.tag);
  g_free (state.function);
  g_free (state.file);
  g_free (state.text_element);
  g_string_free (state.text, TRUE);
  g_array_unref (state.levels);
  g_free (state.filename);
  return ok ? g_steal_pointer (&tree) : NULL;
}

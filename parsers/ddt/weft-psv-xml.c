/* weft-psv-xml.c: PSV XML read with libxml2 (weft_psv_xml_parse(),
 * weft-psv.h), in the module weft-xml. It is written without libxml2
 * (weft-psv.c).
 *
 * The document is read as a stream of SAX2 events, a frame at a time, so
 * that a big export never becomes a DOM: a 965,000-frame one (720 MB, deep
 * indentation) took 18 s and 4.1 GB that way, 12 s of them building the
 * tree of nodes, and still 10.6 s through libxml2's xmlTextReader. When the document carries the DTD inline (as DDT's and
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
#include <libxml/SAX2.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>

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
} FrameTag;

typedef struct
{
  Place        place;
  WeftCallNode node;     /* the frame's, once made */
  long         line;     /* where the element starts */
} Level;

typedef struct
{
  char             *filename;
  WeftLoadContext  *context;
  WeftCallTree     *tree;
  xmlParserCtxtPtr  parser;
  gboolean          check_model;  /* the document declares its DTD */
  GError           *error;        /* the first error, libxml2's or ours */
  guint64           n_frames;

  GArray           *levels;       /* Level */
  FrameTag          tag;          /* of the frame whose position is read */
  WeftCallFrame     frame;
  char             *function;
  char             *file;
  guint             n_position_children;  /* function = 1, file = 2, line = 3 */
  GString          *text;         /* of the <function>, <file> or <line> read */
  const char       *text_element;
} XmlState;

static void
on_xml_error (void        *data,
              xmlErrorPtr  xml_error)
{
  XmlState *state = data != NULL ? ((xmlParserCtxtPtr)data)->_private : NULL;
  g_autofree char *message = NULL;

  if (state == NULL || state->error != NULL || xml_error == NULL || xml_error->level == XML_ERR_WARNING)
    return;
  message = g_strstrip (g_strdup (xml_error->message != NULL ? xml_error->message : "?"));
  g_set_error (&state->error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s:%d: %s",
               state->filename, MAX (xml_error->line, 0), message);
}

static long
current_line (XmlState *state)
{
  return (long)xmlSAX2GetLineNumber (state->parser);
}

/* Records the first error and stops the parser. */
static void
xml_fail_at (XmlState   *state,
             long        line,
             const char *format,
             ...) G_GNUC_PRINTF (3, 4);

static void
xml_fail_at (XmlState   *state,
             long        line,
             const char *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (state->error == NULL)
    {
      va_start (args, format);
      message = g_strdup_vprintf (format, args);
      va_end (args);
      g_set_error (&state->error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s:%ld: %s", state->filename, MAX (line, 0L), message);
    }
  xmlStopParser (state->parser);
}

static Level *
top (XmlState *state)
{
  return state->levels->len > 0 ? &g_array_index (state->levels, Level, state->levels->len - 1) : NULL;
}

static void
push (XmlState *state,
      Place     place,
      long      line)
{
  Level level = { place, place == IN_STACKS ? WEFT_CALL_TREE_ROOT : WEFT_CALL_NODE_NONE, line };

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

/* A <frame> start tag's attributes: SAX2's (localname, prefix, URI, value,
 * end) quintuples. */
static gboolean
read_frame_tag (XmlState       *state,
                int             n_attributes,
                const xmlChar **attributes,
                long            line)
{
  FrameTag *tag = &state->tag;

  frame_tag_clear (tag);
  for (int i = 0; i < n_attributes; i++)
    {
      const char *name = (const char *)attributes[5 * i];
      g_autofree char *value = g_strndup ((const char *)attributes[5 * i + 3],
                                          attributes[5 * i + 4] - attributes[5 * i + 3]);
      g_autoptr(GError) set_error = NULL;
      const char *v = value;
      gsize len = strlen (v);
      guint column = 0;

      weft_psv_trim (&v, &len);
      if (strcmp (name, "processes") == 0)
        {
          g_clear_pointer (&tag->processes, weft_int_set_free);
          tag->processes = weft_int_set_parse (v, len, &column, &set_error);
          if (tag->processes == NULL)
            {
              xml_fail_at (state, line, _("in the processes attribute: %s"), set_error->message);
              return FALSE;
            }
        }
      else if (strcmp (name, "threads") == 0)
        {
          g_clear_pointer (&tag->threads, weft_thread_set_free);
          tag->threads = weft_thread_set_parse (v, len, &column, &set_error);
          if (tag->threads == NULL)
            {
              xml_fail_at (state, line, _("in the threads attribute: %s"), set_error->message);
              return FALSE;
            }
        }
      else if (strcmp (name, "processcount") == 0 || strcmp (name, "threadcount") == 0)
        {
          guint k = name[0] == 'p' ? 0 : 1;

          if (!weft_psv_parse_count (v, len, &tag->counts[k]))
            {
              xml_fail_at (state, line, _("%s=\"%s\" is not a count"), name, value);
              return FALSE;
            }
        }
      else if (state->context != NULL)
        weft_load_context_warn (state->context, state->filename, (guint64)line,
                                _("unknown attribute “%s” on <frame> ignored"), name);
    }
  return TRUE;
}

/* Its <position> read: the frame on top becomes a node of the tree. */
static void
make_frame (XmlState *state)
{
  FrameTag *tag = &state->tag;
  Level *frame_level = top (state);
  WeftCallNode parent = g_array_index (state->levels, Level, state->levels->len - 2).node;
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
      weft_load_context_is_cancelled (state->context))
    xmlStopParser (state->parser);
}

/* The text of a <function>, <file> or <line> just closed. */
static void
end_text_element (XmlState *state,
                  long      line)
{
  const char *name = state->text_element;

  if (strcmp (name, "function") == 0)
    {
      if (state->check_model && state->n_position_children >= 1)
        {
          xml_fail_at (state, line, _("<position> holds <function> after <file> or a second time"));
          return;
        }
      if (state->function == NULL)
        state->function = g_strdup (state->text->str);
      state->n_position_children = 1;
    }
  else if (strcmp (name, "file") == 0)
    {
      if (state->check_model && state->n_position_children >= 2)
        {
          xml_fail_at (state, line, _("<position> holds a second <file>"));
          return;
        }
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
        {
          xml_fail_at (state, line, _("<line> in <position> must follow <file>"));
          return;
        }
      weft_psv_trim (&t, &len);
      if (!weft_psv_parse_count (t, len, &value) || value > G_MAXUINT32)
        {
          xml_fail_at (state, line, _("<line> holds “%s”, not a line number"), state->text->str);
          return;
        }
      state->frame.line = (guint32)value;
      state->n_position_children = 3;
    }
}

static void
on_start_element (void           *data,
                  const xmlChar  *localname,
                  const xmlChar  *prefix,
                  const xmlChar  *uri,
                  int             n_namespaces,
                  const xmlChar **namespaces,
                  int             n_attributes,
                  int             n_defaulted,
                  const xmlChar **attributes)
{
  XmlState *state = ((xmlParserCtxtPtr)data)->_private;
  const char *name = (const char *)localname;
  long line = current_line (state);
  Level *level = top (state);

  if (state->error != NULL)
    return;
  if (level == NULL)
    {
      if (strcmp (name, "stacks") != 0)
        {
          xml_fail_at (state, line, _("the root element is <%s>; a Parallel Stack View export has <stacks>"), name);
          return;
        }
      push (state, IN_STACKS, line);
      return;
    }

  switch (level->place)
    {
    case IN_STACKS:
    case IN_FRAME_BODY:
      if (strcmp (name, "frame") != 0)
        {
          xml_fail_at (state, line, _("unknown element <%s> in <%s>"), name, place_name (level->place));
          return;
        }
      if (read_frame_tag (state, n_attributes, attributes, line))
        push (state, IN_FRAME, line);
      return;

    case IN_FRAME:
      if (strcmp (name, "position") != 0)
        {
          xml_fail_at (state, line, _("<frame> must start with <position>, not <%s>"), name);
          return;
        }
      state->n_position_children = 0;
      push (state, IN_POSITION, line);
      return;

    case IN_POSITION:
      if (strcmp (name, "function") == 0)
        state->text_element = "function";
      else if (strcmp (name, "file") == 0)
        state->text_element = "file";
      else if (strcmp (name, "line") == 0)
        state->text_element = "line";
      else
        {
          xml_fail_at (state, line, _("unknown element <%s> in <position>"), name);
          return;
        }
      g_string_truncate (state->text, 0);
      push (state, IN_TEXT, line);
      return;

    case IN_TEXT:
    default:
      xml_fail_at (state, line, _("<%s> may hold only text"), state->text_element);
      return;
    }
}

static void
on_end_element (void          *data,
                const xmlChar *localname,
                const xmlChar *prefix,
                const xmlChar *uri)
{
  XmlState *state = ((xmlParserCtxtPtr)data)->_private;
  Level level;

  if (state->error != NULL || state->levels->len == 0)
    return;
  level = *top (state);
  g_array_set_size (state->levels, state->levels->len - 1);
  switch (level.place)
    {
    case IN_TEXT:
      end_text_element (state, current_line (state));
      return;
    case IN_POSITION:
      if (state->check_model && state->n_position_children == 2)
        {
          xml_fail_at (state, level.line, _("<position> holds <file> without <line>"));
          return;
        }
      /* The frame's level is on top again. */
      make_frame (state);
      return;
    case IN_FRAME:
      xml_fail_at (state, level.line, _("<frame> without <position>"));
      return;
    case IN_STACKS:
    case IN_FRAME_BODY:
    default:
      return;
    }
}

static gboolean
is_blank (const xmlChar *text,
          int            len)
{
  for (int i = 0; i < len; i++)
    if (text[i] != ' ' && text[i] != '\t' && text[i] != '\n' && text[i] != '\r')
      return FALSE;
  return TRUE;
}

/* Text: the content of <function>, <file> and <line>; elsewhere only blanks
 * (@blank_allowed: not in CDATA, which is never markup's indentation). */
static void
add_text (void          *data,
          const xmlChar *text,
          int            len,
          gboolean       blank_allowed)
{
  XmlState *state = ((xmlParserCtxtPtr)data)->_private;
  Level *level = top (state);

  if (state->error != NULL || level == NULL)
    return;
  if (level->place == IN_TEXT)
    g_string_append_len (state->text, (const char *)text, len);
  else if (!blank_allowed || !is_blank (text, len))
    xml_fail_at (state, current_line (state), _("unexpected text in <%s>"), place_name (level->place));
}

static void
on_characters (void          *data,
               const xmlChar *text,
               int            len)
{
  add_text (data, text, len, TRUE);
}

static void
on_cdata (void          *data,
          const xmlChar *text,
          int            len)
{
  add_text (data, text, len, FALSE);
}

/* An entity of the document's own: refused, so that a document can never
 * make us expand a nest of entities. */
static void
on_reference (void          *data,
              const xmlChar *name)
{
  XmlState *state = ((xmlParserCtxtPtr)data)->_private;
  Level *level = top (state);

  if (state->error != NULL || level == NULL)
    return;
  if (level->place == IN_TEXT)
    xml_fail_at (state, current_line (state), _("<%s> may hold only text"), state->text_element);
  else
    xml_fail_at (state, current_line (state), _("unexpected text in <%s>"), place_name (level->place));
}

/* Bytes handed to the parser at a time. */
#define PUSH_PIECE (1 << 20)

/* Whether the prolog declares a DTD inline (<!DOCTYPE stacks [ <!ELEMENT …),
 * as DDT's exports and Weft's do: such a document is held to its content
 * model. A DOCTYPE that names an external DTD is not read. */
static gboolean
declares_dtd (const char *data,
              gsize       len)
{
  const char *p = weft_psv_xml_skip_prolog (data, len), *end = data + len;

  if (p == NULL || end - p < 9 || memcmp (p, "<!DOCTYPE", 9) != 0)
    return FALSE;
  for (p += 9; p < end && *p != '[' && *p != '>' && *p != '"' && *p != '\''; p++)
    ;
  if (p == end || *p != '[')
    return FALSE;
  for (p++; p < end && g_ascii_isspace (*p); p++)
    ;
  return p < end && *p != ']';
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
  xmlSAXHandler sax;
  gboolean ok = FALSE;

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

  /* libxml2's SAX2 defaults (the DTD and entities are still its to read),
   * with the content ours: no node is ever built but the DTD's. */
  xmlSAXVersion (&sax, 2);
  sax.startElementNs = on_start_element;
  sax.endElementNs = on_end_element;
  sax.characters = on_characters;
  sax.ignorableWhitespace = on_characters;
  sax.cdataBlock = on_cdata;
  sax.reference = on_reference;
  sax.comment = NULL;
  sax.processingInstruction = NULL;
  sax.serror = on_xml_error;
  sax.error = NULL;
  sax.warning = NULL;

  tree = weft_call_tree_new ();
  state.tree = tree;
  state.check_model = declares_dtd (data, MIN (len, 65536));
  state.levels = g_array_new (FALSE, FALSE, sizeof (Level));
  state.text = g_string_new (NULL);
  frame_tag_clear (&state.tag);
  /* Pushed a piece at a time: a memory parser would copy the whole file. */
  state.parser = xmlCreatePushParserCtxt (&sax, NULL, NULL, 0, state.filename);
  if (state.parser != NULL)
    {
      /* libxml2's own SAX2 handlers take the parser as their data: ours
       * find the state beside it. */
      state.parser->_private = &state;
      xmlCtxtUseOptions (state.parser, XML_PARSE_NONET | XML_PARSE_BIG_LINES);
      for (gsize done = 0; state.error == NULL && !state.parser->disableSAX;)
        {
          gsize piece = MIN (len - done, PUSH_PIECE);

          xmlParseChunk (state.parser, data + done, (int)piece, done + piece == len);
          done += piece;
          if (done == len)
            break;
        }
      if (state.error == NULL && context != NULL && weft_load_context_set_error_if_cancelled (context, error))
        ;
      else if (state.error != NULL)
        g_propagate_error (error, g_steal_pointer (&state.error));
      else if (!state.parser->wellFormed)
        g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, _("%s: not an XML document"), state.filename);
      else
        ok = TRUE;
      if (state.parser->myDoc != NULL)
        xmlFreeDoc (state.parser->myDoc);
      xmlFreeParserCtxt (state.parser);
    }
  else
    g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, _("%s: not an XML document"), state.filename);

  g_clear_error (&state.error);
  frame_tag_clear (&state.tag);
  g_free (state.function);
  g_free (state.file);
  g_string_free (state.text, TRUE);
  g_array_unref (state.levels);
  g_free (state.filename);
  return ok ? g_steal_pointer (&tree) : NULL;
}

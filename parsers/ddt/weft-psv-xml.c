/* weft-psv-xml.c: PSV XML read and written with libxml2
 * (weft_psv_xml_parse() and weft_psv_xml_to_string(), weft-psv.h), in the
 * module weft-xml.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <limits.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/valid.h>

#include "weft-error.h"
#include "weft-psv.h"
#include "weft-psv-private.h"

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

          weft_psv_trim (&t, &len);
          if (!weft_psv_parse_count (t, len, &value) || value > G_MAXUINT32)
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

      weft_psv_trim (&v, &len);
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

          if (!weft_psv_parse_count (v, len, &counts[i]))
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
weft_xml_psv_parse (const char       *data,
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

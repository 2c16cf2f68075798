/* weft-hpcstruct-xml.c: streams .hpcstruct XML into scope and range tables
 * (weft_hpcstruct_load_file() and _load_memory()), in the module weft-xml.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/xmlreader.h>

#include "weft-error.h"
#include "weft-hpcstruct-private.h"

/* Deeper nesting than any compiler produces: a corrupt or hostile file. */
#define MAX_DEPTH 4096

static const char *
intern (WeftHpcstruct *self,
        const char    *s)
{
  /* Pool strings live in chunks that never move. */
  return weft_string_pool_lookup (self->pool, weft_string_pool_intern (self->pool, s != NULL ? s : ""));
}

/* "{[0x11c9-0x11ca) [0x…-0x…)}" → ranges; FALSE when malformed. */
static gboolean
parse_ranges (const char *text,
              guint32     scope,
              guint32     module,
              gboolean    entry,
              GArray     *out)
{
  const char *p = text;

  while (*p != '\0')
    {
      Range r = { 0, 0, scope, module, entry };
      char *end;

      if (*p != '[')
        {
          p++;
          continue;
        }
      r.lo = g_ascii_strtoull (p + 1, &end, 16);
      if (end == p + 1 || *end != '-')
        return FALSE;
      p = end + 1;
      r.hi = g_ascii_strtoull (p, &end, 16);
      if (end == p || *end != ')')
        return FALSE;
      p = end + 1;
      if (r.hi > r.lo)
        g_array_append_val (out, r);
    }
  return TRUE;
}

static int
compare_ranges (gconstpointer a,
                gconstpointer b)
{
  const Range *ra = a, *rb = b;

  if (ra->lo != rb->lo)
    return ra->lo < rb->lo ? -1 : 1;
  if (ra->hi != rb->hi)
    return ra->hi < rb->hi ? -1 : 1;
  return ra->scope < rb->scope ? -1 : ra->scope > rb->scope;
}

static int
kind_of (const xmlChar *name)
{
  if (name == NULL || name[0] == '\0')
    return -1;
  if (name[1] == '\0')
    switch (name[0])
      {
      case 'F': return WEFT_HPCSTRUCT_FILE;
      case 'P': return WEFT_HPCSTRUCT_PROC;
      case 'A': return WEFT_HPCSTRUCT_ALIEN;
      case 'L': return WEFT_HPCSTRUCT_LOOP;
      case 'S': return WEFT_HPCSTRUCT_STMT;
      case 'C': return WEFT_HPCSTRUCT_CALL;
      default: return -1;
      }
  if (strcmp ((const char *)name, "LM") == 0)
    return WEFT_HPCSTRUCT_LM;
  return -1;
}

static char *
attr (xmlTextReaderPtr  reader,
      const char       *name)
{
  xmlChar *v = xmlTextReaderGetAttribute (reader, (const xmlChar *)name);
  char *copy = v != NULL ? g_strdup ((const char *)v) : NULL;

  xmlFree (v);
  return copy;
}

static void
finish_module (Module *m)
{
  g_array_sort (m->ranges, compare_ranges);
  g_array_sort (m->entries, compare_ranges);
  m->max_len = 0;
  for (guint i = 0; i < m->ranges->len; i++)
    m->max_len = MAX (m->max_len, g_array_index (m->ranges, Range, i).hi - g_array_index (m->ranges, Range, i).lo);
}

/* The line of the element being read: the parser itself may already be
 * further on (it reads ahead), which is no line to point a user at. */
static int
element_line (xmlTextReaderPtr reader)
{
  xmlNodePtr node = xmlTextReaderCurrentNode (reader);
  long line = node != NULL ? xmlGetLineNo (node) : -1;

  return line > 0 && line <= G_MAXINT ? (int)line : xmlTextReaderGetParserLineNumber (reader);
}

static gboolean
read_structure (WeftHpcstruct     *self,
                xmlTextReaderPtr   reader,
                const char        *name,
                GError           **error)
{
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 module_index = WEFT_HPCSTRUCT_NONE;
  gboolean seen_root = FALSE;
  int ret;

  while ((ret = xmlTextReaderRead (reader)) == 1)
    {
      int type = xmlTextReaderNodeType (reader);
      int kind;

      if (type == XML_READER_TYPE_END_ELEMENT)
        {
          kind = kind_of (xmlTextReaderConstName (reader));
          if (kind >= 0 && stack->len > 0)
            {
              g_array_set_size (stack, stack->len - 1);
              if (kind == WEFT_HPCSTRUCT_LM && module_index != WEFT_HPCSTRUCT_NONE)
                {
                  finish_module (&g_array_index (self->modules, Module, module_index));
                  module_index = WEFT_HPCSTRUCT_NONE;
                }
            }
          continue;
        }
      if (type != XML_READER_TYPE_ELEMENT)
        continue;

      {
        const xmlChar *element = xmlTextReaderConstName (reader);
        WeftHpcstructScope scope = { WEFT_HPCSTRUCT_NONE, 0, "", "", 0 };
        g_autofree char *n = NULL, *f = NULL, *l = NULL, *v = NULL;
        guint32 index = self->scopes->len;
        const WeftHpcstructScope *parent = NULL;
        gboolean empty = xmlTextReaderIsEmptyElement (reader) == 1;

        if (!seen_root)
          {
            if (strcmp ((const char *)element, "HPCToolkitStructure") != 0)
              {
                g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE,
                             "%s:%d: not an HPCToolkit structure file (expected the root element "
                             "<HPCToolkitStructure>, found <%s>)",
                             name, element_line (reader), element);
                return FALSE;
              }
            seen_root = TRUE;
            continue;
          }
        kind = kind_of (element);
        if (kind < 0)
          {
            g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s:%d: unknown element <%s>",
                         name, element_line (reader), element);
            return FALSE;
          }
        if ((kind == WEFT_HPCSTRUCT_LM) != (stack->len == 0))
          {
            g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s:%d: <%s> %s",
                         name, element_line (reader), element,
                         kind == WEFT_HPCSTRUCT_LM ? "inside another scope" : "outside a load module");
            return FALSE;
          }
        if (stack->len >= MAX_DEPTH)
          {
            g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s:%d: scopes nested deeper than %d",
                         name, element_line (reader), MAX_DEPTH);
            return FALSE;
          }
        if (stack->len > 0)
          {
            scope.parent = g_array_index (stack, guint32, stack->len - 1);
            parent = &g_array_index (self->scopes, WeftHpcstructScope, scope.parent);
            scope.file = parent->file;
          }
        scope.kind = kind;
        n = attr (reader, "n");
        f = attr (reader, "f");
        l = attr (reader, "l");
        v = attr (reader, "v");
        if (kind == WEFT_HPCSTRUCT_LM || kind == WEFT_HPCSTRUCT_FILE || kind == WEFT_HPCSTRUCT_PROC
            || kind == WEFT_HPCSTRUCT_ALIEN)
          scope.name = intern (self, n);
        if (kind == WEFT_HPCSTRUCT_FILE)
          scope.file = scope.name;
        else if (f != NULL && (kind == WEFT_HPCSTRUCT_ALIEN || kind == WEFT_HPCSTRUCT_LOOP))
          scope.file = intern (self, f);
        if (l != NULL)
          scope.line = (guint32)MIN (g_ascii_strtoull (l, NULL, 10), G_MAXUINT32);

        if (kind == WEFT_HPCSTRUCT_LM)
          {
            Module m = { index, g_array_new (FALSE, FALSE, sizeof (Range)), g_array_new (FALSE, FALSE, sizeof (Range)), 0 };
            g_autofree char *base = g_path_get_basename (scope.name);

            module_index = self->modules->len;
            g_array_append_val (self->modules, m);
            g_hash_table_replace (self->by_path, (gpointer)scope.name, GUINT_TO_POINTER (module_index + 1));
            if (!g_hash_table_contains (self->by_base, base))
              g_hash_table_insert (self->by_base, g_steal_pointer (&base), GUINT_TO_POINTER (module_index + 1));
          }
        else if (v != NULL && module_index != WEFT_HPCSTRUCT_NONE)
          {
            Module *m = &g_array_index (self->modules, Module, module_index);
            gboolean entry = kind != WEFT_HPCSTRUCT_STMT && kind != WEFT_HPCSTRUCT_CALL;

            if (!parse_ranges (v, index, m->scope, entry, entry ? m->entries : m->ranges))
              {
                g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s:%d: malformed address ranges “%s”",
                             name, element_line (reader), v);
                return FALSE;
              }
          }
        g_array_append_val (self->scopes, scope);
        if (!empty)
          g_array_append_val (stack, index);
      }
    }
  if (ret < 0)
    {
      const xmlError *e = xmlGetLastError ();
      g_autofree char *message = g_strdup (e != NULL && e->message != NULL ? e->message : "malformed XML");

      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s:%d: %s", name,
                   e != NULL ? e->line : xmlTextReaderGetParserLineNumber (reader), g_strstrip (message));
      return FALSE;
    }
  if (!seen_root)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s:1: empty structure file", name);
      return FALSE;
    }
  if (module_index != WEFT_HPCSTRUCT_NONE)
    finish_module (&g_array_index (self->modules, Module, module_index));
  return TRUE;
}

/* No network, no external entities: hpcstruct files are self-contained. */
#define XML_OPTIONS (XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_HUGE)

gboolean
weft_xml_hpcstruct_load_file (WeftHpcstruct  *self,
                              const char     *path,
                              GError        **error)
{
  xmlTextReaderPtr reader = xmlReaderForFile (path, NULL, XML_OPTIONS);
  gboolean ok;

  if (reader == NULL)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED, "%s: cannot be opened", path);
      return FALSE;
    }
  ok = read_structure (self, reader, path, error);
  xmlFreeTextReader (reader);
  return ok;
}

gboolean
weft_xml_hpcstruct_load_memory (WeftHpcstruct  *self,
                                const char     *data,
                                gsize           len,
                                const char     *name,
                                GError        **error)
{
  xmlTextReaderPtr reader;
  gboolean ok;

  if (len > G_MAXINT)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s: too large for the XML reader", name);
      return FALSE;
    }
  reader = xmlReaderForMemory (data, (int)len, name, NULL, XML_OPTIONS);
  if (reader == NULL)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s:1: cannot be parsed", name);
      return FALSE;
    }
  ok = read_structure (self, reader, name, error);
  xmlFreeTextReader (reader);
  return ok;
}

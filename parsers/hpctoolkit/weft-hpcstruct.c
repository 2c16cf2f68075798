/* weft-hpcstruct.c: streams .hpcstruct XML into scope and range tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/xmlreader.h>

#include "weft-error.h"
#include "weft-hpcstruct.h"
#include "weft-string-pool.h"

/* Deeper nesting than any compiler produces: a corrupt or hostile file. */
#define MAX_DEPTH 4096

typedef struct
{
  guint64 lo, hi;   /* [lo, hi) */
  guint32 scope;
  guint32 module;   /* LM scope */
  gboolean entry;   /* a P/L/A range (an entry address), not a statement's */
} Range;

typedef struct
{
  guint32 scope;
  GArray *ranges;   /* Range of its statements and call sites, sorted */
  GArray *entries;  /* Range of its procedures, sorted */
  guint64 max_len;  /* longest statement range, to bound the backward scan */
} Module;

struct _WeftHpcstruct
{
  WeftStringPool *pool;
  GArray         *scopes;   /* WeftHpcstructScope */
  GArray         *modules;  /* Module */
  GHashTable     *by_path;  /* path → module index + 1 */
  GHashTable     *by_base;  /* base name → module index + 1 */
};

WeftHpcstruct *
weft_hpcstruct_new (void)
{
  WeftHpcstruct *self = g_new0 (WeftHpcstruct, 1);

  self->pool = weft_string_pool_new ();
  self->scopes = g_array_new (FALSE, FALSE, sizeof (WeftHpcstructScope));
  self->modules = g_array_new (FALSE, FALSE, sizeof (Module));
  self->by_path = g_hash_table_new (g_str_hash, g_str_equal);
  self->by_base = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return self;
}

void
weft_hpcstruct_free (WeftHpcstruct *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->modules->len; i++)
    {
      Module *m = &g_array_index (self->modules, Module, i);

      g_array_unref (m->ranges);
      g_array_unref (m->entries);
    }
  g_array_unref (self->modules);
  g_array_unref (self->scopes);
  g_hash_table_unref (self->by_path);
  g_hash_table_unref (self->by_base);
  weft_string_pool_free (self->pool);
  g_free (self);
}

guint
weft_hpcstruct_get_n_scopes (const WeftHpcstruct *self)
{
  return self->scopes->len;
}

const WeftHpcstructScope *
weft_hpcstruct_get_scope (const WeftHpcstruct *self,
                          guint32              scope)
{
  g_return_val_if_fail (scope < self->scopes->len, NULL);
  return &g_array_index (self->scopes, WeftHpcstructScope, scope);
}

guint
weft_hpcstruct_get_n_modules (const WeftHpcstruct *self)
{
  return self->modules->len;
}

/* The path of load module @index (0 … get_n_modules − 1), as its LM scope
 * names it. */
const char *
weft_hpcstruct_get_module_path (const WeftHpcstruct *self,
                                guint                index)
{
  g_return_val_if_fail (index < self->modules->len, NULL);

  return weft_hpcstruct_get_scope (self, g_array_index (self->modules, Module, index).scope)->name;
}

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
weft_hpcstruct_load_file (WeftHpcstruct  *self,
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
weft_hpcstruct_load_memory (WeftHpcstruct  *self,
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

guint32
weft_hpcstruct_find_module (const WeftHpcstruct *self,
                            const char          *path)
{
  g_autofree char *base = NULL;
  guint v = GPOINTER_TO_UINT (g_hash_table_lookup (self->by_path, path));

  if (v == 0)
    {
      base = g_path_get_basename (path);
      v = GPOINTER_TO_UINT (g_hash_table_lookup (self->by_base, base));
    }
  return v == 0 ? WEFT_HPCSTRUCT_NONE : g_array_index (self->modules, Module, v - 1).scope;
}

/* The innermost (shortest) range of @ranges holding @address. */
static guint32
find_in (const GArray *ranges,
         guint64       max_len,
         guint64       address)
{
  guint lo = 0, hi = ranges->len;
  guint32 best = WEFT_HPCSTRUCT_NONE;
  guint64 best_len = G_MAXUINT64;

  /* First range with lo > address. */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (ranges, Range, mid).lo <= address)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (guint i = lo; i > 0; i--)
    {
      const Range *r = &g_array_index (ranges, Range, i - 1);

      if (address - r->lo >= max_len)
        break;
      if (address < r->hi && r->hi - r->lo < best_len)
        {
          best = r->scope;
          best_len = r->hi - r->lo;
        }
    }
  return best;
}

guint32
weft_hpcstruct_lookup (const WeftHpcstruct *self,
                       guint32              module,
                       guint64              address)
{
  const Module *m = NULL;
  guint32 found;

  for (guint i = 0; i < self->modules->len; i++)
    if (g_array_index (self->modules, Module, i).scope == module)
      {
        m = &g_array_index (self->modules, Module, i);
        break;
      }
  if (m == NULL)
    return WEFT_HPCSTRUCT_NONE;
  found = find_in (m->ranges, m->max_len, address);
  if (found == WEFT_HPCSTRUCT_NONE)
    {
      /* An address no statement covers: the procedure that starts there. */
      for (guint i = 0; i < m->entries->len; i++)
        {
          const Range *r = &g_array_index (m->entries, Range, i);

          if (address >= r->lo && address < r->hi
              && g_array_index (self->scopes, WeftHpcstructScope, r->scope).kind == WEFT_HPCSTRUCT_PROC)
            return r->scope;
        }
    }
  return found;
}

guint32
weft_hpcstruct_enclosing (const WeftHpcstruct *self,
                          guint32              scope,
                          WeftHpcstructKind    kind)
{
  while (scope != WEFT_HPCSTRUCT_NONE && scope < self->scopes->len)
    {
      const WeftHpcstructScope *s = &g_array_index (self->scopes, WeftHpcstructScope, scope);

      if (s->kind == kind)
        return scope;
      scope = s->parent;
    }
  return WEFT_HPCSTRUCT_NONE;
}

/* weft-hpcstruct.c: scope and range tables of .hpcstruct files, and their
 * lookups. The XML is read by weft-hpcstruct-xml.c, in the module weft-xml.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-hpcstruct-private.h"

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

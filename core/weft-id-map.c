/* weft-id-map.c: the map's block of entries, allocated, grown and given back.
 * A block comes from weft_pages_map(), which gives zeroed memory: empty.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-id-map.h"
#include "weft-page-recycler.h"

static WeftIdMapEntry *
entries_new (gsize n)
{
  WeftIdMapEntry *entries = weft_pages_map (n * sizeof (WeftIdMapEntry));

  if (entries == NULL)
    g_error ("%s: failed to map %" G_GSIZE_FORMAT " map entries", G_STRLOC, n);

  return entries;
}

static void
entries_free (WeftIdMapEntry *entries,
              gsize           n)
{
  weft_page_recycler_give (weft_page_recycler_get_default (), entries, n * sizeof (WeftIdMapEntry));
}

/**
 * weft_id_map_init:
 * @capacity: entries to start with, a power of two (half of them can be used)
 */
void
weft_id_map_init (WeftIdMap *map,
                  gsize      capacity)
{
  g_return_if_fail (capacity >= 2 && (capacity & (capacity - 1)) == 0);

  map->mask = capacity - 1;
  map->n = 0;
  map->entries = entries_new (capacity);
}

void
weft_id_map_clear (WeftIdMap *map)
{
  if (map->entries != NULL)
    entries_free (map->entries, map->mask + 1);
  map->entries = NULL;
  map->mask = 0;
  map->n = 0;
}

/* Doubles the block and puts every entry in again. Out of line: readers
 * inline weft_id_map_insert() and hardly ever grow. */
G_NO_INLINE void
_weft_id_map_grow (WeftIdMap *map)
{
  WeftIdMapEntry *old = map->entries;
  gsize old_size = map->mask + 1;

  map->mask = old_size * 2 - 1;
  map->n = 0;
  map->entries = entries_new (map->mask + 1);
  for (gsize i = 0; i < old_size; i++)
    if (old[i].stored != 0)
      weft_id_map_insert (map, old[i].key, old[i].stored - 1);
  entries_free (old, old_size);
}

/**
 * weft_id_map_reserve:
 * @n_more: entries about to be inserted
 *
 * Grows @map now, so that inserting @n_more new keys does not grow it (nor
 * move the entries a caller asked for ahead).
 */
void
weft_id_map_reserve (WeftIdMap *map,
                     gsize      n_more)
{
  while ((map->n + n_more) * 2 > map->mask + 1)
    _weft_id_map_grow (map);
}

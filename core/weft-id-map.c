/* weft-id-map.c: the map's arrays, allocated, grown and given back. The
 * values' array comes zeroed (empty), the keys' as it is: from the heap or,
 * from PAGES_MIN bytes on, from weft_pages_map(), whose pages go to the
 * default page recycler when the array is given back. Small arrays stay on
 * the heap: each block given to the recycler costs mappings and moves later,
 * which take the process's memory map lock from under the page faults of the
 * other threads (a 64-locale Chapel run's 128 task-id maps, all under a
 * megabyte, cost 950 more mmap() and 1,285 more mremap() calls that way).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-id-map.h"
#include "weft-page-recycler.h"

#define PAGES_MIN ((gsize)1 << 20)

static gpointer
array_new (gsize    size,
           gboolean zeroed)
{
  gpointer mem;

  if (size < PAGES_MIN)
    return zeroed ? g_malloc0 (size) : g_malloc (size);

  /* Fresh pages read as zeros. */
  mem = weft_pages_map (size);
  if (mem == NULL)
    g_error ("%s: failed to map %" G_GSIZE_FORMAT " bytes", G_STRLOC, size);

  return mem;
}

static void
array_free (gpointer mem,
            gsize    size)
{
  if (size < PAGES_MIN)
    g_free (mem);
  else
    weft_page_recycler_give (weft_page_recycler_get_default (), mem, size);
}

static void
arrays_new (WeftIdMap *map,
            gsize      capacity)
{
  map->mask = capacity - 1;
  map->n = 0;
  map->keys = array_new (capacity * sizeof (guint64), FALSE);
  map->stored = array_new (capacity * sizeof (guint32), TRUE);
}

static void
arrays_free (guint64 *keys,
             guint32 *stored,
             gsize    capacity)
{
  array_free (keys, capacity * sizeof (guint64));
  array_free (stored, capacity * sizeof (guint32));
}

/**
 * weft_id_map_init:
 * @capacity: places to start with, a power of two (half of them can be used)
 */
void
weft_id_map_init (WeftIdMap *map,
                  gsize      capacity)
{
  g_return_if_fail (capacity >= 2 && (capacity & (capacity - 1)) == 0);

  arrays_new (map, capacity);
}

void
weft_id_map_clear (WeftIdMap *map)
{
  if (map->stored != NULL)
    arrays_free (map->keys, map->stored, map->mask + 1);
  map->keys = NULL;
  map->stored = NULL;
  map->mask = 0;
  map->n = 0;
}

/* Doubles the arrays and puts every entry in again. Out of line: readers
 * inline weft_id_map_insert() and hardly ever grow. */
G_NO_INLINE void
_weft_id_map_grow (WeftIdMap *map)
{
  guint64 *keys = map->keys;
  guint32 *stored = map->stored;
  gsize old_size = map->mask + 1;

  arrays_new (map, old_size * 2);
  for (gsize i = 0; i < old_size; i++)
    if (stored[i] != 0)
      weft_id_map_insert (map, keys[i], stored[i] - 1);
  arrays_free (keys, stored, old_size);
}

/**
 * weft_id_map_reserve:
 * @n_more: entries about to be inserted
 *
 * Grows @map now, so that inserting @n_more new keys does not grow it (nor
 * move the places a caller asked for ahead).
 */
void
weft_id_map_reserve (WeftIdMap *map,
                     gsize      n_more)
{
  while ((map->n + n_more) * 2 > map->mask + 1)
    _weft_id_map_grow (map);
}

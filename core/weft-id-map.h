/* weft-id-map.h: a map from 64-bit ids to 32-bit indices, for readers that
 * look an id up on most lines (Chapel task ids, VisAndOr node ids).
 *
 * Open addressing with linear probing, at most half full: no allocation per
 * entry. Any 64-bit key is allowed (Chapel writes task id
 * 18446744073709551615), so the values are kept plus one, and 0 marks an
 * empty place; WEFT_ID_MAP_NONE cannot be stored. Keys and values are two
 * arrays: the values' array (4 bytes a place) is the only one cleared, and a
 * key is written only where one is stored. One array of 12- or 16-byte
 * entries, all cleared, cost a 64-locale Chapel run's 128 task-id maps
 * 8,000-12,500 more page faults and 10-15% more time. Big arrays are pages of
 * their own (weft_pages_map()), which weft_id_map_clear() and growing give
 * to the default page recycler, so that the event table's records take them
 * next. Lookup and insertion are inline: readers call them per line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define WEFT_ID_MAP_NONE ((guint32)G_MAXUINT32)

typedef struct
{
  guint64 *keys;     /* set where stored is not 0 */
  guint32 *stored;   /* value + 1; 0: empty */
  gsize    mask;
  gsize    n;
} WeftIdMap;

void weft_id_map_init    (WeftIdMap *map,
                          gsize      capacity);
void weft_id_map_clear   (WeftIdMap *map);
void weft_id_map_reserve (WeftIdMap *map,
                          gsize      n_more);
void _weft_id_map_grow   (WeftIdMap *map);

/* A 64-bit finalizer: ids that differ in a few low bits (consecutive task
 * ids, nearby addresses) spread over the whole table. */
static inline gsize
weft_id_map_hash (guint64 key)
{
  key ^= key >> 33;
  key *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  key ^= key >> 33;

  return (gsize)key;
}

/* Asks for the place where a lookup of @key starts, ahead of the lookup. */
static inline void
weft_id_map_prefetch (const WeftIdMap *map,
                      guint64          key)
{
  gsize i = weft_id_map_hash (key) & map->mask;

  __builtin_prefetch (&map->stored[i], 1);
  __builtin_prefetch (&map->keys[i], 1);
}

/* The value stored for @key, or WEFT_ID_MAP_NONE. */
static inline guint32
weft_id_map_lookup (const WeftIdMap *map,
                    guint64          key)
{
  if (map->n == 0)
    return WEFT_ID_MAP_NONE;

  for (gsize i = weft_id_map_hash (key) & map->mask;; i = (i + 1) & map->mask)
    {
      if (map->stored[i] == 0)
        return WEFT_ID_MAP_NONE;
      if (map->keys[i] == key)
        return map->stored[i] - 1;
    }
}

static inline gboolean
weft_id_map_contains (const WeftIdMap *map,
                      guint64          key)
{
  return weft_id_map_lookup (map, key) != WEFT_ID_MAP_NONE;
}

/* Stores @value for @key, replacing what was there. */
static inline void
weft_id_map_insert (WeftIdMap *map,
                    guint64    key,
                    guint32    value)
{
  g_assert (value != WEFT_ID_MAP_NONE);

  if (G_UNLIKELY ((map->n + 1) * 2 > map->mask + 1))
    _weft_id_map_grow (map);

  for (gsize i = weft_id_map_hash (key) & map->mask;; i = (i + 1) & map->mask)
    {
      if (map->stored[i] == 0)
        {
          map->keys[i] = key;
          map->stored[i] = value + 1;
          map->n++;
          return;
        }
      if (map->keys[i] == key)
        {
          map->stored[i] = value + 1;
          return;
        }
    }
}

G_END_DECLS

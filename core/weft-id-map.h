/* weft-id-map.h: a map from 64-bit ids to 32-bit indices, for readers that
 * look an id up on most lines (Chapel task ids, VisAndOr node ids).
 *
 * Open addressing with linear probing, at most half full, in one block of
 * 16-byte entries (key and value in one cache line): no allocation per entry
 * and one miss per lookup. Any 64-bit key is allowed (Chapel writes task id
 * 18446744073709551615), so an entry holds its value plus one and an empty
 * entry holds 0: a block fresh from the system is empty as it comes, without
 * being cleared. WEFT_ID_MAP_NONE cannot be stored. The block is pages of its own
 * (weft_pages_map()); weft_id_map_clear() and growing give them to the
 * default page recycler, so that the event table's records take them next.
 * Lookup and insertion are inline: readers call them per line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define WEFT_ID_MAP_NONE ((guint32)G_MAXUINT32)

typedef struct
{
  guint64 key;
  guint32 stored;  /* value + 1; 0: empty */
} WeftIdMapEntry;

typedef struct
{
  WeftIdMapEntry *entries;
  gsize           mask;
  gsize           n;
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

/* Where a lookup of @key starts: for asking for it ahead of the lookup. */
static inline const WeftIdMapEntry *
weft_id_map_bucket (const WeftIdMap *map,
                    guint64          key)
{
  return &map->entries[weft_id_map_hash (key) & map->mask];
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
      const WeftIdMapEntry *e = &map->entries[i];

      if (e->stored == 0)
        return WEFT_ID_MAP_NONE;
      if (e->key == key)
        return e->stored - 1;
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
      WeftIdMapEntry *e = &map->entries[i];

      if (e->stored == 0)
        {
          e->key = key;
          e->stored = value + 1;
          map->n++;
          return;
        }
      if (e->key == key)
        {
          e->stored = value + 1;
          return;
        }
    }
}

G_END_DECLS

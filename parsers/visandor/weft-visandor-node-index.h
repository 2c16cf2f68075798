/* weft-visandor-node-index.h: VisAndOr node ids to the latest node with that
 * id, for the reader (private to it and its tests).
 *
 * Events name recent nodes (a fork's goals start and end soon after it), so
 * a small set-associative table of recent ids answers nearly all lookups from
 * the cache. A set that is full pushes out its oldest node (the lowest index)
 * to a log, and the map of older ids is brought up to date from the log only
 * when a lookup misses (which a well-formed trace hardly ever does). Lookups
 * answer WEFT_VISANDOR_NONE for an id never seen; they are inline, since the
 * reader makes one for nearly every event.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "weft-id-map.h"
#include "weft-page-buffer.h"
#include "weft-visandor-trace.h"

G_BEGIN_DECLS

G_STATIC_ASSERT (WEFT_ID_MAP_NONE == WEFT_VISANDOR_NONE);

#define WEFT_VISANDOR_RECENT_SETS 4096
#define WEFT_VISANDOR_RECENT_WAYS 4

typedef struct
{
  guint64 key;     /* Nodeid */
  guint32 value;   /* node index; WEFT_ID_MAP_NONE: empty */
} WeftVisandorNodeEntry;

typedef struct
{
  WeftVisandorNodeEntry *recent;   /* [RECENT_SETS × RECENT_WAYS] */
  WeftVisandorNodeEntry *log;      /* pushed out of recent, not yet in older */
  gsize                  n_log;
  WeftPageBuffer         log_pages;
  WeftIdMap              older;
} WeftVisandorNodeIndex;

void weft_visandor_node_index_init    (WeftVisandorNodeIndex *index);
void weft_visandor_node_index_clear   (WeftVisandorNodeIndex *index);
void weft_visandor_node_index_insert  (WeftVisandorNodeIndex *index,
                                       guint64                id,
                                       guint32                node);
void _weft_visandor_node_index_flush  (WeftVisandorNodeIndex *index);

/* The set where @id would be: one cache line, which the reader asks for
 * ahead of the lookup. */
static inline WeftVisandorNodeEntry *
weft_visandor_node_index_set (WeftVisandorNodeIndex *index,
                              guint64                id)
{
  return &index->recent[(weft_id_map_hash (id) & (WEFT_VISANDOR_RECENT_SETS - 1)) * WEFT_VISANDOR_RECENT_WAYS];
}

static inline guint32
weft_visandor_node_index_lookup (WeftVisandorNodeIndex *index,
                                 guint64                id)
{
  const WeftVisandorNodeEntry *set = weft_visandor_node_index_set (index, id);

  for (guint w = 0; w < WEFT_VISANDOR_RECENT_WAYS; w++)
    if (set[w].key == id && set[w].value != WEFT_ID_MAP_NONE)
      return set[w].value;

  _weft_visandor_node_index_flush (index);

  return weft_id_map_lookup (&index->older, id);
}

G_END_DECLS

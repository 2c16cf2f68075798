/* weft-visandor-node-index.c: the node index's table of recent ids, its log
 * of pushed-out ones and their flush into the map of older ids.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-page-recycler.h"
#include "weft-visandor-node-index.h"

void
weft_visandor_node_index_init (WeftVisandorNodeIndex *index)
{
  /* A set is one cache line (4 × 16 bytes), which build_events() asks for
   * ahead. */
  index->recent = g_aligned_alloc (WEFT_VISANDOR_RECENT_SETS * WEFT_VISANDOR_RECENT_WAYS,
                                   sizeof (WeftVisandorNodeEntry), 64);
  memset (index->recent, 0xff, WEFT_VISANDOR_RECENT_SETS * WEFT_VISANDOR_RECENT_WAYS * sizeof (WeftVisandorNodeEntry));
  index->log = NULL;
  index->n_log = 0;
  index->log_pages = (WeftPageBuffer) { 0, };
  weft_id_map_init (&index->older, 256);
}

void
weft_visandor_node_index_clear (WeftVisandorNodeIndex *index)
{
  g_clear_pointer (&index->recent, g_aligned_free);
  weft_page_buffer_recycle (&index->log_pages, weft_page_recycler_get_default ());
  index->log = NULL;
  weft_id_map_clear (&index->older);
}

void
weft_visandor_node_index_insert (WeftVisandorNodeIndex *index,
                                 guint64                id,
                                 guint32                node)
{
  WeftVisandorNodeEntry *set = weft_visandor_node_index_set (index, id);
  WeftVisandorNodeEntry *e = &set[0];

  /* The way holding @id, else a free one, else the oldest node's. */
  for (guint w = 0; w < WEFT_VISANDOR_RECENT_WAYS; w++)
    {
      if (set[w].value != WEFT_ID_MAP_NONE && set[w].key == id)
        {
          e = &set[w];
          break;
        }
      if (e->value != WEFT_ID_MAP_NONE && (set[w].value == WEFT_ID_MAP_NONE || set[w].value < e->value))
        e = &set[w];
    }

  if (e->value != WEFT_ID_MAP_NONE && e->key != id)
    {
      if (G_UNLIKELY ((index->n_log + 1) * sizeof (WeftVisandorNodeEntry) > index->log_pages.filled))
        index->log = weft_page_buffer_ensure (&index->log_pages, weft_page_recycler_get_default (),
                                              (index->n_log + 1) * sizeof (WeftVisandorNodeEntry));
      index->log[index->n_log++] = *e;
    }
  e->key = id;
  e->value = node;
}

/* Brings the map of older ids up to date from the log (a 10^7-line
 * or-trace: 1,811 times, 907,012 entries). The map is grown first; then the
 * place of the entry FLUSH_AHEAD ahead is asked for, since each is anywhere
 * in tens of megabytes and waiting on each in turn was most of the flush
 * (129 -> 75 ms a load on the builder's thread). Out of line, so that the
 * builder's loop, where lookups are inlined, does not carry it. */
#define FLUSH_AHEAD 8

G_NO_INLINE void
_weft_visandor_node_index_flush (WeftVisandorNodeIndex *index)
{
  WeftIdMap *older = &index->older;
  const WeftVisandorNodeEntry *log = index->log;
  gsize n = index->n_log;

  weft_id_map_reserve (older, n);
  /* In log order, so that the latest node with an id wins. */
  for (gsize i = 0; i < n; i++)
    {
      if (i + FLUSH_AHEAD < n)
        weft_id_map_prefetch (older, log[i + FLUSH_AHEAD].key);
      weft_id_map_insert (older, log[i].key, log[i].value);
    }
  index->n_log = 0;
}

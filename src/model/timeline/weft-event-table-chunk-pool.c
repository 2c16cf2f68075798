/* weft-event-table-chunk-pool.c: the builder's biggest chunks, mapped ahead.
 *
 * A list that has grown to chunks of CHUNK_MAX_BYTES takes a fresh mapping
 * every megabyte, and mapping it in (MAP_POPULATE) was the filling thread's
 * work: for a 10^7-line MPD trace, whose timeline one thread fills, 6% of
 * the load's processor time, while the other processor waited. A pool keeps
 * a few such chunks mapped in on a thread of its own, which only runs when
 * a processor is idle (SCHED_IDLE); a filler takes a ready one, or maps its
 * own as before when there is none, so it never waits for the pool.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <sys/mman.h>

#include "weft-background.h"
#include "weft-event-table-build.h"

#define POOL_SIZE 4

struct _ChunkPool
{
  gsize    bytes;
  GMutex   mutex;
  GCond    cond;
  GThread *thread;
  Chunk   *ready[POOL_SIZE];
  guint    n_ready;
  gboolean stop;
};

static gpointer
pool_thread (gpointer data)
{
  ChunkPool *pool = data;

  weft_background_run_when_idle ();

  g_mutex_lock (&pool->mutex);
  while (!pool->stop)
    {
      void *pages;

      if (pool->n_ready == POOL_SIZE)
        {
          g_cond_wait (&pool->cond, &pool->mutex);
          continue;
        }
      g_mutex_unlock (&pool->mutex);

      pages = mmap (NULL, pool->bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

      g_mutex_lock (&pool->mutex);
      if (pages == MAP_FAILED)
        break;
      ((Chunk *)pages)->mapped = pool->bytes;
      pool->ready[pool->n_ready++] = pages;
    }
  g_mutex_unlock (&pool->mutex);

  return NULL;
}

/* A pool of mapped chunks of @bytes, or NULL where it cannot help (one
 * processor). */
ChunkPool *
_weft_chunk_pool_new (gsize bytes)
{
  ChunkPool *pool;

  if (weft_background_get_n_processors () < 2)
    return NULL;

  pool = g_new0 (ChunkPool, 1);
  pool->bytes = bytes;
  g_mutex_init (&pool->mutex);
  g_cond_init (&pool->cond);
  pool->thread = g_thread_try_new ("weft-event-chunks", pool_thread, pool, NULL);
  if (pool->thread == NULL)
    {
      _weft_chunk_pool_free (pool);
      return NULL;
    }

  return pool;
}

/* A ready chunk (mapped: pool->bytes, header fields but mapped unset), or
 * NULL when none is. */
Chunk *
_weft_chunk_pool_take (ChunkPool *pool)
{
  Chunk *chunk = NULL;

  g_mutex_lock (&pool->mutex);
  if (pool->n_ready > 0)
    {
      chunk = pool->ready[--pool->n_ready];
      g_cond_signal (&pool->cond);
    }
  g_mutex_unlock (&pool->mutex);

  return chunk;
}

void
_weft_chunk_pool_free (ChunkPool *pool)
{
  if (pool == NULL)
    return;

  g_mutex_lock (&pool->mutex);
  pool->stop = TRUE;
  g_cond_signal (&pool->cond);
  g_mutex_unlock (&pool->mutex);
  if (pool->thread != NULL)
    g_thread_join (pool->thread);

  for (guint i = 0; i < pool->n_ready; i++)
    munmap (pool->ready[i], pool->bytes);
  g_mutex_clear (&pool->mutex);
  g_cond_clear (&pool->cond);
  g_free (pool);
}

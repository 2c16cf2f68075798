/* weft-prefault.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#ifdef G_OS_UNIX
#include <sys/mman.h> /* MADV_POPULATE_WRITE, whether weft_memory_populate() can work */
#endif

#include "weft-background.h"
#include "weft-memory.h"
#include "weft-prefault.h"

typedef struct
{
  guint8 *mem;
  gsize   size;
} Range;

struct _WeftPrefault
{
  GThread *thread;
  GMutex   mutex;
  GCond    cond;
  GArray  *queue;      /* Range, in request order */
  gboolean busy;       /* the thread is mapping a range taken off the queue */
  gboolean stop;
};

/* The pages are mapped in steps, so that a wait does not sit behind one big
 * range and a range the filler has already reached is not mapped twice over. */
#define STEP ((gsize)1 << 20)

static gpointer
prefault_thread (gpointer data)
{
  WeftPrefault *self = data;

  /* A reader's own scanner shares its processor, and must not wait. */
  weft_background_run_when_idle ();

  g_mutex_lock (&self->mutex);
  for (;;)
    {
      Range range;

      while (self->queue->len == 0 && !self->stop)
        g_cond_wait (&self->cond, &self->mutex);
      if (self->queue->len == 0)
        break;

      range = g_array_index (self->queue, Range, 0);
      if (range.size > STEP)
        {
          g_array_index (self->queue, Range, 0).mem += STEP;
          g_array_index (self->queue, Range, 0).size -= STEP;
          range.size = STEP;
        }
      else
        g_array_remove_index (self->queue, 0);
      self->busy = TRUE;
      g_mutex_unlock (&self->mutex);

      weft_memory_populate (range.mem, range.size);

      g_mutex_lock (&self->mutex);
      self->busy = FALSE;
      g_cond_broadcast (&self->cond);
    }
  g_mutex_unlock (&self->mutex);

  return NULL;
}

/**
 * weft_prefault_new:
 *
 * Returns: (transfer full) (nullable): a prefaulter with its thread, or %NULL
 *   where one cannot help.
 */
WeftPrefault *
weft_prefault_new (void)
{
#if defined(G_OS_UNIX) && defined(MADV_POPULATE_WRITE)
  WeftPrefault *self;

  if (weft_background_get_n_processors () < 2)
    return NULL;

  self = g_new0 (WeftPrefault, 1);
  g_mutex_init (&self->mutex);
  g_cond_init (&self->cond);
  self->queue = g_array_new (FALSE, FALSE, sizeof (Range));
  self->thread = g_thread_try_new ("weft-prefault", prefault_thread, self, NULL);
  if (self->thread == NULL)
    {
      weft_prefault_free (self);
      return NULL;
    }

  return self;
#else
  return NULL;
#endif
}

/**
 * weft_prefault_free:
 *
 * Drops what is still queued and stops the thread.
 */
void
weft_prefault_free (WeftPrefault *self)
{
  if (self == NULL)
    return;

  g_mutex_lock (&self->mutex);
  g_array_set_size (self->queue, 0);
  self->stop = TRUE;
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->mutex);
  if (self->thread != NULL)
    g_thread_join (self->thread);

  g_array_unref (self->queue);
  g_mutex_clear (&self->mutex);
  g_cond_clear (&self->cond);
  g_free (self);
}

/**
 * weft_prefault_request:
 * @mem: the start of memory about to be written
 * @size: its size in bytes
 *
 * Queues the whole pages of [@mem, @mem + @size) to be mapped for writing.
 * The memory must stay allocated until weft_prefault_wait() returns (mapping
 * a range that was given back is harmless, but wasted).
 */
void
weft_prefault_request (WeftPrefault *self,
                       gpointer      mem,
                       gsize         size)
{
  Range range = { mem, size };

  if (self == NULL || mem == NULL || size == 0)
    return;

  g_mutex_lock (&self->mutex);
  g_array_append_val (self->queue, range);
  g_cond_broadcast (&self->cond);
  g_mutex_unlock (&self->mutex);
}

/**
 * weft_prefault_wait:
 *
 * Returns when every requested range is mapped: call before moving or freeing
 * memory that was requested.
 */
void
weft_prefault_wait (WeftPrefault *self)
{
  if (self == NULL)
    return;

  g_mutex_lock (&self->mutex);
  while (self->queue->len > 0 || self->busy)
    g_cond_wait (&self->cond, &self->mutex);
  g_mutex_unlock (&self->mutex);
}

/**
 * weft_prefault_array:
 * @array: a GArray its owner appends to
 * @mark: the owner's record of @array (zeroed before the first call)
 * @ahead: bytes to keep mapped past the array's end
 *
 * Keeps the @ahead bytes after the end of @array reserved and asked to be
 * mapped. Call after every batch of appends that adds less than @ahead/2
 * bytes: the array then never grows on its own while its pages are being
 * mapped. Growing it here waits for the mapping first.
 */
void
weft_prefault_array (WeftPrefault     *self,
                     GArray           *array,
                     WeftPrefaultMark *mark,
                     gsize             ahead)
{
  gsize element = g_array_get_element_size (array);
  gsize len = array->len;
  gsize want, target;

  if (self == NULL || (len + MAX (ahead / element / 2, 1) <= mark->mapped && array->data == mark->data))
    return;

  want = len + MAX (ahead / element, 1);
  if (array->data != mark->data || want > mark->capacity)
    {
      weft_prefault_wait (self);
      if (want > mark->capacity)
        {
          /* GArray keeps its block when it shrinks. */
          mark->capacity = MAX (want, 2 * mark->capacity);
          g_array_set_size (array, (guint)MIN (mark->capacity, G_MAXUINT));
          g_array_set_size (array, (guint)len);
        }
      mark->data = array->data;
      mark->mapped = len;
    }

  target = MIN (want, mark->capacity);
  if (target > mark->mapped)
    {
      weft_prefault_request (self, array->data + mark->mapped * element, (target - mark->mapped) * element);
      mark->mapped = target;
    }
}

/**
 * weft_prefault_array_done:
 *
 * Waits for the mapping of @array's pages and gives back those that the
 * array did not grow into (up to the @ahead of the last weft_prefault_array()
 * call would otherwise stay resident). @mark is reset.
 */
void
weft_prefault_array_done (WeftPrefault     *self,
                          GArray           *array,
                          WeftPrefaultMark *mark)
{
  if (self == NULL)
    return;

  weft_prefault_wait (self);
  if (array->data == mark->data && mark->mapped > array->len)
    {
      gsize element = g_array_get_element_size (array);

      weft_memory_discard (array->data + array->len * element, (mark->mapped - array->len) * element);
    }
  *mark = (WeftPrefaultMark) { 0, };
}

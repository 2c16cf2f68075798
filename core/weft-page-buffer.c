/* weft-page-buffer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-memory.h"
#include "weft-page-buffer.h"

/**
 * weft_page_buffer_map:
 * @self: a buffer
 * @bytes: the room needed
 *
 * Makes room for @bytes, keeping what the buffer holds: growing moves its
 * pages to a mapping half as big again (or @bytes) rather than copying them.
 * Puts no new pages in (weft_page_buffer_fill()). Aborts when the system has
 * no memory to map, as g_realloc() does.
 *
 * Returns: the buffer's memory
 */
gpointer
weft_page_buffer_map (WeftPageBuffer *self,
                      gsize           bytes)
{
  gsize size;
  guint8 *mem;

  if (bytes <= self->size)
    return self->mem;

  size = weft_pages_round (MAX (bytes, self->size + self->size / 2));
  mem = weft_pages_map (size);
  if (mem == NULL)
    g_error ("%s: failed to map %" G_GSIZE_FORMAT " bytes", G_STRLOC, size);
  if (self->filled > 0 && weft_pages_move (self->mem, self->filled, mem))
    {
      /* Only the rest: where the moved pages were is no longer ours, and
       * another thread may have mapped something there already. */
      if (self->size > self->filled)
        weft_pages_unmap (self->mem + self->filled, self->size - self->filled);
    }
  else
    {
      /* A system that cannot move pages, or a kernel before 6.17 when the
       * pages came from several mappings: copy. */
      if (self->filled > 0)
        {
          weft_memory_populate (mem, self->filled);
          memcpy (mem, self->mem, self->filled);
        }
      weft_pages_unmap (self->mem, self->size);
    }
  self->mem = mem;
  self->size = size;

  return mem;
}

/**
 * weft_page_buffer_fill:
 * @self: a buffer with room for @bytes
 * @recycler: (nullable): where the pages come from first
 * @bytes: how much of the buffer will be written
 *
 * Puts pages under the first @bytes of the buffer (rounded up to whole
 * pages), from @recycler as long as it has some (weft_page_recycler_fill()),
 * where there are none yet. What the new pages hold is undefined.
 */
void
weft_page_buffer_fill (WeftPageBuffer   *self,
                       WeftPageRecycler *recycler,
                       gsize             bytes)
{
  gsize end = MIN (weft_pages_round (bytes), self->size);

  if (end <= self->filled)
    return;
  weft_page_recycler_fill (recycler, self->mem + self->filled, end - self->filled);
  self->filled = end;
}

/* Room and pages for @bytes; returns the buffer's memory. */
gpointer
weft_page_buffer_reserve (WeftPageBuffer   *self,
                          WeftPageRecycler *recycler,
                          gsize             bytes)
{
  weft_page_buffer_map (self, bytes);
  weft_page_buffer_fill (self, recycler, bytes);

  return self->mem;
}

/* Pages are put in this far ahead of an ensured size, at least. */
#define ENSURE_AHEAD ((gsize)64 << 10)

/**
 * weft_page_buffer_ensure:
 * @self: a buffer
 * @recycler: (nullable): where the pages come from first
 * @bytes: the room needed
 *
 * weft_page_buffer_reserve() for a buffer appended to a record at a time:
 * does nothing while @bytes are filled, else puts pages in ahead (a quarter
 * of what is filled, 64 KiB at least), so that appends do not cost a call
 * a page. Only the room made by it, or by weft_page_buffer_reserve(), is
 * kept when the buffer grows.
 *
 * Returns: the buffer's memory
 */
gpointer
weft_page_buffer_ensure (WeftPageBuffer   *self,
                         WeftPageRecycler *recycler,
                         gsize             bytes)
{
  gsize target;

  if (bytes <= self->filled)
    return self->mem;

  target = MAX (bytes, self->filled + MAX (self->filled / 4, ENSURE_AHEAD));
  weft_page_buffer_map (self, target);
  weft_page_buffer_fill (self, recycler, target);

  return self->mem;
}

/**
 * weft_page_buffer_recycle:
 * @self: a buffer
 * @recycler: (nullable): a recycler, or %NULL to unmap
 *
 * Gives the buffer's pages to @recycler and empties it: for scratch that
 * the next stage of a load can fill.
 */
void
weft_page_buffer_recycle (WeftPageBuffer   *self,
                          WeftPageRecycler *recycler)
{
#ifdef G_OS_UNIX
  if (self->filled > 0)
    weft_page_recycler_give (recycler, self->mem, self->filled);
  if (self->size > self->filled)
    weft_pages_unmap (self->mem + self->filled, self->size - self->filled);
#else
  /* One block that cannot be given in part. */
  weft_pages_unmap (self->mem, self->size);
#endif
  self->mem = NULL;
  self->size = 0;
  self->filled = 0;
}

void
weft_page_buffer_clear (WeftPageBuffer *self)
{
  weft_pages_unmap (self->mem, self->size);
  self->mem = NULL;
  self->size = 0;
  self->filled = 0;
}

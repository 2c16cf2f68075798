/* weft-page-recycler.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* mremap() and its flags */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include "config.h"

#include <glib.h>
#ifdef G_OS_UNIX
#include <sys/mman.h>
#include <unistd.h>
#endif

#include "weft-memory.h"
#include "weft-page-recycler.h"

/* Moving pages needs mremap(MREMAP_FIXED) (Linux). */
#if defined(G_OS_UNIX) && defined(MREMAP_FIXED) && defined(MREMAP_MAYMOVE)
#define CAN_MOVE_PAGES 1
#else
#define CAN_MOVE_PAGES 0
#endif

typedef struct
{
  guint8 *mem;
  gsize   size;
} Range;

struct _WeftPageRecycler
{
  GMutex  mutex;
  GArray *ranges;  /* Range, page-aligned, each the rest of a given mapping */
  gsize   held;    /* bytes in ranges */
  gsize   max_held;
};

/* The default recycler unmaps what it is given past this: pages given by a
 * stage whose next never comes (a reader called on its own) must not pile
 * up until the next trim. */
#define DEFAULT_MAX_HELD ((gsize)1 << 30)

static gsize
page_size (void)
{
  static gsize size;

  if (g_once_init_enter (&size))
    {
      gsize found = 4096;

#ifdef G_OS_UNIX
      long value = sysconf (_SC_PAGESIZE);

      if (value > 0)
        found = (gsize)value;
#endif
      g_once_init_leave (&size, found);
    }
  return size;
}

/**
 * weft_pages_round:
 *
 * Returns @size rounded up to whole pages: what weft_pages_map() maps for it.
 */
gsize
weft_pages_round (gsize size)
{
  gsize page = page_size ();

  return (MAX (size, 1) + page - 1) & ~(page - 1);
}

/**
 * weft_pages_map:
 * @size: bytes
 *
 * Maps @size bytes (rounded up to whole pages) of memory that reads as zeros
 * until written, none of it mapped in yet. Free with weft_pages_unmap() with
 * the same @size, or give it to a recycler.
 *
 * Returns: (nullable): the memory, page-aligned, or %NULL when the system has
 *   none to give
 */
gpointer
weft_pages_map (gsize size)
{
#ifdef G_OS_UNIX
  void *mem = mmap (NULL, weft_pages_round (size), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

  return mem != MAP_FAILED ? mem : NULL;
#else
  return g_try_malloc0 (size);
#endif
}

void
weft_pages_unmap (gpointer mem,
                  gsize    size)
{
  if (mem == NULL)
    return;
#ifdef G_OS_UNIX
  munmap (mem, weft_pages_round (size));
#else
  g_free (mem);
#endif
}

/* Unmaps the whole pages of a weft_pages_map() block past @new_size bytes. */
void
weft_pages_shrink (gpointer mem,
                   gsize    size,
                   gsize    new_size)
{
#ifdef G_OS_UNIX
  gsize keep = weft_pages_round (new_size);
  gsize had = weft_pages_round (size);

  if (mem != NULL && keep < had)
    munmap ((guint8 *)mem + keep, had - keep);
#endif
}

/**
 * weft_pages_move:
 * @from: page-aligned memory of weft_pages_map() (or a private anonymous
 *   mmap())
 * @size: whole pages
 * @to: page-aligned, where the pages go
 *
 * Moves the pages of [@from, @from + @size) to @to, replacing what was mapped
 * there; [@from, @from + @size) is then no longer mapped, and another
 * thread's next mapping may land there at once.
 *
 * Returns: FALSE when the system could not (nothing moved)
 */
gboolean
weft_pages_move (gpointer from,
                 gsize    size,
                 gpointer to)
{
#if CAN_MOVE_PAGES
  return mremap (from, size, size, MREMAP_MAYMOVE | MREMAP_FIXED, to) != MAP_FAILED;
#else
  return FALSE;
#endif
}

WeftPageRecycler *
weft_page_recycler_new (void)
{
  WeftPageRecycler *self = g_new0 (WeftPageRecycler, 1);

  g_mutex_init (&self->mutex);
  self->ranges = g_array_new (FALSE, FALSE, sizeof (Range));
  self->max_held = G_MAXSIZE;

  return self;
}

/**
 * weft_page_recycler_get_default:
 *
 * Returns: (transfer none): the process's recycler, for pages that one
 *   stage of a load frees and the next can fill (see the top of the header)
 */
WeftPageRecycler *
weft_page_recycler_get_default (void)
{
  static WeftPageRecycler *recycler;

  if (g_once_init_enter (&recycler))
    {
      WeftPageRecycler *created = weft_page_recycler_new ();

      created->max_held = DEFAULT_MAX_HELD;
      g_once_init_leave (&recycler, created);
    }
  return recycler;
}

/* Unmaps the pages it holds. */
void
weft_page_recycler_trim (WeftPageRecycler *self)
{
  g_autoptr(GArray) ranges = NULL;

  if (self == NULL)
    return;

  g_mutex_lock (&self->mutex);
  ranges = g_steal_pointer (&self->ranges);
  self->ranges = g_array_new (FALSE, FALSE, sizeof (Range));
  self->held = 0;
  g_mutex_unlock (&self->mutex);

  for (guint i = 0; i < ranges->len; i++)
    {
      const Range *range = &g_array_index (ranges, Range, i);

      weft_pages_unmap (range->mem, range->size);
    }
}

/* Unmaps the pages it still holds. Not for the default recycler. */
void
weft_page_recycler_free (WeftPageRecycler *self)
{
  if (self == NULL)
    return;

  weft_page_recycler_trim (self);
  g_array_unref (self->ranges);
  g_mutex_clear (&self->mutex);
  g_free (self);
}

/**
 * weft_page_recycler_give:
 * @self: (nullable): a recycler; with %NULL the pages are unmapped
 * @mem: a mapping of weft_pages_map() or a private anonymous mmap()
 * @size: its size, as it was mapped
 *
 * Hands the mapping over: its pages go to ranges filled later, and whatever
 * is left of them is unmapped when @self is trimmed or freed (or at once,
 * past what @self may hold).
 */
void
weft_page_recycler_give (WeftPageRecycler *self,
                         gpointer          mem,
                         gsize             size)
{
  Range range = { mem, weft_pages_round (size) };

  if (mem == NULL)
    return;
  if (self == NULL || !CAN_MOVE_PAGES)
    {
      weft_pages_unmap (mem, size);
      return;
    }

  g_mutex_lock (&self->mutex);
  if (self->held + range.size <= self->max_held)
    {
      g_array_append_val (self->ranges, range);
      self->held += range.size;
      range.mem = NULL;
    }
  g_mutex_unlock (&self->mutex);

  /* Full: unmapped after all (outside the lock). */
  if (range.mem != NULL)
    weft_pages_unmap (range.mem, range.size);
}

/* Takes up to @want bytes from the front of the last range given: LIFO, so
 * that a range is used up before the next is cut into. */
static gsize
take_pages (WeftPageRecycler  *self,
            gsize              want,
            guint8           **from)
{
  gsize got = 0;

  g_mutex_lock (&self->mutex);
  if (self->ranges->len > 0)
    {
      Range *range = &g_array_index (self->ranges, Range, self->ranges->len - 1);

      got = MIN (want, range->size);
      *from = range->mem;
      range->mem += got;
      range->size -= got;
      self->held -= got;
      if (range->size == 0)
        g_array_set_size (self->ranges, self->ranges->len - 1);
    }
  g_mutex_unlock (&self->mutex);

  return got;
}

/**
 * weft_page_recycler_fill:
 * @self: (nullable): a recycler
 * @mem: the start of memory about to be written, in a mapping of
 *   weft_pages_map() that nothing else is writing pages of
 * @size: its size in bytes
 *
 * Puts mapped-in pages under the whole pages inside [@mem, @mem + @size):
 * pages given to @self as long as it holds any, then fresh ones mapped in
 * (weft_memory_populate()). What those pages hold is undefined until written.
 * The partial pages at either end are left as they are, so ranges of
 * neighbouring writers can share a page.
 */
void
weft_page_recycler_fill (WeftPageRecycler *self,
                         gpointer          mem,
                         gsize             size)
{
  gsize page = page_size ();
  guintptr start = ((guintptr)mem + page - 1) & ~(guintptr)(page - 1);
  guintptr stop = ((guintptr)mem + size) & ~(guintptr)(page - 1);

  if (mem == NULL || stop <= start)
    return;

  while (self != NULL && start < stop)
    {
      guint8 *from = NULL;
      gsize got = take_pages (self, stop - start, &from);

      if (got == 0)
        break;
      if (!weft_pages_move (from, got, (gpointer)start))
        {
          /* Out of mappings (vm.max_map_count) or the like: fault in. */
          weft_pages_unmap (from, got);
          break;
        }
      start += got;
    }
  weft_memory_populate ((gpointer)start, stop - start);
}

/* Bytes given and not yet moved. */
gsize
weft_page_recycler_get_held (WeftPageRecycler *self)
{
  gsize held;

  g_mutex_lock (&self->mutex);
  held = self->held;
  g_mutex_unlock (&self->mutex);

  return held;
}

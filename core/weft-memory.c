/* weft-memory.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h> /* defines __GLIBC__ with the GNU C library */
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <glib.h>
#ifdef G_OS_UNIX
#include <sys/mman.h>
#endif

#include "weft-memory.h"

#define HUGE_PAGE ((gsize)2 << 20)
#define PAGE      ((gsize)4096)

#ifdef G_OS_UNIX
/* madvise() on the whole @unit-aligned blocks inside [@mem, @mem + @size). */
static void
advise_whole (gpointer mem,
              gsize    size,
              gsize    unit,
              int      advice)
{
  guintptr start = ((guintptr)mem + unit - 1) & ~(guintptr)(unit - 1);
  guintptr stop = ((guintptr)mem + size) & ~(guintptr)(unit - 1);

  if (mem != NULL && stop > start)
    madvise ((void *)start, stop - start, advice);
}
#endif

/**
 * weft_memory_release_freed:
 *
 * Returns the free parts of the C heap to the system. A load frees hundreds
 * of megabytes of scratch (parser maps, grown columns, sort buffers) in
 * pieces that glibc keeps for reuse; called after such a stage, the next
 * stage's peak and the open document's footprint no longer carry them.
 * Costs a walk over the heap's free lists: call it per stage, not per record.
 */
void
weft_memory_release_freed (void)
{
#ifdef __GLIBC__
  malloc_trim (0);
#endif
}

/**
 * weft_memory_advise_huge:
 * @mem: the start of an allocation about to be filled
 * @size: its size in bytes
 *
 * Asks for transparent huge pages on the whole 2 MiB pages inside
 * [@mem, @mem + @size). Filling a fresh column takes one page fault per 4 KiB
 * otherwise, and on virtual machines a fault costs about 10 µs: a load that
 * writes 100 MB of columns spent more time in the kernel than in its parser.
 * Only for memory that will be filled: a huge page is resident as a whole as
 * soon as one byte of it is touched. Not for a malloc() block that will be
 * reallocated: advising its aligned middle splits its mapping, and glibc's
 * realloc() then copies it (its mremap() fails with EFAULT). Does nothing
 * for less than one huge page, or where the system has no transparent huge
 * pages.
 */
void
weft_memory_advise_huge (gpointer mem,
                         gsize    size)
{
#if defined(G_OS_UNIX) && defined(MADV_HUGEPAGE)
  advise_whole (mem, size, HUGE_PAGE, MADV_HUGEPAGE);
#endif
}

/**
 * weft_memory_populate:
 * @mem: the start of memory about to be written
 * @size: its size in bytes
 *
 * Maps the whole pages inside [@mem, @mem + @size) for writing in one call
 * (MADV_POPULATE_WRITE) instead of one page fault each, which costs about 10
 * µs on a virtual machine. Only for memory that will be written soon: the
 * pages become resident. Does nothing where the system cannot (Linux before
 * 5.14).
 */
void
weft_memory_populate (gpointer mem,
                      gsize    size)
{
#if defined(G_OS_UNIX) && defined(MADV_POPULATE_WRITE)
  advise_whole (mem, size, PAGE, MADV_POPULATE_WRITE);
#endif
}

/**
 * weft_memory_discard:
 * @mem: the start of memory no longer needed
 * @size: its size in bytes
 *
 * Gives the whole pages inside [@mem, @mem + @size) back to the system
 * (MADV_DONTNEED) while keeping them allocated: they read as zeros after.
 * For the unused end of a block that was mapped in ahead of its filler.
 */
void
weft_memory_discard (gpointer mem,
                     gsize    size)
{
#if defined(G_OS_UNIX) && defined(MADV_DONTNEED)
  advise_whole (mem, size, PAGE, MADV_DONTNEED);
#endif
}

/**
 * weft_memory_new0_huge:
 * @n: how many elements
 * @size: the size of one
 *
 * Zeroed memory for @n elements, on huge pages where it is big: for an
 * array filled over a whole load (a page fault per 2 MiB rather than per
 * 4 KiB; a big block comes zeroed from the kernel, without a memset).
 *
 * Returns: (transfer full): the block, for g_free()
 */
gpointer
weft_memory_new0_huge (gsize n,
                       gsize size)
{
  gpointer mem = g_malloc0_n (n, size);

  weft_memory_advise_huge (mem, n * size);
  return mem;
}

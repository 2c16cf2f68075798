/* weft-memory.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h> /* defines __GLIBC__ with the GNU C library */
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "weft-memory.h"

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

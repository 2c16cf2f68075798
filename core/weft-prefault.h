/* weft-prefault.h: mapping memory in ahead of the thread that fills it.
 *
 * The first write to a fresh page costs a page fault, and on a virtual
 * machine a fault costs about 2.5 µs: a reader that fills a gigabyte of
 * columns spends a third of its time in the kernel, on the thread that
 * everything else waits for. A WeftPrefault maps the pages of the ranges it
 * is given (MADV_POPULATE_WRITE) on a thread of its own, on a processor the
 * load leaves idle, so that the filling thread finds them mapped. It never
 * changes what memory holds.
 *
 * weft_prefault_new() returns NULL where it cannot help (one processor, a
 * system without MADV_POPULATE_WRITE); every function accepts NULL.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _WeftPrefault WeftPrefault;

/* How far a growing GArray is mapped and reserved: caller state for
 * weft_prefault_array(), zero-initialised. */
typedef struct
{
  gconstpointer data;      /* the array's block when last seen */
  gsize         capacity;  /* elements it can hold without moving */
  gsize         mapped;    /* elements asked to be mapped */
} WeftPrefaultMark;

WeftPrefault *weft_prefault_new     (void);
void          weft_prefault_free    (WeftPrefault     *self);
void          weft_prefault_request (WeftPrefault     *self,
                                     gpointer          mem,
                                     gsize             size);
void          weft_prefault_wait    (WeftPrefault     *self);
void          weft_prefault_array   (WeftPrefault     *self,
                                     GArray           *array,
                                     WeftPrefaultMark *mark,
                                     gsize             ahead);
void          weft_prefault_array_done (WeftPrefault     *self,
                                        GArray           *array,
                                        WeftPrefaultMark *mark);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftPrefault, weft_prefault_free)

G_END_DECLS

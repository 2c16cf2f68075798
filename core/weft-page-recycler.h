/* weft-page-recycler.h: pages a load has finished with, moved into the
 * memory it fills next instead of being unmapped.
 *
 * A fresh page costs a fault and zeroing, and on a virtual machine whose host
 * backs memory lazily about 0.65–0.9 ms a megabyte: the event table's
 * finishing stage, which empties hundreds of megabytes of builder records
 * into columns as big, spent as much time faulting in the columns as copying
 * into them. Moving a page from one place to another (mremap) costs about
 * 0.015 ms a megabyte and gives a page that is already mapped in. A
 * WeftPageRecycler keeps the mappings it is given and moves their pages into
 * the whole pages of ranges it is asked to fill; what it cannot fill that way
 * it maps in as weft_memory_populate() does.
 *
 * Only for mappings of weft_pages_map(): moving pages into the middle of a
 * mapping splits it, which a malloc() block must not see (glibc's realloc()
 * could no longer move it). The pages it fills hold old data: only for
 * memory that is written before it is read. Safe from several threads.
 *
 * The default recycler hands pages from one stage of a load to the next: a
 * reader's scratch to the event table's records, say. It is trimmed when
 * the event table is finished and when a document has loaded, so that it
 * never holds pages for long, and it holds 1 GiB at most.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _WeftPageRecycler WeftPageRecycler;

gpointer          weft_pages_map           (gsize             size);
void              weft_pages_unmap         (gpointer          mem,
                                            gsize             size);
void              weft_pages_shrink        (gpointer          mem,
                                            gsize             size,
                                            gsize             new_size);
gsize             weft_pages_round         (gsize             size);
gboolean          weft_pages_move          (gpointer          from,
                                            gsize             size,
                                            gpointer          to);

WeftPageRecycler *weft_page_recycler_new   (void);
WeftPageRecycler *weft_page_recycler_get_default (void);
void              weft_page_recycler_free  (WeftPageRecycler *self);
void              weft_page_recycler_trim  (WeftPageRecycler *self);
void              weft_page_recycler_give  (WeftPageRecycler *self,
                                            gpointer          mem,
                                            gsize             size);
void              weft_page_recycler_fill  (WeftPageRecycler *self,
                                            gpointer          mem,
                                            gsize             size);
gsize             weft_page_recycler_get_held (WeftPageRecycler *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftPageRecycler, weft_page_recycler_free)

G_END_DECLS

/* weft-page-buffer.h: a scratch buffer of pages that grows by moving its
 * pages rather than copying them, and takes new ones from a
 * WeftPageRecycler before fresh ones (weft-page-recycler.h tells why).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-page-recycler.h"

G_BEGIN_DECLS

/* A scratch buffer of pages that grows by moving its pages, and takes them
 * from a recycler: zero-initialise, free with weft_page_buffer_clear(). */
typedef struct
{
  guint8 *mem;
  gsize   size;    /* bytes mapped */
  gsize   filled;  /* bytes from the start that have pages (whole pages) */
} WeftPageBuffer;

gpointer          weft_page_buffer_map     (WeftPageBuffer   *self,
                                            gsize             bytes);
void              weft_page_buffer_fill    (WeftPageBuffer   *self,
                                            WeftPageRecycler *recycler,
                                            gsize             bytes);
gpointer          weft_page_buffer_reserve (WeftPageBuffer   *self,
                                            WeftPageRecycler *recycler,
                                            gsize             bytes);
gpointer          weft_page_buffer_ensure  (WeftPageBuffer   *self,
                                            WeftPageRecycler *recycler,
                                            gsize             bytes);
void              weft_page_buffer_recycle (WeftPageBuffer   *self,
                                            WeftPageRecycler *recycler);
void              weft_page_buffer_clear   (WeftPageBuffer   *self);

G_END_DECLS

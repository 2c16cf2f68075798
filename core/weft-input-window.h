/* weft-input-window.h: reading a mapped file front to back with only a
 * window of it resident.
 *
 * A mapped file's pages stay in the process once read: a 700 MB trace adds
 * 700 MB to the load's peak beside the model built from it. A reader going
 * front to back gives back what it has passed (MADV_DONTNEED: the page cache
 * keeps the file, so a page asked for again is mapped again, not read again)
 * and maps the next window in one call (MADV_POPULATE_READ) rather than a
 * page fault per 64 KiB, about 10 µs each on a virtual machine.
 *
 * Only for a read-only file mapping (WeftInputMap): given back, the pages of
 * a heap buffer would read as zeros. A window starts disabled (every call
 * does nothing), as the parse functions that tests and fuzzers call on
 * buffers want.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How far a window reaches: what is read between two calls that move it. */
#define WEFT_INPUT_WINDOW_STEP ((gsize)16 << 20)

typedef struct
{
  const char *data;       /* NULL when disabled */
  gsize       len;
  gsize       released;   /* [0, released) is given back */
  gsize       populated;  /* [0, populated) was mapped in */
} WeftInputWindow;

void weft_input_window_init   (WeftInputWindow *self,
                               const char      *data,
                               gsize            len,
                               gboolean         enabled);
void weft_input_window_move   (WeftInputWindow *self,
                               gsize            offset);
void weft_input_window_finish (WeftInputWindow *self);

/**
 * weft_input_window_reached:
 * @offset: how far the reader has read
 *
 * Moves the window when the reader has gone a step past its last move: cheap
 * enough to call per line.
 */
static inline void
weft_input_window_reached (WeftInputWindow *self,
                           gsize            offset)
{
  if (G_UNLIKELY (offset - self->released >= WEFT_INPUT_WINDOW_STEP) && self->data != NULL)
    weft_input_window_move (self, offset);
}

G_END_DECLS

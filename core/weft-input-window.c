/* weft-input-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib.h>
#ifdef G_OS_UNIX
#include <sys/mman.h>
#endif

#include "weft-input-window.h"
#include "weft-memory.h"

#define PAGE ((guintptr)4096)
/* A window reaches a step past where it moved, and a little more: readers
 * look at their offset every so many lines, not at every byte. */
#define REACH (WEFT_INPUT_WINDOW_STEP + WEFT_INPUT_WINDOW_STEP / 8)

/* Maps in the pages [@from, @to) of the window's data touches. */
static void
populate (WeftInputWindow *self,
          gsize            from,
          gsize            to)
{
#if defined(G_OS_UNIX) && defined(MADV_POPULATE_READ)
  guintptr start = (guintptr)(self->data + from) & ~(PAGE - 1);
  guintptr stop = (guintptr)(self->data + to);

  if (stop > start)
    madvise ((void *)start, stop - start, MADV_POPULATE_READ);
#endif
}

/**
 * weft_input_window_init:
 * @data: (nullable): a read-only file mapping (or the part of one a reader
 *   reads)
 * @enabled: %FALSE for data that is not such a mapping: the window does
 *   nothing
 *
 * Maps in the first window.
 */
void
weft_input_window_init (WeftInputWindow *self,
                        const char      *data,
                        gsize            len,
                        gboolean         enabled)
{
  *self = (WeftInputWindow) { enabled && len > 0 ? data : NULL, len, 0, 0 };
  if (self->data == NULL)
    return;
  self->populated = MIN (len, REACH);
  populate (self, 0, self->populated);
}

/**
 * weft_input_window_move:
 * @offset: how far the reader has read
 *
 * Gives back the whole pages before @offset and maps in a step beyond it.
 * weft_input_window_reached() calls it when due.
 */
void
weft_input_window_move (WeftInputWindow *self,
                        gsize            offset)
{
  gsize ahead;

  if (self->data == NULL)
    return;
  offset = MIN (offset, self->len);
  weft_memory_discard ((gpointer)(self->data + self->released), offset - self->released);
  self->released = offset;
  ahead = MIN (self->len, offset + REACH);
  if (ahead > self->populated)
    {
      populate (self, self->populated, ahead);
      self->populated = ahead;
    }
}

/**
 * weft_input_window_finish:
 *
 * Gives back what is left of the data (read to its end).
 */
void
weft_input_window_finish (WeftInputWindow *self)
{
  if (self->data == NULL)
    return;
  weft_memory_discard ((gpointer)(self->data + self->released), self->len - self->released);
  self->released = self->len;
}

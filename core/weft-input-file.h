/* weft-input-file.h: open a file to read, refusing what is not a file, and
 * map it so that a file cut short while it is read is an error, not a crash.
 *
 * A named pipe would hold open() until something writes to it, which may be
 * never, and a device may have no end: a reader that met one in a folder it
 * was given (a run's folder, a measurement) would hang. These open without
 * waiting and say what the path is instead.
 *
 * Readers map their files (no copy, no fresh memory: the fastest way to read
 * on this machine). But a mapped file that another process shortens (a run
 * writing its trace again while Weft reads the last one) raises SIGBUS at the
 * first byte past its new end, which would end the program and every
 * document open in it. So a WeftInputMap's pages are guarded: a SIGBUS inside
 * one maps zeros over the rest of it and marks it, the reader goes on over
 * zeros (bad input it already survives), and weft_input_map_finish() turns
 * what it read into an error saying the file changed while it was read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _WeftInputMap WeftInputMap;

gboolean      weft_input_file_check     (const char      *path,
                                         GError         **error);
gssize        weft_input_file_read_head (const char      *path,
                                         void            *buffer,
                                         gsize            size,
                                         GError         **error);

WeftInputMap *weft_input_map_open       (const char      *path,
                                         GError         **error);
const char   *weft_input_map_get_data   (WeftInputMap    *self);
gsize         weft_input_map_get_length (WeftInputMap    *self);
gboolean      weft_input_map_was_cut    (WeftInputMap    *self);
gpointer      weft_input_map_finish     (WeftInputMap    *self,
                                         gpointer         result,
                                         GDestroyNotify   free_result,
                                         GError         **error);
void          weft_input_map_free       (WeftInputMap    *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftInputMap, weft_input_map_free)

G_END_DECLS

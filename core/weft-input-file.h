/* weft-input-file.h: open a file to read, refusing what is not a file.
 *
 * A named pipe would hold open() until something writes to it, which may be
 * never, and a device may have no end: a reader that met one in a folder it
 * was given (a run's folder, a measurement) would hang. These open without
 * waiting and say what the path is instead.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean     weft_input_file_check     (const char  *path,
                                        GError     **error);
GMappedFile *weft_input_file_map       (const char  *path,
                                        GError     **error);
gssize       weft_input_file_read_head (const char  *path,
                                        void        *buffer,
                                        gsize        size,
                                        GError     **error);

G_END_DECLS

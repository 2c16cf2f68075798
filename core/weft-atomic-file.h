/* weft-atomic-file.h: write a file so that it is either complete or untouched.
 *
 * Writers get a temporary path in the destination's directory (so the final
 * rename stays on one file system), write there (by path, for libhdf5 and
 * cairo, or through the open stdio stream: weft_atomic_file_open() and
 * weft_atomic_file_write()), and commit: flush, fsync, rename over the
 * destination. Aborting, or freeing without committing, removes the
 * temporary file; an existing destination is never half-overwritten. A
 * symbolic link is followed (the file it names is replaced, the link stays);
 * a destination that is a pipe, terminal or device (/dev/stdout) is written
 * into at the commit instead of replaced.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdio.h>

#include <glib.h>

G_BEGIN_DECLS

typedef struct _WeftAtomicFile WeftAtomicFile;

WeftAtomicFile *weft_atomic_file_new           (const char      *path,
                                                GError         **error);
WeftAtomicFile *weft_atomic_file_open          (const char      *path,
                                                GError         **error);
const char     *weft_atomic_file_get_path      (WeftAtomicFile  *self);
const char     *weft_atomic_file_get_temp_path (WeftAtomicFile  *self);
FILE           *weft_atomic_file_get_stream    (WeftAtomicFile  *self);
gboolean        weft_atomic_file_check_space   (WeftAtomicFile  *self,
                                                guint64          bytes,
                                                const char      *why,
                                                GError         **error);
gboolean        weft_atomic_file_write         (WeftAtomicFile  *self,
                                                gconstpointer    data,
                                                gsize            size,
                                                GError         **error);
gboolean        weft_atomic_file_commit        (WeftAtomicFile  *self,
                                                GError         **error);
void            weft_atomic_file_abort         (WeftAtomicFile  *self);
void            weft_atomic_file_free          (WeftAtomicFile  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftAtomicFile, weft_atomic_file_free)

G_END_DECLS

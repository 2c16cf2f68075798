/* weft-chplvis-reader.h: finds and reads the locale files of a VisualDebug run.
 *
 * What the user opens is resolved the way chplvis does it, and more leniently:
 *  - a folder NAME/ holding NAME-0 … NAME-(n-1) (the runtime's layout);
 *  - a folder holding .Vdebug-0 … (the default name), or one holding a .Vdebug/
 *    folder;
 *  - one file NAME-k: its siblings NAME-0 … in the same folder are read too;
 *  - several files: exactly those.
 * The files are mapped and parsed in parallel (one worker per file, at most one
 * thread per processor), then put together by the locale ids of their headers.
 * Missing locale files, files from another run or with another node count are
 * read as far as they go and reported as warnings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "weft-chplvis-trace.h"
#include "weft-load-context.h"

G_BEGIN_DECLS

GPtrArray        *weft_chplvis_find_locale_files (GFile * const     *files,
                                                  guint              n_files,
                                                  char             **prefix,
                                                  GError           **error);
WeftChplvisTrace *weft_chplvis_read              (GFile * const     *files,
                                                  guint              n_files,
                                                  WeftLoadContext   *context,
                                                  GError           **error);
WeftChplvisTrace *weft_chplvis_read_paths        (const char * const *paths,
                                                  WeftLoadContext   *context,
                                                  GError           **error);

G_END_DECLS

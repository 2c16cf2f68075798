/* weft-hdf5-probe.h: every HDF5 file is read first by a disposable process.
 *
 * libhdf5 1.10 (Debian 12) crashes, hangs or allocates without bound on some
 * damaged files, and no check in Weft can rule that out. So before a reader
 * opens a file in the app's own process, weft_hdf5_probe_file() has a child
 * process do everything the reader may later do with it (see the top of
 * weft-hdf5-probe.c for how the child is started). Only if the child finishes
 * does the reader go on; otherwise the file is refused with a WEFT_ERROR_PARSE
 * that says what libhdf5 did. The verdict is remembered per file version, so a
 * file is probed once however many of its datasets are read.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

gboolean weft_hdf5_probe_file       (const char         *path,
                                     guint64             reader_bytes,
                                     GCancellable       *cancellable,
                                     GError            **error);
void     weft_hdf5_probe_child_main (void);

/* On by default. Off in the fuzz harness, which tests the reader itself. */
void     weft_hdf5_set_isolation    (gboolean            isolate);

/* For tests: how many children were started; a shorter time limit, and a
 * child that sleeps instead of reading. */
guint    weft_hdf5_probe_get_n_runs         (void);
void     weft_hdf5_probe_set_test_hooks     (guint               timeout_ms,
                                             gboolean            child_sleeps);

G_END_DECLS

/* weft-hdf5.h: one lock around libhdf5, and its errors turned into GErrors.
 *
 * Debian's libhdf5 must not be entered from two threads at once (exports run
 * in worker threads, files load in others), so every sequence of H5* calls,
 * including the closing of ids, runs between weft_hdf5_lock() and
 * weft_hdf5_unlock(). The lock also silences HDF5's own printing of error
 * stacks to stderr (once per thread: a thread-safe libhdf5 keeps one error
 * stack per thread); weft_hdf5_set_error() turns the stack into the message of
 * a GError instead. The usual shape is a locked wrapper around a function that
 * declares its ids with g_auto(WeftHdf5Id), so that they are closed before the
 * lock is released.
 *
 * These are the module's own (weft-hdf5-module.h); a program that calls
 * libhdf5 itself (a test writing a file) takes the same lock through the
 * program's weft_hdf5_lock() and weft_hdf5_unlock(), which open the module.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <hdf5.h>

#include "weft-hdf5-module.h"

G_BEGIN_DECLS

typedef hid_t WeftHdf5Id;

void weft_hdf5_close     (hid_t      id);
void weft_hdf5_set_error (GError   **error,
                          int        code,
                          const char *format,
                          ...) G_GNUC_PRINTF (3, 4);

G_DEFINE_AUTO_CLEANUP_FREE_FUNC (WeftHdf5Id, weft_hdf5_close, H5I_INVALID_HID)

G_END_DECLS

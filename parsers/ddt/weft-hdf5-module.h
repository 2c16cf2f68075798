/* weft-hdf5-module.h: Weft's HDF5 code, a module loaded when a file needs it.
 *
 * libhdf5 and the 28 libraries it brings cost every program 10 ms at start
 * (see weft-module.h), and most runs never touch an HDF5 file. So the code
 * that calls libhdf5 (weft-hdf5.c, weft-mda-hdf5.c) is the module weft-hdf5,
 * and the rest of Weft calls it through weft-mda.h's functions, which open it
 * the first time (weft-hdf5-module.c). The probe child (weft-hdf5-probe.c)
 * opens it too, before its limits are set.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "weft-load-context.h"
#include "weft-matrix.h"

G_BEGIN_DECLS

/* What the module hands out (weft_hdf5_module_table() in weft-mda-hdf5.c). */
typedef struct
{
  guint         abi;   /* WEFT_MODULE_ABI of the module's build */

  /* weft_mda_hdf5_write(), _read() and _list_datasets() (weft-mda.h). */
  gboolean    (*mda_write)         (WeftMatrix       *matrix,
                                    const char       *path,
                                    GError          **error);
  WeftMatrix *(*mda_read)          (const char       *path,
                                    const char       *dataset,
                                    WeftLoadContext  *context,
                                    GError          **error);
  GStrv       (*mda_list_datasets) (const char       *path,
                                    GCancellable     *cancellable,
                                    GError          **error);

  /* In a probe child: reads @path as a later read in the app may, with
   * libhdf5's errors watched; TRUE when an allocation failed for lack of
   * memory. */
  gboolean    (*probe)             (const char       *path);

  /* weft_hdf5_lock() and _unlock() (weft-hdf5.h). */
  void        (*lock)              (void);
  void        (*unlock)            (void);
} WeftHdf5Module;

#define WEFT_HDF5_MODULE_ENTRY "weft_hdf5_module_table"

const WeftHdf5Module *weft_hdf5_module_get (GError **error);

/* One lock around libhdf5 (weft-hdf5.h): the module's own, and for a program
 * that calls libhdf5 itself (a test writing a file), the same lock reached
 * through the module. */
void weft_hdf5_lock   (void);
void weft_hdf5_unlock (void);

/* Whether @head starts with the HDF5 signature (no module needed). */
gboolean weft_hdf5_has_signature (const guint8 *head,
                                  gsize         len);

G_END_DECLS

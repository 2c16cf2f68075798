/* weft-hdf5-module.c: the program's side of the HDF5 module.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-atomic-file.h"
#include "weft-error.h"
#include "weft-hdf5-module.h"
#include "weft-hdf5-probe.h"
#include "weft-input-file.h"
#include "weft-mda.h"
#include "weft-module.h"

/* What the module calls of Weft, one function of each object file: a program
 * links only the object files it calls itself, and one that can open the
 * module must hold everything the module calls, or opening it fails. */
__attribute__ ((used)) static const gpointer module_needs[] = {
  (gpointer)weft_atomic_file_open,
  (gpointer)weft_error_quark,
  (gpointer)weft_hdf5_probe_file,
  (gpointer)weft_load_context_warn,
  (gpointer)weft_matrix_new,
};

/**
 * weft_hdf5_module_get:
 * @error: why the module could not be had
 *
 * Opens the HDF5 module the first time (thread-safe; weft_module_get_table()).
 *
 * Returns: (nullable): its table
 */
const WeftHdf5Module *
weft_hdf5_module_get (GError **error)
{
  return weft_module_get_table ("hdf5", WEFT_HDF5_MODULE_ENTRY, error);
}

gboolean
weft_hdf5_has_signature (const guint8 *head,
                         gsize         len)
{
  static const guint8 signature[8] = { 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n' };

  return head != NULL && len >= sizeof signature && memcmp (head, signature, sizeof signature) == 0;
}

/* weft-mda.h's HDF5 functions, and weft-hdf5.h's lock for programs that call
 * libhdf5 themselves. */

gboolean
weft_mda_hdf5_write (WeftMatrix  *matrix,
                     const char  *path,
                     GError     **error)
{
  const WeftHdf5Module *hdf5 = weft_hdf5_module_get (error);

  return hdf5 != NULL && hdf5->mda_write (matrix, path, error);
}

WeftMatrix *
weft_mda_hdf5_read (const char       *path,
                    const char       *dataset,
                    WeftLoadContext  *context,
                    GError          **error)
{
  const WeftHdf5Module *hdf5;

  /* Here, not in the module: libhdf5 would wait on a named pipe. */
  if (!weft_input_file_check (path, error))
    return NULL;
  hdf5 = weft_hdf5_module_get (error);
  return hdf5 != NULL ? hdf5->mda_read (path, dataset, context, error) : NULL;
}

GStrv
weft_mda_hdf5_list_datasets (const char    *path,
                             GCancellable  *cancellable,
                             GError       **error)
{
  const WeftHdf5Module *hdf5;

  if (!weft_input_file_check (path, error))
    return NULL;
  hdf5 = weft_hdf5_module_get (error);
  return hdf5 != NULL ? hdf5->mda_list_datasets (path, cancellable, error) : NULL;
}

void
weft_hdf5_lock (void)
{
  g_autoptr(GError) error = NULL;
  const WeftHdf5Module *hdf5 = weft_hdf5_module_get (&error);

  if (hdf5 == NULL)
    g_error ("%s", error->message);
  hdf5->lock ();
}

void
weft_hdf5_unlock (void)
{
  weft_hdf5_module_get (NULL)->unlock ();
}

/* The probe child (weft-hdf5-probe.c) is this program started again; here, in
 * the object file of every program that can read HDF5. Returns at once in any
 * other run. */
__attribute__ ((constructor)) static void
probe_child_constructor (void)
{
  weft_hdf5_probe_child_main ();
}

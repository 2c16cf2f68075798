/* weft-hdf5.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "weft-error.h"
#include "weft-hdf5.h"

/* Recursive, so that a locked helper may call another locked helper. */
static GRecMutex hdf5_mutex;
static GPrivate  errors_silenced;

void
weft_hdf5_lock (void)
{
  g_rec_mutex_lock (&hdf5_mutex);

  /* HDF5 prints every error stack to stderr unless told not to, and a
   * thread-safe build keeps that setting per thread. */
  if (g_private_get (&errors_silenced) == NULL)
    {
      H5Eset_auto2 (H5E_DEFAULT, NULL, NULL);
      g_private_set (&errors_silenced, GINT_TO_POINTER (1));
    }
}

void
weft_hdf5_unlock (void)
{
  g_rec_mutex_unlock (&hdf5_mutex);
}

/**
 * weft_hdf5_close:
 *
 * Closes any HDF5 id with the function of its kind; negative ids are ignored.
 * Call with the lock held.
 */
void
weft_hdf5_close (hid_t id)
{
  H5I_type_t type;

  if (id < 0)
    return;

  /* An if-chain rather than a switch: H5I_type_t has many kinds we never hold. */
  type = H5Iget_type (id);
  if (type == H5I_FILE)
    H5Fclose (id);
  else if (type == H5I_GROUP)
    H5Gclose (id);
  else if (type == H5I_DATATYPE)
    H5Tclose (id);
  else if (type == H5I_DATASPACE)
    H5Sclose (id);
  else if (type == H5I_DATASET)
    H5Dclose (id);
  else if (type == H5I_ATTR)
    H5Aclose (id);
  else if (type == H5I_GENPROP_LST)
    H5Pclose (id);
  else
    H5Idec_ref (id);
}

typedef struct
{
  char  *outer;   /* what the API function failed to do */
  char  *inner;   /* where the failure was first detected */
  hid_t  inner_minor;
} ErrorWalk;

static herr_t
collect_error (unsigned            n,
               const H5E_error2_t *err,
               void               *data)
{
  ErrorWalk *walk = data;

  if (err->desc == NULL || err->desc[0] == '\0')
    return 0;

  if (walk->outer == NULL)
    walk->outer = g_strdup (err->desc);
  g_free (walk->inner);
  walk->inner = g_strdup (err->desc);
  walk->inner_minor = err->min_num;
  return 0;
}

/* The current error stack as "what failed: why (minor class)", then cleared. */
static char *
describe_error_stack (void)
{
  ErrorWalk walk = { NULL, NULL, H5I_INVALID_HID };
  GString *text = g_string_new (NULL);
  char minor[128] = "";

  H5Ewalk2 (H5E_DEFAULT, H5E_WALK_DOWNWARD, collect_error, &walk);
  H5Eclear2 (H5E_DEFAULT);

  if (walk.inner_minor >= 0 && H5Eget_msg (walk.inner_minor, NULL, minor, sizeof minor) <= 0)
    minor[0] = '\0';

  if (walk.outer == NULL)
    g_string_append (text, _("unknown HDF5 error"));
  else
    {
      g_string_append (text, walk.outer);
      if (g_strcmp0 (walk.outer, walk.inner) != 0)
        g_string_append_printf (text, ": %s", walk.inner);
      if (minor[0] != '\0' && g_ascii_strcasecmp (minor, walk.inner) != 0)
        g_string_append_printf (text, " (%s)", minor);
    }

  g_free (walk.outer);
  g_free (walk.inner);
  return g_string_free (text, FALSE);
}

/**
 * weft_hdf5_set_error:
 * @code: a #WeftError code
 * @format: what was being done, e.g. "Could not write %s"
 *
 * Sets @error to "@format: <what HDF5 reported>" and clears HDF5's error
 * stack. Call with the lock held, right after the failing call.
 */
void
weft_hdf5_set_error (GError     **error,
                     int          code,
                     const char  *format,
                     ...)
{
  g_autofree char *what = NULL;
  g_autofree char *why = NULL;
  va_list args;

  why = describe_error_stack ();
  if (error == NULL)
    return;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (error, WEFT_ERROR, code, "%s: HDF5: %s", what, why);
}

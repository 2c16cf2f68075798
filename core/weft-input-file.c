/* weft-input-file.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "weft-error.h"
#include "weft-input-file.h"

#ifndef O_NONBLOCK
#define O_NONBLOCK 0
#endif
#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

/* What a path that is not a regular file is, for an error message. */
static const char *
describe_kind (mode_t mode)
{
  if (S_ISDIR (mode))
    return _("it is a folder, not a file");
  if (S_ISFIFO (mode))
    return _("it is a named pipe, not a file");
#ifdef S_ISSOCK
  if (S_ISSOCK (mode))
    return _("it is a socket, not a file");
#endif
  if (S_ISCHR (mode) || S_ISBLK (mode))
    return _("it is a device, not a file");
  return _("it is not a regular file");
}

static void
set_errno_error (GError     **error,
                 const char  *path,
                 int          saved_errno)
{
  g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED, _("Could not read %s: %s"),
               path, g_strerror (saved_errno));
}

/* Opens @path without waiting (O_NONBLOCK: a pipe with no writer opens at
 * once) and keeps the descriptor only when it is a regular file. */
static int
open_regular (const char  *path,
              GError     **error)
{
  struct stat st;
  int fd;

  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0)
    {
      set_errno_error (error, path, errno);
      return -1;
    }
  if (fstat (fd, &st) != 0)
    {
      set_errno_error (error, path, errno);
      close (fd);
      return -1;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED, _("Could not read %s: %s"),
                   path, describe_kind (st.st_mode));
      close (fd);
      return -1;
    }

  return fd;
}

/**
 * weft_input_file_check:
 *
 * For readers that open @path through a library (libxml2, libhdf5): whether
 * it is a regular file that can be opened.
 *
 * Returns: %TRUE, or %FALSE with @error set (%WEFT_ERROR_FAILED naming the
 *   path and what it is)
 */
gboolean
weft_input_file_check (const char  *path,
                       GError     **error)
{
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);

  fd = open_regular (path, error);
  if (fd < 0)
    return FALSE;
  close (fd);
  return TRUE;
}

/**
 * weft_input_file_map:
 *
 * Maps a regular file to read. An empty file maps to no contents and a length
 * of 0, as g_mapped_file_new() gives.
 *
 * Returns: (transfer full): the mapping, or %NULL with @error set
 *   (%WEFT_ERROR_FAILED naming the path and the reason)
 */
GMappedFile *
weft_input_file_map (const char  *path,
                     GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  GMappedFile *mapped;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  fd = open_regular (path, error);
  if (fd < 0)
    return NULL;
  /* The mapping outlives the descriptor. */
  mapped = g_mapped_file_new_from_fd (fd, FALSE, &local_error);
  close (fd);
  if (mapped == NULL)
    g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED, _("Could not read %s: %s"),
                 path, local_error->message);

  return mapped;
}

/**
 * weft_input_file_read_head:
 * @buffer: (out caller-allocates): where the first bytes go
 * @size: how many bytes at most
 *
 * Reads the start of a regular file, for a reader deciding whether it is its
 * own.
 *
 * Returns: the number of bytes read (fewer than @size at the end of the
 *   file), or -1 with @error set
 */
gssize
weft_input_file_read_head (const char  *path,
                           void        *buffer,
                           gsize        size,
                           GError     **error)
{
  gsize n = 0;
  int fd;

  g_return_val_if_fail (path != NULL, -1);
  g_return_val_if_fail (buffer != NULL || size == 0, -1);

  fd = open_regular (path, error);
  if (fd < 0)
    return -1;
  while (n < size)
    {
      gssize got = read (fd, (char *)buffer + n, size - n);

      if (got < 0 && errno == EINTR)
        continue;
      if (got < 0)
        {
          set_errno_error (error, path, errno);
          close (fd);
          return -1;
        }
      if (got == 0)
        break;
      n += (gsize)got;
    }
  close (fd);

  return (gssize)n;
}

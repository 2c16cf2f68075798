/* weft-atomic-file.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "weft-atomic-file.h"
#include "weft-error.h"
#include "weft-units.h"

#define STANDARD_OUTPUT "/dev/stdout"

struct _WeftAtomicFile
{
  char    *path;       /* as given, for messages */
  char    *target;     /* what is replaced: @path with its symbolic links followed */
  char    *temp_path;
  FILE    *stream;
  gboolean to_stream;  /* @path is a pipe, a terminal or a device: copied into */
  gboolean done;
};

/* The file a rename must replace for @path to read as the new contents:
 * renaming over a symbolic link would replace the link, not its file. */
static char *
follow_links (const char *path)
{
  g_autofree char *current = g_strdup (path);

  for (guint depth = 0; depth < 40; depth++)
    {
      g_autofree char *link = NULL;
      struct stat st;

      if (g_lstat (current, &st) != 0 || !S_ISLNK (st.st_mode))
        break;
      link = g_file_read_link (current, NULL);
      if (link == NULL)
        break;
      if (!g_path_is_absolute (link))
        {
          g_autofree char *dir = g_path_get_dirname (current);
          char *joined = g_build_filename (dir, link, NULL);

          g_free (link);
          link = joined;
        }
      g_free (current);
      current = g_steal_pointer (&link);
    }

  return g_steal_pointer (&current);
}

/**
 * weft_atomic_file_new:
 * @path: the destination; its directory must exist and be writable
 *
 * Creates an empty temporary file beside @path (beside the file it links to,
 * when it is a symbolic link). A destination that is not a file, such as a
 * named pipe or /dev/stdout, cannot be replaced: the temporary file is then
 * made in the temporary folder and copied into it by the commit.
 *
 * Returns: (transfer full): the handle, or %NULL with @error set.
 */
WeftAtomicFile *
weft_atomic_file_new (const char  *path,
                      GError     **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *template = NULL;
  WeftAtomicFile *self;
  gboolean to_stream;
  gboolean exists;
  struct stat st;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  exists = g_stat (path, &st) == 0;
  if (exists && S_ISDIR (st.st_mode))
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_WRITE, _("Could not write %s: it is a folder"), path);
      return NULL;
    }

  /* /dev/stdout is the process's descriptor 1, whatever it is: a file there
   * is written as the shell opened it (appended to with >>), not replaced. */
  to_stream = strcmp (path, STANDARD_OUTPUT) == 0 || (exists && !S_ISREG (st.st_mode));
  target = to_stream ? g_strdup (path) : follow_links (path);
  dir = to_stream ? g_strdup (g_get_tmp_dir ()) : g_path_get_dirname (target);
  base = to_stream ? g_strdup ("weft-export") : g_path_get_basename (target);
  template = g_strdup_printf ("%s%c.%s.XXXXXX", dir, G_DIR_SEPARATOR, base);

  fd = g_mkstemp_full (template, O_RDWR, 0644);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, WEFT_ERROR, WEFT_ERROR_WRITE, _("Could not write %s: %s"),
                   path, g_strerror (saved_errno));
      return NULL;
    }
  /* A file replaced keeps who may read and write it. */
  if (exists && !to_stream)
    fchmod (fd, st.st_mode & 07777);

  self = g_new0 (WeftAtomicFile, 1);
  self->path = g_strdup (path);
  self->target = g_steal_pointer (&target);
  self->temp_path = g_steal_pointer (&template);
  self->to_stream = to_stream;
  self->stream = fdopen (fd, "w");
  if (self->stream == NULL)
    close (fd);

  return self;
}

/**
 * weft_atomic_file_open:
 *
 * Like weft_atomic_file_new(), for writers that write through the stream: it
 * also fails when the temporary file could not be opened as one.
 *
 * Returns: (transfer full): the handle, or %NULL with @error set.
 */
WeftAtomicFile *
weft_atomic_file_open (const char  *path,
                       GError     **error)
{
  g_autoptr(WeftAtomicFile) self = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  self = weft_atomic_file_new (path, error);
  if (self == NULL)
    return NULL;
  if (self->stream == NULL)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_WRITE, _("Could not write %s: %s"),
                   path, _("the temporary file could not be opened"));
      return NULL;
    }

  return g_steal_pointer (&self);
}

const char *
weft_atomic_file_get_path (WeftAtomicFile *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->path;
}

/**
 * weft_atomic_file_get_temp_path:
 *
 * Returns: where to write when a library wants a path (libhdf5, cairo). Such a
 *   writer replaces the file; that is fine, the stream is then unused.
 */
const char *
weft_atomic_file_get_temp_path (WeftAtomicFile *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->temp_path;
}

FILE *
weft_atomic_file_get_stream (WeftAtomicFile *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->stream;
}

/**
 * weft_atomic_file_check_space:
 * @bytes: how much the writer will write, at least
 * @why: (nullable): a sentence saying why it is that much, for the error
 *
 * For a writer that knows its size before it starts: whether the temporary
 * file's disk has room, so that an export too big for it fails at once
 * rather than after filling the disk (a tree CSV of a 100,000-frame-deep
 * stack is about 60 GB: it wrote for 80 s before ENOSPC).
 *
 * Returns: %TRUE when it fits (or the free space cannot be known), else
 *   %FALSE with @error set (%WEFT_ERROR_WRITE, naming both sizes)
 */
gboolean
weft_atomic_file_check_space (WeftAtomicFile  *self,
                              guint64          bytes,
                              const char      *why,
                              GError         **error)
{
  g_autofree char *need = NULL;
  g_autofree char *have = NULL;
  struct statvfs st;
  guint64 available;

  g_return_val_if_fail (self != NULL, FALSE);

  if (statvfs (self->temp_path, &st) != 0)
    return TRUE;
  available = (guint64)st.f_bavail * (guint64)st.f_frsize;
  if (bytes <= available)
    return TRUE;

  need = weft_format_bytes (bytes);
  have = weft_format_bytes (available);
  g_set_error (error, WEFT_ERROR, WEFT_ERROR_WRITE, _("Could not write %s: it needs at least %s%s%s, and its disk has %s free"),
               self->path, need, why != NULL ? " " : "", why != NULL ? why : "", have);
  return FALSE;
}

/**
 * weft_atomic_file_write:
 *
 * Appends @size bytes to the temporary file through its stream.
 *
 * Returns: %FALSE with @error set ("Could not write PATH: …", naming the
 *   destination) when they could not all be written
 */
gboolean
weft_atomic_file_write (WeftAtomicFile  *self,
                        gconstpointer    data,
                        gsize            size,
                        GError         **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (self->stream != NULL, FALSE);
  g_return_val_if_fail (data != NULL || size == 0, FALSE);

  if (size > 0 && fwrite (data, 1, size, self->stream) != size)
    {
      int saved_errno = errno != 0 ? errno : EIO;

      g_set_error (error, WEFT_ERROR, WEFT_ERROR_WRITE, _("Could not write %s: %s"),
                   self->path, g_strerror (saved_errno));
      return FALSE;
    }

  return TRUE;
}

/* Writes the whole of @from into @to, a pipe, terminal or device. Opened
 * without waiting: a named pipe nothing reads from fails (ENXIO) instead of
 * holding the writer until something does. Returns: 0 or an errno. */
static int
copy_to_stream (const char *from,
                const char *to)
{
  char buffer[65536];
  int saved_errno = 0;
  int in, out;

  in = g_open (from, O_RDONLY | O_CLOEXEC, 0);
  if (in < 0)
    return errno;
  if (strcmp (to, STANDARD_OUTPUT) == 0)
    out = dup (STDOUT_FILENO);
  else
    {
      out = g_open (to, O_WRONLY | O_NONBLOCK | O_CLOEXEC, 0);
      if (out >= 0)
        fcntl (out, F_SETFL, fcntl (out, F_GETFL) & ~O_NONBLOCK);
    }
  if (out < 0)
    {
      saved_errno = errno;
      close (in);
      return saved_errno;
    }

  while (saved_errno == 0)
    {
      gssize n = read (in, buffer, sizeof buffer);
      gssize done = 0;

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          saved_errno = n < 0 ? errno : 0;
          break;
        }
      while (done < n)
        {
          gssize w = write (out, buffer + done, (gsize)(n - done));

          if (w < 0 && errno == EINTR)
            continue;
          if (w < 0)
            {
              saved_errno = errno;
              break;
            }
          done += w;
        }
    }

  close (in);
  if (close (out) != 0 && saved_errno == 0 && errno != EINTR)
    saved_errno = errno;

  return saved_errno;
}

/**
 * weft_atomic_file_commit:
 *
 * Flushes and syncs what was written and renames it over the destination. On
 * failure the temporary file is removed and the destination left as it was.
 */
gboolean
weft_atomic_file_commit (WeftAtomicFile  *self,
                         GError         **error)
{
  int saved_errno = 0;
  int fd;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->done, FALSE);

  if (self->stream != NULL)
    {
      if (fflush (self->stream) != 0 || ferror (self->stream))
        saved_errno = errno ? errno : EIO;
      if (fclose (self->stream) != 0 && saved_errno == 0)
        saved_errno = errno;
      self->stream = NULL;
    }

  /* Sync by path: a library may have replaced the file behind our stream.
   * A stream's temporary file is only copied and removed: nothing to sync. */
  if (saved_errno == 0 && !self->to_stream)
    {
      fd = g_open (self->temp_path, O_RDONLY, 0);
      if (fd < 0 || fsync (fd) != 0)
        saved_errno = errno;
      if (fd >= 0)
        close (fd);
    }

  if (saved_errno == 0 && self->to_stream)
    {
      saved_errno = copy_to_stream (self->temp_path, self->target);
      g_unlink (self->temp_path);
    }
  else if (saved_errno == 0 && g_rename (self->temp_path, self->target) != 0)
    saved_errno = errno;

  self->done = TRUE;

  if (saved_errno != 0)
    {
      g_unlink (self->temp_path);
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_WRITE, _("Could not write %s: %s"),
                   self->path,
                   saved_errno == ENXIO ? _("it is a named pipe nothing reads from") : g_strerror (saved_errno));
      return FALSE;
    }

  return TRUE;
}

void
weft_atomic_file_abort (WeftAtomicFile *self)
{
  g_return_if_fail (self != NULL);

  if (self->done)
    return;

  if (self->stream != NULL)
    {
      fclose (self->stream);
      self->stream = NULL;
    }
  g_unlink (self->temp_path);
  self->done = TRUE;
}

void
weft_atomic_file_free (WeftAtomicFile *self)
{
  if (self == NULL)
    return;

  weft_atomic_file_abort (self);
  g_free (self->path);
  g_free (self->target);
  g_free (self->temp_path);
  g_free (self);
}

/* weft-input-file.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
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
 * once) and keeps the descriptor only when it is a regular file (@st). */
static int
open_regular (const char   *path,
              struct stat  *st,
              GError      **error)
{
  int fd;

  fd = g_open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0)
    {
      set_errno_error (error, path, errno);
      return -1;
    }
  if (fstat (fd, st) != 0)
    {
      set_errno_error (error, path, errno);
      close (fd);
      return -1;
    }
  if (!S_ISREG (st->st_mode))
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED, _("Could not read %s: %s"),
                   path, describe_kind (st->st_mode));
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
  struct stat st;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);

  fd = open_regular (path, &st, error);
  if (fd < 0)
    return FALSE;
  close (fd);
  return TRUE;
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
  struct stat st;
  gsize n = 0;
  int fd;

  g_return_val_if_fail (path != NULL, -1);
  g_return_val_if_fail (buffer != NULL || size == 0, -1);

  fd = open_regular (path, &st, error);
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

/* The guard. ---------------------------------------------------------------
 *
 * Mapped ranges live in a fixed table the signal handler reads without locks
 * (a handler may take none): a slot is claimed by setting its start from 0
 * and given back by setting it to 0 again. More maps open at once than slots
 * (readers open one or two at a time per thread) are mapped unguarded. */

#define N_GUARD_SLOTS 256

typedef struct
{
  gpointer start;  /* NULL when free */
  gpointer end;
  gint     cut;    /* set by the handler */
} GuardSlot;

static GuardSlot guard_slots[N_GUARD_SLOTS];
static struct sigaction previous_sigbus;
static gsize page_size;  /* set before the handler is, read by it */

struct _WeftInputMap
{
  char  *path;
  char  *data;
  gsize  length;
  gsize  mapped_length;  /* length rounded up to pages; 0 when empty */
  int    slot;           /* -1 when unguarded */
};

static void
on_sigbus (int        signum,
           siginfo_t *info,
           void      *context)
{
  gsize address = (gsize)info->si_addr;

  for (guint i = 0; i < N_GUARD_SLOTS; i++)
    {
      GuardSlot *slot = &guard_slots[i];
      gsize start = GPOINTER_TO_SIZE (g_atomic_pointer_get (&slot->start));
      gsize end = GPOINTER_TO_SIZE (g_atomic_pointer_get (&slot->end));

      if (start != 0 && address >= start && address < end)
        {
          gsize from = address & ~(page_size - 1);

          /* Zeros from the faulting page to the end of the map; the load
           * that faulted runs again and reads them. */
          if (mmap ((void *)from, end - from, PROT_READ,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED)
            break;
          g_atomic_int_set (&slot->cut, 1);
          return;
        }
    }

  /* Not ours: what would have happened without us. */
  if (previous_sigbus.sa_flags & SA_SIGINFO)
    previous_sigbus.sa_sigaction (signum, info, context);
  else if (previous_sigbus.sa_handler != SIG_DFL && previous_sigbus.sa_handler != SIG_IGN)
    previous_sigbus.sa_handler (signum);
  else
    {
      signal (SIGBUS, SIG_DFL);
      raise (SIGBUS);
    }
}

static void
install_guard (void)
{
  static gsize installed = 0;

  if (g_once_init_enter (&installed))
    {
      struct sigaction action = { 0 };

      page_size = (gsize)sysconf (_SC_PAGESIZE);
      action.sa_sigaction = on_sigbus;
      action.sa_flags = SA_SIGINFO | SA_ONSTACK;
      sigemptyset (&action.sa_mask);
      sigaction (SIGBUS, &action, &previous_sigbus);
      g_once_init_leave (&installed, 1);
    }
}

static int
claim_slot (gsize start,
            gsize end)
{
  for (guint i = 0; i < N_GUARD_SLOTS; i++)
    {
      GuardSlot *slot = &guard_slots[i];

      if (g_atomic_pointer_get (&slot->start) == NULL &&
          g_atomic_pointer_compare_and_exchange (&slot->start, NULL, GSIZE_TO_POINTER (start)))
        {
          g_atomic_int_set (&slot->cut, 0);
          g_atomic_pointer_set (&slot->end, GSIZE_TO_POINTER (end));
          return (int)i;
        }
    }
  return -1;
}

/**
 * weft_input_map_open:
 *
 * Maps a regular file to read, guarded against its being cut short. An
 * empty file gives an empty string and a length of 0.
 *
 * Returns: (transfer full): the map, or %NULL with @error set
 *   (%WEFT_ERROR_FAILED naming the path and the reason)
 */
WeftInputMap *
weft_input_map_open (const char  *path,
                     GError     **error)
{
  g_autoptr(WeftInputMap) self = NULL;
  struct stat st;
  gsize page;
  void *data;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  fd = open_regular (path, &st, error);
  if (fd < 0)
    return NULL;

  self = g_new0 (WeftInputMap, 1);
  self->path = g_strdup (path);
  self->slot = -1;
  self->data = (char *)"";
  if (st.st_size == 0)
    {
      close (fd);
      return g_steal_pointer (&self);
    }
  if ((guint64)st.st_size > G_MAXSIZE / 2)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED, _("Could not read %s: it is too big to map"), path);
      close (fd);
      return NULL;
    }

  page = (gsize)sysconf (_SC_PAGESIZE);
  self->length = (gsize)st.st_size;
  self->mapped_length = (self->length + page - 1) & ~(page - 1);
  install_guard ();
  data = mmap (NULL, self->mapped_length, PROT_READ, MAP_PRIVATE, fd, 0);
  close (fd);  /* the mapping outlives the descriptor */
  if (data == MAP_FAILED)
    {
      set_errno_error (error, path, errno);
      self->mapped_length = 0;
      return NULL;
    }
  self->data = data;
  self->slot = claim_slot ((gsize)data, (gsize)data + self->mapped_length);

  return g_steal_pointer (&self);
}

const char *
weft_input_map_get_data (WeftInputMap *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->data;
}

gsize
weft_input_map_get_length (WeftInputMap *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->length;
}

/**
 * weft_input_map_was_cut:
 *
 * Returns: whether the file was found shorter than it was when mapped (its
 *   missing part read as zeros)
 */
gboolean
weft_input_map_was_cut (WeftInputMap *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->slot >= 0 && g_atomic_int_get (&guard_slots[self->slot].cut) != 0;
}

/**
 * weft_input_map_finish:
 * @result: (transfer full) (nullable): what a reader made of the map's data
 * @free_result: how to free it
 * @error: the reader's error, if any
 *
 * Ends a read: @result as it is, unless the file was cut short while it was
 * read, when @result is freed and @error says so instead of what the reader
 * made of the zeros.
 *
 * Returns: (transfer full) (nullable): @result, or %NULL
 */
gpointer
weft_input_map_finish (WeftInputMap    *self,
                       gpointer         result,
                       GDestroyNotify   free_result,
                       GError         **error)
{
  g_autofree char *now = NULL;
  g_autofree char *then = NULL;
  struct stat st;

  g_return_val_if_fail (self != NULL, result);

  if (!weft_input_map_was_cut (self))
    return result;

  if (result != NULL && free_result != NULL)
    free_result (result);
  if (error != NULL)
    g_clear_error (error);
  then = g_strdup_printf ("%" G_GSIZE_FORMAT, self->length);
  if (g_stat (self->path, &st) == 0)
    now = g_strdup_printf ("%" G_GINT64_FORMAT, (gint64)st.st_size);
  else
    now = g_strdup (g_strerror (errno));
  g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED,
               _("%s was cut short while Weft read it (%s bytes when opened, now %s): "
                 "open it again once whatever writes it has finished"),
               self->path, then, now);

  return NULL;
}

void
weft_input_map_free (WeftInputMap *self)
{
  if (self == NULL)
    return;

  if (self->slot >= 0)
    g_atomic_pointer_set (&guard_slots[self->slot].start, NULL);
  if (self->mapped_length > 0)
    munmap (self->data, self->mapped_length);
  g_free (self->path);
  g_free (self);
}

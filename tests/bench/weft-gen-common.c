/* weft-gen-common.c: buffered writer, number formatting and random numbers
 * for the synthetic trace generator.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "weft-gen-common.h"

void
weft_gen_rand_init (WeftGenRand *self,
                    guint64      seed,
                    guint64      stream)
{
  /* Mixing the stream number in gives independent sequences for the parts
   * of a generator, so changing how much one part draws does not shift the
   * numbers every other part sees. */
  self->state = seed ^ (stream * G_GUINT64_CONSTANT (0xd1b54a32d192ed03));
  (void)weft_gen_rand_next (self);
}

gint64
weft_gen_rand_skewed (WeftGenRand *self,
                      gint64       lo,
                      gint64       hi)
{
  gint64 a, b;

  if (weft_gen_rand_chance (self, 1, 40))
    return weft_gen_rand_range (self, hi, hi + (hi - lo) * 9);
  a = weft_gen_rand_range (self, lo, hi);
  b = weft_gen_rand_range (self, lo, hi);
  return MIN (a, b);
}

/* --- Output ------------------------------------------------------------- */

static void
set_errno_error (WeftGenOut *self,
                 int         saved_errno,
                 const char *what)
{
  if (self->error != NULL)
    return;
  g_set_error (&self->error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               "Cannot %s “%s”: %s", what, self->path, g_strerror (saved_errno));
}

WeftGenOut *
weft_gen_out_new (const char  *path,
                  gsize        capacity,
                  GError     **error)
{
  g_autoptr(WeftGenOut) self = NULL;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Cannot create “%s”: %s", path, g_strerror (saved_errno));
      return NULL;
    }
  close (fd);

  self = g_new0 (WeftGenOut, 1);
  self->path = g_strdup (path);
  self->cap = MAX (capacity, 4096);
  self->buf = g_malloc (self->cap);

  return g_steal_pointer (&self);
}

/* The file is opened for each flush and closed again: a chplvis run with
 * hundreds of locales would otherwise need hundreds of descriptors, and with
 * buffers of 64 KiB or more the open costs nothing measurable. */
void
weft_gen_out_flush (WeftGenOut *self)
{
  const char *p = self->buf;
  gsize left = self->len;
  int fd;

  self->len = 0;
  if (left == 0 || self->error != NULL)
    return;

  fd = g_open (self->path, O_WRONLY | O_APPEND | O_CLOEXEC, 0);
  if (fd < 0)
    {
      set_errno_error (self, errno, "open");
      return;
    }

  while (left > 0)
    {
      gssize n = write (fd, p, left);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          set_errno_error (self, n < 0 ? errno : ENOSPC, "write");
          break;
        }
      p += n;
      left -= (gsize)n;
      self->bytes += (guint64)n;
    }

  if (close (fd) != 0)
    set_errno_error (self, errno, "close");
}

gboolean
weft_gen_out_finish (WeftGenOut  *self,
                     GError     **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  weft_gen_out_flush (self);
  if (self->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&self->error));
      return FALSE;
    }
  return TRUE;
}

void
weft_gen_out_free (WeftGenOut *self)
{
  if (self == NULL)
    return;
  g_clear_error (&self->error);
  g_free (self->buf);
  g_free (self->path);
  g_free (self);
}

/* --- Number formatting -------------------------------------------------- */

static const char digit_pairs[201] =
  "00010203040506070809"
  "10111213141516171819"
  "20212223242526272829"
  "30313233343536373839"
  "40414243444546474849"
  "50515253545556575859"
  "60616263646566676869"
  "70717273747576777879"
  "80818283848586878889"
  "90919293949596979899";

char *
weft_gen_fmt_u64 (char    *p,
                  guint64  v)
{
  char tmp[20];
  char *e = tmp + sizeof tmp;
  gsize n;

  while (v >= 100)
    {
      guint64 r = v % 100;

      v /= 100;
      e -= 2;
      memcpy (e, digit_pairs + 2 * r, 2);
    }
  if (v >= 10)
    {
      e -= 2;
      memcpy (e, digit_pairs + 2 * v, 2);
    }
  else
    *--e = (char)('0' + v);

  n = (gsize)(tmp + sizeof tmp - e);
  memcpy (p, e, n);
  return p + n;
}

char *
weft_gen_fmt_i64 (char   *p,
                  gint64  v)
{
  if (v < 0)
    {
      *p++ = '-';
      return weft_gen_fmt_u64 (p, (guint64)0 - (guint64)v);
    }
  return weft_gen_fmt_u64 (p, (guint64)v);
}

char *
weft_gen_fmt_usec6 (char   *p,
                    gint64  v)
{
  guint64 u = (guint64)v;

  g_assert (v >= 0 && v < 1000000);
  memcpy (p, digit_pairs + 2 * (u / 10000), 2);
  memcpy (p + 2, digit_pairs + 2 * (u / 100 % 100), 2);
  memcpy (p + 4, digit_pairs + 2 * (u % 100), 2);
  return p + 6;
}

char *
weft_gen_fmt_hex (char     *p,
                  guint64   v,
                  gboolean  upper)
{
  const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  char tmp[16];
  char *e = tmp + sizeof tmp;
  gsize n;

  do
    {
      *--e = digits[v & 0xf];
      v >>= 4;
    }
  while (v != 0);

  n = (gsize)(tmp + sizeof tmp - e);
  memcpy (p, e, n);
  return p + n;
}

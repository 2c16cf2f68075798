/* weft-gen-common.h: shared parts of the synthetic trace generator.
 *
 * A buffered file writer with hand-written number formatting (the generator
 * must write hundreds of megabytes quickly, and stdio's printf machinery is
 * the bottleneck there), a small deterministic random number generator (so
 * that the same arguments give the same bytes on every machine and GLib
 * version), and the options every format generator receives.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  WEFT_GEN_FORMAT_CHPLVIS,
  WEFT_GEN_FORMAT_VISANDOR,
  WEFT_GEN_FORMAT_MPD,
} WeftGenFormat;

/* chplvis: what the user's program between the tags looks like. */
typedef enum
{
  WEFT_GEN_MIX_DEFAULT, /* a bit of everything, one pause */
  WEFT_GEN_MIX_COMM,    /* long communication bursts and remote atomics: nearly
                         * every line a get/put or fork, as in real stencil runs */
  WEFT_GEN_MIX_TAGS,    /* many short tags with a pause before every fifth */
} WeftGenMix;

typedef struct
{
  WeftGenFormat format;
  guint64       seed;
  guint64       events;    /* approximate number of lines, all files */
  guint         rows;      /* locales, agents or processes */
  guint         tags;      /* chplvis: tagVdebug calls */
  const char   *name;      /* chplvis: the startVdebug root name */
  const char   *out;       /* chplvis: a directory; others: the file */
  gboolean      or_mode;   /* visandor: or-parallel trace */
  guint         vms;       /* mpd: virtual machines (1 = not distributed) */
  guint         addr_bits; /* mpd: 32 or 64 bit process addresses */
  WeftGenMix    mix;       /* chplvis: the program's mix of records */
} WeftGenOptions;

/* Totals a generator reports back, for the summary line. */
typedef struct
{
  guint64 lines;
  guint64 bytes;
  guint   files;
} WeftGenStats;

/* --- Random numbers: splitmix64, fully specified, so output never depends on
 * the platform's generator. ----------------------------------------------- */

typedef struct
{
  guint64 state;
} WeftGenRand;

void weft_gen_rand_init (WeftGenRand *self,
                         guint64      seed,
                         guint64      stream);

static inline guint64
weft_gen_rand_next (WeftGenRand *self)
{
  guint64 z;

  self->state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  z = self->state;
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* Uniform in [0, n); n == 0 gives 0. The multiply-shift mapping has a bias
 * below 2^-32 for the small ranges used here, which does not matter. */
static inline guint64
weft_gen_rand_below (WeftGenRand *self,
                     guint64      n)
{
  return (guint64)(((unsigned __int128)weft_gen_rand_next (self) * n) >> 64);
}

/* Uniform in [lo, hi]. */
static inline gint64
weft_gen_rand_range (WeftGenRand *self,
                     gint64       lo,
                     gint64       hi)
{
  if (hi <= lo)
    return lo;
  return lo + (gint64)weft_gen_rand_below (self, (guint64)(hi - lo) + 1);
}

/* TRUE with probability num/den. */
static inline gboolean
weft_gen_rand_chance (WeftGenRand *self,
                      guint        num,
                      guint        den)
{
  return weft_gen_rand_below (self, den) < num;
}

/* A duration in [lo, hi] that is usually near lo: the minimum of two draws,
 * and now and then a draw from up to ten times the range (real task and
 * message times have long tails). */
gint64 weft_gen_rand_skewed (WeftGenRand *self,
                             gint64       lo,
                             gint64       hi);

/* --- Buffered output ------------------------------------------------------- */

typedef struct
{
  char    *buf;
  gsize    len;
  gsize    cap;
  char    *path;
  GError  *error;   /* the first write error; later writes are dropped */
  guint64  bytes;   /* bytes handed to the kernel so far */
  guint64  lines;   /* lines counted by the generators */
} WeftGenOut;

WeftGenOut *weft_gen_out_new    (const char  *path,
                                 gsize        capacity,
                                 GError     **error);
void        weft_gen_out_flush  (WeftGenOut  *self);
gboolean    weft_gen_out_finish (WeftGenOut  *self,
                                 GError     **error);
void        weft_gen_out_free   (WeftGenOut  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftGenOut, weft_gen_out_free)

/* Returns room for at least n bytes; the caller writes there and hands the
 * end back to weft_gen_out_commit(). */
static inline char *
weft_gen_out_reserve (WeftGenOut *self,
                      gsize       n)
{
  if (self->len + n > self->cap)
    {
      weft_gen_out_flush (self);
      if (n > self->cap)
        {
          self->cap = n;
          self->buf = g_realloc (self->buf, self->cap);
        }
    }
  return self->buf + self->len;
}

static inline void
weft_gen_out_commit (WeftGenOut *self,
                     char       *end)
{
  self->len = (gsize)(end - self->buf);
}

/* --- Formatting into a reserved area. Each returns the new end. ---------- */

char *weft_gen_fmt_u64   (char    *p,
                          guint64  v);
char *weft_gen_fmt_i64   (char    *p,
                          gint64   v);
/* "%06ld" for 0 <= v < 1000000. */
char *weft_gen_fmt_usec6 (char    *p,
                          gint64   v);
/* "%lX" (upper case) or the hex digits of "%#lx" (lower case, no prefix). */
char *weft_gen_fmt_hex   (char    *p,
                          guint64  v,
                          gboolean upper);

static inline char *
weft_gen_fmt_str (char       *p,
                  const char *s,
                  gsize       n)
{
  memcpy (p, s, n);
  return p + n;
}

#define weft_gen_fmt_lit(p, lit) weft_gen_fmt_str ((p), (lit), sizeof (lit) - 1)

static inline char *
weft_gen_fmt_pad (char *p,
                  gsize n)
{
  memset (p, ' ', n);
  return p + n;
}

/* Pads what was written from @start to @p with blanks to @width columns
 * (printf's "%-*s"). */
static inline char *
weft_gen_fmt_pad_to (char  *start,
                     char  *p,
                     gsize  width)
{
  gsize written = (gsize)(p - start);

  return written < width ? weft_gen_fmt_pad (p, width - written) : p;
}

/* --- The generators ------------------------------------------------------ */

gboolean weft_gen_chplvis  (const WeftGenOptions  *options,
                            WeftGenStats          *stats,
                            GError               **error);
gboolean weft_gen_visandor (const WeftGenOptions  *options,
                            WeftGenStats          *stats,
                            GError               **error);
gboolean weft_gen_mpd      (const WeftGenOptions  *options,
                            WeftGenStats          *stats,
                            GError               **error);

G_END_DECLS

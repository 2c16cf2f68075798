/* weft-string-pool.h: interned strings addressed by 32-bit ids.
 *
 * Event tables and readers keep labels, file names and function names as ids so
 * that millions of events share one copy of each string. Id 0 is always "".
 * Not thread-safe: one writer at a time; lookups are safe once writing stopped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>

#include <glib.h>

G_BEGIN_DECLS

/**
 * weft_text_quick_hash:
 *
 * An 8-bit hash of @len bytes from their first and last eight (and @extra),
 * for the small direct-mapped caches that sit in front of hash tables when a
 * file repeats the same few strings millions of times.
 */
static inline guint
weft_text_quick_hash (const char *text,
                      gsize       len,
                      guint32     extra)
{
  guint64 head = 0, tail = 0;

  if (len >= 8)
    {
      memcpy (&head, text, 8);
      memcpy (&tail, text + len - 8, 8);
    }
  else
    memcpy (&head, text, len);

  return (guint)(((head * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) ^
                  (tail * G_GUINT64_CONSTANT (0xC2B2AE3D27D4EB4F)) ^
                  ((guint64)len << 32 | extra) * G_GUINT64_CONSTANT (0x165667B19E3779F9)) >> 56);
}

typedef struct _WeftStringPool WeftStringPool;

WeftStringPool *weft_string_pool_new         (void);
void            weft_string_pool_free        (WeftStringPool *self);
guint32         weft_string_pool_intern      (WeftStringPool *self,
                                              const char     *str);
guint32         weft_string_pool_intern_len  (WeftStringPool *self,
                                              const char     *str,
                                              gsize           len);
const char     *weft_string_pool_lookup      (const WeftStringPool *self,
                                              guint32         id);
guint           weft_string_pool_get_size    (const WeftStringPool *self);
gsize           weft_string_pool_get_memory  (const WeftStringPool *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftStringPool, weft_string_pool_free)

G_END_DECLS

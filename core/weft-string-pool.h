/* weft-string-pool.h: interned strings addressed by 32-bit ids.
 *
 * Event tables and readers keep labels, file names and function names as ids so
 * that millions of events share one copy of each string. Id 0 is always "".
 * Not thread-safe: one writer at a time; lookups are safe once writing stopped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

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

/* weft-string-pool.c
 *
 * Strings live in large chunks so interning costs one hash lookup and, for a new
 * string, a copy into the current chunk; ids index an array of pointers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-string-pool.h"

#define CHUNK_SIZE (64 * 1024)

/* Readers intern the same few names (procedures, files, functions) for
 * millions of records; a direct-mapped cache of recent strings answers a
 * repeat with one short hash and one memcmp instead of a copy to terminate
 * the key and a full g_str_hash. */
#define RECENT_SIZE 256

typedef struct
{
  const char *text;     /* the pool's copy */
  gsize       len;
  guint32     id;
} RecentEntry;

struct _WeftStringPool
{
  GHashTable *ids;      /* const char* (in a chunk) -> id */
  GPtrArray  *strings;  /* id -> const char* */
  GPtrArray  *chunks;
  char       *chunk_pos;
  gsize       chunk_left;
  gsize       memory;
  RecentEntry recent[RECENT_SIZE];
};

WeftStringPool *
weft_string_pool_new (void)
{
  WeftStringPool *self = g_new0 (WeftStringPool, 1);

  self->ids = g_hash_table_new (g_str_hash, g_str_equal);
  self->strings = g_ptr_array_new ();
  self->chunks = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->strings, (gpointer)"");
  g_hash_table_insert (self->ids, (gpointer)"", GUINT_TO_POINTER (0));

  return self;
}

void
weft_string_pool_free (WeftStringPool *self)
{
  if (self == NULL)
    return;

  g_hash_table_unref (self->ids);
  g_ptr_array_unref (self->strings);
  g_ptr_array_unref (self->chunks);
  g_free (self);
}

static char *
pool_copy (WeftStringPool *self,
           const char     *str,
           gsize           len)
{
  char *copy;

  if (len + 1 > self->chunk_left)
    {
      gsize size = MAX (CHUNK_SIZE, len + 1);

      self->chunk_pos = g_malloc (size);
      self->chunk_left = size;
      self->memory += size;
      g_ptr_array_add (self->chunks, self->chunk_pos);
    }

  copy = self->chunk_pos;
  memcpy (copy, str, len);
  copy[len] = '\0';
  self->chunk_pos += len + 1;
  self->chunk_left -= len + 1;

  return copy;
}

guint32
weft_string_pool_intern_len (WeftStringPool *self,
                             const char     *str,
                             gsize           len)
{
  gpointer value;
  char stack_buf[256];
  g_autofree char *heap_buf = NULL;
  RecentEntry *recent;
  char *key;
  guint32 id;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (str != NULL || len == 0, 0);

  if (len == 0)
    return 0;

  recent = &self->recent[weft_text_quick_hash (str, len, 0) % RECENT_SIZE];
  if (recent->text != NULL && recent->len == len && memcmp (recent->text, str, len) == 0)
    return recent->id;

  /* The hash table needs a terminated key; avoid a heap copy for short strings. */
  if (len < sizeof stack_buf)
    key = stack_buf;
  else
    key = heap_buf = g_malloc (len + 1);
  memcpy (key, str, len);
  key[len] = '\0';

  if (g_hash_table_lookup_extended (self->ids, key, (gpointer *)&key, &value))
    {
      id = GPOINTER_TO_UINT (value);
    }
  else
    {
      id = self->strings->len;
      key = pool_copy (self, str, len);
      g_ptr_array_add (self->strings, key);
      g_hash_table_insert (self->ids, key, GUINT_TO_POINTER (id));
    }

  /* strlen, not len: a string with a NUL inside matched a shorter key, and
   * the cache must not compare @len bytes of that shorter copy. */
  recent->text = key;
  recent->len = strlen (key);
  recent->id = id;

  return id;
}

guint32
weft_string_pool_intern (WeftStringPool *self,
                         const char     *str)
{
  g_return_val_if_fail (self != NULL, 0);

  if (str == NULL)
    return 0;

  return weft_string_pool_intern_len (self, str, strlen (str));
}

/**
 * weft_string_pool_lookup:
 *
 * Returns: the string with @id, or "" for an id that was never handed out.
 */
const char *
weft_string_pool_lookup (const WeftStringPool *self,
                         guint32               id)
{
  g_return_val_if_fail (self != NULL, "");

  if (id >= self->strings->len)
    return "";

  return g_ptr_array_index (self->strings, id);
}

guint
weft_string_pool_get_size (const WeftStringPool *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->strings->len;
}

gsize
weft_string_pool_get_memory (const WeftStringPool *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->memory + self->strings->len * (sizeof (gpointer) * 4);
}

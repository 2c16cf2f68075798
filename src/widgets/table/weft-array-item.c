/* weft-array-item.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-array-item.h"

struct _WeftArrayItem
{
  GObject  parent_instance;

  GArray  *array;
  guint    index;
};

G_DEFINE_FINAL_TYPE (WeftArrayItem, weft_array_item, G_TYPE_OBJECT)

static void
weft_array_item_finalize (GObject *object)
{
  WeftArrayItem *self = (WeftArrayItem *)object;

  g_clear_pointer (&self->array, g_array_unref);

  G_OBJECT_CLASS (weft_array_item_parent_class)->finalize (object);
}

static void
weft_array_item_class_init (WeftArrayItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = weft_array_item_finalize;
}

static void
weft_array_item_init (WeftArrayItem *self)
{
}

/**
 * weft_array_item_new:
 * @array: an array nobody changes any more (the item keeps a reference)
 * @index: an index in @array
 */
WeftArrayItem *
weft_array_item_new (GArray *array,
                             guint   index)
{
  WeftArrayItem *self;

  g_return_val_if_fail (array != NULL, NULL);
  g_return_val_if_fail (index < array->len, NULL);

  self = g_object_new (WEFT_TYPE_ARRAY_ITEM, NULL);
  self->array = g_array_ref (array);
  self->index = index;

  return self;
}

guint
weft_array_item_get_index (WeftArrayItem *self)
{
  g_return_val_if_fail (WEFT_IS_ARRAY_ITEM (self), 0);

  return self->index;
}

/**
 * weft_array_item_peek:
 *
 * Returns: (transfer none): the element, valid as long as the item.
 */
gconstpointer
weft_array_item_peek (WeftArrayItem *self)
{
  g_return_val_if_fail (WEFT_IS_ARRAY_ITEM (self), NULL);

  return self->array->data + (gsize)self->index * g_array_get_element_size (self->array);
}

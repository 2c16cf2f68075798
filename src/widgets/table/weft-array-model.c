/* weft-array-model.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-array-model.h"
#include "weft-background.h"

/* Rows from which the array is let go on a thread of its own. */
#define BACKGROUND_FREE_ROWS 100000

struct _WeftArrayModel
{
  GObject  parent_instance;

  GArray  *array;
};

enum {
  PROP_0,
  PROP_N_ITEMS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void weft_array_model_list_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftArrayModel, weft_array_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, weft_array_model_list_init))

static GType
weft_array_model_get_item_type (GListModel *model)
{
  return WEFT_TYPE_ARRAY_ITEM;
}

static guint
weft_array_model_get_n_items (GListModel *model)
{
  WeftArrayModel *self = WEFT_ARRAY_MODEL (model);

  return self->array != NULL ? self->array->len : 0;
}

static gpointer
weft_array_model_get_item (GListModel *model,
                                   guint       position)
{
  WeftArrayModel *self = WEFT_ARRAY_MODEL (model);

  if (self->array == NULL || position >= self->array->len)
    return NULL;

  return weft_array_item_new (self->array, position);
}

static void
weft_array_model_list_init (GListModelInterface *iface)
{
  iface->get_item_type = weft_array_model_get_item_type;
  iface->get_n_items = weft_array_model_get_n_items;
  iface->get_item = weft_array_model_get_item;
}

static void
weft_array_model_finalize (GObject *object)
{
  WeftArrayModel *self = (WeftArrayModel *)object;

  /* A long table's rows (a 10^7-line MPD trace has 1.26 million processes)
   * take 70-100 ms to free, and a closing tab finalizes the model on the
   * main thread. */
  if (self->array != NULL && self->array->len >= BACKGROUND_FREE_ROWS)
    weft_background_free (g_steal_pointer (&self->array), (GDestroyNotify)g_array_unref);
  g_clear_pointer (&self->array, g_array_unref);

  G_OBJECT_CLASS (weft_array_model_parent_class)->finalize (object);
}

static void
weft_array_model_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  WeftArrayModel *self = WEFT_ARRAY_MODEL (object);

  switch (prop_id)
    {
    case PROP_N_ITEMS:
      g_value_set_uint (value, weft_array_model_get_n_items (G_LIST_MODEL (self)));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_array_model_class_init (WeftArrayModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = weft_array_model_finalize;
  object_class->get_property = weft_array_model_get_property;

  properties[PROP_N_ITEMS] =
    g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
weft_array_model_init (WeftArrayModel *self)
{
}

WeftArrayModel *
weft_array_model_new (void)
{
  return g_object_new (WEFT_TYPE_ARRAY_MODEL, NULL);
}

/**
 * weft_array_model_get_array:
 *
 * Returns: (transfer none) (nullable): the array shown.
 */
GArray *
weft_array_model_get_array (WeftArrayModel *self)
{
  g_return_val_if_fail (WEFT_IS_ARRAY_MODEL (self), NULL);

  return self->array;
}

/**
 * weft_array_model_set_array:
 * @array: (nullable): the rows; the model keeps a reference and the caller
 *   must not change the array afterwards
 *
 * Replaces every row.
 */
void
weft_array_model_set_array (WeftArrayModel *self,
                                    GArray                *array)
{
  guint removed, added;

  g_return_if_fail (WEFT_IS_ARRAY_MODEL (self));

  if (array == self->array)
    return;

  removed = self->array != NULL ? self->array->len : 0;
  added = array != NULL ? array->len : 0;
  g_clear_pointer (&self->array, g_array_unref);
  if (array != NULL)
    self->array = g_array_ref (array);

  g_list_model_items_changed (G_LIST_MODEL (self), 0, removed, added);
  if (removed != added)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
}

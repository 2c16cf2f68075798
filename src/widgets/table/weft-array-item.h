/* weft-array-item.h: one element of an array shown in a list.
 *
 * The items of WeftArrayModel: a reference to the model's array and
 * an index, made when a list asks for them, so that a table of a million
 * communications does not hold a million objects until someone sorts it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define WEFT_TYPE_ARRAY_ITEM (weft_array_item_get_type ())

G_DECLARE_FINAL_TYPE (WeftArrayItem, weft_array_item, WEFT, ARRAY_ITEM, GObject)

WeftArrayItem *weft_array_item_new       (GArray               *array,
                                                         guint                 index);
guint                 weft_array_item_get_index (WeftArrayItem *self);
gconstpointer         weft_array_item_peek      (WeftArrayItem *self);

G_END_DECLS

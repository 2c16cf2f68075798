/* weft-array-model.h: a GArray as a GListModel of WeftArrayItem.
 *
 * Pages hold their tables' rows in plain arrays (often computed in a
 * thread); this model
 * shows such an array to GTK's list widgets and creates an item only when a
 * widget asks for one. A new array replaces the old one as a whole: arrays
 * are never changed once given to the model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "weft-array-item.h"

G_BEGIN_DECLS

#define WEFT_TYPE_ARRAY_MODEL (weft_array_model_get_type ())

G_DECLARE_FINAL_TYPE (WeftArrayModel, weft_array_model, WEFT, ARRAY_MODEL, GObject)

WeftArrayModel *weft_array_model_new       (void);
GArray                *weft_array_model_get_array (WeftArrayModel *self);
void                   weft_array_model_set_array (WeftArrayModel *self,
                                                           GArray                *array);

G_END_DECLS

/* weft-chplvis-array-model.h: a GArray as a GListModel of WeftChplvisArrayItem.
 *
 * The Chapel page's tables (communication lists, locales, profile, source
 * lines) hold their rows in plain arrays computed in a thread; this model
 * shows such an array to GTK's list widgets and creates an item only when a
 * widget asks for one. A new array replaces the old one as a whole: arrays
 * are never changed once given to the model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "weft-chplvis-array-item.h"

G_BEGIN_DECLS

#define WEFT_TYPE_CHPLVIS_ARRAY_MODEL (weft_chplvis_array_model_get_type ())

G_DECLARE_FINAL_TYPE (WeftChplvisArrayModel, weft_chplvis_array_model, WEFT, CHPLVIS_ARRAY_MODEL, GObject)

WeftChplvisArrayModel *weft_chplvis_array_model_new       (void);
GArray                *weft_chplvis_array_model_get_array (WeftChplvisArrayModel *self);
void                   weft_chplvis_array_model_set_array (WeftChplvisArrayModel *self,
                                                           GArray                *array);

G_END_DECLS

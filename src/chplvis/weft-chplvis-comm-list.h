/* weft-chplvis-comm-list.h: a table of gets, puts and forks.
 *
 * What chplvis's users asked for in its wish list ("clicking a comm link →
 * list every comm with a link to its source"), and its task communication
 * list: one row per record with its time, kind, locales, bytes, task, source
 * line and comm ID (or, for a fork, the function it runs), sortable by any
 * column and filtered by a search entry. Activating a row emits
 * "record-activated" so that the page opens the source line.
 *
 * CSS name: chplviscommlist.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-chplvis-dataset.h"

G_BEGIN_DECLS

#define WEFT_TYPE_CHPLVIS_COMM_LIST (weft_chplvis_comm_list_get_type ())

G_DECLARE_FINAL_TYPE (WeftChplvisCommList, weft_chplvis_comm_list, WEFT, CHPLVIS_COMM_LIST, GtkWidget)

GtkWidget      *weft_chplvis_comm_list_new              (void);
void            weft_chplvis_comm_list_set_dataset      (WeftChplvisCommList *self,
                                                         WeftChplvisDataset  *dataset);
GArray         *weft_chplvis_comm_list_get_records      (WeftChplvisCommList *self);
void            weft_chplvis_comm_list_set_records      (WeftChplvisCommList *self,
                                                         GArray              *records);
GListModel     *weft_chplvis_comm_list_get_model        (WeftChplvisCommList *self);
GtkColumnView  *weft_chplvis_comm_list_get_column_view  (WeftChplvisCommList *self);
GtkSearchEntry *weft_chplvis_comm_list_get_search_entry (WeftChplvisCommList *self);
void            weft_chplvis_comm_list_activate_row     (WeftChplvisCommList *self,
                                                         guint                position);

G_END_DECLS

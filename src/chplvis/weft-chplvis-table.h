/* weft-chplvis-table.h: the rows behind one of the Chapel page's tables.
 *
 * The communication lists, the locales and the profile show an array of
 * records in a GtkColumnView the same way: the array as a list model,
 * filtered by a casefolded search text when the table has a search entry
 * (no filter at all while the text is empty), sorted by the column headers,
 * a single selection that starts empty, a label counting the rows shown and
 * a click that selects its row. WeftChplvisTable builds and owns that chain
 * for the widget showing it; the widget keeps its columns, its texts and its
 * signals, and drops the table before its template (the filter and the
 * count call back into it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-chplvis-array-item.h"

G_BEGIN_DECLS

#define WEFT_TYPE_CHPLVIS_TABLE (weft_chplvis_table_get_type ())

G_DECLARE_FINAL_TYPE (WeftChplvisTable, weft_chplvis_table, WEFT, CHPLVIS_TABLE, GObject)

/* Whether @element (an array element) is shown for @search: casefolded,
 * stripped and never empty. */
typedef gboolean (*WeftChplvisTableMatch) (gconstpointer element,
                                           const char   *search,
                                           gpointer      user_data);
/* The count label's text, newly allocated: @shown of @total rows. */
typedef char    *(*WeftChplvisTableCount) (guint         shown,
                                           guint         total);

WeftChplvisTable     *weft_chplvis_table_new             (GtkColumnView         *column_view,
                                                          WeftChplvisTableMatch  match,
                                                          gpointer               user_data);
void                  weft_chplvis_table_set_incremental (WeftChplvisTable      *self,
                                                          gboolean               incremental);
void                  weft_chplvis_table_set_count_label (WeftChplvisTable      *self,
                                                          GtkLabel              *label,
                                                          WeftChplvisTableCount  count);
void                  weft_chplvis_table_set_search      (WeftChplvisTable      *self,
                                                          const char            *text);
GArray               *weft_chplvis_table_get_array       (WeftChplvisTable      *self);
void                  weft_chplvis_table_set_array       (WeftChplvisTable      *self,
                                                          GArray                *array);
GListModel           *weft_chplvis_table_get_model       (WeftChplvisTable      *self);
GtkSingleSelection   *weft_chplvis_table_get_selection   (WeftChplvisTable      *self);
WeftChplvisArrayItem *weft_chplvis_table_select          (WeftChplvisTable      *self,
                                                          guint                  position);
gboolean              weft_chplvis_table_match_text      (const char            *text,
                                                          const char            *search);

G_END_DECLS

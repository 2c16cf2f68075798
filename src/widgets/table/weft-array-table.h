/* weft-array-table.h: the rows behind a searchable, sortable table.
 *
 * Every family's tables (Chapel's communication lists, locales and profile,
 * and the tables of the other pages) show an array of records in a
 * GtkColumnView the same way: the array as a list model,
 * filtered by a casefolded search text when the table has a search entry
 * (no filter at all while the text is empty), sorted by the column headers,
 * a single selection that starts empty, a label counting the rows shown and
 * a click that selects its row. WeftArrayTable builds and owns that chain
 * for the widget showing it; the widget keeps its columns, its texts and its
 * signals, and drops the table before its template (the filter and the
 * count call back into it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-array-item.h"

G_BEGIN_DECLS

#define WEFT_TYPE_ARRAY_TABLE (weft_array_table_get_type ())

G_DECLARE_FINAL_TYPE (WeftArrayTable, weft_array_table, WEFT, ARRAY_TABLE, GObject)

/* Whether @element (an array element) is shown for @search: casefolded,
 * stripped and never empty (weft_text_contains_folded() compares a text with
 * it). */
typedef gboolean (*WeftArrayTableMatch) (gconstpointer element,
                                           const char   *search,
                                           gpointer      user_data);
/* The count label's text, newly allocated: @shown of @total rows. */
typedef char    *(*WeftArrayTableCount) (guint         shown,
                                           guint         total);

WeftArrayTable     *weft_array_table_new             (GtkColumnView         *column_view,
                                                          WeftArrayTableMatch  match,
                                                          gpointer               user_data);
void                  weft_array_table_set_incremental (WeftArrayTable      *self,
                                                          gboolean               incremental);
void                  weft_array_table_set_count_label (WeftArrayTable      *self,
                                                          GtkLabel              *label,
                                                          WeftArrayTableCount  count);
void                  weft_array_table_set_search      (WeftArrayTable      *self,
                                                          const char            *text);
GArray               *weft_array_table_get_array       (WeftArrayTable      *self);
void                  weft_array_table_set_array       (WeftArrayTable      *self,
                                                          GArray                *array);
GListModel           *weft_array_table_get_model       (WeftArrayTable      *self);
GtkSingleSelection   *weft_array_table_get_selection   (WeftArrayTable      *self);
WeftArrayItem *weft_array_table_select          (WeftArrayTable      *self,
                                                          guint                  position);

G_END_DECLS

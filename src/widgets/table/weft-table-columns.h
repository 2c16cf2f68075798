/* weft-table-columns.h: sortable GtkColumnView columns over array items.
 *
 * Every page's tables (Chapel's communication lists, locales, profile; DDT's
 * comparisons) show
 * WeftArrayItem rows; their columns only differ in how they turn an
 * element into text, a number and an order. These helpers build such a
 * column: a label (numbers right-aligned, with tabular figures) or a
 * WeftBarCell (a number over a bar as long as its share of the column's
 * largest value), and a sorter the column header drives.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkWidget           *weft_table_cell_label_new    (gboolean               numeric);

/* Text of @element (an array element) in column @column, newly allocated. */
typedef char   *(*WeftTableColumnText)  (gconstpointer element,
                                           guint         column,
                                           gpointer      user_data);
/* The number of @element in @column: the bar's length and the sort key. */
typedef double  (*WeftTableColumnValue) (gconstpointer element,
                                           guint         column,
                                           gpointer      user_data);

/* The colour @element stands for in a view beside the table, as 0xRRGGBBAA
 * (alpha 0: none), shown as a dot before the text: the table is that view's
 * legend. */
typedef guint32 (*WeftTableColumnColor) (gconstpointer element,
                                           guint         column,
                                           gpointer      user_data);

GtkColumnViewColumn *weft_table_column_new_text   (const char            *title,
                                                     guint                  column,
                                                     WeftTableColumnText  text,
                                                     GCompareDataFunc       compare,
                                                     gpointer               user_data);
GtkColumnViewColumn *weft_table_column_new_number (const char            *title,
                                                     guint                  column,
                                                     WeftTableColumnText  text,
                                                     WeftTableColumnValue value,
                                                     const double          *max,
                                                     gpointer               user_data);
void                 weft_table_column_set_color  (GtkColumnViewColumn  *column,
                                                     WeftTableColumnColor  color);
double               weft_table_column_max        (GArray                *array,
                                                     guint                  column,
                                                     WeftTableColumnValue value,
                                                     gpointer               user_data);

G_END_DECLS

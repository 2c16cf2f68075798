/* weft-bar-cell.h: a number with a proportional bar behind it.
 *
 * For table cells (a GtkColumnView built with a GtkSignalListItemFactory):
 * the per-locale table of a Chapel page shows tasks, CPU and clock as
 * numbers, each over a bar as long as its share of the column's maximum, so
 * that a busy locale stands out without a separate chart.
 *
 *   static void
 *   setup_cb (GtkSignalListItemFactory *factory, GtkListItem *item)
 *   {
 *     gtk_list_item_set_child (item, weft_bar_cell_new ());
 *   }
 *
 *   static void
 *   bind_cb (GtkSignalListItemFactory *factory, GtkListItem *item, Page *page)
 *   {
 *     guint row = …;  (from the item)
 *     double v = weft_value_table_get (page->values, row, page->column);
 *     g_autofree char *text = weft_grid_format_value ("count", v);
 *
 *     weft_bar_cell_set_value (WEFT_BAR_CELL (gtk_list_item_get_child (item)),
 *                              v, page->column_max, text);
 *   }
 *
 * CSS name: barcell (its child is a GtkLabel with the "numeric" style class).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define WEFT_TYPE_BAR_CELL (weft_bar_cell_get_type ())

G_DECLARE_FINAL_TYPE (WeftBarCell, weft_bar_cell, WEFT, BAR_CELL, GtkWidget)

GtkWidget  *weft_bar_cell_new          (void);
double      weft_bar_cell_get_fraction (WeftBarCell *self);
void        weft_bar_cell_set_fraction (WeftBarCell *self,
                                        double       fraction);
const char *weft_bar_cell_get_text     (WeftBarCell *self);
void        weft_bar_cell_set_text     (WeftBarCell *self,
                                        const char  *text);
void        weft_bar_cell_set_value    (WeftBarCell *self,
                                        double       value,
                                        double       max,
                                        const char  *text);

G_END_DECLS

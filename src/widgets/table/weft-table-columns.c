/* weft-table-columns.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-bar-cell.h"
#include "weft-array-item.h"
#include "weft-label-tooltip.h"
#include "weft-table-columns.h"

/* BLACK CIRCLE: the colour's mark before a cell's text. */
#define COLOR_DOT "\u25CF"

typedef struct
{
  WeftTableColumnText  text;
  WeftTableColumnValue value;
  WeftTableColumnColor color;
  const double          *max;
  GCompareDataFunc       compare;
  guint                  column;
  gpointer               user_data;
  gboolean               numeric;
} ColumnData;

/**
 * weft_table_cell_label_new:
 * @numeric: a number, aligned right, or text, aligned left and ellipsized
 *   in the middle (its whole text on hover)
 *
 * Returns: (transfer floating): a table cell's label
 */
GtkWidget *
weft_table_cell_label_new (gboolean numeric)
{
  GtkWidget *label = gtk_label_new (NULL);

  if (numeric)
    {
      gtk_label_set_xalign (GTK_LABEL (label), 1.0);
      gtk_widget_add_css_class (label, "numeric");
    }
  else
    {
      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
      weft_label_show_full_text_on_hover (GTK_LABEL (label));
    }

  return label;
}

static void
setup_label_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                ColumnData               *data)
{
  gtk_list_item_set_child (item, weft_table_cell_label_new (data->numeric));
}

static void
bind_label_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               ColumnData               *data)
{
  WeftArrayItem *row = gtk_list_item_get_item (item);
  GtkWidget *label = gtk_list_item_get_child (item);
  gconstpointer element = weft_array_item_peek (row);
  g_autofree char *text = data->text (element, data->column, data->user_data);
  guint32 rgba = data->color != NULL ? data->color (element, data->column, data->user_data) : 0;

  if ((rgba & 0xff) != 0)
    {
      g_autoptr(PangoAttrList) attrs = pango_attr_list_new ();
      g_autofree char *dotted = g_strconcat (COLOR_DOT " ", text, NULL);
      PangoAttribute *attr = pango_attr_foreground_new ((rgba >> 24) * 257, ((rgba >> 16) & 0xff) * 257,
                                                        ((rgba >> 8) & 0xff) * 257);

      attr->start_index = 0;
      attr->end_index = strlen (COLOR_DOT);
      pango_attr_list_insert (attrs, attr);
      gtk_label_set_label (GTK_LABEL (label), dotted);
      gtk_label_set_attributes (GTK_LABEL (label), attrs);
      return;
    }
  gtk_label_set_label (GTK_LABEL (label), text);
  gtk_label_set_attributes (GTK_LABEL (label), NULL);
}

static void
setup_bar_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              ColumnData               *data)
{
  gtk_list_item_set_child (item, weft_bar_cell_new ());
}

static void
bind_bar_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             ColumnData               *data)
{
  WeftArrayItem *row = gtk_list_item_get_item (item);
  gconstpointer element = weft_array_item_peek (row);
  g_autofree char *text = data->text (element, data->column, data->user_data);

  weft_bar_cell_set_value (WEFT_BAR_CELL (gtk_list_item_get_child (item)),
                           data->value (element, data->column, data->user_data),
                           *data->max, text);
}

static int
compare_items_cb (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  ColumnData *data = user_data;
  gconstpointer x = weft_array_item_peek ((WeftArrayItem *)a);
  gconstpointer y = weft_array_item_peek ((WeftArrayItem *)b);

  if (data->compare != NULL)
    return data->compare (x, y, data->user_data);

  {
    double vx = data->value (x, data->column, data->user_data);
    double vy = data->value (y, data->column, data->user_data);

    return (vx > vy) - (vx < vy);
  }
}

static GtkColumnViewColumn *
column_new (const char *title,
            ColumnData *data,
            gboolean    bar)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;
  GtkSorter *sorter;

  g_signal_connect (factory, "setup", G_CALLBACK (bar ? setup_bar_cb : setup_label_cb), data);
  g_signal_connect (factory, "bind", G_CALLBACK (bar ? bind_bar_cb : bind_label_cb), data);

  column = gtk_column_view_column_new (title, factory);
  sorter = GTK_SORTER (gtk_custom_sorter_new (compare_items_cb, data, NULL));
  gtk_column_view_column_set_sorter (column, sorter);
  g_object_unref (sorter);
  gtk_column_view_column_set_resizable (column, TRUE);
  /* The data lives as long as the column, which the factory and sorter
   * (that use it) never outlive in a column view. */
  g_object_set_data_full (G_OBJECT (column), "weft-column-data", data, g_free);

  return column;
}

/**
 * weft_table_column_new_text:
 * @compare: orders two elements (ascending)
 *
 * Returns: (transfer full): a column of left-aligned, middle-ellipsized text.
 */
GtkColumnViewColumn *
weft_table_column_new_text (const char            *title,
                              guint                  column,
                              WeftTableColumnText  text,
                              GCompareDataFunc       compare,
                              gpointer               user_data)
{
  ColumnData *data;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (compare != NULL, NULL);

  data = g_new0 (ColumnData, 1);
  data->text = text;
  data->column = column;
  data->compare = compare;
  data->user_data = user_data;

  return column_new (title, data, FALSE);
}

/**
 * weft_table_column_new_number:
 * @column: passed to the callbacks (which column this is)
 * @max: (nullable): where the caller keeps the column's largest value, for
 *   bars (read at every bind, so it can change with the rows); %NULL for a
 *   plain right-aligned number
 *
 * Returns: (transfer full): a numeric column sorted by @value.
 */
GtkColumnViewColumn *
weft_table_column_new_number (const char             *title,
                                guint                   column,
                                WeftTableColumnText   text,
                                WeftTableColumnValue  value,
                                const double           *max,
                                gpointer                user_data)
{
  ColumnData *data;

  g_return_val_if_fail (text != NULL, NULL);
  g_return_val_if_fail (value != NULL, NULL);

  data = g_new0 (ColumnData, 1);
  data->text = text;
  data->value = value;
  data->max = max;
  data->column = column;
  data->user_data = user_data;
  data->numeric = TRUE;

  return column_new (title, data, max != NULL);
}

/**
 * weft_table_column_set_color:
 * @column: a column from weft_table_column_new_text()
 * @color: the colour of each row's mark
 *
 * Puts a dot of each row's colour before its text.
 */
void
weft_table_column_set_color (GtkColumnViewColumn  *column,
                             WeftTableColumnColor  color)
{
  ColumnData *data;

  g_return_if_fail (GTK_IS_COLUMN_VIEW_COLUMN (column));

  data = g_object_get_data (G_OBJECT (column), "weft-column-data");
  g_return_if_fail (data != NULL && !data->numeric);
  data->color = color;
}

/**
 * weft_table_column_max:
 * @array: (nullable): the rows
 *
 * Returns: the largest @value of @column over @array (0 when empty), without
 *   making an item per row.
 */
double
weft_table_column_max (GArray                 *array,
                         guint                   column,
                         WeftTableColumnValue  value,
                         gpointer                user_data)
{
  double max = 0;
  guint size;

  if (array == NULL)
    return 0;
  size = g_array_get_element_size (array);
  for (guint i = 0; i < array->len; i++)
    max = MAX (max, value (array->data + (gsize)i * size, column, user_data));

  return max;
}

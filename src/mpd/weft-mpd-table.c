/* weft-mpd-table.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "weft-array-table.h"
#include "weft-mpd-table.h"
#include "weft-table-columns.h"
#include "weft-text-match.h"

struct _WeftMpdTable
{
  GtkWidget       parent_instance;

  WeftArrayTable *table;
  guint           n_columns;
  gboolean        numeric[WEFT_MPD_TABLE_MAX_COLUMNS];

  GtkWidget      *box;
  GtkWidget      *search;
  GtkWidget      *count;
  GtkColumnView  *column_view;
};

G_DEFINE_FINAL_TYPE (WeftMpdTable, weft_mpd_table, GTK_TYPE_WIDGET)

typedef struct
{
  WeftMpdTable *table;
  guint         column;
} Column;


/* Room for "%.0f" of any double a row holds (counts, lines, Lamport times). */
#define NUMBER_SIZE 32

static void
clear_row (gpointer data)
{
  WeftMpdTableRow *row = data;

  for (guint c = 0; c < WEFT_MPD_TABLE_MAX_COLUMNS; c++)
    if (row->owned & (1u << c))
      g_free ((char *)row->cells[c]);
}

const char *
weft_mpd_table_row_get_text (const WeftMpdTableRow *row,
                             guint                  column,
                             gboolean               numeric,
                             char                  *buffer,
                             gsize                  buffer_size)
{
  g_return_val_if_fail (column < WEFT_MPD_TABLE_MAX_COLUMNS, "");

  if (row->cells[column] != NULL)
    return row->cells[column];
  if (!numeric)
    return "";
  g_snprintf (buffer, buffer_size, "%.0f", row->values[column]);

  return buffer;
}

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          Column                   *column)
{
  gtk_list_item_set_child (item, weft_table_cell_label_new (column->table->numeric[column->column]));
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *item,
         Column                   *column)
{
  const WeftMpdTableRow *row = weft_array_item_peek (gtk_list_item_get_item (item));
  GtkWidget *label = gtk_list_item_get_child (item);
  char number[NUMBER_SIZE];

  gtk_label_set_label (GTK_LABEL (label), weft_mpd_table_row_get_text (row, column->column,
                                                                       column->table->numeric[column->column],
                                                                       number, sizeof number));
}

static int
compare_cb (gconstpointer a,
            gconstpointer b,
            gpointer      user_data)
{
  Column *column = user_data;
  const WeftMpdTableRow *x = weft_array_item_peek ((WeftArrayItem *)a);
  const WeftMpdTableRow *y = weft_array_item_peek ((WeftArrayItem *)b);
  guint c = column->column;

  if (column->table->numeric[c])
    return (x->values[c] > y->values[c]) - (x->values[c] < y->values[c]);

  return g_strcmp0 (x->cells[c], y->cells[c]);
}

static gboolean
match_cb (gconstpointer element,
          const char   *search,
          gpointer      user_data)
{
  WeftMpdTable *self = user_data;
  const WeftMpdTableRow *row = element;
  /* A number as shown is digits and perhaps a minus: other searches need not
   * write the row's numbers out. */
  gboolean numbers_may_match = search[strspn (search, "-0123456789")] == '\0';
  char number[NUMBER_SIZE];

  for (guint c = 0; c < self->n_columns; c++)
    {
      if (row->cells[c] == NULL && self->numeric[c] && !numbers_may_match)
        continue;
      if (weft_text_contains_folded (weft_mpd_table_row_get_text (row, c, self->numeric[c], number, sizeof number),
                                       search))
        return TRUE;
    }

  return FALSE;
}

static char *
count_cb (guint shown,
          guint total)
{
  if (shown == total)
    return g_strdup_printf (ngettext ("%u row", "%u rows", total), total);

  return g_strdup_printf (_("%u of %u rows"), shown, total);
}

static void
search_changed_cb (GtkSearchEntry *entry,
                   WeftMpdTable   *self)
{
  weft_array_table_set_search (self->table, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
weft_mpd_table_dispose (GObject *object)
{
  WeftMpdTable *self = (WeftMpdTable *)object;

  /* The filter and the count call back into us: drop the chain first. */
  g_clear_object (&self->table);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (weft_mpd_table_parent_class)->dispose (object);
}

static void
weft_mpd_table_class_init (WeftMpdTableClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = weft_mpd_table_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "mpdtable");
}

static void
weft_mpd_table_init (WeftMpdTable *self)
{
}

GtkWidget *
weft_mpd_table_new (const char         *name,
                    const char * const *titles)
{
  WeftMpdTable *self = g_object_new (WEFT_TYPE_MPD_TABLE, NULL);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *scroller = gtk_scrolled_window_new ();

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  self->search = gtk_search_entry_new ();
  gtk_widget_set_hexpand (self->search, TRUE);
  gtk_widget_set_tooltip_text (self->search, _("Show only rows containing this text"));
  /* What is searched: an empty bar across the page said nothing. */
  g_object_set (self->search, "placeholder-text", name, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Search"), -1);
  self->count = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->count, "dim-label");
  gtk_box_append (GTK_BOX (bar), self->search);
  gtk_box_append (GTK_BOX (bar), self->count);
  gtk_widget_add_css_class (bar, "toolbar");
  gtk_box_append (GTK_BOX (self->box), bar);

  self->column_view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_column_view_set_show_column_separators (self->column_view, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->column_view), "data-table");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->column_view), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->column_view));
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (self->box), scroller);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  self->table = weft_array_table_new (self->column_view, match_cb, self);
  weft_array_table_set_count_label (self->table, GTK_LABEL (self->count), count_cb);
  g_signal_connect (self->search, "search-changed", G_CALLBACK (search_changed_cb), self);

  for (guint c = 0; titles[c] != NULL && c < WEFT_MPD_TABLE_MAX_COLUMNS; c++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      Column *column = g_new0 (Column, 1);
      GtkColumnViewColumn *view_column;
      GtkSorter *sorter;
      const char *title = titles[c];

      self->numeric[c] = title[0] == '#';
      column->table = self;
      column->column = c;
      g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), column);
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), column);
      view_column = gtk_column_view_column_new (self->numeric[c] ? title + 1 : title, factory);
      sorter = GTK_SORTER (gtk_custom_sorter_new (compare_cb, column, NULL));
      gtk_column_view_column_set_sorter (view_column, sorter);
      g_object_unref (sorter);
      gtk_column_view_column_set_resizable (view_column, TRUE);
      gtk_column_view_column_set_expand (view_column, !self->numeric[c]);
      g_object_set_data_full (G_OBJECT (view_column), "weft-mpd-column", column, g_free);
      gtk_column_view_append_column (self->column_view, view_column);
      g_object_unref (view_column);
      self->n_columns = c + 1;
    }

  return GTK_WIDGET (self);
}

GArray *
weft_mpd_table_rows_new (guint reserve)
{
  GArray *rows = g_array_sized_new (FALSE, TRUE, sizeof (WeftMpdTableRow), reserve);

  g_array_set_clear_func (rows, clear_row);
  return rows;
}

void
weft_mpd_table_set_status (WeftMpdTable *self,
                           const char   *text)
{
  g_return_if_fail (WEFT_IS_MPD_TABLE (self));

  gtk_label_set_label (GTK_LABEL (self->count), text);
}

void
weft_mpd_table_set_rows (WeftMpdTable *self,
                         GArray       *rows)
{
  g_return_if_fail (WEFT_IS_MPD_TABLE (self));

  weft_array_table_set_array (self->table, rows);
  g_array_unref (rows);
}

GListModel *
weft_mpd_table_get_model (WeftMpdTable *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_TABLE (self), NULL);

  return weft_array_table_get_model (self->table);
}

GtkEditable *
weft_mpd_table_get_search (WeftMpdTable *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_TABLE (self), NULL);

  return GTK_EDITABLE (self->search);
}

GtkSingleSelection *
weft_mpd_table_get_selection (WeftMpdTable *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_TABLE (self), NULL);

  return weft_array_table_get_selection (self->table);
}

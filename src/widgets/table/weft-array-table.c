/* weft-array-table.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-array-model.h"
#include "weft-array-table.h"

struct _WeftArrayTable
{
  GObject                parent_instance;

  WeftArrayModel *records;
  GtkFilterListModel    *filter_model;  /* NULL for a table without search */
  GtkSortListModel      *sort_model;
  GtkSingleSelection    *selection;

  WeftArrayTableMatch  match;
  gpointer               match_data;
  char                  *search;        /* casefolded, NULL when empty */

  GtkLabel              *count_label;
  WeftArrayTableCount  count;
  gboolean               incremental;   /* asked for, whatever the length */
};

/* Rows from which a table searches and sorts a chunk at a time between
 * frames: at once, a search of 200,000 DDT comparison values held the window
 * 300-390 ms a keystroke, and of an MPD trace's 1.26 million processes
 * seconds. */
#define INCREMENTAL_ROWS 20000

static void
apply_incremental (WeftArrayTable *self)
{
  GArray *array = weft_array_model_get_array (self->records);
  gboolean incremental = self->incremental || (array != NULL && array->len >= INCREMENTAL_ROWS);

  if (self->filter_model != NULL)
    gtk_filter_list_model_set_incremental (self->filter_model, incremental);
  gtk_sort_list_model_set_incremental (self->sort_model, incremental);
}

G_DEFINE_FINAL_TYPE (WeftArrayTable, weft_array_table, G_TYPE_OBJECT)

static void
update_count (WeftArrayTable *self)
{
  g_autofree char *text = NULL;

  if (self->count_label == NULL)
    return;

  text = self->count (g_list_model_get_n_items (G_LIST_MODEL (self->sort_model)),
                      g_list_model_get_n_items (G_LIST_MODEL (self->records)));
  gtk_label_set_label (self->count_label, text);
}

static gboolean
filter_cb (gpointer item,
           gpointer user_data)
{
  WeftArrayTable *self = user_data;

  return self->search == NULL ||
         self->match (weft_array_item_peek (item), self->search, self->match_data);
}

static void
weft_array_table_dispose (GObject *object)
{
  WeftArrayTable *self = (WeftArrayTable *)object;

  /* The column view may keep the models a little longer: first stop the
   * filter (it calls into the widget) and the counting (its label goes with
   * the widget's template). */
  if (self->filter_model != NULL)
    gtk_filter_list_model_set_filter (self->filter_model, NULL);
  if (self->sort_model != NULL)
    g_signal_handlers_disconnect_by_data (self->sort_model, self);
  g_clear_object (&self->count_label);
  g_clear_object (&self->selection);
  g_clear_object (&self->sort_model);
  g_clear_object (&self->filter_model);
  g_clear_object (&self->records);

  G_OBJECT_CLASS (weft_array_table_parent_class)->dispose (object);
}

static void
weft_array_table_finalize (GObject *object)
{
  WeftArrayTable *self = (WeftArrayTable *)object;

  g_clear_pointer (&self->search, g_free);

  G_OBJECT_CLASS (weft_array_table_parent_class)->finalize (object);
}

static void
weft_array_table_class_init (WeftArrayTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = weft_array_table_dispose;
  object_class->finalize = weft_array_table_finalize;
}

static void
weft_array_table_init (WeftArrayTable *self)
{
}

/**
 * weft_array_table_new:
 * @column_view: the view showing the rows; its sorter sorts them and it gets
 *   the selection as its model
 * @match: (nullable): what a search shows; %NULL for a table without search
 *
 * Returns: (transfer full): an empty table
 */
WeftArrayTable *
weft_array_table_new (GtkColumnView         *column_view,
                        WeftArrayTableMatch  match,
                        gpointer               user_data)
{
  WeftArrayTable *self;
  GListModel *shown;

  g_return_val_if_fail (GTK_IS_COLUMN_VIEW (column_view), NULL);

  self = g_object_new (WEFT_TYPE_ARRAY_TABLE, NULL);
  self->match = match;
  self->match_data = user_data;

  self->records = weft_array_model_new ();
  shown = G_LIST_MODEL (self->records);
  if (match != NULL)
    {
      self->filter_model = gtk_filter_list_model_new (g_object_ref (shown), NULL);
      shown = G_LIST_MODEL (self->filter_model);
    }
  self->sort_model = gtk_sort_list_model_new (g_object_ref (shown),
                                              g_object_ref (gtk_column_view_get_sorter (column_view)));
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->sort_model)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (column_view, GTK_SELECTION_MODEL (self->selection));

  return self;
}

/**
 * weft_array_table_set_incremental:
 *
 * Whether searching and sorting go a chunk at a time, between frames, even
 * for a short list (a long one always does).
 */
void
weft_array_table_set_incremental (WeftArrayTable *self,
                                    gboolean          incremental)
{
  g_return_if_fail (WEFT_IS_ARRAY_TABLE (self));

  self->incremental = incremental;
  apply_incremental (self);
}

/**
 * weft_array_table_set_count_label:
 * @count: the label's text for a number of rows shown and in all
 *
 * Keeps @label saying how many rows are shown, from now on.
 */
void
weft_array_table_set_count_label (WeftArrayTable      *self,
                                    GtkLabel              *label,
                                    WeftArrayTableCount  count)
{
  g_return_if_fail (WEFT_IS_ARRAY_TABLE (self));
  g_return_if_fail (GTK_IS_LABEL (label));
  g_return_if_fail (count != NULL);
  g_return_if_fail (self->count_label == NULL);

  self->count_label = g_object_ref (label);
  self->count = count;
  g_signal_connect_object (self->sort_model, "items-changed", G_CALLBACK (update_count), self, G_CONNECT_SWAPPED);
  update_count (self);
}

/**
 * weft_array_table_set_search:
 * @text: (nullable): what the search entry says
 *
 * Shows only the rows that match @text (stripped, casefolded); all of them
 * when it is empty.
 */
void
weft_array_table_set_search (WeftArrayTable *self,
                               const char       *text)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));
  GtkFilter *filter = NULL;

  g_return_if_fail (WEFT_IS_ARRAY_TABLE (self));
  g_return_if_fail (self->filter_model != NULL);

  g_clear_pointer (&self->search, g_free);
  if (stripped[0] != '\0')
    {
      self->search = g_utf8_casefold (stripped, -1);
      filter = GTK_FILTER (gtk_custom_filter_new (filter_cb, self, NULL));
    }
  /* No filter at all when the entry is empty: nothing to walk. */
  gtk_filter_list_model_set_filter (self->filter_model, filter);
  g_clear_object (&filter);
}

/**
 * weft_array_table_get_array:
 *
 * Returns: (transfer none) (nullable): every row, in the order given
 */
GArray *
weft_array_table_get_array (WeftArrayTable *self)
{
  g_return_val_if_fail (WEFT_IS_ARRAY_TABLE (self), NULL);

  return weft_array_model_get_array (self->records);
}

/**
 * weft_array_table_set_array:
 * @array: (nullable): the rows (kept by reference; not to be changed
 *   afterwards)
 */
void
weft_array_table_set_array (WeftArrayTable *self,
                              GArray           *array)
{
  g_return_if_fail (WEFT_IS_ARRAY_TABLE (self));

  weft_array_model_set_array (self->records, array);
  apply_incremental (self);
  update_count (self);
}

/**
 * weft_array_table_get_model:
 *
 * Returns: (transfer none): the rows as shown: filtered and sorted
 *   (WeftArrayItem)
 */
GListModel *
weft_array_table_get_model (WeftArrayTable *self)
{
  g_return_val_if_fail (WEFT_IS_ARRAY_TABLE (self), NULL);

  return G_LIST_MODEL (self->sort_model);
}

/**
 * weft_array_table_get_selection:
 *
 * Returns: (transfer none): the column view's model, over the rows as shown
 */
GtkSingleSelection *
weft_array_table_get_selection (WeftArrayTable *self)
{
  g_return_val_if_fail (WEFT_IS_ARRAY_TABLE (self), NULL);

  return self->selection;
}

/**
 * weft_array_table_select:
 * @position: a row as shown (filtered and sorted)
 *
 * Selects the row at @position, as a click on it does.
 *
 * Returns: (transfer full) (nullable): the row's item, which keeps its
 *   element alive while the widget reports it; %NULL when there is no such
 *   row (nothing is selected then)
 */
WeftArrayItem *
weft_array_table_select (WeftArrayTable *self,
                           guint             position)
{
  WeftArrayItem *item;

  g_return_val_if_fail (WEFT_IS_ARRAY_TABLE (self), NULL);

  item = g_list_model_get_item (G_LIST_MODEL (self->sort_model), position);
  if (item != NULL)
    gtk_single_selection_set_selected (self->selection, position);

  return item;
}

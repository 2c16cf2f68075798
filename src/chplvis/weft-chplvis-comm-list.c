/* weft-chplvis-comm-list.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "weft-table-columns.h"
#include "weft-text-match.h"
#include "weft-chplvis-comm-list.h"
#include "weft-array-table.h"
#include "weft-units.h"

struct _WeftChplvisCommList
{
  GtkWidget            parent_instance;

  WeftChplvisDataset  *dataset;
  WeftArrayTable    *table;

  GtkWidget           *box;
  GtkSearchEntry      *search_entry;
  GtkLabel            *count_label;
  GtkColumnView       *column_view;
};

enum {
  RECORD_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (WeftChplvisCommList, weft_chplvis_comm_list, GTK_TYPE_WIDGET)

/* Cells ----------------------------------------------------------------------- */

static const WeftChplvisTrace *
get_trace (WeftChplvisCommList *self)
{
  return self->dataset != NULL ? weft_chplvis_dataset_get_trace (self->dataset) : NULL;
}

static char *
source_text (WeftChplvisCommList         *self,
             const WeftChplvisCommRecord *record)
{
  const WeftChplvisTrace *trace = get_trace (self);
  const char *name = trace != NULL ? weft_chplvis_trace_get_file_name (trace, record->src_file) : NULL;
  g_autofree char *base = NULL;

  if (name == NULL || record->src_line <= 0)
    return g_strdup ("—");
  base = g_path_get_basename (name);

  return g_strdup_printf ("%s:%d", base, record->src_line);
}

static char *
id_text (WeftChplvisCommList         *self,
         const WeftChplvisCommRecord *record)
{
  const WeftChplvisTrace *trace = get_trace (self);

  if (record->fid >= 0 && trace != NULL)
    {
      const WeftChplvisFunction *function = weft_chplvis_trace_get_function (trace, record->fid);

      if (function != NULL && function->name != NULL)
        return g_strdup (function->name);
      return g_strdup_printf (_("function %d"), record->fid);
    }
  if (record->comm_id >= 0)
    return g_strdup_printf ("%d", record->comm_id);

  return g_strdup ("—");
}

static char *
time_text_cb (gconstpointer element,
              guint         column,
              gpointer      user_data)
{
  return weft_format_duration (((const WeftChplvisCommRecord *)element)->time);
}

static double
time_value_cb (gconstpointer element,
               guint         column,
               gpointer      user_data)
{
  return (double)((const WeftChplvisCommRecord *)element)->time;
}

static char *
kind_text_cb (gconstpointer element,
              guint         column,
              gpointer      user_data)
{
  const WeftChplvisCommRecord *record = element;
  const char *name = weft_chplvis_record_kind_name (record->kind);

  /* VisualDebug's own traffic is listed (task lists) but marked. */
  if (record->overhead)
    return g_strdup_printf (_("%s (VisualDebug)"), name);

  return g_strdup (name);
}

static int
kind_compare_cb (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const WeftChplvisCommRecord *x = a;
  const WeftChplvisCommRecord *y = b;

  return ((int)x->kind > (int)y->kind) - ((int)x->kind < (int)y->kind);
}

static char *
direction_text_cb (gconstpointer element,
                   guint         column,
                   gpointer      user_data)
{
  const WeftChplvisCommRecord *record = element;

  return g_strdup_printf ("%u → %u", record->from, record->to);
}

static int
direction_compare_cb (gconstpointer a,
                      gconstpointer b,
                      gpointer      user_data)
{
  const WeftChplvisCommRecord *x = a;
  const WeftChplvisCommRecord *y = b;

  if (x->from != y->from)
    return (x->from > y->from) - (x->from < y->from);

  return (x->to > y->to) - (x->to < y->to);
}

static char *
bytes_text_cb (gconstpointer element,
               guint         column,
               gpointer      user_data)
{
  const WeftChplvisCommRecord *record = element;
  g_autofree char *bytes = weft_format_bytes (record->bytes);

  /* Strided transfers: what was multiplied. */
  if (record->elem_size > 1)
    return g_strdup_printf ("%s (%" G_GUINT64_FORMAT " × %" G_GUINT64_FORMAT ")",
                            bytes, record->elem_size, record->length);

  return g_steal_pointer (&bytes);
}

static double
bytes_value_cb (gconstpointer element,
                guint         column,
                gpointer      user_data)
{
  return (double)((const WeftChplvisCommRecord *)element)->bytes;
}

static char *
task_text_cb (gconstpointer element,
              guint         column,
              gpointer      user_data)
{
  return g_strdup_printf ("%" G_GUINT64_FORMAT, ((const WeftChplvisCommRecord *)element)->tid);
}

static double
task_value_cb (gconstpointer element,
               guint         column,
               gpointer      user_data)
{
  return (double)((const WeftChplvisCommRecord *)element)->tid;
}

static char *
source_text_cb (gconstpointer element,
                guint         column,
                gpointer      user_data)
{
  return source_text (user_data, element);
}

static int
source_compare_cb (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  g_autofree char *x = source_text (user_data, a);
  g_autofree char *y = source_text (user_data, b);
  int by_name = g_utf8_collate (x, y);

  if (by_name != 0)
    return by_name;

  return (((const WeftChplvisCommRecord *)a)->src_line > ((const WeftChplvisCommRecord *)b)->src_line) -
         (((const WeftChplvisCommRecord *)a)->src_line < ((const WeftChplvisCommRecord *)b)->src_line);
}

static char *
id_text_cb (gconstpointer element,
            guint         column,
            gpointer      user_data)
{
  return id_text (user_data, element);
}

static int
id_compare_cb (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  const WeftChplvisCommRecord *x = a;
  const WeftChplvisCommRecord *y = b;

  if ((x->fid >= 0) != (y->fid >= 0))
    return x->fid >= 0 ? 1 : -1;
  if (x->fid >= 0)
    {
      g_autofree char *tx = id_text (user_data, x);
      g_autofree char *ty = id_text (user_data, y);

      return g_utf8_collate (tx, ty);
    }

  return (x->comm_id > y->comm_id) - (x->comm_id < y->comm_id);
}

static void
add_columns (WeftChplvisCommList *self)
{
  GtkColumnViewColumn *columns[] = {
    weft_table_column_new_number (_("Time"), 0, time_text_cb, time_value_cb, NULL, self),
    weft_table_column_new_text (_("Kind"), 1, kind_text_cb, kind_compare_cb, self),
    weft_table_column_new_text (_("From → To"), 2, direction_text_cb, direction_compare_cb, self),
    weft_table_column_new_number (_("Bytes"), 3, bytes_text_cb, bytes_value_cb, NULL, self),
    weft_table_column_new_number (_("Task"), 4, task_text_cb, task_value_cb, NULL, self),
    weft_table_column_new_text (_("Source"), 5, source_text_cb, source_compare_cb, self),
    weft_table_column_new_text (_("Comm ID / Function"), 6, id_text_cb, id_compare_cb, self),
  };

  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      /* The source and the function take what room there is. */
      gtk_column_view_column_set_expand (columns[i], i >= 5);
      gtk_column_view_append_column (self->column_view, columns[i]);
      g_object_unref (columns[i]);
    }
}

/* Filtering ------------------------------------------------------------------- */

static gboolean
match_cb (gconstpointer element,
          const char   *search,
          gpointer      user_data)
{
  WeftChplvisCommList *self = user_data;
  const WeftChplvisCommRecord *record = element;
  const WeftChplvisTrace *trace = get_trace (self);
  const char *file = trace != NULL ? weft_chplvis_trace_get_file_name (trace, record->src_file) : NULL;
  g_autofree char *kind = kind_text_cb (record, 0, self);
  g_autofree char *direction = direction_text_cb (record, 0, self);
  g_autofree char *task = task_text_cb (record, 0, self);
  g_autofree char *source = source_text (self, record);
  g_autofree char *full_source = g_strdup_printf ("%s:%d", file != NULL ? file : "", record->src_line);
  g_autofree char *id = id_text (self, record);

  return weft_text_contains_folded (kind, search) || weft_text_contains_folded (direction, search) ||
         weft_text_contains_folded (task, search) || weft_text_contains_folded (source, search) ||
         weft_text_contains_folded (full_source, search) || weft_text_contains_folded (id, search);
}

static char *
count_text (guint shown,
            guint total)
{
  if (shown == total)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u communication", "%u communications", total), total);

  return g_strdup_printf (_("%u of %u"), shown, total);
}

static void
search_changed_cb (WeftChplvisCommList *self,
                   GtkSearchEntry      *entry)
{
  weft_array_table_set_search (self->table, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
activate_cb (WeftChplvisCommList *self,
             guint                position)
{
  weft_chplvis_comm_list_activate_row (self, position);
}

/* Life ------------------------------------------------------------------------ */

static void
weft_chplvis_comm_list_dispose (GObject *object)
{
  WeftChplvisCommList *self = (WeftChplvisCommList *)object;

  /* Before the template: the table's search and count call back into self
   * and its count label. */
  g_clear_object (&self->table);
  gtk_widget_dispose_template (GTK_WIDGET (self), WEFT_TYPE_CHPLVIS_COMM_LIST);
  g_clear_object (&self->dataset);

  G_OBJECT_CLASS (weft_chplvis_comm_list_parent_class)->dispose (object);
}

static void
weft_chplvis_comm_list_class_init (WeftChplvisCommListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_chplvis_comm_list_dispose;

  /**
   * WeftChplvisCommList::record-activated:
   * @record: (type gpointer): the const WeftChplvisCommRecord clicked
   *
   * A row was clicked or activated with Enter: show its source line.
   */
  signals[RECORD_ACTIVATED] =
    g_signal_new ("record-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/ui/chplvis/weft-chplvis-comm-list.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "chplviscommlist");
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisCommList, box);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisCommList, search_entry);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisCommList, count_label);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisCommList, column_view);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, activate_cb);
}

static void
weft_chplvis_comm_list_init (WeftChplvisCommList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->table = weft_array_table_new (self->column_view, match_cb, self);
  /* Long lists are filtered and sorted a chunk at a time, between frames. */
  weft_array_table_set_incremental (self->table, TRUE);
  add_columns (self);
  weft_array_table_set_count_label (self->table, self->count_label, count_text);
}

GtkWidget *
weft_chplvis_comm_list_new (void)
{
  return g_object_new (WEFT_TYPE_CHPLVIS_COMM_LIST, NULL);
}

/**
 * weft_chplvis_comm_list_set_dataset:
 *
 * The run the records come from (for file and function names).
 */
void
weft_chplvis_comm_list_set_dataset (WeftChplvisCommList *self,
                                    WeftChplvisDataset  *dataset)
{
  g_return_if_fail (WEFT_IS_CHPLVIS_COMM_LIST (self));
  g_return_if_fail (!dataset || WEFT_IS_CHPLVIS_DATASET (dataset));

  g_set_object (&self->dataset, dataset);
}

/**
 * weft_chplvis_comm_list_get_records:
 *
 * Returns: (transfer none) (nullable) (element-type WeftChplvisCommRecord):
 *   every record of the list, in the order given.
 */
GArray *
weft_chplvis_comm_list_get_records (WeftChplvisCommList *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_COMM_LIST (self), NULL);

  return weft_array_table_get_array (self->table);
}

/**
 * weft_chplvis_comm_list_set_records:
 * @records: (nullable) (element-type WeftChplvisCommRecord): the rows (kept
 *   by reference; not to be changed afterwards)
 */
void
weft_chplvis_comm_list_set_records (WeftChplvisCommList *self,
                                    GArray              *records)
{
  g_return_if_fail (WEFT_IS_CHPLVIS_COMM_LIST (self));
  g_return_if_fail (records == NULL || g_array_get_element_size (records) == sizeof (WeftChplvisCommRecord));

  weft_array_table_set_array (self->table, records);
}

/**
 * weft_chplvis_comm_list_get_model:
 *
 * Returns: (transfer none): the rows as shown: filtered and sorted
 *   (WeftArrayItem of WeftChplvisCommRecord).
 */
GListModel *
weft_chplvis_comm_list_get_model (WeftChplvisCommList *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_COMM_LIST (self), NULL);

  return weft_array_table_get_model (self->table);
}

GtkColumnView *
weft_chplvis_comm_list_get_column_view (WeftChplvisCommList *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_COMM_LIST (self), NULL);

  return self->column_view;
}

GtkSearchEntry *
weft_chplvis_comm_list_get_search_entry (WeftChplvisCommList *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_COMM_LIST (self), NULL);

  return self->search_entry;
}

/**
 * weft_chplvis_comm_list_activate_row:
 * @position: a row as shown (filtered and sorted)
 *
 * Does what a click on the row does: selects it and emits "record-activated".
 */
void
weft_chplvis_comm_list_activate_row (WeftChplvisCommList *self,
                                     guint                position)
{
  g_autoptr(WeftArrayItem) item = NULL;

  g_return_if_fail (WEFT_IS_CHPLVIS_COMM_LIST (self));

  item = weft_array_table_select (self->table, position);
  if (item != NULL)
    g_signal_emit (self, signals[RECORD_ACTIVATED], 0, weft_array_item_peek (item));
}

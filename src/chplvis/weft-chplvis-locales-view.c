/* weft-chplvis-locales-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "weft-table-columns.h"
#include "weft-chplvis-locales-view.h"
#include "weft-array-table.h"
#include "weft-grid-util.h"

struct _WeftChplvisLocalesView
{
  GtkWidget         parent_instance;

  WeftArrayTable *table;
  double            max[WEFT_CHPLVIS_N_LOCALE_COLUMNS];   /* the bars' scale */

  GtkWidget        *scroller;
  GtkColumnView    *column_view;
};

enum {
  LOCALE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (WeftChplvisLocalesView, weft_chplvis_locales_view, GTK_TYPE_WIDGET)

static char *
locale_text_cb (gconstpointer element,
                guint         column,
                gpointer      user_data)
{
  return g_strdup_printf ("%u", ((const WeftChplvisLocaleRow *)element)->locale);
}

static double
locale_value_cb (gconstpointer element,
                 guint         column,
                 gpointer      user_data)
{
  return ((const WeftChplvisLocaleRow *)element)->locale;
}

/* @column: a WeftChplvisLocaleColumn */
static double
value_cb (gconstpointer element,
          guint         column,
          gpointer      user_data)
{
  return weft_chplvis_locale_stats_get (&((const WeftChplvisLocaleRow *)element)->stats, column);
}

static char *
text_cb (gconstpointer element,
         guint         column,
         gpointer      user_data)
{
  return weft_grid_format_value (weft_chplvis_locale_column_unit (column), value_cb (element, column, user_data));
}

static void
add_columns (WeftChplvisLocalesView *self)
{
  const char *titles[WEFT_CHPLVIS_N_LOCALE_COLUMNS] = {
    [WEFT_CHPLVIS_LOCALE_TASKS] = _("Tasks"),
    [WEFT_CHPLVIS_LOCALE_CPU_USER] = _("CPU User"),
    [WEFT_CHPLVIS_LOCALE_CPU_SYS] = _("CPU System"),
    [WEFT_CHPLVIS_LOCALE_CLOCK] = _("Clock"),
    [WEFT_CHPLVIS_LOCALE_MAX_CONCURRENCY] = _("Max Concurrency"),
    [WEFT_CHPLVIS_LOCALE_COMM_OUT_COUNT] = _("Comm Out"),
    [WEFT_CHPLVIS_LOCALE_COMM_OUT_BYTES] = _("Out Bytes"),
    [WEFT_CHPLVIS_LOCALE_COMM_IN_COUNT] = _("Comm In"),
    [WEFT_CHPLVIS_LOCALE_COMM_IN_BYTES] = _("In Bytes"),
  };
  GtkColumnViewColumn *column;

  /* The locale's number, then every figure over a bar but the CPU total
   * (the sum of the two CPU columns). */
  column = weft_table_column_new_number (_("Locale"), 0, locale_text_cb, locale_value_cb, NULL, self);
  gtk_column_view_append_column (self->column_view, column);
  g_object_unref (column);

  for (guint c = 0; c < WEFT_CHPLVIS_N_LOCALE_COLUMNS; c++)
    {
      if (c == WEFT_CHPLVIS_LOCALE_CPU)
        continue;
      column = weft_table_column_new_number (titles[c], c, text_cb, value_cb, &self->max[c], self);
      gtk_column_view_column_set_expand (column, TRUE);
      gtk_column_view_append_column (self->column_view, column);
      g_object_unref (column);
    }
}

static void
activate_cb (WeftChplvisLocalesView *self,
             guint                   position)
{
  weft_chplvis_locales_view_activate_row (self, position);
}

static void
weft_chplvis_locales_view_dispose (GObject *object)
{
  WeftChplvisLocalesView *self = (WeftChplvisLocalesView *)object;

  g_clear_object (&self->table);
  gtk_widget_dispose_template (GTK_WIDGET (self), WEFT_TYPE_CHPLVIS_LOCALES_VIEW);

  G_OBJECT_CLASS (weft_chplvis_locales_view_parent_class)->dispose (object);
}

static void
weft_chplvis_locales_view_class_init (WeftChplvisLocalesViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_chplvis_locales_view_dispose;

  /**
   * WeftChplvisLocalesView::locale-activated:
   * @locale: the locale of the row clicked
   */
  signals[LOCALE_ACTIVATED] =
    g_signal_new ("locale-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/ui/chplvis/weft-chplvis-locales-view.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "chplvislocalesview");
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisLocalesView, scroller);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisLocalesView, column_view);
  gtk_widget_class_bind_template_callback (widget_class, activate_cb);
}

static void
weft_chplvis_locales_view_init (WeftChplvisLocalesView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* No search entry: every locale is listed. */
  self->table = weft_array_table_new (self->column_view, NULL, NULL);
  add_columns (self);
}

GtkWidget *
weft_chplvis_locales_view_new (void)
{
  return g_object_new (WEFT_TYPE_CHPLVIS_LOCALES_VIEW, NULL);
}

/**
 * weft_chplvis_locales_view_set_figures:
 *
 * Shows the locales of @figures; the sort order and the selected locale stay.
 */
void
weft_chplvis_locales_view_set_figures (WeftChplvisLocalesView *self,
                                       WeftChplvisFigures     *figures)
{
  g_autoptr(GArray) rows = NULL;
  GtkSingleSelection *selection;
  GListModel *shown;
  guint selected_locale = G_MAXUINT;
  guint selected;

  g_return_if_fail (WEFT_IS_CHPLVIS_LOCALES_VIEW (self));
  g_return_if_fail (figures != NULL);

  selection = weft_array_table_get_selection (self->table);
  shown = weft_array_table_get_model (self->table);
  selected = gtk_single_selection_get_selected (selection);
  if (selected != GTK_INVALID_LIST_POSITION)
    {
      g_autoptr(WeftArrayItem) item = g_list_model_get_item (shown, selected);

      selected_locale = ((const WeftChplvisLocaleRow *)weft_array_item_peek (item))->locale;
    }

  rows = g_array_sized_new (FALSE, FALSE, sizeof (WeftChplvisLocaleRow), figures->n_locales);
  for (guint i = 0; i < figures->n_locales; i++)
    {
      WeftChplvisLocaleRow row = { i, figures->locales[i] };

      g_array_append_val (rows, row);
    }
  /* The bars' scale first: binding reads it. */
  for (guint c = 0; c < WEFT_CHPLVIS_N_LOCALE_COLUMNS; c++)
    self->max[c] = weft_table_column_max (rows, c, value_cb, self);

  weft_array_table_set_array (self->table, rows);

  if (selected_locale != G_MAXUINT)
    for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
      {
        g_autoptr(WeftArrayItem) item = g_list_model_get_item (shown, i);

        if (((const WeftChplvisLocaleRow *)weft_array_item_peek (item))->locale == selected_locale)
          {
            gtk_single_selection_set_selected (selection, i);
            break;
          }
      }
}

/**
 * weft_chplvis_locales_view_get_model:
 *
 * Returns: (transfer none): the rows as shown (sorted), WeftArrayItem
 *   of WeftChplvisLocaleRow.
 */
GListModel *
weft_chplvis_locales_view_get_model (WeftChplvisLocalesView *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_LOCALES_VIEW (self), NULL);

  return weft_array_table_get_model (self->table);
}

GtkColumnView *
weft_chplvis_locales_view_get_column_view (WeftChplvisLocalesView *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_LOCALES_VIEW (self), NULL);

  return self->column_view;
}

/**
 * weft_chplvis_locales_view_activate_row:
 * @position: a row as shown
 *
 * Does what a click on the row does.
 */
void
weft_chplvis_locales_view_activate_row (WeftChplvisLocalesView *self,
                                        guint                   position)
{
  g_autoptr(WeftArrayItem) item = NULL;

  g_return_if_fail (WEFT_IS_CHPLVIS_LOCALES_VIEW (self));

  item = weft_array_table_select (self->table, position);
  if (item != NULL)
    g_signal_emit (self, signals[LOCALE_ACTIVATED], 0,
                   ((const WeftChplvisLocaleRow *)weft_array_item_peek (item))->locale);
}

/* weft-chplvis-locales-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "weft-chplvis-columns.h"
#include "weft-chplvis-locales-view.h"
#include "weft-chplvis-table.h"
#include "weft-units.h"

typedef enum
{
  COLUMN_LOCALE,
  COLUMN_TASKS,
  COLUMN_CPU_USER,
  COLUMN_CPU_SYS,
  COLUMN_CLOCK,
  COLUMN_MAX_CONCURRENCY,
  COLUMN_OUT_COUNT,
  COLUMN_OUT_BYTES,
  COLUMN_IN_COUNT,
  COLUMN_IN_BYTES,
  N_COLUMNS
} Column;

struct _WeftChplvisLocalesView
{
  GtkWidget         parent_instance;

  WeftChplvisTable *table;
  double            max[N_COLUMNS];   /* the bars' scale */

  GtkWidget        *scroller;
  GtkColumnView    *column_view;
};

enum {
  LOCALE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (WeftChplvisLocalesView, weft_chplvis_locales_view, GTK_TYPE_WIDGET)

static double
value_cb (gconstpointer element,
          guint         column,
          gpointer      user_data)
{
  const WeftChplvisLocaleRow *row = element;
  const WeftChplvisLocaleStats *s = &row->stats;

  switch ((Column)column)
    {
    case COLUMN_LOCALE:
      return row->locale;
    case COLUMN_TASKS:
      return (double)s->tasks;
    case COLUMN_CPU_USER:
      return s->cpu_user;
    case COLUMN_CPU_SYS:
      return s->cpu_sys;
    case COLUMN_CLOCK:
      return s->clock;
    case COLUMN_MAX_CONCURRENCY:
      return s->max_concurrency;
    case COLUMN_OUT_COUNT:
      return (double)s->comm_out_count;
    case COLUMN_OUT_BYTES:
      return (double)s->comm_out_bytes;
    case COLUMN_IN_COUNT:
      return (double)s->comm_in_count;
    case COLUMN_IN_BYTES:
      return (double)s->comm_in_bytes;
    case N_COLUMNS:
    default:
      g_return_val_if_reached (0);
    }
}

static char *
text_cb (gconstpointer element,
         guint         column,
         gpointer      user_data)
{
  const WeftChplvisLocaleRow *row = element;
  const WeftChplvisLocaleStats *s = &row->stats;

  switch ((Column)column)
    {
    case COLUMN_LOCALE:
      return g_strdup_printf ("%u", row->locale);
    case COLUMN_TASKS:
      return weft_format_count (s->tasks);
    case COLUMN_CPU_USER:
      return weft_format_seconds (s->cpu_user);
    case COLUMN_CPU_SYS:
      return weft_format_seconds (s->cpu_sys);
    case COLUMN_CLOCK:
      return weft_format_seconds (s->clock);
    case COLUMN_MAX_CONCURRENCY:
      return weft_format_count (s->max_concurrency);
    case COLUMN_OUT_COUNT:
      return weft_format_count (s->comm_out_count);
    case COLUMN_OUT_BYTES:
      return weft_format_bytes (s->comm_out_bytes);
    case COLUMN_IN_COUNT:
      return weft_format_count (s->comm_in_count);
    case COLUMN_IN_BYTES:
      return weft_format_bytes (s->comm_in_bytes);
    case N_COLUMNS:
    default:
      g_return_val_if_reached (NULL);
    }
}

static void
add_columns (WeftChplvisLocalesView *self)
{
  const char *titles[N_COLUMNS] = {
    [COLUMN_LOCALE] = _("Locale"),
    [COLUMN_TASKS] = _("Tasks"),
    [COLUMN_CPU_USER] = _("CPU User"),
    [COLUMN_CPU_SYS] = _("CPU System"),
    [COLUMN_CLOCK] = _("Clock"),
    [COLUMN_MAX_CONCURRENCY] = _("Max Concurrency"),
    [COLUMN_OUT_COUNT] = _("Comm Out"),
    [COLUMN_OUT_BYTES] = _("Out Bytes"),
    [COLUMN_IN_COUNT] = _("Comm In"),
    [COLUMN_IN_BYTES] = _("In Bytes"),
  };

  for (guint c = 0; c < N_COLUMNS; c++)
    {
      /* Every figure but the locale's number has a bar. */
      const double *max = c == COLUMN_LOCALE ? NULL : &self->max[c];
      GtkColumnViewColumn *column = weft_chplvis_column_new_number (titles[c], c, text_cb, value_cb, max, self);

      gtk_column_view_column_set_expand (column, c != COLUMN_LOCALE);
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
  self->table = weft_chplvis_table_new (self->column_view, NULL, NULL);
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

  selection = weft_chplvis_table_get_selection (self->table);
  shown = weft_chplvis_table_get_model (self->table);
  selected = gtk_single_selection_get_selected (selection);
  if (selected != GTK_INVALID_LIST_POSITION)
    {
      g_autoptr(WeftChplvisArrayItem) item = g_list_model_get_item (shown, selected);

      selected_locale = ((const WeftChplvisLocaleRow *)weft_chplvis_array_item_peek (item))->locale;
    }

  rows = g_array_sized_new (FALSE, FALSE, sizeof (WeftChplvisLocaleRow), figures->n_locales);
  for (guint i = 0; i < figures->n_locales; i++)
    {
      WeftChplvisLocaleRow row = { i, figures->locales[i] };

      g_array_append_val (rows, row);
    }
  /* The bars' scale first: binding reads it. */
  for (guint c = 0; c < N_COLUMNS; c++)
    self->max[c] = weft_chplvis_column_max (rows, c, value_cb, self);

  weft_chplvis_table_set_array (self->table, rows);

  if (selected_locale != G_MAXUINT)
    for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
      {
        g_autoptr(WeftChplvisArrayItem) item = g_list_model_get_item (shown, i);

        if (((const WeftChplvisLocaleRow *)weft_chplvis_array_item_peek (item))->locale == selected_locale)
          {
            gtk_single_selection_set_selected (selection, i);
            break;
          }
      }
}

/**
 * weft_chplvis_locales_view_get_model:
 *
 * Returns: (transfer none): the rows as shown (sorted), WeftChplvisArrayItem
 *   of WeftChplvisLocaleRow.
 */
GListModel *
weft_chplvis_locales_view_get_model (WeftChplvisLocalesView *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_LOCALES_VIEW (self), NULL);

  return weft_chplvis_table_get_model (self->table);
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
  g_autoptr(WeftChplvisArrayItem) item = NULL;

  g_return_if_fail (WEFT_IS_CHPLVIS_LOCALES_VIEW (self));

  item = weft_chplvis_table_select (self->table, position);
  if (item != NULL)
    g_signal_emit (self, signals[LOCALE_ACTIVATED], 0,
                   ((const WeftChplvisLocaleRow *)weft_chplvis_array_item_peek (item))->locale);
}

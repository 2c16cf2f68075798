/* weft-chplvis-profile-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "weft-chplvis-columns.h"
#include "weft-chplvis-profile-view.h"
#include "weft-chplvis-table.h"
#include "weft-units.h"

typedef enum
{
  COLUMN_FUNCTION,
  COLUMN_DEFINED,
  COLUMN_CLOCK,
  COLUMN_TASKS,
  COLUMN_GETS,
  COLUMN_PUTS,
  COLUMN_ON_CALLS,
  N_COLUMNS
} Column;

struct _WeftChplvisProfileView
{
  GtkWidget         parent_instance;

  WeftChplvisTable *table;
  double            max[N_COLUMNS];   /* the bars' scale */

  GtkWidget        *box;
  GtkSearchEntry   *search_entry;
  GtkLabel         *count_label;
  GtkColumnView    *column_view;
};

enum {
  FUNCTION_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (WeftChplvisProfileView, weft_chplvis_profile_view, GTK_TYPE_WIDGET)

static double
value_cb (gconstpointer element,
          guint         column,
          gpointer      user_data)
{
  const WeftChplvisProfileRow *row = element;

  switch ((Column)column)
    {
    case COLUMN_CLOCK:
      return row->clock;
    case COLUMN_TASKS:
      return (double)row->tasks;
    case COLUMN_GETS:
      return (double)row->gets;
    case COLUMN_PUTS:
      return (double)row->puts;
    case COLUMN_ON_CALLS:
      return (double)row->on_calls;
    case COLUMN_FUNCTION:
    case COLUMN_DEFINED:
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
  const WeftChplvisProfileRow *row = element;

  switch ((Column)column)
    {
    case COLUMN_FUNCTION:
      return g_strdup (row->name != NULL ? row->name : _("unknown"));
    case COLUMN_DEFINED:
      if (row->file == NULL)
        return g_strdup ("—");
      return row->line > 0 ? g_strdup_printf ("%s:%d", row->file, row->line) : g_strdup (row->file);
    case COLUMN_CLOCK:
      return weft_format_seconds (row->clock);
    case COLUMN_TASKS:
    case COLUMN_GETS:
    case COLUMN_PUTS:
    case COLUMN_ON_CALLS:
      return weft_format_count ((guint64)value_cb (element, column, user_data));
    case N_COLUMNS:
    default:
      g_return_val_if_reached (NULL);
    }
}

static int
compare_text_cb (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const WeftChplvisProfileRow *x = a;
  const WeftChplvisProfileRow *y = b;

  return g_strcmp0 (x->name, y->name);
}

static int
compare_defined_cb (gconstpointer a,
                    gconstpointer b,
                    gpointer      user_data)
{
  const WeftChplvisProfileRow *x = a;
  const WeftChplvisProfileRow *y = b;
  int by_file = g_strcmp0 (x->file, y->file);

  if (by_file != 0)
    return by_file;

  return (x->line > y->line) - (x->line < y->line);
}

static void
add_columns (WeftChplvisProfileView *self)
{
  const char *titles[N_COLUMNS] = {
    [COLUMN_FUNCTION] = _("Function"),
    [COLUMN_DEFINED] = _("Defined At"),
    [COLUMN_CLOCK] = _("Clock"),
    [COLUMN_TASKS] = _("Tasks"),
    [COLUMN_GETS] = _("Gets"),
    [COLUMN_PUTS] = _("Puts"),
    [COLUMN_ON_CALLS] = _("On Calls"),
  };

  for (guint c = 0; c < N_COLUMNS; c++)
    {
      GtkColumnViewColumn *column;

      if (c == COLUMN_FUNCTION)
        column = weft_chplvis_column_new_text (titles[c], c, text_cb, compare_text_cb, self);
      else if (c == COLUMN_DEFINED)
        column = weft_chplvis_column_new_text (titles[c], c, text_cb, compare_defined_cb, self);
      else
        column = weft_chplvis_column_new_number (titles[c], c, text_cb, value_cb, &self->max[c], self);

      gtk_column_view_column_set_expand (column, TRUE);
      gtk_column_view_append_column (self->column_view, column);
      if (c == COLUMN_CLOCK)
        /* chplvis's default: the most clock first. */
        gtk_column_view_sort_by_column (self->column_view, column, GTK_SORT_DESCENDING);
      g_object_unref (column);
    }
}

/* Filtering ------------------------------------------------------------------- */

static gboolean
match_cb (gconstpointer element,
          const char   *search,
          gpointer      user_data)
{
  const WeftChplvisProfileRow *row = element;

  return weft_chplvis_table_match_text (row->name, search) || weft_chplvis_table_match_text (row->file, search);
}

static char *
count_text (guint shown,
            guint total)
{
  if (shown == total)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u function did something", "%u functions did something",
                                         total), total);

  return g_strdup_printf (_("%u of %u functions"), shown, total);
}

static void
search_changed_cb (WeftChplvisProfileView *self,
                   GtkSearchEntry         *entry)
{
  weft_chplvis_table_set_search (self->table, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
activate_cb (WeftChplvisProfileView *self,
             guint                   position)
{
  weft_chplvis_profile_view_activate_row (self, position);
}

/* Life ------------------------------------------------------------------------ */

static void
weft_chplvis_profile_view_dispose (GObject *object)
{
  WeftChplvisProfileView *self = (WeftChplvisProfileView *)object;

  /* Before the template: the table's search and count call back into self
   * and its count label. */
  g_clear_object (&self->table);
  gtk_widget_dispose_template (GTK_WIDGET (self), WEFT_TYPE_CHPLVIS_PROFILE_VIEW);

  G_OBJECT_CLASS (weft_chplvis_profile_view_parent_class)->dispose (object);
}

static void
weft_chplvis_profile_view_class_init (WeftChplvisProfileViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_chplvis_profile_view_dispose;

  /**
   * WeftChplvisProfileView::function-activated:
   * @fid: the function id of the row clicked (WEFT_CHPLVIS_FID_MAIN or
   *   WEFT_CHPLVIS_FID_UNKNOWN for those rows)
   */
  signals[FUNCTION_ACTIVATED] =
    g_signal_new ("function-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/ui/chplvis/weft-chplvis-profile-view.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "chplvisprofileview");
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisProfileView, box);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisProfileView, search_entry);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisProfileView, count_label);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisProfileView, column_view);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, activate_cb);
}

static void
weft_chplvis_profile_view_init (WeftChplvisProfileView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->table = weft_chplvis_table_new (self->column_view, match_cb, self);
  add_columns (self);
  weft_chplvis_table_set_count_label (self->table, self->count_label, count_text);
}

GtkWidget *
weft_chplvis_profile_view_new (void)
{
  return g_object_new (WEFT_TYPE_CHPLVIS_PROFILE_VIEW, NULL);
}

/**
 * weft_chplvis_profile_view_set_figures:
 *
 * Shows the profile of @figures: the functions that did anything (chplvis
 * hides the others too).
 */
void
weft_chplvis_profile_view_set_figures (WeftChplvisProfileView *self,
                                       WeftChplvisFigures     *figures)
{
  g_autoptr(GArray) rows = NULL;

  g_return_if_fail (WEFT_IS_CHPLVIS_PROFILE_VIEW (self));
  g_return_if_fail (figures != NULL);

  rows = g_array_new (FALSE, FALSE, sizeof (WeftChplvisProfileRow));
  for (guint i = 0; i < figures->profile->len; i++)
    {
      const WeftChplvisProfileRow *row = &g_array_index (figures->profile, WeftChplvisProfileRow, i);

      if (row->tasks > 0 || row->clock > 0 || row->gets > 0 || row->puts > 0 || row->on_calls > 0)
        g_array_append_val (rows, *row);
    }
  for (guint c = COLUMN_CLOCK; c < N_COLUMNS; c++)
    self->max[c] = weft_chplvis_column_max (rows, c, value_cb, self);

  weft_chplvis_table_set_array (self->table, rows);
}

/**
 * weft_chplvis_profile_view_get_model:
 *
 * Returns: (transfer none): the rows as shown: filtered and sorted
 *   (WeftChplvisArrayItem of WeftChplvisProfileRow).
 */
GListModel *
weft_chplvis_profile_view_get_model (WeftChplvisProfileView *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PROFILE_VIEW (self), NULL);

  return weft_chplvis_table_get_model (self->table);
}

GtkColumnView *
weft_chplvis_profile_view_get_column_view (WeftChplvisProfileView *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PROFILE_VIEW (self), NULL);

  return self->column_view;
}

GtkSearchEntry *
weft_chplvis_profile_view_get_search_entry (WeftChplvisProfileView *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PROFILE_VIEW (self), NULL);

  return self->search_entry;
}

/**
 * weft_chplvis_profile_view_activate_row:
 * @position: a row as shown
 *
 * Does what a click on the row does.
 */
void
weft_chplvis_profile_view_activate_row (WeftChplvisProfileView *self,
                                        guint                   position)
{
  g_autoptr(WeftChplvisArrayItem) item = NULL;

  g_return_if_fail (WEFT_IS_CHPLVIS_PROFILE_VIEW (self));

  item = weft_chplvis_table_select (self->table, position);
  if (item != NULL)
    g_signal_emit (self, signals[FUNCTION_ACTIVATED], 0,
                   ((const WeftChplvisProfileRow *)weft_chplvis_array_item_peek (item))->fid);
}

/* weft-chplvis-profile-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "weft-table-columns.h"
#include "weft-text-match.h"
#include "weft-chplvis-profile-view.h"
#include "weft-array-table.h"
#include "weft-grid-util.h"

/* The figures shown, after the function and its definition. */
static const WeftChplvisProfileColumn figure_columns[] = {
  WEFT_CHPLVIS_PROFILE_CLOCK,
  WEFT_CHPLVIS_PROFILE_TASKS,
  WEFT_CHPLVIS_PROFILE_GETS,
  WEFT_CHPLVIS_PROFILE_PUTS,
  WEFT_CHPLVIS_PROFILE_ON_CALLS,
};

struct _WeftChplvisProfileView
{
  GtkWidget         parent_instance;

  WeftArrayTable *table;
  double            max[WEFT_CHPLVIS_N_PROFILE_COLUMNS];   /* the bars' scale */

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

static char *
name_text_cb (gconstpointer element,
              guint         column,
              gpointer      user_data)
{
  const WeftChplvisProfileRow *row = element;

  return g_strdup (row->name != NULL ? row->name : _("unknown"));
}

static int
compare_name_cb (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const WeftChplvisProfileRow *x = a;
  const WeftChplvisProfileRow *y = b;

  return g_strcmp0 (x->name, y->name);
}

static char *
defined_text_cb (gconstpointer element,
                 guint         column,
                 gpointer      user_data)
{
  const WeftChplvisProfileRow *row = element;

  if (row->file == NULL)
    return g_strdup ("—");

  return row->line > 0 ? g_strdup_printf ("%s:%d", row->file, row->line) : g_strdup (row->file);
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

/* @column: a WeftChplvisProfileColumn */
static double
value_cb (gconstpointer element,
          guint         column,
          gpointer      user_data)
{
  return weft_chplvis_profile_row_get (element, column);
}

static char *
text_cb (gconstpointer element,
         guint         column,
         gpointer      user_data)
{
  const WeftChplvisProfileRow *row = element;

  /* Main's row carries its communication only: its task is no function's,
   * and "0 ns" read as if main had not run. */
  if (row->fid == WEFT_CHPLVIS_FID_MAIN && (column == WEFT_CHPLVIS_PROFILE_CLOCK || column == WEFT_CHPLVIS_PROFILE_TASKS))
    return g_strdup ("—");

  return weft_grid_format_value (weft_chplvis_profile_column_unit (column), value_cb (element, column, user_data));
}

static void
add_columns (WeftChplvisProfileView *self)
{
  const char *titles[WEFT_CHPLVIS_N_PROFILE_COLUMNS] = {
    [WEFT_CHPLVIS_PROFILE_CLOCK] = _("Clock"),
    [WEFT_CHPLVIS_PROFILE_TASKS] = _("Tasks"),
    [WEFT_CHPLVIS_PROFILE_GETS] = _("Gets"),
    [WEFT_CHPLVIS_PROFILE_PUTS] = _("Puts"),
    [WEFT_CHPLVIS_PROFILE_ON_CALLS] = _("On Calls"),
  };
  GtkColumnViewColumn *columns[2 + G_N_ELEMENTS (figure_columns)];

  columns[0] = weft_table_column_new_text (_("Function"), 0, name_text_cb, compare_name_cb, self);
  columns[1] = weft_table_column_new_text (_("Defined At"), 1, defined_text_cb, compare_defined_cb, self);
  for (guint i = 0; i < G_N_ELEMENTS (figure_columns); i++)
    {
      WeftChplvisProfileColumn c = figure_columns[i];

      columns[2 + i] = weft_table_column_new_number (titles[c], c, text_cb, value_cb, &self->max[c], self);
    }

  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    {
      gtk_column_view_column_set_expand (columns[i], TRUE);
      gtk_column_view_append_column (self->column_view, columns[i]);
      g_object_unref (columns[i]);
    }
  /* chplvis's default: the most clock first. */
  gtk_column_view_sort_by_column (self->column_view, columns[2], GTK_SORT_DESCENDING);
}

/* Filtering ------------------------------------------------------------------- */

static gboolean
match_cb (gconstpointer element,
          const char   *search,
          gpointer      user_data)
{
  const WeftChplvisProfileRow *row = element;

  return weft_text_contains_folded (row->name, search) || weft_text_contains_folded (row->file, search);
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
  weft_array_table_set_search (self->table, gtk_editable_get_text (GTK_EDITABLE (entry)));
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

  self->table = weft_array_table_new (self->column_view, match_cb, self);
  add_columns (self);
  weft_array_table_set_count_label (self->table, self->count_label, count_text);
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

      if (!weft_chplvis_profile_row_is_empty (row))
        g_array_append_val (rows, *row);
    }
  for (guint i = 0; i < G_N_ELEMENTS (figure_columns); i++)
    self->max[figure_columns[i]] = weft_table_column_max (rows, figure_columns[i], value_cb, self);

  weft_array_table_set_array (self->table, rows);
}

/**
 * weft_chplvis_profile_view_get_model:
 *
 * Returns: (transfer none): the rows as shown: filtered and sorted
 *   (WeftArrayItem of WeftChplvisProfileRow).
 */
GListModel *
weft_chplvis_profile_view_get_model (WeftChplvisProfileView *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PROFILE_VIEW (self), NULL);

  return weft_array_table_get_model (self->table);
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
  g_autoptr(WeftArrayItem) item = NULL;

  g_return_if_fail (WEFT_IS_CHPLVIS_PROFILE_VIEW (self));

  item = weft_array_table_select (self->table, position);
  if (item != NULL)
    g_signal_emit (self, signals[FUNCTION_ACTIVATED], 0,
                   ((const WeftChplvisProfileRow *)weft_array_item_peek (item))->fid);
}

/* weft-cpc-page.c: a DDT cross-process comparison on screen.
 *
 * The table of values (value, number of processes, the compact set), sortable
 * by any column and searchable (Ctrl+F), above a strip with one cell per
 * process coloured by its value's row: the processes of the selected row
 * stand out there, so "which ranks disagree?" is answered at a glance. The
 * strip's tooltip names a process and its value.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "weft-array-table.h"
#include "weft-cpc-dataset.h"
#include "weft-cpc-page.h"
#include "weft-page.h"
#include "weft-palette.h"
#include "weft-table-columns.h"
#include "weft-text-match.h"

/* The strip draws at most this many cells; more processes share cells. */
#define STRIP_MAX_CELLS 4096

typedef struct
{
  guint   index;      /* row of the file */
  double  number;     /* the value as a number, for sorting; NaN when it is not one */
  guint64 count;
} CpcRow;

struct _WeftCpcPage
{
  GtkWidget       parent_instance;

  WeftDocument   *document;
  WeftCpcDataset *dataset;
  WeftArrayTable *table;
  int             selected;   /* file row of the selected table row, or -1 */
  gint64          first;      /* processes shown in the strip */
  gint64          last;
  int            *cell_rows;  /* the file row of each strip cell's first process */

  GtkWidget      *box;
  GtkSearchEntry *search;
  GtkColumnView  *column_view;
  GtkLabel       *count_label;
  GtkWidget      *strip;
  GtkLabel       *selection_label;
};

static void weft_cpc_page_iface_init (WeftPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftCpcPage, weft_cpc_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_PAGE, weft_cpc_page_iface_init))

enum {
  COLUMN_VALUE,
  COLUMN_COUNT,
  COLUMN_SET,
};

static WeftCpcTable *
cpc_table (WeftCpcPage *self)
{
  return weft_cpc_dataset_get_table (self->dataset);
}

static char *
text_cb (gconstpointer element,
         guint         column,
         gpointer      user_data)
{
  WeftCpcPage *self = user_data;
  const CpcRow *row = element;

  switch (column)
    {
    case COLUMN_VALUE:
      return g_strdup (weft_cpc_table_get_value (cpc_table (self), row->index));
    case COLUMN_COUNT:
      return g_strdup_printf ("%" PRIu64, row->count);
    case COLUMN_SET:
    default:
      return weft_int_set_to_string (weft_cpc_table_get_processes (cpc_table (self), row->index));
    }
}

/* The strip's colour of the row's processes: the Value column is its legend. */
static guint32
color_cb (gconstpointer element,
          guint         column,
          gpointer      user_data)
{
  return weft_palette_get_color (((const CpcRow *)element)->index);
}

static double
count_cb (gconstpointer element,
          guint         column,
          gpointer      user_data)
{
  return (double)((const CpcRow *)element)->count;
}

/* Numbers in numeric order before words in text order. */
static int
compare_values (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  WeftCpcPage *self = user_data;
  const CpcRow *x = a, *y = b;

  if (!isnan (x->number) && !isnan (y->number))
    return x->number < y->number ? -1 : x->number > y->number;
  if (isnan (x->number) != isnan (y->number))
    return isnan (x->number) ? 1 : -1;
  return g_utf8_collate (weft_cpc_table_get_value (cpc_table (self), x->index),
                         weft_cpc_table_get_value (cpc_table (self), y->index));
}

static int
compare_sets (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  WeftCpcPage *self = user_data;
  const WeftIntSet *x = weft_cpc_table_get_processes (cpc_table (self), ((const CpcRow *)a)->index);
  const WeftIntSet *y = weft_cpc_table_get_processes (cpc_table (self), ((const CpcRow *)b)->index);
  gint64 fx = weft_int_set_get_n_ranges (x) > 0 ? weft_int_set_get_range (x, 0)->first : -1;
  gint64 fy = weft_int_set_get_n_ranges (y) > 0 ? weft_int_set_get_range (y, 0)->first : -1;

  return fx < fy ? -1 : fx > fy;
}

static gboolean
match_cb (gconstpointer element,
          const char   *search,
          gpointer      user_data)
{
  WeftCpcPage *self = user_data;
  const CpcRow *row = element;
  const WeftIntSet *processes = weft_cpc_table_get_processes (cpc_table (self), row->index);
  g_autofree char *set = NULL;
  guint64 process;

  /* A process number finds the value it has: 10 is in "6-16", whose text
   * does not hold it. */
  if (g_ascii_string_to_unsigned (search, 10, 0, G_MAXINT64, &process, NULL) &&
      weft_int_set_contains (processes, (gint64)process))
    return TRUE;
  set = weft_int_set_to_string (processes);
  return weft_text_contains_folded (weft_cpc_table_get_value (cpc_table (self), row->index), search) ||
         weft_text_contains_folded (set, search);
}

static char *
count_text (guint shown,
            guint total)
{
  if (shown == total)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u value", "%u values", total), total);
  return g_strdup_printf (_("%u of %u values"), shown, total);
}

static gint64
strip_cells (WeftCpcPage *self)
{
  return MIN (self->last - self->first + 1, STRIP_MAX_CELLS);
}

/* First process of strip cell @cell. */
static gint64
cell_process (WeftCpcPage *self,
              gint64       cell)
{
  gint64 n = self->last - self->first + 1;

  return self->first + cell * n / strip_cells (self);
}

static void
draw_strip (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  WeftCpcPage *self = user_data;
  gint64 n_cells = strip_cells (self);
  double cell_w;

  if (self->last < self->first)
    return;

  cell_w = (double)width / (double)n_cells;
  for (gint64 c = 0; c < n_cells; c++)
    {
      int row = self->cell_rows[c];
      WeftRgba color;

      if (row < 0)
        continue;
      /* Each value its own colour; the selected row full, the rest faded. */
      color = weft_rgba_from_uint (weft_palette_get_color ((guint)row));
      if (self->selected >= 0 && row != self->selected)
        color.alpha = 0.25;
      weft_rgba_set_source (cr, &color);
      cairo_rectangle (cr, c * cell_w, 0, MAX (cell_w - (cell_w > 4 ? 1 : 0), 1), height);
      cairo_fill (cr);
    }
}

static gboolean
strip_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  WeftCpcPage *self = user_data;
  int width = gtk_widget_get_width (widget);
  gint64 cell, process;
  int row;
  g_autofree char *text = NULL;

  if (self->last < self->first || width <= 0)
    return FALSE;

  cell = CLAMP ((gint64)x * strip_cells (self) / width, 0, strip_cells (self) - 1);
  process = cell_process (self, cell);
  row = self->cell_rows[cell];
  if (row < 0)
    text = g_strdup_printf (_("Process %" PRId64 ": not compared"), process);
  else
    text = g_strdup_printf (_("Process %" PRId64 ": %s"), process,
                            weft_cpc_table_get_value (cpc_table (self), (guint)row));
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
selection_changed_cb (WeftCpcPage *self)
{
  GtkSingleSelection *selection = weft_array_table_get_selection (self->table);
  WeftArrayItem *item = gtk_single_selection_get_selected_item (selection);
  g_autofree char *text = NULL;

  self->selected = -1;
  if (item != NULL)
    {
      const CpcRow *row = weft_array_item_peek (item);
      g_autofree char *set = weft_int_set_to_string (weft_cpc_table_get_processes (cpc_table (self), row->index));

      self->selected = (int)row->index;
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %" PRIu64 " process (%s)",
                                           "%s: %" PRIu64 " processes (%s)", row->count),
                              weft_cpc_table_get_value (cpc_table (self), row->index), row->count, set);
    }
  gtk_label_set_text (self->selection_label, text != NULL ? text : _("Select a value to see its processes"));
  gtk_widget_queue_draw (self->strip);
}

static void
search_changed_cb (GtkSearchEntry *entry,
                   WeftCpcPage    *self)
{
  weft_array_table_set_search (self->table, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

/* The first strip cell whose process is @process or later. */
static gint64
first_cell_from (WeftCpcPage *self,
                 gint64       process)
{
  gint64 n = self->last - self->first + 1;

  /* cell_process (c) >= process  ⇔  c × n >= (process − first) × cells */
  return MAX (0, ((process - self->first) * strip_cells (self) + n - 1) / n);
}

/* Each strip cell's file row, looked up once and not per frame. Each row
 * paints the cells of its ranges, the rows from last to first, so that a
 * process listed twice (a malformed file) shows its first row, as the
 * table's order does. Rows × cells lookups took 11 s for 200,000 values. */
static void
fill_cell_rows (WeftCpcPage *self)
{
  WeftCpcTable *table = cpc_table (self);
  gint64 n_cells = strip_cells (self);

  g_free (self->cell_rows);
  self->cell_rows = g_new (int, MAX (n_cells, 1));
  for (gint64 c = 0; c < n_cells; c++)
    self->cell_rows[c] = -1;

  for (guint i = weft_cpc_table_get_n_rows (table); i-- > 0;)
    {
      const WeftIntSet *set = weft_cpc_table_get_processes (table, i);

      for (guint r = 0; r < weft_int_set_get_n_ranges (set); r++)
        {
          const WeftIntRange *range = weft_int_set_get_range (set, r);
          gint64 from = first_cell_from (self, MAX (range->first, self->first));
          gint64 to = first_cell_from (self, MIN (range->last, self->last) + 1);

          for (gint64 c = from; c < MIN (to, n_cells); c++)
            self->cell_rows[c] = (int)i;
        }
    }
}

static void
fill_rows (WeftCpcPage *self)
{
  WeftCpcTable *table = cpc_table (self);
  const WeftIntSet *all = weft_cpc_dataset_get_processes (self->dataset);
  GArray *rows = g_array_sized_new (FALSE, FALSE, sizeof (CpcRow), weft_cpc_table_get_n_rows (table));
  guint n_ranges = weft_int_set_get_n_ranges (all);

  for (guint i = 0; i < weft_cpc_table_get_n_rows (table); i++)
    {
      const char *value = weft_cpc_table_get_value (table, i);
      CpcRow row = { i, NAN, weft_int_set_get_count (weft_cpc_table_get_processes (table, i)) };
      char *end = NULL;
      double number = g_ascii_strtod (value, &end);

      if (end != value && *end == '\0')
        row.number = number;
      g_array_append_val (rows, row);
    }
  weft_array_table_set_array (self->table, rows);
  g_array_unref (rows);

  self->first = n_ranges > 0 ? weft_int_set_get_range (all, 0)->first : 0;
  self->last = n_ranges > 0 ? weft_int_set_get_range (all, n_ranges - 1)->last : -1;

  fill_cell_rows (self);
}

static void
add_columns (WeftCpcPage *self)
{
  GtkColumnViewColumn *column;

  column = weft_table_column_new_text (_("Value"), COLUMN_VALUE, text_cb, compare_values, self);
  weft_table_column_set_color (column, color_cb);
  gtk_column_view_column_set_expand (column, TRUE);
  gtk_column_view_append_column (self->column_view, column);
  g_object_unref (column);

  column = weft_table_column_new_number (_("Processes"), COLUMN_COUNT, text_cb, count_cb, NULL, self);
  gtk_column_view_append_column (self->column_view, column);
  g_object_unref (column);

  column = weft_table_column_new_text (_("Process Set"), COLUMN_SET, text_cb, compare_sets, self);
  gtk_column_view_column_set_expand (column, TRUE);
  gtk_column_view_append_column (self->column_view, column);
  g_object_unref (column);
}

static gboolean
focus_search_cb (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  return gtk_widget_grab_focus (GTK_WIDGET (WEFT_CPC_PAGE (widget)->search));
}

static void
build_ui (WeftCpcPage *self)
{
  GtkWidget *bar, *scroller, *strip_box, *strip_title;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_widget_set_margin_top (bar, 6);
  self->search = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->search), TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->search), _("Find a value or a process set (Ctrl+F)"));
  /* An empty bar across the window says nothing of what it looks through. */
  g_object_set (self->search, "placeholder-text", _("Value, process or process set"), NULL);
  g_signal_connect (self->search, "search-changed", G_CALLBACK (search_changed_cb), self);
  self->count_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->search));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->count_label));
  gtk_box_append (GTK_BOX (self->box), bar);

  self->column_view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_column_view_set_show_column_separators (self->column_view, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->column_view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Values and their processes"), -1);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->column_view));
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (self->box), scroller);

  strip_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_margin_start (strip_box, 12);
  gtk_widget_set_margin_end (strip_box, 12);
  gtk_widget_set_margin_bottom (strip_box, 12);
  strip_title = gtk_label_new (_("Processes, coloured by value"));
  gtk_label_set_xalign (GTK_LABEL (strip_title), 0);
  gtk_widget_add_css_class (strip_title, "dim-label");
  self->strip = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (self->strip), 28);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->strip), draw_strip, self, NULL);
  gtk_widget_set_has_tooltip (self->strip, TRUE);
  g_signal_connect (self->strip, "query-tooltip", G_CALLBACK (strip_tooltip_cb), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->strip), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Processes, coloured by value"), -1);
  self->selection_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->selection_label, 0);
  gtk_label_set_wrap (self->selection_label, TRUE);
  gtk_label_set_selectable (self->selection_label, TRUE);
  gtk_box_append (GTK_BOX (strip_box), strip_title);
  gtk_box_append (GTK_BOX (strip_box), self->strip);
  gtk_box_append (GTK_BOX (strip_box), GTK_WIDGET (self->selection_label));
  gtk_box_append (GTK_BOX (self->box), strip_box);
}

/* Builds the page for its document (set by weft_cpc_page_new()). */
static void
setup (WeftCpcPage *self)
{
  g_assert (WEFT_IS_CPC_DATASET (weft_document_get_dataset (self->document)));
  self->dataset = g_object_ref (WEFT_CPC_DATASET (weft_document_get_dataset (self->document)));

  build_ui (self);
  self->table = weft_array_table_new (self->column_view, match_cb, self);
  weft_array_table_set_count_label (self->table, self->count_label, count_text);
  add_columns (self);
  fill_rows (self);
  g_signal_connect_swapped (weft_array_table_get_selection (self->table), "notify::selected-item",
                            G_CALLBACK (selection_changed_cb), self);
  selection_changed_cb (self);
}

static void
weft_cpc_page_dispose (GObject *object)
{
  WeftCpcPage *self = WEFT_CPC_PAGE (object);

  /* The table calls back into the page: it goes first. */
  g_clear_object (&self->table);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->cell_rows, g_free);
  g_clear_object (&self->dataset);
  g_clear_object (&self->document);

  G_OBJECT_CLASS (weft_cpc_page_parent_class)->dispose (object);
}

static void
weft_cpc_page_class_init (WeftCpcPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_cpc_page_dispose;

  gtk_widget_class_add_binding (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, focus_search_cb, NULL);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cpcpage");
}

static void
weft_cpc_page_init (WeftCpcPage *self)
{
  self->selected = -1;
}

WeftCpcPage *
weft_cpc_page_new (WeftDocument *document)
{
  WeftCpcPage *self;

  g_return_val_if_fail (WEFT_IS_DOCUMENT (document), NULL);

  self = g_object_new (WEFT_TYPE_CPC_PAGE, NULL);
  self->document = g_object_ref (document);
  setup (self);
  return self;
}

/* The file row of the selected value, or -1 (what the strip highlights). */
int
weft_cpc_page_get_selected_row (WeftCpcPage *self)
{
  g_return_val_if_fail (WEFT_IS_CPC_PAGE (self), -1);

  return self->selected;
}

GtkColumnView *
weft_cpc_page_get_column_view (WeftCpcPage *self)
{
  g_return_val_if_fail (WEFT_IS_CPC_PAGE (self), NULL);

  return self->column_view;
}

GtkWidget *
weft_cpc_page_get_strip (WeftCpcPage *self)
{
  g_return_val_if_fail (WEFT_IS_CPC_PAGE (self), NULL);

  return self->strip;
}

GtkLabel *
weft_cpc_page_get_selection_label (WeftCpcPage *self)
{
  g_return_val_if_fail (WEFT_IS_CPC_PAGE (self), NULL);

  return self->selection_label;
}

/* How many cells the strip has (a cell per process, up to STRIP_MAX_CELLS). */
guint
weft_cpc_page_get_n_strip_cells (WeftCpcPage *self)
{
  g_return_val_if_fail (WEFT_IS_CPC_PAGE (self), 0);

  return self->last < self->first ? 0 : (guint)strip_cells (self);
}

/* The file row whose colour strip cell @cell shows (that of its first
 * process), or -1 when the process is in no row. */
int
weft_cpc_page_get_strip_row (WeftCpcPage *self,
                             guint        cell)
{
  g_return_val_if_fail (WEFT_IS_CPC_PAGE (self), -1);
  g_return_val_if_fail (cell < weft_cpc_page_get_n_strip_cells (self), -1);

  return self->cell_rows[cell];
}

/* WeftPage ---------------------------------------------------------------------- */

static WeftDocument *
weft_cpc_page_get_document (WeftPage *page)
{
  return WEFT_CPC_PAGE (page)->document;
}

static gboolean
weft_cpc_page_get_export_view (WeftPage         *page,
                               const char      **view,
                               WeftViewOptions  *options)
{
  *view = "values";
  memset (options, 0, sizeof *options);
  return TRUE;
}

static void
weft_cpc_page_iface_init (WeftPageInterface *iface)
{
  iface->get_document = weft_cpc_page_get_document;
  iface->get_export_view = weft_cpc_page_get_export_view;
}

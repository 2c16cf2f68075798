/* weft-comparison-page.c
 *
 * One page for every family, built on the generic views of WeftDataset:
 *  - Matrix: the comparison's matrix (other − base or other ÷ base) in the
 *    shared matrix view, with the diverging scale the matrix's value kind
 *    asks for; the tooltip gives both runs' values and their change; a note
 *    says when the shapes differed (missing cells count as zero);
 *  - Values: a signed bar per row (locale, process, profile), sorted by the
 *    change if asked; the selected row's two values under the bars;
 *  - Call tree: the union tree with base, other, difference and ratio
 *    columns (sortable), frames only one run reached marked, above a
 *    differential flame graph (width: the other run, colour: the change);
 *  - Timelines: both runs stacked, each from its own start (or aligned at a
 *    tag or event both have), with zooming and
 *    selection mirrored; a selected span limits the other views on both sides
 *    to the same time from each run's start.
 * The tag and kind pickers (when both runs list choices, as Chapel's do)
 * apply to both sides alike.
 * Difference or ratio is chosen in the header (Ctrl+Shift+R switches).
 * Matrix, values and call tree are computed in a worker (two trees of a
 * million frames take half a second to compare): a change asks for the
 * parts it affects, cancels the run in flight and a spinner turns until the
 * latest state is shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "weft-background.h"
#include "weft-call-tree-view.h"
#include "weft-comparison-figures.h"
#include "weft-comparison-page.h"
#include "weft-flame-graph-view.h"
#include "weft-matrix-view.h"
#include "weft-page.h"
#include "weft-timeline-view.h"
#include "weft-value-bars-view.h"

struct _WeftComparisonPage
{
  GtkWidget          parent_instance;

  WeftDocument      *base_document;
  WeftDocument      *other_document;
  WeftComparison    *comparison;

  /* A time span from each run's start, or none: limits every view; and the
   * tag and kind (Chapel) that both runs are seen through. */
  gboolean           has_range;
  WeftTimeSpan       range;
  char              *tag;
  char              *kind;
  GtkDropDown       *tag_dropdown;
  GtkDropDown       *kind_dropdown;

  GtkWidget         *box;
  GtkDropDown       *mode_dropdown;
  GtkStack          *stack;
  GtkSpinner        *spinner;

  /* The run in flight (its cancellable) and the parts it computes; the
   * parts changes asked for since; the idle that starts the next run. */
  GCancellable       *cancellable;
  WeftComparisonParts running_parts;
  WeftComparisonParts pending_parts;
  guint               refresh_source;

  const char        *matrix_view_name;   /* "comm-matrix", "array" or NULL */
  WeftMatrixView    *matrix_view;
  GtkLabel          *matrix_note;
  WeftMatrix        *base_matrix;        /* 2-D planes of each side */
  WeftMatrix        *other_matrix;

  WeftValueBarsView *values_view;
  GtkDropDown       *values_column;
  GtkDropDown       *values_sort;
  GtkLabel          *values_details;
  WeftValueTable    *base_values;
  WeftValueTable    *other_values;
  WeftCompareMode    values_mode;        /* of the values shown */

  const char        *tree_view_name;     /* "stacks", "tree" or NULL */
  WeftCallTreeView  *tree_view;
  WeftFlameGraphView *flame_graph;
  GtkLabel          *tree_summary;

  WeftTimelineView  *base_timeline;
  WeftTimelineView  *other_timeline;
  WeftTimeModel     *base_time;
  WeftTimeModel     *other_time;
  gboolean           mirroring;
  GtkDropDown       *align_dropdown;
};

static void weft_comparison_page_iface_init (WeftPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftComparisonPage, weft_comparison_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_PAGE, weft_comparison_page_iface_init))

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define ALL_PARTS (WEFT_COMPARISON_PART_MATRIX | WEFT_COMPARISON_PART_VALUES | WEFT_COMPARISON_PART_TREE)

static void
view_options (WeftComparisonPage *self,
              WeftViewOptions    *options)
{
  memset (options, 0, sizeof *options);
  options->has_range = self->has_range;
  options->range = self->range;
  options->tag = self->tag;
  options->kind = self->kind;
}

static const char *
mode_name (WeftCompareMode mode)
{
  return mode == WEFT_COMPARE_RATIO ? _("ratio") : _("difference");
}

/* --- Matrix ------------------------------------------------------------------ */

/* A plane to show: 2-D as it is, an N-d array at index 0 of its other
 * dimensions (as the array page first shows it). */
static WeftMatrix *
plane (WeftMatrix *matrix)
{
  gsize fixed[WEFT_MATRIX_MAX_DIMS] = { 0 };

  if (matrix == NULL || weft_matrix_get_n_dims (matrix) <= 2)
    return matrix;
  {
    WeftMatrix *slice = weft_matrix_slice_2d (matrix, 0, 1, fixed);

    weft_matrix_unref (matrix);
    return slice;
  }
}

/* The value of @side at the comparison's cell (@row, @column), counting
 * indices from each dimension's start; 0 where @side has no such cell. */
static double
side_value (WeftMatrix *side,
            WeftMatrix *shown,
            guint       row,
            guint       column,
            gboolean   *present)
{
  gint64 r = weft_matrix_get_dim_start (shown, 0) + row - weft_matrix_get_dim_start (side, 0);
  gint64 c = 0;
  const gsize *shape = weft_matrix_get_shape (side);

  if (weft_matrix_get_n_dims (shown) > 1)
    c = weft_matrix_get_dim_start (shown, 1) + column - weft_matrix_get_dim_start (side, 1);
  *present = r >= 0 && (gsize)r < shape[0] &&
             (weft_matrix_get_n_dims (side) < 2 || (c >= 0 && (gsize)c < shape[1]));
  if (!*present)
    return 0.0;
  return weft_matrix_get_n_dims (side) < 2 ? weft_matrix_get (side, (gsize)r)
                                           : weft_matrix_get_2d (side, (gsize)r, (gsize)c);
}

static char *
matrix_tooltip_cb (WeftMatrixView *view,
                   guint           row,
                   guint           column,
                   const char     *default_text,
                   gpointer        user_data)
{
  WeftComparisonPage *self = user_data;
  WeftMatrix *shown = weft_matrix_view_get_matrix (view);
  g_autofree char *where = NULL;
  const char *newline;
  gboolean in_base, in_other;
  double base, other, change;
  WeftCompareMode mode;

  if (shown == NULL || self->base_matrix == NULL || self->other_matrix == NULL)
    return NULL;

  /* The mode of the matrix shown: a newer one may still be computed. */
  mode = weft_matrix_get_value_kind (shown) == WEFT_MATRIX_VALUES_RATIO ? WEFT_COMPARE_RATIO : WEFT_COMPARE_DIFFERENCE;
  base = side_value (self->base_matrix, shown, row, column, &in_base);
  other = side_value (self->other_matrix, shown, row, column, &in_other);
  change = weft_compare_values (mode, base, other);
  newline = strchr (default_text, '\n');
  where = newline != NULL ? g_strndup (default_text, newline - default_text) : g_strdup (default_text);

  return g_strdup_printf (_("%s\nbase: %.6g%s\nother: %.6g%s\n%s: %.6g"),
                          where,
                          base, in_base ? "" : _(" (no such cell: counted as 0)"),
                          other, in_other ? "" : _(" (no such cell: counted as 0)"),
                          mode_name (mode), change);
}

static void
apply_matrix (WeftComparisonPage    *self,
              WeftComparisonFigures *figures)
{
  g_autoptr(WeftMatrix) matrix = NULL;

  g_clear_pointer (&self->base_matrix, weft_matrix_unref);
  g_clear_pointer (&self->other_matrix, weft_matrix_unref);
  matrix = plane (g_steal_pointer (&figures->matrix));
  self->base_matrix = plane (g_steal_pointer (&figures->base_matrix));
  self->other_matrix = plane (g_steal_pointer (&figures->other_matrix));
  weft_matrix_view_set_matrix (self->matrix_view, matrix);

  if (matrix == NULL)
    gtk_label_set_text (self->matrix_note, figures->matrix_error != NULL ? figures->matrix_error->message : "");
  else if (figures->shapes_differ)
    {
      const gsize *b = weft_matrix_get_shape (self->base_matrix);
      const gsize *o = weft_matrix_get_shape (self->other_matrix);
      g_autofree char *text = g_strdup_printf (_("The runs differ in shape (%" PRIu64 " × %" PRIu64
                                                 " against %" PRIu64 " × %" PRIu64
                                                 "): a cell one run lacks counts as 0 there."),
                                               (guint64)b[0],
                                               (guint64)(weft_matrix_get_n_dims (self->base_matrix) > 1 ? b[1] : 1),
                                               (guint64)o[0],
                                               (guint64)(weft_matrix_get_n_dims (self->other_matrix) > 1 ? o[1] : 1));

      gtk_label_set_text (self->matrix_note, text);
    }
  else
    gtk_label_set_text (self->matrix_note, "");
  gtk_widget_set_visible (GTK_WIDGET (self->matrix_note), gtk_label_get_text (self->matrix_note)[0] != '\0');
}

/* --- Values ------------------------------------------------------------------ */

static void
update_values_details (WeftComparisonPage *self)
{
  WeftValueTable *shown = weft_value_bars_view_get_values (self->values_view);
  int row = weft_value_bars_view_get_selected_row (self->values_view);
  guint column = weft_value_bars_view_get_column (self->values_view);
  const char *column_name;
  g_autofree char *text = NULL;
  double base = 0, other = 0;
  int b, o, bc, oc;
  gint64 id;

  if (shown == NULL || row < 0 || self->base_values == NULL || self->other_values == NULL)
    {
      gtk_label_set_text (self->values_details, _("Select a bar to see both runs’ values."));
      return;
    }

  id = weft_value_table_get_row_id (shown, (guint)row);
  column_name = weft_value_table_get_column_name (shown, column);
  b = weft_value_table_find_row (self->base_values, id);
  o = weft_value_table_find_row (self->other_values, id);
  bc = column_name != NULL ? weft_value_table_find_column (self->base_values, column_name) : -1;
  oc = column_name != NULL ? weft_value_table_find_column (self->other_values, column_name) : -1;
  if (b >= 0 && bc >= 0)
    base = weft_value_table_get (self->base_values, (guint)b, (guint)bc);
  if (o >= 0 && oc >= 0)
    other = weft_value_table_get (self->other_values, (guint)o, (guint)oc);

  text = g_strdup_printf (_("%s — %s: base %.6g%s, other %.6g%s, %s %.6g"),
                          weft_value_table_get_row_name (shown, (guint)row) != NULL
                            ? weft_value_table_get_row_name (shown, (guint)row) : "",
                          column_name != NULL ? column_name : "",
                          base, b >= 0 ? "" : _(" (absent)"), other, o >= 0 ? "" : _(" (absent)"),
                          mode_name (self->values_mode), weft_value_table_get (shown, (guint)row, column));
  gtk_label_set_text (self->values_details, text);
}

static void
apply_values (WeftComparisonPage    *self,
              WeftComparisonFigures *figures)
{
  g_autoptr(WeftValueTable) table = g_steal_pointer (&figures->values);
  g_autoptr(GtkStringList) names = NULL;
  guint column;

  g_clear_pointer (&self->base_values, weft_value_table_unref);
  g_clear_pointer (&self->other_values, weft_value_table_unref);
  self->base_values = g_steal_pointer (&figures->base_values);
  self->other_values = g_steal_pointer (&figures->other_values);
  self->values_mode = figures->mode;

  column = gtk_drop_down_get_selected (self->values_column);
  names = gtk_string_list_new (NULL);
  for (guint c = 0; table != NULL && c < weft_value_table_get_n_columns (table); c++)
    gtk_string_list_append (names, weft_value_table_get_column_name (table, c));
  if (g_list_model_get_n_items (gtk_drop_down_get_model (self->values_column)) !=
      g_list_model_get_n_items (G_LIST_MODEL (names)))
    gtk_drop_down_set_model (self->values_column, G_LIST_MODEL (names));
  if (table == NULL || column >= weft_value_table_get_n_columns (table))
    column = 0;

  weft_value_bars_view_set_values (self->values_view, table);
  weft_value_bars_view_set_column (self->values_view, column);
  gtk_drop_down_set_selected (self->values_column, column);
  update_values_details (self);
}

static void
values_column_cb (WeftComparisonPage *self)
{
  guint column = gtk_drop_down_get_selected (self->values_column);

  if (column != GTK_INVALID_LIST_POSITION)
    weft_value_bars_view_set_column (self->values_view, column);
  update_values_details (self);
}

static void
values_sort_cb (WeftComparisonPage *self)
{
  static const WeftValueBarsSort sorts[] = {
    WEFT_VALUE_BARS_SORT_DESCENDING, WEFT_VALUE_BARS_SORT_ASCENDING, WEFT_VALUE_BARS_SORT_ROW,
  };
  guint selected = gtk_drop_down_get_selected (self->values_sort);

  if (selected < G_N_ELEMENTS (sorts))
    weft_value_bars_view_set_sort (self->values_view, sorts[selected]);
}

/* --- Call tree --------------------------------------------------------------- */

static void
apply_tree (WeftComparisonPage    *self,
            WeftComparisonFigures *figures)
{
  WeftCallTree *tree = figures->tree;
  g_autofree char *summary = NULL;
  guint n_base = figures->n_base_only, n_other = figures->n_other_only, n_nodes;

  weft_call_tree_view_set_tree (self->tree_view, tree);
  weft_flame_graph_view_set_tree (self->flame_graph, tree);
  if (tree == NULL)
    {
      gtk_label_set_text (self->tree_summary, figures->tree_error != NULL ? figures->tree_error->message : "");
      return;
    }

  n_nodes = weft_call_tree_get_n_nodes (tree);
  summary = g_strdup_printf (_("%u frames: %u in both runs, %u only in the base run (−), %u only in the other run (+)"),
                             n_nodes - 1, n_nodes - 1 - n_base - n_other, n_base, n_other);
  gtk_label_set_text (self->tree_summary, summary);
}

/* --- Timelines --------------------------------------------------------------- */

/* Where @model's run counts its time from: its start, or the instant the
 * runs are aligned at. */
static gint64
anchor_of (WeftComparisonPage *self,
           WeftTimeModel      *model)
{
  return weft_comparison_get_anchor (self->comparison, model == self->other_time);
}

/* Moves @span of @from onto @to's axis: the same offsets from each run's
 * start or anchor (two runs share no clock). */
static WeftTimeSpan
mirror_span (WeftComparisonPage *self,
             WeftTimeModel      *from,
             WeftTimeModel      *to,
             const WeftTimeSpan *span)
{
  gint64 shift = anchor_of (self, to) - anchor_of (self, from);

  return (WeftTimeSpan) { span->begin + shift, span->end + shift };
}

static void queue_refresh (WeftComparisonPage  *self,
                           WeftComparisonParts  parts);
static GtkWidget *labelled_row (const char *text,
                                GtkWidget  *child);

static void
visible_changed_cb (WeftTimeModel      *model,
                    GParamSpec         *pspec,
                    WeftComparisonPage *self)
{
  WeftTimeModel *to = model == self->base_time ? self->other_time : self->base_time;
  WeftTimeSpan span;

  if (self->mirroring)
    return;
  self->mirroring = TRUE;
  span = mirror_span (self, model, to, weft_time_model_get_visible_span (model));
  weft_time_model_set_visible_span (to, &span, FALSE);
  self->mirroring = FALSE;
}

static void
selection_changed_cb (WeftTimeModel      *model,
                      GParamSpec         *pspec,
                      WeftComparisonPage *self)
{
  WeftTimeModel *to = model == self->base_time ? self->other_time : self->base_time;
  gboolean has = weft_time_model_get_has_selection (model);
  WeftTimeSpan range = { 0 };

  if (self->mirroring)
    return;
  self->mirroring = TRUE;
  if (has)
    {
      const WeftTimeSpan *selected = weft_time_model_get_selected_span (model);
      WeftTimeSpan span = mirror_span (self, model, to, selected);
      gint64 start = anchor_of (self, model);

      weft_time_model_select (to, span.begin, span.end);
      range = (WeftTimeSpan) { selected->begin - start, selected->end - start };
    }
  else
    weft_time_model_clear_selection (to);
  self->mirroring = FALSE;

  if (has == self->has_range && (!has || (range.begin == self->range.begin && range.end == self->range.end)))
    return;
  self->has_range = has;
  self->range = range;
  queue_refresh (self, ALL_PARTS);
}

/* "Each run's start", then every label both runs have (a tag, a mark) in
 * the base run's time order. */
static void
build_alignments (WeftComparisonPage *self)
{
  g_auto(GStrv) labels = weft_comparison_dup_alignments (self->comparison);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  gtk_string_list_append (names, _("Each run’s start"));
  gtk_string_list_splice (names, 1, 0, (const char * const *)labels);
  gtk_drop_down_set_model (self->align_dropdown, G_LIST_MODEL (names));
  gtk_widget_set_sensitive (GTK_WIDGET (self->align_dropdown), labels != NULL && labels[0] != NULL);
}

static void
align_changed_cb (WeftComparisonPage *self)
{
  guint selected = gtk_drop_down_get_selected (self->align_dropdown);
  GtkStringObject *item = gtk_drop_down_get_selected_item (self->align_dropdown);

  weft_comparison_align_at (self->comparison,
                            selected > 0 && item != NULL ? gtk_string_object_get_string (item) : NULL, NULL);
  /* The other run follows the base from the new anchor; a selection now
   * means another time of the other run. */
  visible_changed_cb (self->base_time, NULL, self);
  selection_changed_cb (self->base_time, NULL, self);
  if (self->has_range)
    queue_refresh (self, ALL_PARTS);
}

/**
 * weft_comparison_page_align_at:
 * @label: an instant's label both runs have (a tag), or %NULL for each run's
 *   start
 *
 * Returns: whether the runs are now aligned as asked
 */
gboolean
weft_comparison_page_align_at (WeftComparisonPage *self,
                               const char         *label)
{
  GListModel *names;

  g_return_val_if_fail (WEFT_IS_COMPARISON_PAGE (self), FALSE);

  if (self->align_dropdown == NULL)
    return FALSE;
  if (label == NULL)
    {
      gtk_drop_down_set_selected (self->align_dropdown, 0);
      return TRUE;
    }
  names = gtk_drop_down_get_model (self->align_dropdown);
  for (guint i = 1; i < g_list_model_get_n_items (names); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (names), i), label) == 0)
      {
        gtk_drop_down_set_selected (self->align_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

static WeftTimeModel *
timeline_model (WeftTimelineView *view,
                WeftEventTable   *table)
{
  WeftTimeSpan span = weft_event_table_get_span (table);
  WeftTimeModel *model = weft_time_model_new ();

  weft_time_model_set_document_span (model, &span);
  weft_timeline_view_set_table (view, table);
  weft_timeline_view_set_time_model (view, model);
  return model;
}

/* --- The page ---------------------------------------------------------------- */

gboolean
weft_comparison_page_get_busy (WeftComparisonPage *self)
{
  g_return_val_if_fail (WEFT_IS_COMPARISON_PAGE (self), FALSE);

  return self->cancellable != NULL || self->refresh_source != 0;
}

static void
update_busy (WeftComparisonPage *self)
{
  gboolean busy = weft_comparison_page_get_busy (self);

  if (self->spinner == NULL || busy == gtk_spinner_get_spinning (self->spinner))
    return;
  gtk_spinner_set_spinning (self->spinner, busy);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void start_refresh (WeftComparisonPage *self);

static void
figures_ready_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(WeftComparisonPage) self = weft_background_weak_ref_take (user_data);
  g_autoptr(WeftComparisonFigures) figures = NULL;
  g_autoptr(GError) error = NULL;

  /* A superseded run (or one of a disposed page) gives no figures, even
   * when it had finished. */
  figures = weft_comparison_figures_compute_finish (WEFT_COMPARISON (object), result, &error);
  if (self == NULL)
    return;
  g_clear_object (&self->cancellable);
  self->running_parts = 0;
  if (self->box == NULL)
    return;

  if (figures != NULL)
    {
      if ((figures->parts & WEFT_COMPARISON_PART_MATRIX) != 0)
        apply_matrix (self, figures);
      if ((figures->parts & WEFT_COMPARISON_PART_VALUES) != 0)
        apply_values (self, figures);
      if ((figures->parts & WEFT_COMPARISON_PART_TREE) != 0)
        apply_tree (self, figures);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("Could not compare the runs: %s", error->message);

  /* Changes came while this run went on: one more, for the latest state. */
  if (self->pending_parts != 0 && self->refresh_source == 0)
    start_refresh (self);
  update_busy (self);
}

static void
start_refresh (WeftComparisonPage *self)
{
  WeftViewOptions options;

  WeftComparisonParts parts = self->pending_parts;

  /* Only the views these runs have. */
  if (self->matrix_view_name == NULL)
    parts &= ~WEFT_COMPARISON_PART_MATRIX;
  if (self->values_view == NULL)
    parts &= ~WEFT_COMPARISON_PART_VALUES;
  if (self->tree_view_name == NULL)
    parts &= ~WEFT_COMPARISON_PART_TREE;
  self->pending_parts = 0;
  if (parts == 0)
    return;

  view_options (self, &options);
  self->running_parts = parts;
  self->cancellable = g_cancellable_new ();
  weft_comparison_figures_compute_async (self->comparison, self->running_parts, self->matrix_view_name,
                                         self->tree_view_name, &options, self->cancellable, figures_ready_cb,
                                         weft_background_weak_ref_new (self));
}

static gboolean
refresh_idle_cb (gpointer user_data)
{
  WeftComparisonPage *self = user_data;

  self->refresh_source = 0;
  /* A cancelled run still in flight starts the next one when it ends. */
  if (self->cancellable == NULL)
    start_refresh (self);
  update_busy (self);

  return G_SOURCE_REMOVE;
}

/* Recomputes @parts for the page's current state; the run in flight, now
 * out of date, is cancelled and its parts are asked for again. */
static void
queue_refresh (WeftComparisonPage  *self,
               WeftComparisonParts  parts)
{
  self->pending_parts |= parts;
  if (self->cancellable != NULL && !g_cancellable_is_cancelled (self->cancellable))
    {
      g_cancellable_cancel (self->cancellable);
      self->pending_parts |= self->running_parts;
    }
  if (self->refresh_source == 0)
    self->refresh_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, refresh_idle_cb, self, NULL);
  update_busy (self);
}

static void
mode_changed_cb (WeftComparisonPage *self)
{
  WeftCompareMode mode = gtk_drop_down_get_selected (self->mode_dropdown) == 1 ? WEFT_COMPARE_RATIO
                                                                                : WEFT_COMPARE_DIFFERENCE;

  if (mode == weft_comparison_get_mode (self->comparison))
    return;
  weft_comparison_set_mode (self->comparison, mode);
  /* Call trees carry both; matrices and values are recomputed. */
  queue_refresh (self, WEFT_COMPARISON_PART_MATRIX | WEFT_COMPARISON_PART_VALUES);
}

static void
choice_changed_cb (GtkDropDown        *dropdown,
                   GParamSpec         *pspec,
                   WeftComparisonPage *self)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (dropdown);
  char **field = dropdown == self->tag_dropdown ? &self->tag : &self->kind;

  g_free (*field);
  *field = item != NULL ? g_strdup (gtk_string_object_get_string (item)) : NULL;
  queue_refresh (self, ALL_PARTS);
}

/* A picker for @option when both runs list its values (Chapel's tags and
 * kinds); the same choice applies to both sides. */
static GtkDropDown *
add_choice (WeftComparisonPage *self,
            GtkWidget          *header,
            const char         *option,
            const char         *label,
            const char         *tooltip)
{
  g_auto(GStrv) choices = weft_dataset_dup_choices (WEFT_DATASET (self->comparison), option);
  GtkDropDown *dropdown;

  if (choices == NULL || choices[0] == NULL)
    return NULL;
  dropdown = GTK_DROP_DOWN (gtk_drop_down_new_from_strings ((const char * const *)choices));
  gtk_drop_down_set_enable_search (dropdown, TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (dropdown), tooltip);
  gtk_box_append (GTK_BOX (header), labelled_row (label, GTK_WIDGET (dropdown)));
  g_signal_connect_object (dropdown, "notify::selected", G_CALLBACK (choice_changed_cb), self, 0);
  return dropdown;
}

/**
 * weft_comparison_page_set_mode:
 *
 * Shows differences (other − base) or ratios (other ÷ base).
 */
void
weft_comparison_page_set_mode (WeftComparisonPage *self,
                               WeftCompareMode     mode)
{
  g_return_if_fail (WEFT_IS_COMPARISON_PAGE (self));

  gtk_drop_down_set_selected (self->mode_dropdown, mode == WEFT_COMPARE_RATIO ? 1 : 0);
}

static gboolean
toggle_mode_cb (GtkWidget *widget,
                GVariant  *args,
                gpointer   user_data)
{
  WeftComparisonPage *self = WEFT_COMPARISON_PAGE (widget);

  weft_comparison_page_set_mode (self, weft_comparison_get_mode (self->comparison) == WEFT_COMPARE_RATIO
                                         ? WEFT_COMPARE_DIFFERENCE : WEFT_COMPARE_RATIO);
  return TRUE;
}

static gboolean
show_view_cb (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  WeftComparisonPage *self = WEFT_COMPARISON_PAGE (widget);
  g_autoptr(GListModel) pages = G_LIST_MODEL (gtk_stack_get_pages (self->stack));
  guint index = (guint)g_variant_get_int32 (args);
  g_autoptr(GObject) page = index < g_list_model_get_n_items (pages) ? g_list_model_get_item (pages, index) : NULL;

  if (page == NULL)
    return FALSE;
  gtk_stack_set_visible_child (self->stack, gtk_stack_page_get_child (GTK_STACK_PAGE (page)));
  return TRUE;
}

static GtkWidget *
labelled_row (const char *text,
              GtkWidget  *child)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), child);
  return row;
}

static void
build_matrix_page (WeftComparisonPage *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  self->matrix_note = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->matrix_note, TRUE);
  gtk_label_set_xalign (self->matrix_note, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->matrix_note), "dim-label");
  self->matrix_view = WEFT_MATRIX_VIEW (weft_matrix_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->matrix_view), TRUE);
  weft_matrix_view_set_tooltip_func (self->matrix_view, matrix_tooltip_cb, self, NULL);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->matrix_note));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->matrix_view));
  gtk_stack_add_titled (self->stack, box, "matrix", _("Matrix"));
}

static void
build_values_page (WeftComparisonPage *self)
{
  const char *sorts[] = { N_("Largest first"), N_("Smallest first"), N_("Table order"), NULL };
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *controls = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  g_autoptr(GtkStringList) sort_names = gtk_string_list_new (NULL);

  for (guint i = 0; sorts[i] != NULL; i++)
    gtk_string_list_append (sort_names, _(sorts[i]));
  self->values_column = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (gtk_string_list_new (NULL)), NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->values_column), _("Which figure to compare"));
  self->values_sort = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (sort_names)), NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->values_sort), _("Order the rows by their change"));
  gtk_box_append (GTK_BOX (controls), labelled_row (_("Figure"), GTK_WIDGET (self->values_column)));
  gtk_box_append (GTK_BOX (controls), labelled_row (_("Sort"), GTK_WIDGET (self->values_sort)));

  self->values_view = WEFT_VALUE_BARS_VIEW (weft_value_bars_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->values_view), TRUE);
  weft_value_bars_view_set_sort (self->values_view, WEFT_VALUE_BARS_SORT_DESCENDING);
  self->values_details = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->values_details, 0);
  gtk_label_set_selectable (self->values_details, TRUE);

  gtk_box_append (GTK_BOX (box), controls);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->values_view));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->values_details));
  gtk_stack_add_titled (self->stack, box, "values", _("Values"));

  g_signal_connect_object (self->values_column, "notify::selected", G_CALLBACK (values_column_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->values_sort, "notify::selected", G_CALLBACK (values_sort_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->values_view, "notify::selected-row", G_CALLBACK (update_values_details), self,
                           G_CONNECT_SWAPPED);
}

static void
build_tree_page (WeftComparisonPage *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);

  self->tree_summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->tree_summary, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->tree_summary), "dim-label");
  self->tree_view = WEFT_CALL_TREE_VIEW (weft_call_tree_view_new ());
  self->flame_graph = WEFT_FLAME_GRAPH_VIEW (weft_flame_graph_view_new ());
  gtk_widget_set_size_request (GTK_WIDGET (self->flame_graph), -1, 160);
  gtk_paned_set_start_child (GTK_PANED (paned), GTK_WIDGET (self->tree_view));
  gtk_paned_set_end_child (GTK_PANED (paned), GTK_WIDGET (self->flame_graph));
  gtk_paned_set_position (GTK_PANED (paned), 360);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->tree_summary));
  gtk_box_append (GTK_BOX (box), paned);
  gtk_stack_add_titled (self->stack, box, "tree", _("Call Tree"));
}

static void
build_timelines_page (WeftComparisonPage *self,
                      WeftEventTable     *base,
                      WeftEventTable     *other)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  g_autofree char *base_title = g_strdup_printf (_("Base: %s"), weft_document_get_title (self->base_document));
  g_autofree char *other_title = g_strdup_printf (_("Other: %s"), weft_document_get_title (self->other_document));
  GtkWidget *base_label = gtk_label_new (base_title);
  GtkWidget *other_label = gtk_label_new (other_title);
  GtkWidget *hint = gtk_label_new (_("Each run from its own start, or from a tag or event both have; zooming "
                                     "and selections apply to both. A selected span limits the other views to "
                                     "the same time of each run."));
  GtkWidget *controls = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  gtk_label_set_xalign (GTK_LABEL (base_label), 0);
  gtk_label_set_xalign (GTK_LABEL (other_label), 0);
  gtk_widget_add_css_class (base_label, "heading");
  gtk_widget_add_css_class (other_label, "heading");
  gtk_label_set_xalign (GTK_LABEL (hint), 0);
  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  gtk_widget_add_css_class (hint, "dim-label");

  self->base_timeline = WEFT_TIMELINE_VIEW (weft_timeline_view_new ());
  self->other_timeline = WEFT_TIMELINE_VIEW (weft_timeline_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->base_timeline), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->other_timeline), TRUE);
  self->base_time = timeline_model (self->base_timeline, base);
  self->other_time = timeline_model (self->other_timeline, other);

  self->align_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (gtk_string_list_new (NULL)), NULL));
  gtk_drop_down_set_enable_search (self->align_dropdown, TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->align_dropdown),
                               _("Line the runs up at the first occurrence of a tag or event both have"));
  build_alignments (self);
  g_signal_connect_object (self->align_dropdown, "notify::selected", G_CALLBACK (align_changed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (controls), labelled_row (_("Align at"), GTK_WIDGET (self->align_dropdown)));
  gtk_widget_set_hexpand (hint, TRUE);
  gtk_box_append (GTK_BOX (controls), hint);

  gtk_box_append (GTK_BOX (box), controls);
  gtk_box_append (GTK_BOX (box), base_label);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->base_timeline));
  gtk_box_append (GTK_BOX (box), other_label);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->other_timeline));
  gtk_stack_add_titled (self->stack, box, "timelines", _("Timelines"));

  for (guint i = 0; i < 2; i++)
    {
      WeftTimeModel *model = i == 0 ? self->base_time : self->other_time;

      g_signal_connect_object (model, "notify::visible-span", G_CALLBACK (visible_changed_cb), self, 0);
      g_signal_connect_object (model, "notify::selected-span", G_CALLBACK (selection_changed_cb), self, 0);
      g_signal_connect_object (model, "notify::has-selection", G_CALLBACK (selection_changed_cb), self, 0);
    }
}

static void
build (WeftComparisonPage *self)
{
  WeftDataset *dataset = WEFT_DATASET (self->comparison);
  WeftEventTable *base_events = weft_dataset_get_event_table (weft_comparison_get_base (self->comparison));
  WeftEventTable *other_events = weft_dataset_get_event_table (weft_comparison_get_other (self->comparison));
  const char *modes[] = { N_("Difference (other − base)"), N_("Ratio (other ÷ base)"), NULL };
  g_autoptr(GtkStringList) mode_names = gtk_string_list_new (NULL);
  g_autofree char *title = NULL;
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *title_label;
  GtkWidget *switcher = gtk_stack_switcher_new ();

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_widget_set_margin_start (self->box, 6);
  gtk_widget_set_margin_end (self->box, 6);
  gtk_widget_set_margin_top (self->box, 6);
  gtk_widget_set_margin_bottom (self->box, 6);

  title = g_strdup_printf (_("Base “%s” against other “%s”"), weft_document_get_title (self->base_document),
                           weft_document_get_title (self->other_document));
  title_label = gtk_label_new (title);
  gtk_label_set_ellipsize (GTK_LABEL (title_label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (title_label, TRUE);
  gtk_label_set_xalign (GTK_LABEL (title_label), 0);
  gtk_widget_add_css_class (title_label, "heading");

  for (guint i = 0; modes[i] != NULL; i++)
    gtk_string_list_append (mode_names, _(modes[i]));
  self->mode_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (mode_names)), NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->mode_dropdown), _("How the runs’ figures combine (Ctrl+Shift+R)"));
  g_signal_connect_object (self->mode_dropdown, "notify::selected", G_CALLBACK (mode_changed_cb), self,
                           G_CONNECT_SWAPPED);

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  gtk_stack_switcher_set_stack (GTK_STACK_SWITCHER (switcher), self->stack);

  gtk_box_append (GTK_BOX (header), title_label);
  self->tag_dropdown = add_choice (self, header, "tag", _("Tag"),
                                   _("Both runs from this tag to the next (tags present in both runs)"));
  self->kind_dropdown = add_choice (self, header, "kind", _("Kind"), _("Which communication both runs show"));
  self->spinner = GTK_SPINNER (gtk_spinner_new ());
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->spinner), _("Comparing the runs…"));
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (self->spinner));
  gtk_box_append (GTK_BOX (header), switcher);
  gtk_box_append (GTK_BOX (header), GTK_WIDGET (self->mode_dropdown));
  gtk_box_append (GTK_BOX (self->box), header);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->stack));

  if (weft_dataset_has_view (dataset, "comm-matrix"))
    self->matrix_view_name = "comm-matrix";
  else if (weft_dataset_has_view (dataset, "array"))
    self->matrix_view_name = "array";
  if (self->matrix_view_name != NULL)
    build_matrix_page (self);
  if (weft_dataset_has_view (dataset, "values"))
    build_values_page (self);
  if (weft_dataset_has_view (dataset, "stacks"))
    self->tree_view_name = "stacks";
  else if (weft_dataset_has_view (dataset, "tree"))
    self->tree_view_name = "tree";
  if (self->tree_view_name != NULL)
    build_tree_page (self);
  if (base_events != NULL && other_events != NULL)
    build_timelines_page (self, base_events, other_events);

  queue_refresh (self, ALL_PARTS);
}

/**
 * weft_comparison_page_new:
 * @base: a loaded document, the run compared against
 * @other: a loaded document of the same family
 *
 * Returns: (transfer floating) (nullable): the page, or %NULL with @error set
 *   when the runs cannot be compared (different families).
 */
GtkWidget *
weft_comparison_page_new (WeftDocument  *base,
                          WeftDocument  *other,
                          GError       **error)
{
  g_autoptr(WeftComparison) comparison = NULL;
  WeftComparisonPage *self;

  g_return_val_if_fail (WEFT_IS_DOCUMENT (base), NULL);
  g_return_val_if_fail (WEFT_IS_DOCUMENT (other), NULL);

  comparison = weft_comparison_new (weft_document_get_dataset (base), weft_document_get_dataset (other),
                                    WEFT_COMPARE_DIFFERENCE, error);
  if (comparison == NULL)
    return NULL;

  self = g_object_new (WEFT_TYPE_COMPARISON_PAGE, NULL);
  self->base_document = g_object_ref (base);
  self->other_document = g_object_ref (other);
  self->comparison = g_steal_pointer (&comparison);
  build (self);

  return GTK_WIDGET (self);
}

WeftComparison *
weft_comparison_page_get_comparison (WeftComparisonPage *self)
{
  g_return_val_if_fail (WEFT_IS_COMPARISON_PAGE (self), NULL);

  return self->comparison;
}

GtkStack *
weft_comparison_page_get_stack (WeftComparisonPage *self)
{
  g_return_val_if_fail (WEFT_IS_COMPARISON_PAGE (self), NULL);

  return self->stack;
}

/**
 * weft_comparison_page_get_view:
 * @name: "matrix", "values", "tree", "flame-graph", "base-timeline" or
 *   "other-timeline"
 *
 * Returns: (transfer none) (nullable): that view, when the runs have it
 */
GtkWidget *
weft_comparison_page_get_view (WeftComparisonPage *self,
                               const char         *name)
{
  g_return_val_if_fail (WEFT_IS_COMPARISON_PAGE (self), NULL);

  if (g_strcmp0 (name, "matrix") == 0)
    return GTK_WIDGET (self->matrix_view);
  if (g_strcmp0 (name, "values") == 0)
    return GTK_WIDGET (self->values_view);
  if (g_strcmp0 (name, "tree") == 0)
    return GTK_WIDGET (self->tree_view);
  if (g_strcmp0 (name, "flame-graph") == 0)
    return GTK_WIDGET (self->flame_graph);
  if (g_strcmp0 (name, "base-timeline") == 0)
    return GTK_WIDGET (self->base_timeline);
  if (g_strcmp0 (name, "other-timeline") == 0)
    return GTK_WIDGET (self->other_timeline);
  return NULL;
}

/* --- WeftPage ---------------------------------------------------------------- */

static WeftDocument *
weft_comparison_page_get_document (WeftPage *page)
{
  return WEFT_COMPARISON_PAGE (page)->other_document;
}

static WeftDataset *
weft_comparison_page_get_dataset (WeftPage *page)
{
  return WEFT_DATASET (WEFT_COMPARISON_PAGE (page)->comparison);
}

static gboolean
weft_comparison_page_get_export_view (WeftPage         *page,
                                      const char      **view,
                                      WeftViewOptions  *options)
{
  WeftComparisonPage *self = WEFT_COMPARISON_PAGE (page);
  const char *shown = gtk_stack_get_visible_child_name (self->stack);

  view_options (self, options);
  if (g_strcmp0 (shown, "matrix") == 0)
    *view = self->matrix_view_name;
  else if (g_strcmp0 (shown, "values") == 0)
    *view = "values";
  else if (g_strcmp0 (shown, "tree") == 0)
    *view = self->tree_view_name;
  else
    *view = NULL;
  return *view != NULL;
}

static gboolean
weft_comparison_page_get_uses_alt_digits (WeftPage *page)
{
  return TRUE;
}

static void
weft_comparison_page_iface_init (WeftPageInterface *iface)
{
  iface->get_document = weft_comparison_page_get_document;
  iface->get_dataset = weft_comparison_page_get_dataset;
  iface->get_export_view = weft_comparison_page_get_export_view;
  iface->get_uses_alt_digits = weft_comparison_page_get_uses_alt_digits;
}

/* --- GObject ----------------------------------------------------------------- */

static void
weft_comparison_page_dispose (GObject *object)
{
  WeftComparisonPage *self = WEFT_COMPARISON_PAGE (object);

  /* A run in flight holds a reference: it ends at once, unused. */
  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->refresh_source, g_source_remove);
  self->pending_parts = 0;
  self->spinner = NULL;
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (weft_comparison_page_parent_class)->dispose (object);
}

static void
weft_comparison_page_finalize (GObject *object)
{
  WeftComparisonPage *self = WEFT_COMPARISON_PAGE (object);

  g_clear_object (&self->base_document);
  g_clear_object (&self->other_document);
  g_free (self->tag);
  g_free (self->kind);
  g_clear_object (&self->comparison);
  g_clear_object (&self->base_time);
  g_clear_object (&self->other_time);
  g_clear_pointer (&self->base_matrix, weft_matrix_unref);
  g_clear_pointer (&self->other_matrix, weft_matrix_unref);
  g_clear_pointer (&self->base_values, weft_value_table_unref);
  g_clear_pointer (&self->other_values, weft_value_table_unref);

  G_OBJECT_CLASS (weft_comparison_page_parent_class)->finalize (object);
}

static void
weft_comparison_page_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  WeftComparisonPage *self = WEFT_COMPARISON_PAGE (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, weft_comparison_page_get_busy (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_comparison_page_class_init (WeftComparisonPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_comparison_page_dispose;
  object_class->finalize = weft_comparison_page_finalize;
  object_class->get_property = weft_comparison_page_get_property;

  /**
   * WeftComparisonPage:busy:
   *
   * Whether figures are being computed for the latest state.
   */
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "comparison-page");

  gtk_widget_class_add_binding (widget_class, GDK_KEY_r, GDK_CONTROL_MASK | GDK_SHIFT_MASK, toggle_mode_cb, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_R, GDK_CONTROL_MASK | GDK_SHIFT_MASK, toggle_mode_cb, NULL);
  for (int i = 0; i < 4; i++)
    gtk_widget_class_add_binding (widget_class, GDK_KEY_1 + i, GDK_ALT_MASK, show_view_cb, "i", i);
}

static void
weft_comparison_page_init (WeftComparisonPage *self)
{
}

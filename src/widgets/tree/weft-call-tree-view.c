/* weft-call-tree-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-background.h"
#include "weft-call-tree-item.h"
#include "weft-call-tree-view.h"
#include "weft-text-match.h"
#include "weft-label-tooltip.h"
#include "weft-flame-graph-renderer.h"

struct _WeftCallTreeView
{
  GtkWidget               parent_instance;

  GtkWidget              *search_bar;
  GtkWidget              *search_entry;
  GtkWidget              *focus_bar;
  GtkWidget              *focus_label;
  GtkWidget              *scroller;
  GtkColumnView          *column_view;

  WeftCallTree           *tree;
  GtkTreeListModel       *tree_model;
  GtkSortListModel       *sort_model;
  GtkSingleSelection     *selection;
  GtkSorter              *row_sorter;
  WeftFlameGraphRenderer *describer;   /* tooltips: the same text as the flame graph */
  WeftCallNode            focus;       /* the frame shown as the only top row, or the root */
  GArray                 *history;     /* WeftCallNode: earlier focuses, for Back */
  GCancellable           *search_cancellable;  /* the search bar's search on a worker */
};

enum {
  NODE_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (WeftCallTreeView, weft_call_tree_view, GTK_TYPE_WIDGET)

static void cancel_search (WeftCallTreeView *self);

typedef enum
{
  COLUMN_FRAME,
  COLUMN_PROCESSES,
  COLUMN_THREADS,
  COLUMN_PROCESS_SET,
  COLUMN_INCLUSIVE,
  COLUMN_EXCLUSIVE,
  COLUMN_PERCENT,
} ColumnKind;

GtkWidget *
weft_call_tree_view_new (void)
{
  return g_object_new (WEFT_TYPE_CALL_TREE_VIEW, NULL);
}

static WeftCallTreeItem *
row_item (gpointer row_or_item)
{
  if (GTK_IS_TREE_LIST_ROW (row_or_item))
    {
      gpointer item = gtk_tree_list_row_get_item (row_or_item);
      WeftCallTreeItem *result = WEFT_CALL_TREE_ITEM (item);

      g_object_unref (item);   /* the row keeps it */
      return result;
    }
  return WEFT_CALL_TREE_ITEM (row_or_item);
}

static double
metric_value (WeftCallTree *tree,
              WeftCallNode  node,
              ColumnKind    kind,
              guint         metric)
{
  double root;

  switch (kind)
    {
    case COLUMN_INCLUSIVE:
      return weft_call_tree_get_inclusive (tree, node, metric);
    case COLUMN_EXCLUSIVE:
      return weft_call_tree_get_exclusive (tree, node, metric);
    case COLUMN_PERCENT:
      root = weft_call_tree_get_inclusive (tree, WEFT_CALL_TREE_ROOT, metric);
      return root != 0 ? 100.0 * weft_call_tree_get_inclusive (tree, node, metric) / root : 0;
    case COLUMN_PROCESSES:
      return (double)weft_call_tree_get_process_count (tree, node);
    case COLUMN_THREADS:
      return (double)weft_call_tree_get_thread_count (tree, node);
    case COLUMN_FRAME:
    case COLUMN_PROCESS_SET:
    default:
      return 0;
    }
}

static char *
cell_text (WeftCallTree *tree,
           WeftCallNode  node,
           ColumnKind    kind,
           guint         metric)
{
  const WeftIntSet *set;

  switch (kind)
    {
    case COLUMN_PROCESSES:
      return g_strdup_printf ("%" PRIu64, weft_call_tree_get_process_count (tree, node));
    case COLUMN_THREADS:
      return g_strdup_printf ("%" PRIu64, weft_call_tree_get_thread_count (tree, node));
    case COLUMN_PROCESS_SET:
      set = weft_call_tree_get_processes (tree, node);
      return set != NULL ? weft_int_set_to_string (set) : g_strdup ("");
    case COLUMN_PERCENT:
      return g_strdup_printf ("%.1f %%", metric_value (tree, node, kind, metric));
    case COLUMN_INCLUSIVE:
    case COLUMN_EXCLUSIVE:
      if (weft_call_tree_get_metric_flags (tree, metric) & WEFT_CALL_METRIC_INTEGER)
        return g_strdup_printf ("%.0f", metric_value (tree, node, kind, metric));
      return g_strdup_printf ("%.4g", metric_value (tree, node, kind, metric));
    case COLUMN_FRAME:
    default:
      return g_strdup ("");
    }
}

/* --- Frame column --------------------------------------------------------------- */

/* The frame's description (the flame graph's), made when the pointer rests
 * on its row: setting it at every bind cost an X server round trip per row
 * (GTK asks where the pointer is whenever a visible widget's tooltip text
 * changes). */
#define NODE_KEY "weft-call-tree-node"

static gboolean
frame_query_tooltip_cb (GtkWidget        *box,
                        int               x,
                        int               y,
                        gboolean          keyboard,
                        GtkTooltip       *tooltip,
                        WeftCallTreeView *self)
{
  guint stored = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (box), NODE_KEY));
  g_autofree char *text = NULL;

  if (stored == 0)
    return FALSE;
  text = weft_flame_graph_renderer_describe_node (self->describer, (WeftCallNode)(stored - 1));
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
frame_setup (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             gpointer                  user_data)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  GtkWidget *function = gtk_label_new (NULL);
  GtkWidget *location = gtk_label_new (NULL);

  gtk_widget_set_tooltip_text (icon, _("Reached by a minority of its caller’s processes"));
  gtk_widget_add_css_class (icon, "error");
  gtk_label_set_xalign (GTK_LABEL (function), 0);
  gtk_label_set_ellipsize (GTK_LABEL (function), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (location), 0);
  gtk_label_set_ellipsize (GTK_LABEL (location), PANGO_ELLIPSIZE_START);
  gtk_widget_add_css_class (location, "dim-label");
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), function);
  gtk_box_append (GTK_BOX (box), location);
  gtk_widget_set_has_tooltip (box, TRUE);
  g_signal_connect (box, "query-tooltip", G_CALLBACK (frame_query_tooltip_cb), user_data);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), box);
  gtk_list_item_set_child (list_item, expander);
}

/* The icon before a frame: a diverging branch (DDT stacks), or in a
 * comparison a frame that only one run reached. */
static void
set_side_icon (GtkImage        *icon,
               gboolean         divergent,
               WeftCompareSide  side)
{
  GtkWidget *widget = GTK_WIDGET (icon);

  gtk_widget_set_visible (widget, divergent || side != WEFT_COMPARE_SIDE_BOTH);
  if (divergent)
    {
      gtk_image_set_from_icon_name (icon, "dialog-warning-symbolic");
      gtk_widget_set_tooltip_text (widget, _("Reached by a minority of its caller’s processes"));
      gtk_widget_add_css_class (widget, "error");
      gtk_widget_remove_css_class (widget, "success");
    }
  else if (side == WEFT_COMPARE_SIDE_OTHER_ONLY)
    {
      gtk_image_set_from_icon_name (icon, "list-add-symbolic");
      gtk_widget_set_tooltip_text (widget, _("Only in the other run"));
      gtk_widget_add_css_class (widget, "success");
      gtk_widget_remove_css_class (widget, "error");
    }
  else if (side == WEFT_COMPARE_SIDE_BASE_ONLY)
    {
      gtk_image_set_from_icon_name (icon, "list-remove-symbolic");
      gtk_widget_set_tooltip_text (widget, _("Only in the base run"));
      gtk_widget_add_css_class (widget, "error");
      gtk_widget_remove_css_class (widget, "success");
    }
}

static void
frame_bind (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            WeftCallTreeView         *self)
{
  GtkTreeListRow *row = gtk_list_item_get_item (list_item);
  GtkWidget *expander = gtk_list_item_get_child (list_item);
  GtkWidget *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));
  GtkWidget *icon = gtk_widget_get_first_child (box);
  GtkWidget *function = gtk_widget_get_next_sibling (icon);
  GtkWidget *location = gtk_widget_get_next_sibling (function);
  WeftCallTreeItem *item = row_item (row);
  WeftCallTree *tree = weft_call_tree_item_get_tree (item);
  WeftCallNode node = weft_call_tree_item_get_node (item);
  const WeftCallFrame *frame = weft_call_tree_get_frame (tree, node);
  gboolean divergent = weft_flame_graph_is_divergent (tree, node);
  g_autofree char *label = frame->function[0] == '\0' ? weft_call_frame_to_label (frame) : NULL;
  /* A frame named by its file (a flat view's) has no location beside. */
  g_autofree char *where = frame->file[0] == '\0' || label != NULL ? NULL
                           : frame->line > 0 ? g_strdup_printf ("%s:%u", frame->file, frame->line)
                                             : g_strdup (frame->file);

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), row);
  gtk_label_set_text (GTK_LABEL (function), label != NULL ? label : frame->function);
  gtk_label_set_text (GTK_LABEL (location), where != NULL ? where : "");
  set_side_icon (GTK_IMAGE (icon), divergent, weft_call_tree_get_compare_side (tree, node));
  if (divergent)
    gtk_widget_add_css_class (function, "error");
  else
    gtk_widget_remove_css_class (function, "error");
  g_object_set_data (G_OBJECT (box), NODE_KEY, GUINT_TO_POINTER (node + 1));
}

static void
frame_unbind (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              gpointer                  user_data)
{
  GtkWidget *expander = gtk_list_item_get_child (list_item);

  g_object_set_data (G_OBJECT (gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander))), NODE_KEY, NULL);
  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), NULL);
}

/* --- Value columns -------------------------------------------------------------- */

static void
value_setup (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);
  ColumnKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "kind"));

  gtk_label_set_xalign (GTK_LABEL (label), kind == COLUMN_PROCESS_SET ? 0 : 1);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (label, "numeric");
  if (kind == COLUMN_PROCESS_SET)
    weft_label_show_full_text_on_hover (GTK_LABEL (label));
  gtk_list_item_set_child (list_item, label);
}

static void
value_bind (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  user_data)
{
  ColumnKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (factory), "kind"));
  guint metric = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (factory), "metric"));
  WeftCallTreeItem *item = row_item (gtk_list_item_get_item (list_item));
  g_autofree char *text = cell_text (weft_call_tree_item_get_tree (item), weft_call_tree_item_get_node (item),
                                     kind, metric);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (list_item)), text);
}

typedef struct
{
  ColumnKind kind;
  guint      metric;
} SortKey;

static int
compare_items (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  SortKey *key = user_data;
  WeftCallTreeItem *ia = WEFT_CALL_TREE_ITEM ((gpointer)a);
  WeftCallTreeItem *ib = WEFT_CALL_TREE_ITEM ((gpointer)b);
  WeftCallTree *tree = weft_call_tree_item_get_tree (ia);
  WeftCallNode na = weft_call_tree_item_get_node (ia), nb = weft_call_tree_item_get_node (ib);

  if (key->kind == COLUMN_FRAME)
    return g_utf8_collate (weft_call_tree_get_frame (tree, na)->function,
                           weft_call_tree_get_frame (tree, nb)->function);
  if (key->kind == COLUMN_PROCESS_SET)
    return (na > nb) - (na < nb);
  {
    double va = metric_value (tree, na, key->kind, key->metric);
    double vb = metric_value (tree, nb, key->kind, key->metric);

    return (va > vb) - (va < vb);
  }
}

static void
add_column (WeftCallTreeView *self,
            const char       *title,
            ColumnKind        kind,
            guint             metric,
            gboolean          expand)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) column = NULL;
  SortKey *key = g_new0 (SortKey, 1);
  g_autoptr(GtkSorter) sorter = NULL;

  g_object_set_data (G_OBJECT (factory), "kind", GINT_TO_POINTER (kind));
  g_object_set_data (G_OBJECT (factory), "metric", GUINT_TO_POINTER (metric));
  if (kind == COLUMN_FRAME)
    {
      g_signal_connect (factory, "setup", G_CALLBACK (frame_setup), self);
      g_signal_connect (factory, "bind", G_CALLBACK (frame_bind), self);
      g_signal_connect (factory, "unbind", G_CALLBACK (frame_unbind), self);
    }
  else
    {
      g_signal_connect (factory, "setup", G_CALLBACK (value_setup), self);
      g_signal_connect (factory, "bind", G_CALLBACK (value_bind), self);
    }
  column = gtk_column_view_column_new (title, g_object_ref (factory));
  key->kind = kind;
  key->metric = metric;
  sorter = GTK_SORTER (gtk_custom_sorter_new (compare_items, key, g_free));
  gtk_column_view_column_set_sorter (column, sorter);
  gtk_column_view_column_set_expand (column, expand);
  gtk_column_view_column_set_resizable (column, TRUE);
  /* Function names are what a reader scans: the frame column starts wide
   * enough for them even when many metric columns compete for the width
   * (the view scrolls sideways instead). */
  if (kind == COLUMN_FRAME)
    gtk_column_view_column_set_fixed_width (column, 320);
  gtk_column_view_append_column (self->column_view, column);
}

static void
remove_columns (WeftCallTreeView *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->column_view);

  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, 0);

      gtk_column_view_remove_column (self->column_view, column);
    }
}

/* --- Model ---------------------------------------------------------------------- */

static GListModel *
create_children (gpointer item,
                 gpointer user_data)
{
  WeftCallTreeItem *tree_item = WEFT_CALL_TREE_ITEM (item);

  return weft_call_tree_children_new (weft_call_tree_item_get_tree (tree_item),
                                      weft_call_tree_item_get_node (tree_item));
}

/* Sorting only when a header asks for it: an unsorted view never touches the
 * rows it does not show. */
static void
on_column_sorter_changed (GtkSorter        *sorter,
                          GtkSorterChange   change,
                          WeftCallTreeView *self)
{
  if (self->sort_model == NULL)
    return;
  gtk_sort_list_model_set_sorter (self->sort_model,
                                  gtk_sorter_get_order (sorter) != GTK_SORTER_ORDER_NONE ? self->row_sorter : NULL);
}

static void
on_selection_changed (GtkSingleSelection *selection,
                      GParamSpec         *pspec,
                      WeftCallTreeView   *self)
{
  gpointer row = gtk_single_selection_get_selected_item (selection);

  if (row != NULL)
    g_signal_emit (self, signals[NODE_SELECTED], 0, (guint)weft_call_tree_item_get_node (row_item (row)));
}

/* The rows: the root's children, or the focused frame alone (expanded).
 * Sorting and selection are made anew over them. */
static void
rebuild_model (WeftCallTreeView *self)
{
  g_autoptr(GListModel) roots = NULL;
  GtkSorter *column_sorter;

  gtk_column_view_set_model (self->column_view, NULL);
  g_clear_object (&self->selection);
  g_clear_object (&self->sort_model);
  g_clear_object (&self->tree_model);

  if (self->focus == WEFT_CALL_TREE_ROOT)
    roots = weft_call_tree_children_new (self->tree, WEFT_CALL_TREE_ROOT);
  else
    {
      g_autoptr(WeftCallTreeItem) item = weft_call_tree_item_new (self->tree, self->focus);
      GListStore *store = g_list_store_new (WEFT_TYPE_CALL_TREE_ITEM);

      g_list_store_append (store, item);
      roots = G_LIST_MODEL (store);
    }
  if (roots == NULL)
    roots = G_LIST_MODEL (g_list_store_new (WEFT_TYPE_CALL_TREE_ITEM));
  self->tree_model = gtk_tree_list_model_new (g_steal_pointer (&roots), FALSE, FALSE, create_children, NULL, NULL);
  column_sorter = gtk_column_view_get_sorter (self->column_view);
  g_set_object (&self->row_sorter, GTK_SORTER (gtk_tree_list_row_sorter_new (g_object_ref (column_sorter))));
  self->sort_model = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->tree_model)), NULL);
  on_column_sorter_changed (column_sorter, GTK_SORTER_CHANGE_DIFFERENT, self);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->sort_model)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect (self->selection, "notify::selected", G_CALLBACK (on_selection_changed), self);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));

  if (self->focus != WEFT_CALL_TREE_ROOT)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->tree_model), 0);
      g_autofree char *text = g_strdup_printf (_("Focused on %s"),
                                               weft_call_tree_get_frame (self->tree, self->focus)->function);

      if (row != NULL)
        gtk_tree_list_row_set_expanded (row, TRUE);
      gtk_label_set_label (GTK_LABEL (self->focus_label), text);
    }
  gtk_widget_set_visible (self->focus_bar, self->focus != WEFT_CALL_TREE_ROOT);
}

void
weft_call_tree_view_set_tree (WeftCallTreeView *self,
                              WeftCallTree     *tree)
{
  g_return_if_fail (WEFT_IS_CALL_TREE_VIEW (self));

  if (tree == self->tree)
    return;
  cancel_search (self);
  gtk_column_view_set_model (self->column_view, NULL);
  g_clear_object (&self->selection);
  g_clear_object (&self->sort_model);
  g_clear_object (&self->tree_model);
  g_clear_pointer (&self->tree, weft_call_tree_unref);
  remove_columns (self);
  weft_flame_graph_renderer_set_tree (self->describer, tree);
  self->focus = WEFT_CALL_TREE_ROOT;
  g_array_set_size (self->history, 0);
  gtk_widget_set_visible (self->focus_bar, FALSE);
  if (tree == NULL)
    return;

  self->tree = weft_call_tree_ref (tree);
  weft_call_tree_compute_inclusive (tree);

  /* What was measured comes next to the frames (as hpcviewer has it), the
   * processes and threads after: with a source pane beside the tree, a
   * profile's CPU time had been the column scrolled out of sight. Trees
   * without metrics (DDT stacks) show their processes there instead. */
  add_column (self, _("Frame"), COLUMN_FRAME, 0, TRUE);
  /* A comparison's metrics are already base, other, difference and ratio of
   * each measured one: their inclusive values are the columns. */
  if (weft_call_tree_is_comparison (tree))
    {
      for (guint m = 0; m < weft_call_tree_get_n_metrics (tree); m++)
        add_column (self, weft_call_tree_get_metric_name (tree, m), COLUMN_INCLUSIVE, m, FALSE);
    }
  else
    {
      for (guint m = 0; m < weft_call_tree_get_n_metrics (tree); m++)
        {
          const char *name = weft_call_tree_get_metric_name (tree, m);
          g_autofree char *inclusive = g_strdup_printf (_("%s (incl.)"), name);
          g_autofree char *exclusive = g_strdup_printf (_("%s (excl.)"), name);
          g_autofree char *percent = g_strdup_printf (_("%s %%"), name);

          /* The share of the total next to the inclusive value, as
           * hpcviewer shows them: with the source pane open, a third
           * column was out of sight at the default window size. */
          add_column (self, inclusive, COLUMN_INCLUSIVE, m, FALSE);
          add_column (self, percent, COLUMN_PERCENT, m, FALSE);
          add_column (self, exclusive, COLUMN_EXCLUSIVE, m, FALSE);
        }
    }
  if (weft_call_tree_has_process_info (tree))
    {
      add_column (self, _("Processes"), COLUMN_PROCESSES, 0, FALSE);
      add_column (self, _("Threads"), COLUMN_THREADS, 0, FALSE);
      add_column (self, _("Process set"), COLUMN_PROCESS_SET, 0, FALSE);
    }

  rebuild_model (self);
}

/**
 * weft_call_tree_view_get_tree:
 *
 * Returns: (transfer none) (nullable): the tree
 */
WeftCallTree *
weft_call_tree_view_get_tree (WeftCallTreeView *self)
{
  g_return_val_if_fail (WEFT_IS_CALL_TREE_VIEW (self), NULL);

  return self->tree;
}

guint
weft_call_tree_view_get_n_rows (WeftCallTreeView *self)
{
  g_return_val_if_fail (WEFT_IS_CALL_TREE_VIEW (self), 0);

  return self->selection != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->selection)) : 0;
}

static GtkTreeListRow *
row_at (WeftCallTreeView *self,
        guint             position)
{
  return g_list_model_get_item (G_LIST_MODEL (self->sort_model), position);
}

static void
scroll_to (WeftCallTreeView *self,
           guint             position)
{
  /* GTK 4.8 has no gtk_column_view_scroll_to(): the inner list view's action. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->column_view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_VIEW (child))
      gtk_widget_activate_action (child, "list.scroll-to-item", "u", position);
}

/* The row of the last frame of @path (listed from it up to the top row), or
 * G_MAXUINT when some frame has no row: with @expand, each ancestor is
 * expanded on the way; without, a collapsed ancestor ends the walk. */
static guint
walk_path (WeftCallTreeView *self,
           GArray           *path,
           gboolean          expand)
{
  guint position = 0;

  /* Children follow their parent's row, so each ancestor is searched for from
   * the row after the one before. */
  for (guint i = path->len; i-- > 0;)
    {
      WeftCallNode want = g_array_index (path, WeftCallNode, i);
      guint n_rows = g_list_model_get_n_items (G_LIST_MODEL (self->sort_model));
      gboolean found = FALSE;

      for (; position < n_rows; position++)
        {
          g_autoptr(GtkTreeListRow) row = row_at (self, position);

          if (weft_call_tree_item_get_node (row_item (row)) == want)
            {
              if (i > 0 && !gtk_tree_list_row_get_expanded (row))
                {
                  if (!expand)
                    return G_MAXUINT;
                  gtk_tree_list_row_set_expanded (row, TRUE);
                }
              found = TRUE;
              break;
            }
        }
      if (!found)
        return G_MAXUINT;
      if (i > 0)
        position++;
    }
  return position;
}

/* Levels a selection opens at most below the top row; past them, the levels
 * shown above the frame selected (in a focused view). */
#define MAX_OPEN_DEPTH 200
#define DEEP_CONTEXT   24

/* weft_call_tree_view_select_node(); @may_focus: whether a frame too deep to
 * open may be shown in a focused view (else it is not selected). */
static gboolean
select_node_full (WeftCallTreeView *self,
                  WeftCallNode      node,
                  gboolean          may_focus)
{
  g_autoptr(GArray) path = NULL;
  guint position;
  gboolean had_focus;

  if (self->tree == NULL || node == WEFT_CALL_TREE_ROOT || node >= weft_call_tree_get_n_nodes (self->tree))
    return FALSE;
  /* From the node up to the top row: the root's child, or the focus. */
  path = g_array_new (FALSE, FALSE, sizeof (WeftCallNode));
  for (WeftCallNode n = node;; n = weft_call_tree_get_parent (self->tree, n))
    {
      if (n == WEFT_CALL_TREE_ROOT)
        {
          if (self->focus != WEFT_CALL_TREE_ROOT)
            return FALSE;   /* not under the focus */
          break;
        }
      g_array_append_val (path, n);
      if (n == self->focus)
        break;
    }

  /* A frame deeper than that below the top row (a stack overflow's recursion,
   * 100,000 frames deep) is shown focused on an ancestor a few levels up
   * (Back returns): each level opened costs the sorted rows a pass (opening
   * 100,000 held the window for minutes), and rows 200 levels in are
   * indented out of sight. */
  if (path->len > MAX_OPEN_DEPTH)
    return may_focus && weft_call_tree_view_focus (self, g_array_index (path, WeftCallNode, DEEP_CONTEXT)) &&
           select_node_full (self, node, FALSE);

  /* Already open (a click in the flame graph near the last one): select its
   * row and keep the rows on screen. */
  position = walk_path (self, path, FALSE);
  if (position != G_MAXUINT)
    {
      gtk_single_selection_set_selected (self->selection, position);
      scroll_to (self, position);
      return TRUE;
    }

  /* The column view rebinds its rows at every expansion (in GTK 4.8, a
   * path 20 frames deep into a 10^6-node tree took seconds): it sees the
   * model again once the path is open. Giving it the model again builds its
   * rows anew, which costs a few hundred milliseconds for a big tree: only
   * when something had to be opened. */
  /* With the keyboard on a row, GTK 4.8 gives the model's first row the
   * focus once the model is back, and selects it a frame later: the frame
   * just selected (a search's, a click's in the flame graph) was lost. The
   * keyboard leaves the rows while they are swapped, and comes back to the
   * list, which keeps the selection. */
  had_focus = gtk_widget_get_focus_child (GTK_WIDGET (self->column_view)) != NULL;
  if (had_focus)
    gtk_root_set_focus (gtk_widget_get_root (GTK_WIDGET (self)), NULL);
  gtk_column_view_set_model (self->column_view, NULL);
  position = walk_path (self, path, TRUE);
  if (position != G_MAXUINT)
    gtk_single_selection_set_selected (self->selection, position);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  if (position != G_MAXUINT)
    scroll_to (self, position);
  if (had_focus)
    gtk_widget_grab_focus (GTK_WIDGET (self->column_view));
  return position != G_MAXUINT;
}

gboolean
weft_call_tree_view_select_node (WeftCallTreeView *self,
                                 WeftCallNode      node)
{
  g_return_val_if_fail (WEFT_IS_CALL_TREE_VIEW (self), FALSE);

  return select_node_full (self, node, TRUE);
}

WeftCallNode
weft_call_tree_view_get_selected (WeftCallTreeView *self)
{
  gpointer row;

  g_return_val_if_fail (WEFT_IS_CALL_TREE_VIEW (self), WEFT_CALL_NODE_NONE);

  if (self->selection == NULL)
    return WEFT_CALL_NODE_NONE;
  row = gtk_single_selection_get_selected_item (self->selection);
  return row != NULL ? weft_call_tree_item_get_node (row_item (row)) : WEFT_CALL_NODE_NONE;
}

WeftCallNode
weft_call_tree_view_expand_hottest (WeftCallTreeView *self)
{
  WeftCallNode node;

  g_return_val_if_fail (WEFT_IS_CALL_TREE_VIEW (self), WEFT_CALL_NODE_NONE);

  if (self->tree == NULL)
    return WEFT_CALL_NODE_NONE;
  node = self->focus;
  for (;;)
    {
      WeftCallNode best = WEFT_CALL_NODE_NONE;
      double best_value = -1;

      for (WeftCallNode c = weft_call_tree_get_first_child (self->tree, node); c != WEFT_CALL_NODE_NONE;
           c = weft_call_tree_get_next_sibling (self->tree, c))
        {
          double v = weft_flame_graph_renderer_get_value (self->describer, c);

          if (v > best_value)
            best = c, best_value = v;
        }
      if (best == WEFT_CALL_NODE_NONE)
        break;
      node = best;
    }
  if (node == WEFT_CALL_TREE_ROOT)
    return WEFT_CALL_NODE_NONE;
  weft_call_tree_view_select_node (self, node);
  return node;
}

/**
 * weft_call_tree_view_open_levels:
 * @max_rows: how many rows the view may show at most
 * @max_levels: how many levels may be shown at most
 *
 * Opens whole levels of the tree in view from the top, as long as every row
 * of the next level fits within @max_rows and @max_levels: a small tree (a
 * parallel stack view of one hang) shows all its branches at once, as DDT
 * shows them, a big one its first levels.
 *
 * Returns: the levels shown (1: only the top rows)
 */
guint
weft_call_tree_view_open_levels (WeftCallTreeView *self,
                                 guint             max_rows,
                                 guint             max_levels)
{
  g_autofree guint *per_level = NULL;
  int top_depth;
  guint levels = 1, rows, n_rows;
  WeftCallNode first, n;

  g_return_val_if_fail (WEFT_IS_CALL_TREE_VIEW (self), 0);
  g_return_val_if_fail (max_levels >= 1, 0);

  if (self->tree == NULL || self->selection == NULL)
    return 0;

  /* Frames per level ([0]: the top rows: the root's children, or the frame
   * focused on). A focused frame's subtree is what follows it in preorder
   * up to the next frame as shallow. */
  per_level = g_new0 (guint, max_levels + 1);
  first = self->focus == WEFT_CALL_TREE_ROOT ? weft_call_tree_get_first_child (self->tree, WEFT_CALL_TREE_ROOT)
                                             : self->focus;
  top_depth = first != WEFT_CALL_NODE_NONE ? weft_call_tree_get_depth (self->tree, first) : 0;
  for (n = first; n != WEFT_CALL_NODE_NONE; n = weft_call_tree_next_preorder (self->tree, n))
    {
      int level = weft_call_tree_get_depth (self->tree, n) - top_depth;

      if (level < 0 || (level == 0 && n != first && self->focus != WEFT_CALL_TREE_ROOT))
        break;
      if (level <= (int)max_levels)
        per_level[level]++;
    }
  rows = per_level[0];
  while (levels < max_levels && per_level[levels] > 0 && rows + per_level[levels] <= max_rows)
    rows += per_level[levels++];
  if (levels == 1)
    return 1;

  /* Opened with the model away from the column view, which would rebind
   * its rows at each expansion (see select_node_full()). Children come
   * right after their parent, so one pass opens every level. */
  gtk_column_view_set_model (self->column_view, NULL);
  n_rows = g_list_model_get_n_items (G_LIST_MODEL (self->sort_model));
  for (guint position = 0; position < n_rows; position++)
    {
      g_autoptr(GtkTreeListRow) row = row_at (self, position);

      if (gtk_tree_list_row_get_depth (row) + 1 < levels && gtk_tree_list_row_is_expandable (row))
        {
          gtk_tree_list_row_set_expanded (row, TRUE);
          n_rows = g_list_model_get_n_items (G_LIST_MODEL (self->sort_model));
        }
    }
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));

  return levels;
}

static gboolean
is_under (WeftCallTree *tree,
          WeftCallNode  node,
          WeftCallNode  top)
{
  for (WeftCallNode n = node; n != WEFT_CALL_NODE_NONE; n = weft_call_tree_get_parent (tree, n))
    {
      if (n == top)
        return TRUE;
      if (n == WEFT_CALL_TREE_ROOT)
        break;
    }
  return top == WEFT_CALL_TREE_ROOT;
}

/* Whether the name a frame's row shows holds @needle (case-folded): its
 * function, or for a frame without one (HPCToolkit's without structure,
 * "heat+0x4012f0") what weft_call_frame_to_label() makes of it. */
static gboolean
frame_matches (const WeftCallFrame *frame,
               const char          *needle)
{
  g_autofree char *label = NULL;

  if (frame->function[0] != '\0')
    return weft_text_contains_folded (frame->function, needle);
  label = weft_call_frame_to_label (frame);
  return weft_text_contains_folded (label, needle);
}

/* The first frame after @start in preorder (round to @start again) whose
 * name holds @needle (case-folded) and that is under @focus; NONE when
 * there is none or @cancellable (nullable) fired. */
static WeftCallNode
find_next_match (WeftCallTree *tree,
                 const char   *needle,
                 WeftCallNode  start,
                 WeftCallNode  focus,
                 GCancellable *cancellable)
{
  WeftCallNode n = start;
  guint countdown = 65536;

  do
    {
      n = weft_call_tree_next_preorder (tree, n);
      if (n == WEFT_CALL_NODE_NONE)
        n = WEFT_CALL_TREE_ROOT;
      if (n == WEFT_CALL_TREE_ROOT)
        continue;
      if (frame_matches (weft_call_tree_get_frame (tree, n), needle) && is_under (tree, n, focus))
        return n;
      if (--countdown == 0)
        {
          if (g_cancellable_is_cancelled (cancellable))
            return WEFT_CALL_NODE_NONE;
          countdown = 65536;
        }
    }
  while (n != start);
  return WEFT_CALL_NODE_NONE;
}

static WeftCallNode
search_start (WeftCallTreeView *self)
{
  WeftCallNode start = weft_call_tree_view_get_selected (self);

  return start != WEFT_CALL_NODE_NONE ? start : WEFT_CALL_TREE_ROOT;
}

/**
 * weft_call_tree_view_search:
 *
 * Selects the next frame after the selected one (in preorder, round to the
 * top again) whose name as shown contains @text, ignoring case; FALSE when no
 * frame in view does. The search bar runs the same search on a worker for a
 * big tree.
 */
gboolean
weft_call_tree_view_search (WeftCallTreeView *self,
                            const char       *text)
{
  g_autofree char *needle = NULL;
  WeftCallNode found;

  g_return_val_if_fail (WEFT_IS_CALL_TREE_VIEW (self), FALSE);

  if (self->tree == NULL || text == NULL || text[0] == '\0')
    return FALSE;
  needle = g_utf8_casefold (text, -1);
  found = find_next_match (self->tree, needle, search_start (self), self->focus, NULL);

  return found != WEFT_CALL_NODE_NONE && weft_call_tree_view_select_node (self, found);
}

/* --- Focus ---------------------------------------------------------------------- */

/**
 * weft_call_tree_view_focus:
 *
 * Shows @node alone at the top, expanded, and selects it (hpcviewer's "zoom
 * in"); the view before is kept for weft_call_tree_view_focus_back(). FALSE
 * when @node is not a frame of the tree.
 */
gboolean
weft_call_tree_view_focus (WeftCallTreeView *self,
                           WeftCallNode      node)
{
  g_return_val_if_fail (WEFT_IS_CALL_TREE_VIEW (self), FALSE);

  if (self->tree == NULL || node == WEFT_CALL_TREE_ROOT || node >= weft_call_tree_get_n_nodes (self->tree) ||
      node == self->focus)
    return FALSE;
  g_array_append_val (self->history, self->focus);
  self->focus = node;
  rebuild_model (self);
  gtk_single_selection_set_selected (self->selection, 0);

  return TRUE;
}

/**
 * weft_call_tree_view_focus_back:
 *
 * Returns to the view before the last focus, with the frame that was
 * focused selected; FALSE when there is none.
 */
gboolean
weft_call_tree_view_focus_back (WeftCallTreeView *self)
{
  WeftCallNode was;

  g_return_val_if_fail (WEFT_IS_CALL_TREE_VIEW (self), FALSE);

  if (self->history->len == 0)
    return FALSE;
  was = self->focus;
  self->focus = g_array_index (self->history, WeftCallNode, self->history->len - 1);
  g_array_set_size (self->history, self->history->len - 1);
  rebuild_model (self);
  /* A frame too deep to open there stays unselected: focusing it again
   * would undo the Back. */
  select_node_full (self, was, FALSE);

  return TRUE;
}

/* The focused frame, or WEFT_CALL_TREE_ROOT when the whole tree is shown. */
WeftCallNode
weft_call_tree_view_get_focus (WeftCallTreeView *self)
{
  g_return_val_if_fail (WEFT_IS_CALL_TREE_VIEW (self), WEFT_CALL_TREE_ROOT);

  return self->focus;
}

static void
focus_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  WeftCallTreeView *self = WEFT_CALL_TREE_VIEW (widget);

  weft_call_tree_view_focus (self, weft_call_tree_view_get_selected (self));
}

static void
focus_back_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  weft_call_tree_view_focus_back (WEFT_CALL_TREE_VIEW (widget));
}

static void
focus_clear_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  WeftCallTreeView *self = WEFT_CALL_TREE_VIEW (widget);
  WeftCallNode was = self->focus;

  if (was == WEFT_CALL_TREE_ROOT)
    return;
  g_array_append_val (self->history, self->focus);
  self->focus = WEFT_CALL_TREE_ROOT;
  rebuild_model (self);
  select_node_full (self, was, FALSE);
}

/* --- Search bar ------------------------------------------------------------------ */

/* From this many frames the search bar searches on a worker, each keystroke
 * cancelling the search before: a search that found nothing in the 3.5
 * million frames of a 10^7-line VisAndOr trace held the window 433 ms. */
#define SEARCH_WORKER_FRAMES 100000

typedef struct
{
  WeftCallTree *tree;
  char         *needle;
  WeftCallNode  start;
  WeftCallNode  focus;
} Search;

static void
search_free (Search *search)
{
  weft_call_tree_unref (search->tree);
  g_free (search->needle);
  g_free (search);
}

/* The result is the frame found, or NONE (never NULL: done hears of it). */
static gpointer
search_work (gpointer      data,
             GCancellable *cancellable,
             GError      **error)
{
  Search *search = data;
  WeftCallNode *found = g_new (WeftCallNode, 1);

  *found = find_next_match (search->tree, search->needle, search->start, search->focus, cancellable);
  return found;
}

static void
show_search_found (WeftCallTreeView *self,
                   gboolean          found)
{
  if (found)
    gtk_widget_remove_css_class (self->search_entry, "error");
  else
    gtk_widget_add_css_class (self->search_entry, "error");
}

static void
search_done (gpointer      owner,
             gpointer      result,
             const GError *error)
{
  WeftCallTreeView *self = owner;
  g_autofree WeftCallNode *found = result;

  g_clear_object (&self->search_cancellable);
  /* A new tree cancels the search, so @found is a frame of this one. */
  show_search_found (self, *found != WEFT_CALL_NODE_NONE && weft_call_tree_view_select_node (self, *found));
}

static void
cancel_search (WeftCallTreeView *self)
{
  if (self->search_cancellable == NULL)
    return;
  g_cancellable_cancel (self->search_cancellable);
  g_clear_object (&self->search_cancellable);
}

static void
on_search_changed (GtkSearchEntry   *entry,
                   WeftCallTreeView *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  Search *search;

  cancel_search (self);
  if (text[0] == '\0' || self->tree == NULL || weft_call_tree_get_n_nodes (self->tree) < SEARCH_WORKER_FRAMES)
    {
      show_search_found (self, text[0] == '\0' || weft_call_tree_view_search (self, text));
      return;
    }

  search = g_new (Search, 1);
  search->tree = weft_call_tree_ref (self->tree);
  search->needle = g_utf8_casefold (text, -1);
  search->start = search_start (self);
  search->focus = self->focus;
  self->search_cancellable = g_cancellable_new ();
  weft_background_run (self, search, (GDestroyNotify)search_free, search_work, g_free, self->search_cancellable,
                       search_done);
}

static void
on_search_activate (GtkSearchEntry   *entry,
                    WeftCallTreeView *self)
{
  on_search_changed (entry, self);
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  WeftCallTreeView *self = WEFT_CALL_TREE_VIEW (widget);

  gtk_search_bar_set_search_mode (GTK_SEARCH_BAR (self->search_bar), TRUE);
  gtk_widget_grab_focus (self->search_entry);
}

static void
expand_hottest_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  weft_call_tree_view_expand_hottest (WEFT_CALL_TREE_VIEW (widget));
}

/* --- GObject -------------------------------------------------------------------- */

static void
weft_call_tree_view_dispose (GObject *object)
{
  WeftCallTreeView *self = WEFT_CALL_TREE_VIEW (object);
  GtkWidget *child;

  if (self->column_view != NULL)
    g_signal_handlers_disconnect_by_data (gtk_column_view_get_sorter (self->column_view), self);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->column_view = NULL;
  g_clear_object (&self->selection);
  g_clear_object (&self->sort_model);
  g_clear_object (&self->tree_model);
  g_clear_object (&self->row_sorter);
  g_clear_object (&self->describer);
  cancel_search (self);
  g_clear_pointer (&self->tree, weft_call_tree_unref);
  g_clear_pointer (&self->history, g_array_unref);

  G_OBJECT_CLASS (weft_call_tree_view_parent_class)->dispose (object);
}

static void
weft_call_tree_view_class_init (WeftCallTreeViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_call_tree_view_dispose;

  /**
   * WeftCallTreeView::node-selected:
   * @node: the selected WeftCallNode
   */
  signals[NODE_SELECTED] =
    g_signal_new ("node-selected",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "calltree.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "calltree.expand-hottest", NULL, expand_hottest_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "calltree.search", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, GDK_CONTROL_MASK, "calltree.expand-hottest",
                                       NULL);
  gtk_widget_class_install_action (widget_class, "calltree.focus", NULL, focus_action);
  gtk_widget_class_install_action (widget_class, "calltree.focus-back", NULL, focus_back_action);
  gtk_widget_class_install_action (widget_class, "calltree.focus-clear", NULL, focus_clear_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, GDK_CONTROL_MASK, "calltree.focus", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, GDK_CONTROL_MASK, "calltree.focus", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_BackSpace, GDK_CONTROL_MASK, "calltree.focus-back",
                                       NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "calltreeview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
weft_call_tree_view_init (WeftCallTreeView *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);

  self->describer = weft_flame_graph_renderer_new ();
  self->search_entry = gtk_search_entry_new ();
  gtk_widget_set_hexpand (self->search_entry, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->search_entry),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Search functions"), -1);
  g_object_set (self->search_entry, "placeholder-text", _("Function, Enter for the next"), NULL);
  self->search_bar = gtk_search_bar_new ();
  gtk_search_bar_set_child (GTK_SEARCH_BAR (self->search_bar), self->search_entry);
  gtk_search_bar_connect_entry (GTK_SEARCH_BAR (self->search_bar), GTK_EDITABLE (self->search_entry));
  gtk_search_bar_set_show_close_button (GTK_SEARCH_BAR (self->search_bar), TRUE);
  g_signal_connect (self->search_entry, "search-changed", G_CALLBACK (on_search_changed), self);
  g_signal_connect (self->search_entry, "activate", G_CALLBACK (on_search_activate), self);
  gtk_widget_set_parent (self->search_bar, GTK_WIDGET (self));

  /* Shown while a frame is focused: what is shown, and the ways back. */
  self->focus = WEFT_CALL_TREE_ROOT;
  self->history = g_array_new (FALSE, FALSE, sizeof (WeftCallNode));
  self->focus_bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (self->focus_bar, "toolbar");
  self->focus_label = gtk_label_new (NULL);
  gtk_label_set_ellipsize (GTK_LABEL (self->focus_label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_label_set_xalign (GTK_LABEL (self->focus_label), 0);
  gtk_widget_set_hexpand (self->focus_label, TRUE);
  gtk_box_append (GTK_BOX (self->focus_bar), self->focus_label);
  {
    GtkWidget *back = gtk_button_new_with_mnemonic (_("_Back"));
    GtkWidget *all = gtk_button_new_with_mnemonic (_("Show _All"));

    gtk_actionable_set_action_name (GTK_ACTIONABLE (back), "calltree.focus-back");
    gtk_widget_set_tooltip_text (back, _("Return to the view before this focus (Ctrl+Backspace)"));
    gtk_actionable_set_action_name (GTK_ACTIONABLE (all), "calltree.focus-clear");
    gtk_widget_set_tooltip_text (all, _("Show the whole tree again, with this frame selected"));
    gtk_box_append (GTK_BOX (self->focus_bar), back);
    gtk_box_append (GTK_BOX (self->focus_bar), all);
  }
  gtk_widget_set_visible (self->focus_bar, FALSE);
  gtk_widget_set_parent (self->focus_bar, GTK_WIDGET (self));

  self->column_view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  gtk_column_view_set_show_column_separators (self->column_view, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->column_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Stack frames"), -1);
  g_signal_connect (gtk_column_view_get_sorter (self->column_view), "changed",
                    G_CALLBACK (on_column_sorter_changed), self);
  self->scroller = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->column_view));
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
}

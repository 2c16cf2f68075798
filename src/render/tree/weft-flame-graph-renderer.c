/* weft-flame-graph-renderer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "weft-call-tree-compare.h"
#include "weft-color-scale.h"
#include "weft-error.h"
#include "weft-flame-graph-renderer.h"

#define ROW_HEIGHT      18.0
#define TITLE_HEIGHT    20.0
#define LEGEND_HEIGHT   18.0
#define MIN_BOX_WIDTH   0.5
#define MIN_LABEL_WIDTH 18.0
/* Ancestors of the focus kept in view above it. */
#define CONTEXT_ROWS    3

struct _WeftFlameGraphRenderer
{
  GObject          parent_instance;
  WeftCallTree    *tree;
  int              metric;       /* -1: process count */
  /* A comparison (weft_call_tree_compare): the base and other metrics of the
   * chosen group; widths are the other run's, colours the change. -1 else. */
  int              compare_base;
  int              compare_other;
  WeftCallNode     focus;
  WeftCallNode     hover;
  gboolean         draw_outlines;  /* of the hovered and selected frames */
  WeftCallNode     selected;
  WeftRenderTheme  theme;
  double          *leaf_counts;  /* the fallback value: no metric, no processes */
  double           root_value;   /* < 0: not computed */
  gint64           total_processes; /* of the whole tree, < 0: not computed */
};

G_DEFINE_FINAL_TYPE (WeftFlameGraphRenderer, weft_flame_graph_renderer, G_TYPE_OBJECT)

static void
weft_flame_graph_renderer_finalize (GObject *object)
{
  WeftFlameGraphRenderer *self = WEFT_FLAME_GRAPH_RENDERER (object);

  g_clear_pointer (&self->tree, weft_call_tree_unref);
  g_clear_pointer (&self->leaf_counts, g_free);
  weft_render_theme_clear (&self->theme);

  G_OBJECT_CLASS (weft_flame_graph_renderer_parent_class)->finalize (object);
}

static void
weft_flame_graph_renderer_class_init (WeftFlameGraphRendererClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = weft_flame_graph_renderer_finalize;
}

static void
weft_flame_graph_renderer_init (WeftFlameGraphRenderer *self)
{
  self->metric = -1;
  self->compare_base = self->compare_other = -1;
  self->focus = WEFT_CALL_TREE_ROOT;
  self->hover = WEFT_CALL_NODE_NONE;
  self->selected = WEFT_CALL_NODE_NONE;
  self->draw_outlines = TRUE;
  self->root_value = -1;
  self->total_processes = -1;
  weft_render_theme_init_light (&self->theme);
}

WeftFlameGraphRenderer *
weft_flame_graph_renderer_new (void)
{
  return g_object_new (WEFT_TYPE_FLAME_GRAPH_RENDERER, NULL);
}

static void
invalidate_values (WeftFlameGraphRenderer *self)
{
  g_clear_pointer (&self->leaf_counts, g_free);
  self->root_value = -1;
}

/* In a comparison, any metric of a group ("X (base)", "X (difference)"…)
 * stands for the group: the width is "X (other)", the colour the change from
 * "X (base)" (a differential flame graph). */
static void
resolve_compare_metric (WeftFlameGraphRenderer *self)
{
  self->compare_base = self->compare_other = -1;
  if (self->tree == NULL || !weft_call_tree_is_comparison (self->tree) || self->metric < 0)
    return;
  if (!weft_call_tree_find_compare_group (self->tree, (guint)self->metric, &self->compare_base,
                                          &self->compare_other))
    return;
  self->metric = self->compare_other;
}

gboolean
weft_flame_graph_renderer_set_tree (WeftFlameGraphRenderer *self,
                                    WeftCallTree           *tree)
{
  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self), FALSE);

  if (tree == self->tree)
    return FALSE;
  g_clear_pointer (&self->tree, weft_call_tree_unref);
  if (tree != NULL)
    {
      self->tree = weft_call_tree_ref (tree);
      weft_call_tree_compute_inclusive (tree);
    }
  self->metric = tree != NULL && weft_call_tree_get_n_metrics (tree) > 0 ? 0 : -1;
  resolve_compare_metric (self);
  self->focus = WEFT_CALL_TREE_ROOT;
  self->hover = WEFT_CALL_NODE_NONE;
  self->selected = WEFT_CALL_NODE_NONE;
  self->total_processes = -1;
  invalidate_values (self);
  return TRUE;
}

WeftCallTree *
weft_flame_graph_renderer_get_tree (WeftFlameGraphRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self), NULL);

  return self->tree;
}

gboolean
weft_flame_graph_renderer_set_metric (WeftFlameGraphRenderer *self,
                                      int                     metric)
{
  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self), FALSE);

  if (metric < 0 || self->tree == NULL || (guint)metric >= weft_call_tree_get_n_metrics (self->tree))
    metric = -1;
  if (metric == self->metric)
    return FALSE;
  self->metric = metric;
  resolve_compare_metric (self);
  invalidate_values (self);
  return TRUE;
}

int
weft_flame_graph_renderer_get_metric (WeftFlameGraphRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self), -1);

  return self->metric;
}

static gboolean
valid_node (WeftFlameGraphRenderer *self,
            WeftCallNode            node)
{
  return self->tree != NULL && node < weft_call_tree_get_n_nodes (self->tree);
}

gboolean
weft_flame_graph_renderer_set_focus (WeftFlameGraphRenderer *self,
                                     WeftCallNode            node)
{
  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self), FALSE);

  if (!valid_node (self, node))
    node = WEFT_CALL_TREE_ROOT;
  if (node == self->focus)
    return FALSE;
  self->focus = node;
  return TRUE;
}

WeftCallNode
weft_flame_graph_renderer_get_focus (WeftFlameGraphRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self), WEFT_CALL_TREE_ROOT);

  return self->focus;
}

gboolean
weft_flame_graph_renderer_set_hover (WeftFlameGraphRenderer *self,
                                     WeftCallNode            node)
{
  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self), FALSE);

  if (node == self->hover)
    return FALSE;
  self->hover = node;
  return TRUE;
}

gboolean
weft_flame_graph_renderer_set_selected (WeftFlameGraphRenderer *self,
                                        WeftCallNode            node)
{
  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self), FALSE);

  if (node == self->selected)
    return FALSE;
  self->selected = node;
  return TRUE;
}

/**
 * weft_flame_graph_renderer_set_draw_outlines:
 * @draw_outlines: whether draw() outlines the hovered and selected frames
 *
 * A view keeps the drawing of a big tree (a million frames take a third of a
 * second to draw) and draws those outlines over it instead, so that moving the
 * pointer does not draw the whole graph again.
 */
void
weft_flame_graph_renderer_set_draw_outlines (WeftFlameGraphRenderer *self,
                                             gboolean                draw_outlines)
{
  g_return_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self));

  self->draw_outlines = draw_outlines;
}

WeftCallNode
weft_flame_graph_renderer_get_hover (WeftFlameGraphRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self), WEFT_CALL_NODE_NONE);

  return self->hover;
}

WeftCallNode
weft_flame_graph_renderer_get_selected (WeftFlameGraphRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self), WEFT_CALL_NODE_NONE);

  return self->selected;
}

void
weft_flame_graph_renderer_set_theme (WeftFlameGraphRenderer *self,
                                     const WeftRenderTheme  *theme)
{
  g_return_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self));
  g_return_if_fail (theme != NULL);

  weft_render_theme_clear (&self->theme);
  weft_render_theme_copy (&self->theme, theme);
}

/* Nodes are added after their parent, so one backward pass sums leaves. */
static void
ensure_leaf_counts (WeftFlameGraphRenderer *self)
{
  guint n = weft_call_tree_get_n_nodes (self->tree);

  if (self->leaf_counts != NULL)
    return;
  self->leaf_counts = g_new0 (double, n);
  for (guint i = n; i-- > 1;)
    {
      if (weft_call_tree_get_first_child (self->tree, i) == WEFT_CALL_NODE_NONE)
        self->leaf_counts[i] += 1;
      self->leaf_counts[weft_call_tree_get_parent (self->tree, i)] += self->leaf_counts[i];
    }
}

static double
node_value (WeftFlameGraphRenderer *self,
            WeftCallNode            node)
{
  double v;

  if (self->metric >= 0)
    v = weft_call_tree_get_inclusive (self->tree, node, (guint)self->metric);
  else if (weft_call_tree_has_process_info (self->tree))
    v = (double)weft_call_tree_get_process_count (self->tree, node);
  else
    {
      ensure_leaf_counts (self);
      v = self->leaf_counts[node];
    }
  return isfinite (v) && v > 0 ? v : 0;
}

double
weft_flame_graph_renderer_get_value (WeftFlameGraphRenderer *self,
                                     WeftCallNode            node)
{
  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self), 0);

  if (!valid_node (self, node))
    return 0;
  if (node == WEFT_CALL_TREE_ROOT)
    {
      if (self->root_value < 0)
        {
          double sum = 0;

          for (WeftCallNode c = weft_call_tree_get_first_child (self->tree, node); c != WEFT_CALL_NODE_NONE;
               c = weft_call_tree_get_next_sibling (self->tree, c))
            sum += node_value (self, c);
          self->root_value = sum;
        }
      return self->root_value;
    }
  return node_value (self, node);
}

/* Children share the parent's width in proportion to their values; when they
 * add up to more than the parent (threads of one process in several frames)
 * they are scaled to fit. */
static double
children_scale (WeftFlameGraphRenderer *self,
                WeftCallNode            node,
                double                  width)
{
  double sum = 0, v = weft_flame_graph_renderer_get_value (self, node);

  for (WeftCallNode c = weft_call_tree_get_first_child (self->tree, node); c != WEFT_CALL_NODE_NONE;
       c = weft_call_tree_get_next_sibling (self->tree, c))
    sum += weft_flame_graph_renderer_get_value (self, c);
  v = MAX (v, sum);
  return v > 0 ? width / v : 0;
}

/* The processes that reached @node; for the root, those of all its frames:
 * the union of their sets, or (counts only) the largest count. Not their sum:
 * a process is in several root frames when its threads are (DDT's main and
 * start_thread, hpcrun's program root and thread root), and a sum made every
 * root frame of a one-process profile look reached by a minority. */
static guint64
count_of (WeftCallTree *tree,
          WeftCallNode  node)
{
  g_autoptr(WeftIntSet) all = NULL;
  guint64 largest = 0;

  if (node != WEFT_CALL_TREE_ROOT)
    return weft_call_tree_get_process_count (tree, node);
  for (WeftCallNode c = weft_call_tree_get_first_child (tree, node); c != WEFT_CALL_NODE_NONE;
       c = weft_call_tree_get_next_sibling (tree, c))
    {
      const WeftIntSet *set = weft_call_tree_get_processes (tree, c);

      largest = MAX (largest, weft_call_tree_get_process_count (tree, c));
      if (set == NULL)
        continue;
      if (all == NULL)
        all = weft_int_set_new ();
      weft_int_set_add_set (all, set);
    }
  return all != NULL ? MAX (weft_int_set_get_count (all), largest) : largest;
}

/* All the processes: the union of the sets, or (counts only) the largest
 * root frame's count, since one process can be in several root frames. */
static guint64
total_processes (WeftCallTree *tree)
{
  g_autoptr(WeftIntSet) all = weft_call_tree_dup_all_processes (tree);
  guint64 total = weft_int_set_get_count (all);

  if (total == 0)
    for (WeftCallNode c = weft_call_tree_get_first_child (tree, WEFT_CALL_TREE_ROOT); c != WEFT_CALL_NODE_NONE;
         c = weft_call_tree_get_next_sibling (tree, c))
      total = MAX (total, weft_call_tree_get_process_count (tree, c));
  return total;
}

gboolean
weft_flame_graph_is_divergent (WeftCallTree *tree,
                               WeftCallNode  node)
{
  WeftCallNode parent;

  g_return_val_if_fail (tree != NULL, FALSE);

  if (node == WEFT_CALL_TREE_ROOT || node >= weft_call_tree_get_n_nodes (tree) ||
      !weft_call_tree_has_process_info (tree))
    return FALSE;
  parent = weft_call_tree_get_parent (tree, node);
  if (weft_call_tree_get_n_children (tree, parent) < 2)
    return FALSE;
  return 2 * weft_call_tree_get_process_count (tree, node) < count_of (tree, parent);
}

/* Warm flame colours from the name's hash: stable across runs and files. */
void
weft_flame_graph_color_for_name (const char *name,
                                 double     *red,
                                 double     *green,
                                 double     *blue)
{
  guint32 h = 2166136261u;

  for (const char *p = name != NULL ? name : ""; *p != '\0'; p++)
    h = (h ^ (guchar)*p) * 16777619u;
  *red = (205 + (h % 50)) / 255.0;
  *green = (90 + ((h >> 8) % 140)) / 255.0;
  *blue = (40 + ((h >> 16) % 55)) / 255.0;
}

double
weft_flame_graph_renderer_get_row_height (WeftFlameGraphRenderer *self)
{
  return ROW_HEIGHT;
}

typedef struct
{
  double top;          /* y of the first row */
  double bottom;       /* rows end here */
  int    first_depth;  /* the depth drawn in the first row */
} Layout;

static void
get_layout (WeftFlameGraphRenderer *self,
            double                  height,
            Layout                 *layout)
{
  int focus_depth = self->focus == WEFT_CALL_TREE_ROOT ? -1 : weft_call_tree_get_depth (self->tree, self->focus);

  int n_rows;

  layout->top = TITLE_HEIGHT;
  layout->bottom = MAX (layout->top, height - LEGEND_HEIGHT);
  n_rows = (int)floor ((layout->bottom - layout->top) / ROW_HEIGHT + 0.01);
  /* Keep the focus itself in view when there is room for few rows. */
  layout->first_depth = MAX (0, focus_depth - CLAMP (n_rows - 1, 0, CONTEXT_ROWS));
}

static gboolean
is_ancestor_or_self (WeftCallTree *tree,
                     WeftCallNode  ancestor,
                     WeftCallNode  node)
{
  for (; node != WEFT_CALL_NODE_NONE; node = weft_call_tree_get_parent (tree, node))
    if (node == ancestor)
      return TRUE;
  return FALSE;
}

gboolean
weft_flame_graph_renderer_get_node_rect (WeftFlameGraphRenderer *self,
                                         double                  width,
                                         double                  height,
                                         WeftCallNode            node,
                                         cairo_rectangle_t      *rect)
{
  g_autoptr(GArray) path = NULL;
  Layout layout;
  double x = 0, w = width;
  int depth;

  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self), FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  if (!valid_node (self, node) || node == WEFT_CALL_TREE_ROOT)
    return FALSE;
  get_layout (self, height, &layout);
  depth = weft_call_tree_get_depth (self->tree, node);
  if (depth < layout.first_depth)
    return FALSE;
  rect->y = layout.top + (depth - layout.first_depth) * ROW_HEIGHT;
  rect->height = ROW_HEIGHT;
  if (rect->y + ROW_HEIGHT > layout.bottom + 0.01)
    return FALSE;

  /* An ancestor of the focus (or the focus) spans the whole width. */
  if (is_ancestor_or_self (self->tree, node, self->focus))
    {
      rect->x = 0;
      rect->width = width;
      return TRUE;
    }
  if (!is_ancestor_or_self (self->tree, self->focus, node))
    return FALSE;

  path = g_array_new (FALSE, FALSE, sizeof (WeftCallNode));
  for (WeftCallNode n = node; n != self->focus; n = weft_call_tree_get_parent (self->tree, n))
    g_array_append_val (path, n);
  for (guint i = path->len; i-- > 0;)
    {
      WeftCallNode n = g_array_index (path, WeftCallNode, i);
      WeftCallNode parent = weft_call_tree_get_parent (self->tree, n);
      double scale = children_scale (self, parent, w);

      for (WeftCallNode c = weft_call_tree_get_first_child (self->tree, parent); c != n;
           c = weft_call_tree_get_next_sibling (self->tree, c))
        x += weft_flame_graph_renderer_get_value (self, c) * scale;
      w = weft_flame_graph_renderer_get_value (self, n) * scale;
    }
  rect->x = x;
  rect->width = w;
  return w >= MIN_BOX_WIDTH;
}

WeftCallNode
weft_flame_graph_renderer_hit_test (WeftFlameGraphRenderer *self,
                                    double                  width,
                                    double                  height,
                                    double                  x,
                                    double                  y)
{
  Layout layout;
  int row, target_depth;
  WeftCallNode n;
  double left = 0, w = width;

  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self), WEFT_CALL_NODE_NONE);

  if (self->tree == NULL || x < 0 || x >= width)
    return WEFT_CALL_NODE_NONE;
  get_layout (self, height, &layout);
  if (y < layout.top || y >= layout.bottom)
    return WEFT_CALL_NODE_NONE;
  row = (int)floor ((y - layout.top) / ROW_HEIGHT);
  if (layout.top + (row + 1) * ROW_HEIGHT > layout.bottom + 0.01)
    return WEFT_CALL_NODE_NONE;
  target_depth = layout.first_depth + row;

  /* On the focus path: the ancestor at that depth. */
  n = self->focus;
  if (n != WEFT_CALL_TREE_ROOT && weft_call_tree_get_depth (self->tree, n) >= target_depth)
    {
      while (weft_call_tree_get_depth (self->tree, n) > target_depth)
        n = weft_call_tree_get_parent (self->tree, n);
      return n;
    }

  /* Below it: walk down, choosing the child under x at each level. */
  while (n == WEFT_CALL_TREE_ROOT || weft_call_tree_get_depth (self->tree, n) < target_depth)
    {
      double scale = children_scale (self, n, w);
      WeftCallNode hit = WEFT_CALL_NODE_NONE;

      for (WeftCallNode c = weft_call_tree_get_first_child (self->tree, n); c != WEFT_CALL_NODE_NONE;
           c = weft_call_tree_get_next_sibling (self->tree, c))
        {
          double cw = weft_flame_graph_renderer_get_value (self, c) * scale;

          if (x >= left && x < left + cw)
            {
              hit = c;
              w = cw;
              break;
            }
          left += cw;
        }
      if (hit == WEFT_CALL_NODE_NONE || w < MIN_BOX_WIDTH)
        return WEFT_CALL_NODE_NONE;
      n = hit;
    }
  return n;
}

static void
format_value (GString             *out,
              double               value,
              WeftCallMetricFlags  flags)
{
  if (flags & WEFT_CALL_METRIC_INTEGER)
    g_string_append_printf (out, "%.0f", value);
  else
    g_string_append_printf (out, "%.4g", value);
}

static void
append_set (GString    *out,
            const char *label,
            char       *text)
{
  if (strlen (text) > 200)
    strcpy (text + 197, "…");
  g_string_append_printf (out, "\n%s %s", label, text);
  g_free (text);
}

char *
weft_flame_graph_renderer_describe_node (WeftFlameGraphRenderer *self,
                                         WeftCallNode            node)
{
  const WeftCallFrame *frame;
  GString *out;

  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self), NULL);

  if (!valid_node (self, node) || node == WEFT_CALL_TREE_ROOT)
    return NULL;
  frame = weft_call_tree_get_frame (self->tree, node);
  out = g_string_new (NULL);
  if (frame->function[0] != '\0')
    g_string_append (out, frame->function);
  else
    {
      g_autofree char *label = weft_call_frame_to_label (frame);

      g_string_append (out, label[0] != '\0' ? label : _("(unknown frame)"));
    }
  if (frame->file[0] != '\0')
    g_string_append_printf (out, "\n%s:%u", frame->file, frame->line);
  if (weft_call_tree_has_process_info (self->tree))
    {
      guint64 n = weft_call_tree_get_process_count (self->tree, node);
      const WeftIntSet *processes = weft_call_tree_get_processes (self->tree, node);
      const WeftThreadSet *threads = weft_call_tree_get_threads (self->tree, node);
      guint64 total;

      /* Once per tree: the union of every node's set (the call-tree view
       * describes each row it shows). */
      if (self->total_processes < 0)
        self->total_processes = (gint64)total_processes (self->tree);
      total = (guint64)self->total_processes;

      g_string_append_printf (out, _("\n%" PRIu64 " of %" PRIu64 " processes, %" PRIu64 " threads"),
                              n, total, weft_call_tree_get_thread_count (self->tree, node));
      if (processes != NULL)
        append_set (out, _("Processes:"), weft_int_set_to_string (processes));
      if (threads != NULL)
        append_set (out, _("Threads:"), weft_thread_set_to_string (threads));
    }
  for (guint m = 0; m < weft_call_tree_get_n_metrics (self->tree); m++)
    {
      WeftCallMetricFlags flags = weft_call_tree_get_metric_flags (self->tree, m);
      double inclusive = weft_call_tree_get_inclusive (self->tree, node, m);
      double root = weft_call_tree_get_inclusive (self->tree, WEFT_CALL_TREE_ROOT, m);
      const char *unit = weft_call_tree_get_metric_unit (self->tree, m);

      g_string_append_printf (out, "\n%s: ", weft_call_tree_get_metric_name (self->tree, m));
      format_value (out, inclusive, flags);
      if (unit != NULL && unit[0] != '\0')
        g_string_append_printf (out, " %s", unit);
      if (root > 0)
        g_string_append_printf (out, _(" (%.1f%% of all)"), 100.0 * inclusive / root);
      g_string_append (out, _(", self "));
      format_value (out, weft_call_tree_get_exclusive (self->tree, node, m), flags);
    }
  if (weft_flame_graph_is_divergent (self->tree, node))
    g_string_append (out, _("\nReached by a minority of its caller’s processes"));
  if (weft_call_tree_get_compare_side (self->tree, node) == WEFT_COMPARE_SIDE_BASE_ONLY)
    g_string_append (out, _("\nOnly in the base run"));
  else if (weft_call_tree_get_compare_side (self->tree, node) == WEFT_COMPARE_SIDE_OTHER_ONLY)
    g_string_append (out, _("\nOnly in the other run"));
  return g_string_free (out, FALSE);
}

typedef struct
{
  WeftCallNode node;
  double       x;
  double       width;
} Pending;

/* The change at @node relative to its larger side, in [-1, 1]: blue where
 * the other run spends less, red where it spends more, neutral unchanged. */
static WeftRgba
change_color (WeftFlameGraphRenderer *self,
              WeftCallNode            node)
{
  WeftColorScale scale;
  double base = weft_call_tree_get_inclusive (self->tree, node, (guint)self->compare_base);
  double other = weft_call_tree_get_inclusive (self->tree, node, (guint)self->compare_other);
  double larger = MAX (fabs (base), fabs (other));

  weft_color_scale_init (&scale, WEFT_COLOR_SCALE_DIVERGING, -1, 1);
  return weft_color_scale_map (&scale, larger > 0 ? (other - base) / larger : 0.0);
}

static void
draw_box (WeftFlameGraphRenderer *self,
          cairo_t                *cr,
          PangoLayout            *layout,
          WeftCallNode            node,
          double                  x,
          double                  y,
          double                  w,
          gboolean                context)
{
  const WeftCallFrame *frame = weft_call_tree_get_frame (self->tree, node);
  const char *name = frame->function;
  g_autofree char *label = NULL;
  double r, g, b;
  WeftRgba fill, text;

  if (name[0] == '\0')
    name = label = weft_call_frame_to_label (frame);
  if (self->compare_other >= 0)
    fill = change_color (self, node);
  else
    {
      weft_flame_graph_color_for_name (name, &r, &g, &b);
      fill = (WeftRgba) { r, g, b, 1 };
    }
  if (context)
    fill = weft_rgba_mix (&fill, &self->theme.background, 0.55);

  cairo_rectangle (cr, x, y, MAX (w - 1, 0.5), ROW_HEIGHT - 1);
  weft_rgba_set_source (cr, &fill);
  cairo_fill (cr);

  /* New in the other run: a dashed outline (the base run never got here). */
  if (self->compare_other >= 0 &&
      weft_call_tree_get_compare_side (self->tree, node) == WEFT_COMPARE_SIDE_OTHER_ONLY)
    {
      static const double dashes[] = { 3, 2 };

      cairo_save (cr);
      cairo_rectangle (cr, x + 1, y + 1, MAX (w - 3, 0.5), ROW_HEIGHT - 3);
      weft_rgba_set_source (cr, &self->theme.foreground);
      cairo_set_dash (cr, dashes, G_N_ELEMENTS (dashes), 0);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      cairo_restore (cr);
    }

  if (weft_flame_graph_is_divergent (self->tree, node))
    {
      cairo_save (cr);
      cairo_rectangle (cr, x, y, MAX (w - 1, 0.5), ROW_HEIGHT - 1);
      cairo_clip (cr);
      cairo_set_source_rgba (cr, 0.6, 0.0, 0.0, 0.35);
      cairo_set_line_width (cr, 1);
      for (double hx = x - ROW_HEIGHT; hx < x + w; hx += 6)
        {
          cairo_move_to (cr, hx, y + ROW_HEIGHT);
          cairo_line_to (cr, hx + ROW_HEIGHT, y);
        }
      cairo_stroke (cr);
      cairo_restore (cr);
      cairo_rectangle (cr, x + 1, y + 1, MAX (w - 3, 0.5), ROW_HEIGHT - 3);
      cairo_set_source_rgb (cr, 0.8, 0.0, 0.0);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
    }
  if (self->draw_outlines && (node == self->selected || node == self->hover))
    {
      cairo_rectangle (cr, x + 0.5, y + 0.5, MAX (w - 2, 0.5), ROW_HEIGHT - 2);
      if (node == self->selected)
        weft_rgba_set_source (cr, &self->theme.accent);
      else
        weft_rgba_set_source (cr, &self->theme.foreground);
      cairo_set_line_width (cr, node == self->selected ? 2 : 1);
      cairo_stroke (cr);
    }

  if (w >= MIN_LABEL_WIDTH)
    {
      int th;

      text = weft_rgba_contrasting_text (&fill);
      pango_layout_set_text (layout, name, -1);
      pango_layout_set_width (layout, (int)((w - 6) * PANGO_SCALE));
      pango_layout_get_pixel_size (layout, NULL, &th);
      weft_rgba_set_source (cr, &text);
      cairo_move_to (cr, x + 3, y + (ROW_HEIGHT - 1 - th) / 2);
      pango_cairo_show_layout (cr, layout);
    }
}

static void
show_text (cairo_t     *cr,
           PangoLayout *layout,
           const char  *text,
           double       x,
           double       y,
           double       width)
{
  int th;

  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int)(MAX (width, 1) * PANGO_SCALE));
  pango_layout_get_pixel_size (layout, NULL, &th);
  cairo_move_to (cr, x, y - th / 2.0);
  pango_cairo_show_layout (cr, layout);
}

static char *
dup_title (WeftFlameGraphRenderer *self)
{
  GString *out = g_string_new (NULL);
  const char *title = weft_call_tree_get_title (self->tree);

  if (title != NULL && title[0] != '\0')
    g_string_append_printf (out, "%s — ", title);
  if (self->metric >= 0)
    g_string_append_printf (out, _("width: %s"), weft_call_tree_get_metric_name (self->tree, (guint)self->metric));
  else if (weft_call_tree_has_process_info (self->tree))
    g_string_append (out, _("width: processes"));
  else
    g_string_append (out, _("width: leaf frames"));
  if (self->focus != WEFT_CALL_TREE_ROOT)
    {
      const WeftCallFrame *frame = weft_call_tree_get_frame (self->tree, self->focus);

      g_string_append_printf (out, _(" — zoomed into %s (Esc to go back)"), frame->function);
    }
  return g_string_free (out, FALSE);
}

void
weft_flame_graph_renderer_draw (WeftFlameGraphRenderer *self,
                                cairo_t                *cr,
                                double                  width,
                                double                  height)
{
  g_autoptr(PangoLayout) layout = NULL;
  g_autoptr(PangoFontDescription) font = NULL;
  g_autoptr(GArray) stack = NULL;
  g_autofree char *title = NULL;
  Layout lay;
  int max_rows;

  g_return_if_fail (WEFT_IS_FLAME_GRAPH_RENDERER (self));
  g_return_if_fail (cr != NULL);

  cairo_save (cr);
  weft_rgba_set_source (cr, &self->theme.background);
  cairo_paint (cr);

  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_from_string (self->theme.font != NULL ? self->theme.font : "Sans 9");
  pango_layout_set_font_description (layout, font);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_set_single_paragraph_mode (layout, TRUE);

  if (self->tree == NULL || weft_call_tree_get_n_nodes (self->tree) <= 1)
    {
      weft_rgba_set_source (cr, &self->theme.dim);
      show_text (cr, layout, _("No stack frames"), 6, height / 2, width - 12);
      cairo_restore (cr);
      return;
    }

  get_layout (self, height, &lay);
  max_rows = (int)floor ((lay.bottom - lay.top) / ROW_HEIGHT + 0.01);

  title = dup_title (self);
  weft_rgba_set_source (cr, &self->theme.foreground);
  show_text (cr, layout, title, 6, TITLE_HEIGHT / 2, width - 12);

  /* The focus and its ancestors in view, full width. */
  for (WeftCallNode n = self->focus; n != WEFT_CALL_TREE_ROOT; n = weft_call_tree_get_parent (self->tree, n))
    {
      int row = weft_call_tree_get_depth (self->tree, n) - lay.first_depth;

      if (row >= 0 && row < max_rows)
        draw_box (self, cr, layout, n, 0, lay.top + row * ROW_HEIGHT, width, n != self->focus);
    }

  /* The subtree of the focus, without recursion: depth is no limit. */
  stack = g_array_new (FALSE, FALSE, sizeof (Pending));
  {
    Pending start = { self->focus, 0, width };

    g_array_append_val (stack, start);
  }
  while (stack->len > 0)
    {
      Pending p = g_array_index (stack, Pending, stack->len - 1);
      int child_row;
      double scale, x;

      g_array_set_size (stack, stack->len - 1);
      child_row = (p.node == WEFT_CALL_TREE_ROOT ? 0 : weft_call_tree_get_depth (self->tree, p.node) + 1) -
                  lay.first_depth;
      if (child_row >= max_rows)
        continue;
      scale = children_scale (self, p.node, p.width);
      x = p.x;
      for (WeftCallNode c = weft_call_tree_get_first_child (self->tree, p.node); c != WEFT_CALL_NODE_NONE;
           c = weft_call_tree_get_next_sibling (self->tree, c))
        {
          double cw = weft_flame_graph_renderer_get_value (self, c) * scale;

          if (cw >= MIN_BOX_WIDTH)
            {
              Pending next = { c, x, cw };

              draw_box (self, cr, layout, c, x, lay.top + child_row * ROW_HEIGHT, cw, FALSE);
              g_array_append_val (stack, next);
            }
          x += cw;
        }
    }

  /* The legend: what colours mean in a comparison, or what the red outline
   * means. */
  if (self->compare_other >= 0 && height > LEGEND_HEIGHT + TITLE_HEIGHT)
    {
      WeftColorScale scale;
      double y = height - LEGEND_HEIGHT;

      weft_color_scale_init (&scale, WEFT_COLOR_SCALE_DIVERGING, -1, 1);
      weft_color_scale_draw_legend (&scale, cr, 7, y + 4, 120, LEGEND_HEIGHT - 8, NULL, NULL,
                                    &self->theme.dim, font);
      weft_rgba_set_source (cr, &self->theme.dim);
      show_text (cr, layout, _("shrank ← unchanged → grew (change relative to the larger run); "
                               "width: the other run; dashed: only in the other run"),
                 134, y + LEGEND_HEIGHT / 2, width - 140);
    }
  else if (weft_call_tree_has_process_info (self->tree) && height > LEGEND_HEIGHT + TITLE_HEIGHT)
    {
      double y = height - LEGEND_HEIGHT;

      cairo_rectangle (cr, 7, y + 4, 18, LEGEND_HEIGHT - 8);
      cairo_set_source_rgb (cr, 0.8, 0.0, 0.0);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
      weft_rgba_set_source (cr, &self->theme.dim);
      show_text (cr, layout, _("reached by a minority of the caller’s processes (a diverging rank); "
                               "colours follow the function name"),
                 32, y + LEGEND_HEIGHT / 2, width - 38);
    }
  cairo_restore (cr);
}

gboolean
weft_flame_graph_draw_picture (WeftDataset           *dataset,
                               const char            *view,
                               const WeftViewOptions *options,
                               const WeftRenderTheme *theme,
                               cairo_t               *cr,
                               double                 width,
                               double                 height,
                               GError               **error)
{
  g_autoptr(WeftFlameGraphRenderer) renderer = NULL;
  g_autoptr(WeftCallTree) tree = NULL;

  g_return_val_if_fail (WEFT_IS_DATASET (dataset), FALSE);
  g_return_val_if_fail (cr != NULL, FALSE);

  tree = weft_dataset_dup_call_tree (dataset, view, options, error);
  if (tree == NULL)
    return FALSE;
  renderer = weft_flame_graph_renderer_new ();
  if (theme != NULL)
    weft_flame_graph_renderer_set_theme (renderer, theme);
  weft_flame_graph_renderer_set_tree (renderer, tree);
  if (options != NULL && options->metric != NULL && g_strcmp0 (options->metric, "processes") != 0)
    {
      int metric = weft_call_tree_find_metric (tree, options->metric);

      if (metric < 0)
        {
          g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                       _("The call tree has no metric “%s”"), options->metric);
          return FALSE;
        }
      weft_flame_graph_renderer_set_metric (renderer, metric);
    }
  else if (options != NULL && options->metric != NULL)
    weft_flame_graph_renderer_set_metric (renderer, -1);
  weft_flame_graph_renderer_draw (renderer, cr, width, height);
  return TRUE;
}

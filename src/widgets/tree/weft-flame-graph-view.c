/* weft-flame-graph-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "weft-flame-graph-view.h"

struct _WeftFlameGraphView
{
  WeftDrawnWidget         parent_instance;
  WeftFlameGraphRenderer *renderer;
};

enum {
  NODE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (WeftFlameGraphView, weft_flame_graph_view, WEFT_TYPE_DRAWN_WIDGET)

static void
update_accessible (WeftFlameGraphView *self)
{
  WeftCallTree *tree = weft_flame_graph_renderer_get_tree (self->renderer);
  WeftCallNode focus = weft_flame_graph_renderer_get_focus (self->renderer);
  g_autofree char *description = NULL;

  if (tree != NULL && focus != WEFT_CALL_TREE_ROOT)
    description = weft_flame_graph_renderer_describe_node (self->renderer, focus);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Flame graph"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description != NULL ? description : "",
                                  -1);
}

/* What the kept picture shows changed: draw it again. */
static void
changed (WeftFlameGraphView *self)
{
  update_accessible (self);
  weft_drawn_widget_drop_picture (WEFT_DRAWN_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

GtkWidget *
weft_flame_graph_view_new (void)
{
  return g_object_new (WEFT_TYPE_FLAME_GRAPH_VIEW, NULL);
}

void
weft_flame_graph_view_set_tree (WeftFlameGraphView *self,
                                WeftCallTree       *tree)
{
  g_return_if_fail (WEFT_IS_FLAME_GRAPH_VIEW (self));

  if (weft_flame_graph_renderer_set_tree (self->renderer, tree))
    changed (self);
}

/**
 * weft_flame_graph_view_get_tree:
 *
 * Returns: (transfer none) (nullable): the tree
 */
WeftCallTree *
weft_flame_graph_view_get_tree (WeftFlameGraphView *self)
{
  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_VIEW (self), NULL);

  return weft_flame_graph_renderer_get_tree (self->renderer);
}

void
weft_flame_graph_view_set_metric (WeftFlameGraphView *self,
                                  int                 metric)
{
  g_return_if_fail (WEFT_IS_FLAME_GRAPH_VIEW (self));

  if (weft_flame_graph_renderer_set_metric (self->renderer, metric))
    changed (self);
}

void
weft_flame_graph_view_set_focus (WeftFlameGraphView *self,
                                 WeftCallNode        node)
{
  g_return_if_fail (WEFT_IS_FLAME_GRAPH_VIEW (self));

  if (weft_flame_graph_renderer_set_focus (self->renderer, node))
    changed (self);
}

WeftCallNode
weft_flame_graph_view_get_focus (WeftFlameGraphView *self)
{
  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_VIEW (self), WEFT_CALL_TREE_ROOT);

  return weft_flame_graph_renderer_get_focus (self->renderer);
}

void
weft_flame_graph_view_set_selected (WeftFlameGraphView *self,
                                    WeftCallNode        node)
{
  g_return_if_fail (WEFT_IS_FLAME_GRAPH_VIEW (self));

  if (weft_flame_graph_renderer_set_selected (self->renderer, node))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * weft_flame_graph_view_get_renderer:
 *
 * Returns: (transfer none): the renderer
 */
WeftFlameGraphRenderer *
weft_flame_graph_view_get_renderer (WeftFlameGraphView *self)
{
  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_VIEW (self), NULL);

  return self->renderer;
}

static WeftCallNode
node_at (WeftFlameGraphView *self,
         double              x,
         double              y)
{
  return weft_flame_graph_renderer_hit_test (self->renderer, gtk_widget_get_width (GTK_WIDGET (self)),
                                             gtk_widget_get_height (GTK_WIDGET (self)), x, y);
}

char *
weft_flame_graph_view_dup_tooltip_text (WeftFlameGraphView *self,
                                        double              x,
                                        double              y)
{
  WeftCallNode node;

  g_return_val_if_fail (WEFT_IS_FLAME_GRAPH_VIEW (self), NULL);

  node = node_at (self, x, y);
  if (node == WEFT_CALL_NODE_NONE)
    return NULL;
  return weft_flame_graph_renderer_describe_node (self->renderer, node);
}

/* --- Input ---------------------------------------------------------------------- */

static void
weft_flame_graph_view_pointer_moved (WeftDrawnWidget *widget,
                                     double           x,
                                     double           y)
{
  WeftFlameGraphView *self = WEFT_FLAME_GRAPH_VIEW (widget);

  if (weft_flame_graph_renderer_set_hover (self->renderer, node_at (self, x, y)))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
weft_flame_graph_view_pointer_left (WeftDrawnWidget *widget)
{
  WeftFlameGraphView *self = WEFT_FLAME_GRAPH_VIEW (widget);

  if (weft_flame_graph_renderer_set_hover (self->renderer, WEFT_CALL_NODE_NONE))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
weft_flame_graph_view_clicked (WeftDrawnWidget *widget,
                               double           x,
                               double           y)
{
  WeftFlameGraphView *self = WEFT_FLAME_GRAPH_VIEW (widget);
  WeftCallNode node = node_at (self, x, y);

  if (node == WEFT_CALL_NODE_NONE)
    return;
  weft_flame_graph_view_set_focus (self, node);
  weft_flame_graph_view_set_selected (self, node);
  g_signal_emit (self, signals[NODE_ACTIVATED], 0, (guint)node);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  WeftFlameGraphView *self = WEFT_FLAME_GRAPH_VIEW (widget);
  WeftCallTree *tree = weft_flame_graph_renderer_get_tree (self->renderer);
  WeftCallNode focus = weft_flame_graph_renderer_get_focus (self->renderer);

  if (tree == NULL || focus == WEFT_CALL_TREE_ROOT)
    return;
  if (g_variant_get_boolean (parameter))
    weft_flame_graph_view_set_focus (self, WEFT_CALL_TREE_ROOT);
  else
    weft_flame_graph_view_set_focus (self, weft_call_tree_get_parent (tree, focus));
}

/* --- GtkWidget ------------------------------------------------------------------ */

static gboolean
weft_flame_graph_view_query_tooltip (GtkWidget  *widget,
                                     int         x,
                                     int         y,
                                     gboolean    keyboard_tooltip,
                                     GtkTooltip *tooltip)
{
  WeftFlameGraphView *self = WEFT_FLAME_GRAPH_VIEW (widget);
  g_autofree char *text = NULL;
  cairo_rectangle_t rect;
  WeftCallNode node;

  if (keyboard_tooltip)
    {
      node = weft_flame_graph_renderer_get_focus (self->renderer);
      text = weft_flame_graph_renderer_describe_node (self->renderer, node);
      if (text == NULL)
        return FALSE;
      gtk_tooltip_set_text (tooltip, text);
      return TRUE;
    }
  node = node_at (self, x, y);
  text = node != WEFT_CALL_NODE_NONE ? weft_flame_graph_renderer_describe_node (self->renderer, node) : NULL;
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  if (weft_flame_graph_renderer_get_node_rect (self->renderer, gtk_widget_get_width (widget),
                                               gtk_widget_get_height (widget), node, &rect))
    gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { (int)rect.x, (int)rect.y,
                                                         MAX ((int)rect.width, 1), (int)rect.height });
  return TRUE;
}

/* --- WeftDrawnWidget ------------------------------------------------------------ */

/* The outline of @node over the picture, if it is shown. */
static void
append_outline (WeftFlameGraphView *self,
                GtkSnapshot        *snapshot,
                WeftCallNode        node,
                float               line_width,
                const WeftRgba     *color)
{
  cairo_rectangle_t rect;

  if (node == WEFT_CALL_NODE_NONE ||
      !weft_flame_graph_renderer_get_node_rect (self->renderer, gtk_widget_get_width (GTK_WIDGET (self)),
                                                gtk_widget_get_height (GTK_WIDGET (self)), node, &rect))
    return;
  weft_snapshot_append_frame (snapshot,
                              &GRAPHENE_RECT_INIT (rect.x, rect.y, MAX (rect.width - 1, 2 * line_width),
                                                   rect.height - 1),
                              line_width, color);
}

/* The graph is drawn once into a kept picture (a million frames take a third
 * of a second); hovering and selecting only outline a frame over it. */
static void
weft_flame_graph_view_snapshot (GtkWidget   *widget,
                                GtkSnapshot *snapshot)
{
  WeftFlameGraphView *self = WEFT_FLAME_GRAPH_VIEW (widget);
  const WeftRenderTheme *theme;
  WeftCallNode selected = weft_flame_graph_renderer_get_selected (self->renderer);
  WeftCallNode hover = weft_flame_graph_renderer_get_hover (self->renderer);

  if (gtk_widget_get_width (widget) <= 0 || gtk_widget_get_height (widget) <= 0)
    return;
  weft_drawn_widget_append_picture (WEFT_DRAWN_WIDGET (self), snapshot);
  theme = weft_drawn_widget_ensure_theme (WEFT_DRAWN_WIDGET (self));
  if (hover != selected)
    append_outline (self, snapshot, hover, 1, &theme->foreground);
  append_outline (self, snapshot, selected, 2, &theme->accent);
}

static void
weft_flame_graph_view_draw (WeftDrawnWidget       *widget,
                            cairo_t               *cr,
                            int                    width,
                            int                    height,
                            const WeftRenderTheme *theme)
{
  weft_flame_graph_renderer_draw (WEFT_FLAME_GRAPH_VIEW (widget)->renderer, cr, width, height);
}

static void
weft_flame_graph_view_theme_changed (WeftDrawnWidget       *widget,
                                     const WeftRenderTheme *theme)
{
  weft_flame_graph_renderer_set_theme (WEFT_FLAME_GRAPH_VIEW (widget)->renderer, theme);
}

static void
weft_flame_graph_view_dispose (GObject *object)
{
  WeftFlameGraphView *self = WEFT_FLAME_GRAPH_VIEW (object);

  g_clear_object (&self->renderer);

  G_OBJECT_CLASS (weft_flame_graph_view_parent_class)->dispose (object);
}

static void
weft_flame_graph_view_class_init (WeftFlameGraphViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  WeftDrawnWidgetClass *drawn_class = WEFT_DRAWN_WIDGET_CLASS (klass);

  object_class->dispose = weft_flame_graph_view_dispose;
  widget_class->query_tooltip = weft_flame_graph_view_query_tooltip;
  widget_class->snapshot = weft_flame_graph_view_snapshot;

  drawn_class->draw = weft_flame_graph_view_draw;
  drawn_class->theme_changed = weft_flame_graph_view_theme_changed;
  drawn_class->pointer_moved = weft_flame_graph_view_pointer_moved;
  drawn_class->pointer_left = weft_flame_graph_view_pointer_left;
  drawn_class->clicked = weft_flame_graph_view_clicked;
  weft_drawn_widget_class_set_sizes (drawn_class, 200, 600, 120, 400);

  /**
   * WeftFlameGraphView::node-activated:
   * @node: the WeftCallNode clicked (now the focus)
   */
  signals[NODE_ACTIVATED] =
    g_signal_new ("node-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  /* TRUE: all the way out (Home); FALSE: one level (Escape, BackSpace). */
  gtk_widget_class_install_action (widget_class, "flamegraph.zoom-out", "b", zoom_out_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "flamegraph.zoom-out", "b", FALSE);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_BackSpace, 0, "flamegraph.zoom-out", "b", FALSE);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "flamegraph.zoom-out", "b", TRUE);

  gtk_widget_class_set_css_name (widget_class, "flamegraph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_WIDGET);
}

static void
weft_flame_graph_view_init (WeftFlameGraphView *self)
{
  self->renderer = weft_flame_graph_renderer_new ();
  weft_flame_graph_renderer_set_draw_outlines (self->renderer, FALSE);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  weft_drawn_widget_add_pointer_controllers (WEFT_DRAWN_WIDGET (self));
  update_accessible (self);
}

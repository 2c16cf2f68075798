/* weft-ring-graph-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "weft-ring-graph-view.h"

struct _WeftRingGraphView
{
  WeftDrawnWidget               parent_instance;

  WeftRingGraphRenderer        *renderer;
  WeftValueTable               *values;
  guint                         column;
  int                           selected;

  WeftRingGraphViewTooltipFunc  tooltip_func;
  gpointer                      tooltip_data;
  GDestroyNotify                tooltip_destroy;
};

enum {
  PROP_0,
  PROP_MATRIX,
  PROP_NODE_VALUES,
  PROP_NODE_COLUMN,
  PROP_SCALE_MODE,
  PROP_SELECTED_NODE,
  N_PROPS
};

enum {
  NODE_ACTIVATED,
  LINK_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (WeftRingGraphView, weft_ring_graph_view, WEFT_TYPE_DRAWN_WIDGET)

/* The renderer lays the graph out with the theme's font. */
static void
ensure_theme (WeftRingGraphView *self)
{
  weft_drawn_widget_ensure_theme (WEFT_DRAWN_WIDGET (self));
}

static double
width_of (WeftRingGraphView *self)
{
  return gtk_widget_get_width (GTK_WIDGET (self));
}

static double
height_of (WeftRingGraphView *self)
{
  return gtk_widget_get_height (GTK_WIDGET (self));
}

static guint
n_nodes (WeftRingGraphView *self)
{
  return weft_ring_graph_renderer_get_n_nodes (self->renderer);
}

static void
update_accessible (WeftRingGraphView *self)
{
  g_autofree char *label = g_strdup_printf (_("Communication graph of %u nodes"), n_nodes (self));
  g_autofree char *description = NULL;

  if (self->selected >= 0)
    {
      WeftRingGraphHit hit = { WEFT_RING_GRAPH_HIT_NODE, (guint)self->selected, 0, 0, 0 };

      description = weft_ring_graph_renderer_describe_hit (self->renderer, &hit);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description != NULL ? description : "",
                                  -1);
}

/* The renderer takes a table only with a column it has. The selected node's
 * description shows its value. */
static void
push_values (WeftRingGraphView *self)
{
  gboolean fits = self->values != NULL && self->column < weft_value_table_get_n_columns (self->values);

  if (weft_ring_graph_renderer_set_node_values (self->renderer, fits ? self->values : NULL,
                                                fits ? self->column : 0))
    {
      update_accessible (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

GtkWidget *
weft_ring_graph_view_new (void)
{
  return g_object_new (WEFT_TYPE_RING_GRAPH_VIEW, NULL);
}

/**
 * weft_ring_graph_view_get_matrix:
 *
 * Returns: (transfer none) (nullable): the traffic matrix
 */
WeftMatrix *
weft_ring_graph_view_get_matrix (WeftRingGraphView *self)
{
  g_return_val_if_fail (WEFT_IS_RING_GRAPH_VIEW (self), NULL);

  return weft_ring_graph_renderer_get_matrix (self->renderer);
}

/**
 * weft_ring_graph_view_set_matrix:
 * @matrix: (nullable): a square matrix, matrix[from][to]
 */
void
weft_ring_graph_view_set_matrix (WeftRingGraphView *self,
                                 WeftMatrix        *matrix)
{
  g_return_if_fail (WEFT_IS_RING_GRAPH_VIEW (self));

  if (!weft_ring_graph_renderer_set_matrix (self->renderer, matrix))
    return;

  g_object_freeze_notify (G_OBJECT (self));
  if (self->selected >= (int)n_nodes (self))
    weft_ring_graph_view_set_selected_node (self, -1);
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MATRIX]);
  g_object_thaw_notify (G_OBJECT (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * weft_ring_graph_view_get_node_values:
 *
 * Returns: (transfer none) (nullable): the node values
 */
WeftValueTable *
weft_ring_graph_view_get_node_values (WeftRingGraphView *self)
{
  g_return_val_if_fail (WEFT_IS_RING_GRAPH_VIEW (self), NULL);

  return self->values;
}

/**
 * weft_ring_graph_view_set_node_values:
 * @values: (nullable): row i colours node i, through the "node-column" column
 */
void
weft_ring_graph_view_set_node_values (WeftRingGraphView *self,
                                      WeftValueTable    *values)
{
  g_return_if_fail (WEFT_IS_RING_GRAPH_VIEW (self));

  if (self->values == values)
    return;

  g_clear_pointer (&self->values, weft_value_table_unref);
  self->values = values != NULL ? weft_value_table_ref (values) : NULL;
  push_values (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NODE_VALUES]);
}

guint
weft_ring_graph_view_get_node_column (WeftRingGraphView *self)
{
  g_return_val_if_fail (WEFT_IS_RING_GRAPH_VIEW (self), 0);

  return self->column;
}

/* The column of "node-values" that colours the nodes (0 = the first); a
 * column the table does not have leaves the nodes uncoloured. */
void
weft_ring_graph_view_set_node_column (WeftRingGraphView *self,
                                      guint              column)
{
  g_return_if_fail (WEFT_IS_RING_GRAPH_VIEW (self));

  if (self->column == column)
    return;

  self->column = column;
  push_values (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NODE_COLUMN]);
}

WeftColorScaleMode
weft_ring_graph_view_get_scale_mode (WeftRingGraphView *self)
{
  g_return_val_if_fail (WEFT_IS_RING_GRAPH_VIEW (self), WEFT_COLOR_SCALE_LINEAR);

  return weft_ring_graph_renderer_get_link_scale (self->renderer)->mode;
}

/* Linear or logarithmic, for the node and the link colours alike. */
void
weft_ring_graph_view_set_scale_mode (WeftRingGraphView  *self,
                                     WeftColorScaleMode  mode)
{
  g_return_if_fail (WEFT_IS_RING_GRAPH_VIEW (self));

  if (weft_ring_graph_renderer_set_scale_mode (self->renderer, mode))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCALE_MODE]);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

/* Returns: the selected node, or -1 */
int
weft_ring_graph_view_get_selected_node (WeftRingGraphView *self)
{
  g_return_val_if_fail (WEFT_IS_RING_GRAPH_VIEW (self), -1);

  return self->selected;
}

void
weft_ring_graph_view_set_selected_node (WeftRingGraphView *self,
                                        int                node)
{
  g_return_if_fail (WEFT_IS_RING_GRAPH_VIEW (self));

  if (node < 0 || node >= (int)n_nodes (self))
    node = -1;
  if (self->selected == node)
    return;

  self->selected = node;
  if (weft_ring_graph_renderer_set_selected_node (self->renderer, node))
    gtk_widget_queue_draw (GTK_WIDGET (self));
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_NODE]);
}

void
weft_ring_graph_view_set_tooltip_func (WeftRingGraphView            *self,
                                       WeftRingGraphViewTooltipFunc  func,
                                       gpointer                      user_data,
                                       GDestroyNotify                destroy)
{
  g_return_if_fail (WEFT_IS_RING_GRAPH_VIEW (self));

  if (self->tooltip_destroy != NULL)
    self->tooltip_destroy (self->tooltip_data);
  self->tooltip_func = func;
  self->tooltip_data = user_data;
  self->tooltip_destroy = destroy;
}

/**
 * weft_ring_graph_view_hit_test:
 * @hit: (out caller-allocates): what is at (@x, @y), in widget coordinates
 */
void
weft_ring_graph_view_hit_test (WeftRingGraphView *self,
                               double             x,
                               double             y,
                               WeftRingGraphHit  *hit)
{
  g_return_if_fail (WEFT_IS_RING_GRAPH_VIEW (self));
  g_return_if_fail (hit != NULL);

  ensure_theme (self);
  weft_ring_graph_renderer_hit_test (self->renderer, width_of (self), height_of (self), x, y, hit);
}

gboolean
weft_ring_graph_view_get_node_center (WeftRingGraphView *self,
                                      guint              node,
                                      graphene_point_t  *center)
{
  double x, y;

  g_return_val_if_fail (WEFT_IS_RING_GRAPH_VIEW (self), FALSE);
  g_return_val_if_fail (center != NULL, FALSE);

  ensure_theme (self);
  if (!weft_ring_graph_renderer_get_node_center (self->renderer, width_of (self), height_of (self),
                                                 node, &x, &y))
    return FALSE;
  graphene_point_init (center, x, y);
  return TRUE;
}

/**
 * weft_ring_graph_view_dup_tooltip_text:
 *
 * Returns: (transfer full) (nullable): the tooltip at (@x, @y)
 */
char *
weft_ring_graph_view_dup_tooltip_text (WeftRingGraphView *self,
                                       double             x,
                                       double             y)
{
  g_autofree char *text = NULL;
  WeftRingGraphHit hit;

  g_return_val_if_fail (WEFT_IS_RING_GRAPH_VIEW (self), NULL);

  weft_ring_graph_view_hit_test (self, x, y, &hit);
  text = weft_ring_graph_renderer_describe_hit (self->renderer, &hit);
  if (text != NULL && self->tooltip_func != NULL &&
      (hit.kind == WEFT_RING_GRAPH_HIT_NODE || hit.kind == WEFT_RING_GRAPH_HIT_LINK))
    {
      char *custom = self->tooltip_func (self, &hit, text, self->tooltip_data);

      if (custom != NULL)
        {
          g_free (text);
          text = custom;
        }
    }

  return g_steal_pointer (&text);
}

/**
 * weft_ring_graph_view_activate_at:
 *
 * What a click at (@x, @y) does: a node is selected and "node-activated"
 * emitted; a link half with traffic emits "link-activated".
 *
 * Returns: %TRUE if a signal was emitted
 */
gboolean
weft_ring_graph_view_activate_at (WeftRingGraphView *self,
                                  double             x,
                                  double             y)
{
  WeftRingGraphHit hit;

  g_return_val_if_fail (WEFT_IS_RING_GRAPH_VIEW (self), FALSE);

  weft_ring_graph_view_hit_test (self, x, y, &hit);
  if (hit.kind == WEFT_RING_GRAPH_HIT_NODE)
    {
      weft_ring_graph_view_set_selected_node (self, (int)hit.node);
      g_signal_emit (self, signals[NODE_ACTIVATED], 0, hit.node);
      return TRUE;
    }
  if (hit.kind == WEFT_RING_GRAPH_HIT_LINK && hit.value != 0)
    {
      g_signal_emit (self, signals[LINK_ACTIVATED], 0, hit.from, hit.to);
      return TRUE;
    }

  return FALSE;
}

/**
 * weft_ring_graph_view_get_renderer:
 *
 * Returns: (transfer none): the renderer
 */
WeftRingGraphRenderer *
weft_ring_graph_view_get_renderer (WeftRingGraphView *self)
{
  g_return_val_if_fail (WEFT_IS_RING_GRAPH_VIEW (self), NULL);

  return self->renderer;
}

/* --- Input --------------------------------------------------------------------- */

static void
weft_ring_graph_view_pointer_moved (WeftDrawnWidget *widget,
                                    double           x,
                                    double           y)
{
  WeftRingGraphView *self = WEFT_RING_GRAPH_VIEW (widget);
  WeftRingGraphHit hit;

  weft_ring_graph_view_hit_test (self, x, y, &hit);
  if (hit.kind != WEFT_RING_GRAPH_HIT_NODE && hit.kind != WEFT_RING_GRAPH_HIT_LINK)
    hit.kind = WEFT_RING_GRAPH_HIT_NONE;
  if (weft_ring_graph_renderer_set_hover (self->renderer, &hit))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
weft_ring_graph_view_pointer_left (WeftDrawnWidget *widget)
{
  WeftRingGraphView *self = WEFT_RING_GRAPH_VIEW (widget);

  if (weft_ring_graph_renderer_set_hover (self->renderer, NULL))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
weft_ring_graph_view_clicked (WeftDrawnWidget *widget,
                              double           x,
                              double           y)
{
  weft_ring_graph_view_activate_at (WEFT_RING_GRAPH_VIEW (widget), x, y);
}

static void
move_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  WeftRingGraphView *self = WEFT_RING_GRAPH_VIEW (widget);
  int n = (int)n_nodes (self), delta = g_variant_get_int32 (parameter);

  if (n == 0)
    return;
  if (self->selected < 0)
    weft_ring_graph_view_set_selected_node (self, 0);
  else
    weft_ring_graph_view_set_selected_node (self, ((self->selected + delta) % n + n) % n);
}

static void
activate_selected_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  WeftRingGraphView *self = WEFT_RING_GRAPH_VIEW (widget);

  if (self->selected >= 0)
    g_signal_emit (self, signals[NODE_ACTIVATED], 0, (guint)self->selected);
}

/* --- GtkWidget ------------------------------------------------------------------ */

static gboolean
weft_ring_graph_view_query_tooltip (GtkWidget  *widget,
                                    int         x,
                                    int         y,
                                    gboolean    keyboard_tooltip,
                                    GtkTooltip *tooltip)
{
  WeftRingGraphView *self = WEFT_RING_GRAPH_VIEW (widget);
  g_autofree char *text = NULL;
  double px = x, py = y;

  if (keyboard_tooltip)
    {
      graphene_point_t center;

      if (self->selected < 0 || !weft_ring_graph_view_get_node_center (self, self->selected, &center))
        return FALSE;
      px = center.x;
      py = center.y;
    }

  text = weft_ring_graph_view_dup_tooltip_text (self, px, py);
  if (text == NULL)
    return FALSE;

  gtk_tooltip_set_text (tooltip, text);
  /* A small tip area so that the next node or link asks again. */
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { (int)px - 3, (int)py - 3, 6, 6 });
  return TRUE;
}

/* --- WeftDrawnWidget ------------------------------------------------------------ */

static void
weft_ring_graph_view_draw (WeftDrawnWidget       *widget,
                           cairo_t               *cr,
                           int                    width,
                           int                    height,
                           const WeftRenderTheme *theme)
{
  weft_ring_graph_renderer_draw (WEFT_RING_GRAPH_VIEW (widget)->renderer, cr, width, height);
}

static void
weft_ring_graph_view_theme_changed (WeftDrawnWidget       *widget,
                                    const WeftRenderTheme *theme)
{
  weft_ring_graph_renderer_set_theme (WEFT_RING_GRAPH_VIEW (widget)->renderer, theme);
}

static void
weft_ring_graph_view_dispose (GObject *object)
{
  WeftRingGraphView *self = (WeftRingGraphView *)object;

  weft_ring_graph_view_set_tooltip_func (self, NULL, NULL, NULL);
  g_clear_object (&self->renderer);
  g_clear_pointer (&self->values, weft_value_table_unref);

  G_OBJECT_CLASS (weft_ring_graph_view_parent_class)->dispose (object);
}

static void
weft_ring_graph_view_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  WeftRingGraphView *self = WEFT_RING_GRAPH_VIEW (object);

  switch (prop_id)
    {
    case PROP_MATRIX:
      g_value_set_boxed (value, weft_ring_graph_view_get_matrix (self));
      break;

    case PROP_NODE_VALUES:
      g_value_set_boxed (value, weft_ring_graph_view_get_node_values (self));
      break;

    case PROP_NODE_COLUMN:
      g_value_set_uint (value, weft_ring_graph_view_get_node_column (self));
      break;

    case PROP_SCALE_MODE:
      g_value_set_enum (value, weft_ring_graph_view_get_scale_mode (self));
      break;

    case PROP_SELECTED_NODE:
      g_value_set_int (value, weft_ring_graph_view_get_selected_node (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_ring_graph_view_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  WeftRingGraphView *self = WEFT_RING_GRAPH_VIEW (object);

  switch (prop_id)
    {
    case PROP_MATRIX:
      weft_ring_graph_view_set_matrix (self, g_value_get_boxed (value));
      break;

    case PROP_NODE_VALUES:
      weft_ring_graph_view_set_node_values (self, g_value_get_boxed (value));
      break;

    case PROP_NODE_COLUMN:
      weft_ring_graph_view_set_node_column (self, g_value_get_uint (value));
      break;

    case PROP_SCALE_MODE:
      weft_ring_graph_view_set_scale_mode (self, g_value_get_enum (value));
      break;

    case PROP_SELECTED_NODE:
      weft_ring_graph_view_set_selected_node (self, g_value_get_int (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_ring_graph_view_class_init (WeftRingGraphViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  WeftDrawnWidgetClass *drawn_class = WEFT_DRAWN_WIDGET_CLASS (klass);

  object_class->dispose = weft_ring_graph_view_dispose;
  object_class->get_property = weft_ring_graph_view_get_property;
  object_class->set_property = weft_ring_graph_view_set_property;

  widget_class->query_tooltip = weft_ring_graph_view_query_tooltip;

  drawn_class->draw = weft_ring_graph_view_draw;
  drawn_class->theme_changed = weft_ring_graph_view_theme_changed;
  drawn_class->pointer_moved = weft_ring_graph_view_pointer_moved;
  drawn_class->pointer_left = weft_ring_graph_view_pointer_left;
  drawn_class->clicked = weft_ring_graph_view_clicked;
  /* chplvis's window is 560 × 600 at least. */
  weft_drawn_widget_class_set_sizes (drawn_class, 160, 560, 160, 600);

  properties[PROP_MATRIX] =
    g_param_spec_boxed ("matrix", NULL, NULL, WEFT_TYPE_MATRIX,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_NODE_VALUES] =
    g_param_spec_boxed ("node-values", NULL, NULL, WEFT_TYPE_VALUE_TABLE,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_NODE_COLUMN] =
    g_param_spec_uint ("node-column", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SCALE_MODE] =
    g_param_spec_enum ("scale-mode", NULL, NULL, WEFT_TYPE_COLOR_SCALE_MODE, WEFT_COLOR_SCALE_LINEAR,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SELECTED_NODE] =
    g_param_spec_int ("selected-node", NULL, NULL, -1, G_MAXINT, -1,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * WeftRingGraphView::node-activated:
   * @node: the node (row of the matrix)
   */
  signals[NODE_ACTIVATED] =
    g_signal_new ("node-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * WeftRingGraphView::link-activated:
   * @from: the sending node
   * @to: the receiving node, whose half of the link was clicked
   */
  signals[LINK_ACTIVATED] =
    g_signal_new ("link-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "ringgraph.move", "i", move_action);
  gtk_widget_class_install_action (widget_class, "ringgraph.activate-selected", NULL, activate_selected_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "ringgraph.move", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "ringgraph.move", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "ringgraph.move", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "ringgraph.move", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "ringgraph.activate-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "ringgraph.activate-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "ringgraph.activate-selected", NULL);

  gtk_widget_class_set_css_name (widget_class, "ringgraph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_WIDGET);
}

static void
weft_ring_graph_view_init (WeftRingGraphView *self)
{
  self->renderer = weft_ring_graph_renderer_new ();
  self->selected = -1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  weft_drawn_widget_add_pointer_controllers (WEFT_DRAWN_WIDGET (self));

  update_accessible (self);
}

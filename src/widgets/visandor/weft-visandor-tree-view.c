/* weft-visandor-tree-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "weft-background.h"
#include "weft-visandor-tree-view.h"

/* A drag shorter than this along the time axis is a click. */
#define DRAG_THRESHOLD 4.0

/* Trees with more goals and branches than this are laid out in a worker
 * thread: a 1 GB trace's layout takes seconds, which would freeze the window
 * (smaller ones are laid out at once, as the tests and small traces expect). */
#define ASYNC_TASKS 200000

struct _WeftVisandorTreeView
{
  WeftDrawnWidget           parent_instance;

  WeftVisandorTreeRenderer *renderer;
  WeftVisandorDataset      *dataset;
  WeftTimeModel            *time_model;
  gulong                    visible_handler;
  double                    drag_x;
  double                    drag_y;
  double                    drag_dx;
  double                    drag_dy;
  gboolean                  dragging;
  guint32                   hovered;
  guint32                   selected_node;  /* clicked, or the clicked task's fork */
  /* Set while a worker lays out a big tree; the dataset is set once the
   * layout is in the renderer. */
  GCancellable             *layout_cancellable;
};

enum {
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (WeftVisandorTreeView, weft_visandor_tree_view, WEFT_TYPE_DRAWN_WIDGET)

enum { ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The time model counts the timeline's nanoseconds; the trace microseconds. */
static void
sync_range (WeftVisandorTreeView *self)
{
  if (self->time_model != NULL)
    {
      const WeftTimeSpan *visible = weft_time_model_get_visible_span (self->time_model);

      weft_visandor_tree_renderer_set_range (self->renderer, visible->begin / 1000, (visible->end + 999) / 1000);
    }
  else
    weft_visandor_tree_renderer_set_range (self->renderer, 0, 0);
}

static void
visible_span_cb (WeftVisandorTreeView *self)
{
  sync_range (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
weft_visandor_tree_view_draw (WeftDrawnWidget       *widget,
                              cairo_t               *cr,
                              int                    width,
                              int                    height,
                              const WeftRenderTheme *theme)
{
  WeftVisandorTreeView *self = WEFT_VISANDOR_TREE_VIEW (widget);

  weft_visandor_tree_renderer_set_theme (self->renderer, theme);
  sync_range (self);
  weft_visandor_tree_renderer_draw (self->renderer, cr, width, height);
  if (self->layout_cancellable != NULL)
    {
      g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
      int tw, th;

      pango_layout_set_text (layout, _("Laying out the execution tree…"), -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      weft_rgba_set_source (cr, &theme->dim);
      cairo_move_to (cr, (width - tw) / 2.0, (height - th) / 2.0);
      pango_cairo_show_layout (cr, layout);
    }

  /* The dragged range, shaded, while the drag lasts. */
  if (self->dragging)
    {
      weft_rgba_set_source (cr, &theme->selection);
      if (weft_visandor_tree_view_get_horizontal (self))
        cairo_rectangle (cr, MIN (self->drag_x, self->drag_x + self->drag_dx), 0, fabs (self->drag_dx), height);
      else
        cairo_rectangle (cr, 0, MIN (self->drag_y, self->drag_y + self->drag_dy), width, fabs (self->drag_dy));
      cairo_fill (cr);
    }
}

char *
weft_visandor_dup_hit_text (WeftVisandorDataset   *dataset,
                            const WeftVisandorHit *hit)
{
  const WeftVisandorTrace *trace = weft_visandor_dataset_get_trace (dataset);

  if (hit->node != WEFT_VISANDOR_NONE)
    {
      const WeftVisandorNode *n = weft_visandor_trace_node (trace, hit->node);
      g_autofree char *label = weft_visandor_dup_node_label (trace, hit->node);
      g_autoptr(GString) text = g_string_new (label);

      g_string_append_printf (text, _("\nagent %u, at %lld µs\n%u of %d %s started"), n->agent, (long long)n->time,
                              n->n_tasks, n->n_declared,
                              trace->parallelism == WEFT_VISANDOR_OR ? _("branches") : _("goals"));
      if (n->join_time >= 0)
        g_string_append_printf (text, _("\njoined at %lld µs on agent %u"), (long long)n->join_time, n->join_agent);

      return g_string_free (g_steal_pointer (&text), FALSE);
    }
  if (hit->task != WEFT_VISANDOR_NONE)
    {
      const WeftVisandorTask *t = weft_visandor_trace_task (trace, hit->task);
      g_autofree char *label = weft_visandor_dup_task_label (trace, hit->task);
      g_autoptr(GString) text = g_string_new (label);

      g_string_append_printf (text, _("\nagent %u, %lld – %lld µs (%lld µs)\noutcome: %s"), t->agent,
                              (long long)t->start, (long long)t->end, (long long)(t->end - t->start),
                              weft_visandor_outcome_name (t->outcome));
      if (t->end_agent != WEFT_VISANDOR_NONE && t->end_agent != t->agent)
        g_string_append_printf (text, _(", on agent %u"), t->end_agent);
      if (t->n_suspends > 0)
        g_string_append_printf (text, _("\nsuspended %u times, resumed %u times"), t->n_suspends, t->n_resumes);
      if (t->n_slaves > 0)
        g_string_append_printf (text, _("\n%u slave spans"), t->n_slaves);

      return g_string_free (g_steal_pointer (&text), FALSE);
    }

  return NULL;
}

/**
 * weft_visandor_tree_view_dup_tooltip_text:
 *
 * Returns: (transfer full) (nullable): what the tooltip at (@x, @y) says.
 */
char *
weft_visandor_tree_view_dup_tooltip_text (WeftVisandorTreeView *self,
                                          double                x,
                                          double                y)
{
  WeftVisandorHit hit;
  g_autofree char *text = NULL;

  g_return_val_if_fail (WEFT_IS_VISANDOR_TREE_VIEW (self), NULL);

  if (self->dataset == NULL ||
      !weft_visandor_tree_renderer_hit_test (self->renderer, gtk_widget_get_width (GTK_WIDGET (self)),
                                             gtk_widget_get_height (GTK_WIDGET (self)), x, y, &hit))
    return NULL;

  text = weft_visandor_dup_hit_text (self->dataset, &hit);
  if (hit.block && text != NULL)
    {
      guint n = weft_visandor_tree_renderer_get_subtree_tasks (self->renderer, hit.node);
      g_autofree char *line = NULL;

      if (weft_visandor_tree_renderer_get_collapsed (self->renderer, hit.node))
        line = g_strdup_printf (ngettext ("%u goal or branch folded in this block; double-click to unfold",
                                          "%u goals or branches folded in this block; double-click to unfold", n),
                                n);
      else
        line = g_strdup_printf (ngettext ("%u goal or branch, too narrow to draw apart; Collapse Others makes room",
                                          "%u goals or branches, too narrow to draw apart; Collapse Others makes room",
                                          n),
                                n);

      return g_strconcat (text, "\n", line, NULL);
    }

  return g_steal_pointer (&text);
}

static gboolean
weft_visandor_tree_view_query_tooltip (GtkWidget  *widget,
                                       int         x,
                                       int         y,
                                       gboolean    keyboard_tooltip,
                                       GtkTooltip *tooltip)
{
  g_autofree char *text = NULL;

  if (keyboard_tooltip)
    return FALSE;
  text = weft_visandor_tree_view_dup_tooltip_text (WEFT_VISANDOR_TREE_VIEW (widget), x, y);
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { x - 4, y - 4, 8, 8 });

  return TRUE;
}

static void
weft_visandor_tree_view_pointer_moved (WeftDrawnWidget *widget,
                                       double           x,
                                       double           y)
{
  WeftVisandorTreeView *self = WEFT_VISANDOR_TREE_VIEW (widget);
  WeftVisandorHit hit;

  if (self->dataset == NULL)
    return;
  weft_visandor_tree_renderer_hit_test (self->renderer, gtk_widget_get_width (GTK_WIDGET (self)),
                                        gtk_widget_get_height (GTK_WIDGET (self)), x, y, &hit);
  self->hovered = hit.task;
  weft_visandor_tree_renderer_set_highlight (self->renderer, hit.task);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
weft_visandor_tree_view_pointer_left (WeftDrawnWidget *widget)
{
  WeftVisandorTreeView *self = WEFT_VISANDOR_TREE_VIEW (widget);

  self->hovered = WEFT_VISANDOR_NONE;
  weft_visandor_tree_renderer_set_highlight (self->renderer, WEFT_VISANDOR_NONE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
weft_visandor_tree_view_clicked (WeftDrawnWidget *widget,
                                 double           x,
                                 double           y)
{
  WeftVisandorTreeView *self = WEFT_VISANDOR_TREE_VIEW (widget);
  WeftVisandorHit hit;

  if (self->dataset == NULL)
    return;
  if (weft_visandor_tree_renderer_hit_test (self->renderer, gtk_widget_get_width (GTK_WIDGET (self)),
                                            gtk_widget_get_height (GTK_WIDGET (self)), x, y, &hit))
    {
      const WeftVisandorTrace *trace = weft_visandor_dataset_get_trace (self->dataset);

      self->selected_node = hit.node != WEFT_VISANDOR_NONE ? hit.node
                                                           : weft_visandor_trace_task (trace, hit.task)->node;
      g_signal_emit (self, signals[ACTIVATED], 0, hit.task, hit.node);
    }
}

/* Folding --------------------------------------------------------------------- */

/* A double click on a fork or choice point (or on a block) folds or unfolds
 * its subtree. */
static void
double_click_cb (GtkGestureClick      *gesture,
                 int                   n_press,
                 double                x,
                 double                y,
                 WeftVisandorTreeView *self)
{
  WeftVisandorHit hit;

  if (n_press != 2 || self->dataset == NULL ||
      !weft_visandor_tree_renderer_hit_test (self->renderer, gtk_widget_get_width (GTK_WIDGET (self)),
                                             gtk_widget_get_height (GTK_WIDGET (self)), x, y, &hit) ||
      hit.node == WEFT_VISANDOR_NONE)
    return;
  weft_visandor_tree_view_toggle_node (self, hit.node);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                WeftVisandorTreeView  *self)
{
  if ((keyval == GDK_KEY_space || keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter) &&
      (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) == 0 && self->selected_node != WEFT_VISANDOR_NONE)
    {
      weft_visandor_tree_view_toggle_node (self, self->selected_node);
      return TRUE;
    }

  return FALSE;
}

/* Drag-zoom ------------------------------------------------------------------- */

static void
drag_begin_cb (GtkGestureDrag       *gesture,
               double                x,
               double                y,
               WeftVisandorTreeView *self)
{
  self->drag_x = x;
  self->drag_y = y;
  self->drag_dx = 0;
  self->drag_dy = 0;
  self->dragging = FALSE;
}

static void
drag_update_cb (GtkGestureDrag       *gesture,
                double                dx,
                double                dy,
                WeftVisandorTreeView *self)
{
  double along = weft_visandor_tree_view_get_horizontal (self) ? dx : dy;

  self->drag_dx = dx;
  self->drag_dy = dy;
  if (fabs (along) >= DRAG_THRESHOLD)
    {
      self->dragging = TRUE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
drag_end_cb (GtkGestureDrag       *gesture,
             double                dx,
             double                dy,
             WeftVisandorTreeView *self)
{
  gboolean horizontal = weft_visandor_tree_view_get_horizontal (self);
  cairo_rectangle_t plot;
  double a, b;
  WeftTimeSpan span;

  if (!self->dragging)
    return;
  self->dragging = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (self->time_model == NULL)
    return;

  weft_visandor_tree_renderer_get_plot (self->renderer, gtk_widget_get_width (GTK_WIDGET (self)),
                                        gtk_widget_get_height (GTK_WIDGET (self)), &plot);
  a = horizontal ? self->drag_x : self->drag_y;
  b = a + (horizontal ? dx : dy);
  span.begin = weft_visandor_tree_renderer_pos_to_time (self->renderer, &plot, MIN (a, b)) * 1000;
  span.end = weft_visandor_tree_renderer_pos_to_time (self->renderer, &plot, MAX (a, b)) * 1000;
  if (span.end > span.begin)
    weft_time_model_set_visible_span (self->time_model, &span, TRUE);
}

static gboolean
scroll_cb (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           WeftVisandorTreeView     *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  const WeftTimeSpan *visible;

  if (!(state & GDK_CONTROL_MASK) || self->time_model == NULL || dy == 0)
    return FALSE;

  /* Around the middle of the visible range. */
  visible = weft_time_model_get_visible_span (self->time_model);
  weft_time_model_zoom_around (self->time_model, visible->begin + (visible->end - visible->begin) / 2,
                               dy < 0 ? 0.8 : 1.25, TRUE);

  return TRUE;
}

/* GObject ----------------------------------------------------------------------- */

static void
weft_visandor_tree_view_dispose (GObject *object)
{
  WeftVisandorTreeView *self = (WeftVisandorTreeView *)object;

  if (self->time_model != NULL)
    g_clear_signal_handler (&self->visible_handler, self->time_model);
  if (self->layout_cancellable != NULL)
    g_cancellable_cancel (self->layout_cancellable);
  g_clear_object (&self->layout_cancellable);
  g_clear_object (&self->time_model);
  g_clear_object (&self->dataset);
  g_clear_object (&self->renderer);

  G_OBJECT_CLASS (weft_visandor_tree_view_parent_class)->dispose (object);
}

static void
weft_visandor_tree_view_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, weft_visandor_tree_view_get_busy (WEFT_VISANDOR_TREE_VIEW (object)));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_visandor_tree_view_class_init (WeftVisandorTreeViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  WeftDrawnWidgetClass *drawn_class = WEFT_DRAWN_WIDGET_CLASS (klass);

  object_class->dispose = weft_visandor_tree_view_dispose;
  object_class->get_property = weft_visandor_tree_view_get_property;
  widget_class->query_tooltip = weft_visandor_tree_view_query_tooltip;
  drawn_class->draw = weft_visandor_tree_view_draw;
  drawn_class->pointer_moved = weft_visandor_tree_view_pointer_moved;
  drawn_class->pointer_left = weft_visandor_tree_view_pointer_left;
  drawn_class->clicked = weft_visandor_tree_view_clicked;
  weft_drawn_widget_class_set_sizes (drawn_class, 200, 800, 200, 600);

  /**
   * WeftVisandorTreeView::activated:
   * @task: the goal or branch clicked, or WEFT_VISANDOR_NONE
   * @node: the fork or choice point clicked, or WEFT_VISANDOR_NONE
   */
  signals[ACTIVATED] = g_signal_new ("activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                     NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_WIDGET);

  /* Whether a worker still lays out a big tree (the view shows it then). */
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
weft_visandor_tree_view_init (WeftVisandorTreeView *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);

  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->renderer = weft_visandor_tree_renderer_new ();
  self->hovered = WEFT_VISANDOR_NONE;
  self->selected_node = WEFT_VISANDOR_NONE;
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "pressed", G_CALLBACK (double_click_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  weft_drawn_widget_add_pointer_controllers (WEFT_DRAWN_WIDGET (self));

  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (scroll, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Execution tree"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Forks or choice points and their goals or branches over time; drag along the "
                                    "time axis to zoom; double-click a fork, or select it and press Space, to fold "
                                    "or unfold its subtree"),
                                  -1);
}

GtkWidget *
weft_visandor_tree_view_new (void)
{
  return g_object_new (WEFT_TYPE_VISANDOR_TREE_VIEW, NULL);
}

/* @data: a scratch renderer, this thread's alone until the work returns, with
 * the dataset to lay out (only read) attached. */
static gpointer
layout_work (gpointer       data,
             GCancellable  *cancellable,
             GError       **error)
{
  WeftVisandorTreeRenderer *scratch = data;

  /* Stops soon when the tab closes meanwhile. */
  if (!weft_visandor_tree_renderer_lay_out (scratch, g_object_get_data (data, "weft-dataset"), cancellable))
    {
      g_cancellable_set_error_if_cancelled (cancellable, error);
      return NULL;
    }
  return g_object_ref (scratch);
}

static void
layout_done (gpointer      owner,
             gpointer      result,
             const GError *error)
{
  WeftVisandorTreeView *self = owner;
  WeftVisandorTreeRenderer *scratch = result;

  g_clear_object (&self->layout_cancellable);
  weft_visandor_tree_renderer_take_layout (self->renderer, scratch);
  g_set_object (&self->dataset, g_object_get_data (G_OBJECT (scratch), "weft-dataset"));
  weft_background_unref (scratch);
  sync_range (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * weft_visandor_tree_view_set_dataset:
 *
 * Shows @dataset's execution tree. A big tree is laid out in a worker
 * thread: the view is "busy" (and has no dataset) until it is in place.
 */
void
weft_visandor_tree_view_set_dataset (WeftVisandorTreeView *self,
                                     WeftVisandorDataset  *dataset)
{
  const WeftVisandorTrace *trace;
  gboolean was_busy;

  g_return_if_fail (WEFT_IS_VISANDOR_TREE_VIEW (self));

  if (dataset == self->dataset)
    return;
  was_busy = self->layout_cancellable != NULL;
  if (self->layout_cancellable != NULL)
    g_cancellable_cancel (self->layout_cancellable);
  g_clear_object (&self->layout_cancellable);
  self->selected_node = WEFT_VISANDOR_NONE;

  trace = dataset != NULL ? weft_visandor_dataset_get_trace (dataset) : NULL;
  if (trace == NULL || trace->tasks->len <= ASYNC_TASKS)
    {
      g_set_object (&self->dataset, dataset);
      weft_visandor_tree_renderer_set_dataset (self->renderer, dataset);
    }
  else
    {
      WeftVisandorTreeRenderer *scratch = weft_visandor_tree_renderer_new ();

      g_clear_object (&self->dataset);
      weft_visandor_tree_renderer_set_dataset (self->renderer, NULL);
      self->layout_cancellable = g_cancellable_new ();
      /* The work does not keep the view: closing its tab disposes it, which
       * stops the worker at once; the scratch renderer (the whole layout)
       * and its dataset go off the main thread. */
      g_object_set_data_full (G_OBJECT (scratch), "weft-dataset", g_object_ref (dataset), g_object_unref);
      weft_background_run (self, scratch, g_object_unref, layout_work, g_object_unref, self->layout_cancellable, layout_done);
    }
  if (was_busy != (self->layout_cancellable != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
  sync_range (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * weft_visandor_tree_view_get_busy:
 *
 * Returns: whether a worker is still laying out the tree
 */
gboolean
weft_visandor_tree_view_get_busy (WeftVisandorTreeView *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_TREE_VIEW (self), FALSE);

  return self->layout_cancellable != NULL;
}

void
weft_visandor_tree_view_set_time_model (WeftVisandorTreeView *self,
                                        WeftTimeModel        *time_model)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_VIEW (self));

  if (self->time_model == time_model)
    return;
  if (self->time_model != NULL)
    g_clear_signal_handler (&self->visible_handler, self->time_model);
  g_set_object (&self->time_model, time_model);
  if (time_model != NULL)
    self->visible_handler = g_signal_connect_swapped (time_model, "notify::visible-span",
                                                      G_CALLBACK (visible_span_cb), self);
  visible_span_cb (self);
}

void
weft_visandor_tree_view_set_horizontal (WeftVisandorTreeView *self,
                                        gboolean              horizontal)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_VIEW (self));

  weft_visandor_tree_renderer_set_horizontal (self->renderer, horizontal);
  g_object_set_data (G_OBJECT (self), "weft-horizontal", GINT_TO_POINTER (!!horizontal));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
weft_visandor_tree_view_get_horizontal (WeftVisandorTreeView *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_TREE_VIEW (self), FALSE);

  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (self), "weft-horizontal"));
}

void
weft_visandor_tree_view_select_task (WeftVisandorTreeView *self,
                                     guint32               task)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_VIEW (self));

  weft_visandor_tree_renderer_set_highlight (self->renderer, task);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

WeftVisandorTreeRenderer *
weft_visandor_tree_view_get_renderer (WeftVisandorTreeView *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_TREE_VIEW (self), NULL);

  return self->renderer;
}

/* The goal or branch under the pointer, or WEFT_VISANDOR_NONE. */
guint32
weft_visandor_tree_view_get_hovered_task (WeftVisandorTreeView *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_TREE_VIEW (self), WEFT_VISANDOR_NONE);

  return self->hovered;
}

/**
 * weft_visandor_tree_view_toggle_node:
 *
 * Folds @node's subtree into a block, or unfolds it.
 */
void
weft_visandor_tree_view_toggle_node (WeftVisandorTreeView *self,
                                     guint32               node)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_VIEW (self));

  /* Nothing to fold while the tree is being laid out. */
  if (self->dataset == NULL)
    return;
  weft_visandor_tree_renderer_set_collapsed (self->renderer, node,
                                             !weft_visandor_tree_renderer_get_collapsed (self->renderer, node));
  self->selected_node = node;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
weft_visandor_tree_view_expand_all (WeftVisandorTreeView *self)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_VIEW (self));

  if (self->dataset == NULL)
    return;
  weft_visandor_tree_renderer_expand_all (self->renderer);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * weft_visandor_tree_view_collapse_others:
 *
 * Folds everything beside the selected fork's subtree and the forks above
 * it; FALSE when no fork is selected.
 */
gboolean
weft_visandor_tree_view_collapse_others (WeftVisandorTreeView *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_TREE_VIEW (self), FALSE);

  if (self->dataset == NULL || self->selected_node == WEFT_VISANDOR_NONE)
    return FALSE;
  weft_visandor_tree_renderer_collapse_others (self->renderer, self->selected_node);
  gtk_widget_queue_draw (GTK_WIDGET (self));

  return TRUE;
}

/* The fork or choice point clicked last (or the clicked goal's), or
 * WEFT_VISANDOR_NONE. */
guint32
weft_visandor_tree_view_get_selected_node (WeftVisandorTreeView *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_TREE_VIEW (self), WEFT_VISANDOR_NONE);

  return self->selected_node;
}

void
weft_visandor_tree_view_select_node (WeftVisandorTreeView *self,
                                     guint32               node)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_VIEW (self));

  self->selected_node = node;
}

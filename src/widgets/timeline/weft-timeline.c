/* weft-timeline.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "weft-time-ruler.h"
#include "weft-timeline.h"
#include "weft-timeline-util.h"
#include "weft-widget-theme.h"

/* Pointer travel (pixels) below which a press and release is a click. */
#define CLICK_SLOP       3.0
/* Wheel events closer than this (µs) are one zoom gesture: one Back entry. */
#define WHEEL_BURST_USEC (400 * G_TIME_SPAN_MILLISECOND)
/* One wheel notch zooms by this factor. */
#define WHEEL_ZOOM_STEP  1.25
/* One wheel notch pans by this fraction of the visible span. */
#define WHEEL_PAN_STEP   0.1
/* One wheel notch scrolls rows by this many pixels. */
#define WHEEL_ROW_STEP   48.0

struct _WeftTimeline
{
  WeftDrawnWidget       parent_instance;

  WeftEventTable       *table;
  WeftTimeModel        *time_model;
  WeftTimelineRenderer *renderer;

  GtkAdjustment        *hadjustment;
  GtkAdjustment        *vadjustment;
  guint                 hscroll_policy : 1;
  guint                 vscroll_policy : 1;

  /* The renderer's generation when the kept picture was drawn: the picture
   * is drawn again when it changes (spans, size, scroll, layout). */
  guint64               picture_generation;

  GtkGesture           *select_drag;
  GtkGesture           *pan_drag;

  /* Primary-button gesture in progress. */
  gboolean              pressed_header;
  gboolean              selecting;
  gboolean              drag_zooms;
  gboolean              drag_cancelled;
  /* What the rows were last fitted to (see fit_rows()). */
  double                fit_page;
  double                fit_row_height;
  double                fit_content;

  double                drag_start_x;
  double                drag_start_y;
  double                drag_x;

  double                pan_last_x;
  double                pan_last_y;

  double                pointer_x;
  gboolean              pointer_inside;
  gint64                last_wheel_zoom;

  WeftTimelineHit       hover;
  gboolean              has_hover;
  WeftTimelineHit       selected;
  gboolean              has_selected;
};

enum {
  PROP_0,
  PROP_TABLE,
  PROP_TIME_MODEL,
  N_PROPS,

  PROP_HADJUSTMENT = N_PROPS,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
};

enum {
  SIGNAL_EVENT_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftTimeline, weft_timeline, WEFT_TYPE_DRAWN_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE, NULL))

/* Spans ----------------------------------------------------------------------- */

static gboolean
get_document_span (WeftTimeline *self,
                   WeftTimeSpan *span)
{
  return weft_timeline_find_document_span (self->time_model, self->table, span);
}

static void
get_visible_span (WeftTimeline *self,
                  WeftTimeSpan *span)
{
  if (self->time_model != NULL)
    {
      const WeftTimeSpan *visible = weft_time_model_get_visible_span (self->time_model);

      if (visible->end > visible->begin)
        {
          *span = *visible;
          return;
        }
    }
  if (!get_document_span (self, span))
    *span = (WeftTimeSpan) { 0, 1 };
}

/* With few rows the lower part of the view would stay empty: rows share the
 * height there is, up to FIT_MAX_SCALE times their usual height. More rows
 * than fit keep the usual height and scroll. Redone only when the page or the
 * content (rows expanded or collapsed) changed. */
#define FIT_MAX_SCALE 2.5

static void
fit_rows (WeftTimeline *self,
          double        page)
{
  double base = WEFT_TIMELINE_DEFAULT_ROW_HEIGHT;
  double row = weft_timeline_renderer_get_row_height (self->renderer);
  double content = weft_timeline_renderer_get_content_height (self->renderer);
  double target;

  if (page == self->fit_page && row == self->fit_row_height && content == self->fit_content)
    return;

  if (row != base && content > page)
    {
      weft_timeline_renderer_set_row_height (self->renderer, base);
      row = base;
      content = weft_timeline_renderer_get_content_height (self->renderer);
    }
  if (content > 0 && content < page)
    {
      target = floor (MIN (row * page / content, base * FIT_MAX_SCALE));
      if (target > row)
        {
          weft_timeline_renderer_set_row_height (self->renderer, target);
          /* Fixed parts (group headers) do not stretch: step back until it fits. */
          while (target > base && weft_timeline_renderer_get_content_height (self->renderer) > page)
            weft_timeline_renderer_set_row_height (self->renderer, --target);
        }
    }

  self->fit_page = page;
  self->fit_row_height = weft_timeline_renderer_get_row_height (self->renderer);
  self->fit_content = weft_timeline_renderer_get_content_height (self->renderer);
}

/* Brings the renderer in line with the widget and the model, so that
 * mapping and hit testing use exactly what is drawn. (The selection and the
 * hovered and selected event are overlays the widget draws itself.) */
static void
sync_renderer (WeftTimeline *self)
{
  WeftTimeSpan visible, document;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  weft_timeline_renderer_set_size (self->renderer, MAX (width, 1), MAX (height, 1));
  fit_rows (self, MAX (1, height - weft_timeline_renderer_get_ruler_height (self->renderer)));
  get_visible_span (self, &visible);
  weft_timeline_renderer_set_visible_span (self->renderer, &visible);
  weft_timeline_renderer_set_document_span (self->renderer,
                                            get_document_span (self, &document) ? &document : NULL);
  if (self->vadjustment != NULL)
    weft_timeline_renderer_set_scroll_offset (self->renderer, gtk_adjustment_get_value (self->vadjustment));
}

static void
update_vadjustment (WeftTimeline *self)
{
  double page, upper, value;

  if (self->vadjustment == NULL)
    return;

  sync_renderer (self);
  page = MAX (1.0, gtk_widget_get_height (GTK_WIDGET (self)) - weft_timeline_renderer_get_ruler_height (self->renderer));
  upper = MAX (page, weft_timeline_renderer_get_content_height (self->renderer));
  value = CLAMP (gtk_adjustment_get_value (self->vadjustment), 0, upper - page);
  gtk_adjustment_configure (self->vadjustment, value, 0, upper, WHEEL_ROW_STEP / 2, page * 0.9, page);
}

static void
update_actions (WeftTimeline *self)
{
  weft_timeline_update_actions (GTK_WIDGET (self), self->time_model);
}

static void
update_accessible (WeftTimeline *self)
{
  g_autofree char *description = NULL;
  WeftTimeSpan visible, document;

  if (self->table != NULL && get_document_span (self, &document))
    {
      g_autofree char *span = NULL;

      get_visible_span (self, &visible);
      span = weft_time_ruler_format_span (visible.begin - document.begin, visible.end - document.begin,
                                          weft_event_table_get_time_unit (self->table));
      description = g_strdup_printf (_("%u rows, showing %s"),
                                     weft_event_table_get_n_rows (self->table), span);
    }

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : _("No events"),
                                  -1);
}

/* Model signals ------------------------------------------------------------- */

static void
visible_span_changed_cb (WeftTimeline *self)
{
  g_assert (WEFT_IS_TIMELINE (self));

  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
selection_changed_cb (WeftTimeline *self)
{
  g_assert (WEFT_IS_TIMELINE (self));

  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
history_changed_cb (WeftTimeline *self)
{
  g_assert (WEFT_IS_TIMELINE (self));

  update_actions (self);
}

static void
vadjustment_value_changed_cb (WeftTimeline *self)
{
  g_assert (WEFT_IS_TIMELINE (self));

  weft_timeline_renderer_set_scroll_offset (self->renderer, gtk_adjustment_get_value (self->vadjustment));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Drawing ---------------------------------------------------------------------- */

/* The kept picture: everything but the overlays. */
static void
weft_timeline_draw (WeftDrawnWidget       *widget,
                    cairo_t               *cr,
                    int                    width,
                    int                    height,
                    const WeftRenderTheme *theme)
{
  WeftTimeline *self = WEFT_TIMELINE (widget);

  weft_timeline_renderer_draw_base (self->renderer, cr, theme);
  self->picture_generation = weft_timeline_renderer_get_generation (self->renderer);
}

/* An outline @line wide around (@x, @y, @width, @height). */
static void
append_outline (GtkSnapshot    *snapshot,
                double          x,
                double          y,
                double          width,
                double          height,
                double          line,
                const WeftRgba *color)
{
  weft_snapshot_append_frame (snapshot,
                              &GRAPHENE_RECT_INIT (x - line, y - line, width + 2 * line, height + 2 * line),
                              line, color);
}

static void
weft_timeline_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  WeftTimeline *self = WEFT_TIMELINE (widget);
  int height = gtk_widget_get_height (widget);
  double plot_x, plot_y, plot_w, plot_h;
  double x, y, w, h;
  const WeftRenderTheme *theme;
  WeftTimeSpan visible;
  GdkRGBA color;

  if (gtk_widget_get_width (widget) <= 0 || height <= 0)
    return;

  sync_renderer (self);
  if (self->picture_generation != weft_timeline_renderer_get_generation (self->renderer))
    weft_drawn_widget_drop_picture (WEFT_DRAWN_WIDGET (self));
  weft_drawn_widget_append_picture (WEFT_DRAWN_WIDGET (self), snapshot);

  /* Overlays: cheap nodes over the kept picture. */
  theme = weft_drawn_widget_ensure_theme (WEFT_DRAWN_WIDGET (self));
  weft_timeline_renderer_get_plot_area (self->renderer, &plot_x, &plot_y, &plot_w, &plot_h);
  get_visible_span (self, &visible);
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (plot_x, 0, plot_w, height));

  color = weft_rgba_to_gdk (&theme->selection);
  if (self->selecting)
    {
      double x0 = CLAMP (MIN (self->drag_start_x, self->drag_x), plot_x, plot_x + plot_w);
      double x1 = CLAMP (MAX (self->drag_start_x, self->drag_x), plot_x, plot_x + plot_w);

      gtk_snapshot_append_color (snapshot, &color, &GRAPHENE_RECT_INIT (x0, 0, MAX (x1 - x0, 1), height));
    }
  else if (self->time_model != NULL && weft_time_model_get_has_selection (self->time_model))
    {
      const WeftTimeSpan *sel = weft_time_model_get_selected_span (self->time_model);

      /* A selection covering all that is visible (just zoomed to) is not shaded. */
      if (!(sel->begin <= visible.begin && sel->end >= visible.end) && sel->end > sel->begin)
        {
          double x0 = weft_timeline_renderer_time_to_x (self->renderer, sel->begin);
          double x1 = weft_timeline_renderer_time_to_x (self->renderer, sel->end);

          gtk_snapshot_append_color (snapshot, &color, &GRAPHENE_RECT_INIT (x0, 0, MAX (x1 - x0, 1), height));
        }
    }

  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (plot_x, plot_y, plot_w, plot_h));
  if (self->has_selected &&
      weft_timeline_renderer_get_hit_rect (self->renderer, &self->selected, &x, &y, &w, &h))
    append_outline (snapshot, x, y, w, h, 2, &theme->accent);
  if (self->has_hover &&
      weft_timeline_renderer_get_hit_rect (self->renderer, &self->hover, &x, &y, &w, &h))
    append_outline (snapshot, x, y, w, h, 1, &theme->foreground);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_pop (snapshot);
}

static void
weft_timeline_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  WeftTimeline *self = WEFT_TIMELINE (widget);

  update_vadjustment (self);
  if (self->hadjustment != NULL)
    gtk_adjustment_configure (self->hadjustment, 0, 0, width, 1, width, width);
}

static void
weft_timeline_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  WeftTimeline *self = WEFT_TIMELINE (widget);

  GTK_WIDGET_CLASS (weft_timeline_parent_class)->measure (widget, orientation, for_size, minimum, natural,
                                                          minimum_baseline, natural_baseline);
  /* The rows decide the height. */
  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      double ruler = weft_timeline_renderer_get_ruler_height (self->renderer);

      *minimum = (int)ruler + 48;
      *natural = (int)(ruler + MAX (48, weft_timeline_renderer_get_content_height (self->renderer)));
    }
}

/* Input ----------------------------------------------------------------------- */

static void
set_hover (WeftTimeline          *self,
           const WeftTimelineHit *hit)
{
  gboolean want = hit != NULL && (hit->type == WEFT_TIMELINE_HIT_EVENT || hit->type == WEFT_TIMELINE_HIT_BUCKET);

  if (want == self->has_hover && (!want || weft_timeline_hit_same_event (hit, &self->hover)))
    return;

  self->has_hover = want;
  if (want)
    self->hover = *hit;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
motion_cb (WeftTimeline             *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *motion)
{
  WeftTimelineHit hit;

  g_assert (WEFT_IS_TIMELINE (self));

  self->pointer_x = x;
  self->pointer_inside = TRUE;

  if (self->selecting)
    return;

  sync_renderer (self);
  weft_timeline_renderer_hit_test (self->renderer, x, y, &hit);
  set_hover (self, &hit);
}

static void
leave_cb (WeftTimeline             *self,
          GtkEventControllerMotion *motion)
{
  g_assert (WEFT_IS_TIMELINE (self));

  self->pointer_inside = FALSE;
  set_hover (self, NULL);
}

static void
header_clicked (WeftTimeline *self,
                double        x,
                double        y)
{
  WeftTimelineHit hit;

  weft_timeline_renderer_hit_test (self->renderer, x, y, &hit);
  if (hit.type == WEFT_TIMELINE_HIT_GROUP_HEADER && hit.group >= 0)
    {
      const char *group = weft_timeline_renderer_get_group_name (self->renderer, hit.group);

      if (group != NULL)
        weft_timeline_renderer_set_group_collapsed (self->renderer, group,
                                                    !weft_timeline_renderer_get_group_collapsed (self->renderer, group));
    }
  else if (hit.type == WEFT_TIMELINE_HIT_ROW_HEADER && hit.on_expander && hit.lane < 0)
    weft_timeline_renderer_set_row_expanded (self->renderer, hit.row,
                                             !weft_timeline_renderer_get_row_expanded (self->renderer, hit.row));
  else
    return;

  update_vadjustment (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
event_clicked (WeftTimeline *self,
               double        x,
               double        y)
{
  WeftTimelineHit hit;

  weft_timeline_renderer_hit_test (self->renderer, x, y, &hit);
  if (hit.type == WEFT_TIMELINE_HIT_EVENT)
    {
      self->selected = hit;
      self->has_selected = TRUE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      g_signal_emit (self, signals[SIGNAL_EVENT_ACTIVATED], 0, &hit);
      return;
    }

  /* A click on nothing drops the selected event and the selected range. */
  if (self->has_selected)
    {
      self->has_selected = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  if (self->time_model != NULL && hit.type != WEFT_TIMELINE_HIT_NONE &&
      weft_time_model_get_has_selection (self->time_model))
    weft_time_model_clear_selection (self->time_model);
}

static void
select_drag_begin_cb (WeftTimeline   *self,
                      double          x,
                      double          y,
                      GtkGestureDrag *gesture)
{
  double plot_x;
  GdkModifierType state;

  g_assert (WEFT_IS_TIMELINE (self));

  gtk_widget_grab_focus (GTK_WIDGET (self));
  sync_renderer (self);
  weft_timeline_renderer_get_plot_area (self->renderer, &plot_x, NULL, NULL, NULL);

  self->drag_start_x = x;
  self->drag_start_y = y;
  self->drag_x = x;
  self->drag_cancelled = FALSE;
  self->pressed_header = x < plot_x && y >= weft_timeline_renderer_get_ruler_height (self->renderer);
  self->selecting = FALSE;

  state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  self->drag_zooms = (state & GDK_SHIFT_MASK) == 0;
}

static void
select_drag_update_cb (WeftTimeline   *self,
                       double          dx,
                       double          dy,
                       GtkGestureDrag *gesture)
{
  g_assert (WEFT_IS_TIMELINE (self));

  if (self->drag_cancelled || self->pressed_header || self->table == NULL)
    return;

  self->drag_x = self->drag_start_x + dx;
  if (!self->selecting && fabs (dx) >= CLICK_SLOP)
    {
      self->selecting = TRUE;
      set_hover (self, NULL);
    }
  if (self->selecting)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
select_drag_end_cb (WeftTimeline   *self,
                    double          dx,
                    double          dy,
                    GtkGestureDrag *gesture)
{
  double plot_x, plot_w;

  g_assert (WEFT_IS_TIMELINE (self));

  if (self->drag_cancelled)
    {
      self->drag_cancelled = FALSE;
      return;
    }

  sync_renderer (self);
  weft_timeline_renderer_get_plot_area (self->renderer, &plot_x, NULL, &plot_w, NULL);

  if (self->pressed_header)
    {
      self->pressed_header = FALSE;
      if (fabs (dx) < CLICK_SLOP && fabs (dy) < CLICK_SLOP)
        header_clicked (self, self->drag_start_x, self->drag_start_y);
      return;
    }

  if (!self->selecting)
    {
      event_clicked (self, self->drag_start_x, self->drag_start_y);
      return;
    }

  self->selecting = FALSE;
  self->drag_x = self->drag_start_x + dx;
  if (self->time_model != NULL)
    {
      double x0 = CLAMP (MIN (self->drag_start_x, self->drag_x), plot_x, plot_x + plot_w);
      double x1 = CLAMP (MAX (self->drag_start_x, self->drag_x), plot_x, plot_x + plot_w);
      gint64 t0 = weft_timeline_renderer_x_to_time (self->renderer, x0);
      gint64 t1 = weft_timeline_renderer_x_to_time (self->renderer, x1);

      if (t1 > t0)
        {
          weft_time_model_select (self->time_model, t0, t1);
          if (self->drag_zooms)
            weft_time_model_zoom_to_selection (self->time_model);
        }
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
key_pressed_cb (WeftTimeline          *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *key)
{
  g_assert (WEFT_IS_TIMELINE (self));

  if (keyval == GDK_KEY_Escape && (self->selecting || gtk_gesture_is_active (self->select_drag)))
    {
      /* Cancel: the release that follows changes nothing. */
      self->drag_cancelled = TRUE;
      self->selecting = FALSE;
      self->pressed_header = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    }

  return FALSE;
}

static void
pan_drag_begin_cb (WeftTimeline   *self,
                   double          x,
                   double          y,
                   GtkGestureDrag *gesture)
{
  g_assert (WEFT_IS_TIMELINE (self));

  self->pan_last_x = 0;
  self->pan_last_y = 0;
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
pan_by_pixels (WeftTimeline *self,
               double        pixels)
{
  const WeftTimeSpan *visible;
  double plot_w;
  gint64 delta;

  if (self->time_model == NULL)
    return;

  sync_renderer (self);
  weft_timeline_renderer_get_plot_area (self->renderer, NULL, NULL, &plot_w, NULL);
  visible = weft_time_model_get_visible_span (self->time_model);
  delta = (gint64)llround (pixels * (double)weft_time_span_duration (visible) / plot_w);
  if (delta != 0)
    weft_time_model_pan (self->time_model, delta);
}

static void
scroll_rows (WeftTimeline *self,
             double        pixels)
{
  if (self->vadjustment != NULL)
    gtk_adjustment_set_value (self->vadjustment, gtk_adjustment_get_value (self->vadjustment) + pixels);
  else
    {
      weft_timeline_renderer_set_scroll_offset (self->renderer,
                                                weft_timeline_renderer_get_scroll_offset (self->renderer) + pixels);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
pan_drag_update_cb (WeftTimeline   *self,
                    double          dx,
                    double          dy,
                    GtkGestureDrag *gesture)
{
  g_assert (WEFT_IS_TIMELINE (self));

  /* Dragging moves the content with the pointer. */
  pan_by_pixels (self, -(dx - self->pan_last_x));
  scroll_rows (self, -(dy - self->pan_last_y));
  self->pan_last_x = dx;
  self->pan_last_y = dy;
}

static void
zoom_around_pointer (WeftTimeline *self,
                     double        factor)
{
  gint64 now = g_get_monotonic_time ();
  gboolean push = now - self->last_wheel_zoom > WHEEL_BURST_USEC;
  double plot_x, plot_w, x;

  sync_renderer (self);
  weft_timeline_renderer_get_plot_area (self->renderer, &plot_x, NULL, &plot_w, NULL);
  x = self->pointer_inside ? CLAMP (self->pointer_x, plot_x, plot_x + plot_w) : plot_x + plot_w / 2;

  self->last_wheel_zoom = now;
  weft_time_model_zoom_around (self->time_model, weft_timeline_renderer_x_to_time (self->renderer, x),
                               factor, push);
}

static gboolean
scroll_cb (WeftTimeline             *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *scroll)
{
  GdkModifierType state;
  double plot_w;

  g_assert (WEFT_IS_TIMELINE (self));

  state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));

  if (state & GDK_CONTROL_MASK)
    {
      if (self->time_model != NULL && dy != 0)
        zoom_around_pointer (self, pow (WHEEL_ZOOM_STEP, dy));
      return TRUE;
    }

  weft_timeline_renderer_get_plot_area (self->renderer, NULL, NULL, &plot_w, NULL);
  if (state & GDK_SHIFT_MASK)
    {
      dx += dy;
      dy = 0;
    }
  if (dx != 0)
    pan_by_pixels (self, dx * WHEEL_PAN_STEP * plot_w);
  if (dy != 0)
    scroll_rows (self, dy * WHEEL_ROW_STEP);

  return TRUE;
}

static gboolean
query_tooltip_cb (WeftTimeline *self,
                  int           x,
                  int           y,
                  gboolean      keyboard,
                  GtkTooltip   *tooltip)
{
  g_autofree char *markup = NULL;

  g_assert (WEFT_IS_TIMELINE (self));

  if (self->selecting)
    return FALSE;

  markup = weft_timeline_describe_at (self, x, y);
  if (markup == NULL)
    return FALSE;

  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

/* Actions --------------------------------------------------------------------- */

static void
zoom_centered (WeftTimeline *self,
               double        factor)
{
  const WeftTimeSpan *visible = weft_time_model_get_visible_span (self->time_model);

  weft_time_model_zoom_around (self->time_model, visible->begin + weft_time_span_duration (visible) / 2,
                               factor, TRUE);
}

static void
timeline_action_cb (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  WeftTimeline *self = WEFT_TIMELINE (widget);

  if (self->time_model == NULL)
    return;

  if (g_str_equal (action_name, "timeline.back"))
    weft_time_model_go_back (self->time_model);
  else if (g_str_equal (action_name, "timeline.forward"))
    weft_time_model_go_forward (self->time_model);
  else if (g_str_equal (action_name, "timeline.zoom-fit"))
    weft_time_model_zoom_to_fit (self->time_model);
  else if (g_str_equal (action_name, "timeline.zoom-in"))
    zoom_centered (self, 0.5);
  else if (g_str_equal (action_name, "timeline.zoom-out"))
    zoom_centered (self, 2.0);
}

/* GObject ----------------------------------------------------------------------- */

static void
set_adjustment (WeftTimeline   *self,
                GtkAdjustment **slot,
                GtkAdjustment  *adjustment,
                gboolean        vertical)
{
  if (*slot == adjustment && adjustment != NULL)
    return;

  if (*slot != NULL && vertical)
    g_signal_handlers_disconnect_by_func (*slot, vadjustment_value_changed_cb, self);
  g_clear_object (slot);

  if (adjustment == NULL)
    adjustment = gtk_adjustment_new (0, 0, 0, 0, 0, 0);
  *slot = g_object_ref_sink (adjustment);
  if (vertical)
    {
      g_signal_connect_object (adjustment, "value-changed", G_CALLBACK (vadjustment_value_changed_cb),
                               self, G_CONNECT_SWAPPED);
      update_vadjustment (self);
    }
}

static void
weft_timeline_dispose (GObject *object)
{
  WeftTimeline *self = (WeftTimeline *)object;

  weft_timeline_set_time_model (self, NULL);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->vadjustment, vadjustment_value_changed_cb, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);

  G_OBJECT_CLASS (weft_timeline_parent_class)->dispose (object);
}

static void
weft_timeline_finalize (GObject *object)
{
  WeftTimeline *self = (WeftTimeline *)object;

  g_clear_pointer (&self->table, weft_event_table_unref);
  g_clear_object (&self->renderer);

  G_OBJECT_CLASS (weft_timeline_parent_class)->finalize (object);
}

static void
weft_timeline_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  WeftTimeline *self = WEFT_TIMELINE (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      g_value_set_boxed (value, self->table);
      break;

    case PROP_TIME_MODEL:
      g_value_set_object (value, self->time_model);
      break;

    case PROP_HADJUSTMENT:
      g_value_set_object (value, self->hadjustment);
      break;

    case PROP_VADJUSTMENT:
      g_value_set_object (value, self->vadjustment);
      break;

    case PROP_HSCROLL_POLICY:
      g_value_set_enum (value, self->hscroll_policy);
      break;

    case PROP_VSCROLL_POLICY:
      g_value_set_enum (value, self->vscroll_policy);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_timeline_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  WeftTimeline *self = WEFT_TIMELINE (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      weft_timeline_set_table (self, g_value_get_boxed (value));
      break;

    case PROP_TIME_MODEL:
      weft_timeline_set_time_model (self, g_value_get_object (value));
      break;

    case PROP_HADJUSTMENT:
      set_adjustment (self, &self->hadjustment, g_value_get_object (value), FALSE);
      break;

    case PROP_VADJUSTMENT:
      set_adjustment (self, &self->vadjustment, g_value_get_object (value), TRUE);
      break;

    case PROP_HSCROLL_POLICY:
      if (self->hscroll_policy != (guint)g_value_get_enum (value))
        {
          self->hscroll_policy = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;

    case PROP_VSCROLL_POLICY:
      if (self->vscroll_policy != (guint)g_value_get_enum (value))
        {
          self->vscroll_policy = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_timeline_class_init (WeftTimelineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  WeftDrawnWidgetClass *drawn_class = WEFT_DRAWN_WIDGET_CLASS (klass);

  object_class->dispose = weft_timeline_dispose;
  object_class->finalize = weft_timeline_finalize;
  object_class->get_property = weft_timeline_get_property;
  object_class->set_property = weft_timeline_set_property;

  widget_class->snapshot = weft_timeline_snapshot;
  widget_class->size_allocate = weft_timeline_size_allocate;
  widget_class->measure = weft_timeline_measure;

  drawn_class->draw = weft_timeline_draw;
  weft_drawn_widget_class_set_sizes (drawn_class, 200, 800, 0, 0);

  properties[PROP_TABLE] = weft_timeline_param_spec_table ();
  properties[PROP_TIME_MODEL] = weft_timeline_param_spec_time_model ();

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  /**
   * WeftTimeline::event-activated:
   * @hit: (type WeftTimelineHit): the event clicked
   *
   * Emitted when an event is clicked (without dragging), so the page can
   * show its details.
   */
  signals[SIGNAL_EVENT_ACTIVATED] =
    g_signal_new ("event-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  WEFT_TYPE_TIMELINE_HIT | G_SIGNAL_TYPE_STATIC_SCOPE);

  weft_timeline_class_install_actions (widget_class, timeline_action_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "timeline.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "timeline.forward", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "timeline.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, GDK_CONTROL_MASK, "timeline.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "timeline.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "timeline.zoom-out", NULL);

  gtk_widget_class_set_css_name (widget_class, "timeline");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
weft_timeline_init (WeftTimeline *self)
{
  GtkEventController *controller;

  self->renderer = weft_timeline_renderer_new ();
  weft_timeline_hit_init (&self->hover);
  weft_timeline_hit_init (&self->selected);

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Timeline"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("No events"),
                                  -1);

  self->select_drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->select_drag), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (self->select_drag, "drag-begin", G_CALLBACK (select_drag_begin_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->select_drag, "drag-update", G_CALLBACK (select_drag_update_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->select_drag, "drag-end", G_CALLBACK (select_drag_end_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->select_drag));

  self->pan_drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->pan_drag), GDK_BUTTON_MIDDLE);
  g_signal_connect_object (self->pan_drag, "drag-begin", G_CALLBACK (pan_drag_begin_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->pan_drag, "drag-update", G_CALLBACK (pan_drag_update_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->pan_drag));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect_object (controller, "scroll", G_CALLBACK (scroll_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_object (controller, "enter", G_CALLBACK (motion_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (controller, "motion", G_CALLBACK (motion_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (controller, "leave", G_CALLBACK (leave_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_key_new ();
  g_signal_connect_object (controller, "key-pressed", G_CALLBACK (key_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);

  set_adjustment (self, &self->hadjustment, NULL, FALSE);
  set_adjustment (self, &self->vadjustment, NULL, TRUE);
  update_actions (self);
}

/* Public API --------------------------------------------------------------------- */

GtkWidget *
weft_timeline_new (void)
{
  return g_object_new (WEFT_TYPE_TIMELINE, NULL);
}

/**
 * weft_timeline_get_table:
 *
 * Returns: (transfer none) (nullable): the table shown
 */
WeftEventTable *
weft_timeline_get_table (WeftTimeline *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE (self), NULL);

  return self->table;
}

void
weft_timeline_set_table (WeftTimeline   *self,
                         WeftEventTable *table)
{
  g_return_if_fail (WEFT_IS_TIMELINE (self));

  if (!weft_timeline_store_table (&self->table, table))
    return;

  weft_timeline_renderer_set_table (self->renderer, table);
  self->has_hover = FALSE;
  self->has_selected = FALSE;
  update_vadjustment (self);
  update_accessible (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE]);
}

/**
 * weft_timeline_get_time_model:
 *
 * Returns: (transfer none) (nullable): the time model followed and driven
 */
WeftTimeModel *
weft_timeline_get_time_model (WeftTimeline *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE (self), NULL);

  return self->time_model;
}

void
weft_timeline_set_time_model (WeftTimeline  *self,
                              WeftTimeModel *time_model)
{
  g_return_if_fail (WEFT_IS_TIMELINE (self));
  g_return_if_fail (time_model == NULL || WEFT_IS_TIME_MODEL (time_model));

  if (!weft_timeline_follow_time_model (self, &self->time_model, time_model,
                                        "notify::visible-span", G_CALLBACK (visible_span_changed_cb),
                                        "notify::document-span", G_CALLBACK (visible_span_changed_cb),
                                        "notify::selected-span", G_CALLBACK (selection_changed_cb),
                                        "notify::has-selection", G_CALLBACK (selection_changed_cb),
                                        "notify::can-go-back", G_CALLBACK (history_changed_cb),
                                        "notify::can-go-forward", G_CALLBACK (history_changed_cb),
                                        NULL))
    return;

  update_actions (self);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIME_MODEL]);
}

/**
 * weft_timeline_get_renderer:
 *
 * Returns: (transfer none): the renderer drawing the widget, in sync with
 *   its size, spans and layout (for its legend and geometry)
 */
WeftTimelineRenderer *
weft_timeline_get_renderer (WeftTimeline *self)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE (self), NULL);

  sync_renderer (self);
  return self->renderer;
}

/**
 * weft_timeline_describe_at:
 *
 * Returns: (transfer full) (nullable): the tooltip markup for (@x, @y) in
 *   widget coordinates: the event, bucket or header there.
 */
char *
weft_timeline_describe_at (WeftTimeline *self,
                           double        x,
                           double        y)
{
  WeftTimelineHit hit;

  g_return_val_if_fail (WEFT_IS_TIMELINE (self), NULL);

  sync_renderer (self);
  weft_timeline_renderer_hit_test (self->renderer, x, y, &hit);
  if (hit.type == WEFT_TIMELINE_HIT_NONE || hit.type == WEFT_TIMELINE_HIT_EMPTY)
    return NULL;

  return weft_timeline_renderer_describe_hit (self->renderer, &hit);
}

/**
 * weft_timeline_get_selected_event:
 * @hit: (out) (optional): the event last clicked
 *
 * Returns: whether an event is selected
 */
gboolean
weft_timeline_get_selected_event (WeftTimeline    *self,
                                  WeftTimelineHit *hit)
{
  g_return_val_if_fail (WEFT_IS_TIMELINE (self), FALSE);

  if (self->has_selected && hit != NULL)
    *hit = self->selected;

  return self->has_selected;
}

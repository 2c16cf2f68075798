/* weft-parallelism-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "weft-parallelism-view.h"

struct _WeftParallelismView
{
  WeftDrawnWidget          parent_instance;

  WeftParallelismRenderer *renderer;
};

enum {
  RANGE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (WeftParallelismView, weft_parallelism_view, WEFT_TYPE_DRAWN_WIDGET)

GtkWidget *
weft_parallelism_view_new (void)
{
  return g_object_new (WEFT_TYPE_PARALLELISM_VIEW, NULL);
}

void
weft_parallelism_view_set_dataset (WeftParallelismView *self,
                                   WeftVisandorDataset *dataset)
{
  g_return_if_fail (WEFT_IS_PARALLELISM_VIEW (self));

  weft_parallelism_renderer_set_dataset (self->renderer, dataset);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Busy agents over time"),
                                  -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * weft_parallelism_view_get_renderer:
 *
 * Returns: (transfer none): the renderer it draws through
 */
WeftParallelismRenderer *
weft_parallelism_view_get_renderer (WeftParallelismView *self)
{
  g_return_val_if_fail (WEFT_IS_PARALLELISM_VIEW (self), NULL);

  return self->renderer;
}

/**
 * weft_parallelism_view_dup_tooltip_text:
 *
 * Returns: (transfer full) (nullable): what the tooltip at (@x, @y) says
 */
char *
weft_parallelism_view_dup_tooltip_text (WeftParallelismView *self,
                                        double               x,
                                        double               y)
{
  g_return_val_if_fail (WEFT_IS_PARALLELISM_VIEW (self), NULL);

  return weft_parallelism_renderer_describe_at (self->renderer, gtk_widget_get_width (GTK_WIDGET (self)),
                                                gtk_widget_get_height (GTK_WIDGET (self)), x);
}

static void
weft_parallelism_view_draw (WeftDrawnWidget       *widget,
                            cairo_t               *cr,
                            int                    width,
                            int                    height,
                            const WeftRenderTheme *theme)
{
  weft_parallelism_renderer_draw (WEFT_PARALLELISM_VIEW (widget)->renderer, cr, width, height);
}

static void
weft_parallelism_view_theme_changed (WeftDrawnWidget       *widget,
                                     const WeftRenderTheme *theme)
{
  weft_parallelism_renderer_set_theme (WEFT_PARALLELISM_VIEW (widget)->renderer, theme);
}

static void
weft_parallelism_view_pointer_moved (WeftDrawnWidget *widget,
                                     double           x,
                                     double           y)
{
  WeftParallelismView *self = WEFT_PARALLELISM_VIEW (widget);

  if (weft_parallelism_renderer_set_hover (self->renderer, gtk_widget_get_width (GTK_WIDGET (self)),
                                           gtk_widget_get_height (GTK_WIDGET (self)), x))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
weft_parallelism_view_pointer_left (WeftDrawnWidget *widget)
{
  WeftParallelismView *self = WEFT_PARALLELISM_VIEW (widget);

  if (weft_parallelism_renderer_set_hover (self->renderer, gtk_widget_get_width (GTK_WIDGET (self)),
                                           gtk_widget_get_height (GTK_WIDGET (self)), -1))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
weft_parallelism_view_clicked (WeftDrawnWidget *widget,
                               double           x,
                               double           y)
{
  WeftParallelismView *self = WEFT_PARALLELISM_VIEW (widget);
  gint64 begin, end;

  if (weft_parallelism_renderer_get_column (self->renderer, gtk_widget_get_width (GTK_WIDGET (self)),
                                            gtk_widget_get_height (GTK_WIDGET (self)), x, &begin, &end, NULL))
    g_signal_emit (self, signals[RANGE_ACTIVATED], 0,
                   begin * WEFT_VISANDOR_NS_PER_UNIT, end * WEFT_VISANDOR_NS_PER_UNIT);
}

static gboolean
weft_parallelism_view_query_tooltip (GtkWidget  *widget,
                                     int         x,
                                     int         y,
                                     gboolean    keyboard_tooltip,
                                     GtkTooltip *tooltip)
{
  g_autofree char *text = NULL;

  if (keyboard_tooltip)
    return FALSE;
  text = weft_parallelism_view_dup_tooltip_text (WEFT_PARALLELISM_VIEW (widget), x, y);
  if (text == NULL)
    return FALSE;

  {
    g_autofree char *hint = g_strdup_printf ("%s\n%s", text, _("Click to show this time in the timeline"));

    gtk_tooltip_set_text (tooltip, hint);
  }
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { x - 1, 0, 2, gtk_widget_get_height (widget) });
  return TRUE;
}

static void
weft_parallelism_view_dispose (GObject *object)
{
  g_clear_object (&WEFT_PARALLELISM_VIEW (object)->renderer);

  G_OBJECT_CLASS (weft_parallelism_view_parent_class)->dispose (object);
}

static void
weft_parallelism_view_class_init (WeftParallelismViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  WeftDrawnWidgetClass *drawn_class = WEFT_DRAWN_WIDGET_CLASS (klass);

  object_class->dispose = weft_parallelism_view_dispose;

  widget_class->query_tooltip = weft_parallelism_view_query_tooltip;

  drawn_class->draw = weft_parallelism_view_draw;
  drawn_class->theme_changed = weft_parallelism_view_theme_changed;
  drawn_class->pointer_moved = weft_parallelism_view_pointer_moved;
  drawn_class->pointer_left = weft_parallelism_view_pointer_left;
  drawn_class->clicked = weft_parallelism_view_clicked;
  weft_drawn_widget_class_set_sizes (drawn_class, 200, 600, 120, 220);

  /**
   * WeftParallelismView::range-activated:
   * @begin: the clicked column's first time, ns from the start of the trace
   * @end: its end
   */
  signals[RANGE_ACTIVATED] =
    g_signal_new ("range-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_INT64);

  gtk_widget_class_set_css_name (widget_class, "parallelism");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
weft_parallelism_view_init (WeftParallelismView *self)
{
  self->renderer = weft_parallelism_renderer_new ();

  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  weft_drawn_widget_add_pointer_controllers (WEFT_DRAWN_WIDGET (self));
}

/* weft-drawn-widget.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "weft-drawn-widget.h"
#include "weft-widget-theme.h"

typedef struct
{
  WeftRenderTheme  theme;
  gboolean         has_theme;
  gboolean         theme_dirty;    /* the style may have changed since the fill */

  /* The kept picture of weft_drawn_widget_append_picture(), valid while the
   * size, the scale and the theme stay the same. */
  GdkTexture      *picture;
  cairo_surface_t *picture_surface;  /* its pixels (the texture holds the reference) */
  int              picture_width;
  int              picture_height;
  int              picture_scale;
  cairo_surface_t *surfaces[2];
  guint            next_surface;
} WeftDrawnWidgetPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (WeftDrawnWidget, weft_drawn_widget, GTK_TYPE_WIDGET)

static void
invalidate_theme (WeftDrawnWidget *self)
{
  WeftDrawnWidgetPrivate *priv = weft_drawn_widget_get_instance_private (self);

  priv->theme_dirty = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * weft_drawn_widget_ensure_theme:
 *
 * Fills the theme again if the style may have changed since the last time,
 * calling theme_changed() when it differs. Subclasses call it before anything
 * that depends on the renderer's layout (measuring, hit testing, zooming),
 * since the font decides the layout.
 *
 * Returns: (transfer none): the theme, valid until the next style change
 */
const WeftRenderTheme *
weft_drawn_widget_ensure_theme (WeftDrawnWidget *self)
{
  WeftDrawnWidgetPrivate *priv;
  WeftRenderTheme theme = { 0 };

  g_return_val_if_fail (WEFT_IS_DRAWN_WIDGET (self), NULL);

  priv = weft_drawn_widget_get_instance_private (self);
  if (!priv->theme_dirty)
    return &priv->theme;

  priv->theme_dirty = FALSE;
  weft_widget_theme_fill (GTK_WIDGET (self), &theme);
  if (priv->has_theme && weft_widget_theme_equal (&theme, &priv->theme))
    {
      weft_render_theme_clear (&theme);
      return &priv->theme;
    }

  weft_render_theme_clear (&priv->theme);
  priv->theme = theme;
  priv->has_theme = TRUE;
  g_clear_object (&priv->picture);
  priv->picture_surface = NULL;
  if (WEFT_DRAWN_WIDGET_GET_CLASS (self)->theme_changed != NULL)
    WEFT_DRAWN_WIDGET_GET_CLASS (self)->theme_changed (self, &priv->theme);

  return &priv->theme;
}

/* A surface to draw the next picture into: one of the two kept, once the
 * texture made from it has been let go (only our reference is left), so that
 * panning a timeline does not allocate and fault in 8 MB per frame. Every
 * picture paints its whole background, so a reused surface needs no clearing. */
static cairo_surface_t *
take_surface (WeftDrawnWidgetPrivate *priv,
              int                     width,
              int                     height)
{
  guint slot;

  for (guint i = 0; i < G_N_ELEMENTS (priv->surfaces); i++)
    {
      cairo_surface_t *surface = priv->surfaces[i];

      if (surface != NULL && cairo_surface_get_reference_count (surface) == 1 &&
          cairo_image_surface_get_width (surface) == width &&
          cairo_image_surface_get_height (surface) == height)
        return cairo_surface_reference (surface);
    }

  /* None free: replace the oldest (still used by a texture, which keeps it
   * alive until GTK is done with it). */
  slot = priv->next_surface;
  priv->next_surface = (slot + 1) % G_N_ELEMENTS (priv->surfaces);
  g_clear_pointer (&priv->surfaces[slot], cairo_surface_destroy);
  priv->surfaces[slot] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);

  return cairo_surface_reference (priv->surfaces[slot]);
}

static GdkTexture *
render_picture (WeftDrawnWidget       *self,
                int                    width,
                int                    height,
                int                    scale,
                const WeftRenderTheme *theme,
                cairo_surface_t      **surface_out)
{
  WeftDrawnWidgetPrivate *priv = weft_drawn_widget_get_instance_private (self);
  cairo_surface_t *surface;
  g_autoptr(GBytes) bytes = NULL;
  cairo_t *cr;

  surface = take_surface (priv, width * scale, height * scale);
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  WEFT_DRAWN_WIDGET_GET_CLASS (self)->draw (self, cr, width, height, theme);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  /* The texture holds a reference to the surface's pixels: no copy. */
  *surface_out = surface;
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize)cairo_image_surface_get_stride (surface) * height * scale,
                                      (GDestroyNotify)cairo_surface_destroy, surface);

  return gdk_memory_texture_new (width * scale, height * scale, GDK_MEMORY_DEFAULT, bytes,
                                 cairo_image_surface_get_stride (surface));
}

/**
 * weft_drawn_widget_append_picture:
 *
 * Appends what draw() paints, over the whole widget, as a texture kept from
 * the last call while the size, the scale factor and the theme stay the same
 * and weft_drawn_widget_drop_picture() was not called.
 */
void
weft_drawn_widget_append_picture (WeftDrawnWidget *self,
                                  GtkSnapshot     *snapshot)
{
  WeftDrawnWidgetPrivate *priv;
  GtkWidget *widget = GTK_WIDGET (self);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);
  const WeftRenderTheme *theme;
  GtkNative *native;

  g_return_if_fail (WEFT_IS_DRAWN_WIDGET (self));

  priv = weft_drawn_widget_get_instance_private (self);
  if (width <= 0 || height <= 0)
    return;

  theme = weft_drawn_widget_ensure_theme (self);
  if (priv->picture == NULL || priv->picture_width != width || priv->picture_height != height ||
      priv->picture_scale != scale)
    {
      g_clear_object (&priv->picture);
      priv->picture = render_picture (self, width, height, scale, theme, &priv->picture_surface);
      priv->picture_width = width;
      priv->picture_height = height;
      priv->picture_scale = scale;
    }

  /* GTK's cairo renderer (Weft's choice where there is no GPU) turns a
   * texture back into a cairo surface, pixel by pixel, every time it draws
   * it: 15-35 ms for a 1600 × 1000 picture in GTK 4.8, at every frame the
   * window draws, whatever changed. A cairo node that paints the picture's
   * surface it draws as a plain copy. The GL renderers keep the texture on
   * the GPU. */
  native = gtk_widget_get_native (widget);
  if (native != NULL && GSK_IS_CAIRO_RENDERER (gtk_native_get_renderer (native)))
    {
      cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

      cairo_set_source_surface (cr, priv->picture_surface, 0, 0);
      cairo_paint (cr);
      cairo_destroy (cr);
    }
  else
    gtk_snapshot_append_texture (snapshot, priv->picture, &GRAPHENE_RECT_INIT (0, 0, width, height));
}

/**
 * weft_drawn_widget_drop_picture:
 *
 * Forgets the kept picture: the next weft_drawn_widget_append_picture() draws
 * it again. Callers outside snapshot() also queue a draw.
 */
void
weft_drawn_widget_drop_picture (WeftDrawnWidget *self)
{
  WeftDrawnWidgetPrivate *priv;

  g_return_if_fail (WEFT_IS_DRAWN_WIDGET (self));

  priv = weft_drawn_widget_get_instance_private (self);
  g_clear_object (&priv->picture);
  priv->picture_surface = NULL;
}

/**
 * weft_drawn_widget_class_set_sizes:
 *
 * The minimum and natural width and height measure() gives for widgets of
 * @klass.
 */
void
weft_drawn_widget_class_set_sizes (WeftDrawnWidgetClass *klass,
                                   int                   min_width,
                                   int                   natural_width,
                                   int                   min_height,
                                   int                   natural_height)
{
  g_return_if_fail (WEFT_IS_DRAWN_WIDGET_CLASS (klass));

  klass->min_width = min_width;
  klass->natural_width = natural_width;
  klass->min_height = min_height;
  klass->natural_height = natural_height;
}

/**
 * weft_snapshot_append_frame:
 * @rect: the frame's outer edge
 *
 * Appends a border of @line_width inside @rect, for outlines drawn over a
 * picture.
 */
void
weft_snapshot_append_frame (GtkSnapshot           *snapshot,
                            const graphene_rect_t *rect,
                            float                  line_width,
                            const WeftRgba        *color)
{
  GskRoundedRect outline;
  GdkRGBA rgba = weft_rgba_to_gdk (color);
  const float widths[4] = { line_width, line_width, line_width, line_width };
  const GdkRGBA colors[4] = { rgba, rgba, rgba, rgba };

  gsk_rounded_rect_init_from_rect (&outline, rect, 0);
  gtk_snapshot_append_border (snapshot, &outline, widths, colors);
}

static void
weft_drawn_widget_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  WeftDrawnWidget *self = WEFT_DRAWN_WIDGET (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  const WeftRenderTheme *theme;
  cairo_t *cr;

  if (width <= 0 || height <= 0 || WEFT_DRAWN_WIDGET_GET_CLASS (self)->draw == NULL)
    return;

  theme = weft_drawn_widget_ensure_theme (self);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  WEFT_DRAWN_WIDGET_GET_CLASS (self)->draw (self, cr, width, height, theme);
  cairo_destroy (cr);
}

static void
weft_drawn_widget_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  WeftDrawnWidgetClass *klass = WEFT_DRAWN_WIDGET_GET_CLASS (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = klass->min_width;
      *natural = klass->natural_width;
    }
  else
    {
      *minimum = klass->min_height;
      *natural = klass->natural_height;
    }
}

/* Light/dark, high contrast and font changes all arrive as style changes. */
static void
weft_drawn_widget_css_changed (GtkWidget         *widget,
                               GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (weft_drawn_widget_parent_class)->css_changed (widget, change);

  invalidate_theme (WEFT_DRAWN_WIDGET (widget));
}

/* --- Pointer input ---------------------------------------------------------------- */

static void
motion_cb (WeftDrawnWidget          *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *motion)
{
  if (WEFT_DRAWN_WIDGET_GET_CLASS (self)->pointer_moved != NULL)
    WEFT_DRAWN_WIDGET_GET_CLASS (self)->pointer_moved (self, x, y);
}

static void
leave_cb (WeftDrawnWidget          *self,
          GtkEventControllerMotion *motion)
{
  if (WEFT_DRAWN_WIDGET_GET_CLASS (self)->pointer_left != NULL)
    WEFT_DRAWN_WIDGET_GET_CLASS (self)->pointer_left (self);
}

static void
pressed_cb (WeftDrawnWidget *self,
            int              n_press,
            double           x,
            double           y,
            GtkGestureClick *click)
{
  if (gtk_widget_get_focusable (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
released_cb (WeftDrawnWidget *self,
             int              n_press,
             double           x,
             double           y,
             GtkGestureClick *click)
{
  if (WEFT_DRAWN_WIDGET_GET_CLASS (self)->clicked != NULL)
    WEFT_DRAWN_WIDGET_GET_CLASS (self)->clicked (self, x, y);
}

/**
 * weft_drawn_widget_add_pointer_controllers:
 *
 * Adds a motion controller calling pointer_moved() and pointer_left(), and a
 * primary-button click gesture whose press focuses the widget (when it is
 * focusable) and whose release calls clicked(). The subclasses that want
 * them call it from their init, in the place they want them among their own
 * controllers; the timelines handle their input themselves.
 */
void
weft_drawn_widget_add_pointer_controllers (WeftDrawnWidget *self)
{
  GtkEventController *motion;
  GtkGesture *click;

  g_return_if_fail (WEFT_IS_DRAWN_WIDGET (self));

  motion = gtk_event_controller_motion_new ();
  g_signal_connect_object (motion, "motion", G_CALLBACK (motion_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (motion, "leave", G_CALLBACK (leave_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (click, "pressed", G_CALLBACK (pressed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (click, "released", G_CALLBACK (released_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

/* --- GObject ---------------------------------------------------------------------- */

static void
weft_drawn_widget_dispose (GObject *object)
{
  WeftDrawnWidget *self = (WeftDrawnWidget *)object;
  WeftDrawnWidgetPrivate *priv = weft_drawn_widget_get_instance_private (self);

  g_clear_object (&priv->picture);
  priv->picture_surface = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (priv->surfaces); i++)
    g_clear_pointer (&priv->surfaces[i], cairo_surface_destroy);

  G_OBJECT_CLASS (weft_drawn_widget_parent_class)->dispose (object);
}

static void
weft_drawn_widget_finalize (GObject *object)
{
  WeftDrawnWidget *self = (WeftDrawnWidget *)object;
  WeftDrawnWidgetPrivate *priv = weft_drawn_widget_get_instance_private (self);

  weft_render_theme_clear (&priv->theme);

  G_OBJECT_CLASS (weft_drawn_widget_parent_class)->finalize (object);
}

static void
weft_drawn_widget_class_init (WeftDrawnWidgetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_drawn_widget_dispose;
  object_class->finalize = weft_drawn_widget_finalize;

  widget_class->snapshot = weft_drawn_widget_snapshot;
  widget_class->measure = weft_drawn_widget_measure;
  widget_class->css_changed = weft_drawn_widget_css_changed;
}

static void
weft_drawn_widget_init (WeftDrawnWidget *self)
{
  WeftDrawnWidgetPrivate *priv = weft_drawn_widget_get_instance_private (self);

  priv->theme_dirty = TRUE;

  /* The theme holds the scale (for one-pixel lines); the dark switch may come
   * before the style change it causes. */
  g_signal_connect (self, "notify::scale-factor", G_CALLBACK (invalidate_theme), NULL);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (invalidate_theme), self, G_CONNECT_SWAPPED);
}

/* weft-value-bars-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "weft-value-bars-view.h"

struct _WeftValueBarsView
{
  WeftDrawnWidget        parent_instance;

  WeftValueBarsRenderer *renderer;
  WeftValueTable        *values;
  guint                  column;
  int                    selected;
  char                  *measured_font;  /* the font of the last natural height */
};

enum {
  PROP_0,
  PROP_VALUES,
  PROP_COLUMN,
  PROP_SORT,
  PROP_SELECTED_ROW,
  N_PROPS
};

enum {
  ROW_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (WeftValueBarsView, weft_value_bars_view, WEFT_TYPE_DRAWN_WIDGET)

/* The renderer measures the rows with the theme's font. */
static void
ensure_theme (WeftValueBarsView *self)
{
  weft_drawn_widget_ensure_theme (WEFT_DRAWN_WIDGET (self));
}

static int
n_rows (WeftValueBarsView *self)
{
  return self->values != NULL ? (int)weft_value_table_get_n_rows (self->values) : 0;
}

static void
update_accessible (WeftValueBarsView *self)
{
  g_autofree char *description = NULL;
  const char *title = self->values != NULL ? weft_value_table_get_title (self->values) : NULL;

  if (self->selected >= 0 && weft_value_bars_renderer_get_values (self->renderer) != NULL)
    description = weft_value_bars_renderer_describe_row (self->renderer, (guint)self->selected);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title != NULL ? title : _("Values"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description != NULL ? description : "",
                                  -1);
}

/* The renderer takes a table only with a column it has. The selected row's
 * description shows its value. */
static void
push_values (WeftValueBarsView *self)
{
  gboolean fits = self->values != NULL && self->column < weft_value_table_get_n_columns (self->values);

  weft_value_bars_renderer_set_values (self->renderer, fits ? self->values : NULL, fits ? self->column : 0);
  update_accessible (self);
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

GtkWidget *
weft_value_bars_view_new (void)
{
  return g_object_new (WEFT_TYPE_VALUE_BARS_VIEW, NULL);
}

/**
 * weft_value_bars_view_get_values:
 *
 * Returns: (transfer none) (nullable): the table
 */
WeftValueTable *
weft_value_bars_view_get_values (WeftValueBarsView *self)
{
  g_return_val_if_fail (WEFT_IS_VALUE_BARS_VIEW (self), NULL);

  return self->values;
}

void
weft_value_bars_view_set_values (WeftValueBarsView *self,
                                 WeftValueTable    *values)
{
  g_return_if_fail (WEFT_IS_VALUE_BARS_VIEW (self));

  if (self->values == values)
    return;

  g_clear_pointer (&self->values, weft_value_table_unref);
  self->values = values != NULL ? weft_value_table_ref (values) : NULL;
  push_values (self);

  g_object_freeze_notify (G_OBJECT (self));
  if (self->selected >= n_rows (self))
    weft_value_bars_view_set_selected_row (self, -1);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUES]);
  g_object_thaw_notify (G_OBJECT (self));
}

guint
weft_value_bars_view_get_column (WeftValueBarsView *self)
{
  g_return_val_if_fail (WEFT_IS_VALUE_BARS_VIEW (self), 0);

  return self->column;
}

void
weft_value_bars_view_set_column (WeftValueBarsView *self,
                                 guint              column)
{
  g_return_if_fail (WEFT_IS_VALUE_BARS_VIEW (self));

  if (self->column == column)
    return;

  self->column = column;
  push_values (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLUMN]);
}

WeftValueBarsSort
weft_value_bars_view_get_sort (WeftValueBarsView *self)
{
  g_return_val_if_fail (WEFT_IS_VALUE_BARS_VIEW (self), WEFT_VALUE_BARS_SORT_ROW);

  return weft_value_bars_renderer_get_sort (self->renderer);
}

void
weft_value_bars_view_set_sort (WeftValueBarsView *self,
                               WeftValueBarsSort  sort)
{
  g_return_if_fail (WEFT_IS_VALUE_BARS_VIEW (self));

  if (weft_value_bars_renderer_set_sort (self->renderer, sort))
    {
      gtk_widget_queue_draw (GTK_WIDGET (self));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SORT]);
    }
}

/* Returns: the selected table row, or -1 */
int
weft_value_bars_view_get_selected_row (WeftValueBarsView *self)
{
  g_return_val_if_fail (WEFT_IS_VALUE_BARS_VIEW (self), -1);

  return self->selected;
}

void
weft_value_bars_view_set_selected_row (WeftValueBarsView *self,
                                       int                row)
{
  g_return_if_fail (WEFT_IS_VALUE_BARS_VIEW (self));

  if (row < 0 || row >= n_rows (self))
    row = -1;
  if (self->selected == row)
    return;

  self->selected = row;
  if (weft_value_bars_renderer_set_selected_row (self->renderer, row))
    gtk_widget_queue_draw (GTK_WIDGET (self));
  update_accessible (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_ROW]);
}

/* Returns: the table row at (@x, @y), or -1 */
int
weft_value_bars_view_get_row_at (WeftValueBarsView *self,
                                 double             x,
                                 double             y)
{
  g_return_val_if_fail (WEFT_IS_VALUE_BARS_VIEW (self), -1);

  ensure_theme (self);
  return (int)weft_value_bars_renderer_hit_test (self->renderer, gtk_widget_get_width (GTK_WIDGET (self)),
                                                 gtk_widget_get_height (GTK_WIDGET (self)), x, y);
}

/**
 * weft_value_bars_view_dup_tooltip_text:
 *
 * Returns: (transfer full) (nullable): "locale 3\ntasks: 12" for the row at
 *   (@x, @y)
 */
char *
weft_value_bars_view_dup_tooltip_text (WeftValueBarsView *self,
                                       double             x,
                                       double             y)
{
  int row;

  g_return_val_if_fail (WEFT_IS_VALUE_BARS_VIEW (self), NULL);

  row = weft_value_bars_view_get_row_at (self, x, y);
  return row >= 0 ? weft_value_bars_renderer_describe_row (self->renderer, (guint)row) : NULL;
}

/**
 * weft_value_bars_view_get_renderer:
 *
 * Returns: (transfer none): the renderer
 */
WeftValueBarsRenderer *
weft_value_bars_view_get_renderer (WeftValueBarsView *self)
{
  g_return_val_if_fail (WEFT_IS_VALUE_BARS_VIEW (self), NULL);

  return self->renderer;
}

/* --- Input --------------------------------------------------------------------- */

static void
weft_value_bars_view_pointer_moved (WeftDrawnWidget *widget,
                                    double           x,
                                    double           y)
{
  WeftValueBarsView *self = WEFT_VALUE_BARS_VIEW (widget);

  if (weft_value_bars_renderer_set_hover_row (self->renderer, weft_value_bars_view_get_row_at (self, x, y)))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
weft_value_bars_view_pointer_left (WeftDrawnWidget *widget)
{
  WeftValueBarsView *self = WEFT_VALUE_BARS_VIEW (widget);

  if (weft_value_bars_renderer_set_hover_row (self->renderer, -1))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
weft_value_bars_view_clicked (WeftDrawnWidget *widget,
                              double           x,
                              double           y)
{
  WeftValueBarsView *self = WEFT_VALUE_BARS_VIEW (widget);
  int row = weft_value_bars_view_get_row_at (self, x, y);

  if (row < 0)
    return;
  weft_value_bars_view_set_selected_row (self, row);
  g_signal_emit (self, signals[ROW_ACTIVATED], 0, (guint)row);
}

/* Moves through the rows in the order they are shown. */
static void
move_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  WeftValueBarsView *self = WEFT_VALUE_BARS_VIEW (widget);
  int n = n_rows (self), delta = g_variant_get_int32 (parameter), position = 0;

  if (n == 0 || weft_value_bars_renderer_get_values (self->renderer) == NULL)
    return;

  if (self->selected >= 0)
    {
      for (int p = 0; p < n; p++)
        if ((int)weft_value_bars_renderer_get_row_at (self->renderer, (guint)p) == self->selected)
          position = CLAMP (p + delta, 0, n - 1);
    }
  weft_value_bars_view_set_selected_row (self, (int)weft_value_bars_renderer_get_row_at (self->renderer,
                                                                                         (guint)position));
}

static void
activate_selected_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  WeftValueBarsView *self = WEFT_VALUE_BARS_VIEW (widget);

  if (self->selected >= 0)
    g_signal_emit (self, signals[ROW_ACTIVATED], 0, (guint)self->selected);
}

/* --- GtkWidget ------------------------------------------------------------------ */

static gboolean
weft_value_bars_view_query_tooltip (GtkWidget  *widget,
                                    int         x,
                                    int         y,
                                    gboolean    keyboard_tooltip,
                                    GtkTooltip *tooltip)
{
  WeftValueBarsView *self = WEFT_VALUE_BARS_VIEW (widget);
  g_autofree char *text = NULL;

  if (keyboard_tooltip)
    text = self->selected >= 0 ? weft_value_bars_renderer_describe_row (self->renderer, (guint)self->selected)
                               : NULL;
  else
    text = weft_value_bars_view_dup_tooltip_text (self, x, y);
  if (text == NULL)
    return FALSE;

  gtk_tooltip_set_text (tooltip, text);
  gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { 0, y - 1, gtk_widget_get_width (widget), 2 });
  return TRUE;
}

static void
weft_value_bars_view_measure (GtkWidget      *widget,
                              GtkOrientation  orientation,
                              int             for_size,
                              int            *minimum,
                              int            *natural,
                              int            *minimum_baseline,
                              int            *natural_baseline)
{
  WeftValueBarsView *self = WEFT_VALUE_BARS_VIEW (widget);

  GTK_WIDGET_CLASS (weft_value_bars_view_parent_class)->measure (widget, orientation, for_size, minimum, natural,
                                                                 minimum_baseline, natural_baseline);
  /* The natural height fits every row. */
  if (orientation == GTK_ORIENTATION_VERTICAL)
    {
      const WeftRenderTheme *theme = weft_drawn_widget_ensure_theme (WEFT_DRAWN_WIDGET (self));

      g_free (self->measured_font);
      self->measured_font = g_strdup (theme->font);
      *natural = MAX (*minimum, (int)ceil (weft_value_bars_renderer_get_natural_height (self->renderer)));
    }
}

/* The natural height follows the font. GTK reports a style change for every
 * hover and focus change too: those leave the size alone. */
static void
weft_value_bars_view_css_changed (GtkWidget         *widget,
                                  GtkCssStyleChange *change)
{
  WeftValueBarsView *self = WEFT_VALUE_BARS_VIEW (widget);

  GTK_WIDGET_CLASS (weft_value_bars_view_parent_class)->css_changed (widget, change);

  if (self->measured_font != NULL &&
      g_strcmp0 (self->measured_font, weft_drawn_widget_ensure_theme (WEFT_DRAWN_WIDGET (self))->font) != 0)
    gtk_widget_queue_resize (widget);
}

/* --- WeftDrawnWidget ------------------------------------------------------------ */

static void
weft_value_bars_view_draw (WeftDrawnWidget       *widget,
                           cairo_t               *cr,
                           int                    width,
                           int                    height,
                           const WeftRenderTheme *theme)
{
  weft_value_bars_renderer_draw (WEFT_VALUE_BARS_VIEW (widget)->renderer, cr, width, height);
}

static void
weft_value_bars_view_theme_changed (WeftDrawnWidget       *widget,
                                    const WeftRenderTheme *theme)
{
  weft_value_bars_renderer_set_theme (WEFT_VALUE_BARS_VIEW (widget)->renderer, theme);
}

static void
weft_value_bars_view_dispose (GObject *object)
{
  WeftValueBarsView *self = (WeftValueBarsView *)object;

  g_clear_object (&self->renderer);
  g_clear_pointer (&self->values, weft_value_table_unref);
  g_clear_pointer (&self->measured_font, g_free);

  G_OBJECT_CLASS (weft_value_bars_view_parent_class)->dispose (object);
}

static void
weft_value_bars_view_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  WeftValueBarsView *self = WEFT_VALUE_BARS_VIEW (object);

  switch (prop_id)
    {
    case PROP_VALUES:
      g_value_set_boxed (value, weft_value_bars_view_get_values (self));
      break;

    case PROP_COLUMN:
      g_value_set_uint (value, weft_value_bars_view_get_column (self));
      break;

    case PROP_SORT:
      g_value_set_enum (value, weft_value_bars_view_get_sort (self));
      break;

    case PROP_SELECTED_ROW:
      g_value_set_int (value, weft_value_bars_view_get_selected_row (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_value_bars_view_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  WeftValueBarsView *self = WEFT_VALUE_BARS_VIEW (object);

  switch (prop_id)
    {
    case PROP_VALUES:
      weft_value_bars_view_set_values (self, g_value_get_boxed (value));
      break;

    case PROP_COLUMN:
      weft_value_bars_view_set_column (self, g_value_get_uint (value));
      break;

    case PROP_SORT:
      weft_value_bars_view_set_sort (self, g_value_get_enum (value));
      break;

    case PROP_SELECTED_ROW:
      weft_value_bars_view_set_selected_row (self, g_value_get_int (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_value_bars_view_class_init (WeftValueBarsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  WeftDrawnWidgetClass *drawn_class = WEFT_DRAWN_WIDGET_CLASS (klass);

  object_class->dispose = weft_value_bars_view_dispose;
  object_class->get_property = weft_value_bars_view_get_property;
  object_class->set_property = weft_value_bars_view_set_property;

  widget_class->measure = weft_value_bars_view_measure;
  widget_class->query_tooltip = weft_value_bars_view_query_tooltip;
  widget_class->css_changed = weft_value_bars_view_css_changed;

  drawn_class->draw = weft_value_bars_view_draw;
  drawn_class->theme_changed = weft_value_bars_view_theme_changed;
  drawn_class->pointer_moved = weft_value_bars_view_pointer_moved;
  drawn_class->pointer_left = weft_value_bars_view_pointer_left;
  drawn_class->clicked = weft_value_bars_view_clicked;
  weft_drawn_widget_class_set_sizes (drawn_class, 160, 420, 60, 60);

  properties[PROP_VALUES] =
    g_param_spec_boxed ("values", NULL, NULL, WEFT_TYPE_VALUE_TABLE,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_COLUMN] =
    g_param_spec_uint ("column", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SORT] =
    g_param_spec_enum ("sort", NULL, NULL, WEFT_TYPE_VALUE_BARS_SORT, WEFT_VALUE_BARS_SORT_ROW,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SELECTED_ROW] =
    g_param_spec_int ("selected-row", NULL, NULL, -1, G_MAXINT, -1,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * WeftValueBarsView::row-activated:
   * @row: the table row
   */
  signals[ROW_ACTIVATED] =
    g_signal_new ("row-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "valuebars.move", "i", move_action);
  gtk_widget_class_install_action (widget_class, "valuebars.activate-selected", NULL, activate_selected_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "valuebars.move", "i", -1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "valuebars.move", "i", 1);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Up, 0, "valuebars.move", "i", -10);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Page_Down, 0, "valuebars.move", "i", 10);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "valuebars.activate-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "valuebars.activate-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "valuebars.activate-selected", NULL);

  gtk_widget_class_set_css_name (widget_class, "valuebars");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_WIDGET);
}

static void
weft_value_bars_view_init (WeftValueBarsView *self)
{
  self->renderer = weft_value_bars_renderer_new ();
  self->selected = -1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  weft_drawn_widget_add_pointer_controllers (WEFT_DRAWN_WIDGET (self));

  update_accessible (self);
}

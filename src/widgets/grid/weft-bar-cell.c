/* weft-bar-cell.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "weft-bar-cell.h"

struct _WeftBarCell
{
  GtkWidget  parent_instance;

  GtkWidget *label;
  double     fraction;
};

enum {
  PROP_0,
  PROP_FRACTION,
  PROP_TEXT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (WeftBarCell, weft_bar_cell, GTK_TYPE_WIDGET)

GtkWidget *
weft_bar_cell_new (void)
{
  return g_object_new (WEFT_TYPE_BAR_CELL, NULL);
}

double
weft_bar_cell_get_fraction (WeftBarCell *self)
{
  g_return_val_if_fail (WEFT_IS_BAR_CELL (self), 0.0);

  return self->fraction;
}

/**
 * weft_bar_cell_set_fraction:
 * @fraction: the bar's length as a share of the cell's width, clamped to [0, 1]
 */
void
weft_bar_cell_set_fraction (WeftBarCell *self,
                            double       fraction)
{
  g_return_if_fail (WEFT_IS_BAR_CELL (self));

  fraction = isnan (fraction) ? 0.0 : CLAMP (fraction, 0.0, 1.0);
  if (self->fraction == fraction)
    return;

  self->fraction = fraction;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
}

const char *
weft_bar_cell_get_text (WeftBarCell *self)
{
  g_return_val_if_fail (WEFT_IS_BAR_CELL (self), NULL);

  return gtk_label_get_text (GTK_LABEL (self->label));
}

void
weft_bar_cell_set_text (WeftBarCell *self,
                        const char  *text)
{
  g_return_if_fail (WEFT_IS_BAR_CELL (self));

  if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (self->label)), text != NULL ? text : "") == 0)
    return;

  gtk_label_set_text (GTK_LABEL (self->label), text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TEXT]);
}

/* @value of @max (the column's largest), shown as @text. */
void
weft_bar_cell_set_value (WeftBarCell *self,
                         double       value,
                         double       max,
                         const char  *text)
{
  g_return_if_fail (WEFT_IS_BAR_CELL (self));

  g_object_freeze_notify (G_OBJECT (self));
  weft_bar_cell_set_fraction (self, max > 0 ? value / max : 0.0);
  weft_bar_cell_set_text (self, text);
  g_object_thaw_notify (G_OBJECT (self));
}

/* The bar goes under the number, from the start edge (right in RTL). */
static void
weft_bar_cell_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  WeftBarCell *self = WEFT_BAR_CELL (widget);
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  double bar = round (width * self->fraction);

  if (bar > 0 && height > 0)
    {
      GtkStyleContext *context = gtk_widget_get_style_context (widget);
      GdkRGBA color = { 0.21, 0.52, 0.89, 1.0 };
      double x = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL ? width - bar : 0;

      gtk_style_context_lookup_color (context, "accent_bg_color", &color);
      color.alpha *= 0.3;
      gtk_snapshot_append_color (snapshot, &color, &GRAPHENE_RECT_INIT (x, 1, bar, MAX (height - 2, 1)));
    }

  gtk_widget_snapshot_child (widget, self->label, snapshot);
}

static void
weft_bar_cell_dispose (GObject *object)
{
  WeftBarCell *self = (WeftBarCell *)object;

  g_clear_pointer (&self->label, gtk_widget_unparent);

  G_OBJECT_CLASS (weft_bar_cell_parent_class)->dispose (object);
}

static void
weft_bar_cell_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  WeftBarCell *self = WEFT_BAR_CELL (object);

  switch (prop_id)
    {
    case PROP_FRACTION:
      g_value_set_double (value, weft_bar_cell_get_fraction (self));
      break;

    case PROP_TEXT:
      g_value_set_string (value, weft_bar_cell_get_text (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_bar_cell_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  WeftBarCell *self = WEFT_BAR_CELL (object);

  switch (prop_id)
    {
    case PROP_FRACTION:
      weft_bar_cell_set_fraction (self, g_value_get_double (value));
      break;

    case PROP_TEXT:
      weft_bar_cell_set_text (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_bar_cell_class_init (WeftBarCellClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_bar_cell_dispose;
  object_class->get_property = weft_bar_cell_get_property;
  object_class->set_property = weft_bar_cell_set_property;

  widget_class->snapshot = weft_bar_cell_snapshot;

  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_TEXT] =
    g_param_spec_string ("text", NULL, NULL, "",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "barcell");
  /* The label inside is what a screen reader reads. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
weft_bar_cell_init (WeftBarCell *self)
{
  self->label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->label), 1.0);
  gtk_widget_add_css_class (self->label, "numeric");
  gtk_widget_set_margin_start (self->label, 6);
  gtk_widget_set_margin_end (self->label, 6);
  gtk_widget_set_parent (self->label, GTK_WIDGET (self));
}

/* weft-matrix-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "weft-matrix-view.h"

#define ZOOM_STEP        1.25
#define WHEEL_ZOOM_STEP  1.15
#define WHEEL_PIXELS     40.0
#define PAGE_ROWS        10

struct _WeftMatrixView
{
  WeftDrawnWidget            parent_instance;

  WeftMatrixRenderer        *renderer;

  int                        selected_row;
  int                        selected_column;

  WeftMatrixViewTooltipFunc  tooltip_func;
  gpointer                   tooltip_data;
  GDestroyNotify             tooltip_destroy;

  double                     pointer_x;
  double                     pointer_y;
  gboolean                   has_pointer;
  double                     drag_x;       /* drag offset already applied */
  double                     drag_y;
};

enum {
  PROP_0,
  PROP_MATRIX,
  PROP_SCALE_MODE,
  PROP_SELECTED_ROW,
  PROP_SELECTED_COLUMN,
  N_PROPS
};

enum {
  CELL_ACTIVATED,
  LABEL_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (WeftMatrixView, weft_matrix_view, WEFT_TYPE_DRAWN_WIDGET)

/* Rows and columns as the renderer lays them out (a 1-D matrix is one row). */
static void
matrix_size (WeftMatrix *matrix,
             int        *n_rows,
             int        *n_columns)
{
  const gsize *shape;

  if (matrix == NULL)
    {
      *n_rows = *n_columns = 0;
      return;
    }

  shape = weft_matrix_get_shape (matrix);
  if (weft_matrix_get_n_dims (matrix) == 1)
    {
      *n_rows = 1;
      *n_columns = (int)MIN (shape[0], (gsize)G_MAXINT);
    }
  else
    {
      *n_rows = (int)MIN (shape[0], (gsize)G_MAXINT);
      *n_columns = (int)MIN (shape[1], (gsize)G_MAXINT);
    }
}

/* The renderer lays the matrix out with the theme's font. */
static void
ensure_theme (WeftMatrixView *self)
{
  weft_drawn_widget_ensure_theme (WEFT_DRAWN_WIDGET (self));
}

static double
width_of (WeftMatrixView *self)
{
  return gtk_widget_get_width (GTK_WIDGET (self));
}

static double
height_of (WeftMatrixView *self)
{
  return gtk_widget_get_height (GTK_WIDGET (self));
}

static void
update_accessible_label (WeftMatrixView *self)
{
  WeftMatrix *matrix = weft_matrix_renderer_get_matrix (self->renderer);
  g_autofree char *label = NULL;
  int n_rows, n_columns;

  matrix_size (matrix, &n_rows, &n_columns);
  if (matrix == NULL)
    label = g_strdup (_("Matrix, empty"));
  else
    {
      const char *title = weft_matrix_get_title (matrix);
      const char *value = weft_matrix_get_value_name (matrix);

      label = g_strdup_printf (_("%s: %s, %d × %d"),
                               title != NULL ? title : _("Matrix"),
                               value != NULL ? value : _("values"),
                               n_rows, n_columns);
    }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

static void
sync_selection (WeftMatrixView *self)
{
  gboolean complete = self->selected_row >= 0 && self->selected_column >= 0;
  g_autofree char *text = NULL;

  if (weft_matrix_renderer_set_selection (self->renderer,
                                          complete ? self->selected_row : -1,
                                          complete ? self->selected_column : -1))
    gtk_widget_queue_draw (GTK_WIDGET (self));

  /* Screen readers read the selected cell as the description. */
  if (complete)
    text = weft_matrix_renderer_describe_cell (self->renderer, self->selected_row, self->selected_column);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text != NULL ? text : "", -1);
}

/* --- Properties and public API ---------------------------------------------- */

GtkWidget *
weft_matrix_view_new (void)
{
  return g_object_new (WEFT_TYPE_MATRIX_VIEW, NULL);
}

/**
 * weft_matrix_view_get_matrix:
 *
 * Returns: (transfer none) (nullable): the matrix shown
 */
WeftMatrix *
weft_matrix_view_get_matrix (WeftMatrixView *self)
{
  g_return_val_if_fail (WEFT_IS_MATRIX_VIEW (self), NULL);

  return weft_matrix_renderer_get_matrix (self->renderer);
}

/**
 * weft_matrix_view_set_matrix:
 * @matrix: (nullable): a 1-D or 2-D matrix
 *
 * Shows @matrix. A matrix of the same shape (another tag or time range of the
 * same run) keeps the zoom and the selection; another shape resets the view
 * and drops a selection that no longer fits.
 */
void
weft_matrix_view_set_matrix (WeftMatrixView *self,
                             WeftMatrix     *matrix)
{
  weft_matrix_view_set_matrix_with_stats (self, matrix, NULL);
}

/**
 * weft_matrix_view_set_matrix_with_stats:
 * @stats: (nullable): weft_matrix_compute_stats() of @matrix, made where it
 *   did not hold the main loop (a big array's filter runs on a worker)
 *
 * weft_matrix_view_set_matrix() without a pass over every cell.
 */
void
weft_matrix_view_set_matrix_with_stats (WeftMatrixView        *self,
                                        WeftMatrix            *matrix,
                                        const WeftMatrixStats *stats)
{
  int old_rows, old_columns, n_rows, n_columns;
  WeftColorScaleMode old_mode;

  g_return_if_fail (WEFT_IS_MATRIX_VIEW (self));
  g_return_if_fail (matrix == NULL || weft_matrix_get_n_dims (matrix) <= 2);

  matrix_size (weft_matrix_renderer_get_matrix (self->renderer), &old_rows, &old_columns);
  old_mode = weft_matrix_renderer_get_scale_mode (self->renderer);
  if (!weft_matrix_renderer_set_matrix_with_stats (self->renderer, matrix, stats))
    return;

  g_object_freeze_notify (G_OBJECT (self));
  /* A comparison's matrix brings its own scale (its value kind). */
  if (weft_matrix_renderer_get_scale_mode (self->renderer) != old_mode)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCALE_MODE]);
  matrix_size (matrix, &n_rows, &n_columns);
  if (n_rows != old_rows || n_columns != old_columns)
    weft_matrix_renderer_reset_view (self->renderer);
  if (self->selected_row >= n_rows)
    weft_matrix_view_set_selected_row (self, -1);
  if (self->selected_column >= n_columns)
    weft_matrix_view_set_selected_column (self, -1);
  sync_selection (self);
  update_accessible_label (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MATRIX]);
  g_object_thaw_notify (G_OBJECT (self));

  gtk_widget_queue_draw (GTK_WIDGET (self));
}

WeftColorScaleMode
weft_matrix_view_get_scale_mode (WeftMatrixView *self)
{
  g_return_val_if_fail (WEFT_IS_MATRIX_VIEW (self), WEFT_COLOR_SCALE_LINEAR);

  return weft_matrix_renderer_get_scale_mode (self->renderer);
}

void
weft_matrix_view_set_scale_mode (WeftMatrixView     *self,
                                 WeftColorScaleMode  mode)
{
  g_return_if_fail (WEFT_IS_MATRIX_VIEW (self));

  if (weft_matrix_renderer_set_scale_mode (self->renderer, mode))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCALE_MODE]);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

/* Returns: the selected row, or -1 */
int
weft_matrix_view_get_selected_row (WeftMatrixView *self)
{
  g_return_val_if_fail (WEFT_IS_MATRIX_VIEW (self), -1);

  return self->selected_row;
}

/**
 * weft_matrix_view_set_selected_row:
 * @row: a row of the matrix, or -1 for none
 *
 * A cell is selected (and highlighted) when both a row and a column are.
 * Rows outside the matrix count as -1.
 */
void
weft_matrix_view_set_selected_row (WeftMatrixView *self,
                                   int             row)
{
  int n_rows, n_columns;

  g_return_if_fail (WEFT_IS_MATRIX_VIEW (self));

  matrix_size (weft_matrix_renderer_get_matrix (self->renderer), &n_rows, &n_columns);
  if (row < 0 || row >= n_rows)
    row = -1;
  if (self->selected_row == row)
    return;

  self->selected_row = row;
  sync_selection (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_ROW]);
}

/* Returns: the selected column, or -1 */
int
weft_matrix_view_get_selected_column (WeftMatrixView *self)
{
  g_return_val_if_fail (WEFT_IS_MATRIX_VIEW (self), -1);

  return self->selected_column;
}

void
weft_matrix_view_set_selected_column (WeftMatrixView *self,
                                      int             column)
{
  int n_rows, n_columns;

  g_return_if_fail (WEFT_IS_MATRIX_VIEW (self));

  matrix_size (weft_matrix_renderer_get_matrix (self->renderer), &n_rows, &n_columns);
  if (column < 0 || column >= n_columns)
    column = -1;
  if (self->selected_column == column)
    return;

  self->selected_column = column;
  sync_selection (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_COLUMN]);
}

/* Selects (@row, @column) (-1, -1 for none), with one notification per
 * property that changed, and scrolls it into view. */
void
weft_matrix_view_select_cell (WeftMatrixView *self,
                              int             row,
                              int             column)
{
  g_return_if_fail (WEFT_IS_MATRIX_VIEW (self));

  g_object_freeze_notify (G_OBJECT (self));
  weft_matrix_view_set_selected_row (self, row);
  weft_matrix_view_set_selected_column (self, column);
  g_object_thaw_notify (G_OBJECT (self));

  if (self->selected_row >= 0 && self->selected_column >= 0 &&
      weft_matrix_renderer_scroll_to_cell (self->renderer, width_of (self), height_of (self),
                                           self->selected_row, self->selected_column))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * weft_matrix_view_activate_cell:
 *
 * Selects cell (@row, @column) and emits #WeftMatrixView::cell-activated, as
 * a click on the cell or Enter on the selected cell do.
 */
void
weft_matrix_view_activate_cell (WeftMatrixView *self,
                                guint           row,
                                guint           column)
{
  int n_rows, n_columns;

  g_return_if_fail (WEFT_IS_MATRIX_VIEW (self));

  matrix_size (weft_matrix_renderer_get_matrix (self->renderer), &n_rows, &n_columns);
  g_return_if_fail (row < (guint)n_rows && column < (guint)n_columns);

  weft_matrix_view_select_cell (self, (int)row, (int)column);
  g_signal_emit (self, signals[CELL_ACTIVATED], 0, row, column);
}

/**
 * weft_matrix_view_set_tooltip_func:
 * @func: (nullable): builds a cell's tooltip; %NULL for the default
 *
 * Lets a page give richer cell tooltips (bytes and counts together, the tag,
 * the source lines). Label and legend tooltips stay the view's own.
 */
void
weft_matrix_view_set_tooltip_func (WeftMatrixView            *self,
                                   WeftMatrixViewTooltipFunc  func,
                                   gpointer                   user_data,
                                   GDestroyNotify             destroy)
{
  g_return_if_fail (WEFT_IS_MATRIX_VIEW (self));

  if (self->tooltip_destroy != NULL)
    self->tooltip_destroy (self->tooltip_data);
  self->tooltip_func = func;
  self->tooltip_data = user_data;
  self->tooltip_destroy = destroy;
}

static void
hit_test (WeftMatrixView *self,
          double          x,
          double          y,
          WeftMatrixHit  *hit)
{
  ensure_theme (self);
  weft_matrix_renderer_hit_test (self->renderer, width_of (self), height_of (self), x, y, hit);
}

/**
 * weft_matrix_view_dup_tooltip_text:
 *
 * Returns: (transfer full) (nullable): the tooltip at (@x, @y) in widget
 *   coordinates: a cell's (through the tooltip function when set), a label's
 *   total, the legend's explanation; %NULL elsewhere
 */
char *
weft_matrix_view_dup_tooltip_text (WeftMatrixView *self,
                                   double          x,
                                   double          y)
{
  g_autofree char *text = NULL;
  WeftMatrixHit hit;

  g_return_val_if_fail (WEFT_IS_MATRIX_VIEW (self), NULL);

  hit_test (self, x, y, &hit);
  text = weft_matrix_renderer_describe_hit (self->renderer, &hit);
  if (text != NULL && hit.kind == WEFT_MATRIX_HIT_CELL && self->tooltip_func != NULL)
    {
      char *custom = self->tooltip_func (self, hit.row, hit.column, text, self->tooltip_data);

      if (custom != NULL)
        {
          g_free (text);
          text = custom;
        }
    }

  return g_steal_pointer (&text);
}

/**
 * weft_matrix_view_get_cell_at:
 * @row: (out) (optional):
 * @column: (out) (optional):
 *
 * Returns: %TRUE if (@x, @y) is over a cell
 */
gboolean
weft_matrix_view_get_cell_at (WeftMatrixView *self,
                              double          x,
                              double          y,
                              guint          *row,
                              guint          *column)
{
  WeftMatrixHit hit;

  g_return_val_if_fail (WEFT_IS_MATRIX_VIEW (self), FALSE);

  hit_test (self, x, y, &hit);
  if (hit.kind != WEFT_MATRIX_HIT_CELL)
    return FALSE;
  if (row != NULL)
    *row = (guint)hit.row;
  if (column != NULL)
    *column = (guint)hit.column;
  return TRUE;
}

/**
 * weft_matrix_view_get_cell_area:
 * @area: (out): the cell's rectangle in widget coordinates
 *
 * Returns: %TRUE if the cell is (at least partly) visible
 */
gboolean
weft_matrix_view_get_cell_area (WeftMatrixView  *self,
                                guint            row,
                                guint            column,
                                graphene_rect_t *area)
{
  cairo_rectangle_t rect;
  gboolean visible;

  g_return_val_if_fail (WEFT_IS_MATRIX_VIEW (self), FALSE);
  g_return_val_if_fail (area != NULL, FALSE);

  ensure_theme (self);
  visible = weft_matrix_renderer_get_cell_rect (self->renderer, width_of (self), height_of (self),
                                                row, column, &rect);
  graphene_rect_init (area, rect.x, rect.y, rect.width, rect.height);
  return visible;
}

double
weft_matrix_view_get_zoom (WeftMatrixView *self)
{
  g_return_val_if_fail (WEFT_IS_MATRIX_VIEW (self), 1.0);

  return weft_matrix_renderer_get_zoom (self->renderer);
}

/**
 * weft_matrix_view_get_renderer:
 *
 * Returns: (transfer none): the renderer, e.g. to export the picture as seen
 */
WeftMatrixRenderer *
weft_matrix_view_get_renderer (WeftMatrixView *self)
{
  g_return_val_if_fail (WEFT_IS_MATRIX_VIEW (self), NULL);

  return self->renderer;
}

/* --- Input --------------------------------------------------------------------- */

static void
set_hover (WeftMatrixView *self,
           gssize          row,
           gssize          column)
{
  if (weft_matrix_renderer_set_hover (self->renderer, row, column))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
weft_matrix_view_pointer_moved (WeftDrawnWidget *widget,
                                double           x,
                                double           y)
{
  WeftMatrixView *self = WEFT_MATRIX_VIEW (widget);
  WeftMatrixHit hit;

  self->pointer_x = x;
  self->pointer_y = y;
  self->has_pointer = TRUE;

  hit_test (self, x, y, &hit);
  if (hit.kind == WEFT_MATRIX_HIT_CELL)
    set_hover (self, (gssize)hit.row, (gssize)hit.column);
  else
    set_hover (self, -1, -1);
}

static void
weft_matrix_view_pointer_left (WeftDrawnWidget *widget)
{
  WeftMatrixView *self = WEFT_MATRIX_VIEW (widget);

  self->has_pointer = FALSE;
  set_hover (self, -1, -1);
}

static void
weft_matrix_view_clicked (WeftDrawnWidget *widget,
                          double           x,
                          double           y)
{
  WeftMatrixView *self = WEFT_MATRIX_VIEW (widget);
  WeftMatrixHit hit;

  hit_test (self, x, y, &hit);
  switch (hit.kind)
    {
    case WEFT_MATRIX_HIT_CELL:
      weft_matrix_view_activate_cell (self, (guint)hit.row, (guint)hit.column);
      break;

    case WEFT_MATRIX_HIT_ROW_LABEL:
      g_signal_emit (self, signals[LABEL_ACTIVATED], 0, 0u, (guint)hit.row);
      break;

    case WEFT_MATRIX_HIT_COLUMN_LABEL:
      g_signal_emit (self, signals[LABEL_ACTIVATED], 0, 1u, (guint)hit.column);
      break;

    case WEFT_MATRIX_HIT_NONE:
    case WEFT_MATRIX_HIT_LEGEND:
    default:
      break;
    }
}

static void
drag_begin_cb (WeftMatrixView *self,
               double          x,
               double          y,
               GtkGestureDrag *drag)
{
  self->drag_x = self->drag_y = 0;
}

/* Dragging pans a zoomed-in matrix: the cells follow the pointer. */
static void
drag_update_cb (WeftMatrixView *self,
                double          offset_x,
                double          offset_y,
                GtkGestureDrag *drag)
{
  double dx = offset_x - self->drag_x, dy = offset_y - self->drag_y;

  self->drag_x = offset_x;
  self->drag_y = offset_y;
  if (weft_matrix_renderer_scroll_by (self->renderer, width_of (self), height_of (self), -dx, -dy))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
zoom_by (WeftMatrixView *self,
         double          factor)
{
  double x = self->has_pointer ? self->pointer_x : -1;
  double y = self->has_pointer ? self->pointer_y : -1;

  ensure_theme (self);
  if (weft_matrix_renderer_zoom_at (self->renderer, width_of (self), height_of (self), factor, x, y))
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
scroll_cb (WeftMatrixView           *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *scroll)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));
  double pixels = gtk_event_controller_scroll_get_unit (scroll) == GDK_SCROLL_UNIT_WHEEL ? WHEEL_PIXELS : 1.0;

  ensure_theme (self);
  if (state & GDK_CONTROL_MASK)
    {
      zoom_by (self, pow (WHEEL_ZOOM_STEP, -dy));
      return TRUE;
    }

  /* Shift turns the wheel sideways. */
  if (state & GDK_SHIFT_MASK)
    {
      double t = dx;

      dx = dy;
      dy = t;
    }
  if (weft_matrix_renderer_scroll_by (self->renderer, width_of (self), height_of (self),
                                      dx * pixels, dy * pixels))
    {
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    }

  /* Nothing to scroll: let a scrolled window around the view have it. */
  return FALSE;
}

static void
move_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  WeftMatrixView *self = WEFT_MATRIX_VIEW (widget);
  int n_rows, n_columns, drow, dcolumn;
  gint64 row, column;

  matrix_size (weft_matrix_renderer_get_matrix (self->renderer), &n_rows, &n_columns);
  if (n_rows == 0 || n_columns == 0)
    return;

  g_variant_get (parameter, "(ii)", &drow, &dcolumn);
  if (self->selected_row < 0 || self->selected_column < 0)
    {
      /* The first key press selects a cell to start from. */
      weft_matrix_view_select_cell (self, MAX (self->selected_row, 0), MAX (self->selected_column, 0));
      return;
    }

  ensure_theme (self);
  row = CLAMP ((gint64)self->selected_row + drow, 0, n_rows - 1);
  column = CLAMP ((gint64)self->selected_column + dcolumn, 0, n_columns - 1);
  weft_matrix_view_select_cell (self, (int)row, (int)column);
}

static void
activate_selected_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  WeftMatrixView *self = WEFT_MATRIX_VIEW (widget);

  if (self->selected_row >= 0 && self->selected_column >= 0)
    weft_matrix_view_activate_cell (self, (guint)self->selected_row, (guint)self->selected_column);
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  WeftMatrixView *self = WEFT_MATRIX_VIEW (widget);

  if (g_str_equal (action_name, "matrix.zoom-in"))
    zoom_by (self, ZOOM_STEP);
  else if (g_str_equal (action_name, "matrix.zoom-out"))
    zoom_by (self, 1.0 / ZOOM_STEP);
  else if (weft_matrix_renderer_reset_view (self->renderer))
    gtk_widget_queue_draw (widget);
}

/* --- GtkWidget ------------------------------------------------------------------ */

static gboolean
weft_matrix_view_query_tooltip (GtkWidget  *widget,
                                int         x,
                                int         y,
                                gboolean    keyboard_tooltip,
                                GtkTooltip *tooltip)
{
  WeftMatrixView *self = WEFT_MATRIX_VIEW (widget);
  g_autofree char *text = NULL;
  graphene_rect_t area;
  double px = x, py = y;
  guint row, column;

  /* From the keyboard, the tooltip is the selected cell's. */
  if (keyboard_tooltip)
    {
      if (self->selected_row < 0 || self->selected_column < 0 ||
          !weft_matrix_view_get_cell_area (self, self->selected_row, self->selected_column, &area))
        return FALSE;
      px = area.origin.x + area.size.width / 2;
      py = area.origin.y + area.size.height / 2;
    }

  text = weft_matrix_view_dup_tooltip_text (self, px, py);
  if (text == NULL)
    return FALSE;

  gtk_tooltip_set_text (tooltip, text);
  /* Moving to the next cell asks again. */
  if (weft_matrix_view_get_cell_at (self, px, py, &row, &column) &&
      weft_matrix_view_get_cell_area (self, row, column, &area))
    gtk_tooltip_set_tip_area (tooltip, &(GdkRectangle) { (int)floor (area.origin.x), (int)floor (area.origin.y),
                                                         MAX (1, (int)ceil (area.size.width)),
                                                         MAX (1, (int)ceil (area.size.height)) });
  return TRUE;
}

/* --- WeftDrawnWidget ------------------------------------------------------------ */

static void
weft_matrix_view_draw (WeftDrawnWidget       *widget,
                       cairo_t               *cr,
                       int                    width,
                       int                    height,
                       const WeftRenderTheme *theme)
{
  weft_matrix_renderer_draw (WEFT_MATRIX_VIEW (widget)->renderer, cr, width, height);
}

static void
weft_matrix_view_theme_changed (WeftDrawnWidget       *widget,
                                const WeftRenderTheme *theme)
{
  weft_matrix_renderer_set_theme (WEFT_MATRIX_VIEW (widget)->renderer, theme);
}

static void
weft_matrix_view_dispose (GObject *object)
{
  WeftMatrixView *self = (WeftMatrixView *)object;

  weft_matrix_view_set_tooltip_func (self, NULL, NULL, NULL);
  g_clear_object (&self->renderer);

  G_OBJECT_CLASS (weft_matrix_view_parent_class)->dispose (object);
}

static void
weft_matrix_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  WeftMatrixView *self = WEFT_MATRIX_VIEW (object);

  switch (prop_id)
    {
    case PROP_MATRIX:
      g_value_set_boxed (value, weft_matrix_view_get_matrix (self));
      break;

    case PROP_SCALE_MODE:
      g_value_set_enum (value, weft_matrix_view_get_scale_mode (self));
      break;

    case PROP_SELECTED_ROW:
      g_value_set_int (value, weft_matrix_view_get_selected_row (self));
      break;

    case PROP_SELECTED_COLUMN:
      g_value_set_int (value, weft_matrix_view_get_selected_column (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_matrix_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  WeftMatrixView *self = WEFT_MATRIX_VIEW (object);

  switch (prop_id)
    {
    case PROP_MATRIX:
      weft_matrix_view_set_matrix (self, g_value_get_boxed (value));
      break;

    case PROP_SCALE_MODE:
      weft_matrix_view_set_scale_mode (self, g_value_get_enum (value));
      break;

    case PROP_SELECTED_ROW:
      weft_matrix_view_set_selected_row (self, g_value_get_int (value));
      break;

    case PROP_SELECTED_COLUMN:
      weft_matrix_view_set_selected_column (self, g_value_get_int (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
add_move_binding (GtkWidgetClass  *widget_class,
                  guint            keyval,
                  GdkModifierType  mods,
                  int              drow,
                  int              dcolumn)
{
  gtk_widget_class_add_binding_action (widget_class, keyval, mods, "matrix.move", "(ii)", drow, dcolumn);
}

static void
weft_matrix_view_class_init (WeftMatrixViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  WeftDrawnWidgetClass *drawn_class = WEFT_DRAWN_WIDGET_CLASS (klass);

  object_class->dispose = weft_matrix_view_dispose;
  object_class->get_property = weft_matrix_view_get_property;
  object_class->set_property = weft_matrix_view_set_property;

  widget_class->query_tooltip = weft_matrix_view_query_tooltip;

  drawn_class->draw = weft_matrix_view_draw;
  drawn_class->theme_changed = weft_matrix_view_theme_changed;
  drawn_class->pointer_moved = weft_matrix_view_pointer_moved;
  drawn_class->pointer_left = weft_matrix_view_pointer_left;
  drawn_class->clicked = weft_matrix_view_clicked;
  weft_drawn_widget_class_set_sizes (drawn_class, 120, 480, 120, 480);

  properties[PROP_MATRIX] =
    g_param_spec_boxed ("matrix", NULL, NULL, WEFT_TYPE_MATRIX,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SCALE_MODE] =
    g_param_spec_enum ("scale-mode", NULL, NULL, WEFT_TYPE_COLOR_SCALE_MODE, WEFT_COLOR_SCALE_LINEAR,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SELECTED_ROW] =
    g_param_spec_int ("selected-row", NULL, NULL, -1, G_MAXINT, -1,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SELECTED_COLUMN] =
    g_param_spec_int ("selected-column", NULL, NULL, -1, G_MAXINT, -1,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * WeftMatrixView::cell-activated:
   * @row: the row (dimension 0 index)
   * @column: the column (dimension 1 index)
   *
   * A cell was clicked, or Enter/Space was pressed on the selected cell.
   */
  signals[CELL_ACTIVATED] =
    g_signal_new ("cell-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  /**
   * WeftMatrixView::label-activated:
   * @dim: 0 for a row label, 1 for a column label
   * @index: the row or column
   *
   * A row or column label was clicked (chplvis: a click on a locale).
   */
  signals[LABEL_ACTIVATED] =
    g_signal_new ("label-activated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "matrix.move", "(ii)", move_action);
  gtk_widget_class_install_action (widget_class, "matrix.activate-selected", NULL, activate_selected_action);
  gtk_widget_class_install_action (widget_class, "matrix.zoom-in", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "matrix.zoom-out", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "matrix.zoom-reset", NULL, zoom_action);

  add_move_binding (widget_class, GDK_KEY_Left, 0, 0, -1);
  add_move_binding (widget_class, GDK_KEY_KP_Left, 0, 0, -1);
  add_move_binding (widget_class, GDK_KEY_Right, 0, 0, 1);
  add_move_binding (widget_class, GDK_KEY_KP_Right, 0, 0, 1);
  add_move_binding (widget_class, GDK_KEY_Up, 0, -1, 0);
  add_move_binding (widget_class, GDK_KEY_KP_Up, 0, -1, 0);
  add_move_binding (widget_class, GDK_KEY_Down, 0, 1, 0);
  add_move_binding (widget_class, GDK_KEY_KP_Down, 0, 1, 0);
  add_move_binding (widget_class, GDK_KEY_Page_Up, 0, -PAGE_ROWS, 0);
  add_move_binding (widget_class, GDK_KEY_Page_Down, 0, PAGE_ROWS, 0);
  add_move_binding (widget_class, GDK_KEY_Home, 0, 0, -G_MAXINT / 2);
  add_move_binding (widget_class, GDK_KEY_End, 0, 0, G_MAXINT / 2);
  add_move_binding (widget_class, GDK_KEY_Home, GDK_CONTROL_MASK, -G_MAXINT / 2, -G_MAXINT / 2);
  add_move_binding (widget_class, GDK_KEY_End, GDK_CONTROL_MASK, G_MAXINT / 2, G_MAXINT / 2);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "matrix.activate-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "matrix.activate-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_ISO_Enter, 0, "matrix.activate-selected", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "matrix.activate-selected", NULL);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "matrix.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "matrix.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Add, GDK_CONTROL_MASK, "matrix.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "matrix.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Subtract, GDK_CONTROL_MASK, "matrix.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, GDK_CONTROL_MASK, "matrix.zoom-reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, GDK_CONTROL_MASK, "matrix.zoom-reset", NULL);

  gtk_widget_class_set_css_name (widget_class, "matrixview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_WIDGET);
}

static void
weft_matrix_view_init (WeftMatrixView *self)
{
  GtkEventController *scroll;
  GtkGesture *drag;

  self->renderer = weft_matrix_renderer_new ();
  self->selected_row = self->selected_column = -1;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  weft_drawn_widget_add_pointer_controllers (WEFT_DRAWN_WIDGET (self));

  /* Any button drags (the middle one as in the timelines). */
  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect_object (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (drag, "drag-update", G_CALLBACK (drag_update_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect_object (scroll, "scroll", G_CALLBACK (scroll_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);

  update_accessible_label (self);
}

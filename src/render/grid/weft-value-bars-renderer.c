/* weft-value-bars-renderer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-error.h"
#include "weft-grid-util.h"
#include "weft-value-bars-renderer.h"

#define MARGIN      8.0
#define ROW_PADDING 6.0

struct _WeftValueBarsRenderer
{
  GObject            parent_instance;

  WeftValueTable    *values;
  guint              column;
  WeftValueBarsSort  sort;
  WeftRenderTheme    theme;
  WeftGridText      *text;

  guint             *order;       /* position -> row */
  double             min;         /* over the column, NaN left out */
  double             max;
  int                name_width;  /* measured (with value_width); -1 = not yet */
  int                value_width;

  gssize             hover_row;
  gssize             selected_row;
};

G_DEFINE_ENUM_TYPE (WeftValueBarsSort, weft_value_bars_sort,
  G_DEFINE_ENUM_VALUE (WEFT_VALUE_BARS_SORT_ROW, "row"),
  G_DEFINE_ENUM_VALUE (WEFT_VALUE_BARS_SORT_DESCENDING, "descending"),
  G_DEFINE_ENUM_VALUE (WEFT_VALUE_BARS_SORT_ASCENDING, "ascending"))

G_DEFINE_FINAL_TYPE (WeftValueBarsRenderer, weft_value_bars_renderer, G_TYPE_OBJECT)

static void
weft_value_bars_renderer_finalize (GObject *object)
{
  WeftValueBarsRenderer *self = (WeftValueBarsRenderer *)object;

  g_clear_pointer (&self->values, weft_value_table_unref);
  g_clear_pointer (&self->order, g_free);
  g_clear_pointer (&self->text, weft_grid_text_free);
  weft_render_theme_clear (&self->theme);

  G_OBJECT_CLASS (weft_value_bars_renderer_parent_class)->finalize (object);
}

static void
weft_value_bars_renderer_class_init (WeftValueBarsRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = weft_value_bars_renderer_finalize;
}

static void
weft_value_bars_renderer_init (WeftValueBarsRenderer *self)
{
  weft_render_theme_init_light (&self->theme);
  self->hover_row = self->selected_row = -1;
  self->name_width = -1;
  self->min = self->max = 0;
}

WeftValueBarsRenderer *
weft_value_bars_renderer_new (void)
{
  return g_object_new (WEFT_TYPE_VALUE_BARS_RENDERER, NULL);
}

static guint
n_rows (WeftValueBarsRenderer *self)
{
  return self->values != NULL ? weft_value_table_get_n_rows (self->values) : 0;
}

static double
row_value (WeftValueBarsRenderer *self,
           guint                  row)
{
  return weft_value_table_get (self->values, row, self->column);
}

static int
compare_positions (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  WeftValueBarsRenderer *self = user_data;
  guint ra = *(const guint *)a, rb = *(const guint *)b;
  double va = row_value (self, ra), vb = row_value (self, rb);

  /* NaN last in both directions; ties keep table order (g_qsort_with_data is
   * a stable merge sort). */
  if (isnan (va) || isnan (vb))
    return isnan (va) - isnan (vb);
  if (va == vb)
    return 0;
  if (self->sort == WEFT_VALUE_BARS_SORT_DESCENDING)
    return va > vb ? -1 : 1;
  return va < vb ? -1 : 1;
}

/* The order and the range; a new sort keeps the names and values, and with
 * them their measures. */
static void
update (WeftValueBarsRenderer *self)
{
  guint n = n_rows (self);

  g_clear_pointer (&self->order, g_free);
  self->min = self->max = 0;
  if (n == 0)
    return;

  self->order = g_new (guint, n);
  for (guint i = 0; i < n; i++)
    {
      double v = row_value (self, i);

      self->order[i] = i;
      if (!isnan (v))
        {
          self->min = MIN (self->min, v);
          self->max = MAX (self->max, v);
        }
    }
  if (self->sort != WEFT_VALUE_BARS_SORT_ROW)
    g_qsort_with_data (self->order, (int)n, sizeof (guint), compare_positions, self);
}

/**
 * weft_value_bars_renderer_set_values:
 * @values: (nullable): the table
 * @column: the column to show
 *
 * Returns: %TRUE if anything changed
 */
gboolean
weft_value_bars_renderer_set_values (WeftValueBarsRenderer *self,
                                     WeftValueTable        *values,
                                     guint                  column)
{
  g_return_val_if_fail (WEFT_IS_VALUE_BARS_RENDERER (self), FALSE);
  g_return_val_if_fail (values == NULL || column < weft_value_table_get_n_columns (values), FALSE);

  if (values == self->values && column == self->column)
    return FALSE;

  if (values != self->values)
    {
      g_clear_pointer (&self->values, weft_value_table_unref);
      self->values = values != NULL ? weft_value_table_ref (values) : NULL;
    }
  self->column = column;
  if (self->hover_row >= (gssize)n_rows (self))
    self->hover_row = -1;
  if (self->selected_row >= (gssize)n_rows (self))
    self->selected_row = -1;

  self->name_width = -1;
  update (self);
  return TRUE;
}

/**
 * weft_value_bars_renderer_get_values:
 *
 * Returns: (transfer none) (nullable): the table
 */
WeftValueTable *
weft_value_bars_renderer_get_values (WeftValueBarsRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_VALUE_BARS_RENDERER (self), NULL);

  return self->values;
}

guint
weft_value_bars_renderer_get_column (WeftValueBarsRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_VALUE_BARS_RENDERER (self), 0);

  return self->column;
}

gboolean
weft_value_bars_renderer_set_sort (WeftValueBarsRenderer *self,
                                   WeftValueBarsSort      sort)
{
  g_return_val_if_fail (WEFT_IS_VALUE_BARS_RENDERER (self), FALSE);

  if (self->sort == sort)
    return FALSE;

  self->sort = sort;
  update (self);
  return TRUE;
}

WeftValueBarsSort
weft_value_bars_renderer_get_sort (WeftValueBarsRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_VALUE_BARS_RENDERER (self), WEFT_VALUE_BARS_SORT_ROW);

  return self->sort;
}

void
weft_value_bars_renderer_set_theme (WeftValueBarsRenderer *self,
                                    const WeftRenderTheme *theme)
{
  g_return_if_fail (WEFT_IS_VALUE_BARS_RENDERER (self));
  g_return_if_fail (theme != NULL);

  if (weft_grid_set_theme (&self->theme, &self->text, theme))
    self->name_width = -1;
}

static gboolean
set_row (WeftValueBarsRenderer *self,
         gssize                *field,
         gssize                 row)
{
  if (row < 0 || row >= (gssize)n_rows (self))
    row = -1;
  if (*field == row)
    return FALSE;
  *field = row;
  return TRUE;
}

gboolean
weft_value_bars_renderer_set_hover_row (WeftValueBarsRenderer *self,
                                        gssize                 row)
{
  g_return_val_if_fail (WEFT_IS_VALUE_BARS_RENDERER (self), FALSE);

  return set_row (self, &self->hover_row, row);
}

gboolean
weft_value_bars_renderer_set_selected_row (WeftValueBarsRenderer *self,
                                           gssize                 row)
{
  g_return_val_if_fail (WEFT_IS_VALUE_BARS_RENDERER (self), FALSE);

  return set_row (self, &self->selected_row, row);
}

/* --- Text and layout --------------------------------------------------------- */

static const char *
column_kind (WeftValueBarsRenderer *self)
{
  const char *unit = weft_value_table_get_column_unit (self->values, self->column);

  if (unit != NULL && unit[0] != '\0')
    return unit;
  return weft_value_table_get_column_name (self->values, self->column);
}

static char *
dup_row_name (WeftValueBarsRenderer *self,
              guint                  row)
{
  const char *name = weft_value_table_get_row_name (self->values, row);

  if (name != NULL && name[0] != '\0')
    return g_strdup (name);
  return g_strdup_printf ("%" G_GINT64_FORMAT, weft_value_table_get_row_id (self->values, row));
}

/* "Agents — Busy time": the column's name for people, with its unit only
 * when the values do not show it (durations and sizes do). */
static char *
dup_caption (WeftValueBarsRenderer *self)
{
  const char *title = weft_value_table_get_title (self->values);
  const char *unit = weft_value_table_get_column_unit (self->values, self->column);
  g_autofree char *name = weft_grid_dup_column_label (weft_value_table_get_column_name (self->values, self->column));
  g_autofree char *column = NULL;

  column = unit != NULL && unit[0] != '\0' && !weft_grid_format_shows_unit (unit)
             ? g_strdup_printf ("%s (%s)", name, unit)
             : g_strdup (name);
  if (title != NULL && title[0] != '\0')
    return g_strdup_printf ("%s — %s", title, column);
  return g_steal_pointer (&column);
}

static void
ensure_measured (WeftValueBarsRenderer *self)
{
  guint n = n_rows (self);

  weft_grid_text_ensure (&self->text, self->theme.font);
  if (self->name_width >= 0)
    return;

  self->name_width = 0;
  self->value_width = 0;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = dup_row_name (self, i);
      g_autofree char *value = weft_grid_format_value (column_kind (self), row_value (self, i));
      int w;

      weft_grid_text_measure (self->text, name, &w, NULL);
      self->name_width = MAX (self->name_width, w);
      weft_grid_text_measure (self->text, value, &w, NULL);
      self->value_width = MAX (self->value_width, w);
    }
}

static double
comfortable_row_height (WeftValueBarsRenderer *self)
{
  return weft_grid_text_line_height (self->text) + ROW_PADDING;
}

/* Every row at its comfortable height, for a widget's natural size. */
double
weft_value_bars_renderer_get_natural_height (WeftValueBarsRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_VALUE_BARS_RENDERER (self), 0);

  ensure_measured (self);
  return 2 * MARGIN + comfortable_row_height (self) + n_rows (self) * comfortable_row_height (self);
}

void
weft_value_bars_renderer_get_layout (WeftValueBarsRenderer *self,
                                     double                 width,
                                     double                 height,
                                     WeftValueBarsLayout   *layout)
{
  double lh, x, span;
  guint n = n_rows (self);

  g_return_if_fail (WEFT_IS_VALUE_BARS_RENDERER (self));
  g_return_if_fail (layout != NULL);

  memset (layout, 0, sizeof *layout);
  ensure_measured (self);
  lh = weft_grid_text_line_height (self->text);

  layout->title_height = lh + ROW_PADDING;
  layout->value_width = self->value_width + 8.0;
  x = MARGIN + (self->name_width > 0 ? self->name_width + 8.0 : 0.0);
  layout->bars = (cairo_rectangle_t) { x, MARGIN + layout->title_height,
                                       MAX (0, width - x - MARGIN - layout->value_width),
                                       MAX (0, height - 2 * MARGIN - layout->title_height) };
  /* Rows grow to twice their comfortable height to fill a picture, and
   * shrink to fit a long table. */
  layout->row_height = n > 0 ? MIN (2 * comfortable_row_height (self), layout->bars.height / n) : 0;

  /* Bars grow from zero; with negative values zero moves right. */
  span = self->max - self->min;
  layout->zero_x = x + (span > 0 ? layout->bars.width * (-self->min) / span : 0.0);
  layout->label_step = weft_grid_label_step (layout->row_height, lh, 1.0);
}

/* The table row shown at @position (0 = the top bar). */
guint
weft_value_bars_renderer_get_row_at (WeftValueBarsRenderer *self,
                                     guint                  position)
{
  g_return_val_if_fail (WEFT_IS_VALUE_BARS_RENDERER (self), 0);
  g_return_val_if_fail (position < n_rows (self), 0);

  return self->order[position];
}

static guint
position_of_row (WeftValueBarsRenderer *self,
                 guint                  row)
{
  for (guint p = 0; p < n_rows (self); p++)
    if (self->order[p] == row)
      return p;
  return 0;
}

static void
bar_extent (WeftValueBarsRenderer     *self,
            const WeftValueBarsLayout *layout,
            double                     value,
            double                    *x0,
            double                    *x1)
{
  double span = self->max - self->min;
  double len = span > 0 && !isnan (value) ? layout->bars.width * value / span : 0.0;

  *x0 = layout->zero_x + MIN (0.0, len);
  *x1 = layout->zero_x + MAX (0.0, len);
}

/* The bar of @row (a table row); FALSE when the table has no such row. */
gboolean
weft_value_bars_renderer_get_bar_rect (WeftValueBarsRenderer *self,
                                       double                 width,
                                       double                 height,
                                       guint                  row,
                                       cairo_rectangle_t     *rect)
{
  WeftValueBarsLayout layout;
  double x0, x1, pad;
  guint position;

  g_return_val_if_fail (WEFT_IS_VALUE_BARS_RENDERER (self), FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  if (row >= n_rows (self))
    return FALSE;

  weft_value_bars_renderer_get_layout (self, width, height, &layout);
  position = position_of_row (self, row);
  bar_extent (self, &layout, row_value (self, row), &x0, &x1);
  pad = layout.row_height >= 6 ? 2.0 : 0.0;
  rect->x = x0;
  rect->width = x1 - x0;
  rect->y = layout.bars.y + position * layout.row_height + pad;
  rect->height = MAX (layout.row_height - 2 * pad, 0.0);
  return TRUE;
}

/* Returns: the table row under (@x, @y) (anywhere across the row), or -1. */
gssize
weft_value_bars_renderer_hit_test (WeftValueBarsRenderer *self,
                                   double                 width,
                                   double                 height,
                                   double                 x,
                                   double                 y)
{
  WeftValueBarsLayout layout;
  double position;

  g_return_val_if_fail (WEFT_IS_VALUE_BARS_RENDERER (self), -1);

  if (n_rows (self) == 0)
    return -1;

  weft_value_bars_renderer_get_layout (self, width, height, &layout);
  if (layout.row_height <= 0 || x < MARGIN || x >= width - MARGIN || y < layout.bars.y)
    return -1;
  position = floor ((y - layout.bars.y) / layout.row_height);
  if (position >= n_rows (self))
    return -1;

  return self->order[(guint)position];
}

/**
 * weft_value_bars_renderer_describe_row:
 *
 * Returns: (transfer full) (nullable): "locale 3\ntasks: 12"
 */
char *
weft_value_bars_renderer_describe_row (WeftValueBarsRenderer *self,
                                       guint                  row)
{
  g_autofree char *name = NULL;
  g_autofree char *value = NULL;
  g_autofree char *column = NULL;

  g_return_val_if_fail (WEFT_IS_VALUE_BARS_RENDERER (self), NULL);

  if (row >= n_rows (self))
    return NULL;

  name = dup_row_name (self, row);
  value = weft_grid_format_value (column_kind (self), row_value (self, row));
  column = weft_grid_dup_column_label (weft_value_table_get_column_name (self->values, self->column));
  return g_strdup_printf ("%s\n%s: %s", name, column, value);
}

/* --- Drawing ----------------------------------------------------------------- */

void
weft_value_bars_renderer_draw (WeftValueBarsRenderer *self,
                               cairo_t               *cr,
                               double                 width,
                               double                 height)
{
  g_autoptr(PangoLayout) text = NULL;
  g_autofree char *caption = NULL;
  WeftValueBarsLayout layout;
  guint n = n_rows (self);
  int tw, th;

  g_return_if_fail (WEFT_IS_VALUE_BARS_RENDERER (self));
  g_return_if_fail (cr != NULL);

  cairo_save (cr);
  weft_rgba_set_source (cr, &self->theme.background);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  weft_value_bars_renderer_get_layout (self, width, height, &layout);
  text = weft_grid_create_layout (cr, self->text);

  if (n == 0)
    {
      weft_grid_show_centered_text (cr, text, _("No data"), width, height, &self->theme.dim);
      cairo_restore (cr);
      return;
    }

  caption = dup_caption (self);
  weft_grid_show_text (cr, text, caption, MARGIN, MARGIN, &self->theme.foreground);

  cairo_rectangle (cr, 0, layout.bars.y, width, layout.bars.height);
  cairo_clip (cr);

  for (guint p = 0; p < n; p++)
    {
      guint row = self->order[p];
      double y = layout.bars.y + p * layout.row_height, x0, x1;
      gboolean emphasised = (gssize)row == self->hover_row || (gssize)row == self->selected_row;
      double pad = layout.row_height >= 6 ? 2.0 : 0.0;
      WeftRgba bar = self->theme.accent;

      if (y > layout.bars.y + layout.bars.height)
        break;

      if ((gssize)row == self->hover_row)
        {
          weft_rgba_set_source (cr, &self->theme.selection);
          cairo_rectangle (cr, MARGIN, y, width - 2 * MARGIN, layout.row_height);
          cairo_fill (cr);
        }

      bar_extent (self, &layout, row_value (self, row), &x0, &x1);
      if (x1 > x0)
        {
          if ((gssize)row != self->selected_row)
            bar.alpha *= 0.8;
          weft_rgba_set_source (cr, &bar);
          cairo_rectangle (cr, x0, y + pad, x1 - x0, MAX (layout.row_height - 2 * pad, 0.5));
          cairo_fill (cr);
        }

      if (p % layout.label_step == 0 || emphasised)
        {
          g_autofree char *name = dup_row_name (self, row);
          g_autofree char *value = weft_grid_format_value (column_kind (self), row_value (self, row));
          const WeftRgba *ink = emphasised ? &self->theme.foreground : &self->theme.dim;
          double text_y;

          /* Centred on the row, but inside the bars' area: rows thinner than
           * a line (thousands of profiles) put the first label half above. */
          pango_layout_set_text (text, name, -1);
          pango_layout_get_pixel_size (text, &tw, &th);
          text_y = CLAMP (y + (layout.row_height - th) / 2, layout.bars.y,
                          MAX (layout.bars.y, layout.bars.y + layout.bars.height - th));
          weft_grid_show_text (cr, text, name, layout.bars.x - 8 - tw, text_y, ink);
          pango_layout_set_text (text, value, -1);
          pango_layout_get_pixel_size (text, &tw, &th);
          weft_grid_show_text (cr, text, value, MAX (x1, layout.zero_x) + 4, text_y, &self->theme.foreground);
        }
    }

  /* The zero line. */
  weft_rgba_set_source (cr, &self->theme.dim);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, round (layout.zero_x) + 0.5, layout.bars.y);
  cairo_line_to (cr, round (layout.zero_x) + 0.5, layout.bars.y + MIN (layout.bars.height, n * layout.row_height));
  cairo_stroke (cr);

  cairo_restore (cr);
}

/**
 * weft_value_bars_draw_picture:
 *
 * The "values" picture of the exporter (a #WeftPictureFunc): the column
 * named by @options->metric (the first column when %NULL) of the dataset's
 * "values" table, in table order.
 */
gboolean
weft_value_bars_draw_picture (WeftDataset           *dataset,
                              const char            *view,
                              const WeftViewOptions *options,
                              const WeftRenderTheme *theme,
                              cairo_t               *cr,
                              double                 width,
                              double                 height,
                              GError               **error)
{
  g_autoptr(WeftValueBarsRenderer) renderer = NULL;
  g_autoptr(WeftValueTable) values = NULL;
  guint column = 0;

  g_return_val_if_fail (WEFT_IS_DATASET (dataset), FALSE);
  g_return_val_if_fail (cr != NULL, FALSE);

  values = weft_dataset_dup_values (dataset, "values", options, error);
  if (values == NULL)
    return FALSE;

  if (!weft_value_table_lookup_metric (values, "values", options != NULL ? options->metric : NULL,
                                       &column, error))
    return FALSE;

  renderer = weft_value_bars_renderer_new ();
  if (theme != NULL)
    weft_value_bars_renderer_set_theme (renderer, theme);
  weft_value_bars_renderer_set_values (renderer, values, column);
  weft_value_bars_renderer_draw (renderer, cr, width, height);

  return TRUE;
}

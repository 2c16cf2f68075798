/* weft-ring-graph-renderer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-grid-util.h"
#include "weft-line-raster.h"
#include "weft-ring-graph-renderer.h"

#define MARGIN        8.0
#define MAX_NODE_SIZE 30.0   /* chplvis's 30 × 30 boxes */
#define MIN_NODE_SIZE 3.0
#define N_LEVELS      256
#define GREY_BUCKET   0      /* buckets: 0 = no traffic, 1 + level otherwise */
#define N_BUCKETS     (1 + N_LEVELS)

struct _WeftRingGraphRenderer
{
  GObject             parent_instance;

  WeftMatrix         *matrix;
  guint               n_nodes;
  WeftValueTable     *values;
  guint               column;
  WeftColorScaleMode  mode;
  WeftColorScale      node_scale;
  WeftColorScale      link_scale;
  WeftRenderTheme     theme;
  WeftGridText       *text;
  gboolean            show_title;

  int                 label_width;  /* widest node label; 0 = not measured */

  WeftRingGraphHit    hover;
  gssize              selected;

  /* The static picture (everything but hover and selection), for image
   * targets; rebuilt when the data, the scale, the theme or the size change. */
  cairo_surface_t    *cache;
  double              cache_width;
  double              cache_height;
  double              cache_scale;
};

G_DEFINE_FINAL_TYPE (WeftRingGraphRenderer, weft_ring_graph_renderer, G_TYPE_OBJECT)

static void
invalidate_cache (WeftRingGraphRenderer *self)
{
  g_clear_pointer (&self->cache, cairo_surface_destroy);
}

static void
weft_ring_graph_renderer_finalize (GObject *object)
{
  WeftRingGraphRenderer *self = (WeftRingGraphRenderer *)object;

  invalidate_cache (self);
  g_clear_pointer (&self->matrix, weft_matrix_unref);
  g_clear_pointer (&self->values, weft_value_table_unref);
  g_clear_pointer (&self->text, weft_grid_text_free);
  weft_render_theme_clear (&self->theme);

  G_OBJECT_CLASS (weft_ring_graph_renderer_parent_class)->finalize (object);
}

static void
weft_ring_graph_renderer_class_init (WeftRingGraphRendererClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = weft_ring_graph_renderer_finalize;
}

static void
weft_ring_graph_renderer_init (WeftRingGraphRenderer *self)
{
  weft_render_theme_init_light (&self->theme);
  self->selected = -1;
  self->hover.kind = WEFT_RING_GRAPH_HIT_NONE;
  weft_color_scale_init (&self->node_scale, WEFT_COLOR_SCALE_LINEAR, 0, 0);
  weft_color_scale_init (&self->link_scale, WEFT_COLOR_SCALE_LINEAR, 0, 0);
}

WeftRingGraphRenderer *
weft_ring_graph_renderer_new (void)
{
  return g_object_new (WEFT_TYPE_RING_GRAPH_RENDERER, NULL);
}

/**
 * weft_ring_graph_node_position:
 * @plot: the rectangle the ellipse is fitted in
 *
 * The centre of @node of @n_nodes: angle −π/2 + node·2π/n, plus π/n when n is
 * even, on the ellipse of radii 0.85 × half the plot's width and height,
 * clockwise on screen (y grows downwards).
 */
void
weft_ring_graph_node_position (guint                    n_nodes,
                               guint                    node,
                               const cairo_rectangle_t *plot,
                               double                  *x,
                               double                  *y)
{
  double step, angle;

  g_return_if_fail (plot != NULL && x != NULL && y != NULL);
  g_return_if_fail (n_nodes > 0);

  step = 2.0 * G_PI / n_nodes;
  angle = -G_PI / 2 + node * step + (n_nodes % 2 == 0 ? step / 2 : 0.0);
  *x = plot->x + plot->width / 2 + 0.85 * plot->width / 2 * cos (angle);
  *y = plot->y + plot->height / 2 + 0.85 * plot->height / 2 * sin (angle);
}

static double
traffic (WeftRingGraphRenderer *self,
         guint                  from,
         guint                  to)
{
  gsize index = (gsize)from * self->n_nodes + to;
  double v;

  if (weft_matrix_is_filtered (self->matrix, index))
    return 0.0;
  v = weft_matrix_peek_data (self->matrix)[index];
  return isnan (v) ? 0.0 : v;
}

static gboolean
has_node_value (WeftRingGraphRenderer *self,
                guint                  node)
{
  return self->values != NULL && node < weft_value_table_get_n_rows (self->values);
}

static double
node_value (WeftRingGraphRenderer *self,
            guint                  node)
{
  return has_node_value (self, node) ? weft_value_table_get (self->values, node, self->column) : NAN;
}

/* The values a colour scale spans, gathered one at a time. */
typedef struct
{
  double min;
  double max;
  double min_nonzero;
} Range;

#define RANGE_EMPTY ((Range) { INFINITY, -INFINITY, INFINITY })

static void
range_add (Range  *range,
           double  value)
{
  range->min = MIN (range->min, value);
  range->max = MAX (range->max, value);
  if (value > 0)
    range->min_nonzero = MIN (range->min_nonzero, value);
}

/* From the smallest value (the smallest positive one on a log scale) to the
 * largest; 0 to 0 without any. */
static void
init_scale (WeftColorScale     *scale,
            WeftColorScaleMode  mode,
            const Range        *range)
{
  weft_color_scale_init (scale, mode,
                         isinf (range->min) ? 0.0 : (mode == WEFT_COLOR_SCALE_LOG ? range->min_nonzero : range->min),
                         isinf (range->max) ? 0.0 : range->max);
  if (isinf (scale->min))
    scale->min = 0.0;
}

static void
update_scales (WeftRingGraphRenderer *self)
{
  Range links = RANGE_EMPTY, nodes = RANGE_EMPTY;

  /* Links: off-diagonal traffic only, the diagonal has no link to colour. */
  for (guint i = 0; self->matrix != NULL && i < self->n_nodes; i++)
    for (guint j = 0; j < self->n_nodes; j++)
      if (i != j)
        range_add (&links, traffic (self, i, j));
  init_scale (&self->link_scale, self->mode, &links);

  for (guint i = 0; i < self->n_nodes; i++)
    {
      double v = node_value (self, i);

      if (!isnan (v))
        range_add (&nodes, v);
    }
  init_scale (&self->node_scale, self->mode, &nodes);

  self->node_scale.empty = self->link_scale.empty = self->theme.empty;
  invalidate_cache (self);
}

/**
 * weft_ring_graph_renderer_set_matrix:
 * @matrix: (nullable): a square 2-D matrix, matrix[from][to]
 *
 * Returns: %TRUE if the matrix changed
 */
gboolean
weft_ring_graph_renderer_set_matrix (WeftRingGraphRenderer *self,
                                     WeftMatrix            *matrix)
{
  g_return_val_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self), FALSE);
  g_return_val_if_fail (matrix == NULL ||
                        (weft_matrix_get_n_dims (matrix) == 2 &&
                         weft_matrix_get_shape (matrix)[0] == weft_matrix_get_shape (matrix)[1] &&
                         weft_matrix_get_shape (matrix)[0] <= G_MAXUINT16), FALSE);

  if (matrix == self->matrix)
    return FALSE;

  g_clear_pointer (&self->matrix, weft_matrix_unref);
  self->matrix = matrix != NULL ? weft_matrix_ref (matrix) : NULL;
  self->n_nodes = matrix != NULL ? (guint)weft_matrix_get_shape (matrix)[0] : 0;
  self->label_width = 0;
  if (self->selected >= (gssize)self->n_nodes)
    self->selected = -1;
  self->hover.kind = WEFT_RING_GRAPH_HIT_NONE;

  update_scales (self);
  return TRUE;
}

/**
 * weft_ring_graph_renderer_get_matrix:
 *
 * Returns: (transfer none) (nullable): the matrix
 */
WeftMatrix *
weft_ring_graph_renderer_get_matrix (WeftRingGraphRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self), NULL);

  return self->matrix;
}

guint
weft_ring_graph_renderer_get_n_nodes (WeftRingGraphRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self), 0);

  return self->n_nodes;
}

/**
 * weft_ring_graph_renderer_set_node_values:
 * @values: (nullable): one row per node (row i is node i)
 * @column: the column that colours the nodes
 *
 * Returns: %TRUE if anything changed
 */
gboolean
weft_ring_graph_renderer_set_node_values (WeftRingGraphRenderer *self,
                                          WeftValueTable        *values,
                                          guint                  column)
{
  g_return_val_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self), FALSE);
  g_return_val_if_fail (values == NULL || column < weft_value_table_get_n_columns (values), FALSE);

  if (values == self->values && column == self->column)
    return FALSE;

  if (values != self->values)
    {
      g_clear_pointer (&self->values, weft_value_table_unref);
      self->values = values != NULL ? weft_value_table_ref (values) : NULL;
    }
  self->column = column;

  update_scales (self);
  return TRUE;
}

gboolean
weft_ring_graph_renderer_set_scale_mode (WeftRingGraphRenderer *self,
                                         WeftColorScaleMode     mode)
{
  g_return_val_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self), FALSE);

  if (self->mode == mode)
    return FALSE;

  self->mode = mode;
  update_scales (self);
  return TRUE;
}

void
weft_ring_graph_renderer_set_theme (WeftRingGraphRenderer *self,
                                    const WeftRenderTheme *theme)
{
  g_return_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self));
  g_return_if_fail (theme != NULL);

  if (weft_grid_set_theme (&self->theme, &self->text, theme))
    self->label_width = 0;

  self->node_scale.empty = self->link_scale.empty = self->theme.empty;
  invalidate_cache (self);
}

void
weft_ring_graph_renderer_set_show_title (WeftRingGraphRenderer *self,
                                         gboolean               show_title)
{
  g_return_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self));

  if (self->show_title == !!show_title)
    return;
  self->show_title = !!show_title;
  invalidate_cache (self);
}

const WeftColorScale *
weft_ring_graph_renderer_get_node_scale (WeftRingGraphRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self), NULL);

  return &self->node_scale;
}

const WeftColorScale *
weft_ring_graph_renderer_get_link_scale (WeftRingGraphRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self), NULL);

  return &self->link_scale;
}

static gboolean
hit_equal (const WeftRingGraphHit *a,
           const WeftRingGraphHit *b)
{
  if (a->kind != b->kind)
    return FALSE;
  switch (a->kind)
    {
    case WEFT_RING_GRAPH_HIT_NODE:
      return a->node == b->node;

    case WEFT_RING_GRAPH_HIT_LINK:
      return a->from == b->from && a->to == b->to;

    case WEFT_RING_GRAPH_HIT_NONE:
    case WEFT_RING_GRAPH_HIT_NODE_LEGEND:
    case WEFT_RING_GRAPH_HIT_LINK_LEGEND:
    default:
      return TRUE;
    }
}

/**
 * weft_ring_graph_renderer_set_hover:
 * @hit: (nullable): what the pointer is over; %NULL for nothing
 *
 * Returns: %TRUE if the highlight changed
 */
gboolean
weft_ring_graph_renderer_set_hover (WeftRingGraphRenderer  *self,
                                    const WeftRingGraphHit *hit)
{
  WeftRingGraphHit none = { WEFT_RING_GRAPH_HIT_NONE, 0, 0, 0, 0 };

  g_return_val_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self), FALSE);

  if (hit == NULL)
    hit = &none;
  if (hit_equal (&self->hover, hit))
    return FALSE;

  self->hover = *hit;
  return TRUE;
}

gboolean
weft_ring_graph_renderer_set_selected_node (WeftRingGraphRenderer *self,
                                            gssize                 node)
{
  g_return_val_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self), FALSE);

  if (node < 0 || node >= (gssize)self->n_nodes)
    node = -1;
  if (self->selected == node)
    return FALSE;

  self->selected = node;
  return TRUE;
}

/* --- Layout ------------------------------------------------------------------ */

static void
ensure_measured (WeftRingGraphRenderer *self)
{
  weft_grid_text_ensure (&self->text, self->theme.font);

  if (self->label_width == 0 && self->matrix != NULL)
    {
      /* Node labels are numbers (or short names): the first and the last
       * few say how wide they get. */
      for (guint i = 0; i < self->n_nodes; i++)
        {
          g_autofree char *label = NULL;
          int w;

          if (i > 16 && (i < self->n_nodes - 16))
            continue;
          label = weft_grid_dup_index_label (self->matrix, 0, i);
          weft_grid_text_measure (self->text, label, &w, NULL);
          self->label_width = MAX (self->label_width, w);
        }
      self->label_width = MAX (self->label_width, 1);
    }
}

static double
title_height (WeftRingGraphRenderer *self)
{
  const char *title = self->matrix != NULL ? weft_matrix_get_title (self->matrix) : NULL;

  return self->show_title && title != NULL && title[0] != '\0'
         ? weft_grid_text_line_height (self->text) + 6.0 : 0.0;
}

/* Ramanujan's approximation of the perimeter of an ellipse. */
static double
ellipse_perimeter (double a,
                   double b)
{
  return G_PI * (3 * (a + b) - sqrt ((3 * a + b) * (a + 3 * b)));
}

void
weft_ring_graph_renderer_get_layout (WeftRingGraphRenderer *self,
                                     double                 width,
                                     double                 height,
                                     WeftRingGraphLayout   *layout)
{
  double lh, legend_h, top, spacing;
  guint n;

  g_return_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self));
  g_return_if_fail (layout != NULL);

  memset (layout, 0, sizeof *layout);
  ensure_measured (self);
  lh = weft_grid_text_line_height (self->text);
  n = MAX (self->n_nodes, 1);

  legend_h = WEFT_GRID_RAMP_HEIGHT + 2 + lh;
  top = MARGIN + title_height (self);
  layout->plot = (cairo_rectangle_t) { MARGIN, top, MAX (0, width - 2 * MARGIN),
                                       MAX (0, height - top - MARGIN - legend_h - 10) };
  layout->center_x = layout->plot.x + layout->plot.width / 2;
  layout->center_y = layout->plot.y + layout->plot.height / 2;
  layout->radius_x = 0.85 * layout->plot.width / 2;
  layout->radius_y = 0.85 * layout->plot.height / 2;

  {
    double legend_y = layout->plot.y + layout->plot.height + 10;
    double half = (width - 2 * MARGIN) / 2;

    if (self->values != NULL)
      {
        layout->node_legend = (cairo_rectangle_t) { MARGIN, legend_y, MAX (0, half - 8), legend_h };
        layout->link_legend = (cairo_rectangle_t) { MARGIN + half, legend_y, MAX (0, half), legend_h };
      }
    else
      layout->link_legend = (cairo_rectangle_t) { MARGIN, legend_y, MAX (0, 2 * half), legend_h };
  }

  spacing = ellipse_perimeter (layout->radius_x, layout->radius_y) / n;
  layout->node_size = CLAMP (0.7 * spacing, MIN_NODE_SIZE, MAX_NODE_SIZE);
  layout->link_width = n <= 32 ? 3.0 : MAX (0.5, 3.0 * sqrt (32.0 / n));
  layout->link_alpha = n <= 64 ? 1.0 : MAX (0.2, sqrt (64.0 / n));
  layout->labels_inside = layout->node_size >= self->label_width + 4 && layout->node_size >= lh;
  layout->label_step = layout->labels_inside ? 1 : weft_grid_label_step (spacing, self->label_width, 6.0);
}

gboolean
weft_ring_graph_renderer_get_node_center (WeftRingGraphRenderer *self,
                                          double                 width,
                                          double                 height,
                                          guint                  node,
                                          double                *x,
                                          double                *y)
{
  WeftRingGraphLayout layout;

  g_return_val_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self), FALSE);

  if (node >= self->n_nodes)
    return FALSE;

  weft_ring_graph_renderer_get_layout (self, width, height, &layout);
  weft_ring_graph_node_position (self->n_nodes, node, &layout.plot, x, y);
  return TRUE;
}

/* --- Colours ----------------------------------------------------------------- */

static guint
link_bucket (WeftRingGraphRenderer *self,
             double                 value)
{
  double t = weft_color_scale_position (&self->link_scale, value);

  return t < 0 ? GREY_BUCKET : 1 + (guint)lround (t * (N_LEVELS - 1));
}

static WeftRgba
bucket_color (WeftRingGraphRenderer *self,
              guint                  bucket)
{
  if (bucket == GREY_BUCKET)
    return weft_grid_no_traffic_color (&self->theme);

  return weft_rgba_mix (&self->link_scale.cool, &self->link_scale.hot,
                        (double)(bucket - 1) / (N_LEVELS - 1));
}

/**
 * weft_ring_graph_renderer_get_link_color:
 *
 * Returns: the colour of the half of link {@from, @to} next to @to (the
 *   traffic from → to), as drawn at full opacity: grey when there is none but
 *   the other direction has some, transparent when there is no link at all.
 */
WeftRgba
weft_ring_graph_renderer_get_link_color (WeftRingGraphRenderer *self,
                                         guint                  from,
                                         guint                  to)
{
  WeftRgba none = { 0, 0, 0, 0 };

  g_return_val_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self), none);

  if (self->matrix == NULL || from >= self->n_nodes || to >= self->n_nodes || from == to)
    return none;
  if (traffic (self, from, to) == 0 && traffic (self, to, from) == 0)
    return none;

  return bucket_color (self, link_bucket (self, traffic (self, from, to)));
}

static WeftRgba
node_color (WeftRingGraphRenderer *self,
            guint                  node)
{
  WeftRgba c = weft_color_scale_map (&self->node_scale, node_value (self, node));

  c.alpha = 1.0;
  return c;
}

/* --- Hit testing ------------------------------------------------------------- */

static double
segment_distance (double px,
                  double py,
                  double x0,
                  double y0,
                  double x1,
                  double y1)
{
  double dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy, t;

  t = len2 > 0 ? CLAMP (((px - x0) * dx + (py - y0) * dy) / len2, 0.0, 1.0) : 0.0;
  return hypot (px - (x0 + t * dx), py - (y0 + t * dy));
}

void
weft_ring_graph_renderer_hit_test (WeftRingGraphRenderer *self,
                                   double                 width,
                                   double                 height,
                                   double                 x,
                                   double                 y,
                                   WeftRingGraphHit      *hit)
{
  WeftRingGraphLayout layout;
  g_autofree double *px = NULL;
  g_autofree double *py = NULL;
  double best = INFINITY, reach;
  guint n = self->n_nodes;

  g_return_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self));
  g_return_if_fail (hit != NULL);

  memset (hit, 0, sizeof *hit);
  hit->kind = WEFT_RING_GRAPH_HIT_NONE;
  if (self->matrix == NULL)
    return;

  weft_ring_graph_renderer_get_layout (self, width, height, &layout);
  if (weft_grid_rect_contains (&layout.node_legend, x, y))
    {
      hit->kind = WEFT_RING_GRAPH_HIT_NODE_LEGEND;
      return;
    }
  if (weft_grid_rect_contains (&layout.link_legend, x, y))
    {
      hit->kind = WEFT_RING_GRAPH_HIT_LINK_LEGEND;
      return;
    }

  px = g_new (double, n);
  py = g_new (double, n);
  for (guint i = 0; i < n; i++)
    weft_ring_graph_node_position (n, i, &layout.plot, &px[i], &py[i]);

  /* Nodes first: a box is drawn over its links. Tiny boxes get a reach of 4
   * pixels so that they can still be pointed at. */
  reach = MAX (layout.node_size / 2, 4.0);
  for (guint i = 0; i < n; i++)
    {
      double d = MAX (fabs (x - px[i]), fabs (y - py[i]));

      if (d <= reach && d < best)
        {
          best = d;
          hit->kind = WEFT_RING_GRAPH_HIT_NODE;
          hit->node = i;
          hit->value = node_value (self, i);
        }
    }
  if (hit->kind == WEFT_RING_GRAPH_HIT_NODE)
    return;

  /* Then the nearest link half within the slop: the half next to node b shows
   * the traffic into b, so that is the pair a click on it means. */
  best = WEFT_RING_GRAPH_LINK_SLOP;
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      {
        double mx, my, di, dj;

        if (traffic (self, i, j) == 0 && traffic (self, j, i) == 0)
          continue;
        mx = (px[i] + px[j]) / 2;
        my = (py[i] + py[j]) / 2;
        di = segment_distance (x, y, px[i], py[i], mx, my);
        dj = segment_distance (x, y, mx, my, px[j], py[j]);
        if (MIN (di, dj) <= best)
          {
            best = MIN (di, dj);
            hit->kind = WEFT_RING_GRAPH_HIT_LINK;
            hit->from = di <= dj ? j : i;
            hit->to = di <= dj ? i : j;
            hit->value = traffic (self, hit->from, hit->to);
          }
      }
}

static const char *
link_kind (WeftRingGraphRenderer *self)
{
  const char *name = weft_matrix_get_value_name (self->matrix);

  return name != NULL && name[0] != '\0' ? name : "value";
}

static const char *
node_kind (WeftRingGraphRenderer *self)
{
  const char *name = self->values != NULL ? weft_value_table_get_column_name (self->values, self->column)
                                          : NULL;

  return name != NULL && name[0] != '\0' ? name : "value";
}

/* "locale 3": the value table's row name, else the matrix's row dimension
 * without its "from". */
static char *
dup_node_name (WeftRingGraphRenderer *self,
               guint                  node)
{
  const char *name = has_node_value (self, node) ? weft_value_table_get_row_name (self->values, node) : NULL;
  const char *noun;
  g_autofree char *label = NULL;

  if (name != NULL && name[0] != '\0')
    return g_strdup (name);

  noun = weft_matrix_get_dim_name (self->matrix, 0);
  if (noun == NULL || noun[0] == '\0')
    noun = "node";
  else if (g_str_has_prefix (noun, "from "))
    noun += strlen ("from ");
  label = weft_grid_dup_index_label (self->matrix, 0, node);
  return g_strdup_printf ("%s %s", noun, label);
}

/**
 * weft_ring_graph_renderer_describe_hit:
 *
 * Returns: (transfer full) (nullable): tooltip text: "locale 3\ntasks: 12"
 *   for a node, "from locale 1 → to locale 3\ncount: 1 234" for a link half
 */
char *
weft_ring_graph_renderer_describe_hit (WeftRingGraphRenderer  *self,
                                       const WeftRingGraphHit *hit)
{
  g_return_val_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self), NULL);
  g_return_val_if_fail (hit != NULL, NULL);

  if (self->matrix == NULL)
    return NULL;

  switch (hit->kind)
    {
    case WEFT_RING_GRAPH_HIT_NODE:
      {
        g_autofree char *name = dup_node_name (self, hit->node);
        g_autofree char *value = NULL;
        const char *unit;

        if (!has_node_value (self, hit->node))
          return g_steal_pointer (&name);
        unit = weft_value_table_get_column_unit (self->values, self->column);
        value = weft_grid_format_value (unit != NULL && unit[0] != '\0' ? unit : node_kind (self),
                                        node_value (self, hit->node));
        return g_strdup_printf ("%s\n%s: %s", name, node_kind (self), value);
      }

    case WEFT_RING_GRAPH_HIT_LINK:
      {
        g_autofree char *from = weft_grid_dup_index_name (self->matrix, 0, hit->from);
        g_autofree char *to = weft_grid_dup_index_name (self->matrix, 1, hit->to);
        g_autofree char *value = weft_grid_format_value (link_kind (self), traffic (self, hit->from, hit->to));

        if (traffic (self, hit->from, hit->to) == 0)
          return g_strdup_printf ("%s → %s\n%s", from, to, _("no traffic this way"));
        return g_strdup_printf ("%s → %s\n%s: %s", from, to, link_kind (self), value);
      }

    case WEFT_RING_GRAPH_HIT_NODE_LEGEND:
      return g_strdup_printf (_("Nodes are coloured by %s"), node_kind (self));

    case WEFT_RING_GRAPH_HIT_LINK_LEGEND:
      return g_strdup_printf (_("Each half of a link is coloured by the %s into the node it touches; "
                                "grey: none that way"), link_kind (self));

    case WEFT_RING_GRAPH_HIT_NONE:
    default:
      return NULL;
    }
}

/* --- Drawing ----------------------------------------------------------------- */

typedef struct
{
  guint n;
  double *x;
  double *y;
} Positions;

static void
positions_init (Positions                 *p,
                WeftRingGraphRenderer     *self,
                const WeftRingGraphLayout *layout)
{
  p->n = self->n_nodes;
  p->x = g_new (double, p->n);
  p->y = g_new (double, p->n);
  for (guint i = 0; i < p->n; i++)
    weft_ring_graph_node_position (p->n, i, &layout->plot, &p->x[i], &p->y[i]);
}

static void
positions_clear (Positions *p)
{
  g_clear_pointer (&p->x, g_free);
  g_clear_pointer (&p->y, g_free);
}

/* Link halves from which Weft draws the links itself (weft-line-raster.h):
 * cairo strokes a segment in about 50 µs, and works out where every segment
 * of a path crosses every other. */
#define RASTER_MIN_LINKS 1024

/* Colours of link halves the rasterizer tells apart: a layer costs a pass
 * over its pixels, and a dense graph's 256 took a second (512 locales). */
#define RASTER_LAYERS 32

/* The layer of bucket @bucket: 0 for the grey one, then 1 to RASTER_LAYERS. */
static guint
raster_layer (guint bucket)
{
  return bucket == GREY_BUCKET ? 0 : 1 + ((bucket - 1) * RASTER_LAYERS) / N_LEVELS;
}

/* The colour of a bucket's link halves. */
static WeftRgba
link_bucket_color (WeftRingGraphRenderer     *self,
                   const WeftRingGraphLayout *layout,
                   guint                      bucket)
{
  WeftRgba color = bucket_color (self, bucket);

  color.alpha = layout->link_alpha;
  /* In a dense graph the grey "nothing this way" halves are context, not
   * content: fainter, so that traffic stands out. */
  if (bucket == GREY_BUCKET && layout->link_alpha < 1.0)
    color.alpha *= 0.6;
  return color;
}

/* All links by colour bucket (a 1024-node graph has up to half a million
 * links), coolest first so that the hottest pairs end on top; within a
 * bucket they make a union (one path, or one raster layer). */
static void
draw_links (WeftRingGraphRenderer     *self,
            cairo_t                   *cr,
            const WeftRingGraphLayout *layout,
            const Positions           *p)
{
  g_autofree guint *counts = g_new0 (guint, N_BUCKETS + 1);
  g_autofree guint32 *halves = NULL;
  guint n = p->n, total = 0;

  /* Counting sort of the halves (encoded as to * n + from) by bucket. */
  for (int pass = 0; pass < 2; pass++)
    {
      g_autofree guint *fill = pass == 1 ? g_memdup2 (counts, (N_BUCKETS + 1) * sizeof (guint)) : NULL;

      for (guint i = 0; i < n; i++)
        for (guint j = i + 1; j < n; j++)
          {
            double ij = traffic (self, i, j), ji = traffic (self, j, i);
            guint b_into_j, b_into_i;

            if (ij == 0 && ji == 0)
              continue;
            b_into_j = link_bucket (self, ij);
            b_into_i = link_bucket (self, ji);
            if (pass == 0)
              {
                counts[b_into_j + 1]++;
                counts[b_into_i + 1]++;
              }
            else
              {
                halves[fill[b_into_j]++] = j * n + i;
                halves[fill[b_into_i]++] = i * n + j;
              }
          }

      if (pass == 0)
        {
          for (guint b = 1; b <= N_BUCKETS; b++)
            counts[b] += counts[b - 1];
          total = counts[N_BUCKETS];
          if (total == 0)
            return;
          halves = g_new (guint32, total);
        }
    }

  if (total > RASTER_MIN_LINKS)
    {
      g_autoptr(WeftLineRaster) raster = weft_line_raster_new (cr, layout->plot.x, layout->plot.y,
                                                               layout->plot.width, layout->plot.height);

      /* A layer costs the pixels its lines cover: the buckets go in
       * RASTER_LAYERS layers (and the grey one), each in its middle colour. */
      for (guint b = 0; b < N_BUCKETS; b++)
        {
          guint layer = raster_layer (b);

          for (guint k = counts[b]; k < counts[b + 1]; k++)
            {
              guint to = halves[k] / n, from = halves[k] % n;

              weft_line_raster_add_line (raster, (p->x[from] + p->x[to]) / 2, (p->y[from] + p->y[to]) / 2,
                                         p->x[to], p->y[to], layout->link_width);
            }
          if (b + 1 == N_BUCKETS || raster_layer (b + 1) != layer)
            {
              guint middle = layer == 0 ? GREY_BUCKET : 1 + ((2 * layer - 1) * N_LEVELS) / (2 * RASTER_LAYERS);
              WeftRgba color = link_bucket_color (self, layout, middle);

              weft_line_raster_flush_layer (raster, &color);
            }
        }
      weft_line_raster_paint (raster, cr);
      return;
    }

  cairo_save (cr);
  cairo_set_line_width (cr, layout->link_width);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (guint b = 0; b < N_BUCKETS; b++)
    {
      WeftRgba color;

      if (counts[b + 1] == counts[b])
        continue;
      for (guint k = counts[b]; k < counts[b + 1]; k++)
        {
          guint to = halves[k] / n, from = halves[k] % n;

          cairo_move_to (cr, (p->x[from] + p->x[to]) / 2, (p->y[from] + p->y[to]) / 2);
          cairo_line_to (cr, p->x[to], p->y[to]);
        }
      color = link_bucket_color (self, layout, b);
      weft_rgba_set_source (cr, &color);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
draw_node (WeftRingGraphRenderer     *self,
           cairo_t                   *cr,
           PangoLayout               *text,
           const WeftRingGraphLayout *layout,
           const Positions           *p,
           guint                      i)
{
  double s = layout->node_size;
  WeftRgba fill = node_color (self, i);

  cairo_rectangle (cr, p->x[i] - s / 2, p->y[i] - s / 2, s, s);
  weft_rgba_set_source (cr, &fill);
  cairo_fill_preserve (cr);
  weft_rgba_set_source (cr, &self->theme.foreground);
  cairo_set_line_width (cr, s >= 10 ? 1.0 : 0.5);
  cairo_stroke (cr);

  if (layout->labels_inside)
    {
      g_autofree char *label = weft_grid_dup_index_label (self->matrix, 0, i);
      WeftRgba ink = weft_rgba_contrasting_text (&fill);
      int tw, th;

      pango_layout_set_text (text, label, -1);
      pango_layout_get_pixel_size (text, &tw, &th);
      weft_grid_show_text (cr, text, label, p->x[i] - tw / 2.0, p->y[i] - th / 2.0, &ink);
    }
}

/* A label outside the ring, on the node's radius. */
static void
draw_outer_label (WeftRingGraphRenderer     *self,
                  cairo_t                   *cr,
                  PangoLayout               *text,
                  const WeftRingGraphLayout *layout,
                  const Positions           *p,
                  guint                      i,
                  const WeftRgba            *ink)
{
  g_autofree char *label = weft_grid_dup_index_label (self->matrix, 0, i);
  double dx = p->x[i] - layout->center_x, dy = p->y[i] - layout->center_y;
  double len = hypot (dx, dy), off;
  int tw, th;

  pango_layout_set_text (text, label, -1);
  pango_layout_get_pixel_size (text, &tw, &th);
  if (len <= 0)
    len = 1;
  off = layout->node_size / 2 + 4 + MAX (tw, th) / 2.0;
  weft_grid_show_text (cr, text, label,
                       p->x[i] + dx / len * off - tw / 2.0, p->y[i] + dy / len * off - th / 2.0, ink);
}

static void
draw_legends (WeftRingGraphRenderer     *self,
              cairo_t                   *cr,
              PangoLayout               *text,
              const WeftRingGraphLayout *layout)
{
  for (int k = 0; k < 2; k++)
    {
      const cairo_rectangle_t *r = k == 0 ? &layout->node_legend : &layout->link_legend;
      const WeftColorScale *scale = k == 0 ? &self->node_scale : &self->link_scale;
      const char *kind = k == 0 ? node_kind (self) : link_kind (self);
      const char *unit = k == 0 && self->values != NULL
                         ? weft_value_table_get_column_unit (self->values, self->column) : NULL;
      const char *format_kind = unit != NULL && unit[0] != '\0' ? unit : kind;
      g_autofree char *caption = NULL;
      double ramp_w;
      int tw, th;

      if (r->width <= 0)
        continue;

      caption = self->mode == WEFT_COLOR_SCALE_LOG ? g_strdup_printf ("%s (%s)", kind, _("log"))
                                                    : g_strdup (kind);
      pango_layout_set_text (text, caption, -1);
      pango_layout_get_pixel_size (text, &tw, &th);
      weft_grid_show_text (cr, text, caption, r->x, r->y + (WEFT_GRID_RAMP_HEIGHT - th) / 2,
                           &self->theme.foreground);

      ramp_w = CLAMP (r->width - tw - 16, 40.0, 220.0);
      weft_grid_draw_scale_ramp (cr, scale, format_kind, r->x + tw + 8, r->y, ramp_w, &self->theme, self->text);
    }
}

static void
draw_static (WeftRingGraphRenderer     *self,
             cairo_t                   *cr,
             const WeftRingGraphLayout *layout,
             const Positions           *p,
             double                     width,
             double                     height)
{
  g_autoptr(PangoLayout) text = weft_grid_create_layout (cr, self->text);
  const char *title = weft_matrix_get_title (self->matrix);

  weft_rgba_set_source (cr, &self->theme.background);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  if (self->show_title && title != NULL && title[0] != '\0')
    weft_grid_show_text (cr, text, title, MARGIN, MARGIN, &self->theme.foreground);

  draw_links (self, cr, layout, p);
  for (guint i = 0; i < p->n; i++)
    draw_node (self, cr, text, layout, p, i);
  /* The ring closes: the last label must stay a full step away from node 0's. */
  if (!layout->labels_inside && layout->label_step != G_MAXUINT)
    for (guint i = 0; i < p->n && (i == 0 || i + layout->label_step <= p->n); i += layout->label_step)
      draw_outer_label (self, cr, text, layout, p, i, &self->theme.dim);
  draw_legends (self, cr, text, layout);
}

/* The links of @node on top of the rest, opaque and a little wider: in a dense
 * graph this is how one node's traffic is read. */
static void
draw_node_links (WeftRingGraphRenderer     *self,
                 cairo_t                   *cr,
                 const WeftRingGraphLayout *layout,
                 const Positions           *p,
                 guint                      node)
{
  cairo_set_line_width (cr, MAX (layout->link_width, 1.5));
  for (guint j = 0; j < p->n; j++)
    {
      double mx, my;
      WeftRgba into_node, into_j;

      if (j == node || (traffic (self, node, j) == 0 && traffic (self, j, node) == 0))
        continue;
      mx = (p->x[node] + p->x[j]) / 2;
      my = (p->y[node] + p->y[j]) / 2;
      into_node = weft_ring_graph_renderer_get_link_color (self, j, node);
      into_j = weft_ring_graph_renderer_get_link_color (self, node, j);
      cairo_move_to (cr, mx, my);
      cairo_line_to (cr, p->x[node], p->y[node]);
      weft_rgba_set_source (cr, &into_node);
      cairo_stroke (cr);
      cairo_move_to (cr, mx, my);
      cairo_line_to (cr, p->x[j], p->y[j]);
      weft_rgba_set_source (cr, &into_j);
      cairo_stroke (cr);
    }
}

static void
draw_overlays (WeftRingGraphRenderer     *self,
               cairo_t                   *cr,
               const WeftRingGraphLayout *layout,
               const Positions           *p)
{
  g_autoptr(PangoLayout) text = weft_grid_create_layout (cr, self->text);
  gssize focus[2] = { self->selected,
                      self->hover.kind == WEFT_RING_GRAPH_HIT_NODE ? (gssize)self->hover.node : -1 };
  double s = layout->node_size;

  for (int k = 0; k < 2; k++)
    {
      if (focus[k] < 0 || (k == 1 && focus[1] == focus[0]))
        continue;
      /* Dense graphs only: in small ones every link is already opaque. */
      if (layout->link_alpha < 1.0)
        draw_node_links (self, cr, layout, p, (guint)focus[k]);
    }

  if (self->hover.kind == WEFT_RING_GRAPH_HIT_LINK)
    {
      guint from = self->hover.from, to = self->hover.to;
      double mx = (p->x[from] + p->x[to]) / 2, my = (p->y[from] + p->y[to]) / 2;
      WeftRgba color = weft_ring_graph_renderer_get_link_color (self, from, to);

      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_move_to (cr, mx, my);
      cairo_line_to (cr, p->x[to], p->y[to]);
      cairo_set_line_width (cr, layout->link_width + 4);
      weft_rgba_set_source (cr, &self->theme.accent);
      cairo_stroke_preserve (cr);
      cairo_set_line_width (cr, layout->link_width + 1);
      weft_rgba_set_source (cr, &color);
      cairo_stroke (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
    }

  for (int k = 0; k < 2; k++)
    {
      guint i;

      if (focus[k] < 0)
        continue;
      i = (guint)focus[k];
      draw_node (self, cr, text, layout, p, i);
      cairo_rectangle (cr, p->x[i] - s / 2 - 2, p->y[i] - s / 2 - 2, s + 4, s + 4);
      weft_rgba_set_source (cr, k == 0 ? &self->theme.accent : &self->theme.foreground);
      cairo_set_line_width (cr, 2.0);
      cairo_stroke (cr);
      if (!layout->labels_inside)
        draw_outer_label (self, cr, text, layout, p, i, &self->theme.foreground);
    }
}

/**
 * weft_ring_graph_renderer_draw:
 *
 * Draws the whole view into (0, 0, @width, @height) of @cr, background
 * included.
 */
void
weft_ring_graph_renderer_draw (WeftRingGraphRenderer *self,
                               cairo_t               *cr,
                               double                 width,
                               double                 height)
{
  WeftRingGraphLayout layout;
  Positions p = { 0 };

  g_return_if_fail (WEFT_IS_RING_GRAPH_RENDERER (self));
  g_return_if_fail (cr != NULL);

  cairo_save (cr);
  weft_ring_graph_renderer_get_layout (self, width, height, &layout);

  if (self->matrix == NULL || layout.plot.width <= 0 || layout.plot.height <= 0)
    {
      g_autoptr(PangoLayout) text = weft_grid_create_layout (cr, self->text);

      weft_rgba_set_source (cr, &self->theme.background);
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_fill (cr);
      weft_grid_show_centered_text (cr, text, self->matrix == NULL ? _("No data") : _("Too small to draw"),
                                    width, height, &self->theme.dim);
      cairo_restore (cr);
      return;
    }

  positions_init (&p, self, &layout);

  if (weft_grid_surface_is_vector (cr))
    {
      draw_static (self, cr, &layout, &p, width, height);
    }
  else
    {
      double scale = self->theme.scale;

      if (self->cache == NULL || self->cache_width != width || self->cache_height != height ||
          self->cache_scale != scale)
        {
          cairo_t *cache_cr;

          invalidate_cache (self);
          self->cache = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)ceil (width * scale),
                                                    (int)ceil (height * scale));
          cairo_surface_set_device_scale (self->cache, scale, scale);
          cache_cr = cairo_create (self->cache);
          draw_static (self, cache_cr, &layout, &p, width, height);
          cairo_destroy (cache_cr);
          self->cache_width = width;
          self->cache_height = height;
          self->cache_scale = scale;
        }
      cairo_set_source_surface (cr, self->cache, 0, 0);
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_fill (cr);
    }

  draw_overlays (self, cr, &layout, &p);
  positions_clear (&p);
  cairo_restore (cr);
}

/* weft-visandor-tree-renderer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "weft-grid-util.h"
#include "weft-palette.h"
#include "weft-visandor-tree-renderer.h"

#define MARGIN        8.0
#define AXIS_SIZE     64.0
#define LEGEND_SIZE   22.0
#define HIT_TOLERANCE 4.0

struct _WeftVisandorTreeRenderer
{
  GObject              parent_instance;

  WeftVisandorDataset *dataset;
  WeftRenderTheme      theme;
  WeftGridText        *text;
  gint64               begin;
  gint64               end;
  gboolean             horizontal;
  guint32              highlight;

  /* Layout: a column per leaf, a task at the first column of its subtree. */
  guint                n_columns;
  guint32             *task_column;   /* [n_tasks] */
  guint32             *node_column;   /* [n_nodes]: first column */
  guint32             *node_last;     /* [n_nodes]: last task's column */
  guint32             *column_start;  /* [n_columns + 1]: CSR of tasks by column */
  guint32             *column_tasks;  /* [n_tasks] */
};

G_DEFINE_FINAL_TYPE (WeftVisandorTreeRenderer, weft_visandor_tree_renderer, G_TYPE_OBJECT)

static void
clear_layout (WeftVisandorTreeRenderer *self)
{
  g_clear_pointer (&self->task_column, g_free);
  g_clear_pointer (&self->node_column, g_free);
  g_clear_pointer (&self->node_last, g_free);
  g_clear_pointer (&self->column_start, g_free);
  g_clear_pointer (&self->column_tasks, g_free);
  self->n_columns = 0;
}

static void
weft_visandor_tree_renderer_finalize (GObject *object)
{
  WeftVisandorTreeRenderer *self = (WeftVisandorTreeRenderer *)object;

  clear_layout (self);
  g_clear_object (&self->dataset);
  g_clear_pointer (&self->text, weft_grid_text_free);
  weft_render_theme_clear (&self->theme);

  G_OBJECT_CLASS (weft_visandor_tree_renderer_parent_class)->finalize (object);
}

static void
weft_visandor_tree_renderer_class_init (WeftVisandorTreeRendererClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = weft_visandor_tree_renderer_finalize;
}

static void
weft_visandor_tree_renderer_init (WeftVisandorTreeRenderer *self)
{
  weft_render_theme_init_light (&self->theme);
  self->highlight = WEFT_VISANDOR_NONE;
}

WeftVisandorTreeRenderer *
weft_visandor_tree_renderer_new (void)
{
  return g_object_new (WEFT_TYPE_VISANDOR_TREE_RENDERER, NULL);
}

/* Stack entries of the layout walk (no recursion: a hostile trace may nest
 * a million levels deep). */
enum { ENTER_NODE, ENTER_TASK, LEAVE_TASK };

typedef struct
{
  guint32 what;
  guint32 index;
} Step;

static void
build_layout (WeftVisandorTreeRenderer *self)
{
  const WeftVisandorTrace *trace = weft_visandor_dataset_get_trace (self->dataset);
  guint n_tasks = trace->tasks->len, n_nodes = trace->nodes->len;
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Step));
  g_autoptr(GArray) scratch = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 next = 0;

  clear_layout (self);
  self->task_column = g_new0 (guint32, MAX (n_tasks, 1));
  self->node_column = g_new0 (guint32, MAX (n_nodes, 1));
  self->node_last = g_new0 (guint32, MAX (n_nodes, 1));

#define PUSH_LIST(first, next_of, kind)                                   \
  G_STMT_START {                                                          \
    g_array_set_size (scratch, 0);                                        \
    for (guint32 i_ = (first); i_ != WEFT_VISANDOR_NONE; i_ = (next_of))  \
      g_array_append_val (scratch, i_);                                   \
    for (guint j_ = scratch->len; j_-- > 0;)                              \
      {                                                                   \
        Step s_ = { (kind), g_array_index (scratch, guint32, j_) };       \
        g_array_append_val (stack, s_);                                   \
      }                                                                   \
  } G_STMT_END

  PUSH_LIST (trace->first_root, weft_visandor_trace_node (trace, i_)->next_sibling, ENTER_NODE);
  while (stack->len > 0)
    {
      Step step = g_array_index (stack, Step, stack->len - 1);

      g_array_set_size (stack, stack->len - 1);
      switch (step.what)
        {
        case ENTER_NODE:
          {
            const WeftVisandorNode *n = weft_visandor_trace_node (trace, step.index);

            self->node_column[step.index] = next;
            if (n->first_task == WEFT_VISANDOR_NONE)
              {
                self->node_last[step.index] = next;
                next++;
              }
            PUSH_LIST (n->first_task, weft_visandor_trace_task (trace, i_)->next_sibling, ENTER_TASK);
          }
          break;

        case ENTER_TASK:
          {
            const WeftVisandorTask *t = weft_visandor_trace_task (trace, step.index);
            Step leave = { LEAVE_TASK, step.index };

            self->task_column[step.index] = next;
            g_array_append_val (stack, leave);
            PUSH_LIST (t->first_node, weft_visandor_trace_node (trace, i_)->next_sibling, ENTER_NODE);
          }
          break;

        case LEAVE_TASK:
        default:
          if (next == self->task_column[step.index])
            next++;
          break;
        }
    }
#undef PUSH_LIST

  for (guint i = 0; i < n_nodes; i++)
    {
      const WeftVisandorNode *n = weft_visandor_trace_node (trace, i);

      if (n->last_task != WEFT_VISANDOR_NONE)
        self->node_last[i] = self->task_column[n->last_task];
    }
  self->n_columns = next;

  /* Tasks by column, for hit tests. */
  self->column_start = g_new0 (guint32, next + 2);
  self->column_tasks = g_new (guint32, MAX (n_tasks, 1));
  for (guint i = 0; i < n_tasks; i++)
    self->column_start[self->task_column[i] + 2]++;
  for (guint c = 2; c < next + 2; c++)
    self->column_start[c] += self->column_start[c - 1];
  for (guint i = 0; i < n_tasks; i++)
    self->column_tasks[self->column_start[self->task_column[i] + 1]++] = i;
}

void
weft_visandor_tree_renderer_set_dataset (WeftVisandorTreeRenderer *self,
                                         WeftVisandorDataset      *dataset)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));
  g_return_if_fail (dataset == NULL || WEFT_IS_VISANDOR_DATASET (dataset));

  if (!g_set_object (&self->dataset, dataset))
    return;
  clear_layout (self);
  self->begin = 0;
  self->end = 0;
  if (dataset != NULL)
    {
      build_layout (self);
      self->end = weft_visandor_dataset_get_trace (dataset)->end;
    }
}

void
weft_visandor_tree_renderer_set_theme (WeftVisandorTreeRenderer *self,
                                       const WeftRenderTheme    *theme)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));

  weft_grid_set_theme (&self->theme, &self->text, theme);
}

/* The visible time range, in trace units; an empty range shows everything. */
void
weft_visandor_tree_renderer_set_range (WeftVisandorTreeRenderer *self,
                                       gint64                    begin,
                                       gint64                    end)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));

  if (end <= begin && self->dataset != NULL)
    {
      begin = 0;
      end = MAX (weft_visandor_dataset_get_trace (self->dataset)->end, 1);
    }
  self->begin = begin;
  self->end = end;
}

void
weft_visandor_tree_renderer_set_horizontal (WeftVisandorTreeRenderer *self,
                                            gboolean                  horizontal)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));

  self->horizontal = !!horizontal;
}

void
weft_visandor_tree_renderer_set_highlight (WeftVisandorTreeRenderer *self,
                                           guint32                   task)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));

  self->highlight = task;
}

guint
weft_visandor_tree_renderer_get_n_columns (WeftVisandorTreeRenderer *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self), 0);

  return self->n_columns;
}

guint32
weft_visandor_tree_renderer_get_task_column (WeftVisandorTreeRenderer *self,
                                             guint32                   task)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self), 0);
  g_return_val_if_fail (self->dataset != NULL, 0);
  g_return_val_if_fail (task < weft_visandor_dataset_get_trace (self->dataset)->tasks->len, 0);

  return self->task_column[task];
}

guint32
weft_visandor_agent_color (guint row)
{
  return weft_palette_get_color (row % weft_palette_get_size ());
}

/* Geometry -------------------------------------------------------------------- */

void
weft_visandor_tree_renderer_get_plot (WeftVisandorTreeRenderer *self,
                                      double                    width,
                                      double                    height,
                                      cairo_rectangle_t        *plot)
{
  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));

  /* The time axis on the left (vertical) or at the bottom (horizontal), the
   * legend along the top. */
  if (self->horizontal)
    *plot = (cairo_rectangle_t) { MARGIN, MARGIN + LEGEND_SIZE, width - 2 * MARGIN,
                                  height - 2 * MARGIN - LEGEND_SIZE - AXIS_SIZE / 2 };
  else
    *plot = (cairo_rectangle_t) { MARGIN + AXIS_SIZE, MARGIN + LEGEND_SIZE, width - 2 * MARGIN - AXIS_SIZE,
                                  height - 2 * MARGIN - LEGEND_SIZE };
  plot->width = MAX (plot->width, 1);
  plot->height = MAX (plot->height, 1);
}

static double
time_extent (WeftVisandorTreeRenderer *self,
             const cairo_rectangle_t  *plot)
{
  return self->horizontal ? plot->width : plot->height;
}

double
weft_visandor_tree_renderer_time_to_pos (WeftVisandorTreeRenderer *self,
                                         const cairo_rectangle_t  *plot,
                                         gint64                    time)
{
  double span = (double)MAX (self->end - self->begin, 1);
  double offset = (double)(time - self->begin) / span * time_extent (self, plot);

  return (self->horizontal ? plot->x : plot->y) + offset;
}

gint64
weft_visandor_tree_renderer_pos_to_time (WeftVisandorTreeRenderer *self,
                                         const cairo_rectangle_t  *plot,
                                         double                    pos)
{
  double span = (double)MAX (self->end - self->begin, 1);
  double offset = pos - (self->horizontal ? plot->x : plot->y);

  return self->begin + (gint64)llround (offset / time_extent (self, plot) * span);
}

static double
column_to_pos (WeftVisandorTreeRenderer *self,
               const cairo_rectangle_t  *plot,
               guint32                   column)
{
  double extent = self->horizontal ? plot->height : plot->width;
  double origin = self->horizontal ? plot->y : plot->x;

  return origin + (column + 0.5) * extent / MAX (self->n_columns, 1);
}

/* A segment along time at lateral position @lat, from @t0 to @t1. */
static void
time_segment (WeftVisandorTreeRenderer *self,
              cairo_t                  *cr,
              const cairo_rectangle_t  *plot,
              double                    lat,
              gint64                    t0,
              gint64                    t1)
{
  double a = weft_visandor_tree_renderer_time_to_pos (self, plot, t0);
  double b = weft_visandor_tree_renderer_time_to_pos (self, plot, t1);

  /* Never shorter than a pixel: an instant task still shows. */
  if (b - a < 1)
    b = a + 1;
  if (self->horizontal)
    {
      cairo_move_to (cr, a, lat);
      cairo_line_to (cr, b, lat);
    }
  else
    {
      cairo_move_to (cr, lat, a);
      cairo_line_to (cr, lat, b);
    }
}

static void
point (WeftVisandorTreeRenderer *self,
       const cairo_rectangle_t  *plot,
       double                    lat,
       gint64                    time,
       double                   *x,
       double                   *y)
{
  double t = weft_visandor_tree_renderer_time_to_pos (self, plot, time);

  *x = self->horizontal ? t : lat;
  *y = self->horizontal ? lat : t;
}

/* Drawing --------------------------------------------------------------------- */

static void
set_agent_source (WeftVisandorTreeRenderer *self,
                  cairo_t                  *cr,
                  guint32                   agent)
{
  guint row = weft_visandor_dataset_get_agent_row (self->dataset, agent);
  WeftRgba rgba = weft_rgba_from_uint (weft_visandor_agent_color (row == G_MAXUINT ? 0 : row));

  weft_rgba_set_source (cr, &rgba);
}

static void
draw_outcome (WeftVisandorTreeRenderer *self,
              cairo_t                  *cr,
              double                    x,
              double                    y,
              WeftVisandorOutcome       outcome)
{
  WeftRgba rgba;

  switch (outcome)
    {
    case WEFT_VISANDOR_SUCCESS:
      rgba = weft_rgba_from_uint (0x26a269ff);
      weft_rgba_set_source (cr, &rgba);
      cairo_arc (cr, x, y, 3, 0, 2 * G_PI);
      cairo_fill (cr);
      break;
    case WEFT_VISANDOR_FAILURE:
      rgba = weft_rgba_from_uint (0xe01b24ff);
      weft_rgba_set_source (cr, &rgba);
      cairo_move_to (cr, x - 3, y - 3);
      cairo_line_to (cr, x + 3, y + 3);
      cairo_move_to (cr, x + 3, y - 3);
      cairo_line_to (cr, x - 3, y + 3);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      break;
    case WEFT_VISANDOR_CUT:
      rgba = weft_rgba_from_uint (0x9141acff);
      weft_rgba_set_source (cr, &rgba);
      cairo_move_to (cr, x - 4, y);
      cairo_line_to (cr, x + 4, y);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
      break;
    case WEFT_VISANDOR_SUSPENDED:
      rgba = weft_rgba_from_uint (0xe5a50aff);
      weft_rgba_set_source (cr, &rgba);
      cairo_arc (cr, x, y, 3, 0, 2 * G_PI);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      break;
    case WEFT_VISANDOR_RUNNING:
    case WEFT_VISANDOR_FINISHED:
    case WEFT_VISANDOR_N_OUTCOMES:
    default:
      break;
    }
}

static char *
format_time (gint64 us)
{
  if (us == 0)
    return g_strdup ("0");
  if (us % 1000000 == 0)
    return g_strdup_printf ("%lld s", (long long)(us / 1000000));
  if (us % 1000 == 0)
    return g_strdup_printf ("%lld ms", (long long)(us / 1000));
  return g_strdup_printf ("%lld µs", (long long)us);
}

static void
draw_axis (WeftVisandorTreeRenderer *self,
           cairo_t                  *cr,
           PangoLayout              *layout,
           const cairo_rectangle_t  *plot)
{
  gint64 span = MAX (self->end - self->begin, 1);
  double extent = time_extent (self, plot);
  static const gint64 factors[] = { 1, 2, 5 };
  gint64 step = 1;

  /* A 1-2-5 step giving about one tick per 60 px. */
  for (gint64 power = 1; power < G_MAXINT64 / 10; power *= 10)
    {
      guint i;

      for (i = 0; i < G_N_ELEMENTS (factors); i++)
        if ((double)(factors[i] * power) / span * extent >= 60)
          break;
      if (i < G_N_ELEMENTS (factors))
        {
          step = factors[i] * power;
          break;
        }
    }
  weft_rgba_set_source (cr, &self->theme.dim);
  cairo_set_line_width (cr, 1);
  for (gint64 t = (self->begin + step - 1) / step * step; t <= self->end; t += step)
    {
      g_autofree char *label = format_time (t);
      double pos = weft_visandor_tree_renderer_time_to_pos (self, plot, t);

      if (self->horizontal)
        {
          cairo_move_to (cr, pos + 0.5, plot->y + plot->height);
          cairo_line_to (cr, pos + 0.5, plot->y + plot->height + 4);
          cairo_stroke (cr);
          weft_grid_show_text (cr, layout, label, pos + 2, plot->y + plot->height + 4, &self->theme.dim);
        }
      else
        {
          cairo_move_to (cr, plot->x - 4, pos + 0.5);
          cairo_line_to (cr, plot->x, pos + 0.5);
          cairo_stroke (cr);
          weft_grid_show_text (cr, layout, label, MARGIN, pos - 6, &self->theme.dim);
        }
    }
}

static void
draw_legend (WeftVisandorTreeRenderer *self,
             cairo_t                  *cr,
             PangoLayout              *layout,
             double                    width)
{
  guint n = weft_visandor_dataset_get_n_agents (self->dataset);
  double x = MARGIN;

  for (guint row = 0; row < n; row++)
    {
      g_autofree char *label = g_strdup_printf (_("agent %u"), weft_visandor_dataset_get_row_agent (self->dataset, row));
      WeftRgba rgba = weft_rgba_from_uint (weft_visandor_agent_color (row));
      int w;

      weft_grid_text_measure (self->text, label, &w, NULL);
      if (x + 14 + w > width - MARGIN)
        {
          weft_grid_show_text (cr, layout, "…", x, MARGIN, &self->theme.dim);
          break;
        }
      weft_rgba_set_source (cr, &rgba);
      cairo_rectangle (cr, x, MARGIN + 3, 10, 10);
      cairo_fill (cr);
      weft_grid_show_text (cr, layout, label, x + 14, MARGIN, &self->theme.foreground);
      x += 14 + w + 12;
    }
}

void
weft_visandor_tree_renderer_draw (WeftVisandorTreeRenderer *self,
                                  cairo_t                  *cr,
                                  double                    width,
                                  double                    height)
{
  const WeftVisandorTrace *trace;
  g_autoptr(PangoLayout) layout = NULL;
  cairo_rectangle_t plot;
  double line = 2;

  g_return_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self));

  weft_rgba_set_source (cr, &self->theme.background);
  cairo_paint (cr);
  if (self->dataset == NULL)
    return;

  trace = weft_visandor_dataset_get_trace (self->dataset);
  weft_grid_text_ensure (&self->text, self->theme.font);
  layout = weft_grid_create_layout (cr, self->text);
  weft_visandor_tree_renderer_get_plot (self, width, height, &plot);
  draw_legend (self, cr, layout, width);
  draw_axis (self, cr, layout, &plot);

  cairo_save (cr);
  cairo_rectangle (cr, plot.x - 4, plot.y - 4, plot.width + 8, plot.height + 8);
  cairo_clip (cr);
  /* Thinner lines when columns are narrow. */
  line = CLAMP ((self->horizontal ? plot.height : plot.width) / MAX (self->n_columns, 1) * 0.5, 0.5, 2.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);

  /* Each task's life, dim and dashed: the gaps between its pieces are the
   * time it was suspended. */
  weft_rgba_set_source (cr, &self->theme.dim);
  cairo_set_line_width (cr, MAX (line / 2, 0.5));
  {
    const double dash[] = { 2, 2 };

    cairo_set_dash (cr, dash, 2, 0);
  }
  for (guint i = 0; i < trace->tasks->len; i++)
    {
      const WeftVisandorTask *t = weft_visandor_trace_task (trace, i);

      if (t->end < self->begin || t->start > self->end || t->n_suspends == 0)
        continue;
      time_segment (self, cr, &plot, column_to_pos (self, &plot, self->task_column[i]), t->start, t->end);
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);

  /* Pieces (and slaves beside them) in their agent's colour. */
  for (guint i = 0; i < trace->spans->len; i++)
    {
      const WeftVisandorSpan *s = &g_array_index (trace->spans, WeftVisandorSpan, i);
      double lat;

      if (s->task == WEFT_VISANDOR_NONE || s->end < self->begin || s->begin > self->end)
        continue;
      lat = column_to_pos (self, &plot, self->task_column[s->task]);
      if (s->kind == WEFT_VISANDOR_SPAN_SLAVE)
        {
          lat += line + 1;
          cairo_set_line_width (cr, MAX (line / 2, 0.5));
        }
      else
        cairo_set_line_width (cr, s->task == self->highlight ? line + 2 : line);
      set_agent_source (self, cr, s->agent);
      time_segment (self, cr, &plot, lat, s->begin, s->end);
      cairo_stroke (cr);
    }

  /* Fork and choice-point bars across their children; joins dashed. */
  weft_rgba_set_source (cr, &self->theme.foreground);
  for (guint i = 0; i < trace->nodes->len; i++)
    {
      const WeftVisandorNode *n = weft_visandor_trace_node (trace, i);
      double a = column_to_pos (self, &plot, self->node_column[i]);
      double b = column_to_pos (self, &plot, self->node_last[i]);
      double x0, y0, x1, y1;

      if (n->time < self->begin || n->time > self->end)
        continue;
      point (self, &plot, a - line, n->time, &x0, &y0);
      point (self, &plot, b + line, n->time, &x1, &y1);
      cairo_set_line_width (cr, MAX (line, 1.5));
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
      cairo_stroke (cr);
      if (n->join_time >= self->begin && n->join_time <= self->end)
        {
          const double dash[] = { 3, 2 };

          point (self, &plot, a - line, n->join_time, &x0, &y0);
          point (self, &plot, b + line, n->join_time, &x1, &y1);
          cairo_set_dash (cr, dash, 2, 0);
          cairo_set_line_width (cr, 1);
          cairo_move_to (cr, x0, y0);
          cairo_line_to (cr, x1, y1);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
        }
    }

  /* Outcome marks at the ends, suspension marks where a branch stopped. */
  for (guint i = 0; i < trace->tasks->len; i++)
    {
      const WeftVisandorTask *t = weft_visandor_trace_task (trace, i);
      double x, y;

      if (t->end < self->begin || t->end > self->end)
        continue;
      point (self, &plot, column_to_pos (self, &plot, self->task_column[i]), t->end, &x, &y);
      draw_outcome (self, cr, x, y, t->outcome);
    }
  for (guint i = 0; i < trace->migrations->len; i++)
    {
      const WeftVisandorMigration *m = &g_array_index (trace->migrations, WeftVisandorMigration, i);
      double x, y;

      if (m->from_time < self->begin || m->from_time > self->end)
        continue;
      point (self, &plot, column_to_pos (self, &plot, self->task_column[m->task]), m->from_time, &x, &y);
      draw_outcome (self, cr, x, y, WEFT_VISANDOR_SUSPENDED);
    }
  cairo_restore (cr);
}

/* Hit test -------------------------------------------------------------------- */

gboolean
weft_visandor_tree_renderer_hit_test (WeftVisandorTreeRenderer *self,
                                      double                    width,
                                      double                    height,
                                      double                    x,
                                      double                    y,
                                      WeftVisandorHit          *hit)
{
  const WeftVisandorTrace *trace;
  cairo_rectangle_t plot;
  double lat, pos, extent, column_width;
  gint64 tolerance;
  gint64 time;
  gint64 column;

  g_return_val_if_fail (WEFT_IS_VISANDOR_TREE_RENDERER (self), FALSE);
  g_return_val_if_fail (hit != NULL, FALSE);

  hit->task = WEFT_VISANDOR_NONE;
  hit->node = WEFT_VISANDOR_NONE;
  if (self->dataset == NULL || self->n_columns == 0)
    return FALSE;

  trace = weft_visandor_dataset_get_trace (self->dataset);
  weft_visandor_tree_renderer_get_plot (self, width, height, &plot);
  lat = self->horizontal ? y - plot.y : x - plot.x;
  pos = self->horizontal ? x : y;
  extent = self->horizontal ? plot.height : plot.width;
  column_width = extent / self->n_columns;
  time = weft_visandor_tree_renderer_pos_to_time (self, &plot, pos);
  tolerance = (gint64)ceil (HIT_TOLERANCE / time_extent (self, &plot) * MAX (self->end - self->begin, 1));

  /* A fork bar first (it lies across the task lines). */
  for (guint i = 0; i < trace->nodes->len; i++)
    {
      const WeftVisandorNode *n = weft_visandor_trace_node (trace, i);
      double a = (self->node_column[i] + 0.5) * column_width - HIT_TOLERANCE;
      double b = (self->node_last[i] + 0.5) * column_width + HIT_TOLERANCE;

      if (lat >= a && lat <= b && time >= n->time - tolerance && time <= n->time + tolerance)
        {
          hit->node = i;
          return TRUE;
        }
    }

  column = (gint64)floor (lat / column_width);
  if (column < 0 || column >= self->n_columns || fabs (lat - (column + 0.5) * column_width) > MAX (HIT_TOLERANCE, column_width / 2))
    return FALSE;

  /* The deepest task of that column whose life covers the time. */
  for (guint32 k = self->column_start[column + 1]; k-- > self->column_start[column];)
    {
      guint32 task = self->column_tasks[k];
      const WeftVisandorTask *t = weft_visandor_trace_task (trace, task);

      if (time >= t->start - tolerance && time <= t->end + tolerance)
        {
          hit->task = task;
          return TRUE;
        }
    }

  return FALSE;
}

/**
 * weft_visandor_tree_draw_picture:
 *
 * The exporter's "tree" picture (a #WeftPictureFunc): the whole execution tree
 * or @options->range (in the timeline's nanoseconds).
 */
gboolean
weft_visandor_tree_draw_picture (WeftDataset           *dataset,
                                 const WeftViewOptions *options,
                                 const WeftRenderTheme *theme,
                                 cairo_t               *cr,
                                 double                 width,
                                 double                 height,
                                 GError               **error)
{
  g_autoptr(WeftVisandorTreeRenderer) renderer = NULL;

  if (!WEFT_IS_VISANDOR_DATASET (dataset))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("The execution tree picture needs a VisAndOr trace"));
      return FALSE;
    }

  renderer = weft_visandor_tree_renderer_new ();
  if (theme != NULL)
    weft_visandor_tree_renderer_set_theme (renderer, theme);
  weft_visandor_tree_renderer_set_dataset (renderer, WEFT_VISANDOR_DATASET (dataset));
  if (options != NULL && options->has_range)
    weft_visandor_tree_renderer_set_range (renderer, options->range.begin / 1000, (options->range.end + 999) / 1000);
  else
    weft_visandor_tree_renderer_set_range (renderer, 0, 0);
  weft_visandor_tree_renderer_draw (renderer, cr, width, height);

  return TRUE;
}

/* weft-parallelism-renderer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "weft-grid-util.h"
#include "weft-parallelism-renderer.h"
#include "weft-time-ruler.h"
#include "weft-units.h"

#define CAPTION_HEIGHT   22.0
#define TOP_PADDING       8.0   /* room for the top level's label */
#define RULER_HEIGHT     20.0
#define AXIS_GAP          6.0
#define RIGHT_MARGIN     12.0
#define MIN_TICK_SPACING 90.0
#define MIN_LEVEL_SPACING 14.0

struct _WeftParallelismRenderer
{
  GObject              parent_instance;

  WeftVisandorDataset *dataset;
  WeftRenderTheme      theme;
  WeftGridText        *text;    /* measures labels in the theme's font */

  /* Mean busy agents in each column of the plot, for n_bins columns,
   * averaged from FINE_BINS computed once. */
  double              *fine;
  double              *bins;
  guint                n_bins;
  double               axis_width;   /* < 0: not measured */
  gssize               hover;   /* the marked column, or -1 */
};

G_DEFINE_FINAL_TYPE (WeftParallelismRenderer, weft_parallelism_renderer, G_TYPE_OBJECT)

static void
weft_parallelism_renderer_finalize (GObject *object)
{
  WeftParallelismRenderer *self = (WeftParallelismRenderer *)object;

  g_clear_object (&self->dataset);
  g_clear_pointer (&self->fine, g_free);
  g_clear_pointer (&self->bins, g_free);
  g_clear_pointer (&self->text, weft_grid_text_free);
  weft_render_theme_clear (&self->theme);

  G_OBJECT_CLASS (weft_parallelism_renderer_parent_class)->finalize (object);
}

static void
weft_parallelism_renderer_class_init (WeftParallelismRendererClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = weft_parallelism_renderer_finalize;
}

static void
weft_parallelism_renderer_init (WeftParallelismRenderer *self)
{
  weft_render_theme_init_light (&self->theme);
  self->hover = -1;
  self->axis_width = -1;
}

WeftParallelismRenderer *
weft_parallelism_renderer_new (void)
{
  return g_object_new (WEFT_TYPE_PARALLELISM_RENDERER, NULL);
}

void
weft_parallelism_renderer_set_dataset (WeftParallelismRenderer *self,
                                       WeftVisandorDataset     *dataset)
{
  g_return_if_fail (WEFT_IS_PARALLELISM_RENDERER (self));

  if (!g_set_object (&self->dataset, dataset))
    return;
  g_clear_pointer (&self->fine, g_free);
  g_clear_pointer (&self->bins, g_free);
  self->n_bins = 0;
  self->axis_width = -1;
  self->hover = -1;
}

void
weft_parallelism_renderer_set_theme (WeftParallelismRenderer *self,
                                     const WeftRenderTheme   *theme)
{
  g_return_if_fail (WEFT_IS_PARALLELISM_RENDERER (self));
  g_return_if_fail (theme != NULL);

  if (weft_grid_set_theme (&self->theme, &self->text, theme))
    self->axis_width = -1;
}

/* Levels run from none to every agent, so that a full plot reads as "all
 * agents busy". */
static guint
top_level (WeftParallelismRenderer *self)
{
  return self->dataset != NULL ? MAX (weft_visandor_dataset_get_n_agents (self->dataset), 1u) : 1;
}

static gint64
run_end (WeftParallelismRenderer *self)
{
  return self->dataset != NULL ? MAX (weft_visandor_dataset_get_trace (self->dataset)->end, 1) : 1;
}

/* The level labels' width, which the plot starts after: measured once for
 * a dataset and font, not at every pointer move. */
static double
axis_width (WeftParallelismRenderer *self)
{
  g_autofree char *label = NULL;
  int w;

  if (self->axis_width >= 0)
    return self->axis_width;
  label = g_strdup_printf ("%u", top_level (self));
  weft_grid_text_measure (weft_grid_text_ensure (&self->text, self->theme.font), label, &w, NULL);
  self->axis_width = MAX (w, 8) + 2 * AXIS_GAP;

  return self->axis_width;
}

/**
 * weft_parallelism_renderer_get_plot_area:
 * @plot: (out): where the profile is drawn; the caption is above it, the
 *   level labels left of it and the time ruler below it
 */
void
weft_parallelism_renderer_get_plot_area (WeftParallelismRenderer *self,
                                         double                   width,
                                         double                   height,
                                         cairo_rectangle_t       *plot)
{
  g_return_if_fail (WEFT_IS_PARALLELISM_RENDERER (self));
  g_return_if_fail (plot != NULL);

  plot->x = axis_width (self);
  plot->y = CAPTION_HEIGHT + TOP_PADDING;
  plot->width = MAX (width - plot->x - RIGHT_MARGIN, 0);
  plot->height = MAX (height - plot->y - RULER_HEIGHT, 0);
}

/* One bin per whole pixel of the plot's width. The profile is read once
 * into FINE_BINS (it has millions of changes on a 10^7-line or-trace: 129 ms,
 * which every width of a window being resized had cost again); a plot's bins
 * are their averages, a fine bin cut by a column's edge counted by the share
 * inside it: within 0.008 busy agents of the exact means on the generated
 * and sample traces (1,168 columns). Wider plots read the profile itself. */
#define FINE_BINS 65536

static void
ensure_bins (WeftParallelismRenderer *self,
             const cairo_rectangle_t *plot)
{
  guint n = (guint)MAX (floor (plot->width), 1);

  if (self->dataset == NULL || (self->bins != NULL && self->n_bins == n))
    return;
  g_free (self->bins);
  if (n >= FINE_BINS)
    self->bins = weft_visandor_dataset_dup_parallelism (self->dataset, 0, run_end (self), n);
  else
    {
      double per_bin = (double)FINE_BINS / n;

      if (self->fine == NULL)
        self->fine = weft_visandor_dataset_dup_parallelism (self->dataset, 0, run_end (self), FINE_BINS);
      self->bins = g_new0 (double, n);
      for (guint b = 0; b < n; b++)
        {
          double lo = b * per_bin, hi = MIN ((b + 1) * per_bin, FINE_BINS);

          for (guint f = (guint)lo; f < FINE_BINS && f < hi; f++)
            self->bins[b] += self->fine[f] * (MIN (f + 1, hi) - MAX (f, lo));
          self->bins[b] /= hi - lo;
        }
    }
  self->n_bins = n;
  if (self->hover >= (gssize)n)
    self->hover = -1;
}

static gssize
column_at (WeftParallelismRenderer *self,
           const cairo_rectangle_t *plot,
           double                   x)
{
  if (self->dataset == NULL || plot->width <= 0 || x < plot->x || x >= plot->x + plot->width)
    return -1;
  ensure_bins (self, plot);

  return MIN ((gssize)((x - plot->x) / plot->width * self->n_bins), (gssize)self->n_bins - 1);
}

/**
 * weft_parallelism_renderer_get_column:
 * @begin: (out) (optional): the column's first time, in trace units (µs)
 * @end: (out) (optional): its end
 * @busy: (out) (optional): the mean number of busy agents over it
 *
 * Returns: %FALSE when @x is outside the plot (or there is no dataset).
 */
gboolean
weft_parallelism_renderer_get_column (WeftParallelismRenderer *self,
                                      double                   width,
                                      double                   height,
                                      double                   x,
                                      gint64                  *begin,
                                      gint64                  *end,
                                      double                  *busy)
{
  cairo_rectangle_t plot;
  gssize column;

  g_return_val_if_fail (WEFT_IS_PARALLELISM_RENDERER (self), FALSE);

  weft_parallelism_renderer_get_plot_area (self, width, height, &plot);
  column = column_at (self, &plot, x);
  if (column < 0)
    return FALSE;
  if (begin != NULL)
    *begin = (gint64)((double)run_end (self) * column / self->n_bins);
  if (end != NULL)
    *end = (gint64)((double)run_end (self) * (column + 1) / self->n_bins);
  if (busy != NULL)
    *busy = self->bins[column];

  return TRUE;
}

/**
 * weft_parallelism_renderer_set_hover:
 * @x: the pointer's x, or a negative number when it left
 *
 * Returns: whether the marked column changed (the picture must be drawn again).
 */
gboolean
weft_parallelism_renderer_set_hover (WeftParallelismRenderer *self,
                                     double                   width,
                                     double                   height,
                                     double                   x)
{
  cairo_rectangle_t plot;
  gssize column;

  g_return_val_if_fail (WEFT_IS_PARALLELISM_RENDERER (self), FALSE);

  weft_parallelism_renderer_get_plot_area (self, width, height, &plot);
  column = x < 0 ? -1 : column_at (self, &plot, x);
  if (column == self->hover)
    return FALSE;
  self->hover = column;

  return TRUE;
}

/**
 * weft_parallelism_renderer_describe_at:
 *
 * Returns: (transfer full) (nullable): the time range of the column at @x
 *   and how many agents were busy over it, or %NULL outside the plot.
 */
char *
weft_parallelism_renderer_describe_at (WeftParallelismRenderer *self,
                                       double                   width,
                                       double                   height,
                                       double                   x)
{
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;
  gint64 begin, end;
  double busy;

  g_return_val_if_fail (WEFT_IS_PARALLELISM_RENDERER (self), NULL);

  if (!weft_parallelism_renderer_get_column (self, width, height, x, &begin, &end, &busy))
    return NULL;
  from = weft_format_duration (begin * WEFT_VISANDOR_NS_PER_UNIT);
  to = weft_format_duration (end * WEFT_VISANDOR_NS_PER_UNIT);

  return g_strdup_printf (_("%s – %s\n%.2f of %u agents busy on average"), from, to, busy, top_level (self));
}

static double
level_y (WeftParallelismRenderer *self,
         const cairo_rectangle_t *plot,
         double                   level)
{
  return plot->y + plot->height * (1.0 - CLAMP (level / top_level (self), 0.0, 1.0));
}

static void
draw_caption (WeftParallelismRenderer *self,
              cairo_t                 *cr,
              PangoLayout             *layout,
              double                   width)
{
  g_autofree char *text = g_strdup_printf (_("Busy agents over time: %.2f on average, at most %u of %u"),
                                           weft_visandor_dataset_get_mean_parallelism (self->dataset),
                                           weft_visandor_dataset_get_max_parallelism (self->dataset),
                                           top_level (self));

  weft_rgba_set_source (cr, &self->theme.foreground);
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, (int)(MAX (width - 2 * AXIS_GAP, 1) * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  cairo_move_to (cr, AXIS_GAP, 2);
  pango_cairo_show_layout (cr, layout);
  pango_layout_set_width (layout, -1);
}

static void
draw_level (WeftParallelismRenderer *self,
            cairo_t                 *cr,
            PangoLayout             *layout,
            const cairo_rectangle_t *plot,
            guint                    level)
{
  double y = round (level_y (self, plot, level));
  g_autofree char *label = g_strdup_printf ("%u", level);
  int w, h;

  weft_rgba_set_source (cr, &self->theme.grid);
  cairo_rectangle (cr, plot->x, y, plot->width, 1);
  cairo_fill (cr);
  weft_grid_text_measure (self->text, label, &w, &h);
  weft_grid_show_text (cr, layout, label, plot->x - AXIS_GAP - w, y - h / 2.0, &self->theme.dim);
}

/* Level lines and labels: every level for a few agents, a 1-2-5 step for
 * many; the top (every agent) always, the step's lines only where their
 * labels keep clear of it. */
static void
draw_levels (WeftParallelismRenderer *self,
             cairo_t                 *cr,
             PangoLayout             *layout,
             const cairo_rectangle_t *plot)
{
  guint top = top_level (self);
  guint step = (guint)weft_round_step (top / 8.0, 1000000);
  double top_y = level_y (self, plot, top);

  for (guint level = 0; level < top; level += step)
    if (level_y (self, plot, level) - top_y >= MIN_LEVEL_SPACING)
      draw_level (self, cr, layout, plot, level);
  draw_level (self, cr, layout, plot, top);
}

static void
draw_ruler (WeftParallelismRenderer *self,
            cairo_t                 *cr,
            PangoLayout             *layout,
            const cairo_rectangle_t *plot)
{
  gint64 duration = run_end (self) * WEFT_VISANDOR_NS_PER_UNIT;
  gint64 step = weft_time_ruler_choose_step (duration, plot->width, MIN_TICK_SPACING);
  double y = plot->y + plot->height;

  weft_rgba_set_source (cr, &self->theme.dim);
  cairo_rectangle (cr, plot->x, y, plot->width, 1);
  cairo_fill (cr);
  for (gint64 t = 0; t <= duration; t += step)
    {
      double x = round (plot->x + plot->width * (double)t / (double)duration);
      g_autofree char *label = weft_time_ruler_format_tick (t, step, WEFT_TIME_NANOSECONDS);
      int w;

      weft_rgba_set_source (cr, &self->theme.dim);
      cairo_rectangle (cr, x, y, 1, 5);
      cairo_fill (cr);
      weft_grid_text_measure (self->text, label, &w, NULL);
      if (x + 3 + w > plot->x + plot->width + RIGHT_MARGIN)
        break;
      weft_grid_show_text (cr, layout, label, x + 3, y + 3, &self->theme.foreground);
    }
}

/* The area: a column of each bin's mean from the bottom. */
static void
draw_profile (WeftParallelismRenderer *self,
              cairo_t                 *cr,
              const cairo_rectangle_t *plot)
{
  double bottom = plot->y + plot->height;
  double column = plot->width / self->n_bins;
  WeftRgba fill = self->theme.accent, line = self->theme.accent;
  double mean_y;

  fill.alpha *= 0.35;
  cairo_move_to (cr, plot->x, bottom);
  for (guint b = 0; b < self->n_bins; b++)
    {
      double y = level_y (self, plot, self->bins[b]);

      cairo_line_to (cr, plot->x + b * column, y);
      cairo_line_to (cr, plot->x + (b + 1) * column, y);
    }
  cairo_line_to (cr, plot->x + plot->width, bottom);
  cairo_close_path (cr);
  weft_rgba_set_source (cr, &fill);
  cairo_fill_preserve (cr);
  weft_rgba_set_source (cr, &line);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);

  /* The mean over the run, dashed. */
  mean_y = round (level_y (self, plot, weft_visandor_dataset_get_mean_parallelism (self->dataset))) + 0.5;
  weft_rgba_set_source (cr, &self->theme.foreground);
  cairo_set_dash (cr, (const double[]) { 4, 3 }, 2, 0);
  cairo_move_to (cr, plot->x, mean_y);
  cairo_line_to (cr, plot->x + plot->width, mean_y);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);

  if (self->hover >= 0)
    {
      WeftRgba mark = self->theme.foreground;

      mark.alpha *= 0.15;
      weft_rgba_set_source (cr, &mark);
      cairo_rectangle (cr, plot->x + floor (self->hover * column), plot->y, MAX (ceil (column), 1), plot->height);
      cairo_fill (cr);
    }
}

void
weft_parallelism_renderer_draw (WeftParallelismRenderer *self,
                                cairo_t                 *cr,
                                double                   width,
                                double                   height)
{
  cairo_rectangle_t plot;
  PangoLayout *layout;

  g_return_if_fail (WEFT_IS_PARALLELISM_RENDERER (self));
  g_return_if_fail (cr != NULL);

  cairo_save (cr);
  weft_rgba_set_source (cr, &self->theme.background);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  if (self->dataset == NULL)
    {
      cairo_restore (cr);
      return;
    }

  weft_parallelism_renderer_get_plot_area (self, width, height, &plot);
  layout = weft_grid_create_layout (cr, self->text);
  draw_caption (self, cr, layout, width);
  if (plot.width >= 1 && plot.height >= 1)
    {
      ensure_bins (self, &plot);
      draw_levels (self, cr, layout, &plot);
      draw_profile (self, cr, &plot);
      draw_ruler (self, cr, layout, &plot);
    }
  g_object_unref (layout);
  cairo_restore (cr);
}

/**
 * weft_parallelism_draw_picture:
 *
 * The exporter's "parallelism" picture (a #WeftPictureFunc): busy agents
 * over the whole run.
 */
gboolean
weft_parallelism_draw_picture (WeftDataset           *dataset,
                               const char            *view,
                               const WeftViewOptions *options,
                               const WeftRenderTheme *theme,
                               cairo_t               *cr,
                               double                 width,
                               double                 height,
                               GError               **error)
{
  g_autoptr(WeftParallelismRenderer) renderer = NULL;

  if (!WEFT_IS_VISANDOR_DATASET (dataset))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("The busy agents picture needs a VisAndOr trace"));
      return FALSE;
    }

  renderer = weft_parallelism_renderer_new ();
  if (theme != NULL)
    weft_parallelism_renderer_set_theme (renderer, theme);
  weft_parallelism_renderer_set_dataset (renderer, WEFT_VISANDOR_DATASET (dataset));
  weft_parallelism_renderer_draw (renderer, cr, width, height);

  return TRUE;
}

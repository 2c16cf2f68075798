/* bench-matrix.c: frame times of the communication-matrix renderer.
 *
 * Draws random 512 × 512 and 1024 × 1024 matrices (about a third of the cells
 * non-zero, values over six orders of magnitude) into a 1000 × 1000 image, as
 * the widget does on every frame: the first frame builds the cached cell
 * image, later frames move the hovered cell (so highlights and labels are
 * redrawn each time). Also a 512 × 512 matrix zoomed in far enough for values
 * to be printed in the cells. DESIGN.md's target: 512 × 512 in ≤ 4 ms. And
 * a 4096 × 4096 DDT array, whole and zoomed; and a comparison of two runs'
 * 512 × 512 matrices (their difference on the diverging scale), which should
 * draw as fast as one run's matrix. And the ring graph of 64 and of 512
 * locales that all talk to each other.
 *
 * Prints "bench NAME value unit" lines: wall-clock times, and the same frames
 * in CPU time of the drawing thread ("-cpu-"), which other processes on a
 * busy machine do not inflate.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "bench-util.h"
#include "weft-matrix-renderer.h"
#include "weft-ring-graph-renderer.h"

#define WIDTH    1000
#define HEIGHT   1000
#define N_FRAMES 300

static WeftMatrix *
random_matrix (gsize  n,
               GRand *rand)
{
  WeftMatrix *m = weft_matrix_new_2d (n, n);
  double *data = weft_matrix_get_data (m);

  weft_matrix_set_value_name (m, "count");
  weft_matrix_set_dim_name (m, 0, "from locale");
  weft_matrix_set_dim_name (m, 1, "to locale");
  for (gsize i = 0; i < n * n; i++)
    data[i] = g_rand_int_range (rand, 0, 3) == 0 ? floor (pow (10, g_rand_double_range (rand, 0, 6))) : 0;

  return m;
}

static void
bench_matrix (WeftMatrix         *matrix,
              gsize               n,
              WeftColorScaleMode  mode,
              double              zoom,
              const char         *name,
              gboolean            print_p50,
              GRand              *rand)
{
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  double frames[N_FRAMES], cpu[N_FRAMES], cpu_start;
  gint64 start;

  /* The first frame: stats, label measurement, the cell image. */
  start = g_get_monotonic_time ();
  weft_matrix_renderer_set_matrix (renderer, matrix);
  weft_matrix_renderer_set_scale_mode (renderer, mode);
  weft_matrix_renderer_zoom_at (renderer, WIDTH, HEIGHT, zoom, WIDTH / 2.0, HEIGHT / 2.0);
  weft_matrix_renderer_draw (renderer, cr, WIDTH, HEIGHT);
  cairo_surface_flush (surface);
  g_print ("bench %s-first-frame %.2f ms\n", name, weft_bench_ms_since (start));

  for (guint i = 0; i < N_FRAMES; i++)
    {
      weft_matrix_renderer_set_hover (renderer, g_rand_int_range (rand, 0, (gint32)n),
                                      g_rand_int_range (rand, 0, (gint32)n));
      start = g_get_monotonic_time ();
      cpu_start = weft_bench_thread_cpu_ms ();
      weft_matrix_renderer_draw (renderer, cr, WIDTH, HEIGHT);
      cairo_surface_flush (surface);
      frames[i] = weft_bench_ms_since (start);
      cpu[i] = weft_bench_thread_cpu_ms () - cpu_start;
    }
  weft_bench_sort (frames, N_FRAMES);
  weft_bench_sort (cpu, N_FRAMES);
  if (print_p50)
    g_print ("bench %s-frame-p50 %.2f ms\n", name, weft_bench_percentile (frames, N_FRAMES, 50));
  g_print ("bench %s-frame-p95 %.2f ms\n", name, weft_bench_percentile (frames, N_FRAMES, 95));
  g_print ("bench %s-frame-cpu-p95 %.2f ms\n", name, weft_bench_percentile (cpu, N_FRAMES, 95));

  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
bench_size (gsize               n,
            WeftColorScaleMode  mode,
            double              zoom,
            const char         *name,
            gboolean            print_p50,
            GRand              *rand)
{
  g_autoptr(WeftMatrix) matrix = random_matrix (n, rand);

  bench_matrix (matrix, n, mode, zoom, name, print_p50, rand);
}

/* Two runs' n × n matrices compared (other − base), then drawn. */
static void
bench_compare (gsize       n,
               const char *name,
               GRand      *rand)
{
  g_autoptr(WeftMatrix) base = random_matrix (n, rand);
  g_autoptr(WeftMatrix) other = random_matrix (n, rand);
  g_autoptr(WeftMatrix) difference = NULL;
  gint64 start = g_get_monotonic_time ();

  difference = weft_matrix_compare (base, other, WEFT_COMPARE_DIFFERENCE, NULL, NULL);
  g_print ("bench %s-build %.2f ms\n", name, weft_bench_ms_since (start));
  bench_matrix (difference, n, WEFT_COLOR_SCALE_DIVERGING, 1.0, name, TRUE, rand);
}

/* The ring graph (Chapel's Graph view) of @n locales that all talk to each
 * other: n (n - 1) link halves, drawn once into a 1000 × 1000 image as the
 * widget's cached layer is. */
static void
bench_ring_graph (guint       n,
                  const char *name,
                  GRand      *rand)
{
  g_autoptr(WeftMatrix) m = random_matrix (n, rand);
  g_autoptr(WeftRingGraphRenderer) renderer = weft_ring_graph_renderer_new ();
  double *data = weft_matrix_get_data (m);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  gint64 start;

  for (gsize i = 0; i < (gsize)n * n; i++)
    data[i] = i / n == i % n ? 0 : 1 + g_rand_int_range (rand, 0, 1000);
  weft_ring_graph_renderer_set_matrix (renderer, m);
  start = g_get_monotonic_time ();
  weft_ring_graph_renderer_draw (renderer, cr, WIDTH, HEIGHT);
  cairo_surface_flush (surface);
  g_print ("bench %s-first-frame %.2f ms\n", name, weft_bench_ms_since (start));
  /* Hovering a node draws its links on top of the cached rest. */
  weft_ring_graph_renderer_set_hover (renderer, &(WeftRingGraphHit) { .kind = WEFT_RING_GRAPH_HIT_NODE, .node = 7 });
  start = g_get_monotonic_time ();
  weft_ring_graph_renderer_draw (renderer, cr, WIDTH, HEIGHT);
  cairo_surface_flush (surface);
  g_print ("bench %s-hover-frame %.2f ms\n", name, weft_bench_ms_since (start));
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Loads fontconfig and the font once, as the application has done long
 * before it shows a matrix, so that the first-frame figures measure the
 * matrix's own work. */
static void
warm_up_fonts (void)
{
  g_autoptr(WeftMatrix) tiny = weft_matrix_new_2d (2, 2);
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 200);
  cairo_t *cr = cairo_create (surface);

  weft_matrix_renderer_set_matrix (renderer, tiny);
  weft_matrix_renderer_draw (renderer, cr, 200, 200);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261121);
  gint64 start = g_get_monotonic_time ();

  warm_up_fonts ();
  g_print ("bench matrix-font-warm-up %.2f ms\n", weft_bench_ms_since (start));

  bench_size (512, WEFT_COLOR_SCALE_LINEAR, 1.0, "matrix-512", TRUE, rand);
  bench_size (1024, WEFT_COLOR_SCALE_LINEAR, 1.0, "matrix-1024", TRUE, rand);
  bench_size (512, WEFT_COLOR_SCALE_LOG, 1.0, "matrix-512-log", FALSE, rand);
  /* Zoomed in until values are printed in the cells (about 32 px cells, some
   * 900 cells on screen): the frame with the most text. */
  bench_size (512, WEFT_COLOR_SCALE_LINEAR, 17.0, "matrix-512-zoomed", TRUE, rand);
  /* A DDT array of 4096 × 4096 (16.7 M cells) on the diverging scale: the
   * whole array, then zoomed in 64 times (about 64 × 64 cells on screen). */
  bench_size (4096, WEFT_COLOR_SCALE_DIVERGING, 1.0, "array-4096", TRUE, rand);
  bench_size (4096, WEFT_COLOR_SCALE_DIVERGING, 64.0, "array-4096-zoomed", TRUE, rand);
  bench_compare (512, "matrix-512-compare", rand);
  bench_ring_graph (64, "ring-graph-64-dense", rand);
  bench_ring_graph (512, "ring-graph-512-dense", rand);

  return 0;
}

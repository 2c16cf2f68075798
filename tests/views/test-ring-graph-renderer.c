/* test-ring-graph-renderer.c: node positions, link half colours, hit tests
 * and large graphs of the ring graph (chplvis's Graph view).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "views-test-util.h"
#include "weft-grid-util.h"
#include "weft-ring-graph-renderer.h"

#define THIN_SPACE "\u2009"

static cairo_surface_t *
render (WeftRingGraphRenderer *renderer,
        int                    width,
        int                    height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  weft_ring_graph_renderer_draw (renderer, cr, width, height);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  return surface;
}

static void
assert_position (guint  n,
                 guint  i,
                 double expected_x,
                 double expected_y)
{
  cairo_rectangle_t plot = { 0, 0, 200, 200 };
  double x, y;

  weft_ring_graph_node_position (n, i, &plot, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, expected_x, 1e-6);
  g_assert_cmpfloat_with_epsilon (y, expected_y, 1e-6);
}

/* Radii 85 (0.85 × 100) around (100, 100). n = 5 starts at the top; n = 4 is
 * offset by half a step (45°), so nodes sit at the diagonals. */
static void
test_node_positions (void)
{
  cairo_rectangle_t wide = { 10, 20, 400, 100 };
  double x, y;

  assert_position (5, 0, 100.0, 15.0);
  assert_position (5, 1, 100 + 85 * 0.9510565162951535, 100 - 85 * 0.3090169943749474);
  assert_position (5, 2, 100 + 85 * 0.5877852522924731, 100 + 85 * 0.8090169943749475);
  assert_position (5, 3, 100 - 85 * 0.5877852522924731, 100 + 85 * 0.8090169943749475);
  assert_position (5, 4, 100 - 85 * 0.9510565162951535, 100 - 85 * 0.3090169943749474);

  assert_position (4, 0, 100 + 85 * G_SQRT2 / 2, 100 - 85 * G_SQRT2 / 2);
  assert_position (4, 1, 100 + 85 * G_SQRT2 / 2, 100 + 85 * G_SQRT2 / 2);
  assert_position (4, 2, 100 - 85 * G_SQRT2 / 2, 100 + 85 * G_SQRT2 / 2);
  assert_position (4, 3, 100 - 85 * G_SQRT2 / 2, 100 - 85 * G_SQRT2 / 2);

  /* An ellipse: 0.85 of each half size, around the rectangle's centre. */
  weft_ring_graph_node_position (2, 0, &wide, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 210 + 170, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, 70, 1e-9);
  weft_ring_graph_node_position (3, 0, &wide, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 210, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, 70 - 42.5, 1e-9);
}

/* Four locales: 0 → 1 carries 100 and nothing comes back; 2 → 3 carries 50
 * and 3 → 2 carries 100. Tasks per locale colour the nodes. */
static void
make_graph (WeftMatrix     **matrix,
            WeftValueTable **values)
{
  WeftMatrix *m = weft_matrix_new_2d (4, 4);
  WeftValueTable *v = weft_value_table_new (4, 2);

  weft_matrix_set_value_name (m, "count");
  weft_matrix_set_dim_name (m, 0, "from locale");
  weft_matrix_set_dim_name (m, 1, "to locale");
  weft_matrix_set_2d (m, 0, 1, 100);
  weft_matrix_set_2d (m, 2, 3, 50);
  weft_matrix_set_2d (m, 3, 2, 100);
  weft_matrix_set_2d (m, 1, 1, 1000);  /* local traffic: no link, and not in the scale */

  weft_value_table_set_column (v, 0, "tasks", NULL);
  weft_value_table_set_column (v, 1, "cpu", "s");
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *name = g_strdup_printf ("locale %u", i);

      weft_value_table_set_row_name (v, i, name);
      weft_value_table_set (v, i, 0, i * 10);  /* 0, 10, 20, 30 */
      weft_value_table_set (v, i, 1, 0.5 * (i + 1));
    }

  *matrix = m;
  *values = v;
}

static void
point_on_link (WeftRingGraphRenderer *renderer,
               guint                  a,
               guint                  b,
               double                 t,
               double                *x,
               double                *y)
{
  double ax, ay, bx, by;

  g_assert_true (weft_ring_graph_renderer_get_node_center (renderer, 400, 400, a, &ax, &ay));
  g_assert_true (weft_ring_graph_renderer_get_node_center (renderer, 400, 400, b, &bx, &by));
  *x = ax + (bx - ax) * t;
  *y = ay + (by - ay) * t;
}

static void
test_link_halves (void)
{
  g_autoptr(WeftMatrix) m = NULL;
  g_autoptr(WeftValueTable) v = NULL;
  g_autoptr(WeftRingGraphRenderer) renderer = weft_ring_graph_renderer_new ();
  WeftRenderTheme theme;
  cairo_surface_t *surface;
  WeftRingGraphLayout layout;
  ViewsPixel grey;
  WeftRgba color;
  double x, y;

  weft_render_theme_init_light (&theme);
  make_graph (&m, &v);
  weft_ring_graph_renderer_set_matrix (renderer, m);
  weft_ring_graph_renderer_set_node_values (renderer, v, 0);
  weft_ring_graph_renderer_get_layout (renderer, 400, 400, &layout);
  g_assert_cmpfloat (layout.node_size, ==, 30.0);
  g_assert_cmpfloat (layout.link_width, ==, 3.0);
  g_assert_true (layout.labels_inside);
  /* The diagonal is not a link: the link scale's maximum is 100, not 1000. */
  g_assert_cmpfloat (weft_ring_graph_renderer_get_link_scale (renderer)->max, ==, 100.0);

  surface = render (renderer, 400, 400);
  grey = views_pixel_from_rgba (&(WeftRgba) { 0.55, 0.55, 0.55, 1 });

  /* Link 0–1: the half next to 1 shows 0 → 1 (100, hot); the half next to 0
   * shows 1 → 0 (nothing), grey because the other way has traffic. */
  point_on_link (renderer, 0, 1, 0.75, &x, &y);
  views_assert_pixel (surface, x, y, (ViewsPixel) { 255, 0, 0 }, 0);
  point_on_link (renderer, 0, 1, 0.25, &x, &y);
  views_assert_pixel (surface, x, y, grey, 1);

  /* Link 2–3: next to 3, 2 → 3 = 50 (half way); next to 2, 3 → 2 = 100. */
  point_on_link (renderer, 2, 3, 0.75, &x, &y);
  views_assert_pixel (surface, x, y, views_ramp_pixel (0.5), 1);
  point_on_link (renderer, 2, 3, 0.25, &x, &y);
  views_assert_pixel (surface, x, y, (ViewsPixel) { 255, 0, 0 }, 0);

  /* No traffic either way between 1 and 2: no link, background. */
  point_on_link (renderer, 1, 2, 0.3, &x, &y);
  views_assert_pixel (surface, x, y, (ViewsPixel) { 255, 255, 255 }, 0);

  /* The colours the renderer reports are the ones it drew. */
  color = weft_ring_graph_renderer_get_link_color (renderer, 2, 3);
  point_on_link (renderer, 2, 3, 0.75, &x, &y);
  views_assert_pixel (surface, x, y, views_pixel_from_rgba (&color), 1);
  color = weft_ring_graph_renderer_get_link_color (renderer, 1, 2);
  g_assert_cmpfloat (color.alpha, ==, 0.0);

  /* Nodes: 0 tasks is white (chplvis), 30 is hot, 10 a third of the way. A
   * corner of the box, away from the number in its middle. */
  for (guint i = 0; i < 4; i++)
    {
      double cx, cy;
      ViewsPixel expected = i == 0 ? (ViewsPixel) { 255, 255, 255 } : views_ramp_pixel (i / 3.0);

      weft_ring_graph_renderer_get_node_center (renderer, 400, 400, i, &cx, &cy);
      views_assert_pixel (surface, cx - 11, cy - 11, expected, 1);
    }

  cairo_surface_destroy (surface);
  weft_render_theme_clear (&theme);
}

static void
test_hit_test (void)
{
  g_autoptr(WeftMatrix) m = NULL;
  g_autoptr(WeftValueTable) v = NULL;
  g_autoptr(WeftRingGraphRenderer) renderer = weft_ring_graph_renderer_new ();
  WeftRingGraphLayout layout;
  WeftRingGraphHit hit;
  double x, y, ax, ay, bx, by, nx, ny, len;

  make_graph (&m, &v);
  weft_ring_graph_renderer_set_matrix (renderer, m);
  weft_ring_graph_renderer_set_node_values (renderer, v, 0);

  for (guint i = 0; i < 4; i++)
    {
      weft_ring_graph_renderer_get_node_center (renderer, 400, 400, i, &x, &y);
      weft_ring_graph_renderer_hit_test (renderer, 400, 400, x + 14, y - 14, &hit);
      g_assert_cmpint (hit.kind, ==, WEFT_RING_GRAPH_HIT_NODE);
      g_assert_cmpuint (hit.node, ==, i);
      g_assert_cmpfloat (hit.value, ==, i * 10.0);
    }

  /* The half next to 1 is 0 → 1; the half next to 0 is 1 → 0 (no traffic). */
  point_on_link (renderer, 0, 1, 0.75, &x, &y);
  weft_ring_graph_renderer_hit_test (renderer, 400, 400, x, y, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_RING_GRAPH_HIT_LINK);
  g_assert_cmpuint (hit.from, ==, 0);
  g_assert_cmpuint (hit.to, ==, 1);
  g_assert_cmpfloat (hit.value, ==, 100);
  point_on_link (renderer, 0, 1, 0.25, &x, &y);
  weft_ring_graph_renderer_hit_test (renderer, 400, 400, x, y, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_RING_GRAPH_HIT_LINK);
  g_assert_cmpuint (hit.from, ==, 1);
  g_assert_cmpuint (hit.to, ==, 0);
  g_assert_cmpfloat (hit.value, ==, 0);

  /* Within 5 px of the line it still hits; at 6 px it does not. */
  weft_ring_graph_renderer_get_node_center (renderer, 400, 400, 2, &ax, &ay);
  weft_ring_graph_renderer_get_node_center (renderer, 400, 400, 3, &bx, &by);
  len = hypot (bx - ax, by - ay);
  nx = -(by - ay) / len;
  ny = (bx - ax) / len;
  point_on_link (renderer, 2, 3, 0.6, &x, &y);
  weft_ring_graph_renderer_hit_test (renderer, 400, 400, x + 4.9 * nx, y + 4.9 * ny, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_RING_GRAPH_HIT_LINK);
  g_assert_cmpuint (hit.from, ==, 2);
  g_assert_cmpuint (hit.to, ==, 3);
  g_assert_cmpfloat (hit.value, ==, 50);
  weft_ring_graph_renderer_hit_test (renderer, 400, 400, x + 6 * nx, y + 6 * ny, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_RING_GRAPH_HIT_NONE);

  /* Where there is no link there is nothing to hit. */
  point_on_link (renderer, 1, 2, 0.5, &x, &y);
  weft_ring_graph_renderer_hit_test (renderer, 400, 400, x, y, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_RING_GRAPH_HIT_NONE);

  weft_ring_graph_renderer_get_layout (renderer, 400, 400, &layout);
  weft_ring_graph_renderer_hit_test (renderer, 400, 400, layout.link_legend.x + 3,
                                     layout.link_legend.y + 3, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_RING_GRAPH_HIT_LINK_LEGEND);
  weft_ring_graph_renderer_hit_test (renderer, 400, 400, layout.node_legend.x + 3,
                                     layout.node_legend.y + 3, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_RING_GRAPH_HIT_NODE_LEGEND);
}

static void
test_describe (void)
{
  g_autoptr(WeftMatrix) m = NULL;
  g_autoptr(WeftValueTable) v = NULL;
  g_autoptr(WeftRingGraphRenderer) renderer = weft_ring_graph_renderer_new ();
  WeftRingGraphHit node = { WEFT_RING_GRAPH_HIT_NODE, 3, 0, 0, 0 };
  WeftRingGraphHit link = { WEFT_RING_GRAPH_HIT_LINK, 0, 2, 3, 0 };
  WeftRingGraphHit grey = { WEFT_RING_GRAPH_HIT_LINK, 0, 1, 0, 0 };
  g_autofree char *node_text = NULL;
  g_autofree char *cpu_text = NULL;
  g_autofree char *link_text = NULL;
  g_autofree char *grey_text = NULL;
  g_autofree char *bare_text = NULL;

  make_graph (&m, &v);
  weft_matrix_set_2d (m, 2, 3, 1234);
  weft_ring_graph_renderer_set_matrix (renderer, m);
  weft_ring_graph_renderer_set_node_values (renderer, v, 0);

  node_text = weft_ring_graph_renderer_describe_hit (renderer, &node);
  g_assert_cmpstr (node_text, ==, "locale 3\ntasks: 30");
  link_text = weft_ring_graph_renderer_describe_hit (renderer, &link);
  g_assert_cmpstr (link_text, ==, "from locale 2 → to locale 3\ncount: 1" THIN_SPACE "234");
  grey_text = weft_ring_graph_renderer_describe_hit (renderer, &grey);
  g_assert_cmpstr (grey_text, ==, "from locale 1 → to locale 0\nno traffic this way");

  g_assert_true (weft_ring_graph_renderer_set_node_values (renderer, v, 1));
  g_assert_false (weft_ring_graph_renderer_set_node_values (renderer, v, 1));
  cpu_text = weft_ring_graph_renderer_describe_hit (renderer, &node);
  g_assert_cmpstr (cpu_text, ==, "locale 3\ncpu: 2 s");

  /* Without a value table the node is named after the matrix's rows. */
  weft_ring_graph_renderer_set_node_values (renderer, NULL, 0);
  bare_text = weft_ring_graph_renderer_describe_hit (renderer, &node);
  g_assert_cmpstr (bare_text, ==, "locale 3");
}

static void
test_log_scale (void)
{
  g_autoptr(WeftMatrix) m = weft_matrix_new_2d (3, 3);
  g_autoptr(WeftRingGraphRenderer) renderer = weft_ring_graph_renderer_new ();
  WeftRgba c;

  weft_matrix_set_2d (m, 0, 1, 1);
  weft_matrix_set_2d (m, 1, 2, 10);
  weft_matrix_set_2d (m, 2, 0, 100);
  weft_ring_graph_renderer_set_matrix (renderer, m);

  c = weft_ring_graph_renderer_get_link_color (renderer, 1, 2);
  g_assert_cmpint (views_pixel_from_rgba (&c).r, ==, views_ramp_pixel (0.1).r);
  g_assert_true (weft_ring_graph_renderer_set_scale_mode (renderer, WEFT_COLOR_SCALE_LOG));
  c = weft_ring_graph_renderer_get_link_color (renderer, 1, 2);
  g_assert_cmpint (ABS (views_pixel_from_rgba (&c).r - views_ramp_pixel (0.5).r), <=, 1);
  c = weft_ring_graph_renderer_get_link_color (renderer, 0, 1);
  g_assert_cmpint (views_pixel_from_rgba (&c).r, ==, 0);
  g_assert_cmpint (views_pixel_from_rgba (&c).b, ==, 255);
}

/* The brightest red of the 5 × 5 pixels around (@x, @y). */
static ViewsPixel
reddest_near (cairo_surface_t *surface,
              double           x,
              double           y)
{
  ViewsPixel best = { 0, 0, 0 };

  for (int dy = -2; dy <= 2; dy++)
    for (int dx = -2; dx <= 2; dx++)
      {
        ViewsPixel p = views_get_pixel (surface, x + dx, y + dy);

        if (p.r > best.r)
          best = p;
      }
  return best;
}

/* Every pair of 100 nodes talks (9,900 link halves: drawn by Weft's own
 * rasterizer, not one cairo stroke each): the hot half 0 → 50 lies on top of
 * the cool ones, and the cool ones, all of one colour, make a union as
 * cairo's one path per colour did: where they cross, the colour at the
 * links' alpha over the background, not darker. */
static void
test_dense_graph (void)
{
  g_autoptr(WeftMatrix) m = weft_matrix_new_2d (100, 100);
  g_autoptr(WeftRingGraphRenderer) renderer = weft_ring_graph_renderer_new ();
  WeftRingGraphLayout layout;
  cairo_surface_t *surface;
  double x0, y0, x50, y50, cx, cy, r;
  ViewsPixel hot, crossing;
  gint64 start;

  for (guint i = 0; i < 100; i++)
    for (guint j = 0; j < 100; j++)
      if (i != j)
        weft_matrix_set_2d (m, i, j, 1);
  weft_matrix_set_2d (m, 0, 50, 100);
  weft_ring_graph_renderer_set_matrix (renderer, m);
  weft_ring_graph_renderer_get_layout (renderer, 800, 800, &layout);
  g_assert_cmpfloat (layout.link_alpha, ==, 0.8);

  start = g_get_monotonic_time ();
  surface = render (renderer, 800, 800);
  g_test_message ("100-node complete ring graph: %.1f ms", (g_get_monotonic_time () - start) / 1000.0);

  weft_ring_graph_renderer_get_node_center (renderer, 800, 800, 0, &x0, &y0);
  weft_ring_graph_renderer_get_node_center (renderer, 800, 800, 50, &x50, &y50);
  hot = reddest_near (surface, x0 + 0.75 * (x50 - x0), y0 + 0.75 * (y50 - y0));
  g_assert_cmpint (hot.r, >, 170);
  g_assert_cmpint (hot.g, <, 100);

  /* Off the hot diameter: cool (0, 180, 255) at 0.8 over white. */
  cx = (x0 + x50) / 2;
  cy = (y0 + y50) / 2;
  r = fabs (y50 - y0) / 2;
  crossing = views_get_pixel (surface, cx + 0.25 * r, cy + 0.25 * r);
  g_assert_cmpint (abs ((int)crossing.r - 51), <=, 12);
  g_assert_cmpint (abs ((int)crossing.g - 195), <=, 12);
  g_assert_cmpint (crossing.b, >=, 243);
  cairo_surface_destroy (surface);
}

/* 1024 nodes with traffic between all neighbours and some long links: small
 * boxes, thin translucent links, thinned labels; still hit-testable. */
static void
test_large_graph (void)
{
  g_autoptr(WeftMatrix) m = weft_matrix_new_2d (1024, 1024);
  g_autoptr(WeftRingGraphRenderer) renderer = weft_ring_graph_renderer_new ();
  WeftRingGraphLayout layout;
  WeftRingGraphHit hit;
  cairo_surface_t *surface;
  double x, y, x1, y1;
  gint64 start;

  for (guint i = 0; i < 1024; i++)
    {
      weft_matrix_set_2d (m, i, (i + 1) % 1024, 1 + i % 7);
      weft_matrix_set_2d (m, i, (i + 512) % 1024, 3);
    }
  weft_ring_graph_renderer_set_matrix (renderer, m);
  weft_ring_graph_renderer_get_layout (renderer, 1000, 1000, &layout);
  g_assert_cmpfloat (layout.node_size, >=, 3.0);
  g_assert_cmpfloat (layout.node_size, <, 10.0);
  g_assert_cmpfloat (layout.link_width, <, 1.0);
  g_assert_cmpfloat (layout.link_alpha, <, 1.0);
  g_assert_false (layout.labels_inside);
  g_assert_cmpuint (layout.label_step, >, 1);
  g_assert_cmpuint (layout.label_step, <, 1024);

  start = g_get_monotonic_time ();
  surface = render (renderer, 1000, 1000);
  g_test_message ("1024-node ring graph, first frame: %.1f ms",
                  (g_get_monotonic_time () - start) / 1000.0);
  cairo_surface_destroy (surface);

  /* Neighbouring nodes are distinct hits. */
  for (guint i = 0; i < 1024; i += 97)
    {
      weft_ring_graph_renderer_get_node_center (renderer, 1000, 1000, i, &x, &y);
      weft_ring_graph_renderer_hit_test (renderer, 1000, 1000, x, y, &hit);
      g_assert_cmpint (hit.kind, ==, WEFT_RING_GRAPH_HIT_NODE);
      g_assert_cmpuint (hit.node, ==, i);
    }

  /* The middle of the long link 0 → 512 (node 0's half is 512 → 0 = 3). */
  weft_ring_graph_renderer_get_node_center (renderer, 1000, 1000, 0, &x, &y);
  weft_ring_graph_renderer_get_node_center (renderer, 1000, 1000, 512, &x1, &y1);
  weft_ring_graph_renderer_hit_test (renderer, 1000, 1000, x + (x1 - x) * 0.3, y + (y1 - y) * 0.3, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_RING_GRAPH_HIT_LINK);
  g_assert_cmpuint (hit.from, ==, 512);
  g_assert_cmpuint (hit.to, ==, 0);
  g_assert_cmpfloat (hit.value, ==, 3);

  /* Hover and selection overlays on the cached picture. */
  g_assert_true (weft_ring_graph_renderer_set_selected_node (renderer, 5));
  g_assert_false (weft_ring_graph_renderer_set_selected_node (renderer, 5));
  g_assert_true (weft_ring_graph_renderer_set_hover (renderer, &hit));
  g_assert_false (weft_ring_graph_renderer_set_hover (renderer, &hit));
  start = g_get_monotonic_time ();
  surface = render (renderer, 1000, 1000);
  g_test_message ("1024-node ring graph, cached frame with overlays: %.1f ms",
                  (g_get_monotonic_time () - start) / 1000.0);
  cairo_surface_destroy (surface);
}

static void
test_selection_overlay (void)
{
  g_autoptr(WeftMatrix) m = NULL;
  g_autoptr(WeftValueTable) v = NULL;
  g_autoptr(WeftRingGraphRenderer) renderer = weft_ring_graph_renderer_new ();
  WeftRenderTheme theme;
  cairo_surface_t *surface;
  double x, y;

  weft_render_theme_init_light (&theme);
  make_graph (&m, &v);
  weft_ring_graph_renderer_set_matrix (renderer, m);
  weft_ring_graph_renderer_set_selected_node (renderer, 2);
  surface = render (renderer, 400, 400);
  /* A 2 px accent frame around the 30 px box, centred 17 px from the node's
   * centre (the pixel there is fully covered wherever the centre falls). */
  weft_ring_graph_renderer_get_node_center (renderer, 400, 400, 2, &x, &y);
  views_assert_pixel (surface, x - 17, y, views_pixel_from_rgba (&theme.accent), 0);
  cairo_surface_destroy (surface);
  weft_render_theme_clear (&theme);
}

/* Pixels of the accent colour beside the link 0 → 1 (its half next to 1),
 * 2 to 3.5 px off its centre line: the hovered link's outline. */
static guint
count_link_outline (WeftRingGraphRenderer *renderer,
                    cairo_surface_t       *surface,
                    const WeftRgba        *accent)
{
  ViewsPixel want = views_pixel_from_rgba (accent);
  double ax, ay, bx, by, nx, ny, len;
  guint n = 0;

  weft_ring_graph_renderer_get_node_center (renderer, 400, 400, 0, &ax, &ay);
  weft_ring_graph_renderer_get_node_center (renderer, 400, 400, 1, &bx, &by);
  len = hypot (bx - ax, by - ay);
  nx = -(by - ay) / len;
  ny = (bx - ax) / len;
  for (double t = 0.6; t < 0.95; t += 0.05)
    for (double d = 2.2; d <= 3.3; d += 0.1)
      for (int side = -1; side <= 1; side += 2)
        {
          ViewsPixel p = views_get_pixel (surface, ax + (bx - ax) * t + side * d * nx,
                                          ay + (by - ay) * t + side * d * ny);

          n += ABS (p.r - want.r) <= 1 && ABS (p.g - want.g) <= 1 && ABS (p.b - want.b) <= 1;
        }
  return n;
}

/* The link under the pointer is outlined in the accent colour. */
static void
test_hover_overlay (void)
{
  g_autoptr(WeftMatrix) m = NULL;
  g_autoptr(WeftValueTable) v = NULL;
  g_autoptr(WeftRingGraphRenderer) renderer = weft_ring_graph_renderer_new ();
  WeftRingGraphLayout layout;
  WeftRingGraphHit hit;
  WeftRenderTheme theme;
  cairo_surface_t *surface;
  double x, y;

  weft_render_theme_init_light (&theme);
  make_graph (&m, &v);
  weft_ring_graph_renderer_set_matrix (renderer, m);
  weft_ring_graph_renderer_get_layout (renderer, 400, 400, &layout);
  g_assert_cmpfloat (layout.link_width, ==, 3.0);

  surface = render (renderer, 400, 400);
  g_assert_cmpuint (count_link_outline (renderer, surface, &theme.accent), ==, 0);
  cairo_surface_destroy (surface);

  point_on_link (renderer, 0, 1, 0.75, &x, &y);
  weft_ring_graph_renderer_hit_test (renderer, 400, 400, x, y, &hit);
  g_assert_cmpint (hit.kind, ==, WEFT_RING_GRAPH_HIT_LINK);
  g_assert_true (weft_ring_graph_renderer_set_hover (renderer, &hit));
  surface = render (renderer, 400, 400);
  g_assert_cmpuint (count_link_outline (renderer, surface, &theme.accent), >, 4);
  cairo_surface_destroy (surface);

  weft_render_theme_clear (&theme);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/views/ring-graph/node-positions", test_node_positions);
  g_test_add_func ("/views/ring-graph/link-halves", test_link_halves);
  g_test_add_func ("/views/ring-graph/hit-test", test_hit_test);
  g_test_add_func ("/views/ring-graph/describe", test_describe);
  g_test_add_func ("/views/ring-graph/log-scale", test_log_scale);
  g_test_add_func ("/views/ring-graph/large", test_large_graph);
  g_test_add_func ("/views/ring-graph/dense", test_dense_graph);
  g_test_add_func ("/views/ring-graph/selection-overlay", test_selection_overlay);
  g_test_add_func ("/views/ring-graph/hover-overlay", test_hover_overlay);

  return g_test_run ();
}

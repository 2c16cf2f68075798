/* test-flame-graph-renderer.c: box geometry, hit testing, colours, focus and
 * pixels of WeftFlameGraphRenderer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "weft-flame-graph-renderer.h"
#include "weft-psv.h"
#include "weft-test-util.h"

#define W 600.0
#define H 200.0

/* main (8 processes) → a (6) → leaf, b (2): b is a stray branch. */
static WeftCallTree *
make_tree (void)
{
  WeftCallTree *tree = weft_call_tree_new ();
  WeftCallFrame f = { "main", "m.c", "", 0, 1, 0 };
  WeftCallNode main_node, a, b;

  main_node = weft_call_tree_add_child (tree, WEFT_CALL_TREE_ROOT, &f);
  weft_call_tree_set_counts (tree, main_node, 8, 8);
  f.function = "a";
  a = weft_call_tree_add_child (tree, main_node, &f);
  weft_call_tree_set_counts (tree, a, 6, 6);
  f.function = "b";
  b = weft_call_tree_add_child (tree, main_node, &f);
  weft_call_tree_set_counts (tree, b, 2, 2);
  f.function = "leaf";
  weft_call_tree_set_counts (tree, weft_call_tree_add_child (tree, a, &f), 3, 3);
  return tree;
}

/* Root frames: a process whose threads are in several of them counts once.
 * hpcrun's one-process profile (<program root>, <thread root>, <no
 * activity>, each reached by rank 0) has no divergent root; of DDT's main
 * (processes 0-7) and abort (3), abort is. With counts only, the largest
 * root frame's count stands for all the processes. */
static void
test_divergent_roots (void)
{
  g_autoptr(WeftCallTree) hpcrun = weft_call_tree_new ();
  g_autoptr(WeftCallTree) ddt = weft_call_tree_new ();
  g_autoptr(WeftCallTree) counts = weft_call_tree_new ();
  static const char *const roots[] = { "<program root>", "<thread root>", "<no activity>" };
  WeftCallFrame f = { "main", "m.c", "", 0, 1, 0 };
  WeftCallNode main_node, abort_node;
  WeftIntSet *set;

  for (guint i = 0; i < G_N_ELEMENTS (roots); i++)
    {
      WeftCallNode root;

      f.function = roots[i];
      root = weft_call_tree_add_child (hpcrun, WEFT_CALL_TREE_ROOT, &f);
      set = weft_int_set_new ();
      weft_int_set_add (set, 0);
      weft_call_tree_set_processes (hpcrun, root, set);
      g_assert_false (weft_flame_graph_is_divergent (hpcrun, root));
    }

  f.function = "main";
  main_node = weft_call_tree_add_child (ddt, WEFT_CALL_TREE_ROOT, &f);
  set = weft_int_set_new ();
  weft_int_set_add_range (set, 0, 7);
  weft_call_tree_set_processes (ddt, main_node, set);
  f.function = "abort";
  abort_node = weft_call_tree_add_child (ddt, WEFT_CALL_TREE_ROOT, &f);
  set = weft_int_set_new ();
  weft_int_set_add (set, 3);
  weft_call_tree_set_processes (ddt, abort_node, set);
  g_assert_false (weft_flame_graph_is_divergent (ddt, main_node));
  g_assert_true (weft_flame_graph_is_divergent (ddt, abort_node));

  for (guint i = 0; i < G_N_ELEMENTS (roots); i++)
    {
      f.function = roots[i];
      weft_call_tree_set_counts (counts, weft_call_tree_add_child (counts, WEFT_CALL_TREE_ROOT, &f), 1, 1);
    }
  for (WeftCallNode c = weft_call_tree_get_first_child (counts, WEFT_CALL_TREE_ROOT); c != WEFT_CALL_NODE_NONE;
       c = weft_call_tree_get_next_sibling (counts, c))
    g_assert_false (weft_flame_graph_is_divergent (counts, c));
}

static void
test_geometry (void)
{
  g_autoptr(WeftCallTree) tree = make_tree ();
  g_autoptr(WeftFlameGraphRenderer) renderer = weft_flame_graph_renderer_new ();
  cairo_rectangle_t r_main, r_a, r_b, r_leaf;
  double row = weft_flame_graph_renderer_get_row_height (renderer);

  weft_flame_graph_renderer_set_tree (renderer, tree);
  g_assert_cmpint (weft_flame_graph_renderer_get_metric (renderer), ==, -1);
  g_assert_cmpfloat (weft_flame_graph_renderer_get_value (renderer, WEFT_CALL_TREE_ROOT), ==, 8);
  g_assert_true (weft_flame_graph_renderer_get_node_rect (renderer, W, H, 1, &r_main));
  g_assert_true (weft_flame_graph_renderer_get_node_rect (renderer, W, H, 2, &r_a));
  g_assert_true (weft_flame_graph_renderer_get_node_rect (renderer, W, H, 3, &r_b));
  g_assert_true (weft_flame_graph_renderer_get_node_rect (renderer, W, H, 4, &r_leaf));
  g_assert_cmpfloat_with_epsilon (r_main.width, W, 1e-9);
  /* Width follows the process count: a (6) is three times b (2). */
  g_assert_cmpfloat_with_epsilon (r_a.width, W * 6 / 8, 1e-9);
  g_assert_cmpfloat_with_epsilon (r_b.width, W * 2 / 8, 1e-9);
  g_assert_cmpfloat_with_epsilon (r_a.width, 3 * r_b.width, 1e-9);
  g_assert_cmpfloat_with_epsilon (r_b.x, r_a.width, 1e-9);
  g_assert_cmpfloat_with_epsilon (r_leaf.width, r_a.width / 2, 1e-9);
  g_assert_cmpfloat_with_epsilon (r_a.y - r_main.y, row, 1e-9);

  /* Hit testing finds the box under a point, and nothing outside. */
  g_assert_cmpuint (weft_flame_graph_renderer_hit_test (renderer, W, H, r_b.x + 2, r_b.y + 2), ==, 3);
  g_assert_cmpuint (weft_flame_graph_renderer_hit_test (renderer, W, H, r_a.x + 2, r_a.y + 2), ==, 2);
  g_assert_cmpuint (weft_flame_graph_renderer_hit_test (renderer, W, H, r_leaf.x + r_leaf.width + 5,
                                                        r_leaf.y + 2), ==, WEFT_CALL_NODE_NONE);
  g_assert_cmpuint (weft_flame_graph_renderer_hit_test (renderer, W, H, 5, 2), ==, WEFT_CALL_NODE_NONE);

  /* Divergence: b is reached by 2 of main's 8 processes. */
  g_assert_true (weft_flame_graph_is_divergent (tree, 3));
  g_assert_false (weft_flame_graph_is_divergent (tree, 2));
  g_assert_false (weft_flame_graph_is_divergent (tree, 4));

  /* Focus on a: it spans the width, main stays above as context, b is gone. */
  g_assert_true (weft_flame_graph_renderer_set_focus (renderer, 2));
  g_assert_true (weft_flame_graph_renderer_get_node_rect (renderer, W, H, 2, &r_a));
  g_assert_cmpfloat_with_epsilon (r_a.width, W, 1e-9);
  g_assert_true (weft_flame_graph_renderer_get_node_rect (renderer, W, H, 4, &r_leaf));
  g_assert_cmpfloat_with_epsilon (r_leaf.width, W / 2, 1e-9);
  g_assert_false (weft_flame_graph_renderer_get_node_rect (renderer, W, H, 3, &r_b));
  g_assert_cmpuint (weft_flame_graph_renderer_hit_test (renderer, W, H, W - 2, r_main.y + 2), ==, 1);
}

static void
test_metric_width (void)
{
  g_autoptr(WeftCallTree) tree = make_tree ();
  g_autoptr(WeftFlameGraphRenderer) renderer = weft_flame_graph_renderer_new ();
  guint m = weft_call_tree_add_metric (tree, "time", "s", WEFT_CALL_METRIC_NONE);
  cairo_rectangle_t r_a, r_b;

  weft_call_tree_set_exclusive (tree, 2, m, 1.0);
  weft_call_tree_set_exclusive (tree, 4, m, 3.0);   /* a: 4 inclusive */
  weft_call_tree_set_exclusive (tree, 3, m, 2.0);   /* b: 2 */
  weft_flame_graph_renderer_set_tree (renderer, tree);
  g_assert_cmpint (weft_flame_graph_renderer_get_metric (renderer), ==, 0);
  g_assert_true (weft_flame_graph_renderer_get_node_rect (renderer, W, H, 2, &r_a));
  g_assert_true (weft_flame_graph_renderer_get_node_rect (renderer, W, H, 3, &r_b));
  /* Twice the value, twice the width. */
  g_assert_cmpfloat_with_epsilon (r_a.width, 2 * r_b.width, 1e-9);
  g_assert_cmpfloat_with_epsilon (r_a.width, W * 4 / 6, 1e-9);
}

static void
test_colors_and_describe (void)
{
  g_autoptr(WeftCallTree) tree = make_tree ();
  g_autoptr(WeftFlameGraphRenderer) renderer = weft_flame_graph_renderer_new ();
  double r1, g1, b1, r2, g2, b2;
  g_autofree char *text = NULL;

  weft_flame_graph_color_for_name ("MPI_Barrier", &r1, &g1, &b1);
  weft_flame_graph_color_for_name ("MPI_Barrier", &r2, &g2, &b2);
  g_assert_true (r1 == r2 && g1 == g2 && b1 == b2);
  weft_flame_graph_color_for_name ("MPI_Recv", &r2, &g2, &b2);
  g_assert_false (r1 == r2 && g1 == g2 && b1 == b2);

  weft_flame_graph_renderer_set_tree (renderer, tree);
  text = weft_flame_graph_renderer_describe_node (renderer, 3);
  g_assert_cmpstr (text, ==, "b\nm.c:1\n2 of 8 processes, 2 threads\nReached by a minority of its caller’s processes");
}

static guint32
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  guint32 pixel;

  memcpy (&pixel, data + y * cairo_image_surface_get_stride (surface) + x * 4, sizeof pixel);
  return pixel & 0xffffff;
}

/* The picture: each box's middle has its function's colour. */
static void
test_pixels (void)
{
  g_autoptr(WeftCallTree) tree = make_tree ();
  g_autoptr(WeftFlameGraphRenderer) renderer = weft_flame_graph_renderer_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int)W, (int)H);
  cairo_t *cr = cairo_create (surface);
  cairo_rectangle_t r;
  double red, green, blue;
  guint32 expected, background;
  int y;

  weft_flame_graph_renderer_set_tree (renderer, tree);
  weft_flame_graph_renderer_draw (renderer, cr, W, H);
  cairo_surface_flush (surface);

  g_assert_true (weft_flame_graph_renderer_get_node_rect (renderer, W, H, 2, &r));
  weft_flame_graph_color_for_name ("a", &red, &green, &blue);
  expected = ((guint32)lround (red * 255) << 16) | ((guint32)lround (green * 255) << 8) | (guint32)lround (blue * 255);
  /* Below the label, inside the box (the label sits at the left). */
  y = (int)(r.y + r.height - 3);
  g_assert_cmphex (pixel_at (surface, (int)(r.x + r.width - 4), y), ==, expected);
  /* Right of the leaf (half of a), nothing is drawn in the leaf's row. */
  background = pixel_at (surface, (int)W - 2, (int)H / 2 + 40);
  g_assert_true (weft_flame_graph_renderer_get_node_rect (renderer, W, H, 4, &r));
  g_assert_cmphex (pixel_at (surface, (int)(r.x + r.width + 20), (int)(r.y + r.height / 2)), ==, background);
  g_assert_cmphex (pixel_at (surface, (int)(r.x + r.width - 4), (int)(r.y + r.height - 3)), !=, background);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* A deep chain draws without recursion and clips at the bottom row. */
static void
test_deep_chain (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  g_autoptr(WeftFlameGraphRenderer) renderer = weft_flame_graph_renderer_new ();
  WeftCallFrame f = { "f", "", "", 0, 0, 0 };
  WeftCallNode n = WEFT_CALL_TREE_ROOT;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 100, 100);
  cairo_t *cr = cairo_create (surface);
  cairo_rectangle_t r;

  for (guint i = 0; i < 200000; i++)
    n = weft_call_tree_add_child (tree, n, &f);
  weft_flame_graph_renderer_set_tree (renderer, tree);
  weft_flame_graph_renderer_draw (renderer, cr, 100, 100);
  g_assert_false (weft_flame_graph_renderer_get_node_rect (renderer, 100, 100, n, &r));
  g_assert_true (weft_flame_graph_renderer_set_focus (renderer, n));
  g_assert_true (weft_flame_graph_renderer_get_node_rect (renderer, 100, 100, n, &r));
  weft_flame_graph_renderer_draw (renderer, cr, 100, 100);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/flame-graph/geometry", test_geometry);
  g_test_add_func ("/flame-graph/divergent-roots", test_divergent_roots);
  g_test_add_func ("/flame-graph/metric-width", test_metric_width);
  g_test_add_func ("/flame-graph/colors-describe", test_colors_and_describe);
  g_test_add_func ("/flame-graph/pixels", test_pixels);
  g_test_add_func ("/flame-graph/deep-chain", test_deep_chain);

  return g_test_run ();
}

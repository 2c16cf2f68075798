/* test-grid-ring-graph-view.c: WeftRingGraphView in a real window: hits on
 * nodes and link halves become signals; keyboard; tooltips; notifications.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>

#include "weft-ui-test-util.h"
#include "weft-ring-graph-view.h"

#define THIN_SPACE "\u2009"

typedef struct
{
  guint nodes;
  guint node;
  guint links;
  guint from;
  guint to;
} Signals;

static void
node_activated_cb (WeftRingGraphView *view,
                   guint              node,
                   Signals           *s)
{
  s->nodes++;
  s->node = node;
}

static void
link_activated_cb (WeftRingGraphView *view,
                   guint              from,
                   guint              to,
                   Signals           *s)
{
  s->links++;
  s->from = from;
  s->to = to;
}

/* 0 → 1 carries 1 234, nothing comes back; 2 ↔ 3 both ways. */
static void
make_graph (WeftMatrix     **matrix,
            WeftValueTable **values)
{
  WeftMatrix *m = weft_matrix_new_2d (4, 4);
  WeftValueTable *v = weft_value_table_new (4, 1);

  weft_matrix_set_value_name (m, "count");
  weft_matrix_set_dim_name (m, 0, "from locale");
  weft_matrix_set_dim_name (m, 1, "to locale");
  weft_matrix_set_2d (m, 0, 1, 1234);
  weft_matrix_set_2d (m, 2, 3, 5);
  weft_matrix_set_2d (m, 3, 2, 7);
  weft_value_table_set_column (v, 0, "tasks", NULL);
  for (guint i = 0; i < 4; i++)
    {
      g_autofree char *name = g_strdup_printf ("locale %u", i);

      weft_value_table_set_row_name (v, i, name);
      weft_value_table_set (v, i, 0, i + 1);
    }
  *matrix = m;
  *values = v;
}

static void
point_on_link (WeftRingGraphView *view,
               guint              a,
               guint              b,
               double             t,
               double            *x,
               double            *y)
{
  graphene_point_t pa, pb;

  g_assert_true (weft_ring_graph_view_get_node_center (view, a, &pa));
  g_assert_true (weft_ring_graph_view_get_node_center (view, b, &pb));
  *x = pa.x + (pb.x - pa.x) * t;
  *y = pa.y + (pb.y - pa.y) * t;
}

static void
test_hits_become_signals (void)
{
  g_autoptr(WeftMatrix) m = NULL;
  g_autoptr(WeftValueTable) v = NULL;
  GtkWidget *view = weft_ring_graph_view_new ();
  GtkWidget *window;
  Signals s = { 0 };
  graphene_point_t center;
  double x, y;

  make_graph (&m, &v);
  g_object_set (view, "matrix", m, "node-values", v, NULL);
  g_signal_connect (view, "node-activated", G_CALLBACK (node_activated_cb), &s);
  g_signal_connect (view, "link-activated", G_CALLBACK (link_activated_cb), &s);
  window = weft_ui_show_in_window (view, 560, 600);

  /* A click on node 2. */
  g_assert_true (weft_ring_graph_view_get_node_center (WEFT_RING_GRAPH_VIEW (view), 2, &center));
  weft_ui_click (view, center.x + 5, center.y - 5);
  g_assert_cmpuint (s.nodes, ==, 1);
  g_assert_cmpuint (s.node, ==, 2);
  g_assert_cmpint (weft_ring_graph_view_get_selected_node (WEFT_RING_GRAPH_VIEW (view)), ==, 2);

  /* The half next to node 1 is the traffic 0 → 1. */
  point_on_link (WEFT_RING_GRAPH_VIEW (view), 0, 1, 0.7, &x, &y);
  weft_ui_click (view, x, y);
  g_assert_cmpuint (s.links, ==, 1);
  g_assert_cmpuint (s.from, ==, 0);
  g_assert_cmpuint (s.to, ==, 1);

  /* The grey half next to node 0 (nothing 1 → 0) opens nothing. */
  point_on_link (WEFT_RING_GRAPH_VIEW (view), 0, 1, 0.3, &x, &y);
  g_assert_false (weft_ring_graph_view_activate_at (WEFT_RING_GRAPH_VIEW (view), x, y));
  weft_ui_click (view, x, y);
  g_assert_cmpuint (s.links, ==, 1);

  /* Both halves of 2 ↔ 3. */
  point_on_link (WEFT_RING_GRAPH_VIEW (view), 2, 3, 0.3, &x, &y);
  weft_ui_click (view, x, y);
  g_assert_cmpuint (s.links, ==, 2);
  g_assert_cmpuint (s.from, ==, 3);
  g_assert_cmpuint (s.to, ==, 2);

  weft_ui_destroy_window (window);
}

static void
test_keyboard (void)
{
  g_autoptr(WeftMatrix) m = NULL;
  g_autoptr(WeftValueTable) v = NULL;
  GtkWidget *view = weft_ring_graph_view_new ();
  GtkWidget *window;
  Signals s = { 0 };

  make_graph (&m, &v);
  g_object_set (view, "matrix", m, "node-values", v, NULL);
  g_signal_connect (view, "node-activated", G_CALLBACK (node_activated_cb), &s);
  window = weft_ui_show_in_window (view, 560, 600);

  g_assert_true (weft_ui_press_key (view, GDK_KEY_Right, 0));
  g_assert_cmpint (weft_ring_graph_view_get_selected_node (WEFT_RING_GRAPH_VIEW (view)), ==, 0);
  /* Left from node 0 wraps round to node 3. */
  g_assert_true (weft_ui_press_key (view, GDK_KEY_Left, 0));
  g_assert_cmpint (weft_ring_graph_view_get_selected_node (WEFT_RING_GRAPH_VIEW (view)), ==, 3);
  g_assert_true (weft_ui_press_key (view, GDK_KEY_Return, 0));
  g_assert_cmpuint (s.nodes, ==, 1);
  g_assert_cmpuint (s.node, ==, 3);

  weft_ui_destroy_window (window);
}

static void
test_tooltips (void)
{
  g_autoptr(WeftMatrix) m = NULL;
  g_autoptr(WeftValueTable) v = NULL;
  GtkWidget *view = weft_ring_graph_view_new ();
  GtkWidget *window;
  g_autofree char *node = NULL;
  g_autofree char *link = NULL;
  graphene_point_t center;
  double x, y;

  make_graph (&m, &v);
  g_object_set (view, "matrix", m, "node-values", v, NULL);
  window = weft_ui_show_in_window (view, 560, 600);

  weft_ring_graph_view_get_node_center (WEFT_RING_GRAPH_VIEW (view), 1, &center);
  node = weft_ring_graph_view_dup_tooltip_text (WEFT_RING_GRAPH_VIEW (view), center.x, center.y);
  g_assert_cmpstr (node, ==, "locale 1\ntasks: 2");
  point_on_link (WEFT_RING_GRAPH_VIEW (view), 0, 1, 0.8, &x, &y);
  link = weft_ring_graph_view_dup_tooltip_text (WEFT_RING_GRAPH_VIEW (view), x, y);
  g_assert_cmpstr (link, ==, "from locale 0 → to locale 1\ncount: 1" THIN_SPACE "234");

  weft_ui_destroy_window (window);
}

static void
test_notify (void)
{
  g_autoptr(WeftMatrix) m = NULL;
  g_autoptr(WeftValueTable) v = NULL;
  WeftRingGraphView *view = g_object_ref_sink (WEFT_RING_GRAPH_VIEW (weft_ring_graph_view_new ()));
  guint selected = 0, columns = 0, values = 0;

  make_graph (&m, &v);
  g_signal_connect (view, "notify::selected-node", G_CALLBACK (weft_ui_count_cb), &selected);
  g_signal_connect (view, "notify::node-column", G_CALLBACK (weft_ui_count_cb), &columns);
  g_signal_connect (view, "notify::node-values", G_CALLBACK (weft_ui_count_cb), &values);

  weft_ring_graph_view_set_matrix (view, m);
  weft_ring_graph_view_set_node_values (view, v);
  weft_ring_graph_view_set_node_values (view, v);
  g_assert_cmpuint (values, ==, 1);
  weft_ring_graph_view_set_selected_node (view, 1);
  weft_ring_graph_view_set_selected_node (view, 1);
  g_assert_cmpuint (selected, ==, 1);
  weft_ring_graph_view_set_selected_node (view, 17);
  g_assert_cmpuint (selected, ==, 2);
  g_assert_cmpint (weft_ring_graph_view_get_selected_node (view), ==, -1);
  g_object_set (view, "node-column", 0, NULL);
  g_assert_cmpuint (columns, ==, 0);
  g_object_set (view, "node-column", 5, NULL);
  g_assert_cmpuint (columns, ==, 1);

  g_assert_cmpstr (gtk_widget_get_css_name (GTK_WIDGET (view)), ==, "ringgraph");
  g_assert_finalize_object (view);
}

int
main (int   argc,
      char *argv[])
{
  weft_ui_test_init (&argc, &argv);
  adw_init ();

  g_test_add_func ("/ui/grid/ring-graph-view/hits-become-signals", test_hits_become_signals);
  g_test_add_func ("/ui/grid/ring-graph-view/keyboard", test_keyboard);
  g_test_add_func ("/ui/grid/ring-graph-view/tooltips", test_tooltips);
  g_test_add_func ("/ui/grid/ring-graph-view/notify", test_notify);

  return g_test_run ();
}

/* test-psv-page.c: the Parallel Stack View page in a real window (Xvfb).
 *
 * The demo hang (data/samples/ddt-stacks.csv: 32 ranks, 29 in MPI_Barrier,
 * rank 17 stuck in compute_residual, ranks 28-29 in MPI_Recv) opens in a
 * WeftWindow. The real pointer (xdotool) hovers a flame-graph frame, which
 * must outline it and give its tooltip; a real click focuses the frame and
 * selects it in the stack tree; selecting a tree row outlines it in the flame
 * graph and fills the details line; search, the hottest path and Alt+1/Alt+2
 * (real key presses) do what they say; File ▸ Export gets the "stacks" view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gstdio.h>
#include <gdk/x11/gdkx.h>

#include "weft-application.h"
#include "weft-format.h"
#include "weft-page.h"
#include "weft-psv-page.h"
#include "weft-test-util.h"
#include "weft-ui-test-util.h"
#include "weft-window.h"

typedef struct
{
  WeftWindow       *window;
  WeftDocumentView *view;
  WeftPsvPage      *page;
  WeftCallTree     *tree;
} Fixture;

static gboolean
view_loaded (gpointer data)
{
  return g_strcmp0 (weft_document_view_get_state_name (data), "loading") != 0;
}

static void
fixture_open (Fixture *f)
{
  g_autofree char *path = weft_test_source_path ("data", "samples", "ddt-stacks.csv", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkWidget *page;

  f->window = weft_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1200, 800);
  gtk_window_present (GTK_WINDOW (f->window));
  weft_ui_iterate ();
  f->view = weft_window_open_files (f->window, &file, 1);
  g_assert_true (weft_ui_wait_for (view_loaded, f->view));
  g_assert_cmpstr (weft_document_view_get_state_name (f->view), ==, "content");
  page = weft_document_view_get_page (f->view);
  g_assert_true (WEFT_IS_PSV_PAGE (page));
  f->page = WEFT_PSV_PAGE (page);
  f->tree = weft_call_tree_view_get_tree (weft_psv_page_get_tree_view (f->page));
  g_assert_nonnull (f->tree);
  g_assert_cmpuint (weft_call_tree_get_n_nodes (f->tree), ==, 17);
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *)data == NULL;
}

static void
fixture_close (Fixture *f)
{
  GtkWidget *window = GTK_WIDGET (f->window);

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *)&window);
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_assert_true (weft_ui_wait_for (is_null, &window));
}

static WeftCallNode
find_function (WeftCallTree *tree,
               const char   *function)
{
  for (WeftCallNode n = weft_call_tree_next_preorder (tree, WEFT_CALL_TREE_ROOT); n != WEFT_CALL_NODE_NONE;
       n = weft_call_tree_next_preorder (tree, n))
    if (strcmp (weft_call_tree_get_frame (tree, n)->function, function) == 0)
      return n;
  g_error ("no frame %s", function);
  return WEFT_CALL_NODE_NONE;
}

typedef struct
{
  WeftFlameGraphRenderer *renderer;
  WeftCallNode            node;
} NodeWait;

static gboolean
hover_is (gpointer data)
{
  NodeWait *wait = data;

  return weft_flame_graph_renderer_get_hover (wait->renderer) == wait->node;
}

static gboolean
focus_is (gpointer data)
{
  NodeWait *wait = data;

  return weft_flame_graph_renderer_get_focus (wait->renderer) == wait->node;
}

static gboolean
stack_is_flame (gpointer data)
{
  return g_strcmp0 (weft_psv_page_get_view (data), "flame") == 0;
}

static gboolean
stack_is_tree (gpointer data)
{
  return g_strcmp0 (weft_psv_page_get_view (data), "tree") == 0;
}

static void
test_flame_graph_pointer (void)
{
  Fixture f = { 0 };
  WeftFlameGraphView *flame;
  WeftFlameGraphRenderer *renderer;
  WeftCallNode stuck;
  cairo_rectangle_t rect;
  WeftScreenOrigin origin;
  g_autofree char *sx = NULL, *sy = NULL, *xid = NULL;
  g_autofree char *tooltip = NULL;
  int width, height;
  NodeWait wait;

  if (!weft_ui_have_xdotool ())
    g_error ("xdotool is not installed: the pointer tests need it (apt-get install xdotool)");
  fixture_open (&f);
  flame = weft_psv_page_get_flame_graph (f.page);
  renderer = weft_flame_graph_view_get_renderer (flame);

  xid = g_strdup_printf ("%lu", (gulong)gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (f.window))));
  weft_ui_xdotool ("windowfocus", "--sync", xid, NULL);
  /* Real keys: the window lends Alt+digits to the page while its tab is shown. */
  weft_ui_xdotool ("key", "alt+2", NULL);
  g_assert_true (weft_ui_wait_for (stack_is_flame, f.page));
  weft_ui_wait_drawn (GTK_WIDGET (flame));

  /* Hover the stuck rank's frame: it is outlined and its tooltip says who. */
  stuck = find_function (f.tree, "compute_residual");
  width = gtk_widget_get_width (GTK_WIDGET (flame));
  height = gtk_widget_get_height (GTK_WIDGET (flame));
  g_assert_true (weft_flame_graph_renderer_get_node_rect (renderer, width, height, stuck, &rect));
  /* One process of 32: 1/32 of the width (its parent holds all 32). */
  g_assert_cmpfloat_with_epsilon (rect.width, width / 2.0 / 32.0, 1e-6);
  weft_ui_locate (GTK_WIDGET (flame), &origin);
  sx = weft_ui_px (origin.left + rect.x + rect.width / 2);
  sy = weft_ui_px (origin.top + rect.y + rect.height / 2);
  weft_ui_xdotool ("mousemove", "--sync", sx, sy, NULL);
  wait = (NodeWait) { renderer, stuck };
  g_assert_true (weft_ui_wait_for (hover_is, &wait));
  tooltip = weft_flame_graph_view_dup_tooltip_text (flame, rect.x + rect.width / 2, rect.y + rect.height / 2);
  g_assert_cmpstr (tooltip, ==,
                   "compute_residual\nresidual.c:57\n1 of 32 processes, 1 threads\nProcesses: 17\nThreads: 17.0\n"
                   "Reached by a minority of its caller’s processes");

  /* A real click focuses the frame and selects it in the stack tree. */
  weft_ui_xdotool ("click", "1", NULL);
  g_assert_true (weft_ui_wait_for (focus_is, &wait));
  g_assert_cmpuint (weft_call_tree_view_get_selected (weft_psv_page_get_tree_view (f.page)), ==, stuck);
  g_assert_nonnull (strstr (weft_psv_page_get_details (f.page), "compute_residual (residual.c:57) — 1 processes [17]"));

  /* Escape goes back out a level, Home to the whole tree. */
  weft_ui_xdotool ("key", "Escape", NULL);
  wait.node = weft_call_tree_get_parent (f.tree, stuck);
  g_assert_true (weft_ui_wait_for (focus_is, &wait));
  weft_ui_xdotool ("key", "Home", NULL);
  wait.node = WEFT_CALL_TREE_ROOT;
  g_assert_true (weft_ui_wait_for (focus_is, &wait));

  weft_ui_xdotool ("key", "alt+1", NULL);
  g_assert_true (weft_ui_wait_for (stack_is_tree, f.page));
  fixture_close (&f);
}

static guint selected_count;

static void
on_node_selected (WeftCallTreeView *view,
                  guint             node,
                  WeftCallNode     *out)
{
  *out = node;
  selected_count++;
}

static void
test_tree_view (void)
{
  Fixture f = { 0 };
  WeftCallTreeView *tree_view;
  WeftFlameGraphRenderer *renderer;
  WeftCallNode recv, poll_node, seen = WEFT_CALL_NODE_NONE, hottest;

  fixture_open (&f);
  tree_view = weft_psv_page_get_tree_view (f.page);
  renderer = weft_flame_graph_view_get_renderer (weft_psv_page_get_flame_graph (f.page));
  g_signal_connect (tree_view, "node-selected", G_CALLBACK (on_node_selected), &seen);
  weft_ui_wait_drawn (GTK_WIDGET (tree_view));

  /* The whole tree is open, as DDT shows it: its 16 frames, 6 levels. */
  g_assert_cmpuint (weft_call_tree_view_get_n_rows (tree_view), ==, 16);

  /* Selecting a row reports it, outlines it in the flame graph and fills
   * the details line. */
  recv = find_function (f.tree, "MPI_Recv");
  g_assert_true (weft_call_tree_view_select_node (tree_view, recv));
  weft_ui_iterate ();
  g_assert_cmpuint (weft_call_tree_view_get_selected (tree_view), ==, recv);
  g_assert_cmpuint (seen, ==, recv);
  g_assert_cmpuint (weft_flame_graph_renderer_get_selected (renderer), ==, recv);
  g_assert_cmpuint (weft_call_tree_view_get_n_rows (tree_view), ==, 16);
  g_assert_cmpstr (weft_psv_page_get_details (f.page), ==,
                   "MPI_Recv (recv.c:135) — 2 processes [28-29], 2 threads [28.0-29.0]");

  /* Search: the next frame whose name holds the text, expanded to. */
  g_assert_true (weft_call_tree_view_search (tree_view, "POLL"));
  poll_node = weft_call_tree_view_get_selected (tree_view);
  g_assert_cmpstr (weft_call_tree_get_frame (f.tree, poll_node)->function, ==, "poll");
  /* After MPI_Recv in pre-order: its progress engine's poll. */
  g_assert_cmpuint (weft_call_tree_get_parent (f.tree, weft_call_tree_get_parent (f.tree, poll_node)), ==, recv);
  g_assert_false (weft_call_tree_view_search (tree_view, "no_such_function"));

  /* The hottest path follows the most processes: main → … → the barrier's poll
   * (29 ranks), not the progress thread's (32, but under start_thread, which
   * has as many as main: the first wins). */
  hottest = weft_call_tree_view_expand_hottest (tree_view);
  g_assert_cmpstr (weft_call_tree_get_frame (f.tree, hottest)->function, ==, "poll");
  g_assert_cmpint (weft_call_tree_get_depth (f.tree, hottest), ==, 6);
  g_assert_cmpuint (weft_call_tree_view_get_selected (tree_view), ==, hottest);
  g_assert_cmpuint (selected_count, >=, 3);

  /* Focus (Ctrl+Return's action) on MPI_Recv: it alone at the top, expanded,
   * selected; search stays inside it; Back (Ctrl+Backspace's) restores the
   * whole tree with MPI_Recv selected. */
  {
    guint n_children = 0;

    for (WeftCallNode c = weft_call_tree_get_first_child (f.tree, recv); c != WEFT_CALL_NODE_NONE;
         c = weft_call_tree_get_next_sibling (f.tree, c))
      n_children++;
    g_assert_true (weft_call_tree_view_select_node (tree_view, recv));
    gtk_widget_activate_action (GTK_WIDGET (tree_view), "calltree.focus", NULL);
    weft_ui_iterate ();
    g_assert_cmpuint (weft_call_tree_view_get_focus (tree_view), ==, recv);
    g_assert_cmpuint (weft_call_tree_view_get_selected (tree_view), ==, recv);
    g_assert_cmpuint (weft_call_tree_view_get_n_rows (tree_view), ==, 1 + n_children);
    g_assert_false (weft_call_tree_view_search (tree_view, "main"));
    g_assert_true (weft_call_tree_view_search (tree_view, "poll"));
    g_assert_cmpuint (weft_call_tree_get_parent (f.tree, weft_call_tree_get_parent (f.tree, weft_call_tree_view_get_selected (tree_view))), ==, recv);
    g_assert_false (weft_call_tree_view_select_node (tree_view, find_function (f.tree, "main")));
    g_assert_cmpstr (weft_call_tree_get_frame (f.tree, weft_call_tree_view_expand_hottest (tree_view))->function, !=, "main");

    gtk_widget_activate_action (GTK_WIDGET (tree_view), "calltree.focus-back", NULL);
    weft_ui_iterate ();
    g_assert_cmpuint (weft_call_tree_view_get_focus (tree_view), ==, WEFT_CALL_TREE_ROOT);
    g_assert_cmpuint (weft_call_tree_view_get_selected (tree_view), ==, recv);
    g_assert_false (weft_call_tree_view_focus_back (tree_view));
  }

  /* File ▸ Export: the stacks view. */
  {
    const char *view = NULL;
    WeftViewOptions options;

    g_assert_true (weft_page_get_export_view (WEFT_PAGE (f.page), &view, &options));
    g_assert_cmpstr (view, ==, "stacks");
  }
  fixture_close (&f);
}

/* The search bar of a big tree searches on a worker: the window keeps its
 * turns, a keystroke cancels the search before it, and the result arrives
 * as the synchronous search's would; it finds frames by the names their
 * rows show. */
typedef struct
{
  WeftCallTreeView *view;
  GtkWidget        *entry;
  WeftCallNode      before;
} SearchWait;

static gboolean
search_answered (gpointer data)
{
  SearchWait *w = data;

  return weft_call_tree_view_get_selected (w->view) != w->before ||
         gtk_widget_has_css_class (w->entry, "error");
}

static void
search_and_wait (SearchWait *w,
                 const char *text)
{
  w->before = weft_call_tree_view_get_selected (w->view);
  gtk_editable_set_text (GTK_EDITABLE (w->entry), text);
  /* Enter searches at once (typing waits for a pause first). */
  gtk_widget_activate (w->entry);
  /* Not before the main loop's next turns: the worker has it. */
  g_assert_cmpuint (weft_call_tree_view_get_selected (w->view), ==, w->before);
  g_assert_true (weft_ui_wait_for (search_answered, w));
}

static void
test_search_worker (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  WeftCallTreeView *view = WEFT_CALL_TREE_VIEW (g_object_ref_sink (weft_call_tree_view_new ()));
  GtkWidget *window;
  SearchWait w = { view, NULL, WEFT_CALL_NODE_NONE };
  guint metric = weft_call_tree_add_metric (tree, "samples", "", WEFT_CALL_METRIC_INTEGER);
  WeftCallNode needle = WEFT_CALL_NODE_NONE;
  WeftCallNode solver;

  /* 1,000 callers of 150 functions each: 151,001 frames, one "needle". */
  for (guint i = 0; i < 1000; i++)
    {
      g_autofree char *caller = g_strdup_printf ("caller_%u", i);
      WeftCallFrame frame = { caller, "", "", 0, 0, 0 };
      WeftCallNode parent = weft_call_tree_add_child (tree, WEFT_CALL_TREE_ROOT, &frame);

      for (guint j = 0; j < 150; j++)
        {
          g_autofree char *callee = i == 777 && j == 42 ? g_strdup ("Needle_in_the_stack")
                                                         : g_strdup_printf ("callee_%u_%u", i, j);
          WeftCallFrame callee_frame = { callee, "", "", 0, 0, 0 };
          WeftCallNode node = weft_call_tree_add_child (tree, parent, &callee_frame);

          weft_call_tree_set_exclusive (tree, node, metric, 1);
          if (i == 777 && j == 42)
            needle = node;
        }
    }
  /* A frame known only by its module and address, shown as such. */
  {
    WeftCallFrame frame = { "", "", "libsolver.so", 0x4012f0, 0, 0 };

    solver = weft_call_tree_add_child (tree, WEFT_CALL_TREE_ROOT, &frame);
  }
  g_assert_cmpuint (weft_call_tree_get_n_nodes (tree), ==, 151002);
  weft_call_tree_view_set_tree (view, tree);
  window = weft_ui_show_in_window (GTK_WIDGET (view), 800, 600);
  w.entry = weft_ui_find_descendant (GTK_WIDGET (view), GTK_TYPE_SEARCH_ENTRY);
  /* Ctrl+F: the search bar, with the keyboard in its entry. */
  gtk_widget_activate_action (GTK_WIDGET (view), "calltree.search", NULL);
  g_assert_true (gtk_widget_has_focus (w.entry) || gtk_widget_is_ancestor (gtk_root_get_focus (gtk_widget_get_root (w.entry)), w.entry));
  g_assert_nonnull (w.entry);

  search_and_wait (&w, "needle_IN");
  g_assert_cmpuint (weft_call_tree_view_get_selected (view), ==, needle);
  g_assert_false (gtk_widget_has_css_class (w.entry, "error"));

  /* As it is shown: "libsolver.so+0x4012f0". */
  search_and_wait (&w, "SOLVER.so+0x4012");
  g_assert_cmpuint (weft_call_tree_view_get_selected (view), ==, solver);
  g_assert_false (gtk_widget_has_css_class (w.entry, "error"));

  search_and_wait (&w, "no such frame");
  g_assert_cmpuint (weft_call_tree_view_get_selected (view), ==, solver);
  g_assert_true (gtk_widget_has_css_class (w.entry, "error"));

  /* A search replaced before it ends: only the last one's answer shows. */
  gtk_editable_set_text (GTK_EDITABLE (w.entry), "nothing matches this");
  gtk_widget_activate (w.entry);
  search_and_wait (&w, "callee_3_7");
  g_assert_cmpstr (weft_call_tree_get_frame (tree, weft_call_tree_view_get_selected (view))->function, ==,
                   "callee_3_7");
  g_assert_false (gtk_widget_has_css_class (w.entry, "error"));
  weft_ui_spin (100);
  g_assert_false (gtk_widget_has_css_class (w.entry, "error"));

  /* With the keyboard on the list, a frame selected further down (its
   * caller opened on the way) stays selected: GTK 4.8 selected the list's
   * first row a frame later, its focus row after the view swapped its model
   * back in. */
  {
    GtkWidget *list = weft_ui_find_descendant (GTK_WIDGET (view), GTK_TYPE_COLUMN_VIEW);
    WeftCallNode far = 1 + 900 * 151 + 1 + 5;

    g_assert_nonnull (list);
    /* The keyboard on a row, as after a click on it. */
    g_assert_true (gtk_widget_grab_focus (weft_ui_find_descendant (list, GTK_TYPE_TREE_EXPANDER)));
    g_assert_cmpstr (weft_call_tree_get_frame (tree, far)->function, ==, "callee_900_5");
    g_assert_true (weft_call_tree_view_select_node (view, far));
    weft_ui_spin (300);
    g_assert_cmpuint (weft_call_tree_view_get_selected (view), ==, far);
    g_assert_true (gtk_widget_get_focus_child (list) != NULL || gtk_widget_has_focus (list));
  }

  /* Dropped while a search runs: nothing is left to answer. */
  gtk_editable_set_text (GTK_EDITABLE (w.entry), "nothing matches this");
  gtk_widget_activate (w.entry);
  weft_ui_destroy_window (window);
  g_object_unref (view);
  weft_ui_spin (100);
}

/* weft_call_tree_view_open_levels(): whole levels while their rows fit, on
 * a tree of 3 top frames with 4 callees each with 5 callees (3 + 12 + 60
 * rows), then inside a focused frame. */
static void
test_open_levels (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  WeftCallTreeView *view = WEFT_CALL_TREE_VIEW (g_object_ref_sink (weft_call_tree_view_new ()));
  WeftCallNode first_top = WEFT_CALL_NODE_NONE;
  GtkWidget *window;

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("top_%u", i);
      WeftCallFrame frame = { name, "", "", 0, 0, 0 };
      WeftCallNode top = weft_call_tree_add_child (tree, WEFT_CALL_TREE_ROOT, &frame);

      if (i == 0)
        first_top = top;
      for (guint j = 0; j < 4; j++)
        {
          g_autofree char *callee = g_strdup_printf ("f_%u_%u", i, j);
          WeftCallFrame callee_frame = { callee, "", "", 0, 0, 0 };
          WeftCallNode middle = weft_call_tree_add_child (tree, top, &callee_frame);

          for (guint k = 0; k < 5; k++)
            {
              g_autofree char *leaf = g_strdup_printf ("g_%u_%u_%u", i, j, k);
              WeftCallFrame leaf_frame = { leaf, "", "", 0, 0, 0 };

              weft_call_tree_add_child (tree, middle, &leaf_frame);
            }
        }
    }
  weft_call_tree_view_set_tree (view, tree);
  window = weft_ui_show_in_window (GTK_WIDGET (view), 800, 600);
  g_assert_cmpuint (weft_call_tree_view_get_n_rows (view), ==, 3);

  /* One level at most: nothing opens. */
  g_assert_cmpuint (weft_call_tree_view_open_levels (view, 1000, 1), ==, 1);
  g_assert_cmpuint (weft_call_tree_view_get_n_rows (view), ==, 3);
  /* 20 rows: the second level fits (15), the third does not (75). */
  g_assert_cmpuint (weft_call_tree_view_open_levels (view, 20, 32), ==, 2);
  g_assert_cmpuint (weft_call_tree_view_get_n_rows (view), ==, 15);
  /* Exactly 75 rows: all of it. */
  g_assert_cmpuint (weft_call_tree_view_open_levels (view, 75, 32), ==, 3);
  g_assert_cmpuint (weft_call_tree_view_get_n_rows (view), ==, 75);

  /* Focused on top_0: it, its 4 callees, their 20 callees. */
  g_assert_true (weft_call_tree_view_focus (view, first_top));
  weft_ui_iterate ();
  g_assert_cmpuint (weft_call_tree_view_get_n_rows (view), ==, 1 + 4);
  g_assert_cmpuint (weft_call_tree_view_open_levels (view, 25, 32), ==, 3);
  g_assert_cmpuint (weft_call_tree_view_get_n_rows (view), ==, 1 + 4 + 20);

  weft_ui_destroy_window (window);
  g_object_unref (view);
}

/* A stack 20,000 frames deep (a stack overflow's recursion): the hottest
 * path's last frame is shown in a view focused 24 levels above it (opening
 * every level took minutes, and rows far down were indented out of sight);
 * Back and Show All return to the whole tree without focusing it again. */
static void
test_deep_stack (void)
{
  g_autoptr(GString) text = g_string_new ("Depth, Processes, Threads, Function\n");
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  WeftWindow *window;
  WeftDocumentView *view;
  WeftCallTreeView *tree_view;
  WeftCallTree *tree;
  WeftCallNode deepest, focus;
  gint64 start;

  for (guint d = 0; d < 20000; d++)
    g_string_append_printf (text, "%u, 0-3, 0.0-3.0, f%u (x.c:%u)\n", d, d, d + 1);
  path = weft_test_write_tmp ("deep-stack.csv", text->str, (gssize)text->len);
  file = g_file_new_for_path (path);

  window = weft_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  weft_ui_iterate ();
  view = weft_window_open_files (window, &file, 1);
  g_assert_true (weft_ui_wait_for (view_loaded, view));
  tree_view = weft_psv_page_get_tree_view (WEFT_PSV_PAGE (weft_document_view_get_page (view)));
  tree = weft_call_tree_view_get_tree (tree_view);

  start = g_get_monotonic_time ();
  deepest = weft_call_tree_view_expand_hottest (tree_view);
  weft_ui_iterate ();
  g_test_message ("hottest path: %.0f ms", (g_get_monotonic_time () - start) / 1000.0);
  g_assert_cmpint (weft_call_tree_get_depth (tree, deepest), ==, 19999);
  g_assert_cmpuint (weft_call_tree_view_get_selected (tree_view), ==, deepest);
  focus = weft_call_tree_view_get_focus (tree_view);
  g_assert_cmpint (weft_call_tree_get_depth (tree, focus), ==, 19999 - 24);
  g_assert_cmpuint (weft_call_tree_view_get_n_rows (tree_view), ==, 25);

  g_assert_true (weft_call_tree_view_focus_back (tree_view));
  weft_ui_iterate ();
  g_assert_cmpuint (weft_call_tree_view_get_focus (tree_view), ==, WEFT_CALL_TREE_ROOT);
  g_assert_cmpuint (weft_call_tree_view_get_n_rows (tree_view), ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
  weft_ui_iterate ();
  g_remove (path);
}

int
main (int    argc,
      char **argv)
{
  /* xdotool speaks X11. */
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  weft_ui_test_init (&argc, &argv);
  adw_init ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  weft_init_resources ();
  weft_formats_init ();

  g_test_add_func ("/psv/page/flame-graph-pointer", test_flame_graph_pointer);
  g_test_add_func ("/psv/page/tree-view", test_tree_view);
  g_test_add_func ("/psv/page/search-worker", test_search_worker);
  g_test_add_func ("/psv/page/open-levels", test_open_levels);
  g_test_add_func ("/psv/page/deep-stack", test_deep_stack);

  return g_test_run ();
}

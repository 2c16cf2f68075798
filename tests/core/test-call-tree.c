/* test-call-tree.c: the call tree shared by PSV, HPCToolkit and VisAndOr.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "weft-call-tree.h"

static WeftCallFrame
frame (const char *function,
       const char *file,
       guint32     line)
{
  return (WeftCallFrame) { .function = function, .file = file, .line = line };
}

/* main -> {solve -> {mpi_wait, compute}, io}; built with add_child. */
static void
test_structure (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  WeftCallFrame f;
  WeftCallNode main_node, solve, wait, compute, io, n;
  const char *order[] = { "main", "solve", "mpi_wait", "compute", "io" };
  guint i = 0;

  f = frame ("main", "main.c", 10);
  main_node = weft_call_tree_add_child (tree, WEFT_CALL_TREE_ROOT, &f);
  f = frame ("solve", "solve.c", 42);
  solve = weft_call_tree_add_child (tree, main_node, &f);
  f = frame ("mpi_wait", NULL, 0);
  wait = weft_call_tree_add_child (tree, solve, &f);
  f = frame ("compute", "solve.c", 50);
  compute = weft_call_tree_add_child (tree, solve, &f);
  f = frame ("io", "io.c", 7);
  io = weft_call_tree_add_child (tree, main_node, &f);

  g_assert_cmpuint (weft_call_tree_get_n_nodes (tree), ==, 6);
  g_assert_cmpint (weft_call_tree_get_depth (tree, WEFT_CALL_TREE_ROOT), ==, -1);
  g_assert_cmpint (weft_call_tree_get_depth (tree, main_node), ==, 0);
  g_assert_cmpint (weft_call_tree_get_depth (tree, compute), ==, 2);
  g_assert_cmpint (weft_call_tree_get_max_depth (tree), ==, 2);
  g_assert_cmpuint (weft_call_tree_get_parent (tree, wait), ==, solve);
  g_assert_cmpuint (weft_call_tree_get_first_child (tree, solve), ==, wait);
  g_assert_cmpuint (weft_call_tree_get_next_sibling (tree, wait), ==, compute);
  g_assert_cmpuint (weft_call_tree_get_next_sibling (tree, compute), ==, WEFT_CALL_NODE_NONE);
  g_assert_cmpuint (weft_call_tree_get_n_children (tree, main_node), ==, 2);
  g_assert_cmpuint (weft_call_tree_get_next_sibling (tree, solve), ==, io);

  for (n = weft_call_tree_next_preorder (tree, WEFT_CALL_TREE_ROOT); n != WEFT_CALL_NODE_NONE;
       n = weft_call_tree_next_preorder (tree, n))
    g_assert_cmpstr (weft_call_tree_get_frame (tree, n)->function, ==, order[i++]);
  g_assert_cmpuint (i, ==, G_N_ELEMENTS (order));

  {
    g_autofree char *label = weft_call_frame_to_label (weft_call_tree_get_frame (tree, solve));
    g_autofree char *bare = weft_call_frame_to_label (weft_call_tree_get_frame (tree, wait));
    g_autofree char *path = weft_call_tree_dup_path (tree, compute);

    g_assert_cmpstr (label, ==, "solve (solve.c:42)");
    g_assert_cmpstr (bare, ==, "mpi_wait");
    g_assert_cmpstr (path, ==, "main (main.c:10);solve (solve.c:42);compute (solve.c:50)");
  }
  /* Frames without a function: an address in a module; a flat view's file
   * and load module, named by them. */
  {
    const WeftCallFrame frames[] = { { "", "", "libm.so.6", 0x10, 0, 0 }, { "", "a.c", "app", 0, 0, 0 },
                                     { "", "a.c", "", 0, 7, 0 }, { "", "", "libm.so.6", 0, 0, 0 } };
    const char *expected[] = { "libm.so.6+0x10", "a.c", "a.c:7", "libm.so.6" };

    for (guint k = 0; k < G_N_ELEMENTS (frames); k++)
      {
        g_autofree char *text = weft_call_frame_to_label (&frames[k]);

        g_assert_cmpstr (text, ==, expected[k]);
      }
  }
  /* Unknown strings read as "", never NULL. */
  g_assert_cmpstr (weft_call_tree_get_frame (tree, wait)->file, ==, "");
  g_assert_cmpstr (weft_call_tree_get_frame (tree, wait)->module, ==, "");
}

/* Merging: the same (parent, frame) is one node; the same frame under two
 * parents is two nodes sharing one interned frame. */
static void
test_merge (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  const char *stacks[][3] = {
    { "main", "a", "x" },
    { "main", "a", "y" },
    { "main", "b", "x" },
    { "main", "a", "x" },
  };
  WeftCallNode leaves[4];
  guint metric = weft_call_tree_add_metric (tree, "samples", NULL, WEFT_CALL_METRIC_INTEGER);

  for (guint s = 0; s < G_N_ELEMENTS (stacks); s++)
    {
      WeftCallNode node = WEFT_CALL_TREE_ROOT;

      for (guint d = 0; d < 3; d++)
        {
          WeftCallFrame f = frame (stacks[s][d], "f.c", 0);

          node = weft_call_tree_ensure_child (tree, node, &f);
        }
      leaves[s] = node;
      weft_call_tree_add_exclusive (tree, node, metric, 1 + s);
    }

  /* root, main, a, x, y, b, x */
  g_assert_cmpuint (weft_call_tree_get_n_nodes (tree), ==, 7);
  g_assert_cmpuint (leaves[0], ==, leaves[3]);
  g_assert_cmpuint (leaves[0], !=, leaves[2]);
  g_assert_cmpuint (weft_call_tree_get_frame_id (tree, leaves[0]), ==, weft_call_tree_get_frame_id (tree, leaves[2]));
  /* root frame + main, a, x, y, b */
  g_assert_cmpuint (weft_call_tree_get_n_frames (tree), ==, 6);

  g_assert_cmpfloat (weft_call_tree_get_exclusive (tree, leaves[0], metric), ==, 1 + 4);
  g_assert_cmpfloat (weft_call_tree_get_inclusive (tree, WEFT_CALL_TREE_ROOT, metric), ==, 1 + 2 + 3 + 4);
  g_assert_cmpfloat (weft_call_tree_get_inclusive (tree, weft_call_tree_get_parent (tree, leaves[1]), metric), ==, 1 + 2 + 4);
  g_assert_cmpfloat (weft_call_tree_get_exclusive (tree, weft_call_tree_get_parent (tree, leaves[1]), metric), ==, 0);

  /* A change after the sums were taken is seen. */
  weft_call_tree_add_exclusive (tree, leaves[2], metric, 10);
  g_assert_cmpfloat (weft_call_tree_get_inclusive (tree, WEFT_CALL_TREE_ROOT, metric), ==, 20);

  g_assert_cmpint (weft_call_tree_find_metric (tree, "samples"), ==, (int)metric);
  g_assert_cmpint (weft_call_tree_find_metric (tree, "cycles"), ==, -1);
}

/* Thousands of nodes and a deep chain: the hash grows, the sums and the
 * pre-order walk need no recursion. */
static void
test_large_and_deep (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  guint metric = weft_call_tree_add_metric (tree, "time", "s", WEFT_CALL_METRIC_NONE);
  WeftCallNode node = WEFT_CALL_TREE_ROOT;
  guint visited = 0;

  for (guint d = 0; d < 100000; d++)
    {
      WeftCallFrame f = { .function = "recurse", .address = d };

      node = weft_call_tree_ensure_child (tree, node, &f);
      weft_call_tree_set_exclusive (tree, node, metric, 0.5);
    }
  g_assert_cmpint (weft_call_tree_get_max_depth (tree), ==, 99999);
  g_assert_cmpfloat_with_epsilon (weft_call_tree_get_inclusive (tree, WEFT_CALL_TREE_ROOT, metric), 50000.0, 1e-6);

  /* Walking again finds every node rather than adding. */
  node = WEFT_CALL_TREE_ROOT;
  for (guint d = 0; d < 100000; d++)
    {
      WeftCallFrame f = { .function = "recurse", .address = d };

      node = weft_call_tree_ensure_child (tree, node, &f);
    }
  g_assert_cmpuint (weft_call_tree_get_n_nodes (tree), ==, 100001);

  for (WeftCallNode n = weft_call_tree_next_preorder (tree, WEFT_CALL_TREE_ROOT); n != WEFT_CALL_NODE_NONE;
       n = weft_call_tree_next_preorder (tree, n))
    visited++;
  g_assert_cmpuint (visited, ==, 100000);
}

static void
test_process_sets (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  WeftCallFrame f = frame ("main", NULL, 0);
  WeftCallNode a, b;
  g_autoptr(WeftIntSet) all = NULL;
  g_autoptr(WeftThreadSet) threads = NULL;
  g_autofree char *text = NULL;
  g_autofree char *thread_text = NULL;

  g_assert_false (weft_call_tree_has_process_info (tree));

  a = weft_call_tree_add_child (tree, WEFT_CALL_TREE_ROOT, &f);
  f = frame ("stuck", NULL, 0);
  b = weft_call_tree_add_child (tree, a, &f);
  weft_call_tree_set_processes (tree, a, weft_int_set_parse ("0-3,7-17", -1, NULL, NULL));
  weft_call_tree_set_threads (tree, a, weft_thread_set_parse ("0.0-3.1,7.0-17.1", -1, NULL, NULL));
  weft_call_tree_set_processes (tree, b, weft_int_set_parse ("22", -1, NULL, NULL));
  weft_call_tree_set_counts (tree, b, 1, 3);

  g_assert_true (weft_call_tree_has_process_info (tree));
  g_assert_cmpuint (weft_call_tree_get_process_count (tree, a), ==, 15);
  g_assert_cmpuint (weft_call_tree_get_thread_count (tree, a), ==, 30);
  g_assert_cmpuint (weft_call_tree_get_process_count (tree, b), ==, 1);
  g_assert_cmpuint (weft_call_tree_get_thread_count (tree, b), ==, 3);
  g_assert_null (weft_call_tree_get_threads (tree, b));

  all = weft_call_tree_dup_all_processes (tree);
  text = weft_int_set_to_string (all);
  g_assert_cmpstr (text, ==, "0-3,7-17,22");
  threads = weft_call_tree_dup_all_threads (tree);
  thread_text = weft_thread_set_to_string (threads);
  g_assert_cmpstr (thread_text, ==, "0.0-3.1,7.0-17.1");

  /* Columns grow with the tree. */
  for (guint i = 0; i < 1000; i++)
    {
      WeftCallFrame g = { .function = "leaf", .line = i };
      WeftCallNode n = weft_call_tree_add_child (tree, b, &g);

      weft_call_tree_set_processes (tree, n, weft_int_set_parse ("5", -1, NULL, NULL));
    }
  g_assert_cmpuint (weft_call_tree_get_process_count (tree, b + 1000), ==, 1);
  g_assert_cmpuint (weft_call_tree_get_process_count (tree, b), ==, 1);
}

static void
test_given_inclusive (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  guint metric = weft_call_tree_add_metric (tree, "processes", NULL,
                                            WEFT_CALL_METRIC_INTEGER | WEFT_CALL_METRIC_INCLUSIVE_GIVEN);
  WeftCallFrame f = frame ("main", NULL, 0);
  WeftCallNode a = weft_call_tree_add_child (tree, WEFT_CALL_TREE_ROOT, &f);

  weft_call_tree_set_inclusive (tree, a, metric, 64);
  g_assert_cmpfloat (weft_call_tree_get_inclusive (tree, a, metric), ==, 64);
  g_assert_cmpfloat (weft_call_tree_get_inclusive (tree, WEFT_CALL_TREE_ROOT, metric), ==, 0);
}

/* Children in the order of a metric's inclusive values, largest first (as
 * hpcviewer shows them): equal values keep their order, a NaN goes last, the
 * nodes keep their ids and values, and the sibling links, the last child and
 * the lookup of a child by frame still hold. Inclusive: "b" has 1 of its own
 * and 4 from its child, so it ties with "c" and "e". */
static void
test_sort_children (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  guint time = weft_call_tree_add_metric (tree, "time", "s", 0);
  const char *names[] = { "a", "b", "c", "d", "e", "f", "g", "h", "i", "j" };
  const double values[] = { 2, 1, 5, NAN, 5, 0, 7, 2, 3, 1 };
  const char *expected = "g b c e i a h j f d";
  WeftCallNode nodes[G_N_ELEMENTS (names)], grandchild;
  g_autoptr(GString) order = g_string_new (NULL);
  WeftCallFrame f;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      f = frame (names[i], NULL, 0);
      nodes[i] = weft_call_tree_add_child (tree, WEFT_CALL_TREE_ROOT, &f);
      weft_call_tree_set_exclusive (tree, nodes[i], time, values[i]);
    }
  f = frame ("inner", NULL, 0);
  grandchild = weft_call_tree_add_child (tree, nodes[1], &f);
  weft_call_tree_set_exclusive (tree, grandchild, time, 4);
  weft_call_tree_sort_children (tree, time);

  for (WeftCallNode n = weft_call_tree_get_first_child (tree, WEFT_CALL_TREE_ROOT); n != WEFT_CALL_NODE_NONE;
       n = weft_call_tree_get_next_sibling (tree, n))
    g_string_append_printf (order, "%s%s", order->len > 0 ? " " : "", weft_call_tree_get_frame (tree, n)->function);
  g_assert_cmpstr (order->str, ==, expected);
  g_assert_cmpuint (weft_call_tree_get_n_children (tree, WEFT_CALL_TREE_ROOT), ==, 10);
  g_assert_cmpuint (weft_call_tree_get_first_child (tree, nodes[1]), ==, grandchild);
  g_assert_cmpuint (weft_call_tree_get_first_child (tree, nodes[0]), ==, WEFT_CALL_NODE_NONE);
  g_assert_cmpfloat (weft_call_tree_get_inclusive (tree, nodes[1], time), ==, 5);
  g_assert_cmpfloat (weft_call_tree_get_exclusive (tree, nodes[6], time), ==, 7);
  /* Found by frame among many children (a hashed parent) and among few. */
  g_assert_cmpuint (weft_call_tree_find_child (tree, WEFT_CALL_TREE_ROOT, weft_call_tree_get_frame_id (tree, nodes[3])),
                    ==, nodes[3]);
  g_assert_cmpuint (weft_call_tree_find_child (tree, nodes[1], weft_call_tree_get_frame_id (tree, grandchild)),
                    ==, grandchild);
  /* A child added after the sort goes last. */
  f = frame ("k", NULL, 0);
  {
    WeftCallNode k = weft_call_tree_add_child (tree, WEFT_CALL_TREE_ROOT, &f);
    WeftCallNode last = WEFT_CALL_NODE_NONE;

    for (WeftCallNode n = weft_call_tree_get_first_child (tree, WEFT_CALL_TREE_ROOT); n != WEFT_CALL_NODE_NONE;
         n = weft_call_tree_get_next_sibling (tree, n))
      last = n;
    g_assert_cmpuint (last, ==, k);
  }
}

/* Sets shared by many nodes: one copy, answered for each node; a node given
 * sets of its own stops sharing; the tree frees each shared set once (the
 * sanitizer build would catch a double free). */
static void
test_shared_sets (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  WeftCallFrame f = frame ("main", NULL, 0);
  WeftCallNode a, b, c;
  guint index;
  g_autofree char *text = NULL;

  a = weft_call_tree_add_child (tree, WEFT_CALL_TREE_ROOT, &f);
  f = frame ("work", NULL, 0);
  b = weft_call_tree_add_child (tree, a, &f);
  f = frame ("wait", NULL, 0);
  c = weft_call_tree_add_child (tree, a, &f);
  index = weft_call_tree_add_shared_sets (tree, weft_int_set_parse ("0-3", -1, NULL, NULL),
                                          weft_thread_set_parse ("0.0-3.1", -1, NULL, NULL));
  weft_call_tree_use_shared_sets (tree, a, index);
  weft_call_tree_use_shared_sets (tree, b, index);
  weft_call_tree_use_shared_sets (tree, c, index);
  g_assert_true (weft_call_tree_get_processes (tree, a) == weft_call_tree_get_processes (tree, b));
  g_assert_cmpuint (weft_call_tree_get_process_count (tree, c), ==, 4);
  g_assert_cmpuint (weft_call_tree_get_thread_count (tree, c), ==, 8);

  weft_call_tree_set_processes (tree, b, weft_int_set_parse ("2", -1, NULL, NULL));
  g_assert_cmpuint (weft_call_tree_get_process_count (tree, b), ==, 1);
  g_assert_null (weft_call_tree_get_threads (tree, b));
  g_assert_cmpuint (weft_call_tree_get_process_count (tree, a), ==, 4);
  text = weft_int_set_to_string (weft_call_tree_get_processes (tree, c));
  g_assert_cmpstr (text, ==, "0-3");

  /* Growing the tree keeps the sharing. */
  for (int i = 0; i < 1000; i++)
    {
      g_autofree char *name = g_strdup_printf ("f%d", i);

      f = frame (name, NULL, 0);
      weft_call_tree_add_child (tree, c, &f);
    }
  g_assert_cmpuint (weft_call_tree_get_process_count (tree, c), ==, 4);
}

/* The frame and child tables through several rehashes: ids stay put and
 * every frame and child is found again; interned strings are the tree's own
 * copies (a frame made of them is the same frame); a whole metric column at
 * once equals the node-by-node setters. */
static void
test_tables_and_columns (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  guint metric = weft_call_tree_add_metric (tree, "time", "s", WEFT_CALL_METRIC_INCLUSIVE_GIVEN);
  const char *module = weft_call_tree_intern_string (tree, "libsolver.so");
  g_autofree char *copy = g_strdup ("libsolver.so");
  const guint n = 50000;
  g_autofree guint32 *ids = g_new (guint32, n);
  g_autofree WeftCallNode *nodes = g_new (WeftCallNode, n);
  g_autofree double *values = g_new (double, 2 * (n + 1));
  WeftCallNode parent = WEFT_CALL_TREE_ROOT;

  g_assert_true (weft_call_tree_intern_string (tree, copy) == module);
  g_assert_true (weft_call_tree_intern_string (tree, NULL) == weft_call_tree_intern_string (tree, ""));
  for (guint i = 0; i < n; i++)
    {
      WeftCallFrame f = { "", "", module, 0x1000 + 16 * (guint64)i, 0, 1 };

      weft_call_tree_prefetch_frame (tree, &f);
      ids[i] = weft_call_tree_intern_frame (tree, &f);
      /* A chain, with every tenth node a sibling instead. */
      weft_call_tree_prefetch_child (tree, parent, ids[i]);
      nodes[i] = weft_call_tree_ensure_child_concurrent (tree, parent, ids[i]);
      if (i % 10 != 0)
        parent = nodes[i];
    }
  g_assert_cmpuint (weft_call_tree_get_n_frames (tree), ==, n + 1);
  g_assert_cmpuint (weft_call_tree_get_n_nodes (tree), ==, n + 1);
  for (guint i = 0; i < n; i++)
    {
      WeftCallFrame f = { "", "", copy, 0x1000 + 16 * (guint64)i, 0, 1 };
      WeftCallNode up = weft_call_tree_get_parent (tree, nodes[i]);

      g_assert_cmpuint (weft_call_tree_intern_frame (tree, &f), ==, ids[i]);
      g_assert_true (weft_call_tree_lookup_frame (tree, ids[i])->module == module);
      g_assert_cmpuint (weft_call_tree_find_child (tree, up, ids[i]), ==, nodes[i]);
      g_assert_cmpuint (weft_call_tree_ensure_child_frame_id (tree, up, ids[i]), ==, nodes[i]);
    }
  g_assert_cmpuint (weft_call_tree_get_n_nodes (tree), ==, n + 1);

  for (guint node = 0; node <= n; node++)
    {
      values[2 * node] = node;           /* exclusive */
      values[2 * node + 1] = 3.0 * node; /* inclusive, given */
    }
  weft_call_tree_set_metric_values (tree, metric, values, values + 1, 2);
  g_assert_cmpfloat (weft_call_tree_get_exclusive (tree, nodes[7], metric), ==, nodes[7]);
  g_assert_cmpfloat (weft_call_tree_get_inclusive (tree, nodes[n - 1], metric), ==, 3.0 * nodes[n - 1]);
}

/* Interning on one thread while another places nodes (the HPCToolkit
 * merge's pipeline) builds the same tree as one thread. */
typedef struct
{
  WeftCallTree *tree;
  guint32      *ids;
  guint         n;
  GAsyncQueue  *ready;   /* how many ids are interned */
} Interner;

static gpointer
intern_thread (gpointer data)
{
  Interner *in = data;

  for (guint i = 0; i < in->n; i++)
    {
      WeftCallFrame f = { "", "", "libsolver.so", 0x40 * (guint64)(i % 5000), 0, 1 };

      in->ids[i] = weft_call_tree_intern_frame (in->tree, &f);
      if (i % 1000 == 999)
        g_async_queue_push (in->ready, GUINT_TO_POINTER (i + 1));
    }
  return NULL;
}

/* Frame i's node goes under node (i mod 5000) / 2; frames repeat every
 * 5000 as well, so that from i = 5000 on every child is found, not added. */
static void
place_binary (WeftCallTree  *tree,
              const guint32 *ids,
              guint          from,
              guint          to)
{
  for (guint i = from; i < to; i++)
    {
      WeftCallNode parent = (WeftCallNode)((i % 5000) / 2);

      weft_call_tree_ensure_child_concurrent (tree, parent, ids[i]);
    }
}

static void
test_concurrent_build (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  g_autoptr(WeftCallTree) alone = weft_call_tree_new ();
  const guint n = 20000;
  g_autofree guint32 *ids = g_new (guint32, n);
  g_autofree guint32 *alone_ids = g_new (guint32, n);
  Interner in = { tree, ids, n, g_async_queue_new () };
  GThread *thread = g_thread_new ("test-intern", intern_thread, &in);
  guint placed = 0;

  while (placed < n)
    {
      guint ready = GPOINTER_TO_UINT (g_async_queue_pop (in.ready));

      place_binary (tree, ids, placed, ready);
      placed = ready;
    }
  g_thread_join (thread);
  g_async_queue_unref (in.ready);

  for (guint i = 0; i < n; i++)
    {
      WeftCallFrame f = { "", "", "libsolver.so", 0x40 * (guint64)(i % 5000), 0, 1 };

      alone_ids[i] = weft_call_tree_intern_frame (alone, &f);
      g_assert_cmpuint (alone_ids[i], ==, ids[i]);
    }
  place_binary (alone, alone_ids, 0, n);
  g_assert_cmpuint (weft_call_tree_get_n_nodes (tree), ==, weft_call_tree_get_n_nodes (alone));
  g_assert_cmpuint (weft_call_tree_get_n_nodes (tree), ==, 5001);
  for (WeftCallNode node = 1; node < weft_call_tree_get_n_nodes (tree); node++)
    {
      g_assert_cmpuint (weft_call_tree_get_parent (tree, node), ==, weft_call_tree_get_parent (alone, node));
      g_assert_cmpuint (weft_call_tree_get_frame_id (tree, node), ==, weft_call_tree_get_frame_id (alone, node));
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/call-tree/structure", test_structure);
  g_test_add_func ("/core/call-tree/merge", test_merge);
  g_test_add_func ("/core/call-tree/large-and-deep", test_large_and_deep);
  g_test_add_func ("/core/call-tree/process-sets", test_process_sets);
  g_test_add_func ("/core/call-tree/shared-sets", test_shared_sets);
  g_test_add_func ("/core/call-tree/given-inclusive", test_given_inclusive);
  g_test_add_func ("/core/call-tree/sort-children", test_sort_children);
  g_test_add_func ("/core/call-tree/tables-and-columns", test_tables_and_columns);
  g_test_add_func ("/core/call-tree/concurrent-build", test_concurrent_build);

  return g_test_run ();
}

/* test-call-tree-compare.c: comparing two call trees ("Compare two runs") and
 * writing a tree, a comparison too, as CSV.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "weft-call-tree-compare.h"
#include "weft-tree-csv.h"

/* Adds the stack "a;b;c" (functions only) and @value to its last frame. */
static WeftCallNode
add_stack (WeftCallTree *tree,
           const char   *stack,
           int           metric,
           double        value)
{
  g_auto(GStrv) functions = g_strsplit (stack, ";", -1);
  WeftCallNode n = WEFT_CALL_TREE_ROOT;

  for (guint i = 0; functions[i] != NULL; i++)
    {
      WeftCallFrame frame = { .function = functions[i] };

      n = weft_call_tree_ensure_child (tree, n, &frame);
    }
  if (metric >= 0)
    weft_call_tree_add_exclusive (tree, n, metric, value);
  return n;
}

/* The node at "a;b;c" (functions only), or WEFT_CALL_NODE_NONE. */
static WeftCallNode
lookup (const WeftCallTree *tree,
        const char         *stack)
{
  g_auto(GStrv) functions = g_strsplit (stack, ";", -1);
  WeftCallNode n = WEFT_CALL_TREE_ROOT;

  for (guint i = 0; functions[i] != NULL && n != WEFT_CALL_NODE_NONE; i++)
    {
      WeftCallNode c = weft_call_tree_get_first_child (tree, n);

      while (c != WEFT_CALL_NODE_NONE && !g_str_equal (weft_call_tree_get_frame (tree, c)->function, functions[i]))
        c = weft_call_tree_get_next_sibling (tree, c);
      n = c;
    }
  return n;
}

static double
inclusive (WeftCallTree *tree,
           const char   *stack,
           const char   *metric)
{
  WeftCallNode n = lookup (tree, stack);

  g_assert_cmpuint (n, !=, WEFT_CALL_NODE_NONE);
  g_assert_cmpint (weft_call_tree_find_metric (tree, metric), >=, 0);
  return weft_call_tree_get_inclusive (tree, n, weft_call_tree_find_metric (tree, metric));
}

static double
exclusive (WeftCallTree *tree,
           const char   *stack,
           const char   *metric)
{
  WeftCallNode n = lookup (tree, stack);

  g_assert_cmpuint (n, !=, WEFT_CALL_NODE_NONE);
  g_assert_cmpint (weft_call_tree_find_metric (tree, metric), >=, 0);
  return weft_call_tree_get_exclusive (tree, n, weft_call_tree_find_metric (tree, metric));
}

static WeftCompareSide
side (WeftCallTree *tree,
      const char   *stack)
{
  WeftCallNode n = lookup (tree, stack);

  g_assert_cmpuint (n, !=, WEFT_CALL_NODE_NONE);
  return weft_call_tree_get_compare_side (tree, n);
}

/* The side column: absent until set, BOTH where never set, kept as the
 * tree grows. */
static void
test_side_column (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  WeftCallNode a = add_stack (tree, "a", -1, 0);
  WeftCallNode last = a;

  g_assert_false (weft_call_tree_is_comparison (tree));
  g_assert_cmpint (weft_call_tree_get_compare_side (tree, a), ==, WEFT_COMPARE_SIDE_BOTH);
  weft_call_tree_set_compare_side (tree, a, WEFT_COMPARE_SIDE_OTHER_ONLY);
  g_assert_true (weft_call_tree_is_comparison (tree));
  for (int i = 0; i < 1000; i++)
    {
      g_autofree char *name = g_strdup_printf ("f%d", i);
      WeftCallFrame frame = { .function = name };

      last = weft_call_tree_add_child (tree, a, &frame);
    }
  weft_call_tree_set_compare_side (tree, last, WEFT_COMPARE_SIDE_BASE_ONLY);
  g_assert_cmpint (weft_call_tree_get_compare_side (tree, a), ==, WEFT_COMPARE_SIDE_OTHER_ONLY);
  g_assert_cmpint (weft_call_tree_get_compare_side (tree, last - 1), ==, WEFT_COMPARE_SIDE_BOTH);
  g_assert_cmpint (weft_call_tree_get_compare_side (tree, last), ==, WEFT_COMPARE_SIDE_BASE_ONLY);
}

static void
test_ratio (void)
{
  g_assert_cmpfloat (weft_compare_ratio (0, 0), ==, 1);
  g_assert_cmpfloat (weft_compare_ratio (0, 5), ==, INFINITY);
  g_assert_cmpfloat (weft_compare_ratio (0, -5), ==, -INFINITY);
  g_assert_cmpfloat (weft_compare_ratio (2, 3), ==, 1.5);
  g_assert_cmpfloat (weft_compare_ratio (4, 0), ==, 0);
  g_assert_cmpfloat (weft_compare_ratio (-2, 1), ==, -0.5);
}

/* Nodes match by path at any depth; the same function under two parents
 * stays two nodes; one-sided subtrees are marked; children keep base order,
 * then the other's own. */
static void
test_match (void)
{
  g_autoptr(WeftCallTree) base = weft_call_tree_new ();
  g_autoptr(WeftCallTree) other = weft_call_tree_new ();
  g_autoptr(WeftCallTree) cmp = NULL;
  int b = weft_call_tree_add_metric (base, "samples", "count", WEFT_CALL_METRIC_INTEGER);
  int o = weft_call_tree_add_metric (other, "samples", "count", WEFT_CALL_METRIC_INTEGER);
  WeftCallNode main_node, child;
  const char *names[] = { "samples (base)", "samples (other)", "samples (difference)", "samples (ratio)" };

  weft_call_tree_set_title (base, "run 1");
  weft_call_tree_set_title (other, "run 2");
  add_stack (base, "main;a;x", b, 5);
  add_stack (base, "main;a;y", b, 3);
  add_stack (base, "main;b;x", b, 2);
  add_stack (other, "main;b;x", o, 2);   /* other order than base's */
  add_stack (other, "main;a;x", o, 7);
  add_stack (other, "main;c;z", o, 4);
  add_stack (other, "main", o, 1);

  cmp = weft_call_tree_compare (base, other);

  g_assert_cmpstr (weft_call_tree_get_title (cmp), ==, "run 1 vs run 2");
  g_assert_true (weft_call_tree_is_comparison (cmp));
  g_assert_false (weft_call_tree_is_comparison (base));
  g_assert_cmpint (weft_call_tree_get_compare_side (base, 1), ==, WEFT_COMPARE_SIDE_BOTH);

  /* root, main, a, x, y, b, x, c, z */
  g_assert_cmpuint (weft_call_tree_get_n_nodes (cmp), ==, 9);
  g_assert_cmpuint (weft_call_tree_get_n_metrics (cmp), ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      WeftCallMetricFlags flags = weft_call_tree_get_metric_flags (cmp, i);

      g_assert_cmpstr (weft_call_tree_get_metric_name (cmp, i), ==, names[i]);
      g_assert_cmpstr (weft_call_tree_get_metric_unit (cmp, i), ==, i == 3 ? "" : "count");
      g_assert_true (flags & WEFT_CALL_METRIC_INCLUSIVE_GIVEN);
      g_assert_cmpint (!!(flags & WEFT_CALL_METRIC_INTEGER), ==, i != 3);
    }

  main_node = lookup (cmp, "main");
  child = weft_call_tree_get_first_child (cmp, main_node);
  g_assert_cmpstr (weft_call_tree_get_frame (cmp, child)->function, ==, "a");
  child = weft_call_tree_get_next_sibling (cmp, child);
  g_assert_cmpstr (weft_call_tree_get_frame (cmp, child)->function, ==, "b");
  child = weft_call_tree_get_next_sibling (cmp, child);
  g_assert_cmpstr (weft_call_tree_get_frame (cmp, child)->function, ==, "c");
  g_assert_cmpuint (weft_call_tree_get_next_sibling (cmp, child), ==, WEFT_CALL_NODE_NONE);
  g_assert_cmpuint (lookup (cmp, "main;a;x"), !=, lookup (cmp, "main;b;x"));

  g_assert_cmpint (weft_call_tree_get_compare_side (cmp, WEFT_CALL_TREE_ROOT), ==, WEFT_COMPARE_SIDE_BOTH);
  g_assert_cmpint (side (cmp, "main"), ==, WEFT_COMPARE_SIDE_BOTH);
  g_assert_cmpint (side (cmp, "main;a"), ==, WEFT_COMPARE_SIDE_BOTH);
  g_assert_cmpint (side (cmp, "main;a;x"), ==, WEFT_COMPARE_SIDE_BOTH);
  g_assert_cmpint (side (cmp, "main;a;y"), ==, WEFT_COMPARE_SIDE_BASE_ONLY);
  g_assert_cmpint (side (cmp, "main;b;x"), ==, WEFT_COMPARE_SIDE_BOTH);
  g_assert_cmpint (side (cmp, "main;c"), ==, WEFT_COMPARE_SIDE_OTHER_ONLY);
  g_assert_cmpint (side (cmp, "main;c;z"), ==, WEFT_COMPARE_SIDE_OTHER_ONLY);

  g_assert_cmpfloat (inclusive (cmp, "main", "samples (base)"), ==, 10);
  g_assert_cmpfloat (inclusive (cmp, "main", "samples (other)"), ==, 14);
  g_assert_cmpfloat (inclusive (cmp, "main", "samples (difference)"), ==, 4);
  /* A run's own metric name stands for its change in a comparison. */
  g_assert_cmpint (weft_call_tree_find_metric (cmp, "samples"), ==, weft_call_tree_find_metric (cmp, "samples (difference)"));
  g_assert_cmpint (weft_call_tree_find_metric (cmp, "no such metric"), ==, -1);
  g_assert_cmpfloat (inclusive (cmp, "main", "samples (ratio)"), ==, 1.4);
  g_assert_cmpfloat (exclusive (cmp, "main", "samples (base)"), ==, 0);
  g_assert_cmpfloat (exclusive (cmp, "main", "samples (other)"), ==, 1);
  g_assert_cmpfloat (exclusive (cmp, "main", "samples (difference)"), ==, 1);
  g_assert_cmpfloat (exclusive (cmp, "main;a;y", "samples (difference)"), ==, -3);
  g_assert_cmpfloat (exclusive (cmp, "main", "samples (ratio)"), ==, INFINITY);
  g_assert_cmpfloat (exclusive (cmp, "main;a", "samples (ratio)"), ==, 1);   /* 0 and 0 */
  g_assert_cmpfloat (inclusive (cmp, "main;a", "samples (base)"), ==, 8);
  g_assert_cmpfloat (inclusive (cmp, "main;a", "samples (other)"), ==, 7);
  g_assert_cmpfloat (inclusive (cmp, "main;a;x", "samples (ratio)"), ==, 1.4);
  g_assert_cmpfloat (inclusive (cmp, "main;a;y", "samples (other)"), ==, 0);
  g_assert_cmpfloat (inclusive (cmp, "main;a;y", "samples (difference)"), ==, -3);
  g_assert_cmpfloat (inclusive (cmp, "main;a;y", "samples (ratio)"), ==, 0);
  g_assert_cmpfloat (inclusive (cmp, "main;b;x", "samples (difference)"), ==, 0);
  g_assert_cmpfloat (inclusive (cmp, "main;b;x", "samples (ratio)"), ==, 1);
  g_assert_cmpfloat (inclusive (cmp, "main;c", "samples (base)"), ==, 0);
  g_assert_cmpfloat (inclusive (cmp, "main;c", "samples (other)"), ==, 4);
  g_assert_cmpfloat (inclusive (cmp, "main;c;z", "samples (ratio)"), ==, INFINITY);
  g_assert_cmpfloat (weft_call_tree_get_inclusive (cmp, WEFT_CALL_TREE_ROOT, 0), ==, 10);
  g_assert_cmpfloat (weft_call_tree_get_inclusive (cmp, WEFT_CALL_TREE_ROOT, 3), ==, 1.4);
}

/* Frames are equal only when file, line, module, address and kind are. */
static void
test_frame_equality (void)
{
  g_autoptr(WeftCallTree) base = weft_call_tree_new ();
  g_autoptr(WeftCallTree) other = weft_call_tree_new ();
  g_autoptr(WeftCallTree) cmp = NULL;
  WeftCallFrame f1 = { .function = "f", .file = "f.c", .line = 1 };
  WeftCallFrame f2 = { .function = "f", .file = "f.c", .line = 2 };
  WeftCallFrame g1 = { .function = "g", .module = "libg.so", .address = 0x10 };
  WeftCallFrame g2 = { .function = "g", .module = "libg.so", .address = 0x10, .kind = 1 };
  WeftCallNode a, b;

  a = weft_call_tree_add_child (base, WEFT_CALL_TREE_ROOT, &f1);
  weft_call_tree_add_child (base, a, &g1);
  b = weft_call_tree_add_child (other, WEFT_CALL_TREE_ROOT, &f1);
  weft_call_tree_add_child (other, b, &g2);
  weft_call_tree_add_child (other, WEFT_CALL_TREE_ROOT, &f2);

  cmp = weft_call_tree_compare (base, other);
  /* root, f:1, g, g (kind 1), f:2 */
  g_assert_cmpuint (weft_call_tree_get_n_nodes (cmp), ==, 5);
  g_assert_cmpint (weft_call_tree_get_compare_side (cmp, 1), ==, WEFT_COMPARE_SIDE_BOTH);
  g_assert_cmpint (weft_call_tree_get_compare_side (cmp, 2), ==, WEFT_COMPARE_SIDE_BASE_ONLY);
  g_assert_cmpint (weft_call_tree_get_compare_side (cmp, 3), ==, WEFT_COMPARE_SIDE_OTHER_ONLY);
  g_assert_cmpint (weft_call_tree_get_compare_side (cmp, 4), ==, WEFT_COMPARE_SIDE_OTHER_ONLY);
  g_assert_cmpuint (weft_call_tree_get_frame (cmp, 3)->kind, ==, 1);
  g_assert_cmpuint (weft_call_tree_get_frame (cmp, 4)->line, ==, 2);
  /* No titles, no metrics, no process information: no title, no metrics. */
  g_assert_null (weft_call_tree_get_title (cmp));
  g_assert_cmpuint (weft_call_tree_get_n_metrics (cmp), ==, 0);
}

/* A metric of one tree: groups in base's order, then the other's extra
 * ones; the side without it reads 0. */
static void
test_metric_one_side (void)
{
  g_autoptr(WeftCallTree) base = weft_call_tree_new ();
  g_autoptr(WeftCallTree) other = weft_call_tree_new ();
  g_autoptr(WeftCallTree) cmp = NULL;
  int base_time = weft_call_tree_add_metric (base, "time", "s", WEFT_CALL_METRIC_NONE);
  int base_calls = weft_call_tree_add_metric (base, "calls", NULL, WEFT_CALL_METRIC_INTEGER);
  int other_bytes = weft_call_tree_add_metric (other, "bytes", "B", WEFT_CALL_METRIC_INTEGER);
  int other_time = weft_call_tree_add_metric (other, "time", "s", WEFT_CALL_METRIC_NONE);
  WeftCallNode n;

  n = add_stack (base, "main;io", base_time, 0.5);
  weft_call_tree_set_exclusive (base, n, base_calls, 3);
  n = add_stack (other, "main;io", other_time, 0.25);
  weft_call_tree_set_exclusive (other, n, other_bytes, 4096);

  cmp = weft_call_tree_compare (base, other);
  g_assert_cmpuint (weft_call_tree_get_n_metrics (cmp), ==, 12);
  g_assert_cmpstr (weft_call_tree_get_metric_name (cmp, 0), ==, "time (base)");
  g_assert_cmpstr (weft_call_tree_get_metric_name (cmp, 4), ==, "calls (base)");
  g_assert_cmpstr (weft_call_tree_get_metric_name (cmp, 8), ==, "bytes (base)");
  g_assert_cmpstr (weft_call_tree_get_metric_name (cmp, 11), ==, "bytes (ratio)");
  g_assert_cmpstr (weft_call_tree_get_metric_unit (cmp, 9), ==, "B");
  /* Integer only where every side that has the metric says so. */
  g_assert_false (weft_call_tree_get_metric_flags (cmp, 0) & WEFT_CALL_METRIC_INTEGER);
  g_assert_true (weft_call_tree_get_metric_flags (cmp, 6) & WEFT_CALL_METRIC_INTEGER);

  g_assert_cmpfloat (inclusive (cmp, "main", "time (difference)"), ==, -0.25);
  g_assert_cmpfloat (inclusive (cmp, "main", "time (ratio)"), ==, 0.5);
  {
    int group_base = -1, group_other = -1;

    /* A group is found from any of its four metrics, even with a name that
     * has parentheses of its own. */
    g_assert_true (weft_call_tree_find_compare_group (cmp, 11, &group_base, &group_other));
    g_assert_cmpint (group_base, ==, 8);
    g_assert_cmpint (group_other, ==, 9);
    g_assert_true (weft_call_tree_find_compare_group (cmp, 6, &group_base, &group_other));
    g_assert_cmpint (group_base, ==, 4);
    g_assert_cmpint (group_other, ==, 5);
    g_assert_false (weft_call_tree_find_compare_group (base, base_time, &group_base, &group_other));
  }
  g_assert_cmpfloat (inclusive (cmp, "main;io", "calls (base)"), ==, 3);
  g_assert_cmpfloat (inclusive (cmp, "main;io", "calls (other)"), ==, 0);
  g_assert_cmpfloat (inclusive (cmp, "main;io", "calls (ratio)"), ==, 0);
  g_assert_cmpfloat (exclusive (cmp, "main;io", "bytes (base)"), ==, 0);
  g_assert_cmpfloat (exclusive (cmp, "main;io", "bytes (other)"), ==, 4096);
  g_assert_cmpfloat (inclusive (cmp, "main", "bytes (difference)"), ==, 4096);
  g_assert_cmpfloat (inclusive (cmp, "main", "bytes (ratio)"), ==, INFINITY);
}

/* A side whose inclusive values are given (not sums) keeps them. */
static void
test_inclusive_given (void)
{
  g_autoptr(WeftCallTree) base = weft_call_tree_new ();
  g_autoptr(WeftCallTree) other = weft_call_tree_new ();
  g_autoptr(WeftCallTree) cmp = NULL;
  int b = weft_call_tree_add_metric (base, "ranks", NULL, WEFT_CALL_METRIC_INTEGER | WEFT_CALL_METRIC_INCLUSIVE_GIVEN);
  int o = weft_call_tree_add_metric (other, "ranks", NULL, WEFT_CALL_METRIC_INTEGER);

  /* Base: 4 ranks in main, 3 of them in a, 2 in b (some in both). */
  weft_call_tree_set_inclusive (base, add_stack (base, "main", -1, 0), b, 4);
  weft_call_tree_set_inclusive (base, add_stack (base, "main;a", -1, 0), b, 3);
  weft_call_tree_set_inclusive (base, add_stack (base, "main;b", -1, 0), b, 2);
  /* Other: summed from exclusive values. */
  add_stack (other, "main;a", o, 2);
  add_stack (other, "main;b", o, 2);

  cmp = weft_call_tree_compare (base, other);
  g_assert_cmpfloat (inclusive (cmp, "main", "ranks (base)"), ==, 4);
  g_assert_cmpfloat (inclusive (cmp, "main;a", "ranks (base)"), ==, 3);
  g_assert_cmpfloat (exclusive (cmp, "main;a", "ranks (base)"), ==, 0);
  g_assert_cmpfloat (inclusive (cmp, "main", "ranks (other)"), ==, 4);
  g_assert_cmpfloat (inclusive (cmp, "main", "ranks (difference)"), ==, 0);
  g_assert_cmpfloat (inclusive (cmp, "main;a", "ranks (ratio)"), ==, 2.0 / 3.0);
  g_assert_cmpfloat (exclusive (cmp, "main;a", "ranks (other)"), ==, 2);
  g_assert_cmpfloat (exclusive (cmp, "main;a", "ranks (ratio)"), ==, INFINITY);
}

/* DDT stack views: counts only, no metric; the sets are not carried over. A
 * frame listed twice under one parent is one node with the counts added. */
static void
test_counts (void)
{
  g_autoptr(WeftCallTree) base = weft_call_tree_new ();
  g_autoptr(WeftCallTree) other = weft_call_tree_new ();
  g_autoptr(WeftCallTree) cmp = NULL;
  WeftCallFrame main_frame = { .function = "main" };
  WeftCallFrame wait_frame = { .function = "wait" };
  WeftCallNode n;

  n = weft_call_tree_add_child (base, WEFT_CALL_TREE_ROOT, &main_frame);
  weft_call_tree_set_processes (base, n, weft_int_set_parse ("0-7", -1, NULL, NULL));
  weft_call_tree_set_counts (base, weft_call_tree_add_child (base, n, &wait_frame), 2, 2);
  weft_call_tree_set_counts (base, weft_call_tree_add_child (base, n, &wait_frame), 3, 6);
  n = weft_call_tree_add_child (other, WEFT_CALL_TREE_ROOT, &main_frame);
  weft_call_tree_set_counts (other, n, 16, 32);
  weft_call_tree_set_counts (other, weft_call_tree_add_child (other, n, &wait_frame), 10, 20);

  cmp = weft_call_tree_compare (base, other);
  g_assert_cmpuint (weft_call_tree_get_n_nodes (cmp), ==, 3);
  g_assert_cmpuint (weft_call_tree_get_n_metrics (cmp), ==, 8);
  g_assert_cmpstr (weft_call_tree_get_metric_name (cmp, 0), ==, "Processes (base)");
  g_assert_cmpstr (weft_call_tree_get_metric_name (cmp, 7), ==, "Threads (ratio)");
  g_assert_true (weft_call_tree_get_metric_flags (cmp, 5) & WEFT_CALL_METRIC_INTEGER);
  g_assert_false (weft_call_tree_has_process_info (cmp));
  g_assert_null (weft_call_tree_get_processes (cmp, 1));

  g_assert_cmpfloat (inclusive (cmp, "main", "Processes (base)"), ==, 8);
  g_assert_cmpfloat (inclusive (cmp, "main", "Processes (other)"), ==, 16);
  g_assert_cmpfloat (inclusive (cmp, "main", "Processes (ratio)"), ==, 2);
  g_assert_cmpfloat (inclusive (cmp, "main;wait", "Processes (base)"), ==, 5);
  g_assert_cmpfloat (inclusive (cmp, "main;wait", "Threads (base)"), ==, 8);
  g_assert_cmpfloat (inclusive (cmp, "main;wait", "Threads (difference)"), ==, 12);
  g_assert_cmpfloat (exclusive (cmp, "main;wait", "Threads (other)"), ==, 20);
  g_assert_cmpint (side (cmp, "main;wait"), ==, WEFT_COMPARE_SIDE_BOTH);
}

/* A tree compared with itself: the same shape, no one-sided node,
 * difference 0 and ratio 1 everywhere. */
static void
test_self (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  g_autoptr(WeftCallTree) cmp = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  int metric = weft_call_tree_add_metric (tree, "time", "s", WEFT_CALL_METRIC_NONE);
  guint n_metrics;

  while (weft_call_tree_get_n_nodes (tree) < 3000)
    {
      WeftCallNode n = WEFT_CALL_TREE_ROOT;
      guint depth = 1 + g_rand_int_range (rand, 0, 12);

      for (guint d = 0; d < depth; d++)
        {
          g_autofree char *name = g_strdup_printf ("f%d", g_rand_int_range (rand, 0, 40));
          WeftCallFrame frame = { .function = name, .file = "x.c", .line = d };

          n = weft_call_tree_ensure_child (tree, n, &frame);
        }
      weft_call_tree_add_exclusive (tree, n, metric, g_rand_double (rand));
    }

  cmp = weft_call_tree_compare (tree, tree);
  g_assert_cmpuint (weft_call_tree_get_n_nodes (cmp), ==, weft_call_tree_get_n_nodes (tree));
  n_metrics = weft_call_tree_get_n_metrics (cmp);
  g_assert_cmpuint (n_metrics, ==, 4);
  g_assert_true (weft_call_tree_is_comparison (cmp));
  /* Walked in pre-order, base's nodes come out in the same pre-order. */
  for (WeftCallNode n = weft_call_tree_next_preorder (tree, WEFT_CALL_TREE_ROOT),
                    c = weft_call_tree_next_preorder (cmp, WEFT_CALL_TREE_ROOT);
       n != WEFT_CALL_NODE_NONE;
       n = weft_call_tree_next_preorder (tree, n), c = weft_call_tree_next_preorder (cmp, c))
    {
      g_autofree char *path = weft_call_tree_dup_path (tree, n);
      g_autofree char *cmp_path = weft_call_tree_dup_path (cmp, c);

      g_assert_cmpstr (path, ==, cmp_path);
      g_assert_cmpint (weft_call_tree_get_compare_side (cmp, c), ==, WEFT_COMPARE_SIDE_BOTH);
      g_assert_cmpfloat (weft_call_tree_get_inclusive (cmp, c, 0), ==, weft_call_tree_get_inclusive (tree, n, metric));
      g_assert_cmpfloat (weft_call_tree_get_exclusive (cmp, c, 1), ==, weft_call_tree_get_exclusive (tree, n, metric));
      g_assert_cmpfloat (weft_call_tree_get_exclusive (cmp, c, 2), ==, 0);
      g_assert_cmpfloat (weft_call_tree_get_inclusive (cmp, c, 2), ==, 0);
      g_assert_cmpfloat (weft_call_tree_get_exclusive (cmp, c, 3), ==, 1);
      g_assert_cmpfloat (weft_call_tree_get_inclusive (cmp, c, 3), ==, 1);
    }
}

/* The exact CSV of a small comparison, written to a file as to a string. */
static void
test_csv_comparison (void)
{
  g_autoptr(WeftCallTree) base = weft_call_tree_new ();
  g_autoptr(WeftCallTree) other = weft_call_tree_new ();
  g_autoptr(WeftCallTree) cmp = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *written = NULL;
  int b = weft_call_tree_add_metric (base, "CPUTIME (sec)", "s", WEFT_CALL_METRIC_NONE);
  int o = weft_call_tree_add_metric (other, "CPUTIME (sec)", "s", WEFT_CALL_METRIC_NONE);
  WeftCallFrame solve = { .function = "solve", .file = "solve.c", .line = 42 };
  WeftCallFrame odd = { .function = "operator,(a, b)" };
  WeftCallNode main_node;

  main_node = add_stack (base, "main", b, 1);
  weft_call_tree_add_exclusive (base, weft_call_tree_add_child (base, main_node, &solve), b, 4);
  weft_call_tree_add_exclusive (base, add_stack (base, "main;io", -1, 0), b, 0.5);
  main_node = add_stack (other, "main", o, 1);
  weft_call_tree_add_exclusive (other, weft_call_tree_add_child (other, main_node, &solve), o, 2);
  weft_call_tree_add_exclusive (other, weft_call_tree_add_child (other, main_node, &odd), o, 3);

  cmp = weft_call_tree_compare (base, other);
  text = weft_tree_csv_to_string (cmp);
  g_assert_cmpstr (text, ==,
                   "Path,CPUTIME (sec) (base),CPUTIME (sec) (other),CPUTIME (sec) (difference),"
                   "CPUTIME (sec) (ratio),Side\n"
                   "main,5.5,6,0.5,1.0909090909090908,both\n"
                   "main;solve (solve.c:42),4,2,-2,0.5,both\n"
                   "main;io,0.5,0,-0.5,0,base\n"
                   "\"main;operator,(a, b)\",0,3,3,inf,other\n");

  dir = g_dir_make_tmp ("weft-tree-csv-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (dir, "compare.csv", NULL);
  g_assert_true (weft_tree_csv_write (cmp, -1, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &written, NULL, &error));
  g_assert_cmpstr (written, ==, text);
  g_remove (path);
  g_rmdir (dir);
}

/* Trees that are not comparisons: no Side; counts when there is no metric;
 * paths as weft_call_tree_dup_path() gives them, at every depth. */
static void
test_csv_plain (void)
{
  g_autoptr(WeftCallTree) psv = weft_call_tree_new ();
  g_autoptr(WeftCallTree) metrics = weft_call_tree_new ();
  g_autofree char *psv_text = NULL;
  g_autofree char *metrics_text = NULL;
  g_auto(GStrv) lines = NULL;
  int m = weft_call_tree_add_metric (metrics, "samples", NULL, WEFT_CALL_METRIC_INTEGER);
  guint i = 1;

  weft_call_tree_set_counts (psv, add_stack (psv, "main", -1, 0), 4, 8);
  weft_call_tree_set_counts (psv, add_stack (psv, "main;wait", -1, 0), 3, 3);
  weft_call_tree_set_counts (psv, add_stack (psv, "main;work", -1, 0), 1, 5);
  psv_text = weft_tree_csv_to_string (psv);
  g_assert_cmpstr (psv_text, ==,
                   "Path,Processes,Threads\n"
                   "main,4,8\n"
                   "main;wait,3,3\n"
                   "main;work,1,5\n");

  add_stack (metrics, "a;b;c;d", m, 1);
  add_stack (metrics, "a;b;e", m, 2);
  add_stack (metrics, "a;f", m, 4);
  add_stack (metrics, "g", m, 8);
  metrics_text = weft_tree_csv_to_string (metrics);
  lines = g_strsplit (metrics_text, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "Path,samples");
  g_assert_cmpstr (lines[1], ==, "a,7");
  for (WeftCallNode n = weft_call_tree_next_preorder (metrics, WEFT_CALL_TREE_ROOT);
       n != WEFT_CALL_NODE_NONE;
       n = weft_call_tree_next_preorder (metrics, n), i++)
    {
      g_autofree char *path = weft_call_tree_dup_path (metrics, n);

      g_assert_true (g_str_has_prefix (lines[i], path));
      g_assert_cmpint (lines[i][strlen (path)], ==, ',');
    }
  g_assert_cmpuint (i, ==, 8);
  g_assert_cmpstr (lines[i], ==, "");
}

/* A path is quoted when any of its labels needs it, or when it starts or
 * ends with a blank or starts with a byte-order mark, down to its deepest
 * frame; a plain path below a quoted one is plain again; bytes that are
 * not UTF-8 become U+FFFD. */
static void
test_csv_quoting (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  g_autofree char *text = NULL;

  weft_call_tree_set_counts (tree, add_stack (tree, "main", -1, 0), 1, 1);
  weft_call_tree_set_counts (tree, add_stack (tree, "main;x, y", -1, 0), 1, 1);
  weft_call_tree_set_counts (tree, add_stack (tree, "main;x, y;q\"u", -1, 0), 1, 1);
  weft_call_tree_set_counts (tree, add_stack (tree, "main;ok", -1, 0), 1, 1);
  weft_call_tree_set_counts (tree, add_stack (tree, "main;trail ", -1, 0), 1, 1);
  weft_call_tree_set_counts (tree, add_stack (tree, "main;trail ;in", -1, 0), 1, 1);
  weft_call_tree_set_counts (tree, add_stack (tree, " lead", -1, 0), 1, 1);
  weft_call_tree_set_counts (tree, add_stack (tree, "\xef\xbb\xbf" "bom", -1, 0), 1, 1);
  weft_call_tree_set_counts (tree, add_stack (tree, "bad\xff", -1, 0), 1, 1);
  weft_call_tree_set_counts (tree, add_stack (tree, "line\nbreak", -1, 0), 1, 1);
  text = weft_tree_csv_to_string (tree);
  g_assert_cmpstr (text, ==,
                   "Path,Processes,Threads\n"
                   "main,1,1\n"
                   "\"main;x, y\",1,1\n"
                   "\"main;x, y;q\"\"u\",1,1\n"
                   "main;ok,1,1\n"
                   "\"main;trail \",1,1\n"
                   "main;trail ;in,1,1\n"
                   "\" lead\",1,1\n"
                   "\"\xef\xbb\xbf" "bom\",1,1\n"
                   "bad\xef\xbf\xbd,1,1\n"
                   "\"line\nbreak\",1,1\n");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/call-tree-compare/side-column", test_side_column);
  g_test_add_func ("/core/call-tree-compare/ratio", test_ratio);
  g_test_add_func ("/core/call-tree-compare/match", test_match);
  g_test_add_func ("/core/call-tree-compare/frame-equality", test_frame_equality);
  g_test_add_func ("/core/call-tree-compare/metric-one-side", test_metric_one_side);
  g_test_add_func ("/core/call-tree-compare/inclusive-given", test_inclusive_given);
  g_test_add_func ("/core/call-tree-compare/counts", test_counts);
  g_test_add_func ("/core/call-tree-compare/self", test_self);
  g_test_add_func ("/core/call-tree-compare/csv-comparison", test_csv_comparison);
  g_test_add_func ("/core/call-tree-compare/csv-plain", test_csv_plain);
  g_test_add_func ("/core/call-tree-compare/csv-quoting", test_csv_quoting);

  return g_test_run ();
}

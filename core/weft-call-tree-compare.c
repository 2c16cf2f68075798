/* weft-call-tree-compare.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "weft-call-tree-compare.h"

/* What a group of four result metrics reads from each side. */
typedef enum
{
  SOURCE_METRIC,
  SOURCE_PROCESSES,
  SOURCE_THREADS,
} Source;

enum { BASE, OTHER, DIFFERENCE, RATIO };

typedef struct
{
  Source source;
  int    metric[2];     /* SOURCE_METRIC: the metric in base and other, -1 if absent */
  guint  result[4];     /* "NAME (base)", "(other)", "(difference)", "(ratio)" */
} Group;

/* Adds @tree's nodes to @result, matched by their paths of frames, and
 * returns the result node of each node of @tree (the root's is the root). */
static WeftCallNode *
merge_nodes (WeftCallTree *result,
             WeftCallTree *tree)
{
  guint n_frames = weft_call_tree_get_n_frames (tree);
  guint n_nodes = weft_call_tree_get_n_nodes (tree);
  g_autofree guint32 *frames = g_new (guint32, n_frames);
  WeftCallNode *map = g_new (WeftCallNode, n_nodes);

  /* Frames are compared as the result's: each distinct frame of @tree is
   * interned once (its strings hashed once), then nodes compare frame ids. */
  for (guint32 f = 0; f < n_frames; f++)
    frames[f] = weft_call_tree_intern_frame (result, weft_call_tree_lookup_frame (tree, f));

  /* Children have larger ids than their parents and siblings were added in
   * the order of their ids, so walking the ids maps each parent before its
   * children and adds children in @tree's order (as a pre-order walk would,
   * but reading @tree's arrays in sequence, not all over them). */
  map[WEFT_CALL_TREE_ROOT] = WEFT_CALL_TREE_ROOT;
  for (WeftCallNode n = 1; n < n_nodes; n++)
    map[n] = weft_call_tree_ensure_child_frame_id (result, map[weft_call_tree_get_parent (tree, n)],
                                                   frames[weft_call_tree_get_frame_id (tree, n)]);
  return map;
}

static void
add_group (WeftCallTree *result,
           GArray       *groups,
           Source        source,
           const char   *name,
           const char   *unit,
           gboolean      integer,
           int           base_metric,
           int           other_metric)
{
  static const char *const suffixes[] = { "base", "other", "difference", "ratio" };
  Group group = { source, { base_metric, other_metric }, { 0 } };

  /* Names stay untranslated: they name CSV columns, and find_metric() finds
   * them, as the names the trees came with. */
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *full = g_strdup_printf ("%s (%s)", name, suffixes[i]);
      WeftCallMetricFlags flags = WEFT_CALL_METRIC_INCLUSIVE_GIVEN;

      if (integer && i != RATIO)
        flags |= WEFT_CALL_METRIC_INTEGER;
      /* A ratio of two durations is not a duration: no unit. */
      group.result[i] = weft_call_tree_add_metric (result, full, i == RATIO ? "" : unit, flags);
    }
  g_array_append_val (groups, group);
}

static gboolean
is_integer (WeftCallTree *tree,
            int           metric)
{
  return metric < 0 || (weft_call_tree_get_metric_flags (tree, metric) & WEFT_CALL_METRIC_INTEGER);
}

/* Base's metrics in order, then other's extra ones. */
static GArray *
add_groups (WeftCallTree *result,
            WeftCallTree *base,
            WeftCallTree *other)
{
  GArray *groups = g_array_new (FALSE, FALSE, sizeof (Group));

  for (guint m = 0; m < weft_call_tree_get_n_metrics (base); m++)
    {
      const char *name = weft_call_tree_get_metric_name (base, m);
      int o = weft_call_tree_find_metric (other, name);

      add_group (result, groups, SOURCE_METRIC, name, weft_call_tree_get_metric_unit (base, m),
                 is_integer (base, m) && is_integer (other, o), m, o);
    }
  for (guint m = 0; m < weft_call_tree_get_n_metrics (other); m++)
    {
      const char *name = weft_call_tree_get_metric_name (other, m);

      if (weft_call_tree_find_metric (base, name) < 0)
        add_group (result, groups, SOURCE_METRIC, name, weft_call_tree_get_metric_unit (other, m),
                   is_integer (other, m), -1, m);
    }

  /* A DDT stack view has no metric, only who reaches each frame. */
  if (groups->len == 0 && (weft_call_tree_has_process_info (base) || weft_call_tree_has_process_info (other)))
    {
      add_group (result, groups, SOURCE_PROCESSES, "Processes", "", TRUE, -1, -1);
      add_group (result, groups, SOURCE_THREADS, "Threads", "", TRUE, -1, -1);
    }
  return groups;
}

/* Adds @side's values of @group to the result nodes @map gives (two nodes of
 * one tree may meet in one result node: a PSV may list a frame twice under
 * one parent). */
static void
add_values (WeftCallTree       *result,
            WeftCallTree       *tree,
            const WeftCallNode *map,
            const Group        *group,
            int                 side)
{
  guint m = group->result[side];
  guint n_nodes = weft_call_tree_get_n_nodes (tree);

  if (group->source == SOURCE_METRIC && group->metric[side] < 0)
    return;

  for (WeftCallNode n = 0; n < n_nodes; n++)
    {
      double exclusive, inclusive;

      switch (group->source)
        {
        case SOURCE_METRIC:
          exclusive = weft_call_tree_get_exclusive (tree, n, group->metric[side]);
          /* The side's own inclusive: right for metrics whose inclusive is
           * given, too. */
          inclusive = weft_call_tree_get_inclusive (tree, n, group->metric[side]);
          break;
        case SOURCE_PROCESSES:
          /* A count is of the processes reaching the frame; what stops in
           * it alone is not known, so exclusive is the count as well. */
          exclusive = inclusive = (double)weft_call_tree_get_process_count (tree, n);
          break;
        case SOURCE_THREADS:
        default:
          exclusive = inclusive = (double)weft_call_tree_get_thread_count (tree, n);
          break;
        }
      if (exclusive != 0)
        weft_call_tree_add_exclusive (result, map[n], m, exclusive);
      if (inclusive != 0)
        weft_call_tree_set_inclusive (result, map[n], m, weft_call_tree_get_inclusive (result, map[n], m) + inclusive);
    }
}

static void
derive_values (WeftCallTree *result,
               const Group  *group)
{
  const guint *m = group->result;
  guint n_nodes = weft_call_tree_get_n_nodes (result);

  for (WeftCallNode n = 0; n < n_nodes; n++)
    {
      double base_exclusive = weft_call_tree_get_exclusive (result, n, m[BASE]);
      double other_exclusive = weft_call_tree_get_exclusive (result, n, m[OTHER]);
      double base_inclusive = weft_call_tree_get_inclusive (result, n, m[BASE]);
      double other_inclusive = weft_call_tree_get_inclusive (result, n, m[OTHER]);

      weft_call_tree_set_exclusive (result, n, m[DIFFERENCE], other_exclusive - base_exclusive);
      weft_call_tree_set_inclusive (result, n, m[DIFFERENCE], other_inclusive - base_inclusive);
      weft_call_tree_set_exclusive (result, n, m[RATIO], weft_compare_ratio (base_exclusive, other_exclusive));
      weft_call_tree_set_inclusive (result, n, m[RATIO], weft_compare_ratio (base_inclusive, other_inclusive));
    }
}

/**
 * weft_call_tree_compare:
 * @base: the run compared against
 * @other: the run compared with it
 *
 * Makes the union of @base and @other with their values side by side (see
 * weft-call-tree-compare.h). Process and thread sets are not copied: sets of
 * two different runs (rank 3 of one job, rank 3 of another) do not combine
 * into anything meaningful; their counts become the Processes and Threads
 * groups when neither tree has a metric.
 *
 * Reads inclusive values of both trees, which computes them if needed.
 *
 * Returns: (transfer full): the comparison, ready for reading from several
 *   threads.
 */
WeftCallTree *
weft_call_tree_compare (WeftCallTree *base,
                        WeftCallTree *other)
{
  WeftCallTree *result;
  g_autofree WeftCallNode *base_map = NULL;
  g_autofree WeftCallNode *other_map = NULL;
  g_autofree guint8 *in_other = NULL;
  g_autoptr(GArray) groups = NULL;
  guint n_base_nodes, n_nodes;

  g_return_val_if_fail (base != NULL, NULL);
  g_return_val_if_fail (other != NULL, NULL);

  result = weft_call_tree_new ();
  if (weft_call_tree_get_title (base) != NULL && weft_call_tree_get_title (other) != NULL)
    {
      /* Translators: the title of a comparison of two runs, "base vs other". */
      g_autofree char *title = g_strdup_printf (_("%s vs %s"), weft_call_tree_get_title (base),
                                                weft_call_tree_get_title (other));

      weft_call_tree_set_title (result, title);
    }

  /* Structure first, so the metric columns are allocated once at full size;
   * room for every node of both trees (the union is at most that) at once. */
  weft_call_tree_reserve (result, weft_call_tree_get_n_nodes (base) + weft_call_tree_get_n_nodes (other));
  base_map = merge_nodes (result, base);
  n_base_nodes = weft_call_tree_get_n_nodes (result);
  other_map = merge_nodes (result, other);
  n_nodes = weft_call_tree_get_n_nodes (result);

  /* Nodes from n_base_nodes on are the other's alone; below it, those the
   * other also reached are on both sides. */
  in_other = g_new0 (guint8, n_base_nodes);
  for (guint n = 0; n < weft_call_tree_get_n_nodes (other); n++)
    if (other_map[n] < n_base_nodes)
      in_other[other_map[n]] = 1;
  for (WeftCallNode n = 0; n < n_nodes; n++)
    weft_call_tree_set_compare_side (result, n,
                                     n >= n_base_nodes ? WEFT_COMPARE_SIDE_OTHER_ONLY
                                     : in_other[n] ? WEFT_COMPARE_SIDE_BOTH
                                     : WEFT_COMPARE_SIDE_BASE_ONLY);

  groups = add_groups (result, base, other);
  for (guint g = 0; g < groups->len; g++)
    {
      const Group *group = &g_array_index (groups, Group, g);

      add_values (result, base, base_map, group, BASE);
      add_values (result, other, other_map, group, OTHER);
      derive_values (result, group);
    }

  /* Every metric's inclusive values are given, so this only marks them valid:
   * later reads then never write, and several threads may read at once. */
  weft_call_tree_compute_inclusive (result);

  return result;
}

/**
 * weft_call_tree_find_compare_group:
 * @tree: a comparison
 * @metric: any metric of a group ("X (base)", "X (difference)"…)
 * @base: (out): the group's "X (base)" metric
 * @other: (out): the group's "X (other)" metric
 *
 * Returns: whether @metric belongs to a group of a comparison
 */
gboolean
weft_call_tree_find_compare_group (const WeftCallTree *tree,
                                   guint               metric,
                                   int                *base,
                                   int                *other)
{
  const char *name;
  const char *open;
  g_autofree char *stem = NULL;
  g_autofree char *base_name = NULL;
  g_autofree char *other_name = NULL;

  g_return_val_if_fail (tree != NULL, FALSE);

  if (metric >= weft_call_tree_get_n_metrics (tree))
    return FALSE;
  name = weft_call_tree_get_metric_name (tree, metric);
  open = name != NULL ? g_strrstr (name, " (") : NULL;
  if (open == NULL)
    return FALSE;
  stem = g_strndup (name, open - name);
  base_name = g_strconcat (stem, " (base)", NULL);
  other_name = g_strconcat (stem, " (other)", NULL);
  *base = weft_call_tree_find_metric (tree, base_name);
  *other = weft_call_tree_find_metric (tree, other_name);
  return *base >= 0 && *other >= 0;
}

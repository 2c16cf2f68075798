/* weft-call-tree-views.c: bottom-up and flat trees from a top-down one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-call-tree-views.h"

typedef struct
{
  WeftCallTree     *tree;
  WeftCallTree     *out;
  WeftCallRoleFunc  role;
  gpointer          user_data;
  guint             n_metrics;
  GArray           *excl;      /* double, out nodes × metrics */
  GArray           *incl;
  guint32          *proc_up;   /* per source node: nearest procedure ancestor (itself excluded) */
  guint8           *roles;
} Views;

static WeftCallRole
role_of (Views        *v,
         WeftCallNode  node)
{
  return v->role != NULL ? v->role (v->tree, node, v->user_data) : WEFT_CALL_ROLE_PROCEDURE;
}

static void
views_init (Views            *v,
            WeftCallTree     *tree,
            WeftCallRoleFunc  role,
            gpointer          user_data)
{
  guint n = weft_call_tree_get_n_nodes (tree);

  v->tree = tree;
  v->role = role;
  v->user_data = user_data;
  v->out = weft_call_tree_new ();
  v->n_metrics = weft_call_tree_get_n_metrics (tree);
  for (guint m = 0; m < v->n_metrics; m++)
    weft_call_tree_add_metric (v->out, weft_call_tree_get_metric_name (tree, m), weft_call_tree_get_metric_unit (tree, m),
                               weft_call_tree_get_metric_flags (tree, m) | WEFT_CALL_METRIC_INCLUSIVE_GIVEN);
  v->excl = g_array_new (FALSE, TRUE, sizeof (double));
  v->incl = g_array_new (FALSE, TRUE, sizeof (double));
  v->roles = g_new0 (guint8, n);
  v->proc_up = g_new (guint32, n);
  weft_call_tree_compute_inclusive (tree);
  /* Nodes come after their parents. */
  for (WeftCallNode node = 0; node < n; node++)
    {
      WeftCallNode parent = weft_call_tree_get_parent (tree, node);

      v->roles[node] = node == WEFT_CALL_TREE_ROOT ? WEFT_CALL_ROLE_OTHER : role_of (v, node);
      if (parent == WEFT_CALL_NODE_NONE)
        v->proc_up[node] = WEFT_CALL_NODE_NONE;
      else
        v->proc_up[node] = v->roles[parent] == WEFT_CALL_ROLE_PROCEDURE ? parent : v->proc_up[parent];
    }
}

static void
add_values (Views        *v,
            WeftCallNode  out_node,
            WeftCallNode  node,
            gboolean      inclusive,
            gboolean      exclusive)
{
  gsize need = (gsize)weft_call_tree_get_n_nodes (v->out) * v->n_metrics;

  if (v->excl->len < need)
    {
      g_array_set_size (v->excl, need);
      g_array_set_size (v->incl, need);
    }
  for (guint m = 0; m < v->n_metrics; m++)
    {
      if (exclusive)
        g_array_index (v->excl, double, (gsize)out_node * v->n_metrics + m) += weft_call_tree_get_exclusive (v->tree, node, m);
      if (inclusive)
        g_array_index (v->incl, double, (gsize)out_node * v->n_metrics + m) += weft_call_tree_get_inclusive (v->tree, node, m);
    }
}

static WeftCallTree *
views_finish (Views *v)
{
  guint n = weft_call_tree_get_n_nodes (v->out);

  add_values (v, WEFT_CALL_TREE_ROOT, WEFT_CALL_TREE_ROOT, FALSE, FALSE);
  for (guint m = 0; m < v->n_metrics; m++)
    g_array_index (v->incl, double, m) = weft_call_tree_get_inclusive (v->tree, WEFT_CALL_TREE_ROOT, m);
  for (WeftCallNode node = 0; node < n; node++)
    for (guint m = 0; m < v->n_metrics; m++)
      {
        weft_call_tree_set_exclusive (v->out, node, m, g_array_index (v->excl, double, (gsize)node * v->n_metrics + m));
        weft_call_tree_set_inclusive (v->out, node, m, g_array_index (v->incl, double, (gsize)node * v->n_metrics + m));
      }
  g_array_unref (v->excl);
  g_array_unref (v->incl);
  g_free (v->roles);
  g_free (v->proc_up);
  return v->out;
}

/* Whether an ancestor procedure of @node (up the proc_up chain) maps to
 * @target through @map. */
static gboolean
ancestor_maps_to (Views         *v,
                  WeftCallNode   node,
                  const guint32 *map,
                  guint32        target)
{
  for (WeftCallNode up = v->proc_up[node]; up != WEFT_CALL_NODE_NONE; up = v->proc_up[up])
    if (map[up] == target)
      return TRUE;
  return FALSE;
}

WeftCallTree *
weft_call_tree_dup_bottom_up (WeftCallTree     *tree,
                              WeftCallRoleFunc  role,
                              gpointer          user_data)
{
  Views v;
  guint n;
  g_autofree guint32 *frame_of = NULL;

  g_return_val_if_fail (tree != NULL, NULL);
  views_init (&v, tree, role, user_data);
  n = weft_call_tree_get_n_nodes (tree);
  frame_of = g_new (guint32, n);
  for (WeftCallNode node = 0; node < n; node++)
    frame_of[node] = v.roles[node] == WEFT_CALL_ROLE_PROCEDURE ? weft_call_tree_get_frame_id (tree, node) : G_MAXUINT32;

  for (WeftCallNode node = 1; node < n; node++)
    {
      WeftCallNode at;
      gboolean outermost;
      guint32 path[256];
      guint depth = 0;

      if (v.roles[node] != WEFT_CALL_ROLE_PROCEDURE)
        continue;
      outermost = !ancestor_maps_to (&v, node, frame_of, frame_of[node]);
      /* node ← caller ← caller's caller … */
      at = weft_call_tree_ensure_child (v.out, WEFT_CALL_TREE_ROOT, weft_call_tree_get_frame (tree, node));
      add_values (&v, at, node, outermost, TRUE);
      path[depth++] = frame_of[node];
      for (WeftCallNode up = v.proc_up[node]; up != WEFT_CALL_NODE_NONE && depth < G_N_ELEMENTS (path); up = v.proc_up[up])
        {
          gboolean repeated = FALSE;

          at = weft_call_tree_ensure_child (v.out, at, weft_call_tree_get_frame (tree, up));
          /* A caller already on this path (recursion) does not count the
           * instance's inclusive value twice. */
          for (guint k = 0; k < depth; k++)
            repeated |= path[k] == frame_of[up];
          path[depth++] = frame_of[up];
          add_values (&v, at, node, outermost && !repeated, TRUE);
        }
    }
  return views_finish (&v);
}

WeftCallTree *
weft_call_tree_dup_flat (WeftCallTree     *tree,
                         WeftCallRoleFunc  role,
                         gpointer          user_data)
{
  Views v;
  guint n;
  g_autofree guint32 *flat = NULL;      /* source node → flat node */
  g_autofree guint32 *flat_file = NULL; /* source procedure → flat file node */
  g_autofree guint32 *flat_module = NULL;

  g_return_val_if_fail (tree != NULL, NULL);
  views_init (&v, tree, role, user_data);
  n = weft_call_tree_get_n_nodes (tree);
  flat = g_new (guint32, n);
  flat_file = g_new (guint32, n);
  flat_module = g_new (guint32, n);
  for (WeftCallNode node = 0; node < n; node++)
    flat[node] = flat_file[node] = flat_module[node] = G_MAXUINT32;

  for (WeftCallNode node = 1; node < n; node++)
    {
      const WeftCallFrame *f = weft_call_tree_get_frame (tree, node);

      if (v.roles[node] == WEFT_CALL_ROLE_PROCEDURE)
        {
          WeftCallFrame module = { "", "", f->module, 0, 0, 0 };
          WeftCallFrame file = { "", f->file, f->module, 0, 0, 0 };
          WeftCallNode m = weft_call_tree_ensure_child (v.out, WEFT_CALL_TREE_ROOT, &module);
          WeftCallNode fl = weft_call_tree_ensure_child (v.out, m, &file);
          WeftCallNode p = weft_call_tree_ensure_child (v.out, fl, f);

          flat_module[node] = m;
          flat_file[node] = fl;
          flat[node] = p;
          add_values (&v, p, node, !ancestor_maps_to (&v, node, flat, p), TRUE);
          add_values (&v, fl, node, !ancestor_maps_to (&v, node, flat_file, fl), TRUE);
          add_values (&v, m, node, !ancestor_maps_to (&v, node, flat_module, m), TRUE);
        }
      else if (v.roles[node] == WEFT_CALL_ROLE_INSIDE)
        {
          WeftCallNode parent = weft_call_tree_get_parent (tree, node);
          WeftCallNode proc = v.proc_up[node];
          WeftCallNode at;

          /* Inside nothing (e.g. under a placeholder): not in the flat view. */
          if (flat[parent] == G_MAXUINT32 || proc == WEFT_CALL_NODE_NONE)
            continue;
          at = weft_call_tree_ensure_child (v.out, flat[parent], f);
          flat[node] = at;
          /* Counted when its procedure instance is the outermost one. */
          add_values (&v, at, node, !ancestor_maps_to (&v, proc, flat, flat[proc]), TRUE);
        }
    }
  return views_finish (&v);
}

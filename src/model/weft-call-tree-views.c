/* weft-call-tree-views.c: bottom-up and flat trees from a top-down one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

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

/* rec_up[node]: for a procedure, the nearest procedure above it with the
 * same frame (a recursive call), or NONE; one walk of the tree in preorder,
 * keeping the nearest procedure of each frame on the current path. */
static guint32 *
dup_recursion_up (Views         *v,
                  const guint32 *frame_of)
{
  WeftCallTree *tree = v->tree;
  guint n = weft_call_tree_get_n_nodes (tree);
  guint32 *rec_up = g_new (guint32, n);
  g_autofree guint32 *last = g_new (guint32, MAX (weft_call_tree_get_n_frames (tree), 1));
  WeftCallNode node = weft_call_tree_get_first_child (tree, WEFT_CALL_TREE_ROOT);

  memset (last, 0xff, sizeof (guint32) * MAX (weft_call_tree_get_n_frames (tree), 1));
  rec_up[WEFT_CALL_TREE_ROOT] = WEFT_CALL_NODE_NONE;
  while (node != WEFT_CALL_NODE_NONE)
    {
      WeftCallNode child;

      rec_up[node] = WEFT_CALL_NODE_NONE;
      if (frame_of[node] != G_MAXUINT32)
        {
          rec_up[node] = last[frame_of[node]];
          last[frame_of[node]] = node;
        }
      child = weft_call_tree_get_first_child (tree, node);
      if (child != WEFT_CALL_NODE_NONE)
        {
          node = child;
          continue;
        }
      /* Leaving @node and every ancestor it is the last child of. */
      while (node != WEFT_CALL_TREE_ROOT)
        {
          WeftCallNode next = weft_call_tree_get_next_sibling (tree, node);

          if (frame_of[node] != G_MAXUINT32)
            last[frame_of[node]] = rec_up[node];
          if (next != WEFT_CALL_NODE_NONE)
            {
              node = next;
              break;
            }
          node = weft_call_tree_get_parent (tree, node);
        }
      if (node == WEFT_CALL_TREE_ROOT)
        break;
    }

  return rec_up;
}

/* Whether the frame of @caller is among those of @node and the procedures
 * between them (a recursive instance counts its inclusive value once). */
static gboolean
frame_repeated_below (Views         *v,
                      const guint32 *frame_of,
                      WeftCallNode   node,
                      WeftCallNode   caller)
{
  for (WeftCallNode m = node; m != caller; m = v->proc_up[m])
    if (frame_of[m] == frame_of[caller])
      return TRUE;
  return FALSE;
}

/* The output tree's id of source frame @frame_id, interned once. */
static guint32
out_frame (Views    *v,
           guint32  *out_frames,
           guint32   frame_id)
{
  if (out_frames[frame_id] == G_MAXUINT32)
    out_frames[frame_id] = weft_call_tree_intern_frame (v->out, weft_call_tree_lookup_frame (v->tree, frame_id));
  return out_frames[frame_id];
}

/**
 * weft_call_tree_dup_bottom_up_bounded:
 * @max_frames: stop adding levels of callers once the tree has this many
 *   frames (G_MAXUINT: never); the first level, each procedure's own
 *   callers, is always added
 * @levels: (out) (optional): the levels of callers under the top level
 *   when the tree stopped short of the whole one, or 0 when it is whole
 *
 * The bottom-up tree, built a level of callers at a time: every procedure
 * instance (a procedure node of @tree) first adds its frame at the top, then
 * its caller under that, then its caller's caller, and so on. A parent's
 * children come in the order of the instances either way, so the tree is
 * the one built instance by instance; by levels, a tree too big to use can
 * stop at a whole level: the 965,000 frames of 64 synthetic profiles make
 * 57 million bottom-up frames (16 s and 5.7 GB). Deeper than 256 levels of
 * callers are not followed (hpcviewer shows none that deep either).
 */
WeftCallTree *
weft_call_tree_dup_bottom_up_bounded (WeftCallTree     *tree,
                                      WeftCallRoleFunc  role,
                                      gpointer          user_data,
                                      guint             max_frames,
                                      guint            *levels)
{
  Views v;
  guint n, n_frames;
  g_autofree guint32 *frame_of = NULL;    /* procedures' frame ids, else G_MAXUINT32 */
  g_autofree guint32 *rec_up = NULL;
  g_autofree guint8 *recursive = NULL;    /* a frame repeats along the node's callers */
  g_autofree guint32 *out_frames = NULL;
  g_autofree guint32 *inst = NULL;        /* per live instance: its procedure node */
  g_autofree guint32 *at = NULL;          /* … the output node it reached */
  g_autofree guint32 *caller = NULL;      /* … and the procedure to add next */
  guint n_inst = 0;
  guint level;

  g_return_val_if_fail (tree != NULL, NULL);
  views_init (&v, tree, role, user_data);
  n = weft_call_tree_get_n_nodes (tree);
  n_frames = weft_call_tree_get_n_frames (tree);
  frame_of = g_new (guint32, n);
  for (WeftCallNode node = 0; node < n; node++)
    frame_of[node] = v.roles[node] == WEFT_CALL_ROLE_PROCEDURE ? weft_call_tree_get_frame_id (tree, node) : G_MAXUINT32;
  rec_up = dup_recursion_up (&v, frame_of);
  recursive = g_new0 (guint8, n);
  out_frames = g_new (guint32, MAX (n_frames, 1));
  memset (out_frames, 0xff, sizeof (guint32) * MAX (n_frames, 1));
  inst = g_new (guint32, n);
  at = g_new (guint32, n);
  caller = g_new (guint32, n);

  /* The top level: every procedure, inclusive values from the outermost
   * instance of each only (no procedure of the same frame above it). */
  for (WeftCallNode node = 1; node < n; node++)
    {
      WeftCallNode up = v.proc_up[node];

      if (v.roles[node] != WEFT_CALL_ROLE_PROCEDURE)
        continue;
      recursive[node] = rec_up[node] != WEFT_CALL_NODE_NONE || (up != WEFT_CALL_NODE_NONE && recursive[up]);
      inst[n_inst] = node;
      at[n_inst] = weft_call_tree_ensure_child_frame_id (v.out, WEFT_CALL_TREE_ROOT, out_frame (&v, out_frames, frame_of[node]));
      caller[n_inst] = up;
      add_values (&v, at[n_inst], node, rec_up[node] == WEFT_CALL_NODE_NONE, TRUE);
      n_inst++;
    }

  for (level = 1;; level++)
    {
      guint live = 0;

      /* The instances with callers left, in order. */
      for (guint k = 0; k < n_inst; k++)
        if (caller[k] != WEFT_CALL_NODE_NONE)
          {
            inst[live] = inst[k];
            at[live] = at[k];
            caller[live] = caller[k];
            live++;
          }
      n_inst = live;
      if (n_inst == 0)
        {
          level = 0;
          break;
        }
      /* Each procedure's own callers are always there. */
      if ((level > 1 && weft_call_tree_get_n_nodes (v.out) >= max_frames) || level > 256)
        break;
      for (guint k = 0; k < n_inst; k++)
        {
          WeftCallNode node = inst[k];
          WeftCallNode up = caller[k];
          gboolean counted = rec_up[node] == WEFT_CALL_NODE_NONE &&
                             !(recursive[node] && frame_repeated_below (&v, frame_of, node, up));

          at[k] = weft_call_tree_ensure_child_frame_id (v.out, at[k], out_frame (&v, out_frames, frame_of[up]));
          add_values (&v, at[k], node, counted, TRUE);
          caller[k] = v.proc_up[up];
        }
    }
  if (levels != NULL)
    *levels = level == 0 ? 0 : level - 1;

  return views_finish (&v);
}

WeftCallTree *
weft_call_tree_dup_bottom_up (WeftCallTree     *tree,
                              WeftCallRoleFunc  role,
                              gpointer          user_data)
{
  return weft_call_tree_dup_bottom_up_bounded (tree, role, user_data, G_MAXUINT, NULL);
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
          /* hpcviewer's name for the file of code without line information. */
          WeftCallFrame file = { "", f->file[0] != '\0' ? f->file : "<unknown file>", f->module, 0, 0, 0 };
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

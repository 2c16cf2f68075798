/* weft-hpctoolkit-measurement-merge.c: merges a measurement's profiles into
 * one calling-context tree: the builder's per-node scratch and thread sets,
 * the planner (each profile's nodes as the frames to place, with the
 * structure's procedures, inlined calls and loops), the placer (those frames
 * down the tree) and each profile's statistic partials, run as a pipeline on
 * up to three threads. What is computed once the profiles are in the tree
 * is in weft-hpctoolkit-measurement-build.c.
 *
 * Merging goes from each profile's roots down in file order (preorder: a
 * parent is always placed before its children), so every file node maps to
 * its tree node in one step through weft_call_tree_ensure_child(): O(1) per
 * level, whatever the number of profiles.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-background.h"
#include "weft-hpctoolkit-measurement-private.h"
#include "weft-memory.h"

/* How many nodes ahead the merge prefetches table slots, and how many
 * profiles' plans may wait for the placer. */
#define PREFETCH_AHEAD 16
#define PLANS_AHEAD    2

/* @mem (@old elements of @size) with room for @n, the new ones zero. */
static gpointer
renew_zeroed (gpointer mem,
              gsize    old,
              gsize    n,
              gsize    size)
{
  mem = g_realloc_n (mem, n, size);
  memset ((guint8 *)mem + old * size, 0, (n - old) * size);
  return mem;
}


void
_weft_hpctoolkit_measurement_builder_alloc (Builder *b,
                                            guint    cap)
{
  b->cap = cap;
  b->stamp = weft_memory_new0_huge (cap, sizeof (guint32));
  b->parent = weft_memory_new0_huge (cap, sizeof (guint32));
  b->role = weft_memory_new0_huge (cap, sizeof (guint8));
  b->touched = g_new (WeftCallNode, cap);
  b->touched_up = g_new (WeftCallNode, cap);
  b->touched_passes = g_new (guint8, cap);
  b->set_of = weft_memory_new0_huge (cap, sizeof (guint32));
  b->node_scope = weft_memory_new0_huge (cap, sizeof (guint32));
}

void
_weft_hpctoolkit_measurement_builder_free (Builder *b)
{
  g_free (b->stamp);
  g_free (b->parent);
  g_free (b->role);
  g_free (b->touched);
  g_free (b->touched_up);
  g_free (b->touched_passes);
  g_free (b->set_of);
  g_free (b->node_scope);
}

void
_weft_hpctoolkit_measurement_grow (Builder *b)
{
  guint n = weft_call_tree_get_n_nodes (b->tree);

  /* Called for every node touched: the arrays grow by half their size at
   * a time (they may be longer than the tree, never shorter). */
  if (b->cap < n)
    {
      gsize old = b->cap, len = MAX (n, old + old / 2 + 1024);

      b->stamp = renew_zeroed (b->stamp, old, len, sizeof (guint32));
      b->parent = renew_zeroed (b->parent, old, len, sizeof (guint32));
      b->role = renew_zeroed (b->role, old, len, sizeof (guint8));
      b->touched = g_renew (WeftCallNode, b->touched, len);
      b->touched_up = g_renew (WeftCallNode, b->touched_up, len);
      b->touched_passes = g_renew (guint8, b->touched_passes, len);
      b->set_of = renew_zeroed (b->set_of, old, len, sizeof (guint32));
      b->node_scope = renew_zeroed (b->node_scope, old, len, sizeof (guint32));
      b->cap = len;
    }
}

/* Records that the current profile reaches @node. */
/* The set of @old (an id, or NO_SET) with the current profile's thread. */
static guint32
next_set (Builder *b,
          guint32  old)
{
  guint64 key = ((guint64)(old + 1) << 32) | b->profile;
  gpointer found = g_hash_table_lookup (b->next_set, &key);
  guint32 id;

  if (found != NULL)
    id = GPOINTER_TO_UINT (found) - 1;
  else
    {
      WeftThreadSet *set = old != NO_SET ? weft_thread_set_copy (g_ptr_array_index (b->sets, old))
                                         : weft_thread_set_new ();

      weft_thread_set_add (set, b->rank, b->thread);
      id = b->sets->len;
      g_ptr_array_add (b->sets, set);
      g_hash_table_insert (b->next_set, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (id + 1));
    }
  b->last_old = old;
  b->last_new = id;

  return id;
}

/* Records that the current profile reaches @node; TRUE the first time. */
static gboolean
touch (Builder      *b,
       WeftCallNode  node)
{
  guint32 *set;

  _weft_hpctoolkit_measurement_grow (b);
  if (b->stamp[node] == b->profile + 1)
    return FALSE;
  b->stamp[node] = b->profile + 1;
  b->touched[b->n_touched++] = node;
  set = &b->set_of[node];
  *set = (*set - 1 == b->last_old ? b->last_new : next_set (b, *set - 1)) + 1;
  return TRUE;
}

/* Merging runs in two stages, on two threads when there are two processors:
 * a planner turns each profile's nodes into the frames to place, interning
 * them (the frame table and the string pool), and the placer walks those
 * plans down the tree (the child table, the nodes and the per-node scratch).
 * The stages share only the plans, handed over through a queue at most
 * PLANS_AHEAD long; frame ids are those of a one-thread merge, since one
 * planner interns them in order. Each table costs a cache miss per node;
 * on two cores both are probed at once. */

/* One node to place: a frame under the previous step (or the node's parent). */
typedef struct
{
  guint32 frame;
  guint32 scope;   /* structure scope + 1 of a procedure or inlined call, else 0 */
  guint8  role;
} Step;

typedef enum
{
  PLAN_COLLAPSED,    /* the global root: the node is its parent */
  PLAN_PLACEHOLDER,  /* one step; its samples are the node itself */
  PLAN_MODULE,       /* a call chain (with children) and a sample chain (with values or without children) */
} PlanKind;

typedef struct
{
  guint32 first;     /* its steps: n_call of the call chain, then n_sample */
  guint16 n_call;
  guint16 n_sample;
  guint8  kind;      /* PlanKind */
} NodePlan;

typedef struct
{
  guint     index;   /* the profile */
  NodePlan *nodes;
  GArray   *steps;   /* Step */
} Plan;

typedef struct
{
  WeftHpctoolkitMeasurement *self;
  WeftCallTree              *tree;
  GArray                    *steps;   /* of the plan being made */
} Planner;

static void
plan_free (Plan *plan)
{
  g_free (plan->nodes);
  g_array_unref (plan->steps);
  g_free (plan);
}

static const char *
base_name (const char *path)
{
  const char *slash = strrchr (path, '/');

  return slash != NULL ? slash + 1 : path;
}

static void
plan_step (Planner             *pl,
           const WeftCallFrame *frame,
           guint32              scope)
{
  Step step = { weft_call_tree_intern_frame (pl->tree, frame), scope, (guint8)frame->kind };

  g_array_append_val (pl->steps, step);
}

/* A line node's label, "file.c: 20" as hpcviewer shows lines. */
static void
plan_line (Planner            *pl,
           WeftHpctoolkitRole  role,
           const char         *file,
           guint32             line,
           const char         *module)
{
  g_autofree char *label = g_strdup_printf ("%s: %u", base_name (file), line);
  WeftCallFrame f = { label, file, module, 0, line, role };

  plan_step (pl, &f, 0);
}

/* Two loops (or inlined calls) on the same line of one procedure are
 * different scopes: the frame's address carries the scope, so that they stay
 * apart when merged (lines merge by number, as in hpcprof). */
static inline guint64
scope_address (guint32 scope)
{
  return WEFT_HPCTOOLKIT_SCOPE_ADDRESS | scope;
}

/* The structure chain of @scope (P … S, or a P alone): procedure, named
 * inlined calls, loops, then the line as @role. */
static void
plan_chain (Planner            *pl,
            guint32             scope,
            WeftHpctoolkitRole  role,
            const char         *module)
{
  const WeftHpcstruct *s = pl->self->structure;
  guint32 chain[256];
  guint n = 0;
  const WeftHpcstructScope *leaf = weft_hpcstruct_get_scope (s, scope);
  guint32 line = leaf->line;
  const char *file = leaf->file;

  /* Up to the procedure; the statement itself is placed last. */
  for (guint32 at = leaf->kind == WEFT_HPCSTRUCT_PROC ? scope : leaf->parent;
       at != WEFT_HPCSTRUCT_NONE && n < G_N_ELEMENTS (chain);)
    {
      const WeftHpcstructScope *sc = weft_hpcstruct_get_scope (s, at);

      chain[n++] = at;
      if (sc->kind == WEFT_HPCSTRUCT_PROC || sc->kind == WEFT_HPCSTRUCT_FILE || sc->kind == WEFT_HPCSTRUCT_LM)
        break;
      at = sc->parent;
    }
  while (n > 0)
    {
      guint32 at = chain[--n];
      const WeftHpcstructScope *sc = weft_hpcstruct_get_scope (s, at);

      switch (sc->kind)
        {
        case WEFT_HPCSTRUCT_PROC:
        case WEFT_HPCSTRUCT_ALIEN:
          {
            gboolean inlined = sc->kind == WEFT_HPCSTRUCT_ALIEN;
            WeftCallFrame f = { sc->name, sc->file, module, scope_address (at), sc->line,
                                inlined ? WEFT_HPCTOOLKIT_ROLE_INLINED : WEFT_HPCTOOLKIT_ROLE_PROCEDURE };

            /* An unnamed inlined scope (hpcstruct writes some) adds nothing
             * but a level: its lines belong to the enclosing scope. */
            if (inlined && sc->name[0] == '\0')
              break;
            plan_step (pl, &f, at + 1);
          }
          break;
        case WEFT_HPCSTRUCT_LOOP:
          {
            g_autofree char *label = g_strdup_printf ("loop at %s: %u", base_name (sc->file), sc->line);
            WeftCallFrame f = { label, sc->file, module, scope_address (at), sc->line, WEFT_HPCTOOLKIT_ROLE_LOOP };

            plan_step (pl, &f, 0);
          }
          break;
        default:
          break;
        }
    }
  plan_line (pl, role, file, line, module);
}

/* A frame of a module without structure: "module+0xip" (@module_base is
 * the module's file name, interned in the tree). */
static inline void
bare_frame (WeftCallFrame      *f,
            const char         *module_base,
            guint64             ip,
            WeftHpctoolkitRole  role)
{
  *f = (WeftCallFrame) { "", "", module_base, ip, 0, role };
}

static gboolean
is_collapsed_root (const WeftHpcrunNode *n)
{
  /* ^Primary (04.00) or lm 0 ip 0 (02.00): the global root. */
  return n->parent == WEFT_HPCRUN_NONE && n->lm_id == 0
         && (n->lm_ip == 0 || n->lm_ip == G_GUINT64_CONSTANT (0x5e5072696d617279));
}

static inline void
add_partial (Partials *p,
             int       which,
             double    v)
{
  if (v == 0)
    return;
  if (p->n[which] == 0 || v < p->min[which])
    p->min[which] = v;
  if (p->n[which] == 0 || v > p->max[which])
    p->max[which] = v;
  p->n[which]++;
  p->sumsq[which] += v * v;
}

/* Stage three (beside the planner when there are two processors): each
 * profile's values, its statistic partials and the merged tree's own
 * values. A profile's job lists the nodes it reached in touch order (a node
 * after its parent, so in reverse every child comes before its parent: no
 * sort) with each one's parent and whether its exclusive value passes up,
 * and where each of its file nodes' values went. */
typedef struct
{
  guint         index;      /* the profile */
  guint         n_tree;     /* the tree's size once it was placed */
  guint         n;
  WeftCallNode *nodes;
  WeftCallNode *up;
  guint8       *passes;
  WeftCallNode *sample;     /* per file node */
} StatsJob;

static void
stats_job_free (StatsJob *job)
{
  g_free (job->nodes);
  g_free (job->up);
  g_free (job->passes);
  g_free (job->sample);
  g_free (job);
}

void
_weft_hpctoolkit_measurement_stats_clear (Stats *st)
{
  g_free (st->own);
  g_free (st->position);
  g_free (st->scratch);
}

/* Makes @st and the measurement's partials cover @n nodes. */
void
_weft_hpctoolkit_measurement_stats_grow (Stats *st,
                                         gsize  n)
{
  WeftHpctoolkitMeasurement *self = st->self;
  gsize nc = st->nc;

  if (st->cap < n)
    {
      gsize len = MAX (n, st->cap + st->cap / 2 + 1024);

      st->own = st->own == NULL ? weft_memory_new0_huge (len * nc + 1, sizeof (double))
                                : renew_zeroed (st->own, st->cap * nc + 1, len * nc + 1, sizeof (double));
      st->position = g_renew (guint32, st->position, len);
      st->cap = len;
    }
  if (self->n_stats < n * nc)
    {
      gsize len = st->cap * nc;

      /* The first time zeroed by calloc (fresh pages need no memset). */
      if (self->stats == NULL)
        self->stats = weft_memory_new0_huge (len, sizeof (Partials));
      else
        self->stats = renew_zeroed (self->stats, self->n_stats, len, sizeof (Partials));
      self->n_stats = len;
    }
}

static void
stats_run (Stats          *st,
           const StatsJob *job)
{
  WeftHpctoolkitMeasurement *self = st->self;
  const WeftHpcrunProfile *p = g_ptr_array_index (self->profiles, job->index);
  const guint32 *map = g_ptr_array_index (self->metric_maps, job->index);
  gsize nc = st->nc, n = job->n;
  double *own, *incl, *excl;

  _weft_hpctoolkit_measurement_stats_grow (st, MAX (job->n_tree, 1));
  if (st->scratch == NULL || st->scratch_len < 3 * n * nc)
    {
      st->scratch_len = MAX (3 * n * nc, 1);
      st->scratch = g_renew (double, st->scratch, st->scratch_len);
    }
  own = st->scratch;
  incl = own + n * nc;
  excl = incl + n * nc;
  memset (st->scratch, 0, sizeof (double) * 3 * n * nc);
  for (gsize k = 0; k < n; k++)
    st->position[job->nodes[k]] = (guint32)k;

  /* The values, in file order, at the nodes their file nodes became. */
  for (guint i = 0; i < p->nodes->len; i++)
    {
      const WeftHpcrunNode *fn = &g_array_index (p->nodes, WeftHpcrunNode, i);
      WeftCallNode node = job->sample[i];

      for (guint32 v = fn->first_value; v < fn->first_value + fn->n_values; v++)
        {
          const WeftHpcrunValue *value = &g_array_index (p->values_array, WeftHpcrunValue, v);
          guint32 column = self->columns[map[value->metric]];

          if (column != NO_COLUMN)
            {
              st->own[(gsize)node * nc + column] += value->value;
              own[(gsize)st->position[node] * nc + column] += value->value;
            }
        }
    }

  for (gsize k = n; k-- > 0;)
    {
      for (guint c = 0; c < nc; c++)
        {
          incl[k * nc + c] += own[k * nc + c];
          excl[k * nc + c] += own[k * nc + c];
        }
      if (job->nodes[k] != WEFT_CALL_TREE_ROOT)
        pass_up (incl, excl, k, st->position[job->up[k]], job->passes[k], nc);
    }
  for (gsize k = 0; k < n; k++)
    for (guint c = 0; c < nc; c++)
      {
        Partials *partials = &self->stats[(gsize)job->nodes[k] * nc + c];

        add_partial (partials, 0, incl[k * nc + c]);
        add_partial (partials, 1, excl[k * nc + c]);
      }
}

/* Stage one: the steps of every node of profile @index. */
static Plan *
plan_profile (Planner *pl,
              guint    index)
{
  WeftHpctoolkitMeasurement *self = pl->self;
  const WeftHpcrunProfile *p = g_ptr_array_index (self->profiles, index);
  guint n_nodes = p->nodes->len;
  g_autofree guint8 *has_children = g_new0 (guint8, n_nodes);
  g_autofree guint32 *struct_lm = g_new (guint32, MAX (p->modules->len, 1));
  /* The tree's copies of the module paths and file names, made once. */
  g_autofree const char **module_path = g_new (const char *, MAX (p->modules->len, 1));
  g_autofree const char **module_base = g_new (const char *, MAX (p->modules->len, 1));
  Plan *plan = g_new0 (Plan, 1);

  plan->index = index;
  plan->nodes = g_new (NodePlan, MAX (n_nodes, 1));
  plan->steps = g_array_sized_new (FALSE, FALSE, sizeof (Step), n_nodes + n_nodes / 4 + 1);
  pl->steps = plan->steps;
  for (guint i = 0; i < n_nodes; i++)
    {
      guint32 parent = g_array_index (p->nodes, WeftHpcrunNode, i).parent;

      if (parent != WEFT_HPCRUN_NONE)
        has_children[parent] = 1;
    }
  for (guint m = 0; m < p->modules->len; m++)
    {
      const char *name = g_array_index (p->modules, WeftHpcrunModule, m).name;

      module_path[m] = weft_call_tree_intern_string (pl->tree, name);
      module_base[m] = weft_call_tree_intern_string (pl->tree, base_name (name));
      struct_lm[m] = self->structure != NULL ? weft_hpcstruct_find_module (self->structure, name)
                                             : WEFT_HPCSTRUCT_NONE;
    }

  for (guint i = 0; i < n_nodes; i++)
    {
      const WeftHpcrunNode *n = &g_array_index (p->nodes, WeftHpcrunNode, i);
      NodePlan *np = &plan->nodes[i];
      WeftCallFrame f;

      /* The frame table is probed at random: a bare frame's slot is loaded
       * PREFETCH_AHEAD nodes early, so that it is in the cache in time. */
      if (i + PREFETCH_AHEAD < n_nodes)
        {
          const WeftHpcrunNode *ahead = &g_array_index (p->nodes, WeftHpcrunNode, i + PREFETCH_AHEAD);

          if (ahead->module != WEFT_HPCRUN_NONE && struct_lm[ahead->module] == WEFT_HPCSTRUCT_NONE)
            {
              bare_frame (&f, module_base[ahead->module], ahead->lm_ip,
                          has_children[i + PREFETCH_AHEAD] ? WEFT_HPCTOOLKIT_ROLE_CALL_SITE
                                                           : WEFT_HPCTOOLKIT_ROLE_STATEMENT);
              weft_call_tree_prefetch_frame (pl->tree, &f);
            }
        }

      np->first = plan->steps->len;
      np->n_call = np->n_sample = 0;
      if (n->module == WEFT_HPCRUN_NONE)
        {
          char ascii[9];
          g_autofree char *special = NULL;
          const char *name = NULL;

          np->kind = is_collapsed_root (n) ? PLAN_COLLAPSED : PLAN_PLACEHOLDER;
          if (np->kind == PLAN_COLLAPSED)
            continue;
          if (n->lm_id == 0)
            {
              name = weft_hpcrun_placeholder_name (n->lm_ip);
              weft_hpcrun_placeholder_ascii (n->lm_ip, ascii);
              /* 02.00 has no placeholders: lm 0 nodes carry small ips. */
              if (name == NULL && strchr (ascii, '?') != NULL)
                name = special = g_strdup_printf ("<lm 0: 0x%" G_GINT64_MODIFIER "x>", n->lm_ip);
            }
          else
            {
              special = g_strdup_printf ("<gpu lm %u: 0x%" G_GINT64_MODIFIER "x>", n->lm_id, n->lm_ip);
              name = special;
            }
          f = (WeftCallFrame) { name != NULL ? name : ascii, "", "", 0, 0, WEFT_HPCTOOLKIT_ROLE_PLACEHOLDER };
          plan_step (pl, &f, 0);
          np->n_call = 1;
        }
      else
        {
          guint32 lm = struct_lm[n->module];
          guint32 call_scope = WEFT_HPCSTRUCT_NONE, sample_scope = WEFT_HPCSTRUCT_NONE;

          np->kind = PLAN_MODULE;
          if (lm != WEFT_HPCSTRUCT_NONE)
            {
              /* A return address: the call is the instruction before it. */
              if (has_children[i])
                call_scope = weft_hpcstruct_lookup (self->structure, lm, n->lm_ip - 1);
              if (!has_children[i] || n->n_values > 0)
                sample_scope = weft_hpcstruct_lookup (self->structure, lm, n->lm_ip);
            }
          if (has_children[i])
            {
              if (call_scope != WEFT_HPCSTRUCT_NONE)
                plan_chain (pl, call_scope, WEFT_HPCTOOLKIT_ROLE_CALL_SITE, module_path[n->module]);
              else
                {
                  bare_frame (&f, module_base[n->module], n->lm_ip, WEFT_HPCTOOLKIT_ROLE_CALL_SITE);
                  plan_step (pl, &f, 0);
                }
              np->n_call = (guint16)(plan->steps->len - np->first);
            }
          /* Samples at a call site's address are a sibling statement. */
          if (!has_children[i] || n->n_values > 0)
            {
              if (sample_scope != WEFT_HPCSTRUCT_NONE)
                plan_chain (pl, sample_scope, WEFT_HPCTOOLKIT_ROLE_STATEMENT, module_path[n->module]);
              else
                {
                  bare_frame (&f, module_base[n->module], n->lm_ip, WEFT_HPCTOOLKIT_ROLE_STATEMENT);
                  plan_step (pl, &f, 0);
                }
              np->n_sample = (guint16)(plan->steps->len - np->first - np->n_call);
            }
        }
    }
  pl->steps = NULL;

  return plan;
}

/* Stage two: places @n steps under @parent; returns the last node. */
static WeftCallNode
place_steps (Builder    *b,
             WeftCallNode parent,
             const Step *steps,
             guint       n)
{
  WeftCallNode node = parent;

  for (guint k = 0; k < n; k++)
    {
      WeftCallNode child = weft_call_tree_ensure_child_concurrent (b->tree, node, steps[k].frame);

      if (touch (b, child))
        {
          b->touched_up[b->n_touched - 1] = node;
          b->touched_passes[b->n_touched - 1] = passes_exclusive (steps[k].role, b->role[node]);
        }
      b->parent[child] = node;
      b->role[child] = steps[k].role;
      if (steps[k].scope != 0)
        b->node_scope[child] = steps[k].scope;
      node = child;
    }
  return node;
}

static StatsJob *
place_profile (Builder    *b,
               const Plan *plan)
{
  WeftHpctoolkitMeasurement *self = b->self;
  const WeftHpcrunProfile *p = g_ptr_array_index (self->profiles, plan->index);
  guint n_nodes = p->nodes->len;
  const Step *steps = (const Step *)(const void *)plan->steps->data;
  g_autofree WeftCallNode *ctx = g_new (WeftCallNode, MAX (n_nodes, 1));
  GHashTable *contexts = NULL;
  StatsJob *job = g_new0 (StatsJob, 1);

  b->profile = plan->index;
  b->last_old = NO_SET - 1;   /* no transition of this profile yet */
  weft_hpcrun_profile_get_rank_thread (p, &b->rank, &b->thread);
  /* A profile that names no thread (or a negative one) is thread 0 of its
   * rank, as one that names no rank is rank 0: thread sets hold no -1. */
  if (b->thread < 0)
    b->thread = 0;
  if (self->traces->len > plan->index && g_ptr_array_index (self->traces, plan->index) != NULL)
    contexts = g_hash_table_new (NULL, NULL);

  job->index = plan->index;
  job->sample = g_new (WeftCallNode, MAX (n_nodes, 1));
  b->n_touched = 0;
  touch (b, WEFT_CALL_TREE_ROOT);
  b->touched_up[0] = WEFT_CALL_NODE_NONE;
  b->touched_passes[0] = FALSE;
  for (guint i = 0; i < n_nodes; i++)
    {
      const WeftHpcrunNode *n = &g_array_index (p->nodes, WeftHpcrunNode, i);
      const NodePlan *np = &plan->nodes[i];
      WeftCallNode parent = n->parent == WEFT_HPCRUN_NONE ? WEFT_CALL_TREE_ROOT : ctx[n->parent];
      WeftCallNode sample;

      /* The child table is probed at random too: the first step's slot is
       * loaded ahead when that node's parent is placed already. */
      if (i + PREFETCH_AHEAD / 2 < n_nodes)
        {
          const WeftHpcrunNode *ahead = &g_array_index (p->nodes, WeftHpcrunNode, i + PREFETCH_AHEAD / 2);
          const NodePlan *ap = &plan->nodes[i + PREFETCH_AHEAD / 2];

          if (ap->n_call + ap->n_sample > 0 && (ahead->parent == WEFT_HPCRUN_NONE || ahead->parent < i))
            weft_call_tree_prefetch_child (b->tree,
                                           ahead->parent == WEFT_HPCRUN_NONE ? WEFT_CALL_TREE_ROOT : ctx[ahead->parent],
                                           steps[ap->first].frame);
        }

      switch ((PlanKind)np->kind)
        {
        case PLAN_COLLAPSED:
          ctx[i] = sample = parent;
          break;
        case PLAN_PLACEHOLDER:
          ctx[i] = sample = place_steps (b, parent, steps + np->first, np->n_call);
          break;
        case PLAN_MODULE:
        default:
          ctx[i] = np->n_call > 0 ? place_steps (b, parent, steps + np->first, np->n_call) : WEFT_CALL_NODE_NONE;
          sample = np->n_sample > 0 ? place_steps (b, parent, steps + np->first + np->n_call, np->n_sample)
                                    : WEFT_CALL_NODE_NONE;
          if (ctx[i] == WEFT_CALL_NODE_NONE)
            ctx[i] = sample;
          break;
        }
      job->sample[i] = sample;
      if (contexts != NULL)
        g_hash_table_insert (contexts, GUINT_TO_POINTER (n->id), GUINT_TO_POINTER (sample + 1));
    }
  g_ptr_array_add (self->contexts, contexts);

  job->n_tree = weft_call_tree_get_n_nodes (b->tree);
  job->n = b->n_touched;
  job->nodes = g_memdup2 (b->touched, sizeof (WeftCallNode) * MAX (b->n_touched, 1));
  job->up = g_memdup2 (b->touched_up, sizeof (WeftCallNode) * MAX (b->n_touched, 1));
  job->passes = g_memdup2 (b->touched_passes, MAX (b->n_touched, 1));
  b->n_touched = 0;

  return job;
}

/* The pipeline's threads: the planner plans every profile in order, each
 * after taking a token (so that at most PLANS_AHEAD wait); the statistics
 * thread runs the jobs the placer (the calling thread) hands it. */
typedef struct
{
  Planner      planner;
  Stats       *stats;
  GAsyncQueue *plans;
  GAsyncQueue *tokens;
  GAsyncQueue *jobs;
} Pipeline;

static gpointer
plan_thread (gpointer data)
{
  Pipeline *pipeline = data;

  for (guint i = 0; i < pipeline->planner.self->profiles->len; i++)
    {
      g_async_queue_pop (pipeline->tokens);
      g_async_queue_push (pipeline->plans, plan_profile (&pipeline->planner, i));
    }
  return NULL;
}

static gpointer
stats_thread (gpointer data)
{
  Pipeline *pipeline = data;

  for (guint i = 0; i < pipeline->planner.self->profiles->len; i++)
    {
      StatsJob *job = g_async_queue_pop (pipeline->jobs);

      stats_run (pipeline->stats, job);
      stats_job_free (job);
    }
  return NULL;
}

void
_weft_hpctoolkit_measurement_merge_profiles (Builder *b,
                                             Stats   *stats)
{
  WeftHpctoolkitMeasurement *self = b->self;
  guint n_profiles = self->profiles->len;
  Pipeline pipeline = { { self, b->tree, NULL }, stats, NULL, NULL, NULL };
  GThread *planner, *statistician;

  if (n_profiles < 2 || weft_background_get_n_processors () < 2)
    {
      for (guint i = 0; i < n_profiles; i++)
        {
          Plan *plan = plan_profile (&pipeline.planner, i);
          StatsJob *job = place_profile (b, plan);

          plan_free (plan);
          stats_run (stats, job);
          stats_job_free (job);
        }
      return;
    }

  pipeline.plans = g_async_queue_new ();
  pipeline.tokens = g_async_queue_new ();
  pipeline.jobs = g_async_queue_new ();
  for (guint k = 0; k < PLANS_AHEAD; k++)
    g_async_queue_push (pipeline.tokens, GUINT_TO_POINTER (1));
  planner = g_thread_new ("weft-hpc-plan", plan_thread, &pipeline);
  statistician = g_thread_new ("weft-hpc-stats", stats_thread, &pipeline);
  for (guint i = 0; i < n_profiles; i++)
    {
      Plan *plan = g_async_queue_pop (pipeline.plans);

      g_async_queue_push (pipeline.tokens, GUINT_TO_POINTER (1));
      g_async_queue_push (pipeline.jobs, place_profile (b, plan));
      plan_free (plan);
    }
  g_thread_join (planner);
  g_thread_join (statistician);
  g_async_queue_unref (pipeline.plans);
  g_async_queue_unref (pipeline.tokens);
  g_async_queue_unref (pipeline.jobs);
}

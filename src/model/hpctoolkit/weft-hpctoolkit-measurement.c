/* weft-hpctoolkit-measurement.c: reads a measurement and merges its profiles
 * into one calling-context tree with hpcprof's numbers.
 *
 * Merging goes from each profile's roots down in file order (preorder: a
 * parent is always placed before its children), so every file node maps to
 * its tree node in one step through weft_call_tree_ensure_child(): O(1) per
 * level, whatever the number of profiles.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-background.h"
#include "weft-error.h"
#include "weft-hpctoolkit-formula.h"
#include "weft-hpctoolkit-measurement.h"
#include "weft-memory.h"
#include "weft-source-path.h"

#define NO_COLUMN G_MAXUINT32
#define NO_SET    G_MAXUINT32

/* How many nodes ahead the merge prefetches table slots, and how many
 * profiles' plans may wait for the placer. */
#define PREFETCH_AHEAD 16
#define PLANS_AHEAD    2

/* hpcprof's statistic partials of one node and metric over the profiles
 * whose value there is not zero (their sum is the node's value): how many,
 * the sum of squares, the least and the greatest; inclusive and exclusive. */
typedef struct
{
  guint32 n[2];
  double  sumsq[2];
  double  min[2];
  double  max[2];
} Partials;

struct _WeftHpctoolkitMeasurement
{
  GPtrArray      *profiles;     /* WeftHpcrunProfile */
  GPtrArray      *traces;       /* WeftHpctrace or NULL, one per profile */
  GPtrArray      *struct_paths; /* char*, for dup_sources */
  WeftHpcstruct  *structure;    /* may be NULL */

  GArray         *metrics;      /* WeftHpcrunMetric (borrowed strings from the first profile having it) */
  GArray         *totals;       /* double per metric */
  GArray         *profile_totals; /* double per profile × metric */
  GPtrArray      *metric_maps;  /* per profile: guint32 array local → global */
  guint32        *columns;      /* global metric → tree column, or NO_COLUMN */
  GArray         *first_profile; /* guint per global metric: the profile whose table defined it */
  guint64         cct_nodes;
  GMutex          lock;          /* for the count below, made on first use */
  gboolean        merged_counted;
  guint           merged_nodes;

  WeftCallTree   *tree;
  Partials       *stats;        /* per node × column: the statistics across profiles */
  gsize           n_stats;
  GArray         *node_proc;    /* int per tree node: procedure index or -1 */
  GArray         *procedures;   /* WeftHpctoolkitProcedure */
  GPtrArray      *contexts;     /* per profile: GHashTable file id → tree node + 1, or NULL */
};

/* ---- building ---------------------------------------------------------- */


typedef struct
{
  WeftHpctoolkitMeasurement *self;
  WeftCallTree *tree;
  guint         n_columns;
  /* Per-node scratch, allocated zeroed for an estimate of the final tree
   * (pages of zeros cost nothing until touched, and nodes are touched in
   * id order) and grown by half when the tree outgrows it: GArrays grown
   * step by step spent a fifth of the merge zeroing and copying. */
  guint         cap;
  guint32      *stamp;        /* per node: last profile + 1 that touched it */
  /* Each node's parent and role, dense copies of the tree's for the passes
   * up (a tree node and its frame are two cache misses more per node). */
  guint32      *parent;
  guint8       *role;
  /* The threads reaching each node, hash-consed: thousands of nodes are
   * reached by the same profiles, so each distinct set is made once and a
   * node holds its id; touching a node with a profile is a transition from
   * one id to another, remembered. */
  guint32      *set_of;       /* per node: set id + 1, or 0 for none */
  GPtrArray    *sets;         /* WeftThreadSet by id */
  GHashTable   *next_set;     /* (id + 1) << 32 | profile → new id + 1 */
  guint32       last_old;     /* the last transition of this profile */
  guint32       last_new;
  guint32      *node_scope;   /* per node: structure scope + 1 of a procedure/inline, else 0 */
  GHashTable   *proc_index;   /* scope → procedure index + 1 */
  guint32       profile;
  gint64        rank;
  gint64        thread;
  /* The current profile alone, for the statistics: the nodes it reaches
   * in touch order, each one's parent and whether its exclusive value
   * passes up to that parent (all cap long: a node is touched once per
   * profile). */
  WeftCallNode *touched;
  WeftCallNode *touched_up;
  guint8       *touched_passes;
  guint         n_touched;
} Builder;

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


static void
builder_alloc (Builder *b,
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

static void
builder_free (Builder *b)
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

static void
grow (Builder *b)
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

  grow (b);
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

/* hpcprof's inclusive and exclusive rules for one node whose children are
 * done: its inclusive value goes into its parent's; its exclusive value
 * goes into its parent's exclusive one when it is a statement or loop and the
 * parent a procedure, inlined call or loop (a procedure's exclusive value is
 * its own lines and loops, not its callees). */
static inline gboolean
passes_exclusive (guint32 kind,
                  guint32 parent_kind)
{
  return (kind == WEFT_HPCTOOLKIT_ROLE_STATEMENT || kind == WEFT_HPCTOOLKIT_ROLE_LOOP) &&
         (parent_kind == WEFT_HPCTOOLKIT_ROLE_PROCEDURE || parent_kind == WEFT_HPCTOOLKIT_ROLE_INLINED ||
          parent_kind == WEFT_HPCTOOLKIT_ROLE_LOOP);
}

static inline void
pass_up (double   *incl,
         double   *excl,
         gsize     node,
         gsize     parent,
         gboolean  passes,
         guint     nc)
{
  for (guint c = 0; c < nc; c++)
    {
      incl[parent * nc + c] += incl[node * nc + c];
      if (passes)
        excl[parent * nc + c] += excl[node * nc + c];
    }
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

typedef struct
{
  WeftHpctoolkitMeasurement *self;
  guint    nc;
  gsize    cap;             /* nodes the two arrays below cover */
  double  *own;             /* nc per node: the values placed there, all profiles */
  guint32 *position;        /* per node: its place in the current job */
  double  *scratch;         /* 3 × nc per job node: own, inclusive, exclusive */
  gsize    scratch_len;
} Stats;

static void
stats_job_free (StatsJob *job)
{
  g_free (job->nodes);
  g_free (job->up);
  g_free (job->passes);
  g_free (job->sample);
  g_free (job);
}

static void
stats_clear (Stats *st)
{
  g_free (st->own);
  g_free (st->position);
  g_free (st->scratch);
}

/* Makes @st and the measurement's partials cover @n nodes. */
static void
stats_grow (Stats *st,
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

  stats_grow (st, MAX (job->n_tree, 1));
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

static void
merge_profiles (Builder *b,
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

static void
contexts_free (gpointer data)
{
  if (data != NULL)
    g_hash_table_unref (data);
}

static void
procedures_clear (gpointer data)
{
  WeftHpctoolkitProcedure *proc = data;

  g_free (proc->inclusive);
  g_free (proc->exclusive);
}

typedef struct
{
  Builder *b;
  guint   *shared;   /* set id → the tree's shared sets */
  guint    n;
} SetsJob;

static gpointer
use_sets_thread (gpointer data)
{
  SetsJob *job = data;

  for (guint node = 0; node < job->n; node++)
    {
      guint32 id = job->b->set_of[node] - 1;

      if (id != NO_SET)
        weft_call_tree_use_shared_sets (job->b->tree, node, job->shared[id]);
    }
  return NULL;
}

/* hpcprof's inclusive and exclusive values, then the procedures'. */
static void
finish (Builder *b,
        Stats   *stats)
{
  WeftHpctoolkitMeasurement *self = b->self;
  WeftCallTree *tree = b->tree;
  guint n = weft_call_tree_get_n_nodes (tree);
  guint nc = b->n_columns;
  double *incl, *excl;
  SetsJob sets = { b, NULL, n };
  GThread *thread = NULL;

  grow (b);
  stats_grow (stats, MAX (n, 1));
  /* The merged own values become the inclusive ones (finish is their last
   * use). */
  incl = stats->own;
  excl = g_memdup2 (stats->own, sizeof (double) * ((gsize)n * nc + 1));

  /* Each distinct thread set (and its processes) once, shared by its nodes;
   * they are handed to the nodes beside the passes up (disjoint parts of
   * the tree). */
  sets.shared = g_new (guint, MAX (b->sets->len, 1));
  g_ptr_array_set_free_func (b->sets, NULL);   /* the tree takes them all */
  for (guint id = 0; id < b->sets->len; id++)
    {
      WeftThreadSet *set = g_ptr_array_index (b->sets, id);

      sets.shared[id] = weft_call_tree_add_shared_sets (tree, weft_thread_set_dup_processes (set), set);
    }
  if (n > 65536 && weft_background_get_n_processors () > 1)
    thread = g_thread_new ("weft-hpc-sets", use_sets_thread, &sets);
  else
    use_sets_thread (&sets);

  /* Children always have larger indices than their parent. */
  for (guint node = n; node-- > 1;)
    pass_up (incl, excl, node, b->parent[node], passes_exclusive (b->role[node], b->role[b->parent[node]]), nc);
  for (guint c = 0; c < nc; c++)
    weft_call_tree_set_metric_values (tree, c, excl + c, incl + c, nc);

  /* Procedures: exclusive over every instance, inclusive over the outermost
   * ones only, so that recursion is not counted twice. */
  self->node_proc = g_array_sized_new (FALSE, FALSE, sizeof (int), n);
  g_array_set_size (self->node_proc, n);
  for (guint node = 0; node < n; node++)
    {
      guint32 scope = b->node_scope[node] - 1;
      int index = -1;

      if (scope != WEFT_HPCSTRUCT_NONE)
        {
          gpointer found = g_hash_table_lookup (b->proc_index, GUINT_TO_POINTER (scope));

          if (found == NULL)
            {
              const WeftHpcstructScope *sc = weft_hpcstruct_get_scope (self->structure, scope);
              guint32 lm = weft_hpcstruct_enclosing (self->structure, scope, WEFT_HPCSTRUCT_LM);
              WeftHpctoolkitProcedure proc = {
                sc->name, sc->file, lm != WEFT_HPCSTRUCT_NONE ? weft_hpcstruct_get_scope (self->structure, lm)->name : "",
                scope, sc->kind == WEFT_HPCSTRUCT_ALIEN, g_new0 (double, nc + 1), g_new0 (double, nc + 1),
              };

              g_array_append_val (self->procedures, proc);
              found = GUINT_TO_POINTER (self->procedures->len);
              g_hash_table_insert (b->proc_index, GUINT_TO_POINTER (scope), found);
            }
          index = GPOINTER_TO_INT (found) - 1;
        }
      g_array_index (self->node_proc, int, node) = index;
    }
  for (guint node = 1; node < n; node++)
    {
      int index = g_array_index (self->node_proc, int, node);
      WeftHpctoolkitProcedure *proc;
      gboolean outermost = TRUE;

      if (index < 0)
        continue;
      proc = &g_array_index (self->procedures, WeftHpctoolkitProcedure, index);
      for (WeftCallNode up = weft_call_tree_get_parent (tree, node); up != WEFT_CALL_TREE_ROOT && up != WEFT_CALL_NODE_NONE;
           up = weft_call_tree_get_parent (tree, up))
        if (g_array_index (self->node_proc, int, up) == index)
          {
            outermost = FALSE;
            break;
          }
      for (guint c = 0; c < nc; c++)
        {
          proc->exclusive[c] += excl[(gsize)node * nc + c];
          if (outermost)
            proc->inclusive[c] += incl[(gsize)node * nc + c];
        }
    }

  if (thread != NULL)
    g_thread_join (thread);
  g_free (sets.shared);
  g_free (excl);
}

/* Derived metrics: each formula over the stored columns, for the exclusive
 * and the inclusive values separately (as hpcprof's (E) and (I) columns),
 * at every node and for every procedure. A formula whose values are all
 * zero adds no column. */
static void
add_derived (WeftHpctoolkitMeasurement *self)
{
  WeftCallTree *tree = self->tree;
  guint n = weft_call_tree_get_n_nodes (tree);
  guint n_stored = weft_call_tree_get_n_metrics (tree);

  for (guint g = 0; g < self->metrics->len; g++)
    {
      const WeftHpcrunMetric *metric = &g_array_index (self->metrics, WeftHpcrunMetric, g);
      g_autoptr(WeftHpctoolkitFormula) formula = NULL;
      g_autofree double *excl = NULL, *incl = NULL, *in_e = NULL, *in_i = NULL;
      g_autofree int *input_columns = NULL;
      const GArray *inputs;
      const guint32 *map;
      const WeftHpcrunProfile *p;
      gboolean any = FALSE;
      guint column;

      if (metric->formula[0] == '\0')
        continue;
      formula = weft_hpctoolkit_formula_parse (metric->formula, NULL);
      if (formula == NULL)
        continue;
      p = g_ptr_array_index (self->profiles, g_array_index (self->first_profile, guint, g));
      map = g_ptr_array_index (self->metric_maps, g_array_index (self->first_profile, guint, g));
      inputs = weft_hpctoolkit_formula_get_inputs (formula);
      input_columns = g_new (int, inputs->len + 1);
      for (guint k = 0; k < inputs->len; k++)
        {
          guint local = g_array_index (inputs, guint, k);

          input_columns[k] = local < p->metrics->len && self->columns[map[local]] != NO_COLUMN
                             ? (int)self->columns[map[local]] : -1;
        }
      in_e = g_new0 (double, inputs->len + 1);
      in_i = g_new0 (double, inputs->len + 1);
      excl = g_new (double, n);
      incl = g_new (double, n);
      for (WeftCallNode node = 0; node < n; node++)
        {
          for (guint k = 0; k < inputs->len; k++)
            {
              in_e[k] = input_columns[k] < 0 ? 0 : weft_call_tree_get_exclusive (tree, node, input_columns[k]);
              in_i[k] = input_columns[k] < 0 ? 0 : weft_call_tree_get_inclusive (tree, node, input_columns[k]);
            }
          excl[node] = weft_hpctoolkit_formula_eval (formula, in_e);
          incl[node] = weft_hpctoolkit_formula_eval (formula, in_i);
          any |= excl[node] != 0 || incl[node] != 0;
        }
      if (!any)
        continue;
      column = weft_call_tree_add_metric (tree, metric->name, "", WEFT_CALL_METRIC_INCLUSIVE_GIVEN);
      for (WeftCallNode node = 0; node < n; node++)
        {
          weft_call_tree_set_exclusive (tree, node, column, excl[node]);
          weft_call_tree_set_inclusive (tree, node, column, incl[node]);
        }
      for (guint i = 0; i < self->procedures->len; i++)
        {
          WeftHpctoolkitProcedure *proc = &g_array_index (self->procedures, WeftHpctoolkitProcedure, i);

          proc->inclusive = g_renew (double, proc->inclusive, column + 1);
          proc->exclusive = g_renew (double, proc->exclusive, column + 1);
          for (guint k = 0; k < inputs->len; k++)
            {
              in_e[k] = input_columns[k] < 0 || (guint)input_columns[k] >= n_stored ? 0 : proc->exclusive[input_columns[k]];
              in_i[k] = input_columns[k] < 0 || (guint)input_columns[k] >= n_stored ? 0 : proc->inclusive[input_columns[k]];
            }
          proc->exclusive[column] = weft_hpctoolkit_formula_eval (formula, in_e);
          proc->inclusive[column] = weft_hpctoolkit_formula_eval (formula, in_i);
        }
    }
}

static void
build (WeftHpctoolkitMeasurement *self)
{
  Builder b = { 0 };
  Stats stats = { 0 };
  guint n_global;

  /* Metrics by name over the profiles; their totals. */
  for (guint i = 0; i < self->profiles->len; i++)
    {
      const WeftHpcrunProfile *p = g_ptr_array_index (self->profiles, i);
      guint32 *map = g_new (guint32, p->metrics->len + 1);

      for (guint m = 0; m < p->metrics->len; m++)
        {
          const WeftHpcrunMetric *metric = &g_array_index (p->metrics, WeftHpcrunMetric, m);
          guint g;

          for (g = 0; g < self->metrics->len; g++)
            if (strcmp (g_array_index (self->metrics, WeftHpcrunMetric, g).name, metric->name) == 0)
              break;
          if (g == self->metrics->len)
            {
              double zero = 0;

              g_array_append_val (self->metrics, *metric);
              g_array_append_val (self->totals, zero);
              g_array_append_val (self->first_profile, i);
            }
          map[m] = g;
        }
      g_ptr_array_add (self->metric_maps, map);
      self->cct_nodes += p->nodes->len;
    }
  n_global = self->metrics->len;
  g_array_set_size (self->profile_totals, (gsize)self->profiles->len * n_global);
  /* No metric at all leaves the array without storage: data is NULL. */
  if (self->profile_totals->len > 0)
    memset (self->profile_totals->data, 0, sizeof (double) * self->profiles->len * n_global);
  for (guint i = 0; i < self->profiles->len; i++)
    {
      const WeftHpcrunProfile *p = g_ptr_array_index (self->profiles, i);
      const guint32 *map = g_ptr_array_index (self->metric_maps, i);

      for (guint v = 0; v < p->values_array->len; v++)
        {
          const WeftHpcrunValue *value = &g_array_index (p->values_array, WeftHpcrunValue, v);
          guint g = map[value->metric];

          g_array_index (self->totals, double, g) += value->value;
          g_array_index (self->profile_totals, double, (gsize)i * n_global + g) += value->value;
        }
    }

  /* Columns: stored metrics with a value (derived ones have none). */
  self->tree = weft_call_tree_new ();
  self->columns = g_new (guint32, n_global + 1);
  for (guint g = 0; g < n_global; g++)
    {
      const WeftHpcrunMetric *metric = &g_array_index (self->metrics, WeftHpcrunMetric, g);
      WeftCallMetricFlags flags = WEFT_CALL_METRIC_INCLUSIVE_GIVEN;

      self->columns[g] = NO_COLUMN;
      if (metric->formula[0] != '\0' || g_array_index (self->totals, double, g) == 0)
        continue;
      if (metric->value_format == WEFT_HPCRUN_FMT_INT && metric->period == 1)
        flags |= WEFT_CALL_METRIC_INTEGER;
      self->columns[g] = weft_call_tree_add_metric (self->tree, metric->name, "", flags);
    }

  b.self = self;
  b.tree = self->tree;
  b.n_columns = weft_call_tree_get_n_metrics (self->tree);
  /* The merged tree has at least the largest profile's nodes and at most
   * all profiles' (more with structure, which adds scopes); many ranks of
   * one program share most of theirs. */
  builder_alloc (&b, (guint)MIN (self->cct_nodes + 1024, (guint64)1 << 23));
  b.sets = g_ptr_array_new_with_free_func ((GDestroyNotify)weft_thread_set_free);
  b.next_set = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  b.proc_index = g_hash_table_new (NULL, NULL);
  stats.self = self;
  stats.nc = b.n_columns;
  merge_profiles (&b, &stats);
  finish (&b, &stats);
  stats_clear (&stats);
  add_derived (self);

  builder_free (&b);
  g_ptr_array_unref (b.sets);
  g_hash_table_unref (b.next_set);
  g_hash_table_unref (b.proc_index);
}

WeftHpctoolkitMeasurement *
weft_hpctoolkit_measurement_new (GPtrArray     *profiles,
                                 GPtrArray     *traces,
                                 WeftHpcstruct *structure)
{
  WeftHpctoolkitMeasurement *self = g_new0 (WeftHpctoolkitMeasurement, 1);

  g_mutex_init (&self->lock);
  self->profiles = profiles;
  self->traces = traces != NULL ? traces : g_ptr_array_new ();
  g_ptr_array_set_free_func (self->traces, (GDestroyNotify)weft_hpctrace_free);
  self->struct_paths = g_ptr_array_new_with_free_func (g_free);
  self->structure = structure;
  self->metrics = g_array_new (FALSE, FALSE, sizeof (WeftHpcrunMetric));
  self->totals = g_array_new (FALSE, TRUE, sizeof (double));
  self->first_profile = g_array_new (FALSE, FALSE, sizeof (guint));
  self->profile_totals = g_array_new (FALSE, TRUE, sizeof (double));
  self->metric_maps = g_ptr_array_new_with_free_func (g_free);
  self->procedures = g_array_new (FALSE, FALSE, sizeof (WeftHpctoolkitProcedure));
  g_array_set_clear_func (self->procedures, procedures_clear);
  self->contexts = g_ptr_array_new_with_free_func (contexts_free);
  build (self);
  return self;
}

void
weft_hpctoolkit_measurement_free (WeftHpctoolkitMeasurement *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->tree, weft_call_tree_unref);
  g_free (self->stats);
  g_ptr_array_unref (self->contexts);
  g_array_unref (self->procedures);
  g_clear_pointer (&self->node_proc, g_array_unref);
  g_free (self->columns);
  g_ptr_array_unref (self->metric_maps);
  g_array_unref (self->profile_totals);
  g_array_unref (self->totals);
  g_array_unref (self->first_profile);
  g_array_unref (self->metrics);
  g_clear_pointer (&self->structure, weft_hpcstruct_free);
  g_ptr_array_unref (self->struct_paths);
  g_ptr_array_unref (self->traces);
  g_ptr_array_unref (self->profiles);
  g_mutex_clear (&self->lock);
  g_free (self);
}

/* ---- loading ----------------------------------------------------------- */

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *)a, *(const char * const *)b);
}

/* Adds the *.hpcrun, *.hpctrace and *.hpcstruct of @dir to the lists. */
static gboolean
list_folder (const char  *dir,
             GPtrArray   *runs,
             GPtrArray   *traces,
             GPtrArray   *structs,
             gboolean     recurse,
             GError     **error)
{
  g_autoptr(GDir) d = NULL;
  g_autoptr(GError) local = NULL;
  const char *name;

  d = g_dir_open (dir, 0, &local);
  if (d == NULL)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED, "%s", local->message);
      return FALSE;
    }
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_str_has_suffix (name, ".hpcrun"))
        g_ptr_array_add (runs, g_steal_pointer (&path));
      else if (g_str_has_suffix (name, ".hpctrace"))
        g_ptr_array_add (traces, g_steal_pointer (&path));
      else if (g_str_has_suffix (name, ".hpcstruct"))
        g_ptr_array_add (structs, g_steal_pointer (&path));
      else if (recurse && strcmp (name, "structs") == 0 && g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          if (!list_folder (path, runs, traces, structs, FALSE, error))
            return FALSE;
        }
    }
  return TRUE;
}

static char *
stem (const char *path)
{
  const char *dot = strrchr (path, '.');

  return dot != NULL ? g_strndup (path, dot - path) : g_strdup (path);
}

/* A reader's error names its file ("PATH: byte 23: …", "PATH:LINE: …" from
 * the XML reader), as it must when it stands alone; as a warning, the file
 * (and line) go apart and the message drops them. */
static void
warn_error (WeftLoadContext *context,
            const char      *path,
            const char      *message)
{
  weft_load_context_add_warning (context, weft_warning_new_from_error_message (path, message));
}

/* A structure file for a program no profile ran (another build, another
 * measurement's structs/) would silently name nothing: say so. */
static void
warn_unused_modules (WeftLoadContext     *context,
                     const char          *path,
                     const WeftHpcstruct *structure,
                     guint                first,
                     GPtrArray           *profiles)
{
  for (guint m = first; m < weft_hpcstruct_get_n_modules (structure); m++)
    {
      const char *module = weft_hpcstruct_get_module_path (structure, m);
      g_autofree char *base = g_path_get_basename (module);
      gboolean used = FALSE;

      for (guint i = 0; i < profiles->len && !used; i++)
        {
          const WeftHpcrunProfile *p = g_ptr_array_index (profiles, i);

          for (guint j = 0; j < p->modules->len && !used; j++)
            {
              const char *name = g_array_index (p->modules, WeftHpcrunModule, j).name;
              g_autofree char *name_base = g_path_get_basename (name);

              used = g_str_equal (name, module) || g_str_equal (name_base, base);
            }
        }
      if (!used)
        weft_load_context_warn (context, path, 0,
                                _("this structure file describes “%s”, which no profile of the measurement ran; "
                                  "its procedure and line names are not used"),
                                module);
    }
}

/* The measurement folder a trace (its folder), a structure file or the
 * structs/ folder (the folder above) belongs to; NULL for anything else. */
static char *
measurement_folder_of (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;

  if (path == NULL)
    return NULL;
  base = g_path_get_basename (path);
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    return strcmp (base, "structs") == 0 ? g_path_get_dirname (path) : NULL;

  dir = g_path_get_dirname (path);
  if (g_str_has_suffix (path, ".hpctrace"))
    return g_steal_pointer (&dir);
  if (g_str_has_suffix (path, ".hpcstruct"))
    {
      g_autofree char *dir_base = g_path_get_basename (dir);

      return strcmp (dir_base, "structs") == 0 ? g_path_get_dirname (dir) : g_steal_pointer (&dir);
    }
  return NULL;
}

WeftHpctoolkitMeasurement *
weft_hpctoolkit_measurement_load (GFile * const    *files,
                                  guint             n_files,
                                  WeftLoadContext  *context,
                                  GError          **error)
{
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) trace_paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) structs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) profiles = g_ptr_array_new_with_free_func ((GDestroyNotify)weft_hpcrun_profile_free);
  g_autoptr(GPtrArray) traces = g_ptr_array_new_with_free_func ((GDestroyNotify)weft_hpctrace_free);
  g_autoptr(GHashTable) trace_by_stem = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(WeftHpcstruct) structure = NULL;
  g_autoptr(GError) first_error = NULL;
  WeftHpctoolkitMeasurement *self;

  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);

      if (path == NULL)
        {
          g_autofree char *uri = g_file_get_uri (files[i]);

          g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED, _("%s: only local files can be read"), uri);
          return NULL;
        }
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          if (!list_folder (path, runs, trace_paths, structs, TRUE, error))
            return NULL;
        }
      else if (g_str_has_suffix (path, ".hpctrace"))
        g_ptr_array_add (trace_paths, g_steal_pointer (&path));
      else if (g_str_has_suffix (path, ".hpcstruct"))
        g_ptr_array_add (structs, g_steal_pointer (&path));
      else
        g_ptr_array_add (runs, g_steal_pointer (&path));
    }
  /* A trace, a structure file or the structs/ folder alone opens with the
   * measurement it belongs to, as the sniffer promises. */
  if (runs->len == 0 && n_files > 0)
    {
      g_autofree char *measurement_dir = measurement_folder_of (files[0]);

      if (measurement_dir != NULL)
        {
          g_ptr_array_set_size (trace_paths, 0);
          g_ptr_array_set_size (structs, 0);
          if (!list_folder (measurement_dir, runs, trace_paths, structs, TRUE, error))
            return NULL;
        }
    }
  g_ptr_array_sort (runs, compare_strings);
  g_ptr_array_sort (structs, compare_strings);
  if (runs->len == 0)
    {
      g_autofree char *display = g_file_get_parse_name (files[0]);

      g_set_error (error, WEFT_ERROR, WEFT_ERROR_EMPTY,
                   _("%s: no .hpcrun profile to read (beside it or in its measurement folder)"), display);
      return NULL;
    }

  weft_load_context_add_work (context, runs->len + trace_paths->len + structs->len);
  {
    /* The profiles on every processor (up to 8): a measurement has one file
     * per thread or rank. Warnings then in file order, as one reader would. */
    g_autofree WeftHpcrunProfile **read = g_new (WeftHpcrunProfile *, runs->len);
    g_autofree GError **errors = g_new (GError *, runs->len);

    weft_hpcrun_read_files ((const char * const *)runs->pdata, runs->len, MIN (weft_background_get_n_processors (), 8),
                            context, read, errors);
    for (guint i = 0; i < runs->len; i++)
      {
        if (read[i] != NULL)
          g_ptr_array_add (profiles, read[i]);
        else if (errors[i] != NULL)
          {
            /* One bad file among many: skip it, say so. */
            warn_error (context, g_ptr_array_index (runs, i), errors[i]->message);
            if (first_error == NULL)
              first_error = g_steal_pointer (&errors[i]);
            g_clear_error (&errors[i]);
          }
      }
    if (weft_load_context_set_error_if_cancelled (context, error))
      return NULL;
  }
  if (profiles->len == 0)
    {
      g_propagate_error (error, g_steal_pointer (&first_error));
      return NULL;
    }

  for (guint i = 0; i < trace_paths->len; i++)
    g_hash_table_insert (trace_by_stem, stem (g_ptr_array_index (trace_paths, i)), g_ptr_array_index (trace_paths, i));
  for (guint i = 0; i < profiles->len; i++)
    {
      const WeftHpcrunProfile *p = g_ptr_array_index (profiles, i);
      g_autofree char *s = stem (p->path);
      const char *trace_path = g_hash_table_lookup (trace_by_stem, s);
      WeftHpctrace *trace = NULL;

      if (trace_path != NULL)
        {
          g_autoptr(GError) local = NULL;

          trace = weft_hpctrace_read_file (trace_path, &local);
          weft_load_context_advance (context, 1);
          if (trace == NULL)
            warn_error (context, trace_path, local->message);
        }
      g_ptr_array_add (traces, trace);
    }

  for (guint i = 0; i < structs->len; i++)
    {
      g_autoptr(GError) local = NULL;
      guint n_modules;

      if (weft_load_context_set_error_if_cancelled (context, error))
        return NULL;
      if (structure == NULL)
        structure = weft_hpcstruct_new ();
      n_modules = weft_hpcstruct_get_n_modules (structure);
      if (!weft_hpcstruct_load_file (structure, g_ptr_array_index (structs, i), &local))
        warn_error (context, g_ptr_array_index (structs, i), local->message);
      else
        warn_unused_modules (context, g_ptr_array_index (structs, i), structure, n_modules, profiles);
      weft_load_context_advance (context, 1);
    }

  self = weft_hpctoolkit_measurement_new (g_steal_pointer (&profiles), g_steal_pointer (&traces),
                                          g_steal_pointer (&structure));
  for (guint i = 0; i < structs->len; i++)
    g_ptr_array_add (self->struct_paths, g_strdup (g_ptr_array_index (structs, i)));
  return self;
}

/* ---- queries ----------------------------------------------------------- */

guint
weft_hpctoolkit_measurement_get_n_profiles (const WeftHpctoolkitMeasurement *self)
{
  return self->profiles->len;
}

const WeftHpcrunProfile *
weft_hpctoolkit_measurement_get_profile (const WeftHpctoolkitMeasurement *self,
                                         guint                            i)
{
  g_return_val_if_fail (i < self->profiles->len, NULL);
  return g_ptr_array_index (self->profiles, i);
}

const WeftHpctrace *
weft_hpctoolkit_measurement_get_trace (const WeftHpctoolkitMeasurement *self,
                                       guint                            i)
{
  return i < self->traces->len ? g_ptr_array_index (self->traces, i) : NULL;
}

const WeftHpcstruct *
weft_hpctoolkit_measurement_get_structure (const WeftHpctoolkitMeasurement *self)
{
  return self->structure;
}

GStrv
weft_hpctoolkit_measurement_dup_sources (const WeftHpctoolkitMeasurement *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < self->profiles->len; i++)
    {
      const WeftHpctrace *trace = weft_hpctoolkit_measurement_get_trace (self, i);

      g_strv_builder_add (builder, ((const WeftHpcrunProfile *)g_ptr_array_index (self->profiles, i))->path);
      if (trace != NULL)
        g_strv_builder_add (builder, trace->path);
    }
  for (guint i = 0; i < self->struct_paths->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (self->struct_paths, i));
  return g_strv_builder_end (builder);
}

guint
weft_hpctoolkit_measurement_get_n_metrics (const WeftHpctoolkitMeasurement *self)
{
  return self->metrics->len;
}

const WeftHpcrunMetric *
weft_hpctoolkit_measurement_get_metric (const WeftHpctoolkitMeasurement *self,
                                        guint                            metric)
{
  g_return_val_if_fail (metric < self->metrics->len, NULL);
  return &g_array_index (self->metrics, WeftHpcrunMetric, metric);
}

double
weft_hpctoolkit_measurement_get_total (const WeftHpctoolkitMeasurement *self,
                                       guint                            metric)
{
  g_return_val_if_fail (metric < self->totals->len, 0);
  return g_array_index (self->totals, double, metric);
}

double
weft_hpctoolkit_measurement_get_profile_total (const WeftHpctoolkitMeasurement *self,
                                               guint                            profile,
                                               guint                            metric)
{
  g_return_val_if_fail (profile < self->profiles->len && metric < self->metrics->len, 0);
  return g_array_index (self->profile_totals, double, (gsize)profile * self->metrics->len + metric);
}

guint64
weft_hpctoolkit_measurement_get_cct_nodes (const WeftHpctoolkitMeasurement *self)
{
  return self->cct_nodes;
}

/* The merge without structure, by (module path, address, role), only to
 * count its nodes: asked for by weft-cli's figures, not by the views, so it
 * is done on first use. */
static guint
count_merged (const WeftHpctoolkitMeasurement *self)
{
  g_autoptr(WeftCallTree) raw = weft_call_tree_new ();

  for (guint p = 0; p < self->profiles->len; p++)
    {
      const WeftHpcrunProfile *profile = g_ptr_array_index (self->profiles, p);
      g_autofree WeftCallNode *ctx = g_new (WeftCallNode, profile->nodes->len + 1);
      g_autofree guint8 *has_children = g_new0 (guint8, profile->nodes->len + 1);

      for (guint i = 0; i < profile->nodes->len; i++)
        {
          guint32 parent = g_array_index (profile->nodes, WeftHpcrunNode, i).parent;

          if (parent != WEFT_HPCRUN_NONE)
            has_children[parent] = 1;
        }
      for (guint i = 0; i < profile->nodes->len; i++)
        {
          const WeftHpcrunNode *n = &g_array_index (profile->nodes, WeftHpcrunNode, i);
          const char *module = n->module != WEFT_HPCRUN_NONE
                               ? g_array_index (profile->modules, WeftHpcrunModule, n->module).name : "";
          WeftHpctoolkitRole role = n->module == WEFT_HPCRUN_NONE ? WEFT_HPCTOOLKIT_ROLE_PLACEHOLDER
                                    : has_children[i] ? WEFT_HPCTOOLKIT_ROLE_CALL_SITE : WEFT_HPCTOOLKIT_ROLE_STATEMENT;
          /* Placeholders of the GPU pseudo-modules differ by lm id only. */
          WeftCallFrame f = { "", "", module, n->lm_ip, n->module == WEFT_HPCRUN_NONE ? n->lm_id : 0, role };

          ctx[i] = weft_call_tree_ensure_child (raw, n->parent == WEFT_HPCRUN_NONE ? WEFT_CALL_TREE_ROOT : ctx[n->parent], &f);
        }
    }
  return weft_call_tree_get_n_nodes (raw) - 1;
}

guint
weft_hpctoolkit_measurement_get_merged_nodes (const WeftHpctoolkitMeasurement *self)
{
  WeftHpctoolkitMeasurement *mutable = (WeftHpctoolkitMeasurement *)self;

  g_mutex_lock (&mutable->lock);
  if (!self->merged_counted)
    {
      mutable->merged_nodes = count_merged (self);
      mutable->merged_counted = TRUE;
    }
  g_mutex_unlock (&mutable->lock);
  return self->merged_nodes;
}

WeftCallTree *
weft_hpctoolkit_measurement_get_tree (const WeftHpctoolkitMeasurement *self)
{
  return self->tree;
}

int
weft_hpctoolkit_measurement_get_node_procedure (const WeftHpctoolkitMeasurement *self,
                                                WeftCallNode                     node)
{
  if (self->node_proc == NULL || node >= self->node_proc->len)
    return -1;
  return g_array_index (self->node_proc, int, node);
}

guint
weft_hpctoolkit_measurement_get_n_procedures (const WeftHpctoolkitMeasurement *self)
{
  return self->procedures->len;
}

const WeftHpctoolkitProcedure *
weft_hpctoolkit_measurement_get_procedure (const WeftHpctoolkitMeasurement *self,
                                           guint                            i)
{
  g_return_val_if_fail (i < self->procedures->len, NULL);
  return &g_array_index (self->procedures, WeftHpctoolkitProcedure, i);
}

WeftCallNode
weft_hpctoolkit_measurement_get_context (const WeftHpctoolkitMeasurement *self,
                                         guint                            profile,
                                         guint32                          file_node_id)
{
  GHashTable *contexts;
  guint v;

  if (profile >= self->contexts->len || (contexts = g_ptr_array_index (self->contexts, profile)) == NULL)
    return WEFT_CALL_NODE_NONE;
  v = GPOINTER_TO_UINT (g_hash_table_lookup (contexts, GUINT_TO_POINTER (file_node_id)));
  return v == 0 ? WEFT_CALL_NODE_NONE : v - 1;
}

char *
weft_hpctoolkit_measurement_find_source (const WeftHpctoolkitMeasurement *self,
                                         const char                      *name,
                                         GVariant                        *remaps,
                                         gboolean                        *found)
{
  g_autofree char *dir = NULL;
  g_autofree char *remapped = NULL;
  char *candidates[3] = { NULL, NULL, NULL };

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (self->profiles->len > 0)
    dir = g_path_get_dirname (((const WeftHpcrunProfile *)g_ptr_array_index (self->profiles, 0))->path);
  remapped = weft_source_path_resolve (name, dir, remaps);
  candidates[0] = g_strdup (remapped);
  if (dir != NULL)
    {
      g_autofree char *base = g_path_get_basename (name);
      const char *relative = name;

      while (G_IS_DIR_SEPARATOR (*relative))
        relative++;
      candidates[1] = g_build_filename (dir, "src", relative, NULL);
      candidates[2] = g_build_filename (dir, base, NULL);
    }

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (candidates[i] != NULL && g_file_test (candidates[i], G_FILE_TEST_IS_REGULAR))
      {
        char *path = g_steal_pointer (&candidates[i]);

        for (guint j = 0; j < G_N_ELEMENTS (candidates); j++)
          g_free (candidates[j]);
        if (found != NULL)
          *found = TRUE;
        return path;
      }

  for (guint j = 0; j < G_N_ELEMENTS (candidates); j++)
    g_free (candidates[j]);
  if (found != NULL)
    *found = FALSE;

  return g_steal_pointer (&remapped);
}

/**
 * weft_hpctoolkit_measurement_get_statistics:
 * @node: a node of the merged tree
 * @column: a metric column of the merged tree
 * @inclusive: the statistics of the inclusive values, else the exclusive
 *
 * hpcprof's summary statistics of @node's value across the profiles (its
 * execution contexts) where it is not zero: their number, sum, mean, least
 * and greatest, standard deviation (of the population: √(Σx²/n − mean²))
 * and coefficient of variation (standard deviation / mean). FALSE (and
 * zeros) when no profile has a value there.
 */
gboolean
weft_hpctoolkit_measurement_get_statistics (const WeftHpctoolkitMeasurement *self,
                                            WeftCallNode                     node,
                                            guint                            column,
                                            gboolean                         inclusive,
                                            WeftHpctoolkitStatistics        *out)
{
  guint nc;
  const Partials *p;
  int which = inclusive ? 0 : 1;
  double variance;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  memset (out, 0, sizeof *out);
  nc = weft_call_tree_get_n_metrics (self->tree);
  /* Derived metrics come after the stored ones and have no partials. */
  if (node >= weft_call_tree_get_n_nodes (self->tree) || column >= nc ||
      (gsize)node * nc + column >= self->n_stats)
    return FALSE;
  p = &self->stats[(gsize)node * nc + column];
  if (p->n[which] == 0)
    return FALSE;

  out->n = p->n[which];
  out->sum = inclusive ? weft_call_tree_get_inclusive (self->tree, node, column)
                       : weft_call_tree_get_exclusive (self->tree, node, column);
  out->mean = out->sum / out->n;
  out->min = p->min[which];
  out->max = p->max[which];
  /* Rounding can make a zero variance slightly negative. */
  variance = MAX (p->sumsq[which] / out->n - out->mean * out->mean, 0);
  out->stddev = sqrt (variance);
  out->cfvar = out->mean != 0 ? out->stddev / out->mean : 0;

  return TRUE;
}

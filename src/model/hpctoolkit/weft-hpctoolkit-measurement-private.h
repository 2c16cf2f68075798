/* weft-hpctoolkit-measurement-private.h: the measurement's layout, shared by
 * its accessors (weft-hpctoolkit-measurement.c), its loader
 * (weft-hpctoolkit-measurement-load.c) and its builder; and what the
 * builder's two files share: the merge's scratch and statistics
 * (weft-hpctoolkit-measurement-merge.c), which the build
 * (weft-hpctoolkit-measurement-build.c) sets up and finishes from. Not for
 * other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-hpctoolkit-measurement.h"

G_BEGIN_DECLS

#define NO_COLUMN G_MAXUINT32
#define NO_SET    G_MAXUINT32

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

/* Building ------------------------------------------------------------------ */

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

/* The statistics stage's state (weft-hpctoolkit-measurement-merge.c); the
 * build's finish takes its merged own values. */
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

/* weft-hpctoolkit-measurement-merge.c */
void _weft_hpctoolkit_measurement_builder_alloc  (Builder *b,
                                                  guint    cap);
void _weft_hpctoolkit_measurement_builder_free   (Builder *b);
void _weft_hpctoolkit_measurement_grow           (Builder *b);
void _weft_hpctoolkit_measurement_stats_clear    (Stats   *st);
void _weft_hpctoolkit_measurement_stats_grow     (Stats   *st,
                                                  gsize    n);
void _weft_hpctoolkit_measurement_merge_profiles (Builder *b,
                                                  Stats   *stats);

/* weft-hpctoolkit-measurement-build.c */
void _weft_hpctoolkit_measurement_build (WeftHpctoolkitMeasurement *self);

G_END_DECLS

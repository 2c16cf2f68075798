/* weft-hpctoolkit-measurement-build.c: builds a measurement's merged tree
 * with hpcprof's numbers: the metrics by name over the profiles and their
 * totals, the tree's columns, the merge of the profiles
 * (weft-hpctoolkit-measurement-merge.c), then what is computed from the
 * merged tree: the inclusive and exclusive values, the thread sets handed to
 * the nodes, the procedures and the derived metrics.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-background.h"
#include "weft-hpctoolkit-formula.h"
#include "weft-hpctoolkit-measurement-private.h"

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

  _weft_hpctoolkit_measurement_grow (b);
  _weft_hpctoolkit_measurement_stats_grow (stats, MAX (n, 1));
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

void
_weft_hpctoolkit_measurement_build (WeftHpctoolkitMeasurement *self)
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
  _weft_hpctoolkit_measurement_builder_alloc (&b, (guint)MIN (self->cct_nodes + 1024, (guint64)1 << 23));
  b.sets = g_ptr_array_new_with_free_func ((GDestroyNotify)weft_thread_set_free);
  b.next_set = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  b.proc_index = g_hash_table_new (NULL, NULL);
  stats.self = self;
  stats.nc = b.n_columns;
  _weft_hpctoolkit_measurement_merge_profiles (&b, &stats);
  finish (&b, &stats);
  _weft_hpctoolkit_measurement_stats_clear (&stats);
  add_derived (self);
  /* hpcviewer's order: the costliest calls first, by the first metric. */
  if (weft_call_tree_get_n_metrics (self->tree) > 0)
    weft_call_tree_sort_children (self->tree, 0);

  _weft_hpctoolkit_measurement_builder_free (&b);
  g_ptr_array_unref (b.sets);
  g_hash_table_unref (b.next_set);
  g_hash_table_unref (b.proc_index);
}

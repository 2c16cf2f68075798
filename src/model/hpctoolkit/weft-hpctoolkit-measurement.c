/* weft-hpctoolkit-measurement.c: an HPCToolkit measurement: its life and
 * what it answers (profiles, traces, metrics and their totals, the merged
 * tree, procedures, trace contexts, source files, statistics).
 *
 * The layout is in weft-hpctoolkit-measurement-private.h, the loader in
 * weft-hpctoolkit-measurement-load.c (finding and reading the files), the
 * builder in weft-hpctoolkit-measurement-build.c (metrics, totals, hpcprof's
 * values, procedures, derived metrics) and
 * weft-hpctoolkit-measurement-merge.c (merging the profiles into one tree).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "weft-hpctoolkit-measurement-private.h"
#include "weft-source-path.h"

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
  _weft_hpctoolkit_measurement_build (self);
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

/* weft-comparison-figures.c
 *
 * The worker computes on a copy of the comparison (weft_comparison_copy), so
 * the page may change the mode or the alignment of its own while a run is in
 * flight: the run's figures are then of the state it was started for, and
 * the page discards them (it cancelled the run when it changed). The runs'
 * datasets are read-only once loaded and may be read from any thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-background.h"
#include "weft-call-tree-compare.h"
#include "weft-comparison-figures.h"

typedef struct
{
  WeftComparison      *comparison;
  WeftComparisonParts  parts;
  char                *matrix_view;
  char                *tree_view;
  WeftViewOptions      options;
  char                *tag;      /* the options' strings, owned */
  char                *metric;
  char                *kind;
} Request;

static void
request_free (gpointer data)
{
  Request *request = data;

  g_clear_object (&request->comparison);
  g_free (request->matrix_view);
  g_free (request->tree_view);
  g_free (request->tag);
  g_free (request->metric);
  g_free (request->kind);
  g_free (request);
}

void
weft_comparison_figures_free (WeftComparisonFigures *figures)
{
  if (figures == NULL)
    return;

  g_clear_pointer (&figures->matrix, weft_matrix_unref);
  g_clear_pointer (&figures->base_matrix, weft_matrix_unref);
  g_clear_pointer (&figures->other_matrix, weft_matrix_unref);
  g_clear_error (&figures->matrix_error);
  g_clear_pointer (&figures->values, weft_value_table_unref);
  g_clear_pointer (&figures->base_values, weft_value_table_unref);
  g_clear_pointer (&figures->other_values, weft_value_table_unref);
  g_clear_pointer (&figures->tree, weft_call_tree_unref);
  g_clear_error (&figures->tree_error);
  g_free (figures);
}

static void
free_in_background (gpointer figures)
{
  weft_background_free (figures, (GDestroyNotify)weft_comparison_figures_free);
}

/* The parts asked for, or NULL when the run was cancelled between two. */
static WeftComparisonFigures *
compute (Request      *request,
         GCancellable *cancellable)
{
  g_autoptr(WeftComparisonFigures) figures = g_new0 (WeftComparisonFigures, 1);

  figures->mode = weft_comparison_get_mode (request->comparison);
  if ((request->parts & WEFT_COMPARISON_PART_MATRIX) != 0 && request->matrix_view != NULL)
    {
      figures->matrix = weft_comparison_dup_matrix (request->comparison, request->matrix_view, &request->options,
                                                    &figures->base_matrix, &figures->other_matrix,
                                                    &figures->shapes_differ, &figures->matrix_error);
      figures->parts |= WEFT_COMPARISON_PART_MATRIX;
    }
  if (g_cancellable_is_cancelled (cancellable))
    return NULL;

  if ((request->parts & WEFT_COMPARISON_PART_VALUES) != 0)
    {
      figures->values = weft_comparison_dup_values (request->comparison, "values", &request->options,
                                                    &figures->base_values, &figures->other_values, NULL);
      figures->parts |= WEFT_COMPARISON_PART_VALUES;
    }
  if (g_cancellable_is_cancelled (cancellable))
    return NULL;

  if ((request->parts & WEFT_COMPARISON_PART_TREE) != 0 && request->tree_view != NULL)
    {
      figures->tree = weft_dataset_dup_call_tree (WEFT_DATASET (request->comparison), request->tree_view,
                                                  &request->options, &figures->tree_error);
      for (WeftCallNode n = 1; figures->tree != NULL && n < weft_call_tree_get_n_nodes (figures->tree); n++)
        {
          WeftCompareSide side = weft_call_tree_get_compare_side (figures->tree, n);

          figures->n_base_only += side == WEFT_COMPARE_SIDE_BASE_ONLY;
          figures->n_other_only += side == WEFT_COMPARE_SIDE_OTHER_ONLY;
        }
      figures->parts |= WEFT_COMPARISON_PART_TREE;
    }

  return g_steal_pointer (&figures);
}

static void
compute_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  int priority = weft_background_lower_priority ();
  WeftComparisonFigures *figures = compute (task_data, cancellable);

  weft_background_restore_priority (priority);
  /* Figures the page will not use (two big trees, maybe) are freed here or
   * in the background, never by the main thread, where the task ends. */
  if (figures == NULL || g_task_return_error_if_cancelled (task))
    weft_comparison_figures_free (figures);
  else
    g_task_return_pointer (task, figures, free_in_background);
}

/**
 * weft_comparison_figures_compute_async:
 * @comparison: the comparison as it is now (mode, alignment): the worker
 *   takes a copy
 * @parts: which figures to compute
 * @matrix_view: the comparison's matrix view ("comm-matrix", "array"), or
 *   %NULL for none
 * @tree_view: its call-tree view ("stacks", "tree"), or %NULL
 * @options: the options of every part (copied)
 *
 * Computes the parts in a worker thread; a cancelled run gives
 * %G_IO_ERROR_CANCELLED, even when it had finished.
 */
void
weft_comparison_figures_compute_async (WeftComparison        *comparison,
                                       WeftComparisonParts    parts,
                                       const char            *matrix_view,
                                       const char            *tree_view,
                                       const WeftViewOptions *options,
                                       GCancellable          *cancellable,
                                       GAsyncReadyCallback    callback,
                                       gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  Request *request;

  g_return_if_fail (WEFT_IS_COMPARISON (comparison));
  g_return_if_fail (options != NULL);

  request = g_new0 (Request, 1);
  request->comparison = weft_comparison_copy (comparison);
  request->parts = parts;
  request->matrix_view = g_strdup (matrix_view);
  request->tree_view = g_strdup (tree_view);
  request->options = *options;
  request->options.tag = request->tag = g_strdup (options->tag);
  request->options.metric = request->metric = g_strdup (options->metric);
  request->options.kind = request->kind = g_strdup (options->kind);

  task = g_task_new (comparison, cancellable, callback, user_data);
  g_task_set_source_tag (task, weft_comparison_figures_compute_async);
  g_task_set_name (task, "[weft] comparison figures");
  g_task_set_check_cancellable (task, TRUE);
  g_task_set_task_data (task, request, request_free);
  g_task_run_in_thread (task, compute_thread);
}

WeftComparisonFigures *
weft_comparison_figures_compute_finish (WeftComparison  *comparison,
                                        GAsyncResult    *result,
                                        GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, comparison), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

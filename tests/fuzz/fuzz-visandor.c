/* fuzz-visandor.c: libFuzzer harness for the VisAndOr reader, the dataset built
 * on it (timeline, figures, call tree) and the execution tree's layout.
 *
 * Besides "no crash, no leak", it checks the tree's invariants: every task
 * ends at or after its start, lies under an existing node, and every node's
 * depth is one more than its parent's and at most the maximum; the spans come
 * in begin order.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "weft-visandor-reader.h"
#include "weft-visandor-tree-renderer.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static void
check_tree (const WeftVisandorTrace *trace)
{
  for (guint i = 0; i < trace->tasks->len; i++)
    {
      const WeftVisandorTask *t = weft_visandor_trace_task (trace, i);

      if (t->end < t->start || t->node >= trace->nodes->len)
        abort ();
    }
  for (guint i = 0; i < trace->nodes->len; i++)
    {
      const WeftVisandorNode *n = weft_visandor_trace_node (trace, i);
      guint expected = 1;

      if (n->parent != WEFT_VISANDOR_NONE)
        {
          if (n->parent >= trace->tasks->len)
            abort ();
          expected = weft_visandor_trace_node (trace, weft_visandor_trace_task (trace, n->parent)->node)->depth + 1;
        }
      if (n->depth != expected || n->depth > trace->max_depth)
        abort ();
    }
  for (guint i = 0; i < trace->spans->len; i++)
    {
      const WeftVisandorSpan *s = &g_array_index (trace->spans, WeftVisandorSpan, i);

      if (s->end < s->begin || s->agent >= trace->n_agents || (s->task != WEFT_VISANDOR_NONE && s->task >= trace->tasks->len))
        abort ();
      /* In begin order, which the timeline's sort and the figures count on. */
      if (i > 0 && s->begin < g_array_index (trace->spans, WeftVisandorSpan, i - 1).begin)
        abort ();
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftVisandorTrace) trace = NULL;
  g_autoptr(WeftVisandorDataset) dataset = NULL;
  g_autoptr(WeftVisandorTreeRenderer) renderer = NULL;
  g_autoptr(WeftValueTable) values = NULL;
  g_autoptr(WeftCallTree) tree = NULL;
  g_autofree double *bins = NULL;
  g_autoptr(GError) error = NULL;
  WeftVisandorHit hit;

  trace = weft_visandor_parse ((const char *)data, size, "fuzz.visandor", context, &error);
  if (trace == NULL)
    abort ();  /* only cancellation fails */
  check_tree (trace);

  dataset = weft_visandor_dataset_new (g_steal_pointer (&trace), context, &error);
  if (dataset == NULL)
    abort ();
  values = weft_dataset_dup_values (WEFT_DATASET (dataset), "values", NULL, &error);
  tree = weft_dataset_dup_call_tree (WEFT_DATASET (dataset), "tree", NULL, &error);
  if (values == NULL || tree == NULL)
    abort ();
  bins = weft_visandor_dataset_dup_parallelism (dataset, 0, weft_visandor_dataset_get_trace (dataset)->end, 64);

  renderer = weft_visandor_tree_renderer_new ();
  weft_visandor_tree_renderer_set_dataset (renderer, dataset);
  weft_visandor_tree_renderer_set_range (renderer, 0, 0);
  for (int i = 0; i < 8; i++)
    weft_visandor_tree_renderer_hit_test (renderer, 640, 480, 80 * i + 40, 60 * i + 30, &hit);

  return 0;
}

/* fuzz-hpcrun.c: libFuzzer harness for the .hpcrun reader
 * (parsers/hpctoolkit/weft-hpcrun.c) and the merge into one tree
 * (src/model/hpctoolkit/weft-hpctoolkit-measurement.c).
 *
 * Besides "no crash, no leak, no huge allocation", a profile that reads must
 * hold together: parents before children, value ranges inside the values,
 * and the merged tree's root inclusive value equal to the sum of the values.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "weft-hpcrun.h"
#include "weft-hpctoolkit-measurement.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) profiles = NULL;
  g_autoptr(WeftHpctoolkitMeasurement) m = NULL;
  WeftHpcrunProfile *p = weft_hpcrun_parse (data, size, "fuzz.hpcrun", &error);
  double sum = 0, scale = 0;
  WeftCallTree *tree;

  if (p == NULL)
    {
      if (error == NULL)
        abort ();
      return 0;
    }
  for (guint i = 0; i < p->nodes->len; i++)
    {
      const WeftHpcrunNode *n = &g_array_index (p->nodes, WeftHpcrunNode, i);

      if (n->parent != WEFT_HPCRUN_NONE && n->parent >= i)
        abort ();
      if ((guint64)n->first_value + n->n_values > p->values_array->len)
        abort ();
      if (n->module != WEFT_HPCRUN_NONE && n->module >= p->modules->len)
        abort ();
    }
  for (guint v = 0; v < p->values_array->len; v++)
    {
      const WeftHpcrunValue *value = &g_array_index (p->values_array, WeftHpcrunValue, v);

      if (value->metric >= p->metrics->len)
        abort ();
    }

  profiles = g_ptr_array_new_with_free_func ((GDestroyNotify)weft_hpcrun_profile_free);
  g_ptr_array_add (profiles, p);
  m = weft_hpctoolkit_measurement_new (g_steal_pointer (&profiles), NULL, NULL);
  tree = weft_hpctoolkit_measurement_get_tree (m);
  /* Column 0, when there is one, is the first metric with a nonzero total. */
  if (weft_call_tree_get_n_metrics (tree) > 0)
    {
      int g = -1;
      const char *name;

      for (guint i = 0; i < weft_hpctoolkit_measurement_get_n_metrics (m) && g < 0; i++)
        if (weft_hpctoolkit_measurement_get_metric (m, i)->formula[0] == '\0'
            && weft_hpctoolkit_measurement_get_total (m, i) != 0)
          g = (int)i;
      if (g < 0)
        abort ();
      /* Metrics are matched by name (a damaged profile may name two alike:
       * they are one metric then), so g is a measurement index: the values
       * that count are those of every metric of the profile with g's name. */
      name = weft_hpctoolkit_measurement_get_metric (m, (guint)g)->name;
      for (guint i = 0; i < p->values_array->len; i++)
        {
          const WeftHpcrunValue *value = &g_array_index (p->values_array, WeftHpcrunValue, i);

          if (strcmp (g_array_index (p->metrics, WeftHpcrunMetric, value->metric).name, name) == 0)
            {
              sum += value->value;
              scale += fabs (value->value);
            }
        }
      /* Values placed on nodes add up to the total (up to rounding); raw
       * bits may be NaN or infinite, which compare to nothing. */
      if (isfinite (scale) && fabs (weft_call_tree_get_inclusive (tree, WEFT_CALL_TREE_ROOT, 0) - sum) > 1e-9 * (scale + 1))
        abort ();
    }
  return 0;
}

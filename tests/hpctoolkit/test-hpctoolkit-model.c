/* test-hpctoolkit-model.c: the merged calling-context tree and the dataset on
 * HPCToolkit's own test measurements.
 *
 * The procedure values of loops-cputime-t.m are checked against an
 * independent computation written here the simple way: for every sample,
 * the procedures on its path (its own address, every ancestor's return
 * address − 1, resolved in the structure), each counted once for the
 * inclusive value; the innermost one gets the exclusive value.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <glib/gstdio.h>

#include <string.h>

#include "weft-call-tree-views.h"
#include "weft-error.h"
#include "weft-format.h"
#include "weft-hpctoolkit-formula.h"
#include "weft-hpctoolkit-dataset.h"
#include "weft-hpctoolkit-measurement.h"
#include "weft-test-util.h"

static WeftHpctoolkitMeasurement *
load_folder (const char *name)
{
  g_autofree char *path = weft_test_shared_path ("corpus", "hpctoolkit-tests", name, NULL);
  g_autoptr(GFile) file = NULL;
  g_autoptr(WeftLoadContext) context = NULL;
  g_autoptr(GError) error = NULL;
  WeftHpctoolkitMeasurement *m;

  if (path == NULL)
    return NULL;
  file = g_file_new_for_path (path);
  context = weft_load_context_new (NULL);
  m = weft_hpctoolkit_measurement_load (&file, 1, context, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);
  return m;
}

/* The child of @parent whose label is @label. */
static WeftCallNode
find_child (WeftCallTree *tree,
            WeftCallNode  parent,
            const char   *label)
{
  for (WeftCallNode c = weft_call_tree_get_first_child (tree, parent); c != WEFT_CALL_NODE_NONE;
       c = weft_call_tree_get_next_sibling (tree, c))
    {
      g_autofree char *l = g_strdup (weft_call_tree_get_frame (tree, c)->function);

      if (strcmp (l, label) == 0)
        return c;
    }
  g_error ("no child “%s”", label);
  return WEFT_CALL_NODE_NONE;
}

static void
test_small (void)
{
  g_autoptr(WeftHpctoolkitMeasurement) m = load_folder ("small.m");
  WeftCallTree *tree;
  WeftCallNode root, main_, call, spin, loop, stmt, caller;

  if (m == NULL)
    return;
  tree = weft_hpctoolkit_measurement_get_tree (m);
  g_assert_cmpuint (weft_hpctoolkit_measurement_get_n_profiles (m), ==, 1);
  g_assert_cmpuint (weft_hpctoolkit_measurement_get_cct_nodes (m), ==, 13);
  g_assert_cmpuint (weft_hpctoolkit_measurement_get_merged_nodes (m), ==, 13);
  g_assert_cmpfloat_with_epsilon (weft_hpctoolkit_measurement_get_total (m, 0), 1.210259, 1e-12);
  g_assert_cmpuint (weft_call_tree_get_n_metrics (tree), ==, 1);
  g_assert_cmpstr (weft_call_tree_get_metric_name (tree, 0), ==, "CPUTIME (sec)");

  /* <program root> → main → small.c: 11 (call) → spinsleep → loop → line 3. */
  root = find_child (tree, WEFT_CALL_TREE_ROOT, "<program root>");
  g_assert_cmpuint (weft_call_tree_get_frame (tree, root)->kind, ==, WEFT_HPCTOOLKIT_ROLE_PLACEHOLDER);
  g_assert_cmpfloat_with_epsilon (weft_call_tree_get_inclusive (tree, root, 0), 1.210259, 1e-12);
  main_ = find_child (tree, root, "main");
  g_assert_cmpuint (weft_call_tree_get_frame (tree, main_)->kind, ==, WEFT_HPCTOOLKIT_ROLE_PROCEDURE);
  g_assert_cmpuint (weft_call_tree_get_frame (tree, main_)->line, ==, 10);
  g_assert_cmpfloat (weft_call_tree_get_exclusive (tree, main_, 0), ==, 0);
  call = find_child (tree, main_, "small.c: 11");
  g_assert_cmpuint (weft_call_tree_get_frame (tree, call)->kind, ==, WEFT_HPCTOOLKIT_ROLE_CALL_SITE);
  spin = find_child (tree, call, "spinsleep");
  caller = find_child (tree, call, "caller");
  loop = find_child (tree, spin, "loop at small.c: 3");
  stmt = find_child (tree, loop, "small.c: 3");
  g_assert_cmpuint (weft_call_tree_get_frame (tree, stmt)->kind, ==, WEFT_HPCTOOLKIT_ROLE_STATEMENT);
  /* The exclusive value of spinsleep is its loop's lines: all of its
   * inclusive value, since it calls nothing. */
  g_assert_cmpfloat_with_epsilon (weft_call_tree_get_exclusive (tree, spin, 0), weft_call_tree_get_inclusive (tree, spin, 0), 1e-12);
  g_assert_cmpfloat_with_epsilon (weft_call_tree_get_exclusive (tree, loop, 0), weft_call_tree_get_inclusive (tree, loop, 0), 1e-12);
  g_assert_cmpfloat_with_epsilon (weft_call_tree_get_inclusive (tree, caller, 0), 0.605316, 1e-12);
  g_assert_cmpfloat_with_epsilon (weft_call_tree_get_inclusive (tree, main_, 0), 1.210259, 1e-12);
  g_assert_cmpfloat_with_epsilon (weft_call_tree_get_inclusive (tree, spin, 0) + weft_call_tree_get_inclusive (tree, caller, 0),
                                  1.210259, 1e-12);
  /* Thread 0 of rank 0 reaches every node. */
  g_assert_true (weft_thread_set_contains (weft_call_tree_get_threads (tree, stmt), 0, 0));
  g_assert_cmpuint (weft_thread_set_get_count (weft_call_tree_get_threads (tree, stmt)), ==, 1);
}

typedef struct
{
  double inclusive;
  double exclusive;
} Expect;

/* The procedures (P and named inlined A scopes) of @scope's chain, innermost
 * first. */
static guint
chain_procedures (const WeftHpcstruct *s,
                  guint32              scope,
                  guint32             *out,
                  guint                max)
{
  guint n = 0;

  for (; scope != WEFT_HPCSTRUCT_NONE && n < max; scope = weft_hpcstruct_get_scope (s, scope)->parent)
    {
      const WeftHpcstructScope *sc = weft_hpcstruct_get_scope (s, scope);

      if (sc->kind == WEFT_HPCSTRUCT_PROC || (sc->kind == WEFT_HPCSTRUCT_ALIEN && sc->name[0] != '\0'))
        out[n++] = scope;
      if (sc->kind == WEFT_HPCSTRUCT_PROC)
        break;
    }
  return n;
}

static void
independent (const WeftHpctoolkitMeasurement *m,
             GHashTable                      *expect)
{
  const WeftHpcstruct *s = weft_hpctoolkit_measurement_get_structure (m);

  for (guint i = 0; i < weft_hpctoolkit_measurement_get_n_profiles (m); i++)
    {
      const WeftHpcrunProfile *p = weft_hpctoolkit_measurement_get_profile (m, i);
      g_autofree gboolean *interior = g_new0 (gboolean, p->nodes->len);

      for (guint k = 0; k < p->nodes->len; k++)
        if (g_array_index (p->nodes, WeftHpcrunNode, k).parent != WEFT_HPCRUN_NONE)
          interior[g_array_index (p->nodes, WeftHpcrunNode, k).parent] = TRUE;

      for (guint k = 0; k < p->nodes->len; k++)
        {
          const WeftHpcrunNode *n = &g_array_index (p->nodes, WeftHpcrunNode, k);
          g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
          double value = 0;
          gboolean innermost = TRUE;

          for (guint v = n->first_value; v < n->first_value + n->n_values; v++)
            value += g_array_index (p->values_array, WeftHpcrunValue, v).value;
          if (value == 0)
            continue;
          for (guint32 at = k; at != WEFT_HPCRUN_NONE; at = g_array_index (p->nodes, WeftHpcrunNode, at).parent)
            {
              const WeftHpcrunNode *a = &g_array_index (p->nodes, WeftHpcrunNode, at);
              guint32 procs[64];
              guint np;
              guint32 lm;

              if (a->module == WEFT_HPCRUN_NONE)
                continue;
              lm = weft_hpcstruct_find_module (s, g_array_index (p->modules, WeftHpcrunModule, a->module).name);
              if (lm == WEFT_HPCSTRUCT_NONE)
                continue;
              np = chain_procedures (s, weft_hpcstruct_lookup (s, lm, at == k ? a->lm_ip : a->lm_ip - 1), procs, 64);
              for (guint q = 0; q < np; q++)
                {
                  Expect *e = g_hash_table_lookup (expect, GUINT_TO_POINTER (procs[q]));

                  if (e == NULL)
                    g_hash_table_insert (expect, GUINT_TO_POINTER (procs[q]), (e = g_new0 (Expect, 1)));
                  if (innermost && q == 0)
                    e->exclusive += value;
                  if (!g_hash_table_contains (seen, GUINT_TO_POINTER (procs[q])))
                    {
                      g_hash_table_add (seen, GUINT_TO_POINTER (procs[q]));
                      e->inclusive += value;
                    }
                }
              innermost = FALSE;
            }
          (void)interior;
        }
    }
}

static void
test_loops_procedures (void)
{
  g_autoptr(WeftHpctoolkitMeasurement) m = load_folder ("loops-cputime-t.m");
  g_autoptr(GHashTable) expect = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  guint n_checked = 0;
  gboolean saw_func1 = FALSE, saw_gomp = FALSE, saw_inline = FALSE;

  if (m == NULL)
    return;
  g_assert_cmpuint (weft_hpctoolkit_measurement_get_n_profiles (m), ==, 4);
  g_assert_cmpuint (weft_hpctoolkit_measurement_get_cct_nodes (m), ==, 69 + 61 + 53 + 59);
  g_assert_cmpuint (weft_hpctoolkit_measurement_get_merged_nodes (m), ==, 140);
  /* 0.994165 + 0.992977 + 0.992704 + 0.993462 (each file's values summed). */
  g_assert_cmpfloat_with_epsilon (weft_hpctoolkit_measurement_get_total (m, 0), 3.973308, 1e-9);

  independent (m, expect);
  for (guint i = 0; i < weft_hpctoolkit_measurement_get_n_procedures (m); i++)
    {
      const WeftHpctoolkitProcedure *proc = weft_hpctoolkit_measurement_get_procedure (m, i);
      Expect *e = g_hash_table_lookup (expect, GUINT_TO_POINTER (proc->scope));
      Expect zero = { 0, 0 };

      if (e == NULL)
        e = &zero;
      if (g_test_verbose ())
        g_printerr ("%s: %g %g / %g %g\n", proc->name, proc->inclusive[0], proc->exclusive[0], e->inclusive, e->exclusive);
      g_assert_cmpfloat_with_epsilon (proc->inclusive[0], e->inclusive, 1e-9);
      g_assert_cmpfloat_with_epsilon (proc->exclusive[0], e->exclusive, 1e-9);
      n_checked++;
      if (strcmp (proc->name, "func1") == 0)
        {
          saw_func1 = TRUE;
          g_assert_cmpfloat_with_epsilon (proc->inclusive[0], 0.640953, 1e-9);
        }
      if (strcmp (proc->name, "GOMP_parallel [libgomp.so.1.0.0]") == 0)
        {
          saw_gomp = TRUE;
          g_assert_cmpstr (proc->file, ==, "[libgomp.so.1.0.0]");
          g_assert_cmpfloat (proc->exclusive[0], ==, 0);
        }
      if (proc->inlined)
        saw_inline = TRUE;
    }
  g_assert_cmpuint (n_checked, ==, g_hash_table_size (expect));
  g_assert_true (saw_func1);
  g_assert_true (saw_gomp);
  g_assert_true (saw_inline);
}

/* Thread 0 reaches the OpenMP outlined body through main and GOMP_parallel,
 * threads 1–3 through <thread root>; <no activity> is in every trace. */
static void
test_loops_threads (void)
{
  g_autoptr(WeftHpctoolkitMeasurement) m = load_folder ("loops-cputime-t.m");
  WeftCallTree *tree;
  guint found = 0;

  if (m == NULL)
    return;
  tree = weft_hpctoolkit_measurement_get_tree (m);
  for (WeftCallNode node = 1; node < weft_call_tree_get_n_nodes (tree); node++)
    {
      const WeftCallFrame *f = weft_call_tree_get_frame (tree, node);
      const WeftThreadSet *threads = weft_call_tree_get_threads (tree, node);
      g_autofree char *text = NULL;

      g_assert_nonnull (threads);
      g_assert_true (weft_int_set_contains (weft_call_tree_get_processes (tree, node), 0));
      text = weft_thread_set_to_string (threads);
      if (f->kind == WEFT_HPCTOOLKIT_ROLE_PROCEDURE && strcmp (f->function, "main._omp_fn.0") == 0)
        {
          WeftCallNode top = node;

          while (weft_call_tree_get_parent (tree, top) != WEFT_CALL_TREE_ROOT)
            top = weft_call_tree_get_parent (tree, top);
          found++;
          if (strcmp (weft_call_tree_get_frame (tree, top)->function, "<thread root>") == 0)
            {
              g_assert_cmpstr (text, ==, "0.1-0.3");
              g_assert_cmpfloat_with_epsilon (weft_call_tree_get_inclusive (tree, node, 0), 0.992977 + 0.992704 + 0.993462, 1e-9);
            }
          else
            {
              g_assert_cmpstr (text, ==, "0.0");
              g_assert_cmpfloat_with_epsilon (weft_call_tree_get_inclusive (tree, node, 0), 0.994165, 1e-9);
            }
        }
      if (f->kind == WEFT_HPCTOOLKIT_ROLE_PLACEHOLDER && strcmp (f->function, "<no activity>") == 0)
        g_assert_cmpstr (text, ==, "0.0-0.3");
    }
  g_assert_cmpuint (found, ==, 2);
}

static WeftDataset *
load_dataset (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  const WeftFormat *format;
  WeftDataset *dataset;

  weft_formats_init ();
  format = weft_format_detect (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (format->id, ==, "hpcrun");
  dataset = format->load (&file, 1, context, &error);
  g_assert_no_error (error);
  return dataset;
}

/* Every node's children come largest first by the first metric's inclusive
 * value (hpcviewer's order); returns how many nodes have two children or more. */
static guint
assert_sorted (WeftCallTree *tree)
{
  guint n_ordered = 0;

  for (WeftCallNode n = 0; n < weft_call_tree_get_n_nodes (tree); n++)
    {
      WeftCallNode c = weft_call_tree_get_first_child (tree, n);
      double last = INFINITY;

      if (weft_call_tree_get_n_children (tree, n) >= 2)
        n_ordered++;
      for (; c != WEFT_CALL_NODE_NONE; c = weft_call_tree_get_next_sibling (tree, c))
        {
          double value = weft_call_tree_get_inclusive (tree, c, 0);

          g_assert_cmpfloat (value, <=, last);
          last = value;
        }
    }
  return n_ordered;
}

static void
test_dataset_views (void)
{
  g_autofree char *path = weft_test_shared_path ("corpus", "hpctoolkit-tests", "loops-cputime-t.m", NULL);
  g_autoptr(WeftDataset) dataset = NULL;
  g_autoptr(WeftValueTable) values = NULL;
  g_autoptr(WeftCallTree) tree = NULL;
  g_autoptr(GError) error = NULL;
  WeftEventTable *events;
  WeftViewOptions options = { 0 };
  double sum = 0;

  if (path == NULL)
    return;
  dataset = load_dataset (path);
  g_assert_cmpstr (weft_dataset_get_family (dataset), ==, "hpcrun");
  g_assert_cmpstr (weft_dataset_get_format_version (dataset), ==, "04.00");
  g_assert_true (weft_dataset_has_view (dataset, "stacks"));
  g_assert_true (weft_dataset_has_view (dataset, "values"));
  g_assert_true (weft_dataset_has_view (dataset, "timeline"));

  values = weft_dataset_dup_values (dataset, "values", &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_value_table_get_n_rows (values), ==, 4);
  g_assert_cmpstr (weft_value_table_get_row_name (values, 2), ==, "rank 0 thread 2");
  g_assert_cmpfloat_with_epsilon (weft_value_table_get (values, 0, 0), 0.994165, 1e-9);
  g_assert_cmpfloat_with_epsilon (weft_value_table_get (values, 3, 0), 0.993462, 1e-9);
  for (guint r = 0; r < 4; r++)
    sum += weft_value_table_get (values, r, 0);
  g_assert_cmpfloat_with_epsilon (sum, 3.973308, 1e-9);

  tree = weft_dataset_dup_call_tree (dataset, "stacks", &options, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (weft_call_tree_get_inclusive (tree, WEFT_CALL_TREE_ROOT, 0), 3.973308, 1e-9);
  /* The three trees in hpcviewer's order, the costliest calls first. */
  g_assert_cmpuint (assert_sorted (tree), >=, 5);
  {
    g_autoptr(WeftCallTree) callers = weft_dataset_dup_call_tree (dataset, "callers", &options, &error);
    g_autoptr(WeftCallTree) flat = weft_dataset_dup_call_tree (dataset, "flat", &options, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (assert_sorted (callers), >=, 2);
    g_assert_cmpuint (assert_sorted (flat), >=, 1);
  }

  /* 4 rows; each trace has (2036 − 32) / 12 = 167 samples, so at most 166
   * intervals per row (idle samples are gaps). */
  events = weft_dataset_get_event_table (dataset);
  g_assert_nonnull (events);
  g_assert_cmpuint (weft_event_table_get_n_rows (events), ==, 4);

  /* Its kinds come busiest first (the legend's order), and the busiest
   * seven have seven colours. */
  {
    guint n_kinds = weft_event_table_get_n_kinds (events);
    g_autofree gint64 *busy = g_new0 (gint64, n_kinds);

    g_assert_cmpuint (n_kinds, >=, 3);
    for (guint row = 0; row < 4; row++)
      for (guint lane = 0; lane < weft_event_table_get_n_lanes (events, row); lane++)
        {
          WeftIntervalSlice slice;

          weft_event_table_get_lane (events, row, lane, &slice);
          for (gsize i = 0; i < slice.n; i++)
            busy[slice.kind[i]] += slice.end[i] - slice.begin[i];
        }
    for (guint k = 1; k < n_kinds; k++)
      g_assert_cmpint (busy[k - 1], >=, busy[k]);
    for (guint a = 0; a < MIN (n_kinds, 7); a++)
      for (guint b = a + 1; b < MIN (n_kinds, 7); b++)
        g_assert_cmphex (weft_event_table_get_kind_color (events, a), !=, weft_event_table_get_kind_color (events, b));
  }
}

static void
test_v2_profile (void)
{
  g_autofree char *path = weft_test_shared_path ("corpus", "hpcrun", "hpctoolkit-tests__vdso__testvdso-000000-000-007f0101-19750-0.hpcrun", NULL);
  g_autoptr(WeftDataset) dataset = NULL;
  g_autoptr(WeftCallTree) tree = NULL;
  WeftViewOptions options = { 0 };

  if (path == NULL)
    return;
  dataset = load_dataset (path);
  g_assert_cmpstr (weft_dataset_get_format_version (dataset), ==, "02.00");
  g_assert_false (weft_dataset_has_view (dataset, "timeline"));
  tree = weft_dataset_dup_call_tree (dataset, "stacks", &options, NULL);
  g_assert_cmpuint (weft_call_tree_get_metric_flags (tree, 0) & WEFT_CALL_METRIC_INTEGER, !=, 0);
  g_assert_cmpfloat (weft_call_tree_get_inclusive (tree, WEFT_CALL_TREE_ROOT, 0), ==, 2891602);
  /* No structure: module+0xoffset frames under the collapsed lm 0 root, and
   * the other lm 0 node (ip 1, no values) beside them. */
  g_assert_cmpuint (weft_call_tree_get_n_children (tree, WEFT_CALL_TREE_ROOT), ==, 2);
  {
    WeftCallNode top = weft_call_tree_get_first_child (tree, WEFT_CALL_TREE_ROOT);
    WeftCallNode other = weft_call_tree_get_next_sibling (tree, top);
    g_autofree char *label = weft_call_frame_to_label (weft_call_tree_get_frame (tree, top));

    g_assert_cmpuint (weft_call_tree_get_frame (tree, top)->address, ==, 0xdea9);
    g_assert_cmpstr (label, ==, "libmonitor.so.0.0.0+0xdea9");
    g_assert_cmpfloat (weft_call_tree_get_inclusive (tree, top, 0), ==, 2891602);
    g_assert_cmpuint (weft_call_tree_get_n_children (tree, top), ==, 3);
    g_assert_cmpstr (weft_call_tree_get_frame (tree, other)->function, ==, "<lm 0: 0x1>");
    g_assert_cmpfloat (weft_call_tree_get_inclusive (tree, other, 0), ==, 0);
  }
}


/* The callers and flat trees agree with the procedures' recursion-safe
 * values; the flat tree is module → file → procedure. */
static void
test_views (void)
{
  g_autofree char *path = weft_test_shared_path ("corpus", "hpctoolkit-tests", "loops-cputime-t.m", NULL);
  g_autoptr(WeftDataset) dataset = NULL;
  g_autoptr(WeftCallTree) callers = NULL;
  g_autoptr(WeftCallTree) flat = NULL;
  const WeftHpctoolkitMeasurement *m;
  WeftViewOptions options = { 0 };
  guint checked = 0;

  if (path == NULL)
    return;
  dataset = load_dataset (path);
  m = weft_hpctoolkit_dataset_get_measurement (WEFT_HPCTOOLKIT_DATASET (dataset));
  callers = weft_dataset_dup_call_tree (dataset, "callers", &options, NULL);
  flat = weft_dataset_dup_call_tree (dataset, "flat", &options, NULL);
  g_assert_cmpfloat_with_epsilon (weft_call_tree_get_inclusive (flat, WEFT_CALL_TREE_ROOT, 0), 3.973308, 1e-9);
  for (guint i = 0; i < weft_hpctoolkit_measurement_get_n_procedures (m); i++)
    {
      const WeftHpctoolkitProcedure *proc = weft_hpctoolkit_measurement_get_procedure (m, i);

      for (WeftCallNode top = weft_call_tree_get_first_child (callers, WEFT_CALL_TREE_ROOT); top != WEFT_CALL_NODE_NONE;
           top = weft_call_tree_get_next_sibling (callers, top))
        if ((weft_call_tree_get_frame (callers, top)->address & ~WEFT_HPCTOOLKIT_SCOPE_ADDRESS) == proc->scope
            && (weft_call_tree_get_frame (callers, top)->address & WEFT_HPCTOOLKIT_SCOPE_ADDRESS) != 0)
          {
            g_assert_cmpfloat_with_epsilon (weft_call_tree_get_inclusive (callers, top, 0), proc->inclusive[0], 1e-9);
            g_assert_cmpfloat_with_epsilon (weft_call_tree_get_exclusive (callers, top, 0), proc->exclusive[0], 1e-9);
            checked++;
          }
    }
  g_assert_cmpuint (checked, ==, weft_hpctoolkit_measurement_get_n_procedures (m));
  /* module → file → procedure: func1 under loops.c under testmeas-loops. */
  {
    WeftCallNode module = WEFT_CALL_NODE_NONE, file, proc;

    for (WeftCallNode c = weft_call_tree_get_first_child (flat, WEFT_CALL_TREE_ROOT); c != WEFT_CALL_NODE_NONE;
         c = weft_call_tree_get_next_sibling (flat, c))
      if (g_str_has_suffix (weft_call_tree_get_frame (flat, c)->module, "/testmeas-loops"))
        module = c;
    g_assert_cmpuint (module, !=, WEFT_CALL_NODE_NONE);
    file = weft_call_tree_get_first_child (flat, module);
    g_assert_cmpstr (weft_call_tree_get_frame (flat, file)->file, ==, "/builds/hpctoolkit/hpctoolkit/tests/data/meas/loops.c");
    for (proc = weft_call_tree_get_first_child (flat, file); proc != WEFT_CALL_NODE_NONE; proc = weft_call_tree_get_next_sibling (flat, proc))
      if (g_strcmp0 (weft_call_tree_get_frame (flat, proc)->function, "func1") == 0)
        break;
    g_assert_cmpuint (proc, !=, WEFT_CALL_NODE_NONE);
    g_assert_cmpfloat_with_epsilon (weft_call_tree_get_inclusive (flat, proc, 0), 0.640953, 1e-9);
    /* The file counts each sample once, though main calls into func1. */
    g_assert_cmpfloat (weft_call_tree_get_inclusive (flat, file, 0), <=, 3.973308 + 1e-9);
  }
}

/* Recursion: f → f → f with 1 at the innermost: f counts 1, not 3. */
static void
test_views_recursion (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  g_autoptr(WeftCallTree) callers = NULL;
  g_autoptr(WeftCallTree) flat = NULL;
  WeftCallFrame main_ = { "main", "a.c", "app", 0, 1, 0 };
  WeftCallFrame f = { "f", "a.c", "app", 0, 5, 0 };
  WeftCallNode n0, n1, n2, n3, top;
  guint metric = weft_call_tree_add_metric (tree, "time", "s", WEFT_CALL_METRIC_NONE);

  n0 = weft_call_tree_add_child (tree, WEFT_CALL_TREE_ROOT, &main_);
  n1 = weft_call_tree_add_child (tree, n0, &f);
  n2 = weft_call_tree_add_child (tree, n1, &f);
  n3 = weft_call_tree_add_child (tree, n2, &f);
  weft_call_tree_set_exclusive (tree, n3, metric, 1.0);
  weft_call_tree_set_exclusive (tree, n1, metric, 0.5);

  callers = weft_call_tree_dup_bottom_up (tree, NULL, NULL);
  for (top = weft_call_tree_get_first_child (callers, WEFT_CALL_TREE_ROOT); top != WEFT_CALL_NODE_NONE;
       top = weft_call_tree_get_next_sibling (callers, top))
    if (strcmp (weft_call_tree_get_frame (callers, top)->function, "f") == 0)
      break;
  g_assert_cmpuint (top, !=, WEFT_CALL_NODE_NONE);
  g_assert_cmpfloat (weft_call_tree_get_inclusive (callers, top, 0), ==, 1.5);
  g_assert_cmpfloat (weft_call_tree_get_exclusive (callers, top, 0), ==, 1.5);
  g_assert_cmpfloat (weft_call_tree_get_inclusive (callers, WEFT_CALL_TREE_ROOT, 0), ==, 1.5);

  flat = weft_call_tree_dup_flat (tree, NULL, NULL);
  /* app → a.c → {main, f} */
  {
    WeftCallNode module = weft_call_tree_get_first_child (flat, WEFT_CALL_TREE_ROOT);
    WeftCallNode file = weft_call_tree_get_first_child (flat, module);

    g_assert_cmpuint (weft_call_tree_get_n_children (flat, file), ==, 2);
    g_assert_cmpfloat (weft_call_tree_get_inclusive (flat, module, 0), ==, 1.5);
    g_assert_cmpfloat (weft_call_tree_get_inclusive (flat, file, 0), ==, 1.5);
    for (WeftCallNode p = weft_call_tree_get_first_child (flat, file); p != WEFT_CALL_NODE_NONE;
         p = weft_call_tree_get_next_sibling (flat, p))
      g_assert_cmpfloat (weft_call_tree_get_inclusive (flat, p, 0), ==, 1.5);
  }
}

static void
test_formula (void)
{
  static const struct { const char *text; double expect; } cases[] = {
    { "#0/#1", 0.25 },
    { "min(100, max(0, 100*#0/#1))", 25 },
    { "(#0/#0) + (#2/#0)", 1 + 3.0 / 2 },
    { "100*(#1/#2)", 100 * 8.0 / 3 },
    { "-#0 + 2^3^2", -2 + 512 },
    { "#0/#3", 0 },  /* #3 is 0: a division by zero is 0 */
    { "max(#0, #1, #2)", 8 },
  };
  static const char *const bad[] = { "", "#", "(#0", "#0 +", "min(1,", "foo(1)", "#0 #1", "#99999999" };
  const double metrics[] = { 2, 8, 3, 0 };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(WeftHpctoolkitFormula) f = weft_hpctoolkit_formula_parse (cases[i].text, &error);
      const GArray *inputs;
      double values[8];

      g_assert_no_error (error);
      inputs = weft_hpctoolkit_formula_get_inputs (f);
      for (guint k = 0; k < inputs->len; k++)
        values[k] = metrics[g_array_index (inputs, guint, k)];
      g_assert_cmpfloat_with_epsilon (weft_hpctoolkit_formula_eval (f, values), cases[i].expect, 1e-12);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(WeftHpctoolkitFormula) f = weft_hpctoolkit_formula_parse (bad[i], &error);

      g_assert_null (f);
      g_assert_error (error, WEFT_ERROR, WEFT_ERROR_PARSE);
    }
}

/* GSAMP:UTIL = min(100, max(0, 100*#27/#26)) on the CUDA PC-sampling run:
 * a derived column, evaluated from the stored ones at each node. */
static void
test_derived (void)
{
  g_autoptr(WeftHpctoolkitMeasurement) m = load_folder ("loops-cuda-nvidiapc-t.m");
  WeftCallTree *tree;
  int util, exp, tot;
  guint checked = 0;

  if (m == NULL)
    return;
  tree = weft_hpctoolkit_measurement_get_tree (m);
  util = weft_call_tree_find_metric (tree, "GSAMP:UTIL");
  exp = weft_call_tree_find_metric (tree, "GSAMP:EXP");
  tot = weft_call_tree_find_metric (tree, "GSAMP:TOT");
  g_assert_cmpint (util, >=, 0);
  g_assert_cmpint (exp, >=, 0);
  g_assert_cmpint (tot, >=, 0);
  for (WeftCallNode node = 0; node < weft_call_tree_get_n_nodes (tree); node++)
    {
      double e = weft_call_tree_get_inclusive (tree, node, exp);
      double t = weft_call_tree_get_inclusive (tree, node, tot);

      if (e == 0)
        continue;
      g_assert_cmpfloat_with_epsilon (weft_call_tree_get_inclusive (tree, node, util), MIN (100, MAX (0, 100 * t / e)), 1e-9);
      checked++;
    }
  g_assert_cmpuint (checked, >, 0);
}

/* Where a structure file's source is here: remapped first, else the
 * measurement's src/ (hpcprof's layout), else beside the profiles; a file
 * found nowhere gives the remapped path and found = FALSE. */
static void
test_find_source (void)
{
  g_autofree char *folder = weft_test_source_path ("data", "samples", "heat.m", NULL);
  g_autofree char *in_src = g_build_filename (folder, "src", "opt", "weft-demo", "src", "heat.c", NULL);
  g_autofree char *tmp = g_dir_make_tmp ("weft-src-XXXXXX", NULL);
  g_autofree char *tmp_src = g_build_filename (tmp, "src", NULL);
  g_autofree char *copy = g_build_filename (tmp_src, "heat.c", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (folder);
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftHpctoolkitMeasurement) m = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) to_tmp = NULL;
  g_autoptr(GVariant) elsewhere = NULL;
  g_autofree char *path = NULL;
  gboolean found = FALSE;
  GVariantBuilder builder;

  m = weft_hpctoolkit_measurement_load (&file, 1, context, &error);
  g_assert_no_error (error);

  path = weft_hpctoolkit_measurement_find_source (m, "/opt/weft-demo/src/heat.c", NULL, &found);
  g_assert_true (found);
  g_assert_cmpstr (path, ==, in_src);
  g_clear_pointer (&path, g_free);

  g_assert_cmpint (g_mkdir_with_parents (tmp_src, 0700), ==, 0);
  g_assert_true (g_file_set_contents (copy, "int x;\n", -1, NULL));
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  g_variant_builder_add (&builder, "{ss}", "/opt/weft-demo/", tmp);
  to_tmp = g_variant_ref_sink (g_variant_builder_end (&builder));
  path = weft_hpctoolkit_measurement_find_source (m, "/opt/weft-demo/src/heat.c", to_tmp, &found);
  g_assert_true (found);
  g_assert_cmpstr (path, ==, copy);
  g_clear_pointer (&path, g_free);

  path = weft_hpctoolkit_measurement_find_source (m, "/nowhere/x.c", NULL, &found);
  g_assert_false (found);
  g_assert_cmpstr (path, ==, "/nowhere/x.c");
  g_clear_pointer (&path, g_free);
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  g_variant_builder_add (&builder, "{ss}", "/nowhere", "/elsewhere");
  elsewhere = g_variant_ref_sink (g_variant_builder_end (&builder));
  path = weft_hpctoolkit_measurement_find_source (m, "/nowhere/x.c", elsewhere, &found);
  g_assert_false (found);
  g_assert_cmpstr (path, ==, "/elsewhere/x.c");

  g_unlink (copy);
  g_rmdir (tmp_src);
  g_rmdir (tmp);
}

/* The node of @tree on the same path of frames (function and role) as @node
 * of @merged, or NONE. */
static WeftCallNode
same_path (WeftCallTree *merged,
           WeftCallNode  node,
           WeftCallTree *tree)
{
  WeftCallNode mine;
  const WeftCallFrame *f;

  if (node == WEFT_CALL_TREE_ROOT)
    return WEFT_CALL_TREE_ROOT;
  mine = same_path (merged, weft_call_tree_get_parent (merged, node), tree);
  if (mine == WEFT_CALL_NODE_NONE)
    return WEFT_CALL_NODE_NONE;
  f = weft_call_tree_get_frame (merged, node);
  for (WeftCallNode c = weft_call_tree_get_first_child (tree, mine); c != WEFT_CALL_NODE_NONE;
       c = weft_call_tree_get_next_sibling (tree, c))
    {
      const WeftCallFrame *g = weft_call_tree_get_frame (tree, c);

      if (g->kind == f->kind && g_str_equal (g->function, f->function) && g->address == f->address &&
          g->line == f->line)
        return c;
    }
  return WEFT_CALL_NODE_NONE;
}

/* hpcprof's summary statistics across profiles, checked two ways on the
 * demo (4 profiles of 0.40, 0.44, 0.52 and 0.56 s): at the root by hand,
 * and at every node and metric against the four profiles each read alone
 * (with the structure) and matched by path: n, sum, mean, min, max,
 * population standard deviation and coefficient of variation. */
static void
test_statistics (void)
{
  g_autofree char *folder = weft_test_source_path ("data", "samples", "heat.m", NULL);
  g_autofree char *structure = g_build_filename (folder, "structs", "heat.hpcstruct", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (folder);
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftHpctoolkitMeasurement) m = NULL;
  g_autoptr(GError) error = NULL;
  WeftHpctoolkitMeasurement *alone[4];
  WeftHpctoolkitStatistics st;
  WeftCallTree *tree;
  guint n_checked = 0;

  m = weft_hpctoolkit_measurement_load (&file, 1, context, &error);
  g_assert_no_error (error);
  tree = weft_hpctoolkit_measurement_get_tree (m);
  g_assert_cmpuint (weft_hpctoolkit_measurement_get_n_profiles (m), ==, 4);

  /* CPUTIME at the root: √(mean of squares − square of mean) =
   * √(0.2344 − 0.2304) = 0.063246, CfVar 0.063246 / 0.48. */
  g_assert_true (weft_hpctoolkit_measurement_get_statistics (m, WEFT_CALL_TREE_ROOT, 0, TRUE, &st));
  g_assert_cmpuint (st.n, ==, 4);
  g_assert_cmpfloat_with_epsilon (st.sum, 1.92, 1e-9);
  g_assert_cmpfloat_with_epsilon (st.mean, 0.48, 1e-9);
  g_assert_cmpfloat_with_epsilon (st.min, 0.40, 1e-9);
  g_assert_cmpfloat_with_epsilon (st.max, 0.56, 1e-9);
  g_assert_cmpfloat_with_epsilon (st.stddev, sqrt (0.004), 1e-9);
  g_assert_cmpfloat_with_epsilon (st.cfvar, sqrt (0.004) / 0.48, 1e-9);

  for (guint i = 0; i < 4; i++)
    {
      const WeftHpcrunProfile *profile = weft_hpctoolkit_measurement_get_profile (m, i);
      GFile *files[2] = { g_file_new_for_path (profile->path), g_file_new_for_path (structure) };
      g_autoptr(WeftLoadContext) c = weft_load_context_new (NULL);

      alone[i] = weft_hpctoolkit_measurement_load (files, 2, c, &error);
      g_assert_no_error (error);
      g_object_unref (files[0]);
      g_object_unref (files[1]);
    }

  for (WeftCallNode node = 0; node < weft_call_tree_get_n_nodes (tree); node++)
    for (guint column = 0; column < 2; column++)
      for (int inclusive = 0; inclusive < 2; inclusive++)
        {
          double values[4];
          guint n = 0;
          double sum = 0, sumsq = 0, min = 0, max = 0;
          gboolean have = weft_hpctoolkit_measurement_get_statistics (m, node, column, inclusive, &st);

          for (guint i = 0; i < 4; i++)
            {
              WeftCallTree *t = weft_hpctoolkit_measurement_get_tree (alone[i]);
              WeftCallNode same = same_path (tree, node, t);
              double v = 0;

              if (same != WEFT_CALL_NODE_NONE)
                v = inclusive ? weft_call_tree_get_inclusive (t, same, column) : weft_call_tree_get_exclusive (t, same, column);
              if (v == 0)
                continue;
              values[n++] = v;
              sum += v;
              sumsq += v * v;
              min = n == 1 ? v : MIN (min, v);
              max = n == 1 ? v : MAX (max, v);
            }
          g_assert_cmpint (have, ==, n > 0);
          if (n == 0)
            continue;
          g_assert_cmpuint (st.n, ==, n);
          g_assert_cmpfloat_with_epsilon (st.sum, sum, 1e-9 * MAX (1, fabs (sum)));
          g_assert_cmpfloat_with_epsilon (st.mean, sum / n, 1e-9 * MAX (1, fabs (sum)));
          g_assert_cmpfloat (st.min, ==, min);
          g_assert_cmpfloat (st.max, ==, max);
          g_assert_cmpfloat_with_epsilon (st.stddev, sqrt (MAX (sumsq / n - (sum / n) * (sum / n), 0)),
                                          1e-6 * MAX (1, fabs (sum)));
          (void)values;
          n_checked++;
        }
  /* Most of the demo's 35 nodes carry both metrics, both ways. */
  g_assert_cmpuint (n_checked, >, 60);

  for (guint i = 0; i < 4; i++)
    weft_hpctoolkit_measurement_free (alone[i]);
}

/* The bottom-up tree, a level of callers at a time: whole, it is the tree
 * of every caller chain with recursion-safe values (checked against the
 * sums by hand); stopped at a frame budget, it keeps the top levels whole
 * and says how many levels of callers it has. */
static void
test_views_bounded (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  g_autoptr(WeftCallTree) whole = NULL;
  g_autoptr(WeftCallTree) two = NULL;
  g_autoptr(WeftCallTree) one = NULL;
  WeftCallFrame frames[] = { { "main", "", "", 0, 0, 0 }, { "solve", "", "", 0, 0, 0 }, { "step", "", "", 0, 0, 0 },
                             { "f", "", "", 0, 0, 0 }, { "g", "", "", 0, 0, 0 } };
  guint metric = weft_call_tree_add_metric (tree, "time", "s", WEFT_CALL_METRIC_NONE);
  WeftCallNode main_, solve, step, f1, g1, f2, g2, f3, n;
  guint levels = 99;

  /* main → solve → step → f → g → f, and main → f → g */
  main_ = weft_call_tree_add_child (tree, WEFT_CALL_TREE_ROOT, &frames[0]);
  solve = weft_call_tree_add_child (tree, main_, &frames[1]);
  step = weft_call_tree_add_child (tree, solve, &frames[2]);
  f1 = weft_call_tree_add_child (tree, step, &frames[3]);
  g1 = weft_call_tree_add_child (tree, f1, &frames[4]);
  f2 = weft_call_tree_add_child (tree, g1, &frames[3]);
  f3 = weft_call_tree_add_child (tree, main_, &frames[3]);
  g2 = weft_call_tree_add_child (tree, f3, &frames[4]);
  weft_call_tree_set_exclusive (tree, f2, metric, 4);
  weft_call_tree_set_exclusive (tree, g1, metric, 2);
  weft_call_tree_set_exclusive (tree, g2, metric, 1);
  weft_call_tree_set_exclusive (tree, step, metric, 8);

  whole = weft_call_tree_dup_bottom_up_bounded (tree, NULL, NULL, G_MAXUINT, &levels);
  g_assert_cmpuint (levels, ==, 0);
  /* Top: main, solve, step, f, g; f's inclusive counts f1 (6: itself and
   * g1, f2 under it) and f3 (1), not f2 again: 7; its exclusive 4. */
  g_assert_cmpuint (weft_call_tree_get_n_children (whole, WEFT_CALL_TREE_ROOT), ==, 5);
  n = find_child (whole, WEFT_CALL_TREE_ROOT, "f");
  g_assert_cmpfloat (weft_call_tree_get_inclusive (whole, n, 0), ==, 7);
  g_assert_cmpfloat (weft_call_tree_get_exclusive (whole, n, 0), ==, 4);
  /* f ← g ← f ← step ← solve ← main: the chain of f2, 5 levels of callers.
   * Under "f ← g" is f2 alone, inside f1: its time counts as exclusive,
   * and its inclusive value not at all (f1's has it). */
  n = find_child (whole, n, "g");
  g_assert_cmpfloat (weft_call_tree_get_inclusive (whole, n, 0), ==, 0);
  g_assert_cmpfloat (weft_call_tree_get_exclusive (whole, n, 0), ==, 4);
  g_assert_cmpfloat (weft_call_tree_get_inclusive (whole, find_child (whole, find_child (whole, WEFT_CALL_TREE_ROOT, "f"), "step"), 0), ==, 6);
  n = find_child (whole, n, "f");
  n = find_child (whole, n, "step");
  n = find_child (whole, n, "solve");
  n = find_child (whole, n, "main");
  g_assert_cmpuint (n, !=, WEFT_CALL_NODE_NONE);
  g_assert_cmpfloat (weft_call_tree_get_exclusive (whole, n, 0), ==, 4);
  /* g's callers: f, for both instances (g1 6, g2 1). */
  n = find_child (whole, find_child (whole, WEFT_CALL_TREE_ROOT, "g"), "f");
  g_assert_cmpfloat (weft_call_tree_get_inclusive (whole, n, 0), ==, 7);
  g_assert_cmpfloat (weft_call_tree_get_inclusive (whole, WEFT_CALL_TREE_ROOT, 0), ==, 15);

  /* The root, 5 procedures and 6 callers make 12 frames, and 5 callers'
   * callers 17: a budget of 13 stops after two levels; any budget keeps the
   * first level… */
  two = weft_call_tree_dup_bottom_up_bounded (tree, NULL, NULL, 13, &levels);
  g_assert_cmpuint (levels, ==, 2);
  g_assert_cmpuint (weft_call_tree_get_n_nodes (two), ==, 17);
  one = weft_call_tree_dup_bottom_up_bounded (tree, NULL, NULL, 1, &levels);
  g_assert_cmpuint (levels, ==, 1);
  g_assert_cmpuint (weft_call_tree_get_n_nodes (one), ==, 12);
  /* … whose frames and values are the whole tree's first levels. */
  for (WeftCallNode top = weft_call_tree_get_first_child (one, WEFT_CALL_TREE_ROOT); top != WEFT_CALL_NODE_NONE;
       top = weft_call_tree_get_next_sibling (one, top))
    {
      const char *name = weft_call_tree_get_frame (one, top)->function;
      WeftCallNode w = find_child (whole, WEFT_CALL_TREE_ROOT, name);

      g_assert_cmpfloat (weft_call_tree_get_inclusive (one, top, 0), ==, weft_call_tree_get_inclusive (whole, w, 0));
      g_assert_cmpuint (weft_call_tree_get_n_children (one, top), ==, weft_call_tree_get_n_children (whole, w));
      for (WeftCallNode c = weft_call_tree_get_first_child (one, top); c != WEFT_CALL_NODE_NONE;
           c = weft_call_tree_get_next_sibling (one, c))
        {
          WeftCallNode wc = find_child (whole, w, weft_call_tree_get_frame (one, c)->function);

          g_assert_cmpfloat (weft_call_tree_get_inclusive (one, c, 0), ==, weft_call_tree_get_inclusive (whole, wc, 0));
          g_assert_cmpuint (weft_call_tree_get_n_children (one, c), ==, 0);
        }
    }
  g_assert_cmpuint (weft_call_tree_get_n_nodes (two), >, weft_call_tree_get_n_nodes (one));
  g_assert_cmpuint (weft_call_tree_get_n_nodes (whole), >, weft_call_tree_get_n_nodes (two));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hpctoolkit/model/small", test_small);
  g_test_add_func ("/hpctoolkit/model/loops-procedures", test_loops_procedures);
  g_test_add_func ("/hpctoolkit/model/loops-threads", test_loops_threads);
  g_test_add_func ("/hpctoolkit/model/dataset-views", test_dataset_views);
  g_test_add_func ("/hpctoolkit/model/v2-profile", test_v2_profile);
  g_test_add_func ("/hpctoolkit/model/views", test_views);
  g_test_add_func ("/hpctoolkit/model/formula", test_formula);
  g_test_add_func ("/hpctoolkit/model/derived", test_derived);
  g_test_add_func ("/hpctoolkit/model/find-source", test_find_source);
  g_test_add_func ("/hpctoolkit/model/statistics", test_statistics);
  g_test_add_func ("/call-tree-views/recursion", test_views_recursion);
  g_test_add_func ("/call-tree-views/bounded", test_views_bounded);
  return g_test_run ();
}

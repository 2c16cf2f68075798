/* bench-hpcrun.c: how fast HPCToolkit profiles read and merge.
 *
 *   bench-hpcrun [--runs N]
 *
 * Writes synthetic measurements with weft-gen-hpcrun (beside this program)
 * to a temporary folder and prints, with the files in memory:
 *   bench hpcrun-parse-throughput X MB/s     one 10^6-node 04.00 profile, best of N
 *   bench hpcrun02-parse-throughput X MB/s   the same tree as 02.00, best of N
 *   bench hpcrun-parse-64-throughput X MB/s  64 profiles of 20,000 nodes, best of N
 *   bench hpcrun-read-64-parallel-throughput X MB/s  the same 64 files read from
 *                                            the (cached) folder on every processor, as
 *                                            a measurement loads them, best of N
 *   bench hpcrun-merge-64 X ms               merging those 64 into one tree (about
 *                                            10^6 nodes: 5,000 shared + 64 × 15,000), best of N
 *   bench hpcrun-merged-nodes X nodes        nodes of that tree
 *   bench hpcrun-callers-64 X ms             its whole bottom-up (callers) tree, once
 *   bench hpcrun-callers-nodes X nodes       nodes of that tree
 *   bench hpcrun-callers-page-64 X ms        the bottom-up tree the page shows (levels
 *                                            of callers up to 2,000,000 frames), best of N
 *   bench hpcrun-callers-page-nodes X nodes  nodes of that tree
 *   bench hpcrun-callers-page-levels X       the levels of callers it has
 *   bench hpcrun-flat-64 X ms                its flat tree, best of N
 *   bench hpcrun-flat-nodes X nodes          nodes of that tree
 * MB are 10^6 bytes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-util.h"
#include "weft-call-tree-views.h"
#include "weft-hpcrun.h"
#include "weft-hpctoolkit-dataset.h"
#include "weft-hpctoolkit-measurement.h"
#include "weft-test-util.h"

static double
now (void)
{
  return (double)g_get_monotonic_time () / 1e6;
}

static GPtrArray *
read_folder (const char *dir,
             guint64    *total)
{
  GPtrArray *files = g_ptr_array_new_with_free_func ((GDestroyNotify)g_bytes_unref);
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  *total = 0;
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".hpcrun"))
      g_ptr_array_add (names, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (names, (GCompareFunc)g_strcmp0);
  for (guint i = 0; i < names->len; i++)
    {
      char *data;
      gsize len;

      if (!g_file_get_contents (g_ptr_array_index (names, i), &data, &len, NULL))
        g_error ("cannot read %s", (char *)g_ptr_array_index (names, i));
      g_ptr_array_add (files, g_bytes_new_take (data, len));
      *total += len;
    }
  return files;
}

static GPtrArray *
parse_all (GPtrArray *files)
{
  GPtrArray *profiles = g_ptr_array_new_with_free_func ((GDestroyNotify)weft_hpcrun_profile_free);

  for (guint i = 0; i < files->len; i++)
    {
      gsize len;
      const guint8 *data = g_bytes_get_data (g_ptr_array_index (files, i), &len);
      g_autoptr(GError) error = NULL;
      WeftHpcrunProfile *p = weft_hpcrun_parse (data, len, "bench.hpcrun", &error);

      if (p == NULL)
        g_error ("%s", error->message);
      g_ptr_array_add (profiles, p);
    }
  return profiles;
}

static double
best_parse (GPtrArray *files,
            guint64    total,
            int        runs)
{
  double best = G_MAXDOUBLE;

  for (int r = 0; r < runs; r++)
    {
      double t0 = now ();
      GPtrArray *profiles = parse_all (files);

      best = MIN (best, now () - t0);
      g_ptr_array_unref (profiles);
    }
  return (double)total / 1e6 / best;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *tmp = weft_test_make_tmp_dir ();
  g_autofree char *one = g_build_filename (tmp, "one", NULL);
  g_autofree char *one2 = g_build_filename (tmp, "one02", NULL);
  g_autofree char *many = g_build_filename (tmp, "many", NULL);
  const char *const one_args[] = { "--profiles", "1", "--nodes", "1000000", "--shared", "1000000", one, NULL };
  const char *const one2_args[] = { "--format", "02.00", "--profiles", "1", "--nodes", "1000000", "--shared", "1000000",
                                    one2, NULL };
  const char *const many_args[] = { "--profiles", "64", "--nodes", "20000", "--shared", "5000", many, NULL };
  int runs = 5;
  guint64 total;
  double best = G_MAXDOUBLE;
  guint merged = 0;

  if (argc > 2 && strcmp (argv[1], "--runs") == 0)
    runs = MAX (1, atoi (argv[2]));
  weft_bench_run_tool (argv[0], "weft-gen-hpcrun", one_args);
  weft_bench_run_tool (argv[0], "weft-gen-hpcrun", one2_args);
  weft_bench_run_tool (argv[0], "weft-gen-hpcrun", many_args);

  {
    g_autoptr(GPtrArray) files = read_folder (one, &total);

    printf ("bench hpcrun-parse-throughput %.0f MB/s\n", best_parse (files, total, runs));
  }
  {
    g_autoptr(GPtrArray) files = read_folder (one2, &total);

    printf ("bench hpcrun02-parse-throughput %.0f MB/s\n", best_parse (files, total, runs));
  }
  {
    g_autoptr(GPtrArray) files = read_folder (many, &total);

    printf ("bench hpcrun-parse-64-throughput %.0f MB/s\n", best_parse (files, total, runs));
    {
      g_autoptr(GDir) d = g_dir_open (many, 0, NULL);
      g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
      const char *name;
      double best_read = G_MAXDOUBLE;

      while ((name = g_dir_read_name (d)) != NULL)
        if (g_str_has_suffix (name, ".hpcrun"))
          g_ptr_array_add (paths, g_build_filename (many, name, NULL));
      for (int r = 0; r < runs; r++)
        {
          g_autofree WeftHpcrunProfile **out = g_new (WeftHpcrunProfile *, paths->len);
          g_autofree GError **errors = g_new (GError *, paths->len);
          double t0 = now ();

          weft_hpcrun_read_files ((const char * const *)paths->pdata, paths->len, g_get_num_processors (), NULL,
                                  out, errors);
          best_read = MIN (best_read, now () - t0);
          for (guint i = 0; i < paths->len; i++)
            {
              if (out[i] == NULL)
                g_error ("%s", errors[i] != NULL ? errors[i]->message : "not read");
              weft_hpcrun_profile_free (out[i]);
            }
        }
      printf ("bench hpcrun-read-64-parallel-throughput %.0f MB/s\n", (double)total / 1e6 / best_read);
    }
    {
      g_autoptr(WeftHpctoolkitMeasurement) m = NULL;
      double best_callers = G_MAXDOUBLE, best_flat = G_MAXDOUBLE;
      guint callers_nodes = 0;
      guint levels = 0;
      guint flat_nodes = 0;

      for (int r = 0; r < runs; r++)
        {
          GPtrArray *profiles = parse_all (files);
          double t0 = now ();

          g_clear_pointer (&m, weft_hpctoolkit_measurement_free);
          m = weft_hpctoolkit_measurement_new (profiles, NULL, NULL);
          best = MIN (best, now () - t0);
          merged = weft_call_tree_get_n_nodes (weft_hpctoolkit_measurement_get_tree (m)) - 1;
        }
      printf ("bench hpcrun-merge-64 %.1f ms\n", best * 1e3);
      printf ("bench hpcrun-merged-nodes %u nodes\n", merged);

      {
        double t0 = now ();
        g_autoptr(WeftCallTree) callers = weft_call_tree_dup_bottom_up (weft_hpctoolkit_measurement_get_tree (m),
                                                                        weft_hpctoolkit_dataset_node_role, NULL);

        printf ("bench hpcrun-callers-64 %.1f ms\n", (now () - t0) * 1e3);
        printf ("bench hpcrun-callers-nodes %u nodes\n", weft_call_tree_get_n_nodes (callers) - 1);
      }
      for (int r = 0; r < runs; r++)
        {
          double t0 = now ();
          g_autoptr(WeftCallTree) callers = weft_call_tree_dup_bottom_up_bounded (weft_hpctoolkit_measurement_get_tree (m),
                                                                                  weft_hpctoolkit_dataset_node_role, NULL,
                                                                                  2000000, &levels);
          double t1 = now ();
          g_autoptr(WeftCallTree) flat = weft_call_tree_dup_flat (weft_hpctoolkit_measurement_get_tree (m),
                                                                  weft_hpctoolkit_dataset_node_role, NULL);

          best_flat = MIN (best_flat, now () - t1);
          best_callers = MIN (best_callers, t1 - t0);
          callers_nodes = weft_call_tree_get_n_nodes (callers) - 1;
          flat_nodes = weft_call_tree_get_n_nodes (flat) - 1;
        }
      printf ("bench hpcrun-callers-page-64 %.1f ms\n", best_callers * 1e3);
      printf ("bench hpcrun-callers-page-nodes %u nodes\n", callers_nodes);
      printf ("bench hpcrun-callers-page-levels %u\n", levels);
      printf ("bench hpcrun-flat-64 %.1f ms\n", best_flat * 1e3);
      printf ("bench hpcrun-flat-nodes %u nodes\n", flat_nodes);
    }
  }
  weft_test_rm_rf (tmp);
  return 0;
}

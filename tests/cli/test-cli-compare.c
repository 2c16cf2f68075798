/* test-cli-compare.c: `weft-cli compare` and `info --other` on real and
 * generated pairs of runs. Every figure of a comparison must be what exporting
 * each run alone and combining gives: the test exports both sides with
 * `weft-cli export` and checks every cell, row and call path against the
 * comparison's.
 *
 * Arguments: the weft-cli to run, then weft-gen-traces (optional: without it,
 * the generated Chapel pairs are skipped).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>
#include <sys/wait.h>

#include <json-glib/json-glib.h>

#include "weft-test-util.h"

static const char *weft_cli;
static const char *weft_gen_traces;
static char *tmp_dir;

/* Runs @argv (NULL-terminated) and returns its exit status; stdout in @out. */
static int
run (const char * const *argv,
     char              **out,
     char              **err)
{
  g_autoptr(GError) error = NULL;
  int wait_status;

  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, out, err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  return WEXITSTATUS (wait_status);
}

static void
add_all (GPtrArray          *argv,
         const char * const *items)
{
  for (guint i = 0; items != NULL && items[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)items[i]);
}

/* Options added to every export and compare (--tag, --kind), or NULL. */
static const char * const *extra_options;

/* weft-cli export --view VIEW --format FMT -o OUT PATHS… */
static char *
export_alone (const char         *view,
              const char         *format,
              const char         *name,
              const char * const *paths)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL, *err = NULL;
  char *path = g_build_filename (tmp_dir, name, NULL);

  g_ptr_array_add (argv, (gpointer)weft_cli);
  add_all (argv, (const char *[]){ "export", "--view", view, "--format", format, "-o", path, NULL });
  add_all (argv, extra_options);
  add_all (argv, paths);
  g_ptr_array_add (argv, NULL);
  g_assert_cmpint (run ((const char * const *)argv->pdata, &out, &err), ==, 0);
  return path;
}

/* weft-cli compare … --other O… -o OUT BASE…; returns the exit status. */
static int
compare (const char         *view,
         const char         *format,
         const char         *mode,
         const char * const *base,
         const char * const *other,
         const char         *out_path,
         char              **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;

  g_ptr_array_add (argv, (gpointer)weft_cli);
  add_all (argv, (const char *[]){ "compare", "--view", view, "--format", format, "-o", out_path, NULL });
  add_all (argv, extra_options);
  if (mode != NULL)
    add_all (argv, (const char *[]){ "--mode", mode, NULL });
  for (guint i = 0; other[i] != NULL; i++)
    add_all (argv, (const char *[]){ "--other", other[i], NULL });
  add_all (argv, base);
  g_ptr_array_add (argv, NULL);
  return run ((const char * const *)argv->pdata, &out, err);
}

/* An MDA CSV of plain numbers (no filtered cells): rows of values. */
static GPtrArray *
read_grid (const char *path)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) cells = NULL;
      GArray *row;

      g_strchomp (lines[i]);
      if (lines[i][0] == '\0')
        continue;
      cells = g_strsplit (lines[i], ",", -1);
      row = g_array_new (FALSE, FALSE, sizeof (double));
      for (guint j = 0; cells[j] != NULL; j++)
        {
          double v = g_ascii_strtod (cells[j], NULL);

          g_array_append_val (row, v);
        }
      g_ptr_array_add (rows, row);
    }
  return rows;
}

static double
grid_at (GPtrArray *grid,
         guint      row,
         guint      column)
{
  GArray *r;

  if (row >= grid->len)
    return 0.0;
  r = g_ptr_array_index (grid, row);
  return column < r->len ? g_array_index (r, double, column) : 0.0;
}

static void
assert_close (double a,
              double b)
{
  if (isinf (a) || isinf (b))
    g_assert_cmpfloat (a, ==, b);
  else
    g_assert_cmpfloat_with_epsilon (a, b, 1e-9 * MAX (1.0, fabs (b)));
}

static double
combine (const char *mode,
         double      base,
         double      other)
{
  if (g_strcmp0 (mode, "ratio") == 0)
    return base == 0.0 ? (other == 0.0 ? 1.0 : INFINITY) : other / base;
  return other - base;
}

static char *
generate_chapel (guint       locales,
                 guint       seed,
                 const char *name)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *rows = g_strdup_printf ("%u", locales);
  g_autofree char *seed_text = g_strdup_printf ("%u", seed);
  g_autofree char *dir = g_build_filename (tmp_dir, name, NULL);

  g_assert_cmpint (run ((const char *[]){ weft_gen_traces, "-f", "chplvis", "-r", rows, "-s", seed_text,
                                          "-e", "4000", "-n", "RUN", "-o", dir, NULL },
                        &out, &err), ==, 0);
  return g_build_filename (dir, "RUN", NULL);
}

/* The comparison's matrix is cell by cell the two runs' exported matrices
 * combined, over the larger shape (missing cells are 0). */
static void
check_matrix_pair (const char *base_run,
                   const char *other_run,
                   const char *mode,
                   guint       expected_size)
{
  g_autofree char *base_csv = export_alone ("comm-matrix", "mda-csv", "base.csv", (const char *[]){ base_run, NULL });
  g_autofree char *other_csv = export_alone ("comm-matrix", "mda-csv", "other.csv", (const char *[]){ other_run, NULL });
  g_autofree char *out = g_build_filename (tmp_dir, "compare.csv", NULL);
  g_autofree char *err = NULL;
  g_autoptr(GPtrArray) base = NULL, other = NULL, result = NULL;
  guint n_nonzero = 0;

  g_assert_cmpint (compare ("comm-matrix", "mda-csv", mode, (const char *[]){ base_run, NULL },
                            (const char *[]){ other_run, NULL }, out, &err), ==, 0);
  base = read_grid (base_csv);
  other = read_grid (other_csv);
  result = read_grid (out);

  /* 0: the larger of the two shapes. */
  if (expected_size == 0)
    expected_size = MAX (MAX (base->len, other->len), 1);
  g_assert_cmpuint (result->len, ==, expected_size);
  for (guint r = 0; r < result->len; r++)
    {
      GArray *row = g_ptr_array_index (result, r);

      g_assert_cmpuint (row->len, ==, expected_size);
      for (guint c = 0; c < row->len; c++)
        {
          double want = combine (mode, grid_at (base, r, c), grid_at (other, r, c));

          assert_close (g_array_index (row, double, c), want);
          n_nonzero += want != (g_strcmp0 (mode, "ratio") == 0 ? 1.0 : 0.0);
        }
    }
  /* The runs differ, so the comparison is not all "no change". */
  g_assert_cmpuint (n_nonzero, >, 0);
}

static void
test_chapel_matrices (void)
{
  g_autofree char *four = NULL, *eight = NULL, *changed = NULL;

  if (weft_gen_traces == NULL)
    {
      g_test_skip ("weft-gen-traces not built (-Dbenchmarks=false)");
      return;
    }

  four = generate_chapel (4, 7, "four");
  eight = generate_chapel (8, 7, "eight");
  changed = generate_chapel (4, 8, "changed");

  /* 4 against 8 locales: an 8×8 comparison, the extra rows against zeros. */
  check_matrix_pair (four, eight, NULL, 8);
  check_matrix_pair (eight, four, NULL, 8);
  /* Before and after a change on the same locales, both modes. */
  check_matrix_pair (four, changed, NULL, 4);
  check_matrix_pair (four, changed, "ratio", 4);

  /* The tag and kind apply to both runs alike. */
  extra_options = (const char *[]){ "--tag", "compute", "--kind", "gets", NULL };
  check_matrix_pair (four, changed, NULL, 4);
  extra_options = NULL;
}

static char *
generate_trace (const char *format,
                guint       seed,
                const char *name)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *seed_text = g_strdup_printf ("%u", seed);
  char *path = g_build_filename (tmp_dir, name, NULL);

  g_assert_cmpint (run ((const char *[]){ weft_gen_traces, "-f", format, "-s", seed_text, "-e", "3000",
                                          "-o", path, NULL },
                        &out, &err), ==, 0);
  return path;
}

/* MPD invocation matrices of two generated runs (process ids as rows). */
static void
test_mpd_matrices (void)
{
  g_autofree char *before = NULL, *after = NULL;

  if (weft_gen_traces == NULL)
    {
      g_test_skip ("weft-gen-traces not built (-Dbenchmarks=false)");
      return;
    }
  before = generate_trace ("mpd", 3, "before.trace");
  after = generate_trace ("mpd", 4, "after.trace");
  check_matrix_pair (before, after, NULL, 0);
}

/* A CPC CSV as process → value ("Value,Processes" rows; the set is a compact
 * integer set such as "0-2,5", quoted when it holds a comma). */
static GHashTable *
read_cpc (const char *path)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GHashTable *values = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "Value,Processes");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      char *comma = strchr (lines[i], ',');
      g_auto(GStrv) ranges = NULL;
      double value;

      g_assert_nonnull (comma);
      *comma = '\0';
      value = g_ascii_strtod (lines[i], NULL);
      ranges = g_strsplit (g_strdelimit (comma + 1, "\"", ' '), ",", -1);
      for (guint r = 0; ranges[r] != NULL; r++)
        {
          guint64 first = g_ascii_strtoull (g_strstrip (ranges[r]), NULL, 10), last = first;
          const char *dash = strchr (ranges[r], '-');

          if (dash != NULL)
            last = g_ascii_strtoull (dash + 1, NULL, 10);
          for (guint64 p = first; p <= last; p++)
            g_hash_table_insert (values, GSIZE_TO_POINTER (p + 1), g_memdup2 (&value, sizeof value));
        }
    }
  return values;
}

/* Per-locale values (CPC CSV, one column): rows matched by locale; a locale
 * the base run lacks compares with 0. */
static void
test_chapel_values (void)
{
  g_autofree char *four = NULL, *eight = NULL;
  g_autofree char *base_csv = NULL, *other_csv = NULL;
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GHashTable) base = NULL, other = NULL, result = NULL;

  if (weft_gen_traces == NULL)
    {
      g_test_skip ("weft-gen-traces not built (-Dbenchmarks=false)");
      return;
    }

  four = generate_chapel (4, 7, "four");
  eight = generate_chapel (8, 7, "eight");
  base_csv = export_alone ("values", "cpc-csv", "base-values.csv", (const char *[]){ four, NULL });
  other_csv = export_alone ("values", "cpc-csv", "other-values.csv", (const char *[]){ eight, NULL });
  out = g_build_filename (tmp_dir, "compare-values.csv", NULL);
  g_assert_cmpint (compare ("values", "cpc-csv", NULL, (const char *[]){ four, NULL },
                            (const char *[]){ eight, NULL }, out, &err), ==, 0);

  base = read_cpc (base_csv);
  other = read_cpc (other_csv);
  result = read_cpc (out);
  g_assert_cmpuint (g_hash_table_size (base), ==, 4);
  g_assert_cmpuint (g_hash_table_size (other), ==, 8);
  g_assert_cmpuint (g_hash_table_size (result), ==, 8);
  for (gsize p = 1; p <= 8; p++)
    {
      double *b = g_hash_table_lookup (base, GSIZE_TO_POINTER (p));
      double *o = g_hash_table_lookup (other, GSIZE_TO_POINTER (p));
      double *r = g_hash_table_lookup (result, GSIZE_TO_POINTER (p));

      g_assert_nonnull (o);
      g_assert_nonnull (r);
      assert_close (*r, *o - (b != NULL ? *b : 0.0));
    }
}

typedef struct
{
  double base, other, difference, ratio;
  char  *side;
} PathRow;

static void
path_row_free (PathRow *row)
{
  g_free (row->side);
  g_free (row);
}

/* tree-csv rows by path: the last fields are numbers (and Side), so a path
 * with commas in it is still read whole. */
static GHashTable *
read_tree_csv (const char *path,
               guint       n_numbers,
               gboolean    has_side)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GHashTable *rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)path_row_free);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      char *line = lines[i];
      guint n_tail = n_numbers + (has_side ? 1 : 0);
      char *fields[12] = { 0 };
      PathRow *row = g_new0 (PathRow, 1);

      for (guint f = n_tail; f > 0; f--)
        {
          char *comma = strrchr (line, ',');

          g_assert_nonnull (comma);
          *comma = '\0';
          fields[f - 1] = comma + 1;
        }
      row->base = g_ascii_strtod (fields[0], NULL);
      if (n_numbers == 4)
        {
          row->other = g_ascii_strtod (fields[1], NULL);
          row->difference = g_ascii_strtod (fields[2], NULL);
          row->ratio = g_ascii_strtod (fields[3], NULL);
        }
      if (has_side)
        row->side = g_strdup (fields[n_numbers]);
      /* A path may repeat (two equal frames under one parent are one node,
       * so it does not); keep the first. */
      g_assert_false (g_hash_table_contains (rows, line));
      g_hash_table_insert (rows, g_strdup (line), row);
    }
  return rows;
}

static char **
corpus_profiles (const char *release,
                 const char *test)
{
  g_autofree char *dir = weft_test_shared_path ("corpus", "hpcrun", NULL);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) files = g_ptr_array_new ();
  g_autofree char *prefix = g_strdup_printf ("%s__%s__", release, test);
  const char *name;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_prefix (name, prefix) && g_str_has_suffix (name, ".hpcrun"))
      g_ptr_array_add (files, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (files, (GCompareFunc)g_strcmp0);
  g_ptr_array_add (files, NULL);
  return (char **)g_ptr_array_free (g_steal_pointer (&files), FALSE);
}

/* The loops test measured by two HPCToolkit releases (2024.01.1 as base,
 * develop as other): every call path of the comparison carries each side's
 * figure from exporting it alone (0 where that side lacks the path). */
static void
test_hpctoolkit_releases (void)
{
  g_auto(GStrv) base = corpus_profiles ("hpctoolkit-2024.01.1", "loops-cputime-t.m");
  g_auto(GStrv) other = corpus_profiles ("hpctoolkit-develop", "loops-cputime-t.m");
  g_autofree char *base_csv = NULL, *other_csv = NULL, *err = NULL;
  g_autofree char *out = g_build_filename (tmp_dir, "compare-tree.csv", NULL);
  g_autoptr(GHashTable) base_rows = NULL, other_rows = NULL, result = NULL;
  guint n_both = 0, n_base = 0, n_other = 0;
  GHashTableIter iter;
  gpointer key, value;
  PathRow *root;

  g_assert_cmpuint (g_strv_length (base), ==, 4);
  g_assert_cmpuint (g_strv_length (other), ==, 4);

  base_csv = export_alone ("stacks", "tree-csv", "base-tree.csv", (const char * const *)base);
  other_csv = export_alone ("stacks", "tree-csv", "other-tree.csv", (const char * const *)other);
  g_assert_cmpint (compare ("stacks", "tree-csv", NULL, (const char * const *)base,
                            (const char * const *)other, out, &err), ==, 0);

  base_rows = read_tree_csv (base_csv, 1, FALSE);
  other_rows = read_tree_csv (other_csv, 1, FALSE);
  result = read_tree_csv (out, 4, TRUE);

  g_hash_table_iter_init (&iter, result);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      PathRow *row = value;
      PathRow *b = g_hash_table_lookup (base_rows, key);
      PathRow *o = g_hash_table_lookup (other_rows, key);

      g_assert_true (b != NULL || o != NULL);
      assert_close (row->base, b != NULL ? b->base : 0.0);
      assert_close (row->other, o != NULL ? o->base : 0.0);
      assert_close (row->difference, row->other - row->base);
      assert_close (row->ratio, combine ("ratio", row->base, row->other));
      g_assert_cmpstr (row->side, ==, b != NULL && o != NULL ? "both" : b != NULL ? "base" : "other");
      n_both += b != NULL && o != NULL;
      n_base += b != NULL && o == NULL;
      n_other += b == NULL && o != NULL;
    }
  /* Every path of either run is in the comparison. */
  g_assert_cmpuint (n_both + n_base, ==, g_hash_table_size (base_rows));
  g_assert_cmpuint (n_both + n_other, ==, g_hash_table_size (other_rows));
  /* The two builds of the loops program put code at different addresses:
   * only the roots and the OpenMP runtime's frames match. */
  g_assert_cmpuint (n_both, ==, 9);
  g_assert_cmpuint (n_base, ==, 119);
  g_assert_cmpuint (n_other, ==, 130);

  /* The main thread's root: 0.778642 s measured by 2024.01.1, 0.994165 s by
   * develop (hpcrun's CPUTIME, as `weft-cli info` gives each alone). */
  root = g_hash_table_lookup (result, "<program root>");
  g_assert_nonnull (root);
  assert_close (root->base, 0.778642);
  assert_close (root->other, 0.994165);
  assert_close (root->difference, 0.994165 - 0.778642);
}

/* Pictures of comparisons: a PNG of the matrix difference and an SVG of
 * the differential flame graph. */
static void
test_pictures (void)
{
  g_auto(GStrv) base = corpus_profiles ("hpctoolkit-2024.01.1", "loops-cputime-t.m");
  g_auto(GStrv) other = corpus_profiles ("hpctoolkit-develop", "loops-cputime-t.m");
  g_autofree char *demo = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);
  g_autofree char *four = weft_test_shared_path ("corpus", "chplvis", "chapel-1.25-runs", "allkinds-nl4", NULL);
  g_autofree char *png = g_build_filename (tmp_dir, "compare.png", NULL);
  g_autofree char *svg = g_build_filename (tmp_dir, "compare.svg", NULL);
  g_autofree char *err = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_cmpint (compare ("comm-matrix", "png", NULL, (const char *[]){ four, NULL },
                            (const char *[]){ demo, NULL }, png, &err), ==, 0);
  g_assert_true (g_file_get_contents (png, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (memcmp (contents, "\x89PNG", 4) == 0);
  g_clear_pointer (&contents, g_free);
  g_clear_pointer (&err, g_free);

  /* --metric names a run's metric: in a comparison, its change. */
  extra_options = (const char *[]){ "--metric", "CPUTIME (sec)", NULL };
  g_assert_cmpint (compare ("stacks", "svg", NULL, (const char * const *)base, (const char * const *)other, svg,
                            &err), ==, 0);
  extra_options = NULL;
  g_assert_true (g_file_get_contents (svg, &contents, &length, NULL));
  g_assert_nonnull (strstr (contents, "<svg"));
  /* Boxes were drawn. */
  g_assert_nonnull (strstr (contents, "<path"));
}

/* info --json --other: each side's totals in a "compare" object. */
static void
test_info_other (void)
{
  g_auto(GStrv) base = corpus_profiles ("hpctoolkit-2024.01.1", "loops-cputime-t.m");
  g_auto(GStrv) other = corpus_profiles ("hpctoolkit-develop", "loops-cputime-t.m");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL, *err = NULL;
  JsonObject *compare_object, *side;

  g_ptr_array_add (argv, (gpointer)weft_cli);
  add_all (argv, (const char *[]){ "info", "--json", NULL });
  for (guint i = 0; other[i] != NULL; i++)
    add_all (argv, (const char *[]){ "--other", other[i], NULL });
  add_all (argv, (const char * const *)base);
  g_ptr_array_add (argv, NULL);
  g_assert_cmpint (run ((const char * const *)argv->pdata, &out, &err), ==, 0);

  json_parser_load_from_data (parser, out, -1, &error);
  g_assert_no_error (error);
  compare_object = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)), "compare");
  g_assert_nonnull (compare_object);
  g_assert_cmpstr (json_object_get_string_member (compare_object, "mode"), ==, "difference");
  side = json_object_get_object_member (json_object_get_object_member (compare_object, "base"), "hpcrun");
  assert_close (json_object_get_double_member (json_object_get_object_member (side, "totals"), "CPUTIME (sec)"), 3.07759);
  side = json_object_get_object_member (json_object_get_object_member (compare_object, "other"), "hpcrun");
  assert_close (json_object_get_double_member (json_object_get_object_member (side, "totals"), "CPUTIME (sec)"), 3.973308);
}

static void
test_refusals (void)
{
  g_autofree char *chapel = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);
  g_autofree char *mpd = weft_test_source_path ("data", "samples", "mpd-demo.trace", NULL);
  g_autofree char *psv = weft_test_source_path ("data", "samples", "ddt-stacks.csv", NULL);
  g_autofree char *out = g_build_filename (tmp_dir, "refused.csv", NULL);
  g_autofree char *err = NULL;

  /* Runs of different families. */
  g_assert_cmpint (compare ("comm-matrix", "mda-csv", NULL, (const char *[]){ chapel, NULL },
                            (const char *[]){ mpd, NULL }, out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "different kinds"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  g_clear_pointer (&err, g_free);

  /* No other run, a bad mode: usage errors. */
  g_assert_cmpint (run ((const char *[]){ weft_cli, "compare", "--view", "values", "--format", "cpc-csv",
                                          "-o", out, chapel, NULL }, NULL, &err), ==, 2);
  g_assert_nonnull (strstr (err, "--other"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (compare ("values", "cpc-csv", "percent", (const char *[]){ chapel, NULL },
                            (const char *[]){ chapel, NULL }, out, &err), ==, 2);
  g_assert_nonnull (strstr (err, "difference or ratio"));
  g_clear_pointer (&err, g_free);

  /* PSV cannot hold a difference of two runs; tree-csv can. */
  g_assert_cmpint (compare ("stacks", "psv-csv", NULL, (const char *[]){ psv, NULL },
                            (const char *[]){ psv, NULL }, out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "tree-csv"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (compare ("stacks", "tree-csv", NULL, (const char *[]){ psv, NULL },
                            (const char *[]){ psv, NULL }, out, &err), ==, 0);
  {
    g_autoptr(GHashTable) rows = NULL;
    GHashTableIter iter;
    gpointer value;

    /* A run against itself: nothing changed anywhere. Groups are the
     * Processes and Threads counts of a PSV: 8 numbers, then Side. */
    rows = read_tree_csv (out, 8, TRUE);
    g_assert_cmpuint (g_hash_table_size (rows), >, 0);
    g_hash_table_iter_init (&iter, rows);
    while (g_hash_table_iter_next (&iter, NULL, &value))
      g_assert_cmpstr (((PathRow *)value)->side, ==, "both");
  }
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_assert_cmpint (argc, >=, 2);
  weft_cli = argv[1];
  weft_gen_traces = argc >= 3 ? argv[2] : NULL;
  tmp_dir = weft_test_make_tmp_dir ();

  g_test_add_func ("/cli/compare/chapel-matrices", test_chapel_matrices);
  g_test_add_func ("/cli/compare/chapel-values", test_chapel_values);
  g_test_add_func ("/cli/compare/mpd-matrices", test_mpd_matrices);
  g_test_add_func ("/cli/compare/hpctoolkit-releases", test_hpctoolkit_releases);
  g_test_add_func ("/cli/compare/info-other", test_info_other);
  g_test_add_func ("/cli/compare/pictures", test_pictures);
  g_test_add_func ("/cli/compare/refusals", test_refusals);

  status = g_test_run ();
  weft_test_rm_rf (tmp_dir);
  g_free (tmp_dir);
  return status;
}

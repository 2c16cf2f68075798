/* test-chplvis-export.c: the Chapel page's export views ("graph", "profile")
 * through weft_exporter_export() on the demo sample, the figures the page
 * computes in a thread, and source-path remapping.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include "weft-chplvis-dataset.h"
#include "weft-chplvis-figures.h"
#include "weft-chplvis-sources.h"
#include "weft-source-path.h"
#include "weft-document.h"
#include "weft-error.h"
#include "weft-exporter.h"
#include "weft-test-util.h"

static WeftChplvisDataset *
load_demo (void)
{
  g_autofree char *path = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(WeftDocument) document = weft_document_new_for_file (file);
  g_autoptr(GError) error = NULL;

  weft_document_load (document, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (WEFT_IS_CHPLVIS_DATASET (weft_document_get_dataset (document)));

  return g_object_ref (WEFT_CHPLVIS_DATASET (weft_document_get_dataset (document)));
}

static char *
export_to (WeftChplvisDataset    *dataset,
           const char            *dir,
           const char            *view,
           const char            *format,
           const WeftViewOptions *options,
           GError               **error)
{
  g_autofree char *name = g_strdup_printf ("%s-%s.%s", view, options != NULL && options->tag ? options->tag : "all", format);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  WeftExportRequest request = { 0 };

  request.view = view;
  request.format = format;
  request.path = path;
  if (options != NULL)
    request.options = *options;
  if (!weft_exporter_export (WEFT_DATASET (dataset), &request, error))
    return NULL;

  return g_steal_pointer (&path);
}

static void
assert_picture (const char *path,
                const char *format)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize len;

  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (len, >, 1000);

  if (g_str_equal (format, "png"))
    {
      cairo_surface_t *surface = cairo_image_surface_create_from_png (path);

      g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 1000);
      g_assert_cmpint (cairo_image_surface_get_height (surface), >=, 800);
      cairo_surface_destroy (surface);
    }
  else if (g_str_equal (format, "svg"))
    {
      g_assert_true (g_str_has_prefix (contents, "<?xml"));
      g_assert_nonnull (strstr (contents, "<svg"));
      g_assert_nonnull (strstr (contents, "</svg>"));
    }
  else
    {
      g_assert_true (g_str_has_prefix (contents, "%PDF-"));
      /* A complete file: its trailer is at the end. */
      g_assert_nonnull (g_strstr_len (contents + len - MIN (len, 64), MIN (len, 64), "%EOF"));
    }
}

static void
test_pictures (void)
{
  g_autoptr(WeftChplvisDataset) dataset = load_demo ();
  g_autofree char *dir = weft_test_make_tmp_dir ();
  const char *const views[] = { "graph", "profile" };
  const char *const formats[] = { "png", "svg", "pdf" };
  WeftViewOptions options = { 0 };

  for (guint v = 0; v < G_N_ELEMENTS (views); v++)
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
      {
        g_autoptr(GError) error = NULL;
        g_autofree char *path = export_to (dataset, dir, views[v], formats[f], NULL, &error);

        g_assert_no_error (error);
        assert_picture (path, formats[f]);
      }

  /* With a tag, a range and a metric, as the page passes them. */
  options.tag = "compute";
  options.has_range = TRUE;
  options.range.begin = 0;
  options.range.end = 40 * G_GINT64_CONSTANT (1000000);
  options.metric = "clock,bytes";
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *path = export_to (dataset, dir, "graph", "png", &options, &error);

    g_assert_no_error (error);
    assert_picture (path, "png");
  }
  options.metric = "tasks";
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *path = export_to (dataset, dir, "profile", "svg", &options, &error);

    g_assert_no_error (error);
    assert_picture (path, "svg");
  }

  weft_test_rm_rf (dir);
}

static void
test_graph_data_is_the_matrix (void)
{
  g_autoptr(WeftChplvisDataset) dataset = load_demo ();
  g_autofree char *dir = weft_test_make_tmp_dir ();
  const char *const tags[] = { NULL, "Start", "init arrays", "halo exchange", "tag 2 (halo exchange)" };

  for (guint t = 0; t < G_N_ELEMENTS (tags); t++)
    for (guint bytes = 0; bytes < 2; bytes++)
      {
        WeftViewOptions matrix_options = { 0 };
        WeftViewOptions graph_options = { 0 };
        g_autoptr(GError) error = NULL;
        g_autofree char *graph_dir = g_build_filename (dir, "graph", NULL);
        g_autofree char *matrix_dir = g_build_filename (dir, "matrix", NULL);
        g_autofree char *graph_path = NULL;
        g_autofree char *matrix_path = NULL;
        g_autofree char *graph_csv = NULL;
        g_autofree char *matrix_csv = NULL;

        g_mkdir_with_parents (graph_dir, 0700);
        g_mkdir_with_parents (matrix_dir, 0700);
        matrix_options.tag = tags[t];
        matrix_options.metric = bytes ? "bytes" : "count";
        matrix_options.kind = "puts";
        graph_options = matrix_options;
        graph_options.metric = bytes ? "max_concurrency,bytes" : "cpu";

        graph_path = export_to (dataset, graph_dir, "graph", "mda-csv", &graph_options, &error);
        g_assert_no_error (error);
        matrix_path = export_to (dataset, matrix_dir, "comm-matrix", "mda-csv", &matrix_options, &error);
        g_assert_no_error (error);

        g_file_get_contents (graph_path, &graph_csv, NULL, &error);
        g_assert_no_error (error);
        g_file_get_contents (matrix_path, &matrix_csv, NULL, &error);
        g_assert_no_error (error);
        g_assert_cmpstr (graph_csv, ==, matrix_csv);
        /* Not an empty agreement: the demo's puts fill the matrix. */
        g_assert_cmpuint (strlen (graph_csv), >, 64);
      }

  weft_test_rm_rf (dir);
}

static void
test_export_errors (void)
{
  g_autoptr(WeftChplvisDataset) dataset = load_demo ();
  g_autofree char *dir = weft_test_make_tmp_dir ();
  WeftViewOptions options = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  /* The profile is a picture. */
  path = export_to (dataset, dir, "profile", "cpc-csv", NULL, &error);
  g_assert_null (path);
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  options.metric = "colour";
  path = export_to (dataset, dir, "graph", "png", &options, &error);
  g_assert_null (path);
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "colour"));
  g_clear_error (&error);

  options.metric = "bogus";
  path = export_to (dataset, dir, "profile", "png", &options, &error);
  g_assert_null (path);
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  options.metric = NULL;
  options.tag = "no such tag";
  path = export_to (dataset, dir, "graph", "svg", &options, &error);
  g_assert_null (path);
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);

  weft_test_rm_rf (dir);
}

static void
test_profile_values (void)
{
  g_autoptr(WeftChplvisDataset) dataset = load_demo ();
  const WeftChplvisTrace *trace = weft_chplvis_dataset_get_trace (dataset);
  g_autoptr(WeftValueTable) values = NULL;
  g_autoptr(GArray) rows = NULL;
  g_autoptr(GError) error = NULL;
  WeftViewOptions options = { 0 };
  WeftChplvisQuery query;
  double max_clock = 0;
  guint n_active = 0;
  int best_fid = 0;

  options.tag = "compute";
  values = weft_dataset_dup_values (WEFT_DATASET (dataset), "profile", &options, &error);
  g_assert_no_error (error);

  weft_chplvis_query_init (&query);
  g_assert_true (weft_chplvis_query_set_tag (trace, &query, "compute", NULL));
  rows = weft_chplvis_compute_profile (trace, &query);
  for (guint i = 0; i < rows->len; i++)
    {
      const WeftChplvisProfileRow *row = &g_array_index (rows, WeftChplvisProfileRow, i);

      if (row->tasks || row->clock > 0 || row->gets || row->puts || row->on_calls)
        n_active++;
      if (row->clock > max_clock)
        {
          max_clock = row->clock;
          best_fid = row->fid;
        }
    }

  g_assert_cmpuint (n_active, >, 3);
  g_assert_cmpuint (weft_value_table_get_n_rows (values), ==, n_active);
  g_assert_cmpstr (weft_value_table_get_column_name (values, WEFT_CHPLVIS_PROFILE_CLOCK), ==, "clock");
  g_assert_cmpfloat (weft_value_table_get (values, 0, WEFT_CHPLVIS_PROFILE_CLOCK), ==, max_clock);
  g_assert_cmpint (weft_value_table_get_row_id (values, 0), ==, best_fid);
  for (guint r = 1; r < n_active; r++)
    g_assert_cmpfloat (weft_value_table_get (values, r, WEFT_CHPLVIS_PROFILE_CLOCK), <=,
                       weft_value_table_get (values, r - 1, WEFT_CHPLVIS_PROFILE_CLOCK));
}

static void
figures_ready_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  WeftChplvisFigures **out = user_data;
  g_autoptr(GError) error = NULL;

  *out = weft_chplvis_figures_compute_finish (WEFT_CHPLVIS_DATASET (object), result, &error);
  g_assert_no_error (error);
}

static void
test_figures (void)
{
  g_autoptr(WeftChplvisDataset) dataset = load_demo ();
  const WeftChplvisTrace *trace = weft_chplvis_dataset_get_trace (dataset);
  g_autoptr(WeftChplvisFigures) figures = NULL;
  g_autoptr(WeftChplvisCommMatrix) comm = NULL;
  g_autofree WeftChplvisLocaleStats *stats = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  WeftChplvisQuery query;
  WeftChplvisQuery every_kind;
  guint n = trace->n_locales;

  weft_chplvis_query_init (&query);
  g_assert_true (weft_chplvis_query_set_tag (trace, &query, "halo exchange", NULL));
  g_assert_true (query.merge);
  query.kinds = WEFT_CHPLVIS_KINDS_GETS;
  query.has_range = TRUE;
  query.range.begin = 10 * G_GINT64_CONSTANT (1000000);
  query.range.end = 70 * G_GINT64_CONSTANT (1000000);

  weft_chplvis_figures_compute_async (dataset, &query, NULL, figures_ready_cb, &figures);
  while (figures == NULL)
    g_main_context_iteration (NULL, TRUE);

  comm = weft_chplvis_compute_comm_matrix (trace, &query);
  every_kind = query;
  every_kind.kinds = 0;
  stats = weft_chplvis_compute_locale_stats (trace, &every_kind);
  g_assert_cmpuint (figures->n_locales, ==, n);
  g_assert_cmpmem (figures->comm->count, n * n * sizeof (guint64), comm->count, n * n * sizeof (guint64));
  g_assert_cmpmem (figures->comm->bytes, n * n * sizeof (guint64), comm->bytes, n * n * sizeof (guint64));
  g_assert_cmpmem (figures->locales, n * sizeof *stats, stats, n * sizeof *stats);

  /* The tooltip's split: each group is that kind alone, and they add up. */
  {
    const guint masks[WEFT_CHPLVIS_N_GROUPS] = { WEFT_CHPLVIS_KINDS_GETS, WEFT_CHPLVIS_KINDS_PUTS, WEFT_CHPLVIS_KINDS_FORKS };
    g_autoptr(WeftChplvisFigures) all = NULL;
    WeftChplvisQuery every_group;
    guint64 forks = 0;

    weft_chplvis_query_init (&every_group);
    all = weft_chplvis_figures_compute (dataset, &every_group, NULL, &error);
    g_assert_no_error (error);
    for (gsize i = 0; i < (gsize)n * n; i++)
      {
        guint64 count = 0, bytes = 0;

        for (guint g = 0; g < WEFT_CHPLVIS_N_GROUPS; g++)
          {
            count += all->groups[g]->count[i];
            bytes += all->groups[g]->bytes[i];
          }
        g_assert_cmpuint (count, ==, all->comm->count[i]);
        g_assert_cmpuint (bytes, ==, all->comm->bytes[i]);
        forks += all->groups[WEFT_CHPLVIS_GROUP_FORKS]->count[i];
      }
    g_assert_cmpuint (forks, >, 0);
    for (guint g = 0; g < WEFT_CHPLVIS_N_GROUPS; g++)
      {
        g_autoptr(WeftChplvisCommMatrix) alone = NULL;
        WeftChplvisQuery one = every_group;

        one.kinds = masks[g];
        alone = weft_chplvis_compute_comm_matrix (trace, &one);
        g_assert_cmpmem (all->groups[g]->count, n * n * sizeof (guint64), alone->count, n * n * sizeof (guint64));
        g_assert_cmpmem (all->groups[g]->bytes, n * n * sizeof (guint64), alone->bytes, n * n * sizeof (guint64));
      }
  }

  /* A cancelled run reports it. */
  g_cancellable_cancel (cancellable);
  g_assert_null (weft_chplvis_figures_compute (dataset, &query, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_remap (void)
{
  g_autoptr(GVariant) remaps = NULL;
  GVariantBuilder builder;
  const struct
  {
    const char *path;
    const char *expected;
  } cases[] = {
    { "/opt/chapel-1.25/modules/internal/ChapelBase.chpl", "/home/me/chapel/modules/internal/ChapelBase.chpl" },
    { "/opt/chapel-1.25", "/home/me/chapel" },
    { "/opt/chapel-1.25x/a.chpl", "/opt/chapel-1.25x/a.chpl" },
    { "/home/user/stencil/stencil.chpl", "/srv/src/stencil.chpl" },
    { "/home/user/stencil/sub/deep/x.chpl", "/srv/deep/x.chpl" },
    { "/elsewhere/x.chpl", "/elsewhere/x.chpl" },
  };

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  g_variant_builder_add (&builder, "{ss}", "/opt/chapel-1.25/", "/home/me/chapel");
  g_variant_builder_add (&builder, "{ss}", "/home/user/stencil", "/srv/src");
  /* The longest folder wins. */
  g_variant_builder_add (&builder, "{ss}", "/home/user/stencil/sub", "/srv");
  remaps = g_variant_ref_sink (g_variant_builder_end (&builder));

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = weft_source_path_remap (cases[i].path, remaps);

      g_assert_cmpstr (out, ==, cases[i].expected);
    }

  {
    g_autofree char *out = weft_source_path_remap ("/a/b", NULL);

    g_assert_cmpstr (out, ==, "/a/b");
  }
}

static void
test_resolve_source (void)
{
  g_autoptr(WeftChplvisDataset) dataset = load_demo ();
  const WeftChplvisTrace *trace = weft_chplvis_dataset_get_trace (dataset);
  g_autoptr(GVariant) remaps = NULL;
  GVariantBuilder builder;
  g_autofree char *base = NULL;
  g_autofree char *user = NULL;
  g_autofree char *spaced = NULL;
  g_autofree char *mapped = NULL;

  /* fname 2 is $CHPL_HOME/…/ChapelBase.chpl, 60 is stencil.chpl (under DIR),
   * 84 "halo exchange.chpl" (a space), 0 <unknown>, 1 <internal>,
   * 85 <command_line>. */
  base = weft_chplvis_resolve_source (trace, 2, NULL);
  g_assert_cmpstr (base, ==, "/opt/chapel-1.25/modules/internal/ChapelBase.chpl");
  user = weft_chplvis_resolve_source (trace, 60, NULL);
  g_assert_cmpstr (user, ==, "/home/user/stencil/stencil.chpl");
  spaced = weft_chplvis_resolve_source (trace, 84, NULL);
  g_assert_cmpstr (spaced, ==, "/home/user/stencil/halo exchange.chpl");
  for (int file = 0; file < 2; file++)
    {
      g_assert_false (weft_chplvis_source_has_file (trace, file));
      g_assert_null (weft_chplvis_resolve_source (trace, file, NULL));
    }
  g_assert_false (weft_chplvis_source_has_file (trace, 85));
  g_assert_false (weft_chplvis_source_has_file (trace, 100000));

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{ss}"));
  g_variant_builder_add (&builder, "{ss}", "/home/user/stencil", "/tmp/here");
  remaps = g_variant_ref_sink (g_variant_builder_end (&builder));
  mapped = weft_chplvis_resolve_source (trace, 60, remaps);
  g_assert_cmpstr (mapped, ==, "/tmp/here/stencil.chpl");
}

static const char *weft_cli;

static int
run_cli (char **err,
         ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *arg;
  va_list args;
  int status = 0;

  g_ptr_array_add (argv, (gpointer)weft_cli);
  va_start (args, err);
  for (arg = va_arg (args, const char *); arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer)arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_assert_true (g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));

  return WEXITSTATUS (status);
}

/* `weft-cli export --view graph|profile` as scripts run it. */
static void
test_cli (void)
{
  g_autofree char *demo = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *png = g_build_filename (dir, "graph.png", NULL);
  g_autofree char *pdf = g_build_filename (dir, "profile.pdf", NULL);
  g_autofree char *svg = g_build_filename (dir, "profile.svg", NULL);
  g_autofree char *graph_csv = g_build_filename (dir, "graph.csv", NULL);
  g_autofree char *matrix_csv = g_build_filename (dir, "matrix.csv", NULL);
  g_autofree char *refused = g_build_filename (dir, "profile.csv", NULL);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  g_assert_cmpint (run_cli (NULL, "export", "--view", "graph", "--format", "png", "--tag", "compute",
                            "--metric", "clock,bytes", "--range", "0.01:0.05", "-o", png, demo, NULL), ==, 0);
  assert_picture (png, "png");
  g_assert_cmpint (run_cli (NULL, "export", "--view", "profile", "--format", "pdf", "-o", pdf, demo, NULL), ==, 0);
  assert_picture (pdf, "pdf");
  g_assert_cmpint (run_cli (NULL, "export", "--view", "profile", "--format", "svg", "--metric", "gets",
                            "--tag", "halo exchange", "-o", svg, demo, NULL), ==, 0);
  assert_picture (svg, "svg");

  g_assert_cmpint (run_cli (NULL, "export", "--view", "graph", "--format", "mda-csv", "--kind", "gets",
                            "-o", graph_csv, demo, NULL), ==, 0);
  g_assert_cmpint (run_cli (NULL, "export", "--view", "comm-matrix", "--format", "mda-csv", "--kind", "gets",
                            "-o", matrix_csv, demo, NULL), ==, 0);
  g_assert_true (g_file_get_contents (graph_csv, &a, NULL, NULL));
  g_assert_true (g_file_get_contents (matrix_csv, &b, NULL, NULL));
  g_assert_cmpstr (a, ==, b);

  /* The profile is a picture: no data, and no file. */
  {
    g_autofree char *err = NULL;

    g_assert_cmpint (run_cli (&err, "export", "--view", "profile", "--format", "cpc-csv", "-o", refused, demo, NULL), !=, 0);
    g_assert_nonnull (strstr (err, "picture"));
    g_assert_false (g_file_test (refused, G_FILE_TEST_EXISTS));
  }

  weft_test_rm_rf (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* tests/chplvis/meson.build passes the built weft-cli. */
  g_assert_cmpint (argc, ==, 2);
  weft_cli = argv[1];

  g_test_add_func ("/chplvis/export/pictures", test_pictures);
  g_test_add_func ("/chplvis/export/graph-data", test_graph_data_is_the_matrix);
  g_test_add_func ("/chplvis/export/errors", test_export_errors);
  g_test_add_func ("/chplvis/export/profile-values", test_profile_values);
  g_test_add_func ("/chplvis/figures", test_figures);
  g_test_add_func ("/chplvis/sources/remap", test_remap);
  g_test_add_func ("/chplvis/sources/resolve", test_resolve_source);
  g_test_add_func ("/chplvis/export/cli", test_cli);

  return g_test_run ();
}

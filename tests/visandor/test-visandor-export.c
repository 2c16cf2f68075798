/* test-visandor-export.c: the execution-tree renderer (layout, hit tests,
 * range), the exporter's tree and values views, and weft-cli info/export on
 * VisAndOr traces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <cairo.h>
#include <json-glib/json-glib.h>

#include "weft-document.h"
#include "weft-exporter.h"
#include "weft-test-util.h"
#include "weft-parallelism-renderer.h"
#include "weft-visandor-tree-renderer.h"

static const char *weft_cli;

static WeftVisandorDataset *
load (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(WeftDocument) document = weft_document_new_for_file (file);
  g_autoptr(GError) error = NULL;

  weft_document_load (document, NULL, &error);
  g_assert_no_error (error);

  return g_object_ref (WEFT_VISANDOR_DATASET (weft_document_get_dataset (document)));
}

static char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "visandor", "fixtures", name, NULL);
}

/* A layout in a worker stops when its cancellable fires (a closed tab's
 * view): the renderer then shows nothing; the same layout uncancelled gives
 * a column per task. */
static void
test_layout_cancelled (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "wide.visandor", NULL);
  g_autoptr(GString) text = g_string_new ("0\n       100 5 0 0 A 0 \n       110 1 1000 70000 A 0 \n");
  g_autoptr(WeftVisandorDataset) dataset = NULL;
  g_autoptr(WeftVisandorTreeRenderer) renderer = weft_visandor_tree_renderer_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 70000; i++)
    g_string_append_printf (text, "%u 2 1000 %u A 0\n%u 3 1000 %u A 0\n", 200 + i, i, 200 + i, i);
  g_string_append (text, "70300 4 1000 0 A 0\n70400 6 0 0 A 0\n");
  g_file_set_contents (path, text->str, (gssize)text->len, &error);
  g_assert_no_error (error);
  dataset = load (path);

  g_cancellable_cancel (cancellable);
  g_assert_false (weft_visandor_tree_renderer_lay_out (renderer, dataset, cancellable));
  g_assert_cmpuint (weft_visandor_tree_renderer_get_n_columns (renderer), ==, 0);

  g_assert_true (weft_visandor_tree_renderer_lay_out (renderer, dataset, NULL));
  g_assert_cmpuint (weft_visandor_tree_renderer_get_n_columns (renderer), ==, 70000);

  g_clear_object (&dataset);
  weft_test_rm_rf (dir);
}

/* The pixel at (@x, @y) of an ARGB32 @surface, alpha in the top byte. */
static guint32
pixel_at (cairo_surface_t *surface,
          double           x,
          double           y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);

  cairo_surface_flush (surface);
  return *(const guint32 *)(gconstpointer)(data + (gsize)y * cairo_image_surface_get_stride (surface) + (gsize)x * 4);
}

/* Two goals of one fork: agent 0 runs one from 0 to 200 µs, agent 1 the
 * other from 50 to 100. Busy agents: 1, then 2 over [50, 100), then 1;
 * 1.25 on average. */
static void
test_parallelism (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "two.visandor", NULL);
  const char *text = "0\n100 5 0 0 0 0\n100 1 A 2 0 0\n100 2 A 0 0 0\n150 2 A 1 0 1\n200 3 A 1 0 1\n"
                     "300 3 A 0 0 0\n300 4 A 0 0 0\n300 6 0 0 0 0\n";
  g_autoptr(WeftVisandorDataset) dataset = NULL;
  g_autoptr(WeftParallelismRenderer) renderer = weft_parallelism_renderer_new ();
  g_autoptr(GError) error = NULL;
  const double width = 600, height = 240;
  cairo_surface_t *surface;
  cairo_rectangle_t plot;
  cairo_t *cr;
  guint32 background;
  gint64 begin, end;
  double busy, x_two, x_one, y_between;
  g_autofree char *two = NULL;
  g_autofree char *one = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  dataset = load (path);
  g_assert_cmpfloat_with_epsilon (weft_visandor_dataset_get_mean_parallelism (dataset), 1.25, 1e-9);
  g_assert_cmpuint (weft_visandor_dataset_get_max_parallelism (dataset), ==, 2);

  /* Nothing to describe without a dataset, nor outside the plot. */
  g_assert_false (weft_parallelism_renderer_get_column (renderer, width, height, width / 2, NULL, NULL, NULL));
  weft_parallelism_renderer_set_dataset (renderer, dataset);
  weft_parallelism_renderer_get_plot_area (renderer, width, height, &plot);
  g_assert_cmpfloat (plot.x, >, 0);
  g_assert_cmpfloat (plot.x + plot.width, <, width);
  g_assert_cmpfloat (plot.y + plot.height, <, height);
  g_assert_false (weft_parallelism_renderer_get_column (renderer, width, height, plot.x - 1, NULL, NULL, NULL));
  g_assert_null (weft_parallelism_renderer_describe_at (renderer, width, height, plot.x + plot.width + 1));

  /* At 75 µs both agents are busy, at 150 µs one. */
  x_two = plot.x + plot.width * 75 / 200;
  x_one = plot.x + plot.width * 150 / 200;
  g_assert_true (weft_parallelism_renderer_get_column (renderer, width, height, x_two, &begin, &end, &busy));
  g_assert_cmpint (begin, <=, 75);
  g_assert_cmpint (end, >=, 75);
  g_assert_cmpint (end - begin, <=, 1);
  g_assert_cmpfloat_with_epsilon (busy, 2, 1e-9);
  g_assert_true (weft_parallelism_renderer_get_column (renderer, width, height, x_one, NULL, NULL, &busy));
  g_assert_cmpfloat_with_epsilon (busy, 1, 1e-9);
  two = weft_parallelism_renderer_describe_at (renderer, width, height, x_two);
  one = weft_parallelism_renderer_describe_at (renderer, width, height, x_one);
  g_assert_nonnull (strstr (two, "2.00 of 2 agents busy"));
  g_assert_nonnull (strstr (one, "1.00 of 2 agents busy"));

  /* Hovering marks a column; the same column again changes nothing. */
  g_assert_true (weft_parallelism_renderer_set_hover (renderer, width, height, x_one));
  g_assert_false (weft_parallelism_renderer_set_hover (renderer, width, height, x_one));
  g_assert_true (weft_parallelism_renderer_set_hover (renderer, width, height, -1));

  /* Level 1.6 is filled where two agents are busy, not where one is. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)width, (int)height);
  cr = cairo_create (surface);
  weft_parallelism_renderer_draw (renderer, cr, width, height);
  cairo_destroy (cr);
  y_between = floor (plot.y + plot.height * (1 - 1.6 / 2));
  background = pixel_at (surface, width - 2, height - 2);
  g_assert_cmpuint (pixel_at (surface, floor (x_one), y_between), ==, background);
  g_assert_cmpuint (pixel_at (surface, floor (x_two), y_between), !=, background);
  g_assert_cmpuint (pixel_at (surface, floor (x_one), floor (plot.y + plot.height * 0.8)), !=, background);
  cairo_surface_destroy (surface);

  g_clear_object (&dataset);
  weft_test_rm_rf (dir);
}

/* How many pixels of the legend's right part (the marks' legend) are
 * exactly @argb, for @sample drawn @width pixels wide. */
static guint
count_legend_pixels (const char *sample,
                     double      width,
                     guint32     argb)
{
  g_autofree char *path = weft_test_source_path ("data", "samples", sample, NULL);
  g_autoptr(WeftVisandorDataset) dataset = load (path);
  g_autoptr(WeftVisandorTreeRenderer) renderer = weft_visandor_tree_renderer_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)width, 600);
  cairo_t *cr = cairo_create (surface);
  guint n = 0;

  weft_visandor_tree_renderer_set_dataset (renderer, dataset);
  weft_visandor_tree_renderer_draw (renderer, cr, width, 600);
  cairo_destroy (cr);
  for (double y = 0; y < 30; y++)
    for (double x = MAX (width - 320, 0); x < width; x++)
      n += pixel_at (surface, x, y) == argb;
  cairo_surface_destroy (surface);
  return n;
}

/* The tree's legend lists the outcome marks it draws, at its right: the
 * or-parallel sample's successes (green dot), failures (red cross) and
 * suspensions; an and-parallel trace has none, and a tree drawn too narrow
 * for marks lists none. */
static void
test_mark_legend (void)
{
  const guint32 success = 0xff26a269, failure = 0xffe01b24, suspended = 0xffe5a50a;

  g_assert_cmpuint (count_legend_pixels ("visandor-or.visandor", 1200, success), >, 3);
  g_assert_cmpuint (count_legend_pixels ("visandor-or.visandor", 1200, failure), >, 0);
  g_assert_cmpuint (count_legend_pixels ("visandor-or.visandor", 1200, suspended), >, 0);
  g_assert_cmpuint (count_legend_pixels ("visandor-and.visandor", 1200, success), ==, 0);
  g_assert_cmpuint (count_legend_pixels ("visandor-and.visandor", 1200, failure), ==, 0);
  g_assert_cmpuint (count_legend_pixels ("visandor-or.visandor", 200, success), ==, 0);
}

/* Columns: goal 0 of 3AAB48 (0); goal 1 and, below it, goal 0 of 3AAB84 (1);
 * goal 1 of 3AAB84 and goal 0 of 3AAC00 (2); goal 0 of 3AABB4 (3). */
static void
test_layout_and_hits (void)
{
  g_autofree char *path = fixture_path ("and-nested.visandor");
  g_autoptr(WeftVisandorDataset) dataset = load (path);
  g_autoptr(WeftVisandorTreeRenderer) renderer = weft_visandor_tree_renderer_new ();
  cairo_rectangle_t plot;
  WeftVisandorHit hit;
  double x, y;

  weft_visandor_tree_renderer_set_dataset (renderer, dataset);
  weft_visandor_tree_renderer_set_range (renderer, 0, 0);
  g_assert_cmpuint (weft_visandor_tree_renderer_get_n_columns (renderer), ==, 4);
  g_assert_cmpuint (weft_visandor_tree_renderer_get_task_column (renderer, 0), ==, 0);
  g_assert_cmpuint (weft_visandor_tree_renderer_get_task_column (renderer, 1), ==, 1);
  g_assert_cmpuint (weft_visandor_tree_renderer_get_task_column (renderer, 2), ==, 1);
  g_assert_cmpuint (weft_visandor_tree_renderer_get_task_column (renderer, 3), ==, 2);
  g_assert_cmpuint (weft_visandor_tree_renderer_get_task_column (renderer, 4), ==, 2);
  g_assert_cmpuint (weft_visandor_tree_renderer_get_task_column (renderer, 5), ==, 3);

  /* 800 × 600: the middle of column 0 at t = 100 µs is goal 0 of 3AAB48. */
  weft_visandor_tree_renderer_get_plot (renderer, 800, 600, &plot);
  x = plot.x + plot.width / 8;
  y = weft_visandor_tree_renderer_time_to_pos (renderer, &plot, 100);
  g_assert_cmpint (weft_visandor_tree_renderer_pos_to_time (renderer, &plot, y), ==, 100);
  g_assert_true (weft_visandor_tree_renderer_hit_test (renderer, 800, 600, x, y, &hit));
  g_assert_cmpuint (hit.task, ==, 0);
  g_assert_cmpuint (hit.node, ==, WEFT_VISANDOR_NONE);

  /* Column 2 at t = 65 µs: goal 0 of 3AAC00 (64–66), deeper than goal 1 of 3AAB84. */
  x = plot.x + plot.width * 5 / 8;
  y = weft_visandor_tree_renderer_time_to_pos (renderer, &plot, 65);
  g_assert_true (weft_visandor_tree_renderer_hit_test (renderer, 800, 600, x, y, &hit));
  g_assert_cmpuint (hit.task, ==, 4);

  /* The bar of 3AAB48 at t = 10 µs. */
  y = weft_visandor_tree_renderer_time_to_pos (renderer, &plot, 10);
  g_assert_true (weft_visandor_tree_renderer_hit_test (renderer, 800, 600, plot.x + plot.width / 4, y, &hit));
  g_assert_cmpuint (hit.node, ==, 0);

  /* Nothing in column 3 at t = 20 µs (goal 0 of 3AABB4 runs 110–120). */
  x = plot.x + plot.width * 7 / 8;
  y = weft_visandor_tree_renderer_time_to_pos (renderer, &plot, 20);
  g_assert_false (weft_visandor_tree_renderer_hit_test (renderer, 800, 600, x, y, &hit));

  /* Zoomed to 100–130 µs, 115 is in the middle. */
  weft_visandor_tree_renderer_set_range (renderer, 100, 130);
  y = weft_visandor_tree_renderer_time_to_pos (renderer, &plot, 115);
  g_assert_cmpfloat_with_epsilon (y, plot.y + plot.height / 2, 1e-9);
  g_assert_true (weft_visandor_tree_renderer_hit_test (renderer, 800, 600, x, y, &hit));
  g_assert_cmpuint (hit.task, ==, 5);
}

/* Folding 3AAB84 (node 1) gives its subtree one column and hides its goals;
 * its block answers hit tests; Collapse Others on 3AAC00 (node 2) folds only
 * 3AABB4 (node 3), beside the path; Expand All restores the layout. A
 * subtree narrower than 3 pixels is drawn as a block without being folded. */
static void
test_folding (void)
{
  g_autofree char *path = fixture_path ("and-nested.visandor");
  g_autoptr(WeftVisandorDataset) dataset = load (path);
  g_autoptr(WeftVisandorTreeRenderer) renderer = weft_visandor_tree_renderer_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 600);
  cairo_t *cr = cairo_create (surface);
  cairo_rectangle_t plot;
  WeftVisandorHit hit;
  double x, y;

  weft_visandor_tree_renderer_set_dataset (renderer, dataset);
  weft_visandor_tree_renderer_set_range (renderer, 0, 0);
  g_assert_cmpuint (weft_visandor_tree_renderer_get_subtree_tasks (renderer, 0), ==, 6);
  g_assert_cmpuint (weft_visandor_tree_renderer_get_subtree_tasks (renderer, 1), ==, 3);

  weft_visandor_tree_renderer_set_collapsed (renderer, 1, TRUE);
  g_assert_true (weft_visandor_tree_renderer_get_collapsed (renderer, 1));
  g_assert_cmpuint (weft_visandor_tree_renderer_get_n_columns (renderer), ==, 3);
  g_assert_cmpuint (weft_visandor_tree_renderer_get_task_column (renderer, 1), ==, 1);
  g_assert_cmpuint (weft_visandor_tree_renderer_get_task_column (renderer, 2), ==, G_MAXUINT32);
  g_assert_cmpuint (weft_visandor_tree_renderer_get_task_column (renderer, 4), ==, G_MAXUINT32);
  g_assert_cmpuint (weft_visandor_tree_renderer_get_task_column (renderer, 5), ==, 2);
  weft_visandor_tree_renderer_draw (renderer, cr, 800, 600);

  /* The block of 3AAB84 runs 40–90 µs (from the first event) in column 1 of 3. */
  weft_visandor_tree_renderer_get_plot (renderer, 800, 600, &plot);
  x = plot.x + plot.width * 1.5 / 3;
  y = weft_visandor_tree_renderer_time_to_pos (renderer, &plot, 65);
  g_assert_true (weft_visandor_tree_renderer_hit_test (renderer, 800, 600, x, y, &hit));
  g_assert_cmpuint (hit.node, ==, 1);
  g_assert_true (hit.block);

  weft_visandor_tree_renderer_collapse_others (renderer, 2);
  g_assert_false (weft_visandor_tree_renderer_get_collapsed (renderer, 0));
  g_assert_false (weft_visandor_tree_renderer_get_collapsed (renderer, 1));
  g_assert_false (weft_visandor_tree_renderer_get_collapsed (renderer, 2));
  g_assert_true (weft_visandor_tree_renderer_get_collapsed (renderer, 3));
  g_assert_cmpuint (weft_visandor_tree_renderer_get_n_columns (renderer), ==, 4);
  g_assert_cmpuint (weft_visandor_tree_renderer_get_task_column (renderer, 4), ==, 2);
  g_assert_cmpuint (weft_visandor_tree_renderer_get_task_column (renderer, 5), ==, G_MAXUINT32);
  weft_visandor_tree_renderer_draw (renderer, cr, 800, 600);

  weft_visandor_tree_renderer_expand_all (renderer);
  g_assert_false (weft_visandor_tree_renderer_get_collapsed (renderer, 3));
  g_assert_cmpuint (weft_visandor_tree_renderer_get_n_columns (renderer), ==, 4);
  g_assert_cmpuint (weft_visandor_tree_renderer_get_task_column (renderer, 5), ==, 3);

  /* 84 pixels wide: a plot of 4 pixels, 1 per column; 3AAB84's two columns
   * are too narrow to draw apart, and hit as a block though not folded. */
  weft_visandor_tree_renderer_get_plot (renderer, 84, 600, &plot);
  g_assert_cmpfloat_with_epsilon (plot.width, 4, 1e-9);
  x = plot.x + 2;
  y = weft_visandor_tree_renderer_time_to_pos (renderer, &plot, 85);
  g_assert_true (weft_visandor_tree_renderer_hit_test (renderer, 84, 600, x, y, &hit));
  g_assert_cmpuint (hit.node, ==, 1);
  g_assert_true (hit.block);
  g_assert_false (weft_visandor_tree_renderer_get_collapsed (renderer, 1));
  weft_visandor_tree_renderer_draw (renderer, cr, 84, 600);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Pixels that are not the background: the tree was drawn. */
static guint
count_ink (cairo_surface_t *surface)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint n = 0;

  cairo_surface_flush (surface);
  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        const guint8 *px = data + y * stride + 4 * x;

        if (px[0] != 0xff || px[1] != 0xff || px[2] != 0xff || px[3] != 0xff)
          n++;
      }

  return n;
}

static void
test_export_tree (void)
{
  g_autofree char *sample = weft_test_source_path ("data", "samples", "visandor-or.visandor", NULL);
  g_autoptr(WeftVisandorDataset) dataset = load (sample);
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *png = g_build_filename (dir, "tree.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "tree.svg", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  WeftExportRequest request = { 0 };
  cairo_surface_t *surface;

  weft_exporter_init ();
  g_assert_true (weft_exporter_is_known_view ("tree"));

  request.view = "tree";
  request.format = "png";
  request.path = png;
  g_assert_true (weft_exporter_export (WEFT_DATASET (dataset), &request, &error));
  g_assert_no_error (error);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 1200);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 900);
  g_assert_cmpuint (count_ink (surface), >, 5000);
  cairo_surface_destroy (surface);

  request.format = "svg";
  request.path = svg;
  g_assert_true (weft_exporter_export (WEFT_DATASET (dataset), &request, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<svg"));

  weft_test_rm_rf (dir);
}

static char *
run_cli (const char * const *args,
         int                *status)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  char *out = NULL;

  g_ptr_array_add (argv, (char *)weft_cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *)args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, status, &error));
  g_assert_no_error (error);

  return out;
}

static void
test_cli (void)
{
  g_autofree char *path = fixture_path ("and-nested.visandor");
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *csv = g_build_filename (dir, "agents.csv", NULL);
  g_autofree char *png = g_build_filename (dir, "timeline.png", NULL);
  g_autofree char *out = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *visandor, *events;
  int status;

  out = run_cli ((const char *[]) { "info", "--json", path, NULL }, &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (json_parser_get_root (parser)), "format"), ==,
                   "visandor");
  visandor = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)), "visandor");
  g_assert_cmpstr (json_object_get_string_member (visandor, "parallelism"), ==, "and");
  g_assert_cmpint (json_object_get_int_member (visandor, "agents"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (visandor, "forks"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (visandor, "tasks"), ==, 6);
  g_assert_cmpint (json_object_get_int_member (visandor, "max_depth"), ==, 3);
  events = json_object_get_object_member (visandor, "events");
  g_assert_cmpint (json_object_get_int_member (events, "1"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (events, "4"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (events, "5"), ==, 1);

  /* Goals per agent as a CPC table: 1 on agent 0, 3 on agent 1, 2 on agent 16. */
  g_clear_pointer (&out, g_free);
  out = run_cli ((const char *[]) { "export", "--view", "values", "--metric", "tasks", "--format", "cpc-csv",
                                    "-o", csv, path, NULL }, &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_file_get_contents (csv, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "Value,Processes\n1,0\n2,16\n3,1\n");

  g_clear_pointer (&out, g_free);
  out = run_cli ((const char *[]) { "export", "--view", "timeline", "--format", "png", "-o", png, path, NULL }, &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));

  /* Busy agents over time, as a picture of its default size. */
  g_clear_pointer (&out, g_free);
  out = run_cli ((const char *[]) { "export", "--view", "parallelism", "--format", "png", "-o", png, path, NULL },
                 &status);
  g_assert_cmpint (status, ==, 0);
  {
    cairo_surface_t *picture = cairo_image_surface_create_from_png (png);

    g_assert_cmpint (cairo_surface_status (picture), ==, CAIRO_STATUS_SUCCESS);
    g_assert_cmpint (cairo_image_surface_get_width (picture), ==, 1200);
    g_assert_cmpint (cairo_image_surface_get_height (picture), ==, 400);
    cairo_surface_destroy (picture);
  }

  /* A view a VisAndOr trace does not have is a clear error. */
  g_clear_pointer (&out, g_free);
  out = run_cli ((const char *[]) { "export", "--view", "comm-matrix", "--format", "mda-csv", "-o", csv, path, NULL },
                 &status);
  g_assert_false (g_spawn_check_wait_status (status, NULL));

  weft_test_rm_rf (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_assert_cmpint (argc, >=, 2);
  weft_cli = argv[1];

  g_test_add_func ("/visandor/export/layout-and-hits", test_layout_and_hits);
  g_test_add_func ("/visandor/export/folding", test_folding);
  g_test_add_func ("/visandor/export/layout-cancelled", test_layout_cancelled);
  g_test_add_func ("/visandor/export/parallelism", test_parallelism);
  g_test_add_func ("/visandor/export/mark-legend", test_mark_legend);
  g_test_add_func ("/visandor/export/tree", test_export_tree);
  g_test_add_func ("/visandor/export/cli", test_cli);

  return g_test_run ();
}

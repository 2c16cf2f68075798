/* test-grid-export.c: the "comm-matrix" and "values" pictures through
 * weft_exporter_export(), as File ▸ Export and weft-cli write them.
 *
 * The dataset is a fixture: a GObject implementing WeftDataset that returns a
 * fixed matrix and value table, so that these tests do not depend on any
 * reader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "views-test-util.h"
#include "weft-error.h"
#include "weft-exporter.h"
#include "weft-matrix-renderer.h"
#include "weft-test-util.h"
#include "weft-value-bars-renderer.h"

/* --- The fixture dataset ------------------------------------------------------ */

#define TEST_TYPE_GRID_DATASET (test_grid_dataset_get_type ())

G_DECLARE_FINAL_TYPE (TestGridDataset, test_grid_dataset, TEST, GRID_DATASET, GObject)

struct _TestGridDataset
{
  GObject         parent_instance;
  WeftMatrix     *matrix;
  WeftValueTable *values;
};

static void test_grid_dataset_iface_init (WeftDatasetInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestGridDataset, test_grid_dataset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_DATASET, test_grid_dataset_iface_init))

static const char *
test_grid_dataset_get_family (WeftDataset *dataset)
{
  return "test";
}

static const char *const *
test_grid_dataset_list_views (WeftDataset *dataset)
{
  static const char *const views[] = { "comm-matrix", "values", NULL };

  return views;
}

/* The tag "missing" stands for an option that does not fit the document. */
static gboolean
check_options (const WeftViewOptions  *options,
               GError                **error)
{
  if (g_strcmp0 (options->tag, "missing") == 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT, "No tag “missing”");
      return FALSE;
    }
  return TRUE;
}

static WeftMatrix *
test_grid_dataset_dup_matrix (WeftDataset           *dataset,
                              const char            *view,
                              const WeftViewOptions *options,
                              GError               **error)
{
  TestGridDataset *self = TEST_GRID_DATASET (dataset);

  if (!check_options (options, error))
    return NULL;
  return weft_matrix_ref (self->matrix);
}

static WeftValueTable *
test_grid_dataset_dup_values (WeftDataset           *dataset,
                              const char            *view,
                              const WeftViewOptions *options,
                              GError               **error)
{
  TestGridDataset *self = TEST_GRID_DATASET (dataset);

  if (!check_options (options, error))
    return NULL;
  return weft_value_table_ref (self->values);
}

static void
test_grid_dataset_iface_init (WeftDatasetInterface *iface)
{
  iface->get_family = test_grid_dataset_get_family;
  iface->list_views = test_grid_dataset_list_views;
  iface->dup_matrix = test_grid_dataset_dup_matrix;
  iface->dup_values = test_grid_dataset_dup_values;
}

static void
test_grid_dataset_finalize (GObject *object)
{
  TestGridDataset *self = (TestGridDataset *)object;

  g_clear_pointer (&self->matrix, weft_matrix_unref);
  g_clear_pointer (&self->values, weft_value_table_unref);

  G_OBJECT_CLASS (test_grid_dataset_parent_class)->finalize (object);
}

static void
test_grid_dataset_class_init (TestGridDatasetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_grid_dataset_finalize;
}

/* Three locales: 0 → 2 carries the most (200), 1 → 0 carries 50. */
static void
test_grid_dataset_init (TestGridDataset *self)
{
  self->matrix = weft_matrix_new_2d (3, 3);
  weft_matrix_set_title (self->matrix, "Communication count, all tags");
  weft_matrix_set_value_name (self->matrix, "count");
  weft_matrix_set_dim_name (self->matrix, 0, "from locale");
  weft_matrix_set_dim_name (self->matrix, 1, "to locale");
  weft_matrix_set_2d (self->matrix, 0, 2, 200);
  weft_matrix_set_2d (self->matrix, 1, 0, 50);

  self->values = weft_value_table_new (3, 2);
  weft_value_table_set_column (self->values, 0, "tasks", NULL);
  weft_value_table_set_column (self->values, 1, "cpu", "s");
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("locale %u", i);

      weft_value_table_set_row_name (self->values, i, name);
      weft_value_table_set (self->values, i, 0, 5 * (i + 1));
      weft_value_table_set (self->values, i, 1, 0.25 * (3 - i));
    }
}

/* --- Tests ------------------------------------------------------------------- */

typedef struct
{
  char            *dir;
  TestGridDataset *dataset;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  user_data)
{
  fixture->dir = weft_test_make_tmp_dir ();
  fixture->dataset = g_object_new (TEST_TYPE_GRID_DATASET, NULL);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  user_data)
{
  g_assert_finalize_object (fixture->dataset);
  weft_test_rm_rf (fixture->dir);
  g_free (fixture->dir);
}

static gboolean
export (Fixture     *fixture,
        const char  *view,
        const char  *format,
        const char  *path,
        const char  *metric,
        const char  *tag,
        int          width,
        int          height,
        GError     **error)
{
  WeftExportRequest request = { 0 };

  request.view = view;
  request.format = format;
  request.path = path;
  request.options.metric = metric;
  request.options.tag = tag;
  request.width = width;
  request.height = height;
  return weft_exporter_export (WEFT_DATASET (fixture->dataset), &request, error);
}

static void
test_matrix_png (Fixture       *fixture,
                 gconstpointer  user_data)
{
  g_autofree char *path = g_build_filename (fixture->dir, "matrix.png", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftMatrixRenderer) renderer = weft_matrix_renderer_new ();
  g_auto(GStrv) formats = NULL;
  cairo_surface_t *png;
  cairo_rectangle_t rect;

  formats = weft_exporter_list_formats (WEFT_DATASET (fixture->dataset), "comm-matrix");
  g_assert_true (g_strv_contains ((const char *const *)formats, "png"));
  g_assert_true (g_strv_contains ((const char *const *)formats, "svg"));
  g_assert_true (g_strv_contains ((const char *const *)formats, "pdf"));

  g_assert_true (export (fixture, "comm-matrix", "png", path, NULL, NULL, 0, 0, &error));
  g_assert_no_error (error);

  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  /* The view's default size. */
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 1000);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, 1000);

  /* Where the picture function puts cell (0, 2): the same renderer with the
   * title shown, the light theme and the same size. */
  weft_matrix_renderer_set_show_title (renderer, TRUE);
  weft_matrix_renderer_set_matrix (renderer, fixture->dataset->matrix);
  g_assert_true (weft_matrix_renderer_get_cell_rect (renderer, 1000, 1000, 0, 2, &rect));
  views_assert_pixel (png, rect.x + rect.width * 0.2, rect.y + rect.height * 0.2,
                      (ViewsPixel) { 255, 0, 0 }, 0);
  /* 50 of 200. */
  g_assert_true (weft_matrix_renderer_get_cell_rect (renderer, 1000, 1000, 1, 0, &rect));
  views_assert_pixel (png, rect.x + rect.width * 0.2, rect.y + rect.height * 0.2,
                      views_ramp_pixel (0.25), 1);
  g_assert_true (weft_matrix_renderer_get_cell_rect (renderer, 1000, 1000, 2, 2, &rect));
  views_assert_pixel (png, rect.x + rect.width * 0.2, rect.y + rect.height * 0.2,
                      (ViewsPixel) { 255, 255, 255 }, 0);
  cairo_surface_destroy (png);
}

static void
test_matrix_png_size (Fixture       *fixture,
                      gconstpointer  user_data)
{
  g_autofree char *path = g_build_filename (fixture->dir, "small.png", NULL);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *png;

  g_assert_true (export (fixture, "comm-matrix", "png", path, NULL, NULL, 320, 240, &error));
  g_assert_no_error (error);
  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 320);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, 240);
  cairo_surface_destroy (png);
}

static void
assert_svg (const char *path)
{
  xmlDocPtr doc = xmlReadFile (path, NULL, XML_PARSE_NONET | XML_PARSE_NOWARNING);
  xmlNodePtr root;

  g_assert_nonnull (doc);
  root = xmlDocGetRootElement (doc);
  g_assert_nonnull (root);
  g_assert_cmpstr ((const char *)root->name, ==, "svg");
  xmlFreeDoc (doc);
}

static void
assert_pdf (const char *path)
{
  g_autofree char *contents = NULL;
  gsize len;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_assert_cmpuint (len, >, 100);
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
}

static void
test_matrix_svg_pdf (Fixture       *fixture,
                     gconstpointer  user_data)
{
  g_autofree char *svg = g_build_filename (fixture->dir, "matrix.svg", NULL);
  g_autofree char *pdf = g_build_filename (fixture->dir, "matrix.pdf", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (export (fixture, "comm-matrix", "svg", svg, NULL, NULL, 0, 0, &error));
  g_assert_no_error (error);
  assert_svg (svg);
  /* Nine cells drawn as vector rectangles, the hot one pure red. */
  g_assert_true (g_file_get_contents (svg, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "fill:rgb(100%,0%,0%)"));

  g_assert_true (export (fixture, "comm-matrix", "pdf", pdf, NULL, NULL, 0, 0, &error));
  g_assert_no_error (error);
  assert_pdf (pdf);
}

static void
test_values_pictures (Fixture       *fixture,
                      gconstpointer  user_data)
{
  g_autofree char *png_path = g_build_filename (fixture->dir, "values.png", NULL);
  g_autofree char *svg_path = g_build_filename (fixture->dir, "values.svg", NULL);
  g_autofree char *pdf_path = g_build_filename (fixture->dir, "values.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftValueBarsRenderer) renderer = weft_value_bars_renderer_new ();
  WeftRenderTheme theme;
  cairo_surface_t *png;
  cairo_rectangle_t rect;
  WeftRgba bar;

  /* --metric cpu: locale 0 has the longest bar (0.75 s). */
  g_assert_true (export (fixture, "values", "png", png_path, "cpu", NULL, 0, 0, &error));
  g_assert_no_error (error);
  png = cairo_image_surface_create_from_png (png_path);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 800);
  g_assert_cmpint (cairo_image_surface_get_height (png), ==, 600);

  weft_render_theme_init_light (&theme);
  bar = theme.accent;
  bar.red = 1 + (bar.red - 1) * 0.8;
  bar.green = 1 + (bar.green - 1) * 0.8;
  bar.blue = 1 + (bar.blue - 1) * 0.8;
  weft_value_bars_renderer_set_values (renderer, fixture->dataset->values, 1);
  g_assert_true (weft_value_bars_renderer_get_bar_rect (renderer, 800, 600, 0, &rect));
  views_assert_pixel (png, rect.x + rect.width - 3, rect.y + rect.height / 2, views_pixel_from_rgba (&bar), 1);
  /* Locale 2's bar is a third as long: white where locale 0's ends. */
  g_assert_true (weft_value_bars_renderer_get_bar_rect (renderer, 800, 600, 2, &rect));
  views_assert_pixel (png, rect.x + rect.width * 2, rect.y + rect.height / 2, (ViewsPixel) { 255, 255, 255 }, 0);
  cairo_surface_destroy (png);
  weft_render_theme_clear (&theme);

  /* The default metric is the first column. */
  g_assert_true (export (fixture, "values", "svg", svg_path, NULL, NULL, 0, 0, &error));
  g_assert_no_error (error);
  assert_svg (svg_path);
  g_assert_true (export (fixture, "values", "pdf", pdf_path, "tasks", NULL, 0, 0, &error));
  g_assert_no_error (error);
  assert_pdf (pdf_path);
}

static void
test_errors (Fixture       *fixture,
             gconstpointer  user_data)
{
  g_autofree char *path = g_build_filename (fixture->dir, "bad.png", NULL);
  g_autofree char *kept = g_build_filename (fixture->dir, "kept.png", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;

  /* An unknown metric names the columns there are. */
  g_assert_false (export (fixture, "values", "png", path, "gpu", NULL, 0, 0, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "gpu"));
  g_assert_nonnull (strstr (error->message, "tasks, cpu"));
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  /* A failing dataset query leaves an existing file as it was. */
  g_assert_true (g_file_set_contents (kept, "old", -1, NULL));
  g_assert_false (export (fixture, "comm-matrix", "png", kept, NULL, "missing", 0, 0, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
  g_assert_true (g_file_get_contents (kept, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "old");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/views/export/matrix-png", Fixture, NULL, fixture_set_up, test_matrix_png, fixture_tear_down);
  g_test_add ("/views/export/matrix-png-size", Fixture, NULL, fixture_set_up, test_matrix_png_size,
              fixture_tear_down);
  g_test_add ("/views/export/matrix-svg-pdf", Fixture, NULL, fixture_set_up, test_matrix_svg_pdf,
              fixture_tear_down);
  g_test_add ("/views/export/values", Fixture, NULL, fixture_set_up, test_values_pictures, fixture_tear_down);
  g_test_add ("/views/export/errors", Fixture, NULL, fixture_set_up, test_errors, fixture_tear_down);

  return g_test_run ();
}

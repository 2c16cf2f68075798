/* weft-exporter.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>

#include "weft-atomic-file.h"
#include "weft-comparison.h"
#include "weft-error.h"
#include "weft-exporter.h"
#include "weft-renderers-builtin.h"

/* Every view and format DESIGN.md names, registered or not yet: a name outside
 * these lists is a usage error, a name inside them that a document lacks is a
 * clear "does not fit" error. */
static const char *const known_views[] = {
  "comm-matrix", "timeline", "stacks", "callers", "flat", "tree", "array", "values", "graph", "profile",
  "parallelism", NULL
};
static const char *const known_formats[] = {
  "mda-csv", "mda-hdf5", "psv-csv", "psv-xml", "tree-csv", "cpc-csv", "png", "svg", "pdf", NULL
};
static const char *const picture_formats[] = { "png", "svg", "pdf", NULL };

typedef struct
{
  char           *view;
  WeftViewShape   shape;
  WeftPictureFunc draw;
  int             default_width;
  int             default_height;
} ViewEntry;

typedef struct
{
  char    *format;
  gpointer write;
} WriterEntry;

static GMutex registry_mutex;
static GHashTable *views;          /* view -> ViewEntry */
static GHashTable *matrix_writers; /* format -> WriterEntry */
static GHashTable *values_writers;
static GHashTable *tree_writers;

static void
view_entry_free (ViewEntry *entry)
{
  g_free (entry->view);
  g_free (entry);
}

static void
writer_entry_free (WriterEntry *entry)
{
  g_free (entry->format);
  g_free (entry);
}

static void
ensure_tables (void)
{
  if (views == NULL)
    {
      views = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)view_entry_free);
      matrix_writers = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)writer_entry_free);
      values_writers = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)writer_entry_free);
      tree_writers = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)writer_entry_free);
    }
}

void
weft_exporter_register_view (const char      *view,
                             WeftViewShape    shape,
                             WeftPictureFunc  draw,
                             int              default_width,
                             int              default_height)
{
  ViewEntry *entry;

  g_return_if_fail (view != NULL);
  g_return_if_fail (draw != NULL);

  entry = g_new0 (ViewEntry, 1);
  entry->view = g_strdup (view);
  entry->shape = shape;
  entry->draw = draw;
  entry->default_width = default_width > 0 ? default_width : 1200;
  entry->default_height = default_height > 0 ? default_height : 800;

  g_mutex_lock (&registry_mutex);
  ensure_tables ();
  g_hash_table_replace (views, entry->view, entry);
  g_mutex_unlock (&registry_mutex);
}

static void
register_writer (GHashTable **table,
                 const char  *format,
                 gpointer     write)
{
  WriterEntry *entry = g_new0 (WriterEntry, 1);

  entry->format = g_strdup (format);
  entry->write = write;

  g_mutex_lock (&registry_mutex);
  ensure_tables ();
  g_hash_table_replace (*table, entry->format, entry);
  g_mutex_unlock (&registry_mutex);
}

void
weft_exporter_register_matrix_writer (const char           *format,
                                      WeftMatrixWriterFunc  write)
{
  g_return_if_fail (format != NULL);
  g_return_if_fail (write != NULL);

  register_writer (&matrix_writers, format, write);
}

void
weft_exporter_register_values_writer (const char           *format,
                                      WeftValuesWriterFunc  write)
{
  g_return_if_fail (format != NULL);
  g_return_if_fail (write != NULL);

  register_writer (&values_writers, format, write);
}

void
weft_exporter_register_tree_writer (const char         *format,
                                    WeftTreeWriterFunc  write)
{
  g_return_if_fail (format != NULL);
  g_return_if_fail (write != NULL);

  register_writer (&tree_writers, format, write);
}

gboolean
weft_exporter_is_known_view (const char *view)
{
  return view != NULL && g_strv_contains (known_views, view);
}

gboolean
weft_exporter_is_known_format (const char *format)
{
  return format != NULL && g_strv_contains (known_formats, format);
}

static const ViewEntry *
lookup_view (const char *view)
{
  const ViewEntry *entry;

  g_mutex_lock (&registry_mutex);
  ensure_tables ();
  entry = g_hash_table_lookup (views, view);
  g_mutex_unlock (&registry_mutex);

  return entry;
}

static gpointer
lookup_writer (WeftViewShape  shape,
               const char    *format)
{
  const WriterEntry *entry = NULL;

  g_mutex_lock (&registry_mutex);
  ensure_tables ();
  if (shape == WEFT_VIEW_SHAPE_MATRIX)
    entry = g_hash_table_lookup (matrix_writers, format);
  else if (shape == WEFT_VIEW_SHAPE_VALUES)
    entry = g_hash_table_lookup (values_writers, format);
  else if (shape == WEFT_VIEW_SHAPE_TREE)
    entry = g_hash_table_lookup (tree_writers, format);
  g_mutex_unlock (&registry_mutex);

  return entry != NULL ? entry->write : NULL;
}

/**
 * weft_exporter_list_formats:
 *
 * Returns: (transfer full): the formats @view of @dataset can be written in,
 *   data formats first; empty when the dataset has no such view.
 */
GStrv
weft_exporter_list_formats (WeftDataset *dataset,
                            const char  *view)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  const ViewEntry *entry;

  g_return_val_if_fail (WEFT_IS_DATASET (dataset), NULL);
  g_return_val_if_fail (view != NULL, NULL);

  weft_exporter_init ();

  entry = lookup_view (view);
  if (entry != NULL && weft_dataset_has_view (dataset, view))
    {
      for (guint i = 0; known_formats[i] != NULL; i++)
        {
          if (g_strv_contains (picture_formats, known_formats[i]) ||
              lookup_writer (entry->shape, known_formats[i]) != NULL)
            g_strv_builder_add (builder, known_formats[i]);
        }
    }

  return g_strv_builder_end (builder);
}

/* Cairo's writers see write errors only through us: its own file streams
 * lose them (a PDF on a full disk "succeeded", truncated), so pictures go
 * through the atomic file's checked stream and the first error is kept. */
typedef struct
{
  WeftAtomicFile *file;
  GError         *error;
} PictureSink;

static cairo_status_t
picture_write_cb (void                *closure,
                  const unsigned char *data,
                  unsigned int         length)
{
  PictureSink *sink = closure;

  if (sink->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!weft_atomic_file_write (sink->file, data, length, &sink->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
write_picture (const ViewEntry         *entry,
               WeftDataset             *dataset,
               const WeftExportRequest *request,
               const WeftViewOptions   *options,
               GError                 **error)
{
  g_autoptr(WeftAtomicFile) file = NULL;
  WeftRenderTheme light = { 0 };
  const WeftRenderTheme *theme = request->theme;
  PictureSink sink = { 0 };
  cairo_surface_t *surface = NULL;
  cairo_status_t status;
  cairo_t *cr;
  double width = request->width > 0 ? request->width : entry->default_width;
  double height = request->height > 0 ? request->height : entry->default_height;
  gboolean ok;

  file = weft_atomic_file_open (request->path, error);
  if (file == NULL)
    return FALSE;
  sink.file = file;

  if (theme == NULL)
    {
      weft_render_theme_init_light (&light);
      theme = &light;
    }

  if (g_str_equal (request->format, "png"))
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)width, (int)height);
  else if (g_str_equal (request->format, "svg"))
    surface = cairo_svg_surface_create_for_stream (picture_write_cb, &sink, width, height);
  else
    surface = cairo_pdf_surface_create_for_stream (picture_write_cb, &sink, width, height);

  cr = cairo_create (surface);
  ok = entry->draw (dataset, request->view, options, theme, cr, width, height, error);
  status = cairo_status (cr);
  cairo_destroy (cr);

  if (ok && status == CAIRO_STATUS_SUCCESS && g_str_equal (request->format, "png"))
    status = cairo_surface_write_to_png_stream (surface, picture_write_cb, &sink);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  weft_render_theme_clear (&light);

  if (!ok)
    {
      g_clear_error (&sink.error);
      return FALSE;
    }
  if (sink.error != NULL)
    {
      g_propagate_error (error, sink.error);
      return FALSE;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_WRITE, _("Could not write %s: %s"),
                   request->path, cairo_status_to_string (status));
      return FALSE;
    }

  return weft_atomic_file_commit (file, error);
}

static gboolean
write_data (const ViewEntry         *entry,
            WeftDataset             *dataset,
            const WeftExportRequest *request,
            const WeftViewOptions   *options,
            GError                 **error)
{
  gpointer write = lookup_writer (entry->shape, request->format);

  if (write == NULL)
    {
      g_auto(GStrv) formats = weft_exporter_list_formats (dataset, request->view);
      g_autofree char *list = g_strjoinv (", ", formats);

      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("A %s view can be exported as %s, not as %s"),
                   request->view, list, request->format);
      return FALSE;
    }

  if (entry->shape == WEFT_VIEW_SHAPE_MATRIX)
    {
      g_autoptr(WeftMatrix) matrix = weft_dataset_dup_matrix (dataset, request->view, options, error);

      if (matrix == NULL)
        return FALSE;
      return ((WeftMatrixWriterFunc)write) (matrix, request->path, error);
    }
  else if (entry->shape == WEFT_VIEW_SHAPE_TREE)
    {
      g_autoptr(WeftCallTree) tree = weft_dataset_dup_call_tree (dataset, request->view, options, error);
      int metric = -1;

      if (tree == NULL)
        return FALSE;
      if (options->metric != NULL)
        {
          metric = weft_call_tree_find_metric (tree, options->metric);
          if (metric < 0)
            {
              g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                           _("The %s view has no metric “%s”"), request->view, options->metric);
              return FALSE;
            }
        }
      return ((WeftTreeWriterFunc)write) (tree, metric, request->path, error);
    }
  else
    {
      g_autoptr(WeftValueTable) values = weft_dataset_dup_values (dataset, request->view, options, error);
      guint column = 0;

      if (values == NULL ||
          !weft_value_table_lookup_metric (values, request->view, options->metric, &column, error))
        return FALSE;
      return ((WeftValuesWriterFunc)write) (values, column, request->path, error);
    }
}

/**
 * weft_exporter_export:
 *
 * Writes @request->view of @dataset to @request->path in @request->format.
 *
 * Returns: %FALSE with @error set when the view or format does not fit the
 *   document, an option is wrong, or the file cannot be written; the
 *   destination is then left as it was.
 */
gboolean
weft_exporter_export (WeftDataset             *dataset,
                      const WeftExportRequest *request,
                      GError                 **error)
{
  const ViewEntry *entry;
  WeftViewOptions options;

  g_return_val_if_fail (WEFT_IS_DATASET (dataset), FALSE);
  g_return_val_if_fail (request != NULL, FALSE);
  g_return_val_if_fail (request->view != NULL, FALSE);
  g_return_val_if_fail (request->format != NULL, FALSE);
  g_return_val_if_fail (request->path != NULL, FALSE);

  weft_exporter_init ();

  if (!weft_exporter_is_known_format (request->format))
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("Unknown export format “%s”"), request->format);
      return FALSE;
    }

  entry = lookup_view (request->view);
  if (entry == NULL || !weft_dataset_has_view (dataset, request->view))
    {
      const char *const *available = weft_dataset_list_views (dataset);
      g_autofree char *list = g_strjoinv (", ", (char **)available);

      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("This %s has no “%s” view (it has: %s)"),
                   weft_dataset_get_family_name (dataset), request->view,
                   list[0] != '\0' ? list : _("none"));
      return FALSE;
    }

  options = request->options;
  /* A comparison takes ranges from each run's start itself. */
  if (options.has_range && request->range_from_start && !WEFT_IS_COMPARISON (dataset))
    {
      WeftEventTable *table = weft_dataset_get_event_table (dataset);
      WeftTimeSpan span;

      if (table == NULL)
        {
          g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                       _("This %s has no time axis, so --range does not apply"),
                       weft_dataset_get_family_name (dataset));
          return FALSE;
        }
      span = weft_event_table_get_span (table);
      options.range.begin += span.begin;
      options.range.end += span.begin;
    }

  if (g_strv_contains (picture_formats, request->format))
    return write_picture (entry, dataset, request, &options, error);

  if (entry->shape == WEFT_VIEW_SHAPE_PICTURE)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("A %s view can only be exported as a picture (png, svg, pdf), not as %s"),
                   request->view, request->format);
      return FALSE;
    }

  return write_data (entry, dataset, request, &options, error);
}

void
weft_exporter_init (void)
{
  static gsize initialized;

  if (g_once_init_enter (&initialized))
    {
      weft_renderers_register_builtin ();
      g_once_init_leave (&initialized, 1);
    }
}

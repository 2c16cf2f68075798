/* weft-mda-dataset.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-error.h"
#include "weft-hdf5-module.h"
#include "weft-input-file.h"
#include "weft-mda-dataset.h"
#include "weft-mda.h"

struct _WeftMdaDataset
{
  GObject     parent_instance;

  char       *path;
  gboolean    is_hdf5;
  GStrv       arrays;      /* HDF5: every numeric dataset; CSV: empty */
  char       *array_name;  /* the dataset shown (HDF5), or NULL */
  WeftMatrix *matrix;
};

static void weft_mda_dataset_iface_init (WeftDatasetInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftMdaDataset, weft_mda_dataset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_DATASET, weft_mda_dataset_iface_init))

static const char *const views[] = { "array", NULL };

static void
weft_mda_dataset_finalize (GObject *object)
{
  WeftMdaDataset *self = WEFT_MDA_DATASET (object);

  g_free (self->path);
  g_strfreev (self->arrays);
  g_free (self->array_name);
  g_clear_pointer (&self->matrix, weft_matrix_unref);

  G_OBJECT_CLASS (weft_mda_dataset_parent_class)->finalize (object);
}

static void
weft_mda_dataset_class_init (WeftMdaDatasetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = weft_mda_dataset_finalize;
}

static void
weft_mda_dataset_init (WeftMdaDataset *self)
{
}

/**
 * weft_mda_dataset_load:
 *
 * Reads an MDA CSV or HDF5 file (told apart by the HDF5 signature, not by the
 * name). Worker thread.
 *
 * Returns: (transfer full): the document, or %NULL with @error set.
 */
WeftMdaDataset *
weft_mda_dataset_load (GFile            *file,
                       WeftLoadContext  *context,
                       GError          **error)
{
  g_autoptr(WeftMdaDataset) self = g_object_new (WEFT_TYPE_MDA_DATASET, NULL);
  guint8 head[8];
  gssize n_head;

  self->path = g_file_get_path (file);
  if (self->path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED, _("%s: only local files can be read"), uri);
      return NULL;
    }

  /* The HDF5 signature at the start of the file decides, not the name. */
  n_head = weft_input_file_read_head (self->path, head, sizeof head, error);
  if (n_head < 0)
    return NULL;
  self->is_hdf5 = weft_hdf5_has_signature (head, (gsize)n_head);
  if (self->is_hdf5)
    {
      GCancellable *cancellable = context != NULL ? weft_load_context_get_cancellable (context) : NULL;

      self->arrays = weft_mda_hdf5_list_datasets (self->path, cancellable, error);
      if (self->arrays == NULL)
        return NULL;
      if (self->arrays[0] == NULL)
        {
          g_set_error (error, WEFT_ERROR, WEFT_ERROR_EMPTY,
                       _("%s holds no dataset of numbers (MDA HDF5 needs an integer or floating-point dataset)"),
                       self->path);
          return NULL;
        }
      self->array_name = g_strdup (self->arrays[0]);
      self->matrix = weft_mda_hdf5_read (self->path, self->array_name, context, error);
    }
  else
    {
      self->arrays = g_new0 (char *, 1);
      self->matrix = weft_mda_csv_read (self->path, context, error);
    }

  if (self->matrix == NULL)
    return NULL;

  return g_steal_pointer (&self);
}

WeftMatrix *
weft_mda_dataset_get_matrix (WeftMdaDataset *self)
{
  g_return_val_if_fail (WEFT_IS_MDA_DATASET (self), NULL);

  return self->matrix;
}

gboolean
weft_mda_dataset_is_hdf5 (WeftMdaDataset *self)
{
  g_return_val_if_fail (WEFT_IS_MDA_DATASET (self), FALSE);

  return self->is_hdf5;
}

/* The numeric datasets of an HDF5 file (empty for CSV). */
const char * const *
weft_mda_dataset_list_arrays (WeftMdaDataset *self)
{
  g_return_val_if_fail (WEFT_IS_MDA_DATASET (self), NULL);

  return (const char * const *)self->arrays;
}

const char *
weft_mda_dataset_get_array_name (WeftMdaDataset *self)
{
  g_return_val_if_fail (WEFT_IS_MDA_DATASET (self), NULL);

  return self->array_name;
}

/**
 * weft_mda_dataset_read_array:
 *
 * Reads another dataset of the same HDF5 file (blocking: call it from a
 * worker thread); weft_mda_dataset_set_array() then shows it.
 *
 * Returns: (transfer full): the array, or %NULL with @error set.
 */
WeftMatrix *
weft_mda_dataset_read_array (WeftMdaDataset  *self,
                             const char      *name,
                             GError         **error)
{
  g_return_val_if_fail (WEFT_IS_MDA_DATASET (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (!self->is_hdf5 || !g_strv_contains ((const char * const *)self->arrays, name))
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT, _("%s has no dataset “%s”"), self->path, name);
      return NULL;
    }

  return weft_mda_hdf5_read (self->path, name, NULL, error);
}

/* Main thread: shows @matrix (read by weft_mda_dataset_read_array()). */
void
weft_mda_dataset_set_array (WeftMdaDataset *self,
                            const char     *name,
                            WeftMatrix     *matrix)
{
  g_return_if_fail (WEFT_IS_MDA_DATASET (self));
  g_return_if_fail (matrix != NULL);

  g_free (self->array_name);
  self->array_name = g_strdup (name);
  weft_matrix_ref (matrix);
  weft_matrix_unref (self->matrix);
  self->matrix = matrix;
}

/* WeftDataset ---------------------------------------------------------------- */

static const char *
weft_mda_dataset_get_family (WeftDataset *dataset)
{
  return "mda";
}

static const char *
weft_mda_dataset_get_format_version (WeftDataset *dataset)
{
  return WEFT_MDA_DATASET (dataset)->is_hdf5 ? "hdf5" : "csv";
}

static GStrv
weft_mda_dataset_dup_sources (WeftDataset *dataset)
{
  WeftMdaDataset *self = WEFT_MDA_DATASET (dataset);
  char *sources[] = { self->path, NULL };

  return g_strdupv (sources);
}

/* Rows of the table as it is shown: the first dimension (or one row). */
static guint
weft_mda_dataset_get_n_rows (WeftDataset *dataset)
{
  WeftMatrix *matrix = WEFT_MDA_DATASET (dataset)->matrix;

  return weft_matrix_get_n_dims (matrix) > 0 ? (guint)MIN (weft_matrix_get_shape (matrix)[0], G_MAXUINT) : 1;
}

static const char * const *
weft_mda_dataset_list_views (WeftDataset *dataset)
{
  return views;
}

static void
add_number (JsonBuilder *builder,
            const char  *name,
            double       value)
{
  json_builder_set_member_name (builder, name);
  if (isfinite (value))
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

/* mda {shape, filtered, min, max, mean (over finite, unfiltered values),
 * plus nan, inf, stddev and the datasets of an HDF5 file}. */
static void
weft_mda_dataset_add_json (WeftDataset *dataset,
                           JsonBuilder *builder)
{
  WeftMdaDataset *self = WEFT_MDA_DATASET (dataset);
  WeftMatrixStats stats;
  const gsize *shape = weft_matrix_get_shape (self->matrix);

  weft_matrix_compute_stats (self->matrix, &stats);

  json_builder_set_member_name (builder, "mda");
  json_builder_begin_object (builder);

  json_builder_set_member_name (builder, "shape");
  json_builder_begin_array (builder);
  for (guint d = 0; d < weft_matrix_get_n_dims (self->matrix); d++)
    json_builder_add_int_value (builder, (gint64)shape[d]);
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "filtered");
  json_builder_add_int_value (builder, (gint64)stats.n_filtered);
  add_number (builder, "min", stats.finite_min);
  add_number (builder, "max", stats.finite_max);
  add_number (builder, "mean", stats.finite_mean);
  add_number (builder, "stddev", stats.stddev);
  json_builder_set_member_name (builder, "nan");
  json_builder_add_int_value (builder, (gint64)stats.n_nan);
  json_builder_set_member_name (builder, "inf");
  json_builder_add_int_value (builder, (gint64)stats.n_inf);

  if (self->is_hdf5)
    {
      json_builder_set_member_name (builder, "dataset");
      json_builder_add_string_value (builder, self->array_name);
      json_builder_set_member_name (builder, "datasets");
      json_builder_begin_array (builder);
      for (guint i = 0; self->arrays[i] != NULL; i++)
        json_builder_add_string_value (builder, self->arrays[i]);
      json_builder_end_array (builder);
    }

  json_builder_end_object (builder);
}

/* --metric names another dataset of an HDF5 file. */
static WeftMatrix *
weft_mda_dataset_dup_matrix (WeftDataset           *dataset,
                             const char            *view,
                             const WeftViewOptions *options,
                             GError               **error)
{
  WeftMdaDataset *self = WEFT_MDA_DATASET (dataset);

  if (options->metric != NULL && g_strcmp0 (options->metric, self->array_name) != 0)
    {
      if (!self->is_hdf5)
        {
          g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                       _("An MDA CSV file holds one array; --metric does not apply"));
          return NULL;
        }
      return weft_mda_dataset_read_array (self, options->metric, error);
    }

  return weft_matrix_copy (self->matrix);
}

static void
weft_mda_dataset_iface_init (WeftDatasetInterface *iface)
{
  iface->get_family = weft_mda_dataset_get_family;
  iface->get_format_version = weft_mda_dataset_get_format_version;
  iface->dup_sources = weft_mda_dataset_dup_sources;
  iface->get_n_rows = weft_mda_dataset_get_n_rows;
  iface->list_views = weft_mda_dataset_list_views;
  iface->add_json = weft_mda_dataset_add_json;
  iface->dup_matrix = weft_mda_dataset_dup_matrix;
}

/* weft-cpc-dataset.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-cpc-dataset.h"
#include "weft-csv.h"
#include "weft-error.h"

/* A per-process values table larger than this is refused (a set such as
 * "0-4000000000" is a few bytes in the file). */
#define MAX_PROCESS_ROWS 16000000

struct _WeftCpcDataset
{
  GObject       parent_instance;

  char         *path;
  WeftCpcTable *table;
  WeftIntSet   *processes;  /* the union of every row's set */
};

static void weft_cpc_dataset_iface_init (WeftDatasetInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftCpcDataset, weft_cpc_dataset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_DATASET, weft_cpc_dataset_iface_init))

static const char *const views[] = { "values", NULL };

static void
weft_cpc_dataset_finalize (GObject *object)
{
  WeftCpcDataset *self = WEFT_CPC_DATASET (object);

  g_free (self->path);
  g_clear_pointer (&self->table, weft_cpc_table_unref);
  g_clear_pointer (&self->processes, weft_int_set_free);

  G_OBJECT_CLASS (weft_cpc_dataset_parent_class)->finalize (object);
}

static void
weft_cpc_dataset_class_init (WeftCpcDatasetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = weft_cpc_dataset_finalize;
}

static void
weft_cpc_dataset_init (WeftCpcDataset *self)
{
}

/**
 * weft_cpc_dataset_load:
 *
 * Reads a CPC CSV file (worker thread). Rows that cannot be understood are
 * warnings in @context; a file without the two columns is an error.
 *
 * Returns: (transfer full): the document, or %NULL with @error set.
 */
WeftCpcDataset *
weft_cpc_dataset_load (GFile            *file,
                       WeftLoadContext  *context,
                       GError          **error)
{
  g_autoptr(WeftCpcDataset) self = g_object_new (WEFT_TYPE_CPC_DATASET, NULL);

  self->path = g_file_get_path (file);
  if (self->path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED, _("%s: only local files can be read"), uri);
      return NULL;
    }

  self->table = weft_cpc_csv_read (self->path, context, error);
  if (self->table == NULL)
    return NULL;

  self->processes = weft_int_set_new ();
  for (guint i = 0; i < weft_cpc_table_get_n_rows (self->table); i++)
    weft_int_set_add_set (self->processes, weft_cpc_table_get_processes (self->table, i));

  return g_steal_pointer (&self);
}

WeftCpcTable *
weft_cpc_dataset_get_table (WeftCpcDataset *self)
{
  g_return_val_if_fail (WEFT_IS_CPC_DATASET (self), NULL);

  return self->table;
}

/* Every process the comparison covers. */
const WeftIntSet *
weft_cpc_dataset_get_processes (WeftCpcDataset *self)
{
  g_return_val_if_fail (WEFT_IS_CPC_DATASET (self), NULL);

  return self->processes;
}

/* WeftDataset ---------------------------------------------------------------- */

static const char *
weft_cpc_dataset_get_family (WeftDataset *dataset)
{
  return "cpc";
}

static GStrv
weft_cpc_dataset_dup_sources (WeftDataset *dataset)
{
  WeftCpcDataset *self = WEFT_CPC_DATASET (dataset);
  char *sources[] = { self->path, NULL };

  return g_strdupv (sources);
}

static guint
weft_cpc_dataset_get_n_rows (WeftDataset *dataset)
{
  return weft_cpc_table_get_n_rows (WEFT_CPC_DATASET (dataset)->table);
}

static const char * const *
weft_cpc_dataset_list_views (WeftDataset *dataset)
{
  return views;
}

static void
weft_cpc_dataset_add_json (WeftDataset *dataset,
                           JsonBuilder *builder)
{
  WeftCpcDataset *self = WEFT_CPC_DATASET (dataset);
  g_autofree char *processes = weft_int_set_to_string (self->processes);

  json_builder_set_member_name (builder, "cpc");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "values");
  json_builder_add_int_value (builder, weft_cpc_table_get_n_rows (self->table));
  json_builder_set_member_name (builder, "processes");
  json_builder_add_string_value (builder, processes);
  json_builder_set_member_name (builder, "process_count");
  json_builder_add_int_value (builder, (gint64)weft_int_set_get_count (self->processes));
  json_builder_end_object (builder);
}

/* One row per process (its id the process number) holding its value: what the
 * CPC writer and the value bars take. The Value column is free form: only a
 * comparison whose values are all numbers fits a table of numbers. */
static WeftValueTable *
weft_cpc_dataset_dup_values (WeftDataset           *dataset,
                             const char            *view,
                             const WeftViewOptions *options,
                             GError               **error)
{
  WeftCpcDataset *self = WEFT_CPC_DATASET (dataset);
  g_autoptr(WeftValueTable) values = NULL;
  guint64 n_processes = 0;
  guint row = 0;

  /* A process in two rows (a malformed file) keeps both values. */
  for (guint i = 0; i < weft_cpc_table_get_n_rows (self->table); i++)
    {
      guint64 count = weft_int_set_get_count (weft_cpc_table_get_processes (self->table, i));

      /* Saturates instead of wrapping: sets may be huge. */
      n_processes = count > MAX_PROCESS_ROWS ? MAX_PROCESS_ROWS + 1 : MIN (n_processes + count, MAX_PROCESS_ROWS + 1);
    }

  if (options->metric != NULL && g_ascii_strcasecmp (options->metric, "value") != 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("A cross-process comparison has one metric, “value”, not “%s”"), options->metric);
      return NULL;
    }
  if (n_processes > MAX_PROCESS_ROWS)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("The comparison covers %" PRIu64 " processes; at most %u fit a table of values"),
                   n_processes, MAX_PROCESS_ROWS);
      return NULL;
    }

  values = weft_value_table_new ((guint)n_processes, 1);
  weft_value_table_set_title (values, self->path);
  weft_value_table_set_column (values, 0, "value", NULL);

  for (guint i = 0; i < weft_cpc_table_get_n_rows (self->table); i++)
    {
      const char *text = weft_cpc_table_get_value (self->table, i);
      const WeftIntSet *set = weft_cpc_table_get_processes (self->table, i);
      WeftIntSetIter iter;
      gint64 process;
      double value;

      if (!weft_csv_parse_double (text, strlen (text), &value))
        {
          g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                       _("%s:%" PRIu64 ": the value “%s” is not a number, so the comparison has no table of numbers"),
                       self->path, weft_cpc_table_get_line (self->table, i), text);
          return NULL;
        }
      weft_int_set_iter_init (&iter, set);
      while (weft_int_set_iter_next (&iter, &process))
        {
          g_autofree char *name = g_strdup_printf (_("process %" PRId64), process);

          weft_value_table_set_row_id (values, row, process);
          weft_value_table_set_row_name (values, row, name);
          weft_value_table_set (values, row, 0, value);
          row++;
        }
    }

  return g_steal_pointer (&values);
}

static void
weft_cpc_dataset_iface_init (WeftDatasetInterface *iface)
{
  iface->get_family = weft_cpc_dataset_get_family;
  iface->dup_sources = weft_cpc_dataset_dup_sources;
  iface->get_n_rows = weft_cpc_dataset_get_n_rows;
  iface->list_views = weft_cpc_dataset_list_views;
  iface->add_json = weft_cpc_dataset_add_json;
  iface->dup_values = weft_cpc_dataset_dup_values;
}

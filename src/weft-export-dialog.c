/* weft-export-dialog.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "weft-background.h"
#include "weft-error.h"
#include "weft-export-dialog.h"
#include "weft-exporter.h"

static const struct {
  const char *format;
  const char *extension;
  const char *label;
} format_info[] = {
  { "mda-csv", "csv", N_("DDT array (MDA CSV)") },
  { "mda-hdf5", "h5", N_("DDT array (MDA HDF5)") },
  { "cpc-csv", "csv", N_("DDT cross-process comparison (CPC CSV)") },
  { "psv-csv", "csv", N_("DDT parallel stacks (PSV CSV)") },
  { "psv-xml", "xml", N_("DDT parallel stacks (PSV XML)") },
  { "png", "png", N_("PNG image") },
  { "svg", "svg", N_("SVG image") },
  { "pdf", "pdf", N_("PDF document") },
};

const char *
weft_export_format_extension (const char *format)
{
  for (guint i = 0; i < G_N_ELEMENTS (format_info); i++)
    if (g_strcmp0 (format_info[i].format, format) == 0)
      return format_info[i].extension;

  return NULL;
}

const char *
weft_export_format_label (const char *format)
{
  for (guint i = 0; i < G_N_ELEMENTS (format_info); i++)
    if (g_strcmp0 (format_info[i].format, format) == 0)
      return _(format_info[i].label);

  return format;
}

/**
 * weft_export_format_for_path:
 * @formats: the formats on offer, preferred first
 *
 * Returns: (nullable): the first of @formats whose extension @path ends with.
 */
const char *
weft_export_format_for_path (const char         *path,
                             const char * const *formats)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  for (guint i = 0; formats[i] != NULL; i++)
    {
      const char *extension = weft_export_format_extension (formats[i]);
      g_autofree char *suffix = g_strconcat (".", extension, NULL);

      if (extension != NULL && g_str_has_suffix (lower, suffix))
        return formats[i];
    }

  return NULL;
}

typedef struct
{
  WeftDataset    *dataset;
  char           *view;
  char           *format;
  char           *path;
  char           *tag;
  char           *metric;
  char           *kind;
  WeftViewOptions options;
  GStrv           formats;
  GtkFileChooserNative *chooser;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  /* Maybe the last reference, when the tab closed during the export. */
  weft_background_unref (g_steal_pointer (&job->dataset));
  g_free (job->view);
  g_free (job->format);
  g_free (job->path);
  g_free (job->tag);
  g_free (job->metric);
  g_free (job->kind);
  g_strfreev (job->formats);
  if (job->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (job->chooser));
  g_clear_object (&job->chooser);
  g_free (job);
}

static ExportJob *
export_job_new (WeftDataset           *dataset,
                const char            *view,
                const WeftViewOptions *options)
{
  ExportJob *job = g_new0 (ExportJob, 1);

  job->dataset = g_object_ref (dataset);
  job->view = g_strdup (view);
  if (options != NULL)
    job->options = *options;
  job->tag = g_strdup (job->options.tag);
  job->metric = g_strdup (job->options.metric);
  job->kind = g_strdup (job->options.kind);
  job->options.tag = job->tag;
  job->options.metric = job->metric;
  job->options.kind = job->kind;

  return job;
}

static void
export_worker (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  ExportJob *job = task_data;
  WeftExportRequest request = { 0 };
  GError *error = NULL;

  request.view = job->view;
  request.format = job->format;
  request.path = job->path;
  request.options = job->options;

  if (weft_exporter_export (job->dataset, &request, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * weft_export_async:
 *
 * Writes @view of @dataset to @path in @format in a worker thread.
 */
void
weft_export_async (WeftDataset           *dataset,
                   const char            *view,
                   const char            *format,
                   const WeftViewOptions *options,
                   const char            *path,
                   GCancellable          *cancellable,
                   GAsyncReadyCallback    callback,
                   gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  ExportJob *job;

  g_return_if_fail (WEFT_IS_DATASET (dataset));
  g_return_if_fail (view != NULL && format != NULL && path != NULL);

  job = export_job_new (dataset, view, options);
  job->format = g_strdup (format);
  job->path = g_strdup (path);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, weft_export_async);
  g_task_set_task_data (task, job, (GDestroyNotify)export_job_free);
  g_task_run_in_thread (task, export_worker);
}

gboolean
weft_export_finish (GAsyncResult  *result,
                    GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
dialog_export_done_cb (GObject      *object,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ExportJob *job = g_task_get_task_data (task);
  GError *error = NULL;

  if (weft_export_finish (result, &error))
    g_task_return_pointer (task, g_strdup (job->path), g_free);
  else
    g_task_return_error (task, error);
}

static void
chooser_response_cb (GtkNativeDialog *dialog,
                     int              response,
                     gpointer         user_data)
{
  g_autoptr(GTask) task = user_data;
  ExportJob *job = g_task_get_task_data (task);
  g_autoptr(GFile) file = NULL;
  GtkFileFilter *filter;
  const char *typed;
  const char *format;

  if (response != GTK_RESPONSE_ACCEPT)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Export cancelled"));
      return;
    }

  file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  job->path = g_file_get_path (file);
  if (job->path == NULL)
    {
      g_task_return_new_error (task, WEFT_ERROR, WEFT_ERROR_WRITE, _("Weft can only export to local files"));
      return;
    }

  /* The typed extension wins; else the chosen filter (and its extension is
   * added); else the first format. */
  typed = weft_export_format_for_path (job->path, (const char * const *)job->formats);
  format = typed;
  filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog));
  if (format == NULL && filter != NULL)
    format = g_object_get_data (G_OBJECT (filter), "weft-format");
  if (format == NULL)
    format = job->formats[0];
  job->format = g_strdup (format);

  if (typed == NULL)
    {
      char *with_extension = g_strconcat (job->path, ".", weft_export_format_extension (format), NULL);

      g_free (job->path);
      job->path = with_extension;
    }

  weft_export_async (job->dataset, job->view, job->format, &job->options, job->path,
                     g_task_get_cancellable (task), dialog_export_done_cb, g_object_ref (task));
}

/**
 * weft_export_dialog_run:
 * @folder: (nullable): where the chooser opens
 *
 * Asks where and in which format to write @view (the formats it has) and writes
 * it; completes with the written path.
 */
void
weft_export_dialog_run (GtkWindow             *parent,
                        WeftDataset           *dataset,
                        GFile                 *folder,
                        const char            *name_stem,
                        const char            *view,
                        const WeftViewOptions *options,
                        GCancellable          *cancellable,
                        GAsyncReadyCallback    callback,
                        gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *title = NULL;
  g_autofree char *name = NULL;
  g_autofree char *stem = NULL;
  ExportJob *job;

  g_return_if_fail (WEFT_IS_DATASET (dataset));
  g_return_if_fail (view != NULL);

  job = export_job_new (dataset, view, options);
  job->formats = weft_exporter_list_formats (dataset, view);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, weft_export_dialog_run);
  g_task_set_task_data (task, job, (GDestroyNotify)export_job_free);

  if (job->formats == NULL || job->formats[0] == NULL)
    {
      g_task_return_new_error (task, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                               _("This view cannot be exported"));
      return;
    }

  title = g_strdup_printf (_("Export %s"), view);
  job->chooser = gtk_file_chooser_native_new (title, parent, GTK_FILE_CHOOSER_ACTION_SAVE,
                                              _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (job->chooser), TRUE);

  for (guint i = 0; job->formats[i] != NULL; i++)
    {
      GtkFileFilter *filter = gtk_file_filter_new ();
      g_autofree char *pattern = g_strdup_printf ("*.%s", weft_export_format_extension (job->formats[i]));
      g_autofree char *label = g_strdup_printf ("%s (%s)", weft_export_format_label (job->formats[i]), pattern);

      gtk_file_filter_set_name (filter, label);
      gtk_file_filter_add_pattern (filter, pattern);
      g_object_set_data_full (G_OBJECT (filter), "weft-format", g_strdup (job->formats[i]), g_free);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (job->chooser), filter);
      g_object_unref (filter);
    }

  stem = g_strdup (name_stem != NULL ? name_stem : "weft");
  g_strdelimit (stem, "/\\ ", '-');
  name = g_strdup_printf ("%s-%s.%s", stem, view, weft_export_format_extension (job->formats[0]));
  /* A folder that is gone leaves the chooser where it would have opened. */
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (job->chooser), folder, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (job->chooser), name);

  g_signal_connect (job->chooser, "response", G_CALLBACK (chooser_response_cb), g_object_ref (task));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (job->chooser));
}

/**
 * weft_export_dialog_run_finish:
 *
 * Returns: (transfer full): the path written, or %NULL with @error set
 *   (G_IO_ERROR_CANCELLED when the user cancelled).
 */
char *
weft_export_dialog_run_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

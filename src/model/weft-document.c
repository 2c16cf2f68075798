/* weft-document.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "weft-background.h"
#include "weft-document.h"
#include "weft-error.h"
#include "weft-memory.h"
#include "weft-page-recycler.h"

struct _WeftDocument
{
  GObject            parent_instance;

  GPtrArray         *files;
  char              *title;
  WeftDocumentState  state;
  const WeftFormat  *format;
  gboolean           is_directory;
  WeftDataset       *dataset;
  GError            *error;
  GPtrArray         *warnings;
  guint              n_warnings;
  GArray            *stage_times;   /* WeftLoadStageTime of the last load */

  /* Progress as seen by the main thread. */
  double             fraction;
  char              *message;

  /* Progress written by the worker, read by the idle that notifies. */
  GMutex             progress_mutex;
  double             pending_fraction;
  char              *pending_message;
  guint              progress_source;
  GMainContext      *main_context;
};

enum {
  PROP_0,
  PROP_TITLE,
  PROP_STATE,
  PROP_FRACTION,
  PROP_MESSAGE,
  PROP_DATASET,
  PROP_N_WARNINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_ENUM_TYPE (WeftDocumentState, weft_document_state,
  G_DEFINE_ENUM_VALUE (WEFT_DOCUMENT_NEW, "new"),
  G_DEFINE_ENUM_VALUE (WEFT_DOCUMENT_LOADING, "loading"),
  G_DEFINE_ENUM_VALUE (WEFT_DOCUMENT_READY, "ready"),
  G_DEFINE_ENUM_VALUE (WEFT_DOCUMENT_FAILED, "failed"))

G_DEFINE_FINAL_TYPE (WeftDocument, weft_document, G_TYPE_OBJECT)

typedef struct
{
  GPtrArray        *files;
  WeftLoadContext  *context;
  const WeftFormat *format;
  gboolean          is_directory;
  GPtrArray        *warnings;
  guint             n_warnings;
  GArray           *stage_times;
} LoadJob;

static void
load_job_free (LoadJob *job)
{
  g_clear_pointer (&job->files, g_ptr_array_unref);
  g_clear_pointer (&job->context, weft_load_context_unref);
  g_clear_pointer (&job->warnings, g_ptr_array_unref);
  g_clear_pointer (&job->stage_times, g_array_unref);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LoadJob, load_job_free)

static void
weft_document_dispose (GObject *object)
{
  WeftDocument *self = (WeftDocument *)object;

  g_mutex_lock (&self->progress_mutex);
  if (self->progress_source != 0)
    {
      GSource *source = g_main_context_find_source_by_id (self->main_context, self->progress_source);

      if (source != NULL)
        g_source_destroy (source);
      self->progress_source = 0;
    }
  g_mutex_unlock (&self->progress_mutex);

  /* A big run's dataset takes a good part of a second to free (10^7 events,
   * a 10^6-node tree): closing its tab should not freeze the window for it.
   * Pages ref the document, and the workers of views that hold the dataset
   * too drop theirs in the background as well. */
  weft_background_unref (g_steal_pointer (&self->dataset));

  G_OBJECT_CLASS (weft_document_parent_class)->dispose (object);
}

static void
weft_document_finalize (GObject *object)
{
  WeftDocument *self = (WeftDocument *)object;

  g_clear_pointer (&self->files, g_ptr_array_unref);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->warnings, g_ptr_array_unref);
  g_clear_pointer (&self->stage_times, g_array_unref);
  g_clear_pointer (&self->message, g_free);
  g_clear_pointer (&self->pending_message, g_free);
  g_clear_pointer (&self->main_context, g_main_context_unref);
  g_clear_error (&self->error);
  g_mutex_clear (&self->progress_mutex);

  G_OBJECT_CLASS (weft_document_parent_class)->finalize (object);
}

static void
weft_document_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  WeftDocument *self = WEFT_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_TITLE:
      g_value_set_string (value, weft_document_get_title (self));
      break;

    case PROP_STATE:
      g_value_set_enum (value, weft_document_get_state (self));
      break;

    case PROP_FRACTION:
      g_value_set_double (value, weft_document_get_fraction (self));
      break;

    case PROP_MESSAGE:
      g_value_set_string (value, weft_document_get_message (self));
      break;

    case PROP_DATASET:
      g_value_set_object (value, weft_document_get_dataset (self));
      break;

    case PROP_N_WARNINGS:
      g_value_set_uint (value, weft_document_get_n_warnings (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_document_class_init (WeftDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = weft_document_dispose;
  object_class->finalize = weft_document_finalize;
  object_class->get_property = weft_document_get_property;

  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, WEFT_TYPE_DOCUMENT_STATE, WEFT_DOCUMENT_NEW,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_MESSAGE] =
    g_param_spec_string ("message", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_DATASET] =
    g_param_spec_object ("dataset", NULL, NULL, WEFT_TYPE_DATASET,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_N_WARNINGS] =
    g_param_spec_uint ("n-warnings", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
weft_document_init (WeftDocument *self)
{
  g_mutex_init (&self->progress_mutex);
  self->files = g_ptr_array_new_with_free_func (g_object_unref);
  self->warnings = g_ptr_array_new_with_free_func ((GDestroyNotify)weft_warning_free);
}

/* A title for labels: a file's name in UTF-8, whatever bytes it has. */
static char *
display_basename (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *basename = NULL;

  if (path != NULL)
    return g_filename_display_basename (path);
  basename = g_file_get_basename (file);
  return g_utf8_make_valid (basename, -1);
}

/**
 * weft_document_new:
 * @files: (array length=n_files): the files or folders that make the document
 *
 * Returns: (transfer full): a document in the NEW state; load it with
 *   weft_document_load_async().
 */
WeftDocument *
weft_document_new (GFile * const *files,
                   guint          n_files)
{
  WeftDocument *self;

  g_return_val_if_fail (files != NULL, NULL);
  g_return_val_if_fail (n_files > 0, NULL);

  self = g_object_new (WEFT_TYPE_DOCUMENT, NULL);
  for (guint i = 0; i < n_files; i++)
    {
      g_return_val_if_fail (G_IS_FILE (files[i]), self);
      g_ptr_array_add (self->files, g_object_ref (files[i]));
    }
  self->title = display_basename (files[0]);
  if (n_files > 1)
    {
      char *title = g_strdup_printf (_("%s and %u more"), self->title, n_files - 1);

      g_free (self->title);
      self->title = title;
    }

  return self;
}

WeftDocument *
weft_document_new_for_file (GFile *file)
{
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  return weft_document_new (&file, 1);
}

guint
weft_document_get_n_files (WeftDocument *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), 0);

  return self->files->len;
}

/**
 * weft_document_get_file:
 *
 * Returns: (transfer none): the @index-th file the document is made from.
 */
GFile *
weft_document_get_file (WeftDocument *self,
                        guint         index)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (index < self->files->len, NULL);

  return g_ptr_array_index (self->files, index);
}

const char *
weft_document_get_title (WeftDocument *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), NULL);

  return self->title;
}

/**
 * weft_document_dup_display_name:
 *
 * Returns: (transfer full): the first file's path as the user would type it.
 */
char *
weft_document_dup_display_name (WeftDocument *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), NULL);

  return g_file_get_parse_name (g_ptr_array_index (self->files, 0));
}

WeftDocumentState
weft_document_get_state (WeftDocument *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), WEFT_DOCUMENT_NEW);

  return self->state;
}

double
weft_document_get_fraction (WeftDocument *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), 0.0);

  return self->fraction;
}

const char *
weft_document_get_message (WeftDocument *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), NULL);

  return self->message;
}

/**
 * weft_document_get_format:
 *
 * Returns: (nullable): the detected format, once the load got that far.
 */
const WeftFormat *
weft_document_get_format (WeftDocument *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), NULL);

  return self->format;
}

/**
 * weft_document_get_is_directory:
 *
 * Returns: whether the (first) file of the document is a folder, as the load
 *   found it.
 */
gboolean
weft_document_get_is_directory (WeftDocument *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), FALSE);

  return self->is_directory;
}

const char *
weft_document_get_format_version (WeftDocument *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), NULL);

  return self->dataset != NULL ? weft_dataset_get_format_version (self->dataset) : NULL;
}

/**
 * weft_document_get_dataset:
 *
 * Returns: (transfer none) (nullable): the loaded data, when READY.
 */
WeftDataset *
weft_document_get_dataset (WeftDocument *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), NULL);

  return self->dataset;
}

/**
 * weft_document_get_error:
 *
 * Returns: (nullable): why the load failed, when FAILED.
 */
const GError *
weft_document_get_error (WeftDocument *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), NULL);

  return self->error;
}

/**
 * weft_document_get_warnings:
 *
 * Returns: (transfer none) (element-type WeftWarning): the warnings kept from the
 *   load, sorted by file and line (at most %WEFT_LOAD_CONTEXT_MAX_WARNINGS).
 */
GPtrArray *
weft_document_get_warnings (WeftDocument *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), NULL);

  return self->warnings;
}

/**
 * weft_document_get_stage_times:
 *
 * Returns: (transfer none) (nullable) (element-type WeftLoadStageTime): how
 *   long each stage of the last load took (format detection, reading, the
 *   family's own stages), or %NULL before a load ended
 */
GArray *
weft_document_get_stage_times (WeftDocument *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), NULL);

  return self->stage_times;
}

/**
 * weft_document_get_n_warnings:
 *
 * Returns: how many warnings the load reported, including any not kept.
 */
guint
weft_document_get_n_warnings (WeftDocument *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), 0);

  return self->n_warnings;
}

static void
set_state (WeftDocument      *self,
           WeftDocumentState  state)
{
  if (self->state != state)
    {
      self->state = state;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
    }
}

/* Main thread: publish what the worker stored since the last idle. */
static void
publish_progress (WeftDocument *self)
{
  gboolean fraction_changed, message_changed;

  g_mutex_lock (&self->progress_mutex);
  self->progress_source = 0;
  fraction_changed = self->pending_fraction != self->fraction;
  self->fraction = self->pending_fraction;
  message_changed = g_strcmp0 (self->pending_message, self->message) != 0;
  if (message_changed)
    {
      g_free (self->message);
      self->message = g_strdup (self->pending_message);
    }
  g_mutex_unlock (&self->progress_mutex);

  if (fraction_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  if (message_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
}

static gboolean
progress_notify_in_idle (gpointer user_data)
{
  publish_progress (user_data);

  return G_SOURCE_REMOVE;
}

/* Worker thread: store the values and make sure one idle will publish them. */
static void
progress_cb (double      fraction,
             const char *message,
             gpointer    user_data)
{
  WeftDocument *self = user_data;

  g_mutex_lock (&self->progress_mutex);
  self->pending_fraction = fraction;
  if (g_strcmp0 (message, self->pending_message) != 0)
    {
      g_free (self->pending_message);
      self->pending_message = g_strdup (message);
    }
  if (self->progress_source == 0 && self->main_context != NULL)
    {
      g_autoptr(GSource) source = g_idle_source_new ();

      g_source_set_priority (source, G_PRIORITY_LOW);
      g_source_set_callback (source, progress_notify_in_idle, g_object_ref (self), g_object_unref);
      g_source_set_static_name (source, "[weft-document-progress]");
      self->progress_source = g_source_attach (source, self->main_context);
    }
  g_mutex_unlock (&self->progress_mutex);
}

static WeftDataset *
load_job_read (LoadJob  *job,
               GError  **error)
{
  g_autoptr(WeftDataset) dataset = NULL;
  GFile *first = g_ptr_array_index (job->files, 0);
  g_autoptr(GFile) resolved = NULL;

  weft_load_context_begin_stage (job->context, 0.0, 0.02, _("Detecting the format"));

  job->format = weft_format_detect_full (first, &job->is_directory, job->files->len == 1 ? &resolved : NULL,
                                         weft_load_context_get_cancellable (job->context), error);
  if (job->format == NULL)
    return NULL;
  /* A folder holding one trace (the folder a run was made in) loads that
   * trace; the document keeps the name the user opened. */
  if (resolved != NULL)
    {
      g_ptr_array_unref (job->files);
      job->files = g_ptr_array_new_with_free_func (g_object_unref);
      g_ptr_array_add (job->files, g_steal_pointer (&resolved));
      first = g_ptr_array_index (job->files, 0);
    }

  /* The other files of a multi-file document must be of the same format. */
  for (guint i = 1; i < job->files->len; i++)
    {
      GFile *file = g_ptr_array_index (job->files, i);
      g_autoptr(GError) local_error = NULL;

      if (weft_format_sniff_file (job->format, file, weft_load_context_get_cancellable (job->context),
                                  &local_error) == WEFT_SNIFF_NO)
        {
          g_autofree char *display = g_file_get_parse_name (file);

          if (local_error != NULL)
            g_propagate_error (error, g_steal_pointer (&local_error));
          else
            g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNKNOWN_FORMAT,
                         _("%s: not a %s like the first file"), display, _(job->format->name));
          return NULL;
        }
    }

  weft_load_context_begin_stage (job->context, 0.02, 1.0, _("Reading"));

  dataset = job->format->load ((GFile *const *)job->files->pdata, job->files->len, job->context, error);
  if (dataset == NULL)
    {
      /* Loaders must say why; make sure a missing error is still an error. */
      if (error != NULL && *error == NULL)
        {
          g_autofree char *display = g_file_get_parse_name (first);

          g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED, _("%s: could not be read as a %s (the reader gave no reason)"),
                       display, _(job->format->name));
        }
      return NULL;
    }

  if (weft_load_context_set_error_if_cancelled (job->context, error))
    return NULL;

  weft_load_context_progress (job->context, 1.0, _("Done"));

  return g_steal_pointer (&dataset);
}

/* Runs the whole load in the calling thread and keeps what it warned about. */
static WeftDataset *
load_job_run (LoadJob  *job,
              GError  **error)
{
  WeftDataset *dataset = load_job_read (job, error);

  /* Messages name files, whose names need not be UTF-8; what shows them
   * (labels, JSON) needs it. */
  if (dataset == NULL && error != NULL && *error != NULL && !g_utf8_validate ((*error)->message, -1, NULL))
    {
      char *valid = g_utf8_make_valid ((*error)->message, -1);

      g_free ((*error)->message);
      (*error)->message = valid;
    }

  job->warnings = weft_load_context_dup_warnings (job->context);
  job->n_warnings = weft_load_context_get_n_warnings (job->context);
  job->stage_times = weft_load_context_dup_stage_times (job->context);

  /* A document stays open for a long time, and others may follow: neither
   * the heap's free blocks nor pages one stage left for the next (a load
   * that failed between them) stay resident. */
  weft_memory_release_freed ();
  weft_page_recycler_trim (weft_page_recycler_get_default ());

  return dataset;
}

static void
load_worker (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  LoadJob *job = task_data;
  GError *error = NULL;
  WeftDataset *dataset;
  /* Below the window's priority, as every worker: the readers' own threads
   * inherit it. */
  int priority = weft_background_lower_priority ();

  dataset = load_job_run (job, &error);
  weft_background_restore_priority (priority);

  if (dataset == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, dataset, weft_background_unref);
}

static LoadJob *
load_job_new (WeftDocument *self,
              GCancellable *cancellable)
{
  LoadJob *job = g_new0 (LoadJob, 1);

  job->files = g_ptr_array_ref (self->files);
  job->context = weft_load_context_new (cancellable);

  return job;
}

/* Main thread: take the outcome of a load into the document. */
static void
apply_result (WeftDocument *self,
              LoadJob      *job,
              WeftDataset  *dataset,
              GError       *error)
{
  g_object_freeze_notify (G_OBJECT (self));

  self->format = job->format;
  self->is_directory = job->is_directory;
  g_clear_pointer (&self->warnings, g_ptr_array_unref);
  self->warnings = g_steal_pointer (&job->warnings);
  if (self->warnings == NULL)
    self->warnings = g_ptr_array_new_with_free_func ((GDestroyNotify)weft_warning_free);
  self->n_warnings = job->n_warnings;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_WARNINGS]);
  g_clear_pointer (&self->stage_times, g_array_unref);
  self->stage_times = g_steal_pointer (&job->stage_times);

  if (dataset != NULL)
    {
      g_set_object (&self->dataset, dataset);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DATASET]);
      set_state (self, WEFT_DOCUMENT_READY);
    }
  else
    {
      g_clear_error (&self->error);
      self->error = g_error_copy (error);
      set_state (self, WEFT_DOCUMENT_FAILED);
    }

  g_object_thaw_notify (G_OBJECT (self));
}

static void
load_task_done_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  WeftDocument *self = WEFT_DOCUMENT (object);
  g_autoptr(GTask) outer = user_data;
  GTask *inner = G_TASK (result);
  LoadJob *job = g_task_get_task_data (inner);
  g_autoptr(WeftDataset) dataset = NULL;
  g_autoptr(GError) error = NULL;

  dataset = g_task_propagate_pointer (inner, &error);

  /* Flush the last progress so "fraction" reads 1 once the load succeeded. */
  publish_progress (self);

  apply_result (self, job, dataset, error);

  if (error != NULL)
    g_task_return_error (outer, g_steal_pointer (&error));
  else
    g_task_return_boolean (outer, TRUE);
}

/**
 * weft_document_load_async:
 *
 * Detects the format and reads the files in a worker thread. "fraction" and
 * "message" change on the thread-default main context of the caller while it
 * runs. Cancelling @cancellable stops the reader within a few thousand records.
 */
void
weft_document_load_async (WeftDocument        *self,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) outer = NULL;
  g_autoptr(GTask) inner = NULL;
  LoadJob *job;

  g_return_if_fail (WEFT_IS_DOCUMENT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, weft_document_load_async);

  if (self->state == WEFT_DOCUMENT_LOADING || self->state == WEFT_DOCUMENT_READY)
    {
      g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_PENDING,
                               _("The document is already loading or loaded"));
      return;
    }

  g_clear_pointer (&self->main_context, g_main_context_unref);
  self->main_context = g_main_context_ref_thread_default ();
  set_state (self, WEFT_DOCUMENT_LOADING);

  job = load_job_new (self, cancellable);
  weft_load_context_set_progress_func (job->context, progress_cb, g_object_ref (self), g_object_unref);

  /* The inner task runs the worker; the outer one is what the caller sees and is
   * only completed after the document took the result on the main thread. */
  inner = g_task_new (self, cancellable, load_task_done_cb, g_steal_pointer (&outer));
  g_task_set_source_tag (inner, load_worker);
  g_task_set_task_data (inner, job, (GDestroyNotify)load_job_free);
  g_task_set_return_on_cancel (inner, FALSE);
  g_task_run_in_thread (inner, load_worker);
}

gboolean
weft_document_load_finish (WeftDocument  *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * weft_document_load:
 *
 * Loads in the calling thread (for weft-cli, tests and benchmarks); no progress
 * notifications are emitted.
 */
gboolean
weft_document_load (WeftDocument  *self,
                    GCancellable  *cancellable,
                    GError       **error)
{
  g_autoptr(LoadJob) job = NULL;
  g_autoptr(WeftDataset) dataset = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (WEFT_IS_DOCUMENT (self), FALSE);

  if (self->state == WEFT_DOCUMENT_LOADING || self->state == WEFT_DOCUMENT_READY)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PENDING, _("The document is already loading or loaded"));
      return FALSE;
    }

  set_state (self, WEFT_DOCUMENT_LOADING);
  job = load_job_new (self, cancellable);
  dataset = load_job_run (job, &local_error);
  self->fraction = dataset != NULL ? 1.0 : weft_load_context_get_fraction (job->context);

  apply_result (self, job, dataset, local_error);

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  return TRUE;
}

/* weft-load-context.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-error.h"
#include "weft-load-context.h"

struct _WeftLoadContext
{
  gatomicrefcount ref_count;
  GCancellable   *cancellable;

  GMutex          mutex;
  WeftProgressFunc progress_func;
  gpointer        progress_data;
  GDestroyNotify  progress_destroy;
  double          stage_from;
  double          stage_to;
  double          fraction;    /* overall, never decreases */
  char           *message;
  guint64         work_total;  /* units announced for the current stage */
  guint64         work_done;

  GPtrArray      *warnings;
  gint            n_warnings;  /* including those not stored; atomic */

  GArray         *stages;      /* Stage, in the order they began */
};

/* A stage lasts until the next one begins. */
typedef struct
{
  char   *message;
  gint64  begin;     /* monotonic µs */
} Stage;

static void
stage_clear (gpointer data)
{
  Stage *stage = data;

  g_clear_pointer (&stage->message, g_free);
}

static void
stage_time_clear (gpointer data)
{
  WeftLoadStageTime *time = data;

  g_clear_pointer (&time->message, g_free);
}

WeftLoadContext *
weft_load_context_new (GCancellable *cancellable)
{
  WeftLoadContext *self;

  g_return_val_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable), NULL);

  self = g_new0 (WeftLoadContext, 1);
  g_atomic_ref_count_init (&self->ref_count);
  g_mutex_init (&self->mutex);
  self->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  self->stage_from = 0.0;
  self->stage_to = 1.0;
  self->warnings = g_ptr_array_new_with_free_func ((GDestroyNotify)weft_warning_free);
  self->stages = g_array_new (FALSE, TRUE, sizeof (Stage));
  g_array_set_clear_func (self->stages, stage_clear);

  return self;
}

WeftLoadContext *
weft_load_context_ref (WeftLoadContext *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
weft_load_context_unref (WeftLoadContext *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  if (self->progress_destroy != NULL)
    self->progress_destroy (self->progress_data);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->warnings, g_ptr_array_unref);
  g_clear_pointer (&self->stages, g_array_unref);
  g_clear_pointer (&self->message, g_free);
  g_mutex_clear (&self->mutex);
  g_free (self);
}

void
weft_load_context_set_progress_func (WeftLoadContext  *self,
                                     WeftProgressFunc  func,
                                     gpointer          user_data,
                                     GDestroyNotify    destroy)
{
  g_return_if_fail (self != NULL);

  g_mutex_lock (&self->mutex);
  if (self->progress_destroy != NULL)
    self->progress_destroy (self->progress_data);
  self->progress_func = func;
  self->progress_data = user_data;
  self->progress_destroy = destroy;
  g_mutex_unlock (&self->mutex);
}

GCancellable *
weft_load_context_get_cancellable (WeftLoadContext *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->cancellable;
}

gboolean
weft_load_context_is_cancelled (WeftLoadContext *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->cancellable != NULL && g_cancellable_is_cancelled (self->cancellable);
}

gboolean
weft_load_context_set_error_if_cancelled (WeftLoadContext  *self,
                                          GError          **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->cancellable != NULL && g_cancellable_set_error_if_cancelled (self->cancellable, error);
}

/* Called with the mutex held; the callback runs with it held too, so that two
 * reporting threads cannot deliver fractions out of order. */
static void
report_locked (WeftLoadContext *self,
               double           fraction,
               const char      *message)
{
  gboolean changed = FALSE;

  fraction = CLAMP (fraction, 0.0, 1.0);
  if (fraction > self->fraction)
    {
      self->fraction = fraction;
      changed = TRUE;
    }
  if (message != NULL && g_strcmp0 (message, self->message) != 0)
    {
      g_free (self->message);
      self->message = g_strdup (message);
      changed = TRUE;
    }

  if (changed && self->progress_func != NULL)
    self->progress_func (self->fraction, self->message, self->progress_data);
}

/**
 * weft_load_context_begin_stage:
 * @from: overall fraction at which the stage starts
 * @to: overall fraction at which it ends
 *
 * Maps the following weft_load_context_progress() and _advance() reports into
 * [@from, @to] and resets the work counters. The stage before it ends here
 * (weft_load_context_dup_stage_times()).
 */
void
weft_load_context_begin_stage (WeftLoadContext *self,
                               double           from,
                               double           to,
                               const char      *message)
{
  Stage stage = { NULL, g_get_monotonic_time () };

  g_return_if_fail (self != NULL);
  g_return_if_fail (from <= to);

  stage.message = g_strdup (message != NULL ? message : "");
  g_mutex_lock (&self->mutex);
  g_array_append_val (self->stages, stage);
  self->stage_from = CLAMP (from, 0.0, 1.0);
  self->stage_to = CLAMP (to, 0.0, 1.0);
  self->work_total = 0;
  self->work_done = 0;
  report_locked (self, self->stage_from, message);
  g_mutex_unlock (&self->mutex);
}

void
weft_load_context_progress (WeftLoadContext *self,
                            double           stage_fraction,
                            const char      *message)
{
  g_return_if_fail (self != NULL);

  g_mutex_lock (&self->mutex);
  stage_fraction = CLAMP (stage_fraction, 0.0, 1.0);
  report_locked (self, self->stage_from + (self->stage_to - self->stage_from) * stage_fraction, message);
  g_mutex_unlock (&self->mutex);
}

/**
 * weft_load_context_add_work:
 *
 * Announces @units more work in the current stage (bytes, records…); parallel
 * workers then call weft_load_context_advance() as they go.
 */
void
weft_load_context_add_work (WeftLoadContext *self,
                            guint64          units)
{
  g_return_if_fail (self != NULL);

  g_mutex_lock (&self->mutex);
  self->work_total += units;
  g_mutex_unlock (&self->mutex);
}

void
weft_load_context_advance (WeftLoadContext *self,
                           guint64          units)
{
  double stage_fraction;

  g_return_if_fail (self != NULL);

  g_mutex_lock (&self->mutex);
  self->work_done += units;
  if (self->work_total > 0)
    {
      stage_fraction = MIN (1.0, (double)self->work_done / (double)self->work_total);
      report_locked (self, self->stage_from + (self->stage_to - self->stage_from) * stage_fraction, NULL);
    }
  g_mutex_unlock (&self->mutex);
}

double
weft_load_context_get_fraction (WeftLoadContext *self)
{
  double fraction;

  g_return_val_if_fail (self != NULL, 0.0);

  g_mutex_lock (&self->mutex);
  fraction = self->fraction;
  g_mutex_unlock (&self->mutex);

  return fraction;
}

void
weft_load_context_add_warning (WeftLoadContext *self,
                               WeftWarning     *warning)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (warning != NULL);

  g_atomic_int_inc (&self->n_warnings);
  g_mutex_lock (&self->mutex);
  if (self->warnings->len < WEFT_LOAD_CONTEXT_MAX_WARNINGS)
    g_ptr_array_add (self->warnings, warning);
  else
    weft_warning_free (warning);
  g_mutex_unlock (&self->mutex);
}

void
weft_load_context_warn (WeftLoadContext *self,
                        const char      *file,
                        guint64          line,
                        const char      *format,
                        ...)
{
  g_autofree char *message = NULL;
  va_list args;

  g_return_if_fail (self != NULL);
  g_return_if_fail (format != NULL);

  /* Formatting is the expensive part: skip it once the store is full. */
  if (weft_load_context_skip_warning (self))
    return;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  weft_load_context_add_warning (self, weft_warning_new (file, line, message));
}

/**
 * weft_load_context_skip_warning:
 *
 * For readers that prepare a warning's words (an excerpt of the line) before
 * weft_load_context_warn(): once the store is full, the warning is counted
 * here and the preparing can be skipped (a file of two million bad lines took
 * 1.8 s, nearly all of it excerpts no one would see).
 *
 * Returns: %TRUE when the warning was counted and is not to be reported
 */
gboolean
weft_load_context_skip_warning (WeftLoadContext *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (g_atomic_int_get (&self->n_warnings) < WEFT_LOAD_CONTEXT_MAX_WARNINGS)
    return FALSE;
  g_atomic_int_inc (&self->n_warnings);
  return TRUE;
}

/**
 * weft_load_context_get_n_warnings:
 *
 * Returns: how many warnings were reported, including those beyond
 *   %WEFT_LOAD_CONTEXT_MAX_WARNINGS that were not kept.
 */
guint
weft_load_context_get_n_warnings (WeftLoadContext *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return (guint)g_atomic_int_get (&self->n_warnings);
}

/**
 * weft_load_context_dup_warnings:
 *
 * Returns: (transfer full): the stored warnings sorted by file and line.
 */
GPtrArray *
weft_load_context_dup_warnings (WeftLoadContext *self)
{
  GPtrArray *copy;

  g_return_val_if_fail (self != NULL, NULL);

  g_mutex_lock (&self->mutex);
  copy = g_ptr_array_new_full (self->warnings->len, (GDestroyNotify)weft_warning_free);
  for (guint i = 0; i < self->warnings->len; i++)
    g_ptr_array_add (copy, weft_warning_copy (g_ptr_array_index (self->warnings, i)));
  g_mutex_unlock (&self->mutex);

  g_ptr_array_sort (copy, weft_warning_compare);

  return copy;
}

/**
 * weft_load_context_dup_stage_times:
 *
 * How long each stage took, in the order they began; the last one is timed
 * up to now. For finding where a load's time goes
 * (`WEFT_DEBUG_TIMING=1 weft-cli info PATH`).
 *
 * Returns: (transfer full) (element-type WeftLoadStageTime): the stages
 */
GArray *
weft_load_context_dup_stage_times (WeftLoadContext *self)
{
  GArray *times;
  gint64 now;

  g_return_val_if_fail (self != NULL, NULL);

  g_mutex_lock (&self->mutex);
  now = g_get_monotonic_time ();
  times = g_array_sized_new (FALSE, TRUE, sizeof (WeftLoadStageTime), self->stages->len);
  g_array_set_clear_func (times, stage_time_clear);
  for (guint i = 0; i < self->stages->len; i++)
    {
      const Stage *stage = &g_array_index (self->stages, Stage, i);
      gint64 end = i + 1 < self->stages->len ? g_array_index (self->stages, Stage, i + 1).begin : now;
      WeftLoadStageTime time = { g_strdup (stage->message), (double)(end - stage->begin) / G_USEC_PER_SEC };

      g_array_append_val (times, time);
    }
  g_mutex_unlock (&self->mutex);

  return times;
}

/* weft-load-context.h: what a reader running in a worker thread reports to.
 *
 * A load context carries the cancellable, collects warnings (thread-safe, so that
 * per-file workers can share one) and turns progress into a monotonic fraction:
 * the loader splits the load into stages (weft_load_context_begin_stage) and the
 * reader reports either fractions of the current stage or units of work done.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "weft-warning.h"

G_BEGIN_DECLS

/* Readers stop storing warnings past this many (they are still counted). */
#define WEFT_LOAD_CONTEXT_MAX_WARNINGS 10000

/* How many records a reader handles between two cancellation checks. */
#define WEFT_LOAD_CONTEXT_CHECK_INTERVAL 4096

typedef struct _WeftLoadContext WeftLoadContext;

/* How long a stage of a load took (weft_load_context_dup_stage_times()). */
typedef struct
{
  char   *message;   /* the stage's message, as begin_stage() was given it */
  double  seconds;
} WeftLoadStageTime;

/* Called from the reporting thread, with the overall fraction in [0, 1]. */
typedef void (*WeftProgressFunc) (double      fraction,
                                  const char *message,
                                  gpointer    user_data);

WeftLoadContext *weft_load_context_new                  (GCancellable     *cancellable);
WeftLoadContext *weft_load_context_ref                  (WeftLoadContext  *self);
void             weft_load_context_unref                (WeftLoadContext  *self);
void             weft_load_context_set_progress_func    (WeftLoadContext  *self,
                                                         WeftProgressFunc  func,
                                                         gpointer          user_data,
                                                         GDestroyNotify    destroy);
GCancellable    *weft_load_context_get_cancellable      (WeftLoadContext  *self);
gboolean         weft_load_context_is_cancelled         (WeftLoadContext  *self);
gboolean         weft_load_context_set_error_if_cancelled (WeftLoadContext *self,
                                                         GError          **error);
void             weft_load_context_begin_stage          (WeftLoadContext  *self,
                                                         double            from,
                                                         double            to,
                                                         const char       *message);
void             weft_load_context_progress             (WeftLoadContext  *self,
                                                         double            stage_fraction,
                                                         const char       *message);
void             weft_load_context_add_work             (WeftLoadContext  *self,
                                                         guint64           units);
void             weft_load_context_advance              (WeftLoadContext  *self,
                                                         guint64           units);
double           weft_load_context_get_fraction         (WeftLoadContext  *self);
void             weft_load_context_warn                 (WeftLoadContext  *self,
                                                         const char       *file,
                                                         guint64           line,
                                                         const char       *format,
                                                         ...) G_GNUC_PRINTF (4, 5);
gboolean         weft_load_context_skip_warning         (WeftLoadContext  *self);
void             weft_load_context_add_warning          (WeftLoadContext  *self,
                                                         WeftWarning      *warning);
guint            weft_load_context_get_n_warnings       (WeftLoadContext  *self);
GPtrArray       *weft_load_context_dup_warnings         (WeftLoadContext  *self);
GArray          *weft_load_context_dup_stage_times      (WeftLoadContext  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftLoadContext, weft_load_context_unref)

G_END_DECLS

/* weft-background.h: work that must not take turns from the main loop.
 *
 * Three things every worker of the app needs: to run below the window's
 * priority, to let go of big data without the main thread paying for it,
 * and not to keep the page it works for alive. Freeing a big run (10^7
 * events, a 10^6-node tree) takes a good part of a second; whoever drops the
 * last reference pays, and a task's callback or a view's dispose runs on the
 * main thread. A page held by its worker outlives its closed tab, so its
 * dispose (which cancels the worker) waits for the worker's end.
 * weft_background_run() does all three for a page's work.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

guint weft_background_get_n_processors (void);
int   weft_background_lower_priority   (void);
void  weft_background_restore_priority (int            old);
void  weft_background_run_when_idle    (void);
void  weft_background_free             (gpointer       data,
                                        GDestroyNotify free_func);
void  weft_background_unref            (gpointer       object);

GWeakRef *weft_background_weak_ref_new  (gpointer  object);
gpointer  weft_background_weak_ref_take (GWeakRef *ref);

/* A page's work on a worker thread (see weft_background_run()). @work runs
 * there, below the window's priority: it returns its result, or %NULL with
 * @error set. @done runs on the main thread, only while the owner lives and
 * the work was not cancelled: it takes the result (%NULL with @error when
 * the work failed). */
typedef gpointer (*WeftBackgroundWork) (gpointer      data,
                                        GCancellable *cancellable,
                                        GError      **error);
typedef void     (*WeftBackgroundDone) (gpointer      owner,
                                        gpointer      result,
                                        const GError *error);

void      weft_background_run           (gpointer            owner,
                                         gpointer            data,
                                         GDestroyNotify      data_free,
                                         WeftBackgroundWork  work,
                                         GDestroyNotify      result_free,
                                         GCancellable       *cancellable,
                                         WeftBackgroundDone  done);

G_END_DECLS

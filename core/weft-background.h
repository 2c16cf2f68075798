/* weft-background.h: work that must not take turns from the main loop.
 *
 * Two things every worker of the app needs: to run below the window's
 * priority, and to let go of big data without the main thread paying for
 * it. Freeing a big run (10^7 events, a 10^6-node tree) takes a good part of
 * a second; whoever drops the last reference pays, and a task's callback or
 * a view's dispose runs on the main thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

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

G_END_DECLS

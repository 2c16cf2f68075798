/* weft-background.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
/* sched_getaffinity() and the CPU_* macros are GNU extensions. */
#define _GNU_SOURCE

#include "config.h"

#include <errno.h>
#include <glib-object.h>
#ifdef __linux__
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "weft-background.h"

/**
 * weft_background_get_n_processors:
 *
 * How many processors this process may run on: those of its CPU affinity
 * (taskset, a batch system's binding, a container's cpuset), which
 * g_get_num_processors() of GLib 2.74 does not look at. More threads than
 * that only take turns.
 *
 * Returns: at least 1
 */
guint
weft_background_get_n_processors (void)
{
#ifdef __linux__
  cpu_set_t set;

  CPU_ZERO (&set);
  if (sched_getaffinity (0, sizeof set, &set) == 0 && CPU_COUNT (&set) > 0)
    return (guint)CPU_COUNT (&set);
#endif
  return MAX (g_get_num_processors (), 1);
}

/**
 * weft_background_lower_priority:
 *
 * Lowers the calling thread below the window's priority (nice +5): readers
 * and layouts use every processor, and on a busy 2-core machine the main
 * loop then waited up to a hundred milliseconds for a turn. On Linux a nice
 * value is per thread, and the threads the caller starts inherit it.
 *
 * Returns: the value to give weft_background_restore_priority() when done
 *   (a pool thread runs other tasks later)
 */
int
weft_background_lower_priority (void)
{
#ifdef __linux__
  pid_t tid = (pid_t)syscall (SYS_gettid);
  int old;

  errno = 0;
  old = getpriority (PRIO_PROCESS, (id_t)tid);
  if (errno == 0)
    setpriority (PRIO_PROCESS, (id_t)tid, MIN (old + 5, 19));
  return old;
#else
  return 0;
#endif
}

/**
 * weft_background_run_when_idle:
 *
 * Lets the calling thread run only on processor time no other thread wants
 * (SCHED_IDLE): for work done ahead on the chance that a processor is free
 * (mapping pages in before a filler reaches them), which must never delay
 * the threads it works for.
 */
void
weft_background_run_when_idle (void)
{
#if defined(__linux__) && defined(SCHED_IDLE)
  struct sched_param param = { 0 };

  sched_setscheduler (0, SCHED_IDLE, &param);
#endif
}

void
weft_background_restore_priority (int old)
{
#ifdef __linux__
  /* Raising it back may be refused without privileges; then the pool
   * thread stays lower, which only background work uses. */
  setpriority (PRIO_PROCESS, (id_t)syscall (SYS_gettid), old);
#endif
}

typedef struct
{
  gpointer       data;
  GDestroyNotify free_func;
} Garbage;

static gpointer
free_thread (gpointer user_data)
{
  Garbage *garbage = user_data;

  /* The thread ends here: no need to restore its priority. */
  weft_background_lower_priority ();
  garbage->free_func (garbage->data);
  g_free (garbage);
  return NULL;
}

/**
 * weft_background_free:
 * @data: (nullable): what to free, or to drop a reference to
 * @free_func: how
 *
 * Calls @free_func on @data in a short-lived thread of its own, so that the
 * caller (the main thread, typically) does not wait for a big free.
 */
void
weft_background_free (gpointer       data,
                      GDestroyNotify free_func)
{
  Garbage *garbage;

  if (data == NULL)
    return;
  garbage = g_new (Garbage, 1);
  garbage->data = data;
  garbage->free_func = free_func;
  g_thread_unref (g_thread_new ("weft-free", free_thread, garbage));
}

/**
 * weft_background_unref:
 * @object: (nullable) (type GObject): a reference to drop
 *
 * weft_background_free() for a GObject reference; usable as a
 * #GDestroyNotify (e.g. for a GTask's data, which the task frees where its
 * callback ran: on the main thread).
 */
void
weft_background_unref (gpointer object)
{
  weft_background_free (object, g_object_unref);
}

/**
 * weft_background_weak_ref_new:
 * @object: (type GObject): the object a task reports back to
 *
 * A weak reference to pass a task's callback as its user data, instead of a
 * strong one: a widget that a worker holds stays alive until the worker
 * ends, so its dispose (which cancels the worker) runs seconds after its tab
 * closed, on the main thread, while the next load runs, and drops the last
 * references to what it showed there. Give it back with
 * weft_background_weak_ref_take() in the callback, which GTask always runs.
 *
 * Returns: (transfer full): the reference
 */
GWeakRef *
weft_background_weak_ref_new (gpointer object)
{
  GWeakRef *ref;

  g_return_val_if_fail (G_IS_OBJECT (object), NULL);

  ref = g_new (GWeakRef, 1);
  g_weak_ref_init (ref, object);
  return ref;
}

/**
 * weft_background_weak_ref_take:
 * @ref: (transfer full): from weft_background_weak_ref_new()
 *
 * Frees @ref.
 *
 * Returns: (transfer full) (nullable) (type GObject): the object, or %NULL
 *   when it is gone
 */
gpointer
weft_background_weak_ref_take (GWeakRef *ref)
{
  gpointer object = g_weak_ref_get (ref);

  g_weak_ref_clear (ref);
  g_free (ref);
  return object;
}

typedef struct
{
  GWeakRef           owner;
  gpointer           data;
  GDestroyNotify     data_free;
  WeftBackgroundWork work;
  GDestroyNotify     result_free;
  WeftBackgroundDone done;
} Run;

/* On the main thread, where the task is freed: the data's reference may be
 * the last once the owner is gone. */
static void
run_free (Run *run)
{
  g_weak_ref_clear (&run->owner);
  weft_background_free (g_steal_pointer (&run->data), run->data_free);
  g_free (run);
}

static void
run_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Run *run = task_data;
  int priority = weft_background_lower_priority ();
  GError *error = NULL;
  gpointer result = run->work (run->data, cancellable, &error);

  weft_background_restore_priority (priority);
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, run->result_free);
}

static void
run_done (GObject      *source_object,
          GAsyncResult *result,
          gpointer      user_data)
{
  GTask *task = G_TASK (result);
  Run *run = g_task_get_task_data (task);
  g_autoptr(GObject) owner = g_weak_ref_get (&run->owner);
  g_autoptr(GError) error = NULL;
  gpointer value = g_task_propagate_pointer (task, &error);

  if (owner == NULL || g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      if (value != NULL)
        weft_background_free (value, run->result_free);
      return;
    }
  run->done (owner, value, error);
}

/**
 * weft_background_run:
 * @owner: (type GObject): the page the result is for; not kept alive by the
 *   work (see weft_background_weak_ref_new())
 * @data: (transfer full): what @work reads (a dataset, a tree)
 * @data_free: lets @data go, off the main thread
 * @result_free: frees a result nobody takes (the owner is gone, or the work
 *   was cancelled), off the main thread
 * @cancellable: (nullable): the owner cancels it when it goes, or when a
 *   newer run takes over
 *
 * Runs @work on a worker thread and hands its result to @done.
 */
void
weft_background_run (gpointer            owner,
                     gpointer            data,
                     GDestroyNotify      data_free,
                     WeftBackgroundWork  work,
                     GDestroyNotify      result_free,
                     GCancellable       *cancellable,
                     WeftBackgroundDone  done)
{
  g_autoptr(GTask) task = NULL;
  Run *run;

  g_return_if_fail (G_IS_OBJECT (owner));
  g_return_if_fail (data != NULL && data_free != NULL);
  g_return_if_fail (work != NULL && result_free != NULL && done != NULL);

  run = g_new0 (Run, 1);
  g_weak_ref_init (&run->owner, owner);
  run->data = data;
  run->data_free = data_free;
  run->work = work;
  run->result_free = result_free;
  run->done = done;

  task = g_task_new (NULL, cancellable, run_done, NULL);
  g_task_set_source_tag (task, weft_background_run);
  g_task_set_task_data (task, run, (GDestroyNotify)run_free);
  g_task_run_in_thread (task, run_thread);
}

/* weft-hdf5-probe.c: reading an HDF5 file first in a disposable process.
 *
 * Why a process: libhdf5 1.10.8 (Debian 12) has bugs of its own on damaged
 * files (a use-after-free decoding attribute messages, an overflow,
 * allocations as large as sizes in the file say, a loop that never ends) that
 * fuzzing reaches within minutes. Weft cannot fix libhdf5, and no file may
 * crash, hang or exhaust the memory of the app. A child process can crash or
 * run out of its own memory harmlessly, and can be killed when it takes too
 * long.
 *
 * Why re-executing /proc/self/exe: the app is multi-threaded, and a child made
 * by fork() alone inherits every lock (GLib's type system, malloc arenas,
 * libhdf5's own state) in whatever state another thread left it, so it can
 * deadlock. A separate helper program would have to be found (build tree,
 * install prefix, test programs, fuzz harnesses all differ). The running
 * program itself is always there and always holds the reader: a constructor in
 * the object file that opens the HDF5 module (weft-hdf5-module.c, linked into
 * every program that can read HDF5) calls weft_hdf5_probe_child_main() before
 * main(). In an ordinary run that returns at once; in a child started here it
 * opens the module, reads the file, reports and _exit()s, so main() never runs
 * there.
 *
 * The child:
 *   - is known by two marks: the WEFT_HDF5_PROBE variable (the file) and the
 *     argument --weft-hdf5-probe. The variable alone is dropped, so that one
 *     left in the environment of an ordinary run does nothing;
 *   - gets stdin from /dev/null, its stdout is a pipe for its status, and its
 *     stderr is the parent's (where glibc's or a sanitizer's crash report
 *     belongs);
 *   - dies with the thread that started it (PR_SET_PDEATHSIG: that thread
 *     waits for it, so it lives as long as the child should), dumps no core,
 *     has RLIMIT_CPU a little above the time limit and RLIMIT_AS at what it has
 *     mapped at start plus the budget. Not under AddressSanitizer, whose shadow
 *     memory takes terabytes of address space: there ASan's own
 *     hard_rss_limit_mb stands in for it;
 *   - writes "started" before reading, then "ok" or "memory" when done. An
 *     allocation that failed for lack of memory (errno ENOMEM) while libhdf5
 *     reported an error or GLib gave up means the limit was reached: libhdf5
 *     fails cleanly there, but in the app, without the limit, the same
 *     allocation would succeed and be filled.
 *
 * The parent waits in its own thread (readers run in workers) on a private
 * main context, with a time limit and the load's cancellable, and kills the
 * child when either fires. A child that could not be started, or that never
 * said "started" (/proc/self/exe is then not this program, e.g. under
 * valgrind), gives no verdict: the file is read in the process as before,
 * rather than refused for a reason that is not its own.
 *
 * Limits: 20 s, plus 1 s per 32 MiB of file; libhdf5 may use max(1 GiB, 32 ×
 * the file's size), and the reader the room for its largest matrix besides.
 * Verdicts are kept per file version (device, inode, size, modification time
 * and path), except a time limit reached (a busy machine may be the cause) and
 * a cancellation.
 *
 * What it cannot catch: a bug that corrupts or over-reads memory without
 * crashing the child (seen under AddressSanitizer only) happens again, as
 * silently, in the app; and a file that changes in the moment between the
 * probe and the read in the process is read as it is then, unprobed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>

#include "weft-error.h"
#include "weft-hdf5-module.h"
#include "weft-hdf5-probe.h"

#if defined(__SANITIZE_ADDRESS__)
# define WEFT_HAVE_ASAN 1
#elif defined(__has_feature)
# if __has_feature(address_sanitizer)
#  define WEFT_HAVE_ASAN 1
# endif
#endif
#ifndef WEFT_HAVE_ASAN
# define WEFT_HAVE_ASAN 0
#endif

#define SELF_EXE           "/proc/self/exe"
#define PROBE_ARGUMENT     "--weft-hdf5-probe"
#define PROBE_ENV          "WEFT_HDF5_PROBE"         /* the file */
#define PROBE_LIMITS_ENV   "WEFT_HDF5_PROBE_LIMITS"  /* "PARENT-PID MEMORY-BYTES CPU-SECONDS" */
#define PROBE_SLEEP_ENV    "WEFT_HDF5_PROBE_SLEEP"   /* tests: sleep instead of reading */

#define STATUS_STARTED     "started\n"
#define STATUS_OK          "ok\n"
#define STATUS_MEMORY      "memory\n"

#define TIME_LIMIT_S       20
/* Reading a large file takes longer: one more second per this many bytes. */
#define BYTES_PER_EXTRA_S  (G_GUINT64_CONSTANT (32) << 20)
#define MIN_MEMORY_BYTES   (G_GUINT64_CONSTANT (1) << 30)
#define MEMORY_PER_BYTE    32
#define MAX_VERDICTS       1024

typedef enum
{
  PROBE_CLEAN,       /* the reader finished, with or without an error of its own */
  PROBE_NO_VERDICT,  /* the child could not be run: read in the process */
  PROBE_DAMAGED,     /* libhdf5 crashed or ran out of memory */
  PROBE_TOO_SLOW,    /* killed at the time limit */
  PROBE_CANCELLED,
} ProbeResult;

typedef struct
{
  GMainContext *context;
  gboolean      exited;
  gboolean      timed_out;
  gint          cancelled;   /* atomic: set in the cancelling thread */
} ProbeWait;

static GMutex      verdicts_mutex;
static GHashTable *verdicts;          /* file version → GError, NULL when clean */
static gint        isolation_off;
static guint       n_runs;
static guint       test_timeout_ms;   /* nonzero: instead of the usual limit */
static gint        test_child_sleeps;

/* --- The parent -------------------------------------------------------------- */

/**
 * weft_hdf5_set_isolation:
 *
 * Whether weft_hdf5_probe_file() runs a child (the default). The fuzz harness
 * turns it off: it tests the reader itself, in its own process.
 */
void
weft_hdf5_set_isolation (gboolean isolate)
{
  g_atomic_int_set (&isolation_off, !isolate);
}

guint
weft_hdf5_probe_get_n_runs (void)
{
  return (guint)g_atomic_int_get (&n_runs);
}

/**
 * weft_hdf5_probe_set_test_hooks:
 * @timeout_ms: the time limit of children started from now on; 0 for the
 *   usual one
 * @child_sleeps: whether they sleep instead of reading
 *
 * For tests of the time limit and of cancellation.
 */
void
weft_hdf5_probe_set_test_hooks (guint    timeout_ms,
                                gboolean child_sleeps)
{
  g_atomic_int_set (&test_timeout_ms, timeout_ms);
  g_atomic_int_set (&test_child_sleeps, child_sleeps);
}

static void
verdict_free (gpointer data)
{
  if (data != NULL)
    g_error_free (data);
}

static char *
version_key (const char        *path,
             const struct stat *st)
{
  return g_strdup_printf ("%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT ":%" G_GINT64_FORMAT ".%09ld:%s",
                          (guint64)st->st_dev, (guint64)st->st_ino, (guint64)st->st_size,
                          (gint64)st->st_mtim.tv_sec, (long)st->st_mtim.tv_nsec, path);
}

/* Whether @key has a verdict; if it has and it is an error, a copy in @error. */
static gboolean
lookup_verdict (const char  *key,
                GError     **error)
{
  gpointer verdict = NULL;
  gboolean known;

  g_mutex_lock (&verdicts_mutex);
  known = verdicts != NULL && g_hash_table_lookup_extended (verdicts, key, NULL, &verdict);
  if (known && verdict != NULL)
    g_propagate_error (error, g_error_copy (verdict));
  g_mutex_unlock (&verdicts_mutex);

  return known;
}

static void
remember_verdict (const char   *key,
                  const GError *error)
{
  g_mutex_lock (&verdicts_mutex);
  if (verdicts == NULL)
    verdicts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, verdict_free);
  /* Every version of every file read in a long session: a bound, not a
   * policy. Forgetting only costs a child more. */
  if (g_hash_table_size (verdicts) >= MAX_VERDICTS)
    g_hash_table_remove_all (verdicts);
  g_hash_table_insert (verdicts, g_strdup (key), error != NULL ? g_error_copy (error) : NULL);
  g_mutex_unlock (&verdicts_mutex);
}

static void
child_exited_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  ProbeWait *wait = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (object), result, NULL);
  wait->exited = TRUE;
}

static gboolean
time_limit_cb (gpointer user_data)
{
  ProbeWait *wait = user_data;

  wait->timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

/* In the thread that cancels. */
static void
cancelled_cb (GCancellable *cancellable,
              gpointer      user_data)
{
  ProbeWait *wait = user_data;

  g_atomic_int_set (&wait->cancelled, TRUE);
  g_main_context_wakeup (wait->context);
}

/* Waits until @child exits, killing it at the time limit or when @cancellable
 * fires; it has exited (and been reaped) on return. A private main context,
 * so that it works in any thread and dispatches nothing of the caller's.
 * (A handler rather than g_cancellable_source_new(): GLib 2.74 leaks such a
 * source when it is disposed while another thread is still emitting the
 * cancellation.) */
static void
wait_for_child (GSubprocess  *child,
                guint         timeout_ms,
                GCancellable *cancellable,
                ProbeWait    *wait)
{
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GSource) time_limit = g_timeout_source_new (timeout_ms);
  gulong handler = 0;

  wait->context = context;
  g_main_context_push_thread_default (context);

  g_subprocess_wait_async (child, NULL, child_exited_cb, wait);
  g_source_set_callback (time_limit, time_limit_cb, wait, NULL);
  g_source_attach (time_limit, context);
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), wait, NULL);

  while (!wait->exited && !wait->timed_out && !g_atomic_int_get (&wait->cancelled))
    g_main_context_iteration (context, TRUE);
  /* SIGKILL: the child holds nothing that needs cleaning up. */
  if (!wait->exited)
    g_subprocess_force_exit (child);
  while (!wait->exited)
    g_main_context_iteration (context, TRUE);

  /* Waits for a handler running in another thread to return. */
  g_cancellable_disconnect (cancellable, handler);
  g_source_destroy (time_limit);
  g_main_context_pop_thread_default (context);
  wait->context = NULL;
}

/* What the child wrote on its stdout, which it has closed by exiting. */
static char *
read_status (GSubprocess *child)
{
  char buffer[64];
  gsize n = 0;

  g_input_stream_read_all (g_subprocess_get_stdout_pipe (child), buffer, sizeof buffer - 1, &n, NULL, NULL);
  buffer[n] = '\0';
  return g_strdup (buffer);
}

static ProbeResult
run_probe (const char    *path,
           guint64        file_size,
           guint64        reader_bytes,
           GCancellable  *cancellable,
           GError       **error)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) child = NULL;
  g_autoptr(GError) spawn_error = NULL;
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *limits = NULL;
  g_autofree char *status = NULL;
  const char *const argv[] = { SELF_EXE, PROBE_ARGUMENT, NULL };
  guint test_ms = (guint)g_atomic_int_get (&test_timeout_ms);
  guint64 hdf5_bytes = MAX (MIN_MEMORY_BYTES, MIN (file_size, G_MAXUINT64 / 64) * MEMORY_PER_BYTE);
  guint timeout_s = TIME_LIMIT_S + (guint)MIN (file_size / BYTES_PER_EXTRA_S, 24 * 3600);
  guint timeout_ms = test_ms != 0 ? test_ms : timeout_s * 1000;
  guint cpu_s = timeout_ms / 1000 + 5;
  ProbeWait wait = { NULL, FALSE, FALSE, FALSE };
  gboolean started;

  if (!g_file_test (SELF_EXE, G_FILE_TEST_EXISTS))
    {
      g_debug ("%s: no %s to run an HDF5 probe with; reading %s in this process", G_STRFUNC, SELF_EXE, path);
      return PROBE_NO_VERDICT;
    }

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  limits = g_strdup_printf ("%d %" G_GUINT64_FORMAT " %u", (int)getpid (), hdf5_bytes + reader_bytes, cpu_s);
  g_subprocess_launcher_setenv (launcher, PROBE_ENV, path, TRUE);
  g_subprocess_launcher_setenv (launcher, PROBE_LIMITS_ENV, limits, TRUE);
  if (g_atomic_int_get (&test_child_sleeps))
    g_subprocess_launcher_setenv (launcher, PROBE_SLEEP_ENV, "1", TRUE);
  else
    g_subprocess_launcher_unsetenv (launcher, PROBE_SLEEP_ENV);
#if WEFT_HAVE_ASAN
  {
    const char *options = g_getenv ("ASAN_OPTIONS");
    g_autofree char *bounded = g_strdup_printf ("%s%shard_rss_limit_mb=%" G_GUINT64_FORMAT,
                                                options != NULL ? options : "",
                                                options != NULL && options[0] != '\0' ? ":" : "",
                                                (hdf5_bytes + reader_bytes) >> 20);

    g_subprocess_launcher_setenv (launcher, "ASAN_OPTIONS", bounded, TRUE);
  }
#endif

  child = g_subprocess_launcher_spawnv (launcher, argv, &spawn_error);
  if (child == NULL)
    {
      g_debug ("%s: could not start an HDF5 probe (%s); reading %s in this process",
               G_STRFUNC, spawn_error->message, path);
      return PROBE_NO_VERDICT;
    }
  g_atomic_int_inc (&n_runs);

  wait_for_child (child, timeout_ms, cancellable, &wait);
  status = read_status (child);
  started = g_str_has_prefix (status, STATUS_STARTED);

  if (g_atomic_int_get (&wait.cancelled) && g_cancellable_set_error_if_cancelled (cancellable, error))
    return PROBE_CANCELLED;

  if (wait.timed_out || (g_subprocess_get_if_signaled (child) && g_subprocess_get_term_sig (child) == SIGXCPU))
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE,
                   _("“%s” is damaged: libhdf5 did not finish reading it within %u s"),
                   display, wait.timed_out ? MAX (timeout_ms / 1000, 1) : cpu_s);
      return PROBE_TOO_SLOW;
    }

  if (!started)
    {
      g_debug ("%s: the HDF5 probe of %s did not start (is %s another program?); reading it in this process",
               G_STRFUNC, path, SELF_EXE);
      return PROBE_NO_VERDICT;
    }

  if (g_subprocess_get_if_signaled (child))
    {
      int signum = g_subprocess_get_term_sig (child);

      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE,
                   _("“%s” is damaged: libhdf5 crashed reading it (signal %d, %s)"),
                   display, signum, g_strsignal (signum));
      return PROBE_DAMAGED;
    }

  if (g_str_has_suffix (status, STATUS_MEMORY))
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE,
                   _("“%s” is damaged: libhdf5 tried to use more than %u MB reading it"),
                   display, (guint)MIN ((hdf5_bytes + reader_bytes) >> 20, G_MAXUINT));
      return PROBE_DAMAGED;
    }

  if (!g_str_has_suffix (status, STATUS_OK))
    {
      /* A sanitizer's report, or an exit() inside a library. */
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE,
                   _("“%s” is damaged: libhdf5 stopped reading it abnormally (exit status %d)"),
                   display, g_subprocess_get_exit_status (child));
      return PROBE_DAMAGED;
    }

  return PROBE_CLEAN;
}

/**
 * weft_hdf5_probe_file:
 * @path: the HDF5 file a reader is about to open
 * @reader_bytes: the most the reader itself allocates for one dataset (room
 *   left in the child's memory limit besides libhdf5's own budget)
 * @cancellable: (nullable): kills the child when cancelled
 *
 * Has a child process read @path as the reader would (once per version of
 * the file; see the top of this file). Blocks: call it where the reader
 * runs.
 *
 * Returns: %TRUE when the reader may open @path in this process (the child
 *   finished, or could not be run); %FALSE with @error set (WEFT_ERROR_PARSE
 *   saying what libhdf5 did, or G_IO_ERROR_CANCELLED) otherwise.
 */
gboolean
weft_hdf5_probe_file (const char    *path,
                      guint64        reader_bytes,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_autoptr(GError) verdict = NULL;
  g_autofree char *key = NULL;
  struct stat st;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (g_atomic_int_get (&isolation_off))
    return TRUE;
  /* Nothing libhdf5 could open: the reader says what is wrong. */
  if (stat (path, &st) != 0 || S_ISDIR (st.st_mode))
    return TRUE;

  key = version_key (path, &st);
  if (lookup_verdict (key, &verdict))
    {
      if (verdict == NULL)
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&verdict));
      return FALSE;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  switch (run_probe (path, (guint64)st.st_size, reader_bytes, cancellable, &verdict))
    {
    case PROBE_CLEAN:
      remember_verdict (key, NULL);
      return TRUE;

    case PROBE_NO_VERDICT:
      return TRUE;

    case PROBE_DAMAGED:
      remember_verdict (key, verdict);
      g_propagate_error (error, g_steal_pointer (&verdict));
      return FALSE;

    case PROBE_TOO_SLOW:
    case PROBE_CANCELLED:
    default:
      g_propagate_error (error, g_steal_pointer (&verdict));
      return FALSE;
    }
}

/* --- The child --------------------------------------------------------------- */

static void
write_status (const char *text)
{
  gsize len = strlen (text);

  while (len > 0)
    {
      ssize_t n = write (STDOUT_FILENO, text, len);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return;
      text += n;
      len -= (gsize)n;
    }
}

/* GLib gives up when g_malloc() fails: that too is the limit reached. */
static GLogWriterOutput
log_writer_cb (GLogLevelFlags   level,
               const GLogField *fields,
               gsize            n_fields,
               gpointer         user_data)
{
  int saved_errno = errno;

  if ((level & G_LOG_LEVEL_ERROR) != 0 && saved_errno == ENOMEM)
    {
      write_status (STATUS_MEMORY);
      _exit (0);
    }
  return g_log_writer_default (level, fields, n_fields, user_data);
}

/* Whether argv[1] is the probe's mark: the environment alone may be stale. */
static gboolean
started_as_probe (void)
{
  g_autofree char *cmdline = NULL;
  gsize len = 0;
  gsize second;

  if (!g_file_get_contents ("/proc/self/cmdline", &cmdline, &len, NULL))
    return FALSE;
  second = strnlen (cmdline, len) + 1;
  return second < len && strcmp (cmdline + second, PROBE_ARGUMENT) == 0;
}

#if !WEFT_HAVE_ASAN
/* Bytes of address space mapped now (program, libraries, heap). */
static guint64
mapped_bytes (void)
{
  g_autofree char *statm = NULL;

  if (!g_file_get_contents ("/proc/self/statm", &statm, NULL, NULL))
    return 0;
  return g_ascii_strtoull (statm, NULL, 10) * (guint64)sysconf (_SC_PAGESIZE);
}
#endif

static void
set_limits (guint64 memory_bytes,
            guint   cpu_s)
{
  struct rlimit no_core = { 0, 0 };
  struct rlimit cpu = { cpu_s, cpu_s + 1 };

  setrlimit (RLIMIT_CORE, &no_core);
  /* Also keeps a crash from reaching a core_pattern pipe (systemd-coredump),
   * which ignores RLIMIT_CORE. */
  prctl (PR_SET_DUMPABLE, 0, 0, 0, 0);

#if !WEFT_HAVE_ASAN
  {
    struct rlimit as;

    if (getrlimit (RLIMIT_AS, &as) == 0)
      {
        rlim_t limit = (rlim_t)(mapped_bytes () + memory_bytes);

        if (as.rlim_max != RLIM_INFINITY && as.rlim_max < limit)
          limit = as.rlim_max;
        as.rlim_cur = as.rlim_max = limit;
        setrlimit (RLIMIT_AS, &as);
      }
  }
#endif

  /* Last: a watcher (test-mda-hdf5-isolation) takes the CPU limit as the
   * sign that every limit is in place. */
  setrlimit (RLIMIT_CPU, &cpu);
}

/**
 * weft_hdf5_probe_child_main:
 *
 * Call from a constructor (before main()). Returns at once unless this process
 * is a probe child; a child reads its file as the reader would (the HDF5
 * module's probe) and exits.
 */
void
weft_hdf5_probe_child_main (void)
{
  const WeftHdf5Module *hdf5;
  gboolean allocation_failed;
  g_autofree char *path = NULL;
  g_auto(GStrv) limits = NULL;
  guint64 memory_bytes;
  guint cpu_s;

  if (g_getenv (PROBE_ENV) == NULL)
    return;

  /* Before main(), so still one thread: changing the environment is safe. */
  path = g_strdup (g_getenv (PROBE_ENV));
  limits = g_strsplit (g_getenv (PROBE_LIMITS_ENV) != NULL ? g_getenv (PROBE_LIMITS_ENV) : "", " ", 3);
  g_unsetenv (PROBE_ENV);
  g_unsetenv (PROBE_LIMITS_ENV);
  if (!started_as_probe ())
    {
      g_unsetenv (PROBE_SLEEP_ENV);
      return;
    }
  /* Marked as a child but not started by run_probe(): still never go on
   * into main() with the probe's argument. */
  if (g_strv_length (limits) != 3)
    _exit (1);

  /* Gone with the parent's thread; and if the parent went before that could
   * be set up, gone now. */
  prctl (PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
  if (getppid () != (pid_t)g_ascii_strtoll (limits[0], NULL, 10))
    _exit (1);

  /* Opened before the limits are measured and set: what the module and
   * libhdf5 map is the program's, not the file's. Without it the child gives
   * no verdict, and the read in the app says why. */
  hdf5 = weft_hdf5_module_get (NULL);
  if (hdf5 == NULL)
    _exit (1);

  memory_bytes = g_ascii_strtoull (limits[1], NULL, 10);
  cpu_s = (guint)g_ascii_strtoull (limits[2], NULL, 10);
  set_limits (memory_bytes, cpu_s);
  write_status (STATUS_STARTED);

  if (g_getenv (PROBE_SLEEP_ENV) != NULL)
    for (;;)
      g_usleep (G_USEC_PER_SEC);

  g_log_set_writer_func (log_writer_cb, NULL, NULL);
  errno = 0;
  allocation_failed = hdf5->probe (path);
  /* An allocation that failed where libhdf5 went on without reporting it. */
  if (errno == ENOMEM)
    allocation_failed = TRUE;

  write_status (allocation_failed ? STATUS_MEMORY : STATUS_OK);
  _exit (0);
}

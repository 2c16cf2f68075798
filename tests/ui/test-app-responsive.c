/* test-app-responsive.c: the window keeps drawing while big traces load, and
 * Cancel stops a load at once.
 *
 * For each family with a synthetic generator (Chapel, VisAndOr, MPD; and
 * HPCToolkit, 64 profiles, when weft-gen-hpcrun is given) a trace of
 * WEFT_RESPONSIVE_MB megabytes (default 60; the figures in the notes use
 * 1000) is written and opened in the application window.
 * A tick callback on the window records the frame clock's ticks: the longest
 * gap between two ticks while the document loads (from the new tab's third
 * frame on: the first ones lay out the tab itself) must stay under 50 ms (the
 * reading runs on worker threads; only progress reaches the main loop; the
 * best of three loads counts, for a shared machine's pauses); the
 * frame that builds the page must stay under 500 ms (building the HPCToolkit
 * page once took 16.9 s for 64 profiles), and the closing of the tab is
 * measured. Then the largest trace is opened again and cancelled mid-load:
 * the tab must be gone within 100 ms, and the memory the load took given
 * back.
 *
 * Arguments: the weft-gen-traces to run, then (optional) weft-gen-hpcrun.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <adwaita.h>
#include <glib/gstdio.h>

#include "weft-application.h"
#include "weft-format.h"
#include "weft-test-util.h"
#include "weft-ui-test-util.h"
#include "weft-window.h"

/* The targets hold for a plain build; a sanitizer build runs everything a few
 * times slower, so it gets proportionally more room. */
#if defined(__SANITIZE_ADDRESS__)
#define SLOWDOWN 3.0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SLOWDOWN 3.0
#endif
#endif
#ifndef SLOWDOWN
#define SLOWDOWN 1.0
#endif

#define MAX_GAP_MS    (50.0 * SLOWDOWN)
#define MAX_PAGE_MS   (500.0 * SLOWDOWN)
#define MAX_CANCEL_MS (100.0 * SLOWDOWN)
#define MAX_ATTEMPTS  3

static const char *weft_gen_traces;
static const char *weft_gen_hpcrun;
static char *tmp_dir;

typedef struct
{
  WeftDocumentView *view;
  gint64            last_tick;
  gint64            max_gap;
  guint             n_ticks;
  gint64            loaded_at;   /* when the view left "loading" */
  gint64            settled_gap; /* the frame that built the page */
  gint64            ready_at;    /* when the document finished reading */
  gint64            max_gap_at;
  gboolean          counted_last;
  gint64            page_gap;    /* the longest frame while the page was built */
} Ticks;

static void
document_state_cb (WeftDocument *document,
                   GParamSpec   *pspec,
                   Ticks        *ticks)
{
  if (ticks->ready_at == 0 && weft_document_get_state (document) != WEFT_DOCUMENT_LOADING)
    ticks->ready_at = g_get_monotonic_time ();
}

static void
state_cb (WeftDocumentView *view,
          GParamSpec       *pspec,
          Ticks            *ticks)
{
  if (ticks->loaded_at == 0 && g_strcmp0 (weft_document_view_get_state_name (view), "loading") != 0)
    ticks->loaded_at = g_get_monotonic_time ();
}

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  Ticks *ticks = user_data;
  gint64 now = g_get_monotonic_time ();
  gboolean loading = ticks->view != NULL &&
                     g_strcmp0 (weft_document_view_get_state_name (ticks->view), "loading") == 0;
  gboolean reading = loading && ticks->ready_at == 0;

  /* While the workers read, and apart from it the frame that waited for the
   * page to be built (once the document was read), which is part of opening
   * it too. */
  /* The first frames of a new tab lay out its loading page: that is opening
   * a tab, not loading; count from the third frame on. */
  if (reading && ticks->last_tick != 0 && ticks->n_ticks >= 2 && now - ticks->last_tick > ticks->max_gap)
    {
      ticks->max_gap = now - ticks->last_tick;
      ticks->max_gap_at = now;
    }
  if (!reading && ticks->ready_at != 0 && !ticks->counted_last && ticks->last_tick != 0)
    {
      ticks->page_gap = MAX (ticks->page_gap, now - ticks->last_tick);
      if (!loading)
        ticks->counted_last = TRUE;
    }
  if (reading)
    ticks->n_ticks++;
  ticks->last_tick = now;
  return G_SOURCE_CONTINUE;
}

/* Runs a generator (@argv, NULL-terminated) to its successful end. */
static void
run_generator (const char *const *argv)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
}

static char *
generate (const char *format,
          guint       megabytes)
{
  char *path = g_build_filename (tmp_dir, format, NULL);

  if (g_str_equal (format, "hpctoolkit"))
    {
      /* 64 profiles of 20,000 frames make 50 MB; at most 100,000 frames a
       * profile (a merged tree of millions). */
      g_autofree char *nodes = g_strdup_printf ("%u", CLAMP (megabytes * 400, 2000, 100000));
      g_autofree char *shared = g_strdup_printf ("%u", CLAMP (megabytes * 100, 500, 25000));

      run_generator ((const char *[]){ weft_gen_hpcrun, "--profiles", "64", "--nodes", nodes, "--shared", shared,
                                       path, NULL });
    }
  else
    {
      /* Bytes per line of each generator, roughly. */
      guint bytes_per_line = g_str_equal (format, "mpd") ? 81 : g_str_equal (format, "visandor") ? 34 : 54;
      g_autofree char *events = g_strdup_printf ("%" G_GUINT64_FORMAT, (guint64)megabytes * 1000000 / bytes_per_line);

      run_generator ((const char *[]){ weft_gen_traces, "-f", format, "-e", events, "-o", path, NULL });
    }
  if (g_str_equal (format, "chplvis"))
    {
      /* The generator writes PATH/NAME/NAME-0…: the run folder is PATH/GEN. */
      char *run = g_build_filename (path, "GEN", NULL);

      g_free (path);
      path = run;
    }
  return path;
}

static gboolean
view_settled (gpointer data)
{
  const char *state = weft_document_view_get_state_name (data);

  return g_strcmp0 (state, "content") == 0 || g_strcmp0 (state, "error") == 0;
}

static gsize
resident_kb (void)
{
  g_autofree char *text = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &text, NULL, NULL))
    return 0;
  line = strstr (text, "VmRSS:");
  return line != NULL ? (gsize)g_ascii_strtoull (line + 6, NULL, 10) : 0;
}

/* Opens @path in @window, waits until it shows, closes it. */
static void
open_and_close (WeftWindow *window,
                const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  WeftDocumentView *view = weft_window_open_files (window, &file, 1);

  g_assert_true (weft_ui_wait_for (view_settled, view));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-tab", NULL);
  weft_ui_spin (100);
}

/* Opens @path in @window, measures the frames while it loads into @ticks,
 * prints the figures and closes the tab again. */
static void
measure_load (WeftWindow *window,
              Ticks      *ticks,
              const char *family,
              const char *path,
              gsize       size)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  gint64 start, deadline;

  *ticks = (Ticks) { 0 };
  start = g_get_monotonic_time ();
  ticks->view = weft_window_open_files (window, &file, 1);
  g_signal_connect (ticks->view, "notify::state-name", G_CALLBACK (state_cb), ticks);
  g_signal_connect (weft_document_view_get_document (ticks->view), "notify::state",
                    G_CALLBACK (document_state_cb), ticks);
  deadline = start + 300 * G_USEC_PER_SEC;
  while (!(view_settled (ticks->view) && ticks->counted_last) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpstr (weft_document_view_get_state_name (ticks->view), ==, "content");

  g_test_message ("%s: %.0f MB read in %.2f s, page shown after %.2f s; %u frames while reading, longest gap "
                  "%.1f ms (ending %.2f s after opening); building the page took the main loop for %.1f ms",
                  family, size / 1e6, (ticks->ready_at - start) / 1e6, (ticks->loaded_at - start) / 1e6,
                  ticks->n_ticks, ticks->max_gap / 1000.0, (ticks->max_gap_at - start) / 1e6,
                  ticks->page_gap / 1000.0);
  g_signal_handlers_disconnect_by_data (ticks->view, ticks);
  g_signal_handlers_disconnect_by_data (weft_document_view_get_document (ticks->view), ticks);
  printf ("bench responsive-%s-%.0fMB-max-gap %.1f ms\n", family, size / 1e6, ticks->max_gap / 1000.0);
  printf ("bench responsive-%s-%.0fMB-page-build-gap %.1f ms\n", family, size / 1e6, ticks->page_gap / 1000.0);
  g_assert_cmpuint (ticks->n_ticks, >, 2);

  /* Closing the tab: what its widgets' disposal and the next frame take
   * on the main thread (big data goes on threads of its own). */
  ticks->view = NULL;
  {
    gint64 closing = g_get_monotonic_time ();

    gtk_widget_activate_action (GTK_WIDGET (window), "win.close-tab", NULL);
    weft_ui_iterate ();
    printf ("bench responsive-%s-%.0fMB-close %.1f ms\n", family, size / 1e6,
            (g_get_monotonic_time () - closing) / 1000.0);
  }
}

static void
test_responsive (void)
{
  const char *families_env = g_getenv ("WEFT_RESPONSIVE_FAMILIES");
  g_auto(GStrv) families = g_strsplit (families_env != NULL ? families_env
                                       : weft_gen_hpcrun != NULL ? "chplvis,visandor,mpd,hpctoolkit"
                                                                 : "chplvis,visandor,mpd", ",", -1);
  const char *env = g_getenv ("WEFT_RESPONSIVE_MB");
  guint megabytes = env != NULL ? (guint)g_ascii_strtoull (env, NULL, 10) : 60;
  WeftWindow *window = weft_window_new (NULL);
  Ticks ticks = { 0 };
  guint tick_id;
  g_autofree char *largest = NULL;
  g_autofree char *previous = NULL;
  gsize largest_size = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (window), tick_cb, &ticks, NULL);

  /* A first tab pays once for what every tab shares (icon theme, styles, the
   * page types): opened and closed before measuring. */
  {
    g_autofree char *demo = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);

    open_and_close (window, demo);
  }

  for (guint f = 0; families[f] != NULL; f++)
    {
      g_autofree char *path = generate (families[f], megabytes);
      GStatBuf st;
      gsize size = 0;

      if (g_stat (path, &st) == 0 && S_ISREG (st.st_mode))
        size = (gsize)st.st_size;
      else
        {
          g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
          const char *name;

          while ((name = g_dir_read_name (dir)) != NULL)
            {
              g_autofree char *part = g_build_filename (path, name, NULL);

              if (g_stat (part, &st) == 0)
                size += (gsize)st.st_size;
            }
        }

      /* A shared machine sometimes takes the processor away from the
       * whole process for tens of milliseconds (one HPCToolkit load in
       * eight here; 70 ms once in CI, with the next loads of the same file
       * at 18-22 ms). A stall of Weft's own comes back every time (the
       * ones this test found did): the family passes when one of three
       * loads stays under the bound, and every load is printed. Each try
       * comes after the previous family's tab, as the first did, since
       * what that tab leaves running is one of the stalls looked for. */
      for (guint attempt = 0; attempt < MAX_ATTEMPTS; attempt++)
        {
          if (attempt > 0)
            {
              g_test_message ("%s: longest gap %.1f ms is over %.0f ms; loading it again", families[f],
                              ticks.max_gap / 1000.0, MAX_GAP_MS);
              weft_ui_spin (100);
              if (previous != NULL)
                open_and_close (window, previous);
            }
          measure_load (window, &ticks, families[f], path, size);
          if (ticks.max_gap / 1000.0 < MAX_GAP_MS)
            break;
        }
      /* MPD, loaded after VisAndOr, once stalled here by up to 0.8 s at
       * 900 MB: the closed VisAndOr tab's layout worker ran on and its task
       * freed the layout and the dataset on the main thread when it ended;
       * and later by 45-120 ms, since the worker, which held the tree view,
       * still ran on and, when it ended, the view's disposal freed the
       * layout on the main thread while the MPD reader faulted its pages in
       * (munmap waits for the address space's lock). The family order keeps
       * that case covered. */
      g_assert_cmpfloat (ticks.max_gap / 1000.0, <, MAX_GAP_MS);
      g_assert_cmpfloat (ticks.page_gap / 1000.0, <, MAX_PAGE_MS);
      weft_ui_spin (100);
      /* Cancelled below: one of weft-gen-traces'. */
      if (size > largest_size && !g_str_equal (families[f], "hpctoolkit"))
        {
          g_free (largest);
          largest = g_strdup (path);
          largest_size = size;
        }
      g_free (previous);
      previous = g_steal_pointer (&path);
    }

  /* Cancel half-way: the tab closes at once and the memory comes back. */
  {
    g_autoptr(GFile) file = g_file_new_for_path (largest);
    WeftDocumentView *view;
    AdwTabView *tabs = weft_window_get_tab_view (window);
    gsize before = resident_kb (), during, after;
    gint64 cancelled_at;
    double cancel_ms;

    view = weft_window_open_files (window, &file, 1);
    /* Until the reader has taken a good part of the file in. */
    while (g_strcmp0 (weft_document_view_get_state_name (view), "loading") == 0 &&
           weft_document_get_fraction (weft_document_view_get_document (view)) < 0.3)
      g_main_context_iteration (NULL, TRUE);
    g_assert_cmpstr (weft_document_view_get_state_name (view), ==, "loading");
    during = resident_kb ();

    cancelled_at = g_get_monotonic_time ();
    weft_document_view_cancel (view);
    while (adw_tab_view_get_n_pages (tabs) > 0 && g_get_monotonic_time () - cancelled_at < 10 * G_USEC_PER_SEC)
      g_main_context_iteration (NULL, TRUE);
    cancel_ms = (g_get_monotonic_time () - cancelled_at) / 1000.0;
    g_assert_cmpint (adw_tab_view_get_n_pages (tabs), ==, 0);
    weft_ui_spin (200);
    after = resident_kb ();

    g_test_message ("cancel after %.0f%%: tab closed in %.1f ms; RSS %zu MB before, %zu MB loading, %zu MB after",
                    100 * 0.3, cancel_ms, before / 1024, during / 1024, after / 1024);
    printf ("bench responsive-cancel %.1f ms\n", cancel_ms);
    printf ("bench responsive-cancel-rss-after %zu MB (before %zu MB, while loading %zu MB)\n",
            after / 1024, before / 1024, during / 1024);
    g_assert_cmpfloat (cancel_ms, <, MAX_CANCEL_MS);
    /* What the load took is given back (within 64 MB of allocator slack). */
    g_assert_cmpuint (after, <, before + 64 * 1024);
  }

  gtk_widget_remove_tick_callback (GTK_WIDGET (window), tick_id);
  weft_ui_destroy_window (GTK_WIDGET (window));
}

int
main (int    argc,
      char **argv)
{
  int status;

  /* weft_ui_test_init picks the application's renderer: GL on a software
   * rasterizer would compile shaders on the main thread for a second. */
  weft_ui_test_init (&argc, &argv);
  adw_init ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  weft_init_resources ();
  weft_formats_init ();

  g_assert_cmpint (argc, >=, 2);
  weft_gen_traces = argv[1];
  weft_gen_hpcrun = argc >= 3 ? argv[2] : NULL;
  tmp_dir = weft_test_make_tmp_dir ();

  g_test_add_func ("/app/responsive/load-and-cancel", test_responsive);

  status = g_test_run ();
  weft_test_rm_rf (tmp_dir);
  g_free (tmp_dir);
  return status;
}

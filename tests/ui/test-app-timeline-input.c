/* test-app-timeline-input.c: the application shows a trace, and real input
 * (xdotool under Xvfb) drives its timeline: Alt+3 brings the Timeline view, a
 * drag across the plot zooms to the dragged range (±1 pixel), Ctrl+wheel zooms
 * around the pointer, Alt+Left goes back; and the matrix follows the range.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <adwaita.h>

#include "weft-application.h"
#include "weft-chplvis-page.h"
#include "weft-format.h"
#include "weft-test-util.h"
#include "weft-ui-test-util.h"
#include "weft-window.h"

static gboolean
view_shows_content (gpointer data)
{
  return g_strcmp0 (weft_document_view_get_state_name (data), "content") == 0;
}

static gboolean
figures_ready (gpointer data)
{
  return !weft_chplvis_page_get_busy (data);
}

static void
wait_figures (WeftChplvisPage *page)
{
  weft_ui_spin (50);
  g_assert_true (weft_ui_wait_for (figures_ready, page));
}

static void
test_app_timeline_input (void)
{
  g_autofree char *demo = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (demo);
  g_autofree char *xid = NULL;
  WeftWindow *window;
  WeftDocumentView *view;
  WeftChplvisPage *page;
  WeftTimelineView *timeline_view;
  WeftTimeline *timeline;
  WeftTimelineRenderer *renderer;
  WeftTimeModel *model;
  WeftScreenOrigin screen;
  double plot_x, plot_y, plot_w, plot_h;
  WeftTimeSpan dragged;
  const WeftTimeSpan *visible;
  double x0, x1, y, time_per_px;
  gint64 expect_begin, expect_end, t_pointer;

  if (!weft_ui_have_xdotool ())
    g_error ("xdotool is not installed: the real-input test needs it (apt-get install xdotool)");

  window = weft_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  view = weft_window_open_files (window, &file, 1);
  g_assert_true (weft_ui_wait_for (view_shows_content, view));

  page = WEFT_CHPLVIS_PAGE (weft_document_view_get_page (view));
  g_assert_true (WEFT_IS_CHPLVIS_PAGE (page));
  weft_ui_wait_drawn (GTK_WIDGET (page));
  wait_figures (page);

  /* Alt+3, typed, shows the timeline. */
  weft_ui_locate (GTK_WIDGET (page), &screen);
  xid = g_strdup_printf ("%lu", screen.xid);
  weft_ui_xdotool ("windowfocus", "--sync", xid, "key", "alt+3", NULL);
  g_assert_cmpstr (weft_chplvis_page_get_view (page), ==, "timeline");

  timeline_view = weft_chplvis_page_get_timeline_view (page);
  timeline = weft_timeline_view_get_timeline (timeline_view);
  renderer = weft_timeline_get_renderer (timeline);
  model = weft_chplvis_page_get_time_model (page);
  g_assert_true (weft_timeline_get_time_model (timeline) == model);
  weft_ui_wait_drawn (GTK_WIDGET (timeline));
  weft_ui_locate (GTK_WIDGET (timeline), &screen);

  /* Drag across a third of the plot, on locale 3's row. */
  weft_timeline_renderer_get_plot_area (renderer, &plot_x, &plot_y, &plot_w, &plot_h);
  x0 = plot_x + plot_w * 0.30;
  x1 = plot_x + plot_w * 0.62;
  {
    double row_y, row_h;

    g_assert_true (weft_timeline_renderer_get_row_extent (renderer, 3, -1, &row_y, &row_h));
    y = row_y + row_h / 2;
  }
  expect_begin = weft_timeline_renderer_x_to_time (renderer, x0);
  expect_end = weft_timeline_renderer_x_to_time (renderer, x1);
  time_per_px = weft_time_span_duration (weft_time_model_get_visible_span (model)) / plot_w;
  {
    g_autofree char *sx0 = weft_ui_px (screen.left + x0), *sxm = weft_ui_px (screen.left + (x0 + x1) / 2);
    g_autofree char *sx1 = weft_ui_px (screen.left + x1), *sy = weft_ui_px (screen.top + y);

    weft_ui_xdotool ("mousemove", "--sync", sx0, sy, "mousedown", "1",
                     "mousemove", "--sync", sxm, sy, "mousemove", "--sync", sx1, sy, "mouseup", "1", NULL);
  }
  visible = weft_time_model_get_visible_span (model);
  g_assert_cmpfloat (fabs ((double)(visible->begin - expect_begin)), <=, time_per_px + 1);
  g_assert_cmpfloat (fabs ((double)(visible->end - expect_end)), <=, time_per_px + 1);
  g_assert_true (weft_time_model_get_can_go_back (model));
  dragged = *visible;

  /* The other views follow: the page now asks for exactly that range. */
  wait_figures (page);
  {
    WeftChplvisQuery query;

    weft_chplvis_page_get_query (page, &query);
    g_assert_true (query.has_range);
    g_assert_cmpint (query.range.begin, ==, dragged.begin);
    g_assert_cmpint (query.range.end, ==, dragged.end);
  }

  /* Ctrl+wheel up zooms in, keeping the time under the pointer (±1 px). */
  {
    double xp = plot_x + plot_w * 0.5;
    g_autofree char *sx = weft_ui_px (screen.left + xp), *sy = weft_ui_px (screen.top + y);
    gint64 before = weft_time_span_duration (weft_time_model_get_visible_span (model));

    t_pointer = weft_timeline_renderer_x_to_time (renderer, xp);
    weft_ui_xdotool ("mousemove", "--sync", sx, sy, "keydown", "ctrl", "click", "4", "keyup", "ctrl", NULL);
    visible = weft_time_model_get_visible_span (model);
    g_assert_cmpint (weft_time_span_duration (visible), <, before);
    time_per_px = weft_time_span_duration (visible) / plot_w;
    g_assert_cmpfloat (fabs ((double)(weft_timeline_renderer_x_to_time (renderer, xp) - t_pointer)), <=,
                       MAX (time_per_px, 1.0) + 1);
  }

  /* Alt+Left returns to the dragged range. */
  weft_ui_xdotool ("key", "alt+Left", NULL);
  visible = weft_time_model_get_visible_span (model);
  g_assert_cmpint (visible->begin, ==, dragged.begin);
  g_assert_cmpint (visible->end, ==, dragged.end);

  gtk_window_destroy (GTK_WINDOW (window));
  weft_ui_spin (50);
}

int
main (int    argc,
      char **argv)
{
  /* xdotool speaks X11. */
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  weft_ui_test_init (&argc, &argv);
  adw_init ();
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  weft_init_resources ();
  weft_formats_init ();

  g_test_add_func ("/app/timeline/real-input", test_app_timeline_input);

  return g_test_run ();
}

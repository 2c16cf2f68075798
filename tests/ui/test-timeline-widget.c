/* test-timeline-widget.c: the timeline widgets under a real X server.
 *
 * /timeline/widget/…: widget state after actions (visible span, Back and
 * Forward enabled or not, the toolbar's span text, tooltips).
 * /timeline/input/…: real input: xdotool moves, presses, drags, wheels and
 * types on the window, and the time model must follow (drag to zoom within a
 * pixel, Ctrl+wheel keeps the time under the pointer, Alt+Left goes back,
 * Escape cancels a drag, a click activates an event).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "weft-timeline-view.h"
#include "weft-ui-test-util.h"

#define PLOT_X     160.0
#define PLOT_WIDTH 1000.0

/* Fixture ----------------------------------------------------------------- */

/* Group "Locales": L0 compute [1000, 3000) "task 7" (ref 70), wait [6000,
 * 7000); L1 wait [2000, 8000). Shown over [0, 10000) in a 1160-pixel-wide
 * timeline: 10 ns per pixel, x = 160 + t / 10. */
static WeftEventTable *
build_table (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(GError) error = NULL;
  WeftEventTable *table;
  guint16 compute, wait;
  guint r0, r1;

  compute = weft_event_table_builder_add_kind (builder, "compute", WEFT_EVENT_INTERVAL, 0xe01b24ff);
  wait = weft_event_table_builder_add_kind (builder, "wait", WEFT_EVENT_INTERVAL, 0x3584e4ff);
  r0 = weft_event_table_builder_add_row (builder, "L0", "Locales");
  r1 = weft_event_table_builder_add_row (builder, "L1", "Locales");
  weft_event_table_builder_add_interval (builder, r0, 1000, 3000, compute,
                                         weft_event_table_builder_intern (builder, "task 7"), 70);
  weft_event_table_builder_add_interval (builder, r0, 6000, 7000, wait, 0, 71);
  weft_event_table_builder_add_interval (builder, r1, 2000, 8000, wait, 0, 73);
  weft_event_table_builder_add_interval (builder, r1, 0, 10, wait, 0, 74);
  weft_event_table_builder_add_interval (builder, r1, 9990, 10000, wait, 0, 75);

  table = weft_event_table_builder_finish (builder, NULL, &error);
  g_assert_no_error (error);

  return table;
}

static WeftTimeModel *
build_model (WeftEventTable *table)
{
  WeftTimeModel *model = weft_time_model_new ();
  WeftTimeSpan span = weft_event_table_get_span (table);

  g_assert_cmpint (span.begin, ==, 0);
  g_assert_cmpint (span.end, ==, 10000);
  weft_time_model_set_document_span (model, &span);

  return model;
}

typedef struct
{
  GtkWidget            *window;
  WeftTimelineView     *view;
  WeftTimeline         *timeline;
  WeftTimeModel        *model;
  WeftEventTable       *table;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->table = build_table ();
  f->model = build_model (f->table);

  f->window = gtk_window_new ();
  /* No title bar: under a bare X server the timeline's screen position is
   * then the window's position plus the widget's offset. */
  gtk_window_set_decorated (GTK_WINDOW (f->window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1160, 400);

  f->view = WEFT_TIMELINE_VIEW (weft_timeline_view_new ());
  weft_timeline_view_set_table (f->view, f->table);
  weft_timeline_view_set_time_model (f->view, f->model);
  f->timeline = weft_timeline_view_get_timeline (f->view);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->view));
  gtk_window_present (GTK_WINDOW (f->window));
  weft_ui_wait_drawn (GTK_WIDGET (f->timeline));

  /* The layout above assumes the timeline spans the window. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->timeline)), ==, 1160);
}

/* With WEFT_TEST_DUMP=DIR, saves what the window shows (to look at). */
static void
dump_window (Fixture    *f,
             const char *name)
{
  const char *dir = g_getenv ("WEFT_TEST_DUMP");
  GtkNative *native;
  GskRenderer *renderer;
  GdkPaintable *paintable;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;

  if (dir == NULL)
    return;

  native = gtk_widget_get_native (GTK_WIDGET (f->view));
  renderer = gtk_native_get_renderer (native);
  paintable = gtk_widget_paintable_new (GTK_WIDGET (f->window));
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot,
                          gtk_widget_get_width (f->window), gtk_widget_get_height (f->window));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node != NULL)
    {
      texture = gsk_renderer_render_texture (renderer, node, NULL);
      path = g_strdup_printf ("%s/%s.png", dir, name);
      gdk_texture_save_to_png (texture, path);
    }
  g_object_unref (paintable);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  weft_ui_spin (50);
  g_clear_object (&f->model);
  g_clear_pointer (&f->table, weft_event_table_unref);
}

static void
assert_visible (WeftTimeModel *model,
                gint64         begin,
                gint64         end)
{
  const WeftTimeSpan *visible = weft_time_model_get_visible_span (model);

  g_assert_cmpint (visible->begin, ==, begin);
  g_assert_cmpint (visible->end, ==, end);
}

/* The toolbar button bound to @action. */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *action)
{
  if (GTK_IS_BUTTON (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, action);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static gboolean
button_enabled (Fixture    *f,
                const char *action)
{
  GtkWidget *button = find_button (GTK_WIDGET (f->view), action);

  g_assert_nonnull (button);
  return gtk_widget_is_sensitive (button);
}

/* Widget state ------------------------------------------------------------ */

static void
test_actions (Fixture       *f,
              gconstpointer  data)
{
  assert_visible (f->model, 0, 10000);
  g_assert_cmpstr (weft_timeline_view_get_span_text (f->view), ==, "0 – 10 µs (10 µs)");
  g_assert_false (button_enabled (f, "timeline.back"));
  g_assert_false (button_enabled (f, "timeline.forward"));
  g_assert_true (button_enabled (f, "timeline.zoom-in"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->timeline), "timeline.zoom-in", NULL));
  assert_visible (f->model, 2500, 7500);
  g_assert_cmpstr (weft_timeline_view_get_span_text (f->view), ==, "2.5 µs – 7.5 µs (5 µs)");
  g_assert_true (button_enabled (f, "timeline.back"));
  g_assert_false (button_enabled (f, "timeline.forward"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->timeline), "timeline.zoom-in", NULL));
  assert_visible (f->model, 3750, 6250);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->timeline), "timeline.zoom-out", NULL));
  assert_visible (f->model, 2500, 7500);

  /* The toolbar's Back button goes through the view's own action. */
  g_signal_emit_by_name (find_button (GTK_WIDGET (f->view), "timeline.back"), "clicked");
  assert_visible (f->model, 3750, 6250);
  g_assert_true (button_enabled (f, "timeline.forward"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->timeline), "timeline.forward", NULL));
  assert_visible (f->model, 2500, 7500);
  g_assert_false (button_enabled (f, "timeline.forward"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->timeline), "timeline.zoom-fit", NULL));
  assert_visible (f->model, 0, 10000);
  g_assert_true (button_enabled (f, "timeline.back"));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->timeline), "timeline.back", NULL));
  assert_visible (f->model, 2500, 7500);
}

static void
test_tooltip (Fixture       *f,
              gconstpointer  data)
{
  WeftTimelineRenderer *renderer = weft_timeline_get_renderer (f->timeline);
  g_autofree char *event = NULL;
  g_autofree char *header = NULL;
  g_autofree char *ruler = NULL;
  g_autofree char *nothing = NULL;
  double y, h;

  g_assert_true (weft_timeline_renderer_get_row_extent (renderer, 0, -1, &y, &h));

  /* x = 300 is t = 1400, inside "task 7". */
  event = weft_timeline_describe_at (f->timeline, 300, y + h / 2);
  g_assert_cmpstr (event, ==, "<b>compute</b> task 7\nRow: L0, lane 0\nStart: 1 µs\nDuration: 2 µs");

  header = weft_timeline_describe_at (f->timeline, 20, weft_timeline_renderer_get_ruler_height (renderer) + 3);
  g_assert_cmpstr (header, ==, "<b>Locales</b>\nClick to hide the rows");

  ruler = weft_timeline_describe_at (f->timeline, 410, 5);
  g_assert_cmpstr (ruler, ==, "2.5 µs");

  nothing = weft_timeline_describe_at (f->timeline, 200, y + h / 2);
  g_assert_null (nothing);

  /* Zoomed in, the same event is found where it now is. */
  weft_time_model_zoom_around (f->model, 1000, 0.5, TRUE);
  g_clear_pointer (&event, g_free);
  g_assert_cmpint (weft_time_model_get_visible_span (f->model)->begin, ==, 500);
  weft_ui_spin (100);
  dump_window (f, "tooltip-zoomed");
  event = weft_timeline_describe_at (f->timeline, PLOT_X + 200, y + h / 2);
  g_assert_nonnull (event);
  g_assert_nonnull (strstr (event, "task 7"));
}

static void
test_scrolling (Fixture       *f,
                gconstpointer  data)
{
  WeftTimelineRenderer *renderer = weft_timeline_get_renderer (f->timeline);
  GtkAdjustment *vadjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (f->timeline));

  g_assert_nonnull (vadjustment);
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadjustment), >=,
                     weft_timeline_renderer_get_content_height (renderer));
  g_assert_cmpfloat (gtk_adjustment_get_page_size (vadjustment), ==,
                     gtk_widget_get_height (GTK_WIDGET (f->timeline)) - weft_timeline_renderer_get_ruler_height (renderer));
}

static void
test_finalize (void)
{
  g_autoptr(WeftEventTable) table = build_table ();
  g_autoptr(WeftTimeModel) model = build_model (table);
  GtkWidget *timeline = g_object_ref_sink (weft_timeline_new ());
  GtkWidget *overview = g_object_ref_sink (weft_timeline_overview_new ());
  GtkWidget *view = g_object_ref_sink (weft_timeline_view_new ());
  guint notified = 0;

  g_signal_connect_swapped (timeline, "notify::table", G_CALLBACK (g_atomic_int_inc), &notified);
  g_object_set (timeline, "table", table, "time-model", model, NULL);
  g_object_set (timeline, "table", table, NULL);
  g_assert_cmpuint (notified, ==, 1);
  g_object_set (overview, "table", table, "time-model", model, NULL);
  g_object_set (view, "table", table, "time-model", model, NULL);

  g_assert_finalize_object (timeline);
  g_assert_finalize_object (overview);
  g_assert_finalize_object (view);
}

/* Real input -------------------------------------------------------------- */

static double
row_middle (Fixture *f,
            guint    row)
{
  double y, h;

  g_assert_true (weft_timeline_renderer_get_row_extent (weft_timeline_get_renderer (f->timeline),
                                                        row, -1, &y, &h));
  return y + h / 2;
}

static void
event_activated_cb (WeftTimeline    *timeline,
                    WeftTimelineHit *hit,
                    WeftTimelineHit *out)
{
  *out = *hit;
}

static void
test_real_input (Fixture       *f,
                 gconstpointer  data)
{
  WeftTimelineRenderer *renderer = weft_timeline_get_renderer (f->timeline);
  g_autofree char *xid = NULL;
  WeftTimelineHit activated = { .type = WEFT_TIMELINE_HIT_NONE };
  const WeftTimeSpan *visible;
  WeftTimeSpan dragged, before_wheel;
  WeftScreenOrigin screen;
  double y_row0, y_row1, time_per_px;
  gint64 t_pointer, expect_begin, expect_end;

  if (!weft_ui_have_xdotool ())
    g_error ("xdotool is not installed: it is needed for the real-input timeline test "
             "(build-aux/test installs it; apt-get install xdotool)");

  weft_ui_locate (GTK_WIDGET (f->timeline), &screen);
  xid = g_strdup_printf ("%lu", (gulong)screen.xid);
  y_row0 = screen.top + row_middle (f, 0);
  y_row1 = screen.top + row_middle (f, 1);
  g_signal_connect (f->timeline, "event-activated", G_CALLBACK (event_activated_cb), &activated);

  /* A click (no drag) on "task 7" (x = 300) activates it. */
  {
    g_autofree char *x = weft_ui_px (screen.left + 300), *y = weft_ui_px (y_row0);

    weft_ui_xdotool ("mousemove", "--sync", x, y, "click", "1", NULL);
  }
  g_assert_cmpint (activated.type, ==, WEFT_TIMELINE_HIT_EVENT);
  g_assert_cmpuint (activated.ref, ==, 70);
  g_assert_cmpint (activated.row, ==, 0);
  g_assert_true (weft_timeline_get_selected_event (f->timeline, NULL));
  assert_visible (f->model, 0, 10000);

  /* Drag on L1 from x = 310 to x = 612: visible becomes [1500, 4520). */
  expect_begin = weft_timeline_renderer_x_to_time (renderer, 310);
  expect_end = weft_timeline_renderer_x_to_time (renderer, 612);
  time_per_px = 10000 / PLOT_WIDTH;
  {
    g_autofree char *x0 = weft_ui_px (screen.left + 310), *xm = weft_ui_px (screen.left + 450);
    g_autofree char *x1 = weft_ui_px (screen.left + 612), *y = weft_ui_px (y_row1);

    weft_ui_xdotool ("mousemove", "--sync", x0, y, "mousedown", "1",
                 "mousemove", "--sync", xm, y, "mousemove", "--sync", x1, y, "mouseup", "1", NULL);
  }
  visible = weft_time_model_get_visible_span (f->model);
  g_assert_cmpfloat (fabs ((double)(visible->begin - expect_begin)), <=, time_per_px);
  g_assert_cmpfloat (fabs ((double)(visible->end - expect_end)), <=, time_per_px);
  g_assert_cmpint (visible->begin, ==, 1500);
  g_assert_cmpint (visible->end, ==, 4520);
  g_assert_true (weft_time_model_get_can_go_back (f->model));
  dragged = *visible;

  /* Ctrl+wheel up at x = 700 zooms in around the time under the pointer. */
  t_pointer = weft_timeline_renderer_x_to_time (renderer, 700);
  before_wheel = *weft_time_model_get_visible_span (f->model);
  {
    g_autofree char *x = weft_ui_px (screen.left + 700), *y = weft_ui_px (y_row1);

    weft_ui_xdotool ("mousemove", "--sync", x, y, "keydown", "ctrl", "click", "4", "keyup", "ctrl", NULL);
  }
  visible = weft_time_model_get_visible_span (f->model);
  g_assert_cmpint (weft_time_span_duration (visible), <, weft_time_span_duration (&before_wheel));
  time_per_px = weft_time_span_duration (visible) / PLOT_WIDTH;
  g_assert_cmpfloat (fabs ((double)(weft_timeline_renderer_x_to_time (renderer, 700) - t_pointer)), <=,
                     MAX (time_per_px, 1.0));

  /* Alt+Left returns to the range before the wheel zoom. */
  weft_ui_xdotool ("windowfocus", xid, "key", "alt+Left", NULL);
  assert_visible (f->model, dragged.begin, dragged.end);
  g_assert_true (weft_time_model_get_can_go_forward (f->model));

  /* Escape during a drag cancels it: nothing changes on release. */
  {
    g_autofree char *x0 = weft_ui_px (screen.left + 300), *x1 = weft_ui_px (screen.left + 800), *y = weft_ui_px (y_row1);

    weft_ui_xdotool ("mousemove", "--sync", x0, y, "mousedown", "1", "mousemove", "--sync", x1, y,
                 "key", "Escape", "mouseup", "1", NULL);
  }
  assert_visible (f->model, dragged.begin, dragged.end);

  /* Shift+drag selects without zooming. */
  expect_begin = weft_timeline_renderer_x_to_time (renderer, 400);
  expect_end = weft_timeline_renderer_x_to_time (renderer, 900);
  {
    g_autofree char *x0 = weft_ui_px (screen.left + 400), *x1 = weft_ui_px (screen.left + 900), *y = weft_ui_px (y_row1);

    weft_ui_xdotool ("mousemove", "--sync", x0, y, "keydown", "shift", "mousedown", "1",
                 "mousemove", "--sync", x1, y, "mouseup", "1", "keyup", "shift", NULL);
  }
  assert_visible (f->model, dragged.begin, dragged.end);
  g_assert_true (weft_time_model_get_has_selection (f->model));
  g_assert_cmpint (weft_time_model_get_selected_span (f->model)->begin, ==, expect_begin);
  g_assert_cmpint (weft_time_model_get_selected_span (f->model)->end, ==, expect_end);

  dump_window (f, "shift-selected");

  /* Shift+wheel pans by a tenth of the span, keeping its duration. */
  {
    g_autofree char *x = weft_ui_px (screen.left + 700), *y = weft_ui_px (y_row1);

    weft_ui_xdotool ("mousemove", "--sync", x, y, "keydown", "shift", "click", "5", "keyup", "shift", NULL);
  }
  visible = weft_time_model_get_visible_span (f->model);
  g_assert_cmpint (weft_time_span_duration (visible), ==, weft_time_span_duration (&dragged));
  g_assert_cmpint (visible->begin, ==, dragged.begin + weft_time_span_duration (&dragged) / 10);

  /* A middle-button drag 100 pixels to the right shows what was 100 pixels
   * to the left: the content follows the pointer. */
  {
    WeftTimeSpan before = *weft_time_model_get_visible_span (f->model);
    gint64 per_100px = weft_time_span_duration (&before) / 10;
    g_autofree char *x0 = weft_ui_px (screen.left + 500), *x1 = weft_ui_px (screen.left + 600), *y = weft_ui_px (y_row1);

    weft_ui_xdotool ("mousemove", "--sync", x0, y, "mousedown", "2", "mousemove", "--sync", x1, y,
                 "mouseup", "2", NULL);
    visible = weft_time_model_get_visible_span (f->model);
    g_assert_cmpint (weft_time_span_duration (visible), ==, weft_time_span_duration (&before));
    g_assert_cmpint (ABS (visible->begin - (before.begin - per_100px)), <=, per_100px / 100 + 1);
  }

  /* Clicking the group header collapses the group; clicking again shows it. */
  {
    double header_y = screen.top + weft_timeline_renderer_get_ruler_height (renderer) + 4;
    g_autofree char *x = weft_ui_px (screen.left + 30), *y = weft_ui_px (header_y);

    weft_ui_xdotool ("mousemove", "--sync", x, y, "click", "1", NULL);
    g_assert_true (weft_timeline_renderer_get_group_collapsed (renderer, "Locales"));
    /* No "mousemove --sync" to where the pointer already is: it would wait
     * for a motion that never comes. */
    weft_ui_xdotool ("click", "1", NULL);
    g_assert_false (weft_timeline_renderer_get_group_collapsed (renderer, "Locales"));
  }

  /* A click on the overview centres the visible span there. */
  {
    WeftTimelineOverview *overview = weft_timeline_view_get_overview (f->view);
    WeftTimeSpan before = *weft_time_model_get_visible_span (f->model);
    graphene_point_t at;
    double ox = gtk_widget_get_width (GTK_WIDGET (overview)) * 0.75;
    gint64 center;

    g_assert_true (gtk_widget_compute_point (GTK_WIDGET (overview), GTK_WIDGET (f->timeline),
                                             &GRAPHENE_POINT_INIT (ox, 10), &at));
    {
      g_autofree char *x = weft_ui_px (screen.left + at.x), *y = weft_ui_px (screen.top + at.y);

      weft_ui_xdotool ("mousemove", "--sync", x, y, "click", "1", NULL);
    }
    visible = weft_time_model_get_visible_span (f->model);
    center = visible->begin + weft_time_span_duration (visible) / 2;
    g_assert_cmpint (weft_time_span_duration (visible), ==, weft_time_span_duration (&before));
    /* 10000 ns over the overview's width: within a pixel's worth. */
    g_assert_cmpint (ABS (center - 7500), <=,
                     10000 / gtk_widget_get_width (GTK_WIDGET (overview)) + 2);
  }
}

/* Two rows in a 400-pixel view share its height instead of leaving the lower
 * part empty, up to 2.5 times their usual height. */
static void
test_rows_fill_height (Fixture       *f,
                       gconstpointer  data)
{
  WeftTimelineRenderer *renderer = weft_timeline_get_renderer (f->timeline);
  double page = gtk_widget_get_height (GTK_WIDGET (f->timeline)) - weft_timeline_renderer_get_ruler_height (renderer);
  double row = weft_timeline_renderer_get_row_height (renderer);

  g_assert_cmpfloat (row, >, WEFT_TIMELINE_DEFAULT_ROW_HEIGHT);
  g_assert_cmpfloat (row, <=, WEFT_TIMELINE_DEFAULT_ROW_HEIGHT * 2.5);
  g_assert_cmpfloat (weft_timeline_renderer_get_content_height (renderer), <=, page);
  /* Either the rows reached their largest height or they fill the page to
   * within a row's growth. */
  g_assert_true (row == WEFT_TIMELINE_DEFAULT_ROW_HEIGHT * 2.5 ||
                 weft_timeline_renderer_get_content_height (renderer) > page - 8);
}

int
main (int   argc,
      char *argv[])
{
  /* Real input needs X11 (xdotool); the widget tests run there too. */
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  weft_ui_test_init (&argc, &argv);
  adw_init ();

  g_test_add ("/timeline/widget/actions", Fixture, NULL, fixture_set_up, test_actions, fixture_tear_down);
  g_test_add ("/timeline/widget/tooltip", Fixture, NULL, fixture_set_up, test_tooltip, fixture_tear_down);
  g_test_add ("/timeline/widget/scrolling", Fixture, NULL, fixture_set_up, test_scrolling, fixture_tear_down);
  g_test_add ("/timeline/widget/rows-fill-height", Fixture, NULL, fixture_set_up, test_rows_fill_height, fixture_tear_down);
  g_test_add_func ("/timeline/widget/finalize", test_finalize);
  g_test_add ("/timeline/input/real", Fixture, NULL, fixture_set_up, test_real_input, fixture_tear_down);

  return g_test_run ();
}

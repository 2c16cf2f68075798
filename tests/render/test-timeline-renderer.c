/* test-timeline-renderer.c: the timeline renderer draws events where their
 * times map to, and the "timeline" picture exports as PNG, SVG and PDF.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <string.h>

#include "weft-error.h"
#include "weft-exporter.h"
#include "weft-test-util.h"
#include "weft-timeline-renderer-private.h"

#define RED    0xe01b24ffu
#define BLUE   0x3584e4ffu
#define GREEN  0x33d17affu
#define PURPLE 0x9141acffu

/* A dataset holding just a table: the exporter's input ------------------ */

#define TEST_TYPE_DATASET (test_dataset_get_type ())
G_DECLARE_FINAL_TYPE (TestDataset, test_dataset, TEST, DATASET, GObject)

struct _TestDataset
{
  GObject         parent_instance;
  WeftEventTable *table;
};

static const char *
test_dataset_get_family (WeftDataset *dataset)
{
  return "test";
}

static WeftEventTable *
test_dataset_get_event_table (WeftDataset *dataset)
{
  return TEST_DATASET (dataset)->table;
}

static const char *const *
test_dataset_list_views (WeftDataset *dataset)
{
  static const char *const views[] = { "timeline", NULL };

  return views;
}

static void
test_dataset_iface_init (WeftDatasetInterface *iface)
{
  iface->get_family = test_dataset_get_family;
  iface->get_event_table = test_dataset_get_event_table;
  iface->list_views = test_dataset_list_views;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TestDataset, test_dataset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_DATASET, test_dataset_iface_init))

static void
test_dataset_finalize (GObject *object)
{
  g_clear_pointer (&TEST_DATASET (object)->table, weft_event_table_unref);
  G_OBJECT_CLASS (test_dataset_parent_class)->finalize (object);
}

static void
test_dataset_class_init (TestDatasetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_dataset_finalize;
}

static void
test_dataset_init (TestDataset *self)
{
}

/* Fixtures --------------------------------------------------------------- */

/* Rows (all in group "Locales"):
 *   0 "L0": compute [1000, 3000), wait [6000, 7000), mark at 5000
 *   1 "L1": wait [2000, 8000)
 *   2 "L2": three overlapping computes (3 lanes, squeezed)
 *   3 "L3": six computes on [1000, 2000), three on [5000, 6000) (6 lanes: concurrency)
 * and a send link from L0 at 3000 to L1 at 4000. Drawn over [0, 10000) on a
 * 1000-pixel plot: 10 ns per pixel, x = 160 + t / 10. */
static WeftEventTable *
build_table (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(GError) error = NULL;
  WeftEventTable *table;
  guint16 compute, wait, mark, send;
  guint r0, r1, r2, r3;

  compute = weft_event_table_builder_add_kind (builder, "compute", WEFT_EVENT_INTERVAL, RED);
  wait = weft_event_table_builder_add_kind (builder, "wait", WEFT_EVENT_INTERVAL, BLUE);
  mark = weft_event_table_builder_add_kind (builder, "mark", WEFT_EVENT_INSTANT, GREEN);
  send = weft_event_table_builder_add_kind (builder, "send", WEFT_EVENT_LINK, PURPLE);
  r0 = weft_event_table_builder_add_row (builder, "L0", "Locales");
  r1 = weft_event_table_builder_add_row (builder, "L1", "Locales");
  r2 = weft_event_table_builder_add_row (builder, "L2", "Locales");
  r3 = weft_event_table_builder_add_row (builder, "L3", "Locales");

  weft_event_table_builder_add_interval (builder, r0, 1000, 3000, compute,
                                         weft_event_table_builder_intern (builder, "task 7"), 70);
  weft_event_table_builder_add_interval (builder, r0, 6000, 7000, wait, 0, 71);
  weft_event_table_builder_add_instant (builder, r0, 5000, mark, 0, 72);
  weft_event_table_builder_add_interval (builder, r1, 2000, 8000, wait, 0, 73);
  weft_event_table_builder_add_interval (builder, r2, 1000, 4000, compute, 0, 74);
  weft_event_table_builder_add_interval (builder, r2, 2000, 5000, compute, 0, 75);
  weft_event_table_builder_add_interval (builder, r2, 3000, 6000, compute, 0, 76);
  for (guint i = 0; i < 6; i++)
    weft_event_table_builder_add_interval (builder, r3, 1000, 2000, compute, 0, 80 + i);
  for (guint i = 0; i < 3; i++)
    weft_event_table_builder_add_interval (builder, r3, 5000, 6000, compute, 0, 90 + i);
  weft_event_table_builder_add_link (builder, r0, 3000, r1, 4000, send, 64, 0, 99);

  table = weft_event_table_builder_finish (builder, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (table);
  g_assert_cmpuint (weft_event_table_get_n_lanes (table, r2), ==, 3);
  g_assert_cmpuint (weft_event_table_get_n_lanes (table, r3), ==, 6);

  return table;
}

static WeftTimelineRenderer *
make_renderer (WeftEventTable *table)
{
  WeftTimelineRenderer *renderer = weft_timeline_renderer_new ();
  WeftTimeSpan span = { 0, 10000 };

  weft_timeline_renderer_set_table (renderer, table);
  weft_timeline_renderer_set_size (renderer, 1160, 240);
  weft_timeline_renderer_set_header_width (renderer, 160);
  weft_timeline_renderer_set_visible_span (renderer, &span);
  weft_timeline_renderer_set_document_span (renderer, &span);

  return renderer;
}

static cairo_surface_t *
render (WeftTimelineRenderer *renderer,
        gboolean              overlays)
{
  cairo_surface_t *surface;
  WeftRenderTheme theme;
  cairo_t *cr;

  weft_render_theme_init_light (&theme);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                        (int)weft_timeline_renderer_get_width (renderer),
                                        (int)weft_timeline_renderer_get_height (renderer));
  cr = cairo_create (surface);
  if (overlays)
    weft_timeline_renderer_draw (renderer, cr, &theme);
  else
    weft_timeline_renderer_draw_base (renderer, cr, &theme);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  weft_render_theme_clear (&theme);
  cairo_surface_flush (surface);
  if (g_getenv ("WEFT_TEST_DUMP") != NULL)
    {
      static int n;
      g_autofree char *path = g_strdup_printf ("%s/render-%d.png", g_getenv ("WEFT_TEST_DUMP"), n++);

      cairo_surface_write_to_png (surface, path);
    }

  return surface;
}

/* 0xRRGGBB of an opaque pixel (the pictures are drawn on an opaque background). */
static guint32
pixel_at (cairo_surface_t *surface,
          int              x,
          int              y)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));

  return ((const guint32 *)(gconstpointer)(data + (gsize)y * stride))[x] & 0xffffff;
}

static int
color_distance (guint32 rgb,
                guint32 rgba)
{
  int dr = (int)((rgb >> 16) & 0xff) - (int)((rgba >> 24) & 0xff);
  int dg = (int)((rgb >> 8) & 0xff) - (int)((rgba >> 16) & 0xff);
  int db = (int)(rgb & 0xff) - (int)((rgba >> 8) & 0xff);

  return MAX (ABS (dr), MAX (ABS (dg), ABS (db)));
}

static double
row_center (WeftTimelineRenderer *renderer,
            guint                 row,
            int                   lane)
{
  double y, h;

  g_assert_true (weft_timeline_renderer_get_row_extent (renderer, row, lane, &y, &h));
  return y + h / 2;
}

/* Tests ------------------------------------------------------------------ */

/* Whether the ruler band has text-dark pixels in columns [x0, x1). */
static gboolean
ruler_has_text (WeftTimelineRenderer *renderer,
                cairo_surface_t      *surface,
                int                   x0,
                int                   x1)
{
  int bottom = (int)weft_timeline_renderer_get_ruler_height (renderer) - 9;

  for (int x = MAX (x0, 0); x < x1; x++)
    for (int y = 1; y < bottom; y++)
      {
        guint32 rgb = pixel_at (surface, x, y);

        if (((rgb >> 16) & 0xff) < 0x80 && ((rgb >> 8) & 0xff) < 0x80 && (rgb & 0xff) < 0x80)
          return TRUE;
      }
  return FALSE;
}

/* A tick label that would run past the plot's end is drawn before its tick,
 * whole, rather than cut off at the edge ("90 r" of "90 ms"). */
static void
test_ruler_last_label (void)
{
  g_autoptr(WeftEventTable) table = build_table ();
  g_autoptr(WeftTimelineRenderer) renderer = make_renderer (table);
  WeftTimeSpan span = { 0, 10100 };
  cairo_surface_t *surface;
  int tick;

  weft_timeline_renderer_set_visible_span (renderer, &span);
  weft_timeline_renderer_set_document_span (renderer, &span);
  tick = (int)round (weft_timeline_renderer_time_to_x (renderer, 10000));
  g_assert_cmpint (1160 - tick, <, 15);
  surface = render (renderer, FALSE);
  g_assert_false (ruler_has_text (renderer, surface, tick + 2, 1160));
  g_assert_true (ruler_has_text (renderer, surface, tick - 45, tick - 2));
  cairo_surface_destroy (surface);
}

static void
test_mapping (void)
{
  g_autoptr(WeftEventTable) table = build_table ();
  g_autoptr(WeftTimelineRenderer) renderer = make_renderer (table);
  double x, y, w, h;

  weft_timeline_renderer_get_plot_area (renderer, &x, &y, &w, &h);
  g_assert_cmpfloat (x, ==, 160);
  g_assert_cmpfloat (w, ==, 1000);
  g_assert_cmpfloat (y, ==, weft_timeline_renderer_get_ruler_height (renderer));

  g_assert_cmpfloat_with_epsilon (weft_timeline_renderer_time_to_x (renderer, 0), 160, 1e-9);
  g_assert_cmpfloat_with_epsilon (weft_timeline_renderer_time_to_x (renderer, 2500), 410, 1e-9);
  g_assert_cmpint (weft_timeline_renderer_x_to_time (renderer, 410), ==, 2500);
  g_assert_cmpint (weft_timeline_renderer_x_to_time (renderer, 160.04), ==, 0);
  for (gint64 t = 0; t <= 10000; t += 37)
    g_assert_cmpint (weft_timeline_renderer_x_to_time (renderer,
                                                       weft_timeline_renderer_time_to_x (renderer, t)), ==, t);
}

static void
test_intervals (void)
{
  g_autoptr(WeftEventTable) table = build_table ();
  g_autoptr(WeftTimelineRenderer) renderer = make_renderer (table);
  cairo_surface_t *surface = render (renderer, FALSE);
  /* Rows are checked away from the link arrow, which leaves L0 at its
   * centre going down. */
  int y0 = (int)row_center (renderer, 0, -1) - 4;
  int y1 = (int)row_center (renderer, 1, -1) + 6;
  guint red = 0, blue = 0;

  for (int x = 160; x < 1160; x++)
    {
      guint32 p0 = pixel_at (surface, x, y0);
      guint32 p1 = pixel_at (surface, x, y1);

      if (x >= 260 && x < 460)
        {
          g_assert_cmphex (p0, ==, RED >> 8);
          red++;
        }
      else if (x >= 760 && x < 860)
        {
          g_assert_cmphex (p0, ==, BLUE >> 8);
          blue++;
        }
      else
        {
          /* Nowhere else in the row: not even close to either colour. */
          g_assert_cmpint (color_distance (p0, RED), >, 60);
          g_assert_cmpint (color_distance (p0, BLUE), >, 60);
        }

      if (x >= 360 && x < 960)
        g_assert_cmphex (p1, ==, BLUE >> 8);
      else
        g_assert_cmpint (color_distance (p1, BLUE), >, 60);
    }
  g_assert_cmpuint (red, ==, 200);
  g_assert_cmpuint (blue, ==, 100);

  cairo_surface_destroy (surface);
}

static void
test_lanes_and_concurrency (void)
{
  g_autoptr(WeftEventTable) table = build_table ();
  g_autoptr(WeftTimelineRenderer) renderer = make_renderer (table);
  cairo_surface_t *surface;
  double y, h, content;

  /* Three lanes squeezed into the row: lane k is busy from 1000 + 1000k to
   * 4000 + 1000k, i.e. x from 260 + 100k to 560 + 100k. */
  surface = render (renderer, FALSE);
  for (int lane = 0; lane < 3; lane++)
    {
      int ly = (int)row_center (renderer, 2, lane);

      g_assert_cmphex (pixel_at (surface, 300 + 100 * lane, ly), ==, RED >> 8);
      g_assert_cmpint (color_distance (pixel_at (surface, 250 + 100 * lane, ly), RED), >, 60);
      g_assert_cmpint (color_distance (pixel_at (surface, 570 + 100 * lane, ly), RED), >, 60);
    }

  /* Six lanes: a bar of the concurrency, full where all six run, half
   * where three do. */
  g_assert_true (weft_timeline_renderer_get_row_extent (renderer, 3, -1, &y, &h));
  g_assert_cmphex (pixel_at (surface, 300, (int)(y + 3)), ==, RED >> 8);
  g_assert_cmphex (pixel_at (surface, 300, (int)(y + h - 3)), ==, RED >> 8);
  g_assert_cmphex (pixel_at (surface, 700, (int)(y + h - 4)), ==, RED >> 8);
  g_assert_cmpint (color_distance (pixel_at (surface, 700, (int)(y + 4)), RED), >, 60);
  g_assert_cmpint (color_distance (pixel_at (surface, 500, (int)(y + h - 4)), RED), >, 60);
  cairo_surface_destroy (surface);

  /* Expanded: one line per lane below the row. */
  content = weft_timeline_renderer_get_content_height (renderer);
  weft_timeline_renderer_set_row_expanded (renderer, 3, TRUE);
  g_assert_cmpfloat (weft_timeline_renderer_get_content_height (renderer), >, content + 5 * 6);
  g_assert_true (weft_timeline_renderer_get_row_extent (renderer, 3, 5, &y, &h));
  g_assert_cmpfloat (y, >=, row_center (renderer, 3, -1));
  surface = render (renderer, FALSE);
  g_assert_cmphex (pixel_at (surface, 300, (int)(y + h / 2)), ==, RED >> 8);
  g_assert_cmpint (color_distance (pixel_at (surface, 700, (int)(y + h / 2)), RED), >, 60);
  cairo_surface_destroy (surface);

  /* Collapsing the group leaves only its header line. */
  weft_timeline_renderer_set_group_collapsed (renderer, "Locales", TRUE);
  g_assert_true (weft_timeline_renderer_get_group_collapsed (renderer, "Locales"));
  g_assert_true (weft_timeline_renderer_get_row_extent (renderer, 3, -1, &y, &h));
  g_assert_cmpfloat (weft_timeline_renderer_get_content_height (renderer), ==, h);
  g_assert_cmpfloat (row_center (renderer, 0, -1), ==, row_center (renderer, 1, -1));
}

static void
test_instants_and_links (void)
{
  g_autoptr(WeftEventTable) table = build_table ();
  g_autoptr(WeftTimelineRenderer) renderer = make_renderer (table);
  cairo_surface_t *surface = render (renderer, FALSE);
  double y, h, c0, c1;
  guint64 n_visible = 0;
  guint32 p;
  int mid_y;

  /* The mark at 5000 is a green triangle at x = 660, at the top of L0. */
  g_assert_true (weft_timeline_renderer_get_row_extent (renderer, 0, -1, &y, &h));
  g_assert_cmphex (pixel_at (surface, 660, (int)y + 3), ==, GREEN >> 8);
  g_assert_cmpint (color_distance (pixel_at (surface, 670, (int)y + 3), GREEN), >, 60);
  g_assert_cmpint (color_distance (pixel_at (surface, 650, (int)y + 3), GREEN), >, 60);

  /* The send arrow runs from (460, L0) to (560, L1). */
  g_assert_cmpuint (weft_timeline_renderer_get_n_links_drawn (renderer, &n_visible), ==, 1);
  g_assert_cmpuint (n_visible, ==, 1);
  c0 = row_center (renderer, 0, -1);
  c1 = row_center (renderer, 1, -1);
  mid_y = (int)round ((c0 + c1) / 2);
  p = pixel_at (surface, 510, mid_y);
  if (color_distance (p, 0xffffffff) < 40)
    p = pixel_at (surface, 510, mid_y - 1);
  g_assert_cmpint (color_distance (p, 0xffffffff), >, 40);
  g_assert_cmpuint ((p >> 8) & 0xff, <, (p >> 16) & 0xff);
  g_assert_cmpuint ((p >> 8) & 0xff, <, p & 0xff);
  /* Nothing purple far from the line. */
  g_assert_cmphex (pixel_at (surface, 510, (int)c0 - 6), ==, 0xffffff);

  cairo_surface_destroy (surface);
}

/* One long link in a pair does not make every earlier link of the pair
 * count as visible: the links crossing a zoomed-in view are counted exactly
 * and, being few, all drawn (no sampling). */
static void
test_link_crossing_exact_count (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  g_autoptr(WeftTimelineRenderer) renderer = NULL;
  g_autoptr(GError) error = NULL;
  WeftTimeSpan view = { 9000, 9100 };
  cairo_surface_t *surface;
  guint64 n_visible = 0;
  guint16 send;

  send = weft_event_table_builder_add_kind (builder, "send", WEFT_EVENT_LINK, PURPLE);
  weft_event_table_builder_add_row (builder, "L0", NULL);
  weft_event_table_builder_add_row (builder, "L1", NULL);
  /* The long one: 0 → 10000. */
  weft_event_table_builder_add_link (builder, 0, 0, 1, 10000, send, 8, 0, 0);
  /* 2000 short links before the view, 3 inside it. */
  for (gint64 t = 1; t <= 2000; t++)
    weft_event_table_builder_add_link (builder, 0, t * 4, 1, t * 4 + 2, send, 8, 0, 0);
  for (gint64 t = 9010; t < 9100; t += 30)
    weft_event_table_builder_add_link (builder, 0, t, 1, t + 5, send, 8, 0, 0);
  table = weft_event_table_builder_finish (builder, NULL, &error);
  g_assert_no_error (error);

  renderer = make_renderer (table);
  weft_timeline_renderer_set_visible_span (renderer, &view);
  surface = render (renderer, FALSE);
  g_assert_cmpuint (weft_timeline_renderer_get_n_links_drawn (renderer, &n_visible), ==, 4);
  g_assert_cmpuint (n_visible, ==, 4);
  cairo_surface_destroy (surface);
}

/* Zoomed in to [3400, 3700), between the send link's ends (3000 → 4000): the
 * link still crosses the view and is drawn; past its end it is not. */
static void
test_link_crossing_view (void)
{
  g_autoptr(WeftEventTable) table = build_table ();
  g_autoptr(WeftTimelineRenderer) renderer = make_renderer (table);
  WeftTimeSpan inside = { 3400, 3700 };
  WeftTimeSpan after = { 4100, 5000 };
  cairo_surface_t *surface;
  double c0, c1, x, y;
  guint64 n_visible = 0;
  gboolean found = FALSE;

  weft_timeline_renderer_set_visible_span (renderer, &inside);
  surface = render (renderer, FALSE);
  g_assert_cmpuint (weft_timeline_renderer_get_n_links_drawn (renderer, &n_visible), ==, 1);
  g_assert_cmpuint (n_visible, ==, 1);

  /* At t = 3500 the line is halfway between the rows' centres:
   * x = 160 + (3500 - 3400) × 1000 / 300. */
  c0 = row_center (renderer, 0, -1);
  c1 = row_center (renderer, 1, -1);
  x = 160 + 100 * 1000.0 / 300;
  y = c0 + (c1 - c0) * 0.5;
  for (int dy = -1; dy <= 1; dy++)
    {
      guint32 p = pixel_at (surface, (int)round (x), (int)round (y) + dy);

      /* Purple: more red and blue than green. */
      if (color_distance (p, 0xffffffff) > 40 && ((p >> 8) & 0xff) < ((p >> 16) & 0xff) && ((p >> 8) & 0xff) < (p & 0xff))
        found = TRUE;
    }
  g_assert_true (found);
  cairo_surface_destroy (surface);

  weft_timeline_renderer_set_visible_span (renderer, &after);
  surface = render (renderer, FALSE);
  g_assert_cmpuint (weft_timeline_renderer_get_n_links_drawn (renderer, NULL), ==, 0);
  cairo_surface_destroy (surface);
}

static void
test_selection (void)
{
  g_autoptr(WeftEventTable) table = build_table ();
  g_autoptr(WeftTimelineRenderer) renderer = make_renderer (table);
  WeftTimeSpan selection = { 4000, 5000 };
  cairo_surface_t *base, *shaded;
  int height;
  guint inside = 0;

  base = render (renderer, TRUE);
  weft_timeline_renderer_set_selected_span (renderer, &selection);
  shaded = render (renderer, TRUE);
  height = cairo_image_surface_get_height (base);

  for (int y = 0; y < height; y++)
    for (int x = 0; x < 1160; x++)
      {
        gboolean differs = pixel_at (base, x, y) != pixel_at (shaded, x, y);

        /* Inside, every background pixel is tinted (an event of the
         * selection's own colour may look the same shaded). */
        if (x >= 560 && x < 660)
          {
            if (pixel_at (base, x, y) == 0xffffff)
              {
                g_assert_true (differs);
                inside++;
              }
          }
        else
          g_assert_false (differs);
      }
  g_assert_cmpuint (inside, >, 50 * (guint)height);

  /* A selection covering the whole visible span (as right after zooming to
   * it) says nothing: it is not shaded. */
  {
    WeftTimeSpan everything = { 0, 10000 };
    cairo_surface_t *covered;

    weft_timeline_renderer_set_selected_span (renderer, &everything);
    covered = render (renderer, TRUE);
    for (int y = 0; y < height; y++)
      for (int x = 0; x < 1160; x++)
        if (pixel_at (covered, x, y) != pixel_at (base, x, y))
          g_error ("a selection over the whole visible span changed (%d, %d)", x, y);
    cairo_surface_destroy (covered);
  }

  cairo_surface_destroy (base);
  cairo_surface_destroy (shaded);
}

static void
test_hit_testing (void)
{
  g_autoptr(WeftEventTable) table = build_table ();
  g_autoptr(WeftTimelineRenderer) renderer = make_renderer (table);
  cairo_surface_t *surface = render (renderer, FALSE);
  WeftTimelineHit hit;
  double y, h, c0, c1;
  g_autofree char *text = NULL;

  c0 = row_center (renderer, 0, -1);
  c1 = row_center (renderer, 1, -1);

  weft_timeline_renderer_hit_test (renderer, 300, c0, &hit);
  g_assert_cmpint (hit.type, ==, WEFT_TIMELINE_HIT_EVENT);
  g_assert_cmpint (hit.category, ==, WEFT_EVENT_INTERVAL);
  g_assert_cmpint (hit.row, ==, 0);
  g_assert_cmpint (hit.lane, ==, 0);
  g_assert_cmpuint (hit.index, ==, 0);
  g_assert_cmpuint (hit.ref, ==, 70);
  g_assert_cmpint (hit.begin, ==, 1000);
  g_assert_cmpint (hit.end, ==, 3000);
  g_assert_cmpint (hit.time, ==, 1400);
  text = weft_timeline_renderer_describe_hit (renderer, &hit);
  g_assert_cmpstr (text, ==, "<b>compute</b> task 7\nRow: L0, lane 0\nStart: 1 µs\nDuration: 2 µs");

  g_assert_true (weft_timeline_renderer_get_hit_rect (renderer, &hit, &y, &y, &h, &h));

  weft_timeline_renderer_get_row_extent (renderer, 0, -1, &y, &h);
  weft_timeline_renderer_hit_test (renderer, 661, y + 3, &hit);
  g_assert_cmpint (hit.type, ==, WEFT_TIMELINE_HIT_EVENT);
  g_assert_cmpint (hit.category, ==, WEFT_EVENT_INSTANT);
  g_assert_cmpuint (hit.ref, ==, 72);
  g_assert_cmpint (hit.begin, ==, 5000);

  weft_timeline_renderer_hit_test (renderer, 510, (c0 + c1) / 2, &hit);
  g_assert_cmpint (hit.type, ==, WEFT_TIMELINE_HIT_EVENT);
  g_assert_cmpint (hit.category, ==, WEFT_EVENT_LINK);
  g_assert_cmpint (hit.row, ==, 0);
  g_assert_cmpint (hit.to_row, ==, 1);
  g_assert_cmpuint (hit.ref, ==, 99);

  weft_timeline_renderer_hit_test (renderer, 200, c0, &hit);
  g_assert_cmpint (hit.type, ==, WEFT_TIMELINE_HIT_EMPTY);

  weft_timeline_renderer_hit_test (renderer, 60, c0, &hit);
  g_assert_cmpint (hit.type, ==, WEFT_TIMELINE_HIT_ROW_HEADER);
  g_assert_cmpint (hit.row, ==, 0);

  weft_timeline_renderer_hit_test (renderer, 500, 10, &hit);
  g_assert_cmpint (hit.type, ==, WEFT_TIMELINE_HIT_RULER);
  g_assert_cmpint (hit.time, ==, 3400);

  weft_timeline_renderer_hit_test (renderer, 20, weft_timeline_renderer_get_ruler_height (renderer) + 2, &hit);
  g_assert_cmpint (hit.type, ==, WEFT_TIMELINE_HIT_GROUP_HEADER);
  g_assert_true (hit.on_expander);
  g_assert_cmpstr (weft_timeline_renderer_get_group_name (renderer, hit.group), ==, "Locales");

  cairo_surface_destroy (surface);
}

/* Zoomed out, a pixel of many events is a bucket, not an event. */
static void
test_bucket_hit (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  g_autoptr(WeftTimelineRenderer) renderer = weft_timeline_renderer_new ();
  g_autofree char *text = NULL;
  WeftTimeSpan span = { 0, 1000000 };
  WeftTimelineHit hit;
  guint16 kind = weft_event_table_builder_add_kind (builder, "run", WEFT_EVENT_INTERVAL, RED);
  guint row = weft_event_table_builder_add_row (builder, "T", NULL);

  /* 1000 ns per pixel; every pixel holds ten 50 ns intervals. */
  for (gint64 t = 0; t < 1000000; t += 100)
    weft_event_table_builder_add_interval (builder, row, t, t + 50, kind, 0, WEFT_EVENT_NO_REF);
  table = weft_event_table_builder_finish (builder, NULL, NULL);

  weft_timeline_renderer_set_table (renderer, table);
  weft_timeline_renderer_set_size (renderer, 1100, 100);
  weft_timeline_renderer_set_header_width (renderer, 100);
  weft_timeline_renderer_set_visible_span (renderer, &span);
  weft_timeline_renderer_hit_test (renderer, 600.5, row_center (renderer, row, -1), &hit);
  g_assert_cmpint (hit.type, ==, WEFT_TIMELINE_HIT_BUCKET);
  g_assert_cmpint (hit.begin, ==, 500000);
  g_assert_cmpint (hit.end, ==, 501000);
  g_assert_cmpuint (hit.n_events, ==, 10);
  g_assert_cmpfloat_with_epsilon (hit.busy, 0.5, 1e-9);

  text = weft_timeline_renderer_describe_hit (renderer, &hit);
  g_assert_cmpstr (text, ==, "<b>T</b>\n10 events\nBusy: 50 %\n500 µs – 501 µs");
}

typedef struct
{
  int x0, y0, x1, y1;
} Box;

/* Equal within @tolerance per channel, outside @skip (may be NULL). */
static gboolean
surfaces_equal_outside (cairo_surface_t *a,
                        cairo_surface_t *b,
                        int              tolerance,
                        const Box       *skip,
                        int             *first_x)
{
  int w = cairo_image_surface_get_width (a);
  int h = cairo_image_surface_get_height (a);

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 pa = pixel_at (a, x, y), pb = pixel_at (b, x, y);

        if (skip != NULL && x >= skip->x0 && x < skip->x1 && y >= skip->y0 && y < skip->y1)
          continue;

        if (color_distance (pa, (pb << 8) | 0xff) > tolerance)
          {
            if (first_x != NULL)
              *first_x = x;
            return FALSE;
          }
      }

  return TRUE;
}

static gboolean
surfaces_equal (cairo_surface_t *a,
                cairo_surface_t *b,
                int              tolerance,
                int             *first_x)
{
  return surfaces_equal_outside (a, b, tolerance, NULL, first_x);
}

/* One row of sparse wide intervals and many instants (which make the
 * pyramid fine enough for this zoom). With @aligned the interval edges fall
 * on pixel boundaries. */
static WeftEventTable *
build_sparse_table (gboolean aligned)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  guint16 a = weft_event_table_builder_add_kind (builder, "a", WEFT_EVENT_INTERVAL, RED);
  guint16 b = weft_event_table_builder_add_kind (builder, "b", WEFT_EVENT_INTERVAL, BLUE);
  guint16 m = weft_event_table_builder_add_kind (builder, "m", WEFT_EVENT_INSTANT, GREEN);
  guint row = weft_event_table_builder_add_row (builder, "R", NULL);
  GRand *rand = g_rand_new_with_seed (7);
  gint64 t = 0;

  for (guint i = 0; t < (1 << 20) - 40000; i++)
    {
      gint64 len = 4096 * g_rand_int_range (rand, 2, 9);
      gint64 begin = t + 4096 * g_rand_int_range (rand, 1, 4);

      if (!aligned)
        {
          begin += g_rand_int_range (rand, 0, 4096);
          len += g_rand_int_range (rand, -2000, 2000);
        }
      weft_event_table_builder_add_interval (builder, row, begin, begin + len, i % 2 ? a : b, 0, i);
      t = begin + len;
    }
  for (gint64 i = 0; i < 10000; i++)
    weft_event_table_builder_add_instant (builder, row, i * 100, m, 0, WEFT_EVENT_NO_REF);
  weft_event_table_builder_add_instant (builder, row, (1 << 20), m, 0, WEFT_EVENT_NO_REF);
  g_rand_free (rand);

  return weft_event_table_builder_finish (builder, NULL, NULL);
}

static cairo_surface_t *
render_sparse (WeftEventTable        *table,
               WeftTimelineLodPolicy  policy)
{
  g_autoptr(WeftTimelineRenderer) renderer = weft_timeline_renderer_new ();
  WeftTimeSpan span = { 0, 1 << 20 };

  weft_timeline_renderer_set_table (renderer, table);
  weft_timeline_renderer_set_size (renderer, 256, 60);
  weft_timeline_renderer_set_header_width (renderer, 0);
  weft_timeline_renderer_set_visible_span (renderer, &span);
  _weft_timeline_renderer_set_lod_policy (renderer, policy);

  return render (renderer, FALSE);
}

static void
test_lod_matches_events (void)
{
  g_autoptr(WeftEventTable) aligned = build_sparse_table (TRUE);
  g_autoptr(WeftEventTable) unaligned = build_sparse_table (FALSE);
  cairo_surface_t *events, *pyramid, *automatic;
  int x = -1;

  /* The pyramid is fine enough here for the automatic choice to use it. */
  g_assert_cmpint (weft_event_table_get_lod_width (aligned, 0, 0), <=, 2048);

  events = render_sparse (aligned, WEFT_TIMELINE_LOD_EVENTS);
  pyramid = render_sparse (aligned, WEFT_TIMELINE_LOD_PYRAMID);
  automatic = render_sparse (aligned, WEFT_TIMELINE_LOD_AUTO);
  g_assert_true (surfaces_equal (events, pyramid, 0, &x));
  g_assert_true (surfaces_equal (events, automatic, 0, &x));
  cairo_surface_destroy (events);
  cairo_surface_destroy (pyramid);
  cairo_surface_destroy (automatic);

  /* Edges inside pixels: the pyramid spreads a bucket's busy time evenly,
   * so only pixel columns next to an interval's edge may differ. */
  events = render_sparse (unaligned, WEFT_TIMELINE_LOD_EVENTS);
  pyramid = render_sparse (unaligned, WEFT_TIMELINE_LOD_PYRAMID);
  {
    WeftIntervalSlice slice;
    int y = 26 + 14;

    weft_event_table_get_lane (unaligned, 0, 0, &slice);
    for (int col = 0; col < 256; col++)
      {
        gboolean near_edge = FALSE;

        for (gsize i = 0; i < slice.n && !near_edge; i++)
          {
            double xb = slice.begin[i] / 4096.0, xe = slice.end[i] / 4096.0;

            near_edge = fabs (xb - col - 0.5) < 2.0 || fabs (xe - col - 0.5) < 2.0;
          }
        if (!near_edge)
          g_assert_cmphex (pixel_at (events, col, y), ==, pixel_at (pyramid, col, y));
      }
  }
  cairo_surface_destroy (events);
  cairo_surface_destroy (pyramid);
}

/* Pixels written straight into an image and cairo rectangles agree. */
static void
test_raster_matches_vector (void)
{
  g_autoptr(WeftEventTable) table = build_table ();
  g_autoptr(WeftTimelineRenderer) renderer = make_renderer (table);
  cairo_surface_t *direct, *vector;
  int x = -1;

  Box arrow;

  weft_timeline_renderer_set_row_expanded (renderer, 2, TRUE);
  direct = render (renderer, TRUE);
  _weft_timeline_renderer_set_raster (renderer, FALSE);
  vector = render (renderer, TRUE);

  /* Link lines are anti-aliased differently (cairo's stroker against a
   * one-pixel line): everything else is the same. */
  arrow = (Box) { 450, (int)row_center (renderer, 0, -1) - 8, 570, (int)row_center (renderer, 1, -1) + 8 };
  g_assert_true (surfaces_equal_outside (direct, vector, 2, &arrow, &x));

  cairo_surface_destroy (direct);
  cairo_surface_destroy (vector);
}

/* Drawing at twice the resolution puts the same colours at twice the x. */
static void
test_device_scale (void)
{
  g_autoptr(WeftEventTable) table = build_table ();
  g_autoptr(WeftTimelineRenderer) renderer = make_renderer (table);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 2320, 480);
  WeftRenderTheme theme;
  int y0 = (int)(2 * (row_center (renderer, 0, -1) - 4));
  cairo_t *cr;

  cairo_surface_set_device_scale (surface, 2, 2);
  weft_render_theme_init_light (&theme);
  cr = cairo_create (surface);
  weft_timeline_renderer_draw (renderer, cr, &theme);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  weft_render_theme_clear (&theme);

  g_assert_cmphex (pixel_at (surface, 520, y0), ==, RED >> 8);
  g_assert_cmphex (pixel_at (surface, 919, y0), ==, RED >> 8);
  g_assert_cmpint (color_distance (pixel_at (surface, 519, y0), RED), >, 60);
  g_assert_cmpint (color_distance (pixel_at (surface, 920, y0), RED), >, 60);
  cairo_surface_destroy (surface);
}

/* A frame never walks every event: a dense row costs about the same whether
 * it has 10× more events. Checked by drawing into a tiny image: it must not
 * crash and must show the row as busy. */
static void
test_dense_row (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(WeftEventTable) table = NULL;
  g_autoptr(WeftTimelineRenderer) renderer = weft_timeline_renderer_new ();
  guint16 kind = weft_event_table_builder_add_kind (builder, "run", WEFT_EVENT_INTERVAL, RED);
  guint row = weft_event_table_builder_add_row (builder, "T", NULL);
  cairo_surface_t *surface;
  WeftTimeSpan span = { 0, 400000 };

  for (gint64 t = 0; t < 2000000; t += 10)
    weft_event_table_builder_add_interval (builder, row, t, t + 10, kind, 0, WEFT_EVENT_NO_REF);
  table = weft_event_table_builder_finish (builder, NULL, NULL);

  /* 1000 events per pixel, exact path (zoom between pyramid levels forced). */
  weft_timeline_renderer_set_table (renderer, table);
  weft_timeline_renderer_set_size (renderer, 500, 60);
  weft_timeline_renderer_set_header_width (renderer, 100);
  weft_timeline_renderer_set_visible_span (renderer, &span);
  _weft_timeline_renderer_set_lod_policy (renderer, WEFT_TIMELINE_LOD_EVENTS);
  surface = render (renderer, FALSE);
  for (int x = 100; x < 500; x++)
    g_assert_cmphex (pixel_at (surface, x, (int)row_center (renderer, row, -1)), ==, RED >> 8);
  cairo_surface_destroy (surface);
}

/* The overview: one band per row here (4 rows in 40 pixels), the whole
 * document over the width, each band as busy as its row (over its lanes). */
static void
test_overview (void)
{
  g_autoptr(WeftEventTable) table = build_table ();
  g_autoptr(WeftTimelineRenderer) renderer = make_renderer (table);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1000, 40);
  WeftRenderTheme theme;
  cairo_t *cr = cairo_create (surface);

  weft_render_theme_init_light (&theme);
  weft_timeline_renderer_draw_overview (renderer, cr, &theme, 1000, 40);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  weft_render_theme_clear (&theme);

  g_assert_cmphex (pixel_at (surface, 200, 5), ==, RED >> 8);         /* L0 compute [1000, 3000) */
  g_assert_cmphex (pixel_at (surface, 650, 5), ==, BLUE >> 8);        /* L0 wait [6000, 7000) */
  g_assert_cmphex (pixel_at (surface, 450, 5), ==, 0xffffff);         /* L0 idle */
  g_assert_cmphex (pixel_at (surface, 500, 15), ==, BLUE >> 8);       /* L1 wait [2000, 8000) */
  g_assert_cmphex (pixel_at (surface, 150, 35), ==, RED >> 8);        /* L3: all six lanes busy */
  /* L3 with three of six lanes busy: half opacity over white. */
  g_assert_cmpint (color_distance (pixel_at (surface, 550, 35), 0xf08d91ff), <=, 2);
  g_assert_cmphex (pixel_at (surface, 950, 35), ==, 0xffffff);
  cairo_surface_destroy (surface);
}

/* Logical time (MPD): the axis counts events, and so do tooltips. */
static void
test_logical_time (void)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_LOGICAL);
  g_autoptr(WeftEventTable) table = NULL;
  g_autoptr(WeftTimelineRenderer) renderer = weft_timeline_renderer_new ();
  g_autofree char *text = NULL;
  WeftTimeSpan span = { 0, 100 };
  WeftTimelineHit hit;
  cairo_surface_t *surface;
  guint16 call = weft_event_table_builder_add_kind (builder, "call", WEFT_EVENT_INTERVAL, RED);
  guint row = weft_event_table_builder_add_row (builder, "process 1", NULL);

  weft_event_table_builder_add_interval (builder, row, 30, 32, call, 0, 5);
  weft_event_table_builder_add_interval (builder, row, 0, 1, call, 0, 6);
  weft_event_table_builder_add_interval (builder, row, 99, 100, call, 0, 7);
  table = weft_event_table_builder_finish (builder, NULL, NULL);

  weft_timeline_renderer_set_table (renderer, table);
  weft_timeline_renderer_set_size (renderer, 1100, 80);
  weft_timeline_renderer_set_header_width (renderer, 100);
  weft_timeline_renderer_set_visible_span (renderer, &span);
  surface = render (renderer, FALSE);

  /* Events 30 and 31: x from 400 to 420. */
  g_assert_cmphex (pixel_at (surface, 410, (int)row_center (renderer, row, -1)), ==, RED >> 8);
  weft_timeline_renderer_hit_test (renderer, 410, row_center (renderer, row, -1), &hit);
  g_assert_cmpint (hit.type, ==, WEFT_TIMELINE_HIT_EVENT);
  g_assert_cmpuint (hit.ref, ==, 5);
  text = weft_timeline_renderer_describe_hit (renderer, &hit);
  g_assert_cmpstr (text, ==, "<b>call</b>\nRow: process 1, lane 0\nStart: event 30\nDuration: 2 events");
  cairo_surface_destroy (surface);
}

/* Export ----------------------------------------------------------------- */

static gboolean
export (WeftDataset *dataset,
        const char  *format,
        const char  *path,
        gboolean     with_range,
        GError     **error)
{
  WeftExportRequest request = { 0 };

  request.view = "timeline";
  request.format = format;
  request.path = path;
  request.width = 1200;
  request.height = 500;
  if (with_range)
    {
      request.options.has_range = TRUE;
      request.options.range = (WeftTimeSpan) { 0, 10000 };
    }

  return weft_exporter_export (dataset, &request, error);
}

static void
test_export (void)
{
  g_autoptr(TestDataset) dataset = g_object_new (TEST_TYPE_DATASET, NULL);
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *png = g_build_filename (dir, "t.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "t.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "t.pdf", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *pdftoppm = g_find_program_in_path ("pdftoppm");
  cairo_surface_t *image;
  xmlDocPtr doc;
  gsize len = 0;
  guint red = 0;

  dataset->table = build_table ();

  g_assert_true (export (WEFT_DATASET (dataset), "png", png, TRUE, &error));
  g_assert_no_error (error);
  image = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 1200);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 500);
  cairo_surface_flush (image);
  for (int y = 0; y < 500; y++)
    for (int x = 0; x < 1200; x++)
      red += color_distance (pixel_at (image, x, y), RED) == 0;
  g_assert_cmpuint (red, >, 1000);
  cairo_surface_destroy (image);

  g_assert_true (export (WEFT_DATASET (dataset), "svg", svg, FALSE, &error));
  g_assert_no_error (error);
  doc = xmlReadFile (svg, NULL, XML_PARSE_NONET);
  g_assert_nonnull (doc);
  g_assert_cmpstr ((const char *)xmlDocGetRootElement (doc)->name, ==, "svg");
  xmlFreeDoc (doc);

  g_assert_true (export (WEFT_DATASET (dataset), "pdf", pdf, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (pdf, &contents, &len, NULL));
  g_assert_cmpuint (len, >, 100);
  g_assert_true (g_str_has_prefix (contents, "%PDF"));

  if (pdftoppm != NULL)
    {
      g_autofree char *prefix = g_build_filename (dir, "page", NULL);
      g_autofree char *page = g_build_filename (dir, "page.png", NULL);
      const char *argv[] = { pdftoppm, "-png", "-r", "72", "-singlefile", pdf, prefix, NULL };
      int status = 0;

      g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                   NULL, NULL, &status, &error));
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      image = cairo_image_surface_create_from_png (page);
      g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpint (cairo_image_surface_get_width (image), ==, 1200);
      red = 0;
      cairo_surface_flush (image);
      for (int y = 0; y < cairo_image_surface_get_height (image); y++)
        for (int x = 0; x < cairo_image_surface_get_width (image); x++)
          red += color_distance (pixel_at (image, x, y), RED) <= 8;
      g_assert_cmpuint (red, >, 1000);
      cairo_surface_destroy (image);
    }
  else
    g_test_skip ("pdftoppm is not installed (Debian package poppler-utils): the PDF was not rendered");

  weft_test_rm_rf (dir);
}

static void
test_export_without_table (void)
{
  g_autoptr(TestDataset) dataset = g_object_new (TEST_TYPE_DATASET, NULL);
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *png = g_build_filename (dir, "t.png", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_false (export (WEFT_DATASET (dataset), "png", png, FALSE, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  weft_test_rm_rf (dir);
}

/* A table of twelve interval kinds, all used or only the first. */
static WeftEventTable *
legend_table (gboolean all_used)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(GError) error = NULL;
  WeftEventTable *table;

  weft_event_table_builder_add_row (builder, "row", NULL);
  for (guint k = 0; k < 12; k++)
    {
      g_autofree char *name = g_strdup_printf ("kind number %u", k);
      guint16 kind = weft_event_table_builder_add_kind (builder, name, WEFT_EVENT_INTERVAL, 0);

      if (k == 0 || all_used)
        weft_event_table_builder_add_interval (builder, 0, 10 * k, 10 * k + 5, kind, 0, 0);
    }
  table = weft_event_table_builder_finish (builder, NULL, &error);
  g_assert_no_error (error);

  return table;
}

/* The legend names the kinds drawn, not every kind the format has. */
static void
test_legend_kinds_used (void)
{
  g_autoptr(WeftTimelineRenderer) renderer = weft_timeline_renderer_new ();
  g_autoptr(WeftEventTable) one = legend_table (FALSE);
  g_autoptr(WeftEventTable) all = legend_table (TRUE);
  WeftRenderTheme theme;
  double one_height, all_height;

  weft_render_theme_init_light (&theme);
  weft_timeline_renderer_set_table (renderer, all);
  all_height = weft_timeline_renderer_measure_legend (renderer, &theme, 300);
  weft_timeline_renderer_set_table (renderer, one);
  one_height = weft_timeline_renderer_measure_legend (renderer, &theme, 300);
  weft_render_theme_clear (&theme);

  /* Twelve entries wrap over several lines; one is a line. */
  g_assert_cmpfloat (one_height, >, 0);
  g_assert_cmpfloat (all_height, >=, 4 * one_height);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/timeline/renderer/mapping", test_mapping);
  g_test_add_func ("/timeline/renderer/ruler-last-label", test_ruler_last_label);
  g_test_add_func ("/timeline/renderer/intervals", test_intervals);
  g_test_add_func ("/timeline/renderer/lanes-and-concurrency", test_lanes_and_concurrency);
  g_test_add_func ("/timeline/renderer/instants-and-links", test_instants_and_links);
  g_test_add_func ("/timeline/renderer/link-crossing-view", test_link_crossing_view);
  g_test_add_func ("/timeline/renderer/link-crossing-exact-count", test_link_crossing_exact_count);
  g_test_add_func ("/timeline/renderer/selection", test_selection);
  g_test_add_func ("/timeline/renderer/hit-testing", test_hit_testing);
  g_test_add_func ("/timeline/renderer/bucket-hit", test_bucket_hit);
  g_test_add_func ("/timeline/renderer/lod-matches-events", test_lod_matches_events);
  g_test_add_func ("/timeline/renderer/raster-matches-vector", test_raster_matches_vector);
  g_test_add_func ("/timeline/renderer/device-scale", test_device_scale);
  g_test_add_func ("/timeline/renderer/dense-row", test_dense_row);
  g_test_add_func ("/timeline/renderer/logical-time", test_logical_time);
  g_test_add_func ("/timeline/renderer/overview", test_overview);
  g_test_add_func ("/timeline/renderer/legend-kinds-used", test_legend_kinds_used);
  g_test_add_func ("/timeline/export/pictures", test_export);
  g_test_add_func ("/timeline/export/no-table", test_export_without_table);

  return g_test_run ();
}

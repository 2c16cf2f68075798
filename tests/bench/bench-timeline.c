/* bench-timeline.c: timeline frames of a 10-million-event trace.
 *
 * Builds a seeded, realistic table (256 rows in 4 groups; bursts of
 * overlapping intervals packed into 1–8 lanes per row; instants; links
 * between rows), then draws full 1920×1080 frames into an image surface at
 * 24 zoom levels from the whole document (10 s) down to 1 µs windows, at
 * three positions each and two scroll offsets, with two rows expanded into
 * their lanes and a selection shaded.
 *
 * Prints: bench timeline-table-build, timeline-bytes-per-event,
 * timeline-frame-p50/-p95/-max (wall clock) and the same of the frames' CPU
 * time (timeline-frame-cpu-…), which stays meaningful when other processes
 * compete for the two cores.
 * Usage: bench-timeline [N_EVENTS [FIRST_LEVEL LAST_LEVEL]]
 * WEFT_BENCH_VERBOSE=1 prints every frame; WEFT_BENCH_PNG=FILE saves the last.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "bench-util.h"
#include "weft-timeline-renderer.h"

#define N_ROWS      256
#define DOC_SPAN    G_GINT64_CONSTANT (10000000000)
#define N_LEVELS    24
#define N_POSITIONS 3

static WeftEventTable *
build_table (guint64  n_events,
             double  *build_ms)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  static const char *const groups[] = { "Locales", "GPU streams", "Threads", "Agents" };
  GRand *rand = g_rand_new_with_seed (20240611);
  guint16 kinds[8], instant_kinds[2], link_kinds[2];
  guint32 labels[64];
  guint64 per_row = n_events / N_ROWS;
  gint64 start = g_get_monotonic_time ();
  WeftEventTable *table;
  g_autoptr(GError) error = NULL;

  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autofree char *name = g_strdup_printf ("state %u", k);

      kinds[k] = weft_event_table_builder_add_kind (builder, name, WEFT_EVENT_INTERVAL, 0);
    }
  instant_kinds[0] = weft_event_table_builder_add_kind (builder, "fork", WEFT_EVENT_INSTANT, 0);
  instant_kinds[1] = weft_event_table_builder_add_kind (builder, "mark", WEFT_EVENT_INSTANT, 0);
  link_kinds[0] = weft_event_table_builder_add_kind (builder, "get", WEFT_EVENT_LINK, 0);
  link_kinds[1] = weft_event_table_builder_add_kind (builder, "put", WEFT_EVENT_LINK, 0);
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      g_autofree char *label = g_strdup_printf ("function_%u", i);

      labels[i] = weft_event_table_builder_intern (builder, label);
    }

  for (guint row = 0; row < N_ROWS; row++)
    {
      g_autofree char *name = g_strdup_printf ("row %u", row);

      weft_event_table_builder_add_row (builder, name, groups[row * G_N_ELEMENTS (groups) / N_ROWS]);
    }

  /* Per row: 80 % intervals in bursts of overlapping tasks (up to 8 at a
   * time), 15 % instants, 5 % links to another row shortly after. */
  for (guint row = 0; row < N_ROWS; row++)
    {
      guint max_conc = 1 + g_rand_int_range (rand, 0, 8);
      guint64 n_intervals = per_row * 80 / 100;
      guint64 n_instants = per_row * 15 / 100;
      guint64 n_links = per_row - n_intervals - n_instants;
      guint64 per_slot = n_intervals / max_conc;
      double period = (double)DOC_SPAN / (per_slot * 1.12 + 1);

      /* max_conc task slots, each a sequence of intervals and gaps; a slow
       * wave makes whole phases busier or idler, so concurrency varies. */
      for (guint slot = 0; slot < max_conc; slot++)
        {
          gint64 t = g_rand_int_range (rand, 0, (gint32)MIN (period, G_MAXINT32));

          for (guint64 i = 0; i < per_slot && t < DOC_SPAN; i++)
            {
              double phase = sin ((double)t / DOC_SPAN * 2 * G_PI * 7 + slot);
              gint64 len = (gint64)(period * (phase > -0.3 ? 0.5 + 0.6 * g_rand_double (rand)
                                                           : 0.05 + 0.2 * g_rand_double (rand)));
              gint64 gap = (gint64)(period * 1.05) - len;
              guint16 kind = kinds[(row + (guint)(i / 97) + (g_rand_int_range (rand, 0, 10) < 2 ? 3 : 0)) %
                                   G_N_ELEMENTS (kinds)];

              weft_event_table_builder_add_interval (builder, row, t, MIN (t + MAX (len, 1), DOC_SPAN), kind,
                                                     labels[g_rand_int_range (rand, 0, G_N_ELEMENTS (labels))],
                                                     (guint32)(i * max_conc + slot));
              t += MAX (len, 1) + MAX (gap, 1);
            }
        }
      for (guint64 i = 0; i < n_instants; i++)
        {
          gint64 time = (gint64)(g_rand_double (rand) * DOC_SPAN);

          weft_event_table_builder_add_instant (builder, row, time, instant_kinds[i % 2], 0, (guint32)i);
        }
      for (guint64 i = 0; i < n_links; i++)
        {
          gint64 time = (gint64)(g_rand_double (rand) * (DOC_SPAN - 100000));
          guint to = (row + 1 + g_rand_int_range (rand, 0, 4)) % N_ROWS;

          weft_event_table_builder_add_link (builder, row, time, to, time + g_rand_int_range (rand, 500, 100000),
                                             link_kinds[i % 2], 4096, 0, (guint32)i);
        }
    }

  table = weft_event_table_builder_finish (builder, NULL, &error);
  g_assert_no_error (error);
  *build_ms = (g_get_monotonic_time () - start) / 1000.0;
  g_rand_free (rand);

  return table;
}

int
main (int   argc,
      char *argv[])
{
  guint64 n_events = argc > 1 ? g_ascii_strtoull (argv[1], NULL, 10) : 10000000;
  guint first_level = argc > 3 ? (guint)atoi (argv[2]) : 0;
  guint last_level = argc > 3 ? (guint)atoi (argv[3]) : N_LEVELS - 1;
  g_autoptr(WeftEventTable) table = NULL;
  g_autoptr(WeftTimelineRenderer) renderer = weft_timeline_renderer_new ();
  g_autoptr(GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu_times = g_array_new (FALSE, FALSE, sizeof (double));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1920, 1080);
  gboolean verbose = g_getenv ("WEFT_BENCH_VERBOSE") != NULL;
  WeftRenderTheme theme;
  double build_ms;
  gsize n;

  if (n_events < N_ROWS * 20)
    n_events = N_ROWS * 20;

  table = build_table (n_events, &build_ms);
  n = weft_event_table_get_n_events (table);
  g_print ("bench timeline-table-build %.0f ms\n", build_ms);
  g_print ("bench timeline-events %" G_GSIZE_FORMAT " events\n", n);
  g_print ("bench timeline-bytes-per-event %.1f B\n", (double)weft_event_table_get_memory_size (table) / n);
  {
    guint max_lanes = 0, total_lanes = 0;

    for (guint row = 0; row < N_ROWS; row++)
      {
        max_lanes = MAX (max_lanes, weft_event_table_get_n_lanes (table, row));
        total_lanes += weft_event_table_get_n_lanes (table, row);
      }
    g_print ("bench timeline-lanes-per-row %.1f lanes (max %u)\n", (double)total_lanes / N_ROWS, max_lanes);
  }

  weft_render_theme_init_light (&theme);
  weft_timeline_renderer_set_table (renderer, table);
  weft_timeline_renderer_set_size (renderer, 1920, 1080);
  weft_timeline_renderer_set_row_expanded (renderer, 1, TRUE);
  weft_timeline_renderer_set_row_expanded (renderer, 5, TRUE);

  for (guint level = first_level; level <= last_level && level < N_LEVELS; level++)
    {
      /* Geometric from 10 s down to 1 µs. */
      double duration = (double)DOC_SPAN * pow (1e3 / (double)DOC_SPAN, (double)level / (N_LEVELS - 1));

      for (guint pos = 0; pos < N_POSITIONS; pos++)
        for (guint scroll = 0; scroll < 2; scroll++)
          {
            double center = (double)DOC_SPAN * (0.2 + 0.3 * pos);
            WeftTimeSpan span, selection;
            double ms, cpu, cpu0;
            gint64 t0;
            cairo_t *cr;

            span.begin = MAX (0, (gint64)(center - duration / 2));
            span.end = span.begin + MAX ((gint64)duration, 10);
            selection.begin = span.begin + (span.end - span.begin) / 3;
            selection.end = span.begin + (span.end - span.begin) / 2;
            weft_timeline_renderer_set_visible_span (renderer, &span);
            weft_timeline_renderer_set_selected_span (renderer, &selection);
            weft_timeline_renderer_set_scroll_offset (renderer, scroll * 2000.0);

            cr = cairo_create (surface);
            t0 = g_get_monotonic_time ();
            cpu0 = weft_bench_thread_cpu_ms ();
            weft_timeline_renderer_draw (renderer, cr, &theme);
            cairo_surface_flush (surface);
            ms = weft_bench_ms_since (t0);
            cpu = weft_bench_thread_cpu_ms () - cpu0;
            cairo_destroy (cr);

            g_array_append_val (times, ms);
            g_array_append_val (cpu_times, cpu);
            if (verbose)
              g_printerr ("level %2u duration %14.0f ns pos %u scroll %u: %.2f ms (cpu %.2f ms)\n",
                          level, duration, pos, scroll, ms, cpu);
          }
    }

  g_print ("bench timeline-frames %u frames\n", times->len);
  weft_bench_print_percentiles ("timeline-frame", times);
  weft_bench_print_percentiles ("timeline-frame-cpu", cpu_times);

  if (g_getenv ("WEFT_BENCH_PNG") != NULL)
    cairo_surface_write_to_png (surface, g_getenv ("WEFT_BENCH_PNG"));

  weft_render_theme_clear (&theme);
  cairo_surface_destroy (surface);

  return 0;
}

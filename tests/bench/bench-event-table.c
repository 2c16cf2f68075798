/* bench-event-table.c: builds a 10-million-event table and times its queries.
 *
 * The mix imitates a task trace: 64 rows (locales), on each tasks of 24 kinds
 * that overlap a few deep (several lanes), a long-running "idle" interval now
 * and then, instants of 4 kinds, and links of 3 kinds to other rows.
 * Intervals are added in end order, rows interleaved, as a reader emitting
 * records in file order would. Prints one line per figure: "bench NAME value unit".
 *
 * Usage: bench-event-table [N_EVENTS]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "bench-util.h"
#include "weft-event-table.h"

#define N_ROWS            64
#define N_TASK_KINDS      24
#define N_INSTANT_KINDS   4
#define N_LINK_KINDS      3

typedef struct
{
  gint64  begin;
  gint64  end;
  guint16 kind;
} Task;

static int
compare_task_end (gconstpointer a,
                  gconstpointer b)
{
  const Task *ta = a;
  const Task *tb = b;

  return ta->end < tb->end ? -1 : (ta->end > tb->end ? 1 : 0);
}

static long
rss_kb (void)
{
  g_autofree char *contents = NULL;
  long pages = 0, resident = 0;

  if (g_file_get_contents ("/proc/self/statm", &contents, NULL, NULL))
    sscanf (contents, "%ld %ld", &pages, &resident);

  return resident * (sysconf (_SC_PAGESIZE) / 1024);
}

static long
peak_rss_kb (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

/* Links that end when they start, as Chapel's communication does; otherwise
 * each link lasts 0.5 to 5 µs, as a message does. */
static gboolean instant_links;

/* Fills @builder with about @n_events events in the given proportions. */
static void
fill (WeftEventTableBuilder *builder,
      guint64                n_events,
      double                 interval_share,
      double                 instant_share,
      double                 link_share)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240611);
  guint64 per_row = n_events / N_ROWS;
  guint64 n_tasks = (guint64)(per_row * interval_share);
  guint64 n_instants = (guint64)(per_row * instant_share);
  guint64 n_links = (guint64)(per_row * link_share);
  guint16 task_kind[N_TASK_KINDS];
  guint16 instant_kind[N_INSTANT_KINDS];
  guint16 link_kind[N_LINK_KINDS];
  const guint64 block = 4096;

  for (guint k = 0; k < N_TASK_KINDS; k++)
    {
      g_autofree char *name = g_strdup_printf ("task_fn_%u", k);

      task_kind[k] = weft_event_table_builder_add_kind (builder, name, WEFT_EVENT_INTERVAL, 0);
    }
  for (guint k = 0; k < N_INSTANT_KINDS; k++)
    {
      g_autofree char *name = g_strdup_printf ("mark_%u", k);

      instant_kind[k] = weft_event_table_builder_add_kind (builder, name, WEFT_EVENT_INSTANT, 0);
    }
  for (guint k = 0; k < N_LINK_KINDS; k++)
    link_kind[k] = weft_event_table_builder_add_kind (builder, (const char *[]) { "get", "put", "fork" }[k],
                                                     WEFT_EVENT_LINK, 0);
  for (guint r = 0; r < N_ROWS; r++)
    {
      g_autofree char *name = g_strdup_printf ("locale %u", r);

      weft_event_table_builder_add_row (builder, name, "node");
    }

  /* Rows are generated a block at a time and interleaved, like a reader
   * going through per-locale files in parallel. */
  {
    g_autofree gint64 *clock = g_new0 (gint64, N_ROWS);
    g_autofree Task *tasks = g_new (Task, block);
    g_autofree guint32 *labels = g_new (guint32, 64);

    for (guint i = 0; i < 64; i++)
      {
        g_autofree char *label = g_strdup_printf ("file.chpl:%u", 100 + i);

        labels[i] = weft_event_table_builder_intern (builder, label);
      }

    for (guint64 done = 0; done < n_tasks; done += block)
      for (guint r = 0; r < N_ROWS; r++)
        {
          guint64 n = MIN (block, n_tasks - done);
          gint64 t = clock[r];

          for (guint64 i = 0; i < n; i++)
            {
              /* About four tasks in flight: starts every ~250 ns, each
               * lasting ~1 µs, with a rare long one (an idle or a wait). */
              t += g_rand_int_range (rand, 50, 450);
              tasks[i].begin = t;
              if (g_rand_int_range (rand, 0, 1000) == 0)
                tasks[i].end = t + g_rand_int_range (rand, 100000, 2000000);
              else
                tasks[i].end = t + g_rand_int_range (rand, 200, 1800);
              tasks[i].kind = task_kind[(i * 7 + r + g_rand_int_range (rand, 0, 3)) % N_TASK_KINDS];
            }
          clock[r] = t;

          /* Readers see a task when it ends. */
          qsort (tasks, n, sizeof (Task), compare_task_end);
          for (guint64 i = 0; i < n; i++)
            weft_event_table_builder_add_interval (builder, r, tasks[i].begin, tasks[i].end, tasks[i].kind,
                                                   labels[i % 64], (guint32)(done + i));
        }

    for (guint r = 0; r < N_ROWS; r++)
      {
        gint64 extent = MAX (clock[r], 1000000);

        for (guint64 i = 0; i < n_instants; i++)
          weft_event_table_builder_add_instant (builder, r,
                                                (gint64)((double)extent * i / MAX (1, n_instants)) +
                                                g_rand_int_range (rand, 0, 200),
                                                instant_kind[i % N_INSTANT_KINDS], 0, (guint32)i);
        for (guint64 i = 0; i < n_links; i++)
          {
            gint64 from = (gint64)((double)extent * i / MAX (1, n_links)) + g_rand_int_range (rand, 0, 500);
            guint to = (r + 1 + g_rand_int_range (rand, 0, 8)) % N_ROWS;
            gint64 duration = g_rand_int_range (rand, 500, 5000);

            weft_event_table_builder_add_link (builder, r, from, to, instant_links ? from : from + duration,
                                               link_kind[i % N_LINK_KINDS], 8 * g_rand_int_range (rand, 1, 4096),
                                               0, (guint32)i);
          }
      }
  }
}

static WeftEventTable *
build (guint64  n_events,
       double   interval_share,
       double   instant_share,
       double   link_share,
       double  *fill_ms,
       double  *finish_ms)
{
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  g_autoptr(GError) error = NULL;
  WeftEventTable *table;
  gint64 start;

  start = g_get_monotonic_time ();
  fill (builder, n_events, interval_share, instant_share, link_share);
  if (fill_ms != NULL)
    *fill_ms = weft_bench_ms_since (start);

  start = g_get_monotonic_time ();
  table = weft_event_table_builder_finish (builder, NULL, &error);
  if (finish_ms != NULL)
    *finish_ms = weft_bench_ms_since (start);
  if (table == NULL)
    g_error ("%s", error->message);

  return table;
}

static void
category_bytes (const char *name,
                double      interval_share,
                double      instant_share,
                double      link_share)
{
  g_autoptr(WeftEventTable) table = build (1000000, interval_share, instant_share, link_share, NULL, NULL);

  printf ("bench event-table-bytes-per-%s %.2f B\n", name,
          (double)weft_event_table_get_memory_size (table) / weft_event_table_get_n_events (table));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(WeftEventTable) table = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  guint64 n_events = argc > 1 ? g_ascii_strtoull (argv[1], NULL, 10) : 10000000;
  g_autofree char *label = NULL;
  double fill_ms, finish_ms;
  WeftTimeSpan span;
  gsize memory;
  gint64 duration;
  long rss_before = rss_kb ();

  table = build (n_events, 0.7, 0.2, 0.1, &fill_ms, &finish_ms);
  label = n_events % 1000000 == 0 ? g_strdup_printf ("%" G_GUINT64_FORMAT "M", n_events / 1000000)
                                  : g_strdup_printf ("%" G_GUINT64_FORMAT, n_events);
  memory = weft_event_table_get_memory_size (table);
  span = weft_event_table_get_span (table);
  duration = span.end - span.begin;

  printf ("bench event-table-events-%s %" G_GSIZE_FORMAT " events\n", label, weft_event_table_get_n_events (table));
  printf ("bench event-table-fill-%s %.0f ms\n", label, fill_ms);
  printf ("bench event-table-build-%s %.0f ms\n", label, finish_ms);
  printf ("bench event-table-bytes-per-event %.2f B\n", (double)memory / weft_event_table_get_n_events (table));
  printf ("bench event-table-memory-%s %.1f MB\n", label, memory / 1e6);
  printf ("bench event-table-rss-%s %.1f MB\n", label, (rss_kb () - rss_before) / 1024.0);
  printf ("bench event-table-peak-rss-%s %.1f MB\n", label, peak_rss_kb () / 1024.0);
  {
    guint lanes = 0, levels = 0;

    for (guint r = 0; r < weft_event_table_get_n_rows (table); r++)
      {
        lanes += weft_event_table_get_n_lanes (table, r);
        levels += weft_event_table_get_lod_n_levels (table, r);
      }
    printf ("bench event-table-lanes-per-row %.1f lanes\n", (double)lanes / weft_event_table_get_n_rows (table));
    printf ("bench event-table-levels-per-row %.1f levels\n", (double)levels / weft_event_table_get_n_rows (table));
  }

  /* range_stats over the whole span, a tenth, and a thousandth. */
  {
    static const struct { const char *name; double fraction; guint repeat; } ranges[] = {
      { "all", 1.0, 20 }, { "tenth", 0.1, 50 }, { "thousandth", 0.001, 500 },
    };

    for (guint i = 0; i < G_N_ELEMENTS (ranges); i++)
      {
        gint64 length = (gint64)(duration * ranges[i].fraction);
        guint64 check = 0;
        gint64 start = g_get_monotonic_time ();

        for (guint k = 0; k < ranges[i].repeat; k++)
          {
            gint64 t0 = span.begin + (gint64)((duration - length) * g_rand_double (rand));
            g_autoptr(WeftRangeStats) stats = weft_event_table_range_stats (table, t0, t0 + length);

            check += stats->row_intervals[0];
          }
        printf ("bench event-table-range-stats-%s %.3f ms\n", ranges[i].name,
                weft_bench_ms_since (start) / ranges[i].repeat);
        if (check == 0 && length > 0)
          g_error ("range_stats found nothing");
      }
  }

  /* aggregate: one pixel column of a 1920-pixel-wide view at three zooms,
   * on random rows, as a renderer asks for it. */
  {
    static const struct { const char *name; double fraction; } zooms[] = {
      { "all", 1.0 }, { "tenth", 0.1 }, { "thousandth", 0.001 },
    };
    const guint repeat = 200000;

    for (guint i = 0; i < G_N_ELEMENTS (zooms); i++)
      {
        gint64 pixel = MAX (1, (gint64)(duration * zooms[i].fraction / 1920));
        gint64 busy = 0;
        gint64 start = g_get_monotonic_time ();

        for (guint k = 0; k < repeat; k++)
          {
            guint row = g_rand_int_range (rand, 0, N_ROWS);
            gint64 t0 = span.begin + (gint64)((duration - pixel) * g_rand_double (rand));
            WeftLodBucket bucket;

            weft_event_table_aggregate (table, row, t0, t0 + pixel, &bucket);
            busy += bucket.busy;
          }
        printf ("bench event-table-aggregate-pixel-%s %.3f us\n", zooms[i].name,
                weft_bench_ms_since (start) * 1000.0 / repeat);
        if (busy == 0)
          g_error ("aggregate found nothing");
      }
  }

  /* Drawing a 1920-pixel row at full zoom out: one aggregate per pixel. */
  {
    gint64 pixel = MAX (1, duration / 1920);
    gint64 start = g_get_monotonic_time ();
    const guint frames = 20;

    for (guint f = 0; f < frames; f++)
      for (guint row = 0; row < N_ROWS; row++)
        for (guint x = 0; x < 1920; x++)
          {
            WeftLodBucket bucket;

            weft_event_table_aggregate (table, row, span.begin + x * pixel, span.begin + (x + 1) * pixel, &bucket);
          }
    printf ("bench event-table-aggregate-frame-64x1920 %.2f ms\n", weft_bench_ms_since (start) / frames);
  }

  g_clear_pointer (&table, weft_event_table_unref);

  if (n_events >= 1000000)
    {
      category_bytes ("interval", 1.0, 0.0, 0.0);
      category_bytes ("instant", 0.0, 1.0, 0.0);
      category_bytes ("link", 0.0, 0.0, 1.0);
      instant_links = TRUE;
      category_bytes ("instant-link", 0.0, 0.0, 1.0);
      instant_links = FALSE;
    }

  return EXIT_SUCCESS;
}

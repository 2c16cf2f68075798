/* test-time-ruler.c: tick spacing and labels of the timeline's ruler.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-time-ruler.h"

static void
test_choose_step (void)
{
  /* 10 µs over 1000 px, labels ≥ 90 px apart: 900 ns wanted → 1 µs. */
  g_assert_cmpint (weft_time_ruler_choose_step (10000, 1000, 90), ==, 1000);
  g_assert_cmpint (weft_time_ruler_choose_step (1000000, 1000, 90), ==, 100000);
  g_assert_cmpint (weft_time_ruler_choose_step (1000000, 1000, 101), ==, 200000);
  g_assert_cmpint (weft_time_ruler_choose_step (1000000, 1000, 201), ==, 500000);
  g_assert_cmpint (weft_time_ruler_choose_step (G_GINT64_CONSTANT (7000000000), 1920, 90), ==, 500000000);
  g_assert_cmpint (weft_time_ruler_choose_step (1, 1000, 90), ==, 1);
  g_assert_cmpint (weft_time_ruler_choose_step (0, 1000, 90), ==, 1);
  g_assert_cmpint (weft_time_ruler_choose_step (G_MAXINT64, 10, 90), >, 0);
}

static void
test_minor_step (void)
{
  g_assert_cmpint (weft_time_ruler_minor_step (1000), ==, 200);
  g_assert_cmpint (weft_time_ruler_minor_step (2000), ==, 500);
  g_assert_cmpint (weft_time_ruler_minor_step (5000), ==, 1000);
  g_assert_cmpint (weft_time_ruler_minor_step (20), ==, 5);
  g_assert_cmpint (weft_time_ruler_minor_step (2), ==, 1);
  g_assert_cmpint (weft_time_ruler_minor_step (5), ==, 1);
  g_assert_cmpint (weft_time_ruler_minor_step (1), ==, 0);
}

static void
check_tick (gint64       offset,
            gint64       step,
            WeftTimeUnit unit,
            const char  *expected)
{
  g_autofree char *label = weft_time_ruler_format_tick (offset, step, unit);

  g_assert_cmpstr (label, ==, expected);
}

static void
test_format_tick (void)
{
  check_tick (0, 1000, WEFT_TIME_NANOSECONDS, "0");
  check_tick (500, 100, WEFT_TIME_NANOSECONDS, "500 ns");
  check_tick (1500, 500, WEFT_TIME_NANOSECONDS, "1.5 µs");
  check_tick (200000, 100000, WEFT_TIME_NANOSECONDS, "200 µs");
  check_tick (900000, 100000, WEFT_TIME_NANOSECONDS, "900 µs");
  check_tick (1000000, 100000, WEFT_TIME_NANOSECONDS, "1.0 ms");
  check_tick (1200000, 100000, WEFT_TIME_NANOSECONDS, "1.2 ms");
  check_tick (1250000, 50000, WEFT_TIME_NANOSECONDS, "1.25 ms");
  check_tick (G_GINT64_CONSTANT (2500000000), 500000000, WEFT_TIME_NANOSECONDS, "2.5 s");
  check_tick (G_GINT64_CONSTANT (3000000000), 1000000000, WEFT_TIME_NANOSECONDS, "3 s");
  check_tick (G_GINT64_CONSTANT (5300100000), 100000, WEFT_TIME_NANOSECONDS, "5.3001 s");
  /* Deep zoom far into a long trace: 1 µs ticks at 65.4 s. */
  check_tick (G_GINT64_CONSTANT (65400001000), 1000, WEFT_TIME_NANOSECONDS, "65.400001 s");
  check_tick (G_GINT64_CONSTANT (120000000000), G_GINT64_CONSTANT (20000000000), WEFT_TIME_NANOSECONDS, "120 s");
  check_tick (-2000, 1000, WEFT_TIME_NANOSECONDS, "-2 µs");
  check_tick (1500, 500, WEFT_TIME_LOGICAL, "1500");
  check_tick (0, 1, WEFT_TIME_LOGICAL, "0");
}

/* Every labelled tick of a span reads differently from its neighbours. */
static void
test_ticks_distinct (void)
{
  static const gint64 durations[] = { 10, 1000, 12345, 1000000, 77777777, G_GINT64_CONSTANT (3600000000000) };

  for (guint d = 0; d < G_N_ELEMENTS (durations); d++)
    {
      for (gint64 begin = 0; begin < G_GINT64_CONSTANT (100000000000); begin = begin * 7 + 13)
        {
          gint64 step = weft_time_ruler_choose_step (durations[d], 1000, 90);
          gint64 first = (begin / step) * step;
          g_autofree char *previous = NULL;

          for (gint64 t = first; t <= begin + durations[d]; t += step)
            {
              char *label = weft_time_ruler_format_tick (t, step, WEFT_TIME_NANOSECONDS);

              g_assert_true (previous == NULL || g_strcmp0 (previous, label) != 0);
              g_free (previous);
              previous = label;
            }
        }
    }
}

static void
test_format_span (void)
{
  g_autofree char *a = weft_time_ruler_format_span (0, 1500000, WEFT_TIME_NANOSECONDS);
  g_autofree char *b = weft_time_ruler_format_span (10, 200, WEFT_TIME_LOGICAL);

  g_assert_cmpstr (a, ==, "0 – 1.5 ms (1.5 ms)");
  g_assert_cmpstr (b, ==, "events 10 – 200 (190)");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/timeline/ruler/choose-step", test_choose_step);
  g_test_add_func ("/timeline/ruler/minor-step", test_minor_step);
  g_test_add_func ("/timeline/ruler/format-tick", test_format_tick);
  g_test_add_func ("/timeline/ruler/ticks-distinct", test_ticks_distinct);
  g_test_add_func ("/timeline/ruler/format-span", test_format_span);

  return g_test_run ();
}

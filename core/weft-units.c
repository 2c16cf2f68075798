/* weft-units.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-units.h"

/* Up to four significant digits in the largest unit that keeps the value ≥ 1:
 * "850 ns", "12.5 µs", "3.204 ms", "1.5 s", "2 min 5 s". */
char *
weft_format_duration (gint64 nanoseconds)
{
  const char *sign = nanoseconds < 0 ? "-" : "";
  guint64 ns = nanoseconds < 0 ? (guint64)(-(nanoseconds + 1)) + 1 : (guint64)nanoseconds;
  double v = (double)ns;

  if (ns < 1000)
    return g_strdup_printf ("%s%" G_GUINT64_FORMAT " ns", sign, ns);
  if (ns < 1000000)
    return g_strdup_printf ("%s%.4g µs", sign, v / 1e3);
  if (ns < G_GUINT64_CONSTANT (1000000000))
    return g_strdup_printf ("%s%.4g ms", sign, v / 1e6);
  if (ns < G_GUINT64_CONSTANT (60000000000))
    return g_strdup_printf ("%s%.4g s", sign, v / 1e9);
  {
    guint64 total_s = ns / G_GUINT64_CONSTANT (1000000000);

    if (total_s < 3600)
      return g_strdup_printf ("%s%" G_GUINT64_FORMAT " min %" G_GUINT64_FORMAT " s", sign,
                              total_s / 60, total_s % 60);
    return g_strdup_printf ("%s%" G_GUINT64_FORMAT " h %" G_GUINT64_FORMAT " min", sign,
                            total_s / 3600, (total_s / 60) % 60);
  }
}

char *
weft_format_seconds (double seconds)
{
  return weft_format_duration ((gint64)(seconds * 1e9 + (seconds < 0 ? -0.5 : 0.5)));
}

/* Binary units as GNOME shows them, exact below 1 KiB. */
char *
weft_format_bytes (guint64 bytes)
{
  if (bytes < 1024)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " B", bytes);

  return g_format_size_full (bytes, G_FORMAT_SIZE_IEC_UNITS);
}

/* Thousands separated by a thin space: "1 234 567". */
char *
weft_format_count (guint64 count)
{
  g_autofree char *digits = g_strdup_printf ("%" G_GUINT64_FORMAT, count);
  GString *out = g_string_new (NULL);
  gsize len = strlen (digits);

  for (gsize i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append (out, "\u2009");
      g_string_append_c (out, digits[i]);
    }

  return g_string_free (out, FALSE);
}

/**
 * weft_round_step:
 * @at_least: the smallest step wanted
 * @max_decade: the largest power of ten to try
 *
 * Returns: the smallest step of the 1-2-5 series (1, 2, 5, 10, 20, 50, …) that
 *   is at least @at_least, among those of decades up to @max_decade; the
 *   largest of them (5 × that decade) when none is
 */
guint64
weft_round_step (double  at_least,
                 guint64 max_decade)
{
  static const guint64 mantissas[] = { 1, 2, 5 };
  guint64 largest = 1;

  for (guint64 decade = 1; decade <= max_decade; decade *= 10)
    for (guint i = 0; i < G_N_ELEMENTS (mantissas); i++)
      {
        largest = mantissas[i] * decade;
        if ((double)largest >= at_least)
          return largest;
      }

  return largest;
}

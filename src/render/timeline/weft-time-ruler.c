/* weft-time-ruler.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-time-ruler.h"
#include "weft-units.h"

/**
 * weft_time_ruler_choose_step:
 * @duration: the visible duration, in time units
 * @width: the width it is drawn over, in pixels
 * @min_spacing: the fewest pixels between two labelled ticks
 *
 * Returns: the smallest step of the 1-2-5 series (1, 2, 5, 10, 20, …) whose
 *   ticks are at least @min_spacing pixels apart; never less than 1.
 */
gint64
weft_time_ruler_choose_step (gint64 duration,
                             double width,
                             double min_spacing)
{
  if (duration <= 0 || width <= 0)
    return 1;

  /* Up to 5 × 10¹⁷: no table spans more than that anyway. */
  return (gint64)weft_round_step ((double)duration * MAX (min_spacing, 1.0) / width, G_MAXINT64 / 10);
}

/**
 * weft_time_ruler_minor_step:
 *
 * Returns: the unlabelled tick spacing that divides @step evenly (a fifth of
 *   1×10ⁿ and 5×10ⁿ, a quarter or half of 2×10ⁿ), or 0 when @step cannot be
 *   divided in whole time units.
 */
gint64
weft_time_ruler_minor_step (gint64 step)
{
  gint64 mantissa = step;

  if (step <= 1)
    return 0;

  while (mantissa % 10 == 0)
    mantissa /= 10;

  if (mantissa == 2)
    return step % 4 == 0 ? step / 4 : step / 2;
  if (step % 5 == 0)
    return step / 5;

  return 0;
}

static const struct
{
  gint64      factor;
  const char *symbol;
} time_units[] = {
  { G_GINT64_CONSTANT (1000000000), "s" },
  { 1000000, "ms" },
  { 1000, "µs" },
  { 1, "ns" },
};

/**
 * weft_time_ruler_format_tick:
 * @offset: the tick's time since the start of the document
 * @step: the spacing of labelled ticks
 * @unit: nanoseconds or logical time
 *
 * Labels a tick in the largest unit that keeps the number ≥ 1, with just
 * enough decimals to tell neighbouring ticks apart: "0", "200 µs", "1.2 ms",
 * "5.3001 s". Logical time is labelled with the event number.
 *
 * Returns: (transfer full): the label
 */
char *
weft_time_ruler_format_tick (gint64       offset,
                             gint64       step,
                             WeftTimeUnit unit)
{
  const char *sign = offset < 0 ? "-" : "";
  guint64 magnitude;
  guint i;

  if (unit == WEFT_TIME_LOGICAL)
    return g_strdup_printf ("%" G_GINT64_FORMAT, offset);

  if (offset == 0)
    return g_strdup ("0");

  magnitude = offset < 0 ? (guint64)(-(offset + 1)) + 1 : (guint64)offset;
  step = MAX (step, 1);

  for (i = 0; i < G_N_ELEMENTS (time_units) - 1; i++)
    {
      if (magnitude >= (guint64)time_units[i].factor)
        break;
    }

  {
    guint64 factor = (guint64)time_units[i].factor;
    guint64 whole = magnitude / factor;
    guint64 fraction = magnitude % factor;
    guint64 resolution = factor;
    guint decimals = 0;

    /* Decimals needed so that a multiple of @step prints exactly. */
    while (resolution > 1 && (guint64)step % resolution != 0)
      {
        resolution /= 10;
        decimals++;
      }

    if (decimals == 0)
      return g_strdup_printf ("%s%" G_GUINT64_FORMAT " %s", sign, whole, time_units[i].symbol);

    return g_strdup_printf ("%s%" G_GUINT64_FORMAT ".%0*" G_GUINT64_FORMAT " %s", sign, whole,
                            (int)decimals, fraction / resolution, time_units[i].symbol);
  }
}

/**
 * weft_time_ruler_format_span:
 *
 * Describes a range as "1.5 ms – 3 ms (1.5 ms)", times counted from the start
 * of the document, or "events 10 – 200 (190)" for logical time.
 *
 * Returns: (transfer full): the description
 */
char *
weft_time_ruler_format_span (gint64       begin_offset,
                             gint64       end_offset,
                             WeftTimeUnit unit)
{
  g_autofree char *begin = NULL;
  g_autofree char *end = NULL;
  g_autofree char *length = NULL;

  if (unit == WEFT_TIME_LOGICAL)
    return g_strdup_printf ("events %" G_GINT64_FORMAT " – %" G_GINT64_FORMAT
                            " (%" G_GINT64_FORMAT ")",
                            begin_offset, end_offset, end_offset - begin_offset);

  begin = begin_offset == 0 ? g_strdup ("0") : weft_format_duration (begin_offset);
  end = weft_format_duration (end_offset);
  length = weft_format_duration (end_offset - begin_offset);

  return g_strdup_printf ("%s – %s (%s)", begin, end, length);
}

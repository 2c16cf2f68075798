/* fuzz-ddt-intset.c: libFuzzer harness for compact integer sets, STAT's
 * bracketed form and thread tuple sets (core/weft-int-set.c).
 *
 * Whatever parses must print canonically: printing, parsing the print and
 * printing again gives the same text and an equal set.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "weft-int-set.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static void
check_int_set (WeftIntSet *set)
{
  g_autofree char *text = weft_int_set_to_string (set);
  g_autoptr(WeftIntSet) again = weft_int_set_parse (text, -1, NULL, NULL);
  g_autofree char *text_again = NULL;
  guint64 count = 0;

  if (again == NULL || !weft_int_set_equal (set, again))
    abort ();
  text_again = weft_int_set_to_string (again);
  if (strcmp (text, text_again) != 0)
    abort ();

  for (guint i = 0; i < weft_int_set_get_n_ranges (set); i++)
    {
      const WeftIntRange *r = weft_int_set_get_range (set, i);

      if (r->first > r->last || (i > 0 && weft_int_set_get_range (set, i - 1)->last >= r->first - 1))
        abort ();
      if (!weft_int_set_contains (set, r->first) || !weft_int_set_contains (set, r->last))
        abort ();
      if (r->first > 0 && weft_int_set_contains (set, r->first - 1))
        abort ();
      count += (guint64)(r->last - r->first) + 1;
    }
  if (count != weft_int_set_get_count (set))
    abort ();
}

static void
check_thread_set (WeftThreadSet *set)
{
  g_autofree char *text = weft_thread_set_to_string (set);
  g_autoptr(WeftThreadSet) again = weft_thread_set_parse (text, -1, NULL, NULL);
  g_autoptr(WeftIntSet) processes = weft_thread_set_dup_processes (set);
  g_autofree char *text_again = NULL;

  if (again == NULL || !weft_thread_set_equal (set, again))
    abort ();
  text_again = weft_thread_set_to_string (again);
  if (strcmp (text, text_again) != 0)
    abort ();
  check_int_set (processes);

  for (guint i = 0; i < weft_thread_set_get_n_runs (set); i++)
    {
      gint64 first, last;
      const WeftIntSet *threads = weft_thread_set_get_run (set, i, &first, &last);
      const WeftIntRange *t = weft_int_set_get_range (threads, 0);

      if (!weft_thread_set_contains (set, first, t->first) || !weft_thread_set_contains (set, last, t->last))
        abort ();
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char *text = (const char *)data;
  g_autoptr(WeftIntSet) set = NULL;
  g_autoptr(WeftIntSet) bracketed = NULL;
  g_autoptr(WeftThreadSet) threads = NULL;
  guint column = 0;

  set = weft_int_set_parse (text, size, &column, NULL);
  if (set != NULL)
    check_int_set (set);
  else if (column == 0 || column > size + 1)
    abort ();

  bracketed = weft_int_set_parse_bracketed (text, size, NULL, NULL);
  if (bracketed != NULL)
    check_int_set (bracketed);

  threads = weft_thread_set_parse (text, size, NULL, NULL);
  if (threads != NULL)
    check_thread_set (threads);

  return 0;
}

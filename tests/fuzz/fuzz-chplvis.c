/* fuzz-chplvis.c: libFuzzer harness for the Chapel VisualDebug reader
 * (parsers/chplvis) and chplvis's reductions (src/model/chplvis/weft-chplvis-reduce.c).
 *
 * The input is one locale file. What reads is made into a run of that one file
 * and every reduction that makes sense on one file runs over it, for every tag,
 * both with Weft's figures and chplvis's, with and without a time range; the
 * results must hold together (the matrix's rows add up to each locale's
 * communication out, a run's tasks to its tags' tasks).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "weft-chplvis-parser.h"
#include "weft-chplvis-reduce.h"

/* Matrices are n × n: keep the work per input small. */
#define MAX_FUZZ_LOCALES 64
#define MAX_FUZZ_TAGS    4

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

static void
reduce (const WeftChplvisTrace *trace,
        WeftChplvisQuery       *query)
{
  g_autoptr(WeftChplvisCommMatrix) matrix = weft_chplvis_compute_comm_matrix (trace, query);
  g_autofree WeftChplvisLocaleStats *stats = weft_chplvis_compute_locale_stats (trace, query);
  g_autoptr(GArray) pair = weft_chplvis_list_pair_comms (trace, query, 0, trace->n_locales - 1);
  WeftChplvisPairStats pair_stats;

  for (guint from = 0; from < trace->n_locales; from++)
    {
      guint64 out = 0;

      for (guint to = 0; to < trace->n_locales; to++)
        out += matrix->count[(gsize)from * trace->n_locales + to];
      if (out != stats[from].comm_out_count)
        abort ();
    }

  weft_chplvis_compute_pair_stats (trace, query, 0, trace->n_locales - 1, &pair_stats);
  if (pair_stats.total_count != pair->len ||
      pair_stats.total_count != matrix->count[trace->n_locales - 1])
    abort ();
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftChplvisTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  WeftChplvisLocale *locale;
  WeftChplvisQuery query;
  guint n_tags;

  locale = weft_chplvis_parse_locale ((const char *)data, size, "fuzz", WEFT_CHPLVIS_PARSE_NONE, context, &error);
  if ((locale == NULL) == (error == NULL))
    abort ();
  if (locale == NULL)
    return 0;

  /* The fast path of the comm and fork lines reads what the full scanners
   * read (tests/chplvis: /chplvis/parser/fast-path compares every value). */
  {
    g_autoptr(WeftLoadContext) full_context = weft_load_context_new (NULL);
    g_autoptr(WeftChplvisLocale) full = weft_chplvis_parse_locale ((const char *)data, size, "fuzz",
                                                                   WEFT_CHPLVIS_PARSE_FULL_SCAN, full_context, NULL);

    if (full == NULL || full->n_skipped != locale->n_skipped || full->comms.n != locale->comms.n ||
        full->forks.n != locale->forks.n ||
        (locale->comms.n > 0 && full->comms.time[locale->comms.n - 1] != locale->comms.time[locale->comms.n - 1]))
      abort ();
  }

  trace = weft_chplvis_trace_new (&locale, 1, context, &error);
  if (trace == NULL || locale != NULL)
    abort ();
  if (trace->n_locales > MAX_FUZZ_LOCALES)
    return 0;

  /* Every task and record of the file. */
  for (guint l = 0; l < trace->n_locales; l++)
    {
      const WeftChplvisLocale *loc = trace->locales[l];
      g_autofree WeftChplvisTaskComm *sums = NULL;

      if (loc == NULL)
        continue;
      sums = weft_chplvis_compute_task_comm (trace, l, FALSE);
      for (guint32 i = 0; i < loc->tasks.n; i++)
        {
          WeftChplvisTaskInfo info;

          if (!weft_chplvis_get_task_info (trace, l, i, &info))
            abort ();
        }
      for (guint32 i = 0; i < loc->comms.n; i++)
        {
          WeftChplvisCommRecord record;

          weft_chplvis_get_comm_record (trace, l, FALSE, i, &record);
        }
      if (loc->tasks.n > 0)
        {
          g_autoptr(GArray) list = weft_chplvis_list_task_comms (trace, l, 0);

          (void)list;
        }
      for (int compat = 0; compat < 2; compat++)
        {
          g_autoptr(GArray) steps = weft_chplvis_compute_concurrency_steps (trace, l, compat);

          if (steps->len < 1 || steps->len > 1 + loc->n_sched)
            abort ();
        }
    }

  {
    g_autoptr(GArray) tags = weft_chplvis_list_tags (trace, FALSE);
    g_autoptr(GArray) merged = weft_chplvis_list_tags (trace, TRUE);

    if (tags->len != trace->n_tags + 2 || merged->len > tags->len)
      abort ();
  }

  n_tags = MIN (trace->n_tags, MAX_FUZZ_TAGS);
  for (int compat = 0; compat < 2; compat++)
    for (int tag = WEFT_CHPLVIS_TAG_ALL; tag < (int)n_tags; tag++)
      for (int ranged = 0; ranged < 2; ranged++)
        {
          weft_chplvis_query_init (&query);
          query.tag = tag;
          query.merge = tag >= 0;
          query.chplvis_compat = compat;
          query.has_range = ranged;
          query.range.begin = weft_chplvis_time_to_ns (trace, trace->origin) + 1000;
          query.range.end = weft_chplvis_time_to_ns (trace, trace->end);
          query.include_overhead = ranged;
          reduce (trace, &query);
        }

  /* The profile, whose table may be large: once each way. */
  for (int compat = 0; compat < 2; compat++)
    {
      g_autoptr(GArray) profile = NULL;
      guint64 n_tasks = 0;

      weft_chplvis_query_init (&query);
      query.chplvis_compat = compat;
      profile = weft_chplvis_compute_profile (trace, &query);
      for (guint i = 0; i < profile->len; i++)
        n_tasks += g_array_index (profile, WeftChplvisProfileRow, i).tasks;
      /* Weft's profile places every task of the user somewhere. */
      if (!compat)
        {
          guint64 expected = 0;

          for (guint l = 0; l < trace->n_locales; l++)
            for (guint32 i = 0; trace->locales[l] != NULL && i < trace->locales[l]->tasks.n; i++)
              if (!(trace->locales[l]->tasks.flags[i] & (WEFT_CHPLVIS_TASK_OVERHEAD | WEFT_CHPLVIS_TASK_NO_RECORD |
                                                         WEFT_CHPLVIS_TASK_MAIN)))
                expected++;
          if (n_tasks != expected)
            abort ();
        }
    }

  /* Tags by name, as options give them. */
  weft_chplvis_query_init (&query);
  if (!weft_chplvis_query_set_tag (trace, &query, "Start", NULL) ||
      (trace->n_tags > 0 && !weft_chplvis_query_set_tag (trace, &query, "#0", NULL)))
    abort ();
  if (trace->n_tags > 0)
    {
      g_autofree char *name = weft_chplvis_dup_tag_name (trace, (int)trace->n_tags - 1);

      if (!weft_chplvis_query_set_tag (trace, &query, name, NULL) || query.tag < 0)
        abort ();
    }

  return 0;
}

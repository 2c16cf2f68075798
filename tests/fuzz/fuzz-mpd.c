/* fuzz-mpd.c: libFuzzer harness for the MPD trace reader (parsers/mpd) and its
 * model and dataset (src/model/mpd).
 *
 * The input is a trace file. What reads is ordered, and the results must hold
 * together: every link goes forward in Lamport time, every record belongs to
 * a process of its own id, the invocation matrix sums to the messages, and the
 * timeline builds in both orders. The trace read in two halves by two threads
 * (as big traces are) is the trace read in one go.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>

#include "weft-mpd-dataset.h"
#include "weft-mpd-parser.h"

int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftMpdDataset) dataset = NULL;
  g_autoptr(WeftMatrix) matrix = NULL;
  g_autoptr(WeftValueTable) values = NULL;
  g_autoptr(WeftEventTable) by_line = NULL;
  WeftViewOptions options = { .kind = "resources" };
  const WeftMpdModel *m;
  WeftMpdTrace *trace;
  WeftMatrixStats stats;

  trace = weft_mpd_parse ((const char *)data, size, "fuzz", context, &error);
  (void)weft_mpd_count_trace_lines ((const char *)data, size, NULL);
  {
    g_autoptr(GError) split_error = NULL;
    g_autoptr(WeftMpdTrace) split = weft_mpd_parse_split ((const char *)data, size, "fuzz", 0, NULL, &split_error);

    if ((split == NULL) != (trace == NULL))
      abort ();
    if (split != NULL)
      {
        if (split->n_records != trace->n_records || split->n_skipped != trace->n_skipped ||
            split->n_locations != trace->n_locations)
          abort ();
        for (gsize i = 0; i < trace->n_records; i++)
          {
            const WeftMpdRecord *a = &trace->records[i], *b = &split->records[i];

            if (a->pid != b->pid || a->extra != b->extra || a->line_no != b->line_no || a->event != b->event ||
                a->vm != b->vm ||
                g_strcmp0 (weft_string_pool_lookup (trace->names, a->name), weft_string_pool_lookup (split->names, b->name)) != 0)
              abort ();
          }
      }
  }
  if (trace == NULL)
    return 0;

  dataset = weft_mpd_dataset_new (weft_mpd_model_new (trace), context, &error);
  if (dataset == NULL)
    abort ();
  m = weft_mpd_dataset_get_model (dataset);

  for (gsize i = 0; i < m->n_links; i++)
    if (m->lamport[m->links[i].from_record] >= m->lamport[m->links[i].to_record])
      abort ();
  for (gsize i = 0; i < m->trace->n_records; i++)
    if (m->record_process[i] >= m->n_processes ||
        m->processes[m->record_process[i]].pid != m->trace->records[i].pid ||
        m->lamport[i] < 1 || m->lamport[i] > m->max_lamport)
      abort ();

  matrix = weft_dataset_dup_matrix (WEFT_DATASET (dataset), "comm-matrix", &options, &error);
  if (matrix == NULL)
    {
      g_printerr ("fuzz-mpd: %s\n", error != NULL ? error->message : "no error");
      abort ();
    }
  weft_matrix_compute_stats (matrix, &stats);
  if ((guint64)stats.sum != m->n_messages)
    abort ();
  values = weft_dataset_dup_values (WEFT_DATASET (dataset), "values", NULL, &error);
  if (values == NULL || weft_value_table_get_n_rows (values) != weft_dataset_get_n_rows (WEFT_DATASET (dataset)))
    abort ();
  by_line = weft_mpd_dataset_dup_event_table (dataset, FALSE, NULL, &error);
  if (by_line == NULL)
    abort ();

  return 0;
}

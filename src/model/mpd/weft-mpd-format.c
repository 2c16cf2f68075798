/* weft-mpd-format.c: registers the MPD runtime trace reader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "weft-format.h"
#include "weft-formats-builtin.h"
#include "weft-memory.h"
#include "weft-mpd-dataset.h"
#include "weft-mpd-parser.h"

/* A trace is recognised by its trace-shaped lines, wherever they start in the
 * head: with MPD_TRACE=stdout the program's own output comes first. Two such
 * lines are a trace; one is one when it is all the head holds. */
static WeftSniffScore
weft_mpd_format_sniff (const WeftSniffInput *input)
{
  guint n_lines = 0;
  guint n_trace;

  if (input->is_directory || input->head == NULL)
    return WEFT_SNIFF_NO;

  n_trace = weft_mpd_count_trace_lines ((const char *)input->head, input->head_len, &n_lines);
  if (n_trace >= 2)
    return WEFT_SNIFF_CERTAIN;
  if (n_trace == 1)
    return n_lines == 1 ? WEFT_SNIFF_LIKELY : WEFT_SNIFF_WEAK;

  return WEFT_SNIFF_NO;
}

static const WeftFormat mpd_format;

static WeftDataset *
weft_mpd_format_load (GFile * const    *files,
                      guint             n_files,
                      WeftLoadContext  *context,
                      GError          **error)
{
  g_autoptr(WeftMpdTrace) trace = NULL;
  WeftMpdModel *model;
  double from = weft_load_context_get_fraction (context);

  if (!weft_format_check_one_file (&mpd_format, n_files, error))
    return NULL;
  weft_load_context_begin_stage (context, from, from + (1.0 - from) * 0.6, _("Reading the trace"));
  trace = weft_mpd_read (files[0], context, error);
  if (trace == NULL)
    return NULL;

  weft_load_context_begin_stage (context, from + (1.0 - from) * 0.6, from + (1.0 - from) * 0.7,
                                 _("Ordering the events"));
  model = weft_mpd_model_new_cancellable (g_steal_pointer (&trace), weft_load_context_get_cancellable (context));
  if (model == NULL)
    {
      weft_load_context_set_error_if_cancelled (context, error);
      return NULL;
    }
  weft_memory_release_freed ();

  weft_load_context_begin_stage (context, from + (1.0 - from) * 0.7, 1.0, _("Building the timeline"));
  return (WeftDataset *)weft_mpd_dataset_new (model, context, error);
}

static const char *const patterns[] = { "*.trace", "*.mpdtrace", NULL };

static const WeftFormat mpd_format = {
  .id = "mpdtrace",
  .name = N_("MPD runtime trace"),
  .mime_type = "text/x-mpd-trace",
  .patterns = patterns,
  .expects = N_("lines “FILE, LINE  [vm(N).]RESOURCE.PROC  EVENT  ID  VALUE” as MPD_TRACE writes them"),
  .opens_directories = FALSE,
  .sniff = weft_mpd_format_sniff,
  .load = weft_mpd_format_load,
};

void
weft_mpd_format_register (void)
{
  weft_format_register (&mpd_format);
}

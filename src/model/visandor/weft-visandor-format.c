/* weft-visandor-format.c: registers the VisAndOr reader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "weft-format.h"
#include "weft-formats-builtin.h"
#include "weft-memory.h"
#include "weft-visandor-dataset.h"
#include "weft-visandor-reader.h"

/* The type digit alone on line 1, then an event line of six numbers. The
 * layout is plain enough to be another format's: likely, not certain, unless
 * the name is Weft's own *.visandor. */
static WeftSniffScore
weft_visandor_format_sniff (const WeftSniffInput *input)
{
  if (input->is_directory || input->head == NULL)
    return WEFT_SNIFF_NO;
  if (!weft_visandor_is_header ((const char *)input->head, input->head_len))
    return input->basename != NULL && g_str_has_suffix (input->basename, ".visandor") ? WEFT_SNIFF_WEAK
                                                                                    : WEFT_SNIFF_NO;
  if (input->basename != NULL && g_str_has_suffix (input->basename, ".visandor"))
    return WEFT_SNIFF_CERTAIN;

  return WEFT_SNIFF_LIKELY;
}

static const WeftFormat visandor_format;

static WeftDataset *
weft_visandor_format_load (GFile * const    *files,
                           guint             n_files,
                           WeftLoadContext  *context,
                           GError          **error)
{
  g_autoptr(WeftVisandorTrace) trace = NULL;
  double from = weft_load_context_get_fraction (context);

  if (!weft_format_check_one_file (&visandor_format, n_files, error))
    return NULL;

  weft_load_context_begin_stage (context, from, from + (1.0 - from) * 0.8, _("Reading the trace"));
  trace = weft_visandor_read (files[0], context, error);
  if (trace == NULL)
    return NULL;
  weft_memory_release_freed ();

  weft_load_context_begin_stage (context, from + (1.0 - from) * 0.8, 1.0, _("Building the timeline"));

  return (WeftDataset *)weft_visandor_dataset_new (g_steal_pointer (&trace), context, error);
}

static const char *const patterns[] = { "*.visandor", NULL };

static const WeftFormat visandor_format = {
  .id = "visandor",
  .name = N_("VisAndOr parallel Prolog trace"),
  .mime_type = "text/x-visandor-trace",
  .patterns = patterns,
  .expects = N_("a line holding 0 or 1 (and-/or-parallelism), then lines “timestamp code node branches wam agent”"),
  .opens_directories = FALSE,
  .sniff = weft_visandor_format_sniff,
  .load = weft_visandor_format_load,
};

void
weft_visandor_format_register (void)
{
  weft_format_register (&visandor_format);
}

/* weft-chplvis-format.c: registers the Chapel VisualDebug reader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-chplvis-dataset.h"
#include "weft-chplvis-parser.h"
#include "weft-chplvis-reader.h"
#include "weft-format.h"
#include "weft-formats-builtin.h"
#include "weft-memory.h"

static gboolean
has_child (const WeftSniffInput *input,
           const char           *name)
{
  return input->children != NULL && g_strv_contains (input->children, name);
}

/* How many names in a folder look like the first file of a run ("X-0"). */
static guint
count_first_files (const WeftSniffInput *input)
{
  guint n = 0;

  for (guint i = 0; input->children != NULL && input->children[i] != NULL; i++)
    if (g_str_has_suffix (input->children[i], "-0") && strlen (input->children[i]) > 2)
      n++;

  return n;
}

/* A file that starts like a VisualDebug header is one; a folder is one when it
 * is laid out as the runtime writes it: NAME/NAME-0, or the default .Vdebug-0.
 * A folder renamed after the run (FishLearning-E1/E1-0) holding a single X-0
 * family is probably one too; the reader checks the headers. */
static WeftSniffScore
weft_chplvis_format_sniff (const WeftSniffInput *input)
{
  if (!input->is_directory)
    return weft_chplvis_is_header ((const char *)input->head, input->head_len) ? WEFT_SNIFF_CERTAIN : WEFT_SNIFF_NO;

  if (input->basename != NULL)
    {
      g_autofree char *first = g_strconcat (input->basename, "-0", NULL);

      if (has_child (input, first))
        return WEFT_SNIFF_LIKELY;
    }
  if (has_child (input, ".Vdebug-0"))
    return WEFT_SNIFF_LIKELY;
  if (count_first_files (input) == 1)
    return WEFT_SNIFF_WEAK;

  return WEFT_SNIFF_NO;
}

static WeftDataset *
weft_chplvis_format_load (GFile * const    *files,
                          guint             n_files,
                          WeftLoadContext  *context,
                          GError          **error)
{
  g_autoptr(WeftChplvisTrace) trace = NULL;
  double from = weft_load_context_get_fraction (context);

  /* Reading is most of the work; building the timeline the rest. */
  weft_load_context_begin_stage (context, from, from + (1.0 - from) * 0.8, _("Reading the locale files"));
  trace = weft_chplvis_read (files, n_files, context, error);
  if (trace == NULL)
    return NULL;
  /* The readers' scratch, before the timeline builder needs as much again. */
  weft_memory_release_freed ();

  weft_load_context_begin_stage (context, from + (1.0 - from) * 0.8, 1.0, _("Building the timeline"));

  return (WeftDataset *)weft_chplvis_dataset_new (g_steal_pointer (&trace), context, error);
}

static const char *const patterns[] = { "*-0", NULL };

static const WeftFormat chplvis_format = {
  .id = "chplvis",
  .name = N_("Chapel VisualDebug trace"),
  .mime_type = "application/x-chplvis-trace",
  .patterns = patterns,
  .expects = N_("a folder holding NAME-0 … NAME-n (one file per locale), or a file whose first line starts with “ChplVdebug:”"),
  .opens_directories = TRUE,
  .sniff = weft_chplvis_format_sniff,
  .load = weft_chplvis_format_load,
};

void
weft_chplvis_format_register (void)
{
  weft_format_register (&chplvis_format);
}

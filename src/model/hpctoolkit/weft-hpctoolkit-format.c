/* weft-hpctoolkit-format.c: registers the HPCToolkit measurement reader.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-format.h"
#include "weft-formats-builtin.h"
#include "weft-hpcrun.h"
#include "weft-hpctoolkit-dataset.h"
#include "weft-hpctrace.h"

/* A profile by its magic; a folder when it holds *.hpcrun files (a *.m or
 * hpctoolkit-*-measurements folder all the more). */
static WeftSniffScore
weft_hpctoolkit_format_sniff (const WeftSniffInput *input)
{
  if (!input->is_directory)
    {
      if (weft_hpcrun_is_header (input->head, input->head_len))
        return WEFT_SNIFF_CERTAIN;
      /* Traces and structure files open with their profiles. */
      if (weft_hpctrace_is_header (input->head, input->head_len)
          || g_strstr_len ((const char *)input->head, input->head_len, "<HPCToolkitStructure") != NULL)
        return WEFT_SNIFF_LIKELY;
      return WEFT_SNIFF_NO;
    }
  for (guint i = 0; input->children != NULL && input->children[i] != NULL; i++)
    if (g_str_has_suffix (input->children[i], ".hpcrun"))
      {
        if (input->basename != NULL
            && (g_str_has_suffix (input->basename, ".m")
                || (g_str_has_prefix (input->basename, "hpctoolkit-") && g_str_has_suffix (input->basename, "-measurements"))))
          return WEFT_SNIFF_CERTAIN;
        return WEFT_SNIFF_LIKELY;
      }
  return WEFT_SNIFF_NO;
}

static WeftDataset *
weft_hpctoolkit_format_load (GFile * const    *files,
                             guint             n_files,
                             WeftLoadContext  *context,
                             GError          **error)
{
  WeftHpctoolkitMeasurement *measurement;
  double from = weft_load_context_get_fraction (context);

  weft_load_context_begin_stage (context, from, from + (1.0 - from) * 0.8, _("Reading the profiles"));
  measurement = weft_hpctoolkit_measurement_load (files, n_files, context, error);
  if (measurement == NULL)
    return NULL;
  weft_load_context_begin_stage (context, from + (1.0 - from) * 0.8, 1.0, _("Building the trace timeline"));
  return (WeftDataset *)weft_hpctoolkit_dataset_new (measurement, context, error);
}

/* Measurement folders (*.m) open with the folder chooser; "*.m" here would
 * also offer Objective-C and MATLAB files. */
static const char *const patterns[] = { "*.hpcrun", NULL };

static const WeftFormat hpctoolkit_format = {
  .id = "hpcrun",
  .name = N_("HPCToolkit measurement"),
  .mime_type = "application/x-hpcrun-profile",
  .patterns = patterns,
  .expects = N_("an HPCToolkit measurement folder (*.m, hpctoolkit-*-measurements) holding *.hpcrun files, or a file starting with “HPCRUN-profile____”"),
  .opens_directories = TRUE,
  .sniff = weft_hpctoolkit_format_sniff,
  .load = weft_hpctoolkit_format_load,
};

void
weft_hpctoolkit_format_register (void)
{
  weft_format_register (&hpctoolkit_format);
}

/* weft-chplvis-sources.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-chplvis-sources.h"
#include "weft-source-path.h"

/**
 * weft_chplvis_source_has_file:
 *
 * Returns: whether file @file names a real file: %FALSE for unknown indices
 *   and the runtime's "<unknown>", "<internal>" and "<command_line>".
 */
gboolean
weft_chplvis_source_has_file (const WeftChplvisTrace *trace,
                              int                     file)
{
  const char *name;

  g_return_val_if_fail (trace != NULL, FALSE);

  name = weft_chplvis_trace_get_file_name (trace, file);

  return name != NULL && name[0] != '\0' && name[0] != '<';
}

/**
 * weft_chplvis_resolve_source:
 * @remaps: (nullable): the source-path-remaps setting (a{ss})
 *
 * Resolves file @file as chplvis does ("$CHPL_HOME/…" under the run's
 * CHPL_HOME, other relative names under its DIR, absolute names as they
 * are), then applies @remaps.
 *
 * Returns: (transfer full) (nullable): the path to open, or %NULL when the
 *   trace names no file there (see weft_chplvis_source_has_file()) or has
 *   no CHPL_HOME record for a "$CHPL_HOME/" name.
 */
char *
weft_chplvis_resolve_source (const WeftChplvisTrace *trace,
                             int                     file,
                             GVariant               *remaps)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (trace != NULL, NULL);

  if (!weft_chplvis_source_has_file (trace, file))
    return NULL;

  path = weft_chplvis_trace_dup_source_path (trace, file, NULL, NULL);
  if (path == NULL)
    return NULL;

  return weft_source_path_remap (path, remaps);
}

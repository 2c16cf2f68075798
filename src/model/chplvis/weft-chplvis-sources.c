/* weft-chplvis-sources.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-chplvis-sources.h"

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

/* The length of @prefix without its trailing separators ("/" stays "/"). */
static gsize
prefix_length (const char *prefix)
{
  gsize len = strlen (prefix);

  while (len > 1 && G_IS_DIR_SEPARATOR (prefix[len - 1]))
    len--;

  return len;
}

/**
 * weft_chplvis_remap_path:
 * @remaps: (nullable): an a{ss} of folder → replacement
 *
 * Replaces the longest folder of @remaps that @path lies in (the folder
 * itself or below it: "/opt/chapel" maps "/opt/chapel/modules" but not
 * "/opt/chapel-1.25").
 *
 * Returns: (transfer full): the remapped path, or a copy of @path.
 */
char *
weft_chplvis_remap_path (const char *path,
                         GVariant   *remaps)
{
  GVariantIter iter;
  const char *from, *to;
  const char *best_to = NULL;
  gsize best_len = 0;

  g_return_val_if_fail (path != NULL, NULL);

  if (remaps == NULL || !g_variant_is_of_type (remaps, G_VARIANT_TYPE ("a{ss}")))
    return g_strdup (path);

  g_variant_iter_init (&iter, remaps);
  while (g_variant_iter_next (&iter, "{&s&s}", &from, &to))
    {
      gsize len = prefix_length (from);

      if (len == 0 || len <= best_len || strncmp (path, from, len) != 0)
        continue;
      /* At a boundary: the whole path, a separator next, or a root "/" key. */
      if (path[len] != '\0' && !G_IS_DIR_SEPARATOR (path[len]) && !G_IS_DIR_SEPARATOR (from[len - 1]))
        continue;
      best_len = len;
      best_to = to;
    }

  if (best_to == NULL)
    return g_strdup (path);

  {
    const char *rest = path + best_len;

    while (G_IS_DIR_SEPARATOR (*rest))
      rest++;
    if (*rest == '\0')
      return g_strdup (best_to);

    return g_build_filename (best_to, rest, NULL);
  }
}

/**
 * weft_chplvis_resolve_source:
 * @remaps: (nullable): the chplvis-path-remaps setting (a{ss})
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

  return weft_chplvis_remap_path (path, remaps);
}

/* weft-source-path.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-source-path.h"

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
 * weft_source_path_remap:
 * @remaps: (nullable): an a{ss} of folder → replacement
 *
 * Replaces the longest folder of @remaps that @path lies in (the folder
 * itself or below it: "/opt/chapel" maps "/opt/chapel/modules" but not
 * "/opt/chapel-1.25").
 *
 * Returns: (transfer full): the remapped path, or a copy of @path.
 */
char *
weft_source_path_remap (const char *path,
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
 * weft_source_path_resolve:
 * @name: a source file as a trace or measurement names it
 * @base_dir: (nullable): the folder relative names are relative to
 * @remaps: (nullable): an a{ss} of folder → replacement
 *
 * An absolute @name as it is, a relative one under @base_dir (as it is
 * without one), then remapped (weft_source_path_remap()).
 *
 * Returns: (transfer full): the path to open.
 */
char *
weft_source_path_resolve (const char *name,
                          const char *base_dir,
                          GVariant   *remaps)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (name != NULL, NULL);

  if (g_path_is_absolute (name) || base_dir == NULL)
    path = g_strdup (name);
  else
    path = g_build_filename (base_dir, name, NULL);

  return weft_source_path_remap (path, remaps);
}

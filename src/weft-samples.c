/* weft-samples.c
 *
 * The samples are installed in DATADIR/weft/samples; a program run from the
 * build tree reads them from the source tree, so that they are the ones its
 * tests use.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "weft-module.h"
#include "weft-samples.h"

/* One of each family and kind of file (data/samples/README.md). */
static const WeftSample samples[] = {
  { "chplvis-demo", N_("Chapel VisualDebug run, 8 locales") },
  { "heat.m", N_("HPCToolkit measurement, traced, 2 ranks × 2 threads") },
  { "ddt-stacks.csv", N_("DDT parallel stacks of an MPI hang, 32 ranks") },
  { "ddt-array.csv", N_("DDT array with filtered, NaN and infinite cells") },
  { "ddt-cpc.csv", N_("DDT cross-process comparison, 64 ranks") },
  { "visandor-or.visandor", N_("VisAndOr or-parallel trace, 6 agents") },
  { "visandor-and.visandor", N_("VisAndOr and-parallel trace, 4 agents") },
  { "mpd-demo.trace", N_("MPD runtime trace, 2 virtual machines") },
};

/**
 * weft_samples_get:
 * @n_samples: (out): how many
 *
 * Returns: (array length=n_samples): the samples, in the menu's order
 */
const WeftSample *
weft_samples_get (guint *n_samples)
{
  *n_samples = G_N_ELEMENTS (samples);
  return samples;
}

/**
 * weft_samples_dup_dir:
 *
 * Returns: (transfer full) (nullable): the folder holding the samples, or
 *   %NULL when they are neither installed nor beside the build tree
 */
char *
weft_samples_dup_dir (void)
{
  gboolean uninstalled = weft_program_is_in_build_tree ();
  const char *dirs[] = { uninstalled ? WEFT_SOURCE_SAMPLES_DIR : WEFT_SAMPLES_DIR,
                         uninstalled ? WEFT_SAMPLES_DIR : WEFT_SOURCE_SAMPLES_DIR };

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    if (g_file_test (dirs[i], G_FILE_TEST_IS_DIR))
      return g_strdup (dirs[i]);
  return NULL;
}

/**
 * weft_samples_dup_file:
 * @name: a sample's name (#WeftSample)
 *
 * Returns: (transfer full) (nullable): the sample, or %NULL when @name is not
 *   a sample's or the sample is not there
 */
GFile *
weft_samples_dup_file (const char *name)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  gboolean known = FALSE;

  g_return_val_if_fail (name != NULL, NULL);

  /* Only the samples: an action's parameter names no other file. */
  for (guint i = 0; i < G_N_ELEMENTS (samples) && !known; i++)
    known = g_str_equal (samples[i].name, name);
  if (!known || (dir = weft_samples_dup_dir ()) == NULL)
    return NULL;
  path = g_build_filename (dir, name, NULL);
  return g_file_test (path, G_FILE_TEST_EXISTS) ? g_file_new_for_path (path) : NULL;
}

/* weft-hpctoolkit-measurement-load.c: opens a measurement from files or
 * folders: finds its profiles, traces and structure files (a trace, a
 * structure file or the structs/ folder alone opens the measurement it
 * belongs to), reads them, and warns about files it cannot read and about
 * structure that no profile ran.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-background.h"
#include "weft-error.h"
#include "weft-hpctoolkit-measurement-private.h"

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *)a, *(const char * const *)b);
}

/* Adds the *.hpcrun, *.hpctrace and *.hpcstruct of @dir to the lists. */
static gboolean
list_folder (const char  *dir,
             GPtrArray   *runs,
             GPtrArray   *traces,
             GPtrArray   *structs,
             gboolean     recurse,
             GError     **error)
{
  g_autoptr(GDir) d = NULL;
  g_autoptr(GError) local = NULL;
  const char *name;

  d = g_dir_open (dir, 0, &local);
  if (d == NULL)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED, "%s", local->message);
      return FALSE;
    }
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_str_has_suffix (name, ".hpcrun"))
        g_ptr_array_add (runs, g_steal_pointer (&path));
      else if (g_str_has_suffix (name, ".hpctrace"))
        g_ptr_array_add (traces, g_steal_pointer (&path));
      else if (g_str_has_suffix (name, ".hpcstruct"))
        g_ptr_array_add (structs, g_steal_pointer (&path));
      else if (recurse && strcmp (name, "structs") == 0 && g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          if (!list_folder (path, runs, traces, structs, FALSE, error))
            return FALSE;
        }
    }
  return TRUE;
}

static char *
stem (const char *path)
{
  const char *dot = strrchr (path, '.');

  return dot != NULL ? g_strndup (path, dot - path) : g_strdup (path);
}

/* A reader's error names its file ("PATH: byte 23: …", "PATH:LINE: …" from
 * the XML reader), as it must when it stands alone; as a warning, the file
 * (and line) go apart and the message drops them. */
static void
warn_error (WeftLoadContext *context,
            const char      *path,
            const char      *message)
{
  weft_load_context_add_warning (context, weft_warning_new_from_error_message (path, message));
}

/* A structure file for a program no profile ran (another build, another
 * measurement's structs/) would silently name nothing: say so. */
static void
warn_unused_modules (WeftLoadContext     *context,
                     const char          *path,
                     const WeftHpcstruct *structure,
                     guint                first,
                     GPtrArray           *profiles)
{
  for (guint m = first; m < weft_hpcstruct_get_n_modules (structure); m++)
    {
      const char *module = weft_hpcstruct_get_module_path (structure, m);
      g_autofree char *base = g_path_get_basename (module);
      gboolean used = FALSE;

      for (guint i = 0; i < profiles->len && !used; i++)
        {
          const WeftHpcrunProfile *p = g_ptr_array_index (profiles, i);

          for (guint j = 0; j < p->modules->len && !used; j++)
            {
              const char *name = g_array_index (p->modules, WeftHpcrunModule, j).name;
              g_autofree char *name_base = g_path_get_basename (name);

              used = g_str_equal (name, module) || g_str_equal (name_base, base);
            }
        }
      if (!used)
        weft_load_context_warn (context, path, 0,
                                _("this structure file describes “%s”, which no profile of the measurement ran; "
                                  "its procedure and line names are not used"),
                                module);
    }
}

/* The measurement folder a trace (its folder), a structure file or the
 * structs/ folder (the folder above) belongs to; NULL for anything else. */
static char *
measurement_folder_of (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;

  if (path == NULL)
    return NULL;
  base = g_path_get_basename (path);
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    return strcmp (base, "structs") == 0 ? g_path_get_dirname (path) : NULL;

  dir = g_path_get_dirname (path);
  if (g_str_has_suffix (path, ".hpctrace"))
    return g_steal_pointer (&dir);
  if (g_str_has_suffix (path, ".hpcstruct"))
    {
      g_autofree char *dir_base = g_path_get_basename (dir);

      return strcmp (dir_base, "structs") == 0 ? g_path_get_dirname (dir) : g_steal_pointer (&dir);
    }
  return NULL;
}

WeftHpctoolkitMeasurement *
weft_hpctoolkit_measurement_load (GFile * const    *files,
                                  guint             n_files,
                                  WeftLoadContext  *context,
                                  GError          **error)
{
  g_autoptr(GPtrArray) runs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) trace_paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) structs = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) profiles = g_ptr_array_new_with_free_func ((GDestroyNotify)weft_hpcrun_profile_free);
  g_autoptr(GPtrArray) traces = g_ptr_array_new_with_free_func ((GDestroyNotify)weft_hpctrace_free);
  g_autoptr(GHashTable) trace_by_stem = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(WeftHpcstruct) structure = NULL;
  g_autoptr(GError) first_error = NULL;
  WeftHpctoolkitMeasurement *self;

  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);

      if (path == NULL)
        {
          g_autofree char *uri = g_file_get_uri (files[i]);

          g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED, _("%s: only local files can be read"), uri);
          return NULL;
        }
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          if (!list_folder (path, runs, trace_paths, structs, TRUE, error))
            return NULL;
        }
      else if (g_str_has_suffix (path, ".hpctrace"))
        g_ptr_array_add (trace_paths, g_steal_pointer (&path));
      else if (g_str_has_suffix (path, ".hpcstruct"))
        g_ptr_array_add (structs, g_steal_pointer (&path));
      else
        g_ptr_array_add (runs, g_steal_pointer (&path));
    }
  /* A trace, a structure file or the structs/ folder alone opens with the
   * measurement it belongs to, as the sniffer promises. */
  if (runs->len == 0 && n_files > 0)
    {
      g_autofree char *measurement_dir = measurement_folder_of (files[0]);

      if (measurement_dir != NULL)
        {
          g_ptr_array_set_size (trace_paths, 0);
          g_ptr_array_set_size (structs, 0);
          if (!list_folder (measurement_dir, runs, trace_paths, structs, TRUE, error))
            return NULL;
        }
    }
  g_ptr_array_sort (runs, compare_strings);
  g_ptr_array_sort (structs, compare_strings);
  if (runs->len == 0)
    {
      g_autofree char *display = g_file_get_parse_name (files[0]);

      g_set_error (error, WEFT_ERROR, WEFT_ERROR_EMPTY,
                   _("%s: no .hpcrun profile to read (beside it or in its measurement folder)"), display);
      return NULL;
    }

  weft_load_context_add_work (context, runs->len + trace_paths->len + structs->len);
  {
    /* The profiles on every processor (up to 8): a measurement has one file
     * per thread or rank. Warnings then in file order, as one reader would. */
    g_autofree WeftHpcrunProfile **read = g_new (WeftHpcrunProfile *, runs->len);
    g_autofree GError **errors = g_new (GError *, runs->len);

    weft_hpcrun_read_files ((const char * const *)runs->pdata, runs->len, MIN (weft_background_get_n_processors (), 8),
                            context, read, errors);
    for (guint i = 0; i < runs->len; i++)
      {
        if (read[i] != NULL)
          g_ptr_array_add (profiles, read[i]);
        else if (errors[i] != NULL)
          {
            /* One bad file among many: skip it, say so. */
            warn_error (context, g_ptr_array_index (runs, i), errors[i]->message);
            if (first_error == NULL)
              first_error = g_steal_pointer (&errors[i]);
            g_clear_error (&errors[i]);
          }
      }
    if (weft_load_context_set_error_if_cancelled (context, error))
      return NULL;
  }
  if (profiles->len == 0)
    {
      g_propagate_error (error, g_steal_pointer (&first_error));
      return NULL;
    }

  for (guint i = 0; i < trace_paths->len; i++)
    g_hash_table_insert (trace_by_stem, stem (g_ptr_array_index (trace_paths, i)), g_ptr_array_index (trace_paths, i));
  for (guint i = 0; i < profiles->len; i++)
    {
      const WeftHpcrunProfile *p = g_ptr_array_index (profiles, i);
      g_autofree char *s = stem (p->path);
      const char *trace_path = g_hash_table_lookup (trace_by_stem, s);
      WeftHpctrace *trace = NULL;

      if (trace_path != NULL)
        {
          g_autoptr(GError) local = NULL;

          trace = weft_hpctrace_read_file (trace_path, &local);
          weft_load_context_advance (context, 1);
          if (trace == NULL)
            warn_error (context, trace_path, local->message);
        }
      g_ptr_array_add (traces, trace);
    }

  for (guint i = 0; i < structs->len; i++)
    {
      g_autoptr(GError) local = NULL;
      guint n_modules;

      if (weft_load_context_set_error_if_cancelled (context, error))
        return NULL;
      if (structure == NULL)
        structure = weft_hpcstruct_new ();
      n_modules = weft_hpcstruct_get_n_modules (structure);
      if (!weft_hpcstruct_load_file (structure, g_ptr_array_index (structs, i), &local))
        warn_error (context, g_ptr_array_index (structs, i), local->message);
      else
        warn_unused_modules (context, g_ptr_array_index (structs, i), structure, n_modules, profiles);
      weft_load_context_advance (context, 1);
    }

  self = weft_hpctoolkit_measurement_new (g_steal_pointer (&profiles), g_steal_pointer (&traces),
                                          g_steal_pointer (&structure));
  for (guint i = 0; i < structs->len; i++)
    g_ptr_array_add (self->struct_paths, g_strdup (g_ptr_array_index (structs, i)));
  return self;
}

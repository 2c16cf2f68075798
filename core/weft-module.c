/* weft-module.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gmodule.h>
#include <glib/gi18n-lib.h>

#include "weft-error.h"
#include "weft-module.h"

typedef struct
{
  GModule *module;  /* NULL when it could not be opened */
  char    *message; /* why not */
} LoadedModule;

static GMutex lock;
static GHashTable *loaded; /* name → LoadedModule; never freed, as modules stay */

/**
 * weft_program_is_in_build_tree:
 *
 * Whether this program runs from the build tree (tests, the uninstalled
 * app): it then takes its modules, samples… from there and from the source
 * tree rather than from where they are installed.
 */
gboolean
weft_program_is_in_build_tree (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

  return exe != NULL && g_str_has_prefix (exe, WEFT_BUILD_ROOT G_DIR_SEPARATOR_S);
}

/* Where a program's modules are: $WEFT_MODULE_DIR; the build tree's for a
 * program in the build tree (tests, the uninstalled app); else the installed
 * ones. A program started by another (valgrind's tools read the program
 * themselves) cannot tell, and tries both. */
static GPtrArray *
module_dirs (void)
{
  GPtrArray *dirs = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  const char *env = g_getenv ("WEFT_MODULE_DIR");

  if (env != NULL && env[0] != '\0')
    g_ptr_array_add (dirs, g_strdup (env));
  if (weft_program_is_in_build_tree ())
    g_ptr_array_add (dirs, g_strdup (WEFT_BUILD_MODULE_DIR));
  else if (exe != NULL && g_str_has_prefix (exe, WEFT_PREFIX G_DIR_SEPARATOR_S))
    g_ptr_array_add (dirs, g_strdup (WEFT_MODULE_DIR));
  else
    {
      g_ptr_array_add (dirs, g_strdup (WEFT_BUILD_MODULE_DIR));
      g_ptr_array_add (dirs, g_strdup (WEFT_MODULE_DIR));
    }
  return dirs;
}

static LoadedModule *
open_module (const char *name)
{
  LoadedModule *loaded_module = g_new0 (LoadedModule, 1);
  g_autoptr(GPtrArray) dirs = module_dirs ();
  g_autoptr(GString) tried = g_string_new (NULL);
  g_autofree char *file = g_strconcat ("weft-", name, ".", G_MODULE_SUFFIX, NULL);

  for (guint i = 0; i < dirs->len && loaded_module->module == NULL; i++)
    {
      g_autofree char *path = g_build_filename (g_ptr_array_index (dirs, i), file, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        {
          g_string_append_printf (tried, "%s%s", tried->len > 0 ? ", " : "", path);
          continue;
        }
      /* Every symbol resolved now: a program that lacks one of Weft's gets an
       * error here, not a crash at the first call. */
      loaded_module->module = g_module_open (path, G_MODULE_BIND_LOCAL);
      if (loaded_module->module == NULL)
        loaded_module->message = g_strdup (g_module_error ());
      else
        g_module_make_resident (loaded_module->module);
    }
  if (loaded_module->module == NULL && loaded_module->message == NULL)
    loaded_module->message = g_strdup_printf (_("not found (looked for %s)"), tried->str);
  return loaded_module;
}

/**
 * weft_module_get_table:
 * @name: the module, e.g. "hdf5" for weft-hdf5.so
 * @entry: its entry point, a #WeftModuleEntry
 * @error: where to say why the module could not be had
 *
 * Opens the module the first time (thread-safe; a module stays loaded, and
 * one that could not be opened is not tried again) and calls @entry.
 *
 * Returns: (nullable): the module's table of functions
 */
gconstpointer
weft_module_get_table (const char  *name,
                       const char  *entry,
                       GError     **error)
{
  LoadedModule *loaded_module;
  gpointer address = NULL;
  gconstpointer table;

  g_mutex_lock (&lock);
  if (loaded == NULL)
    loaded = g_hash_table_new (g_str_hash, g_str_equal);
  loaded_module = g_hash_table_lookup (loaded, name);
  if (loaded_module == NULL)
    {
      loaded_module = open_module (name);
      g_hash_table_insert (loaded, g_strdup (name), loaded_module);
    }
  g_mutex_unlock (&lock);

  if (loaded_module->module == NULL)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED,
                   _("Weft’s %s support could not be loaded: %s"), name, loaded_module->message);
      return NULL;
    }
  if (!g_module_symbol (loaded_module->module, entry, &address) || address == NULL)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED,
                   _("Weft’s %s support could not be loaded: %s"), name, g_module_error ());
      return NULL;
    }
  table = ((WeftModuleEntry)address) ();
  if (*(const guint *)table != WEFT_MODULE_ABI)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED,
                   _("Weft’s %s support could not be loaded: %s is of another version of Weft"),
                   name, g_module_name (loaded_module->module));
      return NULL;
    }
  return table;
}

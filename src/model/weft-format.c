/* weft-format.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-error.h"
#include "weft-format.h"
#include "weft-formats-builtin.h"
#include "weft-input-file.h"

static GMutex registry_mutex;
static GPtrArray *registry;

void
weft_format_register (const WeftFormat *format)
{
  g_return_if_fail (format != NULL);
  g_return_if_fail (format->id != NULL);
  g_return_if_fail (format->sniff != NULL);
  g_return_if_fail (format->load != NULL);

  g_mutex_lock (&registry_mutex);
  if (registry == NULL)
    registry = g_ptr_array_new ();
  for (guint i = 0; i < registry->len; i++)
    {
      const WeftFormat *other = g_ptr_array_index (registry, i);

      if (g_str_equal (other->id, format->id))
        {
          g_mutex_unlock (&registry_mutex);
          g_critical ("A format with id “%s” is already registered", format->id);
          return;
        }
    }
  g_ptr_array_add (registry, (gpointer)format);
  g_mutex_unlock (&registry_mutex);
}

const WeftFormat *
weft_format_lookup (const char *id)
{
  const WeftFormat *found = NULL;

  g_return_val_if_fail (id != NULL, NULL);

  g_mutex_lock (&registry_mutex);
  for (guint i = 0; registry != NULL && i < registry->len; i++)
    {
      const WeftFormat *format = g_ptr_array_index (registry, i);

      if (g_str_equal (format->id, id))
        {
          found = format;
          break;
        }
    }
  g_mutex_unlock (&registry_mutex);

  return found;
}

/**
 * weft_format_list:
 * @n_formats: (out) (optional): number of formats
 *
 * Returns: (transfer container): a NULL-terminated array of the registered
 *   formats in registration order; free it with g_free().
 */
const WeftFormat **
weft_format_list (guint *n_formats)
{
  const WeftFormat **list;
  guint n;

  g_mutex_lock (&registry_mutex);
  n = registry != NULL ? registry->len : 0;
  list = g_new0 (const WeftFormat *, n + 1);
  for (guint i = 0; i < n; i++)
    list[i] = g_ptr_array_index (registry, i);
  g_mutex_unlock (&registry_mutex);

  if (n_formats != NULL)
    *n_formats = n;

  return list;
}

typedef struct
{
  WeftSniffInput input;
  char          *path;
  char          *basename;
  guint8        *head;
  GStrv          children;
} SniffData;

static void
sniff_data_clear (SniffData *data)
{
  g_clear_pointer (&data->path, g_free);
  g_clear_pointer (&data->basename, g_free);
  g_clear_pointer (&data->head, g_free);
  g_clear_pointer (&data->children, g_strfreev);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/* Reads what sniffers may look at: the head of a file or the names in a folder. */
static gboolean
sniff_data_init (SniffData     *data,
                 GFile         *file,
                 GCancellable  *cancellable,
                 GError       **error)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autofree char *display = NULL;

  memset (data, 0, sizeof *data);
  data->path = g_file_get_path (file);
  data->basename = g_file_get_basename (file);
  display = g_file_get_parse_name (file);

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE,
                            cancellable, error);
  if (info == NULL)
    return FALSE;

  data->input.file = file;
  data->input.path = data->path;
  data->input.basename = data->basename;

  if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    {
      g_autoptr(GFileEnumerator) enumerator = NULL;
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

      enumerator = g_file_enumerate_children (file, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                              G_FILE_QUERY_INFO_NONE, cancellable, error);
      if (enumerator == NULL)
        return FALSE;

      while (names->len < WEFT_SNIFF_MAX_CHILDREN)
        {
          GFileInfo *child = NULL;

          if (!g_file_enumerator_iterate (enumerator, &child, NULL, cancellable, error))
            return FALSE;
          if (child == NULL)
            break;
          g_ptr_array_add (names, g_strdup (g_file_info_get_name (child)));
        }
      g_ptr_array_sort (names, compare_strings);
      g_ptr_array_add (names, NULL);

      data->children = (GStrv)g_ptr_array_free (g_steal_pointer (&names), FALSE);
      data->input.is_directory = TRUE;
      data->input.children = (const char *const *)data->children;
    }
  else if (data->path != NULL)
    {
      /* Not through GIO: a named pipe would hold its open() until written. */
      gssize n_read;

      data->head = g_malloc (WEFT_SNIFF_HEAD_SIZE);
      n_read = weft_input_file_read_head (data->path, data->head, WEFT_SNIFF_HEAD_SIZE, error);
      if (n_read < 0)
        return FALSE;

      data->input.head = data->head;
      data->input.head_len = (gsize)n_read;
    }
  else
    {
      g_autoptr(GFileInputStream) stream = NULL;
      gsize n_read = 0;

      if (g_file_info_get_file_type (info) == G_FILE_TYPE_SPECIAL)
        {
          g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED, _("Could not read %s: it is not a regular file"),
                       display);
          return FALSE;
        }
      stream = g_file_read (file, cancellable, error);
      if (stream == NULL)
        return FALSE;

      data->head = g_malloc (WEFT_SNIFF_HEAD_SIZE);
      if (!g_input_stream_read_all (G_INPUT_STREAM (stream), data->head, WEFT_SNIFF_HEAD_SIZE,
                                    &n_read, cancellable, error))
        return FALSE;

      data->input.head = data->head;
      data->input.head_len = n_read;
    }

  return TRUE;
}

WeftSniffScore
weft_format_sniff_file (const WeftFormat  *format,
                        GFile             *file,
                        GCancellable      *cancellable,
                        GError           **error)
{
  SniffData data;
  WeftSniffScore score = WEFT_SNIFF_NO;

  g_return_val_if_fail (format != NULL, WEFT_SNIFF_NO);
  g_return_val_if_fail (G_IS_FILE (file), WEFT_SNIFF_NO);

  if (sniff_data_init (&data, file, cancellable, error))
    score = format->sniff (&data.input);
  sniff_data_clear (&data);

  return score;
}

/**
 * weft_format_check_one_file:
 *
 * For the load of a format whose documents are one file (a VisAndOr or MPD
 * trace, a DDT export): given several, it says so rather than reading the
 * first and leaving the others out unsaid.
 *
 * Returns: %TRUE when @n_files is 1, else %FALSE with @error set
 *   (%WEFT_ERROR_INVALID_ARGUMENT)
 */
gboolean
weft_format_check_one_file (const WeftFormat  *format,
                            guint              n_files,
                            GError           **error)
{
  g_return_val_if_fail (format != NULL, FALSE);

  if (n_files == 1)
    return TRUE;

  /* TRANSLATORS: "Only one file can be opened as “MPD runtime trace” (2 were given): open them one at a time" */
  g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
               g_dngettext (GETTEXT_PACKAGE, "Only one file can be opened as “%s” (%u was given): open them one at a time",
                            "Only one file can be opened as “%s” (%u were given): open them one at a time", n_files),
               _(format->name), n_files);
  return FALSE;
}

/**
 * weft_format_detect:
 *
 * Finds the registered format that is surest it can read @file. Blocking I/O:
 * call it from a worker thread.
 *
 * Returns: (transfer none): the format, or %NULL with @error set: an I/O error,
 *   or %WEFT_ERROR_UNKNOWN_FORMAT listing what every format looked for.
 */
const WeftFormat *
weft_format_detect (GFile         *file,
                    GCancellable  *cancellable,
                    GError       **error)
{
  return weft_format_detect_full (file, NULL, NULL, cancellable, error);
}

/* The best format for what @data shows, or NULL. */
static const WeftFormat *
sniff_best (const SniffData *data)
{
  g_autofree const WeftFormat **formats = NULL;
  const WeftFormat *best = NULL;
  WeftSniffScore best_score = WEFT_SNIFF_NO;
  guint n_formats;

  formats = weft_format_list (&n_formats);
  for (guint i = 0; i < n_formats; i++)
    {
      WeftSniffScore score = formats[i]->sniff (&data->input);

      if (score > best_score)
        {
          best_score = score;
          best = formats[i];
        }
    }

  return best;
}

/* A folder no format reads may be the folder a run was made in, holding the
 * trace beside sources and binaries (run/BIG/BIG-0 …): looks one level down.
 * Returns: the format of the only child that is a trace, with @child set;
 *   NULL when none is (no error) or several are (@error names them). */
static const WeftFormat *
sniff_children (GFile             *folder,
                const char *const *children,
                GFile            **child,
                GCancellable      *cancellable,
                GError           **error)
{
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GFile) found_file = NULL;
  const WeftFormat *found_format = NULL;

  for (guint i = 0; children != NULL && children[i] != NULL && i < WEFT_SNIFF_MAX_NESTED; i++)
    {
      g_autoptr(GFile) file = g_file_get_child (folder, children[i]);
      const WeftFormat *format;
      SniffData data;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      /* Unreadable entries are not traces; the folder's own error says so. */
      if (!sniff_data_init (&data, file, cancellable, NULL))
        {
          sniff_data_clear (&data);
          continue;
        }
      format = sniff_best (&data);
      sniff_data_clear (&data);
      if (format == NULL)
        continue;

      g_ptr_array_add (found, g_strdup (children[i]));
      if (found->len == 1)
        {
          found_format = format;
          found_file = g_steal_pointer (&file);
        }
    }

  if (found->len > 1)
    {
      g_autofree char *display = g_file_get_parse_name (folder);
      g_autofree char *list = NULL;

      g_ptr_array_add (found, NULL);
      list = g_strjoinv (", ", (char **)found->pdata);
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNKNOWN_FORMAT,
                   _("%s holds several traces (%s): open one of them"), display, list);
      return NULL;
    }

  *child = g_steal_pointer (&found_file);
  return found_format;
}

/**
 * weft_format_detect_full:
 * @is_directory: (out) (optional): whether @file is a folder (known once it
 *   was looked at, so callers need not ask the file system again)
 * @resolved: (out) (optional) (transfer full): when not %NULL and @file is a
 *   folder no format reads, the only trace inside it (one level down) is
 *   detected instead and returned here; %NULL when @file itself is the trace
 *
 * weft_format_detect(), telling also what kind of file it looked at.
 */
const WeftFormat *
weft_format_detect_full (GFile         *file,
                         gboolean      *is_directory,
                         GFile        **resolved,
                         GCancellable  *cancellable,
                         GError       **error)
{
  g_autofree const WeftFormat **formats = NULL;
  g_autofree char *display = NULL;
  g_autoptr(GString) tried = NULL;
  const WeftFormat *best = NULL;
  SniffData data;
  guint n_formats;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  weft_formats_init ();

  if (resolved != NULL)
    *resolved = NULL;

  if (!sniff_data_init (&data, file, cancellable, error))
    {
      sniff_data_clear (&data);
      return NULL;
    }
  if (is_directory != NULL)
    *is_directory = data.input.is_directory;

  best = sniff_best (&data);
  if (best == NULL && resolved != NULL && data.input.is_directory)
    {
      GError *local_error = NULL;

      best = sniff_children (file, data.input.children, resolved, cancellable, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, local_error);
          sniff_data_clear (&data);
          return NULL;
        }
    }

  display = g_file_get_parse_name (file);

  if (best == NULL)
    {
      formats = weft_format_list (&n_formats);
      tried = g_string_new (NULL);
      for (guint i = 0; i < n_formats; i++)
        g_string_append_printf (tried, "\n • %s: %s", _(formats[i]->name), _(formats[i]->expects));

      if (data.input.is_directory)
        g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNKNOWN_FORMAT,
                     _("%s: this folder holds no trace or profile Weft can read. Tried:%s"),
                     display, tried->str);
      else if (data.input.head_len == 0)
        g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNKNOWN_FORMAT,
                     _("%s: the file is empty. Tried:%s"), display, tried->str);
      else
        g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNKNOWN_FORMAT,
                     _("%s: not a format Weft can read. Tried:%s"), display, tried->str);
    }

  sniff_data_clear (&data);

  return best;
}

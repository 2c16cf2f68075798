/* weft-chplvis-reader.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "weft-background.h"
#include "weft-chplvis-parser.h"
#include "weft-chplvis-reader.h"
#include "weft-error.h"
#include "weft-input-file.h"

#define VDEBUG_DEFAULT ".Vdebug"

/* "NAME-k" → k (decimal as the runtime prints it: no sign, no leading zero),
 * or -1 when the name is not of that shape or k is beyond the locale limit.
 * @prefix_len gets the length of "NAME-". */
static int
locale_suffix (const char *name,
               gsize      *prefix_len)
{
  const char *dash = strrchr (name, '-');
  guint k = 0;

  if (dash == NULL || dash == name || dash[1] == '\0')
    return -1;
  if (dash[1] == '0' && dash[2] != '\0')
    return -1;
  for (const char *p = dash + 1; *p != '\0'; p++)
    {
      if (*p < '0' || *p > '9')
        return -1;
      k = k * 10 + (guint)(*p - '0');
      if (k >= WEFT_CHPLVIS_MAX_LOCALES)
        return -1;
    }

  if (prefix_len != NULL)
    *prefix_len = dash + 1 - name;

  return (int)k;
}

typedef struct
{
  char *path;
  int   locale;   /* from the file name, -1 when it has none */
} Candidate;

static void
candidate_free (gpointer data)
{
  Candidate *candidate = data;

  if (candidate == NULL)
    return;
  g_free (candidate->path);
  g_free (candidate);
}

static int
compare_candidates (gconstpointer a,
                    gconstpointer b)
{
  const Candidate *x = *(Candidate *const *)a;
  const Candidate *y = *(Candidate *const *)b;

  if (x->locale != y->locale)
    return (x->locale > y->locale) - (x->locale < y->locale);

  return strcmp (x->path, y->path);
}

/* Adds the files DIR/STEM-k to @out; returns how many. */
static guint
add_family (const char *dir,
            const char *stem,
            GPtrArray  *out,
            GError    **error)
{
  g_autoptr(GDir) listing = NULL;
  gsize stem_len = strlen (stem);
  const char *name;
  guint n = 0;

  listing = g_dir_open (dir, 0, error);
  if (listing == NULL)
    return 0;

  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = NULL;
      gsize prefix_len;
      int k = locale_suffix (name, &prefix_len);
      Candidate *candidate;

      if (k < 0 || prefix_len != stem_len + 1 || strncmp (name, stem, stem_len) != 0)
        continue;
      path = g_build_filename (dir, name, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        continue;

      candidate = g_new0 (Candidate, 1);
      candidate->path = g_steal_pointer (&path);
      candidate->locale = k;
      g_ptr_array_add (out, candidate);
      n++;
    }

  return n;
}

static gboolean
starts_with_header (const char *path)
{
  char head[16];
  gssize n = weft_input_file_read_head (path, head, sizeof head, NULL);

  return n >= 0 && weft_chplvis_is_header (head, (gsize)n);
}

/* The X of the only X-0 in @dir that is a VisualDebug file, or NULL. */
static char *
find_single_family (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  g_autofree char *found = NULL;
  const char *name;

  if (listing == NULL)
    return NULL;

  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = NULL;
      gsize prefix_len;

      if (locale_suffix (name, &prefix_len) != 0)
        continue;
      path = g_build_filename (dir, name, NULL);
      if (!starts_with_header (path))
        continue;
      if (found != NULL)
        return NULL;
      found = g_strndup (name, prefix_len - 1);
    }

  return g_steal_pointer (&found);
}

/* Resolves what the user opened into locale files; sets *stem_path to
 * "DIR/NAME" when the files are one NAME-k family. */
static gboolean
resolve_one (GFile      *file,
             gboolean    with_siblings,
             GPtrArray  *out,
             char      **stem_path,
             GError    **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *base = NULL;
  g_autofree char *dir = NULL;
  gsize prefix_len;
  int k;

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("%s: Chapel VisualDebug traces are read from local files only"), uri);
      return FALSE;
    }

  base = g_path_get_basename (path);

  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *vdebug_dir = NULL;

      /* NAME/NAME-k, then the default .Vdebug-k, then a .Vdebug/ folder inside. */
      if (add_family (path, base, out, error) > 0)
        {
          *stem_path = g_build_filename (path, base, NULL);
          return TRUE;
        }
      if (error != NULL && *error != NULL)
        return FALSE;
      if (add_family (path, VDEBUG_DEFAULT, out, NULL) > 0)
        {
          *stem_path = g_build_filename (path, VDEBUG_DEFAULT, NULL);
          return TRUE;
        }
      vdebug_dir = g_build_filename (path, VDEBUG_DEFAULT, NULL);
      if (g_file_test (vdebug_dir, G_FILE_TEST_IS_DIR) && add_family (vdebug_dir, VDEBUG_DEFAULT, out, NULL) > 0)
        {
          *stem_path = g_build_filename (vdebug_dir, VDEBUG_DEFAULT, NULL);
          return TRUE;
        }
      /* A renamed folder: one X-0 … family of VisualDebug files inside. */
      {
        g_autofree char *stem = find_single_family (path);

        if (stem != NULL && add_family (path, stem, out, NULL) > 0)
          {
            *stem_path = g_build_filename (path, stem, NULL);
            return TRUE;
          }
      }

      g_set_error (error, WEFT_ERROR, WEFT_ERROR_EMPTY,
                   _("%s: the folder holds no VisualDebug locale files (expected %s-0, %s-1, … or %s-0)"),
                   path, base, base, VDEBUG_DEFAULT);
      return FALSE;
    }

  k = locale_suffix (base, &prefix_len);
  if (with_siblings && k >= 0)
    {
      g_autofree char *stem = g_strndup (base, prefix_len - 1);

      dir = g_path_get_dirname (path);
      if (add_family (dir, stem, out, NULL) > 0)
        {
          /* The file itself is one of them, unless it vanished meanwhile. */
          *stem_path = g_build_filename (dir, stem, NULL);
          return TRUE;
        }
    }

  {
    Candidate *candidate = g_new0 (Candidate, 1);

    candidate->path = g_steal_pointer (&path);
    candidate->locale = k;
    g_ptr_array_add (out, candidate);
  }

  return TRUE;
}

static GPtrArray *
find_candidates (GFile * const  *files,
                 guint           n_files,
                 char          **stem_path,
                 GError        **error)
{
  g_autoptr(GPtrArray) candidates = g_ptr_array_new_with_free_func (candidate_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) unique = g_ptr_array_new_with_free_func (candidate_free);
  g_autofree char *stem = NULL;
  gboolean one_family = TRUE;

  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *this_stem = NULL;

      /* One file means "this run"; several files mean "exactly these". */
      if (!resolve_one (files[i], n_files == 1, candidates, &this_stem, error))
        return NULL;

      if (this_stem == NULL)
        one_family = FALSE;
      else if (stem == NULL)
        stem = g_steal_pointer (&this_stem);
      else if (!g_str_equal (stem, this_stem))
        one_family = FALSE;
    }

  /* A family of files named on the command line is one family too. */
  if (n_files > 1 && stem == NULL)
    {
      one_family = TRUE;
      for (guint i = 0; i < candidates->len && one_family; i++)
        {
          Candidate *candidate = g_ptr_array_index (candidates, i);
          gsize prefix_len;
          g_autofree char *this_stem = NULL;

          if (locale_suffix (candidate->path, &prefix_len) < 0)
            {
              one_family = FALSE;
              break;
            }
          this_stem = g_strndup (candidate->path, prefix_len - 1);
          if (stem == NULL)
            stem = g_steal_pointer (&this_stem);
          else if (!g_str_equal (stem, this_stem))
            one_family = FALSE;
        }
    }

  g_ptr_array_sort (candidates, compare_candidates);
  for (guint i = 0; i < candidates->len; i++)
    {
      Candidate *candidate = g_ptr_array_index (candidates, i);

      if (g_hash_table_contains (seen, candidate->path))
        continue;
      g_hash_table_add (seen, candidate->path);
      g_ptr_array_add (unique, g_steal_pointer (&candidates->pdata[i]));
    }

  if (stem_path != NULL)
    *stem_path = one_family ? g_steal_pointer (&stem) : NULL;

  return g_steal_pointer (&unique);
}

/**
 * weft_chplvis_find_locale_files:
 * @files: (array length=n_files): what the user opened
 * @prefix: (out) (optional) (transfer full): "DIR/NAME-" when the files are
 *   one NAME-k family, else %NULL
 *
 * Returns: (transfer full) (element-type utf8): the locale files to read, in
 *   locale order, or %NULL with @error set.
 */
GPtrArray *
weft_chplvis_find_locale_files (GFile * const  *files,
                                guint           n_files,
                                char          **prefix,
                                GError        **error)
{
  g_autoptr(GPtrArray) candidates = NULL;
  g_autofree char *stem = NULL;
  GPtrArray *paths;

  g_return_val_if_fail (files != NULL, NULL);
  g_return_val_if_fail (n_files > 0, NULL);

  candidates = find_candidates (files, n_files, &stem, error);
  if (candidates == NULL)
    return NULL;

  paths = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < candidates->len; i++)
    {
      Candidate *candidate = g_ptr_array_index (candidates, i);

      g_ptr_array_add (paths, g_strdup (candidate->path));
    }

  if (prefix != NULL)
    *prefix = stem != NULL ? g_strconcat (stem, "-", NULL) : NULL;

  return paths;
}

/* Parallel reading ------------------------------------------------------------ */

typedef struct
{
  GPtrArray          *candidates;
  guint              *order;    /* candidate indices, largest file first */
  WeftChplvisLocale **locales;
  GError            **errors;
  gint                next;
  WeftLoadContext    *context;
} ReadJob;

static void
read_one (ReadJob *job,
          guint    index)
{
  Candidate *candidate = g_ptr_array_index (job->candidates, index);
  g_autoptr(WeftInputMap) mapped = NULL;

  if (weft_load_context_set_error_if_cancelled (job->context, &job->errors[index]))
    return;

  mapped = weft_input_map_open (candidate->path, &job->errors[index]);
  if (mapped == NULL)
    return;

  job->locales[index] = weft_chplvis_parse_locale (weft_input_map_get_data (mapped),
                                                   weft_input_map_get_length (mapped),
                                                   candidate->path,
                                                   WEFT_CHPLVIS_PARSE_RELEASE_PAGES,
                                                   job->context,
                                                   &job->errors[index]);
  job->locales[index] = weft_input_map_finish (mapped, job->locales[index],
                                               (GDestroyNotify)weft_chplvis_locale_free, &job->errors[index]);
}

static gpointer
read_worker (gpointer data)
{
  ReadJob *job = data;
  gint index;

  while ((index = g_atomic_int_add (&job->next, 1)) < (gint)job->candidates->len)
    read_one (job, job->order[index]);

  return NULL;
}

static int
compare_by_size_descending (gconstpointer a,
                            gconstpointer b,
                            gpointer      user_data)
{
  const guint64 *sizes = user_data;
  guint ia = *(const guint *)a, ib = *(const guint *)b;

  if (sizes[ia] != sizes[ib])
    return sizes[ia] > sizes[ib] ? -1 : 1;
  return ia < ib ? -1 : ia > ib;
}

static WeftChplvisTrace *
read_candidates (GPtrArray        *candidates,
                 const char       *prefix,
                 WeftLoadContext  *context,
                 GError          **error)
{
  g_autoptr(WeftChplvisTrace) trace = NULL;
  g_autoptr(GPtrArray) threads = g_ptr_array_new ();
  g_autofree gboolean *failed_locale = g_new0 (gboolean, WEFT_CHPLVIS_MAX_LOCALES);
  guint n = candidates->len;
  guint n_threads, n_read = 0;
  guint64 total = 0;
  ReadJob job = { 0 };
  g_autofree guint *order = NULL;
  g_autofree guint64 *sizes = NULL;

  if (n == 0)
    {
      g_set_error_literal (error, WEFT_ERROR, WEFT_ERROR_EMPTY, _("No VisualDebug locale file to read"));
      return NULL;
    }

  order = g_new (guint, n);
  sizes = g_new0 (guint64, n);
  for (guint i = 0; i < n; i++)
    {
      Candidate *candidate = g_ptr_array_index (candidates, i);
      GStatBuf buf;

      if (g_stat (candidate->path, &buf) == 0)
        sizes[i] = (guint64)buf.st_size;
      total += sizes[i];
      order[i] = i;
    }
  weft_load_context_add_work (context, total);
  /* Largest first: locale 0's file is the biggest (the main task, VisualDebug's
   * own records), and with it last one thread would read it while the others
   * wait. Each file still becomes its own locale, whatever the order. */
  g_qsort_with_data (order, (gint)n, sizeof *order, compare_by_size_descending, sizes);

  job.candidates = candidates;
  job.order = order;
  job.locales = g_new0 (WeftChplvisLocale *, n);
  job.errors = g_new0 (GError *, n);
  job.context = context;

  /* One worker per file, at most one per processor; this thread is one of them. */
  n_threads = MIN (n, weft_background_get_n_processors ());
  for (guint i = 1; i < n_threads; i++)
    g_ptr_array_add (threads, g_thread_new ("weft-chplvis-read", read_worker, &job));
  read_worker (&job);
  for (guint i = 0; i < threads->len; i++)
    g_thread_join (g_ptr_array_index (threads, i));

  for (guint i = 0; i < n; i++)
    if (job.errors[i] != NULL && g_error_matches (job.errors[i], G_IO_ERROR, G_IO_ERROR_CANCELLED))
      {
        g_propagate_error (error, g_steal_pointer (&job.errors[i]));
        goto out;
      }

  for (guint i = 0; i < n; i++)
    if (job.locales[i] != NULL)
      n_read++;

  if (n_read == 0)
    {
      /* Nothing readable: the first file's error says why. */
      g_propagate_error (error, g_steal_pointer (&job.errors[0]));
      goto out;
    }

  for (guint i = 0; i < n; i++)
    {
      Candidate *candidate = g_ptr_array_index (candidates, i);

      if (job.errors[i] != NULL)
        {
          /* The error names the file ("PATH:1: …"); the warning names it apart. */
          g_autofree char *message = g_strdup_printf (_("%s; the file is left out"), job.errors[i]->message);

          weft_load_context_add_warning (context, weft_warning_new_from_error_message (candidate->path, message));
          if (candidate->locale >= 0)
            failed_locale[candidate->locale] = TRUE;
        }
      else if (candidate->locale >= 0 && job.locales[i] != NULL && job.locales[i]->nid != candidate->locale)
        weft_load_context_warn (context, candidate->path, 1,
                                _("the file name says locale %d but its header says locale %d; the header is believed"),
                                candidate->locale, job.locales[i]->nid);
    }

  trace = weft_chplvis_trace_new (job.locales, n, context, error);
  if (trace == NULL)
    goto out;

  for (guint i = 0; i < trace->n_locales; i++)
    if (trace->locales[i] == NULL && !failed_locale[i])
      {
        g_autofree char *expected = prefix != NULL ? g_strdup_printf ("%s%u", prefix, i) : NULL;

        weft_load_context_warn (context, expected, 0,
                                _("the file of locale %u is missing; that locale shows no data"), i);
      }

out:
  for (guint i = 0; i < n; i++)
    {
      weft_chplvis_locale_free (job.locales[i]);
      g_clear_error (&job.errors[i]);
    }
  g_free (job.locales);
  g_free (job.errors);

  return g_steal_pointer (&trace);
}

/**
 * weft_chplvis_read:
 * @files: (array length=n_files): what the user opened (see the file comment)
 * @context: progress (bytes), cancellation and warnings
 *
 * Returns: (transfer full): the run, or %NULL with @error set when no locale
 *   file could be read.
 */
WeftChplvisTrace *
weft_chplvis_read (GFile * const    *files,
                   guint             n_files,
                   WeftLoadContext  *context,
                   GError          **error)
{
  g_autoptr(GPtrArray) candidates = NULL;
  g_autofree char *stem = NULL;
  g_autofree char *prefix = NULL;

  g_return_val_if_fail (files != NULL, NULL);
  g_return_val_if_fail (n_files > 0, NULL);
  g_return_val_if_fail (context != NULL, NULL);

  candidates = find_candidates (files, n_files, &stem, error);
  if (candidates == NULL)
    return NULL;
  if (stem != NULL)
    prefix = g_strconcat (stem, "-", NULL);

  return read_candidates (candidates, prefix, context, error);
}

/**
 * weft_chplvis_read_paths:
 * @paths: (array zero-terminated=1): file or folder names
 *
 * weft_chplvis_read() for local paths.
 */
WeftChplvisTrace *
weft_chplvis_read_paths (const char * const  *paths,
                         WeftLoadContext     *context,
                         GError             **error)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (paths != NULL && paths[0] != NULL, NULL);

  for (guint i = 0; paths[i] != NULL; i++)
    g_ptr_array_add (files, g_file_new_for_path (paths[i]));

  return weft_chplvis_read ((GFile * const *)files->pdata, files->len, context, error);
}

/* weft-test-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "weft-test-util.h"

static char *
build_path_va (const char *root,
               const char *first_element,
               va_list     args)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  const char *element;

  g_ptr_array_add (parts, (gpointer)root);
  for (element = first_element; element != NULL; element = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer)element);
  g_ptr_array_add (parts, NULL);

  return g_build_filenamev ((char **)parts->pdata);
}

/* The value of @name, which meson test sets (a path, a version…); a test run
 * without it fails at once with the reason. */
const char *
weft_test_getenv (const char *name)
{
  const char *value = g_getenv (name);

  if (value == NULL || *value == '\0')
    g_error ("%s is not set (run this test through meson test)", name);
  return value;
}

/* The shared folder: WEFT_SHARED_DIR when the caller of `meson test` sets it
 * (to another copy, or to a missing folder to run as without it), otherwise
 * the ../shared that tests/meson.build passes in WEFT_SHARED_DIR_DEFAULT. */
static const char *
shared_root (void)
{
  const char *root = g_getenv ("WEFT_SHARED_DIR");

  if (root == NULL || *root == '\0')
    root = g_getenv ("WEFT_SHARED_DIR_DEFAULT");
  if (root == NULL || *root == '\0')
    return NULL;
  return root;
}

/**
 * weft_test_shared_path:
 *
 * Returns: (nullable): a path under ../shared (the real sample corpus), or %NULL
 *   after marking the test skipped when that file is not there.
 */
char *
weft_test_shared_path (const char *first_element,
                       ...)
{
  const char *root = shared_root ();
  g_autofree char *path = NULL;
  va_list args;

  if (root == NULL)
    {
      g_test_skip ("no shared folder (WEFT_SHARED_DIR or WEFT_SHARED_DIR_DEFAULT) is set");
      return NULL;
    }

  va_start (args, first_element);
  path = build_path_va (root, first_element, args);
  va_end (args);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *msg = g_strdup_printf ("%s is not present", path);

      g_test_skip (msg);
      return NULL;
    }

  return g_steal_pointer (&path);
}

char *
weft_test_source_path (const char *first_element,
                       ...)
{
  const char *root = weft_test_getenv ("WEFT_SOURCE_DIR");
  char *path;
  va_list args;

  va_start (args, first_element);
  path = build_path_va (root, first_element, args);
  va_end (args);

  return path;
}

static void rm_rf (const char *path);

/* The directories weft_test_make_tmp_dir() made, removed with all they hold
 * when the process that made them exits: tests remove the files they
 * wrote, but the directory around a weft_test_write_tmp() file stayed (over
 * a thousand a day in /tmp). A failing test aborts and leaves its files to
 * look at. */
static GMutex made_lock;
static GPtrArray *made_dirs;
static pid_t made_by;

static void
remove_made_dirs (void)
{
  /* A forked child exits too: the directories are its parent's. */
  if (getpid () != made_by)
    return;
  for (guint i = 0; i < made_dirs->len; i++)
    rm_rf (g_ptr_array_index (made_dirs, i));
  g_clear_pointer (&made_dirs, g_ptr_array_unref);
}

/* A new directory in the temporary folder, gone when the test program
 * exits (weft_test_rm_rf() removes it sooner). */
char *
weft_test_make_tmp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("weft-test-XXXXXX", &error);

  g_assert_no_error (error);
  g_mutex_lock (&made_lock);
  if (made_dirs == NULL)
    {
      made_dirs = g_ptr_array_new_with_free_func (g_free);
      made_by = getpid ();
      atexit (remove_made_dirs);
    }
  g_ptr_array_add (made_dirs, g_strdup (dir));
  g_mutex_unlock (&made_lock);

  return dir;
}

/* Writes @contents to a new file @name in a fresh temporary directory
 * (weft_test_make_tmp_dir()). */
char *
weft_test_write_tmp (const char *name,
                     const char *contents,
                     gssize      len)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = weft_test_make_tmp_dir ();
  char *path = g_build_filename (dir, name, NULL);

  g_file_set_contents (path, contents, len, &error);
  g_assert_no_error (error);

  return path;
}

static void
rm_rf (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          rm_rf (child);
        }
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

void
weft_test_rm_rf (const char *path)
{
  if (path != NULL)
    rm_rf (path);
}

/**
 * weft_test_damage_line:
 * @alphabet: the bytes a damage may put in
 * @insertion: (nullable): a longer text a damage may insert as well
 *
 * Damages @line now and then, as fast-path tests of readers want it: one
 * time in three, one or two bytes replaced, added or dropped (or
 * @insertion added) at random places.
 */
void
weft_test_damage_line (GString    *line,
                       GRand      *rand,
                       const char *alphabet,
                       const char *insertion)
{
  guint n_changes = g_rand_int_range (rand, 0, 3) == 0 ? (guint)g_rand_int_range (rand, 1, 3) : 0;
  gint32 n_kinds = insertion != NULL ? 4 : 3;

  for (guint c = 0; c < n_changes && line->len > 0; c++)
    {
      guint at = (guint)g_rand_int_range (rand, 0, (gint32)line->len);
      char ch = alphabet[g_rand_int_range (rand, 0, (gint32)strlen (alphabet))];

      switch (g_rand_int_range (rand, 0, n_kinds))
        {
        case 0: line->str[at] = ch; break;
        case 1: g_string_insert_c (line, at, ch); break;
        case 2: g_string_erase (line, at, 1); break;
        default: g_string_insert (line, at, insertion); break;
        }
    }
}

/**
 * weft_test_map_zeros:
 * @head: the text it starts with
 * @tail: the text it ends with
 * @len: its size, bytes
 *
 * A damaged file in memory: @head, then zeros (one line of them: no
 * newline), then @tail. The zeros are the system's zero page until written,
 * so gigabytes cost nothing. Give it back with weft_test_unmap().
 *
 * Returns: (transfer full): the data
 */
char *
weft_test_map_zeros (const char *head,
                     const char *tail,
                     gsize       len)
{
  char *data = mmap (NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

  g_assert_true (data != MAP_FAILED);
  g_assert_cmpuint (strlen (head) + strlen (tail), <=, len);
  memcpy (data, head, strlen (head));
  memcpy (data + len - strlen (tail), tail, strlen (tail));
  return data;
}

void
weft_test_unmap (char  *data,
                 gsize  len)
{
  munmap (data, len);
}

/* A WeftProgressFunc that appends each fraction to @fractions (a GArray of
 * double). */
void
weft_test_record_fraction (double      fraction,
                           const char *message,
                           gpointer    fractions)
{
  g_array_append_val ((GArray *)fractions, fraction);
}

/* How many of @fractions (reported by a load) lie strictly between @above
 * and @below. */
guint
weft_test_count_fractions (GArray *fractions,
                           double  above,
                           double  below)
{
  guint n = 0;

  for (guint i = 0; i < fractions->len; i++)
    {
      double f = g_array_index (fractions, double, i);

      n += f > above && f < below;
    }
  return n;
}

/* fuzz-ddt-mda-hdf5.c: libFuzzer harness for the MDA HDF5 reader
 * (parsers/ddt/weft-mda-hdf5.c, weft-hdf5.c, over libhdf5).
 *
 * The reader takes a path (libhdf5 opens files itself), so each input is
 * written to one scratch file of this process, removed at exit. Every numeric
 * dataset the file lists is read (a few at most), and so is the default one.
 * A small matrix that reads is written back with weft_mda_hdf5_write() and
 * read again: same shape, same filtered cells, same values (NaN as NaN).
 * After each input no HDF5 id may be left open (the reader closes all it
 * opens).
 *
 * libhdf5 itself loses object header memory while reading some valid files
 * (seen with Debian's 1.10.8 on files of the latest format, even on
 * sparse-3d-int-chunked-latest.h5 of the seed corpus, with every id closed):
 * leaks whose stacks are inside libhdf5 are suppressed below, and the open-id
 * count stands in for them as the check of the reader's own cleanup.
 * Regression inputs: type-size-vs-layout.h5 (an element size other than the
 * chunk layout's: libhdf5 1.10 read past its chunk buffer).
 *
 * The app reads HDF5 only after a child process has read the file
 * (parsers/ddt/weft-hdf5-probe.c), so libhdf5's own bugs on damaged files no
 * longer crash, hang or exhaust the memory of Weft. This harness turns that
 * isolation off (weft_hdf5_set_isolation) and tests the reader itself, in its
 * own process, where such a bug still fails it: CI replays the corpus only
 * (tests/fuzz/meson.build). Inputs that crash libhdf5 belong in
 * tests/ddt/fixtures (test-mda-hdf5-isolation), not in the corpus.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "weft-hdf5.h"
#include "weft-hdf5-module.h"
#include "weft-hdf5-probe.h"
#include "weft-mda.h"

#define MAX_FUZZ_DATASETS   4
#define MAX_ROUND_TRIP      4096

const char *__lsan_default_suppressions (void);
const char *__asan_default_options (void);
int LLVMFuzzerInitialize (int    *argc,
                          char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

const char *
__lsan_default_suppressions (void)
{
  return "leak:libhdf5_serial.so\n"
         "leak:libhdf5.so\n";
}

/* libhdf5 allocates what sizes in the file say and fails cleanly when
 * malloc() returns NULL; the reader's own allocations go through g_malloc(),
 * which aborts instead. */
const char *
__asan_default_options (void)
{
  return "allocator_may_return_null=1";
}

static char *input_path;
static char *output_path;

static void
remove_scratch (void)
{
  g_unlink (input_path);
  g_unlink (output_path);
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  const char *dir = g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR) ? "/dev/shm" : g_get_tmp_dir ();
  g_autofree char *base = g_strdup_printf ("weft-fuzz-mda-hdf5-%d", (int)getpid ());
  GError *error = NULL;

  (void)argc;
  (void)argv;
  /* The reader is in the module weft-hdf5: without it every input would be
   * refused at once, and the fuzzer would pass having read nothing. */
  if (weft_hdf5_module_get (&error) == NULL)
    {
      fprintf (stderr, "the HDF5 module is missing (build it too): %s\n", error->message);
      abort ();
    }
  /* The reader itself, not the app's probe of it (see the top). */
  weft_hdf5_set_isolation (FALSE);
  input_path = g_strdup_printf ("%s/%s.h5", dir, base);
  output_path = g_strdup_printf ("%s/%s-again.h5", dir, base);
  atexit (remove_scratch);
  return 0;
}

static void
check_round_trip (WeftMatrix *matrix)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftMatrix) again = NULL;
  gsize n = weft_matrix_get_n_elements (matrix);
  guint n_dims = weft_matrix_get_n_dims (matrix);

  if (n > MAX_ROUND_TRIP)
    return;
  if (!weft_mda_hdf5_write (matrix, output_path, &error))
    abort ();
  again = weft_mda_hdf5_read (output_path, NULL, NULL, &error);
  if (again == NULL || weft_matrix_get_n_dims (again) != n_dims ||
      memcmp (weft_matrix_get_shape (again), weft_matrix_get_shape (matrix), n_dims * sizeof (gsize)) != 0)
    abort ();
  for (gsize i = 0; i < n; i++)
    {
      double a = weft_matrix_get (matrix, i), b = weft_matrix_get (again, i);

      if (weft_matrix_is_filtered (matrix, i) != weft_matrix_is_filtered (again, i))
        abort ();
      if (!weft_matrix_is_filtered (matrix, i) && !(isnan (a) ? isnan (b) : a == b))
        abort ();
    }
}

static void
read_one (const char *dataset)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftMatrix) matrix = weft_mda_hdf5_read (input_path, dataset, context, &error);

  if ((matrix == NULL) == (error == NULL))
    abort ();
  if (matrix != NULL)
    check_round_trip (matrix);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = NULL;
  FILE *file;

  file = fopen (input_path, "wb");
  if (file == NULL || (size > 0 && fwrite (data, 1, size, file) != size) || fclose (file) != 0)
    abort ();

  names = weft_mda_hdf5_list_datasets (input_path, NULL, &error);
  if ((names == NULL) == (error == NULL))
    abort ();
  for (guint i = 0; names != NULL && names[i] != NULL && i < MAX_FUZZ_DATASETS; i++)
    read_one (names[i]);
  read_one (NULL);

  weft_hdf5_lock ();
  if (H5Fget_obj_count (H5F_OBJ_ALL, H5F_OBJ_ALL) != 0)
    abort ();
  weft_hdf5_unlock ();
  return 0;
}

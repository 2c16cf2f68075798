/* test-mda-hdf5.c: DDT MDA HDF5 (weft-mda.h, weft-mda-hdf5.c): round trips
 * through our reader, the files checked independently with plain libhdf5 calls
 * and h5dump, files written by other programs, errors, atomic replacement and
 * concurrent use.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include <glib/gstdio.h>

#include "grid-test-util.h"
#include "weft-error.h"
#include "weft-hdf5.h"
#include "weft-mda.h"
#include "weft-test-util.h"

static guint64
bits_of (double value)
{
  guint64 bits;

  memcpy (&bits, &value, sizeof bits);
  return bits;
}

static double
double_of (guint64 bits)
{
  double value;

  memcpy (&value, &bits, sizeof value);
  return value;
}

#define PLAIN_NAN_BITS G_GUINT64_CONSTANT (0x7ff8000000000000)

/* Our reader gives back exactly what was written. */
static void
assert_matrices_equal (WeftMatrix *expected,
                       WeftMatrix *actual)
{
  guint rank = weft_matrix_get_n_dims (expected);

  g_assert_cmpuint (weft_matrix_get_n_dims (actual), ==, rank);
  for (guint d = 0; d < rank; d++)
    {
      g_assert_cmpuint (weft_matrix_get_shape (actual)[d], ==, weft_matrix_get_shape (expected)[d]);
      g_assert_cmpstr (weft_matrix_get_dim_name (actual, d), ==, weft_matrix_get_dim_name (expected, d));
      g_assert_cmpint (weft_matrix_get_dim_start (actual, d), ==, weft_matrix_get_dim_start (expected, d));
      for (gsize i = 0; i < weft_matrix_get_shape (expected)[d]; i++)
        g_assert_cmpstr (weft_matrix_get_dim_label (actual, d, i), ==, weft_matrix_get_dim_label (expected, d, i));
    }
  g_assert_cmpstr (weft_matrix_get_title (actual), ==, weft_matrix_get_title (expected));
  g_assert_cmpstr (weft_matrix_get_value_name (actual), ==, weft_matrix_get_value_name (expected));

  for (gsize i = 0; i < weft_matrix_get_n_elements (expected); i++)
    {
      double x = weft_matrix_get (expected, i);
      double y = weft_matrix_get (actual, i);

      g_assert_cmpint (weft_matrix_is_filtered (actual, i), ==, weft_matrix_is_filtered (expected, i));
      if (weft_matrix_is_filtered (expected, i))
        continue;
      if (isnan (x))
        g_assert_true (isnan (y));   /* NaN is a value, not a filtered cell */
      else
        g_assert_cmpuint (bits_of (y), ==, bits_of (x));
    }
}

/* Checks the file with libhdf5 alone, as another program would see it.
 * Returns the number of chunks that were never written. */
static guint
check_file_with_libhdf5 (const char *path,
                         WeftMatrix *matrix)
{
  guint rank = weft_matrix_get_n_dims (matrix);
  const gsize *shape = weft_matrix_get_shape (matrix);
  hsize_t dims[WEFT_MATRIX_MAX_DIMS], chunk[WEFT_MATRIX_MAX_DIMS], n_chunks[WEFT_MATRIX_MAX_DIMS];
  hsize_t chunk_index[WEFT_MATRIX_MAX_DIMS] = { 0 };
  gint64 starts[WEFT_MATRIX_MAX_DIMS];
  g_autofree double *raw = g_new (double, weft_matrix_get_n_elements (matrix));
  hid_t file, dset, type, space, dcpl, attr;
  H5F_info2_t info;
  H5D_fill_value_t fill_status;
  double fill;
  guint unwritten = 0;
  hsize_t n_allocated = 0, n_total = 1;

  weft_hdf5_lock ();

  file = H5Fopen (path, H5F_ACC_RDONLY, H5P_DEFAULT);
  g_assert_cmpint (file, >=, 0);
  g_assert_cmpint (H5Fget_info2 (file, &info), >=, 0);
  g_assert_cmpuint (info.super.version, ==, 0);   /* libver bounds: earliest */

  dset = H5Dopen2 (file, "/data", H5P_DEFAULT);
  g_assert_cmpint (dset, >=, 0);
  type = H5Dget_type (dset);
  g_assert_cmpint (H5Tequal (type, H5T_IEEE_F64LE), >, 0);
  space = H5Dget_space (dset);
  g_assert_cmpint (H5Sget_simple_extent_ndims (space), ==, (int)rank);
  H5Sget_simple_extent_dims (space, dims, NULL);
  for (guint d = 0; d < rank; d++)
    g_assert_cmpuint (dims[d], ==, shape[d]);

  dcpl = H5Dget_create_plist (dset);
  g_assert_cmpint (H5Pget_layout (dcpl), ==, H5D_CHUNKED);
  g_assert_cmpint (H5Pget_chunk (dcpl, (int)rank, chunk), ==, (int)rank);
  g_assert_cmpint (H5Pfill_value_defined (dcpl, &fill_status), >=, 0);
  g_assert_cmpint (fill_status, ==, H5D_FILL_VALUE_USER_DEFINED);
  g_assert_cmpint (H5Pget_fill_value (dcpl, H5T_NATIVE_DOUBLE, &fill), >=, 0);
  g_assert_cmpuint (bits_of (fill), ==, WEFT_MDA_HDF5_FILTERED_BITS);

  /* Filtered cells read as the fill value; NaN values as the plain NaN. */
  g_assert_cmpint (H5Dread (dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, raw), >=, 0);
  for (gsize i = 0; i < weft_matrix_get_n_elements (matrix); i++)
    {
      double value = weft_matrix_get (matrix, i);

      if (weft_matrix_is_filtered (matrix, i))
        g_assert_cmpuint (bits_of (raw[i]), ==, WEFT_MDA_HDF5_FILTERED_BITS);
      else if (bits_of (value) == WEFT_MDA_HDF5_FILTERED_BITS)
        g_assert_cmpuint (bits_of (raw[i]), ==, PLAIN_NAN_BITS);
      else
        g_assert_cmpuint (bits_of (raw[i]), ==, bits_of (value));
    }

  /* A chunk is in the file exactly when it holds a cell that is not filtered. */
  for (guint d = 0; d < rank; d++)
    {
      n_chunks[d] = (dims[d] + chunk[d] - 1) / chunk[d];
      n_total *= n_chunks[d];
    }
  for (;;)
    {
      hsize_t offset[WEFT_MATRIX_MAX_DIMS];
      haddr_t address = HADDR_UNDEF;
      unsigned filter_mask = 0;
      hsize_t size = 0;
      gboolean any_valid = FALSE;
      gboolean carried = TRUE;

      for (guint d = 0; d < rank; d++)
        offset[d] = chunk_index[d] * chunk[d];
      for (gsize i = 0; i < weft_matrix_get_n_elements (matrix) && !any_valid; i++)
        {
          gsize rest = i;
          gboolean inside = TRUE;

          for (guint d = rank; d > 0; d--)
            {
              gsize coordinate = rest % shape[d - 1];

              rest /= shape[d - 1];
              inside &= coordinate >= offset[d - 1] && coordinate < offset[d - 1] + chunk[d - 1];
            }
          any_valid = inside && !weft_matrix_is_filtered (matrix, i);
        }
      g_assert_cmpint (H5Dget_chunk_info_by_coord (dset, offset, &filter_mask, &address, &size), >=, 0);
      g_assert_cmpint (address != HADDR_UNDEF, ==, any_valid);
      if (!any_valid)
        unwritten++;
      else
        g_assert_cmpuint (size, >, 0);

      for (guint d = rank; d > 0 && carried;)
        {
          d--;
          if (++chunk_index[d] < n_chunks[d])
            carried = FALSE;
          else
            chunk_index[d] = 0;
        }
      if (carried)
        break;
    }
  g_assert_cmpint (H5Dget_num_chunks (dset, space, &n_allocated), >=, 0);
  g_assert_cmpuint (n_allocated, ==, n_total - unwritten);

  g_assert_cmpint (H5Aexists (dset, WEFT_MDA_HDF5_ATTR_FILTERED), >, 0);
  attr = H5Aopen (dset, WEFT_MDA_HDF5_ATTR_DIM_STARTS, H5P_DEFAULT);
  g_assert_cmpint (attr, >=, 0);
  g_assert_cmpint (H5Aread (attr, H5T_NATIVE_INT64, starts), >=, 0);
  for (guint d = 0; d < rank; d++)
    g_assert_cmpint (starts[d], ==, weft_matrix_get_dim_start (matrix, d));

  H5Aclose (attr);
  H5Pclose (dcpl);
  H5Sclose (space);
  H5Tclose (type);
  H5Dclose (dset);
  H5Fclose (file);

  weft_hdf5_unlock ();
  return unwritten;
}

/* Writes, reads back, checks with libhdf5; returns the unwritten chunks. */
static guint
round_trip (WeftMatrix *matrix)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "out.h5", NULL);
  g_autoptr(WeftMatrix) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *listing = NULL;
  guint unwritten;

  g_assert_true (weft_mda_hdf5_write (matrix, path, &error));
  g_assert_no_error (error);
  listing = grid_test_list_dir (dir);
  g_assert_cmpstr (listing, ==, "out.h5");

  back = weft_mda_hdf5_read (path, NULL, NULL, &error);
  g_assert_no_error (error);
  assert_matrices_equal (matrix, back);

  g_clear_pointer (&back, weft_matrix_unref);
  back = weft_mda_hdf5_read (path, WEFT_MDA_HDF5_DATASET, NULL, &error);
  g_assert_no_error (error);
  assert_matrices_equal (matrix, back);

  unwritten = check_file_with_libhdf5 (path, matrix);
  weft_test_rm_rf (dir);
  return unwritten;
}

static void
test_round_trip_1d (void)
{
  gsize shape[1] = { 10000 };
  g_autoptr(WeftMatrix) matrix = weft_matrix_new (1, shape);

  for (gsize i = 0; i < shape[0]; i++)
    weft_matrix_set (matrix, i, i * 0.5 - 7);
  for (gsize i = 0; i < 4096; i++)              /* the whole first chunk */
    weft_matrix_set_filtered (matrix, i, TRUE);
  for (gsize i = 5000; i <= 5010; i++)           /* a few cells of a written chunk */
    weft_matrix_set_filtered (matrix, i, TRUE);
  weft_matrix_set (matrix, 6000, NAN);
  weft_matrix_set (matrix, 6001, -INFINITY);
  weft_matrix_set (matrix, 6002, -0.0);
  /* A value with the fill value's bits is a NaN value, not a filtered cell. */
  weft_matrix_set (matrix, 7000, double_of (WEFT_MDA_HDF5_FILTERED_BITS));
  weft_matrix_set_dim_name (matrix, 0, "$i");
  weft_matrix_set_dim_start (matrix, 0, 1);
  weft_matrix_set_value_name (matrix, "a($i)");

  g_assert_cmpuint (round_trip (matrix), ==, 1);
}

static void
test_round_trip_2d (void)
{
  g_autoptr(WeftMatrix) matrix = weft_matrix_new_2d (300, 200);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);

  for (gsize r = 0; r < 300; r++)
    for (gsize c = 0; c < 200; c++)
      weft_matrix_set_2d (matrix, r, c, g_rand_double_range (rand, -1e6, 1e6));
  /* Chunks are 75 × 50: this block is exactly four of them. */
  for (gsize r = 0; r < 150; r++)
    for (gsize c = 0; c < 100; c++)
      weft_matrix_set_filtered (matrix, r * 200 + c, TRUE);
  for (guint k = 0; k < 500; k++)
    weft_matrix_set_filtered (matrix, g_rand_int_range (rand, 150 * 200, 300 * 200), TRUE);
  for (guint k = 0; k < 50; k++)
    weft_matrix_set (matrix, g_rand_int_range (rand, 0, 300 * 200), NAN);
  weft_matrix_set_title (matrix, "Bytes sent — “all tags”");
  weft_matrix_set_value_name (matrix, "bytes");
  weft_matrix_set_dim_name (matrix, 0, "from locale");
  weft_matrix_set_dim_name (matrix, 1, "to locale");
  weft_matrix_set_dim_start (matrix, 0, -3);
  weft_matrix_set_dim_start (matrix, 1, 1000000000000);
  weft_matrix_set_dim_label (matrix, 1, 0, "locale 0");
  weft_matrix_set_dim_label (matrix, 1, 199, "locale 199 (été)");

  g_assert_cmpuint (round_trip (matrix), ==, 4);
}

static void
test_round_trip_3d (void)
{
  gsize shape[3] = { 20, 30, 40 };
  g_autoptr(WeftMatrix) matrix = weft_matrix_new (3, shape);

  for (gsize i = 0; i < 20 * 30 * 40; i++)
    weft_matrix_set (matrix, i, (i % 17 == 0) ? NAN : (double)i / 3.0);
  /* Chunks are 10 × 15 × 20: the slab i0 >= 10 is four of the eight. */
  for (gsize i = 10 * 30 * 40; i < 20 * 30 * 40; i++)
    weft_matrix_set_filtered (matrix, i, TRUE);
  weft_matrix_set_filtered (matrix, 7, TRUE);
  for (guint d = 0; d < 3; d++)
    {
      g_autofree char *name = g_strdup_printf ("$%c", 'i' + d);

      weft_matrix_set_dim_name (matrix, d, name);
      weft_matrix_set_dim_start (matrix, d, d);
    }

  g_assert_cmpuint (round_trip (matrix), ==, 4);
}

static void
test_round_trip_max_rank (void)
{
  gsize shape[WEFT_MATRIX_MAX_DIMS] = { 2, 1, 3, 1, 2, 1, 2, 2 };
  g_autoptr(WeftMatrix) matrix = weft_matrix_new (WEFT_MATRIX_MAX_DIMS, shape);

  for (gsize i = 0; i < weft_matrix_get_n_elements (matrix); i++)
    {
      weft_matrix_set (matrix, i, i * 1.25);
      if (i % 5 == 0)
        weft_matrix_set_filtered (matrix, i, TRUE);
    }
  weft_matrix_set_dim_name (matrix, 7, "last");

  round_trip (matrix);
}

/* Everything filtered: the dataset exists but holds no chunk at all. */
static void
test_all_filtered (void)
{
  g_autoptr(WeftMatrix) matrix = weft_matrix_new_2d (10, 10);

  for (gsize i = 0; i < 100; i++)
    weft_matrix_set_filtered (matrix, i, TRUE);
  g_assert_cmpuint (round_trip (matrix), ==, 1);
}

/* Dimension labels too large for an HDF5 1.8 attribute are left out; the
 * export still succeeds. */
static void
test_large_labels (void)
{
  gsize shape[1] = { 5000 };
  g_autoptr(WeftMatrix) matrix = weft_matrix_new (1, shape);
  g_autoptr(WeftMatrix) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "labels.h5", NULL);
  g_autofree char *long_title = g_strnfill (100000, 'x');

  for (gsize i = 0; i < shape[0]; i++)
    {
      g_autofree char *label = g_strdup_printf ("a fairly long label for index %" G_GSIZE_FORMAT, i);

      weft_matrix_set_dim_label (matrix, 0, i, label);
    }
  weft_matrix_set_title (matrix, long_title);

  g_assert_true (weft_mda_hdf5_write (matrix, path, &error));
  g_assert_no_error (error);
  back = weft_mda_hdf5_read (path, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (weft_matrix_get_dim_label (back, 0, 0));
  g_assert_cmpuint (strlen (weft_matrix_get_title (back)), ==, 16384);   /* cut to fit */

  /* Every attribute at its largest at once still fits in the object header;
   * a name is cut at a character boundary. */
  {
    gsize big_shape[2] = { 1400, 1200 };
    g_autoptr(WeftMatrix) big = weft_matrix_new (2, big_shape);
    g_autoptr(WeftMatrix) big_back = NULL;
    g_autofree char *long_name = g_strnfill (3000, 'n');
    g_autoptr(GString) accented = g_string_new (long_name);
    g_autofree char *path_big = g_build_filename (dir, "big.h5", NULL);

    /* 3000 + 2 × 1001 bytes: byte 4096 falls inside an "é". */
    g_string_append_c (accented, 'x');
    for (guint i = 0; i < 1000; i++)
      g_string_append (accented, "é");
    g_assert_cmpuint (accented->len, >, 4096);
    weft_matrix_set_title (big, long_title);
    weft_matrix_set_value_name (big, long_title);
    weft_matrix_set_dim_name (big, 0, accented->str);
    weft_matrix_set_dim_name (big, 1, long_name);
    for (guint d = 0; d < 2; d++)
      for (gsize i = 0; i < big_shape[d]; i++)
        {
          g_autofree char *label = g_strdup_printf ("label %05" G_GSIZE_FORMAT " of dim %u ..", i, d);

          weft_matrix_set_dim_label (big, d, i, label);   /* 26 bytes: ~36 KiB per dimension */
        }

    g_assert_true (weft_mda_hdf5_write (big, path_big, &error));
    g_assert_no_error (error);
    big_back = weft_mda_hdf5_read (path_big, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpstr (weft_matrix_get_dim_label (big_back, 0, 1399), ==, "label 01399 of dim 0 ..");
    g_assert_cmpstr (weft_matrix_get_dim_label (big_back, 1, 7), ==, "label 00007 of dim 1 ..");
    g_assert_cmpuint (strlen (weft_matrix_get_value_name (big_back)), ==, 16384);
    g_assert_cmpuint (strlen (weft_matrix_get_dim_name (big_back, 0)), ==, 4095);
    g_assert_true (g_utf8_validate (weft_matrix_get_dim_name (big_back, 0), -1, NULL));
    g_assert_cmpstr (weft_matrix_get_dim_name (big_back, 1), ==, long_name);
  }
  weft_test_rm_rf (dir);
}

static void
test_h5dump (void)
{
  g_autofree char *h5dump = g_find_program_in_path ("h5dump");
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *super = NULL;
  g_autoptr(WeftMatrix) matrix = weft_matrix_new_2d (2, 3);
  g_autoptr(GError) error = NULL;
  int status = 0;
  static const char *const expected[] = {
    "DATASET \"data\" {",
    "DATATYPE  H5T_IEEE_F64LE",
    "DATASPACE  SIMPLE { ( 2, 3 ) / ( 2, 3 ) }",
    "CHUNKED ( 2, 3 )",
    "FILL_TIME H5D_FILL_TIME_IFSET",
    "VALUE  nan",
    "H5D_ALLOC_TIME_INCR",
    "(0,0): 1, 2.5, nan,",
    "(1,0): nan, -inf, 0.1",
    "ATTRIBUTE \"weft:dim_names\"",
    "(0): \"from locale\", \"to locale\"",
    "ATTRIBUTE \"weft:dim_starts\"",
    "DATATYPE  H5T_STD_I64LE",
    "(0): 0, 5",
    "ATTRIBUTE \"weft:filtered\"",
    "CSET H5T_CSET_UTF8;",
    "(0): \"Bytes sent\"",
  };

  if (h5dump == NULL)
    {
      g_test_skip ("h5dump is not installed (Debian package hdf5-tools)");
      return;
    }

  weft_matrix_set (matrix, 0, 1);
  weft_matrix_set (matrix, 1, 2.5);
  weft_matrix_set_filtered (matrix, 2, TRUE);
  weft_matrix_set (matrix, 3, NAN);
  weft_matrix_set (matrix, 4, -INFINITY);
  weft_matrix_set (matrix, 5, 0.1);
  weft_matrix_set_title (matrix, "Bytes sent");
  weft_matrix_set_dim_name (matrix, 0, "from locale");
  weft_matrix_set_dim_name (matrix, 1, "to locale");
  weft_matrix_set_dim_start (matrix, 1, 5);

  dir = weft_test_make_tmp_dir ();
  path = g_build_filename (dir, "small.h5", NULL);
  g_assert_true (weft_mda_hdf5_write (matrix, path, &error));
  g_assert_no_error (error);

  {
    const char *argv[] = { h5dump, "-p", path, NULL };

    g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error);
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (strstr (out, expected[i]) == NULL)
      g_error ("h5dump output lacks “%s”:\n%s", expected[i], out);

  {
    const char *argv[] = { h5dump, "-B", "-H", path, NULL };

    g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &super, NULL, &status, &error);
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    g_assert_nonnull (strstr (super, "SUPERBLOCK_VERSION 0"));
    g_assert_nonnull (strstr (super, "OBJECTHEADER_VERSION 0"));
  }
  weft_test_rm_rf (dir);
}

/* --- Files written by other programs ----------------------------------------- */

static void
make_string_dataset (hid_t       location,
                     const char *name)
{
  hid_t type = H5Tcopy (H5T_C_S1);
  hid_t space = H5Screate (H5S_SCALAR);
  hid_t dset;

  H5Tset_size (type, 6);
  dset = H5Dcreate2 (location, name, type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  g_assert_cmpint (dset, >=, 0);
  g_assert_cmpint (H5Dwrite (dset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, "hello"), >=, 0);
  H5Dclose (dset);
  H5Sclose (space);
  H5Tclose (type);
}

static char *
make_foreign_file (const char *dir)
{
  char *path = g_build_filename (dir, "foreign.h5", NULL);
  hsize_t dims[2] = { 10, 10 }, chunk[2] = { 5, 5 }, block[2] = { 5, 5 };
  hsize_t start_a[2] = { 0, 0 }, start_b[2] = { 5, 5 };
  hsize_t dims_1d[1] = { 3 };
  int values[25] = { 0 };
  const int zeros[25] = { 0 };
  const double small[3] = { 1.5, 2.5, 3.5 };
  const double answer = 42.0;
  hid_t file, group, space, dcpl, dset, mem_space;

  weft_hdf5_lock ();
  file = H5Fcreate (path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  g_assert_cmpint (file, >=, 0);
  group = H5Gcreate2 (file, "grp", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  make_string_dataset (group, "a_names");   /* before "counts" in name order, not numbers */

  /* A chunked int32 array with the default fill value (0), two chunks written:
   * one with 1…25, one with zeros. */
  space = H5Screate_simple (2, dims, NULL);
  dcpl = H5Pcreate (H5P_DATASET_CREATE);
  H5Pset_chunk (dcpl, 2, chunk);
  dset = H5Dcreate2 (group, "counts", H5T_STD_I32BE, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  g_assert_cmpint (dset, >=, 0);
  for (int i = 0; i < 25; i++)
    values[i] = i + 1;
  mem_space = H5Screate_simple (2, block, NULL);
  H5Sselect_hyperslab (space, H5S_SELECT_SET, start_a, NULL, block, NULL);
  g_assert_cmpint (H5Dwrite (dset, H5T_NATIVE_INT, mem_space, space, H5P_DEFAULT, values), >=, 0);
  H5Sselect_hyperslab (space, H5S_SELECT_SET, start_b, NULL, block, NULL);
  g_assert_cmpint (H5Dwrite (dset, H5T_NATIVE_INT, mem_space, space, H5P_DEFAULT, zeros), >=, 0);
  H5Sclose (mem_space);
  H5Dclose (dset);
  H5Pclose (dcpl);
  H5Sclose (space);
  H5Gclose (group);

  space = H5Screate_simple (1, dims_1d, NULL);
  dset = H5Dcreate2 (file, "z_small", H5T_IEEE_F64BE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  g_assert_cmpint (H5Dwrite (dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, small), >=, 0);
  H5Dclose (dset);
  /* Contiguous and never written: no storage at all. */
  dset = H5Dcreate2 (file, "never_written", H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Dclose (dset);
  H5Sclose (space);

  space = H5Screate (H5S_SCALAR);
  dset = H5Dcreate2 (file, "scalar", H5T_IEEE_F32LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  g_assert_cmpint (H5Dwrite (dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, &answer), >=, 0);
  H5Dclose (dset);
  H5Sclose (space);

  make_string_dataset (file, "text");
  H5Fclose (file);
  weft_hdf5_unlock ();

  return path;
}

static void
test_foreign_file (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = make_foreign_file (dir);
  g_autoptr(WeftMatrix) counts = NULL;
  g_autoptr(WeftMatrix) small = NULL;
  g_autoptr(WeftMatrix) never = NULL;
  g_autoptr(WeftMatrix) scalar = NULL;
  g_autoptr(GError) error = NULL;

  /* The first dataset of numbers, depth-first in name order. */
  counts = weft_mda_hdf5_read (path, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_matrix_get_n_dims (counts), ==, 2);
  g_assert_cmpuint (weft_matrix_get_shape (counts)[0], ==, 10);
  g_assert_cmpuint (weft_matrix_get_shape (counts)[1], ==, 10);
  g_assert_cmpstr (weft_matrix_get_value_name (counts), ==, "grp/counts");
  g_assert_null (weft_matrix_get_title (counts));
  g_assert_null (weft_matrix_get_dim_name (counts, 0));
  for (gsize r = 0; r < 10; r++)
    for (gsize c = 0; c < 10; c++)
      {
        gsize i = r * 10 + c;
        gboolean written = (r < 5 && c < 5) || (r >= 5 && c >= 5);

        /* Cells of chunks never written are filtered; written zeros are not. */
        g_assert_cmpint (weft_matrix_is_filtered (counts, i), ==, !written);
        if (r < 5 && c < 5)
          g_assert_cmpfloat (weft_matrix_get (counts, i), ==, r * 5 + c + 1);
        else if (written)
          g_assert_cmpfloat (weft_matrix_get (counts, i), ==, 0.0);
      }

  small = weft_mda_hdf5_read (path, "z_small", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_matrix_get_n_elements (small), ==, 3);
  g_assert_cmpfloat (weft_matrix_get (small, 2), ==, 3.5);
  g_assert_false (weft_matrix_is_filtered (small, 0));

  never = weft_mda_hdf5_read (path, "/never_written", NULL, &error);
  g_assert_no_error (error);
  for (gsize i = 0; i < 3; i++)
    g_assert_true (weft_matrix_is_filtered (never, i));

  scalar = weft_mda_hdf5_read (path, "scalar", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_matrix_get_n_dims (scalar), ==, 1);
  g_assert_cmpuint (weft_matrix_get_n_elements (scalar), ==, 1);
  g_assert_cmpfloat (weft_matrix_get (scalar, 0), ==, 42.0);

  weft_test_rm_rf (dir);
}

/* Our attributes, but malformed: ignored with a warning. */
static void
test_bad_attributes (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "attrs.h5", NULL);
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftMatrix) matrix = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(GError) error = NULL;
  hsize_t dims[2] = { 2, 2 }, three = 3;
  const gint64 starts[3] = { 1, 2, 3 };
  const double values[4] = { 1, 2, 3, 4 };
  hid_t file, space, attr_space, dset, attr;

  weft_hdf5_lock ();
  file = H5Fcreate (path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  space = H5Screate_simple (2, dims, NULL);
  dset = H5Dcreate2 (file, "m", H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Dwrite (dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values);
  attr_space = H5Screate_simple (1, &three, NULL);
  attr = H5Acreate2 (dset, WEFT_MDA_HDF5_ATTR_DIM_STARTS, H5T_STD_I64LE, attr_space, H5P_DEFAULT, H5P_DEFAULT);
  H5Awrite (attr, H5T_NATIVE_INT64, starts);
  H5Aclose (attr);
  H5Sclose (attr_space);
  H5Dclose (dset);
  H5Sclose (space);
  H5Fclose (file);
  weft_hdf5_unlock ();

  matrix = weft_mda_hdf5_read (path, NULL, context, &error);
  g_assert_no_error (error);
  g_assert_cmpint (weft_matrix_get_dim_start (matrix, 0), ==, 0);
  g_assert_cmpfloat (weft_matrix_get (matrix, 3), ==, 4.0);
  warnings = weft_load_context_dup_warnings (context);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_nonnull (strstr (((WeftWarning *)g_ptr_array_index (warnings, 0))->message, "weft:dim_starts"));
  weft_test_rm_rf (dir);
}

static void
test_read_errors (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *text = weft_test_write_tmp ("text.h5", "Value,Processes\n1,0\n", -1);
  g_autofree char *foreign = make_foreign_file (dir);
  g_autofree char *truncated = g_build_filename (dir, "truncated.h5", NULL);
  g_autofree char *odd = g_build_filename (dir, "odd.h5", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *text_dir = g_path_get_dirname (text);
  gsize length = 0;
  static const struct
  {
    const char *dataset;
    int         code;
    const char *part;
  } odd_cases[] = {
    { NULL, WEFT_ERROR_EMPTY, "holds no dataset of numbers" },
    { "nine", WEFT_ERROR_UNSUPPORTED, "has 9 dimensions; at most 8" },
    { "huge", WEFT_ERROR_UNSUPPORTED, "too large" },
    { "zero", WEFT_ERROR_EMPTY, "zero is empty" },
    { "strings", WEFT_ERROR_UNSUPPORTED, "does not hold numbers" },
    { "missing", WEFT_ERROR_PARSE, "no dataset “missing”: HDF5: " },
  };

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(WeftMatrix) matrix = weft_mda_hdf5_read (text, NULL, NULL, &error);

    g_assert_null (matrix);
    g_assert_error (error, WEFT_ERROR, WEFT_ERROR_UNKNOWN_FORMAT);
    g_assert_nonnull (strstr (error->message, "is not an HDF5 file"));
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(WeftMatrix) matrix = weft_mda_hdf5_read ("/nonexistent/weft.h5", NULL, NULL, &error);

    g_assert_null (matrix);
    g_assert_error (error, WEFT_ERROR, WEFT_ERROR_FAILED);
    g_assert_nonnull (strstr (error->message, "/nonexistent/weft.h5"));
  }

  /* A cut file: HDF5's own explanation ends up in the message. */
  contents = grid_test_read_file (foreign, &length);
  g_assert_true (g_file_set_contents (truncated, contents, length / 3, NULL));
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(WeftMatrix) matrix = weft_mda_hdf5_read (truncated, NULL, NULL, &error);

    g_assert_null (matrix);
    g_assert_error (error, WEFT_ERROR, WEFT_ERROR_PARSE);
    g_assert_true (g_str_has_prefix (error->message, "Could not read "));
    g_assert_nonnull (strstr (error->message, truncated));
    g_assert_nonnull (strstr (error->message, ": HDF5: "));
  }

  {
    hsize_t nine[9] = { 1, 1, 1, 1, 1, 1, 1, 1, 2 };
    hsize_t huge[2] = { 1 << 20, 1 << 20 };
    hsize_t zero[1] = { 0 };
    hid_t file, space, dset, type;

    weft_hdf5_lock ();
    file = H5Fcreate (odd, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    space = H5Screate_simple (9, nine, NULL);
    dset = H5Dcreate2 (file, "nine", H5T_STD_I8LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    H5Dclose (dset);
    H5Sclose (space);
    space = H5Screate_simple (2, huge, NULL);
    dset = H5Dcreate2 (file, "huge", H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    H5Dclose (dset);
    H5Sclose (space);
    space = H5Screate_simple (1, zero, NULL);
    dset = H5Dcreate2 (file, "zero", H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    H5Dclose (dset);
    H5Sclose (space);
    space = H5Screate (H5S_SCALAR);
    type = H5Tcopy (H5T_C_S1);
    H5Tset_size (type, 4);
    dset = H5Dcreate2 (file, "strings", type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    H5Dclose (dset);
    H5Tclose (type);
    H5Sclose (space);
    H5Fclose (file);
    weft_hdf5_unlock ();
  }

  for (guint i = 0; i < G_N_ELEMENTS (odd_cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(WeftMatrix) matrix = NULL;

      /* The first case needs a file whose datasets hold no numbers. */
      if (odd_cases[i].dataset == NULL)
        {
          g_autofree char *strings_only = g_build_filename (dir, "strings.h5", NULL);
          hid_t file;

          weft_hdf5_lock ();
          file = H5Fcreate (strings_only, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
          make_string_dataset (file, "a");
          H5Gclose (H5Gcreate2 (file, "empty_group", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT));
          H5Fclose (file);
          weft_hdf5_unlock ();
          matrix = weft_mda_hdf5_read (strings_only, NULL, NULL, &error);
        }
      else
        matrix = weft_mda_hdf5_read (odd, odd_cases[i].dataset, NULL, &error);

      g_assert_null (matrix);
      g_assert_error (error, WEFT_ERROR, odd_cases[i].code);
      if (strstr (error->message, odd_cases[i].part) == NULL)
        g_error ("“%s” lacks “%s”", error->message, odd_cases[i].part);
    }

  weft_test_rm_rf (dir);
  weft_test_rm_rf (text_dir);
}

/* The file system refuses the write half-way: the old file stays and the
 * temporary one goes. (This once crashed: libhdf5 cannot close a file whose
 * writes failed and tried again at exit; the file is now built in memory.) */
static void
test_failed_write (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *listing = NULL;
  g_autoptr(GError) error = NULL;

  if (g_test_subprocess ())
    {
      struct rlimit limit = { 64 * 1024, 64 * 1024 };
      g_autoptr(WeftMatrix) matrix = weft_matrix_new_2d (300, 300);

      for (gsize i = 0; i < 300 * 300; i++)
        weft_matrix_set (matrix, i, i / 7.0);
      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      g_assert_false (weft_mda_hdf5_write (matrix, g_getenv ("WEFT_TEST_DESTINATION"), &error));
      g_assert_error (error, WEFT_ERROR, WEFT_ERROR_WRITE);
      g_assert_true (g_str_has_prefix (error->message, "Could not write "));
      g_assert_nonnull (strstr (error->message, g_strerror (EFBIG)));
      return;
    }

  dir = weft_test_make_tmp_dir ();
  path = g_build_filename (dir, "out.h5", NULL);
  g_file_set_contents (path, "old export\n", -1, &error);
  g_assert_no_error (error);
  g_setenv ("WEFT_TEST_DESTINATION", path, TRUE);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  /* HDF5's own error printing is silenced. */
  g_test_trap_assert_stderr_unmatched ("*HDF5-DIAG*");

  text = grid_test_read_file (path, NULL);
  g_assert_cmpstr (text, ==, "old export\n");
  listing = grid_test_list_dir (dir);
  g_assert_cmpstr (listing, ==, "out.h5");
  weft_test_rm_rf (dir);
}

static void
test_destination_is_folder (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autoptr(WeftMatrix) matrix = weft_matrix_new_2d (1, 1);
  g_autoptr(GError) error = NULL;

  g_assert_false (weft_mda_hdf5_write (matrix, dir, &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_WRITE);
  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));
  weft_test_rm_rf (dir);
}

/* Exports and loads run in worker threads: the lock keeps libhdf5 whole. */
static gpointer
thread_worker (gpointer data)
{
  const char *dir = data;
  guint seed = g_random_int ();

  for (guint round = 0; round < 15; round++)
    {
      g_autofree char *name = g_strdup_printf ("t%u-%u.h5", seed, round);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(WeftMatrix) matrix = weft_matrix_new_2d (40 + round, 30);
      g_autoptr(WeftMatrix) back = NULL;
      g_autoptr(GError) error = NULL;

      for (gsize i = 0; i < weft_matrix_get_n_elements (matrix); i++)
        {
          weft_matrix_set (matrix, i, seed + i);
          weft_matrix_set_filtered (matrix, i, (i + round) % 3 == 0);
        }
      g_assert_true (weft_mda_hdf5_write (matrix, path, &error));
      g_assert_no_error (error);
      back = weft_mda_hdf5_read (path, NULL, NULL, &error);
      g_assert_no_error (error);
      assert_matrices_equal (matrix, back);
      g_unlink (path);
    }
  return NULL;
}

static void
test_threads (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  GThread *threads[4];

  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("hdf5-test", thread_worker, dir);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    g_thread_join (threads[i]);
  weft_test_rm_rf (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/grid/mda-hdf5/round-trip-1d", test_round_trip_1d);
  g_test_add_func ("/grid/mda-hdf5/round-trip-2d", test_round_trip_2d);
  g_test_add_func ("/grid/mda-hdf5/round-trip-3d", test_round_trip_3d);
  g_test_add_func ("/grid/mda-hdf5/round-trip-max-rank", test_round_trip_max_rank);
  g_test_add_func ("/grid/mda-hdf5/all-filtered", test_all_filtered);
  g_test_add_func ("/grid/mda-hdf5/large-labels", test_large_labels);
  g_test_add_func ("/grid/mda-hdf5/h5dump", test_h5dump);
  g_test_add_func ("/grid/mda-hdf5/foreign-file", test_foreign_file);
  g_test_add_func ("/grid/mda-hdf5/bad-attributes", test_bad_attributes);
  g_test_add_func ("/grid/mda-hdf5/read-errors", test_read_errors);
  g_test_add_func ("/grid/mda-hdf5/failed-write", test_failed_write);
  g_test_add_func ("/grid/mda-hdf5/destination-is-folder", test_destination_is_folder);
  g_test_add_func ("/grid/mda-hdf5/threads", test_threads);

  return g_test_run ();
}

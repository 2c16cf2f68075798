/* test-ddt-documents.c: DDT arrays (MDA CSV/HDF5) and cross-process
 * comparisons (CPC CSV) as documents: sniffing, loading, figures, exports and
 * "every file Weft writes, Weft opens again".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <hdf5.h>

#include "weft-cpc-dataset.h"
#include "weft-document.h"
#include "weft-error.h"
#include "weft-exporter.h"
#include "weft-format.h"
#include "weft-hdf5.h"
#include "weft-mda-dataset.h"
#include "weft-test-util.h"

static WeftDocument *
load (const char  *path,
      GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(WeftDocument) document = weft_document_new_for_file (file);

  if (!weft_document_load (document, NULL, error))
    return NULL;
  return g_steal_pointer (&document);
}

static WeftDocument *
load_ok (const char *path)
{
  g_autoptr(GError) error = NULL;
  WeftDocument *document = load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (document);
  return document;
}

static const char *
family (WeftDocument *document)
{
  return weft_dataset_get_family (weft_document_get_dataset (document));
}

static void
export_ok (WeftDocument *document,
           const char   *view,
           const char   *format,
           const char   *path)
{
  WeftExportRequest request = { .view = view, .format = format, .path = path };
  g_autoptr(GError) error = NULL;

  g_assert_true (weft_exporter_export (weft_document_get_dataset (document), &request, &error));
  g_assert_no_error (error);
}

/* The seed's MDA CSV rules: no header, "" is a filtered cell, NaN and inf are
 * values. */
static void
test_mda_csv (void)
{
  g_autofree char *path = weft_test_write_tmp ("array.csv", "1,2,3\n4,\"\",nan\ninf,-2.5,0\n", -1);
  g_autoptr(WeftDocument) document = load_ok (path);
  WeftMdaDataset *mda = WEFT_MDA_DATASET (weft_document_get_dataset (document));
  WeftMatrix *matrix = weft_mda_dataset_get_matrix (mda);
  WeftMatrixStats stats;

  g_assert_cmpstr (family (document), ==, "mda");
  g_assert_false (weft_mda_dataset_is_hdf5 (mda));
  g_assert_cmpuint (weft_matrix_get_shape (matrix)[0], ==, 3);
  g_assert_cmpuint (weft_matrix_get_shape (matrix)[1], ==, 3);
  g_assert_true (weft_matrix_is_filtered (matrix, 4));
  g_assert_true (isnan (weft_matrix_get (matrix, 5)));
  g_assert_true (isinf (weft_matrix_get (matrix, 6)));

  weft_matrix_compute_stats (matrix, &stats);
  g_assert_cmpuint (stats.n_filtered, ==, 1);
  g_assert_cmpuint (stats.n_nan, ==, 1);
  g_assert_cmpuint (stats.n_inf, ==, 1);
  g_assert_cmpfloat (stats.finite_min, ==, -2.5);
  g_assert_cmpfloat (stats.finite_max, ==, 4);
  g_assert_cmpfloat (stats.finite_mean, ==, 1.25);

  weft_test_rm_rf (path);
}

/* What sniffs as what: a numeric table is an array, the CPC header is a
 * comparison, a ragged or worded table is neither. */
static void
test_sniffing (void)
{
  const struct {
    const char *contents;
    const char *format;   /* NULL: not recognised */
  } cases[] = {
    { "1,2\n3,4\n", "mda" },
    { "1.5e3, -2, \"\"\r\n NaN,inf,-inf\r\n", "mda" },
    { "7\n8\n9\n", "mda" },
    { "Value, Processes\n1,\"0-3\"\n", "cpc" },
    { "value,processes\n", "cpc" },
    { "1,2\n3\n", NULL },
    { "a,b\n1,2\n", NULL },
    { "42\n", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = weft_test_write_tmp ("sniff.csv", cases[i].contents, -1);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      const WeftFormat *format = weft_format_detect (file, NULL, &error);

      if (cases[i].format == NULL)
        {
          if (format != NULL && (g_str_equal (format->id, "mda") || g_str_equal (format->id, "cpc")))
            g_error ("“%s” sniffed as %s", cases[i].contents, format->id);
        }
      else
        {
          g_assert_no_error (error);
          g_assert_nonnull (format);
          g_assert_cmpstr (format->id, ==, cases[i].format);
        }
      weft_test_rm_rf (path);
    }

  /* Rows longer than the sniffer's look (an array of 1,000 columns, 8 KiB a
   * row) are still an array; a long first row with a word in the look is
   * not. */
  for (guint k = 0; k < 2; k++)
    {
      g_autoptr(GString) wide = g_string_new (NULL);
      g_autofree char *path = NULL;
      g_autoptr(GFile) file = NULL;
      g_autoptr(GError) error = NULL;
      const WeftFormat *format;

      for (guint r = 0; r < 3; r++)
        for (guint c = 0; c < 1000; c++)
          g_string_append_printf (wide, "%s%.3f%s", k == 1 && r == 0 && c == 300 ? "x" : "", r * 1000 + c + 0.125,
                                  c + 1 < 1000 ? "," : "\n");
      g_assert_cmpuint (strchr (wide->str, '\n') - wide->str, >, WEFT_SNIFF_HEAD_SIZE);
      path = weft_test_write_tmp ("wide.csv", wide->str, wide->len);
      file = g_file_new_for_path (path);
      format = weft_format_detect (file, NULL, &error);
      if (k == 0)
        {
          g_assert_no_error (error);
          g_assert_nonnull (format);
          g_assert_cmpstr (format->id, ==, "mda");
        }
      else
        g_assert_true (format == NULL || !g_str_equal (format->id, "mda"));
      weft_test_rm_rf (path);
    }
}

/* A later row that breaks the pattern (after the sniffed head) is an error
 * naming its line. */
static void
test_mda_csv_errors (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftDocument) document = NULL;

  for (guint i = 0; i < 2000; i++)
    g_string_append (text, "1,2,3\n");
  g_string_append (text, "4,five,6\n");
  path = weft_test_write_tmp ("late.csv", text->str, -1);

  document = load (path, &error);
  g_assert_null (document);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "2001"));

  weft_test_rm_rf (path);
}

static void
assert_same_matrix (WeftMatrix *a,
                    WeftMatrix *b)
{
  g_assert_cmpuint (weft_matrix_get_n_elements (a), ==, weft_matrix_get_n_elements (b));
  for (gsize i = 0; i < weft_matrix_get_n_elements (a); i++)
    {
      g_assert_cmpfloat (weft_matrix_get (a, i), ==, weft_matrix_get (b, i));
      g_assert_cmpint (weft_matrix_is_filtered (a, i), ==, weft_matrix_is_filtered (b, i));
    }
}

/* A Chapel comm matrix exported as MDA HDF5 and CSV reopens as an array
 * document holding that matrix. */
static void
test_reopen_chapel_exports (void)
{
  g_autofree char *demo = weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *h5 = g_build_filename (dir, "comm.h5", NULL);
  g_autofree char *csv = g_build_filename (dir, "comm.csv", NULL);
  g_autofree char *png = g_build_filename (dir, "array.png", NULL);
  g_autoptr(WeftDocument) chapel = load_ok (demo);
  g_autoptr(WeftMatrix) original = NULL;
  g_autoptr(WeftDocument) from_h5 = NULL;
  g_autoptr(WeftDocument) from_csv = NULL;
  const char *formats[] = { "mda-hdf5", "mda-csv" };
  const char *paths[] = { h5, csv };
  WeftDocument **reopened[] = { &from_h5, &from_csv };

  original = weft_dataset_dup_matrix (weft_document_get_dataset (chapel), "comm-matrix", NULL, NULL);
  g_assert_nonnull (original);

  for (guint i = 0; i < 2; i++)
    {
      WeftMatrix *matrix;

      export_ok (chapel, "comm-matrix", formats[i], paths[i]);
      *reopened[i] = load_ok (paths[i]);
      g_assert_cmpstr (family (*reopened[i]), ==, "mda");
      matrix = weft_mda_dataset_get_matrix (WEFT_MDA_DATASET (weft_document_get_dataset (*reopened[i])));
      assert_same_matrix (original, matrix);
    }
  g_assert_cmpstr (weft_mda_dataset_get_array_name (WEFT_MDA_DATASET (weft_document_get_dataset (from_h5))), ==, "data");

  /* The array view exports again, as data and as a picture. */
  export_ok (from_h5, "array", "png", png);
  g_assert_true (g_file_test (png, G_FILE_TEST_EXISTS));

  weft_test_rm_rf (dir);
}

/* An HDF5 file of another program: a group with two numeric datasets (the
 * second 3-D) and a string dataset. Every numeric one is listed; another can be
 * read; the string one is not offered. */
static char *
write_foreign_hdf5 (const char *dir)
{
  char *path = g_build_filename (dir, "foreign.h5", NULL);
  hsize_t dims2[2] = { 2, 3 }, dims3[3] = { 2, 2, 2 }, dims1[1] = { 1 };
  double a[6] = { 1, 2, 3, 4, 5, 6 };
  int b[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
  const char *words[1] = { "hello" };
  hid_t file, group, space, set, type;

  weft_hdf5_lock ();
  file = H5Fcreate (path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  group = H5Gcreate2 (file, "run", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);

  space = H5Screate_simple (2, dims2, NULL);
  set = H5Dcreate2 (group, "pressure", H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Dwrite (set, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, a);
  H5Dclose (set);
  H5Sclose (space);

  space = H5Screate_simple (3, dims3, NULL);
  set = H5Dcreate2 (group, "cells", H5T_STD_I32LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Dwrite (set, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, b);
  H5Dclose (set);
  H5Sclose (space);

  type = H5Tcopy (H5T_C_S1);
  H5Tset_size (type, H5T_VARIABLE);
  space = H5Screate_simple (1, dims1, NULL);
  set = H5Dcreate2 (file, "label", type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Dwrite (set, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, words);
  H5Dclose (set);
  H5Sclose (space);
  H5Tclose (type);

  H5Gclose (group);
  H5Fclose (file);
  weft_hdf5_unlock ();

  return path;
}

static void
test_mda_hdf5_datasets (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = write_foreign_hdf5 (dir);
  g_autoptr(WeftDocument) document = load_ok (path);
  WeftMdaDataset *mda = WEFT_MDA_DATASET (weft_document_get_dataset (document));
  const char *const *arrays = weft_mda_dataset_list_arrays (mda);
  g_autoptr(WeftMatrix) cells = NULL;
  g_autoptr(GError) error = NULL;
  WeftViewOptions options = { .metric = "run/cells" };
  g_autoptr(WeftMatrix) exported = NULL;

  g_assert_true (weft_mda_dataset_is_hdf5 (mda));
  g_assert_cmpuint (g_strv_length ((char **)arrays), ==, 2);
  g_assert_cmpstr (arrays[0], ==, "run/cells");
  g_assert_cmpstr (arrays[1], ==, "run/pressure");
  g_assert_cmpstr (weft_mda_dataset_get_array_name (mda), ==, "run/cells");
  g_assert_cmpuint (weft_matrix_get_n_dims (weft_mda_dataset_get_matrix (mda)), ==, 3);

  cells = weft_mda_dataset_read_array (mda, "run/pressure", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_matrix_get_n_dims (cells), ==, 2);
  g_assert_cmpfloat (weft_matrix_get_2d (cells, 1, 2), ==, 6);
  weft_mda_dataset_set_array (mda, "run/pressure", cells);
  g_assert_cmpstr (weft_mda_dataset_get_array_name (mda), ==, "run/pressure");

  /* --metric picks a dataset for export. */
  exported = weft_dataset_dup_matrix (WEFT_DATASET (mda), "array", &options, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (weft_matrix_get (exported, 7), ==, 7);

  g_assert_null (weft_mda_dataset_read_array (mda, "label", &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT);

  weft_test_rm_rf (dir);
}

/* Malformed input names the place: a non-HDF5 file named .h5, an HDF5 file
 * holding only strings. */
static void
test_mda_bad_files (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *fake = g_build_filename (dir, "fake.h5", NULL);
  g_autofree char *strings = g_build_filename (dir, "strings.h5", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftDocument) document = NULL;
  const char *words[1] = { "x" };
  hsize_t dims[1] = { 1 };
  hid_t file, space, set, type;

  g_file_set_contents (fake, "this is not \x01\x02 HDF5", -1, &error);
  g_assert_no_error (error);
  document = load (fake, &error);
  g_assert_null (document);
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_UNKNOWN_FORMAT);
  g_assert_nonnull (strstr (error->message, "fake.h5"));
  g_clear_error (&error);

  weft_hdf5_lock ();
  file = H5Fcreate (strings, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  type = H5Tcopy (H5T_C_S1);
  H5Tset_size (type, H5T_VARIABLE);
  space = H5Screate_simple (1, dims, NULL);
  set = H5Dcreate2 (file, "names", type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Dwrite (set, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, words);
  H5Dclose (set);
  H5Sclose (space);
  H5Tclose (type);
  H5Fclose (file);
  weft_hdf5_unlock ();

  document = load (strings, &error);
  g_assert_null (document);
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_EMPTY);
  g_assert_nonnull (strstr (error->message, "strings.h5"));
  g_assert_nonnull (strstr (error->message, "no dataset of numbers"));

  weft_test_rm_rf (dir);
}

/* CPC: the table as read, its figures, and the values written back byte for
 * byte from canonical input. */
static void
test_cpc (void)
{
  static const char canonical[] = "Value,Processes\n-1,8\n0.1,6\n2,\"0-1,3,7,9\"\nnan,4\n";
  g_autofree char *path = weft_test_write_tmp ("cpc.csv", canonical, -1);
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *again = g_build_filename (dir, "again.csv", NULL);
  g_autofree char *bars = g_build_filename (dir, "bars.svg", NULL);
  g_autoptr(WeftDocument) document = load_ok (path);
  WeftCpcDataset *cpc = WEFT_CPC_DATASET (weft_document_get_dataset (document));
  WeftCpcTable *table = weft_cpc_dataset_get_table (cpc);
  g_autofree char *all = weft_int_set_to_string (weft_cpc_dataset_get_processes (cpc));
  g_autofree char *written = NULL;

  g_assert_cmpstr (family (document), ==, "cpc");
  g_assert_cmpuint (weft_cpc_table_get_n_rows (table), ==, 4);
  g_assert_cmpstr (weft_cpc_table_get_value (table, 2), ==, "2");
  g_assert_cmpuint (weft_int_set_get_count (weft_cpc_table_get_processes (table, 2)), ==, 5);
  g_assert_cmpstr (all, ==, "0-1,3-4,6-9");

  export_ok (document, "values", "cpc-csv", again);
  g_file_get_contents (again, &written, NULL, NULL);
  g_assert_cmpstr (written, ==, canonical);
  export_ok (document, "values", "svg", bars);

  weft_test_rm_rf (dir);
  weft_test_rm_rf (path);
}

/* Free-form values that are not numbers load and show, but have no table of
 * numbers to export: a clear error naming the line. */
static void
test_cpc_words (void)
{
  g_autofree char *path = weft_test_write_tmp ("words.csv", "Value, Processes\nred,\"0-3\"\nblue,4\n", -1);
  g_autofree char *out = g_build_filename (g_get_tmp_dir (), "weft-words-out.csv", NULL);
  g_autoptr(WeftDocument) document = load_ok (path);
  WeftExportRequest request = { .view = "values", .format = "cpc-csv", .path = out };
  g_autoptr(GError) error = NULL;

  weft_test_rm_rf (out);
  g_assert_cmpuint (weft_dataset_get_n_rows (weft_document_get_dataset (document)), ==, 2);
  g_assert_false (weft_exporter_export (weft_document_get_dataset (document), &request, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, ":2:"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));

  weft_test_rm_rf (path);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  weft_formats_init ();

  g_test_add_func ("/ddt/mda/csv", test_mda_csv);
  g_test_add_func ("/ddt/mda/csv-errors", test_mda_csv_errors);
  g_test_add_func ("/ddt/mda/hdf5-datasets", test_mda_hdf5_datasets);
  g_test_add_func ("/ddt/mda/bad-files", test_mda_bad_files);
  g_test_add_func ("/ddt/mda/reopen-chapel-exports", test_reopen_chapel_exports);
  g_test_add_func ("/ddt/cpc/round-trip", test_cpc);
  g_test_add_func ("/ddt/cpc/words", test_cpc_words);
  g_test_add_func ("/ddt/sniffing", test_sniffing);

  return g_test_run ();
}

/* test-module.c: modules are opened when first needed, and only then.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-error.h"
#include "weft-mda.h"
#include "weft-module.h"
#include "weft-psv.h"
#include "weft-test-util.h"

static gboolean
is_mapped (const char *library)
{
  g_autofree char *maps = NULL;

  g_assert_true (g_file_get_contents ("/proc/self/maps", &maps, NULL, NULL));
  return strstr (maps, library) != NULL;
}

/* The same for libxml2, with a PSV XML document read; writing one needs no
 * libxml2. */
static void
test_xml_opened_when_needed (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  g_autoptr(WeftCallTree) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  WeftCallFrame frame = { .function = "main", .file = "hang.c", .module = "", .line = 40 };
  WeftCallNode main_frame;

  main_frame = weft_call_tree_add_child (tree, WEFT_CALL_TREE_ROOT, &frame);
  weft_call_tree_set_counts (tree, main_frame, 16, 16);

  g_assert_false (is_mapped ("libxml2"));
  text = weft_psv_xml_to_string (tree, &error);
  g_assert_no_error (error);
  g_assert_false (is_mapped ("libxml2"));

  again = weft_psv_xml_parse (text, strlen (text), "t.xml", NULL, &error);
  g_assert_no_error (error);
  g_assert_true (is_mapped ("libxml2"));
  main_frame = weft_call_tree_get_first_child (again, WEFT_CALL_TREE_ROOT);
  g_assert_cmpstr (weft_call_tree_get_frame (again, main_frame)->function, ==, "main");
  g_assert_cmpuint (weft_call_tree_get_process_count (again, main_frame), ==, 16);
}

/* A program holding the HDF5 reader starts without libhdf5, and has it once
 * it writes and reads an HDF5 file, through the module. */
static void
test_hdf5_opened_when_needed (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "m.h5", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftMatrix) matrix = weft_matrix_new_2d (2, 3);
  g_autoptr(WeftMatrix) again = NULL;
  double *data = weft_matrix_get_data (matrix);

  for (guint i = 0; i < 6; i++)
    data[i] = i * 1.5;

  g_assert_false (is_mapped ("libhdf5"));
  g_assert_true (weft_mda_hdf5_write (matrix, path, &error));
  g_assert_no_error (error);
  g_assert_true (is_mapped ("libhdf5"));

  again = weft_mda_hdf5_read (path, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_matrix_get_n_elements (again), ==, 6);
  for (guint i = 0; i < 6; i++)
    g_assert_cmpfloat (weft_matrix_peek_data (again)[i], ==, i * 1.5);

  weft_test_rm_rf (dir);
}

/* A module that is not there, or lacks the symbol: an error that names it,
 * the same each time. */
static void
test_missing (void)
{
  for (guint attempt = 0; attempt < 2; attempt++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_null (weft_module_get_table ("no-such", "weft_no_such_table", &error));
      g_assert_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED);
      g_assert_nonnull (strstr (error->message, "weft-no-such.so"));
    }
}

static void
test_missing_symbol (void)
{
  g_autoptr(GError) error = NULL;
  const guint *table = weft_module_get_table ("hdf5", "weft_hdf5_module_table", &error);

  g_assert_no_error (error);
  g_assert_cmpuint (*table, ==, WEFT_MODULE_ABI);
  g_assert_null (weft_module_get_table ("hdf5", "weft_no_such_table", &error));
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "weft_no_such_table"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  /* First: nothing has opened the module yet. */
  g_test_add_func ("/core/module/xml-opened-when-needed", test_xml_opened_when_needed);
  g_test_add_func ("/core/module/hdf5-opened-when-needed", test_hdf5_opened_when_needed);
  g_test_add_func ("/core/module/missing", test_missing);
  g_test_add_func ("/core/module/missing-symbol", test_missing_symbol);

  return g_test_run ();
}

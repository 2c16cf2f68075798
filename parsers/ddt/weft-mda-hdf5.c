/* weft-mda-hdf5.c: MDA HDF5, DDT's sparse N-dimensional array export.
 *
 * The file weft_mda_hdf5_write() makes (built in memory with HDF5's core
 * driver, then written through WeftAtomicFile):
 *   - superblock and object formats of the earliest library that can hold them
 *     (libver bounds EARLIEST…V18), i.e. HDF5 1.8's "File Format Specification
 *     Version 2.0" that DDT names;
 *   - one dataset, "/data", of rank = the matrix's dimensions and its shape,
 *     row-major as the matrix, file type IEEE F64LE, written from
 *     H5T_NATIVE_DOUBLE;
 *   - chunked storage (chunks of at most 4096 cells, as close to square as the
 *     shape allows) with a fill value, allocated incrementally: a chunk that
 *     holds only filtered cells is never written, so it takes no space in the
 *     file (DDT: "filtered values are not included in the file");
 *   - the fill value is a NaN with the reserved bit pattern
 *     WEFT_MDA_HDF5_FILTERED_BITS, so every filtered cell, in a missing chunk or
 *     in a written one, reads back as that exact pattern. A NaN *value* is
 *     written as the ordinary quiet NaN, so NaN and filtered stay distinct;
 *   - attributes on the dataset (UTF-8, fixed-length, nul-terminated strings):
 *       weft:filtered    the sentence explaining the above;
 *       weft:dim_names   one string per dimension ("" when unnamed);
 *       weft:dim_starts  one 64-bit integer per dimension (index of the first
 *                        element, DDT metavariables need not start at 0);
 *       weft:title, weft:value_name   when set;
 *       weft:dim_labels_<d>   per-index labels of dimension d, when set and
 *                        small enough for an attribute (at most 48 KiB; an
 *                        HDF5 1.8 object header message holds at most 64 KiB;
 *                        larger label sets are left out, the export goes on).
 *     A title or value name is cut to 16 KiB, a dimension name or label to
 *     4 KiB, at a character boundary, for the same reason.
 *
 * Reading takes the named dataset or the first integer or floating-point one
 * (depth-first in name order), of any rank up to WEFT_MATRIX_MAX_DIMS (a scalar
 * becomes one cell). Filtered cells: in a file with weft:filtered, cells whose
 * bits equal the fill value; in any other file, the cells of chunks that were
 * never written (H5Dget_chunk_info_by_coord, HDF5 1.10.5+), or every cell when
 * the dataset has no storage at all. Names, starts, labels, title and value
 * name come from the attributes when present (any string type); a dataset of
 * another program gets its name as the value name.
 *
 * This file and weft-hdf5.c are the HDF5 module (weft-hdf5-module.h): the
 * program opens it the first time it reads or writes HDF5.
 *
 * Every HDF5 call runs under weft_hdf5_lock(). Reading and listing first have
 * a child process read the file (weft-hdf5-probe.c): libhdf5 has bugs of its
 * own on damaged files that would crash or hang the app, or exhaust its memory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <gmodule.h>

#include "weft-atomic-file.h"
#include "weft-error.h"
#include "weft-hdf5.h"
#include "weft-hdf5-probe.h"
#include "weft-mda.h"
#include "weft-module.h"

#define CHUNK_TARGET_CELLS  4096
#define MAX_ATTR_BYTES      (48 * 1024)
#define MAX_NAME_BYTES      (4 * 1024)
/* Checking more chunks than this one by one would take longer than reading. */
#define MAX_CHUNKS_CHECKED  (G_GUINT64_CONSTANT (1) << 22)
/* More links than any array export holds, far fewer than a runaway walk. */
#define MAX_LINKS_VISITED   100000
/* Hard links to one object a walk may meet before it is a loop. */
#define MAX_LINKS_TO_ONE    64
/* The most read_locked() allocates itself, values and filtered mask: the probe
 * child's memory limit leaves room for it besides libhdf5's budget. */
#define READER_BYTES        (WEFT_MDA_MAX_CELLS * (sizeof (double) + 1))

#define FILTERED_SENTENCE \
  "Filtered cells are not stored: chunks holding only filtered cells are never written, " \
  "and every filtered cell reads back as the fill value, a NaN with the bit pattern " \
  "0x7ff800000000f17e. NaN values are stored as the ordinary NaN (0x7ff8000000000000)."

static double
bits_to_double (guint64 bits)
{
  double value;

  memcpy (&value, &bits, sizeof value);
  return value;
}

static guint64
double_to_bits (double value)
{
  guint64 bits;

  memcpy (&bits, &value, sizeof bits);
  return bits;
}

/* Steps the multi-index @index (its last digit fastest) through the box
 * [0, @extent) of @rank dimensions. Returns %FALSE, with @index back at all
 * zeros, after the last one. */
static gboolean
next_index (hsize_t       *index,
            const hsize_t *extent,
            guint          rank)
{
  for (guint d = rank; d > 0;)
    {
      d--;
      if (++index[d] < extent[d])
        return TRUE;
      index[d] = 0;
    }
  return FALSE;
}

/* The matrix cell (row-major) at @offset + @index. */
static gsize
box_cell (const gsize   *shape,
          guint          rank,
          const hsize_t *offset,
          const hsize_t *index)
{
  gsize cell = 0;

  for (guint d = 0; d < rank; d++)
    cell = cell * shape[d] + offset[d] + index[d];
  return cell;
}

/* --- Writing ---------------------------------------------------------------- */

/* Halves the longest side until a chunk holds at most CHUNK_TARGET_CELLS, so
 * that square regions of filtered cells fall into whole chunks. */
static void
choose_chunk (guint          rank,
              const hsize_t *dims,
              hsize_t       *chunk)
{
  for (;;)
    {
      guint64 cells = 1;
      guint longest = 0;

      for (guint d = 0; d < rank; d++)
        {
          cells *= chunk[d] = MIN (chunk[d], dims[d]);
          if (chunk[d] > chunk[longest])
            longest = d;
        }
      if (cells <= CHUNK_TARGET_CELLS)
        return;
      chunk[longest] = (chunk[longest] + 1) / 2;
    }
}

/* Cuts @text to at most @max bytes without splitting a UTF-8 character. */
static char *
fit_string (const char *text,
            gsize       max)
{
  const char *end;

  if (text == NULL)
    return g_strdup ("");
  if (!g_utf8_validate (text, -1, NULL))
    {
      g_autofree char *valid = g_utf8_make_valid (text, -1);

      return fit_string (valid, max);
    }
  if (strlen (text) <= max)
    return g_strdup (text);

  /* The character holding byte @max starts at or before it: cut there. */
  end = g_utf8_find_prev_char (text, text + max + 1);
  return g_strndup (text, end != NULL ? (gsize)(end - text) : 0);
}

static hid_t
create_string_type (gsize size)
{
  hid_t type = H5Tcopy (H5T_C_S1);

  if (type < 0)
    return type;
  if (H5Tset_size (type, size) < 0 || H5Tset_strpad (type, H5T_STR_NULLTERM) < 0 ||
      H5Tset_cset (type, H5T_CSET_UTF8) < 0)
    {
      H5Tclose (type);
      return H5I_INVALID_HID;
    }
  return type;
}

/* Writes @n strings as a scalar (n_dims 0) or 1-D attribute. */
static gboolean
write_strings (hid_t              object,
               const char        *name,
               const char *const *strings,
               gsize              n,
               gboolean           scalar)
{
  g_auto(WeftHdf5Id) type = H5I_INVALID_HID;
  g_auto(WeftHdf5Id) space = H5I_INVALID_HID;
  g_auto(WeftHdf5Id) attr = H5I_INVALID_HID;
  g_autofree char *buffer = NULL;
  gsize width = 1;
  hsize_t count = n;

  for (gsize i = 0; i < n; i++)
    width = MAX (width, strlen (strings[i]) + 1);

  buffer = g_malloc0 (n * width);
  for (gsize i = 0; i < n; i++)
    memcpy (buffer + i * width, strings[i], strlen (strings[i]));

  type = create_string_type (width);
  space = scalar ? H5Screate (H5S_SCALAR) : H5Screate_simple (1, &count, NULL);
  if (type < 0 || space < 0)
    return FALSE;
  attr = H5Acreate2 (object, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
  if (attr < 0)
    return FALSE;
  return H5Awrite (attr, type, buffer) >= 0;
}

static gboolean
write_string (hid_t       object,
              const char *name,
              const char *value)
{
  g_autofree char *fitted = fit_string (value, MAX_NAME_BYTES * 4);
  const char *strings[1] = { fitted };

  return write_strings (object, name, strings, 1, TRUE);
}

static gboolean
write_attributes (hid_t       dset,
                  WeftMatrix *matrix)
{
  guint rank = weft_matrix_get_n_dims (matrix);
  const gsize *shape = weft_matrix_get_shape (matrix);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  gint64 starts[WEFT_MATRIX_MAX_DIMS];
  g_auto(WeftHdf5Id) space = H5I_INVALID_HID;
  g_auto(WeftHdf5Id) attr = H5I_INVALID_HID;
  hsize_t count = rank;

  if (!write_string (dset, WEFT_MDA_HDF5_ATTR_FILTERED, FILTERED_SENTENCE))
    return FALSE;
  if (weft_matrix_get_title (matrix) != NULL &&
      !write_string (dset, WEFT_MDA_HDF5_ATTR_TITLE, weft_matrix_get_title (matrix)))
    return FALSE;
  if (weft_matrix_get_value_name (matrix) != NULL &&
      !write_string (dset, WEFT_MDA_HDF5_ATTR_VALUE_NAME, weft_matrix_get_value_name (matrix)))
    return FALSE;

  for (guint d = 0; d < rank; d++)
    {
      g_ptr_array_add (names, fit_string (weft_matrix_get_dim_name (matrix, d), MAX_NAME_BYTES));
      starts[d] = weft_matrix_get_dim_start (matrix, d);
    }
  if (!write_strings (dset, WEFT_MDA_HDF5_ATTR_DIM_NAMES, (const char *const *)names->pdata, rank, FALSE))
    return FALSE;

  space = H5Screate_simple (1, &count, NULL);
  if (space < 0)
    return FALSE;
  attr = H5Acreate2 (dset, WEFT_MDA_HDF5_ATTR_DIM_STARTS, H5T_STD_I64LE, space, H5P_DEFAULT, H5P_DEFAULT);
  if (attr < 0 || H5Awrite (attr, H5T_NATIVE_INT64, starts) < 0)
    return FALSE;

  for (guint d = 0; d < rank; d++)
    {
      g_autoptr(GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *attr_name = NULL;
      gboolean any = FALSE;
      gsize width = 1;

      for (gsize i = 0; i < shape[d]; i++)
        any |= weft_matrix_get_dim_label (matrix, d, i) != NULL;
      if (!any)
        continue;

      for (gsize i = 0; i < shape[d] && (gsize)width * labels->len <= MAX_ATTR_BYTES; i++)
        {
          char *label = fit_string (weft_matrix_get_dim_label (matrix, d, i), MAX_NAME_BYTES);

          width = MAX (width, strlen (label) + 1);
          g_ptr_array_add (labels, label);
        }
      /* Labels only decorate the indices; leaving out too many of them beats
       * failing the export. */
      if (labels->len < shape[d] || (gsize)width * labels->len > MAX_ATTR_BYTES)
        continue;

      attr_name = g_strdup_printf ("%s%u", WEFT_MDA_HDF5_ATTR_DIM_LABELS, d);
      if (!write_strings (dset, attr_name, (const char *const *)labels->pdata, labels->len, FALSE))
        return FALSE;
    }

  return TRUE;
}

/* Copies the cells of one chunk (origin @offset, size @extent) into @buffer,
 * filtered cells as the fill value. Returns how many cells are not filtered. */
static gsize
gather_chunk (WeftMatrix    *matrix,
              guint          rank,
              const hsize_t *offset,
              const hsize_t *extent,
              double        *buffer)
{
  const double *data = weft_matrix_peek_data (matrix);
  const gsize *shape = weft_matrix_get_shape (matrix);
  const double filtered_value = bits_to_double (WEFT_MDA_HDF5_FILTERED_BITS);
  const double plain_nan = bits_to_double (G_GUINT64_CONSTANT (0x7ff8000000000000));
  hsize_t index[WEFT_MATRIX_MAX_DIMS] = { 0 };
  gsize n_valid = 0;
  gsize out = 0;

  /* One run along the last dimension (contiguous in the matrix) for each
   * index of the leading ones. */
  do
    {
      gsize cell = box_cell (shape, rank, offset, index);

      for (hsize_t k = 0; k < extent[rank - 1]; k++, cell++)
        {
          double value = data[cell];

          if (weft_matrix_is_filtered (matrix, cell))
            value = filtered_value;
          else
            {
              n_valid++;
              if (double_to_bits (value) == WEFT_MDA_HDF5_FILTERED_BITS)
                value = plain_nan;
            }
          buffer[out++] = value;
        }
    }
  while (next_index (index, extent, rank - 1));

  return n_valid;
}

static gboolean
write_cells (hid_t          dset,
             hid_t          file_space,
             WeftMatrix    *matrix,
             guint          rank,
             const hsize_t *dims,
             const hsize_t *chunk)
{
  g_autofree double *buffer = NULL;
  hsize_t chunk_index[WEFT_MATRIX_MAX_DIMS] = { 0 };
  hsize_t n_chunks[WEFT_MATRIX_MAX_DIMS];
  gsize chunk_cells = 1;

  for (guint d = 0; d < rank; d++)
    {
      n_chunks[d] = (dims[d] + chunk[d] - 1) / chunk[d];
      chunk_cells *= chunk[d];
    }
  buffer = g_new (double, chunk_cells);

  /* Whole chunks, aligned: HDF5 then writes each chunk once, without reading
   * it back. A chunk mixing filtered and other cells stores the fill value in
   * the filtered ones, exactly what writing only the others would leave
   * there; a chunk of filtered cells only is skipped and never allocated. */
  do
    {
      hsize_t offset[WEFT_MATRIX_MAX_DIMS];
      hsize_t extent[WEFT_MATRIX_MAX_DIMS];

      for (guint d = 0; d < rank; d++)
        {
          offset[d] = chunk_index[d] * chunk[d];
          extent[d] = MIN (chunk[d], dims[d] - offset[d]);
        }

      if (gather_chunk (matrix, rank, offset, extent, buffer) > 0)
        {
          g_auto(WeftHdf5Id) mem_space = H5Screate_simple (rank, extent, NULL);

          if (mem_space < 0 ||
              H5Sselect_hyperslab (file_space, H5S_SELECT_SET, offset, NULL, extent, NULL) < 0 ||
              H5Dwrite (dset, H5T_NATIVE_DOUBLE, mem_space, file_space, H5P_DEFAULT, buffer) < 0)
            return FALSE;
        }
    }
  while (next_index (chunk_index, n_chunks, rank));

  return TRUE;
}

/* Builds the whole file in memory (HDF5's core driver, no backing store) and
 * returns its bytes. HDF5 itself then never writes to disk: when libhdf5's own
 * writes fail (a full disk), the file can be neither flushed nor closed, and
 * libhdf5 crashes when it tries again at exit. Our stdio writes fail cleanly. */
static GBytes *
build_image_locked (WeftMatrix  *matrix,
                    const char  *path,
                    GError     **error)
{
  g_auto(WeftHdf5Id) fapl = H5I_INVALID_HID;
  g_auto(WeftHdf5Id) file = H5I_INVALID_HID;
  g_auto(WeftHdf5Id) space = H5I_INVALID_HID;
  g_auto(WeftHdf5Id) dcpl = H5I_INVALID_HID;
  g_auto(WeftHdf5Id) dset = H5I_INVALID_HID;
  g_autofree char *name = g_strdup_printf ("weft-mda-%p.h5", (void *)matrix);
  guint rank = weft_matrix_get_n_dims (matrix);
  const gsize *shape = weft_matrix_get_shape (matrix);
  const double fill = bits_to_double (WEFT_MDA_HDF5_FILTERED_BITS);
  gsize expected_size = weft_matrix_get_n_elements (matrix) * sizeof (double) + 64 * 1024;
  hsize_t dims[WEFT_MATRIX_MAX_DIMS];
  hsize_t chunk[WEFT_MATRIX_MAX_DIMS];
  gpointer image;
  ssize_t size;
  hid_t closing;

  for (guint d = 0; d < rank; d++)
    dims[d] = chunk[d] = shape[d];
  choose_chunk (rank, dims, chunk);

  fapl = H5Pcreate (H5P_FILE_ACCESS);
  if (fapl < 0 ||
      H5Pset_fapl_core (fapl, CLAMP (expected_size, 1024 * 1024, 256 * 1024 * 1024), FALSE) < 0 ||
      H5Pset_libver_bounds (fapl, H5F_LIBVER_EARLIEST, H5F_LIBVER_V18) < 0)
    goto fail;
  file = H5Fcreate (name, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
  if (file < 0)
    goto fail;

  space = H5Screate_simple (rank, dims, NULL);
  dcpl = H5Pcreate (H5P_DATASET_CREATE);
  if (space < 0 || dcpl < 0 ||
      H5Pset_chunk (dcpl, rank, chunk) < 0 ||
      H5Pset_fill_value (dcpl, H5T_NATIVE_DOUBLE, &fill) < 0 ||
      H5Pset_fill_time (dcpl, H5D_FILL_TIME_IFSET) < 0 ||
      H5Pset_alloc_time (dcpl, H5D_ALLOC_TIME_INCR) < 0)
    goto fail;

  dset = H5Dcreate2 (file, WEFT_MDA_HDF5_DATASET, H5T_IEEE_F64LE, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  if (dset < 0 || !write_attributes (dset, matrix) || !write_cells (dset, space, matrix, rank, dims, chunk))
    goto fail;

  closing = dset;
  dset = H5I_INVALID_HID;
  if (H5Dclose (closing) < 0 || H5Fflush (file, H5F_SCOPE_GLOBAL) < 0)
    goto fail;

  size = H5Fget_file_image (file, NULL, 0);
  if (size <= 0)
    goto fail;
  image = g_try_malloc (size);
  if (image == NULL)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_WRITE, _("Could not write %s: %s"),
                   path, g_strerror (ENOMEM));
      return NULL;
    }
  if (H5Fget_file_image (file, image, size) != size)
    {
      g_free (image);
      goto fail;
    }

  return g_bytes_new_take (image, size);

fail:
  weft_hdf5_set_error (error, WEFT_ERROR_WRITE, _("Could not write %s"), path);
  return NULL;
}

/**
 * write_matrix: weft_mda_hdf5_write() of weft-mda.h, in the module
 * @matrix: any matrix
 * @path: the destination, replaced atomically
 *
 * Writes @matrix as MDA HDF5; the layout is described at the top of
 * weft-mda-hdf5.c.
 *
 * Returns: %FALSE with @error set when the file could not be written; an
 *   existing file at @path is then left as it was.
 */
static gboolean
write_matrix (WeftMatrix  *matrix,
              const char  *path,
              GError     **error)
{
  g_autoptr(WeftAtomicFile) file = NULL;
  g_autoptr(GBytes) image = NULL;
  gconstpointer data;
  gsize size;

  g_return_val_if_fail (matrix != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  file = weft_atomic_file_open (path, error);
  if (file == NULL)
    return FALSE;

  weft_hdf5_lock ();
  image = build_image_locked (matrix, path, error);
  weft_hdf5_unlock ();
  if (image == NULL)
    return FALSE;

  data = g_bytes_get_data (image, &size);
  if (!weft_atomic_file_write (file, data, size, error))
    return FALSE;

  return weft_atomic_file_commit (file, error);
}

/* --- Reading ---------------------------------------------------------------- */

typedef struct
{
  GPtrArray *names;   /* every numeric dataset's path */
  gboolean   first;   /* stop at the first one */
  guint64    visited;
  GHashTable *seen;   /* object address → times reached */
  gboolean   runaway; /* stopped: too many links or too long a path */
} FindDatasets;

static gboolean
is_numeric_dataset (hid_t             group,
                    const char       *name,
                    const H5L_info_t *info)
{
  g_auto(WeftHdf5Id) object = H5I_INVALID_HID;
  g_auto(WeftHdf5Id) type = H5I_INVALID_HID;
  H5T_class_t type_class;

  /* Soft and external links could lead out of the file or round in circles. */
  if (info->type != H5L_TYPE_HARD)
    return FALSE;

  object = H5Oopen (group, name, H5P_DEFAULT);
  if (object < 0)
    {
      H5Eclear2 (H5E_DEFAULT);
      return FALSE;
    }
  if (H5Iget_type (object) != H5I_DATASET)
    return FALSE;

  type = H5Dget_type (object);
  type_class = type >= 0 ? H5Tget_class (type) : H5T_NO_CLASS;

  return type_class == H5T_INTEGER || type_class == H5T_FLOAT;
}

static herr_t
find_numeric_datasets (hid_t             group,
                       const char       *name,
                       const H5L_info_t *info,
                       void             *data)
{
  FindDatasets *find = data;

  /* libhdf5 1.10 follows a damaged group that holds itself
   * ("data/data/data/…") without end: stop the walk, which then fails, when
   * one object is reached over and over (a file may link an object from a
   * few places, not from dozens), or at a cap on links. */
  if (info->type == H5L_TYPE_HARD)
    {
      gpointer key = GSIZE_TO_POINTER ((gsize)info->u.address);
      guint times = GPOINTER_TO_UINT (g_hash_table_lookup (find->seen, key)) + 1;

      g_hash_table_insert (find->seen, key, GUINT_TO_POINTER (times));
      if (times > MAX_LINKS_TO_ONE)
        find->runaway = TRUE;
    }
  if (++find->visited > MAX_LINKS_VISITED || strlen (name) > MAX_NAME_BYTES)
    find->runaway = TRUE;
  if (find->runaway)
    return -1;
  if (!is_numeric_dataset (group, name, info))
    return 0;

  g_ptr_array_add (find->names, g_strdup (name));
  return find->first ? 1 : 0;
}

/* Lists the numeric datasets of @file (depth-first in name order), or only
 * the first one; NULL with @error set when the file cannot be walked. */
static GPtrArray *
list_numeric_datasets (hid_t        file,
                       const char  *path,
                       gboolean     first,
                       GError     **error)
{
  FindDatasets find = { g_ptr_array_new_with_free_func (g_free), first, 0, NULL, FALSE };
  herr_t status;

  find.seen = g_hash_table_new (NULL, NULL);
  status = H5Lvisit (file, H5_INDEX_NAME, H5_ITER_INC, find_numeric_datasets, &find);
  g_hash_table_unref (find.seen);
  if (status < 0)
    {
      g_ptr_array_unref (find.names);
      if (find.runaway)
        {
          H5Eclear2 (H5E_DEFAULT);
          g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE,
                       _("“%s” is damaged: its groups link to each other without end (or hold more than %u links)"),
                       path, (guint)MAX_LINKS_VISITED);
        }
      else
        weft_hdf5_set_error (error, WEFT_ERROR_PARSE, _("Could not read %s"), path);
      return NULL;
    }
  return find.names;
}

/* Reads a string or array-of-strings attribute of any string type. Returns
 * NULL (no error) when it is missing or not strings. */
static GStrv
read_strings (hid_t       object,
              const char *name,
              gsize       max_count)
{
  g_auto(WeftHdf5Id) attr = H5I_INVALID_HID;
  g_auto(WeftHdf5Id) type = H5I_INVALID_HID;
  g_auto(WeftHdf5Id) space = H5I_INVALID_HID;
  g_autoptr(GPtrArray) strings = NULL;
  hssize_t n;

  if (H5Aexists (object, name) <= 0)
    return NULL;
  attr = H5Aopen (object, name, H5P_DEFAULT);
  if (attr < 0)
    return NULL;
  type = H5Aget_type (attr);
  space = H5Aget_space (attr);
  if (type < 0 || space < 0 || H5Tget_class (type) != H5T_STRING)
    return NULL;
  n = H5Sget_simple_extent_npoints (space);
  if (n <= 0 || (guint64)n > max_count)
    return NULL;

  strings = g_ptr_array_new_with_free_func (g_free);
  if (H5Tis_variable_str (type) > 0)
    {
      g_autofree char **pointers = g_new0 (char *, n);
      g_auto(WeftHdf5Id) mem_type = H5Tcopy (H5T_C_S1);
      gboolean ok;

      if (mem_type < 0 || H5Tset_size (mem_type, H5T_VARIABLE) < 0 ||
          H5Tset_cset (mem_type, H5Tget_cset (type)) < 0)
        return NULL;
      ok = H5Aread (attr, mem_type, pointers) >= 0;
      for (hssize_t i = 0; ok && i < n; i++)
        g_ptr_array_add (strings, g_utf8_make_valid (pointers[i] != NULL ? pointers[i] : "", -1));
      if (ok)
        H5Dvlen_reclaim (mem_type, space, H5P_DEFAULT, pointers);
      if (!ok)
        return NULL;
    }
  else
    {
      size_t width = H5Tget_size (type);
      g_autofree char *buffer = NULL;

      if (width == 0 || width > MAX_ATTR_BYTES * 4 || (guint64)n * width > 64 * 1024 * 1024)
        return NULL;
      buffer = g_malloc0 ((gsize)n * width);
      if (H5Aread (attr, type, buffer) < 0)
        return NULL;
      for (hssize_t i = 0; i < n; i++)
        {
          const char *s = buffer + (gsize)i * width;
          gsize len = strnlen (s, width);

          /* Fortran-style space padding is not part of the text. */
          if (H5Tget_strpad (type) == H5T_STR_SPACEPAD)
            while (len > 0 && s[len - 1] == ' ')
              len--;
          g_ptr_array_add (strings, g_utf8_make_valid (s, len));
        }
    }

  g_ptr_array_add (strings, NULL);
  return (GStrv)g_ptr_array_free (g_steal_pointer (&strings), FALSE);
}

/* Reads an integer array attribute of exactly @count values. */
static gboolean
read_int64s (hid_t       object,
             const char *name,
             gint64     *values,
             gsize       count)
{
  g_auto(WeftHdf5Id) attr = H5I_INVALID_HID;
  g_auto(WeftHdf5Id) type = H5I_INVALID_HID;
  g_auto(WeftHdf5Id) space = H5I_INVALID_HID;

  if (H5Aexists (object, name) <= 0)
    return FALSE;
  attr = H5Aopen (object, name, H5P_DEFAULT);
  if (attr < 0)
    return FALSE;
  type = H5Aget_type (attr);
  space = H5Aget_space (attr);
  if (type < 0 || space < 0 || H5Tget_class (type) != H5T_INTEGER ||
      H5Sget_simple_extent_npoints (space) != (hssize_t)count)
    return FALSE;
  return H5Aread (attr, H5T_NATIVE_INT64, values) >= 0;
}

static void
warn (WeftLoadContext *context,
      const char      *path,
      const char      *format,
      ...) G_GNUC_PRINTF (3, 4);

static void
warn (WeftLoadContext *context,
      const char      *path,
      const char      *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (context == NULL)
    return;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  weft_load_context_warn (context, path, 0, "%s", message);
}

static void
read_attributes (hid_t            dset,
                 WeftMatrix      *matrix,
                 gboolean         ours,
                 guint            rank,
                 const char      *dataset_name,
                 const char      *path,
                 WeftLoadContext *context)
{
  const gsize *shape = weft_matrix_get_shape (matrix);
  g_auto(GStrv) title = read_strings (dset, WEFT_MDA_HDF5_ATTR_TITLE, 1);
  g_auto(GStrv) value_name = read_strings (dset, WEFT_MDA_HDF5_ATTR_VALUE_NAME, 1);
  g_auto(GStrv) names = read_strings (dset, WEFT_MDA_HDF5_ATTR_DIM_NAMES, WEFT_MATRIX_MAX_DIMS + 1);
  gint64 starts[WEFT_MATRIX_MAX_DIMS];

  if (title != NULL)
    weft_matrix_set_title (matrix, title[0]);
  /* Another program's dataset is best described by its name. */
  if (value_name != NULL)
    weft_matrix_set_value_name (matrix, value_name[0]);
  else if (!ours)
    weft_matrix_set_value_name (matrix, dataset_name);

  if (names != NULL && g_strv_length (names) == rank)
    {
      for (guint d = 0; d < rank; d++)
        if (names[d][0] != '\0')
          weft_matrix_set_dim_name (matrix, d, names[d]);
    }
  else if (names != NULL)
    warn (context, path, _("dataset %s: %s does not have one name per dimension; ignored"),
          dataset_name, WEFT_MDA_HDF5_ATTR_DIM_NAMES);

  if (rank > 0 && read_int64s (dset, WEFT_MDA_HDF5_ATTR_DIM_STARTS, starts, rank))
    {
      for (guint d = 0; d < rank; d++)
        weft_matrix_set_dim_start (matrix, d, starts[d]);
    }
  else if (H5Aexists (dset, WEFT_MDA_HDF5_ATTR_DIM_STARTS) > 0)
    warn (context, path, _("dataset %s: %s is not one integer per dimension; ignored"),
          dataset_name, WEFT_MDA_HDF5_ATTR_DIM_STARTS);

  for (guint d = 0; d < rank; d++)
    {
      g_autofree char *attr_name = g_strdup_printf ("%s%u", WEFT_MDA_HDF5_ATTR_DIM_LABELS, d);
      g_auto(GStrv) labels = read_strings (dset, attr_name, shape[d]);

      if (labels == NULL)
        continue;
      if (g_strv_length (labels) != shape[d])
        continue;
      for (gsize i = 0; i < shape[d]; i++)
        if (labels[i][0] != '\0')
          weft_matrix_set_dim_label (matrix, d, i, labels[i]);
    }

  H5Eclear2 (H5E_DEFAULT);
}

static void
filter_box (WeftMatrix    *matrix,
            guint          rank,
            const hsize_t *offset,
            const hsize_t *extent)
{
  const gsize *shape = weft_matrix_get_shape (matrix);
  hsize_t index[WEFT_MATRIX_MAX_DIMS] = { 0 };

  do
    {
      gsize cell = box_cell (shape, rank, offset, index);

      for (hsize_t k = 0; k < extent[rank - 1]; k++)
        weft_matrix_set_filtered (matrix, cell + k, TRUE);
    }
  while (next_index (index, extent, rank - 1));
}

/* A foreign file's sparseness: cells of chunks that were never written. */
static void
filter_unwritten_chunks (hid_t            dset,
                         hid_t            dcpl,
                         hid_t            space,
                         WeftMatrix      *matrix,
                         guint            rank,
                         const char      *dataset_name,
                         const char      *path,
                         WeftLoadContext *context)
{
  const gsize *shape = weft_matrix_get_shape (matrix);
  H5D_space_status_t status;
  hsize_t chunk[WEFT_MATRIX_MAX_DIMS];
  hsize_t n_chunks[WEFT_MATRIX_MAX_DIMS];
  hsize_t chunk_index[WEFT_MATRIX_MAX_DIMS] = { 0 };
  hsize_t n_allocated = 0;
  guint64 total = 1;

  if (H5Dget_space_status (dset, &status) < 0)
    return;
  if (status == H5D_SPACE_STATUS_NOT_ALLOCATED)
    {
      for (gsize i = 0; i < weft_matrix_get_n_elements (matrix); i++)
        weft_matrix_set_filtered (matrix, i, TRUE);
      return;
    }
  if (rank == 0 || H5Pget_layout (dcpl) != H5D_CHUNKED || H5Pget_chunk (dcpl, (int)rank, chunk) != (int)rank)
    return;

  for (guint d = 0; d < rank; d++)
    {
      if (chunk[d] == 0)
        return;
      n_chunks[d] = (shape[d] + chunk[d] - 1) / chunk[d];
      total *= n_chunks[d];
    }
  if (H5Dget_num_chunks (dset, space, &n_allocated) < 0 || n_allocated >= total)
    return;
  if (total > MAX_CHUNKS_CHECKED)
    {
      warn (context, path, _("dataset %s has too many chunks to find the unwritten ones; "
                             "no cell is shown as filtered"), dataset_name);
      return;
    }

  do
    {
      hsize_t offset[WEFT_MATRIX_MAX_DIMS];
      haddr_t address = HADDR_UNDEF;
      unsigned filter_mask = 0;
      hsize_t size = 0;

      for (guint d = 0; d < rank; d++)
        offset[d] = chunk_index[d] * chunk[d];
      if (H5Dget_chunk_info_by_coord (dset, offset, &filter_mask, &address, &size) < 0 ||
          address == HADDR_UNDEF)
        {
          hsize_t extent[WEFT_MATRIX_MAX_DIMS];

          for (guint d = 0; d < rank; d++)
            extent[d] = MIN (chunk[d], shape[d] - offset[d]);
          filter_box (matrix, rank, offset, extent);
        }
    }
  while (next_index (chunk_index, n_chunks, rank));
  H5Eclear2 (H5E_DEFAULT);
}

/* Whether the stored data of @dset is as large as its shape and element
 * size say (see read_locked()). */
static gboolean
check_storage (hid_t        dset,
               hid_t        dcpl,
               hid_t        space,
               hid_t        type,
               H5T_class_t  type_class,
               guint64      n_cells)
{
  size_t size = H5Tget_size (type);
  H5D_layout_t layout = H5Pget_layout (dcpl);

  if (type_class == H5T_INTEGER ? (size != 1 && size != 2 && size != 4 && size != 8)
                                : (size != 2 && size != 4 && size != 8))
    return FALSE;

  if (layout == H5D_COMPACT)
    return H5Dget_storage_size (dset) == n_cells * size;

  if (layout == H5D_CHUNKED && H5Pget_nfilters (dcpl) == 0)
    {
      hsize_t chunk[WEFT_MATRIX_MAX_DIMS];
      hsize_t n_chunks = 0;
      hsize_t offset[WEFT_MATRIX_MAX_DIMS];
      haddr_t address = HADDR_UNDEF;
      unsigned filter_mask = 0;
      hsize_t stored = 0;
      guint64 chunk_bytes = size;
      int rank = H5Pget_chunk (dcpl, WEFT_MATRIX_MAX_DIMS, chunk);

      if (rank < 1 || rank > WEFT_MATRIX_MAX_DIMS)
        return FALSE;
      for (int d = 0; d < rank; d++)
        {
          if (chunk[d] == 0 || chunk[d] > G_MAXUINT32)
            return FALSE;
          chunk_bytes *= chunk[d];
          if (chunk_bytes > G_MAXUINT32)
            return FALSE;
        }
      /* The first stored chunk stands for all: they share the layout. */
      if (H5Dget_num_chunks (dset, space, &n_chunks) < 0)
        return FALSE;
      if (n_chunks > 0 &&
          (H5Dget_chunk_info (dset, space, 0, offset, &filter_mask, &address, &stored) < 0 || stored != chunk_bytes))
        return FALSE;
    }
  return TRUE;
}

static WeftMatrix *
read_locked (const char       *path,
             const char       *dataset,
             WeftLoadContext  *context,
             GError          **error)
{
  g_auto(WeftHdf5Id) file = H5I_INVALID_HID;
  g_auto(WeftHdf5Id) dset = H5I_INVALID_HID;
  g_auto(WeftHdf5Id) type = H5I_INVALID_HID;
  g_auto(WeftHdf5Id) space = H5I_INVALID_HID;
  g_auto(WeftHdf5Id) dcpl = H5I_INVALID_HID;
  g_autoptr(WeftMatrix) matrix = NULL;
  g_autofree char *name = NULL;
  hsize_t dims[WEFT_MATRIX_MAX_DIMS];
  gsize shape[WEFT_MATRIX_MAX_DIMS];
  guint64 n_cells = 1;
  H5T_class_t type_class;
  H5S_class_t space_class;
  gboolean ours;
  int rank;

  if (H5Fis_hdf5 (path) <= 0)
    {
      H5Eclear2 (H5E_DEFAULT);
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        g_set_error (error, WEFT_ERROR, WEFT_ERROR_FAILED, _("Could not read %s: %s"), path, g_strerror (ENOENT));
      else
        g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNKNOWN_FORMAT, _("%s is not an HDF5 file"), path);
      return NULL;
    }

  file = H5Fopen (path, H5F_ACC_RDONLY, H5P_DEFAULT);
  if (file < 0)
    {
      weft_hdf5_set_error (error, WEFT_ERROR_PARSE, _("Could not read %s"), path);
      return NULL;
    }

  if (dataset != NULL)
    name = g_strdup (dataset);
  else
    {
      g_autoptr(GPtrArray) names = list_numeric_datasets (file, path, TRUE, error);

      if (names == NULL)
        return NULL;
      if (names->len == 0)
        {
          g_set_error (error, WEFT_ERROR, WEFT_ERROR_EMPTY, _("%s holds no dataset of numbers"), path);
          return NULL;
        }
      name = g_strdup (g_ptr_array_index (names, 0));
    }

  dset = H5Dopen2 (file, name, H5P_DEFAULT);
  if (dset < 0)
    {
      weft_hdf5_set_error (error, WEFT_ERROR_PARSE, _("%s: no dataset “%s”"), path, name);
      return NULL;
    }

  type = H5Dget_type (dset);
  space = H5Dget_space (dset);
  dcpl = H5Dget_create_plist (dset);
  if (type < 0 || space < 0 || dcpl < 0)
    {
      weft_hdf5_set_error (error, WEFT_ERROR_PARSE, _("%s: dataset %s"), path, name);
      return NULL;
    }

  type_class = H5Tget_class (type);
  if (type_class != H5T_INTEGER && type_class != H5T_FLOAT)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED,
                   _("%s: dataset %s does not hold numbers (MDA exports hold integers or floating-point values)"),
                   path, name);
      return NULL;
    }

  space_class = H5Sget_simple_extent_type (space);
  if (space_class == H5S_SCALAR)
    {
      rank = 0;
      shape[0] = 1;
    }
  else if (space_class == H5S_SIMPLE)
    {
      rank = H5Sget_simple_extent_ndims (space);
      if (rank < 1 || rank > WEFT_MATRIX_MAX_DIMS)
        {
          g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED,
                       _("%s: dataset %s has %d dimensions; at most %d can be shown"),
                       path, name, rank, WEFT_MATRIX_MAX_DIMS);
          return NULL;
        }
      H5Sget_simple_extent_dims (space, dims, NULL);
      for (int d = 0; d < rank; d++)
        {
          if (dims[d] == 0)
            {
              g_set_error (error, WEFT_ERROR, WEFT_ERROR_EMPTY, _("%s: dataset %s is empty"), path, name);
              return NULL;
            }
          if (dims[d] > WEFT_MDA_MAX_CELLS || n_cells * dims[d] > WEFT_MDA_MAX_CELLS)
            {
              g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED,
                           _("%s: dataset %s is too large to show (more than %" PRIu64 " cells)"),
                           path, name, WEFT_MDA_MAX_CELLS);
              return NULL;
            }
          n_cells *= dims[d];
          shape[d] = dims[d];
        }
    }
  else
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_EMPTY, _("%s: dataset %s is empty"), path, name);
      return NULL;
    }

  matrix = weft_matrix_new (rank == 0 ? 1 : (guint)rank, shape);
  if (matrix == NULL)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED, _("%s: dataset %s is too large to load"), path, name);
      return NULL;
    }

  /* libhdf5 1.10 trusts sizes in the file that later versions check: an
   * element size other than the layout's, or compact data smaller than the
   * shape, is read past the end of its buffer (heap overflow). Refuse odd
   * element sizes, compact data of the wrong size, and unfiltered chunks
   * whose stored size is not the chunk's cells times the element size. */
  if (!check_storage (dset, dcpl, space, type, type_class, n_cells))
    {
      H5Eclear2 (H5E_DEFAULT);
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, _("%s: dataset %s is damaged (its data does not fill its shape)"),
                   path, name);
      return NULL;
    }

  if (H5Dread (dset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, weft_matrix_get_data (matrix)) < 0)
    {
      weft_hdf5_set_error (error, WEFT_ERROR_PARSE, _("%s: could not read dataset %s"), path, name);
      return NULL;
    }

  ours = H5Aexists (dset, WEFT_MDA_HDF5_ATTR_FILTERED) > 0;
  if (ours)
    {
      H5D_fill_value_t fill_status;
      double fill;

      /* Our own convention: filtered cells hold the fill value's exact bits. */
      if (H5Pfill_value_defined (dcpl, &fill_status) >= 0 && fill_status == H5D_FILL_VALUE_USER_DEFINED &&
          H5Pget_fill_value (dcpl, H5T_NATIVE_DOUBLE, &fill) >= 0)
        {
          const double *data = weft_matrix_peek_data (matrix);
          guint64 fill_bits = double_to_bits (fill);

          for (gsize i = 0; i < weft_matrix_get_n_elements (matrix); i++)
            if (double_to_bits (data[i]) == fill_bits)
              weft_matrix_set_filtered (matrix, i, TRUE);
        }
    }
  else
    filter_unwritten_chunks (dset, dcpl, space, matrix, (guint)rank, name, path, context);

  read_attributes (dset, matrix, ours, (guint)rank, name, path, context);
  H5Eclear2 (H5E_DEFAULT);

  return g_steal_pointer (&matrix);
}

/**
 * read_matrix: weft_mda_hdf5_read() of weft-mda.h, in the module
 * @dataset: (nullable): the dataset to read ("data", "group/array"); %NULL
 *   for the first dataset of numbers
 * @context: (nullable): receives warnings about attributes that are ignored;
 *   its cancellable stops the probe of the file
 *
 * Reads an MDA HDF5 file (or any HDF5 file's numeric dataset) into a matrix of
 * the dataset's rank; see the top of weft-mda-hdf5.c. A file libhdf5 cannot
 * read without crashing, hanging or exhausting memory is refused with a
 * WEFT_ERROR_PARSE (weft-hdf5-probe.c).
 *
 * Returns: (transfer full): the matrix, or %NULL with @error set.
 */
static WeftMatrix *
read_matrix (const char       *path,
             const char       *dataset,
             WeftLoadContext  *context,
             GError          **error)
{
  WeftMatrix *matrix;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!weft_hdf5_probe_file (path, READER_BYTES,
                             context != NULL ? weft_load_context_get_cancellable (context) : NULL, error))
    return NULL;

  weft_hdf5_lock ();
  matrix = read_locked (path, dataset, context, error);
  weft_hdf5_unlock ();

  return matrix;
}

static GStrv
list_datasets_locked (const char  *path,
                      GError     **error)
{
  g_auto(WeftHdf5Id) file = H5I_INVALID_HID;
  g_autoptr(GPtrArray) names = NULL;

  if (H5Fis_hdf5 (path) <= 0)
    {
      H5Eclear2 (H5E_DEFAULT);
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNKNOWN_FORMAT, _("%s is not an HDF5 file"), path);
      return NULL;
    }
  file = H5Fopen (path, H5F_ACC_RDONLY, H5P_DEFAULT);
  if (file < 0)
    {
      weft_hdf5_set_error (error, WEFT_ERROR_PARSE, _("Could not read %s"), path);
      return NULL;
    }
  names = list_numeric_datasets (file, path, FALSE, error);
  if (names == NULL)
    return NULL;
  g_ptr_array_add (names, NULL);

  return (GStrv)g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

/**
 * list_datasets: weft_mda_hdf5_list_datasets() of weft-mda.h, in the module
 * @cancellable: (nullable): stops the probe of the file
 *
 * Returns: (transfer full): the paths of every integer or floating-point
 *   dataset in @path, depth-first in name order (the first is the one
 *   weft_mda_hdf5_read() takes by default), or %NULL with @error set.
 */
static GStrv
list_datasets (const char    *path,
               GCancellable  *cancellable,
               GError       **error)
{
  GStrv names;

  g_return_val_if_fail (path != NULL, NULL);

  if (!weft_hdf5_probe_file (path, READER_BYTES, cancellable, error))
    return NULL;

  weft_hdf5_lock ();
  names = list_datasets_locked (path, error);
  weft_hdf5_unlock ();

  return names;
}

/* --- The probe child ---------------------------------------------------------- */

static gboolean allocation_failed;

/* Called by libhdf5 on every failing API call, before the reader clears the
 * error: an allocation it could not make for lack of memory. */
static herr_t
hdf5_error_cb (hid_t  stack,
               void  *data)
{
  if (errno == ENOMEM)
    allocation_failed = TRUE;
  return 0;
}

/* What a probe child does with the file (see weft-hdf5-probe.c): list the
 * numeric datasets and read every one, so that a dataset picked later is
 * covered too. The default pick (dataset NULL) walks a prefix of the same
 * listing. */
static gboolean
probe_every_dataset (const char *path)
{
  g_auto(GStrv) names = NULL;

  weft_hdf5_lock ();
  /* The lock silences libhdf5's printing once per thread; the callback
   * installed after it stays. */
  H5Eset_auto2 (H5E_DEFAULT, hdf5_error_cb, NULL);
  names = list_datasets_locked (path, NULL);
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      WeftMatrix *matrix = read_locked (path, names[i], NULL, NULL);

      if (matrix != NULL)
        weft_matrix_unref (matrix);
    }
  weft_hdf5_unlock ();

  return allocation_failed;
}

/* --- The module's table (weft-hdf5-module.h) ---------------------------------- */

G_MODULE_EXPORT gconstpointer weft_hdf5_module_table (void);

gconstpointer
weft_hdf5_module_table (void)
{
  static const WeftHdf5Module table = {
    .abi = WEFT_MODULE_ABI,
    .mda_write = write_matrix,
    .mda_read = read_matrix,
    .mda_list_datasets = list_datasets,
    .probe = probe_every_dataset,
    .lock = weft_hdf5_lock,
    .unlock = weft_hdf5_unlock,
  };

  return &table;
}

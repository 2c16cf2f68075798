/* weft-tree-csv.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-csv.h"
#include "weft-tree-csv.h"

static const char *const side_names[] = {
  [WEFT_COMPARE_SIDE_BOTH] = "both",
  [WEFT_COMPARE_SIDE_BASE_ONLY] = "base",
  [WEFT_COMPARE_SIDE_OTHER_ONLY] = "other",
};

/* Labels by frame id, made on first use: a frame recurs at many nodes. */
typedef struct
{
  GPtrArray *labels;
  /* Whether each label is valid UTF-8 without a character that makes a CSV
   * field need quotes: a path of such labels is written as it is, without a
   * pass over every byte of it at every row (a fifth of a 1.6 GB
   * comparison's writing). */
  gint8     *plain;
} Labels;

static void
labels_init (Labels       *self,
             WeftCallTree *tree)
{
  self->labels = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_set_size (self->labels, weft_call_tree_get_n_frames (tree));
  self->plain = g_new0 (gint8, MAX (weft_call_tree_get_n_frames (tree), 1));
}

static void
labels_clear (Labels *self)
{
  g_clear_pointer (&self->labels, g_ptr_array_unref);
  g_clear_pointer (&self->plain, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Labels, labels_clear)

static const char *
labels_get (Labels       *self,
            WeftCallTree *tree,
            WeftCallNode  n,
            guint32       frame)
{
  const char *label = g_ptr_array_index (self->labels, frame);

  if (label == NULL)
    {
      label = g_ptr_array_index (self->labels, frame) = weft_call_frame_to_label (weft_call_tree_get_frame (tree, n));
      self->plain[frame] = g_utf8_validate (label, -1, NULL) && strpbrk (label, ",\"\r\n") == NULL ? 1 : -1;
    }
  return label;
}

/* The bytes of the Path column, at least: every row holds its node's whole
 * path, so a chain D frames deep writes about D²/2 labels. */
static guint64
paths_size (WeftCallTree *tree,
            Labels       *labels,
            guint        *max_depth)
{
  g_autoptr(GArray) lengths = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint64 total = 0;

  *max_depth = 0;
  for (WeftCallNode n = weft_call_tree_next_preorder (tree, WEFT_CALL_TREE_ROOT);
       n != WEFT_CALL_NODE_NONE;
       n = weft_call_tree_next_preorder (tree, n))
    {
      guint depth = (guint)weft_call_tree_get_depth (tree, n);
      guint64 length = strlen (labels_get (labels, tree, n, weft_call_tree_get_frame_id (tree, n)));

      if (depth > 0)
        length += g_array_index (lengths, guint64, depth - 1) + 1;
      g_array_set_size (lengths, depth + 1);
      g_array_index (lengths, guint64, depth) = length;
      total += length + 1;
      *max_depth = MAX (*max_depth, depth + 1);
    }
  return total;
}

/* Writes @tree into @out, handing it to @file whenever it grows large (when
 * there is a file: the string form keeps it all). */
static gboolean
append_csv (WeftCallTree    *tree,
            Labels          *labels,
            GString         *out,
            WeftAtomicFile  *file,
            GError         **error)
{
  guint n_metrics = weft_call_tree_get_n_metrics (tree);
  gboolean counts = n_metrics == 0 && weft_call_tree_has_process_info (tree);
  gboolean comparison = weft_call_tree_is_comparison (tree);
  g_autoptr(GString) path = g_string_new (NULL);
  /* path_ends[d]: where the path of the latest node at depth d ends in
   * @path. Each row extends its parent's path by one label, where
   * weft_call_tree_dup_path() would make every label up to the root again. */
  g_autoptr(GArray) path_ends = g_array_new (FALSE, FALSE, sizeof (gsize));
  /* Whether the path down to each depth is made of plain labels. */
  g_autoptr(GArray) path_plain = g_array_new (FALSE, FALSE, sizeof (gboolean));

  g_string_append (out, "Path");
  for (guint m = 0; m < n_metrics; m++)
    {
      g_string_append_c (out, ',');
      weft_csv_append_field (out, weft_call_tree_get_metric_name (tree, m), -1);
    }
  if (counts)
    g_string_append (out, ",Processes,Threads");
  if (comparison)
    g_string_append (out, ",Side");
  g_string_append_c (out, '\n');

  for (WeftCallNode n = weft_call_tree_next_preorder (tree, WEFT_CALL_TREE_ROOT);
       n != WEFT_CALL_NODE_NONE;
       n = weft_call_tree_next_preorder (tree, n))
    {
      guint depth = (guint)weft_call_tree_get_depth (tree, n);
      guint32 frame = weft_call_tree_get_frame_id (tree, n);
      const char *label = labels_get (labels, tree, n, frame);
      gboolean plain;

      g_string_truncate (path, depth > 0 ? g_array_index (path_ends, gsize, depth - 1) : 0);
      if (depth > 0)
        g_string_append_c (path, ';');
      g_string_append (path, label);
      g_array_set_size (path_ends, depth + 1);
      g_array_index (path_ends, gsize, depth) = path->len;
      plain = labels->plain[frame] > 0 && (depth == 0 || g_array_index (path_plain, gboolean, depth - 1));
      g_array_set_size (path_plain, depth + 1);
      g_array_index (path_plain, gboolean, depth) = plain;

      if (plain)
        weft_csv_append_plain_field (out, path->str, path->len);
      else
        weft_csv_append_field (out, path->str, path->len);
      for (guint m = 0; m < n_metrics; m++)
        {
          g_string_append_c (out, ',');
          weft_csv_append_double (out, weft_call_tree_get_inclusive (tree, n, m));
        }
      if (counts)
        g_string_append_printf (out, ",%" PRIu64 ",%" PRIu64, weft_call_tree_get_process_count (tree, n),
                                weft_call_tree_get_thread_count (tree, n));
      if (comparison)
        {
          g_string_append_c (out, ',');
          g_string_append (out, side_names[weft_call_tree_get_compare_side (tree, n)]);
        }
      g_string_append_c (out, '\n');

      if (file != NULL && out->len >= WEFT_CSV_FLUSH_SIZE && !weft_csv_flush (out, file, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * weft_tree_csv_to_string:
 *
 * Returns: (transfer full): @tree as CSV (see weft-tree-csv.h).
 */
char *
weft_tree_csv_to_string (WeftCallTree *tree)
{
  g_auto(Labels) labels = { 0 };
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (tree != NULL, NULL);

  labels_init (&labels, tree);
  append_csv (tree, &labels, out, NULL, NULL);
  return g_string_free (out, FALSE);
}

/**
 * weft_tree_csv_write:
 * @metric: ignored: every metric has its column
 *
 * Writes @tree as CSV (see weft-tree-csv.h), atomically: @path is replaced,
 * or on failure left as it was. Matches WeftTreeWriterFunc.
 */
gboolean
weft_tree_csv_write (WeftCallTree  *tree,
                     int            metric,
                     const char    *path,
                     GError       **error)
{
  g_autoptr(WeftAtomicFile) file = NULL;
  g_autoptr(GString) buffer = NULL;
  g_auto(Labels) labels = { 0 };
  g_autofree char *why = NULL;
  guint64 size;
  guint depth;

  g_return_val_if_fail (tree != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  file = weft_atomic_file_open (path, error);
  if (file == NULL)
    return FALSE;
  labels_init (&labels, tree);
  size = paths_size (tree, &labels, &depth);
  why = g_strdup_printf (_("(each row holds its frame's whole path, and the tree is %u frames deep)"), depth);
  if (!weft_atomic_file_check_space (file, size, why, error))
    return FALSE;
  buffer = g_string_sized_new (WEFT_CSV_FLUSH_SIZE + 1024);
  return append_csv (tree, &labels, buffer, file, error) && weft_csv_commit (buffer, file, error);
}

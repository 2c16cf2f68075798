/* weft-chplvis-pictures.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "weft-chplvis-figures.h"
#include "weft-chplvis-pictures.h"
#include "weft-error.h"
#include "weft-ring-graph-renderer.h"
#include "weft-value-bars-renderer.h"

/**
 * weft_chplvis_graph_draw_picture:
 *
 * The "graph" picture of the exporter (a #WeftPictureFunc).
 */
gboolean
weft_chplvis_graph_draw_picture (WeftDataset           *dataset,
                                 const char            *view,
                                 const WeftViewOptions *options,
                                 const WeftRenderTheme *theme,
                                 cairo_t               *cr,
                                 double                 width,
                                 double                 height,
                                 GError               **error)
{
  g_autoptr(WeftRingGraphRenderer) renderer = NULL;
  g_autoptr(WeftMatrix) matrix = NULL;
  g_autoptr(WeftValueTable) values = NULL;
  WeftViewOptions node_options = { 0 };
  WeftChplvisLocaleColumn node_column;
  gboolean link_bytes;
  int column;

  g_return_val_if_fail (WEFT_IS_DATASET (dataset), FALSE);
  g_return_val_if_fail (cr != NULL, FALSE);

  if (!weft_chplvis_parse_graph_metric (options != NULL ? options->metric : NULL, &node_column, &link_bytes, error))
    return FALSE;

  matrix = weft_dataset_dup_matrix (dataset, "graph", options, error);
  if (matrix == NULL)
    return FALSE;

  /* The locales' figures for the same tag and range; their metric is the
   * column, not a filter. */
  if (options != NULL)
    node_options = *options;
  node_options.metric = NULL;
  values = weft_dataset_dup_values (dataset, "values", &node_options, error);
  if (values == NULL)
    return FALSE;
  column = weft_value_table_find_column (values, weft_chplvis_locale_column_name (node_column));
  if (column < 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("The locales of this document have no “%s” figure"),
                   weft_chplvis_locale_column_name (node_column));
      return FALSE;
    }

  renderer = weft_ring_graph_renderer_new ();
  if (theme != NULL)
    weft_ring_graph_renderer_set_theme (renderer, theme);
  weft_ring_graph_renderer_set_show_title (renderer, TRUE);
  weft_ring_graph_renderer_set_matrix (renderer, matrix);
  weft_ring_graph_renderer_set_node_values (renderer, values, (guint)column);
  weft_ring_graph_renderer_draw (renderer, cr, width, height);

  return TRUE;
}

/**
 * weft_chplvis_profile_draw_picture:
 *
 * The "profile" picture of the exporter (a #WeftPictureFunc).
 */
gboolean
weft_chplvis_profile_draw_picture (WeftDataset           *dataset,
                                   const char            *view,
                                   const WeftViewOptions *options,
                                   const WeftRenderTheme *theme,
                                   cairo_t               *cr,
                                   double                 width,
                                   double                 height,
                                   GError               **error)
{
  g_autoptr(WeftValueBarsRenderer) renderer = NULL;
  g_autoptr(WeftValueTable) values = NULL;
  g_autoptr(WeftValueTable) top = NULL;
  g_autofree char *title = NULL;
  const char *metric = options != NULL && options->metric != NULL ? options->metric : "clock";
  guint n_rows, n_top, n_columns;
  int column;

  g_return_val_if_fail (WEFT_IS_DATASET (dataset), FALSE);
  g_return_val_if_fail (cr != NULL, FALSE);

  /* The rows come largest first by @metric: the top ones are the first. */
  values = weft_dataset_dup_values (dataset, "profile", options, error);
  if (values == NULL)
    return FALSE;
  column = weft_value_table_find_column (values, metric);
  if (column < 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("The profile has no metric “%s”"), metric);
      return FALSE;
    }

  n_rows = weft_value_table_get_n_rows (values);
  n_columns = weft_value_table_get_n_columns (values);
  n_top = MIN (n_rows, WEFT_CHPLVIS_PROFILE_TOP);
  top = weft_value_table_new (n_top, n_columns);
  for (guint c = 0; c < n_columns; c++)
    weft_value_table_set_column (top, c, weft_value_table_get_column_name (values, c),
                                 weft_value_table_get_column_unit (values, c));
  for (guint r = 0; r < n_top; r++)
    {
      weft_value_table_set_row_name (top, r, weft_value_table_get_row_name (values, r));
      weft_value_table_set_row_id (top, r, weft_value_table_get_row_id (values, r));
      for (guint c = 0; c < n_columns; c++)
        weft_value_table_set (top, r, c, weft_value_table_get (values, r, c));
    }
  /* The renderer adds the column's name to the title. */
  if (n_top < n_rows)
    title = g_strdup_printf (_("%s, the top %u of %u functions"), weft_value_table_get_title (values), n_top, n_rows);
  else
    title = g_strdup (weft_value_table_get_title (values));
  weft_value_table_set_title (top, title);

  renderer = weft_value_bars_renderer_new ();
  if (theme != NULL)
    weft_value_bars_renderer_set_theme (renderer, theme);
  weft_value_bars_renderer_set_values (renderer, top, (guint)column);
  weft_value_bars_renderer_set_sort (renderer, WEFT_VALUE_BARS_SORT_DESCENDING);
  weft_value_bars_renderer_draw (renderer, cr, width, height);

  return TRUE;
}

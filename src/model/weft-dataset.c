/* weft-dataset.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "weft-dataset.h"
#include "weft-error.h"
#include "weft-format.h"

G_DEFINE_INTERFACE (WeftDataset, weft_dataset, G_TYPE_OBJECT)

static const char *const no_views[] = { NULL };

static const char *const *
weft_dataset_real_list_views (WeftDataset *self)
{
  return no_views;
}

static guint
weft_dataset_real_get_n_rows (WeftDataset *self)
{
  WeftEventTable *table = weft_dataset_get_event_table (self);

  return table != NULL ? weft_event_table_get_n_rows (table) : 0;
}

static gboolean
weft_dataset_real_get_time_range (WeftDataset *self,
                                  double      *begin_s,
                                  double      *end_s)
{
  WeftEventTable *table = weft_dataset_get_event_table (self);
  WeftTimeSpan span;
  gint64 origin;

  if (table == NULL || weft_event_table_get_time_unit (table) != WEFT_TIME_NANOSECONDS ||
      weft_event_table_get_n_events (table) == 0)
    return FALSE;

  span = weft_event_table_get_span (table);
  origin = weft_event_table_get_origin (table);
  *begin_s = (double)(origin + span.begin) / 1e9;
  *end_s = (double)(origin + span.end) / 1e9;

  return TRUE;
}

static void
weft_dataset_default_init (WeftDatasetInterface *iface)
{
  iface->list_views = weft_dataset_real_list_views;
  iface->get_n_rows = weft_dataset_real_get_n_rows;
  iface->get_time_range = weft_dataset_real_get_time_range;
}

const char *
weft_dataset_get_family (WeftDataset *self)
{
  g_return_val_if_fail (WEFT_IS_DATASET (self), NULL);

  return WEFT_DATASET_GET_IFACE (self)->get_family (self);
}

/**
 * weft_dataset_get_family_name:
 *
 * Returns: what the family is called in messages: its format's translated
 *   name ("Chapel VisualDebug trace"), or the family id when no format of
 *   that id is registered.
 */
const char *
weft_dataset_get_family_name (WeftDataset *self)
{
  const char *family;
  const WeftFormat *format;

  g_return_val_if_fail (WEFT_IS_DATASET (self), NULL);

  family = weft_dataset_get_family (self);
  format = weft_format_lookup (family);

  return format != NULL ? _(format->name) : family;
}

const char *
weft_dataset_get_format_version (WeftDataset *self)
{
  WeftDatasetInterface *iface;

  g_return_val_if_fail (WEFT_IS_DATASET (self), NULL);

  iface = WEFT_DATASET_GET_IFACE (self);
  return iface->get_format_version != NULL ? iface->get_format_version (self) : NULL;
}

/**
 * weft_dataset_dup_sources:
 *
 * Returns: (transfer full): the paths of the files that were read.
 */
GStrv
weft_dataset_dup_sources (WeftDataset *self)
{
  WeftDatasetInterface *iface;

  g_return_val_if_fail (WEFT_IS_DATASET (self), NULL);

  iface = WEFT_DATASET_GET_IFACE (self);
  if (iface->dup_sources == NULL)
    return g_new0 (char *, 1);

  return iface->dup_sources (self);
}

/**
 * weft_dataset_get_event_table:
 *
 * Returns: (transfer none) (nullable): the events for the timeline.
 */
WeftEventTable *
weft_dataset_get_event_table (WeftDataset *self)
{
  WeftDatasetInterface *iface;

  g_return_val_if_fail (WEFT_IS_DATASET (self), NULL);

  iface = WEFT_DATASET_GET_IFACE (self);
  return iface->get_event_table != NULL ? iface->get_event_table (self) : NULL;
}

/**
 * weft_dataset_get_time_range:
 * @begin_s: (out): start, in seconds of the trace's own clock
 * @end_s: (out): end
 *
 * Returns: %FALSE when the data has no time axis (profiles, arrays) or only a
 *   logical one.
 */
gboolean
weft_dataset_get_time_range (WeftDataset *self,
                             double      *begin_s,
                             double      *end_s)
{
  double b = 0, e = 0;
  gboolean ret;

  g_return_val_if_fail (WEFT_IS_DATASET (self), FALSE);

  ret = WEFT_DATASET_GET_IFACE (self)->get_time_range (self, &b, &e);
  if (begin_s != NULL)
    *begin_s = b;
  if (end_s != NULL)
    *end_s = e;

  return ret;
}

guint
weft_dataset_get_n_rows (WeftDataset *self)
{
  g_return_val_if_fail (WEFT_IS_DATASET (self), 0);

  return WEFT_DATASET_GET_IFACE (self)->get_n_rows (self);
}

const char *const *
weft_dataset_list_views (WeftDataset *self)
{
  g_return_val_if_fail (WEFT_IS_DATASET (self), no_views);

  return WEFT_DATASET_GET_IFACE (self)->list_views (self);
}

gboolean
weft_dataset_has_view (WeftDataset *self,
                       const char  *view)
{
  const char *const *views;

  g_return_val_if_fail (WEFT_IS_DATASET (self), FALSE);
  g_return_val_if_fail (view != NULL, FALSE);

  views = weft_dataset_list_views (self);
  return views != NULL && g_strv_contains (views, view);
}

/**
 * weft_dataset_add_json:
 * @builder: a builder inside an object
 *
 * Adds the family's member ("chplvis": {…}, "hpcrun": {…}) to the object being
 * built, with the figures DESIGN.md lists for weft-cli info --json.
 */
void
weft_dataset_add_json (WeftDataset *self,
                       JsonBuilder *builder)
{
  WeftDatasetInterface *iface;

  g_return_if_fail (WEFT_IS_DATASET (self));
  g_return_if_fail (JSON_IS_BUILDER (builder));

  iface = WEFT_DATASET_GET_IFACE (self);
  if (iface->add_json != NULL)
    iface->add_json (self, builder);
}

static gboolean
check_view (WeftDataset  *self,
            const char   *view,
            gpointer      vfunc,
            GError      **error)
{
  if (vfunc == NULL || !weft_dataset_has_view (self, view))
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("This %s has no “%s” view"),
                   weft_dataset_get_family_name (self), view);
      return FALSE;
    }

  return TRUE;
}

/**
 * weft_dataset_dup_matrix:
 *
 * Returns: (transfer full): the grid of @view for @options, or %NULL with
 *   @error set when the document has no such view or an option does not fit.
 */
WeftMatrix *
weft_dataset_dup_matrix (WeftDataset           *self,
                         const char            *view,
                         const WeftViewOptions *options,
                         GError               **error)
{
  WeftDatasetInterface *iface;
  static const WeftViewOptions defaults;

  g_return_val_if_fail (WEFT_IS_DATASET (self), NULL);
  g_return_val_if_fail (view != NULL, NULL);

  iface = WEFT_DATASET_GET_IFACE (self);
  if (!check_view (self, view, iface->dup_matrix, error))
    return NULL;

  return iface->dup_matrix (self, view, options ? options : &defaults, error);
}

/**
 * weft_dataset_dup_values:
 *
 * Returns: (transfer full): the per-row values of @view for @options, or %NULL
 *   with @error set.
 */
WeftValueTable *
weft_dataset_dup_values (WeftDataset           *self,
                         const char            *view,
                         const WeftViewOptions *options,
                         GError               **error)
{
  WeftDatasetInterface *iface;
  static const WeftViewOptions defaults;

  g_return_val_if_fail (WEFT_IS_DATASET (self), NULL);
  g_return_val_if_fail (view != NULL, NULL);

  iface = WEFT_DATASET_GET_IFACE (self);
  if (!check_view (self, view, iface->dup_values, error))
    return NULL;

  return iface->dup_values (self, view, options ? options : &defaults, error);
}

/**
 * weft_dataset_dup_call_tree:
 *
 * Returns: (transfer full): the call tree of @view ("stacks", "tree") for
 *   @options, or %NULL with @error set.
 */
WeftCallTree *
weft_dataset_dup_call_tree (WeftDataset           *self,
                            const char            *view,
                            const WeftViewOptions *options,
                            GError               **error)
{
  WeftDatasetInterface *iface;
  static const WeftViewOptions defaults;

  g_return_val_if_fail (WEFT_IS_DATASET (self), NULL);
  g_return_val_if_fail (view != NULL, NULL);

  iface = WEFT_DATASET_GET_IFACE (self);
  if (!check_view (self, view, iface->dup_call_tree, error))
    return NULL;

  return iface->dup_call_tree (self, view, options ? options : &defaults, error);
}

/**
 * weft_dataset_dup_choices:
 * @option: "tag" or "kind" (a #WeftViewOptions field)
 *
 * Returns: (transfer full) (nullable): the values @option can take, in the
 *   order a picker lists them; %NULL when the dataset does not say.
 */
GStrv
weft_dataset_dup_choices (WeftDataset *self,
                          const char  *option)
{
  WeftDatasetInterface *iface;

  g_return_val_if_fail (WEFT_IS_DATASET (self), NULL);
  g_return_val_if_fail (option != NULL, NULL);

  iface = WEFT_DATASET_GET_IFACE (self);
  return iface->dup_choices != NULL ? iface->dup_choices (self, option) : NULL;
}

/**
 * weft_dataset_add_common_json:
 * @builder: a builder inside an object
 *
 * Adds what every dataset has: "sources" (its files), "time_range" (seconds,
 * or null without a time axis) and "rows", as `weft-cli info --json` gives
 * them for a run and for each side of a comparison.
 */
void
weft_dataset_add_common_json (WeftDataset *self,
                              JsonBuilder *builder)
{
  g_auto(GStrv) sources = NULL;
  double begin_s, end_s;

  g_return_if_fail (WEFT_IS_DATASET (self));
  g_return_if_fail (JSON_IS_BUILDER (builder));

  sources = weft_dataset_dup_sources (self);
  json_builder_set_member_name (builder, "sources");
  json_builder_begin_array (builder);
  for (guint i = 0; sources != NULL && sources[i] != NULL; i++)
    {
      /* JSON is UTF-8: names that are not are shown as a file manager would. */
      g_autofree char *display = g_filename_display_name (sources[i]);

      json_builder_add_string_value (builder, display);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "time_range");
  if (weft_dataset_get_time_range (self, &begin_s, &end_s))
    {
      json_builder_begin_array (builder);
      json_builder_add_double_value (builder, begin_s);
      json_builder_add_double_value (builder, end_s);
      json_builder_end_array (builder);
    }
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "rows");
  json_builder_add_int_value (builder, weft_dataset_get_n_rows (self));
}

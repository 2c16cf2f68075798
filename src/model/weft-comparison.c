/* weft-comparison.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-background.h"
#include "weft-call-tree-compare.h"
#include "weft-comparison.h"
#include "weft-error.h"

struct _WeftComparison
{
  GObject          parent_instance;

  WeftDataset     *base;
  WeftDataset     *other;
  WeftCompareMode  mode;
  char           **views;   /* those both sides have */
  /* Where each run's time counts from, in its event table's units, when
   * aligned at a tag or event; else each run's start. */
  gboolean         aligned;
  gint64           anchors[2];
};

static void weft_comparison_dataset_iface_init (WeftDatasetInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftComparison, weft_comparison, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_DATASET, weft_comparison_dataset_iface_init))

static void
weft_comparison_finalize (GObject *object)
{
  WeftComparison *self = WEFT_COMPARISON (object);

  /* A comparison may outlive both documents (its page, a worker's copy):
   * then it holds the runs' last references, too big to free here. */
  weft_background_unref (g_steal_pointer (&self->base));
  weft_background_unref (g_steal_pointer (&self->other));
  g_strfreev (self->views);

  G_OBJECT_CLASS (weft_comparison_parent_class)->finalize (object);
}

static void
weft_comparison_class_init (WeftComparisonClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = weft_comparison_finalize;
}

static void
weft_comparison_init (WeftComparison *self)
{
}

/**
 * weft_comparison_new:
 * @base: the run compared against
 * @other: the run looked at, of the same family
 * @mode: how figures combine (difference or ratio)
 *
 * Returns: (transfer full): the comparison, or %NULL with @error set when the
 *   two runs are of different families (a Chapel trace against an HPCToolkit
 *   measurement has nothing to match).
 */
WeftComparison *
weft_comparison_new (WeftDataset      *base,
                     WeftDataset      *other,
                     WeftCompareMode   mode,
                     GError          **error)
{
  g_autoptr(GStrvBuilder) views = g_strv_builder_new ();
  const char *const *base_views;
  WeftComparison *self;

  g_return_val_if_fail (WEFT_IS_DATASET (base), NULL);
  g_return_val_if_fail (WEFT_IS_DATASET (other), NULL);

  if (g_strcmp0 (weft_dataset_get_family (base), weft_dataset_get_family (other)) != 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("Cannot compare runs of different kinds (base: %s; other: %s)"),
                   weft_dataset_get_family_name (base), weft_dataset_get_family_name (other));
      return NULL;
    }

  /* The views both runs have; the timeline is shown side by side, not
   * combined, so it is not a view of the comparison itself. */
  base_views = weft_dataset_list_views (base);
  for (guint i = 0; base_views != NULL && base_views[i] != NULL; i++)
    if (!g_str_equal (base_views[i], "timeline") && weft_dataset_has_view (other, base_views[i]))
      g_strv_builder_add (views, base_views[i]);

  self = g_object_new (WEFT_TYPE_COMPARISON, NULL);
  self->base = g_object_ref (base);
  self->other = g_object_ref (other);
  self->mode = mode;
  self->views = g_strv_builder_end (views);

  return self;
}

/**
 * weft_comparison_copy:
 *
 * Returns: (transfer full): a comparison of the same two runs with the same
 *   mode and alignment, for a worker thread to compute with while the page
 *   goes on changing the original's
 */
WeftComparison *
weft_comparison_copy (WeftComparison *self)
{
  WeftComparison *copy;

  g_return_val_if_fail (WEFT_IS_COMPARISON (self), NULL);

  copy = g_object_new (WEFT_TYPE_COMPARISON, NULL);
  copy->base = g_object_ref (self->base);
  copy->other = g_object_ref (self->other);
  copy->mode = self->mode;
  copy->views = g_strdupv (self->views);
  copy->aligned = self->aligned;
  copy->anchors[0] = self->anchors[0];
  copy->anchors[1] = self->anchors[1];

  return copy;
}

WeftDataset *
weft_comparison_get_base (WeftComparison *self)
{
  g_return_val_if_fail (WEFT_IS_COMPARISON (self), NULL);

  return self->base;
}

WeftDataset *
weft_comparison_get_other (WeftComparison *self)
{
  g_return_val_if_fail (WEFT_IS_COMPARISON (self), NULL);

  return self->other;
}

WeftCompareMode
weft_comparison_get_mode (WeftComparison *self)
{
  g_return_val_if_fail (WEFT_IS_COMPARISON (self), WEFT_COMPARE_DIFFERENCE);

  return self->mode;
}

void
weft_comparison_set_mode (WeftComparison  *self,
                          WeftCompareMode  mode)
{
  g_return_if_fail (WEFT_IS_COMPARISON (self));

  self->mode = mode;
}

/**
 * weft_comparison_set_anchors:
 * @aligned: %FALSE: each run's time counts from its start again
 * @base_anchor: the instant of the base run (its event table's units) that
 *   corresponds to…
 * @other_anchor: …this instant of the other run
 *
 * Aligns the runs at a tag or event both have: time ranges in the options
 * then count from these instants.
 */
void
weft_comparison_set_anchors (WeftComparison *self,
                             gboolean        aligned,
                             gint64          base_anchor,
                             gint64          other_anchor)
{
  g_return_if_fail (WEFT_IS_COMPARISON (self));

  self->aligned = aligned;
  self->anchors[0] = base_anchor;
  self->anchors[1] = other_anchor;
}

/**
 * weft_comparison_get_anchor:
 * @other: which run
 *
 * Returns: where that run's time counts from: its anchor when aligned, else
 *   its start (0 when it has no time axis)
 */
gint64
weft_comparison_get_anchor (WeftComparison *self,
                            gboolean        other)
{
  WeftEventTable *table;

  g_return_val_if_fail (WEFT_IS_COMPARISON (self), 0);

  if (self->aligned)
    return self->anchors[other ? 1 : 0];
  table = weft_dataset_get_event_table (other ? self->other : self->base);
  return table != NULL ? weft_event_table_get_span (table).begin : 0;
}

/* The earliest time of each instant's label (a tag, a mark) in @table. */
static GHashTable *
first_instants (WeftEventTable *table)
{
  GHashTable *first = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);

  for (guint row = 0; table != NULL && row < weft_event_table_get_n_rows (table); row++)
    {
      WeftInstantSlice slice;

      weft_event_table_get_instants (table, row, &slice);
      for (gsize i = 0; i < slice.n; i++)
        {
          const char *label = weft_event_table_lookup_string (table, slice.label[i]);
          gint64 *time;

          if (label == NULL || label[0] == '\0')
            continue;
          time = g_hash_table_lookup (first, label);
          if (time == NULL)
            g_hash_table_insert (first, (gpointer)label, g_memdup2 (&slice.time[i], sizeof (gint64)));
          else if (slice.time[i] < *time)
            *time = slice.time[i];
        }
    }
  return first;
}

typedef struct
{
  const char *label;
  gint64      time;
} Alignment;

static int
compare_alignments (gconstpointer a,
                    gconstpointer b)
{
  const Alignment *x = a, *y = b;

  return x->time < y->time ? -1 : x->time > y->time;
}

/**
 * weft_comparison_dup_alignments:
 *
 * Returns: (transfer full): the labels of instants both runs have (tags,
 *   marks), in the order of their first occurrence in the base run, at most
 *   500 of them: what the runs can be aligned at
 */
GStrv
weft_comparison_dup_alignments (WeftComparison *self)
{
  g_autoptr(GHashTable) base = NULL;
  g_autoptr(GHashTable) other = NULL;
  g_autoptr(GArray) common = g_array_new (FALSE, FALSE, sizeof (Alignment));
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (WEFT_IS_COMPARISON (self), NULL);

  base = first_instants (weft_dataset_get_event_table (self->base));
  other = first_instants (weft_dataset_get_event_table (self->other));
  g_hash_table_iter_init (&iter, base);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_hash_table_contains (other, key))
      {
        Alignment alignment = { key, *(gint64 *)value };

        g_array_append_val (common, alignment);
      }
  g_array_sort (common, compare_alignments);
  for (guint i = 0; i < MIN (common->len, 500); i++)
    g_strv_builder_add (builder, g_array_index (common, Alignment, i).label);
  return g_strv_builder_end (builder);
}

/**
 * weft_comparison_align_at:
 * @label: (nullable): the label of an instant both runs have (a tag), or
 *   %NULL for each run's start
 *
 * Aligns the runs at the first occurrence of @label in each.
 *
 * Returns: %FALSE with @error set when a run has no such instant
 */
gboolean
weft_comparison_align_at (WeftComparison  *self,
                          const char      *label,
                          GError         **error)
{
  g_autoptr(GHashTable) base = NULL;
  g_autoptr(GHashTable) other = NULL;
  gint64 *base_time, *other_time;

  g_return_val_if_fail (WEFT_IS_COMPARISON (self), FALSE);

  if (label == NULL)
    {
      weft_comparison_set_anchors (self, FALSE, 0, 0);
      return TRUE;
    }
  base = first_instants (weft_dataset_get_event_table (self->base));
  other = first_instants (weft_dataset_get_event_table (self->other));
  base_time = g_hash_table_lookup (base, label);
  other_time = g_hash_table_lookup (other, label);
  if (base_time == NULL || other_time == NULL)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   base_time == NULL ? _("Cannot align the runs at “%s”: the base run has no such tag or event")
                                     : _("Cannot align the runs at “%s”: the other run has no such tag or event"),
                   label);
      return FALSE;
    }
  weft_comparison_set_anchors (self, TRUE, *base_time, *other_time);
  return TRUE;
}

/* @options for one side: a time range counts from that side's own start or
 * anchor (two runs never share a clock), so it is moved onto its axis. */
static gboolean
side_options (WeftComparison         *self,
              gboolean                other,
              const WeftViewOptions  *options,
              WeftViewOptions        *out,
              GError                **error)
{
  WeftDataset *side = other ? self->other : self->base;
  WeftEventTable *table;
  gint64 anchor;

  if (options != NULL)
    *out = *options;
  else
    memset (out, 0, sizeof *out);
  if (!out->has_range)
    return TRUE;

  table = weft_dataset_get_event_table (side);
  if (table == NULL)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("This %s has no time axis, so a time range does not apply"),
                   weft_dataset_get_family_name (side));
      return FALSE;
    }
  anchor = weft_comparison_get_anchor (self, other);
  out->range.begin += anchor;
  out->range.end += anchor;
  return TRUE;
}

/**
 * weft_comparison_dup_matrix:
 * @base_out: (out) (optional) (transfer full): the base run's matrix
 * @other_out: (out) (optional) (transfer full): the other run's
 * @shapes_differ: (out) (optional): set when some cells exist on one side
 *   only (they compare with zeros)
 *
 * The dataset's dup_matrix, giving also each run's own matrix (for a view
 * that shows both values) and whether the shapes differed: each side is
 * built once.
 */
WeftMatrix *
weft_comparison_dup_matrix (WeftComparison         *self,
                            const char             *view,
                            const WeftViewOptions  *options,
                            WeftMatrix            **base_out,
                            WeftMatrix            **other_out,
                            gboolean               *shapes_differ,
                            GError                **error)
{
  g_autoptr(WeftMatrix) base = NULL;
  g_autoptr(WeftMatrix) other = NULL;
  WeftViewOptions base_options, other_options;
  WeftMatrix *result;

  g_return_val_if_fail (WEFT_IS_COMPARISON (self), NULL);

  if (!side_options (self, FALSE, options, &base_options, error) ||
      !side_options (self, TRUE, options, &other_options, error))
    return NULL;
  base = weft_dataset_dup_matrix (self->base, view, &base_options, error);
  if (base == NULL)
    return NULL;
  other = weft_dataset_dup_matrix (self->other, view, &other_options, error);
  if (other == NULL)
    return NULL;

  result = weft_matrix_compare (base, other, self->mode, shapes_differ, error);
  if (result != NULL && base_out != NULL)
    *base_out = g_steal_pointer (&base);
  if (result != NULL && other_out != NULL)
    *other_out = g_steal_pointer (&other);
  return result;
}

/**
 * weft_comparison_dup_values:
 * @base_out: (out) (optional) (transfer full): the base run's figures
 * @other_out: (out) (optional) (transfer full): the other run's
 *
 * The dataset's dup_values, giving also each run's own table.
 */
WeftValueTable *
weft_comparison_dup_values (WeftComparison         *self,
                            const char             *view,
                            const WeftViewOptions  *options,
                            WeftValueTable        **base_out,
                            WeftValueTable        **other_out,
                            GError                **error)
{
  g_autoptr(WeftValueTable) base = NULL;
  g_autoptr(WeftValueTable) other = NULL;
  WeftViewOptions base_options, other_options;
  WeftValueTable *result;

  g_return_val_if_fail (WEFT_IS_COMPARISON (self), NULL);

  if (!side_options (self, FALSE, options, &base_options, error) ||
      !side_options (self, TRUE, options, &other_options, error))
    return NULL;
  base = weft_dataset_dup_values (self->base, view, &base_options, error);
  if (base == NULL)
    return NULL;
  other = weft_dataset_dup_values (self->other, view, &other_options, error);
  if (other == NULL)
    return NULL;

  result = weft_value_table_compare (base, other, self->mode);
  if (base_out != NULL)
    *base_out = g_steal_pointer (&base);
  if (other_out != NULL)
    *other_out = g_steal_pointer (&other);
  return result;
}

static const char *
weft_comparison_get_family (WeftDataset *dataset)
{
  return weft_dataset_get_family (WEFT_COMPARISON (dataset)->base);
}

static const char *
weft_comparison_get_format_version (WeftDataset *dataset)
{
  return weft_dataset_get_format_version (WEFT_COMPARISON (dataset)->base);
}

/* The base's sources, then the other's. */
static GStrv
weft_comparison_dup_sources (WeftDataset *dataset)
{
  WeftComparison *self = WEFT_COMPARISON (dataset);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) base = weft_dataset_dup_sources (self->base);
  g_auto(GStrv) other = weft_dataset_dup_sources (self->other);

  if (base != NULL)
    g_strv_builder_addv (builder, (const char **)base);
  if (other != NULL)
    g_strv_builder_addv (builder, (const char **)other);
  return g_strv_builder_end (builder);
}

static WeftEventTable *
weft_comparison_get_event_table (WeftDataset *dataset)
{
  return NULL;
}

static gboolean
weft_comparison_get_time_range (WeftDataset *dataset,
                                double      *begin_s,
                                double      *end_s)
{
  return FALSE;
}

static guint
weft_comparison_get_n_rows (WeftDataset *dataset)
{
  WeftComparison *self = WEFT_COMPARISON (dataset);

  return MAX (weft_dataset_get_n_rows (self->base), weft_dataset_get_n_rows (self->other));
}

static const char * const *
weft_comparison_list_views (WeftDataset *dataset)
{
  return (const char * const *)WEFT_COMPARISON (dataset)->views;
}

static void
add_side_json (JsonBuilder *builder,
               const char  *name,
               WeftDataset *side)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_object (builder);
  weft_dataset_add_common_json (side, builder);
  /* The family's own figures (totals, counts), as `weft-cli info` gives them
   * for one run. */
  weft_dataset_add_json (side, builder);
  json_builder_end_object (builder);
}

/* A "compare" object: the mode, the views compared, each side's figures. */
static void
weft_comparison_add_json (WeftDataset *dataset,
                          JsonBuilder *builder)
{
  WeftComparison *self = WEFT_COMPARISON (dataset);

  json_builder_set_member_name (builder, "compare");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "mode");
  json_builder_add_string_value (builder, self->mode == WEFT_COMPARE_RATIO ? "ratio" : "difference");
  json_builder_set_member_name (builder, "views");
  json_builder_begin_array (builder);
  for (guint i = 0; self->views[i] != NULL; i++)
    json_builder_add_string_value (builder, self->views[i]);
  json_builder_end_array (builder);
  add_side_json (builder, "base", self->base);
  add_side_json (builder, "other", self->other);
  json_builder_end_object (builder);
}

static WeftMatrix *
weft_comparison_iface_dup_matrix (WeftDataset           *dataset,
                                  const char            *view,
                                  const WeftViewOptions *options,
                                  GError               **error)
{
  return weft_comparison_dup_matrix (WEFT_COMPARISON (dataset), view, options, NULL, NULL, NULL, error);
}

static WeftValueTable *
weft_comparison_iface_dup_values (WeftDataset           *dataset,
                                  const char            *view,
                                  const WeftViewOptions *options,
                                  GError               **error)
{
  return weft_comparison_dup_values (WEFT_COMPARISON (dataset), view, options, NULL, NULL, error);
}

static WeftCallTree *
weft_comparison_dup_call_tree (WeftDataset           *dataset,
                               const char            *view,
                               const WeftViewOptions *options,
                               GError               **error)
{
  WeftComparison *self = WEFT_COMPARISON (dataset);
  g_autoptr(WeftCallTree) base = NULL;
  g_autoptr(WeftCallTree) other = NULL;
  WeftViewOptions base_options, other_options;

  if (!side_options (self, FALSE, options, &base_options, error) ||
      !side_options (self, TRUE, options, &other_options, error))
    return NULL;
  base = weft_dataset_dup_call_tree (self->base, view, &base_options, error);
  if (base == NULL)
    return NULL;
  other = weft_dataset_dup_call_tree (self->other, view, &other_options, error);
  if (other == NULL)
    return NULL;

  return weft_call_tree_compare (base, other);
}

/* What both runs accept: a tag only one run has cannot be compared. */
static GStrv
weft_comparison_dup_choices (WeftDataset *dataset,
                             const char  *option)
{
  WeftComparison *self = WEFT_COMPARISON (dataset);
  g_auto(GStrv) base = weft_dataset_dup_choices (self->base, option);
  g_auto(GStrv) other = weft_dataset_dup_choices (self->other, option);
  g_autoptr(GStrvBuilder) builder = NULL;

  if (base == NULL || other == NULL)
    return NULL;
  builder = g_strv_builder_new ();
  for (guint i = 0; base[i] != NULL; i++)
    if (g_strv_contains ((const char * const *)other, base[i]))
      g_strv_builder_add (builder, base[i]);
  return g_strv_builder_end (builder);
}

static void
weft_comparison_dataset_iface_init (WeftDatasetInterface *iface)
{
  iface->dup_choices = weft_comparison_dup_choices;
  iface->get_family = weft_comparison_get_family;
  iface->get_format_version = weft_comparison_get_format_version;
  iface->dup_sources = weft_comparison_dup_sources;
  iface->get_event_table = weft_comparison_get_event_table;
  iface->get_time_range = weft_comparison_get_time_range;
  iface->get_n_rows = weft_comparison_get_n_rows;
  iface->list_views = weft_comparison_list_views;
  iface->add_json = weft_comparison_add_json;
  iface->dup_matrix = weft_comparison_iface_dup_matrix;
  iface->dup_values = weft_comparison_iface_dup_values;
  iface->dup_call_tree = weft_comparison_dup_call_tree;
}

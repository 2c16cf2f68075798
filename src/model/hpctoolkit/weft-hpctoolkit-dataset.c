/* weft-hpctoolkit-dataset.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-error.h"
#include "weft-call-tree-views.h"
#include "weft-event-table.h"
#include "weft-hpctoolkit-dataset.h"

struct _WeftHpctoolkitDataset
{
  GObject                    parent_instance;

  WeftHpctoolkitMeasurement *measurement;
  WeftEventTable            *events;      /* NULL without traces */
  gint64                     origin_ns;
  gint64                     end_ns;
  char                      *version;
};

static void weft_hpctoolkit_dataset_iface_init (WeftDatasetInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftHpctoolkitDataset, weft_hpctoolkit_dataset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_DATASET, weft_hpctoolkit_dataset_iface_init))

static const char *const views_traced[] = { "stacks", "callers", "flat", "values", "timeline", NULL };
static const char *const views_untraced[] = { "stacks", "callers", "flat", "values", NULL };

static void
weft_hpctoolkit_dataset_finalize (GObject *object)
{
  WeftHpctoolkitDataset *self = WEFT_HPCTOOLKIT_DATASET (object);

  g_clear_pointer (&self->measurement, weft_hpctoolkit_measurement_free);
  g_clear_pointer (&self->events, weft_event_table_unref);
  g_free (self->version);

  G_OBJECT_CLASS (weft_hpctoolkit_dataset_parent_class)->finalize (object);
}

static void
weft_hpctoolkit_dataset_class_init (WeftHpctoolkitDatasetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = weft_hpctoolkit_dataset_finalize;
}

static void
weft_hpctoolkit_dataset_init (WeftHpctoolkitDataset *self)
{
}

static gboolean
is_frame (const WeftCallFrame *f)
{
  return f->kind == WEFT_HPCTOOLKIT_ROLE_PROCEDURE || f->kind == WEFT_HPCTOOLKIT_ROLE_INLINED
         || f->kind == WEFT_HPCTOOLKIT_ROLE_PLACEHOLDER
         || (f->address != 0 && (f->address & WEFT_HPCTOOLKIT_SCOPE_ADDRESS) == 0);
}

GPtrArray *
weft_hpctoolkit_dataset_dup_stack (WeftHpctoolkitDataset *self,
                                   WeftCallNode           node)
{
  WeftCallTree *tree = weft_hpctoolkit_measurement_get_tree (self->measurement);
  GPtrArray *labels = g_ptr_array_new_with_free_func (g_free);

  for (WeftCallNode at = node; at != WEFT_CALL_TREE_ROOT && at != WEFT_CALL_NODE_NONE && at < weft_call_tree_get_n_nodes (tree);
       at = weft_call_tree_get_parent (tree, at))
    if (is_frame (weft_call_tree_get_frame (tree, at)))
      g_ptr_array_insert (labels, 0, weft_call_frame_to_label (weft_call_tree_get_frame (tree, at)));
  return labels;
}

char *
weft_hpctoolkit_dataset_dup_frame_at (WeftHpctoolkitDataset *self,
                                      WeftCallNode           node,
                                      int                    depth)
{
  WeftCallTree *tree = weft_hpctoolkit_measurement_get_tree (self->measurement);
  WeftCallNode frames[512];
  guint n = 0;

  for (WeftCallNode at = node; at != WEFT_CALL_TREE_ROOT && at != WEFT_CALL_NODE_NONE;
       at = weft_call_tree_get_parent (tree, at))
    if (is_frame (weft_call_tree_get_frame (tree, at)))
      {
        /* Keep the outermost 512 frames: depth counts from the top. */
        if (n == G_N_ELEMENTS (frames))
          memmove (frames, frames + 1, sizeof (frames) - sizeof (frames[0])), n--;
        frames[n++] = at;
      }
  if (n == 0)
    return NULL;
  /* frames[] runs from the innermost up. */
  return weft_call_frame_to_label (weft_call_tree_get_frame (tree, frames[depth >= (int)n || depth < 0 ? 0 : n - 1 - depth]));
}

static char *
profile_name (const WeftHpcrunProfile *p)
{
  gint64 rank, thread;

  weft_hpcrun_profile_get_rank_thread (p, &rank, &thread);
  return g_strdup_printf ("rank %" G_GINT64_FORMAT " thread %" G_GINT64_FORMAT, rank, thread);
}

/* A trace time in ns, clamped so that no corrupt time overflows. */
static inline gint64
trace_time (guint64 t,
            gint64  scale)
{
  return (gint64)MIN (t, (guint64)(G_MAXINT64 / 4 / scale)) * scale;
}

/* Seven hues in three tones (GNOME's palette): within a tone the hues differ. */
#define N_HUES 7
static const guint32 tones[][N_HUES] = {
  { 0x3584e4ff, 0xff7800ff, 0x33d17aff, 0xe01b24ff, 0x9141acff, 0xf6d32dff, 0x986a44ff },
  { 0x1c71d8ff, 0xc64600ff, 0x26a269ff, 0xa51d2dff, 0x613583ff, 0xe5a50aff, 0x63452cff },
  { 0x99c1f1ff, 0xffbe6fff, 0x8ff0a4ff, 0xf66151ff, 0xdc8addff, 0xf9f06bff, 0xcdab8fff },
};

/* The colours of procedures, given busiest first. A procedure has the hue
 * its name's hash picks, the same at every depth and in every run, unless a
 * busier one of its tone has it: then the next free one. So the seven
 * busiest have seven hues, the next seven the dark tone's, the next seven the
 * light one's (a colour by hash alone had given a trace's two busiest
 * procedures red and dark red). */
static void
assign_colours (char   **names,
                guint    n,
                guint32 *colours)
{
  for (guint start = 0; start < n; start += N_HUES)
    {
      guint tone = start / N_HUES;
      gboolean taken[N_HUES] = { FALSE, };

      for (guint i = start; i < MIN (n, start + N_HUES); i++)
        {
          guint hue = g_str_hash (names[i]) % N_HUES;

          if (tone < G_N_ELEMENTS (tones))
            while (taken[hue])
              hue = (hue + 1) % N_HUES;
          taken[hue] = TRUE;
          colours[i] = tones[tone % G_N_ELEMENTS (tones)][hue];
        }
    }
}

typedef struct
{
  char   *name;
  gint64  time;
} Busy;

static int
compare_busiest (gconstpointer a,
                 gconstpointer b)
{
  const Busy *x = a, *y = b;

  if (x->time != y->time)
    return x->time > y->time ? -1 : 1;
  return strcmp (x->name, y->name);
}

/* What a calling context shows at @depth: its frame's label there, or NULL
 * for idle time (a gap, as in hpctraceviewer). Labels are made once per
 * context, kept in @names. */
static const char *
context_name (WeftHpctoolkitDataset *self,
              GHashTable            *names,
              WeftCallNode           node,
              int                    depth)
{
  const char *name = g_hash_table_lookup (names, GUINT_TO_POINTER (node));

  if (name == NULL)
    {
      char *label = weft_hpctoolkit_dataset_dup_frame_at (self, node, depth);

      if (label == NULL)
        label = g_strdup ("");
      g_hash_table_insert (names, GUINT_TO_POINTER (node), label);
      name = label;
    }
  return strcmp (name, "<no activity>") == 0 ? NULL : name;
}

/* The kinds of the timeline at @depth, busiest first (the legend's order),
 * each with its colour; the contexts' names are kept in @names. */
static void
add_kinds (WeftHpctoolkitDataset *self,
           WeftEventTableBuilder *builder,
           GHashTable            *names,
           GHashTable            *kinds,
           int                    depth)
{
  const WeftHpctoolkitMeasurement *m = self->measurement;
  g_autoptr(GHashTable) node_time = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) time = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree Busy *busy = NULL;
  g_autofree char **sorted = NULL;
  g_autofree guint32 *colours = NULL;
  GHashTableIter iter;
  gpointer key, value;
  guint n = 0;

  for (guint i = 0; i < weft_hpctoolkit_measurement_get_n_profiles (m); i++)
    {
      const WeftHpcrunProfile *p = weft_hpctoolkit_measurement_get_profile (m, i);
      const WeftHpctrace *trace = weft_hpctoolkit_measurement_get_trace (m, i);
      gint64 scale = p->major < 3 ? 1000 : 1;

      for (guint r = 0; trace != NULL && r + 1 < trace->records->len; r++)
        {
          const WeftHpctraceRecord *rec = &g_array_index (trace->records, WeftHpctraceRecord, r);
          gint64 length = trace_time (rec[1].time, scale) - trace_time (rec->time, scale);
          WeftCallNode node = weft_hpctoolkit_measurement_get_context (m, i, rec->node_id);

          if (length < 0 || node == WEFT_CALL_NODE_NONE)
            continue;
          g_hash_table_insert (node_time, GUINT_TO_POINTER (node),
                               GSIZE_TO_POINTER (GPOINTER_TO_SIZE (g_hash_table_lookup (node_time, GUINT_TO_POINTER (node))) +
                                                 (gsize)length));
        }
    }
  /* Contexts that show the same frame at @depth add up. */
  g_hash_table_iter_init (&iter, node_time);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *name = context_name (self, names, GPOINTER_TO_UINT (key), depth);

      if (name == NULL)
        continue;
      g_hash_table_insert (time, (gpointer)name,
                           GSIZE_TO_POINTER (GPOINTER_TO_SIZE (g_hash_table_lookup (time, name)) + GPOINTER_TO_SIZE (value)));
    }

  busy = g_new (Busy, MAX (1, g_hash_table_size (time)));
  g_hash_table_iter_init (&iter, time);
  while (g_hash_table_iter_next (&iter, &key, &value))
    busy[n++] = (Busy) { key, (gint64)GPOINTER_TO_SIZE (value) };
  qsort (busy, n, sizeof *busy, compare_busiest);
  /* A kind id is 16 bits: past that many, the least busy are left out. */
  n = MIN (n, G_MAXUINT16 - 1);
  sorted = g_new (char *, MAX (1, n));
  colours = g_new (guint32, MAX (1, n));
  for (guint k = 0; k < n; k++)
    sorted[k] = busy[k].name;
  assign_colours (sorted, n, colours);
  for (guint k = 0; k < n; k++)
    g_hash_table_insert (kinds, g_strdup (sorted[k]),
                         GUINT_TO_POINTER ((guint)weft_event_table_builder_add_kind (builder, sorted[k], WEFT_EVENT_INTERVAL,
                                                                                      colours[k])));
}

WeftEventTable *
weft_hpctoolkit_dataset_build_timeline (WeftHpctoolkitDataset  *self,
                                        int                     depth,
                                        WeftLoadContext        *context,
                                        GError                **error)
{
  const WeftHpctoolkitMeasurement *m = self->measurement;
  g_autoptr(GHashTable) kinds = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) names = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autoptr(WeftEventTableBuilder) builder = NULL;
  gboolean any = FALSE;

  for (guint i = 0; i < weft_hpctoolkit_measurement_get_n_profiles (m); i++)
    if (weft_hpctoolkit_measurement_get_trace (m, i) != NULL)
      any = TRUE;
  if (!any)
    return NULL;

  builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  weft_event_table_builder_set_origin (builder, self->origin_ns);
  add_kinds (self, builder, names, kinds, depth);
  for (guint i = 0; i < weft_hpctoolkit_measurement_get_n_profiles (m); i++)
    {
      const WeftHpcrunProfile *p = weft_hpctoolkit_measurement_get_profile (m, i);
      const WeftHpctrace *trace = weft_hpctoolkit_measurement_get_trace (m, i);
      g_autofree char *row_name = NULL;
      gint64 scale;
      guint row;

      if (trace == NULL)
        continue;
      row_name = profile_name (p);
      row = weft_event_table_builder_add_row (builder, row_name, _("Threads"));
      /* 02.00 traces count µs, later ones ns. */
      scale = p->major < 3 ? 1000 : 1;
      for (guint r = 0; r + 1 < trace->records->len; r++)
        {
          const WeftHpctraceRecord *rec = &g_array_index (trace->records, WeftHpctraceRecord, r);
          gint64 begin = trace_time (rec->time, scale) - self->origin_ns;
          gint64 end = trace_time (rec[1].time, scale) - self->origin_ns;
          WeftCallNode node = weft_hpctoolkit_measurement_get_context (m, i, rec->node_id);
          const char *name;
          gpointer kind;

          if (end < begin || node == WEFT_CALL_NODE_NONE || (name = context_name (self, names, node, depth)) == NULL ||
              !g_hash_table_lookup_extended (kinds, name, NULL, &kind))
            continue;
          weft_event_table_builder_add_interval (builder, row, begin, end, (guint16)GPOINTER_TO_UINT (kind),
                                                 weft_event_table_builder_intern (builder, name), node);
        }
    }
  return weft_event_table_builder_finish (builder, context, error);
}

static int
compare_strings (const void *a,
                 const void *b)
{
  return strcmp (*(const char * const *)a, *(const char * const *)b);
}

WeftHpctoolkitDataset *
weft_hpctoolkit_dataset_new (WeftHpctoolkitMeasurement  *measurement,
                             WeftLoadContext            *context,
                             GError                    **error)
{
  g_autoptr(WeftHpctoolkitDataset) self = g_object_new (WEFT_TYPE_HPCTOOLKIT_DATASET, NULL);
  g_autoptr(GHashTable) versions = g_hash_table_new (g_str_hash, g_str_equal);
  gboolean any = FALSE;

  self->measurement = measurement;
  self->origin_ns = G_MAXINT64;
  self->end_ns = G_MININT64;
  for (guint i = 0; i < weft_hpctoolkit_measurement_get_n_profiles (measurement); i++)
    {
      const WeftHpcrunProfile *p = weft_hpctoolkit_measurement_get_profile (measurement, i);
      const WeftHpctrace *trace = weft_hpctoolkit_measurement_get_trace (measurement, i);
      gint64 scale = p->major < 3 ? 1000 : 1;

      g_hash_table_add (versions, (gpointer)p->version);
      if (trace == NULL)
        continue;
      for (guint r = 0; r < trace->records->len; r++)
        {
          gint64 t = trace_time (g_array_index (trace->records, WeftHpctraceRecord, r).time, scale);

          self->origin_ns = MIN (self->origin_ns, t);
          self->end_ns = MAX (self->end_ns, t);
          any = TRUE;
        }
    }
  /* One version, or the versions joined ("02.00, 04.00"). */
  {
    g_autofree const char **keys = (const char **)g_hash_table_get_keys_as_array (versions, NULL);
    guint n = g_strv_length ((char **)keys);

    qsort (keys, n, sizeof (char *), compare_strings);
    self->version = g_strjoinv (", ", (char **)keys);
  }
  if (any)
    {
      self->events = weft_hpctoolkit_dataset_build_timeline (self, G_MAXINT, context, error);
      if (self->events == NULL)
        return NULL;
    }
  return g_steal_pointer (&self);
}

const WeftHpctoolkitMeasurement *
weft_hpctoolkit_dataset_get_measurement (WeftHpctoolkitDataset *self)
{
  g_return_val_if_fail (WEFT_IS_HPCTOOLKIT_DATASET (self), NULL);
  return self->measurement;
}

/* WeftDataset ---------------------------------------------------------------- */

WeftCallRole
weft_hpctoolkit_dataset_node_role (WeftCallTree *tree,
                                   WeftCallNode  node,
                                   gpointer      user_data)
{
  const WeftCallFrame *f = weft_call_tree_get_frame (tree, node);

  switch (f->kind)
    {
    case WEFT_HPCTOOLKIT_ROLE_PROCEDURE:
    case WEFT_HPCTOOLKIT_ROLE_INLINED:
      return WEFT_CALL_ROLE_PROCEDURE;
    case WEFT_HPCTOOLKIT_ROLE_PLACEHOLDER:
      return WEFT_CALL_ROLE_OTHER;
    default:
      /* A frame without structure stands for its own (unknown) procedure. */
      if (f->address != 0 && (f->address & WEFT_HPCTOOLKIT_SCOPE_ADDRESS) == 0)
        return WEFT_CALL_ROLE_PROCEDURE;
      return WEFT_CALL_ROLE_INSIDE;
    }
}

/* The bottom-up and flat trees in the top-down tree's order (hpcviewer's):
 * the costliest first, by the first metric. */
static WeftCallTree *
sorted (WeftCallTree *tree)
{
  if (weft_call_tree_get_n_metrics (tree) > 0)
    weft_call_tree_sort_children (tree, 0);
  return tree;
}

WeftCallTree *
weft_hpctoolkit_dataset_dup_callers (WeftHpctoolkitDataset *self,
                                     guint                  max_frames,
                                     guint                 *levels)
{
  g_return_val_if_fail (WEFT_IS_HPCTOOLKIT_DATASET (self), NULL);

  return sorted (weft_call_tree_dup_bottom_up_bounded (weft_hpctoolkit_measurement_get_tree (self->measurement),
                                                       weft_hpctoolkit_dataset_node_role, NULL, max_frames, levels));
}

static WeftCallTree *
weft_hpctoolkit_dataset_dup_call_tree (WeftDataset            *dataset,
                                       const char             *view,
                                       const WeftViewOptions  *options,
                                       GError                **error)
{
  WeftHpctoolkitDataset *self = WEFT_HPCTOOLKIT_DATASET (dataset);

  if (g_strcmp0 (view, "callers") == 0)
    return weft_hpctoolkit_dataset_dup_callers (self, G_MAXUINT, NULL);
  if (g_strcmp0 (view, "flat") == 0)
    return sorted (weft_call_tree_dup_flat (weft_hpctoolkit_measurement_get_tree (self->measurement),
                                            weft_hpctoolkit_dataset_node_role, NULL));
  if (g_strcmp0 (view, "stacks") != 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT, _("An HPCToolkit measurement has no tree view “%s”; it has stacks, callers and flat"), view);
      return NULL;
    }
  /* The tree is complete and read-only once built. */
  return weft_call_tree_ref (weft_hpctoolkit_measurement_get_tree (self->measurement));
}

static WeftValueTable *
weft_hpctoolkit_dataset_dup_values (WeftDataset            *dataset,
                                    const char             *view,
                                    const WeftViewOptions  *options,
                                    GError                **error)
{
  WeftHpctoolkitDataset *self = WEFT_HPCTOOLKIT_DATASET (dataset);
  const WeftHpctoolkitMeasurement *m = self->measurement;
  guint n_profiles = weft_hpctoolkit_measurement_get_n_profiles (m);
  g_autoptr(GArray) columns = g_array_new (FALSE, FALSE, sizeof (guint));
  WeftValueTable *table;

  if (g_strcmp0 (view, "values") != 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT, _("An HPCToolkit measurement has no values view “%s”; it has values"), view);
      return NULL;
    }
  for (guint g = 0; g < weft_hpctoolkit_measurement_get_n_metrics (m); g++)
    if (weft_hpctoolkit_measurement_get_metric (m, g)->formula[0] == '\0' && weft_hpctoolkit_measurement_get_total (m, g) != 0)
      g_array_append_val (columns, g);
  table = weft_value_table_new (n_profiles, columns->len);
  weft_value_table_set_title (table, _("Per-profile totals"));
  for (guint c = 0; c < columns->len; c++)
    weft_value_table_set_column (table, c, weft_hpctoolkit_measurement_get_metric (m, g_array_index (columns, guint, c))->name, "");
  for (guint i = 0; i < n_profiles; i++)
    {
      g_autofree char *name = profile_name (weft_hpctoolkit_measurement_get_profile (m, i));

      weft_value_table_set_row_name (table, i, name);
      weft_value_table_set_row_id (table, i, i);
      for (guint c = 0; c < columns->len; c++)
        weft_value_table_set (table, i, c, weft_hpctoolkit_measurement_get_profile_total (m, i, g_array_index (columns, guint, c)));
    }
  return table;
}

static void
add_metric_values (JsonBuilder  *builder,
                   const char   *member,
                   WeftCallTree *tree,
                   const double *values)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_object (builder);
  for (guint c = 0; c < weft_call_tree_get_n_metrics (tree); c++)
    if (values[c] != 0)
      {
        json_builder_set_member_name (builder, weft_call_tree_get_metric_name (tree, c));
        json_builder_add_double_value (builder, values[c]);
      }
  json_builder_end_object (builder);
}

static void
weft_hpctoolkit_dataset_add_json (WeftDataset *dataset,
                                  JsonBuilder *builder)
{
  WeftHpctoolkitDataset *self = WEFT_HPCTOOLKIT_DATASET (dataset);
  const WeftHpctoolkitMeasurement *m = self->measurement;
  WeftCallTree *tree = weft_hpctoolkit_measurement_get_tree (m);
  guint n_profiles = weft_hpctoolkit_measurement_get_n_profiles (m);
  g_autoptr(GHashTable) versions = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer key, value;

  json_builder_set_member_name (builder, "hpcrun");
  json_builder_begin_object (builder);

  json_builder_set_member_name (builder, "profiles");
  json_builder_add_int_value (builder, n_profiles);

  for (guint i = 0; i < n_profiles; i++)
    {
      const char *v = weft_hpctoolkit_measurement_get_profile (m, i)->version;

      g_hash_table_insert (versions, (gpointer)v, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (versions, v)) + 1));
    }
  json_builder_set_member_name (builder, "versions");
  json_builder_begin_object (builder);
  g_hash_table_iter_init (&iter, versions);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      json_builder_set_member_name (builder, key);
      json_builder_add_int_value (builder, GPOINTER_TO_UINT (value));
    }
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "metrics");
  json_builder_begin_array (builder);
  for (guint g = 0; g < weft_hpctoolkit_measurement_get_n_metrics (m); g++)
    {
      const WeftHpcrunMetric *metric = weft_hpctoolkit_measurement_get_metric (m, g);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, metric->name);
      json_builder_set_member_name (builder, "period");
      json_builder_add_int_value (builder, (gint64)MIN (metric->period, (guint64)G_MAXINT64));
      json_builder_set_member_name (builder, "format");
      json_builder_add_string_value (builder, metric->value_format == WEFT_HPCRUN_FMT_INT ? "int"
                                              : metric->value_format == WEFT_HPCRUN_FMT_REAL ? "real" : "");
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "cct_nodes");
  json_builder_add_int_value (builder, (gint64)weft_hpctoolkit_measurement_get_cct_nodes (m));
  json_builder_set_member_name (builder, "merged_nodes");
  json_builder_add_int_value (builder, weft_hpctoolkit_measurement_get_merged_nodes (m));

  /* Stored metrics only: derived ones have no values of their own. */
  json_builder_set_member_name (builder, "totals");
  json_builder_begin_object (builder);
  for (guint g = 0; g < weft_hpctoolkit_measurement_get_n_metrics (m); g++)
    {
      const WeftHpcrunMetric *metric = weft_hpctoolkit_measurement_get_metric (m, g);

      if (metric->formula[0] != '\0')
        continue;
      json_builder_set_member_name (builder, metric->name);
      json_builder_add_double_value (builder, weft_hpctoolkit_measurement_get_total (m, g));
    }
  json_builder_end_object (builder);

  /* hpcprof's summary statistics of the whole program (the root's inclusive
   * value) across the profiles that have a value. */
  json_builder_set_member_name (builder, "statistics");
  json_builder_begin_object (builder);
  {
    WeftCallTree *merged = weft_hpctoolkit_measurement_get_tree (m);

    for (guint c = 0; c < weft_call_tree_get_n_metrics (merged); c++)
      {
        WeftHpctoolkitStatistics st;
        struct { const char *name; double value; } figures[6];

        if (!weft_hpctoolkit_measurement_get_statistics (m, WEFT_CALL_TREE_ROOT, c, TRUE, &st))
          continue;
        figures[0].name = "sum", figures[0].value = st.sum;
        figures[1].name = "mean", figures[1].value = st.mean;
        figures[2].name = "min", figures[2].value = st.min;
        figures[3].name = "max", figures[3].value = st.max;
        figures[4].name = "stddev", figures[4].value = st.stddev;
        figures[5].name = "cfvar", figures[5].value = st.cfvar;

        json_builder_set_member_name (builder, weft_call_tree_get_metric_name (merged, c));
        json_builder_begin_object (builder);
        json_builder_set_member_name (builder, "n");
        json_builder_add_int_value (builder, st.n);
        for (guint f = 0; f < G_N_ELEMENTS (figures); f++)
          {
            json_builder_set_member_name (builder, figures[f].name);
            json_builder_add_double_value (builder, figures[f].value);
          }
        json_builder_end_object (builder);
      }
  }
  json_builder_end_object (builder);

  if (weft_hpctoolkit_measurement_get_structure (m) != NULL)
    {
      json_builder_set_member_name (builder, "procedures");
      json_builder_begin_array (builder);
      for (guint i = 0; i < weft_hpctoolkit_measurement_get_n_procedures (m); i++)
        {
          const WeftHpctoolkitProcedure *proc = weft_hpctoolkit_measurement_get_procedure (m, i);

          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "name");
          json_builder_add_string_value (builder, proc->name);
          json_builder_set_member_name (builder, "file");
          json_builder_add_string_value (builder, proc->file);
          if (proc->inlined)
            {
              json_builder_set_member_name (builder, "inlined");
              json_builder_add_boolean_value (builder, TRUE);
            }
          add_metric_values (builder, "inclusive", tree, proc->inclusive);
          add_metric_values (builder, "exclusive", tree, proc->exclusive);
          json_builder_end_object (builder);
        }
      json_builder_end_array (builder);
    }

  json_builder_end_object (builder);
}

static const char *
weft_hpctoolkit_dataset_get_family (WeftDataset *dataset)
{
  return "hpcrun";
}

static const char *
weft_hpctoolkit_dataset_get_format_version (WeftDataset *dataset)
{
  return WEFT_HPCTOOLKIT_DATASET (dataset)->version;
}

static GStrv
weft_hpctoolkit_dataset_dup_sources (WeftDataset *dataset)
{
  return weft_hpctoolkit_measurement_dup_sources (WEFT_HPCTOOLKIT_DATASET (dataset)->measurement);
}

static WeftEventTable *
weft_hpctoolkit_dataset_get_event_table (WeftDataset *dataset)
{
  return WEFT_HPCTOOLKIT_DATASET (dataset)->events;
}

/* From the first to the last trace sample, in seconds since the epoch. */
static gboolean
weft_hpctoolkit_dataset_get_time_range (WeftDataset *dataset,
                                        double      *begin_s,
                                        double      *end_s)
{
  WeftHpctoolkitDataset *self = WEFT_HPCTOOLKIT_DATASET (dataset);

  if (self->events == NULL)
    return FALSE;
  *begin_s = (double)self->origin_ns / 1e9;
  *end_s = (double)self->end_ns / 1e9;
  return TRUE;
}

static guint
weft_hpctoolkit_dataset_get_n_rows (WeftDataset *dataset)
{
  return weft_hpctoolkit_measurement_get_n_profiles (WEFT_HPCTOOLKIT_DATASET (dataset)->measurement);
}

static const char *const *
weft_hpctoolkit_dataset_list_views (WeftDataset *dataset)
{
  return WEFT_HPCTOOLKIT_DATASET (dataset)->events != NULL ? views_traced : views_untraced;
}

static void
weft_hpctoolkit_dataset_iface_init (WeftDatasetInterface *iface)
{
  iface->get_family = weft_hpctoolkit_dataset_get_family;
  iface->get_format_version = weft_hpctoolkit_dataset_get_format_version;
  iface->dup_sources = weft_hpctoolkit_dataset_dup_sources;
  iface->get_event_table = weft_hpctoolkit_dataset_get_event_table;
  iface->get_time_range = weft_hpctoolkit_dataset_get_time_range;
  iface->get_n_rows = weft_hpctoolkit_dataset_get_n_rows;
  iface->list_views = weft_hpctoolkit_dataset_list_views;
  iface->add_json = weft_hpctoolkit_dataset_add_json;
  iface->dup_values = weft_hpctoolkit_dataset_dup_values;
  iface->dup_call_tree = weft_hpctoolkit_dataset_dup_call_tree;
}

/* weft-chplvis-figures.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-background.h"
#include "weft-chplvis-figures.h"
#include "weft-error.h"

G_DEFINE_BOXED_TYPE (WeftChplvisFigures, weft_chplvis_figures,
                     weft_chplvis_figures_ref, weft_chplvis_figures_unref)

static const char *const locale_columns[WEFT_CHPLVIS_N_LOCALE_COLUMNS][2] = {
  [WEFT_CHPLVIS_LOCALE_TASKS] = { "tasks", NULL },
  [WEFT_CHPLVIS_LOCALE_CPU_USER] = { "cpu_user", "s" },
  [WEFT_CHPLVIS_LOCALE_CPU_SYS] = { "cpu_sys", "s" },
  [WEFT_CHPLVIS_LOCALE_CPU] = { "cpu", "s" },
  [WEFT_CHPLVIS_LOCALE_CLOCK] = { "clock", "s" },
  [WEFT_CHPLVIS_LOCALE_MAX_CONCURRENCY] = { "max_concurrency", NULL },
  [WEFT_CHPLVIS_LOCALE_COMM_OUT_COUNT] = { "comm_out_count", NULL },
  [WEFT_CHPLVIS_LOCALE_COMM_OUT_BYTES] = { "comm_out_bytes", "B" },
  [WEFT_CHPLVIS_LOCALE_COMM_IN_COUNT] = { "comm_in_count", NULL },
  [WEFT_CHPLVIS_LOCALE_COMM_IN_BYTES] = { "comm_in_bytes", "B" },
};

static const char *const profile_columns[WEFT_CHPLVIS_N_PROFILE_COLUMNS][2] = {
  [WEFT_CHPLVIS_PROFILE_CLOCK] = { "clock", "s" },
  [WEFT_CHPLVIS_PROFILE_TASKS] = { "tasks", NULL },
  [WEFT_CHPLVIS_PROFILE_GETS] = { "gets", NULL },
  [WEFT_CHPLVIS_PROFILE_PUTS] = { "puts", NULL },
  [WEFT_CHPLVIS_PROFILE_ON_CALLS] = { "on_calls", NULL },
  [WEFT_CHPLVIS_PROFILE_COMM] = { "comm", NULL },
};

WeftChplvisFigures *
weft_chplvis_figures_ref (WeftChplvisFigures *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);

  return self;
}

void
weft_chplvis_figures_unref (WeftChplvisFigures *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  g_clear_pointer (&self->comm, weft_chplvis_comm_matrix_free);
  for (guint g = 0; g < WEFT_CHPLVIS_N_GROUPS; g++)
    g_clear_pointer (&self->groups[g], weft_chplvis_comm_matrix_free);
  g_clear_pointer (&self->locales, g_free);
  g_clear_pointer (&self->profile, g_array_unref);
  g_free (self);
}

/* Whether @a and @b select the same records, their kinds aside: the
 * per-locale figures and the profile count every kind. */
static gboolean
same_selection (const WeftChplvisQuery *a,
                const WeftChplvisQuery *b)
{
  return a->tag == b->tag && a->merge == b->merge && a->has_range == b->has_range &&
         (!a->has_range || weft_time_span_equal (&a->range, &b->range)) &&
         a->include_overhead == b->include_overhead && a->chplvis_compat == b->chplvis_compat;
}

static WeftChplvisFigures *
compute_figures (WeftChplvisDataset      *dataset,
                 WeftChplvisFigures      *previous,
                 const WeftChplvisQuery  *query,
                 GCancellable            *cancellable,
                 GError                 **error)
{
  const WeftChplvisTrace *trace = weft_chplvis_dataset_get_trace (dataset);
  g_autoptr(WeftChplvisFigures) self = g_new0 (WeftChplvisFigures, 1);
  WeftChplvisQuery every_kind;

  g_atomic_ref_count_init (&self->ref_count);
  self->query = *query;
  self->n_locales = trace->n_locales;

  self->comm = weft_chplvis_compute_comm_matrix_split (trace, query, self->groups);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  /* Only the kinds changed: the rest counts every kind. */
  if (previous != NULL && previous->n_locales == self->n_locales && same_selection (&previous->query, query))
    {
      self->locales = g_memdup2 (previous->locales, sizeof *self->locales * self->n_locales);
      self->profile = g_array_ref (previous->profile);
      return g_steal_pointer (&self);
    }

  /* The per-locale table and the profile show communication split by kind in
   * their own columns, so the kind filter would only hide numbers there. */
  every_kind = *query;
  every_kind.kinds = 0;

  self->locales = weft_chplvis_compute_locale_stats (trace, &every_kind);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  self->profile = weft_chplvis_compute_profile (trace, &every_kind);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  return g_steal_pointer (&self);
}

/**
 * weft_chplvis_figures_compute:
 * @query: the selection; its kinds apply to the matrix only
 * @cancellable: (nullable): checked between the three passes over the trace
 *
 * Computes the matrix, the locales and the profile of @query.
 *
 * Returns: (transfer full): the figures, or %NULL with @error when cancelled.
 */
WeftChplvisFigures *
weft_chplvis_figures_compute (WeftChplvisDataset      *dataset,
                              const WeftChplvisQuery  *query,
                              GCancellable            *cancellable,
                              GError                 **error)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_DATASET (dataset), NULL);
  g_return_val_if_fail (query != NULL, NULL);

  return compute_figures (dataset, NULL, query, cancellable, error);
}

typedef struct
{
  WeftChplvisDataset *dataset;
  WeftChplvisQuery    query;
  WeftChplvisFigures *previous;
} ComputeJob;

static void
compute_job_free (ComputeJob *job)
{
  g_clear_pointer (&job->previous, weft_chplvis_figures_unref);
  weft_background_unref (g_steal_pointer (&job->dataset));
  g_free (job);
}

static void
compute_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  ComputeJob *job = task_data;
  WeftChplvisFigures *figures;
  GError *error = NULL;

  figures = compute_figures (WEFT_CHPLVIS_DATASET (source_object), job->previous, &job->query, cancellable, &error);
  if (figures == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, figures, (GDestroyNotify)weft_chplvis_figures_unref);
}

/**
 * weft_chplvis_figures_compute_async:
 *
 * Runs weft_chplvis_figures_compute() in a worker thread. The trace is
 * immutable once loaded, so runs may overlap; a cancelled run stops at the
 * next pass and reports G_IO_ERROR_CANCELLED when it has stopped (so that a
 * page can keep to one run at a time).
 */
void
weft_chplvis_figures_compute_async (WeftChplvisDataset     *dataset,
                                    const WeftChplvisQuery *query,
                                    GCancellable           *cancellable,
                                    GAsyncReadyCallback     callback,
                                    gpointer                user_data)
{
  weft_chplvis_figures_update_async (dataset, NULL, query, cancellable, callback, user_data);
}

/**
 * weft_chplvis_figures_update_async:
 * @previous: (nullable): the figures shown until now
 *
 * weft_chplvis_figures_compute_async() for a new selection: when @query
 * differs from the query of @previous in its kinds only, only the matrix is
 * counted again (the per-locale figures and the profile count every kind).
 * Finish with weft_chplvis_figures_compute_finish().
 */
void
weft_chplvis_figures_update_async (WeftChplvisDataset     *dataset,
                                   WeftChplvisFigures     *previous,
                                   const WeftChplvisQuery *query,
                                   GCancellable           *cancellable,
                                   GAsyncReadyCallback     callback,
                                   gpointer                user_data)
{
  g_autoptr(GTask) task = NULL;
  ComputeJob *job;

  g_return_if_fail (WEFT_IS_CHPLVIS_DATASET (dataset));
  g_return_if_fail (query != NULL);

  job = g_new0 (ComputeJob, 1);
  job->query = *query;
  job->previous = previous != NULL ? weft_chplvis_figures_ref (previous) : NULL;
  /* The task frees its job after dropping its own reference to the dataset,
   * on the main thread: when the tab closed meanwhile, this reference is the
   * last, and freeing a big run must not happen there. */
  job->dataset = g_object_ref (dataset);

  task = g_task_new (dataset, cancellable, callback, user_data);
  g_task_set_source_tag (task, weft_chplvis_figures_compute_async);
  g_task_set_task_data (task, job, (GDestroyNotify)compute_job_free);
  g_task_run_in_thread (task, compute_thread);
}

/**
 * weft_chplvis_figures_compute_finish:
 *
 * Returns: (transfer full): the figures, or %NULL with @error set
 *   (G_IO_ERROR_CANCELLED when the run was cancelled).
 */
WeftChplvisFigures *
weft_chplvis_figures_compute_finish (WeftChplvisDataset  *dataset,
                                     GAsyncResult        *result,
                                     GError             **error)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_DATASET (dataset), NULL);
  g_return_val_if_fail (g_task_is_valid (result, dataset), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * weft_chplvis_figures_find_function:
 * @fid: a function id, WEFT_CHPLVIS_FID_MAIN or WEFT_CHPLVIS_FID_UNKNOWN
 *
 * Returns: (nullable): its row of the profile
 */
const WeftChplvisProfileRow *
weft_chplvis_figures_find_function (const WeftChplvisFigures *self,
                                    int                       fid)
{
  g_return_val_if_fail (self != NULL, NULL);

  for (guint i = 0; i < self->profile->len; i++)
    if (g_array_index (self->profile, WeftChplvisProfileRow, i).fid == fid)
      return &g_array_index (self->profile, WeftChplvisProfileRow, i);

  return NULL;
}

/* Shapes ---------------------------------------------------------------------- */

/**
 * weft_chplvis_locale_column_name:
 *
 * Returns: the name of @column in the "values" table ("tasks", "cpu", …).
 */
const char *
weft_chplvis_locale_column_name (WeftChplvisLocaleColumn column)
{
  g_return_val_if_fail (column < WEFT_CHPLVIS_N_LOCALE_COLUMNS, NULL);

  return locale_columns[column][0];
}

/**
 * weft_chplvis_locale_column_unit:
 *
 * Returns: (nullable): the unit of @column: "s", "B", or %NULL for a count.
 */
const char *
weft_chplvis_locale_column_unit (WeftChplvisLocaleColumn column)
{
  g_return_val_if_fail (column < WEFT_CHPLVIS_N_LOCALE_COLUMNS, NULL);

  return locale_columns[column][1];
}

/**
 * weft_chplvis_locale_stats_get:
 *
 * Returns: the figure of @stats in @column.
 */
double
weft_chplvis_locale_stats_get (const WeftChplvisLocaleStats *stats,
                               WeftChplvisLocaleColumn       column)
{
  g_return_val_if_fail (stats != NULL, 0.0);

  switch (column)
    {
    case WEFT_CHPLVIS_LOCALE_TASKS:
      return (double)stats->tasks;
    case WEFT_CHPLVIS_LOCALE_CPU_USER:
      return stats->cpu_user;
    case WEFT_CHPLVIS_LOCALE_CPU_SYS:
      return stats->cpu_sys;
    case WEFT_CHPLVIS_LOCALE_CPU:
      return stats->cpu_user + stats->cpu_sys;
    case WEFT_CHPLVIS_LOCALE_CLOCK:
      return stats->clock;
    case WEFT_CHPLVIS_LOCALE_MAX_CONCURRENCY:
      return (double)stats->max_concurrency;
    case WEFT_CHPLVIS_LOCALE_COMM_OUT_COUNT:
      return (double)stats->comm_out_count;
    case WEFT_CHPLVIS_LOCALE_COMM_OUT_BYTES:
      return (double)stats->comm_out_bytes;
    case WEFT_CHPLVIS_LOCALE_COMM_IN_COUNT:
      return (double)stats->comm_in_count;
    case WEFT_CHPLVIS_LOCALE_COMM_IN_BYTES:
      return (double)stats->comm_in_bytes;
    case WEFT_CHPLVIS_N_LOCALE_COLUMNS:
    default:
      g_return_val_if_reached (0.0);
    }
}

/**
 * weft_chplvis_profile_column_name:
 *
 * Returns: the name of @column in the "profile" table ("clock", "tasks", …).
 */
const char *
weft_chplvis_profile_column_name (WeftChplvisProfileColumn column)
{
  g_return_val_if_fail (column < WEFT_CHPLVIS_N_PROFILE_COLUMNS, NULL);

  return profile_columns[column][0];
}

/**
 * weft_chplvis_profile_column_unit:
 *
 * Returns: (nullable): the unit of @column: "s", or %NULL for a count.
 */
const char *
weft_chplvis_profile_column_unit (WeftChplvisProfileColumn column)
{
  g_return_val_if_fail (column < WEFT_CHPLVIS_N_PROFILE_COLUMNS, NULL);

  return profile_columns[column][1];
}

/**
 * weft_chplvis_profile_row_get:
 *
 * Returns: the figure of @row in @column.
 */
double
weft_chplvis_profile_row_get (const WeftChplvisProfileRow *row,
                              WeftChplvisProfileColumn     column)
{
  g_return_val_if_fail (row != NULL, 0.0);

  switch (column)
    {
    case WEFT_CHPLVIS_PROFILE_CLOCK:
      return row->clock;
    case WEFT_CHPLVIS_PROFILE_TASKS:
      return (double)row->tasks;
    case WEFT_CHPLVIS_PROFILE_GETS:
      return (double)row->gets;
    case WEFT_CHPLVIS_PROFILE_PUTS:
      return (double)row->puts;
    case WEFT_CHPLVIS_PROFILE_ON_CALLS:
      return (double)row->on_calls;
    case WEFT_CHPLVIS_PROFILE_COMM:
      return (double)row->gets + (double)row->puts + (double)row->on_calls;
    case WEFT_CHPLVIS_N_PROFILE_COLUMNS:
    default:
      g_return_val_if_reached (0.0);
    }
}

/**
 * weft_chplvis_profile_row_is_empty:
 *
 * Returns: whether the function of @row did nothing in the selection: no
 *   task, no clock, no communication (chplvis hides such rows).
 */
gboolean
weft_chplvis_profile_row_is_empty (const WeftChplvisProfileRow *row)
{
  g_return_val_if_fail (row != NULL, TRUE);

  return row->tasks == 0 && row->clock == 0.0 && row->gets == 0 && row->puts == 0 && row->on_calls == 0;
}

/**
 * weft_chplvis_dup_query_tag_name:
 *
 * Returns: (transfer full): the tag of @query as titles name it: "All",
 *   "Start", the tag's name, or "name (merged)" for every tag of that name.
 */
char *
weft_chplvis_dup_query_tag_name (const WeftChplvisTrace *trace,
                                 const WeftChplvisQuery *query)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);

  name = weft_chplvis_dup_tag_name (trace, query->tag);
  if (query->merge && query->tag >= 0)
    return g_strdup_printf (_("%s (merged)"), name);

  return g_steal_pointer (&name);
}

/**
 * weft_chplvis_build_comm_matrix:
 * @bytes: the bytes moved, else the number of records
 * @tag_name: for the title
 *
 * Returns: (transfer full): @comm as a 2-D matrix, from locale × to locale,
 *   as the "comm-matrix" view and its MDA export have it.
 */
WeftMatrix *
weft_chplvis_build_comm_matrix (const WeftChplvisTrace      *trace,
                                const WeftChplvisCommMatrix *comm,
                                gboolean                     bytes,
                                const char                  *tag_name)
{
  g_autoptr(WeftMatrix) matrix = NULL;
  g_autofree char *title = NULL;
  guint n;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (comm != NULL, NULL);

  n = comm->n_locales;
  matrix = weft_matrix_new_2d (n, n);
  for (guint from = 0; from < n; from++)
    for (guint to = 0; to < n; to++)
      {
        gsize cell = (gsize)from * n + to;

        weft_matrix_set_2d (matrix, from, to, (double)(bytes ? comm->bytes[cell] : comm->count[cell]));
      }

  title = g_strdup_printf (bytes ? _("Communication bytes, tag %s") : _("Communication count, tag %s"), tag_name);
  weft_matrix_set_title (matrix, title);
  weft_matrix_set_value_name (matrix, bytes ? "bytes" : "count");
  weft_matrix_set_dim_name (matrix, 0, "from locale");
  weft_matrix_set_dim_name (matrix, 1, "to locale");
  for (guint i = 0; i < n; i++)
    {
      char label[16];

      g_snprintf (label, sizeof label, "%u", i);
      weft_matrix_set_dim_label (matrix, 0, i, label);
      weft_matrix_set_dim_label (matrix, 1, i, label);
    }

  return g_steal_pointer (&matrix);
}

/**
 * weft_chplvis_build_locale_values:
 * @stats: (array): one entry per locale of @trace
 *
 * Returns: (transfer full): one row per locale ("locale N"), with the columns
 *   of #WeftChplvisLocaleColumn.
 */
WeftValueTable *
weft_chplvis_build_locale_values (const WeftChplvisTrace       *trace,
                                  const WeftChplvisLocaleStats *stats,
                                  const char                   *tag_name)
{
  g_autoptr(WeftValueTable) values = NULL;
  g_autofree char *title = NULL;
  guint n;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (stats != NULL, NULL);

  n = trace->n_locales;
  values = weft_value_table_new (n, WEFT_CHPLVIS_N_LOCALE_COLUMNS);
  for (guint c = 0; c < WEFT_CHPLVIS_N_LOCALE_COLUMNS; c++)
    weft_value_table_set_column (values, c, locale_columns[c][0], locale_columns[c][1]);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("locale %u", i);

      weft_value_table_set_row_name (values, i, name);
      for (guint c = 0; c < WEFT_CHPLVIS_N_LOCALE_COLUMNS; c++)
        weft_value_table_set (values, i, c, weft_chplvis_locale_stats_get (&stats[i], c));
    }

  title = g_strdup_printf (_("Locales, tag %s"), tag_name);
  weft_value_table_set_title (values, title);

  return g_steal_pointer (&values);
}

typedef struct
{
  const WeftChplvisProfileRow *row;
  double                       key;
} ProfileEntry;

static int
compare_profile_entries (gconstpointer a,
                         gconstpointer b)
{
  const ProfileEntry *x = a;
  const ProfileEntry *y = b;

  if (x->key != y->key)
    return x->key < y->key ? 1 : -1;

  return (x->row->fid > y->row->fid) - (x->row->fid < y->row->fid);
}

/**
 * weft_chplvis_build_profile_values:
 * @profile: (element-type WeftChplvisProfileRow): from weft_chplvis_compute_profile()
 * @sort_column: the rows come largest first by this column
 *
 * chplvis's Profile table: the functions that did anything (zero rows hidden,
 * as chplvis hides them), named "name (file:line)" (the file's base name) when their definition is
 * known, with the row id set to the function id (-1 main, -2 unknown).
 *
 * Returns: (transfer full): the table, columns as #WeftChplvisProfileColumn.
 */
WeftValueTable *
weft_chplvis_build_profile_values (const WeftChplvisTrace   *trace,
                                   GArray                   *profile,
                                   WeftChplvisProfileColumn  sort_column,
                                   const char               *tag_name)
{
  g_autoptr(GArray) entries = NULL;
  g_autoptr(WeftValueTable) values = NULL;
  g_autofree char *title = NULL;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (profile != NULL, NULL);
  g_return_val_if_fail (sort_column < WEFT_CHPLVIS_N_PROFILE_COLUMNS, NULL);

  entries = g_array_new (FALSE, FALSE, sizeof (ProfileEntry));
  for (guint i = 0; i < profile->len; i++)
    {
      const WeftChplvisProfileRow *row = &g_array_index (profile, WeftChplvisProfileRow, i);
      ProfileEntry entry = { row, weft_chplvis_profile_row_get (row, sort_column) };

      if (weft_chplvis_profile_row_is_empty (row))
        continue;
      g_array_append_val (entries, entry);
    }
  g_array_sort (entries, compare_profile_entries);

  values = weft_value_table_new (entries->len, WEFT_CHPLVIS_N_PROFILE_COLUMNS);
  for (guint c = 0; c < WEFT_CHPLVIS_N_PROFILE_COLUMNS; c++)
    weft_value_table_set_column (values, c, profile_columns[c][0], profile_columns[c][1]);

  for (guint i = 0; i < entries->len; i++)
    {
      const WeftChplvisProfileRow *row = g_array_index (entries, ProfileEntry, i).row;
      g_autofree char *name = NULL;

      /* The base name: "$CHPL_HOME/modules/dists/BlockDist.chpl" would crowd
       * out the function's name in a chart. */
      if (row->file != NULL && row->line > 0)
        {
          g_autofree char *base = g_path_get_basename (row->file);

          name = g_strdup_printf ("%s (%s:%d)", row->name != NULL ? row->name : "?", base, row->line);
        }
      else
        name = g_strdup (row->name != NULL ? row->name : "?");
      weft_value_table_set_row_name (values, i, name);
      weft_value_table_set_row_id (values, i, row->fid);
      for (guint c = 0; c < WEFT_CHPLVIS_N_PROFILE_COLUMNS; c++)
        weft_value_table_set (values, i, c, weft_chplvis_profile_row_get (row, c));
    }

  title = g_strdup_printf (_("Profile, tag %s"), tag_name);
  weft_value_table_set_title (values, title);

  return g_steal_pointer (&values);
}

/**
 * weft_chplvis_parse_graph_metric:
 * @metric: (nullable): the "graph" view's metric: a column of the "values"
 *   table for the nodes ("tasks", "cpu", "clock", "max_concurrency", …),
 *   "count" or "bytes" for the links, or both joined by a comma
 *   ("clock,bytes"); %NULL for tasks and count
 * @node_column: (out): the nodes' column
 * @link_bytes: (out): whether links show bytes (else counts)
 *
 * Returns: %FALSE with @error (WEFT_ERROR_INVALID_ARGUMENT) for a name that is
 *   neither.
 */
gboolean
weft_chplvis_parse_graph_metric (const char               *metric,
                                 WeftChplvisLocaleColumn  *node_column,
                                 gboolean                 *link_bytes,
                                 GError                  **error)
{
  g_auto(GStrv) parts = NULL;

  g_return_val_if_fail (node_column != NULL, FALSE);
  g_return_val_if_fail (link_bytes != NULL, FALSE);

  *node_column = WEFT_CHPLVIS_LOCALE_TASKS;
  *link_bytes = FALSE;
  if (metric == NULL)
    return TRUE;

  parts = g_strsplit (metric, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *part = g_strstrip (parts[i]);
      gboolean found = FALSE;

      if (g_str_equal (part, "count") || g_str_equal (part, "bytes"))
        {
          *link_bytes = g_str_equal (part, "bytes");
          continue;
        }
      for (guint c = 0; c < WEFT_CHPLVIS_N_LOCALE_COLUMNS && !found; c++)
        if (g_str_equal (part, locale_columns[c][0]))
          {
            *node_column = c;
            found = TRUE;
          }
      if (!found)
        {
          g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                       _("Unknown metric “%s” for the graph; colour the locales by tasks, cpu, cpu_user, "
                         "cpu_sys, clock, max_concurrency, comm_out_count, comm_out_bytes, comm_in_count or "
                         "comm_in_bytes, and the links by count or bytes (e.g. “clock,bytes”)"),
                       part);
          return FALSE;
        }
    }

  return TRUE;
}

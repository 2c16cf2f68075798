/* weft-mpd-dataset.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-error.h"
#include "weft-mpd-dataset.h"

/* Beyond this many processes a process × process matrix is not readable;
 * the resource matrix is. */
#define MAX_MATRIX_PROCESSES 4096

typedef enum
{
  KIND_BODY,
  KIND_PROC,
  KIND_FINAL,
  KIND_WAIT_CALL,
  KIND_WAIT_P,
  KIND_WAIT_IN,
  KIND_CO,
  KIND_INVOCATION,
  KIND_REPLY,
  KIND_SEMAPHORE,
  KIND_FIRST_EVENT,  /* then one instant kind per WeftMpdEvent */
} Kind;

static const struct
{
  const char        *name;
  WeftEventCategory  category;
  guint32            rgba;
} kinds[KIND_FIRST_EVENT] = {
  [KIND_BODY] = { "resource body", WEFT_EVENT_INTERVAL, 0x3584e4ff },
  [KIND_PROC] = { "proc", WEFT_EVENT_INTERVAL, 0x33d17aff },
  [KIND_FINAL] = { "final", WEFT_EVENT_INTERVAL, 0x9141acff },
  [KIND_WAIT_CALL] = { "call wait", WEFT_EVENT_INTERVAL, 0xf6d32dff },
  [KIND_WAIT_P] = { "P wait", WEFT_EVENT_INTERVAL, 0xe01b24ff },
  [KIND_WAIT_IN] = { "input wait", WEFT_EVENT_INTERVAL, 0xff7800ff },
  [KIND_CO] = { "co", WEFT_EVENT_INTERVAL, 0x99c1f1ff },
  [KIND_INVOCATION] = { "invocation", WEFT_EVENT_LINK, 0x1c71d8ff },
  [KIND_REPLY] = { "reply", WEFT_EVENT_LINK, 0x26a269ff },
  [KIND_SEMAPHORE] = { "semaphore", WEFT_EVENT_LINK, 0xc01c28ff },
};

static const guint32 event_colors[WEFT_MPD_N_EVENTS] = {
  [WEFT_MPD_CALL] = 0x1c71d8ff, [WEFT_MPD_SEND] = 0x62a0eaff, [WEFT_MPD_FORWARD] = 0x1a5fb4ff,
  [WEFT_MPD_REPLY] = 0x26a269ff, [WEFT_MPD_RETURN] = 0x2ec27eff,
  [WEFT_MPD_P] = 0xe01b24ff, [WEFT_MPD_V] = 0xc01c28ff, [WEFT_MPD_CONTP] = 0xf66151ff,
  [WEFT_MPD_IN] = 0xff7800ff, [WEFT_MPD_ARM] = 0xffa348ff, [WEFT_MPD_NI] = 0xc64600ff,
};

struct _WeftMpdDataset
{
  GObject         parent_instance;

  WeftMpdModel   *model;
  WeftEventTable *events;          /* Lamport time */
  guint32         n_rows;
  guint32        *row_process;     /* [n_rows] row → its first process */
  guint32        *process_row;     /* [n_processes] process → row */
};

static void weft_mpd_dataset_iface_init (WeftDatasetInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftMpdDataset, weft_mpd_dataset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_DATASET, weft_mpd_dataset_iface_init))

static const char *const views[] = { "timeline", "comm-matrix", "values", NULL };

static void
weft_mpd_dataset_finalize (GObject *object)
{
  WeftMpdDataset *self = (WeftMpdDataset *)object;

  g_clear_pointer (&self->model, weft_mpd_model_free);
  g_clear_pointer (&self->events, weft_event_table_unref);
  g_free (self->row_process);
  g_free (self->process_row);

  G_OBJECT_CLASS (weft_mpd_dataset_parent_class)->finalize (object);
}

static void
weft_mpd_dataset_class_init (WeftMpdDatasetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = weft_mpd_dataset_finalize;
}

static void
weft_mpd_dataset_init (WeftMpdDataset *self)
{
}

/* Rows ------------------------------------------------------------------------ */

static const GPtrArray *sort_resources;

static int
compare_resource_names (gconstpointer a,
                        gconstpointer b)
{
  return strcmp (g_ptr_array_index (sort_resources, *(const guint32 *)a),
                 g_ptr_array_index (sort_resources, *(const guint32 *)b));
}

/* One row per (vm, resource, id): the lifetimes of a reused id follow each
 * other on it (a long run has millions of lifetimes but few ids). Rows are
 * grouped by VM, then resource name, in order of first event. Processes are
 * numbered in order of first event already, so a counting sort by group
 * (few: VMs × resources) orders them without comparing a million. */
static void
order_rows (WeftMpdDataset *self)
{
  const WeftMpdModel *m = self->model;
  guint n_resources = MAX (m->resources->len, 1);
  guint16 max_vm = 1;
  g_autofree guint32 *by_name = g_new (guint32, n_resources);
  g_autofree guint32 *rank = g_new (guint32, n_resources);
  g_autofree guint32 *group_start = NULL;
  g_autofree guint32 *sorted = g_new (guint32, MAX (m->n_processes, 1));
  g_autoptr(GHashTable) block_rows = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  G_LOCK_DEFINE_STATIC (sort);
  guint n_groups;
  guint32 block = G_MAXUINT32;

  /* Resources in name order (qsort has no user data in C99; the sort is
   * short and rare). */
  for (guint r = 0; r < m->resources->len; r++)
    by_name[r] = r;
  G_LOCK (sort);
  sort_resources = m->resources;
  qsort (by_name, m->resources->len, sizeof (guint32), compare_resource_names);
  sort_resources = NULL;
  G_UNLOCK (sort);
  for (guint r = 0; r < m->resources->len; r++)
    rank[by_name[r]] = r;

  for (guint32 i = 0; i < m->n_processes; i++)
    max_vm = MAX (max_vm, m->processes[i].vm);
  n_groups = (guint)max_vm * n_resources;
  group_start = g_new0 (guint32, n_groups + 1);
#define GROUP(p) (((guint)MAX ((p)->vm, 1) - 1) * n_resources + rank[(p)->resource])
  for (guint32 i = 0; i < m->n_processes; i++)
    group_start[GROUP (&m->processes[i]) + 1]++;
  for (guint g = 0; g < n_groups; g++)
    group_start[g + 1] += group_start[g];
  for (guint32 i = 0; i < m->n_processes; i++)
    sorted[group_start[GROUP (&m->processes[i])]++] = i;

  self->row_process = g_new (guint32, MAX (m->n_processes, 1));
  self->process_row = g_new (guint32, MAX (m->n_processes, 1));
  self->n_rows = 0;
  for (guint32 k = 0; k < m->n_processes; k++)
    {
      const WeftMpdProcess *p = &m->processes[sorted[k]];
      gint64 key = (gint64)p->pid;
      gpointer row;

      if (GROUP (p) != block)
        {
          g_hash_table_remove_all (block_rows);
          block = GROUP (p);
        }
      if (!g_hash_table_lookup_extended (block_rows, &key, NULL, &row))
        {
          row = GUINT_TO_POINTER (self->n_rows);
          self->row_process[self->n_rows++] = sorted[k];
          g_hash_table_insert (block_rows, g_memdup2 (&key, sizeof key), row);
        }
      self->process_row[sorted[k]] = GPOINTER_TO_UINT (row);
    }
#undef GROUP
}

/* Filling the builder from a thread per processor
 * (weft_event_table_builder_fill_by_rows): each part adds the bodies, waits
 * and events of its rows and every link leaving one of them. Labels are all
 * interned before. A row's events come in the order one thread would add
 * them. */
typedef struct
{
  WeftMpdDataset        *self;
  WeftEventTableBuilder *builder;
  WeftLoadContext       *context;
  const guint16         *kind_ids;
  const guint32         *location_labels;
  const guint32         *name_labels;
  gboolean               lamport;
} FillJob;

/* Lifetimes, waits and links name records anywhere in the trace's hundreds of
 * megabytes, so each of their loop turns waited on two to four cache misses
 * (the record's process, Lamport time and location): half of the fill's time
 * on a 10^7-line trace. They are asked for this many turns ahead. Always
 * inlined: GCC finds a function of prefetches alone pure, and drops the
 * calls. */
#define FILL_AHEAD 16
#define RECORDS_AHEAD 128

static G_ALWAYS_INLINE inline void
prefetch_record (const WeftMpdModel *m,
                 guint32             record)
{
  __builtin_prefetch (&m->record_process[record]);
  __builtin_prefetch (&m->lamport[record]);
  __builtin_prefetch (&m->trace->records[record].location);
}

static void
fill_part (guint    part,
           guint    n_parts,
           gpointer data)
{
  FillJob *job = data;
  const WeftMpdModel *m = job->self->model;
  const WeftMpdTrace *t = m->trace;
  const guint32 *process_row = job->self->process_row;
  WeftEventTableBuilder *builder = job->builder;
  gboolean lamport = job->lamport;
  gboolean adds_instants = TRUE;
  gboolean adds_others = TRUE;

  /* Bodies, waits and links name records anywhere in the trace, and a part
   * finds their row only by reading the record: with the parts split by rows
   * alone, every part made those random reads for every one of them. Half the
   * parts add the instants (one per record, read in order) and the other half
   * everything else, each half split by rows. On a 10^7-line trace the
   * instants take 350-460 ms and the rest 490-570 ms (two parts). */
  if (n_parts % 2 == 0)
    {
      guint half = n_parts / 2;

      adds_instants = part < half;
      adds_others = !adds_instants;
      part %= half;
      n_parts = half;
    }

#define MINE(row) weft_event_table_part_has_row ((row), part, n_parts)

  for (guint32 i = 0; adds_others && i < m->n_processes; i++)
    {
      const WeftMpdProcess *p = &m->processes[i];
      Kind kind = p->start_event == WEFT_MPD_BODY ? KIND_BODY : p->start_event == WEFT_MPD_FINAL ? KIND_FINAL : KIND_PROC;

      if (!MINE (process_row[i]))
        continue;
      if (lamport && i + FILL_AHEAD < m->n_processes)
        {
          __builtin_prefetch (&m->lamport[m->processes[i + FILL_AHEAD].first_record]);
          __builtin_prefetch (&m->lamport[m->processes[i + FILL_AHEAD].last_record]);
        }
      weft_event_table_builder_add_interval (builder, process_row[i],
                                             weft_mpd_model_time (m, lamport, p->first_record),
                                             weft_mpd_model_time (m, lamport, p->last_record),
                                             job->kind_ids[kind],
                                             job->name_labels[p->name],
                                             p->first_record);
    }
  for (gsize i = 0; adds_others && i < m->n_waits; i++)
    {
      const WeftMpdWait *w = &m->waits[i];
      guint32 row;

      if (i + FILL_AHEAD < m->n_waits)
        prefetch_record (m, m->waits[i + FILL_AHEAD].begin_record);
      row = process_row[m->record_process[w->begin_record]];

      if (!MINE (row))
        continue;
      weft_event_table_builder_add_interval (builder, row,
                                             weft_mpd_model_time (m, lamport, w->begin_record),
                                             weft_mpd_model_time (m, lamport, w->end_record),
                                             job->kind_ids[KIND_WAIT_CALL + w->kind],
                                             job->location_labels[t->records[w->begin_record].location],
                                             w->begin_record);
    }
  for (gsize i = 0; adds_instants && i < t->n_records; i++)
    {
      guint32 row = process_row[m->record_process[i]];

      /* Read front to back, but the processor's own prefetching stops at
       * every page boundary: every other record starts a cache line. */
      if ((i & 1) == 0 && i + RECORDS_AHEAD < t->n_records)
        {
          __builtin_prefetch (&t->records[i + RECORDS_AHEAD]);
          if ((i & 7) == 0)
            __builtin_prefetch (&m->lamport[i + RECORDS_AHEAD]);
        }
      if ((i & 0xfffff) == 0 && job->context != NULL && weft_load_context_is_cancelled (job->context))
        return;
      if (!MINE (row))
        continue;
      weft_event_table_builder_add_instant (builder, row,
                                            weft_mpd_model_time (m, lamport, (guint32)i),
                                            job->kind_ids[KIND_FIRST_EVENT + t->records[i].event],
                                            job->location_labels[t->records[i].location], (guint32)i);
    }
  for (gsize i = 0; adds_others && i < m->n_links; i++)
    {
      const WeftMpdLink *l = &m->links[i];
      guint32 row;

      if (i + FILL_AHEAD < m->n_links)
        {
          prefetch_record (m, m->links[i + FILL_AHEAD].from_record);
          prefetch_record (m, m->links[i + FILL_AHEAD].to_record);
        }
      row = process_row[m->record_process[l->from_record]];

      if (!MINE (row))
        continue;
      weft_event_table_builder_add_link (builder,
                                         row,
                                         weft_mpd_model_time (m, lamport, l->from_record),
                                         process_row[m->record_process[l->to_record]],
                                         weft_mpd_model_time (m, lamport, l->to_record),
                                         job->kind_ids[KIND_INVOCATION + l->kind], 1,
                                         job->location_labels[t->records[l->from_record].location],
                                         l->from_record);
    }

#undef MINE
}

/* A timeline row's name: its proc and process id, since the row's group
 * names the virtual machine and resource ("user 80623F10" under "vm(1) main";
 * the full "vm(1).main.user 80623F10" left only a shared prefix in view). */
static char *
dup_row_label (const WeftMpdModel *m,
               guint32             process,
               const char         *resource)
{
  const WeftMpdProcess *p = &m->processes[process];
  const char *name = weft_string_pool_lookup (m->trace->names, p->name);
  gsize len = strlen (resource);

  if (strncmp (name, resource, len) == 0 && name[len] == '.' && name[len + 1] != '\0')
    name += len + 1;

  return g_strdup_printf ("%s %" G_GINT64_MODIFIER "X", name, p->pid);
}

WeftEventTable *
weft_mpd_dataset_dup_event_table (WeftMpdDataset   *self,
                                  gboolean          lamport,
                                  WeftLoadContext  *context,
                                  GError          **error)
{
  const WeftMpdModel *m;
  const WeftMpdTrace *t;
  WeftEventTableBuilder *builder;
  guint16 kind_ids[KIND_FIRST_EVENT + WEFT_MPD_N_EVENTS];
  guint32 *location_labels;
  g_autofree guint32 *name_labels = NULL;
  FillJob job = { 0 };
  WeftEventTable *table;

  g_return_val_if_fail (WEFT_IS_MPD_DATASET (self), NULL);

  if (lamport && self->events != NULL)
    return weft_event_table_ref (self->events);

  m = self->model;
  t = m->trace;
  builder = weft_event_table_builder_new (WEFT_TIME_LOGICAL);
  for (guint k = 0; k < KIND_FIRST_EVENT; k++)
    kind_ids[k] = weft_event_table_builder_add_kind (builder, kinds[k].name, kinds[k].category, kinds[k].rgba);
  for (guint e = 0; e < WEFT_MPD_N_EVENTS; e++)
    kind_ids[KIND_FIRST_EVENT + e] = weft_event_table_builder_add_kind (builder, weft_mpd_event_name (e),
                                                                         WEFT_EVENT_INSTANT,
                                                                         event_colors[e] != 0 ? event_colors[e] : 0x77767bff);

  for (guint32 row = 0; row < self->n_rows; row++)
    {
      const WeftMpdProcess *p = &m->processes[self->row_process[row]];
      const char *resource = g_ptr_array_index (m->resources, p->resource);
      g_autofree char *label = dup_row_label (m, self->row_process[row], resource);
      g_autofree char *group = m->n_vms > 1 ? g_strdup_printf ("vm(%u) %s", MAX (p->vm, 1), resource)
                                            : g_strdup (resource);

      weft_event_table_builder_add_row (builder, label, group);
    }

  /* Events are labelled with their source location. */
  location_labels = g_new (guint32, MAX (t->n_locations, 1));
  for (guint32 l = 0; l < t->n_locations; l++)
    {
      g_autofree char *text = weft_mpd_trace_dup_location (t, l);

      location_labels[l] = weft_event_table_builder_intern (builder, text);
    }

  /* Bodies are labelled with their proc's name: interned once per name, not
   * once per lifetime (a long run has millions), all before the filling
   * threads start, in the order of the processes. */
  name_labels = g_new (guint32, MAX (weft_string_pool_get_size (t->names), 1));
  for (guint32 n = 0; n < weft_string_pool_get_size (t->names); n++)
    name_labels[n] = G_MAXUINT32;
  for (guint32 i = 0; i < m->n_processes; i++)
    {
      guint32 name = m->processes[i].name;

      if (name_labels[name] == G_MAXUINT32)
        name_labels[name] = weft_event_table_builder_intern (builder, weft_string_pool_lookup (t->names, name));
    }

  /* Every record is an instant of its process's row: counted ahead, they
   * are written straight into the table's columns. */
  {
    g_autofree gsize *counts = g_new0 (gsize, MAX (self->n_rows, 1));

    for (gsize i = 0; i < t->n_records; i++)
      counts[self->process_row[m->record_process[i]]]++;
    weft_event_table_builder_reserve_instants (builder, counts);
  }

  job = (FillJob) { self, builder, context, kind_ids, location_labels, name_labels, lamport };
  if (!weft_event_table_builder_fill_by_rows (builder, fill_part, &job, context, error))
    {
      g_free (location_labels);
      weft_event_table_builder_free (builder);
      return NULL;
    }
  g_free (location_labels);

  table = weft_event_table_builder_finish (builder, context, error);
  weft_event_table_builder_free (builder);

  return table;
}

WeftMpdDataset *
weft_mpd_dataset_new (WeftMpdModel     *model,
                      WeftLoadContext  *context,
                      GError          **error)
{
  g_autoptr(WeftMpdDataset) self = g_object_new (WEFT_TYPE_MPD_DATASET, NULL);

  self->model = model;
  order_rows (self);
  self->events = weft_mpd_dataset_dup_event_table (self, TRUE, context, error);
  if (self->events == NULL)
    return NULL;

  return g_steal_pointer (&self);
}

const WeftMpdModel *
weft_mpd_dataset_get_model (WeftMpdDataset *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_DATASET (self), NULL);

  return self->model;
}

guint32
weft_mpd_dataset_row_process (WeftMpdDataset *self,
                              guint           row)
{
  g_return_val_if_fail (WEFT_IS_MPD_DATASET (self), WEFT_MPD_NONE);

  return row < self->n_rows ? self->row_process[row] : WEFT_MPD_NONE;
}

/* Views ---------------------------------------------------------------------- */

static WeftMatrix *
weft_mpd_dataset_dup_matrix (WeftDataset            *dataset,
                             const char             *view,
                             const WeftViewOptions  *options,
                             GError                **error)
{
  WeftMpdDataset *self = WEFT_MPD_DATASET (dataset);
  const WeftMpdModel *m = self->model;
  const char *kind = options != NULL ? options->kind : NULL;
  gboolean by_resource;
  WeftMatrix *matrix;
  gsize n;

  if (g_strcmp0 (view, "comm-matrix") != 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("An MPD trace has no matrix view “%s”; it has comm-matrix"), view);
      return NULL;
    }
  if (kind != NULL && !g_str_equal (kind, "processes") && !g_str_equal (kind, "resources"))
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("Unknown kind “%s” for the invocation matrix; use processes or resources"), kind);
      return NULL;
    }
  if (options != NULL && options->metric != NULL && !g_str_equal (options->metric, "count"))
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("Unknown metric “%s” for the invocation matrix; use count"), options->metric);
      return NULL;
    }
  by_resource = g_strcmp0 (kind, "resources") == 0;
  n = by_resource ? m->resources->len : self->n_rows;
  if (!by_resource && n > MAX_MATRIX_PROCESSES)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("The trace has %zu process ids, too many for a process matrix; use --kind resources"), n);
      return NULL;
    }

  matrix = weft_matrix_new_2d (n, n);
  weft_matrix_set_title (matrix, by_resource ? _("Invocations between resources") : _("Invocations between processes"));
  weft_matrix_set_value_name (matrix, "invocations");
  weft_matrix_set_dim_name (matrix, 0, by_resource ? "from resource" : "from process");
  weft_matrix_set_dim_name (matrix, 1, by_resource ? "to resource" : "to process");
  for (gsize i = 0; i < n; i++)
    {
      g_autofree char *label = by_resource ? g_strdup (g_ptr_array_index (m->resources, i))
                                           : weft_mpd_model_dup_process_label (m, self->row_process[i]);

      weft_matrix_set_dim_label (matrix, 0, i, label);
      weft_matrix_set_dim_label (matrix, 1, i, label);
    }
  for (gsize i = 0; i < m->n_links; i++)
    {
      const WeftMpdLink *l = &m->links[i];
      guint32 from = m->record_process[l->from_record];
      guint32 to = m->record_process[l->to_record];
      gint64 t = weft_mpd_model_time (m, TRUE, l->from_record);

      if (l->kind != WEFT_MPD_LINK_INVOCATION)
        continue;
      if (options != NULL && options->has_range && (t < options->range.begin || t >= options->range.end))
        continue;
      if (by_resource)
        weft_matrix_add_2d (matrix, m->processes[from].resource, m->processes[to].resource, 1);
      else
        weft_matrix_add_2d (matrix, self->process_row[from], self->process_row[to], 1);
    }

  return matrix;
}

static WeftValueTable *
weft_mpd_dataset_dup_values (WeftDataset            *dataset,
                             const char             *view,
                             const WeftViewOptions  *options,
                             GError                **error)
{
  WeftMpdDataset *self = WEFT_MPD_DATASET (dataset);
  const WeftMpdModel *m = self->model;
  const WeftMpdTrace *t = m->trace;
  g_autofree guint64 *counts = NULL;
  int column_of[WEFT_MPD_N_EVENTS];
  guint n_columns = 0;
  WeftValueTable *values;

  if (g_strcmp0 (view, "values") != 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("An MPD trace has no values view “%s”; it has values"), view);
      return NULL;
    }

  for (guint e = 0; e < WEFT_MPD_N_EVENTS; e++)
    column_of[e] = t->event_counts[e] > 0 ? (int)n_columns++ : -1;
  counts = g_new0 (guint64, (gsize)MAX (self->n_rows, 1) * (n_columns + 1));
  for (gsize i = 0; i < t->n_records; i++)
    {
      guint32 row = self->process_row[m->record_process[i]];

      counts[(gsize)row * (n_columns + 1) + (guint)column_of[t->records[i].event]]++;
      counts[(gsize)row * (n_columns + 1) + n_columns]++;
    }

  values = weft_value_table_new (self->n_rows, n_columns + 1);
  weft_value_table_set_title (values, _("Events per process"));
  for (guint e = 0; e < WEFT_MPD_N_EVENTS; e++)
    if (column_of[e] >= 0)
      weft_value_table_set_column (values, (guint)column_of[e], weft_mpd_event_name (e), "events");
  weft_value_table_set_column (values, n_columns, "events", "events");
  for (guint32 row = 0; row < self->n_rows; row++)
    {
      g_autofree char *label = weft_mpd_model_dup_process_label (m, self->row_process[row]);

      weft_value_table_set_row_name (values, row, label);
      for (guint c = 0; c <= n_columns; c++)
        weft_value_table_set (values, row, c, (double)counts[(gsize)row * (n_columns + 1) + c]);
    }

  return values;
}

/* JSON (weft-cli info --json) -------------------------------------------------- */

static void
weft_mpd_dataset_add_json (WeftDataset *dataset,
                           JsonBuilder *builder)
{
  const WeftMpdModel *m = WEFT_MPD_DATASET (dataset)->model;
  const WeftMpdTrace *t = m->trace;

  json_builder_set_member_name (builder, "mpdtrace");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "processes");
  json_builder_add_int_value (builder, m->n_processes);
  json_builder_set_member_name (builder, "process_ids");
  json_builder_add_int_value (builder, m->n_process_ids);
  json_builder_set_member_name (builder, "resources");
  json_builder_add_int_value (builder, m->resources->len);
  json_builder_set_member_name (builder, "vms");
  json_builder_add_int_value (builder, m->n_vms);
  json_builder_set_member_name (builder, "semaphores");
  json_builder_add_int_value (builder, m->n_semaphores);
  json_builder_set_member_name (builder, "events");
  json_builder_begin_object (builder);
  for (guint e = 0; e < WEFT_MPD_N_EVENTS; e++)
    if (t->event_counts[e] > 0)
      {
        json_builder_set_member_name (builder, weft_mpd_event_name (e));
        json_builder_add_int_value (builder, (gint64)t->event_counts[e]);
      }
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "messages");
  json_builder_add_int_value (builder, (gint64)m->n_messages);
  json_builder_set_member_name (builder, "lines");
  json_builder_add_int_value (builder, (gint64)t->n_records);
  json_builder_set_member_name (builder, "lamport_max");
  json_builder_add_int_value (builder, m->max_lamport);
  json_builder_end_object (builder);
}

/* WeftDataset ---------------------------------------------------------------- */

static const char *
weft_mpd_dataset_get_family (WeftDataset *dataset)
{
  return "mpdtrace";
}

static const char *
weft_mpd_dataset_get_format_version (WeftDataset *dataset)
{
  return NULL;
}

static GStrv
weft_mpd_dataset_dup_sources (WeftDataset *dataset)
{
  const WeftMpdModel *m = WEFT_MPD_DATASET (dataset)->model;
  GStrv strv = g_new0 (char *, 2);

  strv[0] = g_strdup (m->trace->source);

  return strv;
}

static WeftEventTable *
weft_mpd_dataset_get_event_table (WeftDataset *dataset)
{
  return WEFT_MPD_DATASET (dataset)->events;
}

/* Logical time: there is no wall-clock range. */
static gboolean
weft_mpd_dataset_get_time_range (WeftDataset *dataset,
                                 double      *begin_s,
                                 double      *end_s)
{
  return FALSE;
}

static guint
weft_mpd_dataset_get_n_rows (WeftDataset *dataset)
{
  return WEFT_MPD_DATASET (dataset)->n_rows;
}

static const char *const *
weft_mpd_dataset_list_views (WeftDataset *dataset)
{
  return views;
}

static void
weft_mpd_dataset_iface_init (WeftDatasetInterface *iface)
{
  iface->get_family = weft_mpd_dataset_get_family;
  iface->get_format_version = weft_mpd_dataset_get_format_version;
  iface->dup_sources = weft_mpd_dataset_dup_sources;
  iface->get_event_table = weft_mpd_dataset_get_event_table;
  iface->get_time_range = weft_mpd_dataset_get_time_range;
  iface->get_n_rows = weft_mpd_dataset_get_n_rows;
  iface->list_views = weft_mpd_dataset_list_views;
  iface->add_json = weft_mpd_dataset_add_json;
  iface->dup_matrix = weft_mpd_dataset_dup_matrix;
  iface->dup_values = weft_mpd_dataset_dup_values;
}

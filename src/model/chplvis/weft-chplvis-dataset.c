/* weft-chplvis-dataset.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-chplvis-dataset.h"
#include "weft-chplvis-figures.h"
#include "weft-error.h"

/* The event-table kinds, in the order they are added. */
typedef enum
{
  KIND_MAIN_TASK,
  KIND_LOCAL_TASK,
  KIND_ON_TASK,
  KIND_VDB_TASK,
  KIND_TAG,
  KIND_PAUSE,
  KIND_GET,        /* KIND_GET + (record kind − WEFT_CHPLVIS_RECORD_GET) */
  KIND_NB_GET,
  KIND_ST_GET,
  KIND_PUT,
  KIND_NB_PUT,
  KIND_ST_PUT,
  KIND_FORK,
  KIND_FORK_NB,
  KIND_F_FORK,
  KIND_VDB_COMM,
  KIND_VDB_FORK,
  N_KINDS
} Kind;

/* A VisualDebug comm link whose issuing locale is its to_row (a get). */
#define REF_ISSUED_BY_TO_ROW 0x80000000u

static const struct
{
  const char        *name;
  WeftEventCategory  category;
  guint32            rgba;
} kinds[N_KINDS] = {
  [KIND_MAIN_TASK] = { "main task", WEFT_EVENT_INTERVAL, 0x3584e4ff },
  [KIND_LOCAL_TASK] = { "local task", WEFT_EVENT_INTERVAL, 0x33d17aff },
  [KIND_ON_TASK] = { "on task", WEFT_EVENT_INTERVAL, 0xff7800ff },
  [KIND_VDB_TASK] = { "VisualDebug task", WEFT_EVENT_INTERVAL, 0x9a999680 },
  [KIND_TAG] = { "tag", WEFT_EVENT_INSTANT, 0xe01b24ff },
  [KIND_PAUSE] = { "pause", WEFT_EVENT_INSTANT, 0xf6d32dff },
  [KIND_GET] = { "get", WEFT_EVENT_LINK, 0x1c71d8ff },
  [KIND_NB_GET] = { "nb_get", WEFT_EVENT_LINK, 0x62a0eaff },
  [KIND_ST_GET] = { "st_get", WEFT_EVENT_LINK, 0x1a5fb4ff },
  [KIND_PUT] = { "put", WEFT_EVENT_LINK, 0xe66100ff },
  [KIND_NB_PUT] = { "nb_put", WEFT_EVENT_LINK, 0xffa348ff },
  [KIND_ST_PUT] = { "st_put", WEFT_EVENT_LINK, 0xc64600ff },
  [KIND_FORK] = { "fork", WEFT_EVENT_LINK, 0x26a269ff },
  [KIND_FORK_NB] = { "fork_nb", WEFT_EVENT_LINK, 0x57e389ff },
  [KIND_F_FORK] = { "f_fork", WEFT_EVENT_LINK, 0x2ec27eff },
  [KIND_VDB_COMM] = { "VisualDebug comm", WEFT_EVENT_LINK, 0x77767b80 },
  [KIND_VDB_FORK] = { "VisualDebug fork", WEFT_EVENT_LINK, 0x77767b80 },
};

struct _WeftChplvisDataset
{
  GObject           parent_instance;

  WeftChplvisTrace *trace;
  WeftEventTable   *events;
  guint16           kind_ids[N_KINDS];
};

static void weft_chplvis_dataset_iface_init (WeftDatasetInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftChplvisDataset, weft_chplvis_dataset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_DATASET, weft_chplvis_dataset_iface_init))

static const char *const views[] = { "timeline", "comm-matrix", "values", "graph", "profile", NULL };

static void
weft_chplvis_dataset_finalize (GObject *object)
{
  WeftChplvisDataset *self = (WeftChplvisDataset *)object;

  g_clear_pointer (&self->trace, weft_chplvis_trace_free);
  g_clear_pointer (&self->events, weft_event_table_unref);

  G_OBJECT_CLASS (weft_chplvis_dataset_parent_class)->finalize (object);
}

static void
weft_chplvis_dataset_class_init (WeftChplvisDatasetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = weft_chplvis_dataset_finalize;
}

static void
weft_chplvis_dataset_init (WeftChplvisDataset *self)
{
}

/* Timeline ------------------------------------------------------------------- */

static Kind
task_kind (guint8 flags)
{
  if (flags & WEFT_CHPLVIS_TASK_MAIN)
    return KIND_MAIN_TASK;
  if (flags & (WEFT_CHPLVIS_TASK_OVERHEAD | WEFT_CHPLVIS_TASK_ERASED))
    return KIND_VDB_TASK;
  if (flags & WEFT_CHPLVIS_TASK_ON)
    return KIND_ON_TASK;

  return KIND_LOCAL_TASK;
}

/* The times of @locale's pauses in file order, each raised to the latest
 * before it: non-decreasing, so that unlogged_end() can bisect, and the first
 * entry >= a time is the time of the first pause (in file order) at or after
 * it. Returns how many. */
static guint32
pause_times (const WeftChplvisLocale *locale,
             gint64                  *times)
{
  guint32 n = 0;

  for (guint32 i = 0; i < locale->n_marks; i++)
    if (locale->marks[i].kind == WEFT_CHPLVIS_MARK_PAUSE)
      {
        times[n] = n > 0 ? MAX (times[n - 1], locale->marks[i].sample.time) : locale->marks[i].sample.time;
        n++;
      }

  return n;
}

/* A task without Etask ended while logging was off (during a pause: the Etask
 * is not written then) or was still running at End. Show it up to the first
 * pause after it began, else to the end of the locale's data. */
static gint64
unlogged_end (const WeftChplvisTrace *trace,
              const gint64           *pauses,
              guint32                 n_pauses,
              gint64                  begin,
              gint64                  locale_end)
{
  guint32 lo = 0, hi = n_pauses;

  while (lo < hi)
    {
      guint32 mid = lo + (hi - lo) / 2;

      if (pauses[mid] < begin)
        lo = mid + 1;
      else
        hi = mid;
    }

  return lo < n_pauses ? weft_chplvis_time_to_ns (trace, pauses[lo]) : locale_end;
}

/* Filling the builder from a thread per processor
 * (weft_event_table_builder_fill_by_rows, a row per locale): each part adds
 * the intervals and instants of its locales and every link leaving one of its
 * rows (a get leaves the peer's row). Labels are all interned before, in the
 * order a single pass would intern them. */
typedef struct
{
  WeftChplvisDataset     *self;
  WeftEventTableBuilder  *builder;
  WeftLoadContext        *context;
  const guint32          *function_labels; /* fid → label (0 = none) */
  guint                   n_functions;
  const guint32          *tag_labels;      /* tag → label, [n_tags] = "Start" */
  guint32                 main_label;
} FillJob;

static inline guint32
fid_label (const FillJob *job,
           int            fid)
{
  return fid >= 0 && (guint)fid < job->n_functions ? job->function_labels[fid] : 0;
}

static void
fill_tasks_and_marks (const FillJob *job,
                      guint          l)
{
  WeftChplvisDataset *self = job->self;
  const WeftChplvisTrace *trace = self->trace;
  const WeftChplvisLocale *locale = trace->locales[l];
  const WeftChplvisTasks *t = &locale->tasks;
  g_autofree gint64 *pauses = g_new (gint64, MAX (locale->n_marks, 1));
  guint32 n_pauses = pause_times (locale, pauses);
  gint64 locale_end = weft_chplvis_time_to_ns (trace, weft_chplvis_locale_get_end_time (locale));

  for (guint32 i = 0; i < t->n; i++)
    {
      guint8 flags = t->flags[i];
      gint64 begin, end;

      if (!(flags & WEFT_CHPLVIS_TASK_HAS_BEGIN))
        continue;
      begin = weft_chplvis_time_to_ns (trace, t->begin_time[i]);
      end = (flags & WEFT_CHPLVIS_TASK_HAS_END) ? weft_chplvis_time_to_ns (trace, t->end_time[i])
                                                : unlogged_end (trace, pauses, n_pauses, t->begin_time[i], locale_end);
      /* Timestamps of one file are not in order: never a negative length. */
      end = MAX (end, begin);
      weft_event_table_builder_add_interval (job->builder, l, begin, end, self->kind_ids[task_kind (flags)],
                                             (flags & WEFT_CHPLVIS_TASK_MAIN) ? job->main_label : fid_label (job, t->fid[i]),
                                             i);
    }

  for (guint32 i = 0; i < locale->n_marks; i++)
    {
      const WeftChplvisMark *mark = &locale->marks[i];
      guint32 label;

      if (mark->kind == WEFT_CHPLVIS_MARK_END)
        continue;
      label = mark->tag >= 0 && (guint)mark->tag < trace->n_tags ? job->tag_labels[mark->tag] : job->tag_labels[trace->n_tags];
      weft_event_table_builder_add_instant (job->builder, l, weft_chplvis_time_to_ns (trace, mark->sample.time),
                                            self->kind_ids[mark->kind == WEFT_CHPLVIS_MARK_TAG ? KIND_TAG : KIND_PAUSE],
                                            label, i);
    }
}

/* The links of locale @l's records that leave a row of @part. */
static void
fill_links (const FillJob *job,
            guint          l,
            guint          part,
            guint          n_parts)
{
  WeftChplvisDataset *self = job->self;
  const WeftChplvisTrace *trace = self->trace;
  const WeftChplvisLocale *locale = trace->locales[l];
  const WeftChplvisComms *c = &locale->comms;
  const WeftChplvisForks *f = &locale->forks;
  gboolean own_locale = weft_event_table_part_has_row (l, part, n_parts);

  for (guint32 i = 0; i < c->n; i++)
    {
      gboolean is_get = weft_chplvis_record_kind_is_get (c->kind[i]);
      gboolean overhead = (c->flags[i] & WEFT_CHPLVIS_COMM_OVERHEAD) != 0;
      guint peer = c->peer[i];
      gint64 time;
      Kind kind;

      if (peer >= trace->n_locales || (is_get ? !weft_event_table_part_has_row (peer, part, n_parts) : !own_locale))
        continue;
      time = weft_chplvis_time_to_ns (trace, c->time[i]);
      kind = overhead ? KIND_VDB_COMM : (Kind)(KIND_GET + (c->kind[i] - WEFT_CHPLVIS_RECORD_GET));
      weft_event_table_builder_add_link (job->builder,
                                         is_get ? peer : l, time,
                                         is_get ? l : peer, time,
                                         self->kind_ids[kind], weft_chplvis_comms_get_bytes (c, i), 0,
                                         i | (overhead && is_get ? REF_ISSUED_BY_TO_ROW : 0));
    }

  if (!own_locale)
    return;
  for (guint32 i = 0; i < f->n; i++)
    {
      gboolean overhead = (f->flags[i] & WEFT_CHPLVIS_COMM_OVERHEAD) != 0;
      guint peer = f->peer[i];
      gint64 time;
      Kind kind;

      if (peer >= trace->n_locales)
        continue;
      time = weft_chplvis_time_to_ns (trace, f->time[i]);
      kind = overhead ? KIND_VDB_FORK : (Kind)(KIND_GET + (f->kind[i] - WEFT_CHPLVIS_RECORD_GET));
      weft_event_table_builder_add_link (job->builder, l, time, peer, time, self->kind_ids[kind], weft_chplvis_forks_get_arg_size (f, i),
                                         fid_label (job, f->fid[i]), i);
    }
}

static void
fill_part (guint    part,
           guint    n_parts,
           gpointer data)
{
  FillJob *job = data;
  const WeftChplvisTrace *trace = job->self->trace;

  for (guint l = 0; l < trace->n_locales; l++)
    {
      if (trace->locales[l] == NULL)
        continue;
      if (weft_load_context_is_cancelled (job->context))
        break;
      if (weft_event_table_part_has_row (l, part, n_parts))
        fill_tasks_and_marks (job, l);
      fill_links (job, l, part, n_parts);
    }
}

/* Interns the function names tasks and forks use, in the order one pass
 * over the locales meets them (so that label ids do not depend on the
 * number of threads). */
static void
intern_function_labels (const WeftChplvisTrace *trace,
                        WeftEventTableBuilder  *builder,
                        guint32                *labels,
                        guint                   n_functions)
{
  gboolean *done = g_new0 (gboolean, MAX (n_functions, 1));

  for (guint l = 0; l < trace->n_locales; l++)
    {
      const WeftChplvisLocale *locale = trace->locales[l];
      const gint32 *fids[2];
      guint32 n[2];

      if (locale == NULL)
        continue;
      fids[0] = locale->tasks.fid;
      n[0] = locale->tasks.n;
      fids[1] = locale->forks.fid;
      n[1] = locale->forks.n;
      for (guint k = 0; k < 2; k++)
        for (guint32 i = 0; i < n[k]; i++)
          {
            int fid = fids[k][i];
            const WeftChplvisFunction *function;

            if (k == 0 && (locale->tasks.flags[i] & WEFT_CHPLVIS_TASK_MAIN))
              continue;
            if (fid < 0 || (guint)fid >= n_functions || done[fid])
              continue;
            if (k == 0 && !(locale->tasks.flags[i] & WEFT_CHPLVIS_TASK_HAS_BEGIN))
              continue;
            if (k == 1 && locale->forks.peer[i] >= trace->n_locales)
              continue;
            done[fid] = TRUE;
            function = weft_chplvis_trace_get_function (trace, fid);
            labels[fid] = function != NULL ? weft_event_table_builder_intern (builder, function->name) : 0;
          }
    }
  g_free (done);
}

static WeftEventTable *
build_event_table (WeftChplvisDataset  *self,
                   WeftLoadContext     *context,
                   GError             **error)
{
  const WeftChplvisTrace *trace = self->trace;
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  guint n_functions = weft_chplvis_trace_get_n_functions (trace);
  g_autofree guint32 *function_labels = g_new0 (guint32, MAX (n_functions, 1));
  g_autofree guint32 *tag_labels = g_new0 (guint32, trace->n_tags + 1);
  FillJob job = { 0 };

  weft_event_table_builder_set_origin (builder, trace->origin * 1000);

  for (guint k = 0; k < N_KINDS; k++)
    self->kind_ids[k] = weft_event_table_builder_add_kind (builder, kinds[k].name, kinds[k].category, kinds[k].rgba);

  for (guint i = 0; i < trace->n_locales; i++)
    {
      g_autofree char *name = g_strdup_printf ("locale %u", i);

      weft_event_table_builder_add_row (builder, name, "Locales");
    }

  for (guint i = 0; i < trace->n_tags; i++)
    {
      g_autofree char *name = weft_chplvis_dup_tag_name (trace, (int)i);

      tag_labels[i] = weft_event_table_builder_intern (builder, name);
    }
  tag_labels[trace->n_tags] = weft_event_table_builder_intern (builder, "Start");

  /* "main" first: locale 0's first task is the main task. */
  if (trace->n_locales > 0 && trace->locales[0] != NULL && trace->locales[0]->tasks.n > 0 &&
      (trace->locales[0]->tasks.flags[0] & WEFT_CHPLVIS_TASK_MAIN))
    job.main_label = weft_event_table_builder_intern (builder, "main");
  intern_function_labels (trace, builder, function_labels, n_functions);

  job.self = self;
  job.builder = builder;
  job.context = context;
  job.function_labels = function_labels;
  job.n_functions = n_functions;
  job.tag_labels = tag_labels;
  if (!weft_event_table_builder_fill_by_rows (builder, fill_part, &job, context, error))
    return NULL;

  return weft_event_table_builder_finish (builder, context, error);
}

/**
 * weft_chplvis_dataset_new:
 * @trace: (transfer full): the run
 *
 * Builds the timeline of @trace; the dataset owns the trace afterwards.
 *
 * Returns: (transfer full): the dataset, or %NULL with @error set (cancelled).
 */
WeftChplvisDataset *
weft_chplvis_dataset_new (WeftChplvisTrace  *trace,
                          WeftLoadContext   *context,
                          GError           **error)
{
  g_autoptr(WeftChplvisDataset) self = NULL;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (context != NULL, NULL);

  self = g_object_new (WEFT_TYPE_CHPLVIS_DATASET, NULL);
  self->trace = trace;
  self->events = build_event_table (self, context, error);
  if (self->events == NULL)
    return NULL;

  return g_steal_pointer (&self);
}

/**
 * weft_chplvis_dataset_get_trace:
 *
 * Returns: (transfer none): the run, for the functions of weft-chplvis-reduce.h.
 */
const WeftChplvisTrace *
weft_chplvis_dataset_get_trace (WeftChplvisDataset *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_DATASET (self), NULL);

  return self->trace;
}

guint
weft_chplvis_dataset_get_n_locales (WeftChplvisDataset *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_DATASET (self), 0);

  return self->trace->n_locales;
}

/**
 * weft_chplvis_dataset_get_complete:
 *
 * Returns: %FALSE when a locale file is missing or has no End record (the
 *   warnings say which).
 */
gboolean
weft_chplvis_dataset_get_complete (WeftChplvisDataset *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_DATASET (self), FALSE);

  return self->trace->complete;
}

/**
 * weft_chplvis_dataset_lookup_event:
 * @kind: the event's kind in the event table
 * @row: its row (a link's from_row)
 * @to_row: a link's to_row (ignored otherwise)
 * @ref: its ref
 *
 * Finds the record behind an event of the timeline.
 *
 * Returns: %FALSE when the event is not one of this dataset's.
 */
gboolean
weft_chplvis_dataset_lookup_event (WeftChplvisDataset  *self,
                                   guint16              kind,
                                   guint                row,
                                   guint                to_row,
                                   guint32              ref,
                                   WeftChplvisEventRef *event)
{
  const WeftChplvisLocale *locale;
  Kind k;

  g_return_val_if_fail (WEFT_IS_CHPLVIS_DATASET (self), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);

  memset (event, 0, sizeof *event);
  for (k = 0; k < N_KINDS; k++)
    if (self->kind_ids[k] == kind)
      break;
  if (k == N_KINDS || row >= self->trace->n_locales)
    return FALSE;

  switch (k)
    {
    case KIND_MAIN_TASK:
    case KIND_LOCAL_TASK:
    case KIND_ON_TASK:
    case KIND_VDB_TASK:
      event->type = WEFT_CHPLVIS_EVENT_TASK;
      event->locale = row;
      break;

    case KIND_TAG:
    case KIND_PAUSE:
      event->type = WEFT_CHPLVIS_EVENT_MARK;
      event->locale = row;
      break;

    case KIND_GET:
    case KIND_NB_GET:
    case KIND_ST_GET:
      event->type = WEFT_CHPLVIS_EVENT_COMM;
      event->locale = to_row;
      break;

    case KIND_PUT:
    case KIND_NB_PUT:
    case KIND_ST_PUT:
      event->type = WEFT_CHPLVIS_EVENT_COMM;
      event->locale = row;
      break;

    case KIND_FORK:
    case KIND_FORK_NB:
    case KIND_F_FORK:
      event->type = WEFT_CHPLVIS_EVENT_FORK;
      event->locale = row;
      break;

    case KIND_VDB_COMM:
      event->type = WEFT_CHPLVIS_EVENT_COMM;
      event->locale = (ref & REF_ISSUED_BY_TO_ROW) ? to_row : row;
      ref &= ~REF_ISSUED_BY_TO_ROW;
      break;

    case KIND_VDB_FORK:
      event->type = WEFT_CHPLVIS_EVENT_FORK;
      event->locale = row;
      break;

    case N_KINDS:
    default:
      return FALSE;
    }

  event->index = ref;
  if (event->locale >= self->trace->n_locales || (locale = self->trace->locales[event->locale]) == NULL)
    return FALSE;

  switch (event->type)
    {
    case WEFT_CHPLVIS_EVENT_TASK:
      return ref < locale->tasks.n;
    case WEFT_CHPLVIS_EVENT_COMM:
      return ref < locale->comms.n;
    case WEFT_CHPLVIS_EVENT_FORK:
      return ref < locale->forks.n;
    case WEFT_CHPLVIS_EVENT_MARK:
      return ref < locale->n_marks;
    case WEFT_CHPLVIS_EVENT_NONE:
    default:
      return FALSE;
    }
}

/* Views ---------------------------------------------------------------------- */

static gboolean
parse_kinds (const char  *text,
             guint       *mask,
             GError     **error)
{
  int kind;

  if (text == NULL || g_str_equal (text, "all"))
    *mask = WEFT_CHPLVIS_KINDS_ALL;
  else if (g_str_equal (text, "gets"))
    *mask = WEFT_CHPLVIS_KINDS_GETS;
  else if (g_str_equal (text, "puts"))
    *mask = WEFT_CHPLVIS_KINDS_PUTS;
  else if (g_str_equal (text, "forks"))
    *mask = WEFT_CHPLVIS_KINDS_FORKS;
  else if (g_str_equal (text, "comm"))
    *mask = WEFT_CHPLVIS_KINDS_COMM;
  else if ((kind = weft_chplvis_record_kind_from_name (text)) >= WEFT_CHPLVIS_RECORD_GET)
    *mask = WEFT_CHPLVIS_KIND_BIT (kind);
  else
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("Unknown kind of communication “%s”; use all, gets, puts, forks, comm, or one of "
                     "get, nb_get, st_get, put, nb_put, st_put, fork, fork_nb, f_fork"),
                   text);
      return FALSE;
    }

  return TRUE;
}

/**
 * weft_chplvis_dataset_query_from_options:
 * @options: (nullable): a view's options (tag, range, kind)
 *
 * Turns view options into a query (Weft's figures, not chplvis_compat).
 *
 * Returns: %FALSE with @error (WEFT_ERROR_INVALID_ARGUMENT) for an unknown tag
 *   or kind.
 */
gboolean
weft_chplvis_dataset_query_from_options (WeftChplvisDataset     *self,
                                         const WeftViewOptions  *options,
                                         WeftChplvisQuery       *query,
                                         GError                **error)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_DATASET (self), FALSE);
  g_return_val_if_fail (query != NULL, FALSE);

  weft_chplvis_query_init (query);
  if (options == NULL)
    return TRUE;

  if (!weft_chplvis_query_set_tag (self->trace, query, options->tag, error) ||
      !parse_kinds (options->kind, &query->kinds, error))
    return FALSE;
  query->has_range = options->has_range;
  query->range = options->range;

  return TRUE;
}

/* "comm-matrix" and "graph" share their data (the graph's links): the
 * metric of "comm-matrix" is count or bytes, the graph's also names the
 * column its locales are coloured by (weft_chplvis_parse_graph_metric). */
static WeftMatrix *
weft_chplvis_dataset_dup_matrix (WeftDataset            *dataset,
                                 const char             *view,
                                 const WeftViewOptions  *options,
                                 GError                **error)
{
  WeftChplvisDataset *self = WEFT_CHPLVIS_DATASET (dataset);
  g_autoptr(WeftChplvisCommMatrix) comm = NULL;
  g_autofree char *tag_name = NULL;
  const char *metric = options != NULL ? options->metric : NULL;
  gboolean bytes;
  WeftChplvisQuery query;

  if (g_strcmp0 (view, "graph") == 0)
    {
      WeftChplvisLocaleColumn node_column;

      if (!weft_chplvis_parse_graph_metric (metric, &node_column, &bytes, error))
        return NULL;
    }
  else if (g_strcmp0 (view, "comm-matrix") == 0)
    {
      if (metric != NULL && !g_str_equal (metric, "count") && !g_str_equal (metric, "bytes"))
        {
          g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                       _("Unknown metric “%s” for the communication matrix; use count or bytes"), metric);
          return NULL;
        }
      bytes = g_strcmp0 (metric, "bytes") == 0;
    }
  else
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("A Chapel VisualDebug trace has no matrix view “%s”; it has comm-matrix and graph"), view);
      return NULL;
    }
  if (!weft_chplvis_dataset_query_from_options (self, options, &query, error))
    return NULL;

  comm = weft_chplvis_compute_comm_matrix (self->trace, &query);
  tag_name = weft_chplvis_dup_query_tag_name (self->trace, &query);

  return weft_chplvis_build_comm_matrix (self->trace, comm, bytes, tag_name);
}

/* "values": one row per locale; "profile": one row per function that did
 * anything, largest first by the column options->metric names (clock when
 * none). */
static WeftValueTable *
weft_chplvis_dataset_dup_values (WeftDataset            *dataset,
                                 const char             *view,
                                 const WeftViewOptions  *options,
                                 GError                **error)
{
  WeftChplvisDataset *self = WEFT_CHPLVIS_DATASET (dataset);
  g_autofree char *tag_name = NULL;
  WeftChplvisQuery query;

  if (g_strcmp0 (view, "values") != 0 && g_strcmp0 (view, "profile") != 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("A Chapel VisualDebug trace has no values view “%s”; it has values and profile"), view);
      return NULL;
    }
  if (!weft_chplvis_dataset_query_from_options (self, options, &query, error))
    return NULL;
  tag_name = weft_chplvis_dup_query_tag_name (self->trace, &query);

  if (g_str_equal (view, "values"))
    {
      g_autofree WeftChplvisLocaleStats *stats = weft_chplvis_compute_locale_stats (self->trace, &query);

      return weft_chplvis_build_locale_values (self->trace, stats, tag_name);
    }
  else
    {
      const char *metric = options != NULL ? options->metric : NULL;
      WeftChplvisProfileColumn sort = WEFT_CHPLVIS_PROFILE_CLOCK;
      g_autoptr(GArray) profile = NULL;

      if (metric != NULL)
        {
          gboolean found = FALSE;

          for (guint c = 0; c < WEFT_CHPLVIS_N_PROFILE_COLUMNS && !found; c++)
            if (g_str_equal (metric, weft_chplvis_profile_column_name (c)))
              {
                sort = c;
                found = TRUE;
              }
          if (!found)
            {
              g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                           _("Unknown metric “%s” for the profile; use clock, tasks, gets, puts, on_calls or comm"),
                           metric);
              return NULL;
            }
        }
      profile = weft_chplvis_compute_profile (self->trace, &query);

      return weft_chplvis_build_profile_values (self->trace, profile, sort, tag_name);
    }
}

/* JSON (weft-cli info --json) -------------------------------------------------- */

static void
add_json_matrix (JsonBuilder   *builder,
                 const guint64 *cells,
                 guint          n)
{
  json_builder_begin_array (builder);
  for (guint from = 0; from < n; from++)
    {
      json_builder_begin_array (builder);
      for (guint to = 0; to < n; to++)
        json_builder_add_int_value (builder, (gint64)MIN (cells[(gsize)from * n + to], (guint64)G_MAXINT64));
      json_builder_end_array (builder);
    }
  json_builder_end_array (builder);
}

static void
add_json_comm (JsonBuilder                 *builder,
               const char                  *member,
               const WeftChplvisCommMatrix *matrix)
{
  json_builder_set_member_name (builder, member);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "count");
  add_json_matrix (builder, matrix->count, matrix->n_locales);
  json_builder_set_member_name (builder, "bytes");
  add_json_matrix (builder, matrix->bytes, matrix->n_locales);
  json_builder_end_object (builder);
}

static void
weft_chplvis_dataset_add_json (WeftDataset *dataset,
                               JsonBuilder *builder)
{
  WeftChplvisDataset *self = WEFT_CHPLVIS_DATASET (dataset);
  const WeftChplvisTrace *trace = self->trace;
  g_autofree WeftChplvisLocaleStats *stats = NULL;
  g_autoptr(WeftChplvisCommMatrix) raw = NULL;
  g_autoptr(WeftChplvisCommMatrix) comm = NULL;
  WeftChplvisQuery query;

  json_builder_set_member_name (builder, "chplvis");
  json_builder_begin_object (builder);

  json_builder_set_member_name (builder, "locales");
  json_builder_add_int_value (builder, trace->n_locales);

  json_builder_set_member_name (builder, "tags");
  json_builder_begin_array (builder);
  for (guint i = 0; i < trace->n_tags; i++)
    {
      g_autofree char *name = weft_chplvis_dup_tag_name (trace, (int)i);

      json_builder_add_string_value (builder, name);
    }
  json_builder_end_array (builder);

  /* Lines read per kind, as `awk '{print $1}' | sort | uniq -c` would count them. */
  json_builder_set_member_name (builder, "records");
  json_builder_begin_object (builder);
  for (guint k = 0; k < WEFT_CHPLVIS_N_RECORD_KINDS; k++)
    {
      guint64 n = weft_chplvis_trace_count_records (trace, k);

      if (n == 0)
        continue;
      json_builder_set_member_name (builder, weft_chplvis_record_kind_name (k));
      json_builder_add_int_value (builder, (gint64)MIN (n, (guint64)G_MAXINT64));
    }
  json_builder_end_object (builder);

  /* With VisualDebug's own communication and without (chplvis's). */
  weft_chplvis_query_init (&query);
  raw = weft_chplvis_compute_comm_matrices (trace, &query, &comm);
  add_json_comm (builder, "comm_raw", raw);
  add_json_comm (builder, "comm", comm);

  /* chplvis's All figures (Weft's agree with them for the whole run); the
   * query leaves VisualDebug's own communication out, as comm does. */
  stats = weft_chplvis_compute_locale_stats_with_comm (trace, &query, comm);

  json_builder_set_member_name (builder, "tasks");
  json_builder_begin_array (builder);
  for (guint i = 0; i < trace->n_locales; i++)
    json_builder_add_int_value (builder, (gint64)stats[i].tasks);
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "max_concurrency");
  json_builder_begin_array (builder);
  for (guint i = 0; i < trace->n_locales; i++)
    json_builder_add_int_value (builder, stats[i].max_concurrency);
  json_builder_end_array (builder);

  json_builder_end_object (builder);
}

/* WeftDataset ---------------------------------------------------------------- */

static const char *
weft_chplvis_dataset_get_family (WeftDataset *dataset)
{
  return "chplvis";
}

static const char *
weft_chplvis_dataset_get_format_version (WeftDataset *dataset)
{
  return WEFT_CHPLVIS_DATASET (dataset)->trace->version;
}

static GStrv
weft_chplvis_dataset_dup_sources (WeftDataset *dataset)
{
  WeftChplvisDataset *self = WEFT_CHPLVIS_DATASET (dataset);
  GPtrArray *sources = self->trace->sources;
  GStrv strv = g_new0 (char *, sources->len + 1);

  for (guint i = 0; i < sources->len; i++)
    strv[i] = g_strdup (g_ptr_array_index (sources, i));

  return strv;
}

static WeftEventTable *
weft_chplvis_dataset_get_event_table (WeftDataset *dataset)
{
  return WEFT_CHPLVIS_DATASET (dataset)->events;
}

/* From the earliest header to the latest record, in seconds since the epoch. */
static gboolean
weft_chplvis_dataset_get_time_range (WeftDataset *dataset,
                                     double      *begin_s,
                                     double      *end_s)
{
  const WeftChplvisTrace *trace = WEFT_CHPLVIS_DATASET (dataset)->trace;

  *begin_s = (double)trace->origin / 1e6;
  *end_s = (double)trace->end / 1e6;

  return TRUE;
}

static guint
weft_chplvis_dataset_get_n_rows (WeftDataset *dataset)
{
  return WEFT_CHPLVIS_DATASET (dataset)->trace->n_locales;
}

static const char *const *
weft_chplvis_dataset_list_views (WeftDataset *dataset)
{
  return views;
}

/* Tags as the tag selector lists them (repeated names are one choice: they
 * are merged), and the kinds of communication the matrix can show. */
static GStrv
weft_chplvis_dataset_dup_choices (WeftDataset *dataset,
                                  const char  *option)
{
  WeftChplvisDataset *self = WEFT_CHPLVIS_DATASET (dataset);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GHashTable) seen = NULL;

  if (g_str_equal (option, "kind"))
    {
      g_strv_builder_addv (builder, (const char *[]){ "all", "gets", "puts", "forks", NULL });
      return g_strv_builder_end (builder);
    }
  if (!g_str_equal (option, "tag"))
    return NULL;

  seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_strv_builder_add (builder, "All");
  g_strv_builder_add (builder, "Start");
  for (guint i = 0; i < self->trace->n_tags; i++)
    {
      char *name = weft_chplvis_dup_tag_name (self->trace, (int)i);

      if (g_hash_table_add (seen, name))
        g_strv_builder_add (builder, name);
    }
  return g_strv_builder_end (builder);
}

static void
weft_chplvis_dataset_iface_init (WeftDatasetInterface *iface)
{
  iface->dup_choices = weft_chplvis_dataset_dup_choices;
  iface->get_family = weft_chplvis_dataset_get_family;
  iface->get_format_version = weft_chplvis_dataset_get_format_version;
  iface->dup_sources = weft_chplvis_dataset_dup_sources;
  iface->get_event_table = weft_chplvis_dataset_get_event_table;
  iface->get_time_range = weft_chplvis_dataset_get_time_range;
  iface->get_n_rows = weft_chplvis_dataset_get_n_rows;
  iface->list_views = weft_chplvis_dataset_list_views;
  iface->add_json = weft_chplvis_dataset_add_json;
  iface->dup_matrix = weft_chplvis_dataset_dup_matrix;
  iface->dup_values = weft_chplvis_dataset_dup_values;
}

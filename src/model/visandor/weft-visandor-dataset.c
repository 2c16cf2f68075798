/* weft-visandor-dataset.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-background.h"
#include "weft-error.h"
#include "weft-visandor-dataset.h"

typedef enum
{
  KIND_BUSY,
  KIND_TASK,        /* a goal, or a branch still running at the end */
  KIND_SUCCESS,
  KIND_FAILURE,
  KIND_CUT,
  KIND_SUSPENDED,
  KIND_SLAVE,
  KIND_FORK,
  KIND_JOIN,
  KIND_LEAF_CUT,
  KIND_SPAWN,       /* fork → task start on another agent */
  KIND_MIGRATION,   /* suspend → resume */
  N_KINDS
} Kind;

struct _WeftVisandorDataset
{
  GObject            parent_instance;

  WeftVisandorTrace *trace;
  WeftEventTable    *events;
  guint              n_rows;
  guint32           *row_agent;    /* [n_rows] */
  guint32           *agent_row;    /* [trace->n_agents] */
  double            *values;       /* [n_rows × WEFT_VISANDOR_N_COLUMNS] */
  /* Busy agents over time: level[i] from change_time[i] to change_time[i + 1]. */
  gint64            *change_time;
  guint32           *level;
  gsize              n_changes;
  guint              max_parallelism;
  double             mean_parallelism;
  GHashTable        *node_by_id;   /* guint64* → index + 1 (the first node with that id); made on first use */
};

static void weft_visandor_dataset_iface_init (WeftDatasetInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftVisandorDataset, weft_visandor_dataset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_DATASET, weft_visandor_dataset_iface_init))

static const char *const views[] = { "timeline", "values", "tree", "stacks", "parallelism", NULL };

static const char *const column_names[WEFT_VISANDOR_N_COLUMNS] = {
  "busy_time", "busy_share", "tasks", "forks", "slave_time", "successes", "failures", "cuts", "suspensions",
};
static const char *const column_units[WEFT_VISANDOR_N_COLUMNS] = {
  "s", "%", "", "", "s", "", "", "", "",
};

static void
weft_visandor_dataset_finalize (GObject *object)
{
  WeftVisandorDataset *self = (WeftVisandorDataset *)object;

  g_clear_pointer (&self->trace, weft_visandor_trace_free);
  g_clear_pointer (&self->events, weft_event_table_unref);
  g_clear_pointer (&self->row_agent, g_free);
  g_clear_pointer (&self->agent_row, g_free);
  g_clear_pointer (&self->values, g_free);
  g_clear_pointer (&self->change_time, g_free);
  g_clear_pointer (&self->level, g_free);
  g_clear_pointer (&self->node_by_id, g_hash_table_unref);

  G_OBJECT_CLASS (weft_visandor_dataset_parent_class)->finalize (object);
}

static void
weft_visandor_dataset_class_init (WeftVisandorDatasetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = weft_visandor_dataset_finalize;
}

static void
weft_visandor_dataset_init (WeftVisandorDataset *self)
{
}

/* Labels ----------------------------------------------------------------------- */

char *
weft_visandor_dup_node_label (const WeftVisandorTrace *trace,
                              guint32                  node)
{
  const WeftVisandorNode *n = weft_visandor_trace_node (trace, node);

  return g_strdup_printf (trace->parallelism == WEFT_VISANDOR_OR ? "choice point %llX" : "fork %llX",
                          (unsigned long long)n->id);
}

char *
weft_visandor_dup_task_label (const WeftVisandorTrace *trace,
                              guint32                  task)
{
  const WeftVisandorTask *t = weft_visandor_trace_task (trace, task);
  const WeftVisandorNode *n = weft_visandor_trace_node (trace, t->node);

  return g_strdup_printf (trace->parallelism == WEFT_VISANDOR_OR ? "branch %d of %llX" : "goal %d of %llX",
                          t->number, (unsigned long long)n->id);
}

/* Figures ---------------------------------------------------------------------- */

/* The figures sweep the spans in begin order. An agent is busy over the union
 * of its running pieces and slave spans (a branch that made a choice point
 * public and the branch it then took overlap on paper): its open run is
 * extended by every span that begins by its end (touching spans merge; empty
 * ones count for nothing) and ends once a span begins after it. The open
 * runs wait in a heap by end, each agent's position kept for extending. */
typedef struct
{
  gint64  end;
  guint32 agent;
} OpenRun;

typedef struct
{
  OpenRun *heap;
  gsize    n;
  gint32  *slot;     /* [agent]: its open run's place in heap, or -1 */
  gint64  *begin;    /* [agent]: its open run's begin */
} OpenRuns;

static inline void
open_runs_place (OpenRuns *runs,
                 gsize     i,
                 OpenRun   run)
{
  runs->heap[i] = run;
  runs->slot[run.agent] = (gint32)i;
}

static void
open_runs_sift_down (OpenRuns *runs,
                     gsize     i)
{
  OpenRun run = runs->heap[i];

  for (;;)
    {
      gsize c = 2 * i + 1;

      if (c >= runs->n)
        break;
      if (c + 1 < runs->n && runs->heap[c + 1].end < runs->heap[c].end)
        c++;
      if (runs->heap[c].end >= run.end)
        break;
      open_runs_place (runs, i, runs->heap[c]);
      i = c;
    }
  open_runs_place (runs, i, run);
}

static void
open_runs_sift_up (OpenRuns *runs,
                   gsize     i)
{
  OpenRun run = runs->heap[i];

  while (i > 0 && runs->heap[(i - 1) / 2].end > run.end)
    {
      open_runs_place (runs, i, runs->heap[(i - 1) / 2]);
      i = (i - 1) / 2;
    }
  open_runs_place (runs, i, run);
}

/* The parallelism profile as it is swept: consecutive changes at one time
 * keep the level after the last of them. */
typedef struct
{
  gint64 *time;
  guint32 *level;
  gsize    n;
  guint    current;
  double   integral;   /* of the level over time */
} Profile;

static inline void
profile_change (Profile *profile,
                gint64   time,
                gint     delta)
{
  if (profile->n > 0)
    profile->integral += (double)profile->current * (double)(time - profile->time[profile->n - 1]);
  profile->current = (guint)((gint)profile->current + delta);
  if (profile->n > 0 && profile->time[profile->n - 1] == time)
    profile->level[profile->n - 1] = profile->current;
  else
    {
      profile->time[profile->n] = time;
      profile->level[profile->n] = profile->current;
      profile->n++;
    }
}

/* Ends the open run with the earliest end; adds it to @busy. */
static inline void
close_first_run (OpenRuns *runs,
                 Profile  *profile,
                 gint64   *busy)
{
  OpenRun run = runs->heap[0];

  busy[run.agent] += run.end - runs->begin[run.agent];
  runs->slot[run.agent] = -1;
  if (--runs->n > 0)
    {
      open_runs_place (runs, 0, runs->heap[runs->n]);
      open_runs_sift_down (runs, 0);
    }
  profile_change (profile, run.end, -1);
}

static int
compare_span_begins (gconstpointer a,
                     gconstpointer b,
                     gpointer      user_data)
{
  const WeftVisandorSpan *spans = user_data;
  gint64 x = spans[*(const guint32 *)a].begin, y = spans[*(const guint32 *)b].begin;

  return (x > y) - (x < y);
}

/* Busy time, slave time and parallelism per agent, and the profile of
 * parallelism, in one pass over the spans (copying each agent's runs apart,
 * merging them, then merging the agents through a heap took a third more).
 * The reader writes the spans in begin order; a trace made otherwise is
 * swept through a sorted index. At one time, ends come before begins
 * (touching runs of two agents are not parallel): an end is only taken once
 * a later begin shows it, and the maximum is taken over the levels a time
 * ends with. The counts are the reader's tallies. */
static void
compute_figures (WeftVisandorDataset *self)
{
  const WeftVisandorTrace *trace = self->trace;
  const WeftVisandorSpan *spans = (const WeftVisandorSpan *)(void *)trace->spans->data;
  gsize n_spans = trace->spans->len;
  guint n_agents = trace->n_agents;
  g_autofree gint64 *busy = g_new0 (gint64, MAX (n_agents, 1));
  g_autofree guint32 *order = NULL;
  OpenRuns runs = { 0, };
  Profile profile = { 0, };
  double duration = MAX (trace->end, 1);

  self->values = g_new0 (double, (gsize)MAX (self->n_rows, 1) * WEFT_VISANDOR_N_COLUMNS);
#define VALUE(agent, column) self->values[(gsize)self->agent_row[agent] * WEFT_VISANDOR_N_COLUMNS + (column)]

  for (gsize i = 1; i < n_spans && order == NULL; i++)
    if (spans[i].begin < spans[i - 1].begin)
      {
        order = g_new (guint32, n_spans);
        for (gsize k = 0; k < n_spans; k++)
          order[k] = (guint32)k;
        g_qsort_with_data (order, (gint)n_spans, sizeof (guint32), compare_span_begins, (gpointer)spans);
      }

  runs.heap = g_new (OpenRun, MAX (n_agents, 1));
  runs.slot = g_new (gint32, MAX (n_agents, 1));
  runs.begin = g_new (gint64, MAX (n_agents, 1));
  for (guint a = 0; a < n_agents; a++)
    runs.slot[a] = -1;
  /* At most a begin and an end per span; only the changes made are touched. */
  profile.time = g_new (gint64, 2 * n_spans + 1);
  profile.level = g_new (guint32, 2 * n_spans + 1);

  for (gsize k = 0; k < n_spans; k++)
    {
      const WeftVisandorSpan *s = &spans[order != NULL ? order[k] : k];

      if (s->kind != WEFT_VISANDOR_SPAN_RUN && s->kind != WEFT_VISANDOR_SPAN_SLAVE)
        continue;
      /* A slave works too: it counts as busy. */
      if (s->kind == WEFT_VISANDOR_SPAN_SLAVE)
        VALUE (s->agent, WEFT_VISANDOR_COLUMN_SLAVE_TIME) += (double)(s->end - s->begin) / 1e6;
      if (s->end <= s->begin)
        continue;

      /* Runs that end before this begin cannot grow any more. */
      while (runs.n > 0 && runs.heap[0].end < s->begin)
        close_first_run (&runs, &profile, busy);

      if (runs.slot[s->agent] >= 0)
        {
          gsize i = (gsize)runs.slot[s->agent];

          if (s->end > runs.heap[i].end)
            {
              runs.heap[i].end = s->end;
              open_runs_sift_down (&runs, i);
            }
        }
      else
        {
          runs.begin[s->agent] = s->begin;
          runs.heap[runs.n] = (OpenRun) { s->end, s->agent };
          open_runs_sift_up (&runs, runs.n++);
          profile_change (&profile, s->begin, +1);
        }
    }
  while (runs.n > 0)
    close_first_run (&runs, &profile, busy);

  for (guint a = 0; a < n_agents; a++)
    if (trace->agent_seen[a])
      {
        const WeftVisandorAgentTally *tally = &trace->tallies[a];

        VALUE (a, WEFT_VISANDOR_COLUMN_BUSY_TIME) = (double)busy[a] / 1e6;
        VALUE (a, WEFT_VISANDOR_COLUMN_BUSY_SHARE) = 100.0 * (double)busy[a] / duration;
        VALUE (a, WEFT_VISANDOR_COLUMN_TASKS) = (double)tally->tasks;
        VALUE (a, WEFT_VISANDOR_COLUMN_FORKS) = (double)tally->forks;
        VALUE (a, WEFT_VISANDOR_COLUMN_SUCCESSES) = (double)tally->successes;
        VALUE (a, WEFT_VISANDOR_COLUMN_FAILURES) = (double)tally->failures;
        VALUE (a, WEFT_VISANDOR_COLUMN_CUTS) = (double)tally->cuts;
        VALUE (a, WEFT_VISANDOR_COLUMN_SUSPENSIONS) = (double)tally->suspensions;
      }
  self->max_parallelism = 0;
  for (gsize i = 0; i < profile.n; i++)
    self->max_parallelism = MAX (self->max_parallelism, profile.level[i]);
  self->change_time = g_renew (gint64, profile.time, profile.n + 1);
  self->level = g_renew (guint32, profile.level, profile.n + 1);
  self->n_changes = profile.n;
  self->mean_parallelism = profile.integral / duration;
  g_free (runs.heap);
  g_free (runs.slot);
  g_free (runs.begin);

#undef VALUE
}

/* Pieces from which the figures are worth a thread of their own. */
#define FIGURES_THREAD_MIN 100000

static gpointer
compute_figures_thread (gpointer data)
{
  compute_figures (data);
  return NULL;
}

/* Timeline --------------------------------------------------------------------- */

static const struct
{
  const char        *name;
  WeftEventCategory  category;
  guint32            rgba;
} kinds[N_KINDS] = {
  [KIND_BUSY] = { "busy", WEFT_EVENT_INTERVAL, 0x9a999660 },
  [KIND_TASK] = { "running", WEFT_EVENT_INTERVAL, 0x3584e4ff },
  [KIND_SUCCESS] = { "success", WEFT_EVENT_INTERVAL, 0x33d17aff },
  [KIND_FAILURE] = { "failure", WEFT_EVENT_INTERVAL, 0xe01b24ff },
  [KIND_CUT] = { "cut", WEFT_EVENT_INTERVAL, 0x9141acff },
  [KIND_SUSPENDED] = { "suspended", WEFT_EVENT_INTERVAL, 0xf6d32dff },
  [KIND_SLAVE] = { "slave", WEFT_EVENT_INTERVAL, 0xffa348ff },
  [KIND_FORK] = { "fork", WEFT_EVENT_INSTANT, 0x1a5fb4ff },           /* "choice point" in an or-trace */
  [KIND_JOIN] = { "join", WEFT_EVENT_INSTANT, 0x26a269ff },
  [KIND_LEAF_CUT] = { "leaf cut", WEFT_EVENT_INSTANT, 0x613583ff },
  [KIND_SPAWN] = { "fork → goal", WEFT_EVENT_LINK, 0x62a0eaff },     /* "choice point → branch" */
  [KIND_MIGRATION] = { "suspend → resume", WEFT_EVENT_LINK, 0xe66100ff },
};

/* A piece's kind is how it stopped. */
static Kind
piece_kind (const WeftVisandorSpan *s)
{
  switch ((WeftVisandorOutcome)s->outcome)
    {
    case WEFT_VISANDOR_SUSPENDED:
      return KIND_SUSPENDED;
    case WEFT_VISANDOR_SUCCESS:
      return KIND_SUCCESS;
    case WEFT_VISANDOR_FAILURE:
      return KIND_FAILURE;
    case WEFT_VISANDOR_CUT:
      return KIND_CUT;
    case WEFT_VISANDOR_RUNNING:
    case WEFT_VISANDOR_FINISHED:
    case WEFT_VISANDOR_N_OUTCOMES:
    default:
      return KIND_TASK;
    }
}

/* Links for @handoffs (WeftVisandorHandoff), each referring to its task. */
static void
add_handoffs (WeftEventTableBuilder     *builder,
              const WeftVisandorDataset *self,
              const GArray              *handoffs,
              guint16                    kind,
              guint32                    label)
{
  for (guint i = 0; i < handoffs->len; i++)
    {
      const WeftVisandorHandoff *h = &g_array_index (handoffs, WeftVisandorHandoff, i);

      weft_event_table_builder_add_link (builder, self->agent_row[h->from_agent], h->from_time * WEFT_VISANDOR_NS_PER_UNIT,
                                         self->agent_row[h->to_agent], h->to_time * WEFT_VISANDOR_NS_PER_UNIT,
                                         kind, 0, label, h->task);
    }
}

static WeftEventTable *
build_event_table (WeftVisandorDataset  *self,
                   WeftLoadContext      *context,
                   GError              **error)
{
  const WeftVisandorTrace *trace = self->trace;
  g_autoptr(WeftEventTableBuilder) builder = weft_event_table_builder_new (WEFT_TIME_NANOSECONDS);
  guint16 kind_ids[N_KINDS];
  guint32 task_label, node_label, join_label, slave_label, busy_label;
  gboolean is_or = trace->parallelism == WEFT_VISANDOR_OR;

  for (guint k = 0; k < N_KINDS; k++)
    {
      const char *name = kinds[k].name;

      /* An or-trace's nodes are choice points, its tasks branches. */
      if (is_or && k == KIND_FORK)
        name = "choice point";
      else if (is_or && k == KIND_SPAWN)
        name = "choice point → branch";
      kind_ids[k] = weft_event_table_builder_add_kind (builder, name, kinds[k].category, kinds[k].rgba);
    }
  for (guint r = 0; r < self->n_rows; r++)
    {
      g_autofree char *name = g_strdup_printf ("agent %u", self->row_agent[r]);

      weft_event_table_builder_add_row (builder, name, "Agents");
    }

  task_label = weft_event_table_builder_intern (builder, is_or ? "branch" : "goal");
  node_label = weft_event_table_builder_intern (builder, is_or ? "choice point" : "fork");
  join_label = weft_event_table_builder_intern (builder, "join");
  slave_label = weft_event_table_builder_intern (builder, "slave");
  busy_label = weft_event_table_builder_intern (builder, "busy");

  /* Refs: tasks for pieces, slaves and links, nodes for forks and joins. */
  for (guint i = 0; i < trace->spans->len; i++)
    {
      const WeftVisandorSpan *s = &g_array_index (trace->spans, WeftVisandorSpan, i);
      guint row = self->agent_row[s->agent];
      gint64 begin = s->begin * WEFT_VISANDOR_NS_PER_UNIT, end = s->end * WEFT_VISANDOR_NS_PER_UNIT;

      switch (s->kind)
        {
        case WEFT_VISANDOR_SPAN_RUN:
          weft_event_table_builder_add_interval (builder, row, begin, end,
                                                 kind_ids[piece_kind (s)],
                                                 task_label, s->task);
          break;
        case WEFT_VISANDOR_SPAN_SLAVE:
          weft_event_table_builder_add_interval (builder, row, begin, end, kind_ids[KIND_SLAVE], slave_label, s->task);
          break;
        case WEFT_VISANDOR_SPAN_BUSY:
        default:
          weft_event_table_builder_add_interval (builder, row, begin, end, kind_ids[KIND_BUSY], busy_label,
                                                 G_MAXUINT32);
          break;
        }
    }

  for (guint i = 0; i < trace->nodes->len; i++)
    {
      const WeftVisandorNode *n = weft_visandor_trace_node (trace, i);

      weft_event_table_builder_add_instant (builder, self->agent_row[n->agent], n->time * WEFT_VISANDOR_NS_PER_UNIT,
                                            kind_ids[KIND_FORK], node_label, i);
      if (n->join_agent != WEFT_VISANDOR_NONE)
        weft_event_table_builder_add_instant (builder, self->agent_row[n->join_agent], n->join_time * WEFT_VISANDOR_NS_PER_UNIT,
                                              kind_ids[KIND_JOIN], join_label, i);
    }
  add_handoffs (builder, self, trace->spawns, kind_ids[KIND_SPAWN], task_label);
  add_handoffs (builder, self, trace->migrations, kind_ids[KIND_MIGRATION], task_label);

  for (guint i = 0; i < trace->marks->len; i++)
    {
      const WeftVisandorMark *m = &g_array_index (trace->marks, WeftVisandorMark, i);

      if (m->code == WEFT_VISANDOR_LEAF_CUT)
        weft_event_table_builder_add_instant (builder, self->agent_row[m->agent], m->time * WEFT_VISANDOR_NS_PER_UNIT,
                                              kind_ids[KIND_LEAF_CUT], 0, i);
    }

  return weft_event_table_builder_finish (builder, context, error);
}

/**
 * weft_visandor_dataset_new:
 * @trace: (transfer full): the trace
 *
 * Returns: (transfer full): the dataset, or %NULL with @error (cancelled).
 */
WeftVisandorDataset *
weft_visandor_dataset_new (WeftVisandorTrace  *trace,
                           WeftLoadContext    *context,
                           GError            **error)
{
  g_autoptr(WeftVisandorDataset) self = NULL;

  g_return_val_if_fail (trace != NULL, NULL);

  self = g_object_new (WEFT_TYPE_VISANDOR_DATASET, NULL);
  self->trace = trace;

  /* Rows are the agents that appear, in number order. */
  self->agent_row = g_new0 (guint32, MAX (trace->n_agents, 1));
  self->row_agent = g_new0 (guint32, MAX (trace->n_distinct_agents, 1));
  for (guint32 a = 0; a < trace->n_agents; a++)
    if (trace->agent_seen[a])
      {
        self->agent_row[a] = self->n_rows;
        self->row_agent[self->n_rows++] = a;
      }

  /* The figures and the timeline read the trace and write apart: the
   * figures (sorting every piece) run beside the timeline's filling, which
   * is one thread until its rows are finished on every processor. */
  if (trace->spans->len >= FIGURES_THREAD_MIN && weft_background_get_n_processors () > 1)
    {
      GThread *thread = g_thread_new ("weft-visandor-figures", compute_figures_thread, self);

      self->events = build_event_table (self, context, error);
      g_thread_join (thread);
    }
  else
    {
      compute_figures (self);
      self->events = build_event_table (self, context, error);
    }
  if (self->events == NULL)
    return NULL;

  return g_steal_pointer (&self);
}

const WeftVisandorTrace *
weft_visandor_dataset_get_trace (WeftVisandorDataset *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_DATASET (self), NULL);

  return self->trace;
}

guint
weft_visandor_dataset_get_n_agents (WeftVisandorDataset *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_DATASET (self), 0);

  return self->n_rows;
}

guint32
weft_visandor_dataset_get_row_agent (WeftVisandorDataset *self,
                                     guint                row)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_DATASET (self), 0);
  g_return_val_if_fail (row < self->n_rows, 0);

  return self->row_agent[row];
}

/* The row of @agent, or G_MAXUINT when it never appears. */
guint
weft_visandor_dataset_get_agent_row (WeftVisandorDataset *self,
                                     guint32              agent)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_DATASET (self), G_MAXUINT);

  if (agent >= self->trace->n_agents || !self->trace->agent_seen[agent])
    return G_MAXUINT;

  return self->agent_row[agent];
}

double
weft_visandor_dataset_get_value (WeftVisandorDataset *self,
                                 guint                row,
                                 WeftVisandorColumn   column)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_DATASET (self), 0);
  g_return_val_if_fail (row < self->n_rows && column < WEFT_VISANDOR_N_COLUMNS, 0);

  return self->values[(gsize)row * WEFT_VISANDOR_N_COLUMNS + column];
}

guint
weft_visandor_dataset_get_max_parallelism (WeftVisandorDataset *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_DATASET (self), 0);

  return self->max_parallelism;
}

double
weft_visandor_dataset_get_mean_parallelism (WeftVisandorDataset *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_DATASET (self), 0);

  return self->mean_parallelism;
}

/**
 * weft_visandor_dataset_dup_parallelism:
 * @begin: (in trace units)
 *
 * Returns: (transfer full): the mean number of busy agents in each of @n_bins
 *   equal bins of [@begin, @end).
 */
double *
weft_visandor_dataset_dup_parallelism (WeftVisandorDataset *self,
                                       gint64               begin,
                                       gint64               end,
                                       guint                n_bins)
{
  double *bins;
  double width;
  gsize i = 0;

  g_return_val_if_fail (WEFT_IS_VISANDOR_DATASET (self), NULL);

  bins = g_new0 (double, MAX (n_bins, 1));
  if (n_bins == 0 || end <= begin)
    return bins;
  width = (double)(end - begin) / n_bins;

  /* Each constant stretch [t_i, t_i+1) adds its level × overlap to the bins. */
  while (i < self->n_changes && self->change_time[i] < begin && (i + 1 >= self->n_changes || self->change_time[i + 1] <= begin))
    i++;
  for (; i + 1 < self->n_changes && self->change_time[i] < end; i++)
    {
      double a = (double)(MAX (self->change_time[i], begin) - begin);
      double b = (double)(MIN (self->change_time[i + 1], end) - begin);
      double level = self->level[i];

      if (level == 0 || b <= a)
        continue;
      for (guint bin = (guint)MIN (a / width, n_bins - 1); bin < n_bins && bin * width < b; bin++)
        {
          double lo = MAX (a, bin * width), hi = MIN (b, (bin + 1) * width);

          if (hi > lo)
            bins[bin] += level * (hi - lo) / width;
        }
    }

  return bins;
}

static GHashTable *
dup_node_by_id (const WeftVisandorTrace *trace)
{
  GHashTable *node_by_id = g_hash_table_new (g_int64_hash, g_int64_equal);

  for (guint i = 0; i < trace->nodes->len; i++)
    {
      const WeftVisandorNode *n = weft_visandor_trace_node (trace, i);

      if (!g_hash_table_contains (node_by_id, &n->id))
        g_hash_table_insert (node_by_id, (gpointer)&n->id, GUINT_TO_POINTER (i + 1));
    }

  return node_by_id;
}

/* The node with id @id (the first one, when ids were reused), or NONE. */
guint32
weft_visandor_dataset_find_node (WeftVisandorDataset *self,
                                 guint64              id)
{
  gpointer value;

  g_return_val_if_fail (WEFT_IS_VISANDOR_DATASET (self), WEFT_VISANDOR_NONE);

  /* Only a search needs it: not made while loading (a million inserts). */
  if (g_once_init_enter (&self->node_by_id))
    g_once_init_leave (&self->node_by_id, dup_node_by_id (self->trace));
  value = g_hash_table_lookup (self->node_by_id, &id);

  return value != NULL ? GPOINTER_TO_UINT (value) - 1 : WEFT_VISANDOR_NONE;
}

/* Views ------------------------------------------------------------------------ */

static WeftValueTable *
weft_visandor_dataset_dup_values (WeftDataset            *dataset,
                                  const char             *view,
                                  const WeftViewOptions  *options,
                                  GError                **error)
{
  WeftVisandorDataset *self = WEFT_VISANDOR_DATASET (dataset);
  g_autoptr(WeftValueTable) table = NULL;

  if (g_strcmp0 (view, "values") != 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("A VisAndOr trace has no values view “%s”; it has values"), view);
      return NULL;
    }

  table = weft_value_table_new (self->n_rows, WEFT_VISANDOR_N_COLUMNS);
  weft_value_table_set_title (table, _("Agents"));
  for (guint c = 0; c < WEFT_VISANDOR_N_COLUMNS; c++)
    weft_value_table_set_column (table, c, column_names[c], column_units[c]);
  for (guint r = 0; r < self->n_rows; r++)
    {
      g_autofree char *name = g_strdup_printf ("agent %u", self->row_agent[r]);

      weft_value_table_set_row_name (table, r, name);
      weft_value_table_set_row_id (table, r, self->row_agent[r]);
      for (guint c = 0; c < WEFT_VISANDOR_N_COLUMNS; c++)
        weft_value_table_set (table, r, c, self->values[(gsize)r * WEFT_VISANDOR_N_COLUMNS + c]);
    }
  if (options != NULL && options->metric != NULL)
    {
      guint column;

      if (!weft_value_table_lookup_metric (table, view, options->metric, &column, error))
        return NULL;
    }

  return g_steal_pointer (&table);
}

/* The execution tree as a call tree: a frame per node ("fork 3AAB48", kind
 * fork or choice point) with a frame per task below it ("goal 1", kind goal or
 * branch) and the nodes made in that task below the task. Metrics: the time
 * its pieces ran (µs, exclusive to the task) and the tasks (1 per task);
 * processes are the agents that ran or helped it. */
static WeftCallTree *
weft_visandor_dataset_dup_call_tree (WeftDataset            *dataset,
                                     const char             *view,
                                     const WeftViewOptions  *options,
                                     GError                **error)
{
  WeftVisandorDataset *self = WEFT_VISANDOR_DATASET (dataset);
  const WeftVisandorTrace *trace = self->trace;
  g_autoptr(WeftCallTree) tree = NULL;
  g_autofree WeftCallNode *node_of_task = NULL;
  g_autofree WeftCallNode *node_of_node = NULL;
  g_autofree WeftIntSet **sets = NULL;
  gboolean is_or = trace->parallelism == WEFT_VISANDOR_OR;
  guint time_metric, task_metric;

  if (g_strcmp0 (view, "tree") != 0 && g_strcmp0 (view, "stacks") != 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("A VisAndOr trace has no tree view “%s”; it has tree and stacks"), view);
      return NULL;
    }

  tree = weft_call_tree_new ();
  weft_call_tree_set_title (tree, is_or ? _("Or-parallel execution tree") : _("And-parallel fork/join tree"));
  time_metric = weft_call_tree_add_metric (tree, "time", "µs", WEFT_CALL_METRIC_INTEGER);
  task_metric = weft_call_tree_add_metric (tree, is_or ? "branches" : "goals", "", WEFT_CALL_METRIC_INTEGER);
  if (options != NULL && options->metric != NULL && weft_call_tree_find_metric (tree, options->metric) < 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
                   _("Unknown metric “%s” for the execution tree; use time or %s"),
                   options->metric, is_or ? "branches" : "goals");
      return NULL;
    }

  node_of_task = g_new (WeftCallNode, MAX (trace->tasks->len, 1));
  node_of_node = g_new (WeftCallNode, MAX (trace->nodes->len, 1));
  sets = g_new0 (WeftIntSet *, MAX (trace->tasks->len, 1));

  /* Nodes come after the task they were made in, tasks after their node: one
   * pass in file order (nodes then tasks, interleaved by index) builds the
   * tree top down. Walk nodes in index order and attach their tasks. */
  for (guint i = 0; i < trace->nodes->len; i++)
    {
      const WeftVisandorNode *n = weft_visandor_trace_node (trace, i);
      g_autofree char *label = weft_visandor_dup_node_label (trace, i);
      WeftCallFrame frame = { label, "", "", n->id, 0, is_or ? WEFT_VISANDOR_FRAME_CHOICE_POINT : WEFT_VISANDOR_FRAME_FORK };
      WeftCallNode parent = WEFT_CALL_TREE_ROOT;
      WeftIntSet *agents = weft_int_set_new ();

      /* A node's parent task is started before the node, so it has a call node
       * already unless the task was built after (it never is: tasks are added
       * below when their node is). */
      if (n->parent != WEFT_VISANDOR_NONE)
        parent = node_of_task[n->parent];
      node_of_node[i] = weft_call_tree_add_child (tree, parent, &frame);
      weft_int_set_add (agents, n->agent);
      if (n->join_agent != WEFT_VISANDOR_NONE)
        weft_int_set_add (agents, n->join_agent);
      weft_call_tree_set_processes (tree, node_of_node[i], agents);

      for (guint32 t = n->first_task; t != WEFT_VISANDOR_NONE; t = weft_visandor_trace_task (trace, t)->next_sibling)
        {
          const WeftVisandorTask *task = weft_visandor_trace_task (trace, t);
          g_autofree char *task_name = g_strdup_printf (is_or ? "branch %d" : "goal %d", task->number);
          WeftCallFrame task_frame = { task_name, "", "", n->id, (guint32)MAX (task->number, 0),
                                       is_or ? WEFT_VISANDOR_FRAME_BRANCH : WEFT_VISANDOR_FRAME_GOAL };

          node_of_task[t] = weft_call_tree_add_child (tree, node_of_node[i], &task_frame);
          weft_call_tree_set_exclusive (tree, node_of_task[t], task_metric, 1);
        }
    }

  /* Time and agents from the pieces and slaves. */
  for (guint i = 0; i < trace->tasks->len; i++)
    sets[i] = weft_int_set_new ();
  for (guint i = 0; i < trace->spans->len; i++)
    {
      const WeftVisandorSpan *s = &g_array_index (trace->spans, WeftVisandorSpan, i);

      if (s->task == WEFT_VISANDOR_NONE)
        continue;
      weft_int_set_add (sets[s->task], s->agent);
      if (s->kind == WEFT_VISANDOR_SPAN_RUN)
        weft_call_tree_add_exclusive (tree, node_of_task[s->task], time_metric, (double)(s->end - s->begin));
    }
  for (guint i = 0; i < trace->tasks->len; i++)
    weft_call_tree_set_processes (tree, node_of_task[i], g_steal_pointer (&sets[i]));

  weft_call_tree_compute_inclusive (tree);

  return g_steal_pointer (&tree);
}

/* JSON (weft-cli info --json) ------------------------------------------------- */

static void
weft_visandor_dataset_add_json (WeftDataset *dataset,
                                JsonBuilder *builder)
{
  WeftVisandorDataset *self = WEFT_VISANDOR_DATASET (dataset);
  const WeftVisandorTrace *trace = self->trace;
  gboolean is_or = trace->parallelism == WEFT_VISANDOR_OR;

  json_builder_set_member_name (builder, "visandor");
  json_builder_begin_object (builder);

  json_builder_set_member_name (builder, "parallelism");
  json_builder_add_string_value (builder, is_or ? "or" : "and");
  json_builder_set_member_name (builder, "agents");
  json_builder_add_int_value (builder, trace->n_distinct_agents);

  json_builder_set_member_name (builder, "events");
  json_builder_begin_object (builder);
  for (int code = 0; code < WEFT_VISANDOR_N_CODES; code++)
    if (trace->code_counts[code] > 0)
      {
        char name[16];

        g_snprintf (name, sizeof name, "%d", code);
        json_builder_set_member_name (builder, name);
        json_builder_add_int_value (builder, (gint64)MIN (trace->code_counts[code], (guint64)G_MAXINT64));
      }
  json_builder_end_object (builder);

  json_builder_set_member_name (builder, "forks");
  json_builder_add_int_value (builder, (gint64)trace->code_counts[is_or ? WEFT_VISANDOR_MAKE_PUBLIC : WEFT_VISANDOR_FORK]);
  json_builder_set_member_name (builder, "tasks");
  json_builder_add_int_value (builder, (gint64)trace->code_counts[is_or ? WEFT_VISANDOR_START_BRANCH : WEFT_VISANDOR_START_GOAL]);
  json_builder_set_member_name (builder, "max_depth");
  json_builder_add_int_value (builder, trace->max_depth);
  json_builder_set_member_name (builder, "max_parallelism");
  json_builder_add_int_value (builder, self->max_parallelism);

  json_builder_end_object (builder);
}

/* WeftDataset ------------------------------------------------------------------ */

static const char *
weft_visandor_dataset_get_family (WeftDataset *dataset)
{
  return "visandor";
}

static const char *
weft_visandor_dataset_get_format_version (WeftDataset *dataset)
{
  return WEFT_VISANDOR_DATASET (dataset)->trace->parallelism == WEFT_VISANDOR_OR ? "1" : "0";
}

static GStrv
weft_visandor_dataset_dup_sources (WeftDataset *dataset)
{
  GStrv strv = g_new0 (char *, 2);

  strv[0] = g_strdup (WEFT_VISANDOR_DATASET (dataset)->trace->source);

  return strv;
}

static WeftEventTable *
weft_visandor_dataset_get_event_table (WeftDataset *dataset)
{
  return WEFT_VISANDOR_DATASET (dataset)->events;
}

/* Timestamps are not wall-clock times: the range starts at 0. */
static gboolean
weft_visandor_dataset_get_time_range (WeftDataset *dataset,
                                      double      *begin_s,
                                      double      *end_s)
{
  *begin_s = 0;
  *end_s = (double)WEFT_VISANDOR_DATASET (dataset)->trace->end / 1e6;

  return TRUE;
}

static guint
weft_visandor_dataset_get_n_rows (WeftDataset *dataset)
{
  return WEFT_VISANDOR_DATASET (dataset)->n_rows;
}

static const char *const *
weft_visandor_dataset_list_views (WeftDataset *dataset)
{
  return views;
}

static void
weft_visandor_dataset_iface_init (WeftDatasetInterface *iface)
{
  iface->get_family = weft_visandor_dataset_get_family;
  iface->get_format_version = weft_visandor_dataset_get_format_version;
  iface->dup_sources = weft_visandor_dataset_dup_sources;
  iface->get_event_table = weft_visandor_dataset_get_event_table;
  iface->get_time_range = weft_visandor_dataset_get_time_range;
  iface->get_n_rows = weft_visandor_dataset_get_n_rows;
  iface->list_views = weft_visandor_dataset_list_views;
  iface->add_json = weft_visandor_dataset_add_json;
  iface->dup_values = weft_visandor_dataset_dup_values;
  iface->dup_call_tree = weft_visandor_dataset_dup_call_tree;
}

/* weft-chplvis-reduce-comm.c: chplvis's communication reductions: the
 * locale × locale matrices (one pass for the raw and the filtered pair, split
 * over the processors on a big run), a pair's statistics and records, and
 * a task's communication.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-background.h"
#include "weft-chplvis-reduce-private.h"

/* Communication -------------------------------------------------------------- */

typedef void (*RecordFunc) (const WeftChplvisTrace *trace,
                            guint                   locale,
                            gboolean                fork,
                            guint32                 index,
                            guint                   kind,
                            guint                   from,
                            guint                   to,
                            guint64                 bytes,
                            gpointer                user_data);

/* Calls @func for every get, put and fork in the selection that locales
 * [@from, @to) logged. Always inlined, as are the matrices' @func, so that
 * each caller's loops run without a call per record (the two matrices of a
 * comm-heavy run's JSON, 611,000 records: 70 -> 52 M instructions). */
G_ALWAYS_INLINE static inline void
foreach_record_of (const WeftChplvisTrace *trace,
                   const Selection        *sel,
                   guint                   from,
                   guint                   to,
                   RecordFunc              func,
                   gpointer                user_data)
{
  guint n = trace->n_locales;

  for (guint l = from; l < to; l++)
    {
      const WeftChplvisLocale *locale = trace->locales[l];
      g_autofree WeftChplvisSegment *segments = NULL;

      if (locale == NULL)
        continue;
      segments = weft_chplvis_locale_dup_segments (locale, sel->n_segments);

      for (guint s = 0; s < sel->n_segments; s++)
        {
          const WeftChplvisSegment *seg = &segments[s];

          if (!sel->selected[s] || !seg->present)
            continue;

          if (sel->kinds & WEFT_CHPLVIS_KINDS_COMM)
            {
              const WeftChplvisComms *c = &locale->comms;

              for (guint32 i = seg->comm_begin; i < seg->comm_end; i++)
                {
                  guint kind = c->kind[i];
                  guint peer = c->peer[i];

                  if (!(sel->kinds & WEFT_CHPLVIS_KIND_BIT (kind)) || peer >= n ||
                      (!sel->overhead && (c->flags[i] & WEFT_CHPLVIS_COMM_OVERHEAD)) ||
                      !in_range (sel, trace, c->time[i]))
                    continue;
                  /* Data flow: a get brings data from the peer to the issuer. */
                  if (weft_chplvis_record_kind_is_get (kind))
                    func (trace, l, FALSE, i, kind, peer, l, weft_chplvis_comms_get_bytes (c, i), user_data);
                  else
                    func (trace, l, FALSE, i, kind, l, peer, weft_chplvis_comms_get_bytes (c, i), user_data);
                }
            }

          if (sel->kinds & WEFT_CHPLVIS_KINDS_FORKS)
            {
              const WeftChplvisForks *f = &locale->forks;

              for (guint32 i = seg->fork_begin; i < seg->fork_end; i++)
                {
                  guint kind = f->kind[i];
                  guint peer = f->peer[i];

                  if (!(sel->kinds & WEFT_CHPLVIS_KIND_BIT (kind)) || peer >= n ||
                      (!sel->overhead && (f->flags[i] & WEFT_CHPLVIS_COMM_OVERHEAD)) ||
                      !in_range (sel, trace, f->time[i]))
                    continue;
                  func (trace, l, TRUE, i, kind, l, peer, weft_chplvis_forks_get_arg_size (f, i), user_data);
                }
            }
        }
    }
}

/* foreach_record_of() for every locale. */
G_ALWAYS_INLINE static inline void
foreach_record (const WeftChplvisTrace *trace,
                const Selection        *sel,
                RecordFunc              func,
                gpointer                user_data)
{
  foreach_record_of (trace, sel, 0, trace->n_locales, func, user_data);
}

static WeftChplvisCommMatrix *
comm_matrix_new (guint n_locales)
{
  WeftChplvisCommMatrix *matrix = g_new0 (WeftChplvisCommMatrix, 1);

  matrix->n_locales = n_locales;
  matrix->count = g_new0 (guint64, (gsize)n_locales * n_locales);
  matrix->bytes = g_new0 (guint64, (gsize)n_locales * n_locales);

  return matrix;
}

G_ALWAYS_INLINE static inline void
add_to_matrix (const WeftChplvisTrace *trace,
               guint                   locale,
               gboolean                fork,
               guint32                 index,
               guint                   kind,
               guint                   from,
               guint                   to,
               guint64                 bytes,
               gpointer                user_data)
{
  WeftChplvisCommMatrix *matrix = user_data;
  gsize cell = (gsize)from * matrix->n_locales + to;

  matrix->count[cell]++;
  matrix->bytes[cell] = add_sat (matrix->bytes[cell], bytes);
}

/**
 * weft_chplvis_compute_comm_matrix:
 *
 * Counts and bytes of communication between every pair of locales, rows by
 * sender and columns by receiver (data flow), for @query's tag, range and kinds.
 *
 * Returns: (transfer full): the matrix; free with weft_chplvis_comm_matrix_free().
 */
WeftChplvisCommMatrix *
weft_chplvis_compute_comm_matrix (const WeftChplvisTrace *trace,
                                  const WeftChplvisQuery *query)
{
  WeftChplvisCommMatrix *matrix;
  Selection sel;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);

  matrix = comm_matrix_new (trace->n_locales);
  _weft_chplvis_selection_init (&sel, trace, query);
  foreach_record (trace, &sel, add_to_matrix, matrix);
  _weft_chplvis_selection_clear (&sel);

  return matrix;
}

typedef struct
{
  WeftChplvisCommMatrix *all;
  WeftChplvisCommMatrix *own;
} OverheadData;

G_ALWAYS_INLINE static inline void
add_to_both (const WeftChplvisTrace *trace,
             guint                   locale,
             gboolean                fork,
             guint32                 index,
             guint                   kind,
             guint                   from,
             guint                   to,
             guint64                 bytes,
             gpointer                user_data)
{
  OverheadData *data = user_data;
  const WeftChplvisLocale *l = trace->locales[locale];
  guint8 flags = fork ? l->forks.flags[index] : l->comms.flags[index];

  add_to_matrix (trace, locale, fork, index, kind, from, to, bytes, data->all);
  if (!(flags & WEFT_CHPLVIS_COMM_OVERHEAD))
    add_to_matrix (trace, locale, fork, index, kind, from, to, bytes, data->own);
}

/* Records from which the matrices are worth a second thread (starting one
 * costs about 0.1 ms). */
#define MATRICES_THREAD_MIN 100000

/* The gets, puts and forks locale @l logged. */
static guint64
locale_records (const WeftChplvisTrace *trace,
                guint                   l)
{
  const WeftChplvisLocale *locale = trace->locales[l];

  return locale != NULL ? (guint64)locale->comms.n + locale->forks.n : 0;
}

/* Where the locales split into two halves by records logged: n_locales when
 * the matrices are best counted on one thread. */
static guint
split_locales (const WeftChplvisTrace *trace)
{
  guint64 total = 0, sum = 0;

  for (guint l = 0; l < trace->n_locales; l++)
    total += locale_records (trace, l);
  if (total < MATRICES_THREAD_MIN || trace->n_locales < 2 || weft_background_get_n_processors () < 2)
    return trace->n_locales;
  for (guint l = 0; l + 1 < trace->n_locales; l++)
    {
      sum += locale_records (trace, l);
      if (2 * sum >= total)
        return l + 1;
    }
  return trace->n_locales - 1;
}

static void
comm_matrix_add (WeftChplvisCommMatrix       *into,
                 const WeftChplvisCommMatrix *matrix)
{
  gsize n = (gsize)into->n_locales * into->n_locales;

  for (gsize i = 0; i < n; i++)
    {
      into->count[i] += matrix->count[i];
      into->bytes[i] = add_sat (into->bytes[i], matrix->bytes[i]);
    }
}

typedef struct
{
  const WeftChplvisTrace *trace;
  const Selection        *sel;
  guint                   from;
  OverheadData            data;
} MatricesPart;

static gpointer
matrices_part_thread (gpointer user_data)
{
  MatricesPart *part = user_data;

  foreach_record_of (part->trace, part->sel, part->from, part->trace->n_locales, add_to_both, &part->data);
  return NULL;
}

/**
 * weft_chplvis_compute_comm_matrices:
 * @own: (out): the matrix without VisualDebug's own communication
 *
 * weft_chplvis_compute_comm_matrix() with and without VisualDebug's own
 * communication (@query's include_overhead is ignored), in one pass.
 *
 * Returns: (transfer full): the matrix with it.
 */
WeftChplvisCommMatrix *
weft_chplvis_compute_comm_matrices (const WeftChplvisTrace  *trace,
                                    const WeftChplvisQuery  *query,
                                    WeftChplvisCommMatrix  **own)
{
  OverheadData data;
  Selection sel;
  guint split;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);
  g_return_val_if_fail (own != NULL, NULL);

  data.all = comm_matrix_new (trace->n_locales);
  data.own = *own = comm_matrix_new (trace->n_locales);
  _weft_chplvis_selection_init (&sel, trace, query);
  sel.overhead = TRUE;
  split = split_locales (trace);
  if (split < trace->n_locales)
    {
      /* The second half of the locales on a thread of its own. */
      MatricesPart part = { trace, &sel, split, { comm_matrix_new (trace->n_locales), comm_matrix_new (trace->n_locales) } };
      GThread *thread = g_thread_try_new ("weft-chplvis-matrices", matrices_part_thread, &part, NULL);

      if (thread == NULL)
        matrices_part_thread (&part);
      foreach_record_of (trace, &sel, 0, split, add_to_both, &data);
      if (thread != NULL)
        g_thread_join (thread);
      comm_matrix_add (data.all, part.data.all);
      comm_matrix_add (data.own, part.data.own);
      weft_chplvis_comm_matrix_free (part.data.all);
      weft_chplvis_comm_matrix_free (part.data.own);
    }
  else
    foreach_record (trace, &sel, add_to_both, &data);
  _weft_chplvis_selection_clear (&sel);

  return data.all;
}

typedef struct
{
  WeftChplvisCommMatrix *total;
  WeftChplvisCommMatrix *groups[WEFT_CHPLVIS_N_GROUPS];
} SplitData;

static void
add_to_split (const WeftChplvisTrace *trace,
              guint                   locale,
              gboolean                fork,
              guint32                 index,
              guint                   kind,
              guint                   from,
              guint                   to,
              guint64                 bytes,
              gpointer                user_data)
{
  SplitData *data = user_data;
  WeftChplvisKindGroup group;

  if (weft_chplvis_record_kind_is_get (kind))
    group = WEFT_CHPLVIS_GROUP_GETS;
  else if (WEFT_CHPLVIS_KIND_BIT (kind) & WEFT_CHPLVIS_KINDS_PUTS)
    group = WEFT_CHPLVIS_GROUP_PUTS;
  else
    group = WEFT_CHPLVIS_GROUP_FORKS;

  add_to_matrix (trace, locale, fork, index, kind, from, to, bytes, data->total);
  add_to_matrix (trace, locale, fork, index, kind, from, to, bytes, data->groups[group]);
}

/**
 * weft_chplvis_compute_comm_matrix_split:
 * @groups: (out caller-allocates) (array fixed-size=3): the same matrix for
 *   the gets, the puts and the forks alone (within @query's kinds), indexed
 *   by #WeftChplvisKindGroup
 *
 * weft_chplvis_compute_comm_matrix() and its three parts, in one pass: what
 * a cell's tooltip shows (chplvis's Comm box: gets, puts, on calls).
 *
 * Returns: (transfer full): the whole matrix; free it and each of @groups
 *   with weft_chplvis_comm_matrix_free().
 */
WeftChplvisCommMatrix *
weft_chplvis_compute_comm_matrix_split (const WeftChplvisTrace  *trace,
                                        const WeftChplvisQuery  *query,
                                        WeftChplvisCommMatrix  **groups)
{
  SplitData data;
  Selection sel;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);
  g_return_val_if_fail (groups != NULL, NULL);

  data.total = comm_matrix_new (trace->n_locales);
  for (guint g = 0; g < WEFT_CHPLVIS_N_GROUPS; g++)
    data.groups[g] = groups[g] = comm_matrix_new (trace->n_locales);

  _weft_chplvis_selection_init (&sel, trace, query);
  foreach_record (trace, &sel, add_to_split, &data);
  _weft_chplvis_selection_clear (&sel);

  return data.total;
}

void
weft_chplvis_comm_matrix_free (WeftChplvisCommMatrix *matrix)
{
  if (matrix == NULL)
    return;

  g_free (matrix->count);
  g_free (matrix->bytes);
  g_free (matrix);
}

typedef struct
{
  guint                 from;
  guint                 to;
  WeftChplvisPairStats *stats;
  GArray               *records;
} PairData;

static void
add_to_pair (const WeftChplvisTrace *trace,
             guint                   locale,
             gboolean                fork,
             guint32                 index,
             guint                   kind,
             guint                   from,
             guint                   to,
             guint64                 bytes,
             gpointer                user_data)
{
  PairData *data = user_data;

  if (from != data->from || to != data->to)
    return;

  if (data->stats != NULL)
    {
      data->stats->count[kind]++;
      data->stats->bytes[kind] = add_sat (data->stats->bytes[kind], bytes);
      data->stats->total_count++;
      data->stats->total_bytes = add_sat (data->stats->total_bytes, bytes);
    }
  if (data->records != NULL)
    {
      WeftChplvisCommRecord record;

      weft_chplvis_get_comm_record (trace, locale, fork, index, &record);
      g_array_append_val (data->records, record);
    }
}

/**
 * weft_chplvis_compute_pair_stats:
 *
 * Fills @stats with the communication from @from to @to (data flow), per kind.
 */
void
weft_chplvis_compute_pair_stats (const WeftChplvisTrace *trace,
                                 const WeftChplvisQuery *query,
                                 guint                   from,
                                 guint                   to,
                                 WeftChplvisPairStats   *stats)
{
  PairData data = { from, to, stats, NULL };
  Selection sel;

  g_return_if_fail (trace != NULL);
  g_return_if_fail (query != NULL);
  g_return_if_fail (stats != NULL);

  memset (stats, 0, sizeof *stats);
  if (from >= trace->n_locales || to >= trace->n_locales)
    return;

  _weft_chplvis_selection_init (&sel, trace, query);
  foreach_record (trace, &sel, add_to_pair, &data);
  _weft_chplvis_selection_clear (&sel);
}

static int
compare_records (gconstpointer a,
                 gconstpointer b)
{
  const WeftChplvisCommRecord *x = a;
  const WeftChplvisCommRecord *y = b;

  if (x->time != y->time)
    return (x->time > y->time) - (x->time < y->time);
  if (x->locale != y->locale)
    return (x->locale > y->locale) - (x->locale < y->locale);

  return (x->line > y->line) - (x->line < y->line);
}

/**
 * weft_chplvis_list_pair_comms:
 *
 * Returns: (transfer full) (element-type WeftChplvisCommRecord): every get, put
 *   and fork from @from to @to in the selection, by time.
 */
GArray *
weft_chplvis_list_pair_comms (const WeftChplvisTrace *trace,
                              const WeftChplvisQuery *query,
                              guint                   from,
                              guint                   to)
{
  PairData data = { from, to, NULL, NULL };
  Selection sel;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);

  data.records = g_array_new (FALSE, TRUE, sizeof (WeftChplvisCommRecord));
  if (from >= trace->n_locales || to >= trace->n_locales)
    return data.records;

  _weft_chplvis_selection_init (&sel, trace, query);
  foreach_record (trace, &sel, add_to_pair, &data);
  _weft_chplvis_selection_clear (&sel);

  g_array_sort (data.records, compare_records);

  return data.records;
}

/**
 * weft_chplvis_get_comm_record:
 * @locale: the issuing locale (whose file holds the record)
 * @fork: whether @index is in its forks (else its comms)
 */
void
weft_chplvis_get_comm_record (const WeftChplvisTrace *trace,
                              guint                   locale,
                              gboolean                fork,
                              guint32                 index,
                              WeftChplvisCommRecord  *record)
{
  const WeftChplvisLocale *l;

  g_return_if_fail (trace != NULL);
  g_return_if_fail (record != NULL);

  memset (record, 0, sizeof *record);
  g_return_if_fail (locale < trace->n_locales && trace->locales[locale] != NULL);
  l = trace->locales[locale];

  record->locale = locale;
  record->index = index;
  if (!fork)
    {
      const WeftChplvisComms *c = &l->comms;

      g_return_if_fail (index < c->n);
      record->kind = c->kind[index];
      record->time = weft_chplvis_time_to_ns (trace, c->time[index]);
      record->peer = c->peer[index];
      record->from = weft_chplvis_record_kind_is_get (record->kind) ? record->peer : locale;
      record->to = weft_chplvis_record_kind_is_get (record->kind) ? locale : record->peer;
      record->bytes = weft_chplvis_comms_get_bytes (c, index);
      record->elem_size = weft_chplvis_comms_get_elem_size (c, index);
      record->length = weft_chplvis_comms_get_length (c, index);
      record->tid = weft_chplvis_comms_get_tid (l, index);
      record->task = c->task[index];
      record->fid = -1;
      record->src_line = c->src_line[index];
      record->src_file = c->src_file[index];
      record->comm_id = c->comm_id[index];
      record->line = c->line[index];
      record->overhead = (c->flags[index] & WEFT_CHPLVIS_COMM_OVERHEAD) != 0;
    }
  else
    {
      const WeftChplvisForks *f = &l->forks;

      g_return_if_fail (index < f->n);
      record->kind = f->kind[index];
      record->time = weft_chplvis_time_to_ns (trace, f->time[index]);
      record->peer = f->peer[index];
      record->from = locale;
      record->to = record->peer;
      record->bytes = weft_chplvis_forks_get_arg_size (f, index);
      record->elem_size = 1;
      record->length = record->bytes;
      record->tid = weft_chplvis_forks_get_tid (l, index);
      record->task = f->task[index];
      record->fid = f->fid[index];
      record->src_line = f->src_line[index];
      record->src_file = f->src_file[index];
      record->comm_id = -1;
      record->line = f->line[index];
      record->overhead = (f->flags[index] & WEFT_CHPLVIS_COMM_OVERHEAD) != 0;
    }
}

static int
compare_record_lines (gconstpointer a,
                      gconstpointer b)
{
  const WeftChplvisCommRecord *x = a;
  const WeftChplvisCommRecord *y = b;

  return (x->line > y->line) - (x->line < y->line);
}

/**
 * weft_chplvis_list_task_comms:
 *
 * chplvis's task communication list: the gets, puts and forks @task of
 * @locale issued, in file order (VisualDebug's own included, flagged).
 *
 * Returns: (transfer full) (element-type WeftChplvisCommRecord): the records.
 */
GArray *
weft_chplvis_list_task_comms (const WeftChplvisTrace *trace,
                              guint                   locale,
                              guint32                 task)
{
  const WeftChplvisLocale *l;
  GArray *records;

  g_return_val_if_fail (trace != NULL, NULL);

  records = g_array_new (FALSE, TRUE, sizeof (WeftChplvisCommRecord));
  if (locale >= trace->n_locales || trace->locales[locale] == NULL)
    return records;
  l = trace->locales[locale];

  for (guint32 i = 0; i < l->comms.n; i++)
    if (l->comms.task[i] == task)
      {
        WeftChplvisCommRecord record;

        weft_chplvis_get_comm_record (trace, locale, FALSE, i, &record);
        g_array_append_val (records, record);
      }
  for (guint32 i = 0; i < l->forks.n; i++)
    if (l->forks.task[i] == task)
      {
        WeftChplvisCommRecord record;

        weft_chplvis_get_comm_record (trace, locale, TRUE, i, &record);
        g_array_append_val (records, record);
      }
  g_array_sort (records, compare_record_lines);

  return records;
}

/**
 * weft_chplvis_compute_task_comm:
 * @chplvis_compat: sizes as chplvis adds them (length, without elemsize)
 *
 * Returns: (transfer full): per task of @locale (indexed like its tasks), what
 *   it issued; %NULL when the locale has no file.
 */
WeftChplvisTaskComm *
weft_chplvis_compute_task_comm (const WeftChplvisTrace *trace,
                                guint                   locale,
                                gboolean                chplvis_compat)
{
  const WeftChplvisLocale *l;
  WeftChplvisTaskComm *sums;

  g_return_val_if_fail (trace != NULL, NULL);

  if (locale >= trace->n_locales || trace->locales[locale] == NULL)
    return NULL;
  l = trace->locales[locale];

  sums = g_new0 (WeftChplvisTaskComm, MAX (l->tasks.n, 1));
  for (guint32 i = 0; i < l->comms.n; i++)
    {
      guint32 task = l->comms.task[i];

      if (task >= l->tasks.n)
        continue;
      if (weft_chplvis_record_kind_is_get (l->comms.kind[i]))
        sums[task].gets++;
      else
        sums[task].puts++;
      sums[task].bytes = add_sat (sums[task].bytes, chplvis_compat ? weft_chplvis_comms_get_length (&l->comms, i) : weft_chplvis_comms_get_bytes (&l->comms, i));
    }
  for (guint32 i = 0; i < l->forks.n; i++)
    {
      guint32 task = l->forks.task[i];

      if (task >= l->tasks.n)
        continue;
      sums[task].forks++;
      sums[task].bytes = add_sat (sums[task].bytes, weft_chplvis_forks_get_arg_size (&l->forks, i));
    }

  return sums;
}

/**
 * weft_chplvis_get_task_info:
 *
 * Returns: %FALSE when there is no such task.
 */
gboolean
weft_chplvis_get_task_info (const WeftChplvisTrace *trace,
                            guint                   locale,
                            guint32                 task,
                            WeftChplvisTaskInfo    *info)
{
  const WeftChplvisLocale *l;
  const WeftChplvisTasks *t;
  const WeftChplvisFunction *function;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (info != NULL, FALSE);

  memset (info, 0, sizeof *info);
  if (locale >= trace->n_locales || trace->locales[locale] == NULL ||
      task >= trace->locales[locale]->tasks.n)
    return FALSE;
  l = trace->locales[locale];
  t = &l->tasks;

  info->locale = locale;
  info->index = task;
  info->tid = t->tid[task];
  info->parent = t->parent[task];
  info->flags = t->flags[task];
  info->fid = t->fid[task];
  function = weft_chplvis_trace_get_function (trace, t->fid[task]);
  info->function = (t->flags[task] & WEFT_CHPLVIS_TASK_MAIN) ? "main" : function != NULL ? function->name : NULL;
  info->src_line = t->src_line[task];
  info->src_file = weft_chplvis_trace_get_file_name (trace, t->src_file[task]);
  info->create = weft_chplvis_time_to_ns (trace, t->create_time[task]);
  info->begin = weft_chplvis_time_to_ns (trace, t->begin_time[task]);
  info->end = weft_chplvis_time_to_ns (trace, t->end_time[task]);
  info->tag = (int)weft_chplvis_locale_task_segment (l, task) - 1;
  info->line = t->line[task];
  info->begin_line = t->begin_line[task];
  info->end_line = t->end_line[task];

  return TRUE;
}

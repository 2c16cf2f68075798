/* weft-chplvis-reduce-locales.c: chplvis's per-locale reductions: CPU and
 * clock replayed as chplvis keeps them, task counts and concurrency, and the
 * per-function task profile.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-chplvis-reduce-private.h"

/* Locales -------------------------------------------------------------------- */

static gint64
segment_start_time (const WeftChplvisLocale  *locale,
                    const WeftChplvisSegment *segment)
{
  return segment->tag_mark != NULL ? segment->tag_mark->sample.time : locale->start.time;
}

/* One stretch of time over which chplvis adds CPU and clock to a tag. */
typedef struct
{
  int    target;    /* a segment, or -1 for All */
  gint64 begin;     /* µs */
  gint64 end;
  gint64 user;      /* µs of CPU over the stretch */
  gint64 sys;
} Accrual;

static void
accrue (GArray                  *accruals,
        int                      target,
        const WeftChplvisSample *from,
        const WeftChplvisSample *to)
{
  Accrual accrual = { target, from->time, to->time, to->user - from->user, to->sys - from->sys };

  g_array_append_val (accruals, accrual);
}

/* chplvis's Pause and End add to the current tag and All whether they are
 * armed or not: after a pause (the run paused, then stopped) the clock gains
 * the End's time since the epoch (the reference time was reset to 0) and the
 * CPU gains everything since the tag's last reference again. */
static void
accrue_unarmed (GArray                  *accruals,
                int                      target,
                const WeftChplvisSample *stale,
                const WeftChplvisSample *to)
{
  Accrual accrual = { target, 0, to->time, to->user - stale->user, to->sys - stale->sys };

  g_array_append_val (accruals, accrual);
}

/* Replays chplvis's CPU/clock bookkeeping for one locale: at Start, All and Start
 * are armed; a Tag arms its tag (and All after a pause) and closes the tag before
 * it if that one is still armed; Pause and End close the current tag and All.
 * A run without End (crashed) is closed at its last record, with the CPU of its
 * last sample (chplvis leaves such a tag and All at 0). */
static GArray *
locale_accruals (const WeftChplvisLocale *locale,
                 gboolean                 compat)
{
  GArray *accruals = g_array_new (FALSE, FALSE, sizeof (Accrual));
  guint n = locale->n_tags + 1;
  g_autofree WeftChplvisSample *ref = g_new0 (WeftChplvisSample, n + 1);
  g_autofree gboolean *armed = g_new0 (gboolean, n + 1);
  WeftChplvisSample last = locale->start;
  guint all = n;
  guint current = 0;

  ref[0] = ref[all] = locale->start;
  armed[0] = armed[all] = TRUE;

  for (guint32 i = 0; i < locale->n_marks; i++)
    {
      const WeftChplvisMark *mark = &locale->marks[i];

      last = mark->sample;
      switch (mark->kind)
        {
        case WEFT_CHPLVIS_MARK_TAG:
          if (current + 1 >= n)
            break;
          ref[current + 1] = mark->sample;
          armed[current + 1] = TRUE;
          if (!armed[all])
            {
              ref[all] = mark->sample;
              armed[all] = TRUE;
            }
          if (armed[current])
            {
              accrue (accruals, (int)current, &ref[current], &mark->sample);
              armed[current] = FALSE;
            }
          current++;
          break;

        case WEFT_CHPLVIS_MARK_PAUSE:
        case WEFT_CHPLVIS_MARK_END:
          if (armed[current])
            accrue (accruals, (int)current, &ref[current], &mark->sample);
          else if (compat)
            accrue_unarmed (accruals, (int)current, &ref[current], &mark->sample);
          if (armed[all])
            accrue (accruals, -1, &ref[all], &mark->sample);
          else if (compat)
            accrue_unarmed (accruals, -1, &ref[all], &mark->sample);
          armed[current] = armed[all] = FALSE;
          break;

        default:
          g_assert_not_reached ();
        }
    }

  if (!locale->complete && !compat)
    {
      /* The CPU is known only at the last sample, the time at the last record. */
      last.time = MAX (locale->last_time, last.time);
      if (armed[current])
        accrue (accruals, (int)current, &ref[current], &last);
      if (armed[all])
        accrue (accruals, -1, &ref[all], &last);
    }

  return accruals;
}

static void
add_accruals (const WeftChplvisTrace  *trace,
              const WeftChplvisLocale *locale,
              const Selection         *sel,
              WeftChplvisLocaleStats  *stats)
{
  g_autoptr(GArray) accruals = locale_accruals (locale, sel->compat);
  /* Doubles: many stretches of hostile sizes must not overflow. */
  double user = 0, sys = 0, clock_ns = 0;

  for (guint i = 0; i < accruals->len; i++)
    {
      const Accrual *a = &g_array_index (accruals, Accrual, i);
      gint64 begin, end;

      if (sel->all ? a->target != -1 : (a->target < 0 || (guint)a->target >= sel->n_segments ||
                                        !sel->selected[a->target]))
        continue;

      if (!sel->has_range)
        {
          user += (double)a->user;
          sys += (double)a->sys;
          clock_ns += (double)(a->end - a->begin) * 1000.0;
          continue;
        }

      /* The part of the stretch inside the range, CPU spread evenly. */
      begin = MAX (weft_chplvis_time_to_ns (trace, a->begin), sel->begin);
      end = MIN (weft_chplvis_time_to_ns (trace, a->end), sel->end);
      if (a->end > a->begin)
        {
          double fraction;

          if (end <= begin)
            continue;
          fraction = (double)(end - begin) / (double)((a->end - a->begin) * 1000);
          user += fraction * (double)a->user;
          sys += fraction * (double)a->sys;
          clock_ns += (double)(end - begin);
        }
      else if (in_range (sel, trace, a->begin))
        {
          user += (double)a->user;
          sys += (double)a->sys;
        }
    }

  stats->cpu_user = user / 1e6;
  stats->cpu_sys = sys / 1e6;
  stats->clock = clock_ns / 1e9;
}

/* chplvis walks each locale's Btask/Etask in order: a Btask of a task it counts
 * (chplvis: one created in the same tag) starts it, the matching Etask ends it,
 * and the count carries over from tag to tag; main is running on locale 0. */
static void
add_concurrency (const WeftChplvisTrace   *trace,
                 const WeftChplvisLocale  *locale,
                 const WeftChplvisSegment *segments,
                 const Selection          *sel,
                 WeftChplvisLocaleStats   *stats)
{
  const WeftChplvisTasks *t = &locale->tasks;
  g_autofree guint8 *running = g_new0 (guint8, MAX (t->n, 1));
  g_autofree gint64 *longest = g_new0 (gint64, sel->n_segments);
  guint run = locale->nid == 0 ? 1 : 0;
  guint best = 0;
  gint64 end_of_run = weft_chplvis_locale_get_end_time (locale);

  for (guint s = 0; s < sel->n_segments; s++)
    {
      const WeftChplvisSegment *seg = &segments[s];
      gboolean selected = sel->selected[s];
      gboolean overlaps = TRUE;
      gboolean entered = FALSE;

      if (!seg->present)
        continue;

      if (selected && sel->has_range)
        {
          gint64 seg_begin = weft_chplvis_time_to_ns (trace, segment_start_time (locale, seg));
          gint64 seg_end = s + 1 < sel->n_segments && segments[s + 1].present
                             ? weft_chplvis_time_to_ns (trace, segment_start_time (locale, &segments[s + 1]))
                             : weft_chplvis_time_to_ns (trace, end_of_run);

          overlaps = seg_begin < sel->end && seg_end >= sel->begin;
        }
      else if (selected)
        best = MAX (best, run);

      for (guint32 e = seg->sched_begin; e < seg->sched_end; e++)
        {
          guint32 task = locale->sched[e] & WEFT_CHPLVIS_SCHED_TASK;
          gboolean is_end = (locale->sched[e] & WEFT_CHPLVIS_SCHED_END) != 0;
          gint64 time;

          if (task >= t->n)
            continue;
          time = is_end ? t->end_time[task] : t->begin_time[task];

          if (selected && sel->has_range && overlaps && !entered &&
              weft_chplvis_time_to_ns (trace, time) >= sel->begin)
            {
              /* What was running when the range began. */
              entered = TRUE;
              best = MAX (best, run);
            }

          if (!is_end)
            {
              if (t->flags[task] & WEFT_CHPLVIS_TASK_NOT_COUNTED)
                continue;
              if (sel->compat && (task < seg->task_begin || task >= seg->task_end))
                continue;
              running[task] = 1;
              run++;
              if (selected && in_range (sel, trace, time))
                best = MAX (best, run);
            }
          else if (running[task])
            {
              running[task] = 0;
              run--;
              if (selected && in_range (sel, trace, time) && (t->flags[task] & WEFT_CHPLVIS_TASK_HAS_BEGIN))
                longest[s] = MAX (longest[s], t->end_time[task] - t->begin_time[task]);
            }
        }

      if (selected && sel->has_range && overlaps && !entered)
        best = MAX (best, run);
    }

  stats->max_concurrency = best;

  stats->max_task_clock = 0;
  for (guint s = 0; s < sel->n_segments; s++)
    if (sel->selected[s])
      {
        /* chplvis's merged tags add up their maxima. */
        if (sel->compat && sel->merged)
          stats->max_task_clock += (double)longest[s] / 1e6;
        else
          stats->max_task_clock = MAX (stats->max_task_clock, (double)longest[s] / 1e6);
      }
}

static guint64
count_tasks (const WeftChplvisTrace   *trace,
             const WeftChplvisLocale  *locale,
             const WeftChplvisSegment *segments,
             const Selection          *sel)
{
  const WeftChplvisTasks *t = &locale->tasks;
  guint64 n = 0;

  for (guint s = 0; s < sel->n_segments; s++)
    {
      const WeftChplvisSegment *seg = &segments[s];

      if (!sel->selected[s] || !seg->present)
        continue;
      for (guint32 i = seg->task_begin; i < seg->task_end; i++)
        if ((t->flags[i] & WEFT_CHPLVIS_TASK_NOT_COUNTED) == 0 && in_range (sel, trace, t->create_time[i]))
          n++;
    }

  /* chplvis counts main once on locale 0 in every tag (and so once per tag
   * when it merges tags); Weft counts it once wherever it runs. */
  if (locale->nid == 0 && t->n > 0 && sel->n_selected > 0)
    {
      gint64 main_begin = weft_chplvis_time_to_ns (trace, t->create_time[WEFT_CHPLVIS_MAIN_TASK]);
      gint64 main_end = weft_chplvis_time_to_ns (trace, t->end_time[WEFT_CHPLVIS_MAIN_TASK]);

      if (sel->compat && sel->merged)
        n += sel->n_selected;
      else if (!sel->has_range || (main_begin < sel->end && main_end >= sel->begin))
        n++;
    }

  return n;
}

/**
 * weft_chplvis_compute_locale_stats:
 *
 * What chplvis shows per locale (Show Tasks, Show CPU, Show Clock, Show
 * Concurrency, the locale box), and the communication in and out of it.
 *
 * Returns: (transfer full) (array): one entry per locale; locales without a
 *   file are all zero.
 */
WeftChplvisLocaleStats *
weft_chplvis_compute_locale_stats (const WeftChplvisTrace *trace,
                                   const WeftChplvisQuery *query)
{
  return weft_chplvis_compute_locale_stats_with_comm (trace, query, NULL);
}

/**
 * weft_chplvis_compute_locale_stats_with_comm:
 * @comm: (nullable): weft_chplvis_compute_comm_matrix() of @trace and @query,
 *   when the caller has it already (a pass over every record saved)
 *
 * weft_chplvis_compute_locale_stats().
 */
WeftChplvisLocaleStats *
weft_chplvis_compute_locale_stats_with_comm (const WeftChplvisTrace      *trace,
                                             const WeftChplvisQuery      *query,
                                             const WeftChplvisCommMatrix *comm)
{
  g_autoptr(WeftChplvisCommMatrix) computed = NULL;
  WeftChplvisLocaleStats *stats;
  guint n;
  Selection sel;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);

  n = trace->n_locales;
  stats = g_new0 (WeftChplvisLocaleStats, MAX (n, 1));
  _weft_chplvis_selection_init (&sel, trace, query);

  for (guint l = 0; l < n; l++)
    {
      const WeftChplvisLocale *locale = trace->locales[l];
      g_autofree WeftChplvisSegment *segments = NULL;

      if (locale == NULL || sel.n_selected == 0)
        continue;
      segments = weft_chplvis_locale_dup_segments (locale, sel.n_segments);

      stats[l].tasks = count_tasks (trace, locale, segments, &sel);
      add_accruals (trace, locale, &sel, &stats[l]);
      add_concurrency (trace, locale, segments, &sel, &stats[l]);
    }

  if (comm == NULL)
    comm = computed = weft_chplvis_compute_comm_matrix (trace, query);
  g_return_val_if_fail (comm->n_locales == n, stats);
  for (guint from = 0; from < n; from++)
    for (guint to = 0; to < n; to++)
      {
        gsize cell = (gsize)from * n + to;

        stats[from].comm_out_count += comm->count[cell];
        stats[from].comm_out_bytes = add_sat (stats[from].comm_out_bytes, comm->bytes[cell]);
        stats[to].comm_in_count += comm->count[cell];
        stats[to].comm_in_bytes = add_sat (stats[to].comm_in_bytes, comm->bytes[cell]);
      }

  _weft_chplvis_selection_clear (&sel);

  return stats;
}

typedef struct
{
  gint64 time;
  int    delta;     /* +1 a Btask, −1 an Etask */
} Change;

static int
compare_changes (gconstpointer a,
                 gconstpointer b)
{
  const Change *x = a;
  const Change *y = b;

  /* By time; at one time an end before a begin. */
  if (x->time != y->time)
    return (x->time > y->time) - (x->time < y->time);
  return (x->delta > y->delta) - (x->delta < y->delta);
}

/**
 * weft_chplvis_compute_concurrency_steps:
 * @chplvis_compat: leave out tasks that begin in the tag after their creation
 *
 * The concurrency of @locale over time, for a curve: the tasks counted as in
 * weft_chplvis_compute_locale_stats() (main on locale 0 from its header), each
 * running from its Btask to its Etask, in time order (a file is not in time
 * order, so the peak of this curve can differ slightly from max_concurrency,
 * which follows the file as chplvis does).
 *
 * Returns: (transfer full) (element-type WeftChplvisConcurrencyStep): one step
 *   at the locale's start and one per Btask and Etask counted.
 */
GArray *
weft_chplvis_compute_concurrency_steps (const WeftChplvisTrace *trace,
                                        guint                   locale,
                                        gboolean                chplvis_compat)
{
  const WeftChplvisLocale *l;
  const WeftChplvisTasks *t;
  g_autofree WeftChplvisSegment *segments = NULL;
  g_autofree guint8 *running = NULL;
  g_autoptr(GArray) changes = NULL;
  WeftChplvisConcurrencyStep step;
  GArray *steps;
  guint n_segments;
  guint run;

  g_return_val_if_fail (trace != NULL, NULL);

  steps = g_array_new (FALSE, FALSE, sizeof (WeftChplvisConcurrencyStep));
  if (locale >= trace->n_locales || trace->locales[locale] == NULL)
    return steps;
  l = trace->locales[locale];
  t = &l->tasks;
  n_segments = trace->n_tags + 1;
  segments = weft_chplvis_locale_dup_segments (l, n_segments);
  running = g_new0 (guint8, MAX (t->n, 1));

  changes = g_array_new (FALSE, FALSE, sizeof (Change));
  for (guint s = 0; s < n_segments; s++)
    {
      const WeftChplvisSegment *seg = &segments[s];

      if (!seg->present)
        continue;
      for (guint32 e = seg->sched_begin; e < seg->sched_end; e++)
        {
          guint32 task = l->sched[e] & WEFT_CHPLVIS_SCHED_TASK;
          Change change;

          if (task >= t->n)
            continue;
          if (!(l->sched[e] & WEFT_CHPLVIS_SCHED_END))
            {
              if ((t->flags[task] & WEFT_CHPLVIS_TASK_NOT_COUNTED) ||
                  (chplvis_compat && (task < seg->task_begin || task >= seg->task_end)))
                continue;
              running[task] = 1;
              change.time = weft_chplvis_time_to_ns (trace, t->begin_time[task]);
              change.delta = 1;
            }
          else if (running[task])
            {
              running[task] = 0;
              change.time = weft_chplvis_time_to_ns (trace, t->end_time[task]);
              change.delta = -1;
            }
          else
            continue;
          g_array_append_val (changes, change);
        }
    }
  g_array_sort (changes, compare_changes);

  run = l->nid == 0 ? 1 : 0;
  step.time = weft_chplvis_time_to_ns (trace, l->start.time);
  step.running = run;
  g_array_append_val (steps, step);
  for (guint i = 0; i < changes->len; i++)
    {
      const Change *change = &g_array_index (changes, Change, i);

      if (change->delta > 0)
        run++;
      else if (run > 0)
        run--;
      step.time = change->time;
      step.running = run;
      g_array_append_val (steps, step);
    }

  return steps;
}

/* Profile -------------------------------------------------------------------- */

/* The profile row a function id goes to. chplvis reads a negative id as 0 and
 * drops ids beyond its table (returns -1 here); Weft puts both under "unknown". */
static int
profile_row (int      fid,
             guint    n_functions,
             gboolean compat)
{
  if (fid < 0)
    return compat ? 0 : (int)n_functions + 1;
  if ((guint)fid >= n_functions)
    return compat ? -1 : (int)n_functions + 1;

  return fid;
}

/**
 * weft_chplvis_compute_profile:
 *
 * chplvis's Profile view (per internal function: clock, tasks, gets, puts, on
 * calls), for any tag and range: tasks count where they were created, with their
 * whole clock; gets and puts go to the function of the task that issued them,
 * on calls to the function the fork runs. Weft adds a "main" row for the main
 * task's communication (chplvis charges it to function 0) and an "unknown" row
 * (tasks and records whose function or task is not known).
 *
 * Returns: (transfer full) (element-type WeftChplvisProfileRow): one row per
 *   function id, then main and unknown (not with chplvis_compat).
 */
GArray *
weft_chplvis_compute_profile (const WeftChplvisTrace *trace,
                              const WeftChplvisQuery *query)
{
  guint n_functions;
  GArray *rows;
  WeftChplvisProfileRow *row;
  Selection sel;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);

  n_functions = weft_chplvis_trace_get_n_functions (trace);
  rows = g_array_sized_new (FALSE, TRUE, sizeof (WeftChplvisProfileRow), n_functions + 2);
  g_array_set_size (rows, n_functions + 2);
  for (guint i = 0; i < n_functions; i++)
    {
      const WeftChplvisFunction *function = weft_chplvis_trace_get_function (trace, (int)i);

      row = &g_array_index (rows, WeftChplvisProfileRow, i);
      row->fid = (int)i;
      if (function != NULL)
        {
          row->name = function->name;
          row->file = weft_chplvis_trace_get_file_name (trace, function->file);
          row->line = function->line;
        }
    }
  row = &g_array_index (rows, WeftChplvisProfileRow, n_functions);
  row->fid = WEFT_CHPLVIS_FID_MAIN;
  row->name = "main";
  row = &g_array_index (rows, WeftChplvisProfileRow, n_functions + 1);
  row->fid = WEFT_CHPLVIS_FID_UNKNOWN;
  row->name = "unknown";

  _weft_chplvis_selection_init (&sel, trace, query);

  for (guint l = 0; l < trace->n_locales; l++)
    {
      const WeftChplvisLocale *locale = trace->locales[l];
      const WeftChplvisTasks *t;
      g_autofree WeftChplvisSegment *segments = NULL;

      if (locale == NULL)
        continue;
      t = &locale->tasks;
      segments = weft_chplvis_locale_dup_segments (locale, sel.n_segments);

      for (guint s = 0; s < sel.n_segments; s++)
        {
          const WeftChplvisSegment *seg = &segments[s];

          if (!sel.selected[s] || !seg->present)
            continue;

          for (guint32 i = seg->task_begin; i < seg->task_end; i++)
            {
              guint8 flags = t->flags[i];
              int r;

              if ((flags & (WEFT_CHPLVIS_TASK_OVERHEAD | WEFT_CHPLVIS_TASK_NO_RECORD | WEFT_CHPLVIS_TASK_MAIN)) ||
                  !in_range (&sel, trace, t->create_time[i]))
                continue;
              r = profile_row (t->fid[i], n_functions, sel.compat);
              if (r < 0)
                continue;
              row = &g_array_index (rows, WeftChplvisProfileRow, r);
              row->tasks++;
              if ((flags & WEFT_CHPLVIS_TASK_HAS_BEGIN) && (flags & WEFT_CHPLVIS_TASK_HAS_END) &&
                  !(flags & WEFT_CHPLVIS_TASK_ERASED))
                row->clock += (double)(t->end_time[i] - t->begin_time[i]) / 1e6;
            }

          for (guint32 i = seg->comm_begin; i < seg->comm_end; i++)
            {
              const WeftChplvisComms *c = &locale->comms;
              guint32 task = c->task[i];
              int r;

              if ((c->flags[i] & WEFT_CHPLVIS_COMM_OVERHEAD) || !in_range (&sel, trace, c->time[i]) ||
                  !(sel.kinds & WEFT_CHPLVIS_KIND_BIT (c->kind[i])))
                continue;
              if (task == WEFT_CHPLVIS_NO_TASK || task >= t->n)
                r = sel.compat ? -1 : (int)n_functions + 1;   /* chplvis: "no tid", not counted */
              else if (t->flags[task] & WEFT_CHPLVIS_TASK_MAIN)
                r = sel.compat ? profile_row (0, n_functions, TRUE) : (int)n_functions;
              else if (sel.compat && (t->flags[task] & (WEFT_CHPLVIS_TASK_OVERHEAD | WEFT_CHPLVIS_TASK_ERASED)))
                r = -1;
              else
                r = profile_row (t->fid[task], n_functions, sel.compat);
              if (r < 0)
                continue;
              row = &g_array_index (rows, WeftChplvisProfileRow, r);
              if (weft_chplvis_record_kind_is_get (c->kind[i]))
                row->gets++;
              else
                row->puts++;
            }

          for (guint32 i = seg->fork_begin; i < seg->fork_end; i++)
            {
              const WeftChplvisForks *f = &locale->forks;
              int r;

              if ((f->flags[i] & WEFT_CHPLVIS_COMM_OVERHEAD) || !in_range (&sel, trace, f->time[i]) ||
                  !(sel.kinds & WEFT_CHPLVIS_KIND_BIT (f->kind[i])))
                continue;
              r = profile_row (f->fid[i], n_functions, sel.compat);
              if (r < 0)
                continue;
              g_array_index (rows, WeftChplvisProfileRow, r).on_calls++;
            }
        }
    }

  _weft_chplvis_selection_clear (&sel);

  if (sel.compat)
    g_array_set_size (rows, n_functions);

  return rows;
}

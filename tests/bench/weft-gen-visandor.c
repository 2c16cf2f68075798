/* weft-gen-visandor.c: synthetic VisAndOr traces (and- and or-parallel).
 *
 * The first line is the parallelism flag (0 and, 1 or); every other line is
 * written with the &-Prolog writer's fprintf format, "%10u %d %X %d %X %d \n"
 * (timestamp right-aligned in 10 columns, upper-case hex, a trailing blank).
 * START_TIME comes first, STOP_TIME last, and the timestamps (microseconds)
 * strictly increase, as the format requires.
 *
 * The events come from a small scheduler simulation, so the trees are
 * consistent:
 *  - and-parallel (&-Prolog): a goal FORKs n tasks; the forking agent runs
 *    task 0 itself, idle agents steal the others (AGENT_BUSY, START_GOAL …
 *    FINISH_GOAL); the parent agent takes unstarted tasks of its own fork
 *    while it waits, goes AGENT_IDLE when there are none, and JOINs when all
 *    have finished. Tasks fork again, nested several levels deep.
 *  - or-parallel (Muse/Aurora, with Andorra-I teams): a branch ends by
 *    making its node public (MAKE_PUBLIC), or by SUCC_BRANCH/FAIL_BRANCH;
 *    idle workers START_BRANCH the node's other alternatives; branches are
 *    SUSPENDed and RESUMEd (often by another worker); a branch that cuts
 *    makes its running younger siblings end with CUTTING_BRANCH and drops the
 *    ones not started; the slaves of a team help with their master's branch
 *    between START_BUSY and STOP_BUSY.
 *
 * Agents are numbered from 0. In and-parallel traces every agent has its own
 * WAM, printed as an address; in or-parallel traces WAM and agent are the
 * same number (as in Muse and Aurora), so agent 10 has WAM "A".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-gen-common.h"

enum
{
  FORK = 1,
  START_GOAL = 2,
  FINISH_GOAL = 3,
  JOIN = 4,
  START_TIME = 5,
  STOP_TIME = 6,
  AGENT_BUSY = 7,
  AGENT_IDLE = 8,
  MAKE_PUBLIC = 20,
  START_BRANCH = 21,
  SUCC_BRANCH = 22,
  FAIL_BRANCH = 23,
  SUSPEND_BRANCH = 24,
  RESUME_BRANCH = 25,
  CUTTING_BRANCH = 26,
  START_BUSY = 33,
  STOP_BUSY = 34,
};

#define MAX_DEPTH    12   /* and: nested forks below the query's */
#define OR_MAX_DEPTH 100  /* or: search trees are deep; the budget bounds them */

/* --- Min-heaps: pending output lines and agent wake-ups ------------------------ */

typedef struct
{
  gint64  t;
  guint64 seq;
  guint32 node;
  gint32  nb;
  guint32 agent;
  guint8  code;
} Event;

typedef struct
{
  gint64  t;
  guint64 seq;
  guint   agent;
  guint   version;
} Wakeup;

static gboolean
event_before (const Event *a,
              const Event *b)
{
  return a->t != b->t ? a->t < b->t : a->seq < b->seq;
}

static gboolean
wakeup_before (const Wakeup *a,
               const Wakeup *b)
{
  return a->t != b->t ? a->t < b->t : a->seq < b->seq;
}

/* One sift-up/sift-down pair per element type keeps the heaps typed. */
#define DEFINE_HEAP(Type, before)                                              \
  static void                                                                  \
  Type##_heap_push (GArray *heap,                                              \
                    const Type *item)                                          \
  {                                                                            \
    Type *v;                                                                   \
    guint i;                                                                   \
                                                                               \
    g_array_append_val (heap, *item);                                          \
    v = (Type *)(void *)heap->data;                                            \
    i = heap->len - 1;                                                         \
    while (i > 0 && before (&v[i], &v[(i - 1) / 2]))                           \
      {                                                                        \
        Type tmp = v[i];                                                       \
                                                                               \
        v[i] = v[(i - 1) / 2];                                                 \
        v[(i - 1) / 2] = tmp;                                                  \
        i = (i - 1) / 2;                                                       \
      }                                                                        \
  }                                                                            \
                                                                               \
  static Type                                                                  \
  Type##_heap_pop (GArray *heap)                                               \
  {                                                                            \
    Type *v = (Type *)(void *)heap->data;                                      \
    Type top = v[0];                                                           \
    guint n = heap->len - 1;                                                   \
    guint i = 0;                                                               \
                                                                               \
    v[0] = v[n];                                                               \
    g_array_set_size (heap, n);                                                \
    while (TRUE)                                                               \
      {                                                                        \
        guint l = 2 * i + 1, r = l + 1, m = i;                                 \
        Type tmp;                                                              \
                                                                               \
        if (l < n && before (&v[l], &v[m]))                                    \
          m = l;                                                               \
        if (r < n && before (&v[r], &v[m]))                                    \
          m = r;                                                               \
        if (m == i)                                                            \
          break;                                                               \
        tmp = v[i];                                                            \
        v[i] = v[m];                                                           \
        v[m] = tmp;                                                            \
        i = m;                                                                 \
      }                                                                        \
    return top;                                                                \
  }

DEFINE_HEAP (Event, event_before)
DEFINE_HEAP (Wakeup, wakeup_before)

/* --- State ------------------------------------------------------------------ */

typedef struct Fork Fork;

/* And-parallel: a parallel conjunction (a parcall frame). */
struct Fork
{
  guint32  node;
  gint     n;
  gint     next;       /* first task nobody has started */
  gint     finished;
  guint    agent;      /* the forking agent, which JOINs */
  gint     depth;
  gboolean queued;     /* still referenced by the steal queue */
  gboolean joined;
};

typedef struct
{
  Fork    *fork;       /* the fork this goal is a task of; NULL for the query */
  gint     task;
  gint     steps;      /* work steps left */
  gint     depth;
  Fork    *waiting;    /* the fork it waits to JOIN */
} Goal;

typedef struct OrNode OrNode;

/* Or-parallel: a public choice point. */
struct OrNode
{
  guint32  id;
  gint     n;
  gint     next;       /* first alternative nobody has started */
  gint     depth;
  guint8  *state;      /* per branch, BRANCH_* */
  guint8  *cut;        /* per branch: cut by an older sibling */
  gint     open;       /* branches not yet ended */
  gboolean stacked;    /* still referenced by the work stack */
};

enum
{
  BRANCH_NEW,
  BRANCH_RUNNING,
  BRANCH_DONE,        /* ended, or made its own node public */
  BRANCH_SUSPENDED,
};

typedef struct
{
  OrNode *node;
  gint    branch;
  gint    steps;
  gint64  ready;       /* earliest resume time */
} Suspended;

typedef struct
{
  guint64    wam;
  gboolean   busy;        /* and: after AGENT_BUSY */
  gboolean   scheduled;
  guint      version;
  GPtrArray *stack;       /* and: Goal* */
  /* or-parallel masters */
  gboolean   master;
  OrNode    *node;        /* the running branch, NULL when idle */
  gint       branch;
  gint       steps;
} Agent;

typedef struct
{
  const WeftGenOptions *opt;
  WeftGenRand  rng;
  WeftGenOut  *out;
  guint        n_agents;
  Agent       *agents;
  GArray      *events;        /* Event heap */
  GArray      *wakeups;       /* Wakeup heap */
  guint64      seq;
  guint64      emitted;       /* lines written or queued */
  guint64      structural;    /* lines other than busy/idle ones */
  guint64      outstanding;   /* goal/branch events the open work still owes */
  gint64       last_ts;
  guint32      next_node;
  gint64       seg_hi;        /* longest ordinary work segment, µs */
  gboolean     done;
  /* and */
  GQueue       steal;         /* Fork* with unstarted tasks */
  /* or */
  GPtrArray   *work;          /* OrNode* with unstarted branches (LIFO) */
  GArray      *suspended;     /* Suspended */
  guint        team;          /* agents per Andorra-I team */
  guint        running;       /* masters running a branch */
} Gen;

static void
emit (Gen     *g,
      gint64   t,
      guint8   code,
      guint32  node,
      gint32   nb,
      guint    agent)
{
  Event e = { t, g->seq++, node, nb, agent, code };

  Event_heap_push (g->events, &e);
  g->emitted++;
  if (code != AGENT_BUSY && code != AGENT_IDLE && code != START_BUSY && code != STOP_BUSY)
    g->structural++;
}

static void
write_event (Gen         *g,
             const Event *e)
{
  char *p = weft_gen_out_reserve (g->out, 96);
  char num[24];
  char *q;
  gint64 ts = MAX (e->t, g->last_ts + 1);
  gsize len;

  /* No two events may share a timestamp: the format's own advice is to add
   * one to the later of two. */
  g->last_ts = ts;
  g_assert (ts <= G_MAXUINT32);

  q = weft_gen_fmt_u64 (num, (guint64)ts);
  len = (gsize)(q - num);
  if (len < 10)
    p = weft_gen_fmt_pad (p, 10 - len);
  p = weft_gen_fmt_str (p, num, len);
  *p++ = ' ';
  p = weft_gen_fmt_u64 (p, e->code);
  *p++ = ' ';
  p = weft_gen_fmt_hex (p, e->node, TRUE);
  *p++ = ' ';
  p = weft_gen_fmt_i64 (p, e->nb);
  *p++ = ' ';
  p = weft_gen_fmt_hex (p, g->agents[e->agent].wam, TRUE);
  *p++ = ' ';
  p = weft_gen_fmt_u64 (p, e->agent);
  *p++ = ' ';
  *p++ = '\n';
  weft_gen_out_commit (g->out, p);
  g->out->lines++;
}

/* Writes every queued line earlier than t: nothing earlier can be queued
 * any more, since the simulation only moves forward. */
static void
flush_before (Gen    *g,
              gint64  t)
{
  while (g->events->len > 0 && g_array_index (g->events, Event, 0).t < t)
    {
      Event e = Event_heap_pop (g->events);

      write_event (g, &e);
    }
}

static void
schedule (Gen    *g,
          guint   agent,
          gint64  t)
{
  Agent *a = &g->agents[agent];
  Wakeup w = { t, g->seq++, agent, ++a->version };

  a->scheduled = TRUE;
  Wakeup_heap_push (g->wakeups, &w);
}

static gint64
work_segment (Gen *g)
{
  return weft_gen_rand_skewed (&g->rng, MAX (g->seg_hi / 20, 2), g->seg_hi);
}

static gint64
tick (Gen *g)
{
  return weft_gen_rand_range (&g->rng, 1, 4);
}

/* Room for another fork of n tasks: what the open work still owes and this
 * fork, scaled by the share of busy/idle and slave lines seen so far, plus
 * the end, must fit. */
static gboolean
budget_allows (Gen  *g,
               gint  n)
{
  guint64 owed = g->outstanding + (guint64)(2 * n + 1);
  /* Before there is much to go by, expect about 0.6 slave lines per
   * structural line and slave (a team's slaves share the work). */
  guint64 prior = 100 + (g->team - 1) * 60;
  guint64 scaled = owed * (g->emitted * 100 + 64 * prior) / ((g->structural + 64) * 100);

  return g->emitted + scaled + g->n_agents + 4 <= g->opt->events && g->last_ts < (gint64)G_MAXUINT32 / 2;
}

/* --- And-parallel -------------------------------------------------------------- */

static guint32
new_node_id (Gen *g)
{
  /* Parcall frames live on the agents' stacks: address-like, unique. */
  guint32 id = g->next_node;

  g->next_node += 4 * (guint32)weft_gen_rand_range (&g->rng, 5, 16);
  return id;
}

static void
wake_idle (Gen    *g,
           gint64  t,
           gint    how_many)
{
  for (guint i = 0; i < g->n_agents && how_many > 0; i++)
    {
      Agent *a = &g->agents[i];

      if (a->scheduled || a->stack->len > 0)
        continue;
      schedule (g, i, t + weft_gen_rand_skewed (&g->rng, 3, 40));
      how_many--;
    }
}

static Fork *
steal_fork (Gen *g)
{
  while (!g_queue_is_empty (&g->steal))
    {
      Fork *f = g_queue_peek_head (&g->steal);

      if (f->next < f->n)
        return f;
      g_queue_pop_head (&g->steal);
      f->queued = FALSE;
      if (f->joined)
        g_free (f);
    }
  return NULL;
}

static void
start_goal (Gen    *g,
            guint   agent,
            Fork   *f,
            gint64  t)
{
  Agent *a = &g->agents[agent];
  Goal *goal = g_new0 (Goal, 1);

  goal->fork = f;
  goal->task = f->next++;
  goal->depth = f->depth + 1;
  goal->steps = (gint)weft_gen_rand_range (&g->rng, 1, 3);
  g_ptr_array_add (a->stack, goal);
  emit (g, t, START_GOAL, f->node, goal->task, agent);
  g->outstanding--;
  schedule (g, agent, t + work_segment (g));
}

static void
set_busy (Gen     *g,
          guint    agent,
          gint64  *t)
{
  Agent *a = &g->agents[agent];

  if (!a->busy)
    {
      emit (g, *t, AGENT_BUSY, 0, 0, agent);
      a->busy = TRUE;
      *t += tick (g);
    }
}

static void
set_idle (Gen    *g,
          guint   agent,
          gint64  t)
{
  Agent *a = &g->agents[agent];

  if (a->busy)
    {
      emit (g, t, AGENT_IDLE, 0, 0, agent);
      a->busy = FALSE;
    }
}

static gint
fork_width (Gen *g,
            gint depth)
{
  if (depth == 0)
    return (gint)weft_gen_rand_range (&g->rng, 2, MAX (2, 2 * (gint)g->n_agents));
  return (gint)weft_gen_rand_range (&g->rng, 2, 4);
}

static gboolean
wants_fork (Gen *g,
            gint depth)
{
  static const guint percent[] = { 100, 65, 50, 40, 30, 20, 15, 10 };

  if (depth >= MAX_DEPTH)
    return FALSE;
  return weft_gen_rand_below (&g->rng, 100) < percent[MIN (depth, (gint)G_N_ELEMENTS (percent) - 1)];
}

static void
and_step (Gen    *g,
          guint   agent,
          gint64  t)
{
  Agent *a = &g->agents[agent];

  a->scheduled = FALSE;
  while (TRUE)
    {
      Goal *top = a->stack->len > 0 ? g_ptr_array_index (a->stack, a->stack->len - 1) : NULL;

      if (top == NULL)
        {
          Fork *f = steal_fork (g);

          if (f == NULL)
            {
              set_idle (g, agent, t);
              return;
            }
          set_busy (g, agent, &t);
          start_goal (g, agent, f, t);
          return;
        }

      if (top->waiting != NULL)
        {
          Fork *f = top->waiting;

          if (f->finished == f->n)
            {
              set_busy (g, agent, &t);
              emit (g, t, JOIN, f->node, f->n, agent);
              g->outstanding--;
              top->waiting = NULL;
              f->joined = TRUE;
              if (!f->queued)
                g_free (f);
              schedule (g, agent, t + work_segment (g));
              return;
            }
          if (f->next < f->n)
            {
              set_busy (g, agent, &t);
              start_goal (g, agent, f, t);
              return;
            }
          /* Everything is taken: wait for the others to finish. */
          set_idle (g, agent, t);
          return;
        }

      if (top->steps > 0)
        {
          gint n;

          top->steps--;
          n = fork_width (g, top->depth);
          if (wants_fork (g, top->depth) && budget_allows (g, n))
            {
              Fork *f = g_new0 (Fork, 1);

              f->node = new_node_id (g);
              f->n = n;
              f->agent = agent;
              f->depth = top->depth;
              emit (g, t, FORK, f->node, n, agent);
              g->outstanding += 2 * (guint64)n + 1;
              top->waiting = f;
              if (n > 1)
                {
                  f->queued = TRUE;
                  g_queue_push_tail (&g->steal, f);
                  wake_idle (g, t, n - 1);
                }
              start_goal (g, agent, f, t + tick (g));
            }
          else
            schedule (g, agent, t + work_segment (g));
          return;
        }

      if (top->fork == NULL)
        {
          /* The query is done: every fork has joined, every agent is idle. */
          set_idle (g, agent, t);
          emit (g, t + tick (g), STOP_TIME, 0, 0, agent);
          g->done = TRUE;
          g_ptr_array_set_size (a->stack, 0);
          g_free (top);
          return;
        }

      {
        Fork *f = top->fork;

        emit (g, t, FINISH_GOAL, f->node, top->task, agent);
        g->outstanding--;
        g_ptr_array_set_size (a->stack, a->stack->len - 1);
        g_free (top);
        f->finished++;
        if (f->finished == f->n && f->agent != agent && !g->agents[f->agent].scheduled)
          schedule (g, f->agent, t + weft_gen_rand_skewed (&g->rng, 2, 20));
        t += tick (g);
      }
    }
}

static void
run_and (Gen *g)
{
  Goal *query = g_new0 (Goal, 1);
  gint64 t = g->last_ts + 1;

  /* The query runs on agent 0 until the budget is used up, forking again
   * and again. */
  query->steps = G_MAXINT;
  query->depth = 0;
  g_ptr_array_add (g->agents[0].stack, query);

  emit (g, t, START_TIME, 0, 0, 0);
  t += tick (g);
  set_busy (g, 0, &t);
  schedule (g, 0, t);

  while (!g->done && g->wakeups->len > 0)
    {
      Wakeup w = Wakeup_heap_pop (g->wakeups);

      if (w.version != g->agents[w.agent].version)
        continue;
      flush_before (g, w.t);
      if (w.agent == 0 && query->steps > 0 && g->agents[0].stack->len == 1 && query->waiting == NULL
          && !budget_allows (g, fork_width (g, 0)))
        query->steps = 0;
      and_step (g, w.agent, w.t);
    }
}

/* --- Or-parallel --------------------------------------------------------------- */

static OrNode *
or_node_new (Gen *g,
             gint n,
             gint depth)
{
  OrNode *node = g_new0 (OrNode, 1);

  node->id = new_node_id (g);
  node->n = n;
  node->depth = depth;
  node->state = g_new0 (guint8, (gsize)n);
  node->cut = g_new0 (guint8, (gsize)n);
  node->open = n;
  return node;
}

static void
or_node_release (OrNode *node)
{
  if (node->open > 0 || node->stacked)
    return;
  g_free (node->state);
  g_free (node->cut);
  g_free (node);
}

static void
branch_done (Gen    *g,
             OrNode *node,
             gint    b)
{
  node->state[b] = BRANCH_DONE;
  node->open--;
  or_node_release (node);
}

static void
wake_masters (Gen    *g,
              gint64  t,
              gint    how_many)
{
  for (guint i = 0; i < g->n_agents && how_many > 0; i += g->team)
    {
      Agent *a = &g->agents[i];

      if (a->scheduled || a->node != NULL)
        continue;
      schedule (g, i, t + weft_gen_rand_skewed (&g->rng, 3, 60));
      how_many--;
    }
}

/* The slaves of a team help with their master's branch for parts of a work
 * segment; every STOP_BUSY comes before the segment ends. */
static void
slave_help (Gen    *g,
            guint   master,
            gint64  t,
            gint64  d)
{
  Agent *a = &g->agents[master];

  for (guint s = master + 1; s < master + g->team && s < g->n_agents; s++)
    {
      gint64 from = t + 1;
      guint spans = 0;

      while (d >= 12 && from + 6 < t + d && spans < 2
             && weft_gen_rand_chance (&g->rng, 1, spans == 0 ? 4 : 5))
        {
          gint64 start = weft_gen_rand_range (&g->rng, from, from + (t + d - from) / 3);
          gint64 stop = weft_gen_rand_range (&g->rng, start + 1, t + d - 2);

          if (stop <= start)
            break;
          emit (g, start, START_BUSY, a->node->id, a->branch, s);
          emit (g, stop, STOP_BUSY, a->node->id, a->branch, s);
          from = stop + 2;
          spans++;
        }
    }
}

static void
or_work (Gen    *g,
         guint   agent,
         gint64  t)
{
  gint64 d = work_segment (g);

  slave_help (g, agent, t, d);
  schedule (g, agent, t + d);
}

static gboolean
take_work (Gen    *g,
           guint   agent,
           gint64  t)
{
  Agent *a = &g->agents[agent];
  gint ready = -1;

  for (guint i = 0; i < g->suspended->len; i++)
    if (g_array_index (g->suspended, Suspended, i).ready <= t)
      {
        ready = (gint)i;
        break;
      }

  /* Prefer new alternatives, but do not leave suspended branches for long. */
  while (g->work->len > 0)
    {
      OrNode *node = g_ptr_array_index (g->work, g->work->len - 1);

      if (node->next < node->n)
        break;
      g_ptr_array_set_size (g->work, g->work->len - 1);
      node->stacked = FALSE;
      or_node_release (node);
    }

  if (ready >= 0 && (g->work->len == 0 || weft_gen_rand_chance (&g->rng, 1, 2)))
    {
      Suspended s = g_array_index (g->suspended, Suspended, ready);

      g_array_remove_index (g->suspended, (guint)ready);
      a->node = s.node;
      a->branch = s.branch;
      a->steps = s.steps;
      s.node->state[s.branch] = BRANCH_RUNNING;
      emit (g, t, RESUME_BRANCH, s.node->id, s.branch, agent);
      g->outstanding--;
      g->running++;
      or_work (g, agent, t + tick (g));
      return TRUE;
    }

  if (g->work->len > 0)
    {
      OrNode *node = g_ptr_array_index (g->work, g->work->len - 1);
      gint b = node->next++;

      a->node = node;
      a->branch = b;
      a->steps = (gint)weft_gen_rand_range (&g->rng, 1, 3);
      node->state[b] = BRANCH_RUNNING;
      emit (g, t, START_BRANCH, node->id, b, agent);
      g->outstanding--;
      g->running++;
      or_work (g, agent, t + tick (g));
      return TRUE;
    }

  if (g->suspended->len > 0)
    {
      gint64 first = G_MAXINT64;

      for (guint i = 0; i < g->suspended->len; i++)
        first = MIN (first, g_array_index (g->suspended, Suspended, i).ready);
      schedule (g, agent, MAX (first, t + 1));
      return TRUE;
    }
  return FALSE;
}

/* A branch that cuts prunes its younger siblings: those not started are
 * dropped, the running ones end with CUTTING_BRANCH when their worker next
 * looks. Only when no younger sibling has gone further (public node or
 * suspended), so that no pruned subtree is left behind. */
static gboolean
try_cut (Gen    *g,
         OrNode *node,
         gint    b)
{
  gboolean any = FALSE;

  for (gint j = b + 1; j < node->n; j++)
    {
      if (node->state[j] == BRANCH_DONE || node->state[j] == BRANCH_SUSPENDED)
        return FALSE;
      any = TRUE;
    }
  if (!any)
    return FALSE;

  for (gint j = b + 1; j < node->n; j++)
    {
      if (node->state[j] == BRANCH_RUNNING)
        node->cut[j] = TRUE;
      else if (j >= node->next)
        {
          node->state[j] = BRANCH_DONE;
          node->open--;
          g->outstanding -= 2;
        }
    }
  node->next = node->n;
  return TRUE;
}

static void
or_step (Gen    *g,
         guint   agent,
         gint64  t)
{
  Agent *a = &g->agents[agent];

  a->scheduled = FALSE;
  while (TRUE)
    {
      OrNode *node = a->node;
      gint b = a->branch;

      if (node == NULL)
        {
          if (take_work (g, agent, t))
            return;
          if (g->running == 0 && g->suspended->len == 0 && g->work->len == 0)
            {
              emit (g, t + tick (g), STOP_TIME, 0, 0, agent);
              g->done = TRUE;
            }
          return;
        }

      if (node->cut[b])
        {
          emit (g, t, CUTTING_BRANCH, node->id, b, agent);
          g->outstanding--;
          a->node = NULL;
          g->running--;
          branch_done (g, node, b);
          t += tick (g);
          continue;
        }

      if (a->steps > 0)
        {
          a->steps--;
          if (node->depth > 0 && weft_gen_rand_chance (&g->rng, 1, 14) && budget_allows (g, 1))
            {
              Suspended s = { node, b, a->steps, t + weft_gen_rand_skewed (&g->rng, 40, 40 + 4 * g->seg_hi) };

              emit (g, t, SUSPEND_BRANCH, node->id, b, agent);
              g->outstanding += 1;  /* it owes a RESUME now */
              node->state[b] = BRANCH_SUSPENDED;
              g_array_append_val (g->suspended, s);
              a->node = NULL;
              g->running--;
              t += tick (g);
              continue;
            }
          or_work (g, agent, t);
          return;
        }

      {
        gint n = node->depth == 0 ? (gint)weft_gen_rand_range (&g->rng, 2, MAX (2, (gint)(2 * g->n_agents / g->team)))
                                  : (gint)weft_gen_rand_range (&g->rng, 2, 4);

        /* Expand while the budget lasts; always, when little work is left,
         * so that the search does not die out early. */
        gboolean few = g->outstanding < 4 * (guint64)(g->n_agents / g->team + 1);

        if (node->depth < OR_MAX_DEPTH && (few || weft_gen_rand_chance (&g->rng, 3, 4)) && budget_allows (g, n))
          {
            /* The branch reaches a choice point and makes it public. */
            OrNode *child = or_node_new (g, n, node->depth + 1);

            emit (g, t, MAKE_PUBLIC, child->id, n, agent);
            g->outstanding += 2 * (guint64)n - 1;
            branch_done (g, node, b);
            child->stacked = TRUE;
            g_ptr_array_add (g->work, child);
            a->node = NULL;
            g->running--;
            wake_masters (g, t, n - 1);
            t += tick (g);
            continue;
          }
      }

      if (weft_gen_rand_chance (&g->rng, 1, 6) && try_cut (g, node, b))
        emit (g, t, SUCC_BRANCH, node->id, b, agent);
      else
        emit (g, t, weft_gen_rand_chance (&g->rng, 2, 5) ? SUCC_BRANCH : FAIL_BRANCH, node->id, b, agent);
      g->outstanding--;
      a->node = NULL;
      g->running--;
      branch_done (g, node, b);
      t += tick (g);
    }
}

static void
run_or (Gen *g)
{
  gint64 t = g->last_ts + 1;
  guint masters = (g->n_agents + g->team - 1) / g->team;
  gint n = (gint)weft_gen_rand_range (&g->rng, MAX (2, (gint)masters), MAX (2, 2 * (gint)masters));
  OrNode *root;

  emit (g, t, START_TIME, 0, 0, 0);
  t += tick (g);

  /* The query's first choice point, made public by worker 0. */
  root = or_node_new (g, n, 0);
  emit (g, t, MAKE_PUBLIC, root->id, n, 0);
  g->outstanding += 2 * (guint64)n;
  root->stacked = TRUE;
  g_ptr_array_add (g->work, root);
  schedule (g, 0, t + tick (g));
  wake_masters (g, t, n - 1);

  while (!g->done && g->wakeups->len > 0)
    {
      Wakeup w = Wakeup_heap_pop (g->wakeups);

      if (w.version != g->agents[w.agent].version)
        continue;
      flush_before (g, w.t);
      or_step (g, w.agent, w.t);
    }
}

/* --- Entry point ------------------------------------------------------------- */

gboolean
weft_gen_visandor (const WeftGenOptions  *opt,
                   WeftGenStats          *stats,
                   GError               **error)
{
  g_autoptr(WeftGenOut) out = NULL;
  Gen g = { 0 };
  gboolean ok;

  out = weft_gen_out_new (opt->out, 4 << 20, error);
  if (out == NULL)
    return FALSE;

  g.opt = opt;
  g.out = out;
  weft_gen_rand_init (&g.rng, opt->seed, opt->or_mode ? 3 : 2);
  g.n_agents = opt->rows;
  g.agents = g_new0 (Agent, g.n_agents);
  g.events = g_array_new (FALSE, FALSE, sizeof (Event));
  g.wakeups = g_array_new (FALSE, FALSE, sizeof (Wakeup));
  g.work = g_ptr_array_new ();
  g.suspended = g_array_new (FALSE, FALSE, sizeof (Suspended));
  g_queue_init (&g.steal);
  g.team = opt->rows >= 6 ? 3 : opt->rows >= 4 ? 2 : 1;

  /* Keep the whole run inside the 32-bit microsecond counter. */
  g.seg_hi = CLAMP ((gint64)(G_GINT64_CONSTANT (1500000000) / (gint64)MAX (opt->events, 1)), 12, 2400);
  g.last_ts = (gint64)weft_gen_rand_range (&g.rng, 1000, 90000);
  g.next_node = 0x3a5c40 + 4 * (guint32)weft_gen_rand_below (&g.rng, 0x4000);

  {
    guint64 wam = 0x80a1c00 + 0x40 * weft_gen_rand_below (&g.rng, 0x1000);

    for (guint i = 0; i < g.n_agents; i++)
      {
        Agent *a = &g.agents[i];

        a->stack = g_ptr_array_new ();
        a->master = i % g.team == 0;
        /* &-Prolog agents run on their own WAMs (addresses); in Muse and
         * Aurora a worker is its WAM, so both fields carry the same number. */
        a->wam = opt->or_mode ? i : wam + i * 0x4b40;
      }
  }

  {
    char *p = weft_gen_out_reserve (out, 2);

    *p++ = opt->or_mode ? '1' : '0';
    *p++ = '\n';
    weft_gen_out_commit (out, p);
    out->lines++;
  }

  if (opt->or_mode)
    run_or (&g);
  else
    run_and (&g);
  flush_before (&g, G_MAXINT64);

  ok = weft_gen_out_finish (out, error);
  stats->lines = out->lines;
  stats->bytes = out->bytes;
  stats->files = 1;

  for (guint i = 0; i < g.n_agents; i++)
    {
      for (guint j = 0; j < g.agents[i].stack->len; j++)
        g_free (g_ptr_array_index (g.agents[i].stack, j));
      g_ptr_array_unref (g.agents[i].stack);
    }
  g_free (g.agents);
  g_array_unref (g.events);
  g_array_unref (g.wakeups);
  /* Joined forks the steal queue still held, exhausted public nodes. */
  while (!g_queue_is_empty (&g.steal))
    {
      Fork *f = g_queue_pop_head (&g.steal);

      f->queued = FALSE;
      if (f->joined)
        g_free (f);
    }
  for (guint i = 0; i < g.work->len; i++)
    {
      OrNode *node = g_ptr_array_index (g.work, i);

      node->stacked = FALSE;
      or_node_release (node);
    }
  g_ptr_array_unref (g.work);
  g_array_unref (g.suspended);

  return ok;
}

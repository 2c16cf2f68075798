/* weft-visandor-trace.h: a VisAndOr trace as the and-/or-parallel execution tree.
 *
 * VisAndOr (Carro, Gómez, Hermenegildo) draws the traces of &-Prolog, Muse,
 * Aurora and Andorra-I: a type digit line (0 = and-, 1 = or-parallelism) then
 * one event per line, "timestamp code nodeid branches wam agent" (u d x d x d).
 * The reader turns the events into the tree they describe, in one pass:
 *
 * - nodes: the forks (FORK, and-parallelism) or public choice points
 *   (MAKE_PUBLIC, or-parallelism), each under the task its agent was running;
 * - tasks: the goals (START_GOAL … FINISH_GOAL) or branches (START_BRANCH …
 *   SUCC/FAIL/CUTTING_BRANCH) of a node, in the order they started;
 * - spans: the pieces of a task run on one agent (a suspended branch resumes
 *   as a new piece, often on another agent), Andorra-I slaves helping a
 *   branch, and AGENT_BUSY … AGENT_IDLE activity; each is added when it
 *   begins (its end is set when it ends), so they come in begin order, the
 *   order the timeline and the figures want;
 * - spawns: a task started on another agent than the one that made its node;
 * - migrations: a branch suspended on one agent and resumed on another.
 *
 * Times are in the trace's units (microseconds, as the seed recommends) from
 * the first event. Plain data: no GObject, no GTK.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define WEFT_VISANDOR_NONE ((guint32)G_MAXUINT32)

/* Agent numbers above this are refused (a count read from the file is bounded
 * before the per-agent arrays grow). */
#define WEFT_VISANDOR_MAX_AGENTS 65536

typedef enum
{
  WEFT_VISANDOR_AND = 0,
  WEFT_VISANDOR_OR  = 1,
} WeftVisandorParallelism;

/* The event codes of the seed document. */
typedef enum
{
  WEFT_VISANDOR_FORK           = 1,
  WEFT_VISANDOR_START_GOAL     = 2,
  WEFT_VISANDOR_FINISH_GOAL    = 3,
  WEFT_VISANDOR_JOIN           = 4,
  WEFT_VISANDOR_START_TIME     = 5,
  WEFT_VISANDOR_STOP_TIME      = 6,
  WEFT_VISANDOR_AGENT_BUSY     = 7,
  WEFT_VISANDOR_AGENT_IDLE     = 8,
  WEFT_VISANDOR_CREATE_WAM     = 9,
  WEFT_VISANDOR_CREATE_AGENT   = 10,
  WEFT_VISANDOR_MAKE_PUBLIC    = 20,
  WEFT_VISANDOR_START_BRANCH   = 21,
  WEFT_VISANDOR_SUCC_BRANCH    = 22,
  WEFT_VISANDOR_FAIL_BRANCH    = 23,
  WEFT_VISANDOR_SUSPEND_BRANCH = 24,
  WEFT_VISANDOR_RESUME_BRANCH  = 25,
  WEFT_VISANDOR_CUTTING_BRANCH = 26,
  WEFT_VISANDOR_LEAF_CUT       = 27,
  WEFT_VISANDOR_START_BUSY     = 33,
  WEFT_VISANDOR_STOP_BUSY      = 34,
} WeftVisandorCode;

#define WEFT_VISANDOR_N_CODES 35

typedef enum
{
  WEFT_VISANDOR_RUNNING = 0,  /* no end in the trace */
  WEFT_VISANDOR_FINISHED,     /* FINISH_GOAL */
  WEFT_VISANDOR_SUCCESS,      /* SUCC_BRANCH */
  WEFT_VISANDOR_FAILURE,      /* FAIL_BRANCH */
  WEFT_VISANDOR_CUT,          /* CUTTING_BRANCH */
  WEFT_VISANDOR_SUSPENDED,    /* suspended and never resumed */
  WEFT_VISANDOR_N_OUTCOMES
} WeftVisandorOutcome;

typedef enum
{
  WEFT_VISANDOR_SPAN_RUN,    /* a task (piece) running on an agent */
  WEFT_VISANDOR_SPAN_SLAVE,  /* an Andorra-I slave helping a branch */
  WEFT_VISANDOR_SPAN_BUSY,   /* AGENT_BUSY … AGENT_IDLE (task = NONE) */
} WeftVisandorSpanKind;

typedef struct
{
  guint64 id;           /* Nodeid as written (hexadecimal in the file) */
  gint64  time;         /* FORK / MAKE_PUBLIC */
  gint64  join_time;    /* JOIN, or -1 */
  guint32 parent;       /* the task it was made in, or NONE */
  guint32 first_task;   /* tasks in start order, linked by next_sibling */
  guint32 last_task;
  guint32 next_sibling; /* the next node made in the same task */
  guint32 n_tasks;      /* tasks started */
  gint32  n_declared;   /* #tasks / #branches */
  guint32 agent;
  guint32 join_agent;   /* NONE without JOIN */
  guint32 depth;        /* 1 under no other node */
} WeftVisandorNode;

typedef struct
{
  guint32 node;
  gint32  number;       /* task# / branch# */
  gint64  start;
  gint64  end;          /* -1 while running */
  guint32 agent;        /* where it started */
  guint32 end_agent;    /* where it ended, NONE while running */
  guint32 next_sibling;
  guint32 first_node;   /* nodes made in it, linked by next_sibling */
  guint32 last_node;
  guint32 n_suspends;
  guint32 n_resumes;
  guint32 n_slaves;     /* START_BUSY events */
  /* The reader's: where its running state is kept while it has no end (a
   * record of its own: tasks were 88 bytes with it), NONE after, and its
   * START_BUSY without STOP_BUSY yet (up to G_MAXUINT16: it only tells
   * whether slaves are still helping when it ends). */
  guint32 open;
  guint16 open_slaves;
  guint8  outcome;      /* WeftVisandorOutcome */
} WeftVisandorTask;

/* 24 bytes: a 10^7-line trace has five million spans, written once by the
 * reader's builder (whose page faults bound the read) and read by the
 * figures and the timeline. */
typedef struct
{
  gint64  begin;
  gint64  end;
  guint32 task;         /* NONE for busy spans */
  guint16 agent;        /* below WEFT_VISANDOR_MAX_AGENTS */
  guint8  kind;         /* WeftVisandorSpanKind */
  guint8  outcome;      /* a piece (RUN): how it stopped, a WeftVisandorOutcome:
                         * SUSPENDED when its branch was suspended, the task's
                         * end for its last piece, RUNNING when the trace ended
                         * it (or still running) */
} WeftVisandorSpan;

/* What each agent did, counted by the reader as it went (the figures would
 * otherwise read every task and node again: hundreds of megabytes). */
typedef struct
{
  guint64 tasks;        /* tasks started here */
  guint64 suspensions;  /* of the tasks started here */
  guint64 successes;    /* tasks ended here: FINISH_GOAL or SUCC_BRANCH */
  guint64 failures;
  guint64 cuts;
  guint64 forks;        /* nodes made here */
} WeftVisandorAgentTally;

/* A task handed from one agent to another: a spawn (from its node's agent
 * and time to its start) or a migration (from its suspension to its
 * resumption). */
typedef struct
{
  gint64  from_time;
  gint64  to_time;
  guint32 task;
  guint32 from_agent;
  guint32 to_agent;
} WeftVisandorHandoff;

/* Instants that no node or task end holds (LEAF-CUT, CREATE_WAM, …). */
typedef struct
{
  gint64  time;
  guint64 node_id;
  guint32 agent;
  gint32  branch;
  guint8  code;
} WeftVisandorMark;

typedef struct
{
  char                   *source;       /* file name for warnings and sources */
  WeftVisandorParallelism parallelism;
  guint64                 origin;       /* timestamp of the first event */
  gint64                  end;          /* last time, relative to origin */
  guint64                 n_lines;
  guint64                 n_events;     /* lines read as events (known codes) */
  guint64                 code_counts[WEFT_VISANDOR_N_CODES];
  guint32                 n_agents;     /* highest agent number + 1 */
  guint32                 n_distinct_agents;
  guint32                 max_depth;
  guint8                 *agent_seen;   /* [n_agents] */
  WeftVisandorAgentTally *tallies;      /* [n_agents] */

  GArray                 *nodes;        /* WeftVisandorNode */
  GArray                 *tasks;        /* WeftVisandorTask */
  GArray                 *spans;        /* WeftVisandorSpan, in begin order */
  GArray                 *spawns;       /* WeftVisandorHandoff, in task order */
  GArray                 *migrations;   /* WeftVisandorHandoff */
  GArray                 *marks;        /* WeftVisandorMark */
  guint32                 first_root;   /* nodes under no task, linked by next_sibling */
  guint32                 last_root;
} WeftVisandorTrace;

WeftVisandorTrace *weft_visandor_trace_new           (const char              *source);
void               weft_visandor_trace_free          (WeftVisandorTrace       *trace);
const char        *weft_visandor_code_name           (int                      code);
const char        *weft_visandor_outcome_name        (WeftVisandorOutcome      outcome);

static inline const WeftVisandorNode *
weft_visandor_trace_node (const WeftVisandorTrace *trace,
                          guint32                  i)
{
  return &g_array_index (trace->nodes, WeftVisandorNode, i);
}

static inline const WeftVisandorTask *
weft_visandor_trace_task (const WeftVisandorTrace *trace,
                          guint32                  i)
{
  return &g_array_index (trace->tasks, WeftVisandorTask, i);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftVisandorTrace, weft_visandor_trace_free)

/* Event names by code, NULL for codes VisAndOr does not know
 * (weft-visandor-trace.c). */
extern const char *const _weft_visandor_code_names[WEFT_VISANDOR_N_CODES];

/* Inline: the reader asks it of every event. */
static inline gboolean
weft_visandor_code_is_known (int code)
{
  return code >= 0 && code < WEFT_VISANDOR_N_CODES && _weft_visandor_code_names[code] != NULL;
}

G_END_DECLS

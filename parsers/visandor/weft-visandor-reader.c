/* weft-visandor-reader.c
 *
 * One pass over the mapped file: lines are scanned into small chunks of event
 * records (weft-visandor-scan.c, on a second thread for a big file) and each
 * chunk is applied to the tree while the next is scanned; nodes are found by
 * id through weft-visandor-node-index.c. A 10^7-line trace is never held as
 * events, and warnings come in line order from the thread that builds the
 * tree whether or not the scan had a thread of its own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-background.h"
#include "weft-error.h"
#include "weft-id-map.h"
#include "weft-input-file.h"
#include "weft-page-buffer.h"
#include "weft-prefault.h"
#include "weft-text-scan.h"
#include "weft-visandor-node-index.h"
#include "weft-visandor-reader.h"
#include "weft-visandor-scan.h"

/* Relative times are kept below this many units so that the timeline's
 * nanoseconds (×1000) stay in range. */
#define MAX_RELATIVE_TIME (G_GINT64_CONSTANT (1) << 50)

#define PROGRESS_CHUNK (4u << 20)

/* Events scanned and applied at a time: small enough that a chunk is still
 * in the cache when the tree builder reads it. */
#define CHUNK_EVENTS 4096
#define PREFAULT_AHEAD ((gsize)16 << 20)

/* Below this size the scan is not worth a thread of its own. */
#define MIN_THREAD_SIZE (2u << 20)

/* A node's tasks are found by number in a slot array of the node's declared
 * size when it is no more than this (forks of a few goals, choice points of a
 * few branches): no hash, and the slots of recent nodes are near each other.
 * Other numbers go through the (node, number) map. */
#define MAX_NODE_SLOTS 64

typedef struct
{
  guint32 current;      /* the task the agent runs: the parent of its next node */
  guint32 slave_task;   /* the branch it helps as an Andorra-I slave, or NONE */
  guint32 slave_span;   /* that help's span */
  guint32 busy_span;    /* the span from AGENT_BUSY, NONE when idle */
} Agent;

/* What the reader keeps of a task while it has no end: its running piece
 * and a pending suspension. Fewer tasks are open at a time than there are
 * (46 at most of the 3.7 million of the generated 10^7-line and-trace; the
 * or-trace's branches stay open under their choice points, 0.9 of 2.6
 * million), so the records are reused through a free list and the tasks,
 * which are kept, are smaller. */
typedef struct
{
  guint32 task;         /* NONE when the record is free */
  guint32 next_free;
  guint32 prev_current; /* the agent's task before the running piece */
  guint32 piece_span;   /* the running piece's span, NONE when none runs */
  guint32 piece_agent;  /* the running piece's agent (its span's) */
  guint32 suspend_agent;
  gint64  suspend_time;
  gboolean suspended;   /* between SUSPEND and RESUME */
} OpenTask;

typedef struct
{
  guint32 base;         /* the node's first slot, or NONE: its tasks are in the map */
  guint32 n;            /* its declared number of tasks */
} NodeSlots;

typedef struct
{
  WeftVisandorTrace *trace;
  WeftLoadContext   *context;
  const char        *source;
  guint64            line;
  GArray            *agents;       /* Agent */
  WeftVisandorNodeIndex nodes;        /* Nodeid → node index (the latest node with that id) */
  WeftIdMap          tasks;        /* node index << 32 | task# → task index, without a slot */
  NodeSlots         *node_slots;   /* [trace->nodes->len] */
  WeftPageBuffer     node_slots_pages;
  guint32           *slots;        /* task index, or NONE before the task starts */
  gsize              n_slots;
  WeftPageBuffer     slots_pages;
  OpenTask          *open;         /* [n_open_records] */
  guint32            n_open_records;
  guint32            open_room;
  guint32            free_open;    /* the first free record, or NONE */
  gsize              n_open;       /* records in use: tasks without an end */
  guint64            last_stamp;
  gboolean           have_event;
  gboolean           have_type;
  gboolean           guess_type;
  gboolean           stopped;
  gboolean           warned_after_stop;
  gboolean           warned_range;
  guint64            last_line;
  int                last_code;
  /* The big arrays' pages, mapped ahead on another processor. */
  WeftPrefault      *prefault;
  WeftPrefaultMark   tasks_mark;
  WeftPrefaultMark   nodes_mark;
  WeftPrefaultMark   spans_mark;
  /* How many records the trace's arrays have room for (array_push). */
  guint              tasks_room;
  guint              nodes_room;
  guint              spans_room;
  guint              marks_room;
  guint              spawns_room;
  guint              migrations_room;
} Reader;

#define WARN(r, ...) weft_load_context_warn ((r)->context, (r)->source, (r)->line, __VA_ARGS__)

/* g_array_append_val() without a call per record: the builder thread, which
 * bounds the read, appends one for most events. Room is made ahead, by
 * doubling (GArray keeps its block when it shrinks back, as
 * weft_prefault_array() relies on too); within it, a record is added as
 * g_array_set_size() would add it to an array that neither clears nor
 * terminates its elements: by counting it. @room is the caller's record of
 * how many records @array has room for. */
static inline gpointer
array_push (GArray *array,
            guint  *room,
            gsize   element_size)
{
  guint len = array->len;

  if (G_UNLIKELY (len >= *room))
    {
      *room = MAX (256, MIN (2 * (guint64)len, G_MAXUINT));
      g_array_set_size (array, *room);
      g_array_set_size (array, len);
    }
  array->len = len + 1;

  return array->data + (gsize)len * element_size;
}

#define APPEND(array, room, Type, value) (*(Type *)array_push ((array), (room), sizeof (Type)) = (value))

/* An agent seen for the first time, its slots made if need be. */
G_NO_INLINE static void
add_agent (Reader  *r,
           guint32  agent)
{
  WeftVisandorTrace *trace = r->trace;

  if (agent >= r->agents->len)
    {
      guint old = r->agents->len;

      g_array_set_size (r->agents, agent + 1);
      for (guint i = old; i <= agent; i++)
        {
          Agent *a = &g_array_index (r->agents, Agent, i);

          a->current = WEFT_VISANDOR_NONE;
          a->slave_task = WEFT_VISANDOR_NONE;
          a->slave_span = WEFT_VISANDOR_NONE;
          a->busy_span = WEFT_VISANDOR_NONE;
        }
      trace->agent_seen = g_realloc (trace->agent_seen, agent + 1);
      memset (trace->agent_seen + old, 0, agent + 1 - old);
      trace->tallies = g_renew (WeftVisandorAgentTally, trace->tallies, agent + 1);
      memset (trace->tallies + old, 0, (agent + 1 - old) * sizeof (WeftVisandorAgentTally));
      trace->n_agents = agent + 1;
    }
  if (!trace->agent_seen[agent])
    {
      trace->agent_seen[agent] = 1;
      trace->n_distinct_agents++;
    }
}

/* Inline: most events name their agent. */
static inline Agent *
get_agent (Reader  *r,
           guint32  agent)
{
  if (G_UNLIKELY (agent >= r->agents->len || !r->trace->agent_seen[agent]))
    add_agent (r, agent);

  return &g_array_index (r->agents, Agent, agent);
}

static inline WeftVisandorAgentTally *
tally_at (Reader  *r,
          guint32  agent)
{
  return &r->trace->tallies[agent];
}

static inline WeftVisandorTask *
task_at (Reader  *r,
         guint32  i)
{
  return &g_array_index (r->trace->tasks, WeftVisandorTask, i);
}

static inline WeftVisandorNode *
node_at (Reader  *r,
         guint32  i)
{
  return &g_array_index (r->trace->nodes, WeftVisandorNode, i);
}

/* Gives task @task an open record. */
static guint32
open_task_new (Reader  *r,
               guint32  task)
{
  guint32 i = r->free_open;

  if (i != WEFT_VISANDOR_NONE)
    r->free_open = r->open[i].next_free;
  else
    {
      if (G_UNLIKELY (r->n_open_records == r->open_room))
        {
          r->open_room = (guint32)MIN (MAX (64, 2 * (guint64)r->open_room), G_MAXUINT32);
          r->open = g_renew (OpenTask, r->open, r->open_room);
        }
      i = r->n_open_records++;
    }
  r->open[i] = (OpenTask) {
    .task = task,
    .next_free = WEFT_VISANDOR_NONE,
    .prev_current = WEFT_VISANDOR_NONE,
    .piece_span = WEFT_VISANDOR_NONE,
    .piece_agent = WEFT_VISANDOR_NONE,
    .suspend_agent = WEFT_VISANDOR_NONE,
  };
  r->n_open++;

  return i;
}

/* @t ended: its record is free again. */
static void
open_task_free (Reader           *r,
                WeftVisandorTask *t)
{
  OpenTask *o = &r->open[t->open];

  o->task = WEFT_VISANDOR_NONE;
  o->next_free = r->free_open;
  r->free_open = t->open;
  t->open = WEFT_VISANDOR_NONE;
  r->n_open--;
}

/* The open record of @t, or NULL when it has ended. */
static inline OpenTask *
open_at (Reader                 *r,
         const WeftVisandorTask *t)
{
  return t->open != WEFT_VISANDOR_NONE ? &r->open[t->open] : NULL;
}

/* A span is added when it begins, so that the spans come in begin order;
 * close_span() sets its end. Returns its index. */
static guint32
open_span (Reader               *r,
           WeftVisandorSpanKind  kind,
           guint32               task,
           guint32               agent,
           gint64                begin)
{
  WeftVisandorSpan span = { begin, begin, task, (guint16)agent, (guint8)kind, WEFT_VISANDOR_RUNNING };

  APPEND (r->trace->spans, &r->spans_room, WeftVisandorSpan, span);

  return r->trace->spans->len - 1;
}

static inline WeftVisandorSpan *
span_at (Reader  *r,
         guint32  i)
{
  return &g_array_index (r->trace->spans, WeftVisandorSpan, i);
}

static void
close_span (Reader  *r,
            guint32  i,
            gint64   end)
{
  /* Times never go back (the reader takes an earlier timestamp as the one
   * before it), and the end of the trace clamps what it closes, so @end is
   * not before the span's begin. Not reading the begin spares the builder a
   * load from anywhere in the spans: most of stop_piece()'s time. */
  span_at (r, i)->end = end;
}

static void
add_mark (Reader  *r,
          gint64   time,
          int      code,
          guint64  node_id,
          gint32   branch,
          guint32  agent)
{
  WeftVisandorMark mark = { time, node_id, agent, branch, (guint8)code };

  APPEND (r->trace->marks, &r->marks_room, WeftVisandorMark, mark);
}

static const char *
task_word (Reader *r)
{
  return r->trace->parallelism == WEFT_VISANDOR_OR ? "branch" : "goal";
}

static void stop_piece (Reader *r, guint32 task, gint64 time, WeftVisandorOutcome how);

/* A piece of @task starts running on @agent. */
static void
start_piece (Reader  *r,
             guint32  task,
             guint32  agent,
             gint64   time)
{
  Agent *a = get_agent (r, agent);
  OpenTask *o = open_at (r, task_at (r, task));

  /* A task starts, or resumes from a suspension: it is open, with no piece
   * running; were one running, it would end here. */
  if (G_UNLIKELY (o == NULL))
    return;
  if (o->piece_span != WEFT_VISANDOR_NONE)
    stop_piece (r, task, time, WEFT_VISANDOR_RUNNING);
  o->piece_span = open_span (r, WEFT_VISANDOR_SPAN_RUN, task, agent, time);
  o->piece_agent = agent;
  o->prev_current = a->current;
  a->current = task;
}

/* The running piece of @task (if any) stops at @time, @how (the task's
 * outcome, or SUSPENDED); its agent goes back to what it ran before. */
static void
stop_piece (Reader              *r,
            guint32              task,
            gint64               time,
            WeftVisandorOutcome  how)
{
  OpenTask *o = open_at (r, task_at (r, task));
  Agent *a;

  if (o == NULL || o->piece_span == WEFT_VISANDOR_NONE)
    return;

  close_span (r, o->piece_span, time);
  span_at (r, o->piece_span)->outcome = (guint8)how;
  a = &g_array_index (r->agents, Agent, o->piece_agent);
  if (a->current == task)
    a->current = o->prev_current;
  o->piece_span = WEFT_VISANDOR_NONE;
}

/* Ends the slaves still helping @task (unbalanced START_BUSY). */
static void
stop_slaves (Reader  *r,
             guint32  task,
             gint64   time)
{
  for (guint i = 0; i < r->agents->len; i++)
    {
      Agent *a = &g_array_index (r->agents, Agent, i);

      if (a->slave_task == task)
        {
          close_span (r, a->slave_span, time);
          a->slave_task = WEFT_VISANDOR_NONE;
        }
    }
  task_at (r, task)->open_slaves = 0;
}

static inline guint64
task_key (guint32 node,
          gint32  number)
{
  return ((guint64)node << 32) | (guint32)number;
}

/* Gives node @node (the newest) its task slots. */
static void
add_node_slots (Reader  *r,
                guint32  node,
                gint32   n_declared)
{
  NodeSlots *ns;

  /* Tested here: the builder thread, which bounds the read, comes by for
   * every node. */
  if (G_UNLIKELY (((gsize)node + 1) * sizeof (NodeSlots) > r->node_slots_pages.filled))
    r->node_slots = weft_page_buffer_ensure (&r->node_slots_pages, weft_page_recycler_get_default (),
                                            ((gsize)node + 1) * sizeof (NodeSlots));
  ns = &r->node_slots[node];
  ns->base = WEFT_VISANDOR_NONE;
  ns->n = 0;
  if (n_declared <= 0 || n_declared > MAX_NODE_SLOTS || r->n_slots + (gsize)n_declared > G_MAXUINT32)
    return;

  if (G_UNLIKELY ((r->n_slots + (gsize)n_declared) * sizeof (guint32) > r->slots_pages.filled))
    r->slots = weft_page_buffer_ensure (&r->slots_pages, weft_page_recycler_get_default (),
                                       (r->n_slots + (gsize)n_declared) * sizeof (guint32));
  ns->base = (guint32)r->n_slots;
  ns->n = (guint32)n_declared;
  memset (r->slots + r->n_slots, 0xff, (gsize)n_declared * sizeof (guint32));
  r->n_slots += (gsize)n_declared;
}

/* The slot of task @number of @node, or NULL when it has none. */
static inline guint32 *
task_slot (Reader  *r,
           guint32  node,
           gint32   number)
{
  const NodeSlots *ns = &r->node_slots[node];

  return (guint32)number < ns->n ? &r->slots[ns->base + (guint32)number] : NULL;
}

static inline guint32
lookup_task (Reader  *r,
             guint32  node,
             gint32   number)
{
  const guint32 *slot = task_slot (r, node, number);

  return slot != NULL ? *slot : weft_id_map_lookup (&r->tasks, task_key (node, number));
}

static void
insert_task (Reader  *r,
             guint32  node,
             gint32   number,
             guint32  task)
{
  guint32 *slot = task_slot (r, node, number);

  if (slot != NULL)
    *slot = task;
  else
    weft_id_map_insert (&r->tasks, task_key (node, number), task);
}

static void
on_node (Reader  *r,
         int      code,
         guint64  id,
         gint32   n_declared,
         guint32  agent,
         gint64   time)
{
  WeftVisandorTrace *trace = r->trace;
  Agent *a = get_agent (r, agent);
  WeftVisandorNode node = { 0, };
  guint32 index = trace->nodes->len;

  if (n_declared < 0)
    WARN (r, _("%s of node %llX has a negative number of %s (%d)"),
          weft_visandor_code_name (code), (unsigned long long)id, code == WEFT_VISANDOR_FORK ? "goals" : "branches", n_declared);

  node.id = id;
  node.time = time;
  node.join_time = -1;
  node.parent = a->current;
  node.first_task = WEFT_VISANDOR_NONE;
  node.last_task = WEFT_VISANDOR_NONE;
  node.next_sibling = WEFT_VISANDOR_NONE;
  node.n_declared = n_declared;
  node.agent = agent;
  node.join_agent = WEFT_VISANDOR_NONE;
  node.depth = 1;

  if (node.parent != WEFT_VISANDOR_NONE)
    {
      WeftVisandorTask *parent = task_at (r, node.parent);

      node.depth = node_at (r, parent->node)->depth + 1;
      if (parent->last_node == WEFT_VISANDOR_NONE)
        parent->first_node = index;
      else
        node_at (r, parent->last_node)->next_sibling = index;
      parent->last_node = index;
    }
  else
    {
      if (trace->last_root == WEFT_VISANDOR_NONE)
        trace->first_root = index;
      else
        node_at (r, trace->last_root)->next_sibling = index;
      trace->last_root = index;
    }
  trace->max_depth = MAX (trace->max_depth, node.depth);
  tally_at (r, agent)->forks++;

  APPEND (trace->nodes, &r->nodes_room, WeftVisandorNode, node);
  add_node_slots (r, index, n_declared);
  /* Node ids are addresses that may be reused once a fork has joined: the
   * latest node with an id is the one later events name. */
  weft_visandor_node_index_insert (&r->nodes, id, index);
}

static guint32
find_node (Reader  *r,
           int      code,
           guint64  id)
{
  guint32 node = weft_visandor_node_index_lookup (&r->nodes, id);

  if (node == WEFT_VISANDOR_NONE)
    WARN (r, _("%s of node %llX before its %s; ignored"),
          weft_visandor_code_name (code), (unsigned long long)id,
          r->trace->parallelism == WEFT_VISANDOR_OR ? "MAKE_PUBLIC" : "FORK");

  return node;
}

static void
on_start (Reader  *r,
          int      code,
          guint64  id,
          gint32   number,
          guint32  agent,
          gint64   time)
{
  WeftVisandorTrace *trace = r->trace;
  WeftVisandorTask task = { 0, };
  WeftVisandorNode *n;
  guint32 node = find_node (r, code, id);
  guint32 index = trace->tasks->len;

  if (node == WEFT_VISANDOR_NONE)
    return;
  if (lookup_task (r, node, number) != WEFT_VISANDOR_NONE)
    {
      WARN (r, _("%s %d of node %llX started twice; ignored"), task_word (r), number, (unsigned long long)id);
      return;
    }
  n = node_at (r, node);
  if (number < 0 || (n->n_declared >= 0 && number >= n->n_declared))
    WARN (r, _("%s %d of node %llX is outside 0…%d"),
          task_word (r), number, (unsigned long long)id, n->n_declared - 1);

  task.node = node;
  task.number = number;
  task.start = time;
  task.end = -1;
  task.agent = agent;
  task.end_agent = WEFT_VISANDOR_NONE;
  task.next_sibling = WEFT_VISANDOR_NONE;
  task.first_node = WEFT_VISANDOR_NONE;
  task.last_node = WEFT_VISANDOR_NONE;
  task.outcome = WEFT_VISANDOR_RUNNING;
  task.open = open_task_new (r, index);
  APPEND (trace->tasks, &r->tasks_room, WeftVisandorTask, task);

  n = node_at (r, node);
  if (n->agent != agent)
    {
      WeftVisandorHandoff spawn = { n->time, time, index, n->agent, agent };

      APPEND (trace->spawns, &r->spawns_room, WeftVisandorHandoff, spawn);
    }
  if (n->last_task == WEFT_VISANDOR_NONE)
    n->first_task = index;
  else
    task_at (r, n->last_task)->next_sibling = index;
  n->last_task = index;
  n->n_tasks++;

  insert_task (r, node, number, index);
  start_piece (r, index, agent, time);
  tally_at (r, agent)->tasks++;
}

/* The task an end, suspension, resumption or slave event names, or NONE
 * (with a warning). */
static guint32
find_task (Reader  *r,
           int      code,
           guint64  id,
           gint32   number)
{
  guint32 node = weft_visandor_node_index_lookup (&r->nodes, id);
  guint32 task = node != WEFT_VISANDOR_NONE ? lookup_task (r, node, number) : WEFT_VISANDOR_NONE;

  if (task == WEFT_VISANDOR_NONE)
    WARN (r, _("%s of %s %d of node %llX before its %s; ignored"),
          weft_visandor_code_name (code), task_word (r), number, (unsigned long long)id,
          code == WEFT_VISANDOR_FINISH_GOAL ? "START_GOAL" : "START_BRANCH");

  return task;
}

/* A task ended on @agent (which is known). */
static inline void
tally_end (Reader              *r,
           guint32              agent,
           WeftVisandorOutcome  outcome)
{
  WeftVisandorAgentTally *tally = tally_at (r, agent);

  switch (outcome)
    {
    case WEFT_VISANDOR_FINISHED:
    case WEFT_VISANDOR_SUCCESS:
      tally->successes++;
      break;
    case WEFT_VISANDOR_FAILURE:
      tally->failures++;
      break;
    case WEFT_VISANDOR_CUT:
      tally->cuts++;
      break;
    case WEFT_VISANDOR_RUNNING:
    case WEFT_VISANDOR_SUSPENDED:
    case WEFT_VISANDOR_N_OUTCOMES:
    default:
      break;
    }
}

static void
on_end (Reader              *r,
        int                  code,
        guint64              id,
        gint32               number,
        guint32              agent,
        gint64               time,
        WeftVisandorOutcome  outcome)
{
  guint32 task = find_task (r, code, id, number);
  WeftVisandorTask *t;
  OpenTask *o;

  if (task == WEFT_VISANDOR_NONE)
    return;
  t = task_at (r, task);
  o = open_at (r, t);
  if (o == NULL)
    {
      WARN (r, _("%s of %s %d of node %llX, which already ended; ignored"),
            weft_visandor_code_name (code), task_word (r), number, (unsigned long long)id);
      return;
    }
  if (o->piece_span != WEFT_VISANDOR_NONE && o->piece_agent != agent && outcome != WEFT_VISANDOR_CUT)
    WARN (r, _("%s of %s %d of node %llX on agent %u, but it runs on agent %u"),
          weft_visandor_code_name (code), task_word (r), number, (unsigned long long)id, agent,
          o->piece_agent);

  get_agent (r, agent);
  stop_piece (r, task, time, outcome);
  if (t->open_slaves > 0)
    {
      WARN (r, _("%s %d of node %llX ends with %u START_BUSY without STOP_BUSY"),
            task_word (r), number, (unsigned long long)id, t->open_slaves);
      stop_slaves (r, task, time);
    }
  t->end = time;
  t->end_agent = agent;
  t->outcome = outcome;
  tally_end (r, agent, outcome);
  open_task_free (r, t);
}

static void
on_suspend (Reader  *r,
            guint64  id,
            gint32   number,
            guint32  agent,
            gint64   time)
{
  guint32 task = find_task (r, WEFT_VISANDOR_SUSPEND_BRANCH, id, number);
  WeftVisandorTask *t;
  OpenTask *o;

  if (task == WEFT_VISANDOR_NONE)
    return;
  t = task_at (r, task);
  o = open_at (r, t);
  if (o == NULL || o->suspended)
    {
      WARN (r, _("SUSPEND_BRANCH of branch %d of node %llX, which is not running; ignored"),
            number, (unsigned long long)id);
      return;
    }
  get_agent (r, agent);
  stop_piece (r, task, time, WEFT_VISANDOR_SUSPENDED);
  o->suspended = TRUE;
  o->suspend_time = time;
  o->suspend_agent = agent;
  t->n_suspends++;
  tally_at (r, t->agent)->suspensions++;
}

static void
on_resume (Reader  *r,
           guint64  id,
           gint32   number,
           guint32  agent,
           gint64   time)
{
  guint32 task = find_task (r, WEFT_VISANDOR_RESUME_BRANCH, id, number);
  WeftVisandorTask *t;
  OpenTask *o;
  WeftVisandorHandoff migration;

  if (task == WEFT_VISANDOR_NONE)
    return;
  t = task_at (r, task);
  o = open_at (r, t);
  if (o == NULL || !o->suspended)
    {
      WARN (r, _("RESUME_BRANCH of branch %d of node %llX, which is not suspended; ignored"),
            number, (unsigned long long)id);
      return;
    }
  o->suspended = FALSE;
  t->n_resumes++;
  migration.from_time = o->suspend_time;
  migration.to_time = time;
  migration.task = task;
  migration.from_agent = o->suspend_agent;
  migration.to_agent = agent;
  APPEND (r->trace->migrations, &r->migrations_room, WeftVisandorHandoff, migration);
  start_piece (r, task, agent, time);
}

static void
on_slave (Reader   *r,
          gboolean  start,
          guint64   id,
          gint32    number,
          guint32   agent,
          gint64    time)
{
  guint32 task = find_task (r, start ? WEFT_VISANDOR_START_BUSY : WEFT_VISANDOR_STOP_BUSY, id, number);
  Agent *a = get_agent (r, agent);
  WeftVisandorTask *t;

  if (task == WEFT_VISANDOR_NONE)
    return;
  t = task_at (r, task);

  if (start)
    {
      if (a->slave_task != WEFT_VISANDOR_NONE)
        {
          WARN (r, _("START_BUSY on agent %u, which is still a slave since %lld (no STOP_BUSY)"),
                agent, (long long)span_at (r, a->slave_span)->begin);
          close_span (r, a->slave_span, time);
          if (task_at (r, a->slave_task)->open_slaves > 0)
            task_at (r, a->slave_task)->open_slaves--;
        }
      a->slave_task = task;
      a->slave_span = open_span (r, WEFT_VISANDOR_SPAN_SLAVE, task, agent, time);
      t->n_slaves++;
      if (t->open_slaves < G_MAXUINT16)
        t->open_slaves++;
      return;
    }

  if (a->slave_task != task)
    {
      WARN (r, _("STOP_BUSY of branch %d of node %llX on agent %u without its START_BUSY; ignored"),
            number, (unsigned long long)id, agent);
      return;
    }
  close_span (r, a->slave_span, time);
  a->slave_task = WEFT_VISANDOR_NONE;
  if (t->open_slaves > 0)
    t->open_slaves--;
}

static void
on_join (Reader  *r,
         guint64  id,
         guint32  agent,
         gint64   time)
{
  guint32 node = find_node (r, WEFT_VISANDOR_JOIN, id);
  WeftVisandorNode *n;
  Agent *a = get_agent (r, agent);

  if (node == WEFT_VISANDOR_NONE)
    return;
  n = node_at (r, node);
  if (n->join_time >= 0)
    {
      WARN (r, _("JOIN of node %llX, which already joined; ignored"), (unsigned long long)id);
      return;
    }
  n->join_time = time;
  n->join_agent = agent;
  /* The parent goal goes on where the join happens. */
  a->current = n->parent;
}

static void
apply_event (Reader  *r,
             gint64   time,
             int      code,
             guint64  id,
             gint32   branches,
             guint32  agent)
{
  switch ((WeftVisandorCode)code)
    {
    case WEFT_VISANDOR_FORK:
    case WEFT_VISANDOR_MAKE_PUBLIC:
      on_node (r, code, id, branches, agent, time);
      break;

    case WEFT_VISANDOR_START_GOAL:
    case WEFT_VISANDOR_START_BRANCH:
      on_start (r, code, id, branches, agent, time);
      break;

    case WEFT_VISANDOR_FINISH_GOAL:
      on_end (r, code, id, branches, agent, time, WEFT_VISANDOR_FINISHED);
      break;

    case WEFT_VISANDOR_SUCC_BRANCH:
      on_end (r, code, id, branches, agent, time, WEFT_VISANDOR_SUCCESS);
      break;

    case WEFT_VISANDOR_FAIL_BRANCH:
      on_end (r, code, id, branches, agent, time, WEFT_VISANDOR_FAILURE);
      break;

    case WEFT_VISANDOR_CUTTING_BRANCH:
      on_end (r, code, id, branches, agent, time, WEFT_VISANDOR_CUT);
      break;

    case WEFT_VISANDOR_JOIN:
      on_join (r, id, agent, time);
      break;

    case WEFT_VISANDOR_SUSPEND_BRANCH:
      on_suspend (r, id, branches, agent, time);
      break;

    case WEFT_VISANDOR_RESUME_BRANCH:
      on_resume (r, id, branches, agent, time);
      break;

    case WEFT_VISANDOR_START_BUSY:
    case WEFT_VISANDOR_STOP_BUSY:
      on_slave (r, code == WEFT_VISANDOR_START_BUSY, id, branches, agent, time);
      break;

    case WEFT_VISANDOR_AGENT_BUSY:
      {
        Agent *a = get_agent (r, agent);

        if (a->busy_span == WEFT_VISANDOR_NONE)
          a->busy_span = open_span (r, WEFT_VISANDOR_SPAN_BUSY, WEFT_VISANDOR_NONE, agent, time);
      }
      break;

    case WEFT_VISANDOR_AGENT_IDLE:
      {
        Agent *a = get_agent (r, agent);

        if (a->busy_span != WEFT_VISANDOR_NONE)
          close_span (r, a->busy_span, time);
        a->busy_span = WEFT_VISANDOR_NONE;
      }
      break;

    case WEFT_VISANDOR_START_TIME:
    case WEFT_VISANDOR_STOP_TIME:
    case WEFT_VISANDOR_CREATE_WAM:
    case WEFT_VISANDOR_CREATE_AGENT:
    case WEFT_VISANDOR_LEAF_CUT:
    default:
      get_agent (r, agent);
      add_mark (r, time, code, id, branches, agent);
      break;
    }
}

/* The type digit alone on its line (blanks around it allowed). */
static int
parse_type_line (const char *line,
                 const char *end)
{
  const char *p = line;
  int type;

  while (p < end && (*p == ' ' || *p == '\t'))
    p++;
  if (p >= end || (*p != '0' && *p != '1'))
    return -1;
  type = *p++ - '0';
  while (p < end && (*p == ' ' || *p == '\t'))
    p++;

  return p == end ? type : -1;
}

/* What a field that does not scan should have been, or NULL when the line
 * is an event. */
static const char *
scan_expected (WeftVisandorScanStatus status)
{
  switch (status)
    {
    case WEFT_VISANDOR_SCAN_BAD_STAMP:
      return _("a timestamp (an unsigned decimal number)");
    case WEFT_VISANDOR_SCAN_BAD_CODE:
      return _("an event code (a decimal number)");
    case WEFT_VISANDOR_SCAN_BAD_NODE:
      return _("a node id (a hexadecimal number)");
    case WEFT_VISANDOR_SCAN_BAD_BRANCHES:
      return _("a task or branch number (a decimal number)");
    case WEFT_VISANDOR_SCAN_BAD_WAM:
      return _("a WAM id (a hexadecimal number)");
    case WEFT_VISANDOR_SCAN_BAD_AGENT:
      return _("an agent number (a decimal number)");
    case WEFT_VISANDOR_SCAN_OK:
    case WEFT_VISANDOR_SCAN_TRAILING:
    case WEFT_VISANDOR_SCAN_BLANK:
    default:
      return NULL;
    }
}

/* A line that does not scan: which field, what it holds. */
static void
warn_bad_field (Reader                  *r,
                const WeftVisandorEvent *event)
{
  const char *start = event->bad_field;
  const char *end = event->bad_end;
  const char *stop;
  g_autofree char *found = NULL;

  if (weft_load_context_skip_warning (r->context))
    return;
  /* The quote shows 40 characters: a field of gigabytes (a file of zeros)
   * need not be walked to its end. */
  while (start < end && (*start == ' ' || *start == '\t'))
    start++;
  if (end - start > 256)
    end = start + 256;
  stop = start;
  while (stop < end && *stop != ' ' && *stop != '\t')
    stop++;
  if (stop > start)
    {
      g_autofree char *token = weft_text_excerpt (start, stop, 40);

      /* TRANSLATORS: the text found in the file, quoted */
      found = g_strdup_printf (_("“%s”"), token);
    }
  else
    found = g_strdup (_("the end of the line"));

  /* TRANSLATORS: expected a node id (a hexadecimal number), found “4G”; line ignored */
  WARN (r, _("expected %s, found %s; line ignored"), scan_expected (event->status), found);
}

static void
build_event (Reader                  *r,
             const WeftVisandorEvent *event)
{
  WeftVisandorTrace *trace = r->trace;
  guint64 stamp = event->stamp;
  int code = event->code;
  int agent = event->agent;
  gint64 time;

  r->line = event->line;
  if (G_UNLIKELY (event->status != WEFT_VISANDOR_SCAN_OK))
    {
      if (event->status != WEFT_VISANDOR_SCAN_TRAILING)
        {
          warn_bad_field (r, event);
          return;
        }
      WARN (r, _("text after the agent field ignored"));
    }
  if (agent < 0 || agent >= WEFT_VISANDOR_MAX_AGENTS)
    {
      WARN (r, _("agent %d is outside 0…%d; line ignored"), agent, WEFT_VISANDOR_MAX_AGENTS - 1);
      return;
    }
  if (!weft_visandor_code_is_known (code))
    {
      WARN (r, _("unknown event code %d; line ignored"), code);
      return;
    }

  if (!r->have_event)
    {
      r->have_event = TRUE;
      trace->origin = stamp;
      r->last_stamp = stamp;
      if (code != WEFT_VISANDOR_START_TIME)
        WARN (r, _("the first event is %s, not START_TIME"), weft_visandor_code_name (code));
    }
  else if (code == WEFT_VISANDOR_START_TIME)
    WARN (r, _("START_TIME after the first event"));
  if (r->stopped && !r->warned_after_stop)
    {
      r->warned_after_stop = TRUE;
      WARN (r, _("events after STOP_TIME (line %llu)"), (unsigned long long)r->last_line);
    }
  if (stamp < r->last_stamp)
    {
      WARN (r, _("timestamp %llu is earlier than the previous event's %llu"
                 "; taken as %llu"),
            (unsigned long long)stamp, (unsigned long long)r->last_stamp, (unsigned long long)r->last_stamp);
      stamp = r->last_stamp;
    }
  r->last_stamp = stamp;

  if (stamp - trace->origin > (guint64)MAX_RELATIVE_TIME)
    {
      if (!r->warned_range)
        WARN (r, _("timestamp %llu is too far from the first one; times are clamped"), (unsigned long long)stamp);
      r->warned_range = TRUE;
      time = MAX_RELATIVE_TIME;
    }
  else
    time = (gint64)(stamp - trace->origin);

  if (r->guess_type && !r->have_type && code != WEFT_VISANDOR_START_TIME && code != WEFT_VISANDOR_STOP_TIME)
    {
      /* Without the type line, the first tree event says which kind it is. */
      if (code == WEFT_VISANDOR_FORK || code == WEFT_VISANDOR_START_GOAL)
        r->have_type = TRUE;
      else if (code >= WEFT_VISANDOR_MAKE_PUBLIC)
        {
          trace->parallelism = WEFT_VISANDOR_OR;
          r->have_type = TRUE;
        }
    }

  trace->n_events++;
  trace->code_counts[code]++;
  trace->end = MAX (trace->end, time);
  if (code == WEFT_VISANDOR_STOP_TIME)
    {
      r->stopped = TRUE;
      r->warned_after_stop = FALSE;
    }
  r->last_line = r->line;
  r->last_code = code;

  apply_event (r, time, code, event->id, event->branches, (guint32)agent);
}

/* Task @i has no end at the end of the trace: it ends where its last node
 * joined (or was made), else with the trace. */
static void
close_open_task (Reader  *r,
                 guint32  i)
{
  WeftVisandorTask *t = task_at (r, i);
  OpenTask *o = open_at (r, t);
  gint64 end = r->trace->end;

  if (t->last_node != WEFT_VISANDOR_NONE)
    {
      const WeftVisandorNode *n = node_at (r, t->last_node);

      end = n->join_time >= 0 ? n->join_time : n->time;
    }
  if (o->suspended)
    t->outcome = WEFT_VISANDOR_SUSPENDED;
  /* The task's last node can be older than its running piece (made before
   * a suspension): the piece then ends where it began. */
  if (o->piece_span != WEFT_VISANDOR_NONE)
    stop_piece (r, i, MAX (end, span_at (r, o->piece_span)->begin), WEFT_VISANDOR_RUNNING);
  t->end = MAX (end, t->start);
  open_task_free (r, t);
}

static int
compare_tasks_down (gconstpointer a,
                    gconstpointer b)
{
  guint32 x = *(const guint32 *)a, y = *(const guint32 *)b;

  return (x < y) - (x > y);
}

/* Children come after their parents: closing the open tasks from the last
 * sees a task's nodes (and their ends) before the task. They are the tasks
 * of the records in use (not found by reading every task's end: hundreds of
 * megabytes), and each task's record, then its last node and running piece,
 * are asked for ahead: the open tasks are anywhere in those megabytes. */
#define CLOSE_AHEAD 8

static void
close_open_tasks (Reader *r)
{
  g_autofree guint32 *open = g_new (guint32, MAX (r->n_open, 1));
  gsize n = 0;

  for (guint32 k = 0; k < r->n_open_records; k++)
    if (r->open[k].task != WEFT_VISANDOR_NONE)
      open[n++] = r->open[k].task;
  qsort (open, n, sizeof (guint32), compare_tasks_down);

  for (gsize k = 0; k < n; k++)
    {
      if (k + 2 * CLOSE_AHEAD < n)
        __builtin_prefetch (task_at (r, open[k + 2 * CLOSE_AHEAD]));
      if (k + CLOSE_AHEAD < n)
        {
          const WeftVisandorTask *ahead = task_at (r, open[k + CLOSE_AHEAD]);
          const OpenTask *o = open_at (r, ahead);

          if (ahead->last_node != WEFT_VISANDOR_NONE)
            __builtin_prefetch (node_at (r, ahead->last_node));
          if (o->piece_span != WEFT_VISANDOR_NONE)
            __builtin_prefetch (span_at (r, o->piece_span));
        }
      close_open_task (r, open[k]);
    }
}

/* What the trace leaves open ends with it; a task that made nodes (an
 * or-branch that made its choice point public) ends where its last node does. */
static void
finish (Reader *r)
{
  WeftVisandorTrace *trace = r->trace;

  if (!r->have_event)
    WARN (r, _("no events"));
  else if (r->last_code != WEFT_VISANDOR_STOP_TIME)
    {
      r->line = r->last_line;
      WARN (r, _("the last event is %s, not STOP_TIME"), weft_visandor_code_name (r->last_code));
    }

  for (guint i = 0; i < r->agents->len; i++)
    {
      Agent *a = &g_array_index (r->agents, Agent, i);

      if (a->slave_task != WEFT_VISANDOR_NONE)
        {
          const WeftVisandorTask *t = task_at (r, a->slave_task);

          WARN (r, _("agent %u: START_BUSY of branch %d of node %llX without STOP_BUSY"),
                i, t->number, (unsigned long long)node_at (r, t->node)->id);
          close_span (r, a->slave_span, trace->end);
          a->slave_task = WEFT_VISANDOR_NONE;
        }
      if (a->busy_span != WEFT_VISANDOR_NONE)
        close_span (r, a->busy_span, trace->end);
      a->busy_span = WEFT_VISANDOR_NONE;
    }

  close_open_tasks (r);
}

/**
 * weft_visandor_is_header:
 *
 * Returns: %TRUE when @head starts with the type digit line followed by a
 *   line of six numbers (what the sniffer looks for).
 */
gboolean
weft_visandor_is_header (const char *head,
                         gsize       len)
{
  WeftLineReader reader;
  WeftVisandorEvent event;
  const char *line, *end;

  weft_line_reader_init (&reader, head, len);
  if (!weft_line_reader_next (&reader, &line, &end) || parse_type_line (line, end) < 0)
    return FALSE;
  if (!weft_line_reader_next (&reader, &line, &end))
    return FALSE;

  return weft_visandor_scan_line (line, end, &event) == WEFT_VISANDOR_SCAN_OK;
}

/* Nearly every event names a node, which the builder looks up in the recent
 * set of its id: a load that missed the cache at random, a fifth of the
 * builder's time. The events are scanned ahead, so the loop asks for the set
 * PREFETCH_AHEAD events ahead, and for the events themselves (which the
 * scanner wrote on the other processor) twice as far ahead, so that reading
 * an id to ask for its set does not wait. Asking for the node's task slot as
 * well, from a peek at a set asked for earlier, cost more than it saved. */
#define PREFETCH_AHEAD 16

/* Scans [@data, @data + @len) (its first @n_lines lines already read) and
 * applies each event to the tree. Returns the number of lines, or -1 when
 * cancelled. */
static gint64
build_events (Reader      *r,
              const char  *data,
              gsize        len,
              gsize        start,
              guint64      n_lines,
              gboolean     threaded,
              gsize        chunk_events,
              GError     **error)
{
  /* A line of gigabytes is searched on the scanning thread: how far it got
   * is the reading's progress meanwhile. */
  WeftTextSearchProgress progress = { r->context, data, len, 1.0 };
  WeftTextSearch search = { weft_load_context_get_cancellable (r->context), weft_text_search_report_progress, &progress };
  WeftVisandorScanAhead *ahead = weft_visandor_scan_ahead_new (data, len, start, n_lines, chunk_events, threaded, &search);
  gsize reported = 0;
  gint64 result = -1;

  /* The builder is the one everything waits for, and a third of its time
   * went to page faults on the arrays it fills; the scanner leaves most of
   * the other processor idle, and the prefaulter maps those pages there.
   * Reading a 10^7-line and-trace: 1.03-1.18 s → 0.72-0.99 s. */
  if (threaded)
    r->prefault = weft_prefault_new ();

  for (;;)
    {
      WeftVisandorChunk *chunk = weft_visandor_scan_ahead_next (ahead);

      for (gsize e = 0; e < chunk->n; e++)
        {
          if (e + 2 * PREFETCH_AHEAD < chunk->n)
            __builtin_prefetch (&chunk->events[e + 2 * PREFETCH_AHEAD]);
          if (e + PREFETCH_AHEAD < chunk->n)
            __builtin_prefetch (weft_visandor_node_index_set (&r->nodes, chunk->events[e + PREFETCH_AHEAD].id));
          build_event (r, &chunk->events[e]);
        }
      /* A chunk of 4096 events adds at most about 0.5 MB to each array. */
      weft_prefault_array (r->prefault, r->trace->tasks, &r->tasks_mark, PREFAULT_AHEAD);
      weft_prefault_array (r->prefault, r->trace->nodes, &r->nodes_mark, PREFAULT_AHEAD);
      weft_prefault_array (r->prefault, r->trace->spans, &r->spans_mark, PREFAULT_AHEAD);
      if (chunk->last)
        {
          /* A long last line may have been cut short by a cancellation. */
          if (!weft_load_context_set_error_if_cancelled (r->context, error))
            result = (gint64)chunk->n_lines;
          break;
        }
      weft_visandor_scan_ahead_done (ahead, chunk);

      if (weft_load_context_set_error_if_cancelled (r->context, error))
        break;
      if (chunk->offset - reported >= PROGRESS_CHUNK)
        {
          weft_load_context_advance (r->context, chunk->offset - reported);
          reported = chunk->offset;
        }
    }
  weft_load_context_advance (r->context, len - reported);

  weft_visandor_scan_ahead_free (ahead);
  weft_prefault_array_done (r->prefault, r->trace->tasks, &r->tasks_mark);
  weft_prefault_array_done (r->prefault, r->trace->nodes, &r->nodes_mark);
  weft_prefault_array_done (r->prefault, r->trace->spans, &r->spans_mark);
  g_clear_pointer (&r->prefault, weft_prefault_free);

  return result;
}

/**
 * weft_visandor_parse:
 * @source: the file name warnings give
 *
 * Returns: (transfer full): the trace, or %NULL with @error set when cancelled.
 */
WeftVisandorTrace *
weft_visandor_parse (const char       *data,
                     gsize             len,
                     const char       *source,
                     WeftLoadContext  *context,
                     GError          **error)
{
  gsize min_thread_size = weft_background_get_n_processors () > 1 ? MIN_THREAD_SIZE : G_MAXSIZE;

  return weft_visandor_parse_tuned (data, len, source, min_thread_size, CHUNK_EVENTS, context, error);
}

/**
 * weft_visandor_parse_tuned:
 * @min_thread_size: the smallest @len scanned on a thread of its own (0:
 *   any, %G_MAXSIZE: none)
 * @chunk_events: events scanned at a time
 *
 * weft_visandor_parse() with its tuning given, so that tests can check that
 * the threaded read gives what the plain one does on small inputs.
 *
 * Returns: (transfer full): the trace, or %NULL with @error set when cancelled.
 */
WeftVisandorTrace *
weft_visandor_parse_tuned (const char       *data,
                           gsize             len,
                           const char       *source,
                           gsize             min_thread_size,
                           gsize             chunk_events,
                           WeftLoadContext  *context,
                           GError          **error)
{
  g_autoptr(WeftVisandorTrace) trace = weft_visandor_trace_new (source);
  Reader r = { 0, };
  WeftLineReader reader;
  const char *line, *end;
  gsize start = 0;
  guint64 n_lines = 0;
  gint64 result;

  g_return_val_if_fail (context != NULL, NULL);

  r.trace = trace;
  r.context = context;
  r.source = trace->source;
  r.agents = g_array_new (FALSE, FALSE, sizeof (Agent));
  weft_visandor_node_index_init (&r.nodes);
  weft_id_map_init (&r.tasks, 256);
  r.free_open = WEFT_VISANDOR_NONE;

  weft_line_reader_init (&reader, data, len);
  weft_line_reader_set_cancellable (&reader, weft_load_context_get_cancellable (context));
  if (weft_line_reader_next (&reader, &line, &end))
    {
      int type = parse_type_line (line, end);

      r.line = reader.line_no;
      if (type >= 0)
        {
          trace->parallelism = type;
          r.have_type = TRUE;
          start = weft_line_reader_get_offset (&reader);
          n_lines = reader.line_no;
        }
      else
        {
          /* The line is read again as an event. */
          WARN (&r, _("the first line is not the type digit (0 = and-, 1 = or-parallelism); guessed from the events"));
          r.guess_type = TRUE;
        }
    }

  result = build_events (&r, data, len, start, n_lines, len >= min_thread_size, chunk_events, error);
  if (result >= 0)
    {
      trace->n_lines = (guint64)result;
      r.line = trace->n_lines;
      finish (&r);
    }

  weft_visandor_node_index_clear (&r.nodes);
  weft_id_map_clear (&r.tasks);
  /* Scratch for the timeline's records next (weft-page-recycler.h). */
  weft_page_buffer_recycle (&r.node_slots_pages, weft_page_recycler_get_default ());
  weft_page_buffer_recycle (&r.slots_pages, weft_page_recycler_get_default ());
  g_array_unref (r.agents);
  g_free (r.open);

  return result >= 0 ? g_steal_pointer (&trace) : NULL;
}

/**
 * weft_visandor_read:
 *
 * Maps @file and parses it.
 *
 * Returns: (transfer full): the trace, or %NULL with @error set (unreadable
 *   file, cancelled).
 */
WeftVisandorTrace *
weft_visandor_read (GFile            *file,
                    WeftLoadContext  *context,
                    GError          **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = NULL;
  g_autoptr(WeftInputMap) mapped = NULL;
  g_autofree char *contents = NULL;
  WeftVisandorTrace *trace;
  const char *data;
  gsize len;

  if (path != NULL)
    {
      mapped = weft_input_map_open (path, error);
      if (mapped == NULL)
        return NULL;
      data = weft_input_map_get_data (mapped);
      len = weft_input_map_get_length (mapped);
    }
  else
    {
      if (!g_file_load_contents (file, weft_load_context_get_cancellable (context), &contents, &len, NULL, error))
        return NULL;
      data = contents;
    }

  name = path != NULL ? g_strdup (path) : g_file_get_uri (file);
  weft_load_context_add_work (context, len);

  trace = weft_visandor_parse (data, len, name, context, error);
  return mapped != NULL ? weft_input_map_finish (mapped, trace, (GDestroyNotify)weft_visandor_trace_free, error)
                        : trace;
}

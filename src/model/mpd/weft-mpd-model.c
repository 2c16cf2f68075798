/* weft-mpd-model.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-background.h"
#include "weft-memory.h"
#include "weft-mpd-model.h"
#include "weft-page-buffer.h"
#include "weft-prefault.h"

/* An exact (id, vm) → index map with open addressing: the model looks ids up
 * once or more per trace line, and a GHashTable with boxed keys would be most
 * of the load time. */
typedef struct
{
  guint64 pid;
  guint32 vm_plus_one;   /* 0 = empty slot */
  guint32 value;
} Slot;

typedef struct
{
  Slot  *slots;
  gsize  mask;
  gsize  n_used;
} IdMap;

static inline gsize
id_hash (guint64 pid,
         guint16 vm)
{
  guint64 h = (pid ^ ((guint64)vm << 56)) * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);

  return (gsize)(h >> 20);
}

static void
id_map_init (IdMap *map)
{
  map->mask = 255;
  map->slots = g_new0 (Slot, map->mask + 1);
  map->n_used = 0;
}

static G_GNUC_NO_INLINE void
id_map_grow (IdMap *map)
{
  Slot *old = map->slots;
  gsize old_n = map->mask + 1;

  map->mask = map->mask * 2 + 1;
  map->slots = g_new0 (Slot, map->mask + 1);
  for (gsize j = 0; j < old_n; j++)
    if (old[j].vm_plus_one != 0)
      {
        gsize k = id_hash (old[j].pid, (guint16)(old[j].vm_plus_one - 1)) & map->mask;

        while (map->slots[k].vm_plus_one != 0)
          k = (k + 1) & map->mask;
        map->slots[k] = old[j];
      }
  g_free (old);
}

/* Inline: the walk looks up several maps per record. */
static inline guint32 *
id_map_lookup (IdMap   *map,
               guint64  pid,
               guint16  vm,
               gboolean insert)
{
  gsize i;

  if (insert && (map->n_used + 1) * 2 > map->mask)
    id_map_grow (map);

  for (i = id_hash (pid, vm) & map->mask; map->slots[i].vm_plus_one != 0; i = (i + 1) & map->mask)
    if (map->slots[i].pid == pid && map->slots[i].vm_plus_one == (guint32)vm + 1)
      return &map->slots[i].value;

  if (!insert)
    return NULL;

  map->slots[i].pid = pid;
  map->slots[i].vm_plus_one = (guint32)vm + 1;
  map->slots[i].value = WEFT_MPD_NONE;
  map->n_used++;

  return &map->slots[i].value;
}

/* FIFO queues of record indices threaded through one pool. */
typedef struct
{
  guint32 record;
  guint32 origin;  /* the process on whose behalf (invocations) */
  guint32 next;
} QueueNode;

typedef struct
{
  guint32 head;
  guint32 tail;
} Queue;

/* A growable array the walk appends to inline: g_array_append_val is a call
 * and a memcpy per element (with the id maps' lookups as calls, a third of
 * the walk's instructions). */
typedef struct
{
  guint8 *data;
  gsize   len;
  gsize   cap;
  gsize   size;     /* of one element */
  gboolean scratch; /* pages of its own (weft_pages_map()), for the recycler */
} Buf;

#define BUF_AT(buf, Type, i) (((Type *)(void *)(buf).data)[i])

/* An empty array with room for @reserve elements, on huge pages where it is
 * big (the walk fills it once, front to back). @scratch: the walk drops it
 * at its end, and its pages then go to the default recycler, for the
 * timeline's records (buf_recycle()). */
static void
buf_init (Buf      *buf,
          gsize     size,
          guint64   reserve,
          gboolean  scratch)
{
  buf->size = size;
  buf->len = 0;
  buf->cap = (gsize)MAX (MIN (reserve, (guint64)G_MAXUINT / 2), 16);
  buf->scratch = scratch;
  buf->data = scratch ? weft_pages_map (buf->cap * size) : g_malloc_n (buf->cap, size);
  if (buf->data == NULL)
    g_error ("%s: failed to map %" G_GSIZE_FORMAT " bytes", G_STRLOC, buf->cap * size);
  weft_memory_advise_huge (buf->data, buf->cap * size);
}

/* Frees a scratch buffer, giving its pages to the default recycler. */
static void
buf_recycle (Buf *buf)
{
  weft_page_recycler_give (weft_page_recycler_get_default (), buf->data, buf->cap * buf->size);
  buf->data = NULL;
}

static G_GNUC_NO_INLINE void
buf_grow (Buf *buf)
{
  if (buf->scratch)
    {
      /* Past the counted reserve (a damaged trace): grow as a page buffer. */
      WeftPageBuffer pages = { buf->data, weft_pages_round (buf->cap * buf->size),
                               weft_pages_round (buf->cap * buf->size) };

      buf->cap += buf->cap / 2 + 16;
      buf->data = weft_page_buffer_map (&pages, buf->cap * buf->size);
      buf->cap = pages.size / buf->size;
      return;
    }
  buf->cap += buf->cap / 2 + 16;
  buf->data = g_realloc_n (buf->data, buf->cap, buf->size);
}

static inline gpointer
buf_push (Buf *buf)
{
  if (buf->len == buf->cap)
    buf_grow (buf);
  return buf->data + buf->size * buf->len++;
}

typedef struct
{
  WeftMpdModel *model;
  GCancellable *cancellable;   /* stops the walk (checked every 65536 records) */
  IdMap         current;       /* (vm, id) → open process */
  IdMap         ids;           /* (vm, id) → seen */
  IdMap         invocations;   /* (vm, invoker id) → queue */
  IdMap         semaphore_ids; /* (vm, address) → semaphore */
  GArray       *queues;        /* Queue */
  Buf           nodes;         /* QueueNode */
  Buf           processes;     /* WeftMpdProcess */
  Buf           links;         /* WeftMpdLink */
  Buf           waits;         /* WeftMpdWait */
  GArray       *semaphores;
  GArray       *sem_queues;    /* Queue per semaphore, of V records */
  /* per process scratch, parallel to processes */
  Buf           state;         /* ProcState */
  GHashTable   *resource_ids;  /* name → index + 1 */
  guint16      *vms;           /* distinct vms seen, in order */
  guint         n_vm_list;
} Builder;

typedef struct
{
  gint64  clock;
  guint32 client;        /* the process this one serves now, or NONE */
  guint32 call_record;   /* its CALL it is blocked in, or NONE */
  guint32 reply_record;  /* the reply to that CALL, when it came */
  guint32 p_record;      /* its last P */
  guint32 in_record;     /* its open input statement */
  guint32 co_record;     /* its open co statement */
} ProcState;

static void
queue_push (Builder *b,
            guint32 *queue_index,
            guint32  record,
            guint32  origin)
{
  QueueNode node = { record, origin, WEFT_MPD_NONE };
  guint32 n = (guint32)b->nodes.len;
  Queue *q;

  if (*queue_index == WEFT_MPD_NONE)
    {
      Queue empty = { WEFT_MPD_NONE, WEFT_MPD_NONE };

      *queue_index = b->queues->len;
      g_array_append_val (b->queues, empty);
    }
  *(QueueNode *)buf_push (&b->nodes) = node;
  q = &g_array_index (b->queues, Queue, *queue_index);
  if (q->tail != WEFT_MPD_NONE)
    BUF_AT (b->nodes, QueueNode, q->tail).next = n;
  else
    q->head = n;
  q->tail = n;
}

static gboolean
queue_pop (Builder   *b,
           guint32    queue_index,
           QueueNode *out)
{
  Queue *q;

  if (queue_index == WEFT_MPD_NONE)
    return FALSE;
  q = &g_array_index (b->queues, Queue, queue_index);
  if (q->head == WEFT_MPD_NONE)
    return FALSE;
  *out = BUF_AT (b->nodes, QueueNode, q->head);
  q->head = out->next;
  if (q->head == WEFT_MPD_NONE)
    q->tail = WEFT_MPD_NONE;

  return TRUE;
}

static gboolean
queue_peek (Builder   *b,
            guint32    queue_index,
            QueueNode *out)
{
  Queue *q;

  if (queue_index == WEFT_MPD_NONE)
    return FALSE;
  q = &g_array_index (b->queues, Queue, queue_index);
  if (q->head == WEFT_MPD_NONE)
    return FALSE;
  *out = BUF_AT (b->nodes, QueueNode, q->head);

  return TRUE;
}

static void
note_vm (Builder *b,
         guint16  vm)
{
  for (guint i = 0; i < b->n_vm_list; i++)
    if (b->vms[i] == vm)
      return;
  b->vms = g_renew (guint16, b->vms, b->n_vm_list + 1);
  b->vms[b->n_vm_list++] = vm;
}

static guint32
resource_index (Builder    *b,
                const char *name)
{
  const char *dot = strchr (name, '.');
  g_autofree char *resource = dot != NULL ? g_strndup (name, (gsize)(dot - name)) : g_strdup (name);
  gpointer found = g_hash_table_lookup (b->resource_ids, resource);

  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;

  g_ptr_array_add (b->model->resources, g_strdup (resource));
  g_hash_table_insert (b->resource_ids, g_steal_pointer (&resource), GUINT_TO_POINTER (b->model->resources->len));

  return b->model->resources->len - 1;
}

static inline gboolean
is_start (guint8 event)
{
  return event == WEFT_MPD_BODY || event == WEFT_MPD_PROC || event == WEFT_MPD_FINAL;
}

static inline gboolean
is_end (guint8 event)
{
  return event == WEFT_MPD_ENDBODY || event == WEFT_MPD_ENDPROC || event == WEFT_MPD_ENDFINAL ||
         event == WEFT_MPD_RETURN;
}

static void
add_link (Builder *b,
          guint32  from,
          guint32  to,
          guint8   kind)
{
  WeftMpdLink link = { from, to, kind };

  *(WeftMpdLink *)buf_push (&b->links) = link;
}

static void
add_wait (Builder *b,
          guint32  begin,
          guint32  end,
          guint8   kind)
{
  WeftMpdWait wait = { begin, end, kind };

  *(WeftMpdWait *)buf_push (&b->waits) = wait;
}

/* The VM a record's process runs on: lines before a distributed run's first
 * `create vm` carry no "vm(N)." prefix, and after it even the main VM's
 * lines carry "vm(1).", so an unprefixed line is VM 1's. Processes and
 * semaphores are keyed by this, not by the prefix: the main body, or a
 * semaphore a global made, lives on across the first `create vm`. */
static inline guint16
vm_of (const WeftMpdRecord *r)
{
  return MAX (r->vm, 1);
}

/* The open process of (vm, pid) for record @i, opening one when needed. */
static guint32
process_for (Builder             *b,
             const WeftMpdRecord *r,
             guint32              i)
{
  guint32 *slot = id_map_lookup (&b->current, r->pid, vm_of (r), TRUE);
  guint32 *seen;

  if (*slot != WEFT_MPD_NONE)
    {
      WeftMpdProcess *p = &BUF_AT (b->processes, WeftMpdProcess, *slot);

      /* A RETURN followed by the ENDPROC of the same proc is one lifetime. */
      if (!p->ended || (r->event == WEFT_MPD_ENDPROC && p->ended && p->last_record + 1 == i))
        {
          if (!is_start (r->event) || p->first_record == i)
            return *slot;
          /* A new start on an id still open: the old lifetime ended untraced. */
        }
    }

  seen = id_map_lookup (&b->ids, r->pid, vm_of (r), TRUE);
  if (*seen == WEFT_MPD_NONE)
    {
      *seen = 1;
      b->model->n_process_ids++;
    }

  {
    WeftMpdProcess p = { 0 };
    ProcState s = { 0, WEFT_MPD_NONE, WEFT_MPD_NONE, WEFT_MPD_NONE, WEFT_MPD_NONE, WEFT_MPD_NONE, WEFT_MPD_NONE };

    p.pid = r->pid;
    p.vm = r->vm;   /* as written, for its label; its identity is vm_of()'s */
    p.start_event = r->event;
    p.name = r->name;
    p.first_record = i;
    p.last_record = i;
    *slot = (guint32)b->processes.len;
    *(WeftMpdProcess *)buf_push (&b->processes) = p;
    *(ProcState *)buf_push (&b->state) = s;
  }

  return *slot;
}

/* The queue of pending invocations by @pid: its own VM's first, else any VM's. */
static guint32
invocation_queue (Builder *b,
                  guint64  pid,
                  guint16  vm)
{
  guint32 *q = id_map_lookup (&b->invocations, pid, vm, FALSE);
  QueueNode node;

  if (q != NULL && queue_peek (b, *q, &node))
    return *q;
  for (guint v = 0; v < b->n_vm_list; v++)
    {
      q = id_map_lookup (&b->invocations, pid, b->vms[v], FALSE);
      if (q != NULL && queue_peek (b, *q, &node))
        return *q;
    }

  return WEFT_MPD_NONE;
}

static guint32
semaphore_for (Builder             *b,
               const WeftMpdRecord *r,
               guint32              i)
{
  guint32 *slot = id_map_lookup (&b->semaphore_ids, r->extra, vm_of (r), TRUE);

  if (*slot == WEFT_MPD_NONE)
    {
      WeftMpdSemaphore s = { r->extra, r->vm, i, -1, 0, 0, 0, 0 };
      Queue empty = { WEFT_MPD_NONE, WEFT_MPD_NONE };

      *slot = b->semaphores->len;
      g_array_append_val (b->semaphores, s);
      g_array_append_val (b->sem_queues, empty);
    }

  return *slot;
}

static void
build (Builder *b)
{
  WeftMpdModel *m = b->model;
  const WeftMpdTrace *t = m->trace;
  guint32 pending_create = WEFT_MPD_NONE;
  guint32 last_semaphore = WEFT_MPD_NONE;

  for (guint32 i = 0; i < t->n_records; i++)
    {
      const WeftMpdRecord *r;
      guint32 pi;
      WeftMpdProcess *p;
      ProcState *s;
      gint64 recv = 0;
      QueueNode node;

      /* A cancelled load stops here: the model is then only freed. */
      if ((i & 0xffff) == 0 && g_cancellable_is_cancelled (b->cancellable))
        return;
      r = &t->records[i];
      {
        guint32 *cell = &m->line_counts[(gsize)r->location * WEFT_MPD_N_EVENTS + r->event];

        if (*cell < G_MAXUINT32)
          (*cell)++;
      }
      pi = process_for (b, r, i);
      p = &BUF_AT (b->processes, WeftMpdProcess, pi);
      s = &BUF_AT (b->state, ProcState, pi);

      if (b->n_vm_list == 0 || b->vms[b->n_vm_list - 1] != vm_of (r))
        note_vm (b, vm_of (r));

      /* A caller's next event follows the reply to its CALL. */
      if (s->call_record != WEFT_MPD_NONE && s->call_record != i)
        {
          if (s->reply_record != WEFT_MPD_NONE)
            {
              recv = m->lamport[s->reply_record];
              add_link (b, s->reply_record, i, WEFT_MPD_LINK_REPLY);
            }
          add_wait (b, s->call_record, i, WEFT_MPD_WAIT_CALL);
          s->call_record = WEFT_MPD_NONE;
          s->reply_record = WEFT_MPD_NONE;
        }

      switch (r->event)
        {
        case WEFT_MPD_PROC:
        case WEFT_MPD_ARM:
          if (r->event == WEFT_MPD_ARM && s->in_record != WEFT_MPD_NONE)
            {
              add_wait (b, s->in_record, i, WEFT_MPD_WAIT_IN);
              s->in_record = WEFT_MPD_NONE;
            }
          if (r->extra != r->pid || r->event == WEFT_MPD_PROC)
            {
              if (queue_pop (b, invocation_queue (b, r->extra, vm_of (r)), &node))
                {
                  recv = MAX (recv, m->lamport[node.record]);
                  add_link (b, node.record, i, WEFT_MPD_LINK_INVOCATION);
                  m->n_messages++;
                  s->client = node.origin;
                }
              else
                s->client = WEFT_MPD_NONE;
            }
          break;

        case WEFT_MPD_BODY:
        case WEFT_MPD_FINAL:
          /* On any VM: `create r() on vm2` on VM 1 starts r's body on VM 2. */
          if (pending_create != WEFT_MPD_NONE && p->first_record == i)
            {
              recv = m->lamport[pending_create];
              pending_create = WEFT_MPD_NONE;
            }
          break;

        case WEFT_MPD_CREATER:
        case WEFT_MPD_CREATEG:
        case WEFT_MPD_DESTROYR:
          pending_create = i;
          break;

        case WEFT_MPD_P:
          {
            /* semaphore_for() may move the array: index it afterwards. */
            guint32 si = semaphore_for (b, r, i);

            s->p_record = i;
            g_array_index (b->semaphores, WeftMpdSemaphore, si).n_p++;
          }
          break;

        case WEFT_MPD_V:
          {
            guint32 si = semaphore_for (b, r, i);
            guint32 qi = si;

            g_array_index (b->semaphores, WeftMpdSemaphore, si).n_v++;
            node.record = i;
            node.origin = pi;
            node.next = WEFT_MPD_NONE;
            {
              Queue *q = &g_array_index (b->sem_queues, Queue, qi);
              guint32 n = (guint32)b->nodes.len;

              *(QueueNode *)buf_push (&b->nodes) = node;
              q = &g_array_index (b->sem_queues, Queue, qi);
              if (q->tail != WEFT_MPD_NONE)
                BUF_AT (b->nodes, QueueNode, q->tail).next = n;
              else
                q->head = n;
              q->tail = n;
            }
          }
          break;

        case WEFT_MPD_CONTP:
          {
            guint32 si = semaphore_for (b, r, i);
            Queue *q = &g_array_index (b->sem_queues, Queue, si);
            WeftMpdSemaphore *sem = &g_array_index (b->semaphores, WeftMpdSemaphore, si);

            sem->n_contp++;
            /* Vs from before this P were taken by Ps that did not block. */
            while (q->head != WEFT_MPD_NONE && s->p_record != WEFT_MPD_NONE &&
                   BUF_AT (b->nodes, QueueNode, q->head).record < s->p_record)
              q->head = BUF_AT (b->nodes, QueueNode, q->head).next;
            if (q->head != WEFT_MPD_NONE && s->p_record != WEFT_MPD_NONE)
              {
                QueueNode *v = &BUF_AT (b->nodes, QueueNode, q->head);

                recv = MAX (recv, m->lamport[v->record]);
                add_link (b, v->record, i, WEFT_MPD_LINK_SEMAPHORE);
                sem->n_blocked++;
                q->head = v->next;
              }
            if (q->head == WEFT_MPD_NONE)
              q->tail = WEFT_MPD_NONE;
            if (s->p_record != WEFT_MPD_NONE)
              add_wait (b, s->p_record, i, WEFT_MPD_WAIT_P);
            s->p_record = WEFT_MPD_NONE;
          }
          break;

        case WEFT_MPD_CREATES:
          last_semaphore = semaphore_for (b, r, i);
          break;

        case WEFT_MPD_INITS:
          /* INITS follows its CREATES and carries the initial value. */
          if (last_semaphore != WEFT_MPD_NONE)
            g_array_index (b->semaphores, WeftMpdSemaphore, last_semaphore).initial = (gint64)MIN (r->extra, (guint64)G_MAXINT64);
          last_semaphore = WEFT_MPD_NONE;
          break;

        case WEFT_MPD_IN:
          s->in_record = i;
          break;

        case WEFT_MPD_CO:
          s->co_record = i;
          break;

        case WEFT_MPD_OC:
          if (s->co_record != WEFT_MPD_NONE)
            add_wait (b, s->co_record, i, WEFT_MPD_WAIT_CO);
          s->co_record = WEFT_MPD_NONE;
          break;

        default:
          break;
        }

      m->lamport[i] = MAX (s->clock, recv) + 1;
      s->clock = m->lamport[i];
      m->max_lamport = MAX (m->max_lamport, m->lamport[i]);
      m->record_process[i] = pi;

      /* Now that this event has a time, it can be sent. */
      switch (r->event)
        {
        case WEFT_MPD_CALL:
        case WEFT_MPD_SEND:
          queue_push (b, id_map_lookup (&b->invocations, r->pid, vm_of (r), TRUE), i, pi);
          if (r->event == WEFT_MPD_CALL)
            {
              s->call_record = i;
              s->reply_record = WEFT_MPD_NONE;
            }
          break;

        case WEFT_MPD_FORWARD:
          /* The served proc will name this forwarder; the reply goes to the client. */
          queue_push (b, id_map_lookup (&b->invocations, r->pid, vm_of (r), TRUE), i,
                      s->client != WEFT_MPD_NONE ? s->client : pi);
          s->client = WEFT_MPD_NONE;
          break;

        case WEFT_MPD_REPLY:
        case WEFT_MPD_RETURN:
        case WEFT_MPD_NI:
        case WEFT_MPD_ENDPROC:
          if (s->client != WEFT_MPD_NONE)
            {
              WeftMpdProcess *client = &BUF_AT (b->processes, WeftMpdProcess, s->client);
              ProcState *cs = &BUF_AT (b->state, ProcState, s->client);

              if (client->pid == r->extra && cs->call_record != WEFT_MPD_NONE && cs->reply_record == WEFT_MPD_NONE)
                cs->reply_record = i;
            }
          break;

        default:
          break;
        }

      p = &BUF_AT (b->processes, WeftMpdProcess, pi);
      p->last_record = i;
      p->n_events++;
      p->name = r->event == WEFT_MPD_PROC && p->first_record != i ? p->name : r->name;
      if (is_end (r->event))
        p->ended = TRUE;
    }
}


WeftMpdModel *
weft_mpd_model_new (WeftMpdTrace *trace)
{
  return weft_mpd_model_new_cancellable (trace, NULL);
}

/* The walk is one thread, and the arrays it fills front to back (hundreds
 * of megabytes on a long trace) are fresh memory: a third of its time went to
 * page faults while the other processor idled. They are mapped there
 * instead, in slices taken from every array in turn, in the order the walk
 * reaches them. The arrays are sized ahead from the event counts, which
 * bound them closely: on a 10^7-line trace the walk fills all of the waits'
 * and queue nodes' room and 79% of the links' (10 MB mapped for nothing). */
#define PREFAULT_SLICES 64

static WeftPrefault *
prefault_arrays (WeftMpdModel *m,
                 Builder      *b)
{
  WeftPrefault *prefault = weft_prefault_new ();
  gsize n = m->trace->n_records;
  struct
  {
    gpointer mem;
    gsize    size;
  } arrays[] = {
    { m->lamport, n * sizeof (gint64) },
    { m->record_process, n * sizeof (guint32) },
    { b->links.data, b->links.cap * b->links.size },
    { b->waits.data, b->waits.cap * b->waits.size },
    { b->nodes.data, b->nodes.cap * b->nodes.size },
    { b->processes.data, b->processes.cap * b->processes.size },
    { b->state.data, b->state.cap * b->state.size },
  };

  if (prefault == NULL)
    return NULL;
  for (guint k = 0; k < PREFAULT_SLICES; k++)
    for (guint a = 0; a < G_N_ELEMENTS (arrays); a++)
      {
        gsize from = arrays[a].size / PREFAULT_SLICES * k;
        gsize to = k + 1 == PREFAULT_SLICES ? arrays[a].size : arrays[a].size / PREFAULT_SLICES * (k + 1);

        weft_prefault_request (prefault, (guint8 *)arrays[a].mem + from, to - from);
      }
  return prefault;
}

/**
 * weft_mpd_model_new_cancellable:
 * @trace: (transfer full): the trace
 * @cancellable: (nullable): stops the ordering (seconds for a big trace)
 *
 * Returns: (transfer full): the model, or %NULL when @cancellable fired
 *   (@trace is freed then)
 */
WeftMpdModel *
weft_mpd_model_new_cancellable (WeftMpdTrace *trace,
                                GCancellable *cancellable)
{
  WeftMpdModel *m;
  Builder b = { 0 };
  WeftPrefault *prefault;
  gsize n = trace->n_records;
  gboolean cancelled;

  /* Cancelled: the load ends now; the trace (and a partial model: hundreds
   * of megabytes) is freed behind it. */
  if (g_cancellable_is_cancelled (cancellable))
    {
      weft_background_free (trace, (GDestroyNotify)weft_mpd_trace_free);
      return NULL;
    }

  m = g_new0 (WeftMpdModel, 1);
  m->trace = trace;
  b.cancellable = cancellable;
  m->record_process = g_new (guint32, MAX (n, 1));
  m->lamport = g_new (gint64, MAX (n, 1));
  /* Filled once, front to back: huge pages save a page fault per 4 KiB. */
  weft_memory_advise_huge (m->record_process, MAX (n, 1) * sizeof (guint32));
  weft_memory_advise_huge (m->lamport, MAX (n, 1) * sizeof (gint64));
  m->resources = g_ptr_array_new_with_free_func (g_free);
  m->line_counts = g_new0 (guint32, (gsize)trace->n_locations * WEFT_MPD_N_EVENTS);

  b.model = m;
  id_map_init (&b.current);
  id_map_init (&b.ids);
  id_map_init (&b.invocations);
  id_map_init (&b.semaphore_ids);
  b.queues = g_array_new (FALSE, FALSE, sizeof (Queue));
  /* The event counts bound every array the walk fills, so each is allocated
   * once at its final size (growing would copy hundreds of megabytes) and
   * filled on huge pages (a fault per 2 MiB, not per 4 KiB). */
  {
    const guint64 *c = trace->event_counts;
    guint64 invocations = c[WEFT_MPD_CALL] + c[WEFT_MPD_SEND] + c[WEFT_MPD_FORWARD];

    buf_init (&b.nodes, sizeof (QueueNode), invocations + c[WEFT_MPD_V], TRUE);
    buf_init (&b.links, sizeof (WeftMpdLink), invocations + c[WEFT_MPD_CALL] + c[WEFT_MPD_CONTP], FALSE);
    buf_init (&b.waits, sizeof (WeftMpdWait), c[WEFT_MPD_CALL] + c[WEFT_MPD_CONTP] + c[WEFT_MPD_ARM] + c[WEFT_MPD_OC],
              FALSE);
    /* Lifetimes start at BODY, PROC or FINAL, or at an id's first event. */
    buf_init (&b.processes, sizeof (WeftMpdProcess), c[WEFT_MPD_BODY] + c[WEFT_MPD_PROC] + c[WEFT_MPD_FINAL] + 1024,
              FALSE);
    buf_init (&b.state, sizeof (ProcState), c[WEFT_MPD_BODY] + c[WEFT_MPD_PROC] + c[WEFT_MPD_FINAL] + 1024, TRUE);
  }
  b.semaphores = g_array_new (FALSE, FALSE, sizeof (WeftMpdSemaphore));
  b.sem_queues = g_array_new (FALSE, FALSE, sizeof (Queue));
  b.resource_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  prefault = prefault_arrays (m, &b);
  build (&b);
  g_clear_pointer (&prefault, weft_prefault_free);
  cancelled = g_cancellable_is_cancelled (cancellable);

  m->n_processes = b.processes.len;
  m->processes = (WeftMpdProcess *)(void *)b.processes.data;
  {
    /* Resolved once per proc name, not per lifetime (a run has millions). */
    guint n_names = weft_string_pool_get_size (trace->names);
    g_autofree guint32 *name_resource = g_new (guint32, MAX (n_names, 1));

    for (guint32 k = 0; k < n_names; k++)
      name_resource[k] = G_MAXUINT32;
    for (guint32 i = 0; i < m->n_processes && !cancelled; i++)
      {
        guint32 name = m->processes[i].name;

        if (name_resource[name] == G_MAXUINT32)
          name_resource[name] = resource_index (&b, weft_string_pool_lookup (trace->names, name));
        m->processes[i].resource = name_resource[name];
      }
  }
  m->n_links = b.links.len;
  m->links = (WeftMpdLink *)(void *)b.links.data;
  m->n_waits = b.waits.len;
  m->waits = (WeftMpdWait *)(void *)b.waits.data;
  m->n_semaphores = b.semaphores->len;
  m->semaphores = (WeftMpdSemaphore *)(void *)g_array_free (b.semaphores, FALSE);

  /* "vm(N)" numbers (vm_of(): the unprefixed lines are VM 1's). */
  m->n_vms = MAX (b.n_vm_list, 1);

  g_free (b.current.slots);
  g_free (b.ids.slots);
  g_free (b.invocations.slots);
  g_free (b.semaphore_ids.slots);
  g_array_free (b.queues, TRUE);
  buf_recycle (&b.nodes);
  buf_recycle (&b.state);
  g_array_free (b.sem_queues, TRUE);
  g_hash_table_unref (b.resource_ids);
  g_free (b.vms);

  if (cancelled)
    {
      weft_background_free (m, (GDestroyNotify)weft_mpd_model_free);
      return NULL;
    }
  return m;
}

void
weft_mpd_model_free (WeftMpdModel *self)
{
  if (self == NULL)
    return;

  weft_mpd_trace_free (self->trace);
  g_free (self->record_process);
  g_free (self->lamport);
  g_free (self->processes);
  g_clear_pointer (&self->resources, g_ptr_array_unref);
  g_free (self->links);
  g_free (self->waits);
  g_free (self->semaphores);
  g_free (self->line_counts);
  g_free (self);
}

char *
weft_mpd_model_dup_process_label (const WeftMpdModel *self,
                                  guint32             process)
{
  const WeftMpdProcess *p = &self->processes[process];
  const char *name = weft_string_pool_lookup (self->trace->names, p->name);

  if (p->vm != 0)
    return g_strdup_printf ("vm(%u).%s %" G_GINT64_MODIFIER "X", p->vm, name, p->pid);

  return g_strdup_printf ("%s %" G_GINT64_MODIFIER "X", name, p->pid);
}

char *
weft_mpd_model_find_source (const WeftMpdModel *self,
                            guint32             file)
{
  const char *name = weft_string_pool_lookup (self->trace->names, file);
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;

  if (name == NULL || name[0] == '\0')
    return NULL;
  if (g_path_is_absolute (name))
    path = g_strdup (name);
  else
    {
      dir = g_path_get_dirname (self->trace->source);
      path = g_build_filename (dir, name, NULL);
    }

  return g_file_test (path, G_FILE_TEST_IS_REGULAR) ? g_steal_pointer (&path) : NULL;
}

guint64 *
weft_mpd_model_dup_file_counts (const WeftMpdModel *self,
                                guint32             file,
                                guint32            *n_lines,
                                guint64           **by_event)
{
  const WeftMpdTrace *t = self->trace;
  guint32 max_line = 0;
  guint64 *counts;
  guint64 *events;

  for (guint32 l = 1; l < t->n_locations; l++)
    if (t->locations[l].file == file)
      max_line = MAX (max_line, t->locations[l].line);

  *n_lines = max_line + 1;
  counts = g_new0 (guint64, *n_lines);
  events = by_event != NULL ? g_new0 (guint64, (gsize)*n_lines * WEFT_MPD_N_EVENTS) : NULL;
  for (guint32 l = 1; l < t->n_locations; l++)
    {
      guint32 line = t->locations[l].line;

      if (t->locations[l].file != file)
        continue;
      for (guint e = 0; e < WEFT_MPD_N_EVENTS; e++)
        {
          guint32 n = self->line_counts[(gsize)l * WEFT_MPD_N_EVENTS + e];

          counts[line] += n;
          if (events != NULL)
            events[(gsize)line * WEFT_MPD_N_EVENTS + e] += n;
        }
    }
  if (by_event != NULL)
    *by_event = events;

  return counts;
}

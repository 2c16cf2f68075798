/* weft-gen-mpd.c: synthetic MPD runtime traces (mpdtrace), as MPD_TRACE makes
 * the runtime write them.
 *
 * Every line is what rts/trace.c prints: the location "%s, %d  " padded
 * with blanks to at least 20 columns, then "%-20s  %-8s  %-8lX  %-8lX\n", or
 * in a distributed run "vm(%d).%-14s  %-8s  %-8lX  %-8lX\n" for every line
 * after the first "create vm" (lines before it have no prefix, the main VM's
 * later lines do). Widths are minimums: long locations and names push the
 * later columns right, and 64-bit addresses fill the hex columns.
 *
 * The lines come from a simulation of a small client/server program run the
 * way MPD runs it: each virtual machine schedules its processes without
 * preemption (a process runs until it blocks), the VMs run side by side and
 * their lines interleave. The program creates a global with semaphores
 * (CREATEG, CREATES/INITS), a critical-section server whose arbitrator loops
 * over input statements (IN/ARM/NI), a worker pool on every VM (CREATER),
 * and a spawner process that keeps a number of client processes alive
 * (SEND → PROC … ENDPROC, with the invoker in the second field). Clients
 * CALL the arbitrator, P/CONTP/V on semaphores, CALL pool procedures that
 * RETURN or REPLY early, call through a dispatcher that FORWARDs, and run
 * co statements (CO … OC). At the end the pools are destroyed (DESTROYR,
 * FINAL/ENDFINAL), the VMs too (DESTROYV). Process descriptors are taken
 * from a fixed pool per VM and freed descriptors are reused first, so ids
 * recur in later lifetimes, as in real traces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-gen-common.h"

typedef enum
{
  ROLE_MAIN,
  ROLE_GLOB_BODY,
  ROLE_CS_BODY,
  ROLE_ARBITRATOR,
  ROLE_POOL_BODY,
  ROLE_SPAWNER,
  ROLE_USER,
  ROLE_WORK,
  ROLE_LOOKUP,
  ROLE_DISPATCH,
  ROLE_LOG,
  ROLE_POOL_FINAL,
  ROLE_GLOB_FINAL,
  N_ROLES
} Role;

enum
{
  FILE_MAIN,
  FILE_GLOB,
  FILE_CS,
  FILE_POOL,
  N_FILES
};

static const char * const file_names[N_FILES] = {
  "main.mpd",
  "glob.mpd",
  "CS.mpd",
  "src/worker_pool.mpd",
};

static const struct
{
  const char *name;
  gint        file;
} roles[N_ROLES] = {
  { "main.body", FILE_MAIN },
  { "glob.body", FILE_GLOB },
  { "CS.body", FILE_CS },
  { "CS.arbitrator", FILE_CS },
  { "worker_pool.body", FILE_POOL },
  { "main.spawner", FILE_MAIN },
  { "main.user", FILE_MAIN },
  { "worker_pool.work", FILE_POOL },
  { "worker_pool.lookup_record", FILE_POOL },
  { "worker_pool.dispatch", FILE_POOL },
  { "worker_pool.log", FILE_POOL },
  { "worker_pool.final", FILE_POOL },
  { "glob.final", FILE_GLOB },
};

/* What a client does next. */
typedef enum
{
  ACT_CS,
  ACT_SEM,
  ACT_WORK,
  ACT_CO,
  ACT_LOOKUP,
  ACT_DISPATCH,
  ACT_LOG,
  N_ACTS
} Action;

/* Lines an action writes, all processes together, for planning --events. */
static const guint act_lines[N_ACTS] = { 8, 5, 5, 14, 7, 8, 3 };

typedef struct Proc Proc;
typedef struct Vm Vm;

typedef struct
{
  guint64 addr;
  gint    value;     /* what INITS, V and CONTP have made it */
  gint    reserved;  /* units handed to woken processes not yet at CONTP */
  GQueue  waiters;
} Sem;

typedef struct
{
  Proc    *sender;   /* NULL once the sender has gone */
  guint64  id;
  gboolean call;
} Message;

struct Proc
{
  Vm      *vm;
  guint    slot;
  guint64  id;
  Role     role;
  gint     pc;
  gboolean blocked;
  Proc    *creator;     /* waits for this body/final to end */
  Proc    *caller;      /* blocked in a CALL that this process answers */
  guint64  invoker;     /* second field of ENDPROC/RETURN/REPLY */
  guint64  forwarder;   /* second field of PROC */
  gint     step;        /* sub-step within the current action */
  gint     left;        /* clients: actions left */
  Action   action;
  gint     arms;        /* co arms still running */
  gint     k;           /* loop counter */
  guint64  owed;        /* clients: lines still expected */
  guint64  client;      /* arbitrator/spawner: the invoker being served */
  Sem     *sem;
  gboolean holding;     /* client: holds the mutex during a call */
  GQueue   in_enter;    /* arbitrator: enter() invocations */
  GQueue   in_exit;     /* arbitrator: exit(); spawner: done() */
};

struct Vm
{
  guint    number;      /* 1-based, as printed */
  guint64  base;
  guint64  stride;
  GArray  *free_slots;  /* freed descriptors, reused last-in first-out */
  guint    next_slot;
  GQueue   ready;
  Proc    *current;
  Sem     *mutex;       /* glob's */
  Sem     *slots;       /* glob's */
  Sem     *lock;        /* worker_pool's */
};

typedef struct
{
  const WeftGenOptions *opt;
  WeftGenRand  rng;
  WeftGenOut  *out;
  Vm          *vms;
  guint        n_vms;
  gboolean     prefixed;    /* after the first CREATEV */
  guint64      sem_next;
  GPtrArray   *sems;
  Proc        *main_body;
  Proc        *arbitrator;
  Proc        *spawner;
  guint        clients;     /* alive */
  guint        max_clients;
  guint        pool_procs;  /* worker_pool processes alive, all VMs */
  guint64      owed;        /* lines the live clients are still expected to write */
  guint64      tail;        /* lines the shutdown writes */
  gboolean     budget_done;
} Gen;

/* --- Process descriptors ---------------------------------------------------------- */

static guint64
slot_address (Vm    *vm,
              guint  slot)
{
  /* The runtime's first descriptor goes to an untraced process, so the
   * traced ids start at base and then skip one: 8062318, 80623C8, 8062420 … */
  return vm->base + (slot == 0 ? 0 : slot + 1) * vm->stride;
}

static gboolean
vm_has_slot (Gen *g,
             Vm  *vm)
{
  return vm->free_slots->len > 0 || vm->next_slot < g->opt->rows;
}

static Proc *
proc_new (Gen    *g,
          Vm     *vm,
          Role    role,
          guint64 forwarder,
          guint64 invoker)
{
  Proc *p = g_new0 (Proc, 1);

  g_assert (vm_has_slot (g, vm));
  if (vm->free_slots->len > 0)
    {
      p->slot = g_array_index (vm->free_slots, guint, vm->free_slots->len - 1);
      g_array_set_size (vm->free_slots, vm->free_slots->len - 1);
    }
  else
    p->slot = vm->next_slot++;
  p->vm = vm;
  p->id = slot_address (vm, p->slot);
  p->role = role;
  p->forwarder = forwarder;
  p->invoker = invoker;
  g_queue_init (&p->in_enter);
  g_queue_init (&p->in_exit);
  if (role == ROLE_WORK || role == ROLE_LOOKUP || role == ROLE_DISPATCH || role == ROLE_LOG)
    g->pool_procs++;

  /* New processes join the end of their VM's ready queue. */
  g_queue_push_tail (&vm->ready, p);
  return p;
}

static void
make_ready (Proc *p)
{
  if (!p->blocked)
    return;
  p->blocked = FALSE;
  g_queue_push_tail (&p->vm->ready, p);
}

static void
block (Proc *p)
{
  p->blocked = TRUE;
  if (p->vm->current == p)
    p->vm->current = NULL;
}

static void
message_free (gpointer data)
{
  g_free (data);
}

static void
proc_end (Gen  *g,
          Proc *p)
{
  Vm *vm = p->vm;

  g_array_append_val (vm->free_slots, p->slot);
  if (vm->current == p)
    vm->current = NULL;
  if (p->role == ROLE_WORK || p->role == ROLE_LOOKUP || p->role == ROLE_DISPATCH || p->role == ROLE_LOG)
    {
      g->pool_procs--;
      if (g->pool_procs == 0 && g->spawner != NULL && g->spawner->blocked && g->spawner->pc == 20)
        make_ready (g->spawner);
    }
  g_queue_clear_full (&p->in_enter, message_free);
  g_queue_clear_full (&p->in_exit, message_free);
  g_free (p);
}

static Sem *
sem_new (Gen *g)
{
  Sem *s = g_new0 (Sem, 1);

  s->addr = g->sem_next;
  g->sem_next += 0x18 * (guint64)weft_gen_rand_range (&g->rng, 1, 6);
  g_queue_init (&s->waiters);
  g_ptr_array_add (g->sems, s);
  return s;
}

static void
sem_free (gpointer data)
{
  Sem *s = data;

  g_queue_clear (&s->waiters);
  g_free (s);
}

/* --- Writing ---------------------------------------------------------------------- */

static char *
fmt_hex_col (char    *p,
             guint64  v)
{
  return weft_gen_fmt_pad_to (p, weft_gen_fmt_hex (p, v, TRUE), 8);
}

static void
emit (Gen        *g,
      Proc       *p,
      gint        line,
      const char *event,
      guint64     obj)
{
  const char *file = file_names[roles[p->role].file];
  const char *name = roles[p->role].name;
  gsize file_len = strlen (file), name_len = strlen (name), event_len = strlen (event);
  char *p0 = weft_gen_out_reserve (g->out, file_len + name_len + 128);
  char *q = p0;

  q = weft_gen_fmt_str (q, file, file_len);
  q = weft_gen_fmt_lit (q, ", ");
  q = weft_gen_fmt_i64 (q, line);
  q = weft_gen_fmt_lit (q, "  ");
  q = weft_gen_fmt_pad_to (p0, q, 20);

  /* The name is padded to 20, or to 14 after a "vm(N)." prefix. */
  if (g->prefixed)
    {
      q = weft_gen_fmt_lit (q, "vm(");
      q = weft_gen_fmt_u64 (q, p->vm->number);
      q = weft_gen_fmt_lit (q, ").");
      q = weft_gen_fmt_pad_to (q, weft_gen_fmt_str (q, name, name_len), 14);
    }
  else
    q = weft_gen_fmt_pad_to (q, weft_gen_fmt_str (q, name, name_len), 20);
  q = weft_gen_fmt_lit (q, "  ");
  q = weft_gen_fmt_pad_to (q, weft_gen_fmt_str (q, event, event_len), 8);
  q = weft_gen_fmt_lit (q, "  ");
  q = fmt_hex_col (q, p->id);
  q = weft_gen_fmt_lit (q, "  ");
  q = fmt_hex_col (q, obj);
  *q++ = '\n';
  weft_gen_out_commit (g->out, q);
  g->out->lines++;
}

/* --- Messages ---------------------------------------------------------------------- */

static void
send_message (GQueue  *queue,
              Proc    *server,
              gint     waiting_pc,
              Proc    *sender,
              gboolean call)
{
  Message *m = g_new0 (Message, 1);

  m->sender = sender;
  m->id = sender->id;
  m->call = call;
  g_queue_push_tail (queue, m);
  /* A server blocked in this input statement can go on. */
  if (server->blocked && server->pc == waiting_pc)
    make_ready (server);
}

/* The caller of a CALL that this process answers goes on. */
static void
release_caller (Proc *p)
{
  Proc *c = p->caller;

  p->caller = NULL;
  if (c == NULL)
    return;
  if (c->arms > 0)
    {
      c->arms--;
      if (c->arms == 0)
        make_ready (c);
    }
  else
    make_ready (c);
}

/* --- Clients ------------------------------------------------------------------------ */

static guint64
client_estimate (guint actions)
{
  /* PROC, SEND done, ENDPROC, the spawner's SEND, IN, ARM and NI, and about
   * 6.75 lines per action (act_lines weighted by how often each comes). */
  return 7 + (guint64)actions * 27 / 4;
}

static Vm *
pick_pool_vm (Gen *g)
{
  guint start = (guint)weft_gen_rand_below (&g->rng, g->n_vms);

  for (guint i = 0; i < g->n_vms; i++)
    {
      Vm *vm = &g->vms[(start + i) % g->n_vms];

      if (vm_has_slot (g, vm))
        return vm;
    }
  return NULL;
}

static Action
pick_action (Gen *g)
{
  static const guint weights[N_ACTS] = { 26, 18, 18, 8, 10, 8, 12 };
  guint r = (guint)weft_gen_rand_below (&g->rng, 100);
  guint a;

  for (a = 0; a < N_ACTS - 1; a++)
    {
      if (r < weights[a])
        break;
      r -= weights[a];
    }
  return (Action)a;
}

static Proc *
call_pool (Gen  *g,
           Proc *caller,
           Role  role,
           Vm   *vm)
{
  Proc *callee = proc_new (g, vm, role, caller->id, caller->id);

  callee->caller = caller;
  return callee;
}

static void
step_user (Gen  *g,
           Proc *p)
{
  Vm *vm1 = &g->vms[0];

  switch (p->pc)
    {
    case 0:
      emit (g, p, 24, "PROC", p->forwarder);
      p->pc = 1;
      return;

    case 1:
      /* Next action, or the end. */
      if (p->left == 0)
        {
          emit (g, p, 48, "SEND", 0);
          send_message (&g->spawner->in_exit, g->spawner, 11, p, FALSE);
          p->pc = 2;
          return;
        }
      p->left--;
      p->action = pick_action (g);
      p->step = 0;
      p->pc = 3;
      {
        guint64 paid = MIN (p->owed, act_lines[p->action]);

        p->owed -= paid;
        g->owed -= MIN (g->owed, paid);
      }
      return;

    case 2:
      emit (g, p, 24, "ENDPROC", p->invoker);
      g->owed -= MIN (g->owed, p->owed);
      g->clients--;
      proc_end (g, p);
      return;

    case 3:
      break;

    default:
      g_assert_not_reached ();
    }

  switch (p->action)
    {
    case ACT_CS:
      if (p->step == 0)
        {
          /* call enter(): blocked until the arbitrator's NI */
          emit (g, p, 27, "CALL", 0);
          p->step = 1;
          block (p);
          send_message (&g->arbitrator->in_enter, g->arbitrator, 2, p, TRUE);
        }
      else
        {
          emit (g, p, 29, "SEND", 0);
          send_message (&g->arbitrator->in_exit, g->arbitrator, 5, p, FALSE);
          p->pc = 1;
        }
      return;

    case ACT_SEM:
      switch (p->step)
        {
        case 0:
          emit (g, p, 31, "P", vm1->mutex->addr);
          p->sem = vm1->mutex;
          p->step = 1;
          if (p->sem->value - p->sem->reserved > 0)
            p->sem->reserved++;
          else
            {
              g_queue_push_tail (&p->sem->waiters, p);
              block (p);
            }
          return;
        case 1:
          emit (g, p, 31, "CONTP", p->sem->addr);
          p->sem->value--;
          p->sem->reserved--;
          p->step = 2;
          return;
        case 2:
          {
            /* Now and then a call while holding the mutex, which makes the
             * others wait for it. */
            Vm *vm = weft_gen_rand_chance (&g->rng, 1, 3) ? pick_pool_vm (g) : NULL;

            p->step = 3;
            if (vm != NULL)
              {
                emit (g, p, 32, "CALL", 0);
                call_pool (g, p, ROLE_WORK, vm);
                block (p);
                return;
              }
          }
          G_GNUC_FALLTHROUGH;
        case 3:
          emit (g, p, 33, "V", p->sem->addr);
          p->sem->value++;
          if (!g_queue_is_empty (&p->sem->waiters))
            {
              Proc *w = g_queue_pop_head (&p->sem->waiters);

              p->sem->reserved++;
              make_ready (w);
            }
          p->pc = 1;
          return;
        default:
          g_assert_not_reached ();
        }
      return;

    case ACT_WORK:
    case ACT_LOOKUP:
    case ACT_DISPATCH:
      {
        Vm *vm = pick_pool_vm (g);
        Role role = p->action == ACT_WORK ? ROLE_WORK : p->action == ACT_LOOKUP ? ROLE_LOOKUP : ROLE_DISPATCH;
        gint line = p->action == ACT_WORK ? 35 : p->action == ACT_LOOKUP ? 42 : 44;

        if (vm == NULL)
          {
            /* No descriptor free anywhere: do something that needs none. */
            p->action = ACT_CS;
            p->step = 0;
            return;
          }
        emit (g, p, line, "CALL", 0);
        call_pool (g, p, role, vm);
        block (p);
        p->pc = 1;
      }
      return;

    case ACT_CO:
      if (p->step == 0)
        {
          emit (g, p, 37, "CO", 0);
          p->k = (gint)weft_gen_rand_range (&g->rng, 2, 3);
          p->step = 1;
          return;
        }
      if (p->step == 1)
        {
          Vm *vm = pick_pool_vm (g);

          if (vm != NULL && p->k > 0)
            {
              /* Each arm of the co statement is a call. */
              emit (g, p, 38, "CALL", 0);
              call_pool (g, p, ROLE_WORK, vm);
              p->arms++;
              p->k--;
              if (p->k > 0)
                return;
            }
          p->step = 2;
          if (p->arms > 0)
            {
              block (p);
              return;
            }
        }
      emit (g, p, 40, "OC", 0);
      p->pc = 1;
      return;

    case ACT_LOG:
      {
        Vm *vm = pick_pool_vm (g);

        if (vm != NULL)
          {
            emit (g, p, 46, "SEND", 0);
            proc_new (g, vm, ROLE_LOG, p->id, p->id);
          }
        p->pc = 1;
      }
      return;

    case N_ACTS:
    default:
      g_assert_not_reached ();
    }
}

/* --- Pool procedures ----------------------------------------------------------------- */

static void
step_work (Gen  *g,
           Proc *p)
{
  Sem *slots = p->vm->slots;

  switch (p->pc)
    {
    case 0:
      emit (g, p, 20, "PROC", p->forwarder);
      p->pc = weft_gen_rand_chance (&g->rng, 2, 3) ? 1 : 3;
      return;
    case 1:
      emit (g, p, 22, "P", slots->addr);
      p->pc = 2;
      if (slots->value - slots->reserved > 0)
        slots->reserved++;
      else
        {
          g_queue_push_tail (&slots->waiters, p);
          block (p);
        }
      return;
    case 2:
      emit (g, p, 22, "CONTP", slots->addr);
      slots->value--;
      slots->reserved--;
      p->pc = 4;
      /* The work itself: another process may run in between. */
      block (p);
      make_ready (p);
      return;
    case 4:
      emit (g, p, 24, "V", slots->addr);
      slots->value++;
      if (!g_queue_is_empty (&slots->waiters))
        {
          Proc *w = g_queue_pop_head (&slots->waiters);

          slots->reserved++;
          make_ready (w);
        }
      p->pc = 3;
      return;
    case 3:
      if (weft_gen_rand_chance (&g->rng, 1, 3))
        emit (g, p, 23, "RETURN", p->invoker);
      else
        emit (g, p, 20, "ENDPROC", p->invoker);
      release_caller (p);
      proc_end (g, p);
      return;
    default:
      g_assert_not_reached ();
    }
}

static void
step_lookup (Gen  *g,
             Proc *p)
{
  Sem *lock = p->vm->lock;

  switch (p->pc)
    {
    case 0:
      emit (g, p, 31, "PROC", p->forwarder);
      p->pc = 1;
      return;
    case 1:
      /* reply: the caller goes on while this process finishes. */
      emit (g, p, 33, "REPLY", p->invoker);
      release_caller (p);
      p->pc = 2;
      return;
    case 2:
      emit (g, p, 35, "P", lock->addr);
      p->pc = 3;
      if (lock->value - lock->reserved > 0)
        lock->reserved++;
      else
        {
          g_queue_push_tail (&lock->waiters, p);
          block (p);
        }
      return;
    case 3:
      emit (g, p, 35, "CONTP", lock->addr);
      lock->value--;
      lock->reserved--;
      p->pc = 4;
      return;
    case 4:
      emit (g, p, 36, "V", lock->addr);
      lock->value++;
      if (!g_queue_is_empty (&lock->waiters))
        {
          Proc *w = g_queue_pop_head (&lock->waiters);

          lock->reserved++;
          make_ready (w);
        }
      p->pc = 5;
      return;
    case 5:
      emit (g, p, 31, "ENDPROC", p->invoker);
      proc_end (g, p);
      return;
    default:
      g_assert_not_reached ();
    }
}

static void
step_dispatch (Gen  *g,
               Proc *p)
{
  switch (p->pc)
    {
    case 0:
      emit (g, p, 40, "PROC", p->forwarder);
      p->pc = 1;
      return;
    case 1:
      {
        Vm *vm = vm_has_slot (g, p->vm) ? p->vm : pick_pool_vm (g);

        if (vm == NULL)
          {
            /* No descriptor anywhere: it answers the call itself. */
            release_caller (p);
          }
        else
          {
            /* forward: a worker_pool.work answers the original caller. */
            Proc *w;

            emit (g, p, 42, "FORWARD", p->invoker);
            w = proc_new (g, vm, ROLE_WORK, p->id, p->invoker);
            w->caller = p->caller;
            p->caller = NULL;
          }
      }
      p->pc = 2;
      return;
    case 2:
      emit (g, p, 40, "ENDPROC", p->invoker);
      proc_end (g, p);
      return;
    default:
      g_assert_not_reached ();
    }
}

static void
step_log (Gen  *g,
          Proc *p)
{
  if (p->pc == 0)
    {
      emit (g, p, 50, "PROC", p->forwarder);
      p->pc = 1;
      return;
    }
  emit (g, p, 50, "ENDPROC", p->invoker);
  proc_end (g, p);
}

/* --- Bodies, finals and the servers -------------------------------------------------- */

static void
wake_creator (Proc *p)
{
  if (p->creator != NULL)
    make_ready (p->creator);
}

static void
step_glob_body (Gen  *g,
                Proc *p)
{
  Vm *vm = p->vm;

  switch (p->pc)
    {
    case 0:
      emit (g, p, 1, "BODY", 0);
      break;
    case 1:
      vm->mutex = sem_new (g);
      emit (g, p, 3, "CREATES", vm->mutex->addr);
      break;
    case 2:
      vm->mutex->value = 1;
      emit (g, p, 3, "INITS", 1);
      break;
    case 3:
      vm->slots = sem_new (g);
      emit (g, p, 4, "CREATES", vm->slots->addr);
      break;
    case 4:
      vm->slots->value = 3;
      emit (g, p, 4, "INITS", 3);
      break;
    default:
      emit (g, p, 1, "ENDBODY", 0);
      wake_creator (p);
      proc_end (g, p);
      return;
    }
  p->pc++;
}

static void
step_final (Gen  *g,
            Proc *p)
{
  gint line = p->role == ROLE_POOL_FINAL ? 60 : 7;

  if (p->pc == 0)
    {
      emit (g, p, line, "FINAL", 0);
      p->pc = 1;
      return;
    }
  emit (g, p, line, "ENDFINAL", 0);
  wake_creator (p);
  proc_end (g, p);
}

static void
step_cs_body (Gen  *g,
              Proc *p)
{
  switch (p->pc)
    {
    case 0:
      emit (g, p, 1, "BODY", 0);
      break;
    case 1:
      /* process arbitrator: traced as a SEND, then its PROC. */
      emit (g, p, 7, "SEND", 0);
      g->arbitrator = proc_new (g, p->vm, ROLE_ARBITRATOR, p->id, p->id);
      break;
    default:
      emit (g, p, 1, "ENDBODY", 0);
      wake_creator (p);
      proc_end (g, p);
      return;
    }
  p->pc++;
}

static void
step_pool_body (Gen  *g,
                Proc *p)
{
  Vm *vm = p->vm;

  switch (p->pc)
    {
    case 0:
      emit (g, p, 1, "BODY", 0);
      /* Other VMs get their own instance of the global when the pool
       * imports it. */
      p->pc = vm->number == 1 ? 2 : 1;
      return;
    case 1:
      emit (g, p, 2, "CREATEG", 0);
      proc_new (g, vm, ROLE_GLOB_BODY, 0, 0)->creator = p;
      block (p);
      p->pc = 2;
      return;
    case 2:
      vm->lock = sem_new (g);
      emit (g, p, 5, "CREATES", vm->lock->addr);
      p->pc = 3;
      return;
    case 3:
      vm->lock->value = 1;
      emit (g, p, 5, "INITS", 1);
      p->pc = 4;
      return;
    default:
      emit (g, p, 1, "ENDBODY", 0);
      wake_creator (p);
      proc_end (g, p);
      return;
    }
}

static void
step_arbitrator (Gen  *g,
                 Proc *p)
{
  GQueue *queue = p->pc <= 3 ? &p->in_enter : &p->in_exit;
  Message *m;

  switch (p->pc)
    {
    case 0:
      emit (g, p, 7, "PROC", p->forwarder);
      p->pc = 1;
      return;
    case 1:
    case 4:
      emit (g, p, p->pc == 1 ? 9 : 12, "IN", 0);
      p->pc++;
      return;
    case 2:
    case 5:
      if (g_queue_is_empty (queue))
        {
          block (p);
          return;
        }
      m = g_queue_pop_head (queue);
      emit (g, p, p->pc == 2 ? 10 : 12, "ARM", m->id);
      p->client = m->id;
      /* A caller blocked in the CALL goes on at the NI. */
      p->caller = m->call ? m->sender : NULL;
      g_free (m);
      p->pc++;
      return;
    case 3:
    case 6:
      emit (g, p, p->pc == 3 ? 9 : 12, "NI", p->client);
      release_caller (p);
      p->pc = p->pc == 3 ? 4 : 1;
      return;
    default:
      g_assert_not_reached ();
    }
}

static gboolean
spawn_allowed (Gen   *g,
               guint  actions)
{
  guint64 lines = g->out->lines + g->owed + client_estimate (actions) + g->tail;

  return !g->budget_done && lines <= g->opt->events;
}

static void
step_spawner (Gen  *g,
              Proc *p)
{
  Message *m;

  switch (p->pc)
    {
    case 0:
      emit (g, p, 12, "PROC", p->forwarder);
      p->pc = 1;
      return;

    case 1:
      {
        guint actions = (guint)weft_gen_rand_range (&g->rng, 2, 9);

        /* Near the end of the budget, a shorter client that still fits. */
        while (actions > 1 && !spawn_allowed (g, actions))
          actions--;
        if (g->clients < g->max_clients && vm_has_slot (g, &g->vms[0]) && spawn_allowed (g, actions))
          {
            /* process user(): a SEND now, its PROC when it first runs. */
            Proc *c;

            emit (g, p, 14, "SEND", 0);
            c = proc_new (g, &g->vms[0], ROLE_USER, p->id, p->id);
            c->left = (gint)actions;
            c->owed = client_estimate (actions);
            g->owed += c->owed;
            g->clients++;
            return;
          }
        if (!spawn_allowed (g, actions))
          g->budget_done = TRUE;
        if (g->clients == 0)
          {
            p->pc = 20;
            return;
          }
        emit (g, p, 16, "IN", 0);
        p->pc = 11;
      }
      return;

    case 11:
      if (g_queue_is_empty (&p->in_exit))
        {
          block (p);
          return;
        }
      m = g_queue_pop_head (&p->in_exit);
      emit (g, p, 16, "ARM", m->id);
      p->client = m->id;
      g_free (m);
      p->pc = 12;
      return;

    case 12:
      emit (g, p, 16, "NI", p->client);
      p->pc = 1;
      return;

    case 20:
      /* Shut down once the pools are idle: destroy each VM's pool (its
       * final code runs), then the VMs (their global's final code runs). */
      if (g->pool_procs > 0)
        {
          block (p);
          return;
        }
      p->k = (gint)g->n_vms;
      p->pc = 21;
      G_GNUC_FALLTHROUGH;

    case 21:
      if (p->k > 0)
        {
          emit (g, p, 19, "DESTROYR", 0);
          proc_new (g, &g->vms[p->k - 1], ROLE_POOL_FINAL, 0, 0)->creator = p;
          p->k--;
          block (p);
          return;
        }
      p->k = (gint)g->n_vms;
      p->pc = 22;
      G_GNUC_FALLTHROUGH;

    case 22:
      if (p->k > 1)
        {
          emit (g, p, 20, "DESTROYV", 0);
          proc_new (g, &g->vms[p->k - 1], ROLE_GLOB_FINAL, 0, 0)->creator = p;
          p->k--;
          block (p);
          return;
        }
      emit (g, p, 12, "ENDPROC", p->invoker);
      g->spawner = NULL;
      /* The program ends: the main VM's global runs its final code. */
      proc_new (g, &g->vms[0], ROLE_GLOB_FINAL, 0, 0);
      proc_end (g, p);
      return;

    default:
      g_assert_not_reached ();
    }
}

static void
step_main (Gen  *g,
           Proc *p)
{
  switch (p->pc)
    {
    case 0:
      emit (g, p, 1, "BODY", 0);
      p->pc = 1;
      return;
    case 1:
      emit (g, p, 3, "CREATEG", 0);
      proc_new (g, p->vm, ROLE_GLOB_BODY, 0, 0)->creator = p;
      block (p);
      p->pc = 2;
      p->k = 2;
      return;
    case 2:
      if ((guint)p->k <= g->n_vms)
        {
          emit (g, p, 5, "CREATEV", 0);
          /* From here on every line names its VM. */
          g->prefixed = TRUE;
          p->k++;
          return;
        }
      emit (g, p, 6, "CREATER", 0);
      proc_new (g, p->vm, ROLE_CS_BODY, 0, 0)->creator = p;
      block (p);
      p->k = 1;
      p->pc = 3;
      return;
    case 3:
      if ((guint)p->k <= g->n_vms)
        {
          /* A worker pool on every VM: create worker_pool() on vm(k). */
          emit (g, p, 7, "CREATER", 0);
          proc_new (g, &g->vms[p->k - 1], ROLE_POOL_BODY, 0, 0)->creator = p;
          p->k++;
          block (p);
          return;
        }
      emit (g, p, 9, "SEND", 0);
      g->spawner = proc_new (g, p->vm, ROLE_SPAWNER, p->id, p->id);
      p->pc = 4;
      return;
    default:
      emit (g, p, 1, "ENDBODY", 0);
      g->main_body = NULL;
      proc_end (g, p);
      return;
    }
}

static void
step (Gen  *g,
      Proc *p)
{
  switch (p->role)
    {
    case ROLE_MAIN:
      step_main (g, p);
      break;
    case ROLE_GLOB_BODY:
      step_glob_body (g, p);
      break;
    case ROLE_CS_BODY:
      step_cs_body (g, p);
      break;
    case ROLE_ARBITRATOR:
      step_arbitrator (g, p);
      break;
    case ROLE_POOL_BODY:
      step_pool_body (g, p);
      break;
    case ROLE_SPAWNER:
      step_spawner (g, p);
      break;
    case ROLE_USER:
      step_user (g, p);
      break;
    case ROLE_WORK:
      step_work (g, p);
      break;
    case ROLE_LOOKUP:
      step_lookup (g, p);
      break;
    case ROLE_DISPATCH:
      step_dispatch (g, p);
      break;
    case ROLE_LOG:
      step_log (g, p);
      break;
    case ROLE_POOL_FINAL:
    case ROLE_GLOB_FINAL:
      step_final (g, p);
      break;
    case N_ROLES:
    default:
      g_assert_not_reached ();
    }
}

/* Runs the VMs side by side until every process has ended or blocks for
 * good (the arbitrator waits in its IN forever, as in real runs). */
static void
run (Gen *g)
{
  g_autofree Vm **active = g_new (Vm *, g->n_vms);

  while (TRUE)
    {
      guint n_active = 0;
      Vm *vm;

      for (guint i = 0; i < g->n_vms; i++)
        if (g->vms[i].current != NULL || !g_queue_is_empty (&g->vms[i].ready))
          active[n_active++] = &g->vms[i];
      if (n_active == 0)
        break;

      vm = active[weft_gen_rand_below (&g->rng, n_active)];
      if (vm->current == NULL)
        vm->current = g_queue_pop_head (&vm->ready);
      step (g, vm->current);
    }
}

/* --- Entry point ------------------------------------------------------------------- */

gboolean
weft_gen_mpd (const WeftGenOptions  *opt,
              WeftGenStats          *stats,
              GError               **error)
{
  g_autoptr(WeftGenOut) out = NULL;
  Gen g = { 0 };
  guint64 base, stride;
  gboolean ok;

  out = weft_gen_out_new (opt->out, 4 << 20, error);
  if (out == NULL)
    return FALSE;

  g.opt = opt;
  g.out = out;
  weft_gen_rand_init (&g.rng, opt->seed, 4);
  g.n_vms = opt->vms;
  g.vms = g_new0 (Vm, g.n_vms);
  g.sems = g_ptr_array_new_with_free_func (sem_free);

  /* Descriptor addresses of a 32-bit run without ASLR (7 digits), or of a
   * 64-bit PIE run (12 digits); every VM is the same binary, so every VM
   * hands out the same addresses. */
  if (opt->addr_bits == 64)
    {
      base = G_GUINT64_CONSTANT (0x555555574500) + 0x10 * weft_gen_rand_below (&g.rng, 0x100);
      stride = 0xa8;
      g.sem_next = base + 0xb000 + 8 * weft_gen_rand_below (&g.rng, 0x100);
    }
  else
    {
      base = 0x8062318 + 8 * weft_gen_rand_below (&g.rng, 0x40);
      stride = 0x58;
      g.sem_next = base + 0xb1c0 + 8 * weft_gen_rand_below (&g.rng, 0x40);
    }

  for (guint i = 0; i < g.n_vms; i++)
    {
      g.vms[i].number = i + 1;
      g.vms[i].base = base;
      g.vms[i].stride = stride;
      g.vms[i].free_slots = g_array_new (FALSE, FALSE, sizeof (guint));
      g_queue_init (&g.vms[i].ready);
    }

  /* The arbitrator and the spawner live all along; each client needs room
   * for the calls it makes. */
  g.max_clients = MAX (1u, (opt->rows - 2) * 2 / 5);
  g.tail = 8 + 4 * (guint64)g.n_vms;

  g.main_body = proc_new (&g, &g.vms[0], ROLE_MAIN, 0, 0);
  run (&g);

  ok = weft_gen_out_finish (out, error);
  stats->lines = out->lines;
  stats->bytes = out->bytes;
  stats->files = 1;

  /* What is left: processes blocked for good, their queues. */
  for (guint i = 0; i < g.n_vms; i++)
    {
      Proc *p;

      while ((p = g_queue_pop_head (&g.vms[i].ready)) != NULL)
        proc_end (&g, p);
      g_array_unref (g.vms[i].free_slots);
    }
  if (g.arbitrator != NULL)
    {
      g_queue_clear_full (&g.arbitrator->in_enter, message_free);
      g_queue_clear_full (&g.arbitrator->in_exit, message_free);
      g_free (g.arbitrator);
    }
  g_free (g.vms);
  g_ptr_array_unref (g.sems);

  return ok;
}

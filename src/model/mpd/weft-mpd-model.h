/* weft-mpd-model.h: an MPD trace's processes, resources and semaphores, and the
 * causal order of its events.
 *
 * A process is a (vm, id) pair during one lifetime: ids are descriptor
 * addresses the runtime reuses, so a lifetime starts at BODY, PROC or FINAL
 * (or at the first event of an id with none open) and ends at ENDBODY,
 * ENDPROC, ENDFINAL or RETURN. The trace has no clock; every event gets a
 * Lamport time from the causal pairs the trace reveals:
 *  - an invocation (CALL, SEND, or a FORWARD on behalf of the invoker) and the
 *    PROC or ARM serving it (whose second field names the invoker, or the
 *    forwarder), FIFO per invoker id, the same VM first;
 *  - the reply (REPLY, RETURN, NI, ENDPROC) to a caller blocked in CALL, and
 *    the caller's next event;
 *  - a V and the CONTP it releases on the same semaphore (the earliest V after
 *    the blocked process's P);
 *  - CREATER/CREATEG/DESTROYR and the next BODY/FINAL of a new process in the
 *    same VM (the runtime runs it at once).
 * Invocation links are the "messages"; reply and semaphore links are kept too.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "weft-mpd-trace.h"

G_BEGIN_DECLS

#define WEFT_MPD_NONE G_MAXUINT32

typedef enum
{
  WEFT_MPD_LINK_INVOCATION,
  WEFT_MPD_LINK_REPLY,
  WEFT_MPD_LINK_SEMAPHORE,
  WEFT_MPD_N_LINK_KINDS
} WeftMpdLinkKind;

typedef enum
{
  WEFT_MPD_WAIT_CALL,    /* CALL → the caller's next event */
  WEFT_MPD_WAIT_P,       /* P → CONTP */
  WEFT_MPD_WAIT_IN,      /* IN → ARM */
  WEFT_MPD_WAIT_CO,      /* CO → OC */
  WEFT_MPD_N_WAIT_KINDS
} WeftMpdWaitKind;

typedef struct
{
  guint64 pid;
  guint16 vm;
  guint8  start_event;   /* the WeftMpdEvent that began it */
  guint8  ended;         /* it has its end event */
  guint32 name;          /* "resource.proc" (names pool), from its last event */
  guint32 resource;      /* index into WeftMpdModel.resources */
  guint32 first_record;
  guint32 last_record;
  guint32 n_events;
} WeftMpdProcess;

typedef struct
{
  guint32 from_record;
  guint32 to_record;
  guint8  kind;          /* WeftMpdLinkKind */
} WeftMpdLink;

typedef struct
{
  guint32 begin_record;
  guint32 end_record;
  guint8  kind;          /* WeftMpdWaitKind */
} WeftMpdWait;

typedef struct
{
  guint64 address;
  guint16 vm;
  guint32 created_record; /* CREATES, or the first operation's record */
  gint64  initial;        /* INITS's value, -1 when not seen */
  guint32 n_p;
  guint32 n_v;
  guint32 n_contp;
  guint32 n_blocked;      /* CONTPs released by a V */
} WeftMpdSemaphore;

typedef struct
{
  WeftMpdTrace     *trace;
  guint32          *record_process;  /* [n_records] */
  gint64           *lamport;         /* [n_records], from 1 */
  gint64            max_lamport;
  WeftMpdProcess   *processes;
  guint32           n_processes;
  guint32           n_process_ids;   /* distinct (vm, id) pairs */
  GPtrArray        *resources;       /* resource names (char *) */
  WeftMpdLink      *links;
  gsize             n_links;
  WeftMpdWait      *waits;
  gsize             n_waits;
  WeftMpdSemaphore *semaphores;
  guint32           n_semaphores;
  guint32           n_vms;           /* distinct vm(N), 1 when none is named */
  guint64           n_messages;      /* matched invocation links */
  guint32          *line_counts;     /* [n_locations × WEFT_MPD_N_EVENTS] */
} WeftMpdModel;

/* Takes @trace. Never fails: every trace has an order. */
WeftMpdModel *weft_mpd_model_new            (WeftMpdTrace        *trace);
WeftMpdModel *weft_mpd_model_new_cancellable (WeftMpdTrace       *trace,
                                              GCancellable       *cancellable);
void          weft_mpd_model_free           (WeftMpdModel        *self);
/* "vm(2).CS.arbitrator 8062440" or "CS.arbitrator 8062440". */
char         *weft_mpd_model_dup_process_label (const WeftMpdModel *self,
                                                guint32             process);
/* Where source file @file (an id in the names pool, as in WeftMpdLocation)
 * is on this computer: the trace names it as the compiler saw it, relative
 * to the program's folder, which is where MPD_TRACE usually writes the trace;
 * so a relative name is looked for beside the trace, an absolute one where
 * it says. Returns NULL when it is not there. */
char         *weft_mpd_model_find_source    (const WeftMpdModel *self,
                                             guint32             file);
/* Events per line of source file @file: [line] for line 0 … *n_lines - 1
 * (0 is never a real line), and per event in @by_event (nullable;
 * [line × WEFT_MPD_N_EVENTS + event]). Free both with g_free. */
guint64      *weft_mpd_model_dup_file_counts (const WeftMpdModel *self,
                                              guint32             file,
                                              guint32            *n_lines,
                                              guint64           **by_event);
/* The time of @record in Lamport or line order (record index + 1). */
static inline gint64
weft_mpd_model_time (const WeftMpdModel *self,
                     gboolean            lamport,
                     guint32             record)
{
  return lamport ? self->lamport[record] : (gint64)record + 1;
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftMpdModel, weft_mpd_model_free)

G_END_DECLS

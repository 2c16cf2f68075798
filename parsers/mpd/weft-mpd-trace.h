/* weft-mpd-trace.h: the lines of an MPD runtime trace (MPD_TRACE), as read.
 *
 * One record per trace line, in file order: where in the MPD source it
 * happened, which virtual machine and process did it, the event and its
 * event-specific second field. Program output and malformed lines are not
 * records (the reader warns about them).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "weft-string-pool.h"

G_BEGIN_DECLS

/* Every event the runtime writes (rts/trace.c callers), man page order, plus
 * INITSARR, which real traces contain. */
typedef enum
{
  WEFT_MPD_CREATER,
  WEFT_MPD_CREATEG,
  WEFT_MPD_CREATEV,
  WEFT_MPD_DESTROYR,
  WEFT_MPD_DESTROYV,
  WEFT_MPD_CALL,
  WEFT_MPD_SEND,
  WEFT_MPD_FORWARD,
  WEFT_MPD_REPLY,
  WEFT_MPD_RETURN,
  WEFT_MPD_BODY,
  WEFT_MPD_ENDBODY,
  WEFT_MPD_FINAL,
  WEFT_MPD_ENDFINAL,
  WEFT_MPD_PROC,
  WEFT_MPD_ENDPROC,
  WEFT_MPD_IN,
  WEFT_MPD_ARM,
  WEFT_MPD_NI,
  WEFT_MPD_CREATES,
  WEFT_MPD_INITS,
  WEFT_MPD_INITSARR,
  WEFT_MPD_P,
  WEFT_MPD_CONTP,
  WEFT_MPD_V,
  WEFT_MPD_CO,
  WEFT_MPD_OC,
  WEFT_MPD_N_EVENTS
} WeftMpdEvent;

/* Location index 0 is "(unknown location)". */
#define WEFT_MPD_UNKNOWN_LOCATION 0

typedef struct
{
  guint64 pid;       /* the process doing the event (its descriptor address) */
  guint64 extra;     /* the event-specific second field */
  guint32 line_no;   /* 1-based line in the trace file */
  guint32 location;  /* index into WeftMpdTrace.locations */
  guint32 name;      /* "resource.proc" in WeftMpdTrace.names */
  guint16 vm;        /* N of a "vm(N)." prefix; 0 when the line has none */
  guint8  event;     /* WeftMpdEvent */
  guint8  reserved;
} WeftMpdRecord;

typedef struct
{
  guint32 file;      /* id in WeftMpdTrace.names */
  guint32 line;
} WeftMpdLocation;

typedef struct
{
  char            *source;      /* the file name, for warnings and dup_sources */
  WeftMpdRecord   *records;
  gsize            n_records;
  WeftMpdLocation *locations;   /* [0] is the unknown location */
  guint32          n_locations;
  WeftStringPool  *names;       /* proc names and source file names */
  guint64          n_skipped;   /* program output, malformed lines, unknown events */
  guint64          event_counts[WEFT_MPD_N_EVENTS];
} WeftMpdTrace;

const char   *weft_mpd_event_name     (WeftMpdEvent   event);
/* Looks up an event name (ASCII case-insensitive); -1 when unknown. */
int           weft_mpd_event_lookup   (const char    *name,
                                       gsize          len);
/* The same for a name of 1 to 8 letters given as its key: its bytes with
 * bit 5 cleared (upper case), the first byte lowest. */
int           weft_mpd_event_lookup_key (guint64      key);
void          weft_mpd_trace_free     (WeftMpdTrace  *self);
/* "file, line" or "(unknown location)"; free with g_free. */
char         *weft_mpd_trace_dup_location (const WeftMpdTrace *self,
                                           guint32             location);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftMpdTrace, weft_mpd_trace_free)

G_END_DECLS

/* weft-event-table-build.h: what the event table's builder files share:
 * the builder's records, the finishing job and its workers, and the sorts
 * and pyramid passes a worker runs on a row. Private to
 * weft-event-table-builder.c (records, finishing), weft-event-table-sort.c
 * and weft-event-table-pyramid.c (level of detail, kind counters, search
 * index).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-event-table-private.h"
#include "weft-load-context.h"
#include "weft-page-buffer.h"

G_BEGIN_DECLS

typedef struct _Worker Worker;

/* Builder records ---------------------------------------------------------- */

/* Packed: a 10^7-line MPD trace's records took 500 MB of fresh memory in
 * chunks, a quarter of it padding. */
#define BUILD_RECORD __attribute__ ((packed, aligned (2)))

typedef struct BUILD_RECORD
{
  gint64  begin;
  gint64  end;
  guint32 label;
  guint32 ref;
  guint16 kind;
} IntervalRec;

typedef struct BUILD_RECORD
{
  gint64  time;
  guint32 label;
  guint32 ref;
  guint16 kind;
} InstantRec;

/* The order of a row's instants: by time, then the other fields, so that the
 * result does not depend on the order they were added in. */
static inline gboolean
_weft_event_table_instant_less (const InstantRec *a,
                                const InstantRec *b)
{
  if (a->time != b->time)
    return a->time < b->time;
  if (a->kind != b->kind)
    return a->kind < b->kind;
  if (a->label != b->label)
    return a->label < b->label;
  return a->ref < b->ref;
}

typedef struct BUILD_RECORD
{
  gint64  from_time;
  gint64  to_time;
  guint64 size;
  guint32 to_row;
  guint32 label;
  guint32 ref;
  guint16 kind;
} LinkRec;

/* A link that ends when it starts (all of Chapel's), 32 bytes instead of
 * LinkRec's 40 while the builder holds it; expanded when its row finishes. */
typedef struct BUILD_RECORD
{
  gint64  time;
  guint64 size;
  guint32 to_row;
  guint32 label;
  guint32 ref;
  guint16 kind;
} InstantLinkRec;

typedef struct _Chunk Chunk;
struct _Chunk
{
  Chunk  *next;
  gsize   len;
  gsize   cap;
  gsize   mapped;   /* bytes mapped for it (header included), 0 for a malloc block */
  guint64 data[];   /* records; guint64 for their alignment */
};

/* A row's records of one sort. Each list has a cache line of its own: the
 * threads of a fill may each append to another list of the same row (an MPD
 * trace's instants on one, its intervals and links on the other), and lists
 * sharing a line made both wait on every append. */
typedef struct
{
  Chunk *head;
  Chunk *tail;
  gsize  n;
  /* Instants reserved in the columns (weft_event_table_builder_reserve_instants()):
   * the row's first place there and its room; the records go straight there. */
  gsize  offset;
  gsize  room;
} __attribute__ ((aligned (64))) RecList;

/* Chunks of one size mapped in ahead (weft-event-table-chunk-pool.c). */
typedef struct _ChunkPool ChunkPool;

ChunkPool *_weft_chunk_pool_new  (gsize      bytes);
Chunk     *_weft_chunk_pool_take (ChunkPool *pool);
void       _weft_chunk_pool_free (ChunkPool *pool);

typedef struct
{
  guint32 name;
  guint32 group;
  RecList intervals;
  RecList instants;
  RecList links;         /* links leaving this row */
  RecList instant_links; /* those of them that end when they start */
} RowBuild;


struct _WeftEventTableBuilder
{
  WeftTimeUnit    unit;
  gint64          origin;
  WeftStringPool *strings;
  GArray         *rows;    /* RowBuild */
  GArray         *kinds;   /* Kind */
  gboolean        finished;
  /* The largest chunks, mapped ahead once a list reaches them: the pool
   * (retval) is made by the first filler that does, freed when filling ends. */
  GOnce           pool_once;
  /* The instants' columns when they are reserved (else NULL), one block of
   * pages that _finish hands to the table. */
  guint8         *instant_block;
  gsize           instant_block_size;
  gsize           n_reserved;
  gint64         *in_time;
  guint16        *in_kind;
  guint32        *in_label;
  guint32        *in_ref;
};

/* Workers --------------------------------------------------------------------- */

typedef struct
{
  KindSum *sums;
  gsize    n_sums;
  gsize    cap;
  gsize   *start;      /* [n_buckets + 1] */
  gsize    start_cap;
} SumLists;

typedef struct
{
  WeftEventTableBuilder *builder;
  WeftEventTable        *table;
  WeftLoadContext       *context;
  WeftPageRecycler      *recycler;     /* the default: drained chunks' pages, for the columns */
  guint                 *order;        /* rows, largest first */
  gint                   next;         /* atomic: index into order */
  gint                   cancelled;    /* atomic */
  guint64                total_units;
  GMutex                 mutex;        /* guards done_units and link_kinds */
  guint64                done_units;
  guint8                *link_kinds;   /* [n_kinds]: whether a link has the kind */
} Job;

struct _Worker
{
  Job      *job;
  guint64   pending_units;
  guint     check_countdown;

  /* Per kind (sized n_kinds), kept all-zero between buckets. */
  guint64  *k_busy;
  guint32  *k_count;
  guint16  *touched;
  guint     n_touched;
  guint32  *k_active;
  guint32  *k_active_pos;
  guint16  *active;
  guint     n_active;
  guint16  *local;       /* kind -> index in the row's kinds, or NO_KIND */
  guint8   *link_kinds;  /* [n_kinds]: whether a link of this worker's rows has the kind */

  /* Growable scratch buffers, of pages from the job's recycler. */
  WeftPageBuffer recs;        /* the row's intervals, kept for the pyramid */
  WeftPageBuffer other;       /* the row's instants, then its links */
  WeftPageBuffer lane_of;     /* guint32 */
  WeftPageBuffer tree;        /* gint64 */
  WeftPageBuffer lane_count;  /* gsize */
  WeftPageBuffer tail_head;   /* guint32 */
  WeftPageBuffer tail_next;   /* guint32 */
  WeftPageBuffer pending;     /* guint16 */
  SumLists  lists[2];
};

/* Room for @n @type in buffer @field of worker @w, with pages in. */
#define RESERVE(w, field, type, n) \
  ((type *)weft_page_buffer_reserve (&(w)->field, (w)->job->recycler, (n) * sizeof (type)))

void     _weft_event_table_worker_flush_progress (Worker *w);
/* TRUE when the load was cancelled. */
gboolean _weft_event_table_worker_check          (Worker *w);

/* Counts @units of work done; every CHECK_INTERVAL units it reports progress
 * and looks for cancellation. Returns TRUE when cancelled. */
static inline gboolean
worker_advance (Worker *w,
                guint   units)
{
  w->pending_units += units;
  if (w->pending_units < CHECK_INTERVAL)
    return FALSE;

  _weft_event_table_worker_flush_progress (w);
  return _weft_event_table_worker_check (w);
}

/* Past this many moves per record, input is treated as random (an
 * insertion sort gives up). */
#define SORT_MOVES_PER_RECORD 8

/* A link that belongs further back than this among its pair's links starts
 * another sorted run (a locale's gets from a peer, then the peer's puts to
 * it): the merge sort takes such runs in a few passes, where insertion would
 * move each of their records past the whole run before it. */
#define SORT_LINK_MAX_DISTANCE 64

/* weft-event-table-sort.c: FALSE when cancelled (the bounded insertion
 * sort: FALSE when it gave up past @moves_per_record, or at a record more
 * than @max_distance places out). */
gboolean _weft_event_table_link_insertion_bounded (LinkRec *a,
                                                   gsize    n,
                                                   gsize    moves_per_record,
                                                   gsize    max_distance);
gboolean _weft_event_table_interval_sort   (IntervalRec    *a,
                                            gsize           n,
                                            WeftPageBuffer *tmp,
                                            Worker         *w);
gboolean _weft_event_table_instant_sort    (InstantRec  *a,
                                            gsize        n,
                                            Worker      *w);
gboolean _weft_event_table_link_merge_sort (LinkRec     *a,
                                            gsize        n,
                                            LinkRec     *tmp,
                                            Worker      *w);

/* weft-event-table-pyramid.c */
gboolean _weft_event_table_build_lod           (Worker            *w,
                                                Row               *row,
                                                const IntervalRec *recs,
                                                gsize              n,
                                                const gint64      *in_time,
                                                const guint16     *in_kind,
                                                gsize              m);
void     _weft_event_table_build_kind_counters (Worker            *w,
                                                WeftEventTable    *table,
                                                Row               *row);
void     _weft_event_table_build_search_index  (WeftEventTable    *table,
                                                Row               *row);

G_END_DECLS

/* weft-chplvis-trace.h: what Chapel's VisualDebug module wrote, as plain columns.
 *
 * A VisualDebug run leaves one text file per locale (NAME/NAME-0 … NAME-(n-1)).
 * The reader (weft-chplvis-reader.h) turns each file into a WeftChplvisLocale:
 * the records of that file in file order, split by kind into columns (tasks,
 * Btask/Etask schedule, communication, forks, and the Tag/Pause/End "marks" that
 * cut the run into tags). Every record keeps the number of the line it came
 * from, so that a warning or a click can point back into the trace.
 *
 * Everything the model needs to reproduce chplvis is decided per locale while the
 * file is read, because chplvis decides it per file too: which tasks and which
 * communication are VisualDebug's own overhead (VdbMark filtering), which task a
 * Btask, Etask, get, put or fork belongs to, and where each tag begins. The
 * reductions (src/model/chplvis/weft-chplvis-reduce.h) then only add up columns.
 *
 * Times are µs since the epoch, as the runtime prints them ("%lld.%06ld"); CPU
 * times are µs of rusage. Indices of columns are 32-bit (a locale file holds
 * fewer than 2³² records).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "weft-load-context.h"

G_BEGIN_DECLS

/* Limits that keep hostile input from allocating without bound. Real runs have
 * at most a few thousand locales and function/file tables of a few thousand. */
#define WEFT_CHPLVIS_MAX_LOCALES     4096
#define WEFT_CHPLVIS_MAX_TABLE_INDEX (1 << 20)

/* The latest time a record may carry, in µs (about the year 2112): times and
 * CPU times beyond it, or before the epoch, make a record malformed. */
#define WEFT_CHPLVIS_MAX_TIME (G_GINT64_CONSTANT (1) << 52)

/* A column entry that refers to no task. */
#define WEFT_CHPLVIS_NO_TASK G_MAXUINT32

/* On locale 0, task 0 is the main task, made from the header (it has no task
 * record of its own); every other locale's tasks all come from records. */
#define WEFT_CHPLVIS_MAIN_TASK 0

/* The schedule holds task indices; this bit marks an Etask (else a Btask). */
#define WEFT_CHPLVIS_SCHED_END  0x80000000u
#define WEFT_CHPLVIS_SCHED_TASK 0x7fffffffu

typedef enum
{
  WEFT_CHPLVIS_RECORD_HEADER,     /* "ChplVdebug:" */
  WEFT_CHPLVIS_RECORD_CHPL_HOME,
  WEFT_CHPLVIS_RECORD_DIR,
  WEFT_CHPLVIS_RECORD_SAVEC,
  WEFT_CHPLVIS_RECORD_TABLESIZE,
  WEFT_CHPLVIS_RECORD_FNAME,
  WEFT_CHPLVIS_RECORD_FIDNSIZE,
  WEFT_CHPLVIS_RECORD_FIDNAME,
  WEFT_CHPLVIS_RECORD_TNAME,
  WEFT_CHPLVIS_RECORD_VDBMARK,
  WEFT_CHPLVIS_RECORD_TAG,
  WEFT_CHPLVIS_RECORD_PAUSE,
  WEFT_CHPLVIS_RECORD_END,
  WEFT_CHPLVIS_RECORD_TASK,
  WEFT_CHPLVIS_RECORD_BTASK,
  WEFT_CHPLVIS_RECORD_ETASK,
  /* The six communication kinds, then the three fork kinds: keep this order,
   * the kind masks below and the columns' kind byte depend on it. */
  WEFT_CHPLVIS_RECORD_GET,
  WEFT_CHPLVIS_RECORD_NB_GET,
  WEFT_CHPLVIS_RECORD_ST_GET,
  WEFT_CHPLVIS_RECORD_PUT,
  WEFT_CHPLVIS_RECORD_NB_PUT,
  WEFT_CHPLVIS_RECORD_ST_PUT,
  WEFT_CHPLVIS_RECORD_FORK,
  WEFT_CHPLVIS_RECORD_FORK_NB,
  WEFT_CHPLVIS_RECORD_F_FORK,
  WEFT_CHPLVIS_N_RECORD_KINDS
} WeftChplvisRecordKind;

/* Masks of record kinds, for the communication queries. */
#define WEFT_CHPLVIS_KIND_BIT(kind) (1u << (kind))
#define WEFT_CHPLVIS_KINDS_GETS  (WEFT_CHPLVIS_KIND_BIT (WEFT_CHPLVIS_RECORD_GET) | \
                                  WEFT_CHPLVIS_KIND_BIT (WEFT_CHPLVIS_RECORD_NB_GET) | \
                                  WEFT_CHPLVIS_KIND_BIT (WEFT_CHPLVIS_RECORD_ST_GET))
#define WEFT_CHPLVIS_KINDS_PUTS  (WEFT_CHPLVIS_KIND_BIT (WEFT_CHPLVIS_RECORD_PUT) | \
                                  WEFT_CHPLVIS_KIND_BIT (WEFT_CHPLVIS_RECORD_NB_PUT) | \
                                  WEFT_CHPLVIS_KIND_BIT (WEFT_CHPLVIS_RECORD_ST_PUT))
#define WEFT_CHPLVIS_KINDS_FORKS (WEFT_CHPLVIS_KIND_BIT (WEFT_CHPLVIS_RECORD_FORK) | \
                                  WEFT_CHPLVIS_KIND_BIT (WEFT_CHPLVIS_RECORD_FORK_NB) | \
                                  WEFT_CHPLVIS_KIND_BIT (WEFT_CHPLVIS_RECORD_F_FORK))
#define WEFT_CHPLVIS_KINDS_COMM  (WEFT_CHPLVIS_KINDS_GETS | WEFT_CHPLVIS_KINDS_PUTS)
#define WEFT_CHPLVIS_KINDS_ALL   (WEFT_CHPLVIS_KINDS_COMM | WEFT_CHPLVIS_KINDS_FORKS)

static inline gboolean
weft_chplvis_record_kind_is_get (guint kind)
{
  return (WEFT_CHPLVIS_KINDS_GETS & WEFT_CHPLVIS_KIND_BIT (kind)) != 0;
}

/* One rusage sample: the header, a Tag, a Pause or an End. */
typedef struct
{
  gint64 time;   /* µs since the epoch (gettimeofday) */
  gint64 user;   /* µs of user CPU of the whole locale process */
  gint64 sys;    /* µs of system CPU */
} WeftChplvisSample;

typedef enum
{
  WEFT_CHPLVIS_MARK_TAG,
  WEFT_CHPLVIS_MARK_PAUSE,
  WEFT_CHPLVIS_MARK_END,
} WeftChplvisMarkKind;

/* A Tag, Pause or End record, with where it sits among the locale's other
 * records: the counts of each column when it was read. A locale's tag k is
 * everything between its k-th Tag mark and the next one (chplvis treats tags as
 * barriers by file position, not by time). */
typedef struct
{
  WeftChplvisMarkKind kind;
  int                 tag;          /* Tag: the tag it starts (0, 1, …, by position);
                                     * Pause/End: the tag it interrupts (-1 = Start) */
  int                 tag_written;  /* the tag number as written (Tag, Pause) */
  WeftChplvisSample   sample;
  guint64             tid;          /* the task that wrote it */
  guint32             line;
  guint32             n_tasks;      /* column sizes at this record */
  guint32             n_sched;
  guint32             n_comms;
  guint32             n_forks;
} WeftChplvisMark;

typedef enum
{
  WEFT_CHPLVIS_TASK_ON        = 1 << 0, /* "O": an on-task (executeOn), else "L" local */
  WEFT_CHPLVIS_TASK_OVERHEAD  = 1 << 1, /* VisualDebug's own (VdbMark filtering) */
  WEFT_CHPLVIS_TASK_ERASED    = 1 << 2, /* wrote a Tag/Pause/End: chplvis drops it from its tag */
  WEFT_CHPLVIS_TASK_NO_RECORD = 1 << 3, /* made from a Btask without a task record */
  WEFT_CHPLVIS_TASK_MAIN      = 1 << 4, /* the main task (locale 0, from the header) */
  WEFT_CHPLVIS_TASK_DUPLICATE = 1 << 5, /* its tid was already taken in the same tag */
  WEFT_CHPLVIS_TASK_HAS_BEGIN = 1 << 6,
  WEFT_CHPLVIS_TASK_HAS_END   = 1 << 7,
} WeftChplvisTaskFlags;

/* Flags that keep a task out of chplvis's task counts and concurrency. */
#define WEFT_CHPLVIS_TASK_NOT_COUNTED (WEFT_CHPLVIS_TASK_OVERHEAD | WEFT_CHPLVIS_TASK_ERASED | \
                                       WEFT_CHPLVIS_TASK_NO_RECORD | WEFT_CHPLVIS_TASK_MAIN | \
                                       WEFT_CHPLVIS_TASK_DUPLICATE)

/* Tasks of one locale in the order their task records were read. */
typedef struct
{
  guint32  n;
  guint32  capacity;
  guint64 *tid;
  guint64 *parent;       /* creating task */
  gint64  *create_time;  /* µs: the task record (the Btask for NO_RECORD tasks) */
  gint64  *begin_time;   /* µs: Btask, valid with HAS_BEGIN */
  gint64  *end_time;     /* µs: Etask, valid with HAS_END */
  gint32  *fid;          /* function id (FIDname); -1 when the record has none */
  gint32  *src_line;     /* Chapel source line that created it (0 for incoming on-tasks) */
  gint32  *src_file;     /* index in the file-name table (-5 for incoming on-tasks) */
  guint32 *line;         /* trace line of the task record (the Btask's for NO_RECORD) */
  guint32 *begin_line;   /* trace line of the Btask, 0 when none */
  guint32 *end_line;     /* trace line of the Etask, 0 when none */
  guint8  *flags;        /* WeftChplvisTaskFlags */
} WeftChplvisTasks;

typedef enum
{
  WEFT_CHPLVIS_COMM_OVERHEAD = 1 << 0, /* issued by a VisualDebug task (dropped by chplvis) */
} WeftChplvisCommFlags;

/* The values of a column that only a few records need stored, as (record,
 * value) pairs in record order; the other records have the column's usual
 * value (see each use). A 10M-line run has millions of communication
 * records, nearly all issued by a known task, with small element sizes and
 * lengths below 2^32: storing those columns at 64 bits cost 60 MB. Found by
 * bisection: not for values a loop over the records reads often. */
typedef struct
{
  guint32  n;
  guint32  capacity;
  guint32 *record;
  guint64 *value;
} WeftChplvisSparse;

/* get/put/nb_get/nb_put/st_get/st_put records of one locale, in file order.
 * The locale of the file is the issuing node ("nid"); peer is "rid". Data flows
 * peer → locale for the get kinds and locale → peer for the put kinds. */
typedef struct
{
  guint32  n;
  guint32  capacity;
  gint64  *time;
  guint32 *length;       /* elements (bytes for non-strided records, whose elem_size is 1);
                          * G_MAXUINT32: in wide_length */
  guint16 *elem_size;    /* G_MAXUINT16: in wide_elem_size */
  gint32  *comm_id;      /* -1 when the record has none (format 1.2) */
  gint32  *src_line;
  gint32  *src_file;
  guint32 *line;
  guint32 *task;         /* issuing task in this locale's tasks, or WEFT_CHPLVIS_NO_TASK */
  guint16 *peer;
  guint8  *kind;         /* WeftChplvisRecordKind */
  guint8  *flags;        /* WeftChplvisCommFlags */
  /* Use the accessors below for these. */
  WeftChplvisSparse other_tid;   /* of records with no task (or another tid): the others' is their task's */
  WeftChplvisSparse wide_elem_size; /* element sizes from G_MAXUINT16 on */
  WeftChplvisSparse wide_length;    /* lengths from G_MAXUINT32 on */
} WeftChplvisComms;

/* fork/fork_nb/f_fork records of one locale, in file order: an on-statement
 * sent from this locale to peer, with argument bytes arg_size. */
typedef struct
{
  guint32  n;
  guint32  capacity;
  gint64  *time;
  guint32 *arg_size;     /* G_MAXUINT32: in wide_arg_size */
  gint32  *fid;          /* function run on the peer */
  gint32  *subloc;
  gint32  *src_line;     /* 0 when the record has none (before format 1.4) */
  gint32  *src_file;
  guint32 *line;
  guint32 *task;
  guint16 *peer;
  guint8  *kind;
  guint8  *flags;        /* WeftChplvisCommFlags */
  /* Use the accessors below for these. */
  WeftChplvisSparse other_tid;     /* as in WeftChplvisComms */
  WeftChplvisSparse wide_arg_size; /* arg_size from G_MAXUINT32 on */
} WeftChplvisForks;

void     weft_chplvis_sparse_append (WeftChplvisSparse       *sparse,
                                     guint32                  record,
                                     guint64                  value);
gboolean weft_chplvis_sparse_lookup (const WeftChplvisSparse *sparse,
                                     guint32                  record,
                                     guint64                 *value);
void     weft_chplvis_sparse_trim   (WeftChplvisSparse       *sparse);

static inline guint64
weft_chplvis_sparse_get (const WeftChplvisSparse *sparse,
                         guint32                  record,
                         guint64                  usual)
{
  guint64 value;

  return sparse->n > 0 && weft_chplvis_sparse_lookup (sparse, record, &value) ? value : usual;
}

/* A value of a narrow column: @stored, or, when it is the column's largest
 * (@top), the one kept aside in @wide. */
static inline guint64
weft_chplvis_sparse_widen (const WeftChplvisSparse *wide,
                           guint32                  record,
                           guint64                  stored,
                           guint64                  top)
{
  return stored == top ? weft_chplvis_sparse_get (wide, record, stored) : stored;
}

static inline guint64
weft_chplvis_comms_get_elem_size (const WeftChplvisComms *comms,
                                  guint32                 index)
{
  return weft_chplvis_sparse_widen (&comms->wide_elem_size, index, comms->elem_size[index], G_MAXUINT16);
}

static inline guint64
weft_chplvis_comms_get_length (const WeftChplvisComms *comms,
                               guint32                 index)
{
  return weft_chplvis_sparse_widen (&comms->wide_length, index, comms->length[index], G_MAXUINT32);
}

/* elem_size × length: the bytes a record moves (saturated at G_MAXUINT64). */
static inline guint64
weft_chplvis_comms_get_bytes (const WeftChplvisComms *comms,
                              guint32                 index)
{
  guint64 bytes;

  if (!g_uint64_checked_mul (&bytes, weft_chplvis_comms_get_elem_size (comms, index),
                             weft_chplvis_comms_get_length (comms, index)))
    return G_MAXUINT64;

  return bytes;
}

static inline guint64
weft_chplvis_forks_get_arg_size (const WeftChplvisForks *forks,
                                 guint32                 index)
{
  return weft_chplvis_sparse_widen (&forks->wide_arg_size, index, forks->arg_size[index], G_MAXUINT32);
}

typedef struct
{
  char *name;     /* NULL for an index no FIDname record filled */
  int   line;     /* where the function is defined */
  int   file;     /* index in the file-name table */
} WeftChplvisFunction;

/* The tables locale 0 writes after its header. */
typedef struct
{
  char      *chpl_home;      /* NULL when absent */
  char      *dir;
  char      *savec;          /* often "" */
  gint64     table_size;     /* Tablesize, -1 when absent */
  gint64     fid_table_size; /* FIDNsize, -1 when absent */
  GPtrArray *files;          /* file index → char* (NULL holes) */
  GArray    *functions;      /* fid → WeftChplvisFunction */
  GPtrArray *tag_names;      /* tag number → char* from tname (NULL holes) */
} WeftChplvisTables;

/* Where one segment (Start, or a tag) of one locale lies in its columns:
 * [x_begin, x_end) of each. Segment 0 is Start, segment k + 1 is tag k. */
typedef struct
{
  gboolean present;       /* FALSE when the locale never reached this tag */
  guint32  task_begin, task_end;
  guint32  sched_begin, sched_end;
  guint32  comm_begin, comm_end;
  guint32  fork_begin, fork_end;
  const WeftChplvisMark *tag_mark; /* the Tag that opened it (NULL for Start) */
} WeftChplvisSegment;

/* One locale file. */
typedef struct
{
  char              *path;
  int                nid;
  int                n_nodes;        /* as its header says */
  int                version_major;
  int                version_minor;
  guint64            tid;            /* header tid: main on locale 0 */
  double             seq;            /* run id, equal in all files of a run */
  WeftChplvisSample  start;          /* header time and rusage */
  gboolean           complete;       /* the file ends with an End record */
  gint64             last_time;      /* latest timestamp in the file, µs */
  guint64            n_lines;
  guint64            n_skipped;      /* malformed or unknown lines */
  guint64            records[WEFT_CHPLVIS_N_RECORD_KINDS]; /* lines read per kind */
  guint              n_tags;         /* Tag records */

  WeftChplvisMark   *marks;
  guint32            n_marks;
  guint32            marks_capacity;
  WeftChplvisTasks   tasks;
  guint32           *sched;          /* Btask/Etask in file order (task | SCHED_END) */
  guint32            n_sched;
  guint32            sched_capacity;
  WeftChplvisComms   comms;
  WeftChplvisForks   forks;

  WeftChplvisTables  tables;         /* what this file holds (normally only locale 0) */
} WeftChplvisLocale;

/* The tid in a communication or fork record: its task's (the parser finds
 * the task by that tid), else kept aside (always for records without a task). */
static inline guint64
_weft_chplvis_record_tid (const WeftChplvisLocale *locale,
                          const WeftChplvisSparse *other_tid,
                          const guint32           *task,
                          guint32                  index)
{
  guint64 tid;

  if (other_tid->n > 0 && weft_chplvis_sparse_lookup (other_tid, index, &tid))
    return tid;

  return locale->tasks.tid[task[index]];
}

static inline guint64
weft_chplvis_comms_get_tid (const WeftChplvisLocale *locale,
                            guint32                  index)
{
  return _weft_chplvis_record_tid (locale, &locale->comms.other_tid, locale->comms.task, index);
}

static inline guint64
weft_chplvis_forks_get_tid (const WeftChplvisLocale *locale,
                            guint32                  index)
{
  return _weft_chplvis_record_tid (locale, &locale->forks.other_tid, locale->forks.task, index);
}

/* A whole run. */
typedef struct
{
  guint               n_locales;
  WeftChplvisLocale **locales;       /* [n_locales]; NULL where the file is missing */
  WeftChplvisTables   tables;        /* locale 0's, holes filled from other files */
  guint               n_tags;        /* the most Tag records any locale has */
  char               *version;       /* "1.4" */
  int                 version_major;
  int                 version_minor;
  gint64              origin;        /* earliest header time, µs since the epoch */
  gint64              end;           /* latest time in any file, µs */
  guint64             main_tid;      /* locale 0's header tid */
  gboolean            complete;      /* every locale present and ended with End */
  GPtrArray          *sources;       /* paths read, by locale */
} WeftChplvisTrace;

const char        *weft_chplvis_record_kind_name       (WeftChplvisRecordKind     kind);
int                weft_chplvis_record_kind_from_name  (const char               *name);

WeftChplvisLocale *weft_chplvis_locale_new             (void);
void               weft_chplvis_locale_free            (WeftChplvisLocale        *locale);
guint              weft_chplvis_locale_task_segment    (const WeftChplvisLocale  *locale,
                                                        guint32                   task);
WeftChplvisSegment *weft_chplvis_locale_dup_segments  (const WeftChplvisLocale  *locale,
                                                        guint                     n_segments);
void               weft_chplvis_locale_get_segment     (const WeftChplvisLocale  *locale,
                                                        guint                     segment,
                                                        WeftChplvisSegment       *out);
gint64             weft_chplvis_locale_get_end_time    (const WeftChplvisLocale  *locale);

WeftChplvisTrace  *weft_chplvis_trace_new              (WeftChplvisLocale       **locales,
                                                        guint                     n_locales,
                                                        WeftLoadContext          *context,
                                                        GError                  **error);
void               weft_chplvis_trace_free             (WeftChplvisTrace         *trace);
gsize              weft_chplvis_trace_get_memory       (const WeftChplvisTrace   *trace);
const char        *weft_chplvis_trace_get_file_name    (const WeftChplvisTrace   *trace,
                                                        int                       file);
const WeftChplvisFunction *
                   weft_chplvis_trace_get_function     (const WeftChplvisTrace   *trace,
                                                        int                       fid);
guint              weft_chplvis_trace_get_n_functions  (const WeftChplvisTrace   *trace);
const char        *weft_chplvis_trace_get_tag_name     (const WeftChplvisTrace   *trace,
                                                        guint                     tag);
char              *weft_chplvis_trace_dup_source_path  (const WeftChplvisTrace   *trace,
                                                        int                       file,
                                                        const char               *chpl_home,
                                                        const char               *dir);
guint64            weft_chplvis_trace_count_records    (const WeftChplvisTrace   *trace,
                                                        WeftChplvisRecordKind     kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftChplvisLocale, weft_chplvis_locale_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftChplvisTrace, weft_chplvis_trace_free)

G_END_DECLS

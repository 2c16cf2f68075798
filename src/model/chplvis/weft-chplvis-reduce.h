/* weft-chplvis-reduce.h: chplvis's figures, and more, from a VisualDebug run.
 *
 * Everything a Chapel page shows is computed here from the columns of a
 * WeftChplvisTrace, for a WeftChplvisQuery: a tag (All, Start, one tag, or every
 * tag of one name), an optional time range, a set of communication kinds, and
 * whether to reproduce chplvis exactly.
 *
 * The figures follow chplvis (tools/chplvis/DataModel.cxx) so that the numbers
 * agree with it on the same files:
 *  - tags are barriers by file position: a locale's tag k is what its file holds
 *    between its k-th Tag record and the next;
 *  - VisualDebug's own tasks and communication (VdbMark filtering) are left out;
 *  - CPU and clock come from the rusage samples of Start/Tag/Pause/End, per
 *    locale and tag, the way chplvis arms and closes them;
 *  - communication counts and bytes go by data flow (a get counts peer → issuer,
 *    a put or fork issuer → peer), bytes = elemsize × length, or argSize for forks;
 *  - concurrency is the most tasks between Btask and Etask at once, walking each
 *    locale's file in order; main counts as one running task on locale 0.
 * Where chplvis is wrong, Weft's figures are fixed and chplvis_compat = TRUE
 * gives chplvis's own number (see WeftChplvisQuery).
 *
 * A time range is in event-table units (ns from the trace's origin, see
 * weft_chplvis_time_to_ns()) and half-open: a record counts when its time lies in
 * [begin, end); a task counts where it was created; concurrency is the most
 * tasks running at once at the records that lie in the range (and when it
 * begins); CPU and clock are the parts of each sampled interval that overlap the
 * range, CPU spread evenly over its interval (an estimate: rusage is only
 * sampled at tags).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-chplvis-trace.h"
#include "weft-time-span.h"

G_BEGIN_DECLS

#define WEFT_CHPLVIS_TAG_ALL   (-2)
#define WEFT_CHPLVIS_TAG_START (-1)

/* Profile rows that are no function of the table. */
#define WEFT_CHPLVIS_FID_MAIN    (-1)
#define WEFT_CHPLVIS_FID_UNKNOWN (-2)

typedef struct
{
  int          tag;             /* WEFT_CHPLVIS_TAG_ALL, WEFT_CHPLVIS_TAG_START, or a tag number */
  gboolean     merge;           /* with a tag number: every tag of that name (chplvis's Merge Tags) */
  gboolean     has_range;
  WeftTimeSpan range;           /* [begin, end) in ns from the trace's origin */
  guint        kinds;           /* WEFT_CHPLVIS_KINDS_* counted as communication; 0 = all */
  gboolean     include_overhead; /* count VisualDebug's own communication too */
  /* chplvis's own numbers, mistakes included: main's communication charged to
   * function 0, a task that begins in the tag after it was created left out of
   * concurrency, per-task sizes without elemsize, merged tags that count main and
   * add up max task clocks, a run that pauses and then stops gaining the End's
   * time since the epoch as clock, tag names merged without their leading
   * blanks. Weft's figures fix these (README: Differences from chplvis). */
  gboolean     chplvis_compat;
} WeftChplvisQuery;

/* A tag as the Tags menu offers it. */
typedef struct
{
  int      tag;      /* WEFT_CHPLVIS_TAG_ALL, WEFT_CHPLVIS_TAG_START, or a tag number */
  gboolean merged;   /* stands for every tag named @name */
  guint    n_tags;   /* how many tags it stands for (1 unless merged) */
  char    *name;     /* "All", "Start", the tname (or "tag N" when it has none) */
  char    *label;    /* the name, or "tag N (name)" when names repeat, as chplvis shows it */
} WeftChplvisTagChoice;

typedef struct
{
  guint64 tasks;
  double  cpu_user;        /* s */
  double  cpu_sys;         /* s */
  double  clock;           /* s of wall time with logging on */
  guint   max_concurrency;
  double  max_task_clock;  /* s: the longest task ending in the selection */
  guint64 comm_out_count;  /* data flowing out of the locale (its row of the matrix) */
  guint64 comm_out_bytes;
  guint64 comm_in_count;   /* data flowing in (its column) */
  guint64 comm_in_bytes;
} WeftChplvisLocaleStats;

typedef struct
{
  guint    n_locales;
  guint64 *count;          /* [from * n_locales + to] */
  guint64 *bytes;
} WeftChplvisCommMatrix;

/* The three groups of kinds chplvis's Comm box names: gets, puts, on calls. */
typedef enum
{
  WEFT_CHPLVIS_GROUP_GETS,
  WEFT_CHPLVIS_GROUP_PUTS,
  WEFT_CHPLVIS_GROUP_FORKS,
  WEFT_CHPLVIS_N_GROUPS
} WeftChplvisKindGroup;

/* One pair of locales, per kind (indexed by WeftChplvisRecordKind; only the
 * communication and fork kinds are used): chplvis's Comm box. */
typedef struct
{
  guint64 count[WEFT_CHPLVIS_N_RECORD_KINDS];
  guint64 bytes[WEFT_CHPLVIS_N_RECORD_KINDS];
  guint64 total_count;
  guint64 total_bytes;
} WeftChplvisPairStats;

/* One get, put or fork, with what a list or tooltip shows. */
typedef struct
{
  guint                 locale;    /* whose file holds it: the issuing locale */
  guint32               index;     /* in that locale's comms or forks */
  WeftChplvisRecordKind kind;
  gint64                time;      /* ns from the trace's origin */
  guint                 from;      /* data flow */
  guint                 to;
  guint                 peer;      /* the other locale */
  guint64               bytes;     /* elemsize × length, or argSize */
  guint64               elem_size; /* 1 for forks */
  guint64               length;    /* argSize for forks */
  guint64               tid;       /* issuing task id */
  guint32               task;      /* its index in the issuing locale's tasks, or WEFT_CHPLVIS_NO_TASK */
  int                   fid;       /* forks: the function run on the peer; else -1 */
  int                   src_line;
  int                   src_file;
  int                   comm_id;   /* -1 when none */
  guint32               line;      /* in the trace file */
  gboolean              overhead;  /* VisualDebug's own */
} WeftChplvisCommRecord;

/* Per-task communication, for chplvis's "*" marks and task tooltips. */
typedef struct
{
  guint32 gets;
  guint32 puts;
  guint32 forks;
  guint64 bytes;            /* elemsize × length (compat: length only, as chplvis) */
} WeftChplvisTaskComm;

typedef struct
{
  guint                locale;
  guint32              index;
  guint64              tid;
  guint64              parent;
  guint8               flags;       /* WeftChplvisTaskFlags */
  int                  fid;
  const char          *function;    /* nullable */
  int                  src_line;
  const char          *src_file;    /* nullable: the fname entry */
  gint64               create;      /* ns from the origin */
  gint64               begin;       /* valid with WEFT_CHPLVIS_TASK_HAS_BEGIN */
  gint64               end;         /* valid with WEFT_CHPLVIS_TASK_HAS_END */
  int                  tag;         /* the tag it was created in (WEFT_CHPLVIS_TAG_START or a number) */
  guint32              line;        /* of its task record in the trace file */
  guint32              begin_line;
  guint32              end_line;
} WeftChplvisTaskInfo;

/* The number of tasks running on a locale from @time on. */
typedef struct
{
  gint64 time;            /* ns from the origin */
  guint  running;
} WeftChplvisConcurrencyStep;

typedef struct
{
  int         fid;        /* function id, WEFT_CHPLVIS_FID_MAIN or WEFT_CHPLVIS_FID_UNKNOWN */
  const char *name;       /* nullable: the FIDname name, "main", "unknown" */
  const char *file;       /* nullable: the fname entry of its definition */
  int         line;
  double      clock;      /* s: Σ (Etask − Btask) of its tasks */
  guint64     tasks;
  guint64     gets;       /* issued by its tasks */
  guint64     puts;
  guint64     on_calls;   /* forks that run it */
} WeftChplvisProfileRow;

void                   weft_chplvis_query_init           (WeftChplvisQuery         *query);

/**
 * weft_chplvis_time_to_ns:
 * @time_us: a time as the trace has it (µs since the epoch)
 *
 * Inline: the timeline's fill converts every record's time.
 *
 * Returns: the same time in event-table units: ns from the trace's origin.
 */
static inline gint64
weft_chplvis_time_to_ns (const WeftChplvisTrace *trace,
                         gint64                  time_us)
{
  return (time_us - trace->origin) * 1000;
}

/* Tags */
gboolean               weft_chplvis_has_repeated_tag_names (const WeftChplvisTrace *trace);
char                  *weft_chplvis_dup_tag_name         (const WeftChplvisTrace   *trace,
                                                          int                       tag);
GArray                *weft_chplvis_list_tags            (const WeftChplvisTrace   *trace,
                                                          gboolean                  merged);
gboolean               weft_chplvis_query_set_tag        (const WeftChplvisTrace   *trace,
                                                          WeftChplvisQuery         *query,
                                                          const char               *text,
                                                          GError                  **error);

/* Figures */
WeftChplvisCommMatrix *weft_chplvis_compute_comm_matrix  (const WeftChplvisTrace   *trace,
                                                          const WeftChplvisQuery   *query);
WeftChplvisCommMatrix *weft_chplvis_compute_comm_matrices (const WeftChplvisTrace *trace,
                                                          const WeftChplvisQuery   *query,
                                                          WeftChplvisCommMatrix   **own);
WeftChplvisCommMatrix *weft_chplvis_compute_comm_matrix_split (const WeftChplvisTrace *trace,
                                                          const WeftChplvisQuery   *query,
                                                          WeftChplvisCommMatrix   **groups);
void                   weft_chplvis_comm_matrix_free     (WeftChplvisCommMatrix    *matrix);
void                   weft_chplvis_compute_pair_stats   (const WeftChplvisTrace   *trace,
                                                          const WeftChplvisQuery   *query,
                                                          guint                     from,
                                                          guint                     to,
                                                          WeftChplvisPairStats     *stats);
WeftChplvisLocaleStats *weft_chplvis_compute_locale_stats (const WeftChplvisTrace  *trace,
                                                          const WeftChplvisQuery   *query);
WeftChplvisLocaleStats *weft_chplvis_compute_locale_stats_with_comm (const WeftChplvisTrace      *trace,
                                                                    const WeftChplvisQuery      *query,
                                                                    const WeftChplvisCommMatrix *comm);
GArray                *weft_chplvis_compute_profile      (const WeftChplvisTrace   *trace,
                                                          const WeftChplvisQuery   *query);
GArray                *weft_chplvis_compute_concurrency_steps (const WeftChplvisTrace *trace,
                                                          guint                     locale,
                                                          gboolean                  chplvis_compat);

/* Records and tasks */
void                   weft_chplvis_get_comm_record      (const WeftChplvisTrace   *trace,
                                                          guint                     locale,
                                                          gboolean                  fork,
                                                          guint32                   index,
                                                          WeftChplvisCommRecord    *record);
GArray                *weft_chplvis_list_pair_comms      (const WeftChplvisTrace   *trace,
                                                          const WeftChplvisQuery   *query,
                                                          guint                     from,
                                                          guint                     to);
GArray                *weft_chplvis_list_task_comms      (const WeftChplvisTrace   *trace,
                                                          guint                     locale,
                                                          guint32                   task);
WeftChplvisTaskComm   *weft_chplvis_compute_task_comm    (const WeftChplvisTrace   *trace,
                                                          guint                     locale,
                                                          gboolean                  chplvis_compat);
gboolean               weft_chplvis_get_task_info        (const WeftChplvisTrace   *trace,
                                                          guint                     locale,
                                                          guint32                   task,
                                                          WeftChplvisTaskInfo      *info);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftChplvisCommMatrix, weft_chplvis_comm_matrix_free)

G_END_DECLS

/* weft-chplvis-parser.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "weft-chplvis-parser.h"
#include "weft-error.h"
#include "weft-id-map.h"
#include "weft-input-window.h"
#include "weft-memory.h"
#include "weft-text-scan.h"

/* A column may hold this many entries: the schedule keeps a task index in 31 bits. */
#define MAX_COLUMN     0x7ffffff0u
#define PROGRESS_CHUNK (1u << 20)
/* Characters of a line a warning quotes. */
#define MAX_SHOWN      60

/* The parser ----------------------------------------------------------------- */

typedef struct
{
  WeftChplvisLocale *locale;
  WeftLoadContext   *context;
  const char        *path;
  guint64            line;
  const char        *line_text;      /* the line being read, for messages */
  const char        *line_text_end;
  gboolean           last_line_cut;  /* the file ends without a newline */
  guint64            n_lines_total;

  WeftIdMap          task_of_tid;    /* tid → latest task with it */
  WeftIdMap          vdb_tids;       /* chplvis's vdbTids: VisualDebug's own tasks */
  guint64            nid0_vdb_task;  /* chplvis's nid0vdbtask (0 = none, as chplvis has it) */

  /* The last get, put or fork's task: a task's records come in runs, so
   * most records skip both map lookups. Reset when a map changes. */
  gboolean           owner_valid;
  guint64            owner_tid;
  guint32            owner_task;
  guint8             owner_flags;

  guint32            segment_first_task;
  gboolean           segment_armed;  /* the current tag still accumulates CPU (chplvis's refTime != 0) */
  int                current_tag;    /* -1 = Start */
  gboolean           old_comm_layout;
  /* Lines ending before this take the fast path: eight bytes are readable at
   * any place in them (the file goes on). With WEFT_CHPLVIS_PARSE_FULL_SCAN
   * it is the file's start, so that no line does. */
  const char        *fast_end;

  /* How far the tasks', comms' and forks' columns are mapped in: appends up
   * to there cost no call (columns_map_in()). */
  guint32            tasks_mapped;
  guint32            comms_mapped;
  guint32            forks_mapped;

  gboolean           warned_after_end;
  gboolean           warned_tag_order;
  gboolean           warned_full;
} Parser;

static const char *const expected_format[WEFT_CHPLVIS_N_RECORD_KINDS] = {
  [WEFT_CHPLVIS_RECORD_HEADER] = "ChplVdebug: ver X.Y nodes N nid I tid T seq S TIME USER SYS",
  [WEFT_CHPLVIS_RECORD_CHPL_HOME] = "CHPL_HOME: PATH",
  [WEFT_CHPLVIS_RECORD_DIR] = "DIR: PATH",
  [WEFT_CHPLVIS_RECORD_SAVEC] = "SAVEC: PATH",
  [WEFT_CHPLVIS_RECORD_TABLESIZE] = "Tablesize: N",
  [WEFT_CHPLVIS_RECORD_FNAME] = "fname: INDEX NAME",
  [WEFT_CHPLVIS_RECORD_FIDNSIZE] = "FIDNsize: N",
  [WEFT_CHPLVIS_RECORD_FIDNAME] = "FIDname: FID LINE FILE NAME",
  [WEFT_CHPLVIS_RECORD_TNAME] = "tname: TAG NAME",
  [WEFT_CHPLVIS_RECORD_VDBMARK] = "VdbMark: TIME NID TID",
  [WEFT_CHPLVIS_RECORD_TAG] = "Tag: TIME USER SYS NID TID TAG",
  [WEFT_CHPLVIS_RECORD_PAUSE] = "Pause: TIME USER SYS NID TID TAG",
  [WEFT_CHPLVIS_RECORD_END] = "End: TIME USER SYS NID TID",
  [WEFT_CHPLVIS_RECORD_TASK] = "task: TIME NID TID PARENT O|L LINE FILE FID",
  [WEFT_CHPLVIS_RECORD_BTASK] = "Btask: TIME NID TID",
  [WEFT_CHPLVIS_RECORD_ETASK] = "Etask: TIME NID TID",
  [WEFT_CHPLVIS_RECORD_GET] = "get: TIME NID RID TID ADDR RADDR ELEMSIZE LENGTH COMMID LINE FILE",
  [WEFT_CHPLVIS_RECORD_NB_GET] = "nb_get: TIME NID RID TID ADDR RADDR ELEMSIZE LENGTH COMMID LINE FILE",
  [WEFT_CHPLVIS_RECORD_ST_GET] = "st_get: TIME NID RID TID ADDR RADDR ELEMSIZE LENGTH COMMID LINE FILE",
  [WEFT_CHPLVIS_RECORD_PUT] = "put: TIME NID RID TID ADDR RADDR ELEMSIZE LENGTH COMMID LINE FILE",
  [WEFT_CHPLVIS_RECORD_NB_PUT] = "nb_put: TIME NID RID TID ADDR RADDR ELEMSIZE LENGTH COMMID LINE FILE",
  [WEFT_CHPLVIS_RECORD_ST_PUT] = "st_put: TIME NID RID TID ADDR RADDR ELEMSIZE LENGTH COMMID LINE FILE",
  [WEFT_CHPLVIS_RECORD_FORK] = "fork: TIME NID RID SUBLOC FID ARG ARGSIZE TID LINE FILE",
  [WEFT_CHPLVIS_RECORD_FORK_NB] = "fork_nb: TIME NID RID SUBLOC FID ARG ARGSIZE TID LINE FILE",
  [WEFT_CHPLVIS_RECORD_F_FORK] = "f_fork: TIME NID RID SUBLOC FID ARG ARGSIZE TID LINE FILE",
};

static void
skip_malformed (Parser *p,
                int     kind)
{
  g_autofree char *found = NULL;

  p->locale->n_skipped++;

  if (p->last_line_cut && p->line == p->n_lines_total)
    {
      weft_load_context_warn (p->context, p->path, p->line,
                              _("the file ends in the middle of a %s record (it was cut short); line skipped"),
                              weft_chplvis_record_kind_name (kind));
      return;
    }

  if (weft_load_context_skip_warning (p->context))
    return;
  found = weft_text_excerpt (p->line_text, p->line_text_end, MAX_SHOWN);
  weft_load_context_warn (p->context, p->path, p->line,
                          _("malformed %s record: expected “%s”, found “%s”; line skipped"),
                          weft_chplvis_record_kind_name (kind), expected_format[kind], found);
}

static gboolean
check_nid (Parser *p,
           int     kind,
           int     nid)
{
  if (nid == p->locale->nid)
    return TRUE;

  p->locale->n_skipped++;
  weft_load_context_warn (p->context, p->path, p->line,
                          _("this %s record is for locale %d, but the file is locale %d's; line skipped"),
                          weft_chplvis_record_kind_name (kind), nid, p->locale->nid);
  return FALSE;
}

static gboolean
check_peer (Parser *p,
            int     kind,
            int     rid)
{
  if (rid >= 0 && rid < p->locale->n_nodes)
    return TRUE;

  p->locale->n_skipped++;
  weft_load_context_warn (p->context, p->path, p->line,
                          _("this %s record names locale %d, but the run has %d locales; line skipped"),
                          weft_chplvis_record_kind_name (kind), rid, p->locale->n_nodes);
  return FALSE;
}

static inline void
note_time (Parser *p,
           gint64  time)
{
  if (time > p->locale->last_time)
    p->locale->last_time = time;
}

/* A time as the runtime prints it ("%lld.%06ld"), in µs. Times before the
 * epoch or after 2112 are no gettimeofday() or rusage value: rejecting them
 * keeps every difference, and every time in ns, within 64 bits. */
static inline gboolean
scan_time (const char **pos,
           const char  *end,
           gint64      *time)
{
  return weft_scan_sec_usec (pos, end, time) && *time >= 0 && *time <= WEFT_CHPLVIS_MAX_TIME;
}

/* The fast path of the comm, fork and task records, most of a run's lines.
 * A line exactly as VisualDebug's fprintf writes it (one space between
 * fields, no plus signs, addresses with "0x", times with six decimals) is
 * read by the fast_* scanners below, which give up (FALSE) at anything else;
 * such a line is then read again by the weft_scan_* scanners, which take
 * every variant and find what is wrong. What the fast path takes, it reads to
 * the same values (test: /chplvis/parser/fast-path). It does less per field:
 * no blanks to skip, no plus sign to look for, no overflow to check before
 * 18 digits (a comm-heavy run's get and put lines: 766 -> 555 M
 * instructions). Times and addresses, the long fields, are read eight bytes
 * at a time (weft_scan_word_decimal, weft_scan_word_hex): the whole parse of
 * the comm-heavy run 780 -> 703 M instructions. Lines that end less than
 * eight bytes before the end of the file take the full scanners; so the byte
 * at the end of a line the fast path reads is its newline (or the \r before
 * it), which no scanner takes for part of a field, and the loops over digits
 * need not compare with the end at every byte (703 -> 685 M). */

/* One separating space, or the end of the line. */
static inline gboolean
fast_separator (const char **pos,
                const char  *end)
{
  if (*pos == end)
    return TRUE;
  if (**pos != ' ')
    return FALSE;
  (*pos)++;
  return TRUE;
}

/* 1 to 18 digits (no overflow) and the separator. Most of these fields are
 * a few digits long, where a loop turn per digit costs less than a word. */
static inline gboolean
fast_digits (const char **pos,
             const char  *end,
             guint64     *value)
{
  const char *p = *pos;
  guint64 v = 0;
  guint d;

  while ((d = (guint)(guchar)*p - '0') <= 9)
    {
      v = v * 10 + d;
      p++;
    }
  if (p == *pos || p - *pos > 18 || !fast_separator (&p, end))
    return FALSE;
  *pos = p;
  *value = v;
  return TRUE;
}

/* weft_scan_i64(), without a plus sign. */
static inline gboolean
fast_i64 (const char **pos,
          const char  *end,
          gint64      *value)
{
  const char *p = *pos;
  gboolean negative = *p == '-';
  guint64 v;

  p += negative;
  if (!fast_digits (&p, end, &v))
    return FALSE;
  *value = negative ? -(gint64)v : (gint64)v;
  *pos = p;
  return TRUE;
}

static inline gboolean
fast_int (const char **pos,
          const char  *end,
          int         *value)
{
  gint64 v;

  if (!fast_i64 (pos, end, &v) || v < G_MININT || v > G_MAXINT)
    return FALSE;
  *value = (int)v;
  return TRUE;
}

/* weft_scan_id64(): "-1" wraps as C converts it to unsigned. */
static inline gboolean
fast_id64 (const char **pos,
           const char  *end,
           guint64     *value)
{
  gint64 v;

  if (!fast_i64 (pos, end, &v))
    return FALSE;
  *value = (guint64)v;
  return TRUE;
}

/* weft_scan_hex_skip(), "0x" and 1 to 16 digits, eight at a time. */
static inline gboolean
fast_hex_skip (const char **pos,
               const char  *end)
{
  const char *p = *pos;
  const char *digits;
  guint n;

  if (end - p < 3 || p[0] != '0' || p[1] != 'x')
    return FALSE;
  digits = p += 2;
  do
    p += n = weft_scan_word_hex (p, NULL);
  while (n == 8 && p - digits <= 16);
  if (p == digits || p - digits > 16 || p > end || !fast_separator (&p, end))
    return FALSE;
  *pos = p;
  return TRUE;
}

/* weft_scan_char() of a task's O or L. */
static inline gboolean
fast_on (const char **pos,
         const char  *end,
         char        *on)
{
  const char *p = *pos;

  if (*p != 'O' && *p != 'L')
    return FALSE;
  *on = *p++;
  if (!fast_separator (&p, end))
    return FALSE;
  *pos = p;
  return TRUE;
}

/* scan_time(), "SECONDS.UUUUUU" exactly: up to 12 digits, a dot, six. */
static inline gboolean
fast_time (const char **pos,
           const char  *end,
           gint64      *time)
{
  const char *p = *pos;
  guint64 sec = 0, usec, word;
  guint n;

  do
    {
      n = weft_scan_word_decimal (p, &word);
      sec = sec * _weft_scan_pow10[n] + word;
      p += n;
    }
  while (n == 8 && p - *pos <= 12);
  if (p == *pos || p - *pos > 12 || p >= end || *p != '.')
    return FALSE;
  p++;
  if (weft_scan_word_decimal (p, &usec) != 6)
    return FALSE;
  p += 6;
  if (p > end || !fast_separator (&p, end))
    return FALSE;
  *time = (gint64)(sec * 1000000 + usec);
  if (*time > WEFT_CHPLVIS_MAX_TIME)
    return FALSE;
  *pos = p;
  return TRUE;
}

/* scan_time() of a field after blanks, by fast_time() when the line is one
 * the fast path may read and the field is as the runtime prints it: the
 * times of Tag, Pause, End and VdbMark records, three on each of the first
 * three (a tag-heavy run has 25,000 of them). */
static inline gboolean
any_time (const Parser  *p,
          const char   **pos,
          const char    *end,
          gint64        *time)
{
  const char *q = *pos;

  if (end <= p->fast_end && q < end && *q == ' ' && (q++, fast_time (&q, end, time)))
    {
      *pos = q;
      return TRUE;
    }
  return scan_time (pos, end, time);
}

static gboolean
next_capacity (guint32  capacity,
               guint32 *new_capacity)
{
  if (capacity >= MAX_COLUMN)
    return FALSE;

  *new_capacity = capacity == 0 ? 256 : (capacity > MAX_COLUMN / 2 ? MAX_COLUMN : capacity * 2);
  return TRUE;
}

static void
warn_full (Parser *p)
{
  p->locale->n_skipped++;
  if (!p->warned_full)
    {
      p->warned_full = TRUE;
      weft_load_context_warn (p->context, p->path, p->line,
                              _("too many records of one kind in one file; the rest are skipped"));
    }
}

#define RESIZE(column, capacity) ((column) = g_realloc_n ((column), (capacity), sizeof *(column)))

/* Columns (COLUMNS_MAP_IN) are mapped in ahead of their appends, a window at a time, in one
 * call per column rather than a page fault per 4 KiB (weft_memory_populate:
 * a tenth less CPU on a comm-heavy run). A window is an eighth of the
 * capacity: mapping in all the room a doubling makes mapped in a quarter
 * more than was filled, on average, only for finish() to give it back. No
 * huge pages: advising a column would make its next realloc() copy it
 * (weft_memory_advise_huge). */

/* What is done to every column of a group (tasks, comms, forks) at once. */
typedef enum
{
  COLUMNS_RESIZE,   /* to @a records */
  COLUMNS_MAP_IN,   /* records [@a, @b) */
} ColumnsOp;

/* A group's columns, each named once (COLUMN), for either operation. */
typedef void (*ColumnsFunc) (gpointer  columns,
                             ColumnsOp op,
                             guint32   a,
                             guint32   b);

static inline void
column_op (gpointer  *column,
           gsize      size,
           ColumnsOp  op,
           guint32    a,
           guint32    b)
{
  if (op == COLUMNS_RESIZE)
    *column = g_realloc_n (*column, a, size);
  else
    weft_memory_populate ((guint8 *)*column + (gsize)a * size, (gsize)(b - a) * size);
}

#define COLUMN(column) column_op ((gpointer *)&(column), sizeof *(column), op, a, b)

/* Sets the room of a group of columns to @capacity records. */
static void
columns_resize (gpointer     columns,
                guint32     *capacity,
                ColumnsFunc  each,
                guint32      grown)
{
  each (columns, COLUMNS_RESIZE, grown, 0);
  *capacity = grown;
}

/* Before the append of record @n to a group of columns of room *@capacity:
 * grows the room when it is full, then maps in the next window, an eighth
 * of the room, and records its end in *@mapped. FALSE when the columns
 * cannot grow any more. */
static G_GNUC_NO_INLINE gboolean
columns_map_in (gpointer     columns,
                guint32      n,
                guint32     *capacity,
                ColumnsFunc  each,
                guint32     *mapped)
{
  if (n == *capacity)
    {
      guint32 grown;

      if (!next_capacity (*capacity, &grown))
        return FALSE;
      columns_resize (columns, capacity, each, grown);
    }
  *mapped = MIN (*capacity, n + MAX (*capacity / 8, 1024));
  each (columns, COLUMNS_MAP_IN, n, *mapped);

  return TRUE;
}

static void
tasks_columns (gpointer  columns,
               ColumnsOp op,
               guint32   a,
               guint32   b)
{
  WeftChplvisTasks *t = columns;

  COLUMN (t->tid);
  COLUMN (t->parent);
  COLUMN (t->create_time);
  COLUMN (t->begin_time);
  COLUMN (t->end_time);
  COLUMN (t->fid);
  COLUMN (t->src_line);
  COLUMN (t->src_file);
  COLUMN (t->line);
  COLUMN (t->begin_line);
  COLUMN (t->end_line);
  COLUMN (t->flags);
}

static guint32
tasks_append (Parser *p)
{
  WeftChplvisTasks *t = &p->locale->tasks;

  if (G_UNLIKELY (t->n >= p->tasks_mapped) &&
      !columns_map_in (t, t->n, &t->capacity, tasks_columns, &p->tasks_mapped))
    return WEFT_CHPLVIS_NO_TASK;

  return t->n++;
}

static gboolean
sched_append (Parser  *p,
              guint32  entry)
{
  WeftChplvisLocale *locale = p->locale;

  if (locale->n_sched == locale->sched_capacity)
    {
      guint32 capacity;

      if (!next_capacity (locale->sched_capacity, &capacity))
        return FALSE;
      RESIZE (locale->sched, capacity);
      locale->sched_capacity = capacity;
    }
  locale->sched[locale->n_sched++] = entry;

  return TRUE;
}

static void
comms_columns (gpointer  columns,
               ColumnsOp op,
               guint32   a,
               guint32   b)
{
  WeftChplvisComms *c = columns;

  COLUMN (c->time);
  COLUMN (c->length);
  COLUMN (c->elem_size);
  COLUMN (c->comm_id);
  COLUMN (c->src_line);
  COLUMN (c->src_file);
  COLUMN (c->line);
  COLUMN (c->task);
  COLUMN (c->peer);
  COLUMN (c->kind);
  COLUMN (c->flags);
}

static guint32
comms_append (Parser *p)
{
  WeftChplvisComms *c = &p->locale->comms;

  if (G_UNLIKELY (c->n >= p->comms_mapped) &&
      !columns_map_in (c, c->n, &c->capacity, comms_columns, &p->comms_mapped))
    return G_MAXUINT32;

  return c->n++;
}

static void
forks_columns (gpointer  columns,
               ColumnsOp op,
               guint32   a,
               guint32   b)
{
  WeftChplvisForks *f = columns;

  COLUMN (f->time);
  COLUMN (f->arg_size);
  COLUMN (f->fid);
  COLUMN (f->subloc);
  COLUMN (f->src_line);
  COLUMN (f->src_file);
  COLUMN (f->line);
  COLUMN (f->task);
  COLUMN (f->peer);
  COLUMN (f->kind);
  COLUMN (f->flags);
}

static guint32
forks_append (Parser *p)
{
  WeftChplvisForks *f = &p->locale->forks;

  if (G_UNLIKELY (f->n >= p->forks_mapped) &&
      !columns_map_in (f, f->n, &f->capacity, forks_columns, &p->forks_mapped))
    return G_MAXUINT32;

  return f->n++;
}

static WeftChplvisMark *
marks_append (Parser *p)
{
  WeftChplvisLocale *locale = p->locale;
  WeftChplvisMark *mark;

  if (locale->n_marks == locale->marks_capacity)
    {
      guint32 capacity;

      if (!next_capacity (locale->marks_capacity, &capacity))
        return NULL;
      RESIZE (locale->marks, capacity);
      locale->marks_capacity = capacity;
    }

  mark = &locale->marks[locale->n_marks++];
  memset (mark, 0, sizeof *mark);
  mark->line = (guint32)MIN (p->line, G_MAXUINT32);
  mark->n_tasks = locale->tasks.n;
  mark->n_sched = locale->n_sched;
  mark->n_comms = locale->comms.n;
  mark->n_forks = locale->forks.n;

  return mark;
}

static inline guint32
line32 (const Parser *p)
{
  return (guint32)MIN (p->line, G_MAXUINT32);
}

/* The task a get, put or fork of @tid was issued by: chplvis's getTaskData(). */
static inline guint32
issuing_task (const Parser *p,
              guint64       tid)
{
  guint32 task;

  if (p->locale->nid == 0 && tid == p->locale->tid)
    return WEFT_CHPLVIS_MAIN_TASK;

  task = weft_id_map_lookup (&p->task_of_tid, tid);

  return task == WEFT_ID_MAP_NONE ? WEFT_CHPLVIS_NO_TASK : task;
}

/* issuing_task() and chplvis's overhead test for a get, put or fork of @tid. */
static inline void
record_owner (Parser  *p,
              guint64  tid,
              guint32 *task,
              guint8  *flags)
{
  if (!p->owner_valid || p->owner_tid != tid)
    {
      p->owner_tid = tid;
      p->owner_task = issuing_task (p, tid);
      /* chplvis drops communication of VisualDebug's tasks as they are read. */
      p->owner_flags = weft_id_map_contains (&p->vdb_tids, tid) ? WEFT_CHPLVIS_COMM_OVERHEAD : 0;
      p->owner_valid = TRUE;
    }
  *task = p->owner_task;
  *flags = p->owner_flags;
}

/* @value for a column whose largest value is @top: values from @top on are
 * kept aside in @wide, and the column holds @top for them
 * (weft_chplvis_sparse_widen reads them back). */
static inline guint64
narrow (WeftChplvisSparse *wide,
        guint32            record,
        guint64            value,
        guint64            top)
{
  if (value < top)
    return value;
  weft_chplvis_sparse_append (wide, record, value);
  return top;
}

/* Whether @task (record_owner's) has @tid, which a record then need not keep
 * (weft_chplvis_comms_get_tid). */
static inline gboolean
tid_is_tasks (const Parser *p,
              guint32       task,
              guint64       tid)
{
  return task != WEFT_CHPLVIS_NO_TASK && p->locale->tasks.tid[task] == tid;
}

/* chplvis removes the task that wrote a Tag, Pause or End from the task map of
 * the tag it closes, so that it is not counted there. */
static void
erase_from_segment (Parser  *p,
                    guint64  tid)
{
  guint32 task = weft_id_map_lookup (&p->task_of_tid, tid);

  if (task != WEFT_ID_MAP_NONE && task >= p->segment_first_task)
    p->locale->tasks.flags[task] |= WEFT_CHPLVIS_TASK_ERASED;
}

/* Record parsers ------------------------------------------------------------- */

/* The number scanners inlined into the parsers of the frequent records: the
 * compiler would call most of them, which costs a tenth of the parse. */
#if defined(__GNUC__) || defined(__clang__)
#define FLATTEN __attribute__((flatten))
#else
#define FLATTEN
#endif

/* The fields of a task record: TIME NID TID PARENT O|L LINE FILE, and since
 * PR #4533 FID. */
typedef struct
{
  gint64  time;
  int     nid;
  guint64 tid;
  guint64 parent;
  char    on;
  int     src_line;
  int     src_file;
  int     fid;       /* -1 before PR #4533 */
} TaskFields;

static inline gboolean
scan_task_fields (const char *pos,
                  const char *end,
                  TaskFields *f)
{
  if (!scan_time (&pos, end, &f->time) ||
      !weft_scan_int (&pos, end, &f->nid) ||
      !weft_scan_id64 (&pos, end, &f->tid) ||
      !weft_scan_id64 (&pos, end, &f->parent) ||
      !weft_scan_char (&pos, end, &f->on) || (f->on != 'O' && f->on != 'L') ||
      !weft_scan_int (&pos, end, &f->src_line) ||
      !weft_scan_int (&pos, end, &f->src_file))
    return FALSE;
  return weft_scan_at_end (pos, end) ||
         (weft_scan_int (&pos, end, &f->fid) && weft_scan_at_end (pos, end));
}

static inline gboolean
fast_task_fields (const Parser *p,
                  const char   *pos,
                  const char   *end,
                  TaskFields   *f)
{
  if (end > p->fast_end || pos == end || *pos++ != ' ' ||
      !fast_time (&pos, end, &f->time) ||
      !fast_int (&pos, end, &f->nid) ||
      !fast_id64 (&pos, end, &f->tid) ||
      !fast_id64 (&pos, end, &f->parent) ||
      !fast_on (&pos, end, &f->on) ||
      !fast_int (&pos, end, &f->src_line) ||
      !fast_int (&pos, end, &f->src_file))
    return FALSE;
  return pos == end || (fast_int (&pos, end, &f->fid) && pos == end);
}

static void FLATTEN
parse_task (Parser     *p,
            const char *pos,
            const char *end)
{
  WeftChplvisTasks *t = &p->locale->tasks;
  TaskFields r = { .fid = -1 };
  guint32 task, previous;

  if (!fast_task_fields (p, pos, end, &r) && !scan_task_fields (pos, end, &r))
    goto malformed;
  if (!check_nid (p, WEFT_CHPLVIS_RECORD_TASK, r.nid))
    return;
  note_time (p, r.time);

  /* chplvis: a local task created by a VisualDebug task is VisualDebug's too;
   * on locale 0 the marked task is remembered apart (nid0vdbtask). */
  if (r.on != 'O' && (weft_id_map_contains (&p->vdb_tids, r.parent) || (r.nid == 0 && r.parent == p->nid0_vdb_task)))
    {
      weft_id_map_insert (&p->vdb_tids, r.tid, 1);
      p->owner_valid = FALSE;
    }

  task = tasks_append (p);
  if (task == WEFT_CHPLVIS_NO_TASK)
    {
      warn_full (p);
      return;
    }
  t->tid[task] = r.tid;
  t->parent[task] = r.parent;
  t->create_time[task] = r.time;
  t->begin_time[task] = 0;
  t->end_time[task] = 0;
  t->fid[task] = r.fid;
  t->src_line[task] = r.src_line;
  t->src_file[task] = r.src_file;
  t->line[task] = line32 (p);
  t->begin_line[task] = 0;
  t->end_line[task] = 0;
  t->flags[task] = r.on == 'O' ? WEFT_CHPLVIS_TASK_ON : 0;

  previous = weft_id_map_lookup (&p->task_of_tid, r.tid);
  if (previous != WEFT_ID_MAP_NONE && previous >= p->segment_first_task &&
      (t->flags[previous] & WEFT_CHPLVIS_TASK_ERASED) == 0)
    {
      /* chplvis keeps the first task of a tid in a tag and ignores the second. */
      t->flags[task] |= WEFT_CHPLVIS_TASK_DUPLICATE;
      weft_load_context_warn (p->context, p->path, p->line,
                              _("task %" PRIu64 " was already created at line %u; "
                                "this second task record is not counted"),
                              r.tid, t->line[previous]);
    }
  else
    {
      weft_id_map_insert (&p->task_of_tid, r.tid, task);
      p->owner_valid = FALSE;
    }
  return;

malformed:
  skip_malformed (p, WEFT_CHPLVIS_RECORD_TASK);
}

/* Btask and Etask: TIME NID TID. */
static inline gboolean
fast_begin_end_fields (const Parser *p,
                       const char   *pos,
                       const char   *end,
                       gint64       *time,
                       int          *nid,
                       guint64      *tid)
{
  return end <= p->fast_end && pos < end && *pos++ == ' ' &&
         fast_time (&pos, end, time) && fast_int (&pos, end, nid) && fast_id64 (&pos, end, tid) && pos == end;
}

static void FLATTEN
parse_begin_end (Parser     *p,
                 int         kind,
                 const char *pos,
                 const char *end)
{
  WeftChplvisTasks *t = &p->locale->tasks;
  gboolean is_begin = kind == WEFT_CHPLVIS_RECORD_BTASK;
  gint64 time;
  guint64 tid;
  guint32 task;
  int nid;

  if (!fast_begin_end_fields (p, pos, end, &time, &nid, &tid) &&
      (!scan_time (&pos, end, &time) ||
       !weft_scan_int (&pos, end, &nid) ||
       !weft_scan_id64 (&pos, end, &tid) ||
       !weft_scan_at_end (pos, end)))
    {
      skip_malformed (p, kind);
      return;
    }
  if (!check_nid (p, kind, nid))
    return;
  note_time (p, time);

  task = weft_id_map_lookup (&p->task_of_tid, tid);
  if (task == WEFT_ID_MAP_NONE)
    {
      /* VisualDebug's own on-tasks (the one that ran startVdebug, those that run
       * tagVdebug while paused) end without a task record: expected. */
      if (weft_id_map_contains (&p->vdb_tids, tid))
        return;

      if (!is_begin)
        {
          weft_load_context_warn (p->context, p->path, p->line,
                                  _("Etask for task %" PRIu64 ", which has no task or Btask record; ignored"),
                                  tid);
          return;
        }

      /* Keep a task that only begins, so that the timeline still shows it. */
      task = tasks_append (p);
      if (task == WEFT_CHPLVIS_NO_TASK)
        {
          warn_full (p);
          return;
        }
      t->tid[task] = tid;
      t->parent[task] = 0;
      t->create_time[task] = time;
      t->end_time[task] = 0;
      t->fid[task] = -1;
      t->src_line[task] = 0;
      t->src_file[task] = 0;
      t->line[task] = line32 (p);
      t->begin_line[task] = 0;
      t->end_line[task] = 0;
      t->flags[task] = WEFT_CHPLVIS_TASK_NO_RECORD;
      weft_id_map_insert (&p->task_of_tid, tid, task);
      p->owner_valid = FALSE;
      weft_load_context_warn (p->context, p->path, p->line,
                              _("Btask for task %" PRIu64 ", which has no task record; "
                                "it is shown but not counted"),
                              tid);
    }

  if (is_begin)
    {
      if (t->flags[task] & (WEFT_CHPLVIS_TASK_HAS_BEGIN | WEFT_CHPLVIS_TASK_HAS_END))
        {
          weft_load_context_warn (p->context, p->path, p->line,
                                  (t->flags[task] & WEFT_CHPLVIS_TASK_HAS_BEGIN)
                                    ? _("task %" PRIu64 " already began; this Btask is ignored")
                                    : _("task %" PRIu64 " already ended; this Btask is ignored"),
                                  tid);
          return;
        }
      if (!sched_append (p, task))
        {
          warn_full (p);
          return;
        }
      t->begin_time[task] = time;
      t->begin_line[task] = line32 (p);
      t->flags[task] |= WEFT_CHPLVIS_TASK_HAS_BEGIN;
    }
  else
    {
      if (t->flags[task] & WEFT_CHPLVIS_TASK_HAS_END)
        {
          weft_load_context_warn (p->context, p->path, p->line,
                                  _("task %" PRIu64 " already ended; this Etask is ignored"), tid);
          return;
        }
      if (!sched_append (p, task | WEFT_CHPLVIS_SCHED_END))
        {
          warn_full (p);
          return;
        }
      t->end_time[task] = time;
      t->end_line[task] = line32 (p);
      t->flags[task] |= WEFT_CHPLVIS_TASK_HAS_END;
    }
}

/* The fields of a get or put record: TIME NID RID TID ADDR ADDR ELEMSIZE,
 * then 3 or 4 more (by version). */
typedef struct
{
  gint64  time;
  int     nid;
  int     rid;
  guint64 tid;
  guint64 elem_size;
  gint64  extra[4];
  int     n_extra;
} CommFields;

static inline gboolean
scan_comm_fields (const char *pos,
                  const char *end,
                  CommFields *f)
{
  int n = 0;

  if (!scan_time (&pos, end, &f->time) ||
      !weft_scan_int (&pos, end, &f->nid) ||
      !weft_scan_int (&pos, end, &f->rid) ||
      !weft_scan_id64 (&pos, end, &f->tid) ||
      !weft_scan_hex_skip (&pos, end) ||
      !weft_scan_hex_skip (&pos, end) ||
      !weft_scan_u64 (&pos, end, &f->elem_size))
    return FALSE;
  while (n < 4 && weft_scan_i64 (&pos, end, &f->extra[n]))
    n++;
  f->n_extra = n;
  return weft_scan_at_end (pos, end);
}

static inline gboolean
fast_comm_fields (const Parser *p,
                  const char   *pos,
                  const char   *end,
                  CommFields   *f)
{
  int n;

  if (end > p->fast_end || pos == end || *pos++ != ' ' ||
      !fast_time (&pos, end, &f->time) ||
      !fast_int (&pos, end, &f->nid) ||
      !fast_int (&pos, end, &f->rid) ||
      !fast_id64 (&pos, end, &f->tid) ||
      !fast_hex_skip (&pos, end) ||
      !fast_hex_skip (&pos, end) ||
      !fast_digits (&pos, end, &f->elem_size))
    return FALSE;
  for (n = 0; n < 4 && pos < end; n++)
    if (!fast_i64 (&pos, end, &f->extra[n]))
      return FALSE;
  f->n_extra = n;
  return pos == end;
}

static void FLATTEN
parse_comm (Parser     *p,
            int         kind,
            const char *pos,
            const char *end)
{
  WeftChplvisComms *c = &p->locale->comms;
  CommFields r;
  guint64 length;
  int comm_id = -1;
  guint32 i;

  if (!fast_comm_fields (p, pos, end, &r) && !scan_comm_fields (pos, end, &r))
    goto malformed;

  /* 1.3 and 1.4: LENGTH COMMID LINE FILE. Before 1.3 there was no commID, and
   * the 1.2 writer printed a type index before the length. */
  if (r.n_extra == 4 && !p->old_comm_layout)
    {
      if (r.extra[0] < 0 || r.extra[1] < G_MININT || r.extra[1] > G_MAXINT)
        goto malformed;
      length = (guint64)r.extra[0];
      comm_id = (int)r.extra[1];
      r.extra[0] = r.extra[2];
      r.extra[1] = r.extra[3];
    }
  else if (r.n_extra == 4)
    {
      if (r.extra[1] < 0)
        goto malformed;
      length = (guint64)r.extra[1];
      r.extra[0] = r.extra[2];
      r.extra[1] = r.extra[3];
    }
  else if (r.n_extra == 3)
    {
      if (r.extra[0] < 0)
        goto malformed;
      length = (guint64)r.extra[0];
      r.extra[0] = r.extra[1];
      r.extra[1] = r.extra[2];
    }
  else
    goto malformed;
  if (r.extra[0] < G_MININT || r.extra[0] > G_MAXINT || r.extra[1] < G_MININT || r.extra[1] > G_MAXINT)
    goto malformed;

  if (!check_nid (p, kind, r.nid) || !check_peer (p, kind, r.rid))
    return;
  note_time (p, r.time);

  i = comms_append (p);
  if (i == G_MAXUINT32)
    {
      warn_full (p);
      return;
    }
  c->time[i] = r.time;
  c->elem_size[i] = (guint16)narrow (&c->wide_elem_size, i, r.elem_size, G_MAXUINT16);
  c->length[i] = (guint32)narrow (&c->wide_length, i, length, G_MAXUINT32);
  c->comm_id[i] = comm_id;
  c->src_line[i] = (gint32)r.extra[0];
  c->src_file[i] = (gint32)r.extra[1];
  c->line[i] = line32 (p);
  record_owner (p, r.tid, &c->task[i], &c->flags[i]);
  if (!tid_is_tasks (p, c->task[i], r.tid))
    weft_chplvis_sparse_append (&c->other_tid, i, r.tid);
  c->peer[i] = (guint16)r.rid;
  c->kind[i] = (guint8)kind;
  return;

malformed:
  skip_malformed (p, kind);
}

/* The fields of a fork record: TIME NID RID SUBLOC FID ADDR ARGSIZE TID, and
 * since 1.4 LINE FILE. */
typedef struct
{
  gint64  time;
  int     nid;
  int     rid;
  int     subloc;
  int     fid;
  guint64 arg_size;
  guint64 tid;
  int     src_line;  /* 0 before 1.4 */
  int     src_file;
} ForkFields;

static inline gboolean
scan_fork_fields (const char *pos,
                  const char *end,
                  ForkFields *f)
{
  if (!scan_time (&pos, end, &f->time) ||
      !weft_scan_int (&pos, end, &f->nid) ||
      !weft_scan_int (&pos, end, &f->rid) ||
      !weft_scan_int (&pos, end, &f->subloc) ||
      !weft_scan_int (&pos, end, &f->fid) ||
      !weft_scan_hex_skip (&pos, end) ||
      !weft_scan_u64 (&pos, end, &f->arg_size) ||
      !weft_scan_id64 (&pos, end, &f->tid))
    return FALSE;
  return weft_scan_at_end (pos, end) ||
         (weft_scan_int (&pos, end, &f->src_line) && weft_scan_int (&pos, end, &f->src_file) &&
          weft_scan_at_end (pos, end));
}

static inline gboolean
fast_fork_fields (const Parser *p,
                  const char   *pos,
                  const char   *end,
                  ForkFields   *f)
{
  if (end > p->fast_end || pos == end || *pos++ != ' ' ||
      !fast_time (&pos, end, &f->time) ||
      !fast_int (&pos, end, &f->nid) ||
      !fast_int (&pos, end, &f->rid) ||
      !fast_int (&pos, end, &f->subloc) ||
      !fast_int (&pos, end, &f->fid) ||
      !fast_hex_skip (&pos, end) ||
      !fast_digits (&pos, end, &f->arg_size) ||
      !fast_id64 (&pos, end, &f->tid))
    return FALSE;
  if (pos == end)
    return TRUE;
  return fast_int (&pos, end, &f->src_line) && fast_int (&pos, end, &f->src_file) && pos == end;
}

static void FLATTEN
parse_fork (Parser     *p,
            int         kind,
            const char *pos,
            const char *end)
{
  WeftChplvisForks *f = &p->locale->forks;
  ForkFields r = { .src_line = 0, .src_file = 0 };
  guint32 i;

  if (!fast_fork_fields (p, pos, end, &r) && !scan_fork_fields (pos, end, &r))
    goto malformed;

  if (!check_nid (p, kind, r.nid) || !check_peer (p, kind, r.rid))
    return;
  note_time (p, r.time);

  i = forks_append (p);
  if (i == G_MAXUINT32)
    {
      warn_full (p);
      return;
    }
  f->time[i] = r.time;
  f->arg_size[i] = (guint32)narrow (&f->wide_arg_size, i, r.arg_size, G_MAXUINT32);
  f->fid[i] = r.fid;
  f->subloc[i] = r.subloc;
  f->src_line[i] = r.src_line;
  f->src_file[i] = r.src_file;
  f->line[i] = line32 (p);
  record_owner (p, r.tid, &f->task[i], &f->flags[i]);
  if (!tid_is_tasks (p, f->task[i], r.tid))
    weft_chplvis_sparse_append (&f->other_tid, i, r.tid);
  f->peer[i] = (guint16)r.rid;
  f->kind[i] = (guint8)kind;
  return;

malformed:
  skip_malformed (p, kind);
}

static void
parse_vdbmark (Parser     *p,
               const char *pos,
               const char *end)
{
  gint64 time;
  guint64 tid;
  int nid;

  if (!any_time (p, &pos, end, &time) ||
      !weft_scan_int (&pos, end, &nid) ||
      !weft_scan_id64 (&pos, end, &tid) ||
      !weft_scan_at_end (pos, end))
    {
      skip_malformed (p, WEFT_CHPLVIS_RECORD_VDBMARK);
      return;
    }
  if (!check_nid (p, WEFT_CHPLVIS_RECORD_VDBMARK, nid))
    return;
  note_time (p, time);

  if (nid == 0)
    p->nid0_vdb_task = tid;
  else
    {
      weft_id_map_insert (&p->vdb_tids, tid, 1);
      p->owner_valid = FALSE;
    }
}

static void
parse_mark (Parser     *p,
            int         kind,
            const char *pos,
            const char *end)
{
  WeftChplvisSample sample;
  WeftChplvisMark *mark;
  guint64 tid;
  int nid, tag = -1;

  if (!any_time (p, &pos, end, &sample.time) ||
      !any_time (p, &pos, end, &sample.user) ||
      !any_time (p, &pos, end, &sample.sys) ||
      !weft_scan_int (&pos, end, &nid) ||
      !weft_scan_id64 (&pos, end, &tid) ||
      (kind != WEFT_CHPLVIS_RECORD_END && !weft_scan_int (&pos, end, &tag)) ||
      !weft_scan_at_end (pos, end))
    {
      skip_malformed (p, kind);
      return;
    }
  if (!check_nid (p, kind, nid))
    return;
  note_time (p, sample.time);

  if (kind == WEFT_CHPLVIS_RECORD_END && p->locale->complete)
    {
      weft_load_context_warn (p->context, p->path, p->line, _("a second End record; ignored"));
      return;
    }

  mark = marks_append (p);
  if (mark == NULL)
    {
      warn_full (p);
      return;
    }
  mark->sample = sample;
  mark->tid = tid;
  mark->tag_written = tag;

  switch (kind)
    {
    case WEFT_CHPLVIS_RECORD_TAG:
      /* Tags count by position: the k-th Tag of every file starts tag k. */
      mark->kind = WEFT_CHPLVIS_MARK_TAG;
      mark->tag = (int)p->locale->n_tags;
      if (tag != mark->tag && !p->warned_tag_order)
        {
          p->warned_tag_order = TRUE;
          weft_load_context_warn (p->context, p->path, p->line,
                                  _("tag number %d where %d was expected; tags are numbered by their order in the file"),
                                  tag, mark->tag);
        }
      if (nid == 0)
        p->nid0_vdb_task = 0;
      if (p->segment_armed)
        erase_from_segment (p, tid);
      p->locale->n_tags++;
      p->current_tag = mark->tag;
      p->segment_first_task = p->locale->tasks.n;
      p->segment_armed = TRUE;
      break;

    case WEFT_CHPLVIS_RECORD_PAUSE:
      mark->kind = WEFT_CHPLVIS_MARK_PAUSE;
      mark->tag = p->current_tag;
      if (nid == 0)
        p->nid0_vdb_task = 0;
      erase_from_segment (p, tid);
      p->segment_armed = FALSE;
      break;

    case WEFT_CHPLVIS_RECORD_END:
      mark->kind = WEFT_CHPLVIS_MARK_END;
      mark->tag = p->current_tag;
      erase_from_segment (p, tid);
      p->segment_armed = FALSE;
      p->locale->complete = TRUE;
      break;

    default:
      g_assert_not_reached ();
    }
}

/* Tables ------------------------------------------------------------------- */

static char *
dup_text (const char *text,
          gsize       len,
          gboolean    make_valid)
{
  if (make_valid)
    return g_utf8_make_valid (text, (gssize)len);

  return g_strndup (text, len);
}

static gboolean
check_index (Parser     *p,
             int         kind,
             int         index,
             const char *what)
{
  if (index >= 0 && index < WEFT_CHPLVIS_MAX_TABLE_INDEX)
    return TRUE;

  p->locale->n_skipped++;
  weft_load_context_warn (p->context, p->path, p->line,
                          _("%s %d in a %s record is out of range (0 to %d); line skipped"),
                          what, index, weft_chplvis_record_kind_name (kind),
                          WEFT_CHPLVIS_MAX_TABLE_INDEX - 1);
  return FALSE;
}

static void
parse_table (Parser     *p,
             int         kind,
             const char *pos,
             const char *end)
{
  WeftChplvisTables *tables = &p->locale->tables;
  const char *text;
  gsize text_len;
  int index, line, file;
  char **slot;

  switch (kind)
    {
    case WEFT_CHPLVIS_RECORD_CHPL_HOME:
    case WEFT_CHPLVIS_RECORD_DIR:
    case WEFT_CHPLVIS_RECORD_SAVEC:
      slot = kind == WEFT_CHPLVIS_RECORD_CHPL_HOME ? &tables->chpl_home
           : kind == WEFT_CHPLVIS_RECORD_DIR ? &tables->dir : &tables->savec;
      while (pos < end && (*pos == ' ' || *pos == '\t'))
        pos++;
      if (*slot == NULL)
        *slot = g_strndup (pos, end - pos);
      break;

    case WEFT_CHPLVIS_RECORD_TABLESIZE:
    case WEFT_CHPLVIS_RECORD_FIDNSIZE:
      if (!weft_scan_int (&pos, end, &index) || index < 0 || !weft_scan_at_end (pos, end))
        {
          skip_malformed (p, kind);
          return;
        }
      if (kind == WEFT_CHPLVIS_RECORD_TABLESIZE)
        tables->table_size = index;
      else
        tables->fid_table_size = index;
      break;

    case WEFT_CHPLVIS_RECORD_FNAME:
      if (!weft_scan_int (&pos, end, &index))
        {
          skip_malformed (p, kind);
          return;
        }
      if (!check_index (p, kind, index, _("file index")))
        return;
      weft_scan_rest (&pos, end, &text, &text_len);
      if ((guint)index >= tables->files->len)
        g_ptr_array_set_size (tables->files, index + 1);
      if (tables->files->pdata[index] == NULL)
        tables->files->pdata[index] = dup_text (text, text_len, FALSE);
      /* The runtime prints every empty entry as "fname: 0 <unknown>". */
      else if (!(index == 0 && text_len == strlen ("<unknown>") && memcmp (text, "<unknown>", text_len) == 0))
        weft_load_context_warn (p->context, p->path, p->line,
                                _("file index %d is named twice; the first name is kept"), index);
      if (tables->table_size >= 0 && index >= tables->table_size)
        weft_load_context_warn (p->context, p->path, p->line,
                                _("file index %d is beyond the table size (Tablesize %" PRId64 ")"),
                                index, tables->table_size);
      break;

    case WEFT_CHPLVIS_RECORD_FIDNAME:
      if (!weft_scan_int (&pos, end, &index) ||
          !weft_scan_int (&pos, end, &line) ||
          !weft_scan_int (&pos, end, &file))
        {
          skip_malformed (p, kind);
          return;
        }
      if (!check_index (p, kind, index, _("function id")))
        return;
      weft_scan_rest (&pos, end, &text, &text_len);
      if ((guint)index >= tables->functions->len)
        g_array_set_size (tables->functions, index + 1);
      {
        WeftChplvisFunction *function = &g_array_index (tables->functions, WeftChplvisFunction, index);

        if (function->name != NULL)
          weft_load_context_warn (p->context, p->path, p->line,
                                  _("function id %d is named twice; the first name is kept"), index);
        else
          {
            function->name = dup_text (text, text_len, TRUE);
            function->line = line;
            function->file = file;
          }
      }
      if (tables->fid_table_size >= 0 && index >= tables->fid_table_size)
        weft_load_context_warn (p->context, p->path, p->line,
                                _("function id %d is beyond the table size (FIDNsize %" PRId64 ")"),
                                index, tables->fid_table_size);
      break;

    case WEFT_CHPLVIS_RECORD_TNAME:
      if (!weft_scan_int (&pos, end, &index))
        {
          skip_malformed (p, kind);
          return;
        }
      if (!check_index (p, kind, index, _("tag number")))
        return;
      /* The name exactly as tagVdebug() got it, blanks included ("%d %s"):
       * chplvis keeps trailing blanks too, but drops leading ones (see the
       * README, Differences from chplvis). */
      weft_scan_rest (&pos, end, &text, &text_len);
      if ((guint)index >= tables->tag_names->len)
        g_ptr_array_set_size (tables->tag_names, index + 1);
      g_free (tables->tag_names->pdata[index]);
      tables->tag_names->pdata[index] = dup_text (text, text_len, TRUE);
      break;

    default:
      g_assert_not_reached ();
    }
}

/* Dispatch ------------------------------------------------------------------- */

static int
identify (const char  *line,
          const char  *end,
          const char **rest)
{
  gsize len = end - line;

#define IS(literal, kind) \
  if (len >= sizeof (literal) - 1 && memcmp (line, literal, sizeof (literal) - 1) == 0) \
    { \
      *rest = line + sizeof (literal) - 1; \
      return kind; \
    }

  if (len == 0)
    return -1;

  switch (line[0])
    {
    case 'B':
      IS ("Btask:", WEFT_CHPLVIS_RECORD_BTASK);
      break;
    case 'C':
      IS ("ChplVdebug:", WEFT_CHPLVIS_RECORD_HEADER);
      IS ("CHPL_HOME:", WEFT_CHPLVIS_RECORD_CHPL_HOME);
      break;
    case 'D':
      IS ("DIR:", WEFT_CHPLVIS_RECORD_DIR);
      break;
    case 'E':
      IS ("Etask:", WEFT_CHPLVIS_RECORD_ETASK);
      IS ("End:", WEFT_CHPLVIS_RECORD_END);
      break;
    case 'F':
      IS ("FIDname:", WEFT_CHPLVIS_RECORD_FIDNAME);
      IS ("FIDNsize:", WEFT_CHPLVIS_RECORD_FIDNSIZE);
      break;
    case 'P':
      IS ("Pause:", WEFT_CHPLVIS_RECORD_PAUSE);
      break;
    case 'S':
      IS ("SAVEC:", WEFT_CHPLVIS_RECORD_SAVEC);
      break;
    case 'T':
      IS ("Tag:", WEFT_CHPLVIS_RECORD_TAG);
      IS ("Tablesize:", WEFT_CHPLVIS_RECORD_TABLESIZE);
      break;
    case 'V':
      IS ("VdbMark:", WEFT_CHPLVIS_RECORD_VDBMARK);
      break;
    case 'f':
      IS ("fork:", WEFT_CHPLVIS_RECORD_FORK);
      IS ("fork_nb:", WEFT_CHPLVIS_RECORD_FORK_NB);
      IS ("f_fork:", WEFT_CHPLVIS_RECORD_F_FORK);
      IS ("fname:", WEFT_CHPLVIS_RECORD_FNAME);
      break;
    case 'g':
      IS ("get:", WEFT_CHPLVIS_RECORD_GET);
      break;
    case 'n':
      IS ("nb_get:", WEFT_CHPLVIS_RECORD_NB_GET);
      IS ("nb_put:", WEFT_CHPLVIS_RECORD_NB_PUT);
      break;
    case 'p':
      IS ("put:", WEFT_CHPLVIS_RECORD_PUT);
      break;
    case 's':
      IS ("st_get:", WEFT_CHPLVIS_RECORD_ST_GET);
      IS ("st_put:", WEFT_CHPLVIS_RECORD_ST_PUT);
      break;
    case 't':
      IS ("task:", WEFT_CHPLVIS_RECORD_TASK);
      IS ("tname:", WEFT_CHPLVIS_RECORD_TNAME);
      break;
    default:
      break;
    }

#undef IS

  return -1;
}

static void
parse_record (Parser     *p,
              const char *line,
              const char *end)
{
  const char *pos = NULL;
  int kind = identify (line, end, &pos);

  p->line_text = line;
  p->line_text_end = end;

  if (kind < 0)
    {
      g_autofree char *found = NULL;

      if (weft_scan_at_end (line, end))
        return;
      p->locale->n_skipped++;
      if (weft_load_context_skip_warning (p->context))
        return;
      found = weft_text_excerpt (line, end, MAX_SHOWN);
      weft_load_context_warn (p->context, p->path, p->line,
                              _("not a VisualDebug record: “%s”; line skipped"), found);
      return;
    }

  p->locale->records[kind]++;

  if (p->locale->complete && !p->warned_after_end)
    {
      p->warned_after_end = TRUE;
      weft_load_context_warn (p->context, p->path, p->line,
                              _("records after the End record (End should be the last line); they are read"));
    }

  switch (kind)
    {
    case WEFT_CHPLVIS_RECORD_TASK:
      parse_task (p, pos, end);
      break;

    case WEFT_CHPLVIS_RECORD_BTASK:
    case WEFT_CHPLVIS_RECORD_ETASK:
      parse_begin_end (p, kind, pos, end);
      break;

    case WEFT_CHPLVIS_RECORD_GET:
    case WEFT_CHPLVIS_RECORD_NB_GET:
    case WEFT_CHPLVIS_RECORD_ST_GET:
    case WEFT_CHPLVIS_RECORD_PUT:
    case WEFT_CHPLVIS_RECORD_NB_PUT:
    case WEFT_CHPLVIS_RECORD_ST_PUT:
      parse_comm (p, kind, pos, end);
      break;

    case WEFT_CHPLVIS_RECORD_FORK:
    case WEFT_CHPLVIS_RECORD_FORK_NB:
    case WEFT_CHPLVIS_RECORD_F_FORK:
      parse_fork (p, kind, pos, end);
      break;

    case WEFT_CHPLVIS_RECORD_VDBMARK:
      parse_vdbmark (p, pos, end);
      break;

    case WEFT_CHPLVIS_RECORD_TAG:
    case WEFT_CHPLVIS_RECORD_PAUSE:
    case WEFT_CHPLVIS_RECORD_END:
      parse_mark (p, kind, pos, end);
      break;

    case WEFT_CHPLVIS_RECORD_CHPL_HOME:
    case WEFT_CHPLVIS_RECORD_DIR:
    case WEFT_CHPLVIS_RECORD_SAVEC:
    case WEFT_CHPLVIS_RECORD_TABLESIZE:
    case WEFT_CHPLVIS_RECORD_FNAME:
    case WEFT_CHPLVIS_RECORD_FIDNSIZE:
    case WEFT_CHPLVIS_RECORD_FIDNAME:
    case WEFT_CHPLVIS_RECORD_TNAME:
      parse_table (p, kind, pos, end);
      break;

    case WEFT_CHPLVIS_RECORD_HEADER:
      p->locale->n_skipped++;
      weft_load_context_warn (p->context, p->path, p->line,
                              _("a second ChplVdebug header (startVdebug called twice?); ignored"));
      break;

    case WEFT_CHPLVIS_N_RECORD_KINDS:
    default:
      g_assert_not_reached ();
    }
}

/* Header --------------------------------------------------------------------- */

static gboolean
scan_word (const char **pos,
           const char  *end,
           const char  *word)
{
  const char *token;
  gsize len;

  if (!weft_scan_token (pos, end, &token, &len))
    return FALSE;

  return len == strlen (word) && memcmp (token, word, len) == 0;
}

static gboolean
scan_version (const char **pos,
              const char  *end,
              int         *major,
              int         *minor)
{
  const char *token, *dot;
  gsize len;
  guint64 a, b;

  if (!weft_scan_token (pos, end, &token, &len))
    return FALSE;
  dot = memchr (token, '.', len);
  if (dot == NULL)
    return FALSE;
  {
    const char *p = token;

    if (!weft_scan_u64 (&p, dot, &a) || p != dot)
      return FALSE;
    p = dot + 1;
    if (!weft_scan_u64 (&p, token + len, &b) || p != token + len)
      return FALSE;
  }
  if (a > 1000 || b > 1000)
    return FALSE;

  *major = (int)a;
  *minor = (int)b;
  return TRUE;
}

static gboolean
parse_header (Parser      *p,
              const char  *line,
              const char  *end,
              GError     **error)
{
  WeftChplvisLocale *locale = p->locale;
  const char *pos = line;
  const char *probe;
  int major, minor, nodes, nid;

  if (!weft_scan_literal (&pos, end, "ChplVdebug:"))
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE,
                   _("%s:1: not a Chapel VisualDebug file (it does not start with “ChplVdebug:”)"),
                   p->path);
      return FALSE;
    }

  probe = pos;
  if (!scan_word (&probe, end, "ver"))
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED,
                   _("%s:1: this VisualDebug file has no format version (Chapel 1.12 or older); "
                     "Weft reads formats 1.2 to 1.4"),
                   p->path);
      return FALSE;
    }
  pos = probe;
  if (!scan_version (&pos, end, &major, &minor))
    goto malformed;
  if (major != 1 || minor < 2)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED,
                   _("%s:1: VisualDebug format %d.%d is not supported; Weft reads formats 1.2 to 1.4"),
                   p->path, major, minor);
      return FALSE;
    }

  if (!scan_word (&pos, end, "nodes") || !weft_scan_int (&pos, end, &nodes) ||
      !scan_word (&pos, end, "nid") || !weft_scan_int (&pos, end, &nid) ||
      !scan_word (&pos, end, "tid") || !weft_scan_id64 (&pos, end, &locale->tid) ||
      !scan_word (&pos, end, "seq") || !weft_scan_double (&pos, end, &locale->seq) ||
      !scan_time (&pos, end, &locale->start.time) ||
      !scan_time (&pos, end, &locale->start.user) ||
      !scan_time (&pos, end, &locale->start.sys) ||
      !weft_scan_at_end (pos, end))
    goto malformed;

  if (nodes < 1 || nodes > WEFT_CHPLVIS_MAX_LOCALES)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED,
                   _("%s:1: the header says the run has %d locales; Weft reads runs of 1 to %d locales"),
                   p->path, nodes, WEFT_CHPLVIS_MAX_LOCALES);
      return FALSE;
    }
  if (nid < 0 || nid >= nodes)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE,
                   _("%s:1: locale id %d is out of range for a run of %d locales"),
                   p->path, nid, nodes);
      return FALSE;
    }

  if (minor > 4)
    weft_load_context_warn (p->context, p->path, 1,
                            _("VisualDebug format %d.%d is newer than 1.4; it is read as 1.4"), major, minor);

  locale->version_major = major;
  locale->version_minor = minor;
  locale->n_nodes = nodes;
  locale->nid = nid;
  locale->last_time = locale->start.time;
  locale->records[WEFT_CHPLVIS_RECORD_HEADER]++;
  p->old_comm_layout = minor <= 2;

  /* On other locales the header's task is the on-task that ran startVdebug. */
  if (nid != 0)
    {
      weft_id_map_insert (&p->vdb_tids, locale->tid, 1);
      p->owner_valid = FALSE;
    }
  else
    {
      guint32 task = tasks_append (p);
      WeftChplvisTasks *t = &locale->tasks;

      g_assert (task == WEFT_CHPLVIS_MAIN_TASK);
      t->tid[task] = locale->tid;
      t->parent[task] = 0;
      t->create_time[task] = locale->start.time;
      t->begin_time[task] = locale->start.time;
      t->end_time[task] = locale->start.time;
      t->fid[task] = -1;
      t->src_line[task] = 0;
      t->src_file[task] = 0;
      t->line[task] = 1;
      t->begin_line[task] = 1;
      t->end_line[task] = 0;
      t->flags[task] = WEFT_CHPLVIS_TASK_MAIN | WEFT_CHPLVIS_TASK_HAS_BEGIN;
    }

  return TRUE;

malformed:
  {
    g_autofree char *found = weft_text_excerpt (line, end, MAX_SHOWN);

    g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE,
                 _("%s:1: malformed VisualDebug header: expected “%s”, found “%s”"),
                 p->path, expected_format[WEFT_CHPLVIS_RECORD_HEADER], found);
  }
  return FALSE;
}

static void
finish (Parser *p)
{
  WeftChplvisLocale *locale = p->locale;
  WeftChplvisTasks *t = &locale->tasks;

  /* chplvis erases, after reading a file, the task and Btask records of every
   * task that ended up marked: that catches the on-task logged before its
   * own VdbMark. */
  if (p->vdb_tids.n > 0)
    for (guint32 i = 0; i < t->n; i++)
      if ((t->flags[i] & WEFT_CHPLVIS_TASK_MAIN) == 0 && weft_id_map_contains (&p->vdb_tids, t->tid[i]))
        t->flags[i] |= WEFT_CHPLVIS_TASK_OVERHEAD;

  if (locale->nid == 0 && t->n > 0)
    {
      t->end_time[WEFT_CHPLVIS_MAIN_TASK] = weft_chplvis_locale_get_end_time (locale);
      if (locale->complete)
        {
          t->flags[WEFT_CHPLVIS_MAIN_TASK] |= WEFT_CHPLVIS_TASK_HAS_END;
          t->end_line[WEFT_CHPLVIS_MAIN_TASK] = locale->marks[locale->n_marks - 1].line;
        }
    }

  /* Give back what the doubling growth reserved. */
  if (t->capacity > t->n)
    columns_resize (t, &t->capacity, tasks_columns, MAX (t->n, 1));
  if (locale->comms.capacity > locale->comms.n)
    columns_resize (&locale->comms, &locale->comms.capacity, comms_columns, MAX (locale->comms.n, 1));
  if (locale->forks.capacity > locale->forks.n)
    columns_resize (&locale->forks, &locale->forks.capacity, forks_columns, MAX (locale->forks.n, 1));
  weft_chplvis_sparse_trim (&locale->comms.other_tid);
  weft_chplvis_sparse_trim (&locale->comms.wide_elem_size);
  weft_chplvis_sparse_trim (&locale->comms.wide_length);
  weft_chplvis_sparse_trim (&locale->forks.other_tid);
  weft_chplvis_sparse_trim (&locale->forks.wide_arg_size);
  if (locale->sched_capacity > locale->n_sched)
    {
      locale->sched_capacity = MAX (locale->n_sched, 1);
      RESIZE (locale->sched, locale->sched_capacity);
    }
  if (locale->marks_capacity > locale->n_marks)
    {
      locale->marks_capacity = MAX (locale->n_marks, 1);
      RESIZE (locale->marks, locale->marks_capacity);
    }
}

/* The search of a line of gigabytes (a damaged file) moves the progress on,
 * as the lines read do: both from the bytes reported so far. */
typedef struct
{
  WeftLoadContext *context;
  const char      *data;
  gsize           *reported;
} SearchProgress;

static void
search_reached_cb (const char *reached,
                   gpointer    user_data)
{
  SearchProgress *progress = user_data;
  gsize offset = (gsize)(reached - progress->data);

  if (offset > *progress->reported)
    {
      weft_load_context_advance (progress->context, offset - *progress->reported);
      *progress->reported = offset;
    }
}

/**
 * weft_chplvis_parse_locale:
 * @data: the bytes of one locale file (need not be NUL-terminated)
 * @path: the file's name, for messages
 * @context: receives warnings and progress (units: bytes)
 *
 * Returns: (transfer full): the locale's records, or %NULL with @error set when
 *   the file is empty, has no valid header, is of a format version Weft does
 *   not read, or the load was cancelled.
 */
WeftChplvisLocale *
weft_chplvis_parse_locale (const char             *data,
                           gsize                   len,
                           const char             *path,
                           WeftChplvisParseFlags   flags,
                           WeftLoadContext        *context,
                           GError                **error)
{
  g_autoptr(WeftChplvisLocale) locale = NULL;
  WeftLineReader reader;
  const char *line, *line_end;
  gsize reported = 0;
  WeftInputWindow window;
  SearchProgress search_progress;
  Parser p = { 0 };

  g_return_val_if_fail (data != NULL || len == 0, NULL);
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (context != NULL, NULL);

  if (len == 0)
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_EMPTY, _("%s: the file is empty"), path);
      return NULL;
    }

  locale = weft_chplvis_locale_new ();
  locale->path = g_strdup (path);

  p.locale = locale;
  p.context = context;
  p.path = locale->path;
  p.segment_armed = TRUE;
  p.current_tag = -1;
  p.last_line_cut = data[len - 1] != '\n';
  p.fast_end = (flags & WEFT_CHPLVIS_PARSE_FULL_SCAN) != 0 || len < 8 ? data : data + len - 8;
  weft_id_map_init (&p.task_of_tid, 1024);
  weft_id_map_init (&p.vdb_tids, 64);

  weft_input_window_init (&window, data, len, (flags & WEFT_CHPLVIS_PARSE_RELEASE_PAGES) != 0);

  weft_line_reader_init (&reader, data, len);
  weft_line_reader_set_cancellable (&reader, weft_load_context_get_cancellable (context));
  search_progress = (SearchProgress) { context, data, &reported };
  weft_line_reader_set_search_func (&reader, search_reached_cb, &search_progress);
  if (!weft_line_reader_next (&reader, &line, &line_end) ||
      !parse_header (&p, line, line_end, error))
    goto fail;

  while (weft_line_reader_next (&reader, &line, &line_end))
    {
      p.line = reader.line_no;

      if ((reader.line_no & (WEFT_LOAD_CONTEXT_CHECK_INTERVAL - 1)) == 0)
        {
          gsize offset = weft_line_reader_get_offset (&reader);

          if (weft_load_context_set_error_if_cancelled (context, error))
            goto fail;
          if (offset - reported >= PROGRESS_CHUNK)
            {
              weft_load_context_advance (context, offset - reported);
              reported = offset;
            }
          weft_input_window_reached (&window, offset);
        }

      /* The line count is known only at the end; the cut-short test in
       * skip_malformed compares against the line being the last one. */
      p.n_lines_total = reader.pos >= reader.end ? reader.line_no : G_MAXUINT64;
      parse_record (&p, line, line_end);
    }
  /* A long last line may have been cut short by a cancellation. */
  if (weft_load_context_set_error_if_cancelled (context, error))
    goto fail;
  locale->n_lines = reader.line_no;

  weft_load_context_advance (context, len - reported);
  weft_input_window_finish (&window);

  finish (&p);
  weft_id_map_clear (&p.task_of_tid);
  weft_id_map_clear (&p.vdb_tids);

  return g_steal_pointer (&locale);

fail:
  weft_id_map_clear (&p.task_of_tid);
  weft_id_map_clear (&p.vdb_tids);
  return NULL;
}

/**
 * weft_chplvis_is_header:
 *
 * Returns: whether @head, the first bytes of a file, begin a VisualDebug file.
 */
gboolean
weft_chplvis_is_header (const char *head,
                        gsize       len)
{
  static const char magic[] = "ChplVdebug:";

  return head != NULL && len >= sizeof magic - 1 && memcmp (head, magic, sizeof magic - 1) == 0;
}

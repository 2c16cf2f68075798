/* weft-gen-check.c: validates traces line by line against the exact formats
 * of the tools that write them, for the generator's test.
 *
 * Each line is parsed, printed again with the writer's own printf format
 * (chpl-visual-debug.c, the VisAndOr writer's fprintf, MPD's trace.c) and
 * compared byte for byte; then the records are checked for consistency:
 * task lifetimes and ids, tags and the broadcast records of chplvis; time
 * order and the fork/goal and branch trees of VisAndOr; process lifetimes,
 * invocations and semaphores of MPD. The same rules hold for the real files
 * in ../shared/corpus, which the test also runs through this checker.
 *
 * Usage: weft-gen-check --format F [--events N] [--rows N] PATH
 * (PATH is the folder holding NAME-0 … for chplvis). Prints figures as
 * "KEY VALUE" lines; exits 1 if any line or rule fails.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#define MAX_TOKENS 32
#define MAX_LINE   4096
#define MAX_SHOWN  25

static guint64 n_failures;

static void report (const char *file,
                    guint64     line,
                    const char *format,
                    ...) G_GNUC_PRINTF (3, 4);

static void
report (const char *file,
        guint64     line,
        const char *format,
        ...)
{
  va_list args;

  n_failures++;
  if (n_failures > MAX_SHOWN)
    return;
  va_start (args, format);
  fprintf (stderr, "%s:%" G_GUINT64_FORMAT ": ", file, line);
  vfprintf (stderr, format, args);
  fputc ('\n', stderr);
  va_end (args);
}

/* --- Reading ---------------------------------------------------------------- */

typedef struct
{
  GMappedFile *map;
  const char  *path;
  const char  *p;
  const char  *end;
  guint64      lineno;
  char         line[MAX_LINE + 2];  /* the current line with its newline */
  gsize        len;
} Reader;

static gboolean
reader_open (Reader     *r,
             const char *path)
{
  g_autoptr(GError) error = NULL;

  memset (r, 0, sizeof *r);
  r->path = path;
  r->map = g_mapped_file_new (path, FALSE, &error);
  if (r->map == NULL)
    {
      report (path, 0, "%s", error->message);
      return FALSE;
    }
  r->p = g_mapped_file_get_contents (r->map);
  r->end = r->p + g_mapped_file_get_length (r->map);
  if (r->p == NULL)
    r->p = r->end = "";
  return TRUE;
}

static void
reader_close (Reader *r)
{
  g_clear_pointer (&r->map, g_mapped_file_unref);
}

/* The next line, newline included; FALSE at the end. A missing final newline
 * or an over-long line is reported. */
static gboolean
reader_next (Reader *r)
{
  const char *nl;
  gsize n;

  if (r->p >= r->end)
    return FALSE;
  nl = memchr (r->p, '\n', (gsize)(r->end - r->p));
  r->lineno++;
  if (nl == NULL)
    {
      report (r->path, r->lineno, "last line has no newline");
      nl = r->end - 1;
    }
  n = (gsize)(nl - r->p) + 1;
  if (n > MAX_LINE)
    {
      report (r->path, r->lineno, "line longer than %d bytes", MAX_LINE);
      n = MAX_LINE;
    }
  memcpy (r->line, r->p, n);
  r->line[n] = '\0';
  r->len = n;
  r->p = nl + 1;
  return TRUE;
}

/* Splits a copy of the line (without its newline) at single blanks; runs of
 * blanks give empty tokens, which the reprint comparison then rejects. */
static guint
split_tokens (const char *line,
              char       *copy,
              char      **tok)
{
  gsize len = strlen (line);
  guint n = 0;
  char *p;

  if (len > 0 && line[len - 1] == '\n')
    len--;
  memcpy (copy, line, len);
  copy[len] = '\0';
  p = copy;
  tok[n++] = p;
  for (; *p != '\0'; p++)
    if (*p == ' ')
      {
        *p = '\0';
        if (n == MAX_TOKENS)
          break;
        tok[n++] = p + 1;
      }
  return n;
}

static gboolean
parse_ll (const char *s,
          long long  *v)
{
  char *end;

  if (*s == '\0' || *s == ' ')
    return FALSE;
  errno = 0;
  *v = strtoll (s, &end, 10);
  return errno == 0 && *end == '\0';
}

static gboolean
parse_ull_base (const char         *s,
                int                 base,
                unsigned long long *v)
{
  char *end;

  if (*s == '\0' || *s == '-' || *s == '+' || *s == ' ')
    return FALSE;
  errno = 0;
  *v = strtoull (s, &end, base);
  return errno == 0 && *end == '\0';
}

/* "%lld.%06ld": seconds and microseconds, as one count of microseconds. */
static gboolean
parse_tv (const char *s,
          long long  *sec,
          long       *usec)
{
  const char *dot = strchr (s, '.');
  char buf[32];
  long long u;

  if (dot == NULL || (gsize)(dot - s) >= sizeof buf)
    return FALSE;
  memcpy (buf, s, (gsize)(dot - s));
  buf[dot - s] = '\0';
  if (!parse_ll (buf, sec) || !parse_ll (dot + 1, &u) || u < 0 || u > 999999)
    return FALSE;
  *usec = (long)u;
  return TRUE;
}

/* --- Chapel VisualDebug ------------------------------------------------------- */

enum
{
  TASK_CREATED = 1 << 0,
  TASK_BEGUN   = 1 << 1,
  TASK_ENDED   = 1 << 2,
  TASK_MARKED  = 1 << 3,  /* VdbMark'd: VisualDebug's own task */
};

typedef struct
{
  gint line;
  gint file;
} FidEntry;

typedef struct
{
  guint    n_files;
  double   seq;
  gint     tablesize;
  gint     fidnsize;
  GArray  *fids;           /* FidEntry, from locale 0 */
  GHashTable *kinds;       /* kind → count */
  GPtrArray *tag_names;
  guint64  lines;
  guint64  backsteps;
  gint64   max_backstep;   /* microseconds */
  guint64  tasks_o;
  guint64  tasks_o_incoming;
  guint64  tasks_l;
  guint64  pauses;
  guint64  left_running;   /* user tasks begun but not ended at End */
  /* forks sent to a locale with a fid, against on-tasks that arrived there */
  GHashTable *forks_out;   /* (rid << 32 | fid) → count */
  GHashTable *tasks_in;    /* (nid << 32 | fid) → count */
} ChplRun;

static void
count_kind (GHashTable *kinds,
            const char *kind)
{
  gpointer old = g_hash_table_lookup (kinds, kind);

  g_hash_table_insert (kinds, g_strdup (kind), GUINT_TO_POINTER (GPOINTER_TO_UINT (old) + 1));
}

static void
count_key (GHashTable *table,
           guint64     key)
{
  guint64 *k = g_new (guint64, 1);
  gpointer old;

  *k = key;
  old = g_hash_table_lookup (table, k);
  g_hash_table_insert (table, k, GSIZE_TO_POINTER (GPOINTER_TO_SIZE (old) + 1));
}

typedef struct
{
  const char *path;
  guint       nid;
  guint64     header_tid;
  GHashTable *tasks;          /* tid → flags */
  guint64     last_mark;      /* tid of the latest VdbMark */
  gboolean    have_mark;
  gint        tag;            /* latest Tag number, -1 before any */
  gint        tnames;         /* tname records seen */
  gboolean    ended;
  gint64      prev_t;
  gint64      max_t;
} ChplFile;

static guint
task_flags (ChplFile *f,
            guint64   tid)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (f->tasks, &tid));
}

static void
set_task_flags (ChplFile *f,
                guint64   tid,
                guint     flags)
{
  guint64 *key = g_new (guint64, 1);

  *key = tid;
  g_hash_table_insert (f->tasks, key, GUINT_TO_POINTER (flags));
}

/* Comm and fork records need a running task: one that began and has not
 * ended, main on locale 0, or VisualDebug's own task. */
static gboolean
task_is_running (ChplFile *f,
                 guint64   tid)
{
  guint flags = task_flags (f, tid);

  if (tid == f->header_tid && f->nid == 0)
    return TRUE;
  return ((flags & TASK_BEGUN) && !(flags & TASK_ENDED)) || (flags & TASK_MARKED && !(flags & TASK_ENDED));
}

static void
note_time (ChplRun  *run,
           ChplFile *f,
           gint64    t)
{
  if (f->prev_t > t)
    {
      run->backsteps++;
      run->max_backstep = MAX (run->max_backstep, f->prev_t - t);
    }
  f->prev_t = t;
  f->max_t = MAX (f->max_t, t);
}

static gboolean
check_fid_site (ChplRun    *run,
                ChplFile   *f,
                guint64     lineno,
                long long   fid,
                long long   line,
                long long   file)
{
  const FidEntry *e;

  if (run->fids == NULL || fid < 0 || fid >= (long long)run->fids->len)
    {
      report (f->path, lineno, "function id %lld is not in the FIDname table", fid);
      return FALSE;
    }
  e = &g_array_index (run->fids, FidEntry, fid);
  if (e->line != line || e->file != file)
    {
      report (f->path, lineno, "line %lld file %lld differ from FIDname %lld (%d %d)", line, file, fid,
              e->line, e->file);
      return FALSE;
    }
  return TRUE;
}

static void
check_chpl_record (ChplRun    *run,
                   ChplFile   *f,
                   guint64     lineno,
                   const char *line,
                   char      **tok,
                   guint       n)
{
  char kind[32];
  char out[MAX_LINE + 64];
  long long sec, a, b, c, d, e, g, h;
  long usec;
  unsigned long long tid, parent, addr, raddr;
  gsize klen = strlen (tok[0]);

  if (klen < 2 || klen >= sizeof kind || tok[0][klen - 1] != ':')
    {
      report (f->path, lineno, "no record kind");
      return;
    }
  memcpy (kind, tok[0], klen - 1);
  kind[klen - 1] = '\0';
  count_kind (run->kinds, kind);

  if (f->ended)
    report (f->path, lineno, "record after End");

  if (g_str_equal (kind, "task"))
    {
      gboolean incoming;

      if (n != 9 || !parse_tv (tok[1], &sec, &usec) || !parse_ll (tok[2], &a)
          || !parse_ull_base (tok[3], 10, &tid) || !parse_ull_base (tok[4], 10, &parent)
          || !(g_str_equal (tok[5], "O") || g_str_equal (tok[5], "L"))
          || !parse_ll (tok[6], &b) || !parse_ll (tok[7], &c) || !parse_ll (tok[8], &d))
        {
          report (f->path, lineno, "bad task record");
          return;
        }
      snprintf (out, sizeof out, "task: %lld.%06ld %lld %llu %llu %s %lld %d %d\n", sec, usec, a, tid, parent,
                tok[5], b, (int)c, (int)d);
      if (!g_str_equal (out, line))
        report (f->path, lineno, "task record differs from the runtime's format");
      note_time (run, f, sec * 1000000 + usec);
      if (a != f->nid)
        report (f->path, lineno, "task on locale %lld in the file of locale %u", a, f->nid);
      if (task_flags (f, tid) != 0 || tid == f->header_tid)
        report (f->path, lineno, "task id %llu used twice", tid);
      set_task_flags (f, tid, TASK_CREATED);

      incoming = tok[5][0] == 'O' && b == 0 && c == -5;
      if (incoming)
        {
          run->tasks_o_incoming++;
          count_key (run->tasks_in, ((guint64)f->nid << 32) | (guint64)d);
        }
      else
        {
          /* L tasks and local on-tasks carry the statement's position, the
           * same as their wrapper function's. */
          if (b <= 0 || c <= 0)
            report (f->path, lineno, "task without a source position");
          check_fid_site (run, f, lineno, d, b, c);
          if (parent != f->header_tid && task_flags (f, parent) == 0)
            report (f->path, lineno, "parent %llu is not a task of this locale", parent);
        }
      if (tok[5][0] == 'O')
        run->tasks_o++;
      else
        run->tasks_l++;
    }
  else if (g_str_equal (kind, "Btask") || g_str_equal (kind, "Etask") || g_str_equal (kind, "VdbMark"))
    {
      guint flags;

      if (n != 4 || !parse_tv (tok[1], &sec, &usec) || !parse_ll (tok[2], &a) || !parse_ull_base (tok[3], 10, &tid))
        {
          report (f->path, lineno, "bad %s record", kind);
          return;
        }
      snprintf (out, sizeof out, "%s: %lld.%06ld %lld %llu\n", kind, sec, usec, a, tid);
      if (!g_str_equal (out, line))
        report (f->path, lineno, "%s record differs from the runtime's format", kind);
      note_time (run, f, sec * 1000000 + usec);
      if (a != f->nid)
        report (f->path, lineno, "%s on locale %lld in the file of locale %u", kind, a, f->nid);

      flags = task_flags (f, tid);
      if (kind[0] == 'B')
        {
          if (!(flags & TASK_CREATED) || (flags & (TASK_BEGUN | TASK_ENDED)))
            report (f->path, lineno, "Btask for task %llu, which was not created or already began", tid);
          set_task_flags (f, tid, flags | TASK_BEGUN);
        }
      else if (kind[0] == 'E')
        {
          /* Without task/Btask: the on-task that ran startVdebug (the
           * header's), or a tag's on-task that arrived while paused. */
          gboolean allowed = (flags & TASK_BEGUN)
                             || (flags == 0 && f->nid != 0 && tid == f->header_tid)
                             || (flags == TASK_MARKED);

          if (!allowed || (flags & TASK_ENDED))
            report (f->path, lineno, "Etask for task %llu, which is not running", tid);
          set_task_flags (f, tid, flags | TASK_ENDED);
        }
      else
        {
          if (f->nid == 0 ? tid != f->header_tid : (flags & TASK_ENDED) || (flags != 0 && !(flags & TASK_BEGUN)))
            report (f->path, lineno, "VdbMark by task %llu, which cannot run VDebugTree here", tid);
          if (tid != f->header_tid)
            set_task_flags (f, tid, flags | TASK_MARKED);
          f->last_mark = tid;
          f->have_mark = TRUE;
        }
    }
  else if (g_str_equal (kind, "get") || g_str_equal (kind, "put") || g_str_equal (kind, "nb_get")
           || g_str_equal (kind, "nb_put") || g_str_equal (kind, "st_get") || g_str_equal (kind, "st_put"))
    {
      if (n != 12 || !parse_tv (tok[1], &sec, &usec) || !parse_ll (tok[2], &a) || !parse_ll (tok[3], &b)
          || !parse_ull_base (tok[4], 10, &tid) || !parse_ull_base (tok[5], 16, &addr)
          || !parse_ull_base (tok[6], 16, &raddr) || !parse_ll (tok[7], &c) || !parse_ll (tok[8], &d)
          || !parse_ll (tok[9], &e) || !parse_ll (tok[10], &g) || !parse_ll (tok[11], &h))
        {
          report (f->path, lineno, "bad %s record", kind);
          return;
        }
      snprintf (out, sizeof out, "%s: %lld.%06ld %d %d %llu %#lx %#lx %zd %zd %d %d %d\n", kind, sec, usec,
                (int)a, (int)b, tid, (unsigned long)addr, (unsigned long)raddr, (gssize)c, (gssize)d,
                (int)e, (int)g, (int)h);
      if (!g_str_equal (out, line))
        report (f->path, lineno, "%s record differs from the runtime's format", kind);
      note_time (run, f, sec * 1000000 + usec);
      if (a != f->nid || b < 0 || b >= run->n_files)
        report (f->path, lineno, "%s between locales %lld and %lld", kind, a, b);
      if (!task_is_running (f, tid))
        report (f->path, lineno, "%s by task %llu, which is not running", kind, tid);
      if (addr == 0 || raddr == 0 || d <= 0)
        report (f->path, lineno, "%s with a null address or no length", kind);
      if (g_str_equal (kind, "nb_put"))
        {
          if (e != -1 || g != -1 || h != 0 || c != 1)
            report (f->path, lineno, "nb_put is a cache write-back: commID -1, line -1, file 0");
        }
      else
        {
          if (e < 0 || g <= 0 || h <= 0 || h >= run->tablesize)
            report (f->path, lineno, "%s without a commID or source position", kind);
          if ((kind[0] == 's') != (c != 1))
            report (f->path, lineno, "%s with element size %lld", kind, c);
        }
    }
  else if (g_str_equal (kind, "fork") || g_str_equal (kind, "fork_nb") || g_str_equal (kind, "f_fork"))
    {
      if (n != 11 || !parse_tv (tok[1], &sec, &usec) || !parse_ll (tok[2], &a) || !parse_ll (tok[3], &b)
          || !parse_ll (tok[4], &c) || !parse_ll (tok[5], &d) || !parse_ull_base (tok[6], 16, &addr)
          || !parse_ll (tok[7], &e) || !parse_ull_base (tok[8], 10, &tid) || !parse_ll (tok[9], &g)
          || !parse_ll (tok[10], &h))
        {
          report (f->path, lineno, "bad %s record", kind);
          return;
        }
      snprintf (out, sizeof out, "%s: %lld.%06ld %d %d %d %d %#lx %zd %llu %d %d\n", kind, sec, usec, (int)a,
                (int)b, (int)c, (int)d, (unsigned long)addr, (gssize)e, tid, (int)g, (int)h);
      if (!g_str_equal (out, line))
        report (f->path, lineno, "%s record differs from the runtime's format", kind);
      note_time (run, f, sec * 1000000 + usec);
      if (a != f->nid || b < 0 || b >= run->n_files || b == a)
        report (f->path, lineno, "%s from locale %lld to %lld", kind, a, b);
      if (c != -2 || addr == 0 || e <= 0)
        report (f->path, lineno, "%s with subloc %lld, argument %#llx, size %lld", kind, c, addr, e);
      if (!task_is_running (f, tid))
        report (f->path, lineno, "%s by task %llu, which is not running", kind, tid);
      check_fid_site (run, f, lineno, d, g, h);
      if (kind[0] != 'f' || kind[1] != '_')
        count_key (run->forks_out, ((guint64)b << 32) | (guint64)d);
    }
  else if (g_str_equal (kind, "Tag") || g_str_equal (kind, "Pause") || g_str_equal (kind, "End"))
    {
      long long su, ss;
      long uu, us;
      gboolean is_end = kind[0] == 'E';

      if (n != (is_end ? 6u : 7u) || !parse_tv (tok[1], &sec, &usec) || !parse_tv (tok[2], &su, &uu)
          || !parse_tv (tok[3], &ss, &us) || !parse_ll (tok[4], &a) || !parse_ull_base (tok[5], 10, &tid)
          || (!is_end && !parse_ll (tok[6], &b)))
        {
          report (f->path, lineno, "bad %s record", kind);
          return;
        }
      if (is_end)
        snprintf (out, sizeof out, "End: %lld.%06ld %lld.%06ld %lld.%06ld %lld %llu\n", sec, usec, su, uu, ss, us,
                  a, tid);
      else
        snprintf (out, sizeof out, "%s: %lld.%06ld %lld.%06ld %lld.%06ld %lld %llu %d\n", kind, sec, usec, su, uu,
                  ss, us, a, tid, (int)b);
      if (!g_str_equal (out, line))
        report (f->path, lineno, "%s record differs from the runtime's format", kind);
      note_time (run, f, sec * 1000000 + usec);
      if (a != f->nid)
        report (f->path, lineno, "%s of locale %lld in the file of locale %u", kind, a, f->nid);
      /* The operation runs in VisualDebug's task: main on locale 0, the
       * on-task that wrote the latest VdbMark elsewhere. */
      if (!f->have_mark || tid != f->last_mark)
        report (f->path, lineno, "%s by task %llu, not the VdbMark'd task", kind, tid);
      if (kind[0] == 'T')
        {
          if (b != f->tag + 1)
            report (f->path, lineno, "Tag %lld after tag %d", b, f->tag);
          if (f->nid == 0 && b >= f->tnames)
            report (f->path, lineno, "Tag %lld without its tname", b);
          f->tag = (gint)b;
        }
      else if (kind[0] == 'P')
        {
          if (b != f->tag)
            report (f->path, lineno, "Pause names tag %lld, current is %d", b, f->tag);
          if (f->nid == 0)
            run->pauses++;
        }
      else
        {
          f->ended = TRUE;
        }
    }
  else if (g_str_equal (kind, "tname"))
    {
      const char *name;

      if (n < 3 || !parse_ll (tok[1], &a))
        {
          report (f->path, lineno, "bad tname record");
          return;
        }
      name = line + strlen ("tname: ") + strlen (tok[1]) + 1;
      snprintf (out, sizeof out, "tname: %d %s", (int)a, name);
      if (!g_str_equal (out, line))
        report (f->path, lineno, "tname record differs from the runtime's format");
      if (f->nid != 0 || a != f->tnames)
        report (f->path, lineno, "tname %lld out of sequence or not on locale 0", a);
      f->tnames++;
      g_ptr_array_add (run->tag_names, g_strndup (name, strlen (name) - 1));
    }
  else
    report (f->path, lineno, "unknown or misplaced record kind “%s”", kind);
}

/* Locale 0's tables: CHPL_HOME, DIR, SAVEC, Tablesize + fname lines,
 * FIDNsize + FIDname lines, in that order. */
static gboolean
check_chpl_tables (ChplRun *run,
                   Reader  *r)
{
  static const char * const heads[] = { "CHPL_HOME: ", "DIR: ", "SAVEC: " };
  char out[MAX_LINE + 64];
  long long v;

  for (guint i = 0; i < G_N_ELEMENTS (heads); i++)
    {
      if (!reader_next (r) || !g_str_has_prefix (r->line, heads[i]))
        {
          report (r->path, r->lineno, "expected %s", heads[i]);
          return FALSE;
        }
      count_kind (run->kinds, i == 0 ? "CHPL_HOME" : i == 1 ? "DIR" : "SAVEC");
    }

  if (!reader_next (r) || sscanf (r->line, "Tablesize: %lld", &v) != 1 || v < 0 || v > 1000000)
    {
      report (r->path, r->lineno, "expected Tablesize");
      return FALSE;
    }
  snprintf (out, sizeof out, "Tablesize: %d\n", (int)v);
  if (!g_str_equal (out, r->line))
    report (r->path, r->lineno, "Tablesize differs from the runtime's format");
  count_kind (run->kinds, "Tablesize");
  run->tablesize = (gint)v;
  for (gint i = 0; i < run->tablesize; i++)
    {
      char *tok[MAX_TOKENS];
      char copy[MAX_LINE + 2];
      guint n;

      if (!reader_next (r))
        return FALSE;
      n = split_tokens (r->line, copy, tok);
      /* An empty table entry is printed with a hard-coded index 0. */
      if (n < 3 || !g_str_equal (tok[0], "fname:") || !parse_ll (tok[1], &v)
          || (v != i && !(v == 0 && g_str_equal (tok[2], "<unknown>"))))
        {
          report (r->path, r->lineno, "expected fname %d", i);
          return FALSE;
        }
      snprintf (out, sizeof out, "fname: %d %s", (int)v, r->line + strlen ("fname: ") + strlen (tok[1]) + 1);
      if (!g_str_equal (out, r->line) || r->len < strlen ("fname: 0 x\n"))
        report (r->path, r->lineno, "fname differs from the runtime's format");
      count_kind (run->kinds, "fname");
    }

  if (!reader_next (r) || sscanf (r->line, "FIDNsize: %lld", &v) != 1 || v < 0 || v > 10000000)
    {
      report (r->path, r->lineno, "expected FIDNsize");
      return FALSE;
    }
  snprintf (out, sizeof out, "FIDNsize: %d\n", (int)v);
  if (!g_str_equal (out, r->line))
    report (r->path, r->lineno, "FIDNsize differs from the runtime's format");
  count_kind (run->kinds, "FIDNsize");
  run->fidnsize = (gint)v;
  run->fids = g_array_new (FALSE, FALSE, sizeof (FidEntry));
  for (gint i = 0; i < run->fidnsize; i++)
    {
      char *tok[MAX_TOKENS];
      char copy[MAX_LINE + 2];
      long long line, file;
      FidEntry e;
      guint n;

      if (!reader_next (r))
        return FALSE;
      n = split_tokens (r->line, copy, tok);
      if (n != 5 || !g_str_equal (tok[0], "FIDname:") || !parse_ll (tok[1], &v) || v != i
          || !parse_ll (tok[2], &line) || !parse_ll (tok[3], &file))
        {
          report (r->path, r->lineno, "expected FIDname %d", i);
          return FALSE;
        }
      snprintf (out, sizeof out, "FIDname: %d %d %d %s\n", (int)v, (int)line, (int)file, tok[4]);
      if (!g_str_equal (out, r->line))
        report (r->path, r->lineno, "FIDname differs from the runtime's format");
      if (file < 0 || file >= run->tablesize)
        report (r->path, r->lineno, "FIDname file %lld is not in the file table", file);
      e.line = (gint)line;
      e.file = (gint)file;
      g_array_append_val (run->fids, e);
      count_kind (run->kinds, "FIDname");
    }
  return TRUE;
}

static void
check_chpl_file (ChplRun    *run,
                 const char *path,
                 guint       nid)
{
  Reader r;
  ChplFile f = { 0 };
  char *tok[MAX_TOKENS];
  char copy[MAX_LINE + 2];
  char out[MAX_LINE + 64];
  long long nodes, fnid, sec, su, ss;
  long usec, uu, us;
  unsigned long long tid;
  double seq;
  guint n;
  GHashTableIter iter;
  gpointer key, value;

  if (!reader_open (&r, path))
    return;
  f.path = path;
  f.nid = nid;
  f.tag = -1;
  f.tasks = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  if (!reader_next (&r))
    {
      report (path, 1, "empty file");
      goto done;
    }
  n = split_tokens (r.line, copy, tok);
  if (n != 15 || !g_str_equal (tok[0], "ChplVdebug:") || !g_str_equal (tok[1], "ver")
      || !g_str_equal (tok[2], "1.4") || !parse_ll (tok[4], &nodes) || !parse_ll (tok[6], &fnid)
      || !parse_ull_base (tok[8], 10, &tid) || sscanf (tok[10], "%lf", &seq) != 1
      || !parse_tv (tok[11], &sec, &usec) || !parse_tv (tok[12], &su, &uu) || !parse_tv (tok[13], &ss, &us))
    {
      report (path, 1, "bad header");
      goto done;
    }
  snprintf (out, sizeof out,
            "ChplVdebug: ver 1.4 nodes %d nid %d tid %llu seq %.3lf %lld.%06ld %ld.%06ld %ld.%06ld \n",
            (int)nodes, (int)fnid, tid, seq, sec, usec, (long)su, uu, (long)ss, us);
  if (!g_str_equal (out, r.line))
    report (path, 1, "header differs from the runtime's format (the trailing blank?)");
  count_kind (run->kinds, "ChplVdebug");
  if (nodes != run->n_files || fnid != nid)
    report (path, 1, "header says nodes %lld nid %lld; %u files, this is %u", nodes, fnid, run->n_files, nid);
  if (nid == 0)
    run->seq = seq;
  else if (seq != run->seq)
    report (path, 1, "seq %.3f differs from locale 0's %.3f", seq, run->seq);
  f.header_tid = tid;
  f.prev_t = sec * 1000000 + usec;

  if (nid == 0 && !check_chpl_tables (run, &r))
    goto done;

  while (reader_next (&r))
    {
      n = split_tokens (r.line, copy, tok);
      check_chpl_record (run, &f, r.lineno, r.line, tok, n);
    }

  if (!f.ended)
    report (path, r.lineno, "the last record is not End");

  g_hash_table_iter_init (&iter, f.tasks);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint flags = GPOINTER_TO_UINT (value);

      if ((flags & TASK_BEGUN) && !(flags & (TASK_ENDED | TASK_MARKED)))
        run->left_running++;
      if ((flags & TASK_CREATED) && !(flags & TASK_BEGUN))
        report (path, r.lineno, "task %" G_GUINT64_FORMAT " was created but never began", *(guint64 *)key);
    }

done:
  run->lines += r.lineno;
  g_hash_table_unref (f.tasks);
  reader_close (&r);
}

static void
print_kinds (GHashTable *kinds)
{
  g_autoptr(GList) keys = g_list_sort (g_hash_table_get_keys (kinds), (GCompareFunc)strcmp);

  for (GList *l = keys; l != NULL; l = l->next)
    printf ("count %s %u\n", (const char *)l->data, GPOINTER_TO_UINT (g_hash_table_lookup (kinds, l->data)));
}

static guint64
check_chplvis (const char *dir,
               const char *root_name,
               guint       rows)
{
  g_autofree char *name = root_name != NULL ? g_strdup (root_name) : g_path_get_basename (dir);
  ChplRun run = { 0 };
  guint repeated = 0;
  GHashTableIter iter;
  gpointer key, value;

  while (TRUE)
    {
      g_autofree char *base = g_strdup_printf ("%s-%u", name, run.n_files);
      g_autofree char *path = g_build_filename (dir, base, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        break;
      run.n_files++;
    }
  if (run.n_files == 0)
    {
      report (dir, 0, "no %s-0 file", name);
      return 0;
    }
  if (rows > 0 && run.n_files != rows)
    report (dir, 0, "%u locale files, expected %u", run.n_files, rows);

  run.kinds = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  run.tag_names = g_ptr_array_new_with_free_func (g_free);
  run.forks_out = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  run.tasks_in = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  for (guint i = 0; i < run.n_files; i++)
    {
      g_autofree char *base = g_strdup_printf ("%s-%u", name, i);
      g_autofree char *path = g_build_filename (dir, base, NULL);

      check_chpl_file (&run, path, i);
    }

  /* Every fork that starts a task (fork, fork_nb) has its on-task on the
   * other side, with the same function id. */
  g_hash_table_iter_init (&iter, run.forks_out);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      gsize in = GPOINTER_TO_SIZE (g_hash_table_lookup (run.tasks_in, key));

      if (in != GPOINTER_TO_SIZE (value))
        report (dir, 0, "%zu forks to locale %u with fid %u, %zu on-tasks arrived", GPOINTER_TO_SIZE (value),
                (guint)(*(guint64 *)key >> 32), (guint)(*(guint64 *)key & 0xffffffff), in);
    }
  g_hash_table_iter_init (&iter, run.tasks_in);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!g_hash_table_contains (run.forks_out, key))
      report (dir, 0, "on-tasks on locale %u with fid %u that no fork started", (guint)(*(guint64 *)key >> 32),
              (guint)(*(guint64 *)key & 0xffffffff));

  for (guint i = 0; i < run.tag_names->len; i++)
    for (guint j = 0; j < i; j++)
      if (g_str_equal (g_ptr_array_index (run.tag_names, i), g_ptr_array_index (run.tag_names, j)))
        {
          repeated++;
          break;
        }

  printf ("files %u\n", run.n_files);
  printf ("lines %" G_GUINT64_FORMAT "\n", run.lines);
  print_kinds (run.kinds);
  printf ("tasks_O %" G_GUINT64_FORMAT "\n", run.tasks_o);
  printf ("tasks_O_incoming %" G_GUINT64_FORMAT "\n", run.tasks_o_incoming);
  printf ("tasks_L %" G_GUINT64_FORMAT "\n", run.tasks_l);
  printf ("tags %u\n", run.tag_names->len);
  printf ("tags_repeated %u\n", repeated);
  printf ("pauses %" G_GUINT64_FORMAT "\n", run.pauses);
  printf ("backsteps %" G_GUINT64_FORMAT "\n", run.backsteps);
  printf ("max_backstep_us %" G_GINT64_FORMAT "\n", run.max_backstep);
  printf ("left_running %" G_GUINT64_FORMAT "\n", run.left_running);

  g_hash_table_unref (run.kinds);
  g_hash_table_unref (run.forks_out);
  g_hash_table_unref (run.tasks_in);
  g_ptr_array_unref (run.tag_names);
  if (run.fids != NULL)
    g_array_unref (run.fids);
  return run.lines;
}

/* --- VisAndOr ------------------------------------------------------------------- */

enum
{
  EV_FORK = 1,
  EV_START_GOAL = 2,
  EV_FINISH_GOAL = 3,
  EV_JOIN = 4,
  EV_START_TIME = 5,
  EV_STOP_TIME = 6,
  EV_AGENT_BUSY = 7,
  EV_AGENT_IDLE = 8,
  EV_MAKE_PUBLIC = 20,
  EV_START_BRANCH = 21,
  EV_SUCC_BRANCH = 22,
  EV_FAIL_BRANCH = 23,
  EV_SUSPEND_BRANCH = 24,
  EV_RESUME_BRANCH = 25,
  EV_CUTTING_BRANCH = 26,
  EV_START_BUSY = 33,
  EV_STOP_BUSY = 34,
};

typedef struct
{
  gint     agent;      /* forking agent, or -1 */
  gint     n;
  gint     finished;
  gboolean joined;
  guint8  *state;      /* per task: 0 not started, 1 running, 2 done/ended, 3 suspended */
} VaNode;

typedef struct
{
  guint64 node;
  gint    task;
  guint64 waiting;     /* node this goal waits on (and mode), 0: none */
} VaFrame;

typedef struct
{
  gboolean known;
  guint64  wam;
  gboolean busy;        /* and: AGENT_BUSY/IDLE; or: slave START/STOP_BUSY */
  GArray  *stack;       /* and: VaFrame */
  gboolean running;     /* or: runs a branch */
  guint64  run_node;
  gint     run_branch;
  gint     slave_of;    /* or: the master whose branch it helps, or -1 */
  guint64  slave_node;
  gint     slave_branch;
} VaAgent;

static VaAgent *
va_agent (GArray *agents,
          gint    id)
{
  if ((guint)id >= agents->len)
    g_array_set_size (agents, (guint)id + 1);
  return &g_array_index (agents, VaAgent, id);
}

static void
va_node_free (gpointer data)
{
  VaNode *node = data;

  g_free (node->state);
  g_free (node);
}

static guint64
check_visandor (const char *path,
                guint       rows)
{
  Reader r;
  g_autoptr(GHashTable) nodes = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, va_node_free);
  g_autoptr(GHashTable) codes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GArray) agents = g_array_new (FALSE, TRUE, sizeof (VaAgent));
  guint64 prev_ts = 0;
  gboolean or_mode, started = FALSE, stopped = FALSE;
  guint64 events = 0, suspended_now = 0;
  gint max_agent = -1, max_depth = 0;

  if (!reader_open (&r, path))
    return 0;
  if (!reader_next (&r) || !(g_str_equal (r.line, "0\n") || g_str_equal (r.line, "1\n")))
    {
      report (path, 1, "the first line must be 0 (and) or 1 (or)");
      reader_close (&r);
      return r.lineno;
    }
  or_mode = r.line[0] == '1';

  while (reader_next (&r))
    {
      unsigned int ts, node, wam;
      int code, nb, agent, pos = -1;
      char out[256], key[16];
      guint64 nkey;
      VaNode *nd;
      VaAgent *ag;

      if (sscanf (r.line, "%u %d %X %d %X %d %n", &ts, &code, &node, &nb, &wam, &agent, &pos) != 6
          || pos != (int)r.len)
        {
          report (path, r.lineno, "not six numeric fields");
          continue;
        }
      snprintf (out, sizeof out, "%10u %d %X %d %X %d \n", ts, code, node, nb, wam, agent);
      if (!g_str_equal (out, r.line))
        report (path, r.lineno, "line differs from \"%%10u %%d %%X %%d %%X %%d \\n\"");
      events++;
      snprintf (key, sizeof key, "%d", code);
      count_kind (codes, key);

      if (stopped)
        report (path, r.lineno, "event after STOP_TIME");
      if (!started && code != EV_START_TIME)
        report (path, r.lineno, "the first event must be START_TIME");
      if (started && ts <= prev_ts)
        report (path, r.lineno, "timestamp %u does not increase (previous %" G_GUINT64_FORMAT ")", ts, prev_ts);
      prev_ts = ts;

      if (agent < 0 || agent > 100000 || (rows > 0 && (guint)agent >= rows))
        {
          report (path, r.lineno, "agent %d out of range", agent);
          continue;
        }
      ag = va_agent (agents, agent);
      if (!ag->known)
        {
          ag->known = TRUE;
          ag->wam = wam;
          ag->stack = g_array_new (FALSE, FALSE, sizeof (VaFrame));
          ag->slave_of = -1;
        }
      else if (ag->wam != wam)
        report (path, r.lineno, "agent %d changes WAM from %" G_GINT64_MODIFIER "X to %X", agent, ag->wam, wam);
      max_agent = MAX (max_agent, agent);

      nkey = node;
      nd = g_hash_table_lookup (nodes, &nkey);

      switch (code)
        {
        case EV_START_TIME:
          if (started)
            report (path, r.lineno, "second START_TIME");
          started = TRUE;
          break;

        case EV_STOP_TIME:
          stopped = TRUE;
          break;

        case EV_AGENT_BUSY:
        case EV_AGENT_IDLE:
          if (or_mode)
            report (path, r.lineno, "AGENT_BUSY/IDLE in an or-parallel trace");
          if ((code == EV_AGENT_BUSY) == ag->busy)
            report (path, r.lineno, "agent %d is already %s", agent, ag->busy ? "busy" : "idle");
          ag->busy = code == EV_AGENT_BUSY;
          break;

        case EV_FORK:
        case EV_MAKE_PUBLIC:
          if ((code == EV_FORK) == or_mode)
            report (path, r.lineno, "event %d does not belong in this kind of trace", code);
          if (nd != NULL)
            report (path, r.lineno, "node %X is created twice", node);
          if (nb < 1)
            report (path, r.lineno, "node %X with %d branches", node, nb);
          if (nd != NULL || nb < 1)
            break;
          nd = g_new0 (VaNode, 1);
          nd->agent = agent;
          nd->n = nb;
          nd->state = g_new0 (guint8, (gsize)nb);
          {
            guint64 *k = g_new (guint64, 1);

            *k = nkey;
            g_hash_table_insert (nodes, k, nd);
          }
          if (code == EV_FORK)
            {
              /* The forking goal is the agent's innermost running goal; it
               * waits for the JOIN. */
              if (!ag->busy)
                report (path, r.lineno, "FORK by idle agent %d", agent);
              if (ag->stack->len > 0)
                {
                  VaFrame *top = &g_array_index (ag->stack, VaFrame, ag->stack->len - 1);

                  if (top->waiting != 0)
                    report (path, r.lineno, "FORK by a goal that already waits for a JOIN");
                  top->waiting = nkey;
                }
              else
                {
                  VaFrame root = { 0, -1, nkey };

                  g_array_append_val (ag->stack, root);
                }
              max_depth = MAX (max_depth, (gint)ag->stack->len);
            }
          else
            {
              /* A branch that makes its node public ends there. */
              if (ag->slave_of >= 0)
                report (path, r.lineno, "MAKE_PUBLIC by a slave");
              if (ag->running)
                {
                  VaNode *parent = g_hash_table_lookup (nodes, &ag->run_node);

                  if (parent != NULL)
                    parent->state[ag->run_branch] = 2;
                  ag->running = FALSE;
                }
            }
          break;

        case EV_START_GOAL:
        case EV_FINISH_GOAL:
        case EV_JOIN:
          if (or_mode)
            report (path, r.lineno, "and-parallel event %d in an or-parallel trace", code);
          if (nd == NULL || nb < 0 || (code != EV_JOIN && nb >= nd->n))
            {
              report (path, r.lineno, "event %d for unknown node %X or task %d", code, node, nb);
              break;
            }
          if (!ag->busy)
            report (path, r.lineno, "event %d by idle agent %d", code, agent);
          if (code == EV_START_GOAL)
            {
              VaFrame frame = { nkey, nb, 0 };

              if (nd->state[nb] != 0)
                report (path, r.lineno, "task %d of node %X starts twice", nb, node);
              nd->state[nb] = 1;
              g_array_append_val (ag->stack, frame);
              max_depth = MAX (max_depth, (gint)ag->stack->len);
            }
          else if (code == EV_FINISH_GOAL)
            {
              VaFrame *top = ag->stack->len > 0 ? &g_array_index (ag->stack, VaFrame, ag->stack->len - 1) : NULL;

              if (top == NULL || top->node != nkey || top->task != nb || top->waiting != 0 || nd->state[nb] != 1)
                report (path, r.lineno, "FINISH_GOAL %X/%d is not agent %d's running goal", node, nb, agent);
              else
                g_array_set_size (ag->stack, ag->stack->len - 1);
              nd->state[nb] = 2;
              nd->finished++;
            }
          else
            {
              VaFrame *top = ag->stack->len > 0 ? &g_array_index (ag->stack, VaFrame, ag->stack->len - 1) : NULL;

              if (nb != nd->n || agent != nd->agent || nd->finished != nd->n || nd->joined)
                report (path, r.lineno, "JOIN %X/%d before all %d tasks finished, or by another agent", node, nb,
                        nd->n);
              if (top == NULL || top->waiting != nkey)
                report (path, r.lineno, "JOIN %X is not for agent %d's waiting goal", node, agent);
              else
                {
                  top->waiting = 0;
                  if (top->task < 0)
                    g_array_set_size (ag->stack, ag->stack->len - 1);
                }
              nd->joined = TRUE;
            }
          break;

        case EV_START_BRANCH:
        case EV_RESUME_BRANCH:
        case EV_SUCC_BRANCH:
        case EV_FAIL_BRANCH:
        case EV_SUSPEND_BRANCH:
        case EV_CUTTING_BRANCH:
          if (!or_mode)
            report (path, r.lineno, "or-parallel event %d in an and-parallel trace", code);
          if (nd == NULL || nb < 0 || nb >= nd->n)
            {
              report (path, r.lineno, "event %d for unknown node %X or branch %d", code, node, nb);
              break;
            }
          if (ag->slave_of >= 0)
            report (path, r.lineno, "branch event by agent %d while it is a slave", agent);
          if (code == EV_START_BRANCH || code == EV_RESUME_BRANCH)
            {
              guint8 want = code == EV_START_BRANCH ? 0 : 3;

              if (ag->running)
                report (path, r.lineno, "agent %d starts a branch while running %" G_GINT64_MODIFIER "X/%d", agent,
                        ag->run_node, ag->run_branch);
              if (nd->state[nb] != want)
                report (path, r.lineno, "branch %X/%d cannot %s", node, nb,
                        code == EV_START_BRANCH ? "start" : "resume");
              if (code == EV_RESUME_BRANCH)
                suspended_now--;
              nd->state[nb] = 1;
              ag->running = TRUE;
              ag->run_node = nkey;
              ag->run_branch = nb;
            }
          else
            {
              if (!ag->running || ag->run_node != nkey || ag->run_branch != nb || nd->state[nb] != 1)
                report (path, r.lineno, "event %d for %X/%d, which agent %d is not running", code, node, nb, agent);
              for (guint s = 0; s < agents->len; s++)
                {
                  VaAgent *slave = &g_array_index (agents, VaAgent, s);

                  if (slave->known && slave->slave_of == agent)
                    report (path, r.lineno, "branch %X/%d ends while agent %u still helps", node, nb, s);
                }
              nd->state[nb] = code == EV_SUSPEND_BRANCH ? 3 : 2;
              if (code == EV_SUSPEND_BRANCH)
                suspended_now++;
              ag->running = FALSE;
            }
          break;

        case EV_START_BUSY:
        case EV_STOP_BUSY:
          if (!or_mode)
            report (path, r.lineno, "slave event in an and-parallel trace");
          if (code == EV_START_BUSY)
            {
              gint master = -1;

              for (guint m = 0; m < agents->len; m++)
                {
                  VaAgent *a = &g_array_index (agents, VaAgent, m);

                  if (a->known && a->running && a->run_node == nkey && a->run_branch == nb)
                    master = (gint)m;
                }
              if (master < 0 || master == agent || ag->running || ag->slave_of >= 0)
                report (path, r.lineno, "agent %d cannot help with %X/%d", agent, node, nb);
              ag->slave_of = master;
              ag->slave_node = nkey;
              ag->slave_branch = nb;
            }
          else
            {
              if (ag->slave_of < 0 || ag->slave_node != nkey || ag->slave_branch != nb)
                report (path, r.lineno, "STOP_BUSY by agent %d, which does not help with %X/%d", agent, node, nb);
              ag->slave_of = -1;
            }
          break;

        default:
          report (path, r.lineno, "unknown event code %d", code);
          break;
        }
    }

  if (!stopped)
    report (path, r.lineno, "the last event is not STOP_TIME");
  for (guint a = 0; a < agents->len; a++)
    {
      VaAgent *ag = &g_array_index (agents, VaAgent, a);

      if (!ag->known)
        continue;
      if (ag->running || ag->slave_of >= 0 || (ag->stack != NULL && ag->stack->len > 0))
        report (path, r.lineno, "agent %u still works at STOP_TIME", a);
      if (ag->stack != NULL)
        g_array_unref (ag->stack);
    }
  {
    GHashTableIter iter;
    gpointer value;

    g_hash_table_iter_init (&iter, nodes);
    while (g_hash_table_iter_next (&iter, NULL, &value))
      {
        VaNode *nd = value;

        if (!or_mode && !nd->joined)
          report (path, r.lineno, "a fork of %d tasks never joined", nd->n);
      }
  }
  if (suspended_now > 0)
    report (path, r.lineno, "%" G_GUINT64_FORMAT " branches are still suspended", suspended_now);

  printf ("parallelism %s\n", or_mode ? "or" : "and");
  printf ("lines %" G_GUINT64_FORMAT "\n", r.lineno);
  printf ("events %" G_GUINT64_FORMAT "\n", events);
  printf ("agents %d\n", max_agent + 1);
  printf ("nodes %u\n", g_hash_table_size (nodes));
  printf ("max_depth %d\n", max_depth);
  print_kinds (codes);
  reader_close (&r);
  return r.lineno;
}

/* --- MPD ----------------------------------------------------------------------- */

static const char * const mpd_events[] = {
  "CREATER", "CREATEG", "CREATEV", "DESTROYR", "DESTROYV", "CALL", "SEND", "FORWARD", "REPLY", "RETURN",
  "BODY", "ENDBODY", "FINAL", "ENDFINAL", "PROC", "ENDPROC", "IN", "ARM", "NI", "CREATES", "INITS",
  "INITSARR", "P", "CONTP", "V", "CO", "OC",
};

typedef struct
{
  gboolean alive;
  char    *file;     /* where its BODY/PROC/FINAL is */
  gint     line;
  char    *name;
  gint     in_line;  /* line of the open IN, -1 if none */
  guint64  armed;    /* invoker of the latest ARM, for its NI */
  gboolean has_arm;
  gint     co_depth;
  guint64  waiting_p;
  gboolean has_p;
  guint64  last_sem;
  gboolean has_sem;
} MpdProc;

static void
mpd_proc_free (gpointer data)
{
  MpdProc *p = data;

  g_free (p->file);
  g_free (p->name);
  g_free (p);
}

static gboolean
is_starting_event (const char *ev)
{
  return g_str_equal (ev, "BODY") || g_str_equal (ev, "PROC") || g_str_equal (ev, "FINAL");
}

static gboolean
is_ending_event (const char *ev)
{
  return g_str_equal (ev, "ENDBODY") || g_str_equal (ev, "ENDPROC") || g_str_equal (ev, "ENDFINAL")
         || g_str_equal (ev, "RETURN");
}

static guint64
check_mpd (const char *path,
           guint       rows)
{
  Reader r;
  g_autoptr(GHashTable) procs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, mpd_proc_free);
  g_autoptr(GHashTable) pending = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GHashTable) sems = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) vms = g_hash_table_new (g_direct_hash, g_direct_equal);
  gboolean prefixed = FALSE, seen_createv = FALSE;
  guint64 lifetimes = 0, messages = 0, long_locations = 0, prefixed_lines = 0;

  if (!reader_open (&r, path))
    return 0;

  while (reader_next (&r))
    {
      char file[MAX_LINE], name[MAX_LINE], ev[64], out[2 * MAX_LINE + 256], loc[MAX_LINE + 32], pkey[64];
      const char *comma, *rest, *nl;
      unsigned long pid, obj;
      long long lno = 0;
      int vm = 1, pos = -1;
      gsize loc_len;
      gboolean line_prefixed;
      MpdProc *p;

      /* The location: "%s, %d  " padded to 20, or "(unknown location)  ". */
      if (g_str_has_prefix (r.line, "(unknown location)  "))
        {
          strcpy (loc, "(unknown location)  ");
          file[0] = '\0';
        }
      else
        {
          char *end;

          comma = strstr (r.line, ", ");
          if (comma == NULL || comma == r.line)
            {
              report (path, r.lineno, "no \"file, line\" location");
              continue;
            }
          memcpy (file, r.line, (gsize)(comma - r.line));
          file[comma - r.line] = '\0';
          lno = strtoll (comma + 2, &end, 10);
          snprintf (loc, sizeof loc, "%s, %d  ", file, (int)lno);
        }
      loc_len = strlen (loc);
      while (loc_len < 20)
        loc[loc_len++] = ' ';
      loc[loc_len] = '\0';
      if (strncmp (r.line, loc, loc_len) != 0)
        {
          report (path, r.lineno, "location differs from \"%%s, %%d  \" padded to 20");
          continue;
        }
      if (loc_len > 20)
        long_locations++;

      rest = r.line + loc_len;
      line_prefixed = g_str_has_prefix (rest, "vm(");
      if (line_prefixed)
        {
          if (sscanf (rest, "vm(%d).%s %63s %lX %lX %n", &vm, name, ev, &pid, &obj, &pos) != 5)
            {
              report (path, r.lineno, "bad vm(n).proc line");
              continue;
            }
          snprintf (out, sizeof out, "vm(%d).%-14s  %-8s  %-8lX  %-8lX\n", vm, name, ev, pid, obj);
          prefixed_lines++;
        }
      else
        {
          if (sscanf (rest, "%s %63s %lX %lX %n", name, ev, &pid, &obj, &pos) != 4)
            {
              report (path, r.lineno, "bad proc line");
              continue;
            }
          snprintf (out, sizeof out, "%-20s  %-8s  %-8lX  %-8lX\n", name, ev, pid, obj);
        }
      nl = strchr (rest, '\n');
      if (pos < 0 || rest + pos != nl + 1 || strcmp (out, rest) != 0)
        {
          report (path, r.lineno, "line differs from trace.c's format");
          continue;
        }
      count_kind (counts, ev);
      g_hash_table_add (vms, GINT_TO_POINTER (vm));

      {
        gboolean known = FALSE;

        for (guint i = 0; i < G_N_ELEMENTS (mpd_events); i++)
          known |= g_str_equal (ev, mpd_events[i]);
        if (!known)
          report (path, r.lineno, "unknown event %s", ev);
      }

      /* Lines written before the first "create vm" have no prefix; after it
       * every line has one, the main VM's included. */
      if (line_prefixed && !seen_createv)
        report (path, r.lineno, "vm(n). prefix before any CREATEV");
      if (!line_prefixed && prefixed)
        report (path, r.lineno, "unprefixed line after prefixed ones");
      prefixed |= line_prefixed;
      if (g_str_equal (ev, "CREATEV"))
        seen_createv = TRUE;

      snprintf (pkey, sizeof pkey, "%d:%lX", vm, pid);
      p = g_hash_table_lookup (procs, pkey);
      if (p == NULL)
        {
          p = g_new0 (MpdProc, 1);
          p->in_line = -1;
          g_hash_table_insert (procs, g_strdup (pkey), p);
          g_hash_table_add (ids, g_strdup (pkey));
        }

      if (is_starting_event (ev))
        {
          if (p->alive)
            report (path, r.lineno, "%s by process %lX, which is alive", ev, pid);
          p->alive = TRUE;
          lifetimes++;
          g_free (p->file);
          p->file = g_strdup (file);
          p->line = (gint)lno;
          g_free (p->name);
          p->name = g_strdup (name);
          p->in_line = -1;
          p->has_arm = FALSE;
          p->co_depth = 0;
          p->has_p = FALSE;
          p->has_sem = FALSE;
          if (g_str_equal (ev, "PROC"))
            {
              /* Started by a CALL, SEND or FORWARD of the process named
               * in the second field. */
              guint64 k = obj;
              gsize n = GPOINTER_TO_SIZE (g_hash_table_lookup (pending, &k));

              if (n == 0)
                report (path, r.lineno, "PROC for %lX, which invoked nothing", obj);
              else
                {
                  guint64 *kk = g_new (guint64, 1);

                  *kk = k;
                  g_hash_table_insert (pending, kk, GSIZE_TO_POINTER (n - 1));
                  messages++;
                }
            }
          else if (obj != 0)
            report (path, r.lineno, "%s with a second field %lX", ev, obj);
          continue;
        }

      if (!p->alive)
        {
          report (path, r.lineno, "%s by process %lX outside its lifetime", ev, pid);
          continue;
        }
      if (!g_str_equal (name, p->name))
        report (path, r.lineno, "process %lX is %s here, %s before", pid, name, p->name);

      if (is_ending_event (ev))
        {
          /* END… lines report the line of the BODY/PROC/FINAL. */
          if (!g_str_equal (ev, "RETURN") && (p->line != lno || !g_str_equal (p->file, file)))
            report (path, r.lineno, "%s at %s, %lld; it began at %s, %d", ev, file, lno, p->file, p->line);
          if (p->co_depth != 0 || p->has_p)
            report (path, r.lineno, "process %lX ends inside co/oc or a P", pid);
          p->alive = FALSE;
        }
      else if (g_str_equal (ev, "CALL") || g_str_equal (ev, "SEND") || g_str_equal (ev, "FORWARD"))
        {
          guint64 *k = g_new (guint64, 1);

          *k = pid;
          if (obj != 0 && !g_str_equal (ev, "FORWARD"))
            report (path, r.lineno, "%s with a second field %lX", ev, obj);
          g_hash_table_insert (pending, k, GSIZE_TO_POINTER (GPOINTER_TO_SIZE (g_hash_table_lookup (pending, k)) + 1));
        }
      else if (g_str_equal (ev, "IN"))
        {
          if (p->in_line >= 0)
            report (path, r.lineno, "IN inside an open IN");
          p->in_line = (gint)lno;
          p->has_arm = FALSE;
        }
      else if (g_str_equal (ev, "ARM"))
        {
          if (p->in_line < 0)
            report (path, r.lineno, "ARM outside an input statement");
          if (obj != pid)
            {
              guint64 k = obj;
              gsize n = GPOINTER_TO_SIZE (g_hash_table_lookup (pending, &k));

              if (n == 0)
                report (path, r.lineno, "ARM for %lX, which invoked nothing", obj);
              else
                {
                  guint64 *kk = g_new (guint64, 1);

                  *kk = k;
                  g_hash_table_insert (pending, kk, GSIZE_TO_POINTER (n - 1));
                  messages++;
                }
            }
          p->armed = obj;
          p->has_arm = TRUE;
        }
      else if (g_str_equal (ev, "NI"))
        {
          if (p->in_line != lno || !p->has_arm || p->armed != obj)
            report (path, r.lineno, "NI does not close the IN/ARM before it");
          p->in_line = -1;
          p->has_arm = FALSE;
        }
      else if (g_str_equal (ev, "CREATES"))
        {
          char skey[64];

          snprintf (skey, sizeof skey, "%d:%lX", vm, obj);
          if (g_hash_table_contains (sems, skey))
            report (path, r.lineno, "semaphore %lX created twice", obj);
          g_hash_table_insert (sems, g_strdup (skey), GINT_TO_POINTER (-1));
          p->last_sem = obj;
          p->has_sem = TRUE;
        }
      else if (g_str_equal (ev, "INITS"))
        {
          char skey[64];

          snprintf (skey, sizeof skey, "%d:%" G_GINT64_MODIFIER "X", vm, p->last_sem);
          if (!p->has_sem || GPOINTER_TO_INT (g_hash_table_lookup (sems, skey)) != -1)
            report (path, r.lineno, "INITS without its CREATES");
          else
            g_hash_table_insert (sems, g_strdup (skey), GINT_TO_POINTER ((gint)obj));
        }
      else if (g_str_equal (ev, "P") || g_str_equal (ev, "CONTP") || g_str_equal (ev, "V"))
        {
          char skey[64];
          gint value;

          snprintf (skey, sizeof skey, "%d:%lX", vm, obj);
          if (!g_hash_table_lookup_extended (sems, skey, NULL, NULL))
            {
              report (path, r.lineno, "%s on unknown semaphore %lX", ev, obj);
              continue;
            }
          value = GPOINTER_TO_INT (g_hash_table_lookup (sems, skey));
          if (ev[0] == 'P')
            {
              if (p->has_p)
                report (path, r.lineno, "P while blocked in a P");
              p->has_p = TRUE;
              p->waiting_p = obj;
            }
          else if (ev[0] == 'C')
            {
              if (!p->has_p || p->waiting_p != obj || value <= 0)
                report (path, r.lineno, "CONTP without its P, or on a semaphore at %d", value);
              p->has_p = FALSE;
              value--;
            }
          else
            value++;
          g_hash_table_insert (sems, g_strdup (skey), GINT_TO_POINTER (value));
        }
      else if (g_str_equal (ev, "CO"))
        p->co_depth++;
      else if (g_str_equal (ev, "OC"))
        {
          if (p->co_depth == 0)
            report (path, r.lineno, "OC without CO");
          else
            p->co_depth--;
        }
    }

  if (rows > 0)
    {
      /* Distinct ids per VM: the pool of process descriptors. */
      GHashTableIter iter;
      gpointer key;
      g_autoptr(GHashTable) per_vm = g_hash_table_new (g_direct_hash, g_direct_equal);

      g_hash_table_iter_init (&iter, ids);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        {
          gint vm = atoi (key);
          guint n = GPOINTER_TO_UINT (g_hash_table_lookup (per_vm, GINT_TO_POINTER (vm))) + 1;

          g_hash_table_insert (per_vm, GINT_TO_POINTER (vm), GUINT_TO_POINTER (n));
          if (n > rows)
            report (path, r.lineno, "more than %u process ids in vm %d", rows, vm);
        }
    }

  printf ("lines %" G_GUINT64_FORMAT "\n", r.lineno);
  printf ("vms %u\n", g_hash_table_size (vms));
  printf ("process_ids %u\n", g_hash_table_size (ids));
  printf ("lifetimes %" G_GUINT64_FORMAT "\n", lifetimes);
  printf ("messages %" G_GUINT64_FORMAT "\n", messages);
  printf ("long_locations %" G_GUINT64_FORMAT "\n", long_locations);
  printf ("prefixed_lines %" G_GUINT64_FORMAT "\n", prefixed_lines);
  print_kinds (counts);
  reader_close (&r);
  return r.lineno;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *format = NULL;
  g_autofree char *name = NULL;
  gint64 events = 0;
  gint rows = 0;
  guint64 lines;
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "chplvis, visandor or mpd", "FORMAT" },
    { "events", 'e', 0, G_OPTION_ARG_INT64, &events, "Fail unless the line count is within 10% of N", "N" },
    { "rows", 'r', 0, G_OPTION_ARG_INT, &rows, "Locales, agents, or process ids per VM (at most)", "N" },
    { "name", 'n', 0, G_OPTION_ARG_STRING, &name, "chplvis: root name of the files (default: the folder's)", "NAME" },
    { NULL }
  };

  context = g_option_context_new ("PATH - check every line of a trace against its writer's format");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || format == NULL || argc != 2)
    {
      g_printerr ("weft-gen-check: %s\n", error != NULL ? error->message : "usage: --format F PATH");
      return 2;
    }

  if (g_str_equal (format, "chplvis"))
    lines = check_chplvis (argv[1], name, (guint)rows);
  else if (g_str_equal (format, "visandor"))
    lines = check_visandor (argv[1], (guint)rows);
  else if (g_str_equal (format, "mpd"))
    lines = check_mpd (argv[1], (guint)rows);
  else
    {
      g_printerr ("weft-gen-check: unknown format %s\n", format);
      return 2;
    }

  if (events > 0 && ((double)lines < 0.9 * (double)events || (double)lines > 1.1 * (double)events))
    report (argv[1], 0, "%" G_GUINT64_FORMAT " lines, not within 10%% of %" G_GINT64_FORMAT, lines, events);

  printf ("failures %" G_GUINT64_FORMAT "\n", n_failures);
  if (n_failures > MAX_SHOWN)
    fprintf (stderr, "%s: … and %" G_GUINT64_FORMAT " more\n", argv[1], n_failures - MAX_SHOWN);
  return n_failures == 0 ? 0 : 1;
}

/* test-chplvis-parser.c: the Chapel VisualDebug reader, line by line and file by file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "weft-chplvis-parser.h"
#include "weft-chplvis-reader.h"
#include "weft-error.h"
#include "weft-test-util.h"
#include "weft-text-scan.h"

#define HEADER0 "ChplVdebug: ver 1.4 nodes 2 nid 0 tid 1 seq 100.000 1000.000000 1.000000 0.500000 \n"
#define HEADER1 "ChplVdebug: ver 1.4 nodes 2 nid 1 tid 5 seq 100.000 999.900000 0.200000 0.100000 \n"
#define END0    "End: 1000.700100 5.000000 1.000000 0 1\n"

static WeftChplvisLocale *
parse_text (const char       *text,
            WeftLoadContext  *context,
            GError          **error)
{
  return weft_chplvis_parse_locale (text, strlen (text), "mem", WEFT_CHPLVIS_PARSE_NONE, context, error);
}

/* Whether @context holds a warning for @line whose message contains @part. */
static gboolean
has_warning (WeftLoadContext *context,
             guint64          line,
             const char      *part)
{
  g_autoptr(GPtrArray) warnings = weft_load_context_dup_warnings (context);

  for (guint i = 0; i < warnings->len; i++)
    {
      const WeftWarning *warning = g_ptr_array_index (warnings, i);

      if (warning->line == line && strstr (warning->message, part) != NULL)
        return TRUE;
    }

  return FALSE;
}

static char *
fixture_path (const char *name)
{
  return weft_test_source_path ("tests", "chplvis", "fixtures", name, NULL);
}

static guint
count_flag (const WeftChplvisLocale *locale,
            guint8                   flag)
{
  guint n = 0;

  for (guint32 i = 0; i < locale->tasks.n; i++)
    if (locale->tasks.flags[i] & flag)
      n++;

  return n;
}

/* Header ------------------------------------------------------------------- */

static void
test_header (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftChplvisLocale) locale = NULL;

  locale = parse_text (HEADER0 END0, context, &error);
  g_assert_no_error (error);
  g_assert_nonnull (locale);
  g_assert_cmpint (locale->version_major, ==, 1);
  g_assert_cmpint (locale->version_minor, ==, 4);
  g_assert_cmpint (locale->n_nodes, ==, 2);
  g_assert_cmpint (locale->nid, ==, 0);
  g_assert_cmpuint (locale->tid, ==, 1);
  g_assert_cmpfloat (locale->seq, ==, 100.0);
  g_assert_cmpint (locale->start.time, ==, G_GINT64_CONSTANT (1000000000));
  g_assert_cmpint (locale->start.user, ==, 1000000);
  g_assert_cmpint (locale->start.sys, ==, 500000);
  g_assert_true (locale->complete);
  g_assert_cmpuint (locale->n_lines, ==, 2);
  g_assert_cmpuint (locale->records[WEFT_CHPLVIS_RECORD_HEADER], ==, 1);
  g_assert_cmpuint (locale->records[WEFT_CHPLVIS_RECORD_END], ==, 1);

  /* Locale 0's main task is made from the header. */
  g_assert_cmpuint (locale->tasks.n, ==, 1);
  g_assert_cmpuint (locale->tasks.tid[WEFT_CHPLVIS_MAIN_TASK], ==, 1);
  g_assert_cmpuint (locale->tasks.flags[0], ==,
                    WEFT_CHPLVIS_TASK_MAIN | WEFT_CHPLVIS_TASK_HAS_BEGIN | WEFT_CHPLVIS_TASK_HAS_END);
  g_assert_cmpint (locale->tasks.begin_time[0], ==, G_GINT64_CONSTANT (1000000000));
  g_assert_cmpint (locale->tasks.end_time[0], ==, G_GINT64_CONSTANT (1000700100));
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);
}

static void
expect_header_error (const char *text,
                     int         code,
                     const char *part)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftChplvisLocale) locale = NULL;

  locale = parse_text (text, context, &error);
  g_assert_null (locale);
  g_assert_error (error, WEFT_ERROR, code);
  g_assert_nonnull (strstr (error->message, "mem"));
  if (part != NULL && strstr (error->message, part) == NULL)
    g_error ("“%s” does not say “%s”", error->message, part);
}

static void
test_header_errors (void)
{
  expect_header_error ("", WEFT_ERROR_EMPTY, "empty");
  expect_header_error ("hello world\n", WEFT_ERROR_PARSE, "ChplVdebug:");
  expect_header_error ("ChplVdebug: nodes 2, id 0, seq 5.000 1.000000 0.1 0.1\n", WEFT_ERROR_UNSUPPORTED, "no format version");
  expect_header_error ("ChplVdebug: ver 1.1 nodes 2 nid 0 tid 1 seq 1.000 1.000000 0.1 0.1 \n",
                       WEFT_ERROR_UNSUPPORTED, "1.1");
  expect_header_error ("ChplVdebug: ver 2.0 nodes 2 nid 0 tid 1 seq 1.000 1.000000 0.1 0.1 \n",
                       WEFT_ERROR_UNSUPPORTED, "2.0");
  expect_header_error ("ChplVdebug: ver 1.4 nodes 0 nid 0 tid 1 seq 1.000 1.000000 0.1 0.1 \n",
                       WEFT_ERROR_UNSUPPORTED, "0 locales");
  expect_header_error ("ChplVdebug: ver 1.4 nodes 100000 nid 0 tid 1 seq 1.000 1.000000 0.1 0.1 \n",
                       WEFT_ERROR_UNSUPPORTED, "100000 locales");
  expect_header_error ("ChplVdebug: ver 1.4 nodes 2 nid 2 tid 1 seq 1.000 1.000000 0.1 0.1 \n",
                       WEFT_ERROR_PARSE, "locale id 2");
  expect_header_error ("ChplVdebug: ver 1.4 nodes 2 nid 0 tid 1 seq 1.000\n", WEFT_ERROR_PARSE, "malformed");
  expect_header_error ("ChplVdebug: ver 1.4 nodes 2 nid 0 tid 1 seq 1.000 1.000000 0.1 0.1 extra\n",
                       WEFT_ERROR_PARSE, "malformed");
  expect_header_error ("ChplVdebug: ver 1.4 nodes 99999999999 nid 0 tid 1 seq 1.000 1.000000 0.1 0.1 \n",
                       WEFT_ERROR_PARSE, "malformed");
  expect_header_error ("ChplVdebug: ver x.y nodes 2 nid 0 tid 1 seq 1.000 1.000000 0.1 0.1 \n",
                       WEFT_ERROR_PARSE, "malformed");
  expect_header_error ("ChplVdebug: ver 1.4 nodes 2 nid 0 tid 1 seq 1.000 9000000000000.000000 0.1 0.1 \n",
                       WEFT_ERROR_PARSE, "malformed");
}

static void
test_newer_version (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftChplvisLocale) locale = NULL;

  locale = parse_text ("ChplVdebug: ver 1.5 nodes 1 nid 0 tid 1 seq 1.000 1.000000 0.1 0.1 \n"
                       "End: 2.000000 0.2 0.2 0 1\n", context, &error);
  g_assert_no_error (error);
  g_assert_cmpint (locale->version_minor, ==, 5);
  g_assert_true (has_warning (context, 1, "newer than 1.4"));
}

/* Records ------------------------------------------------------------------ */

static void
test_records (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftChplvisLocale) locale = NULL;
  g_autofree char *path = fixture_path ("H2/H2-0");
  g_autofree char *text = NULL;
  gsize len;
  const WeftChplvisTasks *t;
  const WeftChplvisComms *c;
  const WeftChplvisForks *f;

  g_file_get_contents (path, &text, &len, &error);
  g_assert_no_error (error);
  locale = weft_chplvis_parse_locale (text, len, path, WEFT_CHPLVIS_PARSE_NONE, context, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);
  g_assert_cmpuint (locale->n_lines, ==, 47);
  g_assert_cmpuint (locale->n_skipped, ==, 0);

  /* Tables, names with spaces, the empty SAVEC. */
  g_assert_cmpstr (locale->tables.chpl_home, ==, "/opt/chapel");
  g_assert_cmpstr (locale->tables.dir, ==, "/home/me/prog");
  g_assert_cmpstr (locale->tables.savec, ==, "");
  g_assert_cmpint (locale->tables.table_size, ==, 3);
  g_assert_cmpint (locale->tables.fid_table_size, ==, 3);
  g_assert_cmpuint (locale->tables.files->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (locale->tables.files, 0), ==, "<unknown>");
  g_assert_cmpstr (g_ptr_array_index (locale->tables.files, 2), ==, "my prog.chpl");
  g_assert_cmpuint (locale->tables.functions->len, ==, 3);
  g_assert_cmpstr (g_array_index (locale->tables.functions, WeftChplvisFunction, 2).name, ==, "coforall fn with spaces");
  g_assert_cmpint (g_array_index (locale->tables.functions, WeftChplvisFunction, 2).line, ==, 20);
  g_assert_cmpint (g_array_index (locale->tables.functions, WeftChplvisFunction, 2).file, ==, 2);
  g_assert_cmpuint (locale->tables.tag_names->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (locale->tables.tag_names, 1), ==, "phase");
  g_assert_cmpstr (g_ptr_array_index (locale->tables.tag_names, 2), ==, "other");

  /* Record counts by kind. */
  g_assert_cmpuint (locale->records[WEFT_CHPLVIS_RECORD_TASK], ==, 5);
  g_assert_cmpuint (locale->records[WEFT_CHPLVIS_RECORD_BTASK], ==, 5);
  g_assert_cmpuint (locale->records[WEFT_CHPLVIS_RECORD_ETASK], ==, 4);
  g_assert_cmpuint (locale->records[WEFT_CHPLVIS_RECORD_VDBMARK], ==, 4);
  g_assert_cmpuint (locale->records[WEFT_CHPLVIS_RECORD_TAG], ==, 3);
  g_assert_cmpuint (locale->records[WEFT_CHPLVIS_RECORD_PAUSE], ==, 1);
  g_assert_cmpuint (locale->records[WEFT_CHPLVIS_RECORD_TNAME], ==, 3);
  g_assert_cmpuint (locale->records[WEFT_CHPLVIS_RECORD_FORK], ==, 2);
  g_assert_cmpuint (locale->records[WEFT_CHPLVIS_RECORD_ST_GET], ==, 1);
  g_assert_cmpuint (locale->n_tags, ==, 3);

  /* Tasks: main, 10, 11, 12 (VisualDebug's: main's child after VdbMark), 13, 14. */
  t = &locale->tasks;
  g_assert_cmpuint (t->n, ==, 6);
  g_assert_cmpuint (t->tid[1], ==, 10);
  g_assert_cmpuint (t->parent[1], ==, 1);
  g_assert_cmpint (t->create_time[1], ==, G_GINT64_CONSTANT (1000100000));
  g_assert_cmpint (t->begin_time[1], ==, G_GINT64_CONSTANT (1000110000));
  g_assert_cmpint (t->end_time[1], ==, G_GINT64_CONSTANT (1000160000));
  g_assert_cmpint (t->fid[1], ==, 2);
  g_assert_cmpint (t->src_line[1], ==, 20);
  g_assert_cmpint (t->src_file[1], ==, 2);
  g_assert_cmpuint (t->line[1], ==, 13);
  g_assert_cmpuint (t->begin_line[1], ==, 14);
  g_assert_cmpuint (t->end_line[1], ==, 19);
  g_assert_cmpuint (t->flags[1], ==, WEFT_CHPLVIS_TASK_HAS_BEGIN | WEFT_CHPLVIS_TASK_HAS_END);
  g_assert_cmpuint (t->tid[3], ==, 12);
  g_assert_true (t->flags[3] & WEFT_CHPLVIS_TASK_OVERHEAD);
  g_assert_cmpuint (count_flag (locale, WEFT_CHPLVIS_TASK_OVERHEAD), ==, 1);
  /* Task 13 begins in the tag after its creation and never ends. */
  g_assert_cmpuint (t->tid[4], ==, 13);
  g_assert_cmpuint (t->flags[4], ==, WEFT_CHPLVIS_TASK_HAS_BEGIN);
  g_assert_cmpuint (weft_chplvis_locale_task_segment (locale, 4), ==, 1);
  g_assert_cmpuint (weft_chplvis_locale_task_segment (locale, 5), ==, 2);
  g_assert_cmpuint (weft_chplvis_locale_task_segment (locale, 2), ==, 0);

  /* Schedule in file order: B10 B11 E10 B12 E12 | E11 | B13 B14 E14. */
  g_assert_cmpuint (locale->n_sched, ==, 9);
  g_assert_cmpuint (locale->sched[0], ==, 1);
  g_assert_cmpuint (locale->sched[2], ==, (1 | WEFT_CHPLVIS_SCHED_END));
  g_assert_cmpuint (locale->sched[5], ==, (2 | WEFT_CHPLVIS_SCHED_END));
  g_assert_cmpuint (locale->sched[6], ==, 4);

  /* Communication: zero pointers are fine, main's records go to task 0. */
  c = &locale->comms;
  g_assert_cmpuint (c->n, ==, 5);
  g_assert_cmpuint (c->kind[0], ==, WEFT_CHPLVIS_RECORD_GET);
  g_assert_cmpuint (c->peer[0], ==, 1);
  g_assert_cmpuint (weft_chplvis_comms_get_tid (locale, 0), ==, 10);
  g_assert_cmpuint (c->task[0], ==, 1);
  g_assert_cmpuint (weft_chplvis_comms_get_elem_size (c, 0), ==, 1);
  g_assert_cmpuint (weft_chplvis_comms_get_length (c, 0), ==, 100);
  g_assert_cmpint (c->comm_id[0], ==, 1);
  g_assert_cmpint (c->src_line[0], ==, 22);
  g_assert_cmpint (c->src_file[0], ==, 2);
  g_assert_cmpuint (c->line[0], ==, 17);
  g_assert_cmpuint (c->kind[1], ==, WEFT_CHPLVIS_RECORD_PUT);
  g_assert_cmpuint (c->task[1], ==, WEFT_CHPLVIS_MAIN_TASK);
  g_assert_cmpuint (c->kind[3], ==, WEFT_CHPLVIS_RECORD_ST_PUT);
  g_assert_cmpuint (weft_chplvis_comms_get_elem_size (c, 3), ==, 8);
  g_assert_cmpuint (weft_chplvis_comms_get_length (c, 3), ==, 4);
  for (guint32 i = 0; i < c->n; i++)
    g_assert_cmpuint (c->flags[i], ==, 0);

  f = &locale->forks;
  g_assert_cmpuint (f->n, ==, 4);
  g_assert_cmpuint (f->kind[0], ==, WEFT_CHPLVIS_RECORD_FORK);
  g_assert_cmpuint (f->flags[0], ==, WEFT_CHPLVIS_COMM_OVERHEAD);
  g_assert_cmpuint (f->task[0], ==, 3);
  g_assert_cmpint (f->subloc[0], ==, -2);
  g_assert_cmpint (f->fid[1], ==, 1);
  g_assert_cmpuint (weft_chplvis_forks_get_arg_size (f, 1), ==, 48);
  g_assert_cmpuint (f->task[1], ==, WEFT_CHPLVIS_MAIN_TASK);
  g_assert_cmpint (f->src_line[1], ==, 33);
  g_assert_cmpuint (f->kind[2], ==, WEFT_CHPLVIS_RECORD_FORK_NB);
  g_assert_cmpuint (f->kind[3], ==, WEFT_CHPLVIS_RECORD_F_FORK);
  g_assert_cmpuint (f->task[3], ==, 5);

  /* Marks and segments. */
  g_assert_cmpuint (locale->n_marks, ==, 5);
  g_assert_cmpint (locale->marks[0].kind, ==, WEFT_CHPLVIS_MARK_TAG);
  g_assert_cmpint (locale->marks[0].tag, ==, 0);
  g_assert_cmpuint (locale->marks[0].n_tasks, ==, 4);
  g_assert_cmpuint (locale->marks[0].n_comms, ==, 2);
  g_assert_cmpuint (locale->marks[0].n_forks, ==, 1);
  g_assert_cmpint (locale->marks[0].sample.user, ==, 2000000);
  g_assert_cmpint (locale->marks[2].kind, ==, WEFT_CHPLVIS_MARK_PAUSE);
  g_assert_cmpint (locale->marks[2].tag, ==, 1);
  g_assert_cmpint (locale->marks[4].kind, ==, WEFT_CHPLVIS_MARK_END);
  {
    WeftChplvisSegment segment;

    weft_chplvis_locale_get_segment (locale, 2, &segment);
    g_assert_true (segment.present);
    g_assert_cmpuint (segment.task_begin, ==, 5);
    g_assert_cmpuint (segment.task_end, ==, 6);
    g_assert_cmpuint (segment.sched_begin, ==, 6);
    g_assert_cmpuint (segment.sched_end, ==, 9);
    g_assert_cmpuint (segment.fork_begin, ==, 2);
    g_assert_cmpuint (segment.fork_end, ==, 4);
    weft_chplvis_locale_get_segment (locale, 4, &segment);
    g_assert_false (segment.present);
  }
  g_assert_cmpint (weft_chplvis_locale_get_end_time (locale), ==, G_GINT64_CONSTANT (1000700100));
}

/* Locale 1: the header's task and marked on-tasks are VisualDebug's; an on-task
 * that communicates before its own VdbMark keeps that communication. */
static void
test_overhead_filter (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftChplvisLocale) locale = NULL;
  g_autofree char *path = fixture_path ("H2/H2-1");
  g_autofree char *text = NULL;
  gsize len;
  const WeftChplvisTasks *t;

  g_file_get_contents (path, &text, &len, &error);
  g_assert_no_error (error);
  locale = weft_chplvis_parse_locale (text, len, path, WEFT_CHPLVIS_PARSE_NONE, context, &error);
  g_assert_no_error (error);
  /* The Etask of the start on-task (no task record) and of the tag that came
   * in while paused are expected: no warnings. */
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);

  t = &locale->tasks;
  g_assert_cmpuint (t->n, ==, 7);   /* 6 7 8 9 10 12 14 */
  g_assert_cmpuint (count_flag (locale, WEFT_CHPLVIS_TASK_OVERHEAD), ==, 4);
  g_assert_true (t->flags[0] & WEFT_CHPLVIS_TASK_OVERHEAD);     /* 6 */
  g_assert_false (t->flags[1] & WEFT_CHPLVIS_TASK_OVERHEAD);    /* 7 */
  g_assert_true (t->flags[1] & WEFT_CHPLVIS_TASK_ON);
  g_assert_false (t->flags[2] & WEFT_CHPLVIS_TASK_ON);          /* 8 */
  g_assert_true (t->flags[3] & WEFT_CHPLVIS_TASK_OVERHEAD);     /* 9 */
  g_assert_true (t->flags[3] & WEFT_CHPLVIS_TASK_ERASED);       /* it wrote Tag 1 */
  g_assert_cmpint (t->src_file[1], ==, -5);

  g_assert_cmpuint (locale->comms.n, ==, 2);
  g_assert_cmpuint (locale->comms.flags[0], ==, 0);
  g_assert_cmpuint (locale->comms.flags[1], ==, WEFT_CHPLVIS_COMM_OVERHEAD);
  g_assert_cmpuint (locale->comms.task[0], ==, 0);
}

static void
test_quirks (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftChplvisLocale) locale = NULL;

  locale = parse_text (HEADER1
                       "task: 1000.1 1 18446744073709551615 18446744073709551615 O 0 -5 3\r\n"
                       "Btask: 1000.2 1 18446744073709551615\r\n"
                       "fork: 1000.3 1 0 -2 3 0 16 18446744073709551615 7 2\r\n"
                       "nb_put: 1000.4 1 0 18446744073709551615 0 0x0 1 16 -1 -1 0\r\n"
                       "task: 1000.5 1 77 -1 L 1 1 1\r\n"
                       "tname: 1 \r\n"
                       "tname: 2 a tag   with spaces  \r\n"
                       "Etask: 1000.6 1 18446744073709551615\r\n"
                       "End: 1000.7 0.3 0.2 1 5\r\n", context, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);
  g_assert_cmpuint (locale->n_skipped, ==, 0);

  /* 18446744073709551615 is a task id like any other, and so is -1. */
  g_assert_cmpuint (locale->tasks.n, ==, 2);
  g_assert_cmpuint (locale->tasks.tid[0], ==, G_MAXUINT64);
  g_assert_cmpuint (locale->tasks.parent[0], ==, G_MAXUINT64);
  g_assert_cmpuint (locale->tasks.tid[1], ==, 77);
  g_assert_cmpuint (locale->tasks.parent[1], ==, G_MAXUINT64);
  g_assert_true (locale->tasks.flags[0] & WEFT_CHPLVIS_TASK_HAS_END);
  g_assert_cmpint (locale->tasks.end_time[0], ==, G_GINT64_CONSTANT (1000600000));
  g_assert_cmpint (locale->tasks.create_time[0], ==, G_GINT64_CONSTANT (1000100000));

  /* Zero pointers ("0", "0x0") are read; the records belong to the task. */
  g_assert_cmpuint (locale->forks.n, ==, 1);
  g_assert_cmpuint (locale->forks.task[0], ==, 0);
  g_assert_cmpuint (locale->comms.n, ==, 1);
  g_assert_cmpint (locale->comms.comm_id[0], ==, -1);
  g_assert_cmpint (locale->comms.src_line[0], ==, -1);

  /* An empty tag name, and trailing blanks kept as chplvis keeps them (its
   * loop that would drop them stops after the newline). */
  g_assert_cmpstr (g_ptr_array_index (locale->tables.tag_names, 1), ==, "");
  g_assert_cmpstr (g_ptr_array_index (locale->tables.tag_names, 2), ==, "a tag   with spaces  ");
  g_assert_true (locale->complete);
}

/* Values kept aside (WeftChplvisSparse): the tid of a record no task issued,
 * element sizes from 2^16 on, lengths and argument sizes from 2^32 on. */
static void
test_wide_values (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftChplvisLocale) locale = NULL;
  const WeftChplvisComms *c;
  const WeftChplvisForks *f;

  locale = parse_text (HEADER1
                       "task: 1000.1 1 5 1 L 0 1 1\n"
                       "Btask: 1000.2 1 5\n"
                       "put: 1000.3 1 0 5 0x1 0x2 1 8589934592 1 2 1\n"
                       "get: 1000.4 1 0 99 0x1 0x2 1 7 2 3 1\n"
                       "put: 1000.5 1 0 5 0x1 0x2 1 4294967295 3 4 1\n"
                       "st_get: 1000.6 1 0 5 0x1 0x2 8 4294967294 4 5 1\n"
                       "st_put: 1000.65 1 0 5 0x1 0x2 65535 2 5 5 1\n"
                       "fork: 1000.7 1 0 -2 0 0x7f20 1099511627776 99 6 1\n"
                       "fork: 1000.8 1 0 -2 0 0x7f20 48 5 7 1\n"
                       "Etask: 1000.9 1 5\n"
                       "End: 1001.0 0.3 0.2 1 5\n", context, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);

  c = &locale->comms;
  g_assert_cmpuint (c->n, ==, 5);
  g_assert_cmpuint (c->task[0], ==, 0);
  g_assert_cmpuint (c->task[1], ==, WEFT_CHPLVIS_NO_TASK);
  g_assert_cmpuint (weft_chplvis_comms_get_tid (locale, 0), ==, 5);
  g_assert_cmpuint (weft_chplvis_comms_get_tid (locale, 1), ==, 99);
  g_assert_cmpuint (weft_chplvis_comms_get_tid (locale, 2), ==, 5);
  g_assert_cmpuint (c->other_tid.n, ==, 1);
  g_assert_cmpuint (weft_chplvis_comms_get_length (c, 0), ==, G_GUINT64_CONSTANT (8589934592));
  g_assert_cmpuint (weft_chplvis_comms_get_length (c, 1), ==, 7);
  g_assert_cmpuint (weft_chplvis_comms_get_length (c, 2), ==, G_MAXUINT32);
  g_assert_cmpuint (weft_chplvis_comms_get_length (c, 3), ==, G_MAXUINT32 - 1);
  g_assert_cmpuint (c->wide_length.n, ==, 2);
  g_assert_cmpuint (weft_chplvis_comms_get_elem_size (c, 2), ==, 1);
  g_assert_cmpuint (weft_chplvis_comms_get_elem_size (c, 3), ==, 8);
  g_assert_cmpuint (weft_chplvis_comms_get_bytes (c, 3), ==, G_GUINT64_CONSTANT (8) * (G_MAXUINT32 - 1));
  g_assert_cmpuint (weft_chplvis_comms_get_elem_size (c, 4), ==, G_MAXUINT16);
  g_assert_cmpuint (c->wide_elem_size.n, ==, 1);

  f = &locale->forks;
  g_assert_cmpuint (f->n, ==, 2);
  g_assert_cmpuint (weft_chplvis_forks_get_tid (locale, 0), ==, 99);
  g_assert_cmpuint (weft_chplvis_forks_get_tid (locale, 1), ==, 5);
  g_assert_cmpuint (weft_chplvis_forks_get_arg_size (f, 0), ==, G_GUINT64_CONSTANT (1099511627776));
  g_assert_cmpuint (weft_chplvis_forks_get_arg_size (f, 1), ==, 48);
}

static void
test_malformed (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftChplvisLocale) locale = NULL;
  g_autoptr(GString) text = g_string_new (HEADER0);

  g_string_append (text, "garbage line without colon\n");                                  /* 2 */
  g_string_append (text, "Weird: 1000.1 0 1\n");                                           /* 3 */
  g_string_append (text, "task: 1000.1 0 2 1 X 1 1 1\n");                                  /* 4: not O or L */
  g_string_append (text, "task: 1000.1 0 2 1 L 1\n");                                      /* 5: too few */
  g_string_append (text, "task: 1000.1 0 2 1 L 1 1 1 1\n");                                /* 6: too many */
  g_string_append (text, "get: 1000.1 0 1 1 0x1 0x2 1 8 1\n");                             /* 7: too few */
  g_string_append (text, "get: 1000.1 0 1 1 0x1 0x2 1 8 1 2 3 4\n");                       /* 8: too many */
  g_string_append (text, "put: 1000.1 0 7 1 0x1 0x2 1 8 1 2 3\n");                         /* 9: rid 7 of 2 */
  g_string_append (text, "put: 1000.1 1 0 1 0x1 0x2 1 8 1 2 3\n");                         /* 10: nid 1 in locale 0 */
  g_string_append (text, "put: 1000.1 0 1 1 0xzz 0x2 1 8 1 2 3\n");                        /* 11: bad hex */
  g_string_append (text, "put: 1000.1 0 1 1 0x1 0x2 -1 8 1 2 3\n");                        /* 12: negative size */
  g_string_append (text, "fork: 1000.1 0 1 -2 1 0x1 16 1 7\n");                            /* 13: 9 fields */
  g_string_append (text, "Btask: nope 0 2\n");                                             /* 14 */
  g_string_append (text, "Tag: 1000.2 1.0 0.5 0 1\n");                                     /* 15: no tag number */
  g_string_append (text, "Tablesize: 2147483647\n");                                       /* 16: fine */
  g_string_append (text, "fname: 2147483647 huge.chpl\n");                                 /* 17 */
  g_string_append (text, "fname: -3 negative.chpl\n");                                     /* 18 */
  g_string_append (text, "FIDNsize: 99999999999\n");                                       /* 19 */
  g_string_append (text, "FIDname: -5 1 1 negative\n");                                    /* 20 */
  g_string_append (text, "tname: 99999999 huge tag\n");                                    /* 21 */
  g_string_append (text, "get: 1000.1 0 1 1 0x1 0x2 18446744073709551615 4 1 2 3\n");       /* 22: overflowing bytes */
  g_string_append (text, "get: 1000.1 0 1 1 0x1 0x2 1 8 99999999999 2 3\n");               /* 23: commID overflow */
  g_string_append_len (text, "\x00\x01\xff binary\n", 11);                                /* 24 */
  g_string_append (text, "Tag: 1000.3 1.0 0.5 0 1 7\n");                                   /* 25: tag 7 as tag 0 */
  g_string_append (text, "Btask: 9000000000000.000000 0 1\n");                             /* 26: year 287000 */
  g_string_append (text, "Etask: -5.000000 0 1\n");                                        /* 27: before 1970 */
  g_string_append (text, "\n");                                                            /* 28: blank */
  g_string_append (text, END0);                                                            /* 29 */

  locale = weft_chplvis_parse_locale (text->str, text->len, "mem", WEFT_CHPLVIS_PARSE_NONE, context, &error);
  g_assert_no_error (error);
  g_assert_nonnull (locale);

  g_assert_true (has_warning (context, 2, "not a VisualDebug record: “garbage line without colon”; line skipped"));
  g_assert_true (has_warning (context, 3, "not a VisualDebug record: “Weird: 1000.1 0 1”"));
  g_assert_true (has_warning (context, 4, "malformed task record: expected “task: TIME NID TID PARENT O|L LINE FILE FID”, "
                                          "found “task: 1000.1 0 2 1 X 1 1 1”; line skipped"));
  g_assert_true (has_warning (context, 5, "malformed task record"));
  g_assert_true (has_warning (context, 6, "malformed task record"));
  g_assert_true (has_warning (context, 7, "malformed get record"));
  g_assert_true (has_warning (context, 8, "malformed get record"));
  g_assert_true (has_warning (context, 9, "names locale 7"));
  g_assert_true (has_warning (context, 10, "is for locale 1"));
  g_assert_true (has_warning (context, 11, "malformed put record"));
  g_assert_true (has_warning (context, 12, "malformed put record"));
  g_assert_true (has_warning (context, 13, "malformed fork record"));
  g_assert_true (has_warning (context, 14, "malformed Btask record"));
  g_assert_true (has_warning (context, 15, "malformed Tag record"));
  g_assert_true (has_warning (context, 17, "file index 2147483647"));
  g_assert_true (has_warning (context, 18, "file index -3"));
  g_assert_true (has_warning (context, 19, "malformed FIDNsize record"));
  g_assert_true (has_warning (context, 20, "function id -5"));
  g_assert_true (has_warning (context, 21, "tag number 99999999"));
  g_assert_true (has_warning (context, 23, "malformed get record"));
  g_assert_true (has_warning (context, 24, "not a VisualDebug record: “\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd binary”"));
  g_assert_true (has_warning (context, 25, "tag number 7 where 0 was expected"));
  g_assert_true (has_warning (context, 26, "malformed Btask record"));
  g_assert_true (has_warning (context, 27, "malformed Etask record"));
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 24);
  g_assert_cmpuint (locale->n_skipped, ==, 23);

  /* Nothing was allocated by the huge indices. */
  g_assert_cmpuint (locale->tables.files->len, ==, 0);
  g_assert_cmpuint (locale->tables.functions->len, ==, 0);
  g_assert_cmpuint (locale->tables.tag_names->len, ==, 0);
  g_assert_cmpint (locale->tables.table_size, ==, 2147483647);

  /* The overflowing record is kept with its fields; bytes saturate later. */
  g_assert_cmpuint (locale->comms.n, ==, 1);
  g_assert_cmpuint (weft_chplvis_comms_get_elem_size (&locale->comms, 0), ==, G_MAXUINT64);
  g_assert_cmpuint (locale->tasks.n, ==, 1);
  g_assert_cmpuint (locale->n_tags, ==, 1);
  g_assert_cmpint (locale->marks[0].tag, ==, 0);
  g_assert_cmpint (locale->marks[0].tag_written, ==, 7);
  g_assert_true (locale->complete);
  /* Lines of a known kind count even when malformed. */
  g_assert_cmpuint (locale->records[WEFT_CHPLVIS_RECORD_TASK], ==, 3);
  g_assert_cmpuint (locale->records[WEFT_CHPLVIS_RECORD_GET], ==, 4);
}

static void
test_long_lines (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftChplvisLocale) locale = NULL;
  g_autoptr(GString) text = g_string_new (HEADER0);
  gsize name_len = 4 << 20;

  g_string_append (text, "fname: 1 ");
  for (gsize i = 0; i < name_len; i++)
    g_string_append_c (text, 'a' + (char)(i % 26));
  g_string_append (text, "\nget: 1000.1 0 1 1 0x1 0x2 1 8 1 2 3");
  for (gsize i = 0; i < name_len; i++)
    g_string_append (text, " 9");
  g_string_append (text, "\n");
  for (gsize i = 0; i < name_len; i++)
    g_string_append_c (text, 'x');
  g_string_append (text, "\n" END0);

  locale = weft_chplvis_parse_locale (text->str, text->len, "mem", WEFT_CHPLVIS_PARSE_NONE, context, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (strlen (g_ptr_array_index (locale->tables.files, 1)), ==, name_len);
  g_assert_true (has_warning (context, 3, "malformed get record"));
  g_assert_true (has_warning (context, 4, "not a VisualDebug record"));
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 2);
  g_assert_true (locale->complete);
}

/* A line of gigabytes (a damaged file: zeros) moves the progress on while it
 * is searched: the bar had stood still until the line ended. */
static void
test_long_line_progress (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftChplvisLocale) locale = NULL;
  gsize len = 3 * WEFT_TEXT_NEWLINE_STEP;
  char *data = weft_test_map_zeros (HEADER0, "\n" END0, len);

  weft_load_context_set_progress_func (context, weft_test_record_fraction, g_array_ref (fractions),
                                       (GDestroyNotify)g_array_unref);
  weft_load_context_add_work (context, len);
  locale = weft_chplvis_parse_locale (data, len, "zeros", WEFT_CHPLVIS_PARSE_NONE, context, &error);
  g_assert_no_error (error);
  g_assert_true (locale->complete);
  /* The search's second step ended two thirds in. */
  g_assert_cmpuint (weft_test_count_fractions (fractions, 0.5, 1.0), >=, 1);
  weft_test_unmap (data, len);
}

static void
test_truncated (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftChplvisLocale) locale = NULL;

  /* Cut in the middle of a record, with no End (a crashed run). */
  locale = parse_text (HEADER0
                       "task: 1000.1 0 2 1 L 1 1 1\n"
                       "Btask: 1000.2 0 2\n"
                       "get: 1000.3 0 1 2 0x1 0x2 1 8", context, &error);
  g_assert_no_error (error);
  g_assert_false (locale->complete);
  g_assert_cmpuint (locale->n_lines, ==, 4);
  g_assert_true (has_warning (context, 4, "cut short"));
  g_assert_cmpint (locale->last_time, ==, G_GINT64_CONSTANT (1000200000));
  g_assert_cmpint (weft_chplvis_locale_get_end_time (locale), ==, G_GINT64_CONSTANT (1000200000));
  /* Main runs to the last record; its end is not an Etask. */
  g_assert_false (locale->tasks.flags[0] & WEFT_CHPLVIS_TASK_HAS_END);
  g_assert_cmpint (locale->tasks.end_time[0], ==, G_GINT64_CONSTANT (1000200000));
  g_assert_cmpuint (locale->tasks.n, ==, 2);
}

static void
test_orphans (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftChplvisLocale) locale = NULL;

  locale = parse_text (HEADER0
                       "Etask: 1000.1 0 42\n"                 /* 2: no task, no Btask */
                       "Btask: 1000.2 0 43\n"                 /* 3: no task record */
                       "Etask: 1000.3 0 43\n"
                       "task: 1000.4 0 44 1 L 1 1 1\n"
                       "Etask: 1000.5 0 44\n"                 /* ends before it begins */
                       "Btask: 1000.6 0 44\n"                 /* 7 */
                       "Etask: 1000.7 0 44\n"                 /* 8: twice */
                       "task: 1000.8 0 44 1 L 1 1 1\n"        /* 9: the tid again */
                       END0, context, &error);
  g_assert_no_error (error);
  g_assert_true (has_warning (context, 2, "Etask for task 42"));
  g_assert_true (has_warning (context, 3, "Btask for task 43, which has no task record"));
  g_assert_true (has_warning (context, 7, "already ended"));
  g_assert_true (has_warning (context, 8, "already ended"));
  g_assert_true (has_warning (context, 9, "already created at line 5"));
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 5);

  g_assert_cmpuint (locale->tasks.n, ==, 4);
  g_assert_cmpuint (locale->tasks.tid[1], ==, 43);
  g_assert_cmpuint (locale->tasks.flags[1], ==,
                    WEFT_CHPLVIS_TASK_NO_RECORD | WEFT_CHPLVIS_TASK_HAS_BEGIN | WEFT_CHPLVIS_TASK_HAS_END);
  g_assert_cmpuint (locale->tasks.flags[2], ==, WEFT_CHPLVIS_TASK_HAS_END);
  g_assert_cmpuint (locale->tasks.flags[3], ==, WEFT_CHPLVIS_TASK_DUPLICATE);
  /* B43 E43 E44 */
  g_assert_cmpuint (locale->n_sched, ==, 3);
}

static void
test_records_after_end (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftChplvisLocale) locale = NULL;

  locale = parse_text (HEADER0 END0 "task: 1000.8 0 2 1 L 1 1 1\n" END0, context, &error);
  g_assert_no_error (error);
  g_assert_true (has_warning (context, 3, "after the End record"));
  g_assert_true (has_warning (context, 4, "second End"));
  g_assert_cmpuint (locale->tasks.n, ==, 2);
  g_assert_cmpuint (locale->n_marks, ==, 1);
}

static void
test_old_versions (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *path12 = fixture_path ("V12/V12-0");
  g_autofree char *path13 = fixture_path ("V13/V13-0");
  const char *paths12[] = { path12, NULL };
  const char *paths13[] = { path13, NULL };
  g_autoptr(WeftChplvisTrace) trace12 = NULL;
  g_autoptr(WeftChplvisTrace) trace13 = NULL;
  const WeftChplvisLocale *l;

  trace12 = weft_chplvis_read_paths (paths12, context, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (trace12->version, ==, "1.2");
  l = trace12->locales[0];
  g_assert_cmpint (l->tasks.fid[1], ==, -1);
  /* 1.2: ELEMSIZE TYPEINDEX LENGTH LINE FILE, no commID. */
  g_assert_cmpuint (weft_chplvis_comms_get_elem_size (&l->comms, 0), ==, 8);
  g_assert_cmpuint (weft_chplvis_comms_get_length (&l->comms, 0), ==, 16);
  g_assert_cmpint (l->comms.comm_id[0], ==, -1);
  g_assert_cmpint (l->comms.src_line[0], ==, 6);
  /* ELEMSIZE LENGTH LINE FILE. */
  g_assert_cmpuint (weft_chplvis_comms_get_length (&l->comms, 1), ==, 24);
  g_assert_cmpint (l->comms.src_line[1], ==, 7);
  /* Forks without line and file. */
  g_assert_cmpuint (weft_chplvis_forks_get_arg_size (&l->forks, 0), ==, 40);
  g_assert_cmpint (l->forks.src_line[0], ==, 0);
  g_assert_cmpuint (l->forks.task[0], ==, 1);

  trace13 = weft_chplvis_read_paths (paths13, context, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (trace13->version, ==, "1.3");
  l = trace13->locales[0];
  g_assert_cmpuint (weft_chplvis_comms_get_length (&l->comms, 0), ==, 16);
  g_assert_cmpint (l->comms.comm_id[0], ==, 99);
  g_assert_cmpint (l->tasks.fid[1], ==, 0);
  g_assert_cmpuint (l->forks.kind[0], ==, WEFT_CHPLVIS_RECORD_FORK_NB);
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);
}

/* Mutated lines never crash and never leave a half-made locale behind. */
static void
test_mutations (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = fixture_path ("H2/H2-0");
  g_autofree char *text = NULL;
  GRand *rand = g_rand_new_with_seed (20240601);
  gsize len;

  g_file_get_contents (path, &text, &len, &error);
  g_assert_no_error (error);

  for (guint round = 0; round < 3000; round++)
    {
      g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
      g_autoptr(WeftChplvisLocale) locale = NULL;
      g_autoptr(GError) local_error = NULL;
      g_autofree char *copy = g_memdup2 (text, len);
      gsize cut = len - g_rand_int_range (rand, 0, MIN ((gint32)len, 200));
      static const char bytes[] = "0123456789 -.:xOLEnd\n\t\xff";

      for (guint k = 0; k < 1 + round % 8; k++)
        copy[g_rand_int_range (rand, 0, (gint32)len)] = bytes[g_rand_int_range (rand, 0, sizeof bytes - 1)];
      locale = weft_chplvis_parse_locale (copy, cut, "mutant", WEFT_CHPLVIS_PARSE_NONE, context, &local_error);
      g_assert_true ((locale == NULL) != (local_error == NULL));
      if (locale != NULL)
        {
          g_assert_cmpuint (locale->tasks.n, <=, 7);
          for (guint32 i = 0; i < locale->n_sched; i++)
            g_assert_cmpuint (locale->sched[i] & WEFT_CHPLVIS_SCHED_TASK, <, locale->tasks.n);
          for (guint32 i = 0; i < locale->comms.n; i++)
            g_assert_true (locale->comms.task[i] == WEFT_CHPLVIS_NO_TASK || locale->comms.task[i] < locale->tasks.n);
        }
    }
  g_rand_free (rand);
}

/* Corpus ------------------------------------------------------------------- */

typedef struct
{
  const char *kind;
  guint64     count;
} RecordCount;

static void
check_record_counts (const WeftChplvisTrace *trace,
                     const RecordCount      *counts)
{
  guint64 expected[WEFT_CHPLVIS_N_RECORD_KINDS] = { 0 };

  for (guint i = 0; counts[i].kind != NULL; i++)
    {
      int kind = weft_chplvis_record_kind_from_name (counts[i].kind);

      g_assert_cmpint (kind, >=, 0);
      expected[kind] = counts[i].count;
    }
  for (guint k = 0; k < WEFT_CHPLVIS_N_RECORD_KINDS; k++)
    if (weft_chplvis_trace_count_records (trace, k) != expected[k])
      g_error ("%s: %" G_GUINT64_FORMAT " records, expected %" G_GUINT64_FORMAT,
               weft_chplvis_record_kind_name (k), weft_chplvis_trace_count_records (trace, k), expected[k]);
}

static void
test_fishlearning (void)
{
  g_autofree char *path = weft_test_shared_path ("corpus", "chplvis", "FishLearning-E1", "E1-0", NULL);
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftChplvisTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  const WeftChplvisLocale *l;
  static const RecordCount counts[] = {
    { "ChplVdebug", 1 }, { "CHPL_HOME", 1 }, { "DIR", 1 }, { "SAVEC", 1 }, { "Tablesize", 1 },
    { "fname", 96 }, { "FIDNsize", 1 }, { "FIDname", 39 }, { "task", 8632 }, { "Btask", 8632 },
    { "Etask", 8632 }, { "st_get", 4 }, { "VdbMark", 1 }, { "End", 1 }, { NULL, 0 }
  };
  const char *paths[2] = { NULL, NULL };
  guint n_overhead = 0;

  if (path == NULL)
    return;
  paths[0] = path;
  trace = weft_chplvis_read_paths (paths, context, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);
  g_assert_cmpuint (trace->n_locales, ==, 1);
  g_assert_cmpuint (trace->n_tags, ==, 0);
  g_assert_true (trace->complete);
  g_assert_cmpstr (trace->version, ==, "1.4");
  check_record_counts (trace, counts);

  l = trace->locales[0];
  g_assert_cmpuint (l->n_lines, ==, 26043);
  g_assert_cmpuint (l->tasks.n, ==, 8633);
  g_assert_cmpuint (trace->main_tid, ==, 1);
  g_assert_cmpint (trace->origin, ==, G_GINT64_CONSTANT (1577767073301808));
  g_assert_cmpint (trace->end, ==, G_GINT64_CONSTANT (1577767089117096));
  g_assert_cmpstr (trace->tables.savec, ==, "");

  /* The two last tasks are stopVdebug's, from VisualDebug.chpl:98 (fid 30). */
  for (guint32 i = 0; i < l->tasks.n; i++)
    if (l->tasks.flags[i] & WEFT_CHPLVIS_TASK_OVERHEAD)
      {
        const WeftChplvisFunction *function = weft_chplvis_trace_get_function (trace, l->tasks.fid[i]);

        n_overhead++;
        g_assert_cmpuint (i, >=, l->tasks.n - 2);
        g_assert_cmpint (l->tasks.fid[i], ==, 30);
        g_assert_cmpint (function->line, ==, 98);
        g_assert_true (g_str_has_suffix (weft_chplvis_trace_get_file_name (trace, function->file), "VisualDebug.chpl"));
      }
  g_assert_cmpuint (n_overhead, ==, 2);

  /* Every other task is a local child of main. */
  for (guint32 i = 1; i < l->tasks.n; i++)
    {
      g_assert_cmpuint (l->tasks.parent[i], ==, 1);
      g_assert_false (l->tasks.flags[i] & WEFT_CHPLVIS_TASK_ON);
      g_assert_cmpuint (l->tasks.flags[i] & (WEFT_CHPLVIS_TASK_HAS_BEGIN | WEFT_CHPLVIS_TASK_HAS_END), ==,
                        WEFT_CHPLVIS_TASK_HAS_BEGIN | WEFT_CHPLVIS_TASK_HAS_END);
    }

  /* The four strided gets are local: locale 0 from locale 0. */
  g_assert_cmpuint (l->comms.n, ==, 4);
  for (guint32 i = 0; i < l->comms.n; i++)
    {
      g_assert_cmpuint (l->comms.peer[i], ==, 0);
      g_assert_cmpuint (l->comms.kind[i], ==, WEFT_CHPLVIS_RECORD_ST_GET);
    }
  g_assert_cmpuint (weft_chplvis_comms_get_elem_size (&l->comms, 0), ==, 8);
  g_assert_cmpuint (weft_chplvis_comms_get_length (&l->comms, 0), ==, 64);
}

typedef struct
{
  const char        *run;
  const char        *folder;
  guint              n_locales;
  guint              n_tags;
  const RecordCount *counts;
} Run;

/* From chapel-1.25-runs/RUNS.md. */
static const RecordCount allkinds_counts[] = {
  { "ChplVdebug", 4 }, { "CHPL_HOME", 1 }, { "DIR", 1 }, { "SAVEC", 1 }, { "Tablesize", 1 }, { "fname", 97 },
  { "FIDNsize", 1 }, { "FIDname", 292 }, { "tname", 6 }, { "VdbMark", 32 }, { "Tag", 24 }, { "Pause", 4 },
  { "End", 4 }, { "task", 114 }, { "Btask", 114 }, { "Etask", 114 }, { "nb_get", 73 }, { "nb_put", 8 },
  { "st_get", 2 }, { "st_put", 2 }, { "fork", 29 }, { "fork_nb", 16 }, { "f_fork", 19 }, { NULL, 0 }
};
static const RecordCount chplvis1_counts[] = {
  { "ChplVdebug", 5 }, { "CHPL_HOME", 1 }, { "DIR", 1 }, { "SAVEC", 1 }, { "Tablesize", 1 }, { "fname", 95 },
  { "FIDNsize", 1 }, { "FIDname", 136 }, { "VdbMark", 5 }, { "End", 5 }, { "task", 21 }, { "Btask", 21 },
  { "Etask", 21 }, { "get", 8 }, { "nb_get", 36 }, { "fork", 8 }, { "fork_nb", 4 }, { "f_fork", 4 }, { NULL, 0 }
};
static const RecordCount chplvis4_counts[] = {
  { "ChplVdebug", 3 }, { "CHPL_HOME", 1 }, { "DIR", 1 }, { "SAVEC", 1 }, { "Tablesize", 1 }, { "fname", 95 },
  { "FIDNsize", 1 }, { "FIDname", 255 }, { "tname", 2 }, { "VdbMark", 9 }, { "Tag", 6 }, { "End", 3 },
  { "task", 66 }, { "Btask", 66 }, { "Etask", 66 }, { "get", 6 }, { "nb_get", 54 }, { "nb_put", 4 },
  { "fork", 14 }, { "fork_nb", 12 }, { "f_fork", 12 }, { NULL, 0 }
};
static const RecordCount tree_counts[] = {
  { "ChplVdebug", 4 }, { "CHPL_HOME", 1 }, { "DIR", 1 }, { "SAVEC", 1 }, { "Tablesize", 1 }, { "fname", 95 },
  { "FIDNsize", 1 }, { "FIDname", 265 }, { "tname", 13 }, { "VdbMark", 64 }, { "Tag", 52 }, { "Pause", 8 },
  { "End", 4 }, { "task", 312 }, { "Btask", 312 }, { "Etask", 312 }, { "nb_get", 266 }, { "nb_put", 21 },
  { "fork", 84 }, { "fork_nb", 30 }, { "f_fork", 30 }, { NULL, 0 }
};
static const RecordCount tiny_counts[] = {
  { "ChplVdebug", 2 }, { "CHPL_HOME", 1 }, { "DIR", 1 }, { "SAVEC", 1 }, { "Tablesize", 1 }, { "fname", 97 },
  { "FIDNsize", 1 }, { "FIDname", 138 }, { "VdbMark", 2 }, { "End", 2 }, { "task", 5 }, { "Btask", 5 },
  { "Etask", 5 }, { "nb_get", 1 }, { "nb_put", 1 }, { "fork", 2 }, { NULL, 0 }
};

static const Run runs[] = {
  { "allkinds-nl4", "ALLK", 4, 6, allkinds_counts },
  { "chplvis1-nl5", "E1", 5, 0, chplvis1_counts },
  { "chplvis4-nl3", "E4", 3, 2, chplvis4_counts },
  { "tree-nl4", "TREEvis", 4, 13, tree_counts },
  { "qt-tiny-nl2", "TINY", 2, 0, tiny_counts },
};

static void
test_runs (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    {
      g_autofree char *path = weft_test_shared_path ("corpus", "chplvis", "chapel-1.25-runs",
                                                     runs[i].run, runs[i].folder, NULL);
      g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
      g_autoptr(WeftChplvisTrace) trace = NULL;
      g_autoptr(GError) error = NULL;
      const char *paths[2] = { NULL, NULL };

      if (path == NULL)
        return;
      paths[0] = path;
      trace = weft_chplvis_read_paths (paths, context, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);
      g_assert_cmpuint (trace->n_locales, ==, runs[i].n_locales);
      g_assert_cmpuint (trace->n_tags, ==, runs[i].n_tags);
      g_assert_cmpuint (trace->sources->len, ==, runs[i].n_locales);
      g_assert_true (trace->complete);
      check_record_counts (trace, runs[i].counts);
      for (guint l = 0; l < trace->n_locales; l++)
        {
          g_assert_nonnull (trace->locales[l]);
          g_assert_cmpint (trace->locales[l]->nid, ==, (int)l);
          g_assert_cmpuint (trace->locales[l]->n_skipped, ==, 0);
        }
    }
}

/* The tree run: tasks and overhead per locale, checked against the files. */
static void
test_tree_overhead (void)
{
  g_autofree char *path = weft_test_shared_path ("corpus", "chplvis", "chapel-1.25-runs", "tree-nl4", "TREEvis", NULL);
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftChplvisTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  const char *paths[2] = { NULL, NULL };
  /* task records + main on locale 0; of them VisualDebug's; forks; VisualDebug's forks */
  static const guint expected[4][4] = { { 108, 56, 86, 28 }, { 63, 14, 21, 0 }, { 79, 28, 27, 14 }, { 63, 14, 10, 0 } };

  if (path == NULL)
    return;
  paths[0] = path;
  trace = weft_chplvis_read_paths (paths, context, &error);
  g_assert_no_error (error);
  for (guint l = 0; l < 4; l++)
    {
      const WeftChplvisLocale *locale = trace->locales[l];
      guint n_forks_overhead = 0;

      g_assert_cmpuint (locale->tasks.n, ==, expected[l][0]);
      g_assert_cmpuint (count_flag (locale, WEFT_CHPLVIS_TASK_OVERHEAD), ==, expected[l][1]);
      g_assert_cmpuint (locale->forks.n, ==, expected[l][2]);
      for (guint32 i = 0; i < locale->forks.n; i++)
        if (locale->forks.flags[i] & WEFT_CHPLVIS_COMM_OVERHEAD)
          n_forks_overhead++;
      g_assert_cmpuint (n_forks_overhead, ==, expected[l][3]);
      g_assert_cmpuint (locale->n_tags, ==, 13);
    }
  g_assert_cmpstr (weft_chplvis_trace_get_tag_name (trace, 0), ==, "decl 1");
  g_assert_cmpstr (weft_chplvis_trace_get_tag_name (trace, 12), ==, "cubeiter2");
}

/* File sets ---------------------------------------------------------------- */

static char *
write_file (const char *dir,
            const char *name,
            const char *contents)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);

  return path;
}

static char *
copy_fixture_run (const char *root,
                  const char *folder)
{
  g_autofree char *dir = g_build_filename (root, folder, NULL);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *from = fixture_path (i == 0 ? "H2/H2-0" : "H2/H2-1");
      g_autofree char *to_name = g_strdup_printf ("%s-%u", g_str_equal (folder, "weird") ? "H2" : folder, i);
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;

      g_file_get_contents (from, &text, NULL, &error);
      g_assert_no_error (error);
      g_free (write_file (dir, to_name, text));
    }

  return g_steal_pointer (&dir);
}

static WeftChplvisTrace *
read_one (const char       *path,
          WeftLoadContext  *context,
          GError          **error)
{
  const char *paths[2] = { path, NULL };

  return weft_chplvis_read_paths (paths, context, error);
}

static void
test_file_sets (void)
{
  g_autofree char *root = weft_test_make_tmp_dir ();
  g_autofree char *run = copy_fixture_run (root, "RUN");
  g_autofree char *vdebug = copy_fixture_run (root, ".Vdebug");
  g_autofree char *weird = copy_fixture_run (root, "weird");
  g_autofree char *cwd = g_build_filename (root, "cwd", NULL);
  g_autofree char *run1 = g_build_filename (run, "RUN-1", NULL);
  g_autofree char *run0 = g_build_filename (run, "RUN-0", NULL);
  g_autofree char *other = g_build_filename (root, "other", NULL);

  /* A folder NAME/ with NAME-k; one NAME-k and its siblings; .Vdebug/;
   * a folder holding .Vdebug/; a renamed folder with one family. */
  {
    g_autofree char *cwd_vdebug = copy_fixture_run (cwd, ".Vdebug");
    const char *const inputs[] = { run, run1, vdebug, weird, cwd };

    g_assert_true (g_file_test (cwd_vdebug, G_FILE_TEST_IS_DIR));
    for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
      {
        g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
        g_autoptr(WeftChplvisTrace) trace = NULL;
        g_autoptr(GError) error = NULL;

        trace = read_one (inputs[i], context, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (trace->n_locales, ==, 2);
        g_assert_cmpuint (trace->sources->len, ==, 2);
        g_assert_nonnull (trace->locales[0]);
        g_assert_nonnull (trace->locales[1]);
        g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);
        g_assert_true (g_str_has_suffix (g_ptr_array_index (trace->sources, 1), "-1"));
      }
  }

  /* Exactly the files given: one locale file alone lacks the other. */
  {
    g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
    g_autoptr(WeftChplvisTrace) trace = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(GFile) file0 = g_file_new_for_path (run0);
    GFile *files[] = { file0, file0 };
    g_autoptr(GPtrArray) found = NULL;
    g_autofree char *prefix = NULL;

    trace = weft_chplvis_read (files, 2, context, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (trace->n_locales, ==, 2);
    g_assert_nonnull (trace->locales[0]);
    g_assert_null (trace->locales[1]);
    g_assert_false (trace->complete);
    g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 1);
    g_assert_true (has_warning (context, 0, "locale 1 is missing"));

    found = weft_chplvis_find_locale_files (files, 2, &prefix, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (found->len, ==, 1);
    g_assert_true (g_str_has_suffix (prefix, "RUN/RUN-"));
  }

  /* A folder with nothing to read, and a path that is not there. */
  {
    g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
    g_autoptr(GError) error = NULL;
    g_autoptr(WeftChplvisTrace) trace = NULL;
    g_autofree char *missing = g_build_filename (root, "nothing-here", NULL);

    g_assert_cmpint (g_mkdir_with_parents (other, 0755), ==, 0);
    g_free (write_file (other, "notes.txt", "hello\n"));
    trace = read_one (other, context, &error);
    g_assert_null (trace);
    g_assert_error (error, WEFT_ERROR, WEFT_ERROR_EMPTY);
    g_clear_error (&error);

    trace = read_one (missing, context, &error);
    g_assert_null (trace);
    g_assert_nonnull (error);
  }

  weft_test_rm_rf (root);
}

static void
test_mismatches (void)
{
  g_autofree char *root = weft_test_make_tmp_dir ();
  g_autofree char *dir = g_build_filename (root, "M", NULL);
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftChplvisTrace) trace = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  /* Locale 0 says 4 locales; 1 says 3 and is from another run; 2 is
   * missing; 3 has no End; "M-4" claims to be locale 3 too; M-5 is empty. */
  g_free (write_file (dir, "M-0", "ChplVdebug: ver 1.4 nodes 4 nid 0 tid 1 seq 7.000 10.000000 0.1 0.1 \n"
                                  "tname: 0 t\n"
                                  "Tag: 10.5 0.2 0.2 0 1 0\n"
                                  "End: 11.000000 0.3 0.3 0 1\n"));
  g_free (write_file (dir, "M-1", "ChplVdebug: ver 1.4 nodes 3 nid 1 tid 5 seq 8.500 10.000000 0.1 0.1 \n"
                                  "End: 11.000000 0.3 0.3 1 5\n"));
  g_free (write_file (dir, "M-3", "ChplVdebug: ver 1.3 nodes 4 nid 3 tid 5 seq 7.000 9.000000 0.1 0.1 \n"
                                  "task: 10.2 3 6 2 O 0 -5 0\n"
                                  "Btask: 10.3 3 6\n"));
  g_free (write_file (dir, "M-4", "ChplVdebug: ver 1.4 nodes 4 nid 3 tid 5 seq 7.000 10.000000 0.1 0.1 \n"
                                  "End: 11.000000 0.3 0.3 3 5\n"));
  g_free (write_file (dir, "M-5", ""));

  trace = read_one (dir, context, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (trace->n_locales, ==, 4);
  g_assert_nonnull (trace->locales[0]);
  g_assert_nonnull (trace->locales[1]);
  g_assert_null (trace->locales[2]);
  g_assert_nonnull (trace->locales[3]);
  g_assert_cmpstr (trace->locales[3]->path + strlen (dir) + 1, ==, "M-3");
  g_assert_false (trace->complete);
  g_assert_cmpint (trace->origin, ==, 9000000);
  g_assert_cmpuint (trace->n_tags, ==, 1);

  {
    g_autofree char *m1 = g_build_filename (dir, "M-1", NULL);
    g_autofree char *m2 = g_build_filename (dir, "M-2", NULL);
    g_autofree char *m3 = g_build_filename (dir, "M-3", NULL);
    g_autofree char *m4 = g_build_filename (dir, "M-4", NULL);
    g_autofree char *m5 = g_build_filename (dir, "M-5", NULL);
    g_autoptr(GPtrArray) warnings = weft_load_context_dup_warnings (context);
    const char *expected[][2] = {
      { m1, "run has 3 locales" },
      { m1, "from another run" },
      { m1, "has 0 Tag records" },
      { m2, "locale 2 is missing" },
      { m3, "format 1.3" },
      { m3, "no End record" },
      { m4, "also locale 3" },
      { m4, "file name says locale 4" },
      { m5, "the file is empty; the file is left out" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
      {
        gboolean found = FALSE;

        for (guint j = 0; j < warnings->len && !found; j++)
          {
            const WeftWarning *warning = g_ptr_array_index (warnings, j);

            found = g_strcmp0 (warning->file, expected[i][0]) == 0 && strstr (warning->message, expected[i][1]) != NULL;
          }
        if (!found)
          g_error ("no warning “%s” for %s", expected[i][1], expected[i][0]);
      }
    g_assert_cmpuint (warnings->len, ==, G_N_ELEMENTS (expected) + 1);  /* + M-3's tag count */
    /* Each names its file once, in the warning's own field. */
    for (guint j = 0; j < warnings->len; j++)
      {
        const WeftWarning *warning = g_ptr_array_index (warnings, j);

        g_assert_true (warning->file == NULL || strstr (warning->message, warning->file) == NULL);
      }
  }

  weft_test_rm_rf (root);
}

static void
test_nothing_readable (void)
{
  g_autofree char *root = weft_test_make_tmp_dir ();
  g_autofree char *dir = g_build_filename (root, "Z", NULL);
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftChplvisTrace) trace = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_free (write_file (dir, "Z-0", "not a trace\n"));
  g_free (write_file (dir, "Z-1", ""));
  trace = read_one (dir, context, &error);
  g_assert_null (trace);
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "Z-0"));

  weft_test_rm_rf (root);
}

static void
test_cancel (void)
{
  g_autofree char *path = weft_test_shared_path ("corpus", "chplvis", "FishLearning-E1", "E1-0", NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(WeftLoadContext) context = weft_load_context_new (cancellable);
  g_autoptr(WeftChplvisTrace) trace = NULL;
  g_autoptr(GError) error = NULL;

  if (path == NULL)
    return;
  g_cancellable_cancel (cancellable);
  trace = read_one (path, context, &error);
  g_assert_null (trace);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* A locale file of the comm, fork, task and mark lines VisualDebug writes
 * (ended by \n or \r\n), each one damaged now and then (a character
 * replaced, added or dropped: blanks, signs, digits, letters, dots; numbers
 * of 19 and more digits), read with the fast path and with the full field
 * scanners only: the same records, values, skipped lines and warnings. */
static void
test_fast_path (void)
{
  static const char *const lines[] = {
    "get: 1000.100000 0 1 1 0x7f8948dabfb8 0x555f0a3c7d00 1 64 40 895 2",
    "put: 1000.100001 0 1 1 0x7f8948e398b8 0x7f8948202dd8 1 8 86 2643 29",
    "st_get: 1000.100002 0 1 1 0x7f8948cd1af0 0x7f89499e7280 8 16 34 2334 27",
    "nb_put: 1000.100003 0 1 18446744073709551615 0x0 0x1 1 4294967296 -1 0 0",
    "get: 1000.100004 0 1 1 0x7f8948dabfb8 0x555f0a3c7d00 1 3 64 40 2",
    "fork_nb: 1000.200000 0 1 -2 182 0x7f8950ffece0 256 1 49 60",
    "fork: 1000.200001 0 1 0 17 0x7f8950ffece0 8 1",
    "f_fork: 1000.200002 0 1 -2 182 0xABCDEF 1099511627776 -1 12 3 ",
    "task: 1000.300000 0 7 1 L 10 1 3",
    "task: 1000.300001 0 8 7 O 11 1",
    "task: 1000.300002 0 9 -1 L 0 -5 182",
    "Btask: 1000.300003 0 7",
    "Btask: 1000.300004 0 9",
    "Etask: 1000.300005 0 7",
    "Etask: 1000.300006 0 9",
    "Tag: 1000.400000 0.039614 0.006565 0 1 0",
    "Pause: 1000.400001 12.000001 0.5 0 1 0",
    "VdbMark: 1000.400002 0 7",
    "End: 1000.400003 0.041016 0.006834 0 1",
  };
  static const char alphabet[] = " \t+-.0x95aAfFgG@`/:";
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);

  for (guint file = 0; file < 400; file++)
    {
      g_autoptr(GString) text = g_string_new (HEADER0 "task: 1000.000100 0 1 0 L 1 1 0\n");
      g_autoptr(WeftLoadContext) fast_context = weft_load_context_new (NULL);
      g_autoptr(WeftLoadContext) full_context = weft_load_context_new (NULL);
      g_autoptr(GPtrArray) fast_warnings = NULL;
      g_autoptr(GPtrArray) full_warnings = NULL;
      g_autoptr(WeftChplvisLocale) fast = NULL;
      g_autoptr(WeftChplvisLocale) full = NULL;
      const WeftChplvisComms *fc, *uc;
      const WeftChplvisForks *ff, *uf;
      const WeftChplvisTasks *ft, *ut;

      for (guint i = 0; i < 60; i++)
        {
          g_autoptr(GString) line = g_string_new (lines[g_rand_int_range (rand, 0, G_N_ELEMENTS (lines))]);

          weft_test_damage_line (line, rand, alphabet, "1234567890123456");
          /* A third of the files end their lines as Windows would. */
          g_string_append_printf (text, file % 3 == 0 ? "%s\r\n" : "%s\n", line->str);
        }

      fast = weft_chplvis_parse_locale (text->str, text->len, "mem", WEFT_CHPLVIS_PARSE_NONE, fast_context, NULL);
      full = weft_chplvis_parse_locale (text->str, text->len, "mem", WEFT_CHPLVIS_PARSE_FULL_SCAN, full_context,
                                        NULL);
      g_assert_nonnull (fast);
      g_assert_nonnull (full);
      g_assert_cmpuint (fast->n_skipped, ==, full->n_skipped);
      for (guint k = 0; k < WEFT_CHPLVIS_N_RECORD_KINDS; k++)
        g_assert_cmpuint (fast->records[k], ==, full->records[k]);

      fc = &fast->comms;
      uc = &full->comms;
      g_assert_cmpuint (fc->n, ==, uc->n);
      for (guint32 i = 0; i < fc->n; i++)
        {
          g_assert_cmpint (fc->time[i], ==, uc->time[i]);
          g_assert_cmpuint (weft_chplvis_comms_get_length (fc, i), ==, weft_chplvis_comms_get_length (uc, i));
          g_assert_cmpuint (weft_chplvis_comms_get_elem_size (fc, i), ==, weft_chplvis_comms_get_elem_size (uc, i));
          g_assert_cmpuint (weft_chplvis_comms_get_tid (fast, i), ==, weft_chplvis_comms_get_tid (full, i));
          g_assert_cmpint (fc->comm_id[i], ==, uc->comm_id[i]);
          g_assert_cmpint (fc->src_line[i], ==, uc->src_line[i]);
          g_assert_cmpint (fc->src_file[i], ==, uc->src_file[i]);
          g_assert_cmpuint (fc->line[i], ==, uc->line[i]);
          g_assert_cmpuint (fc->task[i], ==, uc->task[i]);
          g_assert_cmpuint (fc->peer[i], ==, uc->peer[i]);
          g_assert_cmpuint (fc->kind[i], ==, uc->kind[i]);
          g_assert_cmpuint (fc->flags[i], ==, uc->flags[i]);
        }

      ff = &fast->forks;
      uf = &full->forks;
      g_assert_cmpuint (ff->n, ==, uf->n);
      for (guint32 i = 0; i < ff->n; i++)
        {
          g_assert_cmpint (ff->time[i], ==, uf->time[i]);
          g_assert_cmpuint (weft_chplvis_forks_get_arg_size (ff, i), ==, weft_chplvis_forks_get_arg_size (uf, i));
          g_assert_cmpuint (weft_chplvis_forks_get_tid (fast, i), ==, weft_chplvis_forks_get_tid (full, i));
          g_assert_cmpint (ff->fid[i], ==, uf->fid[i]);
          g_assert_cmpint (ff->subloc[i], ==, uf->subloc[i]);
          g_assert_cmpint (ff->src_line[i], ==, uf->src_line[i]);
          g_assert_cmpint (ff->src_file[i], ==, uf->src_file[i]);
          g_assert_cmpuint (ff->line[i], ==, uf->line[i]);
          g_assert_cmpuint (ff->peer[i], ==, uf->peer[i]);
          g_assert_cmpuint (ff->kind[i], ==, uf->kind[i]);
        }

      ft = &fast->tasks;
      ut = &full->tasks;
      g_assert_cmpuint (ft->n, ==, ut->n);
      for (guint32 i = 0; i < ft->n; i++)
        {
          g_assert_cmpuint (ft->tid[i], ==, ut->tid[i]);
          g_assert_cmpuint (ft->parent[i], ==, ut->parent[i]);
          g_assert_cmpint (ft->create_time[i], ==, ut->create_time[i]);
          g_assert_cmpuint (ft->flags[i], ==, ut->flags[i]);
          if (ft->flags[i] & WEFT_CHPLVIS_TASK_HAS_BEGIN)
            g_assert_cmpint (ft->begin_time[i], ==, ut->begin_time[i]);
          if (ft->flags[i] & WEFT_CHPLVIS_TASK_HAS_END)
            g_assert_cmpint (ft->end_time[i], ==, ut->end_time[i]);
          g_assert_cmpint (ft->fid[i], ==, ut->fid[i]);
          g_assert_cmpint (ft->src_line[i], ==, ut->src_line[i]);
          g_assert_cmpint (ft->src_file[i], ==, ut->src_file[i]);
          g_assert_cmpuint (ft->line[i], ==, ut->line[i]);
          g_assert_cmpuint (ft->begin_line[i], ==, ut->begin_line[i]);
          g_assert_cmpuint (ft->end_line[i], ==, ut->end_line[i]);
        }

      g_assert_cmpuint (fast->n_marks, ==, full->n_marks);
      for (guint32 i = 0; i < fast->n_marks; i++)
        {
          g_assert_cmpint (fast->marks[i].sample.time, ==, full->marks[i].sample.time);
          g_assert_cmpint (fast->marks[i].sample.user, ==, full->marks[i].sample.user);
          g_assert_cmpint (fast->marks[i].sample.sys, ==, full->marks[i].sample.sys);
          g_assert_cmpint (fast->marks[i].kind, ==, full->marks[i].kind);
          g_assert_cmpint (fast->marks[i].tag, ==, full->marks[i].tag);
          g_assert_cmpuint (fast->marks[i].tid, ==, full->marks[i].tid);
        }

      fast_warnings = weft_load_context_dup_warnings (fast_context);
      full_warnings = weft_load_context_dup_warnings (full_context);
      g_assert_cmpuint (fast_warnings->len, ==, full_warnings->len);
      for (guint i = 0; i < fast_warnings->len; i++)
        {
          g_autofree char *a = weft_warning_to_string (g_ptr_array_index (fast_warnings, i));
          g_autofree char *b = weft_warning_to_string (g_ptr_array_index (full_warnings, i));

          g_assert_cmpstr (a, ==, b);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chplvis/parser/header", test_header);
  g_test_add_func ("/chplvis/parser/header-errors", test_header_errors);
  g_test_add_func ("/chplvis/parser/newer-version", test_newer_version);
  g_test_add_func ("/chplvis/parser/records", test_records);
  g_test_add_func ("/chplvis/parser/overhead-filter", test_overhead_filter);
  g_test_add_func ("/chplvis/parser/quirks", test_quirks);
  g_test_add_func ("/chplvis/parser/wide-values", test_wide_values);
  g_test_add_func ("/chplvis/parser/malformed", test_malformed);
  g_test_add_func ("/chplvis/parser/long-lines", test_long_lines);
  g_test_add_func ("/chplvis/parser/long-line-progress", test_long_line_progress);
  g_test_add_func ("/chplvis/parser/truncated", test_truncated);
  g_test_add_func ("/chplvis/parser/orphans", test_orphans);
  g_test_add_func ("/chplvis/parser/records-after-end", test_records_after_end);
  g_test_add_func ("/chplvis/parser/old-versions", test_old_versions);
  g_test_add_func ("/chplvis/parser/mutations", test_mutations);
  g_test_add_func ("/chplvis/reader/fishlearning", test_fishlearning);
  g_test_add_func ("/chplvis/reader/runs", test_runs);
  g_test_add_func ("/chplvis/reader/tree-overhead", test_tree_overhead);
  g_test_add_func ("/chplvis/reader/file-sets", test_file_sets);
  g_test_add_func ("/chplvis/reader/mismatches", test_mismatches);
  g_test_add_func ("/chplvis/reader/nothing-readable", test_nothing_readable);
  g_test_add_func ("/chplvis/reader/cancel", test_cancel);
  g_test_add_func ("/chplvis/parser/fast-path", test_fast_path);

  return g_test_run ();
}

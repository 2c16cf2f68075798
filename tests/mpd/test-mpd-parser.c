/* test-mpd-parser.c: the MPD trace reader and model on hand-written lines and
 * traces, the man page's sample and the real traces of ../shared/corpus/mpd.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include <string.h>

#include "weft-error.h"
#include "weft-mpd-model.h"
#include "weft-mpd-parser.h"
#include "weft-test-util.h"
#include "weft-text-scan.h"

static WeftMpdLineStatus
parse (const char  *text,
       WeftMpdLine *line)
{
  memset (line, 0, sizeof *line);

  return weft_mpd_parse_line (text, text + strlen (text), line);
}

static void
test_line (void)
{
  WeftMpdLine l;

  /* The writer's exact layout, with its trailing blanks. */
  g_assert_cmpint (parse ("CS.mpd, 15          main.body             BODY      1730B8    0       ", &l), ==, WEFT_MPD_LINE_OK);
  g_assert_cmpint (l.file_len, ==, 6);
  g_assert_cmpint (memcmp (l.file, "CS.mpd", 6), ==, 0);
  g_assert_cmpuint (l.line, ==, 15);
  g_assert_cmpuint (l.vm, ==, 0);
  g_assert_cmpint (l.name_len, ==, 9);
  g_assert_cmpint (l.event, ==, WEFT_MPD_BODY);
  g_assert_cmpuint (l.pid, ==, 0x1730B8);
  g_assert_cmpuint (l.extra, ==, 0);

  /* 12-digit ids with no blank after them, a vm prefix. */
  g_assert_cmpint (parse ("CS.mpd, 15          vm(2).main.body       ARM       7F3A1C002A10  7F3A1C0031F0", &l), ==, WEFT_MPD_LINE_OK);
  g_assert_cmpuint (l.vm, ==, 2);
  g_assert_cmpint (memcmp (l.name, "main.body", 9), ==, 0);
  g_assert_cmpuint (l.pid, ==, G_GUINT64_CONSTANT (0x7F3A1C002A10));
  g_assert_cmpuint (l.extra, ==, G_GUINT64_CONSTANT (0x7F3A1C0031F0));

  /* Collapsed blanks and lowercase hex (the man page), 16 digits, CR LF. */
  g_assert_cmpint (parse ("CS.mpd, 5 CS.arbitrator PROC 1731c0 173168", &l), ==, WEFT_MPD_LINE_OK);
  g_assert_cmpuint (l.pid, ==, 0x1731c0);
  g_assert_cmpint (parse ("a.mpd, 1  r.p  V  ffffffffffffffff  FfFfFfFfFfFfFfFf\r", &l), ==, WEFT_MPD_LINE_OK);
  g_assert_cmpuint (l.pid, ==, G_MAXUINT64);
  g_assert_cmpuint (l.extra, ==, G_MAXUINT64);

  /* A long location and the unknown location; a path with a comma in the name. */
  g_assert_cmpint (parse ("pipeline_sort.mpd, 13  pipeline_sort.body  INITSARR  8062318   0", &l), ==, WEFT_MPD_LINE_OK);
  g_assert_cmpint (l.event, ==, WEFT_MPD_INITSARR);
  g_assert_cmpint (l.file_len, ==, 17);
  g_assert_cmpint (parse ("(unknown location)  main.body             CO        8062318   0       ", &l), ==, WEFT_MPD_LINE_OK);
  g_assert_null (l.file);
  g_assert_cmpint (l.event, ==, WEFT_MPD_CO);

  /* Unknown events and damaged lines. */
  g_assert_cmpint (parse ("CS.mpd, 15  main.body  JUMP  1730B8  0", &l), ==, WEFT_MPD_LINE_UNKNOWN_EVENT);
  g_assert_cmpint (parse ("CS.mpd, 15  main.body  BODY  1730B8  10000000000000000", &l), ==, WEFT_MPD_LINE_NOT_TRACE);
  g_assert_cmpint (parse ("CS.mpd, 15  main.body  BODY  1730B8", &l), ==, WEFT_MPD_LINE_NOT_TRACE);
  g_assert_cmpint (parse ("CS.mpd, 15  main.body  BODY  1730B8  0  extra", &l), ==, WEFT_MPD_LINE_NOT_TRACE);
  g_assert_cmpint (parse ("CS.mpd, x5  main.body  BODY  1730B8  0", &l), ==, WEFT_MPD_LINE_NOT_TRACE);
  g_assert_cmpint (parse ("CS.mpd,15  main.body  BODY  1730B8  0", &l), ==, WEFT_MPD_LINE_NOT_TRACE);
  g_assert_cmpint (parse ("CS.mpd, 15  vm(x).main.body  BODY  1730B8  0", &l), ==, WEFT_MPD_LINE_NOT_TRACE);
  g_assert_cmpint (parse ("CS.mpd, 15  main.body  BODY  17G0B8  0", &l), ==, WEFT_MPD_LINE_NOT_TRACE);
  g_assert_cmpint (parse ("Hello, 3 worlds", &l), ==, WEFT_MPD_LINE_NOT_TRACE);
  g_assert_cmpint (parse ("", &l), ==, WEFT_MPD_LINE_NOT_TRACE);
}

/* A trace with program output first is still recognised. */
static void
test_sniff (void)
{
  static const char head[] =
    "Hello, world\n"
    "user 1 in critical section\n"
    "CS.mpd, 15          main.body             BODY      1730B8    0       \n"
    "CS.mpd, 16          main.body             CREATEG   1730B8    0       \n"
    "CS.mpd, 1           CS.b";
  static const char prose[] = "Compile CS.mpd, then run a.out.\nCS.mpd, 15 lines\n";
  guint n_lines;

  g_assert_cmpuint (weft_mpd_count_trace_lines (head, strlen (head), &n_lines), ==, 2);
  g_assert_cmpuint (n_lines, ==, 4);
  g_assert_cmpuint (weft_mpd_count_trace_lines (prose, strlen (prose), &n_lines), ==, 0);
}

/* Program output, an unknown event and damaged lines are warned about with
 * their line; every other line loads. */
static void
test_damaged (void)
{
  static const char text[] =
    "CS.mpd, 1           CS.body               BODY      80623E8   0       \n"
    "user 3 entering\n"
    "CS.mpd, 7           CS.body               TELEPORT  80623E8   0       \n"
    "CS.mpd, 7           CS.body               SEND      80623E8\n"
    "\n"
    "CS.mpd, 1           CS.body               ENDBODY   80623E8   0       \n";
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GPtrArray) warnings = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftMpdTrace) trace = weft_mpd_parse (text, strlen (text), "bad.trace", context, &error);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (trace);
  g_assert_cmpuint (trace->n_records, ==, 2);
  g_assert_cmpuint (trace->records[1].line_no, ==, 6);
  g_assert_cmpuint (trace->n_skipped, ==, 3);
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 3);
  warnings = weft_load_context_dup_warnings (context);
  first = weft_warning_to_string (g_ptr_array_index (warnings, 0));
  second = weft_warning_to_string (g_ptr_array_index (warnings, 1));
  g_assert_nonnull (strstr (first, "bad.trace:2"));
  g_assert_nonnull (strstr (second, "bad.trace:3"));
  g_assert_nonnull (strstr (second, "TELEPORT"));

  /* Text without a single trace line is an error naming the file. */
  g_clear_pointer (&trace, weft_mpd_trace_free);
  trace = weft_mpd_parse ("just output\n", 12, "out.txt", NULL, &error);
  g_assert_null (trace);
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "out.txt"));
  g_clear_error (&error);
  trace = weft_mpd_parse ("\n\n", 2, "blank.trace", NULL, &error);
  g_assert_null (trace);
  g_assert_error (error, WEFT_ERROR, WEFT_ERROR_EMPTY);
}

static WeftMpdModel *
model_for (const char *text)
{
  g_autoptr(GError) error = NULL;
  WeftMpdTrace *trace = weft_mpd_parse (text, strlen (text), "t.trace", NULL, &error);

  g_assert_no_error (error);

  return weft_mpd_model_new (trace);
}

static gboolean
has_link (const WeftMpdModel *m,
          guint32             from,
          guint32             to,
          WeftMpdLinkKind     kind)
{
  for (gsize i = 0; i < m->n_links; i++)
    if (m->links[i].from_record == from && m->links[i].to_record == to && m->links[i].kind == kind)
      return TRUE;
  return FALSE;
}

static gboolean
has_wait (const WeftMpdModel *m,
          guint32             begin,
          guint32             end,
          WeftMpdWaitKind     kind)
{
  for (gsize i = 0; i < m->n_waits; i++)
    if (m->waits[i].begin_record == begin && m->waits[i].end_record == end && m->waits[i].kind == kind)
      return TRUE;
  return FALSE;
}

/* Send, call served by an input statement, its reply, a semaphore wait. */
static void
test_lamport (void)
{
  static const char text[] =
    "a.mpd, 1  r.body  BODY     A  0\n"
    "a.mpd, 2  r.body  SEND     A  0\n"
    "a.mpd, 3  r.srv   PROC     B  A\n"
    "a.mpd, 4  r.body  CALL     A  0\n"
    "a.mpd, 5  r.srv   IN       B  0\n"
    "a.mpd, 6  r.srv   ARM      B  A\n"
    "a.mpd, 6  r.srv   NI       B  A\n"
    "a.mpd, 8  r.body  P        A  5E\n"
    "a.mpd, 9  r.srv   V        B  5E\n"
    "a.mpd, 8  r.body  CONTP    A  5E\n"
    "a.mpd, 1  r.body  ENDBODY  A  0\n"
    "a.mpd, 3  r.srv   ENDPROC  B  A\n";
  static const gint64 expected[] = { 1, 2, 3, 3, 4, 5, 6, 7, 7, 8, 9, 8 };
  g_autoptr(WeftMpdModel) m = model_for (text);

  g_assert_cmpuint (m->trace->n_records, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpint (m->lamport[i], ==, expected[i]);
  g_assert_cmpuint (m->n_processes, ==, 2);
  g_assert_cmpuint (m->n_messages, ==, 2);
  g_assert_cmpuint (m->n_links, ==, 4);
  g_assert_true (has_link (m, 1, 2, WEFT_MPD_LINK_INVOCATION));
  g_assert_true (has_link (m, 3, 5, WEFT_MPD_LINK_INVOCATION));
  g_assert_true (has_link (m, 6, 7, WEFT_MPD_LINK_REPLY));
  g_assert_true (has_link (m, 8, 9, WEFT_MPD_LINK_SEMAPHORE));
  g_assert_cmpuint (m->n_waits, ==, 3);
  g_assert_true (has_wait (m, 3, 7, WEFT_MPD_WAIT_CALL));
  g_assert_true (has_wait (m, 4, 5, WEFT_MPD_WAIT_IN));
  g_assert_true (has_wait (m, 7, 9, WEFT_MPD_WAIT_P));
  g_assert_cmpuint (m->n_semaphores, ==, 1);
  g_assert_cmpuint (m->semaphores[0].n_blocked, ==, 1);
  g_assert_cmpuint (m->max_lamport, ==, 9);
  /* Per-line counts: line 6 has one ARM and one NI. */
  g_assert_cmpuint (m->trace->n_locations, ==, 9);
  g_assert_cmpuint (m->line_counts[6 * WEFT_MPD_N_EVENTS + WEFT_MPD_ARM], ==, 1);
  g_assert_cmpuint (m->line_counts[6 * WEFT_MPD_N_EVENTS + WEFT_MPD_NI], ==, 1);
}

/* The man page's sample output, whitespace collapsed and lowercase. Id 173168
 * is CS.body, then (reused) main.user. */
static void
test_man_page (void)
{
  static const char text[] =
    "CS.mpd, 15 main.body BODY 1730b8 0\n"
    "CS.mpd, 16 main.body CREATEG 1730b8 0\n"
    "CS.mpd, 1 CS.body BODY 173168 0\n"
    "CS.mpd, 5 CS.body SEND 173168 0\n"
    "CS.mpd, 1 CS.body ENDBODY 173168 0\n"
    "CS.mpd, 5 CS.arbitrator PROC 1731c0 173168\n"
    "CS.mpd, 20 main.body SEND 1730b8 0\n"
    "CS.mpd, 15 main.body ENDBODY 1730b8 0\n"
    "CS.mpd, 7 CS.arbitrator IN 1731c0 0\n"
    "CS.mpd, 20 main.user PROC 173168 1730b8\n"
    "CS.mpd, 22 main.user CALL 173168 0\n"
    "CS.mpd, 8 CS.arbitrator ARM 1731c0 173168\n"
    "CS.mpd, 7 CS.arbitrator NI 1731c0 173168\n"
    "CS.mpd, 10 CS.arbitrator IN 1731c0 0\n"
    "CS.mpd, 24 main.user SEND 173168 0\n"
    "CS.mpd, 10 CS.arbitrator ARM 1731c0 173168\n"
    "CS.mpd, 10 CS.arbitrator NI 1731c0 173168\n"
    "CS.mpd, 7 CS.arbitrator IN 1731c0 0\n"
    "CS.mpd, 20 main.user ENDPROC 173168 1730b8\n";
  g_autoptr(WeftMpdModel) m = model_for (text);

  g_assert_cmpuint (m->trace->n_records, ==, 19);
  g_assert_cmpuint (m->trace->event_counts[WEFT_MPD_IN], ==, 3);
  g_assert_cmpuint (m->trace->event_counts[WEFT_MPD_SEND], ==, 3);
  g_assert_cmpuint (m->n_processes, ==, 4);
  g_assert_cmpuint (m->n_process_ids, ==, 3);
  g_assert_cmpuint (m->resources->len, ==, 2);
  g_assert_cmpuint (m->n_messages, ==, 4);
  g_assert_true (has_link (m, 3, 5, WEFT_MPD_LINK_INVOCATION));
  g_assert_true (has_link (m, 6, 9, WEFT_MPD_LINK_INVOCATION));
  g_assert_true (has_link (m, 10, 11, WEFT_MPD_LINK_INVOCATION));
  g_assert_true (has_link (m, 14, 15, WEFT_MPD_LINK_INVOCATION));
  /* The NI answers main.user's CALL: its next event follows it. */
  g_assert_true (has_link (m, 12, 14, WEFT_MPD_LINK_REPLY));
  g_assert_cmpint (m->lamport[14], >, m->lamport[12]);
  g_assert_cmpuint (m->record_process[2], !=, m->record_process[9]);
}

/* A distributed run's lines before the first `create vm` have no "vm(N)."
 * prefix, and the main VM's lines after it have "vm(1).": the main body and
 * the semaphore a global made before it are VM 1's, one process and one
 * semaphore across the prefix (they were two of each). A process of VM 2
 * with the same id is another. */
static void
test_unprefixed_main_vm (void)
{
  static const char text[] =
    "main.mpd, 1         main.body             BODY      8062338   0       \n"
    "glob.mpd, 1         glob.body             BODY      80623E8   0       \n"
    "glob.mpd, 4         glob.body             CREATES   80623E8   806D688 \n"
    "glob.mpd, 4         glob.body             INITS     80623E8   3       \n"
    "glob.mpd, 1         glob.body             ENDBODY   80623E8   0       \n"
    "main.mpd, 5         main.body             CREATEV   8062338   0       \n"
    "main.mpd, 6         vm(1).main.body       P         8062338   806D688 \n"
    "main.mpd, 6         vm(1).main.body       CONTP     8062338   806D688 \n"
    "main.mpd, 7         vm(1).main.body       V         8062338   806D688 \n"
    "w.mpd, 1            vm(2).w.body          BODY      8062338   0       \n"
    "w.mpd, 2            vm(2).w.body          P         8062338   806D688 \n"
    "w.mpd, 1            vm(2).w.body          ENDBODY   8062338   0       \n"
    "main.mpd, 1         vm(1).main.body       ENDBODY   8062338   0       \n";
  g_autoptr(WeftMpdModel) m = model_for (text);
  const WeftMpdSemaphore *sem = NULL;

  g_assert_cmpuint (m->n_vms, ==, 2);
  /* main.body (VM 1), glob.body (VM 1), w.body (VM 2). */
  g_assert_cmpuint (m->n_processes, ==, 3);
  g_assert_cmpuint (m->n_process_ids, ==, 3);
  g_assert_cmpuint (m->record_process[0], ==, m->record_process[12]);
  g_assert_cmpuint (m->record_process[0], !=, m->record_process[9]);
  /* 806D688 on VM 1 (created, then used by vm(1).main.body) and on VM 2. */
  g_assert_cmpuint (m->n_semaphores, ==, 2);
  for (guint i = 0; i < m->n_semaphores; i++)
    if (m->semaphores[i].vm <= 1)
      sem = &m->semaphores[i];
  g_assert_nonnull (sem);
  g_assert_cmpuint (sem->address, ==, 0x806D688);
  g_assert_cmpint (sem->initial, ==, 3);
  g_assert_cmpuint (sem->n_p, ==, 1);
  g_assert_cmpuint (sem->n_v, ==, 1);
}

/* `create w() on vm2` on VM 1: w's body runs on VM 2 after the CREATER, and
 * its final code after the DESTROYR, in Lamport time too (both pairings once
 * held only within one VM, so VM 2's body came at time 1, before its
 * creation). */
static void
test_create_across_vms (void)
{
  static const char text[] =
    "main.mpd, 1 main.body BODY 100 0\n"
    "main.mpd, 5 main.body CREATEV 100 0\n"
    "main.mpd, 6 vm(1).main.body CREATER 100 0\n"
    "w.mpd, 1 vm(2).w.body BODY 200 0\n"
    "w.mpd, 1 vm(2).w.body ENDBODY 200 0\n"
    "main.mpd, 9 vm(1).main.body DESTROYR 100 0\n"
    "w.mpd, 4 vm(2).w.final FINAL 300 0\n"
    "w.mpd, 4 vm(2).w.final ENDFINAL 300 0\n"
    "main.mpd, 1 vm(1).main.body ENDBODY 100 0\n";
  g_autoptr(WeftMpdModel) m = model_for (text);
  g_autofree char *path = weft_test_shared_path ("corpus", "mpd", "vm_local_i386.trace", NULL);

  g_assert_cmpuint (m->n_processes, ==, 3);
  g_assert_cmpint (m->lamport[3], >, m->lamport[2]);
  g_assert_cmpint (m->lamport[6], >, m->lamport[5]);

  /* The real run: vm(1).main2.body's CREATER (line 50) makes foo on VM 2
   * (line 51); its second DESTROYR (line 128) ends VM 2's glob (line 130). */
  if (path != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
      g_autoptr(GError) error = NULL;
      WeftMpdTrace *trace = weft_mpd_read (file, context, &error);
      g_autoptr(WeftMpdModel) run = NULL;

      g_assert_no_error (error);
      run = weft_mpd_model_new (trace);
      g_test_message ("CREATER %" G_GINT64_FORMAT " -> BODY %" G_GINT64_FORMAT "; DESTROYR %" G_GINT64_FORMAT
                      " -> FINAL %" G_GINT64_FORMAT, run->lamport[49], run->lamport[50],
                      run->lamport[127], run->lamport[129]);
      g_assert_cmpuint (run->trace->records[49].event, ==, WEFT_MPD_CREATER);
      g_assert_cmpuint (run->trace->records[50].event, ==, WEFT_MPD_BODY);
      g_assert_cmpint (run->lamport[50], >, run->lamport[49]);
      g_assert_cmpuint (run->trace->records[127].event, ==, WEFT_MPD_DESTROYR);
      g_assert_cmpuint (run->trace->records[129].event, ==, WEFT_MPD_FINAL);
      g_assert_cmpint (run->lamport[129], >, run->lamport[127]);
    }
}

/* A FORWARD: g's PROC names the forwarder f, g's ENDPROC the client p. */
typedef struct
{
  const char *name;
  guint64     lines;
  guint32     process_ids;
  guint32     vms;
  guint64     messages;
  guint64     counts[WEFT_MPD_N_EVENTS];
} CorpusFile;

static void
test_corpus (void)
{
  static const CorpusFile files[] = {
    { "cs_global_i386.trace", 223, 7, 1, 56,
      { [WEFT_MPD_ARM] = 50, [WEFT_MPD_BODY] = 2, [WEFT_MPD_CALL] = 25, [WEFT_MPD_CREATEG] = 1, [WEFT_MPD_ENDBODY] = 2,
        [WEFT_MPD_ENDPROC] = 6, [WEFT_MPD_IN] = 50, [WEFT_MPD_NI] = 50, [WEFT_MPD_PROC] = 6, [WEFT_MPD_SEND] = 31 } },
    { "cs_global_x86_64.trace", 223, 7, 1, 56,
      { [WEFT_MPD_ARM] = 50, [WEFT_MPD_BODY] = 2, [WEFT_MPD_CALL] = 25, [WEFT_MPD_CREATEG] = 1, [WEFT_MPD_ENDBODY] = 2,
        [WEFT_MPD_ENDPROC] = 6, [WEFT_MPD_IN] = 50, [WEFT_MPD_NI] = 50, [WEFT_MPD_PROC] = 6, [WEFT_MPD_SEND] = 31 } },
    { "sem_cs_i386.trace", 124, 21, 1, 20,
      { [WEFT_MPD_BODY] = 1, [WEFT_MPD_CONTP] = 20, [WEFT_MPD_CREATES] = 1, [WEFT_MPD_ENDBODY] = 1, [WEFT_MPD_ENDPROC] = 20,
        [WEFT_MPD_INITS] = 1, [WEFT_MPD_P] = 20, [WEFT_MPD_PROC] = 20, [WEFT_MPD_SEND] = 20, [WEFT_MPD_V] = 20 } },
    { "forward_i386.trace", 11, 3, 1, 3,
      { [WEFT_MPD_BODY] = 1, [WEFT_MPD_CALL] = 1, [WEFT_MPD_ENDBODY] = 1, [WEFT_MPD_ENDPROC] = 3, [WEFT_MPD_FORWARD] = 1,
        [WEFT_MPD_PROC] = 3, [WEFT_MPD_SEND] = 1 } },
    /* 13 ids: main2.body 8062318 runs unprefixed until the `create vm`
     * and goes on as vm(1).main2.body (one process, not two). */
    { "vm_local_i386.trace", 134, 13, 2, 28,
      { [WEFT_MPD_ARM] = 20, [WEFT_MPD_BODY] = 5, [WEFT_MPD_CREATEG] = 2, [WEFT_MPD_CREATER] = 2, [WEFT_MPD_CREATEV] = 1,
        [WEFT_MPD_DESTROYR] = 2, [WEFT_MPD_DESTROYV] = 1, [WEFT_MPD_ENDBODY] = 5, [WEFT_MPD_ENDFINAL] = 2,
        [WEFT_MPD_ENDPROC] = 10, [WEFT_MPD_FINAL] = 2, [WEFT_MPD_IN] = 20, [WEFT_MPD_NI] = 20, [WEFT_MPD_PROC] = 10,
        [WEFT_MPD_SEND] = 32 } },
  };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *path = weft_test_shared_path ("corpus", "mpd", files[f].name, NULL);
      g_autoptr(GFile) file = NULL;
      g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(WeftMpdModel) m = NULL;
      WeftMpdTrace *trace;

      if (path == NULL)
        return;
      file = g_file_new_for_path (path);
      trace = weft_mpd_read (file, context, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);
      g_assert_cmpuint (trace->n_records, ==, files[f].lines);
      for (guint e = 0; e < WEFT_MPD_N_EVENTS; e++)
        g_assert_cmpuint (trace->event_counts[e], ==, files[f].counts[e]);
      m = weft_mpd_model_new (trace);
      g_assert_cmpuint (m->n_process_ids, ==, files[f].process_ids);
      g_assert_cmpuint (m->n_vms, ==, files[f].vms);
      g_assert_cmpuint (m->n_messages, ==, files[f].messages);
      /* Lamport times respect every link. */
      for (gsize i = 0; i < m->n_links; i++)
        g_assert_cmpint (m->lamport[m->links[i].from_record], <, m->lamport[m->links[i].to_record]);
    }
}

/* forward_i386: p CALLs f, which forwards to g; g's ENDPROC answers p. */
static void
test_forward (void)
{
  g_autofree char *path = weft_test_shared_path ("corpus", "mpd", "forward_i386.trace", NULL);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftMpdModel) m = NULL;

  if (path == NULL)
    return;
  file = g_file_new_for_path (path);
  m = weft_mpd_model_new (weft_mpd_read (file, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (m->n_processes, ==, 4);
  g_assert_true (has_link (m, 1, 3, WEFT_MPD_LINK_INVOCATION));   /* body SEND → p */
  g_assert_true (has_link (m, 4, 5, WEFT_MPD_LINK_INVOCATION));   /* p CALL → f */
  g_assert_true (has_link (m, 6, 8, WEFT_MPD_LINK_INVOCATION));   /* f FORWARD → g */
  g_assert_true (has_link (m, 9, 10, WEFT_MPD_LINK_REPLY));       /* g ENDPROC → p */
  g_assert_true (has_wait (m, 4, 10, WEFT_MPD_WAIT_CALL));
}

/* The annotated listing's figures: a relative file name is found beside the
 * trace, an absolute one where it says, a missing one is NULL; events per
 * line of one file add up over its locations and events. */
static void
test_sources (void)
{
  static const char text[] =
    "prog.mpd, 1  r.body  BODY     A  0\n"
    "prog.mpd, 2  r.body  SEND     A  0\n"
    "lib/x.mpd, 4  x.srv  PROC     B  A\n"
    "prog.mpd, 2  r.body  SEND     A  0\n"
    "prog.mpd, 3  r.body  P        A  5E\n"
    "prog.mpd, 3  r.body  CONTP    A  5E\n"
    "gone.mpd, 9  r.body  V        A  5E\n"
    "(unknown location)  r.body  ENDBODY  A  0\n";
  g_autofree char *dir = g_dir_make_tmp ("weft-mpd-XXXXXX", NULL);
  g_autofree char *trace_path = g_build_filename (dir, "run.trace", NULL);
  g_autofree char *prog = g_build_filename (dir, "prog.mpd", NULL);
  g_autofree char *lib_dir = g_build_filename (dir, "lib", NULL);
  g_autofree char *lib = g_build_filename (lib_dir, "x.mpd", NULL);
  g_autoptr(GFile) file = NULL;
  g_autoptr(WeftMpdModel) m = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree guint64 *counts = NULL;
  g_autofree guint64 *by_event = NULL;
  g_autofree char *found = NULL;
  guint32 prog_id = G_MAXUINT32, gone_id = G_MAXUINT32, lib_id = G_MAXUINT32, n_lines;
  WeftMpdTrace *trace;

  g_assert_true (g_file_set_contents (trace_path, text, -1, NULL));
  g_assert_true (g_file_set_contents (prog, "resource r\n  send s ()\n  P (m)\n", -1, NULL));
  g_assert_cmpint (g_mkdir (lib_dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (lib, "\n", -1, NULL));
  file = g_file_new_for_path (trace_path);
  trace = weft_mpd_read (file, NULL, &error);
  g_assert_no_error (error);
  m = weft_mpd_model_new (trace);
  for (guint32 l = 1; l < m->trace->n_locations; l++)
    {
      const char *name = weft_string_pool_lookup (m->trace->names, m->trace->locations[l].file);

      if (g_str_equal (name, "prog.mpd"))
        prog_id = m->trace->locations[l].file;
      else if (g_str_equal (name, "gone.mpd"))
        gone_id = m->trace->locations[l].file;
      else if (g_str_equal (name, "lib/x.mpd"))
        lib_id = m->trace->locations[l].file;
    }

  found = weft_mpd_model_find_source (m, prog_id);
  g_assert_cmpstr (found, ==, prog);
  g_clear_pointer (&found, g_free);
  found = weft_mpd_model_find_source (m, lib_id);
  g_assert_cmpstr (found, ==, lib);
  g_assert_null (weft_mpd_model_find_source (m, gone_id));

  counts = weft_mpd_model_dup_file_counts (m, prog_id, &n_lines, &by_event);
  g_assert_cmpuint (n_lines, ==, 4);
  g_assert_cmpuint (counts[0], ==, 0);
  g_assert_cmpuint (counts[1], ==, 1);
  g_assert_cmpuint (counts[2], ==, 2);
  g_assert_cmpuint (counts[3], ==, 2);
  g_assert_cmpuint (by_event[2 * WEFT_MPD_N_EVENTS + WEFT_MPD_SEND], ==, 2);
  g_assert_cmpuint (by_event[3 * WEFT_MPD_N_EVENTS + WEFT_MPD_P], ==, 1);
  g_assert_cmpuint (by_event[3 * WEFT_MPD_N_EVENTS + WEFT_MPD_CONTP], ==, 1);

  g_unlink (lib);
  g_rmdir (lib_dir);
  g_unlink (prog);
  g_unlink (trace_path);
  g_rmdir (dir);
}

/* Reads @text with and without splitting it in two and checks both reads
 * agree record for record, with the same warnings. */
static void
assert_split_agrees (const char *text,
                     gsize       len)
{
  g_autoptr(WeftLoadContext) whole_context = weft_load_context_new (NULL);
  g_autoptr(WeftLoadContext) split_context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftMpdTrace) whole = weft_mpd_parse_split (text, len, "t.trace", G_MAXSIZE, whole_context, &error);
  g_autoptr(WeftMpdTrace) split = NULL;
  g_autoptr(GPtrArray) whole_warnings = NULL;
  g_autoptr(GPtrArray) split_warnings = NULL;

  g_assert_no_error (error);
  split = weft_mpd_parse_split (text, len, "t.trace", 0, split_context, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (split->n_records, ==, whole->n_records);
  g_assert_cmpuint (split->n_skipped, ==, whole->n_skipped);
  g_assert_cmpmem (split->event_counts, sizeof split->event_counts, whole->event_counts, sizeof whole->event_counts);
  g_assert_cmpuint (split->n_locations, ==, whole->n_locations);
  for (gsize i = 0; i < whole->n_records; i++)
    {
      const WeftMpdRecord *a = &whole->records[i], *b = &split->records[i];
      g_autofree char *la = weft_mpd_trace_dup_location (whole, a->location);
      g_autofree char *lb = weft_mpd_trace_dup_location (split, b->location);

      g_assert_cmpuint (a->pid, ==, b->pid);
      g_assert_cmpuint (a->extra, ==, b->extra);
      g_assert_cmpuint (a->line_no, ==, b->line_no);
      g_assert_cmpuint (a->vm, ==, b->vm);
      g_assert_cmpuint (a->event, ==, b->event);
      g_assert_cmpstr (la, ==, lb);
      g_assert_cmpstr (weft_string_pool_lookup (whole->names, a->name), ==,
                       weft_string_pool_lookup (split->names, b->name));
    }

  whole_warnings = weft_load_context_dup_warnings (whole_context);
  split_warnings = weft_load_context_dup_warnings (split_context);
  g_assert_cmpuint (split_warnings->len, ==, whole_warnings->len);
  for (guint w = 0; w < whole_warnings->len; w++)
    {
      g_autofree char *a = weft_warning_to_string (g_ptr_array_index (whole_warnings, w));
      g_autofree char *b = weft_warning_to_string (g_ptr_array_index (split_warnings, w));

      g_assert_cmpstr (a, ==, b);
    }
}

/* Big traces are read in two halves by two threads: the joined halves are
 * the trace read in one go (names, locations, line numbers, counts, and the
 * warnings in file order with the first 100 kept), on a tiny trace split
 * mid-way and on 12 MB with damage in both halves. */
/* A line of gigabytes (a damaged file: zeros) moves the progress on while it
 * is searched. */
static void
test_long_line_progress (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(WeftMpdTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = 3 * WEFT_TEXT_NEWLINE_STEP;
  char *data = weft_test_map_zeros ("CS.mpd, 15  main.body  BODY     1730b8  0\n",
                                    "\nCS.mpd, 16  main.body  ENDBODY  1730b8  0\n", len);

  weft_load_context_set_progress_func (context, weft_test_record_fraction, g_array_ref (fractions),
                                       (GDestroyNotify)g_array_unref);
  trace = weft_mpd_parse (data, len, "zeros", context, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);
  g_assert_cmpuint (weft_test_count_fractions (fractions, 0.5, 1.0), >=, 1);
  weft_test_unmap (data, len);
}

static void
test_split (void)
{
  static const char tiny[] =
    "CS.mpd, 15  main.body  BODY     1730b8  0\n"
    "output line\n"
    "CS.mpd, 16  main.body  CREATEG  1730b8  0\n"
    "CS.mpd, 1   CS.body    BODY     173168  0\n";
  g_autoptr(GString) big = g_string_new (NULL);
  guint64 n = 0;

  assert_split_agrees (tiny, strlen (tiny));

  while (big->len < 12 << 20)
    {
      n++;
      g_string_append_printf (big, "src/f%" G_GUINT64_FORMAT ".mpd, %" G_GUINT64_FORMAT "  vm(%u).r%u.p  %s  %" G_GINT64_MODIFIER "X  %" G_GINT64_MODIFIER "x\n",
                              n % 7, n % 97, (guint)(n % 3) + 1, (guint)(n % 5),
                              n % 4 == 0 ? "CALL" : n % 4 == 1 ? "PROC" : n % 4 == 2 ? "p" : "ENDPROC",
                              0x555555570000 + n % 1000, n % 11);
      if (n % 997 == 7)
        g_string_append (big, "program output, 3 of them\n");
      if (n % 90001 == 3)
        g_string_append (big, "x.mpd, 1  r.p  WARP  1  0\n");
    }
  assert_split_agrees (big->str, big->len);

  {
    /* More damaged lines than warnings shown: the first 100, then a count. */
    g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
    g_autoptr(WeftMpdTrace) trace = weft_mpd_parse_split (big->str, big->len, "t.trace", 0, context, NULL);

    g_assert_cmpuint (trace->n_skipped, >, 150);
    g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 101);
  }

  /* Lines as long as the runtime's (80 bytes): both halves fit the one
   * array they share, and the second moves down behind the first. */
  g_string_truncate (big, 0);
  for (n = 0; big->len < 10 << 20; n++)
    g_string_append_printf (big, "worker_pool.mpd, %-6" G_GUINT64_FORMAT "  vm(%u).pool.lookup_record  %-8s  %-12" G_GINT64_MODIFIER "X  %" G_GINT64_MODIFIER "X  \n",
                            n % 300, (guint)(n % 2) + 1, n % 2 ? "CALL" : "PROC", 0x555555570000 + n % 64, n % 5);
  assert_split_agrees (big->str, big->len);
}

/* Every event name is found, in any case, and nothing else is (the lookup's
 * constant tables were computed by hand). */
static void
assert_same_line (const WeftMpdLine *a,
                  const WeftMpdLine *b)
{
  g_assert_cmpuint (a->file_len, ==, b->file_len);
  if (a->file_len > 0)
    g_assert_cmpint (memcmp (a->file, b->file, a->file_len), ==, 0);
  g_assert_cmpuint (a->line, ==, b->line);
  g_assert_cmpuint (a->vm, ==, b->vm);
  g_assert_cmpuint (a->name_len, ==, b->name_len);
  g_assert_cmpuint (a->event_len, ==, b->event_len);
  g_assert_cmpint (a->event, ==, b->event);
  g_assert_cmpuint (a->pid, ==, b->pid);
  g_assert_cmpuint (a->extra, ==, b->extra);
}

/* The reader takes a word (eight bytes) at a time where a line has them: its
 * trailing blanks, the event name, the hexadecimal fields. Lines as the
 * writer lays them out, damaged now and then (a byte replaced, added or
 * dropped: letters of either case, hexadecimal digits, blanks, "x", \r),
 * read as they are, without their trailing blanks (fewer bytes to read a
 * word from) and with more: the same status and fields every time. */
static void
test_line_words (void)
{
  static const char *const lines[] = {
    "CS.mpd, 15          main.body             BODY      1730B8    0       ",
    "CS.mpd, 17          main.body             CREATEG   555555574500  0       ",
    "glob.mpd, 1         vm(2).glob.body       CALL      80623E8   a1b2c3  ",
    "(unknown location)  sem.body              P         fffffff   7ffffff",
    "x.mpd, 3            r.p                   INITSARR  12345678  0",
    "x.mpd, 3            r.p                   ENDPROC   0x1F      0XabC   ",
  };
  static const char alphabet[] = " \t\rxXaAfFgGzZ09@[`{";
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);

  for (guint round = 0; round < 20000; round++)
    {
      g_autoptr(GString) line = g_string_new (lines[g_rand_int_range (rand, 0, G_N_ELEMENTS (lines))]);
      g_autofree char *trimmed = NULL;
      g_autofree char *padded = NULL;
      WeftMpdLine a, b, c;
      WeftMpdLineStatus sa, sb, sc;

      weft_test_damage_line (line, rand, alphabet, NULL);
      trimmed = g_strdup (line->str);
      g_strchomp (trimmed);
      while (trimmed[0] != '\0' && trimmed[strlen (trimmed) - 1] == '\r')
        {
          trimmed[strlen (trimmed) - 1] = '\0';
          g_strchomp (trimmed);
        }
      padded = g_strconcat (line->str, "          \r", NULL);

      sa = parse (line->str, &a);
      sb = parse (trimmed, &b);
      sc = parse (padded, &c);
      g_assert_cmpint (sa, ==, sb);
      g_assert_cmpint (sa, ==, sc);
      if (sa == WEFT_MPD_LINE_OK || sa == WEFT_MPD_LINE_UNKNOWN_EVENT)
        {
          assert_same_line (&a, &b);
          assert_same_line (&a, &c);
        }
    }

  /* Event names of 1 to 8 bytes, read a word at a time, against
   * weft_mpd_event_lookup(), which reads a byte at a time. */
  for (guint round = 0; round < 20000; round++)
    {
      static const char bytes[] = "CALLSENDPVcallsendpv@[`{09_";
      char token[9] = { 0 };
      guint len = (guint)g_rand_int_range (rand, 1, 9);
      gboolean letters = TRUE;
      g_autofree char *text = NULL;
      WeftMpdLine l;
      WeftMpdLineStatus status;

      for (guint k = 0; k < len; k++)
        {
          token[k] = bytes[g_rand_int_range (rand, 0, sizeof bytes - 1)];
          letters = letters && g_ascii_isalpha (token[k]);
        }
      /* Mostly real names, so that the known ones come up. */
      if (g_rand_int_range (rand, 0, 3) == 0)
        {
          g_strlcpy (token, weft_mpd_event_name (g_rand_int_range (rand, 0, WEFT_MPD_N_EVENTS)), sizeof token);
          letters = TRUE;
        }
      text = g_strdup_printf ("x.mpd, 1  r.p  %s  1F  2  ", token);
      status = parse (text, &l);
      if (!letters)
        g_assert_cmpint (status, ==, WEFT_MPD_LINE_NOT_TRACE);
      else
        {
          int expected = weft_mpd_event_lookup (token, strlen (token));

          g_assert_cmpint (status, ==, expected >= 0 ? WEFT_MPD_LINE_OK : WEFT_MPD_LINE_UNKNOWN_EVENT);
          g_assert_cmpint (l.event, ==, expected);
        }
    }
}

static void
test_event_names (void)
{
  static const char * const others[] = { "", "CALLS", "CAL", "X", "CREATE", "INITSARRR", "ENDFINAK", "C@LL", NULL };

  for (int e = 0; e < WEFT_MPD_N_EVENTS; e++)
    {
      const char *name = weft_mpd_event_name (e);
      g_autofree char *lower = g_ascii_strdown (name, -1);

      g_assert_cmpint (weft_mpd_event_lookup (name, strlen (name)), ==, e);
      g_assert_cmpint (weft_mpd_event_lookup (lower, strlen (lower)), ==, e);
    }
  for (guint i = 0; others[i] != NULL; i++)
    g_assert_cmpint (weft_mpd_event_lookup (others[i], strlen (others[i])), ==, -1);
}

/* Ordering a big trace takes seconds: a cancelled load does not wait for it
 * (the trace is freed behind it), and an uncancelled one orders as before. */
static void
test_model_cancelled (void)
{
  g_autofree char *path = weft_test_source_path ("data", "samples", "mpd-demo.trace", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftMpdModel) plain = NULL;
  g_autoptr(WeftMpdModel) model = NULL;
  WeftMpdTrace *trace = weft_mpd_read (file, NULL, &error);

  g_assert_no_error (error);
  model = weft_mpd_model_new_cancellable (trace, cancellable);
  plain = weft_mpd_model_new (weft_mpd_read (file, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (model);
  g_assert_cmpuint (model->n_processes, ==, plain->n_processes);
  g_assert_cmpuint (model->n_messages, ==, plain->n_messages);
  for (gsize i = 0; i < model->trace->n_records; i++)
    g_assert_cmpint (model->lamport[i], ==, plain->lamport[i]);

  g_cancellable_cancel (cancellable);
  g_assert_null (weft_mpd_model_new_cancellable (weft_mpd_read (file, NULL, &error), cancellable));
  g_assert_no_error (error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/mpd/line", test_line);
  g_test_add_func ("/mpd/event-names", test_event_names);
  g_test_add_func ("/mpd/line-words", test_line_words);
  g_test_add_func ("/mpd/sniff", test_sniff);
  g_test_add_func ("/mpd/damaged", test_damaged);
  g_test_add_func ("/mpd/lamport", test_lamport);
  g_test_add_func ("/mpd/model-cancelled", test_model_cancelled);
  g_test_add_func ("/mpd/man-page", test_man_page);
  g_test_add_func ("/mpd/unprefixed-main-vm", test_unprefixed_main_vm);
  g_test_add_func ("/mpd/create-across-vms", test_create_across_vms);
  g_test_add_func ("/mpd/corpus", test_corpus);
  g_test_add_func ("/mpd/forward", test_forward);
  g_test_add_func ("/mpd/sources", test_sources);
  g_test_add_func ("/mpd/split", test_split);
  g_test_add_func ("/mpd/long-line-progress", test_long_line_progress);

  return g_test_run ();
}

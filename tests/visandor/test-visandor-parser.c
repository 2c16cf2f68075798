/* test-visandor-parser.c: the VisAndOr reader on the seed document's examples
 * (completed with START_TIME and STOP_TIME), a hand-written and-parallel trace
 * with nested forks in the &-Prolog writer's format, and one damaged trace per
 * rule of the format.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-test-util.h"
#include "weft-visandor-reader.h"
#include "weft-visandor-scan.h"

static WeftVisandorTrace *
parse_text (const char      *text,
            WeftLoadContext *context)
{
  g_autoptr(GError) error = NULL;
  WeftVisandorTrace *trace = weft_visandor_parse (text, strlen (text), "mem", context, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trace);

  return trace;
}

static WeftVisandorTrace *
read_fixture (const char      *name,
              WeftLoadContext *context)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "visandor", "fixtures", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  WeftVisandorTrace *trace = weft_visandor_read (file, context, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trace);

  return trace;
}

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

static void
dump_warnings (WeftLoadContext *context)
{
  g_autoptr(GPtrArray) warnings = weft_load_context_dup_warnings (context);

  for (guint i = 0; i < warnings->len; i++)
    {
      g_autofree char *s = weft_warning_to_string (g_ptr_array_index (warnings, i));

      g_test_message ("%s", s);
    }
}

static gint64
slave_time (const WeftVisandorTrace *trace,
            guint32                  agent)
{
  gint64 sum = 0;

  for (guint i = 0; i < trace->spans->len; i++)
    {
      const WeftVisandorSpan *s = &g_array_index (trace->spans, WeftVisandorSpan, i);

      if (s->kind == WEFT_VISANDOR_SPAN_SLAVE && s->agent == agent)
        sum += s->end - s->begin;
    }

  return sum;
}

/* The seed's or-parallel EXAMPLE: node 5 is made public by worker 3 while it
 * runs branch 1 of node 4, so it is that branch's child. */
static void
test_seed_or_example (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftVisandorTrace) trace = read_fixture ("seed-or-example.visandor", context);
  const WeftVisandorNode *n4, *n5;
  const WeftVisandorTask *b0, *b1;

  dump_warnings (context);
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);
  g_assert_cmpint (trace->parallelism, ==, WEFT_VISANDOR_OR);
  g_assert_cmpuint (trace->n_events, ==, 7);
  g_assert_cmpuint (trace->code_counts[WEFT_VISANDOR_MAKE_PUBLIC], ==, 2);
  g_assert_cmpuint (trace->code_counts[WEFT_VISANDOR_START_BRANCH], ==, 2);
  g_assert_cmpuint (trace->origin, ==, 1851720000);
  g_assert_cmpint (trace->end, ==, 50000);
  g_assert_cmpuint (trace->n_distinct_agents, ==, 2);
  g_assert_cmpuint (trace->nodes->len, ==, 2);
  g_assert_cmpuint (trace->tasks->len, ==, 2);
  g_assert_cmpuint (trace->max_depth, ==, 2);

  n4 = weft_visandor_trace_node (trace, 0);
  n5 = weft_visandor_trace_node (trace, 1);
  g_assert_cmpuint (n4->id, ==, 4);
  g_assert_cmpuint (n4->parent, ==, WEFT_VISANDOR_NONE);
  g_assert_cmpint (n4->n_declared, ==, 2);
  g_assert_cmpuint (n4->n_tasks, ==, 2);
  g_assert_cmpuint (n5->id, ==, 5);
  g_assert_cmpuint (n5->parent, ==, 1);
  g_assert_cmpuint (n5->depth, ==, 2);

  b0 = weft_visandor_trace_task (trace, 0);
  b1 = weft_visandor_trace_task (trace, 1);
  g_assert_cmpint (b0->number, ==, 0);
  g_assert_cmpint (b0->start, ==, 1851723086 - 1851720000);
  g_assert_cmpint (b0->end, ==, 1851730390 - 1851720000);
  g_assert_cmpint (b0->outcome, ==, WEFT_VISANDOR_SUCCESS);
  g_assert_cmpuint (b0->agent, ==, 2);
  g_assert_cmpint (b1->number, ==, 1);
  g_assert_cmpuint (b1->agent, ==, 3);
  /* No end event: it goes on as node 5. */
  g_assert_cmpint (b1->outcome, ==, WEFT_VISANDOR_RUNNING);
  g_assert_cmpint (b1->end, ==, 1851763787 - 1851720000);
  g_assert_cmpuint (b1->first_node, ==, 1);
}

/* The seed's Andorra-I EXAMPLE: three slaves join branch 0 of node 0 twice. */
static void
test_seed_andorra_slaves (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftVisandorTrace) trace = read_fixture ("seed-andorra-slaves.visandor", context);
  guint n_slaves = 0;

  dump_warnings (context);
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);
  g_assert_cmpuint (trace->code_counts[WEFT_VISANDOR_START_BUSY], ==, 6);
  g_assert_cmpuint (trace->code_counts[WEFT_VISANDOR_STOP_BUSY], ==, 6);
  g_assert_cmpuint (trace->n_distinct_agents, ==, 4);
  g_assert_cmpuint (trace->max_depth, ==, 2);
  g_assert_cmpuint (weft_visandor_trace_task (trace, 0)->n_slaves, ==, 6);
  g_assert_cmpuint (weft_visandor_trace_node (trace, 1)->parent, ==, 0);
  g_assert_cmpint (weft_visandor_trace_node (trace, 1)->n_declared, ==, 3);

  for (guint i = 0; i < trace->spans->len; i++)
    n_slaves += g_array_index (trace->spans, WeftVisandorSpan, i).kind == WEFT_VISANDOR_SPAN_SLAVE;
  g_assert_cmpuint (n_slaves, ==, 6);
  g_assert_cmpint (slave_time (trace, 3), ==, (1851579464 - 1851470934) + (1851601909 - 1851592863));
  g_assert_cmpint (slave_time (trace, 2), ==, (1851585113 - 1851468986) + (1851598307 - 1851594589));
}

static void
test_seed_andorra_fragment (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftVisandorTrace) trace = read_fixture ("seed-andorra-fragment.visandor", context);
  const WeftVisandorTask *b;

  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);
  g_assert_cmpuint (trace->n_events, ==, 9);
  b = weft_visandor_trace_task (trace, 0);
  g_assert_cmpint (b->outcome, ==, WEFT_VISANDOR_SUCCESS);
  g_assert_cmpint (b->end - b->start, ==, 1236430000 - 1236424094);
  g_assert_cmpint (slave_time (trace, 2), ==, 1236429000 - 1236425973);
}

/* Nested forks in the &-Prolog format ("%10u %d %X %d %X %d \n"); agent 16
 * runs on WAM 0x10, as the seed's warning about the hex field says. */
static void
test_and_nested (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftVisandorTrace) trace = read_fixture ("and-nested.visandor", context);
  const WeftVisandorNode *n;

  dump_warnings (context);
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);
  g_assert_cmpint (trace->parallelism, ==, WEFT_VISANDOR_AND);
  g_assert_cmpuint (trace->n_events, ==, 22);
  g_assert_cmpuint (trace->code_counts[WEFT_VISANDOR_FORK], ==, 4);
  g_assert_cmpuint (trace->code_counts[WEFT_VISANDOR_START_GOAL], ==, 6);
  g_assert_cmpuint (trace->code_counts[WEFT_VISANDOR_FINISH_GOAL], ==, 6);
  g_assert_cmpuint (trace->code_counts[WEFT_VISANDOR_JOIN], ==, 4);
  g_assert_cmpuint (trace->n_distinct_agents, ==, 3);
  g_assert_cmpuint (trace->n_agents, ==, 17);
  g_assert_cmpuint (trace->max_depth, ==, 3);
  g_assert_cmpuint (trace->nodes->len, ==, 4);
  g_assert_cmpuint (trace->tasks->len, ==, 6);

  /* 3AAB48 at the top; 3AAB84 and 3AABB4 under its goal 1 (after the JOIN
   * of 3AAB84, agent 1 is back in that goal); 3AAC00 under goal 1 of 3AAB84. */
  n = weft_visandor_trace_node (trace, 0);
  g_assert_cmpuint (n->id, ==, 0x3AAB48);
  g_assert_cmpuint (n->depth, ==, 1);
  g_assert_cmpint (n->join_time, ==, 160);
  n = weft_visandor_trace_node (trace, 1);
  g_assert_cmpuint (n->id, ==, 0x3AAB84);
  g_assert_cmpuint (n->parent, ==, 1);
  n = weft_visandor_trace_node (trace, 2);
  g_assert_cmpuint (n->id, ==, 0x3AAC00);
  g_assert_cmpuint (n->depth, ==, 3);
  g_assert_cmpuint (weft_visandor_trace_task (trace, n->parent)->agent, ==, 16);
  n = weft_visandor_trace_node (trace, 3);
  g_assert_cmpuint (n->id, ==, 0x3AABB4);
  g_assert_cmpuint (n->parent, ==, 1);
  g_assert_cmpuint (n->depth, ==, 2);
  g_assert_cmpuint (weft_visandor_trace_task (trace, 1)->first_node, ==, 1);
  g_assert_cmpuint (weft_visandor_trace_node (trace, 1)->next_sibling, ==, 3);

  for (guint i = 0; i < trace->tasks->len; i++)
    g_assert_cmpint (weft_visandor_trace_task (trace, i)->outcome, ==, WEFT_VISANDOR_FINISHED);
  g_assert_cmpint (weft_visandor_trace_task (trace, 0)->end - weft_visandor_trace_task (trace, 0)->start, ==, 130);
}

/* Suspension on one agent, resumption on another: two pieces and a migration. */
static void
test_suspend_resume (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftVisandorTrace) trace = parse_text ("1\n"
                                                   "10 5 0 0 0 0\n"
                                                   "11 20 7 2 0 0\n"
                                                   "12 21 7 0 0 0\n"
                                                   "13 21 7 1 1 1\n"
                                                   "20 24 7 0 0 0\n"
                                                   "25 23 7 1 1 1\n"
                                                   "30 25 7 0 1 1\n"
                                                   "40 26 7 0 1 1\n"
                                                   "41 27 7 0 1 1\n"
                                                   "50 6 0 0 0 0\n", context);
  const WeftVisandorTask *b0 = weft_visandor_trace_task (trace, 0);
  const WeftVisandorHandoff *m;
  guint pieces = 0;

  dump_warnings (context);
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 0);
  g_assert_cmpuint (b0->n_suspends, ==, 1);
  g_assert_cmpuint (b0->n_resumes, ==, 1);
  g_assert_cmpint (b0->outcome, ==, WEFT_VISANDOR_CUT);
  g_assert_cmpint (weft_visandor_trace_task (trace, 1)->outcome, ==, WEFT_VISANDOR_FAILURE);
  g_assert_cmpuint (trace->migrations->len, ==, 1);
  m = &g_array_index (trace->migrations, WeftVisandorHandoff, 0);
  g_assert_cmpuint (m->from_agent, ==, 0);
  g_assert_cmpuint (m->to_agent, ==, 1);
  g_assert_cmpint (m->from_time, ==, 10);
  g_assert_cmpint (m->to_time, ==, 20);
  /* Branch 1 started on agent 1, its choice point made on agent 0. */
  g_assert_cmpuint (trace->spawns->len, ==, 1);
  m = &g_array_index (trace->spawns, WeftVisandorHandoff, 0);
  g_assert_cmpuint (m->task, ==, 1);
  g_assert_cmpuint (m->from_agent, ==, 0);
  g_assert_cmpuint (m->to_agent, ==, 1);
  g_assert_cmpint (m->from_time, ==, 1);
  g_assert_cmpint (m->to_time, ==, 3);
  for (guint i = 0; i < trace->spans->len; i++)
    {
      const WeftVisandorSpan *s = &g_array_index (trace->spans, WeftVisandorSpan, i);

      if (s->kind == WEFT_VISANDOR_SPAN_RUN && s->task == 0)
        {
          pieces++;
          g_assert_true ((s->agent == 0 && s->begin == 2 && s->end == 10 && s->outcome == WEFT_VISANDOR_SUSPENDED) ||
                         (s->agent == 1 && s->begin == 20 && s->end == 30 && s->outcome == WEFT_VISANDOR_CUT));
        }
    }
  g_assert_cmpuint (pieces, ==, 2);
  g_assert_cmpuint (trace->code_counts[WEFT_VISANDOR_LEAF_CUT], ==, 1);
}

/* Each rule of the seed, broken once: a warning at the line, and the rest loads. */
static void
test_damaged (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftVisandorTrace) trace = parse_text ("0\n"
                                                   "100 1 48 2 A 0\n"        /* 2: not START_TIME */
                                                   "110 2 48 0 A 0\n"
                                                   "105 2 48 1 B 1\n"        /* 4: earlier timestamp */
                                                   "120 3 99 0 A 0\n"        /* 5: FINISH before START */
                                                   "130 4 77 0 A 0\n"        /* 6: JOIN before FORK */
                                                   "140 99 48 0 A 0\n"       /* 7: unknown code */
                                                   "15x 3 48 0 A 0\n"        /* 8: timestamp */
                                                   "150 3 4G 0 A 0\n"        /* 9: node id */
                                                   "160 3 48 0 A -3\n"       /* 10: agent */
                                                   "170 3 48 0 A 0\n"
                                                   "175 22 48 5 A 0\n"       /* 12: SUCC before START */
                                                   "180 34 48 1 B 2\n"       /* 13: STOP_BUSY alone */
                                                   "185 33 48 1 B 3\n"       /* 14: START_BUSY never stopped */
                                                   "190 3 48 0 A 0\n"        /* 15: ended twice */
                                                   "200 6 0 0 A 0\n"
                                                   "210 7 0 0 A 0\n",        /* 17: after STOP_TIME */
                                                   context);

  dump_warnings (context);
  g_assert_true (has_warning (context, 2, "not START_TIME"));
  g_assert_true (has_warning (context, 4, "earlier than the previous"));
  g_assert_true (has_warning (context, 5, "FINISH_GOAL of goal 0 of node 99 before its START_GOAL"));
  g_assert_true (has_warning (context, 6, "JOIN of node 77 before its FORK"));
  g_assert_true (has_warning (context, 7, "unknown event code 99"));
  g_assert_true (has_warning (context, 8, "expected a timestamp (an unsigned decimal number), found “15x”; line ignored"));
  g_assert_true (has_warning (context, 9, "expected a node id (a hexadecimal number), found “4G”; line ignored"));
  g_assert_true (has_warning (context, 10, "agent -3 is outside"));
  g_assert_true (has_warning (context, 12, "SUCC_BRANCH of goal 5 of node 48 before its START_BRANCH"));
  g_assert_true (has_warning (context, 13, "STOP_BUSY of branch 1 of node 48 on agent 2 without its START_BUSY"));
  g_assert_true (has_warning (context, 15, "already ended"));
  g_assert_true (has_warning (context, 17, "events after STOP_TIME"));
  g_assert_true (has_warning (context, 17, "the last event is AGENT_BUSY, not STOP_TIME"));
  g_assert_true (has_warning (context, 17, "START_BUSY of branch 1 of node 48 without STOP_BUSY"));
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 14);

  /* What could be read is there: the fork, both goals, the earlier one at 110. */
  g_assert_cmpuint (trace->nodes->len, ==, 1);
  g_assert_cmpuint (trace->tasks->len, ==, 2);
  g_assert_cmpint (weft_visandor_trace_task (trace, 1)->start, ==, 10);
  g_assert_cmpint (weft_visandor_trace_task (trace, 0)->end, ==, 70);
  g_assert_cmpuint (trace->n_events, ==, 12);
}

/* A branch still running at the end ends with its last choice point; when
 * that was made before the branch was suspended and resumed, its last piece
 * ends where it began rather than before (the fuzzer's find). */
static void
test_running_at_end (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftVisandorTrace) trace = parse_text ("1\n"
                                                   "0 5 0 0 0 0\n"
                                                   "1 20 7 2 0 0\n"
                                                   "2 21 7 0 0 1\n"
                                                   "4 20 9 1 0 1\n"     /* made in branch 0 */
                                                   "7 24 7 0 0 5\n"     /* suspended */
                                                   "8 25 7 0 0 2\n",    /* resumed, never ends */
                                                   context);
  const WeftVisandorTask *t;
  const WeftVisandorSpan *piece;

  g_assert_cmpuint (trace->tasks->len, ==, 1);
  t = weft_visandor_trace_task (trace, 0);
  g_assert_cmpint (t->end, ==, 4);
  g_assert_cmpint (t->outcome, ==, WEFT_VISANDOR_RUNNING);
  g_assert_cmpuint (trace->spans->len, ==, 2);
  piece = &g_array_index (trace->spans, WeftVisandorSpan, 1);
  g_assert_cmpuint (piece->agent, ==, 2);
  g_assert_cmpint (piece->begin, ==, 8);
  g_assert_cmpint (piece->end, ==, 8);
  for (guint i = 0; i < trace->spans->len; i++)
    g_assert_cmpint (g_array_index (trace->spans, WeftVisandorSpan, i).end, >=,
                     g_array_index (trace->spans, WeftVisandorSpan, i).begin);
}

/* A line that does not scan says which field, what it should be and what it holds. */
static void
test_damaged_fields (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftVisandorTrace) trace = parse_text ("0\n"
                                                   "100 1 48 2 A 0\n"
                                                   "110 x 48 0 A 0\n"      /* 3 */
                                                   "120 2 48 two A 0\n"    /* 4 */
                                                   "130 2 48 0 W? 0\n"     /* 5 */
                                                   "140 2 48 0 A\n"        /* 6 */
                                                   "150 2 48 0 A 0\n",
                                                   context);

  g_assert_true (has_warning (context, 3, "expected an event code (a decimal number), found “x”; line ignored"));
  g_assert_true (has_warning (context, 4, "expected a task or branch number (a decimal number), found “two”"));
  g_assert_true (has_warning (context, 5, "expected a WAM id (a hexadecimal number), found “W?”"));
  g_assert_true (has_warning (context, 6, "expected an agent number (a decimal number), found the end of the line"));
  g_assert_cmpuint (trace->n_events, ==, 2);
}

static void
test_no_type_line (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftVisandorTrace) trace = parse_text ("5 5 0 0 0 0\n6 20 1 1 0 0\n7 21 1 0 0 0\n8 22 1 0 0 0\n9 6 0 0 0 0",
                                                   context);

  g_assert_true (has_warning (context, 1, "not the type digit"));
  g_assert_cmpuint (weft_load_context_get_n_warnings (context), ==, 1);
  g_assert_cmpint (trace->parallelism, ==, WEFT_VISANDOR_OR);
  g_assert_cmpuint (trace->n_events, ==, 5);
  g_assert_cmpuint (trace->tasks->len, ==, 1);
}

static void
test_empty (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(WeftVisandorTrace) trace = parse_text ("", context);

  g_assert_true (has_warning (context, 0, "no events"));
  g_assert_cmpuint (trace->nodes->len, ==, 0);
}

static void
test_header (void)
{
  const char *good = "1\n     63328 5 0 0 0 0 \n";

  g_assert_true (weft_visandor_is_header (good, strlen (good)));
  g_assert_true (weft_visandor_is_header ("0\n1 5 0 0 A 0\n", 14));
  g_assert_false (weft_visandor_is_header ("2\n1 5 0 0 A 0\n", 14));
  g_assert_false (weft_visandor_is_header ("1\n1 5 0 0\n", 10));
  g_assert_false (weft_visandor_is_header ("1\n", 2));
  g_assert_false (weft_visandor_is_header ("12 5 0 0 0 0\n", 13));
}

/* Plain lines and the ones the scanner's fast path must leave to the general
 * one: both read each the same way. */
static void
test_scan_paths (void)
{
  static const char *const lines[] = {
    "1 5 0 0 0 0", "     63328 5 0 0 0 0 ", "1\t5\t0\t0\t0\t0\t", "1 5 0 0 0 0\r",
    "123456789012345678 21 3B066C 27 80CFA80 12", "12345678 12345678 ABCDEF01 12345678 0 8",
    "1234567890123456789 5 0 0 0 0", "12345678901234567890 5 0 0 0 0", "99999999999999999999 5 0 0 0 0",
    "+1 5 0 0 0 0", "1 +5 0 0 0 0", "1 5 0x1F 0 0 0", "1 5 0 -1 0 0", "1 5 0 0 0 -3",
    "1 5 0 0 0 1234567890", "1 5 0 0 0 3000000000", "1 5 FFFFFFFFFFFFFFFF 0 0 0",
    "1 5 1FFFFFFFFFFFFFFFF 0 0 0", "1 5 00000000000000000001 0 0 0", "1 5 0 0 G 0", "1 5 0 0 0 0 x",
    "1 5 0 0 0", "15x 5 0 0 0 0", "1 5 0 0 0 0\r\r", "", "   ", "\t", "1  5  0  0  0  0",
    "1 5 0 0 0 0                                                                              ",
    "1 5 0 0 0 00000000000", "0000000000000000000000001 5 0 0 0 0", "1 5 0 0 0 0\x01",
    "1 5 0 0 0 123456789", "1 123456789 0 987654321 0 0", "1 0000000005 0 0 0 0",
    /* Hexadecimal fields around the eight digits the fast path reads at once. */
    "1 5 abcdef12 0 0 0", "1 5 123456789 0 1a2B3c4D5e 0", "1 5 FFFFFFFF 0 FFFFFFFFF 0",
    "1 5 fffffffffffffff 0 0 0", "1 5 0123456789abcdef 0 0 0", "1 5 0123456789abcdef0 0 0 0",
    "1 5 A 0 ABCDEFGH 0", "1 5 12345678g 0 0 0",
  };
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree WeftVisandorEvent *events = g_new0 (WeftVisandorEvent, G_N_ELEMENTS (lines));
  WeftVisandorScanner scanner;
  gsize n, e = 0;

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    g_string_append_printf (text, "%s\n", lines[i]);
  /* Room after the lines, so that they all may take the fast path. */
  for (guint i = 0; i < 64; i++)
    g_string_append (text, "                               \n");

  weft_visandor_scanner_init (&scanner, text->str, text->len, 0);
  n = weft_visandor_scan_events (&scanner, events, G_N_ELEMENTS (lines));
  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      WeftVisandorEvent expected = { 0, };
      const char *end = lines[i] + strlen (lines[i]);
      WeftVisandorScanStatus status;

      if (end > lines[i] && end[-1] == '\r')
        end--;
      status = weft_visandor_scan_line (lines[i], end, &expected);
      g_test_message ("%s: %d", lines[i], status);
      if (status == WEFT_VISANDOR_SCAN_BLANK)
        continue;
      g_assert_cmpuint (e, <, n);
      g_assert_cmpuint (events[e].line, ==, i + 1);
      g_assert_cmpint (events[e].status, ==, status);
      if (status == WEFT_VISANDOR_SCAN_OK || status == WEFT_VISANDOR_SCAN_TRAILING)
        {
          g_assert_cmpuint (events[e].stamp, ==, expected.stamp);
          g_assert_cmpint (events[e].code, ==, expected.code);
          g_assert_cmpuint (events[e].id, ==, expected.id);
          g_assert_cmpint (events[e].branches, ==, expected.branches);
          g_assert_cmpint (events[e].agent, ==, expected.agent);
        }
      e++;
    }
  g_assert_cmpuint (e, ==, n);
}

static GPtrArray *
dup_warning_strings (WeftLoadContext *context)
{
  g_autoptr(GPtrArray) warnings = weft_load_context_dup_warnings (context);
  GPtrArray *strings = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < warnings->len; i++)
    g_ptr_array_add (strings, weft_warning_to_string (g_ptr_array_index (warnings, i)));

  return strings;
}

/* The scan on a thread of its own, a few events at a time, gives the trace
 * and the warnings (same lines, same order) of the plain read. */
/* A line of gigabytes (a damaged file: zeros), searched on the scanning
 * thread, moves the progress on meanwhile. */
static void
test_long_line_progress (void)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(WeftVisandorTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  gsize len = 3 * WEFT_TEXT_NEWLINE_STEP;
  char *data = weft_test_map_zeros ("1\n10 5 0 0 0 0\n", "\n20 6 0 0 0 0\n", len);

  weft_load_context_set_progress_func (context, weft_test_record_fraction, g_array_ref (fractions),
                                       (GDestroyNotify)g_array_unref);
  weft_load_context_add_work (context, len);
  trace = weft_visandor_parse_tuned (data, len, "zeros", 0, 4096, context, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);
  g_assert_cmpuint (weft_test_count_fractions (fractions, 0.5, 1.0), >=, 1);
  weft_test_unmap (data, len);
}

static void
test_threaded (void)
{
  g_autoptr(GString) text = g_string_new ("0\n1 5 0 0 0 0\n");
  g_autoptr(WeftLoadContext) plain_context = weft_load_context_new (NULL);
  g_autoptr(WeftLoadContext) threaded_context = weft_load_context_new (NULL);
  g_autoptr(WeftVisandorTrace) plain = NULL;
  g_autoptr(WeftVisandorTrace) threaded = NULL;
  g_autoptr(GPtrArray) plain_warnings = NULL;
  g_autoptr(GPtrArray) threaded_warnings = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 400; i++)
    {
      guint t = 10 + 10 * i, a = i % 4, b = (i + 1) % 4;

      g_string_append_printf (text, "%u 1 %X 2 0 %u\n%u 2 %X 0 0 %u\n%u 2 %X 1 0 %u\n",
                              t, 0x100 + i, a, t + 1, 0x100 + i, a, t + 2, 0x100 + i, b);
      if (i % 37 == 5)
        g_string_append_printf (text, "%ux 3 0 0 0 0\n%u 99 0 0 0 0\n%u 3 77 0 0 0\n\n%u 3 %X 0 0 %u junk\n",
                                t, t + 3, t + 3, t + 3, 0x100 + i, a);
      if (i % 53 == 7)
        g_string_append_printf (text, "%u 2 %X 0 0 0\n%u 7 0 0 0 70000\n", t, 0x100 + i, t + 3);
      g_string_append_printf (text, "%u 3 %X 0 0 %u\n%u 3 %X 1 0 %u\n%u 4 %X 0 0 %u\n",
                              t + 4, 0x100 + i, a, t + 5, 0x100 + i, b, t + 6, 0x100 + i, a);
    }
  g_string_append (text, "5000 6 0 0 0 0\n5001 7 0 0 0 1");

  plain = weft_visandor_parse_tuned (text->str, text->len, "mem", G_MAXSIZE, 4096, plain_context, &error);
  g_assert_no_error (error);
  threaded = weft_visandor_parse_tuned (text->str, text->len, "mem", 0, 3, threaded_context, &error);
  g_assert_no_error (error);

  plain_warnings = dup_warning_strings (plain_context);
  threaded_warnings = dup_warning_strings (threaded_context);
  g_assert_cmpuint (plain_warnings->len, >, 40);
  g_assert_cmpuint (threaded_warnings->len, ==, plain_warnings->len);
  for (guint i = 0; i < plain_warnings->len; i++)
    g_assert_cmpstr (g_ptr_array_index (threaded_warnings, i), ==, g_ptr_array_index (plain_warnings, i));

  g_assert_cmpuint (threaded->n_lines, ==, plain->n_lines);
  g_assert_cmpuint (threaded->n_events, ==, plain->n_events);
  g_assert_cmpint (threaded->end, ==, plain->end);
  g_assert_cmpmem (threaded->code_counts, sizeof threaded->code_counts, plain->code_counts, sizeof plain->code_counts);
  g_assert_cmpuint (threaded->n_agents, ==, plain->n_agents);
  g_assert_cmpuint (threaded->nodes->len, ==, plain->nodes->len);
  g_assert_cmpuint (threaded->tasks->len, ==, plain->tasks->len);
  g_assert_cmpuint (threaded->spans->len, ==, plain->spans->len);
  g_assert_cmpuint (threaded->marks->len, ==, plain->marks->len);
  for (guint i = 0; i < plain->nodes->len; i++)
    {
      const WeftVisandorNode *x = weft_visandor_trace_node (threaded, i), *y = weft_visandor_trace_node (plain, i);

      g_assert_true (x->id == y->id && x->time == y->time && x->join_time == y->join_time &&
                     x->parent == y->parent && x->first_task == y->first_task && x->n_tasks == y->n_tasks &&
                     x->depth == y->depth);
    }
  for (guint i = 0; i < plain->tasks->len; i++)
    {
      const WeftVisandorTask *x = weft_visandor_trace_task (threaded, i), *y = weft_visandor_trace_task (plain, i);

      g_assert_true (x->node == y->node && x->number == y->number && x->start == y->start && x->end == y->end &&
                     x->agent == y->agent && x->end_agent == y->end_agent && x->outcome == y->outcome);
    }
  for (guint i = 0; i < plain->spans->len; i++)
    {
      const WeftVisandorSpan *x = &g_array_index (threaded->spans, WeftVisandorSpan, i);
      const WeftVisandorSpan *y = &g_array_index (plain->spans, WeftVisandorSpan, i);

      g_assert_true (x->begin == y->begin && x->end == y->end && x->task == y->task && x->agent == y->agent &&
                     x->kind == y->kind);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/visandor/parser/seed-or-example", test_seed_or_example);
  g_test_add_func ("/visandor/parser/seed-andorra-slaves", test_seed_andorra_slaves);
  g_test_add_func ("/visandor/parser/seed-andorra-fragment", test_seed_andorra_fragment);
  g_test_add_func ("/visandor/parser/and-nested", test_and_nested);
  g_test_add_func ("/visandor/parser/suspend-resume", test_suspend_resume);
  g_test_add_func ("/visandor/parser/damaged", test_damaged);
  g_test_add_func ("/visandor/parser/damaged-fields", test_damaged_fields);
  g_test_add_func ("/visandor/parser/running-at-end", test_running_at_end);
  g_test_add_func ("/visandor/parser/no-type-line", test_no_type_line);
  g_test_add_func ("/visandor/parser/empty", test_empty);
  g_test_add_func ("/visandor/parser/header", test_header);
  g_test_add_func ("/visandor/parser/scan-paths", test_scan_paths);
  g_test_add_func ("/visandor/parser/threaded", test_threaded);
  g_test_add_func ("/visandor/parser/long-line-progress", test_long_line_progress);

  return g_test_run ();
}

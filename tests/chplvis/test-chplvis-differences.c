/* test-chplvis-differences.c: every place where Weft's Chapel figures depart
 * from chplvis's on purpose (README: "Differences from chplvis"), each on a
 * small trace written here, with Weft's number and chplvis's (chplvis_compat).
 * chplvis's numbers were worked out by hand from tools/chplvis/DataModel.cxx,
 * as the comments say; so were Weft's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-chplvis-reduce.h"
#include "weft-chplvis-parser.h"

/* A run from the text of its locale files (NULL-terminated). */
static WeftChplvisTrace *
trace_new (const char * const *files)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);
  g_autoptr(GError) error = NULL;
  WeftChplvisLocale *locales[4] = { NULL, };
  WeftChplvisTrace *trace;
  guint n = 0;

  for (; files[n] != NULL; n++)
    {
      g_autofree char *path = g_strdup_printf ("D/D-%u", n);

      g_assert_cmpuint (n, <, G_N_ELEMENTS (locales));
      locales[n] = weft_chplvis_parse_locale (files[n], strlen (files[n]), path, 0, context, &error);
      g_assert_no_error (error);
    }
  trace = weft_chplvis_trace_new (locales, n, context, &error);
  g_assert_no_error (error);

  return trace;
}

typedef struct
{
  WeftChplvisLocaleStats *weft;
  WeftChplvisLocaleStats *chplvis;
} Both;

static void
both_clear (Both *both)
{
  g_clear_pointer (&both->weft, g_free);
  g_clear_pointer (&both->chplvis, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Both, both_clear)

/* Locale figures of a tag (NULL: All), merged over equal names or not. */
static void
locale_stats (const WeftChplvisTrace *trace,
              const char             *tag,
              gboolean                merge,
              Both                   *both)
{
  g_autoptr(GError) error = NULL;
  WeftChplvisQuery query;

  weft_chplvis_query_init (&query);
  if (tag != NULL)
    {
      g_assert_true (weft_chplvis_query_set_tag (trace, &query, tag, &error));
      g_assert_no_error (error);
      query.merge = merge;
    }
  both->weft = weft_chplvis_compute_locale_stats (trace, &query);
  query.chplvis_compat = TRUE;
  both->chplvis = weft_chplvis_compute_locale_stats (trace, &query);
}

/* 1. A run that pauses and then stops: chplvis's End adds to the paused tag
 * and to All as if they were still running, from a reference time that its
 * Pause reset to 0, so the clock gains the End's time since the epoch and
 * the CPU gains everything since the tag's last reference a second time. */
static const char *const pause_then_stop[] = {
  "ChplVdebug: ver 1.4 nodes 1 nid 0 tid 3 seq 1.000 1000.000000 1.000000 0.500000 \n"
  "tname: 0 work\n"
  "Tag: 1000.100000 1.100000 0.510000 0 3 0\n"
  "Pause: 1000.300000 1.300000 0.530000 0 3 0\n"
  "End: 1000.900000 1.900000 0.590000 0 3\n",
  NULL
};

static void
test_pause_then_stop (void)
{
  g_autoptr(WeftChplvisTrace) trace = trace_new (pause_then_stop);
  g_auto(Both) all = { NULL, };
  g_auto(Both) work = { NULL, };

  /* Weft: All runs from Start to the Pause (0.3 s, 0.3 s user CPU); tag
   * "work" from its Tag to the Pause (0.2 s, 0.2 s). */
  locale_stats (trace, NULL, FALSE, &all);
  g_assert_cmpfloat_with_epsilon (all.weft[0].clock, 0.3, 1e-9);
  g_assert_cmpfloat_with_epsilon (all.weft[0].cpu_user, 0.3, 1e-9);
  g_assert_cmpfloat_with_epsilon (all.weft[0].cpu_sys, 0.03, 1e-9);
  /* chplvis: 0.3 s + 1000.9 s (the End's time since the epoch: 54 years on
   * a real run), 0.3 s + (1.9 − 1.0) s user CPU. */
  g_assert_cmpfloat_with_epsilon (all.chplvis[0].clock, 1001.2, 1e-6);
  g_assert_cmpfloat_with_epsilon (all.chplvis[0].cpu_user, 1.2, 1e-9);
  g_assert_cmpfloat_with_epsilon (all.chplvis[0].cpu_sys, 0.12, 1e-9);

  locale_stats (trace, "work", FALSE, &work);
  g_assert_cmpfloat_with_epsilon (work.weft[0].clock, 0.2, 1e-9);
  g_assert_cmpfloat_with_epsilon (work.weft[0].cpu_user, 0.2, 1e-9);
  g_assert_cmpfloat_with_epsilon (work.chplvis[0].clock, 0.2 + 1000.9, 1e-6);
  g_assert_cmpfloat_with_epsilon (work.chplvis[0].cpu_user, 0.2 + 0.8, 1e-9);
}

/* 2. The CPU and clock of a tag that is paused before the next tag: both
 * leave the paused time out (chplvis's next Tag finds the paused tag
 * disarmed), and All resumes at the Tag. The same numbers, asserted so that
 * a change to either side shows. */
static const char *const paused_between_tags[] = {
  "ChplVdebug: ver 1.4 nodes 1 nid 0 tid 3 seq 1.000 1000.000000 1.000000 0.500000 \n"
  "tname: 0 a\n"
  "Tag: 1000.100000 1.100000 0.510000 0 3 0\n"
  "Pause: 1000.300000 1.300000 0.530000 0 3 0\n"
  "tname: 1 b\n"
  "Tag: 1000.700000 1.700000 0.570000 0 3 1\n"
  "End: 1000.800000 1.800000 0.580000 0 3\n",
  NULL
};

static void
test_paused_between_tags (void)
{
  g_autoptr(WeftChplvisTrace) trace = trace_new (paused_between_tags);
  g_auto(Both) all = { NULL, };
  g_auto(Both) a = { NULL, };

  locale_stats (trace, "a", FALSE, &a);
  g_assert_cmpfloat_with_epsilon (a.weft[0].clock, 0.2, 1e-9);
  g_assert_cmpfloat_with_epsilon (a.weft[0].cpu_user, 0.2, 1e-9);
  g_assert_cmpfloat (a.chplvis[0].clock, ==, a.weft[0].clock);
  g_assert_cmpfloat (a.chplvis[0].cpu_user, ==, a.weft[0].cpu_user);

  /* All: Start → Pause (0.3 s) and Tag b → End (0.1 s). */
  locale_stats (trace, NULL, FALSE, &all);
  g_assert_cmpfloat_with_epsilon (all.weft[0].clock, 0.4, 1e-9);
  g_assert_cmpfloat_with_epsilon (all.weft[0].cpu_user, 0.4, 1e-9);
  g_assert_cmpfloat (all.chplvis[0].clock, ==, all.weft[0].clock);
  g_assert_cmpfloat (all.chplvis[0].cpu_user, ==, all.weft[0].cpu_user);
}

/* 3. Merged tags: chplvis adds up each tag's count, main included, so main
 * counts once per tag of the name; and it adds up the tags' longest tasks. */
static const char *const two_phases[] = {
  "ChplVdebug: ver 1.4 nodes 1 nid 0 tid 3 seq 1.000 1000.000000 1.000000 0.500000 \n"
  "tname: 0 phase\n"
  "Tag: 1000.100000 1.100000 0.510000 0 3 0\n"
  "task: 1000.110000 0 10 3 L 20 0 0\n"
  "Btask: 1000.120000 0 10\n"
  "Etask: 1000.150000 0 10\n"
  "tname: 1 phase\n"
  "Tag: 1000.200000 1.200000 0.520000 0 3 1\n"
  "task: 1000.210000 0 11 3 L 21 0 0\n"
  "Btask: 1000.220000 0 11\n"
  "Etask: 1000.240000 0 11\n"
  "End: 1000.300000 1.300000 0.530000 0 3\n",
  NULL
};

static void
test_merged_tags (void)
{
  g_autoptr(WeftChplvisTrace) trace = trace_new (two_phases);
  g_auto(Both) phase = { NULL, };

  locale_stats (trace, "phase", TRUE, &phase);
  /* Tasks 10 and 11, and main: Weft 3, chplvis 2 + 2 × main. */
  g_assert_cmpuint (phase.weft[0].tasks, ==, 3);
  g_assert_cmpuint (phase.chplvis[0].tasks, ==, 4);
  /* Longest task: 10 (0.03 s); chplvis 0.03 + 0.02 s. */
  g_assert_cmpfloat_with_epsilon (phase.weft[0].max_task_clock, 0.03, 1e-9);
  g_assert_cmpfloat_with_epsilon (phase.chplvis[0].max_task_clock, 0.05, 1e-9);
}

/* 4. Tag names: tagVdebug(" phase") writes "tname: 1  phase". Weft keeps
 * the name as the program gave it; chplvis's sscanf skips the blanks, so it
 * merges " phase" with "phase". Trailing blanks both keep. */
static const char *const blank_names[] = {
  "ChplVdebug: ver 1.4 nodes 1 nid 0 tid 3 seq 1.000 1000.000000 1.000000 0.500000 \n"
  "tname: 0 phase\n"
  "Tag: 1000.100000 1.100000 0.510000 0 3 0\n"
  "task: 1000.110000 0 10 3 L 20 0 0\n"
  "tname: 1  phase\n"
  "Tag: 1000.200000 1.200000 0.520000 0 3 1\n"
  "task: 1000.210000 0 11 3 L 21 0 0\n"
  "tname: 2 phase \n"
  "Tag: 1000.300000 1.300000 0.530000 0 3 2\n"
  "End: 1000.400000 1.400000 0.540000 0 3\n",
  NULL
};

static void
test_blank_names (void)
{
  g_autoptr(WeftChplvisTrace) trace = trace_new (blank_names);
  g_autofree char *name1 = weft_chplvis_dup_tag_name (trace, 1);
  g_autofree char *name2 = weft_chplvis_dup_tag_name (trace, 2);
  g_auto(Both) phase = { NULL, };

  g_assert_cmpstr (name1, ==, " phase");
  g_assert_cmpstr (name2, ==, "phase ");
  /* Weft merges tag 0 alone: task 10 and main. chplvis merges tags 0 and 1:
   * tasks 10 and 11, and main twice. */
  locale_stats (trace, "phase", TRUE, &phase);
  g_assert_cmpuint (phase.weft[0].tasks, ==, 2);
  g_assert_cmpuint (phase.chplvis[0].tasks, ==, 4);
}

/* 5. Strided transfers: elemsize × length bytes. chplvis's matrix agrees, but
 * its per-task sizes add the length alone. */
static const char *const strided[] = {
  "ChplVdebug: ver 1.4 nodes 2 nid 0 tid 3 seq 1.000 1000.000000 1.000000 0.500000 \n"
  "task: 1000.010000 0 10 3 L 20 0 0\n"
  "Btask: 1000.020000 0 10\n"
  "st_get: 1000.030000 0 1 10 0x7f00 0x7f80 8 4 1 22 0\n"
  "get: 1000.040000 0 1 10 0x7f00 0x7f80 1 16 2 23 0\n"
  "Etask: 1000.050000 0 10\n"
  "End: 1000.100000 1.100000 0.510000 0 3\n",
  "ChplVdebug: ver 1.4 nodes 2 nid 1 tid 5 seq 1.000 1000.000000 1.000000 0.500000 \n"
  "End: 1000.100000 1.100000 0.510000 1 5\n",
  NULL
};

static void
test_strided (void)
{
  g_autoptr(WeftChplvisTrace) trace = trace_new (strided);
  g_autoptr(WeftChplvisCommMatrix) matrix = NULL;
  g_autofree WeftChplvisTaskComm *weft = weft_chplvis_compute_task_comm (trace, 0, FALSE);
  g_autofree WeftChplvisTaskComm *chplvis = weft_chplvis_compute_task_comm (trace, 0, TRUE);
  WeftChplvisQuery query;

  weft_chplvis_query_init (&query);
  matrix = weft_chplvis_compute_comm_matrix (trace, &query);
  /* Gets: data flows 1 → 0; 8 × 4 + 16 bytes. */
  g_assert_cmpuint (matrix->count[1 * 2 + 0], ==, 2);
  g_assert_cmpuint (matrix->bytes[1 * 2 + 0], ==, 48);
  /* Task 10 is task 1 of locale 0 (main is 0). */
  g_assert_cmpuint (weft[1].gets, ==, 2);
  g_assert_cmpuint (weft[1].bytes, ==, 48);
  g_assert_cmpuint (chplvis[1].gets, ==, 2);
  g_assert_cmpuint (chplvis[1].bytes, ==, 20);
}

static const WeftChplvisProfileRow *
profile_row (GArray *rows,
             int     fid)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_array_index (rows, WeftChplvisProfileRow, i).fid == fid)
      return &g_array_index (rows, WeftChplvisProfileRow, i);

  return NULL;
}

/* 6. Main's own gets and puts: chplvis charges them to function 0 (main's
 * task record has fid 0); Weft to a "main" row. */
static const char *const main_comm[] = {
  "ChplVdebug: ver 1.4 nodes 2 nid 0 tid 3 seq 1.000 1000.000000 1.000000 0.500000 \n"
  "Tablesize: 1\n"
  "fname: 0 x.chpl\n"
  "FIDNsize: 1\n"
  "FIDname: 0 10 0 wrapon_fn_chpl\n"
  "get: 1000.030000 0 1 3 0x7f00 0x7f80 1 8 1 22 0\n"
  "put: 1000.040000 0 1 3 0x7f00 0x7f80 1 8 2 23 0\n"
  "End: 1000.100000 1.100000 0.510000 0 3\n",
  "ChplVdebug: ver 1.4 nodes 2 nid 1 tid 5 seq 1.000 1000.000000 1.000000 0.500000 \n"
  "End: 1000.100000 1.100000 0.510000 1 5\n",
  NULL
};

static void
test_main_comm (void)
{
  g_autoptr(WeftChplvisTrace) trace = trace_new (main_comm);
  g_autoptr(GArray) weft = NULL;
  g_autoptr(GArray) chplvis = NULL;
  WeftChplvisQuery query;

  weft_chplvis_query_init (&query);
  weft = weft_chplvis_compute_profile (trace, &query);
  query.chplvis_compat = TRUE;
  chplvis = weft_chplvis_compute_profile (trace, &query);

  g_assert_nonnull (profile_row (weft, WEFT_CHPLVIS_FID_MAIN));
  g_assert_cmpuint (profile_row (weft, WEFT_CHPLVIS_FID_MAIN)->gets, ==, 1);
  g_assert_cmpuint (profile_row (weft, WEFT_CHPLVIS_FID_MAIN)->puts, ==, 1);
  g_assert_true (profile_row (weft, 0) == NULL || profile_row (weft, 0)->gets == 0);
  g_assert_nonnull (profile_row (chplvis, 0));
  g_assert_cmpuint (profile_row (chplvis, 0)->gets, ==, 1);
  g_assert_cmpuint (profile_row (chplvis, 0)->puts, ==, 1);
}

/* 7. A task created in one tag that begins in the next: chplvis counts a
 * Btask only for a task of the current tag, so it never runs. */
static const char *const late_begin[] = {
  "ChplVdebug: ver 1.4 nodes 1 nid 0 tid 3 seq 1.000 1000.000000 1.000000 0.500000 \n"
  "task: 1000.010000 0 10 3 L 20 0 0\n"
  "tname: 0 next\n"
  "Tag: 1000.100000 1.100000 0.510000 0 3 0\n"
  "Btask: 1000.110000 0 10\n"
  "Etask: 1000.150000 0 10\n"
  "End: 1000.200000 1.200000 0.520000 0 3\n",
  NULL
};

static void
test_late_begin (void)
{
  g_autoptr(WeftChplvisTrace) trace = trace_new (late_begin);
  g_auto(Both) next = { NULL, };

  /* Main and task 10 run together in "next"; chplvis sees main alone. */
  locale_stats (trace, "next", FALSE, &next);
  g_assert_cmpuint (next.weft[0].max_concurrency, ==, 2);
  g_assert_cmpuint (next.chplvis[0].max_concurrency, ==, 1);
}

/* 8. A run that crashed (no End): chplvis never closes the last tag or All,
 * so their clock and CPU stay 0; Weft closes them at the last record (the
 * CPU at the last sample). */
static const char *const crashed[] = {
  "ChplVdebug: ver 1.4 nodes 1 nid 0 tid 3 seq 1.000 1000.000000 1.000000 0.500000 \n"
  "task: 1000.010000 0 10 3 L 20 0 0\n"
  "Btask: 1000.020000 0 10\n"
  "Etask: 1000.250000 0 10\n",
  NULL
};

static void
test_crashed (void)
{
  g_autoptr(WeftChplvisTrace) trace = trace_new (crashed);
  g_auto(Both) all = { NULL, };

  locale_stats (trace, NULL, FALSE, &all);
  g_assert_cmpfloat_with_epsilon (all.weft[0].clock, 0.25, 1e-9);
  g_assert_cmpfloat (all.weft[0].cpu_user, ==, 0.0);
  g_assert_cmpfloat (all.chplvis[0].clock, ==, 0.0);
}

/* Task counting at tag boundaries, reviewed against chplvis: two tags in a
 * row and the VisualDebug tasks logged around tagVdebug and stopVdebug.
 * chplvis drops main's coforall tasks between a VdbMark and the Tag on
 * locale 0 (their parent is nid0vdbtask), every task whose tid a VdbMark
 * marks on the other locales (erased after the file is read, wherever the
 * task record sits), and the task that wrote a Tag, Pause or End from its
 * tag. What is left, per tag, plus main on locale 0: Weft and chplvis agree. */
static const char *const tags_in_a_row[] = {
  "ChplVdebug: ver 1.4 nodes 2 nid 0 tid 3 seq 1.000 1000.000000 1.000000 0.500000 \n"
  "task: 1000.010000 0 10 3 L 20 0 0\n"
  "Btask: 1000.011000 0 10\n"
  "Etask: 1000.012000 0 10\n"
  "tname: 0 a\n"
  "VdbMark: 1000.100000 0 3\n"
  "task: 1000.100100 0 11 3 L 100 0 0\n"
  "Btask: 1000.100200 0 11\n"
  "fork: 1000.100300 0 1 -2 0 0x7f00 224 11 102 0\n"
  "Etask: 1000.100500 0 11\n"
  "Tag: 1000.100600 1.100000 0.510000 0 3 0\n"
  "tname: 1 b\n"
  "VdbMark: 1000.100700 0 3\n"
  "task: 1000.100800 0 12 3 L 100 0 0\n"
  "Btask: 1000.100900 0 12\n"
  "fork: 1000.101000 0 1 -2 0 0x7f00 224 12 102 0\n"
  "Etask: 1000.101200 0 12\n"
  "Tag: 1000.101300 1.200000 0.520000 0 3 1\n"
  "task: 1000.200000 0 13 3 L 21 0 0\n"
  "Btask: 1000.200100 0 13\n"
  "Etask: 1000.200200 0 13\n"
  "VdbMark: 1000.300000 0 3\n"
  "task: 1000.300100 0 14 3 L 100 0 0\n"
  "Btask: 1000.300150 0 14\n"
  "fork: 1000.300200 0 1 -2 0 0x7f00 224 14 102 0\n"
  "Etask: 1000.300400 0 14\n"
  "End: 1000.300500 1.300000 0.530000 0 3\n",
  "ChplVdebug: ver 1.4 nodes 2 nid 1 tid 5 seq 1.000 1000.000000 1.000000 0.500000 \n"
  "Etask: 1000.001000 1 5\n"
  "task: 1000.020000 1 20 2 O 0 -5 1\n"
  "Btask: 1000.020100 1 20\n"
  "Etask: 1000.020200 1 20\n"
  "task: 1000.100400 1 21 2 O 0 -5 1\n"
  "Btask: 1000.100410 1 21\n"
  "VdbMark: 1000.100420 1 21\n"
  "Tag: 1000.100450 1.100000 0.510000 1 21 0\n"
  "Etask: 1000.100460 1 21\n"
  "task: 1000.101050 1 22 2 O 0 -5 1\n"
  "Btask: 1000.101060 1 22\n"
  "VdbMark: 1000.101070 1 22\n"
  "Tag: 1000.101100 1.200000 0.520000 1 22 1\n"
  "Etask: 1000.101110 1 22\n"
  "task: 1000.200050 1 23 2 O 0 -5 1\n"
  "Btask: 1000.200060 1 23\n"
  "Etask: 1000.200070 1 23\n"
  "task: 1000.300250 1 24 2 O 0 -5 1\n"
  "Btask: 1000.300260 1 24\n"
  "VdbMark: 1000.300270 1 24\n"
  "End: 1000.300300 1.300000 0.530000 1 24\n",
  NULL
};

static void
test_tags_in_a_row (void)
{
  g_autoptr(WeftChplvisTrace) trace = trace_new (tags_in_a_row);
  /* Per tag (Start, a, b) and locale: chplvis's counts. */
  static const struct { const char *tag; guint64 tasks[2]; } expected[] = {
    { "Start", { 2, 1 } },  /* 10 + main; 20 (21 is VisualDebug's) */
    { "a", { 1, 0 } },      /* main; nothing (22 is VisualDebug's) */
    { "b", { 2, 1 } },      /* 13 + main; 23 (24 is VisualDebug's) */
  };
  g_auto(Both) all = { NULL, };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_auto(Both) tag = { NULL, };

      locale_stats (trace, expected[i].tag, FALSE, &tag);
      for (guint l = 0; l < 2; l++)
        {
          g_assert_cmpuint (tag.weft[l].tasks, ==, expected[i].tasks[l]);
          g_assert_cmpuint (tag.chplvis[l].tasks, ==, expected[i].tasks[l]);
        }
    }

  /* All: main once. */
  locale_stats (trace, NULL, FALSE, &all);
  g_assert_cmpuint (all.weft[0].tasks, ==, 3);
  g_assert_cmpuint (all.chplvis[0].tasks, ==, 3);
  g_assert_cmpuint (all.weft[1].tasks, ==, 2);
  g_assert_cmpuint (all.chplvis[1].tasks, ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chplvis/differences/pause-then-stop", test_pause_then_stop);
  g_test_add_func ("/chplvis/differences/paused-between-tags", test_paused_between_tags);
  g_test_add_func ("/chplvis/differences/merged-tags", test_merged_tags);
  g_test_add_func ("/chplvis/differences/blank-names", test_blank_names);
  g_test_add_func ("/chplvis/differences/strided", test_strided);
  g_test_add_func ("/chplvis/differences/main-comm", test_main_comm);
  g_test_add_func ("/chplvis/differences/late-begin", test_late_begin);
  g_test_add_func ("/chplvis/differences/crashed", test_crashed);
  g_test_add_func ("/chplvis/differences/tags-in-a-row", test_tags_in_a_row);

  return g_test_run ();
}

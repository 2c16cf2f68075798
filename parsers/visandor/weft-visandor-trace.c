/* weft-visandor-trace.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-visandor-trace.h"

/* A 10^7-line trace has millions of each: a field more is megabytes more to
 * write while reading (whose page faults bound it) and to read after. */
G_STATIC_ASSERT (sizeof (WeftVisandorTask) == 64);
G_STATIC_ASSERT (sizeof (WeftVisandorSpan) == 24);

WeftVisandorTrace *
weft_visandor_trace_new (const char *source)
{
  WeftVisandorTrace *trace = g_new0 (WeftVisandorTrace, 1);

  trace->source = g_strdup (source != NULL ? source : "");
  trace->nodes = g_array_new (FALSE, FALSE, sizeof (WeftVisandorNode));
  trace->tasks = g_array_new (FALSE, FALSE, sizeof (WeftVisandorTask));
  trace->spans = g_array_new (FALSE, FALSE, sizeof (WeftVisandorSpan));
  trace->spawns = g_array_new (FALSE, FALSE, sizeof (WeftVisandorHandoff));
  trace->migrations = g_array_new (FALSE, FALSE, sizeof (WeftVisandorHandoff));
  trace->marks = g_array_new (FALSE, FALSE, sizeof (WeftVisandorMark));
  trace->first_root = WEFT_VISANDOR_NONE;
  trace->last_root = WEFT_VISANDOR_NONE;

  return trace;
}

void
weft_visandor_trace_free (WeftVisandorTrace *trace)
{
  if (trace == NULL)
    return;

  g_free (trace->source);
  g_free (trace->agent_seen);
  g_free (trace->tallies);
  g_array_unref (trace->nodes);
  g_array_unref (trace->tasks);
  g_array_unref (trace->spans);
  g_array_unref (trace->spawns);
  g_array_unref (trace->migrations);
  g_array_unref (trace->marks);
  g_free (trace);
}

const char *const _weft_visandor_code_names[WEFT_VISANDOR_N_CODES] = {
  [WEFT_VISANDOR_FORK] = "FORK",
  [WEFT_VISANDOR_START_GOAL] = "START_GOAL",
  [WEFT_VISANDOR_FINISH_GOAL] = "FINISH_GOAL",
  [WEFT_VISANDOR_JOIN] = "JOIN",
  [WEFT_VISANDOR_START_TIME] = "START_TIME",
  [WEFT_VISANDOR_STOP_TIME] = "STOP_TIME",
  [WEFT_VISANDOR_AGENT_BUSY] = "AGENT_BUSY",
  [WEFT_VISANDOR_AGENT_IDLE] = "AGENT_IDLE",
  [WEFT_VISANDOR_CREATE_WAM] = "CREATE_WAM",
  [WEFT_VISANDOR_CREATE_AGENT] = "CREATE_AGENT",
  [WEFT_VISANDOR_MAKE_PUBLIC] = "MAKE_PUBLIC",
  [WEFT_VISANDOR_START_BRANCH] = "START_BRANCH",
  [WEFT_VISANDOR_SUCC_BRANCH] = "SUCC_BRANCH",
  [WEFT_VISANDOR_FAIL_BRANCH] = "FAIL_BRANCH",
  [WEFT_VISANDOR_SUSPEND_BRANCH] = "SUSPEND_BRANCH",
  [WEFT_VISANDOR_RESUME_BRANCH] = "RESUME_BRANCH",
  [WEFT_VISANDOR_CUTTING_BRANCH] = "CUTTING_BRANCH",
  [WEFT_VISANDOR_LEAF_CUT] = "LEAF-CUT",
  [WEFT_VISANDOR_START_BUSY] = "START_BUSY",
  [WEFT_VISANDOR_STOP_BUSY] = "STOP_BUSY",
};

const char *
weft_visandor_code_name (int code)
{
  return weft_visandor_code_is_known (code) ? _weft_visandor_code_names[code] : "unknown";
}

const char *
weft_visandor_outcome_name (WeftVisandorOutcome outcome)
{
  static const char *const names[WEFT_VISANDOR_N_OUTCOMES] = {
    "running", "finished", "success", "failure", "cut", "suspended",
  };

  return (guint)outcome < WEFT_VISANDOR_N_OUTCOMES ? names[outcome] : "unknown";
}

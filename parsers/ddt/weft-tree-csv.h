/* weft-tree-csv.h: any call tree as an RFC 4180 CSV table, one row per frame.
 *
 *   Path,CPUTIME (sec) (base),CPUTIME (sec) (other),…,Side
 *   main,10,12,2,1.2,both
 *   main;solve (solve.c:42),4,0,-4,0,base
 *
 * The header names the columns: Path, then one per metric holding its
 * inclusive value, named as the metric; a tree without metrics but with
 * process information has Processes and Threads (counts) instead. A
 * comparison (weft_call_tree_is_comparison()) ends with Side: both, base or
 * other. Rows follow in pre-order, the invisible root left out; Path is the
 * frames from the top down joined by ';' (weft_call_tree_dup_path()).
 * Numbers are written by weft_csv_append_double(), so they read back
 * exactly: a ratio whose base is 0 is "inf", which weft_csv_parse_double(),
 * C's strtod() and Python's float() read as infinity (a spreadsheet may show
 * it as text).
 * Fields are quoted only when they need it, records end in LF, text is UTF-8.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "weft-call-tree.h"

G_BEGIN_DECLS

char     *weft_tree_csv_to_string (WeftCallTree  *tree);
gboolean  weft_tree_csv_write     (WeftCallTree  *tree,
                                   int            metric,
                                   const char    *path,
                                   GError       **error);

G_END_DECLS

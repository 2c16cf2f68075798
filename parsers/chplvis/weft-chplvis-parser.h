/* weft-chplvis-parser.h: reads one VisualDebug locale file from memory.
 *
 * The line parser of the Chapel reader: one pass over the bytes with
 * WeftLineReader and the weft_scan_* field scanners, no allocation per line.
 * The lines most of a run is made of (gets, puts, forks, tasks, Btask and
 * Etask), when written exactly as VisualDebug writes them, take a fast path
 * that reads the same values with about a quarter less work; anything else
 * in them goes to the full scanners (weft-chplvis-parser.c).
 * It accepts format 1.4 and the older 1.2 and 1.3 (told apart by field count),
 * skips malformed lines with a warning naming the file and line, and never
 * trusts an index enough to allocate by it. This is also the fuzzing entry.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-chplvis-trace.h"
#include "weft-load-context.h"

G_BEGIN_DECLS

typedef enum
{
  WEFT_CHPLVIS_PARSE_NONE          = 0,
  /* @data is a read-only file mapping: give its pages back to the kernel as
   * they are parsed, so that a large file does not stay resident. */
  WEFT_CHPLVIS_PARSE_RELEASE_PAGES = 1 << 0,
  /* For tests: every get, put, fork, task, Btask and Etask line by the full
   * field scanners, not the fast path first. */
  WEFT_CHPLVIS_PARSE_FULL_SCAN     = 1 << 1,
} WeftChplvisParseFlags;

WeftChplvisLocale *weft_chplvis_parse_locale (const char             *data,
                                              gsize                   len,
                                              const char             *path,
                                              WeftChplvisParseFlags   flags,
                                              WeftLoadContext        *context,
                                              GError                **error);
gboolean           weft_chplvis_is_header    (const char             *head,
                                              gsize                   len);

G_END_DECLS

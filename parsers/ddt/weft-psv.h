/* weft-psv.h: DDT Parallel Stack View exports (CSV and XML) ⇄ WeftCallTree.
 *
 * CSV (DDT's "Export File Formats", §3.2.1): a header row naming the columns
 * Depth, Processes, Threads and Function, then one row per frame in pre-order.
 * A row at depth d is a child of the latest row at depth d - 1; the first row
 * fixes the base (0 or 1), and a jump of more than one level is an error
 * naming the line. Processes and Threads are counts (what the document says)
 * or compact sets ("0-3,7", "0.0-3.1"); a bare number is a count, unless
 * another row of the file holds a set (then "6" is the set {6}). Function is
 * the name, optionally followed by " (file:line)": the split is made on the
 * last " (" group only when the field ends with ":<digits>)", because C++
 * names hold parentheses ("operator()(int) (x.cpp:12)").
 *
 * What we write (canonical; read → write of it is byte-identical):
 *
 *   Depth, Processes, Threads, Function
 *   0, 16, 16, main (hang.c:40)
 *   1, 15, 15, "MPI_Barrier (barrier.c:55)"   ← quoted only when needed
 *
 * fields separated by ", " as the header, counts unless WEFT_PSV_CSV_SETS is
 * given, LF line endings, UTF-8.
 *
 * XML (§3.2.2, the DTD doc/stacks.dtd): <stacks> holding nested <frame>
 * elements with the attributes processes, threads (compact sets),
 * processcount and threadcount, each with a <position> of <function>, <file>
 * and <line>. Read with libxml2 without network access; when the document
 * carries an internal DTD it is validated. Elements the DTD does not know are
 * errors naming the line. Written with xmlTextWriter: the DOCTYPE with the
 * seed's DTD inline, two-space indentation, every attribute the tree knows
 * (sets when it has them, counts always), so every file validates against
 * the DTD.
 *
 * All writers go through WeftAtomicFile. A WeftTreeWriterFunc ignores @metric:
 * PSV has no metric column.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "weft-call-tree.h"
#include "weft-load-context.h"

G_BEGIN_DECLS

typedef enum
{
  WEFT_PSV_CSV_COUNTS = 0,      /* Processes and Threads as counts (DDT) */
  WEFT_PSV_CSV_SETS   = 1 << 0, /* as compact sets where the tree has them */
} WeftPsvCsvFlags;

/* The DTD of the seed (doc/stacks.dtd), declarations only. */
extern const char weft_psv_dtd[];

WeftCallTree *weft_psv_csv_parse     (const char       *data,
                                      gsize             len,
                                      const char       *filename,
                                      WeftLoadContext  *context,
                                      GError          **error);
WeftCallTree *weft_psv_csv_read      (const char       *path,
                                      WeftLoadContext  *context,
                                      GError          **error);
char         *weft_psv_csv_to_string (WeftCallTree     *tree,
                                      WeftPsvCsvFlags   flags);
gboolean      weft_psv_csv_write_full (WeftCallTree    *tree,
                                      WeftPsvCsvFlags   flags,
                                      const char       *path,
                                      GError          **error);
gboolean      weft_psv_csv_write     (WeftCallTree     *tree,
                                      int               metric,
                                      const char       *path,
                                      GError          **error);

WeftCallTree *weft_psv_xml_parse     (const char       *data,
                                      gsize             len,
                                      const char       *filename,
                                      WeftLoadContext  *context,
                                      GError          **error);
WeftCallTree *weft_psv_xml_read      (const char       *path,
                                      WeftLoadContext  *context,
                                      GError          **error);
char         *weft_psv_xml_to_string (WeftCallTree     *tree,
                                      GError          **error);
gboolean      weft_psv_xml_write     (WeftCallTree     *tree,
                                      int               metric,
                                      const char       *path,
                                      GError          **error);

/* Sniffing helpers: TRUE when @data starts like a PSV CSV header row / a
 * document whose root element is <stacks>. */
gboolean      weft_psv_csv_sniff     (const char       *data,
                                      gsize             len);
gboolean      weft_psv_xml_sniff     (const char       *data,
                                      gsize             len);

G_END_DECLS

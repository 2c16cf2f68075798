/* weft-visandor-scan.h: VisAndOr event lines to event records (private to the
 * reader and its tests).
 *
 * The scanner checks only the syntax of a line ("timestamp code nodeid
 * branches wam agent", u d x d x d); what a line says is checked by the tree
 * builder, which also turns a scan status into its warning. Scanning keeps no
 * state but the position, so it can run on another thread than the builder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "weft-text-scan.h"

G_BEGIN_DECLS

typedef enum
{
  WEFT_VISANDOR_SCAN_OK,
  WEFT_VISANDOR_SCAN_TRAILING,      /* an event, with text after the agent */
  WEFT_VISANDOR_SCAN_BLANK,         /* nothing on the line */
  WEFT_VISANDOR_SCAN_BAD_STAMP,     /* the line is ignored from here on */
  WEFT_VISANDOR_SCAN_BAD_CODE,
  WEFT_VISANDOR_SCAN_BAD_NODE,
  WEFT_VISANDOR_SCAN_BAD_BRANCHES,
  WEFT_VISANDOR_SCAN_BAD_WAM,
  WEFT_VISANDOR_SCAN_BAD_AGENT,
} WeftVisandorScanStatus;

/* One line, as read. The WAM id is checked but not kept (nothing uses it). */
typedef struct
{
  union
  {
    struct
    {
      guint64 stamp;
      guint64 id;
    };
    /* A line that does not scan (a BAD_* status): where the field that
     * failed starts (blanks before it included) and where the line ends, in
     * the text scanned, for the warning to quote it. */
    struct
    {
      const char *bad_field;
      const char *bad_end;
    };
  };
  guint64 line;       /* 1-based line number */
  gint32  code;
  gint32  branches;
  gint32  agent;
  guint8  status;     /* WeftVisandorScanStatus */
} WeftVisandorEvent;

typedef struct
{
  const char     *pos;
  const char     *end;
  guint64         line_no;  /* of the line before pos */
  WeftTextSearch  search;   /* for a very long line */
} WeftVisandorScanner;

WeftVisandorScanStatus weft_visandor_scan_line   (const char          *line,
                                                  const char          *end,
                                                  WeftVisandorEvent   *event);
void                   weft_visandor_scanner_init (WeftVisandorScanner *scanner,
                                                   const char          *data,
                                                   gsize                len,
                                                   guint64              line_no);
gsize                  weft_visandor_scan_events  (WeftVisandorScanner *scanner,
                                                   WeftVisandorEvent   *events,
                                                   gsize                n_max);

/* Events scanned ahead of their reader, in chunks: on a thread of its own
 * (up to WEFT_VISANDOR_SCAN_AHEAD_CHUNKS chunks ahead) or, without one, a
 * chunk at a time when asked. A chunk belongs to the scanning thread until it
 * is full and to the reader from _next() until _done(). */
#define WEFT_VISANDOR_SCAN_AHEAD_CHUNKS 4

typedef struct
{
  WeftVisandorEvent *events;
  gsize              n;
  gsize              offset;    /* bytes of the data scanned up to its end */
  guint64            n_lines;   /* lines scanned up to its end */
  gboolean           last;      /* it ends the data */
} WeftVisandorChunk;

typedef struct _WeftVisandorScanAhead WeftVisandorScanAhead;

WeftVisandorScanAhead *weft_visandor_scan_ahead_new  (const char            *data,
                                                      gsize                  len,
                                                      gsize                  start,
                                                      guint64                n_lines,
                                                      gsize                  chunk_events,
                                                      gboolean               threaded,
                                                      const WeftTextSearch  *search);
WeftVisandorChunk     *weft_visandor_scan_ahead_next (WeftVisandorScanAhead *self);
void                   weft_visandor_scan_ahead_done (WeftVisandorScanAhead *self,
                                                      WeftVisandorChunk     *chunk);
void                   weft_visandor_scan_ahead_free (WeftVisandorScanAhead *self);

G_END_DECLS

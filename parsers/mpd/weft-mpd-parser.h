/* weft-mpd-parser.h: reads MPD runtime traces (mpdtrace(5)).
 *
 * A line is "FILE, LINE" (or "(unknown location)"), the proc name
 * "[vm(N).]resource.proc", the event, the process id and the event's second
 * field in hexadecimal, separated by runs of blanks; every width the writer
 * pads to is only a minimum, so lines are split on the first ", " and on
 * blanks, never by column.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "weft-load-context.h"
#include "weft-mpd-trace.h"

G_BEGIN_DECLS

typedef enum
{
  WEFT_MPD_LINE_OK,
  WEFT_MPD_LINE_NOT_TRACE,      /* program output or a damaged line */
  WEFT_MPD_LINE_UNKNOWN_EVENT,  /* shaped like a trace line, with an event we do not know */
} WeftMpdLineStatus;

typedef struct
{
  const char *file;       /* NULL for "(unknown location)" */
  gsize       file_len;
  guint32     line;
  guint16     vm;
  const char *name;       /* "resource.proc", without the vm prefix */
  gsize       name_len;
  const char *event_name;
  gsize       event_len;
  int         event;      /* WeftMpdEvent, or -1 */
  guint64     pid;
  guint64     extra;
} WeftMpdLine;

WeftMpdLineStatus weft_mpd_parse_line (const char   *line,
                                       const char   *end,
                                       WeftMpdLine  *out);

/* How many of the first complete lines of @head (at most 64) are trace lines;
 * *n_lines_out (nullable) gets how many lines were looked at. */
guint             weft_mpd_count_trace_lines (const char *head,
                                              gsize       len,
                                              guint      *n_lines_out);

/* Parses a whole trace held in memory. @source names it in warnings. Fails
 * when the input holds not one trace line (WEFT_ERROR_EMPTY when it holds no
 * text at all), or on cancellation. */
WeftMpdTrace     *weft_mpd_parse      (const char       *data,
                                       gsize             len,
                                       const char       *source,
                                       WeftLoadContext  *context,
                                       GError          **error);

/* weft_mpd_parse(), reading the two halves of @data in two threads when it
 * holds at least @min_split_size bytes (and there are two processors, or
 * @min_split_size is 0). weft_mpd_parse() splits from 8 MiB; tests choose. */
WeftMpdTrace     *weft_mpd_parse_split (const char      *data,
                                        gsize            len,
                                        const char      *source,
                                        gsize            min_split_size,
                                        WeftLoadContext *context,
                                        GError         **error);

/* Maps @file and parses it. */
WeftMpdTrace     *weft_mpd_read       (GFile            *file,
                                       WeftLoadContext  *context,
                                       GError          **error);

G_END_DECLS

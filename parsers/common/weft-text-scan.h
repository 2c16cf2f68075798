/* weft-text-scan.h: hand-written field scanning for line-oriented trace formats.
 *
 * Text readers map the file (GMappedFile), walk it a line at a time with
 * WeftLineReader (memchr, no copies) and take fields off the front of a line with
 * the weft_scan_* functions, which never read past the end of the line, reject
 * overflow and never allocate. Each returns FALSE (and leaves *pos unchanged)
 * when the field is missing or malformed, so a reader can say which field of
 * which line was wrong.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  const char *data;
  const char *end;
  const char *pos;
  guint64     line_no;   /* 1-based number of the line last returned */
} WeftLineReader;

void     weft_line_reader_init       (WeftLineReader  *reader,
                                      const char      *data,
                                      gsize            len);
gboolean weft_line_reader_next       (WeftLineReader  *reader,
                                      const char     **line,
                                      const char     **line_end);
gsize    weft_line_reader_get_offset (const WeftLineReader *reader);

/* Each scanner first skips spaces and tabs, then reads one field. */
gboolean weft_scan_u64      (const char **pos,
                             const char  *end,
                             guint64     *value);
gboolean weft_scan_i64      (const char **pos,
                             const char  *end,
                             gint64      *value);
gboolean weft_scan_int      (const char **pos,
                             const char  *end,
                             int         *value);
gboolean weft_scan_hex_u64  (const char **pos,
                             const char  *end,
                             guint64     *value);
gboolean weft_scan_double   (const char **pos,
                             const char  *end,
                             double      *value);
gboolean weft_scan_sec_usec (const char **pos,
                             const char  *end,
                             gint64      *microseconds);
gboolean weft_scan_token    (const char **pos,
                             const char  *end,
                             const char **token,
                             gsize       *token_len);
gboolean weft_scan_char     (const char **pos,
                             const char  *end,
                             char        *c);
gboolean weft_scan_literal  (const char **pos,
                             const char  *end,
                             const char  *literal);
void     weft_scan_rest     (const char **pos,
                             const char  *end,
                             const char **rest,
                             gsize       *rest_len);
gboolean weft_scan_at_end   (const char  *pos,
                             const char  *end);

G_END_DECLS

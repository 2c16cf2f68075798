/* weft-csv.h: RFC 4180 comma-separated values as DDT exports them.
 *
 * Reading: WeftCsvReader walks a buffer a record at a time. Fields may be quoted
 * ("a,b", "say ""hi""", embedded line breaks); records end with LF, CRLF or a
 * lone CR, and the last one may lack a line break. A quoted empty field ("") is
 * reported apart from an empty one (MDA writes "" for filtered cells). As a
 * tolerance beyond RFC 4180, blanks before an opening quote and after a closing
 * quote are ignored (`a, "b"`); a quote inside an unquoted field is kept as a
 * literal character. DDT's encoding follows LANG/LC_CTYPE: input that is valid
 * UTF-8 is read as UTF-8 (a leading byte-order mark is skipped), anything else
 * as Latin-1, so every field handed out is valid UTF-8. Errors (an unterminated
 * quote, text after a closing quote, a NUL byte) name the file, line and column.
 * Lines and columns are 1-based; columns count bytes of the input.
 *
 * Writing: weft_csv_append_field() quotes a field when it contains a comma, a
 * quote, CR or LF, or starts or ends with a space or tab (or starts with U+FEFF,
 * which a reader would take for a byte-order mark); records end in LF and text
 * is written as UTF-8. weft_csv_append_double() and
 * weft_csv_parse_double() are the number conventions shared by the MDA and CPC
 * exports (see weft-csv.c). Writers build records in a GString, hand it to
 * weft_csv_flush() whenever it holds WEFT_CSV_FLUSH_SIZE bytes, and end with
 * weft_csv_commit(); both write through a WeftAtomicFile.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "weft-atomic-file.h"

G_BEGIN_DECLS

/* Writers hand their buffer on at about this size. */
#define WEFT_CSV_FLUSH_SIZE (64 * 1024)

typedef struct
{
  const char *text;     /* unescaped UTF-8, nul-terminated; valid until the next record */
  gsize       len;
  gboolean    quoted;   /* written in quotes: "" is quoted and empty, a bare empty field is not */
  guint64     line;     /* where the field's text starts (after the opening quote) */
  guint64     column;
} WeftCsvField;

typedef struct _WeftCsvReader WeftCsvReader;

WeftCsvReader      *weft_csv_reader_new          (const char          *data,
                                                  gsize                len,
                                                  const char          *filename);
void                weft_csv_reader_free         (WeftCsvReader       *self);
gboolean            weft_csv_reader_next         (WeftCsvReader       *self,
                                                  GError             **error);
guint               weft_csv_reader_get_n_fields (const WeftCsvReader *self);
const WeftCsvField *weft_csv_reader_get_field    (const WeftCsvReader *self,
                                                  guint                index);
gboolean            weft_csv_reader_is_blank     (const WeftCsvReader *self);
gboolean            weft_csv_reader_next_header  (WeftCsvReader       *self,
                                                  GError             **error);
guint64             weft_csv_reader_get_line     (const WeftCsvReader *self);
void                weft_csv_reader_get_end      (const WeftCsvReader *self,
                                                  guint64             *line,
                                                  guint64             *column);
const char         *weft_csv_reader_get_filename (const WeftCsvReader *self);
gboolean            weft_csv_reader_is_latin1    (const WeftCsvReader *self);

gboolean            weft_csv_field_needs_quotes  (const char          *text,
                                                  gsize                len);
void                weft_csv_append_field        (GString             *out,
                                                  const char          *text,
                                                  gssize               len);
void                weft_csv_append_plain_field  (GString             *out,
                                                  const char          *text,
                                                  gsize                len);
void                weft_csv_append_quoted       (GString             *out,
                                                  const char          *text,
                                                  gssize               len);
void                weft_csv_append_double       (GString             *out,
                                                  double               value);
gboolean            weft_csv_parse_double        (const char          *text,
                                                  gsize                len,
                                                  double              *value);
gboolean            weft_csv_flush               (GString             *buffer,
                                                  WeftAtomicFile      *file,
                                                  GError             **error);
gboolean            weft_csv_commit              (GString             *buffer,
                                                  WeftAtomicFile      *file,
                                                  GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftCsvReader, weft_csv_reader_free)

G_END_DECLS

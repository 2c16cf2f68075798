/* weft-mpd-table.h: a searchable, sortable table of text rows for the MPD
 * page (per-line counts, processes, semaphores), on WeftArrayTable.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define WEFT_MPD_TABLE_MAX_COLUMNS 10

/* One row: a text per column; numeric columns sort by their number, and show
 * it when they have no text of their own (a long trace has 10^6 process
 * rows: numbers are formatted as rows are shown or searched, not all up
 * front). A text is the row's own, freed with it, when its bit is set in
 * @owned; otherwise it is borrowed from the dataset (names, resources, event
 * names), which outlives the table. */
typedef struct
{
  const char *cells[WEFT_MPD_TABLE_MAX_COLUMNS];
  double      values[WEFT_MPD_TABLE_MAX_COLUMNS];
  guint32     ref;    /* what the row shows (the lines table: its location) */
  guint16     owned;  /* bit c: cells[c] is g_free'd with the row */
} WeftMpdTableRow;

/* The text cell @column shows: its own, its number (written into @buffer),
 * or "". */
const char *weft_mpd_table_row_get_text (const WeftMpdTableRow *row,
                                         guint                  column,
                                         gboolean               numeric,
                                         char                  *buffer,
                                         gsize                  buffer_size);

#define WEFT_TYPE_MPD_TABLE (weft_mpd_table_get_type ())

G_DECLARE_FINAL_TYPE (WeftMpdTable, weft_mpd_table, WEFT, MPD_TABLE, GtkWidget)

/* @titles: NULL-terminated; a title starting with "#" is a numeric column
 * (the "#" is not shown). @name: the accessible name. */
GtkWidget  *weft_mpd_table_new        (const char         *name,
                                       const char * const *titles);
/* Rows for weft_mpd_table_set_rows(), room made for @reserve: an array that
 * frees each row's own texts with it. */
GArray     *weft_mpd_table_rows_new   (guint               reserve);
/* Says @text where the count of rows goes, until rows are set. */
void        weft_mpd_table_set_status (WeftMpdTable       *self,
                                       const char         *text);
/* Takes @rows (from weft_mpd_table_rows_new()). */
void        weft_mpd_table_set_rows   (WeftMpdTable       *self,
                                       GArray             *rows);
GListModel *weft_mpd_table_get_model  (WeftMpdTable       *self);
GtkEditable *weft_mpd_table_get_search (WeftMpdTable      *self);
GtkSingleSelection *weft_mpd_table_get_selection (WeftMpdTable *self);

G_END_DECLS

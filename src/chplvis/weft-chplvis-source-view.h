/* weft-chplvis-source-view.h: a Chapel source file at one line.
 *
 * chplvis's source view, with what its wish list asks for: line numbers, the
 * target line highlighted and scrolled to the middle, a title "file:line" and
 * the path that was opened. Files load in a worker thread; files larger than
 * WEFT_CHPLVIS_SOURCE_MAX_SIZE or with NUL bytes (not text) are refused with a
 * message, invalid UTF-8 is shown with replacement characters. The lines are
 * a lazily built list, so a file of a million lines opens at once.
 *
 * When there is nothing to show it says why: the trace names no file there
 * ("<internal>", "<unknown>", "<command_line>"), or the file it names is not
 * on this computer (with the path tried and a button to Preferences ▸ Source
 * Folders, where CHPL_HOME and DIR are remapped).
 *
 * CSS name: chplvissourceview.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define WEFT_CHPLVIS_SOURCE_MAX_SIZE (16 * 1024 * 1024)

#define WEFT_TYPE_CHPLVIS_SOURCE_VIEW (weft_chplvis_source_view_get_type ())

G_DECLARE_FINAL_TYPE (WeftChplvisSourceView, weft_chplvis_source_view, WEFT, CHPLVIS_SOURCE_VIEW, GtkWidget)

GtkWidget   *weft_chplvis_source_view_new                  (void);
void         weft_chplvis_source_view_open                 (WeftChplvisSourceView *self,
                                                            const char            *name,
                                                            const char            *path,
                                                            int                    line);
const char  *weft_chplvis_source_view_get_name             (WeftChplvisSourceView *self);
const char  *weft_chplvis_source_view_get_path             (WeftChplvisSourceView *self);
int          weft_chplvis_source_view_get_line             (WeftChplvisSourceView *self);
const char  *weft_chplvis_source_view_get_state            (WeftChplvisSourceView *self);
const char  *weft_chplvis_source_view_get_title            (WeftChplvisSourceView *self);
const char  *weft_chplvis_source_view_get_message          (WeftChplvisSourceView *self);
guint        weft_chplvis_source_view_get_n_lines          (WeftChplvisSourceView *self);
char        *weft_chplvis_source_view_dup_line_text        (WeftChplvisSourceView *self,
                                                            guint                  line);
int          weft_chplvis_source_view_get_highlighted_line (WeftChplvisSourceView *self);

G_END_DECLS

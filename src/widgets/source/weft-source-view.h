/* weft-source-view.h: a source file at one line, optionally annotated.
 *
 * Chapel's source pane and MPD's annotated listing (mpdprof's counts as a heat
 * gutter beside each line). chplvis's source view, with what its wish list
 * asks for: line numbers, the
 * target line highlighted and scrolled to the middle, a title "file:line" and
 * the path that was opened. Files load in a worker thread; files larger than
 * WEFT_SOURCE_MAX_SIZE or with NUL bytes (not text) are refused with a
 * message, invalid UTF-8 is shown with replacement characters. The lines are
 * a lazily built list, so a file of a million lines opens at once.
 *
 * When there is nothing to show it says why: the trace names no file there
 * ("<internal>", "<unknown>", "<command_line>"), or the file it names is not
 * on this computer (with the path tried and a button to Preferences ▸ Source
 * Folders, where CHPL_HOME and DIR are remapped).
 *
 * CSS name: weftsourceview.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define WEFT_SOURCE_MAX_SIZE (16 * 1024 * 1024)

#define WEFT_TYPE_SOURCE_VIEW (weft_source_view_get_type ())

G_DECLARE_FINAL_TYPE (WeftSourceView, weft_source_view, WEFT, SOURCE_VIEW, GtkWidget)

/* One line's annotation: @text (NULL for none), its @tooltip (nullable) and
 * a heat level 0 … 4. */
typedef struct
{
  char  *text;
  char  *tooltip;
  guint8 heat;
} WeftSourceAnnotation;

GtkWidget   *weft_source_view_new                  (void);
void         weft_source_view_open                 (WeftSourceView *self,
                                                    const char     *name,
                                                    const char     *path,
                                                    int             line);
void         weft_source_view_set_hints            (WeftSourceView *self,
                                                    const char     *empty,
                                                    const char     *no_file,
                                                    const char     *not_found,
                                                    gboolean        offer_source_folders);
GArray      *weft_source_view_new_annotations      (void);
void         weft_source_view_set_annotations      (WeftSourceView *self,
                                                    const char     *title,
                                                    GArray         *annotations);
const char  *weft_source_view_get_annotation       (WeftSourceView *self,
                                                    guint           line);
const char  *weft_source_view_get_name             (WeftSourceView *self);
const char  *weft_source_view_get_path             (WeftSourceView *self);
int          weft_source_view_get_line             (WeftSourceView *self);
const char  *weft_source_view_get_state            (WeftSourceView *self);
const char  *weft_source_view_get_title            (WeftSourceView *self);
const char  *weft_source_view_get_message          (WeftSourceView *self);
guint        weft_source_view_get_n_lines          (WeftSourceView *self);
char        *weft_source_view_dup_line_text        (WeftSourceView *self,
                                                    guint           line);
int          weft_source_view_get_highlighted_line (WeftSourceView *self);

G_END_DECLS

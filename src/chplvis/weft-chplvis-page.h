/* weft-chplvis-page.h: the page of a Chapel VisualDebug document.
 *
 * Everything chplvis shows, and what its users asked it for, on one page:
 * five views in an AdwViewStack (Graph, Matrix, Timeline, Locales, Profile;
 * Alt+1 … Alt+5), a tag selector shared by all of them (with chplvis's
 * labels and Merge Tags), the time range they follow, and a side panel with
 * the details of what was clicked and the source view (Esc hides it).
 *
 * One WeftTimeModel per page: the timeline drives it, and the graph, the
 * matrix, the locales table and the profile show its focus span (the range
 * selected on the timeline, else the one it shows; no range at all when that
 * is the whole run) for the selected tag. Their figures are recomputed in a
 * worker thread when the tag, the span or a filter changes (coalesced in an
 * idle, one run at a time, a superseded run cancelled), so the window never
 * waits on a big trace.
 *
 * CSS name: chplvispage.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-chplvis-details.h"
#include "weft-chplvis-figures.h"
#include "weft-chplvis-locales-view.h"
#include "weft-chplvis-profile-view.h"
#include "weft-source-view.h"
#include "weft-document.h"
#include "weft-matrix-view.h"
#include "weft-ring-graph-view.h"
#include "weft-time-model.h"
#include "weft-timeline-view.h"

G_BEGIN_DECLS

#define WEFT_TYPE_CHPLVIS_PAGE (weft_chplvis_page_get_type ())

G_DECLARE_FINAL_TYPE (WeftChplvisPage, weft_chplvis_page, WEFT, CHPLVIS_PAGE, GtkWidget)

WeftChplvisPage        *weft_chplvis_page_new                (WeftDocument           *document,
                                                              GSettings              *settings);
WeftChplvisDataset     *weft_chplvis_page_get_dataset        (WeftChplvisPage        *self);
WeftTimeModel          *weft_chplvis_page_get_time_model     (WeftChplvisPage        *self);

const char             *weft_chplvis_page_get_view           (WeftChplvisPage        *self);
void                    weft_chplvis_page_set_view           (WeftChplvisPage        *self,
                                                              const char             *view);
const char             *weft_chplvis_page_get_tag            (WeftChplvisPage        *self);
gboolean                weft_chplvis_page_set_tag            (WeftChplvisPage        *self,
                                                              const char             *tag);
gboolean                weft_chplvis_page_get_merge_tags     (WeftChplvisPage        *self);
void                    weft_chplvis_page_set_merge_tags     (WeftChplvisPage        *self,
                                                              gboolean                merge_tags);
gboolean                weft_chplvis_page_get_link_bytes     (WeftChplvisPage        *self);
void                    weft_chplvis_page_set_link_bytes     (WeftChplvisPage        *self,
                                                              gboolean                link_bytes);
const char             *weft_chplvis_page_get_kind           (WeftChplvisPage        *self);
void                    weft_chplvis_page_set_kind           (WeftChplvisPage        *self,
                                                              const char             *kind);
const char             *weft_chplvis_page_get_locale_metric  (WeftChplvisPage        *self);
void                    weft_chplvis_page_set_locale_metric  (WeftChplvisPage        *self,
                                                              const char             *metric);
gboolean                weft_chplvis_page_get_busy           (WeftChplvisPage        *self);
gboolean                weft_chplvis_page_get_details_visible (WeftChplvisPage       *self);
void                    weft_chplvis_page_set_details_visible (WeftChplvisPage       *self,
                                                              gboolean                visible);
void                    weft_chplvis_page_get_query          (WeftChplvisPage        *self,
                                                              WeftChplvisQuery       *query);
WeftChplvisFigures     *weft_chplvis_page_get_figures        (WeftChplvisPage        *self);

void                    weft_chplvis_page_show_locale        (WeftChplvisPage        *self,
                                                              guint                   locale);
void                    weft_chplvis_page_show_pair          (WeftChplvisPage        *self,
                                                              guint                   from,
                                                              guint                   to);
void                    weft_chplvis_page_open_source        (WeftChplvisPage        *self,
                                                              int                     file,
                                                              int                     line);

/* Its parts, for the tests and for keyboard focus. */
WeftRingGraphView      *weft_chplvis_page_get_graph_view     (WeftChplvisPage        *self);
WeftMatrixView         *weft_chplvis_page_get_matrix_view    (WeftChplvisPage        *self);
WeftTimelineView       *weft_chplvis_page_get_timeline_view  (WeftChplvisPage        *self);
WeftChplvisLocalesView *weft_chplvis_page_get_locales_view   (WeftChplvisPage        *self);
WeftChplvisProfileView *weft_chplvis_page_get_profile_view   (WeftChplvisPage        *self);
WeftChplvisDetails     *weft_chplvis_page_get_details        (WeftChplvisPage        *self);
WeftSourceView  *weft_chplvis_page_get_source_view    (WeftChplvisPage        *self);
GtkDropDown            *weft_chplvis_page_get_tag_dropdown   (WeftChplvisPage        *self);
const char             *weft_chplvis_page_get_range_text     (WeftChplvisPage        *self);

G_END_DECLS

/* weft-time-model.h: one document's time axis, shared by all its views.
 *
 * It holds three spans (in the units of the document's event table):
 *  - document-span: everything there is;
 *  - visible-span:  what the timelines show now, always inside the document span
 *                   and never shorter than the minimum span;
 *  - selected-span: the range the user picked (has-selection); views that
 *                   aggregate (matrix, tables, profile) follow the "focus span",
 *                   which is the selection when there is one, else the visible span.
 * Zoom operations push the previous visible span on a back stack (Back/Forward
 * like a browser); panning does not.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "weft-time-span.h"

G_BEGIN_DECLS

/* The shortest visible span, in time units (10 ns; 10 events for logical time). */
#define WEFT_TIME_MODEL_MIN_SPAN 10

#define WEFT_TYPE_TIME_MODEL (weft_time_model_get_type ())

G_DECLARE_FINAL_TYPE (WeftTimeModel, weft_time_model, WEFT, TIME_MODEL, GObject)

WeftTimeModel      *weft_time_model_new               (void);
const WeftTimeSpan *weft_time_model_get_document_span (WeftTimeModel      *self);
void                weft_time_model_set_document_span (WeftTimeModel      *self,
                                                       const WeftTimeSpan *span);
const WeftTimeSpan *weft_time_model_get_visible_span  (WeftTimeModel      *self);
void                weft_time_model_set_visible_span  (WeftTimeModel      *self,
                                                       const WeftTimeSpan *span,
                                                       gboolean            push_history);
gboolean            weft_time_model_get_has_selection (WeftTimeModel      *self);
const WeftTimeSpan *weft_time_model_get_selected_span (WeftTimeModel      *self);
void                weft_time_model_select            (WeftTimeModel      *self,
                                                       gint64              begin,
                                                       gint64              end);
void                weft_time_model_clear_selection   (WeftTimeModel      *self);
WeftTimeSpan        weft_time_model_get_focus_span    (WeftTimeModel      *self);
void                weft_time_model_zoom_to_selection (WeftTimeModel      *self);
void                weft_time_model_zoom_around       (WeftTimeModel      *self,
                                                       gint64              center,
                                                       double              factor,
                                                       gboolean            push_history);
void                weft_time_model_pan               (WeftTimeModel      *self,
                                                       gint64              delta);
void                weft_time_model_zoom_to_fit       (WeftTimeModel      *self);
gboolean            weft_time_model_get_can_go_back   (WeftTimeModel      *self);
gboolean            weft_time_model_get_can_go_forward (WeftTimeModel     *self);
gboolean            weft_time_model_go_back           (WeftTimeModel      *self);
gboolean            weft_time_model_go_forward        (WeftTimeModel      *self);

G_END_DECLS

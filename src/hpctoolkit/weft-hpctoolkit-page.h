/* weft-hpctoolkit-page.h: the page of an HPCToolkit measurement.
 *
 * Views (Alt+1 …): "Profiles", one metric's total per profile as bars (load
 * imbalance at a glance), and, when the measurement has traces, "Trace":
 * rows = ranks/threads on the shared timeline, each sample coloured by the
 * procedure at the chosen call depth (deeper than a stack: its innermost
 * frame, as in hpctraceviewer); clicking a sample lists its call stack
 * beside the trace, and picking a frame there picks the depth.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-call-tree-view.h"
#include "weft-document.h"
#include "weft-source-view.h"
#include "weft-time-model.h"

G_BEGIN_DECLS

#define WEFT_TYPE_HPCTOOLKIT_PAGE (weft_hpctoolkit_page_get_type ())

G_DECLARE_FINAL_TYPE (WeftHpctoolkitPage, weft_hpctoolkit_page, WEFT, HPCTOOLKIT_PAGE, GtkWidget)

WeftHpctoolkitPage *weft_hpctoolkit_page_new            (WeftDocument       *document,
                                                         GSettings          *settings);
WeftTimeModel      *weft_hpctoolkit_page_get_time_model (WeftHpctoolkitPage *self);
/* The visible view's name: "profiles" or "trace". */
const char         *weft_hpctoolkit_page_get_view       (WeftHpctoolkitPage *self);
void                weft_hpctoolkit_page_set_view       (WeftHpctoolkitPage *self,
                                                         const char         *view);
void                weft_hpctoolkit_page_set_depth      (WeftHpctoolkitPage *self,
                                                         int                 depth);
/* Lists the call stack of a tree node (a sample's context) beside the trace,
 * as clicking a sample does; returns the number of frames. */
guint               weft_hpctoolkit_page_show_context   (WeftHpctoolkitPage *self,
                                                         guint32             node);
char               *weft_hpctoolkit_page_dup_statistics_text (WeftHpctoolkitPage *self,
                                                              guint32             node);
WeftCallTreeView   *weft_hpctoolkit_page_get_tree_view  (WeftHpctoolkitPage *self,
                                                         const char         *name);
WeftSourceView     *weft_hpctoolkit_page_get_source_view (WeftHpctoolkitPage *self,
                                                          const char         *name);
gboolean            weft_hpctoolkit_page_get_trace_busy (WeftHpctoolkitPage *self);
gboolean            weft_hpctoolkit_page_get_tree_busy  (WeftHpctoolkitPage *self,
                                                         const char         *name);

G_END_DECLS

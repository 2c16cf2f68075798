/* weft-chplvis-details.h: what the user clicked on a Chapel page.
 *
 * The side panel's upper part. chplvis shows small closable boxes in its info
 * bar (Locale and Comm boxes); Weft shows one thing at a time, with more:
 *  - a locale: chplvis's Locale box (tasks, clock, CPU user and system, max
 *    concurrency) and its communication in and out, its busiest partners
 *    (click one for that pair), for the page's tag and time range;
 *  - a pair of locales, one direction: chplvis's Comm box (count, bytes,
 *    gets, puts, on calls) split by record kind, and the list of those
 *    records (computed in a thread);
 *  - a task from the timeline: its function, source line, ids, times and its
 *    communication list (chplvis's task communication list);
 *  - a get, put or fork from the timeline, with its task and source line;
 *  - a tag or pause mark, with a button that makes the page show that tag;
 *  - a function of the profile, with its figures for the tag and range.
 * Clicking a communication, or "Show Source", emits "source-requested".
 *
 * CSS name: chplvisdetails.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-chplvis-comm-list.h"
#include "weft-chplvis-figures.h"

G_BEGIN_DECLS

#define WEFT_TYPE_CHPLVIS_DETAILS (weft_chplvis_details_get_type ())

G_DECLARE_FINAL_TYPE (WeftChplvisDetails, weft_chplvis_details, WEFT, CHPLVIS_DETAILS, GtkWidget)

GtkWidget           *weft_chplvis_details_new           (void);
void                 weft_chplvis_details_set_dataset   (WeftChplvisDetails     *self,
                                                         WeftChplvisDataset     *dataset);
void                 weft_chplvis_details_set_summary   (WeftChplvisDetails     *self,
                                                         const char             *summary);
void                 weft_chplvis_details_show_locale   (WeftChplvisDetails     *self,
                                                         guint                   locale,
                                                         WeftChplvisFigures     *figures);
void                 weft_chplvis_details_show_pair     (WeftChplvisDetails     *self,
                                                         guint                   from,
                                                         guint                   to,
                                                         const WeftChplvisQuery *query);
void                 weft_chplvis_details_show_task     (WeftChplvisDetails     *self,
                                                         guint                   locale,
                                                         guint32                 task);
void                 weft_chplvis_details_show_record   (WeftChplvisDetails     *self,
                                                         guint                   locale,
                                                         guint32                 index,
                                                         gboolean                fork);
void                 weft_chplvis_details_show_mark     (WeftChplvisDetails     *self,
                                                         guint                   locale,
                                                         guint32                 mark);
void                 weft_chplvis_details_show_function (WeftChplvisDetails     *self,
                                                         const WeftChplvisProfileRow *row,
                                                         const WeftChplvisQuery *query);
void                 weft_chplvis_details_refresh       (WeftChplvisDetails     *self,
                                                         WeftChplvisFigures     *figures);
const char          *weft_chplvis_details_get_kind      (WeftChplvisDetails     *self);
gboolean             weft_chplvis_details_get_busy      (WeftChplvisDetails     *self);
const char          *weft_chplvis_details_get_title     (WeftChplvisDetails     *self);
guint                weft_chplvis_details_get_locale    (WeftChplvisDetails     *self);
guint                weft_chplvis_details_get_peer      (WeftChplvisDetails     *self);
const WeftChplvisPairStats *
                     weft_chplvis_details_get_pair_stats (WeftChplvisDetails    *self);
char                *weft_chplvis_details_dup_fact      (WeftChplvisDetails     *self,
                                                         const char             *name);
WeftChplvisCommList *weft_chplvis_details_get_comm_list (WeftChplvisDetails     *self);

G_END_DECLS

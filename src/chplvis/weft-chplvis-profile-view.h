/* weft-chplvis-profile-view.h: chplvis's Profile, as a table.
 *
 * One row per internal function that did anything in the page's tag and time
 * range (chplvis only profiles the whole run): the function, where it is
 * defined, its tasks' summed clock, its tasks, the gets and puts they issued
 * and the on calls that ran it, with bars; sorted by clock at first, any
 * column sorts, and a search entry filters by name or file. Clicking a row
 * emits "function-activated" so that the page opens its definition.
 *
 * The rows point into the run's tables: the page keeps its dataset alive for
 * as long as the view.
 *
 * CSS name: chplvisprofileview.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-chplvis-figures.h"

G_BEGIN_DECLS

#define WEFT_TYPE_CHPLVIS_PROFILE_VIEW (weft_chplvis_profile_view_get_type ())

G_DECLARE_FINAL_TYPE (WeftChplvisProfileView, weft_chplvis_profile_view, WEFT, CHPLVIS_PROFILE_VIEW, GtkWidget)

GtkWidget      *weft_chplvis_profile_view_new              (void);
void            weft_chplvis_profile_view_set_figures      (WeftChplvisProfileView *self,
                                                            WeftChplvisFigures     *figures);
GListModel     *weft_chplvis_profile_view_get_model        (WeftChplvisProfileView *self);
GtkColumnView  *weft_chplvis_profile_view_get_column_view  (WeftChplvisProfileView *self);
GtkSearchEntry *weft_chplvis_profile_view_get_search_entry (WeftChplvisProfileView *self);
void            weft_chplvis_profile_view_activate_row     (WeftChplvisProfileView *self,
                                                            guint                   position);

G_END_DECLS

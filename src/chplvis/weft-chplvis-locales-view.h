/* weft-chplvis-locales-view.h: one row per locale, every figure chplvis has.
 *
 * chplvis shows a locale's figures one at a time (its colour in the graph,
 * its Locale box); this table shows them all side by side for the page's tag
 * and time range: tasks, CPU user and system, clock, max concurrency and the
 * communication out and in (count and bytes), each over a bar of its share
 * of the column's largest value. Any column sorts; clicking a row emits
 * "locale-activated".
 *
 * CSS name: chplvislocalesview.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-chplvis-figures.h"

G_BEGIN_DECLS

#define WEFT_TYPE_CHPLVIS_LOCALES_VIEW (weft_chplvis_locales_view_get_type ())

G_DECLARE_FINAL_TYPE (WeftChplvisLocalesView, weft_chplvis_locales_view, WEFT, CHPLVIS_LOCALES_VIEW, GtkWidget)

/* One row: a locale and its figures. */
typedef struct
{
  guint                  locale;
  WeftChplvisLocaleStats stats;
} WeftChplvisLocaleRow;

GtkWidget     *weft_chplvis_locales_view_new             (void);
void           weft_chplvis_locales_view_set_figures     (WeftChplvisLocalesView *self,
                                                          WeftChplvisFigures     *figures);
GListModel    *weft_chplvis_locales_view_get_model       (WeftChplvisLocalesView *self);
GtkColumnView *weft_chplvis_locales_view_get_column_view (WeftChplvisLocalesView *self);
void           weft_chplvis_locales_view_activate_row    (WeftChplvisLocalesView *self,
                                                          guint                   position);

G_END_DECLS

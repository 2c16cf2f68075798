/* weft-chplvis-figures.h: what a Chapel page shows for one selection, at once.
 *
 * A page asks for one WeftChplvisQuery (tag, time range, kinds) and gets back
 * the communication matrix (for the query's kinds), the per-locale figures
 * and the profile (every kind: their columns already split communication by
 * kind), computed together in a worker thread so that the window never waits
 * on a big trace; when only the kinds changed, the per-locale figures and the
 * profile of the figures on screen are taken over. The result is immutable
 * and reference counted: the page hands it to its views and keeps it as long
 * as they show it.
 *
 * The same builders turn these figures into the WeftMatrix and WeftValueTable
 * shapes the widgets draw and the exporter writes, so that the numbers on
 * screen, in weft-cli's exports and in the tests come from one place.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "weft-chplvis-dataset.h"
#include "weft-chplvis-reduce.h"
#include "weft-matrix.h"
#include "weft-value-table.h"

G_BEGIN_DECLS

typedef struct
{
  /*< public >*/
  WeftChplvisQuery        query;      /* what was computed */
  guint                   n_locales;
  WeftChplvisCommMatrix  *comm;       /* for query.kinds */
  WeftChplvisCommMatrix  *groups[WEFT_CHPLVIS_N_GROUPS]; /* comm split into gets, puts, forks */
  WeftChplvisLocaleStats *locales;    /* [n_locales], every kind */
  GArray                 *profile;    /* WeftChplvisProfileRow, every kind */
  /*< private >*/
  gatomicrefcount         ref_count;
} WeftChplvisFigures;

/* The columns of the per-locale table (weft_chplvis_build_locale_values). */
typedef enum
{
  WEFT_CHPLVIS_LOCALE_TASKS,
  WEFT_CHPLVIS_LOCALE_CPU_USER,
  WEFT_CHPLVIS_LOCALE_CPU_SYS,
  WEFT_CHPLVIS_LOCALE_CPU,
  WEFT_CHPLVIS_LOCALE_CLOCK,
  WEFT_CHPLVIS_LOCALE_MAX_CONCURRENCY,
  WEFT_CHPLVIS_LOCALE_COMM_OUT_COUNT,
  WEFT_CHPLVIS_LOCALE_COMM_OUT_BYTES,
  WEFT_CHPLVIS_LOCALE_COMM_IN_COUNT,
  WEFT_CHPLVIS_LOCALE_COMM_IN_BYTES,
  WEFT_CHPLVIS_N_LOCALE_COLUMNS
} WeftChplvisLocaleColumn;

/* The columns of the profile table (weft_chplvis_build_profile_values). */
typedef enum
{
  WEFT_CHPLVIS_PROFILE_CLOCK,
  WEFT_CHPLVIS_PROFILE_TASKS,
  WEFT_CHPLVIS_PROFILE_GETS,
  WEFT_CHPLVIS_PROFILE_PUTS,
  WEFT_CHPLVIS_PROFILE_ON_CALLS,
  WEFT_CHPLVIS_PROFILE_COMM,
  WEFT_CHPLVIS_N_PROFILE_COLUMNS
} WeftChplvisProfileColumn;

#define WEFT_TYPE_CHPLVIS_FIGURES (weft_chplvis_figures_get_type ())

GType               weft_chplvis_figures_get_type        (void) G_GNUC_CONST;
WeftChplvisFigures *weft_chplvis_figures_ref             (WeftChplvisFigures       *self);
void                weft_chplvis_figures_unref           (WeftChplvisFigures       *self);

WeftChplvisFigures *weft_chplvis_figures_compute         (WeftChplvisDataset       *dataset,
                                                          const WeftChplvisQuery   *query,
                                                          GCancellable             *cancellable,
                                                          GError                  **error);
void                weft_chplvis_figures_compute_async   (WeftChplvisDataset       *dataset,
                                                          const WeftChplvisQuery   *query,
                                                          GCancellable             *cancellable,
                                                          GAsyncReadyCallback       callback,
                                                          gpointer                  user_data);
void                weft_chplvis_figures_update_async    (WeftChplvisDataset       *dataset,
                                                          WeftChplvisFigures       *previous,
                                                          const WeftChplvisQuery   *query,
                                                          GCancellable             *cancellable,
                                                          GAsyncReadyCallback       callback,
                                                          gpointer                  user_data);
WeftChplvisFigures *weft_chplvis_figures_compute_finish  (WeftChplvisDataset       *dataset,
                                                          GAsyncResult             *result,
                                                          GError                  **error);

const WeftChplvisProfileRow *
                    weft_chplvis_figures_find_function  (const WeftChplvisFigures *self,
                                                          int                       fid);

/* Columns: their names and units ("s", "B" or NULL for a count) in the
 * tables below, and the value of one row in each. */
const char         *weft_chplvis_locale_column_name      (WeftChplvisLocaleColumn   column);
const char         *weft_chplvis_locale_column_unit      (WeftChplvisLocaleColumn   column);
double              weft_chplvis_locale_stats_get        (const WeftChplvisLocaleStats *stats,
                                                          WeftChplvisLocaleColumn   column);
const char         *weft_chplvis_profile_column_name     (WeftChplvisProfileColumn  column);
const char         *weft_chplvis_profile_column_unit     (WeftChplvisProfileColumn  column);
double              weft_chplvis_profile_row_get         (const WeftChplvisProfileRow *row,
                                                          WeftChplvisProfileColumn  column);
gboolean            weft_chplvis_profile_row_is_empty    (const WeftChplvisProfileRow *row);

/* Shapes for the widgets and the exporter */
char               *weft_chplvis_dup_query_tag_name      (const WeftChplvisTrace   *trace,
                                                          const WeftChplvisQuery   *query);
WeftMatrix         *weft_chplvis_build_comm_matrix       (const WeftChplvisTrace   *trace,
                                                          const WeftChplvisCommMatrix *comm,
                                                          gboolean                  bytes,
                                                          const char               *tag_name);
WeftValueTable     *weft_chplvis_build_locale_values     (const WeftChplvisTrace   *trace,
                                                          const WeftChplvisLocaleStats *stats,
                                                          const char               *tag_name);
WeftValueTable     *weft_chplvis_build_profile_values    (const WeftChplvisTrace   *trace,
                                                          GArray                   *profile,
                                                          WeftChplvisProfileColumn  sort_column,
                                                          const char               *tag_name);
gboolean            weft_chplvis_parse_graph_metric      (const char               *metric,
                                                          WeftChplvisLocaleColumn  *node_column,
                                                          gboolean                 *link_bytes,
                                                          GError                  **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftChplvisFigures, weft_chplvis_figures_unref)

G_END_DECLS

/* weft-value-table.h: numbers per row (locale, rank, thread) in named columns.
 *
 * The data behind "per-row values" views (tasks per locale, CPU per locale,
 * thread totals) and their CPC CSV export. Row i has the integer id i (the
 * process/locale number used in compact integer sets) unless set otherwise.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "weft-compare.h"

G_BEGIN_DECLS

typedef struct _WeftValueTable WeftValueTable;

#define WEFT_TYPE_VALUE_TABLE (weft_value_table_get_type ())

GType           weft_value_table_get_type        (void) G_GNUC_CONST;
WeftValueTable *weft_value_table_new             (guint                 n_rows,
                                                  guint                 n_columns);
WeftValueTable *weft_value_table_ref             (WeftValueTable       *self);
void            weft_value_table_unref           (WeftValueTable       *self);

guint           weft_value_table_get_n_rows      (const WeftValueTable *self);
guint           weft_value_table_get_n_columns   (const WeftValueTable *self);
const char     *weft_value_table_get_title       (const WeftValueTable *self);
void            weft_value_table_set_title       (WeftValueTable       *self,
                                                  const char           *title);
const char     *weft_value_table_get_row_name    (const WeftValueTable *self,
                                                  guint                 row);
void            weft_value_table_set_row_name    (WeftValueTable       *self,
                                                  guint                 row,
                                                  const char           *name);
gint64          weft_value_table_get_row_id      (const WeftValueTable *self,
                                                  guint                 row);
void            weft_value_table_set_row_id      (WeftValueTable       *self,
                                                  guint                 row,
                                                  gint64                id);
const char     *weft_value_table_get_column_name (const WeftValueTable *self,
                                                  guint                 column);
const char     *weft_value_table_get_column_unit (const WeftValueTable *self,
                                                  guint                 column);
void            weft_value_table_set_column      (WeftValueTable       *self,
                                                  guint                 column,
                                                  const char           *name,
                                                  const char           *unit);
int             weft_value_table_find_column     (const WeftValueTable *self,
                                                  const char           *name);
int             weft_value_table_find_row        (const WeftValueTable *self,
                                                  gint64                id);
gboolean        weft_value_table_lookup_metric   (const WeftValueTable *self,
                                                  const char           *view,
                                                  const char           *metric,
                                                  guint                *column,
                                                  GError              **error);
double          weft_value_table_get             (const WeftValueTable *self,
                                                  guint                 row,
                                                  guint                 column);
void            weft_value_table_set             (WeftValueTable       *self,
                                                  guint                 row,
                                                  guint                 column,
                                                  double                value);

WeftValueTable *weft_value_table_compare         (const WeftValueTable *base,
                                                  const WeftValueTable *other,
                                                  WeftCompareMode       mode);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftValueTable, weft_value_table_unref)

G_END_DECLS

/* weft-cpc.h: DDT Cross-Process Comparison CSV (value → processes).
 *
 * DDT's document gives the columns in prose only: "Header line with the column
 * headings (Value and Processes)"; one row per distinct value; "Processes
 * column is a compact integer set of the processes for which the specified
 * expression evaluates to value Value". What we write:
 *
 *   Value,Processes
 *   -1,8
 *   0.1,6
 *   2,"0-1,3,7,9"
 *   nan,4
 *
 *   - the header is "Value,Processes": the names without blanks (under RFC 4180
 *     a blank after the comma would belong to the second name);
 *   - one row per distinct value, values formatted as weft_csv_append_double()
 *     does (the same text as MDA CSV), so two rows never print alike;
 *   - rows in ascending numeric order, -inf first and nan last, -0 just before
 *     0; the process set is the canonical compact set of the rows' ids
 *     (weft_value_table_get_row_id()), quoted only when it holds a comma;
 *   - LF line endings, UTF-8.
 *
 * Reading finds the columns by name, ignoring case and surrounding blanks
 * ("Value, Processes" and "value,processes" both work; other columns are
 * ignored). Values are kept as text (the Value column is free form; spaces
 * and tabs around an unquoted value are dropped); process sets go through
 * weft_int_set_parse(). A row that cannot be understood (too few fields, a bad
 * set) is skipped with a warning (file:line:column) in the load context; a
 * missing header column is an error.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "weft-int-set.h"
#include "weft-load-context.h"
#include "weft-value-table.h"

G_BEGIN_DECLS

#define WEFT_CPC_VALUE_HEADING     "Value"
#define WEFT_CPC_PROCESSES_HEADING "Processes"

typedef struct _WeftCpcTable WeftCpcTable;

#define WEFT_TYPE_CPC_TABLE (weft_cpc_table_get_type ())

GType             weft_cpc_table_get_type        (void) G_GNUC_CONST;
WeftCpcTable     *weft_cpc_table_new             (void);
WeftCpcTable     *weft_cpc_table_new_from_values (WeftValueTable    *values,
                                                  guint              column,
                                                  GError           **error);
WeftCpcTable     *weft_cpc_table_ref             (WeftCpcTable      *self);
void              weft_cpc_table_unref           (WeftCpcTable      *self);
guint             weft_cpc_table_get_n_rows      (const WeftCpcTable *self);
const char       *weft_cpc_table_get_value       (const WeftCpcTable *self,
                                                  guint              row);
const WeftIntSet *weft_cpc_table_get_processes   (const WeftCpcTable *self,
                                                  guint              row);
guint64           weft_cpc_table_get_line        (const WeftCpcTable *self,
                                                  guint              row);
void              weft_cpc_table_add_row         (WeftCpcTable      *self,
                                                  const char        *value,
                                                  const WeftIntSet  *processes);
char             *weft_cpc_table_to_csv          (const WeftCpcTable *self);
gboolean          weft_cpc_table_write           (const WeftCpcTable *self,
                                                  const char        *path,
                                                  GError           **error);

gboolean          weft_cpc_csv_write             (WeftValueTable    *values,
                                                  guint              column,
                                                  const char        *path,
                                                  GError           **error);
WeftCpcTable     *weft_cpc_csv_parse             (const char        *data,
                                                  gsize              len,
                                                  const char        *filename,
                                                  WeftLoadContext   *context,
                                                  GError           **error);
WeftCpcTable     *weft_cpc_csv_read              (const char        *path,
                                                  WeftLoadContext   *context,
                                                  GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftCpcTable, weft_cpc_table_unref)

G_END_DECLS

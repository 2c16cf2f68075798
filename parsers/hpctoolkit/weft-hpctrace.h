/* weft-hpctrace.h: HPCToolkit trace files (.hpctrace 01.00 and 01.01).
 *
 * Records of (time, cct node id[, metric id]) in file order; the time unit is
 * the profile's (µs for 02.00 profiles, ns after), the caller scales.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define WEFT_HPCTRACE_MAGIC     "HPCRUN-trace______"
#define WEFT_HPCTRACE_MAGIC_LEN 18

typedef struct
{
  guint64 time;
  guint32 node_id;
  guint32 metric_id;  /* data-centric traces only, else 0 */
} WeftHpctraceRecord;

typedef struct
{
  char    *path;
  char     version[6];
  guint64  flags;
  GArray  *records;   /* WeftHpctraceRecord */
  gboolean sorted;    /* times never decrease */
} WeftHpctrace;

gboolean      weft_hpctrace_is_header (const guint8  *data,
                                       gsize          len);
WeftHpctrace *weft_hpctrace_parse     (const guint8  *data,
                                       gsize          len,
                                       const char    *path,
                                       GError       **error);
WeftHpctrace *weft_hpctrace_read_file (const char    *path,
                                       GError       **error);
void          weft_hpctrace_free      (WeftHpctrace  *trace);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftHpctrace, weft_hpctrace_free)

G_END_DECLS

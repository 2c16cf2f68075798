/* weft-gen-hpcrun.h: writes synthetic HPCToolkit measurements.
 *
 * Profiles in format 04.00 (sparse, footer) or 02.00 (dense epoch, with the
 * 2017 aux fields), byte for byte as hpcrun lays them out; traces 01.01; and
 * a matching .hpcstruct. Used by weft-gen-hpcrun (the demo sample in
 * data/samples/, large runs) and bench-hpcrun.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint32 id;        /* odd = referenced by the trace */
  guint32 parent_id; /* 0 = root */
  guint16 lm_id;     /* 0 = placeholder */
  guint64 lm_ip;
  double  cpu;       /* metric 0 (real, seconds); 0 = none */
  guint64 count;     /* metric 1 (int, × period 1000); 0 = none */
} WeftGenNode;

typedef struct
{
  guint64 time_ns;
  guint32 node_id;
} WeftGenSample;

/* @nodes in preorder. @major: 2 or 4. */
gboolean weft_gen_hpcrun_write  (const char          *path,
                                 guint                major,
                                 guint                rank,
                                 guint                thread,
                                 const WeftGenNode   *nodes,
                                 gsize                n_nodes,
                                 GError             **error);
gboolean weft_gen_hpctrace_write (const char         *path,
                                  const WeftGenSample *samples,
                                  gsize                n_samples,
                                  GError             **error);
/* The synthetic program's load module path. */
#define WEFT_GEN_HPCRUN_MODULE "/opt/weft-demo/bin/heat"

G_END_DECLS

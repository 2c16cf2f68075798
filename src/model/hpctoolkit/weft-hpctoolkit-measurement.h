/* weft-hpctoolkit-measurement.h: an HPCToolkit measurement as read: the
 * profiles (one per thread, rank or GPU stream), their traces, and the
 * program structure, with the merged calling-context tree built as hpcprof
 * builds it.
 *
 * The merged tree (weft_hpctoolkit_measurement_get_tree) is a WeftCallTree
 * whose frame kinds are WeftHpctoolkitRole. With structure, nodes are
 * procedures, inlined code, loops, call-site lines (the callee procedure is
 * the call site's child) and statement lines; placeholders (<program root>,
 * <thread root>, <gpu kernel>…) stay as they are. Without structure for a
 * load module, its frames are "module+0xoffset" call sites and samples.
 *
 * Metric columns: one per stored (non-derived) metric with a nonzero value,
 * values = raw × period. Their inclusive values are given, as hpcprof defines
 * them: inclusive = the whole subtree; exclusive at a statement = its samples,
 * at a loop = its own lines and inner loops, at a procedure or inlined call =
 * its own lines and loops (not its inlined or real callees); zero at a call
 * site. Each node knows the ranks (processes) and (rank, thread) pairs of the
 * profiles that reach it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "weft-call-tree.h"
#include "weft-hpcrun.h"
#include "weft-hpcstruct.h"
#include "weft-hpctrace.h"
#include "weft-load-context.h"

G_BEGIN_DECLS

/* A node's value across the profiles where it is not zero (hpcprof's
 * summary statistics). */
typedef struct
{
  guint  n;
  double sum;
  double mean;
  double min;
  double max;
  double stddev;
  double cfvar;
} WeftHpctoolkitStatistics;

/* The address of a procedure, inlined or loop frame: this bit and the
 * index of its structure scope (so that two loops on one line stay apart);
 * bare frames (no structure) carry their load-module offset instead. */
#define WEFT_HPCTOOLKIT_SCOPE_ADDRESS (G_GUINT64_CONSTANT (1) << 63)

typedef enum
{
  WEFT_HPCTOOLKIT_ROLE_NONE        = 0,
  WEFT_HPCTOOLKIT_ROLE_PROCEDURE   = 1,
  WEFT_HPCTOOLKIT_ROLE_CALL_SITE   = 2,
  WEFT_HPCTOOLKIT_ROLE_LOOP        = 3,
  WEFT_HPCTOOLKIT_ROLE_STATEMENT   = 4,
  WEFT_HPCTOOLKIT_ROLE_INLINED     = 5,
  WEFT_HPCTOOLKIT_ROLE_PLACEHOLDER = 6,
} WeftHpctoolkitRole;

/* A procedure of the structure (P, or a named inlined A) with its values
 * over the whole tree: inclusive counts only outermost instances. */
typedef struct
{
  const char *name;
  const char *file;
  const char *module;
  guint32     scope;       /* in the structure */
  gboolean    inlined;
  double     *inclusive;   /* per tree metric */
  double     *exclusive;
} WeftHpctoolkitProcedure;

typedef struct _WeftHpctoolkitMeasurement WeftHpctoolkitMeasurement;

/* Reads @files: *.hpcrun, *.hpctrace, *.hpcstruct, or folders holding them
 * (a *.m measurement folder: its structs/ too). */
WeftHpctoolkitMeasurement *weft_hpctoolkit_measurement_load        (GFile * const   *files,
                                                                    guint            n_files,
                                                                    WeftLoadContext *context,
                                                                    GError         **error);
/* Builds from profiles already read (takes them) and an optional structure
 * (taken); traces may be NULL or one per profile (NULL entries allowed). */
WeftHpctoolkitMeasurement *weft_hpctoolkit_measurement_new         (GPtrArray       *profiles,
                                                                    GPtrArray       *traces,
                                                                    WeftHpcstruct   *structure);
void                       weft_hpctoolkit_measurement_free        (WeftHpctoolkitMeasurement *self);

guint                      weft_hpctoolkit_measurement_get_n_profiles (const WeftHpctoolkitMeasurement *self);
const WeftHpcrunProfile   *weft_hpctoolkit_measurement_get_profile (const WeftHpctoolkitMeasurement *self,
                                                                    guint            i);
/* The trace of profile @i, or NULL. */
const WeftHpctrace        *weft_hpctoolkit_measurement_get_trace   (const WeftHpctoolkitMeasurement *self,
                                                                    guint            i);
const WeftHpcstruct       *weft_hpctoolkit_measurement_get_structure (const WeftHpctoolkitMeasurement *self);
GStrv                      weft_hpctoolkit_measurement_dup_sources (const WeftHpctoolkitMeasurement *self);
/* Where source file @name (as a structure file names it, usually an absolute
 * path of the build machine) is here: @name remapped by @remaps (the
 * source-path-remaps setting), else in the measurement folder's src/ (the
 * layout hpcprof's databases use: src/ then the absolute path), else beside
 * the profiles by its base name. *found says whether a file exists there;
 * when none does, the remapped path is returned (to say where Weft looked). */
char                      *weft_hpctoolkit_measurement_find_source (const WeftHpctoolkitMeasurement *self,
                                                                    const char                      *name,
                                                                    GVariant                        *remaps,
                                                                    gboolean                        *found);

/* The metric names in first-seen order over the profiles, all of them
 * (derived included); and the stored ones that are tree columns. */
guint                      weft_hpctoolkit_measurement_get_n_metrics (const WeftHpctoolkitMeasurement *self);
const WeftHpcrunMetric    *weft_hpctoolkit_measurement_get_metric  (const WeftHpctoolkitMeasurement *self,
                                                                    guint            metric);
/* Σ value over every profile for a metric (of get_metric). */
double                     weft_hpctoolkit_measurement_get_total   (const WeftHpctoolkitMeasurement *self,
                                                                    guint            metric);
/* Σ value of profile @profile for a metric. */
double                     weft_hpctoolkit_measurement_get_profile_total (const WeftHpctoolkitMeasurement *self,
                                                                    guint            profile,
                                                                    guint            metric);
guint64                    weft_hpctoolkit_measurement_get_cct_nodes (const WeftHpctoolkitMeasurement *self);
/* Nodes of the tree merged by (load module path, address, role), before
 * structure is applied (the invisible root not counted). */
guint                      weft_hpctoolkit_measurement_get_merged_nodes (const WeftHpctoolkitMeasurement *self);

WeftCallTree              *weft_hpctoolkit_measurement_get_tree    (const WeftHpctoolkitMeasurement *self);
gboolean                   weft_hpctoolkit_measurement_get_statistics (const WeftHpctoolkitMeasurement *self,
                                                                       WeftCallNode                     node,
                                                                       guint                            column,
                                                                       gboolean                         inclusive,
                                                                       WeftHpctoolkitStatistics        *out);
/* The procedure (index in get_procedure) a tree node stands for, or -1. */
int                        weft_hpctoolkit_measurement_get_node_procedure (const WeftHpctoolkitMeasurement *self,
                                                                    WeftCallNode     node);
guint                      weft_hpctoolkit_measurement_get_n_procedures (const WeftHpctoolkitMeasurement *self);
const WeftHpctoolkitProcedure *weft_hpctoolkit_measurement_get_procedure (const WeftHpctoolkitMeasurement *self,
                                                                    guint            i);
/* The tree node of a profile's node (its sample's statement, or its call
 * site / frame when it has no values): for the trace view. */
WeftCallNode               weft_hpctoolkit_measurement_get_context (const WeftHpctoolkitMeasurement *self,
                                                                    guint            profile,
                                                                    guint32          file_node_id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftHpctoolkitMeasurement, weft_hpctoolkit_measurement_free)

G_END_DECLS

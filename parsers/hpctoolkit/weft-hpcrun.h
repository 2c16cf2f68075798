/* weft-hpcrun.h: HPCToolkit's hpcrun profile files (.hpcrun), 02.00/03.00
 * (dense, epochs) and 04.00 (sparse, footer).
 *
 * One WeftHpcrunProfile per file: header pairs, load modules, metric table,
 * the calling-context tree as written (preorder, parents resolved to indices)
 * and the nonzero values per node, already multiplied by the metric's period
 * (raw integers or the bits of a double, per the metric's value format).
 * Every count and offset is checked against the file size before anything is
 * allocated; a corrupt file is a WEFT_ERROR_PARSE naming the file and the byte
 * offset. See ../shared/specs/hpctoolkit-hpcrun.md §1.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "weft-load-context.h"

G_BEGIN_DECLS

#define WEFT_HPCRUN_MAGIC      "HPCRUN-profile____"
#define WEFT_HPCRUN_MAGIC_LEN  18
#define WEFT_HPCRUN_HEADER_LEN 24

/* Node parent/module when there is none. */
#define WEFT_HPCRUN_NONE G_MAXUINT32

/* Metric value formats (flags byte 2). */
enum
{
  WEFT_HPCRUN_FMT_NULL = 0,
  WEFT_HPCRUN_FMT_INT  = 1,
  WEFT_HPCRUN_FMT_REAL = 2,
};

/* Id-tuple kinds (low 14 bits). */
enum
{
  WEFT_HPCRUN_ID_SUMMARY    = 0,
  WEFT_HPCRUN_ID_NODE       = 1,
  WEFT_HPCRUN_ID_RANK       = 2,
  WEFT_HPCRUN_ID_THREAD     = 3,
  WEFT_HPCRUN_ID_GPUDEVICE  = 4,
  WEFT_HPCRUN_ID_GPUCONTEXT = 5,
  WEFT_HPCRUN_ID_GPUSTREAM  = 6,
  WEFT_HPCRUN_ID_CORE       = 7,
};

typedef struct
{
  guint16  id;
  char    *name;   /* path as hpcrun wrote it */
  guint64  flags;
} WeftHpcrunModule;

typedef struct
{
  char    *name;
  char    *description;
  char    *formula;      /* "" when not derived */
  char    *format;
  guint8   type;         /* 1 raw, 2 final, 3 derived */
  guint8   value_type;   /* 0 both, 1 inclusive, 2 exclusive */
  guint8   value_format; /* WEFT_HPCRUN_FMT_* */
  guint8   move2proc;
  guint16  partner;
  guint8   show;
  guint8   show_percent;
  guint64  period;
  gboolean has_aux;
  guint16  is_frequency;
  guint16  is_multiplexed;
  double   period_mean;
  guint64  num_samples;
} WeftHpcrunMetric;

typedef struct
{
  guint32 id;          /* as in the file (02.00 negated leaf ids made positive) */
  guint32 parent;      /* index in nodes, or WEFT_HPCRUN_NONE for a root */
  guint32 module;      /* index in modules, or WEFT_HPCRUN_NONE (lm 0: placeholder/root) */
  guint16 lm_id;
  guint8  flags;       /* 04.00: bit0 unwound; 02.00: bit0 was a negated (leaf) id */
  guint8  epoch;
  guint64 lm_ip;
  guint32 first_value; /* values[first_value .. first_value + n_values) */
  guint32 n_values;
} WeftHpcrunNode;

typedef struct
{
  double  value;  /* raw × period */
  guint32 metric; /* 0-based index in metrics */
} WeftHpcrunValue;

typedef struct
{
  guint16 kind;   /* full kind, interpretation bits included */
  guint64 physical;
  guint64 logical;
} WeftHpcrunIdEntry;

typedef struct
{
  char              *path;
  char               version[6];   /* "04.00" */
  guint              major;        /* 2, 3 or 4 */
  guint              n_epochs;
  GStrv              keys;         /* header name/value pairs */
  GStrv              values;
  GArray            *modules;      /* WeftHpcrunModule */
  GArray            *metrics;      /* WeftHpcrunMetric */
  GArray            *nodes;        /* WeftHpcrunNode, preorder */
  GArray            *values_array; /* WeftHpcrunValue */
  GArray            *id_tuple;     /* WeftHpcrunIdEntry (04.00; empty before) */
  guint64            file_size;
} WeftHpcrunProfile;

gboolean           weft_hpcrun_is_header        (const guint8       *data,
                                                 gsize               len);
WeftHpcrunProfile *weft_hpcrun_parse            (const guint8       *data,
                                                 gsize               len,
                                                 const char         *path,
                                                 GError            **error);
WeftHpcrunProfile *weft_hpcrun_read_file        (const char         *path,
                                                 GError            **error);
/* Reads @n_paths files on up to @n_threads threads (a measurement has one
 * per thread or rank, often thousands): out[i] gets the profile of paths[i],
 * or NULL with errors[i] set. Each file read advances @context (nullable)
 * by one; once it is cancelled, the files not started stay NULL without an
 * error. */
void               weft_hpcrun_read_files       (const char * const *paths,
                                                 guint               n_paths,
                                                 guint               n_threads,
                                                 WeftLoadContext    *context,
                                                 WeftHpcrunProfile **out,
                                                 GError            **errors);
void               weft_hpcrun_profile_free     (WeftHpcrunProfile  *profile);
const char        *weft_hpcrun_profile_lookup   (const WeftHpcrunProfile *profile,
                                                 const char         *key);
/* The rank and thread of a profile: from the id tuple (RANK, THREAD kinds) in
 * 04.00, or the "mpi-rank"/"thread-id" header pairs; -1 when unknown. */
void               weft_hpcrun_profile_get_rank_thread (const WeftHpcrunProfile *profile,
                                                        gint64             *rank,
                                                        gint64             *thread);
/* The 8 ASCII bytes of a placeholder ip ("^Primary", "| Main  "), and its
 * pretty name ("<program root>") or NULL when it has none. */
void               weft_hpcrun_placeholder_ascii (guint64            lm_ip,
                                                  char               out[9]);
const char        *weft_hpcrun_placeholder_name  (guint64            lm_ip);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WeftHpcrunProfile, weft_hpcrun_profile_free)

G_END_DECLS

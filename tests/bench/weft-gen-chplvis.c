/* weft-gen-chplvis.c: synthetic Chapel VisualDebug (format 1.4) traces.
 *
 * Writes <out>/<name>/<name>-0 … -(n-1), one file per locale, the way the
 * Chapel runtime (chpl-visual-debug.c) and VisualDebug.chpl write them:
 *
 *  - every record with the runtime's printf format, byte for byte (the
 *    header's trailing blank, "%#lx" addresses, "%lld.%06ld" times);
 *  - startVdebug/tagVdebug/pauseVdebug/stopVdebug run VisualDebug.chpl's
 *    hypercube broadcast (VDebugTree): on every locale a VdbMark, a coforall
 *    of local tasks, "on" forks to the children, and the operation last;
 *    records are lost while logging is off (before the file opens, while
 *    paused) but task ids are still consumed;
 *  - the user program between tags is a mix of what real runs show: coforall
 *    + on over all locales (a local "O" task and fork_nb on locale 0, incoming
 *    "O" tasks with line 0, file -5 and parent 2 elsewhere, the f_fork that
 *    signals the end count), blocking on statements, begin/cobegin, forall
 *    tasks, nested on statements between neighbours, and all six kinds of
 *    communication with the fields real runs have;
 *  - --mix comm makes the program a real stencil run's: long bursts of gets
 *    and puts with remote atomics (f_fork) among them, so that nearly every
 *    line is a communication or fork record; --mix tags makes many short tags
 *    with a pause before every fifth, like a run tagged in its main loop;
 *  - concurrent tasks' records are written in timestamp order except for the
 *    occasional record whose write was delayed, which is how real files get
 *    their backward timestamp steps.
 *
 * The task ids are those of CHPL_TASKS=fifo: main is 3 and the comm layer's
 * task that starts incoming on-tasks is 2.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>

#include <glib/gstdio.h>

#include "weft-gen-common.h"

#define MAIN_TID    3   /* main's task id under fifo tasking */
#define RUNTIME_TID 2   /* the comm layer's task, parent of incoming on-tasks */
#define USEC        G_GINT64_CONSTANT (1000000)

typedef enum
{
  REC_TASK,
  REC_BTASK,
  REC_ETASK,
  REC_COMM,
  REC_FORK,
  REC_VDBMARK,
  REC_TAG,
  REC_PAUSE,
  REC_END,
  REC_TNAME,
} RecKind;

typedef enum
{
  COMM_GET,
  COMM_PUT,
  COMM_NB_GET,
  COMM_NB_PUT,
  COMM_ST_GET,
  COMM_ST_PUT,
  N_COMM_KINDS
} CommKind;

static const char * const comm_names[N_COMM_KINDS] = {
  "get", "put", "nb_get", "nb_put", "st_get", "st_put",
};

typedef enum
{
  FORK_BLOCKING,
  FORK_NB,
  FORK_FAST,
  N_FORK_KINDS
} ForkKind;

static const char * const fork_names[N_FORK_KINDS] = {
  "fork", "fork_nb", "f_fork",
};

typedef enum
{
  OP_START,
  OP_TAG,
  OP_PAUSE,
  OP_STOP,
} VdebugOp;

/* One record waiting in a locale's batch. Batches hold the records of one
 * program step; they are sorted by time before they are written. */
typedef struct
{
  gint64  t;        /* microseconds since the epoch */
  guint64 seq;      /* creation order, breaks ties */
  guint64 owner;    /* the task whose records must keep their order */
  guint64 tid;
  guint64 parent;
  guint64 addr;
  guint64 raddr;
  gint64  length;   /* comm length, or fork argument size */
  gint32  rid;
  gint32  line;
  gint32  file;
  gint32  fid;
  gint32  elem;
  gint32  commid;
  gint32  tagno;
  guint8  kind;
  guint8  sub;      /* CommKind, ForkKind, or 'O'/'L' for tasks */
} Rec;

typedef struct
{
  WeftGenOut *out;
  GArray     *batch;
  guint64     next_tid;
  gint64      cpu_user;  /* microseconds */
  gint64      cpu_sys;
  gint64      cpu_t;     /* wall time the CPU figures belong to */
  guint       user_pct;
  guint       sys_pct;
  guint64     heap;
  guint64     stack;
} Locale;

typedef struct
{
  char *name;
  gint  line;
  gint  file;
} Fid;

/* Where in the program a statement is: its wrapper function and source line. */
typedef struct
{
  gint fid;
  gint line;
  gint file;
  gint argsize;
} CodeSite;

typedef struct
{
  gint commid;
  gint line;
  gint file;
  gint kind_class;  /* 0 read, 1 write, 2 strided */
} CommSite;

typedef struct
{
  CodeSite on;      /* the on statement, begin or cobegin arm */
  CodeSite inner;   /* forall wrapper inside the body; fid < 0: none */
  CodeSite nested;  /* on statement inside a remote body; fid < 0: none */
  guint    ops;     /* communication operations per task */
  guint    children;
} Episode;

typedef struct
{
  const WeftGenOptions *opt;
  WeftGenRand  rng;
  guint        n;
  Locale      *loc;
  guint64      seq;
  guint64      records;
  gint64       now;
  guint64      seq_value;
  guint64      global_data;  /* module-level variables, the usual raddr of a get */

  GPtrArray   *fnames;
  GArray      *fids;
  GArray      *sites;        /* CommSite */
  GPtrArray   *tag_names;
  gint         tagno;        /* tags started so far */
  gboolean     paused;

  gint         file_vd;
  gint         file_atomics;
  gint         file_user[2];
  CodeSite     vd_coforall;
  CodeSite     vd_on;
  CodeSite     atomic_add;
  CodeSite     atomic_sub;
  CodeSite     module_on;
  CodeSite     user_on[2];
  CodeSite     coforall_on[3];
  CodeSite     forall[3];
  CodeSite     nested_on;
  CodeSite     begin;
  CodeSite     cobegin_arm[3];
  CodeSite     cobegin_on;
} Gen;

/* --- The file table and the wrapper-function table ------------------------ */

/* Chapel 1.25's module files, in the order the compiler lists them. */
static const char * const module_files[] = {
  "$CHPL_HOME/modules/internal/ChapelBase.chpl",
  "$CHPL_HOME/modules/internal/ChapelStandard.chpl",
  "$CHPL_HOME/modules/internal/PrintModuleInitOrder.chpl",
  "$CHPL_HOME/modules/standard/gen/linux64-x86_64-gnu/SysCTypes.chpl",
  "$CHPL_HOME/modules/internal/ChapelTaskData.chpl",
  "$CHPL_HOME/modules/internal/startInitCommDiags.chpl",
  "$CHPL_HOME/modules/internal/CString.chpl",
  "$CHPL_HOME/modules/internal/Bytes.chpl",
  "$CHPL_HOME/modules/internal/String.chpl",
  "$CHPL_HOME/modules/internal/OwnedObject.chpl",
  "$CHPL_HOME/modules/internal/SharedObject.chpl",
  "$CHPL_HOME/modules/internal/Atomics.chpl",
  "$CHPL_HOME/modules/internal/NetworkAtomics.chpl",
  "$CHPL_HOME/modules/internal/NetworkAtomicTypes.chpl",
  "$CHPL_HOME/modules/internal/AtomicsCommon.chpl",
  "$CHPL_HOME/modules/internal/ChapelIteratorSupport.chpl",
  "$CHPL_HOME/modules/internal/ChapelThreads.chpl",
  "$CHPL_HOME/modules/internal/ChapelTuple.chpl",
  "$CHPL_HOME/modules/internal/ChapelRange.chpl",
  "$CHPL_HOME/modules/internal/ChapelReduce.chpl",
  "$CHPL_HOME/modules/internal/ChapelSyncvar.chpl",
  "$CHPL_HOME/modules/internal/ChapelTaskDataHelp.chpl",
  "$CHPL_HOME/modules/internal/localeModels/flat/LocaleModel.chpl",
  "$CHPL_HOME/modules/internal/ChapelLocale.chpl",
  "$CHPL_HOME/modules/internal/ChapelPrivatization.chpl",
  "$CHPL_HOME/modules/internal/DefaultRectangular.chpl",
  "$CHPL_HOME/modules/internal/LocalesArray.chpl",
  "$CHPL_HOME/modules/internal/ChapelArray.chpl",
  "$CHPL_HOME/modules/internal/ChapelDistribution.chpl",
  "$CHPL_HOME/modules/internal/ChapelAutoLocalAccess.chpl",
  "$CHPL_HOME/modules/internal/LocaleTree.chpl",
  "$CHPL_HOME/modules/internal/ChapelHashing.chpl",
  "$CHPL_HOME/modules/internal/DefaultAssociative.chpl",
  "$CHPL_HOME/modules/internal/DefaultSparse.chpl",
  "$CHPL_HOME/modules/internal/ChapelTaskID.chpl",
  "$CHPL_HOME/modules/internal/tasktable/off/ChapelTaskTable.chpl",
  "$CHPL_HOME/modules/internal/MemTracking.chpl",
  "$CHPL_HOME/modules/internal/ChapelUtil.chpl",
  "$CHPL_HOME/modules/internal/ChapelError.chpl",
  "$CHPL_HOME/modules/internal/ChapelSerializedBroadcast.chpl",
  "$CHPL_HOME/modules/internal/ExportWrappers.chpl",
  "$CHPL_HOME/modules/internal/ChapelAutoAggregation.chpl",
  "$CHPL_HOME/modules/internal/stopInitCommDiags.chpl",
  "$CHPL_HOME/modules/internal/ByteBufferHelpers.chpl",
  "$CHPL_HOME/modules/internal/BytesStringCommon.chpl",
  "$CHPL_HOME/modules/internal/MemConsistency.chpl",
  "$CHPL_HOME/modules/internal/ChapelDebugPrint.chpl",
  "$CHPL_HOME/modules/internal/ChapelLocks.chpl",
  "$CHPL_HOME/modules/internal/LocaleModelHelpFlat.chpl",
  "$CHPL_HOME/modules/internal/LocaleModelHelpMem.chpl",
  "$CHPL_HOME/modules/internal/ExternalArray.chpl",
  "$CHPL_HOME/modules/internal/ArrayViewSlice.chpl",
  "$CHPL_HOME/modules/internal/ArrayViewRankChange.chpl",
  "$CHPL_HOME/modules/internal/ArrayViewReindex.chpl",
  "$CHPL_HOME/modules/internal/ChapelHashtable.chpl",
  "$CHPL_HOME/modules/internal/LocaleModelHelpSetup.chpl",
  "$CHPL_HOME/modules/internal/LocaleModelHelpRuntime.chpl",
  "$CHPL_HOME/modules/internal/ChapelNumLocales.chpl",
};

/* Modules listed after the user's files, as in real tables. */
static const char * const late_module_files[] = {
  "$CHPL_HOME/modules/packages/VisualDebug.chpl",
  "$CHPL_HOME/modules/dists/BlockDist.chpl",
  "$CHPL_HOME/modules/dists/DSIUtil.chpl",
  "$CHPL_HOME/modules/standard/CommDiagnostics.chpl",
  "$CHPL_HOME/modules/layouts/LayoutCS.chpl",
  "$CHPL_HOME/modules/dists/SparseBlockDist.chpl",
  "$CHPL_HOME/modules/standard/CPtr.chpl",
  "$CHPL_HOME/modules/standard/Reflection.chpl",
  "$CHPL_HOME/modules/packages/RangeChunk.chpl",
  "$CHPL_HOME/modules/packages/Sort.chpl",
  "$CHPL_HOME/modules/standard/HaltWrappers.chpl",
  "$CHPL_HOME/modules/standard/SysBasic.chpl",
  "$CHPL_HOME/modules/standard/SysError.chpl",
  "$CHPL_HOME/modules/standard/List.chpl",
  "$CHPL_HOME/modules/standard/Random.chpl",
  "$CHPL_HOME/modules/standard/IO.chpl",
  "$CHPL_HOME/modules/standard/Time.chpl",
  "$CHPL_HOME/modules/standard/Memory.chpl",
  "$CHPL_HOME/modules/standard/ChapelEnv.chpl",
  "$CHPL_HOME/modules/standard/ChapelIO.chpl",
  "$CHPL_HOME/modules/standard/Types.chpl",
  "$CHPL_HOME/modules/standard/Math.chpl",
  "$CHPL_HOME/modules/standard/Sys.chpl",
};

/* The user's program: a main file and a second module whose name has a
 * blank, which chplvis has to keep as one name. */
static const char * const user_files[2] = {
  "stencil.chpl",
  "halo exchange.chpl",
};

typedef enum
{
  FAM_ON,
  FAM_LOCAL_ON,
  FAM_COFORALL,
  FAM_BEGIN,
  FAM_COBEGIN,
  N_FAMILIES
} Family;

static const char * const family_names[N_FAMILIES] = {
  "wrapon_fn_chpl",
  "_local_wrapon_fn_chpl",
  "wrapcoforall_fn_chpl",
  "wrapbegin_fn_chpl",
  "wrapcobegin_fn_chpl",
};

static gint
add_fname (Gen        *g,
           const char *name)
{
  g_ptr_array_add (g->fnames, g_strdup (name));
  return (gint)g->fnames->len - 1;
}

static gint
find_fname (Gen        *g,
            const char *suffix)
{
  for (guint i = 0; i < g->fnames->len; i++)
    if (g_str_has_suffix (g_ptr_array_index (g->fnames, i), suffix))
      return (gint)i;
  g_assert_not_reached ();
  return -1;
}

/* The compiler numbers each wrapper family: the first is unnumbered, the
 * next ones get 2, 3, … */
static CodeSite
add_fid (Gen    *g,
         guint  *family_counts,
         Family  family,
         gint    line,
         gint    file,
         gint    argsize)
{
  CodeSite site = { (gint)g->fids->len, line, file, argsize };
  Fid fid;
  guint count = ++family_counts[family];

  if (count == 1)
    fid.name = g_strdup (family_names[family]);
  else
    fid.name = g_strdup_printf ("%s%u", family_names[family], count);
  fid.line = line;
  fid.file = file;
  g_array_append_val (g->fids, fid);

  return site;
}

static gint
random_argsize (Gen *g)
{
  return (gint)weft_gen_rand_range (&g->rng, 13, 33) * 8;
}

static void
build_tables (Gen *g)
{
  /* Module files that define wrapper functions, with how many. */
  static const struct { const char *suffix; guint lo, hi; } fid_modules[] = {
    { "internal/ChapelBase.chpl", 4, 12 },
    { "internal/Atomics.chpl", 8, 14 },
    { "internal/NetworkAtomics.chpl", 6, 16 },
    { "internal/ChapelRange.chpl", 1, 4 },
    { "internal/ChapelReduce.chpl", 2, 5 },
    { "flat/LocaleModel.chpl", 3, 8 },
    { "internal/ChapelLocale.chpl", 4, 10 },
    { "internal/ChapelPrivatization.chpl", 1, 3 },
    { "internal/DefaultRectangular.chpl", 10, 30 },
    { "internal/ChapelArray.chpl", 10, 30 },
    { "internal/ChapelDistribution.chpl", 2, 6 },
    { "internal/ChapelSerializedBroadcast.chpl", 1, 3 },
    { "internal/ChapelUtil.chpl", 1, 2 },
    { "dists/BlockDist.chpl", 12, 30 },
    { "dists/DSIUtil.chpl", 2, 6 },
    { "standard/CommDiagnostics.chpl", 2, 5 },
    { "standard/IO.chpl", 10, 24 },
  };
  guint family_counts[N_FAMILIES] = { 0 };

  add_fname (g, "<unknown>");
  add_fname (g, "<internal>");
  for (guint i = 0; i < G_N_ELEMENTS (module_files); i++)
    add_fname (g, module_files[i]);
  g->file_user[0] = add_fname (g, user_files[0]);
  for (guint i = 0; i < G_N_ELEMENTS (late_module_files); i++)
    add_fname (g, late_module_files[i]);
  g->file_user[1] = add_fname (g, user_files[1]);
  add_fname (g, "<command_line>");
  add_fname (g, "<command_line>");

  g->file_vd = find_fname (g, "packages/VisualDebug.chpl");
  g->file_atomics = find_fname (g, "internal/Atomics.chpl");

  for (guint m = 0; m < G_N_ELEMENTS (fid_modules); m++)
    {
      gint file = find_fname (g, fid_modules[m].suffix);
      guint count = (guint)weft_gen_rand_range (&g->rng, fid_modules[m].lo, fid_modules[m].hi);
      gint line = (gint)weft_gen_rand_range (&g->rng, 20, 220);
      gboolean atomics = file == g->file_atomics;
      gboolean blockdist = g_str_has_suffix (fid_modules[m].suffix, "BlockDist.chpl");

      for (guint j = 0; j < count; j++)
        {
          guint pick = (guint)weft_gen_rand_below (&g->rng, 100);

          /* The remote atomics every run uses (fetchAdd, and the sub that
           * counts a coforall's on-tasks down) sit at fixed lines. */
          if (atomics && g->atomic_add.argsize == 0 && line >= 534)
            {
              g->atomic_add = add_fid (g, family_counts, FAM_ON, 534, file, 144);
              g->atomic_sub = add_fid (g, family_counts, FAM_ON, 562, file, 144);
              line = (gint)weft_gen_rand_range (&g->rng, 575, 600);
            }

          if (pick < 30)
            {
              add_fid (g, family_counts, FAM_LOCAL_ON, line, file, 0);
              add_fid (g, family_counts, FAM_ON, line, file, 0);
            }
          else if (pick < 80)
            add_fid (g, family_counts, FAM_ON, line, file, 0);
          else
            add_fid (g, family_counts, FAM_COFORALL, line, file, 0);

          /* BlockDist's privatisation "on", which remote tasks fork back to
           * locale 0 with. */
          if (blockdist && j == 2)
            g->module_on = add_fid (g, family_counts, FAM_ON, line + 2, file, 152);

          line += (gint)weft_gen_rand_range (&g->rng, 6, atomics ? 24 : 260);
        }
      if (atomics && g->atomic_add.argsize == 0)
        {
          g->atomic_add = add_fid (g, family_counts, FAM_ON, 534, file, 144);
          g->atomic_sub = add_fid (g, family_counts, FAM_ON, 562, file, 144);
        }
    }

  /* VisualDebug.chpl: the coforall of VDebugTree and its "on Locales[rid]". */
  g->vd_coforall = add_fid (g, family_counts, FAM_COFORALL, 100, g->file_vd, 0);
  g->vd_on = add_fid (g, family_counts, FAM_ON, 102, g->file_vd, 224);

  /* The user's program. */
  g->user_on[0] = add_fid (g, family_counts, FAM_ON, 24, g->file_user[0], 136);
  g->coforall_on[0] = add_fid (g, family_counts, FAM_ON, 33, g->file_user[0], 136);
  g->forall[0] = add_fid (g, family_counts, FAM_COFORALL, 34, g->file_user[0], 0);
  g->begin = add_fid (g, family_counts, FAM_BEGIN, 38, g->file_user[0], 0);
  g->cobegin_arm[0] = add_fid (g, family_counts, FAM_COBEGIN, 41, g->file_user[0], 0);
  g->cobegin_arm[1] = add_fid (g, family_counts, FAM_COBEGIN, 42, g->file_user[0], 0);
  g->cobegin_on = add_fid (g, family_counts, FAM_ON, 42, g->file_user[0], 136);
  g->cobegin_arm[2] = add_fid (g, family_counts, FAM_COBEGIN, 43, g->file_user[0], 0);
  g->forall[1] = add_fid (g, family_counts, FAM_COFORALL, 49, g->file_user[0], 0);
  g->coforall_on[1] = add_fid (g, family_counts, FAM_ON, 49, g->file_user[0], 256);
  g->coforall_on[2] = add_fid (g, family_counts, FAM_ON, 12, g->file_user[1], 184);
  g->nested_on = add_fid (g, family_counts, FAM_ON, 17, g->file_user[1], 152);
  g->forall[2] = add_fid (g, family_counts, FAM_COFORALL, 21, g->file_user[1], 0);
  g->user_on[1] = add_fid (g, family_counts, FAM_ON, 30, g->file_user[1], 168);

  /* Communication sites: one commID per generated get/put, unique within a
   * generated file; the same source line always reports the same id. */
  {
    static const char * const comm_files[] = {
      "internal/ChapelBase.chpl", "internal/DefaultRectangular.chpl",
      "internal/ChapelArray.chpl", "dists/BlockDist.chpl",
    };
    gint next_commid[G_N_ELEMENTS (comm_files) + 2] = { 0 };
    guint n_sites = (guint)weft_gen_rand_range (&g->rng, 24, 40);

    for (guint i = 0; i < n_sites; i++)
      {
        CommSite site;
        guint which = (guint)weft_gen_rand_below (&g->rng, G_N_ELEMENTS (comm_files) + 2);

        if (which < 2)
          {
            site.file = g->file_user[which];
            site.line = (gint)weft_gen_rand_range (&g->rng, 20, 140);
          }
        else
          {
            site.file = find_fname (g, comm_files[which - 2]);
            site.line = (gint)weft_gen_rand_range (&g->rng, 25, 4200);
          }
        next_commid[which] += (gint)weft_gen_rand_range (&g->rng, 1, 40);
        site.commid = next_commid[which];
        site.kind_class = (gint)weft_gen_rand_below (&g->rng, 3);
        g_array_append_val (g->sites, site);
      }
  }
}

static void
build_tag_names (Gen *g)
{
  /* Tags in a loop repeat their names, which is what chplvis's "Merge Tags"
   * is for. */
  for (guint i = 0; i < g->opt->tags; i++)
    {
      const char *name;

      if (i == 0)
        name = "init arrays";
      else if (i % 2 == 1)
        name = "compute";
      else
        name = "halo exchange";
      g_ptr_array_add (g->tag_names, g_strdup (name));
    }
}

/* --- Records --------------------------------------------------------------- */

static Rec *
rec_new (Gen     *g,
         guint    loc,
         RecKind  kind,
         gint64   t,
         guint64  owner)
{
  GArray *batch = g->loc[loc].batch;
  Rec *r;

  g_array_set_size (batch, batch->len + 1);
  r = &g_array_index (batch, Rec, batch->len - 1);
  memset (r, 0, sizeof *r);
  r->t = t;
  r->seq = g->seq++;
  r->owner = owner;
  r->kind = (guint8)kind;
  g->records++;
  return r;
}

static guint64
alloc_tid (Gen   *g,
           guint  loc)
{
  /* Runtime tasks that never reach the trace use ids too. */
  if (weft_gen_rand_chance (&g->rng, 1, 60))
    g->loc[loc].next_tid += weft_gen_rand_range (&g->rng, 1, 3);
  return g->loc[loc].next_tid++;
}

static void
rec_task (Gen      *g,
          guint     loc,
          gint64    t,
          guint64   tid,
          guint64   parent,
          char      how,
          CodeSite  site)
{
  Rec *r = rec_new (g, loc, REC_TASK, t, tid);

  r->tid = tid;
  r->parent = parent;
  r->sub = (guint8)how;
  r->fid = site.fid;
  if (how == 'O' && parent == RUNTIME_TID)
    {
      /* Started by the comm layer for an incoming fork: no source line. */
      r->line = 0;
      r->file = -5;
    }
  else
    {
      r->line = site.line;
      r->file = site.file;
    }
}

static void
rec_begin_end (Gen     *g,
               guint    loc,
               RecKind  kind,
               gint64   t,
               guint64  tid)
{
  Rec *r = rec_new (g, loc, kind, t, tid);

  r->tid = tid;
}

static guint64
stack_address (Gen   *g,
               guint  loc)
{
  /* Task stacks are 8 MiB apart; arguments live near the top. */
  return g->loc[loc].stack
         + weft_gen_rand_below (&g->rng, 12) * G_GUINT64_CONSTANT (0x800000)
         + 0x7f9000 + weft_gen_rand_below (&g->rng, 0x6c0) * 16;
}

static void
rec_fork (Gen      *g,
          guint     loc,
          gint64    t,
          ForkKind  how,
          guint     rid,
          CodeSite  site,
          guint64   tid)
{
  Rec *r = rec_new (g, loc, REC_FORK, t, tid);

  r->sub = (guint8)how;
  r->rid = (gint32)rid;
  r->fid = site.fid;
  r->addr = stack_address (g, loc);
  r->length = site.argsize > 0 ? site.argsize : random_argsize (g);
  r->tid = tid;
  r->line = site.line;
  r->file = site.file;
}

static gint64
comm_duration (Gen      *g,
               CommKind  kind)
{
  switch (kind)
    {
    case COMM_NB_GET:
    case COMM_NB_PUT:
      return weft_gen_rand_skewed (&g->rng, 1, 9);
    case COMM_GET:
    case COMM_PUT:
      return weft_gen_rand_skewed (&g->rng, 18, 90);
    case COMM_ST_GET:
    case COMM_ST_PUT:
      return weft_gen_rand_skewed (&g->rng, 30, 80);
    case N_COMM_KINDS:
    default:
      g_assert_not_reached ();
    }
  return 1;
}

/* One get/put of any kind by task tid on locale loc; returns the time the
 * task can go on. */
static gint64
rec_comm (Gen     *g,
          guint    loc,
          gint64   t,
          guint64  tid)
{
  static const gint get_lengths[] = { 8, 16, 64, 64, 64, 128 };
  guint pick = (guint)weft_gen_rand_below (&g->rng, 100);
  const CommSite *site;
  CommKind kind;
  Rec *r;
  guint rid;

  if (g->n == 1)
    {
      /* A single locale logs only strided copies, which are logged even
       * when both sides are local. */
      kind = pick < 70 ? COMM_ST_GET : COMM_ST_PUT;
      rid = 0;
    }
  else
    {
      if (pick < 44)
        kind = COMM_NB_GET;
      else if (pick < 56)
        kind = COMM_GET;
      else if (pick < 67)
        kind = COMM_PUT;
      else if (pick < 83)
        kind = COMM_NB_PUT;
      else if (pick < 92)
        kind = COMM_ST_GET;
      else
        kind = COMM_ST_PUT;

      rid = (guint)weft_gen_rand_below (&g->rng, g->n - 1);
      if (rid >= loc)
        rid++;
      if ((kind == COMM_ST_GET || kind == COMM_ST_PUT) && weft_gen_rand_chance (&g->rng, 1, 8))
        rid = loc;
    }

  site = &g_array_index (g->sites, CommSite, weft_gen_rand_below (&g->rng, g->sites->len));

  r = rec_new (g, loc, REC_COMM, t, tid);
  r->sub = (guint8)kind;
  r->rid = (gint32)rid;
  r->tid = tid;
  r->addr = g->loc[loc].heap + weft_gen_rand_below (&g->rng, 0x40000) * 8;
  if (kind == COMM_GET && weft_gen_rand_chance (&g->rng, 1, 2))
    r->raddr = g->global_data + weft_gen_rand_below (&g->rng, 0x200) * 0x40;
  else
    r->raddr = g->loc[rid].heap + weft_gen_rand_below (&g->rng, 0x40000) * 8;

  switch (kind)
    {
    case COMM_NB_PUT:
      /* Remote-cache write-backs: no source position at all. */
      r->elem = 1;
      r->length = weft_gen_rand_chance (&g->rng, 3, 4) ? 8 : 16;
      r->commid = -1;
      r->line = -1;
      r->file = 0;
      break;
    case COMM_ST_GET:
    case COMM_ST_PUT:
      /* The runtime multiplies only count[0 .. stridelevels-1], so the
       * logged length undercounts; small values are the rule. */
      r->elem = 8;
      r->length = weft_gen_rand_range (&g->rng, 1, 8) * (weft_gen_rand_chance (&g->rng, 1, 4) ? 8 : 1);
      r->commid = site->commid;
      r->line = site->line;
      r->file = site->file;
      break;
    case COMM_NB_GET:
      r->elem = 1;
      r->length = weft_gen_rand_chance (&g->rng, 9, 10) ? 64 : 64 << weft_gen_rand_range (&g->rng, 1, 6);
      r->commid = site->commid;
      r->line = site->line;
      r->file = site->file;
      break;
    case COMM_GET:
    case COMM_PUT:
      r->elem = 1;
      r->length = get_lengths[weft_gen_rand_below (&g->rng, G_N_ELEMENTS (get_lengths))];
      r->commid = site->commid;
      r->line = site->line;
      r->file = site->file;
      break;
    case N_COMM_KINDS:
    default:
      g_assert_not_reached ();
    }

  return t + comm_duration (g, kind);
}

/* --- Writing ----------------------------------------------------------------- */

static char *
fmt_tv (char   *p,
        gint64  t)
{
  p = weft_gen_fmt_u64 (p, (guint64)(t / USEC));
  *p++ = '.';
  return weft_gen_fmt_usec6 (p, t % USEC);
}

static char *
fmt_ru (Gen    *g,
        char   *p,
        guint   loc,
        gint64  t)
{
  Locale *l = &g->loc[loc];

  /* getrusage of the whole locale process: it only ever grows. */
  if (t > l->cpu_t)
    {
      l->cpu_user += (t - l->cpu_t) * l->user_pct / 100;
      l->cpu_sys += (t - l->cpu_t) * l->sys_pct / 100;
      l->cpu_t = t;
    }
  p = fmt_tv (p, l->cpu_user);
  *p++ = ' ';
  return fmt_tv (p, l->cpu_sys);
}

static void
write_rec (Gen       *g,
           guint      loc,
           const Rec *r)
{
  WeftGenOut *out = g->loc[loc].out;
  char *p;

  if (r->kind == REC_TNAME)
    {
      const char *name = g_ptr_array_index (g->tag_names, r->tagno);
      gsize len = strlen (name);

      p = weft_gen_out_reserve (out, len + 32);
      p = weft_gen_fmt_lit (p, "tname: ");
      p = weft_gen_fmt_i64 (p, r->tagno);
      *p++ = ' ';
      p = weft_gen_fmt_str (p, name, len);
      *p++ = '\n';
      weft_gen_out_commit (out, p);
      out->lines++;
      return;
    }

  p = weft_gen_out_reserve (out, 256);
  switch ((RecKind)r->kind)
    {
    case REC_TASK:
      p = weft_gen_fmt_lit (p, "task: ");
      p = fmt_tv (p, r->t);
      *p++ = ' ';
      p = weft_gen_fmt_u64 (p, loc);
      *p++ = ' ';
      p = weft_gen_fmt_u64 (p, r->tid);
      *p++ = ' ';
      p = weft_gen_fmt_u64 (p, r->parent);
      *p++ = ' ';
      *p++ = (char)r->sub;
      *p++ = ' ';
      p = weft_gen_fmt_i64 (p, r->line);
      *p++ = ' ';
      p = weft_gen_fmt_i64 (p, r->file);
      *p++ = ' ';
      p = weft_gen_fmt_i64 (p, r->fid);
      break;

    case REC_BTASK:
    case REC_ETASK:
    case REC_VDBMARK:
      if (r->kind == REC_BTASK)
        p = weft_gen_fmt_lit (p, "Btask: ");
      else if (r->kind == REC_ETASK)
        p = weft_gen_fmt_lit (p, "Etask: ");
      else
        p = weft_gen_fmt_lit (p, "VdbMark: ");
      p = fmt_tv (p, r->t);
      *p++ = ' ';
      p = weft_gen_fmt_u64 (p, loc);
      *p++ = ' ';
      p = weft_gen_fmt_u64 (p, r->tid);
      break;

    case REC_COMM:
      p = weft_gen_fmt_str (p, comm_names[r->sub], strlen (comm_names[r->sub]));
      *p++ = ':';
      *p++ = ' ';
      p = fmt_tv (p, r->t);
      *p++ = ' ';
      p = weft_gen_fmt_u64 (p, loc);
      *p++ = ' ';
      p = weft_gen_fmt_i64 (p, r->rid);
      *p++ = ' ';
      p = weft_gen_fmt_u64 (p, r->tid);
      p = weft_gen_fmt_lit (p, " 0x");
      p = weft_gen_fmt_hex (p, r->addr, FALSE);
      p = weft_gen_fmt_lit (p, " 0x");
      p = weft_gen_fmt_hex (p, r->raddr, FALSE);
      *p++ = ' ';
      p = weft_gen_fmt_i64 (p, r->elem);
      *p++ = ' ';
      p = weft_gen_fmt_i64 (p, r->length);
      *p++ = ' ';
      p = weft_gen_fmt_i64 (p, r->commid);
      *p++ = ' ';
      p = weft_gen_fmt_i64 (p, r->line);
      *p++ = ' ';
      p = weft_gen_fmt_i64 (p, r->file);
      break;

    case REC_FORK:
      p = weft_gen_fmt_str (p, fork_names[r->sub], strlen (fork_names[r->sub]));
      *p++ = ':';
      *p++ = ' ';
      p = fmt_tv (p, r->t);
      *p++ = ' ';
      p = weft_gen_fmt_u64 (p, loc);
      *p++ = ' ';
      p = weft_gen_fmt_i64 (p, r->rid);
      p = weft_gen_fmt_lit (p, " -2 ");
      p = weft_gen_fmt_i64 (p, r->fid);
      p = weft_gen_fmt_lit (p, " 0x");
      p = weft_gen_fmt_hex (p, r->addr, FALSE);
      *p++ = ' ';
      p = weft_gen_fmt_i64 (p, r->length);
      *p++ = ' ';
      p = weft_gen_fmt_u64 (p, r->tid);
      *p++ = ' ';
      p = weft_gen_fmt_i64 (p, r->line);
      *p++ = ' ';
      p = weft_gen_fmt_i64 (p, r->file);
      break;

    case REC_TAG:
    case REC_PAUSE:
    case REC_END:
      if (r->kind == REC_TAG)
        p = weft_gen_fmt_lit (p, "Tag: ");
      else if (r->kind == REC_PAUSE)
        p = weft_gen_fmt_lit (p, "Pause: ");
      else
        p = weft_gen_fmt_lit (p, "End: ");
      p = fmt_tv (p, r->t);
      *p++ = ' ';
      p = fmt_ru (g, p, loc, r->t);
      *p++ = ' ';
      p = weft_gen_fmt_u64 (p, loc);
      *p++ = ' ';
      p = weft_gen_fmt_u64 (p, r->tid);
      if (r->kind != REC_END)
        {
          *p++ = ' ';
          p = weft_gen_fmt_i64 (p, r->tagno);
        }
      break;

    case REC_TNAME:
    default:
      g_assert_not_reached ();
    }
  *p++ = '\n';
  weft_gen_out_commit (out, p);
  out->lines++;
}

static gint
rec_compare (gconstpointer a,
             gconstpointer b)
{
  const Rec *ra = a;
  const Rec *rb = b;

  if (ra->t != rb->t)
    return ra->t < rb->t ? -1 : 1;
  return ra->seq < rb->seq ? -1 : (ra->seq > rb->seq ? 1 : 0);
}

/* Runtime threads format a record, then write() it; a thread that is
 * descheduled in between lets other threads' records overtake its own.
 * Moving a record a few places later reproduces that, without ever moving a
 * task's records past one another. */
static void
delay_some_writes (Gen    *g,
                   GArray *batch)
{
  Rec *recs = (Rec *)(void *)batch->data;
  guint n = batch->len;

  for (guint i = 0; i + 1 < n; i++)
    {
      guint k, j;
      Rec moved;

      if (!weft_gen_rand_chance (&g->rng, 1, 90))
        continue;

      k = weft_gen_rand_chance (&g->rng, 1, 12)
          ? (guint)weft_gen_rand_range (&g->rng, 6, 40)
          : (guint)weft_gen_rand_range (&g->rng, 1, 3);
      k = MIN (k, n - 1 - i);
      for (j = 1; j <= k; j++)
        if (recs[i + j].owner == recs[i].owner)
          break;
      k = j - 1;
      if (k == 0)
        continue;

      moved = recs[i];
      memmove (&recs[i], &recs[i + 1], k * sizeof (Rec));
      recs[i + k] = moved;
      i += k;
    }
}

static void
flush_batches (Gen      *g,
               gboolean  delays)
{
  for (guint l = 0; l < g->n; l++)
    {
      GArray *batch = g->loc[l].batch;

      if (batch->len == 0)
        continue;
      g_array_sort (batch, rec_compare);
      if (delays)
        delay_some_writes (g, batch);
      for (guint i = 0; i < batch->len; i++)
        write_rec (g, l, &g_array_index (batch, Rec, i));
      g_array_set_size (batch, 0);
    }
}

static void
write_line (Gen        *g,
            guint       loc,
            const char *text)
{
  WeftGenOut *out = g->loc[loc].out;
  gsize len = strlen (text);
  char *p = weft_gen_out_reserve (out, len + 1);

  p = weft_gen_fmt_str (p, text, len);
  *p++ = '\n';
  weft_gen_out_commit (out, p);
  out->lines++;
  g->records++;
}

/* chpl_vdebug_start(): the header on every locale, and the file and
 * function tables on locale 0 only. */
static void
write_header (Gen     *g,
              guint    loc,
              gint64   t,
              guint64  tid)
{
  WeftGenOut *out = g->loc[loc].out;
  char *p = weft_gen_out_reserve (out, 256);

  p = weft_gen_fmt_lit (p, "ChplVdebug: ver 1.4 nodes ");
  p = weft_gen_fmt_u64 (p, g->n);
  p = weft_gen_fmt_lit (p, " nid ");
  p = weft_gen_fmt_u64 (p, loc);
  p = weft_gen_fmt_lit (p, " tid ");
  p = weft_gen_fmt_u64 (p, tid);
  p = weft_gen_fmt_lit (p, " seq ");
  p = weft_gen_fmt_u64 (p, g->seq_value);
  p = weft_gen_fmt_lit (p, ".000 ");
  p = fmt_tv (p, t);
  *p++ = ' ';
  p = fmt_ru (g, p, loc, t);
  *p++ = ' ';
  *p++ = '\n';
  weft_gen_out_commit (out, p);
  out->lines++;
  g->records++;

  if (loc == 0)
    {
      g_autofree char *home = g_strdup_printf ("CHPL_HOME: %s", "/opt/chapel-1.25");
      g_autofree char *dir = g_strdup_printf ("DIR: %s", "/home/user/stencil");
      g_autofree char *tablesize = g_strdup_printf ("Tablesize: %u", g->fnames->len);
      g_autofree char *fidnsize = g_strdup_printf ("FIDNsize: %u", g->fids->len);

      write_line (g, 0, home);
      write_line (g, 0, dir);
      write_line (g, 0, "SAVEC: ");
      write_line (g, 0, tablesize);
      for (guint i = 0; i < g->fnames->len; i++)
        {
          g_autofree char *line = g_strdup_printf ("fname: %u %s", i, (const char *)g_ptr_array_index (g->fnames, i));

          write_line (g, 0, line);
        }
      write_line (g, 0, fidnsize);
      for (guint i = 0; i < g->fids->len; i++)
        {
          const Fid *fid = &g_array_index (g->fids, Fid, i);
          g_autofree char *line = g_strdup_printf ("FIDname: %u %d %d %s", i, fid->line, fid->file, fid->name);

          write_line (g, 0, line);
        }
    }
}

/* --- VDebugTree ------------------------------------------------------------ */

/* The first offset VDebugTree computes at the root: the smallest power of
 * two with offset/2 >= numLocales. */
static guint64
tree_root_offset (guint n)
{
  guint64 offset = 1;

  while ((offset >> 1) < n)
    offset <<= 1;
  return offset;
}

/* hc_id2com: the coforall runs one task per halving of the offset. */
static guint
tree_children (guint64 offset)
{
  guint c = 0;

  for (; offset > 0; offset >>= 1)
    c++;
  return c;
}

/* The coforall tasks of one broadcast, on all locales together. */
static guint64
tree_count_children (guint    n,
                     guint    id,
                     guint64  offset)
{
  guint64 total = tree_children (offset);
  guint64 off = offset;
  guint shift = 1;

  for (; off > 0; off >>= 1, shift++)
    {
      guint64 rid = id + off;

      if (rid < n)
        total += tree_count_children (n, (guint)rid, offset >> shift);
    }
  return total;
}

static void
rec_op (Gen      *g,
        guint     loc,
        VdebugOp  op,
        gint64    t,
        guint64   tid)
{
  Rec *r;

  switch (op)
    {
    case OP_TAG:
      r = rec_new (g, loc, REC_TAG, t, tid);
      r->tagno = g->tagno - 1;
      break;
    case OP_PAUSE:
      /* pauseVdebug passes tagno.read()-1: the tag being paused. */
      r = rec_new (g, loc, REC_PAUSE, t, tid);
      r->tagno = g->tagno - 1;
      break;
    case OP_STOP:
      r = rec_new (g, loc, REC_END, t, tid);
      break;
    case OP_START:
    default:
      g_assert_not_reached ();
      return;
    }
  r->tid = tid;
}

/* VDebugTree on locale id, run by task tree_tid from time t: VdbMark, the
 * coforall, the on statements to the children, and the operation itself.
 * Returns the time of the operation. */
static gint64
vdebug_tree (Gen      *g,
             guint     id,
             guint64   offset,
             guint64   tree_tid,
             gint64    t,
             VdebugOp  op)
{
  /* Logging is off before the files are open and while paused; VdbMark is
   * written regardless, once a file is open. */
  gboolean logging = op != OP_START && !g->paused;
  guint n_children = tree_children (offset);
  g_autofree guint64 *child_tid = g_new (guint64, MAX (n_children, 1));
  gint64 cursor, op_t;

  if (op != OP_START)
    rec_begin_end (g, id, REC_VDBMARK, t, tree_tid);

  cursor = t + weft_gen_rand_range (&g->rng, 1, 3);
  for (guint i = 0; i < n_children; i++)
    {
      child_tid[i] = alloc_tid (g, id);
      if (logging)
        {
          Rec *r = rec_new (g, id, REC_TASK, cursor, child_tid[i]);

          r->tid = child_tid[i];
          r->parent = tree_tid;
          r->sub = 'L';
          r->line = g->vd_coforall.line;
          r->file = g->vd_coforall.file;
          r->fid = g->vd_coforall.fid;
        }
      cursor += weft_gen_rand_range (&g->rng, 1, 3);
    }

  op_t = cursor;
  /* The task that created the others runs the last one itself first. */
  for (guint k = 0; k < n_children; k++)
    {
      guint i = k == 0 ? n_children - 1 : k - 1;
      /* Iteration i of hc_id2com yields the child id + (offset >> i). */
      guint64 rid = id + (offset >> i);
      gint64 end;

      if (logging)
        rec_begin_end (g, id, REC_BTASK, cursor, child_tid[i]);

      if (rid < g->n)
        {
          gint64 fork_t = cursor + weft_gen_rand_range (&g->rng, 1, 3);
          gint64 arrive = fork_t + weft_gen_rand_skewed (&g->rng, 12, 60);
          guint64 on_tid = alloc_tid (g, (guint)rid);
          gint64 begin_t = arrive + weft_gen_rand_range (&g->rng, 3, 20);
          gint64 remote_op;

          if (logging)
            {
              rec_fork (g, id, fork_t, FORK_BLOCKING, (guint)rid, g->vd_on, child_tid[i]);
              rec_task (g, (guint)rid, arrive, on_tid, RUNTIME_TID, 'O', g->vd_on);
              rec_begin_end (g, (guint)rid, REC_BTASK, begin_t, on_tid);
            }

          remote_op = vdebug_tree (g, (guint)rid, offset >> (i + 1), on_tid,
                                   begin_t + weft_gen_rand_range (&g->rng, 1, 3), op);

          switch (op)
            {
            case OP_START:
              /* The on-task that opened the file ends right after. */
              end = remote_op + weft_gen_rand_skewed (&g->rng, 30, 220);
              rec_begin_end (g, (guint)rid, REC_ETASK, end, on_tid);
              break;
            case OP_TAG:
              end = remote_op + weft_gen_rand_range (&g->rng, 2, 4);
              rec_begin_end (g, (guint)rid, REC_ETASK, end, on_tid);
              break;
            case OP_PAUSE:
            case OP_STOP:
            default:
              end = remote_op + weft_gen_rand_range (&g->rng, 2, 4);
              break;
            }

          end += weft_gen_rand_skewed (&g->rng, 20, 110);
          cursor = fork_t + weft_gen_rand_range (&g->rng, 2, 5);
        }
      else
        {
          end = cursor + weft_gen_rand_range (&g->rng, 1, 2);
          cursor = end + 1;
        }

      if (logging)
        rec_begin_end (g, id, REC_ETASK, end, child_tid[i]);
      op_t = MAX (op_t, end);
    }

  op_t += weft_gen_rand_range (&g->rng, 2, 18);
  if (op == OP_START)
    write_header (g, id, op_t, tree_tid);
  else
    rec_op (g, id, op, op_t, tree_tid);

  return op_t;
}

static void
broadcast (Gen      *g,
           VdebugOp  op)
{
  gint64 t = g->now;
  gint64 op_t;

  if (op == OP_TAG)
    {
      /* tagVdebug writes the name on the calling locale first. */
      Rec *r = rec_new (g, 0, REC_TNAME, t, MAIN_TID);

      r->tagno = g->tagno;
      g->tagno++;
      t += weft_gen_rand_range (&g->rng, 2, 30);
    }

  op_t = vdebug_tree (g, 0, tree_root_offset (g->n), MAIN_TID, t, op);
  flush_batches (g, FALSE);

  if (op == OP_TAG)
    g->paused = FALSE;
  else if (op == OP_PAUSE)
    g->paused = TRUE;

  g->now = op_t + weft_gen_rand_skewed (&g->rng, 4, 60);
}

/* Lines one broadcast writes, all locales, for planning --events. */
static guint64
broadcast_lines (Gen      *g,
                 VdebugOp  op,
                 gboolean  paused)
{
  guint64 children = tree_count_children (g->n, 0, tree_root_offset (g->n));
  guint64 others = g->n - 1;

  switch (op)
    {
    case OP_START:
      return g->n + others + 5 + g->fnames->len + g->fids->len;
    case OP_TAG:
      if (paused)
        return 3 + others * 3;
      return 1 + 2 + 3 * children + others + others * 5;
    case OP_PAUSE:
    case OP_STOP:
    default:
      return 2 + 3 * children + others + others * 4;
    }
}

/* --- The user's program ----------------------------------------------------- */

static gint64 on_task (Gen           *g,
                       guint          loc,
                       gint64         t,
                       CodeSite       site,
                       guint          origin,
                       ForkKind       how,
                       const Episode *ep,
                       guint          depth);

static guint pick_other_locale (Gen   *g,
                                guint  loc);

static gint64
comm_burst (Gen     *g,
            guint    loc,
            guint64  tid,
            gint64   t,
            guint    ops)
{
  for (guint i = 0; i < ops; i++)
    {
      if (g->opt->mix == WEFT_GEN_MIX_COMM && g->n > 1 && weft_gen_rand_chance (&g->rng, 1, 10))
        {
          /* Stencil codes update remote counters in their inner loops. */
          rec_fork (g, loc, t, FORK_FAST, pick_other_locale (g, loc), g->atomic_add, tid);
          t += weft_gen_rand_skewed (&g->rng, 15, 45);
          continue;
        }
      t = rec_comm (g, loc, t, tid);
      if (weft_gen_rand_chance (&g->rng, 1, 5))
        t += weft_gen_rand_skewed (&g->rng, 5, 400);
    }
  return t;
}

static guint
pick_other_locale (Gen   *g,
                   guint  loc)
{
  guint rid = (guint)weft_gen_rand_below (&g->rng, g->n - 1);

  return rid >= loc ? rid + 1 : rid;
}

/* What a task does on locale loc: a forall of local tasks or its own gets
 * and puts, sometimes an on statement to a neighbour, sometimes a remote
 * atomic. Returns when the body is done. */
static gint64
task_body (Gen           *g,
           guint          loc,
           guint64        tid,
           gint64         t,
           const Episode *ep,
           guint          depth)
{
  guint ops = ep->ops > 0 ? (guint)weft_gen_rand_range (&g->rng, (ep->ops + 1) / 2, ep->ops) : 0;

  t += weft_gen_rand_skewed (&g->rng, 1, 40);

  if (ep->inner.fid >= 0 && depth == 0)
    {
      guint k = ep->children;
      g_autofree guint64 *child = g_new (guint64, k);
      gint64 threads[2];
      gint64 done = t;

      for (guint i = 0; i < k; i++)
        {
          child[i] = alloc_tid (g, loc);
          rec_task (g, loc, t, child[i], tid, 'L', ep->inner);
          t += weft_gen_rand_range (&g->rng, 1, 3);
        }
      /* Two worker threads per locale, as on the 2-core machines the real
       * runs come from; the creator runs the last task first. */
      threads[0] = t;
      threads[1] = t + weft_gen_rand_range (&g->rng, 1, 12);
      for (guint j = 0; j < k; j++)
        {
          guint i = j == 0 ? k - 1 : j - 1;
          guint th = threads[0] <= threads[1] ? 0 : 1;
          gint64 s = threads[th] + weft_gen_rand_range (&g->rng, 1, 3);
          gint64 e;

          rec_begin_end (g, loc, REC_BTASK, s, child[i]);
          e = comm_burst (g, loc, child[i], s + weft_gen_rand_range (&g->rng, 1, 30), (ops + k - 1) / k);
          e += weft_gen_rand_skewed (&g->rng, 2, 300);
          rec_begin_end (g, loc, REC_ETASK, e, child[i]);
          threads[th] = e;
          done = MAX (done, e);
        }
      t = done + weft_gen_rand_range (&g->rng, 2, 8);
    }
  else
    t = comm_burst (g, loc, tid, t, ops);

  if (g->n > 1 && depth == 0)
    {
      if (ep->nested.fid >= 0 && weft_gen_rand_chance (&g->rng, 2, 3))
        {
          /* Halo exchange: an on statement to the next locale. */
          guint target = (loc + 1) % g->n;
          gint64 arrive;

          rec_fork (g, loc, t, FORK_BLOCKING, target, ep->nested, tid);
          arrive = t + weft_gen_rand_skewed (&g->rng, 12, 60);
          t = on_task (g, target, arrive, ep->nested, loc, FORK_BLOCKING, ep, depth + 1);
          t += weft_gen_rand_skewed (&g->rng, 10, 60);
        }
      else if (loc != 0 && weft_gen_rand_chance (&g->rng, 1, 12))
        {
          /* A privatised-descriptor lookup forks back to locale 0. */
          gint64 arrive;

          rec_fork (g, loc, t, FORK_BLOCKING, 0, g->module_on, tid);
          arrive = t + weft_gen_rand_skewed (&g->rng, 12, 60);
          t = on_task (g, 0, arrive, g->module_on, loc, FORK_BLOCKING, ep, depth + 1);
          t += weft_gen_rand_skewed (&g->rng, 10, 60);
        }

      if (weft_gen_rand_chance (&g->rng, 1, 6))
        {
          /* A remote atomic: the handler runs on the target, no task. */
          rec_fork (g, loc, t, FORK_FAST, pick_other_locale (g, loc), g->atomic_add, tid);
          t += weft_gen_rand_skewed (&g->rng, 15, 45);
        }
    }

  return t;
}

/* An on-task started by the comm layer on locale loc for a fork from
 * origin. */
static gint64
on_task (Gen           *g,
         guint          loc,
         gint64         t,
         CodeSite       site,
         guint          origin,
         ForkKind       how,
         const Episode *ep,
         guint          depth)
{
  guint64 tid = alloc_tid (g, loc);
  gint64 begin_t = t + weft_gen_rand_skewed (&g->rng, 2, 40);
  gint64 end;

  rec_task (g, loc, t, tid, RUNTIME_TID, 'O', site);
  rec_begin_end (g, loc, REC_BTASK, begin_t, tid);
  end = task_body (g, loc, tid, begin_t, ep, depth);

  if (how == FORK_NB)
    {
      /* coforall + on counts its tasks down with a remote atomic on the
       * locale that started them. */
      end += weft_gen_rand_range (&g->rng, 1, 5);
      rec_fork (g, loc, end, FORK_FAST, origin, g->atomic_sub, tid);
      end += weft_gen_rand_skewed (&g->rng, 15, 45);
    }

  end += weft_gen_rand_range (&g->rng, 1, 5);
  rec_begin_end (g, loc, REC_ETASK, end, tid);
  return end;
}

/* coforall loc in Locales do on loc { … }, run by main. */
static gint64
episode_coforall_on (Gen           *g,
                     gint64         t,
                     const Episode *ep)
{
  guint64 local_tid = alloc_tid (g, 0);
  gint64 fork_t = t + weft_gen_rand_range (&g->rng, 1, 3);
  gint64 end = t;
  gint64 begin_t;

  /* The iteration for locale 0 runs locally: an "O" task with a real
   * source line, created by main. */
  rec_task (g, 0, t, local_tid, MAIN_TID, 'O', ep->on);

  for (guint r = 1; r < g->n; r++)
    {
      gint64 arrive = fork_t + weft_gen_rand_skewed (&g->rng, 12, 120);
      gint64 remote_end;

      rec_fork (g, 0, fork_t, FORK_NB, r, ep->on, MAIN_TID);
      remote_end = on_task (g, r, arrive, ep->on, 0, FORK_NB, ep, 0);
      end = MAX (end, remote_end);
      fork_t += weft_gen_rand_range (&g->rng, 1, 3);
    }

  begin_t = fork_t + weft_gen_rand_range (&g->rng, 1, 5);
  rec_begin_end (g, 0, REC_BTASK, begin_t, local_tid);
  begin_t = task_body (g, 0, local_tid, begin_t, ep, 0) + weft_gen_rand_range (&g->rng, 1, 4);
  rec_begin_end (g, 0, REC_ETASK, begin_t, local_tid);

  return MAX (end, begin_t);
}

/* on Locales[r] do { … }, run by main: a blocking fork. */
static gint64
episode_on (Gen           *g,
            gint64         t,
            const Episode *ep)
{
  guint r = pick_other_locale (g, 0);
  gint64 end;

  rec_fork (g, 0, t, FORK_BLOCKING, r, ep->on, MAIN_TID);
  end = on_task (g, r, t + weft_gen_rand_skewed (&g->rng, 12, 60), ep->on, 0, FORK_BLOCKING, ep, 1);
  return end + weft_gen_rand_skewed (&g->rng, 10, 60);
}

/* begin { … } or cobegin { …; on Locales[r] …; … } on locale 0. */
static gint64
episode_begin (Gen           *g,
               gint64         t,
               const Episode *ep)
{
  gint64 end = t;

  if (weft_gen_rand_chance (&g->rng, 1, 2) || g->n == 1)
    {
      guint64 tid = alloc_tid (g, 0);
      gint64 s = t + weft_gen_rand_skewed (&g->rng, 2, 60);

      rec_task (g, 0, t, tid, MAIN_TID, 'L', g->begin);
      rec_begin_end (g, 0, REC_BTASK, s, tid);
      end = comm_burst (g, 0, tid, s + weft_gen_rand_range (&g->rng, 1, 20), ep->ops / 2);
      end += weft_gen_rand_skewed (&g->rng, 2, 200);
      rec_begin_end (g, 0, REC_ETASK, end, tid);
      return end;
    }

  {
    guint64 arm[3];
    gint64 s;

    for (guint i = 0; i < 3; i++)
      {
        arm[i] = alloc_tid (g, 0);
        rec_task (g, 0, t, arm[i], MAIN_TID, 'L', g->cobegin_arm[i]);
        t += weft_gen_rand_range (&g->rng, 1, 2);
      }
    s = t;
    for (guint j = 0; j < 3; j++)
      {
        guint i = j == 0 ? 2 : j - 1;
        gint64 e;

        s += weft_gen_rand_range (&g->rng, 1, 4);
        rec_begin_end (g, 0, REC_BTASK, s, arm[i]);
        if (i == 1)
          {
            guint r = pick_other_locale (g, 0);
            gint64 fork_t = s + weft_gen_rand_range (&g->rng, 1, 4);

            rec_fork (g, 0, fork_t, FORK_BLOCKING, r, g->cobegin_on, arm[i]);
            e = on_task (g, r, fork_t + weft_gen_rand_skewed (&g->rng, 12, 60), g->cobegin_on, 0,
                         FORK_BLOCKING, ep, 1);
            e += weft_gen_rand_skewed (&g->rng, 10, 60);
          }
        else
          e = comm_burst (g, 0, arm[i], s + 2, ep->ops / 3) + weft_gen_rand_skewed (&g->rng, 2, 40);
        rec_begin_end (g, 0, REC_ETASK, e, arm[i]);
        end = MAX (end, e);
      }
  }
  return end;
}

/* Main reads and writes remote data itself. */
static gint64
episode_main_comm (Gen           *g,
                   gint64         t,
                   const Episode *ep)
{
  t = comm_burst (g, 0, MAIN_TID, t, MAX (ep->ops, 2u));
  if (g->n > 1 && weft_gen_rand_chance (&g->rng, 1, 3))
    {
      rec_fork (g, 0, t, FORK_FAST, pick_other_locale (g, 0), g->atomic_add, MAIN_TID);
      t += weft_gen_rand_skewed (&g->rng, 15, 45);
    }
  return t;
}

static CodeSite
no_site (void)
{
  CodeSite none = { -1, 0, 0, 0 };

  return none;
}

/* One statement of the user's program, sized to fit the lines left. */
static void
run_statement (Gen     *g,
               guint64  left)
{
  Episode ep;
  guint pick = (guint)weft_gen_rand_below (&g->rng, 100);
  guint64 per_locale;
  gint64 end;

  ep.inner = no_site ();
  ep.nested = no_site ();
  ep.children = (guint)weft_gen_rand_range (&g->rng, 2, 4);
  ep.ops = (guint)weft_gen_rand_range (&g->rng, 2, 12);
  if (g->opt->mix == WEFT_GEN_MIX_COMM)
    ep.ops = (guint)weft_gen_rand_range (&g->rng, 40, 240);

  /* A coforall over all locales writes about this many lines per locale. */
  per_locale = 6 + ep.ops + 3 * ep.children + 3;
  if (per_locale * g->n > left)
    {
      ep.ops = (guint)MIN (ep.ops, MAX (left / 2, 1));
      pick = 60 + (guint)weft_gen_rand_below (&g->rng, 40);
    }

  if (pick < 22)
    {
      ep.on = g->coforall_on[0];
      ep.inner = g->forall[0];
      end = episode_coforall_on (g, g->now, &ep);
    }
  else if (pick < 38)
    {
      ep.on = g->coforall_on[1];
      ep.inner = g->forall[1];
      ep.children = (guint)weft_gen_rand_range (&g->rng, 2, 6);
      end = episode_coforall_on (g, g->now, &ep);
    }
  else if (pick < 60)
    {
      ep.on = g->coforall_on[2];
      ep.nested = g->nested_on;
      if (weft_gen_rand_chance (&g->rng, 1, 2))
        ep.inner = g->forall[2];
      end = episode_coforall_on (g, g->now, &ep);
    }
  else if (pick < 74 && g->n > 1)
    {
      ep.on = g->user_on[weft_gen_rand_below (&g->rng, 2)];
      end = episode_on (g, g->now, &ep);
    }
  else if (pick < 90)
    end = episode_begin (g, g->now, &ep);
  else
    end = episode_main_comm (g, g->now, &ep);

  flush_batches (g, TRUE);
  g->now = end + weft_gen_rand_skewed (&g->rng, 5, 250);
}

static void
run_phase (Gen     *g,
           guint64  target)
{
  while (g->records < target)
    run_statement (g, target - g->records);
}

/* A begin task still running when stopVdebug runs: its Etask is never
 * written, as in real runs. */
static void
run_unfinished_begin (Gen *g)
{
  guint64 tid = alloc_tid (g, 0);
  gint64 t = g->now;
  gint64 s = t + weft_gen_rand_skewed (&g->rng, 2, 60);
  gint64 end;

  rec_task (g, 0, t, tid, MAIN_TID, 'L', g->begin);
  rec_begin_end (g, 0, REC_BTASK, s, tid);
  end = comm_burst (g, 0, tid, s + weft_gen_rand_range (&g->rng, 1, 20), 2);
  flush_batches (g, TRUE);
  g->now = end + weft_gen_rand_skewed (&g->rng, 5, 120);
}

/* Work done while paused is not logged, but it takes time and task ids. */
static void
run_paused (Gen *g)
{
  for (guint l = 0; l < g->n; l++)
    g->loc[l].next_tid += weft_gen_rand_range (&g->rng, 1, 12);
  g->now += weft_gen_rand_skewed (&g->rng, 200, 20000);
}

/* Whether pauseVdebug runs before tag j (from 0): once, about halfway, or
 * before every fifth tag of a tag-heavy run. */
static gboolean
pause_before_tag (Gen   *g,
                  guint  j)
{
  if (g->opt->tags < 2)
    return FALSE;
  if (g->opt->mix == WEFT_GEN_MIX_TAGS)
    return j % 5 == 4;
  return j == g->opt->tags / 2 + g->opt->tags % 2;
}

/* Lines the broadcasts from tag first_tag on, and the stop, will write. */
static guint64
planned_lines (Gen     *g,
               guint    first_tag)
{
  guint64 lines = broadcast_lines (g, OP_STOP, FALSE);

  for (guint j = first_tag; j < g->opt->tags; j++)
    {
      if (pause_before_tag (g, j))
        lines += broadcast_lines (g, OP_PAUSE, FALSE) + broadcast_lines (g, OP_TAG, TRUE);
      else
        lines += broadcast_lines (g, OP_TAG, FALSE);
    }
  return lines;
}

/* --- Entry point ------------------------------------------------------------- */

gboolean
weft_gen_chplvis (const WeftGenOptions  *opt,
                  WeftGenStats          *stats,
                  GError               **error)
{
  g_autofree char *dir = NULL;
  Gen g = { 0 };
  guint64 phases;
  guint64 start_tid;
  gboolean ok = TRUE;

  if (opt->rows == 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "chplvis needs at least one locale");
      return FALSE;
    }

  dir = g_build_filename (opt->out, opt->name, NULL);
  if (g_mkdir_with_parents (dir, 0777) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "Cannot create “%s”: %s", dir, g_strerror (saved_errno));
      return FALSE;
    }

  g.opt = opt;
  g.n = opt->rows;
  weft_gen_rand_init (&g.rng, opt->seed, 1);
  g.fnames = g_ptr_array_new_with_free_func (g_free);
  g.fids = g_array_new (FALSE, FALSE, sizeof (Fid));
  g.sites = g_array_new (FALSE, FALSE, sizeof (CommSite));
  g.tag_names = g_ptr_array_new_with_free_func (g_free);
  g.loc = g_new0 (Locale, g.n);

  build_tables (&g);
  build_tag_names (&g);

  g.now = (1700000000 + (gint64)weft_gen_rand_below (&g.rng, 90000000)) * USEC
          + (gint64)weft_gen_rand_below (&g.rng, USEC);
  g.seq_value = 5000000000 + weft_gen_rand_below (&g.rng, 30000000000);
  g.global_data = G_GUINT64_CONSTANT (0x550000000000)
                  + (weft_gen_rand_below (&g.rng, 0xffff) << 24)
                  + weft_gen_rand_below (&g.rng, 0x400) * 0x1000;

  {
    /* All locales run on one host (GASNet smp), so their heaps sit close
     * together in the same address range. */
    guint64 base = G_GUINT64_CONSTANT (0x7f0000000000) + (weft_gen_rand_below (&g.rng, 0xff) << 32)
                   + (weft_gen_rand_below (&g.rng, 0x40) << 26);
    gsize cap = CLAMP ((gsize)(32 << 20) / g.n, (gsize)16 << 10, (gsize)4 << 20);

    start_tid = (guint64)weft_gen_rand_range (&g.rng, 5, 30);
    for (guint l = 0; l < g.n; l++)
      {
        g_autofree char *base_name = g_strdup_printf ("%s-%u", opt->name, l);
        g_autofree char *path = g_build_filename (dir, base_name, NULL);
        Locale *loc = &g.loc[l];

        loc->out = weft_gen_out_new (path, cap, error);
        if (loc->out == NULL)
          {
            ok = FALSE;
            goto out;
          }
        loc->batch = g_array_new (FALSE, FALSE, sizeof (Rec));
        loc->next_tid = l == 0 ? start_tid + (guint64)weft_gen_rand_range (&g.rng, 6, 20) : start_tid;
        loc->cpu_user = weft_gen_rand_range (&g.rng, 0, 60000);
        loc->cpu_sys = weft_gen_rand_range (&g.rng, 2000, 20000);
        loc->cpu_t = g.now;
        loc->user_pct = (guint)weft_gen_rand_range (&g.rng, 8, 70);
        loc->sys_pct = (guint)weft_gen_rand_range (&g.rng, 4, 35);
        loc->heap = base + (guint64)l * 0xc00000 + 0x40000;
        loc->stack = base + 0x7000000 + (guint64)l * 0x10000000;
      }
  }

  /* The broadcasts and tables are fixed; the user's program fills the rest,
   * shared between the phase before the first tag and the phase of each tag. */
  phases = (guint64)opt->tags + 1;

  broadcast (&g, OP_START);
  for (guint i = 0; i <= opt->tags; i++)
    {
      guint64 planned, budget;

      if (i > 0)
        {
          if (pause_before_tag (&g, i - 1))
            {
              broadcast (&g, OP_PAUSE);
              run_paused (&g);
            }
          broadcast (&g, OP_TAG);
        }

      planned = planned_lines (&g, i);
      budget = opt->events > g.records + planned ? opt->events - g.records - planned : 0;
      run_phase (&g, g.records + budget / (phases - i));
    }
  if (weft_gen_rand_chance (&g.rng, 1, 2))
    run_unfinished_begin (&g);
  broadcast (&g, OP_STOP);

  for (guint l = 0; l < g.n; l++)
    {
      if (!weft_gen_out_finish (g.loc[l].out, ok ? error : NULL))
        ok = FALSE;
      stats->lines += g.loc[l].out->lines;
      stats->bytes += g.loc[l].out->bytes;
      stats->files++;
    }

out:
  for (guint l = 0; l < g.n; l++)
    {
      g_clear_pointer (&g.loc[l].out, weft_gen_out_free);
      if (g.loc[l].batch != NULL)
        g_array_unref (g.loc[l].batch);
    }
  g_free (g.loc);
  for (guint i = 0; i < g.fids->len; i++)
    g_free (g_array_index (g.fids, Fid, i).name);
  g_array_unref (g.fids);
  g_array_unref (g.sites);
  g_ptr_array_unref (g.fnames);
  g_ptr_array_unref (g.tag_names);

  return ok;
}

/* test-hpctoolkit-parsers.c: the .hpcrun, .hpctrace and .hpcstruct readers on
 * the real corpus (figures from the spec's worked example and an independent
 * reader's counts in the corpus SOURCES.md) and on corrupt copies.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-error.h"
#include "weft-hpcrun.h"
#include "weft-hpcstruct.h"
#include "weft-hpctrace.h"
#include "weft-test-util.h"

#define SMALL_2024 "hpctoolkit-2024.01.1__small.m__testmeas-small-000000-000-11ac0300-23537-0"
#define VDSO_02    "hpctoolkit-tests__vdso__testvdso-000000-000-007f0101-19750-0.hpcrun"

static char *
corpus (const char *name)
{
  return weft_test_shared_path ("corpus", "hpcrun", name, NULL);
}

static guchar *
load (const char *path,
      gsize      *len)
{
  g_autoptr(GError) error = NULL;
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, len, &error));
  g_assert_no_error (error);
  return (guchar *)data;
}

static double
total (const WeftHpcrunProfile *p,
       guint                    metric)
{
  double sum = 0;

  for (guint i = 0; i < p->values_array->len; i++)
    if (g_array_index (p->values_array, WeftHpcrunValue, i).metric == metric)
      sum += g_array_index (p->values_array, WeftHpcrunValue, i).value;
  return sum;
}

static const WeftHpcrunNode *
node (const WeftHpcrunProfile *p,
      guint                    i)
{
  return &g_array_index (p->nodes, WeftHpcrunNode, i);
}

static double
node_value (const WeftHpcrunProfile *p,
            guint                    i,
            guint                    metric)
{
  const WeftHpcrunNode *n = node (p, i);

  for (guint v = n->first_value; v < n->first_value + n->n_values; v++)
    if (g_array_index (p->values_array, WeftHpcrunValue, v).metric == metric)
      return g_array_index (p->values_array, WeftHpcrunValue, v).value;
  return 0;
}

/* The worked example of the spec (§1.6), node by node. */
static void
test_small_v4 (void)
{
  g_autofree char *path = corpus (SMALL_2024 ".hpcrun");
  g_autoptr(WeftHpcrunProfile) p = NULL;
  g_autoptr(GError) error = NULL;
  const WeftHpcrunMetric *m;
  gint64 rank, thread;
  char ascii[9];

  if (path == NULL)
    return;
  p = weft_hpcrun_read_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (p->version, ==, "04.00");
  g_assert_cmpuint (p->nodes->len, ==, 14);
  g_assert_cmpuint (p->values_array->len, ==, 6);
  g_assert_cmpuint (p->modules->len, ==, 16);
  g_assert_cmpuint (p->metrics->len, ==, 1);
  m = &g_array_index (p->metrics, WeftHpcrunMetric, 0);
  g_assert_cmpstr (m->name, ==, "CPUTIME (sec)");
  g_assert_cmpuint (m->period, ==, 1);
  g_assert_cmpuint (m->value_format, ==, WEFT_HPCRUN_FMT_REAL);
  g_assert_cmpuint (m->show, ==, 1);
  g_assert_cmpuint (m->show_percent, ==, 1);
  g_assert_cmpstr (weft_hpcrun_profile_lookup (p, "program-name"), ==, "testmeas-small");

  g_assert_cmpuint (node (p, 0)->id, ==, 12);
  g_assert_cmpuint (node (p, 0)->parent, ==, WEFT_HPCRUN_NONE);
  g_assert_cmpuint (node (p, 0)->lm_id, ==, 0);
  weft_hpcrun_placeholder_ascii (node (p, 0)->lm_ip, ascii);
  g_assert_cmpstr (ascii, ==, "^Primary");
  g_assert_cmpstr (weft_hpcrun_placeholder_name (node (p, 2)->lm_ip), ==, "<program root>");
  g_assert_cmpuint (node (p, 3)->id, ==, 22);
  g_assert_cmpuint (node (p, 3)->lm_ip, ==, 0x419c);
  g_assert_cmpuint (node (p, 3)->parent, ==, 2);
  g_assert_cmpuint (node (p, 4)->id, ==, 24);
  g_assert_cmpfloat_with_epsilon (node_value (p, 4, 0), 0.302717, 1e-12);
  g_assert_cmpfloat_with_epsilon (node_value (p, 11, 0), 0.403857, 1e-12);
  g_assert_cmpuint (node (p, 13)->id, ==, 39);
  g_assert_cmpuint (node (p, 13)->n_values, ==, 0);
  /* 0.302717 + 0.100973 + 0.201872 + 0.100976 + 0.403857 + 0.100986 */
  g_assert_cmpfloat_with_epsilon (total (p, 0), 1.211381, 1e-12);

  g_assert_cmpuint (p->id_tuple->len, ==, 2);
  g_assert_cmpuint (g_array_index (p->id_tuple, WeftHpcrunIdEntry, 0).kind & 0x3fff, ==, WEFT_HPCRUN_ID_NODE);
  weft_hpcrun_profile_get_rank_thread (p, &rank, &thread);
  g_assert_cmpint (rank, ==, 0);
  g_assert_cmpint (thread, ==, 0);
}

/* The 02.00 file: dense values, negated leaf ids. */
static void
test_vdso_v2 (void)
{
  g_autofree char *path = corpus (VDSO_02);
  g_autoptr(WeftHpcrunProfile) p = NULL;
  g_autoptr(GError) error = NULL;
  const WeftHpcrunMetric *m;

  if (path == NULL)
    return;
  p = weft_hpcrun_read_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (p->version, ==, "02.00");
  g_assert_cmpuint (p->major, ==, 2);
  g_assert_cmpuint (p->n_epochs, ==, 1);
  g_assert_cmpuint (p->nodes->len, ==, 42);
  g_assert_cmpuint (p->values_array->len, ==, 37);
  g_assert_cmpuint (p->modules->len, ==, 11);
  m = &g_array_index (p->metrics, WeftHpcrunMetric, 0);
  g_assert_cmpstr (m->name, ==, "CPUTIME (usec)");
  g_assert_cmpuint (m->value_format, ==, WEFT_HPCRUN_FMT_INT);
  /* The spec says this file has the 2017 aux fields; its bytes say no (the
   * load map follows the format string directly): the variant detection
   * must find that. */
  g_assert_false (m->has_aux);
  g_assert_cmpfloat (total (p, 0), ==, 2891602);
  /* Root lm 0 ip 0; the first leaf (id −52) is made positive and flagged. */
  g_assert_cmpuint (node (p, 0)->id, ==, 12);
  g_assert_cmpuint (node (p, 1)->lm_id, ==, 3);
  g_assert_cmpuint (node (p, 1)->lm_ip, ==, 0xdea9);
  g_assert_cmpuint (node (p, 2)->id, ==, 52);
  g_assert_cmpuint (node (p, 2)->flags & 1, ==, 1);
  g_assert_cmpuint (node (p, 4)->flags & 1, ==, 0);
  g_assert_cmpuint (node (p, 5)->parent, ==, 4);
}

/* Every file of the corpus: node counts of the independent reader. */
static void
test_corpus_counts (void)
{
  static const struct { const char *name; guint nodes, metrics; } files[] = {
    { "hpctoolkit-2024.01.1__loops-cputime-t.m__testmeas-loops-000000-001-590a0509-31776-0.hpcrun", 60, 1 },
    { "hpctoolkit-2024.01.1__loops-cuda-nvidiapc-t.m__testmeas-loops-cuda-000000-000-590a0501-33542-0.hpcrun", 139, 93 },
    { "hpctoolkit-2024.01.1__loops-hip-amd-t.m__testmeas-loops-hip-000000-500-590a0509-33160-0.hpcrun", 10, 43 },
    { "hpctoolkit-2024.01.1__loops-perf.m__testmeas-loops-000000-000-11ac0300-23641-0.hpcrun", 72, 2 },
    { "hpctoolkit-develop__recursion-cuda-nvidiapc-t.m__testmeas-recursion-cuda-000000-000-590a0502-3649-0.hpcrun", 170, 93 },
    { "jiaxin-cuda__hpc_example-000000-000-0d76153d-1315900-0.hpcrun", 227, 94 },
    { "tutorial-kripke__meas.expt.1.realtime.t__kripke.exe-000000-000-2a803c80-3377401-0.hpcrun", 175, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = corpus (files[i].name);
      g_autoptr(WeftHpcrunProfile) p = NULL;
      g_autoptr(GError) error = NULL;

      if (path == NULL)
        return;
      p = weft_hpcrun_read_file (path, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (p->nodes->len, ==, files[i].nodes);
      g_assert_cmpuint (p->metrics->len, ==, files[i].metrics);
    }
}

/* GPU stream thread: id tuple NODE, GPUCONTEXT, GPUSTREAM; the CUDA table. */
static void
test_gpu_metrics (void)
{
  g_autofree char *path = corpus ("hpctoolkit-2024.01.1__loops-cuda-nvidia-t.m__testmeas-loops-cuda-000000-500-590a0501-33245-0.hpcrun");
  g_autoptr(WeftHpcrunProfile) p = NULL;
  g_autoptr(GError) error = NULL;
  gint64 rank, thread;

  if (path == NULL)
    return;
  p = weft_hpcrun_read_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (p->id_tuple->len, ==, 3);
  g_assert_cmpuint (g_array_index (p->id_tuple, WeftHpcrunIdEntry, 1).kind & 0x3fff, ==, WEFT_HPCRUN_ID_GPUCONTEXT);
  g_assert_cmpuint (g_array_index (p->id_tuple, WeftHpcrunIdEntry, 2).kind & 0x3fff, ==, WEFT_HPCRUN_ID_GPUSTREAM);
  g_assert_cmpstr (g_array_index (p->metrics, WeftHpcrunMetric, 0).name, ==, "GPUOP (sec)");
  g_assert_cmpuint (p->values_array->len, ==, 0);
  weft_hpcrun_profile_get_rank_thread (p, &rank, &thread);
  g_assert_cmpint (thread, ==, 500);
}

static void
expect_error (const guchar *data,
              gsize         len,
              int           code,
              const char   *part)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftHpcrunProfile) p = weft_hpcrun_parse (data, len, "bad.hpcrun", &error);

  g_assert_null (p);
  g_assert_error (error, WEFT_ERROR, code);
  g_assert_nonnull (strstr (error->message, "bad.hpcrun: byte "));
  if (strstr (error->message, part) == NULL)
    g_error ("“%s” does not mention “%s”", error->message, part);
}

static void
put_be64 (guchar  *p,
          guint64  v)
{
  for (guint i = 0; i < 8; i++)
    p[i] = (guchar)(v >> (56 - 8 * i));
}

static void
put_be32 (guchar  *p,
          guint32  v)
{
  for (guint i = 0; i < 4; i++)
    p[i] = (guchar)(v >> (24 - 8 * i));
}

static void
test_corrupt_v4 (void)
{
  g_autofree char *path = corpus (SMALL_2024 ".hpcrun");
  g_autofree guchar *data = NULL;
  g_autofree guchar *copy = NULL;
  gsize len;

  if (path == NULL)
    return;
  data = load (path, &len);
  g_assert_cmpuint (len, ==, 8304);
  copy = g_memdup2 (data, len);

  /* Truncated: the footer is gone. */
  expect_error (data, len - 1, WEFT_ERROR_PARSE, "footer");
  expect_error (data, 20, WEFT_ERROR_PARSE, "not an hpcrun profile");
  /* Bad footer magic. */
  copy[len - 1] ^= 0xff;
  expect_error (copy, len, WEFT_ERROR_PARSE, "expected the footer mark “HPCRUNsm” at the end of the file, found “HPCRUNs\\x92”");
  memcpy (copy, data, len);
  /* A section beyond the file. */
  put_be64 (copy + len - 112 + 5 * 8, 1u << 30);
  expect_error (copy, len, WEFT_ERROR_PARSE, "outside");
  memcpy (copy, data, len);
  /* A header section that ends before the header does (found by fuzzing). */
  put_be64 (copy + len - 112 + 8, 10);
  expect_error (copy, len, WEFT_ERROR_PARSE, "header section");
  memcpy (copy, data, len);
  /* A node count beyond the file (cct at 4096). */
  put_be64 (copy + 4096, G_GUINT64_CONSTANT (1) << 40);
  expect_error (copy, len, WEFT_ERROR_PARSE, "do not fit");
  memcpy (copy, data, len);
  /* A value count beyond the file (sparse at 7168: 2 + 2×18 bytes of id tuple). */
  put_be64 (copy + 7168 + 38, G_GUINT64_CONSTANT (1) << 50);
  expect_error (copy, len, WEFT_ERROR_PARSE, "values do not fit");
  memcpy (copy, data, len);
  /* A parent written after its child. */
  put_be32 (copy + 4096 + 8 + 19 + 4, 9999);
  expect_error (copy, len, WEFT_ERROR_PARSE, "parent 9999");
  memcpy (copy, data, len);
  /* A load-module count beyond the file (loadmap at 1024). */
  put_be32 (copy + 1024, 0x7fffffff);
  expect_error (copy, len, WEFT_ERROR_PARSE, "load modules do not fit");
  memcpy (copy, data, len);
  /* Wrong version. */
  memcpy (copy + 18, "05.00", 5);
  expect_error (copy, len, WEFT_ERROR_UNSUPPORTED, "05.00");
}

static void
test_corrupt_v2 (void)
{
  g_autofree char *path = corpus (VDSO_02);
  g_autofree guchar *data = NULL;
  g_autofree guchar *copy = NULL;
  gsize len;

  if (path == NULL)
    return;
  data = load (path, &len);
  g_assert_cmpuint (len, ==, 2546);
  /* Truncated inside the node records. */
  expect_error (data, len - 5, WEFT_ERROR_PARSE, "do not fit");
  /* A header pair count beyond the file. */
  copy = g_memdup2 (data, len);
  put_be32 (copy + 24, 0x40000000);
  expect_error (copy, len, WEFT_ERROR_PARSE, "header pairs do not fit");
  /* Every truncation is an error, never a crash. */
  for (gsize cut = 0; cut < len; cut += 7)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(WeftHpcrunProfile) p = weft_hpcrun_parse (data, cut, "cut.hpcrun", &error);

      g_assert_null (p);
      g_assert_nonnull (error);
    }
}


/* The 02.00 variants no public file shows, made from the real one: with the
 * 2017 aux fields (20 bytes after each metric's format), with LUSH fields
 * (epoch flag bit 0: 4 bytes after the parent id, 16 after the address),
 * and with a second epoch (hpcrun flushed early). */
#define VDSO_EPOCH      0x252
#define VDSO_AUX_AT     0x2e1
#define VDSO_N_NODES    42
#define VDSO_RECORD     26

static void
test_v2_variants (void)
{
  g_autofree char *path = corpus (VDSO_02);
  g_autofree guchar *data = NULL;
  gsize len, nodes_at;

  if (path == NULL)
    return;
  data = load (path, &len);
  nodes_at = len - VDSO_N_NODES * VDSO_RECORD;
  g_assert_cmpmem (data + VDSO_EPOCH, 8, "EPOCH___", 8);

  /* Aux fields. */
  {
    g_autoptr(GByteArray) b = g_byte_array_new ();
    g_autoptr(WeftHpcrunProfile) p = NULL;
    g_autoptr(GError) error = NULL;
    guint8 aux[20] = { 0, 1, 0, 0 };

    g_byte_array_append (b, data, VDSO_AUX_AT);
    g_byte_array_append (b, aux, sizeof aux);
    g_byte_array_append (b, data + VDSO_AUX_AT, len - VDSO_AUX_AT);
    p = weft_hpcrun_parse (b->data, b->len, "aux.hpcrun", &error);
    g_assert_no_error (error);
    g_assert_true (g_array_index (p->metrics, WeftHpcrunMetric, 0).has_aux);
    g_assert_cmpuint (g_array_index (p->metrics, WeftHpcrunMetric, 0).is_frequency, ==, 1);
    g_assert_cmpuint (p->nodes->len, ==, VDSO_N_NODES);
    g_assert_cmpfloat (total (p, 0), ==, 2891602);
  }

  /* LUSH. */
  {
    g_autoptr(GByteArray) b = g_byte_array_new ();
    g_autoptr(WeftHpcrunProfile) p = NULL;
    g_autoptr(GError) error = NULL;
    guint8 zero[16] = { 0 };

    g_byte_array_append (b, data, nodes_at);
    b->data[VDSO_EPOCH + 15] = 1;
    for (guint i = 0; i < VDSO_N_NODES; i++)
      {
        const guchar *r = data + nodes_at + i * VDSO_RECORD;

        g_byte_array_append (b, r, 8);
        g_byte_array_append (b, zero, 4);
        g_byte_array_append (b, r + 8, 10);
        g_byte_array_append (b, zero, 16);
        g_byte_array_append (b, r + 18, 8);
      }
    p = weft_hpcrun_parse (b->data, b->len, "lush.hpcrun", &error);
    g_assert_no_error (error);
    g_assert_cmpuint (p->nodes->len, ==, VDSO_N_NODES);
    g_assert_cmpuint (node (p, 1)->lm_ip, ==, 0xdea9);
    g_assert_cmpfloat (total (p, 0), ==, 2891602);
  }

  /* Two epochs: the second repeats the first's table, its nodes add up. */
  {
    g_autoptr(GByteArray) b = g_byte_array_new ();
    g_autoptr(WeftHpcrunProfile) p = NULL;
    g_autoptr(GError) error = NULL;

    g_byte_array_append (b, data, len);
    g_byte_array_append (b, data + VDSO_EPOCH, len - VDSO_EPOCH);
    p = weft_hpcrun_parse (b->data, b->len, "epochs.hpcrun", &error);
    g_assert_no_error (error);
    g_assert_cmpuint (p->n_epochs, ==, 2);
    g_assert_cmpuint (p->metrics->len, ==, 1);
    g_assert_cmpuint (p->nodes->len, ==, 2 * VDSO_N_NODES);
    g_assert_cmpuint (node (p, VDSO_N_NODES)->parent, ==, WEFT_HPCRUN_NONE);
    g_assert_cmpuint (node (p, VDSO_N_NODES + 2)->parent, ==, VDSO_N_NODES + 1);
    g_assert_cmpuint (p->modules->len, ==, 22);
    g_assert_cmpfloat (total (p, 0), ==, 2 * 2891602.0);
  }
}

static void
test_trace (void)
{
  g_autofree char *path = corpus (SMALL_2024 ".hpctrace");
  g_autofree char *loops = corpus ("hpctoolkit-2024.01.1__loops-cputime-t.m__testmeas-loops-000000-000-590a0509-31776-0.hpctrace");
  g_autoptr(WeftHpctrace) trace = NULL;
  g_autoptr(WeftHpctrace) trace2 = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree guchar *data = NULL;
  const WeftHpctraceRecord *r;
  gsize len;

  if (path == NULL || loops == NULL)
    return;
  trace = weft_hpctrace_read_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (trace->version, ==, "01.01");
  g_assert_cmpuint (trace->records->len, ==, (188 - 32) / 12);
  r = &g_array_index (trace->records, WeftHpctraceRecord, 0);
  g_assert_cmpuint (r->time, ==, G_GUINT64_CONSTANT (1700123709198675000));
  g_assert_cmpuint (r->node_id, ==, 19);
  g_assert_true (trace->sorted);
  trace2 = weft_hpctrace_read_file (loops, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (trace2->records->len, ==, 140);

  data = load (path, &len);
  {
    g_autoptr(GError) e = NULL;
    g_autoptr(WeftHpctrace) t = weft_hpctrace_parse (data, len - 3, "bad.hpctrace", &e);

    g_assert_null (t);
    g_assert_error (e, WEFT_ERROR, WEFT_ERROR_PARSE);
    g_assert_nonnull (strstr (e->message, "bad.hpctrace: byte 176"));
  }
  memcpy (data + 18, "09.99", 5);
  {
    g_autoptr(GError) e = NULL;
    g_autoptr(WeftHpctrace) t = weft_hpctrace_parse (data, len, "bad.hpctrace", &e);

    g_assert_null (t);
    g_assert_error (e, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED);
  }
}

static const WeftHpcstructScope *
scope_of (const WeftHpcstruct *s,
          guint32              module,
          guint64              address)
{
  guint32 id = weft_hpcstruct_lookup (s, module, address);

  g_assert_cmpuint (id, !=, WEFT_HPCSTRUCT_NONE);
  return weft_hpcstruct_get_scope (s, id);
}

static void
test_struct (void)
{
  g_autofree char *path = weft_test_shared_path ("corpus", "hpctoolkit-tests", "loops-cputime-t.m", "structs", "testmeas-loops.hpcstruct", NULL);
  g_autofree char *gomp = weft_test_shared_path ("corpus", "hpctoolkit-tests", "loops-cputime-t.m", "structs", "libgomp.so.1.0.0.hpcstruct", NULL);
  g_autoptr(WeftHpcstruct) s = weft_hpcstruct_new ();
  g_autoptr(GError) error = NULL;
  const WeftHpcstructScope *stmt, *loop, *proc, *alien;
  guint32 lm, lm2;

  if (path == NULL || gomp == NULL)
    return;
  g_assert_true (weft_hpcstruct_load_file (s, path, &error));
  g_assert_no_error (error);
  g_assert_true (weft_hpcstruct_load_file (s, gomp, &error));
  g_assert_cmpuint (weft_hpcstruct_get_n_modules (s), ==, 2);
  /* Found by path on the measuring machine, or by base name anywhere. */
  lm = weft_hpcstruct_find_module (s, "/builds/hpctoolkit/hpctoolkit/builddir/tests/data/meas/testmeas-loops");
  g_assert_cmpuint (lm, !=, WEFT_HPCSTRUCT_NONE);
  g_assert_cmpuint (weft_hpcstruct_find_module (s, "/elsewhere/testmeas-loops"), ==, lm);
  g_assert_cmpuint (weft_hpcstruct_find_module (s, "/elsewhere/nothing"), ==, WEFT_HPCSTRUCT_NONE);

  /* func1 line 20, inside the loop at line 19. */
  stmt = scope_of (s, lm, 0x12d0);
  g_assert_cmpuint (stmt->kind, ==, WEFT_HPCSTRUCT_STMT);
  g_assert_cmpuint (stmt->line, ==, 20);
  loop = weft_hpcstruct_get_scope (s, stmt->parent);
  g_assert_cmpuint (loop->kind, ==, WEFT_HPCSTRUCT_LOOP);
  g_assert_cmpuint (loop->line, ==, 19);
  proc = weft_hpcstruct_get_scope (s, loop->parent);
  g_assert_cmpstr (proc->name, ==, "func1");
  g_assert_cmpstr (proc->file, ==, "/builds/hpctoolkit/hpctoolkit/tests/data/meas/loops.c");
  /* gettime's inlined error(): line 42 of bits/error.h, inside an unnamed
   * inline at line 14 of loops.c. */
  stmt = scope_of (s, lm, 0x1280);
  g_assert_cmpuint (stmt->line, ==, 42);
  alien = weft_hpcstruct_get_scope (s, stmt->parent);
  g_assert_cmpuint (alien->kind, ==, WEFT_HPCSTRUCT_ALIEN);
  g_assert_cmpstr (alien->name, ==, "error");
  g_assert_cmpstr (alien->file, ==, "/usr/include/x86_64-linux-gnu/bits/error.h");
  g_assert_cmpstr (stmt->file, ==, "/usr/include/x86_64-linux-gnu/bits/error.h");
  g_assert_cmpstr (weft_hpcstruct_get_scope (s, weft_hpcstruct_enclosing (s, stmt->parent, WEFT_HPCSTRUCT_PROC))->name, ==, "gettime");
  /* Binary-only procedure: the name carries the module. */
  lm2 = weft_hpcstruct_find_module (s, "/usr/lib/x86_64-linux-gnu/libgomp.so.1.0.0");
  proc = weft_hpcstruct_get_scope (s, weft_hpcstruct_enclosing (s, weft_hpcstruct_lookup (s, lm2, 0x128a5), WEFT_HPCSTRUCT_PROC));
  g_assert_cmpstr (proc->name, ==, "GOMP_parallel [libgomp.so.1.0.0]");
  g_assert_cmpstr (proc->file, ==, "[libgomp.so.1.0.0]");
  g_assert_cmpuint (weft_hpcstruct_lookup (s, lm, 0x10), ==, WEFT_HPCSTRUCT_NONE);
}

static void
test_struct_errors (void)
{
  static const char *const bad[] = {
    "",
    "<HPCToolkitStructure><LM n='a'><F n='f'><P n='p' v='{[0x1-'/></F></LM></HPCToolkitStructure>",
    "<HPCToolkitStructure><LM n='a'><F n='f'>",
    "<HPCToolkitStructure><F n='f'/></HPCToolkitStructure>",
    "<Other/>",
    "<HPCToolkitStructure><LM n='a'><Q/></LM></HPCToolkitStructure>",
    /* Entities that expand to gigabytes: structure files are read without
     * libxml2's limits, and this held the reader for minutes. */
    "<?xml version=\"1.0\"?>\n<!DOCTYPE HPCToolkitStructure [\n"
    " <!ENTITY a \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\">\n"
    " <!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">\n"
    " <!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">\n"
    " <!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">\n"
    " <!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\">\n"
    " <!ENTITY f \"&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;\">\n"
    "]>\n<HPCToolkitStructure i='0'><LM i='1' n='&f;'/></HPCToolkitStructure>\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(WeftHpcstruct) s = weft_hpcstruct_new ();
      g_autoptr(GError) error = NULL;

      g_assert_false (weft_hpcstruct_load_memory (s, bad[i], strlen (bad[i]), "bad.hpcstruct", &error));
      g_assert_error (error, WEFT_ERROR, WEFT_ERROR_PARSE);
      g_assert_true (g_str_has_prefix (error->message, "bad.hpcstruct:"));
    }

  /* The line is the element's, not where the parser has read ahead to. */
  {
    static const struct { const char *text; const char *message; } placed[] = {
      { "<?xml version=\"1.0\"?>\n<Other/>\n\n\n",
        "bad.hpcstruct:2: not an HPCToolkit structure file (expected the root element <HPCToolkitStructure>, "
        "found <Other>)" },
      { "<HPCToolkitStructure>\n<LM n='a'>\n<F n='f'>\n\n<Q/>\n</F>\n</LM>\n</HPCToolkitStructure>\n",
        "bad.hpcstruct:5: unknown element <Q>" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (placed); i++)
      {
        g_autoptr(WeftHpcstruct) s = weft_hpcstruct_new ();
        g_autoptr(GError) error = NULL;

        g_assert_false (weft_hpcstruct_load_memory (s, placed[i].text, strlen (placed[i].text), "bad.hpcstruct", &error));
        g_assert_cmpstr (error->message, ==, placed[i].message);
      }
  }
}

/* Reading many files on several threads gives each file what reading it
 * alone gives, in the caller's order; a missing file is its own error. */
static void
test_read_files (void)
{
  g_autofree char *folder = weft_test_source_path ("data", "samples", "heat.m", NULL);
  g_autofree char *a = g_build_filename (folder, "heat-000000-000-7f000001-4242-0.hpcrun", NULL);
  g_autofree char *b = g_build_filename (folder, "heat-000001-001-7f000001-4243-0.hpcrun", NULL);
  g_autofree char *missing = g_build_filename (folder, "no-such-file.hpcrun", NULL);
  const char *paths[] = { a, missing, b, a, b };
  WeftHpcrunProfile *out[G_N_ELEMENTS (paths)];
  GError *errors[G_N_ELEMENTS (paths)];
  g_autoptr(WeftLoadContext) context = weft_load_context_new (NULL);

  weft_load_context_add_work (context, G_N_ELEMENTS (paths));
  weft_hpcrun_read_files (paths, G_N_ELEMENTS (paths), 3, context, out, errors);
  g_assert_null (out[1]);
  g_assert_error (errors[1], WEFT_ERROR, WEFT_ERROR_FAILED);
  g_assert_cmpfloat_with_epsilon (weft_load_context_get_fraction (context), 1.0, 1e-9);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GError) error = NULL;
      WeftHpcrunProfile *alone;

      if (i == 1)
        continue;
      g_assert_no_error (errors[i]);
      alone = weft_hpcrun_read_file (paths[i], &error);
      g_assert_no_error (error);
      g_assert_cmpstr (out[i]->path, ==, paths[i]);
      g_assert_cmpuint (out[i]->nodes->len, ==, alone->nodes->len);
      g_assert_cmpuint (out[i]->values_array->len, ==, alone->values_array->len);
      weft_hpcrun_profile_free (alone);
      weft_hpcrun_profile_free (out[i]);
    }
  g_clear_error (&errors[1]);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hpctoolkit/hpcrun/small-v4", test_small_v4);
  g_test_add_func ("/hpctoolkit/hpcrun/vdso-v2", test_vdso_v2);
  g_test_add_func ("/hpctoolkit/hpcrun/corpus-counts", test_corpus_counts);
  g_test_add_func ("/hpctoolkit/hpcrun/gpu-metrics", test_gpu_metrics);
  g_test_add_func ("/hpctoolkit/hpcrun/corrupt-v4", test_corrupt_v4);
  g_test_add_func ("/hpctoolkit/hpcrun/read-files", test_read_files);
  g_test_add_func ("/hpctoolkit/hpcrun/corrupt-v2", test_corrupt_v2);
  g_test_add_func ("/hpctoolkit/hpcrun/v2-variants", test_v2_variants);
  g_test_add_func ("/hpctoolkit/hpctrace", test_trace);
  g_test_add_func ("/hpctoolkit/hpcstruct/resolve", test_struct);
  g_test_add_func ("/hpctoolkit/hpcstruct/errors", test_struct_errors);
  return g_test_run ();
}

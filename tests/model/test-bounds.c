/* test-bounds.c: no input makes a reader use unbounded time or memory.
 *
 * Each case writes a hostile input, loads it in a child process (as the app
 * or weft-cli would, through WeftDocument) and checks the child's own CPU
 * time and peak resident memory from wait4()'s rusage: at most a small
 * multiple of the input's size above what loading nothing costs, and no
 * stack overflow (a crash fails the case). Whether the load succeeds or
 * fails with an error does not matter here; that it ends, within bounds,
 * does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "weft-document.h"
#include "weft-format.h"
#include "weft-gen-hpcrun.h"
#include "weft-test-util.h"

/* Sanitizers keep shadow memory and a quarantine of freed blocks: their
 * builds run these cases for crashes only, the plain build checks bounds. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

static char *tmp_dir;
static glong baseline_kb;   /* peak RSS of a child that loads a tiny file */

typedef struct
{
  double cpu_s;
  glong  max_rss_kb;
  int    status;
} ChildUse;

/* Loads @path in a child process and reports what the child used. */
static ChildUse
load_in_child (const char *path)
{
  struct rusage usage = { 0 };
  ChildUse use = { 0 };
  pid_t pid;

  fflush (stdout);
  fflush (stderr);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(WeftDocument) document = weft_document_new_for_file (file);

      weft_document_load (document, NULL, NULL);
      _exit (0);
    }

  g_assert_cmpint (wait4 (pid, &use.status, 0, &usage), ==, pid);
  use.cpu_s = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 +
              usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
  use.max_rss_kb = usage.ru_maxrss;
  return use;
}

/* The child must end normally within @max_cpu_s, its peak no more than
 * @factor times the input above the baseline (plus 32 MB of slack). */
static void
assert_bounded (const char *what,
                const char *path,
                gsize       input_bytes,
                double      factor,
                double      max_cpu_s)
{
  ChildUse use = load_in_child (path);
  double extra_mb = (use.max_rss_kb - baseline_kb) / 1024.0;
  double bound_mb = factor * input_bytes / 1e6 * (1e6 / 1048576.0) + 32;

  g_test_message ("%s: %.1f MB in, %.2f s CPU, peak %.1f MB above the baseline (bound %.1f MB)",
                  what, input_bytes / 1e6, use.cpu_s, extra_mb, bound_mb);
  g_assert_true (WIFEXITED (use.status));
  g_assert_cmpint (WEXITSTATUS (use.status), ==, 0);
  if (SANITIZED)
    return;
  g_assert_cmpfloat (use.cpu_s, <, max_cpu_s);
  g_assert_cmpfloat (extra_mb, <, bound_mb);
}

static char *
write_file (const char *name,
            GString    *contents)
{
  char *path = g_build_filename (tmp_dir, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, contents->str, (gssize)contents->len, &error);
  g_assert_no_error (error);
  return path;
}

/* A PSV stack 200,000 frames deep: no recursion on the depth. */
static void
test_deep_psv (void)
{
  GString *csv = g_string_new ("Depth, Processes, Threads, Function\n");
  g_autofree char *path = NULL;
  gsize size;

  for (guint d = 0; d < 200000; d++)
    g_string_append_printf (csv, "%u, 4, 4, frame%u (f.c:%u)\n", d, d % 97, d);
  path = write_file ("deep.csv", csv);
  size = csv->len;
  g_string_free (csv, TRUE);
  assert_bounded ("PSV 200,000 deep", path, size, 40, 10);
}

/* One 64 MB line in each text format: read as one bad line, not held many
 * times over. */
static void
test_one_huge_line (void)
{
  static const struct { const char *name; const char *head; } cases[] = {
    { "line.visandor", "0\n" },
    { "line.trace", "main.mpd, 1         main.main           BODY     1 0\n" },
    { "line.csv", "Depth, Processes, Threads, Function\n0, 1, 1, " },
    { "line-cpc.csv", "Value,Processes\n" },
  };
  const gsize length = 64u << 20;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GString *text = g_string_sized_new (length + 128);
      g_autofree char *path = NULL;
      g_autofree char *what = g_strdup_printf ("a 64 MB line in %s", cases[i].name);
      gsize size;

      g_string_append (text, cases[i].head);
      for (gsize n = 0; n < length / 8; n++)
        g_string_append_len (text, "12345678", 8);
      g_string_append_c (text, '\n');
      path = write_file (cases[i].name, text);
      size = text->len;
      /* Not in the child's memory: only what the reader takes counts. */
      g_string_free (text, TRUE);
      assert_bounded (what, path, size, 6, 20);
      g_unlink (path);
    }
}

/* A Chapel run folder of 100,000 empty locale files. */
static void
test_many_empty_locales (void)
{
  g_autofree char *run = g_build_filename (tmp_dir, "EMPTY", NULL);
  const guint n = 100000;

  g_assert_cmpint (g_mkdir (run, 0755), ==, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s/EMPTY-%u", run, i);
      FILE *f = fopen (name, "w");

      g_assert_nonnull (f);
      fclose (f);
    }
  /* Nothing in, so the bound is the slack alone (and a few kB a file). */
  assert_bounded ("100,000 empty Chapel locale files", run, n * 2000, 1, 20);
}

/* hpcrun calling-context trees: a chain 200,000 deep (no recursion on the
 * depth while merging or building structure), and parents that form a cycle
 * (refused or skipped, never followed forever). */
static void
test_hpcrun_trees (void)
{
  const guint depth = 200000;
  g_autofree WeftGenNode *chain = g_new0 (WeftGenNode, depth);
  g_autofree char *deep = g_build_filename (tmp_dir, "deep-000000-000-0-0-0.hpcrun", NULL);
  g_autofree char *cyclic = g_build_filename (tmp_dir, "cyclic-000000-000-0-0-0.hpcrun", NULL);
  WeftGenNode cycle[] = {
    { .id = 2, .parent_id = 0, .lm_id = 1, .lm_ip = 0x1000, .cpu = 1 },
    { .id = 4, .parent_id = 6, .lm_id = 1, .lm_ip = 0x1010, .cpu = 1 },
    { .id = 6, .parent_id = 4, .lm_id = 1, .lm_ip = 0x1020, .cpu = 1 },
    { .id = 8, .parent_id = 8, .lm_id = 1, .lm_ip = 0x1030, .cpu = 1 },
  };
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  for (guint i = 0; i < depth; i++)
    chain[i] = (WeftGenNode) {
      .id = 2 * (i + 1),
      .parent_id = 2 * i,
      .lm_id = 1,
      .lm_ip = 0x1000 + 16 * (i % 4096),
      .cpu = i + 1 == depth ? 1.0 : 0.0,
    };
  g_assert_true (weft_gen_hpcrun_write (deep, 4, 0, 0, chain, depth, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (deep, &st), ==, 0);
  assert_bounded ("hpcrun chain 200,000 deep", deep, (gsize)st.st_size, 60, 20);

  g_assert_true (weft_gen_hpcrun_write (cyclic, 4, 0, 0, cycle, G_N_ELEMENTS (cycle), &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (cyclic, &st), ==, 0);
  assert_bounded ("hpcrun parents in a cycle", cyclic, (gsize)st.st_size, 1000, 5);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  weft_formats_init ();
  tmp_dir = weft_test_make_tmp_dir ();

  {
    g_autoptr(GString) tiny = g_string_new ("0\n         0   5       0     0     0     0\n");
    g_autofree char *path = write_file ("tiny.visandor", tiny);

    baseline_kb = load_in_child (path).max_rss_kb;
  }

  g_test_add_func ("/bounds/deep-psv", test_deep_psv);
  g_test_add_func ("/bounds/one-huge-line", test_one_huge_line);
  g_test_add_func ("/bounds/many-empty-locales", test_many_empty_locales);
  g_test_add_func ("/bounds/hpcrun-trees", test_hpcrun_trees);

  status = g_test_run ();
  weft_test_rm_rf (tmp_dir);
  g_free (tmp_dir);
  return status;
}

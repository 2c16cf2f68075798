/* bench-visandor-tree.c: frames of a VisAndOr execution tree of 10^5 nodes.
 *
 * bench-visandor-tree [--events N] [--parallelism and|or] [FILE]: reads FILE
 * (or an and-parallel trace weft-gen-traces writes: 16 agents, 8×10^5 lines,
 * about 10^5 forks and 3×10^5 tasks), lays the tree out, then draws
 * 1920×1080 frames into an image surface: the whole run, and windows of 1/4,
 * 1/16, 1/64 and 1/256 of it at five positions each, vertical and
 * horizontal.
 *
 * Prints: bench visandor-tree-nodes / -tasks, visandor-tree-layout (ms),
 * visandor-tree-frame-full (the whole run, wall ms, best of 3),
 * visandor-tree-frame-p50/-p95/-max (wall ms, every frame) and the same of
 * the frames' CPU time (-cpu-p50/-cpu-p95), meaningful when other processes
 * compete for the cores. WEFT_BENCH_PNG=FILE saves the whole-run frame.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>

#include <glib/gstdio.h>

#include "bench-util.h"
#include "weft-visandor-dataset.h"
#include "weft-visandor-reader.h"
#include "weft-visandor-tree-renderer.h"

#define WIDTH  1920
#define HEIGHT 1080

static char *
generate (const char *self,
          const char *parallelism,
          guint64     events)
{
  g_autofree char *n = g_strdup_printf ("%" G_GUINT64_FORMAT, events);
  const char *args[] = { "--format", "visandor", "--rows", "16", "--events", n, "--seed", "1",
                         "--parallelism", parallelism, NULL };

  return weft_bench_generate (self, args, "weft-bench-visandor-tree.visandor");
}

/* Draws one frame; its wall and CPU milliseconds. */
static void
draw_frame (WeftVisandorTreeRenderer *renderer,
            cairo_surface_t          *surface,
            double                   *wall_ms,
            double                   *cpu_ms)
{
  cairo_t *cr = cairo_create (surface);
  gint64 start = g_get_monotonic_time ();
  double cpu = weft_bench_thread_cpu_ms ();

  weft_visandor_tree_renderer_draw (renderer, cr, WIDTH, HEIGHT);
  cairo_surface_flush (surface);
  *wall_ms = weft_bench_ms_since (start);
  *cpu_ms = weft_bench_thread_cpu_ms () - cpu;
  cairo_destroy (cr);
}

int
main (int    argc,
      char **argv)
{
  gint64 events = 800000;
  g_autofree char *parallelism = NULL;
  GOptionEntry entries[] = {
    { "events", 'e', 0, G_OPTION_ARG_INT64, &events, "Lines to generate (default 8×10^5)", "N" },
    { "parallelism", 'p', 0, G_OPTION_ARG_STRING, &parallelism, "and (default) or or", "KIND" },
    { NULL }
  };
  g_autoptr(GOptionContext) options = g_option_context_new ("[FILE]");
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(WeftLoadContext) load_context = NULL;
  g_autoptr(WeftVisandorTrace) trace = NULL;
  g_autoptr(WeftVisandorDataset) dataset = NULL;
  g_autoptr(WeftVisandorTreeRenderer) renderer = NULL;
  g_autoptr(GArray) wall = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) cpu = g_array_new (FALSE, FALSE, sizeof (double));
  const WeftVisandorTrace *t;
  cairo_surface_t *surface;
  gboolean generated = FALSE;
  double full = G_MAXDOUBLE;
  gint64 start;

  g_option_context_add_main_entries (options, entries, NULL);
  if (!g_option_context_parse (options, &argc, &argv, &error))
    {
      g_printerr ("bench-visandor-tree: %s\n", error->message);
      return 2;
    }
  if (argc > 1)
    path = g_strdup (argv[1]);
  else
    {
      path = generate (argv[0], parallelism != NULL ? parallelism : "and", (guint64)MAX (events, 1));
      generated = TRUE;
    }

  file = g_file_new_for_path (path);
  load_context = weft_load_context_new (NULL);
  trace = weft_visandor_read (file, load_context, &error);
  if (trace != NULL)
    dataset = weft_visandor_dataset_new (g_steal_pointer (&trace), load_context, &error);
  if (dataset == NULL)
    {
      g_printerr ("bench-visandor-tree: %s\n", error->message);
      return 1;
    }
  if (generated)
    g_unlink (path);
  t = weft_visandor_dataset_get_trace (dataset);

  renderer = weft_visandor_tree_renderer_new ();
  start = g_get_monotonic_time ();
  weft_visandor_tree_renderer_set_dataset (renderer, dataset);
  g_print ("bench visandor-tree-nodes %u\n", t->nodes->len);
  g_print ("bench visandor-tree-tasks %u\n", t->tasks->len);
  g_print ("bench visandor-tree-layout %.2f ms\n", weft_bench_ms_since (start));

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  for (int horizontal = 0; horizontal < 2; horizontal++)
    {
      weft_visandor_tree_renderer_set_horizontal (renderer, horizontal);
      for (int zoom = 0; zoom <= 4; zoom++)
        {
          gint64 span = MAX (t->end >> (2 * zoom), 1);
          int n_positions = zoom == 0 ? 3 : 5;

          for (int k = 0; k < n_positions; k++)
            {
              gint64 begin = zoom == 0 ? 0 : (t->end - span) * k / (n_positions - 1);
              double w, c;

              weft_visandor_tree_renderer_set_range (renderer, begin, begin + span);
              draw_frame (renderer, surface, &w, &c);
              if (zoom == 0 && !horizontal)
                full = MIN (full, w);
              g_array_append_val (wall, w);
              g_array_append_val (cpu, c);
            }
        }
    }
  if (g_getenv ("WEFT_BENCH_PNG") != NULL)
    {
      double w, c;

      weft_visandor_tree_renderer_set_horizontal (renderer, FALSE);
      weft_visandor_tree_renderer_set_range (renderer, 0, t->end);
      draw_frame (renderer, surface, &w, &c);
      cairo_surface_write_to_png (surface, g_getenv ("WEFT_BENCH_PNG"));
    }
  cairo_surface_destroy (surface);

  g_print ("bench visandor-tree-frame-full %.2f ms\n", full);
  weft_bench_print_percentiles ("visandor-tree-frame", wall);
  weft_bench_print_percentiles ("visandor-tree-frame-cpu", cpu);

  return 0;
}

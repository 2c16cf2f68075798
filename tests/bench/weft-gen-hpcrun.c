/* weft-gen-hpcrun: writes synthetic HPCToolkit measurements.
 *
 *   weft-gen-hpcrun --demo OUTDIR
 *       the demo measurement of data/samples/ (heat.m): 2 ranks × 2 threads
 *       (400, 440, 520 and 560 samples),
 *       04.00 profiles with traces and a structure file (procedures, a loop,
 *       an inlined call, a library without structure)
 *   weft-gen-hpcrun [--format 04.00|02.00] [--profiles P] [--nodes N]
 *                   [--shared S] [--seed X] OUTDIR
 *       P profiles of N nodes each; the first S nodes of every profile are
 *       the same calling contexts, the rest are the profile's own, so that
 *       the merged tree has about S + P × (N − S) nodes
 *
 * The same arguments write the same bytes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>

#include "weft-gen-hpcrun.h"

#define PLACEHOLDER(s) ((guint64)(guint8)s[0] << 56 | (guint64)(guint8)s[1] << 48 | (guint64)(guint8)s[2] << 40 \
                        | (guint64)(guint8)s[3] << 32 | (guint64)(guint8)s[4] << 24 | (guint64)(guint8)s[5] << 16 \
                        | (guint64)(guint8)s[6] << 8 | (guint64)(guint8)s[7])

static const char demo_struct[] =
  "<?xml version=\"1.0\"?>\n"
  "<HPCToolkitStructure i=\"0\" version=\"4.9\" n=\"\">\n"
  "<LM i=\"2\" n=\"" WEFT_GEN_HPCRUN_MODULE "\" has-calls=\"1\" v=\"{}\">\n"
  "<F i=\"3\" n=\"/opt/weft-demo/src/heat.c\">\n"
  "<P i=\"4\" n=\"main\" l=\"40\" v=\"{[0x1000-0x1001)}\">\n"
  "<S i=\"5\" l=\"40\" v=\"{[0x1000-0x1040)}\"/>\n"
  "<S i=\"6\" l=\"45\" v=\"{[0x1040-0x1060)}\"/>\n"
  "<S i=\"7\" l=\"50\" v=\"{[0x1060-0x1080)}\"/>\n"
  "</P>\n"
  "<P i=\"8\" n=\"solve\" l=\"10\" v=\"{[0x1100-0x1101)}\">\n"
  "<S i=\"9\" l=\"10\" v=\"{[0x1100-0x1110)}\"/>\n"
  "<L i=\"10\" l=\"12\" f=\"/opt/weft-demo/src/heat.c\" v=\"{[0x1110-0x1111)}\">\n"
  "<S i=\"11\" l=\"12\" v=\"{[0x1110-0x1120)}\"/>\n"
  "<S i=\"12\" l=\"13\" v=\"{[0x1120-0x1140)}\"/>\n"
  "<S i=\"13\" l=\"14\" v=\"{[0x1140-0x1160)}\"/>\n"
  "</L>\n"
  "<S i=\"14\" l=\"16\" v=\"{[0x1160-0x1180)}\"/>\n"
  "</P>\n"
  "<P i=\"15\" n=\"compute\" l=\"20\" v=\"{[0x1200-0x1201)}\">\n"
  "<S i=\"16\" l=\"20\" v=\"{[0x1200-0x1210)}\"/>\n"
  "<L i=\"17\" l=\"22\" f=\"/opt/weft-demo/src/heat.c\" v=\"{[0x1210-0x1211)}\">\n"
  "<S i=\"18\" l=\"23\" v=\"{[0x1210-0x1240)}\"/>\n"
  "<A i=\"19\" l=\"24\" f=\"/opt/weft-demo/src/stencil.h\" n=\"stencil\" v=\"{}\">\n"
  "<S i=\"20\" l=\"5\" v=\"{[0x1240-0x1260)}\"/>\n"
  "</A>\n"
  "</L>\n"
  "<S i=\"21\" l=\"27\" v=\"{[0x1260-0x1280)}\"/>\n"
  "</P>\n"
  "<P i=\"22\" n=\"exchange\" l=\"30\" v=\"{[0x1300-0x1301)}\">\n"
  "<S i=\"23\" l=\"31\" v=\"{[0x1300-0x1320)}\"/>\n"
  "<S i=\"24\" l=\"32\" v=\"{[0x1320-0x1340)}\"/>\n"
  "</P>\n"
  "</F>\n"
  "</LM>\n"
  "</HPCToolkitStructure>\n";

/* The demo's calling contexts; leaves are traced (odd ids). Weights say
 * how often each leaf is sampled. */
typedef struct
{
  guint32 id, parent;
  guint16 lm;
  guint64 ip;
  guint   weight;
} DemoNode;

static gboolean
write_demo (const char  *out,
            GError     **error)
{
  const DemoNode main_nodes[] = {
    { 12, 0, 0, PLACEHOLDER ("^Primary"), 0 },
    { 15, 12, 0, PLACEHOLDER ("NoActvty"), 0 },
    { 14, 12, 0, PLACEHOLDER ("| Main  "), 0 },
    { 16, 14, 1, 0x1055, 0 },
    { 18, 16, 1, 0x1135, 0 },
    { 21, 18, 1, 0x1220, 6 },
    { 23, 18, 1, 0x1250, 9 },
    { 25, 18, 1, 0x1205, 1 },
    { 26, 16, 1, 0x1145, 0 },
    { 29, 26, 1, 0x1310, 2 },
    { 30, 26, 1, 0x1326, 0 },
    { 33, 30, 2, 0x9a010, 3 },
    { 35, 16, 1, 0x1165, 1 },
  };
  g_autofree char *structs = g_build_filename (out, "structs", NULL);
  g_autofree char *struct_path = g_build_filename (structs, "heat.hpcstruct", NULL);
  GRand *rand = g_rand_new_with_seed (7);

  if (g_mkdir_with_parents (structs, 0755) != 0 || !g_file_set_contents (struct_path, demo_struct, -1, error))
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "cannot create %s", structs);
      g_rand_free (rand);
      return FALSE;
    }
  for (guint rank = 0; rank < 2; rank++)
    for (guint thread = 0; thread < 2; thread++)
      {
        WeftGenNode nodes[G_N_ELEMENTS (main_nodes)];
        g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (WeftGenSample));
        g_autofree char *base = g_strdup_printf ("heat-%06u-%03u-7f000001-%u-0", rank, thread, 4242 + rank);
        g_autofree char *run = g_strdup_printf ("%s/%s.hpcrun", out, base);
        g_autofree char *trace = g_strdup_printf ("%s/%s.hpctrace", out, base);
        guint total = 0;
        guint64 t = G_GUINT64_CONSTANT (1700000000000000000) + rank * 1000000;
        guint n = 0;

        for (guint i = 0; i < G_N_ELEMENTS (main_nodes); i++)
          {
            DemoNode d = main_nodes[i];

            /* Worker threads start at <thread root>, straight into solve. */
            if (thread > 0 && d.id == 14)
              d.ip = PLACEHOLDER ("| Thread");
            if (thread > 0 && d.id == 16)
              continue;
            if (thread > 0 && d.parent == 16)
              d.parent = 14;
            /* Rank 1 spends longer in exchange: an imbalance to see. */
            if (rank == 1 && (d.id == 29 || d.id == 33))
              d.weight *= 3;
            nodes[n] = (WeftGenNode) { d.id, d.parent, d.lm, d.ip, 0, 0 };
            total += d.weight;
            n++;
          }
        t += 2000000;
        {
          WeftGenSample idle = { t, 15 };

          g_array_append_val (samples, idle);
        }
        /* Rank 1 runs longer, thread 1 a little longer than thread 0. */
        for (guint s = 0; s < 400 + 120 * rank + 40 * thread; s++)
          {
            guint pick = g_rand_int_range (rand, 0, total), acc = 0;

            for (guint i = 0; i < n; i++)
              {
                guint weight = 0;

                for (guint k = 0; k < G_N_ELEMENTS (main_nodes); k++)
                  if (main_nodes[k].id == nodes[i].id)
                    weight = main_nodes[k].weight * (rank == 1 && (nodes[i].id == 29 || nodes[i].id == 33) ? 3 : 1);
                acc += weight;
                if (weight > 0 && pick < acc)
                  {
                    WeftGenSample sample = { t, nodes[i].id };

                    /* 1 ms per sample; a sample's cost goes to its leaf. */
                    nodes[i].cpu += 0.001;
                    nodes[i].count += 3000;
                    g_array_append_val (samples, sample);
                    break;
                  }
              }
            t += 1000000 + g_rand_int_range (rand, 0, 50000);
          }
        if (!weft_gen_hpcrun_write (run, 4, rank, thread, nodes, n, error)
            || !weft_gen_hpctrace_write (trace, &g_array_index (samples, WeftGenSample, 0), samples->len, error))
          {
            g_rand_free (rand);
            return FALSE;
          }
      }
  g_rand_free (rand);
  return TRUE;
}

/* A random preorder tree: @shared nodes that every profile shares (seeded
 * alike), then the profile's own. */
static void
make_nodes (WeftGenNode *nodes,
            guint        n,
            guint        shared,
            guint        profile,
            guint32      seed)
{
  GRand *rand = g_rand_new_with_seed (seed);
  g_autofree guint32 *stack = g_new (guint32, n + 2);
  guint depth = 0;

  nodes[0] = (WeftGenNode) { 12, 0, 0, PLACEHOLDER ("^Primary"), 0, 0 };
  nodes[1] = (WeftGenNode) { 14, 12, 0, PLACEHOLDER ("| Main  "), 0, 0 };
  stack[depth++] = 14;
  for (guint i = 2; i < n; i++)
    {
      guint64 region = i < shared ? 0 : (guint64)(profile + 1) << 32;

      if (i == shared)
        {
          g_rand_free (rand);
          rand = g_rand_new_with_seed (seed ^ (profile * 2654435761u));
        }
      /* Go up now and then, down otherwise, up to depth 60. */
      while (depth > 1 && (depth > 60 || g_rand_int_range (rand, 0, 3) == 0))
        depth--;
      nodes[i] = (WeftGenNode) { 12 + 2 * i, stack[depth - 1], 1, region | (0x1000 + 4 * i), 0, 0 };
      stack[depth++] = nodes[i].id;
    }
  /* Leaves (nodes nobody names as parent) get the samples. */
  {
    g_autoptr(GHashTable) parents = g_hash_table_new (NULL, NULL);

    for (guint i = 0; i < n; i++)
      g_hash_table_add (parents, GUINT_TO_POINTER (nodes[i].parent_id));
    for (guint i = 2; i < n; i++)
      if (!g_hash_table_contains (parents, GUINT_TO_POINTER (nodes[i].id)))
        {
          nodes[i].cpu = 0.001 * (1 + g_rand_int_range (rand, 0, 100));
          nodes[i].count = g_rand_int_range (rand, 1, 1000000);
        }
  }
  g_rand_free (rand);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GOptionContext) context = g_option_context_new ("OUTDIR");
  gboolean demo = FALSE;
  char *format = NULL;
  int profiles = 64, n_nodes = 20000, shared = 5000, seed = 1;
  GOptionEntry entries[] = {
    { "demo", 0, 0, G_OPTION_ARG_NONE, &demo, "Write the demo measurement", NULL },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, "04.00 (default) or 02.00", "VERSION" },
    { "profiles", 0, 0, G_OPTION_ARG_INT, &profiles, "Number of profiles (64)", "P" },
    { "nodes", 0, 0, G_OPTION_ARG_INT, &n_nodes, "Nodes per profile (20000)", "N" },
    { "shared", 0, 0, G_OPTION_ARG_INT, &shared, "Nodes every profile shares (5000)", "S" },
    { "seed", 0, 0, G_OPTION_ARG_INT, &seed, "Random seed (1)", "X" },
    { NULL }
  };
  guint major;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2)
    {
      fprintf (stderr, "usage: weft-gen-hpcrun [--demo] [--format 04.00|02.00] [--profiles P] [--nodes N] [--shared S] OUTDIR\n");
      return 2;
    }
  if (g_mkdir_with_parents (argv[1], 0755) != 0)
    {
      fprintf (stderr, "weft-gen-hpcrun: cannot create %s\n", argv[1]);
      return 1;
    }
  if (demo)
    {
      if (!write_demo (argv[1], &error))
        {
          fprintf (stderr, "weft-gen-hpcrun: %s\n", error->message);
          return 1;
        }
      return 0;
    }
  major = format != NULL && strcmp (format, "02.00") == 0 ? 2 : 4;
  if (profiles < 1 || n_nodes < 3 || shared < 2 || shared > n_nodes)
    {
      fprintf (stderr, "weft-gen-hpcrun: need P ≥ 1, N ≥ 3, 2 ≤ S ≤ N\n");
      return 2;
    }
  for (int p = 0; p < profiles; p++)
    {
      g_autofree WeftGenNode *nodes = g_new0 (WeftGenNode, n_nodes);
      g_autofree char *path = g_strdup_printf ("%s/synth-%06d-%03d-7f000001-1-0.hpcrun", argv[1], p / 8, p % 8);

      make_nodes (nodes, n_nodes, shared, p, seed);
      if (!weft_gen_hpcrun_write (path, major, p / 8, p % 8, nodes, n_nodes, &error))
        {
          fprintf (stderr, "weft-gen-hpcrun: %s\n", error->message);
          return 1;
        }
    }
  g_free (format);
  return 0;
}

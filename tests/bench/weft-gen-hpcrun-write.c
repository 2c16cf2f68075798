/* weft-gen-hpcrun-write.c: the byte layout of hpcrun's files, written.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-gen-hpcrun.h"

static void
be16 (GByteArray *b, guint16 v)
{
  guint8 x[2] = { v >> 8, v & 0xff };

  g_byte_array_append (b, x, 2);
}

static void
be32 (GByteArray *b, guint32 v)
{
  v = GUINT32_TO_BE (v);
  g_byte_array_append (b, (guint8 *)&v, 4);
}

static void
be64 (GByteArray *b, guint64 v)
{
  v = GUINT64_TO_BE (v);
  g_byte_array_append (b, (guint8 *)&v, 8);
}

static void
f64 (GByteArray *b, double d)
{
  guint64 bits;

  memcpy (&bits, &d, 8);
  be64 (b, bits);
}

static void
str (GByteArray *b, const char *s)
{
  be32 (b, strlen (s));
  g_byte_array_append (b, (const guint8 *)s, strlen (s));
}

static void
pad_1024 (GByteArray *b)
{
  gsize n = (b->len + 1023) / 1024 * 1024 - b->len;
  guint8 zero[1024] = { 0 };

  g_byte_array_append (b, zero, n);
}

static void
nvpairs (GByteArray *b,
         guint       rank,
         guint       thread)
{
  char r[16], t[16];

  g_snprintf (r, sizeof r, "%u", rank);
  g_snprintf (t, sizeof t, "%u", thread);
  be32 (b, 4);
  str (b, "program-name");
  str (b, "heat");
  str (b, "mpi-rank");
  str (b, r);
  str (b, "thread-id");
  str (b, t);
  str (b, "program-path");
  str (b, WEFT_GEN_HPCRUN_MODULE);
}

static void
metric (GByteArray *b,
        const char *name,
        guint8      fmt,
        guint64     period)
{
  guint8 flags[16] = { 1, 0, fmt, 0, 0, 0, 1, 1 };

  str (b, name);
  str (b, name);
  g_byte_array_append (b, flags, 16);
  be64 (b, period);
  str (b, "");
  str (b, "");
  be16 (b, 0);
  be16 (b, 0);
  f64 (b, 0);
  be64 (b, 0);
}

static void
loadmap (GByteArray *b)
{
  be32 (b, 2);
  be16 (b, 1);
  str (b, WEFT_GEN_HPCRUN_MODULE);
  be64 (b, 1);
  be16 (b, 2);
  str (b, "/usr/lib/x86_64-linux-gnu/libc.so.6");
  be64 (b, 0);
}

static guint64
real_bits (double d)
{
  guint64 bits;

  memcpy (&bits, &d, 8);
  return bits;
}

static GByteArray *
write_v4 (guint              rank,
          guint              thread,
          const WeftGenNode *nodes,
          gsize              n)
{
  GByteArray *b = g_byte_array_new ();
  guint64 sec[12];
  guint64 n_vals = 0, footer;
  guint32 n_nz = 0;

  g_byte_array_append (b, (const guint8 *)"HPCRUN-profile____04.00b", 24);
  nvpairs (b, rank, thread);
  sec[0] = 0, sec[1] = b->len;
  pad_1024 (b);
  sec[2] = b->len;
  loadmap (b);
  sec[3] = b->len;
  pad_1024 (b);
  sec[4] = b->len;
  be64 (b, n);
  for (gsize i = 0; i < n; i++)
    {
      guint8 flag = 1;

      be32 (b, nodes[i].id);
      be32 (b, nodes[i].parent_id);
      be16 (b, nodes[i].lm_id);
      be64 (b, nodes[i].lm_ip);
      g_byte_array_append (b, &flag, 1);
    }
  sec[5] = b->len;
  pad_1024 (b);
  sec[6] = b->len;
  be32 (b, 2);
  metric (b, "CPUTIME (sec)", 2, 1);
  metric (b, "CYCLES", 1, 1000);
  sec[7] = b->len;
  pad_1024 (b);
  sec[8] = b->len;
  {
    static const char *const kinds[] = { "SUMMARY", "NODE", "RANK", "THREAD", "GPUDEVICE", "GPUCONTEXT", "GPUSTREAM", "CORE" };

    be16 (b, 8);
    for (guint k = 0; k < 8; k++)
      {
        be16 (b, k);
        str (b, kinds[k]);
      }
  }
  sec[9] = b->len;
  pad_1024 (b);
  sec[10] = b->len;
  be16 (b, 2);
  be16 (b, 2);
  be64 (b, rank);
  be64 (b, rank);
  be16 (b, 0xC003);
  be64 (b, thread);
  be64 (b, thread);
  for (gsize i = 0; i < n; i++)
    {
      n_vals += (nodes[i].cpu != 0) + (nodes[i].count != 0);
      n_nz += nodes[i].cpu != 0 || nodes[i].count != 0;
    }
  be64 (b, n_vals);
  be32 (b, n_nz);
  for (gsize i = 0; i < n; i++)
    {
      if (nodes[i].cpu != 0)
        {
          be64 (b, real_bits (nodes[i].cpu));
          be16 (b, 0);
        }
      if (nodes[i].count != 0)
        {
          be64 (b, nodes[i].count);
          be16 (b, 1);
        }
    }
  {
    guint64 index = 0;

    for (gsize i = 0; i < n; i++)
      if (nodes[i].cpu != 0 || nodes[i].count != 0)
        {
          be32 (b, nodes[i].id);
          be64 (b, index);
          index += (nodes[i].cpu != 0) + (nodes[i].count != 0);
        }
    be32 (b, 0x656E6421);
    be64 (b, index);
  }
  sec[11] = b->len;
  pad_1024 (b);
  footer = b->len;
  for (guint i = 0; i < 12; i++)
    be64 (b, sec[i]);
  be64 (b, footer);
  be64 (b, G_GUINT64_CONSTANT (0x48504352554E736D));
  return b;
}

static GByteArray *
write_v2 (guint              rank,
          guint              thread,
          const WeftGenNode *nodes,
          gsize              n)
{
  GByteArray *b = g_byte_array_new ();
  g_autoptr(GHashTable) interior = g_hash_table_new (NULL, NULL);

  for (gsize i = 0; i < n; i++)
    if (nodes[i].parent_id != 0)
      g_hash_table_add (interior, GUINT_TO_POINTER (nodes[i].parent_id));
  g_byte_array_append (b, (const guint8 *)"HPCRUN-profile____02.00b", 24);
  nvpairs (b, rank, thread);
  g_byte_array_append (b, (const guint8 *)"EPOCH___", 8);
  be64 (b, 0);
  be64 (b, 1);
  be32 (b, 1);
  be32 (b, 1);
  str (b, "TODO:epoch-name");
  str (b, "TODO:epoch-value");
  be32 (b, 2);
  metric (b, "CPUTIME (sec)", 2, 1);
  metric (b, "CYCLES", 1, 1000);
  loadmap (b);
  be64 (b, n);
  for (gsize i = 0; i < n; i++)
    {
      gboolean is_leaf = !g_hash_table_contains (interior, GUINT_TO_POINTER (nodes[i].id));

      /* Leaves are written with their id negated. */
      be32 (b, is_leaf ? (guint32)-(gint32)nodes[i].id : nodes[i].id);
      be32 (b, nodes[i].parent_id);
      be16 (b, nodes[i].lm_id);
      be64 (b, nodes[i].lm_ip);
      be64 (b, real_bits (nodes[i].cpu));
      be64 (b, nodes[i].count);
    }
  return b;
}

gboolean
weft_gen_hpcrun_write (const char         *path,
                       guint               major,
                       guint               rank,
                       guint               thread,
                       const WeftGenNode  *nodes,
                       gsize               n_nodes,
                       GError            **error)
{
  g_autoptr(GByteArray) b = major >= 4 ? write_v4 (rank, thread, nodes, n_nodes) : write_v2 (rank, thread, nodes, n_nodes);

  return g_file_set_contents (path, (const char *)b->data, b->len, error);
}

gboolean
weft_gen_hpctrace_write (const char          *path,
                         const WeftGenSample *samples,
                         gsize                n_samples,
                         GError             **error)
{
  g_autoptr(GByteArray) b = g_byte_array_new ();

  g_byte_array_append (b, (const guint8 *)"HPCRUN-trace______01.01b", 24);
  be64 (b, 0);
  for (gsize i = 0; i < n_samples; i++)
    {
      be64 (b, samples[i].time_ns);
      be32 (b, samples[i].node_id);
    }
  return g_file_set_contents (path, (const char *)b->data, b->len, error);
}

/* weft-hpcrun.c: reads .hpcrun profiles (02.00, 03.00, 04.00).
 *
 * Everything is big-endian except the 16 metric-flag bytes (a raw struct).
 * A cursor walks the mapped bytes; every read checks the bytes left, and
 * every count is checked against the bytes it needs before an array is sized
 * by it, so a corrupt count fails here instead of asking for gigabytes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-error.h"
#include "weft-hpcrun.h"
#include "weft-input-file.h"
#include "weft-memory.h"

#define FOOTER_SIZE       112
#define FOOTER_MAGIC      G_GUINT64_CONSTANT (0x48504352554E736D)
#define SPARSE_END_ID     0x656E6421u
#define CCT_NODE_SIZE_V4  19
/* No hpcrun writes more metrics or modules than this; a bigger count is a
 * corrupt file even when the bytes would be there. */
#define MAX_METRICS       65536
#define MAX_EPOCHS        65536

typedef struct
{
  const guint8 *data;
  gsize         len;
  gsize         pos;
  const char   *path;
  GError      **error;
} Cursor;

static gboolean G_GNUC_PRINTF (3, 4)
fail_at (Cursor     *c,
         gsize       offset,
         const char *format,
         ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  if (c->error != NULL && *c->error == NULL)
    g_set_error (c->error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s: byte %" G_GSIZE_FORMAT ": %s",
                 c->path, offset, message);
  return FALSE;
}

/* Bytes found where a tag or mark was expected, as a message can show them. */
static char *
shown_bytes (const guint8 *p,
             gsize         n)
{
  GString *shown = g_string_sized_new (n);

  for (gsize i = 0; i < n; i++)
    if (g_ascii_isprint (p[i]))
      g_string_append_c (shown, (char)p[i]);
    else
      g_string_append_printf (shown, "\\x%02x", p[i]);
  return g_string_free (shown, FALSE);
}

static inline gboolean
need (Cursor     *c,
      guint64     n,
      const char *what)
{
  if (c->pos > c->len)
    return fail_at (c, c->pos, "%s is past the end of its section", what);
  if (n > c->len - c->pos)
    return fail_at (c, c->pos, "%s needs %" G_GUINT64_FORMAT " bytes, but only %" G_GSIZE_FORMAT " are left",
                    what, n, c->len - c->pos);
  return TRUE;
}

static inline guint64
be64 (const guint8 *p)
{
  guint64 v;

  memcpy (&v, p, 8);
  return GUINT64_FROM_BE (v);
}

static inline guint32
be32 (const guint8 *p)
{
  guint32 v;

  memcpy (&v, p, 4);
  return GUINT32_FROM_BE (v);
}

static inline guint16
be16 (const guint8 *p)
{
  return (guint16)((p[0] << 8) | p[1]);
}

static gboolean
read_u16 (Cursor *c, guint16 *out, const char *what)
{
  if (!need (c, 2, what))
    return FALSE;
  *out = be16 (c->data + c->pos);
  c->pos += 2;
  return TRUE;
}

static gboolean
read_u32 (Cursor *c, guint32 *out, const char *what)
{
  if (!need (c, 4, what))
    return FALSE;
  *out = be32 (c->data + c->pos);
  c->pos += 4;
  return TRUE;
}

static gboolean
read_u64 (Cursor *c, guint64 *out, const char *what)
{
  if (!need (c, 8, what))
    return FALSE;
  *out = be64 (c->data + c->pos);
  c->pos += 8;
  return TRUE;
}

static gboolean
read_f64 (Cursor *c, double *out, const char *what)
{
  guint64 bits;

  if (!read_u64 (c, &bits, what))
    return FALSE;
  memcpy (out, &bits, 8);
  return TRUE;
}

/* u32 length + bytes, no terminator; made valid UTF-8 for display. */
static gboolean
read_string (Cursor *c, char **out, const char *what)
{
  guint32 n;

  if (!read_u32 (c, &n, what) || !need (c, n, what))
    return FALSE;
  *out = g_utf8_make_valid ((const char *)c->data + c->pos, n);
  c->pos += n;
  return TRUE;
}

static gboolean
skip (Cursor *c, guint64 n, const char *what)
{
  if (!need (c, n, what))
    return FALSE;
  c->pos += n;
  return TRUE;
}

static void
module_clear (gpointer data)
{
  WeftHpcrunModule *m = data;

  g_free (m->name);
}

static void
metric_clear (gpointer data)
{
  WeftHpcrunMetric *m = data;

  g_free (m->name);
  g_free (m->description);
  g_free (m->formula);
  g_free (m->format);
}

static WeftHpcrunProfile *
profile_new (const char *path,
             gsize       len)
{
  WeftHpcrunProfile *p = g_new0 (WeftHpcrunProfile, 1);

  p->path = g_strdup (path);
  p->file_size = len;
  p->modules = g_array_new (FALSE, TRUE, sizeof (WeftHpcrunModule));
  g_array_set_clear_func (p->modules, module_clear);
  p->metrics = g_array_new (FALSE, TRUE, sizeof (WeftHpcrunMetric));
  g_array_set_clear_func (p->metrics, metric_clear);
  p->nodes = g_array_new (FALSE, FALSE, sizeof (WeftHpcrunNode));
  p->values_array = g_array_new (FALSE, FALSE, sizeof (WeftHpcrunValue));
  p->id_tuple = g_array_new (FALSE, FALSE, sizeof (WeftHpcrunIdEntry));
  return p;
}

void
weft_hpcrun_profile_free (WeftHpcrunProfile *p)
{
  if (p == NULL)
    return;
  g_free (p->path);
  g_strfreev (p->keys);
  g_strfreev (p->values);
  g_array_unref (p->modules);
  g_array_unref (p->metrics);
  g_array_unref (p->nodes);
  g_array_unref (p->values_array);
  g_array_unref (p->id_tuple);
  g_free (p);
}

gboolean
weft_hpcrun_is_header (const guint8 *data,
                       gsize         len)
{
  return len >= WEFT_HPCRUN_MAGIC_LEN && memcmp (data, WEFT_HPCRUN_MAGIC, WEFT_HPCRUN_MAGIC_LEN) == 0;
}

const char *
weft_hpcrun_profile_lookup (const WeftHpcrunProfile *p,
                            const char              *key)
{
  for (guint i = 0; p->keys != NULL && p->keys[i] != NULL; i++)
    if (strcmp (p->keys[i], key) == 0)
      return p->values[i];
  return NULL;
}

static gint64
parse_int_or (const char *text,
              gint64      fallback)
{
  gint64 v;

  if (text == NULL || !g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64, &v, NULL))
    return fallback;
  return v;
}

void
weft_hpcrun_profile_get_rank_thread (const WeftHpcrunProfile *p,
                                     gint64                  *rank,
                                     gint64                  *thread)
{
  *rank = -1;
  *thread = -1;
  for (guint i = 0; i < p->id_tuple->len; i++)
    {
      const WeftHpcrunIdEntry *e = &g_array_index (p->id_tuple, WeftHpcrunIdEntry, i);

      if ((e->kind & 0x3fff) == WEFT_HPCRUN_ID_RANK)
        *rank = (gint64)e->logical;
      else if ((e->kind & 0x3fff) == WEFT_HPCRUN_ID_THREAD)
        *thread = (gint64)e->logical;
    }
  if (*rank < 0)
    *rank = parse_int_or (weft_hpcrun_profile_lookup (p, "mpi-rank"), -1);
  if (*thread < 0)
    *thread = parse_int_or (weft_hpcrun_profile_lookup (p, "thread-id"), -1);
  /* A single-process run writes mpi-rank 0 or nothing: rank 0. */
  if (*rank < 0)
    *rank = 0;
}

void
weft_hpcrun_placeholder_ascii (guint64 lm_ip,
                               char    out[9])
{
  for (guint i = 0; i < 8; i++)
    {
      guint8 b = (guint8)(lm_ip >> (56 - 8 * i));

      out[i] = g_ascii_isprint (b) ? (char)b : '?';
    }
  out[8] = '\0';
}

const char *
weft_hpcrun_placeholder_name (guint64 lm_ip)
{
  static const struct { const char *ascii; const char *name; } names[] = {
    { "^Primary", "<program root>" }, /* the global root; never shown */
    { "| Main  ", "<program root>" },
    { "| Thread", "<thread root>" },
    { "^Partial", "<partial call paths>" },
    { "*Unnorm ", "<unknown>" },
    { "NoActvty", "<no activity>" },
    { "OMP Idle", "<omp idle>" },
    { "OMPOvrHd", "<omp overhead>" },
    { "OMPBarrW", "<omp barrier wait>" },
    { "OMPTaskW", "<omp task wait>" },
    { "OMPMtexW", "<omp mutex wait>" },
    { "OMPUresv", "<omp unresolved>" },
    { "GPUCp?2?", "<gpu copy>" },
    { "GPUCpH2D", "<gpu copyin>" },
    { "GPUCpD2H", "<gpu copyout>" },
    { "GPUAlloc", "<gpu alloc>" },
    { "GPUDelte", "<gpu delete>" },
    { "GPUKernl", "<gpu kernel>" },
    { "GPUMemst", "<gpu memset>" },
    { "GPU Sync", "<gpu sync>" },
    { "GPUTrace", "<gpu trace>" },
  };
  char ascii[9];

  weft_hpcrun_placeholder_ascii (lm_ip, ascii);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (memcmp (ascii, names[i].ascii, 8) == 0)
      return names[i].name;
  return NULL;
}

static gboolean
read_nvpairs (Cursor            *c,
              WeftHpcrunProfile *p)
{
  guint32 n;
  gsize at = c->pos;

  if (!read_u32 (c, &n, "header pair count"))
    return FALSE;
  /* Each pair is at least two empty strings. */
  if ((guint64)n * 8 > c->len - c->pos)
    return fail_at (c, at, "%u header pairs do not fit in the file", n);
  p->keys = g_new0 (char *, n + 1);
  p->values = g_new0 (char *, n + 1);
  for (guint32 i = 0; i < n; i++)
    if (!read_string (c, &p->keys[i], "header pair name") || !read_string (c, &p->values[i], "header pair value"))
      return FALSE;
  return TRUE;
}

static gboolean
skip_nvpairs (Cursor *c)
{
  guint32 n;

  if (!read_u32 (c, &n, "pair count"))
    return FALSE;
  if ((guint64)n * 8 > c->len - c->pos)
    return fail_at (c, c->pos - 4, "%u pairs do not fit in the file", n);
  for (guint32 i = 0; i < 2 * n; i++)
    {
      guint32 len;

      if (!read_u32 (c, &len, "pair string") || !skip (c, len, "pair string"))
        return FALSE;
    }
  return TRUE;
}

/* aux_bytes: 0 (02.00 before 2017), 20 (later) or 28 (mid-2017, with stdev). */
static gboolean
read_metric (Cursor           *c,
             WeftHpcrunMetric *m,
             guint             aux_bytes)
{
  const guint8 *f;
  gboolean legacy = FALSE;

  if (!read_string (c, &m->name, "metric name") || !read_string (c, &m->description, "metric description")
      || !need (c, 16, "metric flags"))
    return FALSE;
  f = c->data + c->pos;
  if (f[0] != 1 && f[0] != 2)
    legacy = TRUE;
  for (guint i = 8; i < 16; i++)
    if (f[i] != 0)
      legacy = TRUE;
  if (!legacy)
    {
      m->type = f[0];
      m->value_type = f[1];
      m->value_format = f[2];
      m->move2proc = f[3];
      m->partner = (guint16)(f[4] | (f[5] << 8));
      m->show = f[6];
      m->show_percent = f[7];
    }
  else
    {
      /* Old writers: GCC LSB-first bit fields in a big-endian word. */
      guint64 w = be64 (f);

      m->type = w & 0xf;
      m->value_type = (w >> 4) & 0xf;
      m->value_format = (w >> 8) & 0xf;
      m->partner = (w >> 12) & 0xffff;
      m->show = (w >> 28) & 1;
      m->show_percent = (w >> 29) & 1;
    }
  c->pos += 16;
  if (!read_u64 (c, &m->period, "metric period") || !read_string (c, &m->formula, "metric formula")
      || !read_string (c, &m->format, "metric format"))
    return FALSE;
  if (aux_bytes > 0)
    {
      m->has_aux = TRUE;
      if (!read_u16 (c, &m->is_frequency, "metric auxiliary info") || !read_u16 (c, &m->is_multiplexed, "metric auxiliary info")
          || !read_f64 (c, &m->period_mean, "metric auxiliary info") || !read_u64 (c, &m->num_samples, "metric auxiliary info")
          || !skip (c, aux_bytes - 20, "metric auxiliary info"))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_metric_table (Cursor            *c,
                   WeftHpcrunProfile *p,
                   guint              aux_bytes,
                   guint32           *n_out)
{
  guint32 n;
  gsize at = c->pos;

  if (!read_u32 (c, &n, "metric count"))
    return FALSE;
  /* name, description, formula, format lengths + flags + period. */
  if (n > MAX_METRICS || (guint64)n * (16 + 16 + 8 + aux_bytes) > c->len - c->pos)
    return fail_at (c, at, "%u metrics do not fit in the file", n);
  for (guint32 i = 0; i < n; i++)
    {
      WeftHpcrunMetric m = { 0 };

      if (!read_metric (c, &m, aux_bytes))
        {
          metric_clear (&m);
          return FALSE;
        }
      g_array_append_val (p->metrics, m);
    }
  *n_out = n;
  return TRUE;
}

/* Reads a loadmap; fills @lm_index (id → index in p->modules) for this
 * epoch. @strict: ids must be 1..n in order (the 02.00 aux heuristic). */
static gboolean
read_loadmap (Cursor             *c,
              WeftHpcrunProfile  *p,
              gboolean            strict,
              GHashTable         *lm_index)
{
  guint32 n;
  gsize at = c->pos;

  if (!read_u32 (c, &n, "load module count"))
    return FALSE;
  if ((guint64)n * 14 > c->len - c->pos)
    return fail_at (c, at, "%u load modules do not fit in the file", n);
  for (guint32 i = 0; i < n; i++)
    {
      WeftHpcrunModule m = { 0 };
      gsize here = c->pos;

      if (!read_u16 (c, &m.id, "load module id") || !read_string (c, &m.name, "load module name")
          || !read_u64 (c, &m.flags, "load module flags"))
        {
          g_free (m.name);
          return FALSE;
        }
      if (strict && m.id != i + 1)
        {
          g_free (m.name);
          return fail_at (c, here, "load module %u has id %u", i + 1, m.id);
        }
      g_hash_table_insert (lm_index, GUINT_TO_POINTER (m.id), GUINT_TO_POINTER (p->modules->len));
      g_array_append_val (p->modules, m);
    }
  return TRUE;
}

/* lm id → module index, as a table: looked up once per node. */
static guint32 *
module_table (GHashTable *lm_index)
{
  guint32 *table = g_new (guint32, G_MAXUINT16 + 1);
  GHashTableIter iter;
  gpointer key, value;

  memset (table, 0xff, sizeof (guint32) * (G_MAXUINT16 + 1));
  g_hash_table_iter_init (&iter, lm_index);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (GPOINTER_TO_UINT (key) != 0)
      table[GPOINTER_TO_UINT (key) & G_MAXUINT16] = GPOINTER_TO_UINT (value);
  return table;
}

/* Maps file node ids to node indices: a direct table when the ids are dense
 * enough (hpcrun numbers them 12, 14, 16…), else a hash table. */
typedef struct
{
  guint32    *direct;
  guint32     n_direct;
  GHashTable *hash;
} IdMap;

static void
id_map_init_max (IdMap   *map,
                 guint64  n_nodes,
                 guint64  max_id)
{
  /* hpcrun numbers nodes 12, 14, 16…: a table up to the largest id is about
   * twice the node count; ids beyond 4n go to a hash table. */
  map->n_direct = (guint32)MIN (MIN ((guint64)G_MAXUINT32 / 2, 4 * n_nodes + 64), max_id + 1);
  map->direct = g_new (guint32, map->n_direct);
  memset (map->direct, 0xff, sizeof (guint32) * map->n_direct);
  map->hash = NULL;
}

static void
id_map_init (IdMap   *map,
             guint64  n_nodes)
{
  map->n_direct = (guint32)MIN ((guint64)G_MAXUINT32 / 2, 4 * n_nodes + 64);
  map->direct = g_new (guint32, map->n_direct);
  memset (map->direct, 0xff, sizeof (guint32) * map->n_direct);
  map->hash = NULL;
}

static void
id_map_clear (IdMap *map)
{
  g_clear_pointer (&map->direct, g_free);
  g_clear_pointer (&map->hash, g_hash_table_unref);
}

static void
id_map_insert (IdMap   *map,
               guint32  id,
               guint32  index)
{
  if (id < map->n_direct)
    {
      map->direct[id] = index;
      return;
    }
  if (map->hash == NULL)
    map->hash = g_hash_table_new (NULL, NULL);
  g_hash_table_insert (map->hash, GUINT_TO_POINTER (id), GUINT_TO_POINTER (index + 1));
}

static guint32
id_map_lookup (const IdMap *map,
               guint32      id)
{
  if (id < map->n_direct)
    return map->direct[id];
  if (map->hash != NULL)
    {
      guint v = GPOINTER_TO_UINT (g_hash_table_lookup (map->hash, GUINT_TO_POINTER (id)));

      if (v != 0)
        return v - 1;
    }
  return WEFT_HPCRUN_NONE;
}

static inline double
scale_value (const WeftHpcrunMetric *m,
             guint64                 raw)
{
  double v;

  if (m->value_format == WEFT_HPCRUN_FMT_REAL)
    memcpy (&v, &raw, 8);
  else
    v = (double)raw;
  return v * (double)m->period;
}

/* ---- 02.00 / 03.00 ---------------------------------------------------- */

static gboolean
read_epoch (Cursor            *c,
            WeftHpcrunProfile *p,
            guint              aux_bytes)
{
  g_autoptr(GHashTable) lm_index = g_hash_table_new (NULL, NULL);
  guint64 flags, granularity, n_nodes, record;
  guint32 ra_offset, n_metrics;
  gboolean lush;
  guint first_metric = p->metrics->len;
  gsize at;
  IdMap map;
  guint32 *modules;

  if (!need (c, 8, "epoch tag"))
    return FALSE;
  if (memcmp (c->data + c->pos, "EPOCH___", 8) != 0)
    {
      g_autofree char *found = shown_bytes (c->data + c->pos, 8);

      return fail_at (c, c->pos, "expected the epoch tag “EPOCH___”, found “%s”", found);
    }
  c->pos += 8;
  if (!read_u64 (c, &flags, "epoch flags") || !read_u64 (c, &granularity, "epoch granularity")
      || !read_u32 (c, &ra_offset, "epoch return-address offset") || !skip_nvpairs (c))
    return FALSE;
  lush = (flags & 1) != 0;
  if (!read_metric_table (c, p, aux_bytes, &n_metrics))
    return FALSE;
  /* Epochs after the first repeat the table; keep the first. */
  if (p->n_epochs > 0)
    {
      if (n_metrics != first_metric)
        return fail_at (c, c->pos, "epoch %u has %u metrics, the first had %u", p->n_epochs + 1, n_metrics, first_metric);
      g_array_set_size (p->metrics, first_metric);
    }
  if (!read_loadmap (c, p, TRUE, lm_index))
    return FALSE;

  at = c->pos;
  if (!read_u64 (c, &n_nodes, "node count"))
    return FALSE;
  record = 4 + 4 + 2 + 8 + 8 * (guint64)n_metrics + (lush ? 4 + 16 : 0);
  if (n_nodes > (c->len - c->pos) / record)
    return fail_at (c, at, "%" G_GUINT64_FORMAT " nodes of %" G_GUINT64_FORMAT " bytes do not fit in the file",
                    n_nodes, record);
  if (n_nodes + p->nodes->len > G_MAXUINT32 - 1)
    return fail_at (c, at, "too many nodes");

  /* Room for the epoch's nodes at once, on huge pages: appending one by one
   * would copy the array as it grows and fault a page at a time. */
  {
    gsize had = p->nodes->len;

    g_array_set_size (p->nodes, had + n_nodes);
    g_array_set_size (p->nodes, had);
    weft_memory_advise_huge (p->nodes->data, (had + n_nodes) * sizeof (WeftHpcrunNode));
  }
  id_map_init (&map, n_nodes);
  modules = module_table (lm_index);
  for (guint64 i = 0; i < n_nodes; i++)
    {
      const guint8 *r = c->data + c->pos;
      WeftHpcrunNode node = { 0 };
      gint32 id = (gint32)be32 (r);
      guint32 parent_id = be32 (r + 4);
      gsize q = 8;

      if (lush)
        q += 4;
      node.flags = id < 0 ? 1 : 0;
      node.id = id < 0 ? (guint32)-(gint64)id : (guint32)id;
      node.lm_id = be16 (r + q);
      node.lm_ip = be64 (r + q + 2);
      q += 10;
      if (lush)
        q += 16;
      node.epoch = (guint8)MIN (p->n_epochs, 255);
      node.module = modules[node.lm_id];
      if (parent_id == 0)
        node.parent = WEFT_HPCRUN_NONE;
      else
        {
          /* A parent may itself have been written negated. */
          gint32 sp = (gint32)parent_id;
          guint32 pid = sp < 0 ? (guint32)-(gint64)sp : parent_id;

          node.parent = id_map_lookup (&map, pid);
          if (node.parent == WEFT_HPCRUN_NONE)
            {
              id_map_clear (&map);
              g_free (modules);
              return fail_at (c, c->pos + 4, "node %u names parent %u, which was not written before it",
                              node.id, pid);
            }
        }
      node.first_value = p->values_array->len;
      for (guint32 m = 0; m < n_metrics; m++)
        {
          guint64 raw = be64 (r + q + 8 * m);

          if (raw != 0)
            {
              WeftHpcrunValue v = { scale_value (&g_array_index (p->metrics, WeftHpcrunMetric, m), raw), m };

              g_array_append_val (p->values_array, v);
            }
        }
      node.n_values = p->values_array->len - node.first_value;
      id_map_insert (&map, node.id, p->nodes->len);
      g_array_append_val (p->nodes, node);
      c->pos += record;
    }
  id_map_clear (&map);
  g_free (modules);
  p->n_epochs++;
  return TRUE;
}

static WeftHpcrunProfile *
parse_v2 (const guint8  *data,
          gsize          len,
          const char    *path,
          guint          aux_bytes,
          GError       **error)
{
  g_autoptr(WeftHpcrunProfile) p = profile_new (path, len);
  Cursor c = { data, len, WEFT_HPCRUN_HEADER_LEN, path, error };

  if (!read_nvpairs (&c, p))
    return NULL;
  while (c.pos < len)
    {
      if (p->n_epochs >= MAX_EPOCHS)
        {
          fail_at (&c, c.pos, "more than %u epochs", MAX_EPOCHS);
          return NULL;
        }
      if (!read_epoch (&c, p, aux_bytes))
        return NULL;
    }
  if (p->n_epochs == 0)
    {
      fail_at (&c, c.pos, "no epoch");
      return NULL;
    }
  return g_steal_pointer (&p);
}

/* ---- 04.00 ------------------------------------------------------------ */

typedef struct
{
  guint64 start, end;
} Section;

enum { SEC_HDR, SEC_LOADMAP, SEC_CCT, SEC_METRICS, SEC_IDTUPLES, SEC_SPARSE, N_SECTIONS };

static gboolean
enter_section (Cursor        *c,
               const Section *s)
{
  c->pos = s->start;
  return TRUE;
}

static gboolean
leave_section (Cursor        *c,
               const Section *s,
               const char    *name)
{
  if (c->pos != s->end)
    return fail_at (c, c->pos, "the %s section ends here, the footer says at %" G_GUINT64_FORMAT, name, s->end);
  return TRUE;
}

static gboolean
read_cct_v4 (Cursor            *c,
             WeftHpcrunProfile *p,
             GHashTable        *lm_index,
             IdMap             *map)
{
  guint64 n_nodes;
  gsize at = c->pos;
  guint32 *modules;

  if (!read_u64 (c, &n_nodes, "node count"))
    return FALSE;
  if (n_nodes > (c->len - c->pos) / CCT_NODE_SIZE_V4 || n_nodes >= G_MAXUINT32 - 1)
    return fail_at (c, at, "%" G_GUINT64_FORMAT " nodes do not fit in the file", n_nodes);
  g_array_set_size (p->nodes, n_nodes);
  /* Filled front to back: a page fault per 2 MiB, not per 4 KiB. */
  weft_memory_advise_huge (p->nodes->data, (gsize)n_nodes * sizeof (WeftHpcrunNode));
  {
    guint32 max_id = 0;

    for (guint64 i = 0; i < n_nodes; i++)
      max_id = MAX (max_id, be32 (c->data + c->pos + i * CCT_NODE_SIZE_V4));
    id_map_init_max (map, n_nodes, max_id);
  }
  modules = module_table (lm_index);
  for (guint64 i = 0; i < n_nodes; i++)
    {
      const guint8 *r = c->data + c->pos;
      WeftHpcrunNode *node = &g_array_index (p->nodes, WeftHpcrunNode, i);
      guint32 parent_id = be32 (r + 4);

      node->id = be32 (r);
      node->lm_id = be16 (r + 8);
      node->lm_ip = be64 (r + 10);
      node->flags = r[18];
      node->epoch = 0;
      node->module = modules[node->lm_id];
      node->first_value = 0;
      node->n_values = 0;
      if (parent_id == 0)
        node->parent = WEFT_HPCRUN_NONE;
      else if ((node->parent = id_map_lookup (map, parent_id)) == WEFT_HPCRUN_NONE)
        {
          g_free (modules);
          return fail_at (c, c->pos + 4, "node %u names parent %u, which was not written before it",
                          node->id, parent_id);
        }
      id_map_insert (map, node->id, (guint32)i);
      c->pos += CCT_NODE_SIZE_V4;
    }
  g_free (modules);
  return TRUE;
}

static gboolean
read_sparse_v4 (Cursor            *c,
                WeftHpcrunProfile *p,
                const IdMap       *map)
{
  guint16 tuple_len;
  guint64 n_vals;
  guint32 n_nz;
  gsize at;
  const guint8 *vals, *idx;
  guint n_metrics = p->metrics->len;

  if (!read_u16 (c, &tuple_len, "id tuple length"))
    return FALSE;
  if ((guint64)tuple_len * 18 > c->len - c->pos)
    return fail_at (c, c->pos - 2, "an id tuple of %u entries does not fit in the file", tuple_len);
  for (guint i = 0; i < tuple_len; i++)
    {
      WeftHpcrunIdEntry e;

      read_u16 (c, &e.kind, "id tuple");
      read_u64 (c, &e.physical, "id tuple");
      read_u64 (c, &e.logical, "id tuple");
      g_array_append_val (p->id_tuple, e);
    }
  at = c->pos;
  if (!read_u64 (c, &n_vals, "value count") || !read_u32 (c, &n_nz, "nonzero node count"))
    return FALSE;
  if (n_vals > (c->len - c->pos) / 10 || n_vals >= G_MAXUINT32)
    return fail_at (c, at, "%" G_GUINT64_FORMAT " values do not fit in the file", n_vals);
  vals = c->data + c->pos;
  c->pos += n_vals * 10;
  at = c->pos;
  if ((guint64)n_nz + 1 > (c->len - c->pos) / 12)
    return fail_at (c, at, "%u node indices do not fit in the file", n_nz);
  idx = c->data + c->pos;
  c->pos += ((gsize)n_nz + 1) * 12;

  if (be32 (idx + 12 * (gsize)n_nz) != SPARSE_END_ID || be64 (idx + 12 * (gsize)n_nz + 4) != n_vals)
    return fail_at (c, at + 12 * (gsize)n_nz, "the node index does not end with the “end!” sentinel");

  g_array_set_size (p->values_array, n_vals);
  weft_memory_advise_huge (p->values_array->data, (gsize)n_vals * sizeof (WeftHpcrunValue));
  for (guint64 v = 0; v < n_vals; v++)
    {
      const guint8 *r = vals + 10 * v;
      guint16 metric = be16 (r + 8);
      WeftHpcrunValue *out = &g_array_index (p->values_array, WeftHpcrunValue, v);

      if (metric >= n_metrics)
        return fail_at (c, (gsize)(r + 8 - c->data), "value %" G_GUINT64_FORMAT " is for metric %u of %u",
                        v, metric + 1, n_metrics);
      out->metric = metric;
      out->value = scale_value (&g_array_index (p->metrics, WeftHpcrunMetric, metric), be64 (r));
    }
  for (guint32 k = 0; k < n_nz; k++)
    {
      const guint8 *r = idx + 12 * (gsize)k;
      guint32 id = be32 (r);
      guint64 start = be64 (r + 4), end = be64 (r + 16);
      guint32 node = id_map_lookup (map, id);

      if (node == WEFT_HPCRUN_NONE)
        return fail_at (c, (gsize)(r - c->data), "values for node %u, which is not in the tree", id);
      if (start > end || end > n_vals)
        return fail_at (c, (gsize)(r + 4 - c->data), "value range %" G_GUINT64_FORMAT "–%" G_GUINT64_FORMAT
                        " of node %u is outside the %" G_GUINT64_FORMAT " values", start, end, id, n_vals);
      g_array_index (p->nodes, WeftHpcrunNode, node).first_value = (guint32)start;
      g_array_index (p->nodes, WeftHpcrunNode, node).n_values = (guint32)(end - start);
    }
  return TRUE;
}

static WeftHpcrunProfile *
parse_v4 (const guint8  *data,
          gsize          len,
          const char    *path,
          GError       **error)
{
  g_autoptr(WeftHpcrunProfile) p = profile_new (path, len);
  g_autoptr(GHashTable) lm_index = g_hash_table_new (NULL, NULL);
  Cursor c = { data, len, 0, path, error };
  Section s[N_SECTIONS];
  const guint8 *f;
  guint32 n_metrics;
  guint16 n_kinds;
  IdMap map = { 0 };
  gboolean ok;

  if (len < WEFT_HPCRUN_HEADER_LEN + FOOTER_SIZE)
    {
      fail_at (&c, len, "a 04.00 profile needs at least %d bytes for header and footer", WEFT_HPCRUN_HEADER_LEN + FOOTER_SIZE);
      return NULL;
    }
  f = data + len - FOOTER_SIZE;
  if (be64 (f + 13 * 8) != FOOTER_MAGIC)
    {
      g_autofree char *found = shown_bytes (f + 13 * 8, 8);

      fail_at (&c, len - 8, "expected the footer mark “HPCRUNsm” at the end of the file, found “%s” "
               "(is the file cut short?)", found);
      return NULL;
    }
  for (guint i = 0; i < N_SECTIONS; i++)
    {
      s[i].start = be64 (f + 16 * i);
      s[i].end = be64 (f + 16 * i + 8);
      if (s[i].start > s[i].end || s[i].end > len - FOOTER_SIZE)
        {
          fail_at (&c, len - FOOTER_SIZE + 16 * i, "the footer gives section %u as %" G_GUINT64_FORMAT "–%"
                   G_GUINT64_FORMAT ", outside the %" G_GSIZE_FORMAT " bytes before the footer",
                   i, s[i].start, s[i].end, len - FOOTER_SIZE);
          return NULL;
        }
    }
  if (be64 (f + 12 * 8) != len - FOOTER_SIZE)
    {
      fail_at (&c, len - 16, "the footer says it starts at %" G_GUINT64_FORMAT, be64 (f + 12 * 8));
      return NULL;
    }
  if (s[SEC_HDR].start != 0 || s[SEC_HDR].end < WEFT_HPCRUN_HEADER_LEN + 4)
    {
      fail_at (&c, len - FOOTER_SIZE, "the header section is not at 0 or too short");
      return NULL;
    }

  /* Each section is read only up to its end. */
  c.pos = WEFT_HPCRUN_HEADER_LEN;
  c.len = s[SEC_HDR].end;
  if (!read_nvpairs (&c, p) || !leave_section (&c, &s[SEC_HDR], "header"))
    return NULL;

  c.len = s[SEC_LOADMAP].end;
  enter_section (&c, &s[SEC_LOADMAP]);
  if (!read_loadmap (&c, p, FALSE, lm_index) || !leave_section (&c, &s[SEC_LOADMAP], "load map"))
    return NULL;

  c.len = s[SEC_METRICS].end;
  enter_section (&c, &s[SEC_METRICS]);
  if (!read_metric_table (&c, p, 20, &n_metrics) || !leave_section (&c, &s[SEC_METRICS], "metric table"))
    return NULL;

  c.len = s[SEC_IDTUPLES].end;
  enter_section (&c, &s[SEC_IDTUPLES]);
  if (!read_u16 (&c, &n_kinds, "id tuple kinds"))
    return NULL;
  for (guint i = 0; i < n_kinds; i++)
    {
      guint16 kind;
      guint32 slen;

      if (!read_u16 (&c, &kind, "id tuple kind") || !read_u32 (&c, &slen, "id tuple name")
          || !skip (&c, slen, "id tuple name"))
        return NULL;
    }
  if (!leave_section (&c, &s[SEC_IDTUPLES], "id tuple dictionary"))
    return NULL;

  c.len = s[SEC_CCT].end;
  enter_section (&c, &s[SEC_CCT]);
  ok = read_cct_v4 (&c, p, lm_index, &map) && leave_section (&c, &s[SEC_CCT], "calling context tree");
  if (ok)
    {
      c.len = s[SEC_SPARSE].end;
      enter_section (&c, &s[SEC_SPARSE]);
      ok = read_sparse_v4 (&c, p, &map) && leave_section (&c, &s[SEC_SPARSE], "sparse metrics");
    }
  id_map_clear (&map);
  if (!ok)
    return NULL;
  p->n_epochs = 1;
  return g_steal_pointer (&p);
}

WeftHpcrunProfile *
weft_hpcrun_parse (const guint8  *data,
                   gsize          len,
                   const char    *path,
                   GError       **error)
{
  char version[6];
  WeftHpcrunProfile *p = NULL;
  guint major;

  if (len < WEFT_HPCRUN_HEADER_LEN || !weft_hpcrun_is_header (data, len))
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, "%s: byte 0: not an hpcrun profile (it does not start with “%s”)",
                   path, WEFT_HPCRUN_MAGIC);
      return NULL;
    }
  memcpy (version, data + WEFT_HPCRUN_MAGIC_LEN, 5);
  version[5] = '\0';
  if (strcmp (version, "04.00") == 0)
    major = 4;
  else if (strcmp (version, "03.00") == 0)
    major = 3;
  else if (strcmp (version, "02.00") == 0)
    major = 2;
  else
    {
      g_autofree char *shown = g_strescape (version, NULL);

      g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED,
                   "%s: byte %d: hpcrun format version “%s” is not read (02.00, 03.00 and 04.00 are)",
                   path, WEFT_HPCRUN_MAGIC_LEN, shown);
      return NULL;
    }
  if (data[23] != 'b')
    {
      g_set_error (error, WEFT_ERROR, WEFT_ERROR_UNSUPPORTED, "%s: byte 23: expected the byte-order tag “b” (big-endian), found “%c”",
                   path, g_ascii_isprint (data[23]) ? data[23] : '?');
      return NULL;
    }

  if (major == 4)
    p = parse_v4 (data, len, path, error);
  else
    {
      /* Whether the metric descriptions carry the aux fields is written
       * nowhere: try the common variant, then the others; report the first
       * variant's error when none fits. */
      static const guint variants[] = { 20, 0, 28 };
      g_autoptr(GError) first = NULL;

      for (guint i = 0; i < G_N_ELEMENTS (variants) && p == NULL; i++)
        {
          g_autoptr(GError) local = NULL;

          p = parse_v2 (data, len, path, variants[i], &local);
          if (p == NULL && first == NULL)
            first = g_steal_pointer (&local);
        }
      if (p == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&first));
          return NULL;
        }
    }
  if (p != NULL)
    {
      memcpy (p->version, version, 6);
      p->major = major;
    }
  return p;
}

WeftHpcrunProfile *
weft_hpcrun_read_file (const char  *path,
                       GError     **error)
{
  g_autoptr(WeftInputMap) mapped = NULL;

  mapped = weft_input_map_open (path, error);
  if (mapped == NULL)
    return NULL;
  return weft_input_map_finish (mapped,
                                weft_hpcrun_parse ((const guint8 *)weft_input_map_get_data (mapped),
                                                   weft_input_map_get_length (mapped), path, error),
                                (GDestroyNotify)weft_hpcrun_profile_free, error);
}

typedef struct
{
  const char * const *paths;
  guint               n_paths;
  WeftLoadContext    *context;
  WeftHpcrunProfile **out;
  GError            **errors;
  gint                next;   /* atomic: the next file to read */
} ReadJob;

static gpointer
read_worker (gpointer data)
{
  ReadJob *job = data;

  for (;;)
    {
      gint i = g_atomic_int_add (&job->next, 1);

      if (i >= (gint)job->n_paths || (job->context != NULL && weft_load_context_is_cancelled (job->context)))
        break;
      job->out[i] = weft_hpcrun_read_file (job->paths[i], &job->errors[i]);
      if (job->context != NULL)
        weft_load_context_advance (job->context, 1);
    }

  return NULL;
}

void
weft_hpcrun_read_files (const char * const *paths,
                        guint               n_paths,
                        guint               n_threads,
                        WeftLoadContext    *context,
                        WeftHpcrunProfile **out,
                        GError            **errors)
{
  ReadJob job = { paths, n_paths, context, out, errors, 0 };
  g_autofree GThread **threads = NULL;
  guint n;

  g_return_if_fail (paths != NULL || n_paths == 0);

  for (guint i = 0; i < n_paths; i++)
    {
      out[i] = NULL;
      errors[i] = NULL;
    }
  n = CLAMP (n_threads, 1, MAX (n_paths, 1));
  threads = g_new0 (GThread *, n);
  for (guint t = 1; t < n; t++)
    threads[t] = g_thread_try_new ("weft-hpcrun-reader", read_worker, &job, NULL);
  read_worker (&job);
  for (guint t = 1; t < n; t++)
    if (threads[t] != NULL)
      g_thread_join (threads[t]);
}

/* weft-event-table-query.c: range queries over an event table: the
 * level-of-detail pyramid, aggregation of a time range into per-pixel
 * buckets, and kind counts over a range (range_stats).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#ifdef G_OS_UNIX
#include <sys/mman.h>
#endif

#include "weft-error.h"
#include "weft-event-table-private.h"
#include "weft-memory.h"

/* Level of detail: access and aggregation ------------------------------------- */

guint
weft_event_table_get_lod_n_levels (const WeftEventTable *self,
                                   guint                 row)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (row < self->n_rows, 0);

  return self->rows[row].n_levels;
}

gint64
weft_event_table_get_lod_width (const WeftEventTable *self,
                                guint                 row,
                                guint                 level)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (row < self->n_rows, 0);
  g_return_val_if_fail (level < self->rows[row].n_levels, 0);

  return (gint64)1 << (self->rows[row].lod_shift + level);
}

gint64
weft_event_table_get_lod_start (const WeftEventTable *self,
                                guint                 row)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (row < self->n_rows, 0);

  return self->rows[row].n_levels > 0 ? self->rows[row].tmin : 0;
}

const WeftLodBucket *
weft_event_table_get_lod_level (const WeftEventTable *self,
                                guint                 row,
                                guint                 level,
                                gsize                *n_buckets)
{
  const Row *r;

  if (n_buckets != NULL)
    *n_buckets = 0;
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (row < self->n_rows, NULL);
  g_return_val_if_fail (level < self->rows[row].n_levels, NULL);

  r = &self->rows[row];
  if (n_buckets != NULL)
    *n_buckets = r->level_offset[level + 1] - r->level_offset[level];

  return r->buckets + r->level_offset[level];
}

/* Per-kind weights of an aggregate: an open-addressing table keyed by kind
 * (NO_KIND marks a free slot), on the stack unless many kinds show up. */
typedef struct
{
  KindSum  stack[32];
  KindSum *sums;
  guint    n;
  guint    cap;     /* a power of two */
} Weights;

static void
weights_init (Weights *weights)
{
  weights->sums = weights->stack;
  weights->n = 0;
  weights->cap = G_N_ELEMENTS (weights->stack);
  /* All bits set: every kind is NO_KIND (the other fields are set on use). */
  memset (weights->stack, 0xff, sizeof weights->stack);
}

static void
weights_clear (Weights *weights)
{
  if (weights->sums != weights->stack)
    g_free (weights->sums);
}

static KindSum *
weights_slot (KindSum *sums,
              guint    cap,
              guint16  kind)
{
  guint i = (kind * 40503u) & (cap - 1);

  while (sums[i].kind != kind && sums[i].kind != NO_KIND)
    i = (i + 1) & (cap - 1);
  return &sums[i];
}

static void
weights_add (Weights *weights,
             guint16  kind,
             guint64  busy,
             guint32  count)
{
  KindSum *sum = weights_slot (weights->sums, weights->cap, kind);

  if (sum->kind == NO_KIND)
    {
      /* Keep the table at most half full so that probes stay short. */
      if (2 * (weights->n + 1) > weights->cap)
        {
          guint cap = weights->cap * 2;
          KindSum *sums = g_new (KindSum, cap);

          for (guint i = 0; i < cap; i++)
            sums[i].kind = NO_KIND;
          for (guint i = 0; i < weights->cap; i++)
            if (weights->sums[i].kind != NO_KIND)
              *weights_slot (sums, cap, weights->sums[i].kind) = weights->sums[i];
          weights_clear (weights);
          weights->sums = sums;
          weights->cap = cap;
          sum = weights_slot (sums, cap, kind);
        }
      weights->n++;
      sum->kind = kind;
      sum->busy = 0;
      sum->count = 0;
    }
  sum->busy += busy;
  sum->count += count;
}

static guint16
weights_dominant (const Weights *weights)
{
  guint16 best_busy = NO_KIND;
  guint16 best_count = NO_KIND;
  guint64 max_busy = 0;
  guint32 max_count = 0;

  for (guint i = 0; i < weights->cap; i++)
    {
      const KindSum *sum = &weights->sums[i];

      if (sum->kind == NO_KIND)
        continue;
      if (sum->busy > max_busy || (sum->busy == max_busy && sum->busy > 0 && sum->kind < best_busy))
        {
          max_busy = sum->busy;
          best_busy = sum->kind;
        }
      if (sum->count > max_count || (sum->count == max_count && sum->count > 0 && sum->kind < best_count))
        {
          max_count = sum->count;
          best_count = sum->kind;
        }
    }
  return best_busy != NO_KIND ? best_busy : best_count;
}

/* Exact sums of the events of @r over [begin, end), which is short (less
 * than two level-0 buckets), by looking at the events themselves. */
static void
aggregate_exact (const WeftEventTable *self,
                 const Row            *r,
                 gint64                begin,
                 gint64                end,
                 guint64              *busy,
                 WeftLodBucket        *result,
                 Weights              *weights)
{
  gsize first, last;

  if (end <= begin)
    return;

  for (guint lane = 0; lane < r->n_lanes; lane++)
    {
      gsize offset = r->iv_offset + r->lanes[lane];

      _weft_event_table_lane_range (self, r, lane, begin, end, &first, &last);
      for (gsize i = offset + first; i < offset + last; i++)
        {
          gint64 b = self->iv_begin[i];
          gint64 e = self->iv_end[i];
          guint64 overlap = (guint64)(MIN (e, end) - MAX (b, begin));

          *busy += overlap;
          if (b >= begin)
            result->n_intervals++;
          if (weights != NULL)
            weights_add (weights, self->iv_kind[i], overlap, b == e ? 1 : 0);
        }
    }

  _weft_event_table_instant_range (self, r, begin, end, &first, &last);
  result->n_instants += last - first;
  if (weights != NULL)
    for (gsize i = r->in_offset + first; i < r->in_offset + last; i++)
      weights_add (weights, self->in_kind[i], 0, 1);
}

static void
aggregate_row (const WeftEventTable *self,
               const Row            *r,
               gint64                begin,
               gint64                end,
               gboolean              want_kind,
               WeftLodBucket        *result)
{
  Weights weights;
  guint64 busy = 0;
  gint64 lod_end;
  gint64 a, b;
  guint64 j0, j1;
  guint level = 0;

  memset (result, 0, sizeof *result);
  result->kind = NO_KIND;
  if (r->n_levels == 0)
    return;

  /* There are no events outside the top bucket. Clamping to it rather than
   * to the last level-0 bucket keeps the pyramid's alignment: a range that is
   * one bucket of a level stays one bucket, even at the end of the row
   * (buckets past a level's last one are empty). */
  lod_end = r->tmin + ((gint64)1 << (r->lod_shift + r->n_levels - 1));
  begin = CLAMP (begin, r->tmin, lod_end);
  end = CLAMP (end, r->tmin, lod_end);
  if (end <= begin)
    return;

  weights_init (&weights);

  /* Whole level-0 buckets inside the range: [j0, j1). */
  j0 = ((guint64)(begin - r->tmin) + ((guint64)1 << r->lod_shift) - 1) >> r->lod_shift;
  j1 = (guint64)(end - r->tmin) >> r->lod_shift;
  /* A few buckets hold fewer events than the two edges' bisections cost:
   * look at the events themselves (which also makes the kind exact). */
  if (j0 + AGGREGATE_EXACT_BUCKETS >= j1)
    {
      aggregate_exact (self, r, begin, end, &busy, result, want_kind ? &weights : NULL);
    }
  else
    {
      a = r->tmin + (gint64)(j0 << r->lod_shift);
      b = r->tmin + (gint64)(j1 << r->lod_shift);
      aggregate_exact (self, r, begin, a, &busy, result, want_kind ? &weights : NULL);
      aggregate_exact (self, r, b, end, &busy, result, want_kind ? &weights : NULL);

      /* The canonical cover of [j0, j1) by pyramid buckets: O(levels). */
      while (j0 < j1)
        {
          const WeftLodBucket *buckets = r->buckets + r->level_offset[level];
          guint64 n_buckets = r->level_offset[level + 1] - r->level_offset[level];
          const WeftLodBucket *take[2] = { NULL, NULL };

          if (j0 & 1)
            {
              if (j0 < n_buckets)
                take[0] = &buckets[j0];
              j0++;
            }
          if (j1 & 1)
            {
              j1--;
              if (j1 < n_buckets)
                take[1] = &buckets[j1];
            }
          for (guint k = 0; k < 2; k++)
            {
              const WeftLodBucket *bucket = take[k];

              if (bucket == NULL)
                continue;
              busy += (guint64)bucket->busy;
              result->n_intervals += bucket->n_intervals;
              result->n_instants += bucket->n_instants;
              if (want_kind && bucket->kind != NO_KIND)
                {
                  if (bucket->busy > 0)
                    weights_add (&weights, bucket->kind, (guint64)bucket->busy, 0);
                  else
                    weights_add (&weights, bucket->kind, 0, bucket->n_intervals + bucket->n_instants);
                }
            }
          j0 >>= 1;
          j1 >>= 1;
          level++;
        }
    }

  result->busy = (gint64)busy;
  if (want_kind)
    result->kind = weights_dominant (&weights);
  weights_clear (&weights);
}

/**
 * weft_event_table_aggregate:
 *
 * Sums the events of @row over [@begin, @end) into @result: busy (overlap
 * clipped to the range), n_intervals (intervals beginning in the range) and
 * n_instants are exact. The kind is exact for ranges covering at most
 * AGGREGATE_EXACT_BUCKETS whole level-0 buckets and for ranges that are
 * exactly one pyramid bucket; for longer ranges the whole buckets inside the
 * range count with their own dominant kind, and the events at the edges with
 * theirs.
 */
void
weft_event_table_aggregate (const WeftEventTable *self,
                            guint                 row,
                            gint64                begin,
                            gint64                end,
                            WeftLodBucket        *result)
{
  g_return_if_fail (result != NULL);
  memset (result, 0, sizeof *result);
  result->kind = NO_KIND;
  g_return_if_fail (self != NULL);
  g_return_if_fail (row < self->n_rows);

  aggregate_row (self, &self->rows[row], begin, end, TRUE, result);
}

/* Range statistics ------------------------------------------------------------- */

/* Adds (sign = +1) or subtracts (-1) the kinds of positions [0, x) of a row's
 * sequence to @kind_count, from the nearest stored prefix. Unsigned
 * arithmetic wraps, and the sum of both ends is a true count. */
static void
add_prefix (const Row     *r,
            const guint16 *kinds,
            const guint32 *counts,
            guint          block_shift,
            gsize          n,
            gsize          x,
            guint64        sign,
            guint64       *kind_count)
{
  gsize block = x >> block_shift;
  gsize n_blocks = n >> block_shift;
  gsize block_size = (gsize)1 << block_shift;
  gsize from = block << block_shift;

  /* Scan forward from the previous boundary, or back from the next one. */
  if (block < n_blocks && x - from > block_size / 2)
    {
      const guint32 *c = counts + block * r->n_row_kinds;
      gsize to = (block + 1) << block_shift;

      for (guint k = 0; k < r->n_row_kinds; k++)
        kind_count[r->row_kinds[k]] += sign * c[k];
      for (gsize i = x; i < to; i++)
        kind_count[kinds[i]] -= sign;
      return;
    }

  if (block > 0)
    {
      const guint32 *c = counts + (block - 1) * r->n_row_kinds;

      for (guint k = 0; k < r->n_row_kinds; k++)
        kind_count[r->row_kinds[k]] += sign * c[k];
    }
  for (gsize i = from; i < x; i++)
    kind_count[kinds[i]] += sign;
}

static void
count_kinds (const Row     *r,
             const guint16 *kinds,
             const guint32 *counts,
             guint          block_shift,
             gsize          n,
             gsize          first,
             gsize          last,
             guint64       *kind_count)
{
  if (first >= last)
    return;

  if (r->n_row_kinds == 1)
    {
      kind_count[r->row_kinds[0]] += last - first;
      return;
    }
  if (counts == NULL || last - first <= ((gsize)1 << block_shift))
    {
      for (gsize i = first; i < last; i++)
        kind_count[kinds[i]]++;
      return;
    }
  add_prefix (r, kinds, counts, block_shift, n, last, 1, kind_count);
  add_prefix (r, kinds, counts, block_shift, n, first, (guint64)-1, kind_count);
}

/**
 * weft_event_table_range_stats:
 *
 * Returns: (transfer full): per-row busy time (exact overlap), overlapping
 *   intervals and instants in [@begin, @end); per-kind event counts
 *   (overlapping intervals, instants in the range, links by from-time) and
 *   per-pair link counts and sizes (by from-time). Free with
 *   weft_range_stats_free().
 */
WeftRangeStats *
weft_event_table_range_stats (const WeftEventTable *self,
                              gint64                begin,
                              gint64                end)
{
  WeftRangeStats *stats;
  gsize size;
  guint8 *pos;

  g_return_val_if_fail (self != NULL, NULL);

  /* One block for the struct and its arrays (all 8-byte elements). */
  size = sizeof (WeftRangeStats) +
         sizeof (gint64) * self->n_rows + 2 * sizeof (guint64) * self->n_rows +
         sizeof (guint64) * self->n_kinds + 2 * sizeof (guint64) * self->n_pairs;
  stats = g_malloc0 (size);
  pos = (guint8 *)(stats + 1);
  stats->n_rows = self->n_rows;
  stats->n_kinds = self->n_kinds;
  stats->n_pairs = self->n_pairs;
  stats->row_busy = (gint64 *)(gpointer)pos;
  pos += sizeof (gint64) * self->n_rows;
  stats->row_intervals = (guint64 *)(gpointer)pos;
  pos += sizeof (guint64) * self->n_rows;
  stats->row_instants = (guint64 *)(gpointer)pos;
  pos += sizeof (guint64) * self->n_rows;
  stats->kind_count = (guint64 *)(gpointer)pos;
  pos += sizeof (guint64) * self->n_kinds;
  stats->pair_count = (guint64 *)(gpointer)pos;
  pos += sizeof (guint64) * self->n_pairs;
  stats->pair_size = (guint64 *)(gpointer)pos;

  if (end <= begin)
    return stats;

  for (guint i = 0; i < self->n_rows; i++)
    {
      const Row *r = &self->rows[i];
      WeftLodBucket agg;
      gsize first, last;

      aggregate_row (self, r, begin, end, FALSE, &agg);
      stats->row_busy[i] = agg.busy;

      for (guint lane = 0; lane < r->n_lanes; lane++)
        {
          _weft_event_table_lane_range (self, r, lane, begin, end, &first, &last);
          stats->row_intervals[i] += last - first;
          count_kinds (r, self->iv_kind + r->iv_offset, r->iv_counts, r->iv_block_shift, r->n_intervals,
                       r->lanes[lane] + first, r->lanes[lane] + last, stats->kind_count);
        }

      _weft_event_table_instant_range (self, r, begin, end, &first, &last);
      stats->row_instants[i] = last - first;
      count_kinds (r, self->in_kind + r->in_offset, r->in_counts, r->in_block_shift, r->n_instants,
                   first, last, stats->kind_count);
    }

  for (guint p = 0; p < self->n_pairs; p++)
    {
      const Pair *pair = &self->pairs[p];
      gsize first, last;
      guint64 total = 0;

      _weft_event_table_pair_range (self, pair, begin, end, &first, &last);
      stats->pair_count[p] = last - first;
      for (gsize i = pair->offset + first; i < pair->offset + last; i++)
        {
          total += self->ln_size[i];
          stats->kind_count[self->ln_kind[i]]++;
        }
      stats->pair_size[p] = total;
    }

  return stats;
}

void
weft_range_stats_free (WeftRangeStats *stats)
{
  g_free (stats);
}

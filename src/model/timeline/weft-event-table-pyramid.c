/* weft-event-table-pyramid.c: what a worker builds for a finished row
 * besides its columns: the level-of-detail pyramid (per-kind sums swept in
 * time order, merged level by level), the kind counters of range_stats and
 * the search index (see weft-event-table-builder.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <string.h>

#include "weft-event-table-build.h"
#include "weft-memory.h"

/* Per-kind scratch sums ---------------------------------------------------------- */

static inline void
kind_add (Worker  *w,
          guint16  kind,
          guint64  busy,
          guint32  count)
{
  if (w->k_busy[kind] == 0 && w->k_count[kind] == 0)
    w->touched[w->n_touched++] = kind;
  w->k_busy[kind] += busy;
  w->k_count[kind] += count;
}

static inline void
active_inc (Worker  *w,
            guint16  kind)
{
  if (w->k_active[kind]++ == 0)
    {
      w->k_active_pos[kind] = w->n_active;
      w->active[w->n_active++] = kind;
    }
}

static inline void
active_dec (Worker  *w,
            guint16  kind)
{
  g_assert (w->k_active[kind] > 0);

  if (--w->k_active[kind] == 0)
    {
      guint pos = w->k_active_pos[kind];
      guint16 last = w->active[--w->n_active];

      w->active[pos] = last;
      w->k_active_pos[last] = pos;
    }
}

/* Closes the bucket being summed: picks the dominant kind (most busy time,
 * else most zero-length intervals and instants, the lower kind on ties),
 * appends the sums to @out (when not NULL) and clears the scratch. */
static guint16
kind_flush (Worker   *w,
            SumLists *out)
{
  guint16 best_busy = NO_KIND;
  guint16 best_count = NO_KIND;
  guint64 max_busy = 0;
  guint32 max_count = 0;

  if (out != NULL && out->n_sums + w->n_touched > out->cap)
    {
      out->cap = MAX (out->n_sums + w->n_touched, out->cap * 2);
      out->sums = g_renew (KindSum, out->sums, out->cap);
    }

  for (guint i = 0; i < w->n_touched; i++)
    {
      guint16 kind = w->touched[i];
      guint64 busy = w->k_busy[kind];
      guint32 count = w->k_count[kind];

      if (busy > max_busy || (busy == max_busy && busy > 0 && kind < best_busy))
        {
          max_busy = busy;
          best_busy = kind;
        }
      if (count > max_count || (count == max_count && count > 0 && kind < best_count))
        {
          max_count = count;
          best_count = kind;
        }
      if (out != NULL)
        {
          KindSum *sum = &out->sums[out->n_sums++];

          sum->kind = kind;
          sum->busy = busy;
          sum->count = count;
        }
      w->k_busy[kind] = 0;
      w->k_count[kind] = 0;
    }
  w->n_touched = 0;

  return best_busy != NO_KIND ? best_busy : best_count;
}

static void
sum_lists_begin (SumLists *lists,
                 gsize     n_buckets)
{
  lists->n_sums = 0;
  if (n_buckets + 1 > lists->start_cap)
    {
      g_free (lists->start);
      lists->start_cap = n_buckets + 1;
      lists->start = g_new (gsize, lists->start_cap);
    }
  lists->start[0] = 0;
}

/* Level of detail ------------------------------------------------------------- */

static guint
ceil_log2 (guint64 x)
{
  guint shift = 0;

  while (shift < 63 && (G_GUINT64_CONSTANT (1) << shift) < x)
    shift++;
  return shift;
}

/* Builds @row's pyramid from its intervals in begin order (@recs) and its
 * sorted instants. Returns FALSE when cancelled. */
gboolean
_weft_event_table_build_lod (Worker            *w,
                             Row               *row,
                             const IntervalRec *recs,
                             gsize              n,
                             const gint64      *in_time,
                             const guint16     *in_kind,
                             gsize              m)
{
  gsize n_events = n + m;
  guint64 span;
  double target;
  guint shift;
  gint64 width;
  gsize n0;
  gsize total;
  gsize ih = 0;
  gsize im = 0;
  gsize n_pending;
  guint16 *pending;
  guint32 *tail_head;
  guint32 *tail_next;
  SumLists *cur = &w->lists[0];
  SumLists *next = &w->lists[1];
  WeftLodBucket *level;
  gint64 tmin = row->tmin;

  if (n_events == 0)
    return TRUE;

  /* Level-0 width: the smallest power of two giving at least
   * LOD_EVENTS_PER_BUCKET events per bucket on average, and no wider than
   * needed for one bucket to cover the row (span < 2^62, so it fits). */
  span = (guint64)(row->tmax - tmin);
  target = (double)span * LOD_EVENTS_PER_BUCKET / (double)n_events;
  for (shift = 0; shift < 62 && ldexp (1.0, (int)shift) < target; shift++)
    ;
  shift = MIN (shift, ceil_log2 (span + 1));
  width = (gint64)1 << shift;
  n0 = (gsize)(span >> shift) + 1;

  row->lod_shift = shift;
  row->n_levels = 1;
  total = n0;
  for (gsize k = n0; k > 1; k = (k + 1) / 2)
    {
      row->n_levels++;
      total += (k + 1) / 2;
    }
  row->level_offset = g_new (gsize, row->n_levels + 1);
  row->level_offset[0] = 0;
  row->level_offset[1] = n0;
  for (guint l = 1; l < row->n_levels; l++)
    row->level_offset[l + 1] = row->level_offset[l] + (row->level_offset[l] - row->level_offset[l - 1] + 1) / 2;
  g_assert (row->level_offset[row->n_levels] == total);
  row->buckets = g_new0 (WeftLodBucket, total);
  level = row->buckets;

  /* Interval tails: a list per bucket of the intervals ending in it after
   * beginning in an earlier one. */
  tail_head = RESERVE (w, tail_head, guint32, n0);
  memset (tail_head, 0xff, n0 * sizeof (guint32));
  tail_next = RESERVE (w, tail_next, guint32, MAX (n, 1));
  for (gsize i = 0; i < n; i++)
    {
      const IntervalRec *rec = &recs[i];

      if (rec->end > rec->begin)
        {
          gsize jb = (gsize)((guint64)(rec->begin - tmin) >> shift);
          gsize je = (gsize)((guint64)(rec->end - 1 - tmin) >> shift);

          if (je > jb)
            {
              tail_next[i] = tail_head[je];
              tail_head[je] = (guint32)i;
            }
        }
    }
  pending = RESERVE (w, pending, guint16, MAX (n, 1));
  n_pending = 0;

  sum_lists_begin (cur, n0);
  for (gsize j = 0; j < n0; j++)
    {
      gint64 s = tmin + ((gint64)j << shift);
      gint64 s_next = s + width;
      WeftLodBucket *bucket = &level[j];
      guint64 busy = 0;

      /* Intervals ending here, begun before: their last piece. */
      for (guint32 t = tail_head[j]; t != G_MAXUINT32; t = tail_next[t])
        {
          const IntervalRec *rec = &recs[t];
          gsize jb = (gsize)((guint64)(rec->begin - tmin) >> shift);

          if (j > jb + 1)
            active_dec (w, rec->kind);
          kind_add (w, rec->kind, (guint64)(rec->end - s), 0);
          busy += (guint64)(rec->end - s);
        }

      /* Intervals covering the whole bucket, per kind. */
      for (guint a = 0; a < w->n_active; a++)
        {
          guint16 kind = w->active[a];
          guint64 amount = (guint64)w->k_active[kind] << shift;

          kind_add (w, kind, amount, 0);
          busy += amount;
        }

      /* Intervals beginning here. */
      for (; ih < n && recs[ih].begin < s_next; ih++)
        {
          const IntervalRec *rec = &recs[ih];
          guint64 amount = (guint64)(MIN (rec->end, s_next) - rec->begin);

          kind_add (w, rec->kind, amount, rec->end == rec->begin ? 1 : 0);
          busy += amount;
          bucket->n_intervals++;
          if (rec->end > s_next + width)
            pending[n_pending++] = rec->kind;
          if (worker_advance (w, 1))
            return FALSE;
        }

      for (; im < m && in_time[im] < s_next; im++)
        {
          kind_add (w, in_kind[im], 0, 1);
          bucket->n_instants++;
        }

      bucket->busy = (gint64)busy;
      bucket->kind = kind_flush (w, cur);
      cur->start[j + 1] = cur->n_sums;

      for (gsize p = 0; p < n_pending; p++)
        active_inc (w, pending[p]);
      n_pending = 0;
    }
  g_assert (w->n_active == 0);

  /* Each parent sums its two children, kind by kind. */
  for (guint l = 1; l < row->n_levels; l++)
    {
      WeftLodBucket *children = row->buckets + row->level_offset[l - 1];
      gsize n_children = row->level_offset[l] - row->level_offset[l - 1];
      WeftLodBucket *parents = row->buckets + row->level_offset[l];
      gsize n_parents = row->level_offset[l + 1] - row->level_offset[l];
      gboolean keep = l + 1 < row->n_levels;
      SumLists *swap;

      sum_lists_begin (next, n_parents);
      for (gsize p = 0; p < n_parents; p++)
        {
          WeftLodBucket *parent = &parents[p];
          gsize c_end = MIN (2 * p + 2, n_children);

          for (gsize c = 2 * p; c < c_end; c++)
            {
              parent->busy += children[c].busy;
              parent->n_intervals += children[c].n_intervals;
              parent->n_instants += children[c].n_instants;
              for (gsize k = cur->start[c]; k < cur->start[c + 1]; k++)
                kind_add (w, cur->sums[k].kind, cur->sums[k].busy, cur->sums[k].count);
            }
          parent->kind = kind_flush (w, keep ? next : NULL);
          next->start[p + 1] = next->n_sums;
        }

      swap = cur;
      cur = next;
      next = swap;
    }

  return TRUE;
}

/* Kind counters ---------------------------------------------------------------- */

/* Block size for the prefix counts of @n_row_kinds kinds: at least 16 events
 * per counter so that they cost at most 4/16 byte per event. */
static guint
block_shift_for (guint n_row_kinds)
{
  return MAX (6, ceil_log2 ((guint64)n_row_kinds * 16));
}

static guint32 *
build_counts (const guint16 *kinds,
              gsize          n,
              const guint16 *local,
              guint          n_row_kinds,
              guint          block_shift)
{
  gsize n_blocks = n >> block_shift;
  guint32 *counts;

  if (n_blocks == 0 || n_row_kinds <= 1)
    return NULL;

  counts = g_new (guint32, n_blocks * n_row_kinds);
  for (gsize b = 0; b < n_blocks; b++)
    {
      guint32 *block = counts + b * n_row_kinds;
      gsize from = b << block_shift;
      gsize to = (b + 1) << block_shift;

      if (b == 0)
        memset (block, 0, sizeof (guint32) * n_row_kinds);
      else
        memcpy (block, block - n_row_kinds, sizeof (guint32) * n_row_kinds);
      for (gsize i = from; i < to; i++)
        block[local[kinds[i]]]++;
    }

  return counts;
}

void
_weft_event_table_build_kind_counters (Worker         *w,
                                       WeftEventTable *table,
                                       Row            *row)
{
  const guint16 *iv_kind = table->iv_kind + row->iv_offset;
  const guint16 *in_kind = table->in_kind + row->in_offset;
  guint n_row_kinds = 0;

  /* Mark the kinds present, then number them in kind order. */
  for (gsize i = 0; i < row->n_intervals; i++)
    w->local[iv_kind[i]] = 0;
  for (gsize i = 0; i < row->n_instants; i++)
    w->local[in_kind[i]] = 0;
  for (guint k = 0; k < table->n_kinds; k++)
    if (w->local[k] != NO_KIND)
      n_row_kinds++;

  row->n_row_kinds = n_row_kinds;
  row->row_kinds = g_new (guint16, MAX (1, n_row_kinds));
  for (guint k = 0, r = 0; k < table->n_kinds && r < n_row_kinds; k++)
    if (w->local[k] != NO_KIND)
      {
        w->local[k] = r;
        row->row_kinds[r++] = k;
      }

  row->iv_block_shift = block_shift_for (n_row_kinds);
  row->in_block_shift = row->iv_block_shift;
  row->iv_counts = build_counts (iv_kind, row->n_intervals, w->local, n_row_kinds, row->iv_block_shift);
  row->in_counts = build_counts (in_kind, row->n_instants, w->local, n_row_kinds, row->in_block_shift);

  for (guint r = 0; r < n_row_kinds; r++)
    w->local[row->row_kinds[r]] = NO_KIND;
}

/* Search index -------------------------------------------------------------------- */

void
_weft_event_table_build_search_index (WeftEventTable *table,
                                      Row            *row)
{
  gsize n_events = row->n_intervals + row->n_instants;
  gsize n_cols = row->n_lanes + 1;
  gsize budget = n_events / SEARCH_INDEX_BUDGET;
  guint level = 0;
  gsize n_coarse;

  if (row->n_levels == 0 || n_events < SEARCH_INDEX_MIN_EVENTS)
    return;

  /* The finest level whose table fits the budget (the top level always does
   * for rows this big, unless they have hundreds of lanes: then it is a bit
   * over, which is still small). */
  for (;;)
    {
      n_coarse = row->level_offset[level + 1] - row->level_offset[level];
      if ((n_coarse + 1) * n_cols * sizeof (guint32) <= budget || level + 1 == row->n_levels)
        break;
      level++;
    }

  row->index_shift = row->lod_shift + level;
  row->n_coarse = n_coarse;
  row->search_index = g_new (guint32, (n_coarse + 1) * n_cols);

  /* One merge-like walk per lane: times and predicates only grow. */
  for (guint lane = 0; lane < row->n_lanes; lane++)
    {
      const gint64 *begin = table->iv_begin + row->iv_offset + row->lanes[lane];
      const gint64 *end = table->iv_end + row->iv_offset + row->lanes[lane];
      gsize n = row->lanes[lane + 1] - row->lanes[lane];
      gsize i = 0;

      for (gsize k = 0; k <= n_coarse; k++)
        {
          gint64 t = row->tmin + (gint64)(k << row->index_shift);

          while (i < n && (end[i] < t || (end[i] == t && begin[i] < t)))
            i++;
          row->search_index[k * n_cols + lane] = (guint32)i;
        }
    }
  {
    const gint64 *times = table->in_time + row->in_offset;
    gsize i = 0;

    for (gsize k = 0; k <= n_coarse; k++)
      {
        gint64 t = row->tmin + (gint64)(k << row->index_shift);

        while (i < row->n_instants && times[i] < t)
          i++;
        row->search_index[k * n_cols + row->n_lanes] = (guint32)i;
      }
  }
}

/* weft-event-table-sort.c: sorting a row's records before they are packed:
 * insertion sort for short or nearly sorted runs (it gives up on input far
 * from sorted), an introsort otherwise, a merge sort for links; each checks
 * for cancellation now and then.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-event-table-build.h"
#include "weft-memory.h"

/* Sorting ----------------------------------------------------------------------- */


/* Intervals: by begin, longer first at equal begins (so that an enclosing
 * interval takes the lower lane), then the remaining fields so that the
 * result does not depend on the input order. */
static inline gboolean
interval_less (const IntervalRec *a,
               const IntervalRec *b)
{
  if (a->begin != b->begin)
    return a->begin < b->begin;
  if (a->end != b->end)
    return a->end > b->end;
  if (a->kind != b->kind)
    return a->kind < b->kind;
  if (a->label != b->label)
    return a->label < b->label;
  return a->ref < b->ref;
}

/* Links are sorted one pair at a time (the builder groups a row's links by
 * target first), so to_row is never compared. */
static inline gboolean
link_less (const LinkRec *a,
           const LinkRec *b)
{
  if (a->from_time != b->from_time)
    return a->from_time < b->from_time;
  if (a->to_time != b->to_time)
    return a->to_time < b->to_time;
  if (a->kind != b->kind)
    return a->kind < b->kind;
  if (a->size != b->size)
    return a->size < b->size;
  if (a->label != b->label)
    return a->label < b->label;
  return a->ref < b->ref;
}

#define SORT_INSERTION_MAX    24
#define SORT_EARLY_RECORDS  4096
#define SORT_CHECK_MIN     65536

/* Insertion sorts per record type (inlined comparisons): plain, and one
 * that gives up on input far from sorted. */
#define DEFINE_INSERTION_SORTS(prefix, Type, less)                              \
static void                                                                     \
prefix##_insertion (Type  *a,                                                   \
                    gsize  n)                                                   \
{                                                                               \
  for (gsize i = 1; i < n; i++)                                                 \
    {                                                                           \
      Type x = a[i];                                                            \
      gsize j = i;                                                              \
                                                                                \
      while (j > 0 && less (&x, &a[j - 1]))                                     \
        {                                                                       \
          a[j] = a[j - 1];                                                      \
          j--;                                                                  \
        }                                                                       \
      a[j] = x;                                                                 \
    }                                                                           \
}                                                                               \
                                                                                \
/* Insertion sort that gives up once it has made more than                 \
 * @moves_per_record moves per record so far (counting at least             \
 * SORT_EARLY_RECORDS: a few far records at the start are no sign), or when \
 * one record belongs more than @max_distance places back; the array stays  \
 * a permutation either way. Input out of order all along is seen early,    \
 * not after 8 moves per record of the whole array. */                      \
static gboolean                                                                 \
prefix##_insertion_bounded (Type  *a,                                           \
                            gsize  n,                                           \
                            gsize  moves_per_record,                            \
                            gsize  max_distance)                                \
{                                                                               \
  gsize moves = 0;                                                              \
                                                                                \
  for (gsize i = 1; i < n; i++)                                                 \
    {                                                                           \
      Type x;                                                                   \
      gsize j = i;                                                              \
                                                                                \
      if (!less (&a[i], &a[i - 1]))                                             \
        continue;                                                               \
      x = a[i];                                                                 \
      while (j > 0 && less (&x, &a[j - 1]))                                     \
        {                                                                       \
          if (i - j >= max_distance)                                            \
            {                                                                   \
              a[j] = x;                                                         \
              return FALSE;                                                     \
            }                                                                   \
          a[j] = a[j - 1];                                                      \
          j--;                                                                  \
        }                                                                       \
      a[j] = x;                                                                 \
      moves += i - j;                                                           \
      if (moves > moves_per_record * MAX (i, SORT_EARLY_RECORDS))               \
        return FALSE;                                                           \
    }                                                                           \
  return TRUE;                                                                  \
}

/* An introsort per record type: quicksort with a median-of-three pivot,
 * insertion sort for short runs, heapsort when the recursion gets too deep.
 * Inlined comparisons make it several times faster than qsort(); big
 * partitions check for cancellation. Returns FALSE when cancelled. */
#define DEFINE_SORT(prefix, Type, less)                                         \
DEFINE_INSERTION_SORTS (prefix, Type, less)                                     \
static void                                                                     \
prefix##_sift (Type  *a,                                                        \
               gsize  root,                                                     \
               gsize  n)                                                        \
{                                                                               \
  Type x = a[root];                                                             \
                                                                                \
  for (;;)                                                                      \
    {                                                                           \
      gsize child = 2 * root + 1;                                               \
                                                                                \
      if (child >= n)                                                           \
        break;                                                                  \
      if (child + 1 < n && less (&a[child], &a[child + 1]))                     \
        child++;                                                                \
      if (!less (&x, &a[child]))                                                \
        break;                                                                  \
      a[root] = a[child];                                                       \
      root = child;                                                             \
    }                                                                           \
  a[root] = x;                                                                  \
}                                                                               \
                                                                                \
static void                                                                     \
prefix##_heapsort (Type  *a,                                                    \
                   gsize  n)                                                    \
{                                                                               \
  for (gsize i = n / 2; i-- > 0;)                                               \
    prefix##_sift (a, i, n);                                                    \
  for (gsize i = n; i-- > 1;)                                                   \
    {                                                                           \
      Type x = a[0];                                                            \
                                                                                \
      a[0] = a[i];                                                              \
      a[i] = x;                                                                 \
      prefix##_sift (a, 0, i);                                                  \
    }                                                                           \
}                                                                               \
                                                                                \
static gboolean                                                                 \
prefix##_sort_depth (Type   *a,                                                 \
                     gsize   n,                                                 \
                     guint   depth,                                             \
                     Worker *w)                                                 \
{                                                                               \
  while (n > SORT_INSERTION_MAX)                                                \
    {                                                                           \
      Type pivot;                                                               \
      Type tmp;                                                                 \
      gsize mid = n / 2;                                                        \
      gssize i = -1;                                                            \
      gssize j = (gssize)n;                                                     \
                                                                                \
      if (n >= SORT_CHECK_MIN && _weft_event_table_worker_check (w))                              \
        return FALSE;                                                           \
      if (depth == 0)                                                           \
        {                                                                       \
          prefix##_heapsort (a, n);                                             \
          return TRUE;                                                          \
        }                                                                       \
      depth--;                                                                  \
                                                                                \
      if (less (&a[mid], &a[0]))                                                \
        { tmp = a[mid]; a[mid] = a[0]; a[0] = tmp; }                            \
      if (less (&a[n - 1], &a[0]))                                              \
        { tmp = a[n - 1]; a[n - 1] = a[0]; a[0] = tmp; }                        \
      if (less (&a[n - 1], &a[mid]))                                            \
        { tmp = a[n - 1]; a[n - 1] = a[mid]; a[mid] = tmp; }                    \
      pivot = a[mid];                                                           \
                                                                                \
      /* Hoare partition: a[0] <= pivot <= a[n-1] keeps both scans in range  \
       * and both parts non-empty. */                                           \
      for (;;)                                                                  \
        {                                                                       \
          do i++; while (less (&a[i], &pivot));                                 \
          do j--; while (less (&pivot, &a[j]));                                 \
          if (i >= j)                                                           \
            break;                                                              \
          tmp = a[i]; a[i] = a[j]; a[j] = tmp;                                  \
        }                                                                       \
                                                                                \
      /* Recurse into the smaller part, loop on the larger one. */              \
      if ((gsize)(j + 1) < n - (gsize)(j + 1))                                  \
        {                                                                       \
          if (!prefix##_sort_depth (a, (gsize)(j + 1), depth, w))               \
            return FALSE;                                                       \
          a += j + 1;                                                           \
          n -= (gsize)(j + 1);                                                  \
        }                                                                       \
      else                                                                      \
        {                                                                       \
          if (!prefix##_sort_depth (a + j + 1, n - (gsize)(j + 1), depth, w))   \
            return FALSE;                                                       \
          n = (gsize)(j + 1);                                                   \
        }                                                                       \
    }                                                                           \
  prefix##_insertion (a, n);                                                    \
  return TRUE;                                                                  \
}                                                                               \
                                                                                \
static gboolean                                                                 \
prefix##_sort (Type   *a,                                                       \
               gsize   n,                                                       \
               Worker *w)                                                       \
{                                                                               \
  /* Readers mostly write in nearly time order (a task when it ends, files   \
   * read in parallel): then a few moves per record suffice. Past a budget  \
   * of SORT_MOVES_PER_RECORD per record the input is treated as random. */    \
  if (prefix##_insertion_bounded (a, n, SORT_MOVES_PER_RECORD, G_MAXSIZE))      \
    return TRUE;                                                                \
                                                                                \
  return prefix##_sort_depth (a, n, 2 * g_bit_storage (n), w);                  \
}

DEFINE_SORT (instant, InstantRec, _weft_event_table_instant_less)
DEFINE_INSERTION_SORTS (interval, IntervalRec, interval_less)
DEFINE_INSERTION_SORTS (link, LinkRec, link_less)

/* Records that come as a few sorted runs, each nearly in order: a pair's
 * links (one run per reader pass that added them: a locale's gets from a
 * peer, then the peer's puts to it), a row's intervals (MPD: its bodies, then
 * its waits). A bottom-up merge sort that skips the merges of runs already in
 * order, and trims what is in place at both ends of the others, sorts that in
 * a few passes over the data, where insertion sort gives up and quicksort
 * starts from scratch. @tmp holds n records. */
#define DEFINE_MERGE_SORT(prefix, Type, less)                                   \
static gboolean                                                                 \
prefix##_merge_sort (Type   *a,                                                 \
                     gsize   n,                                                 \
                     Type   *tmp,                                               \
                     Worker *w)                                                 \
{                                                                               \
  const gsize block = 32;                                                       \
                                                                                \
  for (gsize i = 0; i < n; i += block)                                          \
    prefix##_insertion (a + i, MIN (block, n - i));                             \
                                                                                \
  for (gsize width = block; width < n; width *= 2)                              \
    {                                                                           \
      if (n >= SORT_CHECK_MIN && _weft_event_table_worker_check (w))            \
        return FALSE;                                                           \
                                                                                \
      for (gsize lo = 0; lo + width < n; lo += 2 * width)                       \
        {                                                                       \
          gsize mid = lo + width;                                               \
          gsize hi = MIN (lo + 2 * width, n);                                   \
          gsize first, last, i, j, k, n_left;                                   \
                                                                                \
          if (!less (&a[mid], &a[mid - 1]))                                     \
            continue;                                                           \
                                                                                \
          /* The left run's records not after a[mid], and the right run's       \
           * not before a[mid - 1], are in place already. */                    \
          first = lo;                                                           \
          last = mid;                                                           \
          while (first < last)                                                  \
            {                                                                   \
              gsize m = first + (last - first) / 2;                             \
                                                                                \
              if (less (&a[mid], &a[m]))                                        \
                last = m;                                                       \
              else                                                              \
                first = m + 1;                                                  \
            }                                                                   \
          i = mid;                                                              \
          last = hi;                                                            \
          while (i < last)                                                      \
            {                                                                   \
              gsize m = i + (last - i) / 2;                                     \
                                                                                \
              if (less (&a[m], &a[mid - 1]))                                    \
                i = m + 1;                                                      \
              else                                                              \
                last = m;                                                       \
            }                                                                   \
          hi = i;                                                               \
                                                                                \
          /* Merge [first, mid) (copied out) with [mid, hi), stably. */         \
          n_left = mid - first;                                                 \
          memcpy (tmp, a + first, n_left * sizeof *a);                          \
          i = 0;                                                                \
          j = mid;                                                              \
          k = first;                                                            \
          while (i < n_left && j < hi)                                          \
            a[k++] = less (&a[j], &tmp[i]) ? a[j++] : tmp[i++];                 \
          while (i < n_left)                                                    \
            a[k++] = tmp[i++];                                                  \
        }                                                                       \
    }                                                                           \
                                                                                \
  return TRUE;                                                                  \
}

DEFINE_MERGE_SORT (link, LinkRec, link_less)
DEFINE_MERGE_SORT (interval, IntervalRec, interval_less)

/* The sorts the workers call. */

/* A row's intervals: nearly in order (insertion), or a few runs of it (the
 * merge sort: an MPD row's bodies, then its waits, 6-10% of them out of
 * order, took the quicksort 101 M instructions in a 10^6-line trace and
 * take it 49 M). The merge sort's n records of room come from the buffer
 * @tmp, grown if need be. */
gboolean
_weft_event_table_interval_sort (IntervalRec    *a,
                                 gsize           n,
                                 WeftPageBuffer *tmp,
                                 Worker         *w)
{
  if (interval_insertion_bounded (a, n, SORT_MOVES_PER_RECORD, G_MAXSIZE))
    return TRUE;
  return interval_merge_sort (a, n, weft_page_buffer_reserve (tmp, w->job->recycler, n * sizeof *a), w);
}

gboolean
_weft_event_table_instant_sort (InstantRec *a,
                                gsize       n,
                                Worker     *w)
{
  return instant_sort (a, n, w);
}

gboolean
_weft_event_table_link_merge_sort (LinkRec *a,
                                   gsize    n,
                                   LinkRec *tmp,
                                   Worker  *w)
{
  return link_merge_sort (a, n, tmp, w);
}

gboolean
_weft_event_table_link_insertion_bounded (LinkRec *a,
                                          gsize    n,
                                          gsize    moves_per_record,
                                          gsize    max_distance)
{
  return link_insertion_bounded (a, n, moves_per_record, max_distance);
}

/* weft-chplvis-trace.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-chplvis-trace.h"
#include "weft-error.h"

/* As written before the colon: also the keys of weft-cli's "records". */
static const char *const record_kind_names[WEFT_CHPLVIS_N_RECORD_KINDS] = {
  [WEFT_CHPLVIS_RECORD_HEADER] = "ChplVdebug",
  [WEFT_CHPLVIS_RECORD_CHPL_HOME] = "CHPL_HOME",
  [WEFT_CHPLVIS_RECORD_DIR] = "DIR",
  [WEFT_CHPLVIS_RECORD_SAVEC] = "SAVEC",
  [WEFT_CHPLVIS_RECORD_TABLESIZE] = "Tablesize",
  [WEFT_CHPLVIS_RECORD_FNAME] = "fname",
  [WEFT_CHPLVIS_RECORD_FIDNSIZE] = "FIDNsize",
  [WEFT_CHPLVIS_RECORD_FIDNAME] = "FIDname",
  [WEFT_CHPLVIS_RECORD_TNAME] = "tname",
  [WEFT_CHPLVIS_RECORD_VDBMARK] = "VdbMark",
  [WEFT_CHPLVIS_RECORD_TAG] = "Tag",
  [WEFT_CHPLVIS_RECORD_PAUSE] = "Pause",
  [WEFT_CHPLVIS_RECORD_END] = "End",
  [WEFT_CHPLVIS_RECORD_TASK] = "task",
  [WEFT_CHPLVIS_RECORD_BTASK] = "Btask",
  [WEFT_CHPLVIS_RECORD_ETASK] = "Etask",
  [WEFT_CHPLVIS_RECORD_GET] = "get",
  [WEFT_CHPLVIS_RECORD_NB_GET] = "nb_get",
  [WEFT_CHPLVIS_RECORD_ST_GET] = "st_get",
  [WEFT_CHPLVIS_RECORD_PUT] = "put",
  [WEFT_CHPLVIS_RECORD_NB_PUT] = "nb_put",
  [WEFT_CHPLVIS_RECORD_ST_PUT] = "st_put",
  [WEFT_CHPLVIS_RECORD_FORK] = "fork",
  [WEFT_CHPLVIS_RECORD_FORK_NB] = "fork_nb",
  [WEFT_CHPLVIS_RECORD_F_FORK] = "f_fork",
};

const char *
weft_chplvis_record_kind_name (WeftChplvisRecordKind kind)
{
  g_return_val_if_fail (kind < WEFT_CHPLVIS_N_RECORD_KINDS, NULL);

  return record_kind_names[kind];
}

/**
 * weft_chplvis_record_kind_from_name:
 *
 * Returns: the kind written as @name ("fork_nb"), or -1.
 */
int
weft_chplvis_record_kind_from_name (const char *name)
{
  g_return_val_if_fail (name != NULL, -1);

  for (int i = 0; i < WEFT_CHPLVIS_N_RECORD_KINDS; i++)
    if (g_str_equal (name, record_kind_names[i]))
      return i;

  return -1;
}

/* Tables --------------------------------------------------------------------- */

static void
function_clear (gpointer data)
{
  WeftChplvisFunction *function = data;

  g_clear_pointer (&function->name, g_free);
}

static void
weft_chplvis_tables_init (WeftChplvisTables *tables)
{
  memset (tables, 0, sizeof *tables);
  tables->table_size = -1;
  tables->fid_table_size = -1;
  tables->files = g_ptr_array_new_with_free_func (g_free);
  tables->functions = g_array_new (FALSE, TRUE, sizeof (WeftChplvisFunction));
  g_array_set_clear_func (tables->functions, function_clear);
  tables->tag_names = g_ptr_array_new_with_free_func (g_free);
}

static void
weft_chplvis_tables_clear (WeftChplvisTables *tables)
{
  g_clear_pointer (&tables->chpl_home, g_free);
  g_clear_pointer (&tables->dir, g_free);
  g_clear_pointer (&tables->savec, g_free);
  g_clear_pointer (&tables->files, g_ptr_array_unref);
  g_clear_pointer (&tables->functions, g_array_unref);
  g_clear_pointer (&tables->tag_names, g_ptr_array_unref);
}

static gboolean
tables_are_empty (const WeftChplvisTables *tables)
{
  return tables->chpl_home == NULL && tables->dir == NULL && tables->savec == NULL &&
         tables->table_size < 0 && tables->fid_table_size < 0 && tables->files->len == 0 &&
         tables->functions->len == 0 && tables->tag_names->len == 0;
}

/* Fills the holes of @into from @from (moving the strings). */
static void
tables_fill_from (WeftChplvisTables *into,
                  WeftChplvisTables *from)
{
  if (into->chpl_home == NULL)
    into->chpl_home = g_steal_pointer (&from->chpl_home);
  if (into->dir == NULL)
    into->dir = g_steal_pointer (&from->dir);
  if (into->savec == NULL)
    into->savec = g_steal_pointer (&from->savec);
  if (into->table_size < 0)
    into->table_size = from->table_size;
  if (into->fid_table_size < 0)
    into->fid_table_size = from->fid_table_size;

  if (into->files->len < from->files->len)
    g_ptr_array_set_size (into->files, from->files->len);
  for (guint i = 0; i < from->files->len; i++)
    if (g_ptr_array_index (into->files, i) == NULL)
      into->files->pdata[i] = g_steal_pointer (&from->files->pdata[i]);

  if (into->functions->len < from->functions->len)
    g_array_set_size (into->functions, from->functions->len);
  for (guint i = 0; i < from->functions->len; i++)
    {
      WeftChplvisFunction *dst = &g_array_index (into->functions, WeftChplvisFunction, i);
      WeftChplvisFunction *src = &g_array_index (from->functions, WeftChplvisFunction, i);

      if (dst->name == NULL && src->name != NULL)
        {
          *dst = *src;
          src->name = NULL;
        }
    }

  if (into->tag_names->len < from->tag_names->len)
    g_ptr_array_set_size (into->tag_names, from->tag_names->len);
  for (guint i = 0; i < from->tag_names->len; i++)
    if (g_ptr_array_index (into->tag_names, i) == NULL)
      into->tag_names->pdata[i] = g_steal_pointer (&from->tag_names->pdata[i]);
}

/* Sparse columns -------------------------------------------------------------- */

/**
 * weft_chplvis_sparse_append:
 * @record: above every record already in @sparse
 *
 * Keeps @value aside for @record.
 */
void
weft_chplvis_sparse_append (WeftChplvisSparse *sparse,
                            guint32            record,
                            guint64            value)
{
  g_return_if_fail (sparse->n == 0 || sparse->record[sparse->n - 1] < record);

  if (sparse->n == sparse->capacity)
    {
      sparse->capacity = MAX (16, sparse->capacity * 2);
      sparse->record = g_renew (guint32, sparse->record, sparse->capacity);
      sparse->value = g_renew (guint64, sparse->value, sparse->capacity);
    }
  sparse->record[sparse->n] = record;
  sparse->value[sparse->n] = value;
  sparse->n++;
}

/**
 * weft_chplvis_sparse_lookup:
 *
 * Returns: whether @record has a value in @sparse, then in *@value.
 */
gboolean
weft_chplvis_sparse_lookup (const WeftChplvisSparse *sparse,
                            guint32                  record,
                            guint64                 *value)
{
  guint32 lo = 0, hi = sparse->n;

  while (lo < hi)
    {
      guint32 mid = lo + (hi - lo) / 2;

      if (sparse->record[mid] < record)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == sparse->n || sparse->record[lo] != record)
    return FALSE;
  *value = sparse->value[lo];

  return TRUE;
}

/* Gives back what the doubling growth reserved. */
void
weft_chplvis_sparse_trim (WeftChplvisSparse *sparse)
{
  if (sparse->capacity == sparse->n)
    return;
  sparse->capacity = sparse->n;
  sparse->record = g_renew (guint32, sparse->record, sparse->capacity);
  sparse->value = g_renew (guint64, sparse->value, sparse->capacity);
}

static void
sparse_clear (WeftChplvisSparse *sparse)
{
  g_clear_pointer (&sparse->record, g_free);
  g_clear_pointer (&sparse->value, g_free);
  sparse->n = sparse->capacity = 0;
}

static gsize
sparse_get_memory (const WeftChplvisSparse *sparse)
{
  return (gsize)sparse->capacity * (sizeof (guint32) + sizeof (guint64));
}

/* Locale --------------------------------------------------------------------- */

WeftChplvisLocale *
weft_chplvis_locale_new (void)
{
  WeftChplvisLocale *locale = g_new0 (WeftChplvisLocale, 1);

  locale->nid = -1;
  weft_chplvis_tables_init (&locale->tables);

  return locale;
}

void
weft_chplvis_locale_free (WeftChplvisLocale *locale)
{
  if (locale == NULL)
    return;

  g_free (locale->path);
  g_free (locale->marks);

  g_free (locale->tasks.tid);
  g_free (locale->tasks.parent);
  g_free (locale->tasks.create_time);
  g_free (locale->tasks.begin_time);
  g_free (locale->tasks.end_time);
  g_free (locale->tasks.fid);
  g_free (locale->tasks.src_line);
  g_free (locale->tasks.src_file);
  g_free (locale->tasks.line);
  g_free (locale->tasks.begin_line);
  g_free (locale->tasks.end_line);
  g_free (locale->tasks.flags);

  g_free (locale->sched);

  g_free (locale->comms.time);
  sparse_clear (&locale->comms.other_tid);
  g_free (locale->comms.elem_size);
  sparse_clear (&locale->comms.wide_elem_size);
  sparse_clear (&locale->comms.wide_length);
  g_free (locale->comms.length);
  g_free (locale->comms.comm_id);
  g_free (locale->comms.src_line);
  g_free (locale->comms.src_file);
  g_free (locale->comms.line);
  g_free (locale->comms.task);
  g_free (locale->comms.peer);
  g_free (locale->comms.kind);
  g_free (locale->comms.flags);

  g_free (locale->forks.time);
  sparse_clear (&locale->forks.other_tid);
  sparse_clear (&locale->forks.wide_arg_size);
  g_free (locale->forks.arg_size);
  g_free (locale->forks.fid);
  g_free (locale->forks.subloc);
  g_free (locale->forks.src_line);
  g_free (locale->forks.src_file);
  g_free (locale->forks.line);
  g_free (locale->forks.task);
  g_free (locale->forks.peer);
  g_free (locale->forks.kind);
  g_free (locale->forks.flags);

  weft_chplvis_tables_clear (&locale->tables);
  g_free (locale);
}

/* Bytes held by the columns (capacity, not just the used part). */
static gsize
weft_chplvis_locale_get_memory (const WeftChplvisLocale *locale)
{
  gsize size = sizeof *locale;

  size += (gsize)locale->marks_capacity * sizeof (WeftChplvisMark);
  size += (gsize)locale->tasks.capacity * (5 * sizeof (gint64) + 6 * sizeof (gint32) + 1);
  size += (gsize)locale->sched_capacity * sizeof (guint32);
  size += (gsize)locale->comms.capacity * (sizeof (gint64) + 6 * sizeof (gint32) + 2 + 2 + 2);
  size += sparse_get_memory (&locale->comms.other_tid) + sparse_get_memory (&locale->comms.wide_elem_size) +
          sparse_get_memory (&locale->comms.wide_length);
  size += (gsize)locale->forks.capacity * (sizeof (gint64) + 7 * sizeof (gint32) + 2 + 2);
  size += sparse_get_memory (&locale->forks.other_tid) + sparse_get_memory (&locale->forks.wide_arg_size);

  return size;
}

/**
 * weft_chplvis_locale_dup_segments:
 * @n_segments: how many segments to describe (the run's tags + 1)
 *
 * Finds, in one pass over the marks, the part of each column that belongs to
 * each segment: 0 is Start, k + 1 is tag k. Segments the locale never reached
 * are not present.
 *
 * Returns: (transfer full) (array length=n_segments): the segments.
 */
WeftChplvisSegment *
weft_chplvis_locale_dup_segments (const WeftChplvisLocale *locale,
                                  guint                    n_segments)
{
  WeftChplvisSegment *segments;
  guint current = 0;

  g_return_val_if_fail (locale != NULL, NULL);
  g_return_val_if_fail (n_segments > 0, NULL);

  segments = g_new0 (WeftChplvisSegment, n_segments);
  segments[0].present = TRUE;
  for (guint32 i = 0; i < locale->n_marks; i++)
    {
      const WeftChplvisMark *mark = &locale->marks[i];
      WeftChplvisSegment *previous = &segments[current];

      if (mark->kind != WEFT_CHPLVIS_MARK_TAG)
        continue;

      previous->task_end = mark->n_tasks;
      previous->sched_end = mark->n_sched;
      previous->comm_end = mark->n_comms;
      previous->fork_end = mark->n_forks;

      current++;
      if (current >= n_segments)
        return segments;

      segments[current].present = TRUE;
      segments[current].tag_mark = mark;
      segments[current].task_begin = mark->n_tasks;
      segments[current].sched_begin = mark->n_sched;
      segments[current].comm_begin = mark->n_comms;
      segments[current].fork_begin = mark->n_forks;
    }

  segments[current].task_end = locale->tasks.n;
  segments[current].sched_end = locale->n_sched;
  segments[current].comm_end = locale->comms.n;
  segments[current].fork_end = locale->forks.n;

  return segments;
}

/**
 * weft_chplvis_locale_get_segment:
 * @segment: 0 for Start, k + 1 for tag k
 *
 * Finds the part of each column that belongs to @segment.
 */
void
weft_chplvis_locale_get_segment (const WeftChplvisLocale *locale,
                                 guint                    segment,
                                 WeftChplvisSegment      *out)
{
  g_autofree WeftChplvisSegment *segments = NULL;

  g_return_if_fail (locale != NULL);
  g_return_if_fail (out != NULL);

  segments = weft_chplvis_locale_dup_segments (locale, segment + 1);
  *out = segments[segment];
}

/**
 * weft_chplvis_locale_task_segment:
 *
 * Returns: the segment (0 = Start, k + 1 = tag k) in which @task was created.
 */
guint
weft_chplvis_locale_task_segment (const WeftChplvisLocale *locale,
                                  guint32                  task)
{
  guint segment = 0;

  g_return_val_if_fail (locale != NULL, 0);

  for (guint32 i = 0; i < locale->n_marks; i++)
    {
      const WeftChplvisMark *mark = &locale->marks[i];

      if (mark->kind != WEFT_CHPLVIS_MARK_TAG)
        continue;
      if (mark->n_tasks > task)
        break;
      segment++;
    }

  return segment;
}

/**
 * weft_chplvis_locale_get_end_time:
 *
 * Returns: the time of the End record, or of the latest record when the file
 *   has none (a crashed run), in µs.
 */
gint64
weft_chplvis_locale_get_end_time (const WeftChplvisLocale *locale)
{
  g_return_val_if_fail (locale != NULL, 0);

  for (guint32 i = locale->n_marks; i > 0; i--)
    if (locale->marks[i - 1].kind == WEFT_CHPLVIS_MARK_END)
      return locale->marks[i - 1].sample.time;

  return locale->last_time;
}

/* Trace ---------------------------------------------------------------------- */

static int
compare_ints (gconstpointer a,
              gconstpointer b)
{
  int x = *(const int *)a;
  int y = *(const int *)b;

  return (x > y) - (x < y);
}

/* The file whose node count the run is taken to have: locale 0's when it is
 * there, else the first of those holding the count most files agree on. */
static const WeftChplvisLocale *
declared_nodes (WeftChplvisLocale **by_nid,
                GPtrArray          *all)
{
  g_autoptr(GArray) counts = NULL;
  int best = 0;
  guint best_run = 0;

  if (by_nid[0] != NULL)
    return by_nid[0];

  counts = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < all->len; i++)
    {
      WeftChplvisLocale *locale = g_ptr_array_index (all, i);

      g_array_append_val (counts, locale->n_nodes);
    }
  g_array_sort (counts, compare_ints);
  for (guint i = 0; i < counts->len;)
    {
      guint j = i;

      while (j < counts->len && g_array_index (counts, int, j) == g_array_index (counts, int, i))
        j++;
      if (j - i > best_run)
        {
          best_run = j - i;
          best = g_array_index (counts, int, i);
        }
      i = j;
    }

  for (guint i = 0; i < all->len; i++)
    if (((WeftChplvisLocale *)g_ptr_array_index (all, i))->n_nodes == best)
      return g_ptr_array_index (all, i);

  g_assert_not_reached ();
}

/**
 * weft_chplvis_trace_new:
 * @locales: (array length=n_locales) (transfer full): parsed locale files, in
 *   any order; the array itself stays the caller's, its entries are taken
 * @context: where to report what does not fit together
 *
 * Puts the files of one run together by the locale ids of their headers. Files
 * that disagree (node count, run id, version, two files for one locale) are
 * kept where that makes sense and reported as warnings; a locale that did not
 * reach End is reported as incomplete. Missing locale files are left NULL: the
 * reader, which knows their names, reports them.
 *
 * Returns: (transfer full): the run, or %NULL with @error set when no file is given.
 */
WeftChplvisTrace *
weft_chplvis_trace_new (WeftChplvisLocale **locales,
                        guint               n_locales,
                        WeftLoadContext    *context,
                        GError            **error)
{
  g_autoptr(WeftChplvisTrace) trace = NULL;
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func ((GDestroyNotify)weft_chplvis_locale_free);
  g_autofree WeftChplvisLocale **by_nid = NULL;
  const WeftChplvisLocale *nodes_from;
  WeftChplvisLocale *first;
  guint max_nid = 0;
  int nodes;
  guint n;

  g_return_val_if_fail (locales != NULL || n_locales == 0, NULL);
  g_return_val_if_fail (context != NULL, NULL);

  for (guint i = 0; i < n_locales; i++)
    if (locales[i] != NULL)
      g_ptr_array_add (all, g_steal_pointer (&locales[i]));

  if (all->len == 0)
    {
      g_set_error_literal (error, WEFT_ERROR, WEFT_ERROR_EMPTY,
                           _("No VisualDebug locale file could be read"));
      return NULL;
    }

  /* Sort the files into their locales; the first file for a locale wins. */
  by_nid = g_new0 (WeftChplvisLocale *, WEFT_CHPLVIS_MAX_LOCALES);
  for (guint i = 0; i < all->len; i++)
    {
      WeftChplvisLocale *locale = g_ptr_array_index (all, i);

      g_assert (locale->nid >= 0 && locale->nid < WEFT_CHPLVIS_MAX_LOCALES);
      if (by_nid[locale->nid] != NULL)
        {
          weft_load_context_warn (context, locale->path, 1,
                                  _("this file is also locale %d, like “%s”; it is left out"),
                                  locale->nid, by_nid[locale->nid]->path);
          continue;
        }
      by_nid[locale->nid] = locale;
      max_nid = MAX (max_nid, (guint)locale->nid);
    }

  nodes_from = declared_nodes (by_nid, all);
  nodes = nodes_from->n_nodes;
  n = MAX ((guint)nodes, max_nid + 1);
  first = by_nid[0];
  for (guint i = 0; first == NULL; i++)
    first = by_nid[i];

  /* The trace takes the files placed in by_nid (below); @all keeps, and
   * frees, the duplicates left out. */
  for (guint i = 0; i < all->len; i++)
    {
      WeftChplvisLocale *locale = g_ptr_array_index (all, i);

      if (by_nid[locale->nid] == locale)
        all->pdata[i] = NULL;
    }

  trace = g_new0 (WeftChplvisTrace, 1);
  trace->n_locales = n;
  trace->locales = g_new0 (WeftChplvisLocale *, n);
  trace->sources = g_ptr_array_new_with_free_func (g_free);
  trace->version_major = first->version_major;
  trace->version_minor = first->version_minor;
  trace->version = g_strdup_printf ("%d.%d", first->version_major, first->version_minor);
  trace->origin = G_MAXINT64;
  trace->end = G_MININT64;
  trace->main_tid = by_nid[0] != NULL ? by_nid[0]->tid : 0;
  trace->complete = TRUE;
  weft_chplvis_tables_init (&trace->tables);

  for (guint i = 0; i < n; i++)
    {
      WeftChplvisLocale *locale = by_nid[i];

      if (locale == NULL)
        {
          trace->complete = FALSE;
          continue;
        }

      trace->locales[i] = locale;
      g_ptr_array_add (trace->sources, g_strdup (locale->path));

      if (locale->n_nodes != nodes)
        weft_load_context_warn (context, locale->path, 1,
                                _("the header says the run has %d locales, but “%s” says %d"),
                                locale->n_nodes, nodes_from->path, nodes);
      if (locale != first && fabs (locale->seq - first->seq) > 0.01)
        weft_load_context_warn (context, locale->path, 1,
                                _("this file is from another run: its run id (seq) is %.3f, “%s” has %.3f"),
                                locale->seq, first->path, first->seq);
      if (locale->version_major != first->version_major || locale->version_minor != first->version_minor)
        weft_load_context_warn (context, locale->path, 1,
                                _("this file is format %d.%d, “%s” is %d.%d"),
                                locale->version_major, locale->version_minor, first->path,
                                first->version_major, first->version_minor);
      if (!locale->complete)
        {
          weft_load_context_warn (context, locale->path, locale->n_lines,
                                  _("incomplete: the file has no End record (the run crashed or was cut short); "
                                    "its data stops here"));
          trace->complete = FALSE;
        }
      if (locale->n_tags != first->n_tags)
        weft_load_context_warn (context, locale->path, locale->n_lines,
                                _("this file has %u Tag records, “%s” has %u"),
                                locale->n_tags, first->path, first->n_tags);

      trace->origin = MIN (trace->origin, locale->start.time);
      trace->end = MAX (trace->end, MAX (locale->last_time, locale->start.time));
      trace->n_tags = MAX (trace->n_tags, locale->n_tags);

      /* Records that name a locale beyond the run (its header said more). */
      {
        guint64 n_beyond = 0;
        guint32 first_line = 0;

        for (guint32 k = 0; k < locale->comms.n; k++)
          if (locale->comms.peer[k] >= n)
            {
              if (n_beyond++ == 0)
                first_line = locale->comms.line[k];
            }
        for (guint32 k = 0; k < locale->forks.n; k++)
          if (locale->forks.peer[k] >= n)
            {
              if (n_beyond++ == 0 || locale->forks.line[k] < first_line)
                first_line = locale->forks.line[k];
            }
        if (n_beyond > 0)
          weft_load_context_warn (context, locale->path, first_line,
                                  _("%" PRIu64 " records name a locale the run does not have "
                                    "(it has %u); they are left out"),
                                  n_beyond, n);
      }
    }

  /* Locale 0 writes the tables; others fill holes (a tname written elsewhere). */
  if (by_nid[0] != NULL)
    tables_fill_from (&trace->tables, &by_nid[0]->tables);
  for (guint i = 1; i < n; i++)
    if (by_nid[i] != NULL && !tables_are_empty (&by_nid[i]->tables))
      tables_fill_from (&trace->tables, &by_nid[i]->tables);

  for (guint i = 0; i < trace->n_tags; i++)
    if (i >= trace->tables.tag_names->len || g_ptr_array_index (trace->tables.tag_names, i) == NULL)
      weft_load_context_warn (context, first->path, 0,
                              _("tag %u has no name (no tname record); it is called “tag %u”"), i, i);

  return g_steal_pointer (&trace);
}

void
weft_chplvis_trace_free (WeftChplvisTrace *trace)
{
  if (trace == NULL)
    return;

  for (guint i = 0; i < trace->n_locales; i++)
    weft_chplvis_locale_free (trace->locales[i]);
  g_free (trace->locales);
  g_free (trace->version);
  g_clear_pointer (&trace->sources, g_ptr_array_unref);
  weft_chplvis_tables_clear (&trace->tables);
  g_free (trace);
}

gsize
weft_chplvis_trace_get_memory (const WeftChplvisTrace *trace)
{
  gsize size;

  g_return_val_if_fail (trace != NULL, 0);

  size = sizeof *trace + trace->n_locales * sizeof (gpointer);
  for (guint i = 0; i < trace->n_locales; i++)
    if (trace->locales[i] != NULL)
      size += weft_chplvis_locale_get_memory (trace->locales[i]);

  return size;
}

/**
 * weft_chplvis_trace_get_file_name:
 *
 * Returns: (nullable): the name of file @file as the fname record gives it
 *   ("$CHPL_HOME/modules/…", "demo.chpl", "<internal>"), or %NULL.
 */
const char *
weft_chplvis_trace_get_file_name (const WeftChplvisTrace *trace,
                                  int                     file)
{
  g_return_val_if_fail (trace != NULL, NULL);

  if (file < 0 || (guint)file >= trace->tables.files->len)
    return NULL;

  return g_ptr_array_index (trace->tables.files, file);
}

/**
 * weft_chplvis_trace_get_function:
 *
 * Returns: (nullable): function @fid (FIDname), or %NULL when the table has no
 *   such entry.
 */
const WeftChplvisFunction *
weft_chplvis_trace_get_function (const WeftChplvisTrace *trace,
                                 int                     fid)
{
  const WeftChplvisFunction *function;

  g_return_val_if_fail (trace != NULL, NULL);

  if (fid < 0 || (guint)fid >= trace->tables.functions->len)
    return NULL;

  function = &g_array_index (trace->tables.functions, WeftChplvisFunction, fid);

  return function->name != NULL ? function : NULL;
}

/**
 * weft_chplvis_trace_get_n_functions:
 *
 * Returns: the size of the function table: FIDNsize, or more when FIDname
 *   records go beyond it.
 */
guint
weft_chplvis_trace_get_n_functions (const WeftChplvisTrace *trace)
{
  gint64 declared;

  g_return_val_if_fail (trace != NULL, 0);

  declared = CLAMP (trace->tables.fid_table_size, 0, WEFT_CHPLVIS_MAX_TABLE_INDEX);

  return MAX ((guint)declared, trace->tables.functions->len);
}

/**
 * weft_chplvis_trace_get_tag_name:
 *
 * Returns: the name tname gave tag @tag, or %NULL when it has none.
 */
const char *
weft_chplvis_trace_get_tag_name (const WeftChplvisTrace *trace,
                                 guint                   tag)
{
  g_return_val_if_fail (trace != NULL, NULL);

  if (tag >= trace->tables.tag_names->len)
    return NULL;

  return g_ptr_array_index (trace->tables.tag_names, tag);
}

/**
 * weft_chplvis_trace_dup_source_path:
 * @chpl_home: (nullable): where CHPL_HOME is on this machine, or %NULL for the
 *   run's own CHPL_HOME record
 * @dir: (nullable): where the program was compiled, or %NULL for the DIR record
 *
 * Resolves file @file the way chplvis does: "$CHPL_HOME/…" under CHPL_HOME,
 * other relative names under DIR, absolute names as they are. Pass @chpl_home
 * or @dir to look at a run made on another machine.
 *
 * Returns: (transfer full) (nullable): a path, or %NULL for "<internal>",
 *   "<unknown>", "<command_line>" and unknown indices.
 */
char *
weft_chplvis_trace_dup_source_path (const WeftChplvisTrace *trace,
                                    int                     file,
                                    const char             *chpl_home,
                                    const char             *dir)
{
  const char *name;

  g_return_val_if_fail (trace != NULL, NULL);

  name = weft_chplvis_trace_get_file_name (trace, file);
  if (name == NULL || name[0] == '\0' || name[0] == '<')
    return NULL;

  if (chpl_home == NULL)
    chpl_home = trace->tables.chpl_home;
  if (dir == NULL)
    dir = trace->tables.dir;

  if (g_str_has_prefix (name, "$CHPL_HOME/"))
    return chpl_home != NULL ? g_build_filename (chpl_home, name + strlen ("$CHPL_HOME/"), NULL) : NULL;
  if (g_path_is_absolute (name))
    return g_strdup (name);

  return dir != NULL ? g_build_filename (dir, name, NULL) : g_strdup (name);
}

/**
 * weft_chplvis_trace_count_records:
 *
 * Returns: how many lines of @kind all files hold (malformed ones included).
 */
guint64
weft_chplvis_trace_count_records (const WeftChplvisTrace *trace,
                                  WeftChplvisRecordKind   kind)
{
  guint64 n = 0;

  g_return_val_if_fail (trace != NULL, 0);
  g_return_val_if_fail (kind < WEFT_CHPLVIS_N_RECORD_KINDS, 0);

  for (guint i = 0; i < trace->n_locales; i++)
    if (trace->locales[i] != NULL)
      n += trace->locales[i]->records[kind];

  return n;
}

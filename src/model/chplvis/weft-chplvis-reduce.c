/* weft-chplvis-reduce.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-background.h"
#include "weft-chplvis-reduce.h"
#include "weft-error.h"

void
weft_chplvis_query_init (WeftChplvisQuery *query)
{
  g_return_if_fail (query != NULL);

  memset (query, 0, sizeof *query);
  query->tag = WEFT_CHPLVIS_TAG_ALL;
}

static inline guint64
add_sat (guint64 a,
         guint64 b)
{
  return a > G_MAXUINT64 - b ? G_MAXUINT64 : a + b;
}

/* Tags --------------------------------------------------------------------- */

/**
 * weft_chplvis_dup_tag_name:
 * @tag: WEFT_CHPLVIS_TAG_ALL, WEFT_CHPLVIS_TAG_START or a tag number
 *
 * Returns: (transfer full): "All", "Start", the tag's tname, or "tag N" for a
 *   tag without one.
 */
char *
weft_chplvis_dup_tag_name (const WeftChplvisTrace *trace,
                           int                     tag)
{
  const char *name;

  g_return_val_if_fail (trace != NULL, NULL);

  if (tag == WEFT_CHPLVIS_TAG_ALL)
    return g_strdup ("All");
  if (tag == WEFT_CHPLVIS_TAG_START)
    return g_strdup ("Start");

  name = tag >= 0 ? weft_chplvis_trace_get_tag_name (trace, (guint)tag) : NULL;
  if (name != NULL)
    return g_strdup (name);

  return g_strdup_printf ("tag %d", tag);
}

static const char *
skip_blanks (const char *text)
{
  while (*text == ' ' || *text == '\t')
    text++;
  return text;
}

static GPtrArray *
dup_tag_names (const WeftChplvisTrace *trace)
{
  GPtrArray *names = g_ptr_array_new_full (trace->n_tags, g_free);

  for (guint i = 0; i < trace->n_tags; i++)
    g_ptr_array_add (names, weft_chplvis_dup_tag_name (trace, (int)i));

  return names;
}

/**
 * weft_chplvis_has_repeated_tag_names:
 *
 * Returns: whether two tags share a name: chplvis then offers Merge Tags.
 */
gboolean
weft_chplvis_has_repeated_tag_names (const WeftChplvisTrace *trace)
{
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GHashTable) seen = NULL;

  g_return_val_if_fail (trace != NULL, FALSE);

  names = dup_tag_names (trace);
  seen = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < names->len; i++)
    if (!g_hash_table_add (seen, g_ptr_array_index (names, i)))
      return TRUE;

  return FALSE;
}

static void
tag_choice_clear (gpointer data)
{
  WeftChplvisTagChoice *choice = data;

  g_clear_pointer (&choice->name, g_free);
  g_clear_pointer (&choice->label, g_free);
}

/**
 * weft_chplvis_list_tags:
 * @merged: one entry per tag name (chplvis's Merge Tags) instead of per tag
 *
 * Returns: (transfer full) (element-type WeftChplvisTagChoice): All, Start and
 *   the tags, in order of appearance, as the Tags menu offers them.
 */
GArray *
weft_chplvis_list_tags (const WeftChplvisTrace *trace,
                        gboolean                merged)
{
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GHashTable) counts = NULL;
  g_autoptr(GHashTable) listed = NULL;
  GArray *choices;
  WeftChplvisTagChoice choice;
  gboolean repeated;

  g_return_val_if_fail (trace != NULL, NULL);

  names = dup_tag_names (trace);
  counts = g_hash_table_new (g_str_hash, g_str_equal);
  listed = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);

      g_hash_table_insert (counts, (gpointer)name,
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, name)) + 1));
    }
  repeated = g_hash_table_size (counts) < names->len;

  choices = g_array_new (FALSE, TRUE, sizeof (WeftChplvisTagChoice));
  g_array_set_clear_func (choices, tag_choice_clear);

  memset (&choice, 0, sizeof choice);
  choice.tag = WEFT_CHPLVIS_TAG_ALL;
  choice.n_tags = trace->n_tags;
  choice.name = g_strdup ("All");
  choice.label = g_strdup ("All");
  g_array_append_val (choices, choice);

  choice.tag = WEFT_CHPLVIS_TAG_START;
  choice.n_tags = 1;
  choice.name = g_strdup ("Start");
  choice.label = g_strdup ("Start");
  g_array_append_val (choices, choice);

  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      guint n_same = GPOINTER_TO_UINT (g_hash_table_lookup (counts, name));

      if (merged && !g_hash_table_add (listed, (gpointer)name))
        continue;

      memset (&choice, 0, sizeof choice);
      choice.tag = (int)i;
      choice.merged = merged && n_same > 1;
      choice.n_tags = choice.merged ? n_same : 1;
      choice.name = g_strdup (name);
      choice.label = (repeated && !merged) ? g_strdup_printf ("tag %u (%s)", i, name) : g_strdup (name);
      g_array_append_val (choices, choice);
    }

  return choices;
}

static gboolean
parse_tag_number (const char *text,
                  const char *prefix,
                  guint      *number,
                  const char **rest)
{
  guint64 value;
  char *end = NULL;

  if (!g_str_has_prefix (text, prefix))
    return FALSE;
  text += strlen (prefix);
  if (!g_ascii_isdigit (*text))
    return FALSE;
  value = g_ascii_strtoull (text, &end, 10);
  if (value > G_MAXINT)
    return FALSE;

  *number = (guint)value;
  *rest = end;
  return TRUE;
}

/**
 * weft_chplvis_query_set_tag:
 * @text: (nullable): "All" (or %NULL), "Start", a tag name (every tag of that
 *   name when it repeats), "tag N (name)" as chplvis labels repeated tags, or
 *   "#N" for tag number N
 *
 * Returns: %FALSE with @error (WEFT_ERROR_INVALID_ARGUMENT, listing the tags)
 *   when the run has no such tag.
 */
gboolean
weft_chplvis_query_set_tag (const WeftChplvisTrace  *trace,
                            WeftChplvisQuery        *query,
                            const char              *text,
                            GError                 **error)
{
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GString) known = NULL;
  const char *rest;
  guint number;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (query != NULL, FALSE);

  if (text == NULL || g_ascii_strcasecmp (text, "All") == 0)
    {
      query->tag = WEFT_CHPLVIS_TAG_ALL;
      query->merge = FALSE;
      return TRUE;
    }
  if (g_ascii_strcasecmp (text, "Start") == 0)
    {
      query->tag = WEFT_CHPLVIS_TAG_START;
      query->merge = FALSE;
      return TRUE;
    }

  names = dup_tag_names (trace);
  for (guint i = 0; i < names->len; i++)
    if (g_str_equal (g_ptr_array_index (names, i), text))
      {
        guint n_same = 0;

        for (guint j = 0; j < names->len; j++)
          if (g_str_equal (g_ptr_array_index (names, j), text))
            n_same++;
        query->tag = (int)i;
        query->merge = n_same > 1;
        return TRUE;
      }

  if ((parse_tag_number (text, "#", &number, &rest) && *rest == '\0') ||
      (parse_tag_number (text, "tag ", &number, &rest) && number < names->len &&
       (*rest == '\0' || (rest[0] == ' ' && rest[1] == '(' &&
                          g_str_has_prefix (rest + 2, g_ptr_array_index (names, number)) &&
                          g_str_equal (rest + 2 + strlen (g_ptr_array_index (names, number)), ")")))))
    {
      if (number < names->len)
        {
          query->tag = (int)number;
          query->merge = FALSE;
          return TRUE;
        }
    }

  known = g_string_new ("All, Start");
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf (known, ", %s", (const char *)g_ptr_array_index (names, i));
  g_set_error (error, WEFT_ERROR, WEFT_ERROR_INVALID_ARGUMENT,
               _("The trace has no tag “%s”; its tags are: %s"), text, known->str);
  return FALSE;
}

/* Selections ----------------------------------------------------------------- */

typedef struct
{
  guint     n_segments;    /* n_tags + 1: Start, then the tags */
  gboolean *selected;
  guint     n_selected;
  gboolean  all;
  gboolean  has_range;
  gint64    begin;         /* ns from the origin */
  gint64    end;
  guint     kinds;
  gboolean  overhead;
  gboolean  compat;
  gboolean  merged;        /* more than one tag stands for the selection */
} Selection;

static void
selection_init (Selection              *sel,
                const WeftChplvisTrace *trace,
                const WeftChplvisQuery *query)
{
  memset (sel, 0, sizeof *sel);
  sel->n_segments = trace->n_tags + 1;
  sel->selected = g_new0 (gboolean, sel->n_segments);
  sel->has_range = query->has_range;
  sel->begin = query->range.begin;
  sel->end = query->range.end;
  sel->kinds = query->kinds != 0 ? query->kinds : WEFT_CHPLVIS_KINDS_ALL;
  sel->overhead = query->include_overhead;
  sel->compat = query->chplvis_compat;

  if (query->tag == WEFT_CHPLVIS_TAG_ALL)
    {
      sel->all = TRUE;
      for (guint i = 0; i < sel->n_segments; i++)
        sel->selected[i] = TRUE;
    }
  else if (query->tag == WEFT_CHPLVIS_TAG_START)
    sel->selected[0] = TRUE;
  else if (query->tag >= 0 && (guint)query->tag < trace->n_tags)
    {
      sel->selected[query->tag + 1] = TRUE;
      if (query->merge)
        {
          g_autoptr(GPtrArray) names = dup_tag_names (trace);
          const char *name = g_ptr_array_index (names, query->tag);

          /* chplvis reads tag names without their leading blanks. */
          if (sel->compat)
            name = skip_blanks (name);
          for (guint i = 0; i < names->len; i++)
            {
              const char *other = g_ptr_array_index (names, i);

              if (g_str_equal (sel->compat ? skip_blanks (other) : other, name))
                sel->selected[i + 1] = TRUE;
            }
        }
    }

  for (guint i = 0; i < sel->n_segments; i++)
    if (sel->selected[i])
      sel->n_selected++;
  sel->merged = !sel->all && sel->n_selected > 1;
}

static void
selection_clear (Selection *sel)
{
  g_clear_pointer (&sel->selected, g_free);
}

static inline gboolean
in_range (const Selection        *sel,
          const WeftChplvisTrace *trace,
          gint64                  time_us)
{
  gint64 t;

  if (!sel->has_range)
    return TRUE;

  t = (time_us - trace->origin) * 1000;
  return t >= sel->begin && t < sel->end;
}

static gint64
segment_start_time (const WeftChplvisLocale  *locale,
                    const WeftChplvisSegment *segment)
{
  return segment->tag_mark != NULL ? segment->tag_mark->sample.time : locale->start.time;
}

/* Communication -------------------------------------------------------------- */

typedef void (*RecordFunc) (const WeftChplvisTrace *trace,
                            guint                   locale,
                            gboolean                fork,
                            guint32                 index,
                            guint                   kind,
                            guint                   from,
                            guint                   to,
                            guint64                 bytes,
                            gpointer                user_data);

/* Calls @func for every get, put and fork in the selection that locales
 * [@from, @to) logged. Always inlined, as are the matrices' @func, so that
 * each caller's loops run without a call per record (the two matrices of a
 * comm-heavy run's JSON, 611,000 records: 70 -> 52 M instructions). */
G_ALWAYS_INLINE static inline void
foreach_record_of (const WeftChplvisTrace *trace,
                   const Selection        *sel,
                   guint                   from,
                   guint                   to,
                   RecordFunc              func,
                   gpointer                user_data)
{
  guint n = trace->n_locales;

  for (guint l = from; l < to; l++)
    {
      const WeftChplvisLocale *locale = trace->locales[l];
      g_autofree WeftChplvisSegment *segments = NULL;

      if (locale == NULL)
        continue;
      segments = weft_chplvis_locale_dup_segments (locale, sel->n_segments);

      for (guint s = 0; s < sel->n_segments; s++)
        {
          const WeftChplvisSegment *seg = &segments[s];

          if (!sel->selected[s] || !seg->present)
            continue;

          if (sel->kinds & WEFT_CHPLVIS_KINDS_COMM)
            {
              const WeftChplvisComms *c = &locale->comms;

              for (guint32 i = seg->comm_begin; i < seg->comm_end; i++)
                {
                  guint kind = c->kind[i];
                  guint peer = c->peer[i];

                  if (!(sel->kinds & WEFT_CHPLVIS_KIND_BIT (kind)) || peer >= n ||
                      (!sel->overhead && (c->flags[i] & WEFT_CHPLVIS_COMM_OVERHEAD)) ||
                      !in_range (sel, trace, c->time[i]))
                    continue;
                  /* Data flow: a get brings data from the peer to the issuer. */
                  if (weft_chplvis_record_kind_is_get (kind))
                    func (trace, l, FALSE, i, kind, peer, l, weft_chplvis_comms_get_bytes (c, i), user_data);
                  else
                    func (trace, l, FALSE, i, kind, l, peer, weft_chplvis_comms_get_bytes (c, i), user_data);
                }
            }

          if (sel->kinds & WEFT_CHPLVIS_KINDS_FORKS)
            {
              const WeftChplvisForks *f = &locale->forks;

              for (guint32 i = seg->fork_begin; i < seg->fork_end; i++)
                {
                  guint kind = f->kind[i];
                  guint peer = f->peer[i];

                  if (!(sel->kinds & WEFT_CHPLVIS_KIND_BIT (kind)) || peer >= n ||
                      (!sel->overhead && (f->flags[i] & WEFT_CHPLVIS_COMM_OVERHEAD)) ||
                      !in_range (sel, trace, f->time[i]))
                    continue;
                  func (trace, l, TRUE, i, kind, l, peer, weft_chplvis_forks_get_arg_size (f, i), user_data);
                }
            }
        }
    }
}

/* foreach_record_of() for every locale. */
G_ALWAYS_INLINE static inline void
foreach_record (const WeftChplvisTrace *trace,
                const Selection        *sel,
                RecordFunc              func,
                gpointer                user_data)
{
  foreach_record_of (trace, sel, 0, trace->n_locales, func, user_data);
}

static WeftChplvisCommMatrix *
comm_matrix_new (guint n_locales)
{
  WeftChplvisCommMatrix *matrix = g_new0 (WeftChplvisCommMatrix, 1);

  matrix->n_locales = n_locales;
  matrix->count = g_new0 (guint64, (gsize)n_locales * n_locales);
  matrix->bytes = g_new0 (guint64, (gsize)n_locales * n_locales);

  return matrix;
}

G_ALWAYS_INLINE static inline void
add_to_matrix (const WeftChplvisTrace *trace,
               guint                   locale,
               gboolean                fork,
               guint32                 index,
               guint                   kind,
               guint                   from,
               guint                   to,
               guint64                 bytes,
               gpointer                user_data)
{
  WeftChplvisCommMatrix *matrix = user_data;
  gsize cell = (gsize)from * matrix->n_locales + to;

  matrix->count[cell]++;
  matrix->bytes[cell] = add_sat (matrix->bytes[cell], bytes);
}

/**
 * weft_chplvis_compute_comm_matrix:
 *
 * Counts and bytes of communication between every pair of locales, rows by
 * sender and columns by receiver (data flow), for @query's tag, range and kinds.
 *
 * Returns: (transfer full): the matrix; free with weft_chplvis_comm_matrix_free().
 */
WeftChplvisCommMatrix *
weft_chplvis_compute_comm_matrix (const WeftChplvisTrace *trace,
                                  const WeftChplvisQuery *query)
{
  WeftChplvisCommMatrix *matrix;
  Selection sel;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);

  matrix = comm_matrix_new (trace->n_locales);
  selection_init (&sel, trace, query);
  foreach_record (trace, &sel, add_to_matrix, matrix);
  selection_clear (&sel);

  return matrix;
}

typedef struct
{
  WeftChplvisCommMatrix *all;
  WeftChplvisCommMatrix *own;
} OverheadData;

G_ALWAYS_INLINE static inline void
add_to_both (const WeftChplvisTrace *trace,
             guint                   locale,
             gboolean                fork,
             guint32                 index,
             guint                   kind,
             guint                   from,
             guint                   to,
             guint64                 bytes,
             gpointer                user_data)
{
  OverheadData *data = user_data;
  const WeftChplvisLocale *l = trace->locales[locale];
  guint8 flags = fork ? l->forks.flags[index] : l->comms.flags[index];

  add_to_matrix (trace, locale, fork, index, kind, from, to, bytes, data->all);
  if (!(flags & WEFT_CHPLVIS_COMM_OVERHEAD))
    add_to_matrix (trace, locale, fork, index, kind, from, to, bytes, data->own);
}

/* Records from which the matrices are worth a second thread (starting one
 * costs about 0.1 ms). */
#define MATRICES_THREAD_MIN 100000

/* The gets, puts and forks locale @l logged. */
static guint64
locale_records (const WeftChplvisTrace *trace,
                guint                   l)
{
  const WeftChplvisLocale *locale = trace->locales[l];

  return locale != NULL ? (guint64)locale->comms.n + locale->forks.n : 0;
}

/* Where the locales split into two halves by records logged: n_locales when
 * the matrices are best counted on one thread. */
static guint
split_locales (const WeftChplvisTrace *trace)
{
  guint64 total = 0, sum = 0;

  for (guint l = 0; l < trace->n_locales; l++)
    total += locale_records (trace, l);
  if (total < MATRICES_THREAD_MIN || trace->n_locales < 2 || weft_background_get_n_processors () < 2)
    return trace->n_locales;
  for (guint l = 0; l + 1 < trace->n_locales; l++)
    {
      sum += locale_records (trace, l);
      if (2 * sum >= total)
        return l + 1;
    }
  return trace->n_locales - 1;
}

static void
comm_matrix_add (WeftChplvisCommMatrix       *into,
                 const WeftChplvisCommMatrix *matrix)
{
  gsize n = (gsize)into->n_locales * into->n_locales;

  for (gsize i = 0; i < n; i++)
    {
      into->count[i] += matrix->count[i];
      into->bytes[i] = add_sat (into->bytes[i], matrix->bytes[i]);
    }
}

typedef struct
{
  const WeftChplvisTrace *trace;
  const Selection        *sel;
  guint                   from;
  OverheadData            data;
} MatricesPart;

static gpointer
matrices_part_thread (gpointer user_data)
{
  MatricesPart *part = user_data;

  foreach_record_of (part->trace, part->sel, part->from, part->trace->n_locales, add_to_both, &part->data);
  return NULL;
}

/**
 * weft_chplvis_compute_comm_matrices:
 * @own: (out): the matrix without VisualDebug's own communication
 *
 * weft_chplvis_compute_comm_matrix() with and without VisualDebug's own
 * communication (@query's include_overhead is ignored), in one pass.
 *
 * Returns: (transfer full): the matrix with it.
 */
WeftChplvisCommMatrix *
weft_chplvis_compute_comm_matrices (const WeftChplvisTrace  *trace,
                                    const WeftChplvisQuery  *query,
                                    WeftChplvisCommMatrix  **own)
{
  OverheadData data;
  Selection sel;
  guint split;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);
  g_return_val_if_fail (own != NULL, NULL);

  data.all = comm_matrix_new (trace->n_locales);
  data.own = *own = comm_matrix_new (trace->n_locales);
  selection_init (&sel, trace, query);
  sel.overhead = TRUE;
  split = split_locales (trace);
  if (split < trace->n_locales)
    {
      /* The second half of the locales on a thread of its own. */
      MatricesPart part = { trace, &sel, split, { comm_matrix_new (trace->n_locales), comm_matrix_new (trace->n_locales) } };
      GThread *thread = g_thread_try_new ("weft-chplvis-matrices", matrices_part_thread, &part, NULL);

      if (thread == NULL)
        matrices_part_thread (&part);
      foreach_record_of (trace, &sel, 0, split, add_to_both, &data);
      if (thread != NULL)
        g_thread_join (thread);
      comm_matrix_add (data.all, part.data.all);
      comm_matrix_add (data.own, part.data.own);
      weft_chplvis_comm_matrix_free (part.data.all);
      weft_chplvis_comm_matrix_free (part.data.own);
    }
  else
    foreach_record (trace, &sel, add_to_both, &data);
  selection_clear (&sel);

  return data.all;
}

typedef struct
{
  WeftChplvisCommMatrix *total;
  WeftChplvisCommMatrix *groups[WEFT_CHPLVIS_N_GROUPS];
} SplitData;

static void
add_to_split (const WeftChplvisTrace *trace,
              guint                   locale,
              gboolean                fork,
              guint32                 index,
              guint                   kind,
              guint                   from,
              guint                   to,
              guint64                 bytes,
              gpointer                user_data)
{
  SplitData *data = user_data;
  WeftChplvisKindGroup group;

  if (weft_chplvis_record_kind_is_get (kind))
    group = WEFT_CHPLVIS_GROUP_GETS;
  else if (WEFT_CHPLVIS_KIND_BIT (kind) & WEFT_CHPLVIS_KINDS_PUTS)
    group = WEFT_CHPLVIS_GROUP_PUTS;
  else
    group = WEFT_CHPLVIS_GROUP_FORKS;

  add_to_matrix (trace, locale, fork, index, kind, from, to, bytes, data->total);
  add_to_matrix (trace, locale, fork, index, kind, from, to, bytes, data->groups[group]);
}

/**
 * weft_chplvis_compute_comm_matrix_split:
 * @groups: (out caller-allocates) (array fixed-size=3): the same matrix for
 *   the gets, the puts and the forks alone (within @query's kinds), indexed
 *   by #WeftChplvisKindGroup
 *
 * weft_chplvis_compute_comm_matrix() and its three parts, in one pass: what
 * a cell's tooltip shows (chplvis's Comm box: gets, puts, on calls).
 *
 * Returns: (transfer full): the whole matrix; free it and each of @groups
 *   with weft_chplvis_comm_matrix_free().
 */
WeftChplvisCommMatrix *
weft_chplvis_compute_comm_matrix_split (const WeftChplvisTrace  *trace,
                                        const WeftChplvisQuery  *query,
                                        WeftChplvisCommMatrix  **groups)
{
  SplitData data;
  Selection sel;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);
  g_return_val_if_fail (groups != NULL, NULL);

  data.total = comm_matrix_new (trace->n_locales);
  for (guint g = 0; g < WEFT_CHPLVIS_N_GROUPS; g++)
    data.groups[g] = groups[g] = comm_matrix_new (trace->n_locales);

  selection_init (&sel, trace, query);
  foreach_record (trace, &sel, add_to_split, &data);
  selection_clear (&sel);

  return data.total;
}

void
weft_chplvis_comm_matrix_free (WeftChplvisCommMatrix *matrix)
{
  if (matrix == NULL)
    return;

  g_free (matrix->count);
  g_free (matrix->bytes);
  g_free (matrix);
}

typedef struct
{
  guint                 from;
  guint                 to;
  WeftChplvisPairStats *stats;
  GArray               *records;
} PairData;

static void
add_to_pair (const WeftChplvisTrace *trace,
             guint                   locale,
             gboolean                fork,
             guint32                 index,
             guint                   kind,
             guint                   from,
             guint                   to,
             guint64                 bytes,
             gpointer                user_data)
{
  PairData *data = user_data;

  if (from != data->from || to != data->to)
    return;

  if (data->stats != NULL)
    {
      data->stats->count[kind]++;
      data->stats->bytes[kind] = add_sat (data->stats->bytes[kind], bytes);
      data->stats->total_count++;
      data->stats->total_bytes = add_sat (data->stats->total_bytes, bytes);
    }
  if (data->records != NULL)
    {
      WeftChplvisCommRecord record;

      weft_chplvis_get_comm_record (trace, locale, fork, index, &record);
      g_array_append_val (data->records, record);
    }
}

/**
 * weft_chplvis_compute_pair_stats:
 *
 * Fills @stats with the communication from @from to @to (data flow), per kind.
 */
void
weft_chplvis_compute_pair_stats (const WeftChplvisTrace *trace,
                                 const WeftChplvisQuery *query,
                                 guint                   from,
                                 guint                   to,
                                 WeftChplvisPairStats   *stats)
{
  PairData data = { from, to, stats, NULL };
  Selection sel;

  g_return_if_fail (trace != NULL);
  g_return_if_fail (query != NULL);
  g_return_if_fail (stats != NULL);

  memset (stats, 0, sizeof *stats);
  if (from >= trace->n_locales || to >= trace->n_locales)
    return;

  selection_init (&sel, trace, query);
  foreach_record (trace, &sel, add_to_pair, &data);
  selection_clear (&sel);
}

static int
compare_records (gconstpointer a,
                 gconstpointer b)
{
  const WeftChplvisCommRecord *x = a;
  const WeftChplvisCommRecord *y = b;

  if (x->time != y->time)
    return (x->time > y->time) - (x->time < y->time);
  if (x->locale != y->locale)
    return (x->locale > y->locale) - (x->locale < y->locale);

  return (x->line > y->line) - (x->line < y->line);
}

/**
 * weft_chplvis_list_pair_comms:
 *
 * Returns: (transfer full) (element-type WeftChplvisCommRecord): every get, put
 *   and fork from @from to @to in the selection, by time.
 */
GArray *
weft_chplvis_list_pair_comms (const WeftChplvisTrace *trace,
                              const WeftChplvisQuery *query,
                              guint                   from,
                              guint                   to)
{
  PairData data = { from, to, NULL, NULL };
  Selection sel;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);

  data.records = g_array_new (FALSE, TRUE, sizeof (WeftChplvisCommRecord));
  if (from >= trace->n_locales || to >= trace->n_locales)
    return data.records;

  selection_init (&sel, trace, query);
  foreach_record (trace, &sel, add_to_pair, &data);
  selection_clear (&sel);

  g_array_sort (data.records, compare_records);

  return data.records;
}

/**
 * weft_chplvis_get_comm_record:
 * @locale: the issuing locale (whose file holds the record)
 * @fork: whether @index is in its forks (else its comms)
 */
void
weft_chplvis_get_comm_record (const WeftChplvisTrace *trace,
                              guint                   locale,
                              gboolean                fork,
                              guint32                 index,
                              WeftChplvisCommRecord  *record)
{
  const WeftChplvisLocale *l;

  g_return_if_fail (trace != NULL);
  g_return_if_fail (record != NULL);

  memset (record, 0, sizeof *record);
  g_return_if_fail (locale < trace->n_locales && trace->locales[locale] != NULL);
  l = trace->locales[locale];

  record->locale = locale;
  record->index = index;
  if (!fork)
    {
      const WeftChplvisComms *c = &l->comms;

      g_return_if_fail (index < c->n);
      record->kind = c->kind[index];
      record->time = weft_chplvis_time_to_ns (trace, c->time[index]);
      record->peer = c->peer[index];
      record->from = weft_chplvis_record_kind_is_get (record->kind) ? record->peer : locale;
      record->to = weft_chplvis_record_kind_is_get (record->kind) ? locale : record->peer;
      record->bytes = weft_chplvis_comms_get_bytes (c, index);
      record->elem_size = weft_chplvis_comms_get_elem_size (c, index);
      record->length = weft_chplvis_comms_get_length (c, index);
      record->tid = weft_chplvis_comms_get_tid (l, index);
      record->task = c->task[index];
      record->fid = -1;
      record->src_line = c->src_line[index];
      record->src_file = c->src_file[index];
      record->comm_id = c->comm_id[index];
      record->line = c->line[index];
      record->overhead = (c->flags[index] & WEFT_CHPLVIS_COMM_OVERHEAD) != 0;
    }
  else
    {
      const WeftChplvisForks *f = &l->forks;

      g_return_if_fail (index < f->n);
      record->kind = f->kind[index];
      record->time = weft_chplvis_time_to_ns (trace, f->time[index]);
      record->peer = f->peer[index];
      record->from = locale;
      record->to = record->peer;
      record->bytes = weft_chplvis_forks_get_arg_size (f, index);
      record->elem_size = 1;
      record->length = record->bytes;
      record->tid = weft_chplvis_forks_get_tid (l, index);
      record->task = f->task[index];
      record->fid = f->fid[index];
      record->src_line = f->src_line[index];
      record->src_file = f->src_file[index];
      record->comm_id = -1;
      record->line = f->line[index];
      record->overhead = (f->flags[index] & WEFT_CHPLVIS_COMM_OVERHEAD) != 0;
    }
}

static int
compare_record_lines (gconstpointer a,
                      gconstpointer b)
{
  const WeftChplvisCommRecord *x = a;
  const WeftChplvisCommRecord *y = b;

  return (x->line > y->line) - (x->line < y->line);
}

/**
 * weft_chplvis_list_task_comms:
 *
 * chplvis's task communication list: the gets, puts and forks @task of
 * @locale issued, in file order (VisualDebug's own included, flagged).
 *
 * Returns: (transfer full) (element-type WeftChplvisCommRecord): the records.
 */
GArray *
weft_chplvis_list_task_comms (const WeftChplvisTrace *trace,
                              guint                   locale,
                              guint32                 task)
{
  const WeftChplvisLocale *l;
  GArray *records;

  g_return_val_if_fail (trace != NULL, NULL);

  records = g_array_new (FALSE, TRUE, sizeof (WeftChplvisCommRecord));
  if (locale >= trace->n_locales || trace->locales[locale] == NULL)
    return records;
  l = trace->locales[locale];

  for (guint32 i = 0; i < l->comms.n; i++)
    if (l->comms.task[i] == task)
      {
        WeftChplvisCommRecord record;

        weft_chplvis_get_comm_record (trace, locale, FALSE, i, &record);
        g_array_append_val (records, record);
      }
  for (guint32 i = 0; i < l->forks.n; i++)
    if (l->forks.task[i] == task)
      {
        WeftChplvisCommRecord record;

        weft_chplvis_get_comm_record (trace, locale, TRUE, i, &record);
        g_array_append_val (records, record);
      }
  g_array_sort (records, compare_record_lines);

  return records;
}

/**
 * weft_chplvis_compute_task_comm:
 * @chplvis_compat: sizes as chplvis adds them (length, without elemsize)
 *
 * Returns: (transfer full): per task of @locale (indexed like its tasks), what
 *   it issued; %NULL when the locale has no file.
 */
WeftChplvisTaskComm *
weft_chplvis_compute_task_comm (const WeftChplvisTrace *trace,
                                guint                   locale,
                                gboolean                chplvis_compat)
{
  const WeftChplvisLocale *l;
  WeftChplvisTaskComm *sums;

  g_return_val_if_fail (trace != NULL, NULL);

  if (locale >= trace->n_locales || trace->locales[locale] == NULL)
    return NULL;
  l = trace->locales[locale];

  sums = g_new0 (WeftChplvisTaskComm, MAX (l->tasks.n, 1));
  for (guint32 i = 0; i < l->comms.n; i++)
    {
      guint32 task = l->comms.task[i];

      if (task >= l->tasks.n)
        continue;
      if (weft_chplvis_record_kind_is_get (l->comms.kind[i]))
        sums[task].gets++;
      else
        sums[task].puts++;
      sums[task].bytes = add_sat (sums[task].bytes, chplvis_compat ? weft_chplvis_comms_get_length (&l->comms, i) : weft_chplvis_comms_get_bytes (&l->comms, i));
    }
  for (guint32 i = 0; i < l->forks.n; i++)
    {
      guint32 task = l->forks.task[i];

      if (task >= l->tasks.n)
        continue;
      sums[task].forks++;
      sums[task].bytes = add_sat (sums[task].bytes, weft_chplvis_forks_get_arg_size (&l->forks, i));
    }

  return sums;
}

/**
 * weft_chplvis_get_task_info:
 *
 * Returns: %FALSE when there is no such task.
 */
gboolean
weft_chplvis_get_task_info (const WeftChplvisTrace *trace,
                            guint                   locale,
                            guint32                 task,
                            WeftChplvisTaskInfo    *info)
{
  const WeftChplvisLocale *l;
  const WeftChplvisTasks *t;
  const WeftChplvisFunction *function;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (info != NULL, FALSE);

  memset (info, 0, sizeof *info);
  if (locale >= trace->n_locales || trace->locales[locale] == NULL ||
      task >= trace->locales[locale]->tasks.n)
    return FALSE;
  l = trace->locales[locale];
  t = &l->tasks;

  info->locale = locale;
  info->index = task;
  info->tid = t->tid[task];
  info->parent = t->parent[task];
  info->flags = t->flags[task];
  info->fid = t->fid[task];
  function = weft_chplvis_trace_get_function (trace, t->fid[task]);
  info->function = (t->flags[task] & WEFT_CHPLVIS_TASK_MAIN) ? "main" : function != NULL ? function->name : NULL;
  info->src_line = t->src_line[task];
  info->src_file = weft_chplvis_trace_get_file_name (trace, t->src_file[task]);
  info->create = weft_chplvis_time_to_ns (trace, t->create_time[task]);
  info->begin = weft_chplvis_time_to_ns (trace, t->begin_time[task]);
  info->end = weft_chplvis_time_to_ns (trace, t->end_time[task]);
  info->tag = (int)weft_chplvis_locale_task_segment (l, task) - 1;
  info->line = t->line[task];
  info->begin_line = t->begin_line[task];
  info->end_line = t->end_line[task];

  return TRUE;
}

/* Locales -------------------------------------------------------------------- */

/* One stretch of time over which chplvis adds CPU and clock to a tag. */
typedef struct
{
  int    target;    /* a segment, or -1 for All */
  gint64 begin;     /* µs */
  gint64 end;
  gint64 user;      /* µs of CPU over the stretch */
  gint64 sys;
} Accrual;

static void
accrue (GArray                  *accruals,
        int                      target,
        const WeftChplvisSample *from,
        const WeftChplvisSample *to)
{
  Accrual accrual = { target, from->time, to->time, to->user - from->user, to->sys - from->sys };

  g_array_append_val (accruals, accrual);
}

/* chplvis's Pause and End add to the current tag and All whether they are
 * armed or not: after a pause (the run paused, then stopped) the clock gains
 * the End's time since the epoch (the reference time was reset to 0) and the
 * CPU gains everything since the tag's last reference again. */
static void
accrue_unarmed (GArray                  *accruals,
                int                      target,
                const WeftChplvisSample *stale,
                const WeftChplvisSample *to)
{
  Accrual accrual = { target, 0, to->time, to->user - stale->user, to->sys - stale->sys };

  g_array_append_val (accruals, accrual);
}

/* Replays chplvis's CPU/clock bookkeeping for one locale: at Start, All and Start
 * are armed; a Tag arms its tag (and All after a pause) and closes the tag before
 * it if that one is still armed; Pause and End close the current tag and All.
 * A run without End (crashed) is closed at its last record, with the CPU of its
 * last sample (chplvis leaves such a tag and All at 0). */
static GArray *
locale_accruals (const WeftChplvisLocale *locale,
                 gboolean                 compat)
{
  GArray *accruals = g_array_new (FALSE, FALSE, sizeof (Accrual));
  guint n = locale->n_tags + 1;
  g_autofree WeftChplvisSample *ref = g_new0 (WeftChplvisSample, n + 1);
  g_autofree gboolean *armed = g_new0 (gboolean, n + 1);
  WeftChplvisSample last = locale->start;
  guint all = n;
  guint current = 0;

  ref[0] = ref[all] = locale->start;
  armed[0] = armed[all] = TRUE;

  for (guint32 i = 0; i < locale->n_marks; i++)
    {
      const WeftChplvisMark *mark = &locale->marks[i];

      last = mark->sample;
      switch (mark->kind)
        {
        case WEFT_CHPLVIS_MARK_TAG:
          if (current + 1 >= n)
            break;
          ref[current + 1] = mark->sample;
          armed[current + 1] = TRUE;
          if (!armed[all])
            {
              ref[all] = mark->sample;
              armed[all] = TRUE;
            }
          if (armed[current])
            {
              accrue (accruals, (int)current, &ref[current], &mark->sample);
              armed[current] = FALSE;
            }
          current++;
          break;

        case WEFT_CHPLVIS_MARK_PAUSE:
        case WEFT_CHPLVIS_MARK_END:
          if (armed[current])
            accrue (accruals, (int)current, &ref[current], &mark->sample);
          else if (compat)
            accrue_unarmed (accruals, (int)current, &ref[current], &mark->sample);
          if (armed[all])
            accrue (accruals, -1, &ref[all], &mark->sample);
          else if (compat)
            accrue_unarmed (accruals, -1, &ref[all], &mark->sample);
          armed[current] = armed[all] = FALSE;
          break;

        default:
          g_assert_not_reached ();
        }
    }

  if (!locale->complete && !compat)
    {
      /* The CPU is known only at the last sample, the time at the last record. */
      last.time = MAX (locale->last_time, last.time);
      if (armed[current])
        accrue (accruals, (int)current, &ref[current], &last);
      if (armed[all])
        accrue (accruals, -1, &ref[all], &last);
    }

  return accruals;
}

static void
add_accruals (const WeftChplvisTrace  *trace,
              const WeftChplvisLocale *locale,
              const Selection         *sel,
              WeftChplvisLocaleStats  *stats)
{
  g_autoptr(GArray) accruals = locale_accruals (locale, sel->compat);
  /* Doubles: many stretches of hostile sizes must not overflow. */
  double user = 0, sys = 0, clock_ns = 0;

  for (guint i = 0; i < accruals->len; i++)
    {
      const Accrual *a = &g_array_index (accruals, Accrual, i);
      gint64 begin, end;

      if (sel->all ? a->target != -1 : (a->target < 0 || (guint)a->target >= sel->n_segments ||
                                        !sel->selected[a->target]))
        continue;

      if (!sel->has_range)
        {
          user += (double)a->user;
          sys += (double)a->sys;
          clock_ns += (double)(a->end - a->begin) * 1000.0;
          continue;
        }

      /* The part of the stretch inside the range, CPU spread evenly. */
      begin = MAX (weft_chplvis_time_to_ns (trace, a->begin), sel->begin);
      end = MIN (weft_chplvis_time_to_ns (trace, a->end), sel->end);
      if (a->end > a->begin)
        {
          double fraction;

          if (end <= begin)
            continue;
          fraction = (double)(end - begin) / (double)((a->end - a->begin) * 1000);
          user += fraction * (double)a->user;
          sys += fraction * (double)a->sys;
          clock_ns += (double)(end - begin);
        }
      else if (in_range (sel, trace, a->begin))
        {
          user += (double)a->user;
          sys += (double)a->sys;
        }
    }

  stats->cpu_user = user / 1e6;
  stats->cpu_sys = sys / 1e6;
  stats->clock = clock_ns / 1e9;
}

/* chplvis walks each locale's Btask/Etask in order: a Btask of a task it counts
 * (chplvis: one created in the same tag) starts it, the matching Etask ends it,
 * and the count carries over from tag to tag; main is running on locale 0. */
static void
add_concurrency (const WeftChplvisTrace   *trace,
                 const WeftChplvisLocale  *locale,
                 const WeftChplvisSegment *segments,
                 const Selection          *sel,
                 WeftChplvisLocaleStats   *stats)
{
  const WeftChplvisTasks *t = &locale->tasks;
  g_autofree guint8 *running = g_new0 (guint8, MAX (t->n, 1));
  g_autofree gint64 *longest = g_new0 (gint64, sel->n_segments);
  guint run = locale->nid == 0 ? 1 : 0;
  guint best = 0;
  gint64 end_of_run = weft_chplvis_locale_get_end_time (locale);

  for (guint s = 0; s < sel->n_segments; s++)
    {
      const WeftChplvisSegment *seg = &segments[s];
      gboolean selected = sel->selected[s];
      gboolean overlaps = TRUE;
      gboolean entered = FALSE;

      if (!seg->present)
        continue;

      if (selected && sel->has_range)
        {
          gint64 seg_begin = weft_chplvis_time_to_ns (trace, segment_start_time (locale, seg));
          gint64 seg_end = s + 1 < sel->n_segments && segments[s + 1].present
                             ? weft_chplvis_time_to_ns (trace, segment_start_time (locale, &segments[s + 1]))
                             : weft_chplvis_time_to_ns (trace, end_of_run);

          overlaps = seg_begin < sel->end && seg_end >= sel->begin;
        }
      else if (selected)
        best = MAX (best, run);

      for (guint32 e = seg->sched_begin; e < seg->sched_end; e++)
        {
          guint32 task = locale->sched[e] & WEFT_CHPLVIS_SCHED_TASK;
          gboolean is_end = (locale->sched[e] & WEFT_CHPLVIS_SCHED_END) != 0;
          gint64 time;

          if (task >= t->n)
            continue;
          time = is_end ? t->end_time[task] : t->begin_time[task];

          if (selected && sel->has_range && overlaps && !entered &&
              weft_chplvis_time_to_ns (trace, time) >= sel->begin)
            {
              /* What was running when the range began. */
              entered = TRUE;
              best = MAX (best, run);
            }

          if (!is_end)
            {
              if (t->flags[task] & WEFT_CHPLVIS_TASK_NOT_COUNTED)
                continue;
              if (sel->compat && (task < seg->task_begin || task >= seg->task_end))
                continue;
              running[task] = 1;
              run++;
              if (selected && in_range (sel, trace, time))
                best = MAX (best, run);
            }
          else if (running[task])
            {
              running[task] = 0;
              run--;
              if (selected && in_range (sel, trace, time) && (t->flags[task] & WEFT_CHPLVIS_TASK_HAS_BEGIN))
                longest[s] = MAX (longest[s], t->end_time[task] - t->begin_time[task]);
            }
        }

      if (selected && sel->has_range && overlaps && !entered)
        best = MAX (best, run);
    }

  stats->max_concurrency = best;

  stats->max_task_clock = 0;
  for (guint s = 0; s < sel->n_segments; s++)
    if (sel->selected[s])
      {
        /* chplvis's merged tags add up their maxima. */
        if (sel->compat && sel->merged)
          stats->max_task_clock += (double)longest[s] / 1e6;
        else
          stats->max_task_clock = MAX (stats->max_task_clock, (double)longest[s] / 1e6);
      }
}

static guint64
count_tasks (const WeftChplvisTrace   *trace,
             const WeftChplvisLocale  *locale,
             const WeftChplvisSegment *segments,
             const Selection          *sel)
{
  const WeftChplvisTasks *t = &locale->tasks;
  guint64 n = 0;

  for (guint s = 0; s < sel->n_segments; s++)
    {
      const WeftChplvisSegment *seg = &segments[s];

      if (!sel->selected[s] || !seg->present)
        continue;
      for (guint32 i = seg->task_begin; i < seg->task_end; i++)
        if ((t->flags[i] & WEFT_CHPLVIS_TASK_NOT_COUNTED) == 0 && in_range (sel, trace, t->create_time[i]))
          n++;
    }

  /* chplvis counts main once on locale 0 in every tag (and so once per tag
   * when it merges tags); Weft counts it once wherever it runs. */
  if (locale->nid == 0 && t->n > 0 && sel->n_selected > 0)
    {
      gint64 main_begin = weft_chplvis_time_to_ns (trace, t->create_time[WEFT_CHPLVIS_MAIN_TASK]);
      gint64 main_end = weft_chplvis_time_to_ns (trace, t->end_time[WEFT_CHPLVIS_MAIN_TASK]);

      if (sel->compat && sel->merged)
        n += sel->n_selected;
      else if (!sel->has_range || (main_begin < sel->end && main_end >= sel->begin))
        n++;
    }

  return n;
}

/**
 * weft_chplvis_compute_locale_stats:
 *
 * What chplvis shows per locale (Show Tasks, Show CPU, Show Clock, Show
 * Concurrency, the locale box), and the communication in and out of it.
 *
 * Returns: (transfer full) (array): one entry per locale; locales without a
 *   file are all zero.
 */
WeftChplvisLocaleStats *
weft_chplvis_compute_locale_stats (const WeftChplvisTrace *trace,
                                   const WeftChplvisQuery *query)
{
  return weft_chplvis_compute_locale_stats_with_comm (trace, query, NULL);
}

/**
 * weft_chplvis_compute_locale_stats_with_comm:
 * @comm: (nullable): weft_chplvis_compute_comm_matrix() of @trace and @query,
 *   when the caller has it already (a pass over every record saved)
 *
 * weft_chplvis_compute_locale_stats().
 */
WeftChplvisLocaleStats *
weft_chplvis_compute_locale_stats_with_comm (const WeftChplvisTrace      *trace,
                                             const WeftChplvisQuery      *query,
                                             const WeftChplvisCommMatrix *comm)
{
  g_autoptr(WeftChplvisCommMatrix) computed = NULL;
  WeftChplvisLocaleStats *stats;
  guint n;
  Selection sel;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);

  n = trace->n_locales;
  stats = g_new0 (WeftChplvisLocaleStats, MAX (n, 1));
  selection_init (&sel, trace, query);

  for (guint l = 0; l < n; l++)
    {
      const WeftChplvisLocale *locale = trace->locales[l];
      g_autofree WeftChplvisSegment *segments = NULL;

      if (locale == NULL || sel.n_selected == 0)
        continue;
      segments = weft_chplvis_locale_dup_segments (locale, sel.n_segments);

      stats[l].tasks = count_tasks (trace, locale, segments, &sel);
      add_accruals (trace, locale, &sel, &stats[l]);
      add_concurrency (trace, locale, segments, &sel, &stats[l]);
    }

  if (comm == NULL)
    comm = computed = weft_chplvis_compute_comm_matrix (trace, query);
  g_return_val_if_fail (comm->n_locales == n, stats);
  for (guint from = 0; from < n; from++)
    for (guint to = 0; to < n; to++)
      {
        gsize cell = (gsize)from * n + to;

        stats[from].comm_out_count += comm->count[cell];
        stats[from].comm_out_bytes = add_sat (stats[from].comm_out_bytes, comm->bytes[cell]);
        stats[to].comm_in_count += comm->count[cell];
        stats[to].comm_in_bytes = add_sat (stats[to].comm_in_bytes, comm->bytes[cell]);
      }

  selection_clear (&sel);

  return stats;
}

typedef struct
{
  gint64 time;
  int    delta;     /* +1 a Btask, −1 an Etask */
} Change;

static int
compare_changes (gconstpointer a,
                 gconstpointer b)
{
  const Change *x = a;
  const Change *y = b;

  /* By time; at one time an end before a begin. */
  if (x->time != y->time)
    return (x->time > y->time) - (x->time < y->time);
  return (x->delta > y->delta) - (x->delta < y->delta);
}

/**
 * weft_chplvis_compute_concurrency_steps:
 * @chplvis_compat: leave out tasks that begin in the tag after their creation
 *
 * The concurrency of @locale over time, for a curve: the tasks counted as in
 * weft_chplvis_compute_locale_stats() (main on locale 0 from its header), each
 * running from its Btask to its Etask, in time order (a file is not in time
 * order, so the peak of this curve can differ slightly from max_concurrency,
 * which follows the file as chplvis does).
 *
 * Returns: (transfer full) (element-type WeftChplvisConcurrencyStep): one step
 *   at the locale's start and one per Btask and Etask counted.
 */
GArray *
weft_chplvis_compute_concurrency_steps (const WeftChplvisTrace *trace,
                                        guint                   locale,
                                        gboolean                chplvis_compat)
{
  const WeftChplvisLocale *l;
  const WeftChplvisTasks *t;
  g_autofree WeftChplvisSegment *segments = NULL;
  g_autofree guint8 *running = NULL;
  g_autoptr(GArray) changes = NULL;
  WeftChplvisConcurrencyStep step;
  GArray *steps;
  guint n_segments;
  guint run;

  g_return_val_if_fail (trace != NULL, NULL);

  steps = g_array_new (FALSE, FALSE, sizeof (WeftChplvisConcurrencyStep));
  if (locale >= trace->n_locales || trace->locales[locale] == NULL)
    return steps;
  l = trace->locales[locale];
  t = &l->tasks;
  n_segments = trace->n_tags + 1;
  segments = weft_chplvis_locale_dup_segments (l, n_segments);
  running = g_new0 (guint8, MAX (t->n, 1));

  changes = g_array_new (FALSE, FALSE, sizeof (Change));
  for (guint s = 0; s < n_segments; s++)
    {
      const WeftChplvisSegment *seg = &segments[s];

      if (!seg->present)
        continue;
      for (guint32 e = seg->sched_begin; e < seg->sched_end; e++)
        {
          guint32 task = l->sched[e] & WEFT_CHPLVIS_SCHED_TASK;
          Change change;

          if (task >= t->n)
            continue;
          if (!(l->sched[e] & WEFT_CHPLVIS_SCHED_END))
            {
              if ((t->flags[task] & WEFT_CHPLVIS_TASK_NOT_COUNTED) ||
                  (chplvis_compat && (task < seg->task_begin || task >= seg->task_end)))
                continue;
              running[task] = 1;
              change.time = weft_chplvis_time_to_ns (trace, t->begin_time[task]);
              change.delta = 1;
            }
          else if (running[task])
            {
              running[task] = 0;
              change.time = weft_chplvis_time_to_ns (trace, t->end_time[task]);
              change.delta = -1;
            }
          else
            continue;
          g_array_append_val (changes, change);
        }
    }
  g_array_sort (changes, compare_changes);

  run = l->nid == 0 ? 1 : 0;
  step.time = weft_chplvis_time_to_ns (trace, l->start.time);
  step.running = run;
  g_array_append_val (steps, step);
  for (guint i = 0; i < changes->len; i++)
    {
      const Change *change = &g_array_index (changes, Change, i);

      if (change->delta > 0)
        run++;
      else if (run > 0)
        run--;
      step.time = change->time;
      step.running = run;
      g_array_append_val (steps, step);
    }

  return steps;
}

/* Profile -------------------------------------------------------------------- */

/* The profile row a function id goes to. chplvis reads a negative id as 0 and
 * drops ids beyond its table (returns -1 here); Weft puts both under "unknown". */
static int
profile_row (int      fid,
             guint    n_functions,
             gboolean compat)
{
  if (fid < 0)
    return compat ? 0 : (int)n_functions + 1;
  if ((guint)fid >= n_functions)
    return compat ? -1 : (int)n_functions + 1;

  return fid;
}

/**
 * weft_chplvis_compute_profile:
 *
 * chplvis's Profile view (per internal function: clock, tasks, gets, puts, on
 * calls), for any tag and range: tasks count where they were created, with their
 * whole clock; gets and puts go to the function of the task that issued them,
 * on calls to the function the fork runs. Weft adds a "main" row for the main
 * task's communication (chplvis charges it to function 0) and an "unknown" row
 * (tasks and records whose function or task is not known).
 *
 * Returns: (transfer full) (element-type WeftChplvisProfileRow): one row per
 *   function id, then main and unknown (not with chplvis_compat).
 */
GArray *
weft_chplvis_compute_profile (const WeftChplvisTrace *trace,
                              const WeftChplvisQuery *query)
{
  guint n_functions;
  GArray *rows;
  WeftChplvisProfileRow *row;
  Selection sel;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);

  n_functions = weft_chplvis_trace_get_n_functions (trace);
  rows = g_array_sized_new (FALSE, TRUE, sizeof (WeftChplvisProfileRow), n_functions + 2);
  g_array_set_size (rows, n_functions + 2);
  for (guint i = 0; i < n_functions; i++)
    {
      const WeftChplvisFunction *function = weft_chplvis_trace_get_function (trace, (int)i);

      row = &g_array_index (rows, WeftChplvisProfileRow, i);
      row->fid = (int)i;
      if (function != NULL)
        {
          row->name = function->name;
          row->file = weft_chplvis_trace_get_file_name (trace, function->file);
          row->line = function->line;
        }
    }
  row = &g_array_index (rows, WeftChplvisProfileRow, n_functions);
  row->fid = WEFT_CHPLVIS_FID_MAIN;
  row->name = "main";
  row = &g_array_index (rows, WeftChplvisProfileRow, n_functions + 1);
  row->fid = WEFT_CHPLVIS_FID_UNKNOWN;
  row->name = "unknown";

  selection_init (&sel, trace, query);

  for (guint l = 0; l < trace->n_locales; l++)
    {
      const WeftChplvisLocale *locale = trace->locales[l];
      const WeftChplvisTasks *t;
      g_autofree WeftChplvisSegment *segments = NULL;

      if (locale == NULL)
        continue;
      t = &locale->tasks;
      segments = weft_chplvis_locale_dup_segments (locale, sel.n_segments);

      for (guint s = 0; s < sel.n_segments; s++)
        {
          const WeftChplvisSegment *seg = &segments[s];

          if (!sel.selected[s] || !seg->present)
            continue;

          for (guint32 i = seg->task_begin; i < seg->task_end; i++)
            {
              guint8 flags = t->flags[i];
              int r;

              if ((flags & (WEFT_CHPLVIS_TASK_OVERHEAD | WEFT_CHPLVIS_TASK_NO_RECORD | WEFT_CHPLVIS_TASK_MAIN)) ||
                  !in_range (&sel, trace, t->create_time[i]))
                continue;
              r = profile_row (t->fid[i], n_functions, sel.compat);
              if (r < 0)
                continue;
              row = &g_array_index (rows, WeftChplvisProfileRow, r);
              row->tasks++;
              if ((flags & WEFT_CHPLVIS_TASK_HAS_BEGIN) && (flags & WEFT_CHPLVIS_TASK_HAS_END) &&
                  !(flags & WEFT_CHPLVIS_TASK_ERASED))
                row->clock += (double)(t->end_time[i] - t->begin_time[i]) / 1e6;
            }

          for (guint32 i = seg->comm_begin; i < seg->comm_end; i++)
            {
              const WeftChplvisComms *c = &locale->comms;
              guint32 task = c->task[i];
              int r;

              if ((c->flags[i] & WEFT_CHPLVIS_COMM_OVERHEAD) || !in_range (&sel, trace, c->time[i]) ||
                  !(sel.kinds & WEFT_CHPLVIS_KIND_BIT (c->kind[i])))
                continue;
              if (task == WEFT_CHPLVIS_NO_TASK || task >= t->n)
                r = sel.compat ? -1 : (int)n_functions + 1;   /* chplvis: "no tid", not counted */
              else if (t->flags[task] & WEFT_CHPLVIS_TASK_MAIN)
                r = sel.compat ? profile_row (0, n_functions, TRUE) : (int)n_functions;
              else if (sel.compat && (t->flags[task] & (WEFT_CHPLVIS_TASK_OVERHEAD | WEFT_CHPLVIS_TASK_ERASED)))
                r = -1;
              else
                r = profile_row (t->fid[task], n_functions, sel.compat);
              if (r < 0)
                continue;
              row = &g_array_index (rows, WeftChplvisProfileRow, r);
              if (weft_chplvis_record_kind_is_get (c->kind[i]))
                row->gets++;
              else
                row->puts++;
            }

          for (guint32 i = seg->fork_begin; i < seg->fork_end; i++)
            {
              const WeftChplvisForks *f = &locale->forks;
              int r;

              if ((f->flags[i] & WEFT_CHPLVIS_COMM_OVERHEAD) || !in_range (&sel, trace, f->time[i]) ||
                  !(sel.kinds & WEFT_CHPLVIS_KIND_BIT (f->kind[i])))
                continue;
              r = profile_row (f->fid[i], n_functions, sel.compat);
              if (r < 0)
                continue;
              g_array_index (rows, WeftChplvisProfileRow, r).on_calls++;
            }
        }
    }

  selection_clear (&sel);

  if (sel.compat)
    g_array_set_size (rows, n_functions);

  return rows;
}

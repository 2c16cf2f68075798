/* weft-int-set.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-error.h"
#include "weft-int-set.h"

struct _WeftIntSet
{
  WeftIntRange *ranges;   /* sorted; disjoint and never adjacent (3-4,5 is 3-5) */
  guint         n_ranges;
  guint         n_alloc;
};

/* One run of consecutive processes that share the same threads. Neighbouring
 * runs that touch always have different thread sets, which makes the printed
 * form canonical. */
typedef struct
{
  gint64      first;
  gint64      last;
  WeftIntSet *threads;    /* never empty */
} ThreadRun;

struct _WeftThreadSet
{
  GArray *runs;           /* ThreadRun, sorted by first, disjoint */
  guint64 n_ranges;       /* thread ranges over all runs: the size of the printed form */
};

/* Overlapping items can make the canonical form grow with the square of the
 * input ("0.0-100.0,1.1-101.1,2.2-102.2,…"); parsing refuses to build more
 * than this many thread ranges (16 MiB) rather than run out of time or memory. */
#define MAX_PARSED_RANGES (G_GUINT64_CONSTANT (1) << 20)

G_DEFINE_BOXED_TYPE (WeftIntSet, weft_int_set, weft_int_set_copy, weft_int_set_free)
G_DEFINE_BOXED_TYPE (WeftThreadSet, weft_thread_set, weft_thread_set_copy, weft_thread_set_free)

/* --- Parsing helpers shared by both set kinds ------------------------------- */

typedef struct
{
  const char *text;
  gsize       len;
  gsize       pos;
} Scanner;

static void
scanner_init (Scanner    *s,
              const char *text,
              gssize      len)
{
  s->text = text;
  s->len = len < 0 ? strlen (text) : (gsize)len;
  s->pos = 0;
}

static void
skip_blanks (Scanner *s)
{
  while (s->pos < s->len && g_ascii_isspace (s->text[s->pos]))
    s->pos++;
}

static gboolean
at_end (const Scanner *s)
{
  return s->pos >= s->len;
}

static char
peek (const Scanner *s)
{
  return at_end (s) ? '\0' : s->text[s->pos];
}

static char *
unexpected (const Scanner *s)
{
  char c = peek (s);

  if (g_ascii_isprint (c))
    return g_strdup_printf (_("unexpected “%c”"), c);
  return g_strdup_printf (_("unexpected byte 0x%02x"), (guint)(guchar)c);
}

/* Reads a non-negative decimal number. On failure *why says what was wrong
 * and s->pos points at the offending character. */
static gboolean
scan_number (Scanner *s,
             gint64  *value,
             char   **why)
{
  gsize start = s->pos;
  gint64 v = 0;

  if (at_end (s) || !g_ascii_isdigit (s->text[s->pos]))
    {
      if (at_end (s))
        *why = g_strdup (_("expected a number, found the end"));
      else if (g_ascii_isprint (peek (s)))
        *why = g_strdup_printf (_("expected a number, found “%c”"), peek (s));
      else
        *why = g_strdup_printf (_("expected a number, found byte 0x%02x"), (guint)(guchar)peek (s));
      return FALSE;
    }

  while (!at_end (s) && g_ascii_isdigit (s->text[s->pos]))
    {
      int digit = s->text[s->pos] - '0';

      if (v > (G_MAXINT64 - digit) / 10)
        {
          s->pos = start;
          *why = g_strdup (_("number too large"));
          return FALSE;
        }
      v = v * 10 + digit;
      s->pos++;
    }

  *value = v;
  return TRUE;
}

/* The offending text as it can be shown in a message: valid UTF-8, short. */
static char *
describe_text (const char *text,
               gsize       len)
{
  const gsize max_shown = 64;
  g_autofree char *valid = g_utf8_make_valid (text, MIN (len, max_shown));

  if (len > max_shown)
    return g_strconcat (valid, "…", NULL);
  return g_steal_pointer (&valid);
}

static void
set_parse_error (GError       **error,
                 guint         *error_column,
                 const char    *kind,
                 const Scanner *s,
                 const char    *why)
{
  g_autofree char *shown = describe_text (s->text, s->len);
  guint column = (guint)MIN (s->pos, (gsize)G_MAXUINT - 1) + 1;

  if (error_column != NULL)
    *error_column = column;
  /* TRANSLATORS: “0-3,x” is not a compact integer set: expected a number at character 5
   * (counted in the quoted text; a file reader puts its own line and column before this) */
  g_set_error (error, WEFT_ERROR, WEFT_ERROR_PARSE, _("“%s” is not a %s: %s at character %u"),
               shown, kind, why, column);
}

/* --- WeftIntSet ------------------------------------------------------------- */

WeftIntSet *
weft_int_set_new (void)
{
  return g_new0 (WeftIntSet, 1);
}

WeftIntSet *
weft_int_set_copy (const WeftIntSet *self)
{
  WeftIntSet *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = g_new0 (WeftIntSet, 1);
  if (self->n_ranges > 0)
    {
      copy->ranges = g_memdup2 (self->ranges, self->n_ranges * sizeof (WeftIntRange));
      copy->n_ranges = copy->n_alloc = self->n_ranges;
    }
  return copy;
}

void
weft_int_set_free (WeftIntSet *self)
{
  if (self == NULL)
    return;

  g_free (self->ranges);
  g_free (self);
}

static void
reserve (WeftIntSet *self,
         guint       extra)
{
  if (self->n_ranges + extra <= self->n_alloc)
    return;

  g_assert (self->n_ranges <= G_MAXUINT - extra);
  self->n_alloc = MAX (MAX (self->n_alloc * 2, self->n_ranges + extra), 4);
  self->ranges = g_renew (WeftIntRange, self->ranges, self->n_alloc);
}

static int
compare_ranges (const void *a,
                const void *b)
{
  const WeftIntRange *ra = a;
  const WeftIntRange *rb = b;

  if (ra->first != rb->first)
    return ra->first < rb->first ? -1 : 1;
  if (ra->last != rb->last)
    return ra->last < rb->last ? -1 : 1;
  return 0;
}

/* Sorts and merges ranges appended in any order. Two ranges merge when they
 * overlap or touch; `next.first - 1 <= last` avoids overflowing at G_MAXINT64. */
static void
normalise (WeftIntSet *self)
{
  guint out = 0;

  if (self->n_ranges < 2)
    return;

  qsort (self->ranges, self->n_ranges, sizeof (WeftIntRange), compare_ranges);
  for (guint i = 1; i < self->n_ranges; i++)
    {
      WeftIntRange *cur = &self->ranges[out];
      const WeftIntRange *next = &self->ranges[i];

      if (next->first - 1 <= cur->last)
        cur->last = MAX (cur->last, next->last);
      else
        self->ranges[++out] = *next;
    }
  self->n_ranges = out + 1;
}

static gboolean
parse_ranges (Scanner    *s,
              WeftIntSet *set,
              char      **why)
{
  skip_blanks (s);
  if (at_end (s))
    return TRUE;

  for (;;)
    {
      gsize item_start;
      gint64 first, last;

      skip_blanks (s);
      item_start = s->pos;
      if (!scan_number (s, &first, why))
        return FALSE;
      skip_blanks (s);
      if (peek (s) == '-')
        {
          s->pos++;
          skip_blanks (s);
          if (!scan_number (s, &last, why))
            return FALSE;
          if (last < first)
            {
              s->pos = item_start;
              *why = g_strdup_printf (_("the range %" PRId64 "-%" PRId64 " ends before it starts"),
                                      first, last);
              return FALSE;
            }
        }
      else
        last = first;

      reserve (set, 1);
      set->ranges[set->n_ranges].first = first;
      set->ranges[set->n_ranges].last = last;
      set->n_ranges++;

      skip_blanks (s);
      if (at_end (s))
        return TRUE;
      if (peek (s) != ',')
        {
          *why = unexpected (s);
          return FALSE;
        }
      s->pos++;
    }
}

/**
 * weft_int_set_parse:
 * @text: a compact integer set such as "0-3,7-17" ("" is the empty set)
 * @len: length of @text in bytes, or -1 when it is nul-terminated
 * @error_column: (out) (optional): on error, the 1-based byte column in @text
 *   where the problem is, so a caller can point into its own file
 *
 * Blanks around numbers, commas and hyphens are allowed; ranges may come in any
 * order and overlap or touch (they are merged). A range that ends before it
 * starts, a missing number, a trailing comma or a number above G_MAXINT64 is an
 * error.
 *
 * Returns: (transfer full): the set, or %NULL with @error set.
 */
WeftIntSet *
weft_int_set_parse (const char  *text,
                    gssize       len,
                    guint       *error_column,
                    GError     **error)
{
  g_autoptr(WeftIntSet) set = NULL;
  g_autofree char *why = NULL;
  Scanner s;

  g_return_val_if_fail (text != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  scanner_init (&s, text != NULL ? text : "", len);
  set = weft_int_set_new ();
  if (!parse_ranges (&s, set, &why))
    {
      set_parse_error (error, error_column, _("compact integer set"), &s, why);
      return NULL;
    }

  normalise (set);
  return g_steal_pointer (&set);
}

/**
 * weft_int_set_parse_bracketed:
 *
 * Like weft_int_set_parse() for STAT's form, "[0-3,7]" ("[]" is the empty set).
 * The brackets are required; blanks around them are allowed.
 */
WeftIntSet *
weft_int_set_parse_bracketed (const char  *text,
                              gssize       len,
                              guint       *error_column,
                              GError     **error)
{
  g_autoptr(WeftIntSet) set = NULL;
  g_autofree char *why = NULL;
  gsize close;
  Scanner s;

  g_return_val_if_fail (text != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  scanner_init (&s, text != NULL ? text : "", len);
  skip_blanks (&s);
  if (peek (&s) != '[')
    {
      why = at_end (&s) ? g_strdup (_("expected “[”, found the end")) : g_strdup (_("expected “[”"));
      set_parse_error (error, error_column, _("bracketed integer set"), &s, why);
      return NULL;
    }
  s.pos++;

  close = s.len;
  while (close > s.pos && g_ascii_isspace (s.text[close - 1]))
    close--;
  if (close <= s.pos || s.text[close - 1] != ']')
    {
      s.pos = close;
      why = g_strdup (_("expected “]” at the end"));
      set_parse_error (error, error_column, _("bracketed integer set"), &s, why);
      return NULL;
    }

  set = weft_int_set_new ();
  {
    Scanner inner = s;

    inner.len = close - 1;
    if (!parse_ranges (&inner, set, &why))
      {
        /* Report against the whole text, so the column is the caller's. */
        s.pos = inner.pos;
        set_parse_error (error, error_column, _("bracketed integer set"), &s, why);
        return NULL;
      }
  }

  normalise (set);
  return g_steal_pointer (&set);
}

/**
 * weft_int_set_append_to:
 *
 * Appends the canonical form: sorted, merged ranges, "FROM-TO" or "N" when
 * FROM equals TO, separated by commas, no blanks. The empty set adds nothing.
 */
void
weft_int_set_append_to (const WeftIntSet *self,
                        GString          *out)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL);

  for (guint i = 0; i < self->n_ranges; i++)
    {
      const WeftIntRange *r = &self->ranges[i];

      if (i > 0)
        g_string_append_c (out, ',');
      if (r->first == r->last)
        g_string_append_printf (out, "%" G_GINT64_FORMAT, r->first);
      else
        g_string_append_printf (out, "%" G_GINT64_FORMAT "-%" G_GINT64_FORMAT, r->first, r->last);
    }
}

char *
weft_int_set_to_string (const WeftIntSet *self)
{
  GString *out;

  g_return_val_if_fail (self != NULL, NULL);

  out = g_string_new (NULL);
  weft_int_set_append_to (self, out);
  return g_string_free (out, FALSE);
}

char *
weft_int_set_to_bracketed_string (const WeftIntSet *self)
{
  GString *out;

  g_return_val_if_fail (self != NULL, NULL);

  out = g_string_new ("[");
  weft_int_set_append_to (self, out);
  g_string_append_c (out, ']');
  return g_string_free (out, FALSE);
}

/* Index of the first range whose last >= value (n_ranges when none). */
static guint
lower_bound (const WeftIntSet *self,
             gint64            value)
{
  guint lo = 0, hi = self->n_ranges;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (self->ranges[mid].last < value)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

void
weft_int_set_add_range (WeftIntSet *self,
                        gint64      first,
                        gint64      last)
{
  guint i, j;

  g_return_if_fail (self != NULL);
  g_return_if_fail (first >= 0 && first <= last);

  /* Ids usually arrive in ascending order: append or extend the last range. */
  if (self->n_ranges == 0 || first - 1 > self->ranges[self->n_ranges - 1].last)
    {
      reserve (self, 1);
      self->ranges[self->n_ranges].first = first;
      self->ranges[self->n_ranges].last = last;
      self->n_ranges++;
      return;
    }
  if (first >= self->ranges[self->n_ranges - 1].first)
    {
      self->ranges[self->n_ranges - 1].last = MAX (self->ranges[self->n_ranges - 1].last, last);
      return;
    }

  /* Ranges i … j-1 overlap or touch [first, last]; they collapse into one. */
  i = lower_bound (self, first - 1);
  j = i;
  while (j < self->n_ranges && self->ranges[j].first - 1 <= last)
    j++;

  if (i == j)
    {
      reserve (self, 1);
      memmove (&self->ranges[i + 1], &self->ranges[i], (self->n_ranges - i) * sizeof (WeftIntRange));
      self->ranges[i].first = first;
      self->ranges[i].last = last;
      self->n_ranges++;
      return;
    }

  self->ranges[i].first = MIN (first, self->ranges[i].first);
  self->ranges[i].last = MAX (last, self->ranges[j - 1].last);
  memmove (&self->ranges[i + 1], &self->ranges[j], (self->n_ranges - j) * sizeof (WeftIntRange));
  self->n_ranges -= j - i - 1;
}

void
weft_int_set_add (WeftIntSet *self,
                  gint64      value)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (value >= 0);

  weft_int_set_add_range (self, value, value);
}

void
weft_int_set_add_set (WeftIntSet       *self,
                      const WeftIntSet *other)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (other != NULL);

  if (other->n_ranges == 0 || self == other)
    return;

  /* Appending then normalising costs O((n + m) log (n + m)); adding range by
   * range could cost O(n × m) when the sets interleave. */
  reserve (self, other->n_ranges);
  memcpy (&self->ranges[self->n_ranges], other->ranges, other->n_ranges * sizeof (WeftIntRange));
  self->n_ranges += other->n_ranges;
  normalise (self);
}

gboolean
weft_int_set_contains (const WeftIntSet *self,
                       gint64            value)
{
  guint i;

  g_return_val_if_fail (self != NULL, FALSE);

  i = lower_bound (self, value);
  return i < self->n_ranges && self->ranges[i].first <= value;
}

gboolean
weft_int_set_is_empty (const WeftIntSet *self)
{
  g_return_val_if_fail (self != NULL, TRUE);

  return self->n_ranges == 0;
}

/* Disjoint ranges inside [0, G_MAXINT64] hold at most 2^63 numbers: no overflow. */
guint64
weft_int_set_get_count (const WeftIntSet *self)
{
  guint64 count = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (guint i = 0; i < self->n_ranges; i++)
    count += (guint64)(self->ranges[i].last - self->ranges[i].first) + 1;
  return count;
}

guint
weft_int_set_get_n_ranges (const WeftIntSet *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_ranges;
}

const WeftIntRange *
weft_int_set_get_range (const WeftIntSet *self,
                        guint             index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->n_ranges, NULL);

  return &self->ranges[index];
}

gboolean
weft_int_set_equal (const WeftIntSet *a,
                    const WeftIntSet *b)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  return a->n_ranges == b->n_ranges &&
         (a->n_ranges == 0 || memcmp (a->ranges, b->ranges, a->n_ranges * sizeof (WeftIntRange)) == 0);
}

/**
 * weft_int_set_iter_init:
 *
 * Prepares @iter to visit the members of @set in ascending order. The set must
 * not change while it is iterated.
 */
void
weft_int_set_iter_init (WeftIntSetIter   *iter,
                        const WeftIntSet *set)
{
  g_return_if_fail (iter != NULL);
  g_return_if_fail (set != NULL);

  iter->set = set;
  iter->range = 0;
  iter->value = set->n_ranges > 0 ? set->ranges[0].first : 0;
}

gboolean
weft_int_set_iter_next (WeftIntSetIter *iter,
                        gint64         *value)
{
  const WeftIntSet *set;

  g_return_val_if_fail (iter != NULL, FALSE);

  set = iter->set;
  if (iter->range >= set->n_ranges)
    return FALSE;

  if (value != NULL)
    *value = iter->value;

  /* Step without computing last + 1, which overflows at G_MAXINT64. */
  if (iter->value == set->ranges[iter->range].last)
    {
      iter->range++;
      if (iter->range < set->n_ranges)
        iter->value = set->ranges[iter->range].first;
    }
  else
    iter->value++;

  return TRUE;
}

/* --- WeftThreadSet ---------------------------------------------------------- */

static void
thread_run_clear (gpointer data)
{
  ThreadRun *run = data;

  g_clear_pointer (&run->threads, weft_int_set_free);
}

WeftThreadSet *
weft_thread_set_new (void)
{
  WeftThreadSet *self = g_new0 (WeftThreadSet, 1);

  self->runs = g_array_new (FALSE, FALSE, sizeof (ThreadRun));
  g_array_set_clear_func (self->runs, thread_run_clear);
  return self;
}

WeftThreadSet *
weft_thread_set_copy (const WeftThreadSet *self)
{
  WeftThreadSet *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = weft_thread_set_new ();
  copy->n_ranges = self->n_ranges;
  for (guint i = 0; i < self->runs->len; i++)
    {
      ThreadRun run = g_array_index (self->runs, ThreadRun, i);

      run.threads = weft_int_set_copy (run.threads);
      g_array_append_val (copy->runs, run);
    }
  return copy;
}

void
weft_thread_set_free (WeftThreadSet *self)
{
  if (self == NULL)
    return;

  g_array_unref (self->runs);
  g_free (self);
}

#define RUN(self, i) (&g_array_index ((self)->runs, ThreadRun, (i)))

static void
insert_run (WeftThreadSet *self,
            guint          index,
            gint64         first,
            gint64         last,
            WeftIntSet    *threads)
{
  ThreadRun run = { first, last, threads };

  g_array_insert_val (self->runs, index, run);
  self->n_ranges += threads->n_ranges;
}

static void
run_add_threads (WeftThreadSet *self,
                 guint          index,
                 gint64         first_thread,
                 gint64         last_thread)
{
  WeftIntSet *threads = RUN (self, index)->threads;
  guint before = threads->n_ranges;

  weft_int_set_add_range (threads, first_thread, last_thread);
  self->n_ranges = self->n_ranges - before + threads->n_ranges;
}

/* Splits run @index so that a new run starts at @at (first < at <= last). */
static void
split_run (WeftThreadSet *self,
           guint          index,
           gint64         at)
{
  ThreadRun *run = RUN (self, index);
  gint64 last = run->last;
  WeftIntSet *threads = weft_int_set_copy (run->threads);

  run->last = at - 1;
  insert_run (self, index + 1, at, last, threads);
}

/* Merges neighbouring runs that touch and share their threads, among runs
 * @from … @to and their neighbours (the runs an addition changed). Only that
 * window is visited, so adding to a set of many runs stays cheap. */
static void
merge_runs (WeftThreadSet *self,
            guint          from,
            guint          to)
{
  guint out;

  if (self->runs->len < 2)
    return;

  from = from > 0 ? from - 1 : 0;
  to = MIN (to + 1, self->runs->len - 1);
  out = from;
  for (guint i = from + 1; i <= to; i++)
    {
      ThreadRun *cur = RUN (self, out);
      ThreadRun *next = RUN (self, i);

      if (next->first - 1 == cur->last && weft_int_set_equal (cur->threads, next->threads))
        {
          cur->last = next->last;
          self->n_ranges -= next->threads->n_ranges;
          g_clear_pointer (&next->threads, weft_int_set_free);
        }
      else
        {
          out++;
          if (out != i)
            {
              *RUN (self, out) = *next;
              next->threads = NULL;
            }
        }
    }
  if (out < to)
    g_array_remove_range (self->runs, out + 1, to - out);
}

/* Index of the first run whose last >= process. */
static guint
run_lower_bound (const WeftThreadSet *self,
                 gint64               process)
{
  guint lo = 0, hi = self->runs->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (RUN (self, mid)->last < process)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/**
 * weft_thread_set_add_box:
 *
 * Adds threads @first_thread … @last_thread of each process @first_process …
 * @last_process (the DTD's "A.B-C.D").
 */
void
weft_thread_set_add_box (WeftThreadSet *self,
                         gint64         first_process,
                         gint64         last_process,
                         gint64         first_thread,
                         gint64         last_thread)
{
  guint n, i, first_touched;
  gint64 pos;

  g_return_if_fail (self != NULL);
  g_return_if_fail (first_process >= 0 && first_process <= last_process);
  g_return_if_fail (first_thread >= 0 && first_thread <= last_thread);

  /* Sorted input (the usual case) appends or extends the last run. */
  n = self->runs->len;
  if (n == 0 || first_process > RUN (self, n - 1)->last)
    {
      WeftIntSet *threads = weft_int_set_new ();

      weft_int_set_add_range (threads, first_thread, last_thread);
      if (n > 0 && RUN (self, n - 1)->last == first_process - 1 &&
          weft_int_set_equal (RUN (self, n - 1)->threads, threads))
        {
          RUN (self, n - 1)->last = last_process;
          weft_int_set_free (threads);
        }
      else
        insert_run (self, n, first_process, last_process, threads);
      return;
    }

  /* Walk the runs that meet [first_process, last_process], cutting them at the
   * box's edges and filling the gaps between them with new runs. */
  i = first_touched = run_lower_bound (self, first_process);
  pos = first_process;
  for (;;)
    {
      ThreadRun *run;

      if (i >= self->runs->len || RUN (self, i)->first > pos)
        {
          gint64 gap_end = last_process;
          WeftIntSet *threads = weft_int_set_new ();

          if (i < self->runs->len)
            gap_end = MIN (last_process, RUN (self, i)->first - 1);
          weft_int_set_add_range (threads, first_thread, last_thread);
          insert_run (self, i, pos, gap_end, threads);
          i++;
          if (gap_end == last_process)
            break;
          pos = gap_end + 1;
          continue;
        }

      if (RUN (self, i)->first < pos)
        {
          split_run (self, i, pos);
          i++;
        }
      if (RUN (self, i)->last > last_process)
        split_run (self, i, last_process + 1);

      run_add_threads (self, i, first_thread, last_thread);
      run = RUN (self, i);
      if (run->last == last_process)
        break;
      pos = run->last + 1;
      i++;
    }

  merge_runs (self, first_touched, MIN (i, self->runs->len - 1));
}

void
weft_thread_set_add (WeftThreadSet *self,
                     gint64         process,
                     gint64         thread)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (process >= 0 && thread >= 0);

  weft_thread_set_add_box (self, process, process, thread, thread);
}

typedef struct
{
  gint64 first_process;
  gint64 last_process;
  gint64 first_thread;
  gint64 last_thread;
  gsize  offset;          /* where the item starts in the text */
} Box;

static int
compare_boxes (const void *a,
               const void *b)
{
  const Box *ba = a;
  const Box *bb = b;

  if (ba->first_process != bb->first_process)
    return ba->first_process < bb->first_process ? -1 : 1;
  if (ba->first_thread != bb->first_thread)
    return ba->first_thread < bb->first_thread ? -1 : 1;
  return 0;
}

static gboolean
scan_thread (Scanner *s,
             gint64  *process,
             gint64  *thread,
             char   **why)
{
  if (!scan_number (s, process, why))
    return FALSE;
  if (peek (s) != '.')
    {
      *why = g_strdup (_("expected “.” between the process and the thread"));
      return FALSE;
    }
  s->pos++;
  return scan_number (s, thread, why);
}

/**
 * weft_thread_set_parse:
 * @text: a thread tuple set such as "0.0-3.7,7.0-17.7" ("" is the empty set)
 * @len: length of @text in bytes, or -1 when it is nul-terminated
 * @error_column: (out) (optional): on error, the 1-based byte column in @text
 *
 * Reads the DTD's syntax, "A.B-C.D" meaning threads B-D of processes A-C (see
 * the header). Blanks around items, commas and hyphens are allowed; items may
 * come in any order and overlap. A reversed process or thread range is an error.
 *
 * Returns: (transfer full): the set, or %NULL with @error set.
 */
WeftThreadSet *
weft_thread_set_parse (const char  *text,
                       gssize       len,
                       guint       *error_column,
                       GError     **error)
{
  g_autoptr(WeftThreadSet) set = NULL;
  g_autoptr(GArray) boxes = NULL;
  g_autofree char *why = NULL;
  Scanner s;

  g_return_val_if_fail (text != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  scanner_init (&s, text != NULL ? text : "", len);
  boxes = g_array_new (FALSE, FALSE, sizeof (Box));
  skip_blanks (&s);

  while (!at_end (&s))
    {
      gsize item_start;
      Box box;

      skip_blanks (&s);
      item_start = box.offset = s.pos;
      if (!scan_thread (&s, &box.first_process, &box.first_thread, &why))
        goto fail;
      skip_blanks (&s);
      if (peek (&s) == '-')
        {
          s.pos++;
          skip_blanks (&s);
          if (!scan_thread (&s, &box.last_process, &box.last_thread, &why))
            goto fail;
          if (box.last_process < box.first_process)
            {
              s.pos = item_start;
              why = g_strdup_printf (_("processes %" PRId64 "-%" PRId64 " end before they start"),
                                     box.first_process, box.last_process);
              goto fail;
            }
          if (box.last_thread < box.first_thread)
            {
              s.pos = item_start;
              why = g_strdup_printf (_("threads %" PRId64 "-%" PRId64 " end before they start "
                                       "(A.B-C.D means threads B-D of processes A-C)"),
                                     box.first_thread, box.last_thread);
              goto fail;
            }
        }
      else
        {
          box.last_process = box.first_process;
          box.last_thread = box.first_thread;
        }
      g_array_append_val (boxes, box);

      skip_blanks (&s);
      if (at_end (&s))
        break;
      if (peek (&s) != ',')
        {
          why = unexpected (&s);
          goto fail;
        }
      s.pos++;
      skip_blanks (&s);
      if (at_end (&s))
        {
          why = g_strdup (_("expected a thread after “,”"));
          goto fail;
        }
    }

  /* In process order most boxes append to the last run. */
  g_array_sort (boxes, compare_boxes);
  set = weft_thread_set_new ();
  for (guint i = 0; i < boxes->len; i++)
    {
      const Box *b = &g_array_index (boxes, Box, i);

      weft_thread_set_add_box (set, b->first_process, b->last_process, b->first_thread, b->last_thread);
      if (set->n_ranges > MAX_PARSED_RANGES)
        {
          s.pos = b->offset;
          why = g_strdup_printf (_("too many overlapping items (their canonical form would exceed %" PRIu64
                                   " thread ranges)"),
                                 MAX_PARSED_RANGES);
          goto fail;
        }
    }
  return g_steal_pointer (&set);

fail:
  set_parse_error (error, error_column, _("thread set"), &s, why);
  return NULL;
}

/**
 * weft_thread_set_append_to:
 *
 * Appends the canonical form: for each run of processes A-C (in order) sharing
 * the same threads, one "A.B-C.D" per range B-D of those threads ("A.B" when
 * A = C and B = D), separated by commas.
 */
void
weft_thread_set_append_to (const WeftThreadSet *self,
                           GString             *out)
{
  gboolean first_item = TRUE;

  g_return_if_fail (self != NULL);
  g_return_if_fail (out != NULL);

  for (guint i = 0; i < self->runs->len; i++)
    {
      const ThreadRun *run = RUN (self, i);

      for (guint j = 0; j < run->threads->n_ranges; j++)
        {
          const WeftIntRange *t = &run->threads->ranges[j];

          if (!first_item)
            g_string_append_c (out, ',');
          first_item = FALSE;
          if (run->first == run->last && t->first == t->last)
            g_string_append_printf (out, "%" G_GINT64_FORMAT ".%" G_GINT64_FORMAT, run->first, t->first);
          else
            g_string_append_printf (out, "%" G_GINT64_FORMAT ".%" G_GINT64_FORMAT "-%" G_GINT64_FORMAT ".%" G_GINT64_FORMAT,
                                    run->first, t->first, run->last, t->last);
        }
    }
}

char *
weft_thread_set_to_string (const WeftThreadSet *self)
{
  GString *out;

  g_return_val_if_fail (self != NULL, NULL);

  out = g_string_new (NULL);
  weft_thread_set_append_to (self, out);
  return g_string_free (out, FALSE);
}

gboolean
weft_thread_set_contains (const WeftThreadSet *self,
                          gint64               process,
                          gint64               thread)
{
  guint i;

  g_return_val_if_fail (self != NULL, FALSE);

  i = run_lower_bound (self, process);
  return i < self->runs->len && RUN (self, i)->first <= process &&
         weft_int_set_contains (RUN (self, i)->threads, thread);
}

gboolean
weft_thread_set_is_empty (const WeftThreadSet *self)
{
  g_return_val_if_fail (self != NULL, TRUE);

  return self->runs->len == 0;
}

/**
 * weft_thread_set_get_count:
 *
 * Returns: the number of (process, thread) pairs, G_MAXUINT64 if larger.
 */
guint64
weft_thread_set_get_count (const WeftThreadSet *self)
{
  guint64 count = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (guint i = 0; i < self->runs->len; i++)
    {
      const ThreadRun *run = RUN (self, i);
      guint64 processes = (guint64)(run->last - run->first) + 1;
      guint64 threads = weft_int_set_get_count (run->threads);

      if (threads != 0 && processes > G_MAXUINT64 / threads)
        return G_MAXUINT64;
      if (count > G_MAXUINT64 - processes * threads)
        return G_MAXUINT64;
      count += processes * threads;
    }
  return count;
}

/**
 * weft_thread_set_dup_processes:
 *
 * Returns: (transfer full): the processes that have at least one thread in the
 *   set (what a PSV frame's "processes" attribute lists).
 */
WeftIntSet *
weft_thread_set_dup_processes (const WeftThreadSet *self)
{
  WeftIntSet *processes;

  g_return_val_if_fail (self != NULL, NULL);

  processes = weft_int_set_new ();
  for (guint i = 0; i < self->runs->len; i++)
    weft_int_set_add_range (processes, RUN (self, i)->first, RUN (self, i)->last);
  return processes;
}

guint
weft_thread_set_get_n_runs (const WeftThreadSet *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->runs->len;
}

/**
 * weft_thread_set_get_run:
 * @first_process: (out) (optional):
 * @last_process: (out) (optional):
 *
 * Runs are maximal ranges of consecutive processes with the same threads, in
 * process order.
 *
 * Returns: (transfer none): the threads of every process in run @index.
 */
const WeftIntSet *
weft_thread_set_get_run (const WeftThreadSet *self,
                         guint                index,
                         gint64              *first_process,
                         gint64              *last_process)
{
  const ThreadRun *run;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->runs->len, NULL);

  run = RUN (self, index);
  if (first_process != NULL)
    *first_process = run->first;
  if (last_process != NULL)
    *last_process = run->last;
  return run->threads;
}

gboolean
weft_thread_set_equal (const WeftThreadSet *a,
                       const WeftThreadSet *b)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  if (a->runs->len != b->runs->len)
    return FALSE;
  for (guint i = 0; i < a->runs->len; i++)
    {
      const ThreadRun *ra = RUN (a, i);
      const ThreadRun *rb = RUN (b, i);

      if (ra->first != rb->first || ra->last != rb->last || !weft_int_set_equal (ra->threads, rb->threads))
        return FALSE;
    }
  return TRUE;
}

/* weft-chplvis-reduce.c: chplvis's reductions of a trace, as a query picks
 * them: tag names and choices, and the selection (tags, time range, kinds)
 * that the communication (weft-chplvis-reduce-comm.c) and per-locale
 * (weft-chplvis-reduce-locales.c) reductions read records through.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "weft-background.h"
#include "weft-chplvis-reduce-private.h"
#include "weft-error.h"

void
weft_chplvis_query_init (WeftChplvisQuery *query)
{
  g_return_if_fail (query != NULL);

  memset (query, 0, sizeof *query);
  query->tag = WEFT_CHPLVIS_TAG_ALL;
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

void
_weft_chplvis_selection_init (Selection              *sel,
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

void
_weft_chplvis_selection_clear (Selection *sel)
{
  g_clear_pointer (&sel->selected, g_free);
}

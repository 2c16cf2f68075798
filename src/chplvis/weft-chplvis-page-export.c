/* weft-chplvis-page-export.c: the Chapel page as a WeftPage: its document,
 * and the view File → Export writes (what is shown, as weft-cli export would
 * name it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "weft-chplvis-page-private.h"

static WeftDocument *
weft_chplvis_page_get_document (WeftPage *page)
{
  return WEFT_CHPLVIS_PAGE (page)->document;
}

/* The tag as weft_chplvis_query_set_tag() (and weft-cli --tag) reads it
 * back: a name stands for every tag of that name, so a single tag whose name
 * repeats, or looks like a keyword, goes by its number. */
static gboolean
tag_name_repeats (const WeftChplvisTrace *trace,
                  const char             *name)
{
  guint n = 0;

  for (guint i = 0; i < trace->n_tags && n < 2; i++)
    {
      g_autofree char *other = weft_chplvis_dup_tag_name (trace, (int)i);

      if (g_str_equal (other, name))
        n++;
    }

  return n > 1;
}

static char *
export_tag_text (WeftChplvisPage *self)
{
  const WeftChplvisTagChoice *choice = weft_chplvis_page_current_choice (self);

  if (choice == NULL || choice->tag == WEFT_CHPLVIS_TAG_ALL)
    return g_strdup ("All");
  if (choice->tag == WEFT_CHPLVIS_TAG_START)
    return g_strdup ("Start");
  if (choice->merged)
    return g_strdup (choice->name);
  if (g_ascii_strcasecmp (choice->name, "All") == 0 || g_ascii_strcasecmp (choice->name, "Start") == 0 ||
      g_str_has_prefix (choice->name, "#") || g_str_has_prefix (choice->name, "tag ") ||
      tag_name_repeats (get_trace (self), choice->name))
    return g_strdup_printf ("#%d", choice->tag);

  return g_strdup (choice->name);
}

static gboolean
weft_chplvis_page_get_export_view (WeftPage         *page,
                                   const char      **view,
                                   WeftViewOptions  *options)
{
  WeftChplvisPage *self = WEFT_CHPLVIS_PAGE (page);
  const char *shown = weft_chplvis_page_get_view (self);
  const char *metric = weft_chplvis_locale_column_name (weft_chplvis_page_metric_columns[self->metric]);
  WeftTimeSpan range;
  gboolean filtered = weft_chplvis_page_get_focus_range (self, &range, NULL);

  memset (options, 0, sizeof *options);
  g_free (self->export_tag);
  self->export_tag = export_tag_text (self);
  g_clear_pointer (&self->export_metric, g_free);

  if (g_strcmp0 (shown, "timeline") == 0)
    {
      const WeftTimeSpan *doc = weft_time_model_get_document_span (self->time_model);
      const WeftTimeSpan *visible = weft_time_model_get_visible_span (self->time_model);

      /* The picture of the visible range; tags do not filter a timeline. */
      *view = "timeline";
      if (!weft_time_span_equal (visible, doc))
        {
          options->has_range = TRUE;
          options->range = *visible;
        }
      return TRUE;
    }

  options->tag = self->export_tag;
  options->has_range = filtered;
  if (filtered)
    options->range = range;

  if (g_strcmp0 (shown, "graph") == 0)
    {
      *view = "graph";
      self->export_metric = self->link_bytes ? g_strdup_printf ("%s,bytes", metric) : g_strdup (metric);
      options->kind = self->kind;
    }
  else if (g_strcmp0 (shown, "matrix") == 0)
    {
      *view = "comm-matrix";
      self->export_metric = g_strdup (self->link_bytes ? "bytes" : "count");
      options->kind = self->kind;
    }
  else if (g_strcmp0 (shown, "locales") == 0)
    {
      /* The table's every kind; the picture shows the graph's metric. */
      *view = "values";
      self->export_metric = g_strdup (metric);
    }
  else
    {
      *view = "profile";
      self->export_metric = g_strdup ("clock");
    }
  options->metric = self->export_metric;

  return TRUE;
}

/* Alt+1 … Alt+5 switch the five views (the window lends them while this tab
 * is selected). */
static gboolean
weft_chplvis_page_get_uses_alt_digits (WeftPage *page)
{
  return TRUE;
}

void
weft_chplvis_page_iface_init (WeftPageInterface *iface)
{
  iface->get_document = weft_chplvis_page_get_document;
  iface->get_export_view = weft_chplvis_page_get_export_view;
  iface->get_uses_alt_digits = weft_chplvis_page_get_uses_alt_digits;
}

/* weft-hpctoolkit-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "weft-background.h"
#include "weft-hpctoolkit-dataset.h"
#include "weft-hpctoolkit-page.h"
#include "weft-label-tooltip.h"
#include "weft-page.h"
#include "weft-timeline-hit.h"
#include "weft-timeline-view.h"
#include "weft-timeline.h"
#include "weft-call-tree-view.h"
#include "weft-flame-graph-view.h"
#include "weft-value-bars-view.h"
#include "weft-source-view.h"

/* The views, in the switcher's order (Alt+1 … Alt+6). The call trees are the
 * shared views every call-tree family has (src/widgets/tree). */
static const char *const view_names[] = { "profiles", "trace", "top-down", "bottom-up", "flat", "flame", NULL };

/* The bottom-up and flat trees are made from the top-down one when their tab
 * is first shown, and from this many top-down frames on a worker: for 64
 * profiles of 20,000 frames (965,000 merged) the callers tree has 57 million
 * frames and took 16 s, the flat tree 0.8 s, on the main thread while the
 * page was built (tests/bench/bench-hpcrun). */
#define TREE_WORKER_FRAMES 100000

/* Another call depth colours the trace's samples again: from this many
 * samples on a worker (4 profiles of 10^6 samples took 0.33-0.48 s on the
 * main thread at each click of the depth's buttons). */
#define TRACE_WORKER_SAMPLES 200000

/* The bottom-up tree's levels of callers stop once it has this many frames
 * (about 200 MB and half a second): the whole tree of that measurement,
 * 57 million frames, took 5.7 GB. */
#define CALLERS_MAX_FRAMES 2000000

typedef struct
{
  const char       *view;         /* its tab */
  WeftCallTreeView *tree_view;
  GtkWidget        *notice;       /* "Working out …" above the view, or how
                                   * far the callers go when not all the way */
  GCancellable     *cancellable;  /* the worker's, while it runs */
  gboolean          started;
} LazyTree;

enum { LAZY_BOTTOM_UP, LAZY_FLAT, N_LAZY };

struct _WeftHpctoolkitPage
{
  GtkWidget              parent_instance;

  WeftDocument          *document;
  WeftHpctoolkitDataset *dataset;
  GSettings             *settings;      /* nullable: source-path-remaps */
  WeftCallTreeView      *top_down;
  GtkWidget             *statistics_label;
  WeftValueTable        *values;
  WeftTimeModel         *time_model;
  WeftEventTable        *trace;         /* the timeline at the chosen depth */
  GCancellable          *depth_cancellable; /* its worker's for a new depth, while it runs */
  char                  *export_metric; /* what get_export_view hands out */

  GtkWidget             *box;
  AdwViewStack          *view_stack;
  AdwViewStackPage      *trace_page;
  GtkDropDown           *metric_dropdown;
  GtkToggleButton       *sort_button;
  GtkSpinButton         *depth_spin;
  GtkWidget             *depth_box;
  GtkWidget             *metric_box;
  WeftValueBarsView     *bars_view;
  WeftTimelineView      *timeline_view;
  GtkListBox            *stack_list;
  GtkLabel              *summary_label;
  LazyTree               lazy[N_LAZY];
};

static void weft_hpctoolkit_page_iface_init (WeftPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftHpctoolkitPage, weft_hpctoolkit_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_PAGE, weft_hpctoolkit_page_iface_init))

/* WeftPage -------------------------------------------------------------------- */

static WeftDocument *
weft_hpctoolkit_page_get_document (WeftPage *page)
{
  return WEFT_HPCTOOLKIT_PAGE (page)->document;
}

/* The bars of the chosen metric, or the trace as zoomed on screen. */
static gboolean
weft_hpctoolkit_page_get_export_view (WeftPage         *page,
                                      const char      **view,
                                      WeftViewOptions  *options)
{
  WeftHpctoolkitPage *self = WEFT_HPCTOOLKIT_PAGE (page);

  const char *shown = weft_hpctoolkit_page_get_view (self);

  /* Each call tree as itself: PSV CSV/XML, tree CSV, or its flame graph as a
   * picture; the bottom-up tree whole, even when its tab shows the first
   * levels of callers only. */
  if (g_strcmp0 (shown, "top-down") == 0 || g_strcmp0 (shown, "flame") == 0)
    {
      *view = "stacks";
      return TRUE;
    }
  if (g_strcmp0 (shown, "bottom-up") == 0 || g_strcmp0 (shown, "flat") == 0)
    {
      *view = shown[0] == 'b' ? "callers" : "flat";
      return TRUE;
    }
  if (g_strcmp0 (shown, "trace") == 0 && self->time_model != NULL)
    {
      *view = "timeline";
      options->has_range = TRUE;
      options->range = *weft_time_model_get_visible_span (self->time_model);
      return TRUE;
    }
  if (self->values == NULL || weft_value_table_get_n_columns (self->values) == 0)
    return FALSE;
  *view = "values";
  g_free (self->export_metric);
  self->export_metric = g_strdup (weft_value_table_get_column_name (self->values,
                                                                    weft_value_bars_view_get_column (self->bars_view)));
  options->metric = self->export_metric;
  return TRUE;
}

static gboolean
weft_hpctoolkit_page_get_uses_alt_digits (WeftPage *page)
{
  return TRUE;
}

static void
weft_hpctoolkit_page_iface_init (WeftPageInterface *iface)
{
  iface->get_document = weft_hpctoolkit_page_get_document;
  iface->get_export_view = weft_hpctoolkit_page_get_export_view;
  iface->get_uses_alt_digits = weft_hpctoolkit_page_get_uses_alt_digits;
}

/* Views ----------------------------------------------------------------------- */

const char *
weft_hpctoolkit_page_get_view (WeftHpctoolkitPage *self)
{
  g_return_val_if_fail (WEFT_IS_HPCTOOLKIT_PAGE (self), NULL);
  return adw_view_stack_get_visible_child_name (self->view_stack);
}

void
weft_hpctoolkit_page_set_view (WeftHpctoolkitPage *self,
                               const char         *view)
{
  g_return_if_fail (WEFT_IS_HPCTOOLKIT_PAGE (self));

  if (g_strcmp0 (view, "trace") == 0 && self->trace == NULL)
    return;
  if (adw_view_stack_get_child_by_name (self->view_stack, view) == NULL)
    return;
  adw_view_stack_set_visible_child_name (self->view_stack, view);
}

/* A made tree, and for the bottom-up one how many levels of callers it
 * stopped at (0: all of them). */
typedef struct
{
  guint         which;   /* LAZY_BOTTOM_UP or LAZY_FLAT */
  WeftCallTree *tree;
  guint         levels;
} LazyTreeResult;

static void
lazy_tree_result_free (LazyTreeResult *result)
{
  g_clear_pointer (&result->tree, weft_call_tree_unref);
  g_free (result);
}

static LazyTreeResult *
make_lazy_tree (WeftHpctoolkitDataset *dataset,
                guint                  which)
{
  LazyTreeResult *result = g_new0 (LazyTreeResult, 1);

  result->which = which;
  if (which == LAZY_BOTTOM_UP)
    result->tree = weft_hpctoolkit_dataset_dup_callers (dataset, CALLERS_MAX_FRAMES, &result->levels);
  else
    result->tree = weft_dataset_dup_call_tree (WEFT_DATASET (dataset), "flat", NULL, NULL);
  return result;
}

static void
set_lazy_tree (LazyTree       *lazy,
               LazyTreeResult *result)
{
  weft_call_tree_view_set_tree (lazy->tree_view, result->tree);
  gtk_widget_set_visible (lazy->notice, result->levels > 0);
  if (result->levels > 0)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("Callers are shown %u level up: with every level the tree "
                                                         "would have more than %u frames.",
                                                         "Callers are shown %u levels up: with every level the tree "
                                                         "would have more than %u frames.", result->levels),
                                               result->levels, CALLERS_MAX_FRAMES);

      gtk_label_set_text (GTK_LABEL (lazy->notice), text);
    }
}

typedef struct
{
  WeftHpctoolkitDataset *dataset;
  guint                  which;
} LazyTreeWork;

static void
lazy_tree_work_free (LazyTreeWork *work)
{
  g_object_unref (work->dataset);
  g_free (work);
}

static gpointer
lazy_tree_work (gpointer       data,
                GCancellable  *cancellable,
                GError       **error)
{
  LazyTreeWork *work = data;

  return make_lazy_tree (work->dataset, work->which);
}

static void
lazy_tree_done (gpointer      owner,
                gpointer      result,
                const GError *error)
{
  WeftHpctoolkitPage *self = owner;
  LazyTreeResult *made = result;

  g_clear_object (&self->lazy[made->which].cancellable);
  set_lazy_tree (&self->lazy[made->which], made);
  lazy_tree_result_free (made);
}

static void
build_lazy_tree (WeftHpctoolkitPage *self,
                 guint               which)
{
  LazyTree *lazy = &self->lazy[which];
  WeftCallTree *stacks = weft_hpctoolkit_measurement_get_tree (weft_hpctoolkit_dataset_get_measurement (self->dataset));
  LazyTreeWork *work;

  if (lazy->started || lazy->tree_view == NULL)
    return;
  lazy->started = TRUE;
  if (weft_call_tree_get_n_nodes (stacks) < TREE_WORKER_FRAMES)
    {
      LazyTreeResult *result = make_lazy_tree (self->dataset, which);

      set_lazy_tree (lazy, result);
      lazy_tree_result_free (result);
      return;
    }

  gtk_label_set_text (GTK_LABEL (lazy->notice), which == LAZY_BOTTOM_UP ? _("Working out every procedure’s callers…")
                                                                        : _("Working out the flat profile…"));
  gtk_widget_set_visible (lazy->notice, TRUE);
  lazy->cancellable = g_cancellable_new ();
  work = g_new (LazyTreeWork, 1);
  work->dataset = g_object_ref (self->dataset);
  work->which = which;
  weft_background_run (self, work, (GDestroyNotify)lazy_tree_work_free, lazy_tree_work,
                       (GDestroyNotify)lazy_tree_result_free, lazy->cancellable, lazy_tree_done);
}

/**
 * weft_hpctoolkit_page_get_tree_busy:
 *
 * Returns: whether a worker is still making the tree of tab @name
 *   ("bottom-up" or "flat")
 */
gboolean
weft_hpctoolkit_page_get_tree_busy (WeftHpctoolkitPage *self,
                                    const char         *name)
{
  g_return_val_if_fail (WEFT_IS_HPCTOOLKIT_PAGE (self), FALSE);

  for (guint i = 0; i < N_LAZY; i++)
    if (g_strcmp0 (self->lazy[i].view, name) == 0)
      return self->lazy[i].cancellable != NULL;
  return FALSE;
}

static void
view_changed_cb (WeftHpctoolkitPage *self)
{
  const char *shown = weft_hpctoolkit_page_get_view (self);

  /* Each view's controls only. */
  gtk_widget_set_visible (self->metric_box, g_strcmp0 (shown, "profiles") == 0);
  gtk_widget_set_visible (self->depth_box, g_strcmp0 (shown, "trace") == 0);
  for (guint i = 0; i < N_LAZY; i++)
    if (g_strcmp0 (shown, self->lazy[i].view) == 0)
      build_lazy_tree (self, i);
}

static gboolean
show_view_cb (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  int i = g_variant_get_int32 (args);

  weft_hpctoolkit_page_set_view (WEFT_HPCTOOLKIT_PAGE (widget), view_names[i]);
  return TRUE;
}

static void
metric_changed_cb (WeftHpctoolkitPage *self)
{
  guint selected = gtk_drop_down_get_selected (self->metric_dropdown);

  if (self->values != NULL && selected < weft_value_table_get_n_columns (self->values))
    weft_value_bars_view_set_column (self->bars_view, selected);
}

static void
sort_toggled_cb (WeftHpctoolkitPage *self)
{
  weft_value_bars_view_set_sort (self->bars_view, gtk_toggle_button_get_active (self->sort_button)
                                                  ? WEFT_VALUE_BARS_SORT_DESCENDING : WEFT_VALUE_BARS_SORT_ROW);
}

void
weft_hpctoolkit_page_set_depth (WeftHpctoolkitPage *self,
                                int                 depth)
{
  g_return_if_fail (WEFT_IS_HPCTOOLKIT_PAGE (self));

  gtk_spin_button_set_value (self->depth_spin, depth);
}

/* The timeline at the chosen depth is now @table (taken). */
static void
set_trace (WeftHpctoolkitPage *self,
           WeftEventTable     *table)
{
  g_clear_pointer (&self->trace, weft_event_table_unref);
  self->trace = table;
  weft_timeline_view_set_table (self->timeline_view, table);
}

static guint64
count_samples (WeftHpctoolkitDataset *dataset)
{
  const WeftHpctoolkitMeasurement *m = weft_hpctoolkit_dataset_get_measurement (dataset);
  guint64 n = 0;

  for (guint i = 0; i < weft_hpctoolkit_measurement_get_n_profiles (m); i++)
    {
      const WeftHpctrace *trace = weft_hpctoolkit_measurement_get_trace (m, i);

      n += trace != NULL ? trace->records->len : 0;
    }
  return n;
}

typedef struct
{
  WeftHpctoolkitDataset *dataset;
  int                    depth;
} DepthWork;

static void
depth_work_free (gpointer data)
{
  DepthWork *work = data;

  g_object_unref (work->dataset);
  g_free (work);
}

static gpointer
depth_work (gpointer       data,
            GCancellable  *cancellable,
            GError       **error)
{
  DepthWork *work = data;
  g_autoptr(WeftLoadContext) context = weft_load_context_new (cancellable);

  return weft_hpctoolkit_dataset_build_timeline (work->dataset, work->depth, context, error);
}

static void
depth_done (gpointer      owner,
            gpointer      result,
            const GError *error)
{
  WeftHpctoolkitPage *self = owner;

  g_clear_object (&self->depth_cancellable);
  if (result == NULL)
    {
      g_warning ("%s", error->message);
      return;
    }
  set_trace (self, result);
}

/* A new colouring of the same samples: the time model (zoom) stays. The
 * depth last asked for wins: a worker still colouring by another is
 * cancelled. */
static void
depth_changed_cb (WeftHpctoolkitPage *self)
{
  int depth = gtk_spin_button_get_value_as_int (self->depth_spin);
  g_autoptr(GError) error = NULL;
  WeftEventTable *table;
  DepthWork *work;

  if (self->trace == NULL)
    return;
  if (self->depth_cancellable != NULL)
    g_cancellable_cancel (self->depth_cancellable);
  g_clear_object (&self->depth_cancellable);

  if (count_samples (self->dataset) >= TRACE_WORKER_SAMPLES)
    {
      self->depth_cancellable = g_cancellable_new ();
      work = g_new (DepthWork, 1);
      work->dataset = g_object_ref (self->dataset);
      work->depth = depth;
      weft_background_run (self, work, depth_work_free, depth_work, (GDestroyNotify)weft_event_table_unref,
                           self->depth_cancellable, depth_done);
      return;
    }

  table = weft_hpctoolkit_dataset_build_timeline (self->dataset, depth, NULL, &error);
  if (table == NULL)
    {
      g_warning ("%s", error->message);
      return;
    }
  set_trace (self, table);
}

/**
 * weft_hpctoolkit_page_get_trace_busy:
 *
 * Returns: whether a worker is still colouring the trace by a new depth
 */
gboolean
weft_hpctoolkit_page_get_trace_busy (WeftHpctoolkitPage *self)
{
  g_return_val_if_fail (WEFT_IS_HPCTOOLKIT_PAGE (self), FALSE);

  return self->depth_cancellable != NULL;
}

guint
weft_hpctoolkit_page_show_context (WeftHpctoolkitPage *self,
                                   guint32             node)
{
  g_autoptr(GPtrArray) labels = NULL;
  GtkListBoxRow *row;

  g_return_val_if_fail (WEFT_IS_HPCTOOLKIT_PAGE (self), 0);

  /* Rows only: the placeholder is a child of the list too. */
  while ((row = gtk_list_box_get_row_at_index (self->stack_list, 0)) != NULL)
    gtk_list_box_remove (self->stack_list, GTK_WIDGET (row));
  labels = weft_hpctoolkit_dataset_dup_stack (self->dataset, node);
  for (guint i = 0; i < labels->len; i++)
    {
      g_autofree char *text = g_strdup_printf ("%u  %s", i, (char *)g_ptr_array_index (labels, i));
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      weft_label_show_full_text_on_hover (GTK_LABEL (label));
      gtk_widget_set_margin_start (label, 12);
      gtk_widget_set_margin_end (label, 6);
      gtk_widget_set_margin_top (label, 3);
      gtk_widget_set_margin_bottom (label, 3);
      gtk_list_box_append (self->stack_list, label);
    }
  return labels->len;
}

/* hpctraceviewer's link to hpcviewer: a sample's context is listed beside
 * the trace and selected (its path expanded) in the top-down tree. */
static void
event_activated_cb (WeftHpctoolkitPage    *self,
                    const WeftTimelineHit *hit)
{
  if (hit->type != WEFT_TIMELINE_HIT_EVENT || hit->category != WEFT_EVENT_INTERVAL)
    return;
  weft_hpctoolkit_page_show_context (self, hit->ref);
  if (self->top_down != NULL)
    weft_call_tree_view_select_node (self->top_down, hit->ref);
}

/* hpctraceviewer's call stack: picking a frame picks the depth. */
static void
stack_row_activated_cb (WeftHpctoolkitPage *self,
                        GtkListBoxRow      *row)
{
  weft_hpctoolkit_page_set_depth (self, gtk_list_box_row_get_index (row));
}

/* Building -------------------------------------------------------------------- */

static void
build (WeftHpctoolkitPage *self)
{
  const WeftHpctoolkitMeasurement *m = weft_hpctoolkit_dataset_get_measurement (self->dataset);
  WeftCallTree *tree = weft_hpctoolkit_measurement_get_tree (m);
  g_autoptr(GtkStringList) metrics = gtk_string_list_new (NULL);
  WeftEventTable *events = weft_dataset_get_event_table (WEFT_DATASET (self->dataset));
  g_autofree char *summary = NULL;
  g_autofree char *tooltip = NULL;
  WeftViewOptions options = { 0 };

  self->values = weft_dataset_dup_values (WEFT_DATASET (self->dataset), "values", &options, NULL);
  for (guint c = 0; self->values != NULL && c < weft_value_table_get_n_columns (self->values); c++)
    gtk_string_list_append (metrics, weft_value_table_get_column_name (self->values, c));
  gtk_drop_down_set_model (self->metric_dropdown, G_LIST_MODEL (metrics));
  if (self->values != NULL)
    weft_value_bars_view_set_values (self->bars_view, self->values);
  sort_toggled_cb (self);

  summary = g_strdup_printf (ngettext ("%u profile, %u tree nodes", "%u profiles, %u tree nodes",
                                       weft_hpctoolkit_measurement_get_n_profiles (m)),
                             weft_hpctoolkit_measurement_get_n_profiles (m), weft_call_tree_get_n_nodes (tree) - 1);
  gtk_label_set_text (self->summary_label, summary);
  /* The label is ellipsized beside the trace's call-depth controls at 1200
   * pixels, and its count is not weft-cli's merged_nodes: say both. */
  tooltip = g_strdup_printf (_("%s: the nodes of the top-down tree, where the profiles’ calling contexts are "
                               "merged into procedures, loops and source lines by the program structure (by "
                               "module and address where there is none). “weft-cli info” counts as merged_nodes "
                               "the contexts merged by address alone."),
                             summary);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->summary_label), tooltip);

  gtk_spin_button_set_range (self->depth_spin, 0, MAX (1, weft_call_tree_get_max_depth (tree)));
  gtk_spin_button_set_value (self->depth_spin, MAX (1, weft_call_tree_get_max_depth (tree)));
  if (events != NULL)
    {
      WeftTimeSpan span = weft_event_table_get_span (events);

      self->trace = weft_event_table_ref (events);
      self->time_model = weft_time_model_new ();
      weft_time_model_set_document_span (self->time_model, &span);
      weft_timeline_view_set_table (self->timeline_view, events);
      weft_timeline_view_set_time_model (self->timeline_view, self->time_model);
      g_signal_connect_object (weft_timeline_view_get_timeline (self->timeline_view), "event-activated",
                               G_CALLBACK (event_activated_cb), self, G_CONNECT_SWAPPED);
    }
  else
    adw_view_stack_page_set_visible (self->trace_page, FALSE);
  view_changed_cb (self);
}

/**
 * weft_hpctoolkit_page_dup_statistics_text:
 * @node: a node of the merged (top-down) tree
 *
 * Returns: (transfer full): a line per metric with @node's inclusive values
 *   across the profiles: mean, least, greatest, standard deviation and
 *   coefficient of variation, over how many profiles.
 */
char *
weft_hpctoolkit_page_dup_statistics_text (WeftHpctoolkitPage *self,
                                          guint32             node)
{
  const WeftHpctoolkitMeasurement *m;
  WeftCallTree *tree;
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (WEFT_IS_HPCTOOLKIT_PAGE (self), NULL);

  m = weft_hpctoolkit_dataset_get_measurement (self->dataset);
  tree = weft_hpctoolkit_measurement_get_tree (m);
  for (guint c = 0; c < weft_call_tree_get_n_metrics (tree); c++)
    {
      WeftHpctoolkitStatistics st;

      if (!weft_hpctoolkit_measurement_get_statistics (m, node, c, TRUE, &st))
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      /* Translators: a metric's name, then its values across profiles. */
      g_string_append_printf (text, _("%s over %u of %u profiles: mean %.4g · min %.4g · max %.4g · "
                                      "std. dev. %.4g · CfVar %.3g"),
                              weft_call_tree_get_metric_name (tree, c), st.n,
                              weft_hpctoolkit_measurement_get_n_profiles (m),
                              st.mean, st.min, st.max, st.stddev, st.cfvar);
    }
  if (text->len == 0)
    g_string_append (text, _("No profile has a value here."));

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Opens the selected frame's source file at its line in the view's source
 * pane (@user_data), looked for as weft_hpctoolkit_measurement_find_source()
 * says. */
static void
node_selected_cb (WeftCallTreeView *view,
                  guint             node,
                  gpointer          user_data)
{
  WeftHpctoolkitPage *self = g_object_get_data (G_OBJECT (view), "weft-hpctoolkit-page");
  WeftSourceView *source = WEFT_SOURCE_VIEW (user_data);
  WeftCallTree *tree = weft_call_tree_view_get_tree (view);
  const WeftCallFrame *frame;
  g_autoptr(GVariant) remaps = NULL;
  g_autofree char *path = NULL;

  if (self == NULL || tree == NULL || node == WEFT_CALL_NODE_NONE || node == WEFT_CALL_TREE_ROOT)
    return;
  if (view == self->top_down)
    {
      g_autofree char *text = weft_hpctoolkit_page_dup_statistics_text (self, node);

      gtk_label_set_text (GTK_LABEL (self->statistics_label), text);
    }
  frame = weft_call_tree_get_frame (tree, node);
  if (frame->file[0] == '\0')
    {
      /* Named as its row names it: a frame without structure has no
       * function either, only a module and an address. */
      g_autofree char *label = weft_call_frame_to_label (frame);

      weft_source_view_open (source, label, NULL, 0);
      return;
    }
  if (self->settings != NULL)
    remaps = g_settings_get_value (self->settings, "source-path-remaps");
  path = weft_hpctoolkit_measurement_find_source (weft_hpctoolkit_dataset_get_measurement (self->dataset),
                                                  frame->file, remaps, NULL);
  weft_source_view_open (source, frame->file, path, (int)frame->line);
}

/* The top-down, bottom-up and flat trees (hpcviewer's three views) and the
 * flame graph, from the dataset's "stacks", "callers" and "flat" trees. */
static void
add_tree_views (WeftHpctoolkitPage *self)
{
  static const struct {
    const char *name;
    const char *title;
    const char *icon;
  } trees[] = {
    { "top-down", N_("Top-down"), "view-list-symbolic" },
    { "bottom-up", N_("Bottom-up"), "view-list-symbolic" },
    { "flat", N_("Flat"), "view-list-symbolic" },
  };
  g_autoptr(WeftCallTree) stacks = weft_dataset_dup_call_tree (WEFT_DATASET (self->dataset), "stacks", NULL, NULL);
  AdwViewStackPage *page;
  GtkWidget *flame;

  if (stacks == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (trees); i++)
    {
      GtkWidget *view, *paned, *source;

      view = weft_call_tree_view_new ();
      if (i == 0)
        {
          self->top_down = WEFT_CALL_TREE_VIEW (view);
          weft_call_tree_view_set_tree (self->top_down, stacks);
        }
      else
        {
          /* Made when the tab is first shown (see TREE_WORKER_FRAMES). */
          LazyTree *lazy = &self->lazy[i == 1 ? LAZY_BOTTOM_UP : LAZY_FLAT];

          lazy->view = trees[i].name;
          lazy->tree_view = WEFT_CALL_TREE_VIEW (view);
          lazy->notice = gtk_label_new (NULL);
          gtk_label_set_wrap (GTK_LABEL (lazy->notice), TRUE);
          gtk_widget_add_css_class (lazy->notice, "dim-label");
          gtk_widget_set_margin_top (lazy->notice, 12);
          gtk_widget_set_margin_bottom (lazy->notice, 12);
          gtk_widget_set_visible (lazy->notice, FALSE);
        }

      /* hpcviewer's source pane: the selected frame's file at its line. */
      source = weft_source_view_new ();
      weft_source_view_set_hints (WEFT_SOURCE_VIEW (source),
                                  _("Select a frame to see its source line."),
                                  _("Without a structure file, or for code compiled without line information, "
                                    "a frame has only a load module and an address."),
                                  _("Structure files name sources by their paths on the build machine. Map "
                                    "that folder to yours in Preferences ▸ Source Folders, or put the "
                                    "sources in the measurement's src/ folder (as hpcprof does)."),
                                  TRUE);
      gtk_widget_set_size_request (source, 240, -1);
      g_signal_connect_object (view, "node-selected", G_CALLBACK (node_selected_cb), source, 0);
      g_object_set_data (G_OBJECT (view), "weft-hpctoolkit-page", self);
      paned = gtk_paned_new (GTK_ORIENTATION_HORIZONTAL);
      g_object_set_data (G_OBJECT (paned), "weft-call-tree-view", view);
      if (i == 0)
        {
          /* The merged tree's nodes have statistics across the profiles. */
          GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

          self->statistics_label = gtk_label_new (_("Select a frame to see its values across the profiles."));
          gtk_label_set_xalign (GTK_LABEL (self->statistics_label), 0);
          gtk_label_set_wrap (GTK_LABEL (self->statistics_label), TRUE);
          gtk_label_set_selectable (GTK_LABEL (self->statistics_label), TRUE);
          gtk_widget_add_css_class (self->statistics_label, "dim-label");
          gtk_widget_add_css_class (self->statistics_label, "toolbar");
          gtk_widget_set_tooltip_text (self->statistics_label,
                                       _("hpcprof's summary statistics of the selected frame's inclusive values over "
                                         "the profiles (threads, ranks) that have a value there"));
          gtk_widget_set_vexpand (view, TRUE);
          gtk_box_append (GTK_BOX (box), view);
          gtk_box_append (GTK_BOX (box), self->statistics_label);
          gtk_paned_set_start_child (GTK_PANED (paned), box);
        }
      else
        {
          GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

          gtk_widget_set_vexpand (view, TRUE);
          gtk_box_append (GTK_BOX (box), self->lazy[i == 1 ? LAZY_BOTTOM_UP : LAZY_FLAT].notice);
          gtk_box_append (GTK_BOX (box), view);
          gtk_paned_set_start_child (GTK_PANED (paned), box);
        }
      gtk_paned_set_end_child (GTK_PANED (paned), source);
      gtk_paned_set_resize_end_child (GTK_PANED (paned), FALSE);
      gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
      gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
      gtk_paned_set_position (GTK_PANED (paned), 700);
      g_object_set_data (G_OBJECT (paned), "weft-source-view", source);
      page = adw_view_stack_add_titled (self->view_stack, paned, trees[i].name, _(trees[i].title));
      adw_view_stack_page_set_icon_name (page, trees[i].icon);
    }

  flame = weft_flame_graph_view_new ();
  weft_flame_graph_view_set_tree (WEFT_FLAME_GRAPH_VIEW (flame), stacks);
  page = adw_view_stack_add_titled (self->view_stack, flame, "flame", _("Flame Graph"));
  adw_view_stack_page_set_icon_name (page, "weft-profile-symbolic");
}

static void
add_shortcuts (WeftHpctoolkitPage *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_MANAGED);
  for (int i = 0; view_names[i] != NULL; i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new_with_arguments (gtk_keyval_trigger_new (GDK_KEY_1 + i, GDK_ALT_MASK),
                                                                           gtk_callback_action_new (show_view_cb, NULL, NULL),
                                                                           "i", i));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

WeftHpctoolkitPage *
weft_hpctoolkit_page_new (WeftDocument *document,
                          GSettings    *settings)
{
  WeftHpctoolkitPage *self;
  WeftDataset *dataset;

  g_return_val_if_fail (WEFT_IS_DOCUMENT (document), NULL);
  dataset = weft_document_get_dataset (document);
  g_return_val_if_fail (WEFT_IS_HPCTOOLKIT_DATASET (dataset), NULL);

  self = g_object_new (WEFT_TYPE_HPCTOOLKIT_PAGE, NULL);
  self->document = g_object_ref (document);
  self->dataset = g_object_ref (WEFT_HPCTOOLKIT_DATASET (dataset));
  self->settings = settings != NULL ? g_object_ref (settings) : NULL;
  build (self);
  add_tree_views (self);
  /* hpcviewer's first view: the calling contexts, costliest first. */
  if (self->top_down != NULL)
    adw_view_stack_set_visible_child_name (self->view_stack, "top-down");
  return self;
}

WeftTimeModel *
weft_hpctoolkit_page_get_time_model (WeftHpctoolkitPage *self)
{
  g_return_val_if_fail (WEFT_IS_HPCTOOLKIT_PAGE (self), NULL);
  return self->time_model;
}

static void
weft_hpctoolkit_page_dispose (GObject *object)
{
  WeftHpctoolkitPage *self = WEFT_HPCTOOLKIT_PAGE (object);

  for (guint i = 0; i < N_LAZY; i++)
    {
      if (self->lazy[i].cancellable != NULL)
        g_cancellable_cancel (self->lazy[i].cancellable);
      g_clear_object (&self->lazy[i].cancellable);
    }
  if (self->depth_cancellable != NULL)
    g_cancellable_cancel (self->depth_cancellable);
  g_clear_object (&self->depth_cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), WEFT_TYPE_HPCTOOLKIT_PAGE);
  g_clear_object (&self->document);
  g_clear_object (&self->dataset);
  g_clear_object (&self->settings);
  g_clear_object (&self->time_model);
  g_clear_pointer (&self->values, weft_value_table_unref);
  g_clear_pointer (&self->trace, weft_event_table_unref);
  g_clear_pointer (&self->export_metric, g_free);

  G_OBJECT_CLASS (weft_hpctoolkit_page_parent_class)->dispose (object);
}

static void
weft_hpctoolkit_page_class_init (WeftHpctoolkitPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_hpctoolkit_page_dispose;

  g_type_ensure (WEFT_TYPE_VALUE_BARS_VIEW);
  g_type_ensure (WEFT_TYPE_TIMELINE_VIEW);
  g_type_ensure (WEFT_TYPE_SOURCE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/ui/hpctoolkit/weft-hpctoolkit-page.ui");
  gtk_widget_class_bind_template_child (widget_class, WeftHpctoolkitPage, box);
  gtk_widget_class_bind_template_child (widget_class, WeftHpctoolkitPage, view_stack);
  gtk_widget_class_bind_template_child (widget_class, WeftHpctoolkitPage, trace_page);
  gtk_widget_class_bind_template_child (widget_class, WeftHpctoolkitPage, metric_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WeftHpctoolkitPage, sort_button);
  gtk_widget_class_bind_template_child (widget_class, WeftHpctoolkitPage, depth_spin);
  gtk_widget_class_bind_template_child (widget_class, WeftHpctoolkitPage, depth_box);
  gtk_widget_class_bind_template_child (widget_class, WeftHpctoolkitPage, metric_box);
  gtk_widget_class_bind_template_child (widget_class, WeftHpctoolkitPage, bars_view);
  gtk_widget_class_bind_template_child (widget_class, WeftHpctoolkitPage, timeline_view);
  gtk_widget_class_bind_template_child (widget_class, WeftHpctoolkitPage, stack_list);
  gtk_widget_class_bind_template_child (widget_class, WeftHpctoolkitPage, summary_label);
  gtk_widget_class_bind_template_callback (widget_class, view_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, metric_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, sort_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, depth_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, stack_row_activated_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "hpctoolkitpage");
}

static void
weft_hpctoolkit_page_init (WeftHpctoolkitPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  add_shortcuts (self);
}

/**
 * weft_hpctoolkit_page_get_tree_view:
 * @name: "top-down", "bottom-up" or "flat"
 *
 * Returns: (transfer none) (nullable): that view's tree.
 */
WeftCallTreeView *
weft_hpctoolkit_page_get_tree_view (WeftHpctoolkitPage *self,
                                    const char         *name)
{
  GtkWidget *paned;

  g_return_val_if_fail (WEFT_IS_HPCTOOLKIT_PAGE (self), NULL);

  paned = adw_view_stack_get_child_by_name (self->view_stack, name);
  if (paned == NULL || !GTK_IS_PANED (paned))
    return NULL;

  return g_object_get_data (G_OBJECT (paned), "weft-call-tree-view");
}

/**
 * weft_hpctoolkit_page_get_source_view:
 * @name: "top-down", "bottom-up" or "flat"
 *
 * Returns: (transfer none) (nullable): that view's source pane.
 */
WeftSourceView *
weft_hpctoolkit_page_get_source_view (WeftHpctoolkitPage *self,
                                      const char         *name)
{
  GtkWidget *paned;

  g_return_val_if_fail (WEFT_IS_HPCTOOLKIT_PAGE (self), NULL);

  paned = adw_view_stack_get_child_by_name (self->view_stack, name);

  return paned != NULL ? g_object_get_data (G_OBJECT (paned), "weft-source-view") : NULL;
}

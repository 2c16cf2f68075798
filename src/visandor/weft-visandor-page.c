/* weft-visandor-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include <glib/gi18n-lib.h>

#include "weft-page.h"
#include "weft-units.h"
#include "weft-value-bars-view.h"
#include "weft-call-tree-view.h"
#include "weft-flame-graph-view.h"
#include "weft-background.h"
#include "weft-visandor-page.h"

static const char *const view_names[] = { "tree", "timeline", "agents", "statistics", "stacks", "flame", NULL };

struct _WeftVisandorPage
{
  GtkWidget             parent_instance;

  WeftDocument         *document;
  WeftVisandorDataset  *dataset;
  WeftTimeModel        *time_model;
  WeftValueTable       *values;
  char                 *statistics;
  GCancellable         *statistics_cancellable;   /* the worker's, once started */

  GtkWidget            *box;
  GtkStack             *stack;
  WeftVisandorTreeView *tree_view;
  WeftTimelineView     *timeline_view;
  WeftValueBarsView    *agents_view;
  GtkDropDown          *metric_dropdown;
  GtkLabel             *statistics_label;
  WeftParallelismView  *parallelism_view;
  GtkLabel             *status_label;
  GtkSearchEntry       *search_entry;
  GtkToggleButton      *horizontal_button;
  GtkWidget            *collapse_others_button;
  GtkWidget            *expand_all_button;
  /* The stack view and flame graph get their tree when first shown: on a
   * big trace it takes seconds to build, which opening it should not wait
   * for (nor freeze the window over). */
  WeftCallTreeView     *stacks_view;
  WeftFlameGraphView   *flame_view;
  GtkWidget            *stacks_notice;    /* "Working out the stacks…" above each */
  GtkWidget            *flame_notice;
  gboolean              call_tree_built;
  WeftCallTree         *call_tree;        /* theirs, once built */
  GCancellable         *call_tree_cancellable; /* while a worker builds it */
};

static void weft_visandor_page_iface_init (WeftPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftVisandorPage, weft_visandor_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_PAGE, weft_visandor_page_iface_init))

/* Statistics the original never had ------------------------------------------- */

static int
compare_gint64 (const void *a,
                const void *b)
{
  gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;

  return (x > y) - (x < y);
}

/* Moves the @k-th smallest of @a[0..@n) to @a[@k], the smaller ones before
 * it and the larger after (Hoare's selection, median-of-three pivots). The
 * statistics need two order statistics of millions of durations: sorting
 * them all froze the window for 0.75 s on a 10^7-line trace. Input that
 * defeats the pivots (after twice log2 n rounds) is sorted instead, so no
 * trace makes it quadratic. */
static void
select_nth (gint64 *a,
            gsize   n,
            gsize   k)
{
  gsize lo = 0, hi = n - 1;
  guint rounds = 2 * g_bit_storage (n) + 4;

  while (hi > lo)
    {
      gsize mid = lo + (hi - lo) / 2, i = lo, j = hi;
      gint64 pivot, tmp;

      if (rounds-- == 0)
        {
          qsort (a + lo, hi - lo + 1, sizeof *a, compare_gint64);
          return;
        }

      if (a[mid] < a[lo])
        tmp = a[mid], a[mid] = a[lo], a[lo] = tmp;
      if (a[hi] < a[lo])
        tmp = a[hi], a[hi] = a[lo], a[lo] = tmp;
      if (a[hi] < a[mid])
        tmp = a[hi], a[hi] = a[mid], a[mid] = tmp;
      pivot = a[mid];
      while (i <= j)
        {
          while (a[i] < pivot)
            i++;
          while (a[j] > pivot)
            j--;
          if (i <= j)
            {
              tmp = a[i], a[i] = a[j], a[j] = tmp;
              i++;
              if (j == 0)
                break;
              j--;
            }
        }
      /* [lo, j] ≤ pivot ≤ [i, hi]; between them, elements equal to it. */
      if (k <= j)
        hi = j;
      else if (k >= i)
        lo = i;
      else
        return;
    }
}

/* A duration in trace units (µs), as the rest of the window writes one. */
static char *
dup_duration (gint64 units)
{
  return weft_format_duration (units * WEFT_VISANDOR_NS_PER_UNIT);
}

/* The statistics' text: from the dataset alone, so that a worker thread can
 * make it. */
static char *
build_statistics (WeftVisandorDataset *dataset)
{
  const WeftVisandorTrace *trace = weft_visandor_dataset_get_trace (dataset);
  gboolean is_or = trace->parallelism == WEFT_VISANDOR_OR;
  guint n_agents = weft_visandor_dataset_get_n_agents (dataset);
  guint max = weft_visandor_dataset_get_max_parallelism (dataset);
  g_autofree gint64 *durations = g_new (gint64, MAX (trace->tasks->len, 1));
  g_autofree char *run = dup_duration (trace->end);
  guint outcomes[WEFT_VISANDOR_N_OUTCOMES] = { 0, };
  g_autoptr(GString) text = g_string_new (NULL);
  double busy = 0, sum = 0;
  guint n = trace->tasks->len;
  gsize p90_index = n > 0 ? MIN (n - 1, (gsize)n * 9 / 10) : 0;
  gint64 shortest = G_MAXINT64, longest = G_MININT64, median = 0, p90 = 0;

  for (guint i = 0; i < n; i++)
    {
      const WeftVisandorTask *t = weft_visandor_trace_task (trace, i);

      durations[i] = t->end - t->start;
      sum += (double)durations[i];
      shortest = MIN (shortest, durations[i]);
      longest = MAX (longest, durations[i]);
      outcomes[MIN (t->outcome, WEFT_VISANDOR_N_OUTCOMES - 1)]++;
    }
  if (n > 0)
    {
      /* The median, then the 90th percentile among those above it. */
      select_nth (durations, n, n / 2);
      median = durations[n / 2];
      if (p90_index > n / 2)
        select_nth (durations + n / 2 + 1, n - n / 2 - 1, p90_index - n / 2 - 1);
      p90 = durations[p90_index];
    }
  for (guint r = 0; r < n_agents; r++)
    busy += weft_visandor_dataset_get_value (dataset, r, WEFT_VISANDOR_COLUMN_BUSY_TIME);

  g_string_append_printf (text, "<b>%s</b>\n", is_or ? _("Or-parallel execution tree") : _("And-parallel fork/join tree"));
  g_string_append_printf (text, _("%u agents, %u %s, %u %s, nesting depth %u\n"), n_agents, trace->nodes->len,
                          is_or ? _("choice points") : _("forks"), n, is_or ? _("branches") : _("goals"),
                          trace->max_depth);
  g_string_append_printf (text, _("Duration %s; agents busy %.1f %% of the time\n"), run,
                          trace->end > 0 && n_agents > 0 ? 100.0 * busy * 1e6 / ((double)trace->end * n_agents) : 0.0);
  g_string_append_printf (text, _("Parallelism: at most %u busy agents, %.2f on average\n\n"), max,
                          weft_visandor_dataset_get_mean_parallelism (dataset));

  g_string_append_printf (text, "<b>%s</b>\n", _("Outcomes"));
  g_string_append_printf (text, _("finished %u, succeeded %u, failed %u, cut %u, left suspended %u, no end %u\n\n"),
                          outcomes[WEFT_VISANDOR_FINISHED], outcomes[WEFT_VISANDOR_SUCCESS],
                          outcomes[WEFT_VISANDOR_FAILURE], outcomes[WEFT_VISANDOR_CUT],
                          outcomes[WEFT_VISANDOR_SUSPENDED], outcomes[WEFT_VISANDOR_RUNNING]);

  g_string_append_printf (text, "<b>%s</b>\n", is_or ? _("Branch durations") : _("Goal durations"));
  if (n > 0)
    {
      g_autofree char *min_text = dup_duration (shortest);
      g_autofree char *median_text = dup_duration (median);
      g_autofree char *mean_text = dup_duration ((gint64)llround (sum / n));
      g_autofree char *p90_text = dup_duration (p90);
      g_autofree char *max_text = dup_duration (longest);

      g_string_append_printf (text, _("min %s, median %s, mean %s, 90th percentile %s, max %s"),
                              min_text, median_text, mean_text, p90_text, max_text);
    }
  else
    g_string_append (text, _("none"));

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Actions ----------------------------------------------------------------------- */

static void
update_status (WeftVisandorPage *self)
{
  const WeftTimeSpan *visible = weft_time_model_get_visible_span (self->time_model);
  g_autofree char *begin = visible->begin == 0 ? g_strdup ("0") : weft_format_duration (visible->begin);
  g_autofree char *end = weft_format_duration (visible->end);
  g_autofree char *text = g_strdup_printf ("%s – %s", begin, end);

  gtk_label_set_text (self->status_label, text);
}

/**
 * weft_visandor_page_find_node:
 * @text: a node id in hexadecimal, as the trace writes it
 *
 * Shows the node's subtree: the tree view zooms to its span and highlights its
 * first task.
 *
 * Returns: %FALSE when no node has that id.
 */
gboolean
weft_visandor_page_find_node (WeftVisandorPage *self,
                              const char       *text)
{
  const WeftVisandorTrace *trace;
  const WeftVisandorNode *n;
  guint64 id;
  char *end = NULL;
  guint32 node;
  gint64 last;
  WeftTimeSpan span;

  g_return_val_if_fail (WEFT_IS_VISANDOR_PAGE (self), FALSE);

  if (text == NULL || *text == '\0')
    return FALSE;
  id = g_ascii_strtoull (text, &end, 16);
  if (end == text || *end != '\0')
    return FALSE;
  node = weft_visandor_dataset_find_node (self->dataset, id);
  if (node == WEFT_VISANDOR_NONE)
    return FALSE;

  trace = weft_visandor_dataset_get_trace (self->dataset);
  n = weft_visandor_trace_node (trace, node);
  last = MAX (n->join_time, n->time);
  for (guint32 t = n->first_task; t != WEFT_VISANDOR_NONE; t = weft_visandor_trace_task (trace, t)->next_sibling)
    last = MAX (last, weft_visandor_trace_task (trace, t)->end);
  span.begin = n->time * 1000;
  span.end = MAX (last * 1000, span.begin + 1000);
  weft_time_model_set_visible_span (self->time_model, &span, TRUE);
  weft_visandor_tree_view_select_task (self->tree_view, n->first_task);
  gtk_stack_set_visible_child_name (self->stack, "tree");

  return TRUE;
}

static void
search_activate_cb (WeftVisandorPage *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));

  if (weft_visandor_page_find_node (self, text))
    gtk_widget_remove_css_class (GTK_WIDGET (self->search_entry), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->search_entry), "error");
}

/* A column of the busy-agents profile was clicked: the timeline shows that
 * stretch of the run, widened to a fiftieth of it so that what surrounds it
 * shows too. */
static void
parallelism_range_activated_cb (WeftVisandorPage *self,
                                gint64            begin,
                                gint64            end)
{
  const WeftTimeSpan *doc = weft_time_model_get_document_span (self->time_model);
  gint64 width = MAX (end - begin, weft_time_span_duration (doc) / 50);
  gint64 center = begin + (end - begin) / 2;
  WeftTimeSpan span = { center - width / 2, center - width / 2 + MAX (width, 1) };

  weft_time_model_set_visible_span (self->time_model, &span, TRUE);
  gtk_stack_set_visible_child_name (self->stack, "timeline");
}

static void
metric_changed_cb (WeftVisandorPage *self)
{
  guint column = gtk_drop_down_get_selected (self->metric_dropdown);

  if (self->values != NULL && column < weft_value_table_get_n_columns (self->values))
    weft_value_bars_view_set_column (self->agents_view, column);
}

static void
horizontal_toggled_cb (WeftVisandorPage *self)
{
  weft_visandor_tree_view_set_horizontal (self->tree_view, gtk_toggle_button_get_active (self->horizontal_button));
}

static void
tree_activated_cb (WeftVisandorPage *self,
                   guint             task,
                   guint             node)
{
  WeftVisandorHit hit = { task, node };
  g_autofree char *text = weft_visandor_dup_hit_text (self->dataset, &hit);

  /* Click for details: the status line keeps what was clicked. */
  if (text != NULL)
    {
      g_strdelimit (text, "\n", ' ');
      gtk_label_set_text (self->status_label, text);
    }
  weft_visandor_tree_view_select_task (self->tree_view, task);
  gtk_widget_set_sensitive (self->collapse_others_button,
                            weft_visandor_tree_view_get_selected_node (self->tree_view) != WEFT_VISANDOR_NONE);
}

static void
collapse_others_cb (WeftVisandorPage *self)
{
  weft_visandor_tree_view_collapse_others (self->tree_view);
}

static void
expand_all_cb (WeftVisandorPage *self)
{
  weft_visandor_tree_view_expand_all (self->tree_view);
}

static gboolean
collapse_others_shortcut_cb (GtkWidget *widget,
                             GVariant  *args,
                             gpointer   user_data)
{
  return weft_visandor_tree_view_collapse_others (WEFT_VISANDOR_PAGE (widget)->tree_view);
}

static gboolean
expand_all_shortcut_cb (GtkWidget *widget,
                        GVariant  *args,
                        gpointer   user_data)
{
  weft_visandor_tree_view_expand_all (WEFT_VISANDOR_PAGE (widget)->tree_view);

  return TRUE;
}

static gboolean
show_view_cb (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  WeftVisandorPage *self = WEFT_VISANDOR_PAGE (widget);

  weft_visandor_page_set_view (self, view_names[g_variant_get_int32 (args)]);

  return TRUE;
}

static gboolean
find_cb (GtkWidget *widget,
         GVariant  *args,
         gpointer   user_data)
{
  return gtk_widget_grab_focus (GTK_WIDGET (WEFT_VISANDOR_PAGE (widget)->search_entry));
}

static gboolean
rotate_cb (GtkWidget *widget,
           GVariant  *args,
           gpointer   user_data)
{
  WeftVisandorPage *self = WEFT_VISANDOR_PAGE (widget);

  gtk_toggle_button_set_active (self->horizontal_button, !gtk_toggle_button_get_active (self->horizontal_button));

  return TRUE;
}

static gboolean
zoom_fit_cb (GtkWidget *widget,
             GVariant  *args,
             gpointer   user_data)
{
  weft_time_model_zoom_to_fit (WEFT_VISANDOR_PAGE (widget)->time_model);

  return TRUE;
}

static gboolean
back_cb (GtkWidget *widget,
         GVariant  *args,
         gpointer   user_data)
{
  return weft_time_model_go_back (WEFT_VISANDOR_PAGE (widget)->time_model);
}

static void
add_shortcuts (WeftVisandorPage *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();
  GtkShortcutController *shortcuts = GTK_SHORTCUT_CONTROLLER (controller);

  gtk_shortcut_controller_set_scope (shortcuts, GTK_SHORTCUT_SCOPE_MANAGED);
  for (int i = 0; view_names[i] != NULL; i++)
    gtk_shortcut_controller_add_shortcut (shortcuts,
                                          gtk_shortcut_new_with_arguments (gtk_keyval_trigger_new (GDK_KEY_1 + i, GDK_ALT_MASK),
                                                                           gtk_callback_action_new (show_view_cb, NULL, NULL),
                                                                           "i", i));
  gtk_shortcut_controller_add_shortcut (shortcuts,
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_f, GDK_CONTROL_MASK),
                                                          gtk_callback_action_new (find_cb, NULL, NULL)));
  gtk_shortcut_controller_add_shortcut (shortcuts,
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_r, GDK_CONTROL_MASK),
                                                          gtk_callback_action_new (rotate_cb, NULL, NULL)));
  gtk_shortcut_controller_add_shortcut (shortcuts,
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_0, GDK_CONTROL_MASK),
                                                          gtk_callback_action_new (zoom_fit_cb, NULL, NULL)));
  gtk_shortcut_controller_add_shortcut (shortcuts,
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_O, GDK_CONTROL_MASK | GDK_SHIFT_MASK),
                                                          gtk_callback_action_new (collapse_others_shortcut_cb, NULL, NULL)));
  gtk_shortcut_controller_add_shortcut (shortcuts,
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_E, GDK_CONTROL_MASK | GDK_SHIFT_MASK),
                                                          gtk_callback_action_new (expand_all_shortcut_cb, NULL, NULL)));
  gtk_shortcut_controller_add_shortcut (shortcuts,
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Left, GDK_ALT_MASK),
                                                          gtk_callback_action_new (back_cb, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* WeftPage ---------------------------------------------------------------------- */

static WeftDocument *
weft_visandor_page_get_document (WeftPage *page)
{
  return WEFT_VISANDOR_PAGE (page)->document;
}

static gboolean
weft_visandor_page_get_export_view (WeftPage         *page,
                                    const char      **view,
                                    WeftViewOptions  *options)
{
  WeftVisandorPage *self = WEFT_VISANDOR_PAGE (page);
  const char *shown = weft_visandor_page_get_view (self);
  const WeftTimeSpan *doc = weft_time_model_get_document_span (self->time_model);
  const WeftTimeSpan *visible = weft_time_model_get_visible_span (self->time_model);

  memset (options, 0, sizeof *options);
  if (g_strcmp0 (shown, "stacks") == 0 || g_strcmp0 (shown, "flame") == 0)
    {
      *view = "stacks";
      return TRUE;
    }
  if (g_strcmp0 (shown, "statistics") == 0)
    {
      *view = "parallelism";
      return TRUE;
    }
  if (g_strcmp0 (shown, "agents") == 0)
    {
      guint column = gtk_drop_down_get_selected (self->metric_dropdown);

      *view = "values";
      if (self->values != NULL && column < weft_value_table_get_n_columns (self->values))
        options->metric = weft_value_table_get_column_name (self->values, column);
      return TRUE;
    }

  /* The picture of the visible range. */
  *view = g_strcmp0 (shown, "timeline") == 0 ? "timeline" : "tree";
  if (!weft_time_span_equal (doc, visible))
    {
      options->has_range = TRUE;
      options->range = *visible;
    }

  return TRUE;
}

static gboolean
weft_visandor_page_get_uses_alt_digits (WeftPage *page)
{
  return TRUE;
}

static void
weft_visandor_page_iface_init (WeftPageInterface *iface)
{
  iface->get_document = weft_visandor_page_get_document;
  iface->get_export_view = weft_visandor_page_get_export_view;
  iface->get_uses_alt_digits = weft_visandor_page_get_uses_alt_digits;
}

/* Goals or branches from which the stacks are built on a worker thread: the
 * 10^7-line traces' take 5-7 s. */
#define CALL_TREE_ASYNC_TASKS 100000

/* The execution tree as a call tree (forks and choice points over their
 * goals and branches, agents as processes): the shared stack view and flame
 * graph every call-tree family has (src/widgets/tree), filled on first view.
 * Takes @tree (nullable). */
static void
set_call_tree (WeftVisandorPage *self,
               WeftCallTree     *tree)
{
  self->call_tree = tree;
  weft_call_tree_view_set_tree (self->stacks_view, tree);
  weft_flame_graph_view_set_tree (self->flame_view, tree);
  gtk_widget_set_visible (self->stacks_notice, FALSE);
  gtk_widget_set_visible (self->flame_notice, FALSE);
}

static gpointer
call_tree_work (gpointer       data,
                GCancellable  *cancellable,
                GError       **error)
{
  return weft_dataset_dup_call_tree (data, "stacks", NULL, error);
}

static void
call_tree_done (gpointer      owner,
                gpointer      result,
                const GError *error)
{
  WeftVisandorPage *self = owner;

  g_clear_object (&self->call_tree_cancellable);
  set_call_tree (self, result);
}

static void
build_call_tree (WeftVisandorPage *self)
{
  const WeftVisandorTrace *trace = weft_visandor_dataset_get_trace (self->dataset);

  if (self->call_tree_built)
    return;
  self->call_tree_built = TRUE;
  if (trace->tasks->len < CALL_TREE_ASYNC_TASKS)
    {
      set_call_tree (self, weft_dataset_dup_call_tree (WEFT_DATASET (self->dataset), "stacks", NULL, NULL));
      return;
    }

  gtk_widget_set_visible (self->stacks_notice, TRUE);
  gtk_widget_set_visible (self->flame_notice, TRUE);
  self->call_tree_cancellable = g_cancellable_new ();
  weft_background_run (self, g_object_ref (self->dataset), g_object_unref, call_tree_work,
                       (GDestroyNotify)weft_call_tree_unref, self->call_tree_cancellable, call_tree_done);
}

WeftFlameGraphView *
weft_visandor_page_get_flame_graph_view (WeftVisandorPage *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_PAGE (self), NULL);

  return self->flame_view;
}

/**
 * weft_visandor_page_get_call_tree_busy:
 *
 * Returns: whether a worker is still building the stacks
 */
gboolean
weft_visandor_page_get_call_tree_busy (WeftVisandorPage *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_PAGE (self), FALSE);

  return self->call_tree_cancellable != NULL;
}

/* The statistics go through every goal's duration (127 ms on the UI thread
 * for a 10^7-line trace): worked out on a worker thread when their tab is
 * first shown, or here and now when asked for. */
static void
set_statistics (WeftVisandorPage *self,
                char             *text)
{
  g_free (self->statistics);
  self->statistics = text;
  gtk_label_set_markup (self->statistics_label, self->statistics);
}

static void
ensure_statistics (WeftVisandorPage *self)
{
  if (self->statistics == NULL)
    set_statistics (self, build_statistics (self->dataset));
}

static gpointer
statistics_work (gpointer       data,
                 GCancellable  *cancellable,
                 GError       **error)
{
  return build_statistics (data);
}

static void
statistics_done (gpointer      owner,
                 gpointer      result,
                 const GError *error)
{
  WeftVisandorPage *self = owner;
  g_autofree char *text = result;

  /* Unless they were asked for in the meantime. */
  if (self->statistics == NULL)
    set_statistics (self, g_steal_pointer (&text));
}

static void
start_statistics (WeftVisandorPage *self)
{
  if (self->statistics != NULL || self->statistics_cancellable != NULL)
    return;
  self->statistics_cancellable = g_cancellable_new ();
  gtk_label_set_label (self->statistics_label, _("Working out the statistics…"));
  weft_background_run (self, g_object_ref (self->dataset), g_object_unref, statistics_work, g_free,
                       self->statistics_cancellable, statistics_done);
}

static void
visible_view_cb (WeftVisandorPage *self)
{
  const char *shown = gtk_stack_get_visible_child_name (self->stack);
  gboolean tree = g_strcmp0 (shown, "tree") == 0;

  /* The tree's own controls only beside the tree. */
  gtk_widget_set_visible (GTK_WIDGET (self->horizontal_button), tree);
  gtk_widget_set_visible (self->collapse_others_button, tree);
  gtk_widget_set_visible (self->expand_all_button, tree);

  if (g_strcmp0 (shown, "stacks") == 0 || g_strcmp0 (shown, "flame") == 0)
    build_call_tree (self);
  else if (g_strcmp0 (shown, "statistics") == 0)
    start_statistics (self);
}

/* @view under a line saying the stacks are being worked out (hidden but
 * then); returns the box holding both. */
static GtkWidget *
under_notice (GtkWidget  *view,
              GtkWidget **notice)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  *notice = gtk_label_new (_("Working out the stacks of every goal and branch…"));
  gtk_widget_add_css_class (*notice, "dim-label");
  gtk_widget_set_margin_top (*notice, 12);
  gtk_widget_set_margin_bottom (*notice, 12);
  gtk_widget_set_visible (*notice, FALSE);
  gtk_widget_set_vexpand (view, TRUE);
  gtk_box_append (GTK_BOX (box), *notice);
  gtk_box_append (GTK_BOX (box), view);

  return box;
}

static void
add_call_tree_views (WeftVisandorPage *self)
{
  GtkStackPage *page;

  self->stacks_view = WEFT_CALL_TREE_VIEW (weft_call_tree_view_new ());
  page = gtk_stack_add_titled (self->stack, under_notice (GTK_WIDGET (self->stacks_view), &self->stacks_notice),
                               "stacks", _("Stacks"));
  gtk_stack_page_set_icon_name (page, "view-list-symbolic");

  self->flame_view = WEFT_FLAME_GRAPH_VIEW (weft_flame_graph_view_new ());
  page = gtk_stack_add_titled (self->stack, under_notice (GTK_WIDGET (self->flame_view), &self->flame_notice),
                               "flame", _("Flame Graph"));
  gtk_stack_page_set_icon_name (page, "weft-profile-symbolic");

  g_signal_connect_object (self->stack, "notify::visible-child", G_CALLBACK (visible_view_cb), self,
                           G_CONNECT_SWAPPED);
}

/* GObject ----------------------------------------------------------------------- */

static void
weft_visandor_page_dispose (GObject *object)
{
  WeftVisandorPage *self = (WeftVisandorPage *)object;

  if (self->call_tree_cancellable != NULL)
    g_cancellable_cancel (self->call_tree_cancellable);
  g_clear_object (&self->call_tree_cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), WEFT_TYPE_VISANDOR_PAGE);
  /* The views have let the tree go: the last reference, and a big trace's
   * tree takes a third of a second and more to free. */
  weft_background_free (g_steal_pointer (&self->call_tree), (GDestroyNotify)weft_call_tree_unref);
  g_clear_object (&self->document);
  g_clear_object (&self->dataset);
  g_clear_object (&self->time_model);
  g_clear_pointer (&self->values, weft_value_table_unref);
  g_clear_pointer (&self->statistics, g_free);
  if (self->statistics_cancellable != NULL)
    g_cancellable_cancel (self->statistics_cancellable);
  g_clear_object (&self->statistics_cancellable);

  G_OBJECT_CLASS (weft_visandor_page_parent_class)->dispose (object);
}

static void
weft_visandor_page_class_init (WeftVisandorPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_visandor_page_dispose;

  g_type_ensure (WEFT_TYPE_VISANDOR_TREE_VIEW);
  g_type_ensure (WEFT_TYPE_TIMELINE_VIEW);
  g_type_ensure (WEFT_TYPE_VALUE_BARS_VIEW);
  g_type_ensure (WEFT_TYPE_PARALLELISM_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/ui/visandor/weft-visandor-page.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "visandorpage");
  gtk_widget_class_bind_template_child (widget_class, WeftVisandorPage, box);
  gtk_widget_class_bind_template_child (widget_class, WeftVisandorPage, stack);
  gtk_widget_class_bind_template_child (widget_class, WeftVisandorPage, tree_view);
  gtk_widget_class_bind_template_child (widget_class, WeftVisandorPage, timeline_view);
  gtk_widget_class_bind_template_child (widget_class, WeftVisandorPage, agents_view);
  gtk_widget_class_bind_template_child (widget_class, WeftVisandorPage, metric_dropdown);
  gtk_widget_class_bind_template_child (widget_class, WeftVisandorPage, statistics_label);
  gtk_widget_class_bind_template_child (widget_class, WeftVisandorPage, parallelism_view);
  gtk_widget_class_bind_template_child (widget_class, WeftVisandorPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, WeftVisandorPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, WeftVisandorPage, horizontal_button);
  gtk_widget_class_bind_template_child (widget_class, WeftVisandorPage, collapse_others_button);
  gtk_widget_class_bind_template_child (widget_class, WeftVisandorPage, expand_all_button);
}

static void
weft_visandor_page_init (WeftVisandorPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->time_model = weft_time_model_new ();
  add_shortcuts (self);
}

/**
 * weft_visandor_page_new:
 * @document: a loaded VisAndOr document
 *
 * Returns: (transfer floating): the page.
 */
WeftVisandorPage *
weft_visandor_page_new (WeftDocument *document)
{
  WeftVisandorPage *self;
  WeftEventTable *table;
  WeftTimeSpan span;

  g_return_val_if_fail (WEFT_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (WEFT_IS_VISANDOR_DATASET (weft_document_get_dataset (document)), NULL);

  self = g_object_new (WEFT_TYPE_VISANDOR_PAGE, NULL);
  self->document = g_object_ref (document);
  self->dataset = g_object_ref (WEFT_VISANDOR_DATASET (weft_document_get_dataset (document)));

  /* The tree starts at the trace's first event (0), the table at its first
   * drawn event: the document span covers both. */
  table = weft_dataset_get_event_table (WEFT_DATASET (self->dataset));
  span = weft_event_table_get_span (table);
  span.begin = MIN (span.begin, 0);
  span.end = MAX (span.end, weft_visandor_dataset_get_trace (self->dataset)->end * 1000);
  if (span.end <= span.begin)
    span.end = span.begin + 1000;
  weft_time_model_set_document_span (self->time_model, &span);

  weft_visandor_tree_view_set_dataset (self->tree_view, self->dataset);
  weft_parallelism_view_set_dataset (self->parallelism_view, self->dataset);
  weft_visandor_tree_view_set_time_model (self->tree_view, self->time_model);
  weft_timeline_view_set_table (self->timeline_view, table);
  weft_timeline_view_set_time_model (self->timeline_view, self->time_model);

  self->values = weft_dataset_dup_values (WEFT_DATASET (self->dataset), "values", NULL, NULL);
  weft_value_bars_view_set_values (self->agents_view, self->values);
  weft_value_bars_view_set_column (self->agents_view, WEFT_VISANDOR_COLUMN_BUSY_TIME);


  add_call_tree_views (self);

  g_signal_connect_object (self->time_model, "notify::visible-span", G_CALLBACK (update_status), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tree_view, "notify::busy", G_CALLBACK (update_status), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->search_entry, "activate", G_CALLBACK (search_activate_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->parallelism_view, "range-activated", G_CALLBACK (parallelism_range_activated_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->metric_dropdown, "notify::selected", G_CALLBACK (metric_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->horizontal_button, "toggled", G_CALLBACK (horizontal_toggled_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->tree_view, "activated", G_CALLBACK (tree_activated_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->collapse_others_button, "clicked", G_CALLBACK (collapse_others_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->expand_all_button, "clicked", G_CALLBACK (expand_all_cb), self, G_CONNECT_SWAPPED);
  update_status (self);

  return self;
}

WeftTimeModel *
weft_visandor_page_get_time_model (WeftVisandorPage *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_PAGE (self), NULL);

  return self->time_model;
}

WeftVisandorTreeView *
weft_visandor_page_get_tree_view (WeftVisandorPage *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_PAGE (self), NULL);

  return self->tree_view;
}

WeftTimelineView *
weft_visandor_page_get_timeline_view (WeftVisandorPage *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_PAGE (self), NULL);

  return self->timeline_view;
}

WeftParallelismView *
weft_visandor_page_get_parallelism_view (WeftVisandorPage *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_PAGE (self), NULL);

  return self->parallelism_view;
}

const char *
weft_visandor_page_get_view (WeftVisandorPage *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_PAGE (self), NULL);

  return gtk_stack_get_visible_child_name (self->stack);
}

void
weft_visandor_page_set_view (WeftVisandorPage *self,
                             const char       *view)
{
  g_return_if_fail (WEFT_IS_VISANDOR_PAGE (self));

  if (view != NULL && g_strv_contains (view_names, view))
    gtk_stack_set_visible_child_name (self->stack, view);
}

/**
 * weft_visandor_page_get_statistics_label:
 *
 * Returns: (transfer none): the label the Statistics tab shows its figures
 *   in, filled from a worker thread when the tab is first shown
 */
GtkLabel *
weft_visandor_page_get_statistics_label (WeftVisandorPage *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_PAGE (self), NULL);

  return self->statistics_label;
}

const char *
weft_visandor_page_get_statistics (WeftVisandorPage *self)
{
  g_return_val_if_fail (WEFT_IS_VISANDOR_PAGE (self), NULL);

  ensure_statistics (self);
  return self->statistics;
}

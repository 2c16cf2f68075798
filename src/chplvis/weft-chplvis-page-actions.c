/* weft-chplvis-page-actions.c: what a click, a hover or a key does on the
 * Chapel page: the details panel (a locale, a pair, a task, a record, a
 * function), the source view under it, the tooltips of the graph and the
 * matrix, and the page's shortcuts (Alt+1 … Alt+5, Ctrl+F, Esc).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "weft-chplvis-sources.h"
#include "weft-units.h"

#include "weft-chplvis-page-private.h"

/* The details panel ------------------------------------------------------------ */

static void
reveal_details (WeftChplvisPage *self)
{
  weft_chplvis_page_set_details_visible (self, TRUE);
}

/* The source view opens under the details, with half the panel's height. */
static void
show_source_view (WeftChplvisPage *self)
{
  int height;

  if (gtk_widget_get_visible (GTK_WIDGET (self->source_view)))
    return;

  gtk_widget_set_visible (GTK_WIDGET (self->source_view), TRUE);
  height = gtk_widget_get_height (self->side_paned);
  if (height > 0)
    gtk_paned_set_position (GTK_PANED (self->side_paned), height / 2);
}

/**
 * weft_chplvis_page_show_locale:
 *
 * Shows chplvis's Locale box, and more, for @locale in the details panel.
 */
void
weft_chplvis_page_show_locale (WeftChplvisPage *self,
                               guint            locale)
{
  g_return_if_fail (WEFT_IS_CHPLVIS_PAGE (self));

  if (self->figures == NULL || locale >= self->figures->n_locales)
    return;

  weft_chplvis_details_show_locale (self->details, locale, self->figures);
  reveal_details (self);
}

/**
 * weft_chplvis_page_show_pair:
 *
 * Shows chplvis's Comm box for @from → @to, and the list of those
 * communications, for the page's tag, range and kind.
 */
void
weft_chplvis_page_show_pair (WeftChplvisPage *self,
                             guint            from,
                             guint            to)
{
  WeftChplvisQuery query;

  g_return_if_fail (WEFT_IS_CHPLVIS_PAGE (self));

  if (from >= get_trace (self)->n_locales || to >= get_trace (self)->n_locales)
    return;

  /* The query of what is on screen (a run may be on its way). */
  if (self->figures != NULL)
    query = self->figures->query;
  else
    weft_chplvis_page_build_query (self, &query);
  weft_chplvis_details_show_pair (self->details, from, to, &query);
  reveal_details (self);
}

/**
 * weft_chplvis_page_open_source:
 * @file: an index in the trace's file table
 * @line: the line to show
 *
 * Opens the source view on @file at @line, resolved through the run's
 * CHPL_HOME and DIR and the source-path-remaps setting.
 */
void
weft_chplvis_page_open_source (WeftChplvisPage *self,
                               int              file,
                               int              line)
{
  g_autoptr(GVariant) remaps = NULL;
  g_autofree char *path = NULL;
  const char *name;

  g_return_if_fail (WEFT_IS_CHPLVIS_PAGE (self));

  self->source_file = file;
  self->source_line = line;
  remaps = g_settings_get_value (self->settings, "source-path-remaps");
  name = weft_chplvis_trace_get_file_name (get_trace (self), file);
  path = weft_chplvis_resolve_source (get_trace (self), file, remaps);
  show_source_view (self);
  weft_source_view_open (self->source_view, name != NULL ? name : "<unknown>", path, line);
  reveal_details (self);
}

gboolean
weft_chplvis_page_get_details_visible (WeftChplvisPage *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_PAGE (self), FALSE);

  return gtk_toggle_button_get_active (self->details_button);
}

void
weft_chplvis_page_set_details_visible (WeftChplvisPage *self,
                                       gboolean         visible)
{
  g_return_if_fail (WEFT_IS_CHPLVIS_PAGE (self));

  gtk_toggle_button_set_active (self->details_button, visible);
}

/* Clicks ---------------------------------------------------------------------- */

static void
graph_node_activated_cb (WeftChplvisPage *self,
                         guint            node)
{
  weft_chplvis_page_show_locale (self, node);
}

static void
graph_link_activated_cb (WeftChplvisPage *self,
                         guint            from,
                         guint            to)
{
  weft_chplvis_page_show_pair (self, from, to);
}

static void
matrix_cell_activated_cb (WeftChplvisPage *self,
                          guint            row,
                          guint            column)
{
  weft_chplvis_page_show_pair (self, row, column);
}

static void
matrix_label_activated_cb (WeftChplvisPage *self,
                           guint            dim,
                           guint            index)
{
  weft_chplvis_page_show_locale (self, index);
}

static void
locale_activated_cb (WeftChplvisPage *self,
                     guint            locale)
{
  weft_chplvis_page_show_locale (self, locale);
}

static void
function_activated_cb (WeftChplvisPage *self,
                       int              fid)
{
  const WeftChplvisFunction *function = weft_chplvis_trace_get_function (get_trace (self), fid);
  const WeftChplvisProfileRow *row = self->figures != NULL ? weft_chplvis_figures_find_function (self->figures, fid) : NULL;

  /* Its figures in the details, its definition in the source view. */
  if (row != NULL)
    weft_chplvis_details_show_function (self->details, row, &self->figures->query);

  if (function != NULL && function->name != NULL)
    weft_chplvis_page_open_source (self, function->file, function->line);
  else
    {
      /* main and the unknown row have no definition to open. */
      self->source_file = -1;
      show_source_view (self);
      weft_source_view_open (self->source_view, fid == WEFT_CHPLVIS_FID_MAIN ? "main" : "<unknown>", NULL, 0);
      reveal_details (self);
    }
}

static void
timeline_event_activated_cb (WeftChplvisPage       *self,
                             const WeftTimelineHit *hit)
{
  WeftChplvisEventRef event;

  if (hit->type != WEFT_TIMELINE_HIT_EVENT || hit->row < 0)
    return;
  if (!weft_chplvis_dataset_lookup_event (self->dataset, hit->kind, (guint)hit->row,
                                          hit->to_row >= 0 ? (guint)hit->to_row : 0, hit->ref, &event))
    return;

  switch (event.type)
    {
    case WEFT_CHPLVIS_EVENT_TASK:
      weft_chplvis_details_show_task (self->details, event.locale, event.index);
      break;
    case WEFT_CHPLVIS_EVENT_COMM:
      weft_chplvis_details_show_record (self->details, event.locale, event.index, FALSE);
      break;
    case WEFT_CHPLVIS_EVENT_FORK:
      weft_chplvis_details_show_record (self->details, event.locale, event.index, TRUE);
      break;
    case WEFT_CHPLVIS_EVENT_MARK:
      weft_chplvis_details_show_mark (self->details, event.locale, event.index);
      break;
    case WEFT_CHPLVIS_EVENT_NONE:
    default:
      return;
    }
  reveal_details (self);
}

static void
source_requested_cb (WeftChplvisPage *self,
                     int              file,
                     int              line)
{
  weft_chplvis_page_open_source (self, file, line);
}

static void
pair_requested_cb (WeftChplvisPage *self,
                   guint            from,
                   guint            to)
{
  weft_chplvis_page_show_pair (self, from, to);
}

static void
task_requested_cb (WeftChplvisPage *self,
                   guint            locale,
                   guint            task)
{
  weft_chplvis_details_show_task (self->details, locale, task);
}

static void
tag_requested_cb (WeftChplvisPage *self,
                  int              tag)
{
  for (guint i = 0; i < self->tags->len; i++)
    {
      const WeftChplvisTagChoice *choice = &g_array_index (self->tags, WeftChplvisTagChoice, i);

      if (choice->tag == tag)
        {
          gtk_drop_down_set_selected (self->tag_dropdown, i);
          return;
        }
    }

  /* Merged: the tag's name stands for it. */
  {
    g_autofree char *name = weft_chplvis_dup_tag_name (get_trace (self), tag);

    weft_chplvis_page_set_tag (self, name);
  }
}

static void
source_close_requested_cb (WeftChplvisPage *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->source_view), FALSE);
}

/* The side panel opens wider than its minimum, once, when the page first
 * gets its width (GtkPaned would give it just its minimum). When that would
 * leave the views less than PLOT_MIN_WIDTH (the default 1200-pixel window),
 * the panel starts hidden instead: the graph and the matrix keep the page's
 * width, and the first click on something opens the panel. */
#define SIDE_PANEL_WIDTH 460
#define PLOT_MIN_WIDTH   900

static void
paned_max_position_cb (WeftChplvisPage *self,
                       GParamSpec      *pspec,
                       GtkPaned        *paned)
{
  int max = 0;
  int side_min = 0;
  int side;

  g_object_get (paned, "max-position", &max, NULL);
  if (max <= 0 || !gtk_widget_get_visible (self->side_paned))
    return;
  g_signal_handlers_disconnect_by_func (paned, paned_max_position_cb, self);

  /* max-position leaves the side panel its minimum width. */
  gtk_widget_measure (self->side_paned, GTK_ORIENTATION_HORIZONTAL, -1, &side_min, NULL, NULL, NULL);
  side = MAX (SIDE_PANEL_WIDTH, side_min);
  if (max + side_min - side < PLOT_MIN_WIDTH)
    {
      weft_chplvis_page_set_details_visible (self, FALSE);
      return;
    }
  gtk_paned_set_position (paned, MAX (max / 2, max + side_min - side));
}

/* Tooltips -------------------------------------------------------------------- */

static char *
describe_pair (WeftChplvisPage *self,
               guint            from,
               guint            to)
{
  const WeftChplvisFigures *figures = self->figures;
  static const char *const group_names[WEFT_CHPLVIS_N_GROUPS] = { N_("Gets"), N_("Puts"), N_("On calls") };
  g_autofree char *count = NULL;
  g_autofree char *bytes = NULL;
  GString *out;
  gsize cell;

  if (figures == NULL || from >= figures->n_locales || to >= figures->n_locales)
    return NULL;
  cell = (gsize)from * figures->n_locales + to;

  count = weft_format_count (figures->comm->count[cell]);
  bytes = weft_format_bytes (figures->comm->bytes[cell]);
  out = g_string_new (NULL);
  g_string_append_printf (out, _("Locale %u → locale %u"), from, to);
  g_string_append_printf (out, "\n%s · %s", count, bytes);
  for (guint g = 0; g < WEFT_CHPLVIS_N_GROUPS; g++)
    {
      g_autofree char *c = weft_format_count (figures->groups[g]->count[cell]);
      g_autofree char *b = weft_format_bytes (figures->groups[g]->bytes[cell]);

      g_string_append_printf (out, "\n%s: %s · %s", _(group_names[g]), c, b);
    }
  if (figures->comm->count[cell] > 0)
    g_string_append_printf (out, "\n%s", _("Click for the list of them"));

  return g_string_free (out, FALSE);
}

static char *
matrix_tooltip_cb (WeftMatrixView *view,
                   guint           row,
                   guint           column,
                   const char     *default_text,
                   gpointer        user_data)
{
  return describe_pair (user_data, row, column);
}

static char *
graph_tooltip_cb (WeftRingGraphView      *view,
                  const WeftRingGraphHit *hit,
                  const char             *default_text,
                  gpointer                user_data)
{
  WeftChplvisPage *self = user_data;

  if (hit->kind == WEFT_RING_GRAPH_HIT_LINK)
    return describe_pair (self, hit->from, hit->to);

  /* chplvis's locale tooltip: tasks, clock, CPU, concurrency. */
  if (hit->kind == WEFT_RING_GRAPH_HIT_NODE && self->figures != NULL && hit->node < self->figures->n_locales)
    {
      const WeftChplvisLocaleStats *s = &self->figures->locales[hit->node];
      g_autofree char *tasks = weft_format_count (s->tasks);
      g_autofree char *clock = weft_format_seconds (s->clock);
      g_autofree char *user = weft_format_seconds (s->cpu_user);
      g_autofree char *sys = weft_format_seconds (s->cpu_sys);

      return g_strdup_printf (_("Locale %u\nTasks: %s · Clock: %s\nCPU: %s user, %s system\n"
                                "Most tasks at once: %u\nClick for its details"),
                              hit->node, tasks, clock, user, sys, s->max_concurrency);
    }

  return NULL;
}

/* Keyboard -------------------------------------------------------------------- */

static gboolean
show_view_cb (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  weft_chplvis_page_set_view (WEFT_CHPLVIS_PAGE (widget), weft_chplvis_page_view_names[g_variant_get_int32 (args)]);

  return TRUE;
}

static gboolean
find_cb (GtkWidget *widget,
         GVariant  *args,
         gpointer   user_data)
{
  WeftChplvisPage *self = WEFT_CHPLVIS_PAGE (widget);
  const char *view = weft_chplvis_page_get_view (self);
  GtkWidget *entry = NULL;

  if (g_strcmp0 (view, "profile") == 0)
    entry = GTK_WIDGET (weft_chplvis_profile_view_get_search_entry (self->profile_view));
  else if (gtk_widget_get_visible (self->side_paned))
    {
      /* The list of the pair or task shown. */
      WeftChplvisCommList *list = weft_chplvis_details_get_comm_list (self->details);

      if (gtk_widget_get_mapped (GTK_WIDGET (list)))
        entry = GTK_WIDGET (weft_chplvis_comm_list_get_search_entry (list));
    }

  return entry != NULL && gtk_widget_grab_focus (entry);
}

static gboolean
escape_cb (GtkWidget *widget,
           GVariant  *args,
           gpointer   user_data)
{
  WeftChplvisPage *self = WEFT_CHPLVIS_PAGE (widget);

  if (!gtk_widget_get_visible (self->side_paned))
    return FALSE;

  weft_chplvis_page_set_details_visible (self, FALSE);
  return TRUE;
}

static void
add_shortcuts (WeftChplvisPage *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  /* Managed by the window: the keys work wherever the focus is in the window
   * while this page is shown (the controller only runs when it is mapped),
   * after the focused widget had its chance (an entry keeps its Escape). */
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_MANAGED);
  for (int i = 0; weft_chplvis_page_view_names[i] != NULL; i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new_with_arguments (gtk_keyval_trigger_new (GDK_KEY_1 + i, GDK_ALT_MASK),
                                                                           gtk_callback_action_new (show_view_cb, NULL, NULL),
                                                                           "i", i));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_f, GDK_CONTROL_MASK),
                                                          gtk_callback_action_new (find_cb, NULL, NULL)));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Escape, 0),
                                                          gtk_callback_action_new (escape_cb, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

void
weft_chplvis_page_init_actions (WeftChplvisPage *self)
{
  g_object_bind_property (self->details_button, "active", self->side_paned, "visible", G_BINDING_SYNC_CREATE);
  g_signal_connect_object (self->paned, "notify::max-position", G_CALLBACK (paned_max_position_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (weft_timeline_view_get_timeline (self->timeline_view), "event-activated",
                           G_CALLBACK (timeline_event_activated_cb), self, G_CONNECT_SWAPPED);
  weft_matrix_view_set_tooltip_func (self->matrix_view, matrix_tooltip_cb, self, NULL);
  weft_ring_graph_view_set_tooltip_func (self->graph_view, graph_tooltip_cb, self, NULL);
  add_shortcuts (self);
}

void
weft_chplvis_page_class_init_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, graph_node_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, graph_link_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, matrix_cell_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, matrix_label_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, locale_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, function_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, source_requested_cb);
  gtk_widget_class_bind_template_callback (widget_class, pair_requested_cb);
  gtk_widget_class_bind_template_callback (widget_class, task_requested_cb);
  gtk_widget_class_bind_template_callback (widget_class, tag_requested_cb);
  gtk_widget_class_bind_template_callback (widget_class, source_close_requested_cb);
}

/* weft-mpd-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "weft-array-item.h"
#include "weft-background.h"
#include "weft-matrix-view.h"
#include "weft-mpd-dataset.h"
#include "weft-mpd-page.h"
#include "weft-mpd-table.h"
#include "weft-page.h"
#include "weft-source-view.h"
#include "weft-timeline-hit.h"
#include "weft-timeline-view.h"

/* The views, in the switcher's order (Alt+1 … Alt+5). */
static const char * const view_names[] = { "timeline", "matrix", "lines", "processes", "semaphores", NULL };

struct _WeftMpdPage
{
  GtkWidget       parent_instance;

  WeftDocument   *document;
  WeftMpdDataset *dataset;
  WeftTimeModel  *time_model;
  WeftEventTable *line_table;   /* built on the first switch to line order */
  GCancellable   *line_cancellable; /* while a worker builds it */
  GCancellable   *processes_cancellable; /* while a worker lists the processes */
  char           *details_before;   /* the details line it stands in for meanwhile */
  GtkWidget      *lines_table;
  GtkWidget      *processes_table;
  GtkWidget      *semaphores_table;
  /* Filled when first shown: a long run has 10^5 and more process lifetimes,
   * whose rows opening the trace should not wait for. */
  gboolean        processes_filled;
  gboolean        semaphores_filled;
  gboolean        matrix_filled;

  GtkWidget      *main_box;
  GtkWidget      *summary_label;
  GtkWidget      *details_label;
  GtkWidget      *show_source_button;
  guint32         clicked_location;  /* of the event clicked last, or G_MAXUINT32 */
  GtkToggleButton *order_button;
  AdwViewStack   *view_stack;
  WeftTimelineView *timeline_view;
  WeftMatrixView *matrix_view;
  GtkCheckButton *resources_button;
  GtkWidget      *lines_box;
  WeftSourceView *source_view;
  GtkWidget      *processes_box;
  GtkWidget      *semaphores_box;
};

static void weft_mpd_page_iface_init (WeftPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftMpdPage, weft_mpd_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_PAGE, weft_mpd_page_iface_init))

/* WeftPage -------------------------------------------------------------------- */

static WeftDocument *
weft_mpd_page_get_document (WeftPage *page)
{
  return WEFT_MPD_PAGE (page)->document;
}

/* What is on screen: the diagram as zoomed (in Lamport time: the exporter
 * draws the dataset's table), the matrix as chosen, else the per-process
 * counts behind the tables. */
static gboolean
weft_mpd_page_get_export_view (WeftPage         *page,
                               const char      **view,
                               WeftViewOptions  *options)
{
  WeftMpdPage *self = WEFT_MPD_PAGE (page);
  const char *name = adw_view_stack_get_visible_child_name (self->view_stack);

  if (g_strcmp0 (name, "timeline") == 0)
    {
      *view = "timeline";
      if (!gtk_toggle_button_get_active (self->order_button))
        {
          options->has_range = TRUE;
          options->range = *weft_time_model_get_visible_span (self->time_model);
        }
      return TRUE;
    }
  if (g_strcmp0 (name, "matrix") == 0)
    {
      *view = "comm-matrix";
      options->kind = gtk_check_button_get_active (self->resources_button) ? "resources" : "processes";
      return TRUE;
    }

  *view = "values";
  options->metric = "events";

  return TRUE;
}

static gboolean
weft_mpd_page_get_uses_alt_digits (WeftPage *page)
{
  return TRUE;
}

static void
weft_mpd_page_iface_init (WeftPageInterface *iface)
{
  iface->get_document = weft_mpd_page_get_document;
  iface->get_export_view = weft_mpd_page_get_export_view;
  iface->get_uses_alt_digits = weft_mpd_page_get_uses_alt_digits;
}

/* Views ----------------------------------------------------------------------- */

static void
set_event_table (WeftMpdPage    *self,
                 WeftEventTable *table)
{
  WeftTimeSpan span = weft_event_table_get_span (table);

  weft_time_model_set_document_span (self->time_model, &span);
  weft_timeline_view_set_table (self->timeline_view, table);
}

/* Events from which the line-order diagram is built on a worker thread: a
 * 10^7-line trace's takes about a second, which the window must not wait for. */
#define LINE_ORDER_ASYNC_EVENTS 200000

static const char *
ordering_text (void)
{
  return _("Putting the events in the order of the trace’s lines…");
}

static gpointer
line_table_work (gpointer       data,
                 GCancellable  *cancellable,
                 GError       **error)
{
  g_autoptr(WeftLoadContext) context = weft_load_context_new (cancellable);

  return weft_mpd_dataset_dup_event_table (data, FALSE, context, error);
}

/* Takes @table (nullable: it could not be made, @error says why) and shows
 * it if line order is still asked for. */
static void
take_line_table (WeftMpdPage    *self,
                 WeftEventTable *table,
                 const GError   *error)
{
  if (table == NULL)
    {
      g_warning ("Cannot build the line-order timeline: %s", error != NULL ? error->message : "no table");
      gtk_toggle_button_set_active (self->order_button, FALSE);
      return;
    }
  self->line_table = table;
  if (gtk_toggle_button_get_active (self->order_button))
    set_event_table (self, self->line_table);
}

static void
line_table_done (gpointer      owner,
                 gpointer      result,
                 const GError *error)
{
  WeftMpdPage *self = owner;

  g_clear_object (&self->line_cancellable);
  gtk_widget_set_sensitive (GTK_WIDGET (self->order_button), TRUE);
  /* Unless an event was clicked meanwhile. */
  if (g_strcmp0 (gtk_label_get_label (GTK_LABEL (self->details_label)), ordering_text ()) == 0)
    gtk_label_set_label (GTK_LABEL (self->details_label), self->details_before);
  g_clear_pointer (&self->details_before, g_free);
  take_line_table (self, result, error);
}

/* The diagram stays in Lamport order until the table is ready; the button
 * stays down and waits meanwhile. */
static void
start_line_table (WeftMpdPage *self)
{
  self->line_cancellable = g_cancellable_new ();
  gtk_widget_set_sensitive (GTK_WIDGET (self->order_button), FALSE);
  self->details_before = g_strdup (gtk_label_get_label (GTK_LABEL (self->details_label)));
  gtk_label_set_label (GTK_LABEL (self->details_label), ordering_text ());
  weft_background_run (self, g_object_ref (self->dataset), g_object_unref, line_table_work,
                       (GDestroyNotify)weft_event_table_unref, self->line_cancellable, line_table_done);
}

static void
order_toggled_cb (WeftMpdPage *self)
{
  gboolean line_order = gtk_toggle_button_get_active (self->order_button);
  WeftEventTable *lamport_table = weft_dataset_get_event_table (WEFT_DATASET (self->dataset));

  if (line_order && self->line_table == NULL)
    {
      g_autoptr(GError) error = NULL;
      WeftEventTable *table;

      if (self->line_cancellable != NULL)
        return;
      if (weft_event_table_get_n_events (lamport_table) >= LINE_ORDER_ASYNC_EVENTS)
        {
          start_line_table (self);
          return;
        }
      table = weft_mpd_dataset_dup_event_table (self->dataset, FALSE, NULL, &error);
      take_line_table (self, table, error);
      return;
    }
  set_event_table (self, line_order ? self->line_table : lamport_table);
}

/**
 * weft_mpd_page_get_line_order_busy:
 *
 * Returns: whether a worker is still putting the events in line order
 */
gboolean
weft_mpd_page_get_line_order_busy (WeftMpdPage *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_PAGE (self), FALSE);

  return self->line_cancellable != NULL;
}

static void
matrix_kind_cb (WeftMpdPage *self)
{
  WeftViewOptions options = { 0 };
  g_autoptr(WeftMatrix) matrix = NULL;
  g_autoptr(GError) error = NULL;

  options.kind = gtk_check_button_get_active (self->resources_button) ? "resources" : "processes";
  matrix = weft_dataset_dup_matrix (WEFT_DATASET (self->dataset), "comm-matrix", &options, &error);
  if (matrix == NULL && !gtk_check_button_get_active (self->resources_button))
    {
      /* Too many process ids for a readable matrix: show the resources. */
      gtk_check_button_set_active (self->resources_button, TRUE);
      return;
    }
  if (matrix != NULL)
    weft_matrix_view_set_matrix (self->matrix_view, matrix);
}

static WeftMpdTableRow *
add_row (GArray *rows)
{
  g_array_set_size (rows, rows->len + 1);

  return &g_array_index (rows, WeftMpdTableRow, rows->len - 1);
}

/* A number of a numeric column: the table formats it when it shows it. */
static void
set_number (WeftMpdTableRow *row,
            guint            column,
            double           value)
{
  row->values[column] = value;
}

static void
take_text (WeftMpdTableRow *row,
           guint            column,
           char            *text)
{
  row->cells[column] = text;
  row->owned |= 1u << column;
}

/* Locations by file name, then line; the unknown one last. */
static int
compare_locations (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  const WeftMpdTrace *t = user_data;
  guint32 x = *(const guint32 *)a, y = *(const guint32 *)b;
  int by_file;

  if (x == WEFT_MPD_UNKNOWN_LOCATION || y == WEFT_MPD_UNKNOWN_LOCATION)
    return (x == WEFT_MPD_UNKNOWN_LOCATION) - (y == WEFT_MPD_UNKNOWN_LOCATION);
  by_file = strcmp (weft_string_pool_lookup (t->names, t->locations[x].file),
                    weft_string_pool_lookup (t->names, t->locations[y].file));
  if (by_file != 0)
    return by_file;
  return (t->locations[x].line > t->locations[y].line) - (t->locations[x].line < t->locations[y].line);
}

/* mpdprof's report: events per source line and kind, by file and line (the
 * order the trace met them in jumped between files). */
static void
fill_lines (WeftMpdPage        *self,
            const WeftMpdModel *m)
{
  const WeftMpdTrace *t = m->trace;
  GArray *rows = weft_mpd_table_rows_new (0);
  g_autofree guint32 *order = g_new (guint32, MAX (t->n_locations, 1));

  for (guint32 l = 0; l < t->n_locations; l++)
    order[l] = l;
  g_qsort_with_data (order, (gint)t->n_locations, sizeof *order, compare_locations, (gpointer)t);
  for (guint32 k = 0; k < t->n_locations; k++)
    for (guint e = 0; e < WEFT_MPD_N_EVENTS; e++)
      {
        guint32 l = order[k];
        guint32 n = m->line_counts[(gsize)l * WEFT_MPD_N_EVENTS + e];
        WeftMpdTableRow *row;

        if (n == 0)
          continue;
        row = add_row (rows);
        row->ref = l;
        row->cells[0] = l == WEFT_MPD_UNKNOWN_LOCATION ? _("(unknown location)")
                                                       : weft_string_pool_lookup (t->names, t->locations[l].file);
        set_number (row, 1, l == WEFT_MPD_UNKNOWN_LOCATION ? 0 : t->locations[l].line);
        row->cells[2] = weft_mpd_event_name (e);
        set_number (row, 3, n);
      }
  weft_mpd_table_set_rows (WEFT_MPD_TABLE (self->lines_table), rows);
}

/* A heat level 1 … 4 for @count of at most @max, on a log scale: a few hot
 * lines of a long run would leave every other line at level 1 otherwise. */
static guint8
heat_level (guint64 count,
            guint64 max)
{
  if (count == 0 || max == 0)
    return 0;
  if (max == 1)
    return 4;

  return (guint8)MIN (4, 1 + (guint)(3.999 * log ((double)count) / log ((double)max)));
}

/* mpdprof's annotated listing: the chosen line's file, each line with its
 * number of events (which ones in the tooltip) on a heat gutter. */
static void
show_source (WeftMpdPage *self,
             guint32      location)
{
  const WeftMpdModel *m = weft_mpd_dataset_get_model (self->dataset);
  const WeftMpdTrace *t = m->trace;
  guint32 file, n_lines;
  g_autofree guint64 *counts = NULL;
  g_autofree guint64 *by_event = NULL;
  g_autofree char *path = NULL;
  GArray *annotations;
  guint64 max = 0;

  if (location == WEFT_MPD_UNKNOWN_LOCATION || location >= t->n_locations)
    {
      weft_source_view_open (self->source_view, _("(unknown location)"), NULL, 0);
      return;
    }

  file = t->locations[location].file;
  path = weft_mpd_model_find_source (m, file);
  if (path == NULL)
    {
      /* Say where it was looked for. */
      const char *name = weft_string_pool_lookup (t->names, file);
      g_autofree char *dir = g_path_get_dirname (t->source);

      path = g_path_is_absolute (name) ? g_strdup (name) : g_build_filename (dir, name, NULL);
    }
  weft_source_view_open (self->source_view, weft_string_pool_lookup (t->names, file), path,
                         (int)t->locations[location].line);

  counts = weft_mpd_model_dup_file_counts (m, file, &n_lines, &by_event);
  for (guint32 line = 1; line < n_lines; line++)
    max = MAX (max, counts[line]);
  annotations = weft_source_view_new_annotations ();
  g_array_set_size (annotations, n_lines > 0 ? n_lines - 1 : 0);
  for (guint32 line = 1; line < n_lines; line++)
    {
      WeftSourceAnnotation *a = &g_array_index (annotations, WeftSourceAnnotation, line - 1);
      g_autoptr(GString) tooltip = NULL;

      if (counts[line] == 0)
        continue;
      a->text = g_strdup_printf ("%" G_GUINT64_FORMAT, counts[line]);
      a->heat = heat_level (counts[line], max);
      tooltip = g_string_new (NULL);
      for (guint e = 0; e < WEFT_MPD_N_EVENTS; e++)
        {
          guint64 n = by_event[(gsize)line * WEFT_MPD_N_EVENTS + e];

          if (n == 0)
            continue;
          if (tooltip->len > 0)
            g_string_append (tooltip, ", ");
          g_string_append_printf (tooltip, "%" G_GUINT64_FORMAT " %s", n, weft_mpd_event_name (e));
        }
      a->tooltip = g_string_free (g_steal_pointer (&tooltip), FALSE);
    }
  weft_source_view_set_annotations (self->source_view, _("trace events per line"), annotations);
}

static void
line_selected_cb (GtkSingleSelection *selection,
                  GParamSpec         *pspec,
                  WeftMpdPage        *self)
{
  WeftArrayItem *item = gtk_single_selection_get_selected_item (selection);

  if (item != NULL)
    show_source (self, ((const WeftMpdTableRow *)weft_array_item_peek (item))->ref);
}

/* Processes from which their rows are made on a worker thread: the 1.26
 * million of a 10^7-line trace take half a second (three lookups each in
 * arrays far bigger than the caches). */
#define PROCESSES_ASYNC 100000

/* Returns: (transfer full) (nullable): the rows, or %NULL when @cancellable
 * was cancelled meanwhile. */
static GArray *
build_process_rows (const WeftMpdModel *m,
                    GCancellable       *cancellable)
{
  g_autoptr(GArray) rows = weft_mpd_table_rows_new (m->n_processes);

  for (guint32 i = 0; i < m->n_processes; i++)
    {
      const WeftMpdProcess *p = &m->processes[i];
      WeftMpdTableRow *row = add_row (rows);

      if ((i & 0xffff) == 0xffff && g_cancellable_is_cancelled (cancellable))
        return NULL;

      set_number (row, 0, MAX (p->vm, 1));
      row->cells[1] = g_ptr_array_index (m->resources, p->resource);
      row->cells[2] = weft_string_pool_lookup (m->trace->names, p->name);
      take_text (row, 3, g_strdup_printf ("%" G_GINT64_MODIFIER "X", p->pid));
      row->values[3] = (double)p->pid;
      row->cells[4] = weft_mpd_event_name (p->start_event);
      set_number (row, 5, p->n_events);
      set_number (row, 6, m->lamport[p->first_record]);
      set_number (row, 7, m->lamport[p->last_record]);
      set_number (row, 8, m->trace->records[p->first_record].line_no);
    }

  return g_steal_pointer (&rows);
}

static gpointer
process_rows_work (gpointer       data,
                   GCancellable  *cancellable,
                   GError       **error)
{
  GArray *rows = build_process_rows (weft_mpd_dataset_get_model (data), cancellable);

  if (rows == NULL)
    g_cancellable_set_error_if_cancelled (cancellable, error);
  return rows;
}

static void
process_rows_done (gpointer      owner,
                   gpointer      result,
                   const GError *error)
{
  WeftMpdPage *self = owner;

  g_clear_object (&self->processes_cancellable);
  weft_mpd_table_set_rows (WEFT_MPD_TABLE (self->processes_table), result);
}

static void
fill_processes (WeftMpdPage        *self,
                const WeftMpdModel *m)
{
  if (m->n_processes < PROCESSES_ASYNC)
    {
      weft_mpd_table_set_rows (WEFT_MPD_TABLE (self->processes_table), build_process_rows (m, NULL));
      return;
    }

  weft_mpd_table_set_status (WEFT_MPD_TABLE (self->processes_table), _("Listing the processes…"));
  self->processes_cancellable = g_cancellable_new ();
  weft_background_run (self, g_object_ref (self->dataset), g_object_unref, process_rows_work,
                       (GDestroyNotify)g_array_unref, self->processes_cancellable, process_rows_done);
}

static void fill_semaphores (WeftMpdPage        *self,
                             const WeftMpdModel *m);

/* The processes and semaphores tables and the invocation matrix are filled
 * on first view: counting a 10^7-line trace's invocations into the matrix
 * took 26 ms of the page's first frame. */
static void
ensure_table (WeftMpdPage *self,
              const char  *name)
{
  const WeftMpdModel *m = weft_mpd_dataset_get_model (self->dataset);

  if (g_strcmp0 (name, "matrix") == 0 && !self->matrix_filled)
    {
      self->matrix_filled = TRUE;
      matrix_kind_cb (self);
      return;
    }

  if (g_strcmp0 (name, "processes") == 0 && !self->processes_filled)
    {
      self->processes_filled = TRUE;
      fill_processes (self, m);
    }
  else if (g_strcmp0 (name, "semaphores") == 0 && !self->semaphores_filled)
    {
      self->semaphores_filled = TRUE;
      fill_semaphores (self, m);
    }
}

static void
fill_shown_table (WeftMpdPage *self)
{
  ensure_table (self, adw_view_stack_get_visible_child_name (self->view_stack));
}

static void
fill_semaphores (WeftMpdPage        *self,
                 const WeftMpdModel *m)
{
  GArray *rows = weft_mpd_table_rows_new (0);

  for (guint32 i = 0; i < m->n_semaphores; i++)
    {
      const WeftMpdSemaphore *s = &m->semaphores[i];
      WeftMpdTableRow *row = add_row (rows);

      take_text (row, 0, g_strdup_printf ("%" G_GINT64_MODIFIER "X", s->address));
      row->values[0] = (double)s->address;
      set_number (row, 1, MAX (s->vm, 1));
      if (s->initial >= 0)
        set_number (row, 2, (double)s->initial);
      else
        row->cells[2] = "—";
      set_number (row, 3, s->n_p);
      set_number (row, 4, s->n_v);
      set_number (row, 5, s->n_contp);
      set_number (row, 6, s->n_blocked);
    }
  weft_mpd_table_set_rows (WEFT_MPD_TABLE (self->semaphores_table), rows);
}

/* Every event of the table has its trace record as ref: show that line. */
static void
event_activated_cb (WeftTimeline          *timeline,
                    const WeftTimelineHit *hit,
                    WeftMpdPage           *self)
{
  const WeftMpdModel *m = weft_mpd_dataset_get_model (self->dataset);
  const WeftMpdRecord *r;
  g_autofree char *location = NULL;
  g_autofree char *text = NULL;
  g_autofree char *vm = NULL;
  g_autofree char *pid = NULL;
  g_autofree char *extra = NULL;
  g_autofree char *lamport = NULL;

  if (hit->ref >= m->trace->n_records)
    return;
  r = &m->trace->records[hit->ref];
  location = weft_mpd_trace_dup_location (m->trace, r->location);
  vm = r->vm != 0 ? g_strdup_printf ("vm(%u).", r->vm) : g_strdup ("");
  /* Translators: a trace line, then its Lamport time. */
  pid = g_strdup_printf ("%" G_GINT64_MODIFIER "X", r->pid);
  extra = g_strdup_printf ("%" G_GINT64_MODIFIER "X", r->extra);
  lamport = g_strdup_printf ("%" G_GINT64_FORMAT, m->lamport[hit->ref]);
  text = g_strdup_printf (_("line %u: %s  %s%s  %s  %s  %s  · Lamport time %s"),
                          r->line_no, location, vm,
                          weft_string_pool_lookup (m->trace->names, r->name), weft_mpd_event_name (r->event),
                          pid, extra, lamport);
  gtk_label_set_label (GTK_LABEL (self->details_label), text);
  self->clicked_location = r->location;
  gtk_widget_set_sensitive (self->show_source_button, TRUE);
}

/* From the diagram to the listing: the clicked event's line in its file. */
static void
show_source_clicked_cb (WeftMpdPage *self)
{
  if (self->clicked_location == G_MAXUINT32)
    return;
  adw_view_stack_set_visible_child_name (self->view_stack, "lines");
  show_source (self, self->clicked_location);
}

static gboolean
show_source_shortcut_cb (GtkWidget *widget,
                         GVariant  *args,
                         gpointer   user_data)
{
  WeftMpdPage *self = WEFT_MPD_PAGE (widget);

  if (self->clicked_location == G_MAXUINT32)
    return FALSE;
  show_source_clicked_cb (self);

  return TRUE;
}

static void
build (WeftMpdPage *self)
{
  const char * const line_titles[] = { _("File"), _("#Line"), _("Event"), _("#Count"), NULL };
  const char * const process_titles[] = { _("#VM"), _("Resource"), _("Proc"), _("#Id"), _("Began with"),
                                          _("#Events"), _("#First (Lamport)"), _("#Last (Lamport)"),
                                          _("#Trace Line"), NULL };
  const char * const semaphore_titles[] = { _("#Semaphore"), _("#VM"), _("#Initial"), _("#P"), _("#V"),
                                            _("#CONTP"), _("#Released by V"), NULL };
  const WeftMpdModel *m = weft_mpd_dataset_get_model (self->dataset);
  g_autofree char *summary = NULL;

  self->lines_table = weft_mpd_table_new (_("Events per source line"), line_titles);
  gtk_widget_set_hexpand (self->lines_table, TRUE);
  gtk_box_append (GTK_BOX (self->lines_box), self->lines_table);
  g_signal_connect_object (weft_mpd_table_get_selection (WEFT_MPD_TABLE (self->lines_table)), "notify::selected-item",
                           G_CALLBACK (line_selected_cb), self, 0);
  weft_source_view_set_hints (self->source_view,
                              _("Choose a line in the table to see it in its source file, with the events of every line."),
                              _("The runtime wrote these events with no source location."),
                              _("Weft looks for the source files a trace names beside the trace, where MPD_TRACE "
                                "writes it by default: copy the program's .mpd files there to see them."),
                              FALSE);
  self->processes_table = weft_mpd_table_new (_("Processes"), process_titles);
  gtk_widget_set_hexpand (self->processes_table, TRUE);
  gtk_box_append (GTK_BOX (self->processes_box), self->processes_table);
  self->semaphores_table = weft_mpd_table_new (_("Semaphores"), semaphore_titles);
  gtk_widget_set_hexpand (self->semaphores_table, TRUE);
  gtk_box_append (GTK_BOX (self->semaphores_box), self->semaphores_table);

  g_signal_connect_object (weft_timeline_view_get_timeline (self->timeline_view), "event-activated",
                           G_CALLBACK (event_activated_cb), self, 0);
  self->time_model = weft_time_model_new ();
  weft_timeline_view_set_time_model (self->timeline_view, self->time_model);
  set_event_table (self, weft_dataset_get_event_table (WEFT_DATASET (self->dataset)));
  fill_lines (self, m);
  g_signal_connect_object (self->view_stack, "notify::visible-child-name", G_CALLBACK (fill_shown_table), self,
                           G_CONNECT_SWAPPED);
  fill_shown_table (self);

  /* Translators: the figures of an MPD trace above its views. */
  summary = g_strdup_printf (_("%u processes · %u resources · %u VMs · %u invocations"),
                             m->n_processes, m->resources->len, m->n_vms, (guint)MIN (m->n_messages, G_MAXUINT));
  gtk_label_set_label (GTK_LABEL (self->summary_label), summary);
}

/* Shortcuts ------------------------------------------------------------------- */

static gboolean
show_view_cb (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  int i = g_variant_get_int32 (args);

  weft_mpd_page_show_view (WEFT_MPD_PAGE (widget), view_names[i]);

  return TRUE;
}

static gboolean
toggle_order_cb (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  WeftMpdPage *self = WEFT_MPD_PAGE (widget);

  weft_mpd_page_set_line_order (self, !weft_mpd_page_get_line_order (self));

  return TRUE;
}

static void
add_shortcuts (WeftMpdPage *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  /* Managed by the window, as on the other pages: they work wherever the
   * focus is while this page is shown. */
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_MANAGED);
  for (int i = 0; view_names[i] != NULL; i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new_with_arguments (gtk_keyval_trigger_new (GDK_KEY_1 + i, GDK_ALT_MASK),
                                                                           gtk_callback_action_new (show_view_cb, NULL, NULL),
                                                                           "i", i));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_l, GDK_CONTROL_MASK),
                                                          gtk_callback_action_new (toggle_order_cb, NULL, NULL)));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_u, GDK_CONTROL_MASK),
                                                          gtk_callback_action_new (show_source_shortcut_cb, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* GObject --------------------------------------------------------------------- */

static void
weft_mpd_page_dispose (GObject *object)
{
  WeftMpdPage *self = (WeftMpdPage *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), WEFT_TYPE_MPD_PAGE);
  g_clear_object (&self->document);
  g_clear_object (&self->dataset);
  g_clear_object (&self->time_model);
  if (self->line_cancellable != NULL)
    g_cancellable_cancel (self->line_cancellable);
  g_clear_object (&self->line_cancellable);
  if (self->processes_cancellable != NULL)
    g_cancellable_cancel (self->processes_cancellable);
  g_clear_object (&self->processes_cancellable);
  g_clear_pointer (&self->details_before, g_free);
  /* A long trace's: a closing tab disposes the page on the main thread. */
  weft_background_free (g_steal_pointer (&self->line_table), (GDestroyNotify)weft_event_table_unref);

  G_OBJECT_CLASS (weft_mpd_page_parent_class)->dispose (object);
}

static void
weft_mpd_page_class_init (WeftMpdPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_mpd_page_dispose;

  g_type_ensure (WEFT_TYPE_TIMELINE_VIEW);
  g_type_ensure (WEFT_TYPE_MATRIX_VIEW);
  g_type_ensure (WEFT_TYPE_SOURCE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/ui/mpd/weft-mpd-page.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "mpdpage");
  gtk_widget_class_bind_template_child (widget_class, WeftMpdPage, main_box);
  gtk_widget_class_bind_template_child (widget_class, WeftMpdPage, summary_label);
  gtk_widget_class_bind_template_child (widget_class, WeftMpdPage, details_label);
  gtk_widget_class_bind_template_child (widget_class, WeftMpdPage, show_source_button);
  gtk_widget_class_bind_template_callback (widget_class, show_source_clicked_cb);
  gtk_widget_class_bind_template_child (widget_class, WeftMpdPage, order_button);
  gtk_widget_class_bind_template_child (widget_class, WeftMpdPage, view_stack);
  gtk_widget_class_bind_template_child (widget_class, WeftMpdPage, timeline_view);
  gtk_widget_class_bind_template_child (widget_class, WeftMpdPage, matrix_view);
  gtk_widget_class_bind_template_child (widget_class, WeftMpdPage, resources_button);
  gtk_widget_class_bind_template_child (widget_class, WeftMpdPage, lines_box);
  gtk_widget_class_bind_template_child (widget_class, WeftMpdPage, source_view);
  gtk_widget_class_bind_template_child (widget_class, WeftMpdPage, processes_box);
  gtk_widget_class_bind_template_child (widget_class, WeftMpdPage, semaphores_box);
  gtk_widget_class_bind_template_callback (widget_class, order_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, matrix_kind_cb);
}

static void
weft_mpd_page_init (WeftMpdPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->clicked_location = G_MAXUINT32;
  add_shortcuts (self);
}

WeftMpdPage *
weft_mpd_page_new (WeftDocument *document)
{
  WeftMpdPage *self;
  WeftDataset *dataset;

  g_return_val_if_fail (WEFT_IS_DOCUMENT (document), NULL);
  dataset = weft_document_get_dataset (document);
  g_return_val_if_fail (WEFT_IS_MPD_DATASET (dataset), NULL);

  self = g_object_new (WEFT_TYPE_MPD_PAGE, NULL);
  self->document = g_object_ref (document);
  self->dataset = g_object_ref (WEFT_MPD_DATASET (dataset));
  build (self);

  return self;
}

void
weft_mpd_page_show_view (WeftMpdPage *self,
                         const char  *name)
{
  g_return_if_fail (WEFT_IS_MPD_PAGE (self));

  adw_view_stack_set_visible_child_name (self->view_stack, name);
}

gboolean
weft_mpd_page_get_line_order (WeftMpdPage *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_PAGE (self), FALSE);

  return gtk_toggle_button_get_active (self->order_button);
}

void
weft_mpd_page_set_line_order (WeftMpdPage *self,
                              gboolean     line_order)
{
  g_return_if_fail (WEFT_IS_MPD_PAGE (self));

  gtk_toggle_button_set_active (self->order_button, line_order);
}

GListModel *
weft_mpd_page_get_processes (WeftMpdPage *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_PAGE (self), NULL);

  ensure_table (self, "processes");
  return weft_mpd_table_get_model (WEFT_MPD_TABLE (self->processes_table));
}

GListModel *
weft_mpd_page_get_lines (WeftMpdPage *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_PAGE (self), NULL);

  return weft_mpd_table_get_model (WEFT_MPD_TABLE (self->lines_table));
}

const char *
weft_mpd_page_get_view (WeftMpdPage *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_PAGE (self), NULL);

  return adw_view_stack_get_visible_child_name (self->view_stack);
}

GtkWidget *
weft_mpd_page_get_order_button (WeftMpdPage *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_PAGE (self), NULL);

  return GTK_WIDGET (self->order_button);
}

GtkWidget *
weft_mpd_page_get_matrix_view (WeftMpdPage *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_PAGE (self), NULL);

  return GTK_WIDGET (self->matrix_view);
}

GtkWidget *
weft_mpd_page_get_timeline_view (WeftMpdPage *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_PAGE (self), NULL);

  return GTK_WIDGET (self->timeline_view);
}

GtkSingleSelection *
weft_mpd_page_get_lines_selection (WeftMpdPage *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_PAGE (self), NULL);

  return weft_mpd_table_get_selection (WEFT_MPD_TABLE (self->lines_table));
}

WeftSourceView *
weft_mpd_page_get_source_view (WeftMpdPage *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_PAGE (self), NULL);

  return self->source_view;
}

GtkEditable *
weft_mpd_page_get_lines_search (WeftMpdPage *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_PAGE (self), NULL);

  return weft_mpd_table_get_search (WEFT_MPD_TABLE (self->lines_table));
}

GtkEditable *
weft_mpd_page_get_processes_search (WeftMpdPage *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_PAGE (self), NULL);

  return weft_mpd_table_get_search (WEFT_MPD_TABLE (self->processes_table));
}

const char *
weft_mpd_page_get_details (WeftMpdPage *self)
{
  g_return_val_if_fail (WEFT_IS_MPD_PAGE (self), NULL);

  return gtk_label_get_label (GTK_LABEL (self->details_label));
}

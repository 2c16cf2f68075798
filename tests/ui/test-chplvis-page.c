/* test-chplvis-page.c: the Chapel VisualDebug page in a real window (Xvfb).
 *
 * The demo trace (data/samples/chplvis-demo/DEMO: 8 locales, tags with
 * repeated names, a pause, every record kind) opens in a WeftWindow and the
 * page's widgets must show exactly what weft-chplvis-reduce.h computes for the
 * page's tag, time range and filters: the matrix, the graph's nodes, the
 * locales table, the profile, a pair's communication list, a task's. The
 * source view opens a fixture file through the remapping setting, says why
 * when it cannot, the keys switch views (real key presses with xdotool),
 * File ▸ Export gets the view on screen with its options, an incomplete run
 * is flagged, and the page goes away with its tab.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <glib/gstdio.h>

#include "weft-application.h"
#include "weft-array-item.h"
#include "weft-chplvis-page.h"
#include "weft-chplvis-sources.h"
#include "weft-exporter.h"
#include "weft-format.h"
#include "weft-page.h"
#include "weft-test-util.h"
#include "weft-ui-test-util.h"
#include "weft-units.h"
#include "weft-window.h"

typedef struct
{
  WeftWindow       *window;
  WeftDocumentView *view;
  WeftChplvisPage  *page;
  const WeftChplvisTrace *trace;
} Fixture;

static gboolean
page_settled (gpointer data)
{
  WeftChplvisPage *page = data;

  return !weft_chplvis_page_get_busy (page) && !weft_chplvis_details_get_busy (weft_chplvis_page_get_details (page)) &&
         g_strcmp0 (weft_source_view_get_state (weft_chplvis_page_get_source_view (page)), "loading") != 0;
}

static void
settle (Fixture *f)
{
  g_assert_true (weft_ui_wait_for (page_settled, f->page));
}

static gboolean
view_loaded (gpointer data)
{
  return g_strcmp0 (weft_document_view_get_state_name (data), "loading") != 0;
}

static void
fixture_open_sized (Fixture    *f,
                    const char *path,
                    int         width,
                    int         height)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkWidget *page;

  f->window = weft_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
  gtk_window_present (GTK_WINDOW (f->window));
  weft_ui_iterate ();

  f->view = weft_window_open_files (f->window, &file, 1);
  g_assert_true (weft_ui_wait_for (view_loaded, f->view));
  g_assert_cmpstr (weft_document_view_get_state_name (f->view), ==, "content");
  page = weft_document_view_get_page (f->view);
  g_assert_true (WEFT_IS_CHPLVIS_PAGE (page));
  g_assert_true (WEFT_IS_PAGE (page));
  f->page = WEFT_CHPLVIS_PAGE (page);
  f->trace = weft_chplvis_dataset_get_trace (weft_chplvis_page_get_dataset (f->page));
  settle (f);
  g_assert_nonnull (weft_chplvis_page_get_figures (f->page));
}

static void
fixture_open (Fixture    *f,
              const char *path)
{
  fixture_open_sized (f, path, 1400, 900);
}

static char *
demo_path (void)
{
  return weft_test_source_path ("data", "samples", "chplvis-demo", "DEMO", NULL);
}

static void
fixture_open_demo (Fixture *f)
{
  g_autofree char *path = demo_path ();

  fixture_open (f, path);
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *)data == NULL;
}

static void
fixture_close (Fixture *f)
{
  GtkWidget *window = GTK_WIDGET (f->window);

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *)&window);
  gtk_window_destroy (GTK_WINDOW (f->window));
  /* A figures run in flight holds the page until it returns. */
  g_assert_true (weft_ui_wait_for (is_null, &window));
}

/* Checks ------------------------------------------------------------------------ */

static void
assert_matrix_equals (WeftMatrix                  *matrix,
                      const WeftChplvisCommMatrix *comm,
                      gboolean                     bytes)
{
  guint n = comm->n_locales;
  guint64 total = 0;

  g_assert_nonnull (matrix);
  g_assert_cmpuint (weft_matrix_get_n_dims (matrix), ==, 2);
  g_assert_cmpuint (weft_matrix_get_shape (matrix)[0], ==, n);
  g_assert_cmpuint (weft_matrix_get_shape (matrix)[1], ==, n);
  g_assert_cmpstr (weft_matrix_get_value_name (matrix), ==, bytes ? "bytes" : "count");
  for (guint from = 0; from < n; from++)
    for (guint to = 0; to < n; to++)
      {
        guint64 expected = bytes ? comm->bytes[from * n + to] : comm->count[from * n + to];

        if (weft_matrix_get_2d (matrix, from, to) != (double)expected)
          g_error ("cell %u → %u shows %g, expected %" G_GUINT64_FORMAT, from, to,
                   weft_matrix_get_2d (matrix, from, to), expected);
        total += expected;
      }
  /* A comparison of empty matrices would prove nothing. */
  g_assert_cmpuint (total, >, 0);
}

static void
assert_matrix_shows (Fixture                *f,
                     const WeftChplvisQuery *query,
                     gboolean                bytes)
{
  g_autoptr(WeftChplvisCommMatrix) comm = weft_chplvis_compute_comm_matrix (f->trace, query);

  assert_matrix_equals (weft_matrix_view_get_matrix (weft_chplvis_page_get_matrix_view (f->page)), comm, bytes);
  /* The graph's links are the same matrix. */
  assert_matrix_equals (weft_ring_graph_view_get_matrix (weft_chplvis_page_get_graph_view (f->page)), comm, bytes);
}

static void
query_for (Fixture          *f,
           WeftChplvisQuery *query,
           const char       *tag,
           guint             kinds)
{
  g_autoptr(GError) error = NULL;

  weft_chplvis_query_init (query);
  g_assert_true (weft_chplvis_query_set_tag (f->trace, query, tag, &error));
  g_assert_no_error (error);
  query->kinds = kinds;
}

static void
assert_same_query (const WeftChplvisQuery *a,
                   const WeftChplvisQuery *b)
{
  g_assert_cmpint (a->tag, ==, b->tag);
  g_assert_cmpint (a->merge, ==, b->merge);
  g_assert_cmpint (a->has_range, ==, b->has_range);
  if (a->has_range)
    {
      g_assert_cmpint (a->range.begin, ==, b->range.begin);
      g_assert_cmpint (a->range.end, ==, b->range.end);
    }
  g_assert_cmpuint (a->kinds == 0 ? WEFT_CHPLVIS_KINDS_ALL : a->kinds, ==,
                    b->kinds == 0 ? WEFT_CHPLVIS_KINDS_ALL : b->kinds);
}

static void
assert_nodes_show (Fixture                *f,
                   const WeftChplvisQuery *query,
                   WeftChplvisLocaleColumn column)
{
  WeftRingGraphView *graph = weft_chplvis_page_get_graph_view (f->page);
  WeftValueTable *values = weft_ring_graph_view_get_node_values (graph);
  WeftChplvisQuery every_kind = *query;
  g_autofree WeftChplvisLocaleStats *stats = NULL;
  double sum = 0;

  every_kind.kinds = 0;
  stats = weft_chplvis_compute_locale_stats (f->trace, &every_kind);
  g_assert_nonnull (values);
  g_assert_cmpuint (weft_value_table_get_n_rows (values), ==, f->trace->n_locales);
  g_assert_cmpuint (weft_ring_graph_view_get_node_column (graph), ==, column);
  for (guint i = 0; i < f->trace->n_locales; i++)
    {
      g_assert_cmpfloat (weft_value_table_get (values, i, WEFT_CHPLVIS_LOCALE_TASKS), ==, (double)stats[i].tasks);
      g_assert_cmpfloat (weft_value_table_get (values, i, WEFT_CHPLVIS_LOCALE_CPU_USER), ==, stats[i].cpu_user);
      g_assert_cmpfloat (weft_value_table_get (values, i, WEFT_CHPLVIS_LOCALE_CPU_SYS), ==, stats[i].cpu_sys);
      g_assert_cmpfloat (weft_value_table_get (values, i, WEFT_CHPLVIS_LOCALE_CPU), ==, stats[i].cpu_user + stats[i].cpu_sys);
      g_assert_cmpfloat (weft_value_table_get (values, i, WEFT_CHPLVIS_LOCALE_CLOCK), ==, stats[i].clock);
      g_assert_cmpfloat (weft_value_table_get (values, i, WEFT_CHPLVIS_LOCALE_MAX_CONCURRENCY), ==,
                         (double)stats[i].max_concurrency);
      sum += (double)stats[i].tasks;
    }
  g_assert_cmpfloat (sum, >, 0);
}

static void
assert_locales_show (Fixture                *f,
                     const WeftChplvisQuery *query)
{
  GListModel *rows = weft_chplvis_locales_view_get_model (weft_chplvis_page_get_locales_view (f->page));
  WeftChplvisQuery every_kind = *query;
  g_autofree WeftChplvisLocaleStats *stats = NULL;

  every_kind.kinds = 0;
  stats = weft_chplvis_compute_locale_stats (f->trace, &every_kind);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, f->trace->n_locales);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(WeftArrayItem) item = g_list_model_get_item (rows, i);
      const WeftChplvisLocaleRow *row = weft_array_item_peek (item);

      g_assert_cmpmem (&row->stats, sizeof row->stats, &stats[row->locale], sizeof stats[row->locale]);
    }
}

/* How many labels under @widget (itself included) read @text. */
static guint
count_labels (GtkWidget  *widget,
              const char *text)
{
  guint n = GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    n += count_labels (child, text);
  return n;
}

static void
assert_profile_shows (Fixture                *f,
                      const WeftChplvisQuery *query)
{
  GListModel *rows = weft_chplvis_profile_view_get_model (weft_chplvis_page_get_profile_view (f->page));
  WeftChplvisQuery every_kind = *query;
  g_autoptr(GArray) profile = NULL;
  guint n_active = 0;
  double last_clock = G_MAXDOUBLE;

  every_kind.kinds = 0;
  profile = weft_chplvis_compute_profile (f->trace, &every_kind);
  for (guint i = 0; i < profile->len; i++)
    {
      const WeftChplvisProfileRow *row = &g_array_index (profile, WeftChplvisProfileRow, i);

      if (row->tasks || row->clock > 0 || row->gets || row->puts || row->on_calls)
        n_active++;
    }
  g_assert_cmpuint (n_active, >, 0);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, n_active);

  /* Every row as computed, largest clock first (chplvis's order). */
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(WeftArrayItem) item = g_list_model_get_item (rows, i);
      const WeftChplvisProfileRow *shown = weft_array_item_peek (item);
      gboolean found = FALSE;

      g_assert_cmpfloat (shown->clock, <=, last_clock);
      last_clock = shown->clock;
      for (guint j = 0; j < profile->len && !found; j++)
        {
          const WeftChplvisProfileRow *row = &g_array_index (profile, WeftChplvisProfileRow, j);

          if (row->fid == shown->fid)
            {
              g_assert_cmpfloat (row->clock, ==, shown->clock);
              g_assert_cmpuint (row->tasks, ==, shown->tasks);
              g_assert_cmpuint (row->gets, ==, shown->gets);
              g_assert_cmpuint (row->puts, ==, shown->puts);
              g_assert_cmpuint (row->on_calls, ==, shown->on_calls);
              found = TRUE;
            }
        }
      g_assert_true (found);
    }
}

static void
assert_records_equal (GArray *shown,
                      GArray *expected)
{
  g_assert_nonnull (shown);
  g_assert_cmpuint (shown->len, ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      const WeftChplvisCommRecord *a = &g_array_index (shown, WeftChplvisCommRecord, i);
      const WeftChplvisCommRecord *b = &g_array_index (expected, WeftChplvisCommRecord, i);

      g_assert_cmpuint (a->locale, ==, b->locale);
      g_assert_cmpuint (a->index, ==, b->index);
      g_assert_cmpint (a->kind, ==, b->kind);
      g_assert_cmpint (a->time, ==, b->time);
      g_assert_cmpuint (a->from, ==, b->from);
      g_assert_cmpuint (a->to, ==, b->to);
      g_assert_cmpuint (a->bytes, ==, b->bytes);
    }
}

/* Views and keys ------------------------------------------------------------------ */

typedef struct
{
  WeftChplvisPage *page;
  const char      *view;
} ViewWait;

static gboolean
view_is (gpointer data)
{
  ViewWait *wait = data;

  return g_strcmp0 (weft_chplvis_page_get_view (wait->page), wait->view) == 0;
}

static gboolean
details_hidden (gpointer data)
{
  return !weft_chplvis_page_get_details_visible (data);
}

static gboolean
search_focused (gpointer data)
{
  Fixture *f = data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (f->window));
  GtkWidget *entry = GTK_WIDGET (weft_chplvis_profile_view_get_search_entry (weft_chplvis_page_get_profile_view (f->page)));

  return focus != NULL && (focus == entry || gtk_widget_is_ancestor (focus, entry));
}

static void
test_views (void)
{
  const char *const names[] = { "graph", "matrix", "timeline", "locales", "profile" };
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  Fixture f = { 0 };
  g_autofree char *xid = NULL;
  GtkWidget *stack;

  /* The view it opens with is the user's setting. */
  g_settings_set_string (settings, "chplvis-default-view", "locales");
  fixture_open_demo (&f);
  g_assert_cmpstr (weft_chplvis_page_get_view (f.page), ==, "locales");
  g_settings_reset (settings, "chplvis-default-view");

  stack = gtk_widget_get_ancestor (GTK_WIDGET (weft_chplvis_page_get_graph_view (f.page)), ADW_TYPE_VIEW_STACK);
  g_assert_nonnull (stack);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (adw_view_stack_get_pages (ADW_VIEW_STACK (stack)))), ==, 5);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      GtkWidget *child = adw_view_stack_get_child_by_name (ADW_VIEW_STACK (stack), names[i]);

      g_assert_nonnull (child);
      weft_chplvis_page_set_view (f.page, names[i]);
      weft_ui_iterate ();
      g_assert_cmpstr (weft_chplvis_page_get_view (f.page), ==, names[i]);
      g_assert_true (adw_view_stack_get_visible_child (ADW_VIEW_STACK (stack)) == child);
      g_assert_true (gtk_widget_get_mapped (child));
    }
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (weft_chplvis_page_get_profile_view (f.page))));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (weft_chplvis_page_get_matrix_view (f.page))));

  /* Real key presses: Alt+1 … Alt+5 (not the tab view's Alt+digits). */
  if (!weft_ui_have_xdotool ())
    g_error ("xdotool is not installed: the key tests need it (apt-get install xdotool)");
  xid = g_strdup_printf ("%lu", (gulong)gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (f.window))));
  weft_ui_xdotool ("windowfocus", "--sync", xid, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      guint n = (i + 2) % G_N_ELEMENTS (names);
      g_autofree char *key = g_strdup_printf ("alt+%u", n + 1);
      ViewWait wait = { f.page, names[n] };

      weft_ui_xdotool ("key", key, NULL);
      g_assert_true (weft_ui_wait_for (view_is, &wait));
    }

  /* Ctrl+F finds the profile's search entry. */
  weft_chplvis_page_set_view (f.page, "profile");
  weft_ui_iterate ();

  /* Main's row shows its communication, and "—" for clock and tasks (its
   * task is no function's; "0 ns" read as if main had not run): with the
   * "—" of its Defined At, three. */
  {
    GtkWidget *columns = GTK_WIDGET (weft_chplvis_profile_view_get_column_view (weft_chplvis_page_get_profile_view (f.page)));
    GtkWidget *row;

    weft_ui_wait_drawn (columns);
    row = GTK_WIDGET (weft_ui_find_label (columns, "main", FALSE));
    g_assert_nonnull (row);
    /* Up to the row: the widget whose parent lists the rows. */
    while (gtk_widget_get_parent (row) != NULL && !GTK_IS_LIST_VIEW (gtk_widget_get_parent (row)))
      row = gtk_widget_get_parent (row);
    g_assert_true (GTK_IS_LIST_VIEW (gtk_widget_get_parent (row)));
    g_assert_cmpuint (count_labels (row, "—"), ==, 3);
  }
  weft_ui_xdotool ("key", "ctrl+f", NULL);
  g_assert_true (weft_ui_wait_for (search_focused, &f));

  /* Escape closes the details panel (once the entry let go of the focus). */
  weft_chplvis_page_set_view (f.page, "matrix");
  gtk_widget_grab_focus (GTK_WIDGET (weft_chplvis_page_get_matrix_view (f.page)));
  weft_chplvis_page_set_details_visible (f.page, TRUE);
  weft_ui_iterate ();
  weft_ui_xdotool ("key", "Escape", NULL);
  g_assert_true (weft_ui_wait_for (details_hidden, f.page));

  fixture_close (&f);
}

/* Figures ------------------------------------------------------------------------- */

static void
test_matrix_and_graph (void)
{
  Fixture f = { 0 };
  WeftChplvisQuery query, shown;

  fixture_open_demo (&f);

  /* All, counts. */
  query_for (&f, &query, "All", 0);
  weft_chplvis_page_get_query (f.page, &shown);
  assert_same_query (&shown, &query);
  assert_matrix_shows (&f, &query, FALSE);
  assert_nodes_show (&f, &query, WEFT_CHPLVIS_LOCALE_TASKS);
  assert_locales_show (&f, &query);
  assert_profile_shows (&f, &query);

  /* Bytes: no recomputation, the same figures. */
  weft_chplvis_page_set_link_bytes (f.page, TRUE);
  g_assert_false (weft_chplvis_page_get_busy (f.page));
  assert_matrix_shows (&f, &query, TRUE);

  /* One tag; its name is unique. */
  g_assert_true (weft_chplvis_page_set_tag (f.page, "init arrays"));
  g_assert_true (weft_chplvis_page_get_busy (f.page));
  settle (&f);
  query_for (&f, &query, "init arrays", 0);
  weft_chplvis_page_get_query (f.page, &shown);
  assert_same_query (&shown, &query);
  assert_matrix_shows (&f, &query, TRUE);
  assert_nodes_show (&f, &query, WEFT_CHPLVIS_LOCALE_TASKS);
  assert_locales_show (&f, &query);
  assert_profile_shows (&f, &query);

  /* A repeated name: chplvis's labels, one tag at a time… */
  g_assert_true (weft_chplvis_page_set_tag (f.page, "tag 2 (halo exchange)"));
  settle (&f);
  query_for (&f, &query, "#2", 0);
  assert_matrix_shows (&f, &query, TRUE);
  g_assert_cmpstr (weft_chplvis_page_get_tag (f.page), ==, "tag 2 (halo exchange)");

  /* … or merged, keeping the tag. */
  weft_chplvis_page_set_merge_tags (f.page, TRUE);
  settle (&f);
  g_assert_cmpstr (weft_chplvis_page_get_tag (f.page), ==, "halo exchange");
  query_for (&f, &query, "halo exchange", 0);
  g_assert_true (query.merge);
  weft_chplvis_page_get_query (f.page, &shown);
  assert_same_query (&shown, &query);
  assert_matrix_shows (&f, &query, TRUE);
  assert_profile_shows (&f, &query);
  {
    GListModel *labels = gtk_drop_down_get_model (weft_chplvis_page_get_tag_dropdown (f.page));

    /* All, Start, init arrays, compute, halo exchange. */
    g_assert_cmpuint (g_list_model_get_n_items (labels), ==, 5);
  }

  /* A kind filter, with counts. */
  weft_chplvis_page_set_merge_tags (f.page, FALSE);
  g_assert_true (weft_chplvis_page_set_tag (f.page, "All"));
  weft_chplvis_page_set_link_bytes (f.page, FALSE);
  weft_chplvis_page_set_kind (f.page, "gets");
  settle (&f);
  query_for (&f, &query, "All", WEFT_CHPLVIS_KINDS_GETS);
  assert_matrix_shows (&f, &query, FALSE);
  /* The locales table and the profile count every kind in their columns. */
  assert_locales_show (&f, &query);
  weft_chplvis_page_set_kind (f.page, "forks");
  settle (&f);
  query_for (&f, &query, "All", WEFT_CHPLVIS_KINDS_FORKS);
  assert_matrix_shows (&f, &query, FALSE);

  /* The graph colours locales by the chosen metric. */
  weft_chplvis_page_set_kind (f.page, "all");
  weft_chplvis_page_set_locale_metric (f.page, "clock");
  settle (&f);
  query_for (&f, &query, "All", 0);
  assert_nodes_show (&f, &query, WEFT_CHPLVIS_LOCALE_CLOCK);
  weft_chplvis_page_set_locale_metric (f.page, "max_concurrency");
  assert_nodes_show (&f, &query, WEFT_CHPLVIS_LOCALE_MAX_CONCURRENCY);

  fixture_close (&f);
}

static void
test_time_range (void)
{
  Fixture f = { 0 };
  WeftTimeModel *time_model;
  const WeftTimeSpan *doc;
  WeftChplvisQuery query, shown;
  g_autofree char *whole_text = NULL;
  gint64 begin, end;

  fixture_open_demo (&f);
  time_model = weft_chplvis_page_get_time_model (f.page);
  doc = weft_time_model_get_document_span (time_model);
  g_assert_cmpint (doc->end, >, doc->begin);
  whole_text = g_strdup (weft_chplvis_page_get_range_text (f.page));

  /* A selection on the timeline: every view follows it. */
  begin = doc->begin + (doc->end - doc->begin) / 5;
  end = doc->begin + (doc->end - doc->begin) / 2;
  weft_time_model_select (time_model, begin, end);
  g_assert_true (weft_chplvis_page_get_busy (f.page));
  settle (&f);
  query_for (&f, &query, "All", 0);
  query.has_range = TRUE;
  query.range.begin = begin;
  query.range.end = end;
  weft_chplvis_page_get_query (f.page, &shown);
  assert_same_query (&shown, &query);
  assert_matrix_shows (&f, &query, FALSE);
  assert_nodes_show (&f, &query, WEFT_CHPLVIS_LOCALE_TASKS);
  assert_locales_show (&f, &query);
  assert_profile_shows (&f, &query);
  g_assert_cmpstr (weft_chplvis_page_get_range_text (f.page), !=, whole_text);
  g_assert_true (g_str_has_prefix (weft_chplvis_page_get_range_text (f.page), "Selected"));
  {
    /* Not the whole run's numbers. */
    g_autoptr(WeftChplvisCommMatrix) all = NULL;
    WeftChplvisQuery whole;
    WeftMatrix *matrix = weft_matrix_view_get_matrix (weft_chplvis_page_get_matrix_view (f.page));
    gboolean differs = FALSE;

    query_for (&f, &whole, "All", 0);
    all = weft_chplvis_compute_comm_matrix (f.trace, &whole);
    for (guint i = 0; i < f.trace->n_locales * f.trace->n_locales; i++)
      differs |= weft_matrix_peek_data (matrix)[i] != (double)all->count[i];
    g_assert_true (differs);
  }

  /* With a tag too. */
  g_assert_true (weft_chplvis_page_set_tag (f.page, "compute"));
  settle (&f);
  /* "compute" repeats: the drop-down's first "compute" is tag 1 alone. */
  g_assert_cmpstr (weft_chplvis_page_get_tag (f.page), ==, "tag 1 (compute)");
  g_assert_true (weft_chplvis_query_set_tag (f.trace, &query, "#1", NULL));
  assert_matrix_shows (&f, &query, FALSE);
  g_assert_true (weft_chplvis_page_set_tag (f.page, "All"));

  /* No selection: the visible span counts. */
  weft_time_model_clear_selection (time_model);
  {
    WeftTimeSpan visible = { doc->begin + (doc->end - doc->begin) / 3, doc->begin + 2 * (doc->end - doc->begin) / 3 };

    weft_time_model_set_visible_span (time_model, &visible, TRUE);
    settle (&f);
    visible = *weft_time_model_get_visible_span (time_model);
    query_for (&f, &query, "All", 0);
    query.has_range = TRUE;
    query.range = visible;
    assert_matrix_shows (&f, &query, FALSE);
    g_assert_true (g_str_has_prefix (weft_chplvis_page_get_range_text (f.page), "Shown"));
  }

  /* The whole run again: no range at all, chplvis's own figures. */
  weft_time_model_zoom_to_fit (time_model);
  settle (&f);
  weft_chplvis_page_get_query (f.page, &shown);
  g_assert_false (shown.has_range);
  query_for (&f, &query, "All", 0);
  assert_matrix_shows (&f, &query, FALSE);
  g_assert_cmpstr (weft_chplvis_page_get_range_text (f.page), ==, whole_text);

  fixture_close (&f);
}

/* Details ------------------------------------------------------------------------- */

static void
test_pair_details (void)
{
  Fixture f = { 0 };
  WeftChplvisDetails *details;
  WeftChplvisCommList *list;
  WeftChplvisQuery query;

  fixture_open_demo (&f);
  details = weft_chplvis_page_get_details (f.page);
  list = weft_chplvis_details_get_comm_list (details);
  weft_chplvis_page_set_details_visible (f.page, FALSE);

  /* A matrix cell: chplvis's Comm box and the list of those records. */
  weft_chplvis_page_set_view (f.page, "matrix");
  weft_ui_iterate ();
  weft_matrix_view_activate_cell (weft_chplvis_page_get_matrix_view (f.page), 1, 2);
  g_assert_true (weft_chplvis_page_get_details_visible (f.page));
  settle (&f);
  g_assert_cmpstr (weft_chplvis_details_get_kind (details), ==, "pair");
  g_assert_cmpuint (weft_chplvis_details_get_locale (details), ==, 1);
  g_assert_cmpuint (weft_chplvis_details_get_peer (details), ==, 2);
  query_for (&f, &query, "All", 0);
  {
    g_autoptr(GArray) expected = weft_chplvis_list_pair_comms (f.trace, &query, 1, 2);
    WeftChplvisPairStats stats;

    g_assert_cmpuint (expected->len, >, 3);
    assert_records_equal (weft_chplvis_comm_list_get_records (list), expected);
    g_assert_cmpuint (g_list_model_get_n_items (weft_chplvis_comm_list_get_model (list)), ==, expected->len);
    weft_chplvis_compute_pair_stats (f.trace, &query, 1, 2, &stats);
    g_assert_cmpmem (weft_chplvis_details_get_pair_stats (details), sizeof stats, &stats, sizeof stats);
  }

  /* The search entry filters the list. */
  gtk_editable_set_text (GTK_EDITABLE (weft_chplvis_comm_list_get_search_entry (list)), "nb_get");
  {
    GListModel *model = weft_chplvis_comm_list_get_model (list);
    gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
    guint expected = 0;
    GArray *records = weft_chplvis_comm_list_get_records (list);

    for (guint i = 0; i < records->len; i++)
      expected += g_array_index (records, WeftChplvisCommRecord, i).kind == WEFT_CHPLVIS_RECORD_NB_GET;
    g_assert_cmpuint (expected, >, 0);
    g_assert_cmpuint (expected, <, records->len);
    /* The search entry waits a moment before it searches. */
    while (g_list_model_get_n_items (model) != expected && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, TRUE);
    g_assert_cmpuint (g_list_model_get_n_items (model), ==, expected);
  }
  gtk_editable_set_text (GTK_EDITABLE (weft_chplvis_comm_list_get_search_entry (list)), "");

  /* With a kind filter and a tag, the pair follows them. */
  weft_chplvis_page_set_kind (f.page, "puts");
  g_assert_true (weft_chplvis_page_set_tag (f.page, "compute"));
  settle (&f);
  g_assert_cmpstr (weft_chplvis_details_get_kind (details), ==, "pair");
  query_for (&f, &query, "#1", WEFT_CHPLVIS_KINDS_PUTS);
  {
    g_autoptr(GArray) expected = weft_chplvis_list_pair_comms (f.trace, &query, 1, 2);

    assert_records_equal (weft_chplvis_comm_list_get_records (list), expected);
  }
  weft_matrix_view_activate_cell (weft_chplvis_page_get_matrix_view (f.page), 0, 5);
  settle (&f);
  {
    g_autoptr(GArray) expected = weft_chplvis_list_pair_comms (f.trace, &query, 0, 5);

    g_assert_cmpuint (expected->len, >, 0);
    assert_records_equal (weft_chplvis_comm_list_get_records (list), expected);
  }
  weft_chplvis_page_set_kind (f.page, "all");
  g_assert_true (weft_chplvis_page_set_tag (f.page, "All"));
  settle (&f);

  /* A row label: that locale's box. */
  g_signal_emit_by_name (weft_chplvis_page_get_matrix_view (f.page), "label-activated", 0, 3);
  g_assert_cmpstr (weft_chplvis_details_get_kind (details), ==, "locale");
  g_assert_cmpuint (weft_chplvis_details_get_locale (details), ==, 3);
  {
    g_autofree WeftChplvisLocaleStats *stats = NULL;
    g_autofree char *tasks = NULL;
    g_autofree char *shown = weft_chplvis_details_dup_fact (details, "Tasks");

    query_for (&f, &query, "All", 0);
    stats = weft_chplvis_compute_locale_stats (f.trace, &query);
    tasks = weft_format_count (stats[3].tasks);
    g_assert_cmpstr (shown, ==, tasks);
  }

  /* A graph node. */
  weft_chplvis_page_set_view (f.page, "graph");
  weft_ui_iterate ();
  {
    WeftRingGraphView *graph = weft_chplvis_page_get_graph_view (f.page);
    graphene_point_t center;

    g_assert_true (weft_ring_graph_view_get_node_center (graph, 5, &center));
    g_assert_true (weft_ring_graph_view_activate_at (graph, center.x, center.y));
    g_assert_cmpstr (weft_chplvis_details_get_kind (details), ==, "locale");
    g_assert_cmpuint (weft_chplvis_details_get_locale (details), ==, 5);
  }

  /* A locales table row. */
  weft_chplvis_page_set_view (f.page, "locales");
  weft_ui_iterate ();
  {
    WeftChplvisLocalesView *locales = weft_chplvis_page_get_locales_view (f.page);
    g_autoptr(WeftArrayItem) item = g_list_model_get_item (weft_chplvis_locales_view_get_model (locales), 6);

    weft_chplvis_locales_view_activate_row (locales, 6);
    g_assert_cmpuint (weft_chplvis_details_get_locale (details),
                      ==, ((const WeftChplvisLocaleRow *)weft_array_item_peek (item))->locale);
  }

  fixture_close (&f);
}

static void
test_timeline_details (void)
{
  Fixture f = { 0 };
  WeftChplvisDetails *details;
  WeftEventTable *table;
  WeftTimeline *timeline;
  WeftTimelineHit hit;
  WeftIntervalSlice lane;
  WeftLinkSlice links;
  WeftChplvisEventRef event;
  gsize i;

  fixture_open_demo (&f);
  details = weft_chplvis_page_get_details (f.page);
  weft_chplvis_page_set_view (f.page, "timeline");
  weft_ui_iterate ();
  table = weft_dataset_get_event_table (WEFT_DATASET (weft_chplvis_page_get_dataset (f.page)));
  g_assert_true (weft_timeline_view_get_table (weft_chplvis_page_get_timeline_view (f.page)) == table);
  g_assert_true (weft_timeline_view_get_time_model (weft_chplvis_page_get_timeline_view (f.page)) ==
                 weft_chplvis_page_get_time_model (f.page));
  timeline = weft_timeline_view_get_timeline (weft_chplvis_page_get_timeline_view (f.page));

  /* A task of locale 2 that communicated. */
  weft_event_table_get_lane (table, 2, 0, &lane);
  g_assert_cmpuint (lane.n, >, 0);
  for (i = 0; i < lane.n; i++)
    {
      g_autoptr(GArray) comms = NULL;

      if (!weft_chplvis_dataset_lookup_event (weft_chplvis_page_get_dataset (f.page), lane.kind[i], 2, 0, lane.ref[i], &event))
        continue;
      comms = weft_chplvis_list_task_comms (f.trace, event.locale, event.index);
      if (comms->len > 0)
        break;
    }
  g_assert_cmpuint (i, <, lane.n);

  weft_timeline_hit_init (&hit);
  hit.type = WEFT_TIMELINE_HIT_EVENT;
  hit.row = 2;
  hit.lane = 0;
  hit.category = WEFT_EVENT_INTERVAL;
  hit.index = i;
  hit.kind = lane.kind[i];
  hit.ref = lane.ref[i];
  hit.label = lane.label[i];
  hit.to_row = -1;
  hit.begin = lane.begin[i];
  hit.end = lane.end[i];
  g_signal_emit_by_name (timeline, "event-activated", &hit);
  g_assert_cmpstr (weft_chplvis_details_get_kind (details), ==, "task");
  {
    g_autoptr(GArray) expected = weft_chplvis_list_task_comms (f.trace, event.locale, event.index);
    WeftChplvisTaskInfo info;
    g_autofree char *function = weft_chplvis_details_dup_fact (details, "Function");

    assert_records_equal (weft_chplvis_comm_list_get_records (weft_chplvis_details_get_comm_list (details)), expected);
    g_assert_true (weft_chplvis_get_task_info (f.trace, event.locale, event.index, &info));
    g_assert_cmpstr (function, ==, info.function != NULL ? info.function : "unknown");
  }

  /* A link: the record it stands for. */
  weft_event_table_get_link_pair (table, 0, &links);
  g_assert_cmpuint (links.n, >, 0);
  weft_timeline_hit_init (&hit);
  hit.type = WEFT_TIMELINE_HIT_EVENT;
  hit.category = WEFT_EVENT_LINK;
  hit.row = (int)links.from_row;
  hit.to_row = (int)links.to_row;
  hit.kind = links.kind[0];
  hit.ref = links.ref[0];
  hit.begin = links.from_time[0];
  hit.end = links.to_time[0];
  g_signal_emit_by_name (timeline, "event-activated", &hit);
  g_assert_cmpstr (weft_chplvis_details_get_kind (details), ==, "record");
  {
    g_autofree char *bytes = weft_chplvis_details_dup_fact (details, "Bytes");
    g_autofree char *argument = weft_chplvis_details_dup_fact (details, "Argument size");

    g_assert_true (bytes != NULL || argument != NULL);
  }

  /* A tag mark: Show This Tag selects it. */
  {
    WeftInstantSlice instants;
    gboolean found = FALSE;

    weft_event_table_get_instants (table, 0, &instants);
    for (i = 0; i < instants.n && !found; i++)
      {
        const char *kind = weft_event_table_get_kind_name (table, instants.kind[i]);

        if (g_strcmp0 (kind, "tag") != 0)
          continue;
        g_assert_true (weft_chplvis_dataset_lookup_event (weft_chplvis_page_get_dataset (f.page), instants.kind[i], 0, 0,
                                                          instants.ref[i], &event));
        if (f.trace->locales[0]->marks[event.index].tag != 1)
          continue;
        weft_timeline_hit_init (&hit);
        hit.type = WEFT_TIMELINE_HIT_EVENT;
        hit.category = WEFT_EVENT_INSTANT;
        hit.row = 0;
        hit.to_row = -1;
        hit.kind = instants.kind[i];
        hit.ref = instants.ref[i];
        g_signal_emit_by_name (timeline, "event-activated", &hit);
        found = TRUE;
      }
    g_assert_true (found);
    g_assert_cmpstr (weft_chplvis_details_get_kind (details), ==, "mark");
    g_signal_emit_by_name (details, "tag-requested", 1);
    settle (&f);
    g_assert_cmpstr (weft_chplvis_page_get_tag (f.page), ==, "tag 1 (compute)");
  }

  fixture_close (&f);
}

/* Source view --------------------------------------------------------------------- */

static gboolean
source_settled (gpointer data)
{
  return g_strcmp0 (weft_source_view_get_state (data), "loading") != 0;
}

/* The position of the first profile row whose function is defined in a file
 * whose name ends with @suffix (its function id goes to found_fid). */
static int found_fid;

static guint
find_profile_row (Fixture                    *f,
                  const char                 *suffix,
                  const WeftChplvisFunction **function)
{
  GListModel *rows = weft_chplvis_profile_view_get_model (weft_chplvis_page_get_profile_view (f->page));

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(WeftArrayItem) item = g_list_model_get_item (rows, i);
      const WeftChplvisProfileRow *row = weft_array_item_peek (item);

      if (row->file != NULL && g_str_has_suffix (row->file, suffix) && row->line > 0)
        {
          *function = weft_chplvis_trace_get_function (f->trace, row->fid);
          g_assert_nonnull (*function);
          found_fid = row->fid;
          return i;
        }
    }

  g_error ("no profile row in %s", suffix);
}

static void
test_source_view (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *stencil = g_build_filename (dir, "stencil.chpl", NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  GVariantBuilder remaps;
  const WeftChplvisFunction *function = NULL;
  WeftSourceView *source;
  WeftChplvisProfileView *profile;
  Fixture f = { 0 };
  guint position;

  /* A fixture stencil.chpl: line N says which it is. */
  for (guint line = 1; line <= 400; line++)
    g_string_append_printf (text, "  proc step%u () { /* stencil fixture line %u */ }\n", line, line);
  g_file_set_contents (stencil, text->str, -1, &error);
  g_assert_no_error (error);

  /* The trace's DIR (/home/user/stencil) is this folder here. */
  g_variant_builder_init (&remaps, G_VARIANT_TYPE ("a{ss}"));
  g_variant_builder_add (&remaps, "{ss}", "/home/user/stencil", dir);
  g_settings_set_value (settings, "source-path-remaps", g_variant_builder_end (&remaps));

  fixture_open_demo (&f);
  source = weft_chplvis_page_get_source_view (f.page);
  profile = weft_chplvis_page_get_profile_view (f.page);
  weft_chplvis_page_set_view (f.page, "profile");
  weft_ui_iterate ();
  g_assert_cmpstr (weft_source_view_get_state (source), ==, "empty");

  /* A profile row opens its function's definition, highlighted. */
  position = find_profile_row (&f, "stencil.chpl", &function);
  weft_chplvis_profile_view_activate_row (profile, position);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (source)));
  g_assert_true (weft_ui_wait_for (source_settled, source));
  g_assert_cmpstr (weft_source_view_get_state (source), ==, "lines");
  g_assert_cmpstr (weft_source_view_get_path (source), ==, stencil);
  g_assert_cmpint (weft_source_view_get_line (source), ==, function->line);
  g_assert_cmpint (weft_source_view_get_highlighted_line (source), ==, function->line);
  g_assert_cmpuint (weft_source_view_get_n_lines (source), ==, 400);
  {
    g_autofree char *expected_title = g_strdup_printf ("stencil.chpl:%d", function->line);
    g_autofree char *expected_text = g_strdup_printf ("  proc step%d () { /* stencil fixture line %d */ }",
                                                      function->line, function->line);
    g_autofree char *shown = weft_source_view_dup_line_text (source, function->line);

    g_assert_cmpstr (weft_source_view_get_title (source), ==, expected_title);
    g_assert_cmpstr (shown, ==, expected_text);
  }
  /* The details show the function's profile, and follow the tag. */
  {
    WeftChplvisDetails *details = weft_chplvis_page_get_details (f.page);
    g_autoptr(GArray) rows = NULL;
    WeftChplvisQuery query;
    int fid = found_fid;

    g_assert_cmpstr (weft_chplvis_details_get_kind (details), ==, "function");
    g_assert_cmpstr (weft_chplvis_details_get_title (details), ==, function->name);
    g_assert_true (weft_chplvis_page_set_tag (f.page, "Start"));
    settle (&f);
    g_assert_cmpstr (weft_chplvis_details_get_kind (details), ==, "function");
    query_for (&f, &query, "Start", 0);
    rows = weft_chplvis_compute_profile (f.trace, &query);
    for (guint i = 0; i < rows->len; i++)
      if (g_array_index (rows, WeftChplvisProfileRow, i).fid == fid)
        {
          g_autofree char *expected = weft_format_count (g_array_index (rows, WeftChplvisProfileRow, i).tasks);
          g_autofree char *shown = weft_chplvis_details_dup_fact (details, "Tasks");

          g_assert_cmpstr (shown, ==, expected);
        }
    g_assert_true (weft_chplvis_page_set_tag (f.page, "All"));
    settle (&f);
  }

  /* A file the remapping does not reach: the path tried, and where to fix it. */
  position = find_profile_row (&f, "BlockDist.chpl", &function);
  weft_chplvis_profile_view_activate_row (profile, position);
  g_assert_true (weft_ui_wait_for (source_settled, source));
  g_assert_cmpstr (weft_source_view_get_state (source), ==, "message");
  g_assert_cmpstr (weft_source_view_get_path (source), ==, "/opt/chapel-1.25/modules/dists/BlockDist.chpl");
  g_assert_nonnull (strstr (weft_source_view_get_message (source), "/opt/chapel-1.25/modules/dists/BlockDist.chpl"));
  g_assert_nonnull (strstr (weft_source_view_get_message (source), "Source Folders"));
  g_assert_cmpuint (weft_source_view_get_n_lines (source), ==, 0);

  /* Without the mapping, the stencil is missing too. */
  g_settings_reset (settings, "source-path-remaps");
  position = find_profile_row (&f, "stencil.chpl", &function);
  weft_chplvis_profile_view_activate_row (profile, position);
  g_assert_true (weft_ui_wait_for (source_settled, source));
  g_assert_cmpstr (weft_source_view_get_state (source), ==, "message");
  g_assert_cmpstr (weft_source_view_get_path (source), ==, "/home/user/stencil/stencil.chpl");

  /* Mapping the folder in Preferences finds it at once. */
  g_variant_builder_init (&remaps, G_VARIANT_TYPE ("a{ss}"));
  g_variant_builder_add (&remaps, "{ss}", "/home/user/stencil/", dir);
  g_settings_set_value (settings, "source-path-remaps", g_variant_builder_end (&remaps));
  g_assert_true (weft_ui_wait_for (source_settled, source));
  g_assert_cmpstr (weft_source_view_get_state (source), ==, "lines");
  g_assert_cmpstr (weft_source_view_get_path (source), ==, stencil);
  g_assert_cmpint (weft_source_view_get_highlighted_line (source), ==, function->line);
  g_settings_reset (settings, "source-path-remaps");

  /* <internal>, <unknown>: no file at all. */
  g_assert_cmpstr (weft_chplvis_trace_get_file_name (f.trace, 1), ==, "<internal>");
  weft_chplvis_page_open_source (f.page, 1, 12);
  g_assert_cmpstr (weft_source_view_get_state (source), ==, "message");
  g_assert_null (weft_source_view_get_path (source));
  g_assert_nonnull (strstr (weft_source_view_get_message (source), "<internal>"));

  /* A binary file is refused, not shown. */
  {
    g_autofree char *binary = g_build_filename (dir, "stencil.chpl", NULL);
    static const char bytes[] = { 'a', '\n', '\0', 'b', '\n' };

    g_file_set_contents (binary, bytes, sizeof bytes, &error);
    g_assert_no_error (error);
    weft_source_view_open (source, "stencil.chpl", binary, 1);
    g_assert_true (weft_ui_wait_for (source_settled, source));
    g_assert_cmpstr (weft_source_view_get_state (source), ==, "message");
    g_assert_nonnull (strstr (weft_source_view_get_message (source), "not a text file"));
  }

  /* A comm list row opens its source line. */
  weft_chplvis_page_show_pair (f.page, 0, 1);
  settle (&f);
  {
    WeftChplvisCommList *list = weft_chplvis_details_get_comm_list (weft_chplvis_page_get_details (f.page));
    g_autoptr(WeftArrayItem) item = g_list_model_get_item (weft_chplvis_comm_list_get_model (list), 0);
    const WeftChplvisCommRecord *record = weft_array_item_peek (item);
    g_autofree char *expected = NULL;

    g_assert_nonnull (item);
    expected = weft_chplvis_resolve_source (f.trace, record->src_file, NULL);
    weft_chplvis_comm_list_activate_row (list, 0);
    g_assert_true (weft_ui_wait_for (source_settled, source));
    g_assert_cmpint (weft_source_view_get_line (source), ==, record->src_line);
    g_assert_cmpstr (weft_source_view_get_path (source), ==, expected);
  }

  fixture_close (&f);
  weft_test_rm_rf (dir);
}

/* Export, incomplete runs, life ------------------------------------------------------ */

static void
assert_export_matrix (Fixture    *f,
                      const char *expected_view)
{
  WeftDataset *dataset = WEFT_DATASET (weft_chplvis_page_get_dataset (f->page));
  const char *view = NULL;
  WeftViewOptions options;
  g_autoptr(WeftMatrix) exported = NULL;
  g_autoptr(GError) error = NULL;
  WeftMatrix *shown = weft_matrix_view_get_matrix (weft_chplvis_page_get_matrix_view (f->page));
  gsize n;

  g_assert_true (weft_page_get_export_view (WEFT_PAGE (f->page), &view, &options));
  g_assert_cmpstr (view, ==, expected_view);
  /* The options reproduce the numbers on screen. */
  exported = weft_dataset_dup_matrix (dataset, view, &options, &error);
  g_assert_no_error (error);
  n = weft_matrix_get_n_elements (shown);
  g_assert_cmpuint (weft_matrix_get_n_elements (exported), ==, n);
  g_assert_cmpmem (weft_matrix_peek_data (exported), n * sizeof (double), weft_matrix_peek_data (shown), n * sizeof (double));
}

/* What File ▸ Export writes for the view on screen: a picture, and the data
 * where the view has some. */
static void
assert_exports (Fixture *f)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  WeftDataset *dataset = WEFT_DATASET (weft_chplvis_page_get_dataset (f->page));
  g_auto(GStrv) formats = NULL;
  WeftExportRequest request = { 0 };
  const char *view = NULL;

  g_assert_true (weft_page_get_export_view (WEFT_PAGE (f->page), &view, &request.options));
  request.view = view;
  formats = weft_exporter_list_formats (dataset, view);
  g_assert_true (g_strv_contains ((const char *const *)formats, "png"));
  for (guint i = 0; formats[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *name = g_strdup_printf ("%s.%s", view, formats[i]);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      /* HDF5 has its own test; the rest are cheap. */
      if (g_str_equal (formats[i], "mda-hdf5"))
        continue;
      request.format = formats[i];
      request.path = path;
      request.width = 600;
      request.height = 400;
      g_assert_true (weft_exporter_export (dataset, &request, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    }

  weft_test_rm_rf (dir);
}

static void
test_export_view (void)
{
  Fixture f = { 0 };
  WeftTimeModel *time_model;
  const WeftTimeSpan *doc;
  const char *view = NULL;
  WeftViewOptions options;
  gint64 begin, end;

  fixture_open_demo (&f);
  time_model = weft_chplvis_page_get_time_model (f.page);
  doc = weft_time_model_get_document_span (time_model);

  weft_chplvis_page_set_view (f.page, "graph");
  assert_export_matrix (&f, "graph");
  g_assert_true (weft_page_get_export_view (WEFT_PAGE (f.page), &view, &options));
  g_assert_cmpstr (options.tag, ==, "All");
  g_assert_cmpstr (options.metric, ==, "tasks");
  g_assert_cmpstr (options.kind, ==, "all");
  g_assert_false (options.has_range);

  weft_chplvis_page_set_link_bytes (f.page, TRUE);
  weft_chplvis_page_set_locale_metric (f.page, "cpu");
  weft_chplvis_page_set_kind (f.page, "puts");
  settle (&f);
  assert_export_matrix (&f, "graph");
  g_assert_true (weft_page_get_export_view (WEFT_PAGE (f.page), &view, &options));
  g_assert_cmpstr (options.metric, ==, "cpu,bytes");
  g_assert_cmpstr (options.kind, ==, "puts");
  assert_exports (&f);

  weft_chplvis_page_set_view (f.page, "matrix");
  assert_export_matrix (&f, "comm-matrix");
  g_assert_true (weft_page_get_export_view (WEFT_PAGE (f.page), &view, &options));
  g_assert_cmpstr (options.metric, ==, "bytes");
  g_assert_cmpstr (options.kind, ==, "puts");
  assert_exports (&f);

  /* A tag whose name repeats goes by its number; merged, by its name. */
  g_assert_true (weft_chplvis_page_set_tag (f.page, "tag 4 (halo exchange)"));
  settle (&f);
  assert_export_matrix (&f, "comm-matrix");
  g_assert_true (weft_page_get_export_view (WEFT_PAGE (f.page), &view, &options));
  g_assert_cmpstr (options.tag, ==, "#4");
  weft_chplvis_page_set_merge_tags (f.page, TRUE);
  settle (&f);
  assert_export_matrix (&f, "comm-matrix");
  g_assert_true (weft_page_get_export_view (WEFT_PAGE (f.page), &view, &options));
  g_assert_cmpstr (options.tag, ==, "halo exchange");
  g_assert_true (weft_chplvis_page_set_tag (f.page, "init arrays"));
  settle (&f);
  g_assert_true (weft_page_get_export_view (WEFT_PAGE (f.page), &view, &options));
  g_assert_cmpstr (options.tag, ==, "init arrays");

  /* A selection is the range. */
  begin = doc->begin + (doc->end - doc->begin) / 4;
  end = doc->begin + 3 * (doc->end - doc->begin) / 4;
  weft_time_model_select (time_model, begin, end);
  settle (&f);
  assert_export_matrix (&f, "comm-matrix");
  g_assert_true (weft_page_get_export_view (WEFT_PAGE (f.page), &view, &options));
  g_assert_true (options.has_range);
  g_assert_cmpint (options.range.begin, ==, begin);
  g_assert_cmpint (options.range.end, ==, end);

  weft_chplvis_page_set_view (f.page, "locales");
  g_assert_true (weft_page_get_export_view (WEFT_PAGE (f.page), &view, &options));
  g_assert_cmpstr (view, ==, "values");
  g_assert_cmpstr (options.metric, ==, "cpu");
  g_assert_cmpstr (options.tag, ==, "init arrays");
  g_assert_null (options.kind);
  g_assert_true (options.has_range);
  assert_exports (&f);

  weft_chplvis_page_set_view (f.page, "profile");
  g_assert_true (weft_page_get_export_view (WEFT_PAGE (f.page), &view, &options));
  g_assert_cmpstr (view, ==, "profile");
  g_assert_cmpstr (options.metric, ==, "clock");
  g_assert_cmpstr (options.tag, ==, "init arrays");
  g_assert_true (options.has_range);
  assert_exports (&f);

  /* The timeline: the visible range, whatever the tag. */
  weft_chplvis_page_set_view (f.page, "timeline");
  g_assert_true (weft_page_get_export_view (WEFT_PAGE (f.page), &view, &options));
  g_assert_cmpstr (view, ==, "timeline");
  g_assert_false (options.has_range);
  g_assert_null (options.tag);
  weft_time_model_zoom_to_selection (time_model);
  g_assert_true (weft_page_get_export_view (WEFT_PAGE (f.page), &view, &options));
  g_assert_true (options.has_range);
  g_assert_cmpint (options.range.begin, ==, weft_time_model_get_visible_span (time_model)->begin);
  g_assert_cmpint (options.range.end, ==, weft_time_model_get_visible_span (time_model)->end);
  assert_exports (&f);
  settle (&f);

  fixture_close (&f);
}

static void
test_incomplete_run (void)
{
  g_autofree char *demo = demo_path ();
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *copy = g_build_filename (dir, "DEMO", NULL);
  g_autoptr(GError) error = NULL;
  Fixture f = { 0 };
  GtkWidget *bar;

  /* The demo with locale 3's End record cut off (a crashed run). */
  g_mkdir (copy, 0700);
  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *name = g_strdup_printf ("DEMO-%u", i);
      g_autofree char *src = g_build_filename (demo, name, NULL);
      g_autofree char *dst = g_build_filename (copy, name, NULL);
      g_autofree char *contents = NULL;
      gsize len;

      g_file_get_contents (src, &contents, &len, &error);
      g_assert_no_error (error);
      if (i == 3)
        {
          char *end = strstr (contents, "\nEnd:");

          g_assert_nonnull (end);
          end[1] = '\0';
          len = strlen (contents);
        }
      g_file_set_contents (dst, contents, len, &error);
      g_assert_no_error (error);
    }

  fixture_open (&f, copy);
  g_assert_false (weft_chplvis_dataset_get_complete (weft_chplvis_page_get_dataset (f.page)));
  bar = gtk_widget_get_first_child (gtk_widget_get_first_child (GTK_WIDGET (f.page)));
  g_assert_true (GTK_IS_INFO_BAR (bar));
  g_assert_true (gtk_info_bar_get_revealed (GTK_INFO_BAR (bar)));
  g_assert_cmpint (gtk_info_bar_get_message_type (GTK_INFO_BAR (bar)), ==, GTK_MESSAGE_WARNING);
  fixture_close (&f);

  /* A complete run has no such bar. */
  fixture_open_demo (&f);
  bar = gtk_widget_get_first_child (gtk_widget_get_first_child (GTK_WIDGET (f.page)));
  g_assert_false (gtk_info_bar_get_revealed (GTK_INFO_BAR (bar)));
  fixture_close (&f);

  weft_test_rm_rf (dir);
}

static void
test_page_finalizes (void)
{
  Fixture f = { 0 };
  AdwTabView *tabs;
  gpointer page;
  gpointer document;

  fixture_open_demo (&f);
  page = f.page;
  document = weft_page_get_document (WEFT_PAGE (f.page));
  g_object_add_weak_pointer (G_OBJECT (page), &page);
  g_object_add_weak_pointer (G_OBJECT (document), &document);

  /* Busy when the tab closes: a figures run is in flight. */
  weft_chplvis_page_set_kind (f.page, "gets");
  weft_chplvis_page_show_pair (f.page, 0, 1);
  tabs = weft_window_get_tab_view (f.window);
  adw_tab_view_close_page (tabs, adw_tab_view_get_nth_page (tabs, 0));
  g_assert_true (weft_ui_wait_for (is_null, &page));
  g_assert_true (weft_ui_wait_for (is_null, &document));

  /* The tab view's Alt+digits are back for the other tabs. */
  g_assert_true ((adw_tab_view_get_shortcuts (tabs) & ADW_TAB_VIEW_SHORTCUT_ALT_DIGITS) != 0);

  fixture_close (&f);
}

/* A run that tags every step: its tag list (All, Start and 25 tags) has a
 * search entry, matching the labels; the demo's short list has none. */
static void
test_tag_search (void)
{
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *run = g_build_filename (dir, "STEPS", NULL);
  g_autofree char *file = g_build_filename (run, "STEPS-0", NULL);
  g_autoptr(GString) text = g_string_new ("ChplVdebug: ver 1.4 nodes 1 nid 0 tid 1 seq 1.000 10.000000 0.5 0.1 \n");
  g_autoptr(GError) error = NULL;
  Fixture f = { 0 };
  Fixture demo = { 0 };

  for (guint i = 0; i < 25; i++)
    g_string_append_printf (text, "Tag: %u.%06u 0.5 0.1 0 1 %u\n", 10 + i / 10, 100000 * (i % 10), i);
  g_string_append (text, "End: 13.000000 0.6 0.2 0 1\n");
  g_assert_cmpint (g_mkdir_with_parents (run, 0755), ==, 0);
  g_file_set_contents (file, text->str, (gssize)text->len, &error);
  g_assert_no_error (error);

  fixture_open (&f, run);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (weft_chplvis_page_get_tag_dropdown (f.page))),
                    ==, 27);
  g_assert_true (gtk_drop_down_get_enable_search (weft_chplvis_page_get_tag_dropdown (f.page)));
  g_assert_nonnull (gtk_drop_down_get_expression (weft_chplvis_page_get_tag_dropdown (f.page)));
  fixture_close (&f);

  fixture_open_demo (&demo);
  g_assert_false (gtk_drop_down_get_enable_search (weft_chplvis_page_get_tag_dropdown (demo.page)));
  fixture_close (&demo);
  weft_test_rm_rf (dir);
}

typedef struct
{
  WeftChplvisPage *page;
  int              min_width;
} GraphWidth;

static gboolean
graph_is_wide (gpointer data)
{
  GraphWidth *graph = data;

  return gtk_widget_get_width (GTK_WIDGET (weft_chplvis_page_get_graph_view (graph->page))) >= graph->min_width;
}

/* At the default window size (1200 × 800) the details panel would leave the
 * graph less than 900 pixels: it starts hidden, and the first click opens it;
 * in a wider window it starts open beside a graph at least that wide. The
 * panel is placed when the page first gets its width, and the graph has its
 * new width one frame later: on a busy machine a frame can take a while
 * (CI once looked before it came and saw 849 pixels). */
static void
test_details_default_size (void)
{
  g_autofree char *path = demo_path ();
  Fixture f = { 0 };
  Fixture wide = { 0 };

  fixture_open_sized (&f, path, 1200, 800);
  g_assert_true (weft_ui_wait_for (graph_is_wide, &(GraphWidth) { f.page, 1100 }));
  g_assert_false (weft_chplvis_page_get_details_visible (f.page));
  weft_chplvis_page_show_locale (f.page, 2);
  g_assert_true (weft_chplvis_page_get_details_visible (f.page));
  fixture_close (&f);

  fixture_open_sized (&wide, path, 1500, 900);
  g_assert_true (weft_ui_wait_for (graph_is_wide, &(GraphWidth) { wide.page, 900 }));
  g_assert_true (weft_chplvis_page_get_details_visible (wide.page));
  fixture_close (&wide);
}

int
main (int    argc,
      char **argv)
{
  /* xdotool speaks X11. */
  g_setenv ("GDK_BACKEND", "x11", TRUE);
  weft_ui_test_init (&argc, &argv);
  adw_init ();
  /* No crossfades: the view a test looks at is the only one mapped. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  weft_init_resources ();
  weft_formats_init ();

  g_test_add_func ("/chplvis/page/views", test_views);
  g_test_add_func ("/chplvis/page/matrix-graph", test_matrix_and_graph);
  g_test_add_func ("/chplvis/page/time-range", test_time_range);
  g_test_add_func ("/chplvis/page/pair-details", test_pair_details);
  g_test_add_func ("/chplvis/page/timeline-details", test_timeline_details);
  g_test_add_func ("/chplvis/page/source-view", test_source_view);
  g_test_add_func ("/chplvis/page/export-view", test_export_view);
  g_test_add_func ("/chplvis/page/incomplete", test_incomplete_run);
  g_test_add_func ("/chplvis/page/finalize", test_page_finalizes);
  g_test_add_func ("/chplvis/page/details-default-size", test_details_default_size);
  g_test_add_func ("/chplvis/page/tag-search", test_tag_search);

  return g_test_run ();
}

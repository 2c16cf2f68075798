/* weft-chplvis-details.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <gtk/gtk.h>
#include <glib/gi18n.h>

#include "weft-background.h"
#include "weft-chplvis-details.h"
#include "weft-label-tooltip.h"
#include "weft-units.h"

/* How many partners of a locale are listed. */
#define MAX_PARTNERS 8

struct _WeftChplvisDetails
{
  GtkWidget             parent_instance;

  WeftChplvisDataset   *dataset;
  const char           *kind;         /* "none", "locale", "pair", "task", "record", "mark", "function" */
  guint                 locale;       /* the locale, the pair's from, the record's issuer */
  guint                 peer;         /* the pair's to */
  guint32               index;        /* task, record or mark index; a function's id */
  WeftChplvisPairStats  pair_stats;
  int                   source_file;  /* for Show Source; -1 when none */
  int                   source_line;
  guint                 task_locale;  /* for Show Task */
  guint32               task;
  int                   tag;          /* for Show This Tag */
  gboolean              busy;
  GCancellable         *cancellable;
  GHashTable           *facts;        /* name → value shown */
  GtkSizeGroup         *names;        /* lines the values of every section up */
  char                 *title;

  GtkStack             *stack;
  GtkLabel             *summary_label;
  GtkLabel             *title_label;
  GtkLabel             *subtitle_label;
  GtkSpinner           *spinner;
  GtkScrolledWindow    *facts_scroller;
  GtkBox               *facts_box;
  GtkWidget            *actions_box;
  GtkWidget            *source_button;
  GtkWidget            *task_button;
  GtkWidget            *reverse_button;
  GtkWidget            *tag_button;
  GtkWidget            *spacer;
  GtkWidget            *comm_box;
  GtkLabel             *comm_heading;
  WeftChplvisCommList  *comm_list;
};

enum {
  PROP_0,
  PROP_KIND,
  PROP_BUSY,
  N_PROPS
};

enum {
  SOURCE_REQUESTED,
  PAIR_REQUESTED,
  TASK_REQUESTED,
  TAG_REQUESTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (WeftChplvisDetails, weft_chplvis_details, GTK_TYPE_WIDGET)

static const WeftChplvisTrace *
get_trace (WeftChplvisDetails *self)
{
  return weft_chplvis_dataset_get_trace (self->dataset);
}

static void
set_busy (WeftChplvisDetails *self,
          gboolean            busy)
{
  if (self->busy == busy)
    return;

  self->busy = busy;
  gtk_spinner_set_spinning (self->spinner, busy);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static void
set_kind (WeftChplvisDetails *self,
          const char         *kind)
{
  gtk_stack_set_visible_child_name (self->stack, g_str_equal (kind, "none") ? "empty" : "details");
  if (g_strcmp0 (self->kind, kind) == 0)
    return;

  self->kind = kind;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
}

/* Starts a new subject: no facts, no buttons, no list. */
static void
reset (WeftChplvisDetails *self,
       const char         *kind,
       const char         *title,
       const char         *subtitle)
{
  GtkWidget *child;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  set_busy (self, FALSE);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->facts_box))) != NULL)
    gtk_box_remove (self->facts_box, child);
  g_hash_table_remove_all (self->facts);

  g_free (self->title);
  self->title = g_strdup (title);
  gtk_label_set_label (self->title_label, title);
  gtk_label_set_label (self->subtitle_label, subtitle != NULL ? subtitle : "");
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), subtitle != NULL && subtitle[0] != '\0');

  self->source_file = -1;
  self->source_line = 0;
  self->tag = G_MININT;
  gtk_widget_set_visible (self->source_button, FALSE);
  gtk_widget_set_visible (self->task_button, FALSE);
  gtk_widget_set_visible (self->reverse_button, FALSE);
  gtk_widget_set_visible (self->tag_button, FALSE);
  gtk_widget_set_visible (self->actions_box, FALSE);

  weft_chplvis_comm_list_set_records (self->comm_list, NULL);
  gtk_widget_set_visible (self->comm_box, FALSE);
  /* Without a list below, the facts (and the buttons right under them)
   * take what height they need; the spacer takes the rest. */
  gtk_scrolled_window_set_max_content_height (self->facts_scroller, -1);
  gtk_widget_set_visible (self->spacer, TRUE);

  set_kind (self, kind);
}

static void
show_button (WeftChplvisDetails *self,
             GtkWidget          *button)
{
  gtk_widget_set_visible (button, TRUE);
  gtk_widget_set_visible (self->actions_box, TRUE);
}

static void
show_comm_list (WeftChplvisDetails *self,
                const char         *heading,
                GArray             *records)
{
  gtk_label_set_label (self->comm_heading, heading);
  weft_chplvis_comm_list_set_records (self->comm_list, records);
  gtk_widget_set_visible (self->comm_box, TRUE);
  gtk_widget_set_visible (self->spacer, FALSE);
  /* The facts scroll past 300 pixels, so that the list keeps room. */
  gtk_scrolled_window_set_max_content_height (self->facts_scroller, 300);
}

static GtkGrid *
add_section (WeftChplvisDetails *self,
             const char         *heading)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *grid = gtk_grid_new ();

  if (heading != NULL)
    {
      GtkWidget *label = gtk_label_new (heading);

      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      gtk_widget_add_css_class (label, "heading");
      gtk_box_append (GTK_BOX (box), label);
    }
  gtk_grid_set_column_spacing (GTK_GRID (grid), 18);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_widget_add_css_class (grid, "facts");
  gtk_box_append (GTK_BOX (box), grid);
  gtk_box_append (self->facts_box, box);

  return GTK_GRID (grid);
}

static int
grid_n_rows (GtkGrid *grid)
{
  int n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (grid)); child; child = gtk_widget_get_next_sibling (child))
    {
      int row, height;

      gtk_grid_query_child (grid, child, NULL, &row, NULL, &height);
      n = MAX (n, row + height);
    }

  return n;
}

/* A fact's name and value, side by side at @left, @top of @grid. */
static GtkWidget *
attach_fact (WeftChplvisDetails *self,
             GtkGrid            *grid,
             int                 left,
             int                 top,
             const char         *name,
             const char         *value)
{
  GtkWidget *name_label = gtk_label_new (name);
  GtkWidget *value_label = gtk_label_new (value);

  gtk_label_set_xalign (GTK_LABEL (name_label), 0.0);
  gtk_widget_add_css_class (name_label, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (value_label), 0.0);
  gtk_label_set_selectable (GTK_LABEL (value_label), TRUE);
  gtk_widget_set_hexpand (value_label, TRUE);
  gtk_widget_add_css_class (value_label, "numeric");
  gtk_grid_attach (grid, name_label, left, top, 1, 1);
  gtk_grid_attach (grid, value_label, left + 1, top, 1, 1);
  /* Screen readers read the value with its name. */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (value_label),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, name_label, NULL, -1);

  g_hash_table_insert (self->facts, g_strdup (name), g_strdup (value));

  return value_label;
}

/* A fact on a row of its own, its name lined up with every section's. */
static void
add_fact (WeftChplvisDetails *self,
          GtkGrid            *grid,
          const char         *name,
          const char         *value)
{
  int row = grid_n_rows (grid);
  GtkWidget *value_label = attach_fact (self, grid, 0, row, name, value);
  GtkWidget *name_label = gtk_grid_get_child_at (grid, 0, row);

  gtk_label_set_yalign (GTK_LABEL (name_label), 0.0);
  gtk_size_group_add_widget (self->names, name_label);
  /* One line each (wrapped labels make a grid ask for far too much height):
   * long paths lose their middle, and show whole on hover. */
  gtk_label_set_ellipsize (GTK_LABEL (value_label), PANGO_ELLIPSIZE_MIDDLE);
  weft_label_show_full_text_on_hover (GTK_LABEL (value_label));
}

/* A fact in column pair @column (0 or 1) of row @row; takes @value. */
static void
add_fact_at (WeftChplvisDetails *self,
             GtkGrid            *grid,
             int                 column,
             int                 row,
             const char         *name,
             char               *value)
{
  attach_fact (self, grid, column * 2, row, name, value);
  g_free (value);
}

static void
add_fact_take (WeftChplvisDetails *self,
               GtkGrid            *grid,
               const char         *name,
               char               *value)
{
  add_fact (self, grid, name, value);
  g_free (value);
}

static char *
count_and_bytes (guint64 count,
                 guint64 bytes)
{
  g_autofree char *c = weft_format_count (count);
  g_autofree char *b = weft_format_bytes (bytes);

  return g_strdup_printf ("%s · %s", c, b);
}

static const char *
kinds_text (guint kinds)
{
  if (kinds == 0 || kinds == WEFT_CHPLVIS_KINDS_ALL)
    return NULL;
  if (kinds == WEFT_CHPLVIS_KINDS_GETS)
    return _("gets only");
  if (kinds == WEFT_CHPLVIS_KINDS_PUTS)
    return _("puts only");
  if (kinds == WEFT_CHPLVIS_KINDS_FORKS)
    return _("on calls only");
  if (kinds == WEFT_CHPLVIS_KINDS_COMM)
    return _("gets and puts");

  return _("some kinds");
}

/* "Tag compute · 12.5 ms – 40 ms" */
static char *
describe_query (WeftChplvisDetails     *self,
                const WeftChplvisQuery *query,
                gboolean                with_kinds)
{
  g_autofree char *tag = weft_chplvis_dup_query_tag_name (get_trace (self), query);
  GString *out = g_string_new (NULL);
  const char *kinds = with_kinds ? kinds_text (query->kinds) : NULL;

  g_string_append_printf (out, _("Tag %s"), tag);
  if (query->has_range)
    {
      g_autofree char *begin = weft_format_duration (query->range.begin);
      g_autofree char *end = weft_format_duration (query->range.end);

      g_string_append_printf (out, " · %s – %s", begin, end);
    }
  else
    g_string_append_printf (out, " · %s", _("whole run"));
  if (kinds != NULL)
    g_string_append_printf (out, " · %s", kinds);

  return g_string_free (out, FALSE);
}

static char *
source_text (WeftChplvisDetails *self,
             int                 file,
             int                 line)
{
  const char *name = weft_chplvis_trace_get_file_name (get_trace (self), file);

  if (name == NULL)
    return g_strdup (_("unknown"));
  if (line <= 0)
    return g_strdup (name);

  return g_strdup_printf ("%s:%d", name, line);
}

static char *
trace_line_text (WeftChplvisDetails *self,
                 guint               locale,
                 guint32             line)
{
  const WeftChplvisTrace *trace = get_trace (self);
  const WeftChplvisLocale *l = locale < trace->n_locales ? trace->locales[locale] : NULL;
  g_autofree char *base = l != NULL && l->path != NULL ? g_path_get_basename (l->path) : NULL;

  return g_strdup_printf ("%s:%u", base != NULL ? base : "?", line);
}

static void
set_source (WeftChplvisDetails *self,
            int                 file,
            int                 line)
{
  self->source_file = file;
  self->source_line = line;
  if (weft_chplvis_trace_get_file_name (get_trace (self), file) != NULL)
    show_button (self, self->source_button);
}

/* Buttons --------------------------------------------------------------------- */

static void
source_clicked_cb (WeftChplvisDetails *self)
{
  if (self->source_file >= 0)
    g_signal_emit (self, signals[SOURCE_REQUESTED], 0, self->source_file, self->source_line);
}

static void
task_clicked_cb (WeftChplvisDetails *self)
{
  g_signal_emit (self, signals[TASK_REQUESTED], 0, self->task_locale, self->task);
}

static void
reverse_clicked_cb (WeftChplvisDetails *self)
{
  g_signal_emit (self, signals[PAIR_REQUESTED], 0, self->peer, self->locale);
}

static void
tag_clicked_cb (WeftChplvisDetails *self)
{
  if (self->tag != G_MININT)
    g_signal_emit (self, signals[TAG_REQUESTED], 0, self->tag);
}

static void
record_activated_cb (WeftChplvisDetails          *self,
                     const WeftChplvisCommRecord *record)
{
  g_signal_emit (self, signals[SOURCE_REQUESTED], 0, record->src_file, record->src_line);
}

static void
partner_clicked_cb (GtkButton          *button,
                    WeftChplvisDetails *self)
{
  guint from = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "weft-from"));
  guint to = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "weft-to"));

  g_signal_emit (self, signals[PAIR_REQUESTED], 0, from, to);
}

static GtkWidget *
partner_button (WeftChplvisDetails *self,
                guint               from,
                guint               to,
                guint64             count,
                guint64             bytes)
{
  g_autofree char *text = count_and_bytes (count, bytes);
  g_autofree char *tooltip = g_strdup_printf (_("Show the communication from locale %u to locale %u"), from, to);
  GtkWidget *button = gtk_button_new_with_label (text);

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_set_sensitive (button, count > 0);
  g_object_set_data (G_OBJECT (button), "weft-from", GUINT_TO_POINTER (from));
  g_object_set_data (G_OBJECT (button), "weft-to", GUINT_TO_POINTER (to));
  g_signal_connect_object (button, "clicked", G_CALLBACK (partner_clicked_cb), self, 0);

  return button;
}

/* Locale ---------------------------------------------------------------------- */

typedef struct
{
  guint   peer;
  guint64 total;
} Partner;

static int
compare_partners (gconstpointer a,
                  gconstpointer b)
{
  const Partner *x = a;
  const Partner *y = b;

  if (x->total != y->total)
    return x->total < y->total ? 1 : -1;

  return (x->peer > y->peer) - (x->peer < y->peer);
}

static void
fill_locale (WeftChplvisDetails *self,
             WeftChplvisFigures *figures)
{
  const WeftChplvisLocaleStats *stats = &figures->locales[self->locale];
  const WeftChplvisCommMatrix *comm = figures->comm;
  g_autofree char *title = g_strdup_printf (_("Locale %u"), self->locale);
  g_autofree char *subtitle = describe_query (self, &figures->query, FALSE);
  g_autoptr(GArray) partners = g_array_new (FALSE, FALSE, sizeof (Partner));
  guint n = figures->n_locales;
  GtkGrid *grid;

  reset (self, "locale", title, subtitle);

  grid = add_section (self, _("Tasks and Time"));
  add_fact_take (self, grid, _("Tasks"), weft_format_count (stats->tasks));
  add_fact_take (self, grid, _("Clock"), weft_format_seconds (stats->clock));
  add_fact_take (self, grid, _("CPU user"), weft_format_seconds (stats->cpu_user));
  add_fact_take (self, grid, _("CPU system"), weft_format_seconds (stats->cpu_sys));
  add_fact_take (self, grid, _("CPU total"), weft_format_seconds (stats->cpu_user + stats->cpu_sys));
  add_fact_take (self, grid, _("Max concurrency"), weft_format_count (stats->max_concurrency));
  add_fact_take (self, grid, _("Longest task"), weft_format_seconds (stats->max_task_clock));

  grid = add_section (self, _("Communication"));
  add_fact_take (self, grid, _("Out (sent)"), count_and_bytes (stats->comm_out_count, stats->comm_out_bytes));
  add_fact_take (self, grid, _("In (received)"), count_and_bytes (stats->comm_in_count, stats->comm_in_bytes));

  for (guint peer = 0; peer < n; peer++)
    {
      Partner partner = { peer, comm->count[(gsize)self->locale * n + peer] + comm->count[(gsize)peer * n + self->locale] };

      if (partner.total > 0)
        g_array_append_val (partners, partner);
    }
  g_array_sort (partners, compare_partners);

  if (partners->len > 0)
    {
      const char *kinds = kinds_text (figures->query.kinds);
      g_autofree char *heading = kinds != NULL ? g_strdup_printf (_("Busiest Partners (%s)"), kinds)
                                               : g_strdup (_("Busiest Partners"));
      GtkWidget *header_out = gtk_label_new (_("Sent to"));
      GtkWidget *header_in = gtk_label_new (_("Received from"));

      grid = add_section (self, heading);
      gtk_widget_add_css_class (header_out, "caption-heading");
      gtk_widget_add_css_class (header_in, "caption-heading");
      gtk_label_set_xalign (GTK_LABEL (header_out), 0.0);
      gtk_label_set_xalign (GTK_LABEL (header_in), 0.0);
      gtk_grid_attach (grid, header_out, 1, 0, 1, 1);
      gtk_grid_attach (grid, header_in, 2, 0, 1, 1);
      for (guint i = 0; i < MIN (partners->len, MAX_PARTNERS); i++)
        {
          guint peer = g_array_index (partners, Partner, i).peer;
          g_autofree char *name = g_strdup_printf (_("Locale %u"), peer);
          GtkWidget *label = gtk_label_new (name);
          gsize out = (gsize)self->locale * n + peer;
          gsize in = (gsize)peer * n + self->locale;

          gtk_label_set_xalign (GTK_LABEL (label), 0.0);
          gtk_widget_add_css_class (label, "dim-label");
          gtk_grid_attach (grid, label, 0, (int)i + 1, 1, 1);
          gtk_grid_attach (grid, partner_button (self, self->locale, peer, comm->count[out], comm->bytes[out]),
                           1, (int)i + 1, 1, 1);
          gtk_grid_attach (grid, partner_button (self, peer, self->locale, comm->count[in], comm->bytes[in]),
                           2, (int)i + 1, 1, 1);
        }
    }
}

/* Pair ------------------------------------------------------------------------ */

typedef struct
{
  WeftChplvisDataset  *dataset;
  WeftChplvisQuery     query;
  guint                from;
  guint                to;
  WeftChplvisPairStats stats;
  GArray              *records;
} PairJob;

/* On the main thread, where the job's reference to the dataset may be the
 * last one once the tab is closed. */
static void
pair_job_free (PairJob *job)
{
  g_clear_pointer (&job->records, g_array_unref);
  weft_background_unref (g_steal_pointer (&job->dataset));
  g_free (job);
}

static guint64
add_saturated (guint64 a,
               guint64 b)
{
  return a > G_MAXUINT64 - b ? G_MAXUINT64 : a + b;
}

/* One pass over the trace: the records, then their sums (what
 * weft_chplvis_compute_pair_stats() counts in a pass of its own). */
static void
pair_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  PairJob *job = task_data;
  const WeftChplvisTrace *trace = weft_chplvis_dataset_get_trace (job->dataset);

  job->records = weft_chplvis_list_pair_comms (trace, &job->query, job->from, job->to);
  if (g_task_return_error_if_cancelled (task))
    return;
  for (guint i = 0; i < job->records->len; i++)
    {
      const WeftChplvisCommRecord *record = &g_array_index (job->records, WeftChplvisCommRecord, i);

      job->stats.count[record->kind]++;
      job->stats.bytes[record->kind] = add_saturated (job->stats.bytes[record->kind], record->bytes);
      job->stats.total_count++;
      job->stats.total_bytes = add_saturated (job->stats.total_bytes, record->bytes);
    }
  g_task_return_boolean (task, TRUE);
}

static void
fill_pair (WeftChplvisDetails *self,
           PairJob            *job)
{
  const WeftChplvisPairStats *stats = &job->stats;
  guint64 gets = 0, get_bytes = 0, puts = 0, put_bytes = 0, forks = 0, fork_bytes = 0;
  GtkGrid *grid;

  self->pair_stats = *stats;
  for (guint k = WEFT_CHPLVIS_RECORD_GET; k < WEFT_CHPLVIS_N_RECORD_KINDS; k++)
    {
      if (WEFT_CHPLVIS_KIND_BIT (k) & WEFT_CHPLVIS_KINDS_GETS)
        {
          gets += stats->count[k];
          get_bytes += stats->bytes[k];
        }
      else if (WEFT_CHPLVIS_KIND_BIT (k) & WEFT_CHPLVIS_KINDS_PUTS)
        {
          puts += stats->count[k];
          put_bytes += stats->bytes[k];
        }
      else
        {
          forks += stats->count[k];
          fork_bytes += stats->bytes[k];
        }
    }

  /* chplvis's Comm box: "Com a->b, Size S / Total: T / Gets: g, Puts: p / On Calls: f". */
  grid = add_section (self, _("Communication"));
  add_fact_take (self, grid, _("Total"), weft_format_count (stats->total_count));
  add_fact_take (self, grid, _("Size"), weft_format_bytes (stats->total_bytes));
  add_fact_take (self, grid, _("Gets"), count_and_bytes (gets, get_bytes));
  add_fact_take (self, grid, _("Puts"), count_and_bytes (puts, put_bytes));
  add_fact_take (self, grid, _("On calls"), count_and_bytes (forks, fork_bytes));

  /* Two kinds a row: the list below needs the height. */
  grid = NULL;
  for (guint k = WEFT_CHPLVIS_RECORD_GET, shown = 0; k < WEFT_CHPLVIS_N_RECORD_KINDS; k++)
    {
      if (stats->count[k] == 0)
        continue;
      if (grid == NULL)
        grid = add_section (self, _("By Record Kind"));
      add_fact_at (self, grid, shown % 2, shown / 2, weft_chplvis_record_kind_name (k),
                   count_and_bytes (stats->count[k], stats->bytes[k]));
      shown++;
    }

  show_comm_list (self, _("Records (click one for its source line)"), job->records);
}

static void
pair_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(WeftChplvisDetails) self = weft_background_weak_ref_take (user_data);
  g_autoptr(GError) error = NULL;
  /* Superseded while it ran (reset() cancels, and GTask then reports the
   * cancellation): the newer subject is shown already. Or the panel is
   * gone with its tab. */
  if (!g_task_propagate_boolean (G_TASK (result), &error) || self == NULL)
    return;

  set_busy (self, FALSE);
  fill_pair (self, g_task_get_task_data (G_TASK (result)));
}

/* Life ------------------------------------------------------------------------ */

static void
weft_chplvis_details_dispose (GObject *object)
{
  WeftChplvisDetails *self = (WeftChplvisDetails *)object;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), WEFT_TYPE_CHPLVIS_DETAILS);
  g_clear_object (&self->dataset);

  G_OBJECT_CLASS (weft_chplvis_details_parent_class)->dispose (object);
}

static void
weft_chplvis_details_finalize (GObject *object)
{
  WeftChplvisDetails *self = (WeftChplvisDetails *)object;

  g_clear_pointer (&self->facts, g_hash_table_unref);
  g_clear_pointer (&self->title, g_free);
  g_clear_object (&self->names);

  G_OBJECT_CLASS (weft_chplvis_details_parent_class)->finalize (object);
}

static void
weft_chplvis_details_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  WeftChplvisDetails *self = WEFT_CHPLVIS_DETAILS (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_string (value, self->kind);
      break;

    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_chplvis_details_class_init (WeftChplvisDetailsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_chplvis_details_dispose;
  object_class->finalize = weft_chplvis_details_finalize;
  object_class->get_property = weft_chplvis_details_get_property;

  /**
   * WeftChplvisDetails:kind:
   *
   * What is shown: "none", "locale", "pair", "task", "record", "mark" or
   * "function".
   */
  properties[PROP_KIND] =
    g_param_spec_string ("kind", NULL, NULL, "none",
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * WeftChplvisDetails:busy:
   *
   * Whether a pair's records are being counted in a thread.
   */
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * WeftChplvisDetails::source-requested:
   * @file: an index in the trace's file table
   * @line: a line of that file (0 or less: none)
   */
  signals[SOURCE_REQUESTED] =
    g_signal_new ("source-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);

  /**
   * WeftChplvisDetails::pair-requested:
   *
   * A partner or Reverse Direction was clicked: show the pair @from → @to.
   */
  signals[PAIR_REQUESTED] =
    g_signal_new ("pair-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  /**
   * WeftChplvisDetails::task-requested:
   *
   * Show task @task of locale @locale.
   */
  signals[TASK_REQUESTED] =
    g_signal_new ("task-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  /**
   * WeftChplvisDetails::tag-requested:
   *
   * Show Tag was clicked on a mark: make the page show tag @tag.
   */
  signals[TAG_REQUESTED] =
    g_signal_new ("tag-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  g_type_ensure (WEFT_TYPE_CHPLVIS_COMM_LIST);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/ui/chplvis/weft-chplvis-details.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "chplvisdetails");
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisDetails, stack);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisDetails, summary_label);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisDetails, title_label);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisDetails, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisDetails, spinner);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisDetails, facts_scroller);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisDetails, facts_box);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisDetails, actions_box);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisDetails, source_button);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisDetails, task_button);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisDetails, reverse_button);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisDetails, tag_button);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisDetails, spacer);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisDetails, comm_box);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisDetails, comm_heading);
  gtk_widget_class_bind_template_child (widget_class, WeftChplvisDetails, comm_list);
  gtk_widget_class_bind_template_callback (widget_class, source_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, task_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, reverse_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, tag_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, record_activated_cb);
}

static void
weft_chplvis_details_init (WeftChplvisDetails *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->kind = "none";
  self->source_file = -1;
  self->tag = G_MININT;
  self->facts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->names = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), FALSE);
  reset (self, "none", NULL, NULL);
}

GtkWidget *
weft_chplvis_details_new (void)
{
  return g_object_new (WEFT_TYPE_CHPLVIS_DETAILS, NULL);
}

void
weft_chplvis_details_set_dataset (WeftChplvisDetails *self,
                                  WeftChplvisDataset *dataset)
{
  g_return_if_fail (WEFT_IS_CHPLVIS_DETAILS (self));
  g_return_if_fail (WEFT_IS_CHPLVIS_DATASET (dataset));

  g_set_object (&self->dataset, dataset);
  weft_chplvis_comm_list_set_dataset (self->comm_list, dataset);
}

/**
 * weft_chplvis_details_set_summary:
 *
 * The text shown when nothing is selected (what the run is).
 */
void
weft_chplvis_details_set_summary (WeftChplvisDetails *self,
                                  const char         *summary)
{
  g_autofree char *text = NULL;

  g_return_if_fail (WEFT_IS_CHPLVIS_DETAILS (self));

  text = g_strdup_printf ("%s\n\n%s", summary != NULL ? summary : "",
                          _("Click a locale, a link, a matrix cell, a timeline event or a table row "
                            "to see its details here."));
  gtk_label_set_label (self->summary_label, text);
}

/**
 * weft_chplvis_details_show_locale:
 * @figures: the page's figures (their query is the selection described)
 */
void
weft_chplvis_details_show_locale (WeftChplvisDetails *self,
                                  guint               locale,
                                  WeftChplvisFigures *figures)
{
  g_return_if_fail (WEFT_IS_CHPLVIS_DETAILS (self));
  g_return_if_fail (figures != NULL);
  g_return_if_fail (locale < figures->n_locales);

  self->locale = locale;
  fill_locale (self, figures);
}

/**
 * weft_chplvis_details_show_pair:
 * @query: the selection (tag, range, kinds)
 *
 * Shows the traffic @from → @to; its records are gathered in a thread
 * (see #WeftChplvisDetails:busy).
 */
void
weft_chplvis_details_show_pair (WeftChplvisDetails     *self,
                                guint                   from,
                                guint                   to,
                                const WeftChplvisQuery *query)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  PairJob *job;

  g_return_if_fail (WEFT_IS_CHPLVIS_DETAILS (self));
  g_return_if_fail (query != NULL);
  g_return_if_fail (self->dataset != NULL);

  title = g_strdup_printf (_("Locale %u → Locale %u"), from, to);
  subtitle = describe_query (self, query, TRUE);
  reset (self, "pair", title, subtitle);
  self->locale = from;
  self->peer = to;
  memset (&self->pair_stats, 0, sizeof self->pair_stats);
  show_button (self, self->reverse_button);
  set_busy (self, TRUE);

  job = g_new0 (PairJob, 1);
  job->dataset = g_object_ref (self->dataset);
  job->query = *query;
  job->from = from;
  job->to = to;
  self->cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->cancellable, pair_done_cb, weft_background_weak_ref_new (self));
  g_task_set_source_tag (task, weft_chplvis_details_show_pair);
  g_task_set_task_data (task, job, (GDestroyNotify)pair_job_free);
  g_task_run_in_thread (task, pair_thread);
}

static const char *
task_kind_text (guint8 flags)
{
  if (flags & WEFT_CHPLVIS_TASK_MAIN)
    return _("main task");
  if (flags & (WEFT_CHPLVIS_TASK_OVERHEAD | WEFT_CHPLVIS_TASK_ERASED))
    return _("VisualDebug’s own task");
  if (flags & WEFT_CHPLVIS_TASK_ON)
    return _("on task (executeOn)");

  return _("local task");
}

static char *
tag_text (WeftChplvisDetails *self,
          int                 tag)
{
  g_autofree char *name = weft_chplvis_dup_tag_name (get_trace (self), tag);

  if (tag < 0)
    return g_steal_pointer (&name);

  return g_strdup_printf (_("%s (tag %d)"), name, tag);
}

void
weft_chplvis_details_show_task (WeftChplvisDetails *self,
                                guint               locale,
                                guint32             task)
{
  const WeftChplvisTrace *trace;
  WeftChplvisTaskInfo info;
  g_autoptr(GArray) records = NULL;
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *heading = NULL;
  GtkGrid *grid;
  int src_file;

  g_return_if_fail (WEFT_IS_CHPLVIS_DETAILS (self));
  g_return_if_fail (self->dataset != NULL);

  trace = get_trace (self);
  if (!weft_chplvis_get_task_info (trace, locale, task, &info))
    return;

  {
    g_autofree char *tid = g_strdup_printf ("%" G_GUINT64_FORMAT, info.tid);

    title = g_strdup_printf (_("Task %s on Locale %u"), tid, locale);
  }
  subtitle = g_strdup (info.function != NULL ? info.function : _("unknown function"));
  reset (self, "task", title, subtitle);
  self->locale = locale;
  self->index = task;

  grid = add_section (self, _("Task"));
  add_fact (self, grid, _("Function"), info.function != NULL ? info.function : _("unknown"));
  src_file = trace->locales[locale]->tasks.src_file[task];
  add_fact_take (self, grid, _("Created at"), source_text (self, src_file, info.src_line));
  add_fact (self, grid, _("Kind"), task_kind_text (info.flags));
  add_fact_take (self, grid, _("Task id"), g_strdup_printf ("%" G_GUINT64_FORMAT, info.tid));
  if (!(info.flags & WEFT_CHPLVIS_TASK_MAIN))
    add_fact_take (self, grid, _("Parent task"), g_strdup_printf ("%" G_GUINT64_FORMAT, info.parent));
  add_fact_take (self, grid, _("Tag"), tag_text (self, info.tag));
  add_fact_take (self, grid, _("Trace line"), trace_line_text (self, locale, info.line));

  grid = add_section (self, _("Times"));
  add_fact_take (self, grid, _("Created"), weft_format_duration (info.create));
  add_fact_take (self, grid, _("Began"), (info.flags & WEFT_CHPLVIS_TASK_HAS_BEGIN) ? weft_format_duration (info.begin)
                                                                                   : g_strdup (_("not logged")));
  add_fact_take (self, grid, _("Ended"), (info.flags & WEFT_CHPLVIS_TASK_HAS_END) ? weft_format_duration (info.end)
                                                                                 : g_strdup (_("not logged")));
  if ((info.flags & WEFT_CHPLVIS_TASK_HAS_BEGIN) && (info.flags & WEFT_CHPLVIS_TASK_HAS_END))
    add_fact_take (self, grid, _("Duration"), weft_format_duration (info.end - info.begin));

  /* Incoming on-tasks have no source line of their own (fileno -5). */
  if (info.src_line > 0)
    set_source (self, src_file, info.src_line);

  records = weft_chplvis_list_task_comms (trace, locale, task);
  heading = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Communication of This Task",
                                          "%u Communications of This Task", records->len),
                             records->len);
  show_comm_list (self, heading, records);
}

void
weft_chplvis_details_show_record (WeftChplvisDetails *self,
                                  guint               locale,
                                  guint32             index,
                                  gboolean            fork)
{
  const WeftChplvisTrace *trace;
  WeftChplvisCommRecord record;
  g_autofree char *title = NULL;
  g_autofree char *bytes = NULL;
  GtkGrid *grid;

  g_return_if_fail (WEFT_IS_CHPLVIS_DETAILS (self));
  g_return_if_fail (self->dataset != NULL);

  trace = get_trace (self);
  if (locale >= trace->n_locales || trace->locales[locale] == NULL ||
      index >= (fork ? trace->locales[locale]->forks.n : trace->locales[locale]->comms.n))
    return;
  weft_chplvis_get_comm_record (trace, locale, fork, index, &record);

  title = g_strdup_printf ("%s %u → %u", weft_chplvis_record_kind_name (record.kind), record.from, record.to);
  reset (self, "record", title, record.overhead ? _("VisualDebug’s own communication") : NULL);
  self->locale = locale;
  self->index = index;

  grid = add_section (self, fork ? _("On Call") : _("Communication"));
  add_fact (self, grid, _("Kind"), weft_chplvis_record_kind_name (record.kind));
  add_fact_take (self, grid, _("Data flows"), g_strdup_printf (_("locale %u → locale %u"), record.from, record.to));
  add_fact_take (self, grid, _("Issued by"), g_strdup_printf (_("locale %u"), locale));
  bytes = weft_format_bytes (record.bytes);
  if (!fork && record.elem_size > 1)
    add_fact_take (self, grid, _("Bytes"), g_strdup_printf ("%s (%" G_GUINT64_FORMAT " × %" G_GUINT64_FORMAT ")",
                                                            bytes, record.elem_size, record.length));
  else
    add_fact (self, grid, fork ? _("Argument size") : _("Bytes"), bytes);
  add_fact_take (self, grid, _("Time"), weft_format_duration (record.time));
  add_fact_take (self, grid, _("Task id"), g_strdup_printf ("%" G_GUINT64_FORMAT, record.tid));
  add_fact_take (self, grid, _("Source"), source_text (self, record.src_file, record.src_line));
  if (fork)
    {
      const WeftChplvisFunction *function = weft_chplvis_trace_get_function (trace, record.fid);

      add_fact (self, grid, _("Runs"), function != NULL && function->name != NULL ? function->name : _("unknown"));
    }
  else
    add_fact_take (self, grid, _("Comm ID"), record.comm_id >= 0 ? g_strdup_printf ("%d", record.comm_id)
                                                                : g_strdup (_("none")));
  add_fact_take (self, grid, _("Trace line"), trace_line_text (self, locale, record.line));

  if (record.src_line > 0)
    set_source (self, record.src_file, record.src_line);
  if (record.task != WEFT_CHPLVIS_NO_TASK)
    {
      self->task_locale = locale;
      self->task = record.task;
      show_button (self, self->task_button);
    }
}

void
weft_chplvis_details_show_mark (WeftChplvisDetails *self,
                                guint               locale,
                                guint32             mark)
{
  const WeftChplvisTrace *trace;
  const WeftChplvisMark *m;
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  GtkGrid *grid;

  g_return_if_fail (WEFT_IS_CHPLVIS_DETAILS (self));
  g_return_if_fail (self->dataset != NULL);

  trace = get_trace (self);
  if (locale >= trace->n_locales || trace->locales[locale] == NULL || mark >= trace->locales[locale]->n_marks)
    return;
  m = &trace->locales[locale]->marks[mark];

  name = weft_chplvis_dup_tag_name (trace, m->tag);
  switch (m->kind)
    {
    case WEFT_CHPLVIS_MARK_TAG:
      title = g_strdup_printf (_("Tag “%s”"), name);
      break;
    case WEFT_CHPLVIS_MARK_PAUSE:
      title = g_strdup_printf (_("Pause in “%s”"), name);
      break;
    case WEFT_CHPLVIS_MARK_END:
    default:
      title = g_strdup (_("End"));
      break;
    }
  reset (self, "mark", title, NULL);
  self->locale = locale;
  self->index = mark;

  grid = add_section (self, m->kind == WEFT_CHPLVIS_MARK_TAG ? _("Tag") : _("Pause"));
  add_fact_take (self, grid, _("Tag"), tag_text (self, m->tag));
  add_fact_take (self, grid, _("Locale"), g_strdup_printf ("%u", locale));
  add_fact_take (self, grid, _("Time"), weft_format_duration (weft_chplvis_time_to_ns (trace, m->sample.time)));
  add_fact_take (self, grid, _("CPU user so far"), weft_format_seconds ((double)m->sample.user / 1e6));
  add_fact_take (self, grid, _("CPU system so far"), weft_format_seconds ((double)m->sample.sys / 1e6));
  add_fact_take (self, grid, _("Written by task"), g_strdup_printf ("%" G_GUINT64_FORMAT, m->tid));
  add_fact_take (self, grid, _("Trace line"), trace_line_text (self, locale, m->line));

  self->tag = m->tag;
  show_button (self, self->tag_button);
}

/**
 * weft_chplvis_details_show_function:
 * @row: a profile row (its strings belong to the run)
 * @query: the selection it was computed for
 */
void
weft_chplvis_details_show_function (WeftChplvisDetails          *self,
                                    const WeftChplvisProfileRow *row,
                                    const WeftChplvisQuery      *query)
{
  const WeftChplvisFunction *function;
  g_autofree char *subtitle = NULL;
  GtkGrid *grid;

  g_return_if_fail (WEFT_IS_CHPLVIS_DETAILS (self));
  g_return_if_fail (row != NULL);
  g_return_if_fail (query != NULL);
  g_return_if_fail (self->dataset != NULL);

  subtitle = describe_query (self, query, FALSE);
  reset (self, "function", row->name != NULL ? row->name : _("unknown function"), subtitle);
  self->index = (guint32)row->fid;

  grid = add_section (self, _("Function"));
  if (row->fid >= 0)
    add_fact_take (self, grid, _("Function id"), g_strdup_printf ("%d", row->fid));
  add_fact_take (self, grid, _("Defined at"), row->file != NULL ? (row->line > 0 ? g_strdup_printf ("%s:%d", row->file, row->line)
                                                                                  : g_strdup (row->file))
                                                                : g_strdup (_("unknown")));
  grid = add_section (self, _("Profile"));
  add_fact_take (self, grid, _("Clock"), weft_format_seconds (row->clock));
  add_fact_take (self, grid, _("Tasks"), weft_format_count (row->tasks));
  add_fact_take (self, grid, _("Gets"), weft_format_count (row->gets));
  add_fact_take (self, grid, _("Puts"), weft_format_count (row->puts));
  add_fact_take (self, grid, _("On calls"), weft_format_count (row->on_calls));
  if (row->tasks > 0)
    add_fact_take (self, grid, _("Clock per task"), weft_format_seconds (row->clock / (double)row->tasks));

  function = weft_chplvis_trace_get_function (get_trace (self), row->fid);
  if (function != NULL && function->line > 0)
    set_source (self, function->file, function->line);
}

/**
 * weft_chplvis_details_refresh:
 * @figures: the page's new figures
 *
 * Follows a new selection: a locale or a function shows its new figures, a
 * pair is counted again for the new query; tasks, records and marks do not
 * depend on it.
 */
void
weft_chplvis_details_refresh (WeftChplvisDetails *self,
                              WeftChplvisFigures *figures)
{
  g_return_if_fail (WEFT_IS_CHPLVIS_DETAILS (self));
  g_return_if_fail (figures != NULL);

  if (g_strcmp0 (self->kind, "locale") == 0 && self->locale < figures->n_locales)
    fill_locale (self, figures);
  else if (g_strcmp0 (self->kind, "pair") == 0)
    weft_chplvis_details_show_pair (self, self->locale, self->peer, &figures->query);
  else if (g_strcmp0 (self->kind, "function") == 0)
    {
      const WeftChplvisProfileRow *row = weft_chplvis_figures_find_function (figures, (int)self->index);

      if (row != NULL)
        weft_chplvis_details_show_function (self, row, &figures->query);
    }
}

/**
 * weft_chplvis_details_get_kind:
 *
 * Returns: "none", "locale", "pair", "task", "record", "mark" or "function".
 */
const char *
weft_chplvis_details_get_kind (WeftChplvisDetails *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_DETAILS (self), NULL);

  return self->kind;
}

gboolean
weft_chplvis_details_get_busy (WeftChplvisDetails *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_DETAILS (self), FALSE);

  return self->busy;
}

const char *
weft_chplvis_details_get_title (WeftChplvisDetails *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_DETAILS (self), NULL);

  return self->title;
}

/**
 * weft_chplvis_details_get_locale:
 *
 * Returns: the locale shown, a pair's sending locale, the issuer of a record.
 */
guint
weft_chplvis_details_get_locale (WeftChplvisDetails *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_DETAILS (self), 0);

  return self->locale;
}

/**
 * weft_chplvis_details_get_peer:
 *
 * Returns: a pair's receiving locale.
 */
guint
weft_chplvis_details_get_peer (WeftChplvisDetails *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_DETAILS (self), 0);

  return self->peer;
}

/**
 * weft_chplvis_details_get_pair_stats:
 *
 * Returns: the pair's figures once counted (zeros while busy).
 */
const WeftChplvisPairStats *
weft_chplvis_details_get_pair_stats (WeftChplvisDetails *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_DETAILS (self), NULL);

  return &self->pair_stats;
}

/**
 * weft_chplvis_details_dup_fact:
 * @name: a fact's name as shown ("Tasks", "Clock", …)
 *
 * Returns: (transfer full) (nullable): its value as shown.
 */
char *
weft_chplvis_details_dup_fact (WeftChplvisDetails *self,
                               const char         *name)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_DETAILS (self), NULL);

  return g_strdup (g_hash_table_lookup (self->facts, name));
}

WeftChplvisCommList *
weft_chplvis_details_get_comm_list (WeftChplvisDetails *self)
{
  g_return_val_if_fail (WEFT_IS_CHPLVIS_DETAILS (self), NULL);

  return self->comm_list;
}

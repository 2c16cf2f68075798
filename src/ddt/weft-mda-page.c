/* weft-mda-page.c: a DDT array on screen.
 *
 * The heat map is the shared WeftMatrixView (zoom with Ctrl+wheel or
 * Ctrl+plus/minus/0, pan by dragging, hover for index and value, filtered
 * cells hatched); above it the controls of DDT's MDA viewer: which dataset of
 * an HDF5 file, which two dimensions are rows and columns and a slider for
 * each other one, an "Only show if" filter on $value, and the colour scale
 * (diverging by default for signed data). Below it the statistics of what is
 * shown. Everything shown is derived from the dataset's array in one place,
 * update_view(), so the controls cannot disagree with the picture.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>

#include <math.h>

#include <glib/gi18n.h>

#include "weft-background.h"
#include "weft-error.h"
#include "weft-grid-util.h"
#include "weft-matrix-view.h"
#include "weft-mda-dataset.h"
#include "weft-mda-page.h"
#include "weft-page.h"
#include "weft-units.h"
#include "weft-value-filter.h"

struct _WeftMdaPage
{
  GtkWidget        parent_instance;

  WeftDocument    *document;
  WeftMdaDataset  *dataset;
  char            *filter;     /* the filter typed, when it parses */
  gsize            fixed[WEFT_MATRIX_MAX_DIMS];
  GCancellable    *reading;
  GCancellable    *viewing;    /* a big plane being made on a worker */

  GtkWidget       *box;
  GtkDropDown     *array_choice;
  GtkDropDown     *row_choice;
  GtkDropDown     *column_choice;
  GtkWidget       *sliders;
  GtkEntry        *filter_entry;
  GtkDropDown     *scale_choice;
  WeftMatrixView  *view;
  GtkLabel        *stats_label;
};

static void weft_mda_page_iface_init (WeftPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftMdaPage, weft_mda_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_PAGE, weft_mda_page_iface_init))

static WeftMatrix *
array (WeftMdaPage *self)
{
  return weft_mda_dataset_get_matrix (self->dataset);
}

static char *
format_number (double value)
{
  if (isnan (value))
    return g_strdup ("—");
  return g_strdup_printf ("%.6g", value);
}

/* "Cells 768 · filtered 52 · min −99.4 · max 99.9 · mean 0.2 · std dev 44.1 ·
 * NaN 1 · Inf 1", over the plane shown (after the filter). */
static void
show_stats (WeftMdaPage           *self,
            const WeftMatrixStats *stats)
{
  g_autofree char *cells = weft_format_count (stats->n_valid + stats->n_filtered);
  g_autofree char *filtered = weft_format_count (stats->n_filtered);
  g_autofree char *min = format_number (stats->finite_min);
  g_autofree char *max = format_number (stats->finite_max);
  g_autofree char *mean = format_number (stats->finite_mean);
  g_autofree char *stddev = format_number (stats->stddev);
  g_autofree char *nan = weft_format_count (stats->n_nan);
  g_autofree char *inf = weft_format_count (stats->n_inf);
  g_autofree char *text = NULL;

  text = g_strdup_printf (_("Cells %s · filtered %s · min %s · max %s · mean %s · std dev %s · NaN %s · Inf %s"),
                          cells, filtered, min, max, mean, stddev, nan, inf);
  gtk_label_set_text (self->stats_label, text);
}

static guint
dropdown_selected (GtkDropDown *dropdown)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  return selected == GTK_INVALID_LIST_POSITION ? 0 : selected;
}

static WeftColorScaleMode
chosen_scale (WeftMdaPage *self)
{
  switch (dropdown_selected (self->scale_choice))
    {
    case 1: return WEFT_COLOR_SCALE_LOG;
    case 2: return WEFT_COLOR_SCALE_DIVERGING;
    default: return WEFT_COLOR_SCALE_LINEAR;
    }
}

/* From this many cells an array's plane is made on a worker: a keystroke in
 * the filter of a 3000 × 3000 array held the window 285 ms (slicing,
 * filtering and two passes for statistics), besides drawing. */
#define VIEW_WORKER_MIN_CELLS 1000000

/* What the controls ask to see … */
typedef struct
{
  WeftMatrix *matrix;
  guint       rows;
  guint       columns;
  gsize       fixed[WEFT_MATRIX_MAX_DIMS];
  char       *filter;   /* a valid expression, or NULL */
} ViewJob;

/* … and what is shown. */
typedef struct
{
  WeftMatrix      *shown;
  WeftMatrixStats  stats;
} ViewResult;

static void
view_job_free (gpointer data)
{
  ViewJob *job = data;

  weft_matrix_unref (job->matrix);
  g_free (job->filter);
  g_free (job);
}

static void
view_result_free (gpointer data)
{
  ViewResult *result = data;

  weft_matrix_unref (result->shown);
  g_free (result);
}

/* The plane of the chosen rows and columns at the sliders' indices, then the
 * filter, with its statistics; on any thread. */
static gpointer
make_view (gpointer      data,
           GCancellable *cancellable,
           GError      **error)
{
  ViewJob *job = data;
  g_autoptr(WeftMatrix) plane = NULL;
  g_autoptr(WeftValueFilter) filter = NULL;
  ViewResult *result;

  if (weft_matrix_get_n_dims (job->matrix) <= 2)
    plane = weft_matrix_ref (job->matrix);
  else
    plane = weft_matrix_slice_2d (job->matrix, job->rows, job->columns, job->fixed);
  if (plane == NULL)
    {
      g_set_error_literal (error, WEFT_ERROR, WEFT_ERROR_FAILED, _("This plane of the array cannot be shown"));
      return NULL;
    }
  if (job->filter != NULL)
    {
      WeftMatrix *filtered;

      if (g_cancellable_set_error_if_cancelled (cancellable, error) ||
          (filter = weft_value_filter_parse (job->filter, error)) == NULL)
        return NULL;
      filtered = weft_value_filter_apply (filter, plane);
      if (filtered == NULL)
        {
          g_set_error_literal (error, WEFT_ERROR, WEFT_ERROR_FAILED, _("The filter cannot be applied"));
          return NULL;
        }
      g_clear_pointer (&plane, weft_matrix_unref);
      plane = filtered;
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  result = g_new0 (ViewResult, 1);
  result->shown = g_steal_pointer (&plane);
  weft_matrix_compute_stats (result->shown, &result->stats);
  return result;
}

static void
show_view (gpointer      owner,
           gpointer      data,
           const GError *error)
{
  WeftMdaPage *self = owner;
  ViewResult *result = data;

  g_clear_object (&self->viewing);
  if (result == NULL)
    {
      gtk_label_set_text (self->stats_label, error->message);
      return;
    }
  weft_matrix_view_set_scale_mode (self->view, chosen_scale (self));
  weft_matrix_view_set_matrix_with_stats (self->view, result->shown, &result->stats);
  show_stats (self, &result->stats);
  view_result_free (result);
}

/* Everything shown follows from the array and the controls here: at once
 * for a small array, from a worker for a big one (the last request wins). */
static void
update_view (WeftMdaPage *self)
{
  WeftMatrix *matrix = array (self);
  ViewJob *job = g_new0 (ViewJob, 1);

  job->matrix = weft_matrix_ref (matrix);
  job->rows = dropdown_selected (self->row_choice);
  job->columns = dropdown_selected (self->column_choice);
  if (job->columns == job->rows)
    job->columns = job->rows == 0 ? 1 : 0;
  memcpy (job->fixed, self->fixed, sizeof job->fixed);
  job->filter = g_strdup (self->filter);

  g_cancellable_cancel (self->viewing);
  g_clear_object (&self->viewing);
  if (weft_matrix_get_n_elements (matrix) < VIEW_WORKER_MIN_CELLS)
    {
      g_autoptr(GError) error = NULL;
      gpointer result = make_view (job, NULL, &error);

      view_job_free (job);
      show_view (self, result, error);
      return;
    }
  self->viewing = g_cancellable_new ();
  weft_background_run (self, job, view_job_free, make_view, view_result_free, self->viewing, show_view);
}

/* The colours only: the plane shown stays. */
static void
scale_changed_cb (WeftMdaPage *self)
{
  weft_matrix_view_set_scale_mode (self->view, chosen_scale (self));
}

static void
slider_changed_cb (GtkSpinButton *spin,
                   WeftMdaPage   *self)
{
  guint dim = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "weft-dim"));
  WeftMatrix *matrix = array (self);

  self->fixed[dim] = (gsize)(gtk_spin_button_get_value_as_int (spin) - weft_matrix_get_dim_start (matrix, dim));
  update_view (self);
}

static char *
dim_title (WeftMatrix *matrix,
           guint       dim)
{
  const char *name = weft_matrix_get_dim_name (matrix, dim);

  if (name != NULL && name[0] != '\0')
    return g_strdup (name);
  return g_strdup_printf (_("dimension %u"), dim + 1);
}

/* One spin button per dimension that is neither rows nor columns, counting
 * from the dimension's start (DDT metavariables need not start at 0). */
static void
rebuild_sliders (WeftMdaPage *self)
{
  WeftMatrix *matrix = array (self);
  guint n_dims = weft_matrix_get_n_dims (matrix);
  guint rows = dropdown_selected (self->row_choice);
  guint columns = dropdown_selected (self->column_choice);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->sliders)) != NULL)
    gtk_box_remove (GTK_BOX (self->sliders), child);

  for (guint d = 0; d < n_dims && n_dims > 2; d++)
    {
      g_autofree char *title = dim_title (matrix, d);
      gint64 start = weft_matrix_get_dim_start (matrix, d);
      GtkWidget *label, *spin;

      if (d == rows || d == columns)
        continue;

      label = gtk_label_new (title);
      spin = gtk_spin_button_new_with_range ((double)start, (double)(start + (gint64)weft_matrix_get_shape (matrix)[d] - 1), 1);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), (double)(start + (gint64)self->fixed[d]));
      gtk_widget_set_tooltip_text (spin, _("The index of this dimension in the plane shown"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
      g_object_set_data (G_OBJECT (spin), "weft-dim", GUINT_TO_POINTER (d));
      g_signal_connect (spin, "value-changed", G_CALLBACK (slider_changed_cb), self);
      gtk_box_append (GTK_BOX (self->sliders), label);
      gtk_box_append (GTK_BOX (self->sliders), spin);
    }
}

static void
dims_changed_cb (WeftMdaPage *self)
{
  rebuild_sliders (self);
  update_view (self);
}

/* Dimension choices and sliders for the array now in the dataset. */
static void
setup_dimensions (WeftMdaPage *self)
{
  WeftMatrix *matrix = array (self);
  guint n_dims = weft_matrix_get_n_dims (matrix);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
  WeftMatrixStats stats;
  gboolean several = n_dims > 2;

  memset (self->fixed, 0, sizeof self->fixed);
  for (guint d = 0; d < n_dims; d++)
    {
      g_autofree char *title = dim_title (matrix, d);

      gtk_string_list_append (names, title);
    }

  g_signal_handlers_block_by_func (self->row_choice, dims_changed_cb, self);
  g_signal_handlers_block_by_func (self->column_choice, dims_changed_cb, self);
  gtk_drop_down_set_model (self->row_choice, G_LIST_MODEL (names));
  gtk_drop_down_set_model (self->column_choice, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->row_choice, 0);
  gtk_drop_down_set_selected (self->column_choice, n_dims > 1 ? 1 : 0);
  g_signal_handlers_unblock_by_func (self->row_choice, dims_changed_cb, self);
  g_signal_handlers_unblock_by_func (self->column_choice, dims_changed_cb, self);
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->row_choice)), several);

  /* Signed data reads best around zero. */
  weft_matrix_compute_stats (matrix, &stats);
  gtk_drop_down_set_selected (self->scale_choice, stats.finite_min < 0 && stats.finite_max > 0 ? 2 : 0);

  rebuild_sliders (self);
}

static void
filter_changed_cb (GtkEditable *editable,
                   WeftMdaPage *self)
{
  const char *text = gtk_editable_get_text (editable);
  g_autoptr(GError) error = NULL;
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  g_clear_pointer (&self->filter, g_free);
  gtk_widget_remove_css_class (GTK_WIDGET (self->filter_entry), "error");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->filter_entry),
                               _("Only show cells for which this is true, e.g. $value > 0 or $value != 0 && $value < 5"));

  if (stripped[0] != '\0')
    {
      g_autoptr(WeftValueFilter) filter = weft_value_filter_parse (stripped, &error);

      /* Parsed here to mark a mistake at once; applied by make_view(). */
      if (filter == NULL)
        {
          gtk_widget_add_css_class (GTK_WIDGET (self->filter_entry), "error");
          gtk_widget_set_tooltip_text (GTK_WIDGET (self->filter_entry), error->message);
          return;
        }
      self->filter = g_steal_pointer (&stripped);
    }
  update_view (self);
}

static void
read_array_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(WeftMdaPage) self = weft_background_weak_ref_take (user_data);
  g_autoptr(WeftMatrix) matrix = NULL;
  g_autoptr(GError) error = NULL;
  const char *name = g_task_get_task_data (G_TASK (result));

  matrix = g_task_propagate_pointer (G_TASK (result), &error);
  /* Gone with its tab. */
  if (self == NULL)
    return;
  if (matrix == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (self->stats_label, error->message);
      return;
    }

  weft_mda_dataset_set_array (self->dataset, name, matrix);
  setup_dimensions (self);
  update_view (self);
}

static void
read_array_thread (GTask        *task,
                   gpointer      source,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  WeftMdaDataset *dataset = source;
  GError *error = NULL;
  WeftMatrix *matrix = weft_mda_dataset_read_array (dataset, task_data, &error);

  if (matrix == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, matrix, (GDestroyNotify)weft_matrix_unref);
}

/* Another dataset of the HDF5 file, read off the main thread. */
static void
array_changed_cb (WeftMdaPage *self)
{
  const char * const *arrays = weft_mda_dataset_list_arrays (self->dataset);
  guint selected = dropdown_selected (self->array_choice);
  g_autoptr(GTask) task = NULL;

  if (arrays[selected] == NULL || g_strcmp0 (arrays[selected], weft_mda_dataset_get_array_name (self->dataset)) == 0)
    return;

  g_cancellable_cancel (self->reading);
  g_clear_object (&self->reading);
  self->reading = g_cancellable_new ();
  task = g_task_new (self->dataset, self->reading, read_array_cb, weft_background_weak_ref_new (self));
  g_task_set_task_data (task, g_strdup (arrays[selected]), g_free);
  g_task_run_in_thread (task, read_array_thread);
}

static GtkWidget *
labelled (const char *text,
          GtkWidget  *widget)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new_with_mnemonic (text);

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), widget);
  return box;
}

static void
build_ui (WeftMdaPage *self)
{
  const char *scales[] = { N_("Linear"), N_("Log"), N_("Diverging"), NULL };
  const char *const *arrays = weft_mda_dataset_list_arrays (self->dataset);
  g_autoptr(GtkStringList) scale_names = gtk_string_list_new (NULL);
  GtkWidget *bar, *dims;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_widget_set_margin_top (bar, 6);
  gtk_box_append (GTK_BOX (self->box), bar);

  self->array_choice = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (arrays));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->array_choice), _("The dataset of the HDF5 file to show"));
  gtk_box_append (GTK_BOX (bar), labelled (_("_Dataset"), GTK_WIDGET (self->array_choice)));
  gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->array_choice)), g_strv_length ((char **)arrays) > 1);
  g_signal_connect_swapped (self->array_choice, "notify::selected", G_CALLBACK (array_changed_cb), self);

  dims = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->row_choice = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  self->column_choice = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->row_choice), _("The dimension shown down the rows"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->column_choice), _("The dimension shown across the columns"));
  gtk_box_append (GTK_BOX (dims), labelled (_("_Rows"), GTK_WIDGET (self->row_choice)));
  gtk_box_append (GTK_BOX (dims), labelled (_("C_olumns"), GTK_WIDGET (self->column_choice)));
  self->sliders = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (dims), self->sliders);
  gtk_box_append (GTK_BOX (bar), dims);
  g_signal_connect_swapped (self->row_choice, "notify::selected", G_CALLBACK (dims_changed_cb), self);
  g_signal_connect_swapped (self->column_choice, "notify::selected", G_CALLBACK (dims_changed_cb), self);

  self->filter_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (self->filter_entry, _("Only show if… ($value > 0)"));
  gtk_widget_set_hexpand (GTK_WIDGET (self->filter_entry), TRUE);
  gtk_box_append (GTK_BOX (bar), labelled (_("_Filter"), GTK_WIDGET (self->filter_entry)));
  g_signal_connect (self->filter_entry, "changed", G_CALLBACK (filter_changed_cb), self);

  for (guint i = 0; scales[i] != NULL; i++)
    gtk_string_list_append (scale_names, _(scales[i]));
  self->scale_choice = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (scale_names)), NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->scale_choice),
                               _("How values map to colours: linear, logarithmic, or diverging around zero"));
  gtk_box_append (GTK_BOX (bar), labelled (_("_Scale"), GTK_WIDGET (self->scale_choice)));
  g_signal_connect_swapped (self->scale_choice, "notify::selected", G_CALLBACK (scale_changed_cb), self);

  self->view = WEFT_MATRIX_VIEW (weft_matrix_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->view), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->view), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Array"), -1);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->view));

  self->stats_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->stats_label, 0);
  gtk_label_set_selectable (self->stats_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->stats_label), "numeric");
  gtk_widget_set_margin_start (GTK_WIDGET (self->stats_label), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->stats_label), 6);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->stats_label));
}

/* Builds the page for its document (set by weft_mda_page_new()). */
static void
setup (WeftMdaPage *self)
{
  g_assert (WEFT_IS_MDA_DATASET (weft_document_get_dataset (self->document)));
  self->dataset = g_object_ref (WEFT_MDA_DATASET (weft_document_get_dataset (self->document)));

  build_ui (self);
  setup_dimensions (self);
  update_view (self);
}

static void
weft_mda_page_dispose (GObject *object)
{
  WeftMdaPage *self = WEFT_MDA_PAGE (object);

  g_cancellable_cancel (self->reading);
  g_clear_object (&self->reading);
  g_cancellable_cancel (self->viewing);
  g_clear_object (&self->viewing);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->filter, g_free);
  g_clear_object (&self->dataset);
  g_clear_object (&self->document);

  G_OBJECT_CLASS (weft_mda_page_parent_class)->dispose (object);
}

static void
weft_mda_page_class_init (WeftMdaPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_mda_page_dispose;

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "mdapage");
}

static void
weft_mda_page_init (WeftMdaPage *self)
{
}

WeftMdaPage *
weft_mda_page_new (WeftDocument *document)
{
  WeftMdaPage *self;

  g_return_val_if_fail (WEFT_IS_DOCUMENT (document), NULL);

  self = g_object_new (WEFT_TYPE_MDA_PAGE, NULL);
  self->document = g_object_ref (document);
  setup (self);
  return self;
}

WeftMatrixView *
weft_mda_page_get_matrix_view (WeftMdaPage *self)
{
  g_return_val_if_fail (WEFT_IS_MDA_PAGE (self), NULL);

  return self->view;
}

GtkLabel *
weft_mda_page_get_stats_label (WeftMdaPage *self)
{
  g_return_val_if_fail (WEFT_IS_MDA_PAGE (self), NULL);

  return self->stats_label;
}

/* Test and keyboard access to the filter. */
GtkEntry *
weft_mda_page_get_filter_entry (WeftMdaPage *self)
{
  g_return_val_if_fail (WEFT_IS_MDA_PAGE (self), NULL);

  return self->filter_entry;
}

/* WeftPage ---------------------------------------------------------------------- */

static WeftDocument *
weft_mda_page_get_document (WeftPage *page)
{
  return WEFT_MDA_PAGE (page)->document;
}

/* The array: data as MDA CSV/HDF5 (the whole dataset shown, as DDT exports
 * the array), or the picture. */
static gboolean
weft_mda_page_get_export_view (WeftPage         *page,
                               const char      **view,
                               WeftViewOptions  *options)
{
  WeftMdaPage *self = WEFT_MDA_PAGE (page);

  *view = "array";
  memset (options, 0, sizeof *options);
  options->metric = weft_mda_dataset_get_array_name (self->dataset);
  return TRUE;
}

static void
weft_mda_page_iface_init (WeftPageInterface *iface)
{
  iface->get_document = weft_mda_page_get_document;
  iface->get_export_view = weft_mda_page_get_export_view;
}

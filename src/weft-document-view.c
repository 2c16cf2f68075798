/* weft-document-view.c
 *
 * Shows a document through its life: a progress page with the reader's message
 * and a Cancel button while it loads, an error page naming the file and the
 * problem when it fails, and the family's page (with a warnings bar when lines
 * were skipped) when it is ready. Cancelling closes the tab ("close-requested").
 * With a "compare-base" document, the loaded document is the other run of a
 * comparison and the page is the comparison page (or an error page when the
 * two runs cannot be compared).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "weft-comparison-page.h"
#include "weft-document-view.h"
#include "weft-pages.h"
#include "weft-timing.h"
#include "weft-warnings-dialog.h"

struct _WeftDocumentView
{
  GtkWidget       parent_instance;

  WeftDocument   *document;
  WeftDocument   *compare_base;   /* set: this is the other run of a comparison */
  GSettings      *settings;       /* handed down to the page */
  GCancellable   *cancellable;
  GtkWidget      *page;

  GtkStack       *stack;
  AdwStatusPage  *loading_page;
  GtkProgressBar *progress_bar;
  GtkLabel       *progress_label;
  AdwStatusPage  *error_page;
  GtkLabel       *error_label;
  GtkInfoBar     *warnings_bar;
  GtkLabel       *warnings_label;
  AdwBin         *content_bin;
};

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_SETTINGS,
  PROP_COMPARE_BASE,
  PROP_STATE_NAME,
  N_PROPS
};

enum {
  CLOSE_REQUESTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (WeftDocumentView, weft_document_view, GTK_TYPE_WIDGET)

WeftDocumentView *
weft_document_view_new (WeftDocument *document,
                        GSettings    *settings)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (WEFT_TYPE_DOCUMENT_VIEW, "document", document, "settings", settings, NULL);
}

/**
 * weft_document_view_new_comparison:
 * @other: the run to load and compare
 * @base: a loaded document of the same family, the run compared against
 *
 * A view that loads @other and then shows it against @base.
 */
WeftDocumentView *
weft_document_view_new_comparison (WeftDocument *other,
                                   WeftDocument *base,
                                   GSettings    *settings)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (other), NULL);
  g_return_val_if_fail (WEFT_IS_DOCUMENT (base), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (WEFT_TYPE_DOCUMENT_VIEW, "document", other, "compare-base", base, "settings", settings, NULL);
}

/**
 * weft_document_view_get_compare_base:
 *
 * Returns: (transfer none) (nullable): the base run when this view compares
 */
WeftDocument *
weft_document_view_get_compare_base (WeftDocumentView *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT_VIEW (self), NULL);

  return self->compare_base;
}

WeftDocument *
weft_document_view_get_document (WeftDocumentView *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT_VIEW (self), NULL);

  return self->document;
}

/**
 * weft_document_view_get_page:
 *
 * Returns: (transfer none) (nullable): the family page once the document loaded.
 */
GtkWidget *
weft_document_view_get_page (WeftDocumentView *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT_VIEW (self), NULL);

  return self->page;
}

/**
 * weft_document_view_get_state_name:
 *
 * Returns: which page shows: "loading", "error" or "content".
 */
const char *
weft_document_view_get_state_name (WeftDocumentView *self)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT_VIEW (self), NULL);

  return gtk_stack_get_visible_child_name (self->stack);
}

static void
show_state (WeftDocumentView *self,
            const char       *name)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), name) != 0)
    {
      gtk_stack_set_visible_child_name (self->stack, name);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE_NAME]);
    }
}

static void
update_progress (WeftDocumentView *self)
{
  const char *message = weft_document_get_message (self->document);

  gtk_progress_bar_set_fraction (self->progress_bar, weft_document_get_fraction (self->document));
  gtk_label_set_label (self->progress_label, message != NULL ? message : "");
}

/* Follows the document's progress on the loading page. */
static void
watch_document (WeftDocumentView *self)
{
  g_signal_connect_object (self->document, "notify::fraction", G_CALLBACK (update_progress), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::message", G_CALLBACK (update_progress), self, G_CONNECT_SWAPPED);
}

static void
update_warnings (WeftDocumentView *self)
{
  guint n = weft_document_get_n_warnings (self->document);
  g_autofree char *text = NULL;

  if (n == 0)
    {
      gtk_info_bar_set_revealed (self->warnings_bar, FALSE);
      return;
    }

  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Weft skipped or questioned %u piece of the input while reading it.",
                                       "Weft skipped or questioned %u pieces of the input while reading it.", n),
                          n);
  gtk_label_set_label (self->warnings_label, text);
  gtk_info_bar_set_revealed (self->warnings_bar, TRUE);
}

static void
show_error (WeftDocumentView *self,
            const GError     *error)
{
  g_autofree char *title = g_strdup_printf (_("Could Not Open “%s”"), weft_document_get_title (self->document));

  adw_status_page_set_title (self->error_page, title);
  gtk_label_set_label (self->error_label, error->message);
  show_state (self, "error");
}

/* The page has been laid out and painted once (ticks come after a frame). */
static gboolean
first_frame_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  if (!gtk_widget_get_mapped (widget))
    return G_SOURCE_CONTINUE;

  weft_timing_mark ("first-view-drawn");
  return G_SOURCE_REMOVE;
}

static void
load_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  WeftDocument *document = WEFT_DOCUMENT (object);
  g_autoptr(WeftDocumentView) self = user_data;
  g_autoptr(GError) error = NULL;
  gboolean ok = weft_document_load_finish (document, result, &error);

  /* The tab may have been closed while the document loaded. */
  if (self->stack == NULL || document != self->document)
    return;

  if (!ok)
    {
      /* The user asked to stop: the tab has no more reason to exist. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_signal_emit (self, signals[CLOSE_REQUESTED], 0);
          return;
        }
      show_error (self, error);
      return;
    }

  weft_timing_mark ("document-loaded");
  weft_timing_stages (weft_document_get_stage_times (document));
  g_clear_pointer (&self->page, gtk_widget_unparent);
  if (self->compare_base != NULL)
    {
      self->page = weft_comparison_page_new (self->compare_base, document, &error);
      if (self->page == NULL)
        {
          show_error (self, error);
          adw_status_page_set_title (self->error_page, _("Could Not Compare These Runs"));
          return;
        }
    }
  else
    self->page = weft_pages_create (document, self->settings);
  gtk_widget_add_tick_callback (self->page, first_frame_cb, NULL, NULL);
  adw_bin_set_child (self->content_bin, self->page);
  update_warnings (self);
  show_state (self, "content");
}

/**
 * weft_document_view_load:
 *
 * Starts loading the document (it must be new).
 */
void
weft_document_view_load (WeftDocumentView *self)
{
  g_autofree char *title = NULL;

  g_return_if_fail (WEFT_IS_DOCUMENT_VIEW (self));

  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  title = g_strdup_printf (_("Reading “%s”"), weft_document_get_title (self->document));
  adw_status_page_set_title (self->loading_page, title);
  update_progress (self);
  show_state (self, "loading");

  weft_document_load_async (self->document, self->cancellable, load_cb, g_object_ref (self));
}

/**
 * weft_document_view_reload:
 *
 * Loads the same files again into a new document (after an error, or when the
 * files changed).
 */
void
weft_document_view_reload (WeftDocumentView *self)
{
  g_autoptr(WeftDocument) document = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new ();

  g_return_if_fail (WEFT_IS_DOCUMENT_VIEW (self));

  for (guint i = 0; i < weft_document_get_n_files (self->document); i++)
    g_ptr_array_add (files, weft_document_get_file (self->document, i));
  document = weft_document_new ((GFile *const *)files->pdata, files->len);

  g_cancellable_cancel (self->cancellable);
  g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  watch_document (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);

  weft_document_view_load (self);
}

void
weft_document_view_cancel (WeftDocumentView *self)
{
  g_return_if_fail (WEFT_IS_DOCUMENT_VIEW (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

void
weft_document_view_show_warnings (WeftDocumentView *self)
{
  WeftWarningsDialog *dialog;
  GtkRoot *root;

  g_return_if_fail (WEFT_IS_DOCUMENT_VIEW (self));

  dialog = weft_warnings_dialog_new (self->document);
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (GTK_WINDOW (dialog), GTK_WINDOW (root));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
weft_document_view_close_clicked_cb (WeftDocumentView *self)
{
  g_signal_emit (self, signals[CLOSE_REQUESTED], 0);
}

static gboolean
escape_cb (GtkWidget *widget,
           GVariant  *args,
           gpointer   user_data)
{
  WeftDocumentView *self = WEFT_DOCUMENT_VIEW (widget);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "loading") != 0)
    return FALSE;

  weft_document_view_cancel (self);
  return TRUE;
}

static void
weft_document_view_dispose (GObject *object)
{
  WeftDocumentView *self = (WeftDocumentView *)object;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);

  self->page = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), WEFT_TYPE_DOCUMENT_VIEW);

  G_OBJECT_CLASS (weft_document_view_parent_class)->dispose (object);
}

static void
weft_document_view_finalize (GObject *object)
{
  WeftDocumentView *self = (WeftDocumentView *)object;

  g_clear_object (&self->document);
  g_clear_object (&self->compare_base);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (weft_document_view_parent_class)->finalize (object);
}

static void
weft_document_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  WeftDocumentView *self = WEFT_DOCUMENT_VIEW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;

    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    case PROP_COMPARE_BASE:
      g_value_set_object (value, self->compare_base);
      break;

    case PROP_STATE_NAME:
      g_value_set_string (value, weft_document_view_get_state_name (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_document_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  WeftDocumentView *self = WEFT_DOCUMENT_VIEW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_assert (self->document == NULL);
      self->document = g_value_dup_object (value);
      watch_document (self);
      break;

    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;

    case PROP_COMPARE_BASE:
      self->compare_base = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_document_view_class_init (WeftDocumentViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_document_view_dispose;
  object_class->finalize = weft_document_view_finalize;
  object_class->get_property = weft_document_view_get_property;
  object_class->set_property = weft_document_view_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, WEFT_TYPE_DOCUMENT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /* The application's settings, which the window hands down to the page. */
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /* The base run when the view shows its document against it. */
  properties[PROP_COMPARE_BASE] =
    g_param_spec_object ("compare-base", NULL, NULL, WEFT_TYPE_DOCUMENT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  properties[PROP_STATE_NAME] =
    g_param_spec_string ("state-name", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * WeftDocumentView::close-requested:
   *
   * The user cancelled the load or closed the error page: remove the tab.
   */
  signals[CLOSE_REQUESTED] =
    g_signal_new ("close-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/ui/weft-document-view.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "documentview");
  gtk_widget_class_bind_template_child (widget_class, WeftDocumentView, stack);
  gtk_widget_class_bind_template_child (widget_class, WeftDocumentView, loading_page);
  gtk_widget_class_bind_template_child (widget_class, WeftDocumentView, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, WeftDocumentView, progress_label);
  gtk_widget_class_bind_template_child (widget_class, WeftDocumentView, error_page);
  gtk_widget_class_bind_template_child (widget_class, WeftDocumentView, error_label);
  gtk_widget_class_bind_template_child (widget_class, WeftDocumentView, warnings_bar);
  gtk_widget_class_bind_template_child (widget_class, WeftDocumentView, warnings_label);
  gtk_widget_class_bind_template_child (widget_class, WeftDocumentView, content_bin);
  gtk_widget_class_bind_template_callback (widget_class, weft_document_view_cancel);
  gtk_widget_class_bind_template_callback (widget_class, weft_document_view_reload);
  gtk_widget_class_bind_template_callback (widget_class, weft_document_view_show_warnings);
  gtk_widget_class_bind_template_callback (widget_class, weft_document_view_close_clicked_cb);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, escape_cb, NULL);
}

static void
weft_document_view_init (WeftDocumentView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

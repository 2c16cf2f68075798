/* weft-source-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "weft-array-model.h"
#include "weft-source-view.h"
#include "weft-widget-theme.h"

/* A line longer than this is cut when shown (minified or generated code
 * would otherwise make one label thousands of pixels wide). */
#define MAX_SHOWN_LINE 4096

typedef struct
{
  guint32 offset;
  guint32 length;
} SourceLine;

typedef struct
{
  GBytes *text;
  GArray *lines;   /* SourceLine */
} Loaded;

struct _WeftSourceView
{
  GtkWidget              parent_instance;

  char                  *name;
  char                  *path;
  char                  *title;
  char                  *message;
  int                    line;
  GBytes                *text;
  WeftArrayModel *lines;
  GtkSingleSelection    *selection;
  GCancellable          *cancellable;
  guint                  center_tick;
  guint                  center_tries;
  gboolean               center_from_top;  /* the first step of centering is done */
  guint                  number_chars;
  char                  *no_file_hint;
  char                  *not_found_hint;
  gboolean               offer_source_folders;
  GArray                *annotations;      /* WeftSourceAnnotation, [line - 1] */
  char                  *annotations_title;
  guint                  annotation_chars;

  GtkWidget             *box;
  GtkLabel              *title_label;
  GtkLabel              *path_label;
  GtkLabel              *empty_label;
  GtkStack              *stack;
  GtkSpinner            *spinner;
  GtkListView           *list_view;
  GtkImage              *message_icon;
  GtkLabel              *message_title;
  GtkLabel              *message_label;
  GtkWidget             *preferences_button;
};

enum {
  PROP_0,
  PROP_STATE,
  N_PROPS
};

enum {
  CLOSE_REQUESTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (WeftSourceView, weft_source_view, GTK_TYPE_WIDGET)

static void
loaded_free (Loaded *loaded)
{
  g_clear_pointer (&loaded->text, g_bytes_unref);
  g_clear_pointer (&loaded->lines, g_array_unref);
  g_free (loaded);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Loaded, loaded_free)

static void
set_state (WeftSourceView *self,
           const char            *state)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), state) == 0)
    return;

  gtk_spinner_set_spinning (self->spinner, g_str_equal (state, "loading"));
  gtk_stack_set_visible_child_name (self->stack, state);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
show_message (WeftSourceView *self,
              const char            *icon_name,
              const char            *title,
              const char            *message,
              gboolean               offer_preferences)
{
  g_free (self->message);
  self->message = g_strdup (message);
  gtk_image_set_from_icon_name (self->message_icon, icon_name);
  gtk_label_set_label (self->message_title, title);
  gtk_label_set_label (self->message_label, message);
  gtk_widget_set_visible (self->preferences_button, offer_preferences);
  set_state (self, "message");
}

/* Loading --------------------------------------------------------------------- */

static GArray *
split_lines (const char *text,
             gsize       len)
{
  GArray *lines = g_array_new (FALSE, FALSE, sizeof (SourceLine));
  gsize start = 0;

  for (gsize i = 0; i <= len; i++)
    {
      if (i < len && text[i] != '\n')
        continue;
      /* No empty line after a final newline, as editors count. */
      if (i == len && start == len && len > 0)
        break;
      {
        SourceLine line = { (guint32)start, (guint32)(i - start) };

        /* CRLF files: the CR is not part of the line. */
        if (line.length > 0 && text[start + line.length - 1] == '\r')
          line.length--;
        g_array_append_val (lines, line);
      }
      start = i + 1;
    }

  return lines;
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  const char *path = task_data;
  g_autoptr(Loaded) loaded = g_new0 (Loaded, 1);
  g_autofree char *contents = NULL;
  GError *error = NULL;
  GStatBuf st;
  gsize len;

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;

      g_task_return_new_error (task, G_IO_ERROR, g_io_error_from_errno (saved), "%s", g_strerror (saved));
      return;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE, _("It is not a regular file."));
      return;
    }
  if (st.st_size > WEFT_SOURCE_MAX_SIZE)
    {
      g_autofree char *size = g_format_size ((guint64)st.st_size);
      g_autofree char *max = g_format_size (WEFT_SOURCE_MAX_SIZE);

      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_MESSAGE_TOO_LARGE,
                               _("It is %s, more than the %s Weft shows."), size, max);
      return;
    }

  if (!g_file_get_contents (path, &contents, &len, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  /* Checked again: the file may have grown since the stat. */
  if (len > WEFT_SOURCE_MAX_SIZE || memchr (contents, '\0', len) != NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("It is not a text file."));
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;

  if (!g_utf8_validate (contents, len, NULL))
    {
      char *valid = g_utf8_make_valid (contents, len);

      g_free (contents);
      contents = valid;
      len = strlen (valid);
    }

  loaded->lines = split_lines (contents, len);
  loaded->text = g_bytes_new_take (g_steal_pointer (&contents), len);
  g_task_return_pointer (task, g_steal_pointer (&loaded), (GDestroyNotify)loaded_free);
}

static gboolean
center_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  WeftSourceView *self = WEFT_SOURCE_VIEW (user_data);
  GtkAdjustment *adjustment = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list_view));
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->lines));
  double page = gtk_adjustment_get_page_size (adjustment);
  double upper = gtk_adjustment_get_upper (adjustment);
  double row;
  guint below, target;

  /* Wait for the list's first layout (a few frames at most). */
  if ((page <= 0 || upper <= 0) && n > 0 && ++self->center_tries < 60)
    return G_SOURCE_CONTINUE;

  self->center_tick = 0;
  if (n == 0 || self->line < 1 || (guint)self->line > n || page <= 0)
    return G_SOURCE_REMOVE;

  /* The list starts at the top, and scrolling to a row below the view puts
   * that row at the bottom: scrolling to the row half a view below the
   * target puts the target in the middle. (Setting the adjustment directly
   * can land where GTK 4.8 has no row laid out yet.) Lines are one monospace
   * row each, so the list's estimate of a row's height is exact. */
  /* First to the top: the list may keep the place it had in the file shown
   * before (a list view stays anchored to an item across models), and then
   * the target row would not be below the view. */
  if (!self->center_from_top)
    {
      self->center_from_top = TRUE;
      gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", 0);
      self->center_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->list_view), center_tick_cb, self, NULL);
      return G_SOURCE_REMOVE;
    }
  row = upper / n;
  below = (guint)(page / MAX (row, 1.0) / 2);
  target = MIN (n - 1, (guint)self->line - 1 + below);
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", target);

  return G_SOURCE_REMOVE;
}

static void
load_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  WeftSourceView *self = WEFT_SOURCE_VIEW (object);
  g_autoptr(Loaded) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *digits = NULL;
  guint n;

  loaded = g_task_propagate_pointer (G_TASK (result), &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->stack == NULL)
    return;

  if (loaded == NULL)
    {
      g_autofree char *message = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        {
          /* Translators: the trace's name for a file, where Weft looked, then a hint. */
          message = g_strdup_printf (_("The trace names “%s”. Weft looked for it at %s, but there is no such file. %s"),
                                     self->name, self->path, self->not_found_hint);
          show_message (self, "edit-find-symbolic", _("Source File Not Found"), message,
                        self->offer_source_folders);
        }
      else
        {
          message = g_strdup_printf (_("Weft could not show %s: %s"), self->path, error->message);
          show_message (self, "dialog-warning-symbolic", _("Cannot Show the Source"), message, FALSE);
        }
      return;
    }

  g_clear_pointer (&self->text, g_bytes_unref);
  self->text = g_bytes_ref (loaded->text);
  n = loaded->lines->len;
  digits = g_strdup_printf ("%u", MAX (n, 1));
  self->number_chars = (guint)strlen (digits);

  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  weft_array_model_set_array (self->lines, loaded->lines);
  if (self->line >= 1 && (guint)self->line <= n)
    gtk_single_selection_set_selected (self->selection, (guint)self->line - 1);
  else if (self->line > 0)
    {
      g_autofree char *past = g_strdup_printf (_("%s — line %d is past its end (%u lines)"), self->path, self->line, n);

      gtk_label_set_label (self->path_label, past);
    }
  set_state (self, "lines");

  if (self->center_tick == 0)
    {
      self->center_tries = 0;
      self->center_from_top = FALSE;
      self->center_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->list_view), center_tick_cb, self, NULL);
    }
}

/* Rows ------------------------------------------------------------------------ */

/* A line's annotation tooltip (its events by kind) is made when the pointer
 * rests on it: setting it at every bind cost an X server round trip per line
 * scrolled into view (GTK asks where the pointer is whenever a visible
 * widget's tooltip text changes). The annotation keeps its line's index + 1. */
#define LINE_KEY "weft-source-line"

static gboolean
annotation_query_tooltip_cb (GtkWidget      *annotation,
                             int             x,
                             int             y,
                             gboolean        keyboard,
                             GtkTooltip     *tooltip,
                             WeftSourceView *self)
{
  guint stored = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (annotation), LINE_KEY));
  const WeftSourceAnnotation *note;

  if (stored == 0 || self->annotations == NULL || stored - 1 >= self->annotations->len)
    return FALSE;
  note = &g_array_index (self->annotations, WeftSourceAnnotation, stored - 1);
  if (note->tooltip == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, note->tooltip);
  return TRUE;
}

static void
setup_line_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               WeftSourceView    *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *number = gtk_label_new (NULL);
  GtkWidget *annotation = gtk_label_new (NULL);
  GtkWidget *text = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (number), 1.0);
  gtk_widget_add_css_class (number, "dim-label");
  gtk_widget_add_css_class (number, "line-number");
  gtk_label_set_xalign (GTK_LABEL (text), 0.0);
  gtk_label_set_use_markup (GTK_LABEL (text), FALSE);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_label_set_xalign (GTK_LABEL (annotation), 1.0);
  gtk_widget_add_css_class (annotation, "annotation");
  gtk_widget_set_has_tooltip (annotation, TRUE);
  g_signal_connect (annotation, "query-tooltip", G_CALLBACK (annotation_query_tooltip_cb), self);
  gtk_box_append (GTK_BOX (box), number);
  gtk_box_append (GTK_BOX (box), annotation);
  gtk_box_append (GTK_BOX (box), text);
  gtk_list_item_set_child (item, box);
}

static void
bind_line_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              WeftSourceView    *self)
{
  WeftArrayItem *row = gtk_list_item_get_item (item);
  const SourceLine *line = weft_array_item_peek (row);
  GtkWidget *number = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkWidget *annotation = gtk_widget_get_next_sibling (number);
  GtkWidget *text = gtk_widget_get_next_sibling (annotation);
  guint index = weft_array_item_get_index (row);
  const WeftSourceAnnotation *note = self->annotations != NULL && index < self->annotations->len
                                   ? &g_array_index (self->annotations, WeftSourceAnnotation, index) : NULL;
  static const char * const heat_classes[] = { "heat-0", "heat-1", "heat-2", "heat-3", "heat-4" };
  const char *data = self->text != NULL ? g_bytes_get_data (self->text, NULL) : "";
  g_autofree char *number_text = g_strdup_printf ("%u", index + 1);
  g_autofree char *line_text = NULL;

  if (line->length > MAX_SHOWN_LINE)
    {
      /* Cut at a character boundary (the text is valid UTF-8). */
      const char *start = data + line->offset;
      const char *end = g_utf8_find_prev_char (start, start + MAX_SHOWN_LINE + 1);
      g_autofree char *head = g_strndup (start, end != NULL ? (gsize)(end - start) : 0);

      line_text = g_strconcat (head, "…", NULL);
    }
  else
    line_text = g_strndup (data + line->offset, line->length);

  gtk_label_set_width_chars (GTK_LABEL (number), (int)self->number_chars);
  gtk_label_set_label (GTK_LABEL (number), number_text);
  gtk_label_set_label (GTK_LABEL (text), line_text);

  gtk_widget_set_visible (annotation, self->annotations != NULL);
  gtk_label_set_width_chars (GTK_LABEL (annotation), (int)self->annotation_chars);
  gtk_label_set_label (GTK_LABEL (annotation), note != NULL && note->text != NULL ? note->text : "");
  g_object_set_data (G_OBJECT (annotation), LINE_KEY, GUINT_TO_POINTER (index + 1));
  for (guint h = 0; h < G_N_ELEMENTS (heat_classes); h++)
    gtk_widget_remove_css_class (annotation, heat_classes[h]);
  gtk_widget_add_css_class (annotation, heat_classes[note != NULL ? MIN (note->heat, 4) : 0]);
}

/* Life ------------------------------------------------------------------------ */

static void
close_clicked_cb (WeftSourceView *self)
{
  g_signal_emit (self, signals[CLOSE_REQUESTED], 0);
}

static void
weft_source_view_dispose (GObject *object)
{
  WeftSourceView *self = (WeftSourceView *)object;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->center_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self->list_view), self->center_tick);
      self->center_tick = 0;
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), WEFT_TYPE_SOURCE_VIEW);
  self->stack = NULL;
  g_clear_object (&self->selection);
  g_clear_object (&self->lines);
  g_clear_pointer (&self->text, g_bytes_unref);

  G_OBJECT_CLASS (weft_source_view_parent_class)->dispose (object);
}

static void
weft_source_view_finalize (GObject *object)
{
  WeftSourceView *self = (WeftSourceView *)object;

  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->message, g_free);
  g_clear_pointer (&self->no_file_hint, g_free);
  g_clear_pointer (&self->not_found_hint, g_free);
  g_clear_pointer (&self->annotations, g_array_unref);
  g_clear_pointer (&self->annotations_title, g_free);

  G_OBJECT_CLASS (weft_source_view_parent_class)->finalize (object);
}

static void
weft_source_view_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  WeftSourceView *self = WEFT_SOURCE_VIEW (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_string (value, weft_source_view_get_state (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}


static void
weft_source_view_class_init (WeftSourceViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = weft_source_view_dispose;
  object_class->finalize = weft_source_view_finalize;
  object_class->get_property = weft_source_view_get_property;

  /**
   * WeftSourceView:state:
   *
   * What it shows: "empty", "loading", "lines" or "message".
   */
  properties[PROP_STATE] =
    g_param_spec_string ("state", NULL, NULL, "empty",
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * WeftSourceView::close-requested:
   *
   * The close button was clicked: the page hides the view.
   */
  signals[CLOSE_REQUESTED] =
    g_signal_new ("close-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/ui/widgets/weft-source-view.ui");
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "weftsourceview");
  gtk_widget_class_bind_template_child (widget_class, WeftSourceView, box);
  gtk_widget_class_bind_template_child (widget_class, WeftSourceView, title_label);
  gtk_widget_class_bind_template_child (widget_class, WeftSourceView, path_label);
  gtk_widget_class_bind_template_child (widget_class, WeftSourceView, empty_label);
  gtk_widget_class_bind_template_child (widget_class, WeftSourceView, stack);
  gtk_widget_class_bind_template_child (widget_class, WeftSourceView, spinner);
  gtk_widget_class_bind_template_child (widget_class, WeftSourceView, list_view);
  gtk_widget_class_bind_template_child (widget_class, WeftSourceView, message_icon);
  gtk_widget_class_bind_template_child (widget_class, WeftSourceView, message_title);
  gtk_widget_class_bind_template_child (widget_class, WeftSourceView, message_label);
  gtk_widget_class_bind_template_child (widget_class, WeftSourceView, preferences_button);
  gtk_widget_class_bind_template_callback (widget_class, close_clicked_cb);
}

static void
weft_source_view_init (WeftSourceView *self)
{
  GtkListItemFactory *factory;

  weft_widget_theme_load_css (RESOURCE_BASE_PATH "/ui/widgets/weft-source-view.css");
  gtk_widget_init_template (GTK_WIDGET (self));
  self->no_file_hint = g_strdup (_("The events there have no place in a source file."));
  self->not_found_hint = g_strdup (_("Weft looks for a file the trace names by a relative path beside the trace."));

  self->lines = weft_array_model_new ();
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->lines)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_line_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_line_cb), self);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
}

GtkWidget *
weft_source_view_new (void)
{
  return g_object_new (WEFT_TYPE_SOURCE_VIEW, NULL);
}

/**
 * weft_source_view_open:
 * @name: the file as the trace names it ("$CHPL_HOME/…", "stencil.chpl",
 *   "<internal>")
 * @path: (nullable): where it is on this computer (resolved and remapped),
 *   or %NULL when the trace names no file
 * @line: the line to show (from 1; 0 or less for none)
 *
 * Shows @path at @line, loading it in a thread; a load still running for an
 * earlier file is cancelled.
 */
void
weft_source_view_open (WeftSourceView *self,
                               const char            *name,
                               const char            *path,
                               int                    line)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *base = NULL;

  g_return_if_fail (WEFT_IS_SOURCE_VIEW (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);

  g_free (self->name);
  self->name = g_strdup (name != NULL ? name : "<unknown>");
  g_free (self->path);
  self->path = g_strdup (path);
  self->line = line;
  g_clear_pointer (&self->message, g_free);

  base = g_path_get_basename (self->name);
  g_free (self->title);
  self->title = line > 0 ? g_strdup_printf ("%s:%d", base, line) : g_strdup (base);
  gtk_label_set_label (self->title_label, self->title);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->title_label), self->name);
  gtk_label_set_label (self->path_label, path != NULL ? path : self->name);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->path_label), path);

  /* The old file goes away at once: never a stale file under a new title.
   * Back to the top first, while the lines are there: GTK 4.8 warns when a
   * list view's scroll position changes with no item under it. */
  if (self->center_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self->list_view), self->center_tick);
      self->center_tick = 0;
    }
  gtk_adjustment_set_value (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (self->list_view)), 0);
  gtk_adjustment_set_value (gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (self->list_view)), 0);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  weft_array_model_set_array (self->lines, NULL);
  g_clear_pointer (&self->text, g_bytes_unref);
  g_clear_pointer (&self->annotations, g_array_unref);
  g_clear_pointer (&self->annotations_title, g_free);

  if (path == NULL)
    {
      /* Translators: the trace's name for the code, then a hint. */
      g_autofree char *message = g_strdup_printf (_("The trace names no source file here (“%s”). %s"),
                                                  self->name, self->no_file_hint);

      show_message (self, "text-x-generic-symbolic", _("No Source File"), message, FALSE);
      return;
    }

  set_state (self, "loading");
  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, load_cb, NULL);
  g_task_set_source_tag (task, weft_source_view_open);
  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_run_in_thread (task, load_thread);
}

const char *
weft_source_view_get_name (WeftSourceView *self)
{
  g_return_val_if_fail (WEFT_IS_SOURCE_VIEW (self), NULL);

  return self->name;
}

const char *
weft_source_view_get_path (WeftSourceView *self)
{
  g_return_val_if_fail (WEFT_IS_SOURCE_VIEW (self), NULL);

  return self->path;
}

int
weft_source_view_get_line (WeftSourceView *self)
{
  g_return_val_if_fail (WEFT_IS_SOURCE_VIEW (self), 0);

  return self->line;
}

/**
 * weft_source_view_get_state:
 *
 * Returns: "empty", "loading", "lines" or "message".
 */
const char *
weft_source_view_get_state (WeftSourceView *self)
{
  g_return_val_if_fail (WEFT_IS_SOURCE_VIEW (self), NULL);

  return gtk_stack_get_visible_child_name (self->stack);
}

/**
 * weft_source_view_get_title:
 *
 * Returns: (nullable): "file:line" (the file's base name).
 */
const char *
weft_source_view_get_title (WeftSourceView *self)
{
  g_return_val_if_fail (WEFT_IS_SOURCE_VIEW (self), NULL);

  return self->title;
}

/**
 * weft_source_view_get_message:
 *
 * Returns: (nullable): why there are no lines, in state "message".
 */
const char *
weft_source_view_get_message (WeftSourceView *self)
{
  g_return_val_if_fail (WEFT_IS_SOURCE_VIEW (self), NULL);

  return self->message;
}

guint
weft_source_view_get_n_lines (WeftSourceView *self)
{
  g_return_val_if_fail (WEFT_IS_SOURCE_VIEW (self), 0);

  return g_list_model_get_n_items (G_LIST_MODEL (self->lines));
}

/**
 * weft_source_view_dup_line_text:
 * @line: from 1
 *
 * Returns: (transfer full) (nullable): the text of @line, without its end.
 */
char *
weft_source_view_dup_line_text (WeftSourceView *self,
                                        guint                  line)
{
  GArray *lines;
  const SourceLine *l;

  g_return_val_if_fail (WEFT_IS_SOURCE_VIEW (self), NULL);

  lines = weft_array_model_get_array (self->lines);
  if (lines == NULL || self->text == NULL || line < 1 || line > lines->len)
    return NULL;
  l = &g_array_index (lines, SourceLine, line - 1);

  return g_strndup ((const char *)g_bytes_get_data (self->text, NULL) + l->offset, l->length);
}

/**
 * weft_source_view_get_highlighted_line:
 *
 * Returns: the highlighted line (from 1), or 0 when none is.
 */
int
weft_source_view_get_highlighted_line (WeftSourceView *self)
{
  guint selected;

  g_return_val_if_fail (WEFT_IS_SOURCE_VIEW (self), 0);

  selected = gtk_single_selection_get_selected (self->selection);

  return selected == GTK_INVALID_LIST_POSITION ? 0 : (int)selected + 1;
}

/**
 * weft_source_view_set_hints:
 * @empty: what to do to see a source file, shown before any is opened
 * @no_file: why the trace names no file at some places (after "The trace
 *   names no source file here (…).")
 * @not_found: how Weft looks for files and what to do when one is missing
 *   (after "… but there is no such file.")
 * @offer_source_folders: whether a missing file offers Preferences ▸ Source
 *   Folders, where the family's folders are remapped
 *
 * The family's words for the states with nothing to show.
 */
void
weft_source_view_set_hints (WeftSourceView *self,
                            const char     *empty,
                            const char     *no_file,
                            const char     *not_found,
                            gboolean        offer_source_folders)
{
  g_return_if_fail (WEFT_IS_SOURCE_VIEW (self));

  gtk_label_set_label (self->empty_label, empty);
  g_free (self->no_file_hint);
  self->no_file_hint = g_strdup (no_file);
  g_free (self->not_found_hint);
  self->not_found_hint = g_strdup (not_found);
  self->offer_source_folders = offer_source_folders;
}

/**
 * weft_source_view_set_annotations:
 * @title: (nullable): what the annotations are ("events per line"), shown
 *   beside the path
 * @annotations: (transfer full) (nullable): #WeftSourceAnnotation by line
 *   (index 0 is line 1), with its clear function set to free the texts; it
 *   may be shorter than the file
 *
 * Shows a column of annotations beside the lines of the file opened last
 * (weft_source_view_open() clears them).
 */
void
weft_source_view_set_annotations (WeftSourceView *self,
                                  const char     *title,
                                  GArray         *annotations)
{
  GArray *lines;

  g_return_if_fail (WEFT_IS_SOURCE_VIEW (self));

  g_clear_pointer (&self->annotations, g_array_unref);
  self->annotations = annotations;
  g_free (self->annotations_title);
  self->annotations_title = g_strdup (title);
  self->annotation_chars = 0;
  for (guint i = 0; annotations != NULL && i < annotations->len; i++)
    {
      const char *text = g_array_index (annotations, WeftSourceAnnotation, i).text;

      if (text != NULL)
        self->annotation_chars = MAX (self->annotation_chars, (guint)g_utf8_strlen (text, -1));
    }

  if (self->path != NULL)
    {
      g_autofree char *label = title != NULL ? g_strdup_printf ("%s · %s", self->path, title) : g_strdup (self->path);

      gtk_label_set_label (self->path_label, label);
    }

  /* Rebind the rows on screen when the lines are there already (the model
   * takes only a new array: arrays given to it never change). */
  lines = weft_array_model_get_array (self->lines);
  if (lines != NULL)
    {
      g_autoptr(GArray) copy = g_array_copy (lines);
      guint selected = gtk_single_selection_get_selected (self->selection);

      weft_array_model_set_array (self->lines, copy);
      gtk_single_selection_set_selected (self->selection, selected);
    }
}

static void
annotation_clear (gpointer data)
{
  WeftSourceAnnotation *annotation = data;

  g_clear_pointer (&annotation->text, g_free);
  g_clear_pointer (&annotation->tooltip, g_free);
}

/**
 * weft_source_view_new_annotations:
 *
 * Returns: (transfer full): an empty array of #WeftSourceAnnotation that frees
 *   its texts, for weft_source_view_set_annotations().
 */
GArray *
weft_source_view_new_annotations (void)
{
  GArray *annotations = g_array_new (FALSE, TRUE, sizeof (WeftSourceAnnotation));

  g_array_set_clear_func (annotations, annotation_clear);

  return annotations;
}

/**
 * weft_source_view_get_annotation:
 * @line: from 1
 *
 * Returns: (nullable): the annotation shown beside @line.
 */
const char *
weft_source_view_get_annotation (WeftSourceView *self,
                                 guint           line)
{
  g_return_val_if_fail (WEFT_IS_SOURCE_VIEW (self), NULL);

  if (self->annotations == NULL || line < 1 || line > self->annotations->len)
    return NULL;

  return g_array_index (self->annotations, WeftSourceAnnotation, line - 1).text;
}

/* weft-warnings-dialog.c
 *
 * A list view over the document's warnings (there may be thousands), each as
 * "file:line: message" the way compilers print them, with Copy All.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "weft-warnings-dialog.h"

struct _WeftWarningsDialog
{
  AdwWindow      parent_instance;

  GtkStringList *lines;
  AdwToastOverlay *toasts;
};

G_DEFINE_FINAL_TYPE (WeftWarningsDialog, weft_warnings_dialog, ADW_TYPE_WINDOW)

static void
setup_cb (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "monospace");
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  gtk_widget_set_margin_top (label, 3);
  gtk_widget_set_margin_bottom (label, 3);
  gtk_list_item_set_child (item, label);
}

static void
bind_cb (GtkSignalListItemFactory *factory,
         GtkListItem              *item,
         gpointer                  user_data)
{
  GtkStringObject *line = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)), gtk_string_object_get_string (line));
}

static void
copy_all_cb (WeftWarningsDialog *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->lines));

  for (guint i = 0; i < n; i++)
    {
      g_string_append (text, gtk_string_list_get_string (self->lines, i));
      g_string_append_c (text, '\n');
    }

  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text->str);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (_("Warnings copied")));
}

WeftWarningsDialog *
weft_warnings_dialog_new (WeftDocument *document)
{
  WeftWarningsDialog *self;
  GPtrArray *warnings;
  guint n_total;
  g_autofree char *subtitle = NULL;
  GtkWidget *box, *header, *title, *copy, *scroller, *list, *note = NULL;
  GtkListItemFactory *factory;

  g_return_val_if_fail (WEFT_IS_DOCUMENT (document), NULL);

  self = g_object_new (WEFT_TYPE_WARNINGS_DIALOG, NULL);

  warnings = weft_document_get_warnings (document);
  n_total = weft_document_get_n_warnings (document);
  for (guint i = 0; i < warnings->len; i++)
    {
      g_autofree char *line = weft_warning_to_string (g_ptr_array_index (warnings, i));

      gtk_string_list_append (self->lines, line);
    }

  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u warning reading %s", "%u warnings reading %s", n_total),
                              n_total, weft_document_get_title (document));

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  header = adw_header_bar_new ();
  title = adw_window_title_new (_("Warnings"), subtitle);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), title);
  copy = gtk_button_new_with_mnemonic (_("_Copy All"));
  gtk_widget_set_tooltip_text (copy, _("Copy every warning to the clipboard"));
  g_signal_connect_swapped (copy, "clicked", G_CALLBACK (copy_all_cb), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), copy);
  gtk_box_append (GTK_BOX (box), header);

  if (n_total > warnings->len)
    {
      g_autofree char *text = g_strdup_printf (_("Showing the first %u of %u warnings."), warnings->len, n_total);

      note = gtk_label_new (text);
      gtk_widget_add_css_class (note, "dim-label");
      gtk_widget_set_margin_top (note, 6);
      gtk_widget_set_margin_bottom (note, 6);
      gtk_box_append (GTK_BOX (box), note);
    }

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cb), NULL);
  list = gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (g_object_ref (G_LIST_MODEL (self->lines)))),
                            factory);
  gtk_widget_add_css_class (list, "navigation-sidebar");
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list);
  gtk_widget_set_vexpand (scroller, TRUE);

  self->toasts = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  adw_toast_overlay_set_child (self->toasts, scroller);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->toasts));

  adw_window_set_content (ADW_WINDOW (self), box);

  return self;
}

/**
 * weft_warnings_dialog_get_model:
 *
 * Returns: (transfer none): the lines shown (for tests).
 */
GListModel *
weft_warnings_dialog_get_model (WeftWarningsDialog *self)
{
  g_return_val_if_fail (WEFT_IS_WARNINGS_DIALOG (self), NULL);

  return G_LIST_MODEL (self->lines);
}

static void
weft_warnings_dialog_finalize (GObject *object)
{
  WeftWarningsDialog *self = (WeftWarningsDialog *)object;

  g_clear_object (&self->lines);

  G_OBJECT_CLASS (weft_warnings_dialog_parent_class)->finalize (object);
}

static void
weft_warnings_dialog_class_init (WeftWarningsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = weft_warnings_dialog_finalize;

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
weft_warnings_dialog_init (WeftWarningsDialog *self)
{
  self->lines = gtk_string_list_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (self), 720, 480);
  gtk_window_set_title (GTK_WINDOW (self), _("Warnings"));
  gtk_window_set_modal (GTK_WINDOW (self), FALSE);
}

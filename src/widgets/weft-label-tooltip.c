/* weft-label-tooltip.c: a label's whole text as its tooltip while it is
 * ellipsized, made when the pointer rests on it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-label-tooltip.h"

/**
 * weft_label_dup_full_text_tooltip:
 *
 * Returns: (transfer full) (nullable): @label's text while it is ellipsized,
 *   the tooltip weft_label_show_full_text_on_hover() gives it
 */
char *
weft_label_dup_full_text_tooltip (GtkLabel *label)
{
  const char *text;

  g_return_val_if_fail (GTK_IS_LABEL (label), NULL);

  text = gtk_label_get_text (label);
  if (text == NULL || *text == '\0' || !pango_layout_is_ellipsized (gtk_label_get_layout (label)))
    return NULL;

  return g_strdup (text);
}

static gboolean
full_text_query_tooltip_cb (GtkWidget  *widget,
                            int         x,
                            int         y,
                            gboolean    keyboard,
                            GtkTooltip *tooltip,
                            gpointer    user_data)
{
  g_autofree char *text = weft_label_dup_full_text_tooltip (GTK_LABEL (widget));

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/**
 * weft_label_show_full_text_on_hover:
 *
 * Gives @label a tooltip with its whole text while it is ellipsized, asked
 * for when the pointer rests on it. A table cell that set its tooltip at
 * every bind cost an X server round trip each time (GTK asks where the
 * pointer is whenever a visible widget's tooltip text changes): 50 ms of
 * the first frame of an MPD page whose tables held a few hundred cells.
 */
void
weft_label_show_full_text_on_hover (GtkLabel *label)
{
  g_return_if_fail (GTK_IS_LABEL (label));

  gtk_widget_set_has_tooltip (GTK_WIDGET (label), TRUE);
  g_signal_connect (label, "query-tooltip", G_CALLBACK (full_text_query_tooltip_cb), NULL);
}

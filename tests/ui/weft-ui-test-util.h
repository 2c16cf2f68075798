/* weft-ui-test-util.h: real input for UI tests under Xvfb (xdotool), and
 * waiting for GTK without sleeping blindly.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct
{
  double  left;  /* screen x of the widget's x = 0 */
  double  top;   /* screen y of its y = 0 */
  gulong  xid;   /* the toplevel's X window */
} WeftScreenOrigin;

void     weft_ui_spin            (guint             milliseconds);
void     weft_ui_wait_drawn      (GtkWidget        *widget);
gboolean weft_ui_have_xdotool    (void);
void     weft_ui_xdotool         (const char       *first_arg,
                                  ...) G_GNUC_NULL_TERMINATED;
char    *weft_ui_px              (double            value);
void     weft_ui_locate          (GtkWidget        *widget,
                                  WeftScreenOrigin *origin);

G_END_DECLS

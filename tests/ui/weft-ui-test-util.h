/* weft-ui-test-util.h: helpers shared by the UI tests: waiting for GTK
 * without sleeping blindly, a widget alone in a window, what a widget's own
 * click gesture and key bindings do, and real input under Xvfb (xdotool).
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

typedef gboolean (*WeftUiCondition) (gpointer data);

void       weft_ui_test_init       (int              *argc,
                                    char           ***argv);
const char *weft_ui_test_home      (void);
void       weft_ui_iterate         (void);
void       weft_ui_spin            (guint             milliseconds);
gboolean   weft_ui_wait_for        (WeftUiCondition   condition,
                                    gpointer          data);
void       weft_ui_wait_drawn      (GtkWidget        *widget);
GtkWidget *weft_ui_find_descendant (GtkWidget        *widget,
                                    GType             type);
GtkLabel  *weft_ui_find_label      (GtkWidget        *widget,
                                    const char       *text,
                                    gboolean          prefix);
void       weft_ui_count_cb        (GObject          *object,
                                    GParamSpec       *pspec,
                                    guint            *count);

GtkWidget *weft_ui_show_in_window  (GtkWidget        *child,
                                    int               width,
                                    int               height);
void       weft_ui_destroy_window  (GtkWidget        *window);
gboolean   weft_ui_press_key       (GtkWidget        *widget,
                                    guint             keyval,
                                    GdkModifierType   modifiers);
void       weft_ui_click           (GtkWidget        *widget,
                                    double            x,
                                    double            y);

gboolean   weft_ui_have_xdotool    (void);
void       weft_ui_xdotool         (const char       *first_arg,
                                    ...) G_GNUC_NULL_TERMINATED;
/* When WEFT_UI_SCREENSHOTS names a folder, saves @widget as drawn there as
 * NAME.png, to look at what a test saw; otherwise does nothing. */
void       weft_ui_save_screenshot (GtkWidget        *widget,
                                    const char       *name);
char      *weft_ui_px              (double            value);
void       weft_ui_locate          (GtkWidget        *widget,
                                    WeftScreenOrigin *origin);

G_END_DECLS

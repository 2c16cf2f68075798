/* weft-psv-page.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <inttypes.h>
#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "weft-page.h"
#include "weft-psv-dataset.h"
#include "weft-psv-page.h"

/* What the stack tree opens on (weft_call_tree_view_open_levels()): rows
 * past a few hundred are scrolled through, not read, and frames 32 levels
 * in are indented past the middle of the window. */
#define OPEN_MAX_ROWS   500
#define OPEN_MAX_LEVELS 32

struct _WeftPsvPage
{
  GtkWidget           parent_instance;

  WeftDocument       *document;
  WeftCallTree       *tree;

  GtkWidget          *box;
  AdwViewStack       *view_stack;
  WeftCallTreeView   *tree_view;
  WeftFlameGraphView *flame_graph;
  GtkLabel           *details_label;
};

enum {
  PROP_0,
  PROP_DOCUMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void weft_psv_page_iface_init (WeftPageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftPsvPage, weft_psv_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_PAGE, weft_psv_page_iface_init))

/* The selected frame in one line: where, how many, and the sets. */
static void
show_details (WeftPsvPage  *self,
              WeftCallNode  node)
{
  const WeftCallFrame *frame = weft_call_tree_get_frame (self->tree, node);
  const WeftIntSet *processes = weft_call_tree_get_processes (self->tree, node);
  const WeftThreadSet *threads = weft_call_tree_get_threads (self->tree, node);
  g_autofree char *process_text = processes != NULL ? weft_int_set_to_string (processes) : NULL;
  g_autofree char *thread_text = threads != NULL ? weft_thread_set_to_string (threads) : NULL;
  g_autofree char *label = weft_call_frame_to_label (frame);
  g_autofree char *text = NULL;

  text = g_strdup_printf (_("%s — %" PRIu64 " processes [%s], %" PRIu64 " threads [%s]"), label,
                          weft_call_tree_get_process_count (self->tree, node),
                          process_text != NULL ? process_text : _("no set"),
                          weft_call_tree_get_thread_count (self->tree, node),
                          thread_text != NULL ? thread_text : _("no set"));
  gtk_label_set_text (self->details_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->details_label), text);
}

static void
tree_node_selected_cb (WeftPsvPage      *self,
                       guint             node,
                       WeftCallTreeView *view)
{
  weft_flame_graph_view_set_selected (self->flame_graph, node);
  show_details (self, node);
}

static void
flame_node_activated_cb (WeftPsvPage        *self,
                         guint               node,
                         WeftFlameGraphView *view)
{
  if (weft_call_tree_view_get_selected (self->tree_view) != node)
    weft_call_tree_view_select_node (self->tree_view, node);
  show_details (self, node);
}

static void
hottest_clicked_cb (WeftPsvPage *self,
                    GtkButton   *button)
{
  WeftCallNode node = weft_call_tree_view_expand_hottest (self->tree_view);

  if (node != WEFT_CALL_NODE_NONE)
    weft_flame_graph_view_set_selected (self->flame_graph, node);
}

static void
search_clicked_cb (WeftPsvPage *self,
                   GtkButton   *button)
{
  weft_psv_page_set_view (self, "tree");
  gtk_widget_activate_action (GTK_WIDGET (self->tree_view), "calltree.search", NULL);
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  search_clicked_cb (WEFT_PSV_PAGE (widget), NULL);
}

static void
hottest_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  hottest_clicked_cb (WEFT_PSV_PAGE (widget), NULL);
}

static void
view_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  weft_psv_page_set_view (WEFT_PSV_PAGE (widget), g_variant_get_string (parameter, NULL));
}

/* --- WeftPage ------------------------------------------------------------------- */

static WeftDocument *
weft_psv_page_get_document (WeftPage *page)
{
  return WEFT_PSV_PAGE (page)->document;
}

static gboolean
weft_psv_page_get_export_view (WeftPage         *page,
                               const char      **view,
                               WeftViewOptions  *options)
{
  memset (options, 0, sizeof *options);
  *view = "stacks";
  return TRUE;
}

/* Alt+1 and Alt+2 switch the two views. */
static gboolean
weft_psv_page_get_uses_alt_digits (WeftPage *page)
{
  return TRUE;
}

static void
weft_psv_page_iface_init (WeftPageInterface *iface)
{
  iface->get_document = weft_psv_page_get_document;
  iface->get_export_view = weft_psv_page_get_export_view;
  iface->get_uses_alt_digits = weft_psv_page_get_uses_alt_digits;
}

/* --- Life ----------------------------------------------------------------------- */

static void
weft_psv_page_constructed (GObject *object)
{
  WeftPsvPage *self = WEFT_PSV_PAGE (object);
  WeftDataset *dataset = weft_document_get_dataset (self->document);

  G_OBJECT_CLASS (weft_psv_page_parent_class)->constructed (object);

  g_assert (WEFT_IS_PSV_DATASET (dataset));
  self->tree = weft_call_tree_ref (weft_psv_dataset_get_tree (WEFT_PSV_DATASET (dataset)));
  weft_call_tree_view_set_tree (self->tree_view, self->tree);
  /* DDT shows the whole tree, branches and all: where the processes are is
   * the first thing looked for. A big tree opens as many levels as fit. */
  weft_call_tree_view_open_levels (self->tree_view, OPEN_MAX_ROWS, OPEN_MAX_LEVELS);
  weft_flame_graph_view_set_tree (self->flame_graph, self->tree);
}

static void
weft_psv_page_dispose (GObject *object)
{
  WeftPsvPage *self = WEFT_PSV_PAGE (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), WEFT_TYPE_PSV_PAGE);
  g_clear_object (&self->document);
  g_clear_pointer (&self->tree, weft_call_tree_unref);

  G_OBJECT_CLASS (weft_psv_page_parent_class)->dispose (object);
}

static void
weft_psv_page_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  WeftPsvPage *self = WEFT_PSV_PAGE (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_psv_page_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  WeftPsvPage *self = WEFT_PSV_PAGE (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      self->document = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
weft_psv_page_class_init (WeftPsvPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = weft_psv_page_constructed;
  object_class->dispose = weft_psv_page_dispose;
  object_class->get_property = weft_psv_page_get_property;
  object_class->set_property = weft_psv_page_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, WEFT_TYPE_DOCUMENT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (WEFT_TYPE_CALL_TREE_VIEW);
  g_type_ensure (WEFT_TYPE_FLAME_GRAPH_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE_PATH "/ui/ddt/weft-psv-page.ui");
  gtk_widget_class_bind_template_child (widget_class, WeftPsvPage, box);
  gtk_widget_class_bind_template_child (widget_class, WeftPsvPage, view_stack);
  gtk_widget_class_bind_template_child (widget_class, WeftPsvPage, tree_view);
  gtk_widget_class_bind_template_child (widget_class, WeftPsvPage, flame_graph);
  gtk_widget_class_bind_template_child (widget_class, WeftPsvPage, details_label);
  gtk_widget_class_bind_template_callback (widget_class, tree_node_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, flame_node_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, hottest_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_clicked_cb);

  gtk_widget_class_install_action (widget_class, "psv.view", "s", view_action);
  gtk_widget_class_install_action (widget_class, "psv.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "psv.expand-hottest", NULL, hottest_action);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "psvpage");
}

static void
add_shortcut (GtkEventController *controller,
              guint               keyval,
              GdkModifierType     modifiers,
              const char         *action,
              const char         *view)
{
  GtkShortcutTrigger *trigger = gtk_keyval_trigger_new (keyval, modifiers);
  GtkShortcutAction *named = gtk_named_action_new (action);

  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        view != NULL ? gtk_shortcut_new_with_arguments (trigger, named, "s", view)
                                                     : gtk_shortcut_new (trigger, named));
}

static void
weft_psv_page_init (WeftPsvPage *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  /* Managed by the window: the keys work wherever the focus is while this
   * page is shown (the window lends it Alt+digits, see get_uses_alt_digits). */
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_MANAGED);
  add_shortcut (controller, GDK_KEY_1, GDK_ALT_MASK, "psv.view", "tree");
  add_shortcut (controller, GDK_KEY_2, GDK_ALT_MASK, "psv.view", "flame");
  add_shortcut (controller, GDK_KEY_f, GDK_CONTROL_MASK, "psv.search", NULL);
  add_shortcut (controller, GDK_KEY_h, GDK_CONTROL_MASK, "psv.expand-hottest", NULL);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/**
 * weft_psv_page_new:
 * @document: a loaded PSV document
 *
 * Returns: (transfer floating): the page.
 */
WeftPsvPage *
weft_psv_page_new (WeftDocument *document)
{
  g_return_val_if_fail (WEFT_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (WEFT_IS_PSV_DATASET (weft_document_get_dataset (document)), NULL);

  return g_object_new (WEFT_TYPE_PSV_PAGE, "document", document, NULL);
}

WeftCallTreeView *
weft_psv_page_get_tree_view (WeftPsvPage *self)
{
  g_return_val_if_fail (WEFT_IS_PSV_PAGE (self), NULL);

  return self->tree_view;
}

WeftFlameGraphView *
weft_psv_page_get_flame_graph (WeftPsvPage *self)
{
  g_return_val_if_fail (WEFT_IS_PSV_PAGE (self), NULL);

  return self->flame_graph;
}

/* "tree" or "flame" */
const char *
weft_psv_page_get_view (WeftPsvPage *self)
{
  g_return_val_if_fail (WEFT_IS_PSV_PAGE (self), NULL);

  return adw_view_stack_get_visible_child_name (self->view_stack);
}

void
weft_psv_page_set_view (WeftPsvPage *self,
                        const char  *view)
{
  g_return_if_fail (WEFT_IS_PSV_PAGE (self));

  adw_view_stack_set_visible_child_name (self->view_stack, view);
}

const char *
weft_psv_page_get_details (WeftPsvPage *self)
{
  g_return_val_if_fail (WEFT_IS_PSV_PAGE (self), NULL);

  return gtk_label_get_text (self->details_label);
}

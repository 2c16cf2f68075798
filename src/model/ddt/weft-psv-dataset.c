/* weft-psv-dataset.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "weft-psv-dataset.h"

struct _WeftPsvDataset
{
  GObject       parent_instance;
  WeftCallTree *tree;
  char         *source;
  char         *format_version;
};

static void weft_psv_dataset_iface_init (WeftDatasetInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (WeftPsvDataset, weft_psv_dataset, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (WEFT_TYPE_DATASET, weft_psv_dataset_iface_init))

static const char *const views[] = { "stacks", NULL };

static void
weft_psv_dataset_finalize (GObject *object)
{
  WeftPsvDataset *self = WEFT_PSV_DATASET (object);

  g_clear_pointer (&self->tree, weft_call_tree_unref);
  g_clear_pointer (&self->source, g_free);
  g_clear_pointer (&self->format_version, g_free);

  G_OBJECT_CLASS (weft_psv_dataset_parent_class)->finalize (object);
}

static void
weft_psv_dataset_class_init (WeftPsvDatasetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = weft_psv_dataset_finalize;
}

static void
weft_psv_dataset_init (WeftPsvDataset *self)
{
}

WeftPsvDataset *
weft_psv_dataset_new (WeftCallTree *tree,
                      const char   *source,
                      const char   *format_version)
{
  WeftPsvDataset *self;

  g_return_val_if_fail (tree != NULL, NULL);

  self = g_object_new (WEFT_TYPE_PSV_DATASET, NULL);
  self->tree = weft_call_tree_ref (tree);
  self->source = g_strdup (source);
  self->format_version = g_strdup (format_version);
  return self;
}

/**
 * weft_psv_dataset_get_tree:
 *
 * Returns: (transfer none): the call tree (read-only: views share it)
 */
WeftCallTree *
weft_psv_dataset_get_tree (WeftPsvDataset *self)
{
  g_return_val_if_fail (WEFT_IS_PSV_DATASET (self), NULL);

  return self->tree;
}

static const char *
weft_psv_dataset_get_family (WeftDataset *dataset)
{
  return "psv";
}

static const char *
weft_psv_dataset_get_format_version (WeftDataset *dataset)
{
  return WEFT_PSV_DATASET (dataset)->format_version;
}

static GStrv
weft_psv_dataset_dup_sources (WeftDataset *dataset)
{
  WeftPsvDataset *self = WEFT_PSV_DATASET (dataset);
  GStrvBuilder *builder = g_strv_builder_new ();
  GStrv result;

  if (self->source != NULL)
    g_strv_builder_add (builder, self->source);
  result = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return result;
}

static guint
weft_psv_dataset_get_n_rows (WeftDataset *dataset)
{
  return weft_call_tree_get_n_nodes (WEFT_PSV_DATASET (dataset)->tree) - 1;
}

static gboolean
weft_psv_dataset_get_time_range (WeftDataset *dataset,
                                 double      *begin_s,
                                 double      *end_s)
{
  return FALSE;
}

static const char *const *
weft_psv_dataset_list_views (WeftDataset *dataset)
{
  return views;
}

static void
weft_psv_dataset_add_json (WeftDataset *dataset,
                           JsonBuilder *builder)
{
  WeftPsvDataset *self = WEFT_PSV_DATASET (dataset);
  g_autoptr(WeftIntSet) processes = weft_call_tree_dup_all_processes (self->tree);
  g_autoptr(WeftThreadSet) threads = weft_call_tree_dup_all_threads (self->tree);
  g_autofree char *process_text = weft_int_set_to_string (processes);
  g_autofree char *thread_text = weft_thread_set_to_string (threads);

  json_builder_set_member_name (builder, "psv");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "frames");
  json_builder_add_int_value (builder, weft_call_tree_get_n_nodes (self->tree) - 1);
  json_builder_set_member_name (builder, "max_depth");
  json_builder_add_int_value (builder, weft_call_tree_get_max_depth (self->tree));
  json_builder_set_member_name (builder, "processes");
  json_builder_add_string_value (builder, process_text);
  json_builder_set_member_name (builder, "threads");
  json_builder_add_string_value (builder, thread_text);
  json_builder_end_object (builder);
}

/* The tree is read-only once loaded: the copy is another reference. */
static WeftCallTree *
weft_psv_dataset_dup_call_tree (WeftDataset            *dataset,
                                const char             *view,
                                const WeftViewOptions  *options,
                                GError                **error)
{
  return weft_call_tree_ref (WEFT_PSV_DATASET (dataset)->tree);
}

static void
weft_psv_dataset_iface_init (WeftDatasetInterface *iface)
{
  iface->get_family = weft_psv_dataset_get_family;
  iface->get_format_version = weft_psv_dataset_get_format_version;
  iface->dup_sources = weft_psv_dataset_dup_sources;
  iface->get_n_rows = weft_psv_dataset_get_n_rows;
  iface->get_time_range = weft_psv_dataset_get_time_range;
  iface->list_views = weft_psv_dataset_list_views;
  iface->add_json = weft_psv_dataset_add_json;
  iface->dup_call_tree = weft_psv_dataset_dup_call_tree;
}

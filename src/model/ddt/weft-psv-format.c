/* weft-psv-format.c: registers the DDT Parallel Stack View reader (CSV, XML).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "weft-error.h"
#include "weft-format.h"
#include "weft-formats-builtin.h"
#include "weft-psv-dataset.h"
#include "weft-psv.h"

/* Only a header row or a root element that this export has: a CPC CSV
 * ("Value, Processes") or an MDA CSV (numbers) never matches. */
static WeftSniffScore
weft_psv_format_sniff (const WeftSniffInput *input)
{
  if (input->is_directory || input->head == NULL)
    return WEFT_SNIFF_NO;
  if (weft_psv_csv_sniff ((const char *)input->head, input->head_len) ||
      weft_psv_xml_sniff ((const char *)input->head, input->head_len))
    return WEFT_SNIFF_CERTAIN;
  return WEFT_SNIFF_NO;
}

static const WeftFormat psv_format;

static WeftDataset *
weft_psv_format_load (GFile * const    *files,
                      guint             n_files,
                      WeftLoadContext  *context,
                      GError          **error)
{
  g_autoptr(WeftCallTree) tree = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *name = NULL;
  const char *data;
  gsize len;
  gboolean xml;

  if (!weft_format_check_one_file (&psv_format, n_files, error))
    return NULL;
  name = g_file_get_path (files[0]);
  if (name == NULL)
    name = g_file_get_uri (files[0]);
  weft_load_context_begin_stage (context, weft_load_context_get_fraction (context), 1.0,
                                 _("Reading the stack frames"));
  bytes = g_file_load_bytes (files[0], NULL, NULL, error);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &len);
  xml = weft_psv_xml_sniff (data, MIN (len, WEFT_SNIFF_HEAD_SIZE));
  tree = xml ? weft_psv_xml_parse (data, len, name, context, error)
             : weft_psv_csv_parse (data, len, name, context, error);
  if (tree == NULL)
    return NULL;
  {
    g_autofree char *basename = g_file_get_basename (files[0]);

    weft_call_tree_set_title (tree, basename);
  }
  return (WeftDataset *)weft_psv_dataset_new (tree, name, xml ? "xml" : "csv");
}

static const WeftFormat psv_format = {
  .id = "psv",
  .name = N_("DDT parallel stacks"),
  .mime_type = "text/x-ddt-stacks-csv",
  .patterns = NULL,
  /* Shown in markup: no angle brackets. */
  .expects = N_("a CSV file whose first row is “Depth, Processes, Threads, Function”, or an XML file whose "
                "root element is “stacks”"),
  .opens_directories = FALSE,
  .sniff = weft_psv_format_sniff,
  .load = weft_psv_format_load,
};

void
weft_psv_format_register (void)
{
  weft_format_register (&psv_format);
}

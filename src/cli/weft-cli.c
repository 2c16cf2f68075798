/* weft-cli.c: Weft without a window, for scripts, tests and benchmarks.
 *
 *   weft-cli info [--json] [--other PATH…] PATH…
 *   weft-cli export --view VIEW --format FMT [--tag NAME] [--range T0:T1]
 *                   [--metric NAME] -o OUT PATH…
 *   weft-cli compare --view VIEW --format FMT [--metric M] [--tag NAME]
 *                    [--kind K] [--range T0:T1 [--align LABEL]]
 *                    [--mode difference|ratio] --other PATH… -o OUT BASE…
 *
 * PATH… are the files and folders of one document (as the app would open them
 * together); `compare` and `info --other` load a second one (the other run)
 * from the --other paths and work on their WeftComparison. Exit status: 0 success, 1 load or write error (message on stderr),
 * 2 bad usage.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "weft-comparison.h"
#include "weft-document.h"
#include "weft-format.h"
#include "weft-json-summary.h"
#include "weft-module.h"
#include "weft-render-module.h"
#include "weft-timing.h"
#include "weft-units.h"

#define EXIT_LOAD_ERROR 1
#define EXIT_USAGE      2

static void
print_usage_error (GOptionContext *context,
                   const char     *message)
{
  g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

  g_printerr ("weft-cli: %s\n\n%s", message, help);
}

static WeftDocument *
load_document (char      **paths,
               GError    **error)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(WeftDocument) document = NULL;

  for (guint i = 0; paths[i] != NULL; i++)
    g_ptr_array_add (files, g_file_new_for_commandline_arg (paths[i]));

  document = weft_document_new ((GFile *const *)files->pdata, files->len);
  if (!weft_document_load (document, NULL, error))
    return NULL;
  /* With WEFT_DEBUG_TIMING set: how long each stage of the load took. */
  weft_timing_stages (weft_document_get_stage_times (document));

  return g_steal_pointer (&document);
}

/* Loads the other run and pairs it with @base's; the other document is
 * returned in @other_out, since the comparison holds only datasets. */
static WeftComparison *
load_comparison (WeftDocument     *base,
                 char            **other_paths,
                 WeftCompareMode   mode,
                 WeftDocument    **other_out,
                 GError          **error)
{
  g_autoptr(WeftDocument) other = NULL;
  WeftComparison *comparison;

  other = load_document (other_paths, error);
  if (other == NULL)
    return NULL;

  comparison = weft_comparison_new (weft_document_get_dataset (base), weft_document_get_dataset (other),
                                    mode, error);
  if (comparison != NULL)
    *other_out = g_steal_pointer (&other);
  return comparison;
}

static void
print_warnings_stderr (WeftDocument *document)
{
  GPtrArray *warnings = weft_document_get_warnings (document);
  guint n_total = weft_document_get_n_warnings (document);

  for (guint i = 0; i < warnings->len; i++)
    {
      g_autofree char *text = weft_warning_to_string (g_ptr_array_index (warnings, i));

      g_printerr ("warning: %s\n", text);
    }
  if (n_total > warnings->len)
    g_printerr (g_dngettext (GETTEXT_PACKAGE, "warning: … and %u more warning\n", "warning: … and %u more warnings\n",
                             n_total - warnings->len),
                n_total - warnings->len);
}

static void
build_info_json (WeftDocument   *document,
                 WeftComparison *comparison,
                 JsonBuilder    *builder)
{
  WeftDataset *dataset = weft_document_get_dataset (document);
  const WeftFormat *format = weft_document_get_format (document);
  GPtrArray *warnings = weft_document_get_warnings (document);

  json_builder_begin_object (builder);

  json_builder_set_member_name (builder, "format");
  json_builder_add_string_value (builder, format->id);
  json_builder_set_member_name (builder, "format_version");
  if (weft_dataset_get_format_version (dataset) != NULL)
    json_builder_add_string_value (builder, weft_dataset_get_format_version (dataset));
  else
    json_builder_add_null_value (builder);

  weft_dataset_add_common_json (dataset, builder);

  json_builder_set_member_name (builder, "warnings");
  json_builder_begin_array (builder);
  for (guint i = 0; i < warnings->len; i++)
    {
      const WeftWarning *warning = g_ptr_array_index (warnings, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "file");
      if (warning->file != NULL)
        {
          g_autofree char *display = g_filename_display_name (warning->file);

          json_builder_add_string_value (builder, display);
        }
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "line");
      if (warning->line > 0)
        json_builder_add_int_value (builder, (gint64)warning->line);
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "message");
      json_builder_add_string_value (builder, warning->message);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "warnings_total");
  json_builder_add_int_value (builder, weft_document_get_n_warnings (document));

  weft_dataset_add_json (dataset, builder);
  if (comparison != NULL)
    weft_dataset_add_json (WEFT_DATASET (comparison), builder);

  json_builder_end_object (builder);
}

/* The family's figures, as `info --json` gives them under its name. */
static void
print_family_figures (WeftDataset *dataset)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GList) names = NULL;
  JsonObject *object;

  json_builder_begin_object (builder);
  weft_dataset_add_json (dataset, builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  object = json_node_get_object (root);
  names = json_object_get_members (object);
  for (GList *l = names; l != NULL; l = l->next)
    weft_json_summary_append (out, l->data, json_object_get_member (object, l->data));
  g_print ("%s", out->str);
}

static void
print_info_text (WeftDocument *document)
{
  WeftDataset *dataset = weft_document_get_dataset (document);
  const WeftFormat *format = weft_document_get_format (document);
  g_auto(GStrv) sources = weft_dataset_dup_sources (dataset);
  const char *version = weft_dataset_get_format_version (dataset);
  GPtrArray *warnings = weft_document_get_warnings (document);
  double begin_s, end_s;

  g_print ("format:   %s (%s)\n", _(format->name), format->id);
  if (version != NULL)
    g_print ("version:  %s\n", version);
  for (guint i = 0; sources != NULL && sources[i] != NULL; i++)
    g_print ("%s %s\n", i == 0 ? "sources: " : "         ", sources[i]);
  g_print ("rows:     %u\n", weft_dataset_get_n_rows (dataset));
  if (weft_dataset_get_time_range (dataset, &begin_s, &end_s))
    {
      g_autofree char *duration = weft_format_seconds (end_s - begin_s);

      g_print ("time:     %.6f – %.6f s (%s)\n", begin_s, end_s, duration);
    }
  print_family_figures (dataset);
  g_print ("warnings: %u\n", weft_document_get_n_warnings (document));
  for (guint i = 0; i < warnings->len; i++)
    {
      g_autofree char *text = weft_warning_to_string (g_ptr_array_index (warnings, i));

      g_print ("  %s\n", text);
    }
}

static int
command_info (int    argc,
              char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(WeftDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) paths = NULL;
  g_auto(GStrv) other_paths = NULL;
  g_autoptr(WeftDocument) other = NULL;
  g_autoptr(WeftComparison) comparison = NULL;
  gboolean json = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print one JSON object"), NULL },
    { "other", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &other_paths, N_("A second run to compare with (repeat for each of its files)"), N_("PATH") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, N_("PATH…") },
    { NULL }
  };

  /* The usage line names PATH… from the entry for the remaining arguments. */
  context = g_option_context_new (_("— load a trace or profile and summarise it"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      print_usage_error (context, error->message);
      return EXIT_USAGE;
    }
  if (paths == NULL || paths[0] == NULL)
    {
      print_usage_error (context, _("no PATH given"));
      return EXIT_USAGE;
    }

  document = load_document (paths, &error);
  if (document == NULL)
    {
      g_printerr ("weft-cli: %s\n", error->message);
      return EXIT_LOAD_ERROR;
    }
  if (other_paths != NULL)
    {
      comparison = load_comparison (document, other_paths, WEFT_COMPARE_DIFFERENCE, &other, &error);
      if (comparison == NULL)
        {
          g_printerr ("weft-cli: %s\n", error->message);
          return EXIT_LOAD_ERROR;
        }
    }

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonGenerator) generator = json_generator_new ();
      g_autoptr(JsonNode) root = NULL;
      g_autofree char *text = NULL;

      build_info_json (document, comparison, builder);
      root = json_builder_get_root (builder);
      json_generator_set_root (generator, root);
      json_generator_set_pretty (generator, TRUE);
      text = json_generator_to_data (generator, NULL);
      g_print ("%s\n", text);
      print_warnings_stderr (document);
    }
  else
    {
      print_info_text (document);
      /* The comparison's figures: its views and both runs'. */
      if (comparison != NULL)
        print_family_figures (WEFT_DATASET (comparison));
    }

  return EXIT_SUCCESS;
}

/* "0:inf" runs to the end. 10^18 ns (31 years) each way: far beyond any
 * trace, and a span between them, offset by the trace's start, still fits. */
static gint64
seconds_to_ns (double seconds)
{
  return (gint64)CLAMP (seconds * 1e9, -1e18, 1e18);
}

static gboolean
parse_range (const char    *text,
             WeftTimeSpan  *span,
             GError       **error)
{
  g_auto(GStrv) parts = g_strsplit (text, ":", 2);
  char *end = NULL;
  double t0, t1;

  if (g_strv_length (parts) != 2)
    goto fail;
  t0 = g_ascii_strtod (parts[0], &end);
  if (end == parts[0] || *end != '\0')
    goto fail;
  t1 = g_ascii_strtod (parts[1], &end);
  if (end == parts[1] || *end != '\0' || isnan (t0) || isnan (t1) || t1 < t0)
    goto fail;

  span->begin = seconds_to_ns (t0);
  span->end = seconds_to_ns (t1);
  return TRUE;

fail:
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("--range wants T0:T1 in seconds from the start of the trace, with T0 ≤ T1, not “%s”"),
               text);
  return FALSE;
}

/* `export`, and `compare` (@compare): the same options, with the other run's
 * paths and the mode; a comparison is a dataset, so it is exported by the same
 * exporter call. */
static int
command_export (int       argc,
                char    **argv,
                gboolean  compare)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(WeftDocument) document = NULL;
  g_autoptr(WeftDocument) other = NULL;
  g_autoptr(WeftComparison) comparison = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) paths = NULL;
  g_auto(GStrv) other_paths = NULL;
  g_autofree char *view = NULL;
  g_autofree char *format = NULL;
  g_autofree char *tag = NULL;
  g_autofree char *range = NULL;
  g_autofree char *metric = NULL;
  g_autofree char *kind = NULL;
  g_autofree char *mode_text = NULL;
  g_autofree char *align = NULL;
  g_autofree char *output = NULL;
  WeftCompareMode mode = WEFT_COMPARE_DIFFERENCE;
  WeftExportRequest request = { 0 };
  const WeftRenderModule *render;
  WeftDataset *dataset;
  GOptionEntry entries[] = {
    { "view", 0, 0, G_OPTION_ARG_STRING, &view, N_("What to export: comm-matrix, timeline, values, graph, profile, stacks, callers, flat, tree, array, parallelism"), N_("VIEW") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format, N_("mda-csv, mda-hdf5, psv-csv, psv-xml, tree-csv, cpc-csv, png, svg, pdf"), N_("FMT") },
    { "tag", 0, 0, G_OPTION_ARG_STRING, &tag, N_("Only this tag (Chapel: All, Start, a tag name)"), N_("NAME") },
    { "range", 0, 0, G_OPTION_ARG_STRING, &range, N_("Only this time range, in seconds from the start"), N_("T0:T1") },
    { "metric", 0, 0, G_OPTION_ARG_STRING, &metric, N_("Which value to export (count, bytes, tasks, cpu…)"), N_("NAME") },
    { "kind", 0, 0, G_OPTION_ARG_STRING, &kind, N_("Only this kind of event (Chapel: gets, puts, forks)"), N_("KIND") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("The file to write (- for the standard output)"), N_("OUT") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, compare ? N_("BASE…") : N_("PATH…") },
    { NULL }
  };
  GOptionEntry compare_entries[] = {
    { "other", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &other_paths, N_("A file or folder of the other run (repeat for each)"), N_("PATH") },
    { "mode", 0, 0, G_OPTION_ARG_STRING, &mode_text, N_("difference (other − base, the default) or ratio (other ÷ base)"), N_("MODE") },
    { "align", 0, 0, G_OPTION_ARG_STRING, &align, N_("Count --range from the first instant with this label (a tag) in each run, not from each run's start"), N_("LABEL") },
    { NULL }
  };

  if (compare)
    {
      context = g_option_context_new (_("— write how another run differs from BASE, as data or as a picture"));
      g_option_context_add_main_entries (context, compare_entries, GETTEXT_PACKAGE);
    }
  else
    context = g_option_context_new (_("— write a view of a trace as data or as a picture"));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      print_usage_error (context, error->message);
      return EXIT_USAGE;
    }
  if (paths == NULL || paths[0] == NULL || view == NULL || format == NULL || output == NULL)
    {
      print_usage_error (context, compare ? _("compare needs --view, --format, --other, -o and at least one BASE path")
                                          : _("export needs --view, --format, -o and at least one PATH"));
      return EXIT_USAGE;
    }
  if (compare && (other_paths == NULL || other_paths[0] == NULL))
    {
      print_usage_error (context, _("compare needs the other run: --other PATH"));
      return EXIT_USAGE;
    }
  if (mode_text != NULL && !weft_compare_mode_from_string (mode_text, &mode))
    {
      g_autofree char *message = g_strdup_printf (_("--mode is difference or ratio, not “%s”"), mode_text);

      print_usage_error (context, message);
      return EXIT_USAGE;
    }
  /* The exporter, from the module weft-render: only exports need cairo and
   * pango. */
  render = weft_module_get_table ("render", WEFT_RENDER_MODULE_ENTRY, &error);
  if (render == NULL)
    {
      g_printerr ("weft-cli: %s\n", error->message);
      return EXIT_LOAD_ERROR;
    }
  if (!render->is_known_view (view) || !render->is_known_format (format))
    {
      g_autofree char *message = g_strdup_printf (_("unknown view “%s” or format “%s”"), view, format);

      print_usage_error (context, message);
      return EXIT_USAGE;
    }
  if (range != NULL && !parse_range (range, &request.options.range, &error))
    {
      print_usage_error (context, error->message);
      return EXIT_USAGE;
    }

  document = load_document (paths, &error);
  if (document == NULL)
    {
      g_printerr ("weft-cli: %s\n", error->message);
      return EXIT_LOAD_ERROR;
    }
  print_warnings_stderr (document);
  dataset = weft_document_get_dataset (document);

  if (compare)
    {
      comparison = load_comparison (document, other_paths, mode, &other, &error);
      if (comparison == NULL)
        {
          g_printerr ("weft-cli: %s\n", error->message);
          return EXIT_LOAD_ERROR;
        }
      print_warnings_stderr (other);
      if (align != NULL && !weft_comparison_align_at (comparison, align, &error))
        {
          g_printerr ("weft-cli: %s\n", error->message);
          return EXIT_LOAD_ERROR;
        }
      dataset = WEFT_DATASET (comparison);
    }

  request.view = view;
  request.format = format;
  /* "-o -": the standard output, which the atomic file writes into. */
  request.path = g_strcmp0 (output, "-") == 0 ? "/dev/stdout" : output;
  request.options.tag = tag;
  request.options.metric = metric;
  request.options.kind = kind;
  request.options.has_range = range != NULL;
  request.range_from_start = TRUE;

  if (!render->export (dataset, &request, &error))
    {
      g_printerr ("weft-cli: %s\n", error->message);
      return EXIT_LOAD_ERROR;
    }

  return EXIT_SUCCESS;
}

static void
print_help (FILE *stream)
{
  g_autofree const WeftFormat **formats = NULL;
  guint n_formats;

  fprintf (stream,
           "Usage:\n"
           "  weft-cli info [--json] [--other PATH…] PATH…\n"
           "  weft-cli export --view VIEW --format FMT [--tag NAME] [--range T0:T1]\n"
           "                  [--metric NAME] [--kind KIND] -o OUT PATH…\n"
           "  weft-cli compare --view VIEW --format FMT [--metric M] [--tag NAME] [--kind K]\n"
           "                   [--range T0:T1 [--align LABEL]] [--mode difference|ratio]\n"
           "                   --other PATH [--other PATH…] -o OUT BASE…\n"
           "  weft-cli --help | --version\n"
           "\n"
           "Loads traces and profiles the way the Weft application does. PATH… are the\n"
           "files and folders of one document. Run “weft-cli COMMAND --help” for details.\n"
           "\n"
           "Formats read:\n");

  weft_formats_init ();
  formats = weft_format_list (&n_formats);
  for (guint i = 0; i < n_formats; i++)
    fprintf (stream, "  %-10s %s\n", formats[i]->id, _(formats[i]->name));

  fprintf (stream,
           "\nExit status: 0 success, 1 load or write error, 2 bad usage.\n");
}

int
main (int    argc,
      char **argv)
{
  weft_timing_start ();
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  weft_formats_init ();

  if (argc < 2)
    {
      print_help (stderr);
      return EXIT_USAGE;
    }

  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h") || g_str_equal (argv[1], "help"))
    {
      print_help (stdout);
      return EXIT_SUCCESS;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      g_print ("weft-cli %s\n", PACKAGE_VERSION);
      return EXIT_SUCCESS;
    }
  if (g_str_equal (argv[1], "info"))
    return command_info (argc - 1, argv + 1);
  if (g_str_equal (argv[1], "export"))
    return command_export (argc - 1, argv + 1, FALSE);
  if (g_str_equal (argv[1], "compare"))
    return command_export (argc - 1, argv + 1, TRUE);

  g_printerr (_("weft-cli: unknown command “%s”\n\n"), argv[1]);
  print_help (stderr);
  return EXIT_USAGE;
}

/* weft-gen-traces.c: writes large synthetic traces in the text formats Weft
 * reads (Chapel VisualDebug, VisAndOr, MPD mpdtrace), reproducibly from a
 * seed, for the benchmarks and for the bundled demo traces.
 *
 * Every line is written with the exact format of the tool that writes the
 * real files; the same arguments always give the same bytes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <errno.h>
#include <locale.h>

#include <glib/gstdio.h>

#include "weft-gen-common.h"

static const char *
format_name (WeftGenFormat format)
{
  switch (format)
    {
    case WEFT_GEN_FORMAT_CHPLVIS:
      return "chplvis";
    case WEFT_GEN_FORMAT_VISANDOR:
      return "visandor";
    case WEFT_GEN_FORMAT_MPD:
      return "mpd";
    default:
      g_assert_not_reached ();
    }
  return NULL;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *format = NULL;
  g_autofree char *name = NULL;
  g_autofree char *out = NULL;
  g_autofree char *parallelism = NULL;
  g_autofree char *mix = NULL;
  gint64 seed = 1;
  gint64 events = 100000;
  gint rows = -1;
  gint tags = 4;
  gint vms = 1;
  gint addr_bits = 32;
  WeftGenOptions options = { 0 };
  WeftGenStats stats = { 0 };
  gint64 started, elapsed;
  gboolean ok;
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format,
      "Trace format: chplvis, visandor or mpd", "FORMAT" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed,
      "Random seed (default 1); the same arguments give the same bytes", "N" },
    { "events", 'e', 0, G_OPTION_ARG_INT64, &events,
      "Approximate number of records (lines), all files together (default 100000)", "N" },
    { "rows", 'r', 0, G_OPTION_ARG_INT, &rows,
      "Locales (chplvis, default 4), agents (visandor, default 4), or process ids per virtual "
      "machine, the pool of process descriptors (mpd, default 16, at least 6)", "N" },
    { "tags", 't', 0, G_OPTION_ARG_INT, &tags,
      "chplvis: number of tagVdebug calls (default 4; from 2 on, a pause comes before one)", "N" },
    { "mix", 'm', 0, G_OPTION_ARG_STRING, &mix,
      "chplvis: default (a bit of everything, one pause), comm (nearly every line a get, put or "
      "fork, like a real stencil run) or tags (many short tags, a pause before every fifth)", "MIX" },
    { "name", 'n', 0, G_OPTION_ARG_STRING, &name,
      "chplvis: the startVdebug root name, also the folder name (default GEN)", "NAME" },
    { "out", 'o', 0, G_OPTION_ARG_FILENAME, &out,
      "Output: a folder for chplvis (PATH/NAME/NAME-0 …), the trace file otherwise", "PATH" },
    { "parallelism", 'p', 0, G_OPTION_ARG_STRING, &parallelism,
      "visandor: and (and-parallel, the default) or or (or-parallel, with Andorra-I slaves)", "and|or" },
    { "vms", 0, 0, G_OPTION_ARG_INT, &vms,
      "mpd: virtual machines; above 1 the run is distributed (default 1)", "N" },
    { "address-bits", 0, 0, G_OPTION_ARG_INT, &addr_bits,
      "mpd: process addresses of a 32-bit (7 hex digits) or 64-bit (12 digits) run (default 32)", "32|64" },
    { NULL }
  };

  /* Only for the help text's characters: the traces never depend on the
   * locale (all numbers are formatted by hand). */
  setlocale (LC_ALL, "");

  context = g_option_context_new ("- write synthetic traces for Weft");
  g_option_context_set_summary (context,
    "Writes large, realistic traces in the Chapel VisualDebug, VisAndOr and MPD text\n"
    "formats, with each line in the exact format the real tools write.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("weft-gen-traces: %s\n", error->message);
      return 2;
    }

  if (format == NULL || out == NULL)
    {
      g_printerr ("weft-gen-traces: --format and --out are required (see --help)\n");
      return 2;
    }
  if (g_str_equal (format, "chplvis"))
    options.format = WEFT_GEN_FORMAT_CHPLVIS;
  else if (g_str_equal (format, "visandor"))
    options.format = WEFT_GEN_FORMAT_VISANDOR;
  else if (g_str_equal (format, "mpd"))
    options.format = WEFT_GEN_FORMAT_MPD;
  else
    {
      g_printerr ("weft-gen-traces: unknown format “%s” (chplvis, visandor or mpd)\n", format);
      return 2;
    }

  if (rows < 0)
    rows = options.format == WEFT_GEN_FORMAT_MPD ? 16 : 4;
  if (seed < 0 || events < 1 || rows < 1 || tags < 0 || vms < 1 || vms > 64
      || (addr_bits != 32 && addr_bits != 64))
    {
      g_printerr ("weft-gen-traces: --seed and --tags must be ≥ 0, --events and --rows ≥ 1, "
                  "--vms 1 to 64, --address-bits 32 or 64\n");
      return 2;
    }
  if (options.format == WEFT_GEN_FORMAT_CHPLVIS && rows > 4096)
    {
      g_printerr ("weft-gen-traces: at most 4096 locales\n");
      return 2;
    }
  if (options.format == WEFT_GEN_FORMAT_MPD && rows < 6)
    {
      g_printerr ("weft-gen-traces: mpd needs --rows of at least 6 (servers and clients)\n");
      return 2;
    }
  if (parallelism != NULL && !g_str_equal (parallelism, "and") && !g_str_equal (parallelism, "or"))
    {
      g_printerr ("weft-gen-traces: --parallelism is and or or\n");
      return 2;
    }
  if (mix == NULL || g_str_equal (mix, "default"))
    options.mix = WEFT_GEN_MIX_DEFAULT;
  else if (g_str_equal (mix, "comm"))
    options.mix = WEFT_GEN_MIX_COMM;
  else if (g_str_equal (mix, "tags"))
    options.mix = WEFT_GEN_MIX_TAGS;
  else
    {
      g_printerr ("weft-gen-traces: --mix is default, comm or tags\n");
      return 2;
    }
  if (name != NULL && (name[0] == '\0' || strchr (name, '/') != NULL))
    {
      /* The runtime cannot write a root name with a slash either. */
      g_printerr ("weft-gen-traces: --name must be a plain, non-empty file name\n");
      return 2;
    }

  options.seed = (guint64)seed;
  options.events = (guint64)events;
  options.rows = (guint)rows;
  options.tags = (guint)tags;
  options.name = name != NULL ? name : "GEN";
  options.out = out;
  options.or_mode = parallelism != NULL && g_str_equal (parallelism, "or");
  options.vms = (guint)vms;
  options.addr_bits = (guint)addr_bits;

  if (options.format != WEFT_GEN_FORMAT_CHPLVIS)
    {
      g_autofree char *parent = g_path_get_dirname (out);

      if (g_mkdir_with_parents (parent, 0777) != 0)
        {
          g_printerr ("weft-gen-traces: cannot create “%s”: %s\n", parent, g_strerror (errno));
          return 1;
        }
    }

  started = g_get_monotonic_time ();
  switch (options.format)
    {
    case WEFT_GEN_FORMAT_CHPLVIS:
      ok = weft_gen_chplvis (&options, &stats, &error);
      break;
    case WEFT_GEN_FORMAT_VISANDOR:
      ok = weft_gen_visandor (&options, &stats, &error);
      break;
    case WEFT_GEN_FORMAT_MPD:
      ok = weft_gen_mpd (&options, &stats, &error);
      break;
    default:
      g_assert_not_reached ();
    }
  elapsed = MAX (g_get_monotonic_time () - started, 1);

  if (!ok)
    {
      g_printerr ("weft-gen-traces: %s\n", error->message);
      return 1;
    }

  /* One line per figure, like the benchmarks. */
  g_print ("bench gen-%s-lines %" G_GUINT64_FORMAT " lines\n", format_name (options.format), stats.lines);
  g_print ("bench gen-%s-bytes %" G_GUINT64_FORMAT " bytes\n", format_name (options.format), stats.bytes);
  g_print ("bench gen-%s-files %u files\n", format_name (options.format), stats.files);
  {
    char speed[G_ASCII_DTOSTR_BUF_SIZE];

    /* Bytes per microsecond are MB/s; a dot whatever the locale. */
    g_ascii_formatd (speed, sizeof speed, "%.1f", (double)stats.bytes / (double)elapsed);
    g_print ("bench gen-%s-speed %s MB/s\n", format_name (options.format), speed);
  }

  return 0;
}

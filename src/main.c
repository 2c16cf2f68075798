/* main.c: the weft executable.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "weft-application.h"
#include "weft-timing.h"

/* Whether the machine has a GPU render node (Linux DRM). */
static gboolean
has_render_node (void)
{
  g_autoptr(GDir) dir = g_dir_open ("/dev/dri", 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "renderD"))
      return TRUE;

  return FALSE;
}

/* Without a GPU, GTK's GL renderer runs on a software rasterizer (Mesa's
 * llvmpipe, which loads LLVM), and every view of Weft draws with cairo
 * anyway. There the cairo renderer is used and GDK does not set up GL at
 * all, unless GSK_RENDERER or GDK_DEBUG say otherwise: on a 2-core machine
 * without a GPU the first window appears after 150–200 ms instead of
 * 290–330 ms (GL on llvmpipe) or 250–300 ms (cairo, GL still set up). */
static void
choose_renderer (void)
{
#ifdef G_OS_UNIX
  if (has_render_node ())
    return;
  if (g_getenv ("GSK_RENDERER") == NULL)
    g_setenv ("GSK_RENDERER", "cairo", FALSE);
  if (g_getenv ("GDK_DEBUG") == NULL)
    g_setenv ("GDK_DEBUG", "gl-disable", FALSE);
#endif
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(WeftApplication) app = NULL;

  weft_timing_start ();
  choose_renderer ();
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = weft_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}

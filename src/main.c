/* main.c: the weft executable.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "weft-application.h"
#include "weft-timing.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(WeftApplication) app = NULL;

  weft_timing_start ();
  weft_choose_renderer ();
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = weft_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}

/* weft-render-module.c: the entry point of the module weft-render
 * (weft-render-module.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gmodule.h>

#include "weft-module.h"
#include "weft-render-module.h"

G_MODULE_EXPORT gconstpointer weft_render_module_table (void);

gconstpointer
weft_render_module_table (void)
{
  static const WeftRenderModule table = {
    .abi = WEFT_MODULE_ABI,
    .is_known_view = weft_exporter_is_known_view,
    .is_known_format = weft_exporter_is_known_format,
    .export = weft_exporter_export,
  };

  weft_exporter_init ();
  return &table;
}

/* weft-render-module.h: the renderers and the exporter, as a module for weft-cli.
 *
 * The app draws with cairo and pango anyway (GTK brings them) and links the
 * render library. weft-cli needs them only to export, and cairo, pango and
 * the 20 libraries they bring (fontconfig, freetype, harfbuzz, X11…) cost
 * 4.5 ms of every start (core/weft-module.h), so weft-cli opens the render
 * library as the module weft-render the first time it exports.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-exporter.h"

G_BEGIN_DECLS

/* What the module hands out: weft-exporter.h's functions, registered
 * (weft_exporter_init() has run). */
typedef struct
{
  guint      abi;  /* WEFT_MODULE_ABI of the module's build */

  gboolean (*is_known_view)   (const char              *view);
  gboolean (*is_known_format) (const char              *format);
  gboolean (*export)          (WeftDataset             *dataset,
                               const WeftExportRequest *request,
                               GError                 **error);
} WeftRenderModule;

#define WEFT_RENDER_MODULE_ENTRY "weft_render_module_table"

G_END_DECLS

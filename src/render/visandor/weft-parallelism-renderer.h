/* weft-parallelism-renderer.h: how many agents were busy, over the run.
 *
 * The available-parallelism profile of a VisAndOr trace as an area over
 * time: the mean number of busy agents in each pixel column
 * (weft_visandor_dataset_dup_parallelism()), from none at the bottom to every
 * agent at the top, with a dashed line at the mean over the run and a time
 * ruler below. The column under the pointer is marked, and described for a
 * tooltip. GTK-free: WeftParallelismView and the exporter's "parallelism"
 * picture draw through it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "weft-exporter.h"
#include "weft-render-theme.h"
#include "weft-visandor-dataset.h"

G_BEGIN_DECLS

#define WEFT_TYPE_PARALLELISM_RENDERER (weft_parallelism_renderer_get_type ())

G_DECLARE_FINAL_TYPE (WeftParallelismRenderer, weft_parallelism_renderer, WEFT, PARALLELISM_RENDERER, GObject)

WeftParallelismRenderer *weft_parallelism_renderer_new            (void);

void                     weft_parallelism_renderer_set_dataset    (WeftParallelismRenderer *self,
                                                                   WeftVisandorDataset     *dataset);
void                     weft_parallelism_renderer_set_theme      (WeftParallelismRenderer *self,
                                                                   const WeftRenderTheme   *theme);
void                     weft_parallelism_renderer_get_plot_area  (WeftParallelismRenderer *self,
                                                                   double                   width,
                                                                   double                   height,
                                                                   cairo_rectangle_t       *plot);
gboolean                 weft_parallelism_renderer_set_hover      (WeftParallelismRenderer *self,
                                                                   double                   width,
                                                                   double                   height,
                                                                   double                   x);
gboolean                 weft_parallelism_renderer_get_column     (WeftParallelismRenderer *self,
                                                                   double                   width,
                                                                   double                   height,
                                                                   double                   x,
                                                                   gint64                  *begin,
                                                                   gint64                  *end,
                                                                   double                  *busy);
char                    *weft_parallelism_renderer_describe_at    (WeftParallelismRenderer *self,
                                                                   double                   width,
                                                                   double                   height,
                                                                   double                   x);
void                     weft_parallelism_renderer_draw           (WeftParallelismRenderer *self,
                                                                   cairo_t                 *cr,
                                                                   double                   width,
                                                                   double                   height);

gboolean                 weft_parallelism_draw_picture            (WeftDataset             *dataset,
                                                                   const char              *view,
                                                                   const WeftViewOptions   *options,
                                                                   const WeftRenderTheme   *theme,
                                                                   cairo_t                 *cr,
                                                                   double                   width,
                                                                   double                   height,
                                                                   GError                 **error);

G_END_DECLS

/* weft-chplvis-pictures.h: the Chapel page's "graph" and "profile" pictures.
 *
 * Registered with the exporter (weft-renderers-builtin.c), so that File ▸
 * Export on the page and `weft-cli export --view graph|profile` draw the same
 * pictures:
 *  - "graph": chplvis's Graph view, the locales on a ring coloured by a column
 *    of the "values" table (options->metric, see
 *    weft_chplvis_parse_graph_metric(); tasks by default) and linked by the
 *    communication of the "graph" matrix (count, or bytes with ",bytes");
 *  - "profile": chplvis's Profile as a bar chart: the functions with the most
 *    clock (or options->metric: tasks, gets, puts, on_calls, comm), the top
 *    WEFT_CHPLVIS_PROFILE_TOP of them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "weft-dataset.h"
#include "weft-render-theme.h"

G_BEGIN_DECLS

/* How many functions the profile picture shows at most. */
#define WEFT_CHPLVIS_PROFILE_TOP 30

gboolean weft_chplvis_graph_draw_picture   (WeftDataset           *dataset,
                                            const char            *view,
                                            const WeftViewOptions *options,
                                            const WeftRenderTheme *theme,
                                            cairo_t               *cr,
                                            double                 width,
                                            double                 height,
                                            GError               **error);
gboolean weft_chplvis_profile_draw_picture (WeftDataset           *dataset,
                                            const char            *view,
                                            const WeftViewOptions *options,
                                            const WeftRenderTheme *theme,
                                            cairo_t               *cr,
                                            double                 width,
                                            double                 height,
                                            GError               **error);

G_END_DECLS

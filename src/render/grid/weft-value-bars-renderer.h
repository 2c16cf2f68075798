/* weft-value-bars-renderer.h: one column of a WeftValueTable as horizontal bars.
 *
 * The per-row values of a document (tasks, CPU or clock per locale; thread
 * totals) as a bar chart: one row per table row with its name, a bar from
 * zero and the formatted value, in table order or sorted by value. Rows get
 * thinner down to a pixel when there are many, and then only every k-th row
 * is named. Used by WeftValueBarsView and for the "values" picture export.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "weft-dataset.h"
#include "weft-render-theme.h"
#include "weft-value-table.h"

G_BEGIN_DECLS

typedef enum
{
  WEFT_VALUE_BARS_SORT_ROW,         /* table order */
  WEFT_VALUE_BARS_SORT_DESCENDING,  /* largest value first */
  WEFT_VALUE_BARS_SORT_ASCENDING,
} WeftValueBarsSort;

#define WEFT_TYPE_VALUE_BARS_SORT (weft_value_bars_sort_get_type ())

GType weft_value_bars_sort_get_type (void) G_GNUC_CONST;

#define WEFT_TYPE_VALUE_BARS_RENDERER (weft_value_bars_renderer_get_type ())

G_DECLARE_FINAL_TYPE (WeftValueBarsRenderer, weft_value_bars_renderer, WEFT, VALUE_BARS_RENDERER, GObject)

typedef struct
{
  double            title_height;  /* the caption line at the top */
  cairo_rectangle_t bars;          /* where bars go (names are left of it) */
  double            row_height;
  double            zero_x;        /* where bars start */
  double            value_width;   /* room kept right of the longest bar */
  guint             label_step;    /* every label_step-th position is named */
} WeftValueBarsLayout;

WeftValueBarsRenderer *weft_value_bars_renderer_new              (void);

gboolean               weft_value_bars_renderer_set_values       (WeftValueBarsRenderer *self,
                                                                  WeftValueTable        *values,
                                                                  guint                  column);
WeftValueTable        *weft_value_bars_renderer_get_values       (WeftValueBarsRenderer *self);
guint                  weft_value_bars_renderer_get_column       (WeftValueBarsRenderer *self);
gboolean               weft_value_bars_renderer_set_sort         (WeftValueBarsRenderer *self,
                                                                  WeftValueBarsSort      sort);
WeftValueBarsSort      weft_value_bars_renderer_get_sort         (WeftValueBarsRenderer *self);
void                   weft_value_bars_renderer_set_theme        (WeftValueBarsRenderer *self,
                                                                  const WeftRenderTheme *theme);
gboolean               weft_value_bars_renderer_set_hover_row    (WeftValueBarsRenderer *self,
                                                                  gssize                 row);
gboolean               weft_value_bars_renderer_set_selected_row (WeftValueBarsRenderer *self,
                                                                  gssize                 row);

double                 weft_value_bars_renderer_get_natural_height (WeftValueBarsRenderer *self);
void                   weft_value_bars_renderer_get_layout       (WeftValueBarsRenderer *self,
                                                                  double                 width,
                                                                  double                 height,
                                                                  WeftValueBarsLayout   *layout);
guint                  weft_value_bars_renderer_get_row_at       (WeftValueBarsRenderer *self,
                                                                  guint                  position);
gboolean               weft_value_bars_renderer_get_bar_rect     (WeftValueBarsRenderer *self,
                                                                  double                 width,
                                                                  double                 height,
                                                                  guint                  row,
                                                                  cairo_rectangle_t     *rect);
gssize                 weft_value_bars_renderer_hit_test         (WeftValueBarsRenderer *self,
                                                                  double                 width,
                                                                  double                 height,
                                                                  double                 x,
                                                                  double                 y);
char                  *weft_value_bars_renderer_describe_row     (WeftValueBarsRenderer *self,
                                                                  guint                  row);
void                   weft_value_bars_renderer_draw             (WeftValueBarsRenderer *self,
                                                                  cairo_t               *cr,
                                                                  double                 width,
                                                                  double                 height);

gboolean               weft_value_bars_draw_picture              (WeftDataset           *dataset,
                                                                  const char            *view,
                                                                  const WeftViewOptions *options,
                                                                  const WeftRenderTheme *theme,
                                                                  cairo_t               *cr,
                                                                  double                 width,
                                                                  double                 height,
                                                                  GError               **error);

G_END_DECLS

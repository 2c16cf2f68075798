/* weft-matrix-renderer.h: a 2-D WeftMatrix drawn as a heat map.
 *
 * Row i is index i of dimension 0 (e.g. the sending locale), column j index j
 * of dimension 1 (the receiving locale), as in chplvis's Grid view. The
 * renderer lays out axis titles that say which way each dimension runs ("from
 * locale ↓", "to locale →"), index labels thinned so they never overlap, the
 * cells, and a legend; it hit-tests positions and keeps the zoom and the
 * scrolled position, so that the widget (WeftMatrixView), the picture export
 * and the headless tests share every computation.
 *
 * Cells are painted into a cached image of one pixel per cell, rebuilt only
 * when the matrix, the scale mode or the theme's colours change, and scaled
 * with nearest-neighbour filtering; when a cell is smaller than a pixel, each
 * pixel shows the hottest of the cells it covers, so a single busy pair never
 * disappears from a large matrix.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib-object.h>

#include "weft-color-scale.h"
#include "weft-dataset.h"
#include "weft-matrix.h"
#include "weft-render-theme.h"

G_BEGIN_DECLS

#define WEFT_TYPE_MATRIX_RENDERER (weft_matrix_renderer_get_type ())

G_DECLARE_FINAL_TYPE (WeftMatrixRenderer, weft_matrix_renderer, WEFT, MATRIX_RENDERER, GObject)

typedef enum
{
  WEFT_MATRIX_HIT_NONE,
  WEFT_MATRIX_HIT_CELL,          /* row and column */
  WEFT_MATRIX_HIT_ROW_LABEL,     /* row */
  WEFT_MATRIX_HIT_COLUMN_LABEL,  /* column */
  WEFT_MATRIX_HIT_LEGEND,
} WeftMatrixHitKind;

typedef struct
{
  WeftMatrixHitKind kind;
  gsize             row;
  gsize             column;
} WeftMatrixHit;

/* Where everything goes for a given size; all in user-space pixels. */
typedef struct
{
  cairo_rectangle_t grid;          /* the visible part of the cells (the clip) */
  cairo_rectangle_t row_labels;    /* left of the grid */
  cairo_rectangle_t column_labels; /* above the grid */
  cairo_rectangle_t legend;        /* below the grid */
  double            title_y;       /* top of the axis-title line */
  double            cell_size;     /* side of a (square) cell, zoom included */
  double            origin_x;      /* where cell (0, 0)'s top-left corner is; */
  double            origin_y;      /*   outside the grid when scrolled */
  guint             row_step;      /* every row_step-th row is labelled */
  guint             column_step;
  gsize             first_row;     /* the visible cells, half-open */
  gsize             end_row;
  gsize             first_column;
  gsize             end_column;
} WeftMatrixLayout;

/* Below this many pixels per cell, cells are not outlined. */
#define WEFT_MATRIX_BORDER_MIN_CELL 8.0

WeftMatrixRenderer   *weft_matrix_renderer_new              (void);

gboolean              weft_matrix_renderer_set_matrix       (WeftMatrixRenderer    *self,
                                                             WeftMatrix            *matrix);
gboolean              weft_matrix_renderer_set_matrix_with_stats (WeftMatrixRenderer    *self,
                                                                  WeftMatrix            *matrix,
                                                                  const WeftMatrixStats *stats);
WeftMatrix           *weft_matrix_renderer_get_matrix       (WeftMatrixRenderer    *self);
gboolean              weft_matrix_renderer_set_scale_mode   (WeftMatrixRenderer    *self,
                                                             WeftColorScaleMode     mode);
WeftColorScaleMode    weft_matrix_renderer_get_scale_mode   (WeftMatrixRenderer    *self);
void                  weft_matrix_renderer_set_theme        (WeftMatrixRenderer    *self,
                                                             const WeftRenderTheme *theme);
void                  weft_matrix_renderer_set_show_title   (WeftMatrixRenderer    *self,
                                                             gboolean               show_title);
const WeftColorScale *weft_matrix_renderer_get_color_scale  (WeftMatrixRenderer    *self);

gboolean              weft_matrix_renderer_set_hover        (WeftMatrixRenderer    *self,
                                                             gssize                 row,
                                                             gssize                 column);
gboolean              weft_matrix_renderer_set_selection    (WeftMatrixRenderer    *self,
                                                             gssize                 row,
                                                             gssize                 column);

double                weft_matrix_renderer_get_zoom         (WeftMatrixRenderer    *self);
double                weft_matrix_renderer_get_max_zoom     (WeftMatrixRenderer    *self,
                                                             double                 width,
                                                             double                 height);
gboolean              weft_matrix_renderer_zoom_at          (WeftMatrixRenderer    *self,
                                                             double                 width,
                                                             double                 height,
                                                             double                 factor,
                                                             double                 x,
                                                             double                 y);
gboolean              weft_matrix_renderer_scroll_by        (WeftMatrixRenderer    *self,
                                                             double                 width,
                                                             double                 height,
                                                             double                 dx,
                                                             double                 dy);
gboolean              weft_matrix_renderer_scroll_to_cell   (WeftMatrixRenderer    *self,
                                                             double                 width,
                                                             double                 height,
                                                             gsize                  row,
                                                             gsize                  column);
gboolean              weft_matrix_renderer_reset_view       (WeftMatrixRenderer    *self);

void                  weft_matrix_renderer_get_layout       (WeftMatrixRenderer    *self,
                                                             double                 width,
                                                             double                 height,
                                                             WeftMatrixLayout      *layout);
gboolean              weft_matrix_renderer_get_cell_rect    (WeftMatrixRenderer    *self,
                                                             double                 width,
                                                             double                 height,
                                                             gsize                  row,
                                                             gsize                  column,
                                                             cairo_rectangle_t     *rect);
void                  weft_matrix_renderer_hit_test         (WeftMatrixRenderer    *self,
                                                             double                 width,
                                                             double                 height,
                                                             double                 x,
                                                             double                 y,
                                                             WeftMatrixHit         *hit);
char                 *weft_matrix_renderer_describe_cell    (WeftMatrixRenderer    *self,
                                                             gsize                  row,
                                                             gsize                  column);
char                 *weft_matrix_renderer_describe_hit     (WeftMatrixRenderer    *self,
                                                             const WeftMatrixHit   *hit);
char                 *weft_matrix_renderer_dup_range_text   (WeftMatrixRenderer    *self);
void                  weft_matrix_renderer_draw             (WeftMatrixRenderer    *self,
                                                             cairo_t               *cr,
                                                             double                 width,
                                                             double                 height);

gboolean              weft_matrix_draw_picture              (WeftDataset           *dataset,
                                                             const char            *view,
                                                             const WeftViewOptions *options,
                                                             const WeftRenderTheme *theme,
                                                             cairo_t               *cr,
                                                             double                 width,
                                                             double                 height,
                                                             GError               **error);

G_END_DECLS

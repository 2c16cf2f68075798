/* weft-matrix-renderer-private.h: the matrix renderer's state and the
 * helpers its files share: weft-matrix-renderer.c (the object, its
 * properties and the view's zoom and scroll), weft-matrix-renderer-layout.c
 * (label bands, cell area, layout), weft-matrix-renderer-hit.c (hit tests
 * and their descriptions), weft-matrix-renderer-cells.c (cell colours and
 * their cached images) and weft-matrix-renderer-draw.c (drawing and the
 * exporter's pictures). Private to them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-grid-util.h"
#include "weft-matrix-renderer.h"

G_BEGIN_DECLS

/* Cell codes in the cache: the ramp is quantised to 256 levels, which is what
 * 8-bit channels can show anyway; the order makes "hottest" a plain max.
 * Infinities and NaN are above the ramp: in an array view they are usually
 * what the user is looking for, so they win a pixel they share with values.
 * An infinity has a colour of its own: at the ramp's end it passed for the
 * largest finite value. */
#define CODE_FILTERED 0
#define CODE_EMPTY    1
#define CODE_RAMP     2
#define N_LEVELS      256
#define CODE_INF      (CODE_RAMP + N_LEVELS)
#define CODE_NAN      (CODE_INF + 1)
#define N_CODES       (CODE_NAN + 1)

#define MARGIN           8.0
#define LABEL_PAD        6.0
#define MAX_BASE_CELL    240.0
#define MAX_CELL         240.0
#define HATCH_MIN_CELL   6.0
#define VECTOR_MAX_CELLS 16384

struct _WeftMatrixRenderer
{
  GObject             parent_instance;

  WeftMatrix         *matrix;
  gsize               n_rows;
  gsize               n_columns;
  WeftMatrixStats     stats;
  WeftColorScaleMode  mode;
  WeftColorScale      scale;
  WeftRenderTheme     theme;
  WeftGridText       *text;
  gboolean            show_title;

  /* Measured once per matrix and font. */
  gboolean            measured;
  int                 line_height;
  int                 row_label_width;
  int                 column_label_width;
  char               *row_title;
  char               *column_title;

  /* Caches: the code of every cell, the one-pixel-per-cell image, and the
   * "hottest cell per pixel" image for cells smaller than a pixel. */
  guint16            *codes;
  guint32             lut[N_CODES];
  gboolean            lut_valid;
  cairo_surface_t    *image;
  cairo_surface_t    *reduced;
  double              reduced_cell;
  double              reduced_scale;

  gssize              hover_row;
  gssize              hover_column;
  gssize              selected_row;
  gssize              selected_column;

  double              zoom;
  double              view_row;     /* first visible row, fractional */
  double              view_column;
};

typedef struct
{
  double gx, gy;          /* top-left corner of the cell area */
  double avail_w, avail_h;
  double base;
} Frame;

/* weft-matrix-renderer-layout.c */
void         _weft_matrix_renderer_compute_frame     (WeftMatrixRenderer *self,
                                                      double              width,
                                                      double              height,
                                                      Frame              *frame);
double       _weft_matrix_renderer_max_zoom_for_base (double              base);
void         _weft_matrix_renderer_clamp_view        (WeftMatrixRenderer *self,
                                                      const Frame        *frame,
                                                      double              cell,
                                                      double             *view_row,
                                                      double             *view_column);
double       _weft_matrix_renderer_title_band_height (WeftMatrixRenderer *self);

/* weft-matrix-renderer-hit.c */
const char * _weft_matrix_renderer_value_kind        (WeftMatrixRenderer *self);
double       _weft_matrix_renderer_cell_value        (WeftMatrixRenderer *self,
                                                      gsize               row,
                                                      gsize               column);
gboolean     _weft_matrix_renderer_cell_filtered     (WeftMatrixRenderer *self,
                                                      gsize               row,
                                                      gsize               column);

/* weft-matrix-renderer-cells.c */
void         _weft_matrix_renderer_ensure_codes      (WeftMatrixRenderer *self);
WeftRgba     _weft_matrix_renderer_code_color        (WeftMatrixRenderer *self,
                                                      guint16             code);
void         _weft_matrix_renderer_ensure_image      (WeftMatrixRenderer *self);
void         _weft_matrix_renderer_ensure_reduced    (WeftMatrixRenderer *self,
                                                      double              device_cell);

G_END_DECLS

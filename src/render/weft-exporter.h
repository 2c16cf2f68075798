/* weft-exporter.h: writes a view of a dataset as data (DDT formats) or a picture.
 *
 * One place for the app's File ▸ Export and `weft-cli export`. Views and their
 * writers are registered: a picture renderer per view ("timeline",
 * "comm-matrix", "values", "graph", "profile") and a data writer per (data
 * shape, format)
 * (matrix → mda-csv/mda-hdf5, values → cpc-csv, call trees → psv-csv/psv-xml).
 * Every write is atomic (a temporary file renamed over the destination), so a
 * failed export never leaves a half-written or clobbered file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>

#include "weft-dataset.h"
#include "weft-render-theme.h"

G_BEGIN_DECLS

typedef struct
{
  const char      *view;    /* "comm-matrix", "timeline", "values", … */
  const char      *format;  /* "mda-csv", "png", … */
  const char      *path;    /* destination */
  WeftViewOptions  options;
  /* options.range counts from the start of the data (weft-cli --range), not in
   * the event table's absolute units. */
  gboolean         range_from_start;
  int              width;   /* picture size in pixels/points; 0 = the view's default */
  int              height;
  const WeftRenderTheme *theme; /* NULL = light */
} WeftExportRequest;

/* Draws @view of @dataset into @cr, a surface of @width × @height (one
 * function may draw several views: the call trees' flame graphs). */
typedef gboolean (*WeftPictureFunc) (WeftDataset           *dataset,
                                     const char            *view,
                                     const WeftViewOptions *options,
                                     const WeftRenderTheme *theme,
                                     cairo_t               *cr,
                                     double                 width,
                                     double                 height,
                                     GError               **error);

typedef gboolean (*WeftMatrixWriterFunc) (WeftMatrix     *matrix,
                                          const char     *path,
                                          GError        **error);
typedef gboolean (*WeftValuesWriterFunc) (WeftValueTable *values,
                                          guint           column,
                                          const char     *path,
                                          GError        **error);

/* Writes @tree; @metric is the metric column the format has room for (PSV
 * has none; -1 when the view has no metric). */
typedef gboolean (*WeftTreeWriterFunc)   (WeftCallTree   *tree,
                                          int             metric,
                                          const char     *path,
                                          GError        **error);

typedef enum
{
  WEFT_VIEW_SHAPE_PICTURE,  /* pictures only (timeline, profile) */
  WEFT_VIEW_SHAPE_MATRIX,   /* data through dup_matrix: MDA CSV/HDF5 */
  WEFT_VIEW_SHAPE_VALUES,   /* data through dup_values: CPC CSV */
  WEFT_VIEW_SHAPE_TREE,     /* data through dup_call_tree: PSV CSV/XML */
} WeftViewShape;

/* The timeline is a picture-only view. */
#define WEFT_VIEW_SHAPE_EVENTS WEFT_VIEW_SHAPE_PICTURE

void     weft_exporter_register_view           (const char            *view,
                                                WeftViewShape          shape,
                                                WeftPictureFunc        draw,
                                                int                    default_width,
                                                int                    default_height);
void     weft_exporter_register_matrix_writer  (const char            *format,
                                                WeftMatrixWriterFunc   write);
void     weft_exporter_register_values_writer  (const char            *format,
                                                WeftValuesWriterFunc   write);
void     weft_exporter_register_tree_writer    (const char            *format,
                                                WeftTreeWriterFunc     write);

gboolean weft_exporter_is_known_view           (const char            *view);
gboolean weft_exporter_is_known_format         (const char            *format);
GStrv    weft_exporter_list_formats            (WeftDataset           *dataset,
                                                const char            *view);
gboolean weft_exporter_export                  (WeftDataset           *dataset,
                                                const WeftExportRequest *request,
                                                GError               **error);

/* Registers the views and writers built into Weft (once; thread-safe). */
void     weft_exporter_init                    (void);

G_END_DECLS

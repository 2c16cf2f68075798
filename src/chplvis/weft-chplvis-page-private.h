/* weft-chplvis-page-private.h: the parts of the Chapel page, for its files.
 *
 * The page is one GtkWidget written in five files, one per concern, which is
 * the pattern a family's page can follow:
 *  - weft-chplvis-page.c: the object (properties, template, life);
 *  - weft-chplvis-page-controls.c: what the views show (view, tag, kinds,
 *    counts or bytes, locale metric, colour scale) and the public setters;
 *  - weft-chplvis-page-figures.c: the query and its recomputation in a
 *    worker thread, the time range the views follow;
 *  - weft-chplvis-page-actions.c: clicks, the details panel and source view,
 *    tooltips and shortcuts;
 *  - weft-chplvis-page-export.c: the WeftPage interface (what File → Export
 *    writes).
 * Each part has an init (instance, template children ready), and the parts
 * with template callbacks a class_init that binds them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "weft-chplvis-page.h"
#include "weft-page.h"

G_BEGIN_DECLS

struct _WeftChplvisPage
{
  GtkWidget               parent_instance;

  gboolean                figures_shown;  /* the first figures reached the views (timing) */

  WeftDocument           *document;
  WeftChplvisDataset     *dataset;
  GSettings              *settings;
  WeftTimeModel          *time_model;
  GArray                 *tags;          /* WeftChplvisTagChoice, the drop-down's items */
  gboolean                merge_tags;
  gboolean                link_bytes;
  const char             *kind;          /* one of weft_chplvis_page_kind_names */
  guint                   metric;        /* index in weft_chplvis_page_metric_columns */

  WeftChplvisFigures     *figures;       /* what the views show */
  WeftChplvisQuery        query;         /* of the latest run started */
  GCancellable           *cancellable;   /* of the run in flight, NULL when none */
  guint                   reload_source;
  gboolean                needs_reload;  /* the run in flight is stale */
  char                   *summary;
  char                   *range_text;
  int                     source_file;   /* what the source view was asked for, -1: none */
  int                     source_line;

  char                   *export_tag;    /* strings get_export_view hands out */
  char                   *export_metric;

  GtkWidget              *box;
  GtkInfoBar             *incomplete_bar;
  GtkLabel               *incomplete_label;
  GtkDropDown            *tag_dropdown;
  GtkToggleButton        *merge_button;
  GtkLabel               *range_label;
  GtkWidget              *clear_range_button;
  GtkToggleButton        *details_button;
  AdwViewStack           *view_stack;
  GtkDropDown            *metric_dropdown;
  GtkToggleButton        *graph_count_button;
  GtkToggleButton        *graph_bytes_button;
  GtkDropDown            *graph_kind_dropdown;
  GtkToggleButton        *graph_linear_button;
  GtkToggleButton        *graph_log_button;
  WeftRingGraphView      *graph_view;
  GtkToggleButton        *matrix_count_button;
  GtkToggleButton        *matrix_bytes_button;
  GtkDropDown            *matrix_kind_dropdown;
  GtkToggleButton        *matrix_linear_button;
  GtkToggleButton        *matrix_log_button;
  WeftMatrixView         *matrix_view;
  WeftTimelineView       *timeline_view;
  WeftChplvisLocalesView *locales_view;
  WeftChplvisProfileView *profile_view;
  GtkPaned               *paned;
  GtkWidget              *side_paned;
  WeftChplvisDetails     *details;
  WeftSourceView  *source_view;
};

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_SETTINGS,
  PROP_VIEW,
  PROP_TAG,
  PROP_MERGE_TAGS,
  PROP_LINK_BYTES,
  PROP_KIND,
  PROP_LOCALE_METRIC,
  PROP_BUSY,
  N_PROPS
};

/* The views, in the switcher's order (Alt+1 … Alt+5); the kind filter's
 * choices and the graph's locale metrics, in the drop-downs' order. */
#define WEFT_CHPLVIS_PAGE_N_VIEWS   5
#define WEFT_CHPLVIS_PAGE_N_KINDS   4
#define WEFT_CHPLVIS_PAGE_N_METRICS 4
extern const char *const weft_chplvis_page_view_names[WEFT_CHPLVIS_PAGE_N_VIEWS + 1];
extern const char *const weft_chplvis_page_kind_names[WEFT_CHPLVIS_PAGE_N_KINDS + 1];
extern const WeftChplvisLocaleColumn weft_chplvis_page_metric_columns[WEFT_CHPLVIS_PAGE_N_METRICS];

static inline const WeftChplvisTrace *
get_trace (WeftChplvisPage *self)
{
  return weft_chplvis_dataset_get_trace (self->dataset);
}

/* weft-chplvis-page.c */
void                        weft_chplvis_page_notify               (WeftChplvisPage  *self,
                                                                    guint             prop_id);

/* weft-chplvis-page-controls.c */
const WeftChplvisTagChoice *weft_chplvis_page_current_choice       (WeftChplvisPage  *self);
void                        weft_chplvis_page_rebuild_tags         (WeftChplvisPage  *self,
                                                                    int               keep_tag);
void                        weft_chplvis_page_init_controls        (WeftChplvisPage  *self);
void                        weft_chplvis_page_setup_controls       (WeftChplvisPage  *self);
void                        weft_chplvis_page_class_init_controls  (GtkWidgetClass   *widget_class);

/* weft-chplvis-page-figures.c */
gboolean                    weft_chplvis_page_get_focus_range      (WeftChplvisPage  *self,
                                                                    WeftTimeSpan     *range,
                                                                    gboolean         *selected);
void                        weft_chplvis_page_build_query          (WeftChplvisPage  *self,
                                                                    WeftChplvisQuery *query);
void                        weft_chplvis_page_queue_reload         (WeftChplvisPage  *self);
void                        weft_chplvis_page_update_matrix        (WeftChplvisPage  *self);
void                        weft_chplvis_page_update_summary       (WeftChplvisPage  *self);
void                        weft_chplvis_page_update_range         (WeftChplvisPage  *self);
void                        weft_chplvis_page_init_figures         (WeftChplvisPage  *self);
void                        weft_chplvis_page_class_init_figures   (GtkWidgetClass   *widget_class);

/* weft-chplvis-page-actions.c */
void                        weft_chplvis_page_init_actions         (WeftChplvisPage  *self);
void                        weft_chplvis_page_class_init_actions   (GtkWidgetClass   *widget_class);

/* weft-chplvis-page-export.c */
void                        weft_chplvis_page_iface_init           (WeftPageInterface *iface);

G_END_DECLS

/* weft-dataset.h: what a loaded document holds, whatever its family.
 *
 * Each family (Chapel, HPCToolkit, DDT, VisAndOr, MPD) implements this
 * interface on its own model object. The generic parts of Weft (the document,
 * weft-cli info, the exporter, the generic timeline page) only talk to this
 * interface; the family's own page may know its concrete type.
 *
 * "Views" are the named, exportable shapes of the data (see DESIGN.md):
 * "timeline" (an event table), "comm-matrix" and "array" (a WeftMatrix),
 * "values" (a WeftValueTable), "stacks" and "tree" (a WeftCallTree). A dataset
 * lists the views it has; dup_matrix/dup_values/dup_call_tree build one for the
 * given options.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

#include "weft-call-tree.h"
#include "weft-event-table.h"
#include "weft-matrix.h"
#include "weft-time-span.h"
#include "weft-value-table.h"

G_BEGIN_DECLS

/* Options of a view or an export; every field is optional. */
typedef struct
{
  const char  *tag;       /* a family-specific subset ("All", a tag name); NULL = default */
  gboolean     has_range;
  WeftTimeSpan range;     /* in the event table's units */
  const char  *metric;    /* "count", "bytes", "tasks"…; NULL = the view's default */
  const char  *kind;      /* a family-specific filter, e.g. "gets", "puts", "forks" */
} WeftViewOptions;

#define WEFT_TYPE_DATASET (weft_dataset_get_type ())

G_DECLARE_INTERFACE (WeftDataset, weft_dataset, WEFT, DATASET, GObject)

struct _WeftDatasetInterface
{
  GTypeInterface parent_iface;

  const char         *(*get_family)         (WeftDataset           *self);
  const char         *(*get_format_version) (WeftDataset           *self);
  GStrv               (*dup_sources)        (WeftDataset           *self);
  WeftEventTable     *(*get_event_table)    (WeftDataset           *self);
  gboolean            (*get_time_range)     (WeftDataset           *self,
                                             double                *begin_s,
                                             double                *end_s);
  guint               (*get_n_rows)         (WeftDataset           *self);
  const char * const *(*list_views)         (WeftDataset           *self);
  void                (*add_json)           (WeftDataset           *self,
                                             JsonBuilder           *builder);
  WeftMatrix         *(*dup_matrix)         (WeftDataset           *self,
                                             const char            *view,
                                             const WeftViewOptions *options,
                                             GError               **error);
  WeftValueTable     *(*dup_values)         (WeftDataset           *self,
                                             const char            *view,
                                             const WeftViewOptions *options,
                                             GError               **error);
  WeftCallTree       *(*dup_call_tree)      (WeftDataset           *self,
                                             const char            *view,
                                             const WeftViewOptions *options,
                                             GError               **error);
  /* The values an option takes ("tag": "All", "Start", the tag names;
   * "kind": "all", "gets"…), for pickers that serve every family; NULL when
   * the option is free or unused. */
  GStrv               (*dup_choices)        (WeftDataset           *self,
                                             const char            *option);
};

const char         *weft_dataset_get_family         (WeftDataset           *self);
const char         *weft_dataset_get_family_name    (WeftDataset           *self);
const char         *weft_dataset_get_format_version (WeftDataset           *self);
GStrv               weft_dataset_dup_sources        (WeftDataset           *self);
WeftEventTable     *weft_dataset_get_event_table    (WeftDataset           *self);
gboolean            weft_dataset_get_time_range     (WeftDataset           *self,
                                                     double                *begin_s,
                                                     double                *end_s);
guint               weft_dataset_get_n_rows         (WeftDataset           *self);
const char * const *weft_dataset_list_views         (WeftDataset           *self);
gboolean            weft_dataset_has_view           (WeftDataset           *self,
                                                     const char            *view);
void                weft_dataset_add_json           (WeftDataset           *self,
                                                     JsonBuilder           *builder);
void                weft_dataset_add_common_json    (WeftDataset           *self,
                                                     JsonBuilder           *builder);
WeftMatrix         *weft_dataset_dup_matrix         (WeftDataset           *self,
                                                     const char            *view,
                                                     const WeftViewOptions *options,
                                                     GError               **error);
WeftValueTable     *weft_dataset_dup_values         (WeftDataset           *self,
                                                     const char            *view,
                                                     const WeftViewOptions *options,
                                                     GError               **error);
WeftCallTree       *weft_dataset_dup_call_tree      (WeftDataset           *self,
                                                     const char            *view,
                                                     const WeftViewOptions *options,
                                                     GError               **error);
GStrv               weft_dataset_dup_choices        (WeftDataset           *self,
                                                     const char            *option);

G_END_DECLS

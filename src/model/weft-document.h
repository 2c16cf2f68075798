/* weft-document.h: one opened trace or profile (one tab, one weft-cli run).
 *
 * A document is made from one or more files or folders (a Chapel trace folder, a
 * set of hpcrun files). It loads in a worker thread (weft_document_load_async):
 * the format is detected, the family's reader runs and progress ("fraction",
 * "message") is notified on the main thread at most once per idle. After the
 * load, "state" is READY with a dataset and warnings, or FAILED with an error.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "weft-dataset.h"
#include "weft-format.h"

G_BEGIN_DECLS

typedef enum
{
  WEFT_DOCUMENT_NEW,
  WEFT_DOCUMENT_LOADING,
  WEFT_DOCUMENT_READY,
  WEFT_DOCUMENT_FAILED,
} WeftDocumentState;

#define WEFT_TYPE_DOCUMENT_STATE (weft_document_state_get_type ())
GType weft_document_state_get_type (void) G_GNUC_CONST;

#define WEFT_TYPE_DOCUMENT (weft_document_get_type ())

G_DECLARE_FINAL_TYPE (WeftDocument, weft_document, WEFT, DOCUMENT, GObject)

WeftDocument      *weft_document_new                (GFile * const       *files,
                                                     guint                n_files);
WeftDocument      *weft_document_new_for_file       (GFile               *file);
guint              weft_document_get_n_files       (WeftDocument        *self);
GFile             *weft_document_get_file          (WeftDocument        *self,
                                                     guint                index);
const char        *weft_document_get_title          (WeftDocument        *self);
char              *weft_document_dup_display_name   (WeftDocument        *self);
WeftDocumentState  weft_document_get_state          (WeftDocument        *self);
double             weft_document_get_fraction       (WeftDocument        *self);
const char        *weft_document_get_message        (WeftDocument        *self);
const WeftFormat  *weft_document_get_format         (WeftDocument        *self);
const char        *weft_document_get_format_version (WeftDocument        *self);
gboolean           weft_document_get_is_directory  (WeftDocument        *self);
WeftDataset       *weft_document_get_dataset        (WeftDocument        *self);
const GError      *weft_document_get_error          (WeftDocument        *self);
GPtrArray         *weft_document_get_warnings       (WeftDocument        *self);
guint              weft_document_get_n_warnings     (WeftDocument        *self);
GArray            *weft_document_get_stage_times    (WeftDocument        *self);
void               weft_document_load_async         (WeftDocument        *self,
                                                     GCancellable        *cancellable,
                                                     GAsyncReadyCallback  callback,
                                                     gpointer             user_data);
gboolean           weft_document_load_finish        (WeftDocument        *self,
                                                     GAsyncResult        *result,
                                                     GError             **error);
gboolean           weft_document_load               (WeftDocument        *self,
                                                     GCancellable        *cancellable,
                                                     GError             **error);

G_END_DECLS

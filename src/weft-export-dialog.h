/* weft-export-dialog.h: File ▸ Export: choose a file and a format, then write the
 * view in a worker thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "weft-dataset.h"

G_BEGIN_DECLS

const char *weft_export_format_extension (const char             *format);
const char *weft_export_format_label     (const char             *format);
const char *weft_export_format_for_path  (const char             *path,
                                          const char * const     *formats);
void        weft_export_dialog_run       (GtkWindow              *parent,
                                          WeftDataset            *dataset,
                                          GFile                  *folder,
                                          const char             *name_stem,
                                          const char             *view,
                                          const WeftViewOptions  *options,
                                          GCancellable           *cancellable,
                                          GAsyncReadyCallback     callback,
                                          gpointer                user_data);
char       *weft_export_dialog_run_finish (GAsyncResult          *result,
                                          GError                **error);
void        weft_export_async            (WeftDataset            *dataset,
                                          const char             *view,
                                          const char             *format,
                                          const WeftViewOptions  *options,
                                          const char             *path,
                                          GCancellable           *cancellable,
                                          GAsyncReadyCallback     callback,
                                          gpointer                user_data);
gboolean    weft_export_finish           (GAsyncResult           *result,
                                          GError                **error);

G_END_DECLS

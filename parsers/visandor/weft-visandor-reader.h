/* weft-visandor-reader.h: reads a VisAndOr trace into its execution tree.
 *
 * Every rule of the format document is checked and a break of one is a warning
 * naming FILE:LINE (through the load context), never a refusal: a damaged
 * trace loads what it can. Only cancellation and an unreadable file fail.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "weft-load-context.h"
#include "weft-visandor-trace.h"

G_BEGIN_DECLS

gboolean           weft_visandor_is_header (const char       *head,
                                            gsize             len);
WeftVisandorTrace *weft_visandor_parse     (const char       *data,
                                            gsize             len,
                                            const char       *source,
                                            WeftLoadContext  *context,
                                            GError          **error);
WeftVisandorTrace *weft_visandor_read      (GFile            *file,
                                            WeftLoadContext  *context,
                                            GError          **error);
WeftVisandorTrace *weft_visandor_parse_tuned (const char       *data,
                                              gsize             len,
                                              const char       *source,
                                              gsize             min_thread_size,
                                              gsize             chunk_events,
                                              WeftLoadContext  *context,
                                              GError          **error);

G_END_DECLS

/* weft-chplvis-sources.h: where the Chapel source a trace names lies here.
 *
 * A trace names its files as the machine it ran on saw them: relative to
 * CHPL_HOME ("$CHPL_HOME/modules/…"), relative to the compile directory DIR,
 * or absolute. chplvis resolves them with the run's own CHPL_HOME and DIR,
 * which fails as soon as the trace is looked at on another machine (its wish
 * list asks for remapping). Weft resolves them the same way and then remaps
 * them with the source-path-remaps setting (weft-source-path.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "weft-chplvis-trace.h"

G_BEGIN_DECLS

gboolean  weft_chplvis_source_has_file        (const WeftChplvisTrace *trace,
                                               int                     file);
char     *weft_chplvis_resolve_source         (const WeftChplvisTrace *trace,
                                               int                     file,
                                               GVariant               *remaps);

G_END_DECLS

/* weft-source-path.h: where a source file a trace names is on this machine.
 *
 * Traces and measurements name source files as the machine they ran on saw
 * them. The source-path-remaps setting maps folders of that machine to
 * folders of this one; the longest folder a path lies in is replaced, at a
 * path boundary. Shared by every family with a source pane (Chapel,
 * HPCToolkit; MPD looks beside the trace).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *weft_source_path_remap   (const char *path,
                                GVariant   *remaps);
char *weft_source_path_resolve (const char *name,
                                const char *base_dir,
                                GVariant   *remaps);

G_END_DECLS

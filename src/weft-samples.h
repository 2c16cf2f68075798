/* weft-samples.h: the bundled sample traces (data/samples), for a first look
 * without a trace of one's own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct
{
  const char *name;   /* its path in the samples folder */
  const char *label;  /* translatable (N_): what the menu says */
} WeftSample;

const WeftSample *weft_samples_get      (guint      *n_samples);
char             *weft_samples_dup_dir  (void);
GFile            *weft_samples_dup_file (const char *name);

G_END_DECLS

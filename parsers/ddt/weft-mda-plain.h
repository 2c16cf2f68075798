/* weft-mda-plain.h: the fast path of the MDA CSV reader (private to
 * weft-mda.c and its tests).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-load-context.h"
#include "weft-matrix.h"

G_BEGIN_DECLS

/* Outcome of weft_mda_csv_parse_plain(). */
typedef enum
{
  WEFT_MDA_PLAIN_READ,       /* the matrix is the file's */
  WEFT_MDA_PLAIN_NOT_PLAIN,  /* the general reader must read it */
  WEFT_MDA_PLAIN_CANCELLED,  /* @error is set */
} WeftMdaPlainStatus;

WeftMdaPlainStatus weft_mda_csv_parse_plain (const char       *data,
                                             gsize             len,
                                             gsize             min_thread_size,
                                             WeftLoadContext  *context,
                                             WeftMatrix      **matrix,
                                             GError          **error);

/* The general reader alone, for tests to compare the two. */
WeftMatrix        *weft_mda_csv_parse_general (const char       *data,
                                               gsize             len,
                                               const char       *filename,
                                               WeftLoadContext  *context,
                                               GError          **error);

G_END_DECLS

/* weft-psv-private.h: what PSV's CSV side (weft-psv.c) and its XML side
 * (weft-psv-xml.c, in the module weft-xml) share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "weft-psv.h"

G_BEGIN_DECLS

/* A count ("17"); FALSE when not a plain decimal number that fits. */
gboolean      weft_psv_parse_count   (const char       *text,
                                      gsize             len,
                                      guint64          *value);

/* Drops the blanks and tabs around *@text (@len bytes). */
void          weft_psv_trim          (const char      **text,
                                      gsize            *len);

const char   *weft_psv_xml_skip_prolog (const char *data,
                                        gsize       len);

/* The XML side, in the module weft-xml (weft-xml-module.h). */
WeftCallTree *weft_xml_psv_parse     (const char       *data,
                                      gsize             len,
                                      const char       *filename,
                                      WeftLoadContext  *context,
                                      GError          **error);

G_END_DECLS

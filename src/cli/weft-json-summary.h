/* weft-json-summary.h: a family's figures (the object `weft-cli info --json`
 * prints under the family's name) as a few lines of text for people.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

void weft_json_summary_append (GString    *out,
                               const char *name,
                               JsonNode   *node);

G_END_DECLS

/* desktop-test-util.h: reading the XML data files (metainfo, MIME types,
 * icons) in the desktop tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

xmlDoc   *desktop_test_read_xml   (const char *path);
gboolean  desktop_test_is_element (xmlNode    *node,
                                   const char *name);
char     *desktop_test_get_prop   (xmlNode    *node,
                                   const char *name);

G_END_DECLS

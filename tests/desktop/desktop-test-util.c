/* desktop-test-util.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <libxml/parser.h>

#include "desktop-test-util.h"

/* Parses @path, without the network; a file that is not well-formed fails the test. */
xmlDoc *
desktop_test_read_xml (const char *path)
{
  xmlDoc *doc = xmlReadFile (path, NULL, XML_PARSE_NONET);

  if (doc == NULL)
    g_error ("%s is not well-formed XML", path);
  return doc;
}

gboolean
desktop_test_is_element (xmlNode    *node,
                         const char *name)
{
  return node->type == XML_ELEMENT_NODE && xmlStrcmp (node->name, BAD_CAST name) == 0;
}

/* The attribute @name of @node as a GLib string, or %NULL. */
char *
desktop_test_get_prop (xmlNode    *node,
                       const char *name)
{
  xmlChar *value = xmlGetProp (node, BAD_CAST name);
  char *copy = g_strdup ((const char *)value);

  xmlFree (value);
  return copy;
}

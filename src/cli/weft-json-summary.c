/* weft-json-summary.c: a family's figures as text.
 *
 * The figures are the ones `info --json` gives, so the two never disagree;
 * the text keeps each to one line. A list of values shows its first few and
 * how many there are, an object of values its pairs on one line, a list of
 * lists its shape (the Chapel matrices), a list of objects their names
 * (HPCToolkit metrics and procedures); other objects nest, indented.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "weft-json-summary.h"

/* Items of a list, or pairs of an object, shown on its line. */
#define MAX_SHOWN 8

static gboolean
is_value (JsonNode *node)
{
  return JSON_NODE_HOLDS_VALUE (node) || JSON_NODE_HOLDS_NULL (node);
}

static void
append_value (GString  *out,
              JsonNode *node)
{
  if (JSON_NODE_HOLDS_NULL (node))
    {
      g_string_append (out, "–");
      return;
    }

  switch (json_node_get_value_type (node))
    {
    case G_TYPE_INT64:
      g_string_append_printf (out, "%" G_GINT64_FORMAT, json_node_get_int (node));
      break;
    case G_TYPE_DOUBLE:
      g_string_append_printf (out, "%.6g", json_node_get_double (node));
      break;
    case G_TYPE_BOOLEAN:
      g_string_append (out, json_node_get_boolean (node) ? "yes" : "no");
      break;
    case G_TYPE_STRING:
      g_string_append (out, json_node_get_string (node));
      break;
    default:
      g_string_append (out, "?");
      break;
    }
}

static void
append_more (GString *out,
             guint    n)
{
  if (n > MAX_SHOWN)
    g_string_append_printf (out, _(", … (%u in all)"), n);
}

/* "4×4" for a list of equal lists, "3 lists" otherwise. */
static void
append_shape (GString   *out,
              JsonArray *array)
{
  guint n = json_array_get_length (array);
  guint width = 0;

  for (guint i = 0; i < n; i++)
    {
      JsonNode *row = json_array_get_element (array, i);
      guint len = JSON_NODE_HOLDS_ARRAY (row) ? json_array_get_length (json_node_get_array (row)) : 0;

      if (!JSON_NODE_HOLDS_ARRAY (row) || (i > 0 && len != width))
        {
          g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u list", "%u lists", n), n);
          return;
        }
      width = len;
    }
  g_string_append_printf (out, "%u×%u", n, width);
}

static void
append_array (GString   *out,
              JsonArray *array)
{
  guint n = json_array_get_length (array);
  JsonNode *first = n > 0 ? json_array_get_element (array, 0) : NULL;

  if (n == 0)
    {
      g_string_append (out, _("none"));
      return;
    }
  if (JSON_NODE_HOLDS_ARRAY (first))
    {
      append_shape (out, array);
      return;
    }

  for (guint i = 0; i < MIN (n, MAX_SHOWN); i++)
    {
      JsonNode *item = json_array_get_element (array, i);

      if (i > 0)
        g_string_append (out, ", ");
      if (JSON_NODE_HOLDS_OBJECT (item) && json_object_has_member (json_node_get_object (item), "name"))
        append_value (out, json_object_get_member (json_node_get_object (item), "name"));
      else if (is_value (item))
        append_value (out, item);
      else
        g_string_append (out, "…");
    }
  append_more (out, n);
}

static gboolean
holds_values_only (JsonObject *object)
{
  g_autoptr(GList) members = json_object_get_values (object);

  for (GList *l = members; l != NULL; l = l->next)
    if (!is_value (l->data))
      return FALSE;

  return TRUE;
}

static void append_members (GString    *out,
                            int         indent,
                            JsonObject *object);

/* "@name:" padded to @width, then the figure, or the members of an object
 * that holds more than values on lines of their own. */
static void
append_member (GString    *out,
               int         indent,
               int         width,
               const char *name,
               JsonNode   *node)
{
  g_string_append_printf (out, "%*s%s:", indent, "", name);

  if (JSON_NODE_HOLDS_OBJECT (node) && !holds_values_only (json_node_get_object (node)))
    {
      g_string_append_c (out, '\n');
      append_members (out, indent + 2, json_node_get_object (node));
      return;
    }

  g_string_append_printf (out, "%*s", 1 + width - (int)g_utf8_strlen (name, -1), "");
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObject *object = json_node_get_object (node);
      g_autoptr(GList) names = json_object_get_members (object);
      guint n = g_list_length (names), i = 0;

      if (n == 0)
        g_string_append (out, _("none"));
      for (GList *l = names; l != NULL && i < MAX_SHOWN; l = l->next, i++)
        {
          g_string_append_printf (out, "%s%s: ", i > 0 ? ", " : "", (const char *)l->data);
          append_value (out, json_object_get_member (object, l->data));
        }
      append_more (out, n);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    append_array (out, json_node_get_array (node));
  else
    append_value (out, node);
  g_string_append_c (out, '\n');
}

/* A line per member, the figures aligned after the longest name. */
static void
append_members (GString    *out,
                int         indent,
                JsonObject *object)
{
  g_autoptr(GList) names = json_object_get_members (object);
  int width = 0;

  for (GList *l = names; l != NULL; l = l->next)
    width = MAX (width, (int)g_utf8_strlen (l->data, -1));
  for (GList *l = names; l != NULL; l = l->next)
    append_member (out, indent, width, l->data, json_object_get_member (object, l->data));
}

/**
 * weft_json_summary_append:
 * @name: the family's name ("chplvis", "visandor" …)
 * @node: its object of figures
 *
 * Appends "@name:" and a line per figure of @node, an object, indented.
 */
void
weft_json_summary_append (GString    *out,
                          const char *name,
                          JsonNode   *node)
{
  g_return_if_fail (out != NULL && name != NULL && node != NULL);

  g_string_append_printf (out, "%s:\n", name);
  if (JSON_NODE_HOLDS_OBJECT (node))
    append_members (out, 2, json_node_get_object (node));
}

/* test-desktop-data.c: the desktop file, the metainfo and the icons agree.
 *
 * desktop-file-validate and appstreamcli check each file on its own (suite
 * "data"); this checks what they cannot: that the desktop file, the metainfo,
 * the MIME XML and the icons name the same application, types and binaries, that
 * the icons are what the GNOME icon guidelines ask for and draw, and that the
 * icon files are recognised as SVG by content (an icon whose <svg> element comes
 * too late is typed application/xml and gdk-pixbuf refuses to load it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <gio/gdesktopappinfo.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#ifdef HAVE_GDK_PIXBUF
#include <gdk-pixbuf/gdk-pixbuf.h>
#endif

#include "desktop-test-util.h"
#include "weft-test-util.h"

#define SYMBOLIC_COLOR "#2e3436"

static char *
get_text (xmlNode *node)
{
  xmlChar *value = xmlNodeGetContent (node);
  char *copy = g_strstrip (g_strdup ((const char *)value));

  xmlFree (value);
  return copy;
}

static xmlNode *
first_child (xmlNode    *parent,
             const char *name)
{
  for (xmlNode *node = parent->children; node != NULL; node = node->next)
    if (desktop_test_is_element (node, name))
      return node;
  return NULL;
}

static GKeyFile *
load_desktop_file (void)
{
  GKeyFile *key_file = g_key_file_new ();
  g_autoptr(GError) error = NULL;

  g_key_file_load_from_file (key_file, weft_test_getenv ("WEFT_DESKTOP_FILE"), G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  return key_file;
}

static GStrv
desktop_string_list (GKeyFile   *key_file,
                     const char *key)
{
  g_autoptr(GError) error = NULL;
  GStrv list = g_key_file_get_string_list (key_file, G_KEY_FILE_DESKTOP_GROUP, key, NULL, &error);

  g_assert_no_error (error);
  return list;
}

static char *
desktop_string (GKeyFile   *key_file,
                const char *key)
{
  g_autoptr(GError) error = NULL;
  char *value = g_key_file_get_string (key_file, G_KEY_FILE_DESKTOP_GROUP, key, &error);

  g_assert_no_error (error);
  return value;
}

/* The types the MIME XML defines. */
static GPtrArray *
mime_xml_types (void)
{
  xmlDoc *doc = desktop_test_read_xml (weft_test_getenv ("WEFT_MIME_XML_SOURCE"));
  GPtrArray *types = g_ptr_array_new_with_free_func (g_free);

  for (xmlNode *node = xmlDocGetRootElement (doc)->children; node != NULL; node = node->next)
    if (desktop_test_is_element (node, "mime-type"))
      g_ptr_array_add (types, desktop_test_get_prop (node, "type"));
  xmlFreeDoc (doc);
  g_assert_cmpuint (types->len, >, 0);
  return types;
}

/* ---------------------------------------------------------------------------- */
/* Desktop file */

static void
test_desktop_keys (void)
{
  g_autoptr(GKeyFile) key_file = load_desktop_file ();
  g_autofree char *type = desktop_string (key_file, G_KEY_FILE_DESKTOP_KEY_TYPE);
  g_autofree char *name = desktop_string (key_file, G_KEY_FILE_DESKTOP_KEY_NAME);
  g_autofree char *generic_name = desktop_string (key_file, G_KEY_FILE_DESKTOP_KEY_GENERIC_NAME);
  g_autofree char *comment = desktop_string (key_file, G_KEY_FILE_DESKTOP_KEY_COMMENT);
  g_autofree char *exec = desktop_string (key_file, G_KEY_FILE_DESKTOP_KEY_EXEC);
  g_autofree char *icon = desktop_string (key_file, G_KEY_FILE_DESKTOP_KEY_ICON);
  g_auto(GStrv) categories = desktop_string_list (key_file, G_KEY_FILE_DESKTOP_KEY_CATEGORIES);
  g_auto(GStrv) keywords = desktop_string_list (key_file, "Keywords");
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (type, ==, G_KEY_FILE_DESKTOP_TYPE_APPLICATION);
  g_assert_cmpstr (name, ==, "Weft");
  g_assert_cmpstr (generic_name, !=, "");
  g_assert_cmpstr (comment, !=, "");
  g_assert_cmpstr (exec, ==, "weft %U");
  g_assert_cmpstr (icon, ==, APP_ID);
  g_assert_false (g_key_file_get_boolean (key_file, G_KEY_FILE_DESKTOP_GROUP, G_KEY_FILE_DESKTOP_KEY_TERMINAL, &error));
  g_assert_no_error (error);
  g_assert_true (g_key_file_get_boolean (key_file, G_KEY_FILE_DESKTOP_GROUP,
                                         G_KEY_FILE_DESKTOP_KEY_STARTUP_NOTIFY, &error));
  g_assert_no_error (error);

  g_assert_true (g_strv_contains ((const char * const *)categories, "Development"));
  g_assert_true (g_strv_contains ((const char * const *)categories, "Profiling"));
  g_assert_true (g_strv_contains ((const char * const *)categories, "GTK"));
  g_assert_cmpuint (g_strv_length (keywords), >=, 5);

  /* The desktop id is the app id: GApplication, the metainfo and the portal rely on it. */
  {
    g_autofree char *base = g_path_get_basename (weft_test_getenv ("WEFT_DESKTOP_FILE"));

    g_assert_cmpstr (base, ==, APP_ID ".desktop");
  }
}

static void
test_desktop_mime_types (void)
{
  g_autoptr(GKeyFile) key_file = load_desktop_file ();
  g_auto(GStrv) mime_types = desktop_string_list (key_file, G_KEY_FILE_DESKTOP_KEY_MIME_TYPE);
  g_autoptr(GPtrArray) defined = mime_xml_types ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  /* Every format Weft defines a type for. */
  for (guint i = 0; i < defined->len; i++)
    if (!g_strv_contains ((const char * const *)mime_types, g_ptr_array_index (defined, i)))
      g_error ("MimeType= lacks %s", (const char *)g_ptr_array_index (defined, i));

  /* DDT array exports: HDF5 (shared-mime-info calls it application/x-hdf) and
   * CSV (no header; DDT exports are saved as *.csv). */
  g_assert_true (g_strv_contains ((const char * const *)mime_types, "application/x-hdf"));
  g_assert_true (g_strv_contains ((const char * const *)mime_types, "text/csv"));

  for (guint i = 0; mime_types[i] != NULL; i++)
    {
      /* Weft opens files; folders come through File > Open and drag and drop. */
      g_assert_false (g_str_has_prefix (mime_types[i], "inode/"));
      g_assert_cmpstr (mime_types[i], !=, "text/plain");
      g_assert_cmpstr (mime_types[i], !=, "application/xml");
      g_assert_cmpstr (mime_types[i], !=, "application/octet-stream");
      g_assert_true (g_hash_table_add (seen, mime_types[i]));
    }
}

static void
test_desktop_app_info (void)
{
  g_autoptr(GDesktopAppInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *bin_dir = g_dir_make_tmp ("weft-test-bin-XXXXXX", &error);
  g_autofree char *stub = NULL;
  g_autofree char *path = NULL;

  /* GIO only loads a desktop file whose Exec program is on PATH: put a stub
   * there, so that this test needs no built application. */
  g_assert_no_error (error);
  stub = g_build_filename (bin_dir, "weft", NULL);
  g_file_set_contents (stub, "#!/bin/sh\nexit 0\n", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (stub, 0755), ==, 0);
  path = g_strconcat (bin_dir, G_SEARCHPATH_SEPARATOR_S, g_getenv ("PATH"), NULL);
  g_setenv ("PATH", path, TRUE);

  info = g_desktop_app_info_new_from_filename (weft_test_getenv ("WEFT_DESKTOP_FILE"));
  g_unlink (stub);
  g_rmdir (bin_dir);
  g_assert_nonnull (info);
  g_assert_cmpstr (g_app_info_get_executable (G_APP_INFO (info)), ==, "weft");
  /* %U: local files arrive as file:// URIs, remote ones through GVfs. */
  g_assert_true (g_app_info_supports_uris (G_APP_INFO (info)));
  g_assert_true (g_app_info_should_show (G_APP_INFO (info)));
}

/* ---------------------------------------------------------------------------- */
/* Metainfo */

static void
test_metainfo (void)
{
  xmlDoc *doc = desktop_test_read_xml (weft_test_getenv ("WEFT_METAINFO_FILE"));
  xmlNode *component = xmlDocGetRootElement (doc);
  g_autoptr(GKeyFile) key_file = load_desktop_file ();
  g_auto(GStrv) desktop_types = desktop_string_list (key_file, G_KEY_FILE_DESKTOP_KEY_MIME_TYPE);
  g_autoptr(GPtrArray) mediatypes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) binaries = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *component_type = desktop_test_get_prop (component, "type");
  g_autofree char *id = get_text (first_child (component, "id"));
  g_autofree char *name = get_text (first_child (component, "name"));
  g_autofree char *project_license = get_text (first_child (component, "project_license"));
  g_autofree char *metadata_license = get_text (first_child (component, "metadata_license"));
  g_autofree char *launchable = get_text (first_child (component, "launchable"));
  g_autofree char *content_rating = desktop_test_get_prop (first_child (component, "content_rating"), "type");
  xmlNode *releases = first_child (component, "releases");
  xmlNode *release = first_child (releases, "release");
  g_autofree char *release_version = desktop_test_get_prop (release, "version");
  gboolean have_homepage = FALSE, have_bugtracker = FALSE;

  g_assert_cmpstr ((const char *)component->name, ==, "component");
  g_assert_cmpstr (component_type, ==, "desktop-application");
  g_assert_cmpstr (id, ==, APP_ID);
  g_assert_cmpstr (name, ==, "Weft");
  g_assert_cmpstr (project_license, ==, weft_test_getenv ("WEFT_PROJECT_LICENSE"));
  g_assert_cmpstr (metadata_license, ==, "CC0-1.0");
  g_assert_cmpstr (launchable, ==, APP_ID ".desktop");
  g_assert_cmpstr (content_rating, ==, "oars-1.1");
  /* The newest release is the version meson builds. */
  g_assert_cmpstr (release_version, ==, PACKAGE_VERSION);

  for (xmlNode *node = component->children; node != NULL; node = node->next)
    {
      g_autofree char *url_type = NULL;
      g_autofree char *url = NULL;

      if (!desktop_test_is_element (node, "url"))
        continue;
      url_type = desktop_test_get_prop (node, "type");
      url = get_text (node);
      g_assert_true (g_str_has_prefix (url, "https://github.com/weftviz/weft"));
      have_homepage |= g_strcmp0 (url_type, "homepage") == 0;
      have_bugtracker |= g_strcmp0 (url_type, "bugtracker") == 0;
    }
  g_assert_true (have_homepage);
  g_assert_true (have_bugtracker);

  for (xmlNode *node = first_child (component, "provides")->children; node != NULL; node = node->next)
    {
      if (desktop_test_is_element (node, "mediatype"))
        g_ptr_array_add (mediatypes, get_text (node));
      else if (desktop_test_is_element (node, "binary"))
        g_ptr_array_add (binaries, get_text (node));
    }
  g_assert_cmpuint (binaries->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (binaries, 0), ==, "weft");
  g_assert_cmpstr (g_ptr_array_index (binaries, 1), ==, "weft-cli");

  /* The metainfo provides exactly the types the desktop file handles. */
  g_assert_cmpuint (mediatypes->len, ==, g_strv_length (desktop_types));
  for (guint i = 0; i < mediatypes->len; i++)
    g_assert_true (g_strv_contains ((const char * const *)desktop_types, g_ptr_array_index (mediatypes, i)));

  xmlFreeDoc (doc);
}

/* ---------------------------------------------------------------------------- */
/* Icons */

static void
check_svg_size (xmlNode    *svg,
                const char *size)
{
  g_autofree char *width = desktop_test_get_prop (svg, "width");
  g_autofree char *height = desktop_test_get_prop (svg, "height");
  g_autofree char *view_box = desktop_test_get_prop (svg, "viewBox");
  g_autofree char *expected_box = g_strdup_printf ("0 0 %s %s", size, size);

  g_assert_cmpstr ((const char *)svg->name, ==, "svg");
  g_assert_nonnull (svg->ns);
  g_assert_cmpstr ((const char *)svg->ns->href, ==, "http://www.w3.org/2000/svg");
  g_assert_cmpstr (width, ==, size);
  g_assert_cmpstr (height, ==, size);
  g_assert_cmpstr (view_box, ==, expected_box);
}

/* GIO, gdk-pixbuf and GTK look at the first bytes: an icon must sniff as SVG. */
static void
check_sniffs_as_svg (const char *path)
{
  g_autofree char *contents = NULL;
  g_autofree char *type = NULL;
  g_autofree char *by_name = g_content_type_guess ("icon.svg", NULL, 0, NULL);
  g_autoptr(GError) error = NULL;
  gsize len = 0;

  if (g_strcmp0 (by_name, "image/svg+xml") != 0)
    {
      g_autofree char *msg = g_strdup_printf ("no image/svg+xml in the MIME database (shared-mime-info): "
                                              "not checking how %s sniffs", path);

      g_test_skip (msg);
      return;
    }
  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  type = g_content_type_guess (NULL, (const guchar *)contents, MIN (len, 4096), NULL);
  g_assert_cmpstr (type, ==, "image/svg+xml");
}

#ifdef HAVE_GDK_PIXBUF
static GdkPixbuf *
render (const char *path,
        int         size)
{
  g_autoptr(GError) error = NULL;
  GdkPixbuf *pixbuf = gdk_pixbuf_new_from_file_at_size (path, size, size, &error);

  if (pixbuf == NULL && g_error_matches (error, GDK_PIXBUF_ERROR, GDK_PIXBUF_ERROR_UNKNOWN_TYPE))
    {
      g_test_skip ("gdk-pixbuf has no SVG loader (Debian package librsvg2-common)");
      return NULL;
    }
  g_assert_no_error (error);
  g_assert_cmpint (gdk_pixbuf_get_width (pixbuf), ==, size);
  g_assert_cmpint (gdk_pixbuf_get_height (pixbuf), ==, size);
  g_assert_true (gdk_pixbuf_get_has_alpha (pixbuf));
  g_assert_cmpint (gdk_pixbuf_get_n_channels (pixbuf), ==, 4);
  return pixbuf;
}

static const guint8 *
pixel_at (GdkPixbuf *pixbuf,
          int        x,
          int        y)
{
  return gdk_pixbuf_read_pixels (pixbuf) + y * gdk_pixbuf_get_rowstride (pixbuf) + x * 4;
}
#endif

static void
test_app_icon (void)
{
  const char *path = weft_test_getenv ("WEFT_APP_ICON");
  xmlDoc *doc = desktop_test_read_xml (path);
  g_autofree char *base = g_path_get_basename (path);

  g_assert_cmpstr (base, ==, APP_ID ".svg");
  check_svg_size (xmlDocGetRootElement (doc), "128");
  xmlFreeDoc (doc);
  check_sniffs_as_svg (path);

#ifdef HAVE_GDK_PIXBUF
  {
    g_autoptr(GdkPixbuf) pixbuf = render (path, 128);
    g_autoptr(GHashTable) colors = g_hash_table_new (NULL, NULL);
    guint opaque = 0;

    if (pixbuf == NULL)
      return;
    /* A plate with rounded corners: transparent corners, opaque middle. */
    g_assert_cmpint (pixel_at (pixbuf, 0, 0)[3], ==, 0);
    g_assert_cmpint (pixel_at (pixbuf, 127, 127)[3], ==, 0);
    g_assert_cmpint (pixel_at (pixbuf, 64, 20)[3], ==, 255);
    for (int y = 0; y < 128; y++)
      for (int x = 0; x < 128; x++)
        {
          const guint8 *p = pixel_at (pixbuf, x, y);

          if (p[3] == 255)
            {
              opaque++;
              g_hash_table_add (colors, GUINT_TO_POINTER ((p[0] << 16) | (p[1] << 8) | p[2]));
            }
        }
    /* The plate covers most of the canvas, as the GNOME guidelines draw it. */
    g_assert_cmpuint (opaque, >, 128 * 128 / 2);
    /* Plate, warp and at least four weft colours. */
    g_assert_cmpuint (g_hash_table_size (colors), >=, 6);
  }
#endif
}

/* Symbolic icons are recoloured by GTK: one colour, fills only. */
static void
check_symbolic_node (xmlNode  *node,
                     gboolean  filled)
{
  static const char *allowed[] = { "svg", "g", "path", "title", "desc", NULL };

  for (; node != NULL; node = node->next)
    {
      g_autofree char *fill = NULL;
      g_autofree char *stroke = NULL;
      g_autofree char *style = NULL;
      gboolean child_filled = filled;

      if (node->type != XML_ELEMENT_NODE)
        continue;
      if (!g_strv_contains (allowed, (const char *)node->name))
        g_error ("symbolic icon: <%s> is not allowed (paths only)", node->name);

      fill = desktop_test_get_prop (node, "fill");
      stroke = desktop_test_get_prop (node, "stroke");
      style = desktop_test_get_prop (node, "style");
      g_assert_null (style);
      g_assert_true (stroke == NULL || g_strcmp0 (stroke, "none") == 0);
      g_assert_null (xmlHasProp (node, BAD_CAST "stroke-width"));
      g_assert_null (xmlHasProp (node, BAD_CAST "opacity"));
      g_assert_null (xmlHasProp (node, BAD_CAST "fill-opacity"));
      if (fill != NULL)
        {
          g_assert_cmpstr (fill, ==, SYMBOLIC_COLOR);
          child_filled = TRUE;
        }
      if (desktop_test_is_element (node, "path"))
        {
          g_autofree char *d = desktop_test_get_prop (node, "d");

          g_assert_true (child_filled);
          g_assert_nonnull (d);
        }
      check_symbolic_node (node->children, child_filled);
    }
}

static void
test_symbolic_icon (void)
{
  const char *path = weft_test_getenv ("WEFT_SYMBOLIC_ICON");
  xmlDoc *doc = desktop_test_read_xml (path);
  g_autofree char *base = g_path_get_basename (path);

  g_assert_cmpstr (base, ==, APP_ID "-symbolic.svg");
  check_svg_size (xmlDocGetRootElement (doc), "16");
  check_symbolic_node (xmlDocGetRootElement (doc), FALSE);
  xmlFreeDoc (doc);
  check_sniffs_as_svg (path);

#ifdef HAVE_GDK_PIXBUF
  {
    g_autoptr(GdkPixbuf) pixbuf = render (path, 16);
    guint opaque = 0;

    if (pixbuf == NULL)
      return;
    for (int y = 0; y < 16; y++)
      for (int x = 0; x < 16; x++)
        {
          const guint8 *p = pixel_at (pixbuf, x, y);

          if (p[3] == 0)
            continue;
          /* Pixel-aligned shapes: every painted pixel is the symbolic colour, fully. */
          g_assert_cmpint (p[3], ==, 255);
          g_assert_cmpint (p[0], ==, 0x2e);
          g_assert_cmpint (p[1], ==, 0x34);
          g_assert_cmpint (p[2], ==, 0x36);
          opaque++;
        }
    /* Legible at 16 px: neither a speck nor a block. */
    g_assert_cmpuint (opaque, >, 16 * 16 / 4);
    g_assert_cmpuint (opaque, <, 16 * 16 * 3 / 4);
  }
#endif
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/desktop/keys", test_desktop_keys);
  g_test_add_func ("/desktop/mime-types", test_desktop_mime_types);
  g_test_add_func ("/desktop/app-info", test_desktop_app_info);
  g_test_add_func ("/metainfo/content", test_metainfo);
  g_test_add_func ("/icons/app", test_app_icon);
  g_test_add_func ("/icons/symbolic", test_symbolic_icon);

  return g_test_run ();
}

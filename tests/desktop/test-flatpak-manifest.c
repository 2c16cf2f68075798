/* test-flatpak-manifest.c: flatpak/io.github.weftviz.Weft.json.
 *
 * Parses the manifest with json-glib (what flatpak-builder itself uses) and
 * checks what a build needs: the app id, a GNOME runtime whose GTK, GLib and
 * libadwaita are the versions the code is fenced to, the sandbox permissions,
 * an hdf5 module pinned by checksum before the app, and the app module built
 * with meson from this source tree.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <json-glib/json-glib.h>

#include "weft-test-util.h"

/* What each GNOME runtime ships (GNOME release notes): GTK, GLib, libadwaita. */
static const struct
{
  const char *runtime;
  const char *gtk;
  const char *glib;
  const char *adw;
} gnome_runtimes[] = {
  { "43", "4.8", "2.74", "1.2" },
  { "44", "4.10", "2.76", "1.3" },
  { "45", "4.12", "2.78", "1.4" },
  { "46", "4.14", "2.80", "1.5" },
  { "47", "4.16", "2.82", "1.6" },
};

static JsonParser *manifest_parser;

static JsonObject *
manifest (void)
{
  JsonNode *root = json_parser_get_root (manifest_parser);

  g_assert_nonnull (root);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_node_get_object (root);
}

static const char *
member_string (JsonObject *object,
               const char *name)
{
  g_assert_true (json_object_has_member (object, name));
  return json_object_get_string_member (object, name);
}

static gboolean
array_has_string (JsonArray  *array,
                  const char *value)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    if (g_strcmp0 (json_array_get_string_element (array, i), value) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
is_sha256 (const char *text)
{
  if (text == NULL || strlen (text) != 64)
    return FALSE;
  for (const char *p = text; *p; p++)
    if (!g_ascii_isxdigit (*p) || g_ascii_isupper (*p))
      return FALSE;
  return TRUE;
}

static void
test_manifest_app (void)
{
  JsonObject *root = manifest ();
  const char *runtime_version = member_string (root, "runtime-version");
  gboolean known_runtime = FALSE;

  g_assert_cmpstr (member_string (root, "app-id"), ==, APP_ID);
  g_assert_cmpstr (member_string (root, "runtime"), ==, "org.gnome.Platform");
  g_assert_cmpstr (member_string (root, "sdk"), ==, "org.gnome.Sdk");
  g_assert_cmpstr (member_string (root, "command"), ==, "weft");

  /* The runtime carries the GTK, GLib and libadwaita the code is fenced to. */
  for (guint i = 0; i < G_N_ELEMENTS (gnome_runtimes); i++)
    if (g_strcmp0 (gnome_runtimes[i].runtime, runtime_version) == 0)
      {
        g_assert_cmpstr (gnome_runtimes[i].gtk, ==, weft_test_getenv ("WEFT_GTK_REQ"));
        g_assert_cmpstr (gnome_runtimes[i].glib, ==, weft_test_getenv ("WEFT_GLIB_REQ"));
        g_assert_cmpstr (gnome_runtimes[i].adw, ==, weft_test_getenv ("WEFT_ADW_REQ"));
        known_runtime = TRUE;
      }
  g_assert_true (known_runtime);

  g_assert_true (json_object_has_member (root, "cleanup"));
  g_assert_true (array_has_string (json_object_get_array_member (root, "cleanup"), "/include"));
}

static void
test_manifest_permissions (void)
{
  JsonArray *args = json_object_get_array_member (manifest (), "finish-args");
  const char *required[] = {
    "--share=ipc", "--socket=fallback-x11", "--socket=wayland", "--device=dri", "--filesystem=host:ro",
  };
  const char *forbidden[] = {
    "--filesystem=host", "--filesystem=home", "--filesystem=host:rw", "--socket=x11",
    "--share=network", "--device=all", "--socket=session-bus", "--socket=system-bus",
    "--talk-name=org.freedesktop.Flatpak",
  };

  g_assert_nonnull (args);
  for (guint i = 0; i < G_N_ELEMENTS (required); i++)
    if (!array_has_string (args, required[i]))
      g_error ("finish-args lacks %s", required[i]);
  for (guint i = 0; i < G_N_ELEMENTS (forbidden); i++)
    if (array_has_string (args, forbidden[i]))
      g_error ("finish-args must not have %s", forbidden[i]);
}

static JsonObject *
find_module (const char *name,
             guint      *out_index)
{
  JsonArray *modules = json_object_get_array_member (manifest (), "modules");

  g_assert_nonnull (modules);
  for (guint i = 0; i < json_array_get_length (modules); i++)
    {
      JsonObject *module = json_array_get_object_element (modules, i);

      if (g_strcmp0 (json_object_get_string_member_with_default (module, "name", NULL), name) == 0)
        {
          *out_index = i;
          return module;
        }
    }
  g_error ("no module named %s", name);
  return NULL;
}

static void
test_manifest_hdf5 (void)
{
  guint hdf5_index = 0, weft_index = 0;
  JsonObject *hdf5 = find_module ("hdf5", &hdf5_index);
  JsonArray *sources = json_object_get_array_member (hdf5, "sources");
  g_autoptr(GRegex) url_regex = g_regex_new ("^https://support\\.hdfgroup\\.org/.*/hdf5-(1\\.10\\.[0-9]+)\\.tar\\.(gz|bz2)$",
                                             G_REGEX_DEFAULT, G_REGEX_MATCH_DEFAULT, NULL);
  g_autofree char *version = NULL;
  g_autofree char *pc_version = NULL;
  const char *pc_contents = NULL;

  find_module ("weft", &weft_index);
  g_assert_cmpuint (hdf5_index, <, weft_index);
  g_assert_nonnull (sources);

  for (guint i = 0; i < json_array_get_length (sources); i++)
    {
      JsonObject *source = json_array_get_object_element (sources, i);
      const char *type = member_string (source, "type");

      if (g_strcmp0 (type, "archive") == 0)
        {
          const char *url = member_string (source, "url");
          g_autoptr(GMatchInfo) match = NULL;

          /* The HDF Group's own tarball of the 1.10 series Debian 12 builds against. */
          if (!g_regex_match (url_regex, url, G_REGEX_MATCH_DEFAULT, &match))
            g_error ("hdf5 source %s is not an HDF Group 1.10.x tarball", url);
          version = g_match_info_fetch (match, 1);
          g_assert_true (is_sha256 (json_object_get_string_member_with_default (source, "sha256", NULL)));
        }
      else if (g_strcmp0 (type, "inline") == 0 &&
               g_strcmp0 (json_object_get_string_member_with_default (source, "dest-filename", NULL), "hdf5.pc") == 0)
        pc_contents = member_string (source, "contents");
    }
  g_assert_nonnull (version);

  /* The fallback pkg-config file (used when hdf5's build installs none) tells
   * the version of the tarball and links the C library. */
  g_assert_nonnull (pc_contents);
  pc_version = g_strdup_printf ("\nVersion: %s\n", version);
  g_assert_nonnull (strstr (pc_contents, pc_version));
  g_assert_nonnull (strstr (pc_contents, "\nLibs: -L${libdir} -lhdf5"));
}

static void
test_manifest_weft (void)
{
  guint index = 0;
  JsonObject *weft = find_module ("weft", &index);
  JsonArray *modules = json_object_get_array_member (manifest (), "modules");
  JsonArray *sources = json_object_get_array_member (weft, "sources");
  gboolean have_dir = FALSE;

  g_assert_cmpuint (index, ==, json_array_get_length (modules) - 1);
  g_assert_cmpstr (member_string (weft, "buildsystem"), ==, "meson");
  g_assert_nonnull (sources);

  for (guint i = 0; i < json_array_get_length (sources); i++)
    {
      JsonObject *source = json_array_get_object_element (sources, i);

      if (g_strcmp0 (member_string (source, "type"), "dir") == 0)
        {
          g_autofree char *manifest_dir = g_path_get_dirname (weft_test_getenv ("WEFT_FLATPAK_MANIFEST"));
          g_autofree char *tree = g_build_filename (manifest_dir, member_string (source, "path"), NULL);
          g_autofree char *meson_build = g_build_filename (tree, "meson.build", NULL);
          g_autofree char *contents = NULL;
          g_autoptr(GError) error = NULL;

          /* The path leads to this project's source tree. */
          g_file_get_contents (meson_build, &contents, NULL, &error);
          g_assert_no_error (error);
          g_assert_true (g_str_has_prefix (contents, "project('weft'"));
          have_dir = TRUE;
        }
    }
  g_assert_true (have_dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int ret;

  g_test_init (&argc, &argv, NULL);

  manifest_parser = json_parser_new ();
  json_parser_load_from_file (manifest_parser, weft_test_getenv ("WEFT_FLATPAK_MANIFEST"), &error);
  g_assert_no_error (error);

  g_test_add_func ("/flatpak/app", test_manifest_app);
  g_test_add_func ("/flatpak/permissions", test_manifest_permissions);
  g_test_add_func ("/flatpak/hdf5", test_manifest_hdf5);
  g_test_add_func ("/flatpak/weft", test_manifest_weft);

  ret = g_test_run ();
  g_object_unref (manifest_parser);
  return ret;
}

/* test-mime.c: the shared-mime-info types in data/io.github.weftviz.Weft.mime.xml.
 *
 * Installs the built MIME XML into a temporary XDG data directory, runs
 * update-mime-database on it, points GIO at it (before anything reads the MIME
 * database) and checks, through g_file_query_info() and g_content_type_guess():
 *  - the XML is valid against the DTD that Debian's shared-mime-info ships inside
 *    freedesktop.org.xml, and update-mime-database accepts it without a word;
 *  - every type is registered with its comment, icon and parents;
 *  - hand-made fixtures of every format get their type, by name and by content;
 *  - real files written by the real tools (../shared/corpus, when present) do too,
 *    and the other files there (notes, licences, compressed symbols) do not;
 *  - plain text, plain CSV, plain XML, lists of numbers and random bytes are not
 *    taken for Weft types;
 *  - every type a Weft file gets is one the desktop file offers Weft for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/valid.h>

#include "desktop-test-util.h"
#include "weft-test-util.h"

#define MIME_NS "http://www.freedesktop.org/standards/shared-mime-info"
#define SNIFF_LEN 4096

static char *mime_root;          /* temporary XDG data dir holding mime/ */
static GPtrArray *weft_types;    /* the types defined in the MIME XML */
static char **desktop_mime_types; /* MimeType= of the built desktop file */
static gboolean have_system_db;  /* freedesktop.org's base types are there */

/* ---------------------------------------------------------------------------- */

static gboolean
is_weft_type (const char *type)
{
  for (guint i = 0; i < weft_types->len; i++)
    if (g_strcmp0 (g_ptr_array_index (weft_types, i), type) == 0)
      return TRUE;
  return FALSE;
}

/* Whether the desktop file makes Weft an application for @type: GIO offers an
 * application for a type's parents too, so a subclass of a listed type counts. */
static gboolean
desktop_offers (const char *type)
{
  for (guint i = 0; desktop_mime_types[i] != NULL; i++)
    if (g_content_type_is_a (type, desktop_mime_types[i]))
      return TRUE;
  return FALSE;
}

static char *
query_content_type (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_CONTENT_TYPE,
                                                 G_FILE_QUERY_INFO_NONE, NULL, &error);

  g_assert_no_error (error);
  return g_strdup (g_file_info_get_content_type (info));
}

/* What a file's content alone says, as GIO sniffs it (the first 4 KiB). */
static char *
guess_from_content (const guint8 *data,
                    gsize         len)
{
  return g_content_type_guess (NULL, data, MIN (len, SNIFF_LEN), NULL);
}

static char *
guess_file_content (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len = 0;

  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  return guess_from_content ((const guint8 *)contents, len);
}

/* An untranslated <comment> (no xml:lang). */
static gboolean
is_comment (xmlNode *node)
{
  xmlChar *lang;
  gboolean untranslated;

  if (!desktop_test_is_element (node, "comment"))
    return FALSE;
  lang = xmlNodeGetLang (node);
  untranslated = lang == NULL;
  xmlFree (lang);
  return untranslated;
}

/* ---------------------------------------------------------------------------- */
/* Set-up: runs before GIO reads any MIME data. */

static void
run_update_mime_database (const char *mime_dir)
{
  const char *tool = weft_test_getenv ("WEFT_UPDATE_MIME_DATABASE");
  const char *argv[] = { tool, mime_dir, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL) || (err != NULL && *err != '\0'))
    g_error ("update-mime-database %s failed or complained:\n%s%s", mime_dir, out, err);
}

static void
set_up_mime_database (void)
{
  g_autofree char *packages = NULL;
  g_autofree char *mime_dir = NULL;
  g_autofree char *target = NULL;
  g_autofree char *home = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *data_dirs = NULL;
  g_autoptr(GError) error = NULL;
  const char *system_dirs = g_getenv ("XDG_DATA_DIRS");
  gsize len = 0;

  mime_root = weft_test_make_tmp_dir ();
  mime_dir = g_build_filename (mime_root, "share", "mime", NULL);
  packages = g_build_filename (mime_dir, "packages", NULL);
  home = g_build_filename (mime_root, "home", NULL);
  g_assert_cmpint (g_mkdir_with_parents (packages, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (home, 0700), ==, 0);

  /* The installed name and content: the built, merged file. */
  g_file_get_contents (weft_test_getenv ("WEFT_MIME_XML"), &contents, &len, &error);
  g_assert_no_error (error);
  target = g_build_filename (packages, APP_ID ".xml", NULL);
  g_file_set_contents (target, contents, len, &error);
  g_assert_no_error (error);

  /* Our directory first, then the system's (freedesktop.org's base types);
   * an empty user directory so that nothing of the user's gets in. */
  if (system_dirs == NULL || *system_dirs == '\0')
    system_dirs = "/usr/local/share:/usr/share";
  data_dirs = g_strdup_printf ("%s" G_DIR_SEPARATOR_S "share:%s", mime_root, system_dirs);
  g_setenv ("XDG_DATA_DIRS", data_dirs, TRUE);
  g_setenv ("XDG_DATA_HOME", home, TRUE);

  run_update_mime_database (mime_dir);
}

static void
load_weft_types (void)
{
  xmlDoc *doc = desktop_test_read_xml (weft_test_getenv ("WEFT_MIME_XML_SOURCE"));
  xmlNode *root = xmlDocGetRootElement (doc);

  weft_types = g_ptr_array_new_with_free_func (g_free);
  for (xmlNode *node = root->children; node != NULL; node = node->next)
    if (desktop_test_is_element (node, "mime-type"))
      g_ptr_array_add (weft_types, desktop_test_get_prop (node, "type"));
  xmlFreeDoc (doc);
}

static void
load_desktop_mime_types (void)
{
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GError) error = NULL;

  g_key_file_load_from_file (key_file, weft_test_getenv ("WEFT_DESKTOP_FILE"), G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  desktop_mime_types = g_key_file_get_string_list (key_file, G_KEY_FILE_DESKTOP_GROUP,
                                                   G_KEY_FILE_DESKTOP_KEY_MIME_TYPE, NULL, &error);
  g_assert_no_error (error);
}

/* ---------------------------------------------------------------------------- */
/* The XML itself */

static xmlDtd *
load_shared_mime_info_dtd (xmlDoc **out_doc)
{
  const char * const *dirs = g_get_system_data_dirs ();

  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (dirs[i], "mime", "packages", "freedesktop.org.xml", NULL);
      xmlDoc *doc;

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        continue;
      doc = desktop_test_read_xml (path);
      if (doc->intSubset != NULL)
        {
          *out_doc = doc;
          return doc->intSubset;
        }
      xmlFreeDoc (doc);
    }
  return NULL;
}

static void
validate_against_dtd (const char *path,
                      xmlDtd     *dtd)
{
  xmlDoc *doc = desktop_test_read_xml (path);
  xmlValidCtxt *ctxt = xmlNewValidCtxt ();
  int valid = xmlValidateDtd (ctxt, doc, dtd);

  xmlFreeValidCtxt (ctxt);
  xmlFreeDoc (doc);
  if (!valid)
    g_error ("%s does not follow shared-mime-info's DTD (messages above)", path);
}

static void
test_mime_xml_dtd (void)
{
  xmlDoc *dtd_doc = NULL;
  xmlDtd *dtd = load_shared_mime_info_dtd (&dtd_doc);

  if (dtd == NULL)
    {
      g_test_skip ("no freedesktop.org.xml with its DTD in the system data dirs");
      return;
    }
  validate_against_dtd (weft_test_getenv ("WEFT_MIME_XML_SOURCE"), dtd);
  validate_against_dtd (weft_test_getenv ("WEFT_MIME_XML"), dtd);
  xmlFreeDoc (dtd_doc);
}

/* What the project asks of each type beyond the DTD. */
static void
test_mime_xml_rules (void)
{
  xmlDoc *doc = desktop_test_read_xml (weft_test_getenv ("WEFT_MIME_XML_SOURCE"));
  xmlNode *root = xmlDocGetRootElement (doc);

  g_assert_nonnull (root->ns);
  g_assert_cmpstr ((const char *)root->ns->href, ==, MIME_NS);
  g_assert_cmpuint (weft_types->len, ==, 9);

  for (xmlNode *type_node = root->children; type_node != NULL; type_node = type_node->next)
    {
      g_autofree char *type = NULL;
      g_autoptr(GPtrArray) parents = g_ptr_array_new_with_free_func (g_free);
      guint n_comments = 0, n_icons = 0, n_magic = 0, n_globs = 0, n_root_xml = 0;

      if (!desktop_test_is_element (type_node, "mime-type"))
        continue;
      type = desktop_test_get_prop (type_node, "type");
      g_assert_true (g_str_has_prefix (type, "application/x-") || g_str_has_prefix (type, "text/x-"));

      for (xmlNode *node = type_node->children; node != NULL; node = node->next)
        {
          if (is_comment (node))
            n_comments++;
          else if (desktop_test_is_element (node, "generic-icon"))
            n_icons++;
          else if (desktop_test_is_element (node, "magic"))
            n_magic++;
          else if (desktop_test_is_element (node, "glob"))
            {
              g_autofree char *pattern = desktop_test_get_prop (node, "pattern");

              /* Only a name convention: never claim a name other formats use. */
              g_assert_true (g_str_has_prefix (pattern, "*."));
              g_assert_cmpstr (pattern, !=, "*.csv");
              g_assert_cmpstr (pattern, !=, "*.xml");
              g_assert_cmpstr (pattern, !=, "*.txt");
              g_assert_cmpstr (pattern, !=, "*.trace");
              n_globs++;
            }
          else if (desktop_test_is_element (node, "root-XML"))
            n_root_xml++;
          else if (desktop_test_is_element (node, "sub-class-of"))
            g_ptr_array_add (parents, desktop_test_get_prop (node, "type"));
        }

      if (g_test_verbose ())
        g_printerr ("%s: %u comment, %u icon, %u magic, %u glob\n", type, n_comments, n_icons, n_magic, n_globs);
      g_assert_cmpuint (n_comments, ==, 1);
      g_assert_cmpuint (n_icons, ==, 1);
      /* One type per format, detected by content: every format here has magic. */
      g_assert_cmpuint (n_magic, ==, 1);

      if (g_str_has_suffix (type, "+xml"))
        {
          g_assert_cmpuint (n_root_xml, ==, 1);
          g_assert_cmpuint (parents->len, ==, 1);
          g_assert_cmpstr (g_ptr_array_index (parents, 0), ==, "application/xml");
        }
      else
        g_assert_cmpuint (n_root_xml, ==, 0);

      if (g_str_has_prefix (type, "text/"))
        {
          g_assert_cmpuint (parents->len, ==, 1);
          g_assert_true (g_strcmp0 (g_ptr_array_index (parents, 0), "text/plain") == 0 ||
                         g_strcmp0 (g_ptr_array_index (parents, 0), "text/csv") == 0);
        }
    }
  xmlFreeDoc (doc);
}

/* The database GIO reads knows each type as the XML says. */
static void
test_mime_registered (void)
{
  xmlDoc *doc = desktop_test_read_xml (weft_test_getenv ("WEFT_MIME_XML_SOURCE"));
  xmlNode *root = xmlDocGetRootElement (doc);

  for (xmlNode *type_node = root->children; type_node != NULL; type_node = type_node->next)
    {
      g_autofree char *type = NULL;

      if (!desktop_test_is_element (type_node, "mime-type"))
        continue;
      type = desktop_test_get_prop (type_node, "type");
      g_assert_false (g_content_type_is_unknown (type));

      for (xmlNode *node = type_node->children; node != NULL; node = node->next)
        {
          if (is_comment (node))
            {
              xmlChar *comment = xmlNodeGetContent (node);
              g_autofree char *description = g_content_type_get_description (type);

              g_assert_cmpstr (description, ==, (const char *)comment);
              xmlFree (comment);
            }
          else if (desktop_test_is_element (node, "generic-icon"))
            {
              g_autofree char *icon = desktop_test_get_prop (node, "name");
              g_autofree char *generic = g_content_type_get_generic_icon_name (type);

              g_assert_cmpstr (generic, ==, icon);
            }
          else if (desktop_test_is_element (node, "sub-class-of"))
            {
              g_autofree char *parent = desktop_test_get_prop (node, "type");

              g_assert_true (g_content_type_is_a (type, parent));
            }
          else if (desktop_test_is_element (node, "glob"))
            {
              g_autofree char *pattern = desktop_test_get_prop (node, "pattern");
              g_autofree char *name = g_strconcat ("example", pattern + 1, NULL);
              g_autofree char *guessed = g_content_type_guess (name, NULL, 0, NULL);

              g_assert_cmpstr (guessed, ==, type);
            }
        }
    }
  xmlFreeDoc (doc);
}

/* ---------------------------------------------------------------------------- */
/* Fixtures */

typedef struct
{
  const char *test_name;
  const char *file_name;
  const char *contents;
  gsize       len;            /* 0: strlen (contents) */
  const char *expected;
  gboolean    by_content;     /* the content alone gives @expected as well */
} Fixture;

#define VISANDOR_AND \
  "0\n" \
  "         0 5 0 0 0 0 \n" \
  "        12 7 0 0 8049F00 0 \n" \
  "      1234 1 2A 3 8049F00 0 \n" \
  "      1240 2 2A 3 8049F00 0 \n" \
  "      1251 2 2A 3 804A100 1 \n"

#define MPD_LINES \
  "CS.mpd, 15          main.body             BODY      1730B8    0       \n" \
  "CS.mpd, 16          main.body             CREATEG   1730B8    0       \n" \
  "CS.mpd, 1           CS.body               BODY      173168    0       \n" \
  "CS.mpd, 7           CS.body               SEND      173168    0       \n"

#define PSV_CSV_ROWS \
  "0, \"0-3\", \"0.1-3.1\", main (app.c:40)\n" \
  "1, \"0-3\", \"0.1-3.1\", solve (solver.c:112)\n" \
  "2, \"0-2\", \"0.1-2.1\", MPI_Allreduce\n" \
  "2, \"3\", \"3.1\", exchange_halo (halo.c:77)\n"

#define PSV_XML \
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
  "<stacks>\n" \
  "  <frame processes=\"0-3\" threads=\"0.1-3.1\" processcount=\"4\" threadcount=\"4\">\n" \
  "    <position><function>main</function><file>app.c</file><line>40</line></position>\n" \
  "  </frame>\n" \
  "</stacks>\n"

#define HPCSTRUCT_HEAD \
  "<?xml version=\"1.0\"?>\n" \
  "<!DOCTYPE HPCToolkitStructure [\n" \
  "<!ELEMENT HPCToolkitStructure (LM)*>\n" \
  "<!ATTLIST HPCToolkitStructure version CDATA #REQUIRED i CDATA #REQUIRED n CDATA #IMPLIED>\n" \
  "]>\n" \
  "<HPCToolkitStructure i=\"0\" version=\"4.9\" n=\"\">\n" \
  "<LM i=\"2\" n=\"/home/user/app\" has-calls=\"1\" v=\"{}\">\n" \
  "</LM>\n" \
  "</HPCToolkitStructure>\n"

#define CHPLVIS_LOCALE \
  "ChplVdebug: ver 1.4 nodes 2 nid 1 tid 2 seq 1700000000.050 1700000000.100000 0.050000 0.010000 \n" \
  "task: 1700000000.200000 1 2 1 L 10 3 2\n" \
  "End: 1700000000.900000 0.400000 0.020000 1 2\n"

static const char hpcrun_head[] = "HPCRUN-profile____04.00b\0\0\0\x03\0\0\0\x08program-name\0\0\0\x04loop";
static const char hpctrace_head[] =
  "HPCRUN-trace______01.01b\0\0\0\0\0\0\0\x01"
  "\0\0\0\0\0\0\x10\0\0\0\0\x05"
  "\0\0\0\0\0\0\x20\0\0\0\0\x07";
static const char hdf5_head[] = "\x89HDF\r\n\x1a\n\0\0\0\0\0\x08\x08\0\x04\0\x10\0\0\0\0\0";

static const Fixture positives[] = {
  { "chplvis", "DEMO-1", CHPLVIS_LOCALE, 0, "application/x-chplvis-trace", TRUE },
  { "chplvis-v0", "OLD-0",
    "ChplVdebug: nodes 2 id 0 seq 1440000000.000 1440000000.000000 0.000000 0.000000\n"
    "End: 1440000001.000000 0.000000 0.000000 0\n", 0, "application/x-chplvis-trace", TRUE },
  { "hpcrun", "app-000000-000-0a0b0c0d-4242-0.hpcrun", hpcrun_head, sizeof hpcrun_head - 1,
    "application/x-hpcrun-profile", TRUE },
  { "hpcrun-renamed", "profile.bin", hpcrun_head, sizeof hpcrun_head - 1, "application/x-hpcrun-profile", TRUE },
  { "hpctrace", "app-000000-000-0a0b0c0d-4242-0.hpctrace", hpctrace_head, sizeof hpctrace_head - 1,
    "application/x-hpcrun-trace", TRUE },
  { "hpcstruct", "app.hpcstruct", HPCSTRUCT_HEAD, 0, "application/x-hpcstruct+xml", TRUE },
  { "hpcstruct-no-doctype", "structure",
    "<?xml version=\"1.0\"?>\n"
    "<!-- A long comment pushes the document element past the first 256 bytes: "
    "................................................................................"
    "................................................................................"
    "................................................................................ -->\n"
    "<HPCToolkitStructure i=\"0\" version=\"4.9\" n=\"\"></HPCToolkitStructure>\n",
    0, "application/x-hpcstruct+xml", TRUE },
  { "psv-xml", "stacks-export", PSV_XML, 0, "application/x-ddt-stacks+xml", TRUE },
  { "psv-xml-empty", "stacks-empty", "<?xml version=\"1.0\"?>\n<stacks/>\n", 0, "application/x-ddt-stacks+xml", TRUE },
  { "psv-csv", "stacks-export", "Depth, Processes, Threads, Function\n" PSV_CSV_ROWS, 0,
    "text/x-ddt-stacks-csv", TRUE },
  { "psv-csv-compact", "stacks-export", "Depth,Processes,Threads,Function\r\n0,\"0-1\",\"0.1-1.1\",main\r\n", 0,
    "text/x-ddt-stacks-csv", TRUE },
  { "cpc-csv", "comparison", "Value, Processes\n42, \"0-3,7-17\"\n43, \"4-6\"\n", 0, "text/x-ddt-cpc-csv", TRUE },
  { "cpc-csv-compact", "comparison", "Value,Processes\n\"nan\",\"5\"\n", 0, "text/x-ddt-cpc-csv", TRUE },
  { "visandor-and", "queens", VISANDOR_AND, 0, "text/x-visandor-trace", TRUE },
  { "visandor-or", "queens-or",
    "1\n         0 5 0 0 0 0 \n       310 20 1F 2 8049F00 0 \n       325 21 1F 2 804A100 1 \n", 0,
    "text/x-visandor-trace", TRUE },
  { "visandor-crlf", "queens-crlf", "0\r\n      1234 1 2A 3 8049F00 0 \r\n", 0, "text/x-visandor-trace", TRUE },
  /* A writer that does not pad the timestamp: only Weft's *.visandor name tells. */
  { "visandor-glob", "run.visandor", "0\n0 5 0 0 0 0\n17 1 2A 3 8049F00 0\n", 0, "text/x-visandor-trace", FALSE },
  { "mpd", "mpd-out", MPD_LINES, 0, "text/x-mpd-trace", TRUE },
  { "mpd-vm", "vm.trace",
    "src/main2.mpd, 1    main2.body            BODY      8062318   0       \n"
    "src/main2.mpd, 6    vm(1).main2.body      CREATEV   8062318   0       \n", 0, "text/x-mpd-trace", TRUE },
  { "mpd-64bit", "cs64.trace",
    "CS.mpd, 15          vm(2).main.body       ARM       7F3A1C002A10  7F3A1C0031F0\n", 0, "text/x-mpd-trace", TRUE },
  /* Types Weft opens that shared-mime-info defines. */
  { "mda-hdf5", "array.h5", hdf5_head, sizeof hdf5_head - 1, "application/x-hdf", TRUE },
  { "mda-hdf5-renamed", "array-export", hdf5_head, sizeof hdf5_head - 1, "application/x-hdf", TRUE },
  { "mda-csv", "array.csv", "1.5,2.5,\"\"\n3,4,5\n", 0, "text/csv", FALSE },
  /* A DDT export saved as *.csv: the name wins over the content (as the
   * shared-mime-info spec says), and text/csv is in the desktop file. */
  { "psv-csv-named-csv", "stacks.csv", "Depth, Processes, Threads, Function\n" PSV_CSV_ROWS, 0, "text/csv", FALSE },
};

static const Fixture negatives[] = {
  { "prose", "notes", "The quick brown fox jumps over the lazy dog.\nNothing to see here.\n", 0, "text/plain", TRUE },
  { "csv", "data.csv", "name,value\nalpha,1\nbeta,2\n", 0, "text/csv", FALSE },
  { "csv-unnamed", "data", "name,value\nalpha,1\nbeta,2\n", 0, "text/plain", TRUE },
  { "csv-value-count", "values", "Value,Count\n1,2\n", 0, "text/plain", TRUE },
  { "csv-depth-only", "depths", "Depth,Processes\n0,1\n", 0, "text/plain", TRUE },
  { "numbers", "numbers", "0\n1\n2\n3\n4\n5\n", 0, "text/plain", TRUE },
  { "digit-then-prose", "answer", "1\nThe first line was a digit, the second is prose.\n", 0, "text/plain", TRUE },
  { "digit-then-apples", "apples", "0\n12 apples and 3 pears\n", 0, "text/plain", TRUE },
  { "digit-then-numbers", "table", "0\n1 2 3 4 5 6 7 8 9 10 11 12\n", 0, "text/plain", TRUE },
  { "digit-then-spaced-numbers", "spaced", "1\n  2 3 4 5 6 7 8 9\n", 0, "text/plain", TRUE },
  { "digit-then-version", "changes", "0\nversion 12 3 of the list\n", 0, "text/plain", TRUE },
  { "digit-then-indented", "indented", "0\n   the list starts here\n", 0, "text/plain", TRUE },
  { "mpd-prose", "howto", "Compile CS.mpd, then run a.out with MPD_TRACE set to a file name.\n", 0,
    "text/plain", TRUE },
  { "mpd-source-list", "sources", "CS.mpd, main.mpd, foo.mpd\n", 0, "text/plain", TRUE },
  { "xml-stackset", "other", "<?xml version=\"1.0\"?>\n<stackset><stack/></stackset>\n", 0, "application/xml", TRUE },
  { "xml-stacksize", "other", "<?xml version=\"1.0\"?>\n<stacksize>8</stacksize>\n", 0, "application/xml", TRUE },
  { "xml-mentions-hpctoolkit", "notes.xml",
    "<?xml version=\"1.0\"?>\n<notes><note>HPCToolkit</note></notes>\n", 0, "application/xml", TRUE },
  { "hpcrun-truncated-magic", "truncated", "HPCRUN-prof", 0, "text/plain", TRUE },
  { "chplvis-lowercase", "lower-0", "chplvdebug: ver 1.4\n", 0, "text/plain", TRUE },
};

static void
check_fixture (const Fixture *fixture,
               gboolean       weft_file)
{
  gsize len = fixture->len != 0 ? fixture->len : strlen (fixture->contents);
  g_autofree char *path = weft_test_write_tmp (fixture->file_name, fixture->contents, len);
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *by_file = query_content_type (path);

  g_assert_cmpstr (by_file, ==, fixture->expected);
  if (fixture->by_content)
    {
      g_autofree char *by_content = guess_from_content ((const guint8 *)fixture->contents, len);

      g_assert_cmpstr (by_content, ==, fixture->expected);
    }
  if (weft_file)
    g_assert_true (desktop_offers (by_file));
  else
    g_assert_false (is_weft_type (by_file));

  weft_test_rm_rf (dir);
}

static void
test_positive (gconstpointer data)
{
  const Fixture *fixture = data;

  if (!have_system_db && !is_weft_type (fixture->expected))
    {
      g_test_skip ("freedesktop.org's MIME database is not installed");
      return;
    }
  check_fixture (fixture, TRUE);
}

static void
test_negative (gconstpointer data)
{
  if (!have_system_db)
    {
      g_test_skip ("freedesktop.org's MIME database is not installed");
      return;
    }
  check_fixture (data, FALSE);
}

static void
test_random_bytes (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261121);
  guint8 data[SNIFF_LEN];

  for (guint round = 0; round < 64; round++)
    {
      g_autofree char *type = NULL;

      for (guint i = 0; i < sizeof data; i++)
        data[i] = (guint8)g_rand_int_range (rand, 0, 256);
      type = guess_from_content (data, sizeof data);
      g_assert_false (is_weft_type (type));
    }
}

/* Real text files of the system: whatever they are, they are not Weft's. */
static void
test_system_files (void)
{
  const char *candidates[] = {
    "/usr/share/common-licenses/GPL-3",
    "/usr/share/mime/packages/freedesktop.org.xml",
    "/usr/share/mime/globs2",
    "/etc/services",
    "/etc/os-release",
  };
  guint checked = 0;

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      g_autofree char *by_file = NULL;
      g_autofree char *by_content = NULL;

      if (!g_file_test (candidates[i], G_FILE_TEST_IS_REGULAR))
        continue;
      by_file = query_content_type (candidates[i]);
      by_content = guess_file_content (candidates[i]);
      g_assert_false (is_weft_type (by_file));
      g_assert_false (is_weft_type (by_content));
      checked++;
    }
  if (checked == 0)
    g_test_skip ("none of the system files are there");
}

/* ---------------------------------------------------------------------------- */
/* Real files written by the real tools */

typedef struct
{
  guint files[16];
  guint others;
} CorpusCounts;

static const char *corpus_kinds[] = {
  "application/x-chplvis-trace",
  "application/x-hpcrun-profile",
  "application/x-hpcrun-trace",
  "application/x-hpcstruct+xml",
  "text/x-mpd-trace",
};

/* What a corpus file is, from where it sits and how it is named; NULL for the
 * notes, licences and other files beside the samples. */
static const char *
corpus_expected_type (const char *relative)
{
  g_autofree char *base = g_path_get_basename (relative);
  const char *dash;

  if (g_str_has_suffix (base, ".hpcrun"))
    return "application/x-hpcrun-profile";
  if (g_str_has_suffix (base, ".hpctrace"))
    return "application/x-hpcrun-trace";
  if (g_str_has_suffix (base, ".hpcstruct"))
    return "application/x-hpcstruct+xml";
  if (g_str_has_prefix (relative, "mpd/") && g_str_has_suffix (base, ".trace"))
    return "text/x-mpd-trace";
  if (g_str_has_prefix (relative, "chplvis/") && (dash = strrchr (base, '-')) != NULL &&
      dash[1] != '\0' && strspn (dash + 1, "0123456789") == strlen (dash + 1))
    return "application/x-chplvis-trace";
  return NULL;
}

static void
walk_corpus (const char   *root,
             const char   *relative,
             CorpusCounts *counts)
{
  g_autofree char *dir_path = g_build_filename (root, relative, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, &error);
  const char *name;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child_relative = *relative ? g_strconcat (relative, "/", name, NULL) : g_strdup (name);
      g_autofree char *path = g_build_filename (root, child_relative, NULL);
      g_autofree char *by_file = NULL;
      g_autofree char *by_content = NULL;
      const char *expected;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          walk_corpus (root, child_relative, counts);
          continue;
        }
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        continue;

      expected = corpus_expected_type (child_relative);
      by_file = query_content_type (path);
      by_content = guess_file_content (path);
      if (g_test_verbose ())
        g_printerr ("%s: %s / %s\n", child_relative, by_file, by_content);

      if (expected == NULL)
        {
          if (is_weft_type (by_file) || is_weft_type (by_content))
            g_error ("%s is not a Weft file but was typed %s (by name) and %s (by content)",
                     child_relative, by_file, by_content);
          counts->others++;
          continue;
        }
      if (g_strcmp0 (by_file, expected) != 0 || g_strcmp0 (by_content, expected) != 0)
        g_error ("%s should be %s but was typed %s (by name) and %s (by content)",
                 child_relative, expected, by_file, by_content);
      g_assert_true (desktop_offers (by_file));
      for (guint k = 0; k < G_N_ELEMENTS (corpus_kinds); k++)
        if (g_strcmp0 (corpus_kinds[k], expected) == 0)
          counts->files[k]++;
    }
}

static void
test_corpus (void)
{
  g_autofree char *corpus = weft_test_shared_path ("corpus", NULL);
  CorpusCounts counts = { { 0 }, 0 };

  if (corpus == NULL)
    return;
  walk_corpus (corpus, "", &counts);

  for (guint k = 0; k < G_N_ELEMENTS (corpus_kinds); k++)
    {
      if (g_test_verbose ())
        g_printerr ("%s: %u real files\n", corpus_kinds[k], counts.files[k]);
      g_assert_cmpuint (counts.files[k], >, 0);
    }
  g_assert_cmpuint (counts.others, >, 0);
}

/* ---------------------------------------------------------------------------- */

int
main (int   argc,
      char *argv[])
{
  g_autofree char *csv_type = NULL;
  int ret;

  /* Before anything reads the MIME database (GIO caches the data dirs). */
  set_up_mime_database ();

  g_test_init (&argc, &argv, NULL);
  load_weft_types ();
  load_desktop_mime_types ();

  csv_type = g_content_type_guess ("plain.csv", NULL, 0, NULL);
  have_system_db = g_strcmp0 (csv_type, "text/csv") == 0;

  g_test_add_func ("/mime/xml/dtd", test_mime_xml_dtd);
  g_test_add_func ("/mime/xml/rules", test_mime_xml_rules);
  g_test_add_func ("/mime/registered", test_mime_registered);
  for (guint i = 0; i < G_N_ELEMENTS (positives); i++)
    {
      g_autofree char *path = g_strdup_printf ("/mime/fixture/%s", positives[i].test_name);

      g_test_add_data_func (path, &positives[i], test_positive);
    }
  for (guint i = 0; i < G_N_ELEMENTS (negatives); i++)
    {
      g_autofree char *path = g_strdup_printf ("/mime/not-weft/%s", negatives[i].test_name);

      g_test_add_data_func (path, &negatives[i], test_negative);
    }
  g_test_add_func ("/mime/not-weft/random-bytes", test_random_bytes);
  g_test_add_func ("/mime/not-weft/system-files", test_system_files);
  g_test_add_func ("/mime/corpus", test_corpus);

  ret = g_test_run ();

  weft_test_rm_rf (mime_root);
  g_free (mime_root);
  g_ptr_array_unref (weft_types);
  g_strfreev (desktop_mime_types);
  return ret;
}

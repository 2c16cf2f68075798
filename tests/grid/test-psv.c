/* test-psv.c: DDT Parallel Stack View CSV and XML (weft-psv.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "grid-test-util.h"
#include "weft-error.h"
#include "weft-psv.h"
#include "weft-test-util.h"

static char *
fixture_path (const char *name)
{
  return weft_test_source_path ("tests", "grid", "psv", name, NULL);
}

static char *
read_fixture (const char *name,
              gsize      *len)
{
  g_autofree char *path = fixture_path (name);

  return grid_test_read_file (path, len);
}

static WeftCallNode
child_at (WeftCallTree *tree,
          WeftCallNode  parent,
          guint         index)
{
  WeftCallNode n = weft_call_tree_get_first_child (tree, parent);

  while (index-- > 0 && n != WEFT_CALL_NODE_NONE)
    n = weft_call_tree_get_next_sibling (tree, n);
  g_assert_true (n != WEFT_CALL_NODE_NONE);
  return n;
}

static char *
set_string (WeftCallTree *tree,
            WeftCallNode  node)
{
  const WeftIntSet *set = weft_call_tree_get_processes (tree, node);

  return set != NULL ? weft_int_set_to_string (set) : g_strdup ("-");
}

/* The hang fixtures: 16 ranks of two threads, 13 in MPI_Barrier, two in a
 * receive, one stuck in std::vector::at. */
static void
check_hang_tree (WeftCallTree *tree,
                 gboolean      with_sets)
{
  WeftCallNode main_node, barrier, solve, at;
  const WeftCallFrame *frame;

  g_assert_cmpuint (weft_call_tree_get_n_nodes (tree), ==, 7);
  g_assert_cmpint (weft_call_tree_get_max_depth (tree), ==, 2);
  g_assert_cmpuint (weft_call_tree_get_n_children (tree, WEFT_CALL_TREE_ROOT), ==, 1);
  main_node = child_at (tree, WEFT_CALL_TREE_ROOT, 0);
  frame = weft_call_tree_get_frame (tree, main_node);
  g_assert_cmpstr (frame->function, ==, "main");
  g_assert_cmpstr (frame->file, ==, "hang.c");
  g_assert_cmpuint (frame->line, ==, 40);
  g_assert_cmpuint (weft_call_tree_get_process_count (tree, main_node), ==, 16);
  g_assert_cmpuint (weft_call_tree_get_thread_count (tree, main_node), ==, 32);
  g_assert_cmpuint (weft_call_tree_get_n_children (tree, main_node), ==, 3);

  barrier = child_at (tree, main_node, 0);
  g_assert_cmpstr (weft_call_tree_get_frame (tree, barrier)->function, ==, "MPI_Barrier");
  g_assert_cmpuint (weft_call_tree_get_process_count (tree, barrier), ==, 13);
  g_assert_cmpuint (weft_call_tree_get_thread_count (tree, barrier), ==, 26);
  frame = weft_call_tree_get_frame (tree, child_at (tree, barrier, 0));
  g_assert_cmpstr (frame->function, ==, "PMPI_Barrier");
  g_assert_cmpstr (frame->file, ==, "");
  g_assert_cmpuint (frame->line, ==, 0);

  solve = child_at (tree, main_node, 1);
  g_assert_cmpuint (weft_call_tree_get_depth (tree, child_at (tree, solve, 0)), ==, 2);
  g_assert_cmpstr (weft_call_tree_get_frame (tree, child_at (tree, solve, 0))->function, ==, "MPI_Recv");

  at = child_at (tree, main_node, 2);
  frame = weft_call_tree_get_frame (tree, at);
  g_assert_cmpstr (frame->function, ==, "std::vector<int, std::allocator<int> >::at(unsigned long) const");
  g_assert_cmpstr (frame->file, ==, "stl_vector.h");
  g_assert_cmpuint (frame->line, ==, 1125);
  g_assert_cmpuint (weft_call_tree_get_process_count (tree, at), ==, 1);

  if (with_sets)
    {
      g_autofree char *b = set_string (tree, barrier);
      g_autofree char *a = set_string (tree, at);
      g_autofree char *t = weft_thread_set_to_string (weft_call_tree_get_threads (tree, barrier));

      g_assert_cmpstr (b, ==, "0-3,7-15");
      g_assert_cmpstr (a, ==, "6");
      g_assert_cmpstr (t, ==, "0.0-3.1,7.0-15.1");
    }
  else
    g_assert_null (weft_call_tree_get_processes (tree, barrier));
}

static void
test_csv_counts (void)
{
  gsize len;
  g_autofree char *text = read_fixture ("hang-counts.csv", &len);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftCallTree) tree = weft_psv_csv_parse (text, len, "hang-counts.csv", NULL, &error);
  g_autofree char *written = NULL;

  g_assert_no_error (error);
  check_hang_tree (tree, FALSE);
  written = weft_psv_csv_to_string (tree, WEFT_PSV_CSV_COUNTS);
  g_assert_cmpstr (written, ==, text);
}

static void
test_csv_sets (void)
{
  gsize len;
  g_autofree char *text = read_fixture ("hang-sets.csv", &len);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftCallTree) tree = weft_psv_csv_parse (text, len, "hang-sets.csv", NULL, &error);
  g_autofree char *with_sets = NULL;
  g_autofree char *with_counts = NULL;
  g_autofree char *counts_fixture = read_fixture ("hang-counts.csv", NULL);

  g_assert_no_error (error);
  check_hang_tree (tree, TRUE);
  with_sets = weft_psv_csv_to_string (tree, WEFT_PSV_CSV_SETS);
  g_assert_cmpstr (with_sets, ==, text);
  with_counts = weft_psv_csv_to_string (tree, WEFT_PSV_CSV_COUNTS);
  g_assert_cmpstr (with_counts, ==, counts_fixture);
}

static void
test_csv_write_file (void)
{
  g_autofree char *text = read_fixture ("hang-sets.csv", NULL);
  g_autoptr(WeftCallTree) tree = weft_psv_csv_parse (text, strlen (text), NULL, NULL, NULL);
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *written = NULL;
  g_autofree char *listing = NULL;
  g_autofree char *counts_fixture = read_fixture ("hang-counts.csv", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftCallTree) back = NULL;

  g_assert_true (weft_psv_csv_write (tree, -1, path, &error));
  g_assert_no_error (error);
  written = grid_test_read_file (path, NULL);
  g_assert_cmpstr (written, ==, counts_fixture);
  listing = grid_test_list_dir (dir);
  g_assert_cmpstr (listing, ==, "out.csv");
  back = weft_psv_csv_read (path, NULL, &error);
  g_assert_no_error (error);
  check_hang_tree (back, FALSE);
  weft_test_rm_rf (dir);
}

static void
test_csv_function_split (void)
{
  const char *text =
    "Depth,Processes,Threads,Function\n"
    "1,4,4,\"foo(int, char) (x.cpp:12)\"\n"
    "2,4,4,operator()\n"
    "3,4,4,bar (not a location)\n"
    "3,4,4,baz (a (b).c:3)\n"
    "3,4,4,\"qux (x.c:)\"\n"
    "3,4,4,\"  spaced  \"\n"
    "3,4,4,f(a,b) (y.c:9)\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftCallTree) tree = weft_psv_csv_parse (text, strlen (text), "split.csv", NULL, &error);
  WeftCallNode foo, op;
  const WeftCallFrame *f;

  g_assert_no_error (error);
  /* Depth starts at 1 here: the first row's depth is the base. */
  foo = child_at (tree, WEFT_CALL_TREE_ROOT, 0);
  f = weft_call_tree_get_frame (tree, foo);
  g_assert_cmpstr (f->function, ==, "foo(int, char)");
  g_assert_cmpstr (f->file, ==, "x.cpp");
  g_assert_cmpuint (f->line, ==, 12);
  op = child_at (tree, foo, 0);
  g_assert_cmpstr (weft_call_tree_get_frame (tree, op)->function, ==, "operator()");
  g_assert_cmpstr (weft_call_tree_get_frame (tree, child_at (tree, op, 0))->function, ==, "bar (not a location)");
  f = weft_call_tree_get_frame (tree, child_at (tree, op, 1));
  g_assert_cmpstr (f->function, ==, "baz (a");
  g_assert_cmpstr (f->file, ==, "b).c");
  g_assert_cmpuint (f->line, ==, 3);
  g_assert_cmpstr (weft_call_tree_get_frame (tree, child_at (tree, op, 2))->function, ==, "qux (x.c:)");
  g_assert_cmpstr (weft_call_tree_get_frame (tree, child_at (tree, op, 3))->function, ==, "  spaced  ");
  /* An unquoted name with a comma in the last column is joined back. */
  f = weft_call_tree_get_frame (tree, child_at (tree, op, 4));
  g_assert_cmpstr (f->function, ==, "f(a,b)");
  g_assert_cmpstr (f->file, ==, "y.c");
  g_assert_cmpint (weft_call_tree_get_depth (tree, child_at (tree, op, 4)), ==, 2);
}

static void
assert_csv_error (const char *text,
                  const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftCallTree) tree = weft_psv_csv_parse (text, strlen (text), "bad.csv", NULL, &error);

  g_assert_null (tree);
  g_assert_nonnull (error);
  if (strstr (error->message, expected) == NULL)
    g_error ("“%s” does not contain “%s”", error->message, expected);
}

static void
test_csv_errors (void)
{
  assert_csv_error ("Depth, Processes, Threads, Function\n0, 1, 1, main\n2, 1, 1, deep\n",
                    "bad.csv:3:1: the depth jumps from 0 to 2");
  assert_csv_error ("Depth, Processes, Threads, Function\n0, \"0-3,x\", 1, main\n",
                    "bad.csv:2:");
  assert_csv_error ("Depth, Processes, Threads, Function\n0, \"0-3,x\", 1, main\n",
                    "expected a process count or a compact process set: “0-3,x” is not a compact integer set");
  assert_csv_error ("Depth, Processes, Threads, Function\n0, 1, 1, \"main\n1, 1, 1, f\n",
                    "bad.csv:2:");
  assert_csv_error ("Depth, Processes, Threads, Function\n0, 1, 1.x, main\n",
                    "bad.csv:2:9:");
  assert_csv_error ("Depth, Processes, Threads, Function\n3, 1, 1, main\n",
                    "bad.csv:2:1: the first frame has depth 3");
  assert_csv_error ("Depth, Processes, Threads, Function\nx, 1, 1, main\n",
                    "bad.csv:2:1: “x” is not a depth");
  assert_csv_error ("Value, Processes\n1, 0-3\n", "bad.csv:1:1: the header has no “Depth” column");
  assert_csv_error ("", "nothing to read");
}

static void
test_sniff (void)
{
  g_assert_true (weft_psv_csv_sniff ("Depth, Processes, Threads, Function\n0,1,1,main\n", 45));
  g_assert_true (weft_psv_csv_sniff ("\xef\xbb\xbf" "Depth,Processes,Threads,Function\r\n", 35));
  g_assert_true (weft_psv_csv_sniff ("depth, function", 15));
  g_assert_false (weft_psv_csv_sniff ("Value, Processes\n1,0-3\n", 23));
  g_assert_false (weft_psv_csv_sniff ("1,2,3\n4,5,6\n", 12));
  g_assert_false (weft_psv_csv_sniff ("Depth, Processes, Threads, Function, Extra\n", 43));
  g_assert_true (weft_psv_xml_sniff ("<stacks/>", 9));
  g_assert_true (weft_psv_xml_sniff ("<?xml version=\"1.0\"?>\n<!-- x -->\n<!DOCTYPE stacks [\n", 52));
  g_assert_true (weft_psv_xml_sniff ("<?xml version=\"1.0\"?><stacks>", 29));
  g_assert_false (weft_psv_xml_sniff ("<?xml version=\"1.0\"?><stacksx>", 30));
  g_assert_false (weft_psv_xml_sniff ("<html>", 6));
}

static void
test_xml_canonical (void)
{
  gsize len;
  g_autofree char *text = read_fixture ("hang.xml", &len);
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftCallTree) tree = weft_psv_xml_parse (text, len, "hang.xml", NULL, &error);
  g_autofree char *written = NULL;

  g_assert_no_error (error);
  check_hang_tree (tree, TRUE);
  written = weft_psv_xml_to_string (tree, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (written, ==, text);
}

/* Markup is escaped, and what XML 1.0 cannot hold (controls, CR, U+FFFE,
 * bytes that are not UTF-8) becomes U+FFFD, so that the file reads back;
 * tabs, newlines and other characters stay as they are. */
static void
test_xml_escapes (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  g_autoptr(WeftCallTree) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  WeftCallFrame frame = {
    .function = "a<b>&c\"d'e\tf\ng\x01h\ri\xef\xbf\xbej\xffk \xf0\x9f\x98\x80",
    .file = "x&y.c", .module = "", .line = 7,
  };
  WeftCallNode node;

  node = weft_call_tree_add_child (tree, WEFT_CALL_TREE_ROOT, &frame);
  weft_call_tree_set_counts (tree, node, 2, 3);
  xml = weft_psv_xml_to_string (tree, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (xml, "    <position>\n"
                                 "      <function>a&lt;b&gt;&amp;c&quot;d'e\tf\ng\xef\xbf\xbdh\xef\xbf\xbdi"
                                 "\xef\xbf\xbdj\xef\xbf\xbdk \xf0\x9f\x98\x80</function>\n"
                                 "      <file>x&amp;y.c</file>\n"
                                 "      <line>7</line>\n"
                                 "    </position>\n"));
  g_assert_nonnull (strstr (xml, "<frame processcount=\"2\" threadcount=\"3\">"));

  back = weft_psv_xml_parse (xml, strlen (xml), "t.xml", NULL, &error);
  g_assert_no_error (error);
  node = weft_call_tree_get_first_child (back, WEFT_CALL_TREE_ROOT);
  g_assert_cmpstr (weft_call_tree_get_frame (back, node)->function, ==,
                   "a<b>&c\"d'e\tf\ng\xef\xbf\xbdh\xef\xbf\xbdi\xef\xbf\xbdj\xef\xbf\xbdk \xf0\x9f\x98\x80");
  g_assert_cmpstr (weft_call_tree_get_frame (back, node)->file, ==, "x&y.c");
}

/* Indentation grows two spaces a level up to 16 levels, then stays: a deep
 * tree's export is not mostly blanks. It reads back whole. */
static void
test_xml_deep_indent (void)
{
  g_autoptr(WeftCallTree) tree = weft_call_tree_new ();
  g_autoptr(WeftCallTree) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *level_16 = NULL;
  g_autofree char *level_40 = NULL;
  WeftCallNode node = WEFT_CALL_TREE_ROOT;
  guint depth = 0;

  for (guint i = 1; i <= 40; i++)
    {
      g_autofree char *name = g_strdup_printf ("f%u", i);
      WeftCallFrame frame = { .function = name, .file = "", .module = "" };

      node = weft_call_tree_add_child (tree, node, &frame);
    }
  xml = weft_psv_xml_to_string (tree, &error);
  g_assert_no_error (error);
  /* f2's <function> is at level 4 (8 spaces); f16's at level 18 and f40's at 42
   * stay at 16 (32 spaces). */
  level_16 = g_strdup_printf ("\n%*s<function>f16</function>\n", 32, "");
  level_40 = g_strdup_printf ("\n%*s<function>f40</function>\n", 32, "");
  g_assert_nonnull (strstr (xml, level_16));
  g_assert_nonnull (strstr (xml, level_40));
  g_assert_nonnull (strstr (xml, "\n        <function>f2</function>\n"));

  back = weft_psv_xml_parse (xml, strlen (xml), "deep.xml", NULL, &error);
  g_assert_no_error (error);
  for (node = weft_call_tree_get_first_child (back, WEFT_CALL_TREE_ROOT); node != WEFT_CALL_NODE_NONE;
       node = weft_call_tree_get_first_child (back, node))
    depth++;
  g_assert_cmpuint (depth, ==, 40);
}

/* CSV → tree → XML → tree keeps every frame, count and set. */
static void
test_cross_round_trip (void)
{
  g_autofree char *csv = read_fixture ("hang-sets.csv", NULL);
  g_autofree char *xml_fixture = read_fixture ("hang.xml", NULL);
  g_autoptr(WeftCallTree) tree = weft_psv_csv_parse (csv, strlen (csv), NULL, NULL, NULL);
  g_autofree char *xml = weft_psv_xml_to_string (tree, NULL);
  g_autoptr(WeftCallTree) back = NULL;
  g_autofree char *csv_again = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (xml, ==, xml_fixture);
  back = weft_psv_xml_parse (xml, strlen (xml), NULL, NULL, &error);
  g_assert_no_error (error);
  check_hang_tree (back, TRUE);
  csv_again = weft_psv_csv_to_string (back, WEFT_PSV_CSV_SETS);
  g_assert_cmpstr (csv_again, ==, csv);
}

static void
test_xml_counts_only (void)
{
  const char *text =
    "<stacks>\n"
    "  <frame processcount=\"8\" threadcount=\"8\">\n"
    "    <position><function>main</function></position>\n"
    "    <frame processcount=\"7\"><position/></frame>\n"
    "  </frame>\n"
    "</stacks>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftCallTree) tree = weft_psv_xml_parse (text, strlen (text), "counts.xml", NULL, &error);
  WeftCallNode main_node, inner;

  g_assert_no_error (error);
  g_assert_cmpuint (weft_call_tree_get_n_nodes (tree), ==, 3);
  main_node = child_at (tree, WEFT_CALL_TREE_ROOT, 0);
  g_assert_cmpuint (weft_call_tree_get_process_count (tree, main_node), ==, 8);
  g_assert_null (weft_call_tree_get_processes (tree, main_node));
  inner = child_at (tree, main_node, 0);
  g_assert_cmpuint (weft_call_tree_get_process_count (tree, inner), ==, 7);
  g_assert_cmpuint (weft_call_tree_get_thread_count (tree, inner), ==, 0);
  g_assert_cmpstr (weft_call_tree_get_frame (tree, inner)->function, ==, "");
}

static void
assert_xml_error (const char *text,
                  const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftCallTree) tree = weft_psv_xml_parse (text, strlen (text), "bad.xml", NULL, &error);

  g_assert_null (tree);
  g_assert_nonnull (error);
  if (strstr (error->message, expected) == NULL)
    g_error ("“%s” does not contain “%s”", error->message, expected);
}

static void
test_xml_errors (void)
{
  g_autofree char *valid = read_fixture ("hang.xml", NULL);
  g_autoptr(GString) invalid = g_string_new (valid);

  assert_xml_error ("<stacks>\n<frame><position/>\n<stack/></frame></stacks>",
                    "bad.xml:3: unknown element <stack> in <frame>");
  assert_xml_error ("<stacks>\n\n<frame processes=\"0-x\"><position/></frame></stacks>",
                    "bad.xml:3: in the processes attribute: “0-x” is not a compact integer set");
  assert_xml_error ("<stacks>\n<frame threadcount=\"many\"><position/></frame></stacks>",
                    "bad.xml:2: threadcount=\"many\" is not a count");
  assert_xml_error ("<stacks>\n<frame><position><line>x</line></position></frame></stacks>",
                    "bad.xml:2: <line> holds “x”");
  assert_xml_error ("<stacks>\n<frame>\n</stacks>", "bad.xml:3:");
  assert_xml_error ("<frames/>", "bad.xml:1: the root element is <frames>");
  assert_xml_error ("<stacks>\n<frame/>\n</stacks>", "bad.xml:2: <frame> without <position>");
  assert_xml_error ("", "nothing to read");
  /* With the DTD inline the document is validated: <file> needs a <line>. */
  g_string_replace (invalid, "<line>55</line>", "", 1);
  assert_xml_error (invalid->str, "bad.xml:");
  assert_xml_error (invalid->str, "position");
}

static void
test_xml_write_validates (void)
{
  g_autofree char *csv = read_fixture ("hang-sets.csv", NULL);
  g_autoptr(WeftCallTree) tree = weft_psv_csv_parse (csv, strlen (csv), NULL, NULL, NULL);
  g_autofree char *dir = weft_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "out.xml", NULL);
  g_autofree char *dtd = fixture_path ("stacks.dtd");
  g_autofree char *xmllint = g_find_program_in_path ("xmllint");
  g_autoptr(GError) error = NULL;
  g_autoptr(WeftCallTree) odd = weft_call_tree_new ();
  WeftCallFrame frame = { "ctl\001<&>\"", "f.c", "", 0, 7, 0 };
  g_autofree char *odd_path = g_build_filename (dir, "odd.xml", NULL);
  g_autoptr(WeftCallTree) odd_back = NULL;

  g_assert_true (weft_psv_xml_write (tree, -1, path, &error));
  g_assert_no_error (error);
  weft_call_tree_add_child (odd, WEFT_CALL_TREE_ROOT, &frame);
  g_assert_true (weft_psv_xml_write (odd, -1, odd_path, &error));
  odd_back = weft_psv_xml_read (odd_path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (weft_call_tree_get_frame (odd_back, 1)->function, ==, "ctl\xef\xbf\xbd<&>\"");

  if (xmllint == NULL)
    g_test_message ("xmllint not found: the DTD check is skipped");
  else
    {
      const char *const files[] = { path, odd_path };

      for (guint i = 0; i < G_N_ELEMENTS (files); i++)
        {
          const char *argv[] = { xmllint, "--noout", "--nonet", "--dtdvalid", dtd, files[i], NULL };
          g_autofree char *err = NULL;
          int status = -1;

          g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &err,
                                       &status, &error));
          g_assert_no_error (error);
          if (!g_spawn_check_wait_status (status, NULL))
            g_error ("xmllint --dtdvalid failed on %s: %s", files[i], err);
        }
    }
  weft_test_rm_rf (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/psv/csv/counts", test_csv_counts);
  g_test_add_func ("/psv/csv/sets", test_csv_sets);
  g_test_add_func ("/psv/csv/write-file", test_csv_write_file);
  g_test_add_func ("/psv/csv/function-split", test_csv_function_split);
  g_test_add_func ("/psv/csv/errors", test_csv_errors);
  g_test_add_func ("/psv/sniff", test_sniff);
  g_test_add_func ("/psv/xml/canonical", test_xml_canonical);
  g_test_add_func ("/psv/xml/escapes", test_xml_escapes);
  g_test_add_func ("/psv/xml/deep-indent", test_xml_deep_indent);
  g_test_add_func ("/psv/xml/cross-round-trip", test_cross_round_trip);
  g_test_add_func ("/psv/xml/counts-only", test_xml_counts_only);
  g_test_add_func ("/psv/xml/errors", test_xml_errors);
  g_test_add_func ("/psv/xml/write-validates", test_xml_write_validates);

  return g_test_run ();
}

/* test-xml-stderr.c: libxml2 printed "encoding error : input conversion
 * failed …", "I/O error : encoder error" and "xmlParseChunk: encoder
 * error" on stderr for a report or a workbook part whose bytes do not
 * convert from the encoding it declares (issue 24), and libgsf "Broken
 * relation: missing target" for a workbook relationship without one.
 * Each file here is refused and stderr stays empty. A report's message
 * gives the converter's words; a workbook's is the app's own, in the
 * user's language: libxml2's quoted the four bytes at the fault, read
 * past the end of the part's data when the fault was near it. */

#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "report/cp-report.h"
#include "store/cp-quote-csv.h"

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-workbook.h"

/* What the process writes on fd 2 while @func runs. */
static char *
stderr_of (void (*func) (gconstpointer data), gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  int capture = g_file_open_tmp ("cp-stderr-XXXXXX", &path, &error);
  int saved = dup (STDERR_FILENO);
  char *text = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (saved, >=, 0);
  fflush (stderr);
  g_assert_cmpint (dup2 (capture, STDERR_FILENO), ==, STDERR_FILENO);
  func (data);
  fflush (stderr);
  g_assert_cmpint (dup2 (saved, STDERR_FILENO), ==, STDERR_FILENO);
  close (saved);
  close (capture);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_unlink (path);
  return text;
}

/* Declared encodings with bytes that are not theirs: an ISO-2022-JP
 * escape into nothing, a Shift_JIS lead byte before a space, a lone
 * UTF-16 surrogate, GB18030 and EUC-JP sequences cut short. */
static const struct {
  const char *name;
  const char *bytes;
  gsize       len;
} hostile[] = {
#define HOSTILE(name, text) { name, text, sizeof (text) - 1 }
  HOSTILE ("iso-2022-jp", "<?xml version=\"1.0\" encoding=\"ISO-2022-JP\"?>\n<a>\x1b$B\xff\xfe\x1b(B</a>\n"),
  HOSTILE ("shift-jis", "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n<a>\x81\x20\x82\xff</a>\n"),
  HOSTILE ("utf-16-surrogate", "\xff\xfe<\0a\0>\0\0\xd8<\0/\0a\0>\0"),
  HOSTILE ("gb18030", "<?xml version=\"1.0\" encoding=\"GB18030\"?>\n<a>\x81\x30\xff\xff</a>\n"),
  HOSTILE ("euc-jp", "<?xml version=\"1.0\" encoding=\"EUC-JP\"?>\n<a>\x8e\xff\xa1</a>\n"),
#undef HOSTILE
};

static void
parse_report (gconstpointer data)
{
  guint i = GPOINTER_TO_UINT (data);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_report_xml_parse (hostile[i].bytes, hostile[i].len, &error);

  g_assert_null (project);
  g_assert_error (error, CP_REPORT_ERROR, CP_REPORT_ERROR_NOT_XML);
  /* The converter's words, not the "premature end of data" they cause. */
  g_assert_nonnull (strstr (error->message, "input conversion failed"));
}

static void
test_report_xml (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (hostile); i++)
    {
      g_autofree char *printed = stderr_of (parse_report, GUINT_TO_POINTER (i));

      g_test_message ("%s: stderr “%s”", hostile[i].name, printed);
      g_assert_cmpstr (printed, ==, "");
    }
}

/* A worksheet, shared strings or ODF content in Shift_JIS with a byte
 * that is not: the workbook is refused as damaged, naming the part. */
static const char bad_shift_jis[] =
  "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n"
  "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">"
  "<sheetData>\x81\x20\x82\xff</sheetData></worksheet>";

typedef struct {
  GBytes     *bytes;
  const char *message;   /* the whole GError message expected */
} Refused;

static void
read_workbook (gconstpointer data)
{
  const Refused *refused = data;
  gsize len;
  const char *text = g_bytes_get_data (refused->bytes, &len);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new_full (text, len, NULL, -1, &error);

  g_assert_null (sheet);
  g_assert_nonnull (error);
  g_assert_cmpstr (error->message, ==, refused->message);
}

/* Reads @refused with stderr captured: nothing may be printed. */
static void
assert_refused_quietly (const Refused *refused)
{
  g_autofree char *printed = stderr_of (read_workbook, refused);

  g_assert_cmpstr (printed, ==, "");
}

/* The bytes at fault are on line 2 of each part; libxml2 converts ahead
 * of its parser, so no line is given rather than line 1. */
static void
test_workbook (void)
{
  const char *names[] = { "Quotes" };
  const char *sheets[] = { bad_shift_jis };
  const char *ods_content =
    "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n"
    "<office:document-content xmlns:office=\"urn:oasis:names:tc:opendocument:xmlns:office:1.0\">"
    "\x81\x20\x82\xff</office:document-content>";
  const CpTestPart ods_parts[] = {
    { "mimetype", "application/vnd.oasis.opendocument.spreadsheet", 0 },
    { "content.xml", ods_content, 0 },
  };
  g_autoptr(GBytes) xlsx = cp_test_xlsx (names, sheets, 1, NULL, NULL, NULL, CP_TEST_ZIP_DEFLATED);
  g_autoptr(GBytes) ods = cp_test_zip (ods_parts, G_N_ELEMENTS (ods_parts), CP_TEST_ZIP_STORED);
  const Refused refused_xlsx = {
    xlsx, "the file is not a workbook that can be read (sheet1.xml, the text is not in the "
          "encoding it declares); save it again as .xlsx, .ods or CSV" };
  const Refused refused_ods = {
    ods, "the file is not a workbook that can be read (content.xml, the text is not in the "
         "encoding it declares); save it again as .xlsx, .ods or CSV" };

  assert_refused_quietly (&refused_xlsx);
  assert_refused_quietly (&refused_ods);
}

/* The bytes at fault are the part's last two (a Shift_JIS lead byte, a
 * space): libxml2's message quoted them and the two bytes of its buffer
 * after them, whatever they held. */
static void
test_workbook_fault_at_end (void)
{
  const char *names[] = { "Quotes" };
  const char *sheets[] = {
    "<?xml version=\"1.0\" encoding=\"Shift_JIS\"?>\n"
    "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>\x81\x20"
  };
  g_autoptr(GBytes) xlsx = cp_test_xlsx (names, sheets, 1, NULL, NULL, NULL, CP_TEST_ZIP_STORED);
  const Refused refused = {
    xlsx, "the file is not a workbook that can be read (sheet1.xml, the text is not in the "
          "encoding it declares); save it again as .xlsx, .ods or CSV" };

  assert_refused_quietly (&refused);
}

/* A workbook relationship without its Id, Type or Target: libgsf warned
 * "Broken relation: missing …" on stderr and dropped it. Line 2: the
 * relationships part is its XML declaration, then one line. */
static void
test_workbook_broken_relation (void)
{
  static const char *const broken[] = {
    "<Relationship Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/theme\" "
    "Target=\"theme/theme1.xml\"/>",
    "<Relationship Id=\"rId90\" Target=\"theme/theme1.xml\"/>",
    "<Relationship Id=\"rId91\" "
    "Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/theme\"/>",
  };
  const char *names[] = { "Quotes" };
  const char *sheets[] = {
    "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>"
    "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>gpu</t></is></c></row></sheetData></worksheet>"
  };

  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    {
      g_autoptr(GBytes) xlsx = cp_test_xlsx (names, sheets, 1, NULL, NULL, broken[i], CP_TEST_ZIP_DEFLATED);
      const Refused refused = {
        xlsx, "the file is not a workbook that can be read (workbook.xml.rels, line 2: a relationship "
              "without its Id, Type or Target); save it again as .xlsx, .ods or CSV" };

      assert_refused_quietly (&refused);
    }
}

/* The command-line tool refusing the workbook in Chinese says only the
 * command, the file's name and the app's own words: no usage placeholder
 * such as "PROJECT FILE" (walk43 F4). */
static void
test_workbook_chinese (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("cp-xml-stderr-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "bad.xlsx", NULL);
  const char *names[] = { "Quotes" };
  const char *sheets[] = { bad_shift_jis };
  g_autoptr(GBytes) xlsx = cp_test_xlsx (names, sheets, 1, NULL, NULL, NULL, CP_TEST_ZIP_DEFLATED);
  g_auto(CpTestRun) created = { 0 };
  g_auto(CpTestRun) run = { 0 };

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (xlsx, NULL), (gssize) g_bytes_get_size (xlsx), NULL));
  CP_TEST_RUN_CLI (&created, dir, "new", "p.cplan");
  g_assert_cmpint (created.status, ==, 0);
  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  CP_TEST_RUN_CLI (&run, dir, "import-quotes", "p.cplan", "bad.xlsx", "--dry-run");
  g_unsetenv ("LANGUAGE");
  g_assert_cmpint (run.status, ==, 1);
  g_assert_cmpstr (run.err, ==, "compute-planner-cli import-quotes: bad.xlsx: "
                                "该文件不是可读取的工作簿（sheet1.xml，文本与其声明的编码不符）；"
                                "请另存为 .xlsx、.ods 或 CSV\n");
  cp_test_remove_tree (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/xml-stderr/report", test_report_xml);
  g_test_add_func ("/xml-stderr/workbook", test_workbook);
  g_test_add_func ("/xml-stderr/workbook-fault-at-end", test_workbook_fault_at_end);
  g_test_add_func ("/xml-stderr/workbook-broken-relation", test_workbook_broken_relation);
  g_test_add_func ("/xml-stderr/workbook-chinese", test_workbook_chinese);
  return g_test_run ();
}

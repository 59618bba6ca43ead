/* test-xml-stderr.c: libxml2 printed "encoding error : input conversion
 * failed …", "I/O error : encoder error" and "xmlParseChunk: encoder
 * error" on stderr for a report or a workbook part whose bytes do not
 * convert from the encoding it declares (issue 24). Each file here is
 * refused with the converter's words in the GError, and stderr stays
 * empty. */

#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "report/cp-report.h"
#include "store/cp-quote-csv.h"

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

static void
read_workbook (gconstpointer data)
{
  GBytes *bytes = (GBytes *) data;
  gsize len;
  const char *text = g_bytes_get_data (bytes, &len);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new_full (text, len, NULL, -1, &error);

  g_assert_null (sheet);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "input conversion failed"));
}

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
  g_autofree char *xlsx_printed = stderr_of (read_workbook, xlsx);
  g_autofree char *ods_printed = stderr_of (read_workbook, ods);

  g_assert_cmpstr (xlsx_printed, ==, "");
  g_assert_cmpstr (ods_printed, ==, "");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/xml-stderr/report", test_report_xml);
  g_test_add_func ("/xml-stderr/workbook", test_workbook);
  return g_test_run ();
}

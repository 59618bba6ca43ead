/* test-workbook.c: .xlsx and .ods sheets read as rows of text, and
 * hostile workbooks refused before they cost anything.
 *
 * Every workbook is written here (tests/common/cp-test-workbook.c), once
 * by libgsf's zip writer (deflated parts) and once by a zip written by
 * hand (stored parts), so the reader is tried on two writers' output.
 */

#include "config.h"

#include <string.h>

#include "common/cp-test-workbook.h"
#include "store/cp-demo.h"
#include "store/cp-quote-csv.h"
#include "store/cp-workbook.h"

#define XLSX_MAIN "xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\""
#define XML_HEAD "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"

static const CpTestZip writers[] = { CP_TEST_ZIP_DEFLATED, CP_TEST_ZIP_STORED };

/* Asserts that @rows are @expected: "row|cell|cell…" per row. */
static void
assert_rows (GPtrArray *rows, const char *const *expected)
{
  guint n = g_strv_length ((char **) expected);

  for (guint i = 0; i < MIN (rows->len, n); i++)
    {
      const CpWorkbookRow *row = g_ptr_array_index (rows, i);
      g_autoptr(GString) got = g_string_new (NULL);

      g_string_append_printf (got, "%u", row->row);
      for (guint c = 0; c < row->cells->len; c++)
        g_string_append_printf (got, "|%s", (const char *) g_ptr_array_index (row->cells, c));
      g_assert_cmpstr (got->str, ==, expected[i]);
    }
  g_assert_cmpuint (rows->len, ==, n);
}

static GPtrArray *
read_only_sheet (GBytes *bytes, guint sheet)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpWorkbook) wb = cp_workbook_new (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  GPtrArray *rows;

  g_assert_no_error (error);
  rows = cp_workbook_read_sheet (wb, sheet, &error);
  g_assert_no_error (error);
  return rows;
}

/* Refused with @domain/@code, the message naming @words. */
static void
assert_refused (GBytes *bytes, int code, const char *words)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpWorkbook) wb = cp_workbook_new (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  g_autoptr(GPtrArray) rows = NULL;

  if (wb != NULL)
    {
      for (guint s = 0; s < cp_workbook_get_n_sheets (wb) && error == NULL; s++)
        {
          g_clear_pointer (&rows, g_ptr_array_unref);
          rows = cp_workbook_read_sheet (wb, s, &error);
        }
    }
  g_assert_error (error, CP_WORKBOOK_ERROR, code);
  g_assert_null (rows);
  if (strstr (error->message, words) == NULL)
    g_error ("“%s” does not say “%s”", error->message, words);
}

static const char xlsx_shared[] =
  XML_HEAD "<sst " XLSX_MAIN " count=\"8\" uniqueCount=\"7\">"
  "<si><t>某云 GPU 报价单 2026Q4</t></si>"
  "<si><t>报价有效期至 2027-06-30</t></si>"
  "<si><r><rPr><b/></rPr><t>厂商</t></r></si>"
  "<si><t>甲云</t></si>"
  /* Rich text in two runs, and a phonetic guide that shows no text. */
  "<si><r><t>H800 </t></r><r><rPr><i/></rPr><t>SXM5 80G</t></r><rPh sb=\"0\" eb=\"1\"><t>エイチ</t></rPh></si>"
  "<si><t>8</t></si>"
  "<si><t xml:space=\"preserve\">注：价格含税 </t></si>"
  "</sst>";

static const char xlsx_styles[] =
  XML_HEAD "<styleSheet " XLSX_MAIN "><numFmts count=\"1\">"
  "<numFmt numFmtId=\"176\" formatCode=\"yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;\"/></numFmts>"
  "<cellXfs count=\"4\"><xf numFmtId=\"0\"/><xf numFmtId=\"14\"/><xf numFmtId=\"176\"/><xf numFmtId=\"2\"/>"
  "</cellXfs></styleSheet>";

static const char xlsx_sheet[] =
  XML_HEAD "<worksheet " XLSX_MAIN "><dimension ref=\"A1:G7\"/><sheetData>"
  "<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c><c r=\"B1\"/><c r=\"C1\"/></row>"
  "<row r=\"2\"><c r=\"A2\" t=\"s\"><v>1</v></c></row>"
  "<row r=\"3\"><c r=\"A3\" t=\"s\"><v>2</v></c>"
  "<c r=\"B3\" t=\"inlineStr\"><is><t>机型</t></is></c>"
  "<c r=\"C3\" t=\"inlineStr\"><is><t>卡数</t></is></c>"
  "<c r=\"D3\" t=\"inlineStr\"><is><t>单价</t></is></c>"
  "<c r=\"E3\" t=\"inlineStr\"><is><t>计费单位</t></is></c>"
  "<c r=\"F3\" t=\"inlineStr\"><is><t>有效期</t></is></c>"
  "<c r=\"G3\" t=\"inlineStr\"><is><t>系数</t></is></c></row>"
  /* Numbers as numbers: a count, a price with a 0.00 format, a date by a
   * built-in format, a sum that a double cannot hold exactly. */
  "<row r=\"4\"><c r=\"A4\" t=\"s\"><v>3</v></c><c r=\"B4\" t=\"s\"><v>4</v></c>"
  "<c r=\"C4\"><v>8</v></c><c r=\"D4\" s=\"3\"><v>12.5</v></c>"
  "<c r=\"E4\" t=\"inlineStr\"><is><t>元/卡/时</t></is></c>"
  "<c r=\"F4\" s=\"1\"><v>46568</v></c><c r=\"G4\"><v>0.30000000000000004</v></c></row>"
  /* Numbers as text, a unit in the price, a date by a custom format; A5
   * is covered by the merge A4:A5; no r on the cells after B5. */
  "<row r=\"5\"><c r=\"A5\"/><c r=\"B5\" t=\"inlineStr\"><is><t>RTX4090 24G</t></is></c>"
  "<c t=\"s\"><v>5</v></c><c t=\"str\"><v>2352元/台/天</v></c><c/><c s=\"2\"><v>46568</v></c>"
  "<c><v>1E5</v></c></row>"
  "<row r=\"6\"><c r=\"A6\" t=\"inlineStr\"><is><t> </t></is></c></row>"
  "<row r=\"7\"><c r=\"A7\" t=\"s\"><v>6</v></c></row>"
  "</sheetData><mergeCells count=\"2\"><mergeCell ref=\"A1:G1\"/><mergeCell ref=\"A4:A5\"/></mergeCells>"
  "</worksheet>";

static void
test_xlsx_cells (void)
{
  const char *const expected[] = {
    "1|某云 GPU 报价单 2026Q4",
    "2|报价有效期至 2027-06-30",
    "3|厂商|机型|卡数|单价|计费单位|有效期|系数",
    "4|甲云|H800 SXM5 80G|8|12.5|元/卡/时|2027-06-30|0.3",
    "5|甲云|RTX4090 24G|8|2352元/台/天||2027-06-30|100000",
    "7|注：价格含税 ",
    NULL,
  };
  const char *names[] = { "报价" };
  const char *sheets[] = { xlsx_sheet };

  for (guint w = 0; w < G_N_ELEMENTS (writers); w++)
    {
      g_autoptr(GBytes) bytes = cp_test_xlsx (names, sheets, 1, xlsx_shared, xlsx_styles, NULL, writers[w]);
      g_autoptr(GPtrArray) rows = read_only_sheet (bytes, 0);

      assert_rows (rows, expected);
    }
}

static void
test_xlsx_sheets (void)
{
  const char *names[] = { "说明", "报价 Q4", "3" };
  const char *sheets[] = {
    XML_HEAD "<worksheet " XLSX_MAIN "><sheetData><row r=\"2\"><c r=\"B2\" t=\"inlineStr\"><is><t>见第二页</t></is></c>"
    "</row></sheetData></worksheet>",
    XML_HEAD "<worksheet " XLSX_MAIN "><sheetData><row r=\"1\"><c r=\"A1\"><v>42</v></c></row></sheetData></worksheet>",
    XML_HEAD "<worksheet " XLSX_MAIN "><sheetData/></worksheet>",
  };
  g_autoptr(GBytes) bytes = cp_test_xlsx (names, sheets, 3, NULL, NULL, NULL, CP_TEST_ZIP_DEFLATED);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpWorkbook) wb = cp_workbook_new (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  g_autoptr(GPtrArray) first = NULL;
  g_autoptr(GPtrArray) second = NULL;
  g_autoptr(GPtrArray) empty = NULL;
  const char *const first_rows[] = { "2||见第二页", NULL };
  const char *const second_rows[] = { "1|42", NULL };
  const char *const no_rows[] = { NULL };

  g_assert_no_error (error);
  g_assert_cmpuint (cp_workbook_get_n_sheets (wb), ==, 3);
  g_assert_cmpstr (cp_workbook_get_sheet_name (wb, 1), ==, "报价 Q4");
  g_assert_cmpint (cp_workbook_find_sheet (wb, "报价 Q4"), ==, 1);
  g_assert_cmpint (cp_workbook_find_sheet (wb, "2"), ==, 1);
  /* A sheet named "3" is found by its name before a number is tried. */
  g_assert_cmpint (cp_workbook_find_sheet (wb, "3"), ==, 2);
  g_assert_cmpint (cp_workbook_find_sheet (wb, "4"), ==, -1);
  g_assert_cmpint (cp_workbook_find_sheet (wb, "报价"), ==, -1);

  second = cp_workbook_read_sheet (wb, 1, &error);
  g_assert_no_error (error);
  assert_rows (second, second_rows);
  first = cp_workbook_read_sheet (wb, 0, &error);
  g_assert_no_error (error);
  assert_rows (first, first_rows);
  empty = cp_workbook_read_sheet (wb, 2, &error);
  g_assert_no_error (error);
  assert_rows (empty, no_rows);
  g_assert_null (cp_workbook_read_sheet (wb, 3, &error));
  g_assert_error (error, CP_WORKBOOK_ERROR, CP_WORKBOOK_ERROR_NO_SHEET);
}

static const char ods_tables[] =
  "<table:table table:name=\"报价\">"
  "<table:table-column table:number-columns-repeated=\"6\"/>"
  "<table:table-row><table:table-cell office:value-type=\"string\" table:number-columns-spanned=\"6\">"
  "<text:p>乙云 GPU 报价</text:p></table:table-cell>"
  "<table:covered-table-cell table:number-columns-repeated=\"5\"/></table:table-row>"
  "<table:table-row><table:table-cell><text:p>有效期至 <text:span>2027-06-30</text:span></text:p>"
  "</table:table-cell></table:table-row>"
  "<table:table-row><table:table-cell><text:p>供应商</text:p></table:table-cell>"
  "<table:table-cell><text:p>GPU</text:p></table:table-cell><table:table-cell><text:p>卡</text:p></table:table-cell>"
  "<table:table-cell><text:p>价格</text:p></table:table-cell><table:table-cell><text:p>单位</text:p></table:table-cell>"
  "<table:table-cell><text:p>有效</text:p></table:table-cell></table:table-row>"
  "<table:table-row><table:table-cell table:number-rows-spanned=\"2\"><text:p>乙云</text:p></table:table-cell>"
  "<table:table-cell office:value-type=\"string\"><text:p>A800 80G</text:p></table:table-cell>"
  "<table:table-cell office:value-type=\"float\" office:value=\"8\"><text:p>8.00</text:p></table:table-cell>"
  "<table:table-cell office:value-type=\"currency\" office:currency=\"CNY\" office:value=\"9.5\">"
  "<text:p>¥9.50</text:p></table:table-cell>"
  "<table:table-cell><text:p>元/卡/时</text:p></table:table-cell>"
  "<table:table-cell office:value-type=\"date\" office:date-value=\"2027-06-30\"><text:p>30/06/27</text:p>"
  "</table:table-cell></table:table-row>"
  "<table:table-row><table:covered-table-cell/>"
  "<table:table-cell><office:annotation><dc:creator>销售</dc:creator><text:p>请核对</text:p></office:annotation>"
  "<text:p>昇腾910B</text:p></table:table-cell>"
  "<table:table-cell office:value-type=\"string\"><text:p>16</text:p></table:table-cell>"
  "<table:table-cell><text:p>1.2万元/台/月</text:p></table:table-cell>"
  "<table:table-cell table:number-columns-repeated=\"2\"/></table:table-row>"
  "<table:table-row table:number-rows-repeated=\"3\"><table:table-cell table:number-columns-repeated=\"6\"/></table:table-row>"
  "<table:table-row><table:table-cell><text:p>注：<text:s text:c=\"2\"/>含税</text:p><text:p>次行</text:p>"
  "</table:table-cell></table:table-row>"
  "<table:table-row table:number-rows-repeated=\"1048566\"><table:table-cell table:number-columns-repeated=\"1024\"/>"
  "</table:table-row></table:table>"
  "<table:table table:name=\"第二页\"><table:table-row table:number-rows-repeated=\"2\">"
  "<table:table-cell table:number-columns-repeated=\"2\" office:value-type=\"percentage\" office:value=\"0.5\">"
  "<text:p>50%</text:p></table:table-cell></table:table-row></table:table>";

static void
test_ods_cells (void)
{
  const char *const expected[] = {
    "1|乙云 GPU 报价",
    "2|有效期至 2027-06-30",
    "3|供应商|GPU|卡|价格|单位|有效",
    "4|乙云|A800 80G|8|9.5 CNY|元/卡/时|2027-06-30",
    "5|乙云|昇腾910B|16|1.2万元/台/月",
    "9|注：  含税\n次行",
    NULL,
  };
  const char *const second[] = { "1|50%|50%", "2|50%|50%", NULL };

  for (guint w = 0; w < G_N_ELEMENTS (writers); w++)
    {
      g_autoptr(GBytes) bytes = cp_test_ods (ods_tables, writers[w]);
      g_autoptr(GPtrArray) rows = read_only_sheet (bytes, 0);
      g_autoptr(GPtrArray) rows2 = read_only_sheet (bytes, 1);

      assert_rows (rows, expected);
      assert_rows (rows2, second);
    }
}

/* ---- Hostile workbooks ---- */

static GBytes *
xlsx_one_sheet (const char *sheet, const char *shared, const char *extra_relationships)
{
  const char *names[] = { "Sheet1" };
  const char *sheets[] = { sheet };

  return cp_test_xlsx (names, sheets, 1, shared, NULL, extra_relationships, CP_TEST_ZIP_DEFLATED);
}

static void
test_zip_bomb (void)
{
  /* 5 MiB of one byte packs into a few kB: a thousand times, as bombs do. */
  gsize len = 5 * 1024 * 1024;
  g_autofree char *zeros = g_malloc (len);
  g_autoptr(GBytes) bomb = NULL;
  g_autoptr(GBytes) huge = NULL;

  memset (zeros, ' ', len);
  {
    CpTestPart parts[] = { { "xl/worksheets/sheet1.xml", zeros, len } };
    bomb = cp_test_zip (parts, 1, CP_TEST_ZIP_DEFLATED);
  }
  g_assert_cmpuint (g_bytes_get_size (bomb), <, len / CP_WORKBOOK_MAX_PACK_RATIO);
  assert_refused (bomb, CP_WORKBOOK_ERROR_TOO_LARGE, "zip bomb");

  /* Past the part limit, whatever the packing. */
  zeros = g_realloc (zeros, CP_WORKBOOK_MAX_PART_BYTES + 1);
  memset (zeros, ' ', CP_WORKBOOK_MAX_PART_BYTES + 1);
  {
    CpTestPart parts[] = { { "content.xml", zeros, CP_WORKBOOK_MAX_PART_BYTES + 1 } };
    huge = cp_test_zip (parts, 1, CP_TEST_ZIP_DEFLATED);
  }
  assert_refused (huge, CP_WORKBOOK_ERROR_TOO_LARGE, "more than 64 MiB");
}

static void
test_deep_xml (void)
{
  g_autoptr(GString) sheet = g_string_new (XML_HEAD "<worksheet " XLSX_MAIN "><sheetData><row r=\"1\">"
                                           "<c r=\"A1\" t=\"inlineStr\"><is>");
  g_autoptr(GBytes) bytes = NULL;

  for (int i = 0; i < 40; i++)
    g_string_append (sheet, "<r>");
  for (int i = 0; i < 40; i++)
    g_string_append (sheet, "</r>");
  g_string_append (sheet, "</is></c></row></sheetData></worksheet>");
  bytes = xlsx_one_sheet (sheet->str, NULL, NULL);
  assert_refused (bytes, CP_WORKBOOK_ERROR_TOO_LARGE, "nests its XML more than 32 deep");
}

static void
test_entities (void)
{
  g_autoptr(GBytes) bytes = xlsx_one_sheet (
      "<?xml version=\"1.0\"?><!DOCTYPE w [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;\">]>"
      "<worksheet " XLSX_MAIN "><sheetData><row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>&b;</t></is></c>"
      "</row></sheetData></worksheet>", NULL, NULL);

  assert_refused (bytes, CP_WORKBOOK_ERROR_FORMAT, "document type");
}

static void
test_huge_shared_strings (void)
{
  g_autoptr(GString) strings = g_string_new (XML_HEAD "<sst " XLSX_MAIN ">");
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GBytes) declared = NULL;

  /* Distinct texts, so the part packs as text does, not as a bomb. */
  for (guint i = 0; i <= CP_WORKBOOK_MAX_SHARED_STRINGS; i++)
    g_string_append_printf (strings, "<si><t>%x</t></si>", g_str_hash (&i) ^ (i * 2654435761u));
  g_string_append (strings, "</sst>");
  bytes = xlsx_one_sheet (XML_HEAD "<worksheet " XLSX_MAIN "><sheetData/></worksheet>", strings->str, NULL);
  assert_refused (bytes, CP_WORKBOOK_ERROR_TOO_LARGE, "more than 250000 different texts");

  /* Refused on what the table declares, before reading one. */
  declared = xlsx_one_sheet (XML_HEAD "<worksheet " XLSX_MAIN "><sheetData/></worksheet>",
                             XML_HEAD "<sst " XLSX_MAIN " uniqueCount=\"4000000000\"><si><t>a</t></si></sst>",
                             NULL);
  assert_refused (declared, CP_WORKBOOK_ERROR_TOO_LARGE, "different texts");
}

static void
test_formulas (void)
{
  g_autoptr(GBytes) xlsx = xlsx_one_sheet (
      XML_HEAD "<worksheet " XLSX_MAIN "><sheetData><row r=\"3\"><c r=\"A3\"><v>2</v></c><c r=\"B3\"><v>3</v></c>"
      "<c r=\"C3\"><f>A3*B3</f><v>6</v></c></row></sheetData></worksheet>", NULL, NULL);
  g_autoptr(GBytes) ods = cp_test_ods (
      "<table:table table:name=\"报价\"><table:table-row><table:table-cell/>"
      "<table:table-cell table:formula=\"of:=[.A1]*2\" office:value-type=\"float\" office:value=\"0\">"
      "<text:p>0</text:p></table:table-cell></table:table-row></table:table>", CP_TEST_ZIP_STORED);

  assert_refused (xlsx, CP_WORKBOOK_ERROR_FORMULA, "cell C3 holds a formula");
  assert_refused (ods, CP_WORKBOOK_ERROR_FORMULA, "sheet “报价”, cell B1 holds a formula");
}

static void
test_external_links (void)
{
  g_autoptr(GBytes) xlsx = xlsx_one_sheet (
      XML_HEAD "<worksheet " XLSX_MAIN "><sheetData/></worksheet>", NULL,
      "<Relationship Id=\"rIdX\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/externalLink\" "
      "Target=\"externalLinks/externalLink1.xml\"/>");
  g_autoptr(GBytes) ods = cp_test_ods (
      "<table:table table:name=\"报价\"><table:table-source xlink:href=\"file:///srv/prices.ods\" "
      "table:table-name=\"Sheet1\"/><table:table-row><table:table-cell><text:p>1</text:p></table:table-cell>"
      "</table:table-row></table:table>", CP_TEST_ZIP_DEFLATED);

  assert_refused (xlsx, CP_WORKBOOK_ERROR_LINK, "externalLinks/externalLink1.xml");
  assert_refused (ods, CP_WORKBOOK_ERROR_LINK, "file:///srv/prices.ods");
}

static void
test_not_a_workbook (void)
{
  g_autoptr(GBytes) csv = g_bytes_new_static ("gpu,price\nA800,9\n", 18);
  g_autoptr(GBytes) broken = g_bytes_new_static ("PK\x03\x04 and then nothing", 22);
  g_autoptr(GBytes) no_sheet = NULL;
  CpTestPart parts[] = { { "readme.txt", "a zip, not a workbook", 0 } };

  no_sheet = cp_test_zip (parts, 1, CP_TEST_ZIP_STORED);
  assert_refused (csv, CP_WORKBOOK_ERROR_FORMAT, "not a zip container");
  assert_refused (broken, CP_WORKBOOK_ERROR_FORMAT, "save it again as .xlsx, .ods or CSV");
  assert_refused (no_sheet, CP_WORKBOOK_ERROR_FORMAT, "no workbook part");
}

static void
test_too_many_rows_and_columns (void)
{
  g_autoptr(GBytes) rows = cp_test_ods (
      "<table:table table:name=\"T\"><table:table-row table:number-rows-repeated=\"20000\">"
      "<table:table-cell><text:p>x</text:p></table:table-cell></table:table-row></table:table>",
      CP_TEST_ZIP_DEFLATED);
  g_autoptr(GBytes) columns = cp_test_ods (
      "<table:table table:name=\"T\"><table:table-row>"
      "<table:table-cell table:number-columns-repeated=\"5000\"><text:p>x</text:p></table:table-cell>"
      "</table:table-row></table:table>", CP_TEST_ZIP_DEFLATED);
  g_autoptr(GBytes) far = xlsx_one_sheet (
      XML_HEAD "<worksheet " XLSX_MAIN "><sheetData><row r=\"1\"><c r=\"ZZZ1\"><v>1</v></c></row>"
      "</sheetData></worksheet>", NULL, NULL);

  assert_refused (rows, CP_WORKBOOK_ERROR_TOO_LARGE, "more than 10100 rows");
  assert_refused (columns, CP_WORKBOOK_ERROR_TOO_LARGE, "past column 1000");
  assert_refused (far, CP_WORKBOOK_ERROR_TOO_LARGE, "cell ZZZ1");
}

/* A row an .ods repeats is refused at the limit its copies pass first,
 * whichever it is, as if each copy were made. */
static GBytes *
ods_repeated_row (guint repeat, guint columns, const char *text)
{
  g_autofree char *table = g_strdup_printf (
      "<table:table table:name=\"T\"><table:table-row table:number-rows-repeated=\"%u\">"
      "<table:table-cell table:number-columns-repeated=\"%u\"><text:p>%s</text:p></table:table-cell>"
      "</table:table-row></table:table>", repeat, columns, text);

  return cp_test_ods (table, CP_TEST_ZIP_DEFLATED);
}

static void
test_repeated_row_limits (void)
{
  g_autofree char *kilobyte = g_strnfill (1000, 'x');
  g_autoptr(GBytes) rows_fit = ods_repeated_row (10100, 1, "x");
  g_autoptr(GBytes) rows_over = ods_repeated_row (10101, 1, "x");
  /* 200 cells a row: 1,000,000 cells are passed near the 5,000th row,
   * long before the 10,100th. */
  g_autoptr(GBytes) cells = ods_repeated_row (10000, 200, "x");
  /* 1,000 bytes a row: 8 MiB (8,388,608 bytes) are passed near the
   * 8,389th row, before the 10,100th. */
  g_autoptr(GBytes) text = ods_repeated_row (10000, 1, kilobyte);
  g_autoptr(GPtrArray) kept = read_only_sheet (rows_fit, 0);

  g_assert_cmpuint (kept->len, ==, 10100);
  g_assert_cmpuint (((CpWorkbookRow *) g_ptr_array_index (kept, 10099))->row, ==, 10100);
  assert_refused (rows_over, CP_WORKBOOK_ERROR_TOO_LARGE, "more than 10100 rows");
  assert_refused (cells, CP_WORKBOOK_ERROR_TOO_LARGE, "more than 1000000 cells");
  assert_refused (text, CP_WORKBOOK_ERROR_TOO_LARGE, "more than 8 MiB of text");
}

/* ---- Through the importer ---- */

/* The demo's quotes exported as CSV, put in a workbook cell for cell
 * (numbers as numbers) by each writer, import as the same quotes. */
static void
test_round_trip (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) demo = cp_demo_project_new (&error);
  g_autoptr(GPtrArray) rows = NULL;
  g_autoptr(CpQuoteCsvResult) from_csv = NULL;
  g_autofree char *csv = NULL;
  gsize len = 0;

  g_assert_no_error (error);
  csv = cp_quote_csv_write (demo->quotes, &len);
  from_csv = cp_quote_csv_read (csv, len, demo, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (from_csv->quotes->len, ==, demo->quotes->len);
  rows = cp_test_rows_from_csv (csv, len);

  for (guint w = 0; w < G_N_ELEMENTS (writers); w++)
    for (guint format = 0; format < 2; format++)
      {
        g_autoptr(GBytes) bytes = format == 0 ? cp_test_xlsx_from_rows (rows, writers[w])
                                              : cp_test_ods_from_rows (rows, writers[w]);
        g_autoptr(CpQuoteCsvResult) back = cp_quote_csv_read (g_bytes_get_data (bytes, NULL),
                                                              g_bytes_get_size (bytes), demo, &error);
        g_autofree char *again = NULL;
        gsize again_len = 0;

        g_assert_no_error (error);
        g_assert_cmpuint (back->errors->len, ==, 0);
        g_assert_cmpuint (back->quotes->len, ==, demo->quotes->len);
        /* Written out again, byte for byte the CSV the demo gave. */
        again = cp_quote_csv_write (back->quotes, &again_len);
        g_assert_cmpstr (again, ==, csv);
        for (guint q = 0; q < back->quotes->len; q++)
          {
            const CpQuote *a = g_ptr_array_index (demo->quotes, q);
            const CpQuote *b = g_ptr_array_index (back->quotes, q);
            g_assert_cmpstr (a->gpu.id, ==, b->gpu.id);
            g_assert_cmpfloat (a->price, ==, b->price);
            g_assert_cmpuint (a->gpus_per_node, ==, b->gpus_per_node);
          }
      }
}

#define IS(ref, text) "<c r=\"" ref "\" t=\"inlineStr\"><is><t>" text "</t></is></c>"
#define NUM(ref, value) "<c r=\"" ref "\"><v>" value "</v></c>"

/* A vendor's workbook as Excel saves it: a merged title, a validity label
 * beside a date cell (46387 is 2026-12-31), a header of two rows with the
 * plain headers merged down both and 单价 merged across 元/卡/时 |
 * 元/台/月, prices as numbers. Each row is a quote at its column's unit. */
static void
test_xlsx_vendor_layout (void)
{
  static const char sheet_xml[] =
    XML_HEAD "<worksheet " XLSX_MAIN "><sheetData>"
    "<row r=\"1\">" IS ("A1", "华南智算 GPU 租赁报价") "</row>"
    "<row r=\"2\">" IS ("A2", "报价有效期") "<c r=\"B2\" s=\"1\"><v>46387</v></c></row>"
    "<row r=\"3\">" IS ("A3", "序号") IS ("B3", "机型") IS ("C3", "卡数") IS ("D3", "台数") IS ("E3", "单价")
    IS ("G3", "备注") "</row>"
    "<row r=\"4\">" IS ("E4", "元/卡/时") IS ("F4", "元/台/月") "</row>"
    "<row r=\"5\">" NUM ("A5", "1") IS ("B5", "H800 80G") NUM ("C5", "8") NUM ("D5", "2") NUM ("F5", "68000") "</row>"
    "<row r=\"6\">" NUM ("A6", "2") IS ("B6", "A800 80G") NUM ("C6", "8") NUM ("D6", "1") NUM ("E6", "12.5") "</row>"
    "</sheetData><mergeCells count=\"7\"><mergeCell ref=\"A1:G1\"/><mergeCell ref=\"B2:G2\"/>"
    "<mergeCell ref=\"A3:A4\"/><mergeCell ref=\"B3:B4\"/><mergeCell ref=\"C3:C4\"/><mergeCell ref=\"D3:D4\"/>"
    "<mergeCell ref=\"E3:F3\"/></mergeCells></worksheet>";
  const char *names[] = { "GPU报价" };
  const char *sheets[] = { sheet_xml };
  g_autoptr(GBytes) bytes = cp_test_xlsx (names, sheets, 1, NULL, xlsx_styles, NULL, CP_TEST_ZIP_DEFLATED);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                                      NULL, &error);
  g_autoptr(CpQuoteCsvResult) r = NULL;
  const CpQuote *h800, *a800;

  g_assert_no_error (error);
  g_assert_cmpstr (cp_quote_sheet_get_vendor (sheet), ==, "华南智算");
  r = cp_quote_sheet_read (sheet, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->errors->len, ==, 0);
  g_assert_cmpuint (r->quotes->len, ==, 2);
  h800 = g_ptr_array_index (r->quotes, 0);
  a800 = g_ptr_array_index (r->quotes, 1);
  g_assert_null (h800->id);
  g_assert_cmpstr (h800->gpu.id, ==, "h800");
  g_assert_cmpuint (h800->gpus_per_node, ==, 8);
  g_assert_cmpuint (h800->nodes_available, ==, 2);
  g_assert_cmpint (h800->price_unit, ==, CP_PRICE_PER_NODE_MONTH);
  g_assert_cmpfloat (h800->price, ==, 68000);
  g_assert_cmpint (a800->price_unit, ==, CP_PRICE_PER_GPU_HOUR);
  g_assert_cmpfloat (a800->price, ==, 12.5);
  g_assert_cmpstr (h800->valid_until, ==, "2026-12-31");
  g_assert_cmpstr (a800->valid_until, ==, "2026-12-31");
}

/* An .xlsx of @n_rows × @n_columns cells, read as a quote sheet. */
static CpQuoteSheet *
sheet_from_table (const char *const *table, guint n_rows, guint n_columns, GError **error)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr(GBytes) bytes = NULL;

  for (guint r = 0; r < n_rows; r++)
    {
      char **cells = g_new0 (char *, n_columns + 1);
      for (guint c = 0; c < n_columns; c++)
        cells[c] = g_strdup (table[r * n_columns + c]);
      g_ptr_array_add (rows, cells);
    }
  bytes = cp_test_xlsx_from_rows (rows, CP_TEST_ZIP_DEFLATED);
  return cp_quote_sheet_new (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL, error);
}

/* Every header an unknown word: the header row is found under the title
 * and the validity note, and each column by what its cells hold. */
static void
test_guess_by_content (void)
{
  static const char *const table[][7] = {
    { "华东节点 2026 年 12 月报价", "", "", "", "", "", "" },
    { "报价有效期至 2027-03-31", "", "", "", "", "", "" },
    { "资源", "规模", "开销", "接入", "方式", "盘", "其他" },
    { "H800 SXM5 80G", "8卡", "2352元/台/天", "IB NDR 400G×8", "独享", "并行文件系统", "含税" },
    { "RTX4090 24G", "8", "1.2万元/台/月", "RoCE 2×100G", "共享", "NAS", "" },
    { "昇腾910B", "8卡", "9.5 元/卡/时", "无", "独享", "本地NVMe", "" },
    { "A800 80G", "8", "68,000 元/台/月", "RoCE v2 4×200G", "共享 1:4", "", "" },
    { "H20", "8", "6.5元/卡/时", "", "", "NAS", "" },
    { "L20 48G", "8", "5 元/卡/时", "", "", "", "" },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = NULL;
  g_autoptr(CpQuoteCsvResult) result = NULL;
  static const int expected[] = {
    CP_QUOTE_COLUMN_GPU, CP_QUOTE_COLUMN_GPUS_PER_NODE, CP_QUOTE_COLUMN_PRICE, CP_QUOTE_COLUMN_NETWORK,
    CP_QUOTE_COLUMN_SHARING, CP_QUOTE_COLUMN_STORAGE, CP_QUOTE_COLUMN_UNUSED,
  };

  sheet = sheet_from_table (&table[0][0], G_N_ELEMENTS (table), G_N_ELEMENTS (table[0]), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cp_quote_sheet_get_n_columns (sheet), ==, 7);
  g_assert_cmpstr (cp_quote_sheet_get_header (sheet, 0), ==, "资源");
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpint (cp_quote_sheet_get_field (sheet, i), ==, expected[i]);
  g_assert_cmpstr (cp_quote_sheet_get_evidence (sheet, 0), ==, "6 of 6 cells are GPU names");
  g_assert_cmpstr (cp_quote_sheet_get_evidence (sheet, 1), ==, "6 of 6 cells are GPU counts");
  g_assert_cmpstr (cp_quote_sheet_get_evidence (sheet, 2), ==, "6 of 6 cells are prices with a unit or currency");
  g_assert_cmpstr (cp_quote_sheet_get_evidence (sheet, 5), ==, "4 of 4 cells name a storage kind");
  g_assert_null (cp_quote_sheet_get_evidence (sheet, 6));

  result = cp_quote_sheet_read (sheet, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (result->rows->len, ==, 6);
  /* The rows keep the sheet's numbers: the header is row 3. */
  g_assert_cmpuint (((CpQuoteCsvRow *) g_ptr_array_index (result->rows, 0))->line, ==, 4);
  g_assert_cmpuint (result->quotes->len, ==, 6);
  /* 2352 元 a machine-day of 8 cards: 12.25 a GPU-hour. */
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (g_ptr_array_index (result->quotes, 0),
                                                               &cp_quote_sheet_get_settings (sheet)[0]),
                                  2352.0 / 24 / 8, 1e-9);
}

/* Refused only when no column reads as a GPU (or a price), naming the
 * columns tried; nothing is imported. */
static void
test_no_gpu_column (void)
{
  static const char csv[] =
    "名称,数量,费用\n"
    "甲,8,9.5元/卡/时\n"
    "乙,8,6元/卡/时\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteCsvResult) result = cp_quote_csv_read (csv, strlen (csv), NULL, &error);

  g_assert_null (result);
  g_assert_error (error, CP_QUOTE_CSV_ERROR, CP_QUOTE_CSV_ERROR_MISSING_COLUMN);
  /* Every column named, with what it is read as. */
  g_assert_cmpstr (error->message, ==, "the file has no “gpu” column (also read as “gpu型号”), and no "
                   "column’s cells read as one (columns tried: “名称” as Not used, “数量” as Nodes available, "
                   "“费用” as Price)");
}

/* The walkthrough's workbook: a 数量 column beside a price per machine
 * counts machines (it had made "A800, 4 nodes, 68,000 元/台/月" one node
 * of 4 GPUs at twice the price), a model cell says its card count and
 * machine shape ("8卡 H800 80G 单机"), and rows are called rows of the
 * sheet. */
static void
test_machine_count_column (void)
{
  static const char *const table[][5] = {
    { "某云厂商 GPU 算力报价单 (2026年12月)", "", "", "", "" },
    { "机型", "单价", "数量", "计费单位", "网络" },
    { "8卡 H800 80G 单机", "12.5", "1", "元/卡/小时", "RoCE v2 2×100G" },
    { "A800 集群 8卡", "68000", "4", "元/台/月", "InfiniBand 4×200G" },
    { "XYZ-9 单机", "9", "1", "元/卡/小时", "" },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = NULL;
  g_autoptr(CpQuoteCsvResult) result = NULL;
  g_autofree char *place = NULL;
  const CpCsvLineError *e;
  const CpQuote *h800, *a800;

  sheet = sheet_from_table (&table[0][0], G_N_ELEMENTS (table), G_N_ELEMENTS (table[0]), &error);
  g_assert_no_error (error);
  g_assert_cmpint (cp_quote_sheet_get_field (sheet, 0), ==, CP_QUOTE_COLUMN_GPU);
  g_assert_cmpint (cp_quote_sheet_get_field (sheet, 2), ==, CP_QUOTE_COLUMN_NODES);
  g_assert_null (cp_quote_sheet_get_evidence (sheet, 2));   /* named by its header, not guessed */

  result = cp_quote_sheet_read (sheet, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (result->quotes->len, ==, 2);
  h800 = g_ptr_array_index (result->quotes, 0);
  a800 = g_ptr_array_index (result->quotes, 1);
  g_assert_cmpstr (h800->gpu.id, ==, "h800");
  g_assert_cmpuint (h800->gpus_per_node, ==, 8);
  g_assert_cmpuint (h800->nodes_available, ==, 1);
  g_assert_cmpstr (a800->gpu.id, ==, "a800");
  g_assert_cmpuint (a800->gpus_per_node, ==, 8);
  g_assert_cmpuint (a800->nodes_available, ==, 4);
  /* 68,000 a node-month of 8 GPUs over 730 hours: 11.64 a GPU-hour, not 23.29. */
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (a800, cp_quote_sheet_get_settings (sheet)),
                                  68000.0 / 730 / 8, 1e-9);

  /* The unknown GPU on the sheet's row 5, called so. */
  g_assert_cmpuint (result->errors->len, >=, 1);
  for (guint i = 0; i < result->errors->len; i++)
    {
      e = g_ptr_array_index (result->errors, i);
      g_assert_cmpuint (e->line, ==, 5);
      g_assert_true (g_str_has_prefix (e->message, "row 5 of sheet “Sheet1”: "));
    }
  place = cp_quote_sheet_format_place (sheet, 5, TRUE);
  g_assert_cmpstr (place, ==, "Row 5 of sheet “Sheet1”");
}

/* A hostile workbook through the importer: refused, the project as it was. */
static void
test_hostile_imports_nothing (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) demo = cp_demo_project_new (&error);
  g_autoptr(GBytes) formula = xlsx_one_sheet (
      XML_HEAD "<worksheet " XLSX_MAIN "><sheetData><row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>gpu</t></is></c>"
      "<c r=\"B1\" t=\"inlineStr\"><is><t>price</t></is></c></row><row r=\"2\"><c r=\"A2\" t=\"inlineStr\"><is><t>A800</t>"
      "</is></c><c r=\"B2\"><f>1+1</f><v>2</v></c></row></sheetData></worksheet>", NULL, NULL);
  guint before;
  g_autoptr(CpQuoteCsvResult) result = NULL;

  g_assert_no_error (error);
  before = demo->quotes->len;
  result = cp_quote_csv_read (g_bytes_get_data (formula, NULL), g_bytes_get_size (formula), demo, &error);
  g_assert_null (result);
  g_assert_error (error, CP_WORKBOOK_ERROR, CP_WORKBOOK_ERROR_FORMULA);
  g_assert_cmpuint (demo->quotes->len, ==, before);
}

/* A vendor's workbook with a cover sheet first ("说明": contacts and terms
 * on several rows) and the quotes second: the quotes are read without
 * --sheet, their vendor from the quote sheet's own title row. */
static void
test_cover_sheet_first (void)
{
  const char *names[] = { "说明", "报价" };
  const char *sheets[] = {
    XML_HEAD "<worksheet " XLSX_MAIN "><sheetData>"
    "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>联系人</t></is></c><c r=\"B1\" t=\"inlineStr\"><is><t>王经理</t></is></c></row>"
    "<row r=\"2\"><c r=\"A2\" t=\"inlineStr\"><is><t>电话</t></is></c><c r=\"B2\" t=\"inlineStr\"><is><t>0755-8888 0000</t></is></c></row>"
    "<row r=\"3\"><c r=\"A3\" t=\"inlineStr\"><is><t>付款</t></is></c><c r=\"B3\" t=\"inlineStr\"><is><t>月结</t></is></c></row>"
    "</sheetData></worksheet>",
    XML_HEAD "<worksheet " XLSX_MAIN "><sheetData>"
    "<row r=\"1\"><c r=\"A1\" t=\"inlineStr\"><is><t>南山智算 GPU 报价单 2026-11</t></is></c></row>"
    "<row r=\"2\"><c r=\"A2\" t=\"inlineStr\"><is><t>机型</t></is></c><c r=\"B2\" t=\"inlineStr\"><is><t>单价</t></is></c></row>"
    "<row r=\"3\"><c r=\"A3\" t=\"inlineStr\"><is><t>8×H20</t></is></c><c r=\"B3\" t=\"inlineStr\"><is><t>6.5元/卡/时</t></is></c></row>"
    "</sheetData></worksheet>",
  };
  g_autoptr(GBytes) bytes = cp_test_xlsx (names, sheets, 2, NULL, NULL, NULL, CP_TEST_ZIP_DEFLATED);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpQuoteSheet) sheet = cp_quote_sheet_new (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), NULL,
                                                      &error);
  g_autoptr(CpQuoteCsvResult) result = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (cp_quote_sheet_get_sheet (sheet), ==, 1);
  g_assert_cmpstr (cp_quote_sheet_get_vendor (sheet), ==, "南山智算");
  result = cp_quote_sheet_read (sheet, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (result->quotes->len, ==, 1);
  g_assert_cmpfloat (((const CpQuote *) g_ptr_array_index (result->quotes, 0))->price, ==, 6.5);
}

/* Every field name --map lists is one it reads. */
static void
test_map_field_names (void)
{
  g_autofree char *names = cp_quote_column_list_names ();
  g_auto(GStrv) each = g_strsplit (names, ", ", -1);

  g_assert_cmpuint (g_strv_length (each), ==, CP_N_QUOTE_COLUMNS + 1);
  for (guint i = 0; each[i] != NULL; i++)
    {
      int field;
      g_test_message ("%s", each[i]);
      g_assert_true (cp_quote_column_from_name (each[i], &field));
      g_assert_cmpint (field, ==, each[i + 1] ? (int) i : CP_QUOTE_COLUMN_UNUSED);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/workbook/xlsx-cells", test_xlsx_cells);
  g_test_add_func ("/workbook/xlsx-sheets", test_xlsx_sheets);
  g_test_add_func ("/workbook/xlsx-vendor-layout", test_xlsx_vendor_layout);
  g_test_add_func ("/workbook/ods-cells", test_ods_cells);
  g_test_add_func ("/workbook/hostile/zip-bomb", test_zip_bomb);
  g_test_add_func ("/workbook/hostile/deep-xml", test_deep_xml);
  g_test_add_func ("/workbook/hostile/entities", test_entities);
  g_test_add_func ("/workbook/hostile/shared-strings", test_huge_shared_strings);
  g_test_add_func ("/workbook/hostile/formulas", test_formulas);
  g_test_add_func ("/workbook/hostile/external-links", test_external_links);
  g_test_add_func ("/workbook/hostile/not-a-workbook", test_not_a_workbook);
  g_test_add_func ("/workbook/hostile/rows-and-columns", test_too_many_rows_and_columns);
  g_test_add_func ("/workbook/hostile/repeated-row-limits", test_repeated_row_limits);
  g_test_add_func ("/workbook/import/round-trip", test_round_trip);
  g_test_add_func ("/workbook/import/guess-by-content", test_guess_by_content);
  g_test_add_func ("/workbook/import/no-gpu-column", test_no_gpu_column);
  g_test_add_func ("/workbook/import/machine-count-column", test_machine_count_column);
  g_test_add_func ("/workbook/import/hostile-imports-nothing", test_hostile_imports_nothing);
  g_test_add_func ("/workbook/import/cover-sheet-first", test_cover_sheet_first);
  g_test_add_func ("/workbook/import/map-field-names", test_map_field_names);
  return g_test_run ();
}

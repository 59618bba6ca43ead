/* cp-test-workbook.h: workbooks (.xlsx, .ods) written by the tests
 * themselves, by two writers: libgsf's zip writer (deflated parts, as
 * spreadsheet programs write them) and a zip written here by hand (stored
 * parts, no compression), so the reader is not tried on one program's
 * output only. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  const char *path;   /* "xl/worksheets/sheet1.xml" */
  const char *text;
  gsize       len;    /* 0: strlen (text) */
} CpTestPart;

typedef enum {
  CP_TEST_ZIP_DEFLATED,  /* libgsf's GsfOutfileZip */
  CP_TEST_ZIP_STORED,    /* by hand */
} CpTestZip;

GBytes *cp_test_zip (const CpTestPart *parts, guint n_parts, CpTestZip how);

/* An .xlsx of the given sheets (name and worksheet XML each), with
 * @shared_strings and @styles as xl/sharedStrings.xml and xl/styles.xml
 * when not NULL; @extra_relationships is added to the workbook's. */
GBytes *cp_test_xlsx (const char *const *names, const char *const *sheets, guint n_sheets,
                      const char *shared_strings, const char *styles,
                      const char *extra_relationships, CpTestZip how);

/* An .ods whose content.xml holds @tables (table:table elements). */
GBytes *cp_test_ods (const char *tables, CpTestZip how);

/* A one-sheet workbook of @rows (GStrv each): a cell that reads wholly as
 * a number is stored as a number, other text as a shared string (xlsx)
 * or a paragraph (ods). */
GBytes *cp_test_xlsx_from_rows (GPtrArray *rows, CpTestZip how);
GBytes *cp_test_ods_from_rows (GPtrArray *rows, CpTestZip how);

/* The rows of @csv (@len bytes, as cp_quote_csv_write() writes it) as
 * their cells, a GStrv each, its byte-order mark left out: the cells a
 * workbook of the same table holds. The test fails if it does not read. */
GPtrArray *cp_test_rows_from_csv (const char *csv, gsize len);

/* Text escaped for XML content and attributes. */
char   *cp_test_xml_escape (const char *text);

G_END_DECLS

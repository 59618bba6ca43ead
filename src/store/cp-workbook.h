/* cp-workbook.h: the sheets of a vendor's workbook (.xlsx, .ods) as rows
 * of text, the same rows a CSV of that sheet gives, for the quote importer.
 *
 * The zip container and the OOXML relationships are read with libgsf,
 * the sheet XML with libxml2's streaming reader. Cells come out as a
 * spreadsheet program shows them to a person who would export CSV:
 * shared and inline strings as written, numbers as numbers ("12.5",
 * "68000"), dates as ISO dates, a cell merged down a column repeated in
 * every row it covers (a vendor's name over its offers). Formulas and
 * links to other files are never evaluated: a sheet that has them is
 * refused, naming the cell, since what a spreadsheet program would show
 * there is not in the file for certain. Every size is bounded before it
 * is spent (CP_WORKBOOK_MAX_*), so a hostile file is refused, not read.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define CP_WORKBOOK_ERROR (cp_workbook_error_quark ())
GQuark cp_workbook_error_quark (void);

typedef enum {
  CP_WORKBOOK_ERROR_FORMAT,     /* not a workbook, or a damaged one */
  CP_WORKBOOK_ERROR_TOO_LARGE,  /* over one of the limits below */
  CP_WORKBOOK_ERROR_FORMULA,    /* the sheet computes a cell */
  CP_WORKBOOK_ERROR_LINK,       /* the workbook reads another file */
  CP_WORKBOOK_ERROR_NO_SHEET,   /* no such sheet */
  CP_WORKBOOK_ERROR_IO,
} CpWorkbookError;

/* The file itself: the same as a CSV file (CP_QUOTE_CSV_MAX_BYTES). */
#define CP_WORKBOOK_MAX_BYTES          (8 * 1024 * 1024)
/* One part unpacked. A 10,000-row sheet of 30 columns is about 25 MB of
 * XML (bench-workbook); twice that is room, not an invitation. */
#define CP_WORKBOOK_MAX_PART_BYTES     (64 * 1024 * 1024)
/* Unpacked size over the whole file's size, for parts past 1 MiB. Sheet
 * XML packs 5 to 20 times (measured on LibreOffice and Excel files: the
 * tags repeat); a zip bomb packs a thousand times and more. */
#define CP_WORKBOOK_MAX_PACK_RATIO     200
/* Sheet XML nests 5 deep (xlsx) to 9 (ods with spans in a cell). */
#define CP_WORKBOOK_MAX_XML_DEPTH      32
/* 25 distinct texts per row of the largest sheet read, and no more text
 * than a CSV of the largest size holds. */
#define CP_WORKBOOK_MAX_SHARED_STRINGS 250000
#define CP_WORKBOOK_MAX_TEXT_BYTES     (8 * 1024 * 1024)
/* Rows with something in them: the CSV importer's 10,000 quotes, plus
 * room for a header, title, validity and footnote rows. */
#define CP_WORKBOOK_MAX_ROWS           10100
/* Columns, as for CSV (CP_QUOTE_CSV_MAX_FIELDS), and cells kept in all:
 * the largest sheet of 100 columns. */
#define CP_WORKBOOK_MAX_COLUMNS        1000
#define CP_WORKBOOK_MAX_CELLS          1000000

typedef struct {
  guint      row;     /* 1-based, as the spreadsheet numbers it */
  GPtrArray *cells;   /* char*, "" for an empty cell; column A first */
} CpWorkbookRow;

typedef struct _CpWorkbook CpWorkbook;

/* Whether @data starts like a zip container (both formats are zips). */
gboolean    cp_workbook_is_workbook     (const char *data,
                                         gsize       len);
/* Opens the container and lists the sheets; reads no sheet yet. */
CpWorkbook *cp_workbook_new             (const char *data,
                                         gsize       len,
                                         GError    **error);
CpWorkbook *cp_workbook_new_from_file   (const char *path,
                                         GError    **error);
void        cp_workbook_free            (CpWorkbook *workbook);

guint       cp_workbook_get_n_sheets    (const CpWorkbook *workbook);
const char *cp_workbook_get_sheet_name  (const CpWorkbook *workbook,
                                         guint             sheet);
/* A sheet by its name, or by its 1-based number ("2"); -1 if none. */
int         cp_workbook_find_sheet      (const CpWorkbook *workbook,
                                         const char       *name_or_number);
/* The rows of @sheet that hold something, in order, each cell as text.
 * NULL with @error for a sheet over a limit, with a formula or a link. */
GPtrArray  *cp_workbook_read_sheet      (CpWorkbook *workbook,
                                         guint       sheet,
                                         GError    **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpWorkbook, cp_workbook_free)

G_END_DECLS

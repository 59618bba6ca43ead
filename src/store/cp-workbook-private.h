/* cp-workbook-private.h: what the workbook reader's files share: the
 * workbook, a streamed XML part, and the sheet being read. cp-workbook.c
 * owns the container, the limits and the rows; cp-workbook-xlsx.c and
 * cp-workbook-ods.c each read one format's parts into rows. */
#pragma once

#include <glib/gi18n.h>
#include <gsf/gsf.h>
#include <libxml/xmlreader.h>

#include "cp-workbook.h"

G_BEGIN_DECLS

#define OOXML_OFFICE_DOCUMENT \
  "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"
#define OOXML_STRICT_OFFICE_DOCUMENT \
  "http://purl.oclc.org/ooxml/officeDocument/relationships/officeDocument"
#define OOXML_REL "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
#define OOXML_STRICT_REL "http://purl.oclc.org/ooxml/officeDocument/relationships"
#define ODF_MIMETYPE "application/vnd.oasis.opendocument.spreadsheet"
#define ODF_TABLE "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
#define ODF_TEXT "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
#define ODF_OFFICE "urn:oasis:names:tc:opendocument:xmlns:office:1.0"

typedef enum { CP_WORKBOOK_FORMAT_XLSX, CP_WORKBOOK_FORMAT_ODS } CpWorkbookFormat;

struct _CpWorkbook {
  char       *data;          /* the file, owned: the zip reads from it */
  gsize       len;
  GsfInput   *source;
  GsfInfile  *zip;
  CpWorkbookFormat format;
  GPtrArray  *sheet_names;   /* char* */
  GPtrArray  *sheet_ids;     /* xlsx: char*, the relationship id of each sheet */
  GsfInput   *workbook_part; /* xlsx: xl/workbook.xml, its relationships name the rest */
  gboolean    date1904;
  GPtrArray  *shared;        /* xlsx: char*, read on the first sheet read */
  GArray     *date_styles;   /* xlsx: gboolean per cell format, read with the strings */
};

/* One range of merged cells, 1-based and inclusive. */
typedef struct {
  guint first_row, last_row, first_column, last_column;
} CpWorkbookMerge;

/* What reading one sheet builds. */
typedef struct {
  GPtrArray *rows;          /* CpWorkbookRow*, in row order */
  GArray    *merges;        /* CpWorkbookMerge */
  gsize      text_bytes;
  gsize      cells;
  const char *sheet;
} CpWorkbookSheet;

/* One XML part of the zip, read node by node. */
typedef struct {
  GsfInput        *input;
  xmlTextReaderPtr reader;
  char            *first_error;
  /* An error libxml2 recovers from (a namespace error such as a colon in a
   * processing instruction's name) was reported. */
  gboolean         had_error;
  /* A warning was: libgsf prints those of the parts it parses itself. */
  gboolean         had_warning;
} CpWorkbookPart;

/* Errors (cp-workbook.c). */
void _cp_workbook_row_free (gpointer data);
void _cp_workbook_set_too_large (GError **error, const char *what);
void _cp_workbook_set_damaged (GError **error, const char *what);
/* A part: open takes @input; next gives 1 per node, 0 at the end, -1 with
 * @error (past the depth limit, a DTD, broken XML). */
void _cp_workbook_part_clear (CpWorkbookPart *part);
gboolean _cp_workbook_part_open (CpWorkbookPart *part, GsfInput *input, GError **error);
int _cp_workbook_part_next (CpWorkbookPart *part, GError **error);
gboolean _cp_workbook_is_element (CpWorkbookPart *part, const char *local_name);
gboolean _cp_workbook_is_end (CpWorkbookPart *part, const char *local_name);
gboolean _cp_workbook_is_text (CpWorkbookPart *part);
gboolean _cp_workbook_append_text (CpWorkbookPart *part, GString *text, CpWorkbookSheet *sheet, GError **error);
char *_cp_workbook_attribute (CpWorkbookPart *part, const char *name);
char *_cp_workbook_attribute_ns (CpWorkbookPart *part, const char *name, const char *ns);
/* The sheet being read, within its limits. */
gboolean _cp_workbook_sheet_count_text (CpWorkbookSheet *sheet, gsize bytes, GError **error);
void _cp_workbook_set_too_many_cells (const CpWorkbookSheet *sheet, GError **error);
void _cp_workbook_set_too_many_rows (const CpWorkbookSheet *sheet, GError **error);
char *_cp_workbook_cell_name (guint row, guint column);
gboolean _cp_workbook_sheet_set_cell (CpWorkbookSheet *sheet, CpWorkbookRow *row, guint column, char *text, GError **error);
CpWorkbookRow *_cp_workbook_row_new (guint number);
gboolean _cp_workbook_row_is_blank (const CpWorkbookRow *row);
gboolean _cp_workbook_sheet_add_row (CpWorkbookSheet *sheet, CpWorkbookRow *row, GError **error);
char *_cp_workbook_format_number (double value);
void _cp_workbook_set_formula (GError **error, const char *sheet, const char *where);
/* The formats: the list of sheets, then one sheet's rows. */
gboolean _cp_workbook_xlsx_read_workbook (CpWorkbook *wb, GError **error);
gboolean _cp_workbook_xlsx_read_sheet (CpWorkbook *wb, guint index, CpWorkbookSheet *sheet, GError **error);
gboolean _cp_workbook_ods_read_sheet_names (CpWorkbook *wb, GError **error);
gboolean _cp_workbook_ods_read_sheet (CpWorkbook *wb, guint index, CpWorkbookSheet *sheet, GError **error);

G_END_DECLS

/* cp-quote-csv.h: vendor quotes as CSV, in and out.
 *
 * Headers may be English or Chinese, in the spellings vendors use
 * ("price", "价格", "单价"; "每节点卡数", "单机卡数", "卡数/台"…), the file
 * UTF-8 with or without BOM (or GBK/GB18030, as Excel saves it on Chinese
 * Windows, or UTF-16 with a BOM, Excel's "Unicode text"), fields quoted with embedded commas, quotes and newlines, CRLF or
 * LF. Prices may carry their unit ("12.5 元/卡/时", "68,000 元/台/月",
 * "¥/GPU/h") or have it in a billing-unit column; a per-day or per-GPU-month
 * price is converted with a stated number of hours and kept, as written, in
 * the quote's notes. Networks, links and sharing are read as vendors write
 * them ("RoCE v2 2×100G", "NVLink", "独享", "1:4"); what a row does not
 * state becomes unknown (a question for the vendor, R6), never a refusal.
 * Every problem is reported with its line number; the caller decides
 * whether to take the good lines.
 */
#pragma once

#include "planner/cp-project.h"

G_BEGIN_DECLS

#define CP_QUOTE_CSV_ERROR (cp_quote_csv_error_quark ())
GQuark cp_quote_csv_error_quark (void);

typedef enum {
  CP_QUOTE_CSV_ERROR_EMPTY,           /* no header */
  CP_QUOTE_CSV_ERROR_NO_ROWS,         /* a header and nothing else */
  CP_QUOTE_CSV_ERROR_ENCODING,        /* neither UTF-8 nor GB18030 */
  CP_QUOTE_CSV_ERROR_MISSING_COLUMN,  /* gpu, gpus per node or price */
  CP_QUOTE_CSV_ERROR_DUPLICATE_COLUMN,
  CP_QUOTE_CSV_ERROR_TOO_LARGE,       /* over one of the limits below */
  CP_QUOTE_CSV_ERROR_IO,              /* the file could not be read */
} CpQuoteCsvError;

/* A vendor's price list is a few hundred lines; these limits are far
 * beyond that, and keep a wrong or hostile file from taking minutes and
 * gigabytes before the user hears about it. Files over them are refused
 * as a whole, before any line is read. */
#define CP_QUOTE_CSV_MAX_BYTES   (8 * 1024 * 1024)
#define CP_QUOTE_CSV_MAX_RECORDS 10000   /* data records, after the header */
#define CP_QUOTE_CSV_MAX_FIELDS  1000    /* per record */

typedef struct {
  guint  line;      /* 1-based; the line where the record starts */
  char  *message;   /* complete, with the line number: "line 7: …" */
} CpCsvLineError;

/* What one data record became. */
typedef struct {
  guint      line;
  int        quote_index;   /* into CpQuoteCsvResult.quotes, -1 when the row has problems;
                             * valid until cp_quote_csv_add_to_project() */
  GPtrArray *problems;      /* char*, why the row cannot be imported */
  GPtrArray *assumptions;   /* char*, what the sheet did not say and was taken as */
  /* char*, what an imported quote still lacks ("no price: the sheet gives
   * 0"): it is imported, shown as incomplete and left out of the ranking
   * until the user fills it in (cp_quote_get_missing()). Empty otherwise. */
  GPtrArray *incomplete;
  /* char*, what the user should know before relying on an imported quote
   * ("the offer expired on 2026-06-30: …"); it is imported all the same. */
  GPtrArray *warnings;
} CpQuoteCsvRow;

typedef struct {
  GPtrArray *quotes;           /* CpQuote*, owned; lines without errors */
  GPtrArray *errors;           /* CpCsvLineError*, owned, in line order */
  GPtrArray *ignored_columns;  /* char*, headers that mean nothing here */
  /* CpCsvLineError*, rows read as a note under the quotes ("注：价格含税"):
   * one filled cell that names no GPU, in a sheet of three columns or more. */
  GPtrArray *notes;
  guint      n_records;        /* data records read, good or bad */
  GPtrArray *rows;             /* CpQuoteCsvRow*, owned, one per data record */
} CpQuoteCsvResult;

/* What a column of a sheet can mean. */
typedef enum {
  CP_QUOTE_COLUMN_ID,
  CP_QUOTE_COLUMN_VENDOR,
  CP_QUOTE_COLUMN_OFFER,
  CP_QUOTE_COLUMN_OFFERING,
  CP_QUOTE_COLUMN_GPU,
  CP_QUOTE_COLUMN_GPUS_PER_NODE,
  CP_QUOTE_COLUMN_NODES,
  CP_QUOTE_COLUMN_INTRA_LINK,
  CP_QUOTE_COLUMN_NETWORK,
  CP_QUOTE_COLUMN_NICS,
  CP_QUOTE_COLUMN_BANDWIDTH,
  CP_QUOTE_COLUMN_SHARING,
  CP_QUOTE_COLUMN_SHARE_FACTOR,
  CP_QUOTE_COLUMN_PRICE,
  CP_QUOTE_COLUMN_PRICE_UNIT,
  CP_QUOTE_COLUMN_GRANULARITY,
  CP_QUOTE_COLUMN_MINIMUM_TERM,
  CP_QUOTE_COLUMN_NETWORK_FEE,
  CP_QUOTE_COLUMN_STORAGE,
  CP_QUOTE_COLUMN_STORAGE_PRICE,
  CP_QUOTE_COLUMN_MANAGEMENT_FEE,
  CP_QUOTE_COLUMN_SETUP_FEE,
  CP_QUOTE_COLUMN_CURRENCY,
  CP_QUOTE_COLUMN_VALID_UNTIL,
  CP_QUOTE_COLUMN_NOTES,
  CP_QUOTE_COLUMN_HOST_MEMORY,
  /* The whole machine in one cell beside a column naming its GPU: read
   * for the GPUs (when the other names none), their count, host memory
   * and network; never exported, as a quote keeps these in its fields. */
  CP_QUOTE_COLUMN_CONFIG,
  /* 税率, 是否含税: read with the price; exported as the quote's VAT basis
   * and rate ("excl. VAT 13%"), which cp-quote-tax.c reads back. */
  CP_QUOTE_COLUMN_TAX,
  CP_N_QUOTE_COLUMNS
} CpQuoteColumn;

#define CP_QUOTE_COLUMN_UNUSED (-1)

/* A sheet read and tokenised, with a guess of what each column means that
 * the user may change before any quote is made (the import preview):
 * cp_quote_sheet_new(), cp_quote_sheet_set_field() as often as wanted,
 * cp_quote_sheet_read() for the rows' outcome, and only on the user's
 * accept cp_quote_csv_add_to_project(). */
typedef struct _CpQuoteSheet CpQuoteSheet;

/* Refuses a file that is not text, over the limits below, or without a
 * data row. The settings and custom catalogue of @project (NULL: a new
 * project's) are copied: rows are read against them as they were. */
CpQuoteSheet     *cp_quote_sheet_new        (const char      *data,
                                             gsize            len,
                                             const CpProject *project,
                                             GError         **error);
CpQuoteSheet     *cp_quote_sheet_new_from_file (const char      *path,
                                                const CpProject *project,
                                                GError         **error);
/* A workbook (.xlsx, .ods: told from CSV by its bytes) is read through
 * cp-workbook.h; @sheet_index chooses its sheet, -1 the first with a
 * header and a row. CSV ignores it. */
CpQuoteSheet     *cp_quote_sheet_new_full   (const char      *data,
                                             gsize            len,
                                             const CpProject *project,
                                             int              sheet_index,
                                             GError         **error);
CpQuoteSheet     *cp_quote_sheet_new_from_file_full (const char      *path,
                                                     const CpProject *project,
                                                     int              sheet_index,
                                                     GError         **error);
/* A workbook's sheets (0 for CSV) and the one read (-1 for CSV). */
guint             cp_quote_sheet_get_n_sheets   (const CpQuoteSheet *sheet);
const char       *cp_quote_sheet_get_sheet_name (const CpQuoteSheet *sheet,
                                                 guint               index);
int               cp_quote_sheet_get_sheet      (const CpQuoteSheet *sheet);
/* Where record @line is, for people: "line 7" in CSV, "row 7 of sheet
 * “报价”" in a workbook; @capitalised to start a title ("Line 7"). */
char             *cp_quote_sheet_format_place   (const CpQuoteSheet *sheet,
                                                 guint               line,
                                                 gboolean            capitalised);
/* The vendor of rows that name none: from a title row above the header
 * ("深圳星河云 GPU 报价单 2026-11"), else the file's name ("星河云-报价.xlsx"),
 * or as the user set it (NULL or "" clears it); NULL when none. */
const char       *cp_quote_sheet_get_vendor     (const CpQuoteSheet *sheet);
/* Where the vendor came from, "the title row “…”", "the file name “…”";
 * NULL when the user set it or there is none. */
const char       *cp_quote_sheet_get_vendor_source (const CpQuoteSheet *sheet);
void              cp_quote_sheet_set_vendor     (CpQuoteSheet *sheet,
                                                 const char   *vendor);
void              cp_quote_sheet_free       (CpQuoteSheet *sheet);
/* The sheet with its mapping as it is now, for a worker to read while the
 * original's mapping changes: the copy shares no mutable state with it. */
CpQuoteSheet     *cp_quote_sheet_copy       (const CpQuoteSheet *sheet);
/* The settings the rows are read with (prices per GPU-hour). */
const CpSettings *cp_quote_sheet_get_settings (const CpQuoteSheet *sheet);
guint             cp_quote_sheet_get_n_columns (const CpQuoteSheet *sheet);
/* The header as the sheet writes it. */
const char       *cp_quote_sheet_get_header (const CpQuoteSheet *sheet,
                                             guint               column);
/* A CpQuoteColumn, or CP_QUOTE_COLUMN_UNUSED. */
int               cp_quote_sheet_get_field  (const CpQuoteSheet *sheet,
                                             guint               column);
/* Maps @column to @field; a column that had @field before becomes unused. */
void              cp_quote_sheet_set_field  (CpQuoteSheet *sheet,
                                             guint         column,
                                             int           field);
/* Why @column's field was guessed from what its cells hold ("5 of 6
 * cells are GPU names"); NULL when its header named it or the user chose. */
const char       *cp_quote_sheet_get_evidence (const CpQuoteSheet *sheet,
                                               guint               column);
/* Columns the guess left unused because an earlier one means the same. */
/* What the column is read as, for the dry run and the Columns tab: its
 * field's label, or "Second price" for a price column read beside the
 * price ("月租" beside "单价"). */
const char       *cp_quote_sheet_get_column_label (const CpQuoteSheet *sheet,
                                                   guint               column);
gboolean          cp_quote_sheet_has_duplicates (const CpQuoteSheet *sheet);
/* The rows as the current mapping reads them; NULL with @error when the
 * mapping has no GPU or no price column. */
CpQuoteCsvResult *cp_quote_sheet_read       (const CpQuoteSheet *sheet,
                                             GError            **error);
/* What a field is called in the mapping, translated ("GPUs per node"). */
const char       *cp_quote_column_get_label (int field);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpQuoteSheet, cp_quote_sheet_free)

/* A one-line account of an imported quote for the preview: GPU and count,
 * nodes, price per GPU-hour, network and sharing, minimum term. */
char             *cp_quote_describe         (const CpQuote    *quote,
                                             const CpSettings *settings);
/* A CpQuoteColumn from any header spelling the importer reads ("price
 * unit", "计费单位"), CP_QUOTE_COLUMN_UNUSED for "none" or "unused";
 * FALSE for a name that is neither. */
gboolean          cp_quote_column_from_name (const char *name,
                                             int        *field);
/* Every field name cp_quote_column_from_name() reads, in English, as a
 * list for people: "id, vendor, offer, …, host memory, none". */
char             *cp_quote_column_list_names (void);

/* @project (may be NULL) supplies the custom catalogue, the default
 * currency and hours per month. Returns NULL with @error only when the
 * file as a whole cannot be read; line errors are in the result. */
CpQuoteCsvResult *cp_quote_csv_read   (const char      *data,
                                       gsize            len,
                                       const CpProject *project,
                                       GError         **error);
/* Reads @path with cp_quote_csv_read(), refusing a file over
 * CP_QUOTE_CSV_MAX_BYTES before a byte of it is read. */
CpQuoteCsvResult *cp_quote_csv_read_file (const char      *path,
                                          const CpProject *project,
                                          GError         **error);
void              cp_quote_csv_result_free (CpQuoteCsvResult *result);

/* Moves the quotes into @project, giving a fresh id to each quote whose id
 * is missing or already taken. Returns how many were added. */
guint             cp_quote_csv_add_to_project (CpQuoteCsvResult *result,
                                               CpProject        *project);

/* The first characters that make a spreadsheet evaluate a cell (OWASP,
 * CSV injection): cp_quote_csv_write() writes such a text cell after an
 * apostrophe, and reading drops the apostrophe again. */
#define CP_QUOTE_CSV_FORMULA_STARTS "=+-@\t\r"

/* UTF-8 with BOM (so spreadsheet programs detect it), CRLF, English
 * headers that cp_quote_csv_read() reads back to the same quotes; text
 * that a spreadsheet would evaluate is neutralised. */
char             *cp_quote_csv_write  (GPtrArray       *quotes,
                                       gsize           *len);

/* Finds a catalogue GPU from what vendors write: "A800", "RTX 4090",
 * "4090", "昇腾910B", "H800 80GB". The project's own GPUs come first. */
const CpGpuSpec  *cp_quote_csv_find_gpu (const CpProject *project,
                                         const char      *text,
                                         GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpQuoteCsvResult, cp_quote_csv_result_free)

G_END_DECLS

/* cp-quote-csv.h: vendor quotes as CSV, in and out.
 *
 * Headers may be English or Chinese ("price", "价格", "单价"…), the file
 * UTF-8 with or without BOM (or GB18030, as Excel saves it on Chinese
 * Windows), fields quoted with embedded commas, quotes and newlines, CRLF or
 * LF. Prices may carry their unit ("12.5 元/小时", "¥30000/月", "3.2 /GPU/h").
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

typedef struct {
  GPtrArray *quotes;           /* CpQuote*, owned; lines without errors */
  GPtrArray *errors;           /* CpCsvLineError*, owned, in line order */
  GPtrArray *ignored_columns;  /* char*, headers that mean nothing here */
  guint      n_records;        /* data records read, good or bad */
} CpQuoteCsvResult;

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

/* UTF-8 with BOM (so spreadsheet programs detect it), CRLF, English
 * headers that cp_quote_csv_read() reads back to the same quotes. */
char             *cp_quote_csv_write  (GPtrArray       *quotes,
                                       gsize           *len);

/* Finds a catalogue GPU from what vendors write: "A800", "RTX 4090",
 * "4090", "昇腾910B", "H800 80GB". The project's own GPUs come first. */
const CpGpuSpec  *cp_quote_csv_find_gpu (const CpProject *project,
                                         const char      *text,
                                         GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpQuoteCsvResult, cp_quote_csv_result_free)

G_END_DECLS

/* cp-quote-cells.h: one cell of a quote sheet into the quote's field. */
#pragma once

#include "cp-quote-header.h"

G_BEGIN_DECLS

typedef struct {
  const CpProject *project;
  guint            line;
  const char      *header;   /* as the user wrote it */
  const char      *hint;     /* unit in the header's parentheses, or NULL */
  GPtrArray       *errors;   /* NULL when only whether the cell reads is asked: nothing is
                              * said, each problem is a NULL in row->problems */
  CpQuoteCsvRow   *row;      /* the record's outcome */
  const char      *sheet;    /* a workbook's sheet, NULL for CSV: "row 7 of sheet “报价”", not "line 7" */
} CpQuoteCell;

/* Where a record is, for people: "line 7" in a CSV file, "row 7 of sheet
 * “报价”" in a workbook (@sheet not NULL); capitalised to start a title. */
char *cp_quote_format_place (const char *sheet, guint line, gboolean capitalised);

void cp_quote_cell_assume (CpQuoteCell *cell, const char *format, ...) G_GNUC_PRINTF (2, 3);

void cp_quote_cell_error (CpQuoteCell *cell, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* Adds @line under the quote's notes (what the vendor wrote that the
 * quote has no field for). */
void cp_quote_add_note (CpQuote *quote, const char *line);
/* Adds the vendor's cell under the quote's notes as "header: text". */
void cp_quote_add_cell_note (CpQuote *quote, const char *header, const char *text);

typedef struct {
  const char *word;
  int         value;
} CpQuoteWord;

gboolean cp_quote_match_word (const CpQuoteWord *words, guint n, const char *text, int *out);

void cp_quote_cell_parse (CpQuoteCell *cell, CpQuoteColumn col, const char *text, CpQuote *quote);

void cp_quote_cell_read_count (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, const char *text,
                               CpQuote *quote);

G_END_DECLS

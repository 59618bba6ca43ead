/* cp-quote-sheet-private.h: the quote sheet's insides, shared by the
 * sheet (cp-quote-sheet.c: reading a file, guessing its columns, the
 * user's mapping) and the row reader (cp-quote-csv.c). */
#pragma once

#include "cp-quote-csv.h"
#include "cp-quote-header.h"

G_BEGIN_DECLS

struct _CpQuoteSheet {
  /* Owned: only the settings and custom catalogue of the caller's project,
   * copied when the sheet is made, so that a worker can read the sheet
   * while the window edits its project. */
  CpProject       *project;
  GPtrArray       *records;      /* CpCsvRecord*, the header first; never changed once read, so shared by copies */
  guint            n_columns;
  char           **headers;      /* as written, stripped, no BOM */
  char           **hints;        /* unit in a header's parentheses, or NULL */
  int             *fields;       /* per column: a CpQuoteColumn or CP_QUOTE_COLUMN_UNUSED */
  int             *headed_as;    /* per column: the field its header names, before any guess or choice */
  /* An unused column headed as a price beside the price column ("月租"
   * beside "单价"), or -1: kept as the mapping changes, which normalised
   * every header again each time it was asked. */
  int              other_price_column;
  char           **evidence;     /* per column: why its field was guessed from its cells, or NULL */
  gboolean         duplicates;
  GPtrArray       *sheet_names;  /* char*, a workbook's sheets; empty for CSV */
  int              sheet;        /* the one read, -1 for CSV */
  char            *title;        /* the first row above the header, or NULL */
  char            *vendor;       /* for rows that name none: from the title, the file name or the user */
  char            *vendor_source;  /* where it came from, for the rows' assumptions; NULL: the user's */
  char            *valid_until;    /* ISO date stated above the header ("报价有效期 2026-12-31"), or NULL */
  char            *valid_until_source; /* where it was read, for the rows' assumptions */
};

/* A footnote under the quotes: one filled cell, naming no GPU, in a
 * sheet of three columns or more; *@note is its text. */
gboolean    _cp_quote_sheet_record_is_note (const CpQuoteSheet *sheet,
                                            const CpCsvRecord  *r,
                                            const char        **note);
/* The name of the workbook's sheet read, NULL for CSV. */
const char *_cp_quote_sheet_get_name       (const CpQuoteSheet *sheet);
/* Which column holds each field, as the current mapping says. */
void        _cp_quote_sheet_map_columns    (const CpQuoteSheet *sheet,
                                            CpQuoteHeader      *h);

G_END_DECLS

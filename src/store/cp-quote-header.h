/* cp-quote-header.h: the vocabulary of a quote sheet's headers. */
#pragma once

#include "cp-csv-tokenizer.h"

G_BEGIN_DECLS

char *cp_quote_header_normalize (const char *header, char **hint);

int cp_quote_header_to_column (const char *normalized);
/* A row-number column ("序号", "No.", "#"): it counts the sheet's rows, so
 * it is neither a quote's id nor a figure, yet it marks a header row. */
gboolean cp_quote_header_is_row_number (const char *normalized);
gboolean cp_quote_header_is_stock      (const char *normalized);

typedef struct {
  int   index[CP_N_QUOTE_COLUMNS];      /* field index, or -1 */
  char *header[CP_N_QUOTE_COLUMNS];     /* as written */
  char *hint[CP_N_QUOTE_COLUMNS];       /* unit in parentheses */
  /* A second price column the mapping leaves unused, headed as a price
   * too ("单价（元/卡/时）" then "月租（元/台/月）"): the same machines at
   * another unit, which cp_quote_cell_parse_price() weighs; -1 if none. */
  int         other_price_index;
  char       *other_price_header;   /* as written; not owned, as header[] */
  char       *other_price_hint;
  /* A stock column ("库存") that gave way to the count of machines
   * ("可租台数"): its words ("需预订2周") are still the vendor's; -1 if none. */
  int         stock_words_index;
  char       *stock_words_header;   /* as written; not owned */
} CpQuoteHeader;

const char *cp_quote_header_field (const CpCsvRecord *r, const CpQuoteHeader *h, CpQuoteColumn col);

/* The header the exporter writes for @col ("gpus per node"). */
const char *cp_quote_header_export_name (CpQuoteColumn col);
/* The Chinese header a missing-column message names for @col. */
const char *cp_quote_header_chinese_name (CpQuoteColumn col);

G_END_DECLS

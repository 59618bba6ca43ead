/* cp-quote-price.h: prices, units, numbers, dates and hours as vendors
 * write them, for the quote importer. */
#pragma once

#include "cp-quote-cells.h"

G_BEGIN_DECLS

gboolean cp_quote_cell_parse_number (CpQuoteCell *cell, const char *text, double *out);

gboolean cp_quote_cell_parse_whole (CpQuoteCell *cell, const char *text, guint minimum, guint *out);

gboolean cp_quote_cell_parse_money (CpQuoteCell *cell, const char *text, char currency[4], double *out);

gboolean cp_quote_cell_parse_date (CpQuoteCell *cell, const char *text, char **out);

gboolean cp_quote_cell_parse_hours (CpQuoteCell *cell, const char *text, double *out);

char *cp_quote_price_drop_digit_grouping (const char *text);

/* The price with its unit, currency and billing columns; @term_stated
 * when the row stated a minimum term elsewhere (its remarks). */
void cp_quote_cell_parse_price (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, CpQuote *quote,
                                const char *default_currency, gboolean term_stated);

char *cp_quote_price_split_gpu_count (const char *text, guint *count);

gboolean cp_quote_read_gpu_count (const char *text, guint *count, char **name);

G_END_DECLS

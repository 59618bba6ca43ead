/* cp-quote-tax.h: what a vendor's sheet says about VAT (含税, 不含税,
 * 税率 6%, "含6%专票"), and prices brought to one basis: every quote is
 * compared with VAT included, what the buyer pays. */
#pragma once

#include "cp-quote-cells.h"

G_BEGIN_DECLS

typedef enum {
  CP_QUOTE_TAX_UNSTATED,
  CP_QUOTE_TAX_INCLUDED,
  CP_QUOTE_TAX_EXCLUDED,
} CpQuoteTaxBasis;

typedef struct {
  CpQuoteTaxBasis basis;
  double          rate;   /* 0.06 for 6 %; 0 when not stated */
} CpQuoteTax;

/* Reads what @text says about tax into @tax, keeping what it already
 * holds where @text says nothing (a sheet's "含税" and a row's "6%").
 * @tax_column: the text is a cell of a tax column (税率, 是否含税),
 * where "是"/"否" say the basis and a bare "6%" or "0.06" the rate.
 * TRUE when @text said something. */
gboolean cp_quote_tax_read  (const char *text,
                             gboolean    tax_column,
                             CpQuoteTax *tax);

/* Brings @quote's prices and fees to the VAT-included basis: a price
 * stated without VAT at a stated rate is raised by it; the basis and rate
 * go into the quote's fields, the row's assumptions say them (@said: the
 * words read, for the message), and a price raised keeps the vendor's
 * figure in the quote's notes in figures alone ("12.5 + 6% = 13.25"). */
void     cp_quote_tax_apply (CpQuoteCell      *cell,
                             const CpQuoteTax *tax,
                             const char       *said,
                             CpQuote          *quote);

G_END_DECLS

/* cp-quote-validity.h: the last day a vendor's sheet says its prices
 * hold. */
#pragma once

#include "cp-csv-tokenizer.h"

G_BEGIN_DECLS

/* The date a text says the prices hold until: a validity word
 * ("报价有效期 2026-12-31", "有效期至2027年1月15日", "Valid until
 * 2026/12/31", "valid until 31 December 2026") followed closely by a
 * year, month and day. A date with no such word ("报价单 2026-11") is when
 * the sheet was written, not how long it holds. Newly allocated ISO date
 * ("2026-12-31"), or NULL. */
char *cp_quote_validity_in_text      (const char *text);

/* The validity stated in the first of @records above the header (index
 * @header): the title's, or a row of its own under it, the date in the
 * word's cell or the next. Newly allocated ISO date, with @source set to
 * where it was read ("the title row “…”", for the rows' assumptions), or
 * NULL (@source untouched). */
char *cp_quote_validity_above_header (GPtrArray  *records,
                                      guint       header,
                                      char      **source);

/* Whether @iso_date ("2026-06-30"), the last day an offer's price holds,
 * is before @today: the offer has expired. FALSE for NULL or a text that
 * is no such date. */
gboolean cp_quote_validity_has_passed (const char  *iso_date,
                                       const GDate *today);

G_END_DECLS

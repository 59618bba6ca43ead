/* cp-quote-header-fold.h: a sheet's header written over two rows. */
#pragma once

#include "cp-csv-tokenizer.h"

G_BEGIN_DECLS

/* When the second of @records (the header first, then the rows) is a
 * second header row — each filled cell repeats the one above, is a price
 * unit under a price column, or completes the name above it, and one at
 * least does not repeat — folds it into the first and removes it: a name
 * it completes is the whole name ("网络" + "带宽": "网络带宽"), and the
 * price columns under one header become that one column, each row's
 * price written with its column's unit ("68,000 元/台/月"). The records
 * are replaced, not changed (a workbook's rows may share their cells).
 * Needs a data row under the two: with two records or fewer, or no second
 * header row, changes nothing. Returns whether it folded. */
gboolean cp_quote_header_fold (GPtrArray *records);

G_END_DECLS

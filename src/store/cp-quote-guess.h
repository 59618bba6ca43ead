/* cp-quote-guess.h: where a vendor's sheet starts, and what its columns
 * hold when their headers say nothing the importer knows. */
#pragma once

#include "cp-csv-tokenizer.h"

G_BEGIN_DECLS

/* The header is looked for among this many first records: a title, a
 * validity note, a contact line and blank rows come before it in the
 * sheets vendors send; past 20 it is data, not a preamble. */
#define CP_QUOTE_GUESS_HEADER_SEARCH 20

/* The index in @records of the row that heads the columns: the one that
 * names the most known fields (at least two); without such a row, the
 * first with two or more filled cells that is followed by another (a
 * title or a validity note fills one). 0 when nothing better is found. */
guint cp_quote_guess_header_row (GPtrArray *records);

/* For each column whose @fields entry is CP_QUOTE_COLUMN_UNUSED and whose
 * header names nothing known, the field its cells read as (GPU names the
 * catalogue knows, prices with a unit or currency, GPU counts, networks,
 * sharing words, storage kinds, dates), when at least half its filled
 * cells do and no other column has the field; @evidence[i] is then set
 * ("5 of 6 cells are GPU names"). Records from @first_data on are data. */
void  cp_quote_guess_by_content (const CpProject *project,
                                 GPtrArray       *records,
                                 guint            first_data,
                                 guint            n_columns,
                                 int             *fields,
                                 char           **evidence);

/* A vendor's name from a sheet's title ("深圳星河云 GPU 报价单 2026-11" →
 * "深圳星河云") or, @file_name, a file's name without its extension
 * ("鹏城算力-报价-2026-11" → "鹏城算力"): the words before the first that
 * says what the sheet is (GPU, 报价, 价格, 租赁, quote, price…), a date or a
 * separator. NULL when no name remains, when the title is a validity note
 * or a remark, or when a file's name is neither Chinese nor says it is a
 * quote ("data.csv" names no vendor). */
char *cp_quote_vendor_from_title (const char *title, gboolean file_name);

G_END_DECLS

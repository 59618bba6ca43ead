/* cp-quote-tax.c: VAT as vendors write it, and the one basis quotes are
 * compared on.
 *
 * In this market a price is quoted with VAT (含税, 6 % for cloud and
 * computing services, 13 % for leased equipment) or without it (不含税,
 * 未税, 税前), in 备注, in a 税率 or 是否含税 column, or in the price's
 * header ("单价（含税）"). Comparing a 不含税 price with a 含税 one ranks
 * them by the vendor's wording, so a price without VAT at a stated rate is
 * raised by that rate; without a rate it cannot be, and the row says so
 * (a question for the vendor). */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-quote.h"
#include "planner/cp-settings.h"
#include "planner/cp-units.h"

#include "cp-quote-regex.h"
#include "cp-quote-tax.h"

gboolean
cp_quote_tax_read (const char *text,
                   gboolean    tax_column,
                   CpQuoteTax *tax)
{
  static const CpQuoteWord yes_no[] = {
    { "是", CP_QUOTE_TAX_INCLUDED }, { "含", CP_QUOTE_TAX_INCLUDED }, { "yes", CP_QUOTE_TAX_INCLUDED },
    { "y", CP_QUOTE_TAX_INCLUDED }, { "否", CP_QUOTE_TAX_EXCLUDED }, { "不含", CP_QUOTE_TAX_EXCLUDED },
    { "no", CP_QUOTE_TAX_EXCLUDED }, { "n", CP_QUOTE_TAX_EXCLUDED },
  };
  static gsize excluded_regex, included_regex, rate_regex;
  GRegex *excluded = cp_quote_regex_once (&excluded_regex, "不含\\s*(?:\\d+(?:\\.\\d+)?\\s*%\\s*)?(?:的)?\\s*(?:增值)?税|未税|未含税|税前|税费另计|另加税|"
                                            "excl\\w*\\.?\\s*(?:of\\s+)?(?:tax|vat)|(?:tax|vat)\\s*excl\\w*|"
                                            "ex\\.?\\s*vat|pre-?tax|before\\s+tax|net\\s+of\\s+(?:tax|vat)",
                                            G_REGEX_CASELESS);
  GRegex *included = cp_quote_regex_once (&included_regex, "含税|含增值税|含\\s*\\d+(?:\\.\\d+)?\\s*%|税后|价税合计|"
                                            "incl\\w*\\.?\\s*(?:of\\s+)?(?:tax|vat)|(?:tax|vat)\\s*incl\\w*|"
                                            "after\\s+tax",
                                            G_REGEX_CASELESS);
  /* A rate beside a tax word ("税率 6%", "6%专票", "含6%税", "VAT 13%"),
   * or alone in a tax column ("6%", "0.06"). */
  GRegex *rate = cp_quote_regex_once (&rate_regex, "(?:税率|税点|增值税|税|vat|tax|含)\\s*[:：]?\\s*(\\d+(?:\\.\\d+)?)\\s*%"
                                        "|(\\d+(?:\\.\\d+)?)\\s*%\\s*(?:的)?\\s*(?:税|增值税|专票|普票|发票|vat|tax)",
                                        G_REGEX_CASELESS);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *stripped = NULL;
  gboolean said = FALSE;
  int basis;

  if (text == NULL)
    return FALSE;
  stripped = g_strstrip (g_strdup (text));
  if (tax_column && cp_quote_match_word (yes_no, G_N_ELEMENTS (yes_no), stripped, &basis))
    {
      tax->basis = basis;
      return TRUE;
    }
  /* "不含税" holds "含税": the exclusion first. */
  if (g_regex_match (excluded, stripped, 0, NULL))
    {
      tax->basis = CP_QUOTE_TAX_EXCLUDED;
      said = TRUE;
    }
  else if (g_regex_match (included, stripped, 0, NULL))
    {
      tax->basis = CP_QUOTE_TAX_INCLUDED;
      said = TRUE;
    }
  if (g_regex_match (rate, stripped, 0, &match))
    {
      g_autofree char *a = g_match_info_fetch (match, 1);
      g_autofree char *b = g_match_info_fetch (match, 2);

      tax->rate = g_ascii_strtod (a && *a ? a : b, NULL) / 100;
      said = TRUE;
    }
  else if (tax_column)
    {
      /* A 税率 column's own cell: "6%", "6", "0.06". */
      char *end = NULL;
      double value = g_ascii_strtod (stripped, &end);

      while (end != NULL && *end == ' ')
        end++;
      if (end != stripped && value > 0 && value < 100 && (*end == '%' || *end == '\0'))
        {
          tax->rate = *end == '%' || value >= 1 ? value / 100 : value;
          said = TRUE;
        }
    }
  return said;
}

void
cp_quote_tax_apply (CpQuoteCell      *cell,
                    const CpQuoteTax *tax,
                    const char       *said,
                    CpQuote          *quote)
{
  char percent[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *note = NULL;

  cp_format_double_shortest (tax->rate * 100, percent);
  switch (tax->basis)
    {
    case CP_QUOTE_TAX_INCLUDED:
      /* The basis and the rate are the quote's fields below, which every
       * report words in its own language: a note "价格含 6% 增值税" made
       * in the window's language was printed as typed in an English one
       * (walk38 F6). */
      break;
    case CP_QUOTE_TAX_EXCLUDED:
      if (tax->rate > 0 && tax->rate < 1)
        {
          char written[G_ASCII_DTOSTR_BUF_SIZE], compared[G_ASCII_DTOSTR_BUF_SIZE];
          double factor = 1 + tax->rate;

          cp_format_double_shortest (quote->price, written);
          /* The fees are billed with the same invoice. */
          quote->price *= factor;
          quote->network_fee_per_node_month *= factor;
          quote->storage_price_per_tb_month *= factor;
          quote->management_fee_per_month *= factor;
          quote->setup_fee *= factor;
          /* Two decimals, as money is written; the price keeps its own. */
          g_ascii_formatd (compared, sizeof compared, "%.2f", quote->price);
          /* The vendor's figure, which the price no longer holds, in
           * figures alone: a line in the importing window's language
           * ("Price quoted without VAT: …") was printed as it stood in
           * a report in the other (walk38 F6). "12.5 + 6% = 13.25"
           * names no tax word, so read back from a CSV's notes it is
           * not taken for a second statement of the rate. */
          note = g_strdup_printf ("%s + %s%% = %s", written, percent, compared);
          /* Translators: a column header, its words about tax, the VAT rate, then the factor ("1.06") */
          cp_quote_cell_assume (cell, _("%s “%s”: the price is without VAT; compared with %s%% VAT added "
                                        "(× %s), as the other quotes are with VAT"),
                                cell->header, said, percent, cp_format_double_shortest (factor, written));
        }
      else
        {
          /* The price stays as written; the estimate adds its offering's
           * rate (cp_quote_vat_factor()), so it is still compared with
           * VAT, as the others are (approver, 2 December: 不含税 prices
           * were compared with 含税 ones as written). */
          CpSettings defaults;
          const CpSettings *settings = cell->project != NULL ? &cell->project->settings : &defaults;
          char written[G_ASCII_DTOSTR_BUF_SIZE], rate[G_ASCII_DTOSTR_BUF_SIZE];

          /* The basis is the quote's field, which every report words in
           * its own language with the rate it adds ("13% added
           * (assumed)"); a note said it again in the importing window's
           * language (walk38 F6). */
          quote->vat_basis = CP_VAT_BASIS_EXCLUDED;
          /* The row says which price and the rate the estimate will add:
           * the one the project's settings give the quote's offering now
           * (a bare machine's lease or a service), so that "不含税" never
           * stands without its figures. */
          cp_settings_init (&defaults);
          cp_format_double_shortest (quote->price, written);
          cp_format_double_shortest (round (cp_quote_vat_rate (quote, settings) * 1000) / 10, rate);
          /* Translators: a column header, its words about tax, the price as written, then the VAT rate in percent ("13") */
          cp_quote_cell_assume (cell, _("%s “%s”: the price %s is without VAT and the rate is not stated: compared "
                                        "with %s%% VAT added, the project’s rate for its offering (a bare-machine "
                                        "lease or a service); ask the vendor (R6)"),
                                cell->header, said, written, rate);
        }
      break;
    case CP_QUOTE_TAX_UNSTATED:
    default:
      if (tax->rate > 0)
        {
          /* Translators: a column header, its words about tax */
          cp_quote_cell_assume (cell, _("%s “%s”: a VAT rate, but not whether the price includes it: compared as "
                                        "written; ask the vendor (R6)"), cell->header, said);
        }
      break;
    }
  if (tax->basis == CP_QUOTE_TAX_INCLUDED)
    /* Translators: a column header and its words about tax ("含税 6%") */
    cp_quote_cell_assume (cell, _("%s “%s”: the price includes VAT, the basis quotes are compared on"),
                          cell->header, said);
  /* What the prices hold now, and the rate the vendor stated. */
  if (tax->basis == CP_QUOTE_TAX_INCLUDED || (tax->basis == CP_QUOTE_TAX_EXCLUDED && tax->rate > 0 && tax->rate < 1))
    quote->vat_basis = CP_VAT_BASIS_INCLUDED;
  if (tax->rate > 0 && tax->rate <= 0.5)
    quote->vat_rate = tax->rate;
  if (note != NULL)
    cp_quote_add_note (quote, note);
}

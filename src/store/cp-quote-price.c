/* cp-quote-price.c: prices, units, numbers, dates and hours as vendors write them.
 *
 * Owns a price cell with its unit and currency columns, digit grouping,
 * dates and GPU counts written with the GPU ("8×H800"). The price, its
 * unit, counts ("8卡") and terms ("3个月起") are read by the planner
 * (cp-units.h) and turned into the quote's units by cp_quote_set_price_text(),
 * as the quote form and the command line read them. */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"

#include "cp-quote-cells.h"
#include "cp-quote-regex.h"
#include "cp-quote-price.h"

static void
cp_quote_cell_not_a_number (CpQuoteCell *cell, const char *text)
{
  /* Translators: a column header and the cell's text */
  cp_quote_cell_error (cell, _("%s “%s” is not a number"), cell->header, text);
}

gboolean
cp_quote_cell_parse_number (CpQuoteCell *cell, const char *text, double *out)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *plain = g_strdup (text);
  char *w = plain;

  /* "30,000" arrives quoted from spreadsheets: drop digit grouping. */
  for (const char *r = text; *r; r++)
    if (!(*r == ',' && r > text && g_ascii_isdigit (r[-1]) && g_ascii_isdigit (r[1])))
      *w++ = *r;
  *w = '\0';

  if (cp_parse_count (plain, out, &local) && isfinite (*out))
    {
      if (*out < 0)
        {
          cp_quote_cell_error (cell, _("%s “%s” is negative"), cell->header, text);
          return FALSE;
        }
      return TRUE;
    }
  cp_quote_cell_not_a_number (cell, text);
  return FALSE;
}

gboolean
cp_quote_cell_parse_whole (CpQuoteCell *cell, const char *text, guint minimum, guint *out)
{
  double v;

  if (!cp_quote_cell_parse_number (cell, text, &v))
    return FALSE;
  if (v != floor (v) || v < minimum || v > G_MAXUINT)
    {
      cp_quote_cell_error (cell, _("%s “%s” is not a whole number of at least %u"),
                           cell->header, text, minimum);
      return FALSE;
    }
  *out = (guint) v;
  return TRUE;
}

gboolean
cp_quote_cell_parse_money (CpQuoteCell *cell, const char *text, char currency[4], double *out)
{
  g_autofree char *plain = cp_quote_price_drop_digit_grouping (text);
  CpPriceText price;
  char *slash;

  if (cp_parse_price_text (plain, &price, NULL))
    {
      *out = price.amount;
      if (price.currency[0] != '\0')
        memcpy (currency, price.currency, 4);
      return TRUE;
    }
  /* Fees carry units a price has not ("元/TB/月"): the column says what
   * they are per. */
  slash = strchr (plain, '/');
  if (slash)
    *slash = '\0';
  if (cp_parse_price_text (plain, &price, NULL))
    {
      *out = price.amount;
      if (price.currency[0] != '\0')
        memcpy (currency, price.currency, 4);
      return TRUE;
    }
  cp_quote_cell_not_a_number (cell, text);
  return FALSE;
}

gboolean
cp_quote_cell_parse_date (CpQuoteCell *cell, const char *text, char **out)
{
  guint parts[3];
  guint n = 0;
  const char *p = text;

  /* 2026-03-31, 2026/3/31, 2026.3.31, 2026年3月31日 */
  while (*p && n < 3)
    {
      if (g_ascii_isdigit (*p))
        {
          guint64 v = g_ascii_strtoull (p, (char **) &p, 10);
          parts[n++] = (guint) MIN (v, G_MAXUINT);
        }
      else
        p = g_utf8_next_char (p);
    }
  if (n == 3 && parts[0] >= 1900
      && g_date_valid_dmy ((GDateDay) MIN (parts[2], 255), (GDateMonth) MIN (parts[1], 13),
                           (GDateYear) MIN (parts[0], 65535)))
    {
      *out = g_strdup_printf ("%04u-%02u-%02u", parts[0], parts[1], parts[2]);
      return TRUE;
    }
  cp_quote_cell_error (cell, _("%s “%s” is not a date (write e.g. 2026-03-31)"), cell->header, text);
  return FALSE;
}

/* The project's hours per month, or a new project's. */
static const CpSettings *
cell_settings (CpQuoteCell *cell, CpSettings *defaults)
{
  if (cell->project != NULL)
    return &cell->project->settings;
  cp_settings_init (defaults);
  return defaults;
}

/* "1小时", "1天", "两周", "2w", "3个月起", "1 week", "72h", "无": hours, as
 * the quote form reads them (cp_parse_duration_h()). A month is the
 * project's hours per month, said in the row's assumptions. */
gboolean
cp_quote_cell_parse_hours (CpQuoteCell *cell, const char *text, double *out)
{
  g_autoptr(GError) local = NULL;
  CpSettings defaults;
  const CpSettings *settings = cell_settings (cell, &defaults);
  gboolean month_used = FALSE;
  char hours[G_ASCII_DTOSTR_BUF_SIZE];

  if (!cp_parse_duration_h (text, settings->hours_per_month, out, &month_used, &local))
    {
      if (g_error_matches (local, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT))
        cp_quote_cell_error (cell, _("%s “%s”: %s"), cell->header, text, local->message);
      else
        cp_quote_cell_not_a_number (cell, text);
      return FALSE;
    }
  if (month_used)
    cp_quote_cell_assume (cell, _("%s “%s”: a month taken as %s hours (the project’s hours per month)"),
                          cell->header, text, cp_format_double_shortest (settings->hours_per_month, hours));
  return TRUE;
}

/* A price-unit column: the ids the exporter writes ("per-node-month") or
 * any unit the planner reads ("元/台/月", "按月"). */
static gboolean
read_price_unit_text (const char *text, CpPriceText *basis)
{
  CpPriceUnit unit;

  if (cp_price_unit_from_string (text, &unit))
    {
      memset (basis, 0, sizeof *basis);
      basis->subject = unit == CP_PRICE_PER_GPU_HOUR ? CP_PRICE_SUBJECT_GPU : CP_PRICE_SUBJECT_NODE;
      basis->period = unit == CP_PRICE_PER_NODE_MONTH ? CP_PRICE_PERIOD_MONTH : CP_PRICE_PERIOD_HOUR;
      return TRUE;
    }
  return cp_parse_price_unit (text, basis, NULL);
}

char *
cp_quote_price_drop_digit_grouping (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gboolean comma = *p == ',' || g_str_has_prefix (p, "，");
      const char *after = p + (*p == ',' ? 1 : strlen ("，"));
      if (comma && p > text && g_ascii_isdigit (p[-1]) && g_ascii_isdigit (*after))
        continue;
      g_string_append_len (s, p, g_utf8_next_char (p) - p);
    }
  return g_string_free (s, FALSE);
}

/* "待定", "面议", "询价", "TBD": a price still to be asked for, not one
 * written wrong. */
static gboolean
price_is_on_request (const char *text)
{
  static const char * const within[] = { "待定", "面议", "询价", "议价", "另议", "电议", "电询", "咨询", "联系" };
  static const char * const whole[] = { "tbd", "tba", "n/a", "poa", "on request", "call", "-", "—", "/", "?", "？" };
  g_autofree char *lower = g_utf8_strdown (text, -1);

  for (guint i = 0; i < G_N_ELEMENTS (within); i++)
    if (strstr (lower, within[i]) != NULL)
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (whole); i++)
    if (strcmp (lower, whole[i]) == 0)
      return TRUE;
  return FALSE;
}

/* A billing column that names only a period ("月付", "包月", "按小时",
 * "月结", "年付"): how the vendor bills, not what the price is per. */
static gboolean
read_billing_period (const char *text, CpPriceText *basis)
{
  static const char * const endings[] = { "付费", "计费", "结算", "付", "结", "租" };
  g_autofree char *word = g_strstrip (g_strdup (text));
  gsize length = strlen (word);

  for (guint i = 0; i < G_N_ELEMENTS (endings); i++)
    if (g_str_has_suffix (word, endings[i]) && length > strlen (endings[i]))
      {
        word[length - strlen (endings[i])] = '\0';
        break;
      }
  return read_price_unit_text (word, basis) && basis->subject == CP_PRICE_SUBJECT_NONE;
}

/* The unit in a price header's parentheses among what else it says
 * ("元/卡/时，含税13%", "USD per GPU-hour; excl. VAT"): the first part,
 * split at commas and semicolons, that the planner reads as a price unit
 * (a "万" before it scales the number, cp_quote_cell_parse_price()
 * joins the two); NULL when no part does. */
static char *
header_price_unit (const char *hint, CpPriceText *basis)
{
  static gsize separators;
  g_auto(GStrv) parts = NULL;

  if (hint == NULL)
    return NULL;
  parts = g_regex_split (cp_quote_regex_once (&separators, "\\s*[,;，；]\\s*", G_REGEX_DEFAULT), hint, 0);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *unit = g_str_has_prefix (parts[i], "万") ? parts[i] + strlen ("万") : parts[i];

      if (*unit != '\0' && read_price_unit_text (unit, basis))
        return g_strdup (parts[i]);
    }
  return NULL;
}

static void
read_price_column (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, CpQuote *quote,
                   const char *default_currency, gboolean term_stated)
{
  const char *price_raw = cp_quote_header_field (r, h, CP_QUOTE_COLUMN_PRICE);
  const char *unit_raw = cp_quote_header_field (r, h, CP_QUOTE_COLUMN_PRICE_UNIT);
  const char *currency_raw = cp_quote_header_field (r, h, CP_QUOTE_COLUMN_CURRENCY);
  g_autofree char *price_text = price_raw ? g_strstrip (g_strdup (price_raw)) : NULL;
  g_autofree char *unit_text = unit_raw ? g_strstrip (g_strdup (unit_raw)) : NULL;
  g_autofree char *currency_text = currency_raw ? g_strstrip (g_strdup (currency_raw)) : NULL;
  g_autofree char *plain = NULL;
  g_autofree char *written = NULL;
  g_autoptr(GError) local = NULL;
  CpSettings defaults;
  char currency[4] = "";
  CpPriceText price, column_basis, header_basis;
  g_autofree char *header_unit = header_price_unit (h->hint[CP_QUOTE_COLUMN_PRICE], &header_basis);
  gboolean unit_in_header = FALSE;

  cell->header = h->header[CP_QUOTE_COLUMN_PRICE];
  cell->hint = NULL;
  if (price_text == NULL || *price_text == '\0')
    {
      g_ptr_array_add (cell->row->incomplete,
                       g_strdup_printf (_("no price: %s is empty"), cell->header));
      return;
    }

  if (price_is_on_request (price_text))
    {
      /* Translators: a column header and what the vendor wrote instead of a price ("待定", "面议") */
      g_ptr_array_add (cell->row->incomplete,
                       g_strdup_printf (_("no price: %s is “%s”, a price still to be asked for"), cell->header,
                                        price_text));
      return;
    }
  /* "1.2" beside "万元/台/月" (or under "单价（万元/台/月）"): 万 scales the
   * number, so the two are read as one price, as "1.2万元/台/月" is. */
  {
    const char *scaled = unit_text && g_str_has_prefix (unit_text, "万") ? unit_text
                         : (unit_text == NULL || *unit_text == '\0') && header_unit
                           && g_str_has_prefix (header_unit, "万")
                         ? header_unit : NULL;
    if (scaled != NULL && g_ascii_isdigit (price_text[strlen (price_text) - 1]))
      {
        char *joined = g_strconcat (price_text, scaled, NULL);
        g_free (price_text);
        price_text = joined;
        g_clear_pointer (&unit_text, g_free);
      }
  }
  /* The form's reading of the same text (cp_parse_price_text()). */
  plain = cp_quote_price_drop_digit_grouping (price_text);
  if (!cp_parse_price_text (plain, &price, &local))
    {
      if (g_error_matches (local, CP_UNITS_ERROR, CP_UNITS_ERROR_RANGE) && *plain == '-')
        cp_quote_cell_error (cell, _("%s “%s” is negative"), cell->header, price_text);
      else if (g_error_matches (local, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT)
               || g_error_matches (local, CP_UNITS_ERROR, CP_UNITS_ERROR_RANGE))
        cp_quote_cell_error (cell, _("%s “%s”: %s"), cell->header, price_text, local->message);
      else
        cp_quote_cell_not_a_number (cell, price_text);
      return;
    }
  /* No vendor gives compute away: 0 is a price not filled in yet. */
  if (price.amount == 0)
    g_ptr_array_add (cell->row->incomplete,
                     g_strdup_printf (_("no price: %s is “%s”"), cell->header, price_text));

  /* A price with its own unit ("12.25元/卡/时") beside a billing column
   * that names only how the vendor bills ("月付", "包月"): the price's unit
   * wins, and billing by a longer period than the price's is the least
   * the vendor bills, when no term is stated. */
  if (unit_text && *unit_text && price.period != CP_PRICE_PERIOD_NONE && read_billing_period (unit_text, &column_basis))
    {
      cell->header = h->header[CP_QUOTE_COLUMN_PRICE_UNIT];
      if (column_basis.period > price.period && column_basis.period > CP_PRICE_PERIOD_HOUR
          && !term_stated && cp_csv_is_blank (cp_quote_header_field (r, h, CP_QUOTE_COLUMN_MINIMUM_TERM)))
        {
          static const double period_hours[] = { [CP_PRICE_PERIOD_DAY] = 24, [CP_PRICE_PERIOD_WEEK] = 168 };
          const CpSettings *settings = cell_settings (cell, &defaults);
          char buf[G_ASCII_DTOSTR_BUF_SIZE];

          quote->minimum_term_h = column_basis.period == CP_PRICE_PERIOD_MONTH ? settings->hours_per_month
                                  : column_basis.period == CP_PRICE_PERIOD_YEAR ? 12 * settings->hours_per_month
                                  : period_hours[column_basis.period];
          term_stated = TRUE;
          /* Translators: a column header, its cell ("月付"), the price as written, and hours */
          cp_quote_cell_assume (cell, _("%s “%s”: the price “%s” keeps its own unit; billed by that period, "
                                        "at least %s h"), cell->header, unit_text, price_text,
                                cp_format_double_shortest (quote->minimum_term_h, buf));
        }
      else if (column_basis.period != price.period)
        /* Translators: a column header, its cell ("按天"), the price as written */
        cp_quote_cell_assume (cell, _("%s “%s”: the price “%s” keeps its own unit"), cell->header, unit_text,
                              price_text);
      unit_text[0] = '\0';
    }
  if (unit_text && *unit_text)
    {
      cell->header = h->header[CP_QUOTE_COLUMN_PRICE_UNIT];
      if (!read_price_unit_text (unit_text, &column_basis))
        {
          cp_quote_cell_error (cell, _("%s “%s” is not a price unit (per GPU-hour, node-hour, node-day "
                                       "or node-month)"), cell->header, unit_text);
          return;
        }
      if (price.period != CP_PRICE_PERIOD_NONE
          && (column_basis.period != price.period
              || (column_basis.subject != CP_PRICE_SUBJECT_NONE && price.subject != CP_PRICE_SUBJECT_NONE
                  && column_basis.subject != price.subject)))
        {
          cp_quote_cell_error (cell, _("price “%s” and price unit “%s” disagree"), price_text, unit_text);
          return;
        }
      if (column_basis.currency[0] && price.currency[0] && strcmp (column_basis.currency, price.currency) != 0)
        {
          cp_quote_cell_error (cell, _("price “%s” and price unit “%s” disagree"), price_text, unit_text);
          return;
        }
      if (price.subject == CP_PRICE_SUBJECT_NONE)
        price.subject = column_basis.subject;
      price.period = column_basis.period;
      if (!price.currency[0])
        memcpy (price.currency, column_basis.currency, 4);
      written = g_strdup_printf ("%s %s", price_text, unit_text);
    }
  /* The header's unit is the column's: a bare number is in it, a price
   * that states its own unit keeps it. */
  if (price.period == CP_PRICE_PERIOD_NONE && header_unit != NULL)
    {
      price.subject = header_basis.subject;
      price.period = header_basis.period;
      if (!price.currency[0])
        memcpy (price.currency, header_basis.currency, 4);
      written = g_strdup_printf ("%s %s", price_text, header_unit);
      unit_in_header = TRUE;
    }
  else if (header_unit != NULL && written == NULL
           && (header_basis.period != price.period
               || (header_basis.subject != CP_PRICE_SUBJECT_NONE && header_basis.subject != price.subject)))
    /* Translators: a price as written ("9 元/台/时"), its column's header and the unit in it */
    cp_quote_cell_assume (cell, _("the price “%s” keeps its own unit, not “%s” of its header “%s”"), price_text,
                          header_unit, h->header[CP_QUOTE_COLUMN_PRICE]);
  if (price.period == CP_PRICE_PERIOD_NONE)
    {
      cell->header = h->header[CP_QUOTE_COLUMN_PRICE];
      cp_quote_cell_error (cell, _("price “%s” does not say what it is per (GPU-hour, node-hour, node-day "
                                   "or node-month); write e.g. “12 元/卡/小时” or add a price unit column"),
                  price_text);
      return;
    }
  if (written == NULL)
    written = g_strdup (price_text);

  /* The currency: a column, else the price or its unit, else the project's. */
  if (currency_text && *currency_text)
    {
      cell->header = h->header[CP_QUOTE_COLUMN_CURRENCY];
      if (!cp_parse_currency (currency_text, currency))
        {
          cp_quote_cell_error (cell, _("%s “%s” is not a currency code such as CNY"),
                               cell->header, currency_text);
          return;
        }
      if (price.currency[0] && strcmp (price.currency, currency) != 0)
        {
          cp_quote_cell_error (cell, _("price “%s” and currency “%s” disagree"), price_text, currency_text);
          return;
        }
    }
  else if (price.currency[0])
    g_strlcpy (currency, price.currency, sizeof currency);
  else
    {
      g_strlcpy (currency, default_currency, sizeof currency);
      cp_quote_cell_assume (cell, _("price “%s” names no currency: taken as %s"), written, currency);
    }
  memcpy (price.currency, currency, 4);

  /* The unit, the conversion and the minimum term as the form and the
   * command line take them. */
  cp_quote_set_price_text (quote, &price, written,
                           term_stated || !cp_csv_is_blank (cp_quote_header_field (r, h, CP_QUOTE_COLUMN_MINIMUM_TERM)),
                           cell_settings (cell, &defaults), cell->row->assumptions);
  /* The vendor's own figure stays with a converted quote, for the talk
   * with the vendor and for the report. */
  if (price.period != CP_PRICE_PERIOD_HOUR && !(price.period == CP_PRICE_PERIOD_MONTH
                                                && price.subject != CP_PRICE_SUBJECT_GPU))
    /* Under its header, which names the unit when the cell does not. */
    cp_quote_add_cell_note (quote, h->header[CP_QUOTE_COLUMN_PRICE], unit_in_header ? price_text : written);
}

/* @quote's price read from the column @h maps as the price, into a copy,
 * saying nothing: the copy, or NULL when the cell does not read as a
 * complete price. */
static CpQuote *
try_price_column (const CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, const CpQuote *quote,
                  const char *default_currency, gboolean term_stated)
{
  CpQuoteCsvRow row = { .problems = g_ptr_array_new_with_free_func (g_free),
                        .assumptions = g_ptr_array_new_with_free_func (g_free),
                        .incomplete = g_ptr_array_new_with_free_func (g_free),
                        .warnings = g_ptr_array_new_with_free_func (g_free) };
  CpQuoteCell trial = *cell;
  CpQuote *priced = cp_quote_dup (quote);
  gboolean complete;

  trial.errors = NULL;
  trial.row = &row;
  read_price_column (&trial, r, h, priced, default_currency, term_stated);
  complete = row.problems->len == 0 && row.incomplete->len == 0;
  g_ptr_array_unref (row.problems);
  g_ptr_array_unref (row.assumptions);
  g_ptr_array_unref (row.incomplete);
  g_ptr_array_unref (row.warnings);
  if (!complete)
    g_clear_pointer (&priced, cp_quote_free);
  return priced;
}

/* What one machine of @quote costs, billed, for @hours of use. */
static double
billed_per_node (const CpQuote *quote, const CpSettings *settings, double hours)
{
  return cp_quote_price_per_gpu_hour (quote, settings) * quote->gpus_per_node
         * cp_quote_billed_hours (quote, settings, hours);
}

/* A row with two prices for its machines ("17.50" per card-hour and
 * "92,000" per machine-month): a quote holds one price, so it takes the
 * one that bills less over the shortest rental both prices allow (the
 * longer of their minimum terms, a month for a monthly price stating
 * none), the least the team can rent these machines for; the other stays
 * in the quote's notes, both said in the row's assumptions. One filled
 * cell is the row's price; with either unreadable, the mapped column is
 * read alone, as it is without a second price column. */
void
cp_quote_cell_parse_price (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, CpQuote *quote,
                           const char *default_currency, gboolean term_stated)
{
  CpQuoteHeader other = *h;
  g_autoptr(CpQuote) mapped_priced = NULL;
  g_autoptr(CpQuote) other_priced = NULL;
  const CpQuoteHeader *chosen = h, *passed = &other;
  CpSettings defaults;
  const CpSettings *settings = cell_settings (cell, &defaults);
  double span_h, chosen_cost, passed_cost;
  char hours[G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *chosen_text = NULL;
  g_autofree char *passed_text = NULL;

  if (h->other_price_index < 0)
    {
      read_price_column (cell, r, h, quote, default_currency, term_stated);
      return;
    }
  other.index[CP_QUOTE_COLUMN_PRICE] = h->other_price_index;
  other.header[CP_QUOTE_COLUMN_PRICE] = h->other_price_header;
  other.hint[CP_QUOTE_COLUMN_PRICE] = h->other_price_hint;
  if (cp_csv_is_blank (cp_quote_header_field (r, &other, CP_QUOTE_COLUMN_PRICE)))
    {
      read_price_column (cell, r, h, quote, default_currency, term_stated);
      return;
    }
  if (cp_csv_is_blank (cp_quote_header_field (r, h, CP_QUOTE_COLUMN_PRICE)))
    {
      read_price_column (cell, r, &other, quote, default_currency, term_stated);
      return;
    }
  mapped_priced = try_price_column (cell, r, h, quote, default_currency, term_stated);
  other_priced = try_price_column (cell, r, &other, quote, default_currency, term_stated);
  if (mapped_priced == NULL || other_priced == NULL || strcmp (mapped_priced->currency, other_priced->currency) != 0)
    {
      read_price_column (cell, r, mapped_priced == NULL && other_priced != NULL ? &other : h, quote,
                         default_currency, term_stated);
      return;
    }

  span_h = MAX (1, MAX (cp_quote_minimum_term_h (mapped_priced, settings),
                        cp_quote_minimum_term_h (other_priced, settings)));
  chosen_cost = billed_per_node (mapped_priced, settings, span_h);
  passed_cost = billed_per_node (other_priced, settings, span_h);
  if (passed_cost < chosen_cost)
    {
      double swap = chosen_cost;

      chosen_cost = passed_cost;
      passed_cost = swap;
      chosen = &other;
      passed = h;
    }
  read_price_column (cell, r, chosen, quote, default_currency, term_stated);
  chosen_text = g_strstrip (g_strdup (cp_quote_header_field (r, chosen, CP_QUOTE_COLUMN_PRICE)));
  passed_text = g_strstrip (g_strdup (cp_quote_header_field (r, passed, CP_QUOTE_COLUMN_PRICE)));
  cp_quote_add_cell_note (quote, passed->header[CP_QUOTE_COLUMN_PRICE], passed_text);
  /* Translators: the price taken (header, cell), the one kept in the notes
   * (header, cell), hours, then what each costs one machine over those hours and the currency */
  cp_quote_cell_assume (cell, _("two prices: %s “%s” is the quote’s price, %s “%s” is kept in its notes: over "
                                "%s h, the shortest rental both allow, one machine costs %.0f %s at the first and "
                                "%.0f %s at the second"),
                        chosen->header[CP_QUOTE_COLUMN_PRICE], chosen_text, passed->header[CP_QUOTE_COLUMN_PRICE],
                        passed_text, cp_format_double_shortest (span_h, hours), chosen_cost, quote->currency,
                        passed_cost, quote->currency);
}

/* "8×A800", "A800*8", "H800 x 8", "8卡 H800", "4090 8卡": the GPU and
 * how many of them a node has, in the GPU cell. */
char *
cp_quote_price_split_gpu_count (const char *text, guint *count)
{
  static const char * const patterns[] = {
    "^\\s*(\\d{1,3})\\s*(?:×|x|X|\\*|卡|张|块)\\s*(.+?)\\s*$",
    "^\\s*(.+?)\\s*(?:×|x|X|\\*)\\s*(\\d{1,3})\\s*(?:卡|张|块)?\\s*$",
    "^\\s*(.+?)\\s+(\\d{1,3})\\s*(?:卡|张|块)\\s*$",
  };
  static gsize regexes[G_N_ELEMENTS (patterns)];

  /* Each pattern needs a count that g_ascii_strtoull() reads and a sign
   * of a count ("×", "*", "卡"…): a text without an ASCII digit or such a
   * sign (most cells a sheet's columns are tried as) is left to no regex,
   * a tenth of reading a sheet (issue 24). */
  if (strpbrk (text, "0123456789") == NULL
      || (strpbrk (text, "xX*") == NULL && strstr (text, "×") == NULL && strstr (text, "卡") == NULL
          && strstr (text, "张") == NULL && strstr (text, "块") == NULL))
    {
      *count = 0;
      return g_strdup (text);
    }
  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    {
      GRegex *regex = cp_quote_regex_once (&regexes[i], patterns[i], G_REGEX_DEFAULT);
      g_autoptr(GMatchInfo) match = NULL;

      if (g_regex_match (regex, text, 0, &match))
        {
          g_autofree char *number = g_match_info_fetch (match, i == 0 ? 1 : 2);
          guint64 n = g_ascii_strtoull (number, NULL, 10);
          if (n >= 1 && n <= 256)
            {
              *count = (guint) n;
              return g_match_info_fetch (match, i == 0 ? 2 : 1);
            }
        }
    }
  *count = 0;
  return g_strdup (text);
}

/* A GPUs-per-node cell as vendors fill it: "8", "8卡", "8 GPUs", "8张",
 * or with the GPU: "8*H100", "8×H800", "8 x A100", "A800×8". FALSE when
 * @text is none of these; @name (the GPU named, or NULL) is then NULL. */
gboolean
cp_quote_read_gpu_count (const char *text, guint *count, char **name)
{
  g_autofree char *rest = NULL;

  *name = NULL;
  /* "8", "8卡", "8 GPUs", as the quote form reads a count of GPUs. */
  if (cp_parse_count_of (text, CP_PRICE_SUBJECT_GPU, count, NULL))
    return TRUE;
  rest = cp_quote_price_split_gpu_count (text, count);
  if (*count == 0)
    return FALSE;
  *name = g_steal_pointer (&rest);
  return TRUE;
}

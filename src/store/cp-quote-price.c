/* cp-quote-price.c: prices, units, numbers, dates and hours as vendors write them.
 *
 * Owns "12.5 元/卡/时", "68,000 元/台/月", "¥/GPU/h", "按月" (what a price
 * is per and in which currency), turning a per-day or per-GPU-month price
 * into the model's units with what was assumed, digit grouping, "3个月起"
 * as hours, dates and GPU counts ("8卡", "8×H800"). The amount itself is
 * read by the planner's cp_parse_price(), as the quote form reads it. */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-units.h"

#include "cp-quote-cells.h"
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
  g_autofree char *plain = g_strdup (text);
  CpPriceUnit unit;
  gboolean unit_found;
  char *slash;

  for (char *w = plain, *r = plain; ; r++)
    {
      if (!(*r == ',' && r > plain && g_ascii_isdigit (r[-1]) && g_ascii_isdigit (r[1])))
        *w++ = *r;
      if (*r == '\0')
        break;
    }
  if (cp_parse_price (plain, out, &unit, &unit_found, currency, NULL) && *out >= 0)
    return TRUE;
  /* Fees carry units the price parser does not know ("元/TB/月"): the
   * column says what they are per. */
  slash = strchr (plain, '/');
  if (slash)
    *slash = '\0';
  if (cp_parse_price (plain, out, &unit, &unit_found, currency, NULL) && *out >= 0)
    return TRUE;
  cp_quote_cell_not_a_number (cell, text);
  return FALSE;
}

static gboolean
parse_currency (const char *text, char out[4])
{
  static const struct { const char *word; const char *code; } words[] = {
    { "人民币", "CNY" }, { "元", "CNY" }, { "RMB", "CNY" }, { "¥", "CNY" }, { "￥", "CNY" },
    { "美元", "USD" }, { "$", "USD" }, { "US$", "USD" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (g_ascii_strcasecmp (text, words[i].word) == 0)
      {
        g_strlcpy (out, words[i].code, 4);
        return TRUE;
      }
  if (strlen (text) == 3 && g_ascii_isalpha (text[0]) && g_ascii_isalpha (text[1])
      && g_ascii_isalpha (text[2]))
    {
      for (guint i = 0; i < 3; i++)
        out[i] = g_ascii_toupper (text[i]);
      out[3] = '\0';
      return TRUE;
    }
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

/* Chinese numerals as vendors write short terms ("三个月", "一天"). */
static char *
replace_chinese_numeral (const char *text)
{
  static const char * const numerals[] = {
    "零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十",
  };

  for (guint i = 0; i < G_N_ELEMENTS (numerals); i++)
    if (g_str_has_prefix (text, numerals[i]))
      return g_strdup_printf ("%u%s", i, text + strlen (numerals[i]));
  if (g_str_has_prefix (text, "两"))
    return g_strdup_printf ("2%s", text + strlen ("两"));
  return g_strdup (text);
}

static gboolean
strip_suffix (char *text, const char *suffix)
{
  if (!g_str_has_suffix (text, suffix))
    return FALSE;
  text[strlen (text) - strlen (suffix)] = '\0';
  g_strchomp (text);
  return TRUE;
}

/* "1小时", "1天", "1个月", "3个月起", "1 week", "72h", "无": hours. A month
 * is the project's hours per month, said in the row's assumptions. */
gboolean
cp_quote_cell_parse_hours (CpQuoteCell *cell, const char *text, double *out)
{
  static const char * const none_words[] = {
    "无", "不限", "none", "no", "按需", "随用随停", "-", "—",
  };
  static const char * const trailing[] = { "起租", "起", "以上", "minimum", "min" };
  static const char * const leading[] = { "按", "包", "至少", "最短", "最少" };
  static const struct { const char *unit; double hours; } units[] = {
    { "hours", 1 }, { "hour", 1 }, { "小时", 1 }, { "时", 1 }, { "hrs", 1 }, { "hr", 1 }, { "h", 1 },
    { "days", 24 }, { "day", 24 }, { "天", 24 }, { "日", 24 }, { "d", 24 },
    { "weeks", 168 }, { "week", 168 }, { "周", 168 }, { "w", 168 },
    { "months", -1 }, { "month", -1 }, { "个月", -1 }, { "月", -1 }, { "mo", -1 },
    { "years", -12 }, { "year", -12 }, { "年", -12 },
  };
  g_autofree char *lower = g_utf8_strdown (text, -1);
  g_autofree char *copy = replace_chinese_numeral (g_strstrip (lower));
  double scale = 1;

  for (guint i = 0; i < G_N_ELEMENTS (none_words); i++)
    if (strcmp (copy, none_words[i]) == 0)
      {
        *out = 0;
        return TRUE;
      }
  for (guint i = 0; i < G_N_ELEMENTS (trailing); i++)
    strip_suffix (copy, trailing[i]);
  /* "按月", "包月", "至少1个月": by the month, at least a month. */
  for (guint i = 0; i < G_N_ELEMENTS (leading); i++)
    if (g_str_has_prefix (copy, leading[i]))
      memmove (copy, copy + strlen (leading[i]), strlen (copy) - strlen (leading[i]) + 1);
  g_strchug (copy);

  /* The longest unit that ends the text: "month" before "h". */
  {
    int best = -1;
    for (guint i = 0; i < G_N_ELEMENTS (units); i++)
      if (g_str_has_suffix (copy, units[i].unit)
          && (best < 0 || strlen (units[i].unit) > strlen (units[best].unit)))
        best = (int) i;
    if (best >= 0)
      {
        guint i = (guint) best;
        strip_suffix (copy, units[i].unit);
        scale = units[i].hours;
        if (scale < 0)
          {
            double per_month = cell->project ? cell->project->settings.hours_per_month : 730;
            char hours[G_ASCII_DTOSTR_BUF_SIZE];
            scale *= -per_month;
            cp_quote_cell_assume (cell, _("%s “%s”: a month taken as %s hours (the project’s hours per month)"),
                                  cell->header, text, cp_format_double_shortest (per_month, hours));
          }
      }
  }
  /* "按月", "月": one of them. */
  if (!cp_quote_cell_parse_number (cell, *copy ? copy : "1", out))
    return FALSE;
  *out *= scale;
  return TRUE;
}

typedef enum { PER_NOTHING, PER_GPU, PER_NODE } PriceSubject;
typedef enum { PERIOD_NONE, PERIOD_HOUR, PERIOD_DAY, PERIOD_WEEK, PERIOD_MONTH, PERIOD_YEAR } PricePeriod;

typedef struct {
  PriceSubject subject;
  PricePeriod  period;
  char         currency[4];   /* "" when the unit names none */
} PriceBasis;

static const char *
eat_any (const char *p, const char * const *words, gsize n_words)
{
  /* Longest first is the caller's order. */
  for (gsize i = 0; i < n_words; i++)
    if (g_str_has_prefix (p, words[i]))
      return p + strlen (words[i]);
  return NULL;
}

/* "元/卡/小时", "元/卡/时", "卡时", "元/台/天", "元/台·月", "¥/GPU/h",
 * "/node/month", "USD per GPU-hour", "按月", "包月", "每台每天": what a
 * price is per. FALSE when @text is not such a unit. */
static gboolean
read_price_basis (const char *text, PriceBasis *basis)
{
  static const char * const gpu_words[] = {
    "gpus", "gpu", "cards", "card", "卡", "张", "颗",
  };
  static const char * const node_words[] = {
    "nodes", "node", "servers", "server", "machines", "machine", "instances", "instance",
    "服务器", "节点", "实例", "整机", "台", "机",
  };
  static const struct { const char *word; PricePeriod period; } periods[] = {
    { "hours", PERIOD_HOUR }, { "hour", PERIOD_HOUR }, { "hrs", PERIOD_HOUR }, { "hr", PERIOD_HOUR },
    { "小时", PERIOD_HOUR }, { "时", PERIOD_HOUR }, { "h", PERIOD_HOUR },
    { "days", PERIOD_DAY }, { "day", PERIOD_DAY }, { "天", PERIOD_DAY }, { "日", PERIOD_DAY },
    { "d", PERIOD_DAY },
    { "weeks", PERIOD_WEEK }, { "week", PERIOD_WEEK }, { "周", PERIOD_WEEK }, { "wk", PERIOD_WEEK },
    { "months", PERIOD_MONTH }, { "month", PERIOD_MONTH }, { "个月", PERIOD_MONTH },
    { "月", PERIOD_MONTH }, { "mo", PERIOD_MONTH },
    { "years", PERIOD_YEAR }, { "year", PERIOD_YEAR }, { "年", PERIOD_YEAR }, { "yr", PERIOD_YEAR },
  };
  static const struct { const char *word; const char *code; } currencies[] = {
    { "人民币", "CNY" }, { "美元", "USD" }, { "us$", "USD" }, { "cny", "CNY" }, { "rmb", "CNY" },
    { "usd", "USD" }, { "¥", "CNY" }, { "￥", "CNY" }, { "元", "CNY" }, { "块", "CNY" },
    { "$", "USD" },
  };
  g_autofree char *lower = g_utf8_strdown (text, -1);
  g_autoptr(GString) s = g_string_new (NULL);
  g_auto(GStrv) words = NULL;
  const char *p;

  memset (basis, 0, sizeof *basis);
  /* Spaces, hyphens and dots join ("GPU-hour", "GPU·h"); "per" as a word,
   * "每", "／" and "·" separate like "/". */
  for (p = lower; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gboolean word_start = p == lower || strchr (" -_./", p[-1]) != NULL;

      if (word_start && g_str_has_prefix (p, "per") && (p[3] == '\0' || strchr (" -_", p[3])))
        {
          g_string_append_c (s, '/');
          p += 2;   /* the loop steps over the "r" */
          continue;
        }
      if (c == ' ' || c == '-' || c == '_' || c == '.')
        continue;
      if (c == 0x6bcf /* 每 */ || c == 0xff0f /* ／ */ || c == 0xb7 /* · */ || c == 0x30fb /* ・ */)
        g_string_append_c (s, '/');
      else
        g_string_append_unichar (s, c);
    }

  words = g_strsplit (s->str, "/", -1);
  for (guint i = 0; words[i]; i++)
    {
      const char *w = words[i];
      const char *next;

      /* "按卡时", "包月": by the card-hour, by the month. */
      if (g_str_has_prefix (w, "按") || g_str_has_prefix (w, "包"))
        w += strlen ("按");
      for (gsize c = 0; c < G_N_ELEMENTS (currencies) && *w; c++)
        if (g_str_has_prefix (w, currencies[c].word))
          {
            g_strlcpy (basis->currency, currencies[c].code, sizeof basis->currency);
            w += strlen (currencies[c].word);
            break;
          }
      if (*w == '\0')
        continue;
      if ((next = eat_any (w, gpu_words, G_N_ELEMENTS (gpu_words))) != NULL)
        {
          if (basis->subject != PER_NOTHING)
            return FALSE;
          basis->subject = PER_GPU;
          w = next;
        }
      else if ((next = eat_any (w, node_words, G_N_ELEMENTS (node_words))) != NULL)
        {
          if (basis->subject != PER_NOTHING)
            return FALSE;
          basis->subject = PER_NODE;
          w = next;
        }
      if (*w == '\0')
        continue;
      for (gsize k = 0; k < G_N_ELEMENTS (periods); k++)
        if (strcmp (w, periods[k].word) == 0)
          {
            if (basis->period != PERIOD_NONE)
              return FALSE;
            basis->period = periods[k].period;
            w = "";
            break;
          }
      if (*w != '\0')
        return FALSE;
    }
  return basis->period != PERIOD_NONE;
}

/* The unit ids the exporter writes ("per-node-month") and the words of
 * read_price_basis(). */
static gboolean
read_price_unit_text (const char *text, PriceBasis *basis)
{
  CpPriceUnit unit;

  if (cp_price_unit_from_string (text, &unit))
    {
      memset (basis, 0, sizeof *basis);
      basis->subject = unit == CP_PRICE_PER_GPU_HOUR ? PER_GPU : PER_NODE;
      basis->period = unit == CP_PRICE_PER_NODE_MONTH ? PERIOD_MONTH : PERIOD_HOUR;
      return TRUE;
    }
  return read_price_basis (text, basis);
}

/* Where the unit starts in a price cell: "68,000元/台/月" → "/台/月"
 * (the currency before it stays with the number), "2.5 USD per GPU-hour". */
const char *
cp_quote_price_find_unit (const char *text)
{
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      if (*p == '/' || g_str_has_prefix (p, "每") || g_str_has_prefix (p, "／") ||
          g_str_has_prefix (p, "按") || g_str_has_prefix (p, "包"))
        return p;
      if (g_ascii_strncasecmp (p, "per", 3) == 0 && (p == text || !g_ascii_isalpha (p[-1]))
          && !g_ascii_isalpha (p[3]))
        return p;
    }
  return NULL;
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

/* Turns what the vendor wrote into one of the model's units, saying how:
 * a day is 24 hours, a week 168, a year 12 months, a GPU-month the node's
 * GPUs times it; a month stays a month (the project's hours per month
 * turn it into hours where needed). */
static void
set_price (CpQuoteCell *cell, CpQuote *quote, const PriceBasis *basis, double amount,
           const char *written)
{
  double gpus = quote->gpus_per_node;
  double per_month = cell->project ? cell->project->settings.hours_per_month : 730;
  gboolean gpu = basis->subject == PER_GPU;
  gboolean converted = TRUE;

  switch (basis->period)
    {
    case PERIOD_HOUR:
      quote->price_unit = gpu ? CP_PRICE_PER_GPU_HOUR : CP_PRICE_PER_NODE_HOUR;
      quote->price = amount;
      converted = FALSE;
      if (basis->subject == PER_NOTHING)
        cp_quote_cell_assume (cell, _("price “%s” names neither GPU nor node: taken as per node-hour"),
                              written);
      break;
    case PERIOD_DAY:
    case PERIOD_WEEK:
      {
        double day_hours = basis->period == PERIOD_DAY ? 24 : 168;
        quote->price_unit = gpu ? CP_PRICE_PER_GPU_HOUR : CP_PRICE_PER_NODE_HOUR;
        quote->price = amount / day_hours;
        cp_quote_cell_assume (cell, basis->period == PERIOD_DAY
                           ? _("price “%s” is per day: divided by 24 hours")
                           : _("price “%s” is per week: divided by 168 hours"), written);
      }
      break;
    case PERIOD_MONTH:
    case PERIOD_YEAR:
      {
        double months = basis->period == PERIOD_YEAR ? 12 : 1;
        char hours[G_ASCII_DTOSTR_BUF_SIZE];
        quote->price_unit = CP_PRICE_PER_NODE_MONTH;
        quote->price = amount / months * (gpu ? gpus : 1);
        converted = gpu || months > 1;
        if (basis->period == PERIOD_YEAR)
          cp_quote_cell_assume (cell, _("price “%s” is per year: divided by 12 months"), written);
        if (gpu)
          cp_quote_cell_assume (cell, _("price “%s” is per GPU-month: multiplied by the node’s %u GPUs"),
                                written, quote->gpus_per_node);
        cp_quote_cell_assume (cell, _("a node-month is %s hours (the project’s hours per month)"),
                              cp_format_double_shortest (per_month, hours));
      }
      break;
    case PERIOD_NONE:
    default:
      g_assert_not_reached ();
    }

  /* The vendor's own figure stays with the quote, for the conversation
   * with the vendor and for the report. */
  if (converted)
    {
      g_autofree char *line = g_strdup_printf (_("Vendor’s price: %s"), written);
      char *notes = quote->notes ? g_strconcat (quote->notes, "\n", line, NULL) : g_strdup (line);
      g_free (quote->notes);
      quote->notes = notes;
    }
}

/* A price by the day, week, month or year with no minimum term stated is
 * not one to rent for an hour: the vendor bills at least the period the
 * price is for, so a short job pays the whole period. */
static void
assume_billing_period_term (CpQuoteCell *cell, CpQuote *quote, PricePeriod period)
{
  double per_month = cell->project ? cell->project->settings.hours_per_month : 730;

  switch (period)
    {
    case PERIOD_DAY:
      quote->minimum_term_h = 24;
      cp_quote_cell_assume (cell, _("minimum term: one day, as the price is per day — not stated"));
      break;
    case PERIOD_WEEK:
      quote->minimum_term_h = 168;
      cp_quote_cell_assume (cell, _("minimum term: one week, as the price is per week — not stated"));
      break;
    case PERIOD_MONTH:
      quote->minimum_term_h = per_month;
      cp_quote_cell_assume (cell, _("minimum term: one month, as the price is per month — not stated"));
      break;
    case PERIOD_YEAR:
      quote->minimum_term_h = 12 * per_month;
      cp_quote_cell_assume (cell, _("minimum term: one year, as the price is per year — not stated"));
      break;
    case PERIOD_HOUR:
    case PERIOD_NONE:
    default:
      break;
    }
}

void
cp_quote_cell_parse_price (CpQuoteCell *cell, const CpCsvRecord *r, const CpQuoteHeader *h, CpQuote *quote,
                           const char *default_currency)
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
  const char *unit_in_cell;
  char number_currency[4] = "";
  char currency[4] = "";
  PriceBasis basis = { 0 }, column_basis;
  gboolean basis_found = FALSE;
  CpPriceUnit ignored_unit;
  gboolean unit_in_number = FALSE;
  double amount;

  cell->header = h->header[CP_QUOTE_COLUMN_PRICE];
  cell->hint = NULL;
  if (price_text == NULL || *price_text == '\0')
    {
      g_ptr_array_add (cell->row->incomplete,
                       g_strdup_printf (_("no price: %s is empty"), cell->header));
      return;
    }

  plain = cp_quote_price_drop_digit_grouping (price_text);
  unit_in_cell = cp_quote_price_find_unit (plain);
  if (unit_in_cell)
    {
      g_autofree char *number = g_strndup (plain, unit_in_cell - plain);
      if (!read_price_basis (unit_in_cell, &basis))
        {
          cp_quote_cell_error (cell, _("%s “%s”: “%s” is not a price unit (per GPU-hour, node-hour, "
                                       "node-day or node-month)"), cell->header, price_text, unit_in_cell);
          return;
        }
      basis_found = TRUE;
      if (!cp_parse_price (number, &amount, &ignored_unit, &unit_in_number, number_currency, &local))
        {
          cp_quote_cell_not_a_number (cell, price_text);
          return;
        }
    }
  else if (!cp_parse_price (plain, &amount, &ignored_unit, &unit_in_number, number_currency, &local))
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
  if (amount < 0)
    {
      cp_quote_cell_error (cell, _("%s “%s” is negative"), cell->header, price_text);
      return;
    }
  /* No vendor gives compute away: 0 is a price not filled in yet. */
  if (amount == 0)
    g_ptr_array_add (cell->row->incomplete,
                     g_strdup_printf (_("no price: %s is “%s”"), cell->header, price_text));

  if (unit_text && *unit_text)
    {
      cell->header = h->header[CP_QUOTE_COLUMN_PRICE_UNIT];
      if (!read_price_unit_text (unit_text, &column_basis))
        {
          cp_quote_cell_error (cell, _("%s “%s” is not a price unit (per GPU-hour, node-hour, node-day "
                                       "or node-month)"), cell->header, unit_text);
          return;
        }
      if (basis_found && (column_basis.period != basis.period
                          || (column_basis.subject != PER_NOTHING && basis.subject != PER_NOTHING
                              && column_basis.subject != basis.subject)))
        {
          cp_quote_cell_error (cell, _("price “%s” and price unit “%s” disagree"), price_text, unit_text);
          return;
        }
      if (!basis_found || basis.subject == PER_NOTHING)
        {
          char cell_currency[4];
          memcpy (cell_currency, basis.currency, 4);
          basis = column_basis;
          if (cell_currency[0])
            memcpy (basis.currency, cell_currency, 4);
        }
      else if (!basis.currency[0])
        memcpy (basis.currency, column_basis.currency, 4);
      basis_found = TRUE;
      written = g_strdup_printf ("%s %s", price_text, unit_text);
    }
  if (!basis_found && h->hint[CP_QUOTE_COLUMN_PRICE])
    {
      basis_found = read_price_unit_text (h->hint[CP_QUOTE_COLUMN_PRICE], &basis);
      if (basis_found)
        written = g_strdup_printf ("%s %s", price_text, h->hint[CP_QUOTE_COLUMN_PRICE]);
    }
  if (!basis_found)
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
  if (number_currency[0] && basis.currency[0] && strcmp (number_currency, basis.currency) != 0)
    {
      cp_quote_cell_error (cell, _("“%s” names two different currencies"), written);
      return;
    }
  if (number_currency[0] == '\0')
    memcpy (number_currency, basis.currency, 4);
  if (currency_text && *currency_text)
    {
      cell->header = h->header[CP_QUOTE_COLUMN_CURRENCY];
      if (!parse_currency (currency_text, currency))
        {
          cp_quote_cell_error (cell, _("%s “%s” is not a currency code such as CNY"),
                               cell->header, currency_text);
          return;
        }
      if (number_currency[0] && strcmp (number_currency, currency) != 0)
        {
          cp_quote_cell_error (cell, _("price “%s” and currency “%s” disagree"), price_text, currency_text);
          return;
        }
    }
  else if (number_currency[0])
    g_strlcpy (currency, number_currency, sizeof currency);
  else
    {
      g_strlcpy (currency, default_currency, sizeof currency);
      cp_quote_cell_assume (cell, _("price “%s” names no currency: taken as %s"), written, currency);
    }
  memcpy (quote->currency, currency, 4);
  set_price (cell, quote, &basis, amount, written);
  if (cp_csv_is_blank (cp_quote_header_field (r, h, CP_QUOTE_COLUMN_MINIMUM_TERM)))
    assume_billing_period_term (cell, quote, basis.period);
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

  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    {
      g_autoptr(GRegex) regex = g_regex_new (patterns[i], G_REGEX_DEFAULT, G_REGEX_MATCH_DEFAULT, NULL);
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
  g_autoptr(GRegex) plain = g_regex_new ("^\\s*(\\d+)\\s*(?:卡|张|块|颗|gpus?|cards?)?\\s*$",
                                         G_REGEX_CASELESS, G_REGEX_MATCH_DEFAULT, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *rest = NULL;

  *name = NULL;
  if (g_regex_match (plain, text, 0, &match))
    {
      g_autofree char *number = g_match_info_fetch (match, 1);
      guint64 n = g_ascii_strtoull (number, NULL, 10);
      *count = (guint) MIN (n, G_MAXUINT);
      return TRUE;
    }
  rest = cp_quote_price_split_gpu_count (text, count);
  if (*count == 0)
    return FALSE;
  *name = g_steal_pointer (&rest);
  return TRUE;
}

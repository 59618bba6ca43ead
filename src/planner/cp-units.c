/* cp-units.c: numbers as people type them and vendors write them.
 *
 * Everything here is decimal with a '.' point whatever the locale, so that a
 * figure copied from a quote or a paper means the same on every machine.
 *
 * Price units: a price that names a GPU or card ("/GPU/h", "元/卡/小时",
 * "/卡时") is per GPU-hour; one that names only a time ("元/小时", "/h") is
 * what a machine costs, so per node-hour; "/月", "/month", "元/台/月" are per
 * node-month. Vendors rent whole machines by the month, so a month price
 * without "per card" is per node. A price by the day or the week becomes
 * one by the hour (24 and 168 of them), by the year one by the month, and
 * a month per card the node's cards' month (cp_price_text_to_model()).
 */
#include "config.h"

#include "cp-units.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

/* Far beyond any count, byte size or price the planner handles, yet small
 * enough that products of two of them stay finite. */
#define CP_UNITS_MAX 1e30

G_DEFINE_QUARK (cp-units-error-quark, cp_units_error)

/* A unit suffix: a power of ten (shifts the exponent) or, for binary
 * prefixes, a factor. */
typedef struct {
  const char *text;
  int         pow10;
  double      factor;
} Suffix;

/* Full-width forms (U+FF01–U+FF5E) become ASCII and the odd spaces plain
 * ones, so "１２．５元／小时" and "￥30000" read like their half-width forms. */
static char *
normalise (const char *text)
{
  GString *out = g_string_sized_new (strlen (text));

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c >= 0xFF01 && c <= 0xFF5E)
        c -= 0xFEE0;
      else if (c == 0x3000 || c == 0x00A0 || c == 0x202F || c == '\t')
        c = ' ';
      else if (c == 0xFFE5)   /* ￥ */
        c = 0x00A5;           /* ¥ */
      g_string_append_unichar (out, c);
    }

  g_strstrip (out->str);
  out->len = strlen (out->str);
  return g_string_free (out, FALSE);
}

static const char *
skip_spaces (const char *p)
{
  while (*p == ' ')
    p++;
  return p;
}

static gboolean
check_text (const char  *text,
            GError     **error)
{
  if (text == NULL || *text == '\0')
    {
      g_set_error_literal (error, CP_UNITS_ERROR, CP_UNITS_ERROR_EMPTY,
                           _("No value was given"));
      return FALSE;
    }
  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error_literal (error, CP_UNITS_ERROR, CP_UNITS_ERROR_SYNTAX,
                           _("The value is not valid UTF-8 text"));
      return FALSE;
    }
  return TRUE;
}

/* A decimal number as written: the digits and the power of ten are kept
 * apart so that suffixes shift the exponent ("1.4T" is read as 1.4e12,
 * exactly, rather than 1.4 × 10^12 with a rounding error). */
typedef struct {
  char     *mantissa;
  int       exponent;
  gboolean  negative;
} Number;

static void
number_clear (Number *n)
{
  g_clear_pointer (&n->mantissa, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Number, number_clear)

static double
number_value (const Number *n,
              int           extra_exponent)
{
  g_autofree char *text = g_strdup_printf ("%s%se%d", n->negative ? "-" : "",
                                           n->mantissa, n->exponent + extra_exponent);

  return g_ascii_strtod (text, NULL);
}

/* Reads a decimal number at @p: sign, digits with optional thousands
 * separators ("25,000"), fraction, exponent. Deliberately narrower than
 * strtod: no "inf", "nan" or hexadecimal. */
static gboolean
scan_number (const char  *p,
             Number      *n,
             const char **end)
{
  g_autoptr(GString) digits = g_string_new (NULL);
  guint n_digits = 0;

  n->negative = FALSE;
  n->exponent = 0;
  if (*p == '+' || *p == '-')
    {
      n->negative = *p == '-';
      p++;
      p = skip_spaces (p);
    }

  while (g_ascii_isdigit (*p) ||
         (*p == ',' && n_digits > 0 &&
          g_ascii_isdigit (p[1]) && g_ascii_isdigit (p[2]) && g_ascii_isdigit (p[3]) &&
          !g_ascii_isdigit (p[4])))
    {
      if (*p != ',')
        {
          g_string_append_c (digits, *p);
          n_digits++;
        }
      p++;
    }
  if (*p == '.')
    {
      g_string_append_c (digits, '.');
      p++;
      while (g_ascii_isdigit (*p))
        {
          g_string_append_c (digits, *p++);
          n_digits++;
        }
    }
  if (n_digits == 0)
    return FALSE;
  if ((*p == 'e' || *p == 'E') &&
      (g_ascii_isdigit (p[1]) ||
       ((p[1] == '+' || p[1] == '-') && g_ascii_isdigit (p[2]))))
    {
      gboolean negative_exponent = FALSE;
      int exponent = 0;

      p++;
      if (*p == '+' || *p == '-')
        negative_exponent = *p++ == '-';
      /* Past 10^±9999 every value is out of range or zero anyway. */
      for (; g_ascii_isdigit (*p); p++)
        exponent = MIN (exponent * 10 + (*p - '0'), 9999);
      n->exponent = negative_exponent ? -exponent : exponent;
    }

  n->mantissa = g_string_free (g_steal_pointer (&digits), FALSE);
  *end = p;
  return TRUE;
}

static gboolean
check_range (const char  *text,
             double       value,
             GError     **error)
{
  if (!isfinite (value) || fabs (value) > CP_UNITS_MAX)
    {
      g_set_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_RANGE,
                   _("“%s” is too large"), text);
      return FALSE;
    }
  if (value < 0)
    {
      g_set_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_RANGE,
                   _("“%s” must not be negative"), text);
      return FALSE;
    }
  return TRUE;
}

static void
set_not_a_number (GError     **error,
                  const char  *text)
{
  g_set_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_SYNTAX,
               _("“%s” is not a number"), text);
}

/* Whether what follows a number is a decimal comma ("12,25", as much of
 * Europe writes it); said so, else the reader's "unknown unit ‘,25’"
 * leaves the user guessing (walkthrough 14). The reader takes a comma
 * only between thousands ("25,000"). */
static gboolean
set_decimal_comma (GError     **error,
                   const char  *text,
                   const char  *after_number)
{
  if (after_number[0] != ',' || !g_ascii_isdigit (after_number[1]))
    return FALSE;
  g_set_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_SYNTAX,
               _("“%s”: write decimals with a point, such as 12.25; a comma only separates thousands, "
                 "such as 25,000"),
               text);
  return TRUE;
}

static void
set_unknown_unit (GError     **error,
                  const char  *unit)
{
  g_set_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT,
               _("unknown unit “%s”"), unit);
}

/* Exact match of @unit in @table; @fold compares ASCII letters without case. */
static const Suffix *
lookup_suffix (const Suffix *table,
               gsize         n,
               const char   *unit,
               gboolean      fold)
{
  for (gsize i = 0; i < n; i++)
    if (fold ? g_ascii_strcasecmp (table[i].text, unit) == 0
             : strcmp (table[i].text, unit) == 0)
      return &table[i];
  return NULL;
}

/* Parses "number suffix" with @table; shared by counts and bytes. */
static gboolean
parse_with_suffix (const char   *text,
                   const Suffix *table,
                   gsize         n_table,
                   gboolean      fold,
                   double       *out,
                   GError      **error)
{
  g_autofree char *norm = NULL;
  g_auto(Number) number = { 0 };
  const Suffix *suffix;
  const char *p;
  double value;

  if (!check_text (text, error))
    return FALSE;
  norm = normalise (text);
  if (*norm == '\0')
    {
      g_set_error_literal (error, CP_UNITS_ERROR, CP_UNITS_ERROR_EMPTY,
                           _("No value was given"));
      return FALSE;
    }
  if (!scan_number (norm, &number, &p))
    {
      set_not_a_number (error, text);
      return FALSE;
    }
  p = skip_spaces (p);
  suffix = lookup_suffix (table, n_table, p, fold);
  if (suffix == NULL)
    {
      if (!set_decimal_comma (error, text, p))
        set_unknown_unit (error, p);
      return FALSE;
    }
  value = number_value (&number, suffix->pow10) * suffix->factor;
  if (!check_range (text, value, error))
    return FALSE;

  *out = value;
  return TRUE;
}

gboolean
cp_parse_count (const char  *text,
                double      *out,
                GError     **error)
{
  /* k/M/B/T as in "7B parameters" and "2T tokens"; G is the same as B
   * ("400G tokens"); 万 and 亿 as Chinese writes them. */
  static const Suffix suffixes[] = {
    { "", 0, 1 },
    { "k", 3, 1 }, { "K", 3, 1 }, { "千", 3, 1 },
    { "万", 4, 1 },
    { "M", 6, 1 }, { "m", 6, 1 }, { "百万", 6, 1 },
    { "亿", 8, 1 },
    { "B", 9, 1 }, { "b", 9, 1 }, { "G", 9, 1 }, { "g", 9, 1 }, { "十亿", 9, 1 },
    { "T", 12, 1 }, { "t", 12, 1 }, { "万亿", 12, 1 },
  };

  return parse_with_suffix (text, suffixes, G_N_ELEMENTS (suffixes), FALSE, out, error);
}

gboolean
cp_parse_bytes (const char  *text,
                double      *out,
                GError     **error)
{
  /* A bare prefix ("24G") is decimal like the datasheets; "i" makes it binary. */
  static const Suffix suffixes[] = {
    { "", 0, 1 }, { "B", 0, 1 }, { "byte", 0, 1 }, { "bytes", 0, 1 }, { "字节", 0, 1 },
    { "k", 3, 1 }, { "kB", 3, 1 }, { "Ki", 0, 1024.0 }, { "KiB", 0, 1024.0 },
    { "M", 6, 1 }, { "MB", 6, 1 }, { "Mi", 0, 1048576.0 }, { "MiB", 0, 1048576.0 },
    { "G", 9, 1 }, { "GB", 9, 1 }, { "Gi", 0, 1073741824.0 }, { "GiB", 0, 1073741824.0 },
    { "T", 12, 1 }, { "TB", 12, 1 }, { "Ti", 0, 1099511627776.0 }, { "TiB", 0, 1099511627776.0 },
    { "P", 15, 1 }, { "PB", 15, 1 }, { "Pi", 0, 1125899906842624.0 }, { "PiB", 0, 1125899906842624.0 },
  };

  return parse_with_suffix (text, suffixes, G_N_ELEMENTS (suffixes), TRUE, out, error);
}

gboolean
cp_parse_ram_bytes (const char  *text,
                    double       bare_unit_bytes,
                    double      *out,
                    GError     **error)
{
  /* Memory modules come in powers of two: a server sold with "512 GB"
   * has 512 GiB, so here G, GB and GiB (T, TB, TiB) all count 2^30
   * (2^40), unlike a GPU datasheet's decimal GB (cp_parse_bytes()). */
  static const Suffix suffixes[] = {
    { "", 0, 1 },
    { "M", 0, 1048576.0 }, { "MB", 0, 1048576.0 }, { "Mi", 0, 1048576.0 }, { "MiB", 0, 1048576.0 },
    { "G", 0, 1073741824.0 }, { "GB", 0, 1073741824.0 }, { "Gi", 0, 1073741824.0 }, { "GiB", 0, 1073741824.0 },
    { "T", 0, 1099511627776.0 }, { "TB", 0, 1099511627776.0 }, { "Ti", 0, 1099511627776.0 },
    { "TiB", 0, 1099511627776.0 },
    { "P", 0, 1125899906842624.0 }, { "PB", 0, 1125899906842624.0 }, { "Pi", 0, 1125899906842624.0 },
    { "PiB", 0, 1125899906842624.0 },
  };
  g_autofree char *stripped = NULL;
  double value;
  gsize length;

  if (!parse_with_suffix (text, suffixes, G_N_ELEMENTS (suffixes), TRUE, &value, error))
    return FALSE;
  stripped = g_strstrip (g_strdup (text));
  length = strlen (stripped);
  /* A bare number is in the unit the caller reads it in (a form's GiB, a
   * column header's "(GB)"). */
  if (length > 0 && g_ascii_isdigit (stripped[length - 1]))
    value *= bare_unit_bytes;
  *out = value;
  return TRUE;
}

/* The one table of unit words, for prices ("元/卡/时", "/node/month"),
 * counts ("8卡", "2 machines") and durations ("两周", "3 months"): the
 * quote form, the command line and the vendor-sheet import read the same
 * words. Compared after lower-casing; longest first where one begins
 * another ("months" before "mo", "个月" before "月"). */
typedef enum {
  WORD_SUBJECT,    /* value: CpPriceSubject */
  WORD_PERIOD,     /* value: CpPricePeriod */
  WORD_CURRENCY,   /* code */
} WordKind;

typedef struct {
  const char *word;
  WordKind    kind;
  int         value;
  const char *code;
} UnitWord;

static const UnitWord unit_words[] = {
  { "gpus", WORD_SUBJECT, CP_PRICE_SUBJECT_GPU, NULL }, { "gpu", WORD_SUBJECT, CP_PRICE_SUBJECT_GPU, NULL },
  { "cards", WORD_SUBJECT, CP_PRICE_SUBJECT_GPU, NULL }, { "card", WORD_SUBJECT, CP_PRICE_SUBJECT_GPU, NULL },
  { "卡", WORD_SUBJECT, CP_PRICE_SUBJECT_GPU, NULL }, { "张", WORD_SUBJECT, CP_PRICE_SUBJECT_GPU, NULL },
  { "颗", WORD_SUBJECT, CP_PRICE_SUBJECT_GPU, NULL }, { "块", WORD_SUBJECT, CP_PRICE_SUBJECT_GPU, NULL },
  { "nodes", WORD_SUBJECT, CP_PRICE_SUBJECT_NODE, NULL }, { "node", WORD_SUBJECT, CP_PRICE_SUBJECT_NODE, NULL },
  { "servers", WORD_SUBJECT, CP_PRICE_SUBJECT_NODE, NULL }, { "server", WORD_SUBJECT, CP_PRICE_SUBJECT_NODE, NULL },
  { "machines", WORD_SUBJECT, CP_PRICE_SUBJECT_NODE, NULL }, { "machine", WORD_SUBJECT, CP_PRICE_SUBJECT_NODE, NULL },
  { "instances", WORD_SUBJECT, CP_PRICE_SUBJECT_NODE, NULL }, { "instance", WORD_SUBJECT, CP_PRICE_SUBJECT_NODE, NULL },
  { "服务器", WORD_SUBJECT, CP_PRICE_SUBJECT_NODE, NULL }, { "节点", WORD_SUBJECT, CP_PRICE_SUBJECT_NODE, NULL },
  { "实例", WORD_SUBJECT, CP_PRICE_SUBJECT_NODE, NULL }, { "整机", WORD_SUBJECT, CP_PRICE_SUBJECT_NODE, NULL },
  { "台", WORD_SUBJECT, CP_PRICE_SUBJECT_NODE, NULL }, { "机", WORD_SUBJECT, CP_PRICE_SUBJECT_NODE, NULL },

  { "hours", WORD_PERIOD, CP_PRICE_PERIOD_HOUR, NULL }, { "hour", WORD_PERIOD, CP_PRICE_PERIOD_HOUR, NULL },
  { "hrs", WORD_PERIOD, CP_PRICE_PERIOD_HOUR, NULL }, { "hr", WORD_PERIOD, CP_PRICE_PERIOD_HOUR, NULL },
  { "小时", WORD_PERIOD, CP_PRICE_PERIOD_HOUR, NULL }, { "时", WORD_PERIOD, CP_PRICE_PERIOD_HOUR, NULL },
  { "h", WORD_PERIOD, CP_PRICE_PERIOD_HOUR, NULL },
  { "days", WORD_PERIOD, CP_PRICE_PERIOD_DAY, NULL }, { "day", WORD_PERIOD, CP_PRICE_PERIOD_DAY, NULL },
  { "天", WORD_PERIOD, CP_PRICE_PERIOD_DAY, NULL }, { "日", WORD_PERIOD, CP_PRICE_PERIOD_DAY, NULL },
  { "d", WORD_PERIOD, CP_PRICE_PERIOD_DAY, NULL },
  { "weeks", WORD_PERIOD, CP_PRICE_PERIOD_WEEK, NULL }, { "week", WORD_PERIOD, CP_PRICE_PERIOD_WEEK, NULL },
  { "星期", WORD_PERIOD, CP_PRICE_PERIOD_WEEK, NULL }, { "周", WORD_PERIOD, CP_PRICE_PERIOD_WEEK, NULL },
  { "wk", WORD_PERIOD, CP_PRICE_PERIOD_WEEK, NULL }, { "w", WORD_PERIOD, CP_PRICE_PERIOD_WEEK, NULL },
  { "months", WORD_PERIOD, CP_PRICE_PERIOD_MONTH, NULL }, { "month", WORD_PERIOD, CP_PRICE_PERIOD_MONTH, NULL },
  { "个月", WORD_PERIOD, CP_PRICE_PERIOD_MONTH, NULL }, { "月", WORD_PERIOD, CP_PRICE_PERIOD_MONTH, NULL },
  { "mo", WORD_PERIOD, CP_PRICE_PERIOD_MONTH, NULL },
  { "years", WORD_PERIOD, CP_PRICE_PERIOD_YEAR, NULL }, { "year", WORD_PERIOD, CP_PRICE_PERIOD_YEAR, NULL },
  { "年", WORD_PERIOD, CP_PRICE_PERIOD_YEAR, NULL }, { "yr", WORD_PERIOD, CP_PRICE_PERIOD_YEAR, NULL },

  { "人民币", WORD_CURRENCY, 0, "CNY" }, { "美元", WORD_CURRENCY, 0, "USD" }, { "us$", WORD_CURRENCY, 0, "USD" },
  { "cny", WORD_CURRENCY, 0, "CNY" }, { "rmb", WORD_CURRENCY, 0, "CNY" }, { "usd", WORD_CURRENCY, 0, "USD" },
  { "¥", WORD_CURRENCY, 0, "CNY" }, { "元", WORD_CURRENCY, 0, "CNY" }, { "块", WORD_CURRENCY, 0, "CNY" },
  { "$", WORD_CURRENCY, 0, "USD" },
};

/* The longest word of @kind that @p starts with, or NULL; @rest is what
 * follows it. */
static const UnitWord *
match_word (const char  *p,
            WordKind     kind,
            const char **rest)
{
  const UnitWord *best = NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (unit_words); i++)
    if (unit_words[i].kind == kind &&
        g_ascii_strncasecmp (p, unit_words[i].word, strlen (unit_words[i].word)) == 0 &&
        (best == NULL || strlen (unit_words[i].word) > strlen (best->word)))
      best = &unit_words[i];
  if (best != NULL)
    *rest = p + strlen (best->word);
  return best;
}

/* The period @word is exactly, or NONE. */
static CpPricePeriod
period_of (const char *word)
{
  const char *rest = NULL;
  const UnitWord *found = match_word (word, WORD_PERIOD, &rest);

  return found != NULL && *rest == '\0' ? (CpPricePeriod) found->value : CP_PRICE_PERIOD_NONE;
}

static void
set_unknown_price_unit (GError     **error,
                        const char  *unit)
{
  g_set_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT,
               /* TRANSLATORS: examples in the words a vendor of the reader's language writes */
               _("unknown unit “%s”: a price is per GPU or per machine, and per hour, day, week, month or year "
                 "(such as 12.5/GPU/h, 2352/node/day, 30000/node/month)"),
               unit);
}

/* "元/卡/小时", "/卡时", "元/台/天", "元/台·月", "¥/GPU/h", "/node/month",
 * "USD per GPU-hour", "按月", "包月", "每台每天", "per-node-month": what a
 * price is per, and a currency it names. */
gboolean
cp_parse_price_unit (const char   *text,
                     CpPriceText  *out,
                     GError      **error)
{
  g_autofree char *norm = NULL;
  g_autofree char *lower = NULL;
  g_autoptr(GString) s = g_string_new (NULL);
  g_auto(GStrv) parts = NULL;
  CpPriceText basis = { 0 };

  if (!check_text (text, error))
    return FALSE;
  norm = normalise (text);
  lower = g_utf8_strdown (norm, -1);
  /* Spaces, hyphens, underscores and dots join ("GPU-hour"); "per" as a
   * word, "每", "·" and "・" separate like "/". */
  for (const char *p = lower; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      gboolean word_start = p == lower || strchr (" -_./", p[-1]) != NULL;

      if (word_start && g_str_has_prefix (p, "per") && (p[3] == '\0' || strchr (" -_", p[3]) != NULL))
        {
          g_string_append_c (s, '/');
          p += 2;   /* the loop steps over the "r" */
          continue;
        }
      if (c == ' ' || c == '-' || c == '_' || c == '.')
        continue;
      if (c == 0x6bcf /* 每 */ || c == 0xb7 /* · */ || c == 0x30fb /* ・ */)
        g_string_append_c (s, '/');
      else
        g_string_append_unichar (s, c);
    }

  parts = g_strsplit (s->str, "/", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *w = parts[i];
      const char *rest = NULL;
      const UnitWord *found;

      /* "按卡时", "包月": by the card-hour, by the month. */
      if (g_str_has_prefix (w, "按") || g_str_has_prefix (w, "包"))
        w += strlen ("按");
      if ((found = match_word (w, WORD_CURRENCY, &rest)) != NULL)
        {
          if (basis.currency[0] != '\0' && strcmp (basis.currency, found->code) != 0)
            {
              g_set_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT,
                           _("“%s” names two different currencies"), text);
              return FALSE;
            }
          g_strlcpy (basis.currency, found->code, sizeof basis.currency);
          w = rest;
        }
      if (*w == '\0')
        continue;
      /* "卡时" and "台时" are a subject and a period in one word; a lone
       * "机" or "台" is a machine. */
      if (period_of (w) == CP_PRICE_PERIOD_NONE && (found = match_word (w, WORD_SUBJECT, &rest)) != NULL)
        {
          if (basis.subject != CP_PRICE_SUBJECT_NONE)
            {
              set_unknown_price_unit (error, text);
              return FALSE;
            }
          basis.subject = found->value;
          w = rest;
        }
      if (*w == '\0')
        continue;
      if (period_of (w) == CP_PRICE_PERIOD_NONE || basis.period != CP_PRICE_PERIOD_NONE)
        {
          set_unknown_price_unit (error, text);
          return FALSE;
        }
      basis.period = period_of (w);
    }
  if (basis.period == CP_PRICE_PERIOD_NONE)
    {
      set_unknown_price_unit (error, text);
      return FALSE;
    }
  *out = basis;
  return TRUE;
}

/* Where the unit starts in a price: "68,000元/台/月" → "/台/月" (a
 * currency before it stays with the number), "2.5 USD per GPU-hour",
 * "3万 按月"; NULL when there is none. */
static const char *
find_price_unit (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      if (*p == '/' || g_str_has_prefix (p, "每") || g_str_has_prefix (p, "按") || g_str_has_prefix (p, "包"))
        return p;
      if (g_ascii_strncasecmp (p, "per", 3) == 0 && (p == text || !g_ascii_isalpha (p[-1])) &&
          !g_ascii_isalpha (p[3]))
        return p;
    }
  return NULL;
}

gboolean
cp_parse_currency (const char *text,
                   char        code[4])
{
  g_autofree char *norm = NULL;
  const UnitWord *found;
  const char *rest = NULL;

  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    return FALSE;
  norm = normalise (text);
  found = match_word (norm, WORD_CURRENCY, &rest);
  if (found != NULL && *rest == '\0')
    {
      g_strlcpy (code, found->code, 4);
      return TRUE;
    }
  /* Any ISO 4217 code: the project says whether it can compare it. */
  if (strlen (norm) == 3 && g_ascii_isalpha (norm[0]) && g_ascii_isalpha (norm[1]) && g_ascii_isalpha (norm[2]))
    {
      for (guint i = 0; i < 3; i++)
        code[i] = g_ascii_toupper (norm[i]);
      code[3] = '\0';
      return TRUE;
    }
  return FALSE;
}

gboolean
cp_price_text_is_priced (const char *text)
{
  g_autofree char *norm = NULL;
  const char *rest;

  if (text == NULL || !g_utf8_validate (text, -1, NULL))
    return FALSE;
  norm = normalise (text);
  if (find_price_unit (norm) != NULL)
    return TRUE;
  for (const char *p = norm; *p != '\0'; p = g_utf8_next_char (p))
    if (match_word (p, WORD_CURRENCY, &rest) != NULL || g_str_has_prefix (p, "万"))
      return TRUE;
  return FALSE;
}

gboolean
cp_parse_price_text (const char   *text,
                     CpPriceText  *out,
                     GError      **error)
{
  g_autofree char *norm = NULL;
  g_autofree char *number_text = NULL;
  const char *p, *rest, *unit;
  const UnitWord *currency;
  g_auto(Number) number = { 0 };
  CpPriceText price = { 0 };
  int pow10 = 0;

  if (!check_text (text, error))
    return FALSE;
  norm = normalise (text);
  if (*norm == '\0')
    {
      g_set_error_literal (error, CP_UNITS_ERROR, CP_UNITS_ERROR_EMPTY, _("No value was given"));
      return FALSE;
    }

  /* The unit, and any currency it names, apart from the number. */
  unit = find_price_unit (norm);
  if (unit != NULL && !cp_parse_price_unit (unit, &price, error))
    return FALSE;
  number_text = unit != NULL ? g_strndup (norm, unit - norm) : g_strdup (norm);
  g_strchomp (number_text);

  p = number_text;
  if ((currency = match_word (p, WORD_CURRENCY, &rest)) != NULL)
    p = skip_spaces (rest);
  if (!scan_number (p, &number, &p))
    {
      set_not_a_number (error, text);
      return FALSE;
    }
  if (set_decimal_comma (error, text, p))
    return FALSE;
  p = skip_spaces (p);
  /* "3万元/月", "2.5k/月": quotes round to thousands and ten-thousands. */
  if (g_str_has_prefix (p, "万"))
    {
      pow10 = 4;
      p += strlen ("万");
    }
  else if (g_str_has_prefix (p, "千"))
    {
      pow10 = 3;
      p += strlen ("千");
    }
  else if ((*p == 'k' || *p == 'K') && !g_ascii_isalpha (p[1]))
    {
      pow10 = 3;
      p++;
    }
  p = skip_spaces (p);
  if (*p != '\0')
    {
      const UnitWord *after = match_word (p, WORD_CURRENCY, &rest);

      if (after == NULL || *skip_spaces (rest) != '\0')
        {
          /* "12.5 元 小时": a unit without its "/". */
          set_unknown_price_unit (error, p);
          return FALSE;
        }
      if (currency != NULL && strcmp (currency->code, after->code) != 0)
        {
          g_set_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT, _("“%s” names two different currencies"), text);
          return FALSE;
        }
      currency = after;
    }
  if (currency != NULL)
    {
      if (price.currency[0] != '\0' && strcmp (price.currency, currency->code) != 0)
        {
          g_set_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT, _("“%s” names two different currencies"), text);
          return FALSE;
        }
      g_strlcpy (price.currency, currency->code, sizeof price.currency);
    }
  price.amount = number_value (&number, pow10);
  if (!check_range (text, price.amount, error))
    return FALSE;
  *out = price;
  return TRUE;
}

gboolean
cp_price_text_to_model (const CpPriceText *price,
                        guint              gpus_per_node,
                        double            *amount,
                        CpPriceUnit       *unit)
{
  gboolean gpu = price->subject == CP_PRICE_SUBJECT_GPU;

  switch (price->period)
    {
    case CP_PRICE_PERIOD_HOUR:
      *unit = gpu ? CP_PRICE_PER_GPU_HOUR : CP_PRICE_PER_NODE_HOUR;
      *amount = price->amount;
      return TRUE;
    case CP_PRICE_PERIOD_DAY:
      *unit = gpu ? CP_PRICE_PER_GPU_HOUR : CP_PRICE_PER_NODE_HOUR;
      *amount = price->amount / 24;
      return TRUE;
    case CP_PRICE_PERIOD_WEEK:
      *unit = gpu ? CP_PRICE_PER_GPU_HOUR : CP_PRICE_PER_NODE_HOUR;
      *amount = price->amount / 168;
      return TRUE;
    case CP_PRICE_PERIOD_MONTH:
    case CP_PRICE_PERIOD_YEAR:
      *unit = CP_PRICE_PER_NODE_MONTH;
      *amount = price->amount / (price->period == CP_PRICE_PERIOD_YEAR ? 12 : 1) * (gpu ? gpus_per_node : 1);
      return TRUE;
    case CP_PRICE_PERIOD_NONE:
    default:
      return FALSE;
    }
}

/* Small whole numbers as Chinese writes them in a term ("两周", "三个月",
 * "十天"): one to ten, and 两. */
static char *
replace_chinese_numeral (const char *text)
{
  static const char * const numerals[] = { "零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十" };

  if (g_str_has_prefix (text, "两"))
    return g_strdup_printf ("2%s", text + strlen ("两"));
  for (guint i = 0; i < G_N_ELEMENTS (numerals); i++)
    if (g_str_has_prefix (text, numerals[i]))
      return g_strdup_printf ("%u%s", i, text + strlen (numerals[i]));
  return g_strdup (text);
}

/* The number at the start of @text with what follows it (spaces
 * skipped), Chinese numerals read; FALSE when it starts with none. */
static gboolean
split_number (const char  *text,
              double      *value,
              char       **rest)
{
  g_autofree char *norm = normalise (text);
  g_autofree char *digits = replace_chinese_numeral (norm);
  g_auto(Number) number = { 0 };
  const char *p;

  if (!scan_number (digits, &number, &p))
    return FALSE;
  *value = number_value (&number, 0);
  *rest = g_strdup (skip_spaces (p));
  return TRUE;
}

/* cp_parse_duration_h() with a bare number counting @bare_hours hours
 * each: 1 for a term in hours, 24 for a deadline in days. A unit alone
 * ("按月") is one of it for a term, and no number for a deadline (a
 * plain "天" read as one day). */
static gboolean
parse_duration (const char *text,
                double      bare_hours,
                gboolean    unit_alone_is_one,
                double      hours_per_month,
                double     *out_h,
                gboolean   *month_used,
                GError    **error)
{
  /* A term stated as none, and the words around a minimum term
   * ("3个月起", "按月", "至少1个月", "1 month minimum"). */
  static const char * const none_words[] = { "无", "不限", "none", "no", "按需", "随用随停", "-", "—" };
  static const char * const trailing[] = { "起租", "起", "以上", "minimum", "min" };
  static const char * const leading[] = { "按", "包", "至少", "最短", "最少" };
  static const double period_hours[] = {
    [CP_PRICE_PERIOD_NONE] = 0, [CP_PRICE_PERIOD_HOUR] = 1, [CP_PRICE_PERIOD_DAY] = 24,
    [CP_PRICE_PERIOD_WEEK] = 168, [CP_PRICE_PERIOD_MONTH] = -1, [CP_PRICE_PERIOD_YEAR] = -12,
  };
  g_autofree char *norm = NULL;
  g_autofree char *rest = NULL;
  char *copy;
  CpPricePeriod period;
  double value, hours;
  gboolean numbered;

  if (!check_text (text, error))
    return FALSE;
  norm = g_utf8_strdown (text, -1);
  copy = g_strstrip (norm);
  if (month_used != NULL)
    *month_used = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (none_words); i++)
    if (strcmp (copy, none_words[i]) == 0)
      {
        *out_h = 0;
        return TRUE;
      }
  for (guint i = 0; i < G_N_ELEMENTS (trailing); i++)
    if (g_str_has_suffix (copy, trailing[i]))
      {
        copy[strlen (copy) - strlen (trailing[i])] = '\0';
        g_strchomp (copy);
      }
  for (guint i = 0; i < G_N_ELEMENTS (leading); i++)
    if (g_str_has_prefix (copy, leading[i]))
      copy = g_strchug (copy + strlen (leading[i]));
  if (*copy == '\0')
    {
      set_not_a_number (error, text);
      return FALSE;
    }
  /* "月", "按月": one of them. */
  numbered = split_number (copy, &value, &rest);
  if (!numbered && !unit_alone_is_one)
    {
      set_not_a_number (error, text);
      return FALSE;
    }
  if (!numbered)
    {
      value = 1;
      rest = g_strdup (copy);
    }
  period = *rest == '\0' ? CP_PRICE_PERIOD_NONE : period_of (rest);
  if (*rest != '\0' && period == CP_PRICE_PERIOD_NONE)
    {
      if (!numbered)
        set_not_a_number (error, text);
      else
        g_set_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT,
                     _("unknown unit “%s”: a time is in hours, days, weeks or months (such as 72h, 2周, 3个月)"),
                     rest);
      return FALSE;
    }
  hours = period == CP_PRICE_PERIOD_NONE ? bare_hours : period_hours[period];
  if (hours < 0)
    {
      hours *= -hours_per_month;
      if (month_used != NULL)
        *month_used = TRUE;
    }
  if (!check_range (text, value * hours, error))
    return FALSE;
  *out_h = value * hours;
  return TRUE;
}

gboolean
cp_parse_duration_h (const char *text,
                     double      hours_per_month,
                     double     *out_h,
                     gboolean   *month_used,
                     GError    **error)
{
  return parse_duration (text, 1, TRUE, hours_per_month, out_h, month_used, error);
}

gboolean
cp_parse_duration_days (const char *text,
                        double      hours_per_month,
                        double     *out_days,
                        GError    **error)
{
  g_autoptr(GError) local_error = NULL;
  double hours;

  if (!parse_duration (text, 24, FALSE, hours_per_month, &hours, NULL, &local_error))
    {
      /* The reader's "unknown unit" lists units a deadline does not need;
       * what the field takes is said instead, in words that read as a
       * sentence in Chinese too (walkthrough 21: "“10天”不是以 天 为单位的数值"). */
      if (g_error_matches (local_error, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT) ||
          g_error_matches (local_error, CP_UNITS_ERROR, CP_UNITS_ERROR_SYNTAX))
        g_set_error (error, CP_UNITS_ERROR, local_error->code,
                     /* TRANSLATORS: %s is the text typed in a field of days, such as Deadline or
                        Duration; the examples are a number of days, then hours, weeks and months
                        with the units a reader of the language types */
                     _("“%s” is not a number of days: type a number of days, or of hours, weeks or "
                       "months with the unit, such as 61, 1464h, 8 weeks, 2 months"), text);
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  *out_days = hours / 24;
  return TRUE;
}

/* After a count of GPUs, "/台", "每台" or "per node": the machine the GPUs
 * are counted in, as vendors' configuration cells write it ("8卡/台",
 * walk41 F4). What follows that, or NULL when @p says no such thing. */
static const char *
skip_per_machine (const char *p)
{
  const UnitWord *found;
  const char *rest = NULL;

  p = skip_spaces (p);
  if (*p == '/')
    p++;
  else if (g_str_has_prefix (p, "每"))
    p += strlen ("每");
  else if (g_ascii_strncasecmp (p, "per", 3) == 0)
    p += 3;
  else
    return NULL;
  found = match_word (skip_spaces (p), WORD_SUBJECT, &rest);
  if (found == NULL || found->value != CP_PRICE_SUBJECT_NODE)
    return NULL;
  return rest;
}

gboolean
cp_parse_count_of (const char     *text,
                   CpPriceSubject  subject,
                   guint          *out,
                   GError        **error)
{
  g_autofree char *rest = NULL;
  const char *after = NULL;
  const UnitWord *found = NULL;
  double value;

  if (!check_text (text, error))
    return FALSE;
  if (!split_number (text, &value, &rest))
    {
      set_not_a_number (error, text);
      return FALSE;
    }
  if (*rest != '\0')
    {
      found = match_word (rest, WORD_SUBJECT, &after);
      if (found != NULL && found->value == CP_PRICE_SUBJECT_GPU && skip_per_machine (after) != NULL)
        after = skip_per_machine (after);
      if (found == NULL || *skip_spaces (after) != '\0')
        {
          /* "8x", "8 boxes": no count of anything this knows. */
          set_not_a_number (error, text);
          return FALSE;
        }
      if (subject != CP_PRICE_SUBJECT_NONE && found->value != (int) subject)
        {
          g_set_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT,
                       subject == CP_PRICE_SUBJECT_GPU ? _("“%s” counts machines, not GPUs")
                                                   : _("“%s” counts GPUs, not machines"),
                       text);
          return FALSE;
        }
    }
  if (!check_range (text, value, error))
    return FALSE;
  if (value != floor (value) || value > G_MAXUINT)
    {
      g_set_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_SYNTAX, _("“%s” is not a whole number"), text);
      return FALSE;
    }
  *out = (guint) value;
  return TRUE;
}

/* %.4g after scaling, with '.' whatever the locale so that the text parses
 * back with cp_parse_count. */
static char *
format_scaled (double      value,
               const char *format,
               const char *suffix)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buf, sizeof buf, format, value);
  return g_strconcat (buf, suffix, NULL);
}

int
cp_days_decimals (double days)
{
  /* Below a tenth of a day, tenths misstate the figure by up to half or
   * round it to zero: a 35-minute run printed as "0.0 days" read as
   * nothing (walkthrough 10), and 0.06 days as "0.1 days" beside a table
   * reading 0.06 (lead15). One significant digit says how short. */
  int decimals;

  if (!(days > 0) || days >= 0.1)
    return 1;
  decimals = CLAMP ((int) -floor (log10 (days)), 2, 6);
  /* 0.097 rounds up to the next decade, "0.10": said "0.1", as the
   * figures above a tenth are, beside a range ending at 0.1. */
  if (round (days * pow (10, decimals)) >= 10)
    decimals--;
  return decimals;
}

char *
cp_format_count (double value)
{
  static const Suffix steps[] = {
    { "T", 12, 1e12 }, { "B", 9, 1e9 }, { "M", 6, 1e6 }, { "k", 3, 1e3 },
  };
  double magnitude = fabs (value);

  if (!isfinite (value))
    return g_strdup ("—");

  for (gsize i = 0; i < G_N_ELEMENTS (steps); i++)
    if (magnitude >= steps[i].factor)
      {
        double scaled = value / steps[i].factor;

        /* Past 9999T %g would switch to an exponent inside the suffix. */
        return format_scaled (scaled, fabs (scaled) >= 1e4 ? "%.0f" : "%.4g", steps[i].text);
      }
  return format_scaled (value, "%.4g", "");
}

char *
cp_format_bytes (double       bytes,
                 CpMemoryUnit unit)
{
  static const char * const binary[] = { " B", " KiB", " MiB", " GiB", " TiB", " PiB" };
  static const char * const decimal[] = { " B", " kB", " MB", " GB", " TB", " PB" };
  const char * const *names = unit == CP_MEMORY_UNIT_GIB ? binary : decimal;
  double base = unit == CP_MEMORY_UNIT_GIB ? 1024.0 : 1000.0;
  double scaled = bytes;
  guint step = 0;

  if (!isfinite (bytes))
    return g_strdup ("—");

  while (fabs (scaled) >= base && step < G_N_ELEMENTS (binary) - 1)
    {
      scaled /= base;
      step++;
    }
  return format_scaled (scaled, step == 0 ? "%.0f" : "%.1f", names[step]);
}

const char *
cp_format_double_shortest (double value,
                           char   buf[G_ASCII_DTOSTR_BUF_SIZE])
{
  if (isnan (value))
    {
      g_strlcpy (buf, "NaN", G_ASCII_DTOSTR_BUF_SIZE);
      return buf;
    }
  if (isinf (value))
    {
      g_strlcpy (buf, value > 0 ? "INF" : "-INF", G_ASCII_DTOSTR_BUF_SIZE);
      return buf;
    }

  /* No figure of a plan is a signed zero, and a reader should never meet
   * "-0" (the reports and the command line promised as much before). */
  if (value == 0)
    value = 0.0;

  /* The shortest %.Ng that reads back; %.17g always does. Normal doubles
   * lie closer together than 15-digit decimals (DBL_DIG), so a shorter text
   * that reads back is what %.15g writes, less the trailing zeros %g drops;
   * starting at 15 also keeps counts below 10^15 free of an exponent (70e9
   * stays "70000000000", not "7e+10"). More digits can still be shorter
   * where %g then drops the exponent: 12345678901234560 is
   * "1.234567890123456e+16" at 16 digits, itself at 17. A subnormal holds
   * fewer digits: 5e-324 takes one. */
  buf[0] = '\0';
  for (int digits = isnormal (value) ? 15 : 1; digits <= 17; digits++)
    {
      char format[8];
      char text[G_ASCII_DTOSTR_BUF_SIZE];

      g_snprintf (format, sizeof format, "%%.%dg", digits);
      g_ascii_formatd (text, sizeof text, format, value);
      if (g_ascii_strtod (text, NULL) == value && (buf[0] == '\0' || strlen (text) < strlen (buf)))
        g_strlcpy (buf, text, G_ASCII_DTOSTR_BUF_SIZE);
    }
  return buf;
}

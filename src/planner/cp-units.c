/* cp-units.c: numbers as people type them and vendors write them.
 *
 * Everything here is decimal with a '.' point whatever the locale, so that a
 * figure copied from a quote or a paper means the same on every machine.
 *
 * Price units: a price that names a GPU or card ("/GPU/h", "元/卡/小时",
 * "/卡时") is per GPU-hour; one that names only a time ("元/小时", "/h") is
 * what a machine costs, so per node-hour; "/月", "/month", "元/台/月" are per
 * node-month. Vendors rent whole machines by the month, so a month price
 * without "per card" is per node.
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

typedef struct {
  const char *text;
  const char *code;
} Currency;

/* Longest spellings first, so "US$" wins over "$" and "人民币" over "元". */
static const Currency currencies[] = {
  { "人民币", "CNY" }, { "美元", "USD" }, { "US$", "USD" },
  { "CNY", "CNY" }, { "RMB", "CNY" }, { "USD", "USD" },
  { "¥", "CNY" }, { "元", "CNY" }, { "块", "CNY" }, { "$", "USD" },
};

static const char *
match_currency (const char  *p,
                const char **code)
{
  for (gsize i = 0; i < G_N_ELEMENTS (currencies); i++)
    {
      gsize len = strlen (currencies[i].text);

      if (g_ascii_strncasecmp (p, currencies[i].text, len) == 0)
        {
          *code = currencies[i].code;
          return p + len;
        }
    }
  return NULL;
}

static gboolean
has_prefix_any (const char  *s,
                const char * const *words,
                const char **rest)
{
  for (guint i = 0; words[i] != NULL; i++)
    if (g_str_has_prefix (s, words[i]))
      {
        *rest = s + strlen (words[i]);
        return TRUE;
      }
  return FALSE;
}

static gboolean
is_any (const char          *s,
        const char * const *words)
{
  return g_strv_contains (words, s);
}

/* @unit is what follows the number and currency, e.g. "/GPU/h", "/卡时",
 * "per node-month", "每台每月". */
static gboolean
parse_price_unit (const char   *unit,
                  CpPriceUnit  *out,
                  GError      **error)
{
  static const char * const per_gpu[] = { "gpus", "gpu", "cards", "card", "卡", NULL };
  static const char * const per_node[] = {
    "nodes", "node", "servers", "server", "machines", "machine",
    "节点", "服务器", "台", "机", NULL };
  static const char * const hours[] = { "h", "hr", "hrs", "hour", "hours", "小时", "时", NULL };
  static const char * const months[] = { "mo", "month", "months", "月", "个月", NULL };
  g_autoptr(GString) lower = g_string_new (NULL);
  g_autoptr(GString) joined = g_string_new (NULL);
  g_auto(GStrv) words = NULL;
  const char *rest = NULL;
  gboolean gpu = FALSE;

  /* "per" and "每" separate like "/"; spaces, hyphens and dots only join
   * ("GPU-hour", "GPU·h"). The split set stays ASCII: it works on bytes. */
  g_string_append (lower, unit);
  g_string_ascii_down (lower);
  g_string_replace (lower, "·", "", 0);
  words = g_strsplit_set (lower->str, " -_.", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      if (strcmp (words[i], "per") == 0)
        g_string_append_c (joined, '/');
      else
        g_string_append (joined, words[i]);
    }
  g_string_replace (joined, "每", "/", 0);

  if (joined->str[0] != '/')
    {
      set_unknown_unit (error, unit);
      return FALSE;
    }
  g_string_replace (joined, "/", "", 0);

  if (has_prefix_any (joined->str, per_gpu, &rest))
    gpu = TRUE;
  else if (!has_prefix_any (joined->str, per_node, &rest))
    rest = joined->str;

  if (is_any (rest, hours))
    {
      *out = gpu ? CP_PRICE_PER_GPU_HOUR : CP_PRICE_PER_NODE_HOUR;
      return TRUE;
    }
  if (is_any (rest, months) && !gpu)
    {
      *out = CP_PRICE_PER_NODE_MONTH;
      return TRUE;
    }

  g_set_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT,
               _("unknown unit “%s”: a price is per GPU-hour, per node-hour or per node-month"),
               unit);
  return FALSE;
}

gboolean
cp_parse_price (const char   *text,
                double       *out,
                CpPriceUnit  *unit,
                gboolean     *unit_found,
                char          currency[4],
                GError      **error)
{
  g_autofree char *norm = NULL;
  const char *p, *next;
  const char *code = NULL, *suffix_code = NULL;
  g_auto(Number) number = { 0 };
  CpPriceUnit found_unit = CP_PRICE_PER_GPU_HOUR;
  gboolean has_unit = FALSE;
  int pow10 = 0;
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

  p = norm;
  if ((next = match_currency (p, &code)) != NULL)
    p = skip_spaces (next);
  if (!scan_number (p, &number, &p))
    {
      set_not_a_number (error, text);
      return FALSE;
    }
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
  value = number_value (&number, pow10);
  p = skip_spaces (p);

  if ((next = match_currency (p, &suffix_code)) != NULL)
    {
      if (code != NULL && strcmp (code, suffix_code) != 0)
        {
          g_set_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT,
                       _("“%s” names two different currencies"), text);
          return FALSE;
        }
      code = suffix_code;
      p = skip_spaces (next);
    }

  if (*p != '\0')
    {
      if (!parse_price_unit (p, &found_unit, error))
        return FALSE;
      has_unit = TRUE;
    }

  if (!check_range (text, value, error))
    return FALSE;

  *out = value;
  if (unit != NULL && has_unit)
    *unit = found_unit;
  if (unit_found != NULL)
    *unit_found = has_unit;
  /* Cleared when the text names no currency, so the caller can tell and
   * fall back on the project's. */
  if (currency != NULL)
    g_strlcpy (currency, code != NULL ? code : "", 4);
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

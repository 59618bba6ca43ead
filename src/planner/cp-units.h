/* cp-units.h: numbers as people type them and vendors write them.
 *
 * "7B", "7e9", "2T", "400G", "1.5k", "80GB", "80 GiB", "12.5 元/小时",
 * "¥30000/月", "3.2 /GPU/h", "2352元/台/天", "8卡", "两周". Pure functions; the
 * errors they set name what was wrong, in the user's language.
 */
#pragma once

#include "cp-types.h"

G_BEGIN_DECLS

#define CP_UNITS_ERROR (cp_units_error_quark ())
GQuark cp_units_error_quark (void);

typedef enum {
  CP_UNITS_ERROR_EMPTY,
  CP_UNITS_ERROR_SYNTAX,
  CP_UNITS_ERROR_RANGE,
  CP_UNITS_ERROR_UNIT,
} CpUnitsError;

/* A count with an optional SI suffix (k, M, B or G, T; 10^3 steps). */
gboolean cp_parse_count   (const char *text, double *out, GError **error);
/* Bytes: "80GB" (10^9), "80 GiB" (2^30), "24G" (10^9), plain bytes. */
gboolean cp_parse_bytes   (const char *text, double *out, GError **error);
/* A machine's RAM, whose G, T and P count powers of two; a bare number is
 * in @bare_unit_bytes: "512" with 2^30 is 512 GiB, "1TB" 1,024 GiB. */
gboolean cp_parse_ram_bytes (const char *text, double bare_unit_bytes, double *out, GError **error);
/* What a price, a count or a duration is of: one table of words serves
 * them all (cp-units.c), so that the quote form, the command line and the
 * vendor-sheet import read "卡", "台", "周" and "个月" alike. */
typedef enum {
  CP_PRICE_SUBJECT_NONE,   /* "元/小时": neither GPU nor machine named */
  CP_PRICE_SUBJECT_GPU,    /* "卡", "GPU", "card", "张" */
  CP_PRICE_SUBJECT_NODE,   /* "台", "node", "machine", "服务器" */
} CpPriceSubject;

typedef enum {
  CP_PRICE_PERIOD_NONE,
  CP_PRICE_PERIOD_HOUR,
  CP_PRICE_PERIOD_DAY,
  CP_PRICE_PERIOD_WEEK,
  CP_PRICE_PERIOD_MONTH,
  CP_PRICE_PERIOD_YEAR,
} CpPricePeriod;

/* A price as written: "2352元/台/天" is 2352, per node, per day, CNY. */
typedef struct {
  double         amount;       /* 万, 千 and k applied */
  CpPriceSubject subject;
  CpPricePeriod  period;       /* NONE: the text names no unit ("12.5", "¥30000") */
  char           currency[4];  /* ISO code when the text names one (元, ¥, RMB, CNY, $, USD), else "" */
} CpPriceText;

/* A price with an optional currency and unit: per GPU (卡, card) or per
 * machine (台, node), per hour, day, week, month or year ("12.5/GPU/h",
 * "2352元/台/天", "3万元/月", "9.9 元/卡时", "25,000 CNY/node/month"). */
gboolean cp_parse_price_text (const char *text, CpPriceText *out, GError **error);
/* The unit alone, as a price-unit column writes it ("元/台/月", "按月",
 * "per GPU-hour"): @out's amount is 0. */
gboolean cp_parse_price_unit (const char *text, CpPriceText *out, GError **error);
/* A currency as a column or a form names it: "元", "人民币", "¥", "$", or
 * any three-letter code ("eur" → "EUR"). */
gboolean cp_parse_currency (const char *text, char code[4]);
/* Whether @text names a currency, 万 or a unit: a price, not just a number. */
gboolean cp_price_text_is_priced (const char *text);
/* @price in one of the model's units: a day is 24 hours, a week 168, a
 * year 12 months, a month per GPU the node's @gpus_per_node times it; a
 * price naming no GPU is the machine's. FALSE when @price names no period. */
gboolean cp_price_text_to_model (const CpPriceText *price, guint gpus_per_node,
                                 double *amount, CpPriceUnit *unit);
/* A time as people write a term: "72", "72h", "3天", "2周", "两周", "2w",
 * "3个月", "3 months", "3个月起", "按月", "无" (0); a bare number is hours, a
 * month @hours_per_month (@month_used then TRUE, may be NULL). */
gboolean cp_parse_duration_h (const char *text, double hours_per_month, double *out_h,
                              gboolean *month_used, GError **error);
/* A number of days as people type it: "10", "10天", "10日", "10 d",
 * "10 days", "2周", "8 weeks", "240h", "240小时", "2 months", "2个月"
 * (hours, weeks and months converted), "无" (0); a bare number is days, a
 * month @hours_per_month. The message of a refused text says the field
 * takes a number of days and names the units it converts. */
gboolean cp_parse_duration_days (const char *text, double hours_per_month, double *out_days,
                                 GError **error);
/* A whole count with an optional word of what it counts: "8", "8卡",
 * "8 GPUs", "8张" for GPUs; "2", "2台", "2 nodes", "2 machines" for
 * machines. A word of the other @subject is refused ("8台" is no GPU
 * count); CP_PRICE_SUBJECT_NONE takes either. */
gboolean cp_parse_count_of (const char *text, CpPriceSubject subject, guint *out, GError **error);
/* Decimals a duration in days is shown with: tenths, and as many more as
 * keep a short one from reading "0.0" (0.03 → 2, 0.004 → 3). */
int      cp_days_decimals (double days);
/* Formats for people: 7.0e9 → "7B", 8.6e10 bytes → "80.1 GiB". */
char    *cp_format_count  (double value);
char    *cp_format_bytes  (double bytes, CpMemoryUnit unit);
/* Formats for files and machines: the shortest text, in printf's %g
 * notation, that g_ascii_strtod reads back as the very same double, with '.'
 * whatever the locale (0.55 → "0.55", 0.1 + 0.2 → "0.30000000000000004",
 * 70e9 → "70000000000", 1e22 → "1e+22", 5e-324 → "5e-324"). NaN and the
 * infinities get XML Schema's spellings "NaN", "INF" and "-INF"; a negative
 * zero is written "0". Returns @buf. */
const char *cp_format_double_shortest (double value, char buf[G_ASCII_DTOSTR_BUF_SIZE]);

G_END_DECLS

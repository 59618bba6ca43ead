/* cp-units.h: numbers as people type them and vendors write them.
 *
 * "7B", "7e9", "2T", "400G", "1.5k", "80GB", "80 GiB", "12.5 元/小时",
 * "¥30000/月", "3.2 /GPU/h", "25000 CNY/node/month". Pure functions; the
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
/* A price with an optional currency and time/billing unit. The unit found
 * (per GPU-hour, per node-hour, per node-month) is stored in @unit when the
 * text names one; @unit_found tells whether it did. @currency receives an
 * ISO code when the text names one (元, ¥, RMB, CNY, $, USD). */
gboolean cp_parse_price   (const char *text, double *out, CpPriceUnit *unit,
                           gboolean *unit_found, char currency[4], GError **error);
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

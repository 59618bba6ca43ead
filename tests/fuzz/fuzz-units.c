/* fuzz-units.c: numbers with units as people and vendors write them.
 *
 * Properties: a value accepted is finite, not negative and at most 1e30
 * (what cp-units.h promises its callers), and the text the formatters make
 * of it parses back to about the same value.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "planner/cp-units.h"

#include "fuzz-common.h"

/* The limit cp-units.c applies (CP_UNITS_MAX). */
#define UNITS_MAX 1e30

static void
check_value (const char *what,
             const char *text,
             double      value)
{
  if (!isfinite (value) || value < 0 || value > UNITS_MAX)
    g_error ("%s accepted “%s” as %g", what, text, value);
}

static void
check_count (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *formatted = NULL;
  double value = -1, back = -1;

  if (!cp_parse_count (text, &value, &error))
    {
      g_assert (error != NULL && error->message != NULL);
      return;
    }
  check_value ("cp_parse_count", text, value);

  formatted = cp_format_count (value);
  if (!cp_parse_count (formatted, &back, &error))
    g_error ("cp_format_count (%.17g) gave “%s”, which does not parse back: %s",
             value, formatted, error->message);
  /* %.4g keeps four significant digits. */
  if (fabs (back - value) > 1e-3 * value)
    g_error ("“%s” → %.17g → “%s” → %.17g", text, value, formatted, back);
}

static void
check_bytes (const char *text)
{
  g_autoptr(GError) error = NULL;
  double value = -1, back = -1;

  if (!cp_parse_bytes (text, &value, &error))
    {
      g_assert (error != NULL && error->message != NULL);
      return;
    }
  check_value ("cp_parse_bytes", text, value);

  for (CpMemoryUnit unit = 0; unit < CP_N_MEMORY_UNITS; unit++)
    {
      g_autofree char *formatted = cp_format_bytes (value, unit);

      if (!cp_parse_bytes (formatted, &back, &error))
        g_error ("cp_format_bytes (%.17g) gave “%s”, which does not parse back: %s",
                 value, formatted, error->message);
      /* One decimal of the scaled value (at least 1.0 of the unit), or
       * whole bytes below one unit. */
      if (fabs (back - value) > 0.051 * value + 0.5)
        g_error ("“%s” → %.17g → “%s” → %.17g", text, value, formatted, back);
    }
}

static void
check_price (const char *text)
{
  g_autoptr(GError) error = NULL;
  CpPriceUnit unit = CP_N_PRICE_UNITS;
  CpPriceText price;
  double value = -1;
  guint count;

  if (cp_parse_duration_h (text, 730, &value, NULL, NULL))
    check_value ("cp_parse_duration_h", text, value);
  if (cp_parse_count_of (text, CP_PRICE_SUBJECT_NONE, &count, NULL))
    check_value ("cp_parse_count_of", text, count);
  if (!cp_parse_price_text (text, &price, &error))
    {
      g_assert (error != NULL && error->message != NULL);
      return;
    }
  check_value ("cp_parse_price_text", text, price.amount);
  if (cp_price_text_to_model (&price, 8, &value, &unit) != (price.period != CP_PRICE_PERIOD_NONE) ||
      (price.period != CP_PRICE_PERIOD_NONE && unit >= CP_N_PRICE_UNITS))
    g_error ("cp_parse_price_text (“%s”) found a unit but gave none", text);
  if (price.currency[0] != '\0' && strlen (price.currency) != 3)
    g_error ("cp_parse_price_text (“%s”) gave currency “%s”", text, price.currency);
}

int
cp_fuzz_units (const guint8 *data,
               gsize         size)
{
  /* Text fields end at a NUL as they do in GTK entries and SQLite text. */
  g_autofree char *text = g_strndup ((const char *) data, size);

  check_count (text);
  check_bytes (text);
  check_price (text);
  return 0;
}

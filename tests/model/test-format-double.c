/* test-format-double.c: cp_format_double_shortest, the one text for a double
 * in files and XML (cp-units.h).
 *
 * Each expected text is the value's shortest decimal that reads back as the
 * same double (as in David Gay's dtoa, or Python's repr), worked out by hand
 * from the IEEE 754 binary64 value; each is also read back with
 * g_ascii_strtod and compared bit for bit. */
#include "planner/cp-units.h"

#include <float.h>
#include <locale.h>
#include <math.h>
#include <string.h>

static guint64
bits_of (double value)
{
  guint64 bits;

  memcpy (&bits, &value, sizeof bits);
  return bits;
}

/* The text reads back, whole, as the very same bits. */
static void
assert_reads_back (const char *text,
                   double      value)
{
  char *end = NULL;
  double back = g_ascii_strtod (text, &end);

  g_assert_nonnull (end);
  g_assert_cmpint (*end, ==, '\0');
  g_assert_cmphex (bits_of (back), ==, bits_of (value));
}

static void
assert_shortest (double      value,
                 const char *expected)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  const char *text = cp_format_double_shortest (value, buf);

  g_test_message ("%s", expected);
  g_assert_true (text == buf);
  g_assert_cmpstr (text, ==, expected);
  assert_reads_back (text, value);
}

static void
test_shortest (void)
{
  /* 0.55 is 0.55000000000000004440…; %.17g writes those 17 digits. */
  assert_shortest (0.55, "0.55");
  assert_shortest (0.1, "0.1");
  assert_shortest (-1.5, "-1.5");
  /* 0.1 + 0.2 is one step above the double nearest 0.3: it takes 17. */
  assert_shortest (0.1 + 0.2, "0.30000000000000004");
  /* 16 digits suffice; %.17g writes 0.33333333333333331. */
  assert_shortest (1.0 / 3.0, "0.3333333333333333");
  assert_shortest (100.0 / 3.0, "33.333333333333336");
  /* Hours per month and a day's price: what the quote CSV writes. */
  assert_shortest (730, "730");
  assert_shortest (12.5, "12.5");
  assert_shortest (1e-4, "0.0001");
  /* 1e-5 is 1.00000000000000008180…e-05: %.17g shows the tail. */
  assert_shortest (1e-5, "1e-05");
  assert_shortest (1e22, "1e+22");
  assert_shortest (1e23, "1e+23");
  assert_shortest (DBL_MAX, "1.7976931348623157e+308");
  assert_shortest (DBL_MIN, "2.2250738585072014e-308");
}

/* Counts of parameters, tokens and FLOP/s are whole numbers: below 10^15
 * they are written as integers, as the reports always wrote them. */
static void
test_integers (void)
{
  assert_shortest (0, "0");
  assert_shortest (70e9, "70000000000");
  assert_shortest (7.5e9, "7500000000");
  /* A100's dense BF16: 312 TFLOP/s. */
  assert_shortest (312e12, "312000000000000");
  assert_shortest (123456789012345.0, "123456789012345");
  /* 10^15 needs one digit; "1000000000000000" would take 16. */
  assert_shortest (1e15, "1e+15");
  /* Around 2^53 every integer takes 16 digits and none may be rounded. */
  assert_shortest (9007199254740991.0, "9007199254740991");
  assert_shortest (9007199254740992.0, "9007199254740992");
  assert_shortest (9007199254740994.0, "9007199254740994");
  /* 16 digits read back, but in %g's exponent form at that precision,
   * "1.234567890123456e+16", 21 characters against 17. */
  assert_shortest (12345678901234560.0, "12345678901234560");
  assert_shortest (1e16, "1e+16");
}

/* 2^53 + 1 is no double: its text reads as 2^53 (ties to even) and is
 * written back as that, the neighbour it reads as. */
static void
test_beyond_2_53 (void)
{
  double read = g_ascii_strtod ("9007199254740993", NULL);

  g_assert_cmpfloat (read, ==, 9007199254740992.0);
  assert_shortest (read, "9007199254740992");
  assert_shortest (g_ascii_strtod ("9007199254740995", NULL), "9007199254740996");
}

/* A subnormal holds few bits, so far fewer than 15 digits. */
static void
test_subnormal (void)
{
  double smallest = ldexp (1.0, -1074);

  assert_shortest (smallest, "5e-324");
  assert_shortest (-smallest, "-5e-324");
  assert_shortest (3 * smallest, "1.5e-323");
  assert_shortest (5 * smallest, "2.5e-323");
}

/* The one value that does not read back bit for bit: no figure of a plan is
 * a signed zero, and reports never showed "-0". */
static void
test_negative_zero (void)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  double back;

  g_assert_cmpstr (cp_format_double_shortest (-0.0, buf), ==, "0");
  back = g_ascii_strtod (buf, NULL);
  g_assert_cmpfloat (back, ==, 0);
  g_assert_false (signbit (back));
}

/* XML Schema's xs:double spellings, which g_ascii_strtod reads too. */
static void
test_special (void)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_assert_cmpstr (cp_format_double_shortest (NAN, buf), ==, "NaN");
  g_assert_true (isnan (g_ascii_strtod (buf, NULL)));
  assert_shortest (INFINITY, "INF");
  assert_shortest (-INFINITY, "-INF");
}

/* A locale with a decimal comma changes nothing. */
static void
test_locale (void)
{
  static const char * const comma_locales[] = { "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "ru_RU.UTF-8" };
  g_autofree char *saved = g_strdup (setlocale (LC_NUMERIC, NULL));
  gboolean found = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (comma_locales) && !found; i++)
    found = setlocale (LC_NUMERIC, comma_locales[i]) != NULL
            && strcmp (localeconv ()->decimal_point, ",") == 0;
  if (!found)
    {
      setlocale (LC_NUMERIC, saved);
      g_test_skip ("no locale with a decimal comma is installed");
      return;
    }

  assert_shortest (0.55, "0.55");
  assert_shortest (1234567.25, "1234567.25");
  assert_shortest (0.1 + 0.2, "0.30000000000000004");
  assert_shortest (5e-324, "5e-324");
  setlocale (LC_NUMERIC, saved);
}

/* Any double at all: random bit patterns across every exponent. */
static void
test_random_bits (void)
{
  for (guint i = 0; i < 200000; i++)
    {
      guint64 bits = ((guint64) g_test_rand_int () << 32) | (guint32) g_test_rand_int ();
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      char longest[G_ASCII_DTOSTR_BUF_SIZE];
      double value;

      memcpy (&value, &bits, sizeof value);
      if (!isfinite (value) || value == 0)
        continue;
      cp_format_double_shortest (value, buf);
      assert_reads_back (buf, value);
      /* Never longer than GLib's own round-trip form, %.17g. */
      g_assert_cmpuint (strlen (buf), <=, strlen (g_ascii_dtostr (longest, sizeof longest, value)));
    }
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/format-double/shortest", test_shortest);
  g_test_add_func ("/format-double/integers", test_integers);
  g_test_add_func ("/format-double/beyond-2-53", test_beyond_2_53);
  g_test_add_func ("/format-double/subnormal", test_subnormal);
  g_test_add_func ("/format-double/negative-zero", test_negative_zero);
  g_test_add_func ("/format-double/special", test_special);
  g_test_add_func ("/format-double/locale", test_locale);
  g_test_add_func ("/format-double/random-bits", test_random_bits);

  return g_test_run ();
}

/* test-units.c: numbers with units as people type them (cp-units.h).
 *
 * Every expected value is the hand-known meaning of the text. */
#include "planner/cp-units.h"

#include <locale.h>
#include <math.h>
#include <string.h>

static void
assert_count (const char *text,
              double      expected)
{
  g_autoptr(GError) error = NULL;
  double value = -1;

  g_test_message ("count “%s”", text);
  g_assert_true (cp_parse_count (text, &value, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (value, expected, MAX (fabs (expected) * 1e-12, 1e-12));
}

static void
assert_count_error (const char  *text,
                    CpUnitsError code,
                    const char  *in_message)
{
  g_autoptr(GError) error = NULL;
  double value = 42;

  g_test_message ("count “%s” rejected",
                  text == NULL ? "(null)" : g_utf8_validate (text, -1, NULL) ? text : "(not UTF-8)");
  g_assert_false (cp_parse_count (text, &value, &error));
  g_assert_error (error, CP_UNITS_ERROR, (int) code);
  if (in_message != NULL)
    g_assert_nonnull (strstr (error->message, in_message));
  g_assert_cmpfloat (value, ==, 42);
}

static void
test_count_accepted (void)
{
  assert_count ("70", 70);
  assert_count ("7B", 7e9);
  assert_count ("7b", 7e9);
  assert_count ("7e9", 7e9);
  assert_count ("7E9", 7e9);
  assert_count ("6.7e+9", 6.7e9);
  assert_count ("2T", 2e12);
  assert_count ("1.4T", 1.4e12);
  assert_count ("1.5k", 1500);
  assert_count ("1.5K", 1500);
  assert_count ("400G", 400e9);
  assert_count ("3M", 3e6);
  assert_count ("65.2 B", 65.2e9);       /* spaces between number and suffix */
  assert_count ("  13B  ", 13e9);        /* and around */
  assert_count ("2,048", 2048);          /* thousands separators */
  assert_count ("1,400,000,000,000", 1.4e12);
  assert_count ("0.5", 0.5);
  assert_count (".5", 0.5);
  assert_count ("+8", 8);
  assert_count ("0", 0);
  assert_count ("700亿", 7e10);           /* 700 × 10^8 */
  assert_count ("1.5亿", 1.5e8);
  assert_count ("3万", 3e4);
  assert_count ("2万亿", 2e12);
  assert_count ("７Ｂ", 7e9);             /* full-width digits and letters */
  assert_count ("１．５ｋ", 1500);
  assert_count ("1e30", 1e30);           /* the largest accepted */
}

static void
test_count_rejected (void)
{
  assert_count_error (NULL, CP_UNITS_ERROR_EMPTY, NULL);
  assert_count_error ("", CP_UNITS_ERROR_EMPTY, NULL);
  assert_count_error ("   ", CP_UNITS_ERROR_EMPTY, NULL);
  assert_count_error ("abc", CP_UNITS_ERROR_SYNTAX, "“abc”");
  assert_count_error ("B7", CP_UNITS_ERROR_SYNTAX, NULL);
  assert_count_error (".", CP_UNITS_ERROR_SYNTAX, NULL);
  assert_count_error ("-", CP_UNITS_ERROR_SYNTAX, NULL);
  assert_count_error ("nan", CP_UNITS_ERROR_SYNTAX, NULL);
  assert_count_error ("NaN", CP_UNITS_ERROR_SYNTAX, NULL);
  assert_count_error ("inf", CP_UNITS_ERROR_SYNTAX, NULL);
  assert_count_error ("0x10", CP_UNITS_ERROR_UNIT, "“x10”");
  assert_count_error ("7XB", CP_UNITS_ERROR_UNIT, "“XB”");
  assert_count_error ("7B tokens", CP_UNITS_ERROR_UNIT, NULL);   /* trailing junk */
  assert_count_error ("7 7", CP_UNITS_ERROR_UNIT, NULL);
  assert_count_error ("1,5", CP_UNITS_ERROR_UNIT, NULL);         /* not a thousands group */
  assert_count_error ("1,0000", CP_UNITS_ERROR_UNIT, NULL);
  assert_count_error ("7e", CP_UNITS_ERROR_UNIT, NULL);
  assert_count_error ("-5", CP_UNITS_ERROR_RANGE, "negative");
  assert_count_error ("-1B", CP_UNITS_ERROR_RANGE, NULL);
  assert_count_error ("1e31", CP_UNITS_ERROR_RANGE, NULL);       /* over 1e30 */
  assert_count_error ("2e27B", CP_UNITS_ERROR_RANGE, NULL);      /* 2e36 after the suffix */
  assert_count_error ("1e400", CP_UNITS_ERROR_RANGE, NULL);      /* overflows to inf */
  assert_count_error ("\xff\xfe", CP_UNITS_ERROR_SYNTAX, NULL);  /* not UTF-8 */
}

/* Suffixes shift the decimal exponent, so "1.4T" is the double nearest
 * 1.4e12 (an integer, exactly representable) and not 1.4 × 10^12 rounded
 * twice: XML and files echo it as "1400000000000". */
static void
test_count_exact (void)
{
  double value = 0;

  g_assert_true (cp_parse_count ("1.4T", &value, NULL));
  g_assert_cmpfloat (value, ==, 1.4e12);
  g_assert_true (cp_parse_count ("1.4万亿", &value, NULL));
  g_assert_cmpfloat (value, ==, 1.4e12);
  g_assert_true (cp_parse_count ("65.2B", &value, NULL));
  g_assert_cmpfloat (value, ==, 65.2e9);
  g_assert_true (cp_parse_count ("0.3k", &value, NULL));
  g_assert_cmpfloat (value, ==, 300);
  g_assert_true (cp_parse_bytes ("2e3kB", &value, NULL));
  g_assert_cmpfloat (value, ==, 2e6);
}

static void
assert_bytes (const char *text,
              double      expected)
{
  g_autoptr(GError) error = NULL;
  double value = -1;

  g_test_message ("bytes “%s”", text);
  g_assert_true (cp_parse_bytes (text, &value, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (value, expected, MAX (fabs (expected) * 1e-12, 1e-12));
}

static void
assert_bytes_error (const char  *text,
                    CpUnitsError code,
                    const char  *in_message)
{
  g_autoptr(GError) error = NULL;
  double value = 42;

  g_test_message ("bytes “%s” rejected", text);
  g_assert_false (cp_parse_bytes (text, &value, &error));
  g_assert_error (error, CP_UNITS_ERROR, (int) code);
  if (in_message != NULL)
    g_assert_nonnull (strstr (error->message, in_message));
  g_assert_cmpfloat (value, ==, 42);
}

static void
test_bytes (void)
{
  assert_bytes ("80GB", 80e9);
  assert_bytes ("80 GB", 80e9);
  assert_bytes ("80gb", 80e9);
  assert_bytes ("80GiB", 80.0 * 1073741824.0);   /* 85,899,345,920 */
  assert_bytes ("80 GiB", 85899345920.0);
  assert_bytes ("24G", 24e9);                    /* a bare prefix is decimal */
  assert_bytes ("512MiB", 512.0 * 1048576.0);    /* 536,870,912 */
  assert_bytes ("512MB", 512e6);
  assert_bytes ("1.6 GB", 1.6e9);
  assert_bytes ("800KiB", 819200);               /* PUBLISHED I1: 800 KiB = 819,200 B */
  assert_bytes ("2TB", 2e12);
  assert_bytes ("1TiB", 1099511627776.0);
  assert_bytes ("4096", 4096);
  assert_bytes ("4096 B", 4096);
  assert_bytes ("1,024 bytes", 1024);
  assert_bytes ("８０ＧＢ", 80e9);

  assert_bytes_error ("", CP_UNITS_ERROR_EMPTY, NULL);
  assert_bytes_error ("GB", CP_UNITS_ERROR_SYNTAX, NULL);
  assert_bytes_error ("80XB", CP_UNITS_ERROR_UNIT, "“XB”");
  assert_bytes_error ("80 GB of HBM", CP_UNITS_ERROR_UNIT, NULL);
  assert_bytes_error ("-80GB", CP_UNITS_ERROR_RANGE, NULL);
  assert_bytes_error ("1e20PB", CP_UNITS_ERROR_RANGE, NULL);    /* 1e35 */
}

static void
assert_price (const char  *text,
              double       expected,
              gboolean     expect_unit,
              CpPriceUnit  expected_unit,
              const char  *expected_currency)
{
  g_autoptr(GError) error = NULL;
  double value = -1;
  CpPriceUnit unit = CP_N_PRICE_UNITS;
  gboolean unit_found = !expect_unit;
  char currency[4] = "XYZ";

  g_test_message ("price “%s”", text);
  g_assert_true (cp_parse_price (text, &value, &unit, &unit_found, currency, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (value, expected, MAX (fabs (expected) * 1e-12, 1e-12));
  g_assert_cmpint (unit_found, ==, expect_unit);
  if (expect_unit)
    g_assert_cmpint (unit, ==, expected_unit);
  else
    g_assert_cmpint (unit, ==, CP_N_PRICE_UNITS);   /* untouched */
  g_assert_cmpstr (currency, ==, expected_currency);
}

static void
assert_price_error (const char  *text,
                    CpUnitsError code,
                    const char  *in_message)
{
  g_autoptr(GError) error = NULL;
  double value = 42;
  CpPriceUnit unit;
  gboolean unit_found;
  char currency[4];

  g_test_message ("price “%s” rejected", text);
  g_assert_false (cp_parse_price (text, &value, &unit, &unit_found, currency, &error));
  g_assert_error (error, CP_UNITS_ERROR, (int) code);
  if (in_message != NULL)
    g_assert_nonnull (strstr (error->message, in_message));
  g_assert_cmpfloat (value, ==, 42);
}

static void
test_price (void)
{
  /* A bare number: no unit, no currency. */
  assert_price ("12.5", 12.5, FALSE, 0, "");
  assert_price ("12.5 元", 12.5, FALSE, 0, "CNY");
  /* Time only: what a machine costs. */
  assert_price ("12.5 元/小时", 12.5, TRUE, CP_PRICE_PER_NODE_HOUR, "CNY");
  assert_price ("12.5元/时", 12.5, TRUE, CP_PRICE_PER_NODE_HOUR, "CNY");
  assert_price ("100/h", 100, TRUE, CP_PRICE_PER_NODE_HOUR, "");
  assert_price ("80 元/台/小时", 80, TRUE, CP_PRICE_PER_NODE_HOUR, "CNY");
  assert_price ("80 CNY/node/h", 80, TRUE, CP_PRICE_PER_NODE_HOUR, "CNY");
  assert_price ("$98.32 per node hour", 98.32, TRUE, CP_PRICE_PER_NODE_HOUR, "USD");
  /* Per GPU or card. */
  assert_price ("$2.5/GPU/h", 2.5, TRUE, CP_PRICE_PER_GPU_HOUR, "USD");
  assert_price ("3.2 /GPU/h", 3.2, TRUE, CP_PRICE_PER_GPU_HOUR, "");
  assert_price ("2.5 USD/GPU-hour", 2.5, TRUE, CP_PRICE_PER_GPU_HOUR, "USD");
  assert_price ("2.5 USD per GPU hour", 2.5, TRUE, CP_PRICE_PER_GPU_HOUR, "USD");
  assert_price ("9.9元/卡/小时", 9.9, TRUE, CP_PRICE_PER_GPU_HOUR, "CNY");
  assert_price ("9.9 元/卡时", 9.9, TRUE, CP_PRICE_PER_GPU_HOUR, "CNY");
  assert_price ("9.9元每卡每小时", 9.9, TRUE, CP_PRICE_PER_GPU_HOUR, "CNY");
  assert_price ("RMB 7/GPU/hr", 7, TRUE, CP_PRICE_PER_GPU_HOUR, "CNY");
  /* Per month: per node. */
  assert_price ("¥30000/月", 30000, TRUE, CP_PRICE_PER_NODE_MONTH, "CNY");
  assert_price ("￥30000/月", 30000, TRUE, CP_PRICE_PER_NODE_MONTH, "CNY");     /* full-width yen */
  assert_price ("￥３００００／月", 30000, TRUE, CP_PRICE_PER_NODE_MONTH, "CNY"); /* and digits */
  assert_price ("25,000 CNY/node/month", 25000, TRUE, CP_PRICE_PER_NODE_MONTH, "CNY");
  assert_price ("25000 元/台/月", 25000, TRUE, CP_PRICE_PER_NODE_MONTH, "CNY");
  assert_price ("3万元/月", 30000, TRUE, CP_PRICE_PER_NODE_MONTH, "CNY");      /* 3 × 10^4 */
  assert_price ("¥2.5万/台/月", 25000, TRUE, CP_PRICE_PER_NODE_MONTH, "CNY");
  assert_price ("4k USD/month", 4000, TRUE, CP_PRICE_PER_NODE_MONTH, "USD");
  assert_price ("0", 0, FALSE, 0, "");                                        /* free is a price */

  assert_price_error ("", CP_UNITS_ERROR_EMPTY, NULL);
  assert_price_error ("元/小时", CP_UNITS_ERROR_SYNTAX, NULL);
  assert_price_error ("abc", CP_UNITS_ERROR_SYNTAX, "“abc”");
  assert_price_error ("-12.5 元/小时", CP_UNITS_ERROR_RANGE, NULL);
  assert_price_error ("12.5 元/天", CP_UNITS_ERROR_UNIT, "/天");    /* per day is not a billing unit */
  assert_price_error ("2.5/GPU/month", CP_UNITS_ERROR_UNIT, NULL); /* per GPU-month is not one either */
  assert_price_error ("12.5 EUR/h", CP_UNITS_ERROR_UNIT, NULL);
  assert_price_error ("12.5 元 小时", CP_UNITS_ERROR_UNIT, NULL);
  assert_price_error ("$12 CNY/h", CP_UNITS_ERROR_UNIT, NULL);    /* two currencies */
  assert_price_error ("1e31/h", CP_UNITS_ERROR_RANGE, NULL);
  assert_price_error ("nan/h", CP_UNITS_ERROR_SYNTAX, NULL);
}

static void
test_price_optional_outputs (void)
{
  g_autoptr(GError) error = NULL;
  double value = 0;

  /* Callers that only want the number may pass NULL for the rest. */
  g_assert_true (cp_parse_price ("¥30000/月", &value, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (value, ==, 30000);
}

static void
assert_format_count (double      value,
                     const char *expected)
{
  g_autofree char *text = cp_format_count (value);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_format (void)
{
  assert_format_count (7e9, "7B");
  assert_format_count (6.7e9, "6.7B");
  assert_format_count (65.2e9, "65.2B");
  assert_format_count (175e9, "175B");
  assert_format_count (1.4e12, "1.4T");
  assert_format_count (1500, "1.5k");
  assert_format_count (70, "70");
  assert_format_count (0, "0");
  assert_format_count (3e6, "3M");

  /* A formatted count reads back as the same figure. */
  {
    g_autofree char *text = cp_format_count (46.7e9);
    double back = 0;

    g_assert_true (cp_parse_count (text, &back, NULL));
    g_assert_cmpfloat_with_epsilon (back, 46.7e9, 1);
  }

  {
    /* 8.6e10 / 2^30 = 80.09… GiB; / 10^9 = 86.0 GB */
    g_autofree char *gib = cp_format_bytes (8.6e10, CP_MEMORY_UNIT_GIB);
    g_autofree char *gb = cp_format_bytes (8.6e10, CP_MEMORY_UNIT_GB);
    /* PUBLISHED I1: 819,200 B = 800 KiB */
    g_autofree char *kib = cp_format_bytes (819200, CP_MEMORY_UNIT_GIB);
    g_autofree char *small = cp_format_bytes (512, CP_MEMORY_UNIT_GB);
    /* 80 × 2^30 is exactly 80 GiB and 85.9 GB */
    g_autofree char *card = cp_format_bytes (85899345920.0, CP_MEMORY_UNIT_GB);

    g_assert_cmpstr (gib, ==, "80.1 GiB");
    g_assert_cmpstr (gb, ==, "86.0 GB");
    g_assert_cmpstr (kib, ==, "800.0 KiB");
    g_assert_cmpstr (small, ==, "512 B");
    g_assert_cmpstr (card, ==, "85.9 GB");
  }
}

/* A machine's RAM counts powers of two whatever the spelling, and a bare
 * number is in the unit given: what the quote form and the vendor sheet
 * import both read "1TB" as (walkthrough 5, N14: the form had 931 GiB,
 * the import 1,024). */
static void
test_ram_bytes (void)
{
  const double gib = 1073741824.0;
  const struct { const char *text; double expected; } cases[] = {
    { "512", 512 * gib },
    { "512 GB", 512 * gib },
    { "512G", 512 * gib },
    { "512 GiB", 512 * gib },
    { "1TB", 1024 * gib },
    { "1.5 TiB", 1536 * gib },
    { "2t", 2048 * gib },
  };
  double value;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_assert_true (cp_parse_ram_bytes (cases[i].text, gib, &value, NULL));
      g_assert_cmpfloat (value, ==, cases[i].expected);
    }
  /* A bare number in a column headed "(TB)". */
  g_assert_true (cp_parse_ram_bytes ("2", 1024 * gib, &value, NULL));
  g_assert_cmpfloat (value, ==, 2048 * gib);
  g_assert_false (cp_parse_ram_bytes ("lots", gib, &value, NULL));
  g_assert_false (cp_parse_ram_bytes ("", gib, &value, NULL));
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/units/count/accepted", test_count_accepted);
  g_test_add_func ("/units/count/rejected", test_count_rejected);
  g_test_add_func ("/units/count/exact", test_count_exact);
  g_test_add_func ("/units/bytes", test_bytes);
  g_test_add_func ("/units/ram-bytes", test_ram_bytes);
  g_test_add_func ("/units/price", test_price);
  g_test_add_func ("/units/price/optional-outputs", test_price_optional_outputs);
  g_test_add_func ("/units/format", test_format);

  return g_test_run ();
}

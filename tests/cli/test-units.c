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
  /* Not a thousands group: a decimal comma, said so (walkthrough 14). */
  assert_count_error ("1,5", CP_UNITS_ERROR_SYNTAX, "write decimals with a point");
  assert_count_error ("1,0000", CP_UNITS_ERROR_SYNTAX, "a comma only separates thousands");
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
  CpPriceText price;
  double value = -1;
  CpPriceUnit unit = CP_N_PRICE_UNITS;

  g_test_message ("price “%s”", text);
  g_assert_true (cp_parse_price_text (text, &price, &error));
  g_assert_no_error (error);
  /* In the model's units for a node of 8 GPUs. */
  value = price.amount;
  g_assert_true (cp_price_text_to_model (&price, 8, &value, &unit) == expect_unit);
  g_assert_cmpfloat_with_epsilon (value, expected, MAX (fabs (expected) * 1e-12, 1e-12));
  if (expect_unit)
    g_assert_cmpint (unit, ==, expected_unit);
  else
    g_assert_cmpint (unit, ==, CP_N_PRICE_UNITS);   /* untouched */
  g_assert_cmpstr (price.currency, ==, expected_currency);
}

static void
assert_price_error (const char  *text,
                    CpUnitsError code,
                    const char  *in_message)
{
  g_autoptr(GError) error = NULL;
  CpPriceText price = { 42 };

  g_test_message ("price “%s” rejected", text);
  g_assert_false (cp_parse_price_text (text, &price, &error));
  g_assert_error (error, CP_UNITS_ERROR, (int) code);
  if (in_message != NULL)
    g_assert_nonnull (strstr (error->message, in_message));
  g_assert_cmpfloat (price.amount, ==, 42);
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
  /* By the day, week and year, per machine or per card: 24 and 168 hours,
   * 12 months; a month per card is the node's 8 cards'. */
  assert_price ("2352元/台/天", 2352.0 / 24, TRUE, CP_PRICE_PER_NODE_HOUR, "CNY");
  assert_price ("2352 元/台/日", 2352.0 / 24, TRUE, CP_PRICE_PER_NODE_HOUR, "CNY");
  assert_price ("12.5 元/天", 12.5 / 24, TRUE, CP_PRICE_PER_NODE_HOUR, "CNY");  /* no subject: the machine */
  assert_price ("294元/卡/天", 294.0 / 24, TRUE, CP_PRICE_PER_GPU_HOUR, "CNY");
  assert_price ("$60 per GPU per day", 2.5, TRUE, CP_PRICE_PER_GPU_HOUR, "USD");
  assert_price ("16464元/台/周", 98, TRUE, CP_PRICE_PER_NODE_HOUR, "CNY");
  assert_price ("2058 元/卡/周", 2058.0 / 168, TRUE, CP_PRICE_PER_GPU_HOUR, "CNY");
  assert_price ("1000 CNY/node/week", 1000.0 / 168, TRUE, CP_PRICE_PER_NODE_HOUR, "CNY");
  assert_price ("2.5/GPU/month", 20, TRUE, CP_PRICE_PER_NODE_MONTH, "");
  assert_price ("8500元/卡/月", 68000, TRUE, CP_PRICE_PER_NODE_MONTH, "CNY");
  assert_price ("6.8万/台/月", 68000, TRUE, CP_PRICE_PER_NODE_MONTH, "");
  assert_price ("81.6万元/台/年", 68000, TRUE, CP_PRICE_PER_NODE_MONTH, "CNY");
  assert_price ("CNY 68,000 per node-month", 68000, TRUE, CP_PRICE_PER_NODE_MONTH, "CNY");
  assert_price ("68000 元 按月", 68000, TRUE, CP_PRICE_PER_NODE_MONTH, "CNY");
  assert_price ("68000 包月", 68000, TRUE, CP_PRICE_PER_NODE_MONTH, "");
  assert_price ("98 元/台时", 98, TRUE, CP_PRICE_PER_NODE_HOUR, "CNY");
  assert_price ("12.25元/卡时", 12.25, TRUE, CP_PRICE_PER_GPU_HOUR, "CNY");
  assert_price ("12.25 按卡时", 12.25, TRUE, CP_PRICE_PER_GPU_HOUR, "");
  assert_price ("2352元每台每天", 98, TRUE, CP_PRICE_PER_NODE_HOUR, "CNY");
  assert_price ("¥98/node/h", 98, TRUE, CP_PRICE_PER_NODE_HOUR, "CNY");
  assert_price ("12.25 RMB/card/hr", 12.25, TRUE, CP_PRICE_PER_GPU_HOUR, "CNY");

  assert_price_error ("", CP_UNITS_ERROR_EMPTY, NULL);
  assert_price_error ("元/小时", CP_UNITS_ERROR_SYNTAX, NULL);
  assert_price_error ("abc", CP_UNITS_ERROR_SYNTAX, "“abc”");
  assert_price_error ("-12.5 元/小时", CP_UNITS_ERROR_RANGE, NULL);
  assert_price_error ("12.5 元/分钟", CP_UNITS_ERROR_UNIT, "/分钟");   /* no vendor bills by the minute */
  assert_price_error ("12.5/卡/台/h", CP_UNITS_ERROR_UNIT, NULL);       /* per card and per machine */
  assert_price_error ("12.5/h/月", CP_UNITS_ERROR_UNIT, NULL);          /* two periods */
  assert_price_error ("12.5/卡", CP_UNITS_ERROR_UNIT, NULL);            /* per card, but per what time? */
  assert_price_error ("12.5 EUR/h", CP_UNITS_ERROR_UNIT, NULL);
  assert_price_error ("12.5 元 小时", CP_UNITS_ERROR_UNIT, NULL);
  assert_price_error ("$12 CNY/h", CP_UNITS_ERROR_UNIT, NULL);    /* two currencies */
  /* A decimal comma, typed as a newcomer did: the message says what to
   * write, not "unknown unit ‘,25’". */
  assert_price_error ("12,25", CP_UNITS_ERROR_SYNTAX, "“12,25”: write decimals with a point");
  assert_price_error ("12,25 元/卡/时", CP_UNITS_ERROR_SYNTAX, "a comma only separates thousands");
  assert_price_error ("1e31/h", CP_UNITS_ERROR_RANGE, NULL);
  assert_price_error ("nan/h", CP_UNITS_ERROR_SYNTAX, NULL);
}

static void
test_price_unit_alone (void)
{
  g_autoptr(GError) error = NULL;
  double value = 0;   /* a unit alone has no amount */

  /* Callers that only want the number may pass NULL for the rest. */
  CpPriceText price;

  g_assert_true (cp_parse_price_unit ("元/台/月", &price, &error));
  g_assert_no_error (error);
  g_assert_cmpint (price.subject, ==, CP_PRICE_SUBJECT_NODE);
  g_assert_cmpint (price.period, ==, CP_PRICE_PERIOD_MONTH);
  g_assert_cmpstr (price.currency, ==, "CNY");
  g_assert_cmpfloat (price.amount, ==, value);
}

/* Counts and durations as people type them, in the words prices use. */
static void
test_counts_and_durations (void)
{
  static const struct { const char *text; CpPriceSubject subject; guint count; } counts[] = {
    { "8", CP_PRICE_SUBJECT_GPU, 8 }, { "8卡", CP_PRICE_SUBJECT_GPU, 8 }, { "8 卡", CP_PRICE_SUBJECT_GPU, 8 },
    { "8 GPUs", CP_PRICE_SUBJECT_GPU, 8 }, { "8 gpu", CP_PRICE_SUBJECT_GPU, 8 }, { "8张", CP_PRICE_SUBJECT_GPU, 8 },
    { "8 cards", CP_PRICE_SUBJECT_GPU, 8 }, { "八卡", CP_PRICE_SUBJECT_GPU, 8 }, { "８卡", CP_PRICE_SUBJECT_GPU, 8 },
    { "2", CP_PRICE_SUBJECT_NODE, 2 }, { "2台", CP_PRICE_SUBJECT_NODE, 2 }, { "两台", CP_PRICE_SUBJECT_NODE, 2 },
    { "4 nodes", CP_PRICE_SUBJECT_NODE, 4 }, { "4节点", CP_PRICE_SUBJECT_NODE, 4 },
    { "2 machines", CP_PRICE_SUBJECT_NODE, 2 }, { "3 servers", CP_PRICE_SUBJECT_NODE, 3 },
    /* A vendor's configuration cell says what the GPUs are counted in (walk41 F4). */
    { "8卡/台", CP_PRICE_SUBJECT_GPU, 8 }, { "8卡每台", CP_PRICE_SUBJECT_GPU, 8 },
    { "8 GPUs per node", CP_PRICE_SUBJECT_GPU, 8 }, { "4 GPUs/server", CP_PRICE_SUBJECT_GPU, 4 },
  };
  static const struct { const char *text; double hours; gboolean month; } durations[] = {
    { "72", 72, FALSE }, { "72h", 72, FALSE }, { "72 小时", 72, FALSE }, { "3天", 72, FALSE },
    { "3 days", 72, FALSE }, { "2周", 336, FALSE }, { "两周", 336, FALSE }, { "2w", 336, FALSE },
    { "2 weeks", 336, FALSE }, { "一周", 168, FALSE }, { "3个月", 3 * 730, TRUE }, { "三个月", 3 * 730, TRUE },
    { "3 months", 3 * 730, TRUE }, { "1 month", 730, TRUE }, { "3个月起", 3 * 730, TRUE },
    { "按月", 730, TRUE }, { "至少1个月", 730, TRUE }, { "无", 0, FALSE }, { "1年", 12 * 730, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      g_autoptr(GError) error = NULL;
      guint count = 0;

      g_test_message ("count “%s”", counts[i].text);
      g_assert_true (cp_parse_count_of (counts[i].text, counts[i].subject, &count, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (count, ==, counts[i].count);
    }
  for (guint i = 0; i < G_N_ELEMENTS (durations); i++)
    {
      g_autoptr(GError) error = NULL;
      gboolean month = !durations[i].month;
      double hours = -1;

      g_test_message ("duration “%s”", durations[i].text);
      g_assert_true (cp_parse_duration_h (durations[i].text, 730, &hours, &month, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (hours, ==, durations[i].hours);
      g_assert_cmpint (month, ==, durations[i].month);
    }

  {
    g_autoptr(GError) error = NULL;
    guint count = 7;

    /* A count of the other thing, a unit that is no count, a fraction. */
    g_assert_false (cp_parse_count_of ("8台", CP_PRICE_SUBJECT_GPU, &count, &error));
    g_assert_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT);
    g_assert_cmpstr (error->message, ==, "“8台” counts machines, not GPUs");
    g_clear_error (&error);
    g_assert_false (cp_parse_count_of ("2卡", CP_PRICE_SUBJECT_NODE, &count, &error));
    g_assert_cmpstr (error->message, ==, "“2卡” counts GPUs, not machines");
    g_clear_error (&error);
    /* Per hour is a price's unit, not the machine the GPUs are in. */
    g_assert_false (cp_parse_count_of ("8卡/时", CP_PRICE_SUBJECT_GPU, &count, &error));
    g_assert_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_SYNTAX);
    g_clear_error (&error);
    g_assert_false (cp_parse_count_of ("8 boxes", CP_PRICE_SUBJECT_GPU, &count, &error));
    g_assert_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_SYNTAX);
    g_clear_error (&error);
    g_assert_false (cp_parse_count_of ("8.5卡", CP_PRICE_SUBJECT_GPU, &count, &error));
    g_assert_cmpuint (count, ==, 7);
  }
  {
    g_autoptr(GError) error = NULL;
    double hours = -1;

    g_assert_false (cp_parse_duration_h ("2 fortnights", 730, &hours, NULL, &error));
    g_assert_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_UNIT);
    g_clear_error (&error);
    g_assert_false (cp_parse_duration_h ("-2周", 730, &hours, NULL, &error));
    g_assert_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_RANGE);
    g_assert_cmpfloat (hours, ==, -1);
  }
}

/* A deadline in days as people type it (walkthrough 21: "10天" was
 * refused with "“10天”不是以 天 为单位的数值"): a bare number is days,
 * hours and weeks are converted by hand (48 h = 2 days, 2 weeks = 14). */
static void
test_duration_days (void)
{
  static const struct {
    const char *text;
    double      days;
  } typed[] = {
    { "10", 10 }, { "10天", 10 }, { "10 天", 10 }, { "10日", 10 }, { "10d", 10 }, { "10 days", 10 },
    { "1 day", 1 }, { "十天", 10 }, { "2.5天", 2.5 }, { "48h", 2 }, { "36 小时", 1.5 }, { "2周", 14 },
    { "0", 0 }, { "无", 0 },
    /* A service of "2 months" (read38 F1): 2 × 730 h = 1,460 h = 60.8333 days,
     * the months the estimate bills it by; 8 weeks = 56 days; 1,464 h =
     * 61 days (7 December – 5 February). */
    { "2 months", 1460.0 / 24 }, { "2mo", 1460.0 / 24 }, { "2个月", 1460.0 / 24 }, { "两个月", 1460.0 / 24 },
    { "8 weeks", 56 }, { "8w", 56 }, { "61d", 61 }, { "1464h", 61 }, { "1464 h", 61 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      g_autoptr(GError) error = NULL;
      double days = -1;

      g_assert_true (cp_parse_duration_days (typed[i].text, 730, &days, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat_with_epsilon (days, typed[i].days, 1e-12);
    }
  {
    g_autoptr(GError) error = NULL;
    double days = -1;

    g_assert_false (cp_parse_duration_days ("ten days", 730, &days, &error));
    g_assert_cmpstr (error->message, ==, "“ten days” is not a number of days: type a number of days, or of hours, weeks or "
                     "months with the unit, such as 61, 1464h, 8 weeks, 2 months");
    g_clear_error (&error);
    g_assert_false (cp_parse_duration_days ("10 fortnights", 730, &days, &error));
    g_assert_cmpstr (error->message, ==, "“10 fortnights” is not a number of days: type a number of days, or of hours, weeks or "
                     "months with the unit, such as 61, 1464h, 8 weeks, 2 months");
    g_clear_error (&error);
    /* A unit alone is no number of days (a term's "按月" is one month). */
    g_assert_false (cp_parse_duration_days ("天", 730, &days, &error));
    g_assert_cmpstr (error->message, ==, "“天” is not a number of days: type a number of days, or of hours, weeks or "
                     "months with the unit, such as 61, 1464h, 8 weeks, 2 months");
    g_clear_error (&error);
    g_assert_false (cp_parse_duration_days ("-3天", 730, &days, &error));
    g_assert_error (error, CP_UNITS_ERROR, CP_UNITS_ERROR_RANGE);
    g_assert_cmpfloat (days, ==, -1);
  }
  /* A term in hours still reads a bare number as hours. */
  {
    double hours = -1;

    g_assert_true (cp_parse_duration_h ("10", 730, &hours, NULL, NULL));
    g_assert_cmpfloat (hours, ==, 10);
  }
}

/* The examples the Chinese price hints give (walkthrough 21: "12.5/GPU/h"
 * in a Chinese form) are prices the field takes. */
static void
test_price_chinese_examples (void)
{
  static const struct {
    const char     *text;
    double          amount;
    CpPriceSubject  subject;
    CpPricePeriod   period;
  } examples[] = {
    { "12.5 元/卡/时", 12.5, CP_PRICE_SUBJECT_GPU, CP_PRICE_PERIOD_HOUR },
    { "2352 元/台/天", 2352, CP_PRICE_SUBJECT_NODE, CP_PRICE_PERIOD_DAY },
    { "3万/台/月", 30000, CP_PRICE_SUBJECT_NODE, CP_PRICE_PERIOD_MONTH },
  };

  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autoptr(GError) error = NULL;
      CpPriceText price;

      g_assert_true (cp_parse_price_text (examples[i].text, &price, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (price.amount, ==, examples[i].amount);
      g_assert_cmpint (price.subject, ==, examples[i].subject);
      g_assert_cmpint (price.period, ==, examples[i].period);
    }
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
  g_test_add_func ("/units/price/unit-alone", test_price_unit_alone);
  g_test_add_func ("/units/counts-and-durations", test_counts_and_durations);
  g_test_add_func ("/units/duration-days", test_duration_days);
  g_test_add_func ("/units/price/chinese-examples", test_price_chinese_examples);
  g_test_add_func ("/units/format", test_format);

  return g_test_run ();
}

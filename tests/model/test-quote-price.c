/* test-quote-price.c: a price typed in the wrong unit is told apart from
 * real rental prices (cp_quote_price_is_plausible), by hand calculation. */
#include "config.h"

#include "planner/cp-quote.h"
#include "planner/cp-settings.h"

static void
set_price (CpQuote     *quote,
           double       price,
           CpPriceUnit  unit,
           const char  *currency)
{
  quote->price = price;
  quote->price_unit = unit;
  g_strlcpy (quote->currency, currency, sizeof quote->currency);
}

static void
test_units (void)
{
  CpSettings settings;
  CpQuote quote;

  cp_settings_init (&settings);
  cp_quote_init (&quote);
  g_assert_cmpfloat (settings.hours_per_month, ==, 730);
  g_assert_cmpuint (quote.gpus_per_node, ==, 8);

  /* 18.5 per GPU-hour: plausible. */
  set_price (&quote, 18.5, CP_PRICE_PER_GPU_HOUR, "CNY");
  g_assert_true (cp_quote_price_is_plausible (&quote, &settings));
  /* The same 18.5 read as a node-month: 18.5 / 730 / 8 = 0.0032 < 0.1. */
  set_price (&quote, 18.5, CP_PRICE_PER_NODE_MONTH, "CNY");
  g_assert_cmpfloat_with_epsilon (cp_quote_price_per_gpu_hour (&quote, &settings), 0.0031678, 1e-6);
  g_assert_false (cp_quote_price_is_plausible (&quote, &settings));
  /* 30,000 a node-month: 30000 / 5840 = 5.14 per GPU-hour. */
  set_price (&quote, 30000, CP_PRICE_PER_NODE_MONTH, "CNY");
  g_assert_true (cp_quote_price_is_plausible (&quote, &settings));
  /* The same 30,000 read as a GPU-hour: above 1,000. */
  set_price (&quote, 30000, CP_PRICE_PER_GPU_HOUR, "CNY");
  g_assert_false (cp_quote_price_is_plausible (&quote, &settings));
  /* 98 a node-hour: 12.25 per GPU-hour. */
  set_price (&quote, 98, CP_PRICE_PER_NODE_HOUR, "CNY");
  g_assert_true (cp_quote_price_is_plausible (&quote, &settings));
  /* The band's ends belong to it. */
  set_price (&quote, 0.1, CP_PRICE_PER_GPU_HOUR, "CNY");
  g_assert_true (cp_quote_price_is_plausible (&quote, &settings));
  set_price (&quote, 1000, CP_PRICE_PER_GPU_HOUR, "CNY");
  g_assert_true (cp_quote_price_is_plausible (&quote, &settings));

  /* No price yet is incomplete, not implausible. */
  set_price (&quote, 0, CP_PRICE_PER_GPU_HOUR, "CNY");
  g_assert_true (cp_quote_price_is_plausible (&quote, &settings));
  cp_quote_clear (&quote);
}

static void
test_currencies (void)
{
  CpSettings settings;
  CpQuote quote;
  double low, high;

  cp_settings_init (&settings);
  cp_quote_init (&quote);

  /* USD at 7 CNY: 0.1 / 7 to 1000 / 7. */
  set_price (&quote, 2.5, CP_PRICE_PER_GPU_HOUR, "USD");
  g_assert_true (cp_quote_plausible_price_band (&quote, &low, &high));
  g_assert_cmpfloat_with_epsilon (low, 0.1 / 7, 1e-12);
  g_assert_cmpfloat_with_epsilon (high, 1000.0 / 7, 1e-12);
  g_assert_true (cp_quote_price_is_plausible (&quote, &settings));
  /* 2.5 USD a node-month: 2.5 / 5840 = 0.00043 USD per GPU-hour. */
  set_price (&quote, 2.5, CP_PRICE_PER_NODE_MONTH, "USD");
  g_assert_false (cp_quote_price_is_plausible (&quote, &settings));
  /* 200 USD per GPU-hour is above 142.9. */
  set_price (&quote, 200, CP_PRICE_PER_GPU_HOUR, "USD");
  g_assert_false (cp_quote_price_is_plausible (&quote, &settings));

  /* A currency without a band is never called implausible. */
  set_price (&quote, 0.001, CP_PRICE_PER_GPU_HOUR, "EUR");
  g_assert_false (cp_quote_plausible_price_band (&quote, &low, &high));
  g_assert_true (cp_quote_price_is_plausible (&quote, &settings));
  cp_quote_clear (&quote);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/quote-price/units", test_units);
  g_test_add_func ("/model/quote-price/currencies", test_currencies);

  return g_test_run ();
}

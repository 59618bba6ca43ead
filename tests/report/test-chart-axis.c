/* test-chart-axis.c: tick labels read as the values they mark; a panel
 * that turns logarithmic says so in its title. */
#include "config.h"

#include <locale.h>

#include "report/cp-chart-private.h"
#include "report/cp-i18n.h"
#include "report/cp-report-private.h"

/* Labels of the ticks of a linear axis from @lo by @step, in English. */
static char **
linear_labels (double lo,
               double step,
               guint  n,
               double scale)
{
  g_autoptr(CpChartData) data = cp_chart_data_new_empty (CP_CHART_COST, "en");
  Axis axis = { .min = lo, .max = lo + step * (n - 1), .log = FALSE, .scale = scale, .step = step };
  char **labels = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    labels[i] = cp_chart_tick_label (data, &axis, FALSE, lo + step * i);
  return labels;
}

/* A calendar axis of 0 to 0.2 days by 0.05 labelled 0.15 as "0.2", twice
 * "0.2" on one axis (the newcomer's 13B LoRA at 1024 px). */
static void
test_labels_at_step_resolution (void)
{
  const char *days[] = { "0", "0.05", "0.1", "0.15", "0.2", NULL };
  const char *cny[] = { "0", "50,000", "100,000", "150,000", NULL };
  const char *halves[] = { "1", "1.5", "2", "2.5", NULL };
  const char *thousandths[] = { "0.004", "0.006", "0.008", "0.01", NULL };
  g_auto(GStrv) day_labels = linear_labels (0, 0.05, 5, 1);
  g_auto(GStrv) cny_labels = linear_labels (0, 50000, 4, 1);
  g_auto(GStrv) half_labels = linear_labels (1, 0.5, 4, 1);
  g_auto(GStrv) thousandth_labels = linear_labels (0.004, 0.002, 4, 1);
  /* A scale divides what is shown: 0.25 GiB steps of bytes. */
  g_auto(GStrv) gib_labels = linear_labels (0, 0.25 * 1073741824.0, 3, 1073741824.0);
  const char *gib[] = { "0", "0.25", "0.5", NULL };

  g_assert_cmpstrv (day_labels, days);
  g_assert_cmpstrv (cny_labels, cny);
  g_assert_cmpstrv (half_labels, halves);
  g_assert_cmpstrv (thousandth_labels, thousandths);
  g_assert_cmpstrv (gib_labels, gib);
}

/* A log cost axis's decades, in 万元 from 100 down to 0.001 (¥10): the
 * lowest read "0.00", a zero on an axis that has none (lead15). */
static void
test_log_decades (void)
{
  g_autoptr(CpChartData) data = cp_chart_data_new_empty (CP_CHART_COST, "en");
  Axis axis = { .min = 0.001, .max = 100, .log = TRUE, .scale = 1, .step = 0 };
  const double values[] = { 100, 10, 1, 0.1, 0.01, 0.001 };
  const char *expected[] = { "100", "10", "1", "0.1", "0.01", "0.001" };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *label = cp_chart_tick_label (data, &axis, FALSE, values[i]);

      g_assert_cmpstr (label, ==, expected[i]);
    }
}

/* A cost chart in @lang of one quote costing @cheap_cny at 8 GPUs and
 * @dear_cny at 16, taking 20 and 0.5 days, its titles as
 * cp_chart_data_new_cost() words them, and the log axes said. */
static CpChartData *
cost_chart (const char *lang,
            double      cheap_cny,
            double      dear_cny)
{
  CpChartData *data = cp_chart_data_new_empty (CP_CHART_COST, lang);
  CpChartSeries *series = cp_chart_series_new ("8 × A800", TRUE);

  cp_chart_series_add (series, 8, cheap_cny, 20);
  cp_chart_series_add (series, 16, dear_cny, 0.5);
  g_ptr_array_add (data->series, series);
  cp_i18n_push_language (lang);
  data->y_label = g_strdup_printf (_("Total cost (%s)"), cp_i18n_currency_name ("CNY", lang));
  data->y2_label = g_strdup (_("Calendar time (days)"));
  cp_chart_data_say_log_axes (data);
  cp_i18n_pop_language ();
  return data;
}

/* Walk36 X18: the cost axis went from 0–50,000 to decades when a dearer
 * quote came, with nothing said. Costs of 1,800 and 52,000 CNY (29×) keep
 * a linear axis; 1,700 and 52,000 (31×) turn it logarithmic, and its
 * title says so, in English and in Chinese; the days panel, 20 against
 * 0.5 days (40×), says so too. */
static void
test_log_axis_said (void)
{
  g_autoptr(CpChartData) linear = cost_chart ("en", 1800, 52000);
  g_autoptr(CpChartData) log_en = cost_chart ("en", 1700, 52000);
  g_autoptr(CpChartData) log_zh = cost_chart ("zh_CN", 1700, 52000);

  g_assert_cmpstr (linear->y_label, ==, "Total cost (CNY)");
  g_assert_cmpstr (linear->y2_label, ==, "Calendar time (days), log scale");
  g_assert_cmpstr (log_en->y_label, ==, "Total cost (CNY), log scale");
  g_assert_cmpstr (log_zh->y_label, ==, "总成本（元），对数刻度");
  g_assert_true (g_str_has_suffix (log_zh->y2_label, "，对数刻度"));
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  cp_i18n_bind_textdomain ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/chart-axis/labels-at-step-resolution", test_labels_at_step_resolution);
  g_test_add_func ("/report/chart-axis/log-decades", test_log_decades);
  g_test_add_func ("/report/chart-axis/log-axis-said", test_log_axis_said);
  return g_test_run ();
}

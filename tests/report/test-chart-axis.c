/* test-chart-axis.c: tick labels read as the values they mark. */
#include "config.h"

#include <locale.h>

#include "report/cp-chart-private.h"

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

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/report/chart-axis/labels-at-step-resolution", test_labels_at_step_resolution);
  g_test_add_func ("/report/chart-axis/log-decades", test_log_decades);
  return g_test_run ();
}

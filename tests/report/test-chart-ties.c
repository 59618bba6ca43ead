/* test-chart-ties.c: two options the cost chart writes alike are a tie
 * (issue 22): no break-even calls one cheaper than the other, and the
 * readout at their point names both. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "planner/cp-sweep.h"
#include "report/cp-chart.h"
#include "report/cp-chart-private.h"
#include "report/cp-i18n.h"
#include "store/cp-store.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* A LoRA of Qwen2.5 7B on 100M tokens; LocalDC's one 8 × A800 machine at
 * 60,000 CNY a month and CloudCo's two such nodes at @cloud_price a
 * month each, written to @file. */
static CpProject *
two_a800_project (const char *file,
                  const char *cloud_price)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmp_dir, file, NULL);
  CpProject *project;

  RUN_OK ("new", file);
  RUN_OK ("add-job", file, "--name", "LoRA", "--model", "qwen2.5-7b", "--task", "lora", "--tokens", "100M");
  RUN_OK ("add-quote", file, "--vendor", "LocalDC", "--offer", "A800 machine", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "60000");
  RUN_OK ("add-quote", file, "--vendor", "CloudCo", "--offer", "A800 cluster", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "2", "--price-per-node-month", cloud_price, "--network", "infiniband",
          "--nics", "8", "--nic-gbps", "400");
  project = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  return project;
}

/* The cost of @series' point at @gpus, or NAN. */
static double
cost_at (const CpChartSeries *series,
         double               gpus)
{
  for (guint p = 0; p < series->x->len; p++)
    if (g_array_index (series->x, double, p) == gpus)
      return g_array_index (series->y, double, p);
  return NAN;
}

/* The readout of @data's upper panel at @gpus and @cost, on a chart of
 * the window's 1024 × 576. */
static char *
readout_at (const CpChartData *data,
            double             gpus,
            double             cost)
{
  Geometry geometry;
  double x, y;

  cp_chart_geometry_init_detached (&geometry, data, CP_CHART_STYLE_LIGHT, 1024, 576);
  x = cp_chart_to_px_x (&geometry, gpus);
  y = cp_chart_to_px_y (&geometry.panels[0], cost);
  cp_chart_geometry_clear (&geometry);
  return cp_chart_readout (data, 1024, 576, x, y);
}

/* The series of @data whose label holds @vendor. */
static const CpChartSeries *
series_of (const CpChartData *data,
           const char        *vendor)
{
  for (guint s = 0; s < data->series->len; s++)
    if (strstr (((CpChartSeries *) g_ptr_array_index (data->series, s))->label, vendor) != NULL)
      return g_ptr_array_index (data->series, s);
  g_error ("no line names %s", vendor);
}

/* CloudCo's node at 59,999.6 CNY a month beside LocalDC's machine at
 * 60,000, the same 8 × A800 for the same run: the cost chart writes both
 * 60,000 CNY at 8 GPUs (whole units, as its readout and the memo do), a
 * tie. CloudCo's line was called "cheaper than every other quote on one
 * machine, at 8 GPUs" for 0.4 CNY, and the readout at the point named
 * whichever quote came first. Neither panel now claims a winner, and the
 * readout names both with the one cost. At 59,000 CNY, 1,000 under, the
 * claim is made and names CloudCo. */
static void
test_tie_written_alike (void)
{
  static const struct {
    const char *lang, *cost, *cheaper;
  } words[] = {
    { "en", "60,000 CNY", "CloudCo cheaper than every other quote on one machine, at 8 GPUs" },
    { "zh_CN", "¥60,000", "CloudCo 在 8 块 GPU 时比其他所有报价的单机更便宜" },
  };
  g_autoptr(CpProject) tie = two_a800_project ("tie.cplan", "59999.6");
  g_autoptr(CpProject) cheaper = two_a800_project ("cheaper.cplan", "59000");
  g_autoptr(CpPlan) tie_plan = cp_project_plan_job (tie, 0);
  g_autoptr(CpSweep) tie_sweep = cp_project_sweep_job (tie, 0, CP_CHART_COST_MAX_POINTS);
  g_autoptr(CpPlan) cheaper_plan = cp_project_plan_job (cheaper, 0);
  g_autoptr(CpSweep) cheaper_sweep = cp_project_sweep_job (cheaper, 0, CP_CHART_COST_MAX_POINTS);

  for (guint l = 0; l < G_N_ELEMENTS (words); l++)
    {
      g_autoptr(CpChartData) data = cp_chart_data_new_cost (tie, 0, tie_plan, tie_sweep, words[l].lang);
      g_autoptr(CpChartData) control = cp_chart_data_new_cost (cheaper, 0, cheaper_plan, cheaper_sweep,
                                                               words[l].lang);
      g_autofree char *readout = NULL;

      /* The figures as the planner gives them: 0.4 CNY apart. */
      g_assert_cmpfloat_with_epsilon (cost_at (series_of (data, "LocalDC"), 8), 60000, 1e-6);
      g_assert_cmpfloat_with_epsilon (cost_at (series_of (data, "CloudCo"), 8), 59999.6, 1e-6);
      g_assert_null (data->break_even[0].label);
      g_assert_null (data->break_even[1].label);
      g_assert_null (strstr (data->note, "CloudCo"));

      readout = readout_at (data, 8, 60000);
      g_assert_nonnull (readout);
      g_assert_nonnull (strstr (readout, "LocalDC"));
      g_assert_nonnull (strstr (readout, "CloudCo"));
      g_assert_nonnull (strstr (readout, words[l].cost));

      g_assert_nonnull (control->break_even[0].label);
      g_assert_nonnull (strstr (control->break_even[0].label, words[l].cheaper));
    }
}

int
main (int    argc,
      char **argv)
{
  cp_i18n_bind_textdomain ();
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-chart-ties-XXXXXX");

  g_test_add_func ("/chart-ties/written-alike", test_tie_written_alike);
  return cp_test_run_then_remove (tmp_dir);
}

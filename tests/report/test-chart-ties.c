/* test-chart-ties.c: two options the cost chart writes alike are a tie
 * (issue 22): no break-even calls one cheaper than the other, and the
 * readout at their point names both; two quotes labelled at one point
 * share one label naming both (issue 26). */
#include "config.h"

#include <math.h>
#include <string.h>
#include <cairo.h>

#include "common/cp-test-chart.h"
#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "planner/cp-sweep.h"
#include "report/cp-chart.h"
#include "report/cp-chart-private.h"
#include "report/cp-i18n.h"
#include "store/cp-store.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* Writes @file: a LoRA of Qwen2.5 7B on 100M tokens and LocalDC's one
 * 8 × A800 machine at 60,000 CNY a month, which both projects below
 * start from. */
static void
write_lora_with_local_dc (const char *file)
{
  RUN_OK ("new", file);
  RUN_OK ("add-job", file, "--name", "LoRA", "--model", "qwen2.5-7b", "--task", "lora", "--tokens", "100M");
  RUN_OK ("add-quote", file, "--vendor", "LocalDC", "--offer", "A800 machine", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "60000");
}

/* The project written to @file, loaded. */
static CpProject *
load_written (const char *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmp_dir, file, NULL);
  CpProject *project = cp_project_load_file (path, &error);

  g_assert_no_error (error);
  return project;
}

/* A LoRA of Qwen2.5 7B on 100M tokens; LocalDC's one 8 × A800 machine at
 * 60,000 CNY a month and CloudCo's two such nodes at @cloud_price a
 * month each, written to @file. */
static CpProject *
two_a800_project (const char *file,
                  const char *cloud_price)
{
  write_lora_with_local_dc (file);
  RUN_OK ("add-quote", file, "--vendor", "CloudCo", "--offer", "A800 cluster", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "2", "--price-per-node-month", cloud_price, "--network", "infiniband",
          "--nics", "8", "--nic-gbps", "400");
  return load_written (file);
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


/* A LoRA of Qwen2.5 7B on 100M tokens and single 8 × A800 machines:
 * LocalDC's and CloudCo's at 60,000 CNY a month each, and, with
 * @cheap_price, CheapCo's, written to @file. */
static CpProject *
a800_machines_project (const char *file,
                       const char *cloud_price,
                       const char *cheap_price)
{
  write_lora_with_local_dc (file);
  RUN_OK ("add-quote", file, "--vendor", "CloudCo", "--offer", "A800 machine", "--gpu", "a800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", cloud_price);
  if (cheap_price != NULL)
    RUN_OK ("add-quote", file, "--vendor", "CheapCo", "--offer", "A800 machine", "--gpu", "a800",
            "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", cheap_price);
  return load_written (file);
}

/* The window's chart pane at a 1024-px window and at 1600 and 1920, and
 * the page's cost chart (360 pt, at its smallest 300) on A4's 511-pt
 * text width, as test-chart-labels.c draws them. */
static const CpTestChartSize sizes[] = {
  { 1024, 576, CP_CHART_STYLE_LIGHT },
  { 1600, 900, CP_CHART_STYLE_LIGHT },
  { 1920, 1080, CP_CHART_STYLE_DARK },
  { 511, 360, CP_CHART_STYLE_PRINT },
  { 511, 300, CP_CHART_STYLE_PRINT },
};

/* The labels naming a point (names_point) drawn for @data at size @z. */
static GArray *
point_labels (const CpChartData *data,
              guint              z)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) sizes[z].width,
                                                         (int) sizes[z].height);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  GArray *named = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));

  cp_chart_draw_full (cr, sizes[z].width, sizes[z].height, sizes[z].style, data, boxes);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  for (guint b = 0; b < boxes->len; b++)
    if (g_array_index (boxes, CpChartLabelBox, b).names_point)
      g_array_append_val (named, g_array_index (boxes, CpChartLabelBox, b));
  return named;
}

/* The index of @series in @data. */
static int
index_of (const CpChartData   *data,
          const CpChartSeries *series)
{
  for (guint s = 0; s < data->series->len; s++)
    if (g_ptr_array_index (data->series, s) == series)
      return (int) s;
  g_assert_not_reached ();
}

/* LocalDC's and CloudCo's machines, the same 8 × A800 at 60,000 CNY a
 * month, cost the same and take the same days at 8 GPUs: their markers
 * are one. Each had its label there, and the room beside one marker held
 * one: the second went far off on a leader or was left out. Now one
 * label names both, on each panel, at every size and in both languages:
 * "Recommended: LocalDC · CloudCo (same cost and time): 8 × A800 80GB
 * SXM" where LocalDC is recommended (the first of a tie), and "LocalDC ·
 * CloudCo: …" where CheapCo, at 30,000, is (their cost 60,000 against
 * 30,000 for the same run, so not alike). CloudCo at 61,000, 1/60 more
 * (a cost apart by more than a whole CNY), keeps its own label. */
static void
test_joint_label (void)
{
  static const struct {
    const char *lang, *recommended, *joint, *plain;
  } words[] = {
    { "en", "Recommended: LocalDC · CloudCo (same cost and time): 8\u00a0×\u00a0A800\u00a080GB\u00a0SXM",
      "LocalDC · CloudCo: 8\u00a0×\u00a0A800\u00a080GB\u00a0SXM", "8 × A800 80GB SXM · CloudCo" },
    { "zh_CN", "推荐：LocalDC · CloudCo（成本与时间相同）：8\u00a0×\u00a0A800\u00a080GB\u00a0SXM",
      "LocalDC · CloudCo：8\u00a0×\u00a0A800\u00a080GB\u00a0SXM", "8 × A800 80GB SXM · CloudCo" },
  };
  g_autoptr(CpProject) pair = a800_machines_project ("pair.cplan", "60000", NULL);
  g_autoptr(CpProject) trio = a800_machines_project ("trio.cplan", "60000", "30000");
  g_autoptr(CpProject) apart = a800_machines_project ("apart.cplan", "61000", NULL);
  CpProject *projects[] = { pair, trio, apart };

  for (guint l = 0; l < G_N_ELEMENTS (words); l++)
    for (guint k = 0; k < G_N_ELEMENTS (projects); k++)
      {
        g_autoptr(CpPlan) plan = cp_project_plan_job (projects[k], 0);
        g_autoptr(CpSweep) sweep = cp_project_sweep_job (projects[k], 0, CP_CHART_COST_MAX_POINTS);
        g_autoptr(CpChartData) data = cp_chart_data_new_cost (projects[k], 0, plan, sweep, words[l].lang);
        const CpChartSeries *local = series_of (data, "LocalDC");
        const CpChartSeries *cloud = series_of (data, "CloudCo");

        if (projects[k] == apart)
          {
            g_assert_null (local->joint_label);
            g_assert_null (cloud->joint_label);
            g_assert_cmpint (cloud->joint_into, ==, -1);
            g_assert_cmpfloat_with_epsilon (cost_at (cloud, 8), 61000, 1e-6);
          }
        else
          {
            /* The figures as the planner gives them: one cost. */
            g_assert_cmpfloat_with_epsilon (cost_at (local, 8), 60000, 1e-6);
            g_assert_cmpfloat_with_epsilon (cost_at (cloud, 8), 60000, 1e-6);
            g_assert_cmpstr (local->joint_label, ==, projects[k] == pair ? words[l].recommended : words[l].joint);
            g_assert_cmpint (cloud->joint_into, ==, index_of (data, local));
          }

        for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
          {
            g_autoptr(GArray) named = point_labels (data, z);
            guint local_boxes = 0, cloud_boxes = 0;

            for (guint b = 0; b < named->len; b++)
              {
                const CpChartLabelBox *box = &g_array_index (named, CpChartLabelBox, b);

                if (box->series == index_of (data, local))
                  {
                    local_boxes++;
                    g_assert_cmpint (box->joint, ==, projects[k] != apart);
                    /* Never cut: every name it gives is a quote. */
                    g_assert_cmpuint (box->shown_bytes, ==, strlen (box->joint ? local->joint_label : local->label));
                  }
                else if (box->series == index_of (data, cloud))
                  cloud_boxes++;
              }
            /* The joint label, or each quote its own, on a panel at least
             * (a name with no clean place on one panel is left to the
             * other, cp-chart.c); never the joined quote's own. */
            g_assert_cmpuint (local_boxes, >=, 1);
            if (projects[k] == apart)
              g_assert_cmpuint (cloud_boxes, >=, 1);
            else
              g_assert_cmpuint (cloud_boxes, ==, 0);
          }
        if (projects[k] == apart)
          g_assert_cmpstr (cloud->label, ==, words[l].plain);
      }
}

int
main (int    argc,
      char **argv)
{
  cp_i18n_bind_textdomain ();
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-chart-ties-XXXXXX");

  g_test_add_func ("/chart-ties/written-alike", test_tie_written_alike);
  g_test_add_func ("/chart-ties/joint-label", test_joint_label);
  return cp_test_run_then_remove (tmp_dir);
}

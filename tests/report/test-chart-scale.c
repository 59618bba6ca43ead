/* test-chart-scale.c: the cost chart's scale is set by the options the
 * verdict weighs, and a line that leaves its top says so with its
 * highest cost (walk38 F5: a 16-node 910B line at 1.6 million CNY put
 * the three options that mattered in the bottom 7% of the panel); a
 * quote is named on the charts as everywhere (walk38b G13). */
#include "config.h"

#include <math.h>
#include <string.h>
#include <cairo-pdf.h>

#include "common/cp-test-chart.h"
#include "common/cp-test-cli.h"
#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"
#include "planner/cp-sweep.h"
#include "report/cp-chart.h"
#include "report/cp-chart-private.h"
#include "report/cp-i18n.h"
#include "store/cp-demo.h"
#include "store/cp-store.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

/* The window's chart pane in a 1024-px window, at 1600 and presented at
 * 1920, and the page's cost chart (cp-report-job.c) on A4's text width. */
static const struct {
  double width, height;
  CpChartStyle style;
} sizes[] = {
  { 1024, 576, CP_CHART_STYLE_LIGHT },
  { 1600, 900, CP_CHART_STYLE_LIGHT },
  { 1920, 1080, CP_CHART_STYLE_DARK },
  { 511, 360, CP_CHART_STYLE_PRINT },
  { 511, 300, CP_CHART_STYLE_PRINT },
};

/* A LoRA of Qwen2.5 72B (a few hours' run) on LocalDC's A800 machine at
 * 60,000 CNY a month, CloudCo's 2 H800 nodes at 70,000 each a month, and
 * 华东智算's 16 Ascend 910B nodes at 138 CNY a node-hour billed by the
 * month (730 h). A cluster of more than one node adds R8's 30,000 CNY of
 * migration (7.5 days at 4,000). The three options ranked, each on one
 * node: 60,000, 70,000 and 138 × 730 = 100,740 CNY. The lines end at
 * 2 × 70,000 + 30,000 = 170,000 and 16 × 730 × 138 + 30,000 =
 * 1,641,840 CNY. */
static CpProject *
three_vendors (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmp_dir, "scale.cplan", NULL);
  CpProject *project;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      RUN_OK ("new", "scale.cplan");
      RUN_OK ("add-job", "scale.cplan", "--name", "Support bot LoRA", "--model", "qwen2.5-72b", "--task", "lora",
              "--tokens", "100M");
      RUN_OK ("add-quote", "scale.cplan", "--vendor", "LocalDC", "--offer", "8 x A800 80GB machine", "--gpu", "a800",
              "--gpus-per-node", "8", "--nodes", "1", "--price-per-node-month", "60000");
      RUN_OK ("add-quote", "scale.cplan", "--vendor", "CloudCo", "--offer", "H800 cluster, 2 nodes, InfiniBand",
              "--gpu", "h800", "--gpus-per-node", "8", "--nodes", "2", "--price-per-node-month", "70000",
              "--network", "infiniband", "--nics", "8", "--nic-gbps", "400");
      RUN_OK ("add-quote", "scale.cplan", "--vendor", "华东智算", "--offer", "H800 集群，400G InfiniBand", "--gpu",
              "ascend-910b", "--gpus-per-node", "8", "--nodes", "16", "--price-per-node-hour", "138",
              "--billing-granularity-hours", "730", "--network", "roce", "--nics", "8", "--nic-gbps", "200");
    }
  project = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  return project;
}

static CpChartData *
cost_chart (const CpProject *project,
            const char      *lang)
{
  g_autoptr(CpPlan) plan = cp_project_plan_job (project, 0);
  g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, 0, CP_CHART_COST_MAX_POINTS);

  return cp_chart_data_new_cost (project, 0, plan, sweep, lang);
}

/* The series of @data whose label holds @vendor. */
static const CpChartSeries *
series_of (const CpChartData *data,
           const char        *vendor,
           guint             *index)
{
  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);

      if (strstr (series->label, vendor) != NULL)
        {
          *index = s;
          return series;
        }
    }
  g_error ("no line names %s", vendor);
}

/* The scale reaches the dearest option weighed, 100,740 CNY, plus its
 * 4% headroom, in steps of 50,000: 0 to 150,000, where LocalDC's
 * 60,000 stands 40% up the panel and 华东智算's 100,740 at 67%; the two
 * lines that go on past it say how far, in English and in Chinese. */
static void
test_scaled_to_weighed (void)
{
  g_autoptr(CpProject) project = three_vendors ();
  g_autoptr(CpChartData) data = cost_chart (project, "en");
  g_autoptr(CpChartData) zh = cost_chart (project, "zh_CN");
  const CpChartSeries *local, *cloud, *ascend;
  guint local_index, ascend_index, unused;
  Geometry geometry;
  double x, y;

  g_assert_cmpfloat (data->y_top, ==, 100740);
  local = series_of (data, "LocalDC", &local_index);
  cloud = series_of (data, "CloudCo", &unused);
  ascend = series_of (data, "华东智算", &ascend_index);
  g_assert_null (local->off_scale_label);
  g_assert_cmpstr (cloud->off_scale_label, ==, "↑ up to 170,000 CNY");
  g_assert_cmpstr (ascend->off_scale_label, ==, "↑ up to 1,641,840 CNY");
  g_assert_cmpstr (series_of (zh, "CloudCo", &unused)->off_scale_label, ==, "↑ 最高 ¥170,000");
  g_assert_cmpstr (data->y_label, ==, "Total cost (thousand CNY)");

  for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
    {
      double height;

      cp_chart_geometry_init_detached (&geometry, data, sizes[z].style, sizes[z].width, sizes[z].height);
      g_assert_false (geometry.panels[0].log);
      g_assert_cmpfloat (geometry.panels[0].y.min, ==, 0);
      g_assert_cmpfloat (geometry.panels[0].y.max, ==, 150000);
      height = geometry.panels[0].bottom - geometry.panels[0].top;
      g_assert_true (cp_chart_locate (data, sizes[z].width, sizes[z].height, sizes[z].style, local_index, 0, FALSE,
                                      &x, &y));
      g_assert_cmpfloat_with_epsilon ((geometry.panels[0].bottom - y) / height, 0.4, 1e-9);
      g_assert_true (cp_chart_locate (data, sizes[z].width, sizes[z].height, sizes[z].style, ascend_index, 0, FALSE,
                                      &x, &y));
      g_assert_cmpfloat_with_epsilon ((geometry.panels[0].bottom - y) / height, 100740.0 / 150000, 1e-9);
      /* Its 16-node point is off the top, not on it. */
      g_assert_false (cp_chart_locate (data, sizes[z].width, sizes[z].height, sizes[z].style, ascend_index,
                                       ascend->x->len - 1, FALSE, &x, &y));
      cp_chart_geometry_clear (&geometry);
    }
}

/* No two labels cover each other, and no value of a line off the top
 * covers a line (the chart's own labels on the cost panel are those
 * values: this project has no deadline and no break-even line). */
static void
assert_labels_apart (const CpChartData *data,
                     double             width,
                     double             height,
                     CpChartStyle       style,
                     const GArray      *boxes)
{
  Geometry geometry;
  guint values = 0;

  cp_chart_geometry_init_detached (&geometry, data, style, width, height);
  for (guint b = 0; b < boxes->len; b++)
    {
      const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, b);

      if (box->width <= 0)
        continue;
      for (guint c = b + 1; c < boxes->len; c++)
        {
          const CpChartLabelBox *other = &g_array_index (boxes, CpChartLabelBox, c);

          if (other->width > 0 && box->x < other->x + other->width - 0.5 && other->x < box->x + box->width - 0.5 &&
              box->y < other->y + other->height - 0.5 && other->y < box->y + box->height - 0.5)
            g_error ("%s, %g × %g: labels %u and %u cover each other", data->lang, width, height, b, c);
        }
      if (box->series != -1 || box->y < geometry.panels[0].top || box->y + box->height > geometry.panels[0].bottom)
        continue;
      values++;
      for (guint s = 0; s < data->series->len; s++)
        {
          const CpChartSeries *series = g_ptr_array_index (data->series, s);

          for (guint p = 1; p < series->x->len && !series->points_only; p++)
            {
              double x0, y0, x1, y1;

              if (cp_chart_locate (data, width, height, style, s, p - 1, FALSE, &x0, &y0) &&
                  cp_chart_locate (data, width, height, style, s, p, FALSE, &x1, &y1) &&
                  cp_test_segment_in_box (x0, y0, x1, y1, box))
                g_error ("%s, %g × %g: the value at label %u covers the line of %s", data->lang, width, height, b,
                         series->label);
            }
        }
    }
  /* CloudCo's and 华东智算's. */
  g_assert_cmpuint (values, ==, 2);
  cp_chart_geometry_clear (&geometry);
}

/* Drawn in the window's sizes and on the page, each line off the top
 * has its value on the chart (read back from a PDF), and no label covers
 * another or another quote's line. */
static void
test_off_scale_drawn (void)
{
  static const char *const langs[] = { "en", "zh_CN" };
  static const char *const values[][2] = { { "↑upto170,000CNY", "↑upto1,641,840CNY" },
                                           { "↑最高¥170,000", "↑最高¥1,641,840" } };
  g_autoptr(CpProject) project = three_vendors ();

  for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
    {
      g_autoptr(CpChartData) data = cost_chart (project, langs[l]);

      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
        {
          g_autofree char *name = g_strdup_printf ("scale-%s-%u.pdf", langs[l], z);
          g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
          g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
          cairo_surface_t *surface = cairo_pdf_surface_create (path, sizes[z].width, sizes[z].height);
          cairo_t *cr = cairo_create (surface);

          cp_chart_draw_full (cr, sizes[z].width, sizes[z].height, sizes[z].style, data, boxes);
          cairo_destroy (cr);
          cairo_surface_destroy (surface);
          assert_labels_apart (data, sizes[z].width, sizes[z].height, sizes[z].style, boxes);
          if (cp_test_have_poppler ())
            {
              g_autofree char *text = cp_test_pdf_text (tmp_dir, name, 0, FALSE);

              for (guint v = 0; v < G_N_ELEMENTS (values[l]); v++)
                cp_test_assert_has (text, values[l][v]);
            }
        }
    }
}

/* Walk38b G13: in the demo's charts, 示例供应商 C read "— 8 × H20 96GB
 * 裸金属" after its name, its offer as typed, while D to G had their
 * vendors alone. Each demo vendor has one quote: every quote's line is
 * named by its GPUs and its vendor alone, as the window's table and the
 * report name it. */
static void
test_demo_names_alike (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_demo_project_new (&error);

  g_assert_no_error (error);
  for (guint j = 0; j < project->jobs->len; j++)
    {
      g_autoptr(CpPlan) plan = cp_project_plan_job (project, j);
      g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, j, CP_CHART_COST_MAX_POINTS);
      g_autoptr(CpChartData) data = cp_chart_data_new_cost (project, j, plan, sweep, "zh_CN");

      for (guint s = 0; s < data->series->len; s++)
        {
          const CpChartSeries *series = g_ptr_array_index (data->series, s);
          const char *name = strstr (series->label, " · ");
          gboolean vendor_alone = FALSE;

          g_assert_nonnull (name);
          name += strlen (" · ");
          for (guint q = 0; q < project->quotes->len; q++)
            vendor_alone |= g_strcmp0 (((CpQuote *) g_ptr_array_index (project->quotes, q))->vendor, name) == 0;
          if (!vendor_alone)
            g_error ("job %u: “%s” names more than its vendor", j + 1, series->label);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  int status;

  cp_i18n_bind_textdomain ();
  g_test_init (&argc, &argv, NULL);
  tmp_dir = g_dir_make_tmp ("cp-chart-scale-XXXXXX", NULL);

  g_test_add_func ("/chart-scale/scaled-to-weighed", test_scaled_to_weighed);
  g_test_add_func ("/chart-scale/off-scale-drawn", test_off_scale_drawn);
  g_test_add_func ("/chart-scale/demo-names-alike", test_demo_names_alike);
  status = g_test_run ();
  cp_test_remove_tree (tmp_dir);
  g_free (tmp_dir);
  return status;
}

/* test-chart-points.c: a line's label names the point it sits at, and
 * stays inside the chart (walk36 F8). The walk's serving job: GPU Cloud
 * SZ's four 8 × H800 nodes, whose cost line leaves the top of the scale
 * after its first node, beside Local Provider's one Ascend machine. The
 * deadline's label keeps off the other labels and the markers. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

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

/* The window at 1024, 1600 and 1920 px, and the PDF's cost chart: an A4
 * page's width less its 42-pt margins (595.28 − 2 × 42 = 511.28 pt) by
 * COST_CHART_HEIGHT, 360 pt (cp-report-job.c). */
static const CpTestChartSize sizes[] = {
  { 1024, 576, CP_CHART_STYLE_LIGHT },
  { 1600, 900, CP_CHART_STYLE_LIGHT },
  { 1920, 1080, CP_CHART_STYLE_LIGHT },
  { 511.28, 360, CP_CHART_STYLE_PRINT },
};

static const char *const langs[] = { "en", "zh_CN" };

/* The walk's project (/tmp/walk36/proj.cplan, job 2) as the CLI makes
 * it, in @file. */
static CpProject *
walk_serving_project (const char *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmp_dir, file, NULL);
  CpProject *project;

  RUN_OK ("new", file);
  RUN_OK ("add-job", file, "--name", "Qwen72B serve 50 users", "--model", "qwen2.5-72b", "--task",
          "inference", "--concurrency", "50");
  RUN_OK ("add-quote", file, "--vendor", "GPU Cloud SZ", "--gpu", "h800", "--gpus-per-node", "8", "--nodes",
          "4", "--price-per-gpu-hour", "98", "--network", "infiniband", "--nics", "8", "--nic-gbps", "400");
  RUN_OK ("add-quote", file, "--vendor", "Local Provider", "--gpu", "ascend-910b", "--gpus-per-node", "8",
          "--nodes", "1", "--price-per-node-month", "38000");
  project = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  return project;
}

/* The GPUs a quote's label names by its machines: "4 × 8 × H800 …" 32,
 * "8 × H800 …" 8, after "Recommended: " or "推荐：" when it has one. */
static double
gpus_named (const char *label)
{
  const char *start = strstr (label, ": ");
  unsigned nodes, per_node;

  start = start != NULL ? start + 2 : g_str_has_prefix (label, "推荐：") ? label + strlen ("推荐：") : label;
  if (sscanf (start, "%u × %u ×", &nodes, &per_node) == 2)
    return (double) nodes * per_node;
  if (sscanf (start, "%u ×", &per_node) == 1)
    return per_node;
  g_error ("no GPUs in the label %s", label);
}

/* The series whose label holds @vendor. */
static guint
series_of (const CpChartData *data,
           const char        *vendor)
{
  for (guint s = 0; s < data->series->len; s++)
    if (strstr (((CpChartSeries *) g_ptr_array_index (data->series, s))->label, vendor) != NULL)
      return s;
  g_error ("no line names %s", vendor);
}

/* Every line's label box of @boxes within the chart, right of the plot's
 * left edge (the value axis and its amounts are left of it) and short of
 * the chart's right edge. */
static void
assert_inside (const CpChartData *data,
               double             width,
               double             height,
               CpChartStyle       style,
               const GArray      *boxes,
               const char        *what)
{
  double left, top, right, bottom;

  cp_chart_plot_area (data, width, height, style, &left, &top, &right, &bottom);
  for (guint b = 0; b < boxes->len; b++)
    {
      const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, b);

      if (box->series < 0 || box->width <= 0)
        continue;
      if (box->x < left || box->x + box->width > width)
        {
          g_test_message ("%s at %g × %g: the label of %s runs from %g to %g, outside %g to %g", what, width, height,
                          ((CpChartSeries *) g_ptr_array_index (data->series, box->series))->label, box->x,
                          box->x + box->width, left, width);
          g_test_fail ();
        }
    }
}

/* Each line's label sits at the point whose machines it names: the
 * anchor's GPUs, read back off the x axis, are those of the label's
 * machines. GPU Cloud SZ's cost at one node (8 GPUs) is under the top of
 * the scale, at two nodes above it, so its upper-panel label sat at 8
 * GPUs reading "4 × 8 × H800 SXM 80GB · GPU Cloud SZ", the 32-GPU
 * cluster; it now reads "8 × H800 SXM 80GB · GPU Cloud SZ" there. */
static void
test_label_names_its_point (void)
{
  g_autoptr(CpProject) project = walk_serving_project (G_STRFUNC);
  g_autoptr(CpPlan) plan = cp_project_plan_job (project, 0);
  g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, 0, CP_CHART_COST_MAX_POINTS);

  for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      {
        g_autoptr(CpChartData) data = cp_chart_data_new_cost (project, 0, plan, sweep, langs[l]);
        g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (sizes[z].width),
                                                               (int) sizes[z].height);
        cairo_t *cr = cairo_create (surface);
        guint cloud = series_of (data, "GPU Cloud SZ");
        gboolean cloud_named = FALSE;
        Geometry geometry;

        /* The premise: the line's first node on the scale, its last off it. */
        g_assert_true (isfinite (data->y_top));
        g_assert_cmpfloat (g_array_index (((CpChartSeries *) g_ptr_array_index (data->series, cloud))->y, double, 0),
                           <=, data->y_top);

        cp_chart_draw_full (cr, sizes[z].width, sizes[z].height, sizes[z].style, data, boxes);
        cp_chart_geometry_init_detached (&geometry, data, sizes[z].style, sizes[z].width, sizes[z].height);
        for (guint b = 0; b < boxes->len; b++)
          {
            const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, b);
            const CpChartSeries *series;
            double named_px;

            if (box->series < 0 || !box->names_point)
              continue;
            series = g_ptr_array_index (data->series, box->series);
            named_px = cp_chart_to_px_x (&geometry, gpus_named (series->label));
            if (fabs (box->anchor_x - named_px) > 0.5)
              {
                g_test_message ("%s at %g × %g: \"%s\" sits at x = %g px, its machines' GPUs are at %g px", langs[l],
                                sizes[z].width, sizes[z].height, series->label, box->anchor_x, named_px);
                g_test_fail ();
              }
            cloud_named = cloud_named || (guint) box->series == cloud;
          }
        g_assert_true (cloud_named);
        assert_inside (data, sizes[z].width, sizes[z].height, sizes[z].style, boxes, langs[l]);
        cp_chart_geometry_clear (&geometry);
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
      }
}


static gboolean
boxes_overlap (const CpChartLabelBox *a,
               const CpChartLabelBox *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width &&
         a->y < b->y + b->height && b->y < a->y + a->height;
}

/* The deadline's label on the days panel, "Deadline: 7 days" ("截止期限：
 * 7 天"), covers no other label and no marker, in the window's sizes and
 * on the page, in English and Chinese: the demo's jobs with a deadline
 * each, set as a user does (edit-job): the 70B fine-tune in 7 days, the
 * 7B QLoRA in 1, the 13B pretraining in 60 and the 14B LoRA in 2, whose
 * days panels crowd labels and lines under and over the deadline. */
static void
test_deadline_label_clear (void)
{
  static const struct {
    const char *job, *days, *en, *zh;
  } jobs[] = {
    { "1", "7", "Deadline: 7 days", "截止期限：7 天" },
    { "2", "1", "Deadline: 1 day", "截止期限：1 天" },
    { "4", "60", "Deadline: 60 days", "截止期限：60 天" },
    { "7", "2", "Deadline: 2 days", "截止期限：2 天" },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmp_dir, "deadlines.cplan", NULL);
  g_autoptr(CpProject) project = NULL;

  RUN_OK ("demo", "deadlines.cplan");
  for (guint j = 0; j < G_N_ELEMENTS (jobs); j++)
    RUN_OK ("edit-job", "deadlines.cplan", jobs[j].job, "--deadline-days", jobs[j].days);
  project = cp_project_load_file (path, &error);
  g_assert_no_error (error);

  for (guint j = 0; j < G_N_ELEMENTS (jobs); j++)
    {
      guint index = (guint) g_ascii_strtoull (jobs[j].job, NULL, 10) - 1;
      g_autoptr(CpPlan) plan = cp_project_plan_job (project, index);
      g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, index, CP_CHART_COST_MAX_POINTS);

      for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
        {
          g_autoptr(CpChartData) data = cp_chart_data_new_cost (project, index, plan, sweep, langs[l]);

          g_assert_cmpstr (data->deadline_label, ==, l == 0 ? jobs[j].en : jobs[j].zh);
          for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
            {
              g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
              g_autoptr(GArray) markers = g_array_new (FALSE, FALSE, sizeof (CpChartMarker));
              cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                                     (int) ceil (sizes[z].width),
                                                                     (int) sizes[z].height);
              cairo_t *cr = cairo_create (surface);
              const CpChartLabelBox *deadline = NULL;

              cp_chart_draw_full (cr, sizes[z].width, sizes[z].height, sizes[z].style, data, boxes);
              cp_chart_draw_markers (cr, sizes[z].width, sizes[z].height, sizes[z].style, data, markers);
              for (guint b = 0; b < boxes->len; b++)
                {
                  const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, b);

                  if (box->series == -1 && box->shown_bytes == strlen (data->deadline_label))
                    {
                      g_assert_null (deadline);
                      deadline = box;
                    }
                }
              if (deadline == NULL)
                g_error ("job %s, %s at %g × %g: no \"%s\"", jobs[j].job, langs[l], sizes[z].width,
                         sizes[z].height, data->deadline_label);
              for (guint b = 0; b < boxes->len; b++)
                {
                  const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, b);

                  if (box != deadline && box->width > 0 && boxes_overlap (deadline, box))
                    {
                      g_test_message ("job %s, %s at %g × %g: \"%s\" (%g,%g %g×%g) on label %u of series %d "
                                      "(%g,%g %g×%g)", jobs[j].job, langs[l], sizes[z].width, sizes[z].height,
                                      data->deadline_label, deadline->x, deadline->y, deadline->width,
                                      deadline->height, b, box->series, box->x, box->y, box->width, box->height);
                      g_test_fail ();
                    }
                }
              for (guint m = 0; m < markers->len; m++)
                {
                  const CpChartMarker *marker = &g_array_index (markers, CpChartMarker, m);
                  CpChartLabelBox square = { marker->x - marker->size, marker->y - marker->size, 2 * marker->size,
                                             2 * marker->size, -1, 0 };

                  if (boxes_overlap (deadline, &square))
                    {
                      g_test_message ("job %s, %s at %g × %g: \"%s\" on the marker of series %d at (%g, %g)",
                                      jobs[j].job, langs[l], sizes[z].width, sizes[z].height, data->deadline_label,
                                      marker->series, marker->x, marker->y);
                      g_test_fail ();
                    }
                }
              cairo_destroy (cr);
              cairo_surface_destroy (surface);
            }
        }
    }
}

int
main (int    argc,
      char **argv)
{
  cp_i18n_bind_textdomain ();
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-chart-points-XXXXXX");

  g_test_add_func ("/chart-points/label-names-its-point", test_label_names_its_point);
  g_test_add_func ("/chart-points/deadline-label-clear", test_deadline_label_clear);
  return cp_test_run_then_remove (tmp_dir);
}

/* test-chart-names.c: a quote's name on a chart's line label when its
 * room is short of it (cp-chart-label-text.c): the GPUs never cut, the
 * vendor kept by its head where that names it ("深圳鹏城…"), by its
 * head and its tail where another vendor starts alike ("示例算力…乙");
 * the room the cost chart's plot keeps beside its labels
 * (cp-chart-axis.c); and the labels kept in place when a price changes
 * (cp_chart_data_keep_placements()). */
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
#include "report/cp-chart-label-text.h"
#include "report/cp-i18n.h"
#include "store/cp-store.h"

static char *tmp_dir;

#define RUN_OK(...) cp_test_run_cli_ok (tmp_dir, (const char *const[]) { __VA_ARGS__, NULL })

#define SHENZHEN "深圳鹏城智算科技有限公司"

/* walk41b's team: a LoRA of Qwen2.5 14B, a cloud's H800 machine, an
 * A800 cluster, and the sheet /tmp/walk41/vendor-shenzhen.csv of one
 * Shenzhen vendor, four clusters told apart by their GPUs; written to
 * @file. */
static CpProject *
shenzhen_project (const char *file)
{
  static const struct { const char *gpu, *nodes, *network, *nics, *gbps, *price_cny; } sheet[] = {
    { "h800", "4", "infiniband", "8", "400", "78000" },
    { "a800", "8", "roce", "4", "200", "46000" },
    { "h20", "2", "roce", "2", "100", "29800" },
    { "ascend-910b", "4", "roce", "8", "200", "33000" },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmp_dir, file, NULL);
  CpProject *project;

  RUN_OK ("new", file);
  RUN_OK ("add-job", file, "--name", "Qwen 14B LoRA", "--model", "qwen2.5-14b", "--task", "lora", "--tokens",
          "200M");
  RUN_OK ("add-quote", file, "--vendor", "Cloud H800", "--offer", "8xH800 per hour", "--gpu", "h800",
          "--gpus-per-node", "8", "--nodes", "1", "--price-per-gpu-hour", "16");
  RUN_OK ("add-quote", file, "--vendor", "A800 RoCE cluster", "--offer", "4-node A800 80G RoCE", "--gpu",
          "a800", "--gpus-per-node", "8", "--nodes", "4", "--price-per-node-month", "52000", "--network", "roce",
          "--nics", "4", "--nic-gbps", "200");
  for (guint q = 0; q < G_N_ELEMENTS (sheet); q++)
    RUN_OK ("add-quote", file, "--vendor", SHENZHEN, "--gpu", sheet[q].gpu, "--gpus-per-node", "8", "--nodes",
            sheet[q].nodes, "--price-per-node-month", sheet[q].price_cny, "--network", sheet[q].network, "--nics",
            sheet[q].nics, "--nic-gbps", sheet[q].gbps);
  project = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  return project;
}

/* The series of @data whose label holds @text. */
static const CpChartSeries *
series_with (const CpChartData *data,
             const char        *text)
{
  for (guint s = 0; s < data->series->len; s++)
    if (strstr (((CpChartSeries *) g_ptr_array_index (data->series, s))->label, text) != NULL)
      return g_ptr_array_index (data->series, s);
  g_error ("no line names %s", text);
}

/* @series' label fitted to the width @fits takes on one line. */
static char *
fit_to_width_of (const CpChartData   *data,
                 const CpChartSeries *series,
                 const char          *fits)
{
  Geometry geometry;
  double width;
  guint shown;
  char *text;

  cp_chart_geometry_init_detached (&geometry, data, CP_CHART_STYLE_LIGHT, 918, 516);
  cp_chart_text_size (&geometry, geometry.small, fits, 0, &width, NULL);
  text = cp_chart_fit_quote_label (&geometry, geometry.small, series, width + 0.5, 1, &shown);
  cp_chart_geometry_clear (&geometry);
  return text;
}

/* walk41b F7: the Shenzhen vendor's four lines read "4 × 8 × H800 SXM
 * 80GB · …司", "8 × 8 × A800 80GB SXM · …司": the tail of a Chinese
 * company's name is its kind (有限公司), the same for every company. No
 * other vendor of the project starts with 深, so its head names it: cut
 * in the room of "… · 深圳鹏城…" the label reads so; at its shortest
 * "… · 深圳…". Another vendor whose name starts alike keeps its tail
 * after the head, as before: "示例算力供应商甲" and "示例算力供应商乙"
 * share their first seven characters, 21 bytes: in the room of "… ·
 * 示例算力…乙" the label reads so. */
static void
test_head_names_vendor (void)
{
  g_autoptr(CpProject) project = shenzhen_project ("head.cplan");
  g_autoptr(CpPlan) plan = cp_project_plan_job (project, 0);
  g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, 0, CP_CHART_COST_MAX_POINTS);
  g_autoptr(CpChartData) data = cp_chart_data_new_cost (project, 0, plan, sweep, "zh_CN");
  const CpChartSeries *h800 = series_with (data, "H800 SXM 80GB · " SHENZHEN);
  const CpChartSeries *cluster = series_with (data, "A800 RoCE cluster");
  g_autofree char *fitted = fit_to_width_of (data, h800, "4 × 8 × H800 SXM 80GB · 深圳鹏城…");
  g_autofree char *shortest = cp_chart_shortest_quote_label (h800);
  g_autofree char *cluster_fitted = fit_to_width_of (data, cluster, "4 × 8 × A800 80GB SXM · A800 RoCE…");

  g_assert_cmpuint (h800->vendor_shared_bytes, ==, 0);
  g_assert_cmpstr (fitted, ==, "4 × 8 × H800 SXM 80GB · 深圳鹏城…");
  g_assert_cmpstr (shortest, ==, "4 × 8 × H800 SXM 80GB · 深圳…");
  /* A Latin name is cut between words. */
  g_assert_cmpstr (cluster_fitted, ==, "4 × 8 × A800 80GB SXM · A800 RoCE…");

  {
    g_autoptr(CpProject) alike = shenzhen_project ("alike.cplan");
    g_autoptr(CpPlan) alike_plan = NULL;
    g_autoptr(CpSweep) alike_sweep = NULL;
    g_autoptr(CpChartData) alike_data = NULL;
    const CpChartSeries *yi;
    g_autofree char *yi_fitted = NULL;

    for (guint q = 0; q < alike->quotes->len; q++)
      {
        CpQuote *quote = g_ptr_array_index (alike->quotes, q);

        if (g_strcmp0 (quote->vendor, SHENZHEN) == 0)
          {
            g_free (quote->vendor);
            quote->vendor = g_strdup (q % 2 == 0 ? "示例算力供应商甲" : "示例算力供应商乙");
          }
      }
    alike_plan = cp_project_plan_job (alike, 0);
    alike_sweep = cp_project_sweep_job (alike, 0, CP_CHART_COST_MAX_POINTS);
    alike_data = cp_chart_data_new_cost (alike, 0, alike_plan, alike_sweep, "zh_CN");
    yi = series_with (alike_data, "A800 80GB SXM · 示例算力供应商乙");
    g_assert_cmpuint (yi->vendor_shared_bytes, ==, strlen ("示例算力供应商"));
    yi_fitted = fit_to_width_of (alike_data, yi, "8 × 8 × A800 80GB SXM · 示例算力…乙");
    g_assert_cmpstr (yi_fitted, ==, "8 × 8 × A800 80GB SXM · 示例算力…乙");
  }
}

/* walk41b F7 on the drawn chart: in a 1,024-px window's pane (560 ×
 * 336), a 1,600-px one's (918 × 516), a 1,920-px one's (1,100 × 620)
 * and the page's (511 × 360 pt), in both languages, no label of the
 * Shenzhen vendor's lines ends in its tail "…司" or keeps a tail alone
 * ("·…"), and its lines are named by its head: "· 深圳" everywhere,
 * "· 深圳鹏城" from 1,600 px on. Read back with pdftotext, spaces
 * squeezed out. */
static void
test_drawn_with_head (void)
{
  static const CpTestChartSize sizes[] = {
    { 560, 336, CP_CHART_STYLE_LIGHT },
    { 918, 516, CP_CHART_STYLE_LIGHT },
    { 1100, 620, CP_CHART_STYLE_DARK },
    { 511, 360, CP_CHART_STYLE_PRINT },
  };
  static const char *const langs[] = { "en", "zh_CN" };
  g_autoptr(CpProject) project = shenzhen_project ("drawn.cplan");
  g_autoptr(CpPlan) plan = cp_project_plan_job (project, 0);
  g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, 0, CP_CHART_COST_MAX_POINTS);

  if (cp_test_skip_without_poppler ())
    return;
  for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      {
        g_autoptr(CpChartData) data = cp_chart_data_new_cost (project, 0, plan, sweep, langs[l]);
        g_autofree char *name = g_strdup_printf ("names-%s-%u.pdf", langs[l], z);
        g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
        g_autofree char *text = NULL;
        cairo_surface_t *surface = cairo_pdf_surface_create (path, sizes[z].width, sizes[z].height);
        cairo_t *cr = cairo_create (surface);

        cp_chart_draw_full (cr, sizes[z].width, sizes[z].height, sizes[z].style, data, NULL);
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
        text = cp_test_pdf_text (tmp_dir, name, 0, FALSE);
        g_test_message ("%s at %g × %g:\n%s", langs[l], sizes[z].width, sizes[z].height, text);
        cp_test_assert_lacks (text, "…司");
        cp_test_assert_lacks (text, "·…");
        cp_test_assert_has (text, "·深圳");
        if (sizes[z].width >= 918)
          cp_test_assert_has (text, "·深圳鹏城");
      }
}

/* Whether label @box of a line covers another series' line of @data
 * drawn at @width × @height, on either panel. */
static gboolean
covers_a_line (const CpChartData     *data,
               double                 width,
               double                 height,
               const CpChartLabelBox *box)
{
  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);

      if ((int) s == box->series || series->points_only)
        continue;
      for (int lower = 0; lower < (series->y2 != NULL ? 2 : 1); lower++)
        for (guint p = 1; p < series->x->len; p++)
          {
            double x0, y0, x1, y1;

            if (cp_chart_locate (data, width, height, CP_CHART_STYLE_LIGHT, s, p - 1, lower, &x0, &y0) &&
                cp_chart_locate (data, width, height, CP_CHART_STYLE_LIGHT, s, p, lower, &x1, &y1) &&
                cp_test_segment_in_box (x0, y0, x1, y1, box))
              return TRUE;
          }
    }
  return FALSE;
}

/* walk41, walk41b F10: the cost chart's plot kept 55–60% of its card at
 * 1,366–2,560 px, the column right of it as wide as the widest label,
 * the recommended one's, which sits at its point inside the plot. On
 * walk41b's LoRA, in the window's panes at 1,024, 1,366, 1,600 and
 * 1,920 px, and presented at 1,920 px (the text 16 pt, 21.3 px), the
 * plot takes at least 70% of the chart's width: 0.7 × 720 = 504 px at
 * 1,366 px, where the walk measured 445. And no
 * label overlaps another or covers another quote's line, in both
 * languages. */
static void
test_plot_room (void)
{
  static const struct { double width, height, text_px_min; } sizes[] = {
    { 560, 336, 0 }, { 720, 405, 0 }, { 918, 516, 0 }, { 1100, 620, 0 }, { 1860, 560, 21.3 },
  };
  static const char *const langs[] = { "en", "zh_CN" };
  g_autoptr(CpProject) project = shenzhen_project ("room.cplan");
  g_autoptr(CpPlan) plan = cp_project_plan_job (project, 0);
  g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, 0, CP_CHART_COST_MAX_POINTS);

  for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      {
        g_autoptr(CpChartData) data = cp_chart_data_new_cost (project, 0, plan, sweep, langs[l]);
        g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
        double width = sizes[z].width, height = sizes[z].height;
        double left, top, right, bottom;
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) width, (int) height);
        cairo_t *cr = cairo_create (surface);

        data->text_px_min = sizes[z].text_px_min;
        cp_chart_draw_full (cr, width, height, CP_CHART_STYLE_LIGHT, data, boxes);
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
        cp_chart_plot_area (data, width, height, CP_CHART_STYLE_LIGHT, &left, &top, &right, &bottom);
        g_test_message ("%s at %g × %g: plot %g to %g, %.0f%% of the width", langs[l], width, height, left, right,
                        100 * (right - left) / width);
        g_assert_cmpfloat (right - left, >=, 0.7 * width - 0.5);
        for (guint i = 0; i < boxes->len; i++)
          {
            const CpChartLabelBox *a = &g_array_index (boxes, CpChartLabelBox, i);

            g_assert_cmpfloat (a->x, >=, -0.5);
            g_assert_cmpfloat (a->x + a->width, <=, width + 0.5);
            if (a->series >= 0 && covers_a_line (data, width, height, a))
              g_error ("%s at %g × %g: the label of “%s” covers another quote's line", langs[l], width, height,
                       ((const CpChartSeries *) g_ptr_array_index (data->series, a->series))->label);
            for (guint j = i + 1; j < boxes->len; j++)
              if (cp_test_boxes_overlap (a, &g_array_index (boxes, CpChartLabelBox, j)))
                g_error ("%s at %g × %g: labels %u and %u overlap", langs[l], width, height, i, j);
          }
      }
}

/* The cost chart of @project's job 1 at 918 × 516 (a 1,600-px window's
 * pane), its label boxes in @boxes; with @before and @before_boxes, the
 * chart drawn before, whose labels it keeps where it can. */
static CpChartData *
draw_job (CpProject         *project,
          const CpChartData *before,
          const GArray      *before_boxes,
          GArray            *boxes)
{
  g_autoptr(CpPlan) plan = cp_project_plan_job (project, 1);
  g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, 1, CP_CHART_COST_MAX_POINTS);
  CpChartData *data = cp_chart_data_new_cost (project, 1, plan, sweep, "en");
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 918, 516);
  cairo_t *cr = cairo_create (surface);

  if (before != NULL)
    cp_chart_data_keep_placements (data, before, before_boxes);
  cp_chart_draw_full (cr, 918, 516, CP_CHART_STYLE_LIGHT, data, boxes);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return data;
}

/* How many of @before's line labels @after draws elsewhere from their
 * points, or at another size; in @kept, how many it draws as before. */
static guint
labels_moved (const CpChartData *before,
              const GArray      *before_boxes,
              const CpChartData *after,
              const GArray      *after_boxes,
              guint             *kept)
{
  guint moved = 0;

  *kept = 0;
  for (guint b = 0; b < before_boxes->len; b++)
    {
      const CpChartLabelBox *was = &g_array_index (before_boxes, CpChartLabelBox, b);
      const char *label;
      gboolean same = FALSE;

      if (!was->names_point)
        continue;
      label = ((const CpChartSeries *) g_ptr_array_index (before->series, was->series))->label;
      for (guint a = 0; a < after_boxes->len; a++)
        {
          const CpChartLabelBox *is = &g_array_index (after_boxes, CpChartLabelBox, a);

          if (is->names_point && is->panel == was->panel &&
              g_strcmp0 (((const CpChartSeries *) g_ptr_array_index (after->series, is->series))->label, label) == 0)
            same = fabs ((is->x - is->anchor_x) - (was->x - was->anchor_x)) < 0.01 &&
                   fabs ((is->y - is->anchor_y) - (was->y - was->anchor_y)) < 0.01 &&
                   fabs (is->width - was->width) < 0.01 && fabs (is->height - was->height) < 0.01;
        }
      *kept += same;
      moved += !same;
    }
  return moved;
}

/* walk41b F12: Cloud H800's price typed from 16 to 18 CNY a GPU-hour,
 * the 14B continued pre-training's cost chart drawn again placed a
 * label anew, elsewhere, so the eye could not compare the two. Drawn
 * again with where the labels were (cp_chart_data_keep_placements()),
 * every line's label stays where it was beside its point, at its size,
 * Cloud H800's beside its marker 18/16 as high. */
static void
test_placement_kept (void)
{
  g_autoptr(CpProject) project = NULL;
  g_autoptr(GArray) before_boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  g_autoptr(GArray) after_boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  g_autoptr(GArray) anew_boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  g_autoptr(CpChartData) before = NULL;
  g_autoptr(CpChartData) after = NULL;
  g_autoptr(CpChartData) anew = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (tmp_dir, "kept.cplan", NULL);
  CpQuote *cloud;
  guint kept, kept_anew;

  /* walk41b's team with its CPT job after the LoRA. */
  cp_project_free (shenzhen_project ("kept.cplan"));
  RUN_OK ("add-job", "kept.cplan", "--name", "CPT 14B 30B tokens", "--model", "qwen2.5-14b", "--task", "pretrain",
          "--tokens", "30B", "--deadline-days", "14");
  project = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  cloud = g_ptr_array_index (project->quotes, 0);
  g_assert_cmpstr (cloud->vendor, ==, "Cloud H800");
  g_assert_cmpfloat (cloud->price, ==, 16);
  before = draw_job (project, NULL, NULL, before_boxes);
  cloud->price = 18;
  after = draw_job (project, before, before_boxes, after_boxes);
  anew = draw_job (project, NULL, NULL, anew_boxes);
  /* Placed anew, a label moves. */
  g_assert_cmpuint (labels_moved (before, before_boxes, anew, anew_boxes, &kept_anew), >=, 1);
  g_assert_cmpuint (labels_moved (before, before_boxes, after, after_boxes, &kept), ==, 0);
  g_assert_cmpuint (kept, >=, 5);
}

/* Issue 22: the recommended option's label on two lines broke inside
 * its vendor's name, "Recommended: 8 × A800 80GB SXM · 示例供应商 G
 * (Example" over "vendor G)". Fitted on two lines in the room of its
 * GPUs and half its vendor, the Shenzhen H800 line's label breaks where
 * its vendor starts: its first line is its GPUs whole, its second the
 * vendor from the separator on, and it shows as many bytes as the label
 * fitted on two lines without the break. */
static void
test_breaks_before_vendor (void)
{
  g_autoptr(CpProject) project = shenzhen_project ("break.cplan");
  g_autoptr(CpPlan) plan = cp_project_plan_job (project, 0);
  g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, 0, CP_CHART_COST_MAX_POINTS);

  for (guint l = 0; l < 2; l++)
    {
      g_autoptr(CpChartData) data = cp_chart_data_new_cost (project, 0, plan, sweep, l == 0 ? "en" : "zh_CN");
      const CpChartSeries *h800 = series_with (data, "H800 SXM 80GB · " SHENZHEN);
      g_autofree char *gpus = g_strndup (h800->label, h800->shorten_from);
      g_autofree char *room = g_strconcat (gpus, " · 深圳鹏城", NULL);
      g_auto(GStrv) lines = NULL;
      Geometry geometry;
      double width;
      guint shown;
      g_autofree char *text = NULL;

      cp_chart_geometry_init_detached (&geometry, data, CP_CHART_STYLE_LIGHT, 918, 516);
      cp_chart_text_size (&geometry, geometry.bold, room, 0, &width, NULL);
      text = cp_chart_fit_quote_label (&geometry, geometry.bold, h800, width + 0.5, 2, &shown);
      g_test_message ("%s", text);
      lines = g_strsplit (text, "\n", -1);
      g_assert_cmpuint (g_strv_length (lines), ==, 2);
      g_assert_cmpstr (lines[0], ==, gpus);
      g_assert_true (g_str_has_prefix (lines[1], "· 深圳鹏城"));
      g_assert_cmpint (cp_chart_text_lines (&geometry, geometry.bold, text, width + 0.5), ==, 2);
      g_assert_cmpuint (shown, ==, strlen (text) - (g_str_has_suffix (text, "…") ? strlen ("…") : 0));
      cp_chart_geometry_clear (&geometry);
    }
}

int
main (int    argc,
      char **argv)
{
  cp_i18n_bind_textdomain ();
  tmp_dir = cp_test_init_with_tmp_dir (&argc, &argv, "cp-chart-names-XXXXXX");

  g_test_add_func ("/chart-names/head-names-vendor", test_head_names_vendor);
  g_test_add_func ("/chart-names/drawn-with-head", test_drawn_with_head);
  g_test_add_func ("/chart-names/plot-room", test_plot_room);
  g_test_add_func ("/chart-names/placement-kept", test_placement_kept);
  g_test_add_func ("/chart-names/breaks-before-vendor", test_breaks_before_vendor);
  return cp_test_run_then_remove (tmp_dir);
}

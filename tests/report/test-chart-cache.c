/* test-chart-cache.c: a chart drawn again through its cache (issue 25:
 * the chart view replays a chart drawn before instead of placing its
 * labels again) gives the same pixels and label boxes as drawing it, and
 * a change of data, size or style draws anew; a drawing made on another
 * thread replays the same. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "planner/cp-sweep.h"
#include "report/cp-chart.h"
#include "report/cp-i18n.h"
#include "report/cp-report-schedule.h"
#include "store/cp-demo.h"

/* The window's chart sizes: a 1024, a 1600 and a 1920 px window's pane. */
static const struct { double width, height; } sizes[] = { { 400, 460 }, { 642, 460 }, { 1040, 585 } };

/* @data drawn at @width × @height on an image surface, directly or
 * through @cache; its label boxes in @boxes. */
static cairo_surface_t *
draw (const CpChartData *data,
      CpChartCache      *cache,
      double             width,
      double             height,
      CpChartStyle       style,
      GArray            *boxes)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) width, (int) height);
  cairo_t *cr = cairo_create (surface);

  if (cache != NULL)
    cp_chart_draw_cached (cache, cr, width, height, style, data, boxes);
  else
    cp_chart_draw_full (cr, width, height, style, data, boxes);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* How many pixels of @a and @b differ. */
static guint
pixels_differing (cairo_surface_t *a,
                  cairo_surface_t *b)
{
  int width = cairo_image_surface_get_width (a);
  int height = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);
  const guint32 *pa = (const guint32 *) cairo_image_surface_get_data (a);
  const guint32 *pb = (const guint32 *) cairo_image_surface_get_data (b);
  guint differing = 0;

  g_assert_cmpint (width, ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (height, ==, cairo_image_surface_get_height (b));
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      differing += pa[y * stride / 4 + x] != pb[y * stride / 4 + x];
  return differing;
}

static void
assert_boxes_equal (GArray     *a,
                    GArray     *b,
                    const char *what)
{
  if (a->len != b->len)
    g_error ("%s: %u label boxes drawn, %u replayed", what, a->len, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      const CpChartLabelBox *x = &g_array_index (a, CpChartLabelBox, i);
      const CpChartLabelBox *y = &g_array_index (b, CpChartLabelBox, i);

      if (x->x != y->x || x->y != y->y || x->width != y->width || x->height != y->height ||
          x->series != y->series || x->shown_bytes != y->shown_bytes || x->leader != y->leader)
        g_error ("%s: label box %u drawn at %g,%g %g × %g, replayed at %g,%g %g × %g", what, i,
                 x->x, x->y, x->width, x->height, y->x, y->y, y->width, y->height);
    }
}

/* The demo's charts as the window shows them: the 70B job's cost and
 * memory charts and the project's timeline, in @lang. */
static GPtrArray *
demo_charts (const char *lang)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_demo_project_new (&error);
  g_autoptr(CpPlan) plan = NULL;
  g_autoptr(CpSweep) sweep = NULL;
  g_autoptr(GPtrArray) plans = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_plan_free);
  g_autoptr(CpSchedule) schedule = NULL;
  GPtrArray *charts = g_ptr_array_new_with_free_func ((GDestroyNotify) cp_chart_data_free);

  g_assert_no_error (error);
  plan = cp_project_plan_job (project, 0);
  sweep = cp_project_sweep_job (project, 0, CP_CHART_COST_MAX_POINTS);
  g_ptr_array_add (charts, cp_chart_data_new_cost (project, 0, plan, sweep, lang));
  g_ptr_array_add (charts, cp_chart_data_new_memory (project, 0, plan, lang));
  for (guint j = 0; j < project->jobs->len; j++)
    g_ptr_array_add (plans, cp_project_plan_job (project, j));
  schedule = cp_report_schedule_new (project, plans, &error);
  g_assert_no_error (error);
  g_ptr_array_add (charts, cp_chart_data_new_timeline (project, schedule, lang));
  return charts;
}

/* Every demo chart at every window size, in both languages and in the
 * light and dark styles: drawn once through the cache (a drawing kept),
 * then again (replayed), each the same pixels and label boxes as drawn
 * directly; the second draw of each replays, the first does not. */
static void
test_replay_identical (void)
{
  static const char *const langs[] = { "en", "zh_CN" };
  static const CpChartStyle styles[] = { CP_CHART_STYLE_LIGHT, CP_CHART_STYLE_DARK };

  for (guint l = 0; l < G_N_ELEMENTS (langs); l++)
    {
      g_autoptr(GPtrArray) charts = demo_charts (langs[l]);

      for (guint c = 0; c < charts->len; c++)
        for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
          for (guint t = 0; t < G_N_ELEMENTS (styles); t++)
            {
              const CpChartData *data = g_ptr_array_index (charts, c);
              g_autoptr(CpChartCache) cache = cp_chart_cache_new (4);
              g_autofree char *what = g_strdup_printf ("%s %s chart %g × %g, style %d", langs[l], data->title,
                                                       sizes[s].width, sizes[s].height, styles[t]);
              g_autoptr(GArray) direct_boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
              cairo_surface_t *direct = draw (data, NULL, sizes[s].width, sizes[s].height, styles[t], direct_boxes);

              g_assert_cmpuint (direct_boxes->len, >, 1);
              for (guint round = 0; round < 2; round++)
                {
                  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
                  cairo_surface_t *cached = draw (data, cache, sizes[s].width, sizes[s].height, styles[t], boxes);
                  guint differing = pixels_differing (direct, cached);

                  if (differing != 0)
                    g_error ("%s, %s: %u pixels differ from the chart drawn directly", what,
                             round == 0 ? "first draw" : "replayed", differing);
                  assert_boxes_equal (direct_boxes, boxes, what);
                  g_assert_cmpuint (cp_chart_cache_get_hits (cache), ==, round);
                  cairo_surface_destroy (cached);
                }
              cairo_surface_destroy (direct);
            }
    }
}

/* A drawing is replayed only for the same data, size and style: each
 * change below draws anew (no hit), and its pixels are the changed
 * chart's, not the kept one's. */
static void
test_changes_draw_anew (void)
{
  g_autoptr(GPtrArray) charts = demo_charts ("en");
  g_autoptr(CpChartData) data = cp_chart_data_copy (g_ptr_array_index (charts, 0));
  g_autoptr(CpChartCache) cache = cp_chart_cache_new (8);
  CpChartSeries *series = NULL;
  cairo_surface_t *first = draw (data, cache, 642, 460, CP_CHART_STYLE_LIGHT, NULL);
  cairo_surface_t *changed;
  cairo_surface_t *direct;

  /* A cost a tenth higher at the first quote's first point on the plot
   * (a line may leave the top of a cost panel scaled to the options
   * weighed, where a change would not show). */
  for (guint i = 0; i < data->series->len && series == NULL; i++)
    {
      double x, y;

      if (((CpChartSeries *) g_ptr_array_index (data->series, i))->y->len > 0 &&
          cp_chart_locate (data, 642, 460, CP_CHART_STYLE_LIGHT, i, 0, FALSE, &x, &y))
        series = g_ptr_array_index (data->series, i);
    }
  g_assert_nonnull (series);
  g_array_index (series->y, double, 0) *= 1.1;
  changed = draw (data, cache, 642, 460, CP_CHART_STYLE_LIGHT, NULL);
  g_assert_cmpuint (cp_chart_cache_get_hits (cache), ==, 0);
  g_assert_cmpuint (pixels_differing (first, changed), >, 0);
  direct = draw (data, NULL, 642, 460, CP_CHART_STYLE_LIGHT, NULL);
  g_assert_cmpuint (pixels_differing (direct, changed), ==, 0);
  cairo_surface_destroy (direct);
  cairo_surface_destroy (changed);

  /* The window's buttons over the title, wider (title_inset). */
  data->title_inset += 40;
  cairo_surface_destroy (draw (data, cache, 642, 460, CP_CHART_STYLE_LIGHT, NULL));
  g_assert_cmpuint (cp_chart_cache_get_hits (cache), ==, 0);
  /* Another style, another height. */
  cairo_surface_destroy (draw (data, cache, 642, 460, CP_CHART_STYLE_DARK, NULL));
  cairo_surface_destroy (draw (data, cache, 642, 470, CP_CHART_STYLE_DARK, NULL));
  g_assert_cmpuint (cp_chart_cache_get_hits (cache), ==, 0);
  /* A copy of the same data, as a job shown again brings. */
  {
    g_autoptr(CpChartData) copy = cp_chart_data_copy (data);

    cairo_surface_destroy (draw (copy, cache, 642, 470, CP_CHART_STYLE_DARK, NULL));
    g_assert_cmpuint (cp_chart_cache_get_hits (cache), ==, 1);
  }
  cairo_surface_destroy (first);
}

/* The cache keeps its capacity's last drawings: with two kept, a third
 * chart leaves the least recently drawn out. */
static void
test_least_recent_left_out (void)
{
  g_autoptr(GPtrArray) charts = demo_charts ("en");
  g_autoptr(CpChartCache) cache = cp_chart_cache_new (2);

  for (guint c = 0; c < 3; c++)
    cairo_surface_destroy (draw (g_ptr_array_index (charts, c), cache, 400, 460, CP_CHART_STYLE_LIGHT, NULL));
  g_assert_cmpuint (cp_chart_cache_get_hits (cache), ==, 0);
  /* The timeline and memory chart are kept, the cost chart is not. */
  cairo_surface_destroy (draw (g_ptr_array_index (charts, 2), cache, 400, 460, CP_CHART_STYLE_LIGHT, NULL));
  cairo_surface_destroy (draw (g_ptr_array_index (charts, 1), cache, 400, 460, CP_CHART_STYLE_LIGHT, NULL));
  g_assert_cmpuint (cp_chart_cache_get_hits (cache), ==, 2);
  cairo_surface_destroy (draw (g_ptr_array_index (charts, 0), cache, 400, 460, CP_CHART_STYLE_LIGHT, NULL));
  g_assert_cmpuint (cp_chart_cache_get_hits (cache), ==, 2);
}

static gpointer
record_in_thread (gpointer drawing)
{
  cp_chart_drawing_record (drawing);
  return drawing;
}

/* The window's first drawing of a chart is made on a worker
 * (cp-chart-view.c): made on another thread, kept, and replayed, it
 * gives the same pixels and label boxes as the chart drawn here; before
 * it is kept there is nothing to replay, and a scaled target is drawn
 * here, not apart. */
static void
test_drawn_on_worker (void)
{
  g_autoptr(GPtrArray) charts = demo_charts ("zh_CN");
  g_autoptr(CpChartCache) cache = cp_chart_cache_new (8);
  const CpChartData *data = g_ptr_array_index (charts, 0);
  g_autoptr(GArray) direct_boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  g_autoptr(GArray) replayed_boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  cairo_surface_t *direct = draw (data, NULL, 642, 460, CP_CHART_STYLE_LIGHT, direct_boxes);
  cairo_surface_t *replayed = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 642, 460);
  cairo_t *cr = cairo_create (replayed);
  CpChartDrawing *drawing;

  g_assert_false (cp_chart_cache_replay (cache, cr, 642, 460, CP_CHART_STYLE_LIGHT, data, replayed_boxes));
  drawing = cp_chart_drawing_new (cr, 642, 460, CP_CHART_STYLE_LIGHT, data);
  g_assert_nonnull (drawing);
  g_assert_true (g_thread_join (g_thread_new ("chart-drawing", record_in_thread, drawing)) == drawing);
  cp_chart_cache_take (cache, drawing);
  g_assert_true (cp_chart_cache_replay (cache, cr, 642, 460, CP_CHART_STYLE_LIGHT, data, replayed_boxes));
  cairo_surface_flush (replayed);
  g_assert_cmpuint (pixels_differing (direct, replayed), ==, 0);
  g_assert_cmpuint (direct_boxes->len, >, 1);
  assert_boxes_equal (direct_boxes, replayed_boxes, "the cost chart drawn on a worker");
  g_assert_cmpuint (cp_chart_cache_get_hits (cache), ==, 1);

  cairo_scale (cr, 2, 2);
  g_assert_null (cp_chart_drawing_new (cr, 642, 460, CP_CHART_STYLE_LIGHT, data));
  cairo_destroy (cr);
  cairo_surface_destroy (replayed);
  cairo_surface_destroy (direct);
}

int
main (int    argc,
      char **argv)
{
  cp_i18n_bind_textdomain ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chart-cache/replay-identical", test_replay_identical);
  g_test_add_func ("/chart-cache/changes-draw-anew", test_changes_draw_anew);
  g_test_add_func ("/chart-cache/least-recent-left-out", test_least_recent_left_out);
  g_test_add_func ("/chart-cache/drawn-on-worker", test_drawn_on_worker);
  return g_test_run ();
}

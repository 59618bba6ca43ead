/* test-chart-timeline.c: the project's timeline chart (issue 22) — its
 * bars and cumulative cost from a schedule computed by hand, and its
 * labels apart at the window's widths and on the page. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <unistd.h>
#include <cairo-pdf.h>
#include <glib/gstdio.h>

#include "common/cp-test-dir.h"
#include "common/cp-test-pdf.h"
#include "planner/cp-schedule.h"
#include "report/cp-chart.h"
#include "report/cp-chart-private.h"
#include "report/cp-i18n.h"

/* @jobs (CpScheduleJob, taken) placed from 25 January 2027. */
static CpSchedule *
place_from_25_january (GArray *jobs)
{
  g_autoptr(GError) error = NULL;
  CpSchedule *schedule;
  GDate start;

  g_date_clear (&start, 1);
  g_date_set_dmy (&start, 25, G_DATE_JANUARY, 2027);
  schedule = cp_schedule_place (jobs, &start, &error);
  g_assert_no_error (error);
  return schedule;
}

/* Jobs @a and @b placed from 25 January 2027. */
static CpSchedule *
place_two (const CpScheduleJob *a,
           const CpScheduleJob *b)
{
  GArray *jobs = g_array_new (FALSE, TRUE, sizeof (CpScheduleJob));

  g_array_append_val (jobs, *a);
  g_array_append_val (jobs, *b);
  return place_from_25_january (jobs);
}

/* A LoRA job named @name added to @project and placed alone, as
 * @planned, from 25 January 2027. */
static CpSchedule *
place_one_lora (CpProject           *project,
                const char          *name,
                const CpScheduleJob *planned)
{
  GArray *jobs = g_array_new (FALSE, TRUE, sizeof (CpScheduleJob));
  CpJob *job = cp_job_new (CP_TASK_LORA);

  g_free (job->name);
  job->name = g_strdup (name);
  cp_project_add_job (project, job);
  g_array_append_val (jobs, *planned);
  return place_from_25_january (jobs);
}

/* A debugging job in @project for each of @names (NULL: two with their
 * default names). */
static void
add_debug_jobs (CpProject         *project,
                const char *const *names)
{
  for (guint i = 0; i < 2; i++)
    {
      CpJob *job = cp_job_new (CP_TASK_DEBUG);

      if (names != NULL)
        {
          g_free (job->name);
          job->name = g_strdup (names[i]);
        }
      cp_project_add_job (project, job);
    }
}

/* add_debug_jobs() of @names placed as @a and @b (place_two()), and
 * their timeline in @lang; the schedule it is drawn from is
 * *@schedule_out, to free after it. */
static CpChartData *
two_jobs_timeline (CpProject           *project,
                   const char *const   *names,
                   const CpScheduleJob *a,
                   const CpScheduleJob *b,
                   const char          *lang,
                   CpSchedule         **schedule_out)
{
  add_debug_jobs (project, names);
  *schedule_out = place_two (a, b);
  return cp_chart_data_new_timeline (project, *schedule_out, lang);
}

/* Two jobs on one machine of 8 GPUs at 10 CNY per GPU-hour, 1,920 CNY a
 * day, from 25 January 2027: A debugs 2 days (3,840) then runs 8 (15,360);
 * B starts after A and runs 5 days (9,600) within a 10-day deadline. */
static CpProject *
two_jobs (CpSchedule **schedule_out)
{
  CpProject *project = cp_project_new ();
  CpScheduleJob a = { .after = -1, .planned = TRUE, .quote_index = 0,
                      .phase_days = { 2, 0, 8 }, .phase_cost = { 3840, 0, 15360 } };
  CpScheduleJob b = { .after = 0, .planned = TRUE, .quote_index = 0,
                      .phase_days = { 0, 0, 5 }, .phase_cost = { 0, 0, 9600 }, .deadline_days = 10 };
  static const char *const names[] = {
    "Job A", "Job B, which has a name long enough to be shortened in a narrow chart",
  };

  add_debug_jobs (project, names);
  *schedule_out = place_two (&a, &b);
  return project;
}

static void
test_timeline_data (void)
{
  CpSchedule *schedule = NULL;
  g_autoptr(CpProject) project = two_jobs (&schedule);
  g_autoptr(CpChartData) data = cp_chart_data_new_timeline (project, schedule, "en");
  const CpChartBar *a, *b;
  const CpChartSeries *spent;
  static const double days[] = { 0, 2, 10, 15 };
  static const double spent_cny[] = { 0, 3840, 19200, 28800 };

  g_assert_cmpint (data->kind, ==, CP_CHART_TIMELINE);
  g_assert_cmpuint (data->bars->len, ==, 2);
  a = &g_array_index (data->bars, CpChartBar, 0);
  b = &g_array_index (data->bars, CpChartBar, 1);
  g_assert_cmpstr (a->label, ==, "Job A");
  g_assert_cmpfloat (a->start_day, ==, 0);
  g_assert_cmpfloat (a->phase_days[CP_PHASE_DEBUG], ==, 2);
  g_assert_cmpfloat (a->phase_days[CP_PHASE_RUN], ==, 8);
  g_assert_true (isnan (a->deadline_day));
  /* B after A: from day 10, its deadline 10 days after its own start. */
  g_assert_cmpfloat (b->start_day, ==, 10);
  g_assert_cmpfloat (b->deadline_day, ==, 20);
  g_assert_cmpuint (data->start_julian, ==, g_date_get_julian (&schedule->start));

  /* The planned cost to date, exact through the phases' ends: A's debugging, A's
   * run, B's run. */
  spent = g_ptr_array_index (data->series, 0);
  g_assert_cmpuint (spent->x->len, ==, G_N_ELEMENTS (days));
  for (guint i = 0; i < G_N_ELEMENTS (days); i++)
    {
      g_assert_cmpfloat (g_array_index (spent->x, double, i), ==, days[i]);
      g_assert_cmpfloat_with_epsilon (g_array_index (spent->y, double, i), spent_cny[i], 1e-6);
    }
  /* Halfway through A's run (day 6): 3,840 + 4 × 1,920. */
  g_assert_cmpfloat_with_epsilon (cp_schedule_cost_until (schedule, 6), 11520, 1e-6);

  /* A copy carries the bars and the legend. */
  {
    g_autoptr(CpChartData) copy = cp_chart_data_copy (data);

    g_assert_cmpuint (copy->bars->len, ==, 2);
    g_assert_cmpstr (g_array_index (copy->bars, CpChartBar, 1).label, ==, b->label);
    g_assert_cmpstr (copy->legend[4], ==, data->legend[4]);
  }
  cp_schedule_free (schedule);
}

static gboolean
boxes_overlap (const CpChartLabelBox *a,
               const CpChartLabelBox *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width &&
         a->y < b->y + b->height && b->y < a->y + a->height;
}

/* Every label inside the chart and apart from every other; the long name
 * shortened where the name column cannot hold it. */
static void
assert_labels_apart (const CpChartData *data,
                     double             width,
                     double             height,
                     CpChartStyle       style)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) width, (int) height);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  guint names = 0;

  cp_chart_draw_full (cr, width, height, style, data, boxes);
  /* Title, five legend entries, two names, the first day, the cost axis. */
  g_assert_cmpuint (boxes->len, >=, 10);
  for (guint i = 0; i < boxes->len; i++)
    {
      const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

      g_assert_cmpfloat (box->x, >=, 0);
      g_assert_cmpfloat (box->y, >=, 0);
      g_assert_cmpfloat (box->x + box->width, <=, width + 0.5);
      g_assert_cmpfloat (box->y + box->height, <=, height + 0.5);
      for (guint j = i + 1; j < boxes->len; j++)
        if (boxes_overlap (box, &g_array_index (boxes, CpChartLabelBox, j)))
          g_error ("labels %u (%g,%g %g×%g, %u bytes) and %u (%g,%g %g×%g) overlap at %g × %g", i, box->x, box->y, box->width, box->height, box->shown_bytes, j, g_array_index (boxes, CpChartLabelBox, j).x, g_array_index (boxes, CpChartLabelBox, j).y, g_array_index (boxes, CpChartLabelBox, j).width, g_array_index (boxes, CpChartLabelBox, j).height, width, height);
      if (box->width > 0 && (box->shown_bytes == strlen ("Job A")))
        names++;
    }
  g_assert_cmpuint (names, >=, 1);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_timeline_labels_apart (void)
{
  static const double widths[] = { 1024, 1600, 1920 };
  CpSchedule *schedule = NULL;
  g_autoptr(CpProject) project = two_jobs (&schedule);

  for (int lang = 0; lang < 2; lang++)
    {
      g_autoptr(CpChartData) data = cp_chart_data_new_timeline (project, schedule, lang ? "zh_CN" : "en");

      for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
        assert_labels_apart (data, widths[w], widths[w] * 9 / 16, CP_CHART_STYLE_LIGHT);
      assert_labels_apart (data, 400, 460, CP_CHART_STYLE_DARK);
      /* On the page: full and smallest heights of the memo's chart. */
      assert_labels_apart (data, 511, 134, CP_CHART_STYLE_PRINT);
      assert_labels_apart (data, 511, 113, CP_CHART_STYLE_PRINT);
    }
  cp_schedule_free (schedule);
}

/* The height of the title's box of @data drawn at @width × @height. */
static double
title_height (const CpChartData *data,
              double             width,
              double             height,
              CpChartStyle       style)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 16, 16);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  double found = 0;

  cp_chart_draw_full (cr, width, height, style, data, boxes);
  for (guint i = 0; i < boxes->len; i++)
    if (g_array_index (boxes, CpChartLabelBox, i).series == CP_CHART_BOX_TITLE)
      found = g_array_index (boxes, CpChartLabelBox, i).height;
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return found;
}

/* Session 16: presented at 2560 × 1440, the calendar's text stayed at
 * 14 px, half the cost chart's beside it. On a screen it grows with the
 * chart as the other charts' does, to their 22 px at most (cp-chart-
 * axis.c): at 2540 × 1100, min (2540, 1100 × 1.6) / 55 = 32 px, so 22 px,
 * and its one-line title is at least 22 px tall; on the page it stays at
 * 14 px at most, a line under 22 px. */
static void
test_timeline_present_size (void)
{
  CpSchedule *schedule = NULL;
  g_autoptr(CpProject) project = two_jobs (&schedule);
  g_autoptr(CpChartData) data = cp_chart_data_new_timeline (project, schedule, "en");

  g_assert_cmpfloat (title_height (data, 2540, 1100, CP_CHART_STYLE_LIGHT), >=, 22);
  g_assert_cmpfloat (title_height (data, 511, 134, CP_CHART_STYLE_PRINT), <, 22);
  cp_schedule_free (schedule);
}

/* The axis spans the work and its top is the total the memo prints. Two
 * jobs from 25 January 2027, each costing 10,000.4 CNY: the first runs 10
 * days, the second 5 days within a 40-day deadline (5 March 2027, its
 * last day). The
 * memo prints 10,000 + 10,000 = 20,000 CNY, so the axis' top says 20,000,
 * not the 20,001 of the unrounded 20,000.8. The last job ends on day 10:
 * the plot runs to day 10.3, one weekly tick (1 February, "1 Feb") past
 * the first day ("25 Jan 2027", which names day 0's tick), not to the
 * deadline's day 40 (four more ticks), four
 * times the work's span away; the deadline points past the edge with its
 * last day and an arrow, "due 5 Mar →", in the second job's row, where
 * the cost line (at most 10,000 there until day 5, then above 15,000)
 * does not pass. */
static void
test_timeline_axis (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  CpScheduleJob a = { .after = -1, .planned = TRUE, .quote_index = 0,
                      .phase_days = { 0, 0, 10 }, .phase_cost = { 0, 0, 10000.4 } };
  CpScheduleJob b = { .after = -1, .planned = TRUE, .quote_index = 0,
                      .phase_days = { 0, 0, 5 }, .phase_cost = { 0, 0, 10000.4 }, .deadline_days = 40 };
  const char *names[] = { "Job one", "Job two" };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1024, 576);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  g_autoptr(CpChartData) data = NULL;
  CpSchedule *schedule;
  double second_row = -G_MAXDOUBLE;
  guint ticks = 0, dates = 0;

  data = two_jobs_timeline (project, names, &a, &b, "en", &schedule);
  g_assert_cmpfloat (data->total_cost, ==, 20000);

  cp_chart_draw_full (cr, 1024, 576, CP_CHART_STYLE_LIGHT, data, boxes);
  /* The names' boxes mark the rows: the second job's is the lower one. */
  for (guint i = 0; i < boxes->len; i++)
    {
      const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

      if (box->shown_bytes == strlen ("Job two"))
        second_row = MAX (second_row, box->y);
    }
  for (guint i = 0; i < boxes->len; i++)
    {
      const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

      /* "1 Feb" (5 bytes) under the plot: a weekly tick; "due 5 Mar →":
       * the deadline's last day in the second row, past the plot's edge. */
      if (box->shown_bytes == strlen ("1 Feb") && box->y > 576 * 0.8)
        ticks++;
      if (box->shown_bytes == strlen ("due 5 Mar →") && box->x > 512 && fabs (box->y - second_row) < 20)
        dates++;
    }
  g_assert_cmpuint (ticks, ==, 1);
  g_assert_cmpuint (dates, ==, 1);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  cp_schedule_free (schedule);
}

/* One job from 25 January 2027: 0.13 days of debugging and 0.24 of run,
 * 1,296 CNY (issue 22's 13B LoRA). A cost axis beside the rows read as the
 * jobs' costs (issue 22: "648" level with the only bar; walk 22: "0" at the
 * end of a 56,448 CNY job's row), and a line with no scale at all across
 * the bar read as its strike-through (approver 33 A14): the line's total,
 * "Total 1,296 CNY", is above the plot, under no row; in the window's
 * chart the line has a band of its own above the row with a scale in
 * steps of 500 (1,296 / 2 = 648, the largest 1-2-5 step at most that),
 * up to the first step above the total, so that the line ends under the
 * band's top, not on its frame (walk37b V9): "0", "500", "1,000" and
 * "1,500" left of the band, above the row; no figure is
 * level with the row at any size. The end is shown under the plot in the
 * form of the chart's other dates: the job ends within its first day,
 * "Ends 25 Jan 2027 (0.4 days)", in English and in Chinese
 * ("2027年1月25日结束（0.4 天）"; "Ends 2027-01-25" stood beside "due
 * 3 Jan 2027"). */
static void
test_timeline_one_job_axis (void)
{
  static const struct {
    const char *lang;
    const char *end;
    const char *total;
  } words[] = {
    { "en", "Ends 25 Jan 2027 (0.4 days)", "Total 1,296 CNY" },
    { "zh_CN", "2027年1月25日结束（0.4 天）", "合计 ¥1,296" },
  };
  static const double sizes[][2] = { { 1024, 576 }, { 511, 134 }, { 511, 110 } };
  g_autoptr(CpProject) project = cp_project_new ();
  const CpScheduleJob a = { .after = -1, .planned = TRUE, .quote_index = 0,
                            .phase_days = { 0.13, 0, 0.24 }, .phase_cost = { 454, 0, 842 } };
  CpSchedule *schedule = place_one_lora (project, "13B LoRA", &a);

  for (guint l = 0; l < G_N_ELEMENTS (words); l++)
    {
      g_autoptr(CpChartData) data = cp_chart_data_new_timeline (project, schedule, words[l].lang);

      g_assert_cmpfloat (data->total_cost, ==, 1296);
      g_assert_cmpstr (data->x_label, ==, words[l].end);
      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
        {
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) sizes[z][0],
                                                                 (int) sizes[z][1]);
          cairo_t *cr = cairo_create (surface);
          g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
          guint ends = 0, totals = 0, figures = 0, scale = 0;
          double name_top = G_MAXDOUBLE, name_bottom = -1, total_bottom = -1;

          cp_chart_draw_full (cr, sizes[z][0], sizes[z][1], z == 0 ? CP_CHART_STYLE_LIGHT : CP_CHART_STYLE_PRINT,
                              data, boxes);
          for (guint i = 0; i < boxes->len; i++)
            {
              const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

              /* Under the plot: an entry of the legend above it may be
               * as long in bytes. */
              ends += box->shown_bytes == strlen (words[l].end) && box->y > sizes[z][1] / 2;
              if (box->shown_bytes == strlen (words[l].total))
                {
                  totals++;
                  total_bottom = box->y + box->height;
                }
              /* The job's name, "13B LoRA", marks its row. */
              if (box->shown_bytes == strlen ("13B LoRA"))
                {
                  name_top = MIN (name_top, box->y);
                  name_bottom = MAX (name_bottom, box->y + box->height);
                }
            }
          /* "0", "500", "1,000", "1,500": the scale's labels, left of the band
           * and above the row; none level with it. */
          for (guint i = 0; i < boxes->len; i++)
            {
              const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);
              gboolean figure = box->shown_bytes == 1 || box->shown_bytes == strlen ("500") ||
                                box->shown_bytes == strlen ("1,000");

              figures += figure && box->y < name_bottom && box->y + box->height > name_top;
              scale += figure && box->y + box->height <= name_top && box->x + box->width < sizes[z][0] * 0.5;
            }
          g_assert_cmpuint (ends, ==, 1);
          g_assert_cmpuint (totals, ==, 1);
          g_assert_cmpfloat (total_bottom, <=, name_top);
          g_assert_cmpuint (figures, ==, 0);
          /* The window's size: 0, 500, 1,000 and 1,500. */
          if (z == 0)
            g_assert_cmpuint (scale, ==, 4);
          cairo_destroy (cr);
          cairo_surface_destroy (surface);
        }
    }
  cp_schedule_free (schedule);
}

/* A job of 0.4 days with a 7-day deadline, as the walk's LoRA on one
 * machine (walk36 F6): on the memo's page the axis spans 24 hours, and
 * "25 Jan 2027" and "Ends 25 Jan 2027 (0.4 days)" took its one line
 * under the plot. Every hour tick was left out, those right of the end's
 * label too, and the English chart had no time scale where the Chinese
 * one, on a taller chart, had "6/12/18/24 小时". At least two hour ticks
 * show at every size, in both languages, apart from the other labels
 * under the row. Ticks every 6 hours (date_ticks(): the least of 1, 2,
 * 3, 6, 12 hours giving at most 8 ticks on 24 hours): 6, 12, 18, 24. */
static void
test_timeline_hour_ticks (void)
{
  static const struct {
    const char *lang, *ticks[4];
  } words[] = {
    { "en", { "6 h", "12 h", "18 h", "24 h" } },
    { "zh_CN", { "6 小时", "12 小时", "18 小时", "24 小时" } },
  };
  static const double sizes[][2] = { { 1024, 576 }, { 1600, 900 }, { 1920, 1080 }, { 511, 134 }, { 511, 110 } };
  g_autoptr(CpProject) project = cp_project_new ();
  const CpScheduleJob a = { .after = -1, .planned = TRUE, .quote_index = 0, .deadline_days = 7,
                            .phase_days = { 0.13, 0, 0.27 }, .phase_cost = { 454, 0, 942 } };
  CpSchedule *schedule = place_one_lora (project, "Qwen72B LoRA", &a);

  for (guint l = 0; l < G_N_ELEMENTS (words); l++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      {
        g_autoptr(CpChartData) data = cp_chart_data_new_timeline (project, schedule, words[l].lang);
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) sizes[z][0],
                                                               (int) sizes[z][1]);
        cairo_t *cr = cairo_create (surface);
        g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
        double row_top = G_MAXDOUBLE, row_bottom = -1;
        guint ticks = 0, due = 0;

        cp_chart_draw_full (cr, sizes[z][0], sizes[z][1], z < 3 ? CP_CHART_STYLE_LIGHT : CP_CHART_STYLE_PRINT,
                            data, boxes);
        /* The job's name marks its row. */
        for (guint i = 0; i < boxes->len; i++)
          if (g_array_index (boxes, CpChartLabelBox, i).shown_bytes == strlen ("Qwen72B LoRA"))
            {
              row_top = MIN (row_top, g_array_index (boxes, CpChartLabelBox, i).y);
              row_bottom = MAX (row_bottom, g_array_index (boxes, CpChartLabelBox, i).y +
                                            g_array_index (boxes, CpChartLabelBox, i).height);
            }
        g_assert_cmpfloat (row_bottom, >, 0);
        /* The deadline's words at the row's right end, "due 31 Jan →",
         * in red on white: no neutral grey pixel, which only a gridline
         * through them draws (the 24 h gridline ran through "Dec →"). */
        cairo_surface_flush (surface);
        for (guint i = 0; i < boxes->len; i++)
          {
            const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);
            const guchar *pixels = cairo_image_surface_get_data (surface);
            int stride = cairo_image_surface_get_stride (surface);

            if (box->x < sizes[z][0] * 0.6 || box->y + box->height < row_top || box->y > row_bottom)
              continue;
            due++;
            for (int y = (int) ceil (box->y) + 1; y < (int) floor (box->y + box->height) - 1; y++)
              for (int x = (int) ceil (box->x) + 1; x < (int) floor (box->x + box->width) - 1; x++)
                {
                  guint32 pixel = *(const guint32 *) (pixels + y * stride + x * 4);
                  guint r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;

                  if (r == g && g == b && r < 240)
                    {
                      g_test_message ("%s at %g × %g: a gridline through the deadline's words at x = %d",
                                      words[l].lang, sizes[z][0], sizes[z][1], x);
                      g_test_fail ();
                      y = G_MAXINT - 1;
                      break;
                    }
                }
          }
        g_assert_cmpuint (due, ==, 1);
        for (guint i = 0; i < boxes->len; i++)
          {
            const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

            if (box->y < row_bottom - 0.5)
              continue;
            for (guint t = 0; t < G_N_ELEMENTS (words[l].ticks); t++)
              ticks += box->shown_bytes == strlen (words[l].ticks[t]);
            for (guint j = i + 1; j < boxes->len; j++)
              g_assert_false (boxes_overlap (box, &g_array_index (boxes, CpChartLabelBox, j)));
          }
        if (ticks < 2)
          {
            g_test_message ("%s at %g × %g: %u hour ticks under the plot", words[l].lang, sizes[z][0], sizes[z][1],
                            ticks);
            g_test_fail ();
          }
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
      }
  cp_schedule_free (schedule);
}

/* A deadline within the plot shows its date beside its mark (approver, 3
 * December: the mark alone gave no date to book). From 25 January 2027,
 * job one runs 10 days within a 12-day deadline, whose last day is 5
 * February 2027; job two runs 15 days, so the plot reaches day 15 and the
 * mark is inside it, with room after it in job one's row. The mark is on
 * the midnight line after 5 February, the 6 February gridline: it reads
 * "due end of 5 Feb" ("2月5日24时截止" in Chinese, where "截至 02-05" was
 * no date a Chinese reader writes), its last day (walkthrough 20:
 * "2026-12-10" by the "12-11" line), and says it ends with that day
 * (walk36b Z6: "due 18 Dec" on the 19 Dec gridline read as 19 Dec).
 * Then job one runs the whole 12 days and job two 12 too: the mark is at
 * the bar's end with no room either side, nor over or under the bar in a
 * row a line high: the legend's full date is the mark's, in both
 * languages (the English report had none where the Chinese had one),
 * and the words no longer lie on the bar, hiding its days
 * (test_timeline_deadline_clear()). Drawn as the PDF draws it and read
 * back with pdftotext, in English and Chinese. */
static void
test_timeline_deadline_date (void)
{
  static const struct {
    const char *lang;
    const char *mark;
    const char *legend;
  } langs[] = { { "en", "due end of 5 Feb", "5 Feb 2027" }, { "zh_CN", "2月5日24时截止", "2027年2月5日" } };
  g_autofree char *pdftotext = g_find_program_in_path ("pdftotext");

  if (pdftotext == NULL)
    {
      g_test_skip ("pdftotext is not installed");
      return;
    }
  for (guint n = 0; n < G_N_ELEMENTS (langs) * 2; n++)
    {
      guint l = n % G_N_ELEMENTS (langs);
      gboolean crowded = n >= G_N_ELEMENTS (langs);
      g_autoptr(CpProject) project = cp_project_new ();
      CpScheduleJob a = { .after = -1, .planned = TRUE, .quote_index = 0,
                          .phase_days = { 0, 0, crowded ? 12 : 10 }, .phase_cost = { 0, 0, 10000 },
                          .deadline_days = 12 };
      CpScheduleJob b = { .after = -1, .planned = TRUE, .quote_index = 0,
                          .phase_days = { 0, 0, crowded ? 12 : 15 }, .phase_cost = { 0, 0, 15000 } };
      g_autoptr(GError) error = NULL;
      g_autoptr(CpChartData) data = NULL;
      g_autofree char *path = NULL, *out = NULL;
      int fd = g_file_open_tmp ("cp-timeline-XXXXXX.pdf", &path, &error);
      const char *argv[] = { pdftotext, "-enc", "UTF-8", NULL, "-", NULL };
      cairo_surface_t *surface;
      cairo_t *cr;
      CpSchedule *schedule;
      int status = 0;

      g_assert_no_error (error);
      close (fd);
      data = two_jobs_timeline (project, NULL, &a, &b, langs[l].lang, &schedule);
      surface = cairo_pdf_surface_create (path, 515, 200);
      cr = cairo_create (surface);
      cp_chart_draw (cr, 515, 200, CP_CHART_STYLE_PRINT, data);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      argv[3] = path;
      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                                   &status, NULL));
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      /* The legend names the one deadline's last day in full. */
      g_assert_nonnull (strstr (out, langs[l].legend));
      if (!crowded)
        g_assert_nonnull (strstr (out, langs[l].mark));
      g_unlink (path);
      cp_schedule_free (schedule);
    }
}

/* A deadline a little past the work's end is drawn on the plot, at its
 * day, the axis running to it: never at the axis's end, where it read as
 * met on the day (approver 21). From 25 January 2027 two jobs run 10
 * days; the first has a 14-day deadline, whose last day is 7 February,
 * 1.4 times the work's span: its mark is within the plot, "due end of 7 Feb"
 * with no arrow, and the weekly tick of 8 February ("8 Feb", day 14) is
 * on the axis, which a plot ending at day 10.3 would not reach. */
static void
test_timeline_near_deadline (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  CpScheduleJob a = { .after = -1, .planned = TRUE, .quote_index = 0,
                      .phase_days = { 0, 0, 10 }, .phase_cost = { 0, 0, 10000 }, .deadline_days = 14 };
  CpScheduleJob b = { .after = -1, .planned = TRUE, .quote_index = 0,
                      .phase_days = { 0, 0, 10 }, .phase_cost = { 0, 0, 10000 } };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1024, 576);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  g_autoptr(CpChartData) data = NULL;
  CpSchedule *schedule;
  guint marks = 0, arrows = 0, ticks = 0;
  double first_row = G_MAXDOUBLE;

  data = two_jobs_timeline (project, (const char *const[]) { "Job one", "Job two" }, &a, &b, "en", &schedule);
  cp_chart_draw_full (cr, 1024, 576, CP_CHART_STYLE_LIGHT, data, boxes);
  /* The names' boxes mark the rows: the first job's is the upper one. */
  for (guint i = 0; i < boxes->len; i++)
    {
      const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

      if (box->shown_bytes == strlen ("Job one"))
        first_row = MIN (first_row, box->y);
    }
  for (guint i = 0; i < boxes->len; i++)
    {
      const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

      marks += box->shown_bytes == strlen ("due end of 7 Feb") && fabs (box->y - first_row) < 20;
      arrows += box->shown_bytes == strlen ("due 7 Feb →");
      /* Under the plot. */
      ticks += box->shown_bytes == strlen ("8 Feb") && box->y > 576 * 0.8;
    }
  g_assert_cmpuint (marks, ==, 1);
  g_assert_cmpuint (arrows, ==, 0);
  /* 1 Feb and 8 Feb after the first day, "25 Jan 2027", which names day
   * 0's tick: a plot ending at day 10.3 has no room for 8 Feb. */
  g_assert_cmpuint (ticks, ==, 2);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  cp_schedule_free (schedule);
}

/* Every row's name in one form: 360 points wide, the names' column is
 * 0.28 × 360 = 101 points, too narrow for "70B 全参数微调 (70B
 * full fine-tune)" whole; then "数据清洗与分词 (Data cleaning)", which fits, loses its
 * bracket too, as the long one does: the zh Gantt read one row with its
 * English beside rows without, and broke "7B QLoRA 微调 (7B QLoRA fine-" /
 * "tune)" over two lines (appr22 finding 18). */
static void
check_names_one_form (const char        *lang,
                      int                width,
                      const char *const  shown[2])
{
  static const char *const names[] = { "70B 全参数微调 (70B full fine-tune)", "数据清洗与分词 (Data cleaning)" };
  g_autoptr(CpProject) project = cp_project_new ();
  CpScheduleJob a = { .after = -1, .planned = TRUE, .quote_index = 0,
                      .phase_days = { 0, 0, 10 }, .phase_cost = { 0, 0, 10000 } };
  CpScheduleJob b = { .after = -1, .planned = TRUE, .quote_index = 0,
                      .phase_days = { 0, 0, 5 }, .phase_cost = { 0, 0, 5000 } };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, 200);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  g_autoptr(CpChartData) data = NULL;
  CpSchedule *schedule;
  guint found[2] = { 0 };

  data = two_jobs_timeline (project, names, &a, &b, lang, &schedule);
  cp_chart_draw_full (cr, width, 200, CP_CHART_STYLE_PRINT, data, boxes);
  for (guint i = 0; i < boxes->len; i++)
    {
      const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

      for (guint n = 0; n < 2; n++)
        found[n] += box->shown_bytes == strlen (shown[n]);
      g_assert_cmpuint (box->shown_bytes, !=, strlen (names[1]));
    }
  /* Each name's short form is drawn (a box as long as it), the short
   * name's whole form never. */
  for (guint n = 0; n < 2; n++)
    g_assert_cmpuint (found[n], >=, 1);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  cp_schedule_free (schedule);
}

static void
test_timeline_names_one_form (void)
{
  static const char *const shown[] = { "70B 全参数微调", "数据清洗与分词" };

  check_names_one_form ("zh_CN", 360, shown);
}

/* In English the short form is the English one: the English Gantt named
 * the demo's jobs "70B 全参数微调", "开发与调试一个月" beside sentences
 * that gave "(70B full fine-tune)" too (appr33 A8). 480 points: the
 * names' column, 134 points, holds "70B full fine-tune" but not the
 * whole "70B 全参数微调 (70B full fine-tune)". */
static void
test_timeline_names_english (void)
{
  static const char *const shown[] = { "70B full fine-tune", "Data cleaning" };

  check_names_one_form ("en", 480, shown);
}

/* Walk 35 W9: five jobs drawn side by side on a vendor offering fewer
 * machines than they need at once, and the chart said in bold "Ends 3 Jan
 * 2027 (30.0 days)" beside the warning that they end weeks later. Two
 * 5-day jobs of one node each from 25 January 2027, side by side on one
 * quote: offering one node, the end says it holds only side by side, in
 * both languages; offering two, it is the plain end, the 29th. */
static void
test_timeline_end_side_by_side (void)
{
  static const struct {
    guint       nodes_offered;
    const char *lang;
    const char *end;
  } cases[] = {
    { 1, "en", "Ends 29 Jan 2027 (5.0 days) only if run side by side" },
    /* Without 才, which read as "ends only as late as" (walk38b G11). */
    { 1, "zh_CN", "仅在并行运行时于2027年1月29日结束（5.0 天）" },
    { 2, "en", "Ends 29 Jan 2027 (5.0 days)" },
  };
  CpScheduleJob a = { .after = -1, .planned = TRUE, .quote_index = 0, .nodes = 1,
                      .phase_days = { 0, 0, 5 }, .phase_cost = { 0, 0, 9600 } };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(CpProject) project = cp_project_new ();
      CpQuote *quote = cp_quote_new ();
      CpSchedule *schedule = NULL;
      g_autoptr(CpChartData) data = NULL;

      quote->nodes_available = cases[c].nodes_offered;
      cp_project_add_quote (project, quote);
      data = two_jobs_timeline (project, NULL, &a, &a, cases[c].lang, &schedule);
      g_assert_cmpstr (data->x_label, ==, cases[c].end);
      cp_schedule_free (schedule);
    }
}

/* Walk35 W9/Y4: the calendar draws the fallback page 1 prices, dated.
 * Two 5-day one-node jobs from 25 January 2027 on a quote of one node,
 * the second due in 12 days: run one after another, earliest due first,
 * the second keeps days 0–5 and the first moves to days 5–10, 30 January
 * to 3 February (cp_schedule_fallback_new()), an outline dated "30
 * Jan–3 Feb" ("1月30日–2月3日") in its row, every label apart from every
 * other, in the window's sizes and on the page; the legend names the
 * outline. Offered two nodes, nothing moves. */
static void
test_timeline_fallback (void)
{
  static const struct {
    const char *lang;
    const char *legend;
    const char *days;
  } words[] = {
    { "en", "One after another", "30 Jan–3 Feb" },
    { "zh_CN", "依次运行", "1月30日–2月3日" },
  };
  static const double sizes[][2] = { { 1024, 576 }, { 1600, 900 }, { 1920, 1080 }, { 511, 165 } };
  CpScheduleJob a = { .after = -1, .planned = TRUE, .quote_index = 0, .nodes = 1,
                      .phase_days = { 0, 0, 5 }, .phase_cost = { 0, 0, 9600 } };
  CpScheduleJob b = a;

  b.deadline_days = 12;
  for (guint l = 0; l < G_N_ELEMENTS (words); l++)
    {
      g_autoptr(CpProject) project = cp_project_new ();
      CpQuote *quote = cp_quote_new ();
      CpSchedule *schedule = NULL;
      g_autoptr(CpChartData) data = NULL;
      const CpChartBar *first, *second;

      quote->nodes_available = 1;
      cp_project_add_quote (project, quote);
      data = two_jobs_timeline (project, NULL, &a, &b, words[l].lang, &schedule);
      first = &g_array_index (data->bars, CpChartBar, 0);
      second = &g_array_index (data->bars, CpChartBar, 1);
      g_assert_cmpfloat (first->start_day, ==, 0);
      g_assert_cmpfloat (first->fallback_start_day, ==, 5);
      g_assert_true (isnan (second->fallback_start_day));
      g_assert_cmpstr (data->legend[5], ==, words[l].legend);
      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
        {
          CpChartStyle style = z == 3 ? CP_CHART_STYLE_PRINT : CP_CHART_STYLE_LIGHT;
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) sizes[z][0],
                                                                 (int) sizes[z][1]);
          cairo_t *cr = cairo_create (surface);
          g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
          guint dated = 0;

          cp_chart_draw_full (cr, sizes[z][0], sizes[z][1], style, data, boxes);
          for (guint i = 0; i < boxes->len; i++)
            {
              const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

              /* In the rows, under the legend's entries of as many
               * bytes ("Run or service"). */
              dated += box->shown_bytes == strlen (words[l].days) && box->y > sizes[z][1] * 0.3;
              for (guint j = i + 1; j < boxes->len; j++)
                {
                  const CpChartLabelBox *other = &g_array_index (boxes, CpChartLabelBox, j);

                  g_assert_false (box->x < other->x + other->width && other->x < box->x + box->width &&
                                  box->y < other->y + other->height && other->y < box->y + box->height);
                }
            }
          g_assert_cmpuint (dated, ==, 1);
          cairo_destroy (cr);
          cairo_surface_destroy (surface);
        }
      cp_schedule_free (schedule);

      /* Two nodes offered: side by side as planned. */
      quote->nodes_available = 2;
      {
        g_autoptr(CpChartData) enough = cp_chart_data_new_timeline (project, schedule = place_two (&a, &b),
                                                                     words[l].lang);

        g_assert_true (isnan (g_array_index (enough->bars, CpChartBar, 0).fallback_start_day));
        g_assert_null (enough->legend[5]);
        cp_schedule_free (schedule);
      }
    }
}

/* Walk38b G9: the memo's chart of a 4.2-h LoRA and a 30-day service,
 * 68,000 CNY each from 25 January 2027, drew its cost band with
 * "200,000" and "0" where the window's read 0–150,000: the largest 1-2-5
 * step with two steps within the 136,000 total is 50,000, and the first
 * gridline above the total 150,000. The page (511 × 113 pt, the memo's
 * chart at its smallest) and the window (1024 × 576) draw that scale,
 * the page with its top and 0 at least, the window with every step. */
static void
test_timeline_memo_scale (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  CpScheduleJob lora = { .after = -1, .planned = TRUE, .quote_index = 0,
                         .phase_days = { 0, 0, 4.2 / 24 }, .phase_cost = { 0, 0, 68000 } };
  CpScheduleJob service = { .after = -1, .planned = TRUE, .quote_index = 0,
                            .phase_days = { 0, 0, 30 }, .phase_cost = { 0, 0, 68000 } };
  const char *names[] = { "LoRA fine-tune", "Serving 30 days" };
  static const struct {
    double width, height;
    CpChartStyle style;
    const char *amounts[4];
  } sizes[] = {
    { 511, 113, CP_CHART_STYLE_PRINT, { "150,000", NULL } },
    { 1024, 576, CP_CHART_STYLE_LIGHT, { "150,000", "100,000", "50,000", NULL } },
  };
  g_autofree char *dir = g_dir_make_tmp ("cp-timeline-XXXXXX", NULL);
  g_autoptr(CpChartData) data = NULL;
  CpSchedule *schedule;

  data = two_jobs_timeline (project, names, &lora, &service, "en", &schedule);
  g_assert_cmpfloat (data->total_cost, ==, 136000);
  for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
    {
      g_autofree char *name = g_strdup_printf ("memo-%u.pdf", z);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      cairo_surface_t *surface = cairo_pdf_surface_create (path, sizes[z].width, sizes[z].height);
      cairo_t *cr = cairo_create (surface);
      g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
      guint zeros = 0;

      cp_chart_draw_full (cr, sizes[z].width, sizes[z].height, sizes[z].style, data, boxes);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      /* "0", the only amount of one character. */
      for (guint i = 0; i < boxes->len; i++)
        zeros += g_array_index (boxes, CpChartLabelBox, i).shown_bytes == 1;
      g_assert_cmpuint (zeros, ==, 1);
      if (cp_test_have_poppler ())
        {
          g_autofree char *text = cp_test_pdf_text (dir, name, 0, FALSE);

          for (guint a = 0; sizes[z].amounts[a] != NULL; a++)
            cp_test_assert_has (text, sizes[z].amounts[a]);
          cp_test_assert_lacks (text, "200,000");
        }
    }
  cp_test_remove_tree (dir);
  cp_schedule_free (schedule);
}

/* A 4.2-h job (0.175 days) from 25 January 2027, then a 30-day one
 * after it from the next day (days 1–31): on paper the short bar was
 * 0.175 / 31 of the plot, a 1.5-pt sliver (walk38b G9). It is drawn at
 * least 0.8 of a line wide, with "4.2 h" after it: read back from the
 * rendered pixels along its row. */
static void
test_timeline_short_bar_seen (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  CpScheduleJob a = { .after = -1, .planned = TRUE, .phase_days = { 0, 0, 4.2 / 24 }, .phase_cost = { 0, 0, 300 } };
  CpScheduleJob b = { .after = 0, .planned = TRUE, .phase_days = { 0, 0, 30 }, .phase_cost = { 0, 0, 68000 } };
  const char *names[] = { "Job one", "Job two" };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 480, 200);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  g_autoptr(CpChartData) data = NULL;
  const CpChartLabelBox *name = NULL, *length = NULL;
  CpSchedule *schedule;
  const guint32 *pixels;
  int stride, y, x, inked = 0;

  data = two_jobs_timeline (project, names, &a, &b, "en", &schedule);
  cp_chart_draw_full (cr, 480, 200, CP_CHART_STYLE_PRINT, data, boxes);
  cairo_surface_flush (surface);
  for (guint i = 0; i < boxes->len; i++)
    {
      const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

      if (box->shown_bytes == strlen ("Job one") && (name == NULL || box->y < name->y))
        name = box;
    }
  g_assert_nonnull (name);
  for (guint i = 0; i < boxes->len; i++)
    {
      const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

      if (box->shown_bytes == strlen ("4.2 h") && fabs (box->y - name->y) < name->height / 2)
        length = box;
    }
  g_assert_nonnull (length);
  /* The bar's ink, leftwards from just before its length's words. */
  pixels = (const guint32 *) cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface) / 4;
  y = (int) (name->y + name->height / 2);
  for (x = (int) length->x - 1; x > name->x + name->width && (pixels[y * stride + x] & 0xffffff) == 0xffffff; x--)
    ;
  for (; x > name->x + name->width && (pixels[y * stride + x] & 0xffffff) != 0xffffff; x--)
    inked++;
  g_assert_cmpint (inked, >=, (int) floor (0.8 * name->height) - 1);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  cp_schedule_free (schedule);
}

/* Whether row @y of @surface is a rule from @x on: 90 of the 100 pixels
 * after @x darker than a gridline (the frame is drawn in 25% grey, the
 * grid in 78% or lighter). */
static gboolean
rule_at (cairo_surface_t *surface,
         int              x,
         int              y)
{
  const guint32 *pixels = (const guint32 *) cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface) / 4;
  guint dark = 0;

  if (y < 0 || y >= cairo_image_surface_get_height (surface))
    return FALSE;
  for (int i = 0; i < 100 && x + i < cairo_image_surface_get_width (surface); i++)
    dark += ((pixels[y * stride + x + i] >> 8) & 0xff) < 170;
  return dark >= 90;
}

/* Issue 22: the memo's timeline squeezed its cost band to a line and a
 * half, "300,000" over "0", cut the English names to "7B inference
 * service, 200 concurr…", and drew its "0" above the band's bottom,
 * where it read as the amount of a gridline 9 px higher. The demo's
 * seven jobs, one after another (each 1 day of debugging at 1,000 CNY
 * and 3 days' run at 30,000, so the cost rises on every day: 7 × 31,000
 * = 217,000 CNY), drawn in the window's sizes and the memo's (511 pt
 * wide; 74 + 19 + 10 × 7 = 163 pt at its smallest, 74 + 24 × 7 = 242 in
 * full, cp-report-pdf.c): the band is at least 2.5 lines high, the "0"
 * centred on its bottom within a pixel, every name whole in the form the
 * chart's language gives it, and no two labels overlap. Read from the
 * rendered pixels: the band's bottom is the frame's rule nearest the
 * "0", its top the next rule above. */
static void
test_timeline_cost_band_room (void)
{
  static const char *const names[][3] = {
    { "70B 全参数微调 (70B full fine-tune)", "70B 全参数微调", "70B full fine-tune" },
    { "7B QLoRA 微调 (7B QLoRA fine-tune)", "7B QLoRA 微调", "7B QLoRA fine-tune" },
    { "7B 推理服务，200 并发 (7B inference service, 200 concurrent users)", "7B 推理服务，200 并发",
      "7B inference service, 200 concurrent users" },
    { "13B 预训练，300B tokens (13B pretraining on 300B tokens)", "13B 预训练，300B tokens",
      "13B pretraining on 300B tokens" },
    { "开发与调试一个月 (A month of development and debugging)", "开发与调试一个月",
      "A month of development and debugging" },
    { "数据清洗与分词 (Data cleaning and tokenisation)", "数据清洗与分词", "Data cleaning and tokenisation" },
    { "14B LoRA 微调 (14B LoRA fine-tune)", "14B LoRA 微调", "14B LoRA fine-tune" },
  };
  static const struct {
    double width, height;
    CpChartStyle style;
  } sizes[] = {
    { 610, 360, CP_CHART_STYLE_LIGHT }, { 1600, 900, CP_CHART_STYLE_LIGHT },
    { 610, 360, CP_CHART_STYLE_LIGHT }, { 511, 163, CP_CHART_STYLE_PRINT }, { 511, 242, CP_CHART_STYLE_PRINT },
  };
  g_autoptr(CpProject) project = cp_project_new ();
  GArray *jobs = g_array_new (FALSE, TRUE, sizeof (CpScheduleJob));
  CpSchedule *schedule;

  for (guint j = 0; j < G_N_ELEMENTS (names); j++)
    {
      CpJob *job = cp_job_new (CP_TASK_DEBUG);
      CpScheduleJob placed = { .after = (int) j - 1, .planned = TRUE, .quote_index = 0,
                               .phase_days = { 1, 0, 3 }, .phase_cost = { 1000, 0, 30000 } };

      g_free (job->name);
      job->name = g_strdup (names[j][0]);
      cp_project_add_job (project, job);
      g_array_append_val (jobs, placed);
    }
  schedule = place_from_25_january (jobs);

  for (guint l = 0; l < 2; l++)
    {
      g_autoptr(CpChartData) data = cp_chart_data_new_timeline (project, schedule, l == 0 ? "en" : "zh_CN");

      g_assert_cmpfloat (data->total_cost, ==, 217000);
      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
        {
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) sizes[z].width,
                                                                 (int) sizes[z].height);
          cairo_t *cr = cairo_create (surface);
          g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
          const CpChartLabelBox *zero = NULL;
          double rule_sum = 0, band_bottom, band_top = -1;
          int x_left = -1, y_zero, rules = 0;

          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_paint (cr);
          cp_chart_draw_full (cr, sizes[z].width, sizes[z].height, sizes[z].style, data, boxes);
          cairo_surface_flush (surface);

          for (guint i = 0; i < boxes->len; i++)
            {
              const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

              /* "0", the only label of one character. */
              if (box->shown_bytes == 1)
                {
                  g_assert_null (zero);
                  zero = box;
                }
              for (guint j = i + 1; j < boxes->len; j++)
                g_assert_false (boxes_overlap (box, &g_array_index (boxes, CpChartLabelBox, j)));
            }
          for (guint j = 0; j < G_N_ELEMENTS (names); j++)
            {
              gboolean whole = FALSE;

              for (guint i = 0; i < boxes->len; i++)
                {
                  guint shown = g_array_index (boxes, CpChartLabelBox, i).shown_bytes;

                  whole = whole || shown == strlen (names[j][0]) || shown == strlen (names[j][l == 0 ? 2 : 1]);
                }
              if (!whole)
                g_error ("%s: \"%s\" cut at %g × %g", l == 0 ? "en" : "zh_CN", names[j][l == 0 ? 2 : 1],
                         sizes[z].width, sizes[z].height);
            }

          g_assert_nonnull (zero);
          /* The plot's left edge: the first dark pixel right of the "0",
           * a line above its centre, inside the band. */
          {
            const guint32 *pixels = (const guint32 *) cairo_image_surface_get_data (surface);
            int stride = cairo_image_surface_get_stride (surface) / 4;
            int y = (int) (zero->y - zero->height / 2);

            for (int x = (int) ceil (zero->x + zero->width); x < sizes[z].width && x_left < 0; x++)
              if (((pixels[y * stride + x] >> 8) & 0xff) < 170)
                x_left = x;
          }
          g_assert_cmpint (x_left, >, 0);
          /* The rule nearest the "0"'s centre, with the rows it blurs into. */
          y_zero = (int) (zero->y + zero->height / 2);
          for (int d = 0; d <= 4 && rules == 0; d++)
            for (int sign = -1; sign <= 1 && rules == 0; sign += 2)
              if (rule_at (surface, x_left + 2, y_zero + sign * d))
                {
                  int first = y_zero + sign * d, last = first;

                  while (rule_at (surface, x_left + 2, first - 1))
                    first--;
                  while (rule_at (surface, x_left + 2, last + 1))
                    last++;
                  rules = last - first + 1;
                  rule_sum = (first + last + 1) / 2.0 * rules;
                }
          g_assert_cmpint (rules, >, 0);
          band_bottom = rule_sum / rules;
          g_assert_cmpfloat (fabs (zero->y + zero->height / 2 - band_bottom), <=, 1.0);
          for (int y = (int) band_bottom - 2; y >= 0 && band_top < 0; y--)
            if (rule_at (surface, x_left + 2, y))
              band_top = y + 0.5;
          g_assert_cmpfloat (band_top, >=, 0);
          if (band_bottom - band_top < 2.5 * zero->height - 1)
            g_error ("%s at %g × %g: a cost band of %g px for lines of %g px", l == 0 ? "en" : "zh_CN",
                     sizes[z].width, sizes[z].height, band_bottom - band_top, zero->height);
          cairo_destroy (cr);
          cairo_surface_destroy (surface);
        }
    }
  cp_schedule_free (schedule);
}


/* The deadline mark's words, "due end of 7 Feb" or "due 25 Mar →" and
 * their Chinese forms, never on a bar nor on another label, at the
 * window's 1024, 1600 and 1920 px and on the memo's page (511 × 134 and
 * its smallest, 113), in English and Chinese. Two jobs from 25 January
 * 2027, the first with the deadline:
 * - 10 days' work, 14 days' deadline: its last day is day 13, 7 February
 *   (25 Jan + 13), after the bar;
 * - 10 days' work, 60 days' deadline: past 1.5 × the work's span, at the
 *   plot's edge with an arrow; its last day is day 59, 25 March (25 Jan +
 *   6 = 31 Jan, + 28 = 28 Feb, + 25 = 25 Mar);
 * - 10 days' work, 7 days' deadline, missed: the mark within the bar at
 *   day 7, its last day 31 January (25 Jan + 6);
 * - the second job after the first (10 days), 5 days' work, 3 days'
 *   deadline: the mark within that bar at day 13, its last day 6
 *   February (25 Jan + 12). */
static void
test_timeline_deadline_clear (void)
{
  static const struct {
    double first_days, first_deadline, second_days, second_deadline;
    gboolean after;
    const char *en, *zh, *en_full, *zh_full;
  } cases[] = {
    { 10, 14, 10, 0, FALSE, "due end of 7 Feb", "2月7日24时截止", "7 Feb 2027", "2027年2月7日" },
    { 10, 60, 10, 0, FALSE, "due 25 Mar →", "3月25日截止 →", "25 Mar 2027", "2027年3月25日" },
    { 10, 7, 10, 0, FALSE, "due end of 31 Jan", "1月31日24时截止", "31 Jan 2027", "2027年1月31日" },
    { 10, 0, 5, 3, TRUE, "due end of 6 Feb", "2月6日24时截止", "6 Feb 2027", "2027年2月6日" },
  };
  static const struct {
    double width, height;
    CpChartStyle style;
  } sizes[] = {
    { 610, 360, CP_CHART_STYLE_LIGHT },
    { 610, 360, CP_CHART_STYLE_LIGHT },
    { 1920, 1080, CP_CHART_STYLE_DARK },
    { 511, 134, CP_CHART_STYLE_PRINT },
    { 511, 113, CP_CHART_STYLE_PRINT },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (int zh = 0; zh < 2; zh++)
      {
        g_autoptr(CpProject) project = cp_project_new ();
        CpScheduleJob a = { .after = -1, .planned = TRUE, .quote_index = 0,
                            .phase_days = { 0, 0, cases[c].first_days }, .phase_cost = { 0, 0, 10000 },
                            .deadline_days = cases[c].first_deadline };
        CpScheduleJob b = { .after = cases[c].after ? 0 : -1, .planned = TRUE, .quote_index = 0,
                            .phase_days = { 0, 0, cases[c].second_days }, .phase_cost = { 0, 0, 10000 },
                            .deadline_days = cases[c].second_deadline };
        const char *text = zh ? cases[c].zh : cases[c].en;
        guint row = cases[c].second_deadline > 0 ? 1 : 0;
        CpSchedule *schedule;
        g_autoptr(CpChartData) data = two_jobs_timeline (project, (const char *const[]) { "Job one", "Job two" },
                                                         &a, &b, zh ? "zh_CN" : "en", &schedule);

        for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
          {
            cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) sizes[z].width,
                                                                   (int) sizes[z].height);
            cairo_t *cr = cairo_create (surface);
            g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
            g_autoptr(GArray) bars = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
            const CpChartLabelBox *bar, *mark = NULL;

            cp_chart_draw_timeline (cr, sizes[z].width, sizes[z].height, sizes[z].style, data, boxes, bars);
            g_assert_cmpuint (bars->len, ==, 2);
            bar = &g_array_index (bars, CpChartLabelBox, row);
            /* The mark's words: their length, nearer the deadline's bar
             * than the other one. */
            for (guint i = 0; i < boxes->len; i++)
              {
                const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);
                const CpChartLabelBox *other = &g_array_index (bars, CpChartLabelBox, 1 - row);
                double mid = box->y + box->height / 2;

                if (box->shown_bytes == strlen (text) &&
                    fabs (mid - (bar->y + bar->height / 2)) < fabs (mid - (other->y + other->height / 2)) &&
                    fabs (mid - (bar->y + bar->height / 2)) < 2 * bar->height)
                  {
                    g_assert_null (mark);
                    mark = box;
                  }
              }
            /* On paper a row is a line high: where the words find no
             * room off the bar, the legend dates the one deadline in
             * full, and the mark has none. */
            if (mark == NULL && sizes[z].style == CP_CHART_STYLE_PRINT)
              {
                gboolean in_legend = FALSE;

                g_assert_nonnull (strstr (data->legend[3], zh ? cases[c].zh_full : cases[c].en_full));
                for (guint i = 0; i < boxes->len; i++)
                  in_legend |= g_array_index (boxes, CpChartLabelBox, i).shown_bytes == strlen (data->legend[3]);
                g_assert_true (in_legend);
              }
            else if (mark == NULL)
              g_error ("no \"%s\" in row %u at %g × %g", text, row, sizes[z].width, sizes[z].height);
            for (guint i = 0; i < bars->len && mark != NULL; i++)
              if (boxes_overlap (mark, &g_array_index (bars, CpChartLabelBox, i)))
                g_error ("\"%s\" (%g–%g) on bar %u (%g–%g) at %g × %g", text, mark->x, mark->x + mark->width, i,
                         g_array_index (bars, CpChartLabelBox, i).x,
                         g_array_index (bars, CpChartLabelBox, i).x + g_array_index (bars, CpChartLabelBox, i).width,
                         sizes[z].width, sizes[z].height);
            for (guint i = 0; i < boxes->len && mark != NULL; i++)
              {
                const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

                if (box != mark && box->width > 0 && boxes_overlap (mark, box))
                  g_error ("\"%s\" on label %u (%g,%g %g×%g) at %g × %g", text, i, box->x, box->y, box->width,
                           box->height, sizes[z].width, sizes[z].height);
              }
            if (mark != NULL)
              {
                g_assert_cmpfloat (mark->x, >=, 0);
                g_assert_cmpfloat (mark->x + mark->width, <=, sizes[z].width + 0.5);
              }
            cairo_destroy (cr);
            cairo_surface_destroy (surface);
          }
        cp_schedule_free (schedule);
      }
}

/* read37 F9: the English demo's memo drew its calendar at its smallest,
 * 511 × 163 pt (74 + 19 + 10 × 7, cp-report-pdf.c), with no month under
 * the axis ("6 Dec 2026" and "Ends 4 Jan 2027 (30.0 days) only if run
 * side by side" took the one line) and "Total 258,134 CNY" over "0" the
 * band's only amounts; the Chinese, 40 pt higher, had both. Seven jobs
 * side by side from 6 December 2026 on a quote of one machine, each of
 * one node: the first 1 day of debugging at 1,000 CNY and 29 days' run
 * at 100,000, the other six 1 + 3 days at 1,000 + 30,000. The end is
 * after day 30, 4 January 2027 (26 days of December and 4 of January),
 * and the total 101,000 + 6 × 31,000 = 287,000 CNY:
 * the 1-2-5 step with two steps within it is 100,000 (200,000 <= 287,000
 * < 500,000), its scale's top 300,000. At the memo's smallest and full
 * heights, in both languages, the axis names January beside the end's
 * label ("Jan 2027" twice: in "Ends 4 Jan 2027 …" and at its tick), the
 * band reads "300,000" over "0", the end's label is whole, and no two
 * labels overlap. */
static void
test_timeline_memo_months (void)
{
  static const struct {
    const char *lang;
    const char *month;
    const char *end;
  } words[] = {
    { "en", "Jan 2027", "Ends 4 Jan 2027 (30.0 days) only if run side by side" },
    { "zh_CN", "2027年1月", "仅在并行运行时于2027年1月4日结束（30.0 天）" },
  };
  /* The memo's smallest and full; the chart in the 1024 × 700 window,
   * 610 px wide beside the job's form, where the end's label was left out
   * too. */
  static const struct {
    double width, height;
    CpChartStyle style;
  } sizes[] = {
    { 511, 163, CP_CHART_STYLE_PRINT }, { 511, 242, CP_CHART_STYLE_PRINT }, { 610, 360, CP_CHART_STYLE_LIGHT },
  };
  static const char *const names[] = {
    "70B 全参数微调 (70B full fine-tune)", "7B QLoRA 微调 (7B QLoRA fine-tune)",
    "7B 推理服务，200 并发 (7B inference service, 200 concurrent users)",
    "13B 预训练，300B tokens (13B pretraining on 300B tokens)",
    "开发与调试一个月 (A month of development and debugging)", "数据清洗与分词 (Data cleaning and tokenisation)",
    "14B LoRA 微调 (14B LoRA fine-tune)",
  };
  g_autofree char *dir = g_dir_make_tmp ("cp-timeline-XXXXXX", NULL);
  g_autoptr(CpProject) project = cp_project_new ();
  CpQuote *quote = cp_quote_new ();
  GArray *jobs = g_array_new (FALSE, TRUE, sizeof (CpScheduleJob));
  g_autoptr(GError) error = NULL;
  CpSchedule *schedule;
  GDate start;

  quote->nodes_available = 1;
  cp_project_add_quote (project, quote);
  for (guint j = 0; j < G_N_ELEMENTS (names); j++)
    {
      CpJob *job = cp_job_new (CP_TASK_DEBUG);
      CpScheduleJob placed = { .after = -1, .planned = TRUE, .quote_index = 0, .nodes = 1,
                               .phase_days = { 1, 0, j == 0 ? 29 : 3 },
                               .phase_cost = { 1000, 0, j == 0 ? 100000 : 30000 },
                               .deadline_days = j == 1 ? 6 : j == 3 ? 89 : 0 };

      g_free (job->name);
      job->name = g_strdup (names[j]);
      cp_project_add_job (project, job);
      g_array_append_val (jobs, placed);
    }
  g_date_clear (&start, 1);
  g_date_set_dmy (&start, 6, G_DATE_DECEMBER, 2026);
  schedule = cp_schedule_place (jobs, &start, &error);
  g_assert_no_error (error);

  for (guint l = 0; l < G_N_ELEMENTS (words); l++)
    {
      g_autoptr(CpChartData) data = cp_chart_data_new_timeline (project, schedule, words[l].lang);

      g_assert_cmpfloat (data->total_cost, ==, 287000);
      g_assert_cmpstr (data->x_label, ==, words[l].end);
      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
        {
          g_autofree char *name = g_strdup_printf ("months-%s-%u.pdf", words[l].lang, z);
          g_autofree char *path = g_build_filename (dir, name, NULL);
          cairo_surface_t *surface = cairo_pdf_surface_create (path, sizes[z].width, sizes[z].height);
          cairo_t *cr = cairo_create (surface);
          g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
          guint zeros = 0;

          cp_chart_draw_full (cr, sizes[z].width, sizes[z].height, sizes[z].style, data, boxes);
          cairo_destroy (cr);
          cairo_surface_destroy (surface);
          for (guint i = 0; i < boxes->len; i++)
            {
              const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

              /* "0", the only label of one character. */
              zeros += box->shown_bytes == 1;
              for (guint j = i + 1; j < boxes->len; j++)
                g_assert_false (boxes_overlap (box, &g_array_index (boxes, CpChartLabelBox, j)));
            }
          g_assert_cmpuint (zeros, ==, 1);
          if (cp_test_have_poppler ())
            {
              g_autofree char *text = cp_test_pdf_text (dir, name, 0, FALSE);

              if (cp_test_count (text, words[l].month) < 2)
                g_error ("%s at %g × %g: no month named under the axis, or no end:\n%s", words[l].lang,
                         sizes[z].width, sizes[z].height, text);
              cp_test_assert_has (text, words[l].end);
              cp_test_assert_has (text, "300,000");
            }
        }
    }
  cp_schedule_free (schedule);
  cp_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  cp_i18n_bind_textdomain ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chart-timeline/data", test_timeline_data);
  g_test_add_func ("/chart-timeline/labels-apart", test_timeline_labels_apart);
  g_test_add_func ("/chart-timeline/present-size", test_timeline_present_size);
  g_test_add_func ("/chart-timeline/axis", test_timeline_axis);
  g_test_add_func ("/chart-timeline/one-job-axis", test_timeline_one_job_axis);
  g_test_add_func ("/chart-timeline/hour-ticks", test_timeline_hour_ticks);
  g_test_add_func ("/chart-timeline/deadline-date", test_timeline_deadline_date);
  g_test_add_func ("/chart-timeline/near-deadline", test_timeline_near_deadline);
  g_test_add_func ("/chart-timeline/deadline-clear", test_timeline_deadline_clear);
  g_test_add_func ("/chart-timeline/names-one-form", test_timeline_names_one_form);
  g_test_add_func ("/chart-timeline/names-english", test_timeline_names_english);
  g_test_add_func ("/chart-timeline/end-side-by-side", test_timeline_end_side_by_side);
  g_test_add_func ("/chart-timeline/fallback", test_timeline_fallback);
  g_test_add_func ("/chart-timeline/memo-scale", test_timeline_memo_scale);
  g_test_add_func ("/chart-timeline/short-bar-seen", test_timeline_short_bar_seen);
  g_test_add_func ("/chart-timeline/cost-band-room", test_timeline_cost_band_room);
  g_test_add_func ("/chart-timeline/memo-months", test_timeline_memo_months);
  return g_test_run ();
}

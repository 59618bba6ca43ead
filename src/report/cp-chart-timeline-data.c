/* cp-chart-timeline-data.c: what the project's timeline shows (its
 * drawing is cp-chart-timeline.c's).
 *
 * Owns turning a project's calendar (CpSchedule) into the chart's data:
 * each job's bar and phases from its start, its deadline, the calendar it
 * falls back to, the cumulative planned cost day by day with a month's
 * invoice as a step, and the words of the legend and of the end. */

#include "cp-report-private.h"
#include "cp-chart.h"

#include <math.h>

#include "cp-chart-private.h"
#include "cp-i18n.h"
#include "cp-report-schedule.h"

static int
compare_days (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The calendar the project falls back to (cp_schedule_fallback_new()):
 * each job it moves is drawn where it would run then, with its days
 * (walk35 W9: the window's calendar gave no days for the fallback page 1
 * prices). */
static void
add_fallback (CpChartData              *data,
              const CpScheduleFallback *fallback)
{
  for (guint k = 0; k < fallback->order->len; k++)
    {
      guint j = g_array_index (fallback->order, guint, k);
      const CpScheduleJob *moved = &g_array_index (fallback->schedule->jobs, CpScheduleJob, j);
      CpChartBar *bar = &g_array_index (data->bars, CpChartBar, j);

      if (bar->planned && fabs (moved->start_day - bar->start_day) > 1e-9)
        bar->fallback_start_day = moved->start_day;
    }
  /* TRANSLATORS: the timeline's legend beside a dashed outline: where the jobs a vendor has too few machines for would run one after another */
  data->legend[5] = g_strdup (C_("timeline", "One after another"));
}

CpChartData *
cp_chart_data_new_timeline (const CpProject  *project,
                            const CpSchedule *schedule,
                            const char       *lang)
{
  g_autoptr(CpScheduleFallback) fallback = cp_schedule_fallback_new (schedule, project);

  return cp_chart_data_new_timeline_with_fallback (project, schedule, fallback, lang);
}

CpChartData *
cp_chart_data_new_timeline_with_fallback (const CpProject          *project,
                                          const CpSchedule         *schedule,
                                          const CpScheduleFallback *fallback,
                                          const char               *lang)
{
  CpChartData *data = cp_chart_data_new_empty (CP_CHART_TIMELINE, lang);
  const char *currency = project->settings.currency[0] != '\0' ? project->settings.currency : "CNY";
  CpChartSeries *cumulative;
  g_autoptr(GArray) days = g_array_new (FALSE, FALSE, sizeof (double));
  double first_day = 0, deadline_day = 0;
  guint n_deadlines = 0;

  cp_i18n_push_language (data->lang);
  data->title = g_strdup (_("Budget and calendar of the project"));
  data->currency = g_strdup (currency);
  /* The line is the plan's cost added up over the calendar, not money
   * spent: "Spent so far" read as an actual (approver, 3 December). */
  /* TRANSLATORS: the timeline's right axis and its line: the planned cost added up day by day; %s is a currency */
  data->y_label = g_strdup_printf (_("Planned cost (%s)"), cp_i18n_currency_name (currency, data->lang));
  /* Short words, so that the legend takes one row on a page's width. */
  /* TRANSLATORS: the timeline's legend: short runs on one machine */
  data->legend[0] = g_strdup (C_("timeline", "Debugging"));
  /* TRANSLATORS: the timeline's legend: the team learning the cluster */
  data->legend[1] = g_strdup (C_("timeline", "Migration"));
  /* TRANSLATORS: the timeline's legend: the formal run, or a service's time up */
  data->legend[2] = g_strdup (C_("timeline", "Run or service"));
  /* The cost line's legend names the right axis' unit too. */
  data->legend[4] = g_strdup (data->y_label);
  data->start_julian = g_date_get_julian (&schedule->start);
  data->total_cost = cp_report_schedule_shown_total (schedule);
  {
    /* In whole units, as the memo's answers and budget give it: "Total
     * 20.00 CNY" stood beside "20 CNY" (appr36 D24). */
    g_autofree char *money = cp_i18n_format_money_whole (data->total_cost, currency, data->lang);

    /* TRANSLATORS: the timeline's planned cost at the end of its line, above the plot; %s is an amount such as "58,928 CNY" */
    data->total_label = g_strdup_printf (_("Total %s"), money);
  }
  data->bars = g_array_new (FALSE, TRUE, sizeof (CpChartBar));
  g_array_set_clear_func (data->bars, cp_chart_bar_clear);

  g_array_append_val (days, first_day);
  for (guint i = 0; i < schedule->jobs->len; i++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);
      const CpJob *job = g_ptr_array_index (project->jobs, i);
      CpChartBar bar = { g_strdup (job->name), entry->start_day, { 0 }, NAN, entry->planned, NAN };
      double at = entry->start_day;

      for (int phase = 0; phase < CP_N_PHASES; phase++)
        {
          bar.phase_days[phase] = entry->planned ? entry->phase_days[phase] : 0;
          at += bar.phase_days[phase];
          g_array_append_val (days, at);
        }
      if (entry->deadline_days > 0)
        {
          bar.deadline_day = entry->start_day + entry->deadline_days;
          n_deadlines++;
          deadline_day = bar.deadline_day;
        }
      g_array_append_val (data->bars, bar);
    }
  if (fallback != NULL)
    add_fallback (data, fallback);
  /* One deadline in the project: its date in the legend, as its mark's row
   * has no room for it when the bar runs to the plot's end (the one-job
   * walk: a 1-day job within 30 days). Several: each date beside its
   * mark, where its row has room. */
  if (n_deadlines == 1)
    {
      g_autofree char *date = cp_chart_timeline_deadline_date (data, deadline_day);

      /* TRANSLATORS: the timeline's legend when one job has a deadline: its last day, such as "2027-01-01" */
      data->legend[3] = g_strdup_printf (_("Deadline %s"), date);
    }
  else if (n_deadlines > 1)
    data->legend[3] = g_strdup (_("Deadline"));

  /* A month-billed rental's invoices are steps on their days (cp-schedule.c
   * says why): the line rises straight up there. */
  for (guint i = 0; schedule->invoices != NULL && i < schedule->invoices->len; i++)
    g_array_append_val (days, g_array_index (schedule->invoices, CpScheduleInvoice, i).day);

  /* What is not invoiced is spent evenly within each phase: the line is
   * exact through the phases' ends and each side of every invoice. */
  g_array_sort (days, compare_days);
  cumulative = cp_chart_series_new (data->legend[4], FALSE);
  for (guint i = 0; i < days->len; i++)
    {
      double day = g_array_index (days, double, i);
      double before = cp_schedule_cost_until (schedule, day);
      double after = cp_schedule_cost_until (schedule, nextafter (day, G_MAXDOUBLE));

      if (i > 0 && day <= g_array_index (days, double, i - 1))
        continue;
      cp_chart_series_add (cumulative, day, before, NAN);
      if (after > before + 1e-9 && day < schedule->end_day)
        cp_chart_series_add (cumulative, day, after, NAN);
    }
  g_ptr_array_add (data->series, cumulative);

  /* When the project ends and how long it takes, under the plot at its end. */
  if (schedule->end_day > 0)
    {
      GDate last;
      g_autofree char *days_text = cp_i18n_format_days (schedule->end_day, data->lang);
      g_autoptr(GPtrArray) short_of = cp_schedule_overbookings (schedule, project);
      g_autofree char *date = NULL;

      cp_schedule_span_dates (schedule, 0, schedule->end_day, NULL, &last);
      /* In the one form of the chart's every date, with its year: "6 Apr
       * 2027", "2027年4月6日" (approver 33 A14: "Ends 2027-01-03" beside
       * "due 3 Jan 2027" and "12-12"). */
      date = cp_chart_timeline_day_text (data, &last, TRUE);
      /* Jobs drawn side by side on a quote that offers fewer machines than
       * they need at once do not end there: the warning beside the chart
       * says when they would (walk35 W9: "Ends 3 Jan 2027 (30.0 days)" in
       * bold beside "the last job ends 14 Feb 2027"). */
      if (short_of != NULL && short_of->len > 0)
        /* TRANSLATORS: under the timeline, at the last job's end, when a vendor offers fewer machines than the jobs drawn side by side need: a date such as "6 Apr 2027", then a duration such as "36.8 days" */
        data->x_label = g_strdup_printf (_("Ends %s (%s) only if run side by side"), date, days_text);
      else
        /* TRANSLATORS: under the timeline, at the last job's end: a date such as "6 Apr 2027", then a duration such as "36.8 days" */
        data->x_label = g_strdup_printf (_("Ends %s (%s)"), date, days_text);
    }

  cp_i18n_pop_language ();
  return data;
}

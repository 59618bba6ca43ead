/* cp-report-schedule.c: the reports' schedule (cp-report-schedule.h). */
#include "config.h"

#include "cp-report-schedule.h"
#include <glib/gi18n.h>
#include "cp-i18n.h"
#include "cp-report-memo.h"

#include <math.h>
#include <string.h>

void
cp_report_day (GDate *today)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  g_date_clear (today, 1);
  g_date_set_dmy (today, g_date_time_get_day_of_month (now), g_date_time_get_month (now),
                  g_date_time_get_year (now));
}

CpSchedule *
cp_report_schedule_new (const CpProject *project,
                        GPtrArray       *plans,
                        GError         **error)
{
  GDate today;

  /* A project without a start date starts the day its report is made:
   * the report says so next to the dates. */
  cp_report_day (&today);
  return cp_schedule_new (project, (CpPlan * const *) plans->pdata, &today, error);
}

double
cp_report_schedule_shown_total (const CpSchedule *schedule)
{
  double total = 0;

  for (guint i = 0; i < schedule->jobs->len; i++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);

      if (entry->planned)
        total += round (cp_schedule_job_cost (entry));
    }
  return total;
}

void
cp_report_schedule_shown_range (const CpSchedule *schedule,
                                double           *low,
                                double           *high)
{
  *low = *high = 0;
  for (guint i = 0; i < schedule->jobs->len; i++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);

      if (!entry->planned)
        continue;
      /* Each end as cp_schedule_new() bands the job, rounded as the
       * job's answer shows it. */
      *low += round (cp_schedule_job_cost_low (entry));
      *high += round (cp_schedule_job_cost_high (entry));
    }
}

double *
cp_report_schedule_months_shown (const CpSchedule *schedule)
{
  guint n_months = schedule->months->len;
  g_autofree double *costs = g_new0 (double, MAX (n_months, 1));
  double *shown = g_new0 (double, MAX (n_months, 1));

  for (guint i = 0; i < n_months; i++)
    costs[i] = g_array_index (schedule->months, CpScheduleMonth, i).cost;
  cp_i18n_apportion (costs, n_months, cp_report_schedule_shown_total (schedule), shown);
  return shown;
}

double
cp_report_job_top_charges (const CpScheduleJob *entry,
                           const CpOption      *option)
{
  const CpEstimate *e = &option->estimate;
  double top = round (cp_schedule_job_cost_high (entry));

  return e->total_cost > 0 ? top * (e->total_cost - e->engineering_cost) / e->total_cost : 0;
}

double *
cp_report_schedule_months_approved (const CpSchedule *schedule,
                                    const CpSettings *settings,
                                    double            overrun_cost)
{
  guint n_months = schedule->months->len;
  GArray *jobs = g_array_copy (schedule->jobs);
  g_autoptr(CpSchedule) top = NULL;
  g_autofree double *costs = g_new0 (double, MAX (n_months, 1));
  g_autofree double *shown = g_new0 (double, MAX (n_months, 1));
  double *approved = g_new0 (double, MAX (n_months, 1));
  double low, top_of_range, cumulative = 0;

  /* Each job's money scaled to the top of its band, on the same days:
   * the finance side schedules the approved amount, not the planned cost
   * (approver 36, D32: the months gave the middle cost only). */
  for (guint i = 0; i < jobs->len; i++)
    {
      CpScheduleJob *entry = &g_array_index (jobs, CpScheduleJob, i);
      double cost = cp_schedule_job_cost (entry);
      double scale = entry->planned && cost > 0 ? round (cp_schedule_job_cost_high (entry)) / cost : 1;

      for (guint p = 0; p < CP_N_PHASES; p++)
        {
          entry->phase_cost[p] *= scale;
          entry->phase_invoiced[p] *= scale;
        }
      for (guint r = 0; r < G_N_ELEMENTS (entry->rentals); r++)
        {
          entry->rentals[r].cost *= scale;
          entry->rentals[r].first_extra *= scale;
        }
    }
  top = cp_schedule_place (jobs, &schedule->start, NULL);
  cp_report_schedule_shown_range (schedule, &low, &top_of_range);
  /* The same days make the same months; matched by month all the same. */
  for (guint i = 0; top != NULL && i < n_months; i++)
    {
      const CpScheduleMonth *month = &g_array_index (schedule->months, CpScheduleMonth, i);

      for (guint k = 0; k < top->months->len; k++)
        {
          const CpScheduleMonth *scaled = &g_array_index (top->months, CpScheduleMonth, k);

          if (scaled->year == month->year && scaled->month == month->month)
            costs[i] = scaled->cost;
        }
    }
  cp_i18n_apportion (costs, n_months, top_of_range, shown);
  for (guint i = 0; i < n_months; i++)
    {
      cumulative += shown[i];
      approved[i] = round (cp_settings_amount_to_approve (settings, cumulative, overrun_cost, 0, 0, NULL, NULL, NULL));
    }
  return approved;
}

double
cp_report_job_days_late (const CpScheduleJob *entry)
{
  double late;

  if (!entry->planned || !(entry->deadline_days > 0))
    return 0;
  late = entry->end_day - entry->start_day - entry->deadline_days;
  return late > 1e-6 ? late : 0;
}

void
cp_report_dearest_overrun (const CpProject  *project,
                           CpPlan * const   *plans,
                           const CpSchedule *schedule,
                           int               replaced_job,
                           const CpOption   *replacement,
                           CpOverrun        *out)
{
  memset (out, 0, sizeof *out);
  for (guint i = 0; i < schedule->jobs->len; i++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);
      const CpPlan *plan = plans[i];
      const CpOption *option = NULL;
      CpOverrun overrun;

      if ((int) i == replaced_job)
        option = replacement;
      else if (entry->planned && plan != NULL && plan->recommended >= 0 &&
               (guint) plan->recommended < plan->options->len)
        option = &g_array_index (plan->options, CpOption, plan->recommended);
      if (option == NULL || option->quote_index < 0 || (guint) option->quote_index >= project->quotes->len)
        continue;
      cp_option_overrun (option, g_ptr_array_index (project->jobs, i),
                         g_ptr_array_index (project->quotes, option->quote_index), &project->settings, &overrun);
      if (overrun.cost > out->cost)
        *out = overrun;
    }
}

void
cp_report_approval_amount (const CpProject  *project,
                           CpPlan * const   *plans,
                           const CpSchedule *schedule,
                           CpApprovalAmount *out)
{
  double engineering = 0, charges = 0, vat = 0;

  memset (out, 0, sizeof *out);
  for (guint i = 0; i < schedule->jobs->len; i++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);
      const CpPlan *plan = plans[i];

      if (cp_schedule_job_option (entry, plan) == NULL)
        continue;
      {
        const CpOption *option = cp_schedule_job_option (entry, plan);
        const CpEstimate *e = &option->estimate;
        double rate = 0;

        /* Each vendor's charges hold VAT at its quote's rate. */
        if (option->quote_index >= 0 && (guint) option->quote_index < project->quotes->len)
          rate = cp_quote_vat_rate (g_ptr_array_index (project->quotes, option->quote_index), &project->settings);
        engineering += e->engineering_cost;
        charges += cp_report_job_top_charges (entry, option);
        vat += cp_report_job_top_charges (entry, option) * rate / (1 + rate);
      }
    }
  {
    double low;

    /* The top the memo shows, the sum of the jobs' tops as their answers
     * show them, so that the amount is the figure the reader can add up. */
    cp_report_schedule_shown_range (schedule, &low, &out->top_of_range);
  }
  cp_report_dearest_overrun (project, plans, schedule, -1, NULL, &out->overrun);
  out->engineering = schedule->total_cost > 0 ? out->top_of_range * engineering / schedule->total_cost : 0;
  out->amount = cp_settings_amount_to_approve (&project->settings, out->top_of_range, out->overrun.cost, out->engineering,
                                               charges > 0 ? vat / charges : 0, &out->contingency,
                                               &out->contingency_rule, &out->vat);
}

CpChartData *
cp_report_timeline_chart_new (CpProjectAnalysis *analysis,
                              const char        *lang,
                              GError           **error)
{
  const CpProject *project = cp_project_analysis_get_project (analysis);
  g_autoptr(GPtrArray) plans = NULL;
  const CpSchedule *schedule;
  CpApprovalAmount approval;
  CpChartData *chart;
  GDate today;

  cp_report_day (&today);
  schedule = cp_project_analysis_get_schedule (analysis, &today, error);
  if (schedule == NULL)
    return NULL;
  /* The plans the schedule was made from, made already. */
  plans = cp_project_analysis_get_full_plans (analysis);
  chart = cp_chart_data_new_timeline_with_fallback (project, schedule,
                                                    cp_project_analysis_get_fallback (analysis, &today), lang);
  /* The figure page 1 gives, from the same plans and schedule, and the
   * memo's warning under it when jobs side by side rent more of a quote
   * than it offers: the window's calendar showed the amount without it
   * (issue 26, a lead in a meeting). */
  cp_report_approval_amount (project, (CpPlan * const *) plans->pdata, schedule, &approval);
  chart->approval = cp_report_approval_text (project, &approval, lang);
  {
    /* A job the amount holds late, as page 1 says it: the tab gave the
     * amount with no word of it (walk38 F1). */
    g_autofree char *late = cp_report_late_jobs_text (project, (CpPlan * const *) plans->pdata, schedule, lang);

    if (late != NULL)
      {
        char *both;

        cp_i18n_push_language (lang);
        both = g_strdup_printf (C_("two sentences", "%s %s"), chart->approval, late);
        cp_i18n_pop_language ();

        g_free (chart->approval);
        chart->approval = both;
      }
  }
  {
    /* And the budget the team has, as page 1 says it under the amount,
     * with the amount the open answers may ask for: the tab said "fits"
     * of 55,334 CNY where page 1 also asked for 118,580 (walk41b F18).
     * Without a budget, that amount alone. The jobs' plans as page 1
     * reads them, for the answers still to come. */
    g_autofree JobResult *results = g_new0 (JobResult, MAX (1, project->jobs->len));
    g_autofree char *within = NULL;

    for (guint j = 0; j < project->jobs->len; j++)
      {
        results[j].plan = g_ptr_array_index (plans, j);
        results[j].what_if = cp_project_analysis_get_what_if (analysis, j);
      }
    within = cp_project_has_budget (project)
             ? cp_report_budget_text (project, results, schedule, &approval, lang)
             : cp_report_cover_text (project, results, schedule, &approval, lang);
    if (within != NULL)
      {
        char *both = g_strdup_printf ("%s\n%s", chart->approval, within);

        g_free (chart->approval);
        chart->approval = both;
      }
  }
  {
    /* Spaced as page 1 spaces it: "若Huawei Cloud至少按一个月计费" on the
     * tab, "若 Huawei Cloud 至少按一个月计费" on the page (walk37 F12). */
    char *spaced = cp_i18n_space_names (project, chart->approval, lang);

    g_free (chart->approval);
    chart->approval = spaced;
  }
  chart->overbooking = cp_report_overbooking_text (project, schedule, lang);
  return chart;
}

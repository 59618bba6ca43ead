/* cp-report-schedule.c: the reports' schedule (cp-report-schedule.h). */
#include "config.h"

#include "cp-report-schedule.h"

#include <math.h>

CpSchedule *
cp_report_schedule_new (const CpProject *project,
                        GPtrArray       *plans,
                        GError         **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  GDate today;

  /* A project without a start date starts the day its report is made:
   * the report says so next to the dates. */
  g_date_clear (&today, 1);
  g_date_set_dmy (&today, g_date_time_get_day_of_month (now), g_date_time_get_month (now),
                  g_date_time_get_year (now));
  return cp_schedule_new (project, (CpPlan * const *) plans->pdata, &today, error);
}

double
cp_report_schedule_shown_total (const CpSchedule *schedule)
{
  double total = 0;

  for (guint i = 0; i < schedule->jobs->len; i++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);
      double cost = 0;

      if (!entry->planned)
        continue;
      for (int phase = 0; phase < CP_N_PHASES; phase++)
        cost += entry->phase_cost[phase];
      total += round (cost);
    }
  return total;
}

CpChartData *
cp_report_timeline_chart_new (CpProjectAnalysis *analysis,
                              const char        *lang,
                              GError           **error)
{
  const CpProject *project = cp_project_analysis_get_project (analysis);
  g_autoptr(GPtrArray) plans = cp_project_analysis_get_full_plans (analysis);
  g_autoptr(CpSchedule) schedule = cp_report_schedule_new (project, plans, error);

  if (schedule == NULL)
    return NULL;
  return cp_chart_data_new_timeline (project, schedule, lang);
}

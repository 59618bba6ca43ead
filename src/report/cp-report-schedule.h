/* cp-report-schedule.h: the project's budget and calendar as the reports
 * (PDF, XML, chart) take it: one plan per job, and the report's own day
 * standing in for a project that sets no start date. */
#pragma once

#include "planner/cp-project-analysis.h"
#include "planner/cp-schedule.h"
#include "cp-chart.h"

G_BEGIN_DECLS

/* The schedule from @plans; NULL with @error when the jobs' order loops. */
CpSchedule *cp_report_schedule_new    (const CpProject *project,
                                       GPtrArray       *plans,
                                       GError         **error);

/* The project's total as the reports print it: the sum of its jobs'
 * totals each rounded as the memo's answers show them, not the rounded
 * sum of the unrounded costs, which can differ by a unit from what the
 * reader adds up. One rounding for the budget line, its month table and
 * the timeline's cost axis. */
double       cp_report_schedule_shown_total (const CpSchedule *schedule);

/* The project's timeline chart (cp-chart.h, CP_CHART_TIMELINE) in @lang:
 * every job's plan of @analysis placed on the calendar and drawn as the
 * PDF's memo draws it. NULL with @error when the jobs' order loops. */
CpChartData *cp_report_timeline_chart_new (CpProjectAnalysis *analysis,
                                           const char        *lang,
                                           GError           **error);

G_END_DECLS

/* cp-report-approve-by.c: by when to approve page 1's amount
 * (cp_report_approve_by()) and the sentence under the amount that says
 * it, split from cp-report-approval.c. */

#include "cp-report-private.h"

#include <math.h>
#include <string.h>

#include "planner/cp-schedule.h"
#include "cp-i18n.h"
#include "cp-report-schedule.h"
#include "cp-report-sections.h"

/* The day the first rented job starts on @schedule. A calendar counted
 * from the report's day starts then too: skipping it made the demo say
 * "Approve by 31 March 2027" beside work dated 5 December – 3 January
 * (approver 36, D2). */
static gboolean
work_start_day (const CpSchedule *schedule,
                GDate            *work_day)
{
  double first_start_day = -1;

  for (guint j = 0; schedule != NULL && j < schedule->jobs->len; j++)
    {
      const CpScheduleJob *job = &g_array_index (schedule->jobs, CpScheduleJob, j);

      if (job->planned && job->quote_index >= 0 && (first_start_day < 0 || job->start_day < first_start_day))
        first_start_day = job->start_day;
    }
  if (first_start_day < 0)
    return FALSE;
  *work_day = schedule->start;
  g_date_add_days (work_day, (guint) floor (first_start_day));
  return TRUE;
}

void
cp_report_approve_by (const CpProject  *project,
                      CpPlan * const   *plans,
                      const CpSchedule *schedule,
                      CpReportApproveBy *out)
{
  GDate day, today, work_day;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  gboolean work_day_known = work_start_day (schedule, &work_day);

  memset (out, 0, sizeof *out);
  out->rule = CP_REPORT_APPROVE_BY_NONE;
  out->quote_index = -1;
  g_date_clear (&today, 1);
  g_date_set_dmy (&today, g_date_time_get_day_of_month (now), g_date_time_get_month (now), g_date_time_get_year (now));
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpPlan *plan = plans[j];
      int q;

      if (plan == NULL || plan->cost_unknown || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
        continue;
      q = g_array_index (plan->options, CpOption, plan->recommended).quote_index;
      if (q < 0 || (guint) q >= project->quotes->len ||
          !cp_schedule_parse_date (((const CpQuote *) g_ptr_array_index (project->quotes, q))->valid_until, &day))
        continue;
      if (out->quote_index < 0 || g_date_compare (&day, &out->price_until) < 0)
        {
          out->quote_index = q;
          out->price_until = day;
        }
    }
  /* No price says how long it holds, but the work has a day to start:
   * the money is needed by then (approver 33, A4: a project starting on
   * 11 January said no "by when" at all). */
  /* With no price's last day to bound, a start nobody set (the report's
   * day) says nothing: the calendar's note already dates it from today. */
  if (out->quote_index < 0)
    {
      if (work_day_known && !schedule->start_is_report_day)
        {
          out->day = work_day;
          out->rule = g_date_compare (&work_day, &today) <= 0 ? CP_REPORT_APPROVE_BY_NOW : CP_REPORT_APPROVE_BY_WORK_START;
        }
      return;
    }
  out->day = out->price_until;
  if (g_date_compare (&out->price_until, &today) < 0)
    {
      out->rule = CP_REPORT_APPROVE_BY_PRICE_PAST;
      return;
    }
  /* The money is needed when the first rented job starts, which can come
   * before the price stops holding: "approve by 31 January" for work
   * starting on 11 January came too late (approver 31). */
  if (work_day_known && g_date_compare (&work_day, &out->price_until) < 0)
    {
      out->day = work_day;
      out->rule = g_date_compare (&work_day, &today) <= 0 ? CP_REPORT_APPROVE_BY_NOW : CP_REPORT_APPROVE_BY_WORK_START;
      return;
    }
  out->rule = CP_REPORT_APPROVE_BY_PRICE_END;
}

/* The quote every job's recommendation rents from, or -1 when they rent
 * from several, or none is recommended. */
static int
sole_recommended_quote (const CpProject *project,
                        CpPlan * const  *plans)
{
  int sole = -1;

  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpPlan *plan = plans[j];
      int q;

      if (plan == NULL || plan->cost_unknown || plan->recommended < 0 || (guint) plan->recommended >= plan->options->len)
        continue;
      q = g_array_index (plan->options, CpOption, plan->recommended).quote_index;
      if (sole >= 0 && q != sole)
        return -1;
      sole = q;
    }
  return sole >= 0 && (guint) sole < project->quotes->len ? sole : -1;
}

/* "Approve by 31 January 2027, the last day Shenzhen Yunsuan's price holds.",
 * or before the work starts, or now (cp_report_approve_by()): the day by
 * which the approval must be given (appr22 finding 6: only the quotes
 * table said it). A day already past asks the vendor to confirm. NULL
 * when no quote of the amount states one. */
char *
cp_report_approve_by_text (const CpProject  *project,
                           CpPlan * const   *plans,
                           const CpSchedule *schedule,
                           const char       *lang)
{
  CpReportApproveBy by;
  g_autofree char *date = NULL, *work_date = NULL;
  const char *vendor;
  gboolean blocked;
  int sole;

  cp_report_approve_by (project, plans, schedule, &by);
  if (by.rule == CP_REPORT_APPROVE_BY_NONE)
    return NULL;
  {
    /* Page 1 calls the plan not approvable while a quote is short of
     * machines (cp_report_overbooking_block_text()): "Approve now" under
     * it read as the opposite instruction (read38 F3). What to settle
     * first, then when. */
    g_autoptr(GPtrArray) short_of = cp_schedule_overbookings (schedule, project);

    blocked = short_of->len > 0;
  }
  work_date = cp_i18n_format_date_span (&by.day, &by.day, lang);
  /* One quote recommended: its vendor named, where "no recommended quote"
   * read as several (approver 35, C4). */
  if (by.quote_index < 0 && (sole = sole_recommended_quote (project, plans)) >= 0 && blocked &&
      by.rule == CP_REPORT_APPROVE_BY_NOW)
    /* TRANSLATORS: under the amount to approve, when page 1 says it is not approvable as planned (a quote short of machines, said above): the work's planned start is today or past, the day it starts; the one recommended quote's vendor, whose quote states no validity */
    return g_strdup_printf (_("Settle that first: the work is planned to start on %s; %s’s quote does not say how long its price holds."),
                            work_date, cp_report_vendor_name (project, sole));
  if (by.quote_index < 0 && (sole = sole_recommended_quote (project, plans)) >= 0)
    return g_strdup_printf (by.rule == CP_REPORT_APPROVE_BY_NOW
                            /* TRANSLATORS: under the amount to approve: the work's planned start is today or past, the day it starts; the one recommended quote's vendor, whose quote states no validity */
                            ? _("Approve now: the work is planned to start on %s; %s’s quote does not say how long its price holds.")
                            /* TRANSLATORS: under the amount to approve: the day the first job starts; the one recommended quote's vendor, whose quote states no validity */
                            : _("Approve before the work starts on %s; %s’s quote does not say how long its price holds."),
                            work_date, cp_report_vendor_name (project, sole));
  if (by.quote_index < 0 && by.rule == CP_REPORT_APPROVE_BY_NOW)
    return g_strdup_printf (blocked
                            /* TRANSLATORS: under the amount to approve, when page 1 says it is not approvable as planned (a quote short of machines, said above): the work's planned start is today or past, the day it starts; no recommended quote states how long its price holds */
                            ? _("Settle that first: the work is planned to start on %s; no recommended quote says how long its price holds.")
                            /* TRANSLATORS: under the amount to approve: the work's planned start is today or past, the day it starts; no recommended quote states how long its price holds */
                            : _("Approve now: the work is planned to start on %s; no recommended quote says how long its price holds."),
                            work_date);
  if (by.quote_index < 0)
    /* TRANSLATORS: under the amount to approve: the day the first job starts; no recommended quote states how long its price holds (approver 34, B2: "no quote" beside another quote's validity read as false) */
    return g_strdup_printf (_("Approve before the work starts on %s; no recommended quote says how long its price holds."), work_date);
  vendor = cp_report_vendor_name (project, by.quote_index);
  date = cp_i18n_format_date_span (&by.price_until, &by.price_until, lang);
  switch (by.rule)
    {
    case CP_REPORT_APPROVE_BY_PRICE_PAST:
      /* TRANSLATORS: under the amount to approve: a quote's price whose last day is past; the vendor, the day */
      return g_strdup_printf (_("%s’s price held to %s only: have the vendor confirm it before approving."), vendor, date);
    case CP_REPORT_APPROVE_BY_NOW:
      /* The calendar's note says it starts today: the day once, in the
       * sentence's place (memo36's longer one pushed the demo's sign-off
       * a page on). */
      if (schedule->start_is_report_day)
        return g_strdup_printf (blocked
                                /* TRANSLATORS: under the amount to approve, when page 1 says it is not approvable as planned (a quote short of machines, said above) and the calendar starts on the report's day: the vendor, the last day its price holds */
                                ? _("Settle that first: the calendar starts today; %s’s price holds to %s.")
                                /* TRANSLATORS: under the amount to approve, when the project sets no start and its calendar starts on the report's day: the vendor, the last day its price holds */
                                : _("Approve now: the calendar starts today; %s’s price holds to %s."),
                                vendor, date);
      return g_strdup_printf (blocked
                              /* TRANSLATORS: under the amount to approve, when page 1 says it is not approvable as planned (a quote short of machines, said above): the day the work starts, the vendor, the last day its price holds */
                              ? _("Settle that first: the work is planned to start on %s; %s’s price holds to %s.")
                              /* TRANSLATORS: under the amount to approve: the work's planned start is today or past; the day it starts, the vendor, the last day its price holds */
                              : _("Approve now: the work is planned to start on %s; %s’s price holds to %s."),
                              work_date, vendor, date);
    case CP_REPORT_APPROVE_BY_WORK_START:
      /* TRANSLATORS: under the amount to approve: the day the first job starts, the vendor, the last day its price holds */
      return g_strdup_printf (_("Approve before the work starts on %s; %s’s price holds to %s."),
                              work_date, vendor, date);
    case CP_REPORT_APPROVE_BY_PRICE_END:
    case CP_REPORT_APPROVE_BY_NONE:
    default:
      break;
    }
  /* TRANSLATORS: under the amount to approve: the day to approve by, the vendor whose price stops holding after it */
  return g_strdup_printf (_("Approve by %s, the last day %s’s price holds."), date, vendor);
}

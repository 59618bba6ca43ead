/* cp-report-schedule.h: the project's budget and calendar as the reports
 * (PDF, XML, chart) take it: one plan per job, and the report's own day
 * standing in for a project that sets no start date. */
#pragma once

#include "planner/cp-project-analysis.h"
#include "planner/cp-schedule.h"
#include "cp-chart.h"

G_BEGIN_DECLS

/* The day a report or the window is made on (local time): the first day
 * of a project that sets no start date. */
void        cp_report_day             (GDate           *today);

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
/* The project's range as the reports print it: the sum of its jobs' low
 * and high ends each rounded as their answers show them (approver 21:
 * "210,977–261,745 CNY" where the jobs' figures add to 210,978 and
 * 261,747). */
void         cp_report_schedule_shown_range (const CpSchedule *schedule,
                                             double           *low,
                                             double           *high);
/* The months' costs as the memo's table prints them: whole units that add
 * up to cp_report_schedule_shown_total() (cp_i18n_apportion()), one per
 * month of @schedule. */
double      *cp_report_schedule_months_shown (const CpSchedule *schedule);
/* What the vendors charge of a job (@entry, at its recommended @option)
 * at the top of its band, as the amount to approve takes it: the team's
 * own days (the estimate's engineering) carry no VAT. Each rate's VAT is
 * of these (walk37 W10b: it was of the planned costs, 30,663 CNY where
 * the tops the amount is made of give 30,988). */
double       cp_report_job_top_charges (const CpScheduleJob *entry,
                                        const CpOption      *option);
/* The amount to approve (@settings' rule: the top of the range and its
 * contingency, at least @overrun_cost, CpApprovalAmount's overrun) by the
 * end of each month of @schedule: each job at the top of its band, spent
 * over its months as its planned cost is; the last is the amount to
 * approve. One per month of @schedule. */
double      *cp_report_schedule_months_approved (const CpSchedule *schedule,
                                                 const CpSettings *settings,
                                                 double            overrun_cost);

/* What the approver signs for: the top of the project's range, the
 * contingency added to it, the VAT the amount holds and the amount
 * (cp_settings_amount_to_approve()), in the project's currency. */
typedef struct {
  double   top_of_range;       /* the project's total at the top of its range */
  double   engineering;        /* the team's own days within it, which carry no VAT */
  double   contingency;
  CpContingencyRule contingency_rule;
  /* The dearest of the recommended options' smallest billed overruns
   * (cp_option_overrun()): any one job may be the one that runs over, and
   * the contingency holds it at least; more than one running over is
   * what the share is for. */
  CpOverrun overrun;
  double   vat;                /* held in the amount: every price is compared with VAT */
  double   amount;             /* to approve */
} CpApprovalAmount;

/* The amount to approve of @schedule, made from @plans (one per job, as
 * cp_report_schedule_new() took them). The team's share of the top is its
 * share of the point total: the recommended options' engineering costs
 * over the schedule's total. The contingency is at least the dearest
 * recommended option's smallest billed overrun (cp_option_overrun()). */
void         cp_report_approval_amount (const CpProject  *project,
                                        CpPlan * const   *plans,
                                        const CpSchedule *schedule,
                                        CpApprovalAmount *out);

/* The dearest of the smallest billed overruns (cp_option_overrun()) of
 * the recommended options of @plans (one per job) on @schedule, with
 * @replacement in job @replaced_job's place (-1: none): the least the
 * amount to approve's contingency holds (CpApprovalAmount's overrun), or
 * the amount's if the team takes another option for a job. */
void         cp_report_dearest_overrun (const CpProject  *project,
                                        CpPlan * const   *plans,
                                        const CpSchedule *schedule,
                                        int               replaced_job,
                                        const CpOption   *replacement,
                                        CpOverrun        *out);

/* One VAT rate's part of the amount to approve's VAT: the rate of the
 * recommended quotes that charge it, and its share of @approval's VAT in
 * whole units, the parts adding up to the VAT shown. */
typedef struct {
  double rate;
  double vat;
  double charges;   /* the vendors' charges at this rate (the jobs' tops, as the amount takes them), before contingency */
} CpReportVatPart;

/* The VAT of @approval split by the rates of the recommended options of
 * @plans (one per job), in the order the jobs first use them: the PDF's
 * "13%: 28,271 CNY; 6%: 2,388 CNY" and the XML's vat-part. */
GArray      *cp_report_vat_parts       (const CpProject        *project,
                                        CpPlan * const         *plans,
                                        const CpSchedule       *schedule,
                                        const CpApprovalAmount *approval);

/* The rule that sets the day to approve by. */
typedef enum {
  CP_REPORT_APPROVE_BY_NONE,        /* no recommended quote states how long its price holds, and no start is set */
  CP_REPORT_APPROVE_BY_PRICE_PAST,  /* the price held to a day already past: have the vendor confirm it */
  CP_REPORT_APPROVE_BY_NOW,         /* the first rented job starts today or has started */
  CP_REPORT_APPROVE_BY_WORK_START,  /* before the first rented job starts, within the price's days */
  CP_REPORT_APPROVE_BY_PRICE_END,   /* by the last day the price holds */
} CpReportApproveByRule;

typedef struct {
  CpReportApproveByRule rule;
  int   quote_index;   /* the recommended quote whose price stops holding first; -1 when none
                        * states it (NONE, or NOW and WORK_START from the start alone) */
  GDate price_until;   /* the last day its price holds; cleared without quote_index */
  GDate day;           /* the day the rule names: the work's start (NOW, WORK_START), else price_until */
} CpReportApproveBy;

/* By when to approve the amount of @plans (one per job) on @schedule:
 * page 1's "Approve before the work starts on …", "Approve by …, the
 * last day … price holds" or "Approve now", as of today. */
void         cp_report_approve_by      (const CpProject   *project,
                                        CpPlan * const    *plans,
                                        const CpSchedule  *schedule,
                                        CpReportApproveBy *out);
/* "Approve by 31 January 2027, the last day Shenzhen Yunsuan's price
 * holds.", or before the work starts, or now, in @lang: the sentence
 * under page 1's amount for @plans (one per job); NULL when no day is
 * known (cp-report-approve-by.c). */
char        *cp_report_approve_by_text (const CpProject   *project,
                                        CpPlan * const    *plans,
                                        const CpSchedule  *schedule,
                                        const char        *lang);

/* "Amount to approve: … (the top of the range + 10% contingency, …)." in
 * @lang: page 1's line for @approval, which the window's calendar tab
 * shows too (CpChartData's approval). */
char        *cp_report_approval_text   (const CpProject        *project,
                                        const CpApprovalAmount *approval,
                                        const char             *lang);

/* How many days after its deadline job @entry ends (from its own
 * start); 0 when it is not late or has no deadline. The text says it as
 * the options' table does (cp_words_late_by()). */
double       cp_report_job_days_late   (const CpScheduleJob *entry);

/* "The amount includes a job no quote runs as asked, at its best
 * available option: CPT … on Huawei Cloud, ending 2.7 days after its
 * deadline." in @lang: the jobs of @schedule placed and costed late
 * (CpScheduleJob.short_of_target), as page 1, the sign-off and the
 * window's calendar tab say it; NULL when none is. */
char        *cp_report_late_jobs_text  (const CpProject  *project,
                                        CpPlan * const   *plans,
                                        const CpSchedule *schedule,
                                        const char       *lang);

/* "Not approvable as planned: 7B QLoRA, … and 14B LoRA need 5 of A's
 * machines at once from 4 December 2026; it offers 1. …" in @lang (the
 * memo's cp_report_overbooking_block_text()): the jobs of
 * @schedule that rent more nodes of one quote at once than it offers
 * (cp_schedule_overbookings()), as the memo's budget note and the
 * window's calendar tab say it; NULL when no quote is short. */
char        *cp_report_overbooking_text (const CpProject  *project,
                                         const CpSchedule *schedule,
                                         const char       *lang);

/* Page 1's condition on the amount when jobs side by side rent more of a
 * quote than it offers: "Not approvable as planned: A, B run at the same
 * time on V's offer, 5 machines from …, where it offers 1. Before
 * approving, have V confirm 5 machines, or run the jobs one after
 * another, earliest deadline first: …" with what that order does to the
 * deadlines and the calendar's end (cp_schedule_place()). NULL when no
 * quote is short. */
char        *cp_report_overbooking_block_text (const CpProject  *project,
                                               const CpSchedule *schedule,
                                               const char       *lang);

/* The calendar page 1 offers when one quote is short of machines: the
 * jobs it is short for run one after another, earliest deadline first,
 * as "run the jobs one after another" in cp_report_overbooking_block_text()
 * says and its month table's last column costs; NULL when no quote or
 * more than one is short, or a job of them already waits for another. */
CpSchedule  *cp_report_fallback_schedule (const CpProject  *project,
                                          const CpSchedule *schedule);

/* The project's timeline chart (cp-chart.h, CP_CHART_TIMELINE) in @lang:
 * the calendar of @analysis (cp_project_analysis_get_schedule()) and its
 * fallback drawn as the PDF's memo draws them, with page 1's amount to
 * approve in its approval and the memo's cp_report_overbooking_text() in
 * its overbooking. NULL with @error when the jobs' order loops. */
CpChartData *cp_report_timeline_chart_new (CpProjectAnalysis *analysis,
                                           const char        *lang,
                                           GError           **error);

G_END_DECLS

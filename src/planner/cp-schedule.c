/* cp-schedule.c: places the jobs' recommended options on the calendar
 * and adds their costs up by month (cp-schedule.h). */
#include "config.h"

#include "cp-schedule.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

gboolean
cp_schedule_parse_date (const char *iso_date,
                        GDate      *date)
{
  int year, month, day;
  char tail;

  if (iso_date == NULL || sscanf (iso_date, "%4d-%2d-%2d%c", &year, &month, &day, &tail) != 3 ||
      year < 1 || month < 1 || month > 12 || day < 1 || !g_date_valid_dmy (day, month, year))
    return FALSE;
  if (date != NULL)
    g_date_set_dmy (date, day, month, year);
  return TRUE;
}

int
cp_project_find_job (const CpProject *project,
                     const char      *id)
{
  for (guint i = 0; id != NULL && i < project->jobs->len; i++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, i);

      if (g_strcmp0 (job->id, id) == 0)
        return (int) i;
    }
  return -1;
}

gboolean
cp_project_job_may_follow (const CpProject *project,
                           guint            job_index,
                           guint            after_index)
{
  /* Walk back from @after_index through the jobs it starts after: meeting
   * @job_index means the order would loop. A loop already in the file
   * (which cp_schedule_new() refuses) ends the walk after every job. */
  int at = (int) after_index;

  for (guint steps = 0; at >= 0 && steps <= project->jobs->len; steps++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, at);

      if ((guint) at == job_index)
        return FALSE;
      at = cp_project_find_job (project, job->after_job_id);
    }
  return at < 0;
}

int
cp_project_cluster_learned_from (const CpProject *project,
                                 CpPlan * const  *plans,
                                 guint            job_index,
                                 int             *waiting_job)
{
  int at;

  g_return_val_if_fail (job_index < project->jobs->len, -1);

  if (waiting_job != NULL)
    *waiting_job = -1;
  at = cp_project_find_job (project, ((const CpJob *) g_ptr_array_index (project->jobs, job_index))->after_job_id);
  /* At most every job once: an order that loops is refused elsewhere. */
  for (guint steps = 0; at >= 0 && (guint) at != job_index && steps < project->jobs->len; steps++)
    {
      const CpJob *before = g_ptr_array_index (project->jobs, at);
      const CpPlan *plan = plans[at];

      if (plan == NULL)
        {
          if (waiting_job != NULL)
            *waiting_job = at;
          return -1;
        }
      /* A job run late on its best available option runs all the same
       * (cp_schedule_new()). */
      if (cp_plan_get_subject (plan) != NULL)
        {
          const CpEstimate *est = &cp_plan_get_subject (plan)->estimate;

          /* Training across machines, or a service whose replica spans
           * them (it migrates: cp-estimate-cost.c). */
          if (est->nodes > 1 && (cp_task_kind_is_training (before->kind) || est->migration_days > 0))
            return at;
        }
      at = cp_project_find_job (project, before->after_job_id);
    }
  return -1;
}

/* How the budget by month bills a job's costs (issue 22): as the vendor
 * invoices them, not spread evenly over the days. A rental priced per
 * node-month and billed by the month (no shorter step stated:
 * cp_quote_billing_granularity_h() is a month) is invoiced a month at a
 * time, each month billed on the day it starts, in the months its cost
 * is counted in: the settings' hours_per_month (730 h, 8,760 h / 12;
 * cp_quote_billed_hours()) from the hour the rental starts. A 61-day
 * service from 7 December at 60,000 CNY per node-month uses 1,464 h,
 * billed 3 months of 730 h (180,000 CNY): invoiced on 7 December, 6
 * January (day 30.4) and 5 February (day 60.8), inside its 61 days. Dated
 * a calendar month apart, the third fell on 7 February, after the service
 * ended (read38 F1): a count and dates by two rules. Vendors of a monthly
 * subscription (包月) count calendar months from the day it starts (Huawei
 * Cloud's billing cycle runs from the purchase to the same date of the
 * next period); counting them so needs each job's start date in the
 * estimate, which prices an option before the calendar places it, so the
 * estimate's month is kept for both. Its monthly fees (network, management) go with
 * its rent, a setup fee with its first month. What is priced by the hour
 * is billed as it is used, and storage as the quote prices it, by the
 * TB-month pro rata over the days kept (cp-estimate-cost.c): both spread
 * evenly over their phase's days, as are the team's migration days. */
static gboolean
billed_by_month (const CpQuote    *quote,
                 const CpSettings *settings)
{
  return quote != NULL && quote->price_unit == CP_PRICE_PER_NODE_MONTH && quote->price > 0 &&
         cp_quote_billing_granularity_h (quote, settings) >= settings->hours_per_month - 1e-6;
}

static void
add_rental (CpScheduleJob *entry,
            double         start_day,
            double         months,
            double         cost,
            double         first_extra,
            double         month_days)
{
  if (cost <= 0 || entry->n_rentals >= G_N_ELEMENTS (entry->rentals))
    return;
  entry->rentals[entry->n_rentals].start_day = start_day;
  entry->rentals[entry->n_rentals].months = (guint) MAX (1.0, round (months));
  entry->rentals[entry->n_rentals].cost = cost;
  entry->rentals[entry->n_rentals].first_extra = first_extra;
  entry->rentals[entry->n_rentals].month_days = month_days;
  entry->n_rentals++;
}

/* The invoices of @entry's month-billed rentals, from @quote's price. */
static void
fill_rentals (CpScheduleJob    *entry,
              const CpEstimate *est,
              const CpQuote    *quote,
              const CpSettings *settings)
{
  /* With VAT, as the costs are (cp_quote_vat_factor()). */
  double vat = cp_quote_vat_factor (quote, settings);
  double node_month = quote->price * vat;
  double run_start = est->debug_days + est->migration_days;
  /* The run's rent and the fees billed with it. */
  double run = est->compute_cost + est->network_cost + est->fees_cost;
  double run_months = est->billed_hours / settings->hours_per_month;
  double month_days = settings->hours_per_month / 24.0;

  if (!billed_by_month (quote, settings))
    {
      /* Rent by the hour is spread over the days it runs, but a setup
       * fee is one invoice, on the day the rental starts (walkthrough 19:
       * 655 CNY of a 3,000 CNY fee was booked in the run's second month). */
      double setup = quote->setup_fee * vat;

      if (setup > 0)
        {
          add_rental (entry, est->nodes <= 1 && est->debug_days > 0 ? 0 : run_start, 1, setup, setup, month_days);
          entry->phase_invoiced[CP_PHASE_RUN] = setup;
        }
      return;
    }
  if (est->nodes <= 1 && est->debug_days > 0)
    {
      /* Debugging and the run on one machine are one rental
       * (cp-estimate-cost.c), debugging within it costing nothing when
       * the run's month holds it: its months run from the first day. */
      add_rental (entry, 0, (est->compute_cost + est->debug_cost) / node_month, run + est->debug_cost,
                  quote->setup_fee * vat, month_days);
      entry->phase_invoiced[CP_PHASE_DEBUG] = est->debug_cost;
    }
  else
    {
      /* Debugging beside a cluster run is a rental of one machine, or
       * runs on one of the cluster's nodes, whose rental then starts
       * with it (cp-estimate-cost.c). */
      if (est->debug_cost > 0)
        {
          add_rental (entry, 0, est->debug_cost / node_month, est->debug_cost, 0, month_days);
          entry->phase_invoiced[CP_PHASE_DEBUG] = est->debug_cost;
        }
      add_rental (entry, est->debug_on_cluster_node ? 0 : run_start, run_months, run, quote->setup_fee * vat,
                  month_days);
    }
  entry->phase_invoiced[CP_PHASE_RUN] = run;
}

static void
fill_from_plan (CpScheduleJob    *entry,
                const CpJob      *job,
                const CpPlan     *plan,
                const CpQuote    *quote,
                const CpSettings *settings)
{
  const CpOption *option;
  const CpEstimate *est;
  double span_days;

  entry->quote_index = -1;
  entry->deadline_days = cp_job_deadline_days (job);
  /* A job no quote finishes in time still runs, late, on its best
   * available option: left out, it vanished from the amount (12,261 CNY
   * for a project near 80,000) and the job after it started on day 0
   * (walk38 F1). Only a job nothing runs stays out. */
  option = plan != NULL ? cp_plan_get_subject (plan) : NULL;
  if (option == NULL)
    return;
  est = &option->estimate;
  entry->planned = TRUE;
  entry->short_of_target = plan->recommended < 0;
  entry->quote_index = option->quote_index;
  entry->nodes = est->nodes;
  entry->phase_days[CP_PHASE_DEBUG] = est->debug_days;
  entry->phase_days[CP_PHASE_MIGRATION] = est->migration_days;
  entry->phase_days[CP_PHASE_RUN] = est->run_days;
  entry->phase_cost[CP_PHASE_DEBUG] = est->debug_cost;
  entry->phase_cost[CP_PHASE_MIGRATION] = est->engineering_cost;
  entry->phase_cost[CP_PHASE_RUN] = est->compute_cost + est->network_cost + est->fees_cost;
  /* Storage is kept from the first day to the last (cp-estimate.c bills it
   * over the calendar): each phase carries its share by days. */
  span_days = est->debug_days + est->migration_days + est->run_days;
  for (int phase = 0; phase < CP_N_PHASES; phase++)
    entry->phase_cost[phase] += span_days > 0 ? est->storage_cost * entry->phase_days[phase] / span_days
                                               : (phase == CP_PHASE_RUN ? est->storage_cost : 0);
  if (quote != NULL)
    fill_rentals (entry, est, quote, settings);
  entry->cost_low = option->range.total_cost_low;
  entry->cost_high = option->range.total_cost_high;
  entry->days_low = option->range.calendar_days_low;
  entry->days_high = option->range.calendar_days_high;
}

/* A job that starts after another on the same machines goes on with
 * their rental (rents_on): the same quote, billed by the month, on no
 * more nodes than that one rented, so its machines are already there and
 * their months paid (walk42 F28: (c) after (a), both on one Shenzhen H800
 * machine at 78,000 CNY a month, was billed a month of its own although
 * its 9.7 days fell inside the month (a) paid). The first such job after
 * another takes its machines; a second one beside it rents its own. */
static void
goes_on_renting (GArray          *jobs,
                 const CpProject *project)
{
  g_autofree gboolean *taken = g_new0 (gboolean, MAX (jobs->len, 1));

  for (guint i = 0; i < jobs->len; i++)
    {
      CpScheduleJob *entry = &g_array_index (jobs, CpScheduleJob, i);
      const CpScheduleJob *before;

      if (entry->after < 0 || (guint) entry->after >= jobs->len || !entry->planned || taken[entry->after])
        continue;
      before = &g_array_index (jobs, CpScheduleJob, entry->after);
      if (before->planned && before->n_rentals > 0 && entry->n_rentals > 0 &&
          entry->quote_index >= 0 && entry->quote_index == before->quote_index &&
          (guint) entry->quote_index < project->quotes->len && entry->nodes <= before->nodes &&
          billed_by_month (g_ptr_array_index (project->quotes, entry->quote_index), &project->settings))
        {
          entry->rents_on = TRUE;
          taken[entry->after] = TRUE;
        }
    }
}

CpSchedule *
cp_schedule_new (const CpProject *project,
                 CpPlan * const  *plans,
                 const GDate     *report_day,
                 GError         **error)
{
  GArray *jobs = g_array_sized_new (FALSE, TRUE, sizeof (CpScheduleJob), project->jobs->len);
  GDate start;
  gboolean from_report_day = !cp_schedule_parse_date (project->start_date, &start);
  CpSchedule *schedule;

  if (from_report_day)
    start = *report_day;
  for (guint i = 0; i < project->jobs->len; i++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, i);
      CpScheduleJob entry = { 0 };

      entry.cluster_learned_from = -1;

      /* A job it starts after that is no longer in the project: with the
       * project's start, as the job form shows it. */
      entry.after = cp_project_find_job (project, job->after_job_id);
      if (entry.after >= 0 && !cp_project_job_may_follow (project, i, (guint) entry.after))
        {
          g_array_unref (jobs);
          /* TRANSLATORS: %s is a job's name; its "Starts after" leads back to itself */
          g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                       _("Starts after: “%s” would start after itself through the jobs it starts after"),
                       job->name != NULL ? job->name : job->id);
          return NULL;
        }
      {
        const CpPlan *plan = plans[i];
        const CpOption *option = plan != NULL ? cp_plan_get_subject (plan) : NULL;
        const CpQuote *quote = NULL;

        if (option != NULL)
          {
            int q = option->quote_index;

            if (q >= 0 && (guint) q < project->quotes->len)
              quote = g_ptr_array_index (project->quotes, q);
          }
        fill_from_plan (&entry, job, plan, quote, &project->settings);
      }
      g_array_append_val (jobs, entry);
    }
  goes_on_renting (jobs, project);
  for (guint i = 0; i < jobs->len; i++)
    g_array_index (jobs, CpScheduleJob, i).cluster_learned_from = cp_project_cluster_learned_from (project, plans, i, NULL);

  schedule = cp_schedule_place (jobs, &start, error);
  if (schedule == NULL)
    return NULL;
  schedule->start_is_report_day = from_report_day;
  return schedule;
}

/* A whole day less than a second over is float noise, not a day. */
#define NOISE_DAYS 1e-6

/* The day a job that starts after another begins, from the day that one
 * ends (days from the project's start): at the start of the next
 * calendar day, or at the midnight it ends on. A 30.0-day service after
 * a 2.1-h LoRA from 4 January began at 02:06 on 4 January and was dated
 * "5 January – 3 February", invoiced "on 4 January", and ended the
 * project after "30.1 days" (walk39 F4): one start, on a day boundary,
 * gives the table, the invoice, the chart and the XML the same day. */
static double
day_after (double end_day)
{
  return MAX (0.0, ceil (end_day - NOISE_DAYS));
}

/* Places job @i after the job it follows; @state: 0 not yet, 1 being
 * placed (a loop when met again), 2 placed. */
static gboolean
place_job (GArray *jobs, guint i, guint8 *state, GError **error)
{
  CpScheduleJob *entry = &g_array_index (jobs, CpScheduleJob, i);
  double days = 0;

  if (state[i] == 2)
    return TRUE;
  if (state[i] == 1)
    {
      /* cp_schedule_new() names the job before it comes to this. */
      g_set_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID,
                   _("Starts after: job %u would start after itself"), i + 1);
      return FALSE;
    }
  state[i] = 1;
  entry->start_day = 0;
  entry->end_day_low = 0;
  entry->end_day_high = 0;
  if (entry->after >= 0 && (guint) entry->after < jobs->len)
    {
      const CpScheduleJob *before = &g_array_index (jobs, CpScheduleJob, entry->after);

      if (!place_job (jobs, (guint) entry->after, state, error))
        return FALSE;
      entry->start_day = day_after (before->end_day);
      entry->end_day_low = day_after (before->end_day_low);
      entry->end_day_high = day_after (before->end_day_high);
    }
  for (int phase = 0; entry->planned && phase < CP_N_PHASES; phase++)
    days += entry->phase_days[phase];
  entry->end_day = entry->start_day + days;
  /* The band's ends follow each other: a job after another starts at that
   * one's early (or late) end. A band missing from the inputs is the
   * expected figure. */
  entry->end_day_low += entry->planned ? MIN (entry->days_low > 0 ? entry->days_low : days, days) : 0;
  entry->end_day_high += entry->planned ? MAX (entry->days_high, days) : 0;
  state[i] = 2;
  return TRUE;
}

double
cp_schedule_day_of_month (const CpSchedule *schedule,
                          GDateYear         year,
                          GDateMonth        month)
{
  GDate first;

  g_date_clear (&first, 1);
  g_date_set_dmy (&first, 1, month, year);
  return (double) g_date_get_julian (&first) - (double) g_date_get_julian (&schedule->start);
}

/* Adds what each phase spends inside [from, to) (days from the start) at
 * its even daily rate; a phase of no days spends its cost on its first day. */
static double
cost_between (const CpSchedule *schedule, double from, double to)
{
  double cost = 0;

  for (guint i = 0; i < schedule->jobs->len; i++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);
      double at = entry->start_day;

      for (int phase = 0; entry->planned && phase < CP_N_PHASES; phase++)
        {
          double days = entry->phase_days[phase];

          double even = entry->phase_cost[phase] - entry->phase_invoiced[phase];

          if (days <= 0)
            cost += at >= from && at < to ? even : 0;
          else
            {
              double overlap = MIN (at + days, to) - MAX (at, from);

              if (overlap > 0)
                cost += even * overlap / days;
            }
          at += days;
        }
    }
  for (guint i = 0; schedule->invoices != NULL && i < schedule->invoices->len; i++)
    {
      const CpScheduleInvoice *invoice = &g_array_index (schedule->invoices, CpScheduleInvoice, i);

      if (invoice->day >= from && invoice->day < to)
        cost += invoice->cost;
    }
  return cost;
}

static int
compare_invoices (gconstpointer a, gconstpointer b)
{
  double x = ((const CpScheduleInvoice *) a)->day, y = ((const CpScheduleInvoice *) b)->day;

  return (x > y) - (x < y);
}

/* Days from the project's start to the moment month @k of rental @r of
 * job @i, which began on day @begins, is billed: @k of the months its
 * cost is counted in later (billed_by_month()), so that the months billed
 * and their invoices agree: the last falls before the rental ends. */
static double
invoice_day (const CpSchedule *schedule,
             guint             i,
             guint             r,
             double            begins,
             guint             k)
{
  const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);

  return begins + k * entry->rentals[r].month_days;
}

static double paid_until (const CpSchedule *schedule, guint i);
static guint rental_months (const CpSchedule *schedule, guint i, guint r);

/* The day rental @r of job @i is first billed. One that goes on from the
 * job before it on the same machines starts when that one's paid months
 * end: the one-after-another fallback billed LocalDC's single machine
 * twice from 4 January (a 0.5-day LoRA, then a 30-day service) and
 * nothing in February, two rentals of one machine side by side (walk37b
 * V1). The jobs' chain cannot loop (cp_schedule_place()). */
static double
rental_begins (const CpSchedule *schedule,
               guint             i,
               guint             r)
{
  const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);
  double begins = MAX (0.0, entry->start_day + entry->rentals[r].start_day);

  if (entry->rents_on && entry->after >= 0 && (guint) entry->after < schedule->jobs->len)
    begins = MAX (begins, paid_until (schedule, (guint) entry->after));
  return begins;
}

/* The day the months job @i's last month-billed rental pays for end (0
 * for a job with none, or the day the job it goes on from ends its). */
static double
paid_until (const CpSchedule *schedule,
            guint             i)
{
  const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);
  guint last = MIN (entry->n_rentals, G_N_ELEMENTS (entry->rentals));

  if (!entry->planned || last == 0)
    return entry->rents_on && entry->after >= 0 && (guint) entry->after < schedule->jobs->len
           ? paid_until (schedule, (guint) entry->after) : 0;
  return invoice_day (schedule, i, last - 1, rental_begins (schedule, i, last - 1),
                      rental_months (schedule, i, last - 1));
}

/* Whether rental @r of job @i goes on in months the job before it paid
 * for (they end after the day it would begin on its own). */
static gboolean
rental_goes_on (const CpSchedule *schedule,
                guint             i,
                guint             r)
{
  const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);

  return entry->rents_on &&
         rental_begins (schedule, i, r) > entry->start_day + entry->rentals[r].start_day + NOISE_DAYS;
}

/* The months rental @r of job @i bills: those the job alone would or,
 * going on in months already paid, those it still needs from where they
 * end to the day it is used until (none when they hold it: a job's last
 * rental is used to its end, the machine it debugs on beside a cluster
 * until debugging ends), never more than alone. */
static guint
rental_months (const CpSchedule *schedule,
               guint             i,
               guint             r)
{
  const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);
  guint n_rentals = MIN (entry->n_rentals, G_N_ELEMENTS (entry->rentals));
  double used_until = r + 1 < n_rentals ? entry->start_day + entry->phase_days[CP_PHASE_DEBUG] : entry->end_day;
  double begins;
  guint months = 0;

  if (!rental_goes_on (schedule, i, r))
    return entry->rentals[r].months;
  begins = rental_begins (schedule, i, r);
  while (months < entry->rentals[r].months && invoice_day (schedule, i, r, begins, months) < used_until - NOISE_DAYS)
    months++;
  return months;
}

/* What job @i's rentals would bill alone that the months already paid
 * hold: the months it no longer needs, and the setup fee of machines
 * already set up. */
static double
paid_before (const CpSchedule *schedule,
             guint             i)
{
  const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);
  double paid = 0;

  for (guint r = 0; entry->planned && r < MIN (entry->n_rentals, G_N_ELEMENTS (entry->rentals)); r++)
    if (rental_goes_on (schedule, i, r))
      {
        double each = (entry->rentals[r].cost - entry->rentals[r].first_extra) / entry->rentals[r].months;

        paid += entry->rentals[r].first_extra + each * (entry->rentals[r].months - rental_months (schedule, i, r));
      }
  return paid;
}

/* Each rental's invoices, one a month (its month_days) from the day it
 * is first billed. */
static void
add_invoices (CpSchedule *schedule)
{
  for (guint i = 0; i < schedule->jobs->len; i++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);

      for (guint r = 0; entry->planned && r < MIN (entry->n_rentals, G_N_ELEMENTS (entry->rentals)); r++)
        {
          double begins = rental_begins (schedule, i, r);
          double each = (entry->rentals[r].cost - entry->rentals[r].first_extra) / entry->rentals[r].months;
          double first_extra = rental_goes_on (schedule, i, r) ? 0 : entry->rentals[r].first_extra;
          guint months = rental_months (schedule, i, r);

          for (guint k = 0; k < months; k++)
            {
              CpScheduleInvoice invoice = { invoice_day (schedule, i, r, begins, k), each + (k == 0 ? first_extra : 0),
                                            i };

              g_array_append_val (schedule->invoices, invoice);
            }
        }
    }
  g_array_sort (schedule->invoices, compare_invoices);
}

double
cp_schedule_cost_until (const CpSchedule *schedule,
                        double            day)
{
  /* A fee on the very last day belongs to the whole project. */
  return cost_between (schedule, -G_MAXDOUBLE, day >= schedule->end_day ? G_MAXDOUBLE : day);
}

static void
add_months (CpSchedule *schedule)
{
  GDateYear year = g_date_get_year (&schedule->start);
  GDateMonth month = g_date_get_month (&schedule->start);
  double cumulative = 0;
  double last_day = schedule->end_day;

  /* A minimum term may bill months after the work ends. */
  if (schedule->invoices->len > 0)
    last_day = MAX (last_day, g_array_index (schedule->invoices, CpScheduleInvoice,
                                             schedule->invoices->len - 1).day + 1e-9);

  /* From the start's month to the month the last job ends in (its last
   * day: a job ending at midnight on the 1st ends in the month before). */
  for (;;)
    {
      double from = MAX (0.0, cp_schedule_day_of_month (schedule, year, month));
      GDateYear next_year = month == G_DATE_DECEMBER ? year + 1 : year;
      GDateMonth next_month = month == G_DATE_DECEMBER ? G_DATE_JANUARY : month + 1;
      double to = cp_schedule_day_of_month (schedule, next_year, next_month);
      CpScheduleMonth entry = { year, month, 0, 0 };

      /* Costs at the very end (a fee on the last day) stay in the last month. */
      entry.cost = cost_between (schedule, from, to >= last_day ? G_MAXDOUBLE : to);
      cumulative += entry.cost;
      entry.cumulative_cost = cumulative;
      g_array_append_val (schedule->months, entry);
      if (to >= last_day)
        break;
      year = next_year;
      month = next_month;
    }
}

CpSchedule *
cp_schedule_place (GArray       *jobs,
                   const GDate  *start,
                   GError      **error)
{
  g_autoptr(CpSchedule) schedule = g_new0 (CpSchedule, 1);
  g_autofree guint8 *state = g_new0 (guint8, MAX (jobs->len, 1));

  schedule->jobs = jobs;
  schedule->months = g_array_new (FALSE, TRUE, sizeof (CpScheduleMonth));
  schedule->invoices = g_array_new (FALSE, TRUE, sizeof (CpScheduleInvoice));
  schedule->start = *start;
  for (guint i = 0; i < jobs->len; i++)
    if (!place_job (jobs, i, state, error))
      return NULL;
  /* From the days placed: the months a job goes on renting in. */
  for (guint i = 0; i < jobs->len; i++)
    g_array_index (jobs, CpScheduleJob, i).paid_before_cost = paid_before (schedule, i);

  for (guint i = 0; i < jobs->len; i++)
    {
      const CpScheduleJob *entry = &g_array_index (jobs, CpScheduleJob, i);
      double cost = cp_schedule_job_cost (entry);

      if (!entry->planned)
        continue;
      schedule->total_cost += cost;
      schedule->total_cost_low += cp_schedule_job_cost_low (entry);
      schedule->total_cost_high += cp_schedule_job_cost_high (entry);
      schedule->end_day = MAX (schedule->end_day, entry->end_day);
      schedule->end_day_low = MAX (schedule->end_day_low, entry->end_day_low);
      schedule->end_day_high = MAX (schedule->end_day_high, entry->end_day_high);
    }
  add_invoices (schedule);
  add_months (schedule);
  return g_steal_pointer (&schedule);
}

void
cp_schedule_span_dates (const CpSchedule *schedule,
                        double            start_day,
                        double            end_day,
                        GDate            *first,
                        GDate            *last)
{
  cp_span_dates_from (&schedule->start, start_day, end_day, first, last);
}

void
cp_span_dates_from (const GDate *start,
                    double       start_day,
                    double       end_day,
                    GDate       *first,
                    GDate       *last)
{
  /* Its first day is the day it begins in, its last the day it ends in
   * (a span ending at midnight ends the day before), so that a job and
   * the project it ends share their last day; a job after another begins
   * on a day boundary (day_after()), so a 30.0-day service is 30 days
   * counted in, "5 December – 3 January" (walk37 W4, W10). */
  guint first_offset = (guint) floor (MAX (start_day, 0));
  guint last_offset = MAX (first_offset, (guint) MAX (ceil (end_day - NOISE_DAYS) - 1, 0));

  if (first != NULL)
    {
      *first = *start;
      g_date_add_days (first, first_offset);
    }
  if (last != NULL)
    {
      *last = *start;
      g_date_add_days (last, last_offset);
    }
}

guint
cp_schedule_job_nodes_on (const CpSchedule *schedule,
                          guint             job_index,
                          double            day)
{
  const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, job_index);

  if (!entry->planned || day < entry->start_day || day >= entry->end_day)
    return 0;
  return day < entry->start_day + entry->phase_days[CP_PHASE_DEBUG] ? MIN (entry->nodes, 1) : entry->nodes;
}

/* Nodes of quote @quote_index that the jobs of @schedule hold on @day
 * (cp_schedule_job_nodes_on()). Adds the jobs to @jobs when not NULL. */
static guint
nodes_held (const CpSchedule *schedule,
            int               quote_index,
            double            day,
            GArray           *jobs)
{
  guint held = 0;

  for (guint i = 0; i < schedule->jobs->len; i++)
    {
      const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);
      guint nodes;

      if (entry->quote_index != quote_index)
        continue;
      nodes = cp_schedule_job_nodes_on (schedule, i, day);
      if (nodes == 0)
        continue;
      held += nodes;
      if (jobs != NULL)
        g_array_append_val (jobs, i);
    }
  return held;
}

static void
overbooking_free (gpointer data)
{
  CpOverbooking *overbooking = data;

  g_array_unref (overbooking->jobs);
  g_free (overbooking);
}

GPtrArray *
cp_schedule_overbookings (const CpSchedule *schedule,
                          const CpProject  *project)
{
  GPtrArray *overbookings = g_ptr_array_new_with_free_func (overbooking_free);

  for (guint q = 0; q < project->quotes->len; q++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, q);
      CpOverbooking *worst = NULL;

      if (quote->nodes_available == 0)
        continue;
      /* The nodes held change only where a job or its debugging starts. */
      for (guint i = 0; i < schedule->jobs->len; i++)
        {
          const CpScheduleJob *entry = &g_array_index (schedule->jobs, CpScheduleJob, i);
          double starts[2] = { entry->start_day, entry->start_day + entry->phase_days[CP_PHASE_DEBUG] };

          if (!entry->planned || entry->quote_index != (int) q)
            continue;
          for (guint s = 0; s < G_N_ELEMENTS (starts); s++)
            {
              guint held = nodes_held (schedule, (int) q, starts[s], NULL);

              if (held <= quote->nodes_available ||
                  (worst != NULL && (held < worst->nodes_needed ||
                                     (held == worst->nodes_needed && starts[s] >= worst->day))))
                continue;
              if (worst == NULL)
                {
                  worst = g_new0 (CpOverbooking, 1);
                  worst->jobs = g_array_new (FALSE, FALSE, sizeof (guint));
                  worst->quote_index = (int) q;
                  worst->nodes_offered = quote->nodes_available;
                }
              worst->nodes_needed = held;
              worst->day = starts[s];
            }
        }
      if (worst != NULL)
        {
          nodes_held (schedule, (int) q, worst->day, worst->jobs);
          g_ptr_array_add (overbookings, worst);
        }
    }
  return overbookings;
}

double
cp_schedule_job_due_day (const CpScheduleJob *entry)
{
  return entry->deadline_days > 0 ? entry->start_day + entry->deadline_days : G_MAXDOUBLE;
}

static int
compare_due (gconstpointer a,
             gconstpointer b,
             gpointer      jobs)
{
  double due_a = cp_schedule_job_due_day (&g_array_index ((GArray *) jobs, CpScheduleJob, *(const guint *) a));
  double due_b = cp_schedule_job_due_day (&g_array_index ((GArray *) jobs, CpScheduleJob, *(const guint *) b));

  return due_a < due_b ? -1 : due_a > due_b ? 1 : (int) *(const guint *) a - (int) *(const guint *) b;
}

CpSchedule *
cp_schedule_one_after_another (const CpSchedule    *schedule,
                               const CpOverbooking *overbooking,
                               GArray             **order)
{
  GArray *jobs;

  g_return_val_if_fail (schedule != NULL && overbooking != NULL && order != NULL, NULL);

  jobs = g_array_copy (schedule->jobs);
  *order = g_array_copy (overbooking->jobs);
  g_array_sort_with_data (*order, compare_due, schedule->jobs);
  for (guint k = 0; k < (*order)->len; k++)
    {
      CpScheduleJob *entry = &g_array_index (jobs, CpScheduleJob, g_array_index (*order, guint, k));

      if (entry->after >= 0)
        {
          g_array_unref (jobs);
          g_clear_pointer (order, g_array_unref);
          return NULL;
        }
      if (k > 0)
        {
          entry->after = (int) g_array_index (*order, guint, k - 1);
          /* The quote is short of nodes: the next job takes the same
           * machines, whose rental goes on. */
          entry->rents_on = TRUE;
        }
    }
  /* The order only chains jobs that started with the project: it cannot
   * loop. */
  return cp_schedule_place (jobs, &schedule->start, NULL);
}

CpScheduleFallback *
cp_schedule_fallback_new (const CpSchedule *schedule,
                          const CpProject  *project)
{
  g_autoptr(GPtrArray) short_of = NULL;
  const CpOverbooking *overbooking;
  CpScheduleFallback *fallback;
  GArray *order = NULL;
  CpSchedule *serial;

  g_return_val_if_fail (schedule != NULL && project != NULL, NULL);

  short_of = cp_schedule_overbookings (schedule, project);
  if (short_of->len != 1)
    return NULL;
  overbooking = g_ptr_array_index (short_of, 0);
  serial = cp_schedule_one_after_another (schedule, overbooking, &order);
  if (serial == NULL)
    return NULL;
  fallback = g_new0 (CpScheduleFallback, 1);
  fallback->schedule = serial;
  fallback->order = order;
  fallback->quote_index = overbooking->quote_index;
  for (guint k = 0; k < order->len; k++)
    fallback->n_missed += cp_schedule_fallback_misses (fallback, schedule, g_array_index (order, guint, k));
  return fallback;
}

gboolean
cp_schedule_fallback_misses (const CpScheduleFallback *fallback,
                             const CpSchedule         *schedule,
                             guint                     job_index)
{
  g_return_val_if_fail (fallback != NULL && schedule != NULL && job_index < schedule->jobs->len, FALSE);

  /* Due on the day its deadline falls as planned: run later, a job's
   * deadline counted from its own start would move with it. */
  return g_array_index (fallback->schedule->jobs, CpScheduleJob, job_index).end_day >
         cp_schedule_job_due_day (&g_array_index (schedule->jobs, CpScheduleJob, job_index)) + 1e-9;
}

void
cp_schedule_fallback_free (CpScheduleFallback *fallback)
{
  if (fallback == NULL)
    return;
  cp_schedule_free (fallback->schedule);
  g_array_unref (fallback->order);
  g_free (fallback);
}

double
cp_schedule_job_cost (const CpScheduleJob *entry)
{
  double cost = 0;

  for (int phase = 0; phase < CP_N_PHASES; phase++)
    cost += entry->phase_cost[phase];
  return cost - entry->paid_before_cost;
}

double
cp_schedule_job_cost_low (const CpScheduleJob *entry)
{
  double cost = cp_schedule_job_cost (entry);

  /* A band missing from the inputs is the cost itself. */
  return entry->cost_low > 0 ? MIN (MAX (entry->cost_low - entry->paid_before_cost, 0.0), cost) : cost;
}

double
cp_schedule_job_cost_high (const CpScheduleJob *entry)
{
  return MAX (entry->cost_high - entry->paid_before_cost, cp_schedule_job_cost (entry));
}

const CpOption *
cp_schedule_job_option (const CpScheduleJob *entry,
                        const CpPlan        *plan)
{
  return entry->planned && plan != NULL ? cp_plan_get_subject (plan) : NULL;
}

void
cp_schedule_free (CpSchedule *schedule)
{
  if (schedule == NULL)
    return;
  if (schedule->jobs != NULL)
    g_array_unref (schedule->jobs);
  if (schedule->months != NULL)
    g_array_unref (schedule->months);
  if (schedule->invoices != NULL)
    g_array_unref (schedule->invoices);
  g_free (schedule);
}

/* test-schedule.c: the project's calendar and budget by month against
 * hand calculations (cp-schedule.h). */
#include <math.h>
#include <string.h>

#include "planner/cp-plan.h"
#include "planner/cp-project.h"
#include "planner/cp-schedule.h"

#include "model-fixture.h"

static void
assert_close (double expected,
              double actual,
              double relative)
{
  if (fabs (actual - expected) > relative * fabs (expected) + 1e-9)
    g_error ("expected %.6g, got %.6g (relative tolerance %.3g)", expected, actual, relative);
}

static void
assert_date (const GDate *date, int year, int month, int day)
{
  g_assert_cmpint (g_date_get_year (date), ==, year);
  g_assert_cmpint (g_date_get_month (date), ==, month);
  g_assert_cmpint (g_date_get_day (date), ==, day);
}

static void
assert_month (const CpSchedule *schedule, guint i, int year, int month, double cost)
{
  const CpScheduleMonth *entry;

  g_assert_cmpuint (i, <, schedule->months->len);
  entry = &g_array_index (schedule->months, CpScheduleMonth, i);
  g_assert_cmpint (entry->year, ==, year);
  g_assert_cmpint (entry->month, ==, month);
  assert_close (cost, entry->cost, 1e-9);
}

/* A: debugging 10 days (10,000), migration 7 days (7,000), run 20 days
 * (20,000), band 30,000–50,000 and 30–45 days. B: a 30-day run (30,000),
 * band 25,000–40,000 and 25–40 days. C: a 14-day run (1,400), no band. */
static GArray *
three_jobs (int b_after)
{
  GArray *jobs = g_array_new (FALSE, TRUE, sizeof (CpScheduleJob));
  CpScheduleJob a = { .after = -1, .planned = TRUE, .phase_days = { 10, 7, 20 },
                      .phase_cost = { 10000, 7000, 20000 }, .cost_low = 30000, .cost_high = 50000,
                      .days_low = 30, .days_high = 45 };
  CpScheduleJob b = { .after = b_after, .planned = TRUE, .phase_days = { 0, 0, 30 },
                      .phase_cost = { 0, 0, 30000 }, .cost_low = 25000, .cost_high = 40000,
                      .days_low = 25, .days_high = 40 };
  CpScheduleJob c = { .after = -1, .planned = TRUE, .phase_days = { 0, 0, 14 },
                      .phase_cost = { 0, 0, 1400 } };

  g_array_append_val (jobs, a);
  g_array_append_val (jobs, b);
  g_array_append_val (jobs, c);
  return jobs;
}

/* The schedule of @project's jobs, from its own start date. */
static CpSchedule *
schedule_of (const CpProject *project, GError **error)
{
  g_autofree CpPlan **plans = g_new0 (CpPlan *, MAX (project->jobs->len, 1));
  CpSchedule *schedule;
  GDate unused;

  g_date_clear (&unused, 1);
  g_date_set_dmy (&unused, 1, G_DATE_JANUARY, 2000);
  for (guint i = 0; i < project->jobs->len; i++)
    plans[i] = cp_project_plan_job (project, i);
  schedule = cp_schedule_new (project, plans, &unused, error);
  for (guint i = 0; i < project->jobs->len; i++)
    cp_plan_free (plans[i]);
  return schedule;
}

/* A 36.8-day trial (a debugging job) from @start on one node of 8 H100-like
 * GPUs priced @price per @unit with @setup_fee, storing @storage_tb at 100
 * CNY per TB-month. */
static CpProject *
trial_project (const char *start,
               CpPriceUnit unit,
               double      price,
               double      setup_fee,
               double      storage_tb)
{
  CpProject *project = cp_project_new ();
  CpQuote *quote = cp_quote_new ();
  CpJob *job = cp_job_new (CP_TASK_DEBUG);

  g_free (project->start_date);
  project->start_date = g_strdup (start);
  quote->id = g_strdup ("m");
  quote->vendor = g_strdup ("m");
  quote->gpu.memory_nominal_gb = 80;
  quote->gpu.dense_bf16_flops = 989e12;
  quote->gpu.memory_bandwidth_gbytes_per_s = 3350;
  quote->intra_link.per_direction_gbytes_per_s = 200;
  quote->gpus_per_node = 8;
  quote->nodes_available = 1;
  quote->price_unit = unit;
  quote->price = price;
  quote->setup_fee = setup_fee;
  quote->storage_price_per_tb_month = 100;
  cp_project_add_quote (project, quote);
  job->id = g_strdup ("trial");
  job->name = g_strdup ("trial");
  job->duration_days = 36.8;
  job->storage_tb = storage_tb;
  cp_project_add_job (project, job);
  return project;
}

/* Start 2027-01-20: 1 February is day 12, 1 March day 40, 1 April day 71.
 * B after A: A takes days 0–37 (last day 25 Feb), B days 37–67 (26 Feb to
 * 27 March). January (days 0–12): A's debugging 10,000 and 2 of its 7
 * migration days 2,000, C 12 × 100 = 1,200: 13,200. February (12–40): A's
 * other 5 migration days 5,000 and run 20,000, B's days 37–40 3,000, C's
 * last 2 days 200: 28,200. March: B's days 40–67, 27,000. */
static void
test_sequence_by_hand (void)
{
  GDate start, first, last;
  g_autoptr(GError) error = NULL;
  g_autoptr(CpSchedule) schedule = NULL;
  const CpScheduleJob *b;

  g_date_clear (&start, 1);
  g_date_set_dmy (&start, 20, G_DATE_JANUARY, 2027);
  schedule = cp_schedule_place (three_jobs (0), &start, &error);
  g_assert_no_error (error);

  b = &g_array_index (schedule->jobs, CpScheduleJob, 1);
  assert_close (37, b->start_day, 0);
  assert_close (67, b->end_day, 0);
  cp_schedule_span_dates (schedule, 0, 37, &first, &last);
  assert_date (&first, 2027, 1, 20);
  assert_date (&last, 2027, 2, 25);
  cp_schedule_span_dates (schedule, b->start_day, b->end_day, &first, &last);
  assert_date (&first, 2027, 2, 26);
  assert_date (&last, 2027, 3, 27);
  assert_close (67, schedule->end_day, 0);

  g_assert_cmpuint (schedule->months->len, ==, 3);
  assert_month (schedule, 0, 2027, 1, 13200);
  assert_month (schedule, 1, 2027, 2, 28200);
  assert_month (schedule, 2, 2027, 3, 27000);
  assert_close (68400, g_array_index (schedule->months, CpScheduleMonth, 2).cumulative_cost, 1e-12);

  /* The band: 30,000 + 25,000 + 1,400 to 50,000 + 40,000 + 1,400; B ends
   * at A's end plus its own, 30 + 25 = 55 to 45 + 40 = 85 days. */
  assert_close (68400, schedule->total_cost, 1e-12);
  assert_close (56400, schedule->total_cost_low, 1e-12);
  assert_close (91400, schedule->total_cost_high, 1e-12);
  assert_close (55, schedule->end_day_low, 0);
  assert_close (85, schedule->end_day_high, 0);
}

/* The same jobs side by side: all start on 20 January; A ends on day 37
 * (25 Feb). January: A 12,000 (10 debugging days, 2 migration days), B
 * 12 × 1,000, C 1,200: 25,200. February: A 25,000, B days 12–30 18,000,
 * C 200: 43,200. */
static void
test_side_by_side_by_hand (void)
{
  GDate start, last;
  g_autoptr(GError) error = NULL;
  g_autoptr(CpSchedule) schedule = NULL;

  g_date_clear (&start, 1);
  g_date_set_dmy (&start, 20, G_DATE_JANUARY, 2027);
  schedule = cp_schedule_place (three_jobs (-1), &start, &error);
  g_assert_no_error (error);
  assert_close (0, g_array_index (schedule->jobs, CpScheduleJob, 1).start_day, 0);
  assert_close (37, schedule->end_day, 0);
  cp_schedule_span_dates (schedule, 0, schedule->end_day, NULL, &last);
  assert_date (&last, 2027, 2, 25);
  g_assert_cmpuint (schedule->months->len, ==, 2);
  assert_month (schedule, 0, 2027, 1, 25200);
  assert_month (schedule, 1, 2027, 2, 43200);
  assert_close (45, schedule->end_day_high, 0);
}

static CpJob *
named_job (CpProject *project, const char *id, const char *after)
{
  CpJob *job = cp_job_new (CP_TASK_DEBUG);

  job->id = g_strdup (id);
  job->name = g_strdup (id);
  job->duration_days = 10;
  job->after_job_id = g_strdup (after);
  cp_project_add_job (project, job);
  return job;
}

/* A job may not start after itself, nor after a job that starts after it;
 * a file whose order loops is refused with the job's name. */
static void
test_order_loops (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(GError) error = NULL;
  CpPlan *plans[3] = { NULL, NULL, NULL };
  CpJob *first;
  GDate day;

  first = named_job (project, "first", NULL);
  named_job (project, "second", "first");
  named_job (project, "third", "second");
  g_assert_false (cp_project_job_may_follow (project, 0, 0));
  g_assert_false (cp_project_job_may_follow (project, 0, 2));
  g_assert_false (cp_project_job_may_follow (project, 0, 1));
  g_assert_true (cp_project_job_may_follow (project, 2, 0));
  g_assert_true (cp_project_job_may_follow (project, 1, 2) == FALSE);

  g_date_clear (&day, 1);
  g_date_set_dmy (&day, 1, G_DATE_MARCH, 2027);
  first->after_job_id = g_strdup ("third");
  g_assert_null (cp_schedule_new (project, plans, &day, &error));
  g_assert_error (error, CP_MODEL_ERROR, CP_MODEL_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "“first”"));
}

/* The 1B pretraining of test-range.c, run on one A100 at 10 per GPU-hour:
 * 48 h of run and, at debugging 35% of the calendar, 48 × 0.35 / 0.65 =
 * 25.846 h of debugging first: 73.846 h = 3.0769 days, 258.46 debugging and
 * 480 run. Two of them from 2027-01-30, the second after the first: the
 * first spends 258.46 + 240 × 0.9231 = 480.00 in January (days 0–2) and
 * ends on 2 February (day 3.0769); the second starts at the start of the
 * next day, 3 February (day 4), and ends on 6 February (day 7.0769). Side
 * by side both spend 480 in January and both end on 2 February. */
static CpJob *
pretrain_1b (const char *id)
{
  CpJob *job = cp_job_new (CP_TASK_PRETRAIN);

  job->id = g_strdup (id);
  job->name = g_strdup (id);
  cp_test_job_set_1b (job);
  job->tokens = 48 * 3600 * 312e12 * 0.55 / (6e9 + 12.0 * 24 * 2048 * 2048);
  return job;
}

static void
test_order_changes_calendar (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(CpSchedule) sequence = NULL;
  g_autoptr(CpSchedule) side_by_side = NULL;
  CpQuote *quote = cp_quote_new ();
  CpJob *second;
  GDate first_day, last_day;
  double days = 48.0 / 0.65 / 24;

  project->settings.gpu_failure_rate_per_hour = 0;
  g_free (project->start_date);
  project->start_date = g_strdup ("2027-01-30");
  quote->id = g_strdup ("a100");
  quote->vendor = g_strdup ("a100");
  quote->gpu.memory_nominal_gb = 80;
  quote->gpu.dense_bf16_flops = 312e12;
  quote->gpu.memory_bandwidth_gbytes_per_s = 2039;
  quote->intra_link.per_direction_gbytes_per_s = 300;
  quote->gpus_per_node = 1;
  quote->nodes_available = 1;
  quote->price_unit = CP_PRICE_PER_GPU_HOUR;
  quote->price = 10;
  quote->billing_granularity_h = 1.0 / 3600;  /* billed to the second */
  quote->minimum_term_h = 0;
  cp_project_add_quote (project, quote);
  cp_project_add_job (project, pretrain_1b ("first"));
  second = pretrain_1b ("second");
  cp_project_add_job (project, second);

  second->after_job_id = g_strdup ("first");
  sequence = schedule_of (project, &error);
  g_assert_no_error (error);
  g_assert_false (sequence->start_is_report_day);
  assert_close (4, g_array_index (sequence->jobs, CpScheduleJob, 1).start_day, 0);
  assert_close (4 + days, sequence->end_day, 1e-6);
  cp_schedule_span_dates (sequence, 4, 4 + days, &first_day, &last_day);
  assert_date (&first_day, 2027, 2, 3);
  assert_date (&last_day, 2027, 2, 6);
  g_assert_cmpuint (sequence->months->len, ==, 2);
  g_assert_cmpint (g_array_index (sequence->months, CpScheduleMonth, 0).month, ==, 1);
  assert_close (10 * 48 * 0.35 / 0.65 + 240 * (2 - 48 * 0.35 / 0.65 / 24),
                g_array_index (sequence->months, CpScheduleMonth, 0).cost, 1e-5);
  /* Billed to the second: within 1e-5 of the hand figures. */
  assert_close (480.0, g_array_index (sequence->months, CpScheduleMonth, 0).cost, 1e-5);
  assert_close (2 * 10 * 48 / 0.65, sequence->total_cost, 1e-5);

  g_clear_pointer (&second->after_job_id, g_free);
  side_by_side = schedule_of (project, &error);
  g_assert_no_error (error);
  assert_close (days, side_by_side->end_day, 1e-6);
  cp_schedule_span_dates (side_by_side, 0, side_by_side->end_day, NULL, &last_day);
  assert_date (&last_day, 2027, 2, 2);
  assert_close (960.0, g_array_index (side_by_side->months, CpScheduleMonth, 0).cost, 1e-5);
}

/* A month-priced rental billed as the vendor invoices it (issue 22): a
 * 36.8-day trial (debugging, rented whole) on one machine at 30,000 CNY
 * per node-month bills 883.2 h, rounded up to 2 months of 730 h: 60,000
 * CNY, invoiced 30,000 when each of those months starts, on day 0 and
 * day 730/24 = 30.4167, where spreading it over the days gave 60,000 ×
 * 31/36.8 = 50,543 in March and 9,457 in April. Its 2 TB of storage at
 * 100 CNY per TB-month is priced pro rata, 2 × 100 × 883.2/730 = 241.97
 * CNY, and spread over the days. From 1 March, day 30.4167 is 31 March
 * (10:00): both months in March, 60,000 + 241.97 × 31/36.8, and April
 * storage alone, 241.97 × 5.8/36.8. From 31 January, it is 2 March
 * (31 January + 30 days; February 2027 has 28): January 30,000 + 241.97
 * × 1/36.8, February storage alone, 241.97 × 28/36.8, March 30,000 +
 * 241.97 × 7.8/36.8. */
static void
test_month_billed_by_invoice (void)
{
  static const struct {
    const char *start;
    int month[3];
    double cost[3];
    guint n_months;
  } cases[] = {
    { "2027-03-01", { 3, 4 }, { 60000 + 241.97 * 31 / 36.8, 241.97 * 5.8 / 36.8 }, 2 },
    { "2027-01-31", { 1, 2, 3 }, { 30000 + 241.97 * 1 / 36.8, 241.97 * 28 / 36.8, 30000 + 241.97 * 7.8 / 36.8 }, 3 },
  };
  double second_month_day = 730.0 / 24;

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(CpProject) project = trial_project (cases[c].start, CP_PRICE_PER_NODE_MONTH, 30000, 0, 2);
      g_autoptr(GError) error = NULL;
      g_autoptr(CpSchedule) schedule = schedule_of (project, &error);

      g_assert_no_error (error);
      assert_close (60000 + 2 * 100 * 36.8 * 24 / 730, schedule->total_cost, 1e-9);
      g_assert_cmpuint (schedule->invoices->len, ==, 2);
      assert_close (30000, g_array_index (schedule->invoices, CpScheduleInvoice, 0).cost, 1e-12);
      assert_close (second_month_day, g_array_index (schedule->invoices, CpScheduleInvoice, 1).day, 1e-9);
      g_assert_cmpuint (schedule->months->len, ==, cases[c].n_months);
      for (guint m = 0; m < cases[c].n_months; m++)
        {
          /* 241.97 is rounded: within 0.01 CNY. */
          assert_month (schedule, m, 2027, cases[c].month[m],
                        g_array_index (schedule->months, CpScheduleMonth, m).cost);
          g_assert_cmpfloat (fabs (g_array_index (schedule->months, CpScheduleMonth, m).cost - cases[c].cost[m]), <, 0.01);
        }
      /* The timeline's line: nothing of the second month before its
       * moment, all of it after. */
      g_assert_cmpfloat (fabs (cp_schedule_cost_until (schedule, second_month_day - 1e-6) -
                               (30000 + 241.97 * second_month_day / 36.8)), <, 0.01);
      g_assert_cmpfloat (fabs (cp_schedule_cost_until (schedule, second_month_day + 1e-6) -
                               (60000 + 241.97 * second_month_day / 36.8)), <, 0.01);
    }
}

/* read38 F1: a 61-day service from 7 December 2026 at 60,000 CNY a
 * node-month uses 61 × 24 = 1,464 h, over 2 × 730 = 1,460: 3 months,
 * 180,000 CNY. Its invoices fall a 730-h month apart, on days 0, 30.4167
 * and 60.8333 (7 December, 6 January and 5 February 2027, 20:00), all
 * before the service ends at day 61 (the end of 5 February); dated a
 * calendar month apart, the third fell on 7 February, after it. Each
 * month holds one, and the line steps by 60,000 at each. */
static void
test_invoices_inside_rental (void)
{
  GArray *jobs = g_array_new (FALSE, TRUE, sizeof (CpScheduleJob));
  CpScheduleJob service = { .after = -1, .planned = TRUE, .phase_days = { 0, 0, 61 },
                            .phase_cost = { 0, 0, 180000 }, .phase_invoiced = { 0, 0, 180000 },
                            .n_rentals = 1, .rentals = { { 0, 3, 180000, 0, 730.0 / 24 } } };
  static const int days_of_month[] = { 7, 6, 5 };
  g_autoptr(CpSchedule) schedule = NULL;
  GDate start, day, last;

  g_date_clear (&start, 1);
  g_date_set_dmy (&start, 7, G_DATE_DECEMBER, 2026);
  g_array_append_val (jobs, service);
  schedule = cp_schedule_place (jobs, &start, NULL);
  g_assert_nonnull (schedule);
  cp_schedule_span_dates (schedule, 0, schedule->end_day, NULL, &last);
  assert_date (&last, 2027, 2, 5);
  g_assert_cmpuint (schedule->invoices->len, ==, 3);
  for (guint k = 0; k < 3; k++)
    {
      const CpScheduleInvoice *invoice = &g_array_index (schedule->invoices, CpScheduleInvoice, k);

      assert_close (k * 730.0 / 24, invoice->day, 1e-9);
      g_assert_cmpfloat (invoice->day, <, schedule->end_day);
      assert_close (60000, invoice->cost, 1e-9);
      cp_schedule_span_dates (schedule, invoice->day, invoice->day, &day, NULL);
      assert_date (&day, k == 0 ? 2026 : 2027, k == 0 ? 12 : (int) k, days_of_month[k]);
      assert_close (60000 * k, cp_schedule_cost_until (schedule, invoice->day - 1e-6), 1e-9);
      assert_close (60000 * (k + 1), cp_schedule_cost_until (schedule, invoice->day + 1e-6), 1e-9);
    }
  g_assert_cmpuint (schedule->months->len, ==, 3);
  assert_month (schedule, 0, 2026, 12, 60000);
  assert_month (schedule, 1, 2027, 1, 60000);
  assert_month (schedule, 2, 2027, 2, 60000);
}

/* An hourly price with a setup fee, from 1 March 2027: a 36.8-day run on
 * one node of 8 GPUs at 10 CNY per GPU-hour is billed 884 whole hours
 * (883.2 used), 70,720 CNY, spread over its days; the 3,000 CNY setup fee
 * is one invoice on the first day. March (31 of the 36.8 days):
 * 3,000 + 70,720 × 31/36.8; April the rest of the rent alone. */
static void
test_setup_fee_on_first_day (void)
{
  g_autoptr(CpProject) project = trial_project ("2027-03-01", CP_PRICE_PER_GPU_HOUR, 10, 3000, 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpSchedule) schedule = schedule_of (project, &error);
  double rent = 884 * 8 * 10.0;

  g_assert_no_error (error);
  assert_close (3000 + rent, schedule->total_cost, 1e-9);
  g_assert_cmpuint (schedule->months->len, ==, 2);
  assert_month (schedule, 0, 2027, 3, 3000 + rent * 31 / 36.8);
  assert_month (schedule, 1, 2027, 4, rent * 5.8 / 36.8);
  /* The timeline's line holds the whole fee from the first hour. */
  assert_close (3000, cp_schedule_cost_until (schedule, 1e-6) - rent * 1e-6 / 36.8, 1e-9);
}

/* The contingency is the larger of the 10% and the smallest overrun the
 * vendors bill (cp_settings_amount_to_approve()'s @overrun_cost). read37
 * F5's LoRA job: 8 × A800 at 18 CNY per GPU-hour, billed by the hour,
 * tops at 8 billed hours, 18 × 8 × 8 = 1,152 CNY; 10% is 115.20, one
 * more machine-hour 18 × 8 = 144: 1,152 + 144 = 1,296, all of it the
 * bare machine's charges at 13% VAT, 1,296 × 13/113 = 149.10. With the
 * team's days in the top (100,000 of which 10,000 engineering) and a
 * step of 20,000 over the 10,000 share: 120,000, the step the vendor's
 * charge whole: (90,000 + 20,000) × 6/106 = 6,226.42 of VAT. A step
 * below the share leaves the share: 100,000 + 10,000. */
static void
test_contingency_billing_step_by_hand (void)
{
  CpSettings settings;
  double contingency, vat;
  CpContingencyRule rule;

  cp_settings_init (&settings);
  g_assert_cmpfloat_with_epsilon (cp_settings_amount_to_approve (&settings, 1152, 144, 0, 0.13 / 1.13, &contingency,
                                                                 &rule, &vat),
                                  1296, 1e-9);
  g_assert_cmpfloat_with_epsilon (contingency, 144, 1e-9);
  g_assert_cmpint (rule, ==, CP_CONTINGENCY_BILLING_STEP);
  g_assert_cmpfloat_with_epsilon (vat, 149.10, 0.005);

  g_assert_cmpfloat_with_epsilon (cp_settings_amount_to_approve (&settings, 100000, 20000, 10000, 0.06 / 1.06,
                                                                 &contingency, &rule, &vat),
                                  120000, 1e-9);
  g_assert_cmpint (rule, ==, CP_CONTINGENCY_BILLING_STEP);
  g_assert_cmpfloat_with_epsilon (vat, 6226.42, 0.005);

  g_assert_cmpfloat_with_epsilon (cp_settings_amount_to_approve (&settings, 100000, 144, 10000, 0, &contingency,
                                                                 &rule, NULL),
                                  110000, 1e-9);
  g_assert_cmpfloat_with_epsilon (contingency, 10000, 1e-9);
  g_assert_cmpint (rule, ==, CP_CONTINGENCY_SHARE);
  /* Nothing to run over: no contingency. */
  g_assert_cmpfloat (cp_settings_amount_to_approve (&settings, 0, 144, 0, 0, &contingency, &rule, NULL), ==, 0);
  g_assert_cmpint (rule, ==, CP_CONTINGENCY_SHARE);
}

/* A one-machine option that runs @days at the top of its band, billed
 * @billed_hours for @cost. */
static void
one_machine_option (CpOption *option,
                    double    days,
                    double    billed_hours,
                    double    cost)
{
  memset (option, 0, sizeof *option);
  option->estimate.nodes = 1;
  option->estimate.total_s = days * 86400;
  option->estimate.calendar_days = days;
  option->estimate.billed_hours = billed_hours;
  option->estimate.compute_cost = cost;
  option->range.total_s_high = days * 86400;
  option->range.calendar_days_high = days;
}

/* The smallest overrun each way of billing charges, by hand
 * (cp_option_overrun()):
 * - by the hour, 80 CNY per node-hour, a 6-hour job billed 480: one more
 *   hour, 80; with a stated minimum term of a month (730 h billed), the
 *   7th hour is inside it: nothing;
 * - by the day (24-hour step), 60 CNY per node-hour, 2.5 days billed 3
 *   days, 4,320: one more day, 24 × 60 = 1,440;
 * - by the month, 30,000 CNY per node-month: 36.8 days billed 2 months
 *   (1,460 h, 60,000); 10% longer, 40.48 days = 971.5 h, is still inside
 *   them: nothing. 58 days = 1,392 h, 10% longer 1,531.2 h, passes the
 *   1,460 billed: a third month, 30,000. A 30-day service is the term
 *   set for it, not an estimate: its month holds it, nothing;
 * - a cluster of 2 nodes at 10 CNY per GPU-hour (8 GPUs) with a network
 *   fee of 1,000 per node-month and a 500 setup fee, run 100 h at its
 *   point and 110 h at its top: one more hour of both nodes and their
 *   network, 2 × 80 + 2 × 1,000/730 = 162.74; the setup fee is paid once. */
static void
test_option_overrun_by_hand (void)
{
  CpSettings settings;
  CpJob job = { .kind = CP_TASK_DEBUG };
  CpQuote quote;
  CpOption option;
  CpOverrun overrun;

  cp_settings_init (&settings);
  g_assert_cmpfloat (settings.hours_per_month, ==, 730);
  cp_quote_init (&quote);
  quote.gpus_per_node = 8;
  quote.nodes_available = 1;
  quote.price_unit = CP_PRICE_PER_NODE_HOUR;
  quote.price = 80;
  one_machine_option (&option, 0.25, 6, 480);
  cp_option_overrun (&option, &job, &quote, &settings, &overrun);
  g_assert_cmpfloat_with_epsilon (overrun.hours, 1, 1e-9);
  g_assert_cmpuint (overrun.nodes, ==, 1);
  g_assert_cmpfloat_with_epsilon (overrun.cost, 80, 1e-9);
  quote.minimum_term_h = 730;
  one_machine_option (&option, 0.25, 730, 730 * 80);
  cp_option_overrun (&option, &job, &quote, &settings, &overrun);
  g_assert_cmpfloat (overrun.cost, ==, 0);

  quote.minimum_term_h = 0;
  quote.billing_granularity_h = 24;
  quote.price = 60;
  one_machine_option (&option, 2.5, 72, 4320);
  cp_option_overrun (&option, &job, &quote, &settings, &overrun);
  g_assert_cmpfloat_with_epsilon (overrun.hours, 24, 1e-9);
  g_assert_cmpfloat_with_epsilon (overrun.cost, 1440, 1e-9);

  quote.billing_granularity_h = 0;
  quote.price_unit = CP_PRICE_PER_NODE_MONTH;
  quote.price = 30000;
  one_machine_option (&option, 36.8, 1460, 60000);
  cp_option_overrun (&option, &job, &quote, &settings, &overrun);
  g_assert_cmpfloat (overrun.cost, ==, 0);
  one_machine_option (&option, 58, 1460, 60000);
  cp_option_overrun (&option, &job, &quote, &settings, &overrun);
  g_assert_cmpfloat_with_epsilon (overrun.hours, 730, 1e-9);
  g_assert_cmpfloat_with_epsilon (overrun.cost, 30000, 1e-6);
  job.kind = CP_TASK_INFERENCE;
  one_machine_option (&option, 30, 730, 30000);
  cp_option_overrun (&option, &job, &quote, &settings, &overrun);
  g_assert_cmpfloat (overrun.cost, ==, 0);
  job.kind = CP_TASK_DEBUG;

  quote.price_unit = CP_PRICE_PER_GPU_HOUR;
  quote.price = 10;
  quote.nodes_available = 2;
  quote.network_fee_per_node_month = 1000;
  quote.setup_fee = 500;
  memset (&option, 0, sizeof option);
  option.estimate.nodes = 2;
  option.estimate.total_s = 100 * 3600.0;
  option.estimate.billed_hours = 100;
  option.estimate.compute_cost = 100 * 80 * 2;
  option.estimate.network_cost = 1000 * 2 * 100 / 730.0;
  option.estimate.fees_cost = 500;
  option.range.total_s_high = 110 * 3600.0;
  cp_option_overrun (&option, &job, &quote, &settings, &overrun);
  g_assert_cmpfloat_with_epsilon (overrun.hours, 1, 1e-9);
  g_assert_cmpuint (overrun.nodes, ==, 2);
  g_assert_cmpfloat_with_epsilon (overrun.cost, 162.74, 0.005);
  cp_quote_clear (&quote);
}

/* The amount to approve by hand (cp_settings_amount_to_approve()): a
 * project whose range tops at 100,000 CNY with VAT (every quote is
 * compared with it), 10,000 of it the team's own migration days. The 10%
 * contingency is 10,000: 110,000. The vendors' share, 110,000 ×
 * 90,000/100,000 = 99,000, all at 6%, holds 99,000 × 6/106 = 5,603.77 of
 * VAT, and the amount stays 110,000: nothing is added, a price without
 * VAT having been raised by its rate before it was compared. Half of the
 * charges at 6% and half at 13% hold 99,000 × (3/106 + 6.5/113) =
 * 8,496.58. A 15% contingency: 115,000. */
static void
test_amount_to_approve_by_hand (void)
{
  CpSettings settings;
  double contingency, vat;
  CpContingencyRule rule;
  double mixed = (0.5 * 0.06 / 1.06 + 0.5 * 0.13 / 1.13);

  cp_settings_init (&settings);
  g_assert_cmpfloat (settings.contingency_fraction, ==, 0.10);
  g_assert_cmpfloat (settings.vat_rate, ==, 0.06);
  g_assert_cmpfloat (settings.vat_rate_lease, ==, 0.13);
  g_assert_true (settings.prices_include_vat);
  g_assert_cmpfloat_with_epsilon (cp_settings_amount_to_approve (&settings, 100000, 0, 10000, 0.06 / 1.06,
                                                                 &contingency, &rule, &vat),
                                  110000, 1e-6);
  g_assert_cmpfloat_with_epsilon (contingency, 10000, 1e-6);
  g_assert_cmpint (rule, ==, CP_CONTINGENCY_SHARE);
  g_assert_cmpfloat_with_epsilon (vat, 99000 * 6.0 / 106, 1e-6);
  g_assert_cmpfloat_with_epsilon (vat, 5603.77, 0.01);

  g_assert_cmpfloat_with_epsilon (cp_settings_amount_to_approve (&settings, 100000, 0, 10000, mixed, NULL, NULL, &vat),
                                  110000, 1e-6);
  g_assert_cmpfloat_with_epsilon (vat, 8496.58, 0.01);

  settings.contingency_fraction = 0.15;
  g_assert_cmpfloat_with_epsilon (cp_settings_amount_to_approve (&settings, 100000, 0, 10000, 0, NULL, NULL, NULL),
                                  115000, 1e-6);
  g_assert_true (cp_settings_validate (&settings, NULL));
  settings.contingency_fraction = -0.01;
  g_assert_false (cp_settings_validate (&settings, NULL));
  settings.contingency_fraction = 0.1;
  settings.vat_rate = 0.6;
  g_assert_false (cp_settings_validate (&settings, NULL));
  settings.vat_rate = 0.06;
  settings.vat_rate_lease = 0.6;
  g_assert_false (cp_settings_validate (&settings, NULL));
}

/* Quote 0 offers one machine, quote 1 four nodes. Side by side from day
 * 0: X (one machine of quote 0, 2 debugging days then a 5-day run), Y
 * (one machine of quote 0, a 3-day run), Z (4 nodes of quote 1: 2 days
 * debugging on one, then a 10-day run on 4). Quote 0 holds two machines
 * on days 0–3 where it offers one: short from day 0, X and Y. Quote 1
 * holds one node, then four: never more than it offers. With Y after X,
 * nothing is short. */
static GArray *
shared_machine_jobs (int y_after)
{
  GArray *jobs = g_array_new (FALSE, TRUE, sizeof (CpScheduleJob));
  CpScheduleJob x = { .after = -1, .planned = TRUE, .quote_index = 0, .nodes = 1, .phase_days = { 2, 0, 5 } };
  CpScheduleJob y = { .after = y_after, .planned = TRUE, .quote_index = 0, .nodes = 1, .phase_days = { 0, 0, 3 } };
  CpScheduleJob z = { .after = -1, .planned = TRUE, .quote_index = 1, .nodes = 4, .phase_days = { 2, 0, 10 } };

  g_array_append_val (jobs, x);
  g_array_append_val (jobs, y);
  g_array_append_val (jobs, z);
  return jobs;
}

static void
test_overbooked_quote (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  CpQuote *one_machine = cp_quote_new ();
  CpQuote *four_nodes = cp_quote_new ();
  GDate start;

  one_machine->nodes_available = 1;
  four_nodes->nodes_available = 4;
  cp_project_add_quote (project, one_machine);
  cp_project_add_quote (project, four_nodes);
  g_date_clear (&start, 1);
  g_date_set_dmy (&start, 20, G_DATE_JANUARY, 2027);

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(CpSchedule) schedule = cp_schedule_place (shared_machine_jobs (-1), &start, &error);
    g_autoptr(GPtrArray) short_of = NULL;
    const CpOverbooking *overbooking;

    g_assert_no_error (error);
    short_of = cp_schedule_overbookings (schedule, project);
    g_assert_cmpuint (short_of->len, ==, 1);
    overbooking = g_ptr_array_index (short_of, 0);
    g_assert_cmpint (overbooking->quote_index, ==, 0);
    g_assert_cmpuint (overbooking->nodes_needed, ==, 2);
    g_assert_cmpuint (overbooking->nodes_offered, ==, 1);
    assert_close (0, overbooking->day, 0);
    g_assert_cmpuint (overbooking->jobs->len, ==, 2);
    g_assert_cmpuint (g_array_index (overbooking->jobs, guint, 0), ==, 0);
    g_assert_cmpuint (g_array_index (overbooking->jobs, guint, 1), ==, 1);
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(CpSchedule) schedule = cp_schedule_place (shared_machine_jobs (0), &start, &error);
    g_autoptr(GPtrArray) short_of = NULL;

    g_assert_no_error (error);
    short_of = cp_schedule_overbookings (schedule, project);
    g_assert_cmpuint (short_of->len, ==, 0);
  }
  /* Three nodes offered of quote 1: its run's four are short from day 2,
   * when Z's debugging on one ends. */
  four_nodes->nodes_available = 3;
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(CpSchedule) schedule = cp_schedule_place (shared_machine_jobs (0), &start, &error);
    g_autoptr(GPtrArray) short_of = NULL;
    const CpOverbooking *overbooking;

    g_assert_no_error (error);
    short_of = cp_schedule_overbookings (schedule, project);
    g_assert_cmpuint (short_of->len, ==, 1);
    overbooking = g_ptr_array_index (short_of, 0);
    g_assert_cmpint (overbooking->quote_index, ==, 1);
    g_assert_cmpuint (overbooking->nodes_needed, ==, 4);
    assert_close (2, overbooking->day, 0);
  }
}

/* Two one-node jobs side by side on a quote of one machine from 25
 * January 2027: P runs 5 days, due in @p_deadline days; Q debugs a day
 * and runs 4, due in 6 days; R runs on a quote of four nodes, which it
 * does not overbook. */
static GArray *
one_machine_pair (double p_deadline,
                  int    q_after)
{
  GArray *jobs = g_array_new (FALSE, TRUE, sizeof (CpScheduleJob));
  CpScheduleJob p = { .after = -1, .planned = TRUE, .quote_index = 0, .nodes = 1, .phase_days = { 0, 0, 5 },
                      .phase_cost = { 0, 0, 500 }, .deadline_days = p_deadline };
  CpScheduleJob q = { .after = q_after, .planned = TRUE, .quote_index = 0, .nodes = 1, .phase_days = { 1, 0, 4 },
                      .phase_cost = { 100, 0, 400 }, .deadline_days = 6 };
  CpScheduleJob r = { .after = -1, .planned = TRUE, .quote_index = 1, .nodes = 4, .phase_days = { 0, 0, 20 },
                      .phase_cost = { 0, 0, 8000 } };

  g_array_append_val (jobs, p);
  g_array_append_val (jobs, q);
  g_array_append_val (jobs, r);
  return jobs;
}

static CpProject *
one_and_four_nodes (void)
{
  CpProject *project = cp_project_new ();
  CpQuote *one_machine = cp_quote_new ();
  CpQuote *four_nodes = cp_quote_new ();

  one_machine->nodes_available = 1;
  four_nodes->nodes_available = 4;
  cp_project_add_quote (project, one_machine);
  cp_project_add_quote (project, four_nodes);
  return project;
}

/* The fallback by hand: Q is due first (day 6, 30 January), so it runs
 * first, days 0–5 (25–29 January), and P after it, days 5–10 (30 January
 * to 3 February); R stays where it was. Due on day 12, P still makes it;
 * due on day 8 (1 February), it misses by two days. The total is the
 * plan's: the same days are rented, later. */
static void
test_fallback_by_hand (void)
{
  g_autoptr(CpProject) project = one_and_four_nodes ();
  GDate start, first, last;

  g_date_clear (&start, 1);
  g_date_set_dmy (&start, 25, G_DATE_JANUARY, 2027);
  {
    g_autoptr(CpSchedule) schedule = cp_schedule_place (one_machine_pair (12, -1), &start, NULL);
    g_autoptr(CpScheduleFallback) fallback = cp_schedule_fallback_new (schedule, project);
    const CpScheduleJob *p, *q, *r;

    g_assert_nonnull (fallback);
    g_assert_cmpint (fallback->quote_index, ==, 0);
    g_assert_cmpuint (fallback->order->len, ==, 2);
    g_assert_cmpuint (g_array_index (fallback->order, guint, 0), ==, 1);
    g_assert_cmpuint (g_array_index (fallback->order, guint, 1), ==, 0);
    p = &g_array_index (fallback->schedule->jobs, CpScheduleJob, 0);
    q = &g_array_index (fallback->schedule->jobs, CpScheduleJob, 1);
    r = &g_array_index (fallback->schedule->jobs, CpScheduleJob, 2);
    assert_close (0, q->start_day, 0);
    assert_close (5, q->end_day, 0);
    assert_close (5, p->start_day, 0);
    assert_close (10, p->end_day, 0);
    assert_close (0, r->start_day, 0);
    cp_schedule_span_dates (fallback->schedule, q->start_day, q->end_day, &first, &last);
    assert_date (&first, 2027, 1, 25);
    assert_date (&last, 2027, 1, 29);
    cp_schedule_span_dates (fallback->schedule, p->start_day, p->end_day, &first, &last);
    assert_date (&first, 2027, 1, 30);
    assert_date (&last, 2027, 2, 3);
    /* R's 20 days still end the project. */
    assert_close (20, fallback->schedule->end_day, 0);
    assert_close (500 + 500 + 8000, fallback->schedule->total_cost, 1e-12);
    g_assert_cmpuint (fallback->n_missed, ==, 0);
    g_assert_false (cp_schedule_fallback_misses (fallback, schedule, 0));
    /* Nothing short once they run one after the other. */
    {
      g_autoptr(GPtrArray) short_of = cp_schedule_overbookings (fallback->schedule, project);

      g_assert_cmpuint (short_of->len, ==, 0);
    }
  }
  {
    g_autoptr(CpSchedule) schedule = cp_schedule_place (one_machine_pair (8, -1), &start, NULL);
    g_autoptr(CpScheduleFallback) fallback = cp_schedule_fallback_new (schedule, project);

    g_assert_nonnull (fallback);
    g_assert_cmpuint (g_array_index (fallback->order, guint, 0), ==, 1);
    g_assert_cmpuint (fallback->n_missed, ==, 1);
    g_assert_true (cp_schedule_fallback_misses (fallback, schedule, 0));
    g_assert_false (cp_schedule_fallback_misses (fallback, schedule, 1));
  }
  /* Q set to start after P: nothing short, no fallback. */
  {
    g_autoptr(CpSchedule) schedule = cp_schedule_place (one_machine_pair (12, 0), &start, NULL);

    g_assert_null (cp_schedule_fallback_new (schedule, project));
  }
}

/* A job that waits for another keeps the order it was given: the
 * fallback would override it, so there is none; the order of the jobs
 * short alone is still worked out (cp_schedule_one_after_another()). */
static void
test_fallback_keeps_set_order (void)
{
  g_autoptr(CpProject) project = one_and_four_nodes ();
  GArray *jobs = one_machine_pair (12, -1);
  CpScheduleJob s = { .after = 2, .planned = TRUE, .quote_index = 0, .nodes = 1, .phase_days = { 0, 0, 2 } };
  g_autoptr(CpSchedule) schedule = NULL;
  g_autoptr(GPtrArray) short_of = NULL;
  g_autoptr(GArray) order = NULL;
  GDate start;

  /* S follows R from day 20, alone on the machine then. */
  g_array_append_val (jobs, s);
  g_date_clear (&start, 1);
  g_date_set_dmy (&start, 25, G_DATE_JANUARY, 2027);
  schedule = cp_schedule_place (jobs, &start, NULL);
  short_of = cp_schedule_overbookings (schedule, project);
  g_assert_cmpuint (short_of->len, ==, 1);
  {
    g_autoptr(CpSchedule) serial = cp_schedule_one_after_another (schedule, g_ptr_array_index (short_of, 0), &order);

    g_assert_nonnull (serial);
    g_clear_pointer (&order, g_array_unref);
  }
  {
    g_autoptr(CpScheduleFallback) fallback = cp_schedule_fallback_new (schedule, project);

    g_assert_nonnull (fallback);
    assert_close (22, fallback->schedule->end_day, 0);
  }
  /* Q itself set after R: starting on day 20 it shares the machine with S. */
  g_array_index (schedule->jobs, CpScheduleJob, 1).after = 2;
  {
    g_autoptr(CpSchedule) moved = cp_schedule_place (g_array_copy (schedule->jobs), &start, NULL);
    g_autoptr(GPtrArray) moved_short = cp_schedule_overbookings (moved, project);

    g_assert_cmpuint (moved_short->len, ==, 1);
    g_assert_null (cp_schedule_one_after_another (moved, g_ptr_array_index (moved_short, 0), &order));
    g_assert_null (order);
    g_assert_null (cp_schedule_fallback_new (moved, project));
  }
}

/* One convention for a job after another (walk39 F4): a 2.1-h LoRA
 * (0.0875 days, 660 CNY) from 4 January 2027, then a 30.0-day service
 * after it on a machine billed by the month (68,000 CNY, one month from
 * its first day). The LoRA ends at 02:06 on 4 January; the service
 * starts at the start of the next day, 5 January (day 1), and ends at
 * the end of 3 February (day 31): its 30 dates are 5 January – 3
 * February, its month is invoiced on 5 January, and the project runs 31
 * days, 4 January – 3 February. Where it started at 02:06, the page read
 * "5 January – 3 February", "68,000 CNY on 4 January" and "30.1 days".
 * January holds 660 + 68,000 = 68,660 CNY, February nothing. */
static void
test_job_after_starts_next_day (void)
{
  GArray *jobs = g_array_new (FALSE, TRUE, sizeof (CpScheduleJob));
  CpScheduleJob lora = { .after = -1, .planned = TRUE, .phase_days = { 0, 0, 2.1 / 24 },
                         .phase_cost = { 0, 0, 660 } };
  CpScheduleJob service = { .after = 0, .planned = TRUE, .phase_days = { 0, 0, 30 },
                            .phase_cost = { 0, 0, 68000 }, .phase_invoiced = { 0, 0, 68000 },
                            .n_rentals = 1, .rentals = { { 0, 1, 68000, 0, 730.0 / 24 } } };
  g_autoptr(CpSchedule) schedule = NULL;
  const CpScheduleJob *placed;
  const CpScheduleInvoice *invoice;
  GDate start, first, last;

  g_date_clear (&start, 1);
  g_date_set_dmy (&start, 4, G_DATE_JANUARY, 2027);
  g_array_append_val (jobs, lora);
  g_array_append_val (jobs, service);
  schedule = cp_schedule_place (jobs, &start, NULL);
  g_assert_nonnull (schedule);
  placed = &g_array_index (schedule->jobs, CpScheduleJob, 1);
  assert_close (1, placed->start_day, 0);
  assert_close (31, placed->end_day, 0);
  cp_schedule_span_dates (schedule, placed->start_day, placed->end_day, &first, &last);
  assert_date (&first, 2027, 1, 5);
  assert_date (&last, 2027, 2, 3);
  g_assert_cmpint (g_date_days_between (&first, &last) + 1, ==, 30);
  g_assert_cmpuint (schedule->invoices->len, ==, 1);
  invoice = &g_array_index (schedule->invoices, CpScheduleInvoice, 0);
  cp_schedule_span_dates (schedule, invoice->day, invoice->day, &first, NULL);
  assert_date (&first, 2027, 1, 5);
  placed = &g_array_index (schedule->jobs, CpScheduleJob, 0);
  cp_schedule_span_dates (schedule, placed->start_day, placed->end_day, &first, &last);
  assert_date (&first, 2027, 1, 4);
  assert_date (&last, 2027, 1, 4);
  assert_close (31, schedule->end_day, 0);
  cp_schedule_span_dates (schedule, 0, schedule->end_day, &first, &last);
  assert_date (&first, 2027, 1, 4);
  assert_date (&last, 2027, 2, 3);
  g_assert_cmpuint (schedule->months->len, ==, 2);
  assert_month (schedule, 0, 2027, 1, 68660);
  assert_month (schedule, 1, 2027, 2, 0);
  /* Alone from the start (days 0–30), the service is 4 January – 2
   * February; a moment (an invoice) is the day it falls in. */
  cp_schedule_span_dates (schedule, 0, 30, &first, &last);
  assert_date (&first, 2027, 1, 4);
  assert_date (&last, 2027, 2, 2);
  cp_schedule_span_dates (schedule, 30.4, 30.4, &first, &last);
  assert_date (&first, 2027, 2, 3);
  assert_date (&last, 2027, 2, 3);
}

/* One machine billed by the month, 60,000 CNY a month, short for two jobs
 * (walk37b V1): a 0.5-day LoRA due first and a 30-day service, both from
 * 4 January 2027. One after another, the LoRA on 4 January and the
 * service from the next day to 3 February (days 1–31), the machine's
 * first month is the LoRA's rental, billed on 4 January, paid for 730 h,
 * to day 30.4167 (3 February, 10:00): the service goes on in it (walk42
 * F28) and needs the machine past it, to day 31, so one month more is
 * billed on 3 February. So January 60,000 and February 60,000, one
 * rental of the machine from 4 January for 744 h, 2 months of 730, where
 * two rentals of it side by side billed January 120,000. */
static void
test_fallback_rents_on (void)
{
  g_autoptr(CpProject) project = one_and_four_nodes ();
  GArray *jobs = g_array_new (FALSE, TRUE, sizeof (CpScheduleJob));
  CpScheduleJob lora = { .after = -1, .planned = TRUE, .quote_index = 0, .nodes = 1, .phase_days = { 0, 0, 0.5 },
                         .phase_cost = { 0, 0, 60000 }, .phase_invoiced = { 0, 0, 60000 }, .deadline_days = 1,
                         .n_rentals = 1, .rentals = { { 0, 1, 60000, 0, 730.0 / 24 } } };
  CpScheduleJob serve = { .after = -1, .planned = TRUE, .quote_index = 0, .nodes = 1, .phase_days = { 0, 0, 30 },
                          .phase_cost = { 0, 0, 60000 }, .phase_invoiced = { 0, 0, 60000 }, .deadline_days = 40,
                          .n_rentals = 1, .rentals = { { 0, 1, 60000, 0, 730.0 / 24 } } };
  g_autoptr(CpSchedule) schedule = NULL;
  g_autoptr(CpScheduleFallback) fallback = NULL;
  const CpScheduleInvoice *first;
  GDate start, day;

  g_date_clear (&start, 1);
  g_date_set_dmy (&start, 4, G_DATE_JANUARY, 2027);
  g_array_append_val (jobs, lora);
  g_array_append_val (jobs, serve);
  schedule = cp_schedule_place (jobs, &start, NULL);
  /* Side by side, as planned: both months billed on 4 January; the
   * service's last two days, 1–2 February, bill nothing. */
  g_assert_cmpuint (schedule->months->len, ==, 2);
  assert_month (schedule, 0, 2027, 1, 120000);
  assert_month (schedule, 1, 2027, 2, 0);
  fallback = cp_schedule_fallback_new (schedule, project);
  g_assert_nonnull (fallback);
  g_assert_cmpuint (g_array_index (fallback->order, guint, 0), ==, 0);
  /* The service starts the day after the LoRA, 5 January (day 1). */
  assert_close (31, fallback->schedule->end_day, 0);
  g_assert_cmpuint (fallback->schedule->invoices->len, ==, 2);
  first = &g_array_index (fallback->schedule->invoices, CpScheduleInvoice, 0);
  g_assert_cmpuint (first->job, ==, 0);
  cp_schedule_span_dates (fallback->schedule, first->day, first->day, &day, NULL);
  assert_date (&day, 2027, 1, 4);
  first = &g_array_index (fallback->schedule->invoices, CpScheduleInvoice, 1);
  g_assert_cmpuint (first->job, ==, 1);
  assert_close (730.0 / 24, first->day, 1e-9);
  cp_schedule_span_dates (fallback->schedule, first->day, first->day, &day, NULL);
  assert_date (&day, 2027, 2, 3);
  assert_close (0, g_array_index (fallback->schedule->jobs, CpScheduleJob, 1).paid_before_cost, 1e-12);
  assert_close (60000, cp_schedule_job_cost (&g_array_index (fallback->schedule->jobs, CpScheduleJob, 1)), 0);
  g_assert_cmpuint (fallback->schedule->months->len, ==, 2);
  assert_month (fallback->schedule, 0, 2027, 1, 60000);
  assert_month (fallback->schedule, 1, 2027, 2, 60000);
  assert_close (120000, fallback->schedule->total_cost, 1e-12);
}

/* Two jobs on one machine at 30,000 CNY a node-month with a 2,000 CNY
 * setup fee, from 1 March 2027 (a 730-h month is 30.4167 days: day
 * 30.4167 is 31 March, 10:00): A, 5 days (120 h, one month: 30,000 +
 * 2,000 on 1 March, paid to day 30.4167), then B after it from day 5
 * (walk42 F28). B of 10 days (days 5–15) goes on in A's month: it bills
 * nothing, the 30,000 + 2,000 it would pay alone were paid by A; the
 * project costs 32,000, not 64,000. B of 40 days (days 5–45; 960 h, two
 * months alone, 62,000) needs the machine past day 30.4167: one more
 * month, 30,000 billed on 31 March, and 32,000 of its own two months and
 * fee were paid by A; the project costs 62,000, all billed in March
 * (April, to day 45, bills nothing). Side by side each job rents its
 * own: A 32,000 on 1 March, B 32,000 on 1 March and 30,000 on 31 March,
 * 94,000 in March. */
static void
test_goes_on_in_paid_month (void)
{
  static const struct {
    double b_days;
    gboolean after;
    double total_cny;
    double b_paid_before_cny;
    guint n_invoices;
    guint n_months;
  } cases[] = {
    { 10, TRUE, 32000, 32000, 1, 1 },
    { 40, TRUE, 62000, 32000, 2, 2 },
    { 40, FALSE, 32000 + 62000, 0, 3, 2 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(CpProject) project = trial_project ("2027-03-01", CP_PRICE_PER_NODE_MONTH, 30000, 2000, 0);
      g_autoptr(GError) error = NULL;
      g_autoptr(CpSchedule) schedule = NULL;
      CpJob *a = g_ptr_array_index (project->jobs, 0);
      CpJob *b = cp_job_new (CP_TASK_DEBUG);
      const CpScheduleJob *b_entry;

      a->duration_days = 5;
      b->id = g_strdup ("b");
      b->name = g_strdup ("b");
      b->duration_days = cases[c].b_days;
      b->storage_tb = 0;
      b->after_job_id = cases[c].after ? g_strdup ("trial") : NULL;
      cp_project_add_job (project, b);
      schedule = schedule_of (project, &error);
      g_assert_no_error (error);
      b_entry = &g_array_index (schedule->jobs, CpScheduleJob, 1);
      g_assert_true (b_entry->rents_on == cases[c].after);
      assert_close (cases[c].after ? 5 : 0, b_entry->start_day, 0);
      assert_close (cases[c].b_paid_before_cny, b_entry->paid_before_cost, 1e-12);
      assert_close (cases[c].total_cny - 32000, cp_schedule_job_cost (b_entry), 1e-12);
      assert_close (cases[c].total_cny, schedule->total_cost, 1e-12);
      g_assert_cmpuint (schedule->invoices->len, ==, cases[c].n_invoices);
      g_assert_cmpuint (schedule->months->len, ==, cases[c].n_months);
      assert_month (schedule, 0, 2027, 3, cases[c].total_cny);
      if (cases[c].n_months > 1)
        assert_month (schedule, 1, 2027, 4, 0);
    }
}

/* walk40 F3: two jobs on a quote of 4 nodes from 4 January 2027, a
 * 2-day cluster run on all 4 (no debugging) and a 4-node job that debugs
 * on one machine for 2 days first. On days 0–2 they hold 4 + 1 = 5
 * nodes, one more than offered (then the second holds its 4 alone): the
 * 5 are each job's share, which page 1 says. */
static void
test_nodes_needed_by_job (void)
{
  g_autoptr(CpProject) project = one_and_four_nodes ();
  GArray *jobs = g_array_new (FALSE, TRUE, sizeof (CpScheduleJob));
  CpScheduleJob cluster = { .after = -1, .planned = TRUE, .quote_index = 1, .nodes = 4, .phase_days = { 0, 0, 2 } };
  CpScheduleJob trial = { .after = -1, .planned = TRUE, .quote_index = 1, .nodes = 4, .phase_days = { 2, 0, 10 } };
  g_autoptr(CpSchedule) schedule = NULL;
  g_autoptr(GPtrArray) short_of = NULL;
  const CpOverbooking *overbooking;
  GDate start;

  g_date_clear (&start, 1);
  g_date_set_dmy (&start, 4, G_DATE_JANUARY, 2027);
  g_array_append_val (jobs, cluster);
  g_array_append_val (jobs, trial);
  schedule = cp_schedule_place (jobs, &start, NULL);
  short_of = cp_schedule_overbookings (schedule, project);
  g_assert_cmpuint (short_of->len, ==, 1);
  overbooking = g_ptr_array_index (short_of, 0);
  g_assert_cmpuint (overbooking->nodes_needed, ==, 5);
  g_assert_cmpuint (overbooking->nodes_offered, ==, 4);
  assert_close (0, overbooking->day, 0);
  g_assert_cmpuint (cp_schedule_job_nodes_on (schedule, 0, overbooking->day), ==, 4);
  g_assert_cmpuint (cp_schedule_job_nodes_on (schedule, 1, overbooking->day), ==, 1);
  /* After its debugging, the second holds all 4; after their days, none. */
  g_assert_cmpuint (cp_schedule_job_nodes_on (schedule, 1, 2), ==, 4);
  g_assert_cmpuint (cp_schedule_job_nodes_on (schedule, 0, 2), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/schedule/sequence-by-hand", test_sequence_by_hand);
  g_test_add_func ("/schedule/side-by-side-by-hand", test_side_by_side_by_hand);
  g_test_add_func ("/schedule/order-loops", test_order_loops);
  g_test_add_func ("/schedule/order-changes-calendar", test_order_changes_calendar);
  g_test_add_func ("/schedule/amount-to-approve-by-hand", test_amount_to_approve_by_hand);
  g_test_add_func ("/schedule/contingency-billing-step-by-hand", test_contingency_billing_step_by_hand);
  g_test_add_func ("/schedule/option-overrun-by-hand", test_option_overrun_by_hand);
  g_test_add_func ("/schedule/month-billed-by-invoice", test_month_billed_by_invoice);
  g_test_add_func ("/schedule/invoices-inside-rental", test_invoices_inside_rental);
  g_test_add_func ("/schedule/setup-fee-on-first-day", test_setup_fee_on_first_day);
  g_test_add_func ("/schedule/overbooked-quote", test_overbooked_quote);
  g_test_add_func ("/schedule/fallback-by-hand", test_fallback_by_hand);
  g_test_add_func ("/schedule/fallback-keeps-set-order", test_fallback_keeps_set_order);
  g_test_add_func ("/schedule/job-after-starts-next-day", test_job_after_starts_next_day);
  g_test_add_func ("/schedule/fallback-rents-on", test_fallback_rents_on);
  g_test_add_func ("/schedule/goes-on-in-paid-month", test_goes_on_in_paid_month);
  g_test_add_func ("/schedule/nodes-needed-by-job", test_nodes_needed_by_job);
  return g_test_run ();
}

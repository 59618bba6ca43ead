/* test-project-analysis.c: the project's analysis keeps each job's plan
 * until a change touches it, and what it hands out is what the planner
 * gives for the same project.
 */
#include <math.h>

#include "planner/cp-project-analysis.h"
#include "planner/cp-schedule.h"
#include "common/cp-test-demo.h"

/* The analysis's plan against one made afresh: the same verdict, the
 * same options in the same order at the same cost. */
static void
assert_same_plan (const CpPlan *kept,
                  const CpPlan *fresh)
{
  const int kept_figures[] = { kept->verdict, kept->recommended, kept->has_robustness, kept->verdict_robust,
                               (int) kept->options->len, (int) kept->reasons->len };
  const int fresh_figures[] = { fresh->verdict, fresh->recommended, fresh->has_robustness, fresh->verdict_robust,
                                (int) fresh->options->len, (int) fresh->reasons->len };

  for (guint i = 0; i < G_N_ELEMENTS (kept_figures); i++)
    g_assert_cmpint (kept_figures[i], ==, fresh_figures[i]);
  for (guint i = 0; i < kept->options->len; i++)
    {
      const CpOption *a = &g_array_index (kept->options, CpOption, i);
      const CpOption *b = &g_array_index (fresh->options, CpOption, i);

      g_assert_cmpint (a->quote_index, ==, b->quote_index);
      g_assert_cmpfloat (a->estimate.total_cost, ==, b->estimate.total_cost);
      g_assert_cmpfloat (a->estimate.calendar_days, ==, b->estimate.calendar_days);
    }
}

static void
plan_every_job (CpProjectAnalysis *analysis,
                const CpProject   *project)
{
  for (guint j = 0; j < project->jobs->len; j++)
    cp_project_analysis_get_full_plan (analysis, j);
}

static void
test_plans_match_planner (void)
{
  g_autoptr(CpProject) project = cp_test_demo_project ();
  g_autoptr(CpProjectAnalysis) analysis = cp_project_analysis_new (project, 16);

  for (guint j = 0; j < project->jobs->len; j++)
    {
      g_autoptr(CpPlan) fresh = cp_project_plan_job (project, j);
      g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, j, 16);
      const CpSweep *kept = cp_project_analysis_get_sweep (analysis, j);

      assert_same_plan (cp_project_analysis_get_full_plan (analysis, j), fresh);
      /* Asked again: the same plan, not another. */
      g_assert_true (cp_project_analysis_get_plan (analysis, j) == cp_project_analysis_get_full_plan (analysis, j));
      g_assert_cmpuint (kept->curves->len, ==, sweep->curves->len);
      for (guint c = 0; c < sweep->curves->len; c++)
        g_assert_cmpuint (((CpSweepCurve *) g_ptr_array_index (kept->curves, c))->points->len, ==,
                          ((CpSweepCurve *) g_ptr_array_index (sweep->curves, c))->points->len);
    }
}

/* A copy is the same plan with arrays of its own: a worker may change it
 * while the window reads the original. */
static void
test_plan_copy_owns_its_arrays (void)
{
  g_autoptr(CpProject) project = cp_test_demo_project ();
  g_autoptr(CpPlan) plan = cp_project_plan_job (project, 0);
  g_autoptr(CpPlan) copy = cp_plan_copy (plan);
  guint n_options = plan->options->len;

  assert_same_plan (copy, plan);
  g_assert_true (copy->options != plan->options && copy->reasons != plan->reasons && copy->risks != plan->risks);
  g_array_set_size (copy->options, 0);
  g_array_set_size (copy->reasons, 0);
  g_assert_cmpuint (plan->options->len, ==, n_options);
  g_assert_cmpuint (plan->reasons->len, >, 0);
}

static void
test_change_drops_what_it_touches (void)
{
  g_autoptr(CpProject) project = cp_test_demo_project ();
  g_autoptr(CpProjectAnalysis) analysis = cp_project_analysis_new (project, 16);
  CpJob *job;
  CpQuote *quote;
  guint n_jobs = project->jobs->len;

  g_assert_cmpuint (n_jobs, >=, 3);
  plan_every_job (analysis, project);

  /* Nothing changed: everything kept. */
  g_assert_cmpuint (cp_project_analysis_update (analysis, project), ==, 0);
  for (guint j = 0; j < n_jobs; j++)
    g_assert_nonnull (cp_project_analysis_peek_plan (analysis, j));

  /* One job's figure: that job only, and its new plan is the planner's. */
  job = g_ptr_array_index (project->jobs, 1);
  job->storage_tb += 5;
  g_assert_cmpuint (cp_project_analysis_update (analysis, project), ==, 1);
  for (guint j = 0; j < n_jobs; j++)
    g_assert_cmpint (cp_project_analysis_peek_plan (analysis, j) != NULL, ==, j != 1);
  {
    g_autoptr(CpPlan) fresh = cp_project_plan_job (project, 1);

    assert_same_plan (cp_project_analysis_get_full_plan (analysis, 1), fresh);
  }

  /* One job's text: a string compared as text, that job only. */
  job = g_ptr_array_index (project->jobs, 2);
  g_free (job->name);
  job->name = g_strdup ("Renamed");
  g_assert_cmpuint (cp_project_analysis_update (analysis, project), ==, 1);
  g_assert_null (cp_project_analysis_peek_plan (analysis, 2));
  plan_every_job (analysis, project);

  /* The same text in a new string is no change. */
  {
    char *same = g_strdup (job->name);

    g_free (job->name);
    job->name = same;
  }
  g_assert_cmpuint (cp_project_analysis_update (analysis, project), ==, 0);

  /* A quote's price: every job. */
  quote = g_ptr_array_index (project->quotes, 0);
  quote->price *= 2;
  g_assert_cmpuint (cp_project_analysis_update (analysis, project), ==, n_jobs);
  plan_every_job (analysis, project);

  /* A setting: every job. */
  project->settings.debug_share = 0.3;
  g_assert_cmpuint (cp_project_analysis_update (analysis, project), ==, n_jobs);
  plan_every_job (analysis, project);

  /* A job removed: the ones after it moved up and are planned again. */
  cp_project_remove_job (project, 0);
  g_assert_cmpuint (cp_project_analysis_update (analysis, project), ==, n_jobs);
  for (guint j = 0; j < project->jobs->len; j++)
    {
      g_autoptr(CpPlan) fresh = cp_project_plan_job (project, j);

      assert_same_plan (cp_project_analysis_get_full_plan (analysis, j), fresh);
    }
}

/* A sweep made on a worker for inputs changed meanwhile is not kept. */
static void
test_stale_sweep_dropped (void)
{
  g_autoptr(CpProject) project = cp_test_demo_project ();
  g_autoptr(CpProjectAnalysis) analysis = cp_project_analysis_new (project, 16);
  g_autoptr(CpSweepOrder) order = cp_project_analysis_order_sweep (analysis, 0);
  guint generation = cp_project_analysis_get_generation (analysis);
  const CpSweep *kept;

  ((CpJob *) g_ptr_array_index (project->jobs, 0))->storage_tb += 1;
  g_assert_cmpuint (cp_project_analysis_update (analysis, project), ==, 1);
  g_assert_cmpuint (cp_project_analysis_get_generation (analysis), !=, generation);
  g_assert_null (cp_project_analysis_take_sweep (analysis, order, cp_sweep_order_run (order)));
  g_assert_null (cp_project_analysis_peek_sweep (analysis, 0));

  g_clear_pointer (&order, cp_sweep_order_free);
  order = cp_project_analysis_order_sweep (analysis, 0);
  /* The order's copy is the project as it was when ordered. */
  g_assert_cmpfloat (((CpJob *) g_ptr_array_index (order->project->jobs, 0))->storage_tb, ==,
                     ((CpJob *) g_ptr_array_index (project->jobs, 0))->storage_tb);
  kept = cp_project_analysis_take_sweep (analysis, order, cp_sweep_order_run (order));
  g_assert_nonnull (kept);
  g_assert_true (cp_project_analysis_peek_sweep (analysis, 0) == kept);
}

/* Deleting a job moves the ones after it: a sweep ordered for the last
 * job before is not kept for whichever job now has its index, nor
 * read past the end (the results view drew a deleted job's charts). */
static void
test_sweep_of_deleted_job_dropped (void)
{
  g_autoptr(CpProject) project = cp_test_demo_project ();
  g_autoptr(CpProjectAnalysis) analysis = cp_project_analysis_new (project, 16);
  guint last = project->jobs->len - 1;
  g_autoptr(CpSweepOrder) of_last = NULL;
  g_autoptr(CpSweepOrder) of_first = NULL;

  g_assert_cmpuint (project->jobs->len, >=, 2);
  of_last = cp_project_analysis_order_sweep (analysis, last);
  of_first = cp_project_analysis_order_sweep (analysis, 0);
  cp_project_remove_job (project, 0);
  cp_project_analysis_update (analysis, project);
  g_assert_null (cp_project_analysis_take_sweep (analysis, of_last, cp_sweep_order_run (of_last)));
  g_assert_null (cp_project_analysis_take_sweep (analysis, of_first, cp_sweep_order_run (of_first)));
  for (guint j = 0; j < project->jobs->len; j++)
    g_assert_null (cp_project_analysis_peek_sweep (analysis, j));
}

/* A quote changed starts a new generation even before any job was planned:
 * the results view words the quotes left out once per generation
 * (cp-results-view.c), and a project opened a moment before the edit has
 * no plan kept yet. */
static void
test_quote_change_new_generation (void)
{
  g_autoptr(CpProject) project = cp_test_demo_project ();
  g_autoptr(CpProjectAnalysis) analysis = cp_project_analysis_new (project, 16);
  guint generation = cp_project_analysis_get_generation (analysis);

  ((CpQuote *) g_ptr_array_index (project->quotes, 0))->price *= 2;
  g_assert_cmpuint (cp_project_analysis_update (analysis, project), ==, 0);
  g_assert_cmpuint (cp_project_analysis_get_generation (analysis), !=, generation);
}

/* Nothing changed: the same generation, whatever the project's address
 * (undo hands the window another copy of the same project). */
static void
test_unchanged_keeps_generation (void)
{
  g_autoptr(CpProject) project = cp_test_demo_project ();
  g_autoptr(CpProject) copy = cp_project_copy (project);
  g_autoptr(CpProjectAnalysis) analysis = cp_project_analysis_new (project, 16);
  guint generation;

  plan_every_job (analysis, project);
  generation = cp_project_analysis_get_generation (analysis);
  g_assert_cmpuint (cp_project_analysis_update (analysis, copy), ==, 0);
  g_assert_cmpuint (cp_project_analysis_get_generation (analysis), ==, generation);
}

/* The demo's 7B service runs for its 30-day term. A deadline left in its
 * file (a job turned into a service keeps one, hidden by the form) judges
 * nothing: not as tight as the term, not shorter than it. The plan and the
 * schedule are those of the service with no deadline. */
static void
test_service_has_no_deadline (void)
{
  g_autoptr(CpProject) project = cp_test_demo_project ();
  int index = cp_project_find_job (project, "job-serve7b");
  CpJob *job;
  g_autoptr(CpPlan) none = NULL;
  const double hidden_days[] = { 30, 10 };

  g_assert_cmpint (index, >=, 0);
  job = g_ptr_array_index (project->jobs, index);
  g_assert_cmpint (job->kind, ==, CP_TASK_INFERENCE);
  g_assert_cmpfloat (job->duration_days, ==, 30);
  g_assert_cmpfloat (job->deadline_days, ==, 0);
  none = cp_project_plan_job (project, index);

  for (guint d = 0; d < G_N_ELEMENTS (hidden_days); d++)
    {
      g_autoptr(CpPlan) hidden = NULL;
      CpPlan *plans[16] = { NULL };
      g_autoptr(CpSchedule) schedule = NULL;
      GDate day;

      job->deadline_days = hidden_days[d];
      g_assert_cmpfloat (cp_job_deadline_days (job), ==, 0);
      hidden = cp_project_plan_job (project, index);
      assert_same_plan (hidden, none);
      g_assert_cmpint (hidden->shortfall, ==, none->shortfall);
      for (guint i = 0; i < hidden->options->len; i++)
        {
          const CpOption *option = &g_array_index (hidden->options, CpOption, i);

          g_assert_true (option->estimate.meets_deadline);
          g_assert_cmpfloat (option->estimate.longest_run_days, ==,
                             g_array_index (none->options, CpOption, i).estimate.longest_run_days);
        }
      for (guint i = 0; i < hidden->reasons->len; i++)
        {
          const CpReason *reason = &g_array_index (hidden->reasons, CpReason, i);

          g_assert_cmpint (reason->outcome, !=, CP_OUTCOME_SIGNAL_DEADLINE);
          g_assert_cmpint (reason->outcome, !=, CP_OUTCOME_DEADLINE_NEEDED);
          g_assert_cmpint (reason->outcome, ==, g_array_index (none->reasons, CpReason, i).outcome);
        }

      /* The timeline marks no deadline at the service's end. */
      g_assert_cmpuint (project->jobs->len, <=, G_N_ELEMENTS (plans));
      for (guint j = 0; j < project->jobs->len; j++)
        plans[j] = cp_project_plan_job (project, j);
      g_date_clear (&day, 1);
      g_date_set_dmy (&day, 3, G_DATE_DECEMBER, 2026);
      schedule = cp_schedule_new (project, plans, &day, NULL);
      g_assert_nonnull (schedule);
      g_assert_cmpfloat (g_array_index (schedule->jobs, CpScheduleJob, index).deadline_days, ==, 0);
      for (guint j = 0; j < project->jobs->len; j++)
        cp_plan_free (plans[j]);
    }

  /* A job that ends keeps its deadline. */
  job->kind = CP_TASK_DATA_PROCESSING;
  g_assert_cmpfloat (cp_job_deadline_days (job), ==, 10);
}

/* Two debugging jobs side by side, 5 and 3 days from 25 January 2027,
 * on a vendor that offers one machine: the calendar falls back to A
 * (first in the project, neither has a deadline) on days 0–5, then B on
 * days 5–8, 30 January to 1 February. The analysis makes that once and
 * hands the same calendar out until a change; the start date is no job's,
 * quote's or setting's, and moves it all the same. */
static CpProject *
one_machine_project (void)
{
  CpProject *project = cp_project_new ();
  CpQuote *quote = cp_quote_new ();
  const char *ids[] = { "a", "b" };
  const double days[] = { 5, 3 };

  g_free (project->start_date);
  project->start_date = g_strdup ("2027-01-25");
  quote->id = g_strdup ("m");
  quote->vendor = g_strdup ("m");
  quote->gpu.memory_nominal_gb = 80;
  quote->gpu.dense_bf16_flops = 989e12;
  quote->gpu.memory_bandwidth_gbytes_per_s = 3350;
  quote->intra_link.per_direction_gbytes_per_s = 200;
  quote->gpus_per_node = 8;
  quote->nodes_available = 1;
  quote->price_unit = CP_PRICE_PER_GPU_HOUR;
  quote->price = 10;
  cp_project_add_quote (project, quote);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      CpJob *job = cp_job_new (CP_TASK_DEBUG);

      job->id = g_strdup (ids[i]);
      job->name = g_strdup (ids[i]);
      job->duration_days = days[i];
      cp_project_add_job (project, job);
    }
  return project;
}

static void
test_fallback_made_once (void)
{
  g_autoptr(CpProject) project = one_machine_project ();
  g_autoptr(CpProjectAnalysis) analysis = cp_project_analysis_new (project, 16);
  GDate report_day, first, last;
  const CpSchedule *schedule;
  const CpScheduleFallback *fallback;
  const CpScheduleJob *b;

  g_date_clear (&report_day, 1);
  g_date_set_dmy (&report_day, 3, G_DATE_DECEMBER, 2026);
  schedule = cp_project_analysis_get_schedule (analysis, &report_day, NULL);
  g_assert_nonnull (schedule);
  g_assert_cmpfloat (g_array_index (schedule->jobs, CpScheduleJob, 1).start_day, ==, 0);
  fallback = cp_project_analysis_get_fallback (analysis, &report_day);
  g_assert_nonnull (fallback);
  g_assert_cmpuint (g_array_index (fallback->order, guint, 0), ==, 0);
  b = &g_array_index (fallback->schedule->jobs, CpScheduleJob, 1);
  g_assert_cmpfloat (fabs (b->start_day - 5), <, 1e-9);
  g_assert_cmpfloat (fabs (b->end_day - 8), <, 1e-9);
  cp_schedule_span_dates (fallback->schedule, b->start_day, b->end_day, &first, &last);
  g_assert_cmpint (g_date_get_day (&first), ==, 30);
  g_assert_cmpint (g_date_get_month (&last), ==, G_DATE_FEBRUARY);
  g_assert_cmpint (g_date_get_day (&last), ==, 1);
  /* Asked again, the same one. */
  g_assert_true (cp_project_analysis_get_schedule (analysis, &report_day, NULL) == schedule);
  g_assert_true (cp_project_analysis_get_fallback (analysis, &report_day) == fallback);

  /* A week later: the same days from 1 February. */
  g_free (project->start_date);
  project->start_date = g_strdup ("2027-02-01");
  cp_project_analysis_update (analysis, project);
  schedule = cp_project_analysis_get_schedule (analysis, &report_day, NULL);
  g_assert_cmpint (g_date_get_day (&schedule->start), ==, 1);
  fallback = cp_project_analysis_get_fallback (analysis, &report_day);
  cp_schedule_span_dates (fallback->schedule, 5, 8, &first, &last);
  g_assert_cmpint (g_date_get_day (&first), ==, 6);
  g_assert_cmpint (g_date_get_day (&last), ==, 8);

  /* B set to start after A: nothing to fall back from. */
  g_free (((CpJob *) g_ptr_array_index (project->jobs, 1))->after_job_id);
  ((CpJob *) g_ptr_array_index (project->jobs, 1))->after_job_id = g_strdup ("a");
  cp_project_analysis_update (analysis, project);
  schedule = cp_project_analysis_get_schedule (analysis, &report_day, NULL);
  g_assert_cmpfloat (fabs (g_array_index (schedule->jobs, CpScheduleJob, 1).start_day - 5), <, 1e-9);
  g_assert_null (cp_project_analysis_get_fallback (analysis, &report_day));
}

/* A job's days from the plans the analysis has, nothing planned: B after
 * A waits for A's plan. B's plan is made after A's, whose cluster run
 * (or not) is an input of it (cp_project_cluster_learned_from()): then
 * B starts on A's end, day 5. */
static void
test_job_schedule_plans_nothing (void)
{
  g_autoptr(CpProject) project = one_machine_project ();
  g_autoptr(CpProjectAnalysis) analysis = NULL;
  g_autoptr(CpSchedule) schedule = NULL;
  GDate report_day;
  int waiting = -2;

  ((CpJob *) g_ptr_array_index (project->jobs, 1))->after_job_id = g_strdup ("a");
  analysis = cp_project_analysis_new (project, 16);
  g_date_clear (&report_day, 1);
  g_date_set_dmy (&report_day, 3, G_DATE_DECEMBER, 2026);
  g_assert_null (cp_project_analysis_peek_job_schedule (analysis, 1, &report_day, &waiting));
  g_assert_cmpint (waiting, ==, 1);
  g_assert_null (cp_project_analysis_peek_plan (analysis, 0));
  g_assert_null (cp_project_analysis_peek_plan (analysis, 1));

  cp_project_analysis_get_plan (analysis, 1);
  g_assert_nonnull (cp_project_analysis_peek_plan (analysis, 0));
  schedule = cp_project_analysis_peek_job_schedule (analysis, 1, &report_day, &waiting);
  g_assert_nonnull (schedule);
  g_assert_cmpint (waiting, ==, -1);
  g_assert_cmpfloat (fabs (g_array_index (schedule->jobs, CpScheduleJob, 1).start_day - 5), <, 1e-9);
  g_assert_cmpfloat (fabs (g_array_index (schedule->jobs, CpScheduleJob, 1).end_day - 8), <, 1e-9);
}

/* Migration is the team's (R8, walk41 F7): the demo's cluster job (its
 * 4th: pre-training on an H800 cluster) by a team without distributed
 * experience, and a second run of it after it, "again". The first pays
 * the move to a cluster, 14 days with these settings, 14 × 5/7 × 2
 * engineers × 2,000 CNY = 40,000 CNY of the team's days; "again" starts
 * after the team has run on that cluster and pays none of it: on every
 * cluster option it takes 14 days less than the same job on the same
 * nodes before any cluster run (cp_estimate()), and costs 40,000 CNY less
 * and the storage of those 14 days (the demo's H800 cluster: 282,676 →
 * 215,060 CNY, 27,616 of it storage). Changing the
 * first job plans the second again. */
static void
test_migration_once_per_team (void)
{
  g_autoptr(CpProject) project = cp_test_demo_project ();
  g_autoptr(CpProjectAnalysis) analysis = NULL;
  CpJob *first = g_ptr_array_index (project->jobs, 3);
  CpJob *again = NULL;
  guint again_index;
  const CpPlan *first_plan, *again_plan;
  const CpOption *chosen;
  guint n_clusters = 0;
  GDate report_day;
  const CpSchedule *schedule;

  project->settings.migration_days_no_experience = 14;
  project->settings.working_days_per_week = 5;
  first->team_has_distributed_experience = FALSE;
  first->engineers = 2;
  first->engineer_day_cost = 2000;
  again = cp_job_dup (first);
  g_free (again->id);
  g_free (again->name);
  g_free (again->after_job_id);
  again->id = g_strdup ("again");
  again->name = g_strdup ("again");
  again->after_job_id = g_strdup (first->id);
  cp_project_add_job (project, again);
  again_index = project->jobs->len - 1;
  analysis = cp_project_analysis_new (project, 16);

  first_plan = cp_project_analysis_get_plan (analysis, 3);
  g_assert_cmpint (first_plan->recommended, >=, 0);
  chosen = &g_array_index (first_plan->options, CpOption, first_plan->recommended);
  g_assert_cmpuint (chosen->estimate.nodes, >, 1);
  g_assert_cmpfloat (chosen->estimate.migration_days, ==, 14);
  g_assert_cmpfloat (fabs (chosen->estimate.engineering_cost - 40000), <, 1e-6);

  again_plan = cp_project_analysis_get_plan (analysis, again_index);
  for (guint i = 0; i < again_plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (again_plan->options, CpOption, i);
      CpEstimate before_any_cluster;

      if (option->estimate.nodes <= 1)
        continue;
      n_clusters++;
      g_assert_cmpfloat (option->estimate.migration_days, ==, 0);
      g_assert_cmpfloat (option->estimate.engineering_cost, ==, 0);
      g_assert_true (cp_estimate (first, g_ptr_array_index (project->quotes, option->quote_index),
                                  option->estimate.nodes, &project->settings, &before_any_cluster, NULL));
      /* Storage is kept over the calendar: 14 days of it fewer too. */
      g_assert_cmpfloat (fabs (before_any_cluster.total_cost - option->estimate.total_cost -
                               (40000 + 14 * before_any_cluster.storage_cost / before_any_cluster.calendar_days)), <,
                         1e-9 * before_any_cluster.total_cost);
      g_assert_cmpfloat (fabs (before_any_cluster.calendar_days - option->estimate.calendar_days - 14), <, 1e-9);
    }
  g_assert_cmpuint (n_clusters, >, 0);

  /* The calendar says where the team learnt it. */
  g_date_clear (&report_day, 1);
  g_date_set_dmy (&report_day, 3, G_DATE_DECEMBER, 2026);
  schedule = cp_project_analysis_get_schedule (analysis, &report_day, NULL);
  g_assert_nonnull (schedule);
  g_assert_cmpint (g_array_index (schedule->jobs, CpScheduleJob, again_index).cluster_learned_from, ==, 3);
  g_assert_cmpint (g_array_index (schedule->jobs, CpScheduleJob, 3).cluster_learned_from, ==, -1);

  /* An edit of the first job plans "again" too: 2 plans dropped. */
  first->engineers = 3;
  g_assert_cmpuint (cp_project_analysis_update (analysis, project), ==, 2);
  g_assert_null (cp_project_analysis_peek_plan (analysis, again_index));
}

/* The analysis a worker gets: what the first had made, in copies of its
 * own that outlive it, and what a change since touched made again. */
static void
test_copy_for_worker (void)
{
  g_autoptr(CpProject) project = cp_test_demo_project ();
  g_autoptr(CpProject) changed = NULL;
  CpProjectAnalysis *analysis = cp_project_analysis_new (project, 16);
  g_autoptr(CpProjectAnalysis) copy = NULL;
  const CpPlan *first_plan = cp_project_analysis_get_full_plan (analysis, 0);
  const CpSweep *first_sweep = cp_project_analysis_get_sweep (analysis, 0);
  guint first_points = ((CpSweepCurve *) g_ptr_array_index (first_sweep->curves, 0))->points->len;

  g_assert_cmpuint (project->jobs->len, >=, 3);
  cp_project_analysis_get_plan (analysis, 1);
  changed = cp_project_copy (project);
  ((CpJob *) g_ptr_array_index (changed->jobs, 1))->storage_tb += 7;
  copy = cp_project_analysis_copy (analysis, changed);

  /* Job 0 as made, in the copy's own plan and sweep; job 1, changed,
   * dropped; job 2 never planned. */
  g_assert_nonnull (cp_project_analysis_peek_plan (copy, 0));
  g_assert_true (cp_project_analysis_peek_plan (copy, 0) != first_plan);
  g_assert_true (cp_project_analysis_peek_plan (copy, 0)->has_robustness);
  g_assert_nonnull (cp_project_analysis_peek_sweep (copy, 0));
  g_assert_true (cp_project_analysis_peek_sweep (copy, 0) != first_sweep);
  g_assert_null (cp_project_analysis_peek_plan (copy, 1));
  g_assert_null (cp_project_analysis_peek_plan (copy, 2));
  g_assert_true (cp_project_analysis_get_project (copy) == changed);

  /* The first gone, the copy's results stand and match the planner. */
  cp_project_analysis_free (analysis);
  for (guint j = 0; j < 2; j++)
    {
      g_autoptr(CpPlan) fresh = cp_project_plan_job (changed, j);

      assert_same_plan (cp_project_analysis_get_full_plan (copy, j), fresh);
    }
  g_assert_cmpuint (((CpSweepCurve *) g_ptr_array_index (cp_project_analysis_get_sweep (copy, 0)->curves, 0))->points->len,
                    ==, first_points);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/project-analysis/plans-match-planner", test_plans_match_planner);
  g_test_add_func ("/project-analysis/plan-copy-owns-its-arrays", test_plan_copy_owns_its_arrays);
  g_test_add_func ("/project-analysis/change-drops-what-it-touches", test_change_drops_what_it_touches);
  g_test_add_func ("/project-analysis/stale-sweep-dropped", test_stale_sweep_dropped);
  g_test_add_func ("/project-analysis/sweep-of-deleted-job-dropped", test_sweep_of_deleted_job_dropped);
  g_test_add_func ("/project-analysis/quote-change-new-generation", test_quote_change_new_generation);
  g_test_add_func ("/project-analysis/unchanged-keeps-generation", test_unchanged_keeps_generation);
  g_test_add_func ("/project-analysis/service-has-no-deadline", test_service_has_no_deadline);
  g_test_add_func ("/project-analysis/fallback-made-once", test_fallback_made_once);
  g_test_add_func ("/project-analysis/job-schedule-plans-nothing", test_job_schedule_plans_nothing);
  g_test_add_func ("/project-analysis/copy-for-worker", test_copy_for_worker);
  g_test_add_func ("/project-analysis/migration-once-per-team", test_migration_once_per_team);
  return g_test_run ();
}

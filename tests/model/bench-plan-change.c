/* bench-plan-change.c: what one change costs the planner, per job it
 * touches, split the way the window spends it.
 *
 *   bench-plan-change [RUNS] [PROJECT.cplan]
 *
 * For the demo project and a 20 jobs × 50 quotes one, and for each job:
 * the plan the first frame needs (cp_project_plan_job_without_robustness),
 * the cost chart's sweep (cp_project_sweep_job) and the robustness check
 * that follows the frame (cp_project_plan_add_robustness). Prints the
 * median over RUNS (default 5) of each job's thread CPU time, summed over
 * the project's jobs and the worst single job: a job edit touches one job
 * (the worst is its bound), a quote or settings edit touches them all (the
 * sum). Then the same changes through the project's analysis, as the
 * window makes them: a job shown again unchanged, and a job edited; and
 * the copy of the window's plans an export or a print hands its worker
 * (cp_project_analysis_copy(), on the main thread). Not a test: run it by
 * hand; nothing is asserted on speed.
 */
#include <stdio.h>
#include <stdlib.h>

#include "planner/cp-plan.h"
#include "planner/cp-project.h"
#include "planner/cp-project-analysis.h"
#include "planner/cp-sweep.h"
#include "planner/cp-what-if.h"
#include "store/cp-store.h"
#include "common/cp-test-bench.h"
#include "common/cp-test-demo.h"

/* The cost chart's points per quote: CP_CHART_COST_MAX_POINTS, which the
 * window and the report ask for (report/cp-chart.h, a floor above). */
#define SWEEP_MAX_POINTS 64

typedef enum { STEP_PLAN, STEP_SWEEP, STEP_ROBUSTNESS, STEP_WHAT_IF, N_STEPS } Step;

static const char * const step_names[N_STEPS] = {
  "plan (first frame)", "cost chart sweep", "robustness (after the frame)", "what would change it (after)",
};

static void
bench_project (const char      *name,
               const CpProject *project,
               guint            runs)
{
  double sum_ms[N_STEPS] = { 0 }, worst_ms[N_STEPS] = { 0 };
  g_autofree double *samples = g_new (double, runs);

  for (guint j = 0; j < project->jobs->len; j++)
    for (Step step = 0; step < N_STEPS; step++)
      {
        double job_ms;

        for (guint r = 0; r < runs; r++)
          {
            g_autoptr(CpPlan) plan = cp_project_plan_job_without_robustness (project, j);
            double start = cp_test_thread_cpu_ms ();

            if (step == STEP_PLAN)
              {
                g_autoptr(CpPlan) again = cp_project_plan_job_without_robustness (project, j);
              }
            else if (step == STEP_SWEEP)
              {
                g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, j, SWEEP_MAX_POINTS);
              }
            else if (step == STEP_ROBUSTNESS)
              cp_project_plan_add_robustness (project, j, plan);
            else
              {
                g_autoptr(GArray) what_if = NULL;

                /* As the window's details worker: on the checked plan. */
                cp_project_plan_add_robustness (project, j, plan);
                start = cp_test_thread_cpu_ms ();
                what_if = cp_what_if_new (project, j, plan);
              }
            samples[r] = cp_test_thread_cpu_ms () - start;
          }
        job_ms = cp_test_median (samples, runs);
        sum_ms[step] += job_ms;
        worst_ms[step] = MAX (worst_ms[step], job_ms);
      }

  printf ("%s (%u jobs × %u quotes), median of %u runs, thread CPU:\n", name,
          project->jobs->len, project->quotes->len, runs);
  for (Step step = 0; step < N_STEPS; step++)
    printf ("  %-30s one job at most %7.2f ms; every job %8.2f ms\n", step_names[step],
            worst_ms[step], sum_ms[step]);
  printf ("  %-30s one job at most %7.2f ms; every job %8.2f ms\n", "before the first frame",
          worst_ms[STEP_PLAN] + worst_ms[STEP_SWEEP], sum_ms[STEP_PLAN] + sum_ms[STEP_SWEEP]);
}

/* What the window's main thread spends on a change through the
 * project's analysis: the comparison that finds what the change touched,
 * and the plan of the job shown (none when it was not touched; one when
 * it was). The sweep runs on a worker, the robustness after the frame. */
static void
bench_analysis (const char *name,
                CpProject  *project,
                guint       runs)
{
  g_autoptr(CpProjectAnalysis) analysis = cp_project_analysis_new (project, SWEEP_MAX_POINTS);
  g_autofree double *untouched = g_new (double, runs);
  g_autofree double *touched = g_new (double, runs);
  g_autofree double *copied = g_new (double, runs);
  CpJob *job = g_ptr_array_index (project->jobs, 0);

  for (guint j = 0; j < project->jobs->len; j++)
    cp_project_analysis_get_plan (analysis, j);
  for (guint r = 0; r < runs; r++)
    {
      double start = cp_test_thread_cpu_ms ();

      /* Another job's form shown: nothing changed. */
      cp_project_analysis_update (analysis, project);
      cp_project_analysis_get_plan (analysis, 1);
      untouched[r] = cp_test_thread_cpu_ms () - start;

      job->storage_tb += 1;
      start = cp_test_thread_cpu_ms ();
      cp_project_analysis_update (analysis, project);
      cp_project_analysis_get_plan (analysis, 0);
      touched[r] = cp_test_thread_cpu_ms () - start;

      /* Every job planned, the one shown checked: what a window has. */
      cp_project_analysis_get_full_plan (analysis, 0);
      cp_project_analysis_get_sweep (analysis, 0);
      {
        g_autoptr(CpProject) report_project = cp_project_copy (project);
        g_autoptr(CpProjectAnalysis) copy = NULL;

        start = cp_test_thread_cpu_ms ();
        copy = cp_project_analysis_copy (analysis, report_project);
        copied[r] = cp_test_thread_cpu_ms () - start;
      }
    }
  printf ("%s through the analysis, median of %u runs, thread CPU:\n"
          "  %-30s %7.2f ms\n  %-30s %7.2f ms\n  %-30s %7.2f ms\n", name, runs,
          "job shown again, unchanged", cp_test_median (untouched, runs),
          "job edited (compare + plan)", cp_test_median (touched, runs),
          "plans copied for a worker", cp_test_median (copied, runs));
}

int
main (int   argc,
      char *argv[])
{
  guint runs = argc > 1 ? (guint) MAX (1, atoi (argv[1])) : 5;
  g_autoptr(CpProject) demo = cp_test_demo_project ();
  g_autoptr(CpProject) large = cp_test_project_of_size (demo, 20, 50);

  /* A project file of one's own (a user's that was slow) instead. */
  if (argc > 2)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CpProject) project = cp_project_load_file (argv[2], &error);

      if (project == NULL)
        {
          fprintf (stderr, "bench-plan-change: %s\n", error->message);
          return 1;
        }
      bench_project (argv[2], project, runs);
      bench_analysis (argv[2], project, runs);
      return 0;
    }
  bench_project ("demo", demo, runs);
  bench_project ("large", large, runs);
  bench_analysis ("demo", demo, runs);
  bench_analysis ("large", large, runs);
  return 0;
}

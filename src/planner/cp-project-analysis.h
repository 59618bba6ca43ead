/* cp-project-analysis.h: the project's plans, computed once per change and
 * handed down.
 *
 * One analysis per project: per job its plan (the verdict and the table),
 * the robustness of that verdict and the sweep the cost and serving charts
 * draw; for the project its calendar and the calendar it falls back to
 * when jobs side by side need more of a quote than it offers. The window, the reports and the command-line tool read it instead
 * of calling the planner themselves (sysprof hands one capture to thin
 * chart layers the same way).
 *
 * Each part is computed when first asked for and kept until the inputs it
 * was computed from change: cp_project_analysis_update() compares each job,
 * the quotes and the settings with the copies it planned them from, and
 * drops only what a change touched (an edit of one job: that job and the
 * jobs after it, whose plans count the team's move to a cluster in it,
 * cp_project_cluster_learned_from(); a quote or a setting: every job).
 * A job's plan is made after those of the jobs it starts after. The project is borrowed and must stay alive
 * and unchanged from one update to the next; an analysis is used from one
 * thread at a time.
 */
#pragma once

#include "cp-project.h"
#include "cp-schedule.h"
#include "cp-sweep.h"

G_BEGIN_DECLS

typedef struct _CpProjectAnalysis CpProjectAnalysis;

/* @sweep_max_points: the node counts per quote the charts draw
 * (cp_project_sweep_job()). */
CpProjectAnalysis *cp_project_analysis_new    (const CpProject   *project,
                                               guint              sweep_max_points);
void               cp_project_analysis_free   (CpProjectAnalysis *analysis);
/* A new analysis of @project, a copy of the one @analysis reads (or of
 * it as it is now, changed since), with every result @analysis has made
 * so far copied and what the changes touched dropped
 * (cp_project_analysis_update()): a worker thread given both makes only
 * what is still missing, without planning again what the window has. */
CpProjectAnalysis *cp_project_analysis_copy   (CpProjectAnalysis *analysis,
                                               const CpProject   *project);
/* Reads @project (the same one, changed, or another) and drops what its
 * changes touched; returns how many jobs' results were dropped. */
guint              cp_project_analysis_update (CpProjectAnalysis *analysis,
                                               const CpProject   *project);
const CpProject   *cp_project_analysis_get_project (CpProjectAnalysis *analysis);

/* Job @job_index's plan: with its robustness if that was asked for
 * already, else without (cp_plan_new_without_robustness()); its sweep;
 * the plan with whether its verdict holds (cp_plan_add_robustness()).
 * Each is made when first asked for. */
const CpPlan      *cp_project_analysis_get_plan       (CpProjectAnalysis *analysis,
                                                       guint              job_index);
const CpSweep     *cp_project_analysis_get_sweep      (CpProjectAnalysis *analysis,
                                                       guint              job_index);
const CpPlan      *cp_project_analysis_get_full_plan  (CpProjectAnalysis *analysis,
                                                       guint              job_index);
/* cp_project_analysis_get_plan() if this thread makes the plan within
 * @budget_us of CPU time (or has it), else NULL: what it made by then is
 * kept for cp_project_analysis_order_plan() to finish on a worker. NULL
 * at once for a job whose last plan took longer, unless it is planned
 * from the plan before (a change of quotes alone). A window plans here
 * only while the frame after a change has room (another model picked
 * may make the job heavier than its last plan). */
const CpPlan      *cp_project_analysis_try_plan       (CpProjectAnalysis *analysis,
                                                       guint              job_index,
                                                       gint64             budget_us);
/* Job @job_index on one node of quote @quote_index, as cp_estimate()
 * gives it (why a cluster's single node was not enough), or NULL when the
 * inputs cannot be estimated. Made when first asked for. */
const CpEstimate  *cp_project_analysis_get_one_node   (CpProjectAnalysis *analysis,
                                                       guint              job_index,
                                                       guint              quote_index);
/* What would change job @job_index's answer (cp_what_if_new() of its full
 * plan), or NULL without a plan. Made when first asked for. */
const GArray      *cp_project_analysis_get_what_if    (CpProjectAnalysis *analysis,
                                                       guint              job_index);
/* Every job's full plan, in the project's order (borrowed pointers). */
GPtrArray         *cp_project_analysis_get_full_plans (CpProjectAnalysis *analysis);

/* The project's calendar (cp_schedule_new()) from every job's full plan,
 * as the reports place it, @report_day standing in for a project that
 * sets no start date; NULL with @error when the jobs' order loops. Made
 * when first asked for and kept until a change (or another start). */
const CpSchedule  *cp_project_analysis_get_schedule   (CpProjectAnalysis *analysis,
                                                       const GDate       *report_day,
                                                       GError           **error);
/* That calendar's fallback when one quote is short of nodes
 * (cp_schedule_fallback_new()), or NULL; made and kept with it, so that
 * the memo and the window's calendar give the same days. */
const CpScheduleFallback *cp_project_analysis_get_fallback (CpProjectAnalysis *analysis,
                                                            const GDate       *report_day);
/* Job @job_index placed on the calendar after the jobs it starts after,
 * from the plans the analysis has (nothing is planned; the jobs it does
 * not wait for are left unplanned in it): a new schedule whose entry
 * @job_index is the job's days. NULL when one of those jobs has no plan
 * yet, with @waiting_job set to the first of them (to plan on a worker),
 * else -1 (the job's order loops). */
CpSchedule        *cp_project_analysis_peek_job_schedule (CpProjectAnalysis *analysis,
                                                          guint              job_index,
                                                          const GDate       *report_day,
                                                          int               *waiting_job);

/* The plan or sweep if it is there, else NULL (nothing is made). */
const CpPlan      *cp_project_analysis_peek_plan      (CpProjectAnalysis *analysis, guint job_index);
const CpSweep     *cp_project_analysis_peek_sweep     (CpProjectAnalysis *analysis, guint job_index);

/* The analysis's generation: it changes with every update that finds a
 * change (a job edited, added or deleted, a quote or a setting). Work
 * handed out for one generation is kept only by the same generation. */
guint              cp_project_analysis_get_generation (CpProjectAnalysis *analysis);

/* A sweep to make on a worker thread: its own copy of the project as it
 * is now, tagged with the generation it is made for. */
typedef struct {
  CpProject *project;
  guint      job_index;
  guint      generation;
  guint      max_points;
} CpSweepOrder;

CpSweepOrder      *cp_project_analysis_order_sweep    (CpProjectAnalysis *analysis,
                                                       guint              job_index);
/* Runs on any thread: it reads only the order's copy. */
CpSweep           *cp_sweep_order_run                 (const CpSweepOrder *order);
void               cp_sweep_order_free                (CpSweepOrder      *order);
/* Takes @sweep, made for @order: kept and returned if the analysis is
 * still of the order's generation, else freed, and NULL (stale: the job
 * it was made for may have changed, moved or gone). */
const CpSweep     *cp_project_analysis_take_sweep     (CpProjectAnalysis  *analysis,
                                                       const CpSweepOrder *order,
                                                       CpSweep            *sweep);

/* A job's plan (without its robustness) to make on a worker thread: its
 * own copy of the project, tagged with the generation it is made for. */
typedef struct {
  CpProject *project;
  guint      job_index;
  guint      generation;
  CpPlan    *plan;        /* made by cp_plan_order_run() */
  gint64     cost_us;     /* the time it took, or -1: made from earlier_plan */
  /* After a change of quotes alone, the plan before it and which quotes
   * it read still are (cp_plan_new_reusing()); or the options made before
   * cp_project_analysis_try_plan() ran out of time, and their quotes;
   * else NULL. */
  CpPlan    *earlier_plan;
  GArray    *unchanged_quotes;
} CpPlanOrder;

/* NULL when the plan is there already. A job planned after another
 * counts what the team learnt there (cp_project_cluster_learned_from()):
 * while a job it starts after has no plan, the order is that job's
 * (order->job_index). */
CpPlanOrder       *cp_project_analysis_order_plan     (CpProjectAnalysis *analysis,
                                                       guint              job_index);
/* Runs on any thread: it reads and writes only the order's copy. */
void               cp_plan_order_run                  (CpPlanOrder       *order);
void               cp_plan_order_free                 (CpPlanOrder       *order);
/* The job's plan, taken from @order if the analysis is still of its
 * generation (else NULL: stale). */
const CpPlan      *cp_project_analysis_take_plan      (CpProjectAnalysis *analysis,
                                                       CpPlanOrder       *order);

/* Whether the verdict holds and what would change it, to work out on a
 * worker thread: its own copies of the project and of the job's plan (as
 * cp_project_analysis_get_plan() made it), tagged with the generation
 * they are made for. cp_details_order_run() adds the robustness to the
 * copy and makes the what-if list; cp_project_analysis_take_details()
 * puts both in the analysis, as cp_project_analysis_get_full_plan() and
 * cp_project_analysis_get_what_if() would have made them there. */
typedef struct {
  CpProject *project;
  CpPlan    *plan;
  guint      job_index;
  guint      generation;
  GArray    *what_if;     /* CpWhatIf, made by cp_details_order_run() */
} CpDetailsOrder;

/* NULL when the analysis has both already (nothing to order). */
CpDetailsOrder    *cp_project_analysis_order_details  (CpProjectAnalysis *analysis,
                                                       guint              job_index);
/* Runs on any thread: it reads and writes only the order's copies. */
void               cp_details_order_run               (CpDetailsOrder    *order);
void               cp_details_order_free              (CpDetailsOrder    *order);
/* Whether the analysis now has job @order->job_index's full plan and
 * what-if list: FALSE when the order is stale (of another generation),
 * and the order's results are left unused. */
gboolean           cp_project_analysis_take_details   (CpProjectAnalysis *analysis,
                                                       CpDetailsOrder    *order);
/* Whether the job's full plan and what-if list are there (nothing is
 * made). */
gboolean           cp_project_analysis_has_details    (CpProjectAnalysis *analysis,
                                                       guint              job_index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpProjectAnalysis, cp_project_analysis_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpDetailsOrder, cp_details_order_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpPlanOrder, cp_plan_order_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CpSweepOrder, cp_sweep_order_free)

G_END_DECLS

/* cp-results-view-charts.c: the charts of CpResultsView.
 *
 * Owns the cost and serving charts, drawn from the job's sweep (kept in
 * the project's analysis, else made on a worker and taken in place when
 * it comes) and the project's timeline with the calendar's "Not
 * approvable" check, both from the analysis's plans of every job (those
 * it has not are made on a worker); each chart says what the pointer is
 * over itself (cp-chart-view.c). The view's struct is in cp-results-view-private.h.
 */
#include "config.h"

#include "planner/cp-project-analysis.h"
#include "planner/cp-schedule.h"
#include "report/cp-i18n.h"
#include "report/cp-report-schedule.h"
#include "report/cp-report-sections.h"

#include "cp-labels.h"
#include "cp-results-view.h"
#include "cp-results-view-private.h"

/* Page 1's amount to approve over the calendar, and the memo's warning
 * of quotes booked beyond their offer under it, made with it on the
 * worker (cp_report_timeline_chart_new()); each hidden while there is
 * none. */
static void
set_approval (CpResultsView *self,
              const char    *text,
              const char    *overbooking)
{
  _cp_results_view_set_label (self->approval_label, text != NULL ? text : "");
  _cp_results_view_set_visible (GTK_WIDGET (self->approval_label), text != NULL && *text != '\0');
  _cp_results_view_set_label (self->overbooking_label, overbooking != NULL ? overbooking : "");
  _cp_results_view_set_visible (GTK_WIDGET (self->overbooking_label), overbooking != NULL && *overbooking != '\0');
  _cp_results_view_show_capacity (self);
}

static gboolean
timeline_shown (CpResultsView *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->chart_stack), "timeline") == 0;
}

/* The calendar's timeline waits for every job's full plan, of the
 * window's analysis: an edit since leaves it to be made again, and its
 * tab says "Calculating…", not an older revision's amount. */
static void
set_timeline_calculating (CpResultsView *self)
{
  set_approval (self, NULL, NULL);
  cp_chart_view_set_calculating (self->timeline_chart);
}

void
_cp_results_view_update_timeline (CpResultsView   *self,
                                  const CpProject *project)
{
  if (project == NULL || project->jobs->len == 0 || project->quotes->len == 0)
    {
      self->timeline_pending = FALSE;
      set_approval (self, NULL, NULL);
      cp_chart_view_set_data (self->timeline_chart, NULL);
      return;
    }
  self->timeline_pending = TRUE;
  if (timeline_shown (self))
    {
      set_timeline_calculating (self);
      /* Its words under the verdict, checked again with it. */
      _cp_results_view_check_capacity (self, project);
    }
}

static void
on_chart_shown (CpResultsView *self)
{
  if (self->timeline_pending && timeline_shown (self) && self->analysis != NULL)
    {
      set_timeline_calculating (self);
      _cp_results_view_check_capacity (self, cp_project_analysis_get_project (self->analysis));
    }
  _cp_results_view_show_capacity (self);
}

/* The cost and serving charts from the job's sweep. */
static void
set_sweep_charts (CpResultsView   *self,
                  const CpProject *project,
                  guint            job_index,
                  const CpSweep   *sweep)
{
  const CpJob *job = g_ptr_array_index (project->jobs, job_index);
  const char *lang = cp_labels_ui_language ();

  self->chart_job = (int) job_index;
  cp_chart_view_set_data (self->cost_chart, cp_chart_data_new_cost (project, job_index, self->plan, sweep, lang));
  /* Only a service is priced per token. */
  cp_chart_view_set_data (self->serving_chart, job->kind == CP_TASK_INFERENCE
                                               ? cp_chart_data_new_serving (project, job_index, self->plan, sweep, lang)
                                               : NULL);
}

static void
sweep_in_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  if (g_task_return_error_if_cancelled (task))
    return;
  g_task_return_pointer (task, cp_sweep_order_run (task_data), (GDestroyNotify) cp_sweep_free);
}

static void
on_sweep_ready (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(CpResultsView) self = user_data;
  const CpSweepOrder *order = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;
  CpSweep *sweep = g_task_propagate_pointer (G_TASK (result), &error);
  const CpSweep *kept;

  /* A newer change's sweep is on its way, or the view is gone. */
  if (sweep == NULL)
    return;
  g_clear_object (&self->sweep_cancellable);
  /* Made for an older generation of the project (a job changed, added or
   * deleted since), it is dropped. With a change waiting, the project has
   * changed already and the analysis does not know yet: that change's
   * update draws the charts. */
  kept = cp_project_analysis_take_sweep (self->analysis, order, sweep);
  if (kept == NULL || self->update_id != 0 || self->plan == NULL)
    return;
  set_sweep_charts (self, cp_project_analysis_get_project (self->analysis), order->job_index, kept);
}

/* The job's sweep, kept in the analysis, drawn at once; else made on a
 * worker over a copy of the project, and the charts say "Calculating…"
 * until it comes. */
void
_cp_results_view_update_sweep_charts (CpResultsView   *self,
                                      const CpProject *project,
                                      guint            job_index)
{
  const CpSweep *sweep = cp_project_analysis_peek_sweep (self->analysis, job_index);
  g_autoptr(GTask) task = NULL;

  g_cancellable_cancel (self->sweep_cancellable);
  g_clear_object (&self->sweep_cancellable);
  if (sweep != NULL)
    {
      set_sweep_charts (self, project, job_index, sweep);
      return;
    }
  /* Not the job's chart of before as if it were of this revision, nor
   * of the job before: the verdict above is of this revision
   * (walkthrough 9). The same job's chart stays, dimmed under
   * "Calculating…", until its new one comes (walk40 F10). */
  if (self->chart_job == (int) job_index)
    {
      cp_chart_view_set_recalculating (self->cost_chart);
      cp_chart_view_set_recalculating (self->serving_chart);
    }
  else
    {
      cp_chart_view_set_calculating (self->cost_chart);
      cp_chart_view_set_calculating (self->serving_chart);
    }
  self->chart_job = -1;
  self->sweep_cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->sweep_cancellable, on_sweep_ready, g_object_ref (self));
  g_task_set_source_tag (task, _cp_results_view_update_sweep_charts);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_set_task_data (task, cp_project_analysis_order_sweep (self->analysis, job_index),
                        (GDestroyNotify) cp_sweep_order_free);
  g_task_run_in_thread (task, sweep_in_thread);
}

void
_cp_results_view_charts_init (CpResultsView *self)
{
  self->chart_job = -1;
  g_signal_connect_swapped (self->chart_stack, "notify::visible-child-name",
                            G_CALLBACK (on_chart_shown), self);
}

/* The project calendar's "Not approvable as planned" said with each
 * job's verdict it concerns: five jobs each read "Recommended: Vendor A,
 * 1 machine" while A offers one, said only under the third chart tab
 * (walk33 W9). It needs every job's plan: checked when a project is
 * first shown and with the calendar's tab, not on each edit (an edit
 * plans the one job it touches, gui-plan-calls); after an edit the words
 * of the calendar before it are not shown.
 *
 * By job, the calendar's sentence for each quote it shares beyond its
 * offer (cp_report_overbooking_block_sentence()), NULL for a job that
 * shares none; NULL when the jobs' order loops. From the analysis's plans
 * (the recommended option of each, with or without its robustness), on
 * the main thread: placing the jobs plans nothing. */
static GPtrArray *
capacity_words_new (CpProjectAnalysis *analysis,
                    const char        *lang)
{
  const CpProject *project = cp_project_analysis_get_project (analysis);
  g_autoptr(GPtrArray) plans = g_ptr_array_sized_new (project->jobs->len);
  g_autoptr(CpSchedule) schedule = NULL;
  g_autoptr(GPtrArray) short_of = NULL;
  GPtrArray *words;

  for (guint j = 0; j < project->jobs->len; j++)
    g_ptr_array_add (plans, (gpointer) cp_project_analysis_peek_plan (analysis, j));
  schedule = cp_report_schedule_new (project, plans, NULL);
  words = g_ptr_array_new_full (project->jobs->len, g_free);
  g_ptr_array_set_size (words, (int) project->jobs->len);
  if (schedule != NULL)
    short_of = cp_schedule_overbookings (schedule, project);
  for (guint i = 0; short_of != NULL && i < short_of->len; i++)
    {
      const CpOverbooking *o = g_ptr_array_index (short_of, i);
      g_autofree char *sentence = cp_report_overbooking_block_sentence (project, schedule, o, lang);
      g_autofree char *spaced = cp_i18n_space_chinese (sentence, lang);

      for (guint j = 0; j < o->jobs->len; j++)
        {
          guint job = g_array_index (o->jobs, guint, j);
          char *before = g_ptr_array_index (words, job);

          g_ptr_array_index (words, job) = before != NULL ? g_strconcat (before, "\n", spaced, NULL) : g_strdup (spaced);
          g_free (before);
        }
    }
  return words;
}

/* The calendar's sentences on the quotes the job shown shares beyond
 * their offer, or NULL. */
static const char *
capacity_words_of_job (CpResultsView *self)
{
  if (self->capacity_words != NULL && self->analysis != NULL &&
      self->capacity_generation == cp_project_analysis_get_generation (self->analysis) &&
      self->headline_job >= 0 && (guint) self->headline_job < self->capacity_words->len)
    return g_ptr_array_index (self->capacity_words, self->headline_job);
  return NULL;
}

gboolean
_cp_results_view_capacity_concerns_job (CpResultsView *self)
{
  return capacity_words_of_job (self) != NULL;
}

/* Said under the verdict unless the calendar's tab says it under its
 * amount for every job: in present mode the room read the same "Not
 * approvable as planned" paragraph twice on one screen (walk35 U8). */
void
_cp_results_view_show_capacity (CpResultsView *self)
{
  const char *words = capacity_words_of_job (self);
  gboolean said_below = timeline_shown (self) && gtk_widget_get_visible (GTK_WIDGET (self->overbooking_label));

  _cp_results_view_set_label (self->capacity_label, words != NULL ? words : "");
  _cp_results_view_set_visible (GTK_WIDGET (self->capacity_label), words != NULL && !said_below);
}

void
_cp_results_view_check_capacity (CpResultsView   *self,
                                  const CpProject *project)
{
  /* One job has no other to share a vendor's machines with. */
  self->capacity_pending = project->jobs->len >= 2 && project->quotes->len > 0 &&
                           (self->capacity_words == NULL ||
                            self->capacity_generation != cp_project_analysis_get_generation (self->analysis));
  _cp_results_view_continue_calendar (self);
}

/* ---------------------------------------------------------------------- */
/* The calendar's plans: every job's, from the window's analysis, so that
 * a change is planned once for the verdict, the "Not approvable" check
 * and the calendar's tab alike (issue 25), and a job switched to after
 * them is shown at once. A job without a plan (or, for the timeline,
 * without its robustness) is planned on a worker, one at a time, and
 * only while the view has none of its own out: the job shown comes
 * first, and is not planned twice. */

/* A plan or its details, made for the calendar, taken into the analysis
 * (of an older generation, dropped: the next order is of this one). */
static void
on_calendar_order_ready (GObject      *source,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  g_autoptr(CpResultsView) self = user_data;
  GTask *task = G_TASK (result);

  /* The view is gone. */
  if (!g_task_propagate_boolean (task, NULL))
    return;
  if (g_task_get_source_tag (task) == _cp_results_view_plan_in_thread)
    cp_project_analysis_take_plan (self->analysis, g_task_get_task_data (task));
  else
    cp_project_analysis_take_details (self->analysis, g_task_get_task_data (task));
  g_clear_object (&self->calendar_cancellable);
  _cp_results_view_continue_calendar (self);
}

/* @in_thread runs @order on a worker; it tags the task. */
static void
order_for_calendar (CpResultsView   *self,
                    gpointer         order,
                    GDestroyNotify   order_free,
                    GTaskThreadFunc  in_thread)
{
  g_autoptr(GTask) task = NULL;

  self->calendar_cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->calendar_cancellable, on_calendar_order_ready, g_object_ref (self));
  g_task_set_source_tag (task, in_thread);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_set_priority (task, G_PRIORITY_LOW);
  g_task_set_task_data (task, order, order_free);
  g_task_run_in_thread (task, in_thread);
}

/* Orders the next plan the calendar waits for; FALSE when every job has
 * one (and, with @full, its robustness). */
static gboolean
order_calendar_plan (CpResultsView *self,
                     gboolean       full)
{
  guint n_jobs = cp_project_analysis_get_project (self->analysis)->jobs->len;

  for (guint j = 0; j < n_jobs; j++)
    if (cp_project_analysis_peek_plan (self->analysis, j) == NULL)
      {
        order_for_calendar (self, cp_project_analysis_order_plan (self->analysis, j),
                            (GDestroyNotify) cp_plan_order_free, _cp_results_view_plan_in_thread);
        return TRUE;
      }
  for (guint j = 0; full && j < n_jobs; j++)
    if (!cp_project_analysis_has_details (self->analysis, j))
      {
        order_for_calendar (self, cp_project_analysis_order_details (self->analysis, j),
                            (GDestroyNotify) cp_details_order_free, _cp_results_view_details_in_thread);
        return TRUE;
      }
  return FALSE;
}

void
_cp_results_view_continue_calendar (CpResultsView *self)
{
  gboolean timeline = self->timeline_pending && timeline_shown (self);

  if ((!self->capacity_pending && !timeline) || self->analysis == NULL ||
      self->calendar_cancellable != NULL || _cp_results_view_planning_job (self) ||
      order_calendar_plan (self, timeline))
    return;
  if (self->capacity_pending)
    {
      g_clear_pointer (&self->capacity_words, g_ptr_array_unref);
      self->capacity_words = capacity_words_new (self->analysis, cp_labels_ui_language ());
      self->capacity_generation = cp_project_analysis_get_generation (self->analysis);
      self->capacity_pending = FALSE;
      _cp_results_view_show_capacity (self);
    }
  if (timeline)
    {
      /* Jobs whose order loops have no calendar: the job form says why. */
      CpChartData *chart = cp_report_timeline_chart_new (self->analysis, cp_labels_ui_language (), NULL);

      self->timeline_pending = FALSE;
      set_approval (self, chart != NULL ? chart->approval : NULL, chart != NULL ? chart->overbooking : NULL);
      cp_chart_view_set_data (self->timeline_chart, chart);
    }
}

void
_cp_results_view_cancel_calendar (CpResultsView *self)
{
  g_cancellable_cancel (self->calendar_cancellable);
  g_clear_object (&self->calendar_cancellable);
  self->timeline_pending = FALSE;
  self->capacity_pending = FALSE;
}

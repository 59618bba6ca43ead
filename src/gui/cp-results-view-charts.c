/* cp-results-view-charts.c: the charts of CpResultsView.
 *
 * Owns the cost and serving charts, drawn from the job's sweep (kept in
 * the project's analysis, else made on a worker and taken in place when
 * it comes) and the project's timeline (planned on a worker, only while
 * its tab shows); each chart says what the pointer is over itself
 * (cp-chart-view.c). The view's struct is in cp-results-view-private.h.
 */
#include "config.h"

#include "planner/cp-project-analysis.h"
#include "report/cp-report-async.h"

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
}

static void
on_timeline_ready (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(CpResultsView) self = user_data;
  g_autoptr(GError) error = NULL;
  CpChartData *chart = cp_report_timeline_finish (result, &error);

  /* A newer project's timeline is on its way, or the view is gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  /* Jobs whose order loops have no calendar: the job form says why. */
  set_approval (self, chart != NULL ? chart->approval : NULL, chart != NULL ? chart->overbooking : NULL);
  cp_chart_view_set_data (self->timeline_chart, chart);
}

/* The project's calendar plans every job, on a worker thread: only while
 * its tab is shown, so that an edit elsewhere plans the one job it
 * touches (gui-plan-calls). A change made while the tab is hidden is
 * drawn when it is shown. */
static void
make_timeline (CpResultsView *self)
{
  const CpProject *project = g_steal_pointer (&self->timeline_project);

  self->timeline_cancellable = g_cancellable_new ();
  /* Not an older revision's amount beside "Calculating…". */
  set_approval (self, NULL, NULL);
  cp_chart_view_set_calculating (self->timeline_chart);
  cp_report_timeline_async (project, cp_labels_ui_language (), self->timeline_cancellable,
                            on_timeline_ready, g_object_ref (self));
}

static gboolean
timeline_shown (CpResultsView *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->chart_stack), "timeline") == 0;
}

void
_cp_results_view_update_timeline (CpResultsView   *self,
                                  const CpProject *project)
{
  g_cancellable_cancel (self->timeline_cancellable);
  g_clear_object (&self->timeline_cancellable);
  self->timeline_project = NULL;
  if (project == NULL || project->jobs->len == 0 || project->quotes->len == 0)
    {
      set_approval (self, NULL, NULL);
      cp_chart_view_set_data (self->timeline_chart, NULL);
      return;
    }
  self->timeline_project = project;
  if (timeline_shown (self))
    make_timeline (self);
}

static void
on_chart_shown (CpResultsView *self)
{
  if (self->timeline_project != NULL && timeline_shown (self))
    make_timeline (self);
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
  /* Not the job's chart of before, nor of the job before: the verdict
   * above is of this revision (walkthrough 9). */
  cp_chart_view_set_calculating (self->cost_chart);
  cp_chart_view_set_calculating (self->serving_chart);
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

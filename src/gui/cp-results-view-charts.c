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
#include "planner/cp-schedule.h"
#include "report/cp-i18n.h"
#include "report/cp-report-async.h"
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
  if (self->analysis != NULL)
    _cp_results_view_check_capacity (self, project);
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

/* The project calendar's "Not approvable as planned" said with each
 * job's verdict it concerns: five jobs each read "Recommended: Vendor A,
 * 1 machine" while A offers one, said only under the third chart tab
 * (walk33 W9). The calendar plans every job, on a worker: when a project
 * is first shown and with the calendar's tab, not on each edit (an edit
 * plans the one job it touches, gui-plan-calls); after an edit the words
 * of the calendar before it are not shown. */
typedef struct {
  CpProject *project;
  char      *lang;
} CapacityTask;

static void
capacity_task_free (CapacityTask *data)
{
  cp_project_free (data->project);
  g_free (data->lang);
  g_free (data);
}

/* By job, the calendar's sentence for each quote it shares beyond its
 * offer (cp_report_overbooking_block_sentence()), NULL for a job that
 * shares none; NULL when the jobs' order loops. */
static void
capacity_in_thread (GTask        *task,
                    gpointer      source_object,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  CapacityTask *data = task_data;
  CpProjectAnalysis *analysis;
  g_autoptr(GPtrArray) plans = NULL;
  g_autoptr(CpSchedule) schedule = NULL;
  g_autoptr(GPtrArray) short_of = NULL;
  GPtrArray *words;

  if (g_task_return_error_if_cancelled (task))
    return;
  analysis = cp_project_analysis_new (data->project, CP_CHART_COST_MAX_POINTS);
  /* The calendar places each job's recommended option: its plan without
   * the robustness search, which takes most of a full plan's time. */
  plans = g_ptr_array_sized_new (data->project->jobs->len);
  for (guint j = 0; j < data->project->jobs->len; j++)
    g_ptr_array_add (plans, (gpointer) cp_project_analysis_get_plan (analysis, j));
  schedule = cp_report_schedule_new (data->project, plans, NULL);
  words = g_ptr_array_new_full (data->project->jobs->len, g_free);
  g_ptr_array_set_size (words, (int) data->project->jobs->len);
  if (schedule != NULL)
    short_of = cp_schedule_overbookings (schedule, data->project);
  for (guint i = 0; short_of != NULL && i < short_of->len; i++)
    {
      const CpOverbooking *o = g_ptr_array_index (short_of, i);
      g_autofree char *sentence = cp_report_overbooking_block_sentence (data->project, schedule, o, data->lang);
      g_autofree char *spaced = cp_i18n_space_chinese (sentence, data->lang);

      for (guint j = 0; j < o->jobs->len; j++)
        {
          guint job = g_array_index (o->jobs, guint, j);
          char *before = g_ptr_array_index (words, job);

          g_ptr_array_index (words, job) = before != NULL ? g_strconcat (before, "\n", spaced, NULL) : g_strdup (spaced);
          g_free (before);
        }
    }
  g_clear_pointer (&plans, g_ptr_array_unref);
  cp_project_analysis_free (analysis);
  g_task_return_pointer (task, words, (GDestroyNotify) g_ptr_array_unref);
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

static void
on_capacity_ready (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(CpResultsView) self = user_data;
  g_autoptr(GError) error = NULL;
  GPtrArray *words = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->capacity_cancellable);
  g_clear_pointer (&self->capacity_words, g_ptr_array_unref);
  self->capacity_words = words;
  self->capacity_generation = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (result), "cp-generation"));
  _cp_results_view_show_capacity (self);
}

void
_cp_results_view_check_capacity (CpResultsView   *self,
                                  const CpProject *project)
{
  g_autoptr(GTask) task = NULL;
  CapacityTask *data;
  guint generation = cp_project_analysis_get_generation (self->analysis);

  self->capacity_project = project;
  if ((self->capacity_words != NULL && self->capacity_generation == generation) ||
      (self->capacity_cancellable != NULL && self->capacity_requested == generation))
    return;
  g_cancellable_cancel (self->capacity_cancellable);
  g_clear_object (&self->capacity_cancellable);
  /* One job has no other to share a vendor's machines with. */
  if (project->jobs->len < 2 || project->quotes->len == 0)
    return;
  self->capacity_cancellable = g_cancellable_new ();
  self->capacity_requested = generation;
  task = g_task_new (NULL, self->capacity_cancellable, on_capacity_ready, g_object_ref (self));
  g_object_set_data (G_OBJECT (task), "cp-generation", GUINT_TO_POINTER (generation));
  data = g_new0 (CapacityTask, 1);
  data->project = cp_project_copy (project);
  data->lang = g_strdup (cp_labels_ui_language ());
  g_task_set_task_data (task, data, (GDestroyNotify) capacity_task_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, capacity_in_thread);
}

void
_cp_results_view_cancel_capacity (CpResultsView *self)
{
  g_cancellable_cancel (self->capacity_cancellable);
  g_clear_object (&self->capacity_cancellable);
}

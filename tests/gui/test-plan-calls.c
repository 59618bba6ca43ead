/* test-plan-calls.c: one accepted edit plans the job it touches once.
 *
 * The planner's entry points are wrapped at link time (-Wl,--wrap, see
 * meson.build): each wrapper counts its calls and calls the real one, so
 * the window runs exactly as it does for the user. After an edit typed
 * and accepted through the form, the window has planned the job it shows
 * once, swept it once for its charts and checked the verdict's robustness
 * once; a keystroke not yet accepted plans nothing. The project's analysis
 * keeps each job's plan until a change touches it: a job shown again is
 * not planned again, a quote edited plans the job shown again and each
 * other job when it is shown, and an export of the PDF and the XML plans
 * nothing the window has planned (every job, when the project opened),
 * checking and sweeping each other job once for both, as printing does
 * for the file it sends. The
 * calendar's tab and its check read the window's plans. The
 * table's rows, when out of sight, are filled after the frame that
 * shows the verdict, and in it when in sight; an edit planned on a
 * worker (as on a loaded machine) keeps the page where the user had
 * scrolled it, and the table's rows in place until the plan comes.
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "gui/cp-chart-view.h"
#include "gui/cp-field-row.h"
#include "gui/cp-quote-editor.h"
#include "gui/cp-option-object.h"
#include "gui/cp-window-private.h"
#include "gui/cp-window.h"
#include "planner/cp-project.h"
#include "planner/cp-sweep.h"
#include "cp-test-gui.h"
#include "planner/cp-what-if.h"

static CpApplication *app;

typedef struct {
  guint plans;        /* cp_plan_new(), cp_plan_new_without_robustness(), cp_plan_new_reusing(),
                       * cp_plan_new_until() when it finishes */
  guint sweeps;       /* cp_project_sweep_job() */
  guint robustness;   /* cp_project_plan_add_robustness() */
} Calls;

/* The sweeps run on a worker thread: counted atomically. */
static Calls calls;

/* While held, a plan the results view asked of a worker (cp_plan_order_run())
 * waits until the test lets it go: the frames painted meanwhile are those
 * a loaded machine paints while the plan is made, however fast this one
 * makes it. */
static struct {
  GMutex   lock;
  GCond    opened;
  gboolean held;
} gate;
static GThread *main_thread;

static void
pass_gate (void)
{
  if (g_thread_self () == main_thread)
    return;
  g_mutex_lock (&gate.lock);
  while (gate.held)
    g_cond_wait (&gate.opened, &gate.lock);
  g_mutex_unlock (&gate.lock);
}

static void
hold_gate (gboolean held)
{
  g_mutex_lock (&gate.lock);
  gate.held = held;
  g_cond_broadcast (&gate.opened);
  g_mutex_unlock (&gate.lock);
}

CpPlan *__real_cp_plan_new (const CpJob *job, const CpQuote *quotes, guint n_quotes,
                            const CpSettings *settings);
CpPlan *__wrap_cp_plan_new (const CpJob *job, const CpQuote *quotes, guint n_quotes,
                            const CpSettings *settings);
CpPlan *__real_cp_plan_new_without_robustness (const CpJob *job, const CpQuote *quotes,
                                               guint n_quotes, const CpSettings *settings);
CpPlan *__wrap_cp_plan_new_without_robustness (const CpJob *job, const CpQuote *quotes,
                                               guint n_quotes, const CpSettings *settings);
CpPlan *__real_cp_plan_new_reusing (const CpJob *job, const CpQuote *quotes, guint n_quotes,
                                    const CpSettings *settings, const CpPlan *earlier,
                                    const gboolean *unchanged);
CpPlan *__wrap_cp_plan_new_reusing (const CpJob *job, const CpQuote *quotes, guint n_quotes,
                                    const CpSettings *settings, const CpPlan *earlier,
                                    const gboolean *unchanged);
CpPlan *__real_cp_plan_new_until (const CpJob *job, const CpQuote *quotes, guint n_quotes,
                                  const CpSettings *settings, const CpPlan *earlier,
                                  const gboolean *unchanged, CpPlanStopFunc stop, gpointer stop_data,
                                  CpPlan **partial);
CpPlan *__wrap_cp_plan_new_until (const CpJob *job, const CpQuote *quotes, guint n_quotes,
                                  const CpSettings *settings, const CpPlan *earlier,
                                  const gboolean *unchanged, CpPlanStopFunc stop, gpointer stop_data,
                                  CpPlan **partial);
CpSweep *__real_cp_project_sweep_job (const CpProject *project, guint job_index, guint max_points);
CpSweep *__wrap_cp_project_sweep_job (const CpProject *project, guint job_index, guint max_points);
void __real_cp_project_plan_add_robustness (const CpProject *project, guint job_index, CpPlan *plan);
void __wrap_cp_project_plan_add_robustness (const CpProject *project, guint job_index, CpPlan *plan);

CpPlan *
__wrap_cp_plan_new (const CpJob      *job,
                    const CpQuote    *quotes,
                    guint             n_quotes,
                    const CpSettings *settings)
{
  g_atomic_int_inc (&calls.plans);
  return __real_cp_plan_new (job, quotes, n_quotes, settings);
}

CpPlan *
__wrap_cp_plan_new_without_robustness (const CpJob      *job,
                                       const CpQuote    *quotes,
                                       guint             n_quotes,
                                       const CpSettings *settings)
{
  g_atomic_int_inc (&calls.plans);
  pass_gate ();
  return __real_cp_plan_new_without_robustness (job, quotes, n_quotes, settings);
}

/* A job planned again after a change of quotes: a plan all the same. */
CpPlan *
__wrap_cp_plan_new_reusing (const CpJob      *job,
                            const CpQuote    *quotes,
                            guint             n_quotes,
                            const CpSettings *settings,
                            const CpPlan     *earlier,
                            const gboolean   *unchanged)
{
  g_atomic_int_inc (&calls.plans);
  pass_gate ();
  return __real_cp_plan_new_reusing (job, quotes, n_quotes, settings, earlier, unchanged);
}

/* A plan stopped for time is finished on a worker from the options it
 * made (cp_plan_new_reusing()): the plan is that one, made once. */
CpPlan *
__wrap_cp_plan_new_until (const CpJob      *job,
                          const CpQuote    *quotes,
                          guint             n_quotes,
                          const CpSettings *settings,
                          const CpPlan     *earlier,
                          const gboolean   *unchanged,
                          CpPlanStopFunc    stop,
                          gpointer          stop_data,
                          CpPlan          **partial)
{
  CpPlan *plan = __real_cp_plan_new_until (job, quotes, n_quotes, settings, earlier, unchanged, stop, stop_data,
                                           partial);

  if (plan != NULL)
    g_atomic_int_inc (&calls.plans);
  return plan;
}

CpSweep *
__wrap_cp_project_sweep_job (const CpProject *project,
                             guint            job_index,
                             guint            max_points)
{
  g_atomic_int_inc (&calls.sweeps);
  return __real_cp_project_sweep_job (project, job_index, max_points);
}

void
__wrap_cp_project_plan_add_robustness (const CpProject *project,
                                       guint            job_index,
                                       CpPlan          *plan)
{
  g_atomic_int_inc (&calls.robustness);
  __real_cp_project_plan_add_robustness (project, job_index, plan);
}

/* Runs the main loop until the results are updated and every idle after
 * them (the paragraphs, the robustness) has run: bounded by a count of
 * iterations, never by the clock. */
static void
settle (CpResultsView *results)
{
  for (guint i = 0; i < 100000 && cp_results_view_get_update_pending (results); i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (cp_results_view_get_update_pending (results));
  for (guint i = 0; i < 100000 && g_main_context_pending (NULL); i++)
    g_main_context_iteration (NULL, FALSE);
}

static guint
first_training_job (const CpProject *project)
{
  for (guint i = 0; i < project->jobs->len; i++)
    if (cp_task_kind_is_training (((const CpJob *) g_ptr_array_index (project->jobs, i))->kind))
      return i;
  g_assert_not_reached ();
}

static void
type_and_accept (CpFieldRow *row,
                 const char *text)
{
  GtkWidget *input = cp_field_row_get_input (row);

  gtk_editable_set_text (GTK_EDITABLE (input), text);
  g_signal_emit_by_name (input, "activate");
}

static void
test_edit_plans_touched_job_once (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpResultsView *results;
  CpProject *project;
  CpFieldRow *tokens;
  CpJob *job;
  guint job_index;

  project = cp_window_get_project (window);
  results = cp_window_get_results_view (window);
  job_index = first_training_job (project);
  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), (int) job_index));
  settle (results);
  job = g_ptr_array_index (project->jobs, job_index);
  tokens = cp_job_editor_get_row (cp_window_get_job_editor (window), "tokens");

  /* Typed but not accepted: nothing is planned. */
  calls = (Calls) { 0 };
  gtk_editable_set_text (GTK_EDITABLE (cp_field_row_get_input (tokens)), "1");
  settle (results);
  g_assert_cmpuint (calls.plans, ==, 0);
  g_assert_cmpuint (calls.sweeps, ==, 0);

  /* Accepted: the one job it touches is planned once, swept once for its
   * cost chart and checked for robustness once. */
  calls = (Calls) { 0 };
  type_and_accept (tokens, "150B");
  settle (results);
  g_assert_cmpfloat (job->tokens, ==, 150e9);
  g_assert_cmpuint (calls.plans, ==, 1);
  g_assert_cmpuint (calls.sweeps, ==, 1);
  g_assert_cmpuint (calls.robustness, ==, 1);

  /* Two edits accepted before the window updates are one change. */
  calls = (Calls) { 0 };
  type_and_accept (tokens, "160B");
  type_and_accept (tokens, "170B");
  settle (results);
  g_assert_cmpfloat (job->tokens, ==, 170e9);
  g_assert_cmpuint (calls.plans, ==, 1);
  g_assert_cmpuint (calls.sweeps, ==, 1);
  g_assert_cmpuint (calls.robustness, ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
select_job (CpWindow *window,
            guint     job_index)
{
  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), (int) job_index));
  settle (cp_window_get_results_view (window));
}

/* The plans "What would change it" makes of job @job_index, shown in
 * @window's results, for a team with experience of distributed training:
 * one when that might change the answer. */
static guint
team_replans (CpWindow *window,
              guint     job_index)
{
  const CpPlan *plan = cp_results_view_get_plan (cp_window_get_results_view (window));

  g_assert_nonnull (plan);
  return cp_what_if_team_may_change (cp_window_get_project (window), job_index, plan) ? 1 : 0;
}

static void
test_untouched_job_kept (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  guint first = first_training_job (project);
  guint other = first == 0 ? 1 : 0;
  CpFieldRow *price;

  g_assert_cmpuint (project->jobs->len, >=, 2);
  select_job (window, first);
  select_job (window, other);

  /* Both were planned: showing either again plans nothing. */
  calls = (Calls) { 0 };
  select_job (window, first);
  select_job (window, other);
  g_assert_cmpuint (calls.plans, ==, 0);
  g_assert_cmpuint (calls.sweeps, ==, 0);
  g_assert_cmpuint (calls.robustness, ==, 0);

  /* An edit of the job shown touches that job only. */
  calls = (Calls) { 0 };
  type_and_accept (cp_job_editor_get_row (cp_window_get_job_editor (window), "storage-tb"), "13");
  settle (cp_window_get_results_view (window));
  g_assert_cmpfloat (((CpJob *) g_ptr_array_index (project->jobs, other))->storage_tb, ==, 13);
  g_assert_cmpuint (calls.plans, ==, 1);
  select_job (window, first);
  g_assert_cmpuint (calls.plans, ==, 1);
  g_assert_cmpuint (calls.sweeps, ==, 1);
  g_assert_cmpuint (calls.robustness, ==, 1);

  /* A quote touches every job: the one the results show is planned
   * first, each other once after it on a worker, for the calendar's
   * "Not approvable as planned" under the verdict, which must be said
   * again after a change (walk37b V5: it was gone until the file was
   * opened again); none is planned again when shown. */
  gtk_list_box_select_row (cp_window_get_quotes_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), 0));
  settle (cp_window_get_results_view (window));
  calls = (Calls) { 0 };
  price = cp_quote_editor_get_row (cp_window_get_quote_editor (window), "price");
  type_and_accept (price, "3.25");
  settle (cp_window_get_results_view (window));
  g_assert_cmpfloat (((CpQuote *) g_ptr_array_index (project->quotes, 0))->price, ==, 3.25);
  /* And once more for "What would change it" when the team's experience
   * might (cp_what_if_team_may_change()): that plan is made on the
   * details' worker, which may not have reached it yet. */
  g_assert_cmpuint (calls.plans, >=, project->jobs->len);
  g_assert_cmpuint (calls.plans, <=, project->jobs->len + team_replans (window, other));
  g_assert_cmpuint (calls.sweeps, ==, 1);
  g_assert_cmpuint (calls.robustness, ==, 1);
  calls = (Calls) { 0 };
  select_job (window, first);
  g_assert_cmpuint (calls.plans, <=, team_replans (window, first));
  calls = (Calls) { 0 };
  select_job (window, first);
  select_job (window, other);
  g_assert_cmpuint (calls.plans, ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The plans "What would change it" makes of @project's jobs for an
 * experienced team, where that might change their answer, but for job
 * @except (-1: none); counted before the calls are. */
static guint
what_if_team_plans (const CpProject *project,
                    int              except)
{
  guint team_plans = 0;

  for (guint j = 0; j < project->jobs->len; j++)
    {
      g_autoptr(CpPlan) plan = cp_project_plan_job (project, j);

      if ((int) j != except)
        team_plans += cp_what_if_team_may_change (project, j, plan) ? 1 : 0;
    }
  /* Not every job: the demo's teams are described in some. */
  g_assert_cmpuint (team_plans, <, project->jobs->len);
  return team_plans;
}

/* Whether the window's analysis has every job's plan, and the verdict's
 * robustness and "What would change it" of the job shown (made on
 * workers after the verdict). */
static gboolean
window_has_planned (gpointer window)
{
  CpProject *project = cp_window_get_project (window);
  CpProjectAnalysis *analysis = cp_results_view_get_analysis (cp_window_get_results_view (window));
  GtkListBoxRow *shown = gtk_list_box_get_selected_row (cp_window_get_jobs_list (window));

  if (analysis == NULL || shown == NULL ||
      !cp_project_analysis_has_details (analysis, (guint) gtk_list_box_row_get_index (shown)))
    return FALSE;
  for (guint j = 0; j < project->jobs->len; j++)
    if (cp_project_analysis_peek_plan (analysis, j) == NULL)
      return FALSE;
  return TRUE;
}

/* The demo opened and settled, with what its window has planned: the
 * job shown, which is returned. */
static guint
settle_window_plans (CpWindow *window)
{
  settle (cp_window_get_results_view (window));
  cp_test_gui_wait_until (window_has_planned, window, "every job planned, the one shown checked");
  return (guint) gtk_list_box_row_get_index (gtk_list_box_get_selected_row (cp_window_get_jobs_list (window)));
}

static void
test_export_reads_window_plans (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  g_autofree char *dir = g_dir_make_tmp ("cp-plan-calls-export-XXXXXX", NULL);
  g_autofree char *base = g_build_filename (dir, "report", NULL);
  g_autofree char *pdf = g_strconcat (base, ".pdf", NULL);
  g_autofree char *xml = g_strconcat (base, ".xml", NULL);
  guint shown = settle_window_plans (window);
  guint team_plans = what_if_team_plans (project, (int) shown);

  calls = (Calls) { 0 };
  _cp_window_export_report_files (window, base, TRUE, TRUE, "en");
  for (guint i = 0; i < 1000000 && cp_window_get_busy (window); i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (cp_window_get_busy (window));
  g_assert_true (g_file_test (pdf, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (xml, G_FILE_TEST_EXISTS));
  /* The window's plans handed down (issue 25): no job planned again, one
   * robustness check and one sweep for each job but the one shown, for
   * both files, and the what-if's plans for an experienced team of those
   * jobs. Before, the export planned every job again: 7 plans and 7
   * checks and sweeps of the demo's 7 jobs. */
  g_assert_cmpuint (calls.plans, ==, team_plans);
  g_assert_cmpuint (calls.robustness, ==, project->jobs->len - 1);
  g_assert_cmpuint (calls.sweeps, ==, project->jobs->len - 1);

  g_unlink (pdf);
  g_unlink (xml);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Printing lays the report out for the paper on a worker, from the
 * window's plans, as an export does. */
static void
test_print_reads_window_plans (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  g_autofree char *dir = g_dir_make_tmp ("cp-plan-calls-print-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "printed.pdf", NULL);
  guint shown = settle_window_plans (window);
  guint team_plans = what_if_team_plans (project, (int) shown);

  calls = (Calls) { 0 };
  cp_window_set_print_export_path (window, pdf);
  g_action_group_activate_action (G_ACTION_GROUP (window), "print", NULL);
  cp_window_set_print_export_path (window, NULL);
  for (guint i = 0; i < 1000000 && cp_window_get_busy (window); i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (cp_window_get_busy (window));
  g_assert_true (g_file_test (pdf, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (calls.plans, ==, team_plans);
  g_assert_cmpuint (calls.robustness, ==, project->jobs->len - 1);
  g_assert_cmpuint (calls.sweeps, ==, project->jobs->len - 1);

  g_unlink (pdf);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean rows_are_plans (CpResultsView *results, GtkColumnView *table);

typedef struct {
  CpResultsView *results;
  GtkWidget     *table;
  const CpPlan  *plan;        /* of the job switched to */
  gboolean       painted;
  gboolean       table_shown; /* in the first frame painted with that plan */
} SwitchFrame;

static void
on_switch_frame (GdkFrameClock *clock,
                 SwitchFrame   *frame)
{
  if (frame->painted || cp_results_view_get_plan (frame->results) != frame->plan)
    return;
  frame->painted = TRUE;
  frame->table_shown = gtk_widget_get_visible (gtk_widget_get_ancestor (frame->table, GTK_TYPE_SCROLLED_WINDOW));
}

/* A job switched to shows its verdict in the first frame and its table,
 * hidden there (it shows no other job's rows), right after: its fifty
 * rows worded and measured were most of a 20 × 50 switch's frame. */
static void
test_switch_fills_table_after_frame (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpResultsView *results = cp_window_get_results_view (window);
  GtkColumnView *table = GTK_COLUMN_VIEW (cp_test_gui_find_of_type (GTK_WIDGET (results), GTK_TYPE_COLUMN_VIEW));
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  SwitchFrame frame = { results, GTK_WIDGET (table) };
  gulong handler;

  select_job (window, 1);
  frame.plan = cp_results_view_get_plan (results);
  select_job (window, 0);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (on_switch_frame), &frame);
  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), 1));
  for (guint i = 0; i < 100000 && !frame.painted; i++)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, handler);
  g_assert_true (frame.painted);
  g_assert_false (frame.table_shown);
  settle (results);
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_ancestor (GTK_WIDGET (table), GTK_TYPE_SCROLLED_WINDOW)));
  g_assert_true (rows_are_plans (results, table));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_timeline (gpointer view)
{
  return cp_chart_view_get_data (view) != NULL;
}

/* The project calendar's tab and the "Not approvable as planned" check
 * under the verdict read the window's plans (issue 25, one plan per
 * change): opening the project plans each job once, for the verdict of
 * the job shown and the check alike; the calendar's tab then adds each
 * other job's robustness (the report's amount rests on full plans) and
 * plans nothing again but the what-if's plans for an experienced team.
 * Before, each of the two copied the project and planned every job on
 * its own: 7 robustness checks for the tab where 6 are left. */
static void
test_calendar_reads_window_plans (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  CpResultsView *results = cp_window_get_results_view (window);
  CpChartView *timeline = cp_results_view_get_chart (results, CP_CHART_TIMELINE);
  guint n_jobs = project->jobs->len;
  guint team_plans = what_if_team_plans (project, -1);
  guint shown;

  g_assert_cmpuint (n_jobs, >=, 2);
  calls = (Calls) { 0 };
  settle (results);
  shown = (guint) gtk_list_box_row_get_index (gtk_list_box_get_selected_row (cp_window_get_jobs_list (window)));
  g_assert_cmpuint (calls.plans, >=, n_jobs);
  g_assert_cmpuint (calls.plans, <=, n_jobs + team_replans (window, shown));
  g_assert_cmpuint (calls.robustness, ==, 1);
  g_assert_cmpuint (calls.sweeps, ==, 1);
  team_plans -= team_replans (window, shown);

  calls = (Calls) { 0 };
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-calendar-chart", NULL));
  cp_test_gui_wait_until (has_timeline, timeline, "the project's calendar");
  settle (results);
  g_assert_cmpuint (calls.plans, ==, team_plans);
  g_assert_cmpuint (calls.robustness, ==, n_jobs - 1);
  g_assert_cmpuint (calls.sweeps, ==, 0);
  g_assert_cmpuint (cp_chart_view_get_data (timeline)->bars->len, ==, n_jobs);

  /* An edit with the calendar shown plans the job it touches, once, for
   * the verdict and the calendar. */
  calls = (Calls) { 0 };
  type_and_accept (cp_job_editor_get_row (cp_window_get_job_editor (window), "storage-tb"), "13");
  cp_test_gui_wait_until (has_timeline, timeline, "the project's calendar, again");
  settle (results);
  g_assert_cmpuint (calls.plans, >=, 1);
  g_assert_cmpuint (calls.plans, <=, 1 + team_replans (window, shown));
  g_assert_cmpuint (calls.robustness, ==, 1);
  g_assert_cmpuint (calls.sweeps, ==, 1);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whether each row of the results' table (read from the column view's
 * own model) carries the estimate of the plan the verdict shows. */
static gboolean
rows_are_plans (CpResultsView *results,
                GtkColumnView *table)
{
  GListModel *rows = G_LIST_MODEL (gtk_column_view_get_model (table));
  const CpPlan *plan = cp_results_view_get_plan (results);

  if (plan == NULL || g_list_model_get_n_items (rows) != plan->options->len)
    return FALSE;
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(CpOptionObject) row = g_list_model_get_item (rows, i);
      const CpOption *shown = cp_option_object_get_option (row);
      gboolean found = FALSE;

      for (guint o = 0; o < plan->options->len; o++)
        {
          const CpOption *option = &g_array_index (plan->options, CpOption, o);

          if (option->quote_index == shown->quote_index)
            found = option->estimate.total_cost == shown->estimate.total_cost &&
                    option->estimate.total_s == shown->estimate.total_s;
        }
      if (!found)
        return FALSE;
    }
  return TRUE;
}

typedef struct {
  CpResultsView *results;
  GtkColumnView *table;
  GtkWidget     *page;
  gboolean       painted;
  gboolean       in_sight;   /* the table, in the first frame painted with the new plan */
  gboolean       rows_new;   /* its rows, in that frame */
} FirstFrame;

/* Whether @table lies wholly outside what @page, the page scroller's
 * viewport, shows. */
static gboolean
out_of_page (GtkWidget *table,
             GtkWidget *page)
{
  graphene_point_t top;

  return gtk_widget_compute_point (table, page, &GRAPHENE_POINT_INIT (0, 0), &top) &&
         (top.y >= gtk_widget_get_height (page) || top.y + gtk_widget_get_height (table) <= 0);
}

/* The first frame that shows the edit's plan; the frames painted while it
 * is made on a worker show none, and are watched apart (Waiting). */
static void
on_first_frame (GdkFrameClock *clock,
                FirstFrame    *frame)
{
  GtkWidget *table = GTK_WIDGET (frame->table);

  if (frame->painted || cp_results_view_get_plan (frame->results) == NULL)
    return;
  frame->painted = TRUE;
  frame->in_sight = gtk_widget_is_drawable (table) && !out_of_page (table, frame->page);
  frame->rows_new = rows_are_plans (frame->results, frame->table);
}

/* Whether @table lies wholly outside what the page's viewport shows: a
 * scroll is laid out frames after it is asked for, later on a slow build. */
static gboolean
table_out_of_sight (gpointer table)
{
  return out_of_page (GTK_WIDGET (table), gtk_widget_get_ancestor (GTK_WIDGET (table), GTK_TYPE_VIEWPORT));
}

/* Where @table's top is in the window's view of the page. */
static double
table_top_px (GtkWidget *table)
{
  graphene_point_t top;

  g_assert_true (gtk_widget_compute_point (table, gtk_widget_get_ancestor (table, GTK_TYPE_VIEWPORT),
                                           &GRAPHENE_POINT_INIT (0, 0), &top));
  return top.y;
}

/* Runs the main loop until the first frame painted with the plan of the
 * change just made, and returns what it showed of the table; the results
 * settle then. */
static FirstFrame
watch_table (CpWindow *window)
{
  CpResultsView *results = cp_window_get_results_view (window);
  GtkColumnView *table = GTK_COLUMN_VIEW (cp_test_gui_find_of_type (GTK_WIDGET (results), GTK_TYPE_COLUMN_VIEW));
  FirstFrame frame = { results, table, gtk_widget_get_ancestor (GTK_WIDGET (table), GTK_TYPE_VIEWPORT) };
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  gulong handler;

  /* The page scroller's viewport: what the window shows of the page. */
  g_assert_nonnull (frame.page);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (on_first_frame), &frame);
  for (guint i = 0; i < 100000 && !frame.painted; i++)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, handler);
  g_assert_true (frame.painted);
  settle (results);
  return frame;
}

/* Accepts @text in @row and returns what the first frame painted with
 * the edit's plan showed of the table; the results settle then. */
static FirstFrame
edit_and_watch_table (CpWindow   *window,
                      CpFieldRow *row,
                      const char *text)
{
  type_and_accept (row, text);
  return watch_table (window);
}

/* The page scrolled down to the table's top, as a user comparing the
 * quotes has it; returns the scroll. */
static double
scroll_to_table (CpWindow *window)
{
  CpResultsView *results = cp_window_get_results_view (window);
  GtkWidget *table = cp_test_gui_find_of_type (GTK_WIDGET (results), GTK_TYPE_COLUMN_VIEW);
  GtkWidget *viewport = gtk_widget_get_ancestor (table, GTK_TYPE_VIEWPORT);
  GtkAdjustment *scroll = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (viewport));
  graphene_point_t top;

  g_assert_true (gtk_widget_compute_point (table, gtk_viewport_get_child (GTK_VIEWPORT (viewport)),
                                           &GRAPHENE_POINT_INIT (0, 0), &top));
  gtk_adjustment_set_value (scroll, top.y);
  cp_test_gui_wait_frames (GTK_WIDGET (window), 2);
  g_assert_false (table_out_of_sight (table));
  /* Well down the page, the verdict out of sight: a page shortened under
   * it would clamp the scroll. */
  g_assert_cmpfloat (gtk_adjustment_get_value (scroll), >, 0);
  return gtk_adjustment_get_value (scroll);
}

/* What the frames painted while the edit's plan is made on a worker
 * showed. */
typedef struct {
  CpResultsView *results;
  GtkWidget     *table;
  GtkAdjustment *scroll;
  double         scroll_px;      /* where the user left the page */
  double         top_px;         /* and the table's top in the window's view of it */
  guint          frames;         /* painted without a plan */
  guint          moved_frames;   /* of them, the page scrolled elsewhere or the table moved */
  guint          bare_frames;    /* of them, the table hidden or not dimmed */
} Waiting;

static void
on_waiting_frame (GdkFrameClock *clock,
                  Waiting       *waiting)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (waiting->table, GTK_TYPE_SCROLLED_WINDOW);

  if (cp_results_view_get_plan (waiting->results) != NULL)
    return;
  waiting->frames++;
  if (gtk_adjustment_get_value (waiting->scroll) != waiting->scroll_px ||
      table_top_px (waiting->table) != waiting->top_px)
    waiting->moved_frames++;
  if (!gtk_widget_is_drawable (waiting->table) || !gtk_widget_has_css_class (scroller, "dim-label"))
    waiting->bare_frames++;
}

/* The labels of the table's rows (not its column titles) that show
 * words, each with a reference; their words are appended to @words. */
static GPtrArray *
row_labels (GtkColumnView *table,
            GPtrArray     *words)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GPtrArray *rows = g_ptr_array_new_with_free_func (g_object_unref);

  cp_test_gui_collect (GTK_WIDGET (table), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *label = g_ptr_array_index (labels, i);

      if (gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON) != NULL ||
          !gtk_widget_get_visible (label) || *gtk_label_get_text (GTK_LABEL (label)) == '\0')
        continue;
      g_ptr_array_add (rows, g_object_ref (label));
      g_ptr_array_add (words, g_strdup (gtk_label_get_text (GTK_LABEL (label))));
    }
  return rows;
}

/* Whether the rows of the results' table carry the plan that the
 * planner makes on its own of job @job_index of the window's project as
 * it is now. */
static gboolean
rows_are_planners (CpWindow *window,
                   guint     job_index)
{
  g_autoptr(CpPlan) plan = cp_project_plan_job (cp_window_get_project (window), job_index);
  GListModel *rows = cp_results_view_get_options (cp_window_get_results_view (window));

  if (g_list_model_get_n_items (rows) != plan->options->len)
    return FALSE;
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      gboolean found = FALSE;

      for (guint r = 0; r < g_list_model_get_n_items (rows) && !found; r++)
        {
          g_autoptr(CpOptionObject) row = g_list_model_get_item (rows, r);
          const CpOption *shown = cp_option_object_get_option (row);

          found = shown->quote_index == option->quote_index &&
                  shown->estimate.total_cost == option->estimate.total_cost &&
                  shown->estimate.total_s == option->estimate.total_s;
        }
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* The table's rows wait for the frame after an edit only while the table
 * is out of sight: the frame that shows the table shows the new plan's
 * rows, and once the results settle the rows are that plan's wherever
 * the table is. Each way the window may plan an edit is taken on
 * purpose, whatever the machine's load: in the frame after the edit,
 * then on a worker, held there for frames. While the worker plans, the
 * page stays where the user had scrolled it, down at the table, which
 * keeps its rows (the same widgets with their old words, dimmed) and
 * takes the new figures in them when the plan comes. Before, the frames
 * meanwhile hid the table under "Calculating…", the page shrank, its
 * scroll was clamped, and the table was out of sight when the plan came:
 * a jump on a loaded machine, and this test's failure in CI. */
static void
test_table_rows_follow_edit (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpResultsView *results = cp_window_get_results_view (window);
  GtkColumnView *table = GTK_COLUMN_VIEW (cp_test_gui_find_of_type (GTK_WIDGET (results), GTK_TYPE_COLUMN_VIEW));
  GtkWidget *table_scroller = gtk_widget_get_ancestor (GTK_WIDGET (table), GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *viewport = gtk_widget_get_ancestor (GTK_WIDGET (table), GTK_TYPE_VIEWPORT);
  GtkAdjustment *scroll = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (viewport));
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  guint job_index = first_training_job (cp_window_get_project (window));
  const CpJob *job = g_ptr_array_index (cp_window_get_project (window)->jobs, job_index);
  g_autoptr(GPtrArray) old_words = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) labels = NULL;
  Waiting waiting = { results, GTK_WIDGET (table), scroll };
  CpFieldRow *tokens;
  FirstFrame frame;
  guint n_updates;
  guint reworded = 0;
  gulong handler;

  select_job (window, job_index);
  tokens = cp_job_editor_get_row (cp_window_get_job_editor (window), "tokens");

  /* Planned in the frame after the edit (a budget no plan exceeds): that
   * frame shows the new rows. */
  cp_results_view_set_frame_plan_budget_us (results, G_MAXINT32);
  waiting.scroll_px = scroll_to_table (window);
  frame = edit_and_watch_table (window, tokens, "150B");
  g_assert_cmpfloat (job->tokens, ==, 150e9);
  g_assert_true (frame.in_sight);
  g_assert_true (frame.rows_new);
  g_assert_true (rows_are_plans (results, table));
  g_assert_cmpfloat (gtk_adjustment_get_value (scroll), ==, waiting.scroll_px);

  /* Planned on a worker, held there: the frames meanwhile keep the page
   * where it was and the table's rows in place, dimmed, with their old
   * words. */
  cp_results_view_set_frame_plan_budget_us (results, 0);
  labels = row_labels (table, old_words);
  g_assert_cmpuint (labels->len, >, 0);
  waiting.top_px = table_top_px (GTK_WIDGET (table));
  hold_gate (TRUE);
  n_updates = cp_results_view_get_n_updates (results);
  type_and_accept (tokens, "300B");
  for (guint i = 0; i < 100000 && cp_results_view_get_n_updates (results) == n_updates; i++)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (cp_results_view_get_n_updates (results), ==, n_updates + 1);
  g_assert_null (cp_results_view_get_plan (results));
  g_assert_cmpstr (cp_results_view_get_verdict_text (results), ==, "Calculating…");
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (on_waiting_frame), &waiting);
  cp_test_gui_wait_frames (GTK_WIDGET (window), 3);
  g_signal_handler_disconnect (clock, handler);
  g_assert_null (cp_results_view_get_plan (results));
  g_assert_cmpuint (waiting.frames, >=, 3);
  g_assert_cmpuint (waiting.moved_frames, ==, 0);
  g_assert_cmpuint (waiting.bare_frames, ==, 0);
  for (guint i = 0; i < labels->len; i++)
    {
      g_assert_true (gtk_widget_is_ancestor (g_ptr_array_index (labels, i), GTK_WIDGET (table)));
      g_assert_cmpstr (gtk_label_get_text (g_ptr_array_index (labels, i)), ==, g_ptr_array_index (old_words, i));
    }

  /* The plan comes: the first frame with it shows the table where it
   * was, its rows the new plan's, worded in the same widgets. */
  hold_gate (FALSE);
  frame = watch_table (window);
  g_assert_cmpfloat (job->tokens, ==, 300e9);
  g_assert_true (frame.in_sight);
  g_assert_true (frame.rows_new);
  g_assert_cmpfloat (gtk_adjustment_get_value (scroll), ==, waiting.scroll_px);
  g_assert_false (gtk_widget_has_css_class (table_scroller, "dim-label"));
  g_assert_true (rows_are_planners (window, job_index));
  for (guint i = 0; i < labels->len; i++)
    {
      g_assert_true (gtk_widget_is_ancestor (g_ptr_array_index (labels, i), GTK_WIDGET (table)));
      if (g_strcmp0 (gtk_label_get_text (g_ptr_array_index (labels, i)), g_ptr_array_index (old_words, i)) != 0)
        reworded++;
    }
  /* Twice the tokens: each row's time and cost are worded anew. */
  g_assert_cmpuint (reworded, >, 0);

  /* At the top of the page, under the verdict and the charts, the table
   * is out of sight: it is filled after that frame, and its rows are the
   * plan's once the results settle. */
  gtk_adjustment_set_value (scroll, 0);
  cp_test_gui_wait_until (table_out_of_sight, table, "the table scrolled out of sight");
  frame = edit_and_watch_table (window, tokens, "170B");
  g_assert_false (frame.in_sight);
  g_assert_false (frame.rows_new);
  g_assert_true (rows_are_plans (results, table));
  g_assert_true (rows_are_planners (window, job_index));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whether @node draws, at some depth, a cairo drawing at an opacity
 * below 1 (the chart before a change, dimmed), and whether it draws
 * text (with @text set). */
static gboolean
node_dims_drawing (GskRenderNode *node,
                   gboolean       dimmed,
                   gboolean      *text)
{
  gboolean found = FALSE;

  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CAIRO_NODE:
      return dimmed;
    case GSK_TEXT_NODE:
      *text = TRUE;
      return FALSE;
    case GSK_OPACITY_NODE:
      return node_dims_drawing (gsk_opacity_node_get_child (node), dimmed || gsk_opacity_node_get_opacity (node) < 1, text);
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        found |= node_dims_drawing (gsk_container_node_get_child (node, i), dimmed, text);
      return found;
    case GSK_TRANSFORM_NODE:
      return node_dims_drawing (gsk_transform_node_get_child (node), dimmed, text);
    case GSK_CLIP_NODE:
      return node_dims_drawing (gsk_clip_node_get_child (node), dimmed, text);
    case GSK_DEBUG_NODE:
      return node_dims_drawing (gsk_debug_node_get_child (node), dimmed, text);
    default:
      return FALSE;
    }
}

/* What the chart view draws now (its own snapshot, as the next frame
 * calls it; its buttons apart). */
static GskRenderNode *
render_chart (CpChartView *view)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GskRenderNode *node;

  GTK_WIDGET_GET_CLASS (view)->snapshot (GTK_WIDGET (view), snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  return node;
}

static gboolean
chart_drawn (gpointer view)
{
  return cp_chart_view_get_data (view) != NULL && !cp_chart_view_get_drawing (view) &&
         !cp_chart_view_get_calculating (view);
}

static gboolean
chart_calculating (gpointer view)
{
  return cp_chart_view_get_calculating (view);
}

/* The new chart in place of the one before the change. */
static gboolean
chart_replaced (gpointer view)
{
  return chart_drawn (view) && !cp_chart_view_get_previous_shown (view);
}

/* A price typed in a quote re-plans the job shown in the frame, and its
 * cost chart on a worker: meanwhile the chart as it was stays, dimmed,
 * under "Calculating…", and the new one takes its place (walk40 F10: the
 * chart vanished at each price edit and the room read it as gone). */
static void
test_price_edit_keeps_chart_dimmed (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpResultsView *results = cp_window_get_results_view (window);
  CpChartView *view = cp_results_view_get_chart (results, CP_CHART_COST);
  GtkWidget *price;
  g_autoptr(GskRenderNode) waiting = NULL;
  g_autoptr(GskRenderNode) drawn = NULL;
  gboolean text = FALSE;

  /* The plan in the frame, whatever the machine's load: the chart alone
   * waits for a worker. */
  cp_results_view_set_frame_plan_budget_us (results, G_MAXINT32);
  cp_window_select_quote (window, 0);
  settle (results);
  cp_test_gui_wait_until (chart_drawn, view, "the cost chart");
  cp_test_gui_wait_frames (GTK_WIDGET (view), 2);
  /* Its drawing made on a worker in those frames, then shown. */
  cp_test_gui_wait_until (chart_drawn, view, "the cost chart drawn");
  cp_test_gui_wait_frames (GTK_WIDGET (view), 1);
  g_assert_false (cp_chart_view_get_previous_shown (view));

  price = cp_field_row_get_input (cp_quote_editor_get_row (cp_window_get_quote_editor (window), "price"));
  gtk_editable_set_text (GTK_EDITABLE (price), "12.5/GPU/h");
  g_signal_emit_by_name (price, "activate");
  cp_test_gui_wait_until (chart_calculating, view, "the cost chart calculating after the price edit");
  g_assert_true (cp_chart_view_get_previous_shown (view));
  waiting = render_chart (view);
  g_assert_true (node_dims_drawing (waiting, FALSE, &text));
  g_assert_true (text);

  cp_test_gui_wait_until (chart_replaced, view, "the new cost chart");
  drawn = render_chart (view);
  text = FALSE;
  g_assert_false (node_dims_drawing (drawn, FALSE, &text));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  app = cp_test_gui_init (&argc, &argv, "plan-calls");
  main_thread = g_thread_self ();

  g_test_add_func ("/gui/plan-calls/edit-plans-touched-job-once", test_edit_plans_touched_job_once);
  g_test_add_func ("/gui/plan-calls/untouched-job-kept", test_untouched_job_kept);
  g_test_add_func ("/gui/plan-calls/export-reads-window-plans", test_export_reads_window_plans);
  g_test_add_func ("/gui/plan-calls/print-reads-window-plans", test_print_reads_window_plans);
  g_test_add_func ("/gui/plan-calls/table-rows-follow-edit", test_table_rows_follow_edit);
  g_test_add_func ("/gui/plan-calls/calendar-reads-window-plans", test_calendar_reads_window_plans);
  g_test_add_func ("/gui/plan-calls/switch-fills-table-after-frame", test_switch_fills_table_after_frame);
  g_test_add_func ("/gui/plan-calls/price-edit-keeps-chart-dimmed", test_price_edit_keeps_chart_dimmed);
  return g_test_run ();
}

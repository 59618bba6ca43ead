/* cp-results-view.c: the verdict, the comparison of quotes and the charts
 * for one job.
 *
 * Changes are folded into one idle that runs before the next frame is
 * laid out (sysprof's queue_reload pattern): it reads the job's plan from
 * the project's analysis (cp-project-analysis.h: planned once per change,
 * only for the jobs the change touched), updates the table's
 * CpOptionObject rows in place (one splice when the ranking changes), and
 * sets a label only when its words changed, so a keystroke re-measures
 * only what it changed. The sweep the cost and serving charts draw is made
 * on a worker, and the charts take it in place when it comes; whether the
 * verdict holds and what would change it are worked out on a worker after
 * that frame's paint, and the paragraphs below the table follow. A job
 * not shown yet (or whose plan takes more than half a frame) is planned
 * on a worker too, its "Calculating…" painted meanwhile; the window's
 * first frame plans nothing.
 *
 * One class over several files, as gnome-text-editor splits a window:
 * the struct and what the files share are in cp-results-view-private.h;
 * the table is cp-results-view-table.c, the charts and their workers
 * cp-results-view-charts.c, the paragraphs' words cp-results-view-words.c.
 * the reasons, the risks and the cluster question's paragraphs
 * cp-results-view-reasons.c, the widgets' setters that change only what
 * changed cp-results-view-labels.c, the getters the window and tests
 * read cp-results-view-get.c. This file owns the updates, the
 * verdict and the paragraphs' "Calculating…", and the widget's life.
 */
#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "planner/cp-project-analysis.h"
#include "planner/cp-units.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"
#include "report/cp-report-async.h"
#include "report/cp-report-schedule.h"
#include "report/cp-report-sections.h"

#include "cp-labels.h"
#include "cp-option-object.h"
#include "cp-results-view.h"
#include "cp-results-view-private.h"

/* Runs before GDK's layout and paint (GDK_PRIORITY_REDRAW is
 * G_PRIORITY_HIGH_IDLE + 20): a change shows in the frame after it. */
#define UPDATE_PRIORITY (G_PRIORITY_HIGH_IDLE + 10)
/* After that frame's paint. */
#define DETAILS_PRIORITY G_PRIORITY_LOW

G_DEFINE_FINAL_TYPE (CpResultsView, cp_results_view, ADW_TYPE_BIN)

/* A paragraph waiting for its words: dimmed, "Calculating…". */
static void
set_label_calculating (GtkLabel *label)
{
  _cp_results_view_set_label (label, _("Calculating…"));
  _cp_results_view_set_css_class (GTK_WIDGET (label), "dim-label", TRUE);
  _cp_results_view_set_visible (GTK_WIDGET (label), TRUE);
}

static void
set_label_done (GtkLabel *label)
{
  _cp_results_view_set_css_class (GTK_WIDGET (label), "dim-label", FALSE);
}

/* Whether the choice holds, under the recommendation, unless it says the
 * choice holds while the calendar's "Not approvable as planned" stands
 * above it: the room heard "not approvable" and "the recommendation
 * holds across the range of the assumptions" in one breath (walk35 U2).
 * The range holds only if the vendor has the machines the calendar needs
 * at once, which the warning says it has not; a doubt is still said. */
static void
show_robustness (CpResultsView *self)
{
  GtkWidget *robustness = GTK_WIDGET (self->robustness_label);
  gboolean contradicted;

  /* While its words are calculated it stays as it was: hidden under the
   * warning, it came back as "Calculating…" and moved the table below
   * (gui-plan-calls /table-rows-follow-edit, once a late job on the
   * calendar overbooked its vendor; _cp_results_view_set_calculating()). */
  if (self->details_calculating)
    return;
  contradicted = _cp_results_view_capacity_concerns_job (self) &&
                 !gtk_widget_has_css_class (robustness, "warning");

  _cp_results_view_set_visible (robustness, *gtk_label_get_label (self->robustness_label) != '\0' && !contradicted);
}

/* A paragraph above the charts about to say "Calculating…" keeps the
 * height its words had, of this job or the one before, until its own
 * words come (details_cb()): its one line, replaced by the several lines
 * of "Not firm…" and "What would change it", moved the charts under the
 * pointer some 80 px down on each job switch (walk36b Z12). Now they move
 * by the difference between the two jobs' words, none for the same job. */
static void
keep_room (GtkLabel *label)
{
  GtkWidget *widget = GTK_WIDGET (label);

  if (gtk_widget_has_css_class (widget, "dim-label"))
    return;
  gtk_widget_set_size_request (widget, -1, gtk_widget_get_visible (widget) ? gtk_widget_get_height (widget) : -1);
}

static void
release_room (GtkLabel *label)
{
  gtk_widget_set_size_request (GTK_WIDGET (label), -1, -1);
}

/* The page keeps its height while the paragraphs under the table
 * calculate (_cp_results_view_set_calculating()), until their words come
 * (details_cb()): the reasons, the risks and the cluster question's
 * paragraphs went to a line of "Calculating…" each, the page shrank under
 * a user scrolled down to the table, its scroll was clamped to the
 * shorter page, and the table moved 161 px down the window after an edit
 * of the demo's first training job, and stayed there when the words came
 * back (gui-plan-calls /table-rows-follow-edit). */
static void
keep_page_height (CpResultsView *self)
{
  GtkWidget *page = GTK_WIDGET (self->results_box);

  /* Calculating already: the height it had before. */
  if (self->details_calculating)
    return;
  gtk_widget_set_size_request (page, -1, gtk_widget_get_mapped (page) ? gtk_widget_get_height (page) : -1);
}

static void
release_page_height (CpResultsView *self)
{
  gtk_widget_set_size_request (GTK_WIDGET (self->results_box), -1, -1);
}

/* The verdict's lines, worded from the plan of the job shown: their
 * room is kept while it is made on a worker (set_replanning()), and given
 * back when their words come. */
static void
release_headline_room (CpResultsView *self)
{
  GtkLabel *lines[] = { self->verdict_label, self->summary_label, self->layout_label, self->capacity_label };

  for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
    release_room (lines[i]);
}

/* The job shown, changed, is planned on a worker (its plan takes more
 * than the frame's budget, as on a loaded machine): the page keeps its
 * height, and the user's place on it, until the plan comes. Hidden as
 * for another job, the verdict's lines and the table shrank the page,
 * its scroll was clamped to the shorter page, and the table a user had
 * scrolled down to was out of sight when the plan came (CI, under load:
 * gui-plan-calls /table-rows-follow-edit). The verdict says
 * "Calculating…" beside its spinner; it and the lines under it keep the
 * room their words had, blank meanwhile (their words may name what the
 * change renamed, walk36 X3); the table keeps its rows, dimmed, and takes
 * the new figures in place (_cp_results_view_fill_table()); the charts
 * say "Calculating…" at their own size. */
static void
set_replanning (CpResultsView *self)
{
  GtkLabel *blanked[] = { self->summary_label, self->layout_label, self->capacity_label };

  _cp_results_view_answer_outdated (self);
  keep_room (self->verdict_label);
  set_label_calculating (self->verdict_label);
  _cp_results_view_set_css_class (GTK_WIDGET (self->verdict_label), "error", FALSE);
  _cp_results_view_set_visible (GTK_WIDGET (self->verdict_spinner), TRUE);
  gtk_spinner_start (self->verdict_spinner);
  for (guint i = 0; i < G_N_ELEMENTS (blanked); i++)
    {
      keep_room (blanked[i]);
      _cp_results_view_set_label (blanked[i], "");
    }
  _cp_results_view_set_table_current (self, FALSE);
  cp_chart_view_set_calculating (self->memory_chart);
  cp_chart_view_set_calculating (self->cost_chart);
  cp_chart_view_set_calculating (self->serving_chart);
  self->chart_job = -1;
}

/* What is not yet computed for the job shown says "Calculating…" instead
 * of the words it had: switching jobs under load showed the previous
 * job's verdict for seconds, and once the new job's headline over the old
 * one's range "126 CNY to 216 CNY" (walkthrough 9). With @headline the
 * verdict, the table and every chart go too (another job); without, the
 * paragraphs the robustness search words, which come after the verdict. */
void
_cp_results_view_set_calculating (CpResultsView *self,
                                  gboolean       headline)
{
  GtkWidget *robustness = GTK_WIDGET (self->robustness_label);
  int i = 0;

  /* Measured before the verdict's parts are hidden below. */
  keep_page_height (self);
  keep_room (self->robustness_label);
  keep_room (self->changes_label);
  if (headline && (self->headline_job >= 0 || !self->painted_once))
    {
      self->headline_job = -1;
      g_clear_pointer (&self->headline_job_id, g_free);
      self->plan = NULL;
      _cp_results_view_forget_answer (self);
      _cp_results_view_show_capacity (self);
      set_label_calculating (self->verdict_label);
      _cp_results_view_set_css_class (GTK_WIDGET (self->verdict_label), "error", FALSE);
      _cp_results_view_set_visible (GTK_WIDGET (self->verdict_spinner), TRUE);
      gtk_spinner_start (self->verdict_spinner);
      _cp_results_view_set_visible (GTK_WIDGET (self->summary_label), FALSE);
      _cp_results_view_set_visible (GTK_WIDGET (self->sequence_label), FALSE);
      _cp_results_view_set_visible (GTK_WIDGET (self->layout_label), FALSE);
      _cp_results_view_set_visible (GTK_WIDGET (self->changes_heading), FALSE);
      _cp_results_view_set_visible (GTK_WIDGET (self->changes_label), FALSE);
      /* The table is hidden, not emptied: the next job's rows are the same
       * objects, updated in place, and their row widgets are kept (a
       * 20 × 50 switch made 50 rows anew). */
      _cp_results_view_set_visible (GTK_WIDGET (self->table_scroller), FALSE);
      cp_chart_view_set_calculating (self->memory_chart);
      cp_chart_view_set_calculating (self->cost_chart);
      cp_chart_view_set_calculating (self->serving_chart);
      self->chart_job = -1;
    }
  if (self->details_shown_job < 0 && self->details_calculating)
    return;
  self->details_shown_job = -1;
  self->details_calculating = TRUE;
  {
    gboolean shown = gtk_widget_get_visible (robustness);

    set_label_calculating (self->robustness_label);
    /* Hidden under the calendar's warning (show_robustness()), it stays
     * hidden until its words come. */
    if (!shown)
      _cp_results_view_set_visible (robustness, FALSE);
  }
  _cp_results_view_set_css_class (robustness, "warning", FALSE);
  _cp_results_view_set_visible (GTK_WIDGET (self->cluster_heading), TRUE);
  set_label_calculating (self->cluster_label);
  _cp_results_view_hide_cluster_paragraphs (self);
  _cp_results_view_set_visible (GTK_WIDGET (self->changes_heading), TRUE);
  set_label_calculating (self->changes_label);
  set_label_calculating (self->risks_label);
  _cp_results_view_set_visible (GTK_WIDGET (self->other_risks_label), FALSE);
  set_label_calculating (self->questions_label);
  /* The reasons' rows are hidden, not removed: worded again, most keep
   * their words and are not measured anew. The list shows its
   * placeholder meanwhile. */
  for (GtkListBoxRow *row; (row = gtk_list_box_get_row_at_index (self->reasons_list, i)) != NULL; i++)
    _cp_results_view_set_visible (GTK_WIDGET (row), FALSE);
  if (self->reasons_placeholder == NULL)
    {
      self->reasons_placeholder = g_object_ref_sink (gtk_label_new (_("Calculating…")));
      gtk_widget_add_css_class (self->reasons_placeholder, "dim-label");
      gtk_widget_set_margin_top (self->reasons_placeholder, 8);
      gtk_widget_set_margin_bottom (self->reasons_placeholder, 8);
    }
  if (gtk_widget_get_parent (self->reasons_placeholder) == NULL)
    gtk_list_box_set_placeholder (self->reasons_list, self->reasons_placeholder);
}

/* Whether the verdict shown is of job @job_index of @project: by its id
 * too, as another project or a deletion puts another job at an index. */
static gboolean
headline_is_of (CpResultsView   *self,
                const CpProject *project,
                int              job_index)
{
  const CpJob *job = g_ptr_array_index (project->jobs, job_index);

  return self->headline_job == job_index && g_strcmp0 (self->headline_job_id, job->id) == 0;
}

static void
show_page (CpResultsView *self,
           const char    *name)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), name) != 0)
    gtk_stack_set_visible_child_name (self->stack, name);
}

void
cp_results_view_note_new_job (CpResultsView *self,
                              const char    *job_id)
{
  g_return_if_fail (CP_IS_RESULTS_VIEW (self));
  g_return_if_fail (job_id != NULL);

  g_hash_table_add (self->new_job_ids, g_strdup (job_id));
}

/* The field a job just added is to be described by while its figures are
 * still the form's examples (cp_job_init()'s, which cp_job_figure_assumed()
 * tells from typed ones): a training job's tokens, a service's concurrent
 * requests while its requests' tokens are examples too. NULL for a job
 * described, and for a debugging or data job, whose 30 days stand as a
 * stated term. A plan of the examples read as the team's plan, and "not
 * feasible" for a model the team never chose as its verdict (issue 26). */
static const char *
field_to_describe (const CpJob *job)
{
  switch (job->kind)
    {
    case CP_TASK_PRETRAIN:
    case CP_TASK_FULL_FINETUNE:
    case CP_TASK_LORA:
    case CP_TASK_QLORA:
      return cp_job_figure_assumed (job, CP_JOB_STATED_TOKENS) ? "tokens" : NULL;
    case CP_TASK_INFERENCE:
      return cp_job_figure_assumed (job, CP_JOB_STATED_CONCURRENCY) &&
             cp_job_figure_assumed (job, CP_JOB_STATED_PROMPT_TOKENS) &&
             cp_job_figure_assumed (job, CP_JOB_STATED_OUTPUT_TOKENS) ? "concurrency" : NULL;
    case CP_TASK_DEBUG:
    case CP_TASK_DATA_PROCESSING:
    case CP_N_TASKS:
    default:
      return NULL;
    }
}

/* The page shown in place of a plan: none chosen ("empty"), a job
 * without quotes (nothing to plan it on, whatever it is), a job just
 * added to describe first; NULL where there is a plan. Only a job Add Job
 * made asks: a job of a file whose tokens happen to be the example (1B
 * of a fine-tune) was planned before and still is. */
static const char *
page_without_plan (CpResultsView   *self,
                   const CpProject *project,
                   int              job_index)
{
  const CpJob *job;

  if (project == NULL || job_index < 0 || (guint) job_index >= project->jobs->len)
    return "empty";
  if (project->quotes->len == 0)
    return "no-quotes";
  job = g_ptr_array_index (project->jobs, job_index);
  if (g_hash_table_contains (self->new_job_ids, job->id) && field_to_describe (job) != NULL)
    return "describe-job";
  return NULL;
}

/* What to type, and the button to the field that takes it. */
static void
show_describe_job (CpResultsView *self,
                   const CpJob   *job)
{
  const char *field = field_to_describe (job);
  GtkWidget *page = gtk_stack_get_child_by_name (self->stack, "describe-job");
  GtkWidget *button = adw_status_page_get_child (ADW_STATUS_PAGE (page));

  if (g_str_equal (field, "concurrency"))
    {
      adw_status_page_set_description (ADW_STATUS_PAGE (page),
                                       _("Choose its model, then type how many requests it serves at once and "
                                         "a request’s prompt and output tokens. The plan is worked out from "
                                         "the figures you give, not from the form’s examples."));
      gtk_button_set_label (GTK_BUTTON (button), _("Type the _Concurrent Requests"));
    }
  else
    {
      adw_status_page_set_description (ADW_STATUS_PAGE (page),
                                       _("Choose its model and kind (pre-training, fine-tuning or a service), "
                                         "then type how many tokens it trains on. The plan is worked out from "
                                         "the figures you give, not from the form’s examples."));
      gtk_button_set_label (GTK_BUTTON (button), _("Type the _Training Tokens"));
    }
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", field);
}

/* "Job 1 of 7: <name>" over the verdict, in the window and in present
 * mode (issue 26), as soon as the job is chosen: over another job's
 * "Calculating…" its name and place said the job before. */
static void
show_job_place (CpResultsView   *self,
                const CpProject *project,
                guint            job_index)
{
  g_autofree char *place = _cp_results_view_describe_job_place (project, job_index);

  _cp_results_view_set_label (self->job_label, place);
  _cp_results_view_set_visible (GTK_WIDGET (self->job_label), TRUE);
}

/* Whether the verdict holds across the assumptions' band (a search of
 * more estimates than the rest of the plan) and the long paragraphs (one
 * machine or the cluster, the reasons, the risks). Until then the line
 * under the verdict keeps its words: hidden and shown again, it would
 * move everything below it on every keystroke. */
static gboolean
details_cb (gpointer user_data)
{
  CpResultsView *self = user_data;
  const char *lang = cp_labels_ui_language ();
  g_autofree char *robustness = NULL;
  g_autofree char *cluster = NULL;
  g_autofree char *changes = NULL;
  gboolean doubt = FALSE;

  self->details_id = 0;
  if (self->plan == NULL || self->details_project == NULL)
    return G_SOURCE_REMOVE;

  /* The same plan, its robustness added in place (on the worker, unless
   * something else asked for it first). */
  self->plan = cp_project_analysis_get_full_plan (self->analysis, self->details_job_index);
  robustness = _cp_results_view_describe_robustness (self->details_project, self->plan,
                                                     cp_project_analysis_get_what_if (self->analysis,
                                                                                      self->details_job_index),
                                                     lang, &doubt);
  _cp_results_view_set_label (self->robustness_label, robustness);
  _cp_results_view_set_visible (GTK_WIDGET (self->robustness_label), *robustness != '\0');
  _cp_results_view_set_css_class (GTK_WIDGET (self->robustness_label), "warning", doubt);
  _cp_results_view_note_robustness (self, doubt);

  cluster = _cp_results_view_describe_cluster_question (self->analysis, self->details_job_index, self->plan, lang);
  _cp_results_view_set_cluster_text (self, cluster);
  changes = _cp_results_view_describe_changes (self->analysis, self->details_job_index, self->plan, lang);
  _cp_results_view_set_label (self->changes_label, changes);
  _cp_results_view_set_visible (GTK_WIDGET (self->changes_heading), *changes != '\0');
  _cp_results_view_set_visible (GTK_WIDGET (self->changes_label), *changes != '\0');
  _cp_results_view_set_visible (GTK_WIDGET (self->cluster_heading), *cluster != '\0');
  _cp_results_view_fill_reasons (self, self->details_project, lang);
  _cp_results_view_fill_risks (self, lang);
  gtk_list_box_set_placeholder (self->reasons_list, NULL);
  release_room (self->robustness_label);
  release_room (self->changes_label);
  release_page_height (self);
  set_label_done (self->robustness_label);
  self->details_calculating = FALSE;
  show_robustness (self);
  set_label_done (self->cluster_label);
  set_label_done (self->changes_label);
  set_label_done (self->risks_label);
  set_label_done (self->questions_label);
  self->details_shown_job = (int) self->details_job_index;
  self->details_shown_generation = cp_project_analysis_get_generation (self->analysis);
  self->details_project = NULL;
  /* The job shown is answered: the calendar's plans come next. */
  _cp_results_view_continue_calendar (self);
  return G_SOURCE_REMOVE;
}

void
_cp_results_view_details_in_thread (GTask        *task,
                                    gpointer      source_object,
                                    gpointer      task_data,
                                    GCancellable *cancellable)
{
  if (g_task_return_error_if_cancelled (task))
    return;
  cp_details_order_run (task_data);
  g_task_return_boolean (task, TRUE);
}

static void
on_details_ready (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(CpResultsView) self = user_data;
  CpDetailsOrder *order = g_task_get_task_data (G_TASK (result));

  /* A newer change cancelled it (its own details follow), or the view is
   * gone. */
  if (!g_task_propagate_boolean (G_TASK (result), NULL))
    return;
  g_clear_object (&self->details_cancellable);
  /* Of an older generation (the project changed since, and the change's
   * update orders its own), it is dropped. */
  if (!cp_project_analysis_take_details (self->analysis, order) || self->details_project == NULL ||
      self->details_job_index != order->job_index)
    return;
  if (self->details_id == 0)
    self->details_id = g_idle_add_full (DETAILS_PRIORITY, details_cb, self, NULL);
}

/* Whether the verdict holds and what would change it plan the job again
 * several times over (a bisection over each assumption, a plan per
 * candidate deadline): on a worker, over copies of the project and the
 * plan; the paragraphs are worded on the main thread when they come. */
static void
order_details (CpResultsView *self)
{
  CpDetailsOrder *order;
  g_autoptr(GTask) task = NULL;

  if (self->details_project == NULL || self->details_id != 0 || self->details_cancellable != NULL)
    return;
  order = cp_project_analysis_order_details (self->analysis, self->details_job_index);
  if (order == NULL)
    {
      self->details_id = g_idle_add_full (DETAILS_PRIORITY, details_cb, self, NULL);
      return;
    }
  self->details_cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->details_cancellable, on_details_ready, g_object_ref (self));
  g_task_set_source_tag (task, order_details);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_set_priority (task, G_PRIORITY_LOW);
  g_task_set_task_data (task, order, (GDestroyNotify) cp_details_order_free);
  g_task_run_in_thread (task, _cp_results_view_details_in_thread);
}

static gboolean
order_details_cb (gpointer user_data)
{
  CpResultsView *self = user_data;

  self->details_id = 0;
  order_details (self);
  return G_SOURCE_REMOVE;
}

static void
on_after_paint (GdkFrameClock *clock,
                CpResultsView *self)
{
  g_clear_signal_handler (&self->after_paint_id, clock);
  g_clear_object (&self->after_paint_clock);
  order_details (self);
}

gboolean
_cp_results_view_connect_frame (CpResultsView       *self,
                                GdkFrameClockPhase   phase,
                                GCallback            callback,
                                GdkFrameClock      **held_clock,
                                gulong              *handler_id)
{
  GdkFrameClock *clock = gtk_widget_get_mapped (GTK_WIDGET (self))
                         ? gtk_widget_get_frame_clock (GTK_WIDGET (self)) : NULL;

  if (clock == NULL)
    return FALSE;
  /* Held: the clock goes away with the window's surface. */
  *held_clock = g_object_ref (clock);
  /* After the window's own layout, when a layout is asked for. */
  *handler_id = phase == GDK_FRAME_CLOCK_PHASE_LAYOUT
                ? g_signal_connect_after (clock, "layout", callback, self)
                : g_signal_connect (clock, "after-paint", callback, self);
  gdk_frame_clock_request_phase (clock, phase);
  return TRUE;
}

/* After the frame that shows the verdict has been painted: an idle alone
 * could run while the frame clock waits for its tick, before the paint. */
static void
queue_details (CpResultsView *self)
{
  if (self->details_id != 0 || self->after_paint_id != 0)
    return;
  if (!_cp_results_view_connect_frame (self, GDK_FRAME_CLOCK_PHASE_PAINT, G_CALLBACK (on_after_paint),
                                       &self->after_paint_clock, &self->after_paint_id))
    self->details_id = g_idle_add_full (DETAILS_PRIORITY, order_details_cb, self, NULL);
}

static void
cancel_details (CpResultsView *self)
{
  g_clear_handle_id (&self->details_id, g_source_remove);
  g_cancellable_cancel (self->details_cancellable);
  g_clear_object (&self->details_cancellable);
  /* A clock disposed with its surface has dropped its handlers already. */
  if (self->after_paint_id != 0 && g_signal_handler_is_connected (self->after_paint_clock, self->after_paint_id))
    g_signal_handler_disconnect (self->after_paint_clock, self->after_paint_id);
  self->after_paint_id = 0;
  g_clear_object (&self->after_paint_clock);
  self->details_project = NULL;
}

/* A quarter of a frame of CPU time: a job whose plan takes longer is
 * planned on a worker (cp_results_view_set_frame_plan_budget_us()).
 * The rest of the frame after a change (the form, the words, GTK's layout
 * and paint) takes some 10 ms on a project of 20 jobs × 50 quotes
 * (bench-window). */
#define PLAN_HERE_MAX_US 4000
/* Some 36 minutes: no plan takes longer, and it is added to the clock
 * (cp_project_analysis_try_plan()) without overflow. */
#define PLAN_HERE_LIMIT_US G_MAXINT32

static void
cancel_plan (CpResultsView *self)
{
  g_cancellable_cancel (self->plan_cancellable);
  g_clear_object (&self->plan_cancellable);
}

void
_cp_results_view_plan_in_thread (GTask        *task,
                                 gpointer      source_object,
                                 gpointer      task_data,
                                 GCancellable *cancellable)
{
  if (g_task_return_error_if_cancelled (task))
    return;
  cp_plan_order_run (task_data);
  g_task_return_boolean (task, TRUE);
}

static void
on_plan_ready (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(CpResultsView) self = user_data;
  CpPlanOrder *order = g_task_get_task_data (G_TASK (result));

  /* A newer change or another job cancelled it, or the view is gone. */
  if (!g_task_propagate_boolean (G_TASK (result), NULL))
    return;
  g_clear_object (&self->plan_cancellable);
  /* Made for an older generation of the project, it is dropped; with a
   * change waiting, that change's update plans it. */
  if (cp_project_analysis_take_plan (self->analysis, order) == NULL || self->update_id != 0)
    return;
  cp_results_view_update (self, cp_project_analysis_get_project (self->analysis),
                          GPOINTER_TO_INT (g_object_get_data (G_OBJECT (result), "cp-shown-job")));
}

/* A service that starts before the fine-tune of the model it serves:
 * what the project calendar then says, and a link that has it start
 * after that job (win.job-starts-after). Not a default set behind the
 * user's back: two jobs of one model may well run side by side, a
 * service of the base model while its fine-tune trains. */
static void
show_sequence (CpResultsView   *self,
               const CpProject *project,
               guint            job_index)
{
  int maker = _cp_results_view_model_maker (project, job_index);
  g_autofree char *text = _cp_results_view_describe_sequence (project, job_index, maker);
  g_autofree char *markup = NULL;

  g_clear_pointer (&self->sequence_job_id, g_free);
  g_clear_pointer (&self->sequence_after_id, g_free);
  if (*text != '\0')
    {
      const CpJob *after = g_ptr_array_index (project->jobs, maker);
      /* TRANSLATORS: a link under a service that starts too early; %s is the training job's name */
      g_autofree char *link = g_strdup_printf (_("Start it after “%s”"), after->name != NULL ? after->name : "");

      self->sequence_job_id = g_strdup (((const CpJob *) g_ptr_array_index (project->jobs, job_index))->id);
      self->sequence_after_id = g_strdup (after->id);
      markup = g_markup_printf_escaped ("%s <a href=\"start-after\">%s</a>", text, link);
    }
  if (g_strcmp0 (gtk_label_get_label (self->sequence_label), markup != NULL ? markup : "") != 0)
    gtk_label_set_markup (self->sequence_label, markup != NULL ? markup : "");
  _cp_results_view_set_visible (GTK_WIDGET (self->sequence_label), markup != NULL);
}

static gboolean
on_sequence_link (CpResultsView *self,
                  const char    *uri)
{
  if (self->sequence_job_id != NULL && self->sequence_after_id != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.job-starts-after", "(ss)",
                                self->sequence_job_id, self->sequence_after_id);
  return TRUE;
}


static void
order_plan (CpResultsView *self,
            guint          job_index,
            int            shown_job)
{
  g_autoptr(GTask) task = NULL;

  cancel_plan (self);
  self->plan_cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->plan_cancellable, on_plan_ready, g_object_ref (self));
  g_task_set_source_tag (task, order_plan);
  g_task_set_return_on_cancel (task, TRUE);
  /* The job whose answer waits for it: a job it starts after is planned
   * for the dates of the job shown, which is shown again when it comes. */
  g_object_set_data (G_OBJECT (task), "cp-shown-job", GINT_TO_POINTER (shown_job));
  g_task_set_task_data (task, cp_project_analysis_order_plan (self->analysis, job_index),
                        (GDestroyNotify) cp_plan_order_free);
  g_task_run_in_thread (task, _cp_results_view_plan_in_thread);
}

/* When job @job_index runs on the project's calendar, as the report's
 * answer says it beside its days ("5–12 December 2026",
 * cp_report_job_span()): a meeting asks by when, a date against its
 * deadline, not a count of days to add up (walk34 V7). Its days rest on
 * its own plan and those of the jobs it starts after, as the project's
 * analysis has them (cp_project_analysis_peek_job_schedule()): a job it
 * waits for that has no plan yet is planned on a worker, never here,
 * and the answer is worded again with its days when that plan comes.
 * NULL until then, or when the job is not placed. */
static char *
job_span (CpResultsView   *self,
          const CpProject *project,
          guint            job_index,
          const char      *lang)
{
  g_autoptr(CpSchedule) schedule = NULL;
  int waiting_job = -1;
  GDate today;

  cp_report_day (&today);
  schedule = cp_project_analysis_peek_job_schedule (self->analysis, job_index, &today, &waiting_job);
  if (schedule == NULL && waiting_job >= 0)
    order_plan (self, (guint) waiting_job, (int) job_index);
  return schedule != NULL ? cp_report_job_span (schedule, job_index, lang) : NULL;
}

/* The calendar's timeline and checks of @project, once the job shown is
 * planned and worded (it is ordered by then): they read every job's
 * plan, from the same analysis. The check runs after every change, not
 * only for another project: the window edits its project in place, so
 * after one edit "Not approvable as planned" left the verdict until the
 * file was opened again (walk37b V5); it costs nothing when the
 * analysis has not changed. */
static void
update_calendar (CpResultsView   *self,
                 const CpProject *project)
{
  _cp_results_view_update_timeline (self, project);
  _cp_results_view_check_capacity (self, project);
}

void
cp_results_view_update (CpResultsView   *self,
                        const CpProject *project,
                        int              job_index)
{
  const char *lang = cp_labels_ui_language ();
  const CpJob *job;
  const char *page;
  g_autofree char *summary = NULL;
  g_autofree char *span = NULL;
  g_autofree char *price_check = NULL;
  g_autofree char *layout = NULL;
  gboolean no_option;
  gboolean shown;

  g_return_if_fail (CP_IS_RESULTS_VIEW (self));

  g_clear_handle_id (&self->update_id, g_source_remove);
  cancel_details (self);
  cancel_plan (self);
  _cp_results_view_stop_table_fill (self);
  self->pending_project = NULL;
  self->n_updates++;

  self->plan = NULL;

  page = page_without_plan (self, project, job_index);
  if (page != NULL)
    {
      /* The calendar still plans the project's jobs while one is to be
       * described, from an analysis of the project as it is now. */
      if (g_str_equal (page, "describe-job") && self->analysis != NULL)
        cp_project_analysis_update (self->analysis, project);
      if (g_list_model_get_n_items (G_LIST_MODEL (self->options)) > 0)
        g_list_store_remove_all (self->options);
      g_cancellable_cancel (self->sweep_cancellable);
      g_clear_object (&self->sweep_cancellable);
      self->chart_job = -1;
      cp_chart_view_set_data (self->cost_chart, NULL);
      cp_chart_view_set_data (self->memory_chart, NULL);
      cp_chart_view_set_data (self->serving_chart, NULL);
      _cp_results_view_set_label (self->verdict_label, "");
      _cp_results_view_set_visible (GTK_WIDGET (self->robustness_label), FALSE);
      _cp_results_view_set_visible (GTK_WIDGET (self->sequence_label), FALSE);
      /* Nothing shown: the next job's parts are calculated afresh. */
      self->headline_job = -1;
      g_clear_pointer (&self->headline_job_id, g_free);
      _cp_results_view_forget_answer (self);
      self->details_shown_job = -1;
      release_page_height (self);
      _cp_results_view_update_timeline (self, project);
      /* A job without quotes is not "not feasible": nothing was compared;
       * nor is a job still to be described. */
      if (g_str_equal (page, "describe-job"))
        show_describe_job (self, g_ptr_array_index (project->jobs, job_index));
      show_page (self, page);
      return;
    }

  job = g_ptr_array_index (project->jobs, job_index);
  show_job_place (self, project, (guint) job_index);
  /* From the project alone, shown while the plan is worked out. */
  show_sequence (self, project, (guint) job_index);
  self->memory_unit = project->settings.memory_unit;
  if (self->analysis == NULL)
    self->analysis = cp_project_analysis_new (project, CP_CHART_COST_MAX_POINTS);
  else
    cp_project_analysis_update (self->analysis, project);
  /* Another job, or this one changed: what the paragraphs under the
   * verdict say is of the plan before, until they are worded again. */
  shown = headline_is_of (self, project, job_index);
  if (!shown)
    _cp_results_view_set_calculating (self, TRUE);
  else
    _cp_results_view_answer_outdated (self);
  if (self->details_shown_job != job_index ||
      self->details_shown_generation != cp_project_analysis_get_generation (self->analysis))
    _cp_results_view_set_calculating (self, FALSE);
  /* A job not shown yet, or whose plan takes more than the frame's
   * budget, is planned on a worker: its "Calculating…" is painted
   * meanwhile, and the window answers. An edit of a light job shown (or
   * a quote's price of any job, which plans that quote alone) is planned
   * here, and the frame after it shows the new verdict in place of the
   * old; one that turns out heavier (another model picked) stops at that
   * time and the worker finishes it. */
  self->plan = shown && self->frame_plan_budget_us > 0
               ? cp_project_analysis_try_plan (self->analysis, (guint) job_index, self->frame_plan_budget_us)
               : cp_project_analysis_peek_plan (self->analysis, (guint) job_index);
  if (self->plan == NULL)
    {
      if (shown)
        set_replanning (self);
      order_plan (self, (guint) job_index, job_index);
      update_calendar (self, project);
      show_page (self, "results");
      return;
    }
  no_option = self->plan->options->len == 0;
  release_headline_room (self);
  self->headline_job = job_index;
  _cp_results_view_show_capacity (self);
  g_free (self->headline_job_id);
  self->headline_job_id = g_strdup (job->id);
  set_label_done (self->verdict_label);
  gtk_spinner_stop (self->verdict_spinner);
  _cp_results_view_set_visible (GTK_WIDGET (self->verdict_spinner), FALSE);
  _cp_results_view_set_visible (GTK_WIDGET (self->summary_label), TRUE);

  /* The CLI's and the reports' words: "No complete quote yet", or the
   * verdict, which says when its cost needs a price. */
  _cp_results_view_set_label (self->verdict_label, cp_words_plan_verdict (self->plan));
  _cp_results_view_set_css_class (GTK_WIDGET (self->verdict_label), "error",
                 !no_option && self->plan->verdict == CP_VERDICT_NOT_FEASIBLE);

  span = job_span (self, project, (guint) job_index, lang);
  summary = _cp_results_view_describe_recommendation (project, self->plan, span, lang);
  /* A service's answer time beside its target, above the fold with the
   * verdict, as the CLI and page 1 say it (issue 26). */
  if (self->plan->recommended >= 0)
    {
      const CpOption *best = &g_array_index (self->plan->options, CpOption, self->plan->recommended);
      g_autofree char *wait = cp_words_answer_wait (job, &best->estimate, lang);

      if (wait != NULL)
        {
          char *joined = g_strjoin (cp_i18n_is_chinese (lang) ? "" : " ", summary, wait, NULL);

          g_free (summary);
          summary = joined;
        }
    }
  price_check = cp_words_price_check (project, self->plan, lang);
  if (price_check != NULL)
    {
      /* The figure above rests on that price: the warning goes with it,
       * not only on the quote's form and in the reasons. */
      char *marked = g_strdup_printf ("%s\n%s", summary, price_check);

      g_free (summary);
      summary = marked;
    }
  _cp_results_view_set_label (self->summary_label, summary);
  layout = _cp_results_view_describe_layout (project, job, self->plan, lang);
  _cp_results_view_set_label (self->layout_label, layout);
  _cp_results_view_set_visible (GTK_WIDGET (self->layout_label), *layout != '\0');
  _cp_results_view_note_answer (self, project, job, lang);


  _cp_results_view_queue_table_fill (self, project, job);

  /* Of the quotes and settings alone: worded again once they may have
   * changed, which changes the analysis's generation (the plan shown
   * came from the analysis, which drops it on such a change). */
  if (self->incomplete_text == NULL ||
      self->incomplete_generation != cp_project_analysis_get_generation (self->analysis))
    {
      g_free (self->incomplete_text);
      self->incomplete_text = _cp_results_view_describe_incomplete (project);
      self->incomplete_generation = cp_project_analysis_get_generation (self->analysis);
    }
  _cp_results_view_set_label (self->incomplete_label, self->incomplete_text);
  _cp_results_view_set_visible (GTK_WIDGET (self->incomplete_label), *self->incomplete_text != '\0');

  /* The verdict, the table and the charts show in the frame after the
   * change; the paragraphs below them in the next. */
  self->details_project = project;
  self->details_job = job;
  self->details_job_index = job_index;
  queue_details (self);

  cp_chart_view_set_data (self->memory_chart, cp_chart_data_new_memory (project, job_index, self->plan, lang));
  if (gtk_stack_page_get_visible (self->serving_page) != (job->kind == CP_TASK_INFERENCE))
    gtk_stack_page_set_visible (self->serving_page, job->kind == CP_TASK_INFERENCE);
  _cp_results_view_update_sweep_charts (self, project, (guint) job_index);
  update_calendar (self, project);

  show_page (self, "results");
}

static gboolean
update_cb (gpointer user_data)
{
  CpResultsView *self = user_data;

  self->update_id = 0;
  cp_results_view_update (self, self->pending_project, self->pending_job);
  return G_SOURCE_REMOVE;
}

/* The window's first frame: its results say "Calculating…" there, and are
 * planned, filled and measured after it (the window appears sooner); a
 * view never shown is updated after a while all the same. */
#define FIRST_FRAME_WAIT_MS 500

static void
stop_waiting_for_first_frame (CpResultsView *self)
{
  g_clear_handle_id (&self->first_frame_timeout_id, g_source_remove);
  if (self->first_frame_id != 0 && g_signal_handler_is_connected (self->first_frame_clock, self->first_frame_id))
    g_signal_handler_disconnect (self->first_frame_clock, self->first_frame_id);
  self->first_frame_id = 0;
  g_clear_object (&self->first_frame_clock);
}

static void
first_frame_done (CpResultsView *self)
{
  stop_waiting_for_first_frame (self);
  self->painted_once = TRUE;
  if (self->pending_project != NULL && self->update_id == 0)
    self->update_id = g_idle_add_full (UPDATE_PRIORITY, update_cb, self, NULL);
}

static void
on_first_frame_painted (GdkFrameClock *clock,
                        CpResultsView *self)
{
  first_frame_done (self);
}

static gboolean
first_frame_timeout_cb (gpointer user_data)
{
  CpResultsView *self = user_data;

  self->first_frame_timeout_id = 0;
  first_frame_done (self);
  return G_SOURCE_REMOVE;
}

/* Waits for the frame clock's paint once the view is mapped. */
static void
wait_for_first_frame (CpResultsView *self)
{
  if (self->painted_once || self->first_frame_id != 0)
    return;
  /* Mapped later (cp_results_view_map), or never; or its window is not
   * painted (minimised): not waited for longer. */
  if (self->first_frame_timeout_id == 0)
    self->first_frame_timeout_id = g_timeout_add (FIRST_FRAME_WAIT_MS, first_frame_timeout_cb, self);
  _cp_results_view_connect_frame (self, GDK_FRAME_CLOCK_PHASE_PAINT, G_CALLBACK (on_first_frame_painted),
                                  &self->first_frame_clock, &self->first_frame_id);
}

void
cp_results_view_queue_update (CpResultsView   *self,
                              const CpProject *project,
                              int              job_index)
{
  const char *page;

  g_return_if_fail (CP_IS_RESULTS_VIEW (self));

  self->pending_project = project;
  self->pending_job = job_index;
  /* Paragraphs of the old plan would read a project that may be gone,
   * and so would the table's rows: the update fills them again. */
  cancel_details (self);
  cancel_plan (self);
  _cp_results_view_stop_table_fill (self);
  /* Whatever frame is painted before the update runs shows nothing of
   * another job, nor old paragraphs under a new verdict. */
  page = page_without_plan (self, project, job_index);
  if (page == NULL)
    {
      show_job_place (self, project, (guint) job_index);
      if (!self->painted_once)
        {
          /* The first frame shows the page of results, calculating. */
          _cp_results_view_set_calculating (self, TRUE);
          show_page (self, "results");
          wait_for_first_frame (self);
          return;
        }
      if (self->analysis != NULL)
        cp_project_analysis_update (self->analysis, project);
      if (!headline_is_of (self, project, job_index))
        _cp_results_view_set_calculating (self, TRUE);
      else
        {
          /* Edited: the answer shown is of the project before, read as
           * such until the new one comes, not as the new total beside
           * "Calculating…" (walk41b F12). */
          _cp_results_view_answer_outdated (self);
          if (self->analysis == NULL || self->details_shown_job != job_index ||
              self->details_shown_generation != cp_project_analysis_get_generation (self->analysis))
            _cp_results_view_set_calculating (self, FALSE);
        }
    }
  else if (!g_str_equal (page, "empty"))
    {
      /* Nothing to plan: "No Quotes Yet" or what to describe at once,
       * not the last verdict until the idle runs. */
      if (g_str_equal (page, "describe-job"))
        show_describe_job (self, g_ptr_array_index (project->jobs, job_index));
      show_page (self, page);
    }
  if (self->update_id == 0)
    self->update_id = g_idle_add_full (UPDATE_PRIORITY, update_cb, self, NULL);
}

gboolean
_cp_results_view_planning_job (CpResultsView *self)
{
  return self->update_id != 0 || self->plan_cancellable != NULL || self->details_project != NULL ||
         self->details_id != 0 || self->after_paint_id != 0 || self->details_cancellable != NULL;
}

/* A tab with the focus hands it to the tab now shown: after Alt+4 the
 * focus frame stayed on "Cost and Time" beside the calendar (walk34 V5,
 * walk35). The switcher's toggle buttons are its stack's pages, the
 * shown one active. */
static void
focus_shown_tab (CpResultsView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (focus == NULL || !gtk_widget_is_ancestor (focus, self->chart_switcher))
    return;
  for (GtkWidget *tab = gtk_widget_get_first_child (self->chart_switcher); tab != NULL;
       tab = gtk_widget_get_next_sibling (tab))
    if (GTK_IS_TOGGLE_BUTTON (tab) && gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (tab)) && tab != focus)
      {
        gtk_widget_grab_focus (tab);
        return;
      }
}

void
cp_results_view_show_chart (CpResultsView *self,
                            CpChartKind    kind)
{
  g_return_if_fail (CP_IS_RESULTS_VIEW (self));

  /* A job that is not a service has no serving chart to show. */
  if (kind == CP_CHART_SERVING && !gtk_stack_page_get_visible (self->serving_page))
    return;
  gtk_stack_set_visible_child_name (self->chart_stack, kind == CP_CHART_MEMORY ? "memory"
                                                       : kind == CP_CHART_SERVING ? "serving"
                                                       : kind == CP_CHART_TIMELINE ? "timeline" : "cost");
  focus_shown_tab (self);
}

GtkWidget *
cp_results_view_new (void)
{
  return g_object_new (CP_TYPE_RESULTS_VIEW, NULL);
}

/* Stops what is pending for the project shown: its workers' results then
 * come back cancelled and are dropped. */
static void
cancel_pending (CpResultsView *self)
{
  g_clear_handle_id (&self->update_id, g_source_remove);
  stop_waiting_for_first_frame (self);
  cancel_details (self);
  cancel_plan (self);
  _cp_results_view_stop_table_fill (self);
  g_cancellable_cancel (self->sweep_cancellable);
  g_clear_object (&self->sweep_cancellable);
  _cp_results_view_cancel_calendar (self);
  self->pending_project = NULL;
}

/* On a wide window, a projector's 1920 px, the verdict and the summary
 * under it grow (style.css), so the room reads the recommendation from
 * the back; at 1024 px they keep the sizes that leave the table in view.
 * Follows the window's surface width, maximised and full screen too
 * (libadwaita 1.2 has no AdwBreakpoint). */
#define LARGE_TEXT_FROM_PX 1400
#define LARGER_TEXT_FROM_PX 1800

static void
on_surface_width (CpResultsView *self)
{
  int width = self->surface != NULL ? gdk_surface_get_width (self->surface) : 0;

  _cp_results_view_set_css_class (GTK_WIDGET (self), "cp-text-large", width >= LARGE_TEXT_FROM_PX && width < LARGER_TEXT_FROM_PX);
  _cp_results_view_set_css_class (GTK_WIDGET (self), "cp-text-larger", width >= LARGER_TEXT_FROM_PX);
}

/* In present mode, how far the table's second row (its last, with
 * fewer) ends below the charts: the room a chart keeps under it on the
 * first screen. 0 outside present mode, or before the rows are laid
 * out. The rows are the "row" children of the column view's list, in
 * order. */
static int
table_rows_room_px (CpResultsView *self)
{
  GtkWidget *stack = GTK_WIDGET (self->chart_stack);
  GtkWidget *list = gtk_widget_get_first_child (GTK_WIDGET (self->options_view));
  double bottom = 0;
  guint n_rows = 0;

  while (list != NULL && !GTK_IS_LIST_VIEW (list))
    list = gtk_widget_get_next_sibling (list);

  if (!self->presenting || list == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self->table_scroller)))
    return 0;
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL && n_rows < 2;
       row = gtk_widget_get_next_sibling (row))
    {
      graphene_rect_t bounds;

      if (g_strcmp0 (gtk_widget_get_css_name (row), "row") != 0 || !gtk_widget_get_visible (row) ||
          !gtk_widget_compute_bounds (row, stack, &bounds))
        continue;
      bottom = MAX (bottom, bounds.origin.y + bounds.size.height);
      n_rows++;
    }
  return n_rows > 0 ? (int) ceil (bottom - gtk_widget_get_height (stack)) : 0;
}

/* After each layout of the window: the charts keep the table's first
 * rows on the first screen in present mode (they measure again after it
 * if that changed). The view's own size_allocate is not called: AdwBin
 * allocates through its layout manager. */
static void
on_window_layout (GdkFrameClock *clock,
                  CpResultsView *self)
{
  int room_px = table_rows_room_px (self);

  cp_chart_view_set_room_below (self->cost_chart, room_px);
  cp_chart_view_set_room_below (self->serving_chart, room_px);
  cp_chart_view_set_room_below (self->memory_chart, room_px);
  cp_chart_view_set_room_below (self->timeline_chart, room_px);
  _cp_results_view_table_laid_out (self);
}

static void
forget_surface (CpResultsView *self)
{
  /* A clock disposed with its surface has dropped its handlers already. */
  if (self->layout_id != 0 && g_signal_handler_is_connected (self->layout_clock, self->layout_id))
    g_signal_handler_disconnect (self->layout_clock, self->layout_id);
  self->layout_id = 0;
  g_clear_object (&self->layout_clock);
  if (self->surface == NULL)
    return;
  g_signal_handlers_disconnect_by_func (self->surface, on_surface_width, self);
  g_clear_object (&self->surface);
}

static void
cp_results_view_realize (GtkWidget *widget)
{
  CpResultsView *self = CP_RESULTS_VIEW (widget);

  GTK_WIDGET_CLASS (cp_results_view_parent_class)->realize (widget);
  forget_surface (self);
  self->surface = g_object_ref (gtk_native_get_surface (gtk_widget_get_native (widget)));
  g_signal_connect_swapped (self->surface, "notify::width", G_CALLBACK (on_surface_width), self);
  on_surface_width (self);
  /* Held: the clock goes away with the window's surface. */
  self->layout_clock = g_object_ref (gtk_widget_get_frame_clock (widget));
  self->layout_id = g_signal_connect_after (self->layout_clock, "layout", G_CALLBACK (on_window_layout), self);
}

static void
cp_results_view_map (GtkWidget *widget)
{
  CpResultsView *self = CP_RESULTS_VIEW (widget);

  GTK_WIDGET_CLASS (cp_results_view_parent_class)->map (widget);
  if (self->first_frame_timeout_id != 0)
    wait_for_first_frame (self);
}

/* Unmapped, the view paints no frame that would fill the table. */
static void
cp_results_view_unmap (GtkWidget *widget)
{
  CpResultsView *self = CP_RESULTS_VIEW (widget);

  if (self->table_project != NULL)
    _cp_results_view_fill_table (self);
  GTK_WIDGET_CLASS (cp_results_view_parent_class)->unmap (widget);
}

static void
cp_results_view_unrealize (GtkWidget *widget)
{
  forget_surface (CP_RESULTS_VIEW (widget));
  GTK_WIDGET_CLASS (cp_results_view_parent_class)->unrealize (widget);
}

/* Out of its window, the view no longer has the window's project: a
 * worker's task keeps the view alive past the window (it holds a
 * reference, so dispose waits for it), and its result must not reach a
 * project the window has freed. The analysis's generation cannot tell
 * (the window frees its project without changing it), and the pending
 * update and paragraphs, idles that read the project, are not tasks. */
static void
cp_results_view_unroot (GtkWidget *widget)
{
  cancel_pending (CP_RESULTS_VIEW (widget));
  GTK_WIDGET_CLASS (cp_results_view_parent_class)->unroot (widget);
}

static void
cp_results_view_dispose (GObject *object)
{
  CpResultsView *self = (CpResultsView *) object;

  /* AdwBin disposes its child, the template, itself. */
  cancel_pending (self);
  g_clear_handle_id (&self->answer_seen_id, g_source_remove);
  g_clear_handle_id (&self->change_read_id, g_source_remove);
  _cp_results_view_table_dispose (self);
  g_clear_object (&self->sorted_options);
  g_clear_object (&self->options);
  g_clear_object (&self->reasons_placeholder);
  g_clear_pointer (&self->capacity_words, g_ptr_array_unref);

  G_OBJECT_CLASS (cp_results_view_parent_class)->dispose (object);
}

static void
cp_results_view_finalize (GObject *object)
{
  CpResultsView *self = (CpResultsView *) object;

  self->plan = NULL;
  g_clear_pointer (&self->analysis, cp_project_analysis_free);
  g_free (self->headline_job_id);
  _cp_results_view_answer_clear (&self->answer);
  _cp_results_view_answer_clear (&self->shown_answer);
  g_free (self->change_text);
  g_free (self->cluster_text);
  g_free (self->incomplete_text);
  g_free (self->sequence_job_id);
  g_free (self->sequence_after_id);
  g_hash_table_unref (self->new_job_ids);

  G_OBJECT_CLASS (cp_results_view_parent_class)->finalize (object);
}

static void
cp_results_view_class_init (CpResultsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cp_results_view_dispose;
  widget_class->unroot = cp_results_view_unroot;
  widget_class->realize = cp_results_view_realize;
  widget_class->map = cp_results_view_map;
  widget_class->unrealize = cp_results_view_unrealize;
  widget_class->unmap = cp_results_view_unmap;
  object_class->finalize = cp_results_view_finalize;

  g_type_ensure (CP_TYPE_CHART_VIEW);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ui/cp-results-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, stack);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, notice_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, job_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, verdict_spinner);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, robustness_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, sequence_label);
  gtk_widget_class_bind_template_callback (widget_class, on_sequence_link);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, page_scroller);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, table_scroller);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, cluster_heading);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, cluster_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, incomplete_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, reasons_heading);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, capacity_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, summary_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, change_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, layout_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, changes_heading);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, changes_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, chart_switcher);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, chart_tabs);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, results_box);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, verdict_grid);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, figures_box);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, table_heading);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, chart_stack);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, cost_chart);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, memory_chart);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, timeline_chart);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, approval_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, overbooking_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, serving_chart);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, serving_page);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, options_view);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, reasons_list);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, risks_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, other_risks_label);
  gtk_widget_class_bind_template_child (widget_class, CpResultsView, questions_label);
}

static void
cp_results_view_init (CpResultsView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->new_job_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->headline_job = -1;
  self->details_shown_job = -1;
  self->frame_plan_budget_us = PLAN_HERE_MAX_US;
  _cp_results_view_charts_init (self);
  _cp_results_view_table_init (self);
  g_signal_connect_swapped (self->capacity_label, "notify::visible", G_CALLBACK (show_robustness), self);
  /* Said under the calendar instead, the words still change. */
  g_signal_connect_swapped (self->capacity_label, "notify::label", G_CALLBACK (show_robustness), self);

  {
    GtkLabel *paragraphs[] = {
      self->notice_label, self->verdict_label, self->robustness_label, self->summary_label, self->change_label,
      self->layout_label,
      self->cluster_label,
      self->changes_label, self->incomplete_label, self->capacity_label, self->risks_label, self->other_risks_label,
      self->questions_label,
    };

    for (guint i = 0; i < G_N_ELEMENTS (paragraphs); i++)
      {
        gtk_label_set_width_chars (paragraphs[i], WRAPPED_MIN_CHARS);
        _cp_results_view_keep_selectable_unfocused (paragraphs[i]);
      }
  }
  /* The calendar's amount took F6 in present mode and showed selected
   * on the projector (walk35 U4). */
  _cp_results_view_keep_selectable_unfocused (self->approval_label);
  _cp_results_view_keep_selectable_unfocused (self->overbooking_label);
}

void
cp_results_view_set_frame_plan_budget_us (CpResultsView *self,
                                          gint64         budget_us)
{
  g_return_if_fail (CP_IS_RESULTS_VIEW (self));
  g_return_if_fail (budget_us >= 0 && budget_us <= PLAN_HERE_LIMIT_US);

  self->frame_plan_budget_us = budget_us;
}

void
cp_results_view_scroll_to_top (CpResultsView *self)
{
  g_return_if_fail (CP_IS_RESULTS_VIEW (self));

  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->page_scroller), 0);
  /* The table's first columns, Rank and Quote, name the rows. */
  gtk_adjustment_set_value (gtk_scrolled_window_get_hadjustment (self->table_scroller), 0);
}

/* Issue 26: at 1024 x 700 in present mode the verdict, the summary and
 * what would change it at 16 pt filled the first screen and the chart
 * began below it (its top at about 726 px). Presenting, the figures (the
 * charts and the table, one box in cp-results-view.ui) come right after
 * the answer: the recommendation's sentence (which vendor, how much, by
 * when), what the last edit changed, what is left out of it, whether it
 * is firm ("Not firm: …", walk34 V6) and what would change it; the other
 * words after them for whoever reads on. The window's own order comes
 * back after. */
void
cp_results_view_set_presenting (CpResultsView *self,
                                gboolean       presenting)
{
  g_return_if_fail (CP_IS_RESULTS_VIEW (self));

  self->presenting = presenting;
  _cp_results_view_show_change_line (self);
  /* What would change the verdict stays under it, before the figures,
   * at every width: after them, the one line naming the cheaper option
   * if the team had run distributed training was off the first screen at
   * 2,560 px (walk41 F12), and below the charts and the whole table at
   * 1,920 px (walk41b F9). */
  gtk_box_reorder_child_after (self->results_box, GTK_WIDGET (self->changes_heading),
                               presenting ? GTK_WIDGET (self->robustness_label) : GTK_WIDGET (self->layout_label));
  gtk_box_reorder_child_after (self->results_box, GTK_WIDGET (self->changes_label), GTK_WIDGET (self->changes_heading));
  gtk_box_reorder_child_after (self->results_box, self->figures_box, GTK_WIDGET (self->changes_label));
}

/* test-window-plans.c: what the planner window shows of the plans,
 * moved from test-window.c as it was: the layout it searched or was
 * pinned to, against cp_plan_new() on the same project; the longest run
 * and other preferences; the best available quote when none meets the
 * job; an incomplete quote kept off the charts; the form's layout in each
 * language; the fields' messages; the walkthroughs' details. Registered
 * by test-window.c's main(). */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <gtk/gtkunixprint.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "common/cp-test-demo.h"
#include "common/cp-test-pdf.h"
#include "cp-test-gui.h"
#include "gui/cp-application.h"
#include "gui/cp-chart-view.h"
#include "gui/cp-field-row.h"
#include "gui/cp-help-window.h"
#include "gui/cp-labels.h"
#include "gui/cp-option-object.h"
#include "gui/cp-picker-item.h"
#include "gui/cp-picker-row.h"
#include "gui/cp-preferences-window.h"
#include "gui/cp-quote-object.h"
/* Only to hand the window the file a file chooser would have returned. */
#include "gui/cp-window-private.h"
#include "gui/cp-window.h"
#include "report/cp-i18n.h"
#include "report/cp-reason-text.h"
#include "report/cp-report.h"
#include "store/cp-demo.h"
#include "store/cp-quote-csv.h"
#include "store/cp-store.h"
#include "test-window.h"

/* The plan shown is cp_plan_new()'s on @expected, to the layout of every
 * option. */
void
assert_shows_plan_of (CpResultsView   *results,
                      const CpProject *expected,
                      guint            job_index)
{
  g_autoptr(CpPlan) plan = plan_for (expected, job_index);
  const CpPlan *shown;

  wait_results (results);
  shown = cp_results_view_get_plan (results);
  assert_plans_equal (shown, plan);
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpEstimate *a = &g_array_index (shown->options, CpOption, i).estimate;
      const CpEstimate *b = &g_array_index (plan->options, CpOption, i).estimate;

      g_assert_cmpuint (a->layout.zero_stage, ==, b->layout.zero_stage);
      g_assert_cmpuint (a->layout.tensor_parallel, ==, b->layout.tensor_parallel);
      g_assert_cmpuint (a->layout.pipeline_parallel, ==, b->layout.pipeline_parallel);
      g_assert_cmpuint (a->layout.expert_parallel, ==, b->layout.expert_parallel);
      g_assert_cmpuint (a->layout.virtual_stages, ==, b->layout.virtual_stages);
      g_assert_cmpuint (a->layout.micro_batch, ==, b->layout.micro_batch);
      g_assert_cmpfloat (a->memory_per_gpu_bytes, ==, b->memory_per_gpu_bytes);
      g_assert_cmpfloat (a->total_s, ==, b->total_s);
    }
}

static const CpOption *
recommended_or_first (const CpPlan *plan)
{
  g_assert_cmpuint (plan->options->len, >, 0);
  if (plan->recommended >= 0)
    return &g_array_index (plan->options, CpOption, plan->recommended);
  for (guint i = 0; i < plan->options->len; i++)
    if (g_array_index (plan->options, CpOption, i).rank == 1)
      return &g_array_index (plan->options, CpOption, i);
  g_assert_not_reached ();
}

/* The results' layout line names the recommended (or best-ranked)
 * option's layout and, when searched, the runner-up and why it lost. */
static void
assert_layout_text (CpResultsView *results)
{
  const CpOption *best = recommended_or_first (cp_results_view_get_plan (results));
  const char *text = cp_results_view_get_layout_text (results);
  g_autofree char *runner_up = cp_words_runner_up (&best->estimate, "en");
  g_autofree char *words = NULL;

  words = cp_words_layout (&best->estimate.layout, "en");
  g_assert_true (best->estimate.layout_searched);
  g_assert_true (g_str_has_prefix (text, "Layout: "));
  g_assert_nonnull (strstr (text, words));
  g_assert_nonnull (strstr (text, "Chosen by the search"));
  g_assert_nonnull (strstr (text, runner_up));
  /* The memory technique the plan added shows with the layout. */
  g_assert_true ((strstr (text, ", CPU offload") != NULL) == best->estimate.cpu_offload);
}

/* A pinned layout no quote takes, typed and picked as a user does it
 * (issue 20): tensor parallel 3 in its entry, pipeline 2, ZeRO-1 from its
 * drop-down, on the 70B fine-tune. Llama 2 70B has 64 attention heads,
 * and 3 does not divide them: every option says so, instead of a layout of
 * "0 × 0 × 0", 0 B of memory or NaN, and none fits or is recommended. */
void
test_window_refused_pinned_layout (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpResultsView *results = cp_window_get_results_view (window);
  CpJobEditor *job_editor = cp_window_get_job_editor (window);
  guint job_index = first_training_job (project);
  g_autoptr(CpProject) expected = NULL;
  CpJob *job, *expected_job;
  GListModel *options;
  const CpPlan *shown;
  const char *layout;

  select_row (cp_window_get_jobs_list (window), job_index);
  job = g_ptr_array_index (project->jobs, job_index);
  g_assert_cmpstr (job->model.id, ==, "llama-2-70b");
  g_assert_cmpuint (job->model.heads, ==, 64);
  expected = cp_project_copy (project);
  expected_job = g_ptr_array_index (expected->jobs, job_index);

  type_text (cp_job_editor_get_row (job_editor, "tensor-parallel"), "3");
  type_text (cp_job_editor_get_row (job_editor, "pipeline-parallel"), "2");
  pick (GTK_DROP_DOWN (cp_field_row_get_input (cp_job_editor_get_row (job_editor, "zero-stage"))), 1);
  g_assert_cmpuint (job->tensor_parallel, ==, 3);
  g_assert_cmpuint (job->pipeline_parallel, ==, 2);
  g_assert_cmpuint (job->zero_stage, ==, 1);
  expected_job->tensor_parallel = 3;
  expected_job->pipeline_parallel = 2;
  expected_job->zero_stage = 1;
  assert_shows_plan_of (results, expected, job_index);

  shown = cp_results_view_get_plan (results);
  g_assert_cmpint (shown->recommended, ==, -1);
  g_assert_nonnull (strstr (cp_results_view_get_verdict_text (results), "no quote takes the layout asked for"));
  layout = cp_results_view_get_layout_text (results);
  g_assert_true (g_str_has_prefix (layout, "Layout: best-ranked option, "));
  g_assert_nonnull (strstr (layout, "TP 3 does not divide the 64 attention heads"));

  options = cp_results_view_get_options (results);
  g_assert_cmpuint (g_list_model_get_n_items (options), ==, project->quotes->len);
  for (guint i = 0; i < g_list_model_get_n_items (options); i++)
    {
      g_autoptr(CpOptionObject) object = g_list_model_get_item (options, i);
      const CpEstimate *e = &cp_option_object_get_option (object)->estimate;

      g_assert_true (cp_estimate_layout_refused (e));
      g_assert_false (e->fits);
      for (CpOptionText t = 0; t < CP_N_OPTION_TEXTS; t++)
        {
          const char *text = cp_option_object_get_text (object, t);

          if (text == NULL)
            continue;
          g_assert_null (strstr (text, "NaN"));
          g_assert_null (strstr (text, "nan"));
          g_assert_null (strstr (text, "inf"));
          g_assert_null (strstr (text, "0 × 0"));
          g_assert_false (g_str_has_prefix (text, "0 B"));
          g_assert_false (g_str_has_prefix (text, "0.0 GiB"));
        }
      g_assert_cmpstr (cp_option_object_get_text (object, CP_OPTION_TEXT_FITS), ==, "No");
      g_assert_cmpstr (cp_option_object_get_text (object, CP_OPTION_TEXT_MEMORY), ==, "—");
      g_assert_cmpstr (cp_option_object_get_text (object, CP_OPTION_TEXT_DAYS), ==, "—");
      g_assert_cmpstr (cp_option_object_get_text (object, CP_OPTION_TEXT_COST), ==, "—");
      /* The option's details say why. */
      g_assert_nonnull (strstr (cp_option_object_get_text (object, CP_OPTION_TEXT_BREAKDOWN),
                                "TP 3 does not divide the 64 attention heads"));
    }

  close_window (window);
}

/* The layout fields: "Automatic" or an explicit value, through the real
 * drop-downs and entries; the results show the model's plan for the same
 * job, and the layout the search chose with its runner-up. */
void
test_window_automatic_layout (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpResultsView *results = cp_window_get_results_view (window);
  CpJobEditor *job_editor = cp_window_get_job_editor (window);
  guint job_index = first_training_job (project);
  g_autoptr(CpProject) expected = NULL;
  CpJob *job, *expected_job;
  GtkWidget *zero;
  CpFieldRow *tensor;
  guint searched_stage, pinned_stage;
  g_autoptr(CpPlan) searched = NULL;

  select_row (cp_window_get_jobs_list (window), job_index);
  job = g_ptr_array_index (project->jobs, job_index);
  expected = cp_project_copy (project);
  expected_job = g_ptr_array_index (expected->jobs, job_index);

  /* ZeRO: a drop-down whose last entry is the search. */
  zero = cp_field_row_get_input (cp_job_editor_get_row (job_editor, "zero-stage"));
  g_assert_true (GTK_IS_DROP_DOWN (zero));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (zero))), ==, 5);
  {
    g_autoptr(GtkStringObject) item = g_list_model_get_item (gtk_drop_down_get_model (GTK_DROP_DOWN (zero)),
                                                             CP_ZERO_STAGE_AUTO);
    g_assert_cmpstr (gtk_string_object_get_string (item), ==, "Automatic (searched)");
  }
  if (gtk_drop_down_get_selected (GTK_DROP_DOWN (zero)) != CP_ZERO_STAGE_AUTO)
    pick (GTK_DROP_DOWN (zero), CP_ZERO_STAGE_AUTO);
  g_assert_cmpuint (job->zero_stage, ==, CP_ZERO_STAGE_AUTO);
  expected_job->zero_stage = CP_ZERO_STAGE_AUTO;
  assert_shows_plan_of (results, expected, job_index);
  assert_layout_text (results);
  {
    const CpOption *best = recommended_or_first (cp_results_view_get_plan (results));

    searched_stage = best->estimate.layout.zero_stage;
    searched = plan_for (expected, job_index);
  }
  g_assert_cmpuint (searched_stage, <=, 3);

  /* A stage the search did not choose: every option runs it, and the
   * recommended option's memory per GPU moves with it. */
  pinned_stage = searched_stage == 3 ? 2 : 3;
  pick (GTK_DROP_DOWN (zero), pinned_stage);
  g_assert_cmpuint (job->zero_stage, ==, pinned_stage);
  expected_job->zero_stage = pinned_stage;
  assert_shows_plan_of (results, expected, job_index);
  {
    const CpPlan *shown = cp_results_view_get_plan (results);

    /* Except where a memory technique (ZeRO-3 among them) had to be
     * added for the job to fit. */
    for (guint i = 0; i < shown->options->len; i++)
      if (g_array_index (shown->options, CpOption, i).estimate.technique == CP_TECHNIQUE_AS_CONFIGURED)
        g_assert_cmpuint (g_array_index (shown->options, CpOption, i).estimate.layout.zero_stage, ==, pinned_stage);
    guint moved = 0;

    /* Where the search had chosen another stage, the memory per GPU
     * follows the pinned one; on a layout without data parallelism
     * (pipelines take a pinned ZeRO-2/3 as FSDP runs them) there is
     * nothing to shard and it stays. */
    for (guint i = 0; i < shown->options->len; i++)
      {
        const CpOption *pinned = &g_array_index (shown->options, CpOption, i);

        for (guint j = 0; j < searched->options->len; j++)
          {
            const CpOption *free_option = &g_array_index (searched->options, CpOption, j);

            if (free_option->quote_index != pinned->quote_index ||
                pinned->estimate.technique != CP_TECHNIQUE_AS_CONFIGURED ||
                free_option->estimate.layout.zero_stage == pinned_stage ||
                free_option->estimate.nodes != pinned->estimate.nodes)
              continue;
            if (pinned->estimate.layout.data_parallel <= 1)
              g_assert_cmpfloat (pinned->estimate.memory_per_gpu_bytes, ==, free_option->estimate.memory_per_gpu_bytes);
            else
              g_assert_cmpfloat (pinned->estimate.memory_per_gpu_bytes, !=, free_option->estimate.memory_per_gpu_bytes);
            moved++;
          }
      }
    g_assert_cmpuint (moved, >, 0);
    assert_layout_text (results);
  }

  /* Recompute offers the search too. */
  {
    GtkWidget *recompute = cp_field_row_get_input (cp_job_editor_get_row (job_editor, "recompute"));
    g_autoptr(GtkStringObject) item = g_list_model_get_item (gtk_drop_down_get_model (GTK_DROP_DOWN (recompute)),
                                                             CP_RECOMPUTE_AUTO);

    g_assert_cmpstr (gtk_string_object_get_string (item), ==, "Automatic (searched)");

    pick (GTK_DROP_DOWN (recompute), CP_RECOMPUTE_FULL);
    g_assert_cmpint (job->recompute, ==, CP_RECOMPUTE_FULL);
    expected_job->recompute = CP_RECOMPUTE_FULL;
    assert_shows_plan_of (results, expected, job_index);
    pick (GTK_DROP_DOWN (recompute), CP_RECOMPUTE_AUTO);
    g_assert_cmpint (job->recompute, ==, CP_RECOMPUTE_AUTO);
    expected_job->recompute = CP_RECOMPUTE_AUTO;
    assert_shows_plan_of (results, expected, job_index);
  }

  /* A full fine-tune left automatic runs the instruction-tuning batch of
   * 128 sequences (Alpaca, Vicuna), whatever kind the job was before. */
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (cp_job_editor_get_row (job_editor, "global-batch"))), ==,
                   "Sequences per optimizer step; automatic: 128, as published fine-tuning recipes");

  /* Tensor parallel: empty shows "Automatic"; 2 pins it; emptied, the
   * search has it again. */
  tensor = cp_job_editor_get_row (job_editor, "tensor-parallel");
  g_assert_cmpuint (job->tensor_parallel, ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (tensor))), ==, "");
  g_assert_cmpstr (gtk_entry_get_placeholder_text (GTK_ENTRY (cp_field_row_get_input (tensor))), ==, "Automatic");
  type_text (tensor, "2");
  g_assert_cmpuint (job->tensor_parallel, ==, 2);
  expected_job->tensor_parallel = 2;
  assert_shows_plan_of (results, expected, job_index);
  type_text (tensor, "");
  g_assert_null (cp_field_row_get_error (tensor));
  g_assert_cmpuint (job->tensor_parallel, ==, 0);
  expected_job->tensor_parallel = 0;
  assert_shows_plan_of (results, expected, job_index);

  /* Interleaved stages and the MFU override. */
  type_text (cp_job_editor_get_row (job_editor, "interleaved-stages"), "2");
  g_assert_cmpuint (job->virtual_stages, ==, 2);
  expected_job->virtual_stages = 2;
  assert_shows_plan_of (results, expected, job_index);
  type_text (cp_job_editor_get_row (job_editor, "mfu"), "0.4");
  g_assert_cmpfloat (job->mfu, ==, 0.4);
  expected_job->mfu = 0.4;
  assert_shows_plan_of (results, expected, job_index);
  type_text (cp_job_editor_get_row (job_editor, "mfu"), "");
  g_assert_cmpfloat (job->mfu, ==, 0);
  expected_job->mfu = 0;

  /* The stage back to the search's: with ZeRO-2/3 pinned, pipelines that
   * leave fewer than 4 data-parallel ranks win, and the experts below
   * would spread over fewer. */
  pick (GTK_DROP_DOWN (zero), CP_ZERO_STAGE_AUTO);
  g_assert_cmpuint (job->zero_stage, ==, CP_ZERO_STAGE_AUTO);
  expected_job->zero_stage = CP_ZERO_STAGE_AUTO;

  /* Expert parallel is offered for a mixture of experts only. */
  g_assert_cmpuint (job->model.experts_total, <=, 1);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (cp_job_editor_get_row (job_editor, "expert-parallel"))));
  {
    GtkDropDown *models = cp_picker_row_get_drop_down (cp_job_editor_get_model_row (job_editor));
    guint n = g_list_model_get_n_items (gtk_drop_down_get_model (models));
    guint position = GTK_INVALID_LIST_POSITION;

    for (guint i = 0; i < n; i++)
      if (g_strcmp0 (entry_id (models, i), "mixtral-8x7b") == 0)
        position = i;
    g_assert_cmpuint (position, !=, GTK_INVALID_LIST_POSITION);
    pick (models, position);
    cp_job_set_model (expected_job, cp_catalog_find_model (cp_catalog_get_builtin (), "mixtral-8x7b"));
  }
  g_assert_cmpuint (job->model.experts_total, ==, 8);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (cp_job_editor_get_row (job_editor, "expert-parallel"))));
  type_text (cp_job_editor_get_row (job_editor, "expert-parallel"), "4");
  g_assert_cmpuint (job->expert_parallel, ==, 4);
  expected_job->expert_parallel = 4;
  assert_shows_plan_of (results, expected, job_index);
  {
    const CpPlan *shown = cp_results_view_get_plan (results);

    guint spread = 0;

    /* The experts go over at most the data-parallel ranks (cp-estimate.c). */
    for (guint i = 0; i < shown->options->len; i++)
      {
        const CpEstimate *e = &g_array_index (shown->options, CpOption, i).estimate;

        if (!e->fits)
          continue;
        g_assert_cmpuint (e->layout.expert_parallel, ==, MIN (4, e->layout.data_parallel));
        spread += e->layout.expert_parallel == 4;
      }
    g_assert_cmpuint (spread, >, 0);
  }
  /* More experts than the model has: refused, naming the field. */
  type_text (cp_job_editor_get_row (job_editor, "expert-parallel"), "16");
  g_assert_nonnull (cp_field_row_get_error (cp_job_editor_get_row (job_editor, "expert-parallel")));
  g_assert_cmpuint (job->expert_parallel, ==, 4);
  g_assert_nonnull (strstr (cp_results_view_get_notice (results), "Expert parallel"));

  close_window (window);
}


/* The fastest single machine of @plan, in days, or INFINITY. */
static double
fastest_single_machine_days (const CpPlan    *plan,
                             const CpProject *project)
{
  double days = INFINITY;

  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      const CpQuote *quote = g_ptr_array_index (project->quotes, option->quote_index);

      if (!cp_quote_is_cluster (quote) && option->estimate.fits)
        days = MIN (days, option->estimate.calendar_days);
    }
  return days;
}

/* The longest acceptable run, edited in the preferences, is the
 * project's setting and stands in for the missing deadline. */
void
test_window_preferences_longest_run (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpResultsView *results = cp_window_get_results_view (window);
  CpJobEditor *job_editor = cp_window_get_job_editor (window);
  CpPreferencesWindow *preferences;
  CpFieldRow *row;
  g_autoptr(CpProject) expected = NULL;
  guint job_index = G_MAXUINT;
  double single_days;
  CpVerdict verdict_at_default;
  g_autofree char *longer = NULL;

  for (guint i = 0; i < project->jobs->len; i++)
    if (((CpJob *) g_ptr_array_index (project->jobs, i))->kind == CP_TASK_PRETRAIN)
      job_index = i;
  g_assert_cmpuint (job_index, !=, G_MAXUINT);
  select_row (cp_window_get_jobs_list (window), job_index);

  /* An automatic global batch says what it is: published pretraining
   * batches, 2.17M tokens at 7B growing as N^0.316 (the least-squares fit
   * through the runs cp-job.c cites), in whole sequences. */
  {
    CpJob *job = g_ptr_array_index (project->jobs, job_index);
    CpFieldRow *batch = cp_job_editor_get_row (job_editor, "global-batch");
    g_autofree char *said = NULL;

    type_text (batch, "");
    g_assert_cmpuint (job->global_batch, ==, 0);
    said = g_strdup_printf ("automatic: %.0f,", round (2.17e6 * pow (job->model.params / 7e9, 0.316) / job->seq_len));
    g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (batch)), said));
  }

  /* No deadline: the longest acceptable run (120 days) stands in. */
  type_text (cp_job_editor_get_row (job_editor, "deadline-days"), "0");
  type_text (cp_job_editor_get_row (job_editor, "tokens"), "1T");
  g_assert_cmpfloat (project->settings.longest_acceptable_run_days, ==, 120);
  expected = cp_project_copy (project);
  assert_shows_plan_of (results, expected, job_index);
  single_days = fastest_single_machine_days (cp_results_view_get_plan (results), project);
  /* A run no single machine finishes in 120 days: R7's time signal. */
  g_assert_cmpfloat (single_days, >, 120);
  g_assert_true (isfinite (single_days));
  verdict_at_default = cp_results_view_get_plan (results)->verdict;
  g_assert_cmpint (verdict_at_default, ==, CP_VERDICT_CLUSTER);

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  spin ();
  preferences = find_preferences_window ();
  g_assert_nonnull (preferences);
  row = cp_preferences_window_get_setting_row (preferences, "longest-acceptable-run");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (row)));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (row))), ==, "120");
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "BLOOM"));
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (row), "days", CP_TEST_GUI_TEXT_PART));

  /* Refused below a day: the message names the field, the setting stays. */
  type_text (row, "0");
  g_assert_nonnull (cp_field_row_get_error (row));
  g_assert_nonnull (strstr (cp_field_row_get_error (row), "Longest acceptable run"));
  g_assert_cmpfloat (project->settings.longest_acceptable_run_days, ==, 120);

  /* Longer than the single machine takes: the time signal goes, and the
   * window shows the model's plan under the new setting. (The verdict may
   * stay a cluster: a node count is offered at its lowest total cost, and
   * more nodes shorten the debugging that grows with the run, walk 2 #29.) */
  longer = g_strdup_printf ("%.0f", ceil (single_days) + 1);
  type_text (row, longer);
  g_assert_null (cp_field_row_get_error (row));
  project = cp_window_get_project (window);
  g_assert_cmpfloat (project->settings.longest_acceptable_run_days, ==, ceil (single_days) + 1);
  g_assert_true (cp_window_get_modified (window));
  expected->settings.longest_acceptable_run_days = ceil (single_days) + 1;
  assert_shows_plan_of (results, expected, job_index);
  {
    const CpPlan *plan = cp_results_view_get_plan (results);

    for (guint i = 0; i < plan->reasons->len; i++)
      g_assert_cmpint (g_array_index (plan->reasons, CpReason, i).outcome, !=, CP_OUTCOME_SIGNAL_TRAINING_TIME);
  }

  gtk_window_destroy (GTK_WINDOW (preferences));
  spin ();
  close_window (window);
}

/* Walkthrough findings 1, 2 and 8: a deadline no quote meets, typed into
 * the job form. The window says none finishes in time (not that none can
 * run), names the best available option, ranked first and never
 * recommended, says what deadline would do, and lists that option's own
 * risks, the report's. */
void
test_window_best_available (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpResultsView *results = cp_window_get_results_view (window);
  CpJobEditor *job_editor = cp_window_get_job_editor (window);
  const CpPlan *plan;
  const CpOption *best;
  g_autofree char *name = NULL;
  guint job_index = G_MAXUINT;

  for (guint i = 0; i < project->jobs->len; i++)
    if (((CpJob *) g_ptr_array_index (project->jobs, i))->kind == CP_TASK_PRETRAIN)
      job_index = i;
  g_assert_cmpuint (job_index, !=, G_MAXUINT);
  select_row (cp_window_get_jobs_list (window), job_index);

  /* 300B tokens of a 13B model in one calendar day: no quote does it. */
  type_text (cp_job_editor_get_row (job_editor, "deadline-days"), "1");
  wait_results (results);
  plan = cp_results_view_get_plan (results);
  g_assert_cmpint (plan->recommended, ==, -1);
  g_assert_cmpint (plan->shortfall, ==, CP_SHORTFALL_DEADLINE);
  g_assert_cmpint (plan->best_available, ==, 0);
  best = &g_array_index (plan->options, CpOption, 0);
  g_assert_true (best->estimate.fits);
  for (guint i = 1; i < plan->options->len; i++)
    {
      const CpOption *option = &g_array_index (plan->options, CpOption, i);
      g_assert_true (!option->estimate.fits || option->estimate.calendar_days >= best->estimate.calendar_days);
    }
  name = cp_words_quote_name (project, best->quote_index);

  g_assert_cmpstr (cp_results_view_get_verdict_text (results), ==, "No quote finishes by the deadline");
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (results), "ranked by finish, soonest first. Best available: ", CP_TEST_GUI_TEXT_PART));
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (results), name, CP_TEST_GUI_TEXT_PART));
  g_assert_nonnull (strstr (cp_results_view_get_changes_text (results), "(its fastest) would meet a deadline of"));
  {
    /* The deadline as a modifier (approver 21): "1-day", not "1.0 days". */
    g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (results), "Misses the 1-day deadline by", CP_TEST_GUI_TEXT_PART));
  }
  g_assert_null (cp_test_gui_find_with_text (GTK_WIDGET (results), "Communication bottleneck lowers efficiency", CP_TEST_GUI_TEXT_PART));
  close_window (window);
}

static guint
count_incomplete (const CpProject *project)
{
  guint n = 0;

  for (guint i = 0; i < project->quotes->len; i++)
    n += cp_quote_get_missing (g_ptr_array_index (project->quotes, i)) != CP_QUOTE_MISSING_NONE;
  return n;
}

/* A quote without a price has no curve: it would lie at zero cost. */
void
test_window_incomplete_quote_no_curve (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpResultsView *results = cp_window_get_results_view (window);
  CpQuoteEditor *quote_editor = cp_window_get_quote_editor (window);
  guint job_index = first_training_job (project);
  const CpChartData *chart;
  guint n_series;
  guint new_index;
  guint n_incomplete;
  g_autofree char *name = NULL;

  select_row (cp_window_get_jobs_list (window), job_index);
  wait_results (results);
  n_series = cp_chart_view_get_data (cp_results_view_get_chart (results, CP_CHART_COST))->series->len;

  g_action_group_activate_action (G_ACTION_GROUP (window), "add-quote", NULL);
  spin ();
  new_index = project->quotes->len - 1;
  g_assert_cmpint (cp_quote_get_missing (g_ptr_array_index (project->quotes, new_index)), ==,
                   CP_QUOTE_MISSING_PRICE);
  type_text (cp_quote_editor_get_row (quote_editor, "vendor"), "Vendor Without Price");
  name = cp_words_quote_name (project, (int) new_index);
  wait_results (results);

  chart = cp_chart_view_get_data (cp_results_view_get_chart (results, CP_CHART_COST));
  g_assert_cmpuint (chart->series->len, ==, n_series);
  for (guint s = 0; s < chart->series->len; s++)
    g_assert_null (strstr (((CpChartSeries *) g_ptr_array_index (chart->series, s))->label, "Vendor Without Price"));
  n_incomplete = count_incomplete (project);
  g_assert_cmpuint (n_incomplete, >=, 1);
  {
    g_autofree char *said = g_strdup_printf (n_incomplete == 1 ? "%u incomplete quote is not drawn"
                                                               : "%u incomplete quotes are not drawn", n_incomplete);
    g_assert_nonnull (strstr (chart->note, said));
  }
  {
    g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, job_index, CP_CHART_COST_MAX_POINTS);
    const CpSweepCurve *curve = g_ptr_array_index (sweep->curves, new_index);

    g_assert_cmpint (curve->quote_index, ==, (int) new_index);
    g_assert_cmpuint (curve->points->len, ==, 0);
  }
  /* Also when drawn without a plan, as a report of all quotes would. */
  {
    g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, job_index, CP_CHART_COST_MAX_POINTS);
    g_autoptr(CpChartData) all = cp_chart_data_new_cost (project, job_index, NULL, sweep, "en");

    g_assert_cmpuint (all->series->len, ==, project->quotes->len - n_incomplete);
    for (guint c = 0; c < sweep->curves->len; c++)
      {
        const CpSweepCurve *curve = g_ptr_array_index (sweep->curves, c);

        if (cp_quote_get_missing (g_ptr_array_index (project->quotes, curve->quote_index)) != CP_QUOTE_MISSING_NONE)
          g_assert_cmpuint (curve->points->len, ==, 0);
        for (guint p = 0; p < curve->points->len; p++)
          g_assert_cmpfloat (g_array_index (curve->points, CpSweepPoint, p).total_cost, >, 0);
      }
  }

  /* Priced, it is complete and drawn. */
  type_text (cp_quote_editor_get_row (quote_editor, "price"), "30");
  g_assert_cmpint (cp_quote_get_missing (g_ptr_array_index (project->quotes, new_index)), ==,
                   CP_QUOTE_MISSING_NONE);
  wait_results (results);
  chart = cp_chart_view_get_data (cp_results_view_get_chart (results, CP_CHART_COST));
  if (n_incomplete == 1)
    g_assert_null (strstr (chart->note, "incomplete"));
  else
    {
      g_autofree char *said = g_strdup_printf (n_incomplete == 2 ? "%u incomplete quote is not drawn"
                                                                 : "%u incomplete quotes are not drawn", n_incomplete - 1);
      g_assert_nonnull (strstr (chart->note, said));
    }
  {
    gboolean drawn = FALSE;

    for (guint s = 0; s < chart->series->len; s++)
      drawn |= strstr (((CpChartSeries *) g_ptr_array_index (chart->series, s))->label, "Vendor Without Price") != NULL;
    g_assert_true (drawn || shown_option (results, (int) new_index)->rank > CP_CHART_MAX_QUOTES);
  }

  close_window (window);
}

/* Walkthrough findings 11, 13 and 14 (window). */

/* The title label AdwActionRow draws for @row. */
static GtkLabel *
row_title_label (GtkWidget *row)
{
  if (GTK_IS_LABEL (row) && gtk_widget_has_css_class (row, "title") &&
      gtk_widget_has_css_class (gtk_widget_get_parent (row), "title"))
    return GTK_LABEL (row);
  for (GtkWidget *child = gtk_widget_get_first_child (row); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = row_title_label (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The title of @row as laid out: at most @max_lines lines, each new one
 * starting after a space or a hyphen, never inside a word. */
static void
assert_title_whole_words (GtkWidget *row,
                          int        max_lines)
{
  GtkLabel *title = row_title_label (row);
  PangoLayout *layout;
  const char *text;

  g_assert_nonnull (title);
  layout = gtk_label_get_layout (title);
  text = pango_layout_get_text (layout);
  g_assert_cmpint (pango_layout_get_line_count (layout), <=, max_lines);
  for (int i = 1; i < pango_layout_get_line_count (layout); i++)
    {
      int start = pango_layout_get_line_readonly (layout, i)->start_index;

      g_assert_cmpint (start, >, 0);
      if (text[start - 1] != ' ' && text[start - 1] != '-')
        g_error ("“%s” breaks inside a word at byte %d", text, start);
    }
}

static guint
entry_position (GtkDropDown *drop_down,
                const char  *id)
{
  GListModel *model = gtk_drop_down_get_model (drop_down);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_strcmp0 (entry_id (drop_down, i), id) == 0)
      return i;
  g_assert_not_reached ();
}

/* The window speaks the process's language, which the user's environment
 * sets before the application starts (cp_i18n_push_language() changes
 * only the report code's, on one thread). A test switches it as that
 * environment would: LANGUAGE, which glibc reads only outside the C
 * locale, then the counter glibc checks before reusing a translation it
 * looked up (the gettext manual, "Being a gettext grok"). */
extern int _nl_msg_cat_cntr;

typedef struct {
  char *language;
  char *lc_messages;
} UiLanguage;

static UiLanguage
ui_language_switch (const char *language)
{
  UiLanguage saved = { g_strdup (g_getenv ("LANGUAGE")), g_strdup (setlocale (LC_MESSAGES, NULL)) };

  if (g_strcmp0 (saved.lc_messages, "C") == 0 || g_strcmp0 (saved.lc_messages, "POSIX") == 0)
    setlocale (LC_MESSAGES, "C.UTF-8");
  g_setenv ("LANGUAGE", language, TRUE);
  ++_nl_msg_cat_cntr;
  return saved;
}

static void
ui_language_restore (UiLanguage *saved)
{
  if (saved->language != NULL)
    g_setenv ("LANGUAGE", saved->language, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  setlocale (LC_MESSAGES, saved->lc_messages);
  ++_nl_msg_cat_cntr;
  g_clear_pointer (&saved->language, g_free);
  g_clear_pointer (&saved->lc_messages, g_free);
}

/* Both forms at 1024 × 700 and at the test display's 1280 × 800 (1920 ×
 * 1080 was checked by hand): the rows the walkthrough saw broken
 * ("Netw-ork fee", "Link inside a node" a letter a line) wrap between
 * words, and their values are still shown. */
static void
check_form_layout (const char *language)
{
  CpWindow *window;
  CpQuoteEditor *quote_editor;
  CpJobEditor *job_editor;
  gboolean chinese = language != NULL;
  /* Quote 0 is one machine: its network fee goes with its network section
   * (cp-quote-editor.c), the setup fee is an entry with a money unit too. */
  const char *quote_rows[] = { "setup-fee", "storage-price", "management-fee", "billing-granularity" };
  const int sizes[][2] = { { 1024, 700 }, { 1280, 800 } };
  UiLanguage saved = { NULL, NULL };

  if (chinese)
    saved = ui_language_switch (language);
  window = open_demo_window ();
  quote_editor = cp_window_get_quote_editor (window);
  job_editor = cp_window_get_job_editor (window);

  select_row (cp_window_get_quotes_list (window), 0);
  {
    GtkDropDown *links = cp_picker_row_get_drop_down (cp_quote_editor_get_link_row (quote_editor));
    guint position = entry_position (links, "nvlink-h800");

    if (gtk_drop_down_get_selected (links) != position)
      pick (links, position);
  }

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      cp_test_gui_resize_window (window, sizes[s][0], sizes[s][1]);

      /* "节点内互联" stays on one line; "Link inside a node" may take two. */
      assert_title_whole_words (GTK_WIDGET (cp_quote_editor_get_link_row (quote_editor)), chinese ? 1 : 2);
      for (guint i = 0; i < G_N_ELEMENTS (quote_rows); i++)
        {
          CpFieldRow *row = cp_quote_editor_get_row (quote_editor, quote_rows[i]);
          GtkWidget *input = cp_field_row_get_input (row);

          assert_title_whole_words (GTK_WIDGET (row), 2);
          /* The entry gave up room, not all of it: a few digits show. */
          g_assert_cmpint (gtk_widget_get_width (input), >=, 40);
        }
    }

  /* The job form is laid out by the same rows. */
  select_row (cp_window_get_jobs_list (window), first_training_job (cp_window_get_project (window)));
  cp_test_gui_resize_window (window, 1024, 700);
  assert_title_whole_words (GTK_WIDGET (cp_job_editor_get_row (job_editor, "engineer-day-cost")), 2);
  assert_title_whole_words (GTK_WIDGET (cp_job_editor_get_row (job_editor, "trial-communication-share")), 2);

  close_window (window);
  if (chinese)
    ui_language_restore (&saved);
}

void
test_window_form_layout (void)
{
  check_form_layout (NULL);
  check_form_layout ("zh_CN");
}

/* Under a field its message gives the problem, not the field's name
 * again, and says what the field takes; the notice above the results,
 * read away from the field, still names it. */
void
test_window_field_messages (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpResultsView *results = cp_window_get_results_view (window);
  CpQuoteEditor *quote_editor = cp_window_get_quote_editor (window);
  CpJobEditor *job_editor = cp_window_get_job_editor (window);
  CpFieldRow *gpus = cp_quote_editor_get_row (quote_editor, "gpus-per-node");
  CpFieldRow *memory = cp_quote_editor_get_row (quote_editor, "gpu-memory");
  CpFieldRow *nic_rate = cp_quote_editor_get_row (quote_editor, "nic-gbps");
  CpFieldRow *storage_price = cp_quote_editor_get_row (quote_editor, "storage-price");
  CpFieldRow *seq_len = cp_job_editor_get_row (job_editor, "seq-len");
  CpQuote *quote;
  guint old_gpus;

  select_row (cp_window_get_quotes_list (window), 0);
  quote = g_ptr_array_index (project->quotes, 0);
  old_gpus = quote->gpus_per_node;

  /* The model refuses it as "GPUs per node: must be greater than 0". */
  type_text (gpus, "0");
  g_assert_cmpstr (cp_field_row_get_error (gpus), ==, "must be greater than 0");
  g_assert_cmpuint (quote->gpus_per_node, ==, old_gpus);
  wait_results (results);
  g_assert_nonnull (cp_results_view_get_notice (results));
  g_assert_nonnull (strstr (cp_results_view_get_notice (results), "GPUs per node"));

  /* The parser's refusals read the same way. */
  type_text (gpus, "-5");
  g_assert_cmpstr (cp_field_row_get_error (gpus), ==, "must not be negative");
  type_text (gpus, "8x");
  g_assert_cmpstr (cp_field_row_get_error (gpus), ==, "“8x” is not a whole number");
  g_assert_cmpuint (quote->gpus_per_node, ==, old_gpus);
  type_text (gpus, "8");
  g_assert_null (cp_field_row_get_error (gpus));
  g_assert_cmpuint (quote->gpus_per_node, ==, 8);

  /* The model calls "Memory per GPU" "GPU memory": the name still goes. */
  type_text (memory, "50000");
  /* cp_quote_validate_figures(): GPU memory from 1 to 10,000 GB. */
  g_assert_cmpstr (cp_field_row_get_error (memory), ==, "must be at most 10000");
  press_escape (cp_field_row_get_input (memory));
  g_assert_null (cp_field_row_get_error (memory));

  /* What a field with a unit takes. */
  type_text (nic_rate, "fast");
  g_assert_cmpstr (cp_field_row_get_error (nic_rate), ==, "“fast” is not a number in Gb/s");
  press_escape (cp_field_row_get_input (nic_rate));
  {
    g_autofree char *expected = g_strdup_printf ("“abc” is not an amount in %.3s per TB-month", quote->currency);

    type_text (storage_price, "abc");
    g_assert_cmpstr (cp_field_row_get_error (storage_price), ==, expected);
    press_escape (cp_field_row_get_input (storage_price));
  }

  /* The job form's rows word it the same way. */
  select_row (cp_window_get_jobs_list (window), first_training_job (project));
  type_text (seq_len, "0");
  g_assert_cmpstr (cp_field_row_get_error (seq_len), ==, "must be greater than 0");
  press_escape (cp_field_row_get_input (seq_len));

  /* A message about another field keeps that field's name. */
  type_text (cp_job_editor_get_row (job_editor, "global-batch"), "64");
  type_text (cp_job_editor_get_row (job_editor, "micro-batch"), "128");
  g_assert_nonnull (cp_field_row_get_error (cp_job_editor_get_row (job_editor, "micro-batch")));
  g_assert_true (g_str_has_prefix (cp_field_row_get_error (cp_job_editor_get_row (job_editor, "micro-batch")),
                                   "Global batch"));

  close_window (window);
}

static gboolean
label_has_selection (GtkWidget *label)
{
  int start = 0, end = 0;

  return gtk_label_get_selection_bounds (GTK_LABEL (label), &start, &end) && start != end;
}

/* The small things: a quote without an offer name, a new job's kind, and
 * text shown selected. */
void
test_window_walkthrough_details (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpResultsView *results = cp_window_get_results_view (window);
  CpQuoteEditor *quote_editor = cp_window_get_quote_editor (window);
  CpJobEditor *job_editor = cp_window_get_job_editor (window);
  GtkWidget *focus;

  /* No offer name: the subtitle is the hardware, with no "·" before it. */
  select_row (cp_window_get_quotes_list (window), 0);
  type_text (cp_quote_editor_get_row (quote_editor, "offer-name"), "");
  {
    CpQuote *quote = g_ptr_array_index (project->quotes, 0);
    GtkListBoxRow *row = gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), 0);
    const char *subtitle = gtk_label_get_label (GTK_LABEL (gtk_widget_get_last_child (gtk_list_box_row_get_child (row))));
    g_autofree char *start = g_strdup_printf ("%u × %u × ", quote->nodes_available, quote->gpus_per_node);

    g_assert_cmpstr (quote->offer_name, ==, "");
    g_assert_true (g_str_has_prefix (subtitle, start));
    g_assert_nonnull (strstr (subtitle, quote->gpu.name));
    g_assert_null (strstr (subtitle, "·"));
  }

  /* A new job is pretraining with the defaults `add-job` gives it. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "add-job", NULL);
  spin ();
  {
    g_autoptr(CpJob) cli_job = cp_job_new (CP_TASK_PRETRAIN);
    CpJob *job = g_ptr_array_index (project->jobs, project->jobs->len - 1);
    GtkDropDown *kind = GTK_DROP_DOWN (cp_field_row_get_input (cp_job_editor_get_row (job_editor, "kind")));

    g_assert_cmpint (job->kind, ==, CP_TASK_PRETRAIN);
    g_assert_cmpuint (gtk_drop_down_get_selected (kind), ==, CP_TASK_PRETRAIN);
    g_assert_cmpfloat (job->tokens, ==, cli_job->tokens);
    g_assert_cmpuint (job->global_batch, ==, cli_job->global_batch);
    g_assert_cmpfloat (job->storage_tb, ==, cli_job->storage_tb);
  }
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  spin ();
  project = cp_window_get_project (window);

  /* F6 into the results does not select the summary. */
  select_row (cp_window_get_jobs_list (window), first_training_job (project));
  wait_results (results);
  /* Sidebar, form, results: at most three steps from wherever it is. */
  for (guint i = 0; i <= 3; i++)
    {
      focus = gtk_root_get_focus (GTK_ROOT (window));
      if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (results)))
        break;
      g_action_group_activate_action (G_ACTION_GROUP (window), "next-pane", NULL);
      spin ();
    }
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (results)));
  g_assert_false (GTK_IS_LABEL (focus));
  g_assert_false (label_has_selection (cp_test_gui_find_named (GTK_WIDGET (results), "summary")));
  g_assert_true (gtk_label_get_selectable (GTK_LABEL (cp_test_gui_find_named (GTK_WIDGET (results), "summary"))));

  /* Nor does the cost breakdown's popover: its label cannot take the
   * focus the popover hands to its first child (opening the popover here
   * trips GTK 4.8's popover placement under Xvfb once an earlier test's
   * window has gone; the real window was checked with xdotool). */
  {
    GtkWidget *button = cp_test_gui_find_of_type (cp_test_gui_find_named (GTK_WIDGET (window), "options"), GTK_TYPE_MENU_BUTTON);
    GtkWidget *label;

    g_assert_nonnull (button);
    label = gtk_popover_get_child (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)));
    g_assert_true (GTK_IS_LABEL (label));
    g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (label)), "Total"));
    g_assert_true (gtk_label_get_selectable (GTK_LABEL (label)));
    g_assert_false (gtk_widget_get_focusable (label));
    g_assert_false (gtk_widget_child_focus (label, GTK_DIR_TAB_FORWARD));
    g_assert_false (label_has_selection (label));
  }

  /* The model picker has a search for its list to take the focus when it
   * opens (cp-picker-row.c); typing into it right away was checked on the
   * real window with xdotool, for the reason above. */
  g_assert_true (gtk_drop_down_get_enable_search (cp_picker_row_get_drop_down (cp_job_editor_get_model_row (job_editor))));

  close_window (window);
}

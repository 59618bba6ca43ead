/* test-trial-log.c: Read Trial Log… in the window, under a display.
 *
 * Driven through the widgets and actions a user reaches: the button on
 * the trial group, the preview's machine row, its apply and cancel
 * actions, win.undo. Only the file chooser is skipped: the test hands the
 * window the path it would have returned. Figures are the logs'
 * hand-read numbers (tests/store/test-trial-log.c).
 */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "gui/cp-application.h"
#include "gui/cp-field-row.h"
#include "gui/cp-option-object.h"
#include "gui/cp-trial-log-dialog.h"
/* Only to hand the window the file a file chooser would have returned. */
#include "gui/cp-window-private.h"
#include "gui/cp-window.h"
#include "cp-test-gui.h"

#define MIB 1048576.0

static CpApplication *app;

static void
spin (void)
{
  cp_test_gui_spin ();
}

static void
wait_not_busy (CpWindow *window)
{
  cp_test_gui_wait_not_busy (window);
}

static void
wait_results (CpResultsView *results)
{
  cp_test_gui_wait_results (results);
}

static char *
log_path (const char *name)
{
  return g_build_filename (g_getenv ("CP_SOURCE_DIR"), "tests", "store", "trial-logs", name, NULL);
}

static guint
index_of_job (const CpProject *project, const char *id)
{
  for (guint i = 0; i < project->jobs->len; i++)
    if (g_strcmp0 (((const CpJob *) g_ptr_array_index (project->jobs, i))->id, id) == 0)
      return i;
  g_assert_not_reached ();
}

static guint
index_of_quote (const CpProject *project, const char *id)
{
  for (guint i = 0; i < project->quotes->len; i++)
    if (g_strcmp0 (((const CpQuote *) g_ptr_array_index (project->quotes, i))->id, id) == 0)
      return i;
  g_assert_not_reached ();
}

static CpWindow *
open_demo_window (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);

  spin ();
  return window;
}

static void
close_window (CpWindow *window)
{
  cp_test_gui_close_window (window);
}

/* Reads @name as the file chooser would hand it, and returns the preview. */
static CpTrialLogDialog *
read_log (CpWindow *window, const char *name)
{
  g_autofree char *path = log_path (name);
  GtkWidget *dialog;

  _cp_window_read_trial_log (window, path);
  g_assert_true (cp_window_get_busy (window));
  wait_not_busy (window);
  dialog = cp_test_gui_find_toplevel (CP_TYPE_TRIAL_LOG_DIALOG);
  g_assert_nonnull (dialog);
  return CP_TRIAL_LOG_DIALOG (dialog);
}

/* Activates @action on the preview, which must close it. */
static void
close_with (CpTrialLogDialog *dialog,
            const char       *action)
{
  GtkWidget *weak = GTK_WIDGET (dialog);

  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &weak);
  gtk_widget_activate_action (GTK_WIDGET (dialog), action, NULL);
  spin ();
  g_assert_null (weak);
}

static void
test_read_cancel_apply_undo (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpJobEditor *editor = cp_window_get_job_editor (window);
  CpResultsView *results = cp_window_get_results_view (window);
  guint job_index = index_of_job (project, "job-pretrain13b");
  guint a800 = index_of_quote (project, "q-a800");
  GtkWidget *button, *row, *label;
  CpTrialLogDialog *dialog;
  CpJob *job;
  gboolean undo_before;
  guint n_trial = 0, n_extrapolated = 0;

  /* A quote selected: no job to fill. */
  gtk_list_box_select_row (cp_window_get_quotes_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), 0));
  spin ();
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "read-trial-log"));
  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), (int) job_index));
  spin ();
  job = g_ptr_array_index (project->jobs, job_index);
  g_assert_null (job->trial.quote_id);

  /* The button on the trial group carries the window's action. */
  button = cp_test_gui_find_named (GTK_WIDGET (editor), "read-trial-log");
  g_assert_true (GTK_IS_BUTTON (button));
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (button)), ==, "win.read-trial-log");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "read-trial-log"));
  undo_before = g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo");

  /* The preview: each figure with its line; the machine chosen on its row. */
  dialog = read_log (window, "megatron.log");
  adw_combo_row_set_selected (cp_trial_log_dialog_get_quote_row (dialog), a800);
  spin ();
  row = cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-figure-peak-memory");
  g_assert_nonnull (row);
  g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)),
                                   "Line 14: [Rank 4] (after 10 iterations) memory (MB)"));
  label = g_object_get_data (G_OBJECT (row), "value-label");
  /* 67584 MB of 1,048,576 bytes = 66.0 GiB. */
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "66.0 GiB");
  row = cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-figure-tokens-per-s");
  label = g_object_get_data (G_OBJECT (row), "value-label");
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "16384 tokens/s");
  g_assert_nonnull (cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-figure-tflops-per-gpu"));
  g_assert_true (gtk_widget_get_sensitive (cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-log-apply")));
  /* The log's 13,015,864,320 parameters are the job's Llama 2 13B, and
   * 6 × 13e9 × 16,384 ÷ (8 × 312e12) = 51% is under T22's 56.3%. */
  g_assert_false (gtk_widget_get_visible (cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-log-warnings")));
  g_assert_null (cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-log-warning"));

  /* Cancel: the job and the undo history as they were. */
  close_with (dialog, "trial-log.cancel");
  g_assert_null (job->trial.quote_id);
  g_assert_cmpfloat (job->trial.peak_memory_bytes, ==, 0);
  g_assert_cmpint (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"), ==, undo_before);

  /* Apply: the job's trial is the log's, the editor's rows and the plan follow. */
  dialog = read_log (window, "megatron.log");
  adw_combo_row_set_selected (cp_trial_log_dialog_get_quote_row (dialog), a800);
  spin ();
  close_with (dialog, "trial-log.apply");
  g_assert_cmpstr (job->trial.quote_id, ==, "q-a800");
  g_assert_cmpuint (job->trial.gpus, ==, 8);
  g_assert_cmpfloat (job->trial.peak_memory_bytes, ==, 67584 * MIB);
  g_assert_cmpfloat_with_epsilon (job->trial.tokens_per_s, 16384.0, 1e-6);
  g_assert_cmpfloat_with_epsilon (job->trial.step_s, 16.0, 1e-9);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (cp_job_editor_get_row (editor, "trial-gpus")))),
                   ==, "8");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));

  wait_results (results);
  {
    const CpPlan *plan = cp_results_view_get_plan (results);

    for (guint i = 0; i < plan->options->len; i++)
      {
        const CpOption *option = &g_array_index (plan->options, CpOption, i);

        if (option->quote_index == (int) a800)
          {
            g_assert_cmpint (option->estimate.time_source, ==, CP_TIME_SOURCE_TRIAL);
            n_trial++;
          }
        else if (option->estimate.time_source == CP_TIME_SOURCE_EXTRAPOLATED)
          n_extrapolated++;
      }
    g_assert_cmpuint (n_trial, >=, 1);
    g_assert_cmpuint (n_extrapolated, >=, 1);
  }

  /* Undo takes the whole import back. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  spin ();
  project = cp_window_get_project (window);
  job = g_ptr_array_index (project->jobs, job_index);
  g_assert_null (job->trial.quote_id);
  g_assert_cmpfloat (job->trial.peak_memory_bytes, ==, 0);
  g_assert_cmpfloat (job->trial.tokens_per_s, ==, 0);

  close_window (window);
}

/* A log cut short: an error naming the line, no preview, nothing changed.
 * vLLM's start-up lines: shown, but nothing to apply. */
static void
test_refused_logs (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  guint job_index = index_of_job (project, "job-serve7b");
  g_autofree char *truncated = log_path ("megatron-truncated.log");
  CpTrialLogDialog *dialog;
  GtkWidget *message;
  CpJob *job;

  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), (int) job_index));
  spin ();
  job = g_ptr_array_index (project->jobs, job_index);

  _cp_window_read_trial_log (window, truncated);
  wait_not_busy (window);
  g_assert_null (cp_test_gui_find_toplevel (CP_TYPE_TRIAL_LOG_DIALOG));
  message = cp_test_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (message);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (message)),
                            "megatron-truncated.log: line 23:"));
  gtk_window_destroy (GTK_WINDOW (message));
  spin ();
  g_assert_null (job->trial.quote_id);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "undo"));

  /* nvidia-smi names its GPUs: a job without a trial machine starts on
   * the first quote with that GPU (the A800 one, not the first quote). */
  dialog = read_log (window, "nvidia-smi.csv");
  g_assert_cmpuint (adw_combo_row_get_selected (cp_trial_log_dialog_get_quote_row (dialog)), ==,
                    index_of_quote (project, "q-a800"));
  g_assert_cmpuint (index_of_quote (project, "q-a800"), !=, 0);
  close_with (dialog, "trial-log.cancel");

  /* vLLM's start-up lines give a serving job's KV-cache size: kept. */
  dialog = read_log (window, "vllm-v1.log");
  g_assert_nonnull (cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-figure-kv-cache-tokens"));
  g_assert_nonnull (cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-figure-max-concurrency"));
  g_assert_true (gtk_widget_get_sensitive (cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-log-apply")));
  close_with (dialog, "trial-log.cancel");
  g_assert_null (job->trial.quote_id);

  /* For a training job they are shown, with nothing to apply. */
  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window),
                                                          (int) index_of_job (project, "job-pretrain13b")));
  spin ();
  job = g_ptr_array_index (project->jobs, index_of_job (project, "job-pretrain13b"));
  dialog = read_log (window, "vllm-v1.log");
  g_assert_nonnull (cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-figure-kv-cache-tokens"));
  g_assert_false (gtk_widget_get_sensitive (cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-log-apply")));
  gtk_widget_activate_action (GTK_WIDGET (dialog), "trial-log.apply", NULL);
  spin ();
  /* Disabled: the preview is still there and the job untouched. */
  g_assert_true (cp_test_gui_find_toplevel (CP_TYPE_TRIAL_LOG_DIALOG) == GTK_WIDGET (dialog));
  g_assert_null (job->trial.quote_id);
  close_with (dialog, "trial-log.cancel");

  close_window (window);
}

static const CpOption *
option_on (const CpPlan *plan, guint quote_index)
{
  for (guint i = 0; i < plan->options->len; i++)
    if (g_array_index (plan->options, CpOption, i).quote_index == (int) quote_index)
      return &g_array_index (plan->options, CpOption, i);
  g_assert_not_reached ();
}

/* A serving trial: vllm-serving.log on the A800 quote gives one GPU a
 * replica and 748,976 tokens of KV cache (hand-read in
 * tests/store/test-trial-log.c); the plan's A800 option then serves
 * 748,976 ÷ 4,096 = 182.85546875 requests of the whole context at once
 * (PUBLISHED I6); the demo service's requests of 1,024 prompt and 128
 * output tokens hold 68.4375 blocks on average as vLLM pages them
 * (model-estimate's test_inference_concurrency): ⌊46,811 ÷ 68.4375⌋ = 683
 * run at once, one replica for its 200. Typed into the trial group's row,
 * 400,000 tokens are 25,000 blocks of 16: 97.65625 of the whole context,
 * ⌊25,000 ÷ 68.4375⌋ = 365 run at once, still one replica. */
static void
test_serving_trial (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpJobEditor *editor = cp_window_get_job_editor (window);
  CpResultsView *results = cp_window_get_results_view (window);
  guint job_index = index_of_job (project, "job-serve7b");
  guint a800 = index_of_quote (project, "q-a800");
  CpTrialLogDialog *dialog;
  CpFieldRow *row;
  const CpOption *option;
  CpJob *job;

  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), (int) job_index));
  spin ();
  job = g_ptr_array_index (project->jobs, job_index);
  row = cp_job_editor_get_row (editor, "trial-kv-cache-tokens");
  g_assert_nonnull (row);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (row)));
  wait_results (results);
  g_assert_false (option_on (cp_results_view_get_plan (results), a800)->estimate.kv_measured);

  dialog = read_log (window, "vllm-serving.log");
  adw_combo_row_set_selected (cp_trial_log_dialog_get_quote_row (dialog), a800);
  spin ();
  close_with (dialog, "trial-log.apply");
  g_assert_cmpstr (job->trial.quote_id, ==, "q-a800");
  g_assert_cmpuint (job->trial.gpus, ==, 1);
  g_assert_cmpfloat (job->trial.kv_cache_tokens, ==, 748976);
  wait_results (results);
  option = option_on (cp_results_view_get_plan (results), a800);
  g_assert_true (option->estimate.kv_measured);
  g_assert_cmpfloat (option->estimate.max_concurrency, ==, 748976.0 / 4096);
  g_assert_cmpfloat (option->estimate.requests_per_replica, ==, 683);
  g_assert_cmpuint (option->estimate.replicas_needed, ==, 1);
  /* The results table says where each option's KV cache came from. */
  {
    GListModel *options = cp_results_view_get_options (results);
    guint n_measured = 0, n_extrapolated = 0;

    for (guint i = 0; i < g_list_model_get_n_items (options); i++)
      {
        g_autoptr(CpOptionObject) object = g_list_model_get_item (options, i);
        const char *served = cp_option_object_get_text (object, CP_OPTION_TEXT_SERVED);

        if (cp_option_object_get_option (object)->quote_index == (int) a800)
          {
            g_assert_nonnull (strstr (served, "(KV cache measured in a trial run)"));
            n_measured++;
          }
        else if (strstr (served, "(KV cache extrapolated from a trial run)") != NULL)
          n_extrapolated++;
      }
    g_assert_cmpuint (n_measured, ==, 1);
    g_assert_cmpuint (n_extrapolated, >=, 1);
  }

  /* Typed into the row and applied, as a user does. */
  gtk_editable_set_text (GTK_EDITABLE (cp_field_row_get_input (row)), "400000");
  g_signal_emit_by_name (cp_field_row_get_input (row), "activate");
  spin ();
  g_assert_cmpfloat (job->trial.kv_cache_tokens, ==, 400000);
  wait_results (results);
  option = option_on (cp_results_view_get_plan (results), a800);
  g_assert_true (option->estimate.kv_measured);
  g_assert_cmpfloat (option->estimate.max_concurrency, ==, 97.65625);
  g_assert_cmpfloat (option->estimate.requests_per_replica, ==, 365);
  g_assert_cmpuint (option->estimate.replicas_needed, ==, 1);

  /* A training job has no such row to show. */
  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window),
                                                          (int) index_of_job (project, "job-pretrain13b")));
  spin ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (cp_job_editor_get_row (editor, "trial-kv-cache-tokens"))));

  close_window (window);
}

/* A log of another model (#13): megatron.log is of 13,015,864,320
 * parameters (line 9), the 70B fine-tune's Llama 2 is 70e9; on the H800
 * machine 6 × 70e9 × 16,384 ÷ (8 × 989e12) = 87% of the dense peak, over
 * T22's 56.3%. The preview says both, and the figures go in only once
 * "Use them anyway" is ticked; another machine asks again. */
static void
test_wrong_model (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  guint job_index = index_of_job (project, "job-ft70b");
  guint h800 = index_of_quote (project, "q-h800-ib");
  guint a800 = index_of_quote (project, "q-a800");
  GtkWidget *group, *confirm, *apply, *row;
  CpTrialLogDialog *dialog;
  CpJob *job;
  guint n_warnings = 0;
  gboolean size_named = FALSE, mfu_named = FALSE;

  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), (int) job_index));
  spin ();
  job = g_ptr_array_index (project->jobs, job_index);
  g_assert_null (job->trial.quote_id);

  dialog = read_log (window, "megatron.log");
  adw_combo_row_set_selected (cp_trial_log_dialog_get_quote_row (dialog), h800);
  spin ();
  group = cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-log-warnings");
  g_assert_true (gtk_widget_get_visible (group));
  for (row = cp_test_gui_find_named (group, "trial-log-warning"); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      const char *title;

      if (g_strcmp0 (gtk_widget_get_name (row), "trial-log-warning") != 0)
        continue;
      title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
      size_named = size_named || (strstr (title, "Line 9: the log is of a model of 13.0B parameters") != NULL &&
                                  strstr (title, "Llama 2 70B, has 70.0B") != NULL);
      mfu_named = mfu_named || (strstr (title, "87%") != NULL && strstr (title, "56.3%") != NULL);
      n_warnings++;
    }
  g_assert_cmpuint (n_warnings, ==, 2);
  g_assert_true (size_named);
  g_assert_true (mfu_named);

  apply = cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-log-apply");
  confirm = cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-log-confirm");
  g_assert_true (GTK_IS_CHECK_BUTTON (confirm));
  g_assert_true (gtk_widget_get_visible (confirm));
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (confirm)));
  g_assert_false (gtk_widget_get_sensitive (apply));
  /* The action refuses too, not only the button. */
  gtk_widget_activate_action (GTK_WIDGET (dialog), "trial-log.apply", NULL);
  spin ();
  g_assert_true (cp_test_gui_find_toplevel (CP_TYPE_TRIAL_LOG_DIALOG) == GTK_WIDGET (dialog));
  g_assert_null (job->trial.quote_id);

  /* Ticked, then another machine: asked again (A800: 276%, and the size). */
  gtk_widget_activate (confirm);
  spin ();
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (confirm)));
  g_assert_true (gtk_widget_get_sensitive (apply));
  adw_combo_row_set_selected (cp_trial_log_dialog_get_quote_row (dialog), a800);
  spin ();
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (confirm)));
  g_assert_false (gtk_widget_get_sensitive (apply));

  /* Confirmed: the figures go in. */
  adw_combo_row_set_selected (cp_trial_log_dialog_get_quote_row (dialog), h800);
  spin ();
  gtk_widget_activate (confirm);
  spin ();
  close_with (dialog, "trial-log.apply");
  project = cp_window_get_project (window);
  job = g_ptr_array_index (project->jobs, job_index);
  g_assert_cmpstr (job->trial.quote_id, ==, "q-h800-ib");
  g_assert_cmpfloat_with_epsilon (job->trial.tokens_per_s, 16384.0, 1e-6);

  /* vLLM's start-up (line 3: 14.9889 GiB of weights, one GPU) keeps
   * nothing for a training job, and still says it is not this 70B model
   * (70e9 × 2 bytes = 130.4 GiB); there is nothing to confirm. */
  dialog = read_log (window, "vllm-v1.log");
  row = cp_test_gui_find_named (cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-log-warnings"), "trial-log-warning");
  g_assert_nonnull (row);
  g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                            "Line 3: vLLM loaded 15.0 GiB of weights on the replica’s 1 GPU"));
  g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), "holds 130.4 GiB at 16 bits"));
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_ancestor (cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-log-confirm"),
                                                                  ADW_TYPE_PREFERENCES_GROUP)));
  g_assert_false (gtk_widget_get_sensitive (cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-log-apply")));
  close_with (dialog, "trial-log.cancel");

  close_window (window);
}

/* megatron.log peaks at 67584 MiB = 66 GiB per GPU on 8 GPUs (world
 * size 8, line 6): the demo's first quote, 8 × RTX 4090 of 24 GB, cannot
 * have run it, the A800 80GB quote (the first consistent one) can. */
static void
test_machine_preselection (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  guint job_index = index_of_job (project, "job-pretrain13b");
  guint rtx4090 = index_of_quote (project, "q-4090");
  guint a800 = index_of_quote (project, "q-a800");
  AdwComboRow *quote_row;
  GtkStringObject *item;
  CpTrialLogDialog *dialog;
  GtkWidget *row;

  g_assert_cmpuint (rtx4090, ==, 0);
  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), (int) job_index));
  spin ();
  dialog = read_log (window, "megatron.log");
  quote_row = cp_trial_log_dialog_get_quote_row (dialog);
  g_assert_cmpuint (adw_combo_row_get_selected (quote_row), ==, a800);
  g_assert_null (cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-log-warning"));
  /* Each machine shows its GPU first, its maker's word left out, then
   * its vendor without the gloss (demo-project.ini's vendor A, offer
   * "8 × RTX 4090 容器实例"; issue 26). */
  item = g_list_model_get_item (adw_combo_row_get_model (quote_row), rtx4090);
  g_assert_cmpstr (gtk_string_object_get_string (item), ==,
                   "8 × GeForce RTX 4090 24GB · 示例供应商 A — 8 × RTX 4090 容器实例");
  g_object_unref (item);

  /* Choosing the 4090 says why it cannot be the machine. */
  adw_combo_row_set_selected (quote_row, rtx4090);
  spin ();
  /* The whole name on hover: the GPU as the catalogue names it, the
   * vendor as typed. */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (quote_row)), ==,
                   "8 × NVIDIA GeForce RTX 4090 24GB — 示例供应商 A (Example vendor A) — 8 × RTX 4090 容器实例");
  row = cp_test_gui_find_named (GTK_WIDGET (dialog), "trial-log-warning");
  g_assert_nonnull (row);
  g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                            "peaks at 66 GiB per GPU, more than the 24 GB of the quote’s"));
  close_with (dialog, "trial-log.cancel");
  close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  app = cp_test_gui_init (&argc, &argv, "gui-trial");

  g_test_add_func ("/gui/trial-log/read-cancel-apply-undo", test_read_cancel_apply_undo);
  g_test_add_func ("/gui/trial-log/refused-logs", test_refused_logs);
  g_test_add_func ("/gui/trial-log/serving-trial", test_serving_trial);
  g_test_add_func ("/gui/trial-log/wrong-model", test_wrong_model);
  g_test_add_func ("/gui/trial-log/machine-preselection", test_machine_preselection);
  return g_test_run ();
}

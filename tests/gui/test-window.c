/* test-window.c: the planner window under a display (Xvfb in CI).
 *
 * The window is driven the way a user drives it (text typed into the
 * form's entries), and what it shows is compared with the model itself
 * evaluated on the same changed inputs.
 */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "gui/cp-application.h"
#include "gui/cp-chart-view.h"
#include "gui/cp-field-row.h"
#include "gui/cp-labels.h"
#include "gui/cp-option-object.h"
#include "gui/cp-window.h"
#include "report/cp-i18n.h"
#include "report/cp-report.h"
#include "store/cp-demo.h"
#include "store/cp-store.h"

static CpApplication *app;

static void
spin (void)
{
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static GtkWidget *
find_named (GtkWidget  *root,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (root), name) == 0)
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A window showing the demo project, kept in a fresh untitled file. */
static CpWindow *
open_demo_window (void)
{
  g_autoptr(GError) error = NULL;
  CpWindow *window = cp_window_new (app);
  CpProject *demo = cp_demo_project_new (&error);

  g_assert_no_error (error);
  g_assert_nonnull (demo);
  g_assert_true (cp_window_load_new (window, demo, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  spin ();

  return window;
}

static void
close_window (CpWindow *window)
{
  GtkWidget *weak = GTK_WIDGET (window);

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &weak);
  gtk_window_close (GTK_WINDOW (window));
  spin ();
  g_assert_null (weak);
}

static void
type_text (CpFieldRow *row,
           const char *text)
{
  g_assert_nonnull (row);
  gtk_editable_set_text (GTK_EDITABLE (cp_field_row_get_input (row)), text);
  spin ();
}

/* The first job the demo has that the model evaluates on several quotes. */
static guint
first_training_job (const CpProject *project)
{
  for (guint i = 0; i < project->jobs->len; i++)
    {
      const CpJob *job = g_ptr_array_index (project->jobs, i);

      if (cp_task_kind_is_training (job->kind))
        return i;
    }
  g_assert_not_reached ();
}

static CpPlan *
plan_for (const CpProject *project,
          guint            job_index)
{
  g_autoptr(GArray) quotes = g_array_new (FALSE, FALSE, sizeof (CpQuote));

  /* Shallow copies: cp_plan_new() only reads them. */
  for (guint i = 0; i < project->quotes->len; i++)
    g_array_append_vals (quotes, g_ptr_array_index (project->quotes, i), 1);

  return cp_plan_new (g_ptr_array_index (project->jobs, job_index),
                      (const CpQuote *) quotes->data, quotes->len, &project->settings);
}

static void
assert_plans_equal (const CpPlan *shown,
                    const CpPlan *expected)
{
  g_assert_nonnull (shown);
  g_assert_cmpint (shown->verdict, ==, expected->verdict);
  g_assert_cmpint (shown->recommended, ==, expected->recommended);
  g_assert_cmpuint (shown->options->len, ==, expected->options->len);
  g_assert_cmpuint (shown->reasons->len, ==, expected->reasons->len);

  for (guint i = 0; i < expected->options->len; i++)
    {
      const CpOption *a = &g_array_index (shown->options, CpOption, i);
      const CpOption *b = &g_array_index (expected->options, CpOption, i);

      g_assert_cmpint (a->quote_index, ==, b->quote_index);
      g_assert_cmpuint (a->rank, ==, b->rank);
      g_assert_cmpuint (a->estimate.nodes, ==, b->estimate.nodes);
      g_assert_cmpfloat (a->estimate.total_cost, ==, b->estimate.total_cost);
      g_assert_cmpfloat (a->estimate.calendar_days, ==, b->estimate.calendar_days);
    }
}

/* The table lists every option of the plan with the plan's total cost. */
static void
assert_table_matches (CpResultsView *results,
                      const CpPlan  *plan)
{
  GListModel *options = cp_results_view_get_options (results);

  g_assert_cmpuint (g_list_model_get_n_items (options), ==, plan->options->len);
  for (guint i = 0; i < plan->options->len; i++)
    {
      const CpOption *expected = &g_array_index (plan->options, CpOption, i);
      gboolean found = FALSE;

      for (guint j = 0; j < g_list_model_get_n_items (options); j++)
        {
          g_autoptr(CpOptionObject) object = g_list_model_get_item (options, j);
          const CpOption *shown = cp_option_object_get_option (object);

          if (shown->quote_index != expected->quote_index)
            continue;
          g_assert_cmpfloat (shown->estimate.total_cost, ==, expected->estimate.total_cost);
          found = TRUE;
        }
      g_assert_true (found);
    }
}

static void
assert_chart_matches (CpChartView     *view,
                      const CpProject *project,
                      guint            job_index,
                      CpChartKind      kind)
{
  const CpChartData *shown = cp_chart_view_get_data (view);
  g_autoptr(CpPlan) plan = cp_project_plan_job (project, job_index);
  g_autoptr(CpSweep) sweep = cp_project_sweep_job (project, job_index, CP_CHART_COST_MAX_POINTS);
  g_autoptr(CpChartData) expected = kind == CP_CHART_COST
    ? cp_chart_data_new_cost (project, job_index, plan, sweep, cp_labels_ui_language ())
    : cp_chart_data_new_memory (project, job_index, plan, cp_labels_ui_language ());

  g_assert_nonnull (shown);
  g_assert_cmpuint (shown->series->len, ==, expected->series->len);
  for (guint s = 0; s < expected->series->len; s++)
    {
      const CpChartSeries *a = g_ptr_array_index (shown->series, s);
      const CpChartSeries *b = g_ptr_array_index (expected->series, s);

      g_assert_cmpuint (a->y->len, ==, b->y->len);
      for (guint i = 0; i < b->y->len; i++)
        {
          double ya = g_array_index (a->y, double, i);
          double yb = g_array_index (b->y, double, i);

          g_assert_true ((isnan (ya) && isnan (yb)) || ya == yb);
        }
    }
}

static void
test_window_smoke (void)
{
  CpWindow *window = open_demo_window ();
  static const char * const names[] = {
    "jobs-list", "quotes-list", "job-editor", "quote-editor", "results-view",
    "verdict", "summary", "options", "reasons", "cost-chart", "memory-chart",
    "add-button", "primary-menu-button",
  };
  CpProject *project = cp_window_get_project (window);
  GtkListBox *jobs = cp_window_get_jobs_list (window);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      if (find_named (GTK_WIDGET (window), names[i]) == NULL)
        g_error ("no widget named %s", names[i]);
    }

  /* One sidebar row per job and per quote, in the project's order. */
  g_assert_cmpuint (project->jobs->len, >, 0);
  g_assert_nonnull (gtk_list_box_get_row_at_index (jobs, project->jobs->len - 1));
  g_assert_null (gtk_list_box_get_row_at_index (jobs, project->jobs->len));
  g_assert_nonnull (gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window),
                                                   project->quotes->len - 1));

  /* The first job is selected and has results. */
  g_assert_nonnull (cp_results_view_get_plan (cp_window_get_results_view (window)));
  g_assert_cmpstr (cp_results_view_get_verdict_text (cp_window_get_results_view (window)), !=, "");

  /* The title names the project and the actions the menu uses exist. */
  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (window), "save-as"));
  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (window), "export-report"));
  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (app), "open"));

  close_window (window);
}

static void
test_window_edits_recompute (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpResultsView *results = cp_window_get_results_view (window);
  guint job_index = first_training_job (project);
  g_autoptr(CpProject) expected = NULL;
  g_autoptr(CpPlan) before = NULL;
  g_autoptr(CpPlan) after = NULL;
  CpJob *expected_job;
  CpQuote *expected_quote;
  double old_price;
  double old_tokens;

  cp_window_select_job (window, job_index);
  spin ();
  expected = cp_project_copy (project);
  old_tokens = ((CpJob *) g_ptr_array_index (project->jobs, job_index))->tokens;
  g_assert_cmpfloat (old_tokens, !=, 2e12);
  before = plan_for (expected, job_index);
  assert_plans_equal (cp_results_view_get_plan (results), before);

  /* 2T tokens = 2 × 10^12 */
  type_text (cp_job_editor_get_row (cp_window_get_job_editor (window), "tokens"), "2T");
  g_assert_cmpfloat (((CpJob *) g_ptr_array_index (project->jobs, job_index))->tokens, ==, 2e12);
  g_assert_true (cp_window_get_modified (window));

  expected_job = g_ptr_array_index (expected->jobs, job_index);
  expected_job->tokens = 2e12;
  after = plan_for (expected, job_index);
  assert_plans_equal (cp_results_view_get_plan (results), after);
  assert_table_matches (results, after);
  assert_chart_matches (cp_results_view_get_chart (results, CP_CHART_COST), expected, job_index, CP_CHART_COST);
  assert_chart_matches (cp_results_view_get_chart (results, CP_CHART_MEMORY), expected, job_index, CP_CHART_MEMORY);
  /* More tokens cost more on every quote that can run the job. */
  for (guint i = 0; i < after->options->len; i++)
    {
      const CpOption *option = &g_array_index (after->options, CpOption, i);

      for (guint j = 0; j < before->options->len; j++)
        {
          const CpOption *old = &g_array_index (before->options, CpOption, j);

          if (old->quote_index == option->quote_index && old->feasible && option->feasible)
            g_assert_cmpfloat (option->estimate.compute_s + option->estimate.communication_s, >,
                               old->estimate.compute_s + old->estimate.communication_s);
        }
    }

  /* Double the first quote's price through its form; the results follow
   * the model on the same doubled price. */
  expected_quote = g_ptr_array_index (expected->quotes, 0);
  old_price = expected_quote->price;
  cp_window_select_quote (window, 0);
  spin ();
  {
    g_autofree char *text = g_strdup_printf ("%g", old_price * 2);
    type_text (cp_quote_editor_get_row (cp_window_get_quote_editor (window), "price"), text);
  }
  g_assert_cmpfloat (((CpQuote *) g_ptr_array_index (project->quotes, 0))->price, ==, old_price * 2);
  expected_quote->price = old_price * 2;
  g_clear_pointer (&after, cp_plan_free);
  after = plan_for (expected, job_index);
  /* The results still show the job, now against the dearer quote. */
  assert_plans_equal (cp_results_view_get_plan (results), after);
  assert_table_matches (results, after);
  assert_chart_matches (cp_results_view_get_chart (results, CP_CHART_COST), expected, job_index, CP_CHART_COST);

  /* Undo twice brings back the original price and tokens. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  spin ();
  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  spin ();
  project = cp_window_get_project (window);
  g_assert_cmpfloat (((CpQuote *) g_ptr_array_index (project->quotes, 0))->price, ==, old_price);
  g_assert_cmpfloat (((CpJob *) g_ptr_array_index (project->jobs, job_index))->tokens, ==, old_tokens);

  close_window (window);
}

static void
test_window_refuses_invalid_input (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  guint job_index = first_training_job (project);
  CpJobEditor *editor = cp_window_get_job_editor (window);
  CpFieldRow *seq_len;
  CpFieldRow *params;
  CpJob *job;
  guint old_seq_len;

  cp_window_select_job (window, job_index);
  spin ();
  job = g_ptr_array_index (project->jobs, job_index);
  old_seq_len = job->seq_len;

  /* Zero is refused by the model: the message says why, the entry keeps
   * what was typed and the job keeps its last valid value. */
  seq_len = cp_job_editor_get_row (editor, "seq-len");
  type_text (seq_len, "0");
  g_assert_nonnull (cp_field_row_get_error (seq_len));
  g_assert_nonnull (strstr (cp_field_row_get_error (seq_len), "must be greater than 0"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (seq_len))), ==, "0");
  g_assert_true (gtk_widget_has_css_class (cp_field_row_get_input (seq_len), "error"));
  g_assert_cmpuint (job->seq_len, ==, old_seq_len);

  /* A fraction is not a sequence length. */
  type_text (seq_len, "2.5");
  g_assert_nonnull (cp_field_row_get_error (seq_len));
  g_assert_cmpuint (job->seq_len, ==, old_seq_len);

  /* Text that is no number at all is refused by the parser. */
  params = cp_job_editor_get_row (editor, "params");
  {
    double old_params = job->model.params;

    type_text (params, "seven");
    g_assert_nonnull (cp_field_row_get_error (params));
    g_assert_cmpfloat (job->model.params, ==, old_params);
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (params))), ==, "seven");
  }

  /* Another field's edit keeps the refused text where it is. */
  type_text (cp_job_editor_get_row (editor, "tokens"), "150B");
  g_assert_cmpfloat (job->tokens, ==, 150e9);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (seq_len))), ==, "2.5");

  /* A valid value clears the message and is stored: 7B = 7 × 10^9. */
  type_text (params, "7B");
  g_assert_null (cp_field_row_get_error (params));
  g_assert_cmpfloat (job->model.params, ==, 7e9);
  type_text (seq_len, "2048");
  g_assert_null (cp_field_row_get_error (seq_len));
  g_assert_false (gtk_widget_has_css_class (cp_field_row_get_input (seq_len), "error"));
  g_assert_cmpuint (job->seq_len, ==, 2048);

  close_window (window);
}

static void
test_window_delete_and_undo (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  guint n_quotes = project->quotes->len;
  g_autofree char *second_id = g_strdup (((CpQuote *) g_ptr_array_index (project->quotes, 1))->id);
  g_autofree char *first_id = g_strdup (((CpQuote *) g_ptr_array_index (project->quotes, 0))->id);

  cp_window_select_quote (window, 0);
  spin ();
  g_action_group_activate_action (G_ACTION_GROUP (window), "delete", NULL);
  spin ();
  project = cp_window_get_project (window);
  g_assert_cmpuint (project->quotes->len, ==, n_quotes - 1);
  g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, 0))->id, ==, second_id);
  g_assert_cmpuint (g_list_model_get_n_items (cp_results_view_get_options (cp_window_get_results_view (window))),
                    ==, n_quotes - 1);

  g_action_group_activate_action (G_ACTION_GROUP (window), "undo", NULL);
  spin ();
  project = cp_window_get_project (window);
  g_assert_cmpuint (project->quotes->len, ==, n_quotes);
  /* The order is kept. */
  g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, 0))->id, ==, first_id);
  g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, 1))->id, ==, second_id);

  /* Duplicate puts the copy right after its original. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "duplicate", NULL);
  spin ();
  project = cp_window_get_project (window);
  g_assert_cmpuint (project->quotes->len, ==, n_quotes + 1);
  g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, 2))->id, ==, second_id);
  g_assert_cmpstr (((CpQuote *) g_ptr_array_index (project->quotes, 1))->id, !=, first_id);

  close_window (window);
}

static void
test_window_saves (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  g_autofree char *path = g_strdup (cp_window_get_path (window));
  g_autoptr(CpProject) reread = NULL;
  g_autoptr(GError) error = NULL;

  cp_window_select_quote (window, 0);
  spin ();
  type_text (cp_quote_editor_get_row (cp_window_get_quote_editor (window), "price"), "3.5");
  g_assert_cmpfloat (((CpQuote *) g_ptr_array_index (project->quotes, 0))->price, ==, 3.5);
  g_assert_true (cp_window_get_modified (window));

  /* Closing saves; the file holds what the window showed. */
  close_window (window);
  reread = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (((CpQuote *) g_ptr_array_index (reread->quotes, 0))->price, ==, 3.5);
  g_unlink (path);
}

/* The app's own icons come with the executable (its GResource), so the
 * empty state never shows "image-missing" when run from the build tree. */
static void
test_window_icons (void)
{
  CpWindow *window = open_demo_window ();
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (window)));

  g_assert_true (gtk_icon_theme_has_icon (theme, APP_ID));
  g_assert_true (gtk_icon_theme_has_icon (theme, APP_ID "-symbolic"));
  close_window (window);
}

/* Autosave, driven by the test: on only here, and waited for rather than
 * timed, so a slow machine changes nothing. */
static void
test_window_autosaves (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  CpWindow *window;
  CpProject *project;
  g_autofree char *path = NULL;
  g_autoptr(CpProject) reread = NULL;
  g_autoptr(GError) error = NULL;
  gint64 deadline;

  g_settings_set_boolean (settings, "autosave", TRUE);
  window = open_demo_window ();
  project = cp_window_get_project (window);
  path = g_strdup (cp_window_get_path (window));

  cp_window_select_quote (window, 0);
  spin ();
  type_text (cp_quote_editor_get_row (cp_window_get_quote_editor (window), "price"), "4.25");
  g_assert_cmpfloat (((CpQuote *) g_ptr_array_index (project->quotes, 0))->price, ==, 4.25);

  deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  while (cp_window_get_modified (window) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  /* Only a save clears "modified", and nothing but the timer saved. */
  g_assert_false (cp_window_get_modified (window));

  g_settings_set_boolean (settings, "autosave", FALSE);
  close_window (window);
  reread = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (((CpQuote *) g_ptr_array_index (reread->quotes, 0))->price, ==, 4.25);
  g_unlink (path);
}

static void
test_window_rename_in_place (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  GtkListBoxRow *row;
  GtkWidget *box, *entry;

  cp_window_select_job (window, 0);
  spin ();
  g_action_group_activate_action (G_ACTION_GROUP (window), "rename", NULL);
  spin ();

  row = gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), 0);
  box = gtk_list_box_row_get_child (row);
  entry = g_object_get_data (G_OBJECT (box), "entry");
  g_assert_true (gtk_widget_get_visible (entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), "  Renamed job  ");
  g_signal_emit_by_name (entry, "activate");
  spin ();

  /* Surrounding blanks are not part of a name. */
  g_assert_cmpstr (((CpJob *) g_ptr_array_index (project->jobs, 0))->name, ==, "Renamed job");
  g_assert_false (gtk_widget_get_visible (entry));
  g_assert_true (cp_window_get_modified (window));

  close_window (window);
}

static void
test_window_bad_file (void)
{
  g_autofree char *path = g_build_filename (g_get_user_data_dir (), "not-a-project.cplan", NULL);
  g_autoptr(GError) error = NULL;
  CpWindow *window = open_demo_window ();
  CpProject *before = cp_window_get_project (window);

  g_assert_true (g_file_set_contents (path, "this is not SQLite", -1, NULL));
  g_assert_false (cp_window_load_file (window, path, &error));
  g_assert_nonnull (error);
  /* The window still shows the project it had. */
  g_assert_true (cp_window_get_project (window) == before);
  g_assert_cmpuint (before->jobs->len, >, 0);

  close_window (window);
  g_unlink (path);
}

/* Output of a poppler tool on @pdf, or NULL when it cannot run. */
static char *
poppler (const char *tool,
         const char *pdf)
{
  char *out = NULL;
  int status = 0;
  const char *argv[] = { tool, "-enc", "UTF-8", pdf, "-", NULL };

  /* pdfinfo takes the file alone */
  if (g_str_equal (tool, "pdfinfo"))
    {
      argv[1] = pdf;
      argv[2] = NULL;
    }
  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                     NULL, NULL, &out, NULL, &status, NULL) ||
      !g_spawn_check_wait_status (status, NULL))
    g_clear_pointer (&out, g_free);
  return out;
}

static guint
pdf_page_count (const char *pdf)
{
  g_autofree char *info = poppler ("pdfinfo", pdf);
  const char *line;

  g_assert_nonnull (info);
  line = strstr (info, "\nPages:");
  g_assert_nonnull (line);
  return (guint) g_ascii_strtoull (line + strlen ("\nPages:"), NULL, 10);
}

static gboolean
menu_has_action (GMenuModel *model,
                 const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GMenuLinkIter) links = NULL;

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) &&
          g_str_equal (name, action))
        return TRUE;
      links = g_menu_model_iterate_item_links (model, i);
      while (g_menu_link_iter_next (links))
        {
          g_autoptr(GMenuModel) link = g_menu_link_iter_get_value (links);

          if (menu_has_action (link, action))
            return TRUE;
        }
    }
  return FALSE;
}

/* win.print, exporting instead of showing the dialog, prints the PDF
 * report's pages: as many, on A4, with the same text. */
static void
test_window_print_export (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  GSettings *settings = cp_application_get_settings (app);
  GtkMenuButton *menu_button = GTK_MENU_BUTTON (find_named (GTK_WIDGET (window), "primary-menu-button"));
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "print-test", NULL);
  g_autofree char *printed = g_build_filename (dir, "printed.pdf", NULL);
  g_autofree char *report = g_build_filename (dir, "report.pdf", NULL);
  g_autofree char *printed_info = NULL;
  g_autofree char *printed_text = NULL;
  g_autofree char *report_text = NULL;
  g_autoptr(GError) error = NULL;
  guint n_pages;

  g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (window), "print"));
  g_assert_true (menu_has_action (gtk_menu_button_get_menu_model (menu_button), "win.print"));
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);

  /* Chinese, as the preferences or the project may ask. */
  if (settings != NULL)
    g_settings_set_string (settings, "report-language", "zh_CN");
  g_free (project->report_language);
  project->report_language = g_strdup ("zh_CN");

  cp_window_set_print_export_path (window, printed);
  g_action_group_activate_action (G_ACTION_GROUP (window), "print", NULL);
  spin ();
  cp_window_set_print_export_path (window, NULL);
  g_assert_true (g_file_test (printed, G_FILE_TEST_IS_REGULAR));

  g_assert_true (cp_report_pdf_write (project, "zh_CN", report, &error));
  g_assert_no_error (error);
  n_pages = pdf_page_count (report);
  /* The demo's six jobs each carry two charts: several pages. */
  g_assert_cmpuint (n_pages, >, 6);
  g_assert_cmpuint (pdf_page_count (printed), ==, n_pages);

  printed_info = poppler ("pdfinfo", printed);
  g_assert_nonnull (strstr (printed_info, "(A4)"));
  /* Same words in the same order (the date is today's in both). */
  printed_text = poppler ("pdftotext", printed);
  report_text = poppler ("pdftotext", report);
  g_assert_nonnull (printed_text);
  g_assert_cmpstr (printed_text, ==, report_text);

  if (settings != NULL)
    g_settings_reset (settings, "report-language");
  g_unlink (report);
  g_unlink (printed);
  g_rmdir (dir);
  close_window (window);
}

/* A project saved under a file name but still called like a new one
 * ("Untitled Project") is printed under its file's name. */
static void
test_window_print_saved_untitled (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) demo = cp_demo_project_new (&error);
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "print-named", NULL);
  g_autofree char *path = g_build_filename (dir, "GPU budget 2027.cplan", NULL);
  g_autofree char *printed = g_build_filename (dir, "printed.pdf", NULL);
  g_autofree char *text = NULL;
  CpWindow *window = cp_window_new (app);

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_free (demo->name);
  demo->name = g_strdup ("Untitled Project");
  g_assert_true (cp_project_save_file (demo, path, &error));
  g_assert_no_error (error);
  g_assert_true (cp_window_load_file (window, path, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  spin ();

  cp_window_set_print_export_path (window, printed);
  g_action_group_activate_action (G_ACTION_GROUP (window), "print", NULL);
  spin ();
  cp_window_set_print_export_path (window, NULL);
  text = poppler ("pdftotext", printed);
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, "GPU budget 2027"));
  g_assert_null (strstr (text, "Untitled"));

  close_window (window);
  g_unlink (printed);
  g_unlink (path);
  g_rmdir (dir);
}

/* A print that cannot be written says so in a dialog on the window. */
static void
test_window_print_error (void)
{
  CpWindow *window = open_demo_window ();
  /* Owned by GTK (transfer none). */
  GListModel *toplevels = gtk_window_get_toplevels ();
  AdwMessageDialog *dialog = NULL;

  cp_window_set_print_export_path (window, "/nonexistent-dir/printed.pdf");
  g_action_group_activate_action (G_ACTION_GROUP (window), "print", NULL);
  spin ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (toplevel) && gtk_window_get_transient_for (toplevel) == GTK_WINDOW (window))
        dialog = ADW_MESSAGE_DIALOG (toplevel);
    }
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Could Not Print the Report");
  gtk_window_destroy (GTK_WINDOW (dialog));

  close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data_home = g_dir_make_tmp ("cp-gui-test-XXXXXX", NULL);
  int status;

  /* Untitled projects go to the user's data folder: a scratch one here. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  /* As the app's main() does: the Chinese report of print-export needs the
   * build tree's catalogue. */
  cp_i18n_bind_textdomain ();
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  /* A timer that fires inside a test's main loop would clear "modified"
   * or save behind the test's back, depending on the machine's speed:
   * autosave is off, and /gui/window/autosaves drives it itself. */
  {
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);

    g_settings_set_boolean (settings, "autosave", FALSE);
  }

  app = cp_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));

  g_test_add_func ("/gui/window/smoke", test_window_smoke);
  g_test_add_func ("/gui/window/edits-recompute", test_window_edits_recompute);
  g_test_add_func ("/gui/window/refuses-invalid-input", test_window_refuses_invalid_input);
  g_test_add_func ("/gui/window/delete-and-undo", test_window_delete_and_undo);
  g_test_add_func ("/gui/window/saves", test_window_saves);
  g_test_add_func ("/gui/window/autosaves", test_window_autosaves);
  g_test_add_func ("/gui/window/icons", test_window_icons);
  g_test_add_func ("/gui/window/rename-in-place", test_window_rename_in_place);
  g_test_add_func ("/gui/window/bad-file", test_window_bad_file);
  g_test_add_func ("/gui/window/print-export", test_window_print_export);
  g_test_add_func ("/gui/window/print-error", test_window_print_error);
  g_test_add_func ("/gui/window/print-saved-untitled", test_window_print_saved_untitled);

  status = g_test_run ();

  g_clear_object (&app);
  return status;
}

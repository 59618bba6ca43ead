/* test-project-marks.c: what the team states, kept as stated. The budget
 * typed in the project's properties (walk40 F6: "we have 200,000 CNY" had
 * nowhere to go), and the Project Calendar tab saying, under the amount
 * to approve, whether it fits; a job's figure typed at its default's
 * value, which the report no longer lists as assumed (D15). Through the
 * widgets: the Report Sign-Off action, the rows' entries and Enter, the
 * calendar tab's action, Add Job and its Kind row. */

#include "config.h"

#include <adwaita.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "cp-test-gui.h"
#include "gui/cp-field-row.h"
#include "gui/cp-job-editor.h"
#include "gui/cp-preferences-window.h"
#include "gui/cp-results-view.h"
#include "gui/cp-window.h"

static CpApplication *app;

/* Types @typed into the Budget row of Report Sign-Off, Enter, and closes
 * the dialog. */
static void
type_budget (const char *typed)
{
  CpPreferencesWindow *preferences = cp_test_gui_open_sign_off (app);
  CpFieldRow *row;

  row = cp_preferences_window_get_setting_row (preferences, "budget");
  g_assert_nonnull (row);
  /* On the Report page, where the sign-off and the amount are set. */
  g_assert_cmpstr (adw_preferences_page_get_name (ADW_PREFERENCES_PAGE (
                     gtk_widget_get_ancestor (GTK_WIDGET (row), ADW_TYPE_PREFERENCES_PAGE))), ==, "report");
  cp_test_gui_type_text (row, typed);
  g_assert_null (cp_field_row_get_error (row));
  gtk_window_close (GTK_WINDOW (preferences));
  cp_test_gui_wait_sign_off_closed ();
}

typedef struct {
  GtkLabel   *label;
  const char *needle;
  const char *absent;   /* or NULL */
} LabelWait;

/* The label shown with @needle in it and, if given, without @absent. */
static gboolean
label_has (gpointer user_data)
{
  LabelWait *wait = user_data;
  const char *text = gtk_label_get_text (wait->label);

  return gtk_widget_get_visible (GTK_WIDGET (wait->label)) && strstr (text, wait->needle) != NULL &&
         (wait->absent == NULL || strstr (text, wait->absent) == NULL);
}

/* The whole amount after "Amount to approve: " in @text, as shown. */
static double
shown_amount (const char *text)
{
  const char *at = strstr (text, "Amount to approve: ");
  g_autoptr(GString) digits = g_string_new (NULL);

  g_assert_nonnull (at);
  for (at += strlen ("Amount to approve: "); g_ascii_isdigit (*at) || *at == ','; at++)
    if (*at != ',')
      g_string_append_c (digits, *at);
  g_assert_cmpuint (digits->len, >, 0);
  return g_ascii_strtod (digits->str, NULL);
}

/* "12,345" as the report writes a whole amount in English. */
static char *
grouped (double amount)
{
  g_autofree char *plain = g_strdup_printf ("%.0f", amount);
  GString *out = g_string_new (NULL);
  gsize len = strlen (plain);

  for (gsize i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, plain[i]);
    }
  return g_string_free (out, FALSE);
}

/* The demo with a budget of 1000万 (10,000,000 CNY) typed as a lead
 * writes it: the calendar tab says it is within it by 10,000,000 less the
 * amount the same label shows. Then 1 CNY: over it, by the amount less
 * 1 at the amount to approve. Cleared (an empty entry), the line goes. */
static void
test_budget_on_calendar (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  GtkWidget *results = GTK_WIDGET (cp_window_get_results_view (window));
  GtkLabel *approval = GTK_LABEL (cp_test_gui_find_named (results, "approval"));
  LabelWait wait = { approval, NULL, NULL };
  g_autofree char *margin = NULL, *amount_text = NULL, *over = NULL, *within = NULL, *over_text = NULL;
  double amount;

  g_assert_cmpfloat (project->budget, ==, 0);
  type_budget ("1000万");
  g_assert_cmpfloat (project->budget, ==, 1e7);
  {
    /* Opened again, the row shows an amount, not a count's "10M"
     * (walk41b: "50k CNY"). */
    CpPreferencesWindow *preferences = cp_test_gui_open_sign_off (app);
    CpFieldRow *row = cp_preferences_window_get_setting_row (preferences, "budget");

    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (row))), ==, "10,000,000");
    gtk_window_close (GTK_WINDOW (preferences));
    cp_test_gui_wait_sign_off_closed ();
  }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-calendar-chart", NULL));
  wait.needle = "Within the budget of 10,000,000 CNY by ";
  cp_test_gui_wait_until (label_has, &wait, "the budget under the amount to approve");
  amount = shown_amount (gtk_label_get_text (approval));
  margin = grouped (1e7 - amount);
  amount_text = grouped (amount);
  within = g_strdup_printf ("Within the budget of 10,000,000 CNY by %s CNY: the amount to approve, %s CNY, fits in it.",
                            margin, amount_text);
  g_assert_nonnull (strstr (gtk_label_get_text (approval), within));

  type_budget ("1");
  g_assert_cmpfloat (project->budget, ==, 1);
  over = grouped (amount - 1);
  over_text = g_strdup_printf ("(by %s CNY at the amount to approve)", over);
  wait.needle = over_text;
  cp_test_gui_wait_until (label_has, &wait, "over the budget of 1 CNY");
  g_assert_nonnull (strstr (gtk_label_get_text (approval), "Over the budget of 1 CNY by "));

  type_budget ("");
  g_assert_cmpfloat (project->budget, ==, 0);
  wait.needle = "Amount to approve: ";
  wait.absent = "budget";
  cp_test_gui_wait_until (label_has, &wait, "the amount to approve without the budget");

  cp_test_gui_close_window (window);
}

/* walk41 F3: the project's name, which only a click on the sidebar's
 * title edited, is in Report Sign-Off beside the budget: typed there, it
 * names the project and the window; emptied, it is refused and the name
 * stays. */
static void
test_name_in_properties (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  CpPreferencesWindow *preferences = cp_test_gui_open_sign_off (app);
  CpFieldRow *row = cp_preferences_window_get_report_row (preferences, "project-name");

  g_assert_nonnull (row);
  cp_test_gui_type_text (row, "Q1 大算力采购");
  g_assert_cmpstr (project->name, ==, "Q1 大算力采购");
  g_assert_nonnull (strstr (gtk_window_get_title (GTK_WINDOW (window)), "Q1 大算力采购"));
  cp_test_gui_type_text (row, "");
  g_assert_nonnull (cp_field_row_get_error (row));
  g_assert_cmpstr (project->name, ==, "Q1 大算力采购");
  /* Refused already, with its reason shown: closing leaves the name. */
  gtk_window_close (GTK_WINDOW (preferences));
  cp_test_gui_wait_sign_off_closed ();
  g_assert_cmpstr (project->name, ==, "Q1 大算力采购");

  cp_test_gui_close_window (window);
}

/* A new LoRA job holds the LoRA default of 100M tokens and 1 TB of
 * storage; "100M" typed in Training tokens changes no figure but makes it
 * the team's, and Storage, not typed, stays the app's assumption. */
static void
test_typed_default (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpJob *job = cp_test_gui_add_job_of_kind (window, CP_TASK_LORA);
  CpFieldRow *tokens = cp_job_editor_get_row (cp_window_get_job_editor (window), "tokens");
  guint job_index;

  g_assert_cmpfloat (job->tokens, ==, 100e6);
  g_assert_true (cp_job_figure_assumed (job, CP_JOB_STATED_TOKENS));
  g_assert_true (cp_job_figure_assumed (job, CP_JOB_STATED_STORAGE));
  cp_test_gui_type_text (tokens, "100M");
  g_assert_null (cp_field_row_get_error (tokens));
  g_assert_cmpfloat (job->tokens, ==, 100e6);
  g_assert_false (cp_job_figure_assumed (job, CP_JOB_STATED_TOKENS));
  g_assert_true (cp_job_figure_assumed (job, CP_JOB_STATED_STORAGE));

  /* Shown again (the form forgets what was typed in it, the file keeps
   * the mark) and made a pre-training job: its 100M were the LoRA's
   * default, so it takes pre-training's 100B, which nobody typed. */
  job_index = cp_window_get_project (window)->jobs->len - 1;
  cp_test_gui_select_job (window, 0);
  job = cp_test_gui_show_job (window, job_index);
  g_assert_false (cp_job_figure_assumed (job, CP_JOB_STATED_TOKENS));
  cp_test_gui_pick_kind (window, CP_TASK_PRETRAIN);
  g_assert_cmpfloat (job->tokens, ==, 100e9);
  g_assert_true (cp_job_figure_assumed (job, CP_JOB_STATED_TOKENS));

  cp_test_gui_close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  app = cp_test_gui_init (&argc, &argv, "gui-marks");

  g_test_add_func ("/gui/project-marks/budget-on-calendar", test_budget_on_calendar);
  g_test_add_func ("/gui/project-marks/typed-default", test_typed_default);
  g_test_add_func ("/gui/project-marks/name-in-properties", test_name_in_properties);

  return g_test_run ();
}

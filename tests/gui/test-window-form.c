/* test-window-form.c: the forms as a new user meets them (issue 26,
 * walkthrough 21). Report Sign-Off keeps what was typed when it closes
 * by its close button or Escape; a quote without a vendor goes by one
 * name everywhere, never its id, and its Vendor says it is needed; one
 * Escape closes a picker with a search; a deadline takes "10天"; a
 * cluster offering with one node says a cluster needs two (walkthrough
 * 22: a kind change's Duration and tokens follow the deadline and the
 * kind; a fabric's share shows for a shared one; a day price bills whole
 * days; Sign-Off's focus starts in its page; issue 26 from a lead in a
 * meeting: an offer's stated price fills an empty Price, Down in a
 * picker's search goes to the first match, undo shows the row it
 * changed, an export's name follows the file type, the written toast
 * fits 1024 px). Through the
 * widgets: actions by name, text typed into the entries then Enter or
 * the focus leaving, key presses through the widgets' own controllers and
 * shortcuts. */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "cp-test-gui.h"
#include "gui/cp-field-row.h"
#include "gui/cp-job-editor.h"
#include "gui/cp-picker-item.h"
#include "gui/cp-picker-row.h"
#include "gui/cp-preferences-window.h"
#include "gui/cp-quote-editor.h"
#include "gui/cp-chart-view.h"
#include "gui/cp-window.h"
#include "gui/cp-window-private.h"
#include "report/cp-reason-text.h"
#include "report/cp-report-sections.h"
#include "test-window-form.h"

static CpApplication *app;

static void
press_escape (GtkWidget *widget)
{
  g_assert_true (cp_test_gui_press_key (widget, GDK_KEY_Escape));
}

/* Types @text into @row's entry, as a user would, without Enter. */
static void
type_into (CpFieldRow *row,
           const char *text)
{
  GtkWidget *input = cp_field_row_get_input (row);

  gtk_widget_grab_focus (input);
  gtk_editable_set_text (GTK_EDITABLE (input), text);
  cp_test_gui_spin ();
}

/* Types @text into @row's entry and presses Enter. */
static void
enter_into (CpFieldRow *row,
            const char *text)
{
  type_into (row, text);
  g_signal_emit_by_name (cp_field_row_get_input (row), "activate");
  cp_test_gui_spin ();
}

/* The set-up of every quote-form test: the demo's window, its quote form
 * (@editor) showing a quote just added with "+" (returned). */
CpQuote *
demo_new_quote (CpWindow      **window,
                CpQuoteEditor **editor)
{
  *window = cp_test_gui_demo_window (app);
  *editor = cp_window_get_quote_editor (*window);
  return cp_test_gui_add_quote (*window);
}

/* Walkthrough 21: "Zhang San" typed under Reviewed by was lost when the
 * dialog closed by its close button or Escape; only Enter kept it. Every
 * field of the sign-off, each closed in both ways. A date the project
 * cannot take keeps the dialog open with its reason; closing again
 * leaves the project's value. */
static void
test_sign_off_kept_on_close (void)
{
  static const struct {
    const char *key;
    const char *typed[2];   /* closed by its button, then by Escape */
    gsize       offset;
  } fields[] = {
    { "prepared-by", { "Wang Wu", "王五" }, G_STRUCT_OFFSET (CpProject, prepared_by) },
    { "reviewed-by", { "Zhang San", "张三" }, G_STRUCT_OFFSET (CpProject, reviewed_by) },
    { "approved-by", { "Li Si", "李四" }, G_STRUCT_OFFSET (CpProject, approved_by) },
    { "signed-on", { "2027-03-01", "2027-03-02" }, G_STRUCT_OFFSET (CpProject, signed_on) },
    { "start-date", { "2027-01-04", "2027-01-05" }, G_STRUCT_OFFSET (CpProject, start_date) },
  };
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  CpPreferencesWindow *preferences;
  CpFieldRow *row;

  for (guint by_escape = 0; by_escape < 2; by_escape++)
    for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
      {
        preferences = cp_test_gui_open_sign_off (app);
        row = cp_preferences_window_get_report_row (preferences, fields[i].key);
        g_assert_nonnull (row);
        type_into (row, fields[i].typed[by_escape]);
        if (by_escape)
          press_escape (cp_field_row_get_input (row));
        else
          gtk_window_close (GTK_WINDOW (preferences));
        cp_test_gui_wait_sign_off_closed ();
        g_assert_cmpstr (G_STRUCT_MEMBER (char *, project, fields[i].offset), ==, fields[i].typed[by_escape]);
      }

  /* Not a day: the dialog stays, saying why; closed again, the last
   * valid date stays the project's. */
  preferences = cp_test_gui_open_sign_off (app);
  row = cp_preferences_window_get_report_row (preferences, "signed-on");
  type_into (row, "2027-13-45");
  gtk_window_close (GTK_WINDOW (preferences));
  cp_test_gui_spin ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (preferences)));
  g_assert_nonnull (cp_field_row_get_error (row));
  g_assert_nonnull (strstr (cp_field_row_get_error (row), "2027-13-45"));
  gtk_window_close (GTK_WINDOW (preferences));
  cp_test_gui_wait_sign_off_closed ();
  g_assert_cmpstr (project->signed_on, ==, "2027-03-02");

  /* Escape in a planning assumption keeps it too (10 % to 15 %). */
  preferences = cp_test_gui_open_sign_off (app);
  row = cp_preferences_window_get_setting_row (preferences, "contingency");
  type_into (row, "15");
  press_escape (cp_field_row_get_input (row));
  cp_test_gui_wait_sign_off_closed ();
  g_assert_cmpfloat_with_epsilon (project->settings.contingency_fraction, 0.15, 1e-12);

  cp_test_gui_close_window (window);
}

static gboolean
chooser_mapped (gpointer user_data)
{
  GtkWidget **chooser = user_data;

  *chooser = cp_test_gui_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  return *chooser != NULL && gtk_widget_get_mapped (*chooser);
}

/* The export dialog's Prepared by: Enter did nothing, so a user who took
 * it for "keep this" lost the name on closing. Enter goes on to the
 * destination, keeping the name even when no file is then chosen;
 * Cancel leaves the project's, as its button says. */
static void
test_export_preparer_enter (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  g_autofree char *prepared_before = g_strdup (project->prepared_by);
  GtkWidget *chooser = NULL;

  for (guint enter = 0; enter < 2; enter++)
    {
      GtkWidget *dialog;
      GtkBuilder *builder;
      GtkWidget *row;
      GtkWidget *text;

      dialog = cp_test_gui_open_export (window);
      builder = g_object_get_data (G_OBJECT (dialog), "builder");
      row = GTK_WIDGET (gtk_builder_get_object (builder, "prepared_by_row"));
      text = cp_test_gui_find_of_type (row, GTK_TYPE_TEXT);
      gtk_widget_grab_focus (text);
      gtk_editable_set_text (GTK_EDITABLE (row), "Zhao Liu");
      cp_test_gui_spin ();
      if (!enter)
        {
          /* Escape: the close answers Cancel. */
          gtk_window_close (GTK_WINDOW (dialog));
          cp_test_gui_spin ();
          g_assert_cmpstr (project->prepared_by, ==, prepared_before);
          continue;
        }
      g_signal_emit_by_name (text, "activate");
      cp_test_gui_wait_until (chooser_mapped, &chooser, "the Export Report chooser on screen");
      g_assert_cmpstr (project->prepared_by, ==, "Zhao Liu");
      gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
      cp_test_gui_spin ();
      g_assert_cmpstr (project->prepared_by, ==, "Zhao Liu");
    }

  cp_test_gui_close_window (window);
}

/* Walkthrough 21: a quote with no vendor read "Untitled Quote" in the
 * sidebar but "quote-2" in the verdict, the charts and the PDF. The
 * sidebar, the results' words and the report's name say the same, two
 * quotes without a vendor apart; the form says the vendor is needed. */
static void
test_untitled_quote_name (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  CpQuoteEditor *editor = cp_window_get_quote_editor (window);
  GtkListBox *quotes = cp_window_get_quotes_list (window);
  CpFieldRow *vendor;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  g_assert_cmpuint (project->quotes->len, >=, 3);
  for (guint q = 1; q <= 2; q++)
    {
      gtk_list_box_select_row (quotes, gtk_list_box_get_row_at_index (quotes, q));
      cp_test_gui_spin ();
      enter_into (cp_quote_editor_get_row (editor, "vendor"), "");
    }
  g_assert_false (cp_quote_has_vendor (g_ptr_array_index (project->quotes, 1)));
  g_assert_false (cp_quote_has_vendor (g_ptr_array_index (project->quotes, 2)));

  first = cp_words_quote_name (project, 1);
  second = cp_words_quote_name (project, 2);
  /* Offers keep their names after the vendor's ("— offer") or alone. */
  if (((CpQuote *) g_ptr_array_index (project->quotes, 1))->offer_name == NULL)
    g_assert_cmpstr (first, ==, "Untitled quote 1");
  g_assert_cmpstr (cp_report_vendor_name (project, 1), ==, "Untitled quote 1");
  g_assert_cmpstr (cp_report_vendor_name (project, 2), ==, "Untitled quote 2");
  g_assert_null (strstr (first, "quote-"));
  g_assert_null (strstr (second, "quote-"));
  /* The sidebar's rows. */
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (quotes), "Untitled quote 1", CP_TEST_GUI_TEXT_WHOLE));
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (quotes), "Untitled quote 2", CP_TEST_GUI_TEXT_WHOLE));

  /* The form of the second says it is needed, with the name it goes by,
   * marked as a warning. */
  vendor = cp_quote_editor_get_row (editor, "vendor");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (vendor), "warning"));
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (vendor), "“Untitled quote 2”", CP_TEST_GUI_TEXT_PART));

  /* Named again, the other is the only one without: unnumbered. */
  enter_into (vendor, "Zhang Compute");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (vendor), "warning"));
  g_assert_cmpstr (cp_report_vendor_name (project, 1), ==, "Untitled quote");
  g_assert_cmpstr (cp_report_vendor_name (project, 2), ==, "Zhang Compute");
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (quotes), "Untitled quote", CP_TEST_GUI_TEXT_WHOLE));

  cp_test_gui_close_window (window);
}

static gboolean
popover_hidden (gpointer popover)
{
  return !gtk_widget_get_visible (popover);
}

/* Walkthrough 21: the first Escape in a picker's list went to its empty
 * search, the list stayed open and the next click picked an entry. One
 * Escape closes it, with the search empty or with words typed, and the
 * choice stays. */
static void
test_picker_escape_closes (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpJobEditor *editor = cp_window_get_job_editor (window);
  CpPickerRow *models;
  GtkDropDown *drop_down;
  guint chosen;

  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), 0));
  cp_test_gui_spin ();
  models = cp_job_editor_get_model_row (editor);
  drop_down = cp_picker_row_get_drop_down (models);
  chosen = gtk_drop_down_get_selected (drop_down);
  g_assert_true (gtk_drop_down_get_enable_search (drop_down));

  for (guint typed = 0; typed < 2; typed++)
    {
      GtkWidget *search = cp_test_gui_open_picker (models);
      GtkWidget *popover = gtk_widget_get_ancestor (search, GTK_TYPE_POPOVER);

      if (typed)
        {
          gtk_editable_set_text (GTK_EDITABLE (search), "qwen");
          cp_test_gui_spin ();
        }
      press_escape (search);
      cp_test_gui_wait_until (popover_hidden, popover, "the list closed on one Escape");
      g_assert_cmpuint (gtk_drop_down_get_selected (drop_down), ==, chosen);
    }

  cp_test_gui_close_window (window);
}

/* Walkthrough 21: "10天" in Deadline was refused while the price took
 * "12.5/卡时"; a number of days in either language is read, hours and
 * weeks converted, and what is no number of days says so. */
static void
test_deadline_with_unit (void)
{
  static const struct {
    const char *typed;
    double      days;
  } typed[] = {
    { "10天", 10 }, { "12 日", 12 }, { "14d", 14 }, { "20 days", 20 }, { "48h", 2 },
    { "72 小时", 3 }, { "2周", 14 }, { "25", 25 },
    /* In the project's months, 730 h each: 2 × 730 / 24 = 60.83 days. */
    { "8 weeks", 56 }, { "2 months", 1460.0 / 24 }, { "2个月", 1460.0 / 24 },
  };
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  CpJobEditor *editor = cp_window_get_job_editor (window);
  CpJob *job;
  CpFieldRow *deadline;

  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), 0));
  cp_test_gui_spin ();
  job = g_ptr_array_index (project->jobs, 0);
  deadline = cp_job_editor_get_row (editor, "deadline-days");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (deadline)));

  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    {
      enter_into (deadline, typed[i].typed);
      g_assert_null (cp_field_row_get_error (deadline));
      g_assert_cmpfloat_with_epsilon (job->deadline_days, typed[i].days, 1e-9);
    }

  /* Left by the focus, as Tab leaves it. */
  type_into (deadline, "30天");
  gtk_widget_grab_focus (cp_field_row_get_input (cp_job_editor_get_row (editor, "storage-tb")));
  cp_test_gui_spin ();
  g_assert_cmpfloat_with_epsilon (job->deadline_days, 30, 1e-9);

  enter_into (deadline, "ten days");
  g_assert_cmpstr (cp_field_row_get_error (deadline), ==,
                   "“ten days” is not a number of days: type a number of days, or of hours, weeks or "
                   "months with the unit, such as 61, 1464h, 8 weeks, 2 months");
  g_assert_cmpfloat_with_epsilon (job->deadline_days, 30, 1e-9);

  cp_test_gui_close_window (window);
}

/* Walkthrough 21: Bare-metal cluster with Nodes left at 1 still read "1
 * for a single machine". The row says a cluster needs 2 and leaves the
 * typed count alone; 2 nodes, or a single-machine offering, take the
 * warning away. */
static void
test_cluster_needs_two_nodes (void)
{
  CpWindow *window;
  CpQuoteEditor *editor;
  CpQuote *quote = demo_new_quote (&window, &editor);
  CpFieldRow *nodes = cp_quote_editor_get_row (editor, "nodes-available");
  GtkDropDown *offering = GTK_DROP_DOWN (cp_field_row_get_input (cp_quote_editor_get_row (editor, "offering")));

  g_assert_cmpuint (quote->nodes_available, ==, 1);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (nodes), "warning"));

  gtk_drop_down_set_selected (offering, CP_OFFERING_BARE_METAL_CLUSTER);
  cp_test_gui_spin ();
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_BARE_METAL_CLUSTER);
  g_assert_cmpuint (quote->nodes_available, ==, 1);
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (nodes), "warning"));
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (nodes), "A cluster has 2 nodes or more",
                                                CP_TEST_GUI_TEXT_PART));
  g_assert_null (cp_test_gui_find_with_text (GTK_WIDGET (nodes), "1 for a single machine", CP_TEST_GUI_TEXT_PART));

  enter_into (nodes, "4");
  g_assert_cmpuint (quote->nodes_available, ==, 4);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (nodes), "warning"));

  enter_into (nodes, "1");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (nodes), "warning"));
  gtk_drop_down_set_selected (offering, CP_OFFERING_BARE_METAL);
  cp_test_gui_spin ();
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (nodes), "warning"));
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (nodes), "1 for a single machine", CP_TEST_GUI_TEXT_PART));

  cp_test_gui_close_window (window);
}

/* Walkthrough 22: a LoRA job with a 7-day deadline switched to
 * Development and debugging or Data processing showed Duration 30 days
 * beside Deadline 7 and rented 30 days. Duration becomes 0, "uses the
 * deadline"; a Duration the user typed stays. */
static void
test_kind_switch_duration_follows_deadline (void)
{
  static const CpTaskKind kinds[] = { CP_TASK_DEBUG, CP_TASK_DATA_PROCESSING };
  CpWindow *window = cp_test_gui_demo_window (app);
  CpJobEditor *editor = cp_window_get_job_editor (window);

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      CpJob *job = cp_test_gui_add_job_of_kind (window, CP_TASK_LORA);

      enter_into (cp_job_editor_get_row (editor, "deadline-days"), "7");
      g_assert_cmpfloat (job->deadline_days, ==, 7);
      cp_test_gui_pick_kind (window, kinds[i]);
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (cp_job_editor_get_row (editor, "duration-days"))));
      g_assert_cmpfloat (job->deadline_days, ==, 7);
      g_assert_cmpfloat (job->duration_days, ==, 0);
    }

  /* No deadline: the kind's 30 days, as before. */
  {
    CpJob *job = cp_test_gui_add_job_of_kind (window, CP_TASK_LORA);

    cp_test_gui_pick_kind (window, CP_TASK_DEBUG);
    g_assert_cmpfloat (job->duration_days, ==, 30);
    /* Typed, then a deadline: the typed 5 days stay across a switch. */
    enter_into (cp_job_editor_get_row (editor, "duration-days"), "5");
    enter_into (cp_job_editor_get_row (editor, "deadline-days"), "7");
    cp_test_gui_pick_kind (window, CP_TASK_DATA_PROCESSING);
    g_assert_cmpfloat (job->duration_days, ==, 5);
  }

  cp_test_gui_close_window (window);
}

/* Walkthrough 22: a service switched to Full-parameter fine-tuning kept
 * the 100B tokens of the pre-training job it was made from (174 days,
 * 0.94 M CNY); LoRA got its 100M. Untouched, a token count follows the
 * kind: 1B for a full fine-tune (cp_job_init()), on every path; a typed
 * one stays. The row says what it counts: fine-tuning tokens. */
static void
test_kind_switch_tokens_follow_kind (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpJobEditor *editor = cp_window_get_job_editor (window);
  CpFieldRow *tokens_row = cp_job_editor_get_row (editor, "tokens");
  CpJob *job;

  job = cp_test_gui_add_job_of_kind (window, CP_TASK_INFERENCE);
  cp_test_gui_pick_kind (window, CP_TASK_FULL_FINETUNE);
  g_assert_cmpfloat (job->tokens, ==, 1e9);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (tokens_row)), ==, "Fine-tuning tokens");
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (tokens_row), "Such as 500M", CP_TEST_GUI_TEXT_PART));

  job = cp_test_gui_add_job_of_kind (window, CP_TASK_FULL_FINETUNE);
  g_assert_cmpfloat (job->tokens, ==, 1e9);

  job = cp_test_gui_add_job_of_kind (window, CP_TASK_LORA);
  g_assert_cmpfloat (job->tokens, ==, 100e6);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (tokens_row)), ==, "Fine-tuning tokens");
  cp_test_gui_pick_kind (window, CP_TASK_PRETRAIN);
  g_assert_cmpfloat (job->tokens, ==, 100e9);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (tokens_row)), ==, "Training tokens");
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (tokens_row), "Such as 2T or 100B", CP_TEST_GUI_TEXT_PART));

  /* Typed 2T, through a service and back to full fine-tuning: kept. */
  enter_into (tokens_row, "2T");
  cp_test_gui_pick_kind (window, CP_TASK_INFERENCE);
  cp_test_gui_pick_kind (window, CP_TASK_FULL_FINETUNE);
  g_assert_cmpfloat (job->tokens, ==, 2e12);

  cp_test_gui_close_window (window);
}

/* Walkthrough 22: a 4-node cluster showed "Share of a shared fabric"
 * beside Bandwidth Dedicated, and its Common fabric list offered "None
 * (single machine)". The share shows for Shared only; the list has no
 * None. */
static void
test_cluster_network_rows (void)
{
  CpWindow *window;
  CpQuoteEditor *editor;
  CpQuote *quote = demo_new_quote (&window, &editor);
  GtkDropDown *sharing;
  GtkWidget *share;
  GListModel *fabrics;

  enter_into (cp_quote_editor_get_row (editor, "nodes-available"), "4");
  g_assert_cmpuint (quote->nodes_available, ==, 4);
  sharing = GTK_DROP_DOWN (cp_field_row_get_input (cp_quote_editor_get_row (editor, "sharing")));
  share = GTK_WIDGET (cp_quote_editor_get_row (editor, "share-factor"));
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (sharing)));

  gtk_drop_down_set_selected (sharing, CP_SHARING_DEDICATED);
  cp_test_gui_spin ();
  g_assert_cmpint (quote->sharing, ==, CP_SHARING_DEDICATED);
  g_assert_false (gtk_widget_is_visible (share));
  gtk_drop_down_set_selected (sharing, CP_SHARING_SHARED);
  cp_test_gui_spin ();
  g_assert_true (gtk_widget_is_visible (share));
  gtk_drop_down_set_selected (sharing, CP_SHARING_UNKNOWN);
  cp_test_gui_spin ();
  g_assert_false (gtk_widget_is_visible (share));

  fabrics = adw_combo_row_get_model (cp_quote_editor_get_network_preset_row (editor));
  g_assert_cmpuint (g_list_model_get_n_items (fabrics), >, 1);
  for (guint i = 0; i < g_list_model_get_n_items (fabrics); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (fabrics, i);

      g_assert_null (strstr (gtk_string_object_get_string (item), "None"));
    }

  cp_test_gui_close_window (window);
}

/* Issue 22: the vendor's answer on renting part of the offer alone. Its
 * row shows for an offer of several nodes only, starts at "Not asked"
 * (the plan may rent part, and the report asks), and the answer picked in
 * it is the quote's; back at one machine the row goes, the answer stays. */
static void
test_part_rentable_row (void)
{
  static const char *const labels[] = { "Not asked", "Yes", "No, only the whole offer" };
  CpWindow *window;
  CpQuoteEditor *editor;
  CpQuote *quote = demo_new_quote (&window, &editor);
  GtkWidget *row = GTK_WIDGET (cp_quote_editor_get_row (editor, "part-rentable"));
  GtkDropDown *answer = GTK_DROP_DOWN (cp_field_row_get_input (CP_FIELD_ROW (row)));
  GListModel *items = gtk_drop_down_get_model (answer);

  g_assert_cmpuint (quote->nodes_available, ==, 1);
  g_assert_false (gtk_widget_is_visible (row));
  enter_into (cp_quote_editor_get_row (editor, "nodes-available"), "4");
  g_assert_cmpuint (quote->nodes_available, ==, 4);
  g_assert_true (gtk_widget_is_visible (row));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "Part of the offer rented alone");
  g_assert_cmpuint (g_list_model_get_n_items (items), ==, G_N_ELEMENTS (labels));
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (items, i);

      g_assert_cmpstr (gtk_string_object_get_string (item), ==, labels[i]);
    }
  g_assert_cmpuint (gtk_drop_down_get_selected (answer), ==, CP_PART_RENTABLE_NOT_ASKED);
  g_assert_cmpint (quote->part_rentable, ==, CP_PART_RENTABLE_NOT_ASKED);

  gtk_drop_down_set_selected (answer, CP_PART_RENTABLE_NO);
  cp_test_gui_spin ();
  g_assert_cmpint (quote->part_rentable, ==, CP_PART_RENTABLE_NO);
  gtk_drop_down_set_selected (answer, CP_PART_RENTABLE_YES);
  cp_test_gui_spin ();
  g_assert_cmpint (quote->part_rentable, ==, CP_PART_RENTABLE_YES);

  enter_into (cp_quote_editor_get_row (editor, "nodes-available"), "1");
  g_assert_false (gtk_widget_is_visible (row));
  g_assert_cmpint (quote->part_rentable, ==, CP_PART_RENTABLE_YES);

  cp_test_gui_close_window (window);
}

/* Walk35 Y2: a quote typed as 4 nodes with RoCE between them stayed a
 * "Bare-metal machine". Made a cluster, a bare-metal quote is a
 * bare-metal cluster, in the Kind of offer row too; a kind picked
 * afterwards stays as picked. */
static void
test_cluster_offering_follows_nodes (void)
{
  CpWindow *window;
  CpQuoteEditor *editor;
  CpQuote *quote = demo_new_quote (&window, &editor);
  GtkDropDown *offering = GTK_DROP_DOWN (cp_field_row_get_input (cp_quote_editor_get_row (editor, "offering")));
  AdwComboRow *fabric = cp_quote_editor_get_network_preset_row (editor);
  GListModel *fabrics = adw_combo_row_get_model (fabric);
  guint roce = 0;

  g_assert_cmpint (quote->offering, ==, CP_OFFERING_BARE_METAL);
  /* 4 nodes of the new quote's A100, their network not stated: a cluster
   * on the A100's common fabric (walk41b TOP 1). */
  enter_into (cp_quote_editor_get_row (editor, "nodes-available"), "4");
  g_assert_cmpint (quote->network, ==, CP_NETWORK_INFINIBAND);
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_BARE_METAL_CLUSTER);
  gtk_drop_down_set_selected (offering, CP_OFFERING_BARE_METAL);
  cp_test_gui_spin ();
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_BARE_METAL);
  for (guint i = 1; i < g_list_model_get_n_items (fabrics) && roce == 0; i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (fabrics, i);

      if (strstr (gtk_string_object_get_string (item), "RoCE") != NULL)
        roce = i;
    }
  g_assert_cmpuint (roce, >, 0);
  adw_combo_row_set_selected (fabric, roce);
  cp_test_gui_spin ();
  g_assert_cmpint (quote->network, ==, CP_NETWORK_ROCE);
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_BARE_METAL_CLUSTER);
  g_assert_cmpuint (gtk_drop_down_get_selected (offering), ==, CP_OFFERING_BARE_METAL_CLUSTER);

  gtk_drop_down_set_selected (offering, CP_OFFERING_CONTAINER_CLUSTER);
  cp_test_gui_spin ();
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_CONTAINER_CLUSTER);
  enter_into (cp_quote_editor_get_row (editor, "nodes-available"), "8");
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_CONTAINER_CLUSTER);

  cp_test_gui_close_window (window);
}

/* Read37 F4: a quote's kind of offer nobody gave is the app's bare metal,
 * and the report says "assumed" until it is stated. A new quote's kind is
 * assumed, and the Kind of offer row says so; the bare-metal cluster its
 * 4 nodes imply is still assumed; a kind picked in the row is stated, the
 * hint gone, kept by the file saved and opened again. */
static void
test_offering_picked_is_stated (void)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "offering-stated-gui.cplan", NULL);
  g_autoptr(CpProject) reopened = NULL;
  g_autoptr(GError) error = NULL;
  CpWindow *window;
  CpQuoteEditor *editor;
  CpQuote *quote = demo_new_quote (&window, &editor);
  CpFieldRow *row = cp_quote_editor_get_row (editor, "offering");
  GtkDropDown *offering = GTK_DROP_DOWN (cp_field_row_get_input (row));
  guint n_quotes;

  g_assert_false (quote->offering_stated);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "Assumed: the quote does not say; pick the kind the vendor offers");
  enter_into (cp_quote_editor_get_row (editor, "nodes-available"), "4");
  quote = last_quote (window);
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_BARE_METAL_CLUSTER);
  g_assert_false (quote->offering_stated);

  gtk_drop_down_set_selected (offering, CP_OFFERING_CLOUD_VM);
  cp_test_gui_spin ();
  quote = last_quote (window);
  g_assert_cmpint (quote->offering, ==, CP_OFFERING_CLOUD_VM);
  g_assert_true (quote->offering_stated);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "");

  n_quotes = cp_window_get_project (window)->quotes->len;
  g_assert_true (cp_project_save_file (cp_window_get_project (window), path, &error));
  g_assert_no_error (error);
  reopened = cp_project_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (reopened->quotes->len, ==, n_quotes);
  g_assert_true (((CpQuote *) g_ptr_array_index (reopened->quotes, n_quotes - 1))->offering_stated);
  g_unlink (path);

  cp_test_gui_close_window (window);
}

/* Walkthrough 22: "2976 CNY/node/day" became 124 CNY a node-hour with a
 * 24 h minimum term, but billed by the hour after the first day. A price
 * by the day bills whole days: 24 h granularity; one the user typed
 * stays. */
static void
test_day_price_bills_whole_days (void)
{
  CpWindow *window;
  CpQuoteEditor *editor;
  CpQuote *quote = demo_new_quote (&window, &editor);
  CpFieldRow *price = cp_quote_editor_get_row (editor, "price");

  enter_into (price, "2976 CNY/node/day");
  g_assert_null (cp_field_row_get_error (price));
  g_assert_cmpint (quote->price_unit, ==, CP_PRICE_PER_NODE_HOUR);
  /* 2976 / 24 = 124 */
  g_assert_cmpfloat_with_epsilon (quote->price, 124, 1e-9);
  g_assert_cmpfloat (quote->minimum_term_h, ==, 24);
  g_assert_cmpfloat (quote->billing_granularity_h, ==, 24);

  quote = cp_test_gui_add_quote (window);
  enter_into (cp_quote_editor_get_row (editor, "billing-granularity"), "1");
  g_assert_cmpfloat (quote->billing_granularity_h, ==, 1);
  enter_into (price, "2976 CNY/node/day");
  g_assert_cmpfloat (quote->billing_granularity_h, ==, 1);

  cp_test_gui_close_window (window);
}

/* Walkthrough 22: Report Sign-Off opened the preferences on their Report
 * page with the focus on the General tab, which looked chosen. The focus
 * starts in the Report page. */
static void
test_sign_off_focus_on_report_page (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpPreferencesWindow *preferences = cp_test_gui_open_sign_off (app);
  AdwPreferencesPage *page = adw_preferences_window_get_visible_page (ADW_PREFERENCES_WINDOW (preferences));
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (preferences));

  g_assert_cmpstr (adw_preferences_page_get_name (page), ==, "report");
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (page)));

  gtk_window_close (GTK_WINDOW (preferences));
  cp_test_gui_wait_sign_off_closed ();
  cp_test_gui_close_window (window);
}

/* Walkthrough 22: Price was the one number typed at the left, and its
 * entry narrowed and widened as its subtitle echoed the price in two
 * units. It is right-aligned as the others, and as wide with its echo as
 * without. */
static void
test_price_entry_steady (void)
{
  CpWindow *window;
  CpQuoteEditor *editor;
  CpFieldRow *price;
  GtkWidget *entry;
  int bare_width;

  demo_new_quote (&window, &editor);
  price = cp_quote_editor_get_row (editor, "price");
  entry = cp_field_row_get_input (price);
  g_assert_cmpfloat (gtk_editable_get_alignment (GTK_EDITABLE (entry)), ==, 1.0);
  g_assert_cmpfloat (gtk_editable_get_alignment (GTK_EDITABLE (cp_field_row_get_input (
                       cp_quote_editor_get_row (editor, "gpus-per-node")))), ==, 1.0);
  cp_test_gui_wait_frames (entry, 3);
  bare_width = gtk_widget_get_width (entry);
  g_assert_cmpint (bare_width, >, 0);
  cp_test_gui_type_text (price, "15.5");
  /* 15.5 × 8 = 124 */
  g_assert_cmpstr (cp_test_gui_row_subtitle (price), ==, "15.5 CNY per GPU-hour, 124 CNY per node-hour of 8 GPUs");
  cp_test_gui_wait_frames (entry, 3);
  g_assert_cmpint (gtk_widget_get_width (entry), ==, bare_width);

  cp_test_gui_close_window (window);
}

/* Walkthrough 22: Memory per GPU read "80 GB" on the form and "80.0 GiB"
 * in the reasons. The form's unit is the one the plan counts in, the
 * project's GPU memory unit: GiB by default, GB once Preferences says so
 * in its combo row. */
static void
test_gpu_memory_unit_follows_plan (void)
{
  CpWindow *window;
  CpQuoteEditor *editor;
  CpProject *project;
  CpFieldRow *memory;
  GtkWidget *preferences;
  AdwComboRow *unit;

  demo_new_quote (&window, &editor);
  project = cp_window_get_project (window);
  memory = cp_quote_editor_get_row (editor, "gpu-memory");
  g_assert_cmpint (project->settings.memory_unit, ==, CP_MEMORY_UNIT_GIB);
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (memory), "GiB", CP_TEST_GUI_TEXT_VISIBLE));
  g_assert_null (cp_test_gui_find_with_text (GTK_WIDGET (memory), "GB", CP_TEST_GUI_TEXT_WHOLE));
  g_assert_cmpstr (cp_test_gui_row_subtitle (memory), ==,
                   "The datasheet’s figure, counted in GiB as frameworks report it");

  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  cp_test_gui_spin ();
  preferences = cp_test_gui_find_toplevel (CP_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (preferences);
  unit = cp_test_gui_find_combo_row (preferences, "GPU memory unit");
  g_assert_nonnull (unit);
  adw_combo_row_set_selected (unit, CP_MEMORY_UNIT_GB);
  cp_test_gui_spin ();
  g_assert_cmpint (project->settings.memory_unit, ==, CP_MEMORY_UNIT_GB);
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (memory), "GB", CP_TEST_GUI_TEXT_VISIBLE));
  g_assert_null (cp_test_gui_find_with_text (GTK_WIDGET (memory), "GiB", CP_TEST_GUI_TEXT_WHOLE));
  g_assert_cmpstr (cp_test_gui_row_subtitle (memory), ==, "As the datasheet states it");

  gtk_window_close (GTK_WINDOW (preferences));
  cp_test_gui_wait_sign_off_closed ();
  cp_test_gui_close_window (window);
}

/* The position of the model called @name in the picker's list. */
static guint
model_position (GListModel *models,
                const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (models); i++)
    {
      g_autoptr(CpPickerItem) item = g_list_model_get_item (models, i);

      if (g_strcmp0 (cp_picker_item_get_label (item), name) == 0)
        return i;
    }
  g_assert_not_reached ();
}

/* Walkthrough 22: the model list was in the catalogue file's order, Qwen2.5
 * 72B between Mixtral and OPT 13B. It goes by family, then size. */
static void
test_model_list_ordered (void)
{
  static const char * const in_order[] = {
    "LLaMA 7B", "LLaMA 65B", "Llama 2 7B", "Llama 2 13B", "Llama 2 70B", "Llama 3.1 8B", "Llama 3.1 70B",
    "Llama 3.1 405B", "Mixtral 8x7B", "OPT 13B", "Qwen2.5 7B", "Qwen2.5 14B", "Qwen2.5 32B", "Qwen2.5 72B",
    "Qwen3 8B", "Qwen3 30B-A3B", "Qwen3 32B", "Qwen3 235B-A22B",
  };
  CpWindow *window = cp_test_gui_demo_window (app);
  GListModel *models;

  cp_test_gui_select_job (window, 0);
  models = gtk_drop_down_get_model (cp_picker_row_get_drop_down (
             cp_job_editor_get_model_row (cp_window_get_job_editor (window))));
  for (guint i = 1; i < G_N_ELEMENTS (in_order); i++)
    g_assert_cmpuint (model_position (models, in_order[i - 1]), <, model_position (models, in_order[i]));
  /* Qwen2.5's four side by side */
  g_assert_cmpuint (model_position (models, "Qwen2.5 72B") - model_position (models, "Qwen2.5 7B"), ==, 3);

  cp_test_gui_close_window (window);
}

static gboolean
chooser_shown (gpointer user_data)
{
  GtkWidget *chooser = cp_test_gui_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);

  return chooser != NULL && gtk_widget_get_mapped (chooser);
}

static gboolean
custom_models_at_least (gpointer user_data)
{
  CpWindow *window = user_data;
  const CpCatalog *custom = cp_window_get_project (window)->custom;

  return custom != NULL && cp_catalog_n_models (custom) >= GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (window), "cp-models"));
}

static gboolean
toast_says_already (gpointer window)
{
  return cp_test_gui_find_with_text (window, "Model “Qwen2.5-7B-Instruct” is already in the catalogue",
                                     CP_TEST_GUI_TEXT_WHOLE) != NULL;
}

static gboolean
chooser_has_file (gpointer chooser)
{
  g_autoptr(GFile) file = gtk_file_chooser_get_file (chooser);

  return file != NULL;
}

/* Imports @path through Import Model's file chooser: chosen there (once
 * its folder is read), then Import. */
static void
import_model_file (CpWindow   *window,
                   const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkWidget *chooser;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.import-model", NULL));
  cp_test_gui_wait_until (chooser_shown, NULL, "the Import Model chooser on screen");
  chooser = cp_test_gui_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  g_assert_true (gtk_file_chooser_set_file (GTK_FILE_CHOOSER (chooser), file, NULL));
  cp_test_gui_wait_until (chooser_has_file, chooser, "the config.json chosen");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  cp_test_gui_spin ();
}

/* Walkthrough 22: Qwen2.5-7B-Instruct's config.json, which names no
 * model, was imported as "Qwen2ForCausalLM", its architecture's class,
 * and a second import of the file added it again without a word. It is
 * named by its folder, as Hugging Face downloads it; the second import
 * says it is there already and adds nothing. */
static void
test_import_model_named_by_folder (void)
{
  static const char config[] =
    "{\"architectures\": [\"Qwen2ForCausalLM\"], \"hidden_act\": \"silu\", \"hidden_size\": 3584,"
    " \"intermediate_size\": 18944, \"max_position_embeddings\": 32768, \"model_type\": \"qwen2\","
    " \"num_attention_heads\": 28, \"num_hidden_layers\": 28, \"num_key_value_heads\": 4,"
    " \"tie_word_embeddings\": false, \"torch_dtype\": \"bfloat16\", \"vocab_size\": 152064}";
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("cp-import-XXXXXX", &error);
  g_autofree char *model_folder = g_build_filename (folder, "Qwen2.5-7B-Instruct", NULL);
  g_autofree char *path = g_build_filename (model_folder, "config.json", NULL);
  CpWindow *window = cp_test_gui_demo_window (app);
  const CpCatalog *custom;
  const CpModelSpec *model;
  guint before;

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (model_folder, 0700), ==, 0);
  g_assert_true (g_file_set_contents (path, config, -1, &error));
  custom = cp_window_get_project (window)->custom;
  before = custom != NULL ? cp_catalog_n_models (custom) : 0;

  g_object_set_data (G_OBJECT (window), "cp-models", GUINT_TO_POINTER (before + 1));
  import_model_file (window, path);
  cp_test_gui_wait_until (custom_models_at_least, window, "the imported model in the catalogue");
  custom = cp_window_get_project (window)->custom;
  g_assert_cmpuint (cp_catalog_n_models (custom), ==, before + 1);
  model = cp_catalog_get_model (custom, cp_catalog_n_models (custom) - 1);
  g_assert_cmpstr (model->name, ==, "Qwen2.5-7B-Instruct");
  /* Embeddings and output 2 × 152,064 × 3,584 = 1.090B; a layer's
   * attention 2 × 3,584² + 2 × 3,584 × 512 = 29.36M and MLP 3 × 3,584 ×
   * 18,944 = 203.69M, × 28 = 6.525B: 7.615B, Qwen's "7.61B". */
  g_assert_cmpfloat_with_epsilon (model->params / 1e9, 7.615, 0.001);

  import_model_file (window, path);
  cp_test_gui_wait_until (toast_says_already, window, "the toast saying it is there");
  g_assert_cmpuint (cp_catalog_n_models (cp_window_get_project (window)->custom), ==, before + 1);

  cp_test_gui_close_window (window);
  g_unlink (path);
  g_rmdir (model_folder);
  g_rmdir (folder);
}

/* Whether @widget (a row of a picker's list) shows @label. */
static gboolean
focus_shows (GtkWidget  *widget,
             const char *label)
{
  return cp_test_gui_find_with_text (widget, label, CP_TEST_GUI_TEXT_WHOLE) != NULL;
}

/* Issue 26: "qwen2" typed in the model list's search, Down went to the
 * entry chosen before (Qwen2.5 72B, at the bottom) and Return picked it
 * again. Down goes to the first entry that has the words, and Return
 * picks that one; the same in the GPU list of a quote. */
static void
test_picker_down_goes_to_first_match (void)
{
  /* Chosen before: one the words do not find, and one they find last. */
  static const char * const before[] = { "Llama 2 70B", "Qwen2.5 72B" };
  CpWindow *window = cp_test_gui_demo_window (app);
  CpJobEditor *job_editor = cp_window_get_job_editor (window);
  CpPickerRow *models;
  CpPickerRow *gpus;
  GtkWidget *search;
  GtkWidget *popover;
  GtkWidget *focus;
  CpJob *job;

  job = cp_test_gui_show_job (window, 0);
  models = cp_job_editor_get_model_row (job_editor);
  for (guint b = 0; b < G_N_ELEMENTS (before); b++)
    {
      cp_test_gui_search_pick (models, before[b]);
      g_assert_cmpstr (cp_picker_row_get_selected_label (models), ==, before[b]);

      search = cp_test_gui_open_picker (models);
      popover = gtk_widget_get_ancestor (search, GTK_TYPE_POPOVER);
      gtk_editable_set_text (GTK_EDITABLE (search), "qwen2");
      cp_test_gui_spin ();
      g_assert_true (cp_test_gui_press_key (search, GDK_KEY_Down));
      focus = gtk_root_get_focus (gtk_widget_get_root (search));
      g_assert_nonnull (focus);
      g_assert_true (gtk_widget_is_ancestor (focus, popover));
      /* Qwen2.5 7B, 14B, 32B, 72B: the first of them; nothing picked yet. */
      g_assert_true (focus_shows (focus, "Qwen2.5 7B"));
      g_assert_false (focus_shows (focus, "Qwen2.5 72B"));
      g_assert_cmpstr (cp_picker_row_get_selected_label (models), ==, before[b]);
      g_assert_true (cp_test_gui_press_key (focus, GDK_KEY_Return));
      cp_test_gui_wait_until (popover_hidden, popover, "the list closed on Return");
      g_assert_cmpstr (cp_picker_row_get_selected_label (models), ==, "Qwen2.5 7B");
    }
  job = g_ptr_array_index (cp_window_get_project (window)->jobs, 0);
  g_assert_cmpstr (job->model.name, ==, "Qwen2.5 7B");

  /* A quote's GPU list, its search typed and Down pressed at once, before
   * GTK's own filtering a moment later. */
  cp_test_gui_add_quote (window);
  gpus = cp_quote_editor_get_gpu_row (cp_window_get_quote_editor (window));
  cp_test_gui_search_pick (gpus, "H800");
  search = cp_test_gui_open_picker (gpus);
  popover = gtk_widget_get_ancestor (search, GTK_TYPE_POPOVER);
  gtk_editable_set_text (GTK_EDITABLE (search), "A100");
  g_assert_true (cp_test_gui_press_key (search, GDK_KEY_Down));
  focus = gtk_root_get_focus (gtk_widget_get_root (search));
  g_assert_true (focus_shows (focus, "NVIDIA A100 40GB SXM4"));
  g_assert_true (cp_test_gui_press_key (focus, GDK_KEY_Return));
  cp_test_gui_wait_until (popover_hidden, popover, "the list closed on Return");
  g_assert_cmpstr (last_quote (window)->gpu.id, ==, "a100-40g");

  cp_test_gui_close_window (window);
}

/* Whether @row shows whole in its form's scrolled view. */
static gboolean
row_in_view (GtkWidget *row)
{
  GtkWidget *scroller = gtk_widget_get_ancestor (row, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (row, scroller, &bounds));
  return bounds.origin.y >= 0 && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scroller);
}

/* Issue 26: undoing a switch at the foot of the job form showed the form
 * from its top, the switch out of sight. It shows the row it changed,
 * with the keyboard on its switch; Redo does the same. */
static void
test_undo_shows_changed_row (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpJobEditor *editor = cp_window_get_job_editor (window);
  CpFieldRow *ops = cp_job_editor_get_row (editor, "ops-engineer");
  GtkWidget *toggle = cp_field_row_get_input (ops);
  GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (ops), GTK_TYPE_SCROLLED_WINDOW);
  GtkAdjustment *vertical = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  gboolean before;
  CpJob *job;

  cp_test_gui_resize_window (window, 1024, 700);
  job = cp_test_gui_show_job (window, 1);
  before = job->team_has_ops_engineer;
  g_assert_true (gtk_widget_get_mapped (toggle));
  /* The user scrolls down to it and flips it. */
  {
    graphene_rect_t bounds;

    g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (ops), scroller, &bounds));
    gtk_adjustment_set_value (vertical, gtk_adjustment_get_value (vertical) + bounds.origin.y -
                                        gtk_widget_get_height (scroller) / 2.0);
  }
  cp_test_gui_wait_frames (toggle, 3);
  g_assert_true (row_in_view (GTK_WIDGET (ops)));
  g_assert_cmpfloat (gtk_adjustment_get_value (vertical), >, 0);
  gtk_switch_set_active (GTK_SWITCH (toggle), !before);
  cp_test_gui_spin ();
  job = g_ptr_array_index (cp_window_get_project (window)->jobs, 1);
  g_assert_cmpint (job->team_has_ops_engineer, ==, !before);
  /* Elsewhere meanwhile: the form's top, the keyboard in the sidebar. */
  gtk_adjustment_set_value (vertical, 0);
  gtk_widget_grab_focus (GTK_WIDGET (cp_window_get_jobs_list (window)));
  cp_test_gui_wait_frames (toggle, 3);
  g_assert_false (row_in_view (GTK_WIDGET (ops)));

  for (guint redo = 0; redo < 2; redo++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), redo ? "win.redo" : "win.undo", NULL));
      cp_test_gui_wait_frames (toggle, 3);
      job = g_ptr_array_index (cp_window_get_project (window)->jobs, 1);
      g_assert_cmpint (job->team_has_ops_engineer, ==, redo ? !before : before);
      g_assert_cmpint (gtk_switch_get_active (GTK_SWITCH (toggle)), ==, job->team_has_ops_engineer);
      g_assert_true (row_in_view (GTK_WIDGET (ops)));
      g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == toggle);
    }

  cp_test_gui_close_window (window);
}

static gboolean
chart_has_data (gpointer view)
{
  return cp_chart_view_get_data (view) != NULL;
}

static gboolean
file_chooser_mapped (gpointer user_data)
{
  GtkWidget **chooser = user_data;

  *chooser = cp_test_gui_find_toplevel (GTK_TYPE_FILE_CHOOSER_DIALOG);
  return *chooser != NULL && gtk_widget_get_mapped (*chooser);
}

/* Picks the type called @name in the save dialog's list of types, as a
 * click there does. */
static void
pick_file_type (GtkWidget  *chooser,
                const char *name)
{
  g_autoptr(GPtrArray) drop_downs = g_ptr_array_new ();

  cp_test_gui_collect (chooser, GTK_TYPE_DROP_DOWN, drop_downs);
  for (guint i = 0; i < drop_downs->len; i++)
    {
      GListModel *types = gtk_drop_down_get_model (g_ptr_array_index (drop_downs, i));

      for (guint t = 0; types != NULL && t < g_list_model_get_n_items (types); t++)
        {
          g_autoptr(GObject) type = g_list_model_get_item (types, t);

          if (GTK_IS_FILE_FILTER (type) && g_strcmp0 (gtk_file_filter_get_name (GTK_FILE_FILTER (type)), name) == 0)
            {
              gtk_drop_down_set_selected (g_ptr_array_index (drop_downs, i), t);
              cp_test_gui_spin ();
              return;
            }
        }
    }
  g_error ("no file type “%s” in the dialog", name);
}

/* Issue 26: SVG chosen as the chart's file type, the name still ended
 * ".png". The name's ending follows the type chosen, both ways, and the
 * report's does between PDF and XML; the chart is named after itself. */
static void
test_export_name_follows_type (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  GtkWidget *chooser = NULL;
  CpChartView *view;
  GtkWindow *dialog;
  GtkBuilder *builder;
  g_autofree char *title = NULL;
  g_autofree char *name = NULL;

  cp_test_gui_select_job (window, 0);
  view = CP_CHART_VIEW (cp_test_gui_find_of_type (GTK_WIDGET (cp_window_get_results_view (window)),
                                                  CP_TYPE_CHART_VIEW));
  cp_test_gui_wait_until (chart_has_data, view, "the cost chart");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "chart.export", NULL));
  cp_test_gui_wait_until (file_chooser_mapped, &chooser, "the Export Chart chooser on screen");
  name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  /* The project's name, then "Total cost and time against GPU count:
   * 70B fine-tune" (issue 26: one project's charts apart from another's). */
  title = g_strndup (name, strlen (name) - strlen (".png"));
  {
    /* The demo's name, its ": " a " - " and its "?", which Windows
     * refuses, a "-", as the title's. */
    const char *start = "示例项目：单机还是集群 (Demo - one machine or a cluster-) - "
                        "Total cost and time against GPU count - ";

    g_assert_true (g_str_has_prefix (name, start));
  }
  g_assert_true (g_str_has_suffix (name, ".png"));
  pick_file_type (chooser, "SVG image");
  g_clear_pointer (&name, g_free);
  name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  g_assert_true (g_str_has_prefix (name, title));
  g_assert_cmpstr (name + strlen (title), ==, ".svg");
  pick_file_type (chooser, "PNG image");
  g_clear_pointer (&name, g_free);
  name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  g_assert_cmpstr (name + strlen (title), ==, ".png");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  cp_test_gui_spin ();

  /* Export Report with PDF and XML: XML chosen, "….xml". */
  g_action_group_activate_action (G_ACTION_GROUP (window), "export-report", NULL);
  cp_test_gui_spin ();
  dialog = GTK_WINDOW (cp_test_gui_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  builder = g_object_get_data (G_OBJECT (dialog), "builder");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (gtk_builder_get_object (builder, "pdf_check")), TRUE);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (gtk_builder_get_object (builder, "xml_check")), TRUE);
  g_clear_pointer (&title, g_free);
  title = g_strdup (gtk_editable_get_text (GTK_EDITABLE (gtk_builder_get_object (builder, "project_name_row"))));
  g_assert_cmpstr (title, ==, cp_window_get_project (window)->name);
  /* Choose Destination, the dialog's default button, clicked. */
  g_signal_emit_by_name (gtk_window_get_default_widget (dialog), "clicked");
  cp_test_gui_wait_until (file_chooser_mapped, &chooser, "the Export Report chooser on screen");
  g_clear_pointer (&name, g_free);
  name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  g_assert_true (g_str_has_prefix (name, title));
  g_assert_cmpstr (name + strlen (title), ==, " (English).pdf");
  pick_file_type (chooser, "XML reports");
  g_clear_pointer (&name, g_free);
  name = gtk_file_chooser_get_current_name (GTK_FILE_CHOOSER (chooser));
  g_assert_cmpstr (name + strlen (title), ==, " (English).xml");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_CANCEL);
  cp_test_gui_spin ();

  cp_test_gui_close_window (window);
}

static gboolean
report_written_toast (gpointer window)
{
  return cp_test_gui_find_with_text (window, "Report written: ", CP_TEST_GUI_TEXT_PART | CP_TEST_GUI_TEXT_VISIBLE) != NULL;
}

/* The toast that shows @widget, as its toast widget holds it. */
static AdwToast *
toast_showing (GtkWidget *widget)
{
  GtkWidget *toast_widget = gtk_widget_get_ancestor (widget, g_type_from_name ("AdwToastWidget"));
  AdwToast *toast = NULL;

  g_assert_nonnull (toast_widget);
  g_object_get (toast_widget, "toast", &toast, NULL);
  g_assert_nonnull (toast);
  g_object_unref (toast);  /* the toast widget keeps it */
  return toast;
}

/* Issue 26: at 1024 px the toast after Export Report squeezed its text,
 * "Show in Folder", "Open" and its close button into each other. The
 * folder's name in the text is the way to the folder; Open is the
 * toast's one button; nothing overlaps. It stays until dismissed: in the
 * window it went in a few seconds, before a meeting got to Open. */
static void
test_report_toast_fits (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  g_autofree char *folder = g_dir_make_tmp ("cp-toast-XXXXXX", NULL);
  g_autofree char *base = g_build_filename (folder, "Board review", NULL);
  g_autofree char *folder_name = g_path_get_basename (folder);
  g_autofree char *expected = g_strdup_printf ("Report written: Board review.pdf, Board review.xml, in %s", folder_name);
  GtkWidget *text;
  GtkWidget *open;
  GtkWidget *overlay;
  graphene_rect_t text_bounds, open_bounds;

  cp_test_gui_resize_window (window, 1024, 700);
  _cp_window_export_report_files (window, base, TRUE, TRUE, "en");
  cp_test_gui_wait_not_busy (window);
  cp_test_gui_wait_until (report_written_toast, window, "the Report written toast");
  text = cp_test_gui_find_with_text (GTK_WIDGET (window), "Report written: ", CP_TEST_GUI_TEXT_PART);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (text)), ==, expected);
  /* The folder's name is a link, with what it does in its tooltip. */
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (text)), "title=\"Show in Folder\""));
  g_assert_null (cp_test_gui_find_with_text (GTK_WIDGET (window), "Show in _Folder", CP_TEST_GUI_TEXT_WHOLE));
  open = cp_test_gui_find_with_text (GTK_WIDGET (window), "_Open", CP_TEST_GUI_TEXT_WHOLE);
  g_assert_nonnull (open);
  overlay = gtk_widget_get_ancestor (text, ADW_TYPE_TOAST_OVERLAY);
  cp_test_gui_wait_frames (text, 3);
  g_assert_true (gtk_widget_compute_bounds (text, overlay, &text_bounds));
  g_assert_true (gtk_widget_compute_bounds (open, overlay, &open_bounds));
  g_assert_cmpfloat (text_bounds.origin.x + text_bounds.size.width, <=, open_bounds.origin.x);
  /* The text reads whole: wrapped, not cut. */
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (text))));
  /* It goes by itself, after AdwToast's default 5 s (issue 26). */
  g_assert_cmpuint (adw_toast_get_timeout (toast_showing (text)), ==, 5);

  cp_test_gui_close_window (window);
  {
    g_autofree char *pdf = g_strconcat (base, ".pdf", NULL);
    g_autofree char *xml = g_strconcat (base, ".xml", NULL);

    g_unlink (pdf);
    g_unlink (xml);
    g_rmdir (folder);
  }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  app = cp_test_gui_init (&argc, &argv, "gui-form");

  g_test_add_func ("/gui/window-form/sign-off-kept-on-close", test_sign_off_kept_on_close);
  g_test_add_func ("/gui/window-form/export-preparer-enter", test_export_preparer_enter);
  g_test_add_func ("/gui/window-form/untitled-quote-name", test_untitled_quote_name);
  g_test_add_func ("/gui/window-form/picker-escape-closes", test_picker_escape_closes);
  g_test_add_func ("/gui/window-form/deadline-with-unit", test_deadline_with_unit);
  g_test_add_func ("/gui/window-form/cluster-needs-two-nodes", test_cluster_needs_two_nodes);
  g_test_add_func ("/gui/window-form/kind-switch-duration-follows-deadline", test_kind_switch_duration_follows_deadline);
  g_test_add_func ("/gui/window-form/kind-switch-tokens-follow-kind", test_kind_switch_tokens_follow_kind);
  g_test_add_func ("/gui/window-form/cluster-network-rows", test_cluster_network_rows);
  g_test_add_func ("/gui/window-form/cluster-offering-follows-nodes", test_cluster_offering_follows_nodes);
  g_test_add_func ("/gui/window-form/part-rentable-row", test_part_rentable_row);
  g_test_add_func ("/gui/window-form/offering-picked-is-stated", test_offering_picked_is_stated);
  g_test_add_func ("/gui/window-form/day-price-bills-whole-days", test_day_price_bills_whole_days);
  g_test_add_func ("/gui/window-form/sign-off-focus-on-report-page", test_sign_off_focus_on_report_page);
  g_test_add_func ("/gui/window-form/offer-ascend-cluster", test_offer_ascend_cluster);
  g_test_add_func ("/gui/window-form/offer-network", test_offer_network);
  g_test_add_func ("/gui/window-form/price-entry-steady", test_price_entry_steady);
  g_test_add_func ("/gui/window-form/gpu-memory-unit-follows-plan", test_gpu_memory_unit_follows_plan);
  g_test_add_func ("/gui/window-form/model-list-ordered", test_model_list_ordered);
  g_test_add_func ("/gui/window-form/import-model-named-by-folder", test_import_model_named_by_folder);
  g_test_add_func ("/gui/window-form/offer-price-fills-price", test_offer_price_fills_price);
  g_test_add_func ("/gui/window-form/offer-fills-gpus", test_offer_fills_gpus);
  g_test_add_func ("/gui/window-form/offer-names-gpu-without-count", test_offer_names_gpu_without_count);
  g_test_add_func ("/gui/window-form/offer-names-cluster", test_offer_names_cluster);
  g_test_add_func ("/gui/window-form/offer-cluster-network-unstated", test_offer_cluster_network_unstated);
  g_test_add_func ("/gui/window-form/offer-kind-cloud-vm", test_offer_kind_cloud_vm);
  g_test_add_func ("/gui/window-form/picker-down-goes-to-first-match", test_picker_down_goes_to_first_match);
  g_test_add_func ("/gui/window-form/undo-shows-changed-row", test_undo_shows_changed_row);
  g_test_add_func ("/gui/window-form/export-name-follows-type", test_export_name_follows_type);
  g_test_add_func ("/gui/window-form/report-toast-fits", test_report_toast_fits);

  return g_test_run ();
}

/* test-window-adaptive.c: the planner window's forms and layout as they
 * adapt, moved from test-window.c as they were: the pickers' search,
 * host memory, entries that read from their start, the rows each kind
 * and node count shows, the sidebar and layout by width, names readable
 * when narrow, the network presets, the vendors' questions once, and no
 * stale figures on a job switch. Registered by test-window.c's main(). */
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
#include "gui/cp-quote-name.h"
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

static GtkWidget *
drop_down_popover (GtkDropDown *drop_down)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (drop_down)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      return child;
  g_assert_not_reached ();
}

/* Opens or closes the list, as a click on the drop-down's button does. */
static void
set_drop_down_open (GtkDropDown *drop_down,
                    gboolean     open)
{
  GtkWidget *button = gtk_widget_get_first_child (GTK_WIDGET (drop_down));

  g_assert_true (GTK_IS_TOGGLE_BUTTON (button));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), open);
  spin ();
  g_assert_cmpint (gtk_widget_get_visible (drop_down_popover (drop_down)), ==, open);
}

/* The labels of the entries the open list shows, "|"-separated. */
static char *
shown_labels (GtkDropDown *drop_down)
{
  GtkListView *list = GTK_LIST_VIEW (cp_test_gui_find_of_type (drop_down_popover (drop_down), GTK_TYPE_LIST_VIEW));
  GListModel *model = G_LIST_MODEL (gtk_list_view_get_model (list));
  GString *labels = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(CpPickerItem) item = g_list_model_get_item (model, i);

      g_string_append_printf (labels, "%s%s", i > 0 ? "|" : "", cp_picker_item_get_label (item));
    }
  return g_string_free (labels, FALSE);
}

typedef struct {
  const char *text;
  gboolean    searched;
} SearchWait;

/* Replacing the text first empties it, which GtkSearchEntry signals at
 * once; only the signal for the whole new text counts. */
static void
search_changed_cb (GtkSearchEntry *search,
                   gpointer        user_data)
{
  SearchWait *wait = user_data;

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (search)), wait->text) == 0)
    wait->searched = TRUE;
}

static gboolean
searched (gpointer user_data)
{
  return ((SearchWait *) user_data)->searched;
}

/* Types into the open list's search and waits for GtkSearchEntry's
 * search-changed for that text (after its delay), which the list filters
 * on. */
static GtkWidget *
search_for (GtkDropDown *drop_down,
            const char  *text)
{
  GtkWidget *search = cp_test_gui_find_of_type (drop_down_popover (drop_down), GTK_TYPE_SEARCH_ENTRY);
  SearchWait wait = { text, FALSE };
  gulong handler;

  g_assert_nonnull (search);
  g_assert_true (gtk_widget_has_focus (search) || gtk_widget_is_ancestor (gtk_root_get_focus (gtk_widget_get_root (search)), search));
  handler = g_signal_connect (search, "search-changed", G_CALLBACK (search_changed_cb), &wait);
  /* The same text again changes nothing and is not signalled. */
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (search)), text) != 0)
    {
      gtk_editable_set_text (GTK_EDITABLE (search), text);
      cp_test_gui_wait_until (searched, &wait, "the search for the text typed");
    }
  g_signal_handler_disconnect (search, handler);
  spin ();
  return search;
}

/* Types @text into the open list's search: the entries shown are
 * @expected, "|"-separated. Returns the search entry. */
static GtkWidget *
search_shows (GtkDropDown *drop_down,
              const char  *text,
              const char  *expected)
{
  GtkWidget *search = search_for (drop_down, text);
  g_autofree char *labels = shown_labels (drop_down);

  g_assert_cmpstr (labels, ==, expected);
  return search;
}

static gboolean
shows_label (GtkWidget  *widget,
             const char *text)
{
  return cp_test_gui_find_with_text (widget, text, CP_TEST_GUI_TEXT_WHOLE | CP_TEST_GUI_TEXT_VISIBLE) != NULL;
}

static gboolean
no_match_shown (GtkDropDown *drop_down)
{
  return shows_label (drop_down_popover (drop_down), "No match");
}

/* Walk 2 #1, #3: a picker's search finds the words anywhere in the names,
 * whatever their case, says when nothing matches, and Enter picks the
 * first entry shown. */
void
test_window_picker_search (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpJobEditor *job_editor = cp_window_get_job_editor (window);
  CpQuoteEditor *quote_editor = cp_window_get_quote_editor (window);
  guint job_index = first_training_job (project);
  GtkDropDown *models = cp_picker_row_get_drop_down (cp_job_editor_get_model_row (job_editor));
  GtkDropDown *gpus;
  GtkWidget *search;
  CpJob *job;
  CpQuote *quote;

  int opened_width;

  select_row (cp_window_get_jobs_list (window), job_index);
  job = g_ptr_array_index (project->jobs, job_index);

  set_drop_down_open (models, TRUE);
  cp_test_gui_wait_frames (drop_down_popover (models), 2);
  opened_width = gtk_widget_get_width (drop_down_popover (models));
  g_assert_cmpint (opened_width, >, 0);
  /* Walkthrough 14: the list narrowed to one entry keeps the width it
   * opened at, and the search shows all it was given, not "ıwen2.5 72". */
  search = search_for (models, "qwen2.5 72");
  {
    g_autofree char *labels = shown_labels (models);
    PangoLayout *layout = gtk_widget_create_pango_layout (search, "qwen2.5 72");
    int text_width;

    g_assert_cmpstr (labels, ==, "Qwen2.5 72B");
    cp_test_gui_wait_frames (drop_down_popover (models), 2);
    pango_layout_get_pixel_size (layout, &text_width, NULL);
    g_object_unref (layout);
    g_assert_cmpint (gtk_widget_get_width (drop_down_popover (models)), ==, opened_width);
    g_assert_cmpint (gtk_widget_get_width (search), >, text_width);
  }
  /* The names a Chinese window's user types, walkthrough 14 */
  search_shows (models, "千问2.5 72", "Qwen2.5 72B");
  search_shows (models, "70B", "Llama 2 70B|Llama 3.1 70B");
  g_assert_false (no_match_shown (models));
  search_shows (models, "no such model", "");
  g_assert_true (no_match_shown (models));
  search = search_shows (models, "3.1 70", "Llama 3.1 70B");
  g_assert_false (no_match_shown (models));
  g_signal_emit_by_name (search, "activate");
  spin ();
  g_assert_false (gtk_widget_get_visible (drop_down_popover (models)));
  g_assert_cmpstr (job->model.id, ==, "llama-3.1-70b");
  /* Enter with nothing typed keeps the model chosen. */
  set_drop_down_open (models, TRUE);
  g_signal_emit_by_name (search_for (models, ""), "activate");
  spin ();
  g_assert_false (gtk_widget_get_visible (drop_down_popover (models)));
  g_assert_cmpstr (job->model.id, ==, "llama-3.1-70b");
  /* Typed and Enter at once, before the list is filtered. */
  set_drop_down_open (models, TRUE);
  search = cp_test_gui_find_of_type (drop_down_popover (models), GTK_TYPE_SEARCH_ENTRY);
  gtk_editable_set_text (GTK_EDITABLE (search), "llama 2 70b");
  g_signal_emit_by_name (search, "activate");
  spin ();
  g_assert_cmpstr (job->model.id, ==, "llama-2-70b");
  g_assert_cmpfloat (job->model.params, ==, cp_project_find_model (project, "llama-3.1-70b")->params);

  /* The quote's GPU, by the card's name alone, and by its id. */
  select_row (cp_window_get_quotes_list (window), 0);
  quote = g_ptr_array_index (project->quotes, 0);
  gpus = cp_picker_row_get_drop_down (cp_quote_editor_get_gpu_row (quote_editor));
  set_drop_down_open (gpus, TRUE);
  search_shows (gpus, "昇腾", "Huawei Ascend 910B2 64GB|Huawei Ascend 910B3 64GB|Huawei Ascend 910C 128GB");
  search_shows (gpus, "华为 910B", "Huawei Ascend 910B2 64GB|Huawei Ascend 910B3 64GB");
  search_shows (gpus, "910B3", "Huawei Ascend 910B3 64GB");
  search_shows (gpus, "4090", "NVIDIA GeForce RTX 4090 24GB");
  search = search_shows (gpus, "h800", "NVIDIA H800 SXM 80GB");
  g_signal_emit_by_name (search, "activate");
  spin ();
  g_assert_cmpstr (quote->gpu.id, ==, "h800");
  set_drop_down_open (gpus, TRUE);
  search_shows (gpus, "ascend-910", "Huawei Ascend 910B2 64GB|Huawei Ascend 910B3 64GB|Huawei Ascend 910C 128GB");
  set_drop_down_open (gpus, FALSE);

  close_window (window);
}

/* Walk 2 #10: a list opens with the keyboard on the checked entry, not
 * where the focus was left the last time. */
void
test_window_drop_down_opens_on_checked (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpJobEditor *job_editor = cp_window_get_job_editor (window);
  guint job_index = first_training_job (project);
  GtkDropDown *kind = GTK_DROP_DOWN (cp_field_row_get_input (cp_job_editor_get_row (job_editor, "kind")));
  const char *checked;
  GtkWidget *list, *focus;

  select_row (cp_window_get_jobs_list (window), job_index);
  checked = gtk_string_object_get_string (gtk_drop_down_get_selected_item (kind));

  set_drop_down_open (kind, TRUE);
  list = cp_test_gui_find_of_type (drop_down_popover (kind), GTK_TYPE_LIST_VIEW);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus != NULL && gtk_widget_is_ancestor (focus, list));
  g_assert_true (shows_label (focus, checked));

  /* The user moves down to the last entry and closes the list unpicked. */
  g_assert_true (gtk_widget_grab_focus (gtk_widget_get_last_child (list)));
  g_assert_false (shows_label (gtk_root_get_focus (GTK_ROOT (window)), checked));
  set_drop_down_open (kind, FALSE);

  set_drop_down_open (kind, TRUE);
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus != NULL && gtk_widget_is_ancestor (focus, list));
  g_assert_true (shows_label (focus, checked));
  set_drop_down_open (kind, FALSE);

  close_window (window);
}

/* Issue host-memory: Llama 2 70B fully fine-tuned on one machine of 8 A800
 * 80GB fits only by CPU offload, which keeps 16 B × 70e9 = 1.12e12 B
 * (1,043 GiB; tests/model/test-estimate.c works it out) of optimizer
 * states, fp32 master weights and gradients in the machine's RAM. Typing
 * the vendor's 512 GiB into the quote's host memory turns the verdict and
 * R1's words; 2,048 GiB brings offload back without the question. */
/* A cluster quote whose one node cannot hold CPU offload's host memory
 * says so where it is offered at more nodes (walkthrough 5: G went from
 * one node to three, 9,984 to 52,540 CNY, with no word why). Llama 2
 * 70B: 16 × 70e9 bytes = 1,043 GiB against 512 GiB stated. */
void
test_window_cluster_host_memory (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpResultsView *results = cp_window_get_results_view (window);
  int g = -1;

  for (guint i = 0; i < project->quotes->len; i++)
    if (strstr (((CpQuote *) g_ptr_array_index (project->quotes, i))->vendor, "Example vendor G") != NULL)
      g = (int) i;
  g_assert_cmpint (g, >=, 0);
  select_row (cp_window_get_jobs_list (window), 0);
  select_row (cp_window_get_quotes_list (window), (guint) g);
  type_text (cp_quote_editor_get_row (cp_window_get_quote_editor (window), "host-memory"), "512");
  wait_results (results);
  g_assert_cmpuint (shown_option (results, g)->estimate.nodes, >, 1);
  g_assert_nonnull (strstr (cp_results_view_get_cluster_text (results),
                            "One node would fit only with CPU offload, which needs 1,043 GiB of host memory; "
                            "the quote states 512 GiB."));
  close_window (window);
}

void
test_window_host_memory (void)
{
  g_autoptr(GError) error = NULL;
  CpWindow *window = cp_window_new (app);
  CpProject *project = cp_test_offload_project (0);
  CpResultsView *results = cp_window_get_results_view (window);
  CpQuote *quote;
  GtkWidget *reasons;
  GtkWidget *questions;
  CpFieldRow *row;

  g_assert_true (cp_window_load_new (window, project, &error));
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  spin ();
  project = cp_window_get_project (window);
  quote = g_ptr_array_index (project->quotes, 0);
  select_row (cp_window_get_quotes_list (window), 0);
  select_row (cp_window_get_jobs_list (window), 0);
  wait_results (results);
  reasons = cp_test_gui_find_named (GTK_WIDGET (window), "reasons");
  g_assert_nonnull (reasons);
  /* The vendors' questions are listed apart from the reasons (room32). */
  questions = cp_test_gui_find_named (GTK_WIDGET (window), "questions");
  g_assert_nonnull (questions);

  /* Not stated: offload, and the vendor is to be asked, with the figure. */
  row = cp_quote_editor_get_row (cp_window_get_quote_editor (window), "host-memory");
  g_assert_nonnull (row);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (row))), ==, "");
  g_assert_cmpstr (cp_results_view_get_verdict_text (results), ==, "Single machine with memory techniques");
  g_assert_nonnull (cp_test_gui_find_with_text (questions, "how much host memory each machine has: CPU offload keeps 1,043 GiB", CP_TEST_GUI_TEXT_PART));
  g_assert_nonnull (strstr (cp_results_view_get_layout_text (results),
                            "CPU offload (1,043 GiB of each machine's host memory)"));

  /* 512 GiB: offload does not fit there, and R1 says it is the RAM. */
  type_text (row, "512");
  g_assert_null (cp_field_row_get_error (row));
  g_assert_cmpfloat (quote->host_memory_per_node_bytes, ==, 512 * 1073741824.0);
  wait_results (results);
  g_assert_cmpint (cp_results_view_get_plan (results)->verdict, ==, CP_VERDICT_NOT_FEASIBLE);
  g_assert_nonnull (cp_test_gui_find_with_text (reasons, "CPU offload would fit it in the GPUs, but it keeps 1,043 GiB", CP_TEST_GUI_TEXT_PART));
  g_assert_nonnull (cp_test_gui_find_with_text (reasons, "more than the 512 GiB that Vendor", CP_TEST_GUI_TEXT_PART));
  g_assert_null (cp_test_gui_find_with_text (questions, "how much host memory each machine has", CP_TEST_GUI_TEXT_PART));

  /* 2,048 GiB holds it: offload again, nothing to ask. */
  type_text (row, "2048");
  wait_results (results);
  g_assert_cmpstr (cp_results_view_get_verdict_text (results), ==, "Single machine with memory techniques");
  g_assert_null (cp_test_gui_find_with_text (questions, "how much host memory each machine has", CP_TEST_GUI_TEXT_PART));
  g_assert_null (cp_test_gui_find_with_text (reasons, "CPU offload would fit it", CP_TEST_GUI_TEXT_PART));

  /* Refused, naming the range; the quote keeps 2,048 GiB. */
  type_text (row, "100000");
  g_assert_cmpstr (cp_field_row_get_error (row), ==, "must be 0 (not stated) or from 1 GiB to 64 TiB");
  g_assert_cmpfloat (quote->host_memory_per_node_bytes, ==, 2048 * 1073741824.0);

  /* Emptied: not stated again. */
  type_text (row, "");
  g_assert_null (cp_field_row_get_error (row));
  g_assert_cmpfloat (quote->host_memory_per_node_bytes, ==, 0);

  close_window (window);
}

static void resize_to_fold (CpWindow *window, AdwFlap *flap, int width, int height, gboolean folded);

/* Issue 26 #1: a price typed into the narrow price entry reads from its
 * start once the focus leaves it ("12.25/GPU/h", not "2.25/GPU/h"), and the
 * value is committed as typed. */
void
test_window_entry_reads_from_start (void)
{
  CpWindow *window = open_demo_window ();
  CpQuoteEditor *quote_editor = cp_window_get_quote_editor (window);
  CpFieldRow *price, *vendor;
  GtkEditable *entry;
  CpQuote *quote;

  gtk_list_box_select_row (cp_window_get_quotes_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), 0));
  spin ();
  quote = g_ptr_array_index (cp_window_get_project (window)->quotes, 0);
  price = cp_quote_editor_get_row (quote_editor, "price");
  vendor = cp_quote_editor_get_row (quote_editor, "vendor");
  entry = GTK_EDITABLE (cp_field_row_get_input (price));

  /* As typing leaves it: the focus in the entry, the cursor at the end. */
  gtk_widget_grab_focus (GTK_WIDGET (entry));
  spin ();
  gtk_editable_set_text (entry, "12.25/GPU/h");
  gtk_editable_set_position (entry, -1);
  g_assert_cmpint (gtk_editable_get_position (entry), ==, (int) strlen ("12.25/GPU/h"));

  gtk_widget_grab_focus (cp_field_row_get_input (vendor));
  spin ();
  g_assert_cmpint (gtk_editable_get_position (entry), ==, 0);
  g_assert_cmpfloat (quote->price, ==, 12.25);
  g_assert_cmpint (quote->price_unit, ==, CP_PRICE_PER_GPU_HOUR);

  /* A job's name, typed in full at 1024 px where it is longer than its
   * entry: "Qwen 72B LoRA 微调" read "wen 72B LoRA 微调" (issue 26). */
  {
    CpJobEditor *job_editor = cp_window_get_job_editor (window);
    AdwFlap *flap = ADW_FLAP (cp_test_gui_find_named (GTK_WIDGET (window), "flap"));
    const char *name = "Qwen 72B LoRA 微调，领域数据两轮 (Qwen 72B LoRA fine-tune, two epochs)";
    GtkEditable *name_entry;
    CpJob *job;

    resize_to_fold (window, flap, 1024, 700, TRUE);
    gtk_list_box_select_row (cp_window_get_jobs_list (window),
                             gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), 0));
    spin ();
    cp_test_gui_wait_frames (GTK_WIDGET (window), 2);
    job = g_ptr_array_index (cp_window_get_project (window)->jobs, 0);
    name_entry = GTK_EDITABLE (cp_field_row_get_input (cp_job_editor_get_row (job_editor, "name")));
    gtk_widget_grab_focus (GTK_WIDGET (name_entry));
    spin ();
    gtk_editable_set_text (name_entry, name);
    gtk_editable_set_position (name_entry, -1);
    g_assert_cmpint (gtk_editable_get_position (name_entry), ==, (int) g_utf8_strlen (name, -1));

    gtk_widget_grab_focus (cp_field_row_get_input (cp_job_editor_get_row (job_editor, "storage-tb")));
    spin ();
    g_assert_cmpint (gtk_editable_get_position (name_entry), ==, 0);
    g_assert_cmpstr (job->name, ==, name);
  }

  close_window (window);
}

/* Issue 26 #3: a job shows the rows its kind uses, with that kind's
 * defaults: a service has no deadline; a new pre-training job turned into a
 * LoRA run takes LoRA's token count (100 M, cp_job_init()), not
 * pre-training's 100 B, while a count the user typed is kept. */
void
test_window_form_rows_by_kind (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpJobEditor *editor = cp_window_get_job_editor (window);
  GtkDropDown *kind;
  CpJob *job;

  g_action_group_activate_action (G_ACTION_GROUP (window), "add-job", NULL);
  spin ();
  job = g_ptr_array_index (project->jobs, project->jobs->len - 1);
  kind = GTK_DROP_DOWN (cp_field_row_get_input (cp_job_editor_get_row (editor, "kind")));
  g_assert_cmpint (job->kind, ==, CP_TASK_PRETRAIN);
  g_assert_cmpfloat (job->tokens, ==, 100e9);
  g_assert_true (row_shown (editor, "deadline-days"));

  pick (kind, CP_TASK_LORA);
  g_assert_cmpint (job->kind, ==, CP_TASK_LORA);
  g_assert_cmpfloat (job->tokens, ==, 100e6);
  g_assert_cmpstr (entry_text (editor, "tokens"), ==, "100M");
  g_assert_true (row_shown (editor, "deadline-days"));
  g_assert_true (row_shown (editor, "lora-rank"));

  type_text (cp_job_editor_get_row (editor, "tokens"), "2B");
  pick (kind, CP_TASK_QLORA);
  g_assert_cmpfloat (job->tokens, ==, 2e9);

  pick (kind, CP_TASK_INFERENCE);
  g_assert_cmpint (job->kind, ==, CP_TASK_INFERENCE);
  g_assert_false (row_shown (editor, "deadline-days"));
  g_assert_true (row_shown (editor, "duration-days"));
  g_assert_false (row_shown (editor, "tokens"));

  pick (kind, CP_TASK_DEBUG);
  g_assert_true (row_shown (editor, "deadline-days"));
  g_assert_false (row_shown (editor, "concurrency"));

  close_window (window);
}

/* Issue 26 #3, kind by kind: the rows a user can reach on a new job
 * turned into each kind, as the kinds are defined (docs: a service runs
 * for a duration and has no deadline; development and data processing
 * name no model, tokens or trial; only adapters have a rank, only full
 * training may fall back to adapters; the KV-cache trial figure is
 * vLLM's, a service's). */
void
test_window_form_rows_each_kind (void)
{
  static const char * const keys[] = {
    "deadline-days", "duration-days", "storage-tb", "params", "tokens", "lora-rank",
    "allow-lora", "concurrency", "output-tokens", "trial-gpus", "trial-kv-cache-tokens", "answer-within-s",
  };
  static const struct {
    CpTaskKind kind;
    const char *shown;   /* one letter per key above: y shown, n hidden */
  } expected[] = {
    { CP_TASK_PRETRAIN,        "ynyyynynnynn" },
    { CP_TASK_FULL_FINETUNE,   "ynyyynynnynn" },
    { CP_TASK_LORA,            "ynyyyynnnynn" },
    { CP_TASK_QLORA,           "ynyyyynnnynn" },
    { CP_TASK_INFERENCE,       "nyyynnnyyyyy" },
    { CP_TASK_DEBUG,           "yyynnnnnnnnn" },
    { CP_TASK_DATA_PROCESSING, "yyynnnnnnnnn" },
  };
  CpWindow *window = open_demo_window ();
  CpJobEditor *editor = cp_window_get_job_editor (window);
  GtkDropDown *kind;

  g_action_group_activate_action (G_ACTION_GROUP (window), "add-job", NULL);
  spin ();
  kind = GTK_DROP_DOWN (cp_field_row_get_input (cp_job_editor_get_row (editor, "kind")));
  for (guint k = 0; k < G_N_ELEMENTS (expected); k++)
    {
      if (gtk_drop_down_get_selected (kind) != (guint) expected[k].kind)
        pick (kind, expected[k].kind);
      g_assert_cmpuint (gtk_drop_down_get_selected (kind), ==, expected[k].kind);
      for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
        {
          gboolean want = expected[k].shown[i] == 'y';

          if (row_shown (editor, keys[i]) != want)
            g_error ("kind %d: row %s is %s", expected[k].kind, keys[i], want ? "hidden" : "shown");
        }
      /* Duration's hint names the deadline only beside a Deadline row. */
      if (row_shown (editor, "duration-days"))
        g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (cp_job_editor_get_row (editor, "duration-days"))),
                         ==, row_shown (editor, "deadline-days") ? "0 uses the deadline" : "How long the service runs");
    }

  close_window (window);
}

/* Issues 21 and 26: a service's answer-time target through its row. Typed
 * and applied it is the job's, and the verdict says what each user waits
 * against it; a negative number is refused and the target kept; emptied,
 * the service has none again. A training job has no such row. */
void
test_window_answer_within_row (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpJobEditor *editor = cp_window_get_job_editor (window);
  CpResultsView *results = cp_window_get_results_view (window);
  CpFieldRow *row = cp_job_editor_get_row (editor, "answer-within-s");
  guint service = project->jobs->len;
  CpJob *job;

  for (guint i = 0; i < project->jobs->len; i++)
    if (((CpJob *) g_ptr_array_index (project->jobs, i))->kind == CP_TASK_INFERENCE)
      {
        service = i;
        break;
      }
  g_assert_cmpuint (service, <, project->jobs->len);
  job = g_ptr_array_index (project->jobs, service);

  select_row (cp_window_get_jobs_list (window), first_training_job (project));
  spin ();
  g_assert_false (row_shown (editor, "answer-within-s"));

  select_row (cp_window_get_jobs_list (window), service);
  spin ();
  g_assert_true (row_shown (editor, "answer-within-s"));
  g_assert_cmpfloat (job->answer_within_s, ==, 0);
  g_assert_cmpstr (entry_text (editor, "answer-within-s"), ==, "");

  /* Keystrokes alone commit nothing. */
  gtk_editable_set_text (GTK_EDITABLE (cp_field_row_get_input (row)), "20");
  spin ();
  g_assert_cmpfloat (job->answer_within_s, ==, 0);

  type_text (row, "1000");
  g_assert_cmpfloat (job->answer_within_s, ==, 1000);
  wait_results (results);
  {
    g_autoptr(CpPlan) plan = plan_for (project, service);
    const CpOption *best;
    g_autofree char *wait = NULL;

    g_assert_cmpint (plan->recommended, >=, 0);
    best = &g_array_index (plan->options, CpOption, plan->recommended);
    g_assert_cmpfloat (best->estimate.answer_s, <=, 1000);
    wait = cp_words_answer_wait (job, &best->estimate, "en");
    g_assert_nonnull (strstr (wait, "within the 1,000 s target"));
    g_assert_true (cp_test_gui_shows_text (GTK_WIDGET (results), wait));
  }

  type_text (row, "-5");
  g_assert_cmpfloat (job->answer_within_s, ==, 1000);

  type_text (row, "");
  g_assert_cmpfloat (job->answer_within_s, ==, 0);
  close_window (window);
}

typedef struct {
  AdwFlap  *flap;
  gboolean  folded;
} FoldWait;

static gboolean
fold_reached (gpointer user_data)
{
  FoldWait *wait = user_data;

  return adw_flap_get_folded (wait->flap) == wait->folded;
}

/* Resizes the window as a user dragging its edge does, and waits until
 * the sidebar is folded as @folded. */
static void
resize_to_fold (CpWindow *window,
                AdwFlap  *flap,
                int       width,
                int       height,
                gboolean  folded)
{
  FoldWait wait = { flap, folded };

  cp_test_gui_resize_window (window, width, height);
  cp_test_gui_wait_until (fold_reached, &wait, "the sidebar folded or unfolded");
  cp_test_gui_wait_frames (GTK_WIDGET (window), 2);
}

typedef struct {
  GtkWidget *sidebar;
  int        window_at_least;
  int        window_at_most;
} SidebarWait;

/* The window has the width asked for and the sidebar a sixth of it, from
 * 220 to 320 px. */
static gboolean
sidebar_is_sixth (gpointer user_data)
{
  SidebarWait *wait = user_data;
  int window_width = gtk_widget_get_width (gtk_widget_get_ancestor (wait->sidebar, GTK_TYPE_WINDOW));

  return window_width >= wait->window_at_least && window_width <= wait->window_at_most &&
         gtk_widget_get_width (wait->sidebar) == CLAMP (window_width / 6, 220, 320);
}

/* Walkthrough 9: at 1920 px the sidebar stayed 220 px and cut every
 * vendor's name. It now takes a sixth of a wide window: about 300 px in a
 * window of 1800 (less its shadow), 220 at 1280, where a sixth (213)
 * would be narrower than its least. Run on the projector's screen
 * (gui-window-projector). */
void
test_window_sidebar_follows_width (void)
{
  GListModel *monitors = gdk_display_get_monitors (gdk_display_get_default ());
  g_autoptr(GdkMonitor) monitor = g_list_model_get_item (monitors, 0);
  GdkRectangle screen;
  CpWindow *window;
  GtkWidget *sidebar;
  SidebarWait wait;

  gdk_monitor_get_geometry (monitor, &screen);
  if (screen.width < 1920)
    {
      g_test_skip ("needs a 1920 px screen (gui-window-projector)");
      return;
    }
  window = open_demo_window ();
  sidebar = cp_test_gui_find_named (GTK_WIDGET (window), "sidebar");
  /* The window's own width is what it is asked less its shadow. */
  wait = (SidebarWait) { sidebar, 1740, 1800 };
  gtk_window_set_default_size (GTK_WINDOW (window), 1800, 700);
  cp_test_gui_wait_until (sidebar_is_sixth, &wait, "the sidebar at a sixth of the window");
  g_assert_cmpint (gtk_widget_get_width (sidebar), >=, 290);
  wait = (SidebarWait) { sidebar, 1220, 1280 };
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 700);
  cp_test_gui_wait_until (sidebar_is_sixth, &wait, "the sidebar at its least");
  g_assert_cmpint (gtk_widget_get_width (sidebar), ==, 220);
  close_window (window);
}

/* Issue 26: at 1024 px the sidebar folds behind the header bar's button
 * and the form and the results share the width; from 1200 px it is beside
 * them again and the results take what the form does not need. */
void
test_window_adaptive_layout (void)
{
  CpWindow *window = open_demo_window ();
  AdwFlap *flap = ADW_FLAP (cp_test_gui_find_named (GTK_WIDGET (window), "flap"));
  GtkWidget *toggle = cp_test_gui_find_named (GTK_WIDGET (window), "sidebar-button");
  GtkWidget *sidebar = cp_test_gui_find_named (GTK_WIDGET (window), "sidebar");
  GtkWidget *results = GTK_WIDGET (cp_window_get_results_view (window));
  GtkWidget *form = gtk_widget_get_parent (GTK_WIDGET (cp_window_get_job_editor (window)));
  GtkListBoxRow *row;
  int form_width;

  g_assert_nonnull (flap);
  g_assert_nonnull (toggle);

  resize_to_fold (window, flap, 1024, 700, TRUE);
  g_assert_true (gtk_widget_get_visible (toggle));
  g_assert_false (adw_flap_get_reveal_flap (flap));
  /* Form and results have the window's whole width between them. */
  g_assert_cmpint (gtk_widget_get_width (form) + gtk_widget_get_width (results), >=, 1024 - 16);
  form_width = gtk_widget_get_width (form);
  g_assert_cmpint (gtk_widget_get_width (results), >=, 1024 / 2);

  /* The button opens the sidebar over them; picking a quote closes it. */
  g_signal_emit_by_name (toggle, "clicked");
  spin ();
  g_assert_true (adw_flap_get_reveal_flap (flap));
  row = gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), 0);
  gtk_widget_activate (GTK_WIDGET (row));
  spin ();
  g_assert_false (adw_flap_get_reveal_flap (flap));
  g_assert_true (gtk_list_box_row_is_selected (row));

  /* 1280 px: as wide as Xvfb's screen, which GTK keeps a window within. */
  resize_to_fold (window, flap, 1280, 800, FALSE);
  g_assert_false (gtk_widget_get_visible (toggle));
  g_assert_true (adw_flap_get_reveal_flap (flap));
  g_assert_true (gtk_widget_get_mapped (sidebar));
  /* The sidebar keeps its own width (its expanding headings once made it
   * half the window and pushed the results out of it). */
  g_assert_cmpint (gtk_widget_get_width (sidebar), <=, 300);
  {
    graphene_rect_t bounds;

    g_assert_true (gtk_widget_compute_bounds (results, GTK_WIDGET (window), &bounds));
    g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (window)) + 0.5);
  }
  /* What the form does not need goes to the results: the form keeps the
   * width it had at 1024 px. */
  g_assert_cmpint (gtk_widget_get_width (form), ==, form_width);
  g_assert_cmpint (gtk_widget_get_width (results), >=,
                   gtk_widget_get_width (GTK_WIDGET (window)) - form_width - gtk_widget_get_width (sidebar) - 16);

  resize_to_fold (window, flap, 1100, 800, TRUE);
  g_assert_true (gtk_widget_get_visible (toggle));

  close_window (window);
}

/* Issue 26: at 1024 px a placeholder shows whole ("Not…" read as a value
 * typed in), and the GPU picker's button cuts a long name from its
 * maker's end, so the model and its memory stay in view. */
void
test_window_narrow_names_readable (void)
{
  CpWindow *window = open_demo_window ();
  CpQuoteEditor *quote_editor = cp_window_get_quote_editor (window);
  AdwFlap *flap = ADW_FLAP (cp_test_gui_find_named (GTK_WIDGET (window), "flap"));
  GtkWidget *host_memory;
  GtkDropDown *gpu;
  GtkWidget *squeezer;
  GtkWidget *button_label;
  g_autoptr(PangoLayout) placeholder = NULL;
  guint ascend = G_MAXUINT;
  int placeholder_width;

  resize_to_fold (window, flap, 1024, 700, TRUE);
  gtk_list_box_select_row (cp_window_get_quotes_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), 0));
  spin ();
  cp_test_gui_wait_frames (GTK_WIDGET (window), 2);

  host_memory = cp_field_row_get_input (cp_quote_editor_get_row (quote_editor, "host-memory"));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (host_memory)), ==, "");
  placeholder = gtk_widget_create_pango_layout (host_memory, gtk_entry_get_placeholder_text (GTK_ENTRY (host_memory)));
  pango_layout_get_pixel_size (placeholder, &placeholder_width, NULL);
  g_assert_cmpint (gtk_widget_get_width (host_memory), >=, placeholder_width);

  /* "Huawei Ascend 910B2 64GB", picked as a user would. */
  gpu = cp_picker_row_get_drop_down (cp_quote_editor_get_gpu_row (quote_editor));
  for (guint i = 0; i < g_list_model_get_n_items (gtk_drop_down_get_model (gpu)); i++)
    {
      g_autoptr(CpPickerItem) item = g_list_model_get_item (gtk_drop_down_get_model (gpu), i);

      if (g_str_has_prefix (cp_picker_item_get_label (item), "Huawei Ascend 910B2"))
        ascend = i;
    }
  g_assert_cmpuint (ascend, !=, G_MAXUINT);
  pick (gpu, ascend);
  cp_test_gui_wait_frames (GTK_WIDGET (window), 2);
  /* The button shows the whole name or, narrower, the model alone, never
   * a name cut by letters ("…awei Ascend 910B2 64GB"); the tooltip has
   * the whole name. */
  squeezer = cp_test_gui_find_of_type (GTK_WIDGET (gpu), ADW_TYPE_SQUEEZER);
  g_assert_nonnull (squeezer);
  button_label = adw_squeezer_get_visible_child (ADW_SQUEEZER (squeezer));
  g_assert_true (GTK_IS_LABEL (button_label));
  g_assert_true (g_str_has_suffix (gtk_label_get_label (GTK_LABEL (button_label)), "Ascend 910B2 64GB"));
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (button_label))));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (cp_test_gui_find_of_type (GTK_WIDGET (gpu), GTK_TYPE_TOGGLE_BUTTON)),
                   ==, "Huawei Ascend 910B2 64GB");
  g_test_message ("GPU button at 1024 px: %s", gtk_label_get_label (GTK_LABEL (button_label)));

  /* walk37b N5: a catalogue GPU renamed by the team read "H20 141GB … t
   * (edited)", its name and mark cut mid-word. The H20 96GB with 141 GB
   * typed and named as a quote sells it, "H20 141GB HBM3e test": the
   * button shows it and "(edited)" whole, the tooltip the same. */
  {
    guint h20 = G_MAXUINT;
    const char *shown;

    for (guint i = 0; i < g_list_model_get_n_items (gtk_drop_down_get_model (gpu)); i++)
      {
        g_autoptr(CpPickerItem) item = g_list_model_get_item (gtk_drop_down_get_model (gpu), i);

        if (g_strcmp0 (cp_picker_item_get_id (item), "h20") == 0)
          h20 = i;
      }
    g_assert_cmpuint (h20, !=, G_MAXUINT);
    pick (gpu, h20);
    type_text (cp_quote_editor_get_row (quote_editor, "gpu-memory"), "141");
    type_text (cp_quote_editor_get_row (quote_editor, "gpu-name"), "H20 141GB HBM3e test");
    cp_test_gui_wait_frames (GTK_WIDGET (window), 2);
    button_label = adw_squeezer_get_visible_child (ADW_SQUEEZER (squeezer));
    shown = gtk_label_get_label (GTK_LABEL (button_label));
    g_test_message ("renamed GPU button at 1024 px: %s", shown);
    g_assert_cmpstr (shown, ==, "H20 141GB HBM3e test (edited)");
    g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (button_label))));
    g_assert_cmpstr (gtk_widget_get_tooltip_text (cp_test_gui_find_of_type (GTK_WIDGET (gpu), GTK_TYPE_TOGGLE_BUTTON)),
                     ==, "H20 141GB HBM3e test (edited)");
  }

  close_window (window);
}

static gboolean
quote_row_shown (CpQuoteEditor *editor,
                 const char    *key)
{
  return gtk_widget_is_visible (GTK_WIDGET (cp_quote_editor_get_row (editor, key)));
}

static void
assert_network_rows_shown (CpQuoteEditor *editor,
                           gboolean       shown)
{
  /* The share shows for a shared fabric only (test-window-form.c). */
  static const char * const network_keys[] = { "network", "nics-per-node", "nic-gbps", "sharing" };

  for (guint i = 0; i < G_N_ELEMENTS (network_keys); i++)
    g_assert_true (quote_row_shown (editor, network_keys[i]) == shown);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (cp_quote_editor_get_network_preset_row (editor))) == shown);
}

/* Issue 26: the fabric picker offers the common fabrics, 200 and 400 Gb/s
 * InfiniBand and RoCE with 2, 4 or 8 NICs a node (a team lead's "4 × 200
 * Gb/s RoCE" had none); each fills the network rows, and a quote shown
 * again names its fabric in the picker. */
void
test_window_network_presets (void)
{
  static const CpNetworkKind kinds[] = { CP_NETWORK_INFINIBAND, CP_NETWORK_ROCE };
  static const double speeds_gbps[] = { 200, 400 };
  static const guint nics[] = { 2, 4, 8 };
  gboolean offered[G_N_ELEMENTS (kinds)][G_N_ELEMENTS (speeds_gbps)][G_N_ELEMENTS (nics)] = { { { FALSE, } } };
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpQuoteEditor *editor = cp_window_get_quote_editor (window);
  AdwComboRow *fabric = cp_quote_editor_get_network_preset_row (editor);
  GListModel *labels;
  guint roce_4x200 = G_MAXUINT;
  guint quote_index;
  CpQuote *quote;

  g_action_group_activate_action (G_ACTION_GROUP (window), "add-quote", NULL);
  spin ();
  quote_index = project->quotes->len - 1;
  quote = g_ptr_array_index (project->quotes, quote_index);
  type_text (cp_quote_editor_get_row (editor, "nodes-available"), "4");
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (fabric)));

  labels = adw_combo_row_get_model (fabric);
  for (guint i = 0; i < g_list_model_get_n_items (labels); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (labels, i);

      adw_combo_row_set_selected (fabric, i);
      spin ();
      for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
        for (guint s = 0; s < G_N_ELEMENTS (speeds_gbps); s++)
          for (guint n = 0; n < G_N_ELEMENTS (nics); n++)
            if (quote->network == kinds[k] && quote->nic_gbps == speeds_gbps[s] && quote->nics_per_node == nics[n])
              offered[k][s][n] = TRUE;
      if (g_str_equal (gtk_string_object_get_string (item), "4 × 200 Gb/s RoCE"))
        {
          g_assert_cmpint (quote->network, ==, CP_NETWORK_ROCE);
          g_assert_cmpuint (quote->nics_per_node, ==, 4);
          g_assert_cmpfloat (quote->nic_gbps, ==, 200);
          roce_4x200 = i;
        }
    }
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    for (guint s = 0; s < G_N_ELEMENTS (speeds_gbps); s++)
      for (guint n = 0; n < G_N_ELEMENTS (nics); n++)
        g_assert_true (offered[k][s][n]);
  g_assert_cmpuint (roce_4x200, !=, G_MAXUINT);

  adw_combo_row_set_selected (fabric, roce_4x200);
  spin ();
  /* Shown again, the quote's fabric is named, not "Custom". */
  select_row (cp_window_get_quotes_list (window), 0);
  spin ();
  select_row (cp_window_get_quotes_list (window), quote_index);
  spin ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (cp_quote_editor_get_row (editor, "nodes-available")))), ==, "4");
  g_assert_cmpuint (adw_combo_row_get_selected (fabric), ==, roce_4x200);

  close_window (window);
}

/* Issue 26: a one-node quote has no network section; a second node brings
 * it back with the values it had, which the file kept meanwhile. A new
 * quote starts as one machine with no network ("None"): typed up to four
 * nodes, in the words the shared count parser reads, the section comes
 * back so that its network can be chosen. */
void
test_window_quote_rows_by_nodes (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpQuoteEditor *editor = cp_window_get_quote_editor (window);
  CpFieldRow *nodes_row = cp_quote_editor_get_row (editor, "nodes-available");
  GtkDropDown *offering;
  CpQuote *quote;

  g_action_group_activate_action (G_ACTION_GROUP (window), "add-quote", NULL);
  spin ();
  quote = g_ptr_array_index (project->quotes, project->quotes->len - 1);
  g_assert_cmpuint (quote->nodes_available, ==, 1);
  g_assert_cmpint (quote->network, ==, CP_NETWORK_NONE);
  assert_network_rows_shown (editor, FALSE);
  g_assert_true (quote_row_shown (editor, "price"));

  type_text (nodes_row, "4");
  g_assert_cmpuint (quote->nodes_available, ==, 4);
  assert_network_rows_shown (editor, TRUE);

  offering = GTK_DROP_DOWN (cp_field_row_get_input (cp_quote_editor_get_row (editor, "offering")));
  for (guint kind = 0; kind < CP_N_OFFERINGS; kind++)
    {
      if (gtk_drop_down_get_selected (offering) != kind)
        pick (offering, kind);
      g_assert_cmpint (quote->offering, ==, (int) kind);

      type_text (nodes_row, "1");
      g_assert_cmpuint (quote->nodes_available, ==, 1);
      assert_network_rows_shown (editor, FALSE);

      type_text (nodes_row, kind % 2 == 0 ? "4 nodes" : "4 台");
      g_assert_cmpuint (quote->nodes_available, ==, 4);
      assert_network_rows_shown (editor, TRUE);
      type_text (cp_quote_editor_get_row (editor, "nics-per-node"), "8");
      type_text (cp_quote_editor_get_row (editor, "nic-gbps"), "400");

      type_text (nodes_row, "1 node");
      g_assert_cmpuint (quote->nodes_available, ==, 1);
      assert_network_rows_shown (editor, FALSE);
      /* The rest of the form stays. */
      g_assert_true (quote_row_shown (editor, "price"));
      g_assert_true (quote_row_shown (editor, "gpus-per-node"));
      g_assert_true (quote_row_shown (editor, "storage"));
      /* Hidden, not cleared. */
      g_assert_cmpuint (quote->nics_per_node, ==, 8);
      g_assert_cmpfloat (quote->nic_gbps, ==, 400);
    }

  type_text (nodes_row, "2");
  assert_network_rows_shown (editor, TRUE);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (cp_quote_editor_get_row (editor, "nic-gbps")))), ==, "400");

  close_window (window);
}

/* Issue 26: a question for vendors is listed once, naming every quote it
 * concerns, not once per quote. */
void
test_window_vendor_questions_once (void)
{
  CpWindow *window = open_demo_window ();
  CpProject *project = cp_window_get_project (window);
  CpResultsView *results = cp_window_get_results_view (window);
  /* Listed apart from the reasons (room32), a line each. */
  GtkWidget *questions = cp_test_gui_find_named (GTK_WIDGET (results), "questions");
  g_auto(GStrv) asked = NULL;
  guint job = first_training_job (project);
  guint lines = 0;

  /* Storage not stated on every quote, chosen in each quote's form. */
  for (guint q = 0; q < project->quotes->len; q++)
    {
      GtkDropDown *storage;

      select_row (cp_window_get_quotes_list (window), q);
      storage = GTK_DROP_DOWN (cp_field_row_get_input (cp_quote_editor_get_row (cp_window_get_quote_editor (window),
                                                                                "storage")));
      if (gtk_drop_down_get_selected (storage) != CP_STORAGE_UNKNOWN)
        pick (storage, CP_STORAGE_UNKNOWN);
      g_assert_cmpint (((CpQuote *) g_ptr_array_index (project->quotes, q))->storage, ==, CP_STORAGE_UNKNOWN);
    }
  g_assert_cmpuint (project->quotes->len, >=, 2);
  select_row (cp_window_get_jobs_list (window), job);
  wait_results (results);

  asked = g_strsplit (gtk_label_get_label (GTK_LABEL (questions)), "\n", -1);
  for (guint i = 0; asked[i] != NULL; i++)
    {
      const char *text = asked[i];

      if (strstr (text, "what storage is offered") == NULL)
        continue;
      lines++;
      g_assert_true (g_str_has_prefix (text, "• Ask "));
      g_assert_null (strstr (text, "vendors of"));
      for (guint q = 0; q < project->quotes->len; q++)
        g_assert_nonnull (strstr (text, ((const CpQuote *) g_ptr_array_index (project->quotes, q))->vendor));
    }
  g_assert_cmpuint (lines, ==, 1);

  close_window (window);
}

/* The text of every label the results show (mapped: on the page shown,
 * in the tab shown), the table's cells included; not a quote's name
 * (CpQuoteName), no job's figure: cut at a word to fit its column, it
 * reads "… 8 × A800 80GB …" in one job's table and whole in another's
 * (present37). */
static void
collect_shown_labels (GtkWidget *widget,
                      GPtrArray *texts)
{
  if (!gtk_widget_get_mapped (widget) || CP_IS_QUOTE_NAME (widget))
    return;
  if (GTK_IS_LABEL (widget) && *gtk_label_get_label (GTK_LABEL (widget)) != '\0')
    g_ptr_array_add (texts, g_strdup (gtk_label_get_label (GTK_LABEL (widget))));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_shown_labels (child, texts);
}

static GPtrArray *
results_labels (CpResultsView *results)
{
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);

  collect_shown_labels (GTK_WIDGET (results), texts);
  return texts;
}

static gboolean
texts_have (GPtrArray  *texts,
            const char *text)
{
  for (guint i = 0; i < texts->len; i++)
    if (g_strcmp0 (g_ptr_array_index (texts, i), text) == 0)
      return TRUE;
  return FALSE;
}

/* The texts of @a with a figure in them that @b does not show. */
static GPtrArray *
figures_only_in (GPtrArray *a,
                 GPtrArray *b)
{
  GPtrArray *only = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < a->len; i++)
    {
      const char *text = g_ptr_array_index (a, i);

      /* A bare number is a row's rank, no job's figure: the rank column
       * may show for a frame as a service's wider table comes, before
       * the table goes without it again (cp-results-view-table.c). */
      if (strspn (text, "0123456789") == strlen (text))
        continue;
      /* Nor a Nodes cell's GPU count ("8 GPUs"): GTK 4.8 drops the cells
       * of a column the table goes without, and the column comes back
       * for a frame with the next job's own rows as the service's wider
       * table goes. */
      if (g_str_has_suffix (text, " GPUs"))
        continue;
      if (strpbrk (text, "0123456789") != NULL && !texts_have (b, text))
        g_ptr_array_add (only, g_strdup (text));
    }
  return only;
}

/* No label shows one of @forbidden, and the cost chart is of @job_name
 * or says it is calculating. */
static void
assert_shows_none_of (CpResultsView *results,
                      GPtrArray     *forbidden,
                      const char    *job_name)
{
  g_autoptr(GPtrArray) texts = results_labels (results);
  const CpChartData *cost = cp_chart_view_get_data (cp_results_view_get_chart (results, CP_CHART_COST));

  for (guint i = 0; i < texts->len; i++)
    if (texts_have (forbidden, g_ptr_array_index (texts, i)))
      g_error ("the results show the figures of the job before: “%s”", (const char *) g_ptr_array_index (texts, i));
  if (cost != NULL)
    g_assert_nonnull (strstr (cost->title, job_name));
  else
    g_assert_true (cp_chart_view_get_calculating (cp_results_view_get_chart (results, CP_CHART_COST)));
}

/* Selects job @to, as a click on its row does, and checks the results at
 * every turn of the main loop until its analysis (the verdict, then the
 * paragraphs and the charts from the worker) has arrived: none shows a
 * figure only job @from had; at the end they are job @to's (@to_texts,
 * and the verdict of its plan worked out here). */
static int
compare_texts (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static void
switch_job_checking (CpWindow  *window,
                     guint      from,
                     GPtrArray *from_texts,
                     guint      to,
                     GPtrArray *to_texts)
{
  CpResultsView *results = cp_window_get_results_view (window);
  CpProject *project = cp_window_get_project (window);
  const char *to_name = ((CpJob *) g_ptr_array_index (project->jobs, to))->name;
  g_autoptr(GPtrArray) forbidden = figures_only_in (from_texts, to_texts);
  g_autoptr(CpPlan) expected = plan_for (project, to);
  g_autoptr(CpPlan) previous = plan_for (project, from);
  g_autoptr(GPtrArray) at_rest = NULL;
  guint turns = 0;

  /* The two jobs differ in figures, else the test would prove nothing. */
  g_assert_cmpuint (forbidden->len, >, 3);

  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), (int) to));
  /* Before any turn of the loop: the frame GTK may paint next. */
  g_assert_null (cp_results_view_get_plan (results));
  g_assert_cmpstr (cp_results_view_get_verdict_text (results), !=, cp_words_plan_verdict (previous));
  assert_shows_none_of (results, forbidden, to_name);
  while (cp_results_view_get_update_pending (results))
    {
      g_main_context_iteration (NULL, TRUE);
      assert_shows_none_of (results, forbidden, to_name);
      if (++turns > MAX_TURNS_TO_IDLE)
        g_error ("job %u's analysis did not arrive in %d turns", to, MAX_TURNS_TO_IDLE);
    }
  spin ();

  g_assert_cmpstr (cp_results_view_get_verdict_text (results), ==, cp_words_plan_verdict (expected));
  g_assert_nonnull (strstr (cp_chart_view_get_data (cp_results_view_get_chart (results, CP_CHART_COST))->title, to_name));
  at_rest = results_labels (results);
  /* The same texts as the job's own at rest, in whatever order the
   * widgets hold them: a table column that goes and comes back keeps its
   * place on screen but not among its row's children. */
  g_ptr_array_sort (at_rest, compare_texts);
  g_ptr_array_sort (to_texts, compare_texts);
  g_assert_cmpuint (at_rest->len, ==, to_texts->len);
  for (guint i = 0; i < to_texts->len; i++)
    g_assert_cmpstr (g_ptr_array_index (at_rest, i), ==, g_ptr_array_index (to_texts, i));
}

/* Walkthrough 9: switching jobs showed the previous job's verdict and
 * chart for seconds, and once the new job's headline over the old one's
 * range sentence. The results show what is not yet calculated for the
 * job selected as calculating, never another job's figures; an edit of
 * the job shown does not leave the sentence of its previous revision. */
void
test_window_switch_shows_no_stale_figures (void)
{
  CpWindow *window = open_demo_window ();
  CpResultsView *results = cp_window_get_results_view (window);
  CpProject *project = cp_window_get_project (window);
  guint training = first_training_job (project);
  guint service = G_MAXUINT;
  g_autoptr(GPtrArray) training_texts = NULL;
  g_autoptr(GPtrArray) service_texts = NULL;
  g_autofree char *robustness_before = NULL;
  CpJob *job;

  for (guint i = 0; i < project->jobs->len && service == G_MAXUINT; i++)
    if (((CpJob *) g_ptr_array_index (project->jobs, i))->kind == CP_TASK_INFERENCE)
      service = i;
  g_assert_cmpuint (service, <, project->jobs->len);

  /* Each job's results at rest, the cost chart in view. */
  select_row (cp_window_get_jobs_list (window), training);
  wait_results (results);
  spin ();
  training_texts = results_labels (results);
  select_row (cp_window_get_jobs_list (window), service);
  wait_results (results);
  spin ();
  service_texts = results_labels (results);

  /* Back and forth, kept or not in the analysis. */
  switch_job_checking (window, service, service_texts, training, training_texts);
  switch_job_checking (window, training, training_texts, service, service_texts);
  switch_job_checking (window, service, service_texts, training, training_texts);

  /* An edit of the job shown: the line whether the verdict holds is of
   * the revision before until it is worded again. */
  job = g_ptr_array_index (project->jobs, training);
  robustness_before = g_strdup (gtk_label_get_label (GTK_LABEL (
    cp_test_gui_find_named (GTK_WIDGET (results), "robustness"))));
  g_assert_cmpstr (robustness_before, !=, "");
  gtk_editable_set_text (GTK_EDITABLE (cp_field_row_get_input (cp_job_editor_get_row (cp_window_get_job_editor (window),
                                                                                    "tokens"))), "2T");
  g_signal_emit_by_name (cp_field_row_get_input (cp_job_editor_get_row (cp_window_get_job_editor (window), "tokens")),
                         "activate");
  g_assert_cmpfloat (job->tokens, ==, 2e12);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (cp_test_gui_find_named (GTK_WIDGET (results), "robustness"))),
                   !=, robustness_before);
  {
    guint turns = 0;

    while (cp_results_view_get_update_pending (results))
      {
        g_main_context_iteration (NULL, TRUE);
        g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (cp_test_gui_find_named (GTK_WIDGET (results), "robustness"))),
                         !=, robustness_before);
        if (++turns > MAX_TURNS_TO_IDLE)
          g_error ("the edit's analysis did not arrive in %d turns", MAX_TURNS_TO_IDLE);
      }
  }
  {
    g_autoptr(CpPlan) after_edit = plan_for (project, training);
    const char *robustness = gtk_label_get_label (GTK_LABEL (cp_test_gui_find_named (GTK_WIDGET (results), "robustness")));

    /* 2T tokens cost more than the demo's: the range is worded anew. */
    g_assert_cmpstr (robustness, !=, robustness_before);
    g_assert_cmpstr (robustness, !=, "");
    g_assert_false (gtk_widget_has_css_class (cp_test_gui_find_named (GTK_WIDGET (results), "robustness"), "dim-label"));
    g_assert_cmpstr (cp_results_view_get_verdict_text (results), ==, cp_words_plan_verdict (after_edit));
  }

  close_window (window);
}

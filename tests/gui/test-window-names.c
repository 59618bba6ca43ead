/* test-window-names.c: the window in a meeting room (issue 26), through
 * its widgets: a quote's name in the sidebar keeps its GPU in sight at
 * 1024 px, its vendor shortened by the legal form and gloss, the whole
 * name in the tooltip; the quote form's fabric preset follows the
 * network rows; a deadline of one day reads "1 day"; a job just added
 * asks to be described before any plan of the form's examples. */
#include "config.h"

#include <adwaita.h>
#include <locale.h>
#include <string.h>

#include "cp-test-gui.h"
#include "gui/cp-field-row.h"
#include "gui/cp-job-editor.h"
#include "gui/cp-picker-row.h"
#include "gui/cp-quote-editor.h"
#include "gui/cp-quote-name.h"
#include "gui/cp-results-view.h"
#include "gui/cp-window-private.h"

static CpApplication *app;

static void
select_row (GtkListBox *list,
            int         index)
{
  gtk_list_box_select_row (list, gtk_list_box_get_row_at_index (list, index));
  cp_test_gui_spin ();
}

/* The sidebar's title of quote @index: a CpQuoteName for a quote. */
static GtkWidget *
quote_title (CpWindow *window,
             int       index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), index);
  GtkWidget *box = gtk_list_box_row_get_child (row);

  return g_object_get_data (G_OBJECT (box), "title");
}

static gboolean
flap_revealed (gpointer flap)
{
  return adw_flap_get_reveal_flap (flap);
}

/* @name shows its vendor @vendor whole, or its first words with an
 * ellipsis, or its first word: cut between words, never inside one, and
 * not cut by Pango (walk37 F7: "Huaw… scend 910B2 64GB"). */
static void
assert_vendor_words (CpQuoteName *name,
                     const char  *vendor)
{
  GtkLabel *shown = cp_quote_name_get_vendor (name);
  const char *text = gtk_label_get_label (shown);
  gsize length = g_str_has_suffix (text, "…") ? strlen (text) - strlen ("…") : strlen (text);

  g_test_message ("vendor shown: “%s”", text);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (shown)));
  g_assert_true (strncmp (vendor, text, length) == 0);
  g_assert_true (vendor[length] == '\0' || vendor[length] == ' ');
}

/* walk37 F7: "SZ GP… — 8x H20 141GB bare-metal" and "Huaw… scend 910B2
 * 64GB", cut inside words with room to spare. At every width from its
 * least to its natural one, a vendor of words shows whole, or cut after
 * a word with an ellipsis ("SZ GPU…"), or its first word beside the
 * offer cut after a word ("SZ…H20 141GB bare-metal"); the offer whole
 * while the vendor can still give way; whole at its natural width. */
static void
test_quote_name_cut_at_words (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *name = cp_quote_name_new ();
  const char *offer = " — 8x H20 141GB bare-metal";
  int least, natural, height;

  cp_quote_name_set_text (CP_QUOTE_NAME (name), "SZ GPU Cloud — 8x H20 141GB bare-metal");
  gtk_window_set_child (GTK_WINDOW (window), name);
  gtk_window_present (GTK_WINDOW (window));
  cp_test_gui_wait_frames (name, 2);
  gtk_widget_measure (name, GTK_ORIENTATION_HORIZONTAL, -1, &least, &natural, NULL, NULL);
  gtk_widget_measure (name, GTK_ORIENTATION_VERTICAL, -1, &height, NULL, NULL, NULL);
  g_assert_cmpint (least, <, natural);
  for (int width = least; width <= natural; width++)
    {
      GtkLabel *rest;
      const char *vendor_shown, *rest_shown;

      gtk_widget_size_allocate (name, &(GtkAllocation) { 0, 0, width, height }, -1);
      rest = cp_quote_name_get_rest (CP_QUOTE_NAME (name));
      vendor_shown = gtk_label_get_label (cp_quote_name_get_vendor (CP_QUOTE_NAME (name)));
      rest_shown = gtk_label_get_label (rest);
      assert_vendor_words (CP_QUOTE_NAME (name), "SZ GPU Cloud");
      /* Pango cuts only its last word, narrower than that word. */
      if (pango_layout_is_ellipsized (gtk_label_get_layout (rest)))
        {
          g_assert_cmpstr (rest_shown, ==, "…bare-metal");
          continue;
        }
      if (g_str_equal (rest_shown, offer))
        continue;
      /* The offer cut only beside the vendor's first word, after a word
       * of its own. */
      g_assert_cmpstr (vendor_shown, ==, "SZ");
      g_assert_true (g_str_has_prefix (rest_shown, "…"));
      g_assert_nonnull (strstr (offer, rest_shown + strlen ("…")));
      g_assert_true (strstr (offer, rest_shown + strlen ("…"))[-1] == ' ');
    }
  g_assert_cmpstr (gtk_label_get_label (cp_quote_name_get_vendor (CP_QUOTE_NAME (name))), ==, "SZ GPU Cloud");
  g_assert_cmpstr (gtk_label_get_label (cp_quote_name_get_rest (CP_QUOTE_NAME (name))), ==, offer);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The demo's first quote is vendor A's only one, a machine of 8 RTX 4090
 * (data/demo/demo-project.ini; data/catalog/gpus.ini names the GPU
 * "NVIDIA GeForce RTX 4090 24GB"). At 1024 px the sidebar showed
 * "示例供应商 A (Example v…", no GPU; then "示例供应…rce RTX 4090 24GB",
 * cut inside "GeForce" (issue 26); now the vendor without its gloss,
 * then the GPU model without the maker's word and product line, whole. */
static void
test_sidebar_keeps_gpu (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  GtkWidget *title;
  GtkLabel *rest;

  cp_test_gui_resize_window (window, 1024, 700);
  /* Folded at 1024 px behind the header bar's button, F9's action. */
  if (!adw_flap_get_reveal_flap (window->flap))
    g_action_group_activate_action (G_ACTION_GROUP (window), "toggle-sidebar", NULL);
  cp_test_gui_wait_until (flap_revealed, window->flap, "the sidebar shown");
  title = quote_title (window, 0);
  g_assert_true (CP_IS_QUOTE_NAME (title));
  cp_test_gui_wait_frames (title, 3);
  g_assert_cmpstr (cp_quote_name_get_text (CP_QUOTE_NAME (title)), ==, "示例供应商 A — RTX 4090 24GB");
  rest = cp_quote_name_get_rest (CP_QUOTE_NAME (title));
  g_assert_true (g_str_has_suffix (gtk_label_get_label (rest), "RTX 4090 24GB"));
  g_assert_true (gtk_widget_get_child_visible (GTK_WIDGET (rest)));
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (rest)));
  /* Its vendor cut between words, never inside one (walk37 F7). */
  assert_vendor_words (CP_QUOTE_NAME (title), "示例供应商 A");
  /* The whole name on hover: the vendor as typed, gloss and all. */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (title), ==, "示例供应商 A (Example vendor A)");
  /* Vendor D's H800 cluster (gpus.ini: "NVIDIA H800 SXM 80GB"): its GPU
   * shows whole in the 1024-px sidebar, the vendor's end cut first. */
  title = quote_title (window, 3);
  g_assert_cmpstr (cp_quote_name_get_text (CP_QUOTE_NAME (title)), ==, "示例供应商 D — H800 SXM 80GB");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (title), ==, "示例供应商 D (Example vendor D)");
  rest = cp_quote_name_get_rest (CP_QUOTE_NAME (title));
  g_assert_true (g_str_has_suffix (gtk_label_get_label (rest), "H800 SXM 80GB"));
  g_assert_true (gtk_widget_get_child_visible (GTK_WIDGET (rest)));
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (rest)));
  assert_vendor_words (CP_QUOTE_NAME (title), "示例供应商 D");
  /* Every quote's row: no gloss left ("(Example vendor …"). */
  for (int i = 0; gtk_list_box_get_row_at_index (cp_window_get_quotes_list (window), i) != NULL; i++)
    g_assert_null (strstr (cp_quote_name_get_text (CP_QUOTE_NAME (quote_title (window, i))), "(Example"));

  cp_test_gui_close_window (window);
}

/* The trial's machine named short in its picker ("8 × GeForce RTX 4090
 * 24GB · 示例供应商 A — …"), and its tooltip the short name again: the
 * whole name was nowhere on hover (issue 26). The tooltip has the GPU
 * with its maker and the vendor as typed (data/demo/demo-project.ini:
 * quote q-4090, vendor "示例供应商 A (Example vendor A)", offer "8 × RTX
 * 4090 容器实例", 8 GPUs per node of data/catalog/gpus.ini's "NVIDIA
 * GeForce RTX 4090 24GB"). */
static void
test_trial_picker_whole_name (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpPickerRow *trial_quote;
  GtkDropDown *drop_down;
  GtkWidget *button;

  cp_test_gui_resize_window (window, 1024, 700);
  cp_test_gui_show_job (window, 0);
  trial_quote = cp_job_editor_get_trial_quote_row (cp_window_get_job_editor (window));
  drop_down = cp_picker_row_get_drop_down (trial_quote);
  button = gtk_widget_get_first_child (GTK_WIDGET (drop_down));
  /* Entry 1 is the demo's first quote; 0 is "Not measured". */
  gtk_drop_down_set_selected (drop_down, 1);
  cp_test_gui_spin ();
  g_assert_cmpstr (cp_picker_row_get_selected_id (trial_quote), ==, "q-4090");
  g_assert_cmpstr (cp_picker_row_get_selected_label (trial_quote), ==,
                   "8 × GeForce RTX 4090 24GB · 示例供应商 A — 8 × RTX 4090 容器实例");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==,
                   "8 × NVIDIA GeForce RTX 4090 24GB · 示例供应商 A (Example vendor A) — 8 × RTX 4090 容器实例");
  /* The picker whose names are whole keeps them as its tooltip. */
  gtk_drop_down_set_selected (drop_down, 0);
  cp_test_gui_spin ();
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Not measured");

  cp_test_gui_close_window (window);
}

static guint
preset_index (AdwComboRow *fabric,
              const char  *label)
{
  GListModel *labels = adw_combo_row_get_model (fabric);

  for (guint i = 0; i < g_list_model_get_n_items (labels); i++)
    {
      g_autoptr(GtkStringObject) item = g_list_model_get_item (labels, i);

      if (g_str_equal (gtk_string_object_get_string (item), label))
        return i;
    }
  g_error ("no fabric preset “%s”", label);
}

static const char *
preset_shown (AdwComboRow *fabric)
{
  return gtk_string_object_get_string (GTK_STRING_OBJECT (adw_combo_row_get_selected_item (fabric)));
}

static const char *
row_text (CpQuoteEditor *editor,
          const char    *key)
{
  return gtk_editable_get_text (GTK_EDITABLE (cp_field_row_get_input (cp_quote_editor_get_row (editor, key))));
}

/* A preset chosen fills the NICs and their rate; a NIC count typed
 * shows the preset it makes, or "Custom" where none has it, and the
 * quote shown again shows what matches its rows. */
static void
test_fabric_preset_follows_rows (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpQuoteEditor *editor = cp_window_get_quote_editor (window);
  AdwComboRow *fabric = cp_quote_editor_get_network_preset_row (editor);
  int quote_index;
  guint roce_4x200;

  cp_test_gui_add_quote (window);
  quote_index = (int) cp_window_get_project (window)->quotes->len - 1;
  cp_test_gui_type_text (cp_quote_editor_get_row (editor, "nodes-available"), "4");
  roce_4x200 = preset_index (fabric, "4 × 200 Gb/s RoCE");

  adw_combo_row_set_selected (fabric, roce_4x200);
  cp_test_gui_spin ();
  g_assert_cmpstr (row_text (editor, "nics-per-node"), ==, "4");
  g_assert_cmpstr (row_text (editor, "nic-gbps"), ==, "200");

  /* 8 NICs at 200 Gb/s is a preset of its own, shown as such. */
  cp_test_gui_type_text (cp_quote_editor_get_row (editor, "nics-per-node"), "8");
  g_assert_cmpstr (preset_shown (fabric), ==, "8 × 200 Gb/s RoCE");
  /* No preset has 6 NICs. */
  cp_test_gui_type_text (cp_quote_editor_get_row (editor, "nics-per-node"), "6");
  g_assert_cmpstr (preset_shown (fabric), ==, "Custom");
  cp_test_gui_type_text (cp_quote_editor_get_row (editor, "nics-per-node"), "4");
  g_assert_cmpuint (adw_combo_row_get_selected (fabric), ==, roce_4x200);

  /* Shown again: 6 NICs match no preset, 4 the one they were. */
  cp_test_gui_type_text (cp_quote_editor_get_row (editor, "nics-per-node"), "6");
  select_row (cp_window_get_quotes_list (window), 0);
  select_row (cp_window_get_quotes_list (window), quote_index);
  g_assert_cmpstr (row_text (editor, "nics-per-node"), ==, "6");
  g_assert_cmpstr (preset_shown (fabric), ==, "Custom");
  cp_test_gui_type_text (cp_quote_editor_get_row (editor, "nics-per-node"), "4");
  select_row (cp_window_get_quotes_list (window), 0);
  select_row (cp_window_get_quotes_list (window), quote_index);
  g_assert_cmpuint (adw_combo_row_get_selected (fabric), ==, roce_4x200);

  cp_test_gui_close_window (window);
}

/* "1 days" beside a deadline of one day read as a typo (issue 26). */
static void
test_one_day (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpFieldRow *deadline;

  cp_test_gui_show_job (window, 0);
  deadline = cp_job_editor_get_row (cp_window_get_job_editor (window), "deadline-days");
  cp_test_gui_type_text (deadline, "1");
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (deadline), "day", CP_TEST_GUI_TEXT_WHOLE));
  g_assert_null (cp_test_gui_find_with_text (GTK_WIDGET (deadline), "days", CP_TEST_GUI_TEXT_WHOLE));
  cp_test_gui_type_text (deadline, "2");
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (deadline), "days", CP_TEST_GUI_TEXT_WHOLE));
  /* A fraction takes the plural, as in "1.5 days". */
  cp_test_gui_type_text (deadline, "1.5");
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (deadline), "days", CP_TEST_GUI_TEXT_WHOLE));

  cp_test_gui_close_window (window);
}

static gboolean
results_page_shown (gpointer results)
{
  return g_strcmp0 (cp_results_view_get_page (results), "results") == 0;
}

/* The button of the results' "Describe This Job" page that reads @label. */
static GtkWidget *
describe_button (CpResultsView *results,
                 const char    *label)
{
  GtkWidget *text = cp_test_gui_find_with_text (GTK_WIDGET (results), label, CP_TEST_GUI_TEXT_VISIBLE);

  g_assert_nonnull (text);
  return gtk_widget_get_ancestor (text, GTK_TYPE_BUTTON);
}

/* Whether the keyboard is in @input (its GtkText, for an entry). */
static gboolean
focus_within (gpointer input)
{
  GtkWidget *focus = gtk_root_get_focus (gtk_widget_get_root (input));

  return focus != NULL && (focus == input || gtk_widget_is_ancestor (focus, input));
}

/* Add Job planned the form's examples (100B tokens of pre-training,
 * cp_job_init()) as if they were the team's job, its verdict beside a
 * name not yet typed (issue 26). It asks what to type until the job's
 * defining figure is the user's: a training job's tokens, a service's
 * requests. */
static void
test_new_job_asks_to_be_described (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpResultsView *results = cp_window_get_results_view (window);
  CpJobEditor *editor = cp_window_get_job_editor (window);
  GtkWidget *button;

  cp_test_gui_resize_window (window, 1024, 700);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.add-job", NULL));
  cp_test_gui_spin ();
  g_assert_cmpstr (cp_results_view_get_page (results), ==, "describe-job");
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (results), "Describe This Job", CP_TEST_GUI_TEXT_VISIBLE));
  g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (results), "type how many tokens it trains on",
                                                CP_TEST_GUI_TEXT_VISIBLE | CP_TEST_GUI_TEXT_PART));
  /* Its button goes to the field to type. */
  button = describe_button (results, "Type the _Training Tokens");
  g_assert_true (gtk_widget_activate (button));
  cp_test_gui_wait_until (focus_within, cp_field_row_get_input (cp_job_editor_get_row (editor, "tokens")),
                          "the tokens field focused");

  /* The tokens typed, even the example's own: the plan. */
  cp_test_gui_type_text (cp_job_editor_get_row (editor, "tokens"), "100B");
  cp_test_gui_wait_until (results_page_shown, results, "the plan of the job described");
  cp_test_gui_wait_results (results);

  /* A service: its requests are what it is, and they are examples yet. */
  cp_test_gui_pick_kind (window, CP_TASK_INFERENCE);
  g_assert_cmpstr (cp_results_view_get_page (results), ==, "describe-job");
  button = describe_button (results, "Type the _Concurrent Requests");
  g_assert_true (gtk_widget_activate (button));
  cp_test_gui_wait_until (focus_within, cp_field_row_get_input (cp_job_editor_get_row (editor, "concurrency")),
                          "the concurrency field focused");
  cp_test_gui_type_text (cp_job_editor_get_row (editor, "concurrency"), "50");
  cp_test_gui_wait_until (results_page_shown, results, "the plan of the service described");

  /* A job of the file, whose figures differ from the examples, shows its
   * plan as before. */
  cp_test_gui_show_job (window, 0);
  cp_test_gui_wait_until (results_page_shown, results, "the plan of the demo's first job");

  cp_test_gui_close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  /* As the application's main() does: LANGUAGE counts outside the C locale. */
  setlocale (LC_ALL, "");
  app = cp_test_gui_init (&argc, &argv, "gui-names");

  g_test_add_func ("/gui/window-names/sidebar-keeps-gpu", test_sidebar_keeps_gpu);
  g_test_add_func ("/gui/window-names/quote-name-cut-at-words", test_quote_name_cut_at_words);
  g_test_add_func ("/gui/window-names/trial-picker-whole-name", test_trial_picker_whole_name);
  g_test_add_func ("/gui/window-names/fabric-preset-follows-rows", test_fabric_preset_follows_rows);
  g_test_add_func ("/gui/window-names/one-day", test_one_day);
  g_test_add_func ("/gui/window-names/new-job-asks-to-be-described", test_new_job_asks_to_be_described);
  return cp_test_gui_run_then_free (&app);
}

/* test-window-room-change.c: the window in a meeting room (issue 26),
 * what an edit changed: said under the recommendation until the next
 * edit, in the window and in present mode, with the answer before it
 * read as old while the new one is worked out (walk41 F14, walk41b
 * F12). Registered by test-window-room.c's main(). */

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "cp-test-gui.h"
#include "gui/cp-quote-editor.h"
#include "gui/cp-window-private.h"
#include "report/cp-reason-text.h"
#include "test-window-room.h"

/* The demo's quote of @vendor_prefix, by its index. */
static guint
quote_of_vendor (CpProject  *project,
                 const char *vendor_prefix)
{
  for (guint i = 0; i < project->quotes->len; i++)
    if (g_str_has_prefix (((CpQuote *) g_ptr_array_index (project->quotes, i))->vendor, vendor_prefix))
      return i;
  g_error ("the demo has no quote of %s", vendor_prefix);
}

/* Quote @index in the form, as a click in the sidebar shows it; the
 * results keep the job shown. */
static void
show_quote (CpWindow *window,
            guint     index)
{
  GtkListBox *quotes = cp_window_get_quotes_list (window);

  gtk_list_box_select_row (quotes, gtk_list_box_get_row_at_index (quotes, index));
  cp_test_gui_spin ();
}

/* The quote form's price, typed and committed (Enter), as a user does;
 * then, before the main loop runs the update, whether the answer shown
 * still reads as current. */
static void
type_price_check_old (CpWindow   *window,
                      const char *price,
                      const char *old_total)
{
  CpFieldRow *row = cp_quote_editor_get_row (cp_window_get_quote_editor (window), "price");
  GtkWidget *results = GTK_WIDGET (cp_window_get_results_view (window));
  GtkWidget *summary = cp_test_gui_find_named (results, "summary");
  GtkWidget *change = cp_test_gui_find_named (results, "change");

  gtk_editable_set_text (GTK_EDITABLE (cp_field_row_get_input (row)), price);
  g_signal_emit_by_name (cp_field_row_get_input (row), "activate");
  /* walk41b F12: the old total stayed in full colour beside
   * "Calculating…", as if it were the new one. It is dimmed, or gone,
   * and so is the line of the edit before. */
  if (strstr (gtk_label_get_label (GTK_LABEL (summary)), old_total) != NULL)
    g_assert_true (gtk_widget_has_css_class (summary, "cp-old"));
  g_assert_true (!gtk_widget_get_visible (change) || gtk_widget_has_css_class (change, "cp-old"));
  cp_test_gui_wait_details (window);
  g_assert_false (gtk_widget_has_css_class (summary, "cp-old"));
  g_assert_false (gtk_widget_has_css_class (change, "cp-old"));
}

/* The demo's 70B full fine-tune recommends 示例供应商 G at 9,984 CNY in
 * 8.0 days; its runner-up is E at 10,669 CNY (test-window-agree
 * /margin-as-memo). G bills its GPU-hours with no minimum term, so its
 * total follows its price: at 5 % more, 9,984 × 1.05 = 10,483.2, still
 * under E, the recommendation stays and the line says the total moved;
 * at twice G's price, 19,968 > 10,669, E is recommended and the line
 * says from which to which. The line stays until the next edit, in
 * present mode too, and goes with another job. */
void
test_edit_says_what_changed (void)
{
  CpWindow *window = demo_window_sized (1600, 1000);
  CpProject *project = cp_window_get_project (window);
  GtkWidget *results = GTK_WIDGET (cp_window_get_results_view (window));
  GtkWidget *change = cp_test_gui_find_named (results, "change");
  GtkWidget *summary = cp_test_gui_find_named (results, "summary");
  guint g = quote_of_vendor (project, "示例供应商 G");
  guint e = quote_of_vendor (project, "示例供应商 E");
  g_autofree char *g_name = cp_words_quote_name (project, (int) g);
  g_autofree char *e_name = cp_words_quote_name (project, (int) e);
  double g_price = ((CpQuote *) g_ptr_array_index (project->quotes, g))->price;
  g_autofree char *price_up = g_strdup_printf ("%.6g", g_price * 1.05);
  g_autofree char *price_double = g_strdup_printf ("%.6g", g_price * 2);
  g_autofree char *expected = NULL;
  g_autofree char *flipped = NULL;
  g_autofree char *before_flip = NULL;

  cp_test_gui_select_job (window, 0);
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (summary)), "9,984 CNY in total, 8.0 days"));
  /* Nothing edited yet: nothing to say. */
  g_assert_false (gtk_widget_get_visible (change));

  show_quote (window, g);
  type_price_check_old (window, price_up, "9,984 CNY");
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (summary)), "10,483 CNY in total, 8.0 days"));
  g_assert_true (gtk_widget_get_mapped (change));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (change)), ==,
                   "Changed: total 9,984 CNY → 10,483 CNY; the recommendation did not change.");

  /* Present mode: the same line, under the recommendation, on the first
   * screen. */
  present_at_width (window, 1600);
  cp_test_gui_wait_frames (results, 3);
  g_assert_true (gtk_widget_get_mapped (change));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (change)), ==,
                   "Changed: total 9,984 CNY → 10,483 CNY; the recommendation did not change.");
  {
    GtkWidget *page = gtk_widget_get_ancestor (change, GTK_TYPE_SCROLLED_WINDOW);
    graphene_rect_t change_bounds, summary_bounds;

    g_assert_true (gtk_widget_compute_bounds (change, page, &change_bounds));
    g_assert_true (gtk_widget_compute_bounds (summary, page, &summary_bounds));
    g_assert_cmpfloat (change_bounds.origin.y, >=, summary_bounds.origin.y + summary_bounds.size.height);
    g_assert_cmpfloat (change_bounds.origin.y + change_bounds.size.height, <=, gtk_widget_get_height (page));
  }
  g_action_group_change_action_state (G_ACTION_GROUP (window), "present", g_variant_new_boolean (FALSE));
  cp_test_gui_wait_frames (results, 3);

  /* Twice G's price: E wins, the line names both, with the figures each
   * had. */
  show_quote (window, g);
  type_price_check_old (window, price_double, "10,483 CNY");
  before_flip = g_strdup_printf ("Changed: the recommendation, from %s, 1 node (10,483 CNY, 8.0 days) to %s, 1 node "
                                 "(10,669 CNY, ", g_name, e_name);
  flipped = g_strdup (gtk_label_get_label (GTK_LABEL (change)));
  g_test_message ("%s", flipped);
  if (!g_str_has_prefix (flipped, before_flip))
    g_error ("the change line reads “%s”", flipped);
  g_assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (summary)), "Recommended: "));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (summary)), e_name));

  /* Back to G's own price by Undo, an edit too: G again, at 9,984. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  cp_test_gui_wait_details (window);
  expected = g_strdup_printf ("to %s, 1 node (9,984 CNY, 8.0 days).", g_name);
  if (!g_str_has_suffix (gtk_label_get_label (GTK_LABEL (change)), expected))
    g_error ("after Undo the change line reads “%s”", gtk_label_get_label (GTK_LABEL (change)));

  /* Another job: nothing of its own changed. */
  cp_test_gui_select_job (window, 1);
  g_assert_false (gtk_widget_get_visible (change));
  /* And back: its line went with it, as did the edit it spoke of. */
  cp_test_gui_select_job (window, 0);
  g_assert_false (gtk_widget_get_visible (change));
  cp_test_gui_close_window (window);
}

/* test-window-room-table.c: the Quotes Compared table at 1024 × 700
 * (walk36 F9: "Loca…cend 910B server", and a service's Tokens/s column
 * behind a sideways scrollbar) and on a 1,880 px window, for the demo's
 * training job and its service, in the language the test runs in.
 * Through the widgets: the window's size, a job row selected in the
 * sidebar, the table's scrolled window and labels as laid out.
 * Registered by test-window-room.c's main(). */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "cp-test-gui.h"
#include "gui/cp-option-object.h"
#include "gui/cp-quote-name.h"
#include "gui/cp-results-view.h"
#include "gui/cp-window.h"
#include "test-window-room.h"

/* The job of @kind in the demo: its first training job, its service. */
static guint
demo_job_of_kind (CpProject *project,
                  gboolean   service)
{
  for (guint i = 0; i < project->jobs->len; i++)
    if ((((CpJob *) g_ptr_array_index (project->jobs, i))->kind == CP_TASK_INFERENCE) == service)
      return i;
  g_assert_not_reached ();
}

/* Its columns settled: no update, column fold or refit to come, the pane
 * laid out. */
static gboolean
table_settled (gpointer user_data)
{
  CpWindow *window = user_data;
  CpResultsView *results = cp_window_get_results_view (window);

  return !cp_results_view_get_update_pending (results) && gtk_adjustment_get_page_size (sideways_of (window)) > 0 &&
         g_list_model_get_n_items (cp_results_view_get_options (results)) > 0;
}

/* Shows job @job at @width_px × @height_px, its table settled. */
static void
show_job_at (CpWindow *window,
             guint     job,
             int       width_px,
             int       height_px)
{
  gtk_window_set_default_size (GTK_WINDOW (window), width_px, height_px);
  gtk_list_box_select_row (cp_window_get_jobs_list (window),
                           gtk_list_box_get_row_at_index (cp_window_get_jobs_list (window), (int) job));
  cp_test_gui_wait_results (cp_window_get_results_view (window));
  cp_test_gui_wait_until (table_settled, window, "the table's columns settled");
  cp_test_gui_wait_frames (GTK_WIDGET (table_of (window)), 3);
  cp_test_gui_wait_until (table_settled, window, "the table's columns settled after two frames");
}

/* No sideways scrolling, and every Quote cell's GPU line whole; its
 * vendor line too when @vendor_whole. At 1024 × 700 the demo's training
 * table with its cells whole is 698 px (685 in Chinese) in a 607 px pane
 * with only its decisive columns left, its service's 651 px: the vendor
 * line ("示例供应商 G — A800 集群（带宽与存储未说明）") is what gives way,
 * whole in the cell's tooltip. */
static void
assert_table_fits_whole (CpWindow *window,
                         gboolean  vendor_whole)
{
  GtkAdjustment *sideways = sideways_of (window);
  GtkWidget *scroller = gtk_widget_get_parent (GTK_WIDGET (table_of (window)));
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  guint gpus = 0, vendors = 0;

  int natural_px;

  gtk_widget_measure (GTK_WIDGET (table_of (window)), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural_px, NULL, NULL);
  g_test_message ("table %.0f px (its cells whole: %d px) in a pane of %.0f px", gtk_adjustment_get_upper (sideways),
                  natural_px, gtk_adjustment_get_page_size (sideways));
  g_assert_cmpfloat (gtk_adjustment_get_upper (sideways), <=, gtk_adjustment_get_page_size (sideways));
  g_assert_false (gtk_widget_get_mapped (gtk_scrolled_window_get_hscrollbar (GTK_SCROLLED_WINDOW (scroller))));

  cp_test_gui_collect (GTK_WIDGET (table_of (window)), GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *label = g_ptr_array_index (labels, i);

      if (g_strcmp0 (gtk_widget_get_name (label), "quote-gpu") != 0 || !gtk_widget_get_mapped (label))
        continue;
      g_test_message ("GPU line: %s", gtk_label_get_label (GTK_LABEL (label)));
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
      gpus++;
    }
  cp_test_gui_collect (GTK_WIDGET (table_of (window)), CP_TYPE_QUOTE_NAME, names);
  for (guint i = 0; i < names->len; i++)
    {
      CpQuoteName *name = g_ptr_array_index (names, i);

      if (!gtk_widget_get_mapped (GTK_WIDGET (name)))
        continue;
      g_test_message ("vendor line: %s", cp_quote_name_get_text (name));
      /* The vendor and its offer whole where the pane has room for the
       * table's cells whole; else CpQuoteName cuts them. */
      if (vendor_whole)
        {
          g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (cp_quote_name_get_vendor (name))));
          g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (cp_quote_name_get_rest (name))));
        }
      vendors++;
    }
  /* A row an option, every one on screen. */
  g_assert_cmpuint (gpus, ==, g_list_model_get_n_items (cp_results_view_get_options (cp_window_get_results_view (window))));
  g_assert_cmpuint (vendors, ==, gpus);
}

/* The words of the rows' cells as a wide table shows them: @column of
 * each row, by rank. */
static GPtrArray *
column_words (CpWindow     *window,
              CpOptionText  column)
{
  GListModel *options = cp_results_view_get_options (cp_window_get_results_view (window));
  GPtrArray *words = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < g_list_model_get_n_items (options); i++)
    {
      g_autoptr(CpOptionObject) row = g_list_model_get_item (options, i);

      g_ptr_array_add (words, g_strdup (cp_option_object_get_text (row, column)));
    }
  return words;
}

/* A column folded away at 1024 px still has its words on each row, in
 * the row's details (its ⋮ button's popover) after @title, as the wide
 * table's cell (@wide) read them. */
static void
assert_in_details (CpWindow   *window,
                   const char *column_title,
                   const char *line_title,
                   GPtrArray  *wide)
{
  GListModel *options = cp_results_view_get_options (cp_window_get_results_view (window));

  if (gtk_column_view_column_get_visible (column_titled (window, column_title)))
    return;
  g_test_message ("“%s” folded into the rows' details", column_title);
  for (guint i = 0; i < g_list_model_get_n_items (options); i++)
    {
      g_autoptr(CpOptionObject) row = g_list_model_get_item (options, i);
      g_autofree char *line = g_strdup_printf ("%s%s\n", line_title, (char *) g_ptr_array_index (wide, i));

      g_assert_nonnull (strstr (cp_option_object_get_text (row, CP_OPTION_TEXT_BREAKDOWN), line));
    }
}

/* @text without its spaces. */
static char *
without_spaces (const char *text)
{
  GString *kept = g_string_new (NULL);

  for (const char *c = text; *c != '\0'; c++)
    if (*c != ' ')
      g_string_append_c (kept, *c);
  return g_string_free (kept, FALSE);
}

/* Training job: at 1,880 px every column is shown, the quotes' names
 * whole (the pane is 1,147 px beside the sidebar and the form); at 1024
 * × 700 (a 607 px pane) the table fits without scrolling, the Quote cell
 * whole, the cost, Fits, Deadline and Time in view, and whatever it went
 * without is in each row's details. */
void
test_table_quote_whole_training (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  guint job = demo_job_of_kind (cp_window_get_project (window), FALSE);
  g_autoptr(GPtrArray) techniques = NULL;
  g_autoptr(GPtrArray) nodes = NULL;

  show_job_at (window, job, 1880, 1000);
  assert_table_fits_whole (window, TRUE);
  g_assert_true (gtk_column_view_column_get_visible (column_titled (window, _("Technique"))));
  g_assert_true (gtk_column_view_column_get_visible (column_titled (window, _("Nodes"))));
  g_assert_true (gtk_column_view_column_get_visible (column_titled (window, C_("results table", "#"))));
  techniques = column_words (window, CP_OPTION_TEXT_TECHNIQUE);
  nodes = column_words (window, CP_OPTION_TEXT_NODES_OFFERED);

  show_job_at (window, job, 1024, 700);
  assert_table_fits_whole (window, FALSE);
  g_assert_true (gtk_column_view_column_get_visible (column_titled (window, _("Total cost"))));
  g_assert_true (gtk_column_view_column_get_visible (column_titled (window, _("Fits"))));
  g_assert_true (gtk_column_view_column_get_visible (column_titled (window, _("Deadline"))));
  g_assert_true (gtk_column_view_column_get_visible (column_titled (window, C_("results table", "Time"))));
  /* The details' line titles as the program words them, in the test's language. */
  {
    g_autofree char *format = g_strdup (_("Nodes: %s\nMemory per GPU: %s\nTechnique: %s"));
    g_auto(GStrv) lines = g_strsplit (format, "%s", -1);

    /* "Nodes: ", "\nMemory per GPU: ", "\nTechnique: " */
    g_assert_cmpuint (g_strv_length (lines), ==, 4);
    assert_in_details (window, _("Nodes"), lines[0], nodes);
    assert_in_details (window, _("Technique"), strrchr (lines[2], '\n') + 1, techniques);
  }
  cp_test_gui_close_window (window);
}

/* The service: at 1024 × 700 its price per million output tokens and
 * whether it carries the target stay, the Quote cell whole, no
 * scrolling; its tokens/s per replica and requests served, folded away,
 * are on the row still: in its Serves cell's tooltip and its details,
 * the words the wide table's columns showed. At 1,880 px they are
 * columns again. */
void
test_table_quote_whole_service (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  guint job = demo_job_of_kind (cp_window_get_project (window), TRUE);
  g_autoptr(GPtrArray) throughput = NULL;
  g_autoptr(GPtrArray) served_rows = NULL;
  GListModel *options;
  guint served_cells = 0;

  show_job_at (window, job, 1880, 1000);
  assert_table_fits_whole (window, TRUE);
  g_assert_true (gtk_column_view_column_get_visible (column_titled (window, _("Tokens/s per replica"))));
  throughput = column_words (window, CP_OPTION_TEXT_THROUGHPUT);

  show_job_at (window, job, 1024, 700);
  assert_table_fits_whole (window, FALSE);
  g_assert_true (gtk_column_view_column_get_visible (column_titled (window, C_("results table", "Serves"))));
  g_assert_true (gtk_column_view_column_get_visible (column_titled (window, C_("results table", "Per million\noutput tokens"))));
  g_assert_true (gtk_column_view_column_get_visible (column_titled (window, _("Total cost"))));
  g_assert_false (gtk_column_view_column_get_visible (column_titled (window, _("Tokens/s per replica"))));
  g_assert_false (gtk_column_view_column_get_visible (column_titled (window, _("Requests served"))));

  options = cp_results_view_get_options (cp_window_get_results_view (window));
  served_rows = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < g_list_model_get_n_items (options); i++)
    {
      g_autoptr(CpOptionObject) row = g_list_model_get_item (options, i);
      const char *serving = cp_option_object_get_text (row, CP_OPTION_TEXT_SERVING_DETAILS);
      /* Requests served on one line: the wide cell's two lines joined. */
      g_autofree char *served = g_strdup (cp_option_object_get_text (row, CP_OPTION_TEXT_SERVED));
      const char *days = cp_option_object_get_text (row, CP_OPTION_TEXT_DAYS);
      const char *band = cp_option_object_get_text (row, CP_OPTION_TEXT_DAYS_RANGE);
      g_autofree char *time = *band != '\0' ? g_strdup_printf (C_("results table", "%s (%s)"), days, band) : g_strdup (days);
      g_autofree char *expected = NULL;
      g_autofree char *serving_words = NULL;
      g_autofree char *expected_words = NULL;
      char *newline = strchr (served, '\n');

      g_assert_nonnull (newline);
      *newline = ' ';
      /* The wide cells' words after their titles: "1,051 decode, 9,800
       * prefill", "200 at once, …", "30.0 days (…)". */
      expected = g_strdup_printf (_("Tokens/s per replica: %s\nRequests served: %s\nTime: %s"),
                                  (char *) g_ptr_array_index (throughput, i), served, time);
      serving_words = without_spaces (serving);
      expected_words = without_spaces (expected);
      /* Joined, "；" in Chinese takes no space after it: the same words
       * but for the spaces. */
      g_assert_cmpstr (serving_words, ==, expected_words);
      g_assert_nonnull (strstr (cp_option_object_get_text (row, CP_OPTION_TEXT_BREAKDOWN), serving));
      g_ptr_array_add (served_rows, g_strdup (serving));
    }
  /* Each row's Serves cell gives them on hover. */
  {
    g_autoptr(GPtrArray) labels = g_ptr_array_new ();

    cp_test_gui_collect (GTK_WIDGET (table_of (window)), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      {
        GtkWidget *label = g_ptr_array_index (labels, i);
        const char *tip = g_object_get_data (G_OBJECT (label), "cp-tooltip");
        gboolean known = FALSE;

        for (guint r = 0; r < served_rows->len && tip != NULL; r++)
          known |= strcmp (tip, g_ptr_array_index (served_rows, r)) == 0;
        if (known && gtk_widget_get_mapped (label))
          {
            g_assert_true (gtk_widget_get_has_tooltip (label));
            served_cells++;
          }
      }
  }
  g_assert_cmpuint (served_cells, ==, g_list_model_get_n_items (options));
  cp_test_gui_close_window (window);
}

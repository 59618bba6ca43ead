/* test-window-trust.c: what a lead trying the window in a meeting must be
 * able to trust (issue 26, walkthrough 20). A trial run's figures that
 * no machine of its quote can have measured are refused, naming the
 * field, and the last valid value stays; a refused value in a quote's
 * form is named with its quote above the results; the price's examples
 * are in the reader's language; FP8 on a GPU without it says it runs in
 * BF16; the calendar's legend is clear of the chart's buttons; F9 shows
 * the folded sidebar, whose button has a name. Through the widgets: the
 * form's entries and Enter, the trial's real drop-down, the sidebar's
 * lists, the chart's tab and the action F9 is bound to. */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "cp-test-gui.h"
#include "gui/cp-chart-view.h"
#include "gui/cp-field-row.h"
#include "gui/cp-job-editor.h"
#include "gui/cp-labels.h"
#include "gui/cp-picker-item.h"
#include "gui/cp-picker-row.h"
#include "gui/cp-quote-editor.h"
#include "gui/cp-window-private.h"
#include "report/cp-chart-private.h"
#include "report/cp-i18n.h"

static CpApplication *app;

static gboolean
chinese (void)
{
  return cp_i18n_is_chinese (cp_labels_ui_language ());
}

static guint
first_training_job (const CpProject *project)
{
  for (guint i = 0; i < project->jobs->len; i++)
    if (cp_task_kind_is_training (((const CpJob *) g_ptr_array_index (project->jobs, i))->kind))
      return i;
  g_assert_not_reached ();
}

/* The trial ran on the demo's first quote, 示例供应商 A's one machine of
 * eight RTX 4090 24GB, picked in the real drop-down: 64 GPUs used and a
 * 30 GiB peak cannot have been measured there and are refused under
 * their fields, the job keeping 8 GPUs and no peak; 20 GiB is taken. The
 * CLI's trial import checks through the same function
 * (cp_job_validate_trial_machine()). */
static void
test_trial_on_its_machine (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  CpJobEditor *editor = cp_window_get_job_editor (window);
  CpJob *job = cp_test_gui_show_job (window, first_training_job (project));
  const CpQuote *quote = g_ptr_array_index (project->quotes, 0);
  GtkDropDown *drop_down = cp_picker_row_get_drop_down (cp_job_editor_get_trial_quote_row (editor));
  CpFieldRow *gpus_row = cp_job_editor_get_row (editor, "trial-gpus");
  CpFieldRow *peak_row = cp_job_editor_get_row (editor, "trial-peak-memory");

  g_assert_cmpuint (quote->gpus_per_node, ==, 8);
  g_assert_cmpfloat (quote->gpu.memory_nominal_gb, ==, 24);
  /* Entry 0 is "Not measured", entry 1 the first quote. */
  gtk_drop_down_set_selected (drop_down, 1);
  cp_test_gui_spin ();
  g_assert_cmpstr (job->trial.quote_id, ==, quote->id);
  g_assert_cmpuint (job->trial.gpus, ==, 8);

  cp_test_gui_type_text (gpus_row, "64");
  g_assert_cmpuint (job->trial.gpus, ==, 8);
  g_assert_cmpstr (cp_field_row_get_error (gpus_row), ==,
                   chinese () ? "不能超过运行它的机器的 GPU 数（8 块）"
                              : "must be at most 8, the GPUs of the machine it ran on");
  cp_test_gui_type_text (gpus_row, "4");
  g_assert_cmpuint (job->trial.gpus, ==, 4);
  g_assert_null (cp_field_row_get_error (gpus_row));

  cp_test_gui_type_text (peak_row, "30 GiB");
  g_assert_cmpfloat (job->trial.peak_memory_bytes, ==, 0);
  g_assert_cmpstr (cp_field_row_get_error (peak_row), ==,
                   chinese () ? "不能超过运行它的 GPU 的显存（24 GB）" : "must be at most the 24 GB of the GPU it ran on");
  /* The results name the refused field and keep using the last value. */
  g_assert_nonnull (cp_results_view_get_notice (cp_window_get_results_view (window)));
  cp_test_gui_type_text (peak_row, "20 GiB");
  g_assert_cmpfloat (job->trial.peak_memory_bytes, ==, 20.0 * 1024 * 1024 * 1024);
  g_assert_null (cp_field_row_get_error (peak_row));

  cp_test_gui_close_window (window);
}

/* A price of −5 typed in the demo's first quote: the banner above the
 * results says whose price it is (walkthrough 20: "Price shows a refused
 * value" with two quotes open); in English the price's examples are
 * English ones. */
static void
test_refused_value_names_quote (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  CpQuoteEditor *editor = cp_window_get_quote_editor (window);
  GtkListBox *quotes = cp_window_get_quotes_list (window);
  const CpQuote *quote = g_ptr_array_index (project->quotes, 0);
  CpFieldRow *price = cp_quote_editor_get_row (editor, "price");
  g_autofree char *name = g_strdup_printf ("%s — %s", quote->vendor, quote->offer_name);
  g_autofree char *expected = NULL;
  double price_before;
  const char *notice;

  gtk_list_box_select_row (quotes, gtk_list_box_get_row_at_index (quotes, 0));
  cp_test_gui_spin ();
  price_before = quote->price;
  cp_test_gui_type_text (price, "-5");
  g_assert_cmpfloat (quote->price, ==, price_before);
  notice = cp_results_view_get_notice (cp_window_get_results_view (window));
  g_assert_nonnull (notice);
  expected = chinese () ? g_strdup_printf ("报价“%s”中“价格”的值未被接受", name)
                        : g_strdup_printf ("Price of “%s” shows a refused value", name);
  g_assert_true (g_str_has_prefix (notice, expected));

  if (!chinese ())
    {
      cp_test_gui_type_text (price, "12abc");
      g_assert_nonnull (strstr (cp_field_row_get_error (price), "2352/node/day"));
      g_assert_null (strstr (cp_field_row_get_error (price), "元"));
    }
  cp_test_gui_close_window (window);
}

/* FP8 picked in the job's Precision drop-down: the demo's A800 and A100
 * quotes have no FP8 (catalogue dense FP8 0), and the row says they run
 * the job in BF16; back to BF16, the row says nothing of it. The words
 * take the row's width under the drop-down, not the title's column
 * beside it: at 1920 × 1080 they took eight lines of two or three words
 * in a column about 120 px wide (issue 26). */
static void
test_fp8_without_fp8 (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  CpJobEditor *editor = cp_window_get_job_editor (window);
  CpJob *job = cp_test_gui_show_job (window, first_training_job (project));
  CpFieldRow *row = cp_job_editor_get_row (editor, "precision");
  GtkDropDown *drop_down = GTK_DROP_DOWN (cp_field_row_get_input (row));
  const char *bf16 = chinese () ? "不支持 FP8：任务在其上按 BF16 运行" : "have no FP8: the job runs in BF16 on them";
  const char *no_fp8 = NULL;
  GtkWidget *note;
  graphene_rect_t note_bounds, input_bounds;

  for (guint i = 0; i < project->quotes->len; i++)
    {
      const CpQuote *quote = g_ptr_array_index (project->quotes, i);

      if (quote->gpu.dense_fp8_flops <= 0 && strstr (quote->gpu.name, "A800") != NULL)
        no_fp8 = quote->gpu.name;
    }
  g_assert_nonnull (no_fp8);

  gtk_drop_down_set_selected (drop_down, CP_PRECISION_FP8);
  cp_test_gui_wait_frames (GTK_WIDGET (window), 3);
  g_assert_cmpint (job->precision, ==, CP_PRECISION_FP8);
  note = cp_test_gui_find_with_text (GTK_WIDGET (row), bf16, CP_TEST_GUI_TEXT_PART | CP_TEST_GUI_TEXT_VISIBLE);
  g_assert_nonnull (note);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (note)), no_fp8));
  /* Under the drop-down, as wide as the row but for its margins. */
  g_assert_true (gtk_widget_compute_bounds (note, GTK_WIDGET (row), &note_bounds));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (drop_down), GTK_WIDGET (row), &input_bounds));
  g_test_message ("note %.0f px wide in a row of %d px", note_bounds.size.width, gtk_widget_get_width (GTK_WIDGET (row)));
  g_assert_cmpfloat (note_bounds.origin.y, >=, input_bounds.origin.y + input_bounds.size.height);
  g_assert_cmpfloat (note_bounds.size.width, >=, gtk_widget_get_width (GTK_WIDGET (row)) - 2 * 12 - 1);

  gtk_drop_down_set_selected (drop_down, CP_PRECISION_BF16);
  cp_test_gui_spin ();
  g_assert_null (cp_test_gui_find_with_text (GTK_WIDGET (row), "FP8", CP_TEST_GUI_TEXT_PART | CP_TEST_GUI_TEXT_VISIBLE));
  g_assert_true (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)) == NULL ||
                 strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "FP8") == NULL);
  cp_test_gui_close_window (window);
}

static gboolean
chart_has_data (gpointer view)
{
  return cp_chart_view_get_data (view) != NULL && gtk_widget_get_mapped (view);
}

/* @view's chart drawn as the view draws it, at its size, on an image
 * surface (to be destroyed), its labels' boxes in @boxes. */
static cairo_surface_t *
draw_as_shown (GtkWidget *view,
               GArray    *boxes)
{
  int width = gtk_widget_get_width (view), height = gtk_widget_get_height (view);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t *cr = cairo_create (surface);

  cp_chart_draw_full (cr, width, height, CP_CHART_STYLE_LIGHT, cp_chart_view_get_data (CP_CHART_VIEW (view)), boxes);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* The demo's inference service, on its Cost per Token tab: its quotes
 * with a one-time setup fee (2,000, 10,000 and 5,000 CNY in the demo's
 * file) are drawn, and the chart's note says that fee is not in the cost
 * per token but in the total cost, as the table's tooltip does (issue
 * 26: only the tooltip said so). */
static void
test_serving_note_setup_fee (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  CpResultsView *results = cp_window_get_results_view (window);
  guint service = G_MAXUINT;
  GtkWidget *view;
  const CpChartData *data;

  for (guint i = 0; i < project->jobs->len && service == G_MAXUINT; i++)
    if (((const CpJob *) g_ptr_array_index (project->jobs, i))->kind == CP_TASK_INFERENCE)
      service = i;
  g_assert_cmpuint (service, <, project->jobs->len);
  cp_test_gui_show_job (window, service);
  cp_test_gui_wait_results (results);
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-serving-chart", NULL);
  view = cp_test_gui_find_named (GTK_WIDGET (results), "serving-chart");
  g_assert_nonnull (view);
  cp_test_gui_wait_until (chart_has_data, view, "the serving chart");
  data = cp_chart_view_get_data (CP_CHART_VIEW (view));
  g_assert_cmpint (data->kind, ==, CP_CHART_SERVING);
  g_assert_nonnull (strstr (data->note, chinese () ? "一次性开通费不计入每 token 成本，该费用计入总费用"
                                                   : "one-time setup fee is left out of its cost per token; it is in the total cost"));
  cp_test_gui_close_window (window);
}

/* The demo's 70B fine-tune on its Memory tab at 1920 × 1080, drawn at
 * the view's size: "This job as recommended" found no place off the
 * curves near its marker and stood 134 px under it, nearer another
 * curve (issue 26). A job's label more than a line's height over or
 * under its marker is led to it: the leader runs from the label's edge
 * to a pixel of the recommended colour, the marker's fill, within a few
 * pixels. */
static void
test_memory_label_led_to_marker (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpProject *project = cp_window_get_project (window);
  CpResultsView *results = cp_window_get_results_view (window);
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  double highlight[3];
  guint led = 0;
  GtkWidget *view;
  cairo_surface_t *surface;

  g_assert_true (g_str_has_prefix (((const CpJob *) g_ptr_array_index (project->jobs, 0))->name, "70B"));
  cp_test_gui_show_job (window, 0);
  cp_test_gui_resize_window (window, 1920, 1080);
  cp_test_gui_wait_results (results);
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-memory-chart", NULL);
  view = cp_test_gui_find_named (GTK_WIDGET (results), "memory-chart");
  cp_test_gui_wait_until (chart_has_data, view, "the memory chart");
  cp_test_gui_wait_frames (view, 3);
  surface = draw_as_shown (view, boxes);
  cp_chart_highlight_rgb (CP_CHART_STYLE_LIGHT, highlight);
  for (guint i = 0; i < boxes->len; i++)
    {
      const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);
      const guint8 *pixels = cairo_image_surface_get_data (surface);
      int stride = cairo_image_surface_get_stride (surface);
      double step = box->leader_y0 > box->leader_y1 ? 1 : -1;
      gboolean at_marker = FALSE;

      if (box->series != -1 || !box->leader)
        continue;
      led++;
      g_test_message ("a label at (%.0f, %.0f) led %.0f px to (%.0f, %.0f)", box->x, box->y,
                      fabs (box->leader_y1 - box->leader_y0), box->leader_x0, box->leader_y0);
      /* The leader touches the label's box. */
      g_assert_cmpfloat (box->leader_x1, >=, box->x);
      g_assert_cmpfloat (box->leader_x1, <=, box->x + box->width);
      g_assert_true (fabs (box->leader_y1 - box->y) < 0.5 || fabs (box->leader_y1 - (box->y + box->height)) < 0.5);
      /* Its other end, past a pixel or two of the marker's outline. */
      for (int d = 0; d <= 8 && !at_marker; d++)
        {
          int px = (int) round (box->leader_x0), py = (int) round (box->leader_y0 + step * d);
          guint32 argb = *(const guint32 *) (pixels + py * stride + px * 4);

          at_marker = fabs (((argb >> 16) & 0xff) - highlight[0] * 255) < 40 &&
                      fabs (((argb >> 8) & 0xff) - highlight[1] * 255) < 40 &&
                      fabs ((argb & 0xff) - highlight[2] * 255) < 40;
        }
      g_assert_true (at_marker);
    }
  g_assert_cmpuint (led, >=, 1);
  cairo_surface_destroy (surface);
  cp_test_gui_close_window (window);
}

/* The demo's first job on its Cost and Time tab at 1024 × 700, drawn at
 * the view's size: its recommended option's label, widened into the room
 * right of it, ran to within 4 px of the chart's edge, the window's
 * (issue 26, seen in the window; drawn here on an image surface at the
 * view's 607 × 460 px it is not widened that far, so this guards the
 * margin rather than reproducing that case). Every line's label ends 8
 * px or more inside the chart. */
static void
test_cost_labels_inside (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  CpResultsView *results = cp_window_get_results_view (window);
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  GtkWidget *view;
  int width;
  guint lines = 0;

  cp_test_gui_show_job (window, 0);
  cp_test_gui_resize_window (window, 1024, 700);
  cp_test_gui_wait_results (results);
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-cost-chart", NULL);
  view = cp_test_gui_find_named (GTK_WIDGET (results), "cost-chart");
  cp_test_gui_wait_until (chart_has_data, view, "the cost chart");
  cp_test_gui_wait_frames (view, 3);
  width = gtk_widget_get_width (view);
  cairo_surface_destroy (draw_as_shown (view, boxes));
  for (guint i = 0; i < boxes->len; i++)
    {
      const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

      if (box->series < 0)
        continue;
      lines++;
      if (box->x + box->width > width - 8)
        g_error ("a line's label at (%.0f, %.0f) ends %.0f px from the chart's edge, %d px wide", box->x, box->y,
                 width - box->x - box->width, width);
    }
  g_assert_cmpuint (lines, >=, 4);
  cp_test_gui_close_window (window);
}

/* The Project Calendar's chart at 1024, 1600 and 1920 px: drawn at the
 * view's size as the view draws it, no text of its title or legend meets
 * the export and present buttons over its top right (walkthrough 20:
 * they covered "Planned cost (CNY)" at 1024), and the week axis labels
 * every week: the demo's calendar runs 30.0 days from its first day, so
 * after that day's date ("4 Dec 2026", which names day 0's week) the
 * weeks start 7, 14, 21 and 28 days on ("11 Dec", "18 Dec", "25 Dec",
 * "1 Jan 2027"; "12月11日" … "2027年1月1日"), four labels of 5 to 15 bytes on one line (issue 26:
 * at 1024 × 700 in English the first date and the end's label left two
 * weeks out). */
static guint
week_labels (GArray *boxes)
{
  guint most = 0;

  /* The line under the plot with the most dates: the weeks' line, which
   * the first date may share. */
  for (guint i = 0; i < boxes->len; i++)
    {
      const CpChartLabelBox *line = &g_array_index (boxes, CpChartLabelBox, i);
      guint n = 0;

      for (guint k = 0; k < boxes->len; k++)
        {
          const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, k);

          n += box->shown_bytes >= strlen ("1 Jan") && box->shown_bytes <= strlen ("2027年1月1日") &&
               fabs (box->y - line->y) < 1;
        }
      most = MAX (most, n);
    }
  return most;
}

static void
test_calendar_legend_clear (void)
{
  static const int widths[] = { 1024, 1600, 1920 };
  CpWindow *window = cp_test_gui_demo_window (app);
  CpResultsView *results = cp_window_get_results_view (window);
  GtkWidget *view;
  GtkWidget *buttons[2];

  cp_test_gui_wait_results (results);
  g_action_group_activate_action (G_ACTION_GROUP (window), "show-calendar-chart", NULL);
  view = cp_test_gui_find_named (GTK_WIDGET (results), "timeline-chart");
  buttons[0] = cp_test_gui_find_named (view, "export-chart");
  buttons[1] = cp_test_gui_find_named (view, "present-chart");
  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
      guint legend_boxes = 0;

      cp_test_gui_resize_window (window, widths[w], widths[w] == 1024 ? 700 : 1000);
      cp_test_gui_wait_until (chart_has_data, view, "the calendar's chart");
      cp_test_gui_wait_frames (view, 3);
      cairo_surface_destroy (draw_as_shown (view, boxes));

      for (guint b = 0; b < G_N_ELEMENTS (buttons); b++)
        {
          graphene_rect_t bounds;

          g_assert_true (gtk_widget_get_mapped (buttons[b]));
          g_assert_true (gtk_widget_compute_bounds (buttons[b], view, &bounds));
          for (guint i = 0; i < boxes->len; i++)
            {
              const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);
              gboolean apart = box->x + box->width <= bounds.origin.x || box->x >= bounds.origin.x + bounds.size.width ||
                               box->y + box->height <= bounds.origin.y ||
                               box->y >= bounds.origin.y + bounds.size.height;

              legend_boxes += b == 0 && box->y < bounds.origin.y + bounds.size.height;
              if (!apart)
                g_error ("at %d px, a text at (%.0f, %.0f) %.0f × %.0f px meets a button at (%.0f, %.0f)", widths[w],
                         box->x, box->y, box->width, box->height, bounds.origin.x, bounds.origin.y);
            }
        }
      /* The title and the legend's words are among the texts tested. */
      g_assert_cmpuint (legend_boxes, >=, 2);
      g_assert_cmpuint (week_labels (boxes), >=, 4);
    }
  cp_test_gui_close_window (window);
}

static gboolean
flap_revealed (gpointer flap)
{
  return adw_flap_get_reveal_flap (flap);
}

static gboolean
flap_hidden (gpointer flap)
{
  return !adw_flap_get_reveal_flap (flap);
}

/* At 1024 × 700 the sidebar is folded behind the header bar's button: the
 * button has a tooltip and a name a screen reader reads, and F9's action
 * shows the jobs and quotes, then hides them again. */
static void
test_sidebar_f9 (void)
{
  CpWindow *window = cp_test_gui_demo_window (app);
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.toggle-sidebar");
  GtkWidget *button;

  cp_test_gui_resize_window (window, 1024, 700);
  g_assert_true (adw_flap_get_folded (window->flap));
  button = cp_test_gui_find_named (GTK_WIDGET (window), "sidebar-button");
  g_assert_true (gtk_widget_get_visible (button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, chinese () ? "显示任务和报价（F9）" : "Show Jobs and Quotes (F9)");
  g_assert_cmpstr (accels[0], ==, "F9");

  if (adw_flap_get_reveal_flap (window->flap))
    {
      g_action_group_activate_action (G_ACTION_GROUP (window), "toggle-sidebar", NULL);
      cp_test_gui_wait_until (flap_hidden, window->flap, "the sidebar hidden");
    }
  g_action_group_activate_action (G_ACTION_GROUP (window), "toggle-sidebar", NULL);
  cp_test_gui_wait_until (flap_revealed, window->flap, "the sidebar shown by F9");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));
  g_action_group_activate_action (G_ACTION_GROUP (window), "toggle-sidebar", NULL);
  cp_test_gui_wait_until (flap_hidden, window->flap, "the sidebar hidden by F9");
  cp_test_gui_close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  /* As the application's main() does: LANGUAGE counts outside the C locale. */
  setlocale (LC_ALL, "");
  app = cp_test_gui_init (&argc, &argv, "gui-trust");

  g_test_add_func ("/gui/window-trust/trial-on-its-machine", test_trial_on_its_machine);
  g_test_add_func ("/gui/window-trust/refused-value-names-quote", test_refused_value_names_quote);
  g_test_add_func ("/gui/window-trust/fp8-without-fp8", test_fp8_without_fp8);
  g_test_add_func ("/gui/window-trust/calendar-legend-clear", test_calendar_legend_clear);
  g_test_add_func ("/gui/window-trust/serving-note-setup-fee", test_serving_note_setup_fee);
  g_test_add_func ("/gui/window-trust/cost-labels-inside", test_cost_labels_inside);
  g_test_add_func ("/gui/window-trust/memory-label-led-to-marker", test_memory_label_led_to_marker);
  g_test_add_func ("/gui/window-trust/sidebar-f9", test_sidebar_f9);
  return cp_test_gui_run_then_free (&app);
}

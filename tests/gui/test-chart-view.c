/* test-chart-view.c: the chart widget under a display (Xvfb in CI): its
 * size, its export button's work, its full-screen presentation, and the
 * results' project calendar tab. */
#include "config.h"

#include <adwaita.h>
#include <cairo-pdf.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "gui/cp-chart-view.h"
#include "gui/cp-option-object.h"
#include "gui/cp-results-view.h"
#include "planner/cp-schedule.h"
#include "planner/cp-sweep.h"
#include "report/cp-chart-private.h"
#include "report/cp-reason-text.h"
#include "store/cp-demo.h"

#include "cp-test-gui.h"
#include "tests/common/cp-test-chart.h"

static void
spin (void)
{
  cp_test_gui_spin ();
}

typedef struct {
  GtkWidget *widget;
  int        width;
} WidthWait;

static gboolean
at_least_as_wide (gpointer user_data)
{
  WidthWait *wait = user_data;

  return gtk_widget_get_width (wait->widget) >= wait->width;
}

/* A window of @width × @height showing the demo's first job's cost chart. */
static CpChartView *
chart_window (int         width,
              int         height,
              GtkWindow **window_out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_demo_project_new (&error);
  g_autoptr(CpPlan) plan = NULL;
  g_autoptr(CpSweep) sweep = NULL;
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  CpChartView *view = CP_CHART_VIEW (cp_chart_view_new ());

  g_assert_no_error (error);
  plan = cp_project_plan_job (project, 0);
  sweep = cp_project_sweep_job (project, 0, CP_CHART_COST_MAX_POINTS);
  cp_chart_view_set_data (view, cp_chart_data_new_cost (project, 0, plan, sweep, "en"));
  gtk_window_set_default_size (window, width, height);
  gtk_window_set_child (window, GTK_WIDGET (view));
  gtk_window_present (window);
  cp_test_gui_wait_until (at_least_as_wide, &(WidthWait) { GTK_WIDGET (view), width / 2 },
                          "the chart laid out in its window");
  *window_out = window;
  return view;
}

/* The chart keeps a 16 : 9 picture as it widens, never below the 460 px
 * its labels and panels need. Outside a scrolled pane the picture is its
 * natural height only: its minimum for no given width must be the most
 * any width asks (GTK's boxes search widths under it), which a height
 * growing with the width has not; in the results' pane, which gives its
 * content only its minimum height, the minimum follows the width up to
 * the pane's first screen (test-results-layout). */
static void
test_chart_view_size (void)
{
  GtkWindow *window;
  CpChartView *view = chart_window (800, 600, &window);
  int minimum, natural;

  gtk_widget_measure (GTK_WIDGET (view), GTK_ORIENTATION_VERTICAL, 1600, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, ==, 460);
  g_assert_cmpint (natural, ==, 900);
  gtk_widget_measure (GTK_WIDGET (view), GTK_ORIENTATION_VERTICAL, 400, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, ==, 460);
  g_assert_cmpint (natural, ==, 460);
  gtk_widget_measure (GTK_WIDGET (view), GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, NULL, NULL);
  g_assert_cmpint (minimum, ==, 460);
  gtk_window_destroy (window);
}

typedef struct {
  GtkWidget *chart;
  int        height;
} HeightWait;

static gboolean
at_most_as_tall (gpointer user_data)
{
  HeightWait *wait = user_data;

  return gtk_widget_get_height (wait->chart) > 0 && gtk_widget_get_height (wait->chart) <= wait->height;
}

/* Session 16: presented at 2560 × 1440, the 16 : 9 calendar was 1,430 px
 * tall under 360 px of results text, its axis off the screen. In a
 * scrolled pane 700 px tall, under 200 px of text, a chart 1,200 px wide
 * is as tall as the 500 px left, not 675 (16 : 9), and shows whole with
 * the text above it; never under its 460 px least. */
static void
test_chart_view_fits_pane (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_demo_project_new (&error);
  g_autoptr(CpPlan) plan = NULL;
  g_autoptr(CpSweep) sweep = NULL;
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *text = gtk_label_new ("");
  CpChartView *view = CP_CHART_VIEW (cp_chart_view_new ());
  GtkAdjustment *vertical;
  graphene_point_t top;

  g_assert_no_error (error);
  plan = cp_project_plan_job (project, 0);
  sweep = cp_project_sweep_job (project, 0, CP_CHART_COST_MAX_POINTS);
  cp_chart_view_set_data (view, cp_chart_data_new_cost (project, 0, plan, sweep, "en"));
  gtk_widget_set_size_request (text, -1, 200);
  gtk_box_append (GTK_BOX (box), text);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (view));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), box);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_window_set_default_size (window, 1200, 700);
  gtk_window_set_child (window, scrolled);
  gtk_window_present (window);
  cp_test_gui_wait_until (at_least_as_wide, &(WidthWait) { GTK_WIDGET (view), 1000 }, "the chart laid out in its pane");
  vertical = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  cp_test_gui_wait_until (at_most_as_tall,
                          &(HeightWait) { GTK_WIDGET (view), (int) gtk_adjustment_get_page_size (vertical) - 200 },
                          "the chart within the pane's first screen");
  spin ();
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (view), box, &GRAPHENE_POINT_INIT (0, 0), &top));
  g_assert_cmpfloat (top.y, ==, 200);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (view)), ==, (int) gtk_adjustment_get_page_size (vertical) - 200);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (view)), <, gtk_widget_get_width (GTK_WIDGET (view)) * 9 / 16);

  /* A pane too short for the chart's least height under the text: the
   * least, and the pane scrolls. */
  gtk_widget_set_size_request (text, -1, 400);
  cp_test_gui_wait_until (at_most_as_tall, &(HeightWait) { GTK_WIDGET (view), 460 }, "the chart at its least height");
  spin ();
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (view)), ==, 460);
  gtk_window_destroy (window);
}

static void
on_exported (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  GError **error = user_data;

  /* The task's source object is NULL, as for every worker task here. */
  g_assert_null (source);
  if (!cp_chart_view_export_finish (NULL, result, error))
    g_assert_nonnull (*error);
}

static gboolean
export_done (gpointer view)
{
  return !cp_chart_view_get_exporting (view);
}

static void
wait_for_export (CpChartView *view)
{
  cp_test_gui_wait_until (export_done, view, "the chart's export to end");
  spin ();
}

/* The export button's work runs on a worker: the action is off while it
 * runs, and the files are a PNG of twice the widget's pixels and an SVG
 * of its size. */
static void
test_chart_view_export (void)
{
  GtkWindow *window;
  CpChartView *view = chart_window (900, 600, &window);
  g_autofree char *dir = g_dir_make_tmp ("cp-chart-view-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "chart.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "chart.svg", NULL);
  g_autofree char *contents = NULL;
  GError *error = NULL;
  cairo_surface_t *image;
  int width = gtk_widget_get_width (GTK_WIDGET (view));
  int height = gtk_widget_get_height (GTK_WIDGET (view));

  g_assert_nonnull (cp_test_gui_find_named (GTK_WIDGET (view), "export-chart"));
  g_assert_cmpint (width, >=, 450);

  cp_chart_view_export_async (view, png, FALSE, (GAsyncReadyCallback) on_exported, &error);
  g_assert_true (cp_chart_view_get_exporting (view));
  wait_for_export (view);
  g_assert_no_error (error);
  image = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 2 * MAX (320, width));
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 2 * MAX (460, height));
  cairo_surface_destroy (image);

  cp_chart_view_export_async (view, svg, TRUE, (GAsyncReadyCallback) on_exported, &error);
  wait_for_export (view);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "<svg"));

  /* A folder that does not exist: an error, and the button works again. */
  {
    g_autofree char *bad = g_build_filename (dir, "missing", "chart.png", NULL);

    cp_chart_view_export_async (view, bad, FALSE, (GAsyncReadyCallback) on_exported, &error);
    wait_for_export (view);
    g_assert_nonnull (error);
    g_clear_error (&error);
  }

  g_unlink (png);
  g_unlink (svg);
  g_rmdir (dir);
  gtk_window_destroy (window);
}

/* "chart.present" opens the chart alone in a full-screen window of its
 * own; Escape closes it; the window's chart follows new data. */
static void
test_chart_view_present (void)
{
  GtkWindow *window;
  CpChartView *view = chart_window (800, 600, &window);
  GtkWindow *presentation;
  CpChartView *shown;
  g_autoptr(GListModel) controllers = NULL;
  GtkShortcut *escape = NULL;

  g_assert_nonnull (cp_test_gui_find_named (GTK_WIDGET (view), "present-chart"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "chart.present", NULL));
  spin ();
  presentation = cp_chart_view_get_presentation (view);
  g_assert_nonnull (presentation);
  shown = CP_CHART_VIEW (gtk_window_get_child (presentation));
  g_assert_cmpstr (cp_chart_view_get_data (shown)->title, ==, cp_chart_view_get_data (view)->title);
  g_assert_false (gtk_widget_get_visible (cp_test_gui_find_named (GTK_WIDGET (shown), "present-chart")));
  /* Full window at the monitor's size (walkthrough finding 12: it opened
   * at 560 × 366, smaller than the chart in the window). */
  cp_test_gui_wait_until (at_least_as_wide,
                          &(WidthWait) { GTK_WIDGET (presentation), gtk_widget_get_width (GTK_WIDGET (window)) },
                          "the presentation at the monitor's size");
  spin ();
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (presentation)), >=, gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (presentation)), >=, gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (shown)), >=, gtk_widget_get_width (GTK_WIDGET (view)));

  cp_chart_view_set_data (view, cp_chart_data_copy (cp_chart_view_get_data (view)));
  g_assert_true (cp_chart_view_get_data (shown) != cp_chart_view_get_data (view));

  controllers = gtk_widget_observe_controllers (GTK_WIDGET (presentation));
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && escape == NULL; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (controller)); k++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), k);
          g_autofree char *trigger = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));

          if (g_strcmp0 (trigger, "Escape") == 0)
            escape = shortcut;
        }
    }
  g_assert_nonnull (escape);
  g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (escape), 0,
                                               GTK_WIDGET (presentation), NULL));
  spin ();
  g_assert_null (cp_chart_view_get_presentation (view));
  gtk_window_destroy (window);
}

/* The chart's title, as drawn at the widget's size, wraps clear of the
 * export and present buttons over the chart (walkthrough finding 11),
 * at the narrow width of a 1024 px window's results pane and wider. */
static void
test_chart_view_title_clear (void)
{
  static const int widths[] = { 440, 800, 1400 };

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    {
      GtkWindow *window;
      CpChartView *view = chart_window (widths[w], widths[w], &window);
      int width = gtk_widget_get_width (GTK_WIDGET (view));
      int height = gtk_widget_get_height (GTK_WIDGET (view));
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
      cairo_t *cr = cairo_create (surface);
      g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
      const char *buttons[] = { "export-chart", "present-chart" };
      const CpChartLabelBox *title = NULL;

      cp_chart_draw_full (cr, width, height, CP_CHART_STYLE_LIGHT, cp_chart_view_get_data (view), boxes);
      for (guint i = 0; i < boxes->len; i++)
        if (g_array_index (boxes, CpChartLabelBox, i).series == CP_CHART_BOX_TITLE)
          title = &g_array_index (boxes, CpChartLabelBox, i);
      g_assert_nonnull (title);
      g_assert_cmpfloat (title->width, >, 0);
      for (guint b = 0; b < G_N_ELEMENTS (buttons); b++)
        {
          graphene_rect_t bounds;

          g_assert_true (gtk_widget_compute_bounds (cp_test_gui_find_named (GTK_WIDGET (view), buttons[b]),
                                                    GTK_WIDGET (view), &bounds));
          g_assert_cmpfloat (bounds.size.width, >, 0);
          if (title->x < bounds.origin.x + bounds.size.width && bounds.origin.x < title->x + title->width &&
              title->y < bounds.origin.y + bounds.size.height && bounds.origin.y < title->y + title->height)
            g_error ("the title (%.0f,%.0f %.0f×%.0f) is under button %s at %d px", title->x, title->y,
                     title->width, title->height, buttons[b], width);
        }
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      gtk_window_destroy (window);
    }
}

typedef struct {
  CpChartView *view;
  double       x, y;
} PointerAt;

/* Moves the pointer to (x, y) on @view through the chart's own motion
 * controller, as a pointer moving over it does. */
static void
move_pointer (CpChartView *view,
              double       x,
              double       y)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        g_signal_emit_by_name (controller, "motion", x, y);
    }
}

/* Moves the pointer over @at's point; TRUE once the chart has a tooltip
 * there. */
static gboolean
tooltip_at (gpointer user_data)
{
  PointerAt *at = user_data;

  move_pointer (at->view, at->x, at->y);
  return gtk_widget_get_tooltip_text (GTK_WIDGET (at->view)) != NULL;
}

/* The label boxes of @view's chart drawn at the view's size. */
static GArray *
view_label_boxes (CpChartView *view)
{
  int width = gtk_widget_get_width (GTK_WIDGET (view));
  int height = gtk_widget_get_height (GTK_WIDGET (view));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t *cr = cairo_create (surface);
  GArray *boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));

  cp_chart_draw_full (cr, width, height, CP_CHART_STYLE_LIGHT, cp_chart_view_get_data (view), boxes);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return boxes;
}

/* Issue 26: a quote's label the chart shortened to its room ("8 × H20
 * 96GB · 示例供应商 C…") shows the quote's whole name in a tooltip when
 * the pointer is over it, and no readout (walk34 V10: the readout of
 * another quote's nearest point under the tooltip named two vendors);
 * a label shown whole and the empty plot have no tooltip. */
static void
test_chart_view_label_tooltip (void)
{
  GtkWindow *window;
  CpChartView *view = chart_window (460, 600, &window);
  const CpChartData *data = cp_chart_view_get_data (view);
  int height = gtk_widget_get_height (GTK_WIDGET (view));
  g_autoptr(GArray) boxes = view_label_boxes (view);
  const CpChartLabelBox *cut = NULL, *whole = NULL;
  PointerAt at = { view, 0, 0 };

  for (guint i = 0; i < boxes->len; i++)
    {
      const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);
      const CpChartSeries *series;

      if (box->series < 0)
        continue;
      series = g_ptr_array_index (data->series, box->series);
      if (box->shown_bytes < strlen (series->label))
        cut = cut != NULL ? cut : box;
      else
        whole = whole != NULL ? whole : box;
    }
  /* At the chart's least width, 460 px, the demo's names, "8 × NVIDIA
   * A800 80GB SXM · 示例供应商 G (Example vendor G) — …", do not fit
   * whole (at 560 px they now do, with the plot's room, walk41b F10). */
  g_assert_nonnull (cut);
  at.x = cut->x + cut->width / 2;
  at.y = cut->y + cut->height / 2;
  cp_test_gui_wait_until (tooltip_at, &at, "a tooltip over a shortened label");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (view)), ==,
                   ((CpChartSeries *) g_ptr_array_index (data->series, cut->series))->label);
  g_assert_null (cp_chart_view_get_readout (view));

  /* The plot's lower-left corner, under the axis: no label there. */
  at.x = 2;
  at.y = height - 2;
  g_assert_false (tooltip_at (&at));
  if (whole != NULL)
    {
      at.x = whole->x + whole->width / 2;
      at.y = whole->y + whole->height / 2;
      g_assert_false (tooltip_at (&at));
    }
  gtk_window_destroy (window);
}

/* Walkthrough 13: at 1024 px a quote's label sat on the upper panel's
 * bottom axis and hid it. Labels now end above the bottom axis of their
 * panel; the plot area gives the lowest panel's, which no label may
 * reach below. */
static void
labels_clear_axes_at (int window_width)
{
  GtkWindow *window;
  CpChartView *view = chart_window (window_width, 600, &window);
  g_autoptr(GArray) boxes = view_label_boxes (view);
  double left, top, right, bottom;
  guint n_labels = 0;

  cp_chart_plot_area (cp_chart_view_get_data (view), gtk_widget_get_width (GTK_WIDGET (view)),
                      gtk_widget_get_height (GTK_WIDGET (view)), CP_CHART_STYLE_LIGHT, &left, &top, &right, &bottom);
  for (guint i = 0; i < boxes->len; i++)
    {
      const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

      if (box->series < 0)
        continue;
      n_labels++;
      /* The lowest axis, the GPU axis of the days panel. */
      g_assert_cmpfloat (box->y + box->height, <=, bottom);
    }
  g_assert_cmpuint (n_labels, >, 0);
  gtk_window_destroy (window);
}

static void
test_chart_view_labels_clear_axes (void)
{
  /* From the results pane of a 1024 px screen to a projector's. */
  static const int widths[] = { 480, 560, 640, 760, 900 };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    labels_clear_axes_at (widths[i]);
}

/* Pixels of @rgb (within a few levels) in a square of half-side @half
 * around (@x, @y) of @surface. */
static guint
pixels_of_colour (cairo_surface_t *surface,
                  double           x,
                  double           y,
                  double           half,
                  const Rgb       *rgb)
{
  const unsigned char *pixels = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  guint n = 0;

  cairo_surface_flush (surface);
  for (int py = MAX (0, (int) (y - half)); py <= MIN (height - 1, (int) (y + half)); py++)
    for (int px = MAX (0, (int) (x - half)); px <= MIN (width - 1, (int) (x + half)); px++)
      {
        guint32 pixel = *(const guint32 *) (pixels + py * stride + px * 4);

        if (fabs (((pixel >> 16) & 0xff) - rgb->r * 255) <= 3 && fabs (((pixel >> 8) & 0xff) - rgb->g * 255) <= 3 &&
            fabs ((pixel & 0xff) - rgb->b * 255) <= 3)
          n++;
      }
  return n;
}

/* Walkthrough 13: on the days panel the A800 machine's marker (示例供应商
 * B) lay under the recommended A800 node's (G) at 8 GPUs. It steps aside
 * and shows: its colour is drawn near the spot. */
static void
test_chart_view_marker_not_hidden (void)
{
  GtkWindow *window;
  CpChartView *view = chart_window (900, 600, &window);
  const CpChartData *data = cp_chart_view_get_data (view);
  int width = gtk_widget_get_width (GTK_WIDGET (view));
  int height = gtk_widget_get_height (GTK_WIDGET (view));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cairo_t *cr = cairo_create (surface);
  Theme theme;
  Rgb colour;
  int machine = -1, recommended = -1;
  double mx, my, rx = NAN, ry = NAN;
  const CpChartSeries *series;

  for (guint s = 0; s < data->series->len; s++)
    {
      series = g_ptr_array_index (data->series, s);
      if (series->points_only && strstr (series->label, "A800") != NULL && strstr (series->label, "示例供应商 B") != NULL)
        machine = (int) s;
      if (series->emphasis == CP_CHART_EMPHASIS_HIGHLIGHT)
        recommended = (int) s;
    }
  g_assert_cmpint (machine, >=, 0);
  g_assert_cmpint (recommended, >=, 0);
  g_assert_true (cp_chart_locate (data, width, height, CP_CHART_STYLE_LIGHT, machine, 0, TRUE, &mx, &my));
  series = g_ptr_array_index (data->series, recommended);
  for (guint p = 0; p < series->x->len; p++)
    if (g_array_index (series->x, double, p) == series->chosen_x)
      g_assert_true (cp_chart_locate (data, width, height, CP_CHART_STYLE_LIGHT, recommended, p, TRUE, &rx, &ry));
  /* The demo puts the two at one spot: else the test proves nothing. */
  g_assert_cmpfloat (hypot (mx - rx, my - ry), <, 6);

  cp_chart_draw_full (cr, width, height, CP_CHART_STYLE_LIGHT, data, NULL);
  cp_chart_theme_for_style (&theme, CP_CHART_STYLE_LIGHT);
  /* A muted quote's colour (cp_chart_series_rgb()). */
  colour = cp_chart_mix (&theme.palette[machine % theme.n_palette], &theme.background, 0.45);
  g_assert_cmpuint (pixels_of_colour (surface, mx, my, 40, &colour), >=, 12);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  gtk_window_destroy (window);
}

static gboolean
has_timeline (gpointer view)
{
  return cp_chart_view_get_data (view) != NULL;
}

/* Issue 22: the results' third chart tab draws the project's calendar,
 * made on a worker from every job: a bar per job, named as the job is,
 * the same drawing the PDF's memo has; it exports as the other charts do. */
static void
test_chart_view_timeline_tab (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_demo_project_new (&error);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  CpResultsView *results = CP_RESULTS_VIEW (cp_results_view_new ());
  CpChartView *view = cp_results_view_get_chart (results, CP_CHART_TIMELINE);
  const CpChartData *data;
  g_autofree char *dir = g_dir_make_tmp ("cp-chart-view-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "calendar.png", NULL);
  cairo_surface_t *image;

  g_assert_no_error (error);
  g_assert_true (view != cp_results_view_get_chart (results, CP_CHART_COST));
  gtk_window_set_default_size (window, 1024, 768);
  gtk_window_set_child (window, GTK_WIDGET (results));
  gtk_window_present (window);
  /* Planning every job waits until the tab is shown: an edit made while
   * another chart is shown plans only the job it touches. */
  cp_results_view_update (results, project, 0);
  cp_test_gui_wait_frames (GTK_WIDGET (results), 2);
  g_assert_null (cp_chart_view_get_data (view));
  cp_results_view_show_chart (results, CP_CHART_TIMELINE);
  cp_test_gui_wait_until (has_timeline, view, "the project's calendar");

  data = cp_chart_view_get_data (view);
  g_assert_cmpint (data->kind, ==, CP_CHART_TIMELINE);
  g_assert_cmpuint (data->bars->len, ==, project->jobs->len);
  for (guint j = 0; j < project->jobs->len; j++)
    g_assert_cmpstr (g_array_index (data->bars, CpChartBar, j).label, ==,
                     ((CpJob *) g_ptr_array_index (project->jobs, j))->name);

  cp_test_gui_wait_frames (GTK_WIDGET (view), 2);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (cp_results_view_get_chart (results, CP_CHART_COST))));

  cp_chart_view_export_async (view, png, FALSE, (GAsyncReadyCallback) on_exported, &error);
  wait_for_export (view);
  g_assert_no_error (error);
  image = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 2 * MAX (320, gtk_widget_get_width (GTK_WIDGET (view))));
  cairo_surface_destroy (image);

  /* No quotes, nothing to place on the calendar. */
  g_ptr_array_set_size (project->quotes, 0);
  cp_results_view_update (results, project, 0);
  g_assert_null (cp_chart_view_get_data (view));

  g_unlink (png);
  g_rmdir (dir);
  gtk_window_destroy (window);
}

static gboolean
has_cost_chart (gpointer view)
{
  const CpChartData *data = cp_chart_view_get_data (view);

  return data != NULL && data->kind == CP_CHART_COST && data->series->len > 0 &&
         gtk_widget_get_width (GTK_WIDGET (view)) > 0;
}

typedef struct {
  CpChartView *view;
  GtkLabel    *readout;
  const char  *before;   /* the readout before the pointer moved */
  double       x, y;
} ReadoutAt;

/* Moves the pointer to (x, y) on the chart; TRUE once the chart's
 * readout has changed. */
static gboolean
readout_at (gpointer user_data)
{
  ReadoutAt *at = user_data;

  move_pointer (at->view, at->x, at->y);
  return g_strcmp0 (gtk_label_get_label (at->readout), at->before) != 0;
}

/* The cost chart's readout with the pointer on the cost panel's point
 * at @gpus of the line whose label names @vendor. */
static char *
readout_of_point (CpResultsView *results,
                  const char    *vendor,
                  double         gpus)
{
  CpChartView *view = cp_results_view_get_chart (results, CP_CHART_COST);
  const CpChartData *data = cp_chart_view_get_data (view);
  GtkLabel *readout = GTK_LABEL (cp_test_gui_find_named (GTK_WIDGET (view), "chart-readout"));
  g_autofree char *before = g_strdup (gtk_label_get_label (readout));
  ReadoutAt at = { view, readout, before, -1, -1 };

  for (guint s = 0; s < data->series->len; s++)
    {
      const CpChartSeries *series = g_ptr_array_index (data->series, s);

      for (guint p = 0; p < series->x->len; p++)
        if (g_array_index (series->x, double, p) == gpus && strstr (series->label, vendor) != NULL)
          g_assert_true (cp_chart_locate (data, gtk_widget_get_width (GTK_WIDGET (view)),
                                          gtk_widget_get_height (GTK_WIDGET (view)), CP_CHART_STYLE_LIGHT,
                                          s, p, FALSE, &at.x, &at.y));
    }
  g_assert_cmpfloat (at.x, >=, 0);
  cp_test_gui_wait_until (readout_at, &at, "the readout of the point");
  return g_strdup (gtk_label_get_label (readout));
}

/* The mapped label named @name in @root that reads @text, or
 * NULL when none does. */
static GtkWidget *
named_label_reading (GtkWidget  *root,
                     const char *name,
                     const char *text)
{
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();

  cp_test_gui_collect (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    {
      GtkWidget *label = g_ptr_array_index (labels, i);

      if (g_strcmp0 (gtk_widget_get_name (label), name) == 0 && gtk_widget_get_mapped (label) &&
          g_strcmp0 (gtk_label_get_label (GTK_LABEL (label)), text) == 0)
        return label;
    }
  return NULL;
}

/* Issue 26: the demo's 13B pre-training is recommended on 示例供应商 D's
 * H800 cluster, 8 GPUs a node, at 10 nodes: the pointer on that point of
 * 80 GPUs read "Recommended: 8 × H800 · …", one machine. It names the
 * nodes, the GPUs of each and all of them, 10 × 8 = 80, as the table's
 * Quote cell of that option does; the line's whole offer, 16 nodes, is
 * 16 × 8 = 128 GPUs. */
static void
test_chart_view_readout_names_machines (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_demo_project_new (&error);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  CpResultsView *results = CP_RESULTS_VIEW (cp_results_view_new ());
  CpChartView *view = cp_results_view_get_chart (results, CP_CHART_COST);
  const CpJob *job;
  const CpPlan *plan;
  const CpOption *best;
  const CpQuote *quote;
  const char *model;
  g_autofree char *name = NULL;
  g_autofree char *chosen = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *at_chosen = NULL;
  g_autofree char *at_whole = NULL;
  guint pretrain = G_MAXUINT;

  g_assert_no_error (error);
  for (guint j = 0; j < project->jobs->len; j++)
    if (g_strcmp0 (((CpJob *) g_ptr_array_index (project->jobs, j))->id, "job-pretrain13b") == 0)
      pretrain = j;
  g_assert_cmpuint (pretrain, <, project->jobs->len);
  job = g_ptr_array_index (project->jobs, pretrain);
  gtk_window_set_default_size (window, 1280, 800);
  gtk_window_set_child (window, GTK_WIDGET (results));
  gtk_window_present (window);
  cp_results_view_update (results, project, pretrain);
  cp_test_gui_wait_results (results);
  cp_results_view_show_chart (results, CP_CHART_COST);
  cp_test_gui_wait_until (has_cost_chart, view, "the cost chart");
  cp_test_gui_wait_frames (GTK_WIDGET (view), 2);

  plan = cp_results_view_get_plan (results);
  best = &g_array_index (plan->options, CpOption, plan->recommended);
  quote = g_ptr_array_index (project->quotes, best->quote_index);
  g_assert_cmpstr (quote->id, ==, "q-h800-ib");
  g_assert_cmpuint (quote->gpus_per_node, ==, 8);
  g_assert_cmpuint (quote->nodes_available, ==, 16);
  g_assert_cmpuint (best->estimate.nodes, ==, 10);
  g_assert_cmpfloat (job->deadline_days, ==, 90);

  model = cp_quote_gpu_model (quote->gpu.name);
  /* The vendor alone, its only quote, as the table names it (walk38b G13). */
  name = g_strdup (quote->vendor);
  chosen = g_strdup_printf ("10 × 8 × %s (80 GPUs)", model);
  expected = g_strdup_printf ("Recommended: %s · %s: ", chosen, name);
  at_chosen = readout_of_point (results, "示例供应商 D", 80);
  g_assert_true (g_str_has_prefix (at_chosen, expected));
  /* The point's cost is the table's for the same option. */
  {
    GListModel *options = cp_results_view_get_options (results);

    for (guint i = 0; i < g_list_model_get_n_items (options); i++)
      {
        g_autoptr(CpOptionObject) object = g_list_model_get_item (options, i);

        if (cp_option_object_get_option (object)->quote_index == best->quote_index)
          g_assert_nonnull (strstr (at_chosen, cp_option_object_get_text (object, CP_OPTION_TEXT_COST)));
      }
  }
  g_free (expected);
  expected = g_strdup_printf ("16 × 8 × %s (128 GPUs) · %s: ", model, name);
  at_whole = readout_of_point (results, "示例供应商 D", 128);
  g_assert_true (g_str_has_prefix (at_whole, expected));
  g_assert_null (strstr (at_whole, "Recommended"));

  /* The table's Quote cell of the recommended option: the same words. */
  g_assert_nonnull (named_label_reading (GTK_WIDGET (results), "quote-gpu", chosen));
  /* A single machine's cell is its GPUs: 示例供应商 B's one node of 8 A800. */
  {
    const CpQuote *single = g_ptr_array_index (project->quotes, 1);
    g_autofree char *gpus = g_strdup_printf ("8 × %s", cp_quote_gpu_model (single->gpu.name));

    g_assert_cmpstr (single->id, ==, "q-a800");
    g_assert_nonnull (named_label_reading (GTK_WIDGET (results), "quote-gpu", gpus));
  }

  gtk_window_destroy (window);
}

/* Issue 26: a cluster's line ends at its whole offer, 128 GPUs for
 * 示例供应商 F's 16 nodes of 8 Ascend 910B2, and its label there read
 * "8 × Ascend 910B2 64GB · …", one machine. It names the nodes, "16 × 8 ×
 * Ascend 910B2 64GB", then the vendor; on the window's cost chart at
 * 700 × 420 the vendor is what gives way, the machines shown whole. */
static void
test_chart_view_cluster_label_machines (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_demo_project_new (&error);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  CpResultsView *results = CP_RESULTS_VIEW (cp_results_view_new ());
  CpChartView *view = cp_results_view_get_chart (results, CP_CHART_COST);
  const CpChartData *data;
  g_autoptr(GArray) boxes = NULL;
  guint pretrain = G_MAXUINT;
  int f = -1;
  const char *machines = "16 × 8 × Ascend 910B2 64GB · ";

  g_assert_no_error (error);
  for (guint j = 0; j < project->jobs->len; j++)
    if (g_strcmp0 (((CpJob *) g_ptr_array_index (project->jobs, j))->id, "job-pretrain13b") == 0)
      pretrain = j;
  g_assert_cmpuint (pretrain, <, project->jobs->len);
  gtk_window_set_default_size (window, 1280, 800);
  gtk_window_set_child (window, GTK_WIDGET (results));
  gtk_window_present (window);
  cp_results_view_update (results, project, pretrain);
  cp_test_gui_wait_results (results);
  cp_results_view_show_chart (results, CP_CHART_COST);
  cp_test_gui_wait_until (has_cost_chart, view, "the cost chart");

  data = cp_chart_view_get_data (view);
  for (guint s = 0; s < data->series->len; s++)
    if (strstr (((CpChartSeries *) g_ptr_array_index (data->series, s))->label, "示例供应商 F") != NULL)
      f = (int) s;
  g_assert_cmpint (f, >=, 0);
  g_assert_true (g_str_has_prefix (((CpChartSeries *) g_ptr_array_index (data->series, f))->label, machines));

  {
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 700, 420);
    cairo_t *cr = cairo_create (surface);
    guint shown = 0;

    boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
    cp_chart_draw_full (cr, 700, 420, CP_CHART_STYLE_LIGHT, data, boxes);
    for (guint b = 0; b < boxes->len; b++)
      if (g_array_index (boxes, CpChartLabelBox, b).series == f)
        shown = MAX (shown, g_array_index (boxes, CpChartLabelBox, b).shown_bytes);
    /* "16 × 8 × Ascend 910B2 64GB" whole, the separator's bytes aside. */
    g_assert_cmpuint (shown, >=, strlen ("16 × 8 × Ascend 910B2 64GB"));
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
  }
  gtk_window_destroy (window);
}

static gboolean
has_memory_chart (gpointer view)
{
  const CpChartData *data = cp_chart_view_get_data (view);

  return data != NULL && data->kind == CP_CHART_MEMORY && data->series->len > 0 &&
         gtk_widget_get_width (GTK_WIDGET (view)) > 0;
}

/* Issue 26: on the memory chart of the demo's 70B full fine-tune, "This
 * job as recommended: CPU offload over 8 GPUs (GPU part)" lay across the
 * capacity lines of 640 and 768 GiB. The job's marks' labels cover no
 * line and no curve, on every job's memory chart as the window's Memory
 * tab shows it, at the view's size and at 700 × 420. */
static void
test_chart_view_job_labels_off_lines (void)
{
  static const double sizes[][2] = { { 0, 0 }, { 700, 420 } };
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_demo_project_new (&error);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  CpResultsView *results = CP_RESULTS_VIEW (cp_results_view_new ());
  CpChartView *view = cp_results_view_get_chart (results, CP_CHART_MEMORY);
  guint checked = 0;

  g_assert_no_error (error);
  gtk_window_set_default_size (window, 1280, 800);
  gtk_window_set_child (window, GTK_WIDGET (results));
  gtk_window_present (window);
  for (guint j = 0; j < project->jobs->len; j++)
    {
      const CpChartData *data;

      cp_results_view_update (results, project, j);
      cp_test_gui_wait_results (results);
      cp_results_view_show_chart (results, CP_CHART_MEMORY);
      cp_test_gui_wait_frames (GTK_WIDGET (results), 2);
      if (!has_memory_chart (view))
        continue;
      data = cp_chart_view_get_data (view);
      for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
        {
          double width = sizes[z][0] > 0 ? sizes[z][0] : gtk_widget_get_width (GTK_WIDGET (view));
          double height = sizes[z][1] > 0 ? sizes[z][1] : gtk_widget_get_height (GTK_WIDGET (view));
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) width, (int) height);
          cairo_t *cr = cairo_create (surface);
          g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));

          cp_chart_draw_full (cr, width, height, CP_CHART_STYLE_LIGHT, data, boxes);
          for (guint b = 0; b < boxes->len; b++)
            {
              const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, b);

              /* The chart's own labels: on the memory chart, the job's marks. */
              if (box->series != -1 || box->width <= 0)
                continue;
              checked++;
              for (guint s = 0; s < data->series->len; s++)
                {
                  double px = NAN, py = NAN;

                  for (guint p = 0; p < ((CpChartSeries *) g_ptr_array_index (data->series, s))->x->len; p++)
                    {
                      double x = NAN, y = NAN;

                      if (!cp_chart_locate (data, width, height, CP_CHART_STYLE_LIGHT, s, p, FALSE, &x, &y))
                        {
                          px = NAN;
                          continue;
                        }
                      if (isfinite (px) && cp_test_segment_in_box (px, py, x, y, box))
                        g_error ("job %u at %g × %g: a label of the job's marks (%.0f, %.0f, %.0f × %.0f) covers the line “%s” at (%.0f, %.0f)", j + 1, width,
                                 height, box->x, box->y, box->width, box->height, ((CpChartSeries *) g_ptr_array_index (data->series, s))->label, x, y);
                      px = x;
                      py = y;
                    }
                }
            }
          cairo_destroy (cr);
          cairo_surface_destroy (surface);
        }
    }
  /* The training jobs' marks, two on the 70B's chart. */
  g_assert_cmpuint (checked, >=, 8);
  gtk_window_destroy (window);
}

/* The days of @text, "92.0 days". */
static double
days_of (const char *text)
{
  g_assert_true (g_str_has_suffix (text, " days"));
  return g_ascii_strtod (text, NULL);
}

/* Issue 26: the table's Deadline cell said "Missed" of the 13B
 * pre-training's options that finish after its 90 days, not by how much.
 * It says by how much: the option's days in its own Days cell less the
 * job's 90. */
static void
test_chart_view_missed_by (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_demo_project_new (&error);
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  CpResultsView *results = CP_RESULTS_VIEW (cp_results_view_new ());
  GListModel *options;
  guint pretrain = G_MAXUINT, missed = 0;

  g_assert_no_error (error);
  for (guint j = 0; j < project->jobs->len; j++)
    if (g_strcmp0 (((CpJob *) g_ptr_array_index (project->jobs, j))->id, "job-pretrain13b") == 0)
      pretrain = j;
  g_assert_cmpuint (pretrain, <, project->jobs->len);
  gtk_window_set_default_size (window, 1920, 1000);
  gtk_window_set_child (window, GTK_WIDGET (results));
  gtk_window_present (window);
  cp_results_view_update (results, project, pretrain);
  cp_test_gui_wait_results (results);
  cp_test_gui_wait_frames (GTK_WIDGET (results), 2);

  options = cp_results_view_get_options (results);
  for (guint i = 0; i < g_list_model_get_n_items (options); i++)
    {
      g_autoptr(CpOptionObject) object = g_list_model_get_item (options, i);
      const CpEstimate *estimate = &cp_option_object_get_option (object)->estimate;
      const char *days = cp_option_object_get_text (object, CP_OPTION_TEXT_DAYS);
      g_autofree char *expected = NULL;

      if (!estimate->fits || estimate->meets_deadline)
        continue;
      /* "240.7 days" in the Days cell: 150.7 days late. */
      expected = g_strdup_printf ("Missed by %.1f days", days_of (days) - 90);
      g_assert_cmpstr (cp_option_object_get_text (object, CP_OPTION_TEXT_DEADLINE), ==, expected);
      g_assert_nonnull (cp_test_gui_find_with_text (GTK_WIDGET (results), expected, CP_TEST_GUI_TEXT_WHOLE));
      /* B's one A800 machine: a 226.7-day run and 14 days of debugging
       * (R4's bound), 240.7 days against 90. (G's 4 nodes, 92.0 days when
       * debugging shrank with the nodes, now take 73.8 and meet it.) */
      if (g_str_has_prefix (cp_option_object_get_text (object, CP_OPTION_TEXT_QUOTE), "示例供应商 B"))
        g_assert_cmpstr (expected, ==, "Missed by 150.7 days");
      missed++;
    }
  g_assert_cmpuint (missed, >, 0);
  gtk_window_destroy (window);
}

/* walk37b U7: the demo's 14B LoRA table read "1.2 days / 1.0–1.7" for
 * vendor A's RTX 4090 above "11.0 h / 8.9–14.1 h" for E's A100, the
 * faster option ten times slower down the column. Some option there takes
 * a day or more, so every row's Time cell and band are in days, each the
 * option's own calendar days to a tenth (or to its first figure under a
 * tenth, cp_days_decimals()). */
static void
test_table_time_one_unit (void)
{
  /* The demo's last job. */
  const guint lora = 6;
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_demo_project_new (&error);
  CpResultsView *results = CP_RESULTS_VIEW (cp_results_view_new ());
  GtkWindow *window;
  GListModel *options;
  guint in_hours = 0, checked = 0;

  g_assert_no_error (error);
  g_assert_cmpstr (((CpJob *) g_ptr_array_index (project->jobs, lora))->id, ==, "job-lora14b");
  window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_child (window, GTK_WIDGET (results));
  gtk_window_present (window);
  cp_results_view_update (results, project, lora);
  cp_test_gui_wait_results (results);

  options = cp_results_view_get_options (results);
  for (guint i = 0; i < g_list_model_get_n_items (options); i++)
    {
      g_autoptr(CpOptionObject) object = g_list_model_get_item (options, i);
      const CpOption *option = cp_option_object_get_option (object);
      const char *range = cp_option_object_get_text (object, CP_OPTION_TEXT_DAYS_RANGE);
      double days;

      if (!option->estimate.fits)
        continue;
      days = days_of (cp_option_object_get_text (object, CP_OPTION_TEXT_DAYS));
      g_assert_cmpfloat_with_epsilon (days, option->estimate.calendar_days,
                                      0.5 * pow (10, -cp_days_decimals (option->estimate.calendar_days)) + 1e-9);
      g_assert_null (strstr (range, "h"));
      in_hours += option->estimate.calendar_days < 1;
      checked++;
    }
  /* Both kinds of option are in the column: under a day and over. */
  g_assert_cmpuint (in_hours, >, 0);
  g_assert_cmpuint (in_hours, <, checked);
  gtk_window_destroy (window);
}

/* room18: a Chinese PDF's memory chart read "Q LoRA": its text context
 * placed each glyph at a whole point, as a screen's pixels want, and at
 * 8 pt the rounding showed as gaps. On paper (the report's style) the
 * glyphs of a label keep the font's own advances, fractions of a point. */
static void
test_chart_print_glyphs_unrounded (void)
{
  cairo_surface_t *surface = cairo_pdf_surface_create (NULL, 595, 842);
  cairo_t *cr = cairo_create (surface);
  PangoContext *context = cp_chart_context_new (cr, CP_CHART_STYLE_PRINT);
  g_autoptr(PangoLayout) layout = NULL;
  g_autoptr(PangoFontDescription) font = pango_font_description_from_string ("Sans 8");
  PangoLayoutIter *iter;
  gboolean fractional = FALSE;

  pango_context_set_language (context, pango_language_from_string ("zh-cn"));
  layout = pango_layout_new (context);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, "QLoRA", -1);
  iter = pango_layout_get_iter (layout);
  do
    {
      PangoLayoutRun *run = pango_layout_iter_get_run_readonly (iter);

      for (int g = 0; run != NULL && g < run->glyphs->num_glyphs; g++)
        fractional |= run->glyphs->glyphs[g].geometry.width % PANGO_SCALE != 0;
    }
  while (pango_layout_iter_next_run (iter));
  pango_layout_iter_free (iter);
  g_assert_true (fractional);

  g_clear_object (&layout);
  g_object_unref (context);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* room18: the calendar of a job shorter than a day, 0.1 days (2.4 h) of
 * run from 25 January 2027, showed its first date alone under its bar.
 * Its axis reads hours from the start on the first date's row, "25 Jan
 * 2027" in the chart's one form of a date. */
static void
test_chart_timeline_hours (void)
{
  g_autoptr(CpProject) project = cp_project_new ();
  GArray *jobs = g_array_new (FALSE, TRUE, sizeof (CpScheduleJob));
  CpScheduleJob short_job = { .after = -1, .planned = TRUE, .quote_index = 0,
                              .phase_days = { 0, 0, 0.1 }, .phase_cost = { 0, 0, 240 } };
  g_autoptr(GError) error = NULL;
  g_autoptr(CpChartData) data = NULL;
  g_autoptr(GArray) boxes = g_array_new (FALSE, FALSE, sizeof (CpChartLabelBox));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1024, 400);
  cairo_t *cr = cairo_create (surface);
  CpSchedule *schedule;
  CpJob *job = cp_job_new (CP_TASK_DEBUG);
  const CpChartLabelBox *first = NULL;
  guint hours = 0;
  GDate start;

  g_free (job->name);
  job->name = g_strdup ("Short job");
  cp_project_add_job (project, job);
  g_array_append_val (jobs, short_job);
  g_date_clear (&start, 1);
  g_date_set_dmy (&start, 25, G_DATE_JANUARY, 2027);
  schedule = cp_schedule_place (jobs, &start, &error);
  g_assert_no_error (error);
  data = cp_chart_data_new_timeline (project, schedule, "en");
  cp_chart_draw_full (cr, 1024, 400, CP_CHART_STYLE_LIGHT, data, boxes);

  for (guint i = 0; i < boxes->len && first == NULL; i++)
    if (g_array_index (boxes, CpChartLabelBox, i).shown_bytes == strlen ("25 Jan 2027"))
      first = &g_array_index (boxes, CpChartLabelBox, i);
  g_assert_nonnull (first);
  for (guint i = 0; i < boxes->len; i++)
    {
      const CpChartLabelBox *box = &g_array_index (boxes, CpChartLabelBox, i);

      if (box->y == first->y && box->shown_bytes == strlen ("1 h"))
        hours++;
    }
  /* "1 h"; "2 h" gives way to the end's label beside it. */
  g_assert_cmpuint (hours, >=, 1);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  cp_schedule_free (schedule);
}

/* Whether @view's chart is drawn and shown (a CpTestGuiCondition). */
static gboolean
chart_drawn (gpointer user_data)
{
  CpChartView *view = user_data;

  return cp_chart_view_get_data (view) != NULL && !cp_chart_view_get_drawing (view) &&
         !cp_chart_view_get_calculating (view);
}

/* walk41b F12 through the view: a price changed, the job's chart is
 * "Calculating…" and then drawn again; the new chart carries where every
 * line's label of the one shown before was (cp_chart_data_keep_
 * placements()), and draws them there where they are still clear. On
 * the demo's first job, the first quote 12.5% dearer: every label of a
 * quote whose name shows as before stays beside its point. */
static void
test_chart_view_keeps_placements (void)
{
  GtkWindow *window;
  CpChartView *view = chart_window (1280, 720, &window);
  g_autoptr(GError) error = NULL;
  g_autoptr(CpProject) project = cp_demo_project_new (&error);
  g_autoptr(CpPlan) plan = NULL;
  g_autoptr(CpSweep) sweep = NULL;
  g_autoptr(GArray) before = NULL;
  g_autoptr(GArray) after = NULL;
  const CpChartData *data;
  CpQuote *quote;
  guint line_labels = 0, kept = 0;

  g_assert_no_error (error);
  cp_test_gui_wait_until (chart_drawn, view, "the chart drawn");
  cp_test_gui_wait_frames (GTK_WIDGET (view), 2);
  before = view_label_boxes (view);

  quote = g_ptr_array_index (project->quotes, 0);
  quote->price *= 1.125;
  plan = cp_project_plan_job (project, 0);
  sweep = cp_project_sweep_job (project, 0, CP_CHART_COST_MAX_POINTS);
  cp_chart_view_set_recalculating (view);
  spin ();
  cp_chart_view_set_data (view, cp_chart_data_new_cost (project, 0, plan, sweep, "en"));
  cp_test_gui_wait_until (chart_drawn, view, "the chart drawn again");
  data = cp_chart_view_get_data (view);
  for (guint b = 0; b < before->len; b++)
    line_labels += g_array_index (before, CpChartLabelBox, b).names_point;
  g_assert_nonnull (data->placements);
  g_assert_cmpuint (data->placements->len, ==, line_labels);

  after = view_label_boxes (view);
  for (guint b = 0; b < after->len; b++)
    {
      const CpChartLabelBox *box = &g_array_index (after, CpChartLabelBox, b);
      const char *label = box->names_point ? ((CpChartSeries *) g_ptr_array_index (data->series, box->series))->label
                                           : NULL;

      for (guint p = 0; label != NULL && p < data->placements->len; p++)
        {
          const CpChartPlacement *was = g_ptr_array_index (data->placements, p);

          if (was->panel == box->panel && g_strcmp0 (was->label, label) == 0 && was->shown_bytes == box->shown_bytes)
            kept += fabs (box->x - box->anchor_x - was->dx) < 0.01 && fabs (box->y - box->anchor_y - was->dy) < 0.01;
        }
    }
  g_test_message ("%u of %u line labels kept their places", kept, line_labels);
  g_assert_cmpuint (kept, >, line_labels / 2);
  gtk_window_destroy (window);
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/chart-view/size", test_chart_view_size);
  g_test_add_func ("/chart-view/print-glyphs-unrounded", test_chart_print_glyphs_unrounded);
  g_test_add_func ("/chart-view/fits-pane", test_chart_view_fits_pane);
  g_test_add_func ("/chart-view/export", test_chart_view_export);
  g_test_add_func ("/chart-view/present", test_chart_view_present);
  g_test_add_func ("/chart-view/title-clear", test_chart_view_title_clear);
  g_test_add_func ("/chart-view/label-tooltip", test_chart_view_label_tooltip);
  g_test_add_func ("/chart-view/timeline-tab", test_chart_view_timeline_tab);
  g_test_add_func ("/chart-view/timeline-hours", test_chart_timeline_hours);
  g_test_add_func ("/chart-view/labels-clear-axes", test_chart_view_labels_clear_axes);
  g_test_add_func ("/chart-view/marker-not-hidden", test_chart_view_marker_not_hidden);
  g_test_add_func ("/chart-view/readout-names-machines", test_chart_view_readout_names_machines);
  g_test_add_func ("/chart-view/missed-by", test_chart_view_missed_by);
  g_test_add_func ("/chart-view/table-time-one-unit", test_table_time_one_unit);
  g_test_add_func ("/chart-view/cluster-label-machines", test_chart_view_cluster_label_machines);
  g_test_add_func ("/chart-view/job-labels-off-lines", test_chart_view_job_labels_off_lines);
  g_test_add_func ("/chart-view/keeps-placements", test_chart_view_keeps_placements);
  return g_test_run ();
}
